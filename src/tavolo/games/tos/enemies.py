"""The enemies of TOS as data: base map, tiers, difficulty variants and modifiers.

Everything numeric lives in ``content/enemies.yaml``; this module checks that file (one
line naming file, entry and field when it is wrong) and answers the questions the
adventure generators and the rules ask:

- :func:`tier_stats` -- a tier's level and its low/avg/high attack and defense (tuned, or
  the original's with ``tuned=False``);
- :func:`variants` -- the enemies a tier x difficulty can print (a variant that still needs
  its random modifier comes back as a :class:`VariantShape` naming buff or debuff);
- :func:`draw_enemy` -- one of those variants, made concrete with the game's :class:`RNG`;
- :func:`enemy_for_level` and :func:`parse_enemy` -- the spec strings a tool or a scenario
  writes (``"4/3/5"``, ``"lvl3"``, ``"lvl3:hard"``);
- :func:`modifier_applies` and :func:`effective_stats` -- the enemy's numbers at Execute
  time, given what is in play (the modifier holds for the whole fight, T-14).

The file keeps the original game's tables as they are, as reference data; its optional
``tuning`` section holds tavolo's balance adjustments (whole numbers added to a tier's
attack and defense values, found with ``tavolo simulate tos --fights``, see
``docs/tos-balance.md``). Every enemy drawn or parsed from a tier name is tuned; an
explicit ``L/A/D`` spec never is; :meth:`EnemyTable.untuned` and ``tuned=False`` answer
with the original numbers.

Difficulties are written in snake_case (``hard_lock``); :func:`parse_enemy` and the other
functions also accept the original camelCase spelling (``hardLock``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any, Literal, TypedDict, cast

import yaml
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictInt,
    ValidationError,
    ValidationInfo,
    field_validator,
)

from tavolo.engine.content import describe_validation, validate_entry
from tavolo.engine.errors import ConfigError, ContentError, SaidValue, UnknownName
from tavolo.engine.files import read_data
from tavolo.engine.rng import RNG

from .schema import ELEMENTS, Element, Enemy, Modifier
from .text import MSG

CONTENT = Path(__file__).parent / "content"
ENEMIES_FILE = CONTENT / "enemies.yaml"

TIERS = ("lvl1", "lvl2", "lvl3", "lvl4", "lvl5", "miniboss", "boss")
DIFFICULTIES = (
    "easy",
    "normal",
    "hard",
    "normal_unbuffed",
    "hard_unbuffed",
    "easy_lock",
    "normal_lock",
    "hard_lock",
    "easy_trap",
    "normal_trap",
    "hard_trap",
)
LADDER = ("lvl1", "lvl2", "lvl3", "lvl4", "lvl5")
"""The tiers :func:`enemy_for_level` climbs, weakest first; past the last comes ``boss``."""
ELEMENT_AT_LEAST = 1
"""An element modifier fires with at least this many of its element in play."""
BANNERS_AT_LEAST = 2
"""A banner modifier fires with at least this many banners of its type in play."""
BANNER_TYPES: tuple[Literal[1, 2], ...] = (1, 2)
_ELEMENTS = cast("tuple[Element, ...]", ELEMENTS)

Stat = Literal["attack", "defense"]
STATS: tuple[Stat, ...] = ("attack", "defense")
Category = Literal["buff", "debuff"]
ValueName = Literal["low", "avg", "high"]

_ID = r"^[a-z][a-z0-9_]*$"
_SECTIONS = (
    "level_cap",
    "base_map",
    "tiers",
    "shapes",
    "difficulties",
    "modifiers",
    "tuning",
    "adventure_tuning",
    "dungeon_tuning",
)
_OPTIONAL = ("tuning", "adventure_tuning", "dungeon_tuning")
_ENTRY_KEY = {  # section -> (the field naming an entry, the noun used in errors)
    "base_map": ("hero_level", "hero level"),
    "tiers": ("id", "tier"),
    "shapes": ("id", "shape"),
    "difficulties": ("id", "difficulty"),
    "modifiers": ("id", "modifier"),
    "tuning": ("tier", "tuning"),
    "adventure_tuning": ("tier", "adventure tuning"),
    "dungeon_tuning": ("tier", "dungeon tuning"),
}
VALUES: tuple[ValueName, ...] = ("low", "avg", "high")
MAX_TUNING = 9
"""A tuning moves a tier value by at most this much either way."""
_SHIFT_EXAMPLE = "{low: .., avg: .., high: ..}"
"""How a tuning names the values it moves (a parameter: its braces are not a placeholder)."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# ------------------------------------------------------------------ the file's sections


