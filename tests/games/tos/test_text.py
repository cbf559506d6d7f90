"""TOS card text: the effect language, halves, cards, heroes and enemies in English and
Italian, rendered from the schema's data."""

from __future__ import annotations

import re
import string
from pathlib import Path
from typing import Any, get_args

import pytest

from tavolo.engine import ContentError, UnknownName
from tavolo.engine.files import read_data
from tavolo.games.tos import text as tx
from tavolo.games.tos.schema import (
    CLASSES,
    ELEMENTS,
    Ability,
    Action,
    Condition,
    Count,
    Enemy,
    Half,
    Hero,
    HeroCard,
    Modifier,
    Sentence,
)

LANGS = ("en", "it")
MESSAGES = Path(tx.__file__).parent / "messages"


def fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f is not None}


def clean(text: str) -> bool:
    """No leftover placeholder, message key or doubled space."""
    leftover = re.search(r"[{}]|\b(text|title|adj|class|enemy|mod)\.[a-z]", text)
    return leftover is None and "  " not in text.replace("\n  ", "\n")


def sentence(**kw: Any) -> Sentence:
    return Sentence.model_validate(kw)


def cond(**kw: Any) -> Condition:
    return Condition.model_validate(kw)


def act(**kw: Any) -> Action:
    return Action.model_validate(kw)


def half(
    skill: str = "attack",
    *,
    adjective: str | None = None,
    banner: int = 1,
    value: int = 5,
    exhaust: int = 1,
    element: str | None = None,
    abilities: list[dict[str, Any]] | None = None,
    perk: str | None = None,
) -> Half:
    return Half.model_validate(
        {
            "skill": skill,
            "adjective": adjective,
            "level": 3,
            "value": value,
            "exhaust": exhaust,
            "element": element,
            "banner": banner,
            "perk": perk,
            "abilities": abilities or [{"cost": 2, "says": [{"do": [{"gain": "attack", "n": 3}]}]}],
        }
    )


def gain(track: str, n: int, cost: int, **extra: Any) -> dict[str, Any]:
    return {"cost": cost, "says": [{"do": [{"gain": track, "n": n}], **extra}]}


# The 8 cards of a hand-built hero: (top skill, top adjective, bottom skill, bottom adjective).
DECK = [
    ("attack", None, "strong_attack", "fire"),
    ("defense", None, "strong_defense", "water"),
    ("attack", "earth", "strong_attack", None),
    ("defense", "air", "strong_defense", None),
    ("single_transfer", None, "show_constellation", "cutting"),
    ("zero_transfer", "flaming", "final_action", "safe"),
    ("combo_elements", "efficient", "full_transfer_constellation", None),
    ("critical_element", None, "legacy", None),
]


def make_hero(klass: str = "swordsman") -> Hero:
    cards = []
    for number, (top, top_adj, bottom, bottom_adj) in enumerate(DECK, start=1):
        legacy = bottom == "legacy"
        bottom_says = (
            [{"do": [{"tick": "legacy"}, {"gain": "attack", "n": 16}]}]
            if legacy
            else [
                {
                    "if": [{"stars": [1, 2, 2], "place": "in_play"}],
                    "do": [{"gain": "attack", "n": 10 + number}, {"take_back": 2}],
                }
            ]
        )
        cards.append(
            HeroCard(
                number=number,
                top=half(
                    top,
                    adjective=top_adj,
                    value=3 + number % 4,
                    exhaust=1 + number % 2,
                    element=ELEMENTS[number % 4] if number > 4 else None,
                    abilities=[
                        gain("attack", number + 1, 2),
                        gain("defense", 2, 1, **{"if": [{"count": "fire", "at_least": 1}]}),
                    ],
                ),
                bottom=half(
                    bottom,
                    adjective=bottom_adj,
                    banner=2,
                    value=9,
                    exhaust=4,
                    element=ELEMENTS[(number + 1) % 4],
                    abilities=[{"cost": 7, "says": bottom_says}],
                ),
            )
        )
    return Hero.model_validate(
        {
            "serial": "TOS20261121",
            "class": klass,
            "cards": cards,
            "bars": {"legacy": {"boxes": [None, 1, 0, 1, 1, 2], "end": 0}},
        }
    )


