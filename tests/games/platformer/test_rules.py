"""One test per Platformer rule id (P-1 ... P-30, P-33), on positions of seed 1's map.

Seed 1 (Forest): level 1 bottom row is open from x=0 to 3 with a wall east of x=3; a
ladder joins (1,0) and (1,1); the trap at (5,2); boss level shops at (2,12) and (4,12).
"""

from __future__ import annotations

import time
from itertools import combinations_with_replacement
from typing import Any

from tavolo.engine import RNG, Event, registry
from tavolo.games.platformer.rules import CATCH_UP, gem_cost, max_boost, spread
from tavolo.games.platformer.state import PlatformerState

from .reading import read

G: Any = registry.get("platformer")


def P(x: int, y: int) -> int:
    return y * 8 + x


def at(players: int = 2, mode: str = "standard", **position: Any) -> PlatformerState:
    cfg = G.make_config(players, mode, **position.pop("options", {}))
    base = {"seed": 1, "active": 0, **position}
    if base.get("revealed", 1) < 4:
        base.setdefault("enemies", [])
    return G.from_position(cfg, base, RNG(0))  # type: ignore[no-any-return]


def play(s: PlatformerState, *actions: str) -> list[Event]:
    ev: list[Event] = []
    for a in actions:
        ev += G.apply(s, a)
    return ev


def kinds(ev: list[Event]) -> list[str]:
    return [e.kind for e in ev]


def test_P_1_symbols_coin_move_sword_push() -> None:
    s = at(
        heroes=[{"at": [0, 0], "gems": 0, "coins": 0}],
        dice=["COIN", "MOVE", "PUSH", "SWORD", "COIN"],
        enemies=[["werewolf", 2, 0]],
    )
    play(s, "use:COIN")
    assert s.heroes[0].coins == 1
    play(s, "use:MOVE", "to:1")
    assert s.heroes[0].pos == P(1, 0)
    assert "use:SWORD" in G.decision(s).actions


def test_P_2_forge_two_equal_symbols_into_any() -> None:
    s = at(heroes=[{"at": [0, 0], "gems": 0}], dice=["MOVE", "MOVE", "COIN", "COIN", "PUSH"])
    assert {"forge:MOVE", "forge:COIN"} <= set(G.decision(s).actions)
    assert not any(a.startswith("forge:PUSH") for a in G.decision(s).actions)
    play(s, "forge:MOVE")
    assert G.decision(s).actions == ("as:SWORD", "as:COIN", "as:PUSH", "as:STAR")
    play(s, "as:SWORD")
    assert s.extra == ["SWORD"] and G.pool(s).get("MOVE") is None


def test_P_3_special_die_set_used_and_reset() -> None:
    s = at(
        heroes=[{"id": "sweety", "at": [0, 0], "gems": 0}],
        dice=["COIN", "MOVE", "MOVE", "MOVE", "MOVE"],
    )
    play(s, "end", "set:COIN")
    h = s.heroes[0]
    assert h.special == "COIN"
    s.active, s.dice, s.phase, s._dec = 0, [], "act", None
    coins = h.coins
    play(s, "special")
    assert h.special == "" and h.coins == coins + 1
    h.special = "SWORD"
    G.faint(s, 0, [])
    assert h.special == ""


def test_P_4_gems_cost_triangular() -> None:
    assert [gem_cost(k) for k in (1, 2, 3, 4, 5)] == [0, 1, 3, 6, 10]
    assert max_boost(9) == 4 and max_boost(0) == 1
    s = at(heroes=[{"at": [0, 0], "gems": 9, "coins": 0}], dice=["COIN"] * 5)
    play(s, "use:COIN")
    assert G.decision(s).actions == ("x:1", "x:2", "x:3", "x:4")
    play(s, "x:4")
    assert s.heroes[0].coins == 4 and s.heroes[0].gems == 3


def test_P_4_spread_is_the_best_split_of_the_gems_on_every_small_input() -> None:
    # brute force: every way to boost n symbols (x1 .. x(gems+1) each) that the gems pay
    for n in range(6):
        for gems in range(22):
            got = spread(n, gems)
            assert len(got) == n and got == sorted(got) and min(got, default=1) >= 1
            assert sum(gem_cost(k) for k in got) <= gems, (n, gems, got)
            best = max(
                (
                    sum(m)
                    for m in combinations_with_replacement(range(1, max_boost(gems) + 1), n)
                    if sum(gem_cost(k) for k in m) <= gems
                ),
                default=0,
            )
            assert sum(got) == best, (n, gems, got, best)
    assert spread(2, 9) == [3, 4] and spread(4, 9) == [2, 2, 3, 3]  # the rulebook's cases
    assert spread(1, 9) == [max_boost(9)] and spread(0, 5) == [] and spread(-1, 3) == []


def test_P_4_a_big_purse_is_worked_out_at_once_not_a_gem_at_a_time() -> None:
    """No supply bounds the gems a hero gains (events, the Treasure Map each turn): a
    purse of 10**12 took seconds a call (max_boost and spread raised x k one gem at a
    time), on every decision of a hero that holds it."""
    big = 10**12
    start = time.perf_counter()
    for n in range(1, 6):
        got = spread(n, big)
        k = max_boost(big)
    assert time.perf_counter() - start < 0.5
    assert gem_cost(k) <= big < gem_cost(k + 1) and k == 1414214
    # raised evenly (x m, some x m+1), the gems paying for it and no further raise
    assert got[-1] - got[0] <= 1 and sum(gem_cost(m) for m in got) <= big
    assert big - sum(gem_cost(m) for m in got) < got[0]
    assert spread(2, 10**15) == [31622777, 31622777]


def test_P_4_gems_boost_a_forged_symbol_and_the_special_die() -> None:
    s = at(
        heroes=[{"id": "etern", "at": [0, 0], "gems": 4, "special": "SWORD"}],
        dice=["MOVE", "MOVE", "COIN", "COIN", "COIN"],
        enemies=[["werewolf", 1, 0]],
    )
    play(s, "forge:MOVE", "as:SWORD", "use:SWORD")
    assert G.decision(s).actions == ("x:1", "x:2", "x:3")  # 4 gems: x3 at most
    play(s, "x:3", "special")  # the special die's SWORD joins the attack
    assert G.decision(s).actions == ("x:1", "x:2")  # the last gem: x2
    ev = play(s, "x:2", "strike:1")
    assert [e.data["wounds"] for e in ev if e.kind == "strike"] == [5] and not s.enemies
    assert s.heroes[0].gems == G.enemy_cards["werewolf"].loot.gem  # 4 spent, then loot


