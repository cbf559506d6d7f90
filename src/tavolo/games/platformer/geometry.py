"""A board flattened for the rules: positions as ints ``y * width + x``, neighbours precomputed.

Built once per map (tile ids) and shared by every state on that map through a cache, so
that the rules engine never walks the tile text during play.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .board import Board, build
from .content import default_content
from .tiles import HOLDS, ROWS

LEFT, RIGHT = -1, 1


@dataclass(frozen=True)
class Geo:
    board: Board
    width: int
    height: int
    cell: str  # cell[p]
    adj: tuple[tuple[int, ...], ...]  # P-7 adjacency (attacks, zones of control, pushes)
    steps: tuple[tuple[int, ...], ...]  # where one MOVE takes a hero (up through one-way)
    side: tuple[tuple[int, int], ...]  # (left, right) sideways neighbour or -1
    holds: tuple[bool, ...]  # standing on a platform
    ladder: tuple[bool, ...]  # a hero here is on a ladder
    portals: tuple[tuple[int, ...], ...]  # other portals of the same level

    def pos(self, x: int, y: int) -> int:
        return y * self.width + x

    def xy(self, p: int) -> tuple[int, int]:
        return p % self.width, p // self.width

    def level(self, p: int) -> int:
        return p // self.width // ROWS

    def tile(self, p: int) -> tuple[int, int]:
        x, y = p % self.width, p // self.width
        return y // ROWS, x // 4

    def row(self, p: int) -> int:
        return p // self.width

    def level_cells(self, level: int) -> range:
        return range(level * ROWS * self.width, (level + 1) * ROWS * self.width)

    def bottom_row(self, level: int) -> range:
        start = level * ROWS * self.width
        return range(start, start + self.width)

    def is_top_row(self, p: int) -> bool:
        return self.row(p) % ROWS == ROWS - 1


@lru_cache(maxsize=2048)
def geo_of(tiles: tuple[tuple[str, ...], ...]) -> Geo:
    """The flattened board of the map whose levels hold these tile ids (bottom first)."""
    c = default_content()
    by_id = {t.id: t for t in c.tiles}
    b = build([[by_id[i].layout for i in lv] for lv in tiles], tiles)
    w, h = b.width, b.height
    ps = [(x, y) for y in range(h) for x in range(w)]

    def flat(q: tuple[int, int]) -> int:
        return q[1] * w + q[0]

    side = []
    for x, y in ps:
        lft = flat((x - 1, y)) if x > 0 and not b.wall_east[y][x - 1] else -1
        rgt = flat((x + 1, y)) if x + 1 < w and not b.wall_east[y][x] else -1
        side.append((lft, rgt))
    portals = []
    for q in ps:
        portals.append(tuple(flat(o) for o in b.portal_steps(q)))
    return Geo(
        board=b,
        width=w,
        height=h,
        cell="".join(b.cells[y][x] for x, y in ps),
        adj=tuple(tuple(flat(o) for o in b.adjacent(q)) for q in ps),
        steps=tuple(tuple(flat(o) for o in b.hero_steps(q)) for q in ps),
        side=tuple(side),
        holds=tuple(b.floor[y][x] in HOLDS for x, y in ps),
        ladder=tuple(b.on_ladder(q) for q in ps),
        portals=tuple(portals),
    )
