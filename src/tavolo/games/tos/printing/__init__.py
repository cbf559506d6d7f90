"""Print-and-play PDF of a TOS set: the hero page, then the adventure page.

``render(hero, lang, mode, adventure=...)`` returns the PDF bytes, the card codes of each
page and how every text box was fitted. The sheet is A4 portrait with a 3 x 3 grid of
64 x 89 mm cards (see ``layout``), all vector graphics with reportlab: hero cards in
``draw``, world cards in ``world_page``, dungeon room and index cards in ``dungeon_page``.
Card codes are ``<serial>-H-<n>A`` on the hero page and ``<serial>-W-<n>B`` or
``<serial>-D-<n>B`` on the adventure page (hero card n and adventure card n are the two
faces of one physical card).

Modes (tos-facts 8.1):

* ``default``: both pages with dashed cut outlines and codes;
* ``doublesided``: the adventure page is the back of the hero page (long-edge flip): its
  columns are mirrored (column c -> 2 - c) and it has no outlines and no codes;
* ``doublesidedcross``: the same, with crop crosshairs on the hero page instead of
  outlines (nothing to miss-align with on the back).
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas

from tavolo.engine.errors import ConfigError, UnknownName
from tavolo.engine.files import write_bytes
from tavolo.engine.i18n import Catalog, check_lang
from tavolo.engine.tools import ToolResult

from .. import text
from ..dungeon.adventure import DungeonAdventure
from ..schema import Hero
from ..world.model import WorldAdventure
from . import draw, dungeon_page, fonts, layout, world_page
from .fit import Fit
from .layout import CARD_H, CARD_W, CORNER, CROSS_ARM, CUT_DASH, CUT_WIDTH, Mirror

MSG = Catalog(Path(__file__).parent / "messages")
MODES = ("default", "doublesided", "doublesidedcross")
BACK_MIRROR: dict[str, Mirror] = {
    "default": "none",
    "doublesided": "horizontal",
    "doublesidedcross": "horizontal",
}
"""Where a mode puts the adventure face of each card: both double-sided modes flip the
sheet on its long edge, so the back's columns are mirrored."""
ADVENTURE_LETTER = {"world": "W", "dungeon": "D"}
Adventure = DungeonAdventure | WorldAdventure


@dataclass(frozen=True)
class Printed:
    """A rendered PDF and what it holds."""

    pdf: bytes
    pages: list[list[str]] = field(default_factory=list)
    """The card codes of each page, by grid position."""
    notes: list[str] = field(default_factory=list)
    """Honest remarks for the user (how to print, what is not printed)."""
    fits: list[Fit] = field(default_factory=list)
    """Every text box of the adventure page: the height it needs and has."""

    @property
    def overflows(self) -> list[Fit]:
        return [f for f in self.fits if not f.fits]


def hero_codes(hero: Hero) -> list[str]:
    """``<serial>-H-1A`` ... ``<serial>-H-9A``: 8 hero cards, then the status card."""
    return [f"{hero.serial}-H-{n}A" for n in range(1, 10)]


def kind_of(adventure: Adventure) -> str:
    """``world`` or ``dungeon``."""
    return "world" if isinstance(adventure, WorldAdventure) else "dungeon"


def adventure_codes(serial: str, adventure: Adventure) -> list[str]:
    """``<serial>-W-1B`` ... ``-W-9B`` or ``<serial>-D-1B`` ... ``-D-9B``."""
    letter = ADVENTURE_LETTER[kind_of(adventure)]
    return [f"{serial}-{letter}-{n}B" for n in range(1, 10)]


def check_mode(mode: str) -> str:
    if mode not in MODES:
        raise UnknownName("print mode", mode, MODES, nouns=text.MSG)
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


