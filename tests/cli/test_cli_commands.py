"""``tavolo simulate``, ``scenario run``, ``games``, ``bench``, ``--version`` and languages."""

from __future__ import annotations

import csv
import errno
import io
import json
import re
import sys
from pathlib import Path
from typing import Any, ClassVar

import pytest
import yaml
from rich.console import Console

from tavolo import __version__
from tavolo.cli import batch
from tavolo.engine import registry

from . import invoke

SCENARIO = {
    "game": "tricks",
    "seed": 3,
    "script": [{"roll": 6, "label": "bonus"}],
    "actions": ["play:c3", "play:c9"],
    "expect": {"events": [{"kind": "trick", "winner": 1, "worth": 2}], "over": False},
}


# -- simulate -----------------------------------------------------------------------------


def test_simulate_json_is_one_object_with_the_right_counts() -> None:
    r = invoke(["simulate", "tricks", "-n", "10", "--agents", "random,greedy", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)  # nothing else on stdout
    assert data["settings"]["n"] == 10 and data["settings"]["agents"] == ["random", "greedy"]
    assert data["settings"]["workers"] == 1 and data["settings"]["seed"] == 0
    summary = data["summary"]
    assert summary["games"] == 10
    assert set(summary["agents"]) == {"random", "greedy"}
    for row in summary["agents"].values():
        assert row["games"] == 10
        assert row["wins"] + row["draws"] + row["losses"] == 10
        assert 0 <= row["ci_low"] <= row["win_rate"] <= row["ci_high"] <= 1
    assert summary["mean_decisions"] == 6


def test_simulate_is_reproducible_and_seeded() -> None:
    args = ["simulate", "tricks", "-n", "12", "-a", "random,random", "--json"]
    a = json.loads(invoke([*args, "--seed", "4"]).stdout)["summary"]
    b = json.loads(invoke([*args, "--seed", "4", "-w", "2"]).stdout)["summary"]
    for s in (a, b):
        s.pop("mean_seconds")
    assert a == b


def test_simulate_table_and_csv(tmp_path: Path) -> None:
    out = tmp_path / "results.csv"
    r = invoke(
        [
            "simulate",
            "tricks",
            "-n",
            "10",
            "--agents",
            "random,greedy",
            "--seed",
            "1",
            "--out",
            str(out),
        ]
    )
    assert r.exit_code == 0, r.output
    assert "tricks: 10 games, seed 1" in r.stdout
    assert "win rate (95% CI)" in r.stdout and "W/D/L" in r.stdout
    assert "random" in r.stdout and "greedy" in r.stdout
    assert "By seat" in r.stdout and "Per game: decisions 6.0" in r.stdout
    rows = list(csv.reader(out.open()))
    assert rows[0][:4] == ["index", "seed", "seat0", "seat1"]
    assert len(rows) == 11


def test_simulate_default_agents_and_mode() -> None:
    r = invoke(["simulate", "tricks", "-n", "3", "--mode", "short", "--json"])
    data = json.loads(r.stdout)
    assert data["settings"]["agents"] == ["random", "random"]
    assert data["settings"]["config"]["mode"] == "short"
    assert data["summary"]["mean_decisions"] == 4


def test_simulate_progress_bar_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    def terminal_console(stderr: bool = False) -> Console:
        file = sys.stderr if stderr else sys.stdout
        return Console(file=file, force_terminal=stderr, width=100)

    monkeypatch.setattr(batch, "console", terminal_console)
    r = invoke(["simulate", "tricks", "-n", "5"])
    assert r.exit_code == 0, r.output
    assert "simulating tricks" in r.stderr  # the bar, on stderr
    assert "tricks: 5 games" in r.stdout


def test_simulate_shows_the_win_share_of_each_hero() -> None:
    # Platformer reports 'plays HERO' and 'wins HERO': one table row a hero, not two
    # numbers each in the per-game averages
    r = invoke(["simulate", "platformer", "-n", "3", "-a", "random,random", "--seed", "2"])
    assert r.exit_code == 0, r.output
    out = r.stdout
    assert "Win share by what was played" in out
    for hero in ("Brakka", "Etern", "Grimble", "Lumi", "Sweety", "Vesper"):  # by name
        assert f"│ {hero}" in out
    assert "plays etern" not in out and "wins etern" not in out
    assert "rounds" in out and "levels revealed" in out  # the other averages stay, in words
    r = invoke(["--lang", "it", "simulate", "platformer", "-n", "3", "-a", "random,random"])
    assert "livelli rivelati" in r.stdout and "levels_revealed" not in r.stdout


def test_a_studys_averages_are_a_row_per_number_in_words_and_fit_the_terminal() -> None:
    # DungeonQuest's hero study has 4 cells and 16 numbers: one column per number, as it
    # was, made 20 columns of ellipses in 80 characters
    r = invoke(
        ["simulate", "dungeonquest", "--heroes", "-n", "1", "-a", "random"], env={"COLUMNS": "80"}
    )
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80 and "…" not in r.stdout
    at = lines.index(next(line for line in lines if "per-game averages" in line))
    averages = "\n".join(lines[at:])
    for words in ("│ tiles placed", "│ got out: Sir Rohan", "│ died: the dragon", "│ rounds"):
        assert words in averages
    for cell in ("sir_rohan", "ulv_grimhand", "el_adoran", "volrik"):
        assert cell in averages  # every cell has its column, in one table or the next
    assert "escaped sir_rohan" not in r.stdout and "death dragon" not in r.stdout
    r = invoke(
        ["--lang", "it", "simulate", "dungeonquest", "--heroes", "-n", "1", "-a", "random"],
        env={"COLUMNS": "80"},
    )
    assert max(len(line) for line in r.stdout.splitlines()) <= 80 and "…" not in r.stdout
    assert "│ tessere piazzate" in r.stdout and "│ morti: il drago" in r.stdout


def test_averages_tables_split_the_cells_by_width() -> None:
    game = registry.get("tricks")
    cells = [f"world stargazer / 2026-01-0{i}" for i in range(1, 10)]
    rows = [{"cell": c, "summary": {"metrics": {"b": i, "a": 2 * i}}} for i, c in enumerate(cells)]
    tables = batch._averages_tables(game, rows, ["b", "a"], "en", 80)
    assert len(tables) > 1
    assert [c.header for tb in tables for c in tb.columns[1:]] == cells  # all, in order
    for tb in tables:
        assert tb.columns[0].header == "measure"
        assert list(tb.columns[0].cells) == ["a", "b"]  # sorted by their words
        out = Console(width=80, record=True, file=io.StringIO())
        out.print(tb)
        text = out.export_text()
        assert max(len(line) for line in text.splitlines()) <= 80 and "…" not in text
    assert list(tables[-1].columns[-1].cells) == ["16.00", "8.00"]
    assert len(batch._averages_tables(game, rows, ["a"], "en", 400)) == 1


def test_simulate_estro_shows_the_first_players_share_in_words() -> None:
    r = invoke(["simulate", "estro", "-n", "20", "-a", "random,random", "--json"])
    data = json.loads(r.stdout)
    first, second = (
        data["summary"]["played"]["first_player"],
        data["summary"]["played"]["second_player"],
    )
    assert first["games"] == second["games"] == 20 and first["wins"] + second["wins"] <= 20
    r = invoke(["--lang", "it", "simulate", "estro", "-n", "20", "-a", "random,random"])
    assert "│ primo giocatore" in r.stdout and "│ secondo giocatore" in r.stdout
    assert "turni" in r.stdout and "first_player" not in r.stdout


def test_an_out_file_that_cannot_be_written_loses_no_summary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    full = tmp_path / "full.csv"
    write_text = Path.write_text

    def disk_full(self: Path, *args: Any, **kwargs: Any) -> int:
        if self == full:
            raise OSError(errno.ENOSPC, "No space left on device")
        return write_text(self, *args, **kwargs)

    def csv_full(self: Any, path: Path) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(Path, "write_text", disk_full)
    monkeypatch.setattr(batch.SimResult, "to_csv", csv_full)
    said = f"error: {full}: the results could not be written there: No space left on device"
    for args in (
        ["simulate", "tricks", "-n", "4", "-a", "random,random", "--seed", "3"],
        ["simulate", "dungeonquest", "--heroes", "-n", "1", "-a", "random", "--seed", "3"],
    ):
        r = invoke([*args, "--out", str(full)])
        assert r.exit_code == 2, r.output
        assert r.stderr.splitlines()[-1] == f"{said} (the games were played with seed 3)"
        assert "win rate" in r.stdout and "Wrote" not in r.stdout  # the summary is shown
        r = invoke([*args, "--out", str(full), "--json"])
        assert r.exit_code == 2 and json.loads(r.stdout)  # the JSON too
    r = invoke(["--lang", "it", "simulate", "tricks", "-n", "2", "--out", str(full)])
    assert "non c'è più spazio sul disco (le partite sono state giocate con il seme 0)" in r.stderr


def test_a_studys_out_counts_the_games_it_holds(tmp_path: Path) -> None:
    """A study's --out has a row per cell; the line that tells it was written counts the
    games those rows hold (2 heroes x 3 games), not the rows ('Wrote 2 games')."""
    out = tmp_path / "heroes.csv"
    args = ["simulate", "dungeonquest", "--heroes", "sir_rohan,volrik", "-n", "3"]
    r = invoke([*args, "-a", "random", "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert len(out.read_text().splitlines()) == 3  # the head and a row per cell
    assert "Wrote 6 games to" in " ".join(r.stdout.split())


def test_simulate_csv_with_json(tmp_path: Path) -> None:
    out = tmp_path / "r.csv"
    r = invoke(["simulate", "tricks", "-n", "4", "--json", "--out", str(out)])
    json.loads(r.stdout)
    assert len(out.read_text().splitlines()) == 5


# -- scenario -----------------------------------------------------------------------------


def write(path: Path, data: object) -> Path:
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return path


def test_scenario_pass(tmp_path: Path) -> None:
    r = invoke(["scenario", "run", str(write(tmp_path / "ok.yaml", SCENARIO))])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["failures"] == [] and data["over"] is False
    assert {"kind": "trick", "winner": 1, "worth": 2} in data["events"]
    assert "all expectations met" in r.stderr


def test_scenario_fail_exits_1(tmp_path: Path) -> None:
    bad = {**SCENARIO, "expect": {"events": [{"kind": "trick", "worth": 1}]}}
    r = invoke(["scenario", "run", str(write(tmp_path / "fail.yaml", bad))])
    assert r.exit_code == 1
    data = json.loads(r.stdout)
    assert len(data["failures"]) == 1
    assert r.stderr.splitlines() == [
        f"{tmp_path / 'fail.yaml'}: 1 expectation failed",
        "  - events: no event matching {'kind': 'trick', 'worth': 1} (in order)",
    ]
    r = invoke(["--lang", "it", "scenario", "run", str(tmp_path / "fail.yaml")])
    assert r.exit_code == 1 and json.loads(r.stdout)["failures"] == data["failures"]
    assert r.stderr.splitlines()[1:] == [
        "  - events: nessun evento corrisponde a {'kind': 'trick', 'worth': 1} (nell'ordine)"
    ]


def test_scenario_in_italian(tmp_path: Path) -> None:
    r = invoke(["scenario", "run", str(write(tmp_path / "ok.yaml", SCENARIO)), "--lang", "it"])
    assert r.exit_code == 0 and "tutte le attese rispettate" in r.stderr


# -- games, bench, version ----------------------------------------------------------------


def test_a_bare_mcts_plays_the_games_tuning_and_games_says_so(tmp_path: Path) -> None:
    from toygames import TrickGame

    class TunedTricks(TrickGame):
        tuned_agents: ClassVar[dict[str, str]] = {"mcts": "mcts:7,depth=0"}

    registry.register("tricks-tuned", TunedTricks)
    try:
        r = invoke(["games"])
        assert "In tricks-tuned, mcts plays as mcts:7,depth=0: the tuning its studies" in (
            " ".join(r.stdout.split())
        )
        r = invoke(["--lang", "it", "games", "--json"])
        rows = {g["name"]: g for g in json.loads(r.stdout)["games"]}
        assert rows["tricks-tuned"]["agents"] == {"mcts": "mcts:7,depth=0"}
        moves = []
        for seats in ("mcts,random", "mcts:7,depth=0,random", "mcts:1000,random"):
            save = tmp_path / f"{len(moves)}.json"
            r = invoke(
                ["play", "tricks-tuned", "--seats", seats, "--seed", "3", "--save", str(save)]
            )
            assert r.exit_code == 0, r.output
            moves.append(json.loads(save.read_text(encoding="utf-8"))["actions"])
        assert moves[0] == moves[1] != moves[2]  # the tuning, not the agents' default
    finally:
        registry.unregister("tricks-tuned")


@pytest.mark.parametrize("lang", ["en", "it"])
def test_games_names_platformers_small_budget_ai_as_the_one_to_pick(lang: str) -> None:
    """'tavolo games' said only that Platformer's bare mcts plays as mcts:100,...: a
    person reading it picked that, where mcts:30 (the game's tuning and mix=1, quicker)
    is the AI its studies found to play best. It now names mcts:30 to pick and what it
    plays as, the same spec a seat 'mcts:30' plays with."""
    r = invoke(["--lang", lang, "games"])
    assert r.exit_code == 0, r.output
    game = registry.get("platformer")
    plays = game.agent_spec("mcts:30", "standard")
    assert plays == "mcts:30,depth=0,c=0.3,norm=1,mix=1"
    said = " ".join(r.stdout.split())
    pick = "pick mcts:30 to play against" if lang == "en" else "come avversario scegli mcts:30"
    assert f"In platformer, {pick}" in said, said
    assert plays in said.split(pick)[1].split("In ")[0]
    rows = {g["name"]: g for g in json.loads(invoke(["games", "--json"]).stdout)["games"]}
    assert rows["platformer"]["pick"] == {"agent": "mcts:30", "plays": plays}
    assert rows["tos"]["pick"] is None  # its bare mcts is the one to play


def test_games_lists_tricks() -> None:
    r = invoke(["games"])
    assert r.exit_code == 0, r.output
    assert "tricks" in r.stdout and "Tricks" in r.stdout and "standard, short" in r.stdout
    r = invoke(["games", "--json", "--lang", "it"])
    rows = {g["name"]: g for g in json.loads(r.stdout)["games"]}
    assert rows["tricks"] == {
        "name": "tricks",
        "title": "Prese",
        "modes": ["standard", "short"],
        "metas": [],
        "players": [2, 2],
        "agents": {},
        "pick": None,
    }
    assert rows["estro"]["metas"] == ["chimera", "fessura", "imboscata"]


def test_bench_table_and_json() -> None:
    r = invoke(["bench", "tricks", "--seconds", "0.05", "--mcts-iterations", "20"])
    assert r.exit_code == 0, r.output
    for label in ("decisions/s", "games/s", "clone (µs)", "observe (µs)", "MCTS iterations/s"):
        assert label in r.stdout
    r = invoke(["bench", "tricks", "--seconds", "0.05", "--mcts-iterations", "20", "--json"])
    (result,) = json.loads(r.stdout)["bench"]
    assert result["game"] == "tricks" and result["decisions_per_s"] > 0


def test_bench_takes_the_games_options() -> None:
    """``-o KEY=VALUE`` measures a game's variant (TOS's fixed hero: ``-o date=...``), as
    ``play`` and ``simulate`` take it; it was refused as an unknown option."""
    base = ["bench", "tricks", "--seconds", "0.05", "--mcts-iterations", "5", "--json"]
    r = invoke([*base, "-o", "hand=1"])
    assert r.exit_code == 0, r.output
    (result,) = json.loads(r.stdout)["bench"]
    assert result["config"]["options"] == {"hand": 1}
    assert result["decisions_per_game"] == 2  # one card each: one trick
    r = invoke([*base, "--mode", "short", "--option", "hand=4"])
    assert r.exit_code == 0, r.output
    (result,) = json.loads(r.stdout)["bench"]
    assert result["config"]["mode"] == "short" and result["config"]["options"] == {"hand": 4}
    r = invoke([*base, "-o", "hand=9"])
    assert r.exit_code != 0 and "hand must be 1..4" in r.output


def test_bench_takes_the_number_of_players() -> None:
    """``--players 2``: a game of several seats measured as such (DungeonQuest's race of
    two heroes could not be, bench always set up the game's least)."""
    base = ["bench", "dungeonquest", "--seconds", "0.05", "--mcts-iterations", "5", "--json"]
    r = invoke([*base, "--players", "2"])
    assert r.exit_code == 0, r.output
    (result,) = json.loads(r.stdout)["bench"]
    assert result["config"]["players"] == 2
    r = invoke([*base, "--players", "9"])
    assert r.exit_code != 0 and "\n" not in r.output.strip() and "9" in r.output


def test_version() -> None:
    r = invoke(["--version"])
    assert r.exit_code == 0 and r.stdout.strip() == f"tavolo {__version__}"


def test_no_arguments_shows_help() -> None:
    r = invoke([])
    assert r.exit_code == 0
    for command in ("play", "simulate", "replay", "resume", "scenario", "bench", "games"):
        assert command in r.stdout


# -- languages ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "env"),
    [
        (["play", "tricks", "--seats", "random,random", "--seed", "1", "--lang", "it"], {}),
        (["--lang", "it", "play", "tricks", "--seats", "random,random", "--seed", "1"], {}),
        (["play", "tricks", "--seats", "random,random", "--seed", "1", "-l", "it"], {}),
        (["play", "tricks", "--seats", "random,random", "--seed", "1"], {"TAVOLO_LANG": "it"}),
    ],
)
def test_italian(args: list[str], env: dict[str, str]) -> None:
    r = invoke(args, env=env)
    assert r.exit_code == 0, r.output
    assert "Partita finita" in r.stdout and "Punteggi:" in r.stdout
    assert "Giocatore 1 (random)" in r.stdout
    assert "Game over" not in r.stdout


def test_command_language_beats_the_global_one_and_the_environment() -> None:
    r = invoke(
        [
            "--lang",
            "it",
            "play",
            "tricks",
            "--seats",
            "random,random",
            "--seed",
            "1",
            "--lang",
            "en",
        ],
        env={"TAVOLO_LANG": "it"},
    )
    assert "Game over" in r.stdout


def test_italian_human_prompt_and_help() -> None:
    r = invoke(
        ["play", "tricks", "--seats", "human,random", "--seed", "5", "--lang", "it"], input="z\nq\n"
    )
    assert "tocca a te" in r.stdout and "Scegli 1-" in r.stdout
    assert "non è una scelta" in r.stdout and "Partita abbandonata" in r.stdout
    r = invoke(["play", "tricks", "--help", "--lang", "it"])
    assert "Gioca a Prese (tricks)" in r.stdout
    assert "Mostra questo aiuto ed esce." in r.stdout  # click's own --help, too
    r = invoke(["--help"], help_lang="it")
    assert "Elenca i giochi installati" in r.stdout


def test_the_words_around_a_help_page_are_in_the_help_language() -> None:
    """Typer's and Click's own words (Usage, the panels, [default: ...], [required]),
    and back to English for the next command in the same process."""
    r = invoke(["--lang", "it", "simulate", "--help"])
    out = " ".join(r.stdout.split())
    for italian in ("Uso: tavolo simulate [OPZIONI]", "Argomenti", "Opzioni", "[obbligatorio]"):
        assert italian in out, italian
    assert "[predefinito: 100]" in out
    for english in ("Usage", "Options", "Arguments", "[default:", "[required]", "[OPTIONS]"):
        assert english not in out, english
    r = invoke(["--lang", "it", "play", "--help"])
    assert "Uso: tavolo play [OPZIONI] COMANDO [ARGOMENTI]..." in r.stdout
    r = invoke(["simulate", "--help"])
    out = " ".join(r.stdout.split())
    for english in ("Usage: tavolo simulate [OPTIONS]", "Options", "[default: 100]", "[required]"):
        assert english in out, english


def test_italian_simulate_table() -> None:
    r = invoke(["simulate", "tricks", "-n", "4", "--lang", "it"])
    assert r.exit_code == 0
    assert "partite" in r.stdout and "Per posto" in r.stdout and "Giocatore 2" in r.stdout
    # Italian numbers: a decimal comma, so the averages are parted by semicolons
    assert re.search(r"Per partita: decisioni \d+,\d; .*ms \d+,\d\.", r.stdout), r.stdout
    assert re.search(r"\d+,\d% \(\d+,\d–\d+,\d\)", r.stdout), r.stdout


def test_italian_bench_numbers() -> None:
    r = invoke(["--lang", "it", "bench", "tricks", "--seconds", "0.05", "--mcts-iterations", "5"])
    assert r.exit_code == 0, r.output
    assert re.search(r"clone \(µs\)\s*│\s*\d+,\d\d", r.stdout), r.stdout


class _Returns:
    """Just what result_text reads of a game."""

    def __init__(self, *returns: float) -> None:
        self.r = returns

    def returns(self, state: object) -> tuple[float, ...]:
        return self.r


@pytest.mark.parametrize(
    ("returns", "lang", "line"),
    [
        ((0.5, 0.5), "it", "Pareggio.[/bold]  Punteggi: A 0,5; B 0,5"),
        ((0.5, 0.5), "en", "Draw.[/bold]  Scores: A 0.5, B 0.5"),
        ((1, 1, 0), "it", "Vincono insieme A e B.[/bold]  Punteggi: A 1; B 1; C 0"),
        ((1, 1, 1, 0), "en", "A, B and C share the win.[/bold]  Scores: A 1, B 1, C 1, D 0"),
        # DungeonQuest's tie for the win (D21: each of k tied heroes scores 1/k) was
        # told 'Draw.' though the third hero died in the dungeon
        ((0.5, 0.5, 0), "en", "A and B share the win.[/bold]  Scores: A 0.5, B 0.5, C 0"),
        ((0.5, 0.5, 0), "it", "Vincono insieme A e B.[/bold]  Punteggi: A 0,5; B 0,5; C 0"),
        ((0.25, 0.75, 0), "en", "Draw.[/bold]  Scores: A 0.25, B 0.75, C 0"),
    ],
)
def test_the_result_line_reads_as_each_language_writes(
    returns: tuple[float, ...], lang: str, line: str
) -> None:
    from tavolo.cli.common import result_text

    text = result_text(_Returns(*returns), None, lang, ["A", "B", "C", "D"])  # type: ignore[arg-type]
    assert text.endswith(line), text


def test_simulate_help_lists_the_games_study_flags() -> None:
    """TOS's --fights/--adventures and DungeonQuest's --heroes were nowhere in
    'tavolo simulate --help' (the docs audit found them only in the README)."""
    r = invoke(["simulate", "--help"], env={"COLUMNS": "200"})
    assert r.exit_code == 0, r.output
    out = " ".join(r.stdout.split())
    assert "tos: --fights [--classes C,...]" in out and "--adventures [--days N]" in out
    assert "dungeonquest: --heroes [ID,...]" in out and "estro:" not in out
    r = invoke(["--lang", "it", "simulate", "--help"], env={"COLUMNS": "200"})
    assert "Flag di studio" in r.stdout and "ogni eroe da solo" in " ".join(r.stdout.split())
