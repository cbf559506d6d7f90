"""One attempt at a dungeon map: the "crawl" that grows a tree of rooms out from 1A.

The recipe follows the original (tos-facts section 7.4), with tavolo's own random numbers:

1. One of cards 5 and 6 is the *pickable* card; its four rooms wait until the end, so they are
   all leaves and picking the card into the hero deck never cuts the map in two.
2. Room 1A sits at (0, 0). While rooms are unplaced, draw a placed room F and list every way
   to attach an unplaced room C of another card against one of F's edges: the two rooms share
   at least 3 cells of edge, C overlaps nothing already placed, and some facing pair of floor
   cells (never a corner of either room) can hold a door. Draw one placement, then one door
   pair. If F has no placement, draw another F; the original redraws forever, here each F is
   drawn at most once per step, and a step with no F left ends the attempt (:class:`Stuck`).
3. Each card gets one symbol from a bag of 0..5, on a floor cell that is no corner and holds
   no door in any of the card's four rooms, drawn in one of 4 orientations.

The result is not checked here: :mod:`.validate` checks it from the plain data alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tavolo.engine.rng import RNG

from .geometry import (
    CARD_COLUMNS,
    CARD_ROWS,
    OPPOSITE,
    SIDES,
    Side,
    edge_cells,
    is_corner,
    room_id,
    size,
    to_card,
)
from .model import Card, Door, DungeonMap, Room
from .tiles import Layout, walkable

MIN_SHARED_EDGE = 3  # cells of edge two attached rooms must share
CARDS = 6
PICKABLE_CHOICES = (5, 6)


class Stuck(Exception):
    """The crawl found no way to attach any remaining room (the attempt is thrown away)."""


@dataclass
class _Room:
    card: int
    orientation: int
    width: int
    height: int
    masks: dict[Side, int]  # per side, bit i set = along-edge cell i can hold a door
    x: int = 0
    y: int = 0
    distance: int = 0
    parent: str | None = None
    pickable: bool = False

    @property
    def id(self) -> str:
        return room_id(self.card, self.orientation)


@dataclass
class _Candidate:
    room: _Room
    x: int
    y: int
    side: Side  # F's edge that C is attached to
    shift: int  # C's along-edge index + shift = F's along-edge index
    common: int  # door pairs, as F's along-edge indexes


@dataclass
class _Crawl:
    rng: RNG
    placed: list[_Room] = field(default_factory=list)
    doors: list[Door] = field(default_factory=list)

    def overlaps(self, x: int, y: int, w: int, h: int) -> bool:
        return any(
            r.x < x + w and x < r.x + r.width and r.y < y + h and y < r.y + r.height
            for r in self.placed
        )

    def candidates(self, f: _Room, unplaced: list[_Room]) -> list[_Candidate]:
        out: list[_Candidate] = []
        sizes = sorted({(r.width, r.height) for r in unplaced})
        for side in SIDES:
            fmask = f.masks[side]
            if not fmask:
                continue
            back = OPPOSITE[side]
            for w, h in sizes:
                for x, y, shift in self._positions(f, side, w, h):
                    if self.overlaps(x, y, w, h):
                        continue
                    for c in unplaced:
                        if c.card == f.card or (c.width, c.height) != (w, h):
                            continue
                        m = c.masks[back]
                        common = fmask & (m << shift if shift >= 0 else m >> -shift)
                        if common:
                            out.append(_Candidate(c, x, y, side, shift, common))
        return out

    @staticmethod
    def _positions(f: _Room, side: Side, w: int, h: int) -> list[tuple[int, int, int]]:
        """(x, y, shift) for every place of a w x h room against F's ``side`` edge."""
        if side in ("W", "E"):
            x = f.x - w if side == "W" else f.x + f.width
            ys = range(f.y - h + MIN_SHARED_EDGE, f.y + f.height - MIN_SHARED_EDGE + 1)
            return [(x, y, y - f.y) for y in ys]
        y = f.y - h if side == "N" else f.y + f.height
        xs = range(f.x - w + MIN_SHARED_EDGE, f.x + f.width - MIN_SHARED_EDGE + 1)
        return [(x, y, x - f.x) for x in xs]

    def attach(self, f: _Room, cand: _Candidate, pickable: bool) -> None:
        c = cand.room
        c.x, c.y = cand.x, cand.y
        c.distance = f.distance + 1
        c.parent = f.id
        c.pickable = pickable
        bits = [i for i in range(max(CARD_ROWS, CARD_COLUMNS)) if cand.common >> i & 1]
        i = self.rng.choice(bits, label="door pair")
        back = OPPOSITE[cand.side]
        flx, fly = edge_cells(f.width, f.height, cand.side)[i]
        clx, cly = edge_cells(c.width, c.height, back)[i - cand.shift]
        self.doors.append(
            Door(
                f.id,
                (f.x + flx, f.y + fly),
                to_card(f.orientation, flx, fly),
                cand.side,
                c.id,
            )
        )
        self.doors.append(
            Door(c.id, (c.x + clx, c.y + cly), to_card(c.orientation, clx, cly), back, f.id)
        )
        self.placed.append(c)

    def grow(self, unplaced: list[_Room], pickable: bool) -> None:
        while unplaced:
            pool = list(self.placed)
            while True:
                if not pool:
                    left = ", ".join(r.id for r in unplaced)
                    raise Stuck(f"no room can attach any of {left}")
                f = self.rng.draw(pool, label="crawl from")
                cands = self.candidates(f, unplaced)
                if cands:
                    break
            cand = self.rng.choice(cands, label="placement")
            unplaced.remove(cand.room)
            self.attach(f, cand, pickable)


