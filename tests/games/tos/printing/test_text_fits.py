"""No card text overflows: 30 days of each adventure type, both languages, laid out for
real and every text box's measured height compared with its room."""

from __future__ import annotations

import datetime as dt
import io
import itertools
import re
from collections.abc import Iterator
from typing import Any

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from tavolo.games.tos import daily, printing
from tavolo.games.tos.dungeon.adventure import generate_adventure
from tavolo.games.tos.printing import Adventure, layout
from tavolo.games.tos.printing.draw import BODY_FONT
from tavolo.games.tos.printing.fit import Fit

from .support import words

DAYS = [dt.date(2026, 1, 1) + dt.timedelta(days=7 * k) for k in range(30)]


def laid_out(adventure: Adventure, lang: str) -> list[Fit]:
    c = Canvas(io.BytesIO(), pagesize=(layout.PAGE_W, layout.PAGE_H))
    _, fits = printing.draw_adventure_page(c, "TOS20260101", adventure, lang, words=words())
    return fits


def check(fits: list[Fit]) -> None:
    bad = [f for f in fits if not f.fits]
    assert not bad, bad
    assert min(f.size for f in fits if f.size) >= 3.0


@pytest.mark.parametrize("lang", ["en", "it"])
def test_dungeon_text_fits_for_30_days(lang: str) -> None:
    for day in DAYS:
        check(laid_out(generate_adventure(daily.adventure_seed(day, "dungeon")), lang))


@pytest.mark.parametrize("lang", ["en", "it"])
def test_dungeon_index_text_is_readable_for_30_days(lang: str) -> None:
    """Six equal blocks set long Italian entries at 3.75 pt; blocks sized by their text
    keep every entry at 5 pt or more."""
    for day in DAYS:
        fits = laid_out(generate_adventure(daily.adventure_seed(day, "dungeon")), lang)
        small = [f for f in fits if f.size < 5.0]
        assert not small, (day, small)


# Italian index cards whose six entries did not fit at 5 pt with the usual spacing
CROWDED_DAYS = [
    dt.date(2026, 1, 12),
    dt.date(2026, 3, 8),
    dt.date(2026, 5, 2),
    dt.date(2026, 6, 8),
    dt.date(2026, 9, 5),
    dt.date(2026, 11, 23),
    dt.date(2026, 11, 24),  # crowded in Vera (wider than Helvetica)
    dt.date(2027, 1, 31),  # the most crowded of 2025-2028 in Vera
]


@pytest.mark.parametrize("day", CROWDED_DAYS, ids=str)
def test_a_crowded_index_card_is_still_readable(day: dt.date) -> None:
    """These days' Italian index cards set their long entries at 4.75 pt (below the 5 pt
    the sheet promises): the spacing around and inside their blocks now tightens first."""
    fits = laid_out(generate_adventure(daily.adventure_seed(day, "dungeon")), "it")
    check(fits)
    small = [f for f in fits if f.size < 5.0]
    assert not small, small


def test_index_blocks_share_the_card_above_the_page_number() -> None:
    from tavolo.games.tos.printing import dungeon_page

    adventure = generate_adventure(daily.adventure_seed(DAYS[0], "dungeon"))
    for card in adventure.index.cards:
        lines = [dungeon_page.entry_lines(i, "it") for i in card.instructions]
        heights = dungeon_page.index_heights(lines)
        assert abs(sum(heights) - layout.INDEX_TEXT_H) < 0.01
        assert min(heights) >= layout.INDEX_BLOCK_MIN


@pytest.mark.parametrize("lang", ["en", "it"])
def test_world_text_fits_for_30_days(lang: str) -> None:
    from tavolo.games.tos.world.generate import generate_world

    for day in DAYS:
        fits = laid_out(generate_world(daily.adventure_seed(day, "world")), lang)
        check(fits)
        assert len(fits) >= 18  # every half has at least one text box


