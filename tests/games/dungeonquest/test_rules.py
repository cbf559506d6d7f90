"""DungeonQuest rules, one test (or one parametrised case) per rule id of the digest.

DQ-n are the facts file's sections, Dn its decisions. Positions and scripted chance go
through the engine's scenario runner, so each test reads like a scenario file.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from tavolo.agents import make_agent
from tavolo.engine import RNG, registry
from tavolo.engine.scenario import run

from .tile_facts import BASE_KINDS, ROOMS

GAME: Any = registry.get("dungeonquest")
HERO = {"id": "ulv_grimhand", "ring": "opening", "at": [1, 0], "prev": [0, 0]}
ROOM = [{"tile": "room_ooo_01", "at": [1, 0], "heading": "E"}]


def sc(
    actions: list[str],
    script: list[dict[str, Any]] | None = None,
    hero: dict[str, Any] | None = None,
    tiles: list[dict[str, Any]] | None = None,
    expect: dict[str, Any] | None = None,
    players: int = 1,
    options: dict[str, Any] | None = None,
    **position: Any,
) -> dict[str, Any]:
    """Run a one-hero scenario from the standard room next to the north-west tower."""
    heroes = [{**HERO, **(hero or {})}]
    if players > 1:
        heroes.append({"id": "volrik", "ring": "healing", "at": [0, 9]})
    data = {
        "game": "dungeonquest",
        "config": {"players": players, "options": options or {}},
        "position": {"heroes": heroes, "tiles": tiles or ROOM, **position},
        "script": script or [],
        "actions": actions,
        "expect": expect or {},
    }
    result = run(data, "test")
    assert result["failures"] == [], result["failures"]
    return result


def hero(result: dict[str, Any], k: int = 0) -> dict[str, Any]:
    return result["state"]["heroes"][k]  # type: ignore[no-any-return]


UNTOUCHED = {"life": 16, "cards": [], "potion": None, "ropes": [], "held": [], "status": "in"}
"""What a card leaves as it was unless it says otherwise (Ulv Grimhand, carrying nothing)."""


def check_hero(r: dict[str, Any], changed: dict[str, Any], deck: str, card: str) -> None:
    """The hero shows ``changed`` and is otherwise untouched; a card he does not keep is
    back under its deck."""
    h = hero(r)
    for k, v in {**UNTOUCHED, **changed}.items():
        assert h[k] == v, (k, h[k])
    kept = [c[1] for c in h["cards"]] + [c[1] for c in h["ropes"]] + (h["potion"] or [])[1:]
    if card not in kept:
        assert r["state"]["decks"][deck][0] == card


def new_room(card: str, *more: dict[str, Any]) -> list[dict[str, Any]]:
    """Moving east into a new room that holds ``card``."""
    return [{"draw": "room_ooo_02", "label": "tile"}, {"draw": card, "label": "room"}, *more]


# ------------------------------------------------------------------ DQ-2, DQ-3, DQ-4 --
def test_DQ_2_board_towers_and_chamber() -> None:
    assert sorted(k for k, v in GAME.printed.items() if v == "tower") == [
        (0, 0),
        (0, 9),
        (12, 0),
        (12, 9),
    ]
    assert [k for k, v in GAME.printed.items() if v == "chamber"] == [(6, 4), (6, 5)]


def test_D12_the_chamber_opens_on_all_six_outer_edges() -> None:
    """D12: each chamber square opens on its three outer sides and onto the other; the
    towers open only onto their two neighbours inside the board."""
    west = [{"tile": "room_ooo_01", "at": [5, 4], "heading": "W"}]
    for at, prev in (([6, 4], [5, 4]), ([6, 5], [6, 4])):
        r = sc([], hero={"at": at, "prev": prev}, tiles=west)
        assert [a for a in r["legal"] if a.startswith("move:")] == [
            "move:E",
            "move:N",
            "move:S",
            "move:W",
        ]
    r = sc([], hero={"at": [0, 0], "prev": None})
    assert [a for a in r["legal"] if a.startswith("move:")] == ["move:E", "move:S"]


def two_heroes(
    first: dict[str, Any], second: dict[str, Any], tiles: list[dict[str, Any]]
) -> dict[str, Any]:
    """A two-hero position, hero 0 to act; the result of running no action."""
    data = {
        "game": "dungeonquest",
        "config": {"players": 2},
        "position": {
            "heroes": [
                {"id": "ulv_grimhand", "ring": "opening", **first},
                {"id": "volrik", "ring": "healing", **second},
            ],
            "tiles": tiles,
            "active": 0,
        },
        "actions": [],
        "expect": {},
    }
    result = run(data, "test")
    assert result["failures"] == [], result["failures"]
    return result


def test_DQ_2_D26_heroes_do_not_share_a_square() -> None:
    """No move onto a square (a room or a tower) another hero stands on; the Treasure
    Chamber holds any number; the start towers all differ."""
    row = [
        {"tile": "room_ooo_01", "at": [1, 0], "heading": "E"},
        {"tile": "room_ooo_02", "at": [2, 0], "heading": "E"},
    ]
    r = two_heroes({"at": [1, 0], "prev": [0, 0]}, {"at": [2, 0], "prev": [1, 0]}, row)
    assert "move:E" not in r["legal"] and "move:W" in r["legal"]
    r = two_heroes({"at": [1, 0], "prev": [2, 0]}, {"at": [0, 0]}, row)
    assert "move:W" not in r["legal"] and "move:E" in r["legal"]  # D26: towers too
    chamber = [
        {"tile": "room_ooo_01", "at": [5, 4], "heading": "W"},
    ]
    r = two_heroes({"at": [5, 4], "prev": [6, 4]}, {"at": [6, 4], "prev": [5, 4]}, chamber)
    assert "move:E" in r["legal"]
    s = GAME.new(GAME.make_config(4, heroes="sir_rohan,volrik,ulv_grimhand,el_adoran"), 1)
    while s.phase == "setup":
        d = GAME.decision(s)
        GAME.apply(s, d.actions[0])
    assert len({h.pos for h in s.heroes}) == 4


def test_DQ_3_D1_sunset_after_26_rounds_kills_heroes_inside() -> None:
    r = sc(["wait"], round=26, expect={"over": True})
    assert hero(r)["status"] == "dead" and hero(r)["cause"] == "sunset"


def test_DQ_3_D1_sun_length_is_an_option() -> None:
    """D1's alternatives: 27 rounds (round 26 is not the last) or 25 (the sun sets after
    round 25), the hero inside dying of it."""
    r = sc(["wait"], round=26, options={"sun_rounds": 27}, expect={"over": False})
    assert r["state"]["round"] == 27
    r = sc(["wait"], round=27, options={"sun_rounds": 27}, expect={"over": True})
    assert hero(r)["cause"] == "sunset"
    r = sc(["wait"], round=25, options={"sun_rounds": 25}, expect={"over": True})
    assert hero(r)["cause"] == "sunset"
    r = sc(["wait"], round=25, expect={"over": False})  # the default's 26
    assert r["state"]["round"] == 26


def test_DQ_3_D2_a_tower_at_sunset_counts_as_out() -> None:
    r = sc(["move:W", "stay", "stop"], round=26, hero={"treasure": [200]})
    assert hero(r)["status"] == "escaped"


def test_D2_without_escape_at_once_a_tower_is_left_only_at_sunset() -> None:
    """D2's alternative (``escape_at_once=false``): no leaving on entering a tower nor
    on a later turn there; standing in it at sunset still counts as out."""
    off = {"escape_at_once": False}
    r = sc(["move:W"], options=off)
    assert "leave" not in r["legal"] and "stop" in r["legal"]
    r = sc(["move:W", "stop"], options=off)
    assert "leave" not in r["legal"] and r["state"]["round"] == 2
    r = sc(["move:W", "stop", "wait"], round=25, options=off, hero={"treasure": [200]})
    assert hero(r)["status"] == "escaped" and r["state"]["reason"] == "sunset"
    r = sc(["move:W", "stay", "stop"])  # the default: he may leave on a later turn too
    assert "leave" in r["legal"]


def test_DQ_4_setup_heroes_rings_and_towers_in_turn_order() -> None:
    s = GAME.new(GAME.make_config(3), 7)
    kinds = []
    while s.phase == "setup":
        d = GAME.decision(s)
        kinds.append((d.kind, d.player))
        GAME.apply(s, d.actions[0])
    assert [k for k, _ in kinds] == ["pickhero"] * 3 + ["pickring"] * 3 + ["picktower"] * 3
    assert [p for _, p in kinds[:3]] == s.order
    assert len({h.id for h in s.heroes}) == 3
    assert len({h.ring for h in s.heroes}) == 3
    assert len({h.pos for h in s.heroes}) == 3


def test_D14_rings_at_random_by_option() -> None:
    s = GAME.new(GAME.make_config(4, ring_choice="random"), 3)
    assert sorted(h.ring for h in s.heroes) == sorted(GAME.rings)  # one each, all differ
    assert GAME.decision(s).kind == "pickhero"


def test_DQ_1_cards_in_play_go_back_when_the_game_ends() -> None:
    """Deck discipline: a card being resolved goes back under its deck even when the
    game ends during it (the last hero escaping from its monster through a tower)."""
    script = [{"draw": "orc", "label": "room"}, {"draw": "monster_01", "label": "monster"}]
    r = sc(["move:E", "escape", "leave"], script, hero={"at": [0, 0], "prev": None})
    assert r["state"]["phase"] == "over" and hero(r)["status"] == "escaped"
    decks = r["state"]["decks"]
    assert sorted(decks["room"]) == sorted(GAME.deck_ids["room"])
    assert all(len(decks[d]) == len(GAME.deck_ids[d]) for d in decks)


# ------------------------------------------------------------------------ DQ-5, DQ-6 --
def test_DQ_5_lost_turns_explosion() -> None:
    script = [{"draw": "trap_ooo_01", "label": "tile"}, {"draw": "explosion", "label": "trap"}]
    r = sc(["move:E"], script, hero={"ring": "opening"})
    assert hero(r)["life"] == 12
    kinds = [e["kind"] for e in r["events"]]
    assert kinds.count("turn_lost") == 1  # the next turn is missed


def test_DQ_6_tile_laid_with_its_arrow_on_the_crossed_edge() -> None:
    r = sc(["move:E"], new_room("empty_room"))
    assert [2, 0, "room_ooo_02", 1, 0] in r["state"]["board"]  # heading east: entry on west


def test_DQ_6_walls_block() -> None:
    r = sc([], tiles=[{"tile": "room_wow_01", "at": [1, 0], "heading": "E"}])
    assert "move:N" not in r["legal"] and "move:S" not in r["legal"]
    assert "move:E" in r["legal"] and "move:W" in r["legal"]


def test_DQ_6_door_jammed_ends_the_turn() -> None:
    tiles = [{"tile": "room_odo_01", "at": [1, 0], "heading": "E"}]
    r = sc(["move:E", "try"], [{"draw": "door_jammed", "label": "door"}], tiles=tiles)
    assert hero(r)["pos"] == [1, 0]
    assert r["state"]["round"] == 2


def test_DQ_6_door_opens() -> None:
    tiles = [{"tile": "room_odo_01", "at": [1, 0], "heading": "E"}]
    script = [{"draw": "door_opens", "label": "door"}, *new_room("empty_room")]
    r = sc(["move:E", "try"], script, tiles=tiles)
    assert hero(r)["pos"] == [2, 0]
    assert r["state"]["decks"]["door"][0] == "door_opens"


def test_DQ_6_a_door_takes_a_card_every_crossing_but_an_escape() -> None:
    """A door does not stay open: walking back through it takes another Door card; an
    escape from a monster back through the door he came in by takes none."""
    tiles = [{"tile": "room_odo_01", "at": [1, 0], "heading": "E"}]
    script = [
        {"draw": "door_opens", "label": "door"},
        *new_room("empty_room"),
        {"draw": "door_jammed", "label": "door"},
    ]
    r = sc(["move:E", "try", "move:W", "try"], script, tiles=tiles)
    assert hero(r)["pos"] == [2, 0] and r["state"]["round"] == 3
    script = [
        {"draw": "door_opens", "label": "door"},
        *new_room("orc", {"draw": "monster_01", "label": "monster"}),  # Escape: 0, away
    ]
    r = sc(["move:E", "try", "escape"], script, tiles=tiles)
    assert hero(r)["pos"] == [1, 0]
    drawn = [e["deck"] for e in r["events"] if e["kind"] == "card_drawn"]
    assert drawn == ["door", "room"]


@pytest.mark.parametrize(
    ("card", "rolls", "lost"),
    [
        ("trapped_door_d6", [4], 4),
        ("trapped_door_d6_luck", [4], 2),
        ("trapped_door_d12_luck", [11], 6),
    ],
)
def test_DQ_10_door_trapped(card: str, rolls: list[int], lost: int) -> None:
    tiles = [{"tile": "room_odo_01", "at": [1, 0], "heading": "E"}]
    script: list[dict[str, Any]] = [{"draw": card, "label": "door"}]
    script += [{"roll": x} for x in rolls]
    r = sc(["move:E", "try"], script, tiles=tiles)
    assert hero(r)["life"] == 16 - lost
    assert hero(r)["pos"] == [1, 0]


def test_D23_a_door_on_each_side_takes_two_cards() -> None:
    tiles = [
        {"tile": "room_odo_01", "at": [1, 0], "heading": "E"},
        {"tile": "room_ooo_02", "at": [0, 1], "heading": "S"},
        {"tile": "room_ooo_03", "at": [1, 1], "heading": "E"},
        {"tile": "room_ooo_04", "at": [2, 1], "heading": "E"},
        {"tile": "room_ddd_01", "at": [2, 0], "heading": "N"},
    ]
    script = [{"draw": "door_opens", "label": "door"}, {"draw": "door_jammed", "label": "door"}]
    r = sc(["move:E", "try"], script, tiles=tiles)
    assert [e["card"] for e in r["events"] if e["kind"] == "card_drawn"] == [
        "door_opens",
        "door_jammed",
    ]
    assert hero(r)["pos"] == [1, 0]


def test_D22_portcullis_tested_from_the_outside_too() -> None:
    """D22: once dropped, the portcullis takes a Strength test to cross either way; with
    ``portcullis_both_ways=false`` only leaving the portcullis tile through it does."""
    tiles = [*ROOM, {"tile": "portcullis_wow_01", "at": [2, 0], "heading": "E"}]
    ring = {"ring": "warning"}  # no Ring of Opening to ask about
    r = sc(["move:E"], [{"roll": 12, "label": "portcullis"}], hero=ring, tiles=tiles)
    assert hero(r)["pos"] == [1, 0] and r["state"]["round"] == 2
    assert any(e["kind"] == "portcullis_holds" for e in r["events"])
    r = sc(
        ["move:E"],
        [{"draw": "empty_room", "label": "room"}],
        hero=ring,
        tiles=tiles,
        options={"portcullis_both_ways": False},
    )
    assert hero(r)["pos"] == [2, 0]
    assert not any(e["kind"].startswith("test_") for e in r["events"])
    r = sc(  # leaving through it is still tested
        ["move:W"],
        [{"roll": 12, "label": "portcullis"}],
        hero={**ring, "at": [2, 0], "prev": [1, 0]},
        tiles=tiles,
        options={"portcullis_both_ways": False},
    )
    assert hero(r)["pos"] == [2, 0]
    r = sc(  # from a tower or the Chamber, too
        ["move:E"],
        [{"roll": 12, "label": "portcullis"}],
        hero={**ring, "at": [0, 0], "prev": None},
        tiles=[{"tile": "portcullis_wow_01", "at": [1, 0], "heading": "E"}],
    )
    assert hero(r)["pos"] == [0, 0]


def test_D3_a_room_card_on_every_entry() -> None:
    tiles = [*ROOM, {"tile": "room_ooo_02", "at": [2, 0], "heading": "E"}]
    r = sc(["move:E"], [{"draw": "empty_room", "label": "room"}], tiles=tiles)
    assert any(e["kind"] == "card_drawn" for e in r["events"])
    r = sc(["move:E"], tiles=tiles, options={"room_card_on_reentry": False})
    assert not any(e["kind"] == "card_drawn" for e in r["events"])


def test_D18_no_tiles_left_makes_empty_squares_impassable() -> None:
    s = GAME.from_position(GAME.make_config(1), {"heroes": [HERO], "tiles": ROOM}, RNG(0))
    s.pile.clear()
    s._dec = None
    assert GAME.decision(s).actions == ("move:W", "search", "wait")


# ----------------------------------------------------------------------------- DQ-7 --
def test_DQ_7_D4_two_searches_in_a_row_at_most() -> None:
    script = [{"draw": "empty", "label": "search"}, {"draw": "empty", "label": "search"}]
    r = sc(["search", "search"], script)
    assert "search" not in r["legal"]
    script = [*script, {"draw": "empty_room", "label": "room"}]
    r = sc(["search", "search", "move:W", "stay", "move:E"], script)
    assert "search" in r["legal"]  # the count starts again on the tile re-entered


def test_D4_search_once_per_room_by_option() -> None:
    r = sc(
        ["search"],
        [{"draw": "empty", "label": "search"}],
        options={"search_limit": "once_per_room"},
    )
    assert "search" not in r["legal"]


@pytest.mark.parametrize(
    ("tile", "searchable"),
    [
        ("room_ooo_01", True),
        ("portcullis_ooo_01", True),
        ("cave_in_ooo_01", True),  # D5
        ("corridor_ooo_01", False),
        ("trap_ooo_01", False),
        ("rotating_01", False),
        ("chasm_left_01", False),  # D5
        ("pit_01", False),
    ],
)
def test_D5_which_tiles_may_be_searched(tile: str, searchable: bool) -> None:
    cave = tile.startswith("cave_in")  # its Agility test comes first
    r = sc(
        ["test"] if cave else [],
        [{"roll": 1, "label": "cave_in"}] if cave else [],
        tiles=[{"tile": tile, "at": [1, 0], "heading": "E"}],
    )
    assert ("search" in r["legal"]) is searchable


def test_D5_darkness_towers_and_the_chamber_are_not_searchable() -> None:
    assert not GAME.kinds["darkness"].searchable  # D5 (and stumbling out is the turn)
    for at, tiles in (
        ([0, 0], ROOM),
        ([6, 4], [{"tile": "room_ooo_01", "at": [5, 4], "heading": "W"}]),
    ):
        r = sc([], hero={"at": at, "prev": None}, tiles=tiles)
        assert "search" not in r["legal"] and r["legal"]


# ----------------------------------------------------------------------------- DQ-9 --
def test_DQ_9_corridor_gives_an_extra_move() -> None:
    """No Room card in a corridor: another move at once in the same turn (and again from
    a corridor beyond), no search."""
    script = [
        {"draw": "corridor_ooo_01", "label": "tile"},
        {"draw": "corridor_ooo_02", "label": "tile"},
    ]
    r = sc(["move:E"], script[:1])
    assert r["legal"] == ["move:E", "move:S", "move:W", "stop"]
    assert not any(e["kind"] == "card_drawn" for e in r["events"])
    assert r["state"]["round"] == 1
    r = sc(["move:E", "move:E"], script)
    assert hero(r)["pos"] == [3, 0] and r["state"]["round"] == 1
    assert r["legal"] == ["move:E", "move:S", "move:W", "stop"]


def test_DQ_9_tower_may_be_left_at_once_D2() -> None:
    r = sc(["move:W"], hero={"treasure": [100]})
    assert r["legal"] == ["leave", "stay"]


def test_DQ_9_cave_in_tile_later_turns() -> None:
    script = [
        {"draw": "cave_in_ooo_01", "label": "tile"},
        {"draw": "empty_room", "label": "room"},
        {"roll": 12, "label": "cave_in"},
    ]
    r = sc(["move:E", "test"], script)
    assert r["legal"] == ["back", "test"]  # the failed test lost the turn: asked again
    assert r["state"]["round"] == 3 and hero(r)["pos"] == [2, 0]
    script[-1] = {"roll": 5, "label": "cave_in"}  # Agility 5: passed, the turn goes on
    r = sc(["move:E", "test"], script)
    assert r["legal"] == ["move:E", "move:S", "move:W", "search", "wait"]  # north: the edge
    assert r["state"]["round"] == 2
    script[-1] = {"draw": "empty_room", "label": "room"}  # or back, a normal move
    r = sc(["move:E", "back"], script)
    assert hero(r)["pos"] == [1, 0] and r["state"]["round"] == 3
    assert [e["card"] for e in r["events"] if e["kind"] == "card_drawn"][-1] == "empty_room"


@pytest.mark.parametrize(
    ("tile", "roll", "side", "to"),
    [
        ("darkness_oww_01", 2, "N", [2, 0]),  # 2 openings, 1-3: back where he came from
        ("darkness_oww_01", 5, "W", [1, 1]),  # 4-6: the other opening
        ("darkness_owo_01", 1, "N", [2, 0]),  # 3 openings, 1-2: back
        ("darkness_owo_01", 3, "S", [2, 2]),  # 3-4: the next opening clockwise
        ("darkness_owo_01", 6, "W", [1, 1]),  # 5-6: the next one anticlockwise
    ],
)
def test_DQ_9_darkness_rolls_from_the_side_the_hero_came_in_by(
    tile: str, roll: int, side: str, to: list[int]
) -> None:
    """Chamber of Darkness: "esci da dove sei venuto" is the side the hero came in by,
    not the tile's arrow, for a hero entering an explored chamber by another opening."""
    tiles = [
        *ROOM,
        {"tile": "room_ooo_02", "at": [2, 0], "heading": "E"},
        {"tile": "room_ooo_03", "at": [1, 1], "heading": "S"},
        {"tile": tile, "at": [2, 1], "heading": "E"},  # its arrow on the west side
    ]
    script: list[dict[str, Any]] = [{"roll": roll, "label": "darkness"}]
    if to == [2, 2]:
        script.append({"draw": "room_ooo_04", "label": "tile"})
    script.append({"draw": "empty_room", "label": "room"})
    r = sc(["move:S"], script, hero={"at": [2, 0], "prev": [1, 0]}, tiles=tiles)
    stumble = next(e for e in r["events"] if e["kind"] == "stumbles")
    assert stumble["side"] == side
    assert hero(r)["pos"] == to


