"""TOS dungeon: the win search with "is mapped" conditions, picks, closed rooms and pencil
bars, on hand-built adventures over a generated map."""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from tavolo.games.tos.adventure.actions import Pick
from tavolo.games.tos.dungeon.adventure import check_adventure, search_win
from tavolo.games.tos.dungeon.generate import generate_map
from tavolo.games.tos.dungeon.index import (
    BarFull,
    Condition,
    Fight,
    Gain,
    HasItem,
    IndexCards,
    Instruction,
    SymbolMapped,
    Teleport,
    Tick,
    Win,
)
from tavolo.games.tos.dungeon.model import DungeonMap, Room
from tavolo.games.tos.dungeon.validate import check_map

from .support import ENEMY, tree_path, visible

MARK = "villain_defeated"


@cache
def _map() -> DungeonMap:
    return generate_map(21)


def _ins(
    room: Room,
    *actions: object,
    trigger: str = "immediate",
    conditions: tuple[Condition, ...] = (),
    once: bool = False,
) -> Instruction:
    return Instruction.model_validate(
        {
            "symbol": room.symbol,
            "trigger": trigger,
            "once": once,
            "conditions": conditions,
            "actions": actions,
            "source": "test",
        }
    )


def _adventure(*extra: Instruction) -> IndexCards:
    m = _map()
    entrance = _ins(m.room("1A"), Win(), trigger="walk_on", conditions=(HasItem(item=MARK),))
    return IndexCards.build([entrance, *extra])


def _boss(room: Room, *conditions: Condition) -> Instruction:
    return _ins(room, Fight(enemy=ENEMY), Gain(item=MARK), conditions=conditions)


def _deep_pair(*, visible_ok: bool) -> tuple[Room, Room]:
    """A key room and a boss room, the boss visible from the key or not."""
    m = _map()
    rooms = [r for r in m.rooms if not r.pickable and r.id != "1A"]
    for key in sorted(rooms, key=lambda r: -r.distance):
        for boss in rooms:
            if boss.id != key.id and visible(m, key.id, boss.id) == visible_ok:
                return key, boss
    raise AssertionError("no such pair")


def test_a_gate_on_a_visible_key_can_be_won() -> None:
    key, boss = _deep_pair(visible_ok=True)
    index = _adventure(_boss(boss, SymbolMapped(symbol=key.symbol)))
    assert check_adventure(_map(), index) == []
    # the way: to the key, then to the boss, then back to 1A, then onto the symbol
    m = _map()
    via_key = len(tree_path(m, "1A", key.id)) + len(tree_path(m, key.id, boss.id))
    back = len(tree_path(m, boss.id, "1A"))
    assert search_win(m, index) == via_key - 2 + back - 1 + 1


def test_a_gate_on_a_key_the_walk_hides_cannot_be_won() -> None:
    key, boss = _deep_pair(visible_ok=False)
    index = _adventure(_boss(boss, SymbolMapped(symbol=key.symbol)))
    assert search_win(_map(), index) is None
    assert check_adventure(_map(), index) == ["the main quest cannot be completed"]


def test_a_gate_on_a_symbol_never_mapped_there_is_rejected() -> None:
    m = _map()
    boss = max((r for r in m.rooms if not r.pickable), key=lambda r: r.distance)
    twin = next(r for r in m.rooms if r.card == boss.card and r.id != boss.id)
    index = _adventure(_boss(boss, SymbolMapped(symbol=twin.symbol)))
    assert check_adventure(m, index) == ["the main quest cannot be completed"]
    # negated, the same condition always holds there
    assert search_win(m, _adventure(_boss(boss, SymbolMapped(symbol=twin.symbol, negate=True))))


def test_a_condition_on_no_symbol_of_the_map_is_reported() -> None:
    m = _map()
    boss = m.rooms[5]
    gone = replace(m, rooms=tuple(r for r in m.rooms if r.id != "2B"))
    missing = m.room("2B").symbol
    problems = check_adventure(gone, _adventure(_boss(boss, SymbolMapped(symbol=missing))))
    assert f"condition names symbol {missing}, not on the map" in problems


