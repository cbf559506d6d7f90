"""Tile geometry and the board: exits by side, rotation by the entry arrow, placement checks.

Sides are numbered clockwise from north: 0 N, 1 E, 2 S, 3 W; x grows east, y grows south.
A tile is drawn as the hero crosses into an empty square moving in ``heading``; its entry
arrow sits on the edge he crosses, so that edge is the side ``heading + 2``, the tile's
left is ``heading - 1``, ahead ``heading``, right ``heading + 1``. Later quarter turns
(Curse of the Wizard, the Rotating Room) add to ``turns``, clockwise. Players never choose
a rotation, which is why a placement is fully described by the tile, the square and the
heading; :meth:`Board.check_placement` refuses what no hero could have drawn.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tavolo.engine.errors import TavoloError, Word

from .schema import Board as BoardSpec
from .schema import TileGroup, TileKind
from .words import MSG

N, E, S, W = 0, 1, 2, 3
SIDES = (N, E, S, W)
SIDE_NAMES = ("north", "east", "south", "west")
DELTA = ((0, -1), (1, 0), (0, 1), (-1, 0))
Square = tuple[int, int]
OPEN, WALL, DOOR, PORTCULLIS = "O", "W", "D", "P"


class PlacementError(TavoloError):
    """A tile placed where the rules could never put it (one line, says why)."""


@dataclass(frozen=True, slots=True)
class Tile:
    """One physical tile: its group's kind and its edges relative to the entry arrow."""

    id: str  # group id + copy number, e.g. room_ooo_03
    group: str
    kind: TileKind
    entry: str
    left: str
    ahead: str
    right: str
    chasm: str | None = None

    @classmethod
    def copies(cls, g: TileGroup) -> list[Tile]:
        entry, left, ahead, right = g.edges
        return [
            cls(f"{g.id}_{i:02d}", g.id, g.kind, entry, left, ahead, right, g.chasm)
            for i in range(1, g.count + 1)
        ]

    @property
    def openings(self) -> int:
        """Edges that are not walls, the entry included (Chamber of Darkness: 2 or 3)."""
        return sum(e != WALL for e in (self.entry, self.left, self.ahead, self.right))


def side_name(side: int) -> str:
    return SIDE_NAMES[side % 4]


def step(square: Square, side: int) -> Square:
    dx, dy = DELTA[side % 4]
    return square[0] + dx, square[1] + dy


@dataclass(frozen=True, slots=True)
class Placed:
    """A tile on the board: entered moving ``heading``, turned ``turns`` quarters since."""

    tile: Tile
    heading: int
    turns: int = 0

    @property
    def facing(self) -> int:
        """The heading the tile now shows (the original one turned clockwise)."""
        return (self.heading + self.turns) % 4

    def edge(self, side: int) -> str:
        """The edge on absolute ``side``: O, W, D or P."""
        rel = (side - self.facing) % 4  # 0 ahead, 1 right, 2 entry, 3 left
        t = self.tile
        return (t.ahead, t.right, t.entry, t.left)[rel]

    @property
    def entry_side(self) -> int:
        return (self.facing + 2) % 4

    def edges(self) -> tuple[str, str, str, str]:
        """Edges by absolute side N, E, S, W."""
        return (self.edge(N), self.edge(E), self.edge(S), self.edge(W))

    def turned(self, quarters: int) -> Placed:
        """The same tile turned ``quarters`` clockwise (negative: anticlockwise)."""
        return Placed(self.tile, self.heading, (self.turns + quarters) % 4)

    def chasm_sides(self) -> tuple[int, int] | None:
        """The entry half of a chasm (D16): the entry side and its side edge."""
        if self.tile.chasm is None:
            return None
        off = 3 if self.tile.chasm == "left" else 1
        return self.entry_side, (self.facing + off) % 4


