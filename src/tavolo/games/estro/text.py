"""Card text rendered from the gift data, in English and Italian.

A gift reads like a printed card::

    Once — When played: call a coin flip; if you win: +10 DEX.
    1V — Quando viene giocata: lancia una moneta; se indovini: +10 DEX.

The wording lives in two flat catalogs of ``str.format`` templates (``EN``, ``IT``) with
the same keys and placeholders; every key starts with ``gift.`` so that the catalogs can
move into the game's YAML catalogs unchanged. Stat names (ATK DEF HEL DEX MAP) and estro
names (Ardo, Granito, ...) are the same in both languages.

Layout: ``{kind} — {trigger}[, if {conditions}]: [choose {target}; ][{chance} ]{effects}.``
An aura has no trigger phrase; an optional gift says "you may" on its first clause.
A stat change or swap without ``until`` on an attack/defend trigger is printed as lasting
until the end of the battle, as the rules apply it; elsewhere no duration is printed (a
once-gift's change lasts while the card stays on the field).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from tavolo.engine.errors import UnknownName

from .schema import Card, Chance, Condition, Effect, Filter, Gift

EN: dict[str, str] = {
    # kinds and triggers
    "gift.kind.once": "Once",
    "gift.kind.passive": "Passive",
    "gift.trigger.play": "When played",
    "gift.trigger.attack": "When it attacks",
    "gift.trigger.defend": "When attacked",
    "gift.trigger.destroyed": "When about to be destroyed",
    "gift.trigger.opp_play": "When the opponent plays a card",
    "gift.trigger.opp_gift": "When an opponent's gift triggers",
    "gift.trigger.turn_start": "At the start of your turn",
    "gift.trigger.turn_end": "At the end of your turn",
    "gift.trigger.aura": "",  # an aura is always on: no trigger phrase
    # joining
    "gift.and": "{a} and {b}",
    "gift.list": "{a}, {b}",
    "gift.if": "if {conditions}",
    "gift.may_use": "you may use this gift:",
    "gift.choose": "choose {target}",
    "gift.choose.may": "you may choose {target}",
    # conditions
    "gift.if.zone": "the zone is {estro}'s",
    "gift.if.round_at_least": "it is round {n} or later",
    "gift.if.round_at_most": "it is round {n} or earlier",
    "gift.if.round_between": "it is between round {a} and round {b}",
    "gift.if.my_field_at_least": "you have at least {n} {cards} on the field",
    "gift.if.my_field_at_most": "you have at most {n} {cards} on the field",
    "gift.if.my_field_at_most.none": "you have no cards on the field",
    "gift.if.opp_field_at_least": "the opponent has at least {n} {cards} on the field",
    "gift.if.opp_field_at_most": "the opponent has at most {n} {cards} on the field",
    "gift.if.opp_field_at_most.none": "the opponent has no cards on the field",
    "gift.if.hand_at_most": "you have at most {n} {cards} in hand",
    "gift.if.hand_at_most.none": "your hand is empty",
    "gift.if.hand_at_least": "you have at least {n} {cards} in hand",
    "gift.if.incinerator_at_least": "your Incinerator holds at least {n} {cards}",
    "gift.if.foe_estro": "the opposing card is {estro}",
    "gift.if.foe_face_down.true": "the opposing card is face down",
    "gift.if.foe_face_down.false": "the opposing card is face up",
    # chance
    "gift.chance.coin": "call a coin flip; if you win:",
    "gift.chance.coin.may": "you may call a coin flip; if you win:",
    "gift.chance.percent": "try your luck with a {p}% chance; if it succeeds:",
    "gift.chance.percent.may": "you may try your luck with a {p}% chance; if it succeeds:",
    "gift.chance.tot": (
        "try your luck with a chance equal to this card's TOT in % (at most 95%); if it succeeds:"
    ),
    "gift.chance.tot.may": (
        "you may try your luck with a chance equal to this card's TOT in % (at most 95%); "
        "if it succeeds:"
    ),
    "gift.chance.die_at_least": "roll a die; on {n} or more:",
    "gift.chance.die_at_least.may": "you may roll a die; on {n} or more:",
    "gift.chance.die_at_least.six": "roll a die; on a 6:",
    "gift.chance.die_at_least.six.may": "you may roll a die; on a 6:",
    # target filters
    "gift.target.opp": "an opposing {face} {estro} card {tot}",
    "gift.target.own": "another {face} {estro} card of yours {tot}",
    "gift.target.own.self": "one of your {face} {estro} cards {tot} (this one included)",
    "gift.target.any": "another {face} {estro} card on the field {tot}",
    "gift.target.any.self": "any {face} {estro} card on the field {tot}",
    "gift.face.down": "face-down",
    "gift.face.up": "face-up",
    "gift.tot.max": "with TOT {n} or less",
    "gift.tot.min": "with TOT {n} or more",
    "gift.tot.range": "with TOT from {a} to {b}",
    # words
    "gift.word.card.one": "card",
    "gift.word.card.many": "cards",
    "gift.word.attack.one": "attack",
    "gift.word.attack.many": "attacks",
    "gift.stat.primary": "primary stat",
    "gift.stat.add_label": "{stat}",
    "gift.stat.add_label.primary": "to the primary stat",
    "gift.stat.named": "{stat}",
    "gift.stat.named.primary": "primary stat",
    "gift.mul.2": "double",
    "gift.mul.3": "triple",
    "gift.until.battle": "until the end of the battle",
    "gift.until.game": "for the rest of the game",
    # effects: stat changes
    "gift.stat.add.self": "{delta} {stat}",
    "gift.stat.add.target": "it gets {delta} {stat}",
    "gift.stat.add.foe": "the opposing card gets {delta} {stat}",
    "gift.stat.add.own_all": "your {filter} cards get {delta} {stat}",
    "gift.stat.add.opp_all": "opposing {filter} cards get {delta} {stat}",
    "gift.stat.mul.self": "{mul} this card's {stat}",
    "gift.stat.mul.target": "{mul} its {stat}",
    "gift.stat.mul.foe": "{mul} the opposing card's {stat}",
    "gift.stat.mul.own_all": "{mul} the {stat} of your {filter} cards",
    "gift.stat.mul.opp_all": "{mul} the {stat} of opposing {filter} cards",
    # effects: the other verbs
    "gift.draw": "draw {n} {cards}",
    "gift.discard": "the opponent discards {n} random {cards}",
    "gift.destroy.target": "destroy it",
    "gift.destroy.foe": "destroy the opposing card",
    "gift.protect.self": "this card cannot be destroyed until the end of the next turn",
    "gift.protect.target": "it cannot be destroyed until the end of the next turn",
    "gift.revive.hand": "return a card from your Incinerator to your hand",
    "gift.revive.field": "return a card from your Incinerator to your field",
    "gift.extra_play": "you may play {n} more {cards} this turn",
    "gift.extra_play.later": "you may play {n} more {cards} on your next turn",
    "gift.extra_attack": "you may make {n} more {attacks} this turn",
    "gift.extra_attack.later": "you may make {n} more {attacks} on your next turn",
    "gift.counter": "cancel that gift",
    "gift.save": "this card is not destroyed and stays on the field",
    "gift.zone_refresh": "you may use the zone's action again",
    "gift.swap.self": "swap this card's {a} and {b}",
    "gift.swap.target": "swap its {a} and {b}",
    "gift.swap.foe": "swap the opposing card's {a} and {b}",
    "gift.swap.own_all": "swap the {a} and {b} of your {filter} cards",
    "gift.swap.opp_all": "swap the {a} and {b} of opposing {filter} cards",
    "gift.convert.self": "this card becomes {estro}",
    "gift.convert.target": "it becomes {estro}",
    "gift.convert.foe": "the opposing card becomes {estro}",
    "gift.convert.own_all": "your {filter} cards become {estro}",
    "gift.convert.opp_all": "opposing {filter} cards become {estro}",
    # whole cards
    "gift.card.line": (
        "{name} · {estro} · ATK {atk} DEF {def} HEL {hel} DEX {dex} MAP {map} · TOT {tot} · {text}"
    ),
    "gift.card.empty": "Empty card",
}

IT: dict[str, str] = {
    # kinds and triggers
    "gift.kind.once": "1V",
    "gift.kind.passive": "∞",
    "gift.trigger.play": "Quando viene giocata",
    "gift.trigger.attack": "Quando attacca",
    "gift.trigger.defend": "Quando viene attaccata",
    "gift.trigger.destroyed": "Quando sta per essere distrutta",
    "gift.trigger.opp_play": "Quando l'avversario gioca una carta",
    "gift.trigger.opp_gift": "Quando si attiva un dono avversario",
    "gift.trigger.turn_start": "All'inizio del tuo turno",
    "gift.trigger.turn_end": "Alla fine del tuo turno",
    "gift.trigger.aura": "",  # un'aura è sempre attiva: nessuna frase di attivazione
    # joining
    "gift.and": "{a} e {b}",
    "gift.list": "{a}, {b}",
    "gift.if": "se {conditions}",
    "gift.may_use": "puoi usare questo dono:",
    "gift.choose": "scegli {target}",
    "gift.choose.may": "puoi scegliere {target}",
    # conditions
    "gift.if.zone": "la zona è quella di {estro}",
    "gift.if.round_at_least": "siamo al round {n} o oltre",
    "gift.if.round_at_most": "siamo al round {n} o prima",
    "gift.if.round_between": "siamo tra il round {a} e il round {b}",
    "gift.if.my_field_at_least": "hai almeno {n} {cards} in campo",
    "gift.if.my_field_at_most": "hai al massimo {n} {cards} in campo",
    "gift.if.my_field_at_most.none": "non hai carte in campo",
    "gift.if.opp_field_at_least": "l'avversario ha almeno {n} {cards} in campo",
    "gift.if.opp_field_at_most": "l'avversario ha al massimo {n} {cards} in campo",
    "gift.if.opp_field_at_most.none": "l'avversario non ha carte in campo",
    "gift.if.hand_at_most": "hai al massimo {n} {cards} in mano",
    "gift.if.hand_at_most.none": "hai la mano vuota",
    "gift.if.hand_at_least": "hai almeno {n} {cards} in mano",
    "gift.if.incinerator_at_least": "il tuo Inceneritore contiene almeno {n} {cards}",
    "gift.if.foe_estro": "la carta avversaria è {estro}",
    "gift.if.foe_face_down.true": "la carta avversaria è coperta",
    "gift.if.foe_face_down.false": "la carta avversaria è scoperta",
    # chance
    "gift.chance.coin": "lancia una moneta; se indovini:",
    "gift.chance.coin.may": "puoi lanciare una moneta; se indovini:",
    "gift.chance.percent": "tenta la sorte con il {p}% di probabilità; se riesce:",
    "gift.chance.percent.may": "puoi tentare la sorte con il {p}% di probabilità; se riesce:",
    "gift.chance.tot": (
        "tenta la sorte con una probabilità pari al TOT di questa carta in % (al massimo 95%); "
        "se riesce:"
    ),
    "gift.chance.tot.may": (
        "puoi tentare la sorte con una probabilità pari al TOT di questa carta in % "
        "(al massimo 95%); se riesce:"
    ),
    "gift.chance.die_at_least": "tira un dado; con {n} o più:",
    "gift.chance.die_at_least.may": "puoi tirare un dado; con {n} o più:",
    "gift.chance.die_at_least.six": "tira un dado; con un 6:",
    "gift.chance.die_at_least.six.may": "puoi tirare un dado; con un 6:",
    # target filters
    "gift.target.opp": "una carta {estro} avversaria {face} {tot}",
    "gift.target.own": "un'altra tua carta {estro} {face} {tot}",
    "gift.target.own.self": "una tua carta {estro} {face} {tot} (anche questa)",
    "gift.target.any": "un'altra carta {estro} {face} in campo {tot}",
    "gift.target.any.self": "una qualsiasi carta {estro} {face} in campo {tot}",
    "gift.face.down": "coperta",
    "gift.face.up": "scoperta",
    "gift.tot.max": "con TOT {n} o meno",
    "gift.tot.min": "con TOT {n} o più",
    "gift.tot.range": "con TOT da {a} a {b}",
    # words
    "gift.word.card.one": "carta",
    "gift.word.card.many": "carte",
    "gift.word.attack.one": "attacco",
    "gift.word.attack.many": "attacchi",
    "gift.stat.primary": "valore primario",
    "gift.stat.add_label": "{stat}",
    "gift.stat.add_label.primary": "al valore primario",
    "gift.stat.named": "il valore {stat}",
    "gift.stat.named.primary": "il valore primario",
    "gift.mul.2": "raddoppia",
    "gift.mul.3": "triplica",
    "gift.until.battle": "fino alla fine dello scontro",
    "gift.until.game": "per il resto della partita",
    # effects: stat changes
    "gift.stat.add.self": "{delta} {stat}",
    "gift.stat.add.target": "la carta scelta riceve {delta} {stat}",
    "gift.stat.add.foe": "la carta avversaria riceve {delta} {stat}",
    "gift.stat.add.own_all": "le tue carte {filter} ricevono {delta} {stat}",
    "gift.stat.add.opp_all": "le carte {filter} avversarie ricevono {delta} {stat}",
    "gift.stat.mul.self": "{mul} {stat} di questa carta",
    "gift.stat.mul.target": "{mul} {stat} della carta scelta",
    "gift.stat.mul.foe": "{mul} {stat} della carta avversaria",
    "gift.stat.mul.own_all": "{mul} {stat} delle tue carte {filter}",
    "gift.stat.mul.opp_all": "{mul} {stat} delle carte {filter} avversarie",
    # effects: the other verbs
    "gift.draw": "pesca {n} {cards}",
    "gift.discard": "l'avversario scarta {n} {cards} a caso",
    "gift.destroy.target": "distruggi la carta scelta",
    "gift.destroy.foe": "distruggi la carta avversaria",
    "gift.protect.self": (
        "questa carta non può essere distrutta fino alla fine del prossimo turno"
    ),
    "gift.protect.target": (
        "la carta scelta non può essere distrutta fino alla fine del prossimo turno"
    ),
    "gift.revive.hand": "riporta in mano una carta dal tuo Inceneritore",
    "gift.revive.field": "riporta in campo una carta dal tuo Inceneritore",
    "gift.extra_play": "puoi giocare {n} {cards} in più in questo turno",
    "gift.extra_play.later": "puoi giocare {n} {cards} in più nel tuo prossimo turno",
    "gift.extra_attack": "puoi fare {n} {attacks} in più in questo turno",
    "gift.extra_attack.later": "puoi fare {n} {attacks} in più nel tuo prossimo turno",
    "gift.counter": "annulla quel dono",
    "gift.save": "questa carta non viene distrutta e resta in campo",
    "gift.zone_refresh": "puoi usare di nuovo l'azione della zona",
    "gift.swap.self": "scambia {a} e {b} di questa carta",
    "gift.swap.target": "scambia {a} e {b} della carta scelta",
    "gift.swap.foe": "scambia {a} e {b} della carta avversaria",
    "gift.swap.own_all": "scambia {a} e {b} delle tue carte {filter}",
    "gift.swap.opp_all": "scambia {a} e {b} delle carte {filter} avversarie",
    "gift.convert.self": "questa carta diventa {estro}",
    "gift.convert.target": "la carta scelta diventa {estro}",
    "gift.convert.foe": "la carta avversaria diventa {estro}",
    "gift.convert.own_all": "le tue carte {filter} diventano {estro}",
    "gift.convert.opp_all": "le carte {filter} avversarie diventano {estro}",
    # whole cards
    "gift.card.line": (
        "{name} · {estro} · ATK {atk} DEF {def} HEL {hel} DEX {dex} MAP {map} · TOT {tot} · {text}"
    ),
    "gift.card.empty": "Carta vuota",
}

BATTLE_TRIGGERS = ("attack", "defend")
"""A stat change or swap without ``until`` made on these triggers lasts for the battle."""

LATER = {
    "extra_play": ("turn_end", "attack", "defend", "destroyed", "opp_play", "opp_gift"),
    "extra_attack": ("defend", "destroyed", "opp_play", "opp_gift"),
}
"""Triggers after which an extra play or attack waits for the owner's next turn: the play
step is over, or (usually) it is the opponent's turn (gifts.py, verbs extra_*)."""

