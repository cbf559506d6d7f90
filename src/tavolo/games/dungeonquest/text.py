"""DungeonQuest text in English and Italian, rendered from the data (never typed twice).

Effects render as clauses joined into sentences; a card reads like a printed card::

    Crossfire Trap (Room card, x1)
    Lose D12 − Armour LP.
    Trapdoor (Room card, x1)
    Test your Agility (roll D12: Agility or less passes): if you fail, keep this card ...

Keys: ``fx.<verb>`` (``fx.<verb>.<value>`` where the value changes the sentence),
``dice.*``, ``attr.*``, ``card.*``, ``tile.*``, ``event.*``. All wording lives in
``messages/{en,it}.yaml``; a key missing there is a content error, not a silent blank.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tavolo.engine.errors import ContentError
from tavolo.engine.i18n import check_lang

from .board import SIDES, Board, Placed, Square, Tile, side_name
from .content import Content, default_content
from .dice import Dice
from .effects import Effect
from .options import DEFAULT, Options
from .schema import (
    COUNTERS,
    Card,
    Hero,
    Item,
    Monster,
    MonsterCard,
    Names,
    Ring,
    RollTable,
)
from .words import MSG as MSG  # (rules and game take it from here)

MARK = {
    "room": "R",
    "corridor": "C",
    "trap": "T",
    "portcullis": "G",
    "rotating": "@",
    "chasm": "/",
    "pit": "O",
    "darkness": "?",
    "cave_in": "%",
    "catacomb_entrance": "S",
    "bridge": "B",
    "spider_web": "*",
    "tower": "#",
    "chamber": "$",
}
ARROW = "^>v<"  # the heading, N E S W
EVENTS: dict[str, tuple[str, ...]] = {
    "tile_placed": ("hero", "tile", "square"),
    "card_drawn": ("hero", "card", "deck"),
    "rolled": ("hero", "dice", "result", "why"),
    "test_passed": ("hero", "attr", "result"),
    "test_failed": ("hero", "attr", "result"),
    "life_lost": ("hero", "n", "left"),
    "life_gained": ("hero", "n", "left"),
    "treasure_taken": ("hero", "gp"),
    "dragon_sleeps": ("hero",),
    "dragon_wakes": ("hero",),
    "door_opened": ("hero",),
    "door_jammed": ("hero",),
    "monster_appears": ("hero", "monster"),
    "monster_flees": ("monster",),
    "monster_killed": ("hero", "monster"),
    "combat_round": ("hero", "mine", "theirs", "hero_loses", "monster_loses"),
    "escaped_monster": ("hero",),
    "turn_lost": ("hero",),
    "sun_moves": ("round", "rounds"),
    "sunset": (),
    "hero_escaped": ("hero", "gp"),
    "hero_died": ("hero", "cause"),
}
"""Every event the rules will narrate, with the fields its text needs."""


def _t(lang: str, key: str, /, **kw: Any) -> str:
    if key not in MSG.messages.get(lang, {}):
        text = f"dungeonquest messages/{lang}.yaml: no text for {key!r}"
        raise ContentError(text)  # English only: the catalog lacks the words
    return MSG.t(lang, key, **kw)


def _has(lang: str, key: str) -> bool:
    return key in MSG.messages.get(lang, {})


def _name(names: Names, lang: str) -> str:
    return names.it if lang == "it" else names.en


def _join(lang: str, parts: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return MSG.join(lang, parts, "join.and", "join.comma")


def _sentence(text: str) -> str:
    text = " ".join(text.split())
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


# ------------------------------------------------------------------------------ dice --
def dice_text(d: Dice, lang: str) -> str:
    """``D12 − Armour``, ``2D6``, ``D6+3 − Luck``, ``½D6``, ``4``."""
    check_lang(lang)
    if d.fixed:
        text = str(d.mod)
    else:
        text = f"{d.n if d.n > 1 else ''}D{d.sides}"
        if d.half:
            text = "½" + text
        if d.mod:
            text += f"{d.mod:+d}".replace("-", "−")
    if d.attr:
        text = _t(lang, "dice.minus_attr", dice=text, attr=_t(lang, f"attr.{d.attr}"))
    return text


# --------------------------------------------------------------------------- effects --
def _effects(effects: Sequence[Effect], lang: str, c: Content) -> str:
    """Effects in order: ``a, then b, then c``."""
    parts = [render_effect(e, lang, c) for e in effects]
    text = parts[-1]
    for p in reversed(parts[:-1]):
        text = _t(lang, "join.then", a=p, b=text)
    return text


def render_effect(e: Effect, lang: str, content: Content | None = None) -> str:
    """One effect as a clause (lower case, no period), branches included."""
    check_lang(lang)
    c = content or default_content()
    verb = e.verb
    value = getattr(e, verb)
    kw: dict[str, Any] = {}
    key = f"fx.{verb}"
    if isinstance(value, Dice):
        kw["amount"] = dice_text(value, lang)
    if verb in ("rotate_corridors", "cancel", "keep"):
        key += f".{value}"
    elif verb == "lose_turns" and value.fixed and value.mod == 1:
        key += ".one"
    elif verb == "draw":
        kw["deck"] = _name(c.decks[value].name, lang)
    elif verb == "treasure":
        kw["gp"] = value
    elif verb == "treasure_counters":
        kw["n"] = value
    elif verb in ("monster", "creature"):
        m = c.monster(value)
        kw[verb] = _name(m.name, lang)
        if verb == "monster":
            key += ".sneak" if e.sneak else f".{m.kind}"
    elif verb == "consult":
        kw["table"] = _name(c.table(value).name, lang)
    elif verb == "has":
        kw["item"] = _name(next(i.name for i in c.items if i.id == value), lang)
    if verb == "test":
        text = _t(lang, key, attr=_t(lang, f"attr.{value}"))
        parts = [
            _t(lang, f"fx.test.{name}", effects=_effects(sub, lang, c))
            for name, sub in e.branches()
        ]
        return _t(lang, "fx.branches", head=text, rest="; ".join(parts))
    if verb == "has":
        parts = [
            _t(lang, f"fx.has.{name}", effects=_effects(sub, lang, c)) for name, sub in e.branches()
        ]
        return _t(lang, "fx.has", item=kw["item"], rest="; ".join(parts))
    if verb == "call":
        text = _t(lang, "fx.call.one" if value == 1 else "fx.call.many", n=value)
        parts = [
            _t(lang, f"fx.call.{name}", effects=_effects(sub, lang, c))
            for name, sub in e.branches()
        ]
        return _t(lang, "fx.branches", head=text, rest="; ".join(parts))
    if verb == "roll":
        rows = [
            _t(lang, "fx.roll.row", range=_range(a, b), effects=_effects(sub, lang, c))
            for (a, b), sub in e.rows()
        ]
        return _t(lang, "fx.branches", head=_t(lang, key, **kw), rest="; ".join(rows))
    text = _t(lang, key, **kw)
    return _t(lang, "fx.optional", rest=text) if e.optional else text


def _range(a: int, b: int) -> str:
    return str(a) if a == b else f"{a}–{b}"


def effects_text(effects: Sequence[Effect], lang: str, content: Content | None = None) -> str:
    """A list of effects as one sentence."""
    return _sentence(_effects(effects, lang, content or default_content()))


# ----------------------------------------------------------------------------- cards --
def render_card(card: Card, deck: str, lang: str, content: Content | None = None) -> list[str]:
    """A card of a deck (or a dragon counter, deck ``dragon``): head line, then rules."""
    check_lang(lang)
    c = content or default_content()
    deck_name = _t(lang, "card.dragon") if deck == "dragon" else _name(c.decks[deck].name, lang)
    lines = [_t(lang, "card.head", name=_name(card.name, lang), deck=deck_name, n=card.count)]
    lines.append(effects_text(card.do, lang, c))
    if card.each_turn:
        lines.append(_sentence(_t(lang, "card.each_turn", text=_effects(card.each_turn, lang, c))))
    for key, effects in card.variants.items():
        lines.append(
            _sentence(_t(lang, "card.variant", option=key, text=_effects(effects, lang, c)))
        )
    return lines


def _outcome(n: int, column: str, lang: str) -> str:
    if n == 0:
        return _t(lang, f"mcard.{column}.zero")
    return _t(lang, "mcard.fight", n=n)


def render_monster_card(card: MonsterCard, lang: str, content: Content | None = None) -> list[str]:
    """A Monster card: one line per monster, its three outcomes."""
    check_lang(lang)
    c = content or default_content()
    lines = [_t(lang, "mcard.head", id=card.id[-2:], n=card.count)]
    for monster_id, (attack, wait, escape) in card.lines.items():
        lines.append(
            _t(
                lang,
                "mcard.line",
                monster=_name(c.monster(monster_id).name, lang),
                attack=_outcome(attack, "attack", lang),
                wait=_outcome(wait, "wait", lang),
                escape=_outcome(escape, "escape", lang),
            )
        )
    return lines


def render_monster(m: Monster, lang: str, content: Content | None = None) -> list[str]:
    check_lang(lang)
    c = content or default_content()
    name = _name(m.name, lang)
    lines = [_t(lang, f"monster.{m.kind}", name=name)]
    if m.counters:
        counters = _join(lang, [_name(c.combat.counters[k], lang) for k in m.counters])
        lines.append(_t(lang, "monster.counters", counters=counters))
    if m.tough:
        lines.append(_t(lang, "monster.tough", n=m.tough))
    if m.flee:
        lines.append(_sentence(_t(lang, "monster.flee", text=_effects(m.flee, lang, c))))
    if m.fight:
        lines.append(_sentence(_t(lang, "monster.fight", text=_effects(m.fight, lang, c))))
    return lines


def render_combat(table: str, lang: str, content: Content | None = None) -> list[str]:
    """The combat display: one line per pair of counters."""
    check_lang(lang)
    c = content or default_content()
    lines = [_t(lang, f"combat.{table}")]
    rows = c.combat.tables[table]
    for mine in COUNTERS:
        for theirs in COUNTERS:
            hero, monster = rows[mine][theirs]  # type: ignore[index]
            lines.append(
                _t(
                    lang,
                    "combat.row",
                    mine=_name(c.combat.counters[mine], lang),  # type: ignore[index]
                    theirs=_name(c.combat.counters[theirs], lang),  # type: ignore[index]
                    hero=hero,
                    monster=monster,
                )
            )
    return lines


def render_hero(h: Hero, lang: str) -> list[str]:
    check_lang(lang)
    name = _name(h.name, lang)
    head = _t(lang, "hero.head.title", name=name, title=_name(h.title, lang)) if h.title else name
    lines = [
        head,
        _t(
            lang,
            "hero.stats",
            life=h.life,
            strength=h.strength,
            agility=h.agility,
            armour=h.armour,
            luck=h.luck,
        ),
    ]
    if h.missile:
        m = h.missile
        lines.append(_t(lang, f"hero.missile.{m.kind}"))
        if m.per_encounter:
            lines.append(_t(lang, "hero.missile.per_encounter", n=m.per_encounter))
        if m.spider_per_turn:
            lines.append(_t(lang, "hero.missile.spider", n=m.spider_per_turn))
        lines.append(
            _t(lang, "hero.missile.supply", n=m.supply)
            if m.supply
            else _t(lang, "hero.missile.unlimited")
        )
    if h.mighty_blow is not None:
        lines.append(_t(lang, "hero.mighty_blow", n=h.mighty_blow))
    if h.expansion:
        lines.append(_t(lang, f"expansion.{h.expansion}"))
    return lines


def render_ring(r: Ring, lang: str, content: Content | None = None) -> list[str]:
    check_lang(lang)
    c = content or default_content()
    lines = [
        _name(r.name, lang),
        _sentence(_t(lang, f"when.{r.when}", text=_effects(r.do, lang, c))),
        _t(lang, "ring.uses", n=r.uses),
    ]
    if r.except_sneak:
        lines.append(_t(lang, "ring.except_sneak"))
    if r.covers or r.covers_tiles:
        cards = [
            _name(next(x for d in ("room", "trap") for x in c.cards[d] if x.id == i).name, lang)
            for i in r.covers
        ]
        tiles = [_name(c.kind(k).name, lang) for k in r.covers_tiles]
        lines.append(_t(lang, "ring.covers", what=_join(lang, tiles + cards)))
    return lines


def render_item(item: Item, lang: str, content: Content | None = None) -> list[str]:
    check_lang(lang)
    c = content or default_content()
    lines = [
        _name(item.name, lang),
        _sentence(_t(lang, f"when.{item.when}", text=_effects(item.do, lang, c))),
    ]
    if item.carry:
        lines.append(_t(lang, "item.carry", n=item.carry))
    for m in item.not_against:
        lines.append(_t(lang, "item.not_against", monster=_name(c.monster(m).name, lang)))
    return lines


def render_table(t: RollTable, lang: str, content: Content | None = None) -> list[str]:
    check_lang(lang)
    c = content or default_content()
    e = t.do[0]
    assert e.roll is not None
    lines = [_t(lang, "table.head", name=_name(t.name, lang), dice=dice_text(e.roll, lang))]
    for (a, b), sub in e.rows():
        lines.append(
            _t(lang, "fx.roll.row", range=_range(a, b), effects=effects_text(sub, lang, c))
        )
    if t.placeholder:
        lines.append(_t(lang, "table.placeholder"))
    return lines


def render_treasure(gp: int, lang: str) -> str:
    return _t(check_lang(lang), "counter.treasure", gp=gp)


# ----------------------------------------------------------------------------- tiles --
def _edge_h(edge: str | None) -> str:
    return {"O": "   ", "W": "---", "D": "-D-", "P": "-P-", None: "   "}[edge]


def _edge_v(edge: str | None) -> str:
    return {"O": " ", "W": "|", "D": "D", "P": "P", None: " "}[edge]


def picture(edges: Sequence[str | None], mark: str, arrow: str = " ") -> list[str]:
    """Three lines of five characters: edges N, E, S, W; kind mark and heading arrow."""
    n, e, s, w = edges
    return [
        "+" + _edge_h(n) + "+",
        _edge_v(w) + mark + " " + arrow + _edge_v(e),
        "+" + _edge_h(s) + "+",
    ]


def render_tile(
    tile: Tile, lang: str, placed: Placed | None = None, content: Content | None = None
) -> list[str]:
    """A tile's name, picture (entered northwards unless placed), exits and rule."""
    check_lang(lang)
    c = content or default_content()
    p = placed or Placed(tile, 0)
    kind = c.kind(tile.kind)
    lines = [_t(lang, "tile.head", name=_name(kind.name, lang), id=tile.id)]
    lines += picture(p.edges(), MARK[tile.kind], ARROW[p.facing])
    if placed is None:
        rel = (
            ("entry", tile.entry),
            ("left", tile.left),
            ("ahead", tile.ahead),
            ("right", tile.right),
        )
        parts = [
            _t(lang, "tile.edge", where=_t(lang, f"rel.{w}"), edge=_t(lang, f"edge.{e}"))
            for w, e in rel
        ]
    else:
        parts = [
            _t(
                lang,
                "tile.edge",
                where=_t(lang, f"side.{side_name(s)}"),
                edge=_t(lang, f"edge.{p.edge(s)}"),
            )
            for s in SIDES
        ]
    lines.append(_t(lang, "tile.edges", edges="; ".join(parts)))
    lines.append(_t(lang, f"tile.rule.{tile.kind}"))
    draws = _name(c.decks[kind.draws].name, lang) if kind.draws else None
    lines.append(_t(lang, "tile.draws", deck=draws) if draws else _t(lang, "tile.draws_none"))
    lines.append(_t(lang, "tile.searchable" if kind.searchable else "tile.not_searchable"))
    if tile.chasm:
        lines.append(_t(lang, f"tile.chasm.{tile.chasm}"))
    return lines


