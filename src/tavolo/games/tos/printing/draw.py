"""Vector drawing of hero cards and the status card on a reportlab canvas.

Every function draws in local coordinates (points, origin at the bottom-left, y up) that
the caller has set with ``translate``/``rotate``. A half is drawn upright in a 64 x 44.5 mm
box; the card puts the bottom half in the same box turned by 180 degrees, so it reads
upright once the card is turned. Nothing is a bitmap: banners, spheres, stars, element
triangles and track boxes are paths; all words are real text in the PDF's text layer.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph

from .. import text
from ..schema import Half, Hero, HeroCard, TickBar
from . import fonts, glyphs
from .layout import CARD_H, CARD_W, CODE_GAP, CODE_ROOM, HALF_H, INSET, MM, SPHERE

Canvas = Any  # reportlab.pdfgen.canvas.Canvas (reportlab ships no type hints)

INK = colors.HexColor("#222222")
BANNER = colors.HexColor("#34344e")
GOLD = colors.HexColor("#f2c84b")
STAR_FILL = colors.HexColor("#1f3a68")
SPHERE_FILL = colors.HexColor("#dde6f5")
FAINT = colors.HexColor("#b0b0b0")
SHADE = colors.HexColor("#e4e4e4")
ELEMENT_COLORS = {
    "fire": colors.HexColor("#d2452b"),
    "water": colors.HexColor("#2f6fc2"),
    "earth": colors.HexColor("#6b8e23"),
    "air": colors.HexColor("#d9a400"),
}
POINTS_UP = {"fire": True, "air": True, "water": False, "earth": False}
BARRED = {"air", "earth"}
"""The alchemical element symbols: fire and air point up, water and earth down; air and
earth carry a bar."""

TITLE_FONT = fonts.TITLE
BODY_FONT = fonts.BODY
ITALIC_FONT = fonts.ITALIC
BODY_SIZES = (6.5, 6.0, 5.5, 5.0, 4.5, 4.0, 3.5)

TITLE_LEFT = 11 * MM
TITLE_RIGHT = 52.5 * MM
ABILITY_TOP = 11 * MM
"""Abilities start this far below the half's top edge."""
CODE_SIZE = 5.0
"""The card code's font size: the smallest a player reads without effort."""


# ----------------------------------------------------------------------------- helpers --
NUMBER_AFTER_WORD = re.compile(r"(?<=[^\W\d_]) (?=[-+\u2212]?\d)")
"""The space between a word and the number after it ('Difesa 2', 'room 1A')."""


SYMBOL_CALLBACK = "tos_card_symbol"
"""The name under which a card paragraph's canvas draws a card symbol (``<onDraw>``)."""


def _symbol_markup(name: str) -> str:
    """A card symbol in paragraph markup: a no-break space that :class:`CardParagraph`
    widens to the symbol's advance, then a mark that draws the symbol over it."""
    return f'<span>\u00a0</span><onDraw name="{SYMBOL_CALLBACK}" label="{name}"/>'


def card_markup(line: str) -> str:
    """Card text as paragraph markup: ★, ▶ and ☐ as the symbols :mod:`.glyphs` draws (a
    star, the banner's arrowhead, an open pencil box; the text font has none of them), the
    minus sign − left to the text font (Vera has it), and a no-break space between a word
    and the number after it, so a line never ends 'Difesa' with '2.' under it, and before
    a separator dot, so no line starts with '· Charmed'. Set it in a
    :class:`CardParagraph`, which draws the symbols."""
    out = NUMBER_AFTER_WORD.sub("\u00a0", escape(line)).replace(" \u00b7 ", "\u00a0\u00b7 ")
    for ch, name in glyphs.CARD_SYMBOLS.items():
        out = out.replace(ch, _symbol_markup(name))
    return out


