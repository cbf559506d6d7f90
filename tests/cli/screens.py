"""What ``tavolo play`` shows a person, for the screen tests: a seeded game at the command's
Table with its output kept, the person's answers typed by a function (at random, as a
rule), and the transcript cut into the screens they read at their choices."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable

from rich.console import Console

from tavolo.cli import play
from tavolo.engine import registry

ROWS, COLUMNS = 40, 80
RULE = re.compile(r"^─")  # the rule of a person's turn
PROMPT = re.compile(r"^(Choose|Scegli) 1-\d+ ")
HAND_OVER = re.compile(r"^(Pass the screen|Passa lo schermo)")  # it clears the terminal

Answer = Callable[[play.Table], str]  # the line typed at a prompt of this table


def at_random(seed: int, answers: int) -> Answer:
    """A person choosing at random, each answer the next draw of one generator seeded
    ``seed``; 'q' once ``answers`` were given, and when the game is over."""
    rng = random.Random(seed)
    asked = 0

    def answer(table: play.Table) -> str:
        nonlocal asked
        asked += 1
        d = table.game.decision(table.state)
        if asked > answers or d is None:
            return "q\n"
        return f"{rng.randrange(len(d.actions)) + 1}\n"

    return answer


def played(
    name: str,
    flags: list[str],
    seats: str | None,
    seed: int,
    lang: str,
    answer: Answer,
    width: int = 120,
    rows: int | None = None,
) -> list[str]:
    """The lines of a seeded game at the table ``tavolo play`` sets up from ``flags`` (as
    it reads them: ``--mode M`` first, then the game's own), ``answer`` typing at every
    prompt, shown on a console ``width`` columns wide (by default wider than a screen,
    where a line too long shows as such) with ``rows`` the terminal's height (None: output
    that is not a terminal); no pencil marks come from or go to a profile."""
    game = registry.get(name)
    mode = flags[1] if flags[:1] == ["--mode"] else None
    mode, options = game.play_args(mode, {}, flags[2:] if mode else flags)
    table = play.Table.setup(name, lang, seats, seed, mode, None, options)
    table.marks_key = None
    out = io.StringIO()
    table.out = Console(file=out, width=width, color_system=None, highlight=False)
    table.stdin_is_terminal = False
    table.rows = rows
    table.input = lambda: answer(table)
    table.run()
    return out.getvalue().splitlines()


def screens(lines: list[str], start: re.Pattern[str] = RULE) -> list[list[str]]:
    """Each screen a person reads at a choice, up to its prompt: from the last ``start``
    line before it (a turn's rule, or the hand-over), else from the line after the
    prompt before."""
    found: list[list[str]] = []
    now: list[str] = []
    for line in lines:
        if start.match(line):
            now = []
        now.append(line)
        if PROMPT.match(line):
            found.append(now)
            now = []
    return found


def assert_fits(screen: list[str]) -> None:
    """The screen takes at most ROWS rows of COLUMNS columns (all but its first line: a
    turn's rule is as wide as the console)."""
    text = "\n".join(screen)
    assert len(screen) <= ROWS, f"{len(screen)} rows:\n{text}"
    for line in screen[1:]:
        assert len(line) <= COLUMNS, f"{len(line)} columns: {line!r}\n{text}"


def assert_every_screen_fits(name: str, mode: str, seats: str, seed: int, lang: str) -> None:
    """A seeded game, the person at seat 1 choosing at random (100 answers at most): each
    screen from the rule of the person's turn to its prompt fits (``assert_fits``), and
    there were such screens."""
    lines = played(name, ["--mode", mode], seats, seed, lang, at_random(seed, 100))
    shown = [screen for screen in screens(lines) if RULE.match(screen[0])]
    assert len(shown) > 5  # the game was played, choices were shown
    for screen in shown:
        assert_fits(screen)
