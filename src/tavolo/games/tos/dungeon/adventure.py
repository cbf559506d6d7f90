"""A whole dungeon adventure: map, index cards, and the checks that make it playable.

:func:`generate_adventure` tries attempt *a* = 0, 1, ... from
``derive_seed(seed, f"dungeon adventure {a}")``: it generates the map from that sub-seed,
places the quests, enemies and events (:mod:`.quests`), and checks the result with
:func:`check_adventure`. A placement that gets stuck or any problem rejects the attempt and
the whole adventure is regenerated from the next sub-seed; ``attempts`` and ``rejected``
record it.

:func:`check_adventure` works from plain data: every instruction names a symbol of the map,
no two instructions share a symbol, every room an action names exists, and the main quest
can be won, found by :func:`search_win`: a breadth-first search over (room, items carried,
"For 1 time" entries spent) that only uses the map's doors and the adventure's teleports.
Entries whose actions neither move the hero nor change the items (fights, story steps, the
shared card actions of events and side quests) cannot change the outcome, so the search does
not track whether they were spent.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from tavolo.engine.errors import TavoloError
from tavolo.engine.rng import RNG, derive_seed

from .generate import generate_map
from .index import Attach, Fight, Gain, IndexCards, Instruction, Lose, Story, Teleport, Win
from .model import DungeonMap
from .quests import Placement, PlacementFailed, place_adventure

MAX_ADVENTURE_ATTEMPTS = 10


class AdventureGenerationError(TavoloError):
    """No attempt gave a valid adventure."""


@dataclass(frozen=True)
class DungeonAdventure:
    """One dungeon adventure as plain data (``to_json`` / ``from_json``)."""

    seed: int
    attempts: int  # 1 when the first sub-seed gave a valid adventure
    rejected: tuple[str, ...]  # why each earlier attempt failed
    main_quest: str
    side_quests: tuple[str, ...]  # the side quests placed, in draw order
    events: tuple[str, ...]  # the events placed, in draw order
    map: DungeonMap
    index: IndexCards

    def to_json(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "attempts": self.attempts,
            "rejected": list(self.rejected),
            "main_quest": self.main_quest,
            "side_quests": list(self.side_quests),
            "events": list(self.events),
            "map": self.map.to_json(),
            "index": self.index.to_json(),
        }

    @staticmethod
    def from_json(data: dict[str, Any]) -> DungeonAdventure:
        return DungeonAdventure(
            seed=int(data["seed"]),
            attempts=int(data["attempts"]),
            rejected=tuple(str(x) for x in data["rejected"]),
            main_quest=str(data["main_quest"]),
            side_quests=tuple(str(x) for x in data["side_quests"]),
            events=tuple(str(x) for x in data["events"]),
            map=DungeonMap.from_json(data["map"]),
            index=IndexCards.from_json(data["index"]),
        )


# -- search ------------------------------------------------------------------------------
State = tuple[str, frozenset[str], frozenset[int]]  # room, items, spent "For 1 time" entries


@dataclass(frozen=True)
class _Outcome:
    state: State
    won: bool


class _Rules:
    """The parts of T-24 / T-25 / T-28 / T-29 the search needs, over plain data."""

    def __init__(self, m: DungeonMap, index: IndexCards) -> None:
        self.map = m
        self.room_of_symbol = {r.symbol: r.id for r in m.rooms}
        self.entries: dict[str, tuple[int, Instruction]] = {}
        for n, ins in enumerate(index.instructions):
            room = self.room_of_symbol.get((ins.symbol[0], ins.symbol[1]))
            if room is not None:
                self.entries[room] = (n, ins)
        self.inert = {
            room
            for room, (_, ins) in self.entries.items()
            if not any(isinstance(a, Gain | Lose | Win | Teleport) for a in ins.actions)
        }
        self.exits = {
            r.id: [d.code for d in m.doors_of(r.id) if d.code in m.by_id] for r in m.rooms
        }

    def read(self, state: State, depth: int = 0) -> _Outcome:
        """Apply the instruction of the state's room, whatever its trigger."""
        room, items, spent = state
        entry = self.entries.get(room)
        if entry is None or room in self.inert or depth > len(self.entries):
            return _Outcome(state, False)
        n, ins = entry
        if ins.once and n in spent:
            return _Outcome(state, False)
        if any(c.item not in items for c in ins.conditions):
            return _Outcome(state, False)
        if ins.once:
            spent = spent | {n}
        bag = set(items)
        for a in ins.actions:
            if isinstance(a, Gain):
                bag.add(a.item)
            elif isinstance(a, Lose):
                bag.discard(a.item)
            elif isinstance(a, Win):
                return _Outcome((room, frozenset(bag), spent), True)
            elif isinstance(a, Teleport):
                return self.enter((a.room, frozenset(bag), spent), depth + 1)
            elif isinstance(a, Fight | Story | Attach):
                pass  # fights are assumed won; attaching and story steps do not move the hero
            else:
                pass  # a card action changes the hero's cards or tracks, not the search state
        return _Outcome((room, frozenset(bag), spent), False)

    def enter(self, state: State, depth: int = 0) -> _Outcome:
        """The hero arrives in a room: its immediate instruction applies (T-25)."""
        entry = self.entries.get(state[0])
        if entry is not None and entry[1].trigger == "immediate":
            return self.read(state, depth)
        return _Outcome(state, False)

    def moves(self, state: State) -> Iterator[_Outcome]:
        room, items, spent = state
        for target in self.exits[room]:
            yield self.enter((target, items, spent))
        entry = self.entries.get(room)
        if room in self.inert:
            return  # reading it changes nothing the search tracks
        if entry is not None and entry[1].trigger in ("walk_on", "choice"):
            yield self.read(state)  # stepping onto the symbol, or opting in


