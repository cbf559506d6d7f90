"""TOS dungeon adventure: index cards, quest/enemy/event placement, search check, retries."""

from __future__ import annotations

import json
import time
from collections import Counter
from dataclasses import replace

import pytest
from pydantic import ValidationError

from tavolo.engine.rng import RNG
from tavolo.games.tos.dungeon import adventure as adventure_module
from tavolo.games.tos.dungeon.adventure import (
    AdventureGenerationError,
    DungeonAdventure,
    adventure_seed,
    check_adventure,
    generate_adventure,
    search_win,
)
from tavolo.games.tos.dungeon.index import (
    Fight,
    Gain,
    HasItem,
    IndexCard,
    IndexCards,
    Instruction,
    Story,
    Teleport,
    Win,
)
from tavolo.games.tos.dungeon.quests import MISC_ENEMIES, VILLAIN_DEFEATED, PlacementFailed
from tavolo.games.tos.enemies import tier_stats
from tavolo.games.tos.schema import Enemy

ENEMY = Enemy(level=2, attack=3, defense=4)


def _ins(symbol: tuple[int, int], *actions: object, trigger: str = "immediate") -> Instruction:
    return Instruction.model_validate(
        {"symbol": symbol, "trigger": trigger, "actions": actions, "source": "test"}
    )


# -- index cards -------------------------------------------------------------------------
def test_index_json_round_trip_and_order() -> None:
    ins = [_ins((g, o), Story(label="x.y")) for o in range(3) for g in range(6)]
    index = IndexCards.build(list(reversed(ins)))
    assert [c.number for c in index.cards] == [7, 8, 9]
    assert all(len(c.instructions) == 6 for c in index.cards)
    assert [i.symbol for i in index.instructions] == [(g, o) for o in range(3) for g in range(6)]
    data = json.loads(json.dumps(index.to_json()))
    assert IndexCards.from_json(data) == index


def test_index_rejects_bad_data() -> None:
    with pytest.raises(ValidationError, match="share a symbol"):
        IndexCards(
            cards=(
                IndexCard(number=7, instructions=(_ins((1, 0), Win()), _ins((1, 0), Win()))),
                IndexCard(number=8, instructions=()),
                IndexCard(number=9, instructions=()),
            )
        )
    with pytest.raises(ValidationError, match="index order"):
        IndexCards(
            cards=(
                IndexCard(number=7, instructions=(_ins((0, 1), Win()), _ins((5, 0), Win()))),
                IndexCard(number=8, instructions=()),
                IndexCard(number=9, instructions=()),
            )
        )
    with pytest.raises(ValidationError, match="not full"):
        IndexCards(
            cards=(
                IndexCard(number=7, instructions=(_ins((0, 0), Win()),)),
                IndexCard(number=8, instructions=(_ins((1, 0), Win()),)),
                IndexCard(number=9, instructions=()),
            )
        )
    with pytest.raises(ValidationError, match="last action"):
        _ins((0, 0), Win(), Story(label="a"))
    with pytest.raises(ValidationError):
        Teleport(room="7A")
    with pytest.raises(ValidationError):
        _ins((6, 0), Win())
    with pytest.raises(ValidationError):
        Instruction.model_validate(
            {"symbol": (0, 0), "trigger": "later", "actions": [Win()], "source": "test"}
        )
    with pytest.raises(ValueError, match="holds 18"):
        IndexCards.build([_ins((g, o), Win()) for o in range(4) for g in range(6)][:19])


# -- placement ---------------------------------------------------------------------------
def test_placement_follows_the_facts() -> None:
    for seed in range(40):
        a = generate_adventure(seed)
        m, ins = a.map, a.index.instructions
        room_of = {r.symbol: r for r in m.rooms}
        rooms = [room_of[(i.symbol[0], i.symbol[1])] for i in ins]
        by_source = Counter(i.source for i in ins)
        assert by_source[a.main_quest] == (2 if a.main_quest == "main_the_boss" else 3)
        assert by_source["misc_enemy"] <= len(MISC_ENEMIES)
        entrance = next(i for i, r in zip(ins, rooms, strict=True) if r.id == "1A")
        assert entrance.trigger == "walk_on"
        assert entrance.conditions == (HasItem(item=VILLAIN_DEFEATED),)
        assert isinstance(entrance.actions[-1], Win)
        boss_entry, boss_room = next(
            (i, r)
            for i, r in zip(ins, rooms, strict=True)
            if i.source == a.main_quest and Gain(item=VILLAIN_DEFEATED) in i.actions
        )
        assert boss_entry.trigger == "immediate"
        assert isinstance(boss_entry.actions[0], Fight)
        if a.main_quest == "main_the_boss":
            assert not boss_room.pickable
            # the boss is as deep as a free non-pickable room can be
            assert boss_room.distance == max(r.distance for r in m.rooms if not r.pickable)
        levels = sorted(
            a.enemy.level
            for i in ins
            if i.source == "misc_enemy"
            for a in i.actions
            if isinstance(a, Fight)
        )
        if by_source["misc_enemy"] == len(MISC_ENEMIES):
            assert levels == sorted(tier_stats(t)["level"] for t, _ in MISC_ENEMIES)
        for i, r in zip(ins, rooms, strict=True):
            if i.source.startswith("event") or i.source == "main_the_boss":
                assert not r.pickable, (seed, i)
        teleports = [
            (r.id, a.room)
            for i, r in zip(ins, rooms, strict=True)
            for a in i.actions
            if isinstance(a, Teleport)
        ]
        if "event_bidirectional_teleport" in a.events:
            assert any((b, s) in teleports for s, b in teleports)
        assert len({i.symbol for i in ins}) == len(ins) <= 18


