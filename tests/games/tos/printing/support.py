"""Helpers for the print tests: sets to print, pages rendered to grey images, ink per card."""

from __future__ import annotations

import datetime as dt
import re
from functools import cache
from types import ModuleType

import pypdfium2 as pdfium

from tavolo.games.tos import daily, generator
from tavolo.games.tos.dungeon.adventure import DungeonAdventure, generate_adventure
from tavolo.games.tos.printing import layout
from tavolo.games.tos.schema import Hero
from tavolo.games.tos.world.model import WorldAdventure

DAY = dt.date(2026, 11, 21)
DPI = 40
Page = list[bytes]
"""A page as rows of grey levels (0 black .. 255 white)."""


@cache
def hero() -> Hero:
    return generator.daily(DAY)


@cache
def dungeon(day: dt.date = DAY) -> DungeonAdventure:
    return generate_adventure(daily.adventure_seed(day, "dungeon"))


@cache
def world(day: dt.date = DAY) -> WorldAdventure:
    from tavolo.games.tos.world.generate import generate_world

    return generate_world(daily.adventure_seed(day, "world"))


def words() -> ModuleType:
    """The world text module the printed page uses."""
    from tavolo.games.tos.world import text

    return text


def pages(pdf: bytes, dpi: int = DPI) -> list[Page]:
    doc = pdfium.PdfDocument(pdf)
    out = []
    for i in range(len(doc)):
        image = doc[i].render(scale=dpi / 72, grayscale=True).to_pil().convert("L")
        w, h = image.size
        data = image.tobytes()
        out.append([data[r * w : (r + 1) * w] for r in range(h)])
    doc.close()
    return out


def px(points: float, dpi: int = DPI) -> int:
    return round(points * dpi / 72)


def cell_ink(page: Page, index: int) -> float:
    """The share of dark pixels in grid position ``index`` (1 mm in from its edges)."""
    x, y = layout.origin(index)
    top = layout.PAGE_H - y - layout.CARD_H
    pad = layout.MM
    rows = page[px(top + pad) : px(top + layout.CARD_H - pad)]
    x0, x1 = px(x + pad), px(x + layout.CARD_W - pad)
    dark = sum(1 for row in rows for v in row[x0:x1] if v < 160)
    return dark / (len(rows) * (x1 - x0))


def margin_ink(page: Page) -> int:
    """Dark pixels in the top and bottom margins, away from the grid."""
    m = px(layout.MARGIN_Y) - 3
    band = page[:m] + page[-m:]
    return sum(1 for row in band for v in row if v < 160)


def grey_at(page: Page, x: float, y_from_top: float) -> int:
    """The grey level at a point given in points (y measured from the page top)."""
    return page[px(y_from_top)][px(x)]


OBJECT = re.compile(rb"(\d+) 0 obj\s*(.*?)\s*endobj", re.S)


def pdf_fonts(pdf: bytes) -> dict[str, bytes]:
    """Every font of ``pdf`` (its /BaseFont) and its font descriptor (empty without one)."""
    objects = {int(m[1]): m[2] for m in OBJECT.finditer(pdf)}
    out: dict[str, bytes] = {}
    for body in objects.values():
        if not re.search(rb"/Type\s*/Font\b", body):
            continue
        name = re.search(rb"/BaseFont\s*/([^\s/<>\[\]]+)", body)
        assert name, body[:200]
        ref = re.search(rb"/FontDescriptor\s+(\d+) 0 R", body)
        out[name[1].decode()] = objects[int(ref[1])] if ref else b""
    return out


VERA_FACE = re.compile(r"[A-Z]{6}\+BitstreamVeraSans-(Roman|Bold|Oblique|BoldOblique)")
"""An embedded subset of one of the four Vera faces, as a PDF names it."""


def not_embedded_vera(pdf: bytes) -> list[str]:
    """The fonts of ``pdf`` that are not an embedded (FontFile2) subset of a Vera face."""
    return [
        name
        for name, descriptor in pdf_fonts(pdf).items()
        if not (VERA_FACE.fullmatch(name) and re.search(rb"/FontFile2\s+\d+ 0 R", descriptor))
    ]
