"""The adventure compass (moves left to win, from a game in progress), the agents'
adventure heuristic, and the balance study tool."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from pathlib import Path

import pytest

from tavolo.engine import RNG, ConfigError
from tavolo.games.tos import study
from tavolo.games.tos.adventure.compass import steps_to_win
from tavolo.games.tos.dungeon.search import search_win
from tavolo.games.tos.tools import TOOLS

from .support import GAME

HERE = Path(__file__).parent / "adventures"
WORLD = GAME.make_config(1, "world", file=str(HERE / "world_rules.yaml"), seed=1)


def test_compass_at_setup_matches_the_generators_search() -> None:
    for date in ("2026-11-21", "2026-11-22", "2026-11-23"):
        s = GAME.new(GAME.make_config(1, "dungeon", date=date), 1)
        assert steps_to_win(s) == search_win(s.adv.map, s.adv.index)
        w = GAME.new(GAME.make_config(1, "world", date=date), 1)
        assert steps_to_win(w) is not None and steps_to_win(w) >= 1


def test_compass_in_the_hand_made_world() -> None:
    s = GAME.from_position(WORLD, {"hero": "training"}, RNG(0))
    assert steps_to_win(s) == 3  # card 2 (reveals 5B), card 5 (reveals 1B), card 1
    s.table[4] = 1  # 5B revealed
    assert steps_to_win(s) == 2
    s.table[4] = -1  # the boss's card is gone: the win is out of reach
    assert steps_to_win(s) is None


def test_heuristic_prefers_progress_and_cards() -> None:
    s = GAME.from_position(WORLD, {"hero": "training"}, RNG(0))
    h = GAME.heuristic(s, 0)
    ahead = s.clone()
    ahead.table[4] = 1
    assert GAME.heuristic(ahead, 0) > h
    hurt = s.clone()
    hurt.removed, hurt.discard = [6, 7], [8]
    assert GAME.heuristic(hurt, 0) < h
    assert 0.0 < h < 1.0


def test_study_plays_consecutive_days_and_groups_them() -> None:
    records = study.run(dt.date(2026, 3, 1), 3, "random", 7, 1)
    assert [r.date for r in records] == ["2026-03-01", "2026-03-02", "2026-03-03"]
    assert all(r.reason in ("won", "defeated", "exhausted", "lost") for r in records)
    again = study.run(dt.date(2026, 3, 1), 3, "random", 7, 2)  # workers do not matter
    assert [replace(r, seconds=0) for r in records] == [replace(r, seconds=0) for r in again]
    rows = study.summarise(records)
    total = rows[-1]
    assert (total["adventure"], total["class"], total["games"]) == ("all", "all", 3)
    assert sum(total["defeats"].values()) + total["wins"] == 3
    assert study.to_csv(records).count("\n") == 4


def test_study_tool(tmp_path: Path) -> None:
    out = tmp_path / "days.csv"
    r = TOOLS["study"](days=2, start="2026-03-01", agent="random", out=out, lang="it")
    assert "Studio delle avventure" in r.text and out.read_text().startswith("date,")
    assert len(r.data["days"]) == 2
    with pytest.raises(ConfigError):
        TOOLS["study"](days=0)
    with pytest.raises(ConfigError):
        TOOLS["study"](days=1, out=tmp_path / "x.txt")
