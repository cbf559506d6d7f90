"""The daily set over a year: each day's adventure type, and each day's adventure generated,
checked, and readable in English and Italian."""

from __future__ import annotations

import datetime as dt
from collections import Counter
from itertools import groupby

from tavolo.games.tos import daily
from tavolo.games.tos.dungeon.adventure import check_adventure, generate_adventure
from tavolo.games.tos.dungeon.text import render_dungeon
from tavolo.games.tos.world.generate import generate_world
from tavolo.games.tos.world.text import render_world
from tavolo.games.tos.world.validate import check_world

YEAR = [dt.date(2026, 1, 1) + dt.timedelta(days=i) for i in range(365)]


def test_each_day_has_one_adventure_type_both_types_common() -> None:
    kinds = [daily.adventure_type(d) for d in YEAR]
    assert kinds == [daily.adventure_type(d) for d in YEAR]  # a date always deals the same
    counts = Counter(kinds)
    assert set(counts) == {"world", "dungeon"} and min(counts.values()) > 365 // 2 - 40
    runs = max(len(list(g)) for _, g in groupby(kinds))
    assert runs < 12  # no long streak of one type


def test_a_year_of_daily_adventures_generates_and_checks_out() -> None:
    seeds = set()
    for i, day in enumerate(YEAR):
        kind = daily.adventure_type(day)
        seed = daily.adventure_seed(day, kind)
        seeds.add(seed)
        if kind == "world":
            w = generate_world(seed)
            assert check_world(w) == [], day
            if i % 30 == 0:
                for lang in ("en", "it"):
                    assert "{" not in render_world(w, lang)
        else:
            d = generate_adventure(seed)
            assert check_adventure(d.map, d.index) == [], day
            if i % 30 == 0:
                for lang in ("en", "it"):
                    assert "{" not in render_dungeon(d, lang)
    assert len(seeds) == 365  # never the same adventure twice
