"""The six symbol glyphs are distinct in all four turns (24 symbols), and the trigger and
stat icons draw."""

from __future__ import annotations

import io
import itertools

import pytest
from reportlab.pdfgen.canvas import Canvas

from tavolo.games.tos.printing import glyphs

from .support import pages

CELL = 40.0  # points per glyph box
DPI = 72


def bitmaps() -> dict[tuple[int, int], list[bytes]]:
    """Each (glyph, turn) drawn alone in a 40 pt box, as rows of grey levels."""
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(4 * CELL, 6 * CELL))
    for g, t in itertools.product(range(6), range(4)):
        glyphs.glyph(c, g, (t + 0.5) * CELL, (5.5 - g) * CELL, 0.8 * CELL, t)
    c.showPage()
    c.save()
    (page,) = pages(buf.getvalue(), DPI)
    n = int(CELL)
    return {
        (g, t): [row[t * n : (t + 1) * n] for row in page[g * n : (g + 1) * n]]
        for g, t in itertools.product(range(6), range(4))
    }


def difference(a: list[bytes], b: list[bytes]) -> float:
    """The share of pixels that are dark in one bitmap and light in the other."""
    diff = sum(
        (x < 128) != (y < 128)
        for ra, rb in zip(a, b, strict=True)
        for x, y in zip(ra, rb, strict=True)
    )
    return diff / (len(a) * len(a[0]))


def test_all_24_symbols_look_different() -> None:
    maps = bitmaps()
    for (k1, b1), (k2, b2) in itertools.combinations(maps.items(), 2):
        assert difference(b1, b2) > 0.04, (k1, k2)
    assert all(difference(b, [bytes([255]) * len(b[0])] * len(b)) > 0.1 for b in maps.values())


@pytest.mark.parametrize("trigger", glyphs.TRIGGERS)
def test_trigger_icons_draw(trigger: str) -> None:
    c = Canvas(io.BytesIO())
    glyphs.trigger_icon(c, trigger, 50, 50, 10)
    with pytest.raises(ValueError, match="trigger"):
        glyphs.trigger_icon(c, "sometimes", 50, 50, 10)
    with pytest.raises(ValueError, match="glyph"):
        glyphs.glyph(c, 6, 50, 50, 10)


def symbol_bitmap(name: str) -> tuple[list[bytes], float]:
    """Card symbol ``name`` drawn at 100 pt from (10, 20), as rows of grey levels at 72
    dpi, and the point size."""
    size = 100.0
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(120, 120))
    glyphs.card_symbol(c, name, 10, 20, size)
    c.showPage()
    c.save()
    (page,) = pages(buf.getvalue(), DPI)
    return page, size


def ink(page: list[bytes], x_em: float, y_em: float) -> bool:
    """Whether the symbol's point (x_em, y_em), in em from its origin, is dark."""
    return page[round(120 - 20 - 100 * y_em)][round(10 + 100 * x_em)] < 128


def test_card_symbols_are_their_shapes() -> None:
    """The card symbols Vera lacks, drawn as paths where the glyph stood: a filled star
    with one point up, a right-pointing arrowhead with a notched back (the banner's
    tip), and an open box (shadowed right and below) a pencil can fill."""
    star, _ = symbol_bitmap("star")
    assert ink(star, 0.448, 0.32) and ink(star, 0.448, 0.68)  # the middle, the top point
    assert ink(star, 0.12, 0.43) and ink(star, 0.78, 0.43)  # the arms
    assert not ink(star, 0.448, 0.05) and not ink(star, 0.12, 0.1)  # between the legs
    banner, _ = symbol_bitmap("banner")
    assert ink(banner, 0.6, 0.31) and ink(banner, 0.15, 0.05) and ink(banner, 0.15, 0.58)
    assert not ink(banner, 0.18, 0.31) and not ink(banner, 0.85, 0.31)  # notch, past tip
    box, _ = symbol_bitmap("box")
    assert not ink(box, 0.42, 0.36)  # open: a pencil can fill it
    assert ink(box, 0.08, 0.36) and ink(box, 0.42, 0.71) and ink(box, 0.42, 0.02)
    assert ink(box, 0.81, 0.36) and ink(box, 0.5, -0.03)  # the shadow
    assert not ink(box, 0.81, 0.71) and not ink(box, 0.08, -0.03)
    with pytest.raises(ValueError, match="card symbol"):
        glyphs.card_symbol(Canvas(io.BytesIO()), "moon", 0, 0, 10)


def test_a_card_symbol_takes_the_room_a_glyph_would(monkeypatch: pytest.MonkeyPatch) -> None:
    """Set in a paragraph, a symbol takes its advance (what the fit measures) and is
    drawn in it, at the text's size, on its line's baseline, and it does not push the
    first line down: a line with a star sits where a line of words does."""
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from tavolo.games.tos.printing import draw

    style = ParagraphStyle("t", fontName=draw.BODY_FONT, fontSize=20, leading=23)
    for name, ch in (("star", "★"), ("banner", "▶"), ("box", "☐")):
        p = draw.CardParagraph(draw.card_markup(f"a {ch}{ch} b"), style)
        p.wrap(500, 100)
        (line,) = p.blPara.lines
        width = sum(stringWidth(t, draw.BODY_FONT, 20) for t in ("a ", " b"))
        assert 500 - line.extraSpace == pytest.approx(width + 40 * glyphs.SYMBOL_ADVANCE[name])
        assert line.fontSize == 20
    calls: list[tuple[str, float, float, float]] = []
    monkeypatch.setattr(glyphs, "card_symbol", lambda _c, *call: calls.append(call))
    p = draw.CardParagraph(draw.card_markup("ab ★"), style)
    p.wrap(500, 100)
    p.drawOn(Canvas(io.BytesIO()), 0, 0)
    after_ab = stringWidth("ab ", draw.BODY_FONT, 20)
    assert calls == [("star", pytest.approx(after_ab), pytest.approx(23 - 20), 20)]