def _draw_symbol(c: Canvas, _kind: str, name: str) -> None:
    """The ``<onDraw>`` callback: the symbol ``name`` over the room just left for it (the
    line's position is after it), in the text's size and colour. reportlab gives the line's
    position without a justified line's stretched spaces: card text is never justified."""
    info = c._curr_tx_info
    style = info["xs"].style
    size = style.fontSize
    x = info["cur_x"] - glyphs.SYMBOL_ADVANCE[name] * size
    c.saveState()
    c.setFillColor(info["xs"].textColor or style.textColor)
    glyphs.card_symbol(c, name, x, info["cur_y"], size)
    c.restoreState()


class CardParagraph(Paragraph):  # type: ignore[misc]  # reportlab ships no type hints
    """A paragraph of :func:`card_markup`: each symbol's no-break space takes the symbol's
    advance (so lines break and measure as with a font's glyph), and drawing it draws the
    symbols as paths."""

    def __init__(self, markup: str, style: ParagraphStyle, *args: Any, **kw: Any) -> None:
        super().__init__(markup, style, *args, **kw)
        space = stringWidth("\u00a0", BODY_FONT, 1)
        frags = self.frags
        for i, f in enumerate(frags):
            cb = getattr(f, "cbDefn", None)
            if cb is not None and getattr(cb, "name", "") == SYMBOL_CALLBACK:
                room = frags[i - 1]
                room.fontName = BODY_FONT
                room.fontSize = style.fontSize * glyphs.SYMBOL_ADVANCE[cb.label] / space
                room.symbol_room = True

    def breakLines(self, width: Any) -> Any:
        """The lines as reportlab breaks them, each line's font size that of its text, not
        of a symbol's widened space (the first line's baseline hangs from it)."""
        lines = super().breakLines(width)
        for line in lines.lines if lines.kind == 1 else ():
            sizes = [w.fontSize for w in line.words if not getattr(w, "symbol_room", False)]
            line.fontSize = max(sizes, default=self.style.fontSize)
        return lines

    def drawOn(self, canvas: Canvas, x: float, y: float, _sW: float = 0) -> None:
        canvas.setNamedCB(SYMBOL_CALLBACK, _draw_symbol)
        super().drawOn(canvas, x, y, _sW)


def fit_size(line: str, font: str, width: float, size: float, smallest: float = 3.5) -> float:
    """The largest font size from ``size`` down (by 0.25) at which ``line`` fits ``width``."""
    while size > smallest and stringWidth(line, font, size) > width:
        size -= 0.25
    return size


def _polygon(c: Canvas, points: Sequence[tuple[float, float]], *, fill: bool = True) -> None:
    path = c.beginPath()
    path.moveTo(*points[0])
    for p in points[1:]:
        path.lineTo(*p)
    path.close()
    c.drawPath(path, stroke=1, fill=1 if fill else 0)


def star_points(cx: float, cy: float, outer: float) -> list[tuple[float, float]]:
    """A five-pointed star, point up."""
    inner = outer * 0.42
    pts = []
    for i in range(10):
        r = outer if i % 2 == 0 else inner
        a = math.pi / 2 + i * math.pi / 5
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def _centred(c: Canvas, x: float, y: float, s: str, font: str, size: float) -> None:
    """``s`` centred horizontally on x and vertically (cap height) on y."""
    c.setFont(font, size)
    c.drawCentredString(x, y - size * 0.36, s)


# ------------------------------------------------------------------------------ pieces --
def banner(c: Canvas, x0: float, x1: float, y0: float, y1: float, tips: int) -> None:
    """A ribbon from x0 to x1: its right end is one point (1 tip) or a swallowtail (2 tips);
    ``tips`` 0 draws a plain band."""
    d = (y1 - y0) * 0.6
    ym = (y0 + y1) / 2
    if tips == 1:
        pts = [(x0, y0), (x1 - d, y0), (x1, ym), (x1 - d, y1), (x0, y1)]
    elif tips == 2:
        pts = [(x0, y0), (x1, y0), (x1 - d, ym), (x1, y1), (x0, y1)]
    else:
        pts = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    c.setFillColor(BANNER)
    c.setStrokeColor(BANNER)
    c.setLineWidth(0.3)
    _polygon(c, pts)


