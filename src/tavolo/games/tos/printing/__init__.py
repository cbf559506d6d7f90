"""Print-and-play PDF of a TOS set: the hero page (8 hero cards and the status card).

``render(hero, lang, mode)`` returns the PDF bytes and what is on each page. The sheet is
A4 portrait with a 3 x 3 grid of 64 x 89 mm cards (see ``layout``), drawn as vector
graphics with reportlab (see ``draw``). Card codes are ``<serial>-H-<n>A``.

Modes:

* ``default``: the hero page with dashed cut outlines and codes;
* ``doublesided``: the same front; its back (the adventure page) would sit at horizontally
  mirrored positions (column c -> 2 - c, a long-edge flip) without outlines or codes;
* ``doublesidedcross``: crop crosshairs at the grid corners instead of outlines; its back
  would sit at vertically mirrored positions (row r -> 2 - r, a short-edge flip).

Adventures are not generated yet, so no mode prints a back or adventure page: the result
says so. ``draw_page(..., mirror=...)`` already places faces at back positions.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas

from tavolo.engine.errors import ConfigError, UnknownName
from tavolo.engine.i18n import Catalog, check_lang
from tavolo.engine.tools import ToolResult

from .. import text
from ..schema import Hero
from . import draw, layout
from .layout import CARD_H, CARD_W, CORNER, CROSS_ARM, CUT_DASH, CUT_WIDTH, Mirror

MSG = Catalog(Path(__file__).parent / "messages")
MODES = ("default", "doublesided", "doublesidedcross")
BACK_MIRROR: dict[str, Mirror] = {
    "default": "none",
    "doublesided": "horizontal",
    "doublesidedcross": "vertical",
}
"""Where a mode puts the back of each card (used once adventure pages exist)."""


@dataclass(frozen=True)
class Printed:
    """A rendered PDF and what it holds."""

    pdf: bytes
    pages: list[list[str]] = field(default_factory=list)
    """The card codes of each page, by grid position."""
    notes: list[str] = field(default_factory=list)
    """Honest remarks for the user (what is not printed)."""


def hero_codes(hero: Hero) -> list[str]:
    """``<serial>-H-1A`` ... ``<serial>-H-9A``: 8 hero cards, then the status card."""
    return [f"{hero.serial}-H-{n}A" for n in range(1, 10)]


def check_mode(mode: str) -> str:
    if mode not in MODES:
        raise UnknownName("print mode", mode, MODES)
    return mode


def draw_page(
    c: Any,
    hero: Hero,
    lang: str,
    *,
    mirror: Mirror = "none",
    outlines: bool = True,
    crosses: bool = False,
    codes: bool = True,
) -> list[str]:
    """The hero page on canvas ``c`` (cards 1-8, status card at position 9), each face at
    its grid position or at the mirrored one; returns the codes by grid position."""
    msg = _messages(lang)
    card_codes = hero_codes(hero)
    placed = [""] * 9
    for i in range(9):
        x, y = layout.origin(i, mirror)
        c.saveState()
        c.translate(x, y)
        if i < 8:
            draw.hero_card(c, hero.cards[i], lang)
        else:
            draw.status_card(c, hero, lang, msg)
        if codes:
            draw.card_code(c, card_codes[i])
        c.restoreState()
        placed[layout.mirrored(i, mirror)] = card_codes[i]
    if outlines:
        cut_outlines(c)
    if crosses:
        crop_crosses(c)
    return placed


def cut_outlines(c: Any) -> None:
    """A dashed rounded outline around every card position."""
    c.saveState()
    c.setStrokeColor(colors.HexColor("#808080"))
    c.setLineWidth(CUT_WIDTH)
    c.setDash(*CUT_DASH)
    for i in range(9):
        x, y = layout.origin(i)
        c.roundRect(x, y, CARD_W, CARD_H, CORNER, stroke=1, fill=0)
    c.restoreState()


def crop_crosses(c: Any) -> None:
    """Crop crosshairs at every grid corner (doublesidedcross)."""
    c.saveState()
    c.setStrokeColor(colors.black)
    c.setLineWidth(0.25 * layout.MM)
    for x, y in layout.crosshair_points():
        c.line(x - CROSS_ARM, y, x + CROSS_ARM, y)
        c.line(x, y - CROSS_ARM, x, y + CROSS_ARM)
    c.restoreState()


def _messages(lang: str) -> Any:
    def msg(key: str, **kw: Any) -> str:
        return MSG.t(lang, key, **kw)

    return msg


def render(
    hero: Hero, lang: str = "en", mode: str = "default", *, compress: bool = True
) -> Printed:
    """The print-and-play PDF of ``hero`` in ``mode``: today, the hero page alone."""
    check_lang(lang)
    check_mode(mode)
    buf = io.BytesIO()
    c = Canvas(
        buf, pagesize=(layout.PAGE_W, layout.PAGE_H), pageCompression=int(compress), invariant=1
    )
    c.setTitle(f"{hero.serial} - {text.class_name(hero.klass, lang)}")
    c.setAuthor("tavolo")
    c.setSubject(f"{hero.serial}-{lang}")
    cross = mode == "doublesidedcross"
    codes = draw_page(c, hero, lang, outlines=not cross, crosses=cross)
    c.showPage()
    c.save()
    notes = [MSG.t(lang, "print.hero_only")]
    if mode != "default":
        notes.append(MSG.t(lang, "print.no_back"))
    return Printed(buf.getvalue(), [codes], notes)


def print_to(hero: Hero, lang: str, mode: str, out: Path) -> ToolResult:
    """Render and write ``out`` (a .pdf file); the result lists the pages' codes."""
    check_lang(lang)
    check_mode(mode)
    if out.suffix.lower() != ".pdf":
        raise ConfigError(f"{out}: the output must end in .pdf")
    printed = render(hero, lang, mode)
    try:
        out.write_bytes(printed.pdf)
    except OSError as e:
        raise ConfigError(f"cannot write {out}: {e.strerror or e}") from None
    codes = printed.pages[0]
    done = MSG.t(
        lang,
        "print.done",
        file=out,
        pages=len(printed.pages),
        serial=hero.serial,
        klass=text.class_name(hero.klass, lang),
        first=codes[0],
        last=codes[-1],
        mode=mode,
    )
    data = {
        "file": str(out),
        "bytes": len(printed.pdf),
        "serial": hero.serial,
        "class": hero.klass,
        "lang": lang,
        "mode": mode,
        "pages": printed.pages,
        "notes": printed.notes,
    }
    return ToolResult(data, "\n".join([done, *printed.notes]))