class MapRow(_Strict):
    """One hero level of the base map: two candidate attacks and two candidate defenses."""

    hero_level: int = Field(ge=1, le=9)
    attack: tuple[StrictInt, StrictInt]
    defense: tuple[StrictInt, StrictInt]

    @field_validator("attack", "defense")
    @classmethod
    def _amounts(cls, v: tuple[int, int]) -> tuple[int, int]:
        if any(not 0 <= x <= 99 for x in v):
            raise SaidValue(MSG, "content.enemy.values")
        return v


class Tier(_Strict):
    """A tier: base-map cells as (hero level, position 0 or 1); list order matters."""

    id: str = Field(pattern=_ID)
    pairs: tuple[tuple[StrictInt, Literal[0, 1]], ...] = Field(min_length=1)


_RULE = {
    "attack": re.compile(r"^a(?:([+-])(\d+))?$"),
    "defense": re.compile(r"^d(?:([+-])(\d+))?$"),
}


def _rule_value(rule: int | str, base: int) -> int:
    if isinstance(rule, int):
        return rule
    m = re.match(r"^[ad](?:([+-])(\d+))?$", rule)
    assert m is not None  # checked when the file was read
    step = int(m.group(2) or 0)
    return max(0, base - step if m.group(1) == "-" else base + step)


class VariantRule(_Strict):
    """One variant of a shape: each stat a rule over the base (``a-1``, ``d``) or a number."""

    attack: StrictInt | str
    defense: StrictInt | str | None  # None: no defense at all (a trap)
    modifier: Literal["buff", "debuff", "trap"] | None = Field(default=None, validate_default=True)

    @field_validator("attack", "defense")
    @classmethod
    def _rule(cls, v: int | str | None, info: ValidationInfo) -> int | str | None:
        name = str(info.field_name)
        letter = name[0]
        if isinstance(v, int) and not 0 <= v <= 99:
            raise SaidValue(MSG, "content.enemy.fixed_value")
        if isinstance(v, str) and not _RULE[name].match(v):
            raise SaidValue(MSG, "content.enemy.rule", letter=letter)
        return v

    @field_validator("modifier")
    @classmethod
    def _trap(cls, v: str | None, info: ValidationInfo) -> str | None:
        if "defense" in info.data and (v == "trap") != (info.data["defense"] is None):
            raise SaidValue(MSG, "content.enemy.variant_trap")
        return v

    def stats(self, attack: int, defense: int) -> tuple[int, int | None]:
        return (
            _rule_value(self.attack, attack),
            None if self.defense is None else _rule_value(self.defense, defense),
        )


class Shape(_Strict):
    """What a difficulty makes of one (a, d) base: the variants and their level."""

    id: str = Field(pattern=_ID)
    level: Literal["tier"] | StrictInt  # "tier": the tier's level
    variants: tuple[VariantRule, ...] = Field(min_length=1)

    @field_validator("level")
    @classmethod
    def _level(cls, v: str | int) -> str | int:
        if isinstance(v, int) and not 0 <= v <= 9:
            raise SaidValue(MSG, "content.enemy.fixed_level")
        return v

    @field_validator("variants")
    @classmethod
    def _one_plain(cls, v: tuple[VariantRule, ...]) -> tuple[VariantRule, ...]:
        if all(x.modifier in ("buff", "debuff") for x in v):
            raise SaidValue(MSG, "content.enemy.plain_variant")
        return v


