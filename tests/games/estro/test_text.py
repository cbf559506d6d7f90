"""Estro card text: every gift renders in English and Italian from its data."""

from __future__ import annotations

import re
import string
from typing import Any, get_args

import pytest

from tavolo.engine import UnknownName
from tavolo.games.estro import schema
from tavolo.games.estro.content import Collection, default_collection
from tavolo.games.estro.schema import Card, Chance, Condition, Effect, Filter, Gift
from tavolo.games.estro.text import EN, IT, TEMPLATES, render_card, render_gift

LANGS = ("en", "it")


@pytest.fixture(scope="module")
def coll() -> Collection:
    return default_collection()


def fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f is not None}


def clean(text: str) -> bool:
    leftover = "{" in text or "}" in text or re.search(r"gift\.[a-z]", text)
    return not leftover and "  " not in text


def gift(**kw: Any) -> Gift:
    data: dict[str, Any] = {"kind": "once", "trigger": "play", "do": [{"draw": 1}]}
    data.update(kw)
    return Gift.model_validate(data)


# ---------------------------------------------------------------- the catalogs


def test_catalogs_have_the_same_keys_and_placeholders() -> None:
    assert set(TEMPLATES) == set(LANGS)
    assert set(EN) == set(IT)
    for key in EN:
        assert key.startswith("gift."), key
        assert fields(EN[key]) == fields(IT[key]), key


def test_unknown_language() -> None:
    card = default_collection().card("madu")
    assert card.gift is not None
    with pytest.raises(UnknownName) as err:
        render_gift(card.gift, "fr")
    assert (err.value.what, err.value.name, err.value.known) == ("language", "fr", ("en", "it"))
    with pytest.raises(UnknownName):
        render_card(card, "de")


# ---------------------------------------------------------------- the collection


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_renders(coll: Collection, lang: str) -> None:
    for card in coll.cards:
        line = render_card(card, lang)
        assert clean(line), line
        assert "\n" not in line
        assert line.startswith(f"{card.name} · {card.estro.capitalize()} · ")
        for stat, value in zip(schema.STATS, card.stats.as_tuple(), strict=True):
            assert f"{stat.upper()} {value}" in line
        assert f"TOT {card.tot}" in line
        if card.gift is None:
            assert line.endswith("Empty card" if lang == "en" else "Carta vuota")
        else:
            assert line.endswith(render_gift(card.gift, lang))


def test_every_gift_card_has_its_own_text(coll: Collection) -> None:
    """The full collection: at least 120 gift cards, each with a distinct sentence per
    language that opens with its kind (Once/Passive, 1V/∞)."""
    gifted = [c for c in coll.cards if c.gift is not None]
    assert len(gifted) >= 120
    for lang, kinds in (("en", ("Once — ", "Passive — ")), ("it", ("1V — ", "∞ — "))):
        texts = [render_gift(c.gift, lang) for c in gifted if c.gift is not None]
        assert len(set(texts)) == len(texts), lang
        assert all(t.startswith(kinds) and t.endswith(".") for t in texts), lang


def test_english_and_italian_differ(coll: Collection) -> None:
    for card in coll.cards:
        if card.gift is not None:
            assert render_gift(card.gift, "en") != render_gift(card.gift, "it"), card.id


def test_madu_mentions_the_coin_and_the_bonus(coll: Collection) -> None:
    madu = coll.card("madu").gift
    assert madu is not None
    en, it = render_gift(madu, "en"), render_gift(madu, "it")
    assert "coin" in en and "+10 DEX" in en
    assert "moneta" in it and "+10 DEX" in it


