"""Bad input anywhere: one ``error: ...`` line on stderr, exit code 2, never a traceback."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tavolo.cli.common import click_text, error_text, session

from . import assert_one_line_error, invoke

ALL_AI = ["--seats", "random,random", "--seed", "1"]


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["play", "nope"], "unknown game 'nope'"),
        (["simulate", "nope"], "unknown game 'nope'"),
        (["bench", "nope"], "unknown game 'nope'"),
        (["play", "tricks", "--seats", "random,foo"], "unknown agent 'foo'; known: human, random"),
        (["play", "tricks", "--players", "foo"], "unknown agent 'foo'"),  # not "takes 2, not 1"
        (["play", "tricks", "--seats", "foo"], "unknown agent 'foo'"),
        (["play", "tricks", "--seats", "random,mcts:zero"], "mcts:zero"),
        (["simulate", "tricks", "--agents", "random,foo"], "unknown agent 'foo'"),
        (["play", "tricks", *ALL_AI, "--lang", "xx"], "unknown language 'xx'; known: en, it"),
        (["--lang", "xx", "games"], "unknown language 'xx'"),
        (["play", "tricks", *ALL_AI, "--mode", "blitz"], "unknown tricks mode 'blitz'"),
        (["simulate", "tricks", "--mode", "blitz"], "unknown tricks mode 'blitz'"),
        (["play", "tricks", *ALL_AI, "-o", "hand=9"], "hand must be 1..4"),
        (["play", "tricks", *ALL_AI, "-o", "colour"], "KEY=VALUE"),
        (["play", "tricks", *ALL_AI, "-o", "mode=short"], "no option 'mode': use --mode"),
        (["play", "tricks", *ALL_AI, "-o", "hand=2026-02-30"], "hand must be 1..4"),
        (["simulate", "tricks", "-o", "players=3"], "no option 'players': use --players"),
        (["play", "tricks", "--seats", "random,random,random"], "players, not 3"),
        (
            ["play", "tricks", "--seats", "random,random", "--players", "3"],
            "2 seats given for 3 players",
        ),
        (["play", "tricks", "--seats", ","], "--seats is empty"),
        (["simulate", "tricks", "-n", "x"], "Invalid value for '-n'"),
        (["simulate", "tricks", "-n", "-3"], "-n"),
        (["simulate", "tricks", "--workers", "0"], "--workers"),
        (["simulate"], "Missing argument"),
        (["play", "tricks", "--bogus"], "tricks takes no flag '--bogus'"),
        (["bogus"], "No such command 'bogus'"),
        (["replay", "/no/such/replay.json"], "no such file"),
        (["scenario", "run", "/no/such/scenario.yaml"], "no such file"),
    ],
)
def test_bad_input_is_one_line(args: list[str], needle: str) -> None:
    line = assert_one_line_error(invoke(args))
    assert needle in line


def test_wrong_language_in_the_environment() -> None:
    line = assert_one_line_error(invoke(["games"], env={"TAVOLO_LANG": "xx"}))
    assert "unknown language 'xx'" in line


def test_errors_are_told_in_the_language_asked() -> None:
    """The prefix and the message: the engine's errors come from its catalog."""
    line = assert_one_line_error(
        invoke(["play", "tricks", *ALL_AI, "--mode", "x", "-l", "it"]), prefix="errore: "
    )
    assert line == "errore: non conosco la modalità di tricks 'x'; nomi noti: standard, short"
    line = assert_one_line_error(
        invoke(["play", "nope"], env={"TAVOLO_LANG": "it"}), prefix="errore: "
    )
    assert line.startswith("errore: non conosco il gioco 'nope'; nomi noti: ")
    line = assert_one_line_error(
        invoke(["play", "tricks", "--seats", "random,random,random", "-l", "it"]),
        prefix="errore: ",
    )
    assert line == "errore: tricks è per 2 giocatori, non 3"
    line = assert_one_line_error(
        invoke(["play", "tricks", "--seats", "random,foo", "-l", "it"]), prefix="errore: "
    )
    assert "non conosco l'agente 'foo'" in line


def test_no_seed_line_before_an_error() -> None:
    """The seed tavolo draws is shown once the seats are known good, not above an error."""
    result = invoke(["play", "tricks", "--seats", "random,foo"])
    assert_one_line_error(result)
    assert result.stdout == ""


@pytest.mark.parametrize(
    "content",
    [
        '{"format": "tavolo-replay"',  # not JSON
        '{"format": "something else"}',
        '{"format": "tavolo-replay", "game": "tricks"}',  # fields missing
        json.dumps(
            {
                "format": "tavolo-replay",
                "game": "nope",
                "rules_version": "1",
                "config": {},
                "seed": 1,
                "actions": [],
            }
        ),
        json.dumps(
            {
                "format": "tavolo-replay",
                "game": "tricks",
                "rules_version": "1",
                "config": {},
                "seed": 1,
                "actions": ["play:c99"],
            }
        ),
        "[1, 2]",
    ],
)
def test_malformed_replay(tmp_path: Path, content: str) -> None:
    f = tmp_path / "bad.json"
    f.write_text(content, encoding="utf-8")
    line = assert_one_line_error(invoke(["replay", str(f)]))
    assert "bad.json" in line or "replay" in line