class Difficulty(_Strict):
    """Which tier value feeds which shape, and the neighbour-bonus slots left open."""

    id: str = Field(pattern=_ID)
    value: ValueName
    shape: str
    open_slots: tuple[Stat, ...] = ()

    @field_validator("open_slots")
    @classmethod
    def _unique(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        if len(set(v)) != len(v):
            raise SaidValue(MSG, "content.enemy.slot_twice")
        return v


class ModifierRule(_Strict):
    """A modifier as the file describes it; :meth:`make` fills in the drawn element/banner."""

    id: str = Field(pattern=_ID)
    category: Literal["buff", "debuff", "trap"]
    stat: Stat | None = Field(default=None, validate_default=True)
    delta: StrictInt | None = Field(default=None, validate_default=True)
    trigger: Literal["element", "cards", "banner"] | None = Field(
        default=None, validate_default=True
    )
    at_least: StrictInt | None = Field(default=None, validate_default=True)
    at_most: StrictInt | None = Field(default=None, validate_default=True)

    @field_validator("stat", "trigger")
    @classmethod
    def _needed(cls, v: str | None, info: ValidationInfo) -> str | None:
        category = info.data.get("category")
        if category == "trap" and v is not None:
            raise SaidValue(MSG, "content.enemy.trap_none")
        if category in ("buff", "debuff") and v is None:
            raise SaidValue(MSG, "content.enemy.needs_one", category=category)
        return v

    @field_validator("delta")
    @classmethod
    def _delta(cls, v: int | None, info: ValidationInfo) -> int | None:
        want = {"buff": 1, "debuff": -1, "trap": None}.get(info.data.get("category", ""))
        if "category" in info.data and v != want:
            raise SaidValue(MSG, "content.enemy.delta", category=info.data["category"], want=want)
        return v

    @field_validator("at_least")
    @classmethod
    def _at_least(cls, v: int | None, info: ValidationInfo) -> int | None:
        fixed = {"element": ELEMENT_AT_LEAST, "banner": BANNERS_AT_LEAST}
        trigger = info.data.get("trigger")
        if trigger in fixed and v != fixed[trigger]:
            raise SaidValue(MSG, "content.enemy.threshold_fixed", trigger=trigger, n=fixed[trigger])
        if trigger is None and v is not None:
            raise SaidValue(MSG, "content.enemy.threshold_trigger")
        if v is not None and not 0 <= v <= 9:
            raise SaidValue(MSG, "content.enemy.threshold_range")
        return v

    @field_validator("at_most")
    @classmethod
    def _at_most(cls, v: int | None, info: ValidationInfo) -> int | None:
        trigger = info.data.get("trigger")
        if trigger != "cards" and v is not None:
            raise SaidValue(MSG, "content.enemy.at_most")
        if trigger == "cards" and (v is None) == (info.data.get("at_least") is None):
            raise SaidValue(MSG, "content.enemy.cards_bound")
        if v is not None and not 0 <= v <= 9:
            raise SaidValue(MSG, "content.enemy.threshold_range")
        return v

    def make(self, element: Element | None = None, banner: Literal[1, 2] | None = None) -> Modifier:
        """The schema's :class:`Modifier`, given the element or banner type its trigger needs."""
        if self.stat is None or self.delta is None:
            raise ConfigError(f"modifier {self.id!r} is the trap rule, not a stat modifier")
        trig: dict[str, Any] = {}
        if self.trigger == "element":
            if element is None:
                raise ConfigError(f"modifier {self.id!r} needs an element: {', '.join(ELEMENTS)}")
            trig["element"] = element
        elif self.trigger == "banner":
            if banner is None:
                raise ConfigError(f"modifier {self.id!r} needs a banner type: 1 or 2")
            trig["banner"] = banner
        else:
            trig["cards_at_most"] = self.at_most
            trig["cards_at_least"] = self.at_least
        if self.trigger != "element" and element is not None:
            raise ConfigError(f"modifier {self.id!r} takes no element")
        if self.trigger != "banner" and banner is not None:
            raise ConfigError(f"modifier {self.id!r} takes no banner type")
        return Modifier(id=self.id, stat=self.stat, delta=self.delta, **trig)


class Shift(_Strict):
    """A tuning of one stat, per tier value; a value not named is left as it is."""

    low: StrictInt = 0
    avg: StrictInt = 0
    high: StrictInt = 0

    @field_validator("low", "avg", "high")
    @classmethod
    def _small(cls, v: int) -> int:
        if not -MAX_TUNING <= v <= MAX_TUNING:
            raise SaidValue(MSG, "content.enemy.tuning_range", max=MAX_TUNING)
        return v


class Tuning(_Strict):
    """tavolo's adjustment of one tier: added to its attack and defense low/avg/high.

    ``attack: 2`` adds 2 to all three values (easy, normal and hard move together);
    ``attack: {avg: 2}`` only to the named ones. ``note`` says why, for the reader.
    """

    tier: str = Field(pattern=_ID)
    attack: Shift = Shift()
    defense: Shift = Shift()
    note: str = ""

    @field_validator("attack", "defense", mode="before")
    @classmethod
    def _everywhere(cls, v: Any) -> Any:
        if isinstance(v, bool):
            raise SaidValue(MSG, "content.enemy.tuning_type", example=_SHIFT_EXAMPLE)
        if isinstance(v, int):
            return {"low": v, "avg": v, "high": v}
        return v

    def shift(self, stat: Stat, value: ValueName) -> int:
        return int(getattr(getattr(self, stat), value))


# ------------------------------------------------------------------ derived answers


class StatRange(TypedDict):
    low: int
    avg: int
    high: int


class TierStats(TypedDict):
    level: int
    attack: StatRange
    defense: StatRange


class VariantShape(_Strict):
    """A variant whose modifier is still to be drawn: a ``buff`` or a ``debuff``."""

    level: int
    attack: int
    defense: int
    category: Category

    def with_modifier(self, modifier: Modifier) -> Enemy:
        return Enemy(level=self.level, attack=self.attack, defense=self.defense, modifier=modifier)


def _round_half_up_mean(values: Sequence[int]) -> int:
    return (2 * sum(values) + len(values)) // (2 * len(values))


@dataclass(frozen=True)
class EnemyTable:
    """The checked content of an enemies file."""

    file: str
    level_cap: int
    base_map: Mapping[int, MapRow]
    tiers: Mapping[str, Tier]
    shapes: Mapping[str, Shape]
    difficulties: Mapping[str, Difficulty]
    modifiers: Mapping[str, ModifierRule]
    tuning: Mapping[str, Tuning] = field(default_factory=dict)
    adventure_tuning: Mapping[str, Tuning] = field(default_factory=dict)
    dungeon_tuning: Mapping[str, Tuning] = field(default_factory=dict)
    on_top: Mapping[str, Tuning] = field(default_factory=dict)
    """A second layer :meth:`stats` adds after ``tuning`` (the dungeon's, see below)."""

    def untuned(self) -> EnemyTable:
        """The same table without its tuning: the original game's numbers."""
        return replace(self, tuning={}, adventure_tuning={}, dungeon_tuning={}, on_top={})

    def for_adventures(self) -> EnemyTable:
        """The table world adventures draw from: the original numbers with the adventure
        tuning on top (the fight tuning calibrates single fights, not chains of them)."""
        return replace(
            self, tuning=self.adventure_tuning, adventure_tuning={}, dungeon_tuning={}, on_top={}
        )

    def for_dungeons(self) -> EnemyTable:
        """The table dungeon adventures draw from: the adventure tuning, then the dungeon
        tuning on top of it (a dungeon fight also asks the walk to the enemy's symbol, T-26)."""
        return replace(self.for_adventures(), on_top=self.dungeon_tuning)

    def tier(self, name: str) -> Tier:
        t = self.tiers.get(name)
        if t is None:
            raise UnknownName("enemy tier", name, list(self.tiers), nouns=MSG)
        return t

    def difficulty(self, name: str) -> Difficulty:
        d = self.difficulties.get(_snake(name))
        if d is None:
            raise UnknownName("enemy difficulty", name, list(self.difficulties), nouns=MSG)
        return d

    def stats(self, tier: str, *, tuned: bool = True) -> TierStats:
        """Level and low/avg/high per stat: first cell, rounded mean, last cell; then the
        tier's tuning added to each value unless ``tuned`` is False (the level is never
        tuned)."""
        t = self.tier(tier)
        layers = [m[t.id] for m in (self.tuning, self.on_top) if t.id in m] if tuned else []
        out: dict[str, StatRange] = {}
        for stat in STATS:
            values = [getattr(self.base_map[lvl], stat)[i] for lvl, i in t.pairs]
            rng = StatRange(low=values[0], avg=_round_half_up_mean(values), high=values[-1])
            for tuning in layers:
                for v in VALUES:
                    rng[v] += tuning.shift(stat, v)
            out[stat] = rng
        level = min(t.pairs[-1][0], self.level_cap)
        return TierStats(level=level, attack=out["attack"], defense=out["defense"])

    def variants(
        self, tier: str, difficulty: str, *, tuned: bool = True
    ) -> list[Enemy | VariantShape]:
        """The tier x difficulty's variants in file order; see :func:`variants`."""
        st = self.stats(tier, tuned=tuned)
        d = self.difficulty(difficulty)
        shape = self.shapes[d.shape]
        level = st["level"] if shape.level == "tier" else int(shape.level)
        a, dd = st["attack"][d.value], st["defense"][d.value]
        out: list[Enemy | VariantShape] = []
        for rule in shape.variants:
            attack, defense = rule.stats(a, dd)
            if rule.modifier in ("buff", "debuff"):
                assert defense is not None and rule.modifier is not None
                out.append(
                    VariantShape(
                        level=level, attack=attack, defense=defense, category=rule.modifier
                    )
                )
            else:
                trap = rule.modifier == "trap"
                out.append(Enemy(level=level, attack=attack, defense=defense, trap=trap))
        return out

    def modifier_rules(self, category: Category, stat: Stat) -> tuple[ModifierRule, ...]:
        return tuple(
            m for m in self.modifiers.values() if m.category == category and m.stat == stat
        )


# ------------------------------------------------------------------ loading


def _snake(name: str) -> str:
    """``hardLock`` / ``hard-lock`` / ``HARD_LOCK`` -> ``hard_lock``."""
    name = re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name.strip())
    return name.replace("-", "_").lower()


