"""Loading DungeonQuest's content files, with one error line naming file, entry and field.

Each file is validated entry by entry against ``schema.py``; then the loader checks what
no single entry can: deck counts adding up to the deck's size, the tile set's size,
references between files (a card's monster, a ring's cards, a hero's table), a Monster
card line for every fighter, held cards with their each-turn effects, and variant keys
naming a real option (``options.py``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel

from tavolo.engine.content import load_entries, validate_entry
from tavolo.engine.errors import ContentError, SaidValue, engine_messages
from tavolo.engine.files import read_data

from .board import Board, Tile
from .effects import DECKS, Effect, walk
from .options import DEFAULT, Options, chosen, variant_key
from .schema import (
    Board as BoardSpec,
)
from .schema import (
    Card,
    CombatTables,
    DeckSpec,
    Hero,
    Item,
    Monster,
    MonsterCard,
    Ring,
    RollTable,
    TileGroup,
    TileKindSpec,
    TreasureCounter,
)
from .words import MSG, said

CONTENT = Path(__file__).parent / "content"
M = TypeVar("M", bound=BaseModel)
CARD_DECKS = ("room", "door", "corpse", "crypt", "trap", "search")
FILES = {
    "board": "board.yaml",
    "tiles": "tiles.yaml",
    **{d: f"{d}.yaml" for d in CARD_DECKS},
    "monster": "monster_cards.yaml",
    "monsters": "monsters.yaml",
    "combat": "combat.yaml",
    "heroes": "heroes.yaml",
    "rings": "rings.yaml",
    "items": "items.yaml",
    "tables": "tables.yaml",
    "counters": "counters.yaml",
}
Effects = tuple[Effect, ...]


@dataclass(frozen=True)
class Content:
    """All of DungeonQuest's content, read once and shared (never copied)."""

    board: BoardSpec
    kinds: tuple[TileKindSpec, ...]
    groups: tuple[TileGroup, ...]
    decks: Mapping[str, DeckSpec]
    cards: Mapping[str, tuple[Card, ...]]
    monster_cards: tuple[MonsterCard, ...]
    monsters: tuple[Monster, ...]
    combat: CombatTables
    heroes: tuple[Hero, ...]
    rings: tuple[Ring, ...]
    items: tuple[Item, ...]
    tables: tuple[RollTable, ...]
    treasure: tuple[TreasureCounter, ...]
    dragon: tuple[Card, ...]

    def kind(self, kind_id: str) -> TileKindSpec:
        return next(k for k in self.kinds if k.id == kind_id)

    def tiles(self, options: Options = DEFAULT) -> tuple[Tile, ...]:
        """Every physical tile in play: the base 115, plus Catacombs' 20 by option."""
        return tuple(
            t
            for g in self.groups
            if g.expansion is None or (g.expansion == "catacombs" and options.catacombs_tiles)
            for t in Tile.copies(g)
        )

    def new_board(self) -> Board:
        return Board(self.board)

    def card(self, deck: str, card_id: str) -> Card:
        return next(c for c in self.cards[deck] if c.id == card_id)

    def deck_list(self, deck: str) -> tuple[str, ...]:
        """The deck's card ids, each repeated by its count (deck order before shuffling)."""
        if deck == "monster":
            return tuple(c.id for c in self.monster_cards for _ in range(c.count))
        return tuple(c.id for c in self.cards[deck] for _ in range(c.count))

    def effects(self, card: Card, options: Options = DEFAULT) -> Effects:
        """A card's effects under ``options`` (a variant replaces the printed ones)."""
        for key in chosen(options) & set(card.variants):
            return card.variants[key]
        return card.do

    def monster(self, monster_id: str) -> Monster:
        return next(m for m in self.monsters if m.id == monster_id)

    def fighters(self) -> tuple[Monster, ...]:
        return tuple(m for m in self.monsters if m.kind == "fighter")

    def heroes_in_play(self, options: Options = DEFAULT) -> tuple[Hero, ...]:
        return tuple(h for h in self.heroes if h.expansion is None or options.expansion_heroes)

    def table(self, table_id: str) -> RollTable:
        return next(t for t in self.tables if t.id == table_id)

    def treasure_pool(self) -> tuple[int, ...]:
        """The GP values of the 32 treasure counters."""
        return tuple(c.gp for c in self.treasure for _ in range(c.count))

    def dragon_pool(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.dragon for _ in range(c.count))


def _section(path: Path, name: str) -> Any:
    data = read_data(path, ContentError)
    if not isinstance(data, Mapping) or name not in data:
        raise ContentError.said(engine_messages(), "content.section", file=path.name, section=name)
    return data[name]


def _one(path: Path, model: type[M], name: str) -> M:
    return validate_entry(model, _section(path, name), path.name, name)


def _sized(path: Path, section: str) -> int:
    """The ``size`` of a ``{size, counters}`` section (treasure, dragon)."""
    data = _section(path, section)
    size = data.get("size") if isinstance(data, Mapping) else None
    if not isinstance(size, int) or isinstance(size, bool) or size < 1:
        raise _fail_in(path.name, section, "size", said("content.positive"))
    return size


