"""A dungeon adventure file (hand-made, or a saved one edited) is checked when it is
loaded: a broken map is one line naming the file, never a crash in the middle of a game.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from mutations import changed
from tavolo.engine import ContentError, TavoloError
from tavolo.engine.files import read_data
from tavolo.engine.playout import playout, random_chooser
from tavolo.engine.rng import RNG

from .support import GAME

DUNGEON = Path(__file__).parent / "adventures" / "dungeon_rules.json"
BASE: dict[str, Any] = read_data(DUNGEON)

Edit = Callable[[dict[str, Any]], object]


def write(tmp_path: Path, data: dict[str, Any], name: str = "mine.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    GAME._adventures.clear()  # each file is read afresh
    return path


def load(tmp_path: Path, data: dict[str, Any]) -> Any:
    return GAME.adventure(["file", str(write(tmp_path, data)), "dungeon"])


def edited(edit: Edit) -> dict[str, Any]:
    data = copy.deepcopy(BASE)
    edit(data)
    return data


def _set(path: str, value: Any) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        *parents, last = (int(p) if p.isdigit() else p for p in path.split("."))
        for p in parents:
            data = data[p]
        data[last] = value

    return edit


# what is broken -> (the English line after "mine.json: ", a piece of the Italian one)
CASES: dict[str, tuple[Edit, str, str]] = {
    "a short row": (
        _set("map.cards.1.rows.0", "?"),
        "entry 'map.cards.1': field rows: Value error, row 1 '?' needs 4 cells",
        "voce 'map.cards.1': campo rows: valore non valido: la riga 1 '?' deve avere 4 caselle",
    ),
    "three rows": (
        _set("map.cards.1.rows", [".#..", "....", ":#:."]),
        "entry 'map.cards.1': field rows: Value error, needs 6 rows, got 3",
        "servono 6 righe, non 3",
    ),
    "a door printed off its card": (
        _set("map.doors.0.card_cell", [3, 9]),
        "not a playable dungeon adventure: door 1A->3B at (3, 2): printed on card cell (3, 9)",
        "non è un'avventura nelle segrete giocabile: door 1A->3B",
    ),
    "a door on no side": (
        _set("map.doors.0.side", "3B"),
        "door 1A->3B at (3, 2): side '3B' is not one of N, E, S, W",
        "giocabile: door 1A->3B at (3, 2): side '3B'",
    ),
    "a door of no room": (
        _set("map.doors.0.room", "zz"),
        "not a playable dungeon adventure: door zz->3B at (3, 2): no room zz",
        "(più ",
    ),
    "a room of another card": (
        _set("map.rooms.1.card", 9),
        "not a playable dungeon adventure: room 3B says card 9 orientation 1",
        "non è un'avventura nelle segrete giocabile: room 3B says card 9",
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_a_broken_dungeon_file_is_one_line_in_both_languages(tmp_path: Path, case: str) -> None:
    edit, english, italian = CASES[case]
    with pytest.raises(ContentError) as err:
        load(tmp_path, edited(edit))
    assert str(err.value).startswith("mine.json: ") and english in str(err.value), str(err.value)
    assert italian in err.value.told("it"), err.value.told("it")


def test_the_hand_made_dungeon_still_loads(tmp_path: Path) -> None:
    assert load(tmp_path, copy.deepcopy(BASE)).map.rooms


ODD: list[Any] = [None, 0, -1, 99, True, "", "zz", "1A", "6D", [], [None], {}, "?", [3, 9]]


@pytest.mark.parametrize("seed", range(40))
def test_a_changed_dungeon_file_is_refused_in_one_line_or_played(tmp_path: Path, seed: int) -> None:
    """Found by changing saved files at random: every change either is refused with a
    tavolo error, or gives a game that plays to its end (or a few hundred decisions)."""
    rng = random.Random(seed)
    try:
        cfg = GAME.make_config(
            1, "dungeon", file=str(write(tmp_path, changed(BASE, rng, ODD, inside=None)))
        )
        s = GAME.new(cfg, seed)
    except TavoloError:
        return
    playout(GAME, s, random_chooser(RNG(seed)), 300)
