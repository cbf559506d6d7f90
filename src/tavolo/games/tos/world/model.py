"""A world adventure as plain data: nine two-halved region cards for the 3 x 3 grid.

Each card has a top half ``nA`` and a bottom half ``nB`` (tos-facts section 6.1); only the
upright half is read. A half is a title and an ordered list of **lines**, read top to bottom
when the pawn enters the card (T-19):

- :class:`Text` -- a story sentence, named by a label (the wording lives in the messages);
- :class:`Fight` -- an enemy with the card's neighbour bonus and its open bonus slots (T-20);
  the lines after it are read once it is defeated;
- :class:`Reveal` -- turn card ``card`` so that its bottom half shows (T-21), optional
  conditions ("If 8A isn't mapped and 9A is mapped: ...");
- :class:`Remove` -- put this card aside (its cell becomes blank), optional conditions;
- :class:`Blank` -- "If <half> is mapped: this card is blank": when the conditions hold,
  nothing after it is read;
- :class:`TickBar` -- a pencil bar (tos-facts section 6.9): fill the leftmost free box, then
  read the lines of the value of the leftmost box still free (or of the end value);
- :class:`Win` -- the adventure is won;
- any shared :data:`~tavolo.games.tos.adventure.actions.CardAction` (heal, shop, forge, pick,
  stop_fight, ...).

Every line has ``may`` ("You may": the player chooses) and conditions where it can have them;
card actions and tick bars carry ``once`` ("For 1 time": once per game per card, T-22). A
card holds at most one "For 1 time" line (the manual's token), which the model checks.

Everything is a frozen pydantic model: :meth:`WorldAdventure.to_json` and
:meth:`WorldAdventure.from_json` give the JSON round trip, and a malformed adventure is a
clear validation error naming the field.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from tavolo.engine.errors import SaidValue
from tavolo.games.tos.adventure.actions import CardAction
from tavolo.games.tos.schema import Enemy
from tavolo.games.tos.text import MSG

CARDS = 9
START_CARD = 1
HalfId = Annotated[str, Field(pattern=r"^[1-9][AB]$")]
_NAME = r"^[a-z][a-z0-9_.]*$"
Stat = Literal["attack", "defense"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Mapped(_Strict):
    """Half ``half`` is upright on the grid (``negate``: it is not). Removed cards are
    never mapped (T-21)."""

    kind: Literal["mapped"] = "mapped"
    half: HalfId
    negate: bool = False


Condition = Annotated[Mapped, Field(discriminator="kind")]


class Text(_Strict):
    kind: Literal["text"] = "text"
    label: str = Field(pattern=_NAME)  # e.g. "main_the_boss.intro"


class Fight(_Strict):
    """An enemy; ``bonus`` (level, attack, defense) is what this card gives an enemy on the
    card to its left, ``open`` the slots of this enemy that take its right neighbour's
    bonus (tos-facts section 4.5)."""

    kind: Literal["fight"] = "fight"
    enemy: Enemy
    bonus: tuple[int, int, int] = (0, 0, 0)
    open: tuple[Stat, ...] = ()


class Reveal(_Strict):
    kind: Literal["reveal"] = "reveal"
    card: int = Field(ge=1, le=CARDS)
    may: bool = False
    conditions: tuple[Condition, ...] = ()


class Remove(_Strict):
    kind: Literal["remove"] = "remove"
    may: bool = False
    conditions: tuple[Condition, ...] = ()


class Blank(_Strict):
    """When every condition holds, the rest of the half is not there."""

    kind: Literal["blank"] = "blank"
    conditions: tuple[Condition, ...] = Field(min_length=1)


class Win(_Strict):
    kind: Literal["win"] = "win"


class TickBar(_Strict):
    """A row of pencil boxes, the first blank; ``end`` is the unboxed value after them.
    ``branches`` holds the lines each value leads to. Marks persist across games
    (the digest's pencil marks), keyed by ``bar``."""

    kind: Literal["tick_bar"] = "tick_bar"
    bar: str = Field(pattern=_NAME)
    boxes: tuple[str, ...] = Field(min_length=1)
    end: str
    once: bool = True
    may: bool = False
    branches: dict[str, tuple[Line, ...]]

    @model_validator(mode="after")
    def _branches(self) -> TickBar:
        values = {v for v in self.boxes if v} | {self.end}
        missing = sorted(values - set(self.branches))
        if missing:
            raise SaidValue(MSG, "content.tick_bar", bar=self.bar, n=len(missing), missing=missing)
        return self


Line = Annotated[
    Text | Fight | Reveal | Remove | Blank | Win | TickBar | CardAction,
    Field(discriminator="kind"),
]
"""Any line of a half, told apart by ``kind``."""

TickBar.model_rebuild()


class Half(_Strict):
    id: HalfId
    title: str = Field(pattern=_NAME)  # a label: the quest step's title or character name
    source: str = Field(pattern=_NAME)  # what placed it: "main_the_boss", "event_healer", ...
    lines: tuple[Line, ...] = ()

    @property
    def once_lines(self) -> int:
        return sum(1 for ln in self.lines if getattr(ln, "once", False))


class Card(_Strict):
    number: int = Field(ge=1, le=CARDS)
    top: Half
    bottom: Half

    @model_validator(mode="after")
    def _ids(self) -> Card:
        n = self.number
        if self.top.id != f"{n}A" or self.bottom.id != f"{n}B":
            raise SaidValue(MSG, "content.card_halves", n=n)
        for h in (self.top, self.bottom):
            if h.once_lines > 1:
                raise SaidValue(MSG, "content.once_lines", half=h.id)
        return self

    def half(self, up: int) -> Half:
        """The upright half: 0 the top (``nA``), 1 the bottom (``nB``)."""
        return self.bottom if up else self.top


class WorldAdventure(_Strict):
    """One world adventure: the nine cards in number order (card 1 is the start card)."""

    seed: int
    attempts: int = Field(ge=1)  # 1 when the first sub-seed gave a valid adventure
    rejected: tuple[str, ...] = ()  # why each earlier attempt failed
    main_quest: str = Field(pattern=_NAME)
    side_quest: str | None = None
    events: tuple[str, ...] = ()
    cards: tuple[Card, ...] = Field(min_length=CARDS, max_length=CARDS)

    @model_validator(mode="after")
    def _numbers(self) -> WorldAdventure:
        numbers = [c.number for c in self.cards]
        if numbers != list(range(1, CARDS + 1)):
            raise SaidValue(MSG, "content.world_cards", n=CARDS, numbers=numbers)
        return self

    def card(self, number: int) -> Card:
        return self.cards[number - 1]

    def half(self, half_id: str) -> Half:
        c = self.card(int(half_id[0]))
        return c.top if half_id[1] == "A" else c.bottom

    def to_json(self) -> dict[str, Any]:
        return self.model_dump(mode="json")

    @staticmethod
    def from_json(data: dict[str, Any]) -> WorldAdventure:
        return WorldAdventure.model_validate(data)
