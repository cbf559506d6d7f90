"""What DungeonQuest's content files may say: tiles, decks, monsters, heroes and counters.

All models are strict and frozen: an unknown field, a missing one or a wrong value is a
content error naming file, entry and field (see ``content.py``). Effects are written in
the language of ``effects.py``; tile exits in the L-A-R notation of the facts file (the
hero's left, ahead, right, seen from the entry arrow).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from .effects import Deck, Effect, Table
from .words import said

ID = r"^[a-z][a-z0-9_]*$"
Edge = Literal["O", "W", "D", "P"]  # open, wall, door, portcullis
TileKind = Literal[
    "room",
    "corridor",
    "trap",
    "portcullis",
    "rotating",
    "chasm",
    "pit",
    "darkness",
    "cave_in",
    "catacomb_entrance",
    "bridge",
    "spider_web",
]
Expansion = Literal["heroes", "catacombs"]
CombatCounter = Literal["mighty_blow", "slash", "leap_aside"]
COUNTERS: tuple[str, ...] = ("mighty_blow", "slash", "leap_aside")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


ItalianArticle = Literal["il", "lo", "la", "l'", "i", "gli", "le"]
_VOWELS = "aeiouhàèéìòù"


class Article(_Strict):
    """The definite article a name takes inside a sentence: English ``the`` (or none),
    Italian ``il``, ``lo``, ``la``, ``l'``, ``i``, ``gli``, ``le`` ("l'Orco", "i
    Pipistrelli vampiro"); templates ask for it with ``{monster:the}``, ``{monster:di}``."""

    en: Literal["the", ""]
    it: ItalianArticle


def _italian_article_fits(article: str, word: str) -> bool:
    """``l'`` before a vowel (or h) only, and ``il``/``la``/``lo``/``i`` never there;
    ``lo``/``gli`` before s + consonant, z, gn, ps, x, y; ``il``/``i`` never there."""
    w = word.lower()
    vowel = w[:1] in _VOWELS
    impure = (w[:1] == "s" and w[1:2] not in _VOWELS) or w.startswith(("z", "gn", "ps", "x", "y"))
    if article == "l'":
        return vowel
    if article in ("il", "la", "lo", "i"):
        return not vowel and (article != "il" or not impure) and (article != "i" or not impure)
    if article == "gli":
        return vowel or impure
    return True  # le


class Names(_Strict):
    """A name in both languages (proper names may be the same), and the article it takes
    inside a sentence where it needs one (a monster, a ring, a card held)."""

    en: str = Field(min_length=1, max_length=40)
    it: str = Field(min_length=1, max_length=40)
    article: Article | None = None

    @model_validator(mode="after")
    def _article_fits(self) -> Names:
        if self.article is not None and not _italian_article_fits(self.article.it, self.it):
            raise said("content.article", article=self.article.it, name=self.it)
        return self


Effects = tuple[Effect, ...]


# ------------------------------------------------------------------------------ tiles --
class TileKindSpec(_Strict):
    """What a kind of tile does on entry, as data (D5's searchability lives here)."""

    id: TileKind
    name: Names
    arrow: Literal["white", "coloured", "red"]
    draws: Deck | None  # the card drawn on entering (room, trap) or none
    searchable: bool
    extra_move: bool = False  # corridors: move on at once
    expansion: Expansion | None = None


