"""The printed PDF's fonts: every one embedded, all of them Vera (no Symbol, ZapfDingbats or
a font read from the system), and every character a card prints in Vera; the card symbols
are drawn."""

from __future__ import annotations

import datetime as dt
import re
from html import unescape

import pypdfium2 as pdfium
import pytest
from reportlab.pdfbase import pdfmetrics

from tavolo.games.tos import daily, printing
from tavolo.games.tos.printing import draw, fonts, glyphs

from .support import VERA_FACE, dungeon, hero, pdf_fonts, words, world


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("kind", ["world", "dungeon", None])
def test_every_font_is_embedded_and_none_is_symbol(kind: str | None, lang: str) -> None:
    """The PDF named Helvetica, ZapfDingbats and (for a minus sign) Symbol without
    embedding them: a print shop's checker refused it, and a printer substituted its own
    fonts. Every font is now a TrueType subset carried in the file (FontFile2), and one of
    the Vera faces reportlab ships: the card symbols, once set in DejaVu Sans read from
    the system, are drawn, so no system font is needed."""
    adventure = {"world": world(), "dungeon": dungeon(), None: None}[kind]
    for mode in printing.MODES:
        out = printing.render(hero(), lang, mode, adventure=adventure, words=words())
        found = pdf_fonts(out.pdf)
        assert found
        for name, descriptor in found.items():
            assert re.search(rb"/FontFile2\s+\d+ 0 R", descriptor), (name, mode)
            assert not re.search(r"Symbol|Dingbats|Helvetica|Times|Courier", name), name
            assert VERA_FACE.fullmatch(name), name


def test_the_minus_sign_is_set_in_the_text_font() -> None:
    """A minus sign (a card's -1 bonus on a world enemy strip) was drawn in the Symbol
    font, and card text wrote it as a hyphen; both are Vera's own U+2212 now."""
    assert draw.card_markup("\u22121 attack") == "\u22121 attack"
    for lang in ("en", "it"):
        out = printing.render(hero(), lang, adventure=world(), words=words())
        doc = pdfium.PdfDocument(out.pdf)
        text = doc[1].get_textpage().get_text_range()
        doc.close()
        assert "\u2212" in text
    assert ord("\u2212") in pdfmetrics.getFont(draw.BODY_FONT).face.charToGlyph


def test_index_text_uses_only_glyphs_the_fonts_have() -> None:
    """Every character of 30 days of index entries is in Vera's character map, in all four
    faces, so nothing prints as an empty box; the card symbols (★, ▶, ☐), which Vera
    lacks, are not text at all but shapes drawn over the room left for them."""
    from tavolo.games.tos.dungeon.adventure import generate_adventure
    from tavolo.games.tos.dungeon.text import bars_of
    from tavolo.games.tos.printing import dungeon_page

    symbols = re.compile(rf'<onDraw name="{draw.SYMBOL_CALLBACK}" label="(\w+)"/>')
    vera = [pdfmetrics.getFont(name).face.charToGlyph for name in fonts.VERA_FILES]
    seen_symbols: set[str] = set()
    for k in range(30):
        day = dt.date(2026, 1, 1) + dt.timedelta(days=7 * k)
        adventure = generate_adventure(daily.adventure_seed(day, "dungeon"))
        for card in adventure.index.cards:
            for instr in card.instructions:
                for lang in ("en", "it"):
                    for line in dungeon_page.entry_lines(instr, lang, bars_of(adventure.index)):
                        seen_symbols.update(symbols.findall(line))
                        plain = unescape(re.sub(r"<[^>]+>", "", line))
                        missing = {ch for ch in plain for cmap in vera if ord(ch) not in cmap}
                        assert not missing, (line, missing)
    assert seen_symbols == set(glyphs.SYMBOL_ADVANCE), seen_symbols


@pytest.mark.parametrize("lang", ["en", "it"])
def test_every_character_printed_is_in_vera(lang: str) -> None:
    """The text layer of four weeks of sets, hero and world or dungeon page, holds only
    characters Vera has (a card symbol's room is a no-break space): the symbols are
    shapes, not text (no ★, ▶, ➤, ☐ or ❏)."""
    vera = pdfmetrics.getFont(fonts.BODY).face.charToGlyph
    for k in range(4):
        day = dt.date(2026, 3, 1) + dt.timedelta(days=k)
        for adventure in (world(day), dungeon(day)):
            out = printing.render(hero(), lang, adventure=adventure, words=words())
            doc = pdfium.PdfDocument(out.pdf)
            text = "".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))
            doc.close()
            missing = {ch for ch in text if ch not in "\r\n" and ord(ch) not in vera}
            assert not missing, (day, missing)
            assert not set(text) & set("★▶➤☐❏"), day


def test_the_same_set_prints_the_same_bytes() -> None:
    """Embedded subsets are named and numbered in a fixed order: one set, one file."""
    first = printing.render(hero(), "it", adventure=dungeon()).pdf
    assert printing.render(hero(), "it", adventure=dungeon()).pdf == first
    assert printing.render(hero(), "en", adventure=dungeon()).pdf != first