@pytest.mark.parametrize(
    ("tile", "half"),
    [
        ("chasm_right_01", ["move:S", "move:W"]),  # entry (west) and the right edge (south)
        ("chasm_left_01", ["move:N", "move:W"]),  # entry and the left edge (north)
    ],
)
def test_D16_chasm_leaves_only_on_the_hero_side(tile: str, half: list[str]) -> None:
    """D16: the chasm splits the tile diagonally; the hero leaves only by his half, the
    way he came or the side edge next to it (a hero on the far half, by the other two)."""
    row = [*ROOM, {"tile": "room_ooo_02", "at": [1, 1], "heading": "S"}]
    script = [{"draw": tile, "label": "tile"}, {"draw": "empty_room", "label": "room"}]
    r = sc(["move:E"], script, hero={"at": [1, 1], "prev": [1, 0]}, tiles=row)
    assert hero(r)["pos"] == [2, 1]
    assert [a for a in r["legal"] if a.startswith("move:")] == half
    assert "search" not in r["legal"]
    far = {"at": [2, 1], "prev": [3, 1]}  # came in by the east edge, the far half
    r = sc([], hero=far, tiles=[*row, {"tile": tile, "at": [2, 1], "heading": "E"}])
    other = sorted({"move:N", "move:E", "move:S", "move:W"} - set(half))
    assert [a for a in r["legal"] if a.startswith("move:")] == other