def test_same_seed_same_adventure_and_json_round_trip() -> None:
    a = generate_adventure(7)
    assert generate_adventure(7) == a
    data = json.loads(json.dumps(a.to_json()))
    assert DungeonAdventure.from_json(data) == a
    assert generate_adventure(8).to_json() != a.to_json()


# -- search and checks -------------------------------------------------------------------
def test_search_needs_the_boss_and_uses_teleports() -> None:
    a = generate_adventure(3)
    m = a.map
    assert check_adventure(m, a.index) == []
    plain = search_win(m, a.index)
    assert plain is not None and plain > 0
    # without the mark the boss gives, the entrance never wins
    broken = [
        i.model_copy(update={"actions": tuple(x for x in i.actions if not isinstance(x, Gain))})
        for i in a.index.instructions
    ]
    index = IndexCards.build(broken)
    assert search_win(m, index) is None
    assert check_adventure(m, index) == ["the main quest cannot be completed"]
    # a teleport next to the start straight into the boss's room shortens the way
    deepest = max((r for r in m.rooms if not r.pickable), key=lambda r: r.distance)
    first = m.room(m.doors_of("1A")[0].code)
    entrance = m.room("1A")
    small = IndexCards.build(
        [
            _ins(entrance.symbol, Win(), trigger="walk_on").model_copy(
                update={"conditions": (HasItem(item="mark"),)}
            ),
            _ins(first.symbol, Teleport(room=deepest.id), trigger="choice"),
            _ins(deepest.symbol, Fight(enemy=ENEMY), Gain(item="mark"), Teleport(room="1A")),
        ]
    )
    # 1A -> first (door), opt in (teleport to deepest, fight, gain, teleport to 1A), win
    assert search_win(m, small) == 3


def test_check_reports_missing_symbols_and_rooms() -> None:
    a = generate_adventure(5)
    gone = a.map.rooms[-1]
    cut = replace(a.map, rooms=a.map.rooms[:-1])
    problems = check_adventure(cut, a.index)
    if gone.symbol in {(i.symbol[0], i.symbol[1]) for i in a.index.instructions}:
        assert f"instruction symbol {gone.symbol} is not on the map" in problems
    index = IndexCards.build([_ins((0, 0), Teleport(room=gone.id), trigger="choice")])
    problems = check_adventure(cut, index)
    assert f"teleport names room {gone.id}, not on the map" in problems
    assert "no instruction wins the adventure" in problems


def test_failed_attempts_regenerate_from_the_next_sub_seed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = adventure_module.place_adventure
    seeds: list[int] = []

    def flaky(m: object, rng: RNG) -> object:
        seeds.append(m.seed)  # type: ignore[attr-defined]
        if len(seeds) == 1:
            raise PlacementFailed("injected")
        return real(m, rng)  # type: ignore[arg-type]

    monkeypatch.setattr(adventure_module, "place_adventure", flaky)
    a = generate_adventure(11)
    assert a.attempts == 2
    assert a.rejected == ("attempt 1: placement: injected",)
    assert seeds == [adventure_seed(11, 0), adventure_seed(11, 1)]
    monkeypatch.setattr(adventure_module, "check_adventure", lambda m, i: ["injected problem"])
    with pytest.raises(AdventureGenerationError, match="injected problem"):
        generate_adventure(11, max_attempts=3)


def test_thousand_seeds_failure_and_retry_rates() -> None:
    attempts: Counter[int] = Counter()
    reasons: Counter[str] = Counter()
    entries: Counter[int] = Counter()
    moves: Counter[int] = Counter()
    sides: Counter[str] = Counter()
    mains: Counter[str] = Counter()
    start = time.perf_counter()
    for seed in range(1000):
        a = generate_adventure(seed)
        mains[a.main_quest] += 1
        attempts[a.attempts] += 1
        entries[len(a.index.instructions)] += 1
        reasons.update(r.split(": ", 1)[1] for r in a.rejected)
        won = search_win(a.map, a.index)
        assert won is not None
        moves[won] += 1
        sides.update(a.side_quests)
    first_failed = 1000 - attempts[1]
    ms = (time.perf_counter() - start) / 1000 * 1000  # generation plus a second search
    print(
        f"\n1000 seeds: first attempt failed {first_failed} ({first_failed / 10:.1f}%); "
        f"attempts {dict(sorted(attempts.items()))}; reasons {dict(reasons)}; "
        f"index entries {dict(sorted(entries.items()))}; "
        f"fewest moves to win {dict(sorted(moves.items()))}; "
        f"main quests {dict(sorted(mains.items()))}; "
        f"side quests {dict(sorted(sides.items()))}; {ms:.1f} ms per adventure"
    )
    assert first_failed <= 10