def _where(file: str, entry: str | None, field: str, key: str, /, **params: Any) -> ContentError:
    """The file, entry (when there is one) and field, then the problem ``key`` says, told in
    the user's language."""
    problem = SaidValue(MSG, key, **params)
    if entry:
        return ContentError.said(
            MSG, "content.enemies.at_entry", file=file, entry=entry, field=field, problem=problem
        )
    return ContentError.said(
        MSG, "content.enemies.at_field", file=file, field=field, problem=problem
    )


def _entries(file: str, data: Mapping[str, Any], section: str, model: type[Any]) -> dict[Any, Any]:
    raw = data[section]
    if not isinstance(raw, list) or not raw:
        raise _where(file, None, section, "content.enemies.list")
    key, noun = _ENTRY_KEY[section]
    out: dict[Any, Any] = {}
    for i, item in enumerate(raw):
        has_key = isinstance(item, Mapping) and key in item
        name = f"{noun} {item[key]}" if has_key else f"{noun} #{i + 1}"
        entry = validate_entry(model, item, file, name)
        k = getattr(entry, key)
        if k in out:
            raise _where(file, name, key, "content.enemies.duplicate", value=k)
        out[k] = entry
    return out


def _duplicate_key(text: str, file: str) -> ContentError | None:
    """Name the entry and field of a key written twice (the strict reader names the line)."""
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return None

    def walk(node: yaml.Node, entry: str | None, path: tuple[str, ...]) -> ContentError | None:
        if isinstance(node, yaml.SequenceNode):
            for item in node.value:
                found = walk(item, entry, path)
                if found:
                    return found
        if not isinstance(node, yaml.MappingNode):
            return None
        seen: set[str] = set()
        for k, _ in node.value:
            key = str(k.value)
            if key in seen:
                return _where(
                    file,
                    entry,
                    ".".join((*path, key)),
                    "content.enemies.twice",
                    line=k.start_mark.line + 1,
                )
            seen.add(key)
        for k, v in node.value:
            found = walk(v, entry, (*path, str(k.value)))
            if found:
                return found
        return None

    if not isinstance(root, yaml.MappingNode):
        return walk(root, None, ()) if root is not None else None
    seen_top: set[str] = set()
    for k, v in root.value:
        section = str(k.value)
        if section in seen_top:
            line = k.start_mark.line + 1
            return _where(file, None, section, "content.enemies.twice", line=line)
        seen_top.add(section)
        if section in _ENTRY_KEY and isinstance(v, yaml.SequenceNode):
            key, noun = _ENTRY_KEY[section]
            for i, item in enumerate(v.value):
                name = f"{noun} #{i + 1}"
                if isinstance(item, yaml.MappingNode):
                    for ik, iv in item.value:
                        if ik.value == key and isinstance(iv, yaml.ScalarNode):
                            name = f"{noun} {iv.value}"
                            break
                found = walk(item, name, ())
                if found:
                    return found
        else:
            found = walk(v, None, (section,))
            if found:
                return found
    return None


