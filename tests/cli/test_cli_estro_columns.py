"""What ``tavolo play estro`` prints fits 80 columns, as a person reads it."""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path

import pytest

from . import invoke

WIDE = {"COLUMNS": "300"}  # the terminal breaks nothing: each line as it was printed
RULE = re.compile(r"^─+ .* ─+$")


def long_lines(text: str) -> list[str]:
    return [x for x in text.splitlines() if len(x.rstrip()) > 80 and not RULE.match(x)]


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_hand_over_prompt_fits_80_columns(lang: str) -> None:
    """Italian said 'Passa lo schermo a Giocatore 1: premi Invio quando lo vede solo lui
    o lei (q: esci).' in 85 columns: a terminal broke it at column 0."""
    args = ["--lang", lang, "play", "estro", "--seats", "human,human", "--seed", "1"]
    r = invoke(args, input="1\n\n" * 3 + "q\n", env=WIDE)
    assert r.exit_code == 0, r.output
    said = "Pass the screen to Player" if lang == "en" else "Passa lo schermo al Giocatore"
    prompts = [x for x in r.stdout.splitlines() if said in x]
    assert len(prompts) >= 2
    for x in prompts:
        assert len(x[: x.index("). ") + 3].rstrip()) <= 80, x  # the typed answer follows


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_scores_break_between_entries_never_inside_one(lang: str) -> None:
    """'Scores: ... Player 3 (random)' / '0': the final line of a four-seat game broke at
    column 0 inside an entry; it now goes on at column 2 between entries."""
    from tavolo.cli.common import result_text

    class Four:
        def returns(self, state: object) -> tuple[float, ...]:
            return (1.0, 0.0, 1.0, 0.0)

    labels = [f"Player {i} (random)" for i in range(1, 5)]
    text = result_text(Four(), None, lang, labels)  # type: ignore[arg-type]
    rows = text.split("\n")
    assert len(rows) >= 2 and all(
        len(x.replace("[bold]", "").replace("[/bold]", "")) <= 80 for x in rows
    )
    assert all(x.startswith("  Player ") for x in rows[1:])
    entries = re.split(r"[,;] | (?=Player)", " ".join(x.strip() for x in rows).split(": ", 1)[1])
    assert entries == [f"Player {i} (random) {v}" for i, v in zip(range(1, 5), "1010", strict=True)]


def test_an_ai_game_of_four_ends_with_scores_within_80_columns() -> None:
    args = ["play", "estro", "--mode", "inferno", "--seats", "random,random,random,random"]
    r = invoke([*args, "--seed", "2"], env=WIDE)
    assert r.exit_code == 0, r.output
    at = r.stdout.index("Scores:")
    tail = r.stdout[r.stdout.rindex("\n", 0, at) + 1 :]
    assert not long_lines(tail), tail
    assert "Player 4 (random) " in tail


@pytest.mark.parametrize("lang", ["en", "it"])
def test_events_and_moves_go_on_indented_never_at_column_0(lang: str) -> None:
    """'  • Gauge Marmot 22/TOT 70 against Violet Needle 31/TOT 68 (dice 4 and —,' /
    'matchup +10): higher TOT ...': an event or move past 80 columns broke at column 0;
    it now goes on at column 4, in line with the event's words."""
    args = ["--lang", lang, "play", "estro", "--seats", "random,random", "--seed", "3"]
    r = invoke(args, env=WIDE)
    assert r.exit_code == 0, r.output
    rules = [i for i, x in enumerate(r.stdout.splitlines()) if RULE.match(x)]
    lines = r.stdout.splitlines()[rules[0] + 1 : rules[1]]  # the moves, to the last board
    assert len(lines) > 20 and not long_lines("\n".join(lines)), long_lines("\n".join(lines))
    went_on = [b for a, b in pairwise(lines) if a.startswith("  • ") and b.startswith("    ")]
    assert went_on  # seed 3 has long battles
    for line in lines:
        assert line.startswith(("  • ", "    ", "Player ", "Giocatore ")), line


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_rules_item_goes_on_under_its_words(lang: str) -> None:
    """'- Le carte coperte non attaccano; ... rivelarne' / 'una tua (conta ...': a list
    item of the help went on at its dash's column; it now goes on under its words, in
    the help and at 'h' in a game alike."""
    first = "- Face-down cards" if lang == "en" else "- Le carte coperte"
    r = invoke(["--lang", lang, "play", "estro", "--help"], env={"COLUMNS": "80"})
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    at = next(i for i, x in enumerate(lines) if x.lstrip().startswith(first))
    dash = lines[at].index("-")
    assert lines[at + 1].startswith(" " * (dash + 2)) and lines[at + 1][dash + 2] != " "
    args = ["--lang", lang, "play", "estro", "--seats", "human,mcts", "--seed", "1"]
    r = invoke(args, input="h\nq\n", env={"COLUMNS": "80"})
    lines = r.stdout.splitlines()
    at = next(i for i, x in enumerate(lines) if x.startswith(first))
    assert lines[at + 1].startswith("  ") and lines[at + 1][2] != " "
    assert all(len(x.rstrip()) <= 80 for x in lines)


