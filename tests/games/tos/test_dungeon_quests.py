"""TOS dungeon adventure: the card-action events (section 7.12) and side quests (7.10)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from tavolo.engine.rng import RNG
from tavolo.games.tos.adventure.actions import (
    Forge,
    Heal,
    Hostage,
    Loot,
    Observatory,
    Pick,
    Weakness,
)
from tavolo.games.tos.dungeon.adventure import (
    DungeonAdventure,
    check_adventure,
    generate_adventure,
    search_win,
)
from tavolo.games.tos.dungeon.generate import generate_map
from tavolo.games.tos.dungeon.index import (
    DungeonAction,
    Fight,
    IndexCards,
    Instruction,
    Story,
)
from tavolo.games.tos.dungeon.quests import (
    _EVENT_PLACERS,
    _SIDE_PLACERS,
    CARD_EVENTS,
    EVENTS,
    SIDE_QUEST_DRAWS,
    SIDE_QUESTS,
    Placer,
    place_side_quests,
)
from tavolo.games.tos.enemies import tier_stats

SEEDS = range(120)
NEW_SIDE_QUESTS = ("side_the_lost_technique", "side_the_theft")


@pytest.fixture(scope="module")
def adventures() -> list[DungeonAdventure]:
    return [generate_adventure(seed) for seed in SEEDS]


def _rooms(a: DungeonAdventure) -> list[tuple[Instruction, str]]:
    room_of = {r.symbol: r.id for r in a.map.rooms}
    return [(i, room_of[(i.symbol[0], i.symbol[1])]) for i in a.index.instructions]


# -- index data --------------------------------------------------------------------------
def test_instructions_carry_card_actions_through_json() -> None:
    ins = Instruction(
        symbol=(2, 1),
        trigger="choice",
        once=True,
        actions=(
            Fight.model_validate({"enemy": {"level": 4, "attack": 5, "defense": 6}}),
            Observatory(may=False, stars=(1, 2), buff="mana", order="same"),
            Heal(may=False, place="in_hand"),
        ),
        source="side_the_reward",
    )
    index = IndexCards.build([ins])
    data = json.loads(json.dumps(index.to_json()))
    assert data["cards"][0]["instructions"][0]["actions"][1]["kind"] == "observatory"
    assert IndexCards.from_json(data) == index
    with pytest.raises(ValueError, match="heal"):
        Instruction.model_validate(
            {
                "symbol": (0, 0),
                "trigger": "choice",
                "actions": [{"kind": "heal", "place": "nowhere"}],
                "source": "test",
            }
        )


def test_adventure_json_round_trip_keeps_side_quests(adventures: list[DungeonAdventure]) -> None:
    for a in adventures[:10]:
        data = json.loads(json.dumps(a.to_json()))
        assert data["side_quests"] == list(a.side_quests)
        assert DungeonAdventure.from_json(data) == a


# -- events ------------------------------------------------------------------------------
def test_card_events_follow_the_facts(adventures: list[DungeonAdventure]) -> None:
    seen: Counter[str] = Counter()
    for a in adventures:
        assert check_adventure(a.map, a.index) == []
        assert len(a.events) == len(set(a.events)) and set(a.events) <= set(EVENTS)
        placed = {i.source for i in a.index.instructions}
        assert set(a.events) == {s for s in placed if s.startswith("event_")}
        for ins, room in _rooms(a):
            if ins.source not in CARD_EVENTS:
                continue
            seen[ins.source] += 1
            _, trigger, kind = CARD_EVENTS[ins.source]
            assert ins.trigger == trigger
            (action,) = ins.actions
            assert action.kind == kind
            assert not isinstance(action, DungeonAction)
            # choice entries print actions as mandatory; the weakness is a must anyway
            assert action.may is False
            assert action.once and ins.once  # "For 1 time", token on the entry
            assert not a.map.room(room).pickable
    assert set(seen) == set(CARD_EVENTS)
    assert all(len(a.index.instructions) == 18 for a in adventures)


def test_card_events_take_their_timing_band() -> None:
    """On an empty placer each card event lands in the band of its timing (section 7.7)."""
    for seed in range(30):
        m = generate_map(seed)
        max_depth = len(m.bands) - 1
        for event, (percent, _, _) in CARD_EVENTS.items():
            pl = Placer(m, RNG(seed))
            assert _EVENT_PLACERS[event](pl)
            (ins,) = pl.instructions
            room = next(r for r in m.rooms if r.symbol == (ins.symbol[0], ins.symbol[1]))
            p = int(max_depth * percent / 100 + 0.5)
            non_pickable = {r.distance for r in m.rooms if not r.pickable and r.distance > 0}
            if p in non_pickable:
                assert room.distance == p
            else:
                assert room.distance == min(non_pickable, key=lambda d: (d < p, abs(d - p)))


# -- side quests -------------------------------------------------------------------------
def test_side_quests_follow_the_facts(adventures: list[DungeonAdventure]) -> None:
    seen: Counter[str] = Counter()
    for a in adventures:
        # both draws may be skipped (the final form leaves no pick for the forge, say)
        assert len(a.side_quests) <= SIDE_QUEST_DRAWS
        assert len(set(a.side_quests)) == len(a.side_quests)
        picks = 0
        for ins, room_id in _rooms(a):
            picks += sum(isinstance(x, Forge | Pick) for x in ins.actions)
            if not ins.source.startswith("side_") or ins.source in NEW_SIDE_QUESTS:
                continue  # the lost technique and the theft: tests/games/tos/dungeon/
            seen[ins.source] += 1
            assert ins.source in a.side_quests
            room = a.map.room(room_id)
            if ins.source == "side_the_forge":
                assert ins.trigger == "immediate" and room.pickable and not ins.once
                (forge,) = ins.actions
                assert isinstance(forge, Forge) and forge.may and not forge.once
                free_before = [r for r in a.map.rooms if r.pickable]
                assert room.distance == max(r.distance for r in free_before)
                continue
            assert ins.trigger == "choice" and ins.once and not room.pickable
            fight = ins.actions[0]
            assert isinstance(fight, Fight)
            if ins.source in ("side_the_reward", "side_the_hostage"):
                assert fight.enemy.level == tier_stats("lvl4")["level"]
                want = Heal if ins.source == "side_the_reward" else Hostage
                assert isinstance(ins.actions[1], want) and ins.actions[1].may is False
            elif ins.source == "side_the_trap":
                assert fight.enemy.trap  # a hard_trap enemy is a trap, not a levelled foe
            else:
                assert fight.enemy.attack == 0 and fight.enemy.defense  # a lock: only defense
            if ins.source in ("side_the_chest", "side_the_trap"):
                assert isinstance(ins.actions[1], Story)
                assert isinstance(ins.actions[2], Loot) and ins.actions[2].may is False
        assert picks <= 1
    assert set(seen) == set(SIDE_QUESTS) - set(NEW_SIDE_QUESTS)


def test_forge_skips_when_the_pick_is_taken() -> None:
    m = generate_map(4)
    pl = Placer(m, RNG(1))
    pl.picked = True
    assert _SIDE_PLACERS["side_the_forge"](pl) is False
    assert pl.instructions == []
    placed = place_side_quests(Placer(m, RNG(2)))
    assert len(placed) == SIDE_QUEST_DRAWS


def test_card_actions_do_not_change_the_search(adventures: list[DungeonAdventure]) -> None:
    for a in adventures[:40]:
        plain = [
            i
            for i in a.index.instructions
            if any(isinstance(x, DungeonAction) and not isinstance(x, Fight) for x in i.actions)
        ]
        assert search_win(a.map, IndexCards.build(plain)) == search_win(a.map, a.index)


def test_weakness_walk_on_keeps_its_default() -> None:
    for a in (generate_adventure(s) for s in range(60)):
        for ins in a.index.instructions:
            if ins.source == "event_weakness":
                assert ins.trigger == "walk_on"
                assert isinstance(ins.actions[0], Weakness)
                return
    pytest.fail("no weakness event in 60 seeds")