def edge_masks(rows: tuple[str, ...], orientation: int) -> dict[Side, int]:
    """Per side of a room, the along-edge cells that can hold a door (floor, no corner)."""
    w, h = size(orientation)
    out: dict[Side, int] = {}
    for side in SIDES:
        mask = 0
        for i, (lx, ly) in enumerate(edge_cells(w, h, side)):
            if not is_corner(w, h, lx, ly) and walkable(rows, *to_card(orientation, lx, ly)):
                mask |= 1 << i
        out[side] = mask
    return out


def crawl(seed: int, layouts: tuple[Layout, ...]) -> DungeonMap:
    """One map from ``seed`` (unchecked); raises :class:`Stuck` when the crawl dead-ends."""
    rng = RNG(seed)
    chosen = rng.sample(layouts, CARDS, label="room layouts")
    pickable_card = rng.choice(PICKABLE_CHOICES, label="pickable card")
    rooms = {
        (n, o): _Room(n, o, *size(o), edge_masks(chosen[n - 1].rows, o))
        for n in range(1, CARDS + 1)
        for o in range(4)
    }
    state = _Crawl(rng)
    state.placed.append(rooms[1, 0])
    first = [r for (n, o), r in rooms.items() if n != pickable_card and (n, o) != (1, 0)]
    state.grow(first, pickable=False)
    state.grow([rooms[pickable_card, o] for o in range(4)], pickable=True)

    glyphs = rng.sample(range(CARDS), CARDS, label="symbols")
    cards: list[Card] = []
    for n in range(1, CARDS + 1):
        rows = chosen[n - 1].rows
        doors = {d.card_cell for d in state.doors if d.room[0] == str(n)}
        spots = [
            (cx, cy)
            for cy in range(CARD_ROWS)
            for cx in range(CARD_COLUMNS)
            if walkable(rows, cx, cy)
            and not is_corner(CARD_COLUMNS, CARD_ROWS, cx, cy)
            and (cx, cy) not in doors
        ]
        if not spots:
            raise Stuck(f"card {n} has no free cell for its symbol")
        cell = rng.choice(spots, label="symbol cell")
        turn = rng.below(4)
        cards.append(Card(n, chosen[n - 1].id, rows, glyphs[n - 1], turn, cell, n == pickable_card))

    return DungeonMap(
        seed=seed,
        attempts=1,
        rejected=(),
        cards=tuple(cards),
        rooms=tuple(
            Room(
                r.id,
                r.card,
                r.orientation,
                r.x,
                r.y,
                r.width,
                r.height,
                r.distance,
                r.parent,
                r.pickable,
                (
                    cards[r.card - 1].symbol,
                    (cards[r.card - 1].symbol_orientation + r.orientation) % 4,
                ),
            )
            for r in state.placed
        ),
        doors=tuple(state.doors),
    )