def search_win(m: DungeonMap, index: IndexCards) -> int | None:
    """The fewest moves (door crossings, symbol steps) to win, or None when it cannot be won.

    The hero starts on 1A's symbol (T-23) and is assumed to win every fight; walk-on entries
    apply when the hero chooses to step onto the symbol. Only the map's doors and the
    adventure's teleports move the hero.
    """
    rules = _Rules(m, index)
    start = rules.enter(("1A", frozenset(), frozenset()))
    if start.won:
        return 0
    seen = {start.state}
    queue: deque[tuple[State, int]] = deque([(start.state, 0)])
    while queue:
        state, dist = queue.popleft()
        for out in rules.moves(state):
            if out.won:
                return dist + 1
            if out.state not in seen:
                seen.add(out.state)
                queue.append((out.state, dist + 1))
    return None


def check_adventure(m: DungeonMap, index: IndexCards) -> list[str]:
    """Everything wrong with the adventure (empty when it is playable)."""
    problems: list[str] = []
    symbols = {r.symbol for r in m.rooms}
    rooms = set(m.by_id)
    seen: set[tuple[int, int]] = set()
    for ins in index.instructions:
        sym = (ins.symbol[0], ins.symbol[1])
        if sym not in symbols:
            problems.append(f"instruction symbol {sym} is not on the map")
        if sym in seen:
            problems.append(f"two instructions share symbol {sym}")
        seen.add(sym)
        for a in ins.actions:
            named = (
                (a.room,)
                if isinstance(a, Teleport | Attach)
                else a.rooms
                if isinstance(a, Story)
                else ()
            )
            problems.extend(
                f"{a.kind} names room {r}, not on the map" for r in named if r not in rooms
            )
    if not any(isinstance(a, Win) for i in index.instructions for a in i.actions):
        problems.append("no instruction wins the adventure")
    elif not problems and search_win(m, index) is None:
        problems.append("the main quest cannot be completed")
    return problems


def adventure_seed(seed: int, attempt: int) -> int:
    """The sub-seed of attempt ``attempt`` (0 is the first)."""
    return derive_seed(seed, f"dungeon adventure {attempt}")


def build_adventure(sub_seed: int) -> tuple[DungeonMap, IndexCards, Placement]:
    """One attempt from its sub-seed: map, index, and what was placed (may raise)."""
    m = generate_map(sub_seed)
    placed = place_adventure(m, RNG(derive_seed(sub_seed, "dungeon quests")))
    return m, IndexCards.build(list(placed.instructions)), placed


def generate_adventure(
    seed: int, *, max_attempts: int = MAX_ADVENTURE_ATTEMPTS
) -> DungeonAdventure:
    """The dungeon adventure of ``seed``: the first attempt that places and checks out."""
    rejected: list[str] = []
    for attempt in range(max_attempts):
        try:
            m, index, placed = build_adventure(adventure_seed(seed, attempt))
        except PlacementFailed as e:
            rejected.append(f"attempt {attempt + 1}: placement: {e}")
            continue
        problems = check_adventure(m, index)
        if problems:
            rejected.append(f"attempt {attempt + 1}: {problems[0]}")
            continue
        return DungeonAdventure(
            seed=seed,
            attempts=attempt + 1,
            rejected=tuple(rejected),
            main_quest=placed.main_quest,
            side_quests=placed.side_quests,
            events=placed.events,
            map=m,
            index=index,
        )
    raise AdventureGenerationError(
        f"seed {seed}: no valid dungeon adventure in {max_attempts} attempts; last: {rejected[-1]}"
        if rejected
        else f"seed {seed}: max_attempts must be at least 1"
    )
