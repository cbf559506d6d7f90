"""The world adventure's page: nine region cards, each with two halves.

A half (drawn upright in a 64 x 44.5 mm box; the card turns the bottom one by 180 degrees)
has its id in an 8 mm square at the top left (black for the start half 1A; a triangle
marker under the square on A halves, black on 1A), the title on a band beside it, and its
lines as text. A half with a fight puts the 15.6 mm enemy strip across the middle, the
lines before the fight above it and the lines after it below, so that strips line up from
card to card: the strip's right end (level, attack, defense, each with an open or closed
bonus slot) faces the left end of the next card's strip (that card's bonus triplet).

The words come from the world adventure's text module (``render_half`` on the lines above
and below the strip, ``half_title``); a tick bar also gets its boxes drawn for the pencil,
the first one blank and the end value unboxed, under its sentence.
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib import import_module
from typing import Any, Protocol, cast

from reportlab.lib import colors
from reportlab.platypus import Flowable

from ..schema import Enemy
from ..world.model import Card, Fight, Half, Line, TickBar, WorldAdventure
from . import fit, glyphs
from .draw import BANNER, BODY_FONT, FAINT, INK, ITALIC_FONT, TITLE_FONT, fit_size
from .fit import Fit
from .layout import CARD_W, CODE_ROOM, ENEMY_STRIP, HALF_H, ID_SQUARE, INSET, MM

Canvas = Any
STRIP_FILL = colors.HexColor("#ecebe4")
CLOSED = colors.HexColor("#8c8c8c")
BOX = 3.6 * MM
RIGHT = CARD_W - CODE_ROOM
"""Halves keep the right long edge free for the card code."""


class WorldWords(Protocol):
    """What the page needs from the world text module."""

    def render_half(self, half: Half, lang: str) -> list[str]: ...

    def half_title(self, half: Half, lang: str) -> str: ...


class TickBoxes(Flowable):  # type: ignore[misc]  # reportlab ships no type hints
    """A tick bar's boxes in a row (the values in them), an arrow, then the end value."""

    def __init__(self, bar: TickBar, size: float) -> None:
        super().__init__()
        self.bar = bar
        self.size = size

    def wrap(self, avail_w: float, avail_h: float) -> tuple[float, float]:
        self.width = (len(self.bar.boxes) + 1.8) * BOX
        return self.width, BOX + 0.4 * MM

    def draw(self) -> None:
        c = self.canv
        c.setLineWidth(0.4)
        c.setStrokeColor(INK)
        for i, value in enumerate(self.bar.boxes):
            c.setFillColor(colors.white)
            c.rect(i * BOX, 0.2 * MM, BOX, BOX, stroke=1, fill=1)
            if value:
                c.setFillColor(INK)
                c.setFont(TITLE_FONT, 6)
                c.drawCentredString((i + 0.5) * BOX, 0.2 * MM + BOX / 2 - 2.2, value.upper())
        x = len(self.bar.boxes) * BOX + 0.5 * MM
        c.setFillColor(INK)
        glyphs.polygon(c, [(x, 0.9 * MM), (x + 1.6 * MM, 0.2 * MM + BOX / 2), (x, BOX - 0.5 * MM)])
        c.setFont(TITLE_FONT, 7)
        c.drawString(x + 2.2 * MM, 0.2 * MM + BOX / 2 - 2.5, self.bar.end.upper())


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else ("0" if n == 0 else f"\u2212{-n}")


def split_fight(lines: Sequence[Line]) -> tuple[list[Line], Fight | None, list[Line]]:
    """The lines before the half's (first) fight, the fight, and the lines after it."""
    for i, line in enumerate(lines):
        if isinstance(line, Fight):
            return list(lines[:i]), line, list(lines[i + 1 :])
    return list(lines), None, []


