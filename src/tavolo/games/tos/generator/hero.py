"""Build a hero deck: 8 cards of skills laid out by level, then perks, then elements.

The layout is the same for every class (cards 1-4 base skills, 5-8 crafted ones):

====  ======================  =======================
card  top half (one tip)      bottom half (two tips)
====  ======================  =======================
1     attack L1               strong attack L3
2     defense L1              strong defense L3
3     attack L2               strong attack L4
4     defense L2              strong defense L4
5, 6  tier 1 (L3, L4)         tier 3 (L7, L8)
7     tier 2 (L5 or L6)       tier 4 (L9)
8     the other tier 2        legacy (L9)
====  ======================  =======================

Every random choice is a draw from a shuffle bag on one RNG stream, in a fixed order, so
the seed alone decides the hero.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import Literal, cast

from tavolo.engine.rng import RNG, derive_seed

from ..schema import ELEMENTS, Element, Half, Hero, HeroCard, Klass, TickBar
from .bags import Bag
from .classes import HERO_CLASSES, HeroClass
from .models import Ctx, Pattern, Skill, Stat
from .perks import PERKS, PERKS_PER_HERO, Perk

EASY = cast(tuple[Pattern, ...], tuple(product((1, 2), repeat=2)))  # 4 patterns of 2 stars
NORMAL = cast(tuple[Pattern, ...], tuple(product((1, 2), repeat=3)))  # 8 patterns of 3 stars
LEGACY_BAR = TickBar(boxes=(None, 1, 0, 1, 1, 2), end=0)
LEGACY_TAKE_BACK = 3

Key = tuple[int, int]  # (card 1-8, half: 0 top, 1 bottom)


def tier(level: int) -> int:
    """Tier 1 is levels 3-4, tier 2 levels 5-6, tier 3 levels 7-8, tier 4 level 9."""
    return (level - 1) // 2


@dataclass
class _Slot:
    skill: Skill
    element: Element | None = None
    perk: Perk | None = None


class _Draws:
    """The hero's bags: one looping bag of elements, one of each constellation size."""

    def __init__(self, klass: HeroClass, rng: RNG) -> None:
        self.klass = klass
        self.elements = Bag(cast(tuple[Element, ...], ELEMENTS), rng, looping=True)
        self.easy = Bag(EASY, rng, looping=True)
        self.normal = Bag(NORMAL, rng, looping=True)

    def element(self) -> Element:
        return self.elements.must_draw()

    def crafted(self, level: int, *, legacy: bool = False) -> Ctx:
        """A tier or legacy skill's draws: an element, then (stargazer) a constellation."""
        k = self.klass
        element = self.element() if k.elements != "cards" else None
        if not k.constellations:
            return Ctx(level, k.weights, element)
        pattern = (self.easy if level <= 5 else self.normal).must_draw()
        back = LEGACY_TAKE_BACK if legacy else 2 if 6 <= level <= 8 else 1
        return Ctx(level, k.weights, element, pattern, back)


def build(seed: int, klass: Klass, serial: str) -> Hero:
    """The hero for ``seed`` and ``klass``; ``serial`` is printed on its cards."""
    k = HERO_CLASSES[klass]
    rng = RNG(derive_seed(seed, "hero"))
    draws = _Draws(k, rng)
    slots = _base_cards(k, draws)
    slots.update(_crafted_cards(k, draws, rng))
    _add_perks(slots, rng)
    _paint_elements(k, slots, draws)
    cards = [
        HeroCard(number=n, top=_half(slots[n, 0], 1), bottom=_half(slots[n, 1], 2))
        for n in range(1, 9)
    ]
    return Hero.model_validate(
        {
            "serial": serial,
            "class": klass,
            "seed": seed,
            "cards": cards,
            "bars": {"legacy": LEGACY_BAR},
        }
    )


def _base_cards(k: HeroClass, draws: _Draws) -> dict[Key, _Slot]:
    """Cards 1-4: attack and defense at levels 1-2 on top, strong ones at 3-4 below.

    Made in the order attack L1, defense L1, attack L2, defense L2, then the strong ones,
    so an elementalist's four tops (and four bottoms) take four different elements.
    """
    slots: dict[Key, _Slot] = {}
    for half in (0, 1):
        for card in range(1, 5):
            first: Stat = "attack" if card % 2 else "defense"
            second: Stat = "defense" if card % 2 else "attack"
            level = (card + 1) // 2 + 2 * half
            name = ("strong_" if half else "") + first
            element = draws.element() if k.elements == "own" else None
            skill = k.base(name, first, second).make(Ctx(level, k.weights, element))
            slots[card, half] = _Slot(skill)
    return slots


def _crafted_cards(k: HeroClass, draws: _Draws, rng: RNG) -> dict[Key, _Slot]:
    """Cards 5-8: one skill per level from the class's model bag, dealt out by tier."""
    models = Bag(k.pool, rng, looping=True)
    by_tier: dict[int, list[Skill]] = {1: [], 2: [], 3: [], 4: []}
    for level in (3, 4, 5, 6, 7, 8, *(9,) * k.level9):
        model = models.must_draw()
        by_tier[tier(level)].append(model.make(draws.crafted(level)))
    heritage = k.legacy.make(draws.crafted(9, legacy=True))
    tiers = {t: Bag(skills, rng, looping=False) for t, skills in by_tier.items()}
    deal = {(5, 0): 1, (6, 0): 1, (7, 0): 2, (8, 0): 2, (5, 1): 3, (6, 1): 3, (7, 1): 4}
    slots = {key: _Slot(tiers[t].must_draw()) for key, t in deal.items()}
    slots[8, 1] = _Slot(heritage)
    return slots


def _add_perks(slots: dict[Key, _Slot], rng: RNG) -> None:
    """Two different perks on two different halves that have one ability and take perks."""
    perks = Bag(PERKS, rng, looping=False)
    eligible = sorted(key for key, slot in slots.items() if slot.skill.perks)
    if len(eligible) < PERKS_PER_HERO:
        raise AssertionError(f"only {len(eligible)} halves can take a perk")
    for _ in range(PERKS_PER_HERO):
        perk = perks.must_draw()
        slots[rng.draw(eligible)].perk = perk


def _paint_elements(k: HeroClass, slots: dict[Key, _Slot], draws: _Draws) -> None:
    """Printed elements, by the class's rule (see :data:`.classes.ElementRule`)."""
    if k.elements == "own":
        for slot in slots.values():
            slot.element = slot.skill.element if slot.skill.shows_element else None
    elif k.elements == "cards":
        for card in range(5, 9):
            slots[card, 0].element = slots[card, 1].element = draws.element()
    else:
        painted = [(card, half) for card in range(5, 9) for half in (0, 1)]
        for key in [*painted, *((card, 1) for card in range(1, 5))]:
            slots[key].element = draws.element()


def _half(slot: _Slot, banner: Literal[1, 2]) -> Half:
    s, perk = slot.skill, slot.perk
    return Half(
        skill=s.skill,
        adjective=perk.id if perk else slot.element,
        level=s.level,
        value=s.value,
        exhaust=s.exhaust,
        element=slot.element,
        banner=banner,
        abilities=s.abilities + ((perk.ability,) if perk else ()),
        perk=perk.id if perk else None,
    )
