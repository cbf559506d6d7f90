"""A generated dungeon adventure in words, in English and Italian.

:func:`render_instruction` reads one index entry as the players would: the symbol it names
(glyph name, orientation letter, and the map's code for it), the trigger, the "For 1 time"
mark, its conditions, then one line per action::

    Sun A [*0a] — When you step on it:
      Main quest — Defeat the villain: a villain lurks in the depths of this dungeon...
      Only if you have: the mark of the defeated villain.
      - The light of the world outside falls on your face: you leave the dungeon alive.
      - You win the adventure!

    Sole A [*0a] — Quando ci passi sopra:
      Missione principale — Sconfiggi il cattivo: un cattivo si nasconde...
      Solo se hai: il segno del cattivo sconfitto.
      - La luce del mondo esterno ti colpisce il viso: esci vivo dalle segrete.
      - Hai vinto l'avventura!

Conditions read "Only if ..." ("... otherwise this room is empty" for the map and bar
conditions); a pencil bar is named by the symbol of the entry that ticks it when the index
is at hand (``bars``), else by its name. Fights read through
:func:`tavolo.games.tos.text.render_enemy` (a fight followed by more
actions ends with "Once it is defeated:"), the shared card actions through
:func:`tavolo.games.tos.adventure.text.render_action`; items and story steps have their own
sentences here. :func:`render_index` gives the three index cards entry by entry and
:func:`render_dungeon` the whole adventure: title, the quests, then the index (the
hidden map of :func:`.render.render_map` with a legend only when asked for: the players
discover it room by room).

The wording lives in ``messages/en.yaml`` and ``messages/it.yaml`` (same keys, same
placeholders); a missing item or story label is a :class:`ContentError`.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from tavolo.engine.i18n import Catalog, check_lang
from tavolo.games.tos.adventure.text import render_action
from tavolo.games.tos.text import checked_text, render_enemy
from tavolo.games.tos.world.text import quest_name

from .adventure import DungeonAdventure
from .geometry import ORIENTATIONS
from .index import (
    Attach,
    BarFull,
    Condition,
    Fight,
    Gain,
    HasItem,
    IndexCards,
    Instruction,
    Lose,
    Story,
    SymbolMapped,
    Teleport,
    Tick,
    Win,
)
from .render import render_map

MSG = Catalog(Path(__file__).parent / "messages")
"""The dungeon's message catalog."""

INDENT = "  "
BOX = "☐"

Bars = Mapping[str, tuple[int, int]]
"""Pencil bar name -> the symbol of the entry that ticks it."""


def _t(lang: str, key: str, /, **kw: object) -> str:
    return checked_text(MSG, "tos dungeon messages", lang, key, **kw)


def glyph_name(glyph: int, lang: str) -> str:
    """The glyph's name (Sun, Moon, ... / Sole, Luna, ...)."""
    return _t(lang, f"glyph.{glyph}")


def render_symbol(symbol: tuple[int, int], lang: str, *, codes: bool = True) -> str:
    """``Sun B [*0b]``: glyph name, orientation letter, and how the screen's map draws it;
    without ``codes`` (on paper, where the card shows the glyph and its letter) ``Sun B``."""
    glyph, turn = symbol
    letter = ORIENTATIONS[turn]
    if not codes:
        return _t(lang, "symbol.plain", glyph=glyph_name(glyph, lang), letter=letter)
    code = f"*{glyph}{letter.lower()}"
    return _t(lang, "symbol", glyph=glyph_name(glyph, lang), letter=letter, code=code)


def item_label(item: str, lang: str) -> str:
    """The readable name of an item, key or quest mark id."""
    return _t(lang, f"item.{item}")


def _action_lines(instr: Instruction, lang: str) -> list[str]:
    lines: list[str] = []
    last = len(instr.actions) - 1
    for n, a in enumerate(instr.actions):
        match a:
            case Fight():
                key = "act.fight" if n == last else "act.fight.then"
                lines.append(_t(lang, key, enemy=render_enemy(a.enemy, lang)))
            case Gain():
                lines.append(_t(lang, "act.gain", item=item_label(a.item, lang)))
            case Lose():
                lines.append(_t(lang, "act.lose", item=item_label(a.item, lang)))
            case Teleport():
                lines.append(_t(lang, "act.teleport", room=a.room))
            case Attach():
                lines.append(_t(lang, "act.attach", room=a.room))
            case Win():
                lines.append(_t(lang, "act.win"))
            case Tick():
                lines.append(_t(lang, "act.tick", boxes=" ".join(BOX * a.boxes)))
            case Story():
                lines.append(_t(lang, f"story.{a.label}", rooms=", ".join(a.rooms)))
            case _:  # a shared card action; the entry already says "For 1 time"
                once = a.once and not instr.once
                lines.append(render_action(a.model_copy(update={"once": once}), lang))
    return lines


def bars_of(index: IndexCards) -> dict[str, tuple[int, int]]:
    """Each pencil bar of the index with the symbol of the entry that ticks it."""
    return {
        a.bar: (ins.symbol[0], ins.symbol[1])
        for ins in index.instructions
        for a in ins.actions
        if isinstance(a, Tick)
    }


