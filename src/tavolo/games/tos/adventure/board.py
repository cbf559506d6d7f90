"""An adventure on the table, in words: the world's 3 x 3 grid or the dungeon's placed rooms,
with the pawn and the text of the card or index entry being read.

The world grid shows, per cell, the upright half's code and title (``—`` for an empty cell)
and the pawn as ``●``. The dungeon map shows only the rooms on the table, 3 characters a
cell: ``###`` wall, `` . `` floor, ``>4B`` a door and the room beyond (the arrow is the way
out), ``*3b`` a symbol (glyph 3, orientation b), `` @ `` the pawn, ``E3b`` the enemy being
fought. Wording lives in ``ui/{en,it}.yaml`` (``adv.*``); card text comes from the world and
dungeon text modules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tavolo.engine.i18n import Catalog

from ..dungeon.geometry import ORIENTATIONS

if TYPE_CHECKING:
    from ..dungeon.model import Room
    from ..state import TosState
    from .play import AdventureRules

ARROWS = {"N": "^", "E": ">", "S": "v", "W": "<"}


def _esc(s: str) -> str:
    return s.replace("[", "\\[")


SCREEN = 80
"""The columns a play screen must fit: the world grid's rows are never wider."""
CELL = (SCREEN - 2 - 2 * len(" | ")) // 3
"""The widest a world grid cell may be so that a row of three fits :data:`SCREEN`."""


def cell_label(label: str, width: int = CELL) -> str:
    """``label`` in at most ``width`` characters: whole words, and ``…`` where words were
    left out (a cut word reads as another word: "Uno spaventapasseri r")."""
    if len(label) <= width:
        return label
    words = label[: width - 1].split(" ")
    if len(words) > 1 and label[width - 1] != " ":
        words = words[:-1]  # the last word was cut
    return " ".join(words).rstrip(" ,;:") + "…"


def world_lines(s: TosState, ui: Catalog, lang: str, grid: bool = True) -> list[str]:
    """The grid (unless ``grid`` is false: in a fight), then the card the pawn is on."""
    from ..world import text as wtext

    t = ui.t
    out = [t(lang, "adv.grid"), *_grid_rows(s, lang)] if grid else []
    card = s.grid[s.pawn[0]]
    if card:
        half = s.adv.card(card).half(s.table[card - 1])
        key = "adv.here" if grid else "adv.here_fight"
        out.append(t(lang, key, half=half.id, title=_esc(wtext.half_title(half, lang))))
        if grid:  # (in a fight the Enemy line below says what the card's fight is)
            out.extend("    " + _esc(x) for x in wtext.render_half(half, lang))
    else:
        out.append(t(lang, "adv.blank"))
    gone = [str(c + 1) for c, v in enumerate(s.table) if v < 0]
    if gone:
        out.append(t(lang, "adv.removed", cards=", ".join(gone)))
    return out


def _grid_rows(s: TosState, lang: str) -> list[str]:
    """The 3 x 3 grid's rows: each cell's upright half, the pawn's marked ``●``."""
    from ..world import text as wtext

    cells = []
    for i, card in enumerate(s.grid):
        if not card:
            label = "—"
        else:
            half = s.adv.card(card).half(s.table[card - 1])
            label = f"{half.id} {wtext.half_title(half, lang)}"
        if i == s.pawn[0]:
            label = "● " + label
        cells.append(cell_label(label))
    width = max(len(c) for c in cells)
    rows = []
    for row in range(3):
        line = " | ".join(c.ljust(width) for c in cells[3 * row : 3 * row + 3])
        rows.append("  " + _esc(line.rstrip()))
    return rows


