"""Platformer card and tile text, rendered from the data in English and Italian.

An ability reads like a printed card::

    Exhaust — Move 1 space.
    Passive — When you use a PUSH symbol: you may push that enemy 1 more space.
    Esaurire — Muovi di 1 Spazio.

Layout: ``{kind} — [{trigger}[, if {conditions}]: ][pay {cost}: ][you may ]{effects}.``
with effects joined by commas and "and". An effect's key is ``fx.<verb>`` for the card's
owner, ``fx.<verb>.<trigger>`` when the trigger changes its sense ("1 more space"),
``fx.<verb>.<who>`` for someone else (else the ``who.`` phrase is put in front) and
``fx.<verb>.it`` for an enemy's own effect. All wording lives in ``messages/{en,it}.yaml``.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tavolo.engine.errors import ContentError
from tavolo.engine.i18n import Catalog, check_lang

from .board import Board
from .content import Content, default_content
from .effects import Ability, Condition, Cost, Effect
from .schema import (
    Artifact,
    AttackCard,
    Boss,
    Enemy,
    Event,
    Hero,
    Item,
    Loot,
    Names,
    Potion,
    Tile,
)
from .tiles import ROWS

MSG = Catalog(Path(__file__).parent / "messages")
AMOUNT_WORD = {
    "wound": "wound",
    "prevent": "wound",
    "extra_wounds": "wound",
    "move": "space",
    "push": "space",
    "shove": "space",
    "reroll": "die",
    "dice": "die",
    "discount": "coin",
    "max_hearts": "heart",
}


def _t(lang: str, key: str, /, **kw: Any) -> str:
    """A filled template; a key missing from the language's catalog is a content error."""
    if key not in MSG.messages.get(lang, {}):
        raise ContentError.said(MSG, "content.no_text", lang=lang, key=key)
    return MSG.t(lang, key, **kw)


def _has(lang: str, key: str) -> bool:
    return key in MSG.messages.get(lang, {})


def _amount(lang: str, word: str, n: int) -> str:
    w = _t(lang, f"word.{word}.{'one' if n == 1 else 'many'}")
    return _t(lang, "word.amount", n=n, word=w)


def _join(lang: str, parts: Sequence[str], last: str = "join.and") -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return MSG.join(lang, parts, last, "join.comma")


def _sentence(text: str) -> str:
    text = " ".join(text.split())
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def _name(names: Names, lang: str) -> str:
    return names.it if lang == "it" else names.en


def symbol_name(symbol: str, lang: str) -> str:
    """MOVE / MOVIMENTO, ATTACK / ATTACCO, ..."""
    return _t(check_lang(lang), f"sym.{symbol}")


# ------------------------------------------------------------------------- conditions --
def render_condition(c: Condition, lang: str) -> str:
    """All fields of one condition, joined with "and" (lower case, no period)."""
    check_lang(lang)
    parts: list[str] = []
    if c.at is not None:
        parts.append(_t(lang, "cond.at", place=_t(lang, f"place.{c.at}")))
    if c.not_at is not None:
        parts.append(_t(lang, "cond.not_at", place=_t(lang, f"place.{c.not_at}")))
    for flag in ("adjacent_enemy", "boss", "special_blank", "highest"):
        value = getattr(c, flag)
        if value is not None:
            parts.append(_t(lang, f"cond.{flag}.{str(value).lower()}"))
    for field, word in (
        ("coins_at_least", "coin"),
        ("gems_at_least", "gem"),
        ("hearts_at_most", "heart"),
        ("wounds_at_least", "wound"),
    ):
        n = getattr(c, field)
        if n is not None:
            w = _t(lang, f"word.{word}.{'one' if n == 1 else 'many'}")
            parts.append(_t(lang, f"cond.{field}", n=n, word=w))
    if c.rolled is not None:
        parts.append(
            _t(lang, "cond.rolled", n=c.rolled_at_least, symbol=symbol_name(c.rolled, lang))
        )
    if c.tier is not None:
        parts.append(_t(lang, "cond.tier", tier=_t(lang, f"tier.{c.tier}")))
    return _join(lang, parts)


