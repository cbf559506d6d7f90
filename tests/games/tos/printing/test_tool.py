"""``tavolo tos print``: which set it prints, where, and one-line errors."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from cli import assert_one_line_error, invoke
from tavolo.engine.errors import ConfigError, UnknownName
from tavolo.engine.rng import derive_seed
from tavolo.games.tos import daily, generator
from tavolo.games.tos.printing import sets
from tavolo.games.tos.tools import TOOLS

from .support import DAY, pages


@pytest.mark.parametrize("day", [DAY + dt.timedelta(days=k) for k in range(8)])
def test_a_seed_stands_for_a_day(day: dt.date) -> None:
    """The type drawn from a day's seed is the day's type, and the adventure seed too."""
    seed = generator.seed_for(day)
    assert sets.type_for_seed(seed) == daily.adventure_type(day)
    for kind in daily.ADVENTURE_TYPES:
        assert derive_seed(seed, kind) == daily.adventure_seed(day, kind)


def test_choose_by_date_seed_and_type() -> None:
    by_day = sets.choose("2026-11-21", None, None, "dungeon")
    assert by_day.kind == "dungeon" and by_day.adventure is not None
    assert by_day.adventure.seed == daily.adventure_seed(DAY, "dungeon")
    by_seed = sets.choose(None, generator.seed_for(DAY), None, "dungeon")
    assert by_seed.adventure is not None
    assert by_seed.adventure.to_json() == by_day.adventure.to_json()
    natural = sets.choose("2026-11-21", None, "stargazer", None)
    assert natural.kind == daily.adventure_type(DAY) and natural.hero.klass == "stargazer"


def test_tool_writes_both_pages_under_the_default_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = TOOLS["print"](date="2026-11-21", adventure="dungeon", lang="it")
    out = tmp_path / "TOS20261121-it.pdf"
    assert result.data["file"] == str(Path("TOS20261121-it.pdf"))
    assert len(pages(out.read_bytes(), 10)) == 2
    assert result.data["adventure"]["type"] == "dungeon"
    assert result.data["pages"][1][0] == "TOS20261121-D-1B"
    assert "Pagina dell'avventura: Avventura nel Dungeon (seme " in result.text


@pytest.mark.parametrize(
    ("kw", "error"),
    [
        ({"mode": "sideways"}, UnknownName),
        ({"adventure": "space"}, UnknownName),
        ({"date": "21/11/2026"}, ConfigError),
        ({"date": "2026-11-21", "seed": 3}, ConfigError),
        ({"lang": "fr"}, UnknownName),
        ({"out": Path("set.png"), "adventure": "dungeon"}, ConfigError),
    ],
)
def test_bad_input_is_refused_in_one_line(kw: dict[str, object], error: type[Exception]) -> None:
    with pytest.raises(error) as e:
        TOOLS["print"](**kw)  # type: ignore[operator]
    assert "\n" not in str(e.value)


def test_cli_prints_two_pages(tmp_path: Path) -> None:
    out = tmp_path / "day.pdf"
    args = ["tos", "print", "--seed", "12", "--adventure", "dungeon", "--mode", "doublesided"]
    result = invoke([*args, "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "-D-1B" in result.output and "-H-1A" in result.output
    assert len(pages(out.read_bytes(), 10)) == 2


@pytest.mark.parametrize(
    "args",
    [
        ["--mode", "sideways"],
        ["--date", "2026-13-01"],
        ["--adventure", "space"],
        ["--date", "2026-11-21", "--seed", "4"],
    ],
)
def test_cli_errors_are_one_line(tmp_path: Path, args: list[str]) -> None:
    result = invoke(["tos", "print", *args, "-o", str(tmp_path / "x.pdf")])
    assert_one_line_error(result)
    assert not (tmp_path / "x.pdf").exists()
