"""Perks: a cheap second ability added to two one-ability halves of each hero deck.

A perk costs 1 mana and turns a one-star half into a two-star one, which matters for
constellations and for the combo perks themselves. The effects are the original's
effects, not its codex texts (which say earth for erosive and +1 mana for efficient).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..schema import Ability, Condition, Track
from .lang import ability, at_least, exactly, gain, sentence

PERKS_PER_HERO = 2
PERK_COST = 1


@dataclass(frozen=True)
class Perk:
    id: str  # Half.perk and the title's adjective
    track: Track
    n: int
    condition: Condition | None = None

    @property
    def ability(self) -> Ability:
        when = (self.condition,) if self.condition else ()
        return ability(PERK_COST, sentence(gain(self.track, self.n), when=when))


PERKS = (
    Perk("safe", "defense", 1),
    Perk("flaming", "attack", 1, at_least("fire", 1)),
    Perk("overwhelming", "attack", 1, at_least("earth", 1)),
    Perk("cutting", "attack", 1, at_least("air", 1)),
    Perk("erosive", "attack", 1, at_least("water", 1)),
    Perk("efficient", "mana", 2),
    Perk("combo_one", "defense", 1, exactly("prev_stars", 1)),
    Perk("combo_two", "attack", 1, exactly("prev_stars", 2)),
    Perk("banner_one", "attack", 1, at_least("banner1", 2)),
    Perk("banner_two", "defense", 1, at_least("banner2", 2)),
)
