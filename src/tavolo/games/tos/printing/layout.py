"""Where things go on a print-and-play sheet: A4 portrait, a 3 x 3 grid of 64 x 89 mm cards.

All lengths are in points (reportlab's unit); ``MM`` converts. The grid has no gaps and
is centred by the margins: 9 mm left and right, 15 mm top and bottom (9 + 3 x 64 + 9 = 210,
15 + 3 x 89 + 15 = 297). Grid position = card index in reading order (row 0 at the top).

Backs of a double-sided sheet sit at mirrored positions: with a long-edge flip (both
double-sided modes) column ``c`` goes to ``2 - c`` and the row is kept; ``vertical`` (row
``r`` to ``2 - r``) would serve a short-edge flip.
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

# world cards (tos-facts 6.10, 8.1)
ID_SQUARE = 8 * MM
ENEMY_STRIP = 15.6 * MM
"""The enemy strip's height; it sits vertically centred in its half."""
CODE_ROOM = 2.2 * MM
"""Width kept free along the right long edge for the card code."""

# dungeon cards (tos-facts 7.1, 7.13, 8.1)
TILE = 13.94 * MM
TILE_GAP = 0.3 * MM
DOOR_STRIP = 3 * MM
DOOR_STRIP_INSET = 1 * MM
"""A door code sits in a 3 mm strip, 1 mm inside the cell edge that is on top."""
INDEX_PAGE_NO = 3 * MM
"""Kept free at the bottom of an index card for its page number (``1/3``)."""
INDEX_TEXT_H = CARD_H - 2 * INSET - INDEX_PAGE_NO
"""The height an index card's entry blocks share."""
INDEX_GLYPH = 5.8 * MM
INDEX_GLYPH_COLUMN = 8 * MM
"""An entry's glyph column: the glyph, with its letter and trigger icon under it."""
INDEX_BLOCK_MIN = 10.2 * MM
"""The shortest entry block: the glyph column's height."""
INDEX_PAD = 1.2 * MM
"""Space in a block above and below its text."""
INDEX_BLOCK_TIGHT = 9.6 * MM
INDEX_PAD_TIGHT = 0.5 * MM
"""A crowded index card's spacing (see ``dungeon_page.index_spacing``): blocks down to
the glyph column's ink (its trigger icon ends 9.2 mm below the block's top), less space
around the text."""
INDEX_READABLE = 5.0
"""No index entry is set below this size while a tighter spacing can avoid it."""

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
