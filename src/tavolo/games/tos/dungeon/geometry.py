"""Card geometry: the four orientations of a 4 x 6 room card, and the map's coordinates.

A room card is a grid of 4 columns by 6 rows; a cell on the physical card is ``(column, row)``
from its top-left corner as printed (the corner labelled A). Laid on the table in orientation
A (0) the card is upright; B (1) is the card turned 90 degrees counter-clockwise, C (2) upside
down, D (3) 90 degrees clockwise. Each orientation is a different *room* of the hidden map, so
one card holds four rooms.

Map coordinates: ``x`` grows to the right and ``y`` downwards, in cells. A room placed at
``(x, y)`` covers ``x .. x + width - 1`` by ``y .. y + height - 1``; a cell's *local*
coordinates are its offset from that corner. :func:`to_card` and :func:`to_local` turn local
coordinates into card cells and back; they are inverse bijections for every orientation.
"""

from __future__ import annotations

from typing import Literal

CARD_COLUMNS = 4
CARD_ROWS = 6
ORIENTATIONS = "ABCD"  # index = orientation number, as in room ids (``4B``)

Side = Literal["N", "E", "S", "W"]
SIDES: tuple[Side, ...] = ("N", "E", "S", "W")
OPPOSITE: dict[Side, Side] = {"N": "S", "E": "W", "S": "N", "W": "E"}
STEP: dict[Side, tuple[int, int]] = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}


def size(orientation: int) -> tuple[int, int]:
    """(width, height) of a room on the map: A and C stand 4 x 6, B and D lie 6 x 4."""
    return (CARD_COLUMNS, CARD_ROWS) if orientation % 2 == 0 else (CARD_ROWS, CARD_COLUMNS)


def to_card(orientation: int, lx: int, ly: int) -> tuple[int, int]:
    """The card cell under local cell ``(lx, ly)`` of a room in ``orientation``."""
    if orientation == 0:
        return lx, ly
    if orientation == 1:
        return CARD_COLUMNS - 1 - ly, lx
    if orientation == 2:
        return CARD_COLUMNS - 1 - lx, CARD_ROWS - 1 - ly
    if orientation == 3:
        return ly, CARD_ROWS - 1 - lx
    raise ValueError(f"orientation {orientation} is not 0..3")


def to_local(orientation: int, cx: int, cy: int) -> tuple[int, int]:
    """Where card cell ``(cx, cy)`` lies in a room in ``orientation`` (inverse of to_card)."""
    if orientation == 0:
        return cx, cy
    if orientation == 1:
        return cy, CARD_COLUMNS - 1 - cx
    if orientation == 2:
        return CARD_COLUMNS - 1 - cx, CARD_ROWS - 1 - cy
    if orientation == 3:
        return CARD_ROWS - 1 - cy, cx
    raise ValueError(f"orientation {orientation} is not 0..3")


def room_id(card: int, orientation: int) -> str:
    """``4B``: the code printed on doors, and the label in the card's corner."""
    return f"{card}{ORIENTATIONS[orientation]}"


def parse_room_id(code: str) -> tuple[int, int]:
    """``"4B"`` -> (4, 1); ValueError for anything that is not card 1..6 plus A..D."""
    if len(code) != 2 or code[0] not in "123456" or code[1] not in ORIENTATIONS:
        raise ValueError(f"{code!r} is not a room code like 4B")
    return int(code[0]), ORIENTATIONS.index(code[1])


def edge_side(width: int, height: int, lx: int, ly: int) -> Side | None:
    """The one edge a local cell lies on, or None for inner cells and the four corners.

    Doors are never on corners: a corner touches two edges, so its exit would be ambiguous.
    """
    on: list[Side] = []
    if ly == 0:
        on.append("N")
    if lx == width - 1:
        on.append("E")
    if ly == height - 1:
        on.append("S")
    if lx == 0:
        on.append("W")
    return on[0] if len(on) == 1 else None


def edge_cells(width: int, height: int, side: Side) -> list[tuple[int, int]]:
    """The local cells along one edge of a room, corners included, in map order."""
    if side == "N":
        return [(i, 0) for i in range(width)]
    if side == "S":
        return [(i, height - 1) for i in range(width)]
    if side == "W":
        return [(0, i) for i in range(height)]
    return [(width - 1, i) for i in range(height)]


def is_corner(width: int, height: int, lx: int, ly: int) -> bool:
    return lx in (0, width - 1) and ly in (0, height - 1)