# ---------------------------------------------------------------------------- effects --
def _token_name(token_id: str, lang: str, content: Content) -> str:
    for b in content.bosses:
        for t in b.tokens:
            if t.id == token_id:
                return _name(t.name, lang)
    return token_id


def render_effect(
    e: Effect,
    lang: str,
    trigger: str = "action",
    enemy: bool = False,
    boss: Boss | None = None,
    content: Content | None = None,
) -> str:
    """One effect as a clause (lower case, no period)."""
    check_lang(lang)
    content = content or default_content()
    verb = e.verb
    value = getattr(e, verb)
    kw: dict[str, Any] = {"n": e.n}
    if verb in ("gain", "lose", "draw", "discard"):
        kw["amount"] = _amount(lang, value, e.n)
        kw["word"] = _t(lang, f"word.{value}.{'one' if e.n == 1 else 'many'}")
    elif verb in AMOUNT_WORD:
        n = abs(value)
        kw["amount"] = _amount(lang, AMOUNT_WORD[verb], n)
        kw["n"] = n
        kw["word"] = _t(lang, f"word.{AMOUNT_WORD[verb]}.{'one' if n == 1 else 'many'}")
    if verb in ("symbol", "set_special") and value != "any":
        kw["symbol"] = symbol_name(value, lang)
    if verb == "enemy_die":
        kw["face"] = symbol_name(value, lang)
    if verb == "take_token":
        kw["token"] = _token_name(value, lang, content)
    if boss is not None:
        kw["boss"] = _name(boss.name, lang)
        kw["summon"] = _name(boss.summon.name, lang)
    if verb == "summon":
        kw["n"] = value
    base = f"fx.{verb}"
    if verb in ("symbol", "set_special") and value == "any":
        base += ".any"
    elif verb == "dice":
        base += ".more" if value > 0 else ".fewer"
    elif verb in ("ignore", "boss_move"):
        base += f".{value}"
    keys = []
    if e.who == "self":
        if enemy:
            keys.append(f"{base}.it")
        keys += [f"{base}.{trigger}", base]
    else:
        keys.append(f"{base}.{e.who}")
    for key in keys:
        if _has(lang, key):
            return _t(lang, key, **kw)
    if e.who != "self" and _has(lang, base):
        effect = _t(lang, base, **kw)
        return _t(lang, "who.prefix", who=_t(lang, f"who.{e.who}"), effect=effect)
    raise ContentError.said(MSG, "content.no_text", lang=lang, key=keys[0])


def _effects(
    effects: Sequence[Effect],
    lang: str,
    trigger: str,
    enemy: bool,
    boss: Boss | None,
    then: bool = False,
) -> str:
    parts = [render_effect(e, lang, trigger, enemy, boss) for e in effects]
    if then:
        text = parts[0]
        for p in parts[1:]:
            text = _t(lang, "fx.then", a=text, b=p)
        return text
    return _join(lang, parts)


def _cost(cost: Cost, lang: str) -> str:
    parts = [
        _amount(lang, word, n)
        for word, n in (("coin", cost.coin), ("gem", cost.gem), ("heart", cost.heart))
        if n
    ]
    if cost.die:
        w = _t(lang, f"word.die.{'one' if cost.die == 1 else 'many'}")
        parts.append(_t(lang, "cost.die", n=cost.die, word=w))
    return _join(lang, parts)