def test_D15_pit_test_when_leaving_by_option() -> None:
    """``pit_test=leaving``: no test on entry; leaving by the far side tests Agility
    (failure is death); going back the way he came is free."""
    leaving = {"pit_test": "leaving"}
    r = sc(["move:E"], [{"draw": "pit_01", "label": "tile"}], options=leaving)
    assert not any(e["kind"].startswith("test_") for e in r["events"])
    pit = [*ROOM, {"tile": "pit_01", "at": [2, 0], "heading": "E"}]
    at_pit = {"at": [2, 0], "prev": [1, 0]}
    r = sc(["move:E"], [{"roll": 6, "label": "pit"}], hero=at_pit, tiles=pit, options=leaving)
    assert hero(r)["status"] == "dead" and hero(r)["cause"] == "pit"
    script = [{"draw": "empty_room", "label": "room"}]
    r = sc(["move:W"], script, hero=at_pit, tiles=pit, options=leaving)
    assert hero(r)["pos"] == [1, 0] and not any(e["kind"].startswith("test_") for e in r["events"])


def test_D15_pit_tested_on_every_entry() -> None:
    """D15 (default): the Agility test is taken on entering the pit, from either side,
    also when the tile is already there; passed, the turn ends there."""
    pit = [*ROOM, {"tile": "pit_01", "at": [2, 0], "heading": "E"}]
    r = sc(["move:E"], [{"roll": 5, "label": "pit"}], tiles=pit)
    assert hero(r)["pos"] == [2, 0] and r["state"]["round"] == 2
    assert any(e["kind"] == "test_passed" and e["why"] == "pit" for e in r["events"])
    assert r["legal"] == ["move:E", "move:W"]  # never searched, no turn let go by there
    r = sc(["move:E"], [{"roll": 6, "label": "pit"}], tiles=pit)
    assert hero(r)["status"] == "dead" and hero(r)["cause"] == "pit"


# ---------------------------------------------------------------------------- DQ-10 --
@pytest.mark.parametrize(
    ("card", "rolls", "lost"),
    [
        ("crossfire_trap", [12], 6),
        ("vampire_bats", [5], 3),
        ("sneak_attack_orc", [10], 5),
    ],
)
def test_DQ_10_room_damage_cards(card: str, rolls: list[int], lost: int) -> None:
    more: list[dict[str, Any]] = [{"roll": x} for x in rolls]
    r = sc(["move:E"], new_room(card, *more), hero={"ring": "healing"})
    assert hero(r)["life"] == 16 - lost


@pytest.mark.parametrize(("card", "gp"), [("jewellery", 30), ("bracelet", 40)])
def test_DQ_10_D20_room_treasure(card: str, gp: int) -> None:
    r = sc(["move:E"], new_room(card))
    assert hero(r)["cards"] == [["room", card, gp]]


def test_D20_bracelet_option() -> None:
    r = sc(["move:E"], new_room("bracelet"), options={"bracelet": "100"})
    assert hero(r)["cards"] == [["room", "bracelet", 100]]


def test_DQ_10_room_potion_and_DQ_16_drinking_it() -> None:
    r = sc(["move:E", "yes"], new_room("potion"))
    assert hero(r)["potion"] == ["room", "potion"]
    r = sc(["potion"], [{"roll": 1}, {"roll": 1}], hero={"potion": True, "life": 10})
    assert hero(r)["life"] == 14 and hero(r)["potion"] is None


def test_DQ_16_a_second_potion_found_is_discarded() -> None:
    """One potion at a time: a potion found while carrying one must be discarded ("se
    ne trovi un'altra la devi scartare"): it is not offered, it goes back under its own
    deck, and the potion carried stays."""
    script = new_room("dead_adventurer", {"draw": "potion", "label": "corpse"})
    r = sc(["move:E", "yes"], script, hero={"potion": True})
    assert hero(r)["potion"] == ["room", "potion"]
    assert r["state"]["decks"]["corpse"][0] == "potion"
    assert "potion" not in r["state"]["decks"]["room"]
    assert any(e["kind"] == "potion_discarded" for e in r["events"])
    assert not any(e["kind"] == "item_kept" for e in r["events"])
    assert r["state"]["round"] == 2 and "potion" in r["legal"]
    r = sc(["move:E", "yes", "yes"], script)  # carrying none, he may keep it
    assert hero(r)["potion"] == ["corpse", "potion"]


def test_DQ_10_empty_room() -> None:
    r = sc(["move:E"], new_room("empty_room"))
    assert hero(r)["life"] == 16 and r["state"]["round"] == 2


@pytest.mark.parametrize(
    ("card", "effect"),
    [
        ("nothing", {}),
        ("rope", {"ropes": [["corpse", "rope"]]}),
        ("potion", {"potion": ["corpse", "potion"]}),
        ("gold_guineas_20", {"cards": [["corpse", "gold_guineas_20", 20]]}),
        ("gold_guineas_60", {"cards": [["corpse", "gold_guineas_60", 60]]}),
        ("necklace", {"cards": [["corpse", "necklace", 150]]}),
        ("scorpion_d6", {"life": 11}),
        ("scorpion_d6_2", {"life": 13}),
    ],
)
def test_DQ_10_corpse_deck(card: str, effect: dict[str, Any]) -> None:
    rolls = [{"roll": 5}] if card.startswith("scorpion") else []  # only a sting rolls
    script = new_room("dead_adventurer", {"draw": card, "label": "corpse"}, *rolls)
    actions = ["move:E", "yes"] + (["yes"] if card in ("rope", "potion") else [])
    r = sc(actions, script)
    check_hero(r, effect, "corpse", card)


@pytest.mark.parametrize(
    ("card", "effect", "options"),
    [
        ("empty", {}, {}),
        ("potion", {"potion": ["crypt", "potion"]}, {}),
        ("gold_guineas_50", {"cards": [["crypt", "gold_guineas_50", 50]]}, {}),
        ("brooch", {"cards": [["crypt", "brooch", 100]]}, {}),
        ("bracelet", {"cards": [["crypt", "bracelet", 120]]}, {}),
        ("jewelled_dagger", {"cards": [["crypt", "jewelled_dagger", 250]]}, {}),
        ("trap_d6", {"life": 14}, {}),
        ("trap_d12", {"life": 10}, {}),  # D19 errata: 8 + 3 - Luck 5 = 6
        ("trap_d12", {"life": 16}, {"crypt_trap": "house"}),  # 8 - 3 - 5 = 0
    ],
)
def test_DQ_10_D19_crypt_deck(card: str, effect: dict[str, Any], options: dict[str, Any]) -> None:
    rolls = [{"roll": 5 if card == "trap_d6" else 8}] if card.startswith("trap") else []
    script = new_room("crypt", {"draw": card, "label": "crypt"}, *rolls)
    actions = ["move:E", "yes"] + (["yes"] if card == "potion" else [])
    r = sc(actions, script, options=options)
    check_hero(r, effect, "crypt", card)


