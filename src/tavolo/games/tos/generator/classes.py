"""The three hero classes: how they weigh resources, their skill models and their elements.

Each class draws its tier skills from a pool of eight models. The swordsman trades attack
and defense against each other, the elementalist lives on elements in play (each element
feeds the one it consumes), the stargazer on constellations of Infuse cards.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from ..schema import Klass
from .models import (
    Model,
    Stat,
    base,
    base_elemental,
    cards_at_least,
    combined,
    constellation,
    consumed_element,
    consuming_element,
    critical_element,
    full_transfer,
    gain_if,
    legacy,
    no_consuming_element,
    single_transfer,
    starting_mana,
    two_tip_banners,
    zero_transfer,
)
from .pricing import Weights

ElementRule = Literal["cards", "own", "painted"]
"""How a class's halves get their printed element:

- ``cards``: cards 5-8 get one element each, on both halves, all four different;
- ``own``: every skill draws its own element, prints it and reads it in its conditions;
- ``painted``: skills draw elements for their conditions only; printed elements are painted
  afterwards on both halves of cards 5-8 and on the bottom halves of cards 1-4.
"""


@dataclass(frozen=True)
class HeroClass:
    name: Klass
    weights: Weights
    base: Callable[[str, Stat, Stat], Model]  # the model of cards 1-4
    pool: tuple[Model, ...]  # tier models, drawn from a looping bag
    legacy: Model  # the bottom half of card 8
    level9: int  # level-9 skills generated; one is used on card 7
    elements: ElementRule
    constellations: bool  # whether skills draw a constellation


def _weights(**extra: Fraction) -> Weights:
    return {"attack": Fraction(1), "defense": Fraction(6, 5), "mana": Fraction(1), **extra}


SWORDSMAN = HeroClass(
    name="swordsman",
    weights=_weights(),
    base=base,
    pool=(
        single_transfer("defense", "attack"),
        starting_mana(),
        combined(),
        full_transfer("full_transfer", "attack", "defense"),
        gain_if("final_action", "attack", cards_at_least(4)),
        gain_if("banner_conditioned", "attack", two_tip_banners),
        zero_transfer("defense", "attack"),
        full_transfer("full_transfer", "defense", "attack"),
    ),
    legacy=legacy("legacy"),
    level9=2,
    elements="cards",
    constellations=False,
)

ELEMENTALIST = HeroClass(
    name="elementalist",
    weights=_weights(element=Fraction(3, 2)),
    base=base_elemental,
    pool=(
        base_elemental("strong_attack", "attack", "defense"),
        base_elemental("strong_defense", "defense", "attack"),
        gain_if("combo_elements", "attack", consumed_element, consuming_element),
        full_transfer("full_transfer_element", "defense", "attack", consumed_element),
        full_transfer("full_transfer_element", "attack", "defense", consumed_element),
        critical_element(),
        gain_if("no_element", "attack", cards_at_least(2), no_consuming_element),
        base("split", "defense", "attack"),
    ),
    legacy=legacy("legacy_elemental", consumed_element),
    level9=1,
    elements="own",
    constellations=False,
)

_IN_PLAY, _IN_HAND = constellation("in_play"), constellation("in_hand")

ORIGINAL_CONSTELLATION = Fraction(1, 20)
"""The original's price of one star of a constellation condition (facts §2.4): so low that
the stargazer's conditioned gains are no bigger than the swordsman's free ones."""
CONSTELLATION = Fraction(3)
"""tavolo's price of one star: a balance change, not the original's. A constellation in play
is a contiguous run of Infuse cards ending at the Opening card (2 stars at L3-5, 3 from L6),
far harder to arrange than an element in play (1.5 points); with the original's 0.05 the
stargazer won 9-15% of fights from lvl4 on where the other classes won about half, and at
1 or 2 points a star it still trailed them (docs/tos-balance.md). At 3 points a star its
conditioned gains are big enough to pay for the setup; card values stay in the original's
observed ranges."""
STARGAZER_ORIGINAL_WEIGHTS = _weights(element=Fraction(3, 2), constellation=ORIGINAL_CONSTELLATION)

STARGAZER = HeroClass(
    name="stargazer",
    weights=_weights(element=Fraction(3, 2), constellation=CONSTELLATION),
    base=base,
    pool=(
        gain_if("show_constellation", "attack", _IN_PLAY, takes_back=True),
        gain_if("show_constellation", "defense", _IN_PLAY, takes_back=True),
        gain_if("show_constellation", "attack", _IN_HAND, takes_back=True),
        gain_if("show_constellation", "defense", _IN_HAND, takes_back=True),
        gain_if(
            "show_constellation_element", "attack", _IN_PLAY, consumed_element, takes_back=True
        ),
        gain_if(
            "show_constellation_element", "defense", _IN_PLAY, consumed_element, takes_back=True
        ),
        full_transfer(
            "full_transfer_constellation", "attack", "defense", _IN_PLAY, takes_back=True
        ),
        full_transfer(
            "full_transfer_constellation", "defense", "attack", _IN_PLAY, takes_back=True
        ),
    ),
    legacy=legacy("legacy_constellation", _IN_PLAY, takes_back=True),
    level9=2,
    elements="painted",
    constellations=True,
)

HERO_CLASSES: dict[str, HeroClass] = {c.name: c for c in (SWORDSMAN, ELEMENTALIST, STARGAZER)}
