"""What Platformer's content files may say: dice, tiles, heroes, enemies, bosses and cards.

All models are strict and frozen: an unknown field, a missing one or a wrong value is a
content error naming file, entry and field (see ``content.py``). Abilities are written in
the effect language of ``effects.py``; tile grids in the notation of ``tiles.py``.
"""

from __future__ import annotations

from typing import Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationInfo,
    field_validator,
    model_validator,
)

from .effects import (
    ENEMY_FACES,
    ENEMY_TRIGGERS,
    SYMBOLS,
    Ability,
    Condition,
    Effect,
    EnemyFace,
    Symbol,
    Trigger,
    said,
)
from .tiles import Layout, parse_grid

ID = r"^[a-z][a-z0-9_]*$"
Theme = Literal["forest", "void"]
Range = Literal["row", "adjacent", "surround", "tile", "unlimited"]
RANGES = ("row", "adjacent", "surround", "tile", "unlimited")
BOSS_VERBS = ("boss_move", "summon", "gravity", "enemy_die")
"""Attack-card verbs the boss itself does; every other verb acts on heroes."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class Names(_Strict):
    """A name in both languages (game terms like Sweety may be the same)."""

    en: str = Field(min_length=1, max_length=30)
    it: str = Field(min_length=1, max_length=30)


# ------------------------------------------------------------------------------- dice --
class Dice(_Strict):
    """The faces of each die, as data so that they can be tuned (digest: Decision dice)."""

    action: tuple[Symbol, ...] = Field(min_length=6, max_length=6)
    enemy: tuple[EnemyFace, ...] = Field(min_length=6, max_length=6)
    special: tuple[Symbol | Literal["BLANK"], ...] = Field(min_length=6, max_length=6)
    action_dice: int = Field(ge=1, le=8)

    @model_validator(mode="after")
    def _every_face(self) -> Dice:
        if set(self.action) != set(SYMBOLS):
            raise said("content.action_die")
        if set(self.enemy) != set(ENEMY_FACES):
            raise said("content.enemy_die")
        if set(self.special) != {*SYMBOLS, "BLANK"}:
            raise said("content.special_die")
        return self


# ------------------------------------------------------------------------------ tiles --
class Tile(_Strict):
    """A dungeon tile, 4 spaces wide and 4 rows high, drawn as a text grid (see tiles.py)."""

    id: str = Field(pattern=ID)
    theme: Theme
    boss: bool = False
    grid: tuple[str, ...]

    @field_validator("grid")
    @classmethod
    def _grid(cls, v: tuple[str, ...], info: ValidationInfo) -> tuple[str, ...]:
        lay = parse_grid(v)  # raises ValueError naming the line and column
        if "theme" in info.data and "boss" in info.data:
            _check_features(lay, info.data["theme"], info.data["boss"])
        return v

    @property
    def layout(self) -> Layout:
        return parse_grid(self.grid)


def _check_features(lay: Layout, theme: str, boss: bool) -> None:
    """What a tile must hold besides a well-formed grid (the digest's map decisions)."""
    count = lay.count
    if count("O") and theme != "void":
        raise said("content.portal")
    if boss:
        if not lay.one_way_bottom:
            raise said("content.boss_tile.bottom")
        for sym, what in (("B", "boss_formation"), ("S", "shop"), ("!", "special")):
            if count(sym) < 1:
                raise said(f"content.boss_tile.{what}")
        if count("E") < 1:
            raise said("content.boss_tile.formation")
    else:
        if count("B") or count("!"):
            raise said("content.boss_spaces")
        if lay.has_one_way:
            raise said("content.boss_one_way")
        if not 1 <= count("E") <= 2:
            raise said("content.formations")
    for x, y in lay.cells_with("E") + lay.cells_with("B"):
        if not lay.on_platform(x, y):
            raise said("content.floats", row=y + 1, column=x + 1)


# ----------------------------------------------------------------------------- heroes --
class Hero(_Strict):
    id: str = Field(pattern=ID)
    name: Names
    health: int = Field(ge=3, le=9)
    ability: Ability
    star: tuple[Symbol, ...] = Field(min_length=1, max_length=2)  # STAR stands for one of these

    @model_validator(mode="after")
    def _coherent(self) -> Hero:
        if self.ability.kind not in ("passive", "once_per_turn"):
            raise said("content.hero_kind")
        if self.ability.enemy_side:
            raise said("content.hero_trigger")
        if "STAR" in self.star or len(set(self.star)) != len(self.star):
            raise said("content.star")
        return self


# ---------------------------------------------------------------------------- enemies --
class Loot(_Strict):
    coin: int = Field(default=0, ge=0, le=9)
    gem: int = Field(default=0, ge=0, le=9)
    heart: int = Field(default=0, ge=0, le=9)

    @model_validator(mode="after")
    def _something(self) -> Loot:
        if not (self.coin or self.gem or self.heart):
            raise said("content.loot_empty")
        return self


class Enemy(_Strict):
    """An enemy card (P-17); summons use the same fields without a tier."""

    id: str = Field(pattern=ID)
    name: Names
    tier: Literal[1, 2, 3] | None = None
    loot: Loot
    damage: int = Field(ge=1, le=5)
    health: int = Field(ge=1, le=9)
    tokens: int = Field(ge=1, le=6)
    ability: Ability | None = None

    @field_validator("ability")
    @classmethod
    def _enemy_side(cls, v: Ability | None) -> Ability | None:
        if v is not None and (v.kind != "passive" or not (v.enemy_side or v.trigger == "always")):
            raise said("content.enemy_ability", triggers=", ".join((*ENEMY_TRIGGERS, "always")))
        return v


# ----------------------------------------------------------------------------- bosses --
class SetupStep(_Strict):
    """One line of a boss's setup, resolved when its level is revealed (P-24)."""

    place: Literal["boss", "summon", "token"]
    at: Literal["boss_formation", "formation", "special"]
    token: str | None = Field(default=None, pattern=ID)
    n: int = Field(default=1, ge=1, le=4)

    @model_validator(mode="after")
    def _token(self) -> SetupStep:
        if (self.place == "token") != (self.token is not None):
            raise said("content.setup_token")
        return self


class BossToken(_Strict):
    """A kind of boss token (P-29); a hero holds at most one of each kind."""

    id: str = Field(pattern=ID)
    name: Names
    count: int = Field(ge=1, le=10)
    ability: Ability

    @field_validator("ability")
    @classmethod
    def _kind(cls, v: Ability) -> Ability:
        if v.kind not in ("passive", "one_shot") or v.enemy_side:
            raise said("content.boss_token")
        return v


class Boss(_Strict):
    id: str = Field(pattern=ID)
    name: Names
    procedure: Literal["until_enemy_die", "best_of_two"]  # P-28: how attack cards are chosen
    damage: int = Field(ge=1, le=5)
    health_per_level: int = Field(ge=1, le=4)  # P-27: health = this x levels
    setup: tuple[SetupStep, ...] = Field(min_length=1)
    rules: tuple[Ability, ...] = ()
    tokens: tuple[BossToken, ...] = Field(min_length=1)
    summon: Enemy

    @model_validator(mode="after")
    def _coherent(self) -> Boss:
        if self.summon.tier is not None:
            raise said("content.summon_tier")
        if not any(s.place == "boss" for s in self.setup):
            raise said("content.setup_boss")
        kinds = {t.id for t in self.tokens}
        for s in self.setup:
            if s.token is not None and s.token not in kinds:
                raise said("content.setup_unknown", token=s.token)
        for r in self.rules:
            if r.kind != "passive":
                raise said("content.boss_rule")
        return self

    def token(self, token_id: str) -> BossToken:
        return next(t for t in self.tokens if t.id == token_id)


class AttackCard(_Strict):
    """A boss attack card (P-28): its symbol, range and effects resolved in order."""

    id: str = Field(pattern=ID)
    boss: str = Field(pattern=ID)
    name: Names
    symbol: Symbol | EnemyFace
    range: Range
    do: tuple[Effect, ...] = Field(min_length=1, max_length=4)

    @field_validator("do")
    @classmethod
    def _who(cls, v: tuple[Effect, ...]) -> tuple[Effect, ...]:
        for e in v:
            if e.verb in BOSS_VERBS and e.who != "self":
                raise said("content.boss_verb", verb=e.verb)
            if e.verb not in BOSS_VERBS and e.who not in ("in_range", "active", "all_heroes"):
                raise said("content.hero_verb", verb=e.verb)
        return v


# -------------------------------------------------------------------- shop and variants --
class Item(_Strict):
    id: str = Field(pattern=ID)
    name: Names
    price: int = Field(ge=1, le=9)
    ability: Ability

    @field_validator("ability")
    @classmethod
    def _kind(cls, v: Ability) -> Ability:
        if v.kind not in ("passive", "exhaust") or v.enemy_side:
            raise said("content.item")
        return v


class Potion(_Strict):
    id: str = Field(pattern=ID)
    name: Names
    price: int = Field(ge=1, le=9)
    ability: Ability

    @field_validator("ability")
    @classmethod
    def _kind(cls, v: Ability) -> Ability:
        if v.kind != "one_shot" or v.enemy_side:
            raise said("content.potion")
        return v


class Claim(_Strict):
    """When a hero takes an artifact (P-31): a trigger and conditions, like an ability's."""

    trigger: Trigger
    symbol: Symbol | None = None
    if_: tuple[Condition, ...] = Field(default=(), alias="if")

    @model_validator(mode="after")
    def _coherent(self) -> Claim:
        if self.trigger in ENEMY_TRIGGERS or self.trigger == "action":
            raise said("content.claim")
        if (self.trigger == "use_symbol") != (self.symbol is not None):
            raise said("content.use_symbol")
        return self


class Artifact(_Strict):
    id: str = Field(pattern=ID)
    name: Names
    claim: Claim
    ability: Ability

    @field_validator("ability")
    @classmethod
    def _kind(cls, v: Ability) -> Ability:
        if v.kind not in ("passive", "exhaust") or v.enemy_side:
            raise said("content.artifact")
        return v


class Event(_Strict):
    """A solo event (P-33): it lasts the turn, or applies at the end of the turn."""

    id: str = Field(pattern=ID)
    name: Names
    timing: Literal["this_turn", "end_of_turn"]
    ability: Ability

    @model_validator(mode="after")
    def _coherent(self) -> Event:
        a = self.ability
        if a.kind != "passive" or a.enemy_side or a.trigger == "action":
            raise said("content.event")
        if (self.timing == "end_of_turn") != (a.trigger == "turn_end"):
            raise said("content.event_timing")
        return self