def render_condition(
    c: Condition, lang: str, bars: Bars | None = None, *, codes: bool = True
) -> str:
    """One "Only if ..." line (symbols with the screen's codes unless ``codes`` is off)."""
    match c:
        case HasItem():
            return _t(lang, "cond.has_item", item=item_label(c.item, lang))
        case SymbolMapped():
            key = "cond.not_mapped" if c.negate else "cond.mapped"
            symbol = render_symbol((c.symbol[0], c.symbol[1]), lang, codes=codes)
            return _t(lang, key, symbol=symbol)
        case BarFull():
            at = (bars or {}).get(c.bar)
            where = (
                _t(lang, "bar.named", bar=c.bar)
                if at is None
                else _t(lang, "bar.at", symbol=render_symbol(at, lang, codes=codes))
            )
            return _t(lang, "cond.bar_not_full" if c.negate else "cond.bar_full", bar=where)
    raise AssertionError(c)


def mission_text(instr: Instruction, lang: str) -> str | None:
    """The main quest told on the entrance's entry (the one whose story is the way out,
    on room 1A: the entry the player reads at the start, T-23): "Main quest — <name>:
    <what to do>"; None for every other entry."""
    check_lang(lang)
    exit_entry = any(isinstance(a, Story) and a.label == "main.victory" for a in instr.actions)
    if not exit_entry:
        return None
    if not MSG.has(f"story.{instr.source}.mission"):  # a hand-made file's own quest
        return _t(lang, "mission.plain")
    text = _t(lang, f"story.{instr.source}.mission")
    return _t(lang, "mission", name=quest_name(instr.source, lang), text=text)


def render_instruction(
    instr: Instruction, lang: str, bars: Bars | None = None, *, codes: bool = True
) -> str:
    """One index entry: symbol and trigger, then the main quest on the entrance's entry
    (:func:`mission_text`), "For 1 time", conditions and actions. ``codes`` off drops the
    screen's map notation (``[*4b]``) for paper."""
    check_lang(lang)
    symbol = (instr.symbol[0], instr.symbol[1])
    head = render_symbol(symbol, lang, codes=codes)
    lines = [f"{head} — {_t(lang, f'trigger.{instr.trigger}')}"]
    mission = mission_text(instr, lang)
    if mission is not None:
        lines.append(INDENT + mission)
    if instr.once:
        lines.append(INDENT + _t(lang, "once") + ".")
    lines.extend(INDENT + render_condition(c, lang, bars, codes=codes) for c in instr.conditions)
    lines.extend(f"{INDENT}- {line}" for line in _action_lines(instr, lang))
    return "\n".join(lines)


def render_index(adventure: DungeonAdventure, lang: str) -> str:
    """The three index cards, card by card, entry by entry; each numbered as the printed
    card is (``1/3``: its place in the index, which the player reads in order), with its
    number in the set (7 to 9, the printed code's ``D-7B``)."""
    check_lang(lang)
    bars = bars_of(adventure.index)
    blocks: list[str] = []
    cards = adventure.index.cards
    for k, card in enumerate(cards, 1):
        lines = [_t(lang, "index.card", n=k, of=len(cards), card=card.number)]
        if not card.instructions:
            lines.append(INDENT + _t(lang, "index.empty"))
        for instr in card.instructions:
            text = render_instruction(instr, lang, bars)
            lines.extend(INDENT + line for line in text.splitlines())
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def render_legend(lang: str) -> str:
    """What the debugging map's marks mean."""
    check_lang(lang)
    keys = ("legend.room", "legend.wall", "legend.door", "legend.symbol")
    lines = [_t(lang, "legend.title")]
    lines.extend(INDENT + _t(lang, key, glyph=glyph_name(3, lang)) for key in keys)
    return "\n".join(lines)


def render_map_strips(adventure: DungeonAdventure, lang: str, width: int | None = None) -> str:
    """The hidden map of :func:`.render.render_map`; when it is wider than ``width``, cut at
    cell edges into strips side by side on the table, printed one below the other, each
    with the columns of cells it holds, so that no line is wider than ``width``."""
    whole = render_map(adventure.map).splitlines()
    full = max(len(line) for line in whole)
    if width is None or full <= width:
        return "\n".join(whole)
    cells = -(-(full - 1) // 4)
    per = max(1, (width - 1) // 4)
    strips = -(-cells // per)
    out: list[str] = []
    for k, first in enumerate(range(0, cells, per)):
        last = min(cells, first + per)
        if k:
            out.append("")
        out.append(
            _t(lang, "map.strip", n=k + 1, of=strips, first=first + 1, last=last, cells=cells)
        )
        out.extend(line[4 * first : 4 * last + 1].rstrip() for line in whole)
    return "\n".join(out)


def render_dungeon(
    adventure: DungeonAdventure, lang: str, *, show_map: bool = False, width: int | None = None
) -> str:
    """The whole adventure: title with the seed, the quests and events, the index cards;
    with ``show_map`` first the hidden map (a designer's view: the players discover it
    room by room) with its legend, in strips no wider than ``width``."""
    check_lang(lang)
    none = _t(lang, "none")
    summary = _t(
        lang,
        "summary",
        main=quest_name(adventure.main_quest, lang),
        sides=", ".join(quest_name(q, lang) for q in adventure.side_quests) or none,
        events=", ".join(quest_name(e, lang) for e in adventure.events) or none,
    )
    parts = [_t(lang, "title", seed=adventure.seed), summary, ""]
    if show_map:
        parts += [
            _t(lang, "map.title"),
            render_map_strips(adventure, lang, width),
            "",
            render_legend(lang),
            "",
        ]
    parts += [_t(lang, "index.title"), "", render_index(adventure, lang)]
    return "\n".join(parts)
