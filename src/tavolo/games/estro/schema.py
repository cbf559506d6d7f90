"""The card schema and the gift language: what a card file may say, checked by pydantic.

A gift is a trigger, optional conditions and chance, an optional target and a list
of effects, each effect one declarative line::

    gift: {kind: once, trigger: play, chance: {coin: true}, do: [{stat: dex, add: 10}]}

The rules (``gifts.py``) interpret it; ``text.py`` renders it in English and Italian.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from tavolo.engine.errors import SaidValue

ESTRI = ("ardo", "granito", "armonio", "illusio", "manpo")
STATS = ("atk", "def", "hel", "dex", "map")
"""Stat order everywhere: ATK DEF HEL DEX MAP; estro i's primary stat is STATS[i]."""

Estro = Literal["ardo", "granito", "armonio", "illusio", "manpo"]
StatName = Literal["atk", "def", "hel", "dex", "map", "primary"]
Trigger = Literal[
    "play",  # the card enters the field face up, or is revealed
    "attack",  # the card attacks
    "defend",  # the card is attacked
    "destroyed",  # the card is about to be destroyed
    "opp_play",  # the opponent plays a card face up
    "opp_gift",  # an opponent's gift triggers (counters answer here)
    "turn_start",  # the owner's turn begins
    "turn_end",  # the owner's turn ends
    "aura",  # always on while the card is on the field (passive only)
]
Who = Literal["self", "target", "foe", "own_all", "opp_all"]


def _said(key: str, /, **params: object) -> SaidValue:
    """A validator's message from Estro's catalog, so that a designer's mistake in a
    content file is told in their language (``content.Reason``)."""
    from .content import MESSAGES  # (content imports this module)

    return SaidValue(MESSAGES, key, **params)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class Stats(_Strict):
    atk: int = Field(ge=0, le=99)
    def_: int = Field(ge=0, le=99, alias="def")
    hel: int = Field(ge=0, le=99)
    dex: int = Field(ge=0, le=99)
    map: int = Field(ge=0, le=99)

    def as_tuple(self) -> tuple[int, int, int, int, int]:
        return (self.atk, self.def_, self.hel, self.dex, self.map)


class Filter(_Strict):
    """Which cards a gift may pick as its target (the owner chooses among them)."""

    side: Literal["own", "opp", "any"] = "opp"
    estro: Estro | None = None
    max_tot: int | None = None
    min_tot: int | None = None
    face_down: bool | None = None
    other: bool = True  # the gift's own card is never its target unless this is False


class Condition(_Strict):
    """All fields given must hold (a list of conditions: all of them)."""

    zone: Estro | None = None  # the zone in play is the one of this estro
    round_at_least: int | None = None
    round_at_most: int | None = None
    my_field_at_least: int | None = None
    my_field_at_most: int | None = None
    opp_field_at_least: int | None = None
    opp_field_at_most: int | None = None
    hand_at_most: int | None = None
    hand_at_least: int | None = None
    incinerator_at_least: int | None = None
    foe_estro: Estro | None = None  # the opposing card in this battle
    foe_face_down: bool | None = None


class Chance(_Strict):
    """A gamble before the effects: exactly one field."""

    coin: bool | None = None  # the owner calls a coin flip
    percent: int | None = Field(default=None, ge=1, le=99)
    tot: bool | None = None  # success chance = the card's TOT in percent (max 95)
    die_at_least: int | None = Field(default=None, ge=2, le=6)

    @model_validator(mode="after")
    def _one(self) -> Chance:
        n = sum(v is not None for v in (self.coin, self.percent, self.tot, self.die_at_least))
        if n != 1:
            raise _said("content.chance_one")
        return self


_VERBS = (
    "stat",
    "draw",
    "discard",
    "destroy",
    "protect",
    "revive",
    "extra_play",
    "extra_attack",
    "counter",
    "save",
    "zone_refresh",
    "swap",
    "convert",
)