class TileGroup(_Strict):
    """``count`` identical tiles of one kind and exit pattern.

    ``exits`` is the pattern left-ahead-right as seen by a hero stepping over the entry
    arrow: O open, W wall, D door (``"O D O"``; spaces are optional). The entry edge is
    open, except on a portcullis tile where the portcullis drops there.
    """

    id: str = Field(pattern=ID)
    kind: TileKind
    exits: str
    count: int = Field(ge=1, le=20)
    entry: Literal["O", "P"] = "O"
    chasm: Literal["left", "right"] | None = None  # the side edge on the hero's side
    expansion: Expansion | None = None

    @field_validator("exits")
    @classmethod
    def _pattern(cls, v: str) -> str:
        text = v.replace(" ", "").upper()
        if len(text) != 3 or any(c not in "OWD" for c in text):
            raise said("content.tile_exits", exits=v)
        return text

    @model_validator(mode="after")
    def _kind_rules(self) -> TileGroup:
        if (self.kind == "portcullis") != (self.entry == "P"):
            raise said("content.tile_portcullis")
        if (self.kind == "chasm") != (self.chasm is not None):
            raise said("content.tile_chasm")
        fixed = {"rotating": "WWW", "pit": "WOW", "chasm": "OOO", "bridge": "WOW"}
        if self.kind in fixed and self.exits != fixed[self.kind]:
            raise said("content.tile_fixed", kind=self.kind, exits=" ".join(fixed[self.kind]))
        if self.kind not in ("room", "portcullis") and "D" in self.exits:
            raise said("content.tile_doors", kind=self.kind)
        if self.kind == "darkness" and self.exits.count("O") < 1:
            raise said("content.tile_darkness")
        return self

    @property
    def edges(self) -> tuple[str, str, str, str]:
        """Entry (behind the hero), left, ahead, right."""
        left, ahead, right = self.exits[0], self.exits[1], self.exits[2]
        return self.entry, left, ahead, right


# ------------------------------------------------------------------------------ cards --
class Card(_Strict):
    """A card of a deck, ``count`` copies. ``each_turn`` runs at the start of the holder's
    later turns while the card is held (torch, trapdoor); ``variants`` replace ``do`` under
    an option (``crypt_trap=house``)."""

    id: str = Field(pattern=ID)
    name: Names
    count: int = Field(ge=1, le=40)
    do: Effects = Field(min_length=1, max_length=6)
    each_turn: Effects = ()
    variants: dict[str, Effects] = {}


class DeckSpec(_Strict):
    """A deck's name and size: its cards' counts must add up to the size."""

    id: Deck
    name: Names
    size: int = Field(ge=1, le=100)


class MonsterCard(_Strict):
    """One Monster card: per monster, [Attack, Wait and See, Escape] outcomes.

    0 under Attack or Wait and See: the monster flees; under Escape: you get away.
    Any other number: you fight a monster with that many LP (D7).
    """

    id: str = Field(pattern=ID)
    count: int = Field(ge=1, le=15)
    lines: dict[str, tuple[int, int, int]]

    @field_validator("lines")
    @classmethod
    def _values(cls, v: dict[str, tuple[int, int, int]]) -> dict[str, tuple[int, int, int]]:
        for monster, row in v.items():
            if any(n < 0 or n > 12 for n in row):
                raise said("content.mcard_lp", monster=monster)
        return v


# ---------------------------------------------------------------------------- monsters --
class Monster(_Strict):
    """A monster: a fighter (counters, Monster card lines), the spider, or a creature
    that only strikes (bats, scorpions, snakes, centipede)."""

    id: str = Field(pattern=ID)
    name: Names
    kind: Literal["fighter", "spider", "creature"]
    counters: tuple[CombatCounter, ...] = ()
    tough: int | None = Field(default=None, ge=1, le=9)  # a first bow kill only takes this
    flee: Effects = ()
    fight: Effects = ()

    @model_validator(mode="after")
    def _by_kind(self) -> Monster:
        if self.name.article is None:
            raise said("content.needs_article", name=self.name.en)
        if (self.kind == "fighter") != bool(self.counters):
            raise said("content.monster_counters")
        if (self.kind == "spider") != bool(self.fight):
            raise said("content.monster_spider")
        if self.flee and self.kind != "spider":
            raise said("content.monster_flee")
        return self


class CombatTables(_Strict):
    """The combat display: per table, hero's counter -> monster's -> [hero, monster] LP lost."""

    counters: dict[CombatCounter, Names]
    tables: dict[str, dict[CombatCounter, dict[CombatCounter, tuple[int, int]]]]

    @model_validator(mode="after")
    def _complete(self) -> CombatTables:
        for name, table in self.tables.items():
            for hero in COUNTERS:
                for monster in COUNTERS:
                    if monster not in table.get(hero, {}):  # type: ignore[call-overload]
                        raise said("content.combat_hole", table=name, hero=hero, monster=monster)
        return self