def load_enemy_table(path: str | Path) -> EnemyTable:
    """Read and check an enemies file; any problem is one :class:`ContentError` line."""
    p = Path(path)
    file = p.name
    try:
        data = read_data(p, ContentError)
    except ContentError as e:
        if "duplicate key" in str(e) and p.is_file():
            better = _duplicate_key(p.read_text(encoding="utf-8"), file)
            if better is not None:
                raise better from None
        raise
    if not isinstance(data, Mapping):
        raise ContentError.said(
            MSG, "content.enemies.sections", file=file, sections=", ".join(_SECTIONS)
        )
    for section in data:
        if section not in _SECTIONS:
            raise _where(
                file,
                None,
                str(section),
                "content.enemies.unknown_section",
                known=", ".join(_SECTIONS),
            )
    for section in _SECTIONS:
        if section not in data and section not in _OPTIONAL:
            raise _where(file, None, section, "content.enemies.missing_section")
    cap = data["level_cap"]
    if type(cap) is not int or not 1 <= cap <= 9:
        raise _where(file, None, "level_cap", "content.enemies.level_cap", value=cap)

    base_map: dict[int, MapRow] = _entries(file, data, "base_map", MapRow)
    tiers: dict[str, Tier] = _entries(file, data, "tiers", Tier)
    shapes: dict[str, Shape] = _entries(file, data, "shapes", Shape)
    difficulties: dict[str, Difficulty] = _entries(file, data, "difficulties", Difficulty)
    modifiers: dict[str, ModifierRule] = _entries(file, data, "modifiers", ModifierRule)

    _must_list(file, "tiers", "tier", tiers, TIERS)
    for t in tiers.values():
        for i, (lvl, _) in enumerate(t.pairs):
            if lvl not in base_map:
                raise _where(
                    file, f"tier {t.id}", f"pairs.{i}", "content.enemies.pair_level", level=lvl
                )
    _must_list(file, "difficulties", "difficulty", difficulties, DIFFICULTIES)
    for d in difficulties.values():
        if d.shape not in shapes:
            raise _where(
                file,
                f"difficulty {d.id}",
                "shape",
                "content.enemies.unknown_shape",
                shape=d.shape,
                known=", ".join(shapes),
            )
    for category in ("buff", "debuff"):
        for stat in STATS:
            if not any(m.category == category and m.stat == stat for m in modifiers.values()):
                raise _where(
                    file,
                    None,
                    "modifiers",
                    "content.enemies.no_modifier",
                    category=category,
                    stat=stat,
                )
    uses_trap = any(v.modifier == "trap" for s in shapes.values() for v in s.variants)
    if uses_trap and not any(m.category == "trap" for m in modifiers.values()):
        raise _where(file, None, "modifiers", "content.enemies.no_trap")
    tuning = _tuning(file, data, base_map, tiers)
    adventure = _tuning(file, data, base_map, tiers, "adventure_tuning")
    dungeon = _tuning(file, data, base_map, tiers, "dungeon_tuning", under=adventure)
    return EnemyTable(
        file, cap, base_map, tiers, shapes, difficulties, modifiers, tuning, adventure, dungeon
    )