class Effect(_Strict):
    """One effect; exactly one verb field, plus its modifiers."""

    # stat changes
    stat: StatName | None = None
    add: int | None = None
    mul: int | None = Field(default=None, ge=2, le=3)
    who: Who = "self"
    estro: Estro | None = None  # filter for own_all / opp_all
    until: Literal["battle", "game"] | None = None
    # the other verbs
    draw: int | None = Field(default=None, ge=1, le=3)
    discard: int | None = Field(default=None, ge=1, le=3)  # the opponent discards at random
    destroy: Literal["target", "foe"] | None = None
    protect: Literal["self", "target"] | None = None  # until the end of the next turn
    revive: Literal["hand", "field"] | None = None  # from the owner's Incinerator
    extra_play: int | None = Field(default=None, ge=1, le=2)
    extra_attack: int | None = Field(default=None, ge=1, le=2)
    counter: bool | None = None  # cancel the opponent's gift that just triggered
    save: bool | None = None  # the card about to be destroyed stays on the field
    zone_refresh: bool | None = None  # the owner's zone action may be used again
    swap: tuple[StatName, StatName] | None = None  # swap two stats of `who`
    convert: Estro | None = None  # `who` becomes this estro

    @model_validator(mode="after")
    def _one_verb(self) -> Effect:
        verbs = [v for v in _VERBS if getattr(self, v) is not None]
        if len(verbs) != 1:
            raise _said("content.effect_verb", verbs=", ".join(_VERBS))
        if self.stat is not None and (self.add is None) == (self.mul is None):
            raise _said("content.stat_add_mul")
        if self.stat is None and (self.add is not None or self.mul is not None):
            raise _said("content.add_mul_stat")
        if self.estro is not None and self.who not in ("own_all", "opp_all"):
            raise _said("content.estro_filter")
        return self

    @property
    def verb(self) -> str:
        return next(v for v in _VERBS if getattr(self, v) is not None)


class Gift(_Strict):
    kind: Literal["once", "passive"]
    trigger: Trigger
    optional: bool = False
    if_: tuple[Condition, ...] = Field(default=(), alias="if")
    chance: Chance | None = None
    target: Filter | None = None
    do: tuple[Effect, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _coherent(self) -> Gift:
        uses_target = any(e.who == "target" or "target" in (e.destroy, e.protect) for e in self.do)
        if uses_target and self.target is None:
            raise _said("content.target_filter")
        if self.target is not None and not uses_target:
            raise _said("content.target_unused")
        battle = self.trigger in ("attack", "defend")
        for e in self.do:
            if (e.who == "foe" or e.destroy == "foe") and not battle:
                raise _said("content.foe")
            if e.counter and self.trigger != "opp_gift":
                raise _said("content.counter")
            if e.save and self.trigger != "destroyed":
                raise _said("content.save")
            if e.until == "battle" and not battle:
                raise _said("content.until_battle")
            if e.extra_attack and self.trigger == "turn_end":
                raise _said("content.extra_attack_end")
        if self.trigger == "aura":
            if self.kind != "passive":
                raise _said("content.aura_passive")
            if self.chance or self.optional or self.target:
                raise _said("content.aura_plain")
            if any(e.verb != "stat" or e.add is None or e.who == "target" for e in self.do):
                raise _said("content.aura_stats")
        return self


class Card(_Strict):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str = Field(min_length=1, max_length=24)
    estro: Estro
    stats: Stats
    gift: Gift | None = None

    @property
    def tot(self) -> int:
        return sum(self.stats.as_tuple())


class Zone(_Strict):
    id: Literal["militare", "sviluppo_tech", "medica", "civile", "controllo"]
    estro: Estro
    name: dict[Literal["en", "it"], str]
    action: dict[Literal["en", "it"], str]

    @field_validator("name", "action")
    @classmethod
    def _both(cls, v: dict[str, str]) -> dict[str, str]:
        if set(v) != {"en", "it"}:
            raise _said("content.both_langs")
        return v


class DeckList(_Strict):
    """A deck file: 20 chosen cards (5 random are added) or all 25."""

    name: str = "deck"
    cards: tuple[str, ...]

    @field_validator("cards")
    @classmethod
    def _size(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        if len(v) not in (20, 25):
            raise _said("error.deck_file_size", n=len(v))
        dup = sorted({c for c in v if v.count(c) > 1})
        if dup:
            raise _said("error.deck_file_twice", cards=", ".join(dup))
        return v
