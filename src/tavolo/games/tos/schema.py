"""The hero card schema and TOS's effect language, checked by pydantic.

A hero card has two halves; only the upright one counts (T-3). A half carries its card
value, exhaust cost, element, banner tips and one or two abilities. An ability is a mana
cost and a list of sentences; a sentence is optional conditions ("If ... :"), an optional
cost ("Pay ... :" or "You may pay ... :") and actions, each one declarative line::

    {if: [{count: fire, at_least: 1}], do: [{gain: attack, n: 4}]}
    {may: true, pay: {defense: 1}, do: [{gain: attack, n: 6}]}
    {if: [{stars: [1, 2], place: in_play}], do: [{gain: attack, n: 8}, {take_back: 1}]}

The rules (``combat.py``) interpret it; ``text.py`` renders it in English and Italian.
Generated heroes and hand-written ones (the Training hero) share this schema.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from tavolo.engine.errors import SaidValue

ELEMENTS = ("fire", "water", "earth", "air")
CONSUMES = {"fire": "air", "air": "earth", "earth": "water", "water": "fire"}
"""T-4: fire burns air, air erodes earth, earth absorbs water, water extinguishes fire."""
CONSUMED_BY = {v: k for k, v in CONSUMES.items()}
CLASSES = ("swordsman", "elementalist", "stargazer")
TRACKS = ("attack", "defense", "mana")

Element = Literal["fire", "water", "earth", "air"]
Track = Literal["attack", "defense", "mana"]
Klass = Literal["swordsman", "elementalist", "stargazer"]
Count = Literal[
    "attack",  # the status card's attack track
    "defense",  # the status card's defense track
    "cards",  # hero cards in play this turn (Strain cards excluded)
    "banner1",  # one-tip banners in play
    "banner2",  # two-tip banners in play
    "fire",
    "water",
    "earth",
    "air",  # elements in play
    "prev_stars",  # stars of the previous card in the Opening/Add column
]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


def _said(key: str, /, **params: Any) -> SaidValue:
    """A validator's message from TOS's catalog, told in the user's language: a hand-written
    hero or adventure file meets these. text.py imports this module, so the catalog is
    imported here, when an entry first fails."""
    from .text import MSG

    return SaidValue(MSG, key, **params)


class Condition(_Strict):
    """One condition: a count compared with a number, or a constellation present."""

    count: Count | None = None
    at_least: int | None = None
    at_most: int | None = None
    exactly: int | None = None
    stars: tuple[Literal[1, 2], ...] | None = Field(default=None, min_length=1, max_length=4)
    place: Literal["in_play", "in_hand"] = "in_play"

    @model_validator(mode="after")
    def _one_kind(self) -> Condition:
        bounds = [b for b in (self.at_least, self.at_most, self.exactly) if b is not None]
        if (self.count is None) == (self.stars is None):
            raise _said("content.condition_kind")
        if self.count is not None and len(bounds) != 1:
            raise _said("content.count_bound")
        if self.stars is not None and bounds:
            raise _said("content.stars_bound")
        return self


class Action(_Strict):
    """Exactly one verb per action."""

    gain: Track | None = None  # + n (mana capped by the level)
    set: Track | None = None  # = n
    pay: Track | None = None  # - n (only inside a sentence that checked it can pay)
    transfer: tuple[Track, Track] | None = None  # (from, to): to += from, from = 0
    take_back: int | None = Field(default=None, ge=1, le=4)  # up to n Infuse cards to hand
    tick: Literal["legacy"] | None = None  # fill the bar's leftmost box, gain its bonus
    into: Track = "attack"  # where a tick's bonus goes
    ignore_modifier: bool = False  # the enemy's modifier is ignored this combat turn
    repeat: bool = False  # repeat the previously activated ability, without paying
    n: int = Field(default=0, ge=0, le=99)

    @model_validator(mode="after")
    def _one_verb(self) -> Action:
        verbs = [
            v
            for v in (self.gain, self.set, self.pay, self.transfer, self.take_back, self.tick)
            if v is not None
        ]
        verbs += [True] * (int(self.ignore_modifier) + int(self.repeat))
        if len(verbs) != 1:
            raise _said("content.one_verb")
        if (self.gain or self.set or self.pay) and self.n == 0 and self.set is None:
            raise _said("content.gain_n")
        return self

    @property
    def verb(self) -> str:
        for name in ("gain", "set", "pay", "transfer", "take_back", "tick"):
            if getattr(self, name) is not None:
                return name
        return "ignore_modifier" if self.ignore_modifier else "repeat"


class Sentence(_Strict):
    """T-16: mandatory unless it starts with If (conditions) or You may (an optional cost);
    a cost that cannot be paid in full voids the rest of the sentence."""

    if_: tuple[Condition, ...] = Field(default=(), alias="if")
    may: bool = False
    pay: dict[Track, int] | None = None
    do: tuple[Action, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _check(self) -> Sentence:
        if self.may and not self.pay:
            raise _said("content.may_pay")
        if self.pay is not None and (not self.pay or any(v < 1 for v in self.pay.values())):
            raise _said("content.pay_amounts")
        return self


class Ability(_Strict):
    cost: int = Field(ge=0, le=9)  # mana, paid when activated (T-10)
    says: tuple[Sentence, ...] = Field(min_length=1)


class Half(_Strict):
    """One half of a hero card (T-3). ``banner`` is 1 on top halves, 2 on bottom halves."""

    skill: str = Field(min_length=1)  # the skill model: names the half's title
    adjective: str | None = None  # perk or element adjective in the title
    level: int = Field(ge=1, le=9)  # price tier
    value: int = Field(ge=0, le=9)  # card value: mana earned as Opening or Charge card
    exhaust: int = Field(ge=1, le=9)  # mana to pay in the Exhaust phase
    element: Element | None = None
    banner: Literal[1, 2]
    abilities: tuple[Ability, ...] = Field(min_length=1, max_length=2)
    perk: str | None = None

    @property
    def stars(self) -> int:
        """T-3: the constellation spheres are the abilities' cost spheres."""
        return len(self.abilities)


