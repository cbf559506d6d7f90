"""Estro's game state as plain data: card ids (strings), ints, lists, sets and dicts.

Cards are named by their content id; both players may own a card of the same id,
so a card on the table is always addressed by (player, id). Static card data lives
in the shared collection and is never copied into a state.
"""

from __future__ import annotations

from typing import Any

from tavolo.engine import RNG
from tavolo.engine.game import State

Step = tuple[Any, ...]

# Mode flags, one int on the state (set once from the mode name) so that a rule of a mode
# costs one bit test where it applies; the Chimera META mode keeps its own name test.
STRATEGA, NECRO, QUADRANTE, MNEMONICA, CHIMERA, FESSURA, IMBOSCATA, SOGNO, ZONA = (
    1 << i for i in range(9)
)
_FLAGS = {
    "stratega": STRATEGA,
    "necrotoken": NECRO,
    "quadrante": QUADRANTE,
    "mnemonica": MNEMONICA,
    "chimera": CHIMERA,
    "fessura": FESSURA,
    "imboscata": IMBOSCATA,
    "sogno_lucido": SOGNO,
    "zona_conquista": ZONA,
}
NECRO_MAX = 3


def mode_flags(mode: str) -> int:
    """The flag bits of a normal mode name such as ``necrotoken+fessura``."""
    out = 0
    for part in mode.split("+"):
        out |= _FLAGS.get(part, 0)
    return out


class Player:
    __slots__ = (
        "attached",
        "chimera_turn",
        "deck",
        "down",
        "estro",
        "extra_attacks",
        "extra_plays",
        "field",
        "hand",
        "inc",
        "inhibited",
        "known",
        "mods",
        "necro",
        "rest",
        "shield",
        "spent",
        "summoned",
        "zone_used",
        "zones",
        "zused",
    )

    def __init__(self, deck: list[str]) -> None:
        self.deck = deck  # top of the deck is the end of the list
        self.hand: list[str] = []
        self.field: list[str] = []  # in the order the cards entered
        self.inc: list[str] = []  # the Incinerator; top is the end
        self.down: set[str] = set()  # field cards that are face down
        self.mods: dict[str, tuple[int, int, int, int, int]] = {}  # lasting stat changes
        self.estro: dict[str, int] = {}  # estro changed by a gift or a zone
        self.spent: set[str] = set()  # cards whose once-gift has been resolved
        self.shield: dict[str, int] = {}  # protected from destruction up to this turn
        self.summoned: set[str] = set()  # field cards that entered through a gift
        self.zone_used = False
        self.extra_plays = 0  # granted for the owner's next turn
        self.extra_attacks = 0
        self.chimera_turn = 0  # the turn a Chimera was declared on (META mode), 0: none
        self.necro = 0  # necrotokens (Necrotoken mode)
        # cards whose gift is inhibited for the rest of the game (immutable: shared by clones)
        self.inhibited: frozenset[str] = frozenset()
        # (card, turn): that card may not attack in that turn (Imboscata Illusoria)
        self.rest: tuple[tuple[str, int], ...] = ()
        # (Armonio, Granito): supports attached to a Granito (Sogno Lucido)
        self.attached: tuple[tuple[str, str], ...] = ()
        # Zona di Conquista: card -> the zone it was laid in, in the order laid (replaced,
        # never changed in place: shared by clones), and the zones whose action was used
        self.zones: dict[str, int] = {}
        self.zused = 0
        # hand cards the opponent has seen enter the hand (back from a public zone); only
        # those still in the hand count (immutable: shared by clones)
        self.known: frozenset[str] = frozenset()

    def show_in_hand(self, x: str) -> None:
        """``x`` came back to the hand from a public zone: the opponent knows it is there."""
        hand = self.hand
        self.known = frozenset([*(c for c in self.known if c in hand), x])

    def known_hand(self) -> list[str]:
        """The hand cards the opponent knows, in a fixed order."""
        return sorted(self.known.intersection(self.hand)) if self.known else []

    def clone(self) -> Player:
        p = Player.__new__(Player)
        p.deck = self.deck[:]
        p.hand = self.hand[:]
        p.field = self.field[:]
        p.inc = self.inc[:]
        p.down = set(self.down)
        p.mods = dict(self.mods)
        p.estro = dict(self.estro)
        p.spent = set(self.spent)
        p.shield = dict(self.shield)
        p.summoned = set(self.summoned)
        p.zone_used = self.zone_used
        p.extra_plays = self.extra_plays
        p.extra_attacks = self.extra_attacks
        p.chimera_turn = self.chimera_turn
        p.necro = self.necro
        p.inhibited = self.inhibited
        p.rest = self.rest
        p.attached = self.attached
        p.zones = self.zones
        p.zused = self.zused
        p.known = self.known
        return p

    def to_json(self) -> dict[str, Any]:
        return {
            "deck": self.deck[:],
            "hand": self.hand[:],
            "field": self.field[:],
            "incinerator": self.inc[:],
            "face_down": sorted(self.down),
            "mods": {k: list(v) for k, v in sorted(self.mods.items())},
            "estro": dict(sorted(self.estro.items())),
            "spent": sorted(self.spent),
            "shield": dict(sorted(self.shield.items())),
            "summoned": sorted(self.summoned),
            "zone_used": self.zone_used,
            "extra_plays": self.extra_plays,
            "extra_attacks": self.extra_attacks,
            "chimera_turn": self.chimera_turn,
            **self._mode_json(),
        }

    def _mode_json(self) -> dict[str, Any]:
        """Mode-only fields, written only when set (a standard game's JSON is unchanged)."""
        out: dict[str, Any] = {}
        if self.necro:
            out["necrotokens"] = self.necro
        if self.inhibited:
            out["inhibited"] = sorted(self.inhibited)
        if self.rest:
            out["rest"] = [list(r) for r in self.rest]
        if self.attached:
            out["attached"] = [list(r) for r in self.attached]
        if self.zones:
            out["zones"] = [[c, z] for c, z in self.zones.items()]
        if self.zused:
            out["zones_used"] = self.zused
        if self.known:
            out["known"] = sorted(self.known)
        return out

    @staticmethod
    def from_json(d: dict[str, Any]) -> Player:
        p = Player(list(d["deck"]))
        p.hand = list(d["hand"])
        p.field = list(d["field"])
        p.inc = list(d["incinerator"])
        p.down = set(d.get("face_down", ()))
        p.mods = {k: tuple(v) for k, v in d.get("mods", {}).items()}
        p.estro = {k: int(v) for k, v in d.get("estro", {}).items()}
        p.spent = set(d.get("spent", ()))
        p.shield = {k: int(v) for k, v in d.get("shield", {}).items()}
        p.summoned = set(d.get("summoned", ()))
        p.zone_used = bool(d.get("zone_used", False))
        p.extra_plays = int(d.get("extra_plays", 0))
        p.extra_attacks = int(d.get("extra_attacks", 0))
        p.chimera_turn = int(d.get("chimera_turn", 0))
        p.necro = int(d.get("necrotokens", 0))
        p.inhibited = frozenset(d.get("inhibited", ()))
        p.rest = tuple((str(c), int(n)) for c, n in d.get("rest", ()))
        p.attached = tuple((str(a), str(g)) for a, g in d.get("attached", ()))
        p.zones = {str(c): int(z) for c, z in d.get("zones", ())}
        p.zused = int(d.get("zones_used", 0))
        p.known = frozenset(d.get("known", ()))
        return p


