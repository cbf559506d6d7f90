"""The dungeon adventure's page: six room cards, then the three index cards.

A room card is a 4 x 6 grid of 13.94 mm tiles (walls dark, two floor styles). It shows four
rooms, one per way the card can lie, so whatever only one room needs is drawn in that
room's *frame*: the card turned so that corner ``k`` (A top-left, B top-right, C
bottom-right, D bottom-left) is the top-left one. In frame ``k`` drawing is rotated by
``-90 k`` degrees, so it reads upright exactly when the card lies in orientation ``k``:

* the corner labels ``nA`` ... ``nD``, each in its own corner;
* door codes: the code of a door of room ``nK`` sits in the 3 mm strip along the cell edge
  that is on top in frame ``k``, so an upright code means "this door is open here".

Door arches are drawn on the card edge of their cell in every frame (a door cell is a door
in at least one orientation); the symbol glyph is drawn turned by its own orientation.
Index entries are up to 6 blocks per card, each as tall as its text needs (see
:func:`index_heights`): the symbol (glyph turned by its effective orientation), its letter
and the trigger icon under it, then the wrapped text.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from reportlab.lib import colors

from ..dungeon.adventure import DungeonAdventure
from ..dungeon.geometry import CARD_COLUMNS, CARD_ROWS, ORIENTATIONS, SIDES, Side
from ..dungeon.index import IndexCard, Instruction
from ..dungeon.model import Card, DungeonMap
from ..dungeon.text import Bars, bars_of, mission_text, render_instruction
from . import fit, glyphs
from .draw import BODY_FONT, INK, TITLE_FONT
from .fit import Fit
from .layout import (
    CARD_H,
    CARD_W,
    CODE_ROOM,
    DOOR_STRIP,
    DOOR_STRIP_INSET,
    INDEX_BLOCK_MIN,
    INDEX_BLOCK_TIGHT,
    INDEX_GLYPH,
    INDEX_GLYPH_COLUMN,
    INDEX_PAD,
    INDEX_PAD_TIGHT,
    INDEX_READABLE,
    INDEX_TEXT_H,
    INSET,
    MM,
    TILE,
    TILE_GAP,
)

Canvas = Any
WALL = colors.HexColor("#55524c")
WALL_LINE = colors.HexColor("#7a766e")
FLOOR = {".": colors.HexColor("#f6f1e6"), ":": colors.HexColor("#e8e0cc")}
FLOOR_MARK = colors.HexColor("#c9bfa6")
STONE = colors.HexColor("#6d675c")
MARKER_GREY = colors.HexColor("#9a9a9a")

GRID_W = CARD_COLUMNS * TILE + (CARD_COLUMNS - 1) * TILE_GAP
GRID_H = CARD_ROWS * TILE + (CARD_ROWS - 1) * TILE_GAP
GRID_X = (CARD_W - GRID_W) / 2
GRID_TOP = CARD_H - (CARD_H - GRID_H) / 2
CODE_FONT_SIZE = 7.0


def cell_box(cx: int, cy: int) -> tuple[float, float]:
    """Bottom-left corner of card cell (column, row) on the upright card."""
    x = GRID_X + cx * (TILE + TILE_GAP)
    y = GRID_TOP - (cy + 1) * TILE - cy * TILE_GAP
    return x, y


@contextmanager
def frame(c: Canvas, x0: float, y0: float, x1: float, y1: float, k: int) -> Iterator[None]:
    """Draw in the box (x0, y0)-(x1, y1) as seen with corner ``k`` (A, B, C, D) on the top
    left: the origin is that corner, x runs right and y up in the turned view (content goes
    at negative y)."""
    corners = ((x0, y1), (x1, y1), (x1, y0), (x0, y0))
    c.saveState()
    c.translate(*corners[k % 4])
    c.rotate(-90 * (k % 4))
    try:
        yield
    finally:
        c.restoreState()


# ------------------------------------------------------------------------ room cards --
def tile(c: Canvas, kind: str, x: float, y: float) -> None:
    """One tile: a wall (dark, with masonry joints) or floor of style '.' or ':'."""
    c.setStrokeColor(WALL_LINE if kind == "#" else FLOOR_MARK)
    if kind == "#":
        c.setFillColor(WALL)
        c.rect(x, y, TILE, TILE, stroke=0, fill=1)
        c.setLineWidth(0.35)
        for i in range(1, 4):
            yy = y + i * TILE / 4
            c.line(x, yy, x + TILE, yy)
            off = TILE / 4 if i % 2 else TILE / 2
            c.line(x + off, yy - TILE / 4, x + off, yy)
        return
    c.setFillColor(FLOOR[kind])
    c.rect(x, y, TILE, TILE, stroke=0, fill=1)
    c.setLineWidth(0.3)
    if kind == ":":  # flagstones
        c.line(x, y + TILE / 2, x + TILE, y + TILE / 2)
        c.line(x + TILE / 3, y, x + TILE / 3, y + TILE / 2)
        c.line(x + 2 * TILE / 3, y + TILE / 2, x + 2 * TILE / 3, y + TILE)
    else:  # packed earth: a few pebbles
        c.setFillColor(FLOOR_MARK)
        for fx, fy in ((0.22, 0.3), (0.7, 0.22), (0.55, 0.74), (0.18, 0.8)):
            c.circle(x + fx * TILE, y + fy * TILE, 0.25 * MM, stroke=0, fill=1)


def arch(c: Canvas) -> None:
    """A rock arch on the top edge of the current frame's cell (TILE wide, below y=0)."""
    cx, r_out, r_in = TILE / 2, 0.33 * TILE, 0.2 * TILE
    c.setFillColor(FLOOR["."])
    c.setStrokeColor(INK)
    c.setLineWidth(0.4)
    stones = 5
    for i in range(stones):
        a0, a1 = 180 + i * 180 / stones, 180 + (i + 1) * 180 / stones
        outer = glyphs.arc_points(cx, 0, r_out, a0, a1, 4)
        inner = glyphs.arc_points(cx, 0, r_in, a1, a0, 4)
        c.setFillColor(STONE)
        glyphs.polygon(c, outer + inner, stroke=True)
    c.setFillColor(FLOOR["."])
    glyphs.polygon(c, glyphs.arc_points(cx, 0, r_in - 0.2, 180, 360, 12))