def _tuning(
    file: str,
    data: Mapping[str, Any],
    base_map: Mapping[int, MapRow],
    tiers: Mapping[str, Tier],
    section: str = "tuning",
    under: Mapping[str, Tuning] | None = None,
) -> dict[str, Tuning]:
    """An optional tuning section (``tuning``, ``adventure_tuning``, ``dungeon_tuning``):
    known tiers, once each, tuned values still 0..99 (on the original numbers, plus the
    ``under`` layer the section is added to)."""
    if data.get(section) in (None, []):
        return {}
    found: dict[str, Tuning] = _entries(file, data, section, Tuning)
    base = EnemyTable(file, 8, base_map, tiers, {}, {}, {}, tuning=dict(under or {}))
    noun = _ENTRY_KEY[section][1]
    for t in found.values():
        name = f"{noun} {t.tier}"
        if t.tier not in tiers:
            raise _where(file, name, "tier", "content.enemies.unknown_tier", known=", ".join(tiers))
        st = base.stats(t.tier)
        for stat in STATS:
            for v in VALUES:
                tuned = st[stat][v] + t.shift(stat, v)
                if not 0 <= tuned <= 99:
                    raise _where(
                        file,
                        name,
                        f"{stat}.{v}",
                        "content.enemies.tuned_range",
                        base=st[stat][v],
                        shift=f"{t.shift(stat, v):+d}",
                        tuned=tuned,
                    )
    return found


def _must_list(
    file: str, section: str, noun: str, found: Mapping[str, Any], wanted: Sequence[str]
) -> None:
    """Every name of ``wanted`` in ``found`` and nothing else; ``noun`` (tier, difficulty)
    names an entry and picks the words (``content.enemies.unknown_<noun>``)."""
    for name in found:
        if name not in wanted:
            key = f"content.enemies.unknown_{noun}"
            raise _where(file, f"{noun} {name}", "id", key, known=", ".join(wanted))
    missing = [w for w in wanted if w not in found]
    if missing:
        key = f"content.enemies.missing_{noun}"
        raise _where(file, None, section, key, n=len(missing), names=", ".join(missing))


@cache
def _default_table() -> EnemyTable:
    return load_enemy_table(ENEMIES_FILE)


def enemy_table(path: str | Path | None = None) -> EnemyTable:
    """The game's enemy table, read once; a ``path`` reads that file instead (uncached)."""
    return _default_table() if path is None else load_enemy_table(path)


@cache
def adventure_table() -> EnemyTable:
    """The table adventures draw their enemies from: the original game's numbers, plus the
    file's ``adventure_tuning`` section.

    The shipped ``tuning`` calibrates *single* fights (docs/tos-balance.md); an adventure
    chains many fights with no healing between them, which is what the original numbers
    were made for; ``adventure_tuning`` adjusts them for that (docs/tos-adventure-balance.md
    measures it)."""
    return enemy_table().for_adventures()


@cache
def dungeon_table() -> EnemyTable:
    """The table dungeon adventures draw from: :func:`adventure_table` plus the file's
    ``dungeon_tuning`` section, for fights where attack counts only on the enemy's symbol."""
    return enemy_table().for_dungeons()


# ------------------------------------------------------------------ the public questions


def tier_stats(tier: str, *, tuned: bool = True, table: EnemyTable | None = None) -> TierStats:
    """``{"level": 4, "attack": {"low": 5, "avg": 7, "high": 8}, "defense": {...}}``.

    low is the first base-map cell of the tier, high the last (not min/max: lvl2's low
    attack is above its high), avg their mean rounded half up, the level the hero level
    of the last cell capped at the file's level cap (8). The file's tuning of the tier is
    added to attack and defense unless ``tuned`` is False (the original game's numbers).
    """
    return (table or enemy_table()).stats(tier, tuned=tuned)