def _entries(path: Path, model: type[M], outer: str, inner: str) -> list[M]:
    """Entries of ``outer.inner`` (load_entries reads top-level sections only)."""
    data = _section(path, outer)
    if not isinstance(data, Mapping) or not isinstance(data.get(inner), list):
        raise _fail_in(path.name, outer, inner, said("content.entries"))
    out: list[M] = []
    for i, raw in enumerate(data[inner]):
        name = str(raw.get("id", f"{inner} #{i + 1}")) if isinstance(raw, Mapping) else f"#{i}"
        out.append(validate_entry(model, raw, path.name, name))
    return out


def load_content(folder: str | Path = CONTENT) -> Content:
    """Every content file of ``folder`` (named as in ``FILES``), checked."""
    d = Path(folder)

    def f(key: str) -> Path:
        return d / FILES[key]

    decks = {k: _one(f(k), DeckSpec, "deck") for k in (*CARD_DECKS, "monster")}
    counters = f("counters")
    content = Content(
        board=_one(f("board"), BoardSpec, "board"),
        kinds=tuple(load_entries(f("tiles"), TileKindSpec, section="kinds")),
        groups=tuple(load_entries(f("tiles"), TileGroup, section="tiles")),
        decks=decks,
        cards={k: tuple(load_entries(f(k), Card, section="cards")) for k in CARD_DECKS},
        monster_cards=tuple(load_entries(f("monster"), MonsterCard, section="cards")),
        monsters=tuple(load_entries(f("monsters"), Monster, section="monsters")),
        combat=validate_entry(
            CombatTables, read_data(f("combat"), ContentError), FILES["combat"], "combat"
        ),
        heroes=tuple(load_entries(f("heroes"), Hero, section="heroes")),
        rings=tuple(load_entries(f("rings"), Ring, section="rings")),
        items=tuple(load_entries(f("items"), Item, section="items")),
        tables=tuple(load_entries(f("tables"), RollTable, section="tables")),
        treasure=tuple(_entries(counters, TreasureCounter, "treasure", "counters")),
        dragon=tuple(_entries(counters, Card, "dragon", "counters")),
    )
    check_content(
        content,
        tile_sizes=_section(f("tiles"), "sizes"),
        treasure_size=_sized(counters, "treasure"),
        dragon_size=_sized(counters, "dragon"),
    )
    return content


# ----------------------------------------------------------------------- cross-checks --
class _Field:
    """A cross-check's reason, ``field <name>: <message>``: the engine's frame around the
    game's words, told in the user's language (as ``content.Reason`` is)."""

    __slots__ = ("field", "message")

    def __init__(self, field: str, message: SaidValue) -> None:
        self.field, self.message = field, message

    def told(self, lang: str) -> str:
        message = self.message.told(lang)
        return engine_messages().t(lang, "content.field", loc=self.field, message=message)

    def __str__(self) -> str:
        return self.told("en")


def _fail_in(file: str, entry: str, field: str, message: SaidValue) -> ContentError:
    """``file: entry 'x': field f: message``, in any language."""
    reason = _Field(field, message)
    return ContentError.said(
        engine_messages(), "content.entry", file=file, entry=entry, reason=reason
    )


def _fail(key: str, entry: str, field: str, message: SaidValue) -> ContentError:
    return _fail_in(FILES[key], entry, field, message)


def check_content(c: Content, tile_sizes: Any, treasure_size: int, dragon_size: int) -> None:
    """What no single entry can check; ContentError naming file, entry and field."""
    _check_tiles(c, tile_sizes)
    for key in (*CARD_DECKS, "monster"):
        spec = c.decks[key]
        if spec.id != key:
            raise _fail(key, "deck", "id", said("content.deck_id", deck=key, id=spec.id))
        total = len(c.deck_list(key))
        if total != spec.size:
            message = said("content.deck_size", total=total, size=spec.size)
            raise _fail(key, key, "cards", message)
    for key in CARD_DECKS:
        for card in c.cards[key]:
            _check_card(c, key, card)
    _check_monsters(c)
    for name in ("symmetric", "asymmetric"):
        if name not in c.combat.tables:
            raise _fail("combat", "combat", "tables", said("content.combat_table", table=name))
    _check_heroes(c)
    _check_others(c)
    for key, section, size, total in (
        ("counters", "treasure", treasure_size, len(c.treasure_pool())),
        ("counters", "dragon", dragon_size, len(c.dragon_pool())),
    ):
        if total != size:
            message = said("content.counter_total", total=total, size=size)
            raise _fail(key, section, "counters", message)
    if {d.id for d in c.dragon} != {"asleep", "awake"}:
        raise _fail("counters", "dragon", "counters", said("content.dragon_counters"))
    for counter in c.dragon:
        _check_card(c, "counters", counter)


