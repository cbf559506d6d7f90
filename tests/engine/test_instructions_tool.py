"""tools/instructions.py: the parts that run without valgrind (the count itself is a
benchmark, run by hand: docs/benchmarks.md)."""

from __future__ import annotations

import gc
import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from tavolo.engine import RNG, registry
from tavolo.engine.playout import playout, random_chooser

TOOL = Path(__file__).resolve().parents[2] / "tools" / "instructions.py"


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("instructions_tool", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_reads_callgrinds_closing_count() -> None:
    stderr = (
        "==4242== Callgrind, a call-graph generating cache profiler\n"
        "==4242== For interactive control, run 'callgrind_control -h'.\n"
        "==4242== \n"
        "==4242== Events    : Ir\n"
        "==4242== Collected : 26408187\n"
        "==4242== \n"
        "==4242== I   refs:      26,408,187\n"
    )
    assert _tool().collected(stderr) == 26_408_187
    assert _tool().collected("==1== no summary\n") is None


def test_the_measured_run_plays_the_benchs_seeded_games() -> None:
    """The same games as a seeded random playout loop: seeds 0..N-1, chooser RNG(1)."""
    g = registry.get("estro")
    cfg = g.config_from_json({"mode": "navi"})
    choose = random_chooser(RNG(1))
    expected = sum(playout(g, g.new(cfg, seed), choose) for seed in range(3))
    assert _tool().play("estro", "navi", 3) == expected > 0


def test_the_measured_games_start_with_nothing_for_the_collector_to_scan(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Objects left in the collector's older generations by imports would be scanned by
    a full collection inside the games: up to a fifth of a 10-game count, which moved
    with whatever the process had imported (161,905 instead of 127,526 per Navi decision)."""
    tool = _tool()
    real = tool.playout
    scanned: list[int] = []

    def counting(*args: object) -> int:
        if not scanned:
            scanned.append(len(gc.get_objects(1)) + len(gc.get_objects(2)))
        return real(*args)

    monkeypatch.setattr(tool, "playout", counting)
    try:
        assert tool.play("estro", "navi", 2) > 0
    finally:
        gc.unfreeze()
    assert scanned and scanned[0] < 100


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["nogame"], "unknown game 'nogame'"),
        (["estro", "--mode", "nomode"], "unknown estro mode 'nomode'"),
    ],
)
def test_bad_input_is_one_line(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _tool().main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1 and "Traceback" not in err


def test_zero_games_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        _tool().main(["estro", "--games", "0"])
    assert exit_.value.code == 2
    assert "--games must be 1 or more" in capsys.readouterr().err
