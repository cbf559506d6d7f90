"""Every TOS scenario file (the manual's Training, the adventure scenarios) meets its
expectations."""

from __future__ import annotations

from pathlib import Path

import pytest

from tavolo.engine.scenario import run_file

SCENARIOS = Path(__file__).parents[2] / "scenarios" / "tos"
FILES = sorted(SCENARIOS.glob("*.yaml"))


def test_scenario_files_exist() -> None:
    names = {p.name for p in FILES}
    assert {
        "training_win.yaml",
        "training_lose.yaml",
        "dungeon_door_attaches_a_room.yaml",
        "dungeon_blocked_door.yaml",
        "dungeon_escape_from_a_fight.yaml",
        "dungeon_teleport_to_an_unattached_room.yaml",
        "world_reveal.yaml",
        "world_for_1_time.yaml",
    } <= names


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path: Path) -> None:
    result = run_file(path)
    assert result["failures"] == [], f"{path.name}: {result['failures']}"