# --------------------------------------------------------------------------- catalogs --
def test_catalogs_have_the_same_keys_and_placeholders() -> None:
    en = read_data(MESSAGES / "en.yaml")
    it = read_data(MESSAGES / "it.yaml")
    assert set(en) == set(it)
    for key in en:
        assert isinstance(en[key], str) and isinstance(it[key], str), key
        assert fields(en[key]) == fields(it[key]), key
        assert en[key].strip() and it[key].strip(), key


def test_catalogs_name_every_skill_adjective_class_and_element() -> None:
    for lang in LANGS:
        keys = set(tx.MSG.messages[lang])
        assert {f"title.{s}" for s in tx.SKILLS} <= keys
        assert {f"adj.{a}" for a in tx.ADJECTIVES} <= keys
        assert {f"class.{k}" for k in CLASSES} <= keys
        assert {f"class.{k}.about" for k in CLASSES} <= keys
        assert {f"text.element.{e}" for e in ELEMENTS} <= keys


# ------------------------------------------------------------------------- conditions --
COUNTS: tuple[str, ...] = get_args(Count)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("count", COUNTS)
@pytest.mark.parametrize("bound", ["at_least", "at_most", "exactly"])
@pytest.mark.parametrize("n", [0, 1, 2])
def test_every_count_condition_renders(lang: str, count: str, bound: str, n: int) -> None:
    c = cond(count=count, **{bound: n})
    out = tx.render_condition(c, lang)
    assert out and clean(out), out
    other = tx.render_condition(c, "it" if lang == "en" else "en")
    assert out != other


@pytest.mark.parametrize("place", ["in_play", "in_hand"])
def test_constellation_conditions(place: str) -> None:
    c = cond(stars=[1, 2, 1], place=place)
    en, it = tx.render_condition(c, "en"), tx.render_condition(c, "it")
    assert "★, ★★, ★" in en and "★, ★★, ★" in it
    assert ("in play" in en) == (place == "in_play") and ("in hand" in en) == (place == "in_hand")
    assert ("in gioco" in it) == (place == "in_play") and ("in mano" in it) == (place == "in_hand")


CONDITIONS = [
    ({"count": "fire", "at_least": 1}, "at least 1 fire is in play", "è in gioco almeno 1 Fuoco"),
    (
        {"count": "water", "at_least": 2},
        "at least 2 water are in play",
        "sono in gioco almeno 2 Acqua",
    ),
    ({"count": "air", "exactly": 0}, "no air is in play", "non c'è Aria in gioco"),
    (
        {"count": "earth", "at_most": 1},
        "at most 1 earth is in play",
        "è in gioco al massimo 1 Terra",
    ),
    (
        {"count": "cards", "at_least": 4},
        "at least 4 cards are in play",
        "sono in gioco almeno 4 carte",
    ),
    (
        {"count": "cards", "at_most": 3},
        "at most 3 cards are in play",
        "sono in gioco al massimo 3 carte",
    ),
    ({"count": "cards", "at_most": 0}, "no cards are in play", "non ci sono carte in gioco"),
    (
        {"count": "banner2", "at_least": 2},
        "at least 2 ▶▶ banners are in play",
        "sono in gioco almeno 2 Stendardi ▶▶",
    ),
    (
        {"count": "banner1", "exactly": 1},
        "exactly 1 ▶ banner is in play",
        "è in gioco esattamente 1 Stendardo ▶",
    ),
    ({"count": "defense", "at_least": 1}, "your defense is at least 1", "la Difesa è almeno 1"),
    ({"count": "attack", "exactly": 0}, "your attack is 0", "l'Attacco è 0"),
    ({"count": "attack", "at_most": 5}, "your attack is at most 5", "l'Attacco è al massimo 5"),
    (
        {"count": "prev_stars", "exactly": 2},
        "the previous card shows ★★",
        "la carta precedente mostra ★★",
    ),
    (
        {"count": "prev_stars", "at_least": 1},
        "the previous card shows at least 1 ★",
        "la carta precedente mostra almeno 1 ★",
    ),
    ({"stars": [1, 2]}, "the constellation ★, ★★ is in play", "la Costellazione ★, ★★ è in gioco"),
    (
        {"stars": [2, 2, 1], "place": "in_hand"},
        "you have the constellation ★★, ★★, ★ in hand",
        "hai in mano la Costellazione ★★, ★★, ★",
    ),
]


