"""Inferno 2v2's state: the 1v1 state whose two sides are the two teams.

``players[0]`` is team A's side and ``players[1]`` team B's: each holds its team's shared
field (and everything keyed by a field card: face-down cards, stat changes, spent gifts,
protections). What belongs to one seat -- hand, deck, Incinerator, the hand cards others
know, granted extra plays and attacks, a declared Chimera, the zone action -- lives in a
:class:`Seat`. Seats are A1 = 0, B1 = 1, A2 = 2, B2 = 3 (turn order), so a seat's team,
and the side its cards are on, is ``seat & 1``.

The 1v1 rules read a side's hand and deck from the side's :class:`Player`, so each side
has one of its two seats *loaded*: that seat's fields are moved into the side's Player
(``loaded[side]`` says which seat), and its :class:`Seat` object is stale until the seat
is unloaded again. The rules load the seat a step is about before running it (the
rules module, ``Mode._focus``); nothing else reads a stale Seat.

Cards are dealt without overlap, so a card id names one card of the whole table; ``owner``
maps every card a seat was dealt (and a rift card once it enters a field) to its seat.
"""

from __future__ import annotations

from typing import Any

from tavolo.engine import RNG

from ..state import EstroState, Player

SEAT_FIELDS = (
    "hand",
    "deck",
    "inc",
    "known",
    "extra_plays",
    "extra_attacks",
    "chimera_turn",
    "zone_used",
)
SEATS = 4
BARRED_ROUNDS = 3  # no attacks and no face-down plays until the end of round 3
BARRED_TURNS = SEATS * BARRED_ROUNDS
SEAT_NAMES = ("A1", "B1", "A2", "B2")
TEAM_NAMES = ("A", "B")


class Seat:
    """What one seat owns apart from its team's field (the fields of :data:`SEAT_FIELDS`)."""

    __slots__ = SEAT_FIELDS

    def __init__(self, deck: list[str]) -> None:
        self.deck = deck  # top of the deck is the end of the list
        self.hand: list[str] = []
        self.inc: list[str] = []
        self.known: frozenset[str] = frozenset()
        self.extra_plays = 0
        self.extra_attacks = 0
        self.chimera_turn = 0
        self.zone_used = False

    def clone(self) -> Seat:
        c = Seat.__new__(Seat)
        c.deck = self.deck[:]
        c.hand = self.hand[:]
        c.inc = self.inc[:]
        c.known = self.known
        c.extra_plays = self.extra_plays
        c.extra_attacks = self.extra_attacks
        c.chimera_turn = self.chimera_turn
        c.zone_used = self.zone_used
        return c

    def known_hand(self) -> list[str]:
        return sorted(self.known.intersection(self.hand)) if self.known else []


def seat_json(x: Seat | Player) -> dict[str, Any]:
    """A seat's fields as plain data (read from its Seat, or from the Player it is in)."""
    return {
        "hand": x.hand[:],
        "deck": x.deck[:],
        "incinerator": x.inc[:],
        "known": sorted(x.known),
        "extra_plays": x.extra_plays,
        "extra_attacks": x.extra_attacks,
        "chimera_turn": x.chimera_turn,
        "zone_used": x.zone_used,
    }


def seat_from_json(d: dict[str, Any]) -> Seat:
    st = Seat(list(d["deck"]))
    st.hand = list(d["hand"])
    st.inc = list(d["incinerator"])
    st.known = frozenset(d["known"])
    st.extra_plays = int(d["extra_plays"])
    st.extra_attacks = int(d["extra_attacks"])
    st.chimera_turn = int(d["chimera_turn"])
    st.zone_used = bool(d["zone_used"])
    return st


class InfernoState(EstroState):
    __slots__ = ("loaded", "owner", "seat", "seats", "zone2")

    def __init__(
        self,
        rng: RNG,
        players: list[Player],
        seats: list[Seat],
        zones: tuple[int, int],
        mode: str,
    ) -> None:
        super().__init__(rng, players, zones[0], 0, mode)
        self.zone2 = zones[1]  # the second zone in play (``zone`` is the first)
        self.seats = seats
        self.loaded = [0, 1]  # the seat loaded into each side's Player
        self.seat = 3  # the seat whose turn it is (the first turn goes to A1)
        self.active = 1  # its side: seat & 1
        # card -> seat that owns it (immutable once dealt: replaced, never changed in place)
        self.owner: dict[str, int] = {}

    @property
    def round(self) -> int:
        """A round is one turn of each of the four seats."""
        return (self.turn + 3) // 4

    def seat_of(self, q: int) -> Seat | Player:
        """Where seat ``q``'s fields are now: its team's Player if loaded, else its Seat."""
        side = q & 1
        return self.players[side] if self.loaded[side] == q else self.seats[q]

    def clone(self) -> InfernoState:
        s: InfernoState = super().clone()
        loaded = self.loaded
        s.loaded = loaded[:]
        seats = self.seats
        s.seats = [Seat.__new__(Seat) if loaded[q & 1] == q else seats[q].clone() for q in range(4)]
        s.seat, s.owner, s.zone2 = self.seat, self.owner, self.zone2
        return s

    def to_json(self) -> dict[str, Any]:
        out = super().to_json()
        out["zone2"] = self.zone2
        out["seat"] = self.seat
        out["loaded"] = self.loaded[:]
        out["seats"] = [seat_json(self.seat_of(q)) for q in range(4)]
        out["owner"] = dict(sorted(self.owner.items()))
        return out

    @staticmethod
    def from_json(d: dict[str, Any]) -> InfernoState:
        loaded = [int(x) for x in d["loaded"]]
        seats = [
            Seat.__new__(Seat) if loaded[q & 1] == q else seat_from_json(d["seats"][q])
            for q in range(4)
        ]
        s = InfernoState(
            RNG.from_json(d["rng"]),
            [Player.from_json(p) for p in d["players"]],
            seats,
            (int(d["zone"]), int(d["zone2"])),
            d["mode"],
        )
        s.loaded = loaded
        s.seat = int(d["seat"])
        s.owner = {str(k): int(v) for k, v in d["owner"].items()}
        s.load_play(d)
        return s