def dungeon_lines(
    r: AdventureRules, s: TosState, ui: Catalog, lang: str, whole: bool = True, entry: bool = True
) -> list[str]:
    """The rooms on the table, the map of them, the entry of the pawn's room: the text
    lines fitted to the screen (:func:`..text.fit_screen`), the map's rows whole. Not
    ``whole``: one line instead of the map, the room (in a fight, how far the enemy is, and
    no entry: the Enemy line says what its fight is); not ``entry``: no index entry (the
    hand card to pay a move with is chosen)."""
    from ..dungeon.text import bars_of, item_label, render_instruction
    from ..text import fit_screen

    t = ui.t
    here = r.room_here(s)
    if whole:
        out = _dungeon_map(r, s, ui, lang)
    elif s.foe is None:
        out = fit_screen(t(lang, "adv.room", room=here))
    else:
        _, fx, fy = s.foe
        steps = r.distance(s, (here, s.pawn), (fx, fy))
        key = "adv.foe_on" if steps == 0 else "adv.foe_far" if steps < 10**6 else "adv.foe_cut"
        out = fit_screen(t(lang, key, room=here, n=steps))
    words: list[str] = []
    n = r._entry_of(s, here)
    if s.foe is not None or not entry:
        pass  # a fight: the Enemy line below says what the entry's fight is
    elif n is not None:
        words.append(t(lang, "adv.entry", room=here))
        text = render_instruction(s.adv.index.instructions[n], lang, bars_of(s.adv.index))
        words.extend("    " + _esc(x) for x in text.splitlines())
    else:
        words.append(t(lang, "adv.no_entry", room=here))
    if s.items:
        words.append(t(lang, "adv.items", items=", ".join(item_label(i, lang) for i in s.items)))
    picked = [str(c + 1) for c, v in enumerate(s.table) if v == -2]
    if picked:
        words.append(t(lang, "adv.picked", cards=", ".join(picked)))
    return out + [x for line in words for x in fit_screen(line)]


def _dungeon_map(r: AdventureRules, s: TosState, ui: Catalog, lang: str) -> list[str]:
    """The rooms on the table, their map (rows whole) and its legend."""
    from ..text import fit_screen

    t = ui.t
    m = s.adv.map
    placed = [m.room(rid) for rid in r.on_table(s)]
    left, right = min(p.x for p in placed), max(p.x + p.width for p in placed)
    top, bottom = min(p.y for p in placed), max(p.y + p.height for p in placed)
    x0, x1 = _window(left, right, s.pawn[0], MAP_CELLS)
    y0, y1 = _window(top, bottom, s.pawn[1], MAP_ROWS)
    doors = {(d.cell, d.room): d for d in m.doors}
    symbols = {r._symbol_cell(s, p.id): p for p in placed}
    rows = []
    for y in range(y0, y1):
        line = []
        for x in range(x0, x1):
            room = next((p for p in placed if p.contains(x, y)), None)
            line.append(_cell(r, s, room, x, y, doors, symbols))
        rows.append("".join(line).rstrip())
    here = r.room_here(s)
    out = fit_screen(t(lang, "adv.rooms", rooms=", ".join(p.id for p in placed), here=here))
    out.extend("  " + _esc(row) for row in rows)  # the map: never broken
    if (x0, x1, y0, y1) != (left, right, top, bottom):
        out.extend(fit_screen(t(lang, "adv.map_part", rows=y1 - y0, cells=x1 - x0)))
    return out + fit_screen(t(lang, "adv.map_legend"))


MAP_ROWS, MAP_CELLS = 10, (SCREEN - 2) // 3
"""The most rows and cells a dungeon map shows: more rooms on the table show only the
part around the pawn, so that the screen still fits 40 rows of 80 columns."""


def _window(lo: int, hi: int, at: int, most: int) -> tuple[int, int]:
    """The span of at most ``most`` of ``lo .. hi`` (rows or cells across) around ``at``."""
    if hi - lo <= most:
        return lo, hi
    start = min(max(lo, at - most // 2), hi - most)
    return start, start + most


def _cell(
    r: AdventureRules,
    s: TosState,
    room: Room | None,
    x: int,
    y: int,
    doors: dict[Any, Any],
    symbols: dict[tuple[int, int], Room],
) -> str:
    if room is None:
        return "   "
    if (x, y) == s.pawn:
        return " @ "
    door = doors.get(((x, y), room.id))
    if door is not None:
        return f"{ARROWS[door.side]}{door.code}"
    if symbols.get((x, y)) is room:
        glyph, turn = room.symbol
        mark = "E" if s.foe is not None and (s.foe[1], s.foe[2]) == (x, y) else "*"
        return f"{mark}{glyph}{ORIENTATIONS[turn].lower()}"
    return " . " if r._walkable(s, room.id, x, y) else "###"


def bar_label(s: TosState, bar: str, lang: str) -> str:
    """Where a pencil bar is printed: the world half that holds it, or the dungeon symbol
    whose entry ticks it; the bar's id when it is not this adventure's."""
    if s.adv is None:
        return bar
    if s.mode == "world":
        for card in s.adv.cards:
            for half in (card.top, card.bottom):
                if any(getattr(ln, "bar", None) == bar for ln in half.lines):
                    return str(half.id)
        return bar
    from ..dungeon.text import bars_of, render_symbol

    symbol = bars_of(s.adv.index).get(bar)
    return bar if symbol is None else render_symbol(symbol, lang)
