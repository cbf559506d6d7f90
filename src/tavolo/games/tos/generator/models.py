"""Skill models: the shapes a hero card half can take, priced and written in the effect language.

A model is a recipe. Given a level and the class's draws for this skill (its element, a
constellation, how many Infuse cards it takes back) it describes its abilities as offers
for :mod:`.pricing`, then writes the priced numbers into sentences. Conditions that spend
something the player has to arrange (an element or a constellation in play, a track to
empty) are bought, and so make the gain bigger; counts of cards and banners are free.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from math import ceil
from typing import Literal, cast

from ..schema import CONSUMED_BY, CONSUMES, Ability, Action, Condition, Element, Track
from .lang import (
    ability,
    at_least,
    at_most,
    exactly,
    gain,
    sentence,
    set_to,
    take_back,
    tick_legacy,
    transfer,
)
from .pricing import Offer, Priced, Weights, gift_amount, pay_banners, pay_elements, price

Stat = Literal["attack", "defense"]
Pattern = tuple[Literal[1, 2], ...]
Place = Literal["in_play", "in_hand"]
Buys = tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class Ctx:
    """What one skill is made from: its level and what the class drew for it."""

    level: int
    weights: Weights
    element: Element | None = None  # elementalist: its own element; stargazer: its condition's
    pattern: Pattern | None = None  # stargazer: the constellation it asks for
    take_back: int = 0  # stargazer: how many Infuse cards it lets the player take back

    def price(self, *offers: Offer) -> Priced:
        return price(self.level, offers, self.weights)

    @property
    def consumed(self) -> Element:
        """The element this skill's element consumes (fire consumes air, ...)."""
        return cast(Element, CONSUMES[self._element()])

    @property
    def consuming(self) -> Element:
        """The element that consumes this skill's element."""
        return cast(Element, CONSUMED_BY[self._element()])

    @property
    def stars(self) -> Pattern:
        if self.pattern is None:
            raise ValueError("this skill model needs a constellation")
        return self.pattern

    def _element(self) -> Element:
        if self.element is None:
            raise ValueError("this skill model needs an element")
        return self.element


@dataclass(frozen=True)
class Skill:
    """A priced skill, ready to be printed on a card half."""

    skill: str  # Half.skill: names the title
    level: int
    value: int
    exhaust: int
    abilities: tuple[Ability, ...]
    element: Element | None  # the element drawn for it (printed only by the elementalist)
    shows_element: bool
    perks: bool  # a perk may add a second ability


Build = Callable[[Ctx], tuple[Priced, tuple[Ability, ...]]]


@dataclass(frozen=True)
class Model:
    skill: str
    build: Build
    perks: bool = False  # only one-ability models accept a perk
    shows_element: bool = True  # False: the half stays plain even for the elementalist

    def make(self, ctx: Ctx) -> Skill:
        priced, abilities = self.build(ctx)
        return Skill(
            skill=self.skill,
            level=ctx.level,
            value=priced.value,
            exhaust=priced.exhaust,
            abilities=abilities,
            element=ctx.element,
            shows_element=self.shows_element,
            perks=self.perks and len(abilities) == 1,
        )


# -- needs: a condition, and what it costs in pricing ------------------------------------
Need = Callable[[Ctx], tuple[Condition, Buys]]


def cards_at_least(n: int) -> Need:
    return lambda c: (at_least("cards", n), ())


def cards_at_most(n: int) -> Need:
    return lambda c: (at_most("cards", n), ())


def two_tip_banners(c: Ctx) -> tuple[Condition, Buys]:
    return at_least("banner2", pay_banners(c.level)), ()


def consumed_element(c: Ctx) -> tuple[Condition, Buys]:
    return at_least(c.consumed, pay_elements(c.level)), (("element", 1),)


def consuming_element(c: Ctx) -> tuple[Condition, Buys]:
    return at_least(c.consuming, pay_elements(c.level)), (("element", 1),)


def no_consuming_element(c: Ctx) -> tuple[Condition, Buys]:
    return exactly(c.consuming, 0), (("element", 1),)


def constellation(place: Place) -> Need:
    def need(c: Ctx) -> tuple[Condition, Buys]:
        return Condition(stars=c.stars, place=place), (("constellation", len(c.stars)),)

    return need


def _needs(c: Ctx, needs: tuple[Need, ...]) -> tuple[tuple[Condition, ...], Buys]:
    met = [need(c) for need in needs]
    return tuple(cond for cond, _ in met), tuple(buy for _, buys in met for buy in buys)


def _took_back(c: Ctx, takes_back: bool) -> tuple[Action, ...]:
    return (take_back(c.take_back),) if takes_back else ()


# -- the models --------------------------------------------------------------------------
def base(skill: str, first: Stat, second: Stat) -> Model:
    """Two plain gains, +2 and +2 before pricing: the swordsman's and stargazer's base cards."""

    def build(c: Ctx) -> tuple[Priced, tuple[Ability, ...]]:
        p = c.price(Offer(first, 2), Offer(second, 2))
        one, two = p.abilities
        return p, (
            ability(one.cost, sentence(gain(first, one.amount))),
            ability(two.cost, sentence(gain(second, two.amount))),
        )

    return Model(skill, build, shows_element=False)


