"""A whole dungeon adventure: map, index cards, and the checks that make it playable.

:func:`generate_adventure` tries attempt *a* = 0, 1, ... from
``derive_seed(seed, f"dungeon adventure {a}")``: it generates the map from that sub-seed,
places the quests, enemies and events (:mod:`.quests`), and checks the result with
:func:`check_adventure`. A placement that gets stuck or any problem rejects the attempt and
the whole adventure is regenerated from the next sub-seed; ``attempts`` and ``rejected``
record it.

:func:`check_adventure` works from plain data: the map passes :func:`.validate.check_map`
(also after a quest closed a room's doors), every instruction and "is mapped" condition
names a symbol of the map, no two instructions share a symbol, every room an action names
exists, every pencil bar a condition names is ticked somewhere (with one number of boxes),
picks take the pickable card, and the main quest can be won, found by :func:`search_win`
(:mod:`.search`: a breadth-first search over room, items, spent "For 1 time" entries and
which rooms are on the table).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tavolo.engine.errors import TavoloError
from tavolo.engine.rng import RNG, derive_seed
from tavolo.games.tos.adventure.actions import Forge, Pick

from .generate import generate_map
from .index import (
    Attach,
    BarFull,
    IndexCards,
    Story,
    SymbolMapped,
    Teleport,
    Tick,
    Win,
)
from .model import DungeonMap
from .quests import Placement, PlacementFailed, place_adventure
from .search import search_win
from .validate import Problem, check_map

__all__ = [
    "MAX_ADVENTURE_ATTEMPTS",
    "AdventureGenerationError",
    "DungeonAdventure",
    "adventure_seed",
    "build_adventure",
    "check_adventure",
    "generate_adventure",
    "search_win",
]

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


def check_adventure(m: DungeonMap, index: IndexCards) -> list[Problem]:
    """Everything wrong with the adventure (empty when it is playable), one
    :class:`.validate.Problem` each: English in ``str()``, any language through ``told``."""
    problems = check_map(m)
    symbols = {r.symbol for r in m.rooms}
    rooms = set(m.by_id)
    room_of = {r.symbol: r for r in m.rooms}
    bars = _bars(index, problems)
    seen: set[tuple[int, int]] = set()
    for ins in index.instructions:
        sym = (ins.symbol[0], ins.symbol[1])
        if sym not in symbols:
            problems.append(Problem("instruction_symbol", symbol=sym))
        if sym in seen:
            problems.append(Problem("instructions_share", symbol=sym))
        seen.add(sym)
        for c in ins.conditions:
            if isinstance(c, SymbolMapped) and (c.symbol[0], c.symbol[1]) not in symbols:
                problems.append(Problem("condition_symbol", symbol=tuple(c.symbol)))
            if isinstance(c, BarFull) and c.bar not in bars:
                problems.append(Problem("condition_bar", bar=c.bar))
        for a in ins.actions:
            named = (
                (a.room,)
                if isinstance(a, Teleport | Attach)
                else a.rooms
                if isinstance(a, Story)
                else ()
            )
            problems.extend(
                Problem("action_room", kind=a.kind, room=r) for r in named if r not in rooms
            )
            if isinstance(a, Pick | Forge) and sym in room_of:
                card = a.card if isinstance(a, Pick) and a.card else room_of[sym].card
                if card != m.pickable_card:
                    problems.append(Problem("action_card", kind=a.kind, card=card))
    if not any(isinstance(a, Win) for i in index.instructions for a in i.actions):
        problems.append(Problem("no_win"))
    elif not problems and search_win(m, index) is None:
        problems.append(Problem("unwinnable"))
    return problems


def _bars(index: IndexCards, problems: list[Problem]) -> dict[str, int]:
    """Each pencil bar's number of boxes; a bar printed with two sizes is a problem."""
    bars: dict[str, int] = {}
    for ins in index.instructions:
        for a in ins.actions:
            if isinstance(a, Tick) and bars.setdefault(a.bar, a.boxes) != a.boxes:
                problems.append(Problem("bar_boxes", bar=a.bar, n=bars[a.bar], other=a.boxes))
    return bars


def adventure_seed(seed: int, attempt: int) -> int:
    """The sub-seed of attempt ``attempt`` (0 is the first)."""
    return derive_seed(seed, f"dungeon adventure {attempt}")


def build_adventure(sub_seed: int) -> tuple[DungeonMap, IndexCards, Placement]:
    """One attempt from its sub-seed: map, index, and what was placed (may raise)."""
    placed = place_adventure(generate_map(sub_seed), RNG(derive_seed(sub_seed, "dungeon quests")))
    return placed.map, IndexCards.build(list(placed.instructions)), placed


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