@pytest.mark.parametrize(("roll", "rises"), [(1, False), (3, False), (4, True), (6, True)])
def test_DQ_10_skeleton_stays_down_on_1_to_3(roll: int, rises: bool) -> None:
    """The crypt's Skeleton: D6 1-3 nothing happens (the card back under the Crypt
    deck); 4-6 it rises and is fought as a Death Warrior."""
    script = new_room("crypt", {"draw": "skeleton", "label": "crypt"}, {"roll": roll})
    r = sc(["move:E", "yes"], script)
    met = [e["monster"] for e in r["events"] if e["kind"] == "monster_appears"]
    if rises:
        assert met == ["death_warrior"] and "attack" in r["legal"]
    else:
        assert met == [] and r["state"]["round"] == 2
        assert r["state"]["decks"]["crypt"][0] == "skeleton"


@pytest.mark.parametrize(
    ("card", "rolls", "check"),
    [
        ("crossfire_trap", [10], {"life": 12}),
        ("poisonous_snake", [6], {"life": 10}),
        ("poisonous_gas", [5, 5], {"life": 14, "lost_turns": 2}),
        ("explosion", [], {"life": 12, "lost_turns": 1}),
        ("cave_in", [3, 2], {"life": 14}),
    ],
)
def test_DQ_10_trap_deck(card: str, rolls: list[int], check: dict[str, Any]) -> None:
    script: list[dict[str, Any]] = [{"draw": "trap_ooo_01", "label": "tile"}]
    script += [{"draw": card, "label": "trap"}, *({"roll": x} for x in rolls)]
    r = sc(["move:E"], script, hero={"ring": "healing"}, round=26)
    events = r["events"]
    lost = sum(e["n"] for e in events if e["kind"] == "life_lost" and e["why"] != "sunset")
    assert 16 - lost == check["life"]
    if "lost_turns" in check:
        assert any(e["kind"] == "turns_to_miss" and e["n"] == check["lost_turns"] for e in events)


@pytest.mark.parametrize(
    ("card", "check"),
    [
        ("empty", {}),
        ("gold_guineas_10", {"cards": [["search", "gold_guineas_10", 10]]}),
        ("ring", {"cards": [["search", "ring", 90]]}),
        ("jewellery", {"cards": [["search", "jewellery", 200]]}),
        ("giant_centipede", {"life": 9}),
    ],
)
def test_DQ_10_search_deck(card: str, check: dict[str, Any]) -> None:
    rolls = [{"roll": 7}] if card == "giant_centipede" else []  # only its bite rolls
    r = sc(["search"], [{"draw": card, "label": "search"}, *rolls])
    check_hero(r, check, "search", card)


def test_DQ_10_search_trap_draws_a_trap_card() -> None:
    script = [{"draw": "trap", "label": "search"}, {"draw": "explosion", "label": "trap"}]
    r = sc(["search"], script, hero={"ring": "healing"})
    assert hero(r)["life"] == 12


def test_DQ_10_D17_secret_door_through_a_wall_no_escape() -> None:
    tiles = [{"tile": "room_wow_01", "at": [1, 0], "heading": "E"}]
    script = [
        {"draw": "secret_door", "label": "search"},
        {"draw": "room_ooo_02", "label": "tile"},
        {"draw": "goblin", "label": "room"},
    ]
    r = sc(["search", "side:S"], script, tiles=tiles)
    assert hero(r)["pos"] == [1, 1]
    assert "escape" not in r["legal"] and "attack" in r["legal"]


def test_D17_no_escape_only_in_the_room_beyond_the_secret_door() -> None:
    """The ban on escaping holds for the room the secret door leads into, not for a room
    the hero walks into afterwards in the same turn (through a corridor)."""
    tiles = [{"tile": "room_wow_01", "at": [1, 0], "heading": "E"}]
    script = [
        {"draw": "secret_door", "label": "search"},
        {"draw": "corridor_ooo_01", "label": "tile"},
        {"draw": "room_ooo_02", "label": "tile"},
        {"draw": "goblin", "label": "room"},
    ]
    r = sc(["search", "side:S", "move:S"], script, tiles=tiles)
    assert hero(r)["pos"] == [1, 2]
    assert "escape" in r["legal"]


def test_DQ_10_shuffle_card_shuffles_and_draws_again() -> None:
    r = sc(
        ["search"], [{"draw": "shuffle", "label": "search"}, {"draw": "empty", "label": "search"}]
    )
    kinds = [e["kind"] for e in r["events"]]
    assert "deck_shuffled" in kinds
    assert len(r["state"]["decks"]["search"]) == 15


# --------------------------------------------------------------------- DQ-13, DQ-14 --
@pytest.mark.parametrize(
    ("monster", "card", "choice", "value"),
    [
        ("goblin", "monster_02", "attack", 0),  # 0 under Attack: the monster flees
        ("goblin", "monster_01", "wait", 0),  # 0 under Wait and See: it flees too
        ("goblin", "monster_01", "attack", 3),  # else a fight against that many LP
        ("orc", "monster_01", "wait", 4),
        ("goblin", "monster_01", "escape", 2),  # an escape that fails: fight 2 LP
    ],
)
def test_DQ_13_D7_monster_card_column_gives_flight_or_the_monsters_lp(
    monster: str, card: str, choice: str, value: int
) -> None:
    """D7: the Monster card's line for the monster and column for the reaction: 0 (not
    under Escape) the monster runs, the card goes back under the Room deck and the turn
    is over; N a fight against N LP, where Escape is no longer offered."""
    script = new_room(monster, {"draw": card, "label": "monster"})
    r = sc(["move:E", choice], script)
    h = hero(r)
    assert h["pos"] == [2, 0] and h["life"] == 16
    shown = next(e for e in r["events"] if e["kind"] == "monster_card")
    assert (shown["card"], shown["value"], shown["choice"]) == (card, value, choice)
    if value == 0:
        assert any(e["kind"] == "monster_flees" for e in r["events"])
        assert r["state"]["decks"]["room"][0] == monster and r["state"]["round"] == 2
    else:
        enc = GAME.observe(GAME.from_json(r["state"]), 0)["encounter"]
        assert (enc["monster"], enc["life"], enc["stage"]) == (monster, value, "fight")
        assert r["legal"] == ["leap_aside", "mighty_blow", "slash"]
        assert r["state"]["round"] == 1


def test_DQ_13_5_D27_escape_goes_back_and_the_card_returns() -> None:
    script = new_room("orc", {"draw": "monster_01", "label": "monster"})
    r = sc(["move:E", "escape"], script)
    assert hero(r)["pos"] == [1, 0]
    assert r["state"]["decks"]["room"][0] == "orc"


def test_DQ_13_5_no_escape_back_to_a_square_not_yet_explored() -> None:
    """A position file may start a hero as if he came from an unexplored square; an
    escape there found no tile (KeyError in the rules), now it is not offered."""
    hero_from = {**HERO, "prev": [2, 0]}  # east of the room: no tile there
    s = GAME.from_position(GAME.make_config(1), {"heroes": [hero_from], "tiles": ROOM}, RNG(0))
    assert tuple(s.heroes[0].prev) not in s.board
    assert not GAME.may_escape(s, 0)
    s = GAME.from_position(GAME.make_config(1), {"heroes": [HERO], "tiles": ROOM}, RNG(0))
    assert GAME.may_escape(s, 0)  # from the tower he came from, he may


@pytest.mark.parametrize(
    ("tile", "after", "check"),
    [
        ("trap_ooo_01", [{"draw": "explosion", "label": "trap"}], {"life": 12}),
        ("pit_01", [{"roll": 12, "label": "pit"}], {"status": "dead", "cause": "pit"}),
        ("room_ooo_02", [], {"life": 16, "status": "in"}),  # a room: no Room card
    ],
)
def test_DQ_13_5_an_escape_back_onto_a_special_tile_meets_its_rule(
    tile: str, after: list[dict[str, Any]], check: dict[str, Any]
) -> None:
    """DQ-13.5: the hero escaping draws no Room card where he lands, but a special
    tile's rules still apply there (a Trap tile's card, a pit's Agility test)."""
    script = [
        {"draw": "room_ooo_03", "label": "tile"},
        {"draw": "orc", "label": "room"},
        {"draw": "monster_01", "label": "monster"},  # the orc's Escape column: 0, away
        *after,
    ]
    tiles = [{"tile": tile, "at": [1, 0], "heading": "E"}]
    r = sc(["move:E", "escape"], script, tiles=tiles)
    kinds = [e["kind"] for e in r["events"]]
    assert "escaped_monster" in kinds
    assert [e["deck"] for e in r["events"] if e["kind"] == "card_drawn"][1:] == (
        ["trap"] if tile.startswith("trap") else []
    )
    h = hero(r)
    for k, v in check.items():
        assert h[k] == v, (k, h[k])


def test_DQ_13_4_D6_combat_round_symmetric_table() -> None:
    script = new_room(
        "champion_of_chaos",
        {"draw": "monster_01", "label": "monster"},
        {"choice": "mighty_blow", "label": "monster counter"},
    )
    r = sc(["move:E", "attack", "slash"], script)
    rnd = next(e for e in r["events"] if e["kind"] == "combat_round")
    assert (rnd["hero_loses"], rnd["monster_loses"]) == (2, 0)
    r = sc(["move:E", "attack", "slash"], script, options={"combat_table": "asymmetric"})
    rnd = next(e for e in r["events"] if e["kind"] == "combat_round")
    assert (rnd["hero_loses"], rnd["monster_loses"]) == (1, 0)