@pytest.mark.parametrize(("data", "en", "it"), CONDITIONS)
def test_condition_wording(data: dict[str, Any], en: str, it: str) -> None:
    c = cond(**data)
    assert tx.render_condition(c, "en") == en
    assert tx.render_condition(c, "it") == it


# ---------------------------------------------------------------------------- actions --
ACTIONS = [
    ({"gain": "attack", "n": 4}, "gain 4 attack", "guadagna 4 Attacco"),
    ({"gain": "defense", "n": 3}, "gain 3 defense", "guadagna 3 Difesa"),
    ({"gain": "mana", "n": 2}, "gain 2 mana", "guadagna 2 Mana"),
    ({"set": "defense", "n": 0}, "set your defense to 0", "porta la Difesa a 0"),
    ({"pay": "attack", "n": 1}, "pay 1 attack", "paga 1 Attacco"),
    (
        {"transfer": ["defense", "attack"]},
        "move all your defense to your attack",
        "sposta tutta la Difesa sull'Attacco",
    ),
    (
        {"transfer": ["attack", "defense"]},
        "move all your attack to your defense",
        "sposta tutto l'Attacco sulla Difesa",
    ),
    (
        {"take_back": 1},
        "take back up to 1 Infuse card",
        "riprendi in mano fino a 1 carta usata per Infondere",
    ),
    (
        {"take_back": 3},
        "take back up to 3 Infuse cards",
        "riprendi in mano fino a 3 carte usate per Infondere",
    ),
    (
        {"tick": "legacy", "into": "defense"},
        "mark the leftmost empty box of the Legacy bar and gain its first unmarked bonus "
        "as defense",
        "annerisci la prima casella libera della barra del Retaggio e guadagna in Difesa "
        "il suo primo bonus non annerito",
    ),
    (
        {"ignore_modifier": True},
        "ignore the enemy's Modifier this Combat Turn",
        "ignora il Modificatore del nemico in questo Turno di Combattimento",
    ),
    (
        {"repeat": True},
        "activate the previous ability again without paying its cost",
        "attiva di nuovo l'abilità precedente senza pagarne il costo",
    ),
]


@pytest.mark.parametrize(("data", "en", "it"), ACTIONS)
def test_action_wording(data: dict[str, Any], en: str, it: str) -> None:
    a = act(**data)
    assert tx.render_action(a, "en") == en
    assert tx.render_action(a, "it") == it


def test_every_verb_is_covered() -> None:
    verbs = {act(**data).verb for data, _, _ in ACTIONS}
    assert verbs == {
        "gain",
        "set",
        "pay",
        "transfer",
        "take_back",
        "tick",
        "ignore_modifier",
        "repeat",
    }


