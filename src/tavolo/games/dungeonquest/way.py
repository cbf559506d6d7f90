"""The heuristic's way out: squares from a hero to the nearest tower through the placed
tiles' openings.

A breadth-first search over square numbers (``x + y * width``) with each square's open
sides as four bits (doors and portcullises count as open; a wall or the board's edge
closes a side), the bits of every tile and facing worked out once: a search costs a few
microseconds, less than looking its answer up in a store kept per board layout would
(measured, docs/dungeonquest.md, "Leaving in time"), so nothing is kept between calls and
nothing can go stale when a tile is laid or turned. The state is only read.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .board import DELTA, WALL, Placed, Tile
from .schema import Board as BoardSpec

Square = tuple[int, int]
FAR = 30
"""The distance told when every way out is walled."""
BIT = (1, 2, 4, 8)  # the bit of side N, E, S, W
FACING = (4, 8, 1, 2)  # the bit of the side that faces side N, E, S, W from across it


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
        self.tower_numbers = frozenset(self.number[t] for t in spec.towers)
        self.printed = {
            self.number[sq]: sum(BIT[k] for k in range(4) if self.near[self.number[sq]][k] >= 0)
            for sq in (*spec.towers, *spec.chamber)
        }
        self.sides: dict[tuple[str, int], int] = {}
        for t in tiles:
            for facing in range(4):
                edges = Placed(t, facing).edges()
                self.sides[t.id, facing] = sum(BIT[k] for k in range(4) if edges[k] != WALL)

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