def test_DQ_13_6_D9_sneak_attack_strikes_then_fights_no_escape() -> None:
    r = sc(
        ["move:E"],
        new_room("sneak_attack_troll", {"roll": 9}, {"draw": "monster_01", "label": "monster"}),
        hero={"ring": "blinding"},
    )
    assert hero(r)["life"] == 12 and not hero(r)["ring_used"]  # D12 9 - Luck 5
    assert r["legal"] == ["leap_aside", "mighty_blow", "slash"]
    shown = next(e for e in r["events"] if e["kind"] == "monster_card")
    assert (shown["choice"], shown["value"]) == ("attack", 3)  # the troll's Attack column
    enc = GAME.observe(GAME.from_json(r["state"]), 0)["encounter"]
    assert (enc["monster"], enc["life"]) == ("mountain_troll", 3)


@pytest.mark.parametrize("deck", ["room", "trap"])
def test_D19_a_trapdoor_fall_costs_no_life(deck: str) -> None:
    """D19: falling through a Trapdoor hurts nothing; the hero is held, his turn over."""
    if deck == "room":
        script = new_room("trapdoor", {"roll": 12, "label": "trapdoor"})
    else:
        tile = {"draw": "trap_ooo_01", "label": "tile"}
        script = [tile, {"draw": "trapdoor", "label": "trap"}, {"roll": 12, "label": "trapdoor"}]
    r = sc(["move:E"], script, hero={"ring": "healing"})
    kinds = [e["kind"] for e in r["events"]]
    fell = kinds.index("test_failed")
    assert kinds[fell + 1 : fell + 3] == ["turn_over", "sun_moves"]
    assert hero(r)["life"] == 16 and "life_lost" not in kinds
    assert "released" in kinds  # (the next turn's test, from the seed, let him out)


def test_D8_left_player_picks_the_monster_counter_in_secret() -> None:
    script = new_room("champion_of_chaos", {"draw": "monster_01", "label": "monster"})
    r = sc(
        ["move:E", "attack", "counter:slash"],
        script,
        players=2,
        options={"monster_counter": "left_player"},
    )
    assert r["legal"] == ["leap_aside", "mighty_blow", "slash"]
    assert "slash" not in str(GAME.observe(GAME.from_json(r["state"]), 0).get("encounter"))


def test_DQ_14_D10_bow_wounds_before_the_monster_card() -> None:
    script = new_room(
        "orc",
        {"roll": 3, "label": "arrow"},
        {"roll": 4, "label": "arrow"},
        {"draw": "monster_02", "label": "monster"},
    )
    r = sc(["move:E", "shoot", "attack"], script, hero={"id": "el_adoran"})
    enc = GAME.observe(GAME.from_json(r["state"]), 0)["encounter"]
    assert enc["life"] == 1  # 3 LP on the card, 2 (half of 4) from the arrow


def test_D10_one_arrow_after_the_monster_card_even_if_none_before() -> None:
    """D10: one arrow before the reaction and one after the Monster card; an arrow not
    shot before is not carried over to after the card."""
    script = new_room(
        "orc",
        {"draw": "monster_02", "label": "monster"},
        {"roll": 1, "label": "arrow"},  # a miss
        {"choice": "slash", "label": "monster counter"},
    )
    r = sc(["move:E", "no", "attack", "shoot"], script, hero={"id": "el_adoran"})
    assert sum(e["kind"] == "arrow" for e in r["events"]) == 1
    assert r["legal"] == ["leap_aside", "mighty_blow", "slash"]
    script = new_room(
        "orc",
        {"roll": 1, "label": "arrow"},
        {"draw": "monster_02", "label": "monster"},
        {"roll": 2, "label": "arrow"},
        {"choice": "slash", "label": "monster counter"},
    )
    r = sc(["move:E", "shoot", "attack", "shoot"], script, hero={"id": "el_adoran"})
    assert sum(e["kind"] == "arrow" for e in r["events"]) == 2
    assert r["legal"] == ["leap_aside", "mighty_blow", "slash"]


def test_DQ_14_champion_survives_one_killed_result() -> None:
    script = new_room("champion_of_chaos", {"roll": 6, "label": "arrow"})
    r = sc(["move:E", "shoot"], script, hero={"id": "el_adoran"})
    assert not any(e["kind"] == "monster_killed" for e in r["events"])
    assert any(e["kind"] == "monster_hit" and e["n"] == 3 for e in r["events"])
    script = new_room(  # a second Killed result, after the card (7 - 3 = 4 LP), kills it
        "champion_of_chaos",
        {"roll": 5, "label": "arrow"},
        {"draw": "monster_01", "label": "monster"},
        {"roll": 6, "label": "arrow"},
    )
    r = sc(["move:E", "shoot", "attack", "shoot"], script, hero={"id": "el_adoran"})
    assert any(e["kind"] == "monster_killed" for e in r["events"])
    assert hero(r)["life"] == 11 and r["state"]["round"] == 2


# ---------------------------------------------------------------------- DQ-15, DQ-19 --
@pytest.mark.parametrize(
    ("deck", "card"),
    [
        ("room", "crossfire_trap"),
        ("room", "trapdoor"),
        ("room", "cave_in"),
        ("trap", "crossfire_trap"),
        ("trap", "trapdoor"),
        ("trap", "cave_in"),
    ],
)
def test_DQ_15_D14_warning_covers_trap_cards(deck: str, card: str) -> None:
    """D14: the Ring of Warning cancels the Crossfire Trap, Trapdoor and Cave-In cards
    (from the Room deck, or the Trap deck once the Trap tile itself was let be), once."""
    if deck == "room":
        script, actions = new_room(card), ["move:E", "ring"]
    else:
        script = [{"draw": "trap_ooo_01", "label": "tile"}, {"draw": card, "label": "trap"}]
        actions = ["move:E", "no", "ring"]
    r = sc(actions, script, hero={"ring": "warning"})
    h = hero(r)
    assert h["life"] == 16 and h["ring_used"] and h["held"] == [] and h["status"] == "in"
    assert r["state"]["round"] == 2
    assert sorted(r["state"]["decks"][deck]) == sorted(GAME.deck_ids[deck])


def test_DQ_15_D14_warning_on_a_trap_tile_draws_no_trap_card() -> None:
    """The Ring of Warning used on entering a Trap tile: no Trap card at all, the turn
    ends there; on a later entry, the ring spent, the Trap card is drawn."""
    script = [{"draw": "trap_ooo_01", "label": "tile"}]
    r = sc(["move:E", "ring"], script, hero={"ring": "warning"})
    assert not any(e["kind"] == "card_drawn" for e in r["events"])
    assert hero(r)["ring_used"] and hero(r)["pos"] == [2, 0] and r["state"]["round"] == 2
    assert r["state"]["decks"]["trap"] == list(GAME.deck_ids["trap"])
    script += [{"draw": "empty_room", "label": "room"}, {"draw": "explosion", "label": "trap"}]
    r = sc(["move:E", "ring", "move:W", "move:E"], script, hero={"ring": "warning"})
    assert [e["card"] for e in r["events"] if e["kind"] == "card_drawn"][-1] == "explosion"
    assert hero(r)["life"] == 12


def test_D14_warning_is_not_offered_for_other_cards_nor_twice() -> None:
    r = sc(["move:E"], new_room("vampire_bats", {"roll": 3}), hero={"ring": "warning"})
    assert not any(e["kind"] == "ring_used" for e in r["events"])
    assert hero(r)["life"] == 15 and not hero(r)["ring_used"]
    script = [
        *new_room("crossfire_trap"),
        {"draw": "room_ooo_03", "label": "tile"},
        {"draw": "crossfire_trap", "label": "room"},
        {"roll": 12},
    ]
    r = sc(["move:E", "ring", "move:E"], script, hero={"ring": "warning"})
    assert hero(r)["life"] == 10  # the second one hits: D12 12 - Armour 6


def test_DQ_19_D21_richest_escaped_hero_wins() -> None:
    """The richest heroes out win; a tie shares the win, each of k tied heroes scoring
    1/k, so that a win shared is worth less than a win alone."""
    s = GAME.new(GAME.make_config(2, heroes="sir_rohan,volrik"), 1)
    a, b = s.heroes
    a.status, b.status = "escaped", "escaped"
    a.treasure, b.treasure = [300], [300]
    s.phase = "over"
    assert GAME.returns(s) == (0.5, 0.5)
    b.status = "dead"
    assert GAME.returns(s) == (1.0, 0.0)
    s = GAME.new(GAME.make_config(3, heroes="sir_rohan,volrik,ulv_grimhand"), 1)
    for h, status in zip(s.heroes, ("escaped", "escaped", "dead"), strict=True):
        h.status = status
    s.phase = "over"
    assert GAME.returns(s) == (0.5, 0.5, 0.0)  # both out empty-handed
    s.heroes[2].status = "escaped"
    assert GAME.returns(s) == pytest.approx((1 / 3, 1 / 3, 1 / 3))


def two_heroes_in_round_2(rival: str) -> Any:
    """Ulv Grimhand in the north-west tower at round 2, empty-handed, to act, a room
    east of him; Volrik, empty-handed, in his tower (``in``) or already out."""
    heroes = [{"id": "ulv_grimhand", "ring": "opening", "at": [0, 0]}]
    heroes.append({"id": "volrik", "ring": "healing", "at": [0, 9]})
    position = {"heroes": heroes, "tiles": ROOM, "round": 2, "active": 0}
    data = {"game": "dungeonquest", "config": {"players": 2}, "position": position}
    s = GAME.from_json(run({**data, "actions": []}, "test")["state"])
    s.heroes[1].status = rival
    return s


@pytest.mark.parametrize("rival", ["in", "escaped"])
def test_DQ_19_D21_two_heroes_the_ai_goes_for_treasure_not_out_empty_handed(
    rival: str,
) -> None:
    """With two heroes, leaving at round 2 with nothing at most shares the win (half a
    win, ``returns``) or waits on the other hero finding nothing (``heuristic``): a step
    in for treasure is worth more, and the default AI takes it. (Leaving once counted as
    a full win, and the AI hero left at once, empty-handed.)"""
    s = two_heroes_in_round_2(rival)
    d = GAME.decision(s)
    assert d is not None and d.player == 0 and {"leave", "move:E"} <= set(d.actions)
    out = s.clone()
    GAME.apply(out, "leave")
    assert out.heroes[0].status == "escaped" and out.heroes[0].gp == 0
    over = GAME.decision(out) is None
    assert over == (rival == "escaped")
    left = GAME.returns(out)[0] if over else GAME.heuristic(out, 0)
    deeper = s.clone()
    deeper.heroes[0].pos = (1, 0)
    assert GAME.heuristic(deeper, 0) > left
    for seed in range(3):
        agent = make_agent(GAME.agent_spec("mcts", "standard"), seed)
        assert agent.act(GAME, s.clone(), d) != "leave"