class HeroCard(_Strict):
    number: int = Field(ge=1, le=8)
    top: Half
    bottom: Half

    @model_validator(mode="after")
    def _banners(self) -> HeroCard:
        if self.top.banner != 1 or self.bottom.banner != 2:
            raise _said("content.banners")
        return self


class TickBar(_Strict):
    """A printed row of boxes (the first one deliberately blank), then an end value."""

    boxes: tuple[int | None, ...] = Field(min_length=1)
    end: int = 0


class Hero(_Strict):
    """A hero set: 8 hero cards and the status card (class and tracks)."""

    serial: str = Field(pattern=r"^[A-Z0-9-]+$")  # TOS20261121, or a name for a fixed hero
    klass: Klass = Field(alias="class")
    seed: int | None = None  # the generator seed, when generated
    cards: tuple[HeroCard, ...] = Field(min_length=8, max_length=8)
    bars: dict[str, TickBar] = {}

    @model_validator(mode="after")
    def _numbers(self) -> Hero:
        if [c.number for c in self.cards] != list(range(1, 9)):
            raise _said("content.hero_cards")
        return self

    def half(self, card: int, upright: int) -> Half:
        """Card ``card`` (1-8) with half ``upright`` (0 top, 1 bottom) upright."""
        c = self.cards[card - 1]
        return c.bottom if upright else c.top


# ------------------------------------------------------------------------------ enemies --
class Modifier(_Strict):
    """An enemy's rule for the whole fight (T-14); always about the enemy itself."""

    id: str  # fear_element, close, unsecure, weak_to_element, ...
    stat: Literal["attack", "defense"]
    delta: int  # +1 buff, -1 debuff
    element: Element | None = None  # when at least one of this element is in play
    cards_at_most: int | None = None  # when at most this many hero cards are in play
    cards_at_least: int | None = None
    banner: Literal[1, 2] | None = None  # when at least two banners of this type are in play

    @model_validator(mode="after")
    def _one_trigger(self) -> Modifier:
        given = [
            x
            for x in (self.element, self.cards_at_most, self.cards_at_least, self.banner)
            if x is not None
        ]
        if len(given) != 1:
            raise _said("content.modifier_trigger")
        return self


class Enemy(_Strict):
    level: int = Field(ge=0, le=9)
    attack: int = Field(ge=0, le=99)
    defense: int | None = Field(default=None, ge=0, le=99)  # None: a trap has no defense
    modifier: Modifier | None = None
    trap: bool = False  # won by fully blocking its attack (defense >= attack)
    name: str | None = None

    @model_validator(mode="after")
    def _trap(self) -> Enemy:
        if self.trap != (self.defense is None):
            raise _said("content.trap_defense")
        return self
