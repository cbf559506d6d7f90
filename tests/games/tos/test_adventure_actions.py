"""TOS adventure actions: validation, JSON round trip, draws and EN/IT card text."""

from __future__ import annotations

import itertools
import json
import string
from pathlib import Path
from typing import Any

import pytest

from tavolo.engine.errors import ContentError, UnknownName
from tavolo.engine.rng import RNG
from tavolo.games.tos.adventure import (
    ACTION_TYPES,
    DRAWS,
    KINDS,
    CardAction,
    action_from_json,
    action_to_json,
    draw_action,
    load_actions,
    parse_action,
    parse_actions,
    render_action,
)
from tavolo.games.tos.adventure.actions import Forge, Observatory, Pick, Swap, Weakness
from tavolo.games.tos.adventure.text import MSG

SAMPLES: dict[str, dict[str, Any]] = {
    "heal": {"place": "in_hand"},
    "shop": {"place": "in_discard_pile"},
    "swap": {"cards": 2, "banner": 1},
    "recover": {"cards": 1, "banner": "any", "target_banner": "choice"},
    "weakness": {"cards": 4, "banner": 2},
    "banner_challenge": {
        "comparison": "exactly",
        "count": 2,
        "count_place": "in_hand",
        "prize_place": "in_hand_or_discard",
        "penalty_place": "in_discard_pile",
        "banner": 1,
    },
    "camp": {"element": "fire"},
    "stop_fight": {},
    "ritual": {"prize": 3},
    "sacrifice": {"buff": "attack", "place": "in_hand_or_discard"},
    "loot": {"buff": "mana"},
    "hostage": {"element": "air", "buff": "defense"},
    "observatory": {"stars": [2, 1], "buff": "attack", "order": "descending"},
    "curse": {},
    "migration": {},
    "gambling": {"comparison": "same"},
    "forge": {"elements": ["fire", "air"], "banner": 1},
    "pick": {"banner": "any", "card": 5},
}

DEFAULTS = {  # kind: (may, once)
    "heal": (True, True),
    "shop": (True, True),
    "swap": (True, True),
    "recover": (True, True),
    "weakness": (False, True),
    "banner_challenge": (False, True),
    "camp": (True, True),
    "stop_fight": (True, False),
    "ritual": (True, True),
    "sacrifice": (True, True),
    "loot": (True, True),
    "hostage": (True, True),
    "observatory": (True, True),
    "curse": (False, True),
    "migration": (True, True),
    "gambling": (True, True),
    "forge": (True, False),
    "pick": (False, False),
}


def _sample(kind: str) -> CardAction:
    return parse_action({"kind": kind, **SAMPLES[kind]})


def test_every_kind_is_covered() -> None:
    assert set(KINDS) == set(SAMPLES) == set(DRAWS) == set(DEFAULTS) == set(ACTION_TYPES)
    assert len(KINDS) == 18


@pytest.mark.parametrize("kind", sorted(SAMPLES))
def test_validates_with_defaults_and_round_trips(kind: str) -> None:
    a = _sample(kind)
    assert a.kind == kind
    assert (a.may, a.once) == DEFAULTS[kind]
    data = action_to_json(a)
    assert action_from_json(json.loads(json.dumps(data))) == a
    assert parse_action(json.loads(json.dumps(data))) == a
    flipped = parse_action({**data, "may": not a.may, "once": not a.once})
    assert (flipped.may, flipped.once) == (not a.may, not a.once)


def test_actions_are_frozen() -> None:
    a = _sample("loot")
    with pytest.raises(ValueError):
        a.buff = "attack"  # type: ignore[misc]


def test_a_yaml_list_validates(tmp_path: Path) -> None:
    f = tmp_path / "quest.yaml"
    f.write_text(
        "- {kind: heal, place: in_hand}\n"
        "- {kind: forge, elements: [water, fire], banner: choice}\n"
        "- {kind: observatory, stars: [1, 2], buff: mana, order: same, may: false}\n"
    )
    actions = load_actions(f)
    assert [a.kind for a in actions] == ["heal", "forge", "observatory"]
    assert isinstance(actions[1], Forge) and actions[1].elements == ("water", "fire")
    assert isinstance(actions[2], Observatory) and actions[2].stars == (1, 2)
    assert actions[2].may is False