def test_P_5_setup() -> None:
    for n in (2, 3, 4):
        s = G.new(G.make_config(n), 7)
        assert len(s.tiles) == 4 and s.revealed == 1 and s.low == 0
        assert [G.enemy_cards[e].tier for e in s.level_enemy] == [1, 2, 3]
        assert len(s.shop_items) == 3 and len(s.shop_potions) == 3
        for k in range(n):
            h = s.heroes[(s.first + k) % n]
            assert (h.coins, h.gems) == CATCH_UP[k]
            assert h.hearts == G.heroes[h.id].health and h.special == ""
        assert all(G.geo(s).level(p) == 0 for _, p in s.enemies)


def test_P_6_turn_order_and_roll() -> None:
    s = G.new(G.make_config(2), 3)
    first = s.active
    assert len(s.dice) == 5 and s.enemy_face in ("ATTACK", "LEFT", "RIGHT")
    ev = play(s, "end", "skip")
    assert s.active == 1 - first and "roll" in kinds(ev) and "turn" in kinds(ev)
    play(s, "end", "skip")
    assert s.round == 2


def test_P_7_adjacency_walls_platforms_ladders() -> None:
    g = G.geo(at())
    assert P(4, 0) not in g.adj[P(3, 0)]  # wall
    assert P(0, 1) not in g.adj[P(0, 0)]  # platform
    assert P(1, 1) in g.adj[P(1, 0)]  # ladder through the platform


def test_P_8_form_on_lowest_row_without_trigger() -> None:
    s = at(
        heroes=[{"at": None}],
        dice=["COIN", "MOVE", "MOVE", "MOVE", "MOVE"],
        enemies=[["ent", 1, 0]],
    )
    acts = G.decision(s).actions
    assert set(acts) == {"form:COIN", "form:MOVE", "end"}
    play(s, "form:COIN")
    assert "at:0" in G.decision(s).actions and "at:1" not in G.decision(s).actions
    ev = play(s, "at:0")
    assert "attacked" not in kinds(ev) and s.heroes[0].pos == 0


def test_P_8_form_on_the_boss_level_next_to_a_taken_shop() -> None:
    s = boss_position(
        players=3,
        heroes=[{"at": None}, {"at": [2, 12]}, {"at": [4, 12]}],
        dice=["COIN"] * 5,
    )
    s.low = 3  # the lower levels are gone: the boss level is the whole map
    play(s, "form:COIN")
    nearest = {(1, 12), (3, 12), (5, 12), (2, 13), (4, 13)}  # one step from a shop
    assert set(G.decision(s).actions) == {f"at:{P(*xy)}" for xy in nearest}
    play(s, f"at:{P(3, 12)}")
    assert s.heroes[0].pos == P(3, 12)


def open_above(s: PlatformerState) -> int:
    """A bottom-row space with open air (no platform, no ladder) above it."""
    g = G.geo(s)
    return next(p for p in range(8) if p + 8 in g.steps[p] and not g.ladder[p + 8])


def test_P_9_jump_up_then_gravity() -> None:
    s = at(heroes=[{"at": [0, 0], "gems": 0}], dice=["MOVE", "COIN", "COIN", "COIN", "COIN"])
    p = open_above(s)
    s.heroes[0].pos = p
    play(s, "use:MOVE", f"to:{p + 8}")
    assert s.heroes[0].pos == p + 8
    play(s, "gravity")
    assert s.heroes[0].pos == p


def test_P_10_gravity_ladder_holds_heroes_not_enemies() -> None:
    # (2,1) and (0,2) are ladder spaces with open air under them (no platform)
    s = at(heroes=[{"at": [2, 1]}, {"at": [0, 0]}], enemies=[["werewolf", 0, 2]])
    g = G.geo(s)
    assert all(g.ladder[P(*xy)] and not g.holds[P(*xy)] for xy in ((2, 1), (0, 2)))
    p = open_above(s)
    s.heroes[1].pos = p + 8
    G.gravity(s, [])
    assert s.heroes[0].pos == P(2, 1)  # on the ladder
    assert s.heroes[1].pos == p
    assert s.enemies[0][1] == P(0, 1)  # a ladder does not hold an enemy


def test_P_10_a_hero_may_choose_to_fall_from_a_ladder() -> None:
    # (2,1) is a ladder space over open air; (1,1) a ladder through a platform
    s = at(
        heroes=[{"at": [2, 1], "gems": 0}, {"at": [6, 0]}],
        dice=["COIN"] * 5,
        enemies=[["werewolf", 0, 2]],
    )
    assert "drop" in G.decision(s).actions and "gravity" in G.decision(s).actions
    ev = play(s, "gravity")  # the ladder holds him, not the Werewolf
    assert s.heroes[0].pos == P(2, 1) and s.enemies[0][1] == P(0, 1)
    assert [e.data["player"] for e in ev if e.kind == "fall"] == []
    ev = play(s, "drop")  # he lets go: he falls, and he alone
    assert s.heroes[0].pos == P(2, 0) and s.heroes[1].pos == P(6, 0)
    assert [e.data["player"] for e in ev if e.kind == "fall"] == [0]
    assert "drop" not in G.decision(s).actions
    held = at(heroes=[{"at": [1, 1], "gems": 0}], dice=["COIN"] * 5)
    assert "drop" not in G.decision(held).actions  # the platform holds him anyway


def test_P_10_a_fall_through_a_trap_wounds_and_lands_on_the_loot() -> None:
    s = at(heroes=[{"id": "etern", "at": [5, 3], "gems": 0}], loot={"5,0": "gem", "5,3": "coin"})
    assert G.geo(s).cell[P(5, 2)] == "x"
    ev = play(s, "gravity")
    h = s.heroes[0]
    assert h.pos == P(5, 0) and h.hearts == G.heroes["etern"].health - 1 and h.gems == 1
    assert [e.data["wounds"] for e in ev if e.kind == "wounds"] == [1]
    assert s.loot.get(P(5, 3)) == "coin"  # coins and gems do not fall


def test_P_11_zone_of_control() -> None:
    s = at(
        heroes=[{"at": [2, 0], "gems": 0}],
        dice=["MOVE", "COIN", "COIN", "COIN", "COIN"],
        enemies=[["mossling", 3, 0]],
    )
    ev = play(s, "use:MOVE", "to:1")
    assert "attacked" in kinds(ev) and s.heroes[0].pos == 1


