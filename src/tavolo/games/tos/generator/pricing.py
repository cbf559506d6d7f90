"""Pricing: turn what an ability gives and consumes into mana costs, amounts and a card value.

A skill is described before pricing as a list of offers, one per ability: the resource it
sells, the least amount it gives, and the resources it buys (consumes or requires, such as
a defense point or an element in play). Each class weighs resources differently (defense
is dearer than attack, an element condition costs 1.5 points), and every skill level has
its own sell ratio, combo discount and gift. The procedure is the original generator's.

The arithmetic is exact (:class:`fractions.Fraction`). The original works in IEEE doubles,
where ``rate * ((x + paid) / rate) - paid`` can land a hair off a whole number and be
rounded up, so a few of its printed cells are one higher than the exact result (swordsman
full transfer D->A at level 4 prints cost 5 / value 6, exactly it is 4 / 4; the level-4
base defense card prints value 7, exactly 6). Our numbers follow the mathematics.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import ceil, floor

Weights = Mapping[str, Fraction]
"""Value of one unit of a resource: attack, defense, mana, element, constellation."""

MAX_VALUE = 9  # the card-value sphere holds 0-9


def _by_level(*values: str) -> dict[int, Fraction]:
    """A table indexed by skill level 1-9."""
    return {level: Fraction(v) for level, v in enumerate(values, start=1)}


SELL = _by_level("1", "0.65", "0.65", "0.6", "0.6", "0.55", "0.55", "0.5", "0.5")
COMBO = _by_level("1", "0", "1", "0", "1", "0", "1", "0", "1")
BUY = _by_level(*"111111111")
GIFT = _by_level("2.5", "2.5", "2.5", "2.5", "2.5", "2", "1.5", "0.5", "0")
EXHAUST = {level: int(cost) for level, cost in _by_level(*"112233344").items()}


def pay_elements(level: int) -> int:
    """How many of an element an element condition asks for: 1 up to level 5, then 2."""
    return ceil(level / 5)


def pay_banners(level: int) -> int:
    """How many two-tip banners a banner condition asks for."""
    return ceil(level / 4)


def gift_amount(level: int) -> int:
    """What a full transfer gives back of the track it empties: 2, then 1 at L7, 0 from L8."""
    return floor(GIFT[level])


@dataclass(frozen=True)
class Offer:
    """One ability before pricing."""

    sells: str  # the resource it gives
    amount: int = 0  # the least it gives; the first ability is raised to its level's worth
    buys: tuple[tuple[str, int], ...] = ()  # (resource, units) it consumes or requires


@dataclass(frozen=True)
class Price:
    """One priced ability."""

    cost: int  # mana to activate it
    amount: int  # how much of the sold resource it gives
    mana: int  # its worth in mana: what a starting-mana skill gives


@dataclass(frozen=True)
class Priced:
    value: int  # card value, 0-9
    exhaust: int  # exhaust cost in mana
    abilities: tuple[Price, ...]


def _whole(x: Fraction) -> bool:
    return x.denominator == 1


def price(level: int, offers: tuple[Offer, ...], weights: Weights) -> Priced:
    """Price a skill's abilities at ``level`` (1-9) with a class's resource ``weights``.

    The first ability sets the tone: it costs the level (at least 1) and gives as much as
    that buys at the level's sell ratio. Later abilities give their stated amount and cost
    what it is worth, less a discount that grows on odd levels. Every rounding in the
    player's favour (a cost rounded up, an amount or worth rounded down) moves the card
    value the other way, so a cheap-looking card earns less mana when played.
    """
    if not 1 <= level <= 9:
        raise ValueError(f"skill level {level} is not 1-9")
    if not offers:
        raise ValueError("a skill has at least one ability")
    sell, bonus = SELL[level], GIFT[level] / SELL[level]
    discount = value = Fraction(0)
    rows: list[list[int]] = []
    for i, offer in enumerate(offers):
        paid = sum((BUY[level] * n * weights[res] for res, n in offer.buys), Fraction(0))
        rate = sell * weights[offer.sells]
        amount = Fraction(offer.amount)
        if i == 0:
            worth = (max(1, level, offer.amount) + paid) / rate
            amount = max(amount, worth)
        else:
            worth = amount
        cost = rate * worth - discount - paid
        if not _whole(cost):
            cost = Fraction(ceil(cost))
            value += 1
        if not _whole(amount):
            amount = Fraction(floor(amount))
            value -= 1
        if cost < 1:
            value += 1 - cost
            cost = Fraction(1)
        elif i == 0:
            value += cost
        mana = cost + discount + paid + bonus
        if not _whole(mana):
            mana = Fraction(floor(mana))
            value += 1
        rows.append([int(cost), int(amount), int(mana)])
        discount += COMBO[level]
    card_value = ceil(value)
    if card_value > MAX_VALUE:  # the sphere holds 9: the surplus goes into the first ability
        rows[0][1] += 1
        card_value = MAX_VALUE
    return Priced(card_value, EXHAUST[level], tuple(Price(*row) for row in rows))