def element_triangle(c: Canvas, x: float, y_top: float, size: float, element: str | None) -> None:
    """The element's alchemical triangle in a ``size`` square whose top-left is (x, y_top);
    no element: a faint empty outline."""
    y0 = y_top - size
    if element is None:
        c.setStrokeColor(FAINT)
        c.setLineWidth(0.4)
        c.setDash(1, 1)
        _polygon(c, [(x, y_top), (x + size, y_top), (x, y0)], fill=False)
        c.setDash()
        return
    up = POINTS_UP[element]
    pts = (
        [(x, y0), (x + size, y0), (x + size / 2, y_top)]
        if up
        else [(x, y_top), (x + size, y_top), (x + size / 2, y0)]
    )
    c.setFillColor(ELEMENT_COLORS[element])
    c.setStrokeColor(INK)
    c.setLineWidth(0.5)
    _polygon(c, pts)
    if element in BARRED:
        ym = y0 + size * (0.35 if up else 0.65)
        c.setStrokeColor(colors.white)
        c.setLineWidth(0.9)
        c.line(x + size * 0.15, ym, x + size * 0.85, ym)


def value_sphere(c: Canvas, cx: float, cy: float, value: int) -> None:
    """The card value: a gold sphere with the number."""
    c.setFillColor(GOLD)
    c.setStrokeColor(INK)
    c.setLineWidth(0.6)
    c.circle(cx, cy, SPHERE / 2, stroke=1, fill=1)
    c.setFillColor(INK)
    _centred(c, cx, cy, str(value), TITLE_FONT, 11)


def cost_sphere(c: Canvas, cx: float, cy: float, cost: int) -> None:
    """An ability's cost: a sphere holding a constellation star, the mana cost on it."""
    c.setFillColor(SPHERE_FILL)
    c.setStrokeColor(STAR_FILL)
    c.setLineWidth(0.5)
    c.circle(cx, cy, SPHERE / 2, stroke=1, fill=1)
    c.setFillColor(STAR_FILL)
    c.setLineWidth(0.2)
    _polygon(c, star_points(cx, cy - 0.2 * MM, SPHERE / 2 - 0.4 * MM))
    c.setFillColor(colors.white)
    _centred(c, cx, cy - 0.3 * MM, str(cost), TITLE_FONT, 6.5)


def boxes(
    c: Canvas, x: float, y_top: float, labels: Sequence[str], *, per_row: int, shade: int = -1
) -> float:
    """Numbered boxes, ``per_row`` to a row; box ``shade`` is lightly filled. Returns the y
    just below the last row."""
    w, h = 4.8 * MM, 4.0 * MM
    y = y_top
    for i, label in enumerate(labels):
        col = i % per_row
        if col == 0 and i:
            y -= h + 0.4 * MM
        bx = x + col * w
        c.setStrokeColor(INK)
        c.setLineWidth(0.4)
        c.setFillColor(SHADE if i == shade else colors.white)
        c.rect(bx, y - h, w, h, stroke=1, fill=1)
        if label:
            c.setFillColor(INK)
            _centred(c, bx + w / 2, y - h / 2, label, BODY_FONT, 6)
    return y - h


def paragraph(line: str, font: str, size: float, width: float, **style: Any) -> tuple[Any, float]:
    """A wrapped paragraph and its height at ``width``."""
    ps = ParagraphStyle("p", fontName=font, fontSize=size, leading=size * 1.15, **style)
    p = CardParagraph(card_markup(line), ps)
    _, h = p.wrap(width, 1000)
    return p, h


