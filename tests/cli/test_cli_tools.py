"""Per-game tool commands, built from a fake tool set's signatures."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Literal

import pytest

from tavolo.cli import tools as cli_tools
from tavolo.engine import UnknownName
from tavolo.engine import tools as engine_tools
from tavolo.engine.tools import ToolResult

from . import assert_one_line_error, invoke


def battle(
    attacker: str,
    defender: str,
    att_roll: int | None = None,
    def_roll: int | None = None,
    zone: str | None = None,
    round: int = 2,
    fast: bool = False,
    lang: str = "en",
) -> ToolResult:
    """Battle calculator for two cards."""
    if attacker == "nobody":
        raise UnknownName("card", attacker, ("ozok", "thofa"))
    data = {
        "attacker": attacker,
        "defender": defender,
        "att_roll": att_roll,
        "def_roll": def_roll,
        "zone": zone,
        "round": round,
        "fast": fast,
        "lang": lang,
    }
    verb = "attacca" if lang == "it" else "attacks"
    return ToolResult(data, f"[bold]{attacker}[/bold] {verb} {defender}")


def daily(date: str | None = None, kind: Literal["short", "long"] = "short") -> ToolResult:
    """Today's adventure."""
    return ToolResult({"date": date, "kind": kind}, f"adventure of {date or 'today'} ({kind})")


class Opaque:
    """A type the command line cannot parse: read as text."""


def weird(thing: Opaque, /, count: int = 1) -> ToolResult:
    return ToolResult({"thing": str(thing), "count": count}, "ok")


@pytest.fixture(autouse=True)
def fake_tools(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    sets = {"toy": {"battle": battle, "daily": daily, "odd_one": weird}}
    monkeypatch.setattr(engine_tools, "tool_sets", lambda: sets)
    yield


def test_text_output_with_arguments_and_options() -> None:
    r = invoke(["toy", "battle", "ozok", "thofa", "--att-roll", "3"])
    assert r.exit_code == 0, r.output
    assert r.stdout.strip() == "ozok attacks thofa"  # markup rendered, not printed


def test_json_output_and_types() -> None:
    r = invoke(
        [
            "toy",
            "battle",
            "ozok",
            "thofa",
            "--att-roll",
            "3",
            "--zone",
            "hill",
            "--round",
            "1",
            "--fast",
            "--json",
        ]
    )
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout) == {
        "attacker": "ozok",
        "defender": "thofa",
        "att_roll": 3,
        "def_roll": None,
        "zone": "hill",
        "round": 1,
        "fast": True,
        "lang": "en",
    }


def test_lang_is_passed_to_the_tool() -> None:
    r = invoke(["toy", "battle", "ozok", "thofa", "--lang", "it"])
    assert r.stdout.strip() == "ozok attacca thofa"
    r = invoke(["--lang", "it", "toy", "battle", "ozok", "thofa", "--json"])
    assert json.loads(r.stdout)["lang"] == "it"


def test_literal_optional_and_positional_only_parameters() -> None:
    r = invoke(["toy", "daily", "--date", "2026-01-02", "--kind", "long", "--json"])
    assert json.loads(r.stdout) == {"date": "2026-01-02", "kind": "long"}
    r = invoke(["toy", "odd-one", "gizmo", "--count", "2", "--json"])
    assert json.loads(r.stdout) == {"thing": "gizmo", "count": 2}


def test_help_lists_arguments_and_options() -> None:
    r = invoke(["toy", "battle", "--help"])
    assert r.exit_code == 0
    for text in (
        "ATTACKER",
        "DEFENDER",
        "--att-roll",
        "--def-roll",
        "--zone",
        "--round",
        "--json",
        "--lang",
        "Battle calculator",
    ):
        assert text in r.stdout
    r = invoke(["--help"])
    assert "toy" in r.stdout and "Tools of the game toy" in r.stdout
    r = invoke(["toy", "--help"])
    assert "battle" in r.stdout and "daily" in r.stdout and "odd-one" in r.stdout


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["toy", "battle", "nobody", "thofa"], "unknown card 'nobody'"),
        (["toy", "battle", "ozok", "thofa", "--att-roll", "x"], "--att-roll"),
        (["toy", "battle", "ozok"], "Missing argument"),
        (["toy", "daily", "--kind", "medium"], "--kind"),
        (["toy", "nope"], "No such command 'nope'"),
        (["toy", "battle", "ozok", "thofa", "--lang", "fr"], "unknown language 'fr'"),
    ],
)
def test_tool_errors_are_one_line(args: list[str], needle: str) -> None:
    assert needle in assert_one_line_error(invoke(args))


def test_a_broken_tool_set_is_listed_and_explains_itself(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    class BrokenEntryPoint:
        name = "shaky"

        def load(self) -> None:
            raise ImportError("No module named 'shaky.tools'")

    def failing() -> None:
        raise ImportError("No module named 'shaky.tools'")

    monkeypatch.setattr(engine_tools, "tool_sets", failing)
    monkeypatch.setattr(cli_tools, "entry_points", lambda group: [BrokenEntryPoint()])
    r = invoke(["--help"])
    assert r.exit_code == 0 and "shaky" in r.stdout
    line = assert_one_line_error(invoke(["shaky", "anything", "--at-all"]))
    assert "the tools of shaky cannot be loaded" in line and "shaky.tools" in line
    r = invoke(["games"])  # the rest of the command still works
    assert r.exit_code == 0


def test_a_tool_without_a_catalog_shows_its_docstring() -> None:
    help = engine_tools.tool_help(battle, "it")
    assert help.text == "Battle calculator for two cards." and help.params == {}
