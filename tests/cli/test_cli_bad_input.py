"""The audit of every input a user can hand tavolo: each bad one is one ``error: ...``
line, exit 2, never a traceback, and never a user's file overwritten or lost."""

from __future__ import annotations

import errno
import json
from pathlib import Path

import pytest

from tavolo.cli.common import error_text, session

from . import assert_one_line_error, invoke


@pytest.mark.parametrize("value", ["[1, 2]", "{a: 1}", "[]"])
def test_a_platformer_boss_that_is_not_a_name_is_one_line(value: str) -> None:
    """-o boss=[1, 2] (a YAML list) ended in a TypeError traceback: unhashable type."""
    args = ["play", "platformer", "--seats", "random,random", "--seed", "1", "-o", f"boss={value}"]
    line = assert_one_line_error(invoke(args))
    assert "boss is one of" in line and "medusa" in line
    italian = assert_one_line_error(invoke(["--lang", "it", *args]), "errore: ")
    assert "il boss è uno tra" in italian


def test_a_replay_whose_seat_is_no_agent_name_replays(tmp_path: Path) -> None:
    """A replay file whose meta named a seat '[]' (a list, written by hand) ended in a
    Rich MarkupError traceback: a long line was broken and '[]' taken for markup."""
    path = tmp_path / "game.json"
    args = ["play", "dungeonquest", "--seats", "random", "--seed", "3", "--save", str(path)]
    assert invoke(args).exit_code == 0
    data = json.loads(path.read_text(encoding="utf-8"))
    data["meta"]["seats"] = [[]]
    path.write_text(json.dumps(data), encoding="utf-8")
    r = invoke(["replay", str(path)])
    assert r.exit_code == 0 and r.exception is None, r.output
    assert "Player 1 ([]): " in r.stdout


def test_a_file_name_with_a_nul_character_is_one_line(tmp_path: Path) -> None:
    """A scenario whose TOS adventure file's name held a NUL ended in a ValueError
    traceback (embedded null byte); the name is now refused as no file name."""
    scenario = {"game": "tos", "config": {"mode": "world", "options": {"file": "a\x00b.yaml"}}}
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(scenario), encoding="utf-8")
    line = assert_one_line_error(invoke(["scenario", "run", str(path)]))
    assert line.endswith("a\\0b.yaml: not a file name: it holds a NUL character (\\0)")


@pytest.mark.parametrize(
    "command",
    [
        ["play", "tricks", "--seats", "random,random", "--seed", "1", "--save"],
        ["simulate", "tricks", "-n", "2", "--out"],
    ],
)
def test_a_file_that_exists_is_never_written_over(tmp_path: Path, command: list[str]) -> None:
    """play --save and simulate --out wrote over a file that was there (a kept game, a
    study's rows, anything the user named by mistake): now refused in one line, first."""
    path = tmp_path / "precious.json"
    path.write_text("mine\n", encoding="utf-8")
    line = assert_one_line_error(invoke([*command, str(path)]))
    said = "exists already: give another name, or add --overwrite to write over it"
    assert line == f"error: {path} {said}"
    assert path.read_text(encoding="utf-8") == "mine\n"
    italian = assert_one_line_error(invoke(["--lang", "it", *command, str(path)]), "errore: ")
    assert "esiste già: scegli un altro nome, o aggiungi --overwrite" in italian


@pytest.mark.parametrize(
    "command",
    [
        ["play", "tricks", "--seats", "random,random", "--seed", "1", "--overwrite", "--save"],
        ["simulate", "tricks", "-n", "2", "--overwrite", "--out"],
    ],
)
def test_overwrite_writes_over_the_file_the_user_names(tmp_path: Path, command: list[str]) -> None:
    """Saving again to the same name is the usual way to redo a game or a study: with
    --overwrite the file is written over (a folder of that name is still refused)."""
    path = tmp_path / "again.json"
    path.write_text("old\n", encoding="utf-8")
    r = invoke([*command, str(path)])
    assert r.exit_code == 0, r.output
    assert path.read_text(encoding="utf-8") not in ("old\n", "")
    folder = tmp_path / "folder.json"
    folder.mkdir()
    assert_one_line_error(invoke([*command, str(folder)]))


def test_resume_never_writes_over_another_file(tmp_path: Path) -> None:
    game, other = tmp_path / "game.json", tmp_path / "other.json"
    assert invoke(["play", "tricks", "--seats", "human,random", "--save", str(game)], "q\n")
    other.write_text("mine\n", encoding="utf-8")
    kept = game.read_text(encoding="utf-8")
    line = assert_one_line_error(invoke(["resume", str(game), "--save", str(other)]))
    assert line.startswith(f"error: {other} exists already")
    assert other.read_text(encoding="utf-8") == "mine\n"
    assert game.read_text(encoding="utf-8") == kept


