"""The state of the single player mode: the 1v1 state (side 0 the player, side 1 the
ships' guardians) plus the five ships, the guardians' ships and the items.

``crew`` and ``ship_of`` never change during a game (a determinization builds new ones),
and the tuples are immutable, so clones share them.
"""

from __future__ import annotations

from typing import Any

from tavolo.engine import RNG

from ..state import Battle, EstroState, Player


class NaviState(EstroState):
    __slots__ = ("alarm", "crew", "held", "pending", "pool", "shields", "ship_of", "used")

    def __init__(self, rng: RNG, players: list[Player], zone: int, first: int, mode: str) -> None:
        super().__init__(rng, players, zone, first, mode)
        self.shields: list[int] = []  # per ship (estro order); 0: destroyed
        self.alarm: list[int] = []  # per ship: turns left on its countdown, 0: not running
        self.crew: tuple[tuple[str, ...], ...] = ()  # each ship's five guardians, as dealt
        self.ship_of: dict[str, int] = {}  # guardian -> ship (shared, never changed)
        self.pending: tuple[str, ...] = ()  # revealed guardians whose gift waits
        self.held: tuple[str, ...] = ()  # the player's items
        self.pool: tuple[str, ...] = ()  # items not yet received
        self.used: tuple[str, ...] = ()  # items used

    def clone(self) -> NaviState:
        s: NaviState = super().clone()
        s.shields = self.shields[:]
        s.alarm = self.alarm[:]
        s.crew, s.ship_of = self.crew, self.ship_of
        s.pending, s.held, s.pool, s.used = self.pending, self.held, self.pool, self.used
        return s

    def to_json(self) -> dict[str, Any]:
        out = super().to_json()
        out["navi"] = {
            "shields": self.shields[:],
            "alarm": self.alarm[:],
            "crew": [list(c) for c in self.crew],
            "pending": list(self.pending),
            "items": list(self.held),
            "item_pool": list(self.pool),
            "items_used": list(self.used),
        }
        return out

    @staticmethod
    def from_json(d: dict[str, Any]) -> NaviState:
        base = EstroState.from_json(d)
        s = NaviState.__new__(NaviState)
        for k in ("rng", "_dec", *EstroState.__slots__):
            setattr(s, k, getattr(base, k))
        n = d["navi"]
        s.shields = [int(x) for x in n["shields"]]
        s.alarm = [int(x) for x in n["alarm"]]
        s.crew = tuple(tuple(c) for c in n["crew"])
        s.ship_of = {c: i for i, cs in enumerate(s.crew) for c in cs}
        s.pending = tuple(n["pending"])
        s.held = tuple(n["items"])
        s.pool = tuple(n["item_pool"])
        s.used = tuple(n["items_used"])
        return s


__all__ = ["Battle", "NaviState", "Player"]
