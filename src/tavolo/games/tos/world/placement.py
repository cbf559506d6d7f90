"""The bookkeeping of one world-adventure attempt: free halves, pending reveals, drafts.

Quests are placed on a :class:`Deck` one at a time (tos-facts section 6.4). A quest works on
a clone (:class:`QuestBuilder`): it places its steps on free halves, then writes each step's
lines with a :class:`StepWriter`; if a step finds no free half the clone is dropped
(:class:`NoRoom`) and the deck is unchanged. Lines that depend on the finished deck are kept
as drafts until :func:`tavolo.games.tos.world.generate.finish`: reveals (their "mapped"
conditions need to know what every top half reveals), removes (their "If X B is mapped"
clause), fights (enemies and neighbour bonuses are drawn card by card at the end) and tick
bars holding such lines.

The deck tracks, as the facts' generator does:

- ``needed``: occupied bottom halves that nothing reveals yet, with their step's timing;
- ``unrevealed``: cards whose bottom half no reveal targets yet (card 1 never is a random
  target: its back is the victory, revealed by the main quest's boss);
- ``top_reveals``: the cards each card's top half reveals (for the reveal conditions).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tavolo.engine.errors import TavoloError
from tavolo.engine.rng import RNG
from tavolo.games.tos.adventure.actions import CardAction, Forge, Pick, draw_action

from .model import CARDS, START_CARD, Blank, Mapped, Text, Win

ANY, BEGINNING, FIRST_HALF, MIDDLE, SECOND_HALF, BEFORE_ENDING, ENDING = range(7)
"""Timing slots (tos-facts section 6.3): an unnamed reveal at timing t only targets a
bottom half whose own timing is ANY or at least t."""
TOP, BOTTOM = 0, 1
SIDES = (TOP, BOTTOM)


class NoRoom(TavoloError):
    """A quest step found no free half: the quest does not fit (try the next in the bag)."""


class PlacementFailed(TavoloError):
    """The attempt cannot become an adventure (the caller tries the next sub-seed)."""


def half_id(card: int, side: int) -> str:
    return f"{card}{'AB'[side]}"


@dataclass
class RevealDraft:
    """Reveal card ``target``; its conditions are fixed once the deck is complete."""

    target: int
    may: bool


@dataclass
class RemoveDraft:
    """Remove this card; gets "If X B is mapped" after a conditional or optional reveal."""

    may: bool


@dataclass
class FightDraft:
    """An enemy of ``tier`` x ``difficulty``, drawn with its bonus when the deck is done."""

    tier: str
    difficulty: str


@dataclass
class TickDraft:
    bar: str
    boxes: tuple[str, ...]
    end: str
    branches: dict[str, list[Any]]
    once: bool = True


@dataclass
class HalfDraft:
    id: str
    title: str
    source: str
    timing: int
    lines: list[Any] = field(default_factory=list)

    @property
    def card(self) -> int:
        return int(self.id[0])

    @property
    def side(self) -> int:
        return TOP if self.id[1] == "A" else BOTTOM


@dataclass
class Deck:
    """What is placed so far (see the module docstring)."""

    halves: dict[str, HalfDraft] = field(default_factory=dict)
    needed: dict[int, int] = field(default_factory=dict)
    unrevealed: set[int] = field(default_factory=lambda: set(range(1, CARDS + 1)))
    top_reveals: dict[int, list[int]] = field(default_factory=dict)
    bottom_reveals: dict[int, list[int]] = field(default_factory=dict)
    picked: bool = False

    def clone(self) -> Deck:
        """A copy to try a quest on. Placed halves are shared: a quest only writes the
        halves it occupies, never those of the quests committed before it."""
        return Deck(
            halves=dict(self.halves),
            needed=dict(self.needed),
            unrevealed=set(self.unrevealed),
            top_reveals={k: list(v) for k, v in self.top_reveals.items()},
            bottom_reveals={k: list(v) for k, v in self.bottom_reveals.items()},
            picked=self.picked,
        )

    def is_free(self, card: int, side: int) -> bool:
        return half_id(card, side) not in self.halves

    def free_halves(self) -> list[str]:
        return [half_id(c, s) for s in SIDES for c in range(1, CARDS + 1) if self.is_free(c, s)]

    def occupy(self, card: int, side: int, title: str, source: str, timing: int) -> HalfDraft:
        h = HalfDraft(half_id(card, side), title, source, timing)
        self.halves[h.id] = h
        if side == BOTTOM and card in self.unrevealed:
            self.needed[card] = timing
        if card == START_CARD and side == TOP:
            self.unrevealed.discard(card)
        return h

    def leads_to(self, start: int, goal: int, side: int) -> bool:
        """Whether ``start``'s half on ``side`` reveals ``goal``, directly or through the
        same side of the cards it reveals. A reveal of ``start`` from ``goal``'s half on
        that side would close a loop: bottom halves in a loop wait for each other to be
        revealed, top halves for each other's reveals (the "aren't mapped" conditions)."""
        graph = self.top_reveals if side == TOP else self.bottom_reveals
        todo, seen = [start], {start}
        while todo:
            card = todo.pop()
            if card == goal:
                return True
            for nxt in graph.get(card, ()):
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return False

    def mark_revealed(self, card: int) -> None:
        self.unrevealed.discard(card)
        self.needed.pop(card, None)