# -------------------------------------------------------------------------- sentences --
SENTENCES = [
    (
        {"if": [{"count": "fire", "at_least": 1}], "do": [{"gain": "attack", "n": 4}]},
        "If at least 1 fire is in play: gain 4 attack.",
        "Se è in gioco almeno 1 Fuoco: guadagna 4 Attacco.",
    ),
    (
        {"may": True, "pay": {"defense": 1}, "do": [{"gain": "attack", "n": 6}]},
        "You may pay 1 defense: gain 6 attack.",
        "Puoi pagare 1 Difesa: guadagna 6 Attacco.",
    ),
    (
        {"pay": {"defense": 1}, "do": [{"gain": "attack", "n": 6}]},
        "Pay 1 defense: gain 6 attack.",
        "Paga 1 Difesa: guadagna 6 Attacco.",
    ),
    (
        {
            "if": [{"stars": [1, 2], "place": "in_play"}],
            "do": [{"gain": "attack", "n": 8}, {"take_back": 1}],
        },
        "If the constellation ★, ★★ is in play: gain 8 attack, take back up to 1 Infuse card.",
        "Se la Costellazione ★, ★★ è in gioco: guadagna 8 Attacco, "
        "riprendi in mano fino a 1 carta usata per Infondere.",
    ),
    (
        {
            "if": [{"count": "defense", "at_least": 2}],
            "do": [{"set": "defense", "n": 0}, {"gain": "attack", "n": 10}],
        },
        "If your defense is at least 2: set your defense to 0, gain 10 attack.",
        "Se la Difesa è almeno 2: porta la Difesa a 0, guadagna 10 Attacco.",
    ),
    (
        {
            "if": [
                {"count": "cards", "at_least": 2},
                {"count": "air", "exactly": 0},
                {"count": "banner1", "at_least": 2},
            ],
            "do": [{"gain": "attack", "n": 6}],
        },
        "If at least 2 cards are in play, no air is in play and at least 2 ▶ banners are in play: "
        "gain 6 attack.",
        "Se sono in gioco almeno 2 carte, non c'è Aria in gioco e sono in gioco almeno "
        "2 Stendardi ▶: guadagna 6 Attacco.",
    ),
    (
        {
            "if": [{"count": "water", "at_least": 1}],
            "may": True,
            "pay": {"attack": 2, "mana": 1},
            "do": [{"gain": "defense", "n": 5}],
        },
        "If at least 1 water is in play, you may pay 2 attack and 1 mana: gain 5 defense.",
        "Se è in gioco almeno 1 Acqua, puoi pagare 2 Attacco e 1 Mana: guadagna 5 Difesa.",
    ),
    (
        {"do": [{"transfer": ["attack", "defense"]}, {"gain": "attack", "n": 2}]},
        "Move all your attack to your defense, gain 2 attack.",
        "Sposta tutto l'Attacco sulla Difesa, guadagna 2 Attacco.",
    ),
    (
        {"if": [{"count": "prev_stars", "exactly": 1}], "do": [{"gain": "defense", "n": 1}]},
        "If the previous card shows ★: gain 1 defense.",
        "Se la carta precedente mostra ★: guadagna 1 Difesa.",
    ),
    ({"do": [{"gain": "mana", "n": 2}]}, "Gain 2 mana.", "Guadagna 2 Mana."),
    (  # Italian "ed" before "è" (the screen read "... è in gioco e è in gioco ...")
        {
            "if": [{"stars": [2, 1], "place": "in_play"}, {"count": "air", "at_least": 1}],
            "do": [{"gain": "attack", "n": 20}],
        },
        "If the constellation ★★, ★ is in play and at least 1 air is in play: gain 20 attack.",
        "Se la Costellazione ★★, ★ è in gioco ed è in gioco almeno 1 Aria: guadagna 20 Attacco.",
    ),
]


@pytest.mark.parametrize(("data", "en", "it"), SENTENCES)
def test_sentence_wording(data: dict[str, Any], en: str, it: str) -> None:
    s = sentence(**data)
    assert tx.render_sentence(s, "en") == en
    assert tx.render_sentence(s, "it") == it


def test_ability_shows_its_cost_then_each_sentence() -> None:
    a = Ability.model_validate(
        {
            "cost": 3,
            "says": [
                {"do": [{"gain": "attack", "n": 3}]},
                {"if": [{"count": "air", "at_least": 1}], "do": [{"gain": "attack", "n": 3}]},
            ],
        }
    )
    assert (
        tx.render_ability(a, "en")
        == "(3) Gain 3 attack. If at least 1 air is in play: gain 3 attack."
    )
    assert tx.render_ability(a, "it") == (
        "(3) Guadagna 3 Attacco. Se è in gioco almeno 1 Aria: guadagna 3 Attacco."
    )


# ----------------------------------------------------------------------------- titles --
@pytest.mark.parametrize("skill", tx.SKILLS)
def test_every_skill_and_adjective_has_a_title(skill: str) -> None:
    plain = {lang: tx.half_title(half(skill), lang) for lang in LANGS}
    assert plain["en"] != plain["it"], skill
    seen: dict[str, set[str]] = {lang: set() for lang in LANGS}
    for adjective in (None, *tx.ADJECTIVES):
        for lang in LANGS:
            title = tx.half_title(half(skill, adjective=adjective), lang)
            assert title and clean(title) and title == title.strip(), (skill, adjective, title)
            assert plain[lang] in title
            seen[lang].add(title)
    for lang in LANGS:  # every adjective gives a different title
        assert len(seen[lang]) == 1 + len(tx.ADJECTIVES), lang