@pytest.mark.parametrize(
    ("yaml_text", "expected"),
    [
        (
            "- {kind: loot, buff: mana}\n- {kind: swap, cards: 3, banner: 1}\n",
            "broken.yaml: entry '#2 swap': field swap.cards:",
        ),
        (
            "- {kind: weakness, cards: 4, banner: '1'}\n",
            "broken.yaml: entry '#1 weakness': field weakness.banner:",
        ),
        ("- {kind: teleport}\n", "broken.yaml: entry '#1 teleport': field"),
        (
            "- {kind: forge, elements: [fire, water], banner: 1}\n",
            "broken.yaml: entry '#1 forge': field forge.elements: Value error, the forge pair",
        ),
        (
            "- {kind: loot, buff: mana, extra: 1}\n",
            "broken.yaml: entry '#1 loot': field loot.extra:",
        ),
        ("- {kind: heal}\n", "broken.yaml: entry '#1 heal': field heal.place: Field required"),
        ("kind: heal\n", "broken.yaml: expected a list of actions"),
    ],
)
def test_bad_data_names_file_entry_and_field(tmp_path: Path, yaml_text: str, expected: str) -> None:
    f = tmp_path / "broken.yaml"
    f.write_text(yaml_text)
    with pytest.raises(ContentError) as e:
        load_actions(f)
    assert str(e.value).startswith(expected), str(e.value)


def test_strict_types() -> None:
    with pytest.raises(ContentError):
        parse_action({"kind": "ritual", "prize": "3"})
    with pytest.raises(ContentError):
        parse_action({"kind": "loot", "buff": "mana", "may": "yes"})
    with pytest.raises(ContentError):
        parse_actions([{"kind": "observatory", "stars": [3, 1], "buff": "mana", "order": "same"}])


@pytest.mark.parametrize("kind", KINDS)
def test_draw_is_deterministic_and_covers_every_value(kind: str) -> None:
    assert [draw_action(RNG(7), kind) for _ in range(3)] == [draw_action(RNG(7), kind)] * 3
    rng = RNG(2024)
    seen: dict[str, set[Any]] = {field: set() for field, _ in DRAWS[kind]}
    for _ in range(400):
        a = draw_action(rng, kind)
        assert a.kind == kind
        assert (a.may, a.once) == DEFAULTS[kind]
        for field, options in DRAWS[kind]:
            value = getattr(a, field)
            assert value in options
            seen[field].add(value)
    for field, options in DRAWS[kind]:
        assert seen[field] == set(options), field


def test_draw_consumes_one_draw_per_list_in_order() -> None:
    rng = RNG(11)
    a = draw_action(rng, "banner_challenge")
    expected = RNG(11)
    values = {field: expected.choice(options) for field, options in DRAWS["banner_challenge"]}
    assert rng == expected
    assert all(getattr(a, field) == v for field, v in values.items())
    quiet = RNG(11)
    draw_action(quiet, "curse")
    assert quiet == RNG(11)


def test_draw_wrappers_and_errors() -> None:
    a = draw_action(RNG(1), "forge", once=True, may=False)
    assert (a.may, a.once) == (False, True)
    with pytest.raises(UnknownName):
        draw_action(RNG(1), "teleport")
    with pytest.raises(TypeError):
        draw_action(RNG(1), "loot", buff=True)


def _spread(kind: str) -> list[CardAction]:
    """Every combination of the kind's drawn parameters (and both wrappers)."""
    fields = DRAWS[kind]
    out: list[CardAction] = []
    for combo in itertools.product(*(options for _, options in fields)):
        base = {"kind": kind, **{f: v for (f, _), v in zip(fields, combo, strict=True)}}
        if kind == "observatory":
            base["stars"] = list(base["stars"])
        if kind == "forge":
            base["elements"] = list(base["elements"])
        for may, once in itertools.product((True, False), repeat=2):
            out.append(parse_action({**base, "may": may, "once": once}))
    if kind == "pick":
        out.append(parse_action({"kind": "pick", "banner": 1, "card": 6}))
    return out


@pytest.mark.parametrize("kind", KINDS)
def test_every_combination_renders_in_both_languages(kind: str) -> None:
    for a in _spread(kind):
        en, it = render_action(a, "en"), render_action(a, "it")
        for text, lang in ((en, "en"), (it, "it")):
            assert "{" not in text and "}" not in text, text
            assert "  " not in text and " ," not in text and " :" not in text, text
            assert text[0].isupper() and text.endswith("."), text
            assert text.startswith("For 1 time, " if lang == "en" else "Per 1 volta, ") == a.once
            rest = text.removeprefix("For 1 time, ").removeprefix("Per 1 volta, ").lower()
            assert rest.startswith("you may " if lang == "en" else "puoi ") == a.may, text
        assert en != it


