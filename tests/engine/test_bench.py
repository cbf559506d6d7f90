"""The benchmark returns sane, positive numbers."""

from __future__ import annotations

import json
import platform

import pytest

from tavolo.engine import ConfigError, UnknownName
from tavolo.sim import bench, bench_all


def test_bench_numbers() -> None:
    result = bench("tricks", seconds=0.2, mcts_iterations=20)
    json.dumps(result)
    assert result["game"] == "tricks"
    assert result["python"] == platform.python_version()
    assert result["machine"]
    for key in (
        "decisions_per_s",
        "games_per_s",
        "clone_us",
        "observe_us",
        "mcts_iterations_per_s",
    ):
        assert result[key] > 0, key
    assert result["decisions_per_game"] == 6.0
    assert result["decisions_per_s"] == pytest.approx(result["games_per_s"] * 6.0)
    assert result["mcts_searches"] > 0 and result["sampled_states"] > 0
    assert result["seconds"] < 5


def test_bench_config_and_all() -> None:
    short = bench("tricks", seconds=0.05, mcts_iterations=5, config={"mode": "short"})
    assert short["decisions_per_game"] == 4.0
    results = bench_all(["tricks"], seconds=0.05, mcts_iterations=5)
    assert [r["game"] for r in results] == ["tricks"]
    with pytest.raises(UnknownName):
        bench("no-such-game", seconds=0.05)
    with pytest.raises(ConfigError):
        bench("tricks", seconds=0)
    with pytest.raises(ConfigError):
        bench("tricks", seconds=0.05, mcts_iterations=0)
