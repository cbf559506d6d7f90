"""The print-and-play PDF (``tavolo tos print``): structure, text layer, and every page
rendered to an image with pypdfium2 to check the ink where the cards are."""

from __future__ import annotations

import datetime as dt
import io
from functools import cache
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from reportlab.pdfgen.canvas import Canvas

from cli import assert_one_line_error, invoke
from tavolo.engine.errors import ConfigError, UnknownName
from tavolo.games.tos import generator, printing
from tavolo.games.tos.printing import layout
from tavolo.games.tos.schema import Hero
from tavolo.games.tos.tools import TOOLS

DAY = dt.date(2026, 11, 21)
DPI = 50


@cache
def hero(klass: str | None = None) -> Hero:
    return generator.daily(DAY, klass)


def pages(pdf: bytes) -> list[list[list[int]]]:
    """Each page as rows of grey levels (0 black .. 255 white) at 50 dpi."""
    doc = pdfium.PdfDocument(pdf)
    out = []
    for i in range(len(doc)):
        image = doc[i].render(scale=DPI / 72, grayscale=True).to_pil().convert("L")
        w, h = image.size
        data = image.tobytes()
        out.append([list(data[r * w : (r + 1) * w]) for r in range(h)])
    doc.close()
    return out


def px(points: float) -> int:
    return round(points * DPI / 72)


def cell_ink(page: list[list[int]], index: int) -> float:
    """The share of dark pixels inside grid position ``index`` (1 mm in from its edges)."""
    x, y = layout.origin(index)
    top = layout.PAGE_H - y - layout.CARD_H  # PDF y up -> image rows down
    pad = layout.MM
    rows = page[px(top + pad) : px(top + layout.CARD_H - pad)]
    cols = slice(px(x + pad), px(x + layout.CARD_W - pad))
    dark = sum(1 for row in rows for v in row[cols] if v < 160)
    total = sum(len(row[cols]) for row in rows)
    return dark / total


def margin_ink(page: list[list[int]]) -> float:
    """Dark pixels in the top margin band, away from the grid (should be none)."""
    band = page[: px(layout.MARGIN_Y) - 3]
    return sum(1 for row in band for v in row if v < 160) / max(1, sum(len(r) for r in band))


def test_pdf_is_a_one_page_a4_hero_sheet_with_every_code_in_the_text_layer() -> None:
    printed = printing.render(hero(), "en", "default", compress=False)
    assert printed.pdf.startswith(b"%PDF")
    doc = pdfium.PdfDocument(printed.pdf)
    assert len(doc) == 1
    w, h = doc[0].get_size()
    assert (round(w), round(h)) == (595, 842)  # A4 in points
    text = doc[0].get_textpage().get_text_range()
    doc.close()
    codes = [f"TOS20261121-H-{n}A" for n in range(1, 10)]
    assert printed.pages == [codes]
    for code in codes:
        assert f"({code}) Tj".encode() in printed.pdf  # uncompressed content stream
        assert code in text  # and a PDF reader finds it
    assert "Swordsman" in text or hero().klass != "swordsman"


@pytest.mark.parametrize("lang", ["en", "it"])
def test_every_page_has_ink_in_all_nine_cells_and_none_in_the_margin(lang: str) -> None:
    printed = printing.render(hero(), lang, "default")
    (page,) = pages(printed.pdf)
    assert any(v < 128 for row in page for v in row)  # not blank
    inks = [cell_ink(page, i) for i in range(9)]
    assert all(0.03 < ink < 0.6 for ink in inks), inks
    assert margin_ink(page) == 0


def test_languages_print_their_own_words() -> None:
    en = pdfium.PdfDocument(printing.render(hero(), "en").pdf)
    it = pdfium.PdfDocument(printing.render(hero(), "it").pdf)
    en_text = en[0].get_textpage().get_text_range()
    it_text = it[0].get_textpage().get_text_range()
    assert "Exhaust:" in en_text and "Esaurisci:" not in en_text
    assert "Esaurisci:" in it_text and "Carta Status" in it_text
    en.close()
    it.close()


