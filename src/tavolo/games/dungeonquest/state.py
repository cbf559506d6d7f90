"""DungeonQuest's game state: plain data only, cheap to clone, a JSON round trip.

Content (tiles, cards, monsters) is never copied: the board maps squares to ``Placed``
(frozen, holding a shared ``Tile``), decks are lists of card ids (the end of a list is the
top, index 0 the bottom, where resolved cards go back), the treasure cup and the dragon
pool are lists drawn at random. ``stack`` holds the resolution in progress as tuples
``(kind, hero, *args)`` (see ``rules.py``); its top decides what is asked next.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from tavolo.engine import RNG, State

from .board import Placed, Tile
from .content import default_content
from .options import Options

Square = tuple[int, int]
Held = tuple[str, str]  # (deck, card id)
Kept = tuple[str, str, int]  # a treasure card: (deck, card id, GP)


@cache
def all_tiles() -> dict[str, Tile]:
    """Every tile of the content (base and Catacombs) by id, for loading states."""
    c = default_content()
    return {t.id: t for t in c.tiles(Options(catacombs_tiles=True))}


class Hero:
    """One player's hero: where he is, his Life Points and what he carries."""

    __slots__ = (
        "cards",
        "cause",
        "entered",
        "held",
        "id",
        "life",
        "lost_turns",
        "moved",
        "pos",
        "potion",
        "prev",
        "ring",
        "ring_used",
        "ropes",
        "searched",
        "searches",
        "status",
        "treasure",
    )

    def __init__(self, hero_id: str, life: int) -> None:
        self.id = hero_id
        self.life = life
        self.pos: Square | None = None
        self.prev: Square | None = None  # the square he came from (escape, go back)
        self.entered = -1  # the side of his tile he came in by (-1: none)
        self.status = "in"  # in | escaped | dead
        self.cause = ""
        self.ring = ""
        self.ring_used = False
        self.potion: Held | None = None
        self.ropes: list[Held] = []
        self.held: list[Held] = []  # torch out, trapdoor, the spider fight
        self.cards: list[Kept] = []  # treasure cards kept
        self.treasure: list[int] = []  # treasure counters (GP)
        self.lost_turns = 0
        self.searches = 0  # consecutive searching turns on this tile (D4)
        self.searched: list[Square] = []  # once_per_room option
        self.moved = False  # has left his starting tower

    def clone(self) -> Hero:
        h = Hero.__new__(Hero)
        h.id, h.life, h.pos, h.prev, h.entered = (
            self.id,
            self.life,
            self.pos,
            self.prev,
            self.entered,
        )
        h.status, h.cause, h.ring, h.ring_used = self.status, self.cause, self.ring, self.ring_used
        h.potion, h.ropes, h.held, h.cards = self.potion, self.ropes[:], self.held[:], self.cards[:]
        h.treasure, h.lost_turns, h.searches = self.treasure[:], self.lost_turns, self.searches
        h.searched, h.moved = self.searched[:], self.moved
        return h

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for k in Hero.__slots__:
            v = getattr(self, k)
            if k in ("ropes", "held", "cards", "searched"):
                v = [list(x) for x in v]
            elif isinstance(v, tuple):
                v = list(v)
            elif isinstance(v, list):
                v = v[:]
            out[k] = v
        return out

    @staticmethod
    def from_json(d: dict[str, Any]) -> Hero:
        h = Hero.__new__(Hero)
        for k in Hero.__slots__:
            v = d[k]
            if k in ("ropes", "held", "cards", "searched"):
                v = [tuple(x) for x in v]
            elif k in ("pos", "prev", "potion"):
                v = None if v is None else tuple(v)
            elif isinstance(v, list):
                v = list(v)
            setattr(h, k, v)
        return h

    @property
    def gp(self) -> int:
        """Treasure counters and cards, in GP (asked at every heuristic leaf: no generator
        for a hero who holds no card)."""
        if self.cards:
            return sum(self.treasure) + sum([c[2] for c in self.cards])
        return sum(self.treasure)


