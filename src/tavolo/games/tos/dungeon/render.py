"""The whole hidden map as text, for debugging and for reading a failing test.

Each map cell is 4 characters wide and every room is framed; a frame line between two cells
of different rooms (or a room and nothing) is drawn with ``-`` and ``|``, and the room id is
written into its top frame. Inside a cell:

- ``###`` wall, `` . `` / `` : `` floor (the two floor styles);
- ``>4B`` (or ``<``, ``^``, ``v``) a door: the arrow is the way out, the code the room beyond;
- ``*3b`` the room's symbol: glyph 3 in effective orientation b (a..d = A..D);
- ``@`` marks the start: 1A's symbol. Pickable rooms are framed with ``~`` instead of ``-``.
"""

from __future__ import annotations

from .geometry import ORIENTATIONS, to_local
from .model import Door, DungeonMap, Room
from .tiles import walkable

_ARROWS = {"N": "^", "E": ">", "S": "v", "W": "<"}


def render_map(m: DungeonMap) -> str:
    x0 = min(r.x for r in m.rooms)
    y0 = min(r.y for r in m.rooms)
    x1 = max(r.x + r.width for r in m.rooms)
    y1 = max(r.y + r.height for r in m.rooms)
    owner: dict[tuple[int, int], Room] = {}
    for r in m.rooms:
        for yy in range(r.y, r.y + r.height):
            for xx in range(r.x, r.x + r.width):
                owner[xx, yy] = r
    doors = {d.cell: d for d in m.doors}
    symbols: dict[tuple[int, int], Room] = {}
    for r in m.rooms:
        lx, ly = to_local(r.orientation, *m.card(r.card).symbol_cell)
        symbols[r.x + lx, r.y + ly] = r

    width, height = 4 * (x1 - x0) + 1, 2 * (y1 - y0) + 1
    canvas = [[" "] * width for _ in range(height)]

    def put(row: int, col: int, text: str) -> None:
        for i, ch in enumerate(text):
            if 0 <= col + i < width:
                canvas[row][col + i] = ch

    for my in range(y0, y1 + 1):
        for mx in range(x0, x1 + 1):
            here = owner.get((mx, my))
            up, left = owner.get((mx, my - 1)), owner.get((mx - 1, my))
            row, col = 2 * (my - y0), 4 * (mx - x0)
            if mx < x1 and here is not up:
                pick = (here is not None and here.pickable) or (up is not None and up.pickable)
                put(row, col + 1, ("~" if pick else "-") * 3)
                put(row, col, "+")
                put(row, col + 4, "+")
            if my < y1 and here is not left:
                put(row + 1, col, "|")
                put(row, col, "+")
                put(row + 2, col, "+")
            if here is None or mx >= x1 or my >= y1:
                continue
            put(row + 1, col + 1, _cell(m, here, mx, my, doors, symbols))
    for r in m.rooms:
        put(2 * (r.y - y0), 4 * (r.x - x0) + 1, f"{r.id}d{r.distance}")
    return "\n".join("".join(line).rstrip() for line in canvas)


def _cell(
    m: DungeonMap,
    room: Room,
    mx: int,
    my: int,
    doors: dict[tuple[int, int], Door],
    symbols: dict[tuple[int, int], Room],
) -> str:
    door = doors.get((mx, my))
    if door is not None:
        return f"{_ARROWS[door.side]}{door.code}"
    if symbols.get((mx, my)) is room:
        glyph, turn = room.symbol
        return ("@" if room.id == "1A" else "*") + f"{glyph}{ORIENTATIONS[turn].lower()}"
    cx, cy = room.card_cell(mx, my)
    rows = m.card(room.card).rows
    return "###" if not walkable(rows, cx, cy) else f" {rows[cy][cx]} "