class Battle:
    """The attack being resolved: who, the dice, and the battle-only changes."""

    __slots__ = (
        "a",
        "adelta",
        "adie",
        "amul",
        "ap",
        "d",
        "ddelta",
        "ddie",
        "dmul",
        "rule",
        "zoned",
    )

    def __init__(self, ap: int, a: str, d: str) -> None:
        self.ap = ap  # the attacking player
        self.a = a
        self.d = d
        self.adelta = [0, 0, 0, 0, 0]
        self.ddelta = [0, 0, 0, 0, 0]
        self.amul = [1, 1, 1, 1, 1]
        self.dmul = [1, 1, 1, 1, 1]
        self.adie: int | None = None
        self.ddie: int | None = None
        self.rule = ""  # the verdict once judged
        self.zoned = False  # a zone action was used during this attack

    def clone(self) -> Battle:
        b = Battle.__new__(Battle)
        b.ap, b.a, b.d = self.ap, self.a, self.d
        b.adelta, b.ddelta = self.adelta[:], self.ddelta[:]
        b.amul, b.dmul = self.amul[:], self.dmul[:]
        b.adie, b.ddie, b.rule, b.zoned = self.adie, self.ddie, self.rule, self.zoned
        return b

    def to_json(self) -> dict[str, Any]:
        return {
            s: (v[:] if isinstance(v, list) else v)
            for s in self.__slots__
            for v in (getattr(self, s),)
        }

    @staticmethod
    def from_json(d: dict[str, Any]) -> Battle:
        b = Battle(d["ap"], d["a"], d["d"])
        for s in Battle.__slots__:
            v = d[s]
            setattr(b, s, v[:] if isinstance(v, list) else v)
        return b


