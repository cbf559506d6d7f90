"""A TOS state's JSON is checked value by value before it loads: data no ``to_json``
writes is one ``StateError`` line naming the value, never a traceback from a rule."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from mutations import replaced
from tavolo.engine import RNG, StateError, registry

GAME = registry.get("tos")
FILES = Path(__file__).parent / "adventures"  # hand-made adventures


def saved(mode: str = "fight", moves: int = 4, seed: int = 3) -> dict[str, Any]:
    s = GAME.new(GAME.make_config(1, mode), seed)
    rng = RNG(seed)
    for _ in range(moves):
        d = GAME.decision(s)
        assert d is not None
        GAME.apply(s, d.actions[rng.below(len(d.actions))])
    return copy.deepcopy(dict(GAME.to_json(s)))


FIGHT = [
    (("hand", 0), 12, "hand[0] cannot be 12"),
    (("hand", 0), "1", "hand[0] cannot be '1'"),
    (("hand",), 3, "hand cannot be 3"),
    (("discard", 0), 0, "discard[0] cannot be 0"),
    (("removed",), [[1]], "removed[0] cannot be [1]"),
    (("up", 0), 2, "up[0] cannot be 2"),
    (("up",), [0, 0], "up cannot be [0, 0]"),
    (("unknown",), 99, "unknown cannot be 99"),
    (("level",), "x", "level cannot be 'x'"),
    (("level",), 10**30, "level cannot be 1000000000000000000000000000000"),
    (("attack",), -1, "attack cannot be -1"),
    (("defense",), True, "defense cannot be True"),
    (("mana",), 1.5, "mana cannot be 1.5"),
    (("turn",), None, "turn cannot be None"),
    (("enemy_index",), 7, "enemy_index cannot be 7"),
    (("phase",), "lunch", "phase cannot be 'lunch'"),
    (("mode",), "chess", "mode cannot be 'chess'"),
    (("hero",), ["file", "../x"], "hero[1] cannot be '../x'"),
    (("hero",), ["seed", "x", None], "hero[1] cannot be 'x'"),
    (("hero",), ["seed", 1, "bard"], "hero[2] cannot be 'bard'"),
    (("hero",), ["date", "today", None], "hero[1] cannot be 'today'"),
    (("act",), [0], "act cannot be [0]"),
    (("activated",), [[9, 0]], "activated[0][0] cannot be 9"),
    (("ticks",), {"legacy": "x"}, "ticks['legacy'] cannot be 'x'"),
    (("fights", 0), {"level": "x"}, "fights[0] cannot be {'level': 'x'}"),
    (("steps",), ["x"], "steps[0] cannot be 'x'"),
    (("steps",), [["nap"]], "steps[0] cannot be ['nap']"),
    (("result",), ["x"], "result[0] cannot be 'x'"),
    (("adventure",), {}, "adventure cannot be {}"),
]

WORLD = [
    (("adventure", "grid", 0), 99, "adventure.grid[0] cannot be 99"),
    (("adventure", "grid"), [1, 1, 2, 3, 4, 5, 6, 7, 8], "adventure.grid[1] cannot be 1"),
    (("adventure", "table"), [0], "adventure.table cannot be [0]"),
    (("adventure", "table", 0), 5, "adventure.table[0] cannot be 5"),
    (("adventure", "pawn"), [9, 0], "adventure.pawn[0] cannot be 9"),
    (("adventure", "pawn"), "a1", "adventure.pawn cannot be 'a1'"),
    (("adventure", "extra"), 11, "adventure.extra cannot be 11"),
    (
        ("adventure", "src"),
        ["seed", 1, "dungeon"],
        "adventure.src cannot be ['seed', 1, 'dungeon']",
    ),
    (("adventure", "marks"), ["x"], "adventure.marks[0] cannot be 'x'"),
    (("adventure", "reading"), [["1A", "", "x"]], "adventure.reading[0][2] cannot be 'x'"),
    (("adventure", "flee"), 0, "adventure.flee cannot be 0"),
    (("adventure", "count", "moves"), -3, "adventure.count['moves'] cannot be -3"),
    (("adventure",), None, "adventure cannot be None"),
]

DUNGEON = [
    (("adventure", "table", 0), -3, "adventure.table[0] cannot be -3"),
    (("adventure", "pawn", 1), "y", "adventure.pawn[1] cannot be 'y'"),
    (("adventure", "items"), [3], "adventure.items[0] cannot be 3"),
    (("adventure", "foe"), ["2B", 1], "adventure.foe cannot be ['2B', 1]"),
]


@pytest.mark.parametrize(
    ("mode", "path", "value", "said"),
    [("fight", *c) for c in FIGHT]
    + [("world", *c) for c in WORLD]
    + [("dungeon", *c) for c in DUNGEON],
)
def test_a_value_no_to_json_writes_is_named(
    mode: str, path: tuple[Any, ...], value: Any, said: str
) -> None:
    """Each of these loaded (or failed as a bare traceback) and then failed inside a rule."""
    with pytest.raises(StateError) as e:
        GAME.from_json(replaced(saved(mode), path, value))
    assert str(e.value) == f"tos: not a state written by its to_json: {said}"
    assert "\n" not in str(e.value)
    assert "non è uno stato scritto dal suo to_json" in e.value.told("it")


def test_a_card_twice_in_the_piles_is_refused() -> None:
    data = saved()
    data["discard"].append(data["hand"][0])
    with pytest.raises(StateError, match=r"discard\[\d+\] cannot be \d$"):
        GAME.from_json(data)


@pytest.mark.parametrize("key", ["hand", "level", "phase", "fights", "rng", "hero"])
def test_a_missing_key_is_named(key: str) -> None:
    data = saved()
    del data[key]
    with pytest.raises(StateError) as e:
        GAME.from_json(data)
    assert str(e.value) == f"tos: not a state written by its to_json (no {key!r})"


def test_a_missing_adventure_key_is_named() -> None:
    data = saved("world")
    del data["adventure"]["grid"]
    with pytest.raises(StateError, match=r"\(no 'grid'\)$"):
        GAME.from_json(data)


CONFIGS = [
    ("fight", {}),
    ("fight", {"class": "elementalist", "difficulty": "hard", "level": 5}),
    ("series", {"class": "stargazer"}),
    ("tutorial", {}),
    ("world", {}),
    ("world", {"date": "2026-11-29", "ticks": 2}),
    ("dungeon", {"class": "swordsman"}),
    ("dungeon", {"date": "2026-11-28"}),
    ("world", {"file": str(FILES / "world_rules.yaml")}),
    ("dungeon", {"file": str(FILES / "dungeon_rules.json")}),
]


@pytest.mark.parametrize(("mode", "options"), CONFIGS)
def test_states_the_game_writes_load_all_game_long(mode: str, options: dict[str, Any]) -> None:
    """The checks refuse nothing a game writes: every state of random games loads as
    it was, writes the same JSON again, and plays on as the original does."""
    config = GAME.make_config(1, mode, **options)
    for seed in range(8):
        s = GAME.new(config, seed)
        rng = RNG(seed)
        while True:
            data = GAME.to_json(s)
            t = GAME.from_json(copy.deepcopy(data))
            assert GAME.to_json(t) == data
            assert GAME.equal(t, s)
            d = GAME.decision(s)
            if d is None:
                break
            i = rng.below(len(d.actions))
            GAME.apply(s, d.actions[i])
            e = GAME.decision(t)
            assert e is not None and e.actions == d.actions
            GAME.apply(t, e.actions[i])
            assert GAME.to_json(t) == GAME.to_json(s)