def draw_adventure_page(
    c: Any,
    serial: str,
    adventure: Adventure,
    lang: str,
    *,
    mirror: Mirror = "none",
    outlines: bool = True,
    codes: bool = True,
    words: world_page.WorldWords | None = None,
) -> tuple[list[str], list[Fit]]:
    """The adventure page on canvas ``c``: card n at grid position n - 1, or at its
    mirrored position; returns the codes by grid position and every text box's fit.
    ``words`` is the world text module (tests may pass their own)."""
    card_codes = adventure_codes(serial, adventure)
    placed = [""] * 9
    fits: list[Fit] = []
    for i in range(9):
        x, y = layout.origin(i, mirror)
        c.saveState()
        c.translate(x, y)
        if isinstance(adventure, WorldAdventure):
            fits += world_page.world_card_at(c, adventure, i + 1, lang, words)
        else:
            fits += dungeon_page.dungeon_card(c, adventure, i + 1, lang)
        if codes:
            draw.card_code(c, card_codes[i])
        c.restoreState()
        placed[layout.mirrored(i, mirror)] = card_codes[i]
    if outlines:
        cut_outlines(c)
    return placed, fits


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
    hero: Hero,
    lang: str = "en",
    mode: str = "default",
    *,
    adventure: Adventure | None = None,
    compress: bool = True,
    words: world_page.WorldWords | None = None,
) -> Printed:
    """The print-and-play PDF of ``hero`` and ``adventure`` (page 2) in ``mode``; without
    an adventure, the hero page alone."""
    check_lang(lang)
    check_mode(mode)
    buf = io.BytesIO()
    c = Canvas(
        buf,
        pagesize=(layout.PAGE_W, layout.PAGE_H),
        pageCompression=int(compress),
        invariant=1,
        initialFontName=fonts.BODY,  # else every page names Helvetica, never embedded
    )
    c.setTitle(f"{hero.serial} - {text.class_name(hero.klass, lang)}")
    c.setAuthor("tavolo")
    c.setSubject(f"{hero.serial}-{lang}")
    cross = mode == "doublesidedcross"
    pages = [draw_page(c, hero, lang, outlines=not cross, crosses=cross)]
    c.showPage()
    fits: list[Fit] = []
    notes: list[str] = []
    if adventure is None:
        notes.append(MSG.t(lang, "print.hero_only"))
    else:
        front = mode == "default"
        codes, fits = draw_adventure_page(
            c,
            hero.serial,
            adventure,
            lang,
            mirror=BACK_MIRROR[mode],
            outlines=front,
            codes=front,
            words=words,
        )
        pages.append(codes)
        c.showPage()
        if not front:
            notes.append(MSG.t(lang, "print.back"))
    c.save()
    return Printed(buf.getvalue(), pages, notes, fits)


def print_to(
    hero: Hero,
    lang: str,
    mode: str,
    out: Path,
    adventure: Adventure | None = None,
    notes: tuple[str, ...] = (),
) -> ToolResult:
    """Render and write ``out`` (a .pdf file); the result lists the pages' codes."""
    check_lang(lang)
    check_mode(mode)
    if out.suffix.lower() != ".pdf":
        raise ConfigError.said(MSG, "print.suffix", out=str(out))
    printed = render(hero, lang, mode, adventure=adventure)
    write_bytes(out, printed.pdf, ConfigError)
    codes = printed.pages[0]
    lines = [
        MSG.t(
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
    ]
    if adventure is not None:
        kind = kind_of(adventure)
        adventure_card_codes = adventure_codes(hero.serial, adventure)
        first, last = adventure_card_codes[0], adventure_card_codes[-1]
        lines.append(
            MSG.t(
                lang,
                "print.adventure",
                kind=MSG.t(lang, f"print.kind.{kind}"),
                seed=adventure.seed,
                first=first,
                last=last,
            )
        )
    all_notes = [*notes, *printed.notes]
    if printed.overflows:
        where = ", ".join(f.where for f in printed.overflows)
        all_notes.append(MSG.t(lang, "print.overflow", n=len(printed.overflows), where=where))
    data = {
        "file": str(out),
        "bytes": len(printed.pdf),
        "serial": hero.serial,
        "class": hero.klass,
        "lang": lang,
        "mode": mode,
        "adventure": None
        if adventure is None
        else {"type": kind_of(adventure), "seed": adventure.seed},
        "pages": printed.pages,
        "notes": all_notes,
    }
    return ToolResult(data, "\n".join([*lines, *all_notes]))