# -------------------------------------------------------------------------- abilities --
def ability_text(
    a: Ability,
    lang: str,
    head: str | None = None,
    boss: Boss | None = None,
    enemy: bool | None = None,
) -> str:
    """An ability without its kind: ``[trigger[, if ...]: ][pay ...: ][you may ]effects.``

    ``head`` replaces the trigger phrase (events say "at once"); enemy abilities (and boss
    rules) speak of "it".
    """
    check_lang(lang)
    is_enemy = a.enemy_side if enemy is None else enemy
    if head is None and a.trigger not in ("action", "always"):
        kw = {"symbol": symbol_name(a.symbol, lang)} if a.symbol else {}
        head = _t(lang, f"trigger.{a.trigger}", **kw)
    body = _effects(a.do, lang, a.trigger, is_enemy, boss)
    if a.optional:
        body = _t(lang, "ability.may", rest=body)
    if a.pay is not None:
        body = _t(lang, "ability.pay", cost=_cost(a.pay, lang), rest=body)
    conditions = _join(lang, [render_condition(c, lang) for c in a.if_]) if a.if_ else ""
    if head and conditions:
        head = _t(lang, "ability.head_if", head=head, conditions=conditions)
    elif conditions:
        head = _t(lang, "ability.if", conditions=conditions)
    if head:
        body = _t(lang, "ability.head", head=head, rest=body)
    return _sentence(body)


def render_ability(
    a: Ability,
    lang: str,
    token: bool = False,
    boss: Boss | None = None,
    enemy: bool | None = None,
) -> str:
    """``{kind} — {text}``; boss tokens say "Discard" for one-use."""
    kind = f"kind.{a.kind}" + (".token" if token and a.kind == "one_shot" else "")
    text = ability_text(a, lang, boss=boss, enemy=enemy)
    return _t(lang, "ability.line", kind=_t(lang, kind), text=text)


# ------------------------------------------------------------------------------ cards --
def _loot(loot: Loot, lang: str) -> str:
    parts = [
        _amount(lang, w, n)
        for w, n in (("coin", loot.coin), ("gem", loot.gem), ("heart", loot.heart))
        if n
    ]
    return _join(lang, parts)


def render_hero(h: Hero, lang: str) -> list[str]:
    star = _join(lang, [symbol_name(s, lang) for s in h.star], last="join.or")
    head = _t(
        lang,
        "card.hero",
        name=_name(h.name, lang),
        hearts=_amount(lang, "heart", h.health),
        star=star,
    )
    return [head, render_ability(h.ability, lang)]


def render_enemy(e: Enemy, lang: str) -> list[str]:
    kw = {
        "name": _name(e.name, lang),
        "health": e.health,
        "damage": e.damage,
        "loot": _loot(e.loot, lang),
    }
    if e.tier is None:
        head = _t(lang, "card.summon", tokens=e.tokens, **kw)
    else:
        head = _t(lang, "card.enemy", tier=_t(lang, f"tier.{e.tier}"), **kw)
    if e.ability is None:
        return [head, _t(lang, "card.no_ability")]
    return [head, render_ability(e.ability, lang, enemy=True)]


def render_boss(b: Boss, lang: str) -> list[str]:
    name = _name(b.name, lang)
    lines = [
        _t(
            lang,
            "card.boss",
            name=name,
            damage=b.damage,
            per_level=b.health_per_level,
            normal=4 * b.health_per_level,
            extended=5 * b.health_per_level,
        ),
        _t(lang, f"boss.procedure.{b.procedure}"),
    ]
    steps = []
    for s in b.setup:
        if s.place == "boss":
            steps.append(_t(lang, "setup.boss", boss=name))
        elif s.place == "summon":
            steps.append(_t(lang, "setup.summon", n=s.n, summon=_name(b.summon.name, lang)))
        else:
            assert s.token is not None  # the schema guarantees it
            token = _name(b.token(s.token).name, lang)
            steps.append(_t(lang, "setup.token", token=token))
    lines.append(_t(lang, "boss.setup", steps=_join(lang, steps, last="join.comma")))
    for r in b.rules:
        lines.append(_t(lang, "boss.rule", text=ability_text(r, lang, boss=b, enemy=True)))
    for tok in b.tokens:
        text = render_ability(tok.ability, lang, token=True, boss=b)
        lines.append(_t(lang, "boss.token", name=_name(tok.name, lang), count=tok.count, text=text))
    lines += render_enemy(b.summon, lang)
    return lines