@dataclass
class Step:
    """Where a quest step may go (tos-facts section 6.2): ``cards`` the allowed cards (any
    when empty), ``same_as`` the half of an earlier step whose card it shares, ``sides``,
    ``whole_card`` (both halves of the card still free), ``timing``."""

    sides: tuple[int, ...] = SIDES
    cards: tuple[int, ...] = ()
    same_as: str | None = None
    whole_card: bool = False
    timing: int = ANY


class QuestBuilder:
    """One quest being tried on a clone of the deck."""

    def __init__(self, deck: Deck, rng: RNG) -> None:
        self.deck = deck.clone()
        self.rng = rng

    def place(self, step: Step, title: str, source: str) -> HalfDraft:
        """Occupy a free half the step allows, drawn uniformly; :class:`NoRoom` if none.

        With allowed ``cards``, any free half of them may be drawn (the facts' generator
        first draws one card and fails if it is full: a needless failure)."""
        d = self.deck
        cards = (int(step.same_as[0]),) if step.same_as is not None else step.cards
        if cards:
            options = [(c, s) for s in step.sides for c in cards if d.is_free(c, s)]
        elif step.whole_card:
            whole = [c for c in range(1, CARDS + 1) if d.is_free(c, TOP) and d.is_free(c, BOTTOM)]
            options = [(c, s) for s in step.sides for c in whole]
        else:
            options = [(c, s) for s in step.sides for c in range(1, CARDS + 1) if d.is_free(c, s)]
        if not options:
            raise NoRoom(f"{source}: no free half")
        c, s = self.rng.choice(options, label="world step half")
        return d.occupy(c, s, title, source, step.timing)

    def writer(self, half: HalfDraft) -> StepWriter:
        return StepWriter(self, half)


class StepWriter:
    """Writes one step's lines in order, carrying the "You may" optionality (it starts at
    "must"; a line that declares its own replaces it for the lines after, section 6.4)."""

    def __init__(self, quest: QuestBuilder, half: HalfDraft, lines: list[Any] | None = None):
        self.quest = quest
        self.half = half
        self.lines = half.lines if lines is None else lines
        self.may = False

    @property
    def rng(self) -> RNG:
        return self.quest.rng

    def text(self, label: str) -> StepWriter:
        self.lines.append(Text(label=label))
        return self

    def fight(self, tier: str, difficulty: str) -> StepWriter:
        self.lines.append(FightDraft(tier, difficulty))
        return self

    def act(self, kind: str, **wrappers: bool) -> CardAction:
        """A shared card action with its parameters drawn; it declares its optionality."""
        a = draw_action(self.rng, kind, **wrappers)
        if isinstance(a, Forge | Pick):
            deck = self.quest.deck
            if deck.picked:
                raise NoRoom("an adventure holds one picking action (pick or forge)")
            deck.picked = True
        self.lines.append(a)
        self.may = a.may
        return a

    def reveal(self, target: int | None = None) -> int | None:
        """Reveal ``target`` (a named step's card), or an unnamed reveal: a pending bottom
        half this step's timing may reach, else any card not yet revealed; dropped when
        there is none. An unnamed reveal never closes a loop (:meth:`Deck.leads_to`), a
        cause of unrevealable halves in the facts' generator. Returns the card revealed."""
        deck = self.quest.deck
        here = self.half.card
        if target is None:
            t = self.half.timing
            side = self.half.side

            def fits(c: int) -> bool:
                return c != here and not deck.leads_to(c, here, side)

            pending = sorted(
                c for c, timing in deck.needed.items() if fits(c) and (timing == ANY or timing >= t)
            )
            if not pending:
                pending = sorted(c for c in deck.unrevealed if fits(c) and c != START_CARD)
            if not pending:
                return None
            target = self.rng.choice(pending, label="world reveal")
        self.lines.append(RevealDraft(target, self.may))
        deck.mark_revealed(target)
        reveals = deck.top_reveals if self.half.side == TOP else deck.bottom_reveals
        reveals.setdefault(here, []).append(target)
        return target

    def remove(self, *, may: bool | None = None, only_bottom: bool = False) -> StepWriter:
        """Remove this card (``only_bottom``: only when the step sits on a bottom half, as
        top halves must stay reachable)."""
        if may is not None:
            self.may = may
        if only_bottom and self.half.side == TOP:
            return self
        self.lines.append(RemoveDraft(self.may))
        return self

    def blank_if_mapped(self, half: str) -> StepWriter:
        self.lines.append(Blank(conditions=(Mapped(half=half),)))
        return self

    def win(self) -> StepWriter:
        self.lines.append(Win())
        return self

    def tick_bar(self, bar: str, boxes: tuple[str, ...], end: str) -> dict[str, StepWriter]:
        """A "For 1 time" tick bar; returns a writer for each value's lines."""
        branches: dict[str, list[Any]] = {v: [] for v in (*boxes, end) if v}
        self.lines.append(TickDraft(bar, boxes, end, branches))
        out: dict[str, StepWriter] = {}
        for value, lines in branches.items():
            w = StepWriter(self.quest, self.half, lines)
            w.may = self.may
            out[value] = w
        return out
