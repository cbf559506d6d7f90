"""TOS from the command line: the day's hero, the Training and fights, bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from . import assert_one_line_error, invoke


def test_tos_hero_prints_the_days_hero_card_by_card() -> None:
    r = invoke(["tos", "hero", "--date", "2026-11-21", "--class", "stargazer"])
    assert r.exit_code == 0, r.output
    assert "TOS20261121" in r.stdout and "Card 8" in r.stdout
    r = invoke(["tos", "hero", "--date", "2026-11-21", "--class", "stargazer", "--lang", "it"])
    assert r.exit_code == 0 and "Carta 8" in r.stdout
    r = invoke(["tos", "hero", "--seed", "5", "--json"])
    data = json.loads(r.stdout)
    assert len(data["cards"]) == 8 and data["class"] in ("swordsman", "elementalist", "stargazer")


def test_tos_hero_bad_input_is_one_line() -> None:
    assert_one_line_error(invoke(["tos", "hero", "--date", "2026-13-01"]))
    assert_one_line_error(invoke(["tos", "hero", "--class", "wizard"]))
    assert_one_line_error(invoke(["tos", "hero", "--date", "2026-01-01", "--seed", "3"]))


def test_play_tos_tutorial_is_guided() -> None:
    r = invoke(["play", "tos", "--tutorial", "--seed", "1"], input="1\nq\n")
    assert r.exit_code == 0, r.output
    assert "Training:" in r.stdout and "choose the Opening Card" in r.stdout
    assert "defense 5" in r.stdout


def test_play_tos_fight_flags() -> None:
    r = invoke(
        ["play", "tos", "--fight", "4/3/5", "--date", "2026-11-21", "--seed", "2"], input="q\n"
    )
    assert r.exit_code == 0, r.output
    assert "TOS20261121" in r.stdout and "level 4 · attack 3 · defense 5" in r.stdout
    r = invoke(["play", "tos", "--fight", "3", "--seats", "random", "--seed", "2"])
    assert r.exit_code == 0, r.output
    assert "fight 1/5" in r.stdout  # lvl2 to the boss


def test_play_tos_takes_a_class_by_its_name_in_any_language() -> None:
    """The hero tool took 'astrologo' (as the card prints it in Italian); play refused it."""
    args = ["play", "tos", "--fight", "4/3/5", "--date", "2026-11-21", "--seed", "2"]
    r = invoke(["--lang", "it", *args, "--class", "astrologo"], input="q\n")
    assert r.exit_code == 0, r.output
    assert "Astrologo" in r.stdout
    line = assert_one_line_error(
        invoke(["--lang", "it", *args, "--class", "bardo"]), prefix="errore: "
    )
    assert "'bardo'" in line and "spadaccino, elementalista, astrologo" in line
    line = assert_one_line_error(invoke([*args, "--date", "2026-11-22", "-o", "seed=3"]))
    assert line.endswith("give a date or a seed, not both")


def test_play_tos_bad_flags_are_one_line() -> None:
    assert_one_line_error(invoke(["play", "tos", "--wizard"]))
    assert_one_line_error(invoke(["play", "tos", "--fight"]))
    assert_one_line_error(invoke(["play", "tos", "--fight", "lvl9"]))
    assert_one_line_error(invoke(["play", "tos", "--date", "yesterday"]))
    assert_one_line_error(invoke(["play", "estro", "--tutorial"]))


def test_pencil_marks_persist_in_the_profile(tmp_path) -> None:  # type: ignore[no-untyped-def]
    home = tmp_path / "home"
    home.mkdir()
    (home / "profile.json").write_text(
        json.dumps({"marks": {"tos/TRAINING": {"ticks": {"legacy": 3}}}}), encoding="utf-8"
    )
    env = {"TAVOLO_HOME": str(home)}
    r = invoke(["play", "tos", "--tutorial", "--seed", "1"], input="q\n", env=env)
    assert r.exit_code == 0, r.output
    assert "Legacy bar: 3 boxes filled" in r.stdout
    saved = json.loads((home / "profile.json").read_text(encoding="utf-8"))
    assert saved["marks"]["tos/TRAINING"] == {"ticks": {"legacy": 3}}
    r = invoke(
        ["play", "tos", "--fight", "2", "--date", "2026-11-21", "--seats", "random", "--seed", "3"],
        env=env,
    )
    assert r.exit_code == 0, r.output
    saved = json.loads((home / "profile.json").read_text(encoding="utf-8"))
    assert "tos/TOS20261121" in saved["marks"]


def test_a_broken_profile_is_one_line_and_kept(tmp_path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "profile.json").write_text("{not json", encoding="utf-8")
    r = invoke(["play", "tos", "--tutorial"], input="q\n", env={"TAVOLO_HOME": str(tmp_path)})
    assert_one_line_error(r)
    assert (tmp_path / "profile.json").read_text(encoding="utf-8") == "{not json"


def test_a_broken_profile_is_told_in_italian(tmp_path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "profile.json").write_text("[1]", encoding="utf-8")
    r = invoke(
        ["--lang", "it", "play", "tos", "--tutorial"],
        input="q\n",
        env={"TAVOLO_HOME": str(tmp_path)},
    )
    line = assert_one_line_error(r, prefix="errore: ")
    assert "il profilo non è un oggetto JSON; correggilo o spostalo" in line


@pytest.mark.parametrize(
    ("ticks", "problem"),
    [({"theft": "a"}, "bars must be a whole number, not 'a'"), ({"legacy": "x"}, "ticks must")],
)
def test_pencil_marks_edited_into_nonsense_are_one_line_naming_the_profile(
    tmp_path: Path, ticks: dict[str, str], problem: str
) -> None:
    """A profile edited by hand whose marks the game cannot take: the line names the file
    and the set, in the user's language, and the profile is left as it was."""
    text = json.dumps({"marks": {"tos/TOS20261128": {"ticks": ticks}}})
    (tmp_path / "profile.json").write_text(text, encoding="utf-8")
    args = ["play", "tos", "--adventure", "world", "--date", "2026-11-28", "--seats", "random"]
    for lang, words, prefix in (
        ("en", "the pencil marks kept for", "error: "),
        ("it", "i segni a matita tenuti per", "errore: "),
    ):
        r = invoke(["--lang", lang, *args], env={"TAVOLO_HOME": str(tmp_path)})
        line = assert_one_line_error(r, prefix=prefix)
        assert f"profile.json: {words} tos/TOS20261128" in line, line
        assert lang == "it" or problem in line, line
    assert (tmp_path / "profile.json").read_text(encoding="utf-8") == text