def door_code(c: Canvas, code: str) -> None:
    """A door code centred in the top strip of the current frame's cell, on a white tag."""
    size = CODE_FONT_SIZE
    w = c.stringWidth(code, TITLE_FONT, size) + 1.2 * MM
    y_mid = -DOOR_STRIP_INSET - DOOR_STRIP / 2
    c.setFillColor(colors.white)
    c.setStrokeColor(INK)
    c.setLineWidth(0.3)
    c.roundRect(TILE / 2 - w / 2, y_mid - DOOR_STRIP / 2, w, DOOR_STRIP, 0.6 * MM, stroke=1, fill=1)
    c.setFillColor(INK)
    c.setFont(TITLE_FONT, size)
    c.drawCentredString(TILE / 2, y_mid - size * 0.36, code)


def corner_label(c: Canvas, label: str, black: bool) -> None:
    """A corner label in the current frame: a triangle marker in the corner, the room id
    beside it, on a white tag (corner cells may be walls)."""
    m = 3.2 * MM
    w = m + c.stringWidth(label, TITLE_FONT, 7) + 1.6 * MM
    c.setFillColor(colors.white)
    c.setStrokeColor(INK)
    c.setLineWidth(0.3)
    c.roundRect(0.5 * MM, -0.5 * MM - 3.8 * MM, w, 3.8 * MM, 0.8 * MM, stroke=1, fill=1)
    c.setFillColor(INK if black else MARKER_GREY)
    glyphs.polygon(
        c,
        [
            (0.9 * MM, -0.9 * MM),
            (0.9 * MM + m - 0.6 * MM, -0.9 * MM),
            (0.9 * MM, -0.9 * MM - m + 0.6 * MM),
        ],
    )
    c.setFillColor(INK)
    c.setFont(TITLE_FONT, 7)
    c.drawString(0.5 * MM + m + 0.3 * MM, -0.5 * MM - 2.9 * MM, label)


def card_side(door_side: Side, orientation: int) -> int:
    """Which card edge (0 N, 1 E, 2 S, 3 W of the upright card) a door leaves by, from
    its side on the map and its room's orientation."""
    return (SIDES.index(door_side) + orientation) % 4