@pytest.mark.parametrize("lang", ["en", "it"])
def test_world_text_above_an_enemy_is_readable_for_30_days(lang: str) -> None:
    """Long Italian lines above a centred strip were set at 4.5 pt; the strip now moves
    down before that text would go below 5.5 pt."""
    from tavolo.games.tos.world.generate import generate_world

    for day in DAYS:
        fits = laid_out(generate_world(daily.adventure_seed(day, "world")), lang)
        small = [f for f in fits if f.size and f.size < 5.5]
        assert not small, (day, small)


def test_a_box_too_small_says_so() -> None:
    from tavolo.games.tos.printing import fit

    build = fit.paragraphs([fit.text("word " * 200)], BODY_FONT)
    _, f = fit.set_box(build, 50 * layout.MM, 5 * layout.MM, "tiny")
    assert not f.fits and f.size == fit.SIZES[-1] and f.height > f.room


NUMBER = re.compile(r"^[\u2212+-]?\d+[A-D]?\W*$")


def _words(line: Any) -> list[str]:
    """A wrapped line's words (a plain line is (width, words); a line with several fonts
    is a FragLine of fragments); a no-break space does not split a word."""
    if isinstance(line, tuple):
        return [str(w) for w in line[1]]
    joined = "".join(getattr(frag, "text", "") for frag in line.words)
    return [w for w in re.split(r"[ \t\n]+", joined) if w]


def broken_numbers(markup: str, width: float, size: float) -> list[str]:
    """The places where a paragraph of ``markup`` wrapped at ``width`` puts a number at
    the start of a line, away from the word before it (``Difesa`` / ``2.``)."""
    from tavolo.games.tos.printing import fit

    p = fit.para(markup, BODY_FONT, size)
    p.wrap(width, 100000)
    lines = [_words(line) for line in p.blPara.lines]
    pairs = itertools.pairwise(lines)
    return [f"{a[-1]} / {b[0]}" for a, b in pairs if a and b and NUMBER.match(b[0])]


def test_a_number_stays_with_the_word_before_it() -> None:
    """Index entries printed 'Combatti: Nemico — Livello 3 · Attacco 2 · Difesa' with '2.'
    alone on the next line, and 'room' / '1A,': a number now wraps with its word."""
    from tavolo.games.tos.printing import dungeon_page, fit

    _, width = dungeon_page.index_text_box()
    head = "Nemico — Livello 3 · Attacco 2 · Difesa"
    room = stringWidth(head, BODY_FONT, 6.5) + 1  # "2." does not fit after "Difesa"
    assert broken_numbers(fit.text(f"{head} 2."), room, 6.5) == []
    broken = [x for line, size in index_entry_lines() for x in broken_numbers(line, width, size)]
    assert not broken, broken[:10]


def index_entry_lines() -> Iterator[tuple[str, float]]:
    """Every line of the index entries of 12 weeks of dungeons, English and Italian, at the
    two sizes the index sets them (5 and 6.5 pt)."""
    from tavolo.games.tos.printing import dungeon_page

    for day in DAYS[:12]:
        adventure = generate_adventure(daily.adventure_seed(day, "dungeon"))
        for lang in ("en", "it"):
            for card in adventure.index.cards:
                for instr in card.instructions:
                    for line in dungeon_page.entry_lines(instr, lang):
                        for size in (5.0, 6.5):
                            yield line, size


def line_starts(markup: str, width: float, size: float) -> list[str]:
    """The first word of every line but the first of ``markup`` wrapped at ``width``."""
    from tavolo.games.tos.printing import fit

    p = fit.para(markup, BODY_FONT, size)
    p.wrap(width, 100000)
    return [words[0] for words in (_words(line) for line in p.blPara.lines[1:]) if words]


def test_a_separator_dot_stays_at_the_end_of_its_line() -> None:
    """Set in Vera, 'Enemy — level 3 · attack 2 · defense 3 · Charmed (...)' wrapped with
    '· Charmed' at the start of a line; a separator dot now ends the line it follows."""
    from tavolo.games.tos.printing import dungeon_page

    _, width = dungeon_page.index_text_box()
    starts = [x for line, size in index_entry_lines() for x in line_starts(line, width, size)]
    assert starts
    assert "\u00b7" not in starts