def _around_boxes(sentence: str, bar: TickBar) -> list[str | TickBar]:
    """The tick bar's sentence with its boxes drawn where the words write them as
    ``[ ][A]...``, or under the sentence when they do not."""
    written = "".join(f"[{v.upper() or ' '}]" for v in bar.boxes)
    before, found, after = sentence.partition(written)
    if not found:
        return [sentence, bar]
    return [p for p in (before.strip(), bar, after.strip()) if p]


def _build(half: Half, lines: Sequence[Line], words: WorldWords, lang: str) -> fit.Build:
    """The text of ``lines`` (a part of ``half``) as the world text reads it, with each tick
    bar's boxes drawn under its sentence, before the lines of its values."""
    parts: list[str | TickBar] = []
    run: list[Line] = []

    def said(part: Sequence[Line]) -> list[str]:
        return words.render_half(half.model_copy(update={"lines": tuple(part)}), lang)

    for line in lines:
        if isinstance(line, TickBar):
            parts += said(run)
            sentence, *values = said([line])
            parts += [*_around_boxes(sentence, line), *values]
            run = []
        else:
            run.append(line)
    parts += said(run)

    def build(size: float) -> list[Flowable]:
        return [
            TickBoxes(p, size) if isinstance(p, TickBar) else fit.para(fit.text(p), BODY_FONT, size)
            for p in parts
        ]

    return build


# --------------------------------------------------------------------------- pieces --
def id_square(c: Canvas, half_id: str) -> None:
    """The id square at the top left; the start half 1A is black; A halves get a triangle
    marker under it (black on 1A, grey elsewhere)."""
    x, top = INSET, HALF_H - INSET
    start = half_id == "1A"
    c.setStrokeColor(INK)
    c.setLineWidth(0.6)
    c.setFillColor(INK if start else colors.white)
    c.rect(x, top - ID_SQUARE, ID_SQUARE, ID_SQUARE, stroke=1, fill=1)
    c.setFillColor(colors.white if start else INK)
    c.setFont(TITLE_FONT, 11)
    c.drawCentredString(x + ID_SQUARE / 2, top - ID_SQUARE / 2 - 11 * 0.36, half_id)
    if half_id.endswith("A"):
        c.setFillColor(INK if start else FAINT)
        y = top - ID_SQUARE - 0.5 * MM
        mid = x + ID_SQUARE / 2
        glyphs.polygon(
            c, [(mid - 1.6 * MM, y - 1.8 * MM), (mid + 1.6 * MM, y - 1.8 * MM), (mid, y)]
        )


def title_band(c: Canvas, title: str) -> None:
    """The half's title on a band right of the id square."""
    x0, x1 = INSET + ID_SQUARE + 1.5 * MM, RIGHT - INSET
    top = HALF_H - INSET
    c.setFillColor(BANNER)
    c.roundRect(x0, top - 4.6 * MM, x1 - x0, 4.6 * MM, 0.8 * MM, stroke=0, fill=1)
    size = fit_size(title, TITLE_FONT, x1 - x0 - 2 * MM, 8, smallest=4)
    c.setFillColor(colors.white)
    c.setFont(TITLE_FONT, size)
    c.drawCentredString((x0 + x1) / 2, top - 2.3 * MM - size * 0.36, title)


