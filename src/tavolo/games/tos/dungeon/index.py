"""The dungeon's index cards as plain data: 3 cards (7, 8, 9) of up to 6 instructions each.

An :class:`Instruction` is keyed by a room symbol, the pair ``(glyph, effective orientation)``
that :attr:`.model.Room.symbol` gives, and holds a trigger (tos-facts section 7.8), an optional
"For 1 time" mark, optional conditions, and a list of typed actions. The action vocabulary is
the part of the shared adventure vocabulary (tos-facts section 5) that the dungeon's quests,
enemies and teleports need:

- :class:`Fight` -- fight an :class:`~tavolo.games.tos.schema.Enemy`; the actions after it
  happen once it is defeated;
- :class:`Gain` / :class:`Lose` -- an item, key or quest mark the hero carries;
- :class:`Teleport` -- move to a room (attaching it first when it is not mapped, T-29);
- :class:`Attach` -- put a room on the table without moving the pawn;
- :class:`Win` -- the adventure is won;
- :class:`Story` -- a story step, named by a label (wording lives with the card text, not
  here), optionally naming rooms the text refers to;
- :class:`Tick` -- "if possible, fill the leftmost box" of a pencil bar of ``boxes`` boxes
  (tos-facts section 6.9); the marks stay on the card from one game to the next;
- any :data:`~tavolo.games.tos.adventure.actions.CardAction` of the shared vocabulary (heal,
  shop, swap, ritual, loot, forge, ...), as the events and side quests print them. These act
  on the hero's cards and status tracks only; they never move the pawn or change the items.

Conditions gate the whole instruction: when one does not hold, the instruction does nothing
("the room is empty"). :class:`HasItem` -- the hero carries an item; :class:`SymbolMapped`
-- a symbol is mapped (T-27: its room card is on the table, turned to show that symbol in
that orientation), or with ``negate`` is not; :class:`BarFull` -- every box of a pencil bar
is filled, or with ``negate`` some box is still empty. Everything is a frozen pydantic
model; :meth:`IndexCards.to_json` and :meth:`IndexCards.from_json` give the JSON round
trip, and validation checks entry order (effective orientation, then glyph), card filling
and distinct symbols.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from tavolo.engine.errors import SaidValue
from tavolo.games.tos.adventure.actions import CardAction
from tavolo.games.tos.schema import Enemy
from tavolo.games.tos.text import MSG

INDEX_CARDS = (7, 8, 9)
ENTRIES_PER_CARD = 6
MAX_ENTRIES = len(INDEX_CARDS) * ENTRIES_PER_CARD  # 18 slots (tos-facts section 7.7)

Trigger = Literal["immediate", "walk_on", "choice"]
Symbol = tuple[Annotated[int, Field(ge=0, le=5)], Annotated[int, Field(ge=0, le=3)]]

_ROOM_ID = r"^[1-6][A-D]$"
_NAME = r"^[a-z][a-z0-9_.]*$"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Fight(_Strict):
    kind: Literal["fight"] = "fight"
    enemy: Enemy


class Gain(_Strict):
    kind: Literal["gain"] = "gain"
    item: str = Field(pattern=_NAME)


class Lose(_Strict):
    kind: Literal["lose"] = "lose"
    item: str = Field(pattern=_NAME)


class Teleport(_Strict):
    kind: Literal["teleport"] = "teleport"
    room: str = Field(pattern=_ROOM_ID)


class Attach(_Strict):
    kind: Literal["attach"] = "attach"
    room: str = Field(pattern=_ROOM_ID)


class Win(_Strict):
    kind: Literal["win"] = "win"


class Story(_Strict):
    kind: Literal["story"] = "story"
    label: str = Field(pattern=_NAME)
    rooms: tuple[Annotated[str, Field(pattern=_ROOM_ID)], ...] = ()


class Tick(_Strict):
    """Fill the leftmost empty box of the ``boxes``-box bar ``bar``, if any is left."""

    kind: Literal["tick"] = "tick"
    bar: str = Field(pattern=_NAME)
    boxes: int = Field(ge=1)


DungeonAction = Fight | Gain | Lose | Teleport | Attach | Win | Story | Tick
"""The dungeon's own actions: those that move the pawn, change the items carried or fight."""