# ------------------------------------------------------------------------------- faces --
def half(c: Canvas, h: Half, lang: str) -> None:
    """One half, upright in the box (0, 0)-(CARD_W, HALF_H)."""
    top = HALF_H
    element_triangle(c, INSET, top - INSET, 8 * MM, h.element)
    # the banner carries the title: 1 tip on top halves, 2 on bottom halves
    banner(c, TITLE_LEFT, TITLE_RIGHT, top - 6.1 * MM, top - 2.1 * MM, h.banner)
    title = text.half_title(h, lang)
    room = TITLE_RIGHT - TITLE_LEFT - 3.5 * MM
    size = fit_size(title, TITLE_FONT, room, 8)
    c.setFillColor(colors.white)
    c.setFont(TITLE_FONT, size)
    c.drawString(TITLE_LEFT + 1 * MM, top - 4.1 * MM - size * 0.36, title)
    value_sphere(c, CARD_W - INSET - SPHERE / 2 - 0.3 * MM, top - INSET - SPHERE / 2, h.value)
    size, lines = exhaust_lines(text.exhaust_line(h, lang))
    c.setFillColor(INK)
    c.setFont(ITALIC_FONT, size)
    for i, line in enumerate(lines):
        c.drawCentredString(
            (TITLE_LEFT + TITLE_RIGHT) / 2, top - 8.3 * MM - i * EXHAUST_LEADING, line
        )
    abilities(c, h, lang, top - ABILITY_TOP - (len(lines) - 1) * EXHAUST_LEADING, INSET)


EXHAUST_LEADING = 2.2 * MM
"""The distance between the two lines of a wrapped exhaust effect."""


def exhaust_lines(exhaust: str) -> tuple[float, list[str]]:
    """The exhaust effect's size and lines under the title: one line if it fits at 5 pt
    or more, else two at 5.5 pt (Italian ones were shrunk to 4.75 pt on one line)."""
    width = TITLE_RIGHT - TITLE_LEFT
    size = fit_size(exhaust, ITALIC_FONT, width, 5.5, smallest=5.0)
    if stringWidth(exhaust, ITALIC_FONT, size) <= width:
        return size, [exhaust]
    return 5.5, simpleSplit(exhaust, ITALIC_FONT, 5.5, width)


def abilities(c: Canvas, h: Half, lang: str, y_top: float, y_bottom: float) -> None:
    """The cost spheres (the constellation stars) down the left, each ability's text at
    their right; the font shrinks until everything fits between y_top and y_bottom."""
    x_text = INSET + SPHERE + 1 * MM
    width = CARD_W - x_text - INSET - 0.3 * MM
    lines = [" ".join(text.render_sentence(s, lang) for s in a.says) for a in h.abilities]
    gap = 1.5 * MM
    for size in BODY_SIZES:
        paras = [paragraph(line, BODY_FONT, size, width) for line in lines]
        heights = [max(SPHERE, ph) for _, ph in paras]
        if sum(heights) + gap * (len(heights) - 1) <= y_top - y_bottom:
            break
    y = y_top
    centres: list[float] = []
    for a, (p, ph), bh in zip(h.abilities, paras, heights, strict=True):
        cy = y - SPHERE / 2
        centres.append(cy)
        p.drawOn(c, x_text, cy - ph / 2 if ph < SPHERE else y - ph)
        cost_sphere(c, INSET + SPHERE / 2, cy, a.cost)
        y -= bh + gap
    if len(centres) == 2:  # the 2nd ability is usable only after the 1st
        x = INSET + SPHERE / 2
        c.setStrokeColor(STAR_FILL)
        c.setLineWidth(0.6)
        c.line(x, centres[0] - SPHERE / 2, x, centres[1] + SPHERE / 2)


def hero_card(c: Canvas, card: HeroCard, lang: str) -> None:
    """A hero card in the box (0, 0)-(CARD_W, CARD_H): top half upright, bottom half turned."""
    c.saveState()
    c.translate(0, HALF_H)
    half(c, card.top, lang)
    c.restoreState()
    c.saveState()
    c.translate(CARD_W, HALF_H)
    c.rotate(180)
    half(c, card.bottom, lang)
    c.restoreState()
    c.setStrokeColor(FAINT)
    c.setLineWidth(0.3)
    c.setDash(0.5 * MM, 1 * MM)
    c.line(INSET, HALF_H, CARD_W - INSET, HALF_H)
    c.setDash()


