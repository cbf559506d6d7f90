"""Generate a world adventure: place the quests, finish the lines, validate, retry.

:func:`generate_world` tries attempt *a* = 0, 1, ... from
``derive_seed(seed, f"world adventure {a}")``. One attempt (:func:`build_world`) places the
quests in the facts' build order (tos-facts section 6.4), each "add" drawing from its
non-looping bag until a quest fits or the bag is empty:

1. 1 main quest; 2. 1 side quest; 3. 2 lower events; 4. 3 lower enemies; 5. 1 mid enemy;
6. 2 upper enemies; 7. 4 mid events; 8. the upper- and lower-enemy bags refilled, then 9
rounds of 1 mid event, 1 upper enemy, 1 lower enemy.

Then :func:`finish` turns the drafts into the model's lines: enemies drawn card by card with
their neighbour bonus (a looping bag over balanced / buff / debuff, then that type's looping
bag of values, section 4.5) and open slots, reveal conditions ("If <Y A> aren't mapped and
X A is mapped", section 6.5) and the remove clause ("If X B is mapped").

An attempt that leaves a half empty, or that :func:`~.validate.check_world` rejects (a bottom
half that can never be revealed, a main quest that cannot be won ...), is dropped and the
next sub-seed is tried; ``attempts`` and ``rejected`` record it. All chance goes through
tavolo's :class:`RNG`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from tavolo.engine.errors import TavoloError
from tavolo.engine.rng import RNG, derive_seed
from tavolo.games.tos.enemies import adventure_table, draw_enemy, open_slots

from .model import CARDS, Card, Fight, Half, Line, Mapped, Remove, Reveal, TickBar, WorldAdventure
from .placement import (
    SIDES,
    Deck,
    FightDraft,
    HalfDraft,
    NoRoom,
    PlacementFailed,
    QuestBuilder,
    RemoveDraft,
    RevealDraft,
    TickDraft,
    half_id,
)
from .quests import (
    EVENTS,
    LOWER_ENEMIES,
    LOWER_EVENTS,
    MAIN_QUESTS,
    MID_ENEMIES,
    MID_EVENTS,
    QUESTS,
    SIDE_QUESTS,
    UPPER_ENEMIES,
)
from .validate import check_world

MAX_WORLD_ATTEMPTS = 20
BONUSES: dict[str, tuple[tuple[int, int, int], ...]] = {
    "balanced": ((0, 0, 0), (0, 1, -1), (0, -1, 1)),
    "buff": ((0, 1, 0), (0, 0, 1), (0, 1, 1)),
    "debuff": ((0, -1, 0), (0, 0, -1), (0, -1, -1)),
}
"""Neighbour bonus values (level, attack, defense) by type (tos-facts section 4.5)."""

T = TypeVar("T")


class WorldGenerationError(TavoloError):
    """No attempt gave a valid world adventure."""


class LoopingBag(Generic[T]):
    """Draws without repeats until empty, then refills (the original's looping bags)."""

    def __init__(self, rng: RNG, items: Sequence[T], label: str) -> None:
        self.rng, self.items, self.label = rng, tuple(items), label
        self.left: list[T] = []

    def draw(self) -> T:
        if not self.left:
            self.left = list(self.items)
        return self.rng.draw(self.left, label=self.label)


@dataclass
class Placed:
    """What one attempt placed, before the lines are finished."""

    deck: Deck = field(default_factory=Deck)
    main_quest: str | None = None
    side_quest: str | None = None
    events: list[str] = field(default_factory=list)


def _add(placed: Placed, bag: list[str], rng: RNG, label: str) -> str | None:
    """Draw from the non-looping bag until a quest fits (commit it) or the bag is empty."""
    while bag:
        quest = rng.draw(bag, label=label)
        q = QuestBuilder(placed.deck, rng)
        try:
            QUESTS[quest](q)
        except NoRoom:
            continue
        placed.deck = q.deck
        return quest
    return None


def place_quests(rng: RNG) -> Placed:
    """The build order of the module docstring; :class:`PlacementFailed` if a half stays
    empty or no main quest fits."""
    p = Placed()
    p.main_quest = _add(p, list(MAIN_QUESTS), rng, "world main quest")
    if p.main_quest is None:
        raise PlacementFailed("no main quest fits")
    p.side_quest = _add(p, list(SIDE_QUESTS), rng, "world side quest")
    lower_events, mid_events = list(LOWER_EVENTS), list(MID_EVENTS)
    lower, mid, upper = list(LOWER_ENEMIES), list(MID_ENEMIES), list(UPPER_ENEMIES)
    for _ in range(2):
        _event(p, _add(p, lower_events, rng, "world lower event"))
    for _ in range(3):
        _add(p, lower, rng, "world lower enemy")
    _add(p, mid, rng, "world mid enemy")
    for _ in range(2):
        _add(p, upper, rng, "world upper enemy")
    for _ in range(4):
        _event(p, _add(p, mid_events, rng, "world mid event"))
    lower, upper = list(LOWER_ENEMIES), list(UPPER_ENEMIES)
    for _ in range(9):
        _event(p, _add(p, mid_events, rng, "world mid event"))
        _add(p, upper, rng, "world upper enemy")
        _add(p, lower, rng, "world lower enemy")
    empty = p.deck.free_halves()
    if empty:
        raise PlacementFailed(f"half {empty[0]} stayed empty")
    return p


def _event(p: Placed, event: str | None) -> None:
    if event is not None:
        assert event in EVENTS
        p.events.append(event)


# -- finishing the lines -----------------------------------------------------------------
class _Finisher:
    """Turns drafts into lines; enemies and bonuses are drawn in reading order."""

    def __init__(self, deck: Deck, rng: RNG) -> None:
        self.deck, self.rng = deck, rng
        self.bonus_type = LoopingBag(rng, tuple(BONUSES), "world bonus type")
        self.bonus = {k: LoopingBag(rng, v, f"world bonus {k}") for k, v in BONUSES.items()}

    def reveal(self, d: RevealDraft, here: int) -> tuple[Reveal, bool]:
        """The reveal with its conditions; True when it needs the remove clause."""
        x = d.target
        ys = (
            []  # on X's own top half: its other reveals are read before, or are alternatives
            if x == here
            else sorted({y for y in self.deck.top_reveals.get(x, ()) if y not in (here, x)})
        )
        conditions = [Mapped(half=f"{y}A", negate=True) for y in ys]
        if x != here:
            conditions.append(Mapped(half=f"{x}A"))
        line = Reveal(card=x, may=d.may, conditions=tuple(conditions))
        return line, bool(ys) or d.may

    def lines(self, drafts: list[Any], here: int) -> tuple[Line, ...]:
        out: list[Line] = []
        guards: list[Mapped] = []  # "If X B is mapped", for the removes after a reveal
        for d in drafts:
            if isinstance(d, RevealDraft):
                line, guarded = self.reveal(d, here)
                out.append(line)
                mapped = Mapped(half=f"{d.target}B")
                if guarded and mapped not in guards:
                    guards.append(mapped)
            elif isinstance(d, RemoveDraft):
                out.append(Remove(may=d.may, conditions=tuple(guards)))
            elif isinstance(d, FightDraft):
                kind = self.bonus_type.draw()
                out.append(
                    Fight(
                        enemy=draw_enemy(self.rng, d.tier, d.difficulty, table=adventure_table()),
                        bonus=self.bonus[kind].draw(),
                        open=open_slots(d.difficulty),
                    )
                )
            elif isinstance(d, TickDraft):
                branches = {v: self.lines(ls, here) for v, ls in d.branches.items()}
                out.append(
                    TickBar(bar=d.bar, boxes=d.boxes, end=d.end, once=d.once, branches=branches)
                )
            else:
                out.append(d)
        return tuple(out)

    def half(self, h: HalfDraft) -> Half:
        return Half(id=h.id, title=h.title, source=h.source, lines=self.lines(h.lines, h.card))


def finish(deck: Deck, rng: RNG) -> tuple[Card, ...]:
    """The nine cards, walking them in order (top half, then bottom half)."""
    f = _Finisher(deck, rng)
    cards: list[Card] = []
    for n in range(1, CARDS + 1):
        top, bottom = (f.half(deck.halves[half_id(n, s)]) for s in SIDES)
        cards.append(Card(number=n, top=top, bottom=bottom))
    return tuple(cards)


# -- attempts ----------------------------------------------------------------------------
def world_seed(seed: int, attempt: int) -> int:
    """The sub-seed of attempt ``attempt`` (0 is the first)."""
    return derive_seed(seed, f"world adventure {attempt}")


def build_world(seed: int, attempt: int = 0, rejected: Sequence[str] = ()) -> WorldAdventure:
    """One attempt, unchecked (:class:`PlacementFailed` when a half stays empty)."""
    rng = RNG(derive_seed(world_seed(seed, attempt), "world quests"))
    placed = place_quests(rng)
    assert placed.main_quest is not None
    return WorldAdventure(
        seed=seed,
        attempts=attempt + 1,
        rejected=tuple(rejected),
        main_quest=placed.main_quest,
        side_quest=placed.side_quest,
        events=tuple(placed.events),
        cards=finish(placed.deck, rng),
    )


def generate_world(seed: int, *, max_attempts: int = MAX_WORLD_ATTEMPTS) -> WorldAdventure:
    """The world adventure of ``seed``: the first attempt that places and checks out."""
    rejected: list[str] = []
    for attempt in range(max_attempts):
        try:
            adventure = build_world(seed, attempt, rejected)
        except PlacementFailed as e:
            rejected.append(f"attempt {attempt + 1}: placement: {e}")
            continue
        problems = check_world(adventure)
        if not problems:
            return adventure
        rejected.append(f"attempt {attempt + 1}: {problems[0]}")
    raise WorldGenerationError(
        f"seed {seed}: no valid world adventure in {max_attempts} attempts; last: {rejected[-1]}"
        if rejected
        else f"seed {seed}: max_attempts must be at least 1"
    )
