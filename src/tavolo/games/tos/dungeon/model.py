"""The generated dungeon map as plain data: cards, rooms placed on a hidden map, doors.

Everything here is frozen and JSON-serialisable (:meth:`DungeonMap.to_json` /
:meth:`DungeonMap.from_json`), so a map can be saved with a game, shown by a tool, printed,
and checked again by :func:`tavolo.games.tos.dungeon.validate.check_map` without the tile file:
each card carries its own layout rows.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any, cast

from .geometry import STEP, Side, to_card


@dataclass(frozen=True)
class Card:
    """A physical room card: its layout, and its one symbol (same cell in all four rooms)."""

    number: int  # 1..6; card 1 is the entrance
    layout: str  # layout id in tiles.yaml
    rows: tuple[str, ...]  # the layout itself, upright: "#" wall, "." / ":" floor
    symbol: int  # glyph 0..5, distinct per card
    symbol_orientation: int  # 0..3: how the glyph is drawn on the upright card
    symbol_cell: tuple[int, int]  # card cell (column, row)
    pickable: bool = False  # the card whose hero back can be picked (its rooms are leaves)


@dataclass(frozen=True)
class Room:
    """One orientation of one card, at its fixed place on the hidden map."""

    id: str  # "4B": card 4 in orientation B
    card: int
    orientation: int  # 0..3 = A..D
    x: int  # map position of the top-left cell
    y: int
    width: int
    height: int
    distance: int  # doors to cross from 1A
    parent: str | None  # the room it was attached to (None for 1A)
    pickable: bool
    symbol: tuple[int, int]  # (glyph, effective orientation): what an index entry names

    def contains(self, mx: int, my: int) -> bool:
        return self.x <= mx < self.x + self.width and self.y <= my < self.y + self.height

    def card_cell(self, mx: int, my: int) -> tuple[int, int]:
        """The card cell under map cell ``(mx, my)`` of this room."""
        return to_card(self.orientation, mx - self.x, my - self.y)


@dataclass(frozen=True)
class Door:
    """One side of a door: leaving ``room`` from map cell ``cell`` across its ``side`` edge.

    ``code`` is the target room's id, printed on the card cell ``card_cell`` so that it reads
    upright only when the card lies in this room's orientation. Every door has a twin in
    ``code`` that leads back from the facing cell.
    """

    room: str
    cell: tuple[int, int]  # map cell
    card_cell: tuple[int, int]
    side: Side
    code: str  # the room it leads to

    @property
    def target_cell(self) -> tuple[int, int]:
        dx, dy = STEP[self.side]
        return self.cell[0] + dx, self.cell[1] + dy


@dataclass(frozen=True)
class DungeonMap:
    """A whole dungeon map; rooms in placement order (1A first).

    ``closed`` lists the rooms whose doors a quest closed (tos-facts section 7.7,
    ``closeExits``): their doors are gone on both sides, so only a teleport reaches them.
    """

    seed: int
    attempts: int  # 1 when the first sub-seed gave a valid map
    rejected: tuple[str, ...]  # why each earlier attempt failed
    cards: tuple[Card, ...]  # by number, 1..6
    rooms: tuple[Room, ...]
    doors: tuple[Door, ...]
    closed: tuple[str, ...] = ()

    @cached_property
    def by_id(self) -> dict[str, Room]:
        return {r.id: r for r in self.rooms}

    def room(self, room_id: str) -> Room:
        return self.by_id[room_id]

    def card(self, number: int) -> Card:
        return self.cards[number - 1]

    @cached_property
    def _doors_by_room(self) -> dict[str, tuple[Door, ...]]:
        out: dict[str, list[Door]] = {r.id: [] for r in self.rooms}
        for d in self.doors:
            out.setdefault(d.room, []).append(d)
        return {rid: tuple(ds) for rid, ds in out.items()}

    def doors_of(self, room_id: str) -> tuple[Door, ...]:
        return self._doors_by_room.get(room_id, ())

    @cached_property
    def floor(self) -> dict[str, frozenset[tuple[int, int]]]:
        """Per room, the map cells a pawn can stand on (every cell but walls): asked for
        each step an agent weighs, so worked out once per map."""
        out = {}
        for r in self.rooms:
            rows = self.card(r.card).rows
            cells = set()
            for x in range(r.x, r.x + r.width):
                for y in range(r.y, r.y + r.height):
                    cx, cy = r.card_cell(x, y)
                    if rows[cy][cx] != "#":
                        cells.add((x, y))
            out[r.id] = frozenset(cells)
        return out

    @cached_property
    def rooms_at(self) -> dict[tuple[int, int], tuple[Room, ...]]:
        """Per map cell, the rooms (of every card and orientation) that cover it, by card
        number."""
        out: dict[tuple[int, int], list[Room]] = {}
        for r in self.rooms:
            for x in range(r.x, r.x + r.width):
                for y in range(r.y, r.y + r.height):
                    out.setdefault((x, y), []).append(r)
        return {cell: tuple(sorted(rs, key=lambda r: r.card)) for cell, rs in out.items()}

    def room_at(self, mx: int, my: int) -> Room | None:
        return next((r for r in self.rooms if r.contains(mx, my)), None)

    def close_room(self, room_id: str) -> DungeonMap:
        """This map with every door of ``room_id`` removed on both sides."""
        doors = tuple(d for d in self.doors if room_id not in (d.room, d.code))
        return replace(self, doors=doors, closed=(*self.closed, room_id))

    @property
    def pickable_card(self) -> int:
        return next(c.number for c in self.cards if c.pickable)

    @property
    def bands(self) -> list[list[str]]:
        """Room ids by distance from 1A (index = distance), each in placement order."""
        out: list[list[str]] = [[] for _ in range(1 + max(r.distance for r in self.rooms))]
        for r in self.rooms:
            out[r.distance].append(r.id)
        return out

    # -- plain data ----------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "attempts": self.attempts,
            "rejected": list(self.rejected),
            "cards": [
                {
                    "number": c.number,
                    "layout": c.layout,
                    "rows": list(c.rows),
                    "symbol": c.symbol,
                    "symbol_orientation": c.symbol_orientation,
                    "symbol_cell": list(c.symbol_cell),
                    "pickable": c.pickable,
                }
                for c in self.cards
            ],
            "rooms": [
                {
                    "id": r.id,
                    "card": r.card,
                    "orientation": r.orientation,
                    "x": r.x,
                    "y": r.y,
                    "width": r.width,
                    "height": r.height,
                    "distance": r.distance,
                    "parent": r.parent,
                    "pickable": r.pickable,
                    "symbol": list(r.symbol),
                }
                for r in self.rooms
            ],
            "doors": [
                {
                    "room": d.room,
                    "cell": list(d.cell),
                    "card_cell": list(d.card_cell),
                    "side": d.side,
                    "code": d.code,
                }
                for d in self.doors
            ],
            "closed": list(self.closed),
        }

    @staticmethod
    def from_json(data: dict[str, Any]) -> DungeonMap:
        def pair(v: Any) -> tuple[int, int]:
            a, b = v
            return int(a), int(b)

        return DungeonMap(
            seed=int(data["seed"]),
            attempts=int(data["attempts"]),
            rejected=tuple(str(x) for x in data["rejected"]),
            cards=tuple(
                Card(
                    number=int(c["number"]),
                    layout=str(c["layout"]),
                    rows=tuple(str(x) for x in c["rows"]),
                    symbol=int(c["symbol"]),
                    symbol_orientation=int(c["symbol_orientation"]),
                    symbol_cell=pair(c["symbol_cell"]),
                    pickable=bool(c["pickable"]),
                )
                for c in data["cards"]
            ),
            rooms=tuple(
                Room(
                    id=str(r["id"]),
                    card=int(r["card"]),
                    orientation=int(r["orientation"]),
                    x=int(r["x"]),
                    y=int(r["y"]),
                    width=int(r["width"]),
                    height=int(r["height"]),
                    distance=int(r["distance"]),
                    parent=None if r["parent"] is None else str(r["parent"]),
                    pickable=bool(r["pickable"]),
                    symbol=pair(r["symbol"]),
                )
                for r in data["rooms"]
            ),
            doors=tuple(
                Door(
                    room=str(d["room"]),
                    cell=pair(d["cell"]),
                    card_cell=pair(d["card_cell"]),
                    side=cast(Side, str(d["side"])),
                    code=str(d["code"]),
                )
                for d in data["doors"]
            ),
            closed=tuple(str(x) for x in data.get("closed", ())),
        )
