"""Loading Platformer's content files, with one error line naming file, entry and field.

Each file holds one section (``tiles:``, ``heroes:`` ...) validated entry by entry against
``schema.py``; then the loader checks what no single entry can: references between files
(an attack card's boss, a boss token named by an effect), the attack deck each boss's
procedure needs, a theme's tile set and one enemy card per tier at least.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from tavolo.engine.content import load_entries, validate_entry
from tavolo.engine.errors import ContentError, engine_messages
from tavolo.engine.files import read_data

from .board import TileSet
from .effects import ENEMY_FACES, SYMBOLS, Ability, Effect, said
from .schema import (
    Artifact,
    AttackCard,
    Boss,
    Dice,
    Enemy,
    Event,
    Hero,
    Item,
    Potion,
    Theme,
    Tile,
)

CONTENT = Path(__file__).parent / "content"
THEMES: tuple[Theme, ...] = ("forest", "void")
FILES = {
    "dice": "dice.yaml",
    "tiles_forest": "tiles_forest.yaml",
    "tiles_void": "tiles_void.yaml",
    "heroes": "heroes.yaml",
    "enemies": "enemies.yaml",
    "bosses": "bosses.yaml",
    "items": "items.yaml",
    "potions": "potions.yaml",
    "artifacts": "artifacts.yaml",
    "events": "events.yaml",
}


@dataclass(frozen=True)
class Content:
    """All of Platformer's content, read once and shared."""

    dice: Dice
    tiles: tuple[Tile, ...]
    heroes: tuple[Hero, ...]
    enemies: tuple[Enemy, ...]
    bosses: tuple[Boss, ...]
    attack_cards: tuple[AttackCard, ...]
    items: tuple[Item, ...]
    potions: tuple[Potion, ...]
    artifacts: tuple[Artifact, ...]
    events: tuple[Event, ...]

    def tile_set(self, theme: Theme) -> TileSet:
        mine = [t for t in self.tiles if t.theme == theme]
        return TileSet(
            tuple((t.id, t.layout) for t in mine if not t.boss),
            tuple((t.id, t.layout) for t in mine if t.boss),
        )

    def deck(self, boss_id: str) -> tuple[AttackCard, ...]:
        return tuple(c for c in self.attack_cards if c.boss == boss_id)

    def tier(self, tier: int) -> tuple[Enemy, ...]:
        return tuple(e for e in self.enemies if e.tier == tier)


def _load_dice(path: Path) -> Dice:
    data = read_data(path, ContentError)
    if not isinstance(data, Mapping) or "dice" not in data:
        raise ContentError.said(
            engine_messages(), "content.section", file=path.name, section="dice"
        )
    return validate_entry(Dice, data["dice"], path.name, "dice")


def load_content(folder: str | Path = CONTENT) -> Content:
    """Every content file of ``folder`` (named as in ``FILES``), checked."""
    d = Path(folder)

    def f(key: str) -> Path:
        return d / FILES[key]

    tiles = tuple(
        t for theme in THEMES for t in load_entries(f(f"tiles_{theme}"), Tile, section="tiles")
    )
    content = Content(
        dice=_load_dice(f("dice")),
        tiles=tiles,
        heroes=tuple(load_entries(f("heroes"), Hero, section="heroes")),
        enemies=tuple(load_entries(f("enemies"), Enemy, section="enemies")),
        bosses=tuple(load_entries(f("bosses"), Boss, section="bosses")),
        attack_cards=tuple(load_entries(f("bosses"), AttackCard, section="attack_cards")),
        items=tuple(load_entries(f("items"), Item, section="items")),
        potions=tuple(load_entries(f("potions"), Potion, section="potions")),
        artifacts=tuple(load_entries(f("artifacts"), Artifact, section="artifacts")),
        events=tuple(load_entries(f("events"), Event, section="events")),
    )
    check_content(content)
    return content