def render_attack_card(card: AttackCard, lang: str, content: Content | None = None) -> list[str]:
    content = content or default_content()
    boss = next(b for b in content.bosses if b.id == card.boss)
    text = _sentence(_effects(card.do, lang, "action", False, boss, then=True))
    return [
        _t(
            lang,
            "card.attack",
            name=_name(card.name, lang),
            symbol=symbol_name(card.symbol, lang),
            range=_t(lang, f"range.{card.range}"),
            text=text,
        )
    ]


def render_priced(card: Item | Potion, lang: str) -> list[str]:
    head = _t(
        lang, "card.priced", name=_name(card.name, lang), price=_amount(lang, "coin", card.price)
    )
    return [head, render_ability(card.ability, lang)]


def price_text(card: Item | Potion, lang: str) -> str:
    """What a card of the shop costs: '3 coins'."""
    return _amount(lang, "coin", card.price)


def render_artifact(card: Artifact, lang: str) -> list[str]:
    claim = card.claim
    kw = {"symbol": symbol_name(claim.symbol, lang)} if claim.symbol else {}
    text = _t(lang, f"trigger.{claim.trigger}", **kw)
    if claim.if_:
        conditions = _join(lang, [render_condition(c, lang) for c in claim.if_])
        text = _t(lang, "ability.head_if", head=text, conditions=conditions)
    return [
        _t(lang, "card.artifact", name=_name(card.name, lang)),
        _t(lang, "card.claim", text=_sentence(text)),
        render_ability(card.ability, lang),
    ]


def render_event(card: Event, lang: str) -> list[str]:
    a = card.ability
    head: str | None = None
    if a.trigger == "turn_start":
        head = _t(lang, "event.now")
    elif a.trigger == "turn_end":
        head = ""
    text = ability_text(a, lang, head=head)
    return [
        _t(lang, "card.event", name=_name(card.name, lang)),
        _t(lang, "ability.line", kind=_t(lang, f"event.{card.timing}"), text=text),
    ]


Card = Hero | Enemy | Boss | AttackCard | Item | Potion | Artifact | Event


def render_card(card: Card, lang: str) -> list[str]:
    """Any card's text: a head line, then its rules lines."""
    check_lang(lang)
    if isinstance(card, Hero):
        return render_hero(card, lang)
    if isinstance(card, Enemy):
        return render_enemy(card, lang)
    if isinstance(card, Boss):
        return render_boss(card, lang)
    if isinstance(card, AttackCard):
        return render_attack_card(card, lang)
    if isinstance(card, Item | Potion):
        return render_priced(card, lang)
    if isinstance(card, Artifact):
        return render_artifact(card, lang)
    return render_event(card, lang)


# ------------------------------------------------------------------------------ tiles --
def render_tile(tile: Tile, lang: str) -> list[str]:
    """A tile's title, its grid as written, and the legend."""
    check_lang(lang)
    key = "tile.title.boss" if tile.boss else "tile.title"
    title = _t(lang, key, id=tile.id, theme=_t(lang, f"theme.{tile.theme}"))
    return [title, *tile.grid, _t(lang, "board.legend")]


def render_board(board: Board, lang: str) -> list[str]:
    """A map in the tile notation, top level first, each level's first line labelled."""
    check_lang(lang)
    lines = board.grid_lines()
    out = []
    for i, line in enumerate(lines):
        row = board.height - 1 - i // 2
        if i % 2 == 0 and row % ROWS == ROWS - 1:
            line += "  " + _t(lang, "board.level", n=row // ROWS + 1)
        out.append(line)
    return [*out, _t(lang, "board.legend")]