@pytest.mark.parametrize("marks", [[], "x", 3])
def test_a_profile_whose_marks_are_no_object_is_one_line_and_kept(
    tmp_path: Path, marks: object
) -> None:
    """A profile edited by hand to '{"marks": []}' ended every TOS game in an
    AttributeError traceback ('list' object has no attribute 'get')."""
    text = json.dumps({"marks": marks})
    (tmp_path / "profile.json").write_text(text, encoding="utf-8")
    env = {"TAVOLO_HOME": str(tmp_path)}
    args = ["play", "tos", "--seats", "random", "--seed", "1"]
    line = assert_one_line_error(invoke(args, env=env))
    assert line.endswith(
        'profile.json: the profile\'s "marks" are not a JSON object; fix or move it'
    )
    italian = assert_one_line_error(invoke(["--lang", "it", *args], env=env), "errore: ")
    assert 'i "marks" del profilo non sono un oggetto JSON' in italian
    assert (tmp_path / "profile.json").read_text(encoding="utf-8") == text


def test_a_system_error_with_no_file_is_told_in_words(monkeypatch: pytest.MonkeyPatch) -> None:
    """Output to a full disk ('tavolo estro cards > /dev/full') said Python's
    '[Errno 28] No space left on device', in English only."""
    e = OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(session, "lang", "en")
    assert error_text(e) == "No space left on device"
    monkeypatch.setattr(session, "lang", "it")
    assert error_text(e) == "non c'è più spazio sul disco"


def test_a_dungeonquest_position_error_names_its_file(tmp_path: Path) -> None:
    """DungeonQuest's position errors said 'error: position: field bogus: ...' without
    the file, where the other games' name it first."""
    path = tmp_path / "dq.yaml"
    path.write_text("game: dungeonquest\nposition:\n  bogus: 1\n", encoding="utf-8")
    line = assert_one_line_error(invoke(["scenario", "run", str(path)]))
    assert line.startswith(f"error: {path}: position: field bogus")
    italian = assert_one_line_error(
        invoke(["--lang", "it", "scenario", "run", str(path)]), "errore: "
    )
    assert italian.startswith(f"errore: {path}: posizione: campo bogus")


@pytest.mark.parametrize(("lang", "words"), [("en", "not UTF-8 text"), ("it", "testo UTF-8")])
@pytest.mark.parametrize("game", ["estro", "tricks", "platformer"])
def test_a_line_that_is_not_text_asks_again(game: str, lang: str, words: str) -> None:
    """A line of bytes that are not UTF-8 ('abc' and 0xff) ended the game in a
    UnicodeDecodeError traceback under a strict locale (and reached the screen as raw
    bytes under a lenient one): it is now one line and the prompt again, and the lines
    after it are read (a '1' plays the first option)."""
    args = ["--lang", lang, "play", game, "--seats", "human,random", "--seed", "1"]
    r = invoke(args, input=b"abc\xff\n1\nq\n")  # type: ignore[arg-type]
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    assert "Traceback" not in r.output
    lines = r.stdout.splitlines()
    told = [i for i, line in enumerate(lines) if words in line]
    assert len(told) == 1, r.stdout[-800:]
    assert "\ufffd" not in r.stdout and "\udcff" not in r.stdout
    assert any(line.endswith(": 1") for line in lines[told[0] :]), lines[told[0] :]


@pytest.mark.parametrize("game", ["estro", "platformer", "dungeonquest"])
def test_an_output_that_cannot_show_the_screens_is_no_traceback(game: str) -> None:
    """Under LC_ALL=C with PYTHONUTF8=0 (or PYTHONIOENCODING=ascii) standard output is
    ASCII: the first '•' of a game's screen ended it in a UnicodeEncodeError traceback.
    Now what ASCII lacks shows as '?', and the game goes on."""
    from typer.testing import CliRunner

    from tavolo.cli.main import build_app

    args = ["play", game, "--seats", "human,random", "--seed", "1"]
    if game == "dungeonquest":
        args[3] = "human"
    r = CliRunner(charset="ascii").invoke(build_app("en"), args, input="q\n")
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    assert r.exit_code == 0, r.output[-400:]
    assert "?" in r.stdout and "abandoned" in r.stdout
