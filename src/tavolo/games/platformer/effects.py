"""Platformer's effect language: one declarative line per effect, checked by pydantic.

Every ability on a card (hero ability, enemy ability, item, potion, artifact, event, boss
rule, boss token, boss attack card) is an :class:`Ability`: a kind, a trigger, optional
conditions, an optional cost and a list of effects, each effect one verb::

    {kind: exhaust, do: [{move: 1}]}                                  # Speed Boots
    {kind: passive, trigger: use_symbol, symbol: PUSH, do: [{push: 1}]}  # Sweety
    {kind: passive, trigger: attacks, do: [{reset_special: true, who: target}]}  # Werewolf
    {kind: one_shot, trigger: wounded, do: [{prevent: 2}]}            # a potion used in answer

The rules engine interprets the data; ``text.py`` renders it in English and Italian.
Symbols are upper case like on the dice (MOVE, SWORD, COIN, PUSH, STAR; ATTACK, LEFT,
RIGHT), everything else lower case.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from tavolo.engine.errors import SaidValue

SYMBOLS = ("MOVE", "SWORD", "COIN", "PUSH", "STAR")
ENEMY_FACES = ("ATTACK", "LEFT", "RIGHT")

Symbol = Literal["MOVE", "SWORD", "COIN", "PUSH", "STAR"]
EnemyFace = Literal["ATTACK", "LEFT", "RIGHT"]
Resource = Literal["coin", "gem", "heart"]
Deck = Literal["item", "potion"]

Kind = Literal[
    "passive",  # always on; applies together with another action or event
    "exhaust",  # use, then rotate; usable again after the restore step (items, artifacts)
    "once_per_turn",  # use, then rotate the hero card (hero abilities)
    "one_shot",  # use, then discard (potions; boss tokens discarded when used)
]
Trigger = Literal[
    # the hero's own actions and what happens to them
    "action",  # used as an action (never passive)
    "use_symbol",  # when the hero uses a symbol of kind `symbol` (die, special die or forged)
    "attack",  # when the hero makes an attack action (effects add to that attack)
    "defeat",  # when the hero defeats an enemy
    "wounded",  # when the hero is about to take wounds (prevent answers here)
    "attacked",  # when an enemy or boss attacks the hero
    "enter_trap",  # when the hero enters or falls into a trap
    "pickup_coin",  # when the hero takes a coin token from the map
    "pickup_gem",  # when the hero takes a gem token from the map
    "buy",  # when the hero buys an item or potion
    "reveal",  # when the hero reveals a level
    "form",  # when the hero Forms
    "faint",  # when the hero faints
    "push_hero",  # when the hero pushes another hero by moving into them
    "turn_start",  # at the start of the hero's turn (events: when revealed)
    "turn_end",  # at the end of the hero's turn
    # an enemy's (or the boss's) own triggers; "target" is the hero involved
    "attacks",  # when it attacks a hero
    "hero_moves_adjacent",  # when a hero moves (not Forms, not falls) next to it
    "defeated",  # when it is defeated
    "survives",  # when a hero attacks it without defeating it
    "pushed",  # when it is moved by a PUSH
    # either side
    "always",  # a standing rule (only the STANDING verbs)
]
Who = Literal[
    "self",  # the card's owner (a hero), or the enemy/boss itself on enemy cards
    "target",  # the hero involved in an enemy trigger
    "active",  # the active hero
    "all_heroes",
    "other_heroes",
    "in_range",  # the heroes within a boss attack card's range
    "adjacent_enemies",  # every enemy next to the hero
    "all_enemies",
]
TRUE_VERBS = ("reset_special", "restore", "gravity", "strike")
Place = Literal["shop", "trap", "ladder", "portal", "top_row", "boss_level", "platform"]

HERO_TRIGGERS = (
    "action",
    "use_symbol",
    "attack",
    "defeat",
    "wounded",
    "attacked",
    "enter_trap",
    "pickup_coin",
    "pickup_gem",
    "buy",
    "reveal",
    "form",
    "faint",
    "push_hero",
    "turn_start",
    "turn_end",
)
ENEMY_TRIGGERS = ("attacks", "hero_moves_adjacent", "defeated", "survives", "pushed")
STANDING = ("ignore", "max_hearts", "discount", "dice")
"""The verbs a standing rule (trigger always) may use: they change rules, not the state."""


def said(key: str, /, **params: Any) -> SaidValue:
    """A content file's problem in the game's catalog, told in the user's language. The
    catalog lives in text.py, which imports this module: hence the late import."""
    from .text import MSG

    return SaidValue(MSG, key, **params)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class Condition(_Strict):
    """All fields given must hold; a list of conditions means all of them."""

    at: Place | None = None  # the hero stands on such a space
    not_at: Place | None = None
    adjacent_enemy: bool | None = None  # an enemy is (True) / is not (False) next to the hero
    coins_at_least: int | None = Field(default=None, ge=1, le=99)
    gems_at_least: int | None = Field(default=None, ge=1, le=99)
    hearts_at_most: int | None = Field(default=None, ge=1, le=9)
    rolled: Symbol | None = None  # with rolled_at_least: the 5 action dice as rolled
    rolled_at_least: int | None = Field(default=None, ge=1, le=5)
    tier: Literal[1, 2, 3] | None = None  # the enemy involved is of this tier (defeat)
    boss: bool | None = None  # the enemy involved is (not) the boss
    wounds_at_least: int | None = Field(default=None, ge=1, le=30)  # the attack's wounds
    special_blank: bool | None = None  # the hero's special die is blank / set
    highest: bool | None = None  # no other hero is on a higher row

    @model_validator(mode="after")
    def _coherent(self) -> Condition:
        if not self.model_fields_set:
            raise said("content.condition_empty")
        if (self.rolled is None) != (self.rolled_at_least is None):
            raise said("content.rolled")
        return self


_VERBS = (
    "gain",
    "lose",
    "wound",
    "strike",
    "prevent",
    "extra_wounds",
    "move",
    "push",
    "symbol",
    "reroll",
    "dice",
    "reset_special",
    "set_special",
    "draw",
    "discard",
    "restore",
    "discount",
    "max_hearts",
    "ignore",
    "enemy_die",
    "gravity",
    "take_token",
    "summon",
    "boss_move",
    "shove",
)
"""Every verb, in the order the schema reports them."""

COUNTED = ("gain", "lose", "draw", "discard")
"""Verbs whose amount is ``n`` (their own field names what)."""


class Effect(_Strict):
    """One effect: exactly one verb field, plus ``n`` for the counted verbs and ``who``."""

    gain: Resource | None = None  # gain n coins / gems / hearts (hearts up to the maximum)
    lose: Literal["coin", "gem"] | None = None  # lose n (as many as held)
    wound: int | None = Field(default=None, ge=1, le=9)  # who takes this many wounds
    strike: bool | None = None  # the enemy (or boss) attacks who, dealing its damage
    prevent: int | None = Field(default=None, ge=1, le=9)  # of the wounds about to be taken
    extra_wounds: int | None = Field(default=None, ge=1, le=9)  # to this or the next attack
    move: int | None = Field(default=None, ge=1, le=5)  # move the hero, like MOVE symbols
    push: int | None = Field(default=None, ge=1, le=5)  # move one enemy, like PUSH symbols
    symbol: Symbol | Literal["any"] | None = None  # gain one unused symbol for this turn
    reroll: int | None = Field(default=None, ge=1, le=5)  # reroll up to n unused action dice
    dice: int | None = Field(default=None, ge=-2, le=2)  # roll n more (or fewer) action dice
    reset_special: bool | None = None  # who's special die goes blank
    set_special: Symbol | Literal["any"] | None = None  # set the special die to this face
    draw: Deck | None = None  # take n cards from the top of that deck, free
    discard: Deck | None = None  # discard n of your cards of that kind (your choice)
    restore: bool | None = None  # restore your exhausted cards
    discount: int | None = Field(default=None, ge=1, le=3)  # shop prices (never below 0)
    max_hearts: int | None = Field(default=None, ge=1, le=3)  # more hearts at most
    ignore: Literal["trap", "zone", "push", "gravity", "walls"] | None = None
    enemy_die: EnemyFace | None = None  # every enemy acts as if this face were rolled
    gravity: bool | None = None  # apply gravity now
    take_token: str | None = Field(default=None, pattern=r"^[a-z][a-z0-9_]*$")  # boss token
    summon: int | None = Field(default=None, ge=1, le=3)  # the boss summons n
    boss_move: Literal["left", "right", "leap"] | None = None  # leap: to another B space
    shove: int | None = Field(default=None, ge=1, le=3)  # heroes moved n away from the boss
    n: int = Field(default=1, ge=1, le=9)
    who: Who = "self"

    @model_validator(mode="after")
    def _one_verb(self) -> Effect:
        verbs = [v for v in _VERBS if getattr(self, v) is not None]
        if len(verbs) != 1:
            raise said("content.one_verb", verbs=", ".join(_VERBS))
        verb = verbs[0]
        if "n" in self.model_fields_set and verb not in COUNTED:
            raise said("content.counted", verbs=", ".join(COUNTED))
        if verb in TRUE_VERBS and getattr(self, verb) is not True:
            raise said("content.true_verb", verb=verb)
        if self.dice == 0:
            raise said("content.dice_zero")
        return self

    @property
    def verb(self) -> str:
        return next(v for v in _VERBS if getattr(self, v) is not None)


class Cost(_Strict):
    """What using an ability costs, paid before its effects (all of it or nothing)."""

    coin: int = Field(default=0, ge=0, le=9)
    gem: int = Field(default=0, ge=0, le=9)
    heart: int = Field(default=0, ge=0, le=9)  # wounds taken on purpose
    die: int = Field(default=0, ge=0, le=5)  # unused action dice, any symbols

    @model_validator(mode="after")
    def _something(self) -> Cost:
        if not (self.coin or self.gem or self.heart or self.die):
            raise said("content.cost_empty")
        return self


class Ability(_Strict):
    """An ability: ``{kind}[ — {trigger}][, if {conditions}][: pay {cost}]: {effects}``."""

    kind: Kind
    trigger: Trigger = "action"
    symbol: Symbol | None = None  # which symbol, for trigger use_symbol
    if_: tuple[Condition, ...] = Field(default=(), alias="if")
    optional: bool = False  # "you may"
    pay: Cost | None = None
    do: tuple[Effect, ...] = Field(min_length=1, max_length=4)

    @model_validator(mode="after")
    def _coherent(self) -> Ability:
        if (self.trigger == "use_symbol") != (self.symbol is not None):
            raise said("content.use_symbol")
        if self.kind == "passive" and self.trigger == "action":
            raise said("content.passive_action")
        if self.kind == "passive" and self.pay is not None:
            raise said("content.passive_cost")
        for e in self.do:
            if e.prevent is not None and self.trigger not in ("wounded", "attacked"):
                raise said("content.prevent")
        if self.trigger == "always":
            if self.if_ or self.pay or self.optional:
                raise said("content.always_plain")
            if any(e.verb not in STANDING for e in self.do):
                raise said("content.always_verbs", verbs=", ".join(STANDING))
        return self

    @property
    def enemy_side(self) -> bool:
        """Whether this is written from an enemy's point of view (always: either side)."""
        return self.trigger in ENEMY_TRIGGERS

    @property
    def hero_side(self) -> bool:
        return self.trigger not in ENEMY_TRIGGERS