def check_content(c: Content) -> None:
    """What no single entry can check; ContentError naming file, entry and field."""
    _check_tiles(c.tiles)
    for tier in (1, 2, 3):
        if not c.tier(tier):
            raise _error("content.tier", file=FILES["enemies"], tier=tier)
    bosses = FILES["bosses"]
    for card in c.attack_cards:
        boss = next((b for b in c.bosses if b.id == card.boss), None)
        if boss is None:
            raise _entry_error(bosses, card.id, "content.unknown_boss", boss=card.boss)
        faces = ENEMY_FACES if boss.procedure == "until_enemy_die" else SYMBOLS
        if card.symbol not in faces:
            raise _entry_error(
                bosses, card.id, "content.faces", boss=boss.id, faces=", ".join(faces)
            )
        _check_tokens(boss, card.do, card.id, "do")
    for boss in c.bosses:
        faces = ENEMY_FACES if boss.procedure == "until_enemy_die" else SYMBOLS
        shown = {card.symbol for card in c.deck(boss.id)}
        if boss.procedure == "until_enemy_die" and shown != set(faces):
            raise _entry_error(bosses, boss.id, "content.face_cards")
        if len(c.deck(boss.id)) < 2:
            raise _entry_error(bosses, boss.id, "content.attack_cards", n=2)
        rules = [e for a in boss.rules for e in a.do]
        _check_tokens(boss, rules, boss.id, "rules")
        summon = boss.summon.ability.do if boss.summon.ability else ()
        _check_tokens(boss, summon, boss.id, "summon")
    _check_no_tokens("heroes", ((h.id, h.ability) for h in c.heroes))
    _check_no_tokens("enemies", ((e.id, e.ability) for e in c.enemies if e.ability))
    for key, cards in (("items", c.items), ("potions", c.potions), ("artifacts", c.artifacts)):
        _check_no_tokens(key, ((x.id, x.ability) for x in cards))
    _check_no_tokens("events", ((e.id, e.ability) for e in c.events))


def _check_tiles(tiles: Sequence[Tile]) -> None:
    for theme in THEMES:
        file = FILES[f"tiles_{theme}"]
        mine = [t for t in tiles if t.theme == theme]
        if any(t.id.split("_")[0] != theme for t in mine):
            bad = next(t for t in mine if t.id.split("_")[0] != theme)
            raise _entry_error(file, bad.id, "content.tile_id", theme=theme)
        if len([t for t in mine if t.boss]) != 2:
            raise _error("content.boss_tiles", file=file, n=2)
        if len([t for t in mine if not t.boss]) < 8:
            raise _error("content.normal_tiles", file=file, n=8)


def _check_tokens(boss: Boss, effects: Iterable[Effect], entry: str, field: str) -> None:
    known = {t.id for t in boss.tokens}
    for e in effects:
        if e.take_token is not None and e.take_token not in known:
            raise _entry_error(
                FILES["bosses"],
                entry,
                "content.no_token",
                field=field,
                boss=boss.id,
                token=e.take_token,
            )


def _check_no_tokens(key: str, abilities: Iterable[tuple[str, Ability]]) -> None:
    for entry, ability in abilities:
        for e in ability.do:
            if e.take_token is not None or e.summon is not None or e.boss_move is not None:
                raise _entry_error(FILES[key], entry, "content.boss_only", verb=e.verb)


def _error(key: str, /, **params: Any) -> ContentError:
    """A whole file's problem, in the game's catalog."""
    from .text import MSG  # (text imports this module)

    return ContentError.said(MSG, key, **params)


def _entry_error(file: str, entry: str, key: str, /, **params: Any) -> ContentError:
    """``{file}: entry {entry!r}: {reason}``, the engine's frame around the game's reason."""
    return ContentError.said(
        engine_messages(), "content.entry", file=file, entry=entry, reason=said(key, **params)
    )


@cache
def default_content() -> Content:
    """The shipped content (read once)."""
    return load_content()
