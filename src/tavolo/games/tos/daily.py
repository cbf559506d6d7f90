"""The daily set: one hero and one adventure per UTC day, the adventure's type by date.

The manual says each day brings one adventure, a world or a dungeon one. The type is drawn
from the day's seed (even odds), so the days do not alternate in a pattern a player could
predict; each adventure type has its own seed derived from the day's, so the world and the
dungeon of a day would be the same adventures whichever type the day shows.
"""

from __future__ import annotations

import datetime as dt
from typing import Literal

from tavolo.engine.rng import RNG, derive_seed

from .generator import seed_for

AdventureType = Literal["world", "dungeon"]
ADVENTURE_TYPES: tuple[AdventureType, ...] = ("world", "dungeon")


def adventure_type(day: dt.date) -> AdventureType:
    """The day's adventure type."""
    return RNG(derive_seed(seed_for(day), "adventure type")).choice(ADVENTURE_TYPES)


def adventure_seed(day: dt.date, kind: AdventureType) -> int:
    """The seed of the day's world (``kind="world"``) or dungeon adventure."""
    return derive_seed(seed_for(day), kind)
