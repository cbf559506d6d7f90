"""Platformer content: every file loads, and the counts and named cards match the digest."""

from __future__ import annotations

from collections import Counter

import pytest

from tavolo.games.platformer.content import Content, default_content
from tavolo.games.platformer.effects import ENEMY_FACES, SYMBOLS


@pytest.fixture(scope="module")
def content() -> Content:
    return default_content()


def test_counts_match_the_rulebook(content: Content) -> None:
    assert len(content.heroes) == 6
    assert len(content.enemies) == 6
    assert len(content.bosses) == 2
    assert len(content.attack_cards) == 11
    assert len(content.items) == 15
    assert len(content.potions) == 15
    assert len(content.artifacts) == 10
    assert len(content.events) == 12


def test_tiles_per_theme(content: Content) -> None:
    for theme in ("forest", "void"):
        tiles = content.tile_set(theme)
        assert (len(tiles.normal), len(tiles.boss)) == (14, 2)
    assert len(content.tiles) == 32
    assert len({t.id for t in content.tiles}) == 32


def test_portals_only_on_void_tiles(content: Content) -> None:
    for t in content.tiles:
        portals = t.layout.count("O")
        assert portals == 0 if t.theme == "forest" else True, t.id
    assert sum(t.layout.count("O") for t in content.tiles if t.theme == "void") >= 14


def test_token_budget_matches_the_components(content: Content) -> None:
    enemy_tokens = sum(e.tokens for e in content.enemies) + sum(
        b.summon.tokens for b in content.bosses
    )
    assert enemy_tokens == 28
    assert sum(t.count for b in content.bosses for t in b.tokens) == 20


def test_dice_faces(content: Content) -> None:
    d = content.dice
    assert d.action_dice == 5
    assert Counter(d.action) == Counter({"MOVE": 2, "SWORD": 1, "COIN": 1, "PUSH": 1, "STAR": 1})
    assert Counter(d.enemy) == Counter({"ATTACK": 2, "LEFT": 2, "RIGHT": 2})
    assert d.special[0] == "BLANK"


def test_two_enemy_cards_per_tier(content: Content) -> None:
    assert Counter(e.tier for e in content.enemies) == {1: 2, 2: 2, 3: 2}
    for e in content.enemies:
        assert e.health >= 1 and e.damage >= 1


def test_named_heroes(content: Content) -> None:
    ids = {h.id for h in content.heroes}
    assert {"sweety", "etern"} <= ids
    sweety = next(h for h in content.heroes if h.id == "sweety")
    # the rulebook's example: Sweety's ability makes one PUSH move an enemy 2 spaces
    assert sweety.ability.trigger == "use_symbol" and sweety.ability.symbol == "PUSH"
    assert sweety.ability.do[0].push == 1
    etern = next(h for h in content.heroes if h.id == "etern")
    # the rulebook's example: Etern gains 1 extra coin when he defeats the Ent
    assert etern.ability.trigger == "defeat" and etern.ability.do[0].gain == "coin"
    for h in content.heroes:
        assert h.ability.kind in ("passive", "once_per_turn")
        assert h.star and "STAR" not in h.star


def test_named_enemies(content: Content) -> None:
    werewolf = next(e for e in content.enemies if e.id == "werewolf")
    assert werewolf.ability is not None
    assert werewolf.ability.trigger == "attacks"
    assert werewolf.ability.do[0].reset_special is True
    assert werewolf.ability.do[0].who == "target"
    assert (werewolf.tier, werewolf.health) == (3, 3)  # level 3, three symbols in the example
    ent = next(e for e in content.enemies if e.id == "ent")
    assert ent.ability is not None and ent.ability.trigger == "hero_moves_adjacent"
    assert (ent.tier, ent.health) == (2, 2)  # level 2, two swords in the example


def test_speed_boots(content: Content) -> None:
    boots = next(i for i in content.items if i.id == "speed_boots")
    assert boots.ability.kind == "exhaust" and boots.ability.trigger == "action"
    assert [e.move for e in boots.ability.do] == [1]


def test_items_potions_artifacts_events(content: Content) -> None:
    assert {i.ability.kind for i in content.items} == {"passive", "exhaust"}
    assert {p.ability.kind for p in content.potions} == {"one_shot"}
    assert all(1 <= x.price <= 9 for x in (*content.items, *content.potions))
    assert {a.ability.kind for a in content.artifacts} <= {"passive", "exhaust"}
    assert {e.timing for e in content.events} == {"this_turn", "end_of_turn"}


def test_bosses_and_attack_decks(content: Content) -> None:
    assert {b.id for b in content.bosses} == {"medusa", "ikee"}
    medusa = content.deck("medusa")
    assert Counter(c.symbol for c in medusa) == dict.fromkeys(ENEMY_FACES, 2)
    ikee = content.deck("ikee")
    assert sorted(c.symbol for c in ikee) == sorted(SYMBOLS)
    ranges = {c.range for c in content.attack_cards}
    assert ranges == {"row", "adjacent", "surround", "tile", "unlimited"}
    for b in content.bosses:
        assert b.health_per_level == 2  # P-27: 8 on a normal map, 10 extended
        assert b.summon.tier is None
        assert any(s.place == "boss" for s in b.setup)


def test_ids_are_unique_across_cards(content: Content) -> None:
    ids = [
        x.id
        for group in (
            content.heroes,
            content.enemies,
            content.bosses,
            content.attack_cards,
            content.items,
            content.potions,
            content.artifacts,
            content.events,
        )
        for x in group
    ]
    assert len(ids) == len(set(ids))