def test_DQ_19_D21_two_heroes_the_heuristic_weighs_treasure_against_the_other_hero() -> None:
    """Behind the other hero (200 GP, still inside) the hero is pulled towards the
    Treasure Chamber; richer than him, towards the tower; and out of the dungeon a lead
    is worth more than a tie, a tie more than trailing."""
    s = two_heroes_in_round_2("in")
    s.round = 5
    s.heroes[1].treasure = [200]
    me = s.heroes[0]

    def at(square: tuple[int, int]) -> float:
        me.pos = square
        return float(GAME.heuristic(s, 0))

    assert at((4, 1)) > at((2, 0))  # nearer the chamber beats nearer the tower
    me.treasure = [210]
    assert at((2, 0)) > at((4, 1))
    me.status = "escaped"
    values = []
    for gp in (210, 200, 100):
        me.treasure = [gp]
        values.append(GAME.heuristic(s, 0))
    assert values[0] > values[1] > values[2]


def test_DQ_19_D21_two_heroes_the_way_to_a_tower_goes_round_walls() -> None:
    """The heuristic's way out follows the placed tiles' openings: Ulv, richer than
    Volrik, stands at (1,0) next to the north-west tower, but with a wall on that side
    his way is 3 squares, round by (1,1) and (0,1), not 1, and the position is worth
    less than the same one with an opening there."""

    def ulv_at_1_0(room: str) -> Any:
        heroes = [{"id": "ulv_grimhand", "ring": "opening", "at": [1, 0]}]
        heroes.append({"id": "volrik", "ring": "healing", "at": [0, 9]})
        tiles = [
            {"tile": "room_ooo_01", "at": [0, 1], "heading": "S"},
            {"tile": "room_ooo_02", "at": [1, 1], "heading": "E"},
            {"tile": room, "at": [1, 0], "heading": "N"},
        ]
        position = {"heroes": heroes, "tiles": tiles, "round": 5, "active": 0}
        data = {"game": "dungeonquest", "config": {"players": 2}, "position": position}
        s = GAME.from_json(run({**data, "actions": []}, "test")["state"])
        s.heroes[0].treasure = [300]
        return s

    walled, open_ = ulv_at_1_0("room_wwo_01"), ulv_at_1_0("room_ooo_03")
    assert GAME.way_out(walled, (1, 0)) == 3 and GAME.way_out(open_, (1, 0)) == 1
    assert GAME.heuristic(walled, 0) < GAME.heuristic(open_, 0)


def test_DQ_19_D21_solo_escaping_alive_wins() -> None:
    """D21: the solo goal is escaping alive ("per vincere ... deve ritornare in una Stanza
    Torre prima che il sole tramonti"), treasure or not; dying or staying in loses;
    ``solo_target=1`` asks for some treasure too."""
    r = sc(["move:W", "leave"])  # straight out, empty-handed
    assert hero(r)["status"] == "escaped" and hero(r)["treasure"] == []
    assert r["state"]["phase"] == "over"
    assert GAME.returns(GAME.from_json(r["state"])) == (1.0,)
    assert GAME.observe(GAME.from_json(r["state"]), 0)["result"] == [1.0]
    s = GAME.new(GAME.make_config(1, heroes="volrik"), 1)
    s.heroes[0].status, s.phase = "dead", "over"
    s.heroes[0].treasure = [100]
    assert GAME.returns(s) == (0.0,)
    s = GAME.new(GAME.make_config(1, heroes="volrik", solo_target="1"), 1)
    s.heroes[0].status, s.phase = "escaped", "over"
    assert GAME.returns(s) == (0.0,)
    s.heroes[0].treasure = [100]
    assert GAME.returns(s) == (1.0,)


def test_DQ_19_D21_solo_target_option_raises_the_bar() -> None:
    """RF's harder solo goal: bring out at least ``solo_target`` GP (from -o, a string)."""
    cfg = GAME.make_config(1, heroes="volrik", solo_target="500")
    s = GAME.new(cfg, 1)
    assert s.opts.solo_target == 500
    s.heroes[0].status, s.heroes[0].treasure, s.phase = "escaped", [300], "over"
    assert GAME.returns(s) == (0.0,)
    s.heroes[0].treasure = [300, 200]
    assert GAME.returns(s) == (1.0,)


def test_D25_dead_heroes_lose_everything() -> None:
    """D25: a dead hero's treasure and items leave the game with him (not back in the
    cup or the decks)."""
    r = sc(["move:E"], new_room("cave_in", {"roll": 1}), hero={"treasure": [500], "rope": True})
    h = hero(r)
    assert h["status"] == "dead" and h["treasure"] == [] and h["ropes"] == []
    assert 500 not in r["state"]["cup"]
    ropes = GAME.deck_ids["corpse"].count("rope")
    assert r["state"]["decks"]["corpse"].count("rope") == ropes - 1


# ------------------------------------------------------------------- hidden information --
def test_observe_hides_the_pile_and_deck_order() -> None:
    s = GAME.new(GAME.make_config(2), 4)
    text = str(GAME.observe(s, 0))
    assert not any(t in text for t in s.pile)
    det = GAME.determinize(s, 0, RNG(9))
    assert sorted(det.pile) == sorted(s.pile) and det.rng != s.rng


def test_determinize_redeals_the_pile_through_its_fresh_rng() -> None:
    """The pile is drawn at random one tile at a time, so a determinized copy's own RNG
    re-deals it: its next tile varies from copy to copy."""
    s = GAME.new(GAME.make_config(1), 4)
    nxt = set()
    for seed in range(12):
        det = GAME.determinize(s, 0, RNG(seed))
        nxt.add(GAME.draw(det, det.pile, "tile"))
    assert len(nxt) > 6


def test_DQ_3_DQ_19_random_games_end_as_the_rules_say() -> None:
    """Random play, 1-4 heroes: turns in table order every round, the sun sets after round
    26 with nobody left inside (in a tower: out; elsewhere: dead of the sunset), or
    everyone is out before; no two heroes share a square but in the Chamber; LP within
    limits; every card back in its deck or with a hero (DQ-1) while nobody has died."""
    full = {d: sorted(ids) for d, ids in GAME.deck_ids.items()}
    for seed in range(40):
        s = GAME.new(GAME.make_config(1 + seed % 4), seed)
        rng = RNG(seed)
        turns: list[tuple[int, int]] = []
        while (d := GAME.decision(s)) is not None:
            if s.phase == "play":
                if not turns or turns[-1] != (s.round, s.active):
                    turns.append((s.round, s.active))
                squares = [h.pos for h in s.heroes if h.status == "in"]
                shared = [q for q in squares if squares.count(q) > 1]
                assert all(GAME.printed.get(q) == "chamber" for q in shared)
                for h in s.heroes:
                    assert h.status != "in" or 0 < h.life <= GAME.heroes[h.id].life
            inside = [  # where the others stand when the sun may set (not the mover)
                (k, h.pos, h.moved)
                for k, h in enumerate(s.heroes)
                if h.status == "in" and k != s.active
            ]
            events = GAME.apply(s, d.actions[rng.below(len(d.actions))])
            if any(e.kind == "sunset" for e in events):
                for k, pos, moved in inside:
                    h = s.heroes[k]
                    if h.status == "escaped" and any(
                        e.kind == "hero_escaped" and e.data["hero"] == k for e in events
                    ):
                        assert GAME.printed.get(pos) == "tower" and moved
                    elif h.status == "dead" and h.cause == "sunset":
                        assert GAME.printed.get(pos) != "tower" or not moved
        assert s.phase == "over" and s.round <= 27
        for rnd in {r for r, _ in turns}:
            seats = [k for r, k in turns if r == rnd]
            assert seats == [k for k in s.order if k in seats]
        assert all(h.status != "in" for h in s.heroes)
        if s.reason == "sunset":
            assert s.round == 27
        else:
            assert s.reason == "all out" and not any(h.cause == "sunset" for h in s.heroes)
        if all(h.status == "escaped" for h in s.heroes):
            for deck, ids in full.items():
                got = list(s.decks[deck])
                for h in s.heroes:
                    got += [h.potion[1]] if h.potion and h.potion[0] == deck else []
                    got += [c for dk, c in h.ropes if dk == deck]
                    got += [c for dk, c, _ in h.cards if dk == deck]
                assert sorted(got) == ids, deck


# ------------------------------------------------------------- DQ-11 leaving the wrath --
CHAMBER_WEST = [
    {"tile": "room_ooo_01", "at": [5, 5], "heading": "W"},
    {"tile": "room_ddd_01", "at": [5, 4], "heading": "N"},
]


def test_DQ_11_D11_driven_out_a_failed_portcullis_costs_another_breath() -> None:
    r = sc(
        ["stay", "out:W", "out:W"],
        [
            {"draw": "awake", "label": "dragon"},
            {"roll": 5, "label": "dragon"},
            {"roll": 12, "label": "portcullis"},
            {"roll": 3, "label": "dragon"},
            {"roll": 2, "label": "portcullis"},
        ],
        hero={"at": [6, 4], "prev": [5, 4], "ring": "warning"},
        tiles=[{"tile": "portcullis_ooo_01", "at": [5, 4], "heading": "W"}],
        dragon_out=6,
        expect={
            "events": [
                {"kind": "driven_out"},
                {"kind": "portcullis_holds"},
                {"kind": "drive_blocked"},
                {"kind": "life_lost", "n": 3, "left": 8},
                {"kind": "portcullis_lifted"},
                {"kind": "moved", "square": [5, 4]},
            ]
        },
    )
    assert hero(r)["pos"] == [5, 4] and hero(r)["life"] == 8


