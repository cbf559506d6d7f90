"""The printed PDF's fonts: every one embedded, no text in Symbol or ZapfDingbats, and
every character a card prints in the font that sets it."""

from __future__ import annotations

import datetime as dt
import re
from html import unescape

import pypdfium2 as pdfium
import pytest
from reportlab.pdfbase import pdfmetrics

from tavolo.games.tos import daily, printing
from tavolo.games.tos.printing import draw, fonts

from .support import dungeon, hero, words, world

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


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("kind", ["world", "dungeon", None])
def test_every_font_is_embedded_and_none_is_symbol(kind: str | None, lang: str) -> None:
    """The PDF named Helvetica, ZapfDingbats and (for a minus sign) Symbol without
    embedding them: a print shop's checker refused it, and a printer substituted its own
    fonts. Every font is now a TrueType subset carried in the file (FontFile2)."""
    adventure = {"world": world(), "dungeon": dungeon(), None: None}[kind]
    for mode in printing.MODES:
        out = printing.render(hero(), lang, mode, adventure=adventure, words=words())
        found = pdf_fonts(out.pdf)
        assert found
        for name, descriptor in found.items():
            assert re.search(rb"/FontFile2\s+\d+ 0 R", descriptor), (name, mode)
            assert not re.search(r"Symbol|Dingbats|Helvetica|Times|Courier", name), name


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
    """Every character of 30 days of index entries is in the font that sets it: the card
    symbols in DejaVu Sans, all the rest in Vera, so nothing prints as an empty box."""
    from tavolo.games.tos.dungeon.adventure import generate_adventure
    from tavolo.games.tos.dungeon.text import bars_of
    from tavolo.games.tos.printing import dungeon_page

    symbols = re.compile(rf'<font name="{fonts.SYMBOL}">(.)</font>')
    symbol_map = pdfmetrics.getFont(fonts.SYMBOL).face.charToGlyph
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
                        plain = unescape(re.sub(r"<[^>]+>", "", symbols.sub("", line)))
                        missing = {ch for ch in plain for cmap in vera if ord(ch) not in cmap}
                        assert not missing, (line, missing)
    assert seen_symbols and all(ord(ch) in symbol_map for ch in seen_symbols), seen_symbols


def test_without_the_symbol_font_printing_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One line, within 80 columns with its 'error: ' / 'errore: ' prefix, naming the
    package, in both languages; nothing is drawn."""
    from tavolo.engine.errors import ConfigError

    monkeypatch.setattr(fonts, "HAS_SYMBOLS", False)
    with pytest.raises(ConfigError) as raised:
        printing.render(hero(), "en")
    for lang, prefix in (("en", "error: "), ("it", "errore: ")):
        line = prefix + raised.value.told(lang)
        assert "fonts-dejavu-core" in line and "\n" not in line and len(line) <= 80, line


def test_the_same_set_prints_the_same_bytes() -> None:
    """Embedded subsets are named and numbered in a fixed order: one set, one file."""
    first = printing.render(hero(), "it", adventure=dungeon()).pdf
    assert printing.render(hero(), "it", adventure=dungeon()).pdf == first
    assert printing.render(hero(), "en", adventure=dungeon()).pdf != first
