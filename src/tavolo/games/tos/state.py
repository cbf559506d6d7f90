"""A TOS fight as plain data: card numbers (1-8), ints and lists.

The hero (its 8 two-halved cards) is shared content: the state holds a reference and
the key it was made from (``hero_src``), never a copy. ``up[c - 1]`` says which half of
card ``c`` is upright (0 top, 1 bottom). Piles list card numbers; the Discard Deck's
bottom is index 0, because hero cards are always drawn from the bottom (T-1) and
discarded on top.
"""

from __future__ import annotations

from typing import Any

from tavolo.engine import RNG, State

from .schema import Enemy, Hero

Step = tuple[Any, ...]


class TosState(State):
    __slots__ = (
        "act",
        "activated",
        "adv",
        "adv_src",
        "attack",
        "charge",
        "column",
        "count",
        "defense",
        "discard",
        "enemy",
        "enemy_index",
        "extra",
        "fight",
        "fights",
        "flags",
        "flee",
        "foe",
        "grid",
        "hand",
        "hero",
        "hero_src",
        "infuse",
        "items",
        "level",
        "mana",
        "marks",
        "mode",
        "pawn",
        "phase",
        "reading",
        "reason",
        "removed",
        "restarts",
        "result",
        "snapshot",
        "steps",
        "strain",
        "table",
        "ticks",
        "turn",
        "unknown",
        "up",
    )

    def __init__(self, rng: RNG, hero: Hero, hero_src: list[Any], mode: str) -> None:
        super().__init__(rng)
        self.hero = hero
        self.hero_src = hero_src  # how to rebuild the hero: ["seed", s, class] or ["file", n]
        self.mode = mode
        self.up = [0] * 8  # upright half per card: 0 top (one-tip banner), 1 bottom
        self.discard: list[int] = []  # bottom first
        self.unknown = 0  # bottom cards of the Discard Deck in an order no one has seen
        self.hand: list[int] = []
        self.removed: list[int] = []
        self.attack = 0
        self.defense = 0
        self.level = 2
        self.mana = 0
        # the turn's layout (T-5): Opening + Add column, Charge row, Infuse row, Strain row
        self.column: list[int] = []  # the Opening card first, then the Add cards
        self.charge: list[int] = []
        self.infuse: list[int] = []  # in the order played (the first is next to the Opening)
        self.strain: list[int] = []
        self.act: tuple[int, int] | None = None  # next activable ability: (column slot, index)
        self.activated: list[tuple[int, int]] = []  # (card, ability index), in order
        self.flags: dict[str, Any] = {}  # turn-long marks: ignore_modifier
        self.snapshot: dict[str, Any] | None = None  # the turn's start, for a restart
        self.restarts = 0
        self.ticks: dict[str, int] = {}  # pencil marks on the hero's tick bars
        # the fight
        self.fights: list[Enemy] = []  # the enemies of this game, in order
        self.enemy_index = 0
        self.enemy: Enemy | None = None
        self.fight = 0  # fights started
        self.turn = 0  # combat turns of the current fight
        self.phase = "setup"  # open | plan | exhaust | execute | over
        self.steps: list[Step] = []
        self.result: tuple[float, ...] | None = None
        self.reason = ""
        # the adventure (world and dungeon modes); see tavolo.games.tos.adventure.play
        self.adv: Any = None  # the WorldAdventure or DungeonAdventure, shared content
        self.adv_src: list[Any] | None = None  # how to rebuild it: ["seed", s, kind]
        self.grid: list[int] = []  # world: the card in each of the 9 cells, 0 for none
        self.table: list[int] = []  # per card: world 0/1 upright half, dungeon 0-3
        # orientation; -1 removed (world) or in the deck (dungeon); -2 picked by the hero
        self.pawn: tuple[int, int] = (0, 0)  # world: (cell, 0); dungeon: map cell (x, y)
        self.marks: list[int] = []  # "For 1 time" tokens: world cards, dungeon entries
        self.items: list[str] = []  # dungeon: what the hero carries
        self.reading: list[tuple[str, str, int]] = []  # (source, branch, next line)
        self.extra = 0  # the hero card whose copy the hero picked as card 9 (0: none)
        self.foe: tuple[str, int, int] | None = None  # dungeon: the enemy's room and cell
        self.flee = False  # this fight may be abandoned (stop fight)
        self.count: dict[str, int] = {}  # moves, fights, ... for metrics

    def clone(self) -> TosState:
        s = TosState.__new__(TosState)
        s.rng = self.rng.clone()
        s._dec = self._dec
        s.hero, s.hero_src, s.mode = self.hero, self.hero_src, self.mode
        s.up = self.up[:]
        s.discard, s.unknown = self.discard[:], self.unknown
        s.hand, s.removed = self.hand[:], self.removed[:]
        s.attack, s.defense, s.level, s.mana = self.attack, self.defense, self.level, self.mana
        s.column, s.charge = self.column[:], self.charge[:]
        s.infuse, s.strain = self.infuse[:], self.strain[:]
        s.act, s.activated = self.act, self.activated[:]
        s.flags = dict(self.flags) if self.flags else {}
        s.snapshot = self.snapshot  # never mutated, only replaced
        s.restarts = self.restarts
        s.ticks = dict(self.ticks)
        s.fights, s.enemy_index, s.enemy = self.fights, self.enemy_index, self.enemy
        s.fight, s.turn, s.phase = self.fight, self.turn, self.phase
        s.steps = self.steps[:]
        s.result, s.reason = self.result, self.reason
        s.adv, s.adv_src = self.adv, self.adv_src
        if self.adv_src is not None:
            s.grid, s.table = self.grid[:], self.table[:]
            s.pawn, s.marks, s.items = self.pawn, self.marks[:], self.items[:]
            s.reading, s.extra, s.foe = self.reading[:], self.extra, self.foe
            s.flee, s.count = self.flee, dict(self.count)
        else:
            s.grid, s.table, s.pawn, s.marks, s.items = [], [], (0, 0), [], []
            s.reading, s.extra, s.foe, s.flee, s.count = [], 0, None, False, {}
        return s

    def in_play(self) -> list[int]:
        """T-17: every hero card placed this turn, Strain cards excluded."""
        return self.column + self.charge + self.infuse

    def to_json(self) -> dict[str, Any]:
        out = self._fight_json()
        if self.adv_src is not None:
            out["adventure"] = {
                "src": list(self.adv_src),
                "grid": self.grid[:],
                "table": self.table[:],
                "pawn": list(self.pawn),
                "marks": self.marks[:],
                "items": self.items[:],
                "reading": [list(f) for f in self.reading],
                "extra": self.extra,
                "foe": None if self.foe is None else list(self.foe),
                "flee": self.flee,
                "count": dict(sorted(self.count.items())),
            }
        return out

    def _fight_json(self) -> dict[str, Any]:
        return {
            "rng": self.rng.to_json(),
            "hero": list(self.hero_src),
            "mode": self.mode,
            "up": self.up[:],
            "discard": self.discard[:],
            "unknown": self.unknown,
            "hand": self.hand[:],
            "removed": self.removed[:],
            "attack": self.attack,
            "defense": self.defense,
            "level": self.level,
            "mana": self.mana,
            "column": self.column[:],
            "charge": self.charge[:],
            "infuse": self.infuse[:],
            "strain": self.strain[:],
            "act": None if self.act is None else list(self.act),
            "activated": [list(a) for a in self.activated],
            "flags": dict(sorted(self.flags.items())),
            "snapshot": self.snapshot,
            "restarts": self.restarts,
            "ticks": dict(sorted(self.ticks.items())),
            "fights": [e.model_dump(mode="json", exclude_defaults=True) for e in self.fights],
            "enemy_index": self.enemy_index,
            "fight": self.fight,
            "turn": self.turn,
            "phase": self.phase,
            "steps": [list(st) for st in self.steps],
            "result": None if self.result is None else list(self.result),
            "reason": self.reason,
        }

    @staticmethod
    def from_json(d: dict[str, Any], hero: Hero) -> TosState:
        s = TosState(RNG.from_json(d["rng"]), hero, list(d["hero"]), d["mode"])
        s.up = list(d["up"])
        s.discard, s.unknown = list(d["discard"]), int(d["unknown"])
        s.hand, s.removed = list(d["hand"]), list(d["removed"])
        s.attack, s.defense, s.level, s.mana = d["attack"], d["defense"], d["level"], d["mana"]
        s.column, s.charge = list(d["column"]), list(d["charge"])
        s.infuse, s.strain = list(d["infuse"]), list(d["strain"])
        s.act = None if d["act"] is None else (int(d["act"][0]), int(d["act"][1]))
        s.activated = [(int(a), int(b)) for a, b in d["activated"]]
        s.flags = dict(d["flags"])
        s.snapshot = d["snapshot"]
        s.restarts = int(d["restarts"])
        s.ticks = {str(k): int(v) for k, v in d["ticks"].items()}
        s.fights = [Enemy.model_validate(e) for e in d["fights"]]
        s.enemy_index = int(d["enemy_index"])
        s.enemy = s.fights[s.enemy_index] if s.enemy_index < len(s.fights) else None
        s.fight, s.turn, s.phase = d["fight"], d["turn"], d["phase"]
        s.steps = [tuple(st) for st in d["steps"]]
        s.result = None if d["result"] is None else tuple(d["result"])
        s.reason = d["reason"]
        a = d.get("adventure")
        if a is not None:
            s.adv_src = list(a["src"])
            s.grid, s.table = [int(x) for x in a["grid"]], [int(x) for x in a["table"]]
            s.pawn = (int(a["pawn"][0]), int(a["pawn"][1]))
            s.marks, s.items = [int(x) for x in a["marks"]], [str(x) for x in a["items"]]
            s.reading = [(str(x), str(y), int(z)) for x, y, z in a["reading"]]
            s.extra = int(a["extra"])
            f = a["foe"]
            s.foe = None if f is None else (str(f[0]), int(f[1]), int(f[2]))
            s.flee, s.count = bool(a["flee"]), {str(k): int(v) for k, v in a["count"].items()}
            if s.phase == "explore":
                s.enemy = None
        return s
