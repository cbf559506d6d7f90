"""Static card facts in the shape the rules use on every step (shared, never copied)."""

from __future__ import annotations

from typing import NamedTuple

from .content import Collection
from .schema import ESTRI, Card, Gift


class CardInfo(NamedTuple):
    id: str
    name: str
    estro: int
    stats: tuple[int, int, int, int, int]
    tot: int
    gift: Gift | None
    trigger: str | None  # the gift's trigger, or None for an empty card


def card_infos(collection: Collection) -> dict[str, CardInfo]:
    return {c.id: info(c) for c in collection.cards}


def info(c: Card) -> CardInfo:
    stats = c.stats.as_tuple()
    return CardInfo(
        c.id,
        c.name,
        ESTRI.index(c.estro),
        stats,
        sum(stats),
        c.gift,
        c.gift.trigger if c.gift else None,
    )
