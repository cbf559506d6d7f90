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


def world_lines(s: TosState, ui: Catalog, lang: str) -> list[str]:
    from ..world import text as wtext

    t = ui.t
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
    out = [t(lang, "adv.grid")]
    for row in range(3):
        line = " | ".join(c.ljust(width) for c in cells[3 * row : 3 * row + 3])
        out.append("  " + _esc(line.rstrip()))
    card = s.grid[s.pawn[0]]
    if card:
        half = s.adv.card(card).half(s.table[card - 1])
        out.append(t(lang, "adv.here", half=half.id, title=_esc(wtext.half_title(half, lang))))
        out.extend("    " + _esc(x) for x in wtext.render_half(half, lang))
    else:
        out.append(t(lang, "adv.blank"))
    gone = [str(c + 1) for c, v in enumerate(s.table) if v < 0]
    if gone:
        out.append(t(lang, "adv.removed", cards=", ".join(gone)))
    return out


def dungeon_lines(r: AdventureRules, s: TosState, ui: Catalog, lang: str) -> list[str]:
    """The rooms on the table, the map of them, the entry of the pawn's room: the text
    lines fitted to the screen (:func:`..text.fit_screen`), the map's rows whole."""
    from ..dungeon.text import bars_of, item_label, render_instruction
    from ..text import fit_screen

    t = ui.t
    m = s.adv.map
    placed = [m.room(rid) for rid in r.on_table(s)]
    x0 = min(p.x for p in placed)
    y0 = min(p.y for p in placed)
    x1 = max(p.x + p.width for p in placed)
    y1 = max(p.y + p.height for p in placed)
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
    words: list[str] = [t(lang, "adv.map_legend")]
    n = r._entry_of(s, here)
    if n is not None:
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
