"""The heuristic's way out (``way.py``): the distances kept per board layout are always
those of a fresh search, however the board changed (a tile laid, a corridor or a
Rotating Room turned), and the state carries no trace of them."""

from __future__ import annotations

from typing import Any

from tavolo.engine import RNG
from tavolo.games.dungeonquest import DungeonQuestGame
from tavolo.games.dungeonquest.board import SIDES, Board, step

Square = tuple[int, int]


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


def test_the_way_out_kept_per_layout_is_always_a_fresh_search() -> None:
    """Random games of 1-4 heroes on one game object (so layouts are met again and
    again): at every decision, the way out of each hero inside and of a random explored
    square equals a fresh search, and answering leaves the state's JSON as it was. The
    games turn tiles (Curse of the Wizard, Rotating Rooms) as well as lay them."""
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
    kept = sum(len(v) for v in game.ways.layouts.values())
    # Boards with turned tiles were asked about, and most answers came from the store.
    assert turned > 100 and asked > 2 * kept


def test_a_tile_turned_after_an_answer_is_a_new_layout() -> None:
    """A room next to the north-west tower, turned a quarter at a time: once its walls
    face north and west, the way out from it is 4 squares, not 2, at once (the answer
    kept for the layout before the turn is not given for the one after); turned all the
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
