"""Tiles, levels and maps: the notation, adjacency (P-7) and climbability of every tile and map."""

from __future__ import annotations

import random

import pytest

from tavolo.games.platformer.board import Board, build, random_map
from tavolo.games.platformer.content import default_content
from tavolo.games.platformer.tiles import Layout, parse_grid
from tavolo.games.platformer.validity import (
    MOVES_PER_TURN,
    climb_budget,
    map_problems,
    reach,
    stack_problems,
    tile_problems,
)

CONTENT = default_content()
TILES = CONTENT.tiles
THEMES = ("forest", "void")

# A small tile to read the rules on (rows and columns counted from 1, top row first): a wall
# between columns 2 and 3 of row 1, a platform under (row 1, column 1) and a ladder under
# (row 1, column 2); column 3 is an open shaft from the bottom row to the top.
PROBE = (
    "|. .|. .|",
    " = H     ",
    "|. . . .|",
    " ===   = ",
    "|. . . .|",
    " ==   == ",
    "|. . . .|",
    "         ",
)


def probe() -> Board:
    return build([[parse_grid(PROBE)]])


def test_parse_grid() -> None:
    lay = parse_grid(PROBE)
    assert lay.cells[0] == "...."
    assert lay.walls[0] == (True, False, True, False, True)
    assert lay.floors[0] == "=H  "
    assert lay.on_platform(0, 0) and lay.on_platform(1, 0) and not lay.on_platform(2, 0)


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        (PROBE[:7], "a tile has 8 lines"),
        (("|. .|. . |", *PROBE[1:]), "line 1 '|. .|. . |': has 10 characters, expected 9"),
        (("|. .|. ? |"[:9], *PROBE[1:]), "unknown space '?' at column 8"),
        (("|. .:. .|", *PROBE[1:]), "unknown edge ':' at column 5"),
        ((PROBE[0], " = X     ", *PROBE[2:]), "line 2 ' = X     ': unknown floor 'X' at column 4"),
        ((PROBE[0], "#= H     ", *PROBE[2:]), "unknown joint '#' at column 1"),
    ],
)
def test_bad_grids(lines: tuple[str, ...], message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace("?", r"\?")):
        parse_grid(lines)


def test_adjacency_p7() -> None:
    b = probe()  # y = 3 is the top row; the wall stands between x = 1 and x = 2 there
    assert (2, 3) not in b.adjacent((1, 3))  # a wall separates
    assert (0, 3) in b.adjacent((1, 3))
    assert (0, 2) not in b.adjacent((0, 3))  # a platform separates
    assert (1, 2) in b.adjacent((1, 3)) and (1, 3) in b.adjacent((1, 2))  # a ladder joins
    assert (2, 2) in b.adjacent((2, 3))  # an open floor joins
    assert (0, 1) not in b.adjacent((0, 2))  # the middle platform line
    assert b.on_ladder((1, 2)) and b.on_ladder((1, 3)) and not b.on_ladder((0, 3))


def test_gravity_and_the_bottom_row() -> None:
    b = probe()
    assert b.fall((2, 3)) == (2, 0)  # down the open shaft to the bottom row
    assert b.fall((3, 3)) == (3, 2)  # lands on the platform under row 2
    assert b.fall((1, 3)) == (1, 3)  # stands on the ladder's platform
    assert b.fall((2, 1)) == (2, 0)  # the lowest row counts as a platform
    assert b.on_platform((3, 0))


def test_one_way_floor() -> None:
    lower = parse_grid(PROBE)
    boss = next(t for t in TILES if t.boss).layout
    b = build([[lower], [boss]])
    entry = (0, 4)
    assert entry in b.hero_steps((0, 3))  # up through the one-way line
    assert (0, 3) not in b.hero_steps(entry)  # never back down
    assert (0, 3) not in b.adjacent(entry) and entry not in b.adjacent((0, 3))
    assert b.on_platform(entry)


def test_level_seam_walls() -> None:
    open_tile = parse_grid(tuple(line.replace("|", " ") for line in PROBE))
    walled = parse_grid(PROBE)
    b = build([[open_tile, walled]])
    assert b.width == 8 and b.height == 4
    assert b.wall_east[3][3]  # the right tile's left edge is a wall
    b2 = build([[open_tile, open_tile]])
    assert not b2.wall_east[3][3]