EXPECTED = {
    "madu": (
        "Once — When played: call a coin flip; if you win: +10 DEX.",
        "1V — Quando viene giocata: lancia una moneta; se indovini: +10 DEX.",
    ),
    "ember_legion": (
        "Passive — Your Ardo cards get +3 ATK.",
        "∞ — Le tue carte Ardo ricevono +3 ATK.",
    ),
    "blood_comet": (
        "Once — When played, if the zone is Ardo's and it is round 6 or later: +8 ATK and "
        "you may make 1 more attack this turn.",
        "1V — Quando viene giocata, se la zona è quella di Ardo e siamo al round 6 o oltre: "
        "+8 ATK e puoi fare 1 attacco in più in questo turno.",
    ),
    "nyxara": (
        "Once — When played: you may try your luck with a chance equal to this card's TOT "
        "in % (at most 95%); if it succeeds: double this card's DEX.",
        "1V — Quando viene giocata: puoi tentare la sorte con una probabilità pari al TOT di "
        "questa carta in % (al massimo 95%); se riesce: raddoppia il valore DEX di questa carta.",
    ),
    "siege_larva": (
        "Once — When played: you may choose an opposing face-down card: destroy it.",
        "1V — Quando viene giocata: puoi scegliere una carta avversaria coperta: "
        "distruggi la carta scelta.",
    ),
    "slab_sentinel": (
        "Passive — If the opponent has at least 3 cards on the field: +6 DEF.",
        "∞ — Se l'avversario ha almeno 3 carte in campo: +6 DEF.",
    ),
    "frost_keel": (
        "Passive — When attacked, if the opposing card is Ardo: the opposing card gets -6 ATK "
        "until the end of the battle.",
        "∞ — Quando viene attaccata, se la carta avversaria è Ardo: la carta avversaria "
        "riceve -6 ATK fino alla fine dello scontro.",
    ),
    "tomb_plate": (
        "Once — When about to be destroyed: call a coin flip; if you win: this card is not "
        "destroyed and stays on the field.",
        "1V — Quando sta per essere distrutta: lancia una moneta; se indovini: questa carta "
        "non viene distrutta e resta in campo.",
    ),
    "prism_tyrant": (
        "Once — When played: choose an opposing Ardo card with TOT 75 or less; try your luck "
        "with a 50% chance; if it succeeds: it becomes Manpo.",
        "1V — Quando viene giocata: scegli una carta Ardo avversaria con TOT 75 o meno; tenta "
        "la sorte con il 50% di probabilità; se riesce: la carta scelta diventa Manpo.",
    ),
    "veil_stalker": (
        "Passive — When it attacks: roll a die; on a 6: destroy the opposing card.",
        "∞ — Quando attacca: tira un dado; con un 6: distruggi la carta avversaria.",
    ),
    "gearmind_colossus": (
        "Once — When attacked: you may use this gift: swap the opposing card's ATK and DEF "
        "until the end of the battle.",
        "1V — Quando viene attaccata: puoi usare questo dono: scambia il valore ATK e il "
        "valore DEF della carta avversaria fino alla fine dello scontro.",
    ),
    "null_bulwark": (
        "Once — When an opponent's gift triggers: cancel that gift.",
        "1V — Quando si attiva un dono avversario: annulla quel dono.",
    ),
    "tilt_seraph": (
        "Once — At the end of your turn, if the opponent has at least 3 cards on the field "
        "and it is round 5 or later: choose one of your cards (this one included); call a "
        "coin flip; if you win: double its primary stat for the rest of the game.",
        "1V — Alla fine del tuo turno, se l'avversario ha almeno 3 carte in campo e siamo al "
        "round 5 o oltre: scegli una tua carta (anche questa); lancia una moneta; se "
        "indovini: raddoppia il valore primario della carta scelta per il resto della partita.",
    ),
    "gilt_mirage": (
        "Once — When the opponent plays a card, if it is round 4 or earlier: draw 1 card and "
        "the opponent discards 1 random card.",
        "1V — Quando l'avversario gioca una carta, se siamo al round 4 o prima: pesca 1 carta "
        "e l'avversario scarta 1 carta a caso.",
    ),
    "lotus_warden": (
        "Once — When about to be destroyed: choose another card of yours: it cannot be "
        "destroyed until the end of the next turn.",
        "1V — Quando sta per essere distrutta: scegli un'altra tua carta: la carta scelta non "
        "può essere distrutta fino alla fine del prossimo turno.",
    ),
    "haze_cuckoo": (
        "Once — When it attacks, if the opposing card is Granito: swap the opposing card's "
        "primary stat and DEX until the end of the battle.",
        "1V — Quando attacca, se la carta avversaria è Granito: scambia il valore primario e "
        "il valore DEX della carta avversaria fino alla fine dello scontro.",
    ),
    "tariff_ogre": (
        "Once — When attacked, if the opposing card is Ardo: the opposing card becomes Manpo.",
        "1V — Quando viene attaccata, se la carta avversaria è Ardo: la carta avversaria "
        "diventa Manpo.",
    ),
    "mycel_sister": (
        "Passive — If you have at least 3 cards on the field: your cards get +2 to the "
        "primary stat.",
        "∞ — Se hai almeno 3 carte in campo: le tue carte ricevono +2 al valore primario.",
    ),
}


