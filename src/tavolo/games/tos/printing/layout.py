"""Where things go on a print-and-play sheet: A4 portrait, a 3 x 3 grid of 64 x 89 mm cards.

All lengths are in points (reportlab's unit); ``MM`` converts. The grid has no gaps and
is centred by the margins: 9 mm left and right, 15 mm top and bottom (9 + 3 x 64 + 9 = 210,
15 + 3 x 89 + 15 = 297). Grid position = card index in reading order (row 0 at the top).

Backs of a double-sided sheet sit at mirrored positions:

* ``doublesided`` (long-edge flip): column ``c`` goes to ``2 - c``, the row is kept;
* ``doublesidedcross`` (short-edge flip): row ``r`` goes to ``2 - r``, the column is kept.
"""

from __future__ import annotations

from typing import Literal

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm

MM: float = mm
PAGE_W, PAGE_H = A4
CARD_W = 64 * MM
CARD_H = 89 * MM
HALF_H = CARD_H / 2
MARGIN_X = 9 * MM
MARGIN_Y = 15 * MM
COLS = ROWS = 3
CORNER = 2.5 * MM
"""Rounded corner radius of the cut outline."""
INSET = 2 * MM
"""Content inset from the card edge."""
CUT_WIDTH = 0.5 * MM
CUT_DASH = (1 * MM, 0.5 * MM)
CODE_STRIP = 1.5 * MM
CODE_GAP = 0.45 * MM
"""The card code runs in a 1.5 mm strip, 0.45 mm inside the right long edge."""
CROSS_ARM = 3 * MM
"""Half-length of a crop crosshair arm (doublesidedcross)."""
SPHERE = 7.4 * MM

Mirror = Literal["none", "horizontal", "vertical"]


def cell(index: int) -> tuple[int, int]:
    """(column, row) of grid position ``index`` (0-8, reading order, row 0 at the top)."""
    if not 0 <= index < COLS * ROWS:
        raise ValueError(f"grid position {index} is not 0-8")
    return index % COLS, index // COLS


def mirrored(index: int, mirror: Mirror) -> int:
    """The grid position where the back of card ``index`` is printed."""
    col, row = cell(index)
    if mirror == "horizontal":
        col = COLS - 1 - col
    elif mirror == "vertical":
        row = ROWS - 1 - row
    return row * COLS + col


def origin(index: int, mirror: Mirror = "none") -> tuple[float, float]:
    """Bottom-left corner (points, PDF coordinates) of the card at grid position ``index``."""
    col, row = cell(mirrored(index, mirror))
    x = MARGIN_X + col * CARD_W
    y = PAGE_H - MARGIN_Y - (row + 1) * CARD_H
    return x, y


def grid_box() -> tuple[float, float, float, float]:
    """The whole grid: x0, y0, x1, y1 in points."""
    return MARGIN_X, MARGIN_Y, PAGE_W - MARGIN_X, PAGE_H - MARGIN_Y


def crosshair_points() -> list[tuple[float, float]]:
    """Every corner of the grid's cells: where crop crosshairs go."""
    return [
        (MARGIN_X + c * CARD_W, MARGIN_Y + r * CARD_H)
        for r in range(ROWS + 1)
        for c in range(COLS + 1)
    ]
