"""The Quadrante dell'Oblio's 25 sectors: content data, validated, with rendered text.

Each sector names an effect from a small vocabulary; what the effect does lives in
``modes.ModeRules.spin_dial``, its words in ``messages/*.yaml`` (``dial.do.<effect>``).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, model_validator

from tavolo.engine import ContentError
from tavolo.engine.content import load_entries
from tavolo.engine.errors import SaidValue

from .content import MESSAGES

CONTENT = Path(__file__).parent / "content"
SECTORS = 25

BonusEffect = Literal[
    "return_field",
    "opp_mill",
    "draw",
    "revive_random",
    "boost_own",
    "weaken_opp",
    "protect_own",
    "discard_opp",
    "extra_play",
    "extra_attack",
    "zone_refresh",
    "deck_to_field",
]
MalusEffect = Literal[
    "discard_own",
    "mill_own",
    "weaken_own",
    "boost_opp",
    "opp_draw",
    "opp_extra_attack",
    "opp_extra_play",
    "destroy_own_random",
    "zone_spend",
    "opp_revive",
]
Effect = BonusEffect | MalusEffect
BONUS_EFFECTS: tuple[str, ...] = get_args(BonusEffect)
MALUS_EFFECTS: tuple[str, ...] = get_args(MalusEffect)
COUNTED = {
    "opp_mill",
    "draw",
    "boost_own",
    "weaken_opp",
    "discard_opp",
    "extra_play",
    "extra_attack",
    "discard_own",
    "mill_own",
    "weaken_own",
    "boost_opp",
    "opp_draw",
    "opp_extra_attack",
    "opp_extra_play",
}


class Names(BaseModel):
    model_config = ConfigDict(extra="forbid")
    en: str = Field(min_length=1)
    it: str = Field(min_length=1)


class Sector(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    category: Literal["bonus", "malus"]
    effect: Effect
    n: int | None = Field(default=None, ge=1, le=5)
    name: Names

    @model_validator(mode="after")
    def _fits(self) -> Sector:
        """A bonus sector helps the player who lost the card, a malus one hurts them."""
        if self.effect not in (BONUS_EFFECTS if self.category == "bonus" else MALUS_EFFECTS):
            raise SaidValue(
                MESSAGES, "content.sector_category", effect=self.effect, category=self.category
            )
        if (self.n is not None) != (self.effect in COUNTED):
            key = "content.needs_n" if self.n is None else "content.takes_no_n"
            raise SaidValue(MESSAGES, key, effect=self.effect)
        return self


def load_sectors(path: Path | str) -> tuple[Sector, ...]:
    sectors = tuple(load_entries(path, Sector, section="sectors"))
    if len(sectors) != SECTORS:
        raise ContentError.said(
            MESSAGES, "content.sectors", file=Path(path).name, sectors=SECTORS, n=len(sectors)
        )
    return sectors


@lru_cache(maxsize=1)
def default_sectors() -> tuple[Sector, ...]:
    return load_sectors(CONTENT / "quadrante.yaml")


@lru_cache(maxsize=1)
def sector_ids() -> tuple[str, ...]:
    return tuple(x.id for x in default_sectors())