@pytest.mark.parametrize("cid", sorted(EXPECTED))
def test_exact_sentences(coll: Collection, cid: str) -> None:
    g = coll.card(cid).gift
    assert g is not None
    assert (render_gift(g, "en"), render_gift(g, "it")) == EXPECTED[cid]


def test_card_line(coll: Collection) -> None:
    assert render_card(coll.card("ozok"), "en") == (
        "Ozok · Ardo · ATK 16 DEF 19 HEL 13 DEX 5 MAP 19 · TOT 72 · Empty card"
    )
    assert render_card(coll.card("thofa"), "it") == (
        "Thofa · Illusio · ATK 15 DEF 11 HEL 12 DEX 28 MAP 10 · TOT 76 · Carta vuota"
    )
    assert render_card(coll.card("madu"), "it") == (
        "Madu · Illusio · ATK 6 DEF 8 HEL 9 DEX 23 MAP 10 · TOT 56 · " + EXPECTED["madu"][1]
    )


# ---------------------------------------------------------------- the whole language


def both(g: Gift) -> tuple[str, str]:
    en, it = render_gift(g, "en"), render_gift(g, "it")
    assert clean(en) and clean(it), (en, it)
    assert en != it
    return en, it


@pytest.mark.parametrize("trigger", get_args(schema.Trigger))
def test_every_trigger_has_wording(trigger: str) -> None:
    do = [{"stat": "atk", "add": 1}]
    en, it = both(gift(kind="passive", trigger=trigger, do=do))
    if trigger == "aura":
        assert en == "Passive — +1 ATK." and it == "∞ — +1 ATK."
    else:
        assert EN[f"gift.trigger.{trigger}"] in en
        assert IT[f"gift.trigger.{trigger}"] in it


CONDITION_SAMPLES: dict[str, list[Any]] = {
    "zone": ["granito"],
    "foe_estro": ["manpo"],
    "foe_face_down": [True, False],
}


@pytest.mark.parametrize("field", list(Condition.model_fields))
def test_every_condition_has_wording(field: str) -> None:
    for value in CONDITION_SAMPLES.get(field, [0, 1, 4]):
        trigger = "attack" if field.startswith("foe") else "play"
        en, it = both(gift(trigger=trigger, **{"if": [{field: value}]}))
        assert en.startswith("Once — When") and ", if " in en
        assert ", se " in it


def test_condition_wording_details() -> None:
    g = gift(**{"if": [{"round_at_least": 3, "round_at_most": 8}, {"hand_at_most": 0}]})
    assert render_gift(g, "en") == (
        "Once — When played, if it is between round 3 and round 8 and your hand is empty: "
        "draw 1 card."
    )
    assert render_gift(g, "it") == (
        "1V — Quando viene giocata, se siamo tra il round 3 e il round 8 e hai la mano vuota: "
        "pesca 1 carta."
    )
    g = gift(**{"if": [{"zone": "illusio", "my_field_at_least": 1, "opp_field_at_most": 0}]})
    assert render_gift(g, "en") == (
        "Once — When played, if the zone is Illusio's, you have at least 1 card on the field "
        "and the opponent has no cards on the field: draw 1 card."
    )