def test_P_11_enemy_die_moving_away_or_along_attacks() -> None:
    # away: the hero beside it; along: the hero standing on it; through the ladder (1,0)-(1,1)
    for hero, enemy, face in (((0, 0), (1, 0), "RIGHT"), ((2, 1), (2, 0), "RIGHT")):
        s = at(heroes=[{"at": list(hero)}], enemies=[["mossling", *enemy]])
        ev: list[Event] = []
        G.enemy_die(s, face, ev)
        assert s.enemies[0][1] != P(*enemy), (hero, enemy)  # it moved...
        assert kinds(ev).count("attacked") == 1, (hero, enemy)  # ...and attacked once
    s = at(heroes=[{"at": [1, 1]}], enemies=[["mossling", 1, 0]])
    assert P(1, 1) in G.geo(s).adj[P(1, 0)]
    ev = []
    G.enemy_die(s, "RIGHT", ev)
    assert s.enemies[0][1] == P(2, 0) and "attacked" in kinds(ev)


def test_P_11_enemy_die_no_attack_unless_it_leaves_the_hero() -> None:
    cases = (
        ((2, 0), (3, 0), "RIGHT", (3, 0)),  # a wall east of x=3: it stays
        ((2, 0), (1, 0), "RIGHT", (1, 0)),  # the hero is in the way: it stays
        ((3, 0), (1, 0), "RIGHT", (2, 0)),  # it comes next to the hero: no attack
        ((4, 0), (3, 0), "LEFT", (2, 0)),  # it leaves a hero behind a wall: not adjacent
    )
    for hero, enemy, face, to in cases:
        s = at(heroes=[{"at": list(hero)}], enemies=[["mossling", *enemy]])
        ev: list[Event] = []
        G.enemy_die(s, face, ev)
        assert s.enemies[0][1] == P(*to), (hero, enemy, face)
        assert "attacked" not in kinds(ev), (hero, enemy, face)


def test_P_11_hero_moving_along_or_up_is_attacked_toward_is_not() -> None:
    dice = ["MOVE", "COIN", "COIN", "COIN", "COIN"]
    # along: off the top of the enemy sideways; up: a jump from beside it (the ladder)
    for hero, enemy, to in (((2, 1), (2, 0), (3, 1)), ((1, 0), (2, 0), (1, 1))):
        s = at(heroes=[{"at": list(hero), "gems": 0}], dice=dice, enemies=[["mossling", *enemy]])
        ev = play(s, "use:MOVE", f"to:{P(*to)}")
        assert s.heroes[0].pos == P(*to) and kinds(ev).count("attacked") == 1, (hero, to)
    s = at(heroes=[{"at": [0, 0], "gems": 0}], dice=dice, enemies=[["mossling", 2, 0]])
    ev = play(s, "use:MOVE", "to:1")  # toward it: now adjacent, not attacked
    assert s.heroes[0].pos == 1 and "attacked" not in kinds(ev)


def test_P_11_falling_is_not_moving_away() -> None:
    s = at(heroes=[{"at": [5, 1]}], enemies=[["mossling", 4, 1]])
    assert P(4, 1) in G.geo(s).adj[P(5, 1)]
    ev: list[Event] = []
    G.gravity(s, ev)
    assert s.heroes[0].pos == P(5, 0) and "attacked" not in kinds(ev)


def test_P_11_P_14_a_portal_leaves_without_an_attack() -> None:
    s = G.new(G.make_config(2, theme="void"), 0)
    g = G.geo(s)
    a, b = [p for p in range(32) if g.cell[p] == "O"][:2]
    near = next(q for q in g.adj[a] if q != b)
    s.active, s.stack, s.phase, s.enemies = 0, [], "act", [("mossling", near)]
    s.heroes[0].pos, s.heroes[0].gems, s.dice, s._dec = a, 0, ["MOVE"] * 5, None
    s.heroes[1].pos = -1
    assert b not in g.adj[near] and a in g.adj[near]
    ev = play(s, "use:MOVE", f"portal:{b}")
    assert s.heroes[0].pos == b and "attacked" not in kinds(ev)


def test_P_12_push_by_moving_into_an_enemy() -> None:
    s = at(
        heroes=[{"at": [1, 0], "gems": 0}],
        dice=["MOVE", "COIN", "COIN", "COIN", "COIN"],
        enemies=[["mossling", 2, 0]],
    )
    ev = play(s, "use:MOVE", "to:2")
    assert kinds(ev).count("attacked") == 1
    assert G.decision(s).kind == "shove" and "shove:3" in G.decision(s).actions
    play(s, "shove:3")
    assert s.heroes[0].pos == 2 and s.enemies[0][1] == 3


def test_P_12_faint_cancels_the_push() -> None:
    s = at(
        heroes=[{"at": [1, 0], "gems": 0, "hearts": 1}],
        dice=["MOVE", "COIN", "COIN", "COIN", "COIN"],
        enemies=[["werewolf", 2, 0]],
    )
    play(s, "use:MOVE", "to:2")
    assert s.heroes[0].pos == -1 and s.enemies[0][1] == 2 and not s.stack


def test_P_12_push_a_hero_to_a_free_adjacent_space_or_back() -> None:
    s = at(
        heroes=[{"at": [0, 0], "gems": 0}, {"at": [1, 0]}],
        dice=["MOVE", "COIN", "COIN", "COIN", "COIN"],
        enemies=[["mossling", 2, 0]],
    )
    ev = play(s, "use:MOVE", "to:1")
    assert "attacked" not in kinds(ev) and s.heroes[1].pos == 1  # no push yet
    # any direction (up off the platform too), back where the mover came from, never
    # onto the enemy at (2,0)
    assert set(G.decision(s).actions) == {"shove:0", f"shove:{P(1, 1)}"}
    ev = play(s, "shove:0")
    assert (s.heroes[0].pos, s.heroes[1].pos) == (1, 0) and "attacked" not in kinds(ev)


def test_P_12_P_25_no_push_down_through_the_one_way_row() -> None:
    # a hero entering the boss level from below pushes to a space adjacent to the one he
    # enters: the space he came from is under the one-way platform, not adjacent to it
    s = boss_position(heroes=[{"at": [3, 11], "gems": 0}, {"at": [3, 12]}], dice=["MOVE"] * 5)
    g = G.geo(s)
    assert P(3, 12) in g.steps[P(3, 11)] and P(3, 11) not in g.adj[P(3, 12)]
    play(s, "use:MOVE", f"to:{P(3, 12)}")
    free = {f"shove:{r}" for r in g.adj[P(3, 12)] if not G.occupant(s, r)}
    assert free and set(G.decision(s).actions) == free
    play(s, sorted(free)[0])
    assert all(g.level(h.pos) == 3 for h in s.heroes)  # the only way out is the boss


