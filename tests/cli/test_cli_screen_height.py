"""``tavolo play`` on a terminal: the screen of a person's choice (what they were told
since their last one, the rule, the board, the options, the prompt) is never taller than
the terminal. What they were told keeps its latest lines under one that says how many
earlier ones are folded, and ``log`` at the prompt shows them all; a transcript (output
that is not a terminal) keeps every line, as before.

Before, the account of the last moves was printed whole above the board (below it in a
hot seat): 5% of TOS adventure screens, a DungeonQuest hot seat's, nearly every Estro
Inferno and Ultimo Bastione screen with agents at the table ran past 40 rows, and the
top of the screen scrolled away."""

from __future__ import annotations

import random
import re

import pytest

from tavolo.cli import play

from . import invoke
from .screens import HAND_OVER, ROWS, RULE, played, screens

SINCE = ("Since your last choice:", "Dalla tua ultima scelta:")
OPTIONS = ("Your options:", "Le tue scelte:")
FOLDED = re.compile(r"^… \d+ .*(type log to read|scrivi log per legger)")

# (game, its flags, seats, seed): each ran past 40 rows before, in both languages
GAMES = [
    ("tos", ["--adventure", "world", "--date", "2026-04-04"], None, 1),
    ("tos", ["--adventure", "dungeon", "--date", "2026-04-04"], None, 1),
    ("dungeonquest", [], "human,human", 1),
    ("estro", ["--mode", "inferno"], "human,random,random,random", 1),
    ("estro", ["--mode", "ultimo_bastione"], "human,random", 1),
    ("estro", [], "human,random", 1),
    ("platformer", [], "human,random,random,random", 1),
]


def transcript(
    name: str,
    flags: list[str],
    seats: str | None,
    seed: int,
    lang: str,
    rows: int | None,
    log: bool = False,
    moves: int = 60,
) -> list[str]:
    """The lines of a seeded game shown on an 80-column console (``rows``: a terminal
    that tall; None: output that is not a terminal), the person choosing at random, the
    same choice at the same move whatever else is typed (``log`` first, if asked)."""
    logged: set[int] = set()

    def answer(table: play.Table) -> str:
        moved = len(table.replay.actions)
        d = table.game.decision(table.state)
        if log and moved not in logged:  # (at the last screen too)
            logged.add(moved)
            return "log\n"
        if moved >= moves or d is None:
            return "q\n"
        return f"{random.Random(seed * 1000 + moved).randrange(len(d.actions)) + 1}\n"

    return played(name, flags, seats, seed, lang, answer, width=80, rows=rows)


def told(screen: list[str]) -> list[str]:
    """The lines of a screen that tell what happened since the last choice: above the
    turn's rule, and under 'Since your last choice:' in a hot seat."""
    start = next(i for i, line in enumerate(screen) if RULE.match(line))
    lines = [line for line in screen[:start] if not HAND_OVER.match(line)]
    if any(line in SINCE for line in screen):
        head = next(i for i, line in enumerate(screen) if line in SINCE)
        end = next(i for i, line in enumerate(screen) if line in OPTIONS)
        lines += screen[head + 1 : end]
    return lines


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize(("name", "flags", "seats", "seed"), GAMES)
def test_a_choice_screen_is_never_taller_than_the_terminal(
    name: str, flags: list[str], seats: str | None, seed: int, lang: str
) -> None:
    """Every screen fits 40 rows, what was told folded to the rows the rest leaves;
    where the board and the options alone take 40 rows or more (an Estro or Platformer
    board, a game's own matter), what was told is the one line that says it is folded."""
    whole = screens(transcript(name, flags, seats, seed, lang, None), HAND_OVER)
    assert any(len(screen) > ROWS for screen in whole)  # as the terminal got it before
    shown = screens(transcript(name, flags, seats, seed, lang, ROWS), HAND_OVER)
    assert len(shown) == len(whole) > 10  # the same game, played
    for screen in shown:
        text = "\n".join(screen)
        if len(screen) <= ROWS:
            continue
        lines = told(screen)
        assert len(screen) - len(lines) >= ROWS, f"{len(screen)} rows:\n{text}"
        assert len(lines) <= 1 and all(FOLDED.match(x) for x in lines), text
    assert any(FOLDED.match(line) for screen in shown for line in screen)  # it folded


def bullets(lines: list[str]) -> list[str]:
    return [line for line in lines if line.startswith("  • ")]


def within(wanted: list[str], lines: list[str]) -> bool:
    """Whether ``wanted`` are all in ``lines``, in their order."""
    rest = iter(lines)
    return all(any(line == w for line in rest) for w in wanted)


@pytest.mark.parametrize(
    ("name", "flags", "seats", "seed", "lang"),
    [
        ("estro", ["--mode", "inferno"], "human,random,random,random", 1, "it"),
        ("dungeonquest", [], "human,human", 1, "en"),
        ("tos", ["--adventure", "dungeon", "--date", "2026-04-04"], None, 1, "it"),
    ],
)
def test_log_shows_every_event_the_screen_folded(
    name: str, flags: list[str], seats: str | None, seed: int, lang: str
) -> None:
    """Nothing is lost: every event a transcript tells, the terminal tells too, in the
    same order, once ``log`` is typed at each prompt (the same game, the same choices)."""
    whole = bullets(transcript(name, flags, seats, seed, lang, None, moves=40))
    folded = transcript(name, flags, seats, seed, lang, ROWS, moves=40)
    logged = transcript(name, flags, seats, seed, lang, ROWS, log=True, moves=40)
    assert whole and any(FOLDED.match(line) for line in folded)
    assert not within(whole, bullets(folded))  # the terminal folded some away...
    assert within(whole, bullets(logged))  # ...and log showed them
    said = "Since your last choice, in full:" if lang == "en" else "Dalla tua ultima scelta,"
    assert any(line.startswith(said) for line in logged)


def test_log_with_nothing_told_says_so() -> None:
    r = invoke(["play", "tricks", "--seats", "human,random", "--seed", "5"], input="log\nx\nq\n")
    assert r.exit_code == 0, r.output
    assert "Nothing was told since your last choice." in r.stdout
    assert "log for the last events" in " ".join(r.stdout.split())  # told at a wrong answer
    r = invoke(
        ["play", "tricks", "--seats", "human,random", "--seed", "5", "--lang", "it"],
        input="registro\nx\nq\n",
    )
    assert "Nulla da dire dalla tua ultima scelta." in r.stdout
    assert "log per gli ultimi eventi" in " ".join(r.stdout.split())


def test_a_transcript_keeps_every_line_where_it_happened() -> None:
    """Output that is not a terminal (a script, a file) is not folded: the agents' moves
    are told as they are made, whole, above the board."""
    seats = "human,random,random,random"
    args = ["play", "estro", "--mode", "inferno", "--seats", seats, "--seed", "1"]
    r = invoke(args, input="1\n" * 6 + "q\n")
    assert r.exit_code == 0, r.output
    assert "type log" not in r.stdout
    first = r.stdout.split("Player 1: your turn")[1]  # up to the second turn's rule
    for seat in ("Player 2 (random):", "Player 3 (random):", "Player 4 (random):"):
        assert f"{seat}\n  • " in first
