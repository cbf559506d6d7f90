"""A world adventure in words, in English and Italian.

:func:`render_half` reads a half as the card prints it, one sentence per line, top to
bottom::

    The shifting lands
      A shadow blocks the path.
      Fight: Enemy — level 2 · attack 3 · defense 6. Open slots: none. Bonus ...
      Once it is defeated:
      If 8A isn't mapped and 9A is mapped: reveal 9B.
      If 9B is mapped: remove this card.

Conditions print as on the cards ("If 8A and 3A aren't mapped and 9A is mapped: ..."),
"You may" lines as "you may ...", card actions through
:func:`tavolo.games.tos.adventure.text.render_action` (with their "For 1 time"), enemies
through :func:`tavolo.games.tos.text.render_enemy` plus their open slots and the bonus they
give the enemy on their left. Titles (:func:`half_title`) and story lines are labels looked
up in ``messages/en.yaml`` and ``messages/it.yaml`` (same keys, same placeholders); a label
without a text is a :class:`ContentError`.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from tavolo.engine.i18n import Catalog, check_lang
from tavolo.games.tos.adventure.text import render_action
from tavolo.games.tos.text import MSG as TOS_MSG
from tavolo.games.tos.text import checked_text, render_enemy

from .model import (
    START_CARD,
    Blank,
    Fight,
    Half,
    Line,
    Mapped,
    Remove,
    Reveal,
    Text,
    TickBar,
    Win,
    WorldAdventure,
)

MSG = Catalog(Path(__file__).parent / "messages")
"""The world adventure's message catalog."""

INDENT = "  "
MINUS = "−"


def _t(lang: str, key: str, /, **kw: object) -> str:
    return checked_text(MSG, "tos world messages", lang, key, **kw)


def quest_name(quest: str, lang: str) -> str:
    """A quest's or event's name in words (the summary names them; ids are for files)."""
    return checked_text(TOS_MSG, "tos messages", lang, f"quest.{quest}")


def _sentence(text: str) -> str:
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", ":")) else text + "."


def _signed(n: int) -> str:
    return f"{n:+d}".replace("-", MINUS)


def render_conditions(conditions: Sequence[Mapped], lang: str, *, either: bool = False) -> str:
    """``8A and 3A aren't mapped and 9A is mapped`` (``either``: ``4A or 4B is mapped``)."""
    groups: list[str] = []
    for negate in (True, False):
        halves = [c.half for c in conditions if c.negate == negate]
        if not halves:
            continue
        joined = _t(lang, "join.or" if either else "join.and").join(halves)
        number = "one" if len(halves) == 1 or either else "many"
        groups.append(
            _t(lang, f"cond.{'unmapped' if negate else 'mapped'}.{number}", halves=joined)
        )
    return _t(lang, "join.and").join(groups)


def _conditional(text: str, conditions: Sequence[Mapped], lang: str) -> str:
    if conditions:
        text = _t(lang, "line.if", conditions=render_conditions(conditions, lang), text=text)
    return _sentence(text)


def _fight(line: Fight, lang: str) -> str:
    level, attack, defense = line.bonus
    slots = [_t(lang, f"stat.{s}") for s in line.open] or [_t(lang, "stat.none")]
    bonus = _t(
        lang, "bonus", level=_signed(level), attack=_signed(attack), defense=_signed(defense)
    )
    enemy = render_enemy(line.enemy, lang)
    return _t(lang, "line.fight", enemy=enemy, open=_t(lang, "join.list").join(slots), bonus=bonus)


def _tick_bar(line: TickBar, lang: str) -> str:
    boxes = "".join(f"[{v.upper() or ' '}]" for v in line.boxes)
    once = _t(lang, "line.tick.once") if line.once else ""
    may = _t(lang, "line.tick.may") if line.may else ""
    text = _t(lang, "line.tick", once=once + may, boxes=boxes, end=line.end.upper())
    return _sentence(text)


def _branches(line: TickBar, lang: str) -> list[str]:
    out: list[str] = []
    for value, lines in line.branches.items():
        text = " ".join(render_line(x, lang) for x in lines)
        out.append(_t(lang, "line.branch", value=value.upper(), text=text))
    return out


def render_line(line: Line, lang: str) -> str:
    """One line of a half as one sentence (a tick bar with its branches, one after another)."""
    check_lang(lang)
    match line:
        case Text():
            return _t(lang, f"story.{line.label}")
        case Fight():
            return _fight(line, lang)
        case Reveal():
            key = "line.reveal.may" if line.may else "line.reveal"
            return _conditional(_t(lang, key, half=f"{line.card}B"), line.conditions, lang)
        case Remove():
            key = "line.remove.may" if line.may else "line.remove"
            return _conditional(_t(lang, key), line.conditions, lang)
        case Blank():
            return _conditional(_t(lang, "line.blank"), line.conditions, lang)
        case Win():
            return _t(lang, "line.win")
        case TickBar():
            return " ".join([_tick_bar(line, lang), *_branches(line, lang)])
        case _:
            return render_action(line, lang)


def _either_blank(lines: Sequence[Line], i: int) -> int:
    """How many blank lines from ``i`` on each hold one "is mapped" condition (read as
    one "If 4A or 4B is mapped: this card is blank")."""
    n = 0
    for line in lines[i:]:
        if not (isinstance(line, Blank) and len(line.conditions) == 1):
            break
        if line.conditions[0].negate:
            break
        n += 1
    return n


def render_half(half: Half, lang: str) -> list[str]:
    """The half's lines in reading order, as the card prints them; after a fight that more
    lines follow, "Once it is defeated:"; a tick bar's values one per line."""
    check_lang(lang)
    out: list[str] = []
    lines = half.lines
    i = 0
    while i < len(lines):
        line = lines[i]
        run = _either_blank(lines, i)
        if run > 1:
            conds = [b.conditions[0] for b in lines[i : i + run] if isinstance(b, Blank)]
            cond = render_conditions(conds, lang, either=True)
            out.append(_sentence(_t(lang, "line.if", conditions=cond, text=_t(lang, "line.blank"))))
            i += run
            continue
        if isinstance(line, TickBar):
            out.append(_tick_bar(line, lang))
            out.extend(_branches(line, lang))
        else:
            out.append(render_line(line, lang))
        if isinstance(line, Fight) and i < len(lines) - 1:
            out.append(_t(lang, "line.fight.then"))
        i += 1
    return out


def half_title(half: Half, lang: str) -> str:
    """The half's title: a quest step's name, a character's or a place's."""
    check_lang(lang)
    return _t(lang, f"title.{half.title}")


def render_world(adv: WorldAdventure, lang: str) -> str:
    """All nine cards, both halves: code, title and lines."""
    check_lang(lang)
    none = _t(lang, "world.none")
    parts = [
        _t(lang, "world.title", seed=adv.seed),
        _t(
            lang,
            "world.summary",
            main=quest_name(adv.main_quest, lang),
            side=quest_name(adv.side_quest, lang) if adv.side_quest else none,
            events=", ".join(quest_name(e, lang) for e in adv.events) or none,
        ),
    ]
    if adv.attempts > 1:
        parts.append(_t(lang, "world.attempts", attempts=adv.attempts))
    for card in adv.cards:
        parts.extend(["", _t(lang, "world.card", n=card.number)])
        for half in (card.top, card.bottom):
            start = card.number == START_CARD and half is card.top
            head = "world.start" if start else "world.half"
            parts.append(INDENT + _t(lang, head, id=half.id, title=half_title(half, lang)))
            parts.extend(INDENT * 2 + line for line in render_half(half, lang))
    return "\n".join(parts)