def test_P_12_P_14_a_portal_push_goes_next_to_the_portal() -> None:
    s = G.new(G.make_config(2, theme="void"), 0)
    g = G.geo(s)
    a, b = [p for p in range(32) if g.cell[p] == "O"][:2]
    s.active, s.stack, s.phase, s.enemies = 0, [], "act", []
    s.heroes[0].pos, s.heroes[0].gems, s.dice, s._dec = a, 0, ["MOVE"] * 5, None
    s.heroes[1].pos = b
    assert a not in g.adj[b]
    play(s, "use:MOVE", f"portal:{b}")
    assert set(G.decision(s).actions) == {f"shove:{r}" for r in g.adj[b]}
    play(s, f"shove:{g.adj[b][0]}")
    assert (s.heroes[0].pos, s.heroes[1].pos) == (b, g.adj[b][0])


def test_P_13_trap() -> None:
    s = at(
        heroes=[{"id": "etern", "at": [6, 2], "gems": 0}],
        dice=["MOVE", "COIN", "COIN", "COIN", "COIN"],
    )
    play(s, "use:MOVE", f"to:{P(5, 2)}")
    assert s.heroes[0].hearts == G.heroes["etern"].health - 1


def test_P_14_void_portals() -> None:
    s = G.new(G.make_config(2, theme="void"), 0)
    g = G.geo(s)
    a, b = [p for p in range(32) if g.cell[p] == "O"][:2]
    s.active, s.stack, s.phase = 0, [], "act"
    s.heroes[0].pos, s.heroes[0].gems, s.dice, s._dec = a, 0, ["MOVE"] * 5, None
    for k, (_, q) in enumerate(list(s.enemies)):
        if q == b:
            s.enemies.pop(k)
    play(s, "use:MOVE")
    assert f"portal:{b}" in G.decision(s).actions
    play(s, f"portal:{b}")
    assert s.heroes[0].pos == b


def test_P_15_reveal_the_next_level() -> None:
    s = at(heroes=[{"at": [0, 2], "gems": 0}], dice=["MOVE", "COIN", "COIN", "COIN", "COIN"])
    g = G.geo(s)
    up = next(p for p in range(16, 24) if p + 8 in g.steps[p])
    s.heroes[0].pos = up
    ev = play(s, "use:MOVE", f"to:{up + 8}")
    assert "reveal" in kinds(ev) and s.revealed == 2
    assert any(k == s.level_enemy[1] for k, _ in s.enemies)


def test_P_15_reveal_lays_the_whole_level_once_and_the_turn_goes_on() -> None:
    s = at(heroes=[{"at": [0, 2], "gems": 0}], dice=["MOVE"] * 3 + ["COIN"] * 2)
    g = G.geo(s)
    up = next(p for p in range(16, 24) if p + 8 in g.steps[p] and p in g.steps[p + 8])
    s.heroes[0].pos = up
    loot0 = dict(s.loot)
    ev = play(s, "use:MOVE", f"to:{up + 8}")
    assert [e.data["level"] for e in ev if e.kind == "reveal"] == [1] and s.revealed == 2
    card = G.enemy_cards[s.level_enemy[1]]
    formation = [p for p in g.level_cells(1) if g.cell[p] == "E"]
    placed = sorted(p for k, p in s.enemies if k == card.id)
    assert placed == formation[: card.tokens] and len(s.enemies) == len(placed)
    laid = {p: x for p, x in s.loot.items() if g.level(p) == 1}
    assert laid == {
        p: "coin" if g.cell[p] == "$" else "gem" for p in g.level_cells(1) if g.cell[p] in "$*"
    }
    assert {p: x for p, x in s.loot.items() if g.level(p) == 0} == {
        p: x for p, x in loot0.items() if p != up + 8
    }
    # the turn goes on; leaving and coming back to that row reveals nothing more
    ev = play(s, "use:MOVE", f"to:{up}", "use:MOVE", f"to:{up + 8}")
    assert "reveal" not in kinds(ev) and s.revealed == 2 and s.heroes[0].pos == up + 8
    assert "use:COIN" in G.decision(s).actions


def test_P_16_remove_a_level_and_faint() -> None:
    s = at(revealed=3, active=1, heroes=[{"at": [1, 8]}, {"at": [0, 0]}])
    ev = play(s, "end", "skip")
    assert s.low == 1 and "remove" in kinds(ev) and s.heroes[1].pos == -1
    assert all(G.geo(s).level(p) >= 1 for _, p in s.enemies)


def test_P_16_remove_only_two_levels_up_one_level_a_turn_with_its_tokens() -> None:
    # one level above the lowest: nothing is removed
    s = at(revealed=3, active=1, heroes=[{"at": [0, 4]}, {"at": [0, 0]}])
    ev = play(s, "end", "skip")
    assert s.low == 0 and "remove" not in kinds(ev) and s.heroes[1].pos == 0
    # three levels above: only the lowest goes, with its enemies, coins and gems
    s = at(revealed=4, active=1, heroes=[{"at": [2, 12]}, {"at": [0, 0], "hearts": 2}])
    g = G.geo(s)
    assert any(g.level(p) == 0 for p in s.loot) and any(g.level(p) == 0 for _, p in s.enemies)
    kept = [(k, p) for k, p in s.enemies if g.level(p) >= 1]
    loot = {p: x for p, x in s.loot.items() if g.level(p) >= 1}
    ev = play(s, "end", "skip")
    assert [e.data["level"] for e in ev if e.kind == "remove"] == [0] and s.low == 1
    assert s.loot == loot and sorted(k for k, _ in s.enemies) == sorted(k for k, _ in kept)
    assert all(g.level(p) >= 1 for _, p in s.enemies)  # (the enemy die may move them)
    h = s.heroes[1]
    assert (h.pos, h.hearts) == (-1, G.heroes[h.id].health) and s.heroes[0].pos == P(2, 12)
    assert G.supported(s, g, P(5, 4), False)  # level 1's bottom row is the lowest now


def test_P_17_P_18_one_attack_needs_the_health() -> None:
    s = at(
        heroes=[{"at": [0, 0], "gems": 0, "coins": 0}],
        dice=["SWORD", "SWORD", "COIN", "COIN", "COIN"],
        enemies=[["werewolf", 1, 0]],
    )
    ev = play(s, "use:SWORD", "use:SWORD", "strike:1")
    assert "defeat" not in kinds(ev) and len(s.enemies) == 1
    s2 = at(
        heroes=[{"id": "sweety", "at": [0, 0], "gems": 0, "coins": 0}],
        dice=["SWORD", "SWORD", "SWORD", "COIN", "COIN"],
        enemies=[["werewolf", 1, 0]],
    )
    play(s2, "use:SWORD", "use:SWORD", "use:SWORD", "strike:1")
    assert not s2.enemies and (s2.heroes[0].coins, s2.heroes[0].gems) == (1, 2)