Action = Annotated[DungeonAction | CardAction, Field(discriminator="kind")]
"""Any index action, told apart by ``kind`` (the two vocabularies' kinds are disjoint)."""


class HasItem(_Strict):
    kind: Literal["has_item"] = "has_item"
    item: str = Field(pattern=_NAME)


class SymbolMapped(_Strict):
    """``symbol`` is mapped (T-27); with ``negate``, it is not."""

    kind: Literal["mapped"] = "mapped"
    symbol: Symbol
    negate: bool = False


class BarFull(_Strict):
    """Every box of the pencil bar ``bar`` is filled; with ``negate``, one is still empty."""

    kind: Literal["bar_full"] = "bar_full"
    bar: str = Field(pattern=_NAME)
    negate: bool = False


Condition = Annotated[HasItem | SymbolMapped | BarFull, Field(discriminator="kind")]


class Instruction(_Strict):
    """One index entry: what happens at the room whose symbol is ``symbol``."""

    symbol: Symbol
    trigger: Trigger
    once: bool = False  # "For 1 time": once per game for this instruction (T-28)
    conditions: tuple[Condition, ...] = ()
    actions: tuple[Action, ...] = Field(min_length=1)
    source: str = Field(pattern=_NAME)  # what placed it: "main_the_boss", "misc_enemy", ...

    @property
    def order_key(self) -> tuple[int, int]:
        """Index order: effective orientation first, then glyph (tos-facts section 7.13)."""
        return self.symbol[1], self.symbol[0]

    @field_validator("actions")
    @classmethod
    def _win_last(cls, actions: tuple[Action, ...]) -> tuple[Action, ...]:
        for a in actions[:-1]:
            if isinstance(a, Win | Teleport):
                raise SaidValue(MSG, "content.last_action", kind=a.kind)
        return actions


class IndexCard(_Strict):
    number: int = Field(ge=INDEX_CARDS[0], le=INDEX_CARDS[-1])
    instructions: tuple[Instruction, ...] = Field(max_length=ENTRIES_PER_CARD)


class IndexCards(_Strict):
    """The three index cards; instructions fill them in index order, six at a time."""

    cards: tuple[IndexCard, IndexCard, IndexCard]

    @model_validator(mode="after")
    def _check(self) -> IndexCards:
        numbers = tuple(c.number for c in self.cards)
        if numbers != INDEX_CARDS:
            raise SaidValue(MSG, "content.index_cards", want=INDEX_CARDS, numbers=numbers)
        seen_short = False
        for c in self.cards:
            if seen_short and c.instructions:
                raise SaidValue(MSG, "content.index_gap", n=c.number)
            seen_short = seen_short or len(c.instructions) < ENTRIES_PER_CARD
        keys = [i.order_key for i in self.instructions]
        if len(set(keys)) != len(keys):
            raise SaidValue(MSG, "content.index_shared")
        if keys != sorted(keys):
            raise SaidValue(MSG, "content.index_order")
        return self

    @property
    def instructions(self) -> tuple[Instruction, ...]:
        return tuple(i for c in self.cards for i in c.instructions)

    def by_symbol(self) -> dict[tuple[int, int], Instruction]:
        return {(i.symbol[0], i.symbol[1]): i for i in self.instructions}

    @staticmethod
    def build(instructions: list[Instruction]) -> IndexCards:
        """Sort ``instructions`` into index order and deal them onto cards 7, 8 and 9."""
        if len(instructions) > MAX_ENTRIES:
            raise ValueError(f"{len(instructions)} instructions; the index holds {MAX_ENTRIES}")
        ordered = sorted(instructions, key=lambda i: i.order_key)
        n = ENTRIES_PER_CARD
        c7, c8, c9 = (
            IndexCard(number=num, instructions=tuple(ordered[k * n : (k + 1) * n]))
            for k, num in enumerate(INDEX_CARDS)
        )
        return IndexCards(cards=(c7, c8, c9))

    def to_json(self) -> dict[str, Any]:
        return self.model_dump(mode="json")

    @staticmethod
    def from_json(data: dict[str, Any]) -> IndexCards:
        return IndexCards.model_validate(data)
