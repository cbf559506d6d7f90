"""DungeonQuest's words and map: every event and action reads in English and Italian."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tavolo.engine import RNG, ConfigError, registry
from tavolo.games.dungeonquest.game import ui

GAME: Any = registry.get("dungeonquest")


def test_ui_catalogs_have_the_same_keys() -> None:
    en, it = ui("en"), ui("it")
    assert {s: set(v) for s, v in en.items()} == {s: set(v) for s, v in it.items()}


@pytest.mark.parametrize("lang", ["en", "it"])
def test_events_actions_and_view_in_words(lang: str) -> None:
    seen: set[str] = set()
    for seed in range(40):
        s = GAME.new(GAME.make_config(1 + seed % 4, monster_counter="left_player"), seed)
        rng = RNG(seed)
        while (d := GAME.decision(s)) is not None:
            for a in d.actions:
                text = GAME.describe_action(s, a, lang)
                assert text and not re.search(r"[a-z]:[a-z0-9]|_", text), (a, text)  # no ids
            for e in GAME.apply(s, d.actions[rng.below(len(d.actions))]):
                text = GAME.describe_event(e, 0, lang)
                assert text and "{" not in text and not text.startswith(e.kind), text
                seen.add(e.kind)
        view = GAME.view(s, 0, lang)
        assert "P1" in view or "G1" in view
    assert {"tile_placed", "card_drawn", "sun_moves", "hero_died"} <= seen


def test_help_names_the_decisions() -> None:
    for lang in ("en", "it"):
        text = GAME.help(lang)
        assert "D1-D27" in text and "mighty_blow" not in text  # the counters by name


@pytest.mark.parametrize(("lang", "name"), [("en", "Rildo the Crafty"), ("it", "Rildo l'Astuto")])
def test_DQ_18_events_name_the_hero(lang: str, name: str) -> None:
    """Narration says "Rildo the Crafty draws...", not "P1 draws..."."""
    s = GAME.new(GAME.make_config(1, heroes="rildo", expansion_heroes=True), 3)
    rng = RNG(3)
    texts: list[str] = []
    while (d := GAME.decision(s)) is not None and len(texts) < 40:
        for e in GAME.apply(s, d.actions[rng.below(len(d.actions))]):
            if "{hero}" in ui(lang)["event"].get(e.kind, ""):
                texts.append(GAME.describe_event(e, 0, lang))
    assert texts and all(name in t for t in texts), texts
    assert not any(t.startswith(("P1", "G1")) for t in texts)


@pytest.mark.parametrize(("lang", "said"), [("en", "Player 2 plays "), ("it", "Il giocatore 2 ")])
def test_a_hero_chosen_is_told_with_the_player_who_chose_it(lang: str, said: str) -> None:
    s = GAME.new(GAME.make_config(2), 3)
    rng = RNG(3)
    while (d := GAME.decision(s)) is not None:
        chosen = [
            e
            for e in GAME.apply(s, d.actions[rng.below(len(d.actions))])
            if e.kind == "hero_chosen"
        ]
        if chosen:
            e = chosen[0]
            name = GAME.name_of(e.data["id"], lang)
            text = GAME.describe_event(e, None, lang)
            assert text.count(name) == 1 and text.startswith(
                said.replace("2", str(e.data["hero"] + 1))
            )
            return
    raise AssertionError("no hero was chosen")


def test_italian_events_name_sides_and_dice_in_italian() -> None:
    texts: list[str] = []
    for seed in range(6):
        s = GAME.new(GAME.make_config(3), seed)
        rng = RNG(seed)
        while (d := GAME.decision(s)) is not None:
            for e in GAME.apply(s, d.actions[rng.below(len(d.actions))]):
                if e.kind in ("moved", "rolled", "stumbles", "secret_door"):
                    texts.append(GAME.describe_event(e, None, "it") or "")
    assert any("verso " in t for t in texts) and any(" tira D" in t for t in texts)
    leftovers = re.compile(r"\b(LUCK|ARMOUR|Luck|Armour)\b|verso [NSEW]\b|\([NSEW]\)")
    assert not [t for t in texts if leftovers.search(t)][:3]


@pytest.mark.parametrize("lang", ["en", "it"])
def test_choosing_a_hero_or_a_ring_shows_its_card(lang: str) -> None:
    s = GAME.new(GAME.make_config(2), 3)
    rng = RNG(3)
    seen = set()
    while (d := GAME.decision(s)) is not None and len(seen) < 2:
        for a in d.actions:
            verb, _, arg = a.partition(":")
            if verb == "hero" and arg:
                hero = GAME.heroes[arg]
                text = GAME.describe_action(s, a, lang)
                assert f"{hero.life}, " in text and f" {hero.luck}" in text
                seen.add(verb)
            if verb == "ring" and arg:
                once = "works once" if lang == "en" else "una volta sola"  # said once for all
                assert " 1 " in GAME.describe_action(s, a, lang) or once in GAME.view(s, 0, lang)
                seen.add(verb)
        GAME.apply(s, d.actions[rng.below(len(d.actions))])
    assert seen == {"hero", "ring"}


def test_the_hero_study_has_a_cell_per_hero_each_solo() -> None:
    # tavolo simulate dungeonquest --heroes [ID,...]
    base = [h.id for h in GAME.c.heroes if not h.expansion]
    cells = GAME.simulate_args(None, {"monster_counter": "left_player"}, ["--heroes"])
    assert [c[0] for c in cells] == base == ["sir_rohan", "ulv_grimhand", "el_adoran", "volrik"]
    assert cells[1] == (
        "ulv_grimhand",
        None,
        {"monster_counter": "left_player", "heroes": "ulv_grimhand"},
    )
    expansion = {"expansion_heroes": "true"}  # as -o gives it
    for args in (["--heroes", "azoth,volrik"], ["--heroes=azoth,volrik"]):
        cells = GAME.simulate_args(None, expansion, args)
        assert [c[0] for c in cells] == ["azoth", "volrik"]
    assert GAME.simulate_args(None, {}, []) == [("", None, {})]  # no study: one plain batch


@pytest.mark.parametrize(
    ("args", "options", "en", "it"),
    [
        (
            ["--x"],
            {},
            "dungeonquest takes no flag '--x' (--heroes [ID,...])",
            "non ha l'opzione '--x'",
        ),
        (["--heroes", "--x"], {}, "takes no flag '--x'", "non ha l'opzione '--x'"),
        (
            ["--heroes=zz"],
            {},
            "dungeonquest: no hero 'zz'; heroes: sir_rohan, ",
            "nessun eroe 'zz'; eroi: ",
        ),
        (
            ["--heroes"],
            {"heroes": "volrik"},
            "--heroes picks the hero of each cell; drop -o heroes",
            "togli -o heroes",
        ),
    ],
)
def test_a_wrong_hero_study_is_one_line_in_both_languages(
    args: list[str], options: dict[str, Any], en: str, it: str
) -> None:
    with pytest.raises(ConfigError) as e:
        GAME.simulate_args(None, options, args)
    assert en in str(e.value) and "\n" not in str(e.value)
    assert it in e.value.told("it")