def _wall(a: str | None, b: str | None) -> str | None:
    """The one edge two squares share, as crossing it goes (``Board.passage``): a wall on
    either side blocks it, else a door or a portcullis on either side bars it; None
    where neither square is explored."""
    if a is None and b is None:
        return None
    have = {a, b}
    for edge in ("W", "D", "P"):
        if edge in have:
            return edge
    return "O"


def render_board(board: Board, lang: str, marks: dict[Square, str] | None = None) -> list[str]:
    """The board as a map whose neighbouring squares share their edges: a square is three
    characters, its kind, the heading it was entered by and the heroes on it (``marks``:
    their numbers), between ``+`` corners, ``---`` / ``|`` walls, ``D`` doors and ``P``
    portcullises; an unexplored square is ``.``. An edge shows what crossing it meets
    (a wall on either side blocks it). 13 x 10 squares take 53 columns and 21 rows."""
    check_lang(lang)
    marks = marks or {}
    w, h = board.spec.width, board.spec.height

    def edge(sq: Square, side: int) -> str | None:
        return board.edge(sq, side) if board.inside(sq) else None

    def seen(x: int, y: int) -> bool:
        return board.inside((x, y)) and board.explored((x, y))

    out: list[str] = []
    for y in range(h + 1):
        row = ""  # the edges between row y - 1 and row y
        for x in range(w + 1):
            corner = any(seen(x - i, y - j) for i in (0, 1) for j in (0, 1))
            row += "+" if corner else " "
            if x < w:
                shared = _wall(edge((x, y - 1), SIDES[2]), edge((x, y), SIDES[0]))
                row += _edge_h(shared)
        out.append(row.rstrip())
        if y == h:
            break
        row = ""
        for x in range(w + 1):
            row += _edge_v(_wall(edge((x - 1, y), SIDES[1]), edge((x, y), SIDES[3])))
            if x == w:
                break
            sq = (x, y)
            printed = board.printed(sq)
            if printed:
                cell = MARK[printed]
            elif sq in board.placed:
                p = board.placed[sq]
                cell = MARK[p.tile.kind] + ARROW[p.facing]
            else:
                cell = " ."
            row += (cell + marks.get(sq, "")).ljust(3)[:3]
        out.append(row.rstrip())
    return out


def render_legend(lang: str, width: int) -> list[str]:
    """The map's key, its entries packed into lines of ``width`` columns."""
    check_lang(lang)
    entries = [e.strip() for part in _t(lang, "board.legend").split("; ") for e in part.split(", ")]
    lines: list[str] = []
    for e in entries:
        if lines and len(lines[-1]) + 2 + len(e) <= width:
            lines[-1] += "  " + e
        else:
            lines.append(e)
    return lines


def render_sun(round_no: int, lang: str, options: Options = DEFAULT) -> str:
    """The sun track: ``Round 3 of 26: 23 more rounds before sunset``; the last round
    says the sun sets when it ends (it is played: the sun sets after it)."""
    check_lang(lang)
    left = options.sun_rounds - round_no
    key = "sun.track" if left > 0 else "sun.last"
    return _t(lang, key, round=round_no, rounds=options.sun_rounds, left=left)


def render_event(kind: str, lang: str, **kw: Any) -> str:
    """One event of the game in words (fields as in ``EVENTS``)."""
    check_lang(lang)
    if kind not in EVENTS:
        raise ContentError(f"dungeonquest: no event {kind!r}")  # English only: a bug
    return _sentence(_t(lang, f"event.{kind}", **kw))