EXPECTED = [
    (
        Weakness(cards=4, banner=2),
        "For 1 time, discard 4 Banner ▶▶ cards from your hand.",
        "Per 1 volta, scarta 4 carte Stendardo ▶▶ dalla tua mano.",
    ),
    (
        Swap(cards=1, banner="any", once=False),
        "You may exchange up to 1 card in your hand for as many cards in your Discard Deck.",
        "Puoi scambiare fino a 1 carta della tua mano con altrettante carte del tuo "
        "Mazzo degli Scarti.",
    ),
    (
        parse_action({"kind": "camp", "element": "fire"}),
        "For 1 time, you may discard 1 fire card: draw 2 cards.",
        "Per 1 volta, puoi scartare 1 carta Fuoco: pesca 2 carte.",
    ),
    (
        parse_action({"kind": "recover", "cards": 2, "banner": 1, "target_banner": 2}),
        "For 1 time, you may exchange up to 2 Banner ▶ cards in your hand for as many "
        "Removed Cards, which come back on the Banner ▶▶ half.",
        "Per 1 volta, puoi scambiare fino a 2 carte Stendardo ▶ della tua mano con altrettante "
        "Carte Eliminate, che ritornano sulla metà Stendardo ▶▶.",
    ),
    (
        parse_action(
            {
                "kind": "banner_challenge",
                "comparison": "more",
                "count": 3,
                "count_place": "in_hand",
                "prize_place": "in_hand_or_discard",
                "penalty_place": "in_discard_pile",
                "banner": 1,
            }
        ),
        "For 1 time, if you have more than 3 Banner ▶ cards in your hand, turn 1 Banner ▶▶ "
        "card; otherwise exhaust 1 card of your choice in your Discard Deck.",
        "Per 1 volta, se hai più di 3 carte Stendardo ▶ nella tua mano, gira 1 carta "
        "Stendardo ▶▶; altrimenti esaurisci 1 carta a tua scelta nel tuo Mazzo degli Scarti.",
    ),
    (
        parse_action({"kind": "observatory", "stars": [1, 2], "buff": "defense", "order": "same"}),
        "For 1 time, you may discard 2 cards forming ★, ★★ all of the same value: gain +1 defense.",
        "Per 1 volta, puoi scartare 2 carte che formano ★, ★★ tutte dello stesso valore: "
        "guadagna +1 Difesa.",
    ),
    (
        parse_action({"kind": "curse"}),
        "For 1 time, discard your hand, turn every card in your Discard Deck and draw a new hand.",
        "Per 1 volta, scarta la tua mano, gira tutte le carte del tuo Mazzo degli Scarti e "
        "pesca una nuova mano.",
    ),
    (
        Forge(elements=("air", "earth"), banner="choice"),
        "You may discard 1 air card and 1 earth card: add the back of this card to your "
        "Discard Deck on the half of your choice.",
        "Puoi scartare 1 carta Aria e 1 carta Terra: aggiungi il retro di questa carta al tuo "
        "Mazzo degli Scarti sulla metà che preferisci.",
    ),
    (
        Pick(banner="any", card=6),
        "Add the back of card 6 to your Discard Deck.",
        "Aggiungi il retro della carta 6 al tuo Mazzo degli Scarti.",
    ),
    (
        parse_action({"kind": "stop_fight"}),
        "You may abandon the current fight at any moment.",
        "Puoi abbandonare il combattimento in corso in qualsiasi momento.",
    ),
]


@pytest.mark.parametrize(("action", "en", "it"), EXPECTED)
def test_exact_sentences(action: CardAction, en: str, it: str) -> None:
    assert render_action(action, "en") == en
    assert render_action(action, "it") == it


def test_unknown_language() -> None:
    with pytest.raises(UnknownName):
        render_action(_sample("loot"), "fr")


def _placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_catalogs_match() -> None:
    en, it = MSG.messages["en"], MSG.messages["it"]
    assert en and set(en) == set(it)
    for key in en:
        assert _placeholders(en[key]) == _placeholders(it[key]), key
        assert en[key] == en[key].strip() and it[key] == it[key].strip(), key
    for kind in KINDS:
        assert f"act.{kind}" in en and f"act.{kind}.may" in en