def test_marks_that_cannot_be_saved_are_told_after_the_game_and_its_replay(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A profile folder that cannot be made: the game is still shown to its end and its
    replay saved; then one line says the marks were not kept, with a non-zero exit."""
    (tmp_path / "file").write_text("", encoding="utf-8")
    save = tmp_path / "game.json"
    r = invoke(
        ["play", "tos", "--fight", "2", "--seats", "random", "--seed", "3", "--save", str(save)],
        env={"TAVOLO_HOME": str(tmp_path / "file" / "home")},
    )
    line = assert_one_line_error(r)
    assert line.endswith("the pencil marks cannot be saved: Not a directory")
    assert save.exists() and "Game over" in r.stdout


@pytest.mark.parametrize("date", ["2026-11-28", "2026-11-22"])
def test_tos_daily_title_reads_well_in_both_languages(date: str) -> None:
    """No article before the class in English (an Elementalist, a Swordsman): 'the'."""
    r = invoke(["tos", "daily", "--date", date])
    assert r.exit_code == 0, r.output
    title = r.stdout.splitlines()[0]
    assert f"the set of {date}: the " in title and " and a " in title, title
    assert ": a Elementalist" not in title and ": a Swordsman" not in title
    r = invoke(["tos", "daily", "--date", date, "--lang", "it"])
    assert r.exit_code == 0, r.output
    title = r.stdout.splitlines()[0]
    assert f"il set del {date}: un eroe " in title and " e un'avventura " in title, title
