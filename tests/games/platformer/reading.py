"""The Platformer view as a person reads it: the text beside the board's grid goes on
from one row to the next, so a test reads the grid's columns first, then the text
beside them, then the lines below (a paragraph folded beside the grid reads whole)."""

from __future__ import annotations

import re

from tavolo.games.platformer.game import GAP

GRID = re.compile(r" ?\d+ \|(?:\S[ |])+")  # a row of the grid: " 8 |. . $ *|. $ . .|"


def read_lines(view: str) -> list[str]:
    """The view's lines in reading order: the board's (up to its last column numbers),
    then the text that stood beside them, then the rest."""
    lines = view.replace("\\[", "[").splitlines()
    rows = [i for i, line in enumerate(lines) if GRID.match(line)]
    if not rows:
        return lines
    found = GRID.match(lines[rows[0]])
    assert found is not None
    at = len(found.group(0)) + GAP
    columns = [i for i, line in enumerate(lines) if line[:at].split() == list("12345678")]
    start, end = rows[0] - 2, columns[-1] + 1  # from the top level's label
    board, text = [], []
    for line in lines[start:end]:
        if len(line) > at and not line[at - GAP : at].strip():
            board.append(line[:at].rstrip())
            text.append(line[at:])
        else:
            board.append(line)
    return [*lines[:start], *board, *text, *lines[end:]]


def read(view: str) -> str:
    """The view's words in reading order, on one line."""
    return " ".join(" ".join(read_lines(view)).split())
