"""Which hero and adventure a ``tavolo tos print`` call prints.

A day gives its hero and, by ``daily.adventure_type``, its adventure type; each type has
its own seed (``daily.adventure_seed``). A ``--seed S`` stands for a day's seed: the hero
is generated from S, the type is drawn from S the same way, and the adventure's seed is
``derive_seed(S, kind)``, so ``--seed`` of a day's seed prints exactly that day's set.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from tavolo.engine.errors import ConfigError, UnknownName
from tavolo.engine.rng import RNG, derive_seed

from .. import generator, text
from ..daily import ADVENTURE_TYPES, AdventureType
from ..dungeon.adventure import DungeonAdventure
from ..schema import Hero
from ..world.model import WorldAdventure


@dataclass(frozen=True)
class Chosen:
    """What to print: the hero and the adventure."""

    hero: Hero
    kind: AdventureType
    adventure: DungeonAdventure | WorldAdventure


def check_kind(kind: str | None) -> AdventureType | None:
    if kind is None:
        return None
    for k in ADVENTURE_TYPES:
        if k == kind:
            return k
    raise UnknownName("adventure type", kind, ADVENTURE_TYPES, nouns=text.MSG)


def type_for_seed(seed: int) -> AdventureType:
    """The adventure type of the set of hero seed ``seed`` (as ``daily.adventure_type``)."""
    return RNG(derive_seed(seed, "adventure type")).choice(ADVENTURE_TYPES)


def generate(kind: AdventureType, seed: int) -> DungeonAdventure | WorldAdventure:
    """The adventure of type ``kind`` for adventure seed ``seed``."""
    if kind == "world":
        from ..world.generate import generate_world

        world: WorldAdventure = generate_world(seed)
        return world
    from ..dungeon.adventure import generate_adventure

    return generate_adventure(seed)


def choose(date: str | None, seed: int | None, class_: str | None, kind: str | None) -> Chosen:
    """The hero and adventure of ``--date`` (default today, UTC) or ``--seed``; ``kind``
    overrides the adventure type."""
    wanted = check_kind(kind)
    if date is not None and seed is not None:
        raise ConfigError.said(text.MSG, "error.date_or_seed")
    if seed is not None:
        hero = generator.generate(seed, class_)
        base = seed
    else:
        day: dt.date = generator.parse_day(date) if date is not None else generator.today_utc()
        hero = generator.daily(day, class_)
        base = generator.seed_for(day)
    chosen = wanted or type_for_seed(base)
    return Chosen(hero, chosen, generate(chosen, derive_seed(base, chosen)))
