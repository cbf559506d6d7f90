"""A TOS state's JSON is checked value by value before it loads: data no ``to_json``
writes is one ``StateError`` line naming the value, never a traceback from a rule."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from mutations import replaced
from tavolo.engine import RNG, ConfigError, StateError, registry

GAME = registry.get("tos")
FILES = Path(__file__).parent / "adventures"  # hand-made adventures


def saved(mode: str = "fight", moves: int = 4, seed: int = 3) -> dict[str, Any]:
    s = GAME.new(GAME.make_config(1, mode), seed)
    rng = RNG(seed)
    for _ in range(moves):
        d = GAME.decision(s)
        assert d is not None
        GAME.apply(s, d.actions[rng.below(len(d.actions))])
    return copy.deepcopy(dict(GAME.to_json(s)))


FIGHT = [
    (("hand", 0), 12, "hand[0] cannot be 12"),
    (("hand", 0), "1", "hand[0] cannot be '1'"),
    (("hand",), 3, "hand cannot be 3"),
    (("discard", 0), 0, "discard[0] cannot be 0"),
    (("removed",), [[1]], "removed[0] cannot be [1]"),
    (("up", 0), 2, "up[0] cannot be 2"),
    (("up",), [0, 0], "up cannot be [0, 0]"),
    (("unknown",), 99, "unknown cannot be 99"),
    (("level",), "x", "level cannot be 'x'"),
    (("level",), 10**30, "level cannot be 1000000000000000000000000000000"),
    (("attack",), -1, "attack cannot be -1"),
    (("defense",), True, "defense cannot be True"),
    (("mana",), 1.5, "mana cannot be 1.5"),
    (("turn",), None, "turn cannot be None"),
    (("enemy_index",), 7, "enemy_index cannot be 7"),
    (("phase",), "lunch", "phase cannot be 'lunch'"),
    (("mode",), "chess", "mode cannot be 'chess'"),
    (("hero",), ["file", "../x"], "hero[1] cannot be '../x'"),
    (("hero",), ["seed", "x", None], "hero[1] cannot be 'x'"),
    (("hero",), ["seed", 1, "bard"], "hero[2] cannot be 'bard'"),
    (("hero",), ["date", "today", None], "hero[1] cannot be 'today'"),
    (("act",), [0], "act cannot be [0]"),
    (("activated",), [[9, 0]], "activated[0][0] cannot be 9"),
    (("ticks",), {"legacy": "x"}, "ticks['legacy'] cannot be 'x'"),
    (("fights", 0), {"level": "x"}, "fights[0] cannot be {'level': 'x'}"),
    (("steps",), ["x"], "steps[0] cannot be 'x'"),
    (("steps",), [["nap"]], "steps[0] cannot be ['nap']"),
    (("result",), ["x"], "result[0] cannot be 'x'"),
    (("adventure",), {}, "adventure cannot be {}"),
]

WORLD = [
    (("adventure", "grid", 0), 99, "adventure.grid[0] cannot be 99"),
    (("adventure", "grid"), [1, 1, 2, 3, 4, 5, 6, 7, 8], "adventure.grid[1] cannot be 1"),
    (("adventure", "table"), [0], "adventure.table cannot be [0]"),
    (("adventure", "table", 0), 5, "adventure.table[0] cannot be 5"),
    (("adventure", "pawn"), [9, 0], "adventure.pawn[0] cannot be 9"),
    (("adventure", "pawn"), "a1", "adventure.pawn cannot be 'a1'"),
    (("adventure", "extra"), 11, "adventure.extra cannot be 11"),
    (
        ("adventure", "src"),
        ["seed", 1, "dungeon"],
        "adventure.src cannot be ['seed', 1, 'dungeon']",
    ),
    (("adventure", "marks"), ["x"], "adventure.marks[0] cannot be 'x'"),
    (("adventure", "reading"), [["1A", "", "x"]], "adventure.reading[0][2] cannot be 'x'"),
    (("adventure", "flee"), 0, "adventure.flee cannot be 0"),
    (("adventure", "count", "moves"), -3, "adventure.count['moves'] cannot be -3"),
    (("adventure",), None, "adventure cannot be None"),
]

DUNGEON = [
    (("adventure", "table", 0), -3, "adventure.table[0] cannot be -3"),
    (("adventure", "pawn", 1), "y", "adventure.pawn[1] cannot be 'y'"),
    (("adventure", "items"), [3], "adventure.items[0] cannot be 3"),
    (("adventure", "foe"), ["2B", 1], "adventure.foe cannot be ['2B', 1]"),
]


# the pending steps, the turn's flags and snapshot, and a position the rules never leave
# between two decisions: each loaded and then failed inside a rule (an IndexError, a
# KeyError, an AssertionError) or offered the player nothing to choose
FIGHT += [
    (("ticks", "legacy"), 7, "ticks['legacy'] cannot be 7"),  # (6 boxes)
    (("snapshot", "ticks", "legacy"), 10**9, "snapshot.ticks['legacy'] cannot be 1000000000"),
    (("act",), [5, 0], "act cannot be [5, 0]"),
    (("act",), [1, 7], "act cannot be [1, 7]"),
    (("column",), [], "piles cannot be 'no 2'"),
    (("restarts",), 4, "restarts cannot be 4"),
    (("turn",), 21, "turn cannot be 21"),
    (("flags",), {"seen": "x"}, "flags['seen'] cannot be 'x'"),
    (("flags",), {"nap": True}, "flags cannot be 'nap'"),
    (("flags",), {"won": 1}, "flags['won'] cannot be 1"),
    (("snapshot", "mana"), "x", "snapshot.mana cannot be 'x'"),
    (("snapshot", "ticks"), None, "snapshot.ticks cannot be None"),
    (("snapshot",), {"hand": []}, "snapshot cannot be {'hand': []}"),
    (("snapshot",), None, "snapshot cannot be None"),
    (("snapshot", "hand"), [6], "snapshot.hand cannot be [6]"),
    (("enemy_index",), 1, "enemy_index cannot be 1"),
    (("fights",), [], "enemy_index cannot be 0"),
    (("phase",), "explore", "phase cannot be 'explore'"),
    (("phase",), "setup", "phase cannot be 'setup'"),
    (("phase",), "over", "result cannot be None"),
    (("result",), [2], "result[0] cannot be 2"),
    (("reason",), "bored", "reason cannot be 'bored'"),
    (("steps",), [["ability", 2, 0, 0, 0, 0]], "steps[0] cannot be ['ability', 2, 0, 0, 0, 0]"),
    (("steps",), [["ability", 3, 9, 0, 0, 0]], "steps[0] cannot be ['ability', 3, 9, 0, 0, 0]"),
    (("steps",), [["ability", 3, 0, 0, 0, 0]], "steps[0] cannot be ['ability', 3, 0, 0, 0, 0]"),
    (("steps",), [["ability", "3", 0, 0, 0, 0]], "steps[0][1] cannot be '3'"),
    (("steps",), [["take_back", "x"]], "steps[0][1] cannot be 'x'"),
    (("steps",), [["take_back", 9]], "steps[0][1] cannot be 9"),
    (("steps",), [["exhaust"]], "steps[0] cannot be ['exhaust']"),
    (("steps",), [["exhaust", 9]], "steps[0][1] cannot be 9"),
    (("steps",), [["exhaust", 6]], "steps[0][1] cannot be 6"),
    (("steps",), [["execute"]], "steps[0] cannot be ['execute']"),
    (("steps",), [["read"]], "steps[0] cannot be ['read']"),
    (("steps",), [["line_may", "5A||0"]], "steps[0] cannot be ['line_may', '5A||0']"),
    (("steps",), [["damage", 1, 2]], "steps[0] cannot be ['damage', 1, 2]"),
]

# (moves, seed): a fight's Exhaust phase, its steps ["restore"], ["execute"] and
# ["exhaust", 2], ["exhaust", 5], ["exhaust", 4]
EXHAUST = [
    (("steps", 4), ["exhaust", 2], "steps[4][1] cannot be 2"),
    (("steps", 4), ["execute"], "piles cannot be 'no 4'"),
    (
        ("steps",),
        [["restore"], ["execute"], *[["exhaust", c] for c in (2, 5, 4)], ["restore"]],
        "steps[5] cannot be ['restore']",
    ),
    (("steps", 0), ["dmove"], "steps cannot be [['dmove'], ['execute'], ['exhaust', ..."),
    (("flags", "seen", "banners"), "x", "flags['seen']['banners'] cannot be 'x'"),
    (("flags", "seen", "banners"), {"1": 1}, "flags['seen']['banners'] cannot be {'1': 1}"),
    (("flags", "seen", "elements"), {"lava": 1}, "flags['seen']['elements'] cannot be 'lava'"),
    (("flags", "seen", "cards"), -1, "flags['seen']['cards'] cannot be -1"),
    (("phase",), "plan", "snapshot.hand cannot be [2, 4, 8, 5, 7]"),
    # (the Exhaust phase with no steps: its Restore never came, a restart brought back
    # the cards in the Discard Deck, a card twice)
    (("steps",), [], "piles cannot be 'no 2'"),
    (("steps", 0), ["execute"], "steps cannot be [['execute'], ['execute'], ['exhaust'..."),
    (("steps", 1), ["restore"], "steps[1] cannot be ['restore']"),
]

# (mode, moves, seed, path, value, said): an adventure's own steps and places
ADVENTURE = [
    # the pawn at cell 0 may move right, its hand to pay: ["move_discard", "right"]
    ("world", 1, 0, ("steps", 0, 1), "north", "steps[0][1] cannot be 'north'"),
    ("world", 1, 0, ("steps", 0, 1), "up", "steps[0][1] cannot be 'up'"),
    ("world", 1, 0, ("adventure", "foe"), ["1A", 0, 0], "adventure.foe cannot be ['1A', 0, 0]"),
    ("world", 1, 0, ("adventure", "marks"), [12], "adventure.marks[0] cannot be 12"),
    ("world", 1, 0, ("adventure", "marks"), [3, 3], "adventure.marks[1] cannot be 3"),
    ("world", 1, 0, ("adventure", "table", 0), -1, "adventure.table[0] cannot be -1"),
    ("world", 1, 0, ("hand",), [], "piles cannot be 'no 2'"),
    # card 5's upright half read to its line 1: ["read"], ["line_may", "5A||1"]
    ("world", 2, 0, ("steps", 1, 1), "5A||0", "steps[1][1] cannot be '5A||0'"),
    ("world", 2, 0, ("steps", 1, 1), "5A||99", "steps[1][1] cannot be '5A||99'"),
    ("world", 2, 0, ("steps", 1, 1), "9Z||1", "steps[1][1] cannot be '9Z||1'"),
    ("world", 2, 0, ("steps", 1, 1), "5A|0=x|1", "steps[1][1] cannot be '5A|0=x|1'"),
    ("world", 2, 0, ("steps", 1, 1), "5A|1", "steps[1][1] cannot be '5A|1'"),
    ("world", 2, 0, ("steps", 0), ["read", 1], "steps[0] cannot be ['read', 1]"),
    ("world", 2, 0, ("steps", 0), ["card", "5A||1", 0], "steps[0] cannot be ['card', '5A||1', 0]"),
    (
        "world",
        2,
        0,
        ("steps",),
        [["line_may", "5A||1"]],
        "steps[0] cannot be ['line_may', '5A||1']",
    ),
    (
        "world",
        2,
        0,
        ("adventure", "reading", 0),
        ["x", "", 2],
        "adventure.reading[0] cannot be ['x', '', 2]",
    ),
    (
        "world",
        2,
        0,
        ("adventure", "reading", 0),
        ["5A", "1=B", 0],
        "adventure.reading[0] cannot be ['5A', '1=B', 0]",
    ),
    (
        "world",
        2,
        0,
        ("adventure", "reading", 0),
        ["5A", "", 99],
        "adventure.reading[0] cannot be ['5A', '', 99]",
    ),
    # an observatory on card 5 waits for its first card: ["read"], ["card", "5A||1", 0]
    ("world", 3, 0, ("steps", 1), ["card", "5A||1", 1], "steps[1] cannot be ['card', '5A||1', 1]"),
    (
        "world",
        3,
        0,
        ("steps", 1),
        ["card", "5A||1", 1, 9],
        "steps[1] cannot be ['card', '5A||1', 1, 9]",
    ),
    ("world", 3, 0, ("steps", 1, 1), "5A||0", "steps[1][1] cannot be '5A||0'"),
    ("world", 3, 0, ("steps", 1, 2), "0", "steps[1][2] cannot be '0'"),
    # a world fight's Exhaust phase, a point of damage to take: ["restore"], ["damage", 1]
    ("world", 8, 3, ("steps",), [], "steps cannot be []"),
    ("world", 8, 3, ("steps",), [["damage", 1]], "steps cannot be [['damage', 1]]"),
    # a dungeon's pawn in room 1A, walking to room 4C: ["move_discard", "4C"]
    ("dungeon", 1, 0, ("steps", 0, 1), "9Z", "steps[0][1] cannot be '9Z'"),
    (
        "dungeon",
        1,
        0,
        ("adventure", "pawn"),
        [10**9, 1],
        "adventure.pawn cannot be [1000000000, 1]",
    ),
    ("dungeon", 1, 0, ("adventure", "items"), ["x"], "adventure.items[0] cannot be 'x'"),
    ("dungeon", 1, 0, ("adventure", "marks"), [99], "adventure.marks[0] cannot be 99"),
    (
        "dungeon",
        1,
        0,
        ("adventure", "reading"),
        [["5A", "", 0]],
        "adventure.reading[0] cannot be ['5A', '', 0]",
    ),
    ("dungeon", 1, 0, ("steps",), [["dmove"]], "steps[0] cannot be ['dmove']"),
    # a dungeon's choice: ["choice", 10]
    ("dungeon", 3, 4, ("steps", 0, 1), 99, "steps[0][1] cannot be 99"),
    ("dungeon", 3, 4, ("steps", 0, 1), 0, "steps[0][1] cannot be 0"),
    # a fight in the dungeon (Plan phase): the enemy stands on a room's symbol
    ("dungeon", 4, 3, ("adventure", "foe"), None, "adventure.foe cannot be None"),
    ("dungeon", 4, 3, ("adventure", "foe", 1), 0, "adventure.foe cannot be ['"),
    # the world's theft bar (six boxes, one ticked): no more marks than it has boxes
    ("world", 5, 29, ("ticks", "theft"), 7, "ticks['theft'] cannot be 7"),
    ("world", 5, 29, ("ticks", "theft"), 10**9, "ticks['theft'] cannot be 1000000000"),
    # a dungeon entry's tick of three boxes (none ticked yet)
    (
        "dungeon",
        1,
        1,
        ("ticks",),
        {"legacy": 0, "side_the_theft.map": 4},
        "ticks['side_the_theft.map'] cannot be 4",
    ),
]


@pytest.mark.parametrize(("path", "value", "said"), EXHAUST)
def test_an_exhaust_phase_no_to_json_writes_is_named(
    path: tuple[Any, ...], value: Any, said: str
) -> None:
    data = saved("fight", 20)
    assert data["steps"] == [["restore"], ["execute"], *[["exhaust", c] for c in (2, 5, 4)]]
    with pytest.raises(StateError) as e:
        GAME.from_json(replaced(data, path, value))
    assert str(e.value) == f"tos: not a state written by its to_json: {said}"


@pytest.mark.parametrize(("mode", "moves", "seed", "path", "value", "said"), ADVENTURE)
def test_an_adventure_step_or_place_no_to_json_writes_is_named(
    mode: str, moves: int, seed: int, path: tuple[Any, ...], value: Any, said: str
) -> None:
    """A line no half or entry prints, a walk off the grid or through no door, an entry
    with no choice, an item no line gives, the pawn or the enemy in no room."""
    data = saved(mode, moves, seed)
    with pytest.raises(StateError) as e:
        GAME.from_json(replaced(data, path, value))
    assert str(e.value).startswith(f"tos: not a state written by its to_json: {said}")
    assert "\n" not in str(e.value)


def test_the_adventure_states_the_cases_change_are_what_they_expect() -> None:
    assert saved("world", 1, 0)["steps"] == [["move_discard", "right"]]
    assert saved("world", 1, 0)["adventure"]["pawn"] == [0, 0]
    assert saved("world", 2, 0)["steps"] == [["read"], ["line_may", "5A||1"]]
    assert saved("world", 3, 0)["steps"] == [["read"], ["card", "5A||1", 0]]
    assert saved("dungeon", 1, 0)["steps"] == [["move_discard", "4C"]]
    assert saved("dungeon", 3, 4)["steps"] == [["choice", 10]]
    data = saved("dungeon", 4, 3)
    assert data["phase"] == "plan" and data["adventure"]["foe"] is not None
    assert saved("world", 5, 29)["ticks"] == {"legacy": 0, "theft": 1}
    data = saved("dungeon", 1, 1)
    assert data["ticks"] == {"legacy": 0}
    assert GAME.from_json({**data, "ticks": {"legacy": 0, "side_the_theft.map": 3}})


def test_a_bar_carried_from_a_bigger_adventure_bar_is_filled_when_it_starts() -> None:
    """A hero's marks carry over (game.py, with_marks): five on a generated world's theft
    bar (six boxes) come to a hand-made adventure whose theft bar has three. The bar is
    full when the adventure starts (three marks: a full bar stays full), and its saved
    states load all game long; a bar this adventure does not print is kept as it came."""
    config = GAME.make_config(1, "world", file=str(FILES / "world_rules.yaml"))
    config = GAME.with_marks(config, {"ticks": {"legacy": 1, "theft": 5, "elsewhere": 9}})
    s = GAME.new(config, 0)
    assert s.ticks == {"legacy": 1, "theft": 3, "elsewhere": 9}
    assert s.snapshot is None or s.snapshot["ticks"]["theft"] == 3
    rng = RNG(0)
    while (d := GAME.decision(s)) is not None:
        assert GAME.to_json(GAME.from_json(GAME.to_json(s))) == GAME.to_json(s)
        GAME.apply(s, d.actions[rng.below(len(d.actions))])
    assert s.ticks["theft"] == 3
    assert GAME.marks(s)["ticks"]["theft"] == 3


def test_a_position_bar_past_its_boxes_is_filled() -> None:
    """A position's ticks past a bar's boxes fill it, as the options do, rather than
    starting a game whose states are refused on loading."""
    fight = GAME.make_config(1, "fight", seed=1)
    s = GAME.from_position(
        fight, {"ticks": 100, "hand": [1, 2, 3, 4, 5], "discard": [6, 7, 8]}, RNG(0)
    )
    assert s.ticks == {"legacy": len(s.hero.bars["legacy"].boxes)}
    assert GAME.to_json(GAME.from_json(GAME.to_json(s))) == GAME.to_json(s)
    world = GAME.make_config(1, "world", file=str(FILES / "world_rules.yaml"))
    s = GAME.from_position(world, {"ticks": {"theft": 4}}, RNG(0))
    assert s.ticks["theft"] == 3
    assert GAME.to_json(GAME.from_json(GAME.to_json(s))) == GAME.to_json(s)


def ritual() -> dict[str, Any]:
    """A dungeon's ritual (entry 0) after its first pick: card 8 removed, card 1 turned to
    its Banner 2 half, so there is a card to turn next."""
    s = GAME.new(GAME.make_config(1, "dungeon"), 19)
    rng = RNG(24)
    for _ in range(10):
        d = GAME.decision(s)
        assert d is not None
        GAME.apply(s, d.actions[rng.below(len(d.actions))])
    data = copy.deepcopy(dict(GAME.to_json(s)))
    assert data["steps"] == [["read"], ["card", "e0||0", 0]]
    data["discard"].remove(8)
    data["removed"].append(8)
    data["up"][0] = 1
    data["steps"][1] = ["card", "e0||0", 1, 8]
    return data


@pytest.mark.parametrize("pick", [0, 9, 99, 7])
def test_a_ritual_pick_no_game_makes_is_refused(pick: int) -> None:
    """A ritual's picks were checked only as whole numbers: a card 99, or a card it never
    removed, loaded as its first pick. Each pick is one of the hero's eight cards, the
    first one the card it removed."""
    GAME.from_json(ritual())  # (as it is, it loads)
    with pytest.raises(StateError) as e:
        GAME.from_json(replaced(ritual(), ("steps", 1, 3), pick))
    assert str(e.value) == f"tos: not a state written by its to_json: steps[1][3] cannot be {pick}"


def weakness() -> dict[str, Any]:
    """A world's weakness (card 2's top half, line 1: discard three Banner 1 cards from
    the hand) after its first pick, card 2: the hero walked onto it from the centre with
    five Banner 1 cards in hand, paid card 1 for the walk, so it chooses among four."""
    config = GAME.make_config(1, "world")
    s = GAME.from_position(config, {"grid": [1, 5, 8, 6, 4, 3, 9, 2, 7], "pawn": 4}, RNG(0))
    for action in ("move:down", "discard:1", "card:2"):
        GAME.apply(s, action)
    data = copy.deepcopy(dict(GAME.to_json(s)))
    assert data["steps"] == [["read"], ["card", "2A||1", 1, 2]]
    return data


@pytest.mark.parametrize("pick", [0, 9, 99])
def test_a_weakness_pick_no_game_makes_is_refused(pick: int) -> None:
    """The weakness's picks are checked as the ritual's (4a83193): each one of the hero's
    eight cards. Random play never stopped on a weakness with a choice to make."""
    GAME.from_json(weakness())  # (as it is, it loads)
    with pytest.raises(StateError) as e:
        GAME.from_json(replaced(weakness(), ("steps", 1, 3), pick))
    assert str(e.value) == f"tos: not a state written by its to_json: steps[1][3] cannot be {pick}"


@pytest.mark.parametrize(
    ("mode", "path", "value", "said"),
    [("fight", *c) for c in FIGHT]
    + [("world", *c) for c in WORLD]
    + [("dungeon", *c) for c in DUNGEON],
)
def test_a_value_no_to_json_writes_is_named(
    mode: str, path: tuple[Any, ...], value: Any, said: str
) -> None:
    """Each of these loaded (or failed as a bare traceback) and then failed inside a rule."""
    with pytest.raises(StateError) as e:
        GAME.from_json(replaced(saved(mode), path, value))
    assert str(e.value) == f"tos: not a state written by its to_json: {said}"
    assert "\n" not in str(e.value)
    assert "non è uno stato scritto dal suo to_json" in e.value.told("it")


def test_a_card_twice_in_the_piles_is_refused() -> None:
    data = saved()
    data["discard"].append(data["hand"][0])
    with pytest.raises(StateError, match=r"discard\[\d+\] cannot be \d$"):
        GAME.from_json(data)


@pytest.mark.parametrize("key", ["hand", "level", "phase", "fights", "rng", "hero"])
def test_a_missing_key_is_named(key: str) -> None:
    data = saved()
    del data[key]
    with pytest.raises(StateError) as e:
        GAME.from_json(data)
    assert str(e.value) == f"tos: not a state written by its to_json (no {key!r})"


def test_a_missing_adventure_key_is_named() -> None:
    data = saved("world")
    del data["adventure"]["grid"]
    with pytest.raises(StateError, match=r"\(no 'grid'\)$"):
        GAME.from_json(data)


CONFIGS = [
    ("fight", {}),
    ("fight", {"class": "elementalist", "difficulty": "hard", "level": 5}),
    ("series", {"class": "stargazer"}),
    ("series", {"level": 5, "difficulty": "easy", "ticks": 10**20}),
    ("fight", {"enemy": "0/8/-", "level": 3}),
    ("fight", {"enemy": "4/3/5+fear_element=fire"}),
    ("world", {"bars": {"legacy": 3}, "seed": 11}),
    ("tutorial", {}),
    ("world", {}),
    ("world", {"date": "2026-11-29", "ticks": 2}),
    ("dungeon", {"class": "swordsman"}),
    ("dungeon", {"date": "2026-11-28"}),
    ("world", {"file": str(FILES / "world_rules.yaml")}),
    ("dungeon", {"file": str(FILES / "dungeon_rules.json")}),
]


@pytest.mark.parametrize(("mode", "options"), CONFIGS)
def test_states_the_game_writes_load_all_game_long(mode: str, options: dict[str, Any]) -> None:
    """The checks refuse nothing a game writes: every state of random games loads as
    it was, writes the same JSON again, and plays on as the original does."""
    config = GAME.make_config(1, mode, **options)
    for seed in range(8):
        s = GAME.new(config, seed)
        rng = RNG(seed)
        while True:
            data = GAME.to_json(s)
            t = GAME.from_json(copy.deepcopy(data))
            assert GAME.to_json(t) == data
            assert GAME.equal(t, s)
            d = GAME.decision(s)
            if d is None:
                break
            i = rng.below(len(d.actions))
            GAME.apply(s, d.actions[i])
            e = GAME.decision(t)
            assert e is not None and e.actions == d.actions
            GAME.apply(t, e.actions[i])
            assert GAME.to_json(t) == GAME.to_json(s)


# options the loader would refuse in the state they give: refused at configuration, so
# that a game never writes what it cannot read (each a ConfigError line in en and it)
REFUSED_OPTIONS = [
    ("world", {"bars": {"theft": -3}}, "'theft' holds 0 pencil marks or more, not -3"),
    ("dungeon", {"bars": {"legacy": -1}}, "'legacy' holds 0 pencil marks or more, not -1"),
    ("world", {"seed": -1}, "hero seed -1 is not an integer from 0 to 2**64 - 1"),
    ("fight", {"seed": 2**64}, "hero seed 18446744073709551616 is not an integer"),
]


@pytest.mark.parametrize(("mode", "options", "said"), REFUSED_OPTIONS)
def test_an_option_whose_state_would_not_load_is_refused(
    mode: str, options: dict[str, Any], said: str
) -> None:
    with pytest.raises(ConfigError) as e:
        GAME.make_config(1, mode, **options)
    assert said in str(e.value) and "\n" not in str(e.value)
    assert e.value.told("it") != str(e.value)
    # the edges still configure, and their states load
    for ok in ({"bars": {"theft": 0}, "seed": 0}, {"seed": 2**64 - 1}):
        s = GAME.new(GAME.make_config(1, "world", **ok), 0)
        assert GAME.to_json(GAME.from_json(GAME.to_json(s))) == GAME.to_json(s)
