"""Can the main quest be won? A breadth-first search over the adventure's plain data.

A search state is the pawn's room, the items carried, the "For 1 time" entries spent, and
the *table*: for each card a condition or a pick depends on, which of its rooms is on the
table (its orientation), or that it is still in the deck, or gone (picked into the hero
deck). The rules it follows (T-23 .. T-29, tos-facts section 7):

- the hero starts on 1A's symbol with only card 1 on the table, and reads 1A's entry;
- crossing a door puts the room beyond on the table in its orientation (the card moves
  if another of its rooms was there); a door to a gone card is blocked;
- a teleport does the same with its target (taking the card even from under the pawn) and
  then reads the target's entry; a teleport to a gone card does nothing;
- an attach puts a room on the table without moving the pawn; never the pawn's own card;
- immediate entries apply on arriving in their room, walk-on and choice entries when the
  hero chooses to step on the symbol; conditions gate the whole entry; fights are won;
- a pick (or a forge) takes its card out of the game; one the hero may decline is tried
  both ways; picking the card under the pawn ends that line of play (the rules do not say
  where the pawn goes, so the search never counts on it);
- a pencil bar (:class:`~.index.BarFull`) keeps its marks from game to game: the search
  first plays a game with every bar empty; if it cannot win, every bar that game could tick
  counts as full, and it plays again, until it wins or no new bar fills.

Entries whose actions neither move the hero, nor change the items, the table or a bar
(fights, story steps, the shared card actions) cannot change the outcome, so the search
never reads them. Every choice it makes is one the rules give the player, so a win it finds
is one a player can reach.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass

from tavolo.games.tos.adventure.actions import Forge, Pick

from .index import (
    Attach,
    BarFull,
    Condition,
    Gain,
    HasItem,
    IndexCards,
    Instruction,
    Lose,
    SymbolMapped,
    Teleport,
    Tick,
    Win,
)
from .model import DungeonMap

DECK = -1  # a tracked card in the deck
GONE = -2  # a tracked card picked out of the game

Table = tuple[int, ...]  # per tracked card: its orientation on the table, DECK or GONE
State = tuple[str, frozenset[str], frozenset[int], Table]  # room, items, spent, table
STATEFUL = (Gain, Lose, Win, Teleport, Attach, Pick, Forge)


@dataclass(frozen=True)
class _Outcome:
    state: State
    won: bool


class _Rules:
    """The parts of T-24 .. T-29 the search needs, over plain data."""

    def __init__(self, m: DungeonMap, index: IndexCards, full_bars: frozenset[str]) -> None:
        self.map = m
        self.full = full_bars
        self.ticked: set[str] = set()  # bars this game's reads could tick
        self.room_of_symbol = {r.symbol: r for r in m.rooms}
        self.entries: dict[str, tuple[int, Instruction]] = {}
        for n, ins in enumerate(index.instructions):
            room = self.room_of_symbol.get((ins.symbol[0], ins.symbol[1]))
            if room is not None:
                self.entries[room.id] = (n, ins)
        self.read_rooms = {
            room
            for room, (_, ins) in self.entries.items()
            if any(isinstance(a, (*STATEFUL, Tick)) for a in ins.actions)
        }
        self.exits = {
            r.id: [d.code for d in m.doors_of(r.id) if d.code in m.by_id] for r in m.rooms
        }
        self.slot = {card: k for k, card in enumerate(sorted(self._tracked_cards()))}

    def _tracked_cards(self) -> set[int]:
        cards: set[int] = set()
        for room, (_, ins) in self.entries.items():
            for c in ins.conditions:
                if isinstance(c, SymbolMapped):
                    target = self.room_of_symbol.get((c.symbol[0], c.symbol[1]))
                    if target is not None:
                        cards.add(target.card)
            cards.update(self._picked_card(a, room) for a in ins.actions if _is_pick(a))
        return cards

    def _picked_card(self, a: object, room: str) -> int:
        """The card a pick takes: its ``card``, else the card it is read on."""
        if isinstance(a, Pick) and a.card is not None:
            return a.card
        return self.map.room(room).card

    def start(self) -> list[_Outcome]:
        table = tuple(0 if card == 1 else DECK for card in self.slot)
        return list(self.enter(("1A", frozenset(), frozenset(), table)))

    # -- the table ------------------------------------------------------------------------
    def _card_state(self, table: Table, card: int) -> int | None:
        k = self.slot.get(card)
        return None if k is None else table[k]

    def _put(self, table: Table, room: str) -> Table | None:
        """``table`` with ``room`` on it, or None when its card is gone."""
        r = self.map.room(room)
        k = self.slot.get(r.card)
        if k is None:
            return table
        if table[k] == GONE:
            return None
        return (*table[:k], r.orientation, *table[k + 1 :])

    def holds(self, c: Condition, items: frozenset[str], table: Table) -> bool:
        if isinstance(c, HasItem):
            return c.item in items
        if isinstance(c, SymbolMapped):
            r = self.room_of_symbol.get((c.symbol[0], c.symbol[1]))
            mapped = r is not None and self._card_state(table, r.card) == r.orientation
            return mapped != c.negate
        assert isinstance(c, BarFull)
        return (c.bar in self.full) != c.negate

    # -- reading and moving ---------------------------------------------------------------
    def read(self, state: State, depth: int = 0) -> Iterator[_Outcome]:
        """Apply the instruction of the state's room, whatever its trigger."""
        room, items, spent, table = state
        entry = self.entries.get(room)
        if entry is None or room not in self.read_rooms:
            yield _Outcome(state, False)
            return
        if depth > len(self.entries):
            return  # teleports that never stop: no line of play the search counts on
        n, ins = entry
        if (ins.once and n in spent) or not all(
            self.holds(c, items, table) for c in ins.conditions
        ):
            yield _Outcome(state, False)
            return
        for a in ins.actions:
            if isinstance(a, Tick):
                self.ticked.add(a.bar)
        stateful = any(isinstance(a, STATEFUL) for a in ins.actions)
        if ins.once and stateful:
            spent = spent | {n}
        yield from self._run((room, items, spent, table), ins, 0, depth)

    def _run(self, state: State, ins: Instruction, k: int, depth: int) -> Iterator[_Outcome]:
        room, items, spent, table = state
        for i in range(k, len(ins.actions)):
            a = ins.actions[i]
            if isinstance(a, Gain):
                items = items | {a.item}
            elif isinstance(a, Lose):
                items = items - {a.item}
            elif isinstance(a, Win):
                yield _Outcome((room, items, spent, table), True)
                return
            elif isinstance(a, Teleport):
                moved = self._put(table, a.room)
                if moved is None:  # its card is out of the game: nothing happens
                    break
                yield from self.enter((a.room, items, spent, moved), depth + 1)
                return
            elif isinstance(a, Attach):
                attached = self._put(table, a.room)
                if attached is not None and self.map.room(a.room).card != self.map.room(room).card:
                    table = attached
            elif isinstance(a, Pick | Forge):
                if a.may:  # declined
                    yield from self._run((room, items, spent, table), ins, i + 1, depth)
                card = self._picked_card(a, room)
                if card == self.map.room(room).card:
                    return  # the card under the pawn: see the module docstring
                slot = self.slot[card]
                table = (*table[:slot], GONE, *table[slot + 1 :])
        yield _Outcome((room, items, spent, table), False)

    def enter(self, state: State, depth: int = 0) -> Iterator[_Outcome]:
        """The hero arrives in a room: its immediate instruction applies (T-25)."""
        entry = self.entries.get(state[0])
        if entry is not None and entry[1].trigger == "immediate":
            yield from self.read(state, depth)
        else:
            yield _Outcome(state, False)

    def moves(self, state: State) -> Iterator[_Outcome]:
        room, items, spent, table = state
        for target in self.exits[room]:
            moved = self._put(table, target)
            if moved is not None:
                yield from self.enter((target, items, spent, moved))
        entry = self.entries.get(room)
        if entry is not None and room in self.read_rooms and entry[1].trigger != "immediate":
            yield from self.read(state)  # stepping onto the symbol, or opting in


def _is_pick(a: object) -> bool:
    return isinstance(a, Pick | Forge)


def _play(rules: _Rules) -> int | None:
    """One game: the fewest moves to win, or None."""
    start = rules.start()
    if any(o.won for o in start):
        return 0
    seen = {o.state for o in start}
    queue: deque[tuple[State, int]] = deque((s, 0) for s in seen)
    while queue:
        state, dist = queue.popleft()
        for out in rules.moves(state):
            if out.won:
                return dist + 1
            if out.state not in seen:
                seen.add(out.state)
                queue.append((out.state, dist + 1))
    return None


def search_win(m: DungeonMap, index: IndexCards) -> int | None:
    """The fewest moves (door crossings, symbol steps) to win a game, or None when no game
    can be won.

    The hero starts on 1A's symbol (T-23) and is assumed to win every fight. Pencil bars
    start empty; when a game cannot be won, the bars it could tick count as full in the
    next (they keep their marks from game to game) and the search plays again.
    """
    full: frozenset[str] = frozenset()
    while True:
        rules = _Rules(m, index, full)
        won = _play(rules)
        if won is not None:
            return won
        more = full | rules.ticked
        if more == full:
            return None
        full = more
