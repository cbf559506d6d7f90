"""Every Platformer scenario file (the digest's worked examples) meets its expectations."""

from __future__ import annotations

from pathlib import Path

import pytest

from tavolo.engine.scenario import run_file

SCENARIOS = Path(__file__).parents[2] / "scenarios" / "platformer"
FILES = sorted(SCENARIOS.glob("*.yaml"))


def test_scenario_files_exist() -> None:
    names = {p.stem for p in FILES}
    assert {"gems_two_swords", "gems_four_swords"} <= names


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path: Path) -> None:
    result = run_file(path)
    assert result["failures"] == [], f"{path.name}: {result['failures']}"