class DQState(State):
    """Everything needed to continue a game of DungeonQuest."""

    __slots__ = (
        "active",
        "board",
        "cup",
        "decks",
        "dragon",
        "dragon_out",
        "first",
        "fresh",
        "halt",
        "heroes",
        "moves",
        "noesc",
        "opts",
        "order",
        "phase",
        "pile",
        "reason",
        "round",
        "stack",
        "turns",
    )

    opts: Options
    heroes: list[Hero]
    board: dict[Square, Placed]
    pile: list[str]
    decks: dict[str, list[str]]
    fresh: dict[str, int]  # per deck, how many top cards are still unseen, in no order
    cup: list[int]
    dragon: list[str]
    dragon_out: list[str]
    active: int
    first: int
    order: list[int]
    round: int
    turns: int
    phase: str
    stack: list[tuple[Any, ...]]
    reason: str
    halt: bool  # the turn is ending: unwind the stack to its end frame
    moves: int  # extra moves taken this turn (corridors, towers)
    noesc: bool  # no Escape this turn (secret door)

    def clone(self) -> DQState:
        c = DQState.__new__(DQState)
        c.rng = self.rng.clone()
        c._dec = self._dec
        c.opts = self.opts
        c.heroes = [h.clone() for h in self.heroes]
        c.board = dict(self.board)
        c.pile = self.pile[:]
        c.decks = {k: v[:] for k, v in self.decks.items()}
        c.fresh = dict(self.fresh)
        c.cup, c.dragon, c.dragon_out = self.cup[:], self.dragon[:], self.dragon_out[:]
        c.active, c.first, c.order = self.active, self.first, self.order[:]
        c.round, c.turns, c.phase = self.round, self.turns, self.phase
        c.stack, c.reason = self.stack[:], self.reason
        c.halt, c.moves, c.noesc = self.halt, self.moves, self.noesc
        return c

    def to_json(self) -> dict[str, Any]:
        return {
            "opts": self.opts.model_dump(),
            "heroes": [h.to_json() for h in self.heroes],
            "board": [
                [sq[0], sq[1], p.tile.id, p.heading, p.turns]
                for sq, p in sorted(self.board.items())
            ],
            "pile": self.pile[:],
            "decks": {k: v[:] for k, v in self.decks.items()},
            "fresh": dict(self.fresh),
            "cup": self.cup[:],
            "dragon": self.dragon[:],
            "dragon_out": self.dragon_out[:],
            "active": self.active,
            "first": self.first,
            "order": self.order[:],
            "round": self.round,
            "turns": self.turns,
            "phase": self.phase,
            "stack": [list(f) for f in self.stack],
            "reason": self.reason,
            "halt": self.halt,
            "moves": self.moves,
            "noesc": self.noesc,
            "rng": self.rng.to_json(),
        }

    @staticmethod
    def from_json(d: dict[str, Any]) -> DQState:
        s = DQState(RNG.from_json(d["rng"]))
        tiles = all_tiles()
        s.opts = Options(**d["opts"])
        s.heroes = [Hero.from_json(h) for h in d["heroes"]]
        s.board = {(x, y): Placed(tiles[t], hd, tu) for x, y, t, hd, tu in d["board"]}
        s.pile = list(d["pile"])
        s.decks = {k: list(v) for k, v in d["decks"].items()}
        s.fresh = dict(d["fresh"])
        s.cup, s.dragon, s.dragon_out = list(d["cup"]), list(d["dragon"]), list(d["dragon_out"])
        s.active, s.first, s.order = d["active"], d["first"], list(d["order"])
        s.round, s.turns, s.phase = d["round"], d["turns"], d["phase"]
        s.stack = [_frame(f) for f in d["stack"]]
        s.reason = d["reason"]
        s.halt, s.moves, s.noesc = d["halt"], d["moves"], d["noesc"]
        return s


def _frame(f: list[Any]) -> tuple[Any, ...]:
    return tuple(tuple(x) if isinstance(x, list) else x for x in f)