TEMPLATES: Mapping[str, Mapping[str, str]] = {"en": EN, "it": IT}
"""The wording catalogs by language; both have the same keys and placeholders."""


def _check(lang: str) -> Mapping[str, str]:
    cat = TEMPLATES.get(lang)
    if cat is None:
        raise UnknownName("language", lang, tuple(TEMPLATES))
    return cat


class _Words:
    """Template lookups for one language."""

    def __init__(self, lang: str) -> None:
        self.cat = _check(lang)

    def t(self, key: str, **kw: Any) -> str:
        return self.cat[key].format(**kw)

    def has(self, key: str) -> bool:
        return key in self.cat

    def count(self, n: int, word: str) -> str:
        return self.t(f"gift.word.{word}.{'one' if n == 1 else 'many'}")

    def join(self, parts: Sequence[str]) -> str:
        """``a``, ``a and b``, ``a, b and c``."""
        if not parts:
            return ""
        text = parts[-1]
        if len(parts) > 1:
            text = self.t("gift.and", a=parts[-2], b=text)
            for p in reversed(parts[:-2]):
                text = self.t("gift.list", a=p, b=text)
        return text

    def stat(self, name: str, form: str) -> str:
        """A stat's label: ``short`` (+3 ATK), ``add`` (+6 to the primary stat), ``named``."""
        short = self.t("gift.stat.primary") if name == "primary" else name.upper()
        if form == "short":
            return short
        key = f"gift.stat.{'add_label' if form == 'add' else 'named'}"
        return self.t(f"{key}.primary" if name == "primary" else key, stat=short)