def _check_tiles(c: Content, sizes: Any) -> None:
    kinds = {k.id: k for k in c.kinds}
    for g in c.groups:
        kind = kinds.get(g.kind)
        if kind is None:
            raise _fail("tiles", g.id, "kind", said("content.tile_kind", kind=g.kind))
        if kind.expansion is not None and g.expansion != kind.expansion:
            message = said("content.tile_expansion", kind=g.kind, expansion=kind.expansion)
            raise _fail("tiles", g.id, "expansion", message)
    if not isinstance(sizes, Mapping):
        raise ContentError.said(
            engine_messages(),
            "content.entry",
            file=FILES["tiles"],
            entry="sizes",
            reason=said("content.tile_sizes"),
        )
    for name, want in sizes.items():
        got = sum(g.count for g in c.groups if (g.expansion or "base") == name)
        if got != want:
            message = said("content.tile_total", total=got, size=want)
            raise _fail("tiles", "sizes", str(name), message)


def _refs(c: Content, key: str, entry: str, field: str, effects: Iterable[Effect]) -> None:
    monsters = {m.id: m for m in c.monsters}
    tables = {t.id for t in c.tables}
    for e in effects:
        if e.monster is not None:
            m = monsters.get(e.monster)
            if m is None or m.kind == "creature":
                raise _fail(key, entry, field, said("content.ref_monster", monster=e.monster))
            if e.sneak and m.kind != "fighter":
                raise _fail(key, entry, field, said("content.ref_sneak", monster=e.monster))
        if e.creature is not None:
            m = monsters.get(e.creature)
            if m is None or m.kind != "creature":
                raise _fail(key, entry, field, said("content.ref_creature", creature=e.creature))
        if e.consult is not None and e.consult not in tables:
            message = said("content.ref_table", table=e.consult, file=FILES["tables"])
            raise _fail(key, entry, field, message)
        if e.has is not None and e.has not in {i.id for i in c.items}:
            message = said("content.ref_item", item=e.has, file=FILES["items"])
            raise _fail(key, entry, field, message)
        if e.draw is not None and e.draw not in DECKS:
            raise _fail(key, entry, field, said("content.ref_deck", deck=e.draw))


def _check_card(c: Content, key: str, card: Card) -> None:
    _refs(c, key, card.id, "do", walk(card.do))
    _refs(c, key, card.id, "each_turn", walk(card.each_turn))
    holds = any(e.hold for e in walk(card.do))
    if holds != bool(card.each_turn):
        raise _fail(key, card.id, "each_turn", said("content.card_hold"))
    if any(e.shuffle for e in walk(card.do)) and len(card.do) != 1:
        raise _fail(key, card.id, "do", said("content.card_shuffle"))
    for variant, effects in card.variants.items():
        problem = variant_key(variant)
        if problem:
            raise _fail(key, card.id, "variants", problem)
        _refs(c, key, card.id, f"variants.{variant}", walk(effects))


def _check_monsters(c: Content) -> None:
    fighters = {m.id for m in c.fighters()}
    for card in c.monster_cards:
        missing = sorted(fighters - set(card.lines))
        if missing:
            raise _fail(
                "monster", card.id, "lines", said("content.mcard_missing", monster=missing[0])
            )
        extra = sorted(set(card.lines) - fighters)
        if extra:
            raise _fail("monster", card.id, "lines", said("content.mcard_extra", monster=extra[0]))
    for m in c.monsters:
        _refs(c, "monsters", m.id, "flee", walk(m.flee))
        _refs(c, "monsters", m.id, "fight", walk(m.fight))


def _check_heroes(c: Content) -> None:
    if not any(h.expansion is None for h in c.heroes):
        raise ContentError.said(MSG, "content.heroes_base", file=FILES["heroes"])
    tables = {t.id for t in c.tables}
    for h in c.heroes:
        if h.missile and h.missile.table and h.missile.table not in tables:
            message = said("content.hero_table", table=h.missile.table)
            raise _fail("heroes", h.id, "missile.table", message)


def _check_others(c: Content) -> None:
    trap_cards = {card.id for d in ("room", "trap") for card in c.cards[d]}
    kinds = {k.id for k in c.kinds}
    monsters = {m.id for m in c.monsters}
    for r in c.rings:
        _refs(c, "rings", r.id, "do", walk(r.do))
        for card_id in r.covers:
            if card_id not in trap_cards:
                raise _fail("rings", r.id, "covers", said("content.ring_covers", card=card_id))
        for kind in r.covers_tiles:
            if kind not in kinds:
                raise _fail("rings", r.id, "covers_tiles", said("content.ring_tiles", kind=kind))
    for item in c.items:
        _refs(c, "items", item.id, "do", walk(item.do))
        for m in item.not_against:
            if m not in monsters:
                raise _fail(
                    "items", item.id, "not_against", said("content.item_monster", monster=m)
                )
    for t in c.tables:
        _refs(c, "tables", t.id, "do", walk(t.do))
    missing = {"potion", "bow", "bow_spider"} - {t.id for t in c.tables}
    if missing:
        raise ContentError.said(
            MSG, "content.tables_missing", file=FILES["tables"], table=sorted(missing)[0]
        )


@cache
def default_content() -> Content:
    """The shipped content (read once)."""
    return load_content()
