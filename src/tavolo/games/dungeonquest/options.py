"""The switchable rules: every decision of the facts file that has a known alternative.

Defaults follow the recommendations D1-D27 (the digest adopts them all). Decisions
without an alternative are fixed in the rules or in data; those held in data (tile
searchability D5, the combat tables D6, Monster cards D7, the bow and potion tables D10 and
D13, treasure values D20) are edited in ``content/``. A card may carry ``variants`` keyed
``option=value`` that replace its effects when that option is chosen (see ``content.py``).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from tavolo.engine.errors import SaidValue

from .words import said


class Options(BaseModel):
    """One game's choice of rules; the defaults are tavolo's rules."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    sun_rounds: Literal[25, 26, 27] = 26  # D1
    escape_at_once: bool = True  # D2: leave on entering a tower (else only at sunset)
    room_card_on_reentry: bool = True  # D3
    search_limit: Literal["two_in_a_row", "once_per_room"] = "two_in_a_row"  # D4
    combat_table: Literal["symmetric", "asymmetric"] = "symmetric"  # D6
    monster_counter: Literal["random", "left_player", "ai"] = "random"  # D8
    dragon_breath: Literal["d12", "2d6"] = "d12"  # D11
    ring_choice: Literal["choose", "random"] = "choose"  # D14
    pit_test: Literal["entry", "leaving"] = "entry"  # D15
    crypt_trap: Literal["errata", "house"] = "errata"  # D19: D12+3-Luck or D12-3-Luck
    bracelet: Literal["40", "100"] = "40"  # D20: the Room deck bracelet's GP
    portcullis_both_ways: bool = True  # D22
    # D21: a solo hero wins by escaping alive; the GP he must also bring out (0: none, 1: any
    # treasure; more: RF's harder target, beating one's own best)
    solo_target: Literal[0, 1, 250, 500, 1000, 2000] = 0
    expansion_heroes: bool = False  # Heroes for Dungeonquest
    catacombs_tiles: bool = False  # Dungeonquest Catacombs (tiles only; no rules yet)


DEFAULT = Options()
SWITCHABLE: dict[str, tuple[str, ...]] = {
    name: tuple(str(v).lower() for v in getattr(field.annotation, "__args__", (True, False)))
    for name, field in Options.model_fields.items()
}
"""Each option's values as written in a variant key (``crypt_trap=house``)."""


def variant_key(key: str) -> SaidValue | None:
    """Why ``option=value`` is not a usable variant key (in the game's words, for the
    content error), or None if it is."""
    name, eq, value = key.partition("=")
    if not eq or name not in SWITCHABLE:
        return said("content.variant_form", variant=key, options=", ".join(SWITCHABLE))
    if value not in SWITCHABLE[name]:
        return said(
            "content.variant_value", variant=key, option=name, values=", ".join(SWITCHABLE[name])
        )
    if value == str(getattr(DEFAULT, name)).lower():
        return said("content.variant_default", variant=key)
    return None


def chosen(options: Options) -> set[str]:
    """The variant keys in force under ``options``."""
    return {f"{k}={str(v).lower()}" for k, v in options.model_dump().items()}
