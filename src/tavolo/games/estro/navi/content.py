"""The five spaceships and the 25 special items of the single player mode: content data,
validated by pydantic, with their rule text rendered from the data (``navi.do.*``).

A ship has an estro (one ship per estro), shields, the length of its alarm countdown and a
special skill; an item has an effect, an amount where the effect counts something and the
moment it may be used. What every effect does lives in ``mode.py``; its words live in
``messages/*.yaml``, so an effect the engine cannot resolve cannot be written here.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from tavolo.engine import ContentError
from tavolo.engine.content import load_entries, validate_entry
from tavolo.engine.errors import SaidValue, engine_messages
from tavolo.engine.files import read_data

from ..schema import ESTRI
from .text import MSG

CONTENT = Path(__file__).parent / "content"
ITEMS = 25

SkillEffect = Literal["strike", "drain", "mill", "corrode", "empower", "recharge", "reinforce"]
ItemEffect = Literal[
    "boost",
    "boost_all",
    "weaken",
    "torpedo",
    "barrage",
    "scan",
    "silence",
    "snipe",
    "draw",
    "repair",
    "redeploy",
    "protect",
    "fortify",
    "delay",
    "extra_attack",
    "extra_play",
    "jam",
]
# effects that count something (cards, points, shields, turns): they need n
COUNTED = {
    "strike",
    "drain",
    "mill",
    "corrode",
    "empower",
    "recharge",
    "reinforce",
    "boost",
    "boost_all",
    "weaken",
    "torpedo",
    "barrage",
    "snipe",
    "draw",
    "delay",
    "extra_attack",
    "extra_play",
    "jam",
}
# items aimed at one thing, and what they aim at
TARGETS = {
    "boost": "own_up",
    "protect": "own",
    "weaken": "guardian_up",
    "silence": "guardian_gift",
    "snipe": "guardian_up",
    "scan": "guardian_down",
    "torpedo": "ship",
    "delay": "alarm",
    "repair": "incinerator",
    "redeploy": "incinerator",
}
# items that only make sense in one of the two turns
ONLY = {"jam": "ships_turn", "extra_attack": "turn", "extra_play": "turn"}


class Names(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    en: str = Field(min_length=1, max_length=32)
    it: str = Field(min_length=1, max_length=32)


class Skill(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    effect: SkillEffect
    n: int = Field(ge=1, le=99)


class Ship(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    estro: Literal["ardo", "granito", "armonio", "illusio", "manpo"]
    name: Names
    shields: int = Field(ge=1, le=999)
    countdown: int = Field(ge=1, le=9)
    skill: Skill


class Item(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: Names
    effect: ItemEffect
    n: int | None = Field(default=None, ge=1, le=99)
    when: Literal["turn", "ships_turn", "any"] = "turn"

    @model_validator(mode="after")
    def _fits(self) -> Item:
        if (self.n is not None) != (self.effect in COUNTED):
            key = "content.needs_n" if self.n is None else "content.takes_no_n"
            raise SaidValue(MSG, key, effect=self.effect)
        only = ONLY.get(self.effect)
        if only is not None and self.when != only:
            raise SaidValue(MSG, "content.when_only", effect=self.effect, when=only)
        return self


class Settings(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    item_every: int = Field(ge=1, le=10)  # rounds between two items
    first_item_round: int = Field(ge=1, le=20)
    safety_round: int = Field(ge=20, le=200)  # the fleet outlasts the player


class Fleet:
    """The ships (in estro order), the items (by id) and the settings of one content file."""

    def __init__(self, ships: tuple[Ship, ...], items: tuple[Item, ...], settings: Settings):
        self.ships = ships
        self.items = {i.id: i for i in items}
        self.item_ids = tuple(i.id for i in items)
        self.settings = settings


def load_fleet(path: Path | str) -> Fleet:
    p = Path(path)
    ships = tuple(load_entries(p, Ship, section="ships"))
    items = tuple(load_entries(p, Item, section="items"))
    data: Any = read_data(p, ContentError)
    if "settings" not in data:
        raise ContentError.said(
            engine_messages(), "content.section", file=p.name, section="settings"
        )
    settings = validate_entry(Settings, data["settings"], p.name, "settings")
    estri = [s.estro for s in ships]
    if sorted(estri) != sorted(ESTRI):
        raise ContentError.said(MSG, "content.ship_per_estro", file=p.name, estri=", ".join(estri))
    if len(items) != ITEMS:
        raise ContentError.said(MSG, "content.items", file=p.name, items=ITEMS, n=len(items))
    ordered = tuple(sorted(ships, key=lambda s: ESTRI.index(s.estro)))
    return Fleet(ordered, items, settings)


@lru_cache(maxsize=1)
def default_fleet() -> Fleet:
    return load_fleet(CONTENT / "navi.yaml")
