"""The audit of every input a user can hand tavolo: each bad one is one ``error: ...``
line, exit 2, never a traceback, and never a user's file overwritten or lost."""

from __future__ import annotations

import pytest

from . import assert_one_line_error, invoke


@pytest.mark.parametrize("value", ["[1, 2]", "{a: 1}", "[]"])
def test_a_platformer_boss_that_is_not_a_name_is_one_line(value: str) -> None:
    """-o boss=[1, 2] (a YAML list) ended in a TypeError traceback: unhashable type."""
    args = ["play", "platformer", "--seats", "random,random", "--seed", "1", "-o", f"boss={value}"]
    line = assert_one_line_error(invoke(args))
    assert "boss is one of" in line and "medusa" in line
    italian = assert_one_line_error(invoke(["--lang", "it", *args]), "errore: ")
    assert "il boss è uno tra" in italian
