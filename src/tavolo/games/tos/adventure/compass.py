"""How far is the win? The adventure searches, run from a game in progress.

The generators prove every adventure winnable by searching its structure from the setup
(:mod:`..world.validate`, :mod:`..dungeon.search`). Run from the table of a game in progress,
the same searches say how many moves are left to win, assuming every fight is won: a compass
for the agents' heuristic, and for a player who asks for a hint. ``None`` means the win is
out of reach from here (a card needed was removed or picked).

Results are cached per table, since the table changes only a few times a game.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from ..state import TosState

_CACHE: dict[tuple[Any, ...], int | None] = {}
_LIMIT = 50_000


def steps_to_win(s: TosState) -> int | None:
    """Moves left to win; in a fight, counted from the end of the reading it interrupts
    (the fight assumed won), so that a fight on the way to the win shows as progress."""
    after = s.enemy is not None and bool(s.reading)
    frame = s.reading[-1] if after else None
    if s.mode == "world":
        key: tuple[Any, ...] = (tuple(s.adv_src or ()), tuple(s.table), frame)
        if key not in _CACHE:
            _remember(key, _world(s, frame))
        return _CACHE[key]
    room = _room(s)
    key = (
        tuple(s.adv_src or ()),
        room,
        tuple(s.table),
        tuple(sorted(s.items)),
        tuple(sorted(s.marks)),
    )
    key += (*sorted(s.ticks.items()), frame)
    if key not in _CACHE:
        _remember(key, _dungeon(s, room, frame))
    return _CACHE[key]


def _remember(key: tuple[Any, ...], value: int | None) -> None:
    if len(_CACHE) > _LIMIT:
        _CACHE.clear()
    _CACHE[key] = value


def _world(s: TosState, frame: tuple[str, str, int] | None) -> int | None:
    """Fewest card readings to win from this grid (cards may lie anywhere, so a reading is a
    visit to any card still on the grid)."""
    from ..world.model import CARDS
    from ..world.validate import REMOVED, _read, _walk

    start = (*(v if v in (0, 1) else REMOVED for v in s.table), 0)
    starts = [start]
    if frame is not None:  # the rest of the reading the fight interrupts
        src, branch, i = frame
        lines = s.adv.half(src).lines
        if branch:
            k, _, value = branch.partition("=")
            lines = lines[int(k)].branches[value]
        starts = []
        for st, won in _walk(lines[i:], int(src[0]), start, False):
            if won:
                return 0
            starts.append(st)
    seen = set(starts)
    queue = deque((st, 0) for st in starts)
    while queue:
        st, n = queue.popleft()
        for card in range(1, CARDS + 1):
            for nxt, won in _read(s.adv, st, card):
                if won:
                    return n + 1
                if nxt not in seen:
                    seen.add(nxt)
                    queue.append((nxt, n + 1))
    return None


def _room(s: TosState) -> str:
    for c, o in enumerate(s.table):
        if o >= 0:
            rid = f"{c + 1}{'ABCD'[o]}"
            if s.adv.map.room(rid).contains(*s.pawn):
                return rid
    return "1A"


def _dungeon(s: TosState, room: str, frame: tuple[str, str, int] | None) -> int | None:
    """Fewest door crossings and symbol steps to win from this room and table."""
    from ..dungeon.search import DECK, GONE, _Rules

    full = frozenset(bar for bar, n in s.ticks.items() if n >= _boxes(s, bar))
    rules = _Rules(s.adv.map, s.adv.index, full)
    table = tuple(
        GONE if s.table[c - 1] == -2 else DECK if s.table[c - 1] < 0 else s.table[c - 1]
        for c in rules.slot
    )
    start = (room, frozenset(s.items), frozenset(s.marks), table)
    starts = [start]
    if frame is not None and frame[0].startswith("e"):  # the rest of the interrupted entry
        n = int(frame[0][1:])
        starts = []
        for out in rules._run(start, s.adv.index.instructions[n], frame[2], 0):
            if out.won:
                return 0
            starts.append(out.state)
    seen = set(starts)
    queue = deque((st, 0) for st in starts)
    while queue:
        state, n = queue.popleft()
        for out in rules.moves(state):
            if out.won:
                return n + 1
            if out.state not in seen:
                seen.add(out.state)
                queue.append((out.state, n + 1))
    return None


def _boxes(s: TosState, bar: str) -> int:
    for ins in s.adv.index.instructions:
        for a in ins.actions:
            if a.kind == "tick" and a.bar == bar:
                return int(a.boxes)
    return 1
