"""Checks a dungeon map from its plain data alone: is this one consistent hidden map?

The rules promise (T-24, T-27, T-29 and the decision "every dungeon door leads somewhere
consistent, checked by search, not assumed") are checked here rather than trusted to the
crawl, so that a bug in the generator, a hand-edited saved map or a new tile file shows up as
a rejected attempt instead of a door into a wall. :func:`check_map` returns every problem it
finds, as one line each; an empty list means the map is good.
"""

from __future__ import annotations

from collections import Counter, deque

from .geometry import CARD_COLUMNS, CARD_ROWS, OPPOSITE, edge_side, is_corner, parse_room_id, size
from .model import Door, DungeonMap
from .tiles import walkable

ROOMS = 24


def check_map(m: DungeonMap) -> list[str]:
    problems: list[str] = []
    problems += _check_cards(m)
    if problems:
        return problems  # rooms and doors are read through the cards
    problems += _check_rooms(m)
    if problems:
        return problems
    problems += _check_doors(m)
    problems += _check_tree(m)
    problems += _check_symbols(m)
    return problems


def _check_cards(m: DungeonMap) -> list[str]:
    out: list[str] = []
    if [c.number for c in m.cards] != [1, 2, 3, 4, 5, 6]:
        out.append(f"cards are {[c.number for c in m.cards]}, not 1..6")
    if len({c.layout for c in m.cards}) != len(m.cards):
        out.append("two cards share a layout")
    if sorted(c.symbol for c in m.cards) != list(range(6)):
        out.append("card symbols are not 0..5 once each")
    picks = [c.number for c in m.cards if c.pickable]
    if len(picks) != 1 or picks[0] not in (5, 6):
        out.append(f"pickable cards {picks}: want exactly one of 5, 6")
    return out


def _check_rooms(m: DungeonMap) -> list[str]:
    out: list[str] = []
    ids = Counter(r.id for r in m.rooms)
    if len(m.rooms) != ROOMS or len(ids) != ROOMS:
        out.append(f"{len(ids)} distinct rooms of {len(m.rooms)}, want {ROOMS}")
    first = m.rooms[0] if m.rooms else None
    if first is None or (first.id, first.x, first.y, first.distance) != ("1A", 0, 0, 0):
        out.append("the first room is not 1A at (0, 0), distance 0")
    for r in m.rooms:
        try:
            card, orientation = parse_room_id(r.id)
        except ValueError as e:
            out.append(str(e))
            continue
        if (card, orientation) != (r.card, r.orientation):
            out.append(f"room {r.id} says card {r.card} orientation {r.orientation}")
            continue
        if (r.width, r.height) != size(r.orientation):
            out.append(f"room {r.id} is {r.width} x {r.height}")
        if r.pickable != m.card(r.card).pickable:
            out.append(f"room {r.id}: pickable {r.pickable} but card {r.card} says otherwise")
    rooms = list(m.rooms)
    for i, a in enumerate(rooms):
        for b in rooms[i + 1 :]:
            x_overlap = a.x < b.x + b.width and b.x < a.x + a.width
            if x_overlap and a.y < b.y + b.height and b.y < a.y + a.height:
                out.append(f"rooms {a.id} and {b.id} overlap")
    return out


def _check_doors(m: DungeonMap) -> list[str]:
    out: list[str] = []
    seen: dict[tuple[str, tuple[int, int]], str] = {}
    sides: dict[tuple[str, tuple[int, int], str], list[Door]] = {}
    for d in m.doors:
        sides.setdefault((d.room, d.cell, d.side), []).append(d)
    for d in m.doors:
        where = f"door {d.room}->{d.code} at {d.cell}"
        room = m.by_id.get(d.room)
        if room is None:
            out.append(f"{where}: no room {d.room}")
            continue
        if d.side not in OPPOSITE:
            out.append(f"{where}: side {d.side!r} is not one of {', '.join(OPPOSITE)}")
            continue
        try:
            parse_room_id(d.code)
        except ValueError:
            out.append(f"{where}: code {d.code!r} does not decode")
            continue
        target = m.by_id.get(d.code)
        if target is None:
            out.append(f"{where}: leads to no room")
            continue
        if (d.room, d.cell) in seen:
            out.append(f"{where}: cell already holds a code in this orientation")
        seen[d.room, d.cell] = d.code
        if not room.contains(*d.cell):
            out.append(f"{where}: cell is outside the room")
            continue
        lx, ly = d.cell[0] - room.x, d.cell[1] - room.y
        under = room.card_cell(*d.cell)
        if under != d.card_cell:
            out.append(f"{where}: printed on card cell {d.card_cell}, not under the door")
        if edge_side(room.width, room.height, lx, ly) != d.side:
            out.append(f"{where}: not a non-corner cell of edge {d.side}")
        if not walkable(m.card(room.card).rows, *under):
            out.append(f"{where}: on a wall")
        if target.card == room.card:
            out.append(f"{where}: leads to another room of the same card")
        tx, ty = d.target_cell
        if not target.contains(tx, ty):
            out.append(f"{where}: the facing cell {d.target_cell} is not in {d.code}")
            continue
        back = sides.get((d.code, d.target_cell, OPPOSITE[d.side]), [])
        if len(back) != 1 or back[0].code != d.room:
            out.append(f"{where}: {d.code} has no door back at {d.target_cell}")
    per_room = Counter((d.room, d.code) for d in m.doors)
    out += [f"room {r} has {n} doors to {c}" for (r, c), n in per_room.items() if n > 1]
    return out


