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
            raise ValueError("the action die shows every symbol at least once")
        if set(self.enemy) != set(ENEMY_FACES):
            raise ValueError("the enemy die shows ATTACK, LEFT and RIGHT")
        if set(self.special) != {*SYMBOLS, "BLANK"}:
            raise ValueError("the special die shows BLANK and every symbol")
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
        raise ValueError("Void portals (O) exist only on void tiles")
    if boss:
        if not lay.one_way_bottom:
            raise ValueError("a boss tile's bottom line is one-way (^) everywhere")
        for sym, what in (("B", "boss formation"), ("S", "shop"), ("!", "special icon")):
            if count(sym) < 1:
                raise ValueError(f"a boss tile needs a {what} space ({sym})")
        if count("E") < 1:
            raise ValueError("a boss tile needs a formation space (E) for summons")
    else:
        if count("B") or count("!"):
            raise ValueError("B and ! spaces are for boss tiles only")
        if lay.has_one_way:
            raise ValueError("one-way platforms (^) are for boss tiles only")
        if not 1 <= count("E") <= 2:
            raise ValueError("a normal tile has 1 or 2 formation spaces (E)")
    for x, y in lay.cells_with("E") + lay.cells_with("B"):
        if not lay.on_platform(x, y):
            raise ValueError(f"formation space at row {y + 1}, column {x + 1} floats")


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
            raise ValueError("ability: a hero ability is passive or once_per_turn")
        if self.ability.enemy_side:
            raise ValueError("ability: a hero ability uses hero triggers")
        if "STAR" in self.star or len(set(self.star)) != len(self.star):
            raise ValueError("star: distinct symbols other than STAR")
        return self


# ---------------------------------------------------------------------------- enemies --
class Loot(_Strict):
    coin: int = Field(default=0, ge=0, le=9)
    gem: int = Field(default=0, ge=0, le=9)
    heart: int = Field(default=0, ge=0, le=9)

    @model_validator(mode="after")
    def _something(self) -> Loot:
        if not (self.coin or self.gem or self.heart):
            raise ValueError("loot gives something")
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
            raise ValueError(
                "an enemy ability is passive with a trigger of: "
                + ", ".join((*ENEMY_TRIGGERS, "always"))
            )
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
            raise ValueError("place: token needs token, and token needs place: token")
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
            raise ValueError("a boss token is passive or one_shot (discarded), with hero triggers")
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
            raise ValueError("summon: a summon has no tier")
        if not any(s.place == "boss" for s in self.setup):
            raise ValueError("setup: places the boss")
        kinds = {t.id for t in self.tokens}
        for s in self.setup:
            if s.token is not None and s.token not in kinds:
                raise ValueError(f"setup: unknown token {s.token!r}")
        for r in self.rules:
            if r.kind != "passive":
                raise ValueError("rules: a boss rule is passive")
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
                raise ValueError(f"{e.verb} is done by the boss: no who")
            if e.verb not in BOSS_VERBS and e.who not in ("in_range", "active", "all_heroes"):
                raise ValueError(f"{e.verb} needs who: in_range, active or all_heroes")
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
            raise ValueError("an item is passive or exhaust, with hero triggers")
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
            raise ValueError("a potion is one_shot, with hero triggers")
        return v


class Claim(_Strict):
    """When a hero takes an artifact (P-31): a trigger and conditions, like an ability's."""

    trigger: Trigger
    symbol: Symbol | None = None
    if_: tuple[Condition, ...] = Field(default=(), alias="if")

    @model_validator(mode="after")
    def _coherent(self) -> Claim:
        if self.trigger in ENEMY_TRIGGERS or self.trigger == "action":
            raise ValueError("a claim uses a hero trigger other than action")
        if (self.trigger == "use_symbol") != (self.symbol is not None):
            raise ValueError("trigger use_symbol needs symbol, and symbol needs it")
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
            raise ValueError("an artifact works like an item: passive or exhaust")
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
            raise ValueError("ability: an event is passive, with a hero trigger")
        if (self.timing == "end_of_turn") != (a.trigger == "turn_end"):
            raise ValueError("timing: end_of_turn events, and only they, use trigger turn_end")
        return self
