"""The heuristic's way out: squares from a hero to the nearest tower through the placed
tiles' openings (:meth:`WayOut.distance`), and the way that takes fewest turns once the
turns a hero expects to lose at doors, portcullises and Cave-In tiles are counted
(:meth:`WayOut.turns`, which the heuristic uses).

A breadth-first search over square numbers (``x + y * width``) with each square's open
sides as four bits (doors and portcullises count as open; a wall or the board's edge
closes a side), the bits of every tile and facing worked out once: a search costs a few
microseconds, less than looking its answer up in a store kept per board layout would
(measured, docs/dungeonquest.md, "Leaving in time"), so nothing is kept between calls and
nothing can go stale when a tile is laid or turned. The state is only read.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from heapq import heappop, heappush

from .board import DELTA, DOOR, PORTCULLIS, WALL, Placed, Tile
from .schema import Board as BoardSpec

Square = tuple[int, int]
FAR = 30
"""The distance told when every way out is walled."""
BIT = (1, 2, 4, 8)  # the bit of side N, E, S, W
FACING = (4, 8, 1, 2)  # the bit of the side that faces side N, E, S, W from across it
UNIT = 64
""":meth:`WayOut.turns` counts in 64ths of a turn (whole numbers, for a fast heap)."""
SQUARE = 72
"""A square of the way: 1.125 turns (``in_time``'s, a turn in eight to spare), in UNITs."""
BAR = {DOOR: 1, PORTCULLIS: 2}  # an edge's barrier as a number: 0 none, 1 door, 2 portcullis
NO_BARS = (0, 0, 0, 0)


class WayOut:
    """The board's tables, worked out once per game object."""

    def __init__(self, spec: BoardSpec, tiles: Iterable[Tile]) -> None:
        w, h = spec.width, spec.height
        self.towers = spec.towers
        self.number = {(x, y): x + y * w for y in range(h) for x in range(w)}
        self.square = [(x, y) for y in range(h) for x in range(w)]
        self.straight = [self.line((x, y)) for y in range(h) for x in range(w)]
        self.near: list[tuple[int, ...]] = []
        for y in range(h):
            for x in range(w):
                row = [(x + dx, y + dy) for dx, dy in DELTA]
                self.near.append(
                    tuple(X + Y * w if 0 <= X < w and 0 <= Y < h else -1 for X, Y in row)
                )
        self.steps = [
            [
                tuple((row[k], FACING[k]) for k in range(4) if o & BIT[k] and row[k] >= 0)
                for o in range(16)
            ]
            for row in self.near
        ]
        """Square number, then its open sides' bits: the squares those sides lead to, each
        with the bit of its side that faces back."""
        self.ways = [
            [
                tuple(
                    (row[k], FACING[k], k, (k + 2) % 4)
                    for k in range(4)
                    if o & BIT[k] and row[k] >= 0
                )
                for o in range(16)
            ]
            for row in self.near
        ]
        """As ``steps``, with each side and the side facing it across."""
        self.tower_numbers = frozenset(self.number[t] for t in spec.towers)
        self.printed = {
            self.number[sq]: sum(BIT[k] for k in range(4) if self.near[self.number[sq]][k] >= 0)
            for sq in (*spec.towers, *spec.chamber)
        }
        self.sides: dict[tuple[str, int], int] = {}
        self.bars: dict[tuple[str, int], tuple[int, ...]] = {}
        tiles = list(tiles)
        for t in tiles:
            for facing in range(4):
                edges = Placed(t, facing).edges()
                self.sides[t.id, facing] = sum(BIT[k] for k in range(4) if edges[k] != WALL)
                self.bars[t.id, facing] = tuple(BAR.get(e, 0) for e in edges)
        self.caves = frozenset(t.id for t in tiles if t.kind == "cave_in")

    def line(self, sq: Square) -> int:
        """Squares to the nearest tower in a straight line (walls ignored)."""
        return min(abs(sq[0] - tx) + abs(sq[1] - ty) for tx, ty in self.towers)

    def distance(self, board: Mapping[Square, Placed], at: Square) -> int:
        """Squares from ``at`` to the nearest tower, breadth first through open sides
        (both squares' edges open); an opening onto an empty square adds a straight line
        from there. ``FAR`` when every way is walled; a straight line when ``at`` has no
        tile (a made-up position). Only the squares the search reaches are looked up on
        the board (a search near a tower reads a few of its tiles, not all)."""
        table, printed, square = self.sides, self.printed, self.square
        p = board.get(at)
        if p is not None:
            open_ = table[p.tile.id, p.facing]
        else:
            a = self.number.get(at, -1)
            if a not in printed:
                return self.line(at)
            open_ = printed[a]
        a = self.number[at]
        towers, steps, straight = self.tower_numbers, self.steps, self.straight
        get = board.get
        best = FAR
        seen = {a: 0}
        todo = [a]
        opens = [open_]
        for n, i in enumerate(todo):  # breadth first: todo grows behind the loop
            d = seen[i]
            if d >= best:
                break
            if i in towers:
                best = d
                break
            for j, back in steps[i][opens[n]]:
                if j in seen:
                    continue
                q = get(square[j])
                if q is not None:
                    theirs = table[q.tile.id, q.facing]
                else:
                    theirs = printed.get(j, -1)
                    if theirs < 0:
                        way = d + 1 + straight[j]
                        if way < best:
                            best = way
                        continue
                if theirs & back:
                    seen[j] = d + 1
                    todo.append(j)
                    opens.append(theirs)
        return best

    def turns(
        self,
        board: Mapping[Square, Placed],
        at: Square,
        cross: Sequence[int],
        cave: int,
        entered: int,
        tested: bool = False,
    ) -> tuple[int, float]:
        """The way out from ``at`` that takes the fewest turns, as (squares, turns beyond
        ``SQUARE`` a square): a square costs ``SQUARE``; a crossing with barriers costs
        ``cross[3 * mine + theirs]`` more (each side's barrier: 0 none, 1 door,
        2 portcullis; the turns a hero expects to fail there), entering a Cave-In tile
        ``cave`` more (its test, next turn, to go on), and so does leaving ``at`` when it
        is a Cave-In tile, unless by ``entered``, the side he came in by, or ``tested``
        (he passed its test this turn; all in ``UNIT``s). An opening onto an empty
        square adds a straight line from there. Of two ways as long in turns, the one
        of fewer squares. ``(FAR, 0.0)`` when every way is walled; a straight line when
        ``at`` has no tile. The state is only read.

        A* over square numbers: a square is taken up in the order of its turns so far
        plus ``SQUARE`` a square of its straight line to a tower (never more than the
        rest of any way from there, and a step changes it by a square at most, so the
        first way to reach a tower is the best), then of the fewest squares a way
        through it can have."""
        table, printed, square, bars_of = self.sides, self.printed, self.square, self.bars
        caves = self.caves
        p = board.get(at)
        a = self.number.get(at, -1)
        if p is not None:
            key = p.tile.id, p.facing
            info = {a: (table[key], bars_of[key])}
            leave = cave if p.tile.id in caves and not tested else 0
        elif a in printed:
            info = {a: (printed[a], NO_BARS)}
            leave = 0
        else:
            return self.line(at), 0.0
        towers, steps, straight = self.tower_numbers, self.ways, self.straight
        get = board.get
        best, best_squares = FAR * SQUARE, FAR
        done: set[int] = set()
        # (estimate << 8 | least squares) << 10 | square number; cost so far apart
        heap = [((SQUARE * straight[a]) << 8 | straight[a]) << 10 | a]
        spent = {a: 0}  # cost << 8 | squares, the best way to each square so far
        while heap:
            item = heappop(heap)
            f, least = item >> 18, (item >> 10) & 255
            if f > best or (f == best and least >= best_squares):
                break
            i = item & 1023
            if i in done:
                continue
            cost, d = spent[i] >> 8, least - straight[i]
            if i in towers:
                best, best_squares = cost, d
                break
            done.add(i)
            open_, bars = info[i]
            for j, back, k, facing in steps[i][open_]:
                if j in done:
                    continue
                c = cost + SQUARE
                if i == a and k != entered:
                    c += leave
                q = get(square[j])
                if q is not None:
                    key = q.tile.id, q.facing
                    theirs = table[key]
                    if not theirs & back:
                        continue
                    there = bars_of[key]
                    c += cross[3 * bars[k] + there[facing]]
                    if q.tile.id in caves:
                        c += cave
                else:
                    theirs = printed.get(j, -1)
                    if theirs < 0:  # an empty square: a straight line from there
                        c += cross[3 * bars[k]] + SQUARE * straight[j]
                        if c < best or (c == best and d + 1 + straight[j] < best_squares):
                            best, best_squares = c, d + 1 + straight[j]
                        continue
                    if not theirs & back:
                        continue
                    there = NO_BARS
                    c += cross[3 * bars[k]]
                way = c << 8 | (d + 1)
                if spent.get(j, way + 1) <= way:
                    continue
                spent[j] = way
                info[j] = (theirs, there)
                f = c + SQUARE * straight[j]
                if f <= best:
                    heappush(heap, ((f << 8 | (d + 1 + straight[j])) << 10) | j)
        return best_squares, (best - SQUARE * best_squares) / UNIT