TRACKS: tuple[tuple[str, int, int], ...] = (
    ("attack", 0, 23),
    ("defense", 0, 15),
    ("level", 2, 9),
    ("mana", 0, 9),
)
"""The status card's tracks: name, first and last box; setup is attack 0, defense 0,
level 2, mana 0 (the first box of each)."""


def status_card(c: Canvas, hero: Hero, lang: str, msg: Any) -> None:
    """The status card (position 9): class name and description, the four tracks as
    numbered boxes, then the hero's tick bars (first box blank, end value unboxed)."""
    top = CARD_H
    banner(c, INSET, CARD_W - INSET, top - 8 * MM, top - 2 * MM, 0)
    name = text.class_name(hero.klass, lang)
    c.setFillColor(colors.white)
    _centred(c, CARD_W / 2, top - 5 * MM, name, TITLE_FONT, fit_size(name, TITLE_FONT, 50 * MM, 11))
    c.setFillColor(INK)
    label = msg("print.status")
    _centred(c, CARD_W / 2, top - 10 * MM, label, TITLE_FONT, 6)
    about = text.class_description(hero.klass, lang)
    # centred, with the card code's room kept free on both sides
    side = INSET + CODE_ROOM
    p, ph = paragraph(about, ITALIC_FONT, 6, CARD_W - 2 * side, alignment=1)
    p.drawOn(c, side, top - 12 * MM - ph)
    y = top - 13.5 * MM - ph
    for track, first, last in TRACKS:
        y -= 2.6 * MM
        c.setFillColor(INK)
        c.setFont(TITLE_FONT, 6)
        head = msg(f"print.track.{track}")
        c.drawString(INSET, y, head)
        c.setFont(ITALIC_FONT, 5)
        c.setFillColor(colors.HexColor("#555555"))
        c.drawString(INSET + stringWidth(head, TITLE_FONT, 6) + 1.5 * MM, y, f"{first}-{last}, ")
        note = msg(f"print.track.note.{track}")
        c.drawString(
            INSET
            + stringWidth(head, TITLE_FONT, 6)
            + 1.5 * MM
            + stringWidth(f"{first}-{last}, ", ITALIC_FONT, 5),
            y,
            note,
        )
        labels = [str(n) for n in range(first, last + 1)]
        y = boxes(c, INSET, y - 1 * MM, labels, per_row=12, shade=0)
    for name_, bar in hero.bars.items():
        y -= 2.6 * MM
        tick_bar(c, name_, bar, INSET, y, msg)


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"\u2212{-n}"


def tick_bar(c: Canvas, name: str, bar: TickBar, x: float, y: float, msg: Any) -> None:
    """A tick bar: its name, then the boxes (the first one blank) and the end value."""
    key = f"print.bar.{name}"
    label = msg(key)
    c.setFillColor(INK)
    c.setFont(TITLE_FONT, 6)
    c.drawString(x, y, label if label != key else name)
    labels = ["" if b is None else _signed(b) for b in bar.boxes]
    bottom = boxes(c, x, y - 1 * MM, labels, per_row=12)
    end_x = x + len(labels) * 4.8 * MM + 1.2 * MM
    c.setFillColor(INK)
    arrow = glyphs.SYMBOL_ADVANCE["banner"] * 5  # as the 5 pt ➤ stood, centred
    glyphs.card_symbol(c, "banner", end_x + 2 * MM - arrow / 2, bottom + 2 * MM - 5 * 0.36, 5)
    _centred(c, end_x + 5 * MM, bottom + 2 * MM, _signed(bar.end), TITLE_FONT, 7)


def card_code(c: Canvas, code: str) -> None:
    """The card code, turned 90 degrees, in the strip along the right long edge of the top
    half (reading upwards). A player reads it to pair the slips and tell the set and the
    adventure type, so it is set at 5 pt (its capitals still inside the 1.5 mm strip)."""
    c.saveState()
    c.translate(CARD_W - CODE_GAP, HALF_H + HALF_H / 2)
    c.rotate(90)
    c.setFillColor(INK)
    c.setFont(BODY_FONT, CODE_SIZE)
    c.drawCentredString(0, 0, code)
    c.restoreState()
