"""Every Estro scenario file (worked examples and rule scenarios) meets its expectations."""

from __future__ import annotations

from pathlib import Path

import pytest

from tavolo.engine.scenario import run_file

SCENARIOS = Path(__file__).parents[2] / "scenarios" / "estro"
FILES = sorted(SCENARIOS.glob("*.yaml"))


def test_scenario_files_exist() -> None:
    names = {p.name for p in FILES}
    assert {
        "example1_ozok_thofa.yaml",
        "example2_dice_and_matchup.yaml",
        "example3_madu_primary.yaml",
    } <= names
    assert any(n.startswith("rule_") for n in names)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path: Path) -> None:
    result = run_file(path)
    assert result["failures"] == [], f"{path.name}: {result['failures']}"