def test_title_examples() -> None:
    assert tx.half_title(half("attack", adjective="flaming"), "en") == "Flaming Slash"
    assert tx.half_title(half("attack", adjective="flaming"), "it") == "Fendente Fiammeggiante"
    assert tx.half_title(half("defense", adjective="water"), "it") == "Guardia d'Acqua"
    assert tx.half_title(half("final_action"), "en") == "Final Blow"
    # a perk with no adjective given still names the half
    assert tx.half_title(half("attack", perk="safe"), "en") == "Safe Slash"


def test_unknown_skill_or_adjective_is_a_clear_error() -> None:
    with pytest.raises(UnknownName) as err:
        tx.half_title(half("teleport"), "en")
    assert err.value.what == "skill" and err.value.name == "teleport"
    assert "attack" in err.value.known and "unknown skill 'teleport'" in str(err.value)
    with pytest.raises(UnknownName) as err:
        tx.half_title(half("attack", adjective="soggy"), "it")
    assert err.value.name == "soggy"
    with pytest.raises(UnknownName):
        tx.render_half(half("teleport"), "en")


# ------------------------------------------------------------------------ halves, cards --
def test_exhaust_lines_depend_on_the_banner() -> None:
    top, bottom = half(banner=1, exhaust=2), half(banner=2, exhaust=4)
    assert tx.exhaust_line(top, "en") == "Exhaust: pay 2 mana, or turn and discard."
    assert tx.exhaust_line(bottom, "en") == "Exhaust: pay 4 mana to discard, or remove."
    assert tx.exhaust_line(top, "it") == "Esaurisci: paga 2 Mana, oppure girala e scartala."
    assert (
        tx.exhaust_line(bottom, "it") == "Esaurisci: paga 4 Mana per scartarla, oppure eliminala."
    )


def test_render_half_lines() -> None:
    h = half(
        "attack",
        adjective="flaming",
        value=5,
        exhaust=1,
        element="fire",
        abilities=[
            gain("attack", 3, 2),
            gain("attack", 1, 1, **{"if": [{"count": "fire", "at_least": 1}]}),
        ],
    )
    assert tx.render_half(h, "en") == [
        "Flaming Slash",
        "value 5 · fire · banner ▶ · ★★",
        "Exhaust: pay 1 mana, or turn and discard.",
        "(2) Gain 3 attack.",
        "(1) If at least 1 fire is in play: gain 1 attack.",
    ]
    assert tx.render_half(h, "it") == [
        "Fendente Fiammeggiante",
        "valore 5 · Fuoco · Stendardo ▶ · ★★",
        "Esaurisci: paga 1 Mana, oppure girala e scartala.",
        "(2) Guadagna 3 Attacco.",
        "(1) Se è in gioco almeno 1 Fuoco: guadagna 1 Attacco.",
    ]
    # no element: no element name; one ability: one star; two tips
    lone = tx.render_half(half("strong_defense", banner=2, value=8), "en")
    assert lone[1] == "value 8 · banner ▶▶ · ★"


def card() -> HeroCard:
    return HeroCard(
        number=6,
        top=half(
            "combined",
            value=7,
            exhaust=2,
            abilities=[gain("attack", 8, 5), gain("defense", 5, 3)],
        ),
        bottom=half(
            "zero_transfer",
            adjective="cutting",
            banner=2,
            value=9,
            exhaust=4,
            element="air",
            abilities=[
                {
                    "cost": 9,
                    "says": [
                        {
                            "if": [{"count": "defense", "at_least": 3}],
                            "do": [{"set": "defense", "n": 0}, {"gain": "attack", "n": 25}],
                        }
                    ],
                }
            ],
        ),
    )


