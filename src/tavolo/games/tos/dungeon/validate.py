"""Checks a dungeon map from its plain data alone: is this one consistent hidden map?

The rules promise (T-24, T-27, T-29 and the decision "every dungeon door leads somewhere
consistent, checked by search, not assumed") are checked here rather than trusted to the
crawl, so that a bug in the generator, a hand-edited saved map or a new tile file shows up as
a rejected attempt instead of a door into a wall. :func:`check_map` returns every problem it
finds, as one :class:`Problem` each; an empty list means the map is good.

A problem is a line of TOS's catalog (the ``map.*`` keys): ``str()`` gives the English line
(the generator records it as the reason an attempt was rejected), ``told(lang)`` any
language (a hand-made adventure file that is refused names its first problem).
"""

from __future__ import annotations

from collections import Counter, deque
from typing import Any

from tavolo.engine.errors import SaidValue
from tavolo.games.tos.text import MSG

from .geometry import CARD_COLUMNS, CARD_ROWS, OPPOSITE, edge_side, is_corner, parse_room_id, size
from .model import Door, DungeonMap
from .tiles import walkable

ROOMS = 24


class Problem(SaidValue):
    """One thing wrong with a dungeon map or adventure, a ``map.*`` line of TOS's catalog.

    It compares equal to its English line, and ``in`` looks inside that line, so a list of
    problems reads and compares as the list of English lines it names.
    """

    def __init__(self, key: str, /, **params: Any) -> None:
        super().__init__(MSG, "map." + key, **params)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, str | Problem):
            return str(self) == str(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(str(self))

    def __contains__(self, part: str) -> bool:
        return part in str(self)

    def __reduce__(self) -> tuple[Any, ...]:
        return _problem, (self.key, self.params)


def _problem(key: str, params: dict[str, Any]) -> Problem:
    return Problem(key.removeprefix("map."), **params)


def check_map(m: DungeonMap) -> list[Problem]:
    problems: list[Problem] = []
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


def _check_cards(m: DungeonMap) -> list[Problem]:
    out: list[Problem] = []
    if [c.number for c in m.cards] != [1, 2, 3, 4, 5, 6]:
        out.append(Problem("cards", numbers=[c.number for c in m.cards]))
    if len({c.layout for c in m.cards}) != len(m.cards):
        out.append(Problem("card_layouts"))
    if sorted(c.symbol for c in m.cards) != list(range(6)):
        out.append(Problem("card_symbols"))
    picks = [c.number for c in m.cards if c.pickable]
    if len(picks) != 1 or picks[0] not in (5, 6):
        out.append(Problem("pickable_cards", picks=picks))
    return out


def _check_rooms(m: DungeonMap) -> list[Problem]:
    out: list[Problem] = []
    ids = Counter(r.id for r in m.rooms)
    if len(m.rooms) != ROOMS or len(ids) != ROOMS:
        out.append(Problem("rooms", n=len(ids), total=len(m.rooms), want=ROOMS))
    first = m.rooms[0] if m.rooms else None
    if first is None or (first.id, first.x, first.y, first.distance) != ("1A", 0, 0, 0):
        out.append(Problem("first_room"))
    for r in m.rooms:
        try:
            card, orientation = parse_room_id(r.id)
        except ValueError:
            out.append(Problem("room_code", code=r.id))
            continue
        if (card, orientation) != (r.card, r.orientation):
            out.append(Problem("room_card", room=r.id, card=r.card, orientation=r.orientation))
            continue
        if (r.width, r.height) != size(r.orientation):
            out.append(Problem("room_size", room=r.id, width=r.width, height=r.height))
        if r.pickable != m.card(r.card).pickable:
            out.append(Problem("room_pickable", room=r.id, pickable=r.pickable, card=r.card))
    rooms = list(m.rooms)
    for i, a in enumerate(rooms):
        for b in rooms[i + 1 :]:
            x_overlap = a.x < b.x + b.width and b.x < a.x + a.width
            if x_overlap and a.y < b.y + b.height and b.y < a.y + a.height:
                out.append(Problem("rooms_overlap", a=a.id, b=b.id))
    return out


def _check_doors(m: DungeonMap) -> list[Problem]:
    out: list[Problem] = []
    seen: dict[tuple[str, tuple[int, int]], str] = {}
    sides: dict[tuple[str, tuple[int, int], str], list[Door]] = {}
    for d in m.doors:
        sides.setdefault((d.room, d.cell, d.side), []).append(d)
    for d in m.doors:
        room = m.by_id.get(d.room)
        if room is None:
            out.append(_door("room", d))
            continue
        if d.side not in OPPOSITE:
            out.append(_door("side", d, side=d.side, sides=", ".join(OPPOSITE)))
            continue
        try:
            parse_room_id(d.code)
        except ValueError:
            out.append(_door("code", d))
            continue
        target = m.by_id.get(d.code)
        if target is None:
            out.append(_door("target", d))
            continue
        if (d.room, d.cell) in seen:
            out.append(_door("twice", d))
        seen[d.room, d.cell] = d.code
        if not room.contains(*d.cell):
            out.append(_door("outside", d))
            continue
        lx, ly = d.cell[0] - room.x, d.cell[1] - room.y
        under = room.card_cell(*d.cell)
        if under != d.card_cell:
            out.append(_door("card_cell", d, card_cell=d.card_cell))
        if edge_side(room.width, room.height, lx, ly) != d.side:
            out.append(_door("edge", d, side=d.side))
        if not walkable(m.card(room.card).rows, *under):
            out.append(_door("wall", d))
        if target.card == room.card:
            out.append(_door("same_card", d))
        tx, ty = d.target_cell
        if not target.contains(tx, ty):
            out.append(_door("facing", d, target_cell=d.target_cell))
            continue
        back = sides.get((d.code, d.target_cell, OPPOSITE[d.side]), [])
        if len(back) != 1 or back[0].code != d.room:
            out.append(_door("back", d, target_cell=d.target_cell))
    per_room = Counter((d.room, d.code) for d in m.doors)
    out += [Problem("room_doors", room=r, n=n, code=c) for (r, c), n in per_room.items() if n > 1]
    return out


def _door(key: str, d: Door, /, **more: Any) -> Problem:
    """A problem of door ``d``, named the same in every line: ``door 1A->3B at (3, 2): ...``."""
    return Problem("door." + key, room=d.room, code=d.code, cell=d.cell, **more)


def _check_tree(m: DungeonMap) -> list[Problem]:
    """Every open room reachable from 1A, at its recorded distance; pickable rooms are leaves.

    A closed room (a quest removed its doors, ``DungeonMap.closed``) has no door left; it
    keeps the distance it was placed at, one more than its parent's.
    """
    out: list[Problem] = []
    closed = set(m.closed)
    links: dict[str, list[str]] = {r.id: [] for r in m.rooms}
    for d in m.doors:
        if d.room in links and d.code in links:  # other doors are reported by _check_doors
            links[d.room].append(d.code)
    out += _check_closed(m, links)
    sides = 2 * (ROOMS - 1 - len(closed))
    if len(m.doors) != sides:
        out.append(Problem("door_sides", n=len(m.doors), rooms=ROOMS - len(closed), want=sides))
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
                key = "unreached_pickable" if avoid_pickable else "unreached"
                out.append(Problem(key, room=r.id))
            elif not avoid_pickable and dist[r.id] != r.distance:
                out.append(Problem("room_distance", room=r.id, n=dist[r.id], distance=r.distance))
    for r in m.rooms:
        if r.parent is not None and r.id not in closed and r.parent not in links[r.id]:
            out.append(Problem("no_parent_door", room=r.id, parent=r.parent))
    return out


def _check_closed(m: DungeonMap, links: dict[str, list[str]]) -> list[Problem]:
    out: list[Problem] = []
    if len(set(m.closed)) != len(m.closed):
        out.append(Problem("closed.repeat", rooms=list(m.closed)))
    for rid in m.closed:
        room = m.by_id.get(rid)
        if room is None or room.parent is None:
            out.append(Problem("closed.unknown", room=rid))
            continue
        if links[rid]:
            out.append(Problem("closed.doors", room=rid, rooms=", ".join(links[rid])))
        parent = m.by_id.get(room.parent)
        if parent is None or parent.distance + 1 != room.distance:
            out.append(Problem("closed.distance", room=rid, parent=room.parent))
    return out


def _check_symbols(m: DungeonMap) -> list[Problem]:
    out: list[Problem] = []
    door_cells = {(m.by_id[d.room].card, d.card_cell) for d in m.doors if d.room in m.by_id}
    for c in m.cards:
        cx, cy = c.symbol_cell
        if not (0 <= cx < CARD_COLUMNS and 0 <= cy < CARD_ROWS) or not walkable(c.rows, cx, cy):
            out.append(Problem("symbol.floor", card=c.number, cell=c.symbol_cell))
        elif is_corner(CARD_COLUMNS, CARD_ROWS, cx, cy):
            out.append(Problem("symbol.corner", card=c.number))
        elif (c.number, c.symbol_cell) in door_cells:
            out.append(Problem("symbol.door", card=c.number))
    identities = Counter(r.symbol for r in m.rooms)
    out += [Problem("symbol.rooms", symbol=s, n=n) for s, n in identities.items() if n > 1]
    for r in m.rooms:
        c = m.card(r.card)
        if r.symbol != (c.symbol, (c.symbol_orientation + r.orientation) % 4):
            out.append(Problem("room_symbol", room=r.id, symbol=r.symbol))
    return out