@pytest.mark.parametrize("klass", ["swordsman", "elementalist", "stargazer"])
def test_every_class_prints(klass: str) -> None:
    (page,) = pages(printing.render(hero(klass), "en").pdf)
    assert all(cell_ink(page, i) > 0.03 for i in range(9))


@pytest.mark.parametrize(
    ("mirror", "expected"),
    [
        ("horizontal", [2, 1, 0, 5, 4, 3, 8, 7, 6]),
        ("vertical", [6, 7, 8, 3, 4, 5, 0, 1, 2]),
        ("none", list(range(9))),
    ],
)
def test_mirrored_positions(mirror: layout.Mirror, expected: list[int]) -> None:
    assert [layout.mirrored(i, mirror) for i in range(9)] == expected


@pytest.mark.parametrize("mode", ["doublesided", "doublesidedcross"])
def test_back_positions_are_mirrored_on_the_rendered_page(mode: str) -> None:
    """The faces drawn at a mode's back positions land in the mirrored grid cells: the
    ink of each cell moves exactly as the mirror says (the status card is the densest)."""
    mirror = printing.BACK_MIRROR[mode]
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(layout.PAGE_W, layout.PAGE_H))
    printing.draw_page(c, hero(), "en", outlines=False, codes=False)
    c.showPage()
    placed = printing.draw_page(c, hero(), "en", mirror=mirror, outlines=False, codes=False)
    c.showPage()
    c.save()
    front, back = pages(buf.getvalue())
    assert placed == [printing.hero_codes(hero())[layout.mirrored(i, mirror)] for i in range(9)]
    ink_front = [cell_ink(front, i) for i in range(9)]
    ink_back = [cell_ink(back, i) for i in range(9)]
    moved = [abs(ink_front[i] - ink_back[layout.mirrored(i, mirror)]) for i in range(9)]
    assert all(d < 0.1 * ink for d, ink in zip(moved, ink_front, strict=True)), moved
    unmoved = sum(abs(f - b) for f, b in zip(ink_front, ink_back, strict=True))
    assert sum(moved) < unmoved / 3
    densest = max(range(9), key=lambda i: cell_ink(back, i))
    assert densest == layout.mirrored(8, mirror)  # the status card moved
    assert densest != 8


def test_doublesidedcross_draws_crosshairs_not_outlines() -> None:
    (plain,) = pages(printing.render(hero(), "en", "default").pdf)
    (cross,) = pages(printing.render(hero(), "en", "doublesidedcross").pdf)
    # the middle of the grid's top edge: a dashed outline in default, nothing with crosses
    row = px(layout.MARGIN_Y)
    mid = px(layout.MARGIN_X + layout.CARD_W / 2)
    assert min(min(r[mid - 3 : mid + 4]) for r in plain[row - 1 : row + 2]) < 200
    assert min(min(r[mid - 3 : mid + 4]) for r in cross[row - 1 : row + 2]) > 200
    # a crosshair arm reaches into the top margin above the grid's first corner
    x0 = px(layout.MARGIN_X)
    assert min(r[x0] for r in cross[row - 4 : row - 1]) < 230


@pytest.mark.parametrize(
    ("kw", "error"),
    [
        ({"mode": "sideways"}, UnknownName),
        ({"date": "21/11/2026"}, ConfigError),
        ({"date": "2026-11-21", "seed": 3}, ConfigError),
        ({"lang": "fr"}, UnknownName),
        ({"out": Path("set.png")}, ConfigError),
    ],
)
def test_bad_input_is_refused(kw: dict[str, object], error: type[Exception]) -> None:
    with pytest.raises(error) as e:
        TOOLS["print"](**kw)  # type: ignore[operator]
    assert "\n" not in str(e.value)


@pytest.mark.parametrize(
    "args",
    [
        ["--mode", "sideways"],
        ["--date", "2026-13-01"],
    ],
)
def test_cli_bad_input_is_one_line(tmp_path: Path, args: list[str]) -> None:
    result = invoke(["tos", "print", *args, "-o", str(tmp_path / "x.pdf")])
    assert_one_line_error(result)
    assert not (tmp_path / "x.pdf").exists()
