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
