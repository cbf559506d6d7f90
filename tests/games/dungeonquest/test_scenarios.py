"""Every DungeonQuest scenario file (the digest's worked cases) meets its expectations."""

from __future__ import annotations

from pathlib import Path

import pytest

from tavolo.engine.errors import ScenarioError
from tavolo.engine.scenario import run, run_file

SCENARIOS = Path(__file__).parents[2] / "scenarios" / "dungeonquest"
FILES = sorted(SCENARIOS.glob("*.yaml"))


def test_scenario_files_exist() -> None:
    names = {p.stem for p in FILES}
    assert {"cave_in_card_kills", "giant_spider_fight", "sunset_kills", "dragon_wakes"} <= names


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path: Path) -> None:
    result = run_file(path)
    assert result["failures"] == [], f"{path.name}: {result['failures']}"


def test_a_tile_placed_where_it_cannot_go_is_refused_clearly() -> None:
    data = {
        "game": "dungeonquest",
        "config": {"players": 1},
        "position": {
            "heroes": [{"id": "ulv_grimhand", "at": [1, 0], "prev": [0, 0]}],
            "tiles": [{"tile": "room_ooo_01", "at": [5, 5], "heading": "E"}],
        },
    }
    with pytest.raises(ScenarioError, match=r"room_ooo_01 at \(5, 5\).*faces the empty square"):
        run(data, "bad.yaml")


def test_a_tile_on_a_wall_is_refused() -> None:
    data = {
        "game": "dungeonquest",
        "config": {"players": 1},
        "position": {
            "heroes": [{"id": "ulv_grimhand", "at": [1, 0], "prev": [0, 0]}],
            "tiles": [
                {"tile": "room_www_01", "at": [1, 0], "heading": "E"},
                {"tile": "room_ooo_01", "at": [2, 0], "heading": "E"},
            ],
        },
    }
    with pytest.raises(ScenarioError, match="faces a wall"):
        run(data, "bad.yaml")