def test_a_teleport_moves_the_card_it_lands_on() -> None:
    """A teleport into another room of the key's card unmaps the key."""
    m = _map()
    key, boss = _deep_pair(visible_ok=True)
    twin = next(r for r in m.rooms if r.card == key.card and r.id != key.id)
    trap = _ins(key, Teleport(room=twin.id))  # reading the key room moves its card at once
    index = _adventure(trap, _boss(boss, SymbolMapped(symbol=key.symbol)))
    assert search_win(m, index) is None
    # as a choice, the hero can leave the key mapped
    index = _adventure(
        _ins(key, Teleport(room=twin.id), trigger="choice"),
        _boss(boss, SymbolMapped(symbol=key.symbol)),
    )
    assert search_win(m, index) is not None


def test_a_picked_card_blocks_its_doors() -> None:
    m = _map()
    lair = max((r for r in m.rooms if r.pickable), key=lambda r: r.distance)
    assert lair.parent is not None
    parent = m.room(lair.parent)
    pick = Pick(banner=1, card=m.pickable_card, may=False)  # type: ignore[arg-type]
    must = _adventure(_ins(parent, pick), _boss(lair))
    assert check_adventure(m, must) == ["the main quest cannot be completed"]
    may = _adventure(_ins(parent, pick.model_copy(update={"may": True})), _boss(lair))
    assert check_adventure(m, may) == []
    # a pick of another card is reported
    other = 5 if m.pickable_card == 6 else 6
    wrong = _adventure(_ins(parent, pick.model_copy(update={"card": other})), _boss(lair))
    assert f"pick takes card {other}, not the pickable card" in check_adventure(m, wrong)


def test_a_closed_room_is_reached_only_by_teleport() -> None:
    m = _map()
    lair = max((r for r in m.rooms if r.pickable), key=lambda r: r.distance)
    closed = m.close_room(lair.id)
    assert check_map(closed) == []
    assert len(closed.doors) == len(m.doors) - 2 and closed.closed == (lair.id,)
    boss = _boss(lair)
    assert search_win(closed, _adventure(boss)) is None
    door = _ins(m.room(m.doors_of("1A")[0].code), Teleport(room=lair.id), trigger="choice")
    assert search_win(closed, _adventure(boss, door)) is None  # no way out of the lair
    home = _ins(lair, Fight(enemy=ENEMY), Gain(item=MARK), Teleport(room="1A"))
    assert check_adventure(closed, _adventure(home, door)) == []
    assert search_win(closed, _adventure(home, door)) == 3  # door, choice, step
    # closing a room that others hang from cuts the map
    inner = next(r for r in m.rooms if any(o.parent == r.id for o in m.rooms) and r.parent)
    problems = check_map(m.close_room(inner.id))
    assert any("cannot be reached from 1A" in p for p in problems)
    assert check_map(replace(m, closed=("1A",)))  # 1A is never closed


def test_a_full_bar_counts_once_a_game_can_tick_it() -> None:
    m = _map()
    boss = max((r for r in m.rooms if not r.pickable), key=lambda r: r.distance)
    stash = m.room(m.doors_of("1A")[0].code)
    tick = _ins(stash, Tick(bar="test.bar", boxes=3), trigger="choice", once=True)
    index = _adventure(tick, _boss(boss, BarFull(bar="test.bar")))
    assert check_adventure(m, index) == []
    # a bar nobody ticks never fills
    lone = _adventure(_boss(boss, BarFull(bar="test.bar")))
    assert "condition names bar test.bar, which no instruction ticks" in check_adventure(m, lone)
    assert search_win(m, lone) is None
    # a tick that needs its own bar full never starts
    stuck = tick.model_copy(update={"conditions": (BarFull(bar="test.bar"),)})
    assert search_win(m, _adventure(stuck, _boss(boss, BarFull(bar="test.bar")))) is None
    # "has an empty box" holds in a first game
    assert search_win(m, _adventure(tick, _boss(boss, BarFull(bar="test.bar", negate=True))))
    # two sizes for one bar are reported
    other = _ins(boss, Tick(bar="test.bar", boxes=2), trigger="choice")
    assert any("has 3 boxes and 2" in p for p in check_adventure(m, _adventure(tick, other)))
