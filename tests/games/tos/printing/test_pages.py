"""The two-page PDF of ``tavolo tos print``: every page rendered with pypdfium2 and checked
for size, ink where the cards are, the text layer, and the mirrored back page."""

from __future__ import annotations

from functools import cache

import pypdfium2 as pdfium
import pytest

from tavolo.games.tos import printing
from tavolo.games.tos.printing import Adventure, layout

from .support import cell_ink, dungeon, grey_at, hero, margin_ink, pages, words, world

CASES = [
    ("dungeon", "en", "default"),
    ("dungeon", "it", "doublesided"),
    ("world", "en", "doublesidedcross"),
    ("world", "it", "default"),
]


def adventure(kind: str) -> Adventure:
    return dungeon() if kind == "dungeon" else world()


@cache
def printed(kind: str, lang: str, mode: str) -> printing.Printed:
    return printing.render(hero(), lang, mode, adventure=adventure(kind), words=words())


def text_of(pdf: bytes, page: int) -> str:
    doc = pdfium.PdfDocument(pdf)
    text = doc[page].get_textpage().get_text_range()
    doc.close()
    return " ".join(text.split())


@pytest.mark.parametrize(("kind", "lang", "mode"), CASES)
def test_two_a4_pages_with_ink_on_every_card(kind: str, lang: str, mode: str) -> None:
    out = printed(kind, lang, mode)
    doc = pdfium.PdfDocument(out.pdf)
    assert len(doc) == 2
    assert all((round(w), round(h)) == (595, 842) for w, h in (p.get_size() for p in doc))
    doc.close()
    front, back = pages(out.pdf)
    assert all(cell_ink(front, i) > 0.03 for i in range(9))
    inks = [cell_ink(back, i) for i in range(9)]
    assert all(0.02 < ink < 0.7 for ink in inks), inks
    assert margin_ink(back) == 0
    assert not out.overflows, out.overflows


@pytest.mark.parametrize(("kind", "lang", "mode"), CASES)
def test_codes_only_on_a_front_adventure_page(kind: str, lang: str, mode: str) -> None:
    out = printed(kind, lang, mode)
    letter = "D" if kind == "dungeon" else "W"
    codes = [f"{hero().serial}-{letter}-{n}B" for n in range(1, 10)]
    mirror = printing.BACK_MIRROR[mode]
    assert out.pages[1] == [codes[layout.mirrored(i, mirror)] for i in range(9)]
    back = text_of(out.pdf, 1)
    if mode == "default":
        assert all(code in back for code in codes)
    else:
        assert not any(code in back for code in codes)
        assert out.notes  # says how to print it


def test_each_language_prints_its_own_words() -> None:
    """The first index entry's action starts the same on the page as in the dungeon text."""
    from tavolo.games.tos.dungeon.text import render_instruction

    first = dungeon().index.instructions[0]
    seen = {}
    for lang, mode in (("en", "default"), ("it", "doublesided")):
        action = render_instruction(first, lang).splitlines()[-1].strip().removeprefix("- ")
        seen[lang] = " ".join(action.split()[:3])
        assert seen[lang] in text_of(printed("dungeon", lang, mode).pdf, 1)
    assert seen["en"] != seen["it"]


@pytest.mark.parametrize("kind", ["dungeon", "world"])
def test_the_back_page_is_the_front_mirrored_column_by_column(kind: str) -> None:
    """Card n's ink moves from column c to column 2 - c, and nowhere else."""
    front, back = (
        pages(printing.render(hero(), "en", mode, adventure=adventure(kind), words=words()).pdf)[1]
        for mode in ("default", "doublesided")
    )
    ink_f = [cell_ink(front, i) for i in range(9)]
    ink_b = [cell_ink(back, i) for i in range(9)]
    moved = [abs(ink_f[i] - ink_b[layout.mirrored(i, "horizontal")]) for i in range(9)]
    assert all(d < 0.1 * ink + 0.005 for d, ink in zip(moved, ink_f, strict=True)), moved
    unmoved = sum(abs(f - b) for f, b in zip(ink_f, ink_b, strict=True))
    assert sum(moved) < unmoved / 3


def test_the_black_start_square_moves_to_the_right_column() -> None:
    """World card 1's black 1A square: top-left card on the front, top-right on the back,
    at the same place inside the card."""

    def square_grey(page: list[bytes], index: int) -> int:
        x, y = layout.origin(index)
        inside = layout.INSET + layout.MM  # inside the square, off its id
        return grey_at(page, x + inside, layout.PAGE_H - (y + layout.CARD_H) + inside)

    front = pages(printed("world", "it", "default").pdf)[1]
    back = pages(printed("world", "en", "doublesidedcross").pdf)[1]
    assert square_grey(front, 0) < 60 and square_grey(front, 2) > 200
    assert square_grey(back, 2) < 60 and square_grey(back, 0) > 200


def test_back_pages_have_no_cut_outlines() -> None:
    row = layout.MARGIN_Y
    mid = layout.MARGIN_X + layout.CARD_W / 2

    def darkest(page: list[bytes]) -> int:
        from .support import px

        return min(min(r[px(mid) - 2 : px(mid) + 3]) for r in page[px(row) - 1 : px(row) + 2])

    assert darkest(pages(printed("dungeon", "en", "default").pdf)[1]) < 200
    assert darkest(pages(printed("dungeon", "it", "doublesided").pdf)[1]) > 200
    assert darkest(pages(printed("world", "en", "doublesidedcross").pdf)[1]) > 200


def test_hero_alone_is_one_page() -> None:
    out = printing.render(hero(), "en", "default")
    assert len(out.pages) == 1 and out.notes


def test_card_codes_are_readable_and_inside_their_strip() -> None:
    """Codes were set at 3.8 pt; a player pairs slips by them, so they are at 5 pt now,
    every glyph inside the 1.5 mm strip along the right long edge."""
    import pypdfium2.raw as raw

    doc = pdfium.PdfDocument(printed("world", "en", "default").pdf)
    strip_left = layout.CARD_W - layout.CODE_GAP - layout.CODE_STRIP
    strip_right = layout.CARD_W - layout.CODE_GAP
    for page in doc:
        tp = page.get_textpage()
        text = tp.get_text_range()
        code = f"{hero().serial}-"
        start = -1
        for i in range(9):
            start = text.find(code, start + 1)
            assert start >= 0
            assert raw.FPDFText_GetFontSize(tp, start) >= 5.0
            x0, _, x1, _ = tp.get_charbox(start)
            card_x = layout.origin(i)[0]
            assert strip_left - 0.05 <= x0 - card_x and x1 - card_x <= strip_right + 0.05
    doc.close()