def test_DQ_11_D11_a_jammed_door_holds_back_a_hero_driven_out_on_another_turn() -> None:
    """The Door card's end of turn does not end the drawer's turn: it sends the other hero
    back to the dragon for another breath."""
    data = {
        "game": "dungeonquest",
        "config": {"players": 2},
        "position": {
            "heroes": [
                {"id": "ulv_grimhand", "ring": "warning", "at": [6, 5], "prev": [5, 5]},
                {"id": "volrik", "ring": "healing", "at": [6, 4], "prev": [5, 4]},
            ],
            "tiles": CHAMBER_WEST,
            "dragon_out": 6,
            "active": 0,
        },
        "script": [
            {"draw": "awake", "label": "dragon"},
            {"roll": 3, "label": "dragon"},
            {"roll": 2, "label": "dragon"},
            {"draw": "door_jammed", "label": "door"},
            {"roll": 1, "label": "dragon"},
            {"draw": "door_opens", "label": "door"},
        ],
        "actions": ["stay", "out:W", "out:W", "out:W"],
        "expect": {
            "events": [
                {"kind": "dragon_wakes", "hero": 0},
                {"kind": "moved", "hero": 0, "square": [5, 5]},
                {"kind": "card_drawn", "hero": 1, "card": "door_jammed"},
                {"kind": "drive_blocked", "hero": 1},
                {"kind": "life_lost", "hero": 1, "n": 1, "left": 12},
                {"kind": "moved", "hero": 1, "square": [5, 4]},
            ]
        },
    }
    r = run(data, "test")
    assert r["failures"] == [], r["failures"]
    assert hero(r, 0)["life"] == 13 and hero(r, 1)["life"] == 12


# ------------------------------------------------------------- DQ-18 expansion heroes --
def test_DQ_18_rildo_mighty_blow_takes_one_lp_off_a_slash() -> None:
    script = new_room(
        "champion_of_chaos",
        {"draw": "monster_01", "label": "monster"},
        {"choice": "slash", "label": "monster counter"},
    )
    rounds = {}
    for who in ("ulv_grimhand", "rildo"):
        r = sc(
            ["move:E", "attack", "mighty_blow"],
            script,
            hero={"id": who},
            options={"expansion_heroes": True},
        )
        rnd = next(e for e in r["events"] if e["kind"] == "combat_round")
        rounds[who] = (rnd["hero_loses"], rnd["monster_loses"])
    assert rounds == {"ulv_grimhand": (0, 2), "rildo": (0, 1)}


def test_DQ_18_daggers_and_shuriken_are_not_thrown() -> None:
    """Their rule is not known (facts 18.2): the heroes are offered no shot."""
    script = new_room("orc")  # (no Monster card: the question is asked before any is drawn)
    for who in ("rildo", "tori_jima"):
        r = sc(["move:E"], script, hero={"id": who}, options={"expansion_heroes": True})
        assert "shoot" not in r["legal"]


def test_D20_bracelet_option_as_the_command_line_reads_it() -> None:
    """``-o bracelet=100`` reaches the game as the number 100: it was refused."""
    from tavolo.cli.common import parse_options

    config = GAME.make_config(1, **parse_options(["bracelet=100"], "en"))
    assert config.options["bracelet"] == "100"
    r = sc(["move:E"], new_room("bracelet"), options={"bracelet": 100})
    assert hero(r)["cards"] == [["room", "bracelet", 100]]


# ----------------------------------------------------------------------------- DQ-8 --
def test_DQ_8_a_new_game_draws_from_the_115_base_tiles() -> None:
    """The pile a game draws its tiles from is the base set, 115 tiles by type (the
    Catacombs' 20 only by option), and a tile laid leaves it."""
    s = GAME.new(GAME.make_config(1, heroes="volrik"), 5)
    assert len(s.pile) == len(set(s.pile)) == 115
    assert Counter(GAME.tile_by_id[t].kind for t in s.pile) == BASE_KINDS
    more = GAME.new(GAME.make_config(1, heroes="volrik", catacombs_tiles=True), 5)
    assert len(more.pile) == 135 and set(s.pile) < set(more.pile)
    r = sc(["move:E"], new_room("empty_room"))
    assert len(r["state"]["pile"]) == 114 - 1  # ROOM's tile and the one laid
    assert "room_ooo_02" not in r["state"]["pile"] and "room_ooo_01" not in r["state"]["pile"]


def test_DQ_8_every_tile_laid_reads_left_ahead_right_from_its_arrow() -> None:
    """Each of the 115 tiles, laid as a hero steps east into an empty square, opens back
    onto the square he came from (a portcullis on the entry edge of portcullis tiles
    only) and shows its pattern's left on the north, ahead on the east, right on the
    south; so the tile set's exit patterns are what the heroes meet."""
    s = GAME.from_position(GAME.make_config(1), {"heroes": [HERO], "tiles": ROOM}, RNG(0))
    patterns: Counter[tuple[str, str]] = Counter()
    for tid in GAME.tile_ids(False):
        c = s.clone()
        c.pile = [tid]
        GAME.lay_tile(c, 0, (2, 0), 1, [])
        tile = c.board[(2, 0)].tile
        assert tile.id == tid
        n, e, south, w = GAME.edges(c, (2, 0))
        assert w == ("P" if tile.kind == "portcullis" else "O"), tid
        assert GAME.passage(c, (1, 0), 1) == ("P" if tile.kind == "portcullis" else ""), tid
        patterns[tile.kind, n + e + south] += 1
    assert patterns == {  # facts 8.2, the room four-way once more (D18)
        **{("room", x): n for x, n in ROOMS.items()},
        **{("corridor", x): 2 for x in ("OOO", "OOW", "WOO", "OWO", "WOW", "OWW", "WWO")},
        ("trap", "OOO"): 3,
        ("trap", "OOW"): 1,
        ("trap", "WOO"): 1,
        **{("portcullis", x): 2 for x in ("OOO", "OOW", "WOO", "OWO", "WOW")},
        ("portcullis", "WWW"): 1,
        ("portcullis", "ODO"): 1,
        ("portcullis", "WDW"): 1,
        ("rotating", "WWW"): 5,
        ("chasm", "OOO"): 2,
        ("pit", "WOW"): 2,
        ("darkness", "OWO"): 2,
        ("darkness", "OWW"): 1,
        ("darkness", "WWO"): 1,
        ("cave_in", "WOW"): 2,
        ("cave_in", "OOO"): 2,
    }
    assert sum(patterns.values()) == 115


# ---------------------------------------------------------------------------- DQ-12 --
@pytest.mark.parametrize(("roll", "lost"), [(1, 0), (2, 0), (3, 1), (6, 4)])
def test_DQ_12_vampire_bats_bite_d6_minus_2_and_no_fight_follows(roll: int, lost: int) -> None:
    """Bats only strike (D6 - 2, below 0 is 0): no Monster card, no Ring of Blinding to
    offer, no reaction to choose; the turn ends in the room as after any Room card."""
    r = sc(["move:E"], new_room("vampire_bats", {"roll": roll}), hero={"ring": "blinding"})
    h = hero(r)
    assert h["life"] == 16 - lost and h["pos"] == [2, 0] and not h["ring_used"]
    kinds = [e["kind"] for e in r["events"]]
    assert "creature" in kinds
    assert not {"monster_appears", "monster_card", "combat_round"} & set(kinds)
    assert r["state"]["round"] == 2 and r["legal"] == [
        "move:E",
        "move:S",
        "move:W",
        "search",
        "wait",
    ]
    assert sorted(r["state"]["decks"]["room"]) == sorted(GAME.deck_ids["room"])


@pytest.mark.parametrize(("roll", "away"), [(1, False), (2, False), (3, True), (6, True)])
def test_DQ_12_the_spider_is_fled_on_3_to_6_else_fought(roll: int, away: bool) -> None:
    """Flight: D6 3-6 back to the square he came from, as an escape (no card there), the
    spider's card back under the Room deck; 1-2 he must fight it, with no second try."""
    script = new_room("giant_spider", {"roll": roll, "label": "giant_spider"})
    r = sc(["move:E", "flee"], script)
    h = hero(r)
    if away:
        assert h["pos"] == [1, 0] and h["held"] == [] and h["life"] == 16
        assert r["state"]["decks"]["room"][0] == "giant_spider"
        assert [e["deck"] for e in r["events"] if e["kind"] == "card_drawn"] == ["room"]
    else:
        assert h["pos"] == [2, 0] and h["held"] == [["room", "giant_spider"]]
        assert r["legal"] == ["fight"]


def test_DQ_12_the_spider_fight_lasts_turn_after_turn_until_it_dies() -> None:
    """Fighting: three numbers called on a D6; a miss costs 1 LP and the turn, and the
    next turn starts with the spider again (no potion then, no moving away); a match
    kills it, its card goes back under the Room deck and the turn goes on."""
    misses = [{"roll": 4, "label": "call"}, {"roll": 5, "label": "call"}]
    r = sc(["move:E", "fight", "fight"], new_room("giant_spider", *misses), hero={"potion": True})
    h = hero(r)
    assert h["life"] == 14 and r["state"]["round"] == 3 and h["pos"] == [2, 0]
    assert r["legal"] == ["fight"]  # the third turn: the spider again, no potion
    script = new_room("giant_spider", *misses, {"roll": 3, "label": "call"})
    r = sc(["move:E", "fight", "fight", "fight"], script, hero={"potion": True})
    h = hero(r)
    assert h["life"] == 14 and h["held"] == [] and r["state"]["round"] == 3
    assert any(e["kind"] == "monster_killed" for e in r["events"])
    assert r["state"]["decks"]["room"][0] == "giant_spider"
    assert "potion" in r["legal"] and "move:E" in r["legal"]