def test_P_19_wounds_from_an_enemy_attack() -> None:
    s = at(heroes=[{"id": "etern", "at": [0, 0], "special": "MOVE"}], enemies=[["werewolf", 1, 0]])
    G.enemy_die(s, "ATTACK", [])
    hearts = G.heroes["etern"].health - G.enemy_cards["werewolf"].damage
    assert s.heroes[0].hearts == hearts and s.heroes[0].special == ""  # Werewolf resets it


def test_P_20_faint() -> None:
    s = at(
        heroes=[{"id": "etern", "at": [0, 0], "hearts": 1, "special": "MOVE", "tokens": ["mirror"]}]
    )
    G.wound(s, 0, 1, [])
    h = s.heroes[0]
    assert (h.pos, h.hearts, h.special, h.tokens) == (-1, G.heroes["etern"].health, "", [])


def test_P_20_faint_on_your_turn_then_form_at_once() -> None:
    s = at(
        heroes=[{"id": "etern", "at": [6, 2], "gems": 1, "hearts": 1, "tokens": ["mirror"]}],
        dice=["MOVE", "MOVE", "COIN", "COIN", "COIN"],
    )
    ev = play(s, "use:MOVE", "x:2", f"to:{P(5, 2)}")  # a trap: the last heart
    h = s.heroes[0]
    assert "faint" in kinds(ev) and (h.pos, h.hearts, h.tokens) == (-1, 7, [])
    # the second step of the boosted MOVE is gone; Form is all the hero can do
    assert G.decision(s).actions == ("form:COIN", "form:MOVE", "end")
    play(s, "form:MOVE", "at:0")
    assert h.pos == 0 and "use:COIN" in G.decision(s).actions


def test_P_20_P_8_a_hero_fainting_on_the_boss_level_forms_there() -> None:
    # Etern faints on the boss level while Sweety is still on level 3: he comes back on
    # a boss-level shop, not at the bottom of the map (the only way out is the boss)
    s = boss_position(
        heroes=[{"id": "etern", "at": [7, 14], "hearts": 1, "gems": 0}, {"id": "sweety"}],
        dice=["COIN"] * 5,
    )
    s.heroes[1].pos = P(3, 11)
    G.wound(s, 0, 1, [])
    assert s.heroes[0].pos < 0 and s.low == 0
    g = G.geo(s)
    shops = {f"at:{p}" for p in g.level_cells(3) if g.cell[p] == "S"}
    play(s, "form:COIN")
    assert shops and set(G.decision(s).actions) == shops
    play(s, sorted(shops)[0])
    assert g.level(s.heroes[0].pos) == 3
    # fainted there, he counts as on the boss level when the last hero enters it (P-25)
    s = boss_position(
        heroes=[{"id": "sweety", "at": [3, 11], "gems": 0}, {"id": "etern", "at": [7, 14]}],
        dice=["MOVE"] * 5,
    )
    G.faint(s, 1, [])
    play(s, "use:MOVE", f"to:{P(3, 12)}")
    assert s.low == 3


def test_P_21_shop() -> None:
    s = G.new(G.make_config(2), 5)
    s.active, s.stack, s.phase = 0, [], "act"
    h = s.heroes[0]
    h.pos, h.coins, s._dec = 4, 20, None
    x = s.shop_items[0]
    play(s, f"buy:{x}")
    assert x in h.items and h.coins == 20 - G.items[x].price and len(s.shop_items) == 3


def test_P_22_items_exhaust_and_potions_discard() -> None:
    s = at(
        heroes=[{"at": [0, 0], "items": ["lucky_dice_bag"], "potions": ["liquid_gem"], "gems": 0}],
        dice=["COIN"] * 5,
    )
    play(s, "item:lucky_dice_bag", "done")
    assert "item:lucky_dice_bag" not in G.decision(s).actions
    play(s, "potion:liquid_gem")
    assert s.heroes[0].gems == 1 and s.potion_deck[0] == "liquid_gem"


def test_P_23_hero_ability_once_per_turn() -> None:
    s = at(heroes=[{"id": "brakka", "at": [0, 0]}], dice=["COIN"] * 5)
    play(s, "ability", "reroll:0")
    if G.decision(s).kind == "reroll":  # more dice to reroll if Brakka wants
        play(s, "done")
    assert "ability" not in G.decision(s).actions


def boss_position(**kw: Any) -> PlatformerState:
    return at(revealed=4, **kw)


def test_P_24_P_27_boss_revealed_with_health_two_per_level() -> None:
    s = boss_position(options={"boss": "medusa"}, heroes=[{"at": [2, 12]}])
    assert G.boss_pos(s) >= 0 and G.boss_health(s) == 8
    assert s.btokens and any(k == "serpent" for k, _ in s.enemies)


def test_P_24_ikee_revealed_by_a_move_then_his_setup() -> None:
    s = at(
        revealed=3,
        options={"boss": "ikee"},
        heroes=[{"id": "etern", "at": [0, 8], "gems": 0}],
        dice=["MOVE", "COIN", "COIN", "COIN", "COIN"],
    )
    g = G.geo(s)
    up = next(p for p in range(80, 88) if p + 8 in g.steps[p] and not G.occupant(s, p + 8))
    s.heroes[0].pos = up
    assert G.boss_pos(s) == -1 and not s.btokens
    ev = play(s, "use:MOVE", f"to:{up + 8}")
    assert s.revealed == 4 and [e.data.get("boss") for e in ev if e.kind == "reveal"] == ["ikee"]
    bp = G.boss_pos(s)
    assert g.cell[bp] == "B" and g.level(bp) == 3 and G.boss_health(s) == 8
    specials = {p for p in g.level_cells(3) if g.cell[p] == "!"}
    assert specials and s.btokens == dict.fromkeys(specials, "feather")
    assert [g.cell[p] for k, p in s.enemies if k == "tribe_warrior"] == ["E"]
    loot = {p: "coin" if g.cell[p] == "$" else "gem" for p in g.level_cells(3) if g.cell[p] in "$*"}
    assert loot and loot.items() <= s.loot.items()
    assert "use:COIN" in G.decision(s).actions  # the turn goes on


