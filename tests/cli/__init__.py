"""Tests of the ``tavolo`` command; helpers shared by the test modules."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from typer.testing import CliRunner, Result

from tavolo.cli.main import build_app


def invoke(
    args: Sequence[str],
    input: str | None = None,
    env: Mapping[str, str | None] | None = None,
    help_lang: str = "en",
) -> Result:
    """Run ``tavolo ARGS`` in-process (so the toy game 'tricks' is known)."""
    environment: dict[str, str | None] = {"TAVOLO_LANG": None, "COLUMNS": "100"}
    environment.update(env or {})
    return CliRunner().invoke(build_app(help_lang), list(args), input=input, env=environment)


def assert_one_line_error(result: Result, prefix: str = "error: ") -> str:
    """Exit 2, exactly one line on stderr starting with ``prefix``, no traceback."""
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 2, (result.exit_code, result.output)
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(prefix), lines[0]
    assert "Traceback" not in result.output
    return lines[0]
