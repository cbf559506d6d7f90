"""The heuristic's way out: squares from a hero to the nearest tower through the placed
tiles' openings, kept per board layout.

The search is breadth first over square numbers (``x + y * width``) with each square's
open sides as four bits (doors and portcullises count as open; a wall or the board's edge
closes a side), so that a fresh search costs a few microseconds. Its results are kept per
board layout: the tuple of each placed tile's square number and open sides, in the
board's order, found from the board's very tiles when they were seen before (a clone
shares them). A tile laid or turned (a Rotating Room, the Curse of the Wizard) is a new
``Placed``, so a new layout, and nothing is ever stale; the state holds no trace of it
(its JSON, its clone and its hash are untouched).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .board import DELTA, WALL, Placed, Tile
from .schema import Board as BoardSpec

Square = tuple[int, int]
FAR = 30
"""The distance told when every way out is walled."""
KEPT = 20_000
"""Layouts kept at most; past it the store starts again (the cost of a miss is a search)."""
BIT = (1, 2, 4, 8)  # the bit of side N, E, S, W
FACING = (4, 8, 1, 2)  # the bit of the side that faces side N, E, S, W from across it


class WayOut:
    """The board's tables and the layouts seen so far (one per game object)."""

    def __init__(self, spec: BoardSpec, tiles: Iterable[Tile]) -> None:
        w, h = spec.width, spec.height
        self.towers = spec.towers
        self.number = {(x, y): x + y * w for y in range(h) for x in range(w)}
        self.straight = [self.line((x, y)) for y in range(h) for x in range(w)]
        self.near: list[tuple[int, ...]] = []
        for y in range(h):
            for x in range(w):
                row = [(x + dx, y + dy) for dx, dy in DELTA]
                self.near.append(
                    tuple(X + Y * w if 0 <= X < w and 0 <= Y < h else -1 for X, Y in row)
                )
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
        self.layouts: dict[tuple[int, ...], dict[int, int]] = {}
        self.seen: dict[tuple[int, ...], tuple[tuple[Placed, ...], tuple[int, ...], dict[int, int]]]
        self.seen = {}

    def line(self, sq: Square) -> int:
        """Squares to the nearest tower in a straight line (walls ignored)."""
        return min(abs(sq[0] - tx) + abs(sq[1] - ty) for tx, ty in self.towers)

    def layout(self, board: Mapping[Square, Placed]) -> tuple[int, ...]:
        """Each placed tile as its square number times 16 plus its open sides."""
        number, sides = self.number, self.sides
        return tuple([number[sq] << 4 | sides[p.tile.id, p.facing] for sq, p in board.items()])

    def distance(self, board: Mapping[Square, Placed], at: Square) -> int:
        """Squares from ``at`` to the nearest tower, from the store or a fresh search.

        The store is looked up first by the placed tiles themselves (``Placed`` is frozen,
        and a clone shares them): the entry keeps the tiles alive, so an id in its key is
        never another tile's; a board of new tiles is then looked up by its layout."""
        ids = tuple(map(id, board.values()))
        seen = self.seen.get(ids)
        if seen is None:
            key = self.layout(board)
            if len(self.layouts) >= KEPT:
                self.layouts.clear()
                self.seen.clear()
            known = self.layouts.get(key)
            if known is None:
                known = self.layouts[key] = {}
            if len(self.seen) >= KEPT:
                self.seen.clear()
            seen = self.seen[ids] = (tuple(board.values()), key, known)
        known = seen[2]
        a = self.number.get(at, -1)
        d = known.get(a)
        if d is None:
            d = known[a] = self.search(seen[1], at)
        return d

    def search(self, key: tuple[int, ...], at: Square) -> int:
        """Breadth first from ``at`` through open sides (both squares' edges open); an
        opening onto an empty square adds a straight line from there. ``FAR`` when every
        way is walled; a straight line when ``at`` has no tile (a made-up position)."""
        sides = dict(self.printed)
        for code in key:
            sides[code >> 4] = code & 15
        a = self.number.get(at, -1)
        if a not in sides:
            return self.line(at)
        towers, near, straight = self.tower_numbers, self.near, self.straight
        best = FAR
        seen = {a: 0}
        todo = [a]
        for i in todo:  # breadth first: todo grows behind the loop
            d = seen[i]
            if d >= best:
                break
            if i in towers:
                best = d
                break
            open_, row = sides[i], near[i]
            for k in (0, 1, 2, 3):
                if not open_ & BIT[k]:
                    continue
                j = row[k]
                if j < 0 or j in seen:
                    continue
                theirs = sides.get(j)
                if theirs is None:
                    best = min(best, d + 1 + straight[j])
                elif theirs & FACING[k]:
                    seen[j] = d + 1
                    todo.append(j)
        return best