def enemy_strip(c: Canvas, fight: Fight, y0: float, lang: str, where: str) -> Fit:
    """The enemy strip from ``y0`` up: the card's bonus triplet at the left end, the enemy
    (name and modifier) in the middle, level, attack and defense with their bonus slots
    at the right end."""
    h = ENEMY_STRIP
    c.setFillColor(STRIP_FILL)
    c.setStrokeColor(INK)
    c.setLineWidth(0.5)
    c.rect(0, y0, RIGHT, h, stroke=0, fill=1)
    c.line(0, y0, RIGHT, y0)
    c.line(0, y0 + h, RIGHT, y0 + h)
    row = h / 3
    # the bonus this card gives the enemy on the card to its left
    c.setFillColor(colors.white)
    c.rect(0, y0 + 0.4 * MM, 9 * MM, h - 0.8 * MM, stroke=1, fill=1)
    for i, (stat, value) in enumerate(zip(glyphs.STATS, fight.bonus, strict=True)):
        cy = y0 + h - (i + 0.5) * row
        glyphs.stat_icon(c, stat, 2.6 * MM, cy, 2.8 * MM)
        c.setFillColor(INK)
        c.setFont(TITLE_FONT, 7)
        c.drawRightString(8.2 * MM, cy - 2.5, _signed(value))
    # the enemy's stats and slots
    e = fight.enemy
    values = [str(e.level), str(e.attack), "\u2013" if e.defense is None else str(e.defense)]
    sx = RIGHT - 15 * MM
    for i, (stat, shown) in enumerate(zip(glyphs.STATS, values, strict=True)):
        cy = y0 + h - (i + 0.5) * row
        glyphs.stat_icon(c, stat, sx + 1.8 * MM, cy, 3.2 * MM)
        c.setFillColor(INK)
        c.setFont(TITLE_FONT, 9)
        c.drawCentredString(sx + 6.6 * MM, cy - 9 * 0.36, shown)
        slot(c, sx + 9.6 * MM, cy, stat in fight.open)
    return enemy_words(c, e, 10 * MM, sx - 0.8 * MM, y0, lang, where)


def slot(c: Canvas, x: float, cy: float, is_open: bool) -> None:
    """A bonus slot: open (a white box, its right side open towards the neighbour's bonus)
    or closed (a grey box with a bar)."""
    w, hh = 4.6 * MM, 3.8 * MM
    y = cy - hh / 2
    c.setLineWidth(0.5)
    c.setStrokeColor(INK)
    if is_open:
        c.setFillColor(colors.white)
        c.rect(x, y, w, hh, stroke=0, fill=1)
        p = c.beginPath()
        p.moveTo(x + w, y)
        p.lineTo(x, y)
        p.lineTo(x, y + hh)
        p.lineTo(x + w, y + hh)
        c.drawPath(p, stroke=1, fill=0)
        c.setFillColor(INK)
        glyphs.polygon(
            c,
            [
                (x + w - 1.6 * MM, cy),
                (x + w - 0.3 * MM, cy + 1 * MM),
                (x + w - 0.3 * MM, cy - 1 * MM),
            ],
        )
    else:
        c.setFillColor(CLOSED)
        c.rect(x, y, w, hh, stroke=1, fill=1)
        c.setStrokeColor(colors.white)
        c.setLineWidth(0.8)
        c.line(x + 0.9 * MM, cy, x + w - 0.9 * MM, cy)


def enemy_words(c: Canvas, e: Enemy, x0: float, x1: float, y0: float, lang: str, where: str) -> Fit:
    """The middle of the strip: the enemy's name if it has one, then its modifier (bold
    name and rule) or the trap rule; crossed swords when there is nothing to say."""
    from .. import text

    lines = [f"<b>{fit.text(e.name)}</b>"] if e.name else []
    if e.modifier is not None:
        name = text.modifier_name(e.modifier, lang)
        rule = fit.text(text.render_modifier(e.modifier, lang))
        lines.append(f"<b>{fit.text(name)}</b>: {rule}" if name else rule)
    elif e.defense is None:
        lines.append(fit.text(text.render_enemy(e, lang).split(" \u00b7 ")[-1]))
    if not lines:
        cx, cy = (x0 + x1) / 2, y0 + ENEMY_STRIP / 2
        c.saveState()
        c.translate(cx, cy)
        c.scale(-1, 1)
        glyphs.stat_icon(c, "attack", 0, 0, 7 * MM)
        c.restoreState()
        glyphs.stat_icon(c, "attack", cx, cy, 7 * MM)
        return Fit(where, 0, 0, ENEMY_STRIP)
    build = fit.paragraphs(lines, ITALIC_FONT, alignment=1)
    room = ENEMY_STRIP - 1.2 * MM
    top = y0 + ENEMY_STRIP - 0.6 * MM
    return fit.fit_box(c, build, x0, top, x1 - x0, room, where, valign="middle")