@pytest.mark.parametrize("kind", list(Chance.model_fields))
@pytest.mark.parametrize("optional", [False, True])
def test_every_chance_has_wording(kind: str, optional: bool) -> None:
    values = {"coin": [True], "percent": [1, 40], "tot": [True], "die_at_least": [2, 5, 6]}
    for v in values[kind]:
        en, it = both(gift(optional=optional, chance={kind: v}))
        assert ("you may" in en) == optional
        assert ("puoi" in it) == optional
        if kind == "percent":
            assert f"{v}%" in en and f"{v}%" in it


def test_optional_without_chance_or_target() -> None:
    en, it = both(gift(optional=True))
    assert en == "Once — When played: you may use this gift: draw 1 card."
    assert it == "1V — Quando viene giocata: puoi usare questo dono: pesca 1 carta."


FILTERS: list[dict[str, Any]] = [
    {},
    {"side": "own"},
    {"side": "own", "other": False},
    {"side": "any"},
    {"side": "any", "other": False},
    {"side": "opp", "estro": "granito", "face_down": False, "min_tot": 50, "max_tot": 70},
    {"side": "own", "estro": "armonio", "max_tot": 60},
    {"side": "any", "face_down": True, "min_tot": 40},
]


@pytest.mark.parametrize("flt", FILTERS)
@pytest.mark.parametrize("optional", [False, True])
def test_every_target_filter_has_wording(flt: dict[str, Any], optional: bool) -> None:
    en, it = both(gift(optional=optional, target=flt, do=[{"destroy": "target"}]))
    assert ("you may choose " if optional else ": choose ") in en
    assert ("puoi scegliere " if optional else ": scegli ") in it
    f = Filter.model_validate(flt)
    if f.estro:
        assert f.estro.capitalize() in en and f.estro.capitalize() in it
    for n in (f.min_tot, f.max_tot):
        if n is not None:
            assert str(n) in en and str(n) in it


def test_target_wording_details() -> None:
    g = gift(
        target={
            "side": "opp",
            "estro": "granito",
            "face_down": False,
            "min_tot": 50,
            "max_tot": 70,
        },
        chance={"die_at_least": 3},
        do=[{"destroy": "target"}],
    )
    assert render_gift(g, "en") == (
        "Once — When played: choose an opposing face-up Granito card with TOT from 50 to 70; "
        "roll a die; on 3 or more: destroy it."
    )
    assert render_gift(g, "it") == (
        "1V — Quando viene giocata: scegli una carta Granito avversaria scoperta con TOT da 50 "
        "a 70; tira un dado; con 3 o più: distruggi la carta scelta."
    )


def effect_samples() -> list[tuple[str, dict[str, Any]]]:
    """(trigger, effect) pairs covering every verb, every `who`, add/mul and `until`."""
    out: list[tuple[str, dict[str, Any]]] = []
    for who in get_args(schema.Who):
        trigger = "attack" if who == "foe" else "play"
        for change in ({"add": 3}, {"add": -2}, {"mul": 2}, {"mul": 3}):
            out.append((trigger, {"stat": "dex", "who": who, **change}))
            out.append((trigger, {"stat": "primary", "who": who, "until": "game", **change}))
        out.append(("defend", {"stat": "atk", "add": 1, "who": who, "until": "battle"}))
        out.append((trigger, {"swap": ["atk", "primary"], "who": who}))
        out.append((trigger, {"convert": "illusio", "who": who}))
        if who in ("own_all", "opp_all"):
            out.append((trigger, {"stat": "hel", "add": 2, "who": who, "estro": "ardo"}))
            out.append((trigger, {"swap": ["def", "map"], "who": who, "estro": "manpo"}))
            out.append((trigger, {"convert": "ardo", "who": who, "estro": "granito"}))
    for n in (1, 2, 3):
        out += [("play", {"draw": n}), ("play", {"discard": n})]
    for n in (1, 2):
        out += [("play", {"extra_play": n}), ("play", {"extra_attack": n})]
    out += [
        ("attack", {"destroy": "foe"}),
        ("play", {"destroy": "target"}),
        ("play", {"protect": "self"}),
        ("play", {"protect": "target"}),
        ("play", {"revive": "hand"}),
        ("play", {"revive": "field"}),
        ("opp_gift", {"counter": True}),
        ("destroyed", {"save": True}),
        ("play", {"zone_refresh": True}),
    ]
    return out


