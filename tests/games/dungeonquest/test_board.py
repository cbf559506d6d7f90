"""DQ-2, DQ-6, DQ-9: tile geometry, rotation by the entry arrow, and placement checks."""

from __future__ import annotations

import pytest

from tavolo.games.dungeonquest.board import (
    Board,
    E,
    N,
    Placed,
    PlacementError,
    S,
    Tile,
    W,
)
from tavolo.games.dungeonquest.content import default_content

C = default_content()
TILES = {t.id: t for t in C.tiles()}


def tile(group: str, n: int = 1) -> Tile:
    return TILES[f"{group}_{n:02d}"]


def board() -> Board:
    return C.new_board()


def test_DQ_6_entry_arrow_fixes_the_rotation() -> None:
    """A hero heading east steps over the arrow on the west edge; left is north."""
    t = tile("room_odw")  # left open, door ahead, wall right
    east = Placed(t, E)
    assert east.edges() == ("O", "D", "W", "O")  # N E S W
    north = Placed(t, N)
    assert north.edges() == ("D", "W", "O", "O")
    assert Placed(t, S).edges() == ("O", "O", "D", "W")
    assert Placed(t, W).edges() == ("W", "O", "O", "D")


def test_DQ_9_portcullis_drops_on_the_entry_edge() -> None:
    p = Placed(tile("portcullis_wow"), E)
    assert p.edge(W) == "P" and p.entry_side == W


def test_DQ_9_rotating_room_turns_half_round() -> None:
    p = Placed(tile("rotating"), N)
    assert p.edges() == ("W", "W", "O", "W")
    assert p.turned(2).edges() == ("O", "W", "W", "W")
    assert p.turned(2).turned(2) == p


def test_DQ_10_curse_turns_corridors_a_quarter() -> None:
    p = Placed(tile("corridor_wow"), N)  # straight north-south
    assert p.turned(1).edges() == ("W", "O", "W", "O")
    assert p.turned(-1).edges() == p.turned(3).edges()


def test_D16_chasm_halves() -> None:
    left = Placed(tile("chasm_left"), N)
    right = Placed(tile("chasm_right"), N)
    assert left.chasm_sides() == (S, W)
    assert right.chasm_sides() == (S, E)
    assert Placed(tile("room_ooo"), N).chasm_sides() is None


def test_DQ_2_towers_and_chamber_exits() -> None:
    b = board()
    assert sorted(b.exits((0, 0))) == [E, S]
    assert sorted(b.exits((12, 9))) == [N, W]
    assert b.printed((6, 4)) == "chamber"
    assert sorted(b.exits((6, 4))) == [N, E, S, W]  # D12: every edge open, incl. the twin
    assert b.passage((6, 4), S) == ()


def test_DQ_6_passage_through_walls_and_doors() -> None:
    b = board()
    b.place(tile("room_odw"), (1, 0), E)  # from the tower, heading east
    assert b.passage((0, 0), E) == ()
    assert b.passage((1, 0), E) == ("D",)  # the door ahead
    assert b.passage((1, 0), S) is None  # the wall on its right
    assert b.passage((1, 0), N) is None  # the board edge
    b.placed[(2, 0)] = Placed(tile("room_ddd"), N)  # entered from the south: door west
    # D23: a door printed on both tiles means two Door cards
    assert b.passage((1, 0), E) == ("D", "D")
    assert b.passage((2, 0), W) == ("D", "D")


def test_placement_follows_the_hero() -> None:
    b = board()
    p = b.place(tile("corridor_ooo"), (0, 1), S)
    assert p.entry_side == N and (0, 1) in b.placed
    b.place(tile("room_ooo"), (0, 2), S)
    b.place(tile("pit"), (1, 2), E)
    assert b.where("pit_01") == (1, 2)


@pytest.mark.parametrize(
    ("square", "heading", "expected", "italian"),
    [
        ((13, 4), E, "is off the 13 x 10 board", "fuori dal tabellone 13 x 10"),
        ((0, 0), E, "is a printed tower room", "è stampata una torre"),
        ((6, 5), S, "is a printed chamber room", "è stampata la camera del tesoro"),
        ((3, 1), N, "its entry arrow faces the empty square (3, 2)", "la casella vuota (3, 2)"),
        ((1, 0), W, "its entry arrow faces the empty square (2, 0)", "la casella vuota (2, 0)"),
        ((5, 0), S, "its entry arrow would face the board edge (north)", "del tabellone (nord)"),
        ((1, 0), 7, "heading 7 is not 0-3", "la direzione 7 non è tra 0 e 3"),
    ],
)
def test_placement_refused(
    square: tuple[int, int], heading: int, expected: str, italian: str
) -> None:
    b = board()
    with pytest.raises(PlacementError) as err:
        b.check_placement(tile("room_ooo"), square, heading)
    assert expected in str(err.value)
    assert "\n" not in str(err.value) and str(err.value).startswith("tile room_ooo_01 at ")
    assert err.value.told("it").startswith("tessera room_ooo_01 in ") and italian in err.value.told(
        "it"
    )


def test_placement_refused_on_an_occupied_square_and_twice() -> None:
    b = board()
    b.place(tile("room_ooo"), (1, 0), E)
    with pytest.raises(PlacementError, match=r"already holds room_ooo_01"):
        b.place(tile("room_ooo", 2), (1, 0), E)
    with pytest.raises(PlacementError, match=r"already on the board at \(1, 0\)"):
        b.place(tile("room_ooo"), (0, 1), S)


def test_placement_refused_through_a_wall_unless_secret_door() -> None:
    b = board()
    b.place(tile("room_www"), (1, 0), E)  # a dead end: walls left, ahead, right
    with pytest.raises(PlacementError, match=r"faces a wall of \(1, 0\) \(east side\)") as err:
        b.place(tile("room_ooo"), (2, 0), E)
    assert "guarda un muro di (1, 0) (lato est)" in err.value.told("it")
    b.place(tile("room_ooo"), (2, 0), E, secret_door=True)  # D17
    assert b.placed[(2, 0)].tile.id == "room_ooo_01"
    with pytest.raises(PlacementError):
        b.check_placement(tile("room_ooo", 2), (1, 1), S)  # south of the dead end: a wall


def test_DQ_9_rotating_room_trap_check() -> None:
    """After its half turn the one opening faces away; the board edge makes a dead end."""
    b = board()
    b.place(tile("corridor_ooo"), (0, 1), S)
    b.place(tile("corridor_ooo", 2), (1, 1), E)
    b.place(tile("rotating"), (1, 0), N)  # heading north, into the top row
    assert b.exits((1, 0)) == [S]
    b.turn((1, 0), 2)
    assert b.exits((1, 0)) == []  # its opening faces the board edge: trapped
    b.place(tile("rotating", 2), (1, 2), S)
    b.turn((1, 2), 2)
    assert b.exits((1, 2)) == [S]  # facing the unexplored square: not trapped
    b.placed[(1, 3)] = Placed(tile("room_www"), E)  # its north edge is a wall
    assert b.exits((1, 2)) == []  # now it faces a wall of that tile: trapped