def test_P_24_ikee_is_an_enemy_for_the_enemy_die_the_zone_and_pushes() -> None:
    def near_ikee(**kw: Any) -> PlatformerState:
        s = boss_position(options={"boss": "ikee"}, **kw)
        assert G.boss_pos(s) == P(1, 14)
        return s

    s = near_ikee(heroes=[{"id": "etern", "at": [2, 14]}])
    ev: list[Event] = []
    G.enemy_die(s, "ATTACK", ev)  # it attacks an adjacent hero
    assert [e.data["enemy"] for e in ev if e.kind == "attacked"] == ["ikee"]
    s = near_ikee(heroes=[{"id": "etern", "at": [2, 14]}])
    ev = []
    G.enemy_die(s, "LEFT", ev)  # it moves with the enemy die, P-11 as it goes
    assert G.boss_pos(s) == P(0, 14) and "attacked" in kinds(ev)
    s = near_ikee(heroes=[{"id": "etern", "at": [2, 14], "gems": 0}], dice=["PUSH"] * 5)
    play(s, "use:PUSH")
    assert f"enemy:{P(1, 14)}" in G.decision(s).actions  # a PUSH can move it
    play(s, f"enemy:{P(1, 14)}", f"to:{P(1, 15)}")
    assert G.boss_pos(s) == P(1, 15)
    s = near_ikee(heroes=[{"id": "etern", "at": [2, 14], "gems": 0}], dice=["MOVE"] * 5)
    ev = play(s, "use:MOVE", f"to:{P(1, 14)}")  # walking into it: its attack, then the push
    assert [e.data["enemy"] for e in ev if e.kind == "attacked"] == ["ikee"]
    play(s, f"shove:{P(0, 14)}")
    assert G.boss_pos(s) == P(0, 14) and s.heroes[0].pos == P(1, 14)


def test_P_27_extended_map_boss_needs_ten_wounds_in_one_attack() -> None:
    for boss in ("ikee", "medusa"):
        for wounds, won in ((9, False), (10, True)):
            s = at(
                revealed=5,
                options={"boss": boss, "extended": True},
                heroes=[{"id": "etern", "at": [0, 16], "gems": 0, "hearts": 7}],
                dice=["SWORD", "COIN", "COIN", "COIN", "COIN"],
            )
            g = G.geo(s)
            bp = G.boss_pos(s)
            assert g.level(bp) == 4 and G.boss_health(s) == 10
            near = next(q for q in g.adj[bp] if not G.occupant(s, q))
            s.heroes[0].pos, s.bonus = near, wounds - 1
            ev = play(s, "use:SWORD", f"strike:{bp}")
            assert [e.data["wounds"] for e in ev if e.kind == "strike"] == [wounds]
            assert (s.phase == "over" and s.winner == 0) == won, (boss, wounds)
            assert (G.boss_pos(s) == -1) == won
            if not won:  # the sheet's rule for an attack it survives
                if boss == "ikee":
                    assert [e.data["enemy"] for e in ev if e.kind == "attacked"] == ["ikee"]
                else:
                    assert s.heroes[0].tokens == ["stone"] and "attacked" not in kinds(ev)


def test_P_25_one_way_bottom_row_and_last_hero_removes_lower_levels() -> None:
    s = boss_position(heroes=[{"at": [2, 11], "gems": 0}, {"at": [4, 12]}], dice=["MOVE"] * 5)
    s.enemies = [e for e in s.enemies if e[1] != P(2, 12)]
    g = G.geo(s)
    assert P(2, 12) in g.steps[P(2, 11)] and P(2, 11) not in g.steps[P(2, 12)]
    play(s, "use:MOVE", f"to:{P(2, 12)}")
    assert s.low == 3


def test_P_26_closed_zone() -> None:
    s = boss_position(heroes=[{"at": [0, 8], "gems": 0}], dice=["PUSH"] * 5)
    s.enemies = [e for e in s.enemies if G.geo(s).level(e[1]) == 3]
    assert "use:PUSH" not in G.decision(s).actions


def test_P_26_heroes_inside_cannot_affect_lower_levels() -> None:
    s = boss_position(heroes=[{"at": [2, 12], "gems": 0}], dice=["PUSH"] * 5)
    g = G.geo(s)
    below = [e for e in s.enemies if g.level(e[1]) < 3]
    inside = sorted(p for k, p in s.enemies if g.level(p) == 3 and k != "medusa")
    assert below and inside and G.pushable(s, g, 0) == inside  # (PUSH cannot move Medusa)
    s.enemies = below
    assert "use:PUSH" not in G.decision(s).actions
    s.heroes[0].pos, s._dec = P(0, 8), None  # the same enemies, from outside: it can
    assert "use:PUSH" in G.decision(s).actions


def test_P_28_medusa_resolves_exactly_one_card() -> None:
    for seed in range(8):
        s = boss_position(options={"boss": "medusa"}, heroes=[{"at": [2, 12]}])
        s.rng = RNG(seed)
        deck = list(s.attack_deck)
        ev: list[Event] = []
        G.boss_turn(s, ev)
        face = [e.data["face"] for e in ev if e.kind == "boss_die"]
        card = [e.data["card"] for e in ev if e.kind == "boss_card"]
        assert len(face) == 1 and len(card) == 1 and G.cards[card[0]].symbol == face[0]
        drawn = deck[len(s.attack_deck) :][::-1]  # drawn from the top (the end)
        assert drawn[-1] == card[0] and s.attack_discard == drawn
        assert all(G.cards[c].symbol != face[0] for c in drawn[:-1])


def test_P_28_medusa_reshuffles_the_discards_when_the_deck_runs_out() -> None:
    s = boss_position(options={"boss": "medusa"}, heroes=[{"at": [2, 12]}])
    cards = sorted(s.attack_deck)
    s.attack_deck, s.attack_discard = [], list(cards)
    ev: list[Event] = []
    G.boss_turn(s, ev)
    assert kinds(ev).count("boss_card") == 1
    assert sorted(s.attack_deck + s.attack_discard) == cards and s.attack_discard


def test_P_28_ikee_resolves_the_card_the_dice_show_most_both_on_a_tie() -> None:
    # the top two cards: Tribute (COIN), then Great Club (SWORD)
    cases = (
        (["SWORD", "SWORD", "COIN", "MOVE", "MOVE"], ["great_club"]),
        (["sword", "sword", "COIN", "move", "move"], ["great_club"]),  # used dice count
        (["COIN", "COIN", "SWORD", "MOVE", "MOVE"], ["tribute"]),
        (["SWORD", "COIN", "MOVE", "MOVE", "MOVE"], ["great_club", "tribute"]),
        (["MOVE"] * 5, ["great_club", "tribute"]),  # neither shown: a tie too
    )
    for dice, want in cases:
        s = boss_position(options={"boss": "ikee"}, heroes=[{"at": [2, 12]}], dice=dice)
        s.attack_deck = [c for c in s.attack_deck if c not in ("great_club", "tribute")]
        s.attack_deck += ["great_club", "tribute"]
        ev: list[Event] = []
        G.boss_turn(s, ev)
        got = [e.data["card"] for e in ev if e.kind == "boss_card"]
        assert sorted(got) == want, dice
        assert sorted(s.attack_discard) == ["great_club", "tribute"] and len(s.attack_deck) == 3