@pytest.mark.parametrize("lang", LANGS)
def test_render_card_shows_both_halves_upright_first(lang: str) -> None:
    c = card()
    top_title, bottom_title = tx.half_title(c.top, lang), tx.half_title(c.bottom, lang)
    upright = tx.render_card(c, lang)
    assert clean(upright)
    assert upright.splitlines()[0] == ("Card 6" if lang == "en" else "Carta 6")
    assert upright.index(top_title) < upright.index(bottom_title)
    flipped = tx.render_card(c, lang, upright=1)
    assert flipped.index(bottom_title) < flipped.index(top_title)
    marker = tx.MSG.t(lang, "text.card.upside_down")
    for text, second in ((upright, bottom_title), (flipped, top_title)):
        assert text.count(marker) == 1
        assert text.index(marker) < text.index(second)
    # the numbers come from the data
    for number in ("7", "9", "(5)", "(3)", "(9)", "8", "25", "2 ", "4 "):
        assert number in upright and number in flipped, number


def test_render_card_en_exactly() -> None:
    assert tx.render_card(card(), "en") == "\n".join(
        [
            "Card 6",
            "  Flurry",
            "  value 7 · banner ▶ · ★★",
            "  Exhaust: pay 2 mana, or turn and discard.",
            "  (5) Gain 8 attack.",
            "  (3) Gain 5 defense.",
            "  — upside down —",
            "  Cutting Gambit",
            "  value 9 · air · banner ▶▶ · ★",
            "  Exhaust: pay 4 mana to discard, or remove.",
            "  (9) If your defense is at least 3: set your defense to 0, gain 25 attack.",
        ]
    )


def test_render_card_rejects_a_bad_upright() -> None:
    with pytest.raises(ValueError, match="upright"):
        tx.render_card(card(), "en", upright=2)


# ----------------------------------------------------------------------------- heroes --
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("klass", CLASSES)
def test_render_hero(lang: str, klass: str) -> None:
    hero = make_hero(klass)
    out = tx.render_hero(hero, lang)
    assert clean(out), out
    lines = out.splitlines()
    assert lines[0].startswith(tx.class_name(klass, lang))
    assert "TOS20261121" in lines[0]
    assert tx.MSG.t(lang, f"class.{klass}.about") in out
    for c in hero.cards:
        assert tx.half_title(c.top, lang) in out
        assert tx.half_title(c.bottom, lang) in out
        assert tx.render_card(c, lang) in out
    # the cards come in order, each once
    heads = [line for line in lines if re.fullmatch(r"(Card|Carta) \d", line)]
    assert heads == [f"{'Card' if lang == 'en' else 'Carta'} {n}" for n in range(1, 9)]
    # the four tracks and the legacy bar with its boxes
    bar = "[ ] [+1] [+0] [+1] [+1] [+2] → +0"
    if lang == "en":
        for want in ("Status Card", "Attack: 0", "Defense: 0", "Level: 2 (up to 9)", "Mana: 0"):
            assert want in out
        assert f"Legacy bar: {bar}" in out
    else:
        for want in ("Carta Status", "Attacco: 0", "Difesa: 0", "Livello: 2 (al massimo 9)"):
            assert want in out
        assert f"\n  Barra del Retaggio: {bar}" in out  # as the play screen writes it


def test_hero_without_bars_has_no_bar_line() -> None:
    hero = make_hero().model_copy(update={"bars": {}})
    assert "→" not in tx.render_hero(hero, "en")


def test_names() -> None:
    assert [tx.class_name(k, "en") for k in CLASSES] == ["Swordsman", "Elementalist", "Stargazer"]
    assert [tx.class_name(k, "it") for k in CLASSES] == ["Spadaccino", "Elementalista", "Astrologo"]
    assert [tx.element_name(e, "en") for e in ELEMENTS] == ["fire", "water", "earth", "air"]
    assert [tx.element_name(e, "it") for e in ELEMENTS] == ["Fuoco", "Acqua", "Terra", "Aria"]
    with pytest.raises(UnknownName):
        tx.class_name("bard", "en")
    with pytest.raises(UnknownName):
        tx.element_name("aether", "it")


