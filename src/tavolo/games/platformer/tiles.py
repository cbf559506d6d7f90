"""The tile notation: a 4 x 4 dungeon tile as 8 lines of text a person can read and edit.

A tile is written top row first, as alternating *space lines* and *floor lines*; each
space line is followed by the floor line under it, so the last line is the tile's bottom
edge (what separates it from the level below)::

    "|$ . . *|"     space line: edge, space, edge, space, edge, space, edge, space, edge
    "==  ==H=="     floor line: the character under each space is what lies below it
    "|. E|. .|"
    " = ====  "
    ...

Every line is exactly 9 characters. In a space line the even positions (0, 2, 4, 6, 8) are
the edges left of, between and right of the spaces, and the odd positions (1, 3, 5, 7) the
four spaces. In a floor line the odd positions are the floors under the four spaces; the
even positions are joints, drawn for the eye only (" ", "=", "^" or "+").

Spaces (``CELLS``): ``.`` empty, ``$`` coin, ``*`` gem, ``x`` trap, ``S`` shop, ``E`` enemy
formation, ``O`` Void portal (Void tiles only), ``B`` boss formation, ``!`` special icon
(boss tiles only). Edges (``EDGES``): ``|`` wall, space = open. Floors (``FLOORS``): space =
open, ``=`` platform, ``H`` ladder through a platform (the platform holds figures from
above; the ladder joins the spaces above and below it, and heroes on either of those two
spaces are on the ladder), ``^`` one-way platform (boss tiles' bottom line: heroes pass it
upward only, nobody passes it downward).

A tile's outer edges (positions 0 and 8) meet the map's border or the other tile of the
level; two tiles side by side are separated by a wall if either one draws it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from tavolo.engine.errors import SaidValue

WIDTH = 4
ROWS = 4
LINE = 2 * WIDTH + 1

CELLS = {
    ".": "empty",
    "$": "coin",
    "*": "gem",
    "x": "trap",
    "S": "shop",
    "E": "formation",
    "O": "portal",
    "B": "boss_formation",
    "!": "special",
}
EDGES = {" ": "open", "|": "wall"}
FLOORS = {" ": "open", "=": "platform", "H": "ladder", "^": "one_way"}
JOINTS = " =^+"
HOLDS = "=H^"
"""Floors that hold a figure standing on them (gravity stops there)."""


@dataclass(frozen=True)
class Layout:
    """A parsed tile: ``cells[y][x]`` with y = 0 the top row, ``walls[y]`` the 5 edges of
    row y (True = wall), ``floors[y][x]`` the floor under space (x, y)."""

    cells: tuple[str, ...]
    walls: tuple[tuple[bool, ...], ...]
    floors: tuple[str, ...]

    def count(self, symbol: str) -> int:
        return sum(row.count(symbol) for row in self.cells)

    def cells_with(self, symbol: str) -> list[tuple[int, int]]:
        return [
            (x, y) for y, row in enumerate(self.cells) for x, c in enumerate(row) if c == symbol
        ]

    def on_platform(self, x: int, y: int) -> bool:
        return self.floors[y][x] in HOLDS

    @property
    def one_way_bottom(self) -> bool:
        return self.floors[ROWS - 1] == "^" * WIDTH

    @property
    def has_one_way(self) -> bool:
        return any("^" in f for f in self.floors)


def _said(key: str, /, **params: Any) -> SaidValue:
    """A grid's problem in the game's catalog, told in the user's language. The catalog
    lives in text.py, which imports this module: hence the late import."""
    from .text import MSG

    return SaidValue(MSG, key, **params)


@lru_cache(maxsize=256)
def parse_grid(lines: tuple[str, ...]) -> Layout:
    """A tile's 8 lines as a :class:`Layout`; ValueError naming the line and column."""
    if len(lines) != 2 * ROWS:
        raise _said("content.grid.lines", lines=2 * ROWS, rows=ROWS, n=len(lines))
    cells: list[str] = []
    walls: list[tuple[bool, ...]] = []
    floors: list[str] = []
    for i, line in enumerate(lines):
        n = i + 1
        if not isinstance(line, str) or len(line) != LINE:
            size = len(line) if isinstance(line, str) else 0
            raise _said("content.grid.size", n=n, line=str(line), size=size, width=LINE)
        if i % 2 == 0:
            row = line[1::2]
            for x, c in enumerate(row):
                if c not in CELLS:
                    raise _said("content.grid.space", n=n, line=line, char=c, column=2 * x + 2)
            for k, c in enumerate(line[0::2]):
                if c not in EDGES:
                    raise _said("content.grid.edge", n=n, line=line, char=c, column=2 * k + 1)
            cells.append(row)
            walls.append(tuple(c == "|" for c in line[0::2]))
        else:
            under = line[1::2]
            for x, c in enumerate(under):
                if c not in FLOORS:
                    raise _said("content.grid.floor", n=n, line=line, char=c, column=2 * x + 2)
            for k, c in enumerate(line[0::2]):
                if c not in JOINTS:
                    raise _said("content.grid.joint", n=n, line=line, char=c, column=2 * k + 1)
            floors.append(under)
    return Layout(tuple(cells), tuple(walls), tuple(floors))
