"""TOS card text rendered from the effect data, in English and Italian.

A half reads like a printed one: its title, the value sphere and symbols, the exhaust line,
then each ability with its cost and its sentences (rule T-16)::

    Flaming Slash
    value 5 · fire · banner ▶ · ★★
    Exhaust: pay 1 mana, or turn and discard.
    (2) Gain 3 attack.
    (1) If at least 1 fire is in play: gain 1 attack.

    Fendente Fiammeggiante
    valore 5 · Fuoco · Stendardo ▶ · ★★
    Esaurisci: paga 1 Mana, oppure girala e scartala.
    (2) Guadagna 3 Attacco.
    (1) Se è in gioco almeno 1 Fuoco: guadagna 1 Attacco.

A sentence is ``[If <conditions>[, <cost>]: | <cost>:] <action>, <action>.`` — conditions
joined with "and", actions with commas, the first letter capitalised and a final period.

All wording lives in ``messages/en.yaml`` and ``messages/it.yaml`` (same keys, same
placeholders); this module only picks keys and fills them. Symbols are the same in both
languages: ★ for a star sphere, ▶ / ▶▶ for one and two banner tips, − for a minus.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tavolo.engine.errors import ContentError, UnknownName
from tavolo.engine.i18n import Catalog, check_lang, hang

from .schema import (
    CLASSES,
    ELEMENTS,
    Ability,
    Action,
    Condition,
    Enemy,
    Half,
    Hero,
    HeroCard,
    Modifier,
    Sentence,
    TickBar,
)

MSG = Catalog(Path(__file__).parent / "messages")
"""TOS's message catalog; the keys this module uses start with text., title., adj., class.,
enemy. and mod."""

SCREEN = 80
"""The columns of a play screen."""

_LEAD = re.compile(r"(?:[-•] |\(\d+\) )")


EMPTY_BOX = "[ ]"
"""An empty pencil box as the text draws it: never broken in two at its space."""


def fit_screen(line: str, sep: str = " ", width: int = SCREEN) -> list[str]:
    """A play screen's line broken between words into lines of at most ``width`` columns
    (80, a play screen's), each going on under its words (after a ``- `` or ``(3) `` lead,
    else two columns in): the terminal would break it anywhere, going on at column 0. An
    empty box ``[ ]`` stays whole; with ``sep=", "`` so does each item of a list ("#4
    Guardia")."""
    return hang(line, width, sep=sep, item=_LEAD, rest=2, whole=(EMPTY_BOX,))


SKILLS = (
    "attack",
    "defense",
    "strong_attack",
    "strong_defense",
    "zero_transfer",
    "single_transfer",
    "starting_mana",
    "combined",
    "full_transfer",
    "final_action",
    "banner_conditioned",
    "legacy",
    "combo_elements",
    "full_transfer_element",
    "critical_element",
    "no_element",
    "split",
    "show_constellation",
    "show_constellation_element",
    "full_transfer_constellation",
    "legacy_constellation",
    "legacy_elemental",
)
"""Every skill id a half may name; each has a ``title.<id>`` in both catalogs."""

PERKS = (
    "safe",
    "flaming",
    "overwhelming",
    "cutting",
    "erosive",
    "efficient",
    "combo_one",
    "combo_two",
    "banner_one",
    "banner_two",
)
ADJECTIVES = PERKS + ELEMENTS
"""Every title adjective: the perks, then the elements; each has an ``adj.<id>``."""

STAR = "★"
TIPS = {1: "▶", 2: "▶▶"}
SEP = " · "


# ------------------------------------------------------------------------------ helpers --
def checked_text(catalog: Catalog, name: str, lang: str, key: str, /, **kw: Any) -> str:
    """``key`` of ``catalog`` (``name``: "tos world messages") filled in ``lang``. A text the
    language's file lacks, or one whose placeholders do not fit (a designer's typo, a
    translated placeholder), is a content error naming file and key, not a traceback."""
    if key not in catalog.messages.get(lang, {}):
        raise ContentError.said(MSG, "content.no_text", catalog=name, lang=lang, key=key)
    try:
        return catalog.t(lang, key, **kw)
    except KeyError as e:
        raise ContentError.said(
            MSG, "content.text_placeholder", catalog=name, lang=lang, key=key, name=e.args[0]
        ) from None
    except (IndexError, ValueError, AttributeError) as e:
        raise ContentError.said(
            MSG, "content.text_template", catalog=name, lang=lang, key=key, problem=str(e)
        ) from None


def _t(lang: str, key: str, /, **kw: Any) -> str:
    """A filled template; a key missing from the language's catalog is a content error."""
    return checked_text(MSG, "tos messages", lang, key, **kw)


def _has(lang: str, key: str) -> bool:
    return key in MSG.messages.get(lang, {})


def _finish(text: str) -> str:
    """A card sentence: trimmed, first letter capitalised, ending with a period."""
    text = " ".join(text.split())
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?", ":")) else text + "."


def _join(lang: str, parts: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c`` (Italian "ed" before a last part in e/è)."""
    both = "text.and_e" if parts and parts[-1][:1] in "eèEÈ" else "text.and"
    return MSG.join(lang, parts, both, "text.comma")


def _commas(lang: str, parts: Sequence[str]) -> str:
    """``a, b, c`` (actions are listed with commas only)."""
    text = parts[-1]
    for p in reversed(parts[:-1]):
        text = _t(lang, "text.comma", a=p, b=text)
    return text


def _signed(n: int) -> str:
    """``+1``, ``+0``, ``−1`` (a true minus sign)."""
    return f"+{n}" if n >= 0 else f"−{-n}"


def _amount(lang: str, track: str, n: int | str) -> str:
    return _t(lang, "text.amount", n=n, track=_t(lang, f"text.track.{track}"))


def _stars(pattern: Sequence[int]) -> str:
    """A constellation: ``★, ★★``."""
    return ", ".join(STAR * s for s in pattern)


def _indent(lines: Sequence[str], pad: str = "  ") -> list[str]:
    return [pad + line if line else line for line in lines]


# ------------------------------------------------------------------------------- names --
def class_name(klass: str, lang: str) -> str:
    """The hero class's name: Swordsman / Spadaccino, ..."""
    check_lang(lang)
    if klass not in CLASSES:
        raise UnknownName("hero class", klass, CLASSES, nouns=MSG)
    return _t(lang, f"class.{klass}")


def class_description(klass: str, lang: str) -> str:
    """The one-line description printed on the status card."""
    check_lang(lang)
    if klass not in CLASSES:
        raise UnknownName("hero class", klass, CLASSES, nouns=MSG)
    return _t(lang, f"class.{klass}.about")


def element_name(e: str, lang: str) -> str:
    """fire / Fuoco, water / Acqua, earth / Terra, air / Aria."""
    check_lang(lang)
    if e not in ELEMENTS:
        raise UnknownName("element", e, ELEMENTS)
    return _t(lang, f"text.element.{e}")


# ------------------------------------------------------------------------- the language --
def render_condition(c: Condition, lang: str) -> str:
    """One condition, as it reads between "If" and the colon (lower case, no period)."""
    check_lang(lang)
    if c.stars is not None:
        return _t(lang, f"text.if.stars.{c.place}", stars=_stars(c.stars))
    if c.at_least is not None:
        kind, n = "at_least", c.at_least
    elif c.at_most is not None:
        kind, n = "at_most", c.at_most
    else:
        assert c.exactly is not None  # the schema guarantees exactly one bound
        kind, n = "exactly", c.exactly
    bound = _t(lang, f"text.bound.{kind}", n=n)
    none = kind != "at_least" and n == 0  # "at most 0" and "exactly 0" both mean none
    number = "none" if none else "one" if n == 1 else "many"
    count = c.count
    if count in ("attack", "defense"):
        track = _t(lang, f"text.track.{count}.the")
        key = "text.if.track.none" if none else "text.if.track"
        return _t(lang, key, track=track, bound=bound)
    if count == "prev_stars":
        if kind == "exactly" and n > 0:
            return _t(lang, "text.if.prev_stars.exactly", stars=STAR * n)
        return _t(lang, "text.if.prev_stars", bound=bound)
    if count == "cards":
        return _t(lang, f"text.if.cards.{number}", bound=bound)
    if count in ("banner1", "banner2"):
        tips = TIPS[1 if count == "banner1" else 2]
        return _t(lang, f"text.if.banner.{number}", bound=bound, tips=tips)
    assert count is not None  # the schema guarantees a count or stars
    element = element_name(count, lang)
    return _t(lang, f"text.if.element.{number}", bound=bound, element=element)


def render_action(a: Action, lang: str) -> str:
    """One action, as it reads after the colon (lower case, no period)."""
    check_lang(lang)
    if a.gain is not None:
        return _t(lang, "text.do.gain", amount=_amount(lang, a.gain, a.n))
    if a.set is not None:
        return _t(lang, "text.do.set", track=_t(lang, f"text.track.{a.set}.the"), n=a.n)
    if a.pay is not None:
        return _t(lang, "text.do.pay", amount=_amount(lang, a.pay, a.n))
    if a.transfer is not None:
        src, dst = a.transfer
        return _t(
            lang,
            "text.do.transfer",
            all=_t(lang, f"text.track.{src}.all"),
            onto=_t(lang, f"text.track.{dst}.onto"),
        )
    if a.take_back is not None:
        key = "text.do.take_back.one" if a.take_back == 1 else "text.do.take_back.many"
        return _t(lang, key, n=a.take_back)
    if a.tick is not None:
        bar = _t(lang, f"text.bar.{a.tick}")
        return _t(lang, "text.do.tick", bar=bar, track=_t(lang, f"text.track.{a.into}"))
    if a.ignore_modifier:
        return _t(lang, "text.do.ignore_modifier")
    return _t(lang, "text.do.repeat")


def render_sentence(s: Sentence, lang: str) -> str:
    """A whole sentence (T-16): "If ...:", "You may pay ...:", "Pay ...:" or plain actions."""
    check_lang(lang)
    actions = _commas(lang, [render_action(a, lang) for a in s.do])
    conditions = _join(lang, [render_condition(c, lang) for c in s.if_])
    pay = ""
    if s.pay:
        cost = _join(lang, [_amount(lang, track, n) for track, n in s.pay.items()])
        pay = _t(lang, "text.pay.may" if s.may else "text.pay", cost=cost)
    if conditions and pay:
        text = _t(lang, "text.sentence.if_pay", conditions=conditions, pay=pay, actions=actions)
    elif conditions:
        text = _t(lang, "text.sentence.if", conditions=conditions, actions=actions)
    elif pay:
        text = _t(lang, "text.sentence.pay", pay=pay, actions=actions)
    else:
        text = actions
    return _finish(text)


def render_ability(a: Ability, lang: str) -> str:
    """The cost sphere, then the sentences: ``(2) Pay 1 defense: gain 6 attack.``"""
    check_lang(lang)
    text = " ".join(render_sentence(s, lang) for s in a.says)
    return _t(lang, "text.ability", cost=a.cost, text=text)


# ---------------------------------------------------------------------------- the cards --
def half_title(h: Half, lang: str) -> str:
    """The half's name: the skill's title with the adjective (perk or element) woven in."""
    check_lang(lang)
    if h.skill not in SKILLS:
        raise UnknownName("skill", h.skill, SKILLS)
    skill = _t(lang, f"title.{h.skill}")
    adjective = h.adjective if h.adjective is not None else h.perk
    if adjective is None:
        return skill
    if adjective not in ADJECTIVES:
        raise UnknownName("title adjective", adjective, ADJECTIVES)
    return _t(lang, "title.with_adj", skill=skill, adj=_t(lang, f"adj.{adjective}"))


def exhaust_line(h: Half, lang: str) -> str:
    """One tip: pay or turn and discard; two tips: pay to discard, or remove."""
    check_lang(lang)
    return _t(lang, f"text.exhaust.{h.banner}", n=h.exhaust)


def half_symbols(h: Half, lang: str) -> str:
    """The printed spheres and marks: value, element, banner tips, constellation stars."""
    check_lang(lang)
    parts = [_t(lang, "text.value", n=h.value)]
    if h.element is not None:
        parts.append(element_name(h.element, lang))
    parts.append(_t(lang, "text.banner", tips=TIPS[h.banner]))
    parts.append(STAR * h.stars)
    return SEP.join(parts)


def render_half(h: Half, lang: str) -> list[str]:
    """The lines of a printed half: title, symbols, exhaust line, each ability."""
    check_lang(lang)
    return [
        half_title(h, lang),
        half_symbols(h, lang),
        exhaust_line(h, lang),
        *(render_ability(a, lang) for a in h.abilities),
    ]


def render_card(card: HeroCard, lang: str, upright: int = 0) -> str:
    """A hero card: its number, the upright half (0 top, 1 bottom), then the other one
    marked as upside down."""
    check_lang(lang)
    if upright not in (0, 1):
        raise ValueError(f"upright is 0 (top half) or 1 (bottom half), not {upright!r}")
    up, down = (card.top, card.bottom) if upright == 0 else (card.bottom, card.top)
    lines = [
        _t(lang, "text.card", n=card.number),
        *_indent(render_half(up, lang)),
        "  " + _t(lang, "text.card.upside_down"),
        *_indent(render_half(down, lang)),
    ]
    return "\n".join(lines)


def render_bar(name: str, bar: TickBar, lang: str) -> str:
    """A tick bar: ``Legacy bar: [ ] [+1] [+0] [+1] [+1] [+2] → +0``."""
    check_lang(lang)
    label = _t(lang, f"text.bar.{name}") if _has(lang, f"text.bar.{name}") else name
    label = label[:1].upper() + label[1:]  # it starts the line ("barra del Retaggio" mid-text)
    boxes = " ".join("[ ]" if b is None else f"[{_signed(b)}]" for b in bar.boxes)
    return _t(lang, "text.bar.line", bar=label, boxes=boxes, end=_signed(bar.end))


def render_status(hero: Hero, lang: str) -> list[str]:
    """The status card: class, description, the four tracks at setup, the tick bars."""
    check_lang(lang)
    return [
        _t(lang, "text.hero.title", klass=class_name(hero.klass, lang), serial=hero.serial),
        class_description(hero.klass, lang),
        _t(lang, "text.status"),
        *_indent(
            [
                _t(lang, "text.status.attack", n=0),
                _t(lang, "text.status.defense", n=0),
                _t(lang, "text.status.level", n=2, max=9),
                _t(lang, "text.status.mana", n=0),
                *(render_bar(name, bar, lang) for name, bar in hero.bars.items()),
            ]
        ),
    ]


def render_hero(hero: Hero, lang: str) -> str:
    """A whole hero set: the status card, then the 8 hero cards with the top half upright."""
    check_lang(lang)
    blocks = ["\n".join(render_status(hero, lang))]
    blocks += [render_card(card, lang) for card in hero.cards]
    return "\n\n".join(blocks)


# ------------------------------------------------------------------------------ enemies --
def _modifier_trigger(m: Modifier) -> Condition:
    if m.element is not None:
        return Condition(count=m.element, at_least=1)
    if m.cards_at_most is not None:
        return Condition(count="cards", at_most=m.cards_at_most)
    if m.cards_at_least is not None:
        return Condition(count="cards", at_least=m.cards_at_least)
    return Condition(count="banner1" if m.banner == 1 else "banner2", at_least=2)


def render_modifier(m: Modifier, lang: str) -> str:
    """An enemy's modifier rule: ``−1 attack when at least 1 water is in play``."""
    check_lang(lang)
    when = render_condition(_modifier_trigger(m), lang)
    return _t(
        lang, "mod.rule", delta=_signed(m.delta), stat=_t(lang, f"text.track.{m.stat}"), when=when
    )


def modifier_name(m: Modifier, lang: str) -> str | None:
    """The modifier's bold name (Fearful / Timoroso), or None for an id without one."""
    check_lang(lang)
    key = f"mod.name.{m.id}"
    return _t(lang, key) if _has(lang, key) else None


def render_enemy(e: Enemy, lang: str) -> str:
    """``Enemy — level 4 · attack 7 · defense 10 · Fearful (−1 attack when ...)``."""
    check_lang(lang)
    stats = [_t(lang, "enemy.level", n=e.level), _t(lang, "enemy.attack", n=e.attack)]
    if e.defense is None:
        stats.append(_t(lang, "enemy.trap"))
    else:
        stats.append(_t(lang, "enemy.defense", n=e.defense))
    if e.modifier is not None:
        rule = render_modifier(e.modifier, lang)
        bold = modifier_name(e.modifier, lang)
        stats.append(rule if bold is None else _t(lang, "mod.named", name=bold, rule=rule))
    name = e.name if e.name else _t(lang, "enemy.name")
    return _t(lang, "enemy.line", name=name, stats=SEP.join(stats))
