"""Levels and maps built from tiles, and adjacency (P-7).

A level is two tiles side by side (8 x 4); a map is levels stacked, the first at the
bottom. Positions are ``(x, y)`` with x = 0 the left column and y = 0 the map's bottom row
(the opposite of a tile's text, which is written top row first). Boards are plain,
immutable data shared by every state; the rules engine keeps figures elsewhere.

Crossings between two orthogonal spaces:

* sideways: open unless a wall stands between them (either tile's wall at a tile seam);
* vertically: the floor under the upper space decides. Open and ladder floors join the two
  spaces (P-7: a ladder through a platform joins above and below); a platform separates
  them; a one-way platform separates them too, except that a hero may move up through it.

The bottom row of the lowest level always stands on a platform (P: the lowest row counts as
a platform), whatever its tiles draw.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from .tiles import HOLDS, ROWS, WIDTH, Layout

Pos = tuple[int, int]


@dataclass(frozen=True)
class Board:
    """A stack of levels; ``tiles[level]`` names the tile ids left to right."""

    width: int
    height: int
    cells: tuple[str, ...]  # cells[y][x]
    wall_east: tuple[tuple[bool, ...], ...]  # wall_east[y][x]: a wall between x and x + 1
    floor: tuple[str, ...]  # floor[y][x]: what lies under (x, y)
    tiles: tuple[tuple[str, ...], ...] = ()

    # -------------------------------------------------------------------- geometry --
    @property
    def levels(self) -> int:
        return self.height // ROWS

    def level_of(self, pos: Pos) -> int:
        return pos[1] // ROWS

    def tile_of(self, pos: Pos) -> tuple[int, int]:
        """(level, column of the tile in its level) of a position."""
        return pos[1] // ROWS, pos[0] // WIDTH

    def cell(self, pos: Pos) -> str:
        return self.cells[pos[1]][pos[0]]

    def positions(self) -> list[Pos]:
        return [(x, y) for y in range(self.height) for x in range(self.width)]

    def cells_with(self, symbol: str) -> list[Pos]:
        return [p for p in self.positions() if self.cell(p) == symbol]

    def top_row(self, level: int) -> int:
        return level * ROWS + ROWS - 1

    # ------------------------------------------------------------------- crossings --
    def on_platform(self, pos: Pos) -> bool:
        """Whether a figure here stands on a platform (gravity does not move it)."""
        x, y = pos
        return self.floor[y][x] in HOLDS

    def on_ladder(self, pos: Pos) -> bool:
        """Heroes here are on a ladder: the floor under or over them is a ladder."""
        x, y = pos
        return self.floor[y][x] == "H" or (y + 1 < self.height and self.floor[y + 1][x] == "H")

    def fall(self, pos: Pos) -> Pos:
        """Where a figure falls to from ``pos`` (itself when on a platform)."""
        x, y = pos
        while self.floor[y][x] not in HOLDS:
            y -= 1
        return (x, y)

    def _sideways(self, pos: Pos) -> list[Pos]:
        x, y = pos
        out = []
        if x > 0 and not self.wall_east[y][x - 1]:
            out.append((x - 1, y))
        if x + 1 < self.width and not self.wall_east[y][x]:
            out.append((x + 1, y))
        return out

    def adjacent(self, pos: Pos) -> list[Pos]:
        """P-7: the spaces adjacent to ``pos`` (for attacks, zones of control, pushes)."""
        x, y = pos
        out = self._sideways(pos)
        if y + 1 < self.height and self.floor[y + 1][x] in " H":
            out.append((x, y + 1))
        if y > 0 and self.floor[y][x] in " H":
            out.append((x, y - 1))
        return out

    def hero_steps(self, pos: Pos) -> list[Pos]:
        """Where one MOVE takes a hero: the adjacent spaces, and up through a one-way floor."""
        x, y = pos
        out = self.adjacent(pos)
        if y + 1 < self.height and self.floor[y + 1][x] == "^":
            out.append((x, y + 1))
        return out

    @cached_property
    def portals(self) -> dict[int, tuple[Pos, ...]]:
        """The Void portals of each level (P-14)."""
        out: dict[int, list[Pos]] = {}
        for p in self.cells_with("O"):
            out.setdefault(self.level_of(p), []).append(p)
        return {k: tuple(v) for k, v in out.items()}

    def portal_steps(self, pos: Pos) -> list[Pos]:
        if self.cell(pos) != "O":
            return []
        return [p for p in self.portals.get(self.level_of(pos), ()) if p != pos]

    # -------------------------------------------------------------------- drawing --
    def grid_lines(self) -> list[str]:
        """The board in the tile notation, top row first (each level's seam kept)."""
        lines = []
        for y in reversed(range(self.height)):
            row = "|"
            for x in range(self.width):
                east = x + 1 == self.width or self.wall_east[y][x]
                row += self.cells[y][x] + ("|" if east else " ")
            under = " " + " ".join(self.floor[y])
            lines += [row, under + " "]
        return lines


def build(levels: Sequence[Sequence[Layout]], names: Sequence[Sequence[str]] = ()) -> Board:
    """A board from levels of layouts (bottom level first); all levels equally wide."""
    widths = {len(lv) for lv in levels}
    if len(widths) != 1 or not levels:
        raise ValueError("every level has the same number of tiles")
    n = widths.pop()
    width = n * WIDTH
    cells: list[str] = []
    walls: list[tuple[bool, ...]] = []
    floors: list[str] = []
    for lv in levels:
        for ty in reversed(range(ROWS)):  # tile text is top row first
            cells.append("".join(t.cells[ty] for t in lv))
            east: list[bool] = []
            for i, t in enumerate(lv):
                for x in range(WIDTH):
                    wall = t.walls[ty][x + 1]
                    if x == WIDTH - 1 and i + 1 < n:
                        wall = wall or lv[i + 1].walls[ty][0]
                    east.append(wall)
            walls.append(tuple(east))
            floors.append("".join(t.floors[ty] for t in lv))
    floors[0] = "=" * width  # the lowest row counts as a platform
    return Board(
        width,
        len(cells),
        tuple(cells),
        tuple(walls),
        tuple(floors),
        tuple(tuple(lv) for lv in names),
    )


@dataclass(frozen=True)
class TileSet:
    """One theme's tiles, as (id, layout) pairs."""

    normal: tuple[tuple[str, Layout], ...]
    boss: tuple[tuple[str, Layout], ...]


def random_map(tiles: TileSet, rng: random.Random, levels: int = 3, boss: bool = True) -> Board:
    """P-5: ``levels`` levels of 2 random distinct normal tiles, then the boss level."""
    picks = rng.sample(list(tiles.normal), 2 * levels)
    rows = [picks[2 * i : 2 * i + 2] for i in range(levels)]
    if boss:
        top = list(tiles.boss)
        rng.shuffle(top)
        rows.append(top)
    return build([[t for _, t in r] for r in rows], [[i for i, _ in r] for r in rows])