def room_card(c: Canvas, card: Card, dmap: DungeonMap) -> None:
    """Room card ``card`` in the box (0, 0)-(CARD_W, CARD_H)."""
    for cy, row in enumerate(card.rows):
        for cx, kind in enumerate(row):
            tile(c, kind, *cell_box(cx, cy))
    doors = [d for d in dmap.doors if int(d.room[0]) == card.number]
    arches = {(d.card_cell, card_side(d.side, ORIENTATIONS.index(d.room[1]))) for d in doors}
    for (cx, cy), side in sorted(arches):
        x, y = cell_box(cx, cy)
        with frame(c, x, y, x + TILE, y + TILE, side):
            arch(c)
    for d in doors:
        x, y = cell_box(*d.card_cell)
        with frame(c, x, y, x + TILE, y + TILE, ORIENTATIONS.index(d.room[1])):
            door_code(c, d.code)
    sx, sy = cell_box(*card.symbol_cell)
    c.setFillColor(colors.white)
    c.setStrokeColor(INK)
    c.setLineWidth(0.5)
    c.circle(sx + TILE / 2, sy + TILE / 2, 0.36 * TILE, stroke=1, fill=1)
    glyphs.glyph(c, card.symbol, sx + TILE / 2, sy + TILE / 2, 0.52 * TILE, card.symbol_orientation)
    x0, y0 = cell_box(0, CARD_ROWS - 1)
    x1, y1 = cell_box(CARD_COLUMNS - 1, 0)
    for k, letter in enumerate(ORIENTATIONS):
        with frame(c, x0, y0, x1 + TILE, y1 + TILE, k):
            corner_label(c, f"{card.number}{letter}", black=card.number == 1 and k == 0)


# ----------------------------------------------------------------------- index cards --
def entry_lines(instr: Instruction, lang: str, bars: Bars | None = None) -> list[str]:
    """An entry's text as paragraph markup, without the symbol and trigger words that the
    glyph and icon show: the entrance's main quest in plain text, "For 1 time" and
    conditions in bold, then one line per action; a symbol named by glyph and letter as
    the cards print it, without the screen's ``[*4b]``."""
    lines = render_instruction(instr, lang, bars, codes=False).splitlines()[1:]
    mission = mission_text(instr, lang)
    out: list[str] = []
    for line in (ln.strip() for ln in lines):
        if line == mission:
            out.append(fit.text(line))
        elif line.startswith("- "):
            out.append(fit.text(line[2:]))
        else:
            out.append(f"<b>{fit.text(line)}</b>")
    return out


@dataclass(frozen=True)
class Spacing:
    """How an index card spaces its blocks: the space above and below a block's text, the
    shortest block, the gap between an entry's paragraphs and the leading (both in em)."""

    pad: float
    block_min: float
    gap_em: float
    leading_em: float = 1.15


USUAL = Spacing(INDEX_PAD, INDEX_BLOCK_MIN, 0.3)
TIGHT = Spacing(INDEX_PAD_TIGHT, INDEX_BLOCK_TIGHT, 0.15)
"""A crowded card's spacing: about 5% more room for its long entries, enough for the
crowded Italian cards (six entries, three of them long) to stay at 5 pt."""
TIGHTER = Spacing(INDEX_PAD_TIGHT, INDEX_BLOCK_TIGHT, 0.05, 1.08)
"""The most crowded cards' spacing (seven days of 2025-2028): lines closer, still clear
of each other, and barely a gap between paragraphs. Vera, wider than Helvetica, needs it
on the few cards that stayed at 5 pt with ``TIGHT`` in Helvetica."""
SPACINGS = (USUAL, TIGHT, TIGHTER)