def _estro(name: str | None) -> str:
    return name.capitalize() if name else ""


estro_name = _estro


def empty_card(lang: str) -> str:
    """The words of a card with no gift: "Empty card"."""
    return _Words(lang).t("gift.card.empty")


def _tidy(text: str) -> str:
    """Collapse the spaces left by empty placeholders."""
    text = re.sub(r" {2,}", " ", text)
    text = re.sub(r" ([,;:.)])", r"\1", text)
    return text.strip()


def _conditions(w: _Words, conds: Sequence[Condition]) -> str:
    parts: list[str] = []
    for cond in conds:
        given = {k: v for k, v in cond if v is not None}
        if "round_at_least" in given and "round_at_most" in given:
            a, b = given.pop("round_at_least"), given.pop("round_at_most")
            parts.append(w.t("gift.if.round_between", a=a, b=b))
        for field in Condition.model_fields:
            if field not in given:
                continue
            v = given[field]
            key = f"gift.if.{field}"
            if isinstance(v, bool):
                parts.append(w.t(f"{key}.{str(v).lower()}"))
            elif isinstance(v, str):
                parts.append(w.t(key, estro=_estro(v)))
            elif v == 0 and w.has(f"{key}.none"):
                parts.append(w.t(f"{key}.none"))
            else:
                parts.append(w.t(key, n=v, cards=w.count(v, "card")))
    return w.t("gift.if", conditions=w.join(parts)) if parts else ""


