"""A saved Navi state's own fields checked before it loads (``estro/saved.py`` checks
what it shares with a 1v1 state first): the ships' shields and alarms, each ship's
guardians, the guardians whose gift waits, the items held, to come and used.

``NaviState.from_json`` takes them at their word, for speed; a shield list cut short or an
item no fleet has would load and fail later inside a rule, as a traceback.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..saved import SavedCheck, Shapes
from .content import Fleet
from .mode import REVEALS

SHIPS = 5
GUARDIANS = 5  # per ship
PHASES = ("play", "battle", "ships", "over")
# the ships' turn's steps (mode.py, _step_navi), and a turn's end that waits for the
# turn-end gifts before the guardians' pending gifts (_step_end)
STEPS: dict[str, Shapes] = {
    "navi": (
        ("attack",),
        ("close", frozenset(("gifts", "alarms", "check"))),
        ("reveal", range(-1, REVEALS + 1)),
    ),
    "end": ((frozenset(("discard", "gifts", "check", "pending")),),),
}


def check(table: Any, data: Mapping[str, Any]) -> None:
    """Raise ``StateError`` naming the first of Navi's own values in ``data`` that no
    ``to_json`` writes (``table``: the Navi game, whose fleet says what is known)."""
    ck = SavedCheck(table.name, table._known_card)
    fleet: Fleet = table.fleet
    if data["phase"] not in PHASES:
        raise ck.fail("phase", data["phase"])
    navi = ck.mapping("navi", data["navi"])
    for i, n in enumerate(ck.listed("navi.shields", navi["shields"], SHIPS)):
        ck.whole(f"navi.shields[{i}]", n, 0, fleet.ships[i].shields)
    ck.numbers("navi.alarm", navi["alarm"], SHIPS)
    seen: set[str] = set()
    crews = ck.listed("navi.crew", navi["crew"], SHIPS)
    for i, crew in enumerate(crews):
        if not isinstance(crew, list) or len(crew) > GUARDIANS:
            raise ck.fail(f"navi.crew[{i}]", crew)
        ck.once(f"navi.crew[{i}]", ck.cards(f"navi.crew[{i}]", crew), seen)
    pending = ck.cards("navi.pending", navi["pending"])
    ck.among("navi.pending", pending, {c for crew in crews for c in crew})
    ck.once("navi.pending", pending, set())
    for key in ("items", "item_pool", "items_used"):
        for i, x in enumerate(ck.listed(f"navi.{key}", navi[key])):
            ck.one_of(f"navi.{key}[{i}]", x, fleet.items)
    # the player's cards and the ships' were dealt without overlap: one card, one place
    table_seen: set[str] = set()
    for p, pl in enumerate(data["players"]):
        for pile in ("deck", "hand", "field", "incinerator"):
            ck.once(f"players[{p}].{pile}", pl.get(pile, []), table_seen)
    ck.once("rift", data.get("rift", []), table_seen)