# ---------------------------------------------------------------------------- faces --
ABOVE_X = INSET + ID_SQUARE + 1.5 * MM
ABOVE_TOP = HALF_H - INSET - 5.2 * MM
"""Text above the strip sits right of the id square, under the title band."""
READABLE = tuple(size for size in fit.SIZES if size >= 5.5)


def strip_y(above: fit.Build | None, below: fit.Build | None) -> float:
    """The strip's bottom edge: vertically centred (so strips line up across the grid),
    unless the text above it would not fit at a readable size; then lowered just enough,
    never into the room the text below needs."""
    y0 = (HALF_H - ENEMY_STRIP) / 2
    if above is None:
        return y0
    room = ABOVE_TOP - (y0 + ENEMY_STRIP + 0.6 * MM)
    _, f = fit.set_box(above, RIGHT - INSET - ABOVE_X, room, "", sizes=READABLE)
    if f.fits:
        return y0
    need_below = 0.0
    if below is not None:
        below_room = y0 - 0.8 * MM - INSET
        need_below = fit.set_box(below, RIGHT - 3 * INSET, below_room, "", sizes=READABLE)[1].height
    return min(y0, max(INSET + 0.8 * MM + need_below, y0 - (f.height - f.room)))


def world_half(c: Canvas, h: Half, words: WorldWords, lang: str) -> list[Fit]:
    """One half upright in (0, 0)-(CARD_W, HALF_H); returns its text boxes' fits."""
    id_square(c, h.id)
    title_band(c, words.half_title(h, lang))
    before, fight, after = split_fight(h.lines)
    full_x, full_w = INSET, RIGHT - 2 * INSET
    if fight is None:
        top = HALF_H - INSET - ID_SQUARE - 2.8 * MM
        build = _build(h, before, words, lang)
        return [fit.fit_box(c, build, full_x, top, full_w, top - INSET, h.id, valign="middle")]
    above = _build(h, before, words, lang) if before else None
    below = _build(h, after, words, lang) if after else None
    y0 = strip_y(above, below)
    fits = [enemy_strip(c, fight, y0, lang, f"{h.id} enemy")]
    if above is not None:
        room = ABOVE_TOP - (y0 + ENEMY_STRIP + 0.6 * MM)
        width = RIGHT - INSET - ABOVE_X
        where = f"{h.id} above"
        fits.append(fit.fit_box(c, above, ABOVE_X, ABOVE_TOP, width, room, where, valign="middle"))
    if below is not None:
        top = y0 - 0.8 * MM
        fits.append(fit.fit_box(c, below, full_x, top, full_w, top - INSET, f"{h.id} below"))
    return fits


def world_card(c: Canvas, card: Card, words: WorldWords, lang: str) -> list[Fit]:
    """A region card in (0, 0)-(CARD_W, 2 * HALF_H): top half upright, bottom half
    turned, a faint fold line between them."""
    c.saveState()
    c.translate(0, HALF_H)
    fits = world_half(c, card.top, words, lang)
    c.restoreState()
    c.saveState()
    c.translate(CARD_W, HALF_H)
    c.rotate(180)
    fits += world_half(c, card.bottom, words, lang)
    c.restoreState()
    c.setStrokeColor(FAINT)
    c.setLineWidth(0.3)
    c.setDash(0.5 * MM, 1 * MM)
    c.line(INSET, HALF_H, CARD_W - INSET, HALF_H)
    c.setDash()
    return fits


def world_words() -> WorldWords:
    """The world text module (imported when a world page is printed)."""
    text: WorldWords = cast(WorldWords, import_module("tavolo.games.tos.world.text"))
    return text


def world_card_at(
    c: Canvas, adventure: WorldAdventure, number: int, lang: str, words: WorldWords | None = None
) -> list[Fit]:
    """Card ``number`` of the world page."""
    return world_card(c, adventure.card(number), words or world_words(), lang)