@pytest.mark.parametrize("lang", ["en", "it"])
def test_games_notes_on_tuned_agents_fit_80_columns(lang: str) -> None:
    """'In tos dungeon, mcts plays as mcts:30,depth=0,c=0.05: the tuning its studies' /
    'found best.': the notes under 'tavolo games' broke at column 0."""
    r = invoke(["--lang", lang, "games"], env=WIDE)
    assert r.exit_code == 0, r.output
    notes = r.stdout.split("┘", 1)[1].splitlines()[1:]
    assert notes and not long_lines("\n".join(notes)), notes
    assert all(x.startswith(("In ", "  ")) for x in notes), notes


def test_a_kept_game_says_where_within_80_columns_and_the_command_whole(
    tmp_path: Path,
) -> None:
    """'Partita non finita conservata in /…/estro-20261129-051616.json.' and 'Per
    continuarla: tavolo resume /…' passed 80 columns with any real home folder, and the
    terminal broke the path; the path goes on whole at column 2, the command on a line of
    its own."""
    home = tmp_path / "a-home-folder-with-a-rather-long-name"
    args = ["--lang", "it", "play", "estro", "--seats", "human,random", "--seed", "1"]
    r = invoke(args, input="1\nq\n", env={**WIDE, "TAVOLO_HOME": str(home)})
    assert r.exit_code == 0, r.output
    (path,) = (home / "unfinished").glob("*.json")
    lines = r.stdout.splitlines()
    whole = (f"  {path}.", f"  tavolo resume {path}")  # a path is never broken
    assert all(x in lines for x in whole), lines[-4:]
    assert all(x in whole for x in long_lines(r.stdout)), long_lines(r.stdout)


def test_h_in_a_game_tells_that_games_mode_only() -> None:
    """'h' printed the rules of all thirteen modes (over 300 lines at 80 columns) in every
    game; it now gives the 1v1 rules and the game's own mode (and META modes) only, as
    --help does after --mode."""
    navi = "The 25 items:"
    args = ["play", "estro", "--seats", "human,mcts", "--seed", "1"]
    r = invoke(args, input="h\nq\n", env={"COLUMNS": "80"})
    assert "- Face-down cards" in r.stdout and "- stratega:" not in r.stdout
    assert navi not in r.stdout and "Inferno" not in r.stdout
    r = invoke([*args[:2], "--mode", "navi", "--seats", "human"], input="h\nq\n")
    assert navi in r.stdout and "- stratega:" not in r.stdout
    r = invoke([*args, "--mode", "stratega+fessura"], input="h\nq\n")
    assert "- stratega:" in r.stdout and "- fessura (META):" in r.stdout
    assert "- necrotoken:" not in r.stdout
    r = invoke(["play", "estro", "--help"], env={"COLUMNS": "80"})  # --help: every mode
    assert "- stratega:" in r.stdout and "- necrotoken:" in r.stdout
    r = invoke(["play", "estro", "--mode", "necrotoken", "--help"], env={"COLUMNS": "80"})
    assert "- necrotoken:" in r.stdout and "- stratega:" not in r.stdout  # its mode's


def test_italian_names_a_seat_with_its_article() -> None:
    """'Passa lo schermo a Giocatore 1', 'Vince Giocatore 2 (random).', 'Giocatore 1
    perde.': a seat's name takes its article in a sentence, joined to the preposition
    before it ('al Giocatore 1'); a label ('Giocatore 2 (random):') stays bare."""
    from tavolo.cli.common import result_text, seat_label

    class Two:
        def __init__(self, *returns: float) -> None:
            self.r = returns

        def returns(self, state: object) -> tuple[float, ...]:
            return self.r

    labels = [seat_label("it", 0), seat_label("it", 1, "random")]
    won = result_text(Two(0.0, 1.0), None, "it", labels)  # type: ignore[arg-type]
    assert won.startswith("[bold]Vince il Giocatore 2 (random).[/bold]"), won
    four = [seat_label("it", i, "random") for i in range(4)]
    shared = result_text(Two(0.0, 1.0, 0.0, 1.0), None, "it", four)  # type: ignore[arg-type]
    assert shared.startswith(
        "[bold]Vincono insieme il Giocatore 2 (random) e il Giocatore 4 (random).[/bold]"
    ), shared
    lost = result_text(Two(0.0), None, "it", labels[:1])  # type: ignore[arg-type]
    assert lost.startswith("[bold]Il Giocatore 1 perde.[/bold]"), lost
    en = [seat_label("en", 0), seat_label("en", 1)]
    said = result_text(Two(0.0, 1.0), None, "en", en)  # type: ignore[arg-type]
    assert said.startswith("[bold]Player 2 wins.[/bold]"), said
