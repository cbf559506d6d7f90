"""TOS adventures from the command line: the daily set, playing a world and a dungeon
adventure in the terminal, and bad input."""

from __future__ import annotations

import datetime as dt
import json

from tavolo.games.tos import daily

from . import assert_one_line_error, invoke


def _day_of(kind: str) -> str:
    day = dt.date(2026, 11, 21)
    while daily.adventure_type(day) != kind:
        day += dt.timedelta(days=1)
    return day.isoformat()


def test_tos_daily_shows_the_hero_and_the_days_adventure() -> None:
    for kind, marker in (("world", "1A"), ("dungeon", "1A")):
        date = _day_of(kind)
        r = invoke(["tos", "daily", "--date", date, "--json"])
        assert r.exit_code == 0, r.output
        data = json.loads(r.stdout)
        assert data["adventure"] == kind and kind in data
        assert data["serial"] == "TOS" + date.replace("-", "")
        r = invoke(["tos", "daily", "--date", date, "--lang", "it"])
        assert r.exit_code == 0, r.output
        assert "il set del" in r.stdout and marker in r.stdout and "Carta 1" in r.stdout


def test_tos_daily_bad_input_is_one_line() -> None:
    assert_one_line_error(invoke(["tos", "daily", "--date", "2026-02-30"]))
    assert_one_line_error(invoke(["tos", "daily", "--class", "wizard"]))


def test_play_tos_plays_the_days_adventure_of_either_type() -> None:
    for kind, board in (("world", "3 x 3 grid"), ("dungeon", "Rooms on the table")):
        date = _day_of(kind)
        r = invoke(["play", "tos", "--date", date, "--seed", "3"], input="q\n")
        assert r.exit_code == 0, r.output
        assert board in r.stdout and "explore" in r.stdout
        other = "dungeon" if kind == "world" else "world"
        r = invoke(["play", "tos", "--date", date, "--adventure", other, "--seats", "random"])
        assert r.exit_code == 0, r.output
        assert ("Victory" in r.stdout) or ("Defeat" in r.stdout)


def test_play_tos_a_hand_made_adventure_file(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = "tests/games/tos/adventures/world_rules.yaml"
    r = invoke(
        ["play", "tos", "--adventure", "world", "-o", f"file={path}", "--seed", "1"], input="q\n"
    )
    assert r.exit_code == 0, r.output
    bad = tmp_path / "bad.yaml"
    bad.write_text("cards: []\n")
    assert_one_line_error(invoke(["play", "tos", "--adventure", "world", "-o", f"file={bad}"]))
    assert_one_line_error(invoke(["play", "tos", "--adventure", "cave"]))


def test_a_bad_adventure_file_names_the_field_in_the_users_language(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """pydantic's whole report ("6 validation errors for WorldAdventure") named no field."""
    world = tmp_path / "world.yaml"
    world.write_text("kind: world\n", encoding="utf-8")
    r = invoke(["play", "tos", "--adventure", "world", "-o", f"file={world}"])
    assert "world.yaml: not a World Adventure: field seed: Field required" in (
        assert_one_line_error(r)
    )
    r = invoke(["--lang", "it", "play", "tos", "--adventure", "world", "-o", f"file={world}"])
    assert "world.yaml: non è un'Avventura nel Mondo: campo seed: campo obbligatorio" in (
        assert_one_line_error(r, prefix="errore: ")
    )
    dungeon = tmp_path / "dungeon.yaml"
    dungeon.write_text("name: x\n", encoding="utf-8")
    r = invoke(["--lang", "it", "play", "tos", "--adventure", "dungeon", "-o", f"file={dungeon}"])
    assert "dungeon.yaml: non è un'Avventura nel Dungeon: manca il campo 'seed'" in (
        assert_one_line_error(r, prefix="errore: ")
    )
