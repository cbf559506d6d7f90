"""TOS's command-line hooks (its own play and study flags) and pencil marks."""

from __future__ import annotations

import pytest

from tavolo.engine import ConfigError
from tavolo.games.tos import daily, generator

from .support import GAME, TUTORIAL


def test_play_args() -> None:
    today = generator.today_utc().isoformat()
    kind = daily.adventure_type(generator.today_utc())
    assert GAME.play_args(None, {}, []) == (kind, {"date": today})  # the day's set
    day = generator.parse_day("2026-11-22")
    assert GAME.play_args(None, {}, ["--date", "2026-11-22"])[0] == daily.adventure_type(day)
    assert GAME.play_args(None, {}, ["--adventure", "dungeon"]) == ("dungeon", {"date": today})
    mode, opts = GAME.play_args(None, {"seed": "9"}, ["--adventure=world"])
    assert (mode, opts) == ("world", {"seed": "9"})
    assert GAME.play_args(None, {"seed": "9"}, [])[0] in ("world", "dungeon")
    assert GAME.play_args(None, {}, ["--tutorial"]) == ("tutorial", {})
    assert GAME.play_args(None, {}, ["--fight", "3", "--date=2026-01-02"]) == (
        "series",
        {"level": 3, "date": "2026-01-02"},
    )
    mode, opts = GAME.play_args(None, {"seed": 4}, ["--fight", "5/6/12", "--class", "stargazer"])
    assert (mode, opts) == (
        "fight",
        {"seed": 4, "enemy": "5/6/12", "level": 5, "class": "stargazer"},
    )
    bad_args = (["--wizard"], ["--fight"], ["--date"], ["--tutorial=yes"], ["--adventure=cave"])
    for bad in (*bad_args, ["--seed", "9"]):  # tavolo play's own --seed: never reaches here
        with pytest.raises(ConfigError):
            GAME.play_args(None, {}, bad)


def test_simulate_args_fights() -> None:
    cells = GAME.simulate_args(None, {}, ["--fights"])
    assert len(cells) == 18
    label, mode, opts = cells[0]
    assert (label, mode, opts) == (
        "swordsman lvl1 L2",
        "fight",
        {"class": "swordsman", "level": 2, "enemy": "lvl1:normal"},
    )
    sub = GAME.simulate_args(None, {"difficulty": "hard"}, ["--fights", "--tiers=boss"])
    assert [c[0] for c in sub] == ["swordsman boss L8", "elementalist boss L8", "stargazer boss L8"]
    assert sub[0][2]["enemy"] == "boss:hard"
    for bad in (["--tiers", "lvl1"], ["--fights", "--tiers", "lvl7"], ["--fights", "--x"]):
        with pytest.raises(ConfigError):
            GAME.simulate_args(None, {}, bad)


def test_marks() -> None:
    assert GAME.marks_key(TUTORIAL) == "tos/TRAINING"
    dated = GAME.make_config(1, "fight", date="2026-11-21")
    assert GAME.marks_key(dated) == "tos/TOS20261121"
    assert GAME.marks_key(GAME.make_config(1, "fight")) is None  # a one-off hero
    marked = GAME.with_marks(dated, {"ticks": {"legacy": 2}})
    assert marked.options["ticks"] == 2
    assert GAME.new(marked, 1).ticks == {"legacy": 2}
    assert GAME.marks(GAME.new(marked, 1)) == {"ticks": {"legacy": 2}}
    explicit = GAME.make_config(1, "fight", date="2026-11-21", ticks=0)
    assert GAME.with_marks(explicit, {"ticks": {"legacy": 5}}) == explicit


def test_a_bar_holds_no_more_marks_than_boxes() -> None:
    """-o ticks=18446744073709551616 was kept as it came, shown on the screen and saved
    back into the profile; marks beyond the bar's boxes mean every box is filled."""
    dated = GAME.make_config(1, "fight", date="2026-11-21", ticks=2**64)
    s = GAME.new(dated, 1)
    boxes = len(s.hero.bars["legacy"].boxes)
    assert s.ticks == {"legacy": boxes}
    assert GAME.marks(s) == {"ticks": {"legacy": boxes}}
    world = GAME.with_marks(
        GAME.make_config(1, "world", date="2026-11-21"), {"ticks": {"legacy": 2**64}}
    )
    assert GAME.new(world, 1).ticks["legacy"] == boxes
    assert GAME.new(GAME.make_config(1, "fight", date="2026-11-21", ticks=2), 1).ticks == {
        "legacy": 2
    }


def test_adventure_pencil_marks_persist_per_set() -> None:
    dated = GAME.make_config(1, "world", date="2026-11-21")
    assert GAME.marks_key(dated) == "tos/TOS20261121"
    marked = GAME.with_marks(dated, {"ticks": {"legacy": 1, "theft": 2}})
    assert marked.options["bars"] == {"theft": 2} and marked.options["ticks"] == 1
    s = GAME.new(marked, 1)
    assert s.ticks.get("theft") == 2
    assert GAME.marks(s)["ticks"]["theft"] == 2
    with pytest.raises(ConfigError):
        GAME.make_config(1, "fight", bars={"theft": 1})
    with pytest.raises(ConfigError):
        GAME.make_config(1, "world", level=4)


def test_simulate_args_adventures() -> None:
    cells = GAME.simulate_args(None, {}, ["--adventures", "--days", "3", "--start=2026-11-21"])
    assert [c[2] for c in cells] == [
        {"date": d} for d in ("2026-11-21", "2026-11-22", "2026-11-23")
    ]
    label, mode, _ = cells[1]
    assert mode == "dungeon" and label == "dungeon stargazer / 2026-11-22"
    assert len(GAME.simulate_args(None, {}, ["--adventures"])) == 365
    for bad in (
        ["--adventures", "--days", "0"],
        ["--adventures", "--tiers", "lvl1"],
        ["--adventures", "--type", "cave"],
    ):
        with pytest.raises(ConfigError):
            GAME.simulate_args(None, {}, bad)


def test_simulate_args_adventures_of_one_type() -> None:
    every = GAME.simulate_args(None, {}, ["--adventures", "--days", "30"])
    dungeon = GAME.simulate_args(None, {}, ["--adventures", "--days", "30", "--type=dungeon"])
    world = GAME.simulate_args(None, {}, ["--adventures", "--days", "30", "--type", "world"])
    assert dungeon and world and len(dungeon) + len(world) == 30
    assert {c[1] for c in dungeon} == {"dungeon"} and {c[1] for c in world} == {"world"}
    assert [c for c in every if c[1] == "dungeon"] == dungeon


def test_simulate_args_a_span_without_the_type_is_a_clear_error() -> None:
    # 2026-12-31 deals a world adventure: a one-day dungeon study of it has no cell, and
    # the command said so with a traceback (IndexError) before
    args = ["--adventures", "--days", "1", "--start", "2026-12-31", "--type", "dungeon"]
    with pytest.raises(ConfigError, match="no dungeon adventure from 2026-12-31 to 2026-12-31"):
        GAME.simulate_args(None, {}, args)
