"""Shared helpers for the dungeon quest tests: a cached set of adventures, room lookups."""

from __future__ import annotations

from functools import cache

from tavolo.games.tos.dungeon.adventure import DungeonAdventure, generate_adventure
from tavolo.games.tos.dungeon.index import Instruction
from tavolo.games.tos.dungeon.model import DungeonMap, Room
from tavolo.games.tos.schema import Enemy

SEEDS = range(150)
ENEMY = Enemy(level=2, attack=3, defense=4)


@cache
def adventures() -> tuple[DungeonAdventure, ...]:
    return tuple(generate_adventure(seed) for seed in SEEDS)


def room_of(a: DungeonAdventure, ins: Instruction) -> Room:
    return next(r for r in a.map.rooms if r.symbol == (ins.symbol[0], ins.symbol[1]))


def entries(a: DungeonAdventure, source: str) -> list[tuple[Instruction, Room]]:
    return [(i, room_of(a, i)) for i in a.index.instructions if i.source == source]


def tree_path(m: DungeonMap, start: str, goal: str) -> list[str]:
    """The rooms from ``start`` to ``goal`` along the doors (the map is a tree)."""
    back: dict[str, str | None] = {start: None}
    todo = [start]
    while todo:
        here = todo.pop()
        for d in m.doors_of(here):
            if d.code not in back:
                back[d.code] = here
                todo.append(d.code)
    path = [goal]
    while (prev := back[path[-1]]) is not None:
        path.append(prev)
    return path[::-1]


def visible(m: DungeonMap, start: str, goal: str) -> bool:
    """Walking from ``start`` to ``goal`` never enters another room of ``start``'s card."""
    card = m.room(start).card
    return all(m.room(r).card != card for r in tree_path(m, start, goal)[1:])


def candidate(m: DungeonMap, start: str, goal: str) -> bool:
    """``goal`` is visible from ``start`` and its card is new on the way (section 7.7)."""
    cards = [m.room(r).card for r in tree_path(m, start, goal)]
    return visible(m, start, goal) and cards[-1] not in cards[:-1]
