"""Room cards: door codes on the right cells and edges, corner labels; index entries."""

from __future__ import annotations

import io
import re
from typing import Any

import pypdfium2 as pdfium
import pytest
from reportlab.pdfgen.canvas import Canvas

from tavolo.games.tos import printing
from tavolo.games.tos.dungeon.geometry import CARD_COLUMNS, CARD_ROWS, SIDES, edge_side
from tavolo.games.tos.printing import dungeon_page, layout

from .support import dungeon, hero


def test_every_door_arch_is_on_its_cells_card_edge() -> None:
    dmap = dungeon().map
    for d in dmap.doors:
        side = dungeon_page.card_side(d.side, "ABCD".index(d.room[1]))
        assert SIDES[side] == edge_side(CARD_COLUMNS, CARD_ROWS, *d.card_cell), d


def test_page_text_has_every_door_code_and_corner_label() -> None:
    """The text layer holds 24 corner labels plus one code per door side, and no other
    room code."""
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(layout.PAGE_W, layout.PAGE_H))
    for n in range(1, 7):
        c.saveState()
        c.translate(*layout.origin(n - 1))
        dungeon_page.room_card(c, dungeon().map.card(n), dungeon().map)
        c.restoreState()
    c.showPage()
    c.save()
    doc = pdfium.PdfDocument(buf.getvalue())
    tokens = doc[0].get_textpage().get_text_range().split()
    doc.close()
    codes = sorted(t for t in tokens if re.fullmatch(r"[1-6][A-D]", t))
    labels = [f"{n}{k}" for n in range(1, 7) for k in "ABCD"]
    assert codes == sorted(labels + [d.code for d in dungeon().map.doors])


def test_index_entries_leave_out_symbol_and_trigger_words() -> None:
    from tavolo.games.tos.dungeon.text import glyph_name

    for instr in dungeon().index.instructions:
        for lang in ("en", "it"):
            lines = dungeon_page.entry_lines(instr, lang)
            assert lines
            assert not any(glyph_name(instr.symbol[0], lang) + " " in ln[:12] for ln in lines)


def test_index_cards_number_their_pages() -> None:
    out = printing.render(hero(), "en", adventure=dungeon())
    doc = pdfium.PdfDocument(out.pdf)
    text = doc[1].get_textpage().get_text_range()
    doc.close()
    assert all(f"{k}/3" in text for k in (1, 2, 3))


def test_printed_entries_name_symbols_as_the_cards_print_them() -> None:
    """On paper a symbol is its glyph and letter ("Skull B"): the screen's map notation
    ("[*4b]") means nothing to a player holding the printed cards."""
    import datetime as dt

    from tavolo.games.tos.dungeon.index import SymbolMapped

    day = dt.date(2026, 11, 22)  # a dungeon day whose index has an "Only if ... is mapped"
    adv = dungeon(day)
    assert any(isinstance(c, SymbolMapped) for i in adv.index.instructions for c in i.conditions)
    for lang, mapped in (("en", "Skull B is mapped"), ("it", "Teschio B è in mappa")):
        out = printing.render(hero(), lang, adventure=adv)
        doc = pdfium.PdfDocument(out.pdf)
        text = " ".join(doc[1].get_textpage().get_text_range().split())
        doc.close()
        assert "[*" not in text and mapped in text


def test_index_cards_in_words_are_numbered_as_printed() -> None:
    """``tavolo tos daily`` and the printed set name each index card alike (``1/3``...), so
    a player holding the print finds the card the text speaks of."""
    import datetime as dt
    import re as regex

    from cli import invoke

    day = dt.date(2026, 11, 22)
    adv = dungeon(day)
    out = printing.render(hero(), "en", adventure=adv)
    doc = pdfium.PdfDocument(out.pdf)
    printed = regex.findall(r"\b\d/\d\b", doc[1].get_textpage().get_text_range())
    doc.close()
    r = invoke(["tos", "daily", "--date", day.isoformat()])
    assert r.exit_code == 0, r.output
    said = regex.findall(r"^Index Card (\d/\d)\b", r.stdout, flags=regex.M)
    assert said == printed == ["1/3", "2/3", "3/3"]
    for number, card in zip(said, adv.index.cards, strict=True):
        assert f"Index Card {number} (card {card.number} of the set)" in r.stdout


def test_pencil_boxes_print_as_open_boxes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Helvetica had no ☐: the tick boxes of a dungeon bar printed as solid black squares,
    which a pencil cannot fill; they are drawn as open boxes now (glyphs.card_symbol;
    test_glyphs checks the box is open), no character in the text."""
    import datetime as dt

    from tavolo.games.tos import daily
    from tavolo.games.tos.dungeon.adventure import generate_adventure
    from tavolo.games.tos.printing import glyphs

    drawn: list[str] = []
    card_symbol = glyphs.card_symbol

    def recorded(c: Any, name: str, *args: float) -> None:
        drawn.append(name)
        card_symbol(c, name, *args)

    monkeypatch.setattr(glyphs, "card_symbol", recorded)
    adventure = generate_adventure(daily.adventure_seed(dt.date(2026, 1, 1), "dungeon"))
    for lang in ("en", "it"):
        drawn.clear()
        buf = io.BytesIO()
        c = Canvas(buf, pagesize=(layout.PAGE_W, layout.PAGE_H))
        printing.draw_adventure_page(c, "TOS20260101", adventure, lang)
        c.showPage()
        c.save()
        doc = pdfium.PdfDocument(buf.getvalue())
        text = doc[0].get_textpage().get_text_range()
        doc.close()
        assert not set(text) & set("■☐❏"), lang
        assert drawn.count("box") >= 3, (lang, drawn)


def test_italian_index_names_the_level_as_the_manual_does() -> None:
    """The manual writes the attribute "Livello", as "Attacco" and "Difesa"; the printed
    index read "Nemico — livello 3 · Attacco 1 · Difesa 2"."""
    out = printing.render(hero(), "it", adventure=dungeon())
    doc = pdfium.PdfDocument(out.pdf)
    text = " ".join(doc[1].get_textpage().get_text_range().split())
    doc.close()
    assert re.search(r"Nemico — Livello \d · Attacco \d+", text), text
    assert "livello" not in text


def test_the_printed_start_entry_tells_the_main_quest() -> None:
    """The manual's players find the main mission on the index, at room 1A's symbol."""
    from tavolo.games.tos.world.text import quest_name

    adv = dungeon()
    for lang, head in (("en", "Main quest — "), ("it", "Missione principale — ")):
        out = printing.render(hero(), lang, adventure=adv)
        doc = pdfium.PdfDocument(out.pdf)
        text = " ".join(doc[1].get_textpage().get_text_range().split())
        doc.close()
        assert text.count(head) == 1
        assert f"{head}{quest_name(adv.main_quest, lang)}: " in text