def test_P_28_war_leap_lands_on_the_formation_space_nearest_the_active_hero() -> None:
    # Ikee, pushed off his formation space (1,14) to (2,14), leaps to the free boss
    # formation space nearest the active hero (card text, platformer-content.md)
    for hero, lands in (((7, 14), (6, 14)), ((0, 14), (1, 14))):
        s = boss_position(options={"boss": "ikee"}, heroes=[{"id": "etern", "at": list(hero)}])
        g = G.geo(s)
        assert sorted(p for p in g.level_cells(3) if g.cell[p] == "B") == [P(1, 14), P(6, 14)]
        s.enemies = [(k, P(2, 14) if k == "ikee" else p) for k, p in s.enemies]
        ev: list[Event] = []
        G.resolve_card(s, "war_leap", ev)
        assert G.boss_pos(s) == P(*lands), hero
        assert [e.data["player"] for e in ev if e.kind == "attacked"] == [0], hero


def test_P_29_boss_token_twice_wounds() -> None:
    s = boss_position(heroes=[{"id": "etern", "at": [2, 12]}])
    G.take_token(s, 0, "stone", [])
    G.take_token(s, 0, "stone", [])
    assert s.heroes[0].tokens == ["stone"] and s.heroes[0].hearts == G.heroes["etern"].health - 1


def test_P_29_tokens_on_special_spaces_and_from_boss_attacks() -> None:
    s = boss_position(
        options={"boss": "medusa"},
        heroes=[{"id": "etern", "at": [2, 15], "gems": 0}],
        dice=["MOVE", "MOVE", "COIN", "COIN", "COIN"],
    )
    assert s.btokens[P(3, 15)] == s.btokens[P(4, 15)] == "mirror"
    h = s.heroes[0]
    ev = play(s, "use:MOVE", f"to:{P(3, 15)}")
    assert h.tokens == ["mirror"] and P(3, 15) not in s.btokens and h.hearts == 7
    assert "token" in kinds(ev)
    ev = play(s, "use:MOVE", f"to:{P(4, 15)}")  # held already: a wound instead
    assert h.tokens == ["mirror"] and P(4, 15) not in s.btokens and h.hearts == 6
    assert "token" not in kinds(ev)
    # a boss attack card gives one too (Stone Gaze: the boss's row), then a wound instead
    s = boss_position(options={"boss": "medusa"}, heroes=[{"id": "etern", "at": [7, 14]}])
    assert G.geo(s).row(G.boss_pos(s)) == 14
    h = s.heroes[0]
    G.resolve_card(s, "stone_gaze", [])
    assert h.tokens == ["stone"] and h.hearts == 6
    G.resolve_card(s, "stone_gaze", [])
    assert h.tokens == ["stone"] and h.hearts == 4


def test_P_30_summons_and_defeating_the_boss_wins() -> None:
    s = boss_position(options={"boss": "medusa"}, heroes=[{"at": [2, 12]}])
    for _ in range(5):
        G.summon(s, G.geo(s), 1, [])
    assert sum(1 for k, _ in s.enemies if k == "serpent") == 2
    bp = G.boss_pos(s)
    g = G.geo(s)
    near = next(q for q in g.adj[bp] if not G.occupant(s, q))
    s.heroes[0].pos, s.heroes[0].gems = near, 0
    s.dice, s._dec = ["SWORD"] * 5, None
    s.bonus = 3
    play(s, "use:SWORD", "use:SWORD", "use:SWORD", "use:SWORD", "use:SWORD", f"strike:{bp}")
    assert s.phase == "over" and s.winner == 0 and G.returns(s) == (1.0, 0.0)


def test_P_30_a_summon_is_a_normal_enemy_skipped_without_tokens_or_spaces() -> None:
    s = boss_position(options={"boss": "medusa"}, heroes=[{"at": [2, 12]}, {"at": [4, 12]}])
    g = G.geo(s)
    spaces = [p for p in g.level_cells(3) if g.cell[p] == "E"]
    assert [p for k, p in s.enemies if k == "serpent"] == spaces[:1]  # the setup's one
    ev: list[Event] = []
    G.summon(s, g, 2, ev)  # one token left: one more, the second one skipped
    assert sorted(p for k, p in s.enemies if k == "serpent") == spaces
    assert kinds(ev) == ["summon"]
    # a token back in the supply but every formation space taken: skipped too
    s.enemies = [e for e in s.enemies if e[0] != "serpent" or e[1] != spaces[0]]
    s.heroes[0].pos = spaces[0]
    G.summon(s, g, 1, ev)
    assert sum(1 for k, _ in s.enemies if k == "serpent") == 1
    # it attacks with the enemy die like any enemy (and its attack gives a Stone token)
    s.heroes[1].pos = next(q for q in g.adj[spaces[1]] if not G.occupant(s, q))
    s.heroes[0].pos = P(2, 12)
    ev = []
    G.enemy_die(s, "ATTACK", ev)
    assert [e.data["enemy"] for e in ev if e.kind == "attacked"] == ["serpent"]
    assert s.heroes[1].tokens == ["stone"]


def test_P_33_solo_events_and_losing() -> None:
    s = G.new(G.make_config(1, "solo"), 2)
    assert s.event and len(s.events) == 11
    G.faint(s, 0, [])
    assert s.phase == "over" and s.winner == -1
    s = G.new(G.make_config(1, "solo"), 2)
    s.events = []
    play(s, "end", "skip")
    assert s.phase == "over" and s.reason == "events"


def test_P_33_an_event_each_turn_before_removing_a_level() -> None:
    s = at(players=1, mode="solo", revealed=3, heroes=[{"at": [1, 8]}])
    s.events = ["second_wind", "gold_rush", "tailwind"]
    ev = play(s, "end", "skip")
    assert [k for k in kinds(ev) if k in ("event", "remove")] == ["event", "remove"]
    assert s.event == "tailwind" and s.events == ["second_wind", "gold_rush"]
    play(s, "end", "skip")
    assert s.event == "gold_rush" and s.events == ["second_wind"] and s.phase == "act"


def test_P_33_events_for_the_turn_and_for_its_end() -> None:
    # Gold Rush lasts the turn: each COIN gives 1 more
    s = at(players=1, mode="solo", heroes=[{"at": [0, 0], "coins": 0}], dice=["COIN"] * 5)
    s.event, s.events = "gold_rush", ["second_wind"]
    play(s, "use:COIN")
    assert s.heroes[0].coins == 2
    # Gem Vein applies at the end of the turn, on the top row only
    for x, y, gain in ((0, 3, 1), (0, 0, 0)):
        s = at(players=1, mode="solo", heroes=[{"at": [x, y], "gems": 0}], dice=["COIN"] * 5)
        s.event, s.events = "gem_vein", ["second_wind"]
        play(s, "use:COIN")
        assert s.heroes[0].gems == 0  # not before the end
        play(s, "end", "skip")
        assert s.heroes[0].gems == gain and s.event == "second_wind", (x, y)