# ------------------------------------------------------------------------------ heroes --
class Missile(_Strict):
    """A hero's missile weapon (El-Adoran's bow; expansion daggers and shuriken)."""

    kind: Literal["bow", "daggers", "shuriken"]
    table: Table | None = None
    per_encounter: int | None = Field(default=None, ge=1, le=4)
    spider_per_turn: int | None = Field(default=None, ge=1, le=6)
    supply: int | None = Field(default=None, ge=1, le=12)  # None: never runs out (D10)


class Hero(_Strict):
    id: str = Field(pattern=ID)
    name: Names
    title: Names | None = None  # the role, where the sources give one
    life: int = Field(ge=1, le=30)
    strength: int = Field(ge=1, le=12)
    agility: int = Field(ge=1, le=12)
    armour: int = Field(ge=0, le=12)
    luck: int = Field(ge=0, le=12)
    missile: Missile | None = None
    # LP his Mighty Blow takes off a monster's Slash (Rildo: 1, facts 13.4); None: the table's
    mighty_blow: int | None = Field(default=None, ge=0, le=3)
    expansion: Expansion | None = None


# ------------------------------------------------------------------- rings and items --
class Ring(_Strict):
    """A magic ring, used once (D14)."""

    id: str = Field(pattern=ID)
    name: Names
    when: Literal["monster_revealed", "turn_start", "crossing", "trap"]
    do: Effects = Field(min_length=1)
    uses: int = Field(default=1, ge=1, le=3)
    except_sneak: bool = False
    covers: tuple[str, ...] = ()  # card ids the ring answers (Warning)
    covers_tiles: tuple[TileKind, ...] = ()

    @model_validator(mode="after")
    def _named(self) -> Ring:
        if self.name.article is None:
            raise said("content.needs_article", name=self.name.en)
        return self


class Item(_Strict):
    """A kept card used later: the potion, the rope."""

    id: str = Field(pattern=ID)
    name: Names
    carry: int | None = Field(default=None, ge=1, le=9)  # at most this many held
    when: Literal["turn_start", "trapdoor"]
    do: Effects = Field(min_length=1)
    not_against: tuple[str, ...] = ()  # monster ids (no potion while fighting the spider)

    @model_validator(mode="after")
    def _named(self) -> Item:
        if self.name.article is None:
            raise said("content.needs_article", name=self.name.en)
        return self


class RollTable(_Strict):
    """A table printed on the board (potion, bow): one ``roll`` effect."""

    id: Table
    name: Names
    placeholder: bool = False  # not the printed table (D13)
    do: Effects = Field(min_length=1, max_length=1)

    @model_validator(mode="after")
    def _a_roll(self) -> RollTable:
        if self.do[0].verb != "roll":
            raise said("content.table_roll")
        return self


# ----------------------------------------------------------------------------- counters --
class TreasureCounter(_Strict):
    gp: int = Field(ge=1, le=10000)
    count: int = Field(ge=1, le=20)


class Board(_Strict):
    """The printed board: grid size, tower rooms and the Treasure Chamber squares."""

    width: int = Field(ge=3, le=30)
    height: int = Field(ge=3, le=30)
    towers: tuple[tuple[int, int], ...] = Field(min_length=1)
    chamber: tuple[tuple[int, int], ...] = Field(min_length=1)
    tower_name: Names
    chamber_name: Names

    @model_validator(mode="after")
    def _inside(self) -> Board:
        for x, y in (*self.towers, *self.chamber):
            if not (0 <= x < self.width and 0 <= y < self.height):
                w, h = self.width, self.height
                raise said("content.board_off", x=x, y=y, width=w, height=h)
        for x, y in self.towers:
            if x not in (0, self.width - 1) or y not in (0, self.height - 1):
                raise said("content.board_tower", x=x, y=y)
        return self
