"""Hero card text a player reads at the table: no line set below about 5 pt."""

from __future__ import annotations

import datetime as dt

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth

from tavolo.games.tos import generator, text
from tavolo.games.tos.printing import draw

DAYS = [dt.date(2026, 1, 1) + dt.timedelta(days=11 * k) for k in range(12)]


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("klass", ["swordsman", "elementalist", "stargazer"])
def test_exhaust_effects_are_readable_and_fit(klass: str, lang: str) -> None:
    """Italian exhaust effects were squeezed onto one line at 4.75 pt; a long one now
    wraps onto two lines at 5.5 pt, each within the title's width."""
    width = draw.TITLE_RIGHT - draw.TITLE_LEFT
    for day in DAYS:
        for card in generator.daily(day, klass).cards:
            for h in (card.top, card.bottom):
                line = text.exhaust_line(h, lang)
                size, lines = draw.exhaust_lines(line)
                assert size >= 5.0 and 1 <= len(lines) <= 2, (day, line, size)
                assert " ".join(lines) == line
                assert all(stringWidth(x, draw.ITALIC_FONT, size) <= width for x in lines)


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("klass", ["swordsman", "elementalist", "stargazer"])
def test_the_status_card_keeps_its_words_clear_of_the_card_code(klass: str, lang: str) -> None:
    """The class description on the status card ran across the card's full width, its
    longest line ending a fraction of a millimetre from the card code beside it (in Vera,
    'trasforma' touched 'TOS...-H-9A'); it keeps the code's room free now, as world halves
    do: no word ends within 1 mm of the code's strip."""
    import pypdfium2 as pdfium

    from tavolo.games.tos import printing
    from tavolo.games.tos.printing import layout

    out = printing.render(generator.daily(DAYS[0], klass), lang)
    x0, _ = layout.origin(8)
    strip = x0 + layout.CARD_W - layout.CODE_GAP - layout.CODE_STRIP
    doc = pdfium.PdfDocument(out.pdf)
    page = doc[0].get_textpage()
    close = []
    for i in range(page.count_chars()):
        left, _, right, _ = page.get_charbox(i)
        if x0 < left < strip - 0.5 * layout.MM and right > strip - 1 * layout.MM:
            close += page.get_text_range(i, 1).strip()
    doc.close()
    assert not close, close
