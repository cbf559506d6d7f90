"""Shared helpers for the world adventure tests: a year of daily adventures, line walks,
and a builder for hand-made adventures."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from typing import Any

from tavolo.games.tos import daily
from tavolo.games.tos.world.generate import generate_world
from tavolo.games.tos.world.model import (
    CARDS,
    Card,
    Half,
    Line,
    Text,
    TickBar,
    Win,
    WorldAdventure,
)

FIRST_DAY = dt.date(2026, 1, 1)
DAYS = 365


def days() -> list[dt.date]:
    return [FIRST_DAY + dt.timedelta(days=i) for i in range(DAYS)]


@cache
def year() -> tuple[WorldAdventure, ...]:
    """The world adventures of 365 consecutive days (2026)."""
    return tuple(generate_world(daily.adventure_seed(day, "world")) for day in days())


def halves(adv: WorldAdventure) -> Iterator[Half]:
    for card in adv.cards:
        yield card.top
        yield card.bottom


def all_lines(lines: Sequence[Line]) -> Iterator[Line]:
    """Every line, tick-bar branches included."""
    for line in lines:
        yield line
        if isinstance(line, TickBar):
            for branch in line.branches.values():
                yield from all_lines(branch)


def build(lines: Mapping[str, Sequence[Any]], **fields: object) -> WorldAdventure:
    """A hand-made adventure: the given halves' lines; 1A is a mission, 1B the win, every
    other half a story line unless given."""
    defaults: dict[str, tuple[Line, ...]] = {
        "1A": (Text(label="main_the_boss.mission"),),
        "1B": (Text(label="main_the_boss.victory"), Win()),
    }
    cards = []
    for n in range(1, CARDS + 1):
        hs = []
        for side in "AB":
            hid = f"{n}{side}"
            got = lines.get(hid, defaults.get(hid, (Text(label="event_quiet.text"),)))
            hs.append(Half(id=hid, title="event_quiet.title", source="test", lines=tuple(got)))
        cards.append(Card(number=n, top=hs[0], bottom=hs[1]))
    data: dict[str, object] = {"seed": 0, "attempts": 1, "main_quest": "main_the_boss"}
    data.update(fields)
    return WorldAdventure.model_validate({**data, "cards": cards})