def variants(
    tier: str,
    difficulty: str = "normal",
    *,
    tuned: bool = True,
    table: EnemyTable | None = None,
) -> list[Enemy | VariantShape]:
    """Every enemy the tier x difficulty can print, in the file's order (from the tuned
    tier values, or the original's with ``tuned=False``).

    Plain variants, locks and traps are :class:`Enemy`; a variant that carries a random
    buff or debuff is a :class:`VariantShape` with that category.
    """
    return (table or enemy_table()).variants(tier, difficulty, tuned=tuned)


def open_slots(difficulty: str, *, table: EnemyTable | None = None) -> tuple[Stat, ...]:
    """The neighbour-bonus slots (attack, defense) a printed enemy of this difficulty leaves
    open; hard, lock and trap enemies leave none."""
    return (table or enemy_table()).difficulty(difficulty).open_slots


def draw_modifier(rng: RNG, category: Category, *, table: EnemyTable | None = None) -> Modifier:
    """A random ``buff`` or ``debuff``: attack or defense (even odds), then one modifier of
    that kind (even odds), then its element or banner type (even odds) when it needs one."""
    tab = table or enemy_table()
    stat = rng.choice(STATS, label="enemy modifier stat")
    rule = rng.choice(tab.modifier_rules(category, stat), label="enemy modifier")
    if rule.trigger == "element":
        return rule.make(element=rng.choice(_ELEMENTS, label="enemy modifier element"))
    if rule.trigger == "banner":
        return rule.make(banner=rng.choice(BANNER_TYPES, label="enemy modifier banner"))
    return rule.make()


def draw_enemy(
    rng: RNG, tier: str, difficulty: str = "normal", *, table: EnemyTable | None = None
) -> Enemy:
    """One enemy of the tier x difficulty.

    Each draw picks a variant uniformly (the original game drew from a looping bag per tier
    x difficulty, so a set never repeated a variant before using all of them; a generator
    that wants that can ``rng.draw`` from :func:`variants` itself). A buff or debuff variant
    then gets its modifier from :func:`draw_modifier`.
    """
    tab = table or enemy_table()
    v = rng.choice(tab.variants(tier, difficulty), label="enemy variant")
    if isinstance(v, VariantShape):
        return v.with_modifier(draw_modifier(rng, v.category, table=tab))
    return v


def enemy_for_level(
    level: int, difficulty: str = "normal", *, table: EnemyTable | None = None
) -> str:
    """The enemy spec for a fight that suits a hero of ``level`` (2..9).

    The tier is the weakest of lvl1..lvl5 whose level is at least the hero's (so beating it
    raises the hero's level, T-14), and ``boss`` above them all. With the shipped file:
    2 -> lvl1, 3 -> lvl2, 4 -> lvl3, 5-6 -> lvl4, 7-8 -> lvl5, 9 -> boss. The answer is the
    shortest spec :func:`parse_enemy` reads back: ``"lvl3"`` for normal, ``"lvl3:hard"``
    otherwise.
    """
    tab = table or enemy_table()
    d = tab.difficulty(difficulty).id
    if type(level) is not int or level not in tab.base_map:
        levels = sorted(tab.base_map)
        raise ConfigError.said(
            MSG, "content.enemies.hero_level", level=level, low=levels[0], high=levels[-1]
        )
    tier = next((t for t in LADDER if tab.stats(t)["level"] >= level), "boss")
    return tier if d == "normal" else f"{tier}:{d}"


def parse_enemy(text: str, rng: RNG | None = None, *, table: EnemyTable | None = None) -> Enemy:
    """An enemy from a spec string.

    - ``"4/3/5"``: level 4, attack 3, defense 5; ``"0/8/-"``: a trap (no defense) with
      attack 8; ``"4/3/5+ranged"``, ``"4/3/5+fear_element=fire"``, ``"4/3/5+envy=2"``: with
      that modifier (element or banner type after ``=`` when its trigger needs one).
    - ``"lvl3"``, ``"lvl3:hard"``, ``"boss:normal_unbuffed"``: drawn with ``rng``; without
      one, the first plain variant of the tier x difficulty (normal when not given). A tier
      is tuned (pass ``table=enemy_table().untuned()`` for the original's numbers); an
      explicit ``L/A/D`` enemy never is.

    Bad text raises :class:`ConfigError` (or :class:`UnknownName` for an unknown tier,
    difficulty or modifier) with one line.
    """
    tab = table or enemy_table()
    spec = text.strip() if isinstance(text, str) else ""
    if not spec:
        raise ConfigError.said(MSG, "error.enemy", text=text)
    if "/" in spec:
        return _parse_stats(spec, tab)
    if not re.fullmatch(r"[A-Za-z0-9_]+(?::[A-Za-z0-9_-]+)?", spec):
        raise ConfigError.said(MSG, "error.enemy", text=text)
    tier, _, difficulty = spec.partition(":")
    tab.tier(tier.lower())
    difficulty = difficulty or "normal"
    if rng is not None:
        return draw_enemy(rng, tier.lower(), difficulty, table=tab)
    return next(v for v in tab.variants(tier.lower(), difficulty) if isinstance(v, Enemy))


