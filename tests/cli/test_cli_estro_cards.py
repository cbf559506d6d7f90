"""``tavolo estro cards`` through the command line: list, filters, one card, errors."""

from __future__ import annotations

import json

from . import assert_one_line_error, invoke


def test_list_filtered() -> None:
    r = invoke(["estro", "cards", "--estro", "granito", "--gift", "counter"])
    assert r.exit_code == 0, r.output
    assert "Null Bulwark" in r.stdout and "Flint Sentry" in r.stdout
    assert "Ozok" not in r.stdout
    assert "of 250 cards" in r.stdout


def test_one_card_in_both_languages() -> None:
    r = invoke(["estro", "cards", "madu"])
    assert r.exit_code == 0, r.output
    assert "Madu · Illusio" in r.stdout and "call a coin flip" in r.stdout
    r = invoke(["--lang", "it", "estro", "cards", "Nyxara"])
    assert r.exit_code == 0, r.output
    assert "1V — Quando viene giocata" in r.stdout
    r = invoke(["estro", "cards", "thofa", "--lang", "it"])
    assert "Carta vuota" in r.stdout


def test_json_output() -> None:
    r = invoke(["estro", "cards", "--max-tot", "53", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["total"] == 250
    assert data["cards"] and all(c["tot"] <= 53 for c in data["cards"])


def test_errors_are_one_line() -> None:
    line = assert_one_line_error(invoke(["estro", "cards", "no_such_card"]))
    assert "unknown card 'no_such_card'" in line
    line = assert_one_line_error(invoke(["estro", "cards", "--gift", "fireball"]))
    assert "unknown gift filter 'fireball'" in line
    assert_one_line_error(invoke(["estro", "cards", "--min-tot", "80", "--max-tot", "60"]))


def test_help_shows_the_optional_card_argument() -> None:
    r = invoke(["estro", "cards", "--help"])
    assert r.exit_code == 0
    assert "[CARD]" in r.stdout and "--gift" in r.stdout and "--max-tot" in r.stdout