def base_elemental(skill: str, first: Stat, second: Stat) -> Model:
    """The elementalist's base: the second gain needs the element this half's consumes."""

    def build(c: Ctx) -> tuple[Priced, tuple[Ability, ...]]:
        cond, buys = consumed_element(c)
        p = c.price(Offer(first, 2), Offer(second, c.level, buys))
        one, two = p.abilities
        return p, (
            ability(one.cost, sentence(gain(first, one.amount))),
            ability(two.cost, sentence(gain(second, two.amount), when=(cond,))),
        )

    return Model(skill, build)


def zero_transfer(source: Stat, target: Stat) -> Model:
    """Empty one track (it must hold a third of the level) for a big gain in the other."""

    def build(c: Ctx) -> tuple[Priced, tuple[Ability, ...]]:
        need = ceil(c.level / 3)
        p = c.price(Offer(target, buys=((source, need),)))
        (one,) = p.abilities
        says = sentence(set_to(source, 0), gain(target, one.amount), when=(at_least(source, need),))
        return p, (ability(one.cost, says),)

    return Model("zero_transfer", build, perks=True)


def single_transfer(source: Stat, target: Stat) -> Model:
    """Two abilities that each turn one point of a track into several of the other."""

    def build(c: Ctx) -> tuple[Priced, tuple[Ability, ...]]:
        p = c.price(Offer(target, 0, ((source, 1),)), Offer(target, 2, ((source, 1),)))
        return p, tuple(
            ability(a.cost, sentence(gain(target, a.amount), pay={source: 1})) for a in p.abilities
        )

    return Model("single_transfer", build)


def full_transfer(
    skill: str, source: Stat, target: Stat, *needs: Need, takes_back: bool = False
) -> Model:
    """Move a whole track into the other, then give a little of the emptied one back."""

    def build(c: Ctx) -> tuple[Priced, tuple[Ability, ...]]:
        conds, buys = _needs(c, needs)
        p = c.price(Offer(target, buys=((source, c.level), *buys)))
        (one,) = p.abilities
        gift = gift_amount(c.level)
        do = (
            transfer(source, target),
            *((gain(source, gift),) if gift else ()),
            *_took_back(c, takes_back),
        )
        return p, (ability(one.cost, sentence(*do, when=conds)),)

    return Model(skill, build, perks=True)


def gain_if(skill: str, target: Track, *needs: Need, takes_back: bool = False) -> Model:
    """One gain behind conditions; the bought ones raise it."""

    def build(c: Ctx) -> tuple[Priced, tuple[Ability, ...]]:
        conds, buys = _needs(c, needs)
        p = c.price(Offer(target, buys=buys))
        (one,) = p.abilities
        do = (gain(target, one.amount), *_took_back(c, takes_back))
        return p, (ability(one.cost, sentence(*do, when=conds)),)

    return Model(skill, build, perks=True)


def starting_mana() -> Model:
    """Mana for an Opening with few cards in play: it gives the ability's mana worth."""

    def build(c: Ctx) -> tuple[Priced, tuple[Ability, ...]]:
        p = c.price(Offer("mana"))
        (one,) = p.abilities
        says = sentence(gain("mana", one.mana), when=(at_most("cards", 3),))
        return p, (ability(one.cost, says),)

    return Model("starting_mana", build, perks=True)


def combined() -> Model:
    """Attack, then defense as a second ability (defense as many as the level, discounted)."""

    def build(c: Ctx) -> tuple[Priced, tuple[Ability, ...]]:
        p = c.price(Offer("attack"), Offer("defense", c.level))
        one, two = p.abilities
        return p, (
            ability(one.cost, sentence(gain("attack", one.amount))),
            ability(two.cost, sentence(gain("defense", two.amount))),
        )

    return Model("combined", build)


def critical_element() -> Model:
    """Half the attack for sure and, as a separate sentence, half again with the element."""

    def build(c: Ctx) -> tuple[Priced, tuple[Ability, ...]]:
        cond, buys = consumed_element(c)
        p = c.price(Offer("attack", buys=buys))
        (one,) = p.abilities
        half = ceil(one.amount / 2)
        says = (sentence(gain("attack", half)), sentence(gain("attack", half), when=(cond,)))
        return p, (ability(one.cost, *says),)

    return Model("critical_element", build, perks=True)


def legacy(skill: str, *needs: Need, takes_back: bool = False) -> Model:
    """Tick the legacy bar (a bonus that changes over the card's life), then attack."""

    def build(c: Ctx) -> tuple[Priced, tuple[Ability, ...]]:
        conds, buys = _needs(c, needs)
        p = c.price(Offer("attack", buys=buys))
        (one,) = p.abilities
        rest = one.amount - 1  # the bar's bonus stands in for one point
        do = (tick_legacy(), *((gain("attack", rest),) if rest else ()))
        return p, (ability(one.cost, sentence(*do, *_took_back(c, takes_back), when=conds)),)

    return Model(skill, build)
