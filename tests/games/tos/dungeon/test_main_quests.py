"""TOS dungeon: the five main quests of tos-facts section 7.9, as generated."""

from __future__ import annotations

import json
from collections import Counter

from tavolo.games.tos.adventure.actions import Curse, Forge, Pick
from tavolo.games.tos.dungeon.adventure import DungeonAdventure, check_adventure, search_win
from tavolo.games.tos.dungeon.index import (
    Fight,
    Gain,
    HasItem,
    IndexCards,
    Story,
    SymbolMapped,
    Teleport,
    Win,
)
from tavolo.games.tos.dungeon.main_quests import MAIN_QUESTS, VILLAIN_DEFEATED
from tavolo.games.tos.dungeon.validate import check_map
from tavolo.games.tos.enemies import tier_stats

from .support import adventures, candidate, entries, tree_path

GATED = {
    "main_the_missing_key": "walk_on",
    "main_the_general": "immediate",
    "main_the_curse": "immediate",
}


def _of(quest: str) -> list[DungeonAdventure]:
    found = [a for a in adventures() if a.main_quest == quest]
    assert len(found) >= 15, (quest, len(found))
    return found


def _deepest_free(a: DungeonAdventure) -> int:
    return max(r.distance for r in a.map.rooms if not r.pickable)


def test_all_five_are_drawn_and_every_adventure_checks_out() -> None:
    seen = Counter(a.main_quest for a in adventures())
    assert set(seen) == set(MAIN_QUESTS) and len(MAIN_QUESTS) == 5
    for a in adventures():
        assert check_adventure(a.map, a.index) == [], a.seed
        entrance = next(i for i, r in entries(a, a.main_quest) if r.id == "1A")
        assert entrance.trigger == "walk_on"
        assert entrance.conditions == (HasItem(item=VILLAIN_DEFEATED),)
        assert isinstance(entrance.actions[-1], Win)


def test_gated_bosses_wait_where_the_first_step_stays_mapped() -> None:
    for quest, trigger in GATED.items():
        for a in _of(quest):
            steps = entries(a, quest)
            assert len(steps) == 3
            (boss, boss_room) = next(
                (i, r) for i, r in steps if Gain(item=VILLAIN_DEFEATED) in i.actions
            )
            (first, first_room) = next(
                (i, r) for i, r in steps if r.id != "1A" and r.id != boss_room.id
            )
            assert first.trigger == trigger
            assert first_room.distance == _deepest_free(a) and not first_room.pickable
            assert boss.trigger == "immediate" and not boss_room.pickable
            assert boss.conditions == (SymbolMapped(symbol=first_room.symbol),)
            assert isinstance(boss.actions[0], Fight)
            assert boss.actions[0].enemy.level == tier_stats("boss")["level"]
            assert candidate(a.map, first_room.id, boss_room.id), (quest, a.seed)
            # the gate matters: gated on a symbol the boss's own card hides, no win
            other = next(
                r for r in a.map.rooms if r.card == boss_room.card and r.id != boss_room.id
            )
            hidden = boss.model_copy(update={"conditions": (SymbolMapped(symbol=other.symbol),)})
            swapped = [hidden if i == boss else i for i in a.index.instructions]
            assert search_win(a.map, IndexCards.build(swapped)) is None
            if quest == "main_the_general":
                assert first.actions[0].kind == "fight"
                assert first.actions[0].enemy.level == tier_stats("lvl2")["level"]
            if quest == "main_the_curse":
                curse = first.actions[-1]
                assert isinstance(curse, Curse) and curse.may is False
            if quest == "main_the_missing_key":
                assert [x.kind for x in first.actions] == ["story"]


def test_the_boss_is_the_farthest_visible_room() -> None:
    """A card with one free room visible from the first step never has it deeper than the
    boss (the walk keeps the first room found per card, section 7.7)."""
    for quest in GATED:
        for a in _of(quest):
            steps = entries(a, quest)
            used = {r.id for _, r in steps}
            boss = next(r for i, r in steps if Gain(item=VILLAIN_DEFEATED) in i.actions)
            first = next(r for _, r in steps if r.id not in ("1A", boss.id))
            depth = len(tree_path(a.map, first.id, boss.id))
            for card in range(1, 7):
                seen = [
                    r
                    for r in a.map.rooms
                    if r.card == card
                    and not r.pickable
                    and (r.id == boss.id or r.id not in used)
                    and candidate(a.map, first.id, r.id)
                ]
                if card != boss.card and len(seen) == 1:
                    assert len(tree_path(a.map, first.id, seen[0].id)) <= depth, (quest, a.seed)


def test_final_form_closes_the_final_room() -> None:
    for a in _of("main_the_final_form"):
        steps = entries(a, "main_the_final_form")
        assert len(steps) == 3
        (first, first_room) = next((i, r) for i, r in steps if i.trigger == "choice")
        (final, final_room) = next(
            (i, r) for i, r in steps if Gain(item=VILLAIN_DEFEATED) in i.actions
        )
        pickable = [r for r in a.map.rooms if r.pickable]
        assert first_room.pickable and final_room.pickable
        assert first_room.distance == max(r.distance for r in pickable)
        assert final_room.distance == max(r.distance for r in pickable if r.id != first_room.id)
        assert isinstance(first.actions[0], Fight)
        assert first.actions[0].enemy.level == tier_stats("lvl4")["level"]
        assert first.actions[-1] == Teleport(room=final_room.id)
        assert isinstance(first.actions[-2], Story) and first.actions[-2].rooms == (final_room.id,)
        assert final.trigger == "immediate" and final.actions[-1] == Teleport(room="1A")
        # all its doors are closed, on both sides, and the map still checks out
        assert a.map.closed == (final_room.id,)
        assert all(final_room.id not in (d.room, d.code) for d in a.map.doors)
        assert check_map(a.map) == []
        # the first stage counts as the picking action: nothing else picks a card
        assert not any(isinstance(x, Pick | Forge) for i in a.index.instructions for x in i.actions)
        # only the first stage's teleport reaches the final room
        no_way = [i for i in a.index.instructions if i != first]
        assert search_win(a.map, IndexCards.build(no_way)) is None


def test_closed_rooms_survive_json() -> None:
    a = _of("main_the_final_form")[0]
    data = json.loads(json.dumps(a.to_json()))
    assert data["map"]["closed"] == list(a.map.closed)
    assert DungeonAdventure.from_json(data) == a
    del data["map"]["closed"]  # a map saved before closed rooms existed
    assert DungeonAdventure.from_json(data).map.closed == ()
