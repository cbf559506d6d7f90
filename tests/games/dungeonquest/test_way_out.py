"""The heuristic's way out (``way.py``): its distances are always those of a search
written apart over the rules' own ``Board.passage``, however the board changed (a tile
laid, a corridor or a Rotating Room turned), and the state is only read. And what the
heuristic makes of it: the turns a hero has left against his way out, so that he leaves
in time (D1: the sun sets after round 26 on every hero still inside)."""

from __future__ import annotations

from typing import Any

from tavolo.engine import RNG, registry
from tavolo.engine.scenario import run
from tavolo.games.dungeonquest import DungeonQuestGame
from tavolo.games.dungeonquest.board import SIDES, Board, step
from tavolo.games.dungeonquest.game import CHAMBER_TO_TOWER, going, in_time

Square = tuple[int, int]
GAME: Any = registry.get("dungeonquest")


def searched(game: Any, s: Any, at: Square) -> int:
    """A fresh breadth-first search over the rules' own ``Board.passage``, written apart
    from ``way.py``: squares to the nearest tower through openings, an opening onto an
    empty square adding a straight line from there, 30 when every way is walled."""
    board = Board(game.spec, s.board)
    towers = game.spec.towers

    def line(sq: Square) -> int:
        return min(abs(sq[0] - tx) + abs(sq[1] - ty) for tx, ty in towers)

    if not board.explored(at):
        return line(at)
    dist = {at: 0}
    frontier = [at]
    best = 30
    while frontier:
        later = []
        for sq in frontier:
            d = dist[sq]
            if sq in towers:
                best = min(best, d)
                continue
            for side in SIDES:
                if board.passage(sq, side) is None:
                    continue
                to = step(sq, side)
                if not board.explored(to):
                    best = min(best, d + 1 + line(to))
                elif to not in dist:
                    dist[to] = d + 1
                    later.append(to)
        frontier = later
    return best


def test_the_way_out_is_always_that_of_a_search_over_the_rules_passages() -> None:
    """Random games of 1-4 heroes: at every decision, the way out of each hero inside and
    of a random explored square equals the search written apart, and answering leaves
    the state's JSON as it was. The games turn tiles (Curse of the Wizard, Rotating
    Rooms) as well as lay them."""
    game = DungeonQuestGame()
    rng = RNG(11)
    asked = turned = 0
    for seed in range(40):
        s = game.new(game.make_config(1 + seed % 4), seed)
        while (d := game.decision(s)) is not None:
            game.apply(s, d.actions[rng.below(len(d.actions))])
            turned += any(p.turns for p in s.board.values())
            squares = [h.pos for h in s.heroes if h.pos is not None and h.status == "in"]
            explored = sorted(s.board)
            if explored:
                squares.append(explored[rng.below(len(explored))])
            saved = s.to_json()
            for sq in squares:
                assert game.way_out(s, sq) == searched(game, s, sq), (seed, sq)
                asked += 1
            assert s.to_json() == saved
    assert turned > 100 and asked > 1000  # boards with turned tiles were asked about


def test_a_tile_turned_changes_the_way_out_at_once() -> None:
    """A room next to the north-west tower, turned a quarter at a time: once its walls
    face north and west, the way out from it is 4 squares, not 2, at once; turned all the
    way round, it is 2 again."""
    game = DungeonQuestGame()
    s = game.new(game.make_config(1), 0)
    tiles = {t.id: t for t in game.c.tiles(s.opts)}
    board = Board(game.spec, s.board)
    board.place(tiles["room_ooo_01"], (0, 1), 2)  # south of the tower at (0, 0)
    board.place(tiles["room_wwo_01"], (1, 1), 1)  # entered moving east: walls N and E
    ways = []
    for _ in range(5):
        ways.append(game.way_out(s, (1, 1)))
        assert ways[-1] == searched(game, s, (1, 1))
        board.turn((1, 1), 1)
    assert ways == [2, 2, 2, 4, 2]


def position(heroes: list[dict[str, Any]], tiles: list[dict[str, Any]], **more: Any) -> Any:
    """A state from a scenario position (the engine's runner, no actions)."""
    players = len(heroes)
    data = {
        "game": "dungeonquest",
        "config": {"players": players},
        "position": {"heroes": heroes, "tiles": tiles, **more},
        "actions": [],
    }
    return GAME.from_json(run(data, "test")["state"])


ROW = [{"tile": f"room_ooo_0{i}", "at": [i, 0], "heading": "E"} for i in range(1, 5)]
"""Four open rooms east of the north-west tower: the way out from (x, 0) is x squares."""


def test_DQ_19_D21_a_hero_the_sun_would_catch_is_worth_next_to_nothing() -> None:
    """D1: a hero still inside at sunset dies. Ulv and Volrik both empty-handed, Volrik
    inside; Ulv at (3,0), 3 squares from the tower, has acted in round 24 of 26, so 2
    turns are left him. One step out, at (2,0), he is still in time; one step deeper, at
    (4,0), with 50 GP found there, the sun catches him. The old heuristic counted the
    treasure's lead (0.70 against 0.22) and sent him deeper; now the step out is worth
    more, and the deeper one next to nothing."""
    heroes = [
        {"id": "ulv_grimhand", "ring": "opening", "at": [3, 0], "prev": [2, 0]},
        {"id": "volrik", "ring": "healing", "at": [0, 9], "prev": [0, 8]},
    ]
    s = position(heroes, ROW, round=24)
    s.order, s.active, s.stack = [0, 1], 1, [("end", 1), ("act", 1, 1)]  # Volrik's turn
    assert GAME.turns_left(s, 0) == 2
    out, deeper = s.clone(), s.clone()
    out.heroes[0].pos = (2, 0)
    deeper.heroes[0].pos = (4, 0)
    deeper.heroes[0].treasure = [50]
    assert GAME.way_out(out, (2, 0)) == 2 and GAME.way_out(deeper, (4, 0)) == 4
    assert GAME.heuristic(out, 0) > 0.1 > 0.05 > GAME.heuristic(deeper, 0)
    # With time enough (round 20), the treasure's lead is worth the step.
    for state in (out, deeper):
        state.round = 20
    assert GAME.heuristic(deeper, 0) > GAME.heuristic(out, 0)


