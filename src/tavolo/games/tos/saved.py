"""A TOS state's JSON checked value by value before it is loaded (``from_json``).

``TosState.from_json`` takes what ``to_json`` wrote at its word; data written by hand or
cut short (a card 12, a card twice in the piles, a level 'x', an enemy index past the
fights, a mode no game has) would load and fail later, inside a rule, as a traceback.
Here each value is checked first and the first wrong one is named in one line.
Not checked yet: the arguments of the pending steps after their kind, the turn's
``flags`` beyond being a mapping, the enemies beyond their own schema.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from pydantic import ValidationError

from tavolo.engine.errors import TavoloError
from tavolo.engine.saved import ValueCheck

from . import generator
from .rules import MAX_LEVEL
from .schema import CLASSES, Enemy

PILES = ("hand", "discard", "removed", "column", "charge", "infuse", "strain")
PHASES = ("setup", "open", "plan", "exhaust", "execute", "over", "explore")
ADVENTURES = ("world", "dungeon")


class _Check(ValueCheck):
    def get(self, field: str, data: Mapping[str, Any], key: str) -> Any:
        if key not in data:  # the engine's one line for a missing key
            raise KeyError(key)
        return data[key]

    def counts(self, field: str, value: Any) -> None:
        for k, v in self.mapping(field, value).items():
            self.whole(f"{field}[{k!r}]", v)

    def cards(self, field: str, value: Any, last: int) -> list[int]:
        return [
            self.whole(f"{field}[{i}]", c, 1, last) for i, c in enumerate(self.listed(field, value))
        ]


def check_saved(
    game: str,
    data: Mapping[str, Any],
    modes: Collection[str],
    heroes: Collection[str],
    steps: Collection[str],
) -> None:
    """Raise ``StateError`` naming the first value of ``data`` that no ``to_json`` writes:
    ``modes`` the game's modes, ``heroes`` the hero files, ``steps`` the step kinds."""
    ck = _Check(game)
    if not isinstance(data, Mapping):
        raise ck.fail("state", data)
    d = data
    ck.mapping("rng", ck.get("rng", d, "rng"))
    mode = ck.one_of("mode", ck.get("mode", d, "mode"), modes)
    _hero(ck, ck.get("hero", d, "hero"), heroes)
    a = d.get("adventure")
    if (a is None) == (mode in ADVENTURES):
        raise ck.fail("adventure", a)
    extra = 0
    if a is not None:
        a = ck.mapping("adventure", a)
        extra = ck.whole("adventure.extra", ck.get("adventure.extra", a, "extra"), 0, 8)
    owned = 8 + bool(extra)
    up = ck.listed("up", ck.get("up", d, "up"), owned)
    for i, u in enumerate(up):
        ck.whole(f"up[{i}]", u, 0, 1)
    seen: set[int] = set()
    for pile in PILES:
        for i, c in enumerate(ck.cards(pile, ck.get(pile, d, pile), owned)):
            if c in seen:
                raise ck.fail(f"{pile}[{i}]", c)
            seen.add(c)
    ck.whole("unknown", ck.get("unknown", d, "unknown"), 0, len(d["discard"]))
    for key in ("attack", "defense", "mana", "restarts", "fight", "turn"):
        ck.whole(key, ck.get(key, d, key))
    ck.whole("level", ck.get("level", d, "level"), 1, MAX_LEVEL)
    act = ck.get("act", d, "act")
    if act is not None:
        for i, x in enumerate(ck.listed("act", act, 2)):
            ck.whole(f"act[{i}]", x)
    for i, pair in enumerate(ck.listed("activated", ck.get("activated", d, "activated"))):
        card, index = ck.listed(f"activated[{i}]", pair, 2)
        ck.whole(f"activated[{i}][0]", card, 1, owned)
        ck.whole(f"activated[{i}][1]", index)
    ck.mapping("flags", ck.get("flags", d, "flags"))
    snap = ck.get("snapshot", d, "snapshot")
    if snap is not None:
        snap = ck.mapping("snapshot", snap)
        ck.cards("snapshot.hand", ck.get("snapshot.hand", snap, "hand"), owned)
    ck.counts("ticks", ck.get("ticks", d, "ticks"))
    fights = ck.listed("fights", ck.get("fights", d, "fights"))
    for i, e in enumerate(fights):
        try:
            Enemy.model_validate(e)
        except ValidationError:
            raise ck.fail(f"fights[{i}]", e) from None
    ck.whole("enemy_index", ck.get("enemy_index", d, "enemy_index"), 0, len(fights))
    ck.one_of("phase", ck.get("phase", d, "phase"), PHASES)
    for i, st in enumerate(ck.listed("steps", ck.get("steps", d, "steps"))):
        if not isinstance(st, list) or not st or st[0] not in steps:
            raise ck.fail(f"steps[{i}]", st)
    result = ck.get("result", d, "result")
    if result is not None:
        for i, r in enumerate(ck.listed("result", result, 1)):
            if not isinstance(r, (int, float)) or isinstance(r, bool):
                raise ck.fail(f"result[{i}]", r)
    ck.text("reason", ck.get("reason", d, "reason"))
    if a is not None:
        _adventure(ck, a, mode)