@dataclass
class Board:
    """The printed board plus the tiles placed on it (mutable; the rules engine owns it)."""

    spec: BoardSpec
    placed: dict[Square, Placed] = field(default_factory=dict)

    # ---------------------------------------------------------------------- squares --
    def inside(self, sq: Square) -> bool:
        return 0 <= sq[0] < self.spec.width and 0 <= sq[1] < self.spec.height

    def is_tower(self, sq: Square) -> bool:
        return sq in self.spec.towers

    def is_chamber(self, sq: Square) -> bool:
        return sq in self.spec.chamber

    def printed(self, sq: Square) -> str | None:
        """``tower`` or ``chamber`` for the printed rooms, else None."""
        if self.is_tower(sq):
            return "tower"
        if self.is_chamber(sq):
            return "chamber"
        return None

    def edge(self, sq: Square, side: int) -> str | None:
        """What the square shows on ``side``: O/W/D/P, or None for an empty square."""
        if self.printed(sq):
            return OPEN if self.inside(step(sq, side)) else WALL  # D12 and the tower exits
        p = self.placed.get(sq)
        return p.edge(side) if p else None

    def explored(self, sq: Square) -> bool:
        return self.printed(sq) is not None or sq in self.placed

    # ----------------------------------------------------------------------- crossing --
    def passage(self, sq: Square, side: int) -> tuple[str, ...] | None:
        """What crossing from ``sq`` through ``side`` takes: None if blocked (a wall on
        either side, the board edge), else the barriers in order (``D``, ``P``), empty
        when open. An empty destination has no edge yet: a tile will be drawn."""
        to = step(sq, side)
        mine = self.edge(sq, side)
        if not self.inside(to) or mine in (None, WALL):
            return None
        theirs = self.edge(to, (side + 2) % 4)
        if theirs == WALL:
            return None
        return tuple(e for e in (mine, theirs) if e in (DOOR, PORTCULLIS))

    def exits(self, sq: Square) -> list[int]:
        """The sides a hero on ``sq`` may try to leave by (doors and portcullises count)."""
        return [s for s in SIDES if self.passage(sq, s) is not None]

    # ---------------------------------------------------------------------- placement --
    def where(self, tile_id: str) -> Square | None:
        return next((sq for sq, p in self.placed.items() if p.tile.id == tile_id), None)

    def check_placement(
        self, tile: Tile, sq: Square, heading: int, secret_door: bool = False
    ) -> None:
        """Raise PlacementError unless a hero moving ``heading`` into ``sq`` could draw
        ``tile`` there (a secret door, D17, crosses walls on the hero's side)."""

        def refused(why: str, **params: object) -> PlacementError:
            return PlacementError.said(MSG, "placement." + why, tile=tile.id, sq=sq, **params)

        if heading not in SIDES:
            raise refused("heading", heading=heading)
        if not self.inside(sq):
            raise refused("off_board", w=self.spec.width, h=self.spec.height)
        printed = self.printed(sq)
        if printed:
            raise refused("printed_" + printed)
        if sq in self.placed:
            raise refused("taken", other=self.placed[sq].tile.id)
        other = self.where(tile.id)
        if other is not None:
            raise refused("twice", other=other)
        back = (heading + 2) % 4
        src = step(sq, back)
        if not self.inside(src):
            raise refused("edge", side=Word(MSG, "side." + side_name(back)))
        if not self.explored(src):
            raise refused("empty", src=src)
        if not secret_door and self.edge(src, heading) == WALL:
            raise refused("wall", src=src, side=Word(MSG, "side." + side_name(heading)))

    def place(self, tile: Tile, sq: Square, heading: int, secret_door: bool = False) -> Placed:
        """Check, then put the tile down with its entry arrow towards where the hero came."""
        self.check_placement(tile, sq, heading, secret_door)
        p = Placed(tile, heading)
        self.placed[sq] = p
        return p

    def turn(self, sq: Square, quarters: int) -> None:
        """Turn a placed tile (Curse of the Wizard on corridors, a Rotating Room)."""
        self.placed[sq] = self.placed[sq].turned(quarters)