def test_DQ_19_D21_solo_the_way_out_in_time_goes_round_walls() -> None:
    """Solo, 2 turns left: at (1,0), next to the north-west tower but walled off from
    it, the way out is 3 squares (round by (1,1) and (0,1)), too many; at (1,1) it is 2.
    The old solo heuristic measured a straight line through the wall (1 against 2) and
    preferred (1,0); the way through the tiles prefers (1,1), and the walled square is
    worth less than half of it."""
    tiles = [
        {"tile": "room_ooo_01", "at": [0, 1], "heading": "S"},
        {"tile": "room_ooo_02", "at": [1, 1], "heading": "E"},
        {"tile": "room_wwo_01", "at": [1, 0], "heading": "N"},
    ]
    heroes = [{"id": "ulv_grimhand", "ring": "opening", "at": [1, 0], "prev": [1, 1]}]
    walled = position(heroes, tiles, round=25)
    assert GAME.turns_left(walled, 0) == 2
    inside = walled.clone()
    inside.heroes[0].pos = (1, 1)
    assert GAME.way_out(walled, (1, 0)) == 3 and GAME.way_out(inside, (1, 1)) == 2
    assert GAME.heuristic(walled, 0) < 0.5 * GAME.heuristic(inside, 0)


def test_the_turns_left_count_this_round_only_before_the_hero_acts() -> None:
    """Round 24 of 26: the hero to act has 3 turns (this one, 25 and 26); once he has
    acted and the other hero plays, 2; turns he is to lose come off."""
    heroes = [
        {"id": "ulv_grimhand", "ring": "opening", "at": [3, 0], "prev": [2, 0]},
        {"id": "volrik", "ring": "healing", "at": [0, 9], "prev": [0, 8]},
    ]
    s = position(heroes, ROW, round=24, active=0)
    s.order = [0, 1]
    first, second = s.order
    d = GAME.decision(s)
    assert d is not None and d.kind == "act"
    assert GAME.turns_left(s, first) == 3 and GAME.turns_left(s, second) == 3
    GAME.apply(s, "wait")
    assert s.active == second and s.round == 24
    assert GAME.turns_left(s, first) == 2 and GAME.turns_left(s, second) == 3
    s.heroes[first].lost_turns = 1
    assert GAME.turns_left(s, first) == 1


def race_by_its_parts(game: Any, s: Any, player: int) -> float:
    """The race heuristic of 2+ heroes composed from the game's own parts (``turns_left``,
    ``way_home``, ``going``, ``in_time``) and the chamber's straight line, as the docs
    tell it; ``heuristic_race`` writes these out for speed and must agree exactly."""
    h = s.heroes[player]
    gp = h.gp
    best, tied, richer_out = -1, 0, False
    for k, r in enumerate(s.heroes):
        if k == player or r.status == "dead":
            continue
        if r.gp > best:
            best, tied = r.gp, 0
        if r.gp == best:
            tied += 1
        richer_out = richer_out or (r.gp > gp and r.status == "escaped")
    if gp > best:
        out = 0.9 + 0.1 * min(1.0, (gp - best) / 500)
    elif gp == best:
        out = 0.6 / (1 + tied)
    else:
        out = 0.0 if richer_out else 0.1
    if h.status == "escaped":
        return out
    if not h.id or h.pos is None:
        return 0.3
    left, way = game.turns_left(s, player), game.way_home(s, player)
    fit = 0.4 + 0.6 * max(0, h.life) / game.heroes[h.id].life
    home = going(left, way, fit)
    if gp > best:
        return home * out
    x, y = h.pos
    chamber = min(abs(x - cx) + abs(y - cy) for cx, cy in game.spec.chamber)
    near = 0.3 * min(1.0, 250 / (best + 1 - gp)) * in_time(left, way + 4)
    deep = 0.4 * (1.0 - chamber / 16) * in_time(left, chamber + CHAMBER_TO_TOWER)
    hunt = in_time(left, way) * (0.05 + 0.05 * gp / (best + 1)) + fit * (near + deep)
    return max(hunt, out * home)


def test_the_race_heuristic_is_exactly_its_parts() -> None:
    """Random games of 2-4 heroes, some heroes given treasure: at every decision each
    hero's race heuristic equals, to the last bit, the one composed from its parts (it
    fails if a turn, a square, the chamber's distance or a hero's treasure is counted
    otherwise), and answering leaves the state's JSON as it was."""
    game = DungeonQuestGame()
    rng = RNG(5)
    asked = 0
    for seed in range(24):
        s = game.new(game.make_config(2 + seed % 3), seed)
        while (d := game.decision(s)) is not None:
            game.apply(s, d.actions[rng.below(len(d.actions))])
            if rng.below(9) == 0:
                s.heroes[rng.below(len(s.heroes))].treasure.append(10 * (1 + rng.below(30)))
            saved = s.to_json()
            for k in range(len(s.heroes)):
                if s.heroes[k].status == "dead" or s.phase == "over":
                    continue
                assert game.heuristic_race(s, k) == race_by_its_parts(game, s, k), (seed, k)
                asked += 1
            assert s.to_json() == saved
    assert asked > 1000
