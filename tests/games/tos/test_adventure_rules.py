"""One test (or more) per adventure rule id of the TOS digest, T-18 ... T-29, named after it.

World rules play the hand-made adventure ``adventures/world_rules.yaml`` (cards 1-9 in
number order: card 3 lies right of card 2); dungeon rules play ``adventures/dungeon_rules.json``
(a generated dungeon saved as a fixture). Both use the Training hero (see test_rules.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tavolo.engine import RNG
from tavolo.games.tos.state import TosState

from .support import GAME, decision, of_kind, play

HERE = Path(__file__).parent / "adventures"
WORLD = GAME.make_config(1, "world", file=str(HERE / "world_rules.yaml"), seed=1)
DUNGEON = GAME.make_config(1, "dungeon", file=str(HERE / "dungeon_rules.json"), seed=1)


def world(**pos: Any) -> TosState:
    return GAME.from_position(WORLD, {"hero": "training", **pos}, RNG(0))


def dungeon(**pos: Any) -> TosState:
    return GAME.from_position(DUNGEON, {"hero": "training", **pos}, RNG(0))


def win_turn(s: TosState) -> list[dict[str, Any]]:
    """Open with card 1 and go straight to Execute (the position's tracks do the work)."""
    events = play(s, f"open:{s.hand[0]}", "done")
    while decision(s).kind == "exhaust":
        events += play(s, "exhaust:pay" if "exhaust:pay" in decision(s).actions else "exhaust:no")
    return events


# ---- T-18 world setup --------------------------------------------------------------------
def test_T_18_world_setup_grid_pawn_and_mission() -> None:
    s = GAME.new(WORLD, 5)
    assert sorted(s.grid) == list(range(1, 10)) and s.table == [0] * 9  # triangles up
    assert s.grid[s.pawn[0]] == 1  # the pawn on the black-triangle card
    assert s.phase == "explore" and decision(s).kind == "explore"
    again = GAME.new(WORLD, 6)
    assert again.grid != s.grid or GAME.new(WORLD, 7).grid != s.grid  # shuffled


# ---- T-19 world movement -----------------------------------------------------------------
def test_T_19_world_move_discards_a_hand_card_and_reads_the_new_card() -> None:
    s = world(hand=[1, 2, 3, 4, 5], discard=[6, 7, 8], attack=30, defense=30)
    assert decision(s).actions == ("move:down", "move:right")  # orthogonal, inside the grid
    play(s, "move:down")
    assert decision(s).kind == "adv_discard"
    events = play(s, "discard:3")
    assert s.discard[-1] == 3 and 3 not in s.hand
    assert s.pawn == (3, 0) and of_kind(events, "adv_read", half="4A")


def test_T_19_world_move_without_hand_is_free_and_an_empty_cell_is_blank() -> None:
    s = world(
        hand=[], discard=[1, 2, 3, 4, 5, 6, 7, 8], grid=[1, 2, 3, 0, 5, 6, 7, 8, 9],
        table=[0, 0, 0, -1, 0, 0, 0, 0, 0],
    )  # fmt: skip
    events = play(s, "move:down")
    assert of_kind(events, "adv_move", cell=3, card=0)
    assert not of_kind(events, "adv_read") and decision(s).kind == "explore"


# ---- T-20 world combat -------------------------------------------------------------------
def test_T_20_world_fight_takes_the_right_neighbours_bonus_and_reads_on() -> None:
    s = world(hand=[1, 2, 3, 4, 5], discard=[6, 7, 8], attack=30, defense=30)
    events = play(s, "move:right", "discard:5")
    # card 3 (right of card 2) gives +1 attack, +2 defense to card 2's open slots
    assert of_kind(events, "fight", level=2, attack=3, defense=5)
    events = win_turn(s)
    assert of_kind(events, "execute", defeated=True)
    assert of_kind(events, "adv_reveal", card=5)  # the text below the enemy is read on
    assert s.phase == "explore" and s.enemy is None


def test_T_20_world_enemy_not_defeated_means_another_combat_turn() -> None:
    s = world(hand=[1, 2, 3, 4, 5], discard=[6, 7, 8], defense=30)
    play(s, "move:right", "discard:5")
    events = win_turn(s)
    assert of_kind(events, "execute", defeated=False)
    assert s.enemy is not None and s.turn == 2 and decision(s).kind == "open"


def test_T_20_world_stop_fight_lets_you_leave() -> None:
    s = world(grid=[4, 1, 2, 3, 8, 5, 6, 7, 9], pawn=1)
    events = play(s, "move:down", "discard:5")
    assert of_kind(events, "fight", attack=30)
    assert "flee" in decision(s).actions
    events = play(s, "flee")
    assert of_kind(events, "adv_flee") and s.enemy is None and s.phase == "explore"


# ---- T-21 mapped cards and reveal --------------------------------------------------------
def test_T_21_reveal_turns_a_mapped_card_and_ignores_a_turned_one() -> None:
    s = world(attack=30, defense=30)
    assert GAME.mapped_half(s, "5A") and not GAME.mapped_half(s, "5B")
    play(s, "move:right", "discard:5")
    win_turn(s)
    assert s.table[4] == 1 and GAME.mapped_half(s, "5B") and not GAME.mapped_half(s, "5A")
    s.attack = s.defense = 30
    play(s, "move:left", "discard:4", "move:right", "discard:3")
    events = win_turn(s)
    assert not of_kind(events, "adv_reveal")  # 5A is no longer mapped: the line is skipped


def test_T_21_removed_cards_are_never_mapped() -> None:
    s = world(grid=[1, 2, 3, 4, 0, 6, 7, 8, 9], table=[0, 0, 0, 0, -1, 0, 0, 0, 0])
    assert not GAME.mapped_half(s, "5A") and not GAME.mapped_half(s, "5B")


def test_T_21_blank_when_its_condition_holds() -> None:
    s = world(grid=[1, 2, 3, 4, 5, 6, 7, 9, 8], pawn=6)
    events = play(s, "move:right", "discard:5")  # card 9: blank while 5A is mapped
    assert of_kind(events, "adv_blank") and not of_kind(events, "adv_text")


def test_T_21_tick_bar_marks_persist_and_choose_the_branch() -> None:
    s = world(grid=[1, 2, 3, 7, 5, 6, 4, 8, 9], pawn=0)
    events = play(s, "move:down", "discard:5")  # card 7: first box filled, reads A
    assert of_kind(events, "adv_tick", bar="theft", ticks=1)
    assert of_kind(events, "adv_reveal", card=7)
    later = world(grid=[1, 2, 3, 7, 5, 6, 4, 8, 9], pawn=0, ticks={"theft": 2})
    events = play(later, "move:down", "discard:5")  # a third game: the end value, B
    assert of_kind(events, "adv_tick", ticks=3) and of_kind(events, "adv_removed", card=7)


# ---- T-22 world "For 1 time" -------------------------------------------------------------
def test_T_22_for_1_time_once_per_card_and_the_mark_leaves_a_turned_card() -> None:
    s = world(turned=[2])
    play(s, "move:down", "discard:5")
    assert decision(s).kind == "adv_may"  # "you may" turn a two-tip card
    play(s, "may:yes", "card:2")
    assert s.up[1] == 0 and s.marks == [4]
    events = play(s, "move:up", "discard:4", "move:down", "discard:3")
    assert of_kind(events, "adv_read", half="4A") and decision(s).kind == "explore"
    GAME._turn_world_card(s, 4, 1)
    assert s.marks == []


# ---- T-23 dungeon setup ------------------------------------------------------------------
def test_T_23_dungeon_setup_room_1a_and_pawn_on_its_symbol() -> None:
    s = GAME.new(DUNGEON, 3)
    assert s.table == [0, -1, -1, -1, -1, -1]  # 1A in the centre, the rest in the deck
    assert s.pawn == GAME._symbol_cell(s, "1A") and GAME.room_here(s) == "1A"


# ---- T-24 dungeon movement ---------------------------------------------------------------
def _doors(s: TosState) -> list[str]:
    return [a.split(":")[1] for a in decision(s).actions if a.startswith("door:")]


def test_T_24_a_door_attaches_its_room_for_a_hand_card() -> None:
    s = dungeon()
    code = _doors(s)[0]
    play(s, f"door:{code}")
    assert decision(s).kind == "adv_discard"
    events = play(s, "discard:1")
    card, o = int(code[0]), "ABCD".index(code[1])
    assert s.table[card - 1] == o and GAME.room_here(s) == code
    assert of_kind(events, "adv_attach", room=code) and s.discard[-1] == 1
    back = [d for d in _doors(s) if d == "1A"]
    if back and decision(s).kind == "explore":
        events = play(s, "door:1A")  # already on the table: no card to discard
        assert not of_kind(events, "adv_attach") and GAME.room_here(s) == "1A"


def test_T_24_a_room_neither_in_the_deck_nor_on_the_table_blocks_its_door() -> None:
    s = dungeon()
    code = _doors(s)[0]
    blocked = dungeon(table=[0] + [-2 if c == int(code[0]) else -1 for c in range(2, 7)])
    assert code not in _doors(blocked) and _doors(blocked)


def test_T_24_only_doors_readable_in_this_orientation() -> None:
    s = dungeon()
    readable = {d.code for d in s.adv.map.doors_of("1A")}
    assert set(_doors(s)) <= readable


# ---- T-25 timing -------------------------------------------------------------------------
def _entry(s: TosState, trigger: str) -> tuple[int, str]:
    for n, ins in enumerate(s.adv.index.instructions):
        if ins.trigger == trigger:
            return n, GAME._entry_room(s, f"e{n}")
    raise AssertionError(f"the fixture has no {trigger} entry")


def _stand_in(rid: str, **pos: Any) -> TosState:
    """The pawn on a floor cell of room ``rid`` (its card on the table), nothing read."""
    table = [-1] * 6
    table[0] = 0
    table[int(rid[0]) - 1] = "ABCD".index(rid[1])
    probe = dungeon()
    probe.table = table
    GAME._place_in(probe, rid)
    return dungeon(table=table, pawn=list(probe.pawn), **pos)


def test_T_25_choice_entries_ask_and_walk_on_entries_apply() -> None:
    s = dungeon()
    n, rid = _entry(s, "choice")
    c = _stand_in(rid)
    assert "symbol" in decision(c).actions
    play(c, "symbol")
    assert decision(c).kind == "adv_may"
    events = play(c, "may:no")
    assert not of_kind(events, "adv_entry")
    n, rid = _entry(s, "walk_on")
    w = _stand_in(rid)
    events = play(w, "symbol")
    assert of_kind(events, "adv_entry", entry=n)


def test_T_25_stepping_back_onto_the_symbol_only_when_its_entry_would_be_read() -> None:
    # the pawn starts on the entrance symbol, whose entry wants the villain's mark: a step
    # off the symbol and back on would only spend a move (agents stood still that way)
    s = dungeon()
    n = GAME._entry_of(s, "1A")
    assert n is not None and s.adv.index.instructions[n].conditions
    assert s.pawn == GAME._symbol_cell(s, "1A") and "symbol" not in decision(s).actions
    marked = dungeon(items=["villain_defeated"])
    assert "symbol" in decision(marked).actions
    events = play(marked, "symbol")
    assert of_kind(events, "adv_entry", entry=n, ok=True) and marked.result == (1.0,)


@pytest.mark.parametrize("rid", ["4B", "2A"])  # no entry; an immediate entry
def test_T_25_a_symbol_where_no_entry_is_read_on_walking_is_plain_floor(rid: str) -> None:
    # only a walk-on or choice entry is read on the symbol, so only then is crossing it a
    # move of its own ("symbol"); a fight's steps once left the pawn behind a symbol that
    # walled it in, with no move to offer (2026-08-16, an empty explore decision)
    table = [-1] * 6
    room = next(r for r in dungeon().adv.map.rooms if r.id == rid)
    table[room.card - 1] = room.orientation
    floor = dungeon().adv.map.floor[rid]
    for cell in floor:
        s = dungeon(table=table, pawn=list(cell))
        n = GAME._entry_of(s, rid)
        assert n is None or s.adv.index.instructions[n].trigger == "immediate"
        assert GAME._reach(s) == set(floor), cell


def test_T_25_a_hero_with_every_door_shut_can_still_pace_the_room() -> None:
    # on the entrance symbol, its entry not to be read (no villain's mark) and every
    # other card gone: no door opens, and the hero paces until the move cap
    s = dungeon(table=[0, -2, -2, -2, -2, -2])
    assert decision(s).actions == ("symbol",)
    moves = s.count["moves"]
    play(s, "symbol")
    assert s.count["moves"] == moves + 1 and decision(s).kind == "explore"


def test_T_25_immediate_entries_apply_on_entering() -> None:
    s = dungeon()
    code = _doors(s)[0]
    events = play(s, f"door:{code}", "discard:1")
    n = GAME._entry_of(s, code)
    if n is not None and s.adv.index.instructions[n].trigger == "immediate":
        assert of_kind(events, "adv_entry", entry=n)
    else:
        assert not of_kind(events, "adv_entry")


# ---- T-26 dungeon combat -----------------------------------------------------------------
def _fight_door(s: TosState) -> tuple[str, Any]:
    """A door from a room with no immediate entry into a room whose entry is a fight."""
    m = s.adv.map
    for door in m.doors:
        a, b = GAME._entry_of(s, door.room), GAME._entry_of(s, door.code)
        if b is None or (int(door.room[0]) == 1 and door.room != "1A"):
            continue
        ins = s.adv.index.instructions[b]
        quiet = a is None or s.adv.index.instructions[a].trigger != "immediate"
        fight = ins.trigger == "immediate" and ins.actions[0].kind == "fight"
        if fight and quiet and not ins.conditions and door.room[0] != door.code[0]:
            return door.room, door
    raise AssertionError("the fixture has no door into a fight")


def _at_fight(**pos: Any) -> tuple[TosState, Any]:
    s = dungeon()
    rid, door = _fight_door(s)
    table = [-1] * 6
    table[0] = 0 if rid[0] != "1" else "ABCD".index(rid[1])
    table[int(rid[0]) - 1] = "ABCD".index(rid[1])
    table[int(door.code[0]) - 1] = "ABCD".index(door.code[1])
    s = dungeon(table=table, pawn=list(door.cell), **pos)
    play(s, f"door:{door.code}")
    assert s.enemy is not None and s.foe is not None
    return s, door


def test_T_26_attack_counts_only_on_the_enemys_symbol() -> None:
    s, _ = _at_fight(attack=30, defense=30)
    win_turn(s)
    assert decision(s).kind == "adv_dmove"
    events = play(s, "strike")  # 30 attack, but the pawn is not on the symbol
    assert of_kind(events, "execute", defeated=False, damage=0)
    assert s.enemy is not None and s.turn == 2  # same room: next combat turn


def test_T_26_moving_to_the_symbol_with_attack_points_then_striking() -> None:
    s, _ = _at_fight(attack=40, defense=30)
    win_turn(s)
    _, x, y = s.foe
    target = (x, y)
    for _ in range(30):
        if s.pawn == target:
            break
        rid = GAME.room_here(s)
        best = min(
            (a for a in decision(s).actions if a.startswith("step:")),
            key=lambda a: GAME.distance(
                s,
                (rid, GAME._door_step(s, rid, s.pawn, a[5:])[1]),
                target,  # type: ignore[index]
            ),
        )
        play(s, best)
    assert s.pawn == target
    events = play(s, "strike")
    assert of_kind(events, "execute", defeated=True)
    assert (s.enemy is None and s.phase in ("explore",)) or s.result is not None


def test_T_26_advance_walks_onto_the_symbol_and_strikes() -> None:
    s, _ = _at_fight(attack=40, defense=30)
    win_turn(s)
    _, x, y = s.foe
    far = GAME.distance(s, (GAME.room_here(s), s.pawn), (x, y))
    assert far >= 1 and "advance" in decision(s).actions
    events = play(s, "advance")
    assert len(of_kind(events, "adv_step")) == far  # the shortest way, a point a step
    assert of_kind(events, "execute", defeated=True)


def test_T_26_advance_goes_as_near_as_the_attack_allows() -> None:
    s, _ = _at_fight(attack=30, defense=30)
    win_turn(s)
    _, x, y = s.foe
    far = GAME.distance(s, (GAME.room_here(s), s.pawn), (x, y))
    assert far >= 2  # the fixture's door is two cells or more from the symbol
    s.attack = far - 1
    events = play(s, "advance")
    assert GAME.distance(s, (GAME.room_here(s), s.pawn), (x, y)) == 1  # next turn needs less
    assert of_kind(events, "execute", defeated=False)
    assert s.enemy is not None and s.turn == 2


def test_T_26_escape_into_another_room_ends_the_fight() -> None:
    s, door = _at_fight(attack=30, defense=30)
    win_turn(s)
    back = {"N": "down", "S": "up", "E": "left", "W": "right"}[door.side]
    play(s, f"step:{back}")
    assert GAME.room_here(s) == door.room
    events = play(s, "strike")
    assert of_kind(events, "adv_escape", room=door.room)
    assert s.enemy is None and s.phase == "explore"


def test_T_26_a_step_out_of_the_room_is_valued_as_the_escape_it_makes() -> None:
    # regression: the agents' value of the rest of the turn walked the pawn back to the
    # enemy's symbol and charged every cell of the way, so an escape looked worse than
    # a hopeless fight and heroes fought on to the 20-turn cap (2026-01-05)
    s, door = _at_fight(attack=3, defense=30)
    win_turn(s)
    back = {"N": "down", "S": "up", "E": "left", "W": "right"}[door.side]
    out = s.clone()
    GAME.apply(out, f"step:{back}")
    assert GAME.room_here(out) == door.room and decision(out).kind == "adv_dmove"
    escaped = out.clone()
    GAME.apply(escaped, "strike")
    assert escaped.enemy is None and escaped.phase == "explore"
    assert GAME.heuristic(out, 0) == pytest.approx(GAME.heuristic(escaped, 0))


def test_T_26_the_enemy_reaches_the_pawn_spending_attack() -> None:
    s, _ = _at_fight(defense=0)
    _, x, y = s.foe
    d = GAME.distance(s, (GAME.room_here(s), s.pawn), (x, y))
    assert d >= 1
    on, left = GAME.dungeon_strike(s, d + 3)
    assert not on and left == 3
    assert GAME.dungeon_strike(s, d)[1] == 0


# ---- T-27 mapped symbols -----------------------------------------------------------------
def test_T_27_a_symbol_is_mapped_in_its_exact_orientation() -> None:
    s = dungeon()
    sym_1a = tuple(s.adv.map.room("1A").symbol)
    sym_1b = tuple(s.adv.map.room("1B").symbol)
    assert GAME._symbol_mapped(s, sym_1a) and not GAME._symbol_mapped(s, sym_1b)
    other = next(r for r in s.adv.map.rooms if r.card == 2)
    assert not GAME._symbol_mapped(s, tuple(other.symbol))  # card 2 is in the deck


# ---- T-28 dungeon "For 1 time" -----------------------------------------------------------
def test_T_28_for_1_time_once_per_instruction() -> None:
    s = dungeon()
    n = next(
        n
        for n, ins in enumerate(s.adv.index.instructions)
        if ins.trigger == "choice"
        and len(ins.actions) == 1
        and getattr(ins.actions[0], "once", False)
        and not ins.conditions
    )
    rid = GAME._entry_room(s, f"e{n}")
    c = _stand_in(rid, turned=[1, 2, 3])
    play(c, "symbol", "may:yes")
    while decision(c).kind in ("adv_card", "adv_may"):
        play(c, decision(c).actions[0])
    assert n in c.marks
    GAME._place_in(c, rid)
    c._dec = None
    events = play(c, "symbol")  # read before: no choice is asked, nothing happens
    assert not of_kind(events, "adv_entry") and decision(c).kind == "explore"


def test_T_28_a_for_1_time_entry_with_a_fight_is_not_fought_again() -> None:
    # regression: only the entry's "For 1 time" card action was marked, so the chest's
    # guard could be fought again and again (a hero did it 150 times until the move cap)
    s = dungeon()
    n = next(
        n
        for n, ins in enumerate(s.adv.index.instructions)
        if ins.trigger == "choice" and ins.once and ins.actions[0].kind == "fight"
    )
    rid = GAME._entry_room(s, f"e{n}")
    c = _stand_in(rid, attack=40, defense=30)
    play(c, "symbol", "may:yes")
    assert c.enemy is not None and n not in c.marks  # not yet: the fight may be left
    win_turn(c)
    play(c, "strike")  # the pawn stands on the guard's symbol, the entry's own
    while decision(c).kind in ("adv_card", "adv_may"):
        play(c, decision(c).actions[0])
    assert c.enemy is None and n in c.marks
    assert "symbol" not in decision(c).actions  # standing on it: nothing left to read
    GAME._place_in(c, rid)
    c._dec = None
    events = play(c, "symbol")  # back onto it from elsewhere in the room: nothing to choose
    assert of_kind(events, "adv_symbol") and decision(c).kind == "explore"
    assert c.enemy is None and c.count.get("fights", 0) == 1


# ---- T-29 teleports ----------------------------------------------------------------------
def test_T_29_teleport_fetches_an_unattached_room_and_reads_it() -> None:
    s = dungeon()
    n, ins = next(
        (n, ins)
        for n, ins in enumerate(s.adv.index.instructions)
        if ins.trigger == "choice" and len(ins.actions) == 1 and ins.actions[0].kind == "teleport"
    )
    rid = GAME._entry_room(s, f"e{n}")
    target = ins.actions[-1].room
    c = _stand_in(rid)
    assert c.table[int(target[0]) - 1] != "ABCD".index(target[1]) or target[0] == rid[0]
    events = play(c, "symbol", "may:yes")
    assert of_kind(events, "adv_teleport", room=target, ok=True)
    assert GAME.room_here(c) == target and c.table[int(target[0]) - 1] == "ABCD".index(target[1])