def test_effect_samples_cover_every_verb() -> None:
    verbs = {Effect.model_validate(e).verb for _, e in effect_samples()}
    assert verbs == set(schema._VERBS)


@pytest.mark.parametrize(("trigger", "effect"), effect_samples())
def test_every_effect_has_wording(trigger: str, effect: dict[str, Any]) -> None:
    e = Effect.model_validate(effect)
    needs_target = e.who == "target" or "target" in (e.destroy, e.protect)
    target = {"side": "any"} if needs_target else None
    en, it = both(gift(trigger=trigger, target=target, do=[effect]))
    if e.until == "battle":
        assert en.endswith("until the end of the battle.")
        assert it.endswith("fino alla fine dello scontro.")
    if e.until == "game":
        assert en.endswith("for the rest of the game.")
        assert it.endswith("per il resto della partita.")
    if e.estro:
        assert e.estro.capitalize() in en and e.estro.capitalize() in it
    if e.add is not None:
        assert f"{e.add:+d}" in en and f"{e.add:+d}" in it


def test_battle_changes_last_for_the_battle_by_default() -> None:
    """As in the rules: a change without `until` made on attack/defend ends with the battle."""
    g = gift(kind="passive", trigger="defend", do=[{"stat": "def", "add": 4}])
    assert render_gift(g, "en") == "Passive — When attacked: +4 DEF until the end of the battle."
    assert render_gift(g, "it") == (
        "∞ — Quando viene attaccata: +4 DEF fino alla fine dello scontro."
    )
    g = gift(trigger="turn_start", do=[{"stat": "def", "add": 4}])
    assert render_gift(g, "en") == "Once — At the start of your turn: +4 DEF."


@pytest.mark.parametrize(
    ("trigger", "verb", "later"),
    [
        ("play", "extra_play", False),
        ("turn_start", "extra_play", False),
        ("turn_end", "extra_play", True),
        ("attack", "extra_play", True),
        ("opp_play", "extra_play", True),
        ("play", "extra_attack", False),
        ("attack", "extra_attack", False),
        ("defend", "extra_attack", True),
    ],
)
def test_extra_plays_and_attacks_say_when(trigger: str, verb: str, later: bool) -> None:
    """As the rules grant them: this turn while it can still be used, else the next one."""
    g = gift(kind="passive", trigger=trigger, do=[{verb: 1}])
    en, it = render_gift(g, "en"), render_gift(g, "it")
    assert en.endswith("on your next turn." if later else "this turn."), en
    assert it.endswith("nel tuo prossimo turno." if later else "in questo turno."), it


def test_effect_lists_are_joined() -> None:
    g = gift(do=[{"draw": 2}, {"discard": 1}, {"stat": "map", "add": 4}])
    assert render_gift(g, "en") == (
        "Once — When played: draw 2 cards, the opponent discards 1 random card and +4 MAP."
    )
    assert render_gift(g, "it") == (
        "1V — Quando viene giocata: pesca 2 carte, l'avversario scarta 1 carta a caso e +4 MAP."
    )


def test_render_card_for_a_new_card() -> None:
    card = Card.model_validate(
        {
            "id": "probe",
            "name": "Probe",
            "estro": "manpo",
            "stats": {"atk": 1, "def": 2, "hel": 3, "dex": 4, "map": 5},
            "gift": {"kind": "passive", "trigger": "turn_end", "do": [{"draw": 1}]},
        }
    )
    assert render_card(card, "en") == (
        "Probe · Manpo · ATK 1 DEF 2 HEL 3 DEX 4 MAP 5 · TOT 15 · "
        "Passive — At the end of your turn: draw 1 card."
    )
    assert render_card(card, "it") == (
        "Probe · Manpo · ATK 1 DEF 2 HEL 3 DEX 4 MAP 5 · TOT 15 · "
        "∞ — Alla fine del tuo turno: pesca 1 carta."
    )