def _parse_stats(spec: str, tab: EnemyTable) -> Enemy:
    body, plus, mod = spec.partition("+")
    m = re.fullmatch(r"\s*(\d+)\s*/\s*(\d+)\s*/\s*(\d+|-)\s*", body)
    if m is None:
        raise ConfigError.said(MSG, "error.enemy", text=spec)
    trap = m.group(3) == "-"
    level, attack = int(m.group(1)), int(m.group(2))
    if level > 9 or attack > 99 or (not trap and int(m.group(3)) > 99):
        raise ConfigError.said(MSG, "error.enemy_range", text=spec)
    modifier = _parse_modifier(spec, mod.strip(), tab) if plus else None
    try:
        return Enemy(
            level=level,
            attack=attack,
            defense=None if trap else int(m.group(3)),
            trap=trap,
            modifier=modifier,
        )
    except ValidationError as e:
        raise ConfigError(f"enemy {spec!r}: {describe_validation(e)}") from None


def _parse_modifier(spec: str, text: str, tab: EnemyTable) -> Modifier:
    mid, eq, value = (x.strip() for x in text.partition("="))
    rule = tab.modifiers.get(mid)
    if rule is None or rule.category == "trap":
        known = [m.id for m in tab.modifiers.values() if m.category != "trap"]
        raise UnknownName("enemy modifier", mid, known, nouns=MSG)
    if rule.trigger == "element":
        if value not in ELEMENTS:
            raise ConfigError.said(
                MSG, "error.enemy_element", text=spec, mod=mid, elements=", ".join(ELEMENTS)
            )
        return rule.make(element=cast(Element, value))
    if rule.trigger == "banner":
        if value not in ("1", "2"):
            raise ConfigError.said(MSG, "error.enemy_banner", text=spec, mod=mid)
        return rule.make(banner=1 if value == "1" else 2)
    if eq:
        raise ConfigError.said(MSG, "error.enemy_no_value", text=spec, mod=mid)
    return rule.make()


# ------------------------------------------------------------------ at Execute time


def modifier_applies(
    m: Modifier, cards: int, elements: Mapping[str, int], banners: Mapping[int, int]
) -> bool:
    """Whether the modifier's trigger holds for what is in play this combat turn.

    ``cards`` counts the hero cards in play (Strain cards excluded), ``elements`` the
    element symbols in play by name, ``banners`` the banners in play by type (1 or 2).
    """
    if m.element is not None:
        return elements.get(m.element, 0) >= ELEMENT_AT_LEAST
    if m.banner is not None:
        return banners.get(m.banner, 0) >= BANNERS_AT_LEAST
    if m.cards_at_most is not None:
        return cards <= m.cards_at_most
    if m.cards_at_least is not None:
        return cards >= m.cards_at_least
    return False


def effective_stats(
    enemy: Enemy,
    cards: int,
    elements: Mapping[str, int],
    banners: Mapping[int, int],
    ignore_modifier: bool = False,
) -> tuple[int, int | None]:
    """The enemy's (attack, defense) this Execute: its modifier added when it applies and is
    not ignored (a hero ability can ignore it); never below 0; a trap's defense stays None."""
    attack, defense = enemy.attack, enemy.defense
    m = enemy.modifier
    if m is not None and not ignore_modifier and modifier_applies(m, cards, elements, banners):
        if m.stat == "attack":
            attack = max(0, attack + m.delta)
        elif defense is not None:
            defense = max(0, defense + m.delta)
    return attack, defense


def iter_variants(
    table: EnemyTable | None = None,
) -> Iterator[tuple[str, str, Enemy | VariantShape]]:
    """Every (tier, difficulty, variant) of the table, for tools and tests."""
    tab = table or enemy_table()
    for tier in tab.tiers:
        for difficulty in tab.difficulties:
            for v in tab.variants(tier, difficulty):
                yield tier, difficulty, v


__all__ = [
    "BANNERS_AT_LEAST",
    "BANNER_TYPES",
    "DIFFICULTIES",
    "ELEMENT_AT_LEAST",
    "ENEMIES_FILE",
    "LADDER",
    "STATS",
    "TIERS",
    "VALUES",
    "Difficulty",
    "EnemyTable",
    "MapRow",
    "ModifierRule",
    "Shape",
    "Shift",
    "StatRange",
    "Tier",
    "TierStats",
    "Tuning",
    "VariantRule",
    "VariantShape",
    "draw_enemy",
    "draw_modifier",
    "effective_stats",
    "enemy_for_level",
    "enemy_table",
    "iter_variants",
    "load_enemy_table",
    "modifier_applies",
    "open_slots",
    "parse_enemy",
    "tier_stats",
    "variants",
]