def test_replay_argument_that_is_a_folder(tmp_path: Path) -> None:
    assert_one_line_error(invoke(["replay", str(tmp_path)]))


@pytest.mark.parametrize(
    "content",
    [
        "game: tricks\nbogus: 1\n",
        "game: tricks\nactions: [play:c99]\n",
        "game: nope\n",
        "- just\n- a list\n",
        "game: tricks\n  actions: [\n",  # not YAML
    ],
)
def test_malformed_scenario(tmp_path: Path, content: str) -> None:
    f = tmp_path / "bad.yaml"
    f.write_text(content, encoding="utf-8")
    r = invoke(["scenario", "run", str(f)])
    assert_one_line_error(r)
    assert r.stdout == ""


def test_save_into_a_missing_folder(tmp_path: Path) -> None:
    line = assert_one_line_error(
        invoke(["play", "tricks", *ALL_AI, "--save", str(tmp_path / "no" / "r.json")])
    )
    assert "folder does not exist" in line


def test_a_system_error_on_a_file_is_told_in_the_session_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    exc = PermissionError(errno.EACCES, "Permission denied", "/srv/out.json")
    assert error_text(exc) == "/srv/out.json: Permission denied"
    monkeypatch.setattr(session, "lang", "it")
    assert error_text(exc) == "/srv/out.json: permesso negato"


# -- end to end: the installed entry point, in a fresh process ----------------------------


def tavolo(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if k != "TAVOLO_LANG"}
    environment.update(env or {})
    return subprocess.run(
        [sys.executable, "-c", "from tavolo.cli.main import main; main()", *args],
        capture_output=True,
        text=True,
        env=environment,
        timeout=120,
        check=False,
    )


def test_main_version() -> None:
    p = tavolo("--version")
    assert p.returncode == 0 and p.stdout.startswith("tavolo ")


@pytest.mark.parametrize(
    ("args", "env", "needle"),
    [
        (["play", "nope"], {}, "error: unknown game 'nope'"),
        (["--lang", "xx", "games"], {}, "error: unknown language 'xx'"),
        (["replay", "/no/such/file.json"], {}, "error: /no/such/file.json: no such file"),
        (
            ["simulate", "nope", "-n", "1"],
            {"TAVOLO_LANG": "it"},
            "errore: non conosco il gioco 'nope'",
        ),
        (["play", "--bogus"], {}, "error: No such option: --bogus"),
    ],
)
def test_main_errors(args: list[str], env: dict[str, str], needle: str) -> None:
    p = tavolo(*args, env=env)
    assert p.returncode == 2
    assert p.stderr.splitlines() == [p.stderr.strip()]
    assert p.stderr.startswith(needle)
    assert "Traceback" not in p.stderr + p.stdout


@pytest.mark.parametrize(
    ("args", "italian"),
    [
        (["play", "estro", "--mode", "navi", "--seats", "human,human"], "estro navi è per 1"),
        (["play", "estro", "-o", "first=3"], "l'opzione first di estro vale 0 o 1"),
        (["play", "estro", "-o", "mode=navi"], "estro non ha l'opzione 'mode': usa --mode"),
        (["estro", "cards", "zzz"], "non conosco la carta 'zzz'"),
        (["play", "tos", "--adventure", "zz"], "tos: --adventure vale world o dungeon"),
        (["play", "tos", "--date", "2026-13-40"], "ma nessun calendario lo ha"),
        (["play", "tos", "--date", "2026-1-4"], "non è una data scritta AAAA-MM-GG"),
        (["tos", "hero", "--class", "bard"], "non conosco la classe d'eroe 'bard'"),
        (["tos", "hero", "--date", "2026-01-01", "--seed", "3"], "indica una data o un seme"),
        (["play", "platformer", "--mode", "solo", "--seats", "mcts,mcts"], "è per 1 giocatore"),
        (["play", "platformer", "-o", "theme=zz"], "il tema è uno tra"),
        (["play", "dungeonquest", "-o", "heroes=zz"], "nessun eroe 'zz'"),
        (["play", "dungeonquest", "-o", "zz=1"], "dungeonquest non ha l'opzione 'zz'"),
        (["play", "estro", "--seats", "random,mcts:zero"], "le iterazioni devono essere"),
        (["simulate", "estro", "--agents", "random,mcts:5,zz=1"], "impostazione mcts sconosciuta"),
        (["bench", "estro", "--seconds", "0"], "i secondi del benchmark"),
        (["replay", "/etc/hostname"], "non è un replay di tavolo"),
    ],
)
def test_the_games_errors_are_told_in_italian(args: list[str], italian: str) -> None:
    line = assert_one_line_error(invoke(["--lang", "it", *args]), prefix="errore: ")
    assert italian in line, line


