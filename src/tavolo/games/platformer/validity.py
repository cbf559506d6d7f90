"""Can a hero climb it? Validity of tiles, stacked tiles and whole maps.

Movement model (an abstraction of P-7 ... P-14 used only for this check):

* A hero starts a turn at rest and has a budget of ``MOVES_PER_TURN`` MOVE symbols (3: two
  MOVE faces of five dice plus a forge or a STAR, or one MOVE boosted by gems). Each MOVE
  takes the hero to a space it can step to: sideways unless a wall is in the way, down
  through an open floor or a ladder, up through an open floor, a ladder or a one-way floor
  (P-9: jumping up is free of ladders; each space costs a MOVE). On a Void portal a MOVE
  may instead take the hero to another portal of the same level (P-14).
* Gravity is free during the turn (P-10) and always happens at the end of it: a hero not
  standing on a platform falls until one holds them; a hero on a ladder may stay.
* Other figures are ignored (heroes push them out of the way, P-12, and standing on one only
  helps); traps are ignored (a wound never stops a move); so are the hero's hearts.

A space is *reachable* if some sequence of turns can put the hero on it (even mid-jump);
the hero *rests* where a turn can end. The search keeps, per turn, the fewest MOVEs needed
to reach each space from any rest position, and adds the new rest positions until nothing
changes. The model assumes nothing luckier than 3 MOVEs in a turn, so a valid map is
climbable with ordinary rolls; worse rolls only make the climb slower.

Checks:

* a **tile** is valid when, entered from a flat floor below and with nothing above it,
  every one of its spaces is reachable, and a hero can get above its top row when the
  ceiling is open;
* a **stack** (tile under tile, one column, walls on both sides) is valid when every space
  of both is reachable from the bottom row: all ordered pairs of a theme being valid means
  every map of that theme climbs, since a level's second tile only adds ways;
* a **map** is valid when every space is reachable from the bottom row (Form, P-8),
  including the boss level.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from .board import Board, Pos, build
from .tiles import ROWS, WIDTH, Layout

MOVES_PER_TURN = 3

FLAT = Layout(
    cells=("." * WIDTH,) * ROWS,
    walls=((True, False, False, False, True),) * ROWS,
    floors=("=" * WIDTH,) * ROWS,
)
"""A probe tile: four flat, open corridors."""

OPEN_CEILING = Layout(
    cells=FLAT.cells,
    walls=FLAT.walls,
    floors=("=" * WIDTH,) * (ROWS - 1) + (" " * WIDTH,),
)
"""A probe tile whose bottom line is open: a hero reaching it got above the tile below."""


def reach(board: Board, starts: Iterable[Pos], budget: int = MOVES_PER_TURN) -> set[Pos]:
    """Every space reachable in any number of turns from the rest positions ``starts``."""
    rest = set(starts)
    seen = set(rest)
    frontier = list(rest)
    while frontier:
        dist = _one_turn(board, frontier, budget)
        seen |= dist.keys()
        new: set[Pos] = set()
        for p in dist:
            for q in _landings(board, p):
                if q not in rest:
                    rest.add(q)
                    new.add(q)
        frontier = list(new)
    return seen


def _landings(board: Board, p: Pos) -> list[Pos]:
    """Where gravity may leave a hero at ``p``: on a platform it stays; on a ladder it may
    stay or fall; elsewhere it falls."""
    if board.on_platform(p):
        return [p]
    down = board.fall(p)
    return [p, down] if board.on_ladder(p) else [down]


def _one_turn(board: Board, starts: list[Pos], budget: int) -> dict[Pos, int]:
    """The fewest MOVEs to reach each space in one turn from any of ``starts``."""
    dist = dict.fromkeys(starts, 0)
    todo: deque[Pos] = deque(starts)
    while todo:
        p = todo.popleft()
        d = dist[p]
        for q in _landings(board, p):  # free: apply gravity now
            if dist.get(q, budget + 1) > d:
                dist[q] = d
                todo.appendleft(q)
        if d == budget:
            continue
        for q in board.hero_steps(p) + board.portal_steps(p):
            if dist.get(q, budget + 1) > d + 1:
                dist[q] = d + 1
                todo.append(q)
    return dist


def _bottom(board: Board) -> list[Pos]:
    return [(x, 0) for x in range(board.width)]


def _spaces(level: int, column: int = 0) -> set[Pos]:
    return {(column * WIDTH + x, level * ROWS + y) for x in range(WIDTH) for y in range(ROWS)}


def tile_problems(tile: Layout, budget: int = MOVES_PER_TURN) -> list[str]:
    """Why a tile is not climbable on its own (empty: it is)."""
    starts = [(x, ROWS - 1) for x in range(WIDTH)]  # the flat floor's top corridor
    seen = reach(build([[FLAT], [tile]]), starts, budget)  # nothing above: no detours
    problems = [f"space {_name(p, 1)} is unreachable" for p in sorted(_spaces(1) - seen)]
    if not reach(build([[FLAT], [tile], [OPEN_CEILING]]), starts, budget) & _spaces(2):
        problems.append("no way up out of its top row")
    return problems


def stack_problems(lower: Layout, upper: Layout, budget: int = MOVES_PER_TURN) -> list[str]:
    """Why ``upper`` cannot be climbed into from ``lower`` (same column, map bottom below)."""
    board = build([[lower], [upper]])
    seen = reach(board, _bottom(board), budget)
    missing = (_spaces(0) | _spaces(1)) - seen
    return [f"space {_name(p, p[1] // ROWS)} is unreachable" for p in sorted(missing)]


def map_problems(board: Board, budget: int = MOVES_PER_TURN) -> list[str]:
    """Why a map cannot be climbed from its bottom row to every space (empty: it can)."""
    seen = reach(board, _bottom(board), budget)
    missing = sorted(set(board.positions()) - seen, key=lambda p: (p[1], p[0]))
    out = []
    for p in missing:
        level, col = board.tile_of(p)
        tile = board.tiles[level][col] if board.tiles else f"#{col + 1}"
        out.append(f"level {level + 1} tile {tile}: space {_name(p, level)} is unreachable")
    return out


def climb_budget(tile: Layout, most: int = MOVES_PER_TURN) -> int | None:
    """The fewest MOVEs per turn that make ``tile`` valid (None: not even ``most``)."""
    for b in range(1, most + 1):
        if not tile_problems(tile, b):
            return b
    return None


def _name(p: Pos, level: int) -> str:
    """A space as the tile text shows it: row 1 on top, column 1 on the left."""
    return f"row {ROWS - (p[1] - level * ROWS)} column {p[0] % WIDTH + 1}"
