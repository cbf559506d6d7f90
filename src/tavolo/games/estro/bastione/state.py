"""Ultimo Bastione's state: the 1v1 state with the dreamers as side 0 and the horde as side 1.

``players[0]`` is the team: its field holds every defender (``home`` says whose), its
Incinerator is the one the dreamers share, and its ``hand``/``deck`` are the very lists of
one dreamer, the *bound* seat (``hands[bound]``, ``decks[bound]``), so that the 1v1 gift
rules (draw, discard, revive...) reach the right dreamer. ``players[1]`` is the horde: its
field holds the horde cards on the lanes, its Incinerator the horde cards that fell or hit
the bastion; it has no hand and no deck (``hdeck`` is the horde deck, top at the end).

Cells are numbered ``lane * 4 + depth`` (lane 0-2, depth 0-3; depth 0 is the zone next
to the bastion, depth 3 the zone where reinforcements enter); the players read them as
lane 1-3 and zone 1-4.
"""

from __future__ import annotations

from typing import Any

from tavolo.engine import RNG

from ..state import EstroState, Player

LANES = 3
DEPTHS = 4


class BastioneState(EstroState):
    __slots__ = (
        "asl",
        "attackers",
        "bonus",
        "bound",
        "cell",
        "chim",
        "cq",
        "cq0",
        "decks",
        "engaged",
        "hands",
        "hdeck",
        "hdone",
        "home",
        "marks",
        "n",
        "pending",
        "placed",
        "rnd",
        "seat",
        "turns",
    )

    def __init__(self, rng: RNG, n: int, mode: str, zone: int) -> None:
        super().__init__(rng, [Player([]), Player([])], zone, 0, mode)
        self.n = n  # dreamers
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.decks: list[list[str]] = [[] for _ in range(n)]
        self.bound = 0  # the seat whose hand and deck players[0] holds
        self.seat = 0  # the dreamer acting in the Dreamer phase
        self.turns = 0  # individual turns taken in this Dreamer phase
        self.asl = [0] * n  # synaptic actions left this phase
        self.placed = [0] * n  # cards each dreamer played this phase (Dissonanza Minore)
        self.bonus = [0] * n  # synaptic actions banked for the dreamer's next turn
        self.chim = [0] * n  # Chimera META mode: the turn each dreamer declared on
        self.engaged = False  # the acting dreamer must still attack (mandatory engagement)
        self.attackers: set[str] = set()  # defenders that attacked in this Dreamer phase
        self.hdone: set[str] = set()  # horde cards that attacked in this horde phase
        self.cq = self.cq0 = 0  # the bastion's quantum connections
        self.hdeck: list[str] = []
        self.cell: dict[str, int] = {}  # every field card (both sides) -> its cell
        # every dreamer card -> its dreamer: dealt to them, or last put on the field or in
        # the hand by them (replaced, never changed in place: shared by clones)
        self.home: dict[str, int] = {}
        self.marks: dict[str, int] = {}  # defenders -> +5 TOT markers (tactical inspiration)
        self.pending: tuple[str, ...] = ()  # horde cards whose once-gift waits for a play
        self.rnd = 0

    @property
    def round(self) -> int:
        return self.rnd

    def bind(self, k: int) -> None:
        """Let the 1v1 rules see dreamer ``k``'s hand and deck as the team's."""
        pl = self.players[0]
        pl.hand = self.hands[k]
        pl.deck = self.decks[k]
        self.bound = k

    def clone(self) -> BastioneState:
        s: BastioneState = super().clone()
        s.n = self.n
        s.hands = [h[:] for h in self.hands]
        s.decks = [d[:] for d in self.decks]
        s.bind(self.bound)
        s.seat, s.turns = self.seat, self.turns
        s.asl, s.placed, s.bonus, s.chim = self.asl[:], self.placed[:], self.bonus[:], self.chim[:]
        s.engaged = self.engaged
        s.attackers = set(self.attackers)
        s.hdone = set(self.hdone)
        s.cq, s.cq0 = self.cq, self.cq0
        s.hdeck = self.hdeck[:]
        s.cell = dict(self.cell)
        s.home = self.home  # replaced, never changed in place
        s.marks = dict(self.marks) if self.marks else {}
        s.pending = self.pending
        s.rnd = self.rnd
        return s

    def to_json(self) -> dict[str, Any]:
        out = super().to_json()
        team = out["players"][0]
        del team["hand"], team["deck"]  # they are the bound dreamer's, written below
        out.update(
            {
                "dreamers": self.n,
                "round": self.rnd,
                "hands": [h[:] for h in self.hands],
                "decks": [d[:] for d in self.decks],
                "bound": self.bound,
                "seat": self.seat,
                "turns": self.turns,
                "as_left": self.asl[:],
                "placed": self.placed[:],
                "bonus": self.bonus[:],
                "chimera_turns": self.chim[:],
                "engaged": self.engaged,
                "attackers": sorted(self.attackers),
                "horde_attacked": sorted(self.hdone),
                "cq": self.cq,
                "cq_start": self.cq0,
                "horde_deck": self.hdeck[:],
                "cells": dict(sorted(self.cell.items())),
                "home": dict(sorted(self.home.items())),
                "marks": dict(sorted(self.marks.items())),
                "pending": list(self.pending),
            }
        )
        return out

    @staticmethod
    def from_json(d: dict[str, Any]) -> BastioneState:
        s = BastioneState(RNG.from_json(d["rng"]), int(d["dreamers"]), d["mode"], d["zone"])
        players = []
        for raw in d["players"]:
            raw = dict(raw)
            raw.setdefault("hand", [])
            raw.setdefault("deck", [])
            players.append(Player.from_json(raw))
        s.players = players
        s.load_play(d)
        s.rnd = int(d["round"])
        s.hands = [list(h) for h in d["hands"]]
        s.decks = [list(x) for x in d["decks"]]
        s.bind(int(d["bound"]))
        s.seat, s.turns = int(d["seat"]), int(d["turns"])
        s.asl = [int(x) for x in d["as_left"]]
        s.placed = [int(x) for x in d["placed"]]
        s.bonus = [int(x) for x in d["bonus"]]
        s.chim = [int(x) for x in d["chimera_turns"]]
        s.engaged = bool(d["engaged"])
        s.attackers = set(d["attackers"])
        s.hdone = set(d["horde_attacked"])
        s.cq, s.cq0 = int(d["cq"]), int(d["cq_start"])
        s.hdeck = list(d["horde_deck"])
        s.cell = {str(k): int(v) for k, v in d["cells"].items()}
        s.home = {str(k): int(v) for k, v in d["home"].items()}
        s.marks = {str(k): int(v) for k, v in d["marks"].items()}
        s.pending = tuple(d["pending"])
        return s
