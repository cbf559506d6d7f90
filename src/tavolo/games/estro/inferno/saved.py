"""A saved Inferno 2v2 state's own fields checked before it loads (``estro/saved.py``
checks what it shares with a 1v1 state first): the second zone, the seat whose turn it
is, the seat loaded into each side, the four seats' cards and counts, whose card is whose.

``InfernoState.from_json`` takes them at their word, for speed; a seat 7, a loaded seat
of the other team or a field card nobody owns would load and fail later inside a rule,
as a traceback.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..cards import chimera_parts
from ..saved import N_ESTRI, SavedCheck, Shapes
from .state import SEATS

PHASES = ("play", "battle", "over")
STEPS: dict[str, Shapes] = {}  # (a 1v1 game's steps, and no others)
PILES = ("hand", "deck", "incinerator")
# a seat's fields that its side's player holds while the seat is loaded, with the value
# the player's JSON leaves out
LOADED = {
    "hand": [],
    "deck": [],
    "incinerator": [],
    "known": [],
    "extra_plays": 0,
    "extra_attacks": 0,
    "chimera_turn": 0,
    "zone_used": False,
}


def check(table: Any, data: Mapping[str, Any]) -> None:
    """Raise ``StateError`` naming the first of Inferno's own values in ``data`` that no
    ``to_json`` writes (``table``: the mode's game)."""
    ck = SavedCheck(table.name, table._known_card)
    if data["phase"] not in PHASES:
        raise ck.fail("phase", data["phase"])
    zone = ck.whole("zone", data["zone"], 0, N_ESTRI - 1)
    zone2 = ck.whole("zone2", data["zone2"], 0, N_ESTRI - 1)
    if zone2 == zone:  # two different zones are in play
        raise ck.fail("zone2", zone2)
    seat = ck.whole("seat", data["seat"], 0, SEATS - 1)
    if data["active"] != seat & 1:  # the seat whose turn it is is on the active side
        raise ck.fail("seat", seat)
    loaded = ck.listed("loaded", data["loaded"], 2)
    for side, q in enumerate(loaded):  # seats A1, B1, A2, B2: a seat's side is q & 1
        if ck.whole(f"loaded[{side}]", q, 0, SEATS - 1) & 1 != side:
            raise ck.fail(f"loaded[{side}]", q)
    players = data["players"]
    seats = ck.listed("seats", data["seats"], SEATS)
    seen: set[str] = set()  # every card of the table is in one place
    for q, raw in enumerate(seats):
        at = f"seats[{q}]"
        st = ck.mapping(at, raw)
        for key in PILES:
            cards = ck.cards(f"{at}.{key}", st[key])
            if loaded[q & 1] != q:  # (a loaded seat's cards are its side's, below)
                ck.once(f"{at}.{key}", cards, seen)
        ck.cards(f"{at}.known", st["known"])
        for key in ("extra_plays", "extra_attacks", "chimera_turn"):
            ck.whole(f"{at}.{key}", st[key])
        ck.flag(f"{at}.zone_used", st["zone_used"])
        if loaded[q & 1] == q:  # written twice: as the seat and in its side's player
            pl = players[q & 1]
            for key, empty in LOADED.items():
                if st[key] != pl.get(key, empty):
                    raise ck.fail(f"{at}.{key}", st[key])
    for p, pl in enumerate(players):
        for pile in ("hand", "deck", "field", "incinerator"):
            ck.once(f"players[{p}].{pile}", pl.get(pile, []), seen)
    ck.once("rift", data.get("rift", []), seen)
    owner = ck.mapping("owner", data["owner"])
    for c, q in owner.items():
        ck.card("owner", c)
        ck.whole(f"owner.{c}", q, 0, SEATS - 1)
    for p, pl in enumerate(players):  # every card on the table is a seat's
        for pile in ("hand", "deck", "field", "incinerator"):
            for i, c in enumerate(pl.get(pile, [])):
                if c not in owner and not all(x in owner for x in chimera_parts(c)):
                    raise ck.fail(f"players[{p}].{pile}[{i}]", c)
    for q, st in enumerate(seats):
        for key in PILES:
            for i, c in enumerate(st[key]):
                if c not in owner:
                    raise ck.fail(f"seats[{q}].{key}[{i}]", c)
    for i, step in enumerate(data["steps"]):  # a step's card loads its seat (rules.py)
        if step[0] in ("gift", "destroy", "chimera", "revive"):
            c = step[2]
            if c not in owner and chimera_parts(c)[0] not in owner:
                raise ck.fail(f"steps[{i}][2]", c)