@pytest.mark.parametrize(
    ("rolls", "killed"),
    [([1, 2, 3, 4], False), ([4, 5], True), ([6], True)],
)
def test_DQ_12_el_adoran_shoots_four_arrows_at_the_spider(rolls: list[int], killed: bool) -> None:
    """El-Adoran may shoot instead: up to 4 arrows, each D6, 5-6 kills; if none kills,
    he loses 1 LP and his turn is over."""
    script = new_room("giant_spider", *({"roll": x, "label": "arrow"} for x in rolls))
    r = sc(["move:E", "shoot"], script, hero={"id": "el_adoran"})
    h = hero(r)
    arrows = [e for e in r["events"] if e["kind"] == "arrow_at_spider"]
    assert [e["roll"] for e in arrows] == rolls
    if killed:
        assert h["life"] == 11 and h["held"] == [] and h["pos"] == [2, 0]
        assert r["state"]["decks"]["room"][0] == "giant_spider"
    else:
        assert h["life"] == 10 and h["held"] == [["room", "giant_spider"]]
        assert r["state"]["round"] == 2 and r["legal"] == ["fight", "shoot"]


# ---------------------------------------------------------------------------- DQ-17 --
def test_DQ_17_treasure_counters_come_blind_out_of_the_cup() -> None:
    """The cup holds the 32 counters (30,000 GP); a sleeping dragon's two counters leave
    it and go to the hero face up."""
    s = GAME.new(GAME.make_config(1, heroes="volrik"), 2)
    assert len(s.cup) == 32 and sum(s.cup) == 30_000
    assert GAME.observe(s, 0)["cup"] == 32
    script = [
        {"draw": "asleep", "label": "dragon"},
        {"draw": 3800, "label": "treasure"},
        {"draw": 200, "label": "treasure"},
    ]
    r = sc(["stay"], script, hero={"at": [6, 4], "prev": [5, 4]}, tiles=CHAMBER_WEST[:1])
    cup = r["state"]["cup"]
    assert hero(r)["treasure"] == [3800, 200]
    assert len(cup) == 30 and sum(cup) == 30_000 - 4000 and 3800 not in cup
    assert cup.count(200) == 1


def test_DQ_17_treasure_cards_count_and_items_do_not() -> None:
    """A hero's treasure is his counters and his treasure cards together (the Room deck's
    jewellery, 30 GP, on top of a 200 counter: 230 GP out); a potion, a rope and a ring
    are no treasure: carried out alone, they do not meet a solo target of any treasure."""
    tiles = [*ROOM, {"tile": "room_ooo_02", "at": [2, 0], "heading": "E"}]
    script = [{"draw": "jewellery", "label": "room"}, {"draw": "empty_room", "label": "room"}]
    r = sc(["move:E", "move:W", "move:W", "leave"], script, hero={"treasure": [200]}, tiles=tiles)
    h = hero(r)
    assert h["status"] == "escaped" and h["cards"] == [["room", "jewellery", 30]]
    out = next(e for e in r["events"] if e["kind"] == "hero_escaped")
    assert out["gp"] == 230 and r["state"]["phase"] == "over"
    assert GAME.returns(GAME.from_json(r["state"])) == (1.0,)
    any_treasure = {"solo_target": 1}
    r = sc(["move:W", "leave"], hero={"potion": True, "rope": True}, options=any_treasure)
    h = hero(r)
    assert h["status"] == "escaped" and h["potion"] and h["ropes"] and h["ring"]
    assert GAME.returns(GAME.from_json(r["state"])) == (0.0,)
    assert next(e for e in r["events"] if e["kind"] == "hero_escaped")["gp"] == 0


def test_DQ_17_cards_outweigh_a_bigger_counter_when_the_richest_wins() -> None:
    """Two heroes out: the one whose cards and counters add up to more wins, even if the
    other holds the single biggest counter."""
    s = GAME.new(GAME.make_config(2, heroes="sir_rohan,volrik"), 1)
    a, b = s.heroes
    a.status, b.status, s.phase = "escaped", "escaped", "over"
    a.treasure = [300]
    b.treasure, b.cards = [200], [("search", "ring", 90), ("room", "jewellery", 30)]
    assert (a.gp, b.gp) == (300, 320)
    assert GAME.returns(s) == (0.0, 1.0)


# ---------------------------------------------------------------------------- D13 --
@pytest.mark.parametrize(
    ("dice", "life"),
    [
        ((1, 1), 13),  # 2: +4
        ((1, 2), 12),  # 3: +3
        ((2, 2), 11),  # 4: +2
        ((2, 3), 10),  # 5: +1
        ((3, 3), 9),  # 6-9: nothing
        ((4, 5), 9),
        ((4, 6), 7),  # 10: -2
        ((5, 6), 5),  # 11: half the current LP, rounded down (9 -> 5)
        ((6, 6), 0),  # 12: death
    ],
)
def test_D13_potion_table_on_2d6(dice: tuple[int, int], life: int) -> None:
    """D13: the placeholder table, rolled on 2D6 (not D12); the potion's card goes back
    under the Room deck and the turn goes on."""
    script = [{"roll": dice[0], "label": "potion"}, {"roll": dice[1], "label": "potion"}]
    r = sc(["potion"], script, hero={"potion": True, "life": 9})
    h = hero(r)
    rolled = next(e for e in r["events"] if e["kind"] == "rolled")
    assert rolled["dice"] == "2d6" and rolled["raw"] == list(dice)
    assert h["potion"] is None and r["state"]["decks"]["room"][0] == "potion"
    if life:
        assert h["life"] == life and h["status"] == "in"
        assert "potion" not in r["legal"] and "move:E" in r["legal"]
    else:
        assert h["status"] == "dead" and h["cause"] == "potion"


def test_D13_a_potion_heals_no_higher_than_the_starting_life() -> None:
    r = sc(["potion"], [{"roll": 1}, {"roll": 1}], hero={"potion": True, "life": 14})
    assert hero(r)["life"] == 16  # Ulv's 16, not 18


# ---------------------------------------------------------------------------- D24 --
def test_D24_farendil_has_10_life_points_and_el_adorans_bow() -> None:
    """D24: Farendil keeps the listed 10 LP (he is El-Adoran with one LP less), only with
    the expansion's heroes; healing stops at his 10."""
    cfg = GAME.make_config(1, expansion_heroes=True)
    s = GAME.new(cfg, 3)
    assert "hero:farendil" in GAME.decision(s).actions
    assert "hero:farendil" not in GAME.decision(GAME.new(GAME.make_config(1), 3)).actions
    GAME.apply(s, "hero:farendil")
    assert s.heroes[0].life == 10
    expansion = {"expansion_heroes": True}
    r = sc(["ring"], hero={"id": "farendil", "ring": "healing", "life": 7}, options=expansion)
    assert hero(r)["life"] == 10
    r = sc(["move:E"], new_room("orc"), hero={"id": "farendil"}, options=expansion)
    assert r["legal"] == ["no", "shoot"]


@pytest.mark.parametrize("lang", ["en", "it"])
def test_D24_expansion_heroes_only_with_the_expansion(lang: str) -> None:
    """The expansion's heroes (Farendil, Rildo...) are behind its option: named in
    ``heroes``, in a study or in a position without it, they are refused in one line
    that says which option lets them in."""
    from tavolo.engine.errors import ConfigError, ScenarioError

    with pytest.raises(ConfigError) as e:
        GAME.configure(1, None, {"heroes": "farendil"})
    told = e.value.told(lang)
    assert "farendil" in told and "expansion_heroes=true" in told and "\n" not in told
    with pytest.raises(ConfigError) as e:
        GAME.configure(2, None, {"heroes": "volrik,rildo", "expansion_heroes": "false"})
    assert "rildo" in e.value.told(lang)
    with pytest.raises(ConfigError, match="azoth"):
        GAME.simulate_args(None, {}, ["--heroes", "volrik,azoth"])
    with pytest.raises(ScenarioError) as s:
        sc([], hero={"id": "farendil"})
    assert "farendil" in s.value.told(lang) and "expansion_heroes: true" in s.value.told(lang)
    cfg = GAME.configure(1, None, {"heroes": "farendil", "expansion_heroes": "true"})
    assert GAME.new(cfg, 1).heroes[0].life == 10


def test_DQ_11_D11_dropped_treasure_goes_back_to_the_cup_and_the_decks() -> None:
    """The dragon wakes: the hero drops all his treasure (counters back into the cup,
    treasure cards under their decks), is breathed on (D12) and driven out; every dragon
    counter goes back into the pool."""
    r = sc(
        ["search", "move:E", "out:W"],
        [
            {"draw": "ring", "label": "search"},
            {"draw": "awake", "label": "dragon"},
            {"roll": 7, "label": "dragon"},
        ],
        hero={"at": [5, 4], "prev": [6, 4], "treasure": [500, 1100]},
        tiles=[{"tile": "room_ooo_01", "at": [5, 4], "heading": "W"}],
        dragon_out=3,
    )
    h = hero(r)
    assert h["treasure"] == [] and h["cards"] == [] and h["pos"] == [5, 4]
    assert h["life"] == 16 - 7
    state = r["state"]
    assert sorted(state["cup"]) == sorted(GAME.cup)
    assert state["decks"]["search"][0] == "ring"
    assert sorted(state["dragon"]) == sorted(GAME.dragon_pool) and state["dragon_out"] == []
    dropped = next(e for e in r["events"] if e["kind"] == "treasure_dropped")
    assert dropped["gp"] == 500 + 1100 + 90


def test_DQ_11_D11_escaping_back_into_the_chamber_is_entering_it() -> None:
    """D11: a hero who escapes a monster back into the Treasure Chamber meets the dragon
    as on entering it: a Dragon counter, and two Treasure counters if it sleeps."""
    r = sc(
        ["move:N", "escape"],
        [
            {"draw": "room_ooo_02", "label": "tile"},
            {"draw": "orc", "label": "room"},
            {"draw": "monster_01", "label": "monster"},  # the orc's Escape column: 0
            {"draw": "asleep", "label": "dragon"},
            {"draw": 700, "label": "treasure"},
            {"draw": 130, "label": "treasure"},
        ],
        hero={"at": [6, 4], "prev": [5, 4]},
        tiles=[{"tile": "room_ooo_01", "at": [5, 4], "heading": "W"}],
    )
    h = hero(r)
    assert h["pos"] == [6, 4] and h["treasure"] == [700, 130]
    assert r["state"]["dragon_out"] == ["asleep"]
    assert r["state"]["decks"]["room"][0] == "orc"