def _chance(w: _Words, chance: Chance, may: bool) -> str:
    suffix = ".may" if may else ""
    if chance.coin is not None:
        return w.t(f"gift.chance.coin{suffix}")
    if chance.percent is not None:
        return w.t(f"gift.chance.percent{suffix}", p=chance.percent)
    if chance.tot is not None:
        return w.t(f"gift.chance.tot{suffix}")
    n = chance.die_at_least
    six = ".six" if n == 6 else ""
    return w.t(f"gift.chance.die_at_least{six}{suffix}", n=n)


def _target(w: _Words, f: Filter) -> str:
    key = f"gift.target.{f.side}"
    if f.side != "opp" and not f.other:
        key += ".self"
    face = "" if f.face_down is None else w.t(f"gift.face.{'down' if f.face_down else 'up'}")
    if f.min_tot is not None and f.max_tot is not None:
        tot = w.t("gift.tot.range", a=f.min_tot, b=f.max_tot)
    elif f.max_tot is not None:
        tot = w.t("gift.tot.max", n=f.max_tot)
    elif f.min_tot is not None:
        tot = w.t("gift.tot.min", n=f.min_tot)
    else:
        tot = ""
    return _tidy(w.t(key, face=face, estro=_estro(f.estro), tot=tot))


def _effect(w: _Words, e: Effect, trigger: str) -> str:
    verb = e.verb
    group = _estro(e.estro)
    if verb == "stat":
        assert e.stat is not None
        if e.add is not None:
            text = w.t(
                f"gift.stat.add.{e.who}",
                delta=f"{e.add:+d}",
                stat=w.stat(e.stat, "add"),
                filter=group,
            )
        else:
            text = w.t(
                f"gift.stat.mul.{e.who}",
                mul=w.t(f"gift.mul.{e.mul}"),
                stat=w.stat(e.stat, "named"),
                filter=group,
            )
    elif verb == "swap":
        assert e.swap is not None
        a, b = (w.stat(s, "named") for s in e.swap)
        text = w.t(f"gift.swap.{e.who}", a=a, b=b, filter=group)
    elif verb == "convert":
        text = w.t(f"gift.convert.{e.who}", estro=_estro(e.convert), filter=group)
    elif verb in ("draw", "discard", "extra_play"):
        n = getattr(e, verb)
        key = f"gift.{verb}" + (".later" if trigger in LATER.get(verb, ()) else "")
        text = w.t(key, n=n, cards=w.count(n, "card"))
    elif verb == "extra_attack":
        n = e.extra_attack or 1
        key = "gift.extra_attack" + (".later" if trigger in LATER[verb] else "")
        text = w.t(key, n=n, attacks=w.count(n, "attack"))
    elif verb in ("destroy", "protect", "revive"):
        text = w.t(f"gift.{verb}.{getattr(e, verb)}")
    else:  # counter, save, zone_refresh and any future flag verb
        text = w.t(f"gift.{verb}")
    until = e.until
    if until is None and verb in ("stat", "swap") and trigger in BATTLE_TRIGGERS:
        until = "battle"  # the rules' default for changes made in a battle
    if until is not None:
        text += " " + w.t(f"gift.until.{until}")
    return _tidy(text)