@pytest.mark.parametrize(
    ("args", "italian"),
    [
        (
            ["simulate", "tricks", "-n", "x"],
            "valore non valido per '-n' / '--games': serve un numero",
        ),
        (["simulate", "tricks", "-n", "0"], "serve un valore maggiore o uguale a 1"),
        (["simulate", "tricks", "--workers"], "l'opzione '--workers' vuole un valore."),
        (["bogus"], "comando sconosciuto 'bogus'."),
        (["games", "extra"], "argomento in più non previsto (extra)"),
        (["games", "a", "b"], "argomenti in più non previsti (a b)"),
        (["estro", "cards", "--bogus"], "opzione sconosciuta: --bogus"),
        (["estro", "cards", "--full=x"], "l'opzione '--full' non prende valori."),
        (["replay", "/"], "valore non valido per 'FILE': il file '/' è una cartella."),
        (["replay", "/no/such/replay.json"], "/no/such/replay.json: il file non esiste"),
    ],
)
def test_usage_errors_are_told_in_italian(args: list[str], italian: str) -> None:
    line = assert_one_line_error(invoke(["--lang", "it", *args]), prefix="errore: ")
    assert italian in line, line


def test_a_missing_argument_is_named_in_the_help_language() -> None:
    """The argument's name is the help language's word (the command is built in it)."""
    r = invoke(["--lang", "it", "simulate"], help_lang="it")
    assert "manca l'argomento 'GIOCO'." in assert_one_line_error(r, prefix="errore: ")


@pytest.mark.parametrize(
    "message",
    [
        "Invalid value for '-n' / '--games': Input should be greater than or equal to 1",
        "Invalid value for '--seed': Input should be a valid integer, unable to parse string "
        "as an integer",
        "Missing argument 'FILE'.",
        "Option '--out' requires an argument.",
        "No such command 'bogus'.",
        "No such option: --x (Possible options: --xa, --xb)",
        "Invalid value for 'FILE': file '/tmp' is a directory.",
        "Invalid value for 'FILE': file 'a.json' is not readable.",
        "Invalid value for '--out': file 'a.csv' is not writable.",
        "Invalid value for 'DIR': directory 'x' is a file.",
        "Invalid value for 'FILE': file 'x' does not exist.",
    ],
)
def test_the_english_usage_texts_are_clicks_own(message: str) -> None:
    """The catalog's English forms must be Click's words, or English would change."""
    assert click_text(message, "en") == message
    assert click_text(message, "it") != message


def test_extra_arguments_are_counted_in_words() -> None:
    """Click writes "argument(s)"; tavolo's catalogs count with words."""
    assert click_text("Got unexpected extra argument(s) (a)", "en") == (
        "Got unexpected extra argument (a)"
    )
    assert click_text("Got unexpected extra argument(s) (a b)", "en") == (
        "Got unexpected extra arguments (a b)"
    )


@pytest.mark.parametrize(
    ("scenario", "italian"),
    [
        ("game: tos\nconfig: {mode: fight}\nposition: {zz: 1}\n", "posizione di tos: campo"),
        ("game: dungeonquest\nposition: {tiles: [{id: nope}]}\n", "posizione: nessuna tessera"),
        ("game: estro\nscript: [{roll: 3, zz: 1}]\n", "voce 1 dello script"),
        ("game: estro\nzz: 1\n", "campo sconosciuto 'zz'"),
    ],
)
def test_scenario_errors_are_told_in_italian(scenario: str, italian: str, tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(scenario, encoding="utf-8")
    line = assert_one_line_error(
        invoke(["--lang", "it", "scenario", "run", str(path)]), prefix="errore: "
    )
    assert italian in line, line


def test_option_values_are_yaml_with_only_true_and_false_for_booleans() -> None:
    """``-o heroes=no`` is the text 'no' (YAML 1.1 read it as False, and a game then
    named back a hero 'False'); lists and numbers still read as YAML."""
    from tavolo.cli.common import parse_options

    got = parse_options(["a=yes", "b=No", "c=on", "d=true", "e=False", "f=[x, y]", "g=3"], "en")
    assert got == {"a": "yes", "b": "No", "c": "on", "d": True, "e": False, "f": ["x", "y"], "g": 3}


def test_an_option_given_twice_is_refused() -> None:
    """'-o first=0 -o first=1' quietly played first=1: a typo in a long command went
    unseen. Now one line, exit 2, in play and simulate alike (first-last spelled both)."""
    line = assert_one_line_error(invoke(["play", "estro", "-o", "first=0", "-o", "first=1"]))
    assert "option 'first' is given twice" in line
    line = assert_one_line_error(
        invoke(["--lang", "it", "simulate", "estro", "-o", "a-b=1", "-o", "a_b=2"]),
        prefix="errore: ",
    )
    assert "l'opzione 'a_b' è data due volte" in line


def test_bench_help_gives_no_range_the_check_then_refuses() -> None:
    """--seconds must be positive: the help said x>=0.0, then 0 was refused."""
    r = invoke(["bench", "--help"])
    assert r.exit_code == 0 and "x>=0" not in r.stdout
    line = assert_one_line_error(invoke(["bench", "estro", "--seconds", "0"]))
    assert "bench seconds must be a positive number, not 0.0" in line