def test_reach_counts_moves_per_turn() -> None:
    # a hero on the bottom row under a 3-high shaft reaches its top only with 3 MOVEs
    b = probe()
    seen1 = reach(b, [(2, 0)], budget=1)
    assert (2, 1) in seen1 and (2, 3) not in seen1
    assert (2, 3) in reach(b, [(2, 0)], budget=MOVES_PER_TURN)


def test_the_probe_tile_is_valid() -> None:
    assert tile_problems(parse_grid(PROBE)) == []


@pytest.mark.parametrize("tile", TILES, ids=[t.id for t in TILES])
def test_every_tile_is_valid(tile) -> None:  # type: ignore[no-untyped-def]
    assert tile_problems(tile.layout) == []
    assert climb_budget(tile.layout) in (2, 3)


def test_an_enclosed_space_is_invalid() -> None:
    lines = list(PROBE)
    lines[0] = "|.|. . .|"
    lines[1] = " = H     "
    # space (1, 1) top-left: wall on its right, platform under it, map top above
    problems = tile_problems(parse_grid(tuple(lines)))
    assert problems == ["space row 1 column 1 is unreachable"]


def test_a_sealed_floor_has_no_way_up() -> None:
    sealed: Layout = parse_grid((*PROBE[:3], " ======= ", *PROBE[4:]))
    problems = tile_problems(sealed)
    assert problems[-1] == "no way up out of its top row"
    assert "space row 1 column 1 is unreachable" in problems


@pytest.mark.parametrize("theme", THEMES)
def test_every_stack_of_two_tiles_climbs(theme: str) -> None:
    tiles = CONTENT.tile_set(theme)
    for lower_id, lower in tiles.normal:
        for upper_id, upper in tiles.normal + tiles.boss:
            if upper_id != lower_id:
                assert stack_problems(lower, upper) == [], (lower_id, upper_id)


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("levels", [3, 4], ids=["normal", "extended"])
def test_random_maps_are_valid(theme: str, levels: int) -> None:
    rng = random.Random(f"{theme}-{levels}")
    tiles = CONTENT.tile_set(theme)
    for _ in range(400):
        board = random_map(tiles, rng, levels=levels)
        assert board.levels == levels + 1
        assert board.tiles[-1] and all(t.startswith(f"{theme}_boss") for t in board.tiles[-1])
        assert map_problems(board) == [], board.tiles


def test_map_problems_name_level_and_tile() -> None:
    lines = list(PROBE)
    lines[0] = "|.|. . .|"
    bad = parse_grid(tuple(lines))
    good = CONTENT.tile_set("forest").normal[0][1]
    board = build([[bad, good], [good, good]], [["a", "b"], ["c", "d"]])
    assert map_problems(board) == ["level 1 tile a: space row 1 column 1 is unreachable"]


def test_portals_join_a_level() -> None:
    tiles = CONTENT.tile_set("void")
    board = random_map(tiles, random.Random(3), levels=3)
    assert sorted(board.portals) == [0, 1, 2, 3]  # (every level, else the loop checks none)
    for level, portals in board.portals.items():
        assert len(portals) >= 2, level
        for p in portals:
            assert set(board.portal_steps(p)) == set(portals) - {p}
            assert board.level_of(p) == level


@pytest.mark.parametrize("theme", THEMES)
def test_the_boss_is_reachable_from_both_halves_of_the_boss_level(theme: str) -> None:
    """Every level is two walled shafts side by side; the boss level is one arena (its
    tiles leave their sides open), so a hero climbing either shaft can reach the boss."""
    boss = list(CONTENT.tile_set(theme).boss)
    normal = list(CONTENT.tile_set(theme).normal)[:2]
    for order in (boss, boss[::-1]):
        board = build([[t for _, t in normal], [t for _, t in order]])
        for x in (0, board.width - 1):  # entering the boss level from either shaft
            seen = reach(board, [(x, 4)])
            for b in board.cells_with("B"):
                assert set(board.adjacent(b)) & seen, (theme, x, b)