def _check_tree(m: DungeonMap) -> list[str]:
    """Every open room reachable from 1A, at its recorded distance; pickable rooms are leaves.

    A closed room (a quest removed its doors, ``DungeonMap.closed``) has no door left; it
    keeps the distance it was placed at, one more than its parent's.
    """
    out: list[str] = []
    closed = set(m.closed)
    links: dict[str, list[str]] = {r.id: [] for r in m.rooms}
    for d in m.doors:
        if d.room in links and d.code in links:  # other doors are reported by _check_doors
            links[d.room].append(d.code)
    out += _check_closed(m, links)
    sides = 2 * (ROOMS - 1 - len(closed))
    if len(m.doors) != sides:
        out.append(f"{len(m.doors)} door sides, a tree of {ROOMS - len(closed)} rooms has {sides}")
    for avoid_pickable in (False, True):
        dist = {"1A": 0}
        todo = deque(["1A"])
        while todo:
            here = todo.popleft()
            for there in links[here]:
                if there not in dist and not (avoid_pickable and m.room(there).pickable):
                    dist[there] = dist[here] + 1
                    todo.append(there)
        for r in m.rooms:
            if (avoid_pickable and r.pickable) or r.id in closed:
                continue
            if r.id not in dist:
                how = " without crossing the pickable card" if avoid_pickable else ""
                out.append(f"room {r.id} cannot be reached from 1A{how}")
            elif not avoid_pickable and dist[r.id] != r.distance:
                out.append(f"room {r.id} is {dist[r.id]} doors from 1A, not {r.distance}")
    for r in m.rooms:
        if r.parent is not None and r.id not in closed and r.parent not in links[r.id]:
            out.append(f"room {r.id} has no door to its parent {r.parent}")
    return out


def _check_closed(m: DungeonMap, links: dict[str, list[str]]) -> list[str]:
    out: list[str] = []
    if len(set(m.closed)) != len(m.closed):
        out.append(f"closed rooms {list(m.closed)} repeat a room")
    for rid in m.closed:
        room = m.by_id.get(rid)
        if room is None or room.parent is None:
            out.append(f"closed room {rid} is not a room other than 1A")
            continue
        if links[rid]:
            out.append(f"closed room {rid} still has doors to {', '.join(links[rid])}")
        parent = m.by_id.get(room.parent)
        if parent is None or parent.distance + 1 != room.distance:
            out.append(f"closed room {rid} is not one door beyond its parent {room.parent}")
    return out


def _check_symbols(m: DungeonMap) -> list[str]:
    out: list[str] = []
    door_cells = {(m.by_id[d.room].card, d.card_cell) for d in m.doors if d.room in m.by_id}
    for c in m.cards:
        cx, cy = c.symbol_cell
        if not (0 <= cx < CARD_COLUMNS and 0 <= cy < CARD_ROWS) or not walkable(c.rows, cx, cy):
            out.append(f"card {c.number}: symbol on no floor cell {c.symbol_cell}")
        elif is_corner(CARD_COLUMNS, CARD_ROWS, cx, cy):
            out.append(f"card {c.number}: symbol on a corner")
        elif (c.number, c.symbol_cell) in door_cells:
            out.append(f"card {c.number}: symbol shares its cell with a door")
    identities = Counter(r.symbol for r in m.rooms)
    out += [f"symbol {s} names {n} rooms" for s, n in identities.items() if n > 1]
    for r in m.rooms:
        c = m.card(r.card)
        if r.symbol != (c.symbol, (c.symbol_orientation + r.orientation) % 4):
            out.append(f"room {r.id}: symbol {r.symbol} is not its card's glyph turned")
    return out