class EstroState(State):
    __slots__ = (
        "active",
        "attacked",
        "attacks",
        "battle",
        "dial",
        "first",
        "flags",
        "mf",
        "mode",
        "phase",
        "played",
        "players",
        "plays",
        "reason",
        "result",
        "rift",
        "rift_born",
        "rift_turn",
        "steps",
        "turn",
        "zone",
    )

    def __init__(self, rng: RNG, players: list[Player], zone: int, first: int, mode: str) -> None:
        super().__init__(rng)
        self.players = players
        self.zone = zone  # the estro index of the zone in play
        self.first = first
        self.mode = mode
        self.mf = mode_flags(mode)
        # Fessura Dimensionale: the shared hidden deck (top is the end), the cards that
        # started in it, and the last turn the rift was opened (immutable: shared by clones)
        self.rift: tuple[str, ...] = ()
        self.rift_born: frozenset[str] = frozenset()
        self.rift_turn = 0
        self.dial: tuple[Any, ...] = ()  # Quadrante dell'Oblio: the last spin (sector, ...)
        self.turn = 0  # turns so far; round = (turn + 1) // 2
        self.active = first
        self.phase = "setup"  # play | battle | over
        self.plays = 0  # plays still allowed this turn
        self.played = 0  # plays made this turn (the first one is mandatory)
        self.attacks = 0  # attacks still allowed this turn
        self.attacked: set[str] = set()  # the active player's cards that attacked
        self.steps: list[Step] = []  # the resolution stack (engine.steps)
        self.battle: Battle | None = None
        self.flags: dict[str, Any] = {}  # short-lived signals between steps
        self.result: tuple[float, ...] | None = None
        self.reason = ""

    @property
    def round(self) -> int:
        return (self.turn + 1) // 2

    def clone(self) -> Any:
        """A copy; a table mode's state (game.py) calls this, then copies its own fields."""
        s = self.__class__.__new__(self.__class__)
        s.rng = self.rng.clone()
        s._dec = self._dec
        s.players = [p.clone() for p in self.players]
        s.zone, s.first, s.mode, s.mf = self.zone, self.first, self.mode, self.mf
        s.rift, s.rift_born, s.rift_turn, s.dial = (
            self.rift,
            self.rift_born,
            self.rift_turn,
            self.dial,
        )
        s.turn, s.active, s.phase = self.turn, self.active, self.phase
        s.plays, s.played, s.attacks = self.plays, self.played, self.attacks
        s.attacked = set(self.attacked)
        s.steps = self.steps[:]
        s.battle = None if self.battle is None else self.battle.clone()
        s.flags = dict(self.flags) if self.flags else {}
        s.result, s.reason = self.result, self.reason
        return s

    def to_json(self) -> dict[str, Any]:
        return {
            "rng": self.rng.to_json(),
            "mode": self.mode,
            "zone": self.zone,
            "first": self.first,
            "turn": self.turn,
            "round": self.round,
            "active": self.active,
            "phase": self.phase,
            "plays": self.plays,
            "played": self.played,
            "attacks": self.attacks,
            "attacked": sorted(self.attacked),
            "players": [p.to_json() for p in self.players],
            "steps": [list(st) for st in self.steps],
            "battle": None if self.battle is None else self.battle.to_json(),
            "flags": dict(sorted(self.flags.items())),
            "result": None if self.result is None else list(self.result),
            "reason": self.reason,
            **self._mode_json(),
        }

    def _mode_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.mf & FESSURA:
            out["rift"] = list(self.rift)
            out["rift_born"] = sorted(self.rift_born)
            out["rift_turn"] = self.rift_turn
        if self.dial:
            out["dial"] = list(self.dial)
        return out

    @staticmethod
    def from_json(d: dict[str, Any]) -> EstroState:
        s = EstroState(
            RNG.from_json(d["rng"]),
            [Player.from_json(p) for p in d["players"]],
            d["zone"],
            d["first"],
            d["mode"],
        )
        s.load_play(d)
        return s

    def load_play(self, d: dict[str, Any]) -> None:
        """The turn, the steps in progress, the result and the META modes' fields from
        ``to_json`` data (a table mode's ``from_json`` calls it too)."""
        self.turn, self.active, self.phase = d["turn"], d["active"], d["phase"]
        self.plays, self.played, self.attacks = d["plays"], d["played"], d["attacks"]
        self.attacked = set(d["attacked"])
        self.steps = [tuple(st) for st in d["steps"]]
        self.battle = None if d["battle"] is None else Battle.from_json(d["battle"])
        self.flags = dict(d.get("flags", {}))
        self.result = None if d["result"] is None else tuple(d["result"])
        self.reason = d["reason"]
        self.rift = tuple(d.get("rift", ()))
        self.rift_born = frozenset(d.get("rift_born", ()))
        self.rift_turn = int(d.get("rift_turn", 0))
        self.dial = tuple(d.get("dial", ()))