def index_entry(
    c: Canvas,
    instr: Instruction,
    lang: str,
    y_top: float,
    height: float,
    where: str,
    bars: Bars | None = None,
    spacing: Spacing = USUAL,
) -> Fit:
    """One index block of ``height`` below ``y_top``: glyph, then its letter and the
    trigger icon side by side under it (a compact column, so a block can be short), text."""
    glyph_n, turn = instr.symbol
    gx = INSET + INDEX_GLYPH_COLUMN / 2 - 0.2 * MM
    glyphs.glyph(c, glyph_n, gx, y_top - 3.5 * MM, INDEX_GLYPH, turn)
    c.setFillColor(INK)
    c.setFont(TITLE_FONT, 5.5)
    c.drawCentredString(gx - 1.5 * MM, y_top - 8.6 * MM, ORIENTATIONS[turn])
    glyphs.trigger_icon(c, instr.trigger, gx + 1.5 * MM, y_top - 8.0 * MM, 2.4 * MM)
    x, width = index_text_box()
    build = fit.paragraphs(entry_lines(instr, lang, bars), BODY_FONT, leading_em=spacing.leading_em)
    pad = spacing.pad
    return fit.fit_box(
        c, build, x, y_top - pad / 2, width, height - pad, where, gap_em=spacing.gap_em
    )


def index_text_box() -> tuple[float, float]:
    """Left x and width of an index entry's text."""
    x = INSET + INDEX_GLYPH_COLUMN
    return x, CARD_W - x - CODE_ROOM - 0.3 * MM


def _wanted(lines: list[list[str]], size: float, spacing: Spacing) -> list[float]:
    """The height each entry's block needs at ``size``."""
    _, width = index_text_box()
    builds = [fit.paragraphs(entry, BODY_FONT, leading_em=spacing.leading_em) for entry in lines]
    return [
        max(spacing.block_min, fit.measure(b(size), width, size * spacing.gap_em) + spacing.pad)
        for b in builds
    ]


def index_spacing(lines: list[list[str]]) -> Spacing:
    """The first of the usual, the tight and the tighter spacing with which the card's
    entries (``lines``, their markup) all fit at 5 pt; else the tighter one."""
    for spacing in SPACINGS:
        if sum(_wanted(lines, INDEX_READABLE, spacing)) <= INDEX_TEXT_H:
            return spacing
    return TIGHTER


def index_heights(lines: list[list[str]], spacing: Spacing = USUAL) -> list[float]:
    """Heights of the blocks of an index card's entries (``lines`` are their markup).

    Equal blocks left long entries at under 4 pt while short ones wasted room, so each
    block gets what its text needs at the largest size at which all of them fit the card
    (never less than ``spacing.block_min``), and the room left over is shared equally."""
    if not lines:
        return []
    total = INDEX_TEXT_H
    want: list[float] = []
    for size in fit.SIZES:
        want = _wanted(lines, size, spacing)
        if sum(want) <= total:
            break
    else:
        return [total / len(lines)] * len(lines)
    extra = (total - sum(want)) / len(lines)
    return [w + extra for w in want]


def index_card(
    c: Canvas, card: IndexCard, lang: str, page: int, pages: int, bars: Bars | None = None
) -> list[Fit]:
    """Index card ``card``: its blocks from the top, sized by their text and separated by
    thin rules, and the page number (``page/pages``) at the bottom right, below them all."""
    fits: list[Fit] = []
    lines = [entry_lines(instr, lang, bars) for instr in card.instructions]
    spacing = index_spacing(lines)
    heights = index_heights(lines, spacing)
    y = CARD_H - INSET
    c.setStrokeColor(colors.HexColor("#9a9a9a"))
    c.setLineWidth(0.3)
    for i, (instr, height) in enumerate(zip(card.instructions, heights, strict=True)):
        if i:
            c.line(INSET, y, CARD_W - INSET - CODE_ROOM, y)
        where = f"D-{card.number}B entry {i + 1}"
        fits.append(index_entry(c, instr, lang, y, height, where, bars, spacing))
        y -= height
    c.setFillColor(INK)
    c.setFont(TITLE_FONT, 7)
    c.drawRightString(CARD_W - INSET - CODE_ROOM, INSET + 0.5 * MM, f"{page}/{pages}")
    return fits


def dungeon_card(c: Canvas, adventure: DungeonAdventure, number: int, lang: str) -> list[Fit]:
    """Card ``number`` (1-6 a room card, 7-9 an index card) of the dungeon page."""
    if number <= len(adventure.map.cards):
        room_card(c, adventure.map.card(number), adventure.map)
        return []
    cards = adventure.index.cards
    k = [ic.number for ic in cards].index(number)
    return index_card(c, cards[k], lang, k + 1, len(cards), bars_of(adventure.index))