# ---------------------------------------------------------------------------- enemies --
MODIFIERS = [
    (
        {"id": "fear_element", "stat": "attack", "delta": -1, "element": "water"},
        "−1 attack when at least 1 water is in play",
        "−1 Attacco quando è in gioco almeno 1 Acqua",
    ),
    (
        {"id": "close", "stat": "attack", "delta": -1, "cards_at_most": 4},
        "−1 attack when at most 4 cards are in play",
        "−1 Attacco quando sono in gioco al massimo 4 carte",
    ),
    (
        {"id": "rapidity", "stat": "defense", "delta": 1, "cards_at_least": 4},
        "+1 defense when at least 4 cards are in play",
        "+1 Difesa quando sono in gioco almeno 4 carte",
    ),
    (
        {"id": "cautious", "stat": "defense", "delta": 1, "banner": 2},
        "+1 defense when at least 2 ▶▶ banners are in play",
        "+1 Difesa quando sono in gioco almeno 2 Stendardi ▶▶",
    ),
]


@pytest.mark.parametrize(("data", "en", "it"), MODIFIERS)
def test_modifier_wording(data: dict[str, Any], en: str, it: str) -> None:
    m = Modifier.model_validate(data)
    assert tx.render_modifier(m, "en") == en
    assert tx.render_modifier(m, "it") == it


def test_enemy_wording() -> None:
    mod = Modifier(id="fear_element", stat="attack", delta=-1, element="fire")
    e = Enemy(level=4, attack=7, defense=10, modifier=mod)
    assert tx.render_enemy(e, "en") == (
        "Enemy — level 4 · attack 7 · defense 10 · "
        "Fearful (−1 attack when at least 1 fire is in play)"
    )
    assert tx.render_enemy(e, "it") == (
        "Nemico — Livello 4 · Attacco 7 · Difesa 10 · "
        "Timoroso (−1 Attacco quando è in gioco almeno 1 Fuoco)"
    )
    trap = Enemy(level=0, attack=8, trap=True, name="Pit of Spikes")
    assert tx.render_enemy(trap, "en") == (
        "Pit of Spikes — level 0 · attack 8 · no defense (trap: block its attack fully)"
    )
    assert "nessuna Difesa (trappola" in tx.render_enemy(trap, "it")
    # a modifier id without a printed name shows just its rule
    odd = Enemy(level=2, attack=2, defense=3, modifier=mod.model_copy(update={"id": "odd"}))
    assert tx.render_enemy(odd, "en").endswith(
        "defense 3 · −1 attack when at least 1 fire is in play"
    )


# ----------------------------------------------------------------------------- errors --
def test_bad_language_everywhere() -> None:
    hero = make_hero()
    c = hero.cards[0]
    e = Enemy(level=1, attack=2, defense=3)
    m = Modifier(id="close", stat="attack", delta=-1, cards_at_most=4)
    calls = [
        lambda lang: tx.render_condition(cond(count="fire", at_least=1), lang),
        lambda lang: tx.render_action(act(gain="attack", n=1), lang),
        lambda lang: tx.render_sentence(sentence(do=[{"gain": "attack", "n": 1}]), lang),
        lambda lang: tx.render_ability(c.top.abilities[0], lang),
        lambda lang: tx.half_title(c.top, lang),
        lambda lang: tx.exhaust_line(c.top, lang),
        lambda lang: tx.render_half(c.top, lang),
        lambda lang: tx.render_card(c, lang),
        lambda lang: tx.render_hero(hero, lang),
        lambda lang: tx.class_name("swordsman", lang),
        lambda lang: tx.element_name("fire", lang),
        lambda lang: tx.render_modifier(m, lang),
        lambda lang: tx.render_enemy(e, lang),
    ]
    for call in calls:
        with pytest.raises(UnknownName) as err:
            call("fr")
        assert (err.value.what, err.value.name) == ("language", "fr")


def test_a_missing_message_is_a_content_error(monkeypatch: pytest.MonkeyPatch) -> None:
    it = dict(tx.MSG.messages["it"])
    del it["title.attack"]
    monkeypatch.setitem(tx.MSG.messages, "it", it)
    with pytest.raises(ContentError, match=r"title\.attack"):
        tx.half_title(half("attack"), "it")
    assert tx.half_title(half("attack"), "en") == "Slash"
