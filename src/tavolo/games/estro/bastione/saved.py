"""A saved Ultimo Bastione state's own fields checked before it loads (``estro/saved.py``
checks what it shares with a 1v1 state first): the dreamers' hands, decks and synaptic
actions, the horde deck, the cells of the cards on the lanes, whose card is whose, the
markers, the bastion's quantum connections.

``BastioneState.from_json`` takes them at their word, for speed; a seat 7, a field card
with no cell or a hand list short of a dreamer would load and fail later inside a rule,
as a traceback.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..cards import chimera_parts
from ..saved import CARD, SIDE, SavedCheck, Shapes
from .mode import CQ, LAST_WAVE_CAP
from .state import DEPTHS, LANES

PHASES = (
    "horde",
    "horde_attacks",
    "horde_end",
    "dreamers_start",
    "dreamers",
    "dreamers_end",
    "battle",
    "over",
)
PER_DREAMER = ("as_left", "placed", "bonus", "chimera_turns")
DREAMER = range(max(CQ))  # (below the game's dreamers: ``check``)
# the mode's own steps (mode.py): a horde card's overrun after its attack, a dreamer's
# tactical inspiration (its choice, then the two cards drawn to keep one of), and
# Fessura's rift, which opens in the cell of the card it replaces for its dreamer
STEPS: dict[str, Shapes] = {
    "overrun": ((CARD, CARD),),
    "inspire": ((DREAMER, CARD, "choose"), (DREAMER, CARD, "keep", CARD, CARD)),
    "rift": ((SIDE, CARD, range(LANES * DEPTHS), DREAMER),),
}


def check(table: Any, data: Mapping[str, Any]) -> None:
    """Raise ``StateError`` naming the first of Ultimo Bastione's own values in ``data``
    that no ``to_json`` writes (``table``: the mode's game)."""
    ck = SavedCheck(table.name, table._known_card)
    n = ck.whole("dreamers", data["dreamers"], min(CQ), max(CQ))
    if data["phase"] not in PHASES:
        raise ck.fail("phase", data["phase"])
    ck.whole("round", data["round"], 0, LAST_WAVE_CAP)
    ck.whole("bound", data["bound"], 0, n - 1)
    ck.whole("seat", data["seat"], 0, n - 1)
    ck.whole("turns", data["turns"], 0, n)
    for key in PER_DREAMER:
        ck.numbers(key, data[key], n)
    ck.flag("engaged", data["engaged"])
    cq0 = data["cq_start"]
    if cq0 != CQ[n] or isinstance(cq0, bool):
        raise ck.fail("cq_start", cq0)
    ck.whole("cq", data["cq"], None, cq0)
    team, horde = data["players"]
    seen: set[str] = set()  # every card of the table is in one place
    for key in ("hands", "decks"):
        for k, cards in enumerate(ck.listed(key, data[key], n)):
            ck.once(f"{key}[{k}]", ck.cards(f"{key}[{k}]", cards), seen)
    for p, pl in enumerate((team, horde)):
        for pile in ("field", "incinerator"):
            ck.once(f"players[{p}].{pile}", pl.get(pile, []), seen)
    ck.once("horde_deck", ck.cards("horde_deck", data["horde_deck"]), seen)
    ck.once("rift", data.get("rift", []), seen)
    defenders, foes = team.get("field", []), horde.get("field", [])
    ck.cards("attackers", data["attackers"])  # (some may have left the lanes since)
    ck.cards("horde_attacked", data["horde_attacked"])
    pending = ck.cards("pending", data["pending"])
    ck.among("pending", pending, foes)
    cells = ck.mapping("cells", data["cells"])
    for c, x in cells.items():
        if c not in defenders and c not in foes:
            raise ck.fail("cells", c)
        ck.whole(f"cells.{c}", x, 0, LANES * DEPTHS - 1)
    for p, field in enumerate((defenders, foes)):
        for i, c in enumerate(field):  # every card on the lanes is in a cell
            if c not in cells:
                raise ck.fail(f"players[{p}].field[{i}]", c)
    home = ck.mapping("home", data["home"])
    for c, k in home.items():
        ck.card("home", c)
        ck.whole(f"home.{c}", k, 0, n - 1)
    for i, c in enumerate(defenders):  # every defender is some dreamer's
        if chimera_parts(c)[0] not in home:
            raise ck.fail(f"players[0].field[{i}]", c)
    for c, m in ck.mapping("marks", data["marks"]).items():
        if c not in defenders:
            raise ck.fail("marks", c)
        ck.whole(f"marks.{c}", m, 1)
    for i, st in enumerate(data["steps"]):
        if st[0] in ("inspire", "rift"):  # its dreamer is one of the game's
            j = 1 if st[0] == "inspire" else 4
            ck.whole(f"steps[{i}][{j}]", st[j], 0, n - 1)
        if st[0] == "inspire" and st[3] == "keep":  # the two cards drawn, in their hand
            for j in (4, 5):
                if st[j] not in data["hands"][st[1]]:
                    raise ck.fail(f"steps[{i}][{j}]", st[j])