def _capitalize(text: str) -> str:
    return text[:1].upper() + text[1:]


def render_gift(gift: Gift, lang: str) -> str:
    """The gift's printed text in ``lang`` ("en" or "it"), one sentence."""
    w = _Words(lang)
    trigger = w.t(f"gift.trigger.{gift.trigger}")
    cond = _conditions(w, gift.if_)
    if trigger:
        head = trigger + (", " + cond if cond else "") + ": "
    else:
        head = cond + ": " if cond else ""
    may = gift.optional
    pre = ""
    if gift.target is not None:
        key = "gift.choose.may" if may else "gift.choose"
        pre = w.t(key, target=_target(w, gift.target)) + ("; " if gift.chance else ": ")
        may = False
    if gift.chance is not None:
        pre += _chance(w, gift.chance, may) + " "
        may = False
    if may:
        pre = w.t("gift.may_use") + " "
    body = w.join([_effect(w, e, gift.trigger) for e in gift.do])
    return f"{w.t(f'gift.kind.{gift.kind}')} — {_capitalize(head + pre + body)}."


def render_card(card: Card, lang: str) -> str:
    """One line: name, estro, the five stats, TOT and the gift text (or "Empty card")."""
    w = _Words(lang)
    text = render_gift(card.gift, lang) if card.gift else w.t("gift.card.empty")
    atk, def_, hel, dex, map_ = card.stats.as_tuple()
    return w.t(
        "gift.card.line",
        name=card.name,
        estro=_estro(card.estro),
        atk=atk,
        hel=hel,
        dex=dex,
        map=map_,
        tot=card.tot,
        text=text,
        **{"def": def_},
    )