def test_P_33_solo_score() -> None:
    s = at(
        players=1,
        mode="solo",
        revealed=4,
        options={"boss": "medusa"},
        heroes=[
            {
                "id": "etern",
                "at": [2, 14],
                "gems": 4,
                "coins": 5,
                "items": ["speed_boots"],
                "potions": ["healing_draught"],
            }
        ],
        dice=["SWORD", "COIN", "COIN", "COIN", "COIN"],
    )
    assert G.boss_pos(s) == P(1, 14) and G.boss_health(s) == 8
    s.events = ["second_wind", "gold_rush", "tailwind", "updraft", "gem_vein"]
    s.heroes[0].defeated, s.bonus = 3, 9  # 1 SWORD + 9 = 10 wounds: 2 beyond the health
    play(s, "use:SWORD", "x:1", f"strike:{P(1, 14)}")
    assert s.phase == "over" and s.winner == 0
    # 5 events x 3, (3 enemies + the boss) x 2, 2 wounds over x 2, 4 gems, value
    # 5 coins + 3 (Speed Boots) + 2 (Healing Draught) = 10: 3 points
    assert s.score == 15 + 8 + 4 + 4 + 3


# -- variants (P-31, P-32): META modes standard+artifacts, standard+extended ------------


def test_P_31_artifacts_two_drawn_between_the_players() -> None:
    assert G.make_config(2, artifacts=True).mode == "standard+artifacts"
    assert G.make_config(3, "standard", artifacts="true", extended=False).mode == (
        "standard+artifacts"
    )
    s = G.new(G.make_config(3, "standard+artifacts"), 4)
    assert len(s.artifacts) == 2 and set(s.artifacts.values()) == {-1}
    assert set(s.artifacts) <= set(G.artifacts)
    assert G.new(G.make_config(3), 4).artifacts == {}
    shown = read(G.view(s, 0))
    for a in s.artifacts:
        assert f"Artifact {G.card_name(a, 'en')} (between the players): " in shown


def test_P_31_claim_takes_the_card_even_from_another_player_restored_and_usable() -> None:
    s = at(
        mode="standard+artifacts",
        heroes=[{"at": [0, 0], "gems": 4}, {"at": [3, 0]}],
        loot={"1,0": "gem"},
        dice=["MOVE", "COIN", "COIN", "COIN", "COIN"],
    )
    s.artifacts = {"gem_heart": 1, "trap_map": -1}
    s.heroes[1].exhausted = ["gem_heart"]
    assert "artifact:gem_heart" not in G.decision(s).actions
    ev = play(s, "use:MOVE", "x:1", "to:1")  # picks up the 5th gem: the claim is met
    assert s.artifacts["gem_heart"] == 0 and "artifact" in kinds(ev)
    assert "gem_heart" not in s.heroes[1].exhausted
    play(s, "artifact:gem_heart", "as:SWORD")  # usable at once
    assert "SWORD" in s.extra and "artifact:gem_heart" not in G.decision(s).actions


def test_P_31_artifact_effects_work_like_items() -> None:
    s = at(mode="standard+artifacts", heroes=[{"at": [0, 0], "hearts": 5}])
    s.artifacts = {"dragon_scale": 0, "climber_crown": 0}
    G.wound(s, 0, 3, [])  # the Dragon Scale exhausts by itself and prevents 2
    assert s.heroes[0].hearts == 4 and "dragon_scale" in s.heroes[0].exhausted
    coins = s.heroes[0].coins
    s.active = 1
    play(s, "end", "skip", "end", "skip")  # back to hero 0: restored, +1 coin
    assert s.heroes[0].coins >= coins + 1 and "dragon_scale" not in s.heroes[0].exhausted


def test_P_32_extended_map_one_more_level_tier_three_twice_boss_ten() -> None:
    cfg = G.make_config(2, extended=True)
    assert cfg.mode == "standard+extended"
    for seed in range(5):
        s = G.new(cfg, seed)
        assert len(s.tiles) == 5 and G.boss_level(s) == 4 and G.boss_health(s) == 10
        tiers = [G.enemy_cards[e].tier for e in s.level_enemy]
        assert tiers == [1, 2, 3, 3] and s.level_enemy[2] != s.level_enemy[3]
        assert len({t for lv in s.tiles for t in lv}) == 10
    normal = G.new(G.make_config(2), 0)
    assert len(normal.tiles) == 4 and G.boss_health(normal) == 8


def test_P_32_solo_keeps_the_standard_map() -> None:
    import pytest

    from tavolo.engine import ConfigError

    with pytest.raises(ConfigError, match="standard map"):
        G.make_config(1, "solo+extended")
    with pytest.raises(ConfigError, match="standard map"):
        G.make_config(1, "solo", extended=True)
    s = G.new(G.make_config(1, "solo", artifacts=True), 3)
    assert len(s.tiles) == 4 and len(s.artifacts) == 2


def test_P_10_no_ladder_support_from_a_face_down_tile() -> None:
    # a hero shoved onto the top revealed row stands under the edge of a face-down tile;
    # a ladder drawn on that edge must not hold him (nor tell anyone the hidden tile)
    for seed in range(1, 60):
        s = at(seed=seed, revealed=1)
        g = G.geo(s)
        spots = [
            x for x in range(8) if g.board.floor[4][x] == "H" and g.board.floor[3][x] not in "=H^"
        ]
        if spots:
            break
    else:
        raise AssertionError("no map with a ladder on the face-down edge above level 1")
    p = P(spots[0], 3)
    s.heroes[0].pos = p
    assert g.ladder[p]  # the geometry knows the ladder above...
    assert not G.supported(s, g, p, True)  # ...but the face-down tile does not hold him
    assert G.falls(s, g)


def test_P_1_a_star_becomes_a_sword_only_next_to_a_target() -> None:
    # Sweety's STAR may be a SWORD or a MOVE; with no enemy adjacent a SWORD has nothing to
    # attack, so the STAR may only be a MOVE (as use:SWORD is not offered without a target):
    # an attack started without a target could only be cancelled, its symbols lost
    alone = at(heroes=[{"id": "sweety", "at": [0, 0], "gems": 0}], dice=["STAR"] + ["COIN"] * 4)
    play(alone, "use:STAR")
    assert G.decision(alone).actions == ("as:MOVE",)
    near = at(
        heroes=[{"id": "sweety", "at": [0, 0], "gems": 0}],
        dice=["STAR"] + ["COIN"] * 4,
        enemies=[["mossling", 1, 0]],
    )
    play(near, "use:STAR")
    assert set(G.decision(near).actions) == {"as:SWORD", "as:MOVE"}