def _hero(ck: _Check, src: Any, heroes: Collection[str]) -> None:
    src = ck.listed("hero", src)
    if not src or src[0] not in ("file", "seed", "date"):
        raise ck.fail("hero", src)
    if src[0] == "file":
        ck.listed("hero", src, 2)
        ck.one_of("hero[1]", src[1], heroes)
        return
    ck.listed("hero", src, 3)
    if src[0] == "seed":
        ck.whole("hero[1]", src[1])
    else:
        try:
            generator.parse_day(ck.text("hero[1]", src[1]))
        except TavoloError:
            raise ck.fail("hero[1]", src[1]) from None
    if src[2] is not None:
        ck.one_of("hero[2]", src[2], CLASSES)


def _adventure(ck: _Check, a: Mapping[str, Any], mode: str) -> None:
    def get(key: str) -> Any:
        return ck.get(f"adventure.{key}", a, key)

    src = ck.listed("adventure.src", get("src"), 3)
    if src[0] not in ("seed", "file") or src[2] != mode:
        raise ck.fail("adventure.src", src)
    if src[0] == "seed":
        ck.whole("adventure.src[1]", src[1])
    else:
        ck.text("adventure.src[1]", src[1])
    world = mode == "world"
    table = ck.listed("adventure.table", get("table"), 9 if world else 6)
    for i, t in enumerate(table):
        ck.whole(f"adventure.table[{i}]", t, -2, 1 if world else 3)
    grid = ck.listed("adventure.grid", get("grid"), 9 if world else 0)
    placed: set[int] = set()
    for i, c in enumerate(grid):
        ck.whole(f"adventure.grid[{i}]", c, 0, len(table))
        if c and c in placed:
            raise ck.fail(f"adventure.grid[{i}]", c)
        placed.add(c)
    pawn = ck.listed("adventure.pawn", get("pawn"), 2)
    if world:
        ck.whole("adventure.pawn[0]", pawn[0], 0, 8)
        ck.whole("adventure.pawn[1]", pawn[1], 0, 0)
    else:
        ck.whole("adventure.pawn[0]", pawn[0], None)
        ck.whole("adventure.pawn[1]", pawn[1], None)
    for i, m in enumerate(ck.listed("adventure.marks", get("marks"))):
        ck.whole(f"adventure.marks[{i}]", m)
    for i, item in enumerate(ck.listed("adventure.items", get("items"))):
        ck.text(f"adventure.items[{i}]", item)
    for i, f in enumerate(ck.listed("adventure.reading", get("reading"))):
        f = ck.listed(f"adventure.reading[{i}]", f, 3)
        ck.text(f"adventure.reading[{i}][0]", f[0])
        ck.text(f"adventure.reading[{i}][1]", f[1])
        ck.whole(f"adventure.reading[{i}][2]", f[2])
    foe = get("foe")
    if foe is not None:
        foe = ck.listed("adventure.foe", foe, 3)
        ck.text("adventure.foe[0]", foe[0])
        ck.whole("adventure.foe[1]", foe[1], None)
        ck.whole("adventure.foe[2]", foe[2], None)
    if not isinstance(get("flee"), bool):
        raise ck.fail("adventure.flee", a["flee"])
    ck.counts("adventure.count", get("count"))
