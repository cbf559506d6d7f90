"""365 consecutive days of generated heroes, every half readable in English and Italian."""

from __future__ import annotations

import datetime as dt
import re

from tavolo.games.tos import generator, text

LEFTOVER = re.compile(r"\{[a-z_]+\}")


def test_every_half_of_a_year_of_heroes_reads_in_both_languages() -> None:
    start = dt.date(2026, 1, 1)
    for i in range(365):
        hero = generator.daily(start + dt.timedelta(days=i))
        for card in hero.cards:
            for h in (card.top, card.bottom):
                en = "\n".join(text.render_half(h, "en"))
                it = "\n".join(text.render_half(h, "it"))
                assert en and it and en != it, (hero.serial, card.number)
                assert not LEFTOVER.search(en) and not LEFTOVER.search(it)
                assert text.half_title(h, "en") in en and text.half_title(h, "it") in it
        for lang in ("en", "it"):
            assert hero.serial in text.render_hero(hero, lang)
