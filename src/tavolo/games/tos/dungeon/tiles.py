"""Room layouts: which cells of a room card are wall and which are floor.

The layouts live in ``tiles.yaml`` next to this module (tavolo's own designs, following the
original's 4 x 6 card and its wall / two-floor-styles cells). Loading checks every layout and
names file, entry and field when one is wrong, because a bad layout would otherwise show up
only as a dungeon that cannot be crawled, or a room the pawn cannot cross.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, field_validator

from tavolo.engine.content import load_entries
from tavolo.engine.errors import ContentError, SaidValue
from tavolo.games.tos.text import MSG

from .geometry import CARD_COLUMNS, CARD_ROWS, SIDES, edge_cells, is_corner

TILES_FILE = Path(__file__).parent / "tiles.yaml"
WALL = "#"
FLOORS = ".:"


class Layout(BaseModel):
    """One room layout as written in the file: 6 rows of 4 cells, upright (orientation A)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    rows: tuple[str, ...]

    @field_validator("rows")
    @classmethod
    def _shape(cls, rows: tuple[str, ...]) -> tuple[str, ...]:
        if len(rows) != CARD_ROWS:
            raise SaidValue(MSG, "content.layout_rows", want=CARD_ROWS, n=len(rows))
        for i, row in enumerate(rows):
            if len(row) != CARD_COLUMNS:
                raise SaidValue(MSG, "content.layout_cells", row=i + 1, text=row, want=CARD_COLUMNS)
            bad = set(row) - set(WALL + FLOORS)
            if bad:
                cell = sorted(bad)[0]
                raise SaidValue(MSG, "content.layout_cell", row=i + 1, text=row, cell=cell)
        floor = {(x, y) for y, row in enumerate(rows) for x, c in enumerate(row) if c in FLOORS}
        if not floor:
            raise SaidValue(MSG, "content.layout_no_floor")
        if _component(floor, next(iter(sorted(floor)))) != floor:
            raise SaidValue(MSG, "content.layout_split")
        for side in SIDES:
            if not any(
                c in floor and not is_corner(CARD_COLUMNS, CARD_ROWS, *c)
                for c in edge_cells(CARD_COLUMNS, CARD_ROWS, side)
            ):
                raise SaidValue(MSG, "content.layout_door", side=side)
        inner = [(x, y) for x, y in floor if 0 < x < CARD_COLUMNS - 1 and 0 < y < CARD_ROWS - 1]
        if not inner:
            raise SaidValue(MSG, "content.layout_inner")
        return rows


def _component(cells: set[tuple[int, int]], start: tuple[int, int]) -> set[tuple[int, int]]:
    """The cells of ``cells`` reachable from ``start`` by orthogonal steps."""
    seen = {start}
    todo = [start]
    while todo:
        x, y = todo.pop()
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


def load_layouts(path: str | Path = TILES_FILE) -> tuple[Layout, ...]:
    """Every layout of a tile file, checked; ContentError naming file, entry and field."""
    layouts = tuple(load_entries(path, Layout, key="id", section="layouts"))
    if len(layouts) < 6:
        raise ContentError.said(MSG, "content.layouts_few", file=Path(path).name)
    return layouts


@cache
def layouts() -> tuple[Layout, ...]:
    """The shipped layouts (read once)."""
    return load_layouts()


def walkable(rows: tuple[str, ...], cx: int, cy: int) -> bool:
    """Whether card cell ``(cx, cy)`` of a layout is floor."""
    return rows[cy][cx] != WALL
