"""A Platformer state's JSON is checked value by value before it loads: data no
``to_json`` writes is one ``StateError`` line naming the value, never a traceback from a
rule; and every state a game writes loads as it was and plays on the same."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml

from mutations import replaced
from tavolo.agents import make_agent
from tavolo.engine import RNG, Config, StateError, registry

G: Any = registry.get("platformer")
SCENARIOS = Path(__file__).parents[2] / "scenarios" / "platformer"
SAYS = "platformer: not a state written by its to_json: "


def saved(mode: str = "standard", players: int = 2, moves: int = 40) -> dict[str, Any]:
    """A real saved state some way into a random game (a hero on the map, loot, enemies)."""
    s = G.new(G.make_config(players, mode), 3)
    rng = RNG(1)
    for _ in range(moves):
        d = G.decision(s)
        assert d is not None
        G.apply(s, d.actions[rng.below(len(d.actions))])
    return copy.deepcopy(dict(G.to_json(s)))


def test_the_saved_state_the_cases_change_is_what_they_expect() -> None:
    """The cases below rely on it: hero 0 on space 2, space 3 free, one enemy at
    least, loot, level 1 of 4 revealed."""
    data = saved()
    assert data["heroes"][0]["pos"] == 2 and data["enemies"] and data["loot"]
    assert (data["revealed"], data["low"], len(data["tiles"])) == (1, 0, 4)
    assert 3 not in [q for _, q in data["enemies"]] + [h["pos"] for h in data["heroes"]]
    assert G.equal(G.from_json(data), G.from_json(copy.deepcopy(data)))


@pytest.mark.parametrize(
    ("path", "value", "said"),
    [
        # unknown ids
        (("heroes", 0, "id"), "mario", "heroes[0].id cannot be 'mario'"),
        (("boss",), "bowser", "boss cannot be 'bowser'"),
        (("theme",), "lava", "theme cannot be 'lava'"),
        (("mode",), "coop", "mode cannot be 'coop'"),
        (("mode",), "standard+turbo", "mode cannot be 'standard+turbo'"),
        (("tiles", 0, 0), "no_tile", "tiles[0][0] cannot be 'no_tile'"),
        (("enemies", 0, 0), "goomba", "enemies[0][0] cannot be 'goomba'"),
        (("shop_items", 0), "no_item", "shop_items[0] cannot be 'no_item'"),
        (("potion_deck", 0), "no_potion", "potion_deck[0] cannot be 'no_potion'"),
        (("attack_deck", 0), "no_card", "attack_deck[0] cannot be 'no_card'"),
        (("heroes", 1, "items"), ["no_item"], "heroes[1].items[0] cannot be 'no_item'"),
        (("heroes", 0, "tokens"), ["x"], "heroes[0].tokens[0] cannot be 'x'"),
        (("heroes", 0, "special"), "JUMP", "heroes[0].special cannot be 'JUMP'"),
        (("dice",), ["MOVE", "JUMP"], "dice[1] cannot be 'JUMP'"),
        (("extra",), ["move"], "extra[0] cannot be 'move'"),
        (("enemy_face",), "UP", "enemy_face cannot be 'UP'"),
        (("phase",), "lunch", "phase cannot be 'lunch'"),
        (("event",), "party", "event cannot be 'party'"),
        (("loot", "1"), "diamond", "loot.1 cannot be 'diamond'"),
        (("stack",), [["fly", 1]], "stack[0] cannot be ['fly', 1]"),
        # wrong types
        (("heroes", 0, "coins"), "3", "heroes[0].coins cannot be '3'"),
        (("heroes", 0, "hearts"), [4], "heroes[0].hearts cannot be [4]"),
        (("heroes", 0, "used_ability"), 0, "heroes[0].used_ability cannot be 0"),
        (("heroes", 0, "items"), "boots", "heroes[0].items cannot be 'boots'"),
        (("heroes", 0), [], "heroes[0] cannot be []"),
        (("round",), True, "round cannot be True"),
        (("turns",), 1.5, "turns cannot be 1.5"),
        (("enemies", 0), ["ent"], "enemies[0] cannot be ['ent']"),
        (("enemies", 0, 1), "0", "enemies[0][1] cannot be '0'"),
        (("stack",), [["move", "2"]], "stack[0][1] cannot be '2'"),
        (("rng",), 7, "rng cannot be 7"),
        (("tiles",), "forest", "tiles cannot be 'forest'"),
        (("artifacts",), [], "artifacts cannot be []"),
        # out of range, seats that do not exist
        (("active",), 2, "active cannot be 2"),
        (("first",), -1, "first cannot be -1"),
        (("winner",), 5, "winner cannot be 5"),
        (("heroes", 0, "pos"), 10**6, "heroes[0].pos cannot be 1000000"),
        (("heroes", 0, "pos"), -3, "heroes[0].pos cannot be -3"),
        (("heroes", 1, "gems"), -1, "heroes[1].gems cannot be -1"),
        (("enemies", 0, 1), -1, "enemies[0][1] cannot be -1"),
        (("revealed",), 9, "revealed cannot be 9"),
        (("low",), 3, "low cannot be 3"),
        (("boss_wounds",), -2, "boss_wounds cannot be -2"),
        (("heroes",), [], "heroes cannot be []"),
        (("level_enemy",), ["ent"], "level_enemy cannot be ['ent']"),
        (("loot", "99999"), "gem", "loot cannot be '99999'"),
        (("events",), ["gold_rush"], "events cannot be ['gold_rush']"),
        (("artifacts",), {"ladder_charm": -1}, "artifacts cannot be {'ladder_charm': -1}"),
        # off the levels in play (level 1 of 4 revealed: spaces 0-31), frames out of place
        (("revealed",), 0, "revealed cannot be 0"),
        (("low",), 1, "low cannot be 1"),
        (("heroes", 0, "pos"), 40, "heroes[0].pos cannot be 40"),
        (("enemies", 0, 1), 32, "enemies[0][1] cannot be 32"),
        (("loot", "40"), "gem", "loot cannot be '40'"),
        (("stack",), [["shove", 3, 0]], "stack[0] cannot be ['shove', 3, 0]"),
        (("stack",), [["pdest", 2, 1]], "stack[0] cannot be ['pdest', 2, 1]"),
        (("stack",), [["gems", "GEM"]], "stack[0][1] cannot be 'GEM'"),
        (("stack",), [["any", "hand"]], "stack[0] cannot be ['any', 'hand']"),
        (("stack",), [["move", -1]], "stack[0][1] cannot be -1"),
    ],
)
def test_a_value_no_to_json_writes_is_named(path: tuple[Any, ...], value: Any, said: str) -> None:
    """Each of these loaded (or failed as a bare TypeError line) and then failed inside a
    rule or a view (KeyError, TypeError, IndexError tracebacks)."""
    with pytest.raises(StateError) as e:
        G.from_json(replaced(saved(), path, value))
    assert str(e.value) == SAYS + said
    assert "\n" not in str(e.value)
    assert "non è uno stato scritto dal suo to_json" in e.value.told("it")


@pytest.mark.parametrize(
    ("changes", "said"),
    [
        # hearts from 1 to the hero's maximum (lumi 5, grimble 7): at 0 a hero has fainted
        ({("heroes", 0, "hearts"): 6}, "heroes[0].hearts cannot be 6"),
        ({("heroes", 1, "hearts"): 0}, "heroes[1].hearts cannot be 0"),
        ({("heroes", 1, "hearts"): 10**9}, "heroes[1].hearts cannot be 1000000000"),
        # P-8: a fainted hero's turn is his Forming, and only his
        ({("heroes", 1, "pos"): -1, ("stack",): [["move", 2]]}, "stack[0] cannot be ['move', 2]"),
        ({("stack",): [["form"]]}, "stack[0] cannot be ['form']"),
        (
            {("phase",): "special", ("heroes", 1, "pos"): -1, ("stack",): [["form"]]},
            "stack[0] cannot be ['form']",
        ),
        # a game's end (rules.py, finish) and its rounds
        ({("reason",): "bored"}, "reason cannot be 'bored'"),
        ({("winner",): 0}, "winner cannot be 0"),
        ({("phase",): "over"}, "reason cannot be ''"),
        (
            {("phase",): "over", ("reason",): "events", ("stack",): [["move", 1]]},
            "stack cannot be [['move', 1]]",
        ),
        # five action dice (no card adds one)
        ({("dice",): ["MOVE"] * 6}, "dice cannot be ['MOVE', 'MOVE', 'MOVE', 'MOVE', 'MOV..."),
        ({("boss_wounds",): 3}, "boss_wounds cannot be 3"),
        ({("score",): 50}, "score cannot be 50"),
        ({("round",): 31}, "round cannot be 31"),
        ({("round",): 0}, "round cannot be 0"),
        # a decision with nothing to choose: no die left to pay with
        ({("dice",): [], ("stack",): [["paydie", 1]]}, "stack[0][1] cannot be 1"),
        # more dice to pay than unused (the last choice then empty), one COIN to forge
        # (ValueError: list.remove(x) when the second is taken)
        ({("stack",): [["paydie", 9]]}, "stack[0][1] cannot be 9"),
        (
            {("stack",): [["forge", "MOVE", "pool"], ["forge", "MOVE", "pool"]]},
            "stack[0] cannot be ['forge', 'MOVE', 'pool']",
        ),
        ({("stack",): [["paydie", 1], ["move", 1]]}, "stack[0] cannot be ['paydie', 1]"),
        ({("stack",): [["star"], ["move", 1]]}, "stack[0] cannot be ['star']"),
        ({("stack",): [["gems", "MOVE"], ["gems", "MOVE"]]}, "stack[0] cannot be ['gems', 'MOVE']"),
        ({("stack",): [["forge", "COIN", "pool"]]}, "stack[0] cannot be ['forge', 'COIN', 'pool']"),
        # MOVE steps left: one at least, no more than a boosted symbol and every card give
        ({("stack",): [["move", 0]]}, "stack[0][1] cannot be 0"),
        ({("stack",): [["move", 10**9]]}, "stack[0][1] cannot be 1000000000"),
        # turns played: no more than the rounds begun give every hero (3 rounds, 2 heroes)
        ({("turns",): 10**9}, "turns cannot be 1000000000"),
        ({("turns",): 7}, "turns cannot be 7"),
    ],
)
def test_a_position_no_game_comes_to_is_named(
    changes: dict[tuple[Any, ...], Any], said: str
) -> None:
    """Each loaded: a hero above his maximum hearts or at none, a fainted hero moving, a
    Form step for a hero on the map, a game over with no reason or going on with a
    winner, a decision with no action; then played on a position no game comes to, or
    failed inside a rule."""
    data = saved()
    assert (data["active"], data["phase"], data["stack"]) == (1, "act", [])
    for path, value in changes.items():
        data = replaced(data, path, value)
    with pytest.raises(StateError) as e:
        G.from_json(data)
    assert str(e.value) == SAYS + said


def test_a_hero_off_the_map_chooses_his_turns_symbol_before_forming() -> None:
    """Solo, seed 13: the first turn's event leaves a symbol to choose (any) while the hero
    is still to Form; the state loads (it was refused while a hero off the map could
    only have a Form step)."""
    s = G.new(G.make_config(1, "solo+artifacts"), 13)
    assert s.heroes[0].pos < 0 and [f[0] for f in s.stack] == ["any"]
    assert G.to_json(G.from_json(copy.deepcopy(G.to_json(s)))) == G.to_json(s)


def test_a_fainted_hero_on_his_turn_loads_before_and_while_he_forms() -> None:
    data = replaced(saved(), ("heroes", 1, "pos"), -1)
    assert G.decision(G.from_json(data)) is not None
    forming = replaced(data, ("stack",), [["form"]])
    d = G.decision(G.from_json(forming))
    assert d is not None and d.kind == "form" and d.actions


@pytest.mark.parametrize(
    ("where", "key"),
    [((), "heroes"), ((), "stack"), ((), "rng"), (("heroes", 1), "coins")],
)
def test_a_missing_key_is_named(where: tuple[Any, ...], key: str) -> None:
    data = saved()
    cur: Any = data
    for k in where:
        cur = cur[k]
    del cur[key]
    field = ".".join([f"heroes[{where[1]}]"] if where else []) + ("." if where else "") + key
    with pytest.raises(StateError) as e:
        G.from_json(data)
    assert str(e.value) == f"platformer: not a state written by its to_json (no {field!r})"


def test_a_figure_twice_on_one_space_is_refused() -> None:
    """P-7: one figure a space; a hero on an enemy's space, or two enemies on one."""
    data = saved()
    q = data["enemies"][0][1]
    with pytest.raises(StateError, match=r"cannot be " + str(q) + "$"):
        G.from_json(replaced(data, ("heroes", 0, "pos"), q))
    twice = replaced(data, ("enemies",), [*data["enemies"], list(data["enemies"][0])])
    with pytest.raises(StateError, match=rf"enemies\[{len(data['enemies'])}\]\[1\] cannot be"):
        G.from_json(twice)


def test_a_card_twice_is_refused() -> None:
    """One card of each in the game: a shop's item also in the deck, an item held by two
    heroes, an attack card in deck and discard, a tile on two levels."""
    data = saved()
    item = data["item_deck"][0]
    with pytest.raises(StateError, match=r"^platformer: .*item_deck\[0\] cannot be '"):
        G.from_json(replaced(data, ("shop_items", 0), item))
    both = replaced(replaced(data, ("heroes", 0, "items"), [item]), ("heroes", 1, "items"), [item])
    with pytest.raises(StateError, match=r"heroes\[1\]\.items\[0\] cannot be '"):
        G.from_json(both)
    card = data["attack_deck"][0]
    with pytest.raises(StateError, match=r"attack_discard\[0\] cannot be '"):
        G.from_json(replaced(data, ("attack_discard",), [card]))
    with pytest.raises(StateError, match=r"tiles\[1\]\[0\] cannot be '"):
        G.from_json(replaced(data, ("tiles", 1, 0), data["tiles"][0][0]))
    with pytest.raises(StateError, match=r"heroes\[0\]\.potions\[1\] cannot be '"):
        G.from_json(replaced(data, ("heroes", 0, "potions"), ["stoneskin", "stoneskin"]))


def round_trips(s: Any, agent: Any, rng: RNG) -> int:
    """Play ``s`` to its end; at each step a twin loaded from ``to_json`` must write the
    same JSON, be asked the same and answer the same action as the original does."""
    steps = 0
    while True:
        data = G.to_json(s)
        twin = G.from_json(copy.deepcopy(data))
        assert G.to_json(twin) == data
        d, dt = G.decision(s), G.decision(twin)
        if d is None:
            assert dt is None
            return steps
        assert dt is not None and list(dt.actions) == list(d.actions)
        a = agent.act(G, s, d) if agent else d.actions[rng.below(len(d.actions))]
        assert G.apply(twin, a) == G.apply(s, a)
        assert G.to_json(twin) == G.to_json(s)
        steps += 1


CONFIGS = [
    (2, "standard", {}),
    (3, "standard", {"theme": "void"}),
    (4, "standard", {"boss": "medusa"}),
    (1, "solo", {}),
    (1, "solo+artifacts", {"theme": "void"}),
    (2, "standard+artifacts", {}),
    (3, "standard+extended", {"theme": "void"}),
    (2, "standard+artifacts+extended", {"boss": "ikee"}),
]


@pytest.mark.parametrize(("players", "mode", "options"), CONFIGS)
def test_states_the_game_writes_load_all_game_long(
    players: int, mode: str, options: dict[str, Any]
) -> None:
    """The checks refuse nothing a game writes, and a loaded state plays on the same:
    random games, and games of the greedy agent that reach the boss and the shop."""
    for seed in range(3):
        s = G.new(G.make_config(players, mode, **options), seed)
        round_trips(s, None, RNG(seed))
    s = G.new(G.make_config(players, mode, **options), 7)
    round_trips(s, make_agent("greedy:1", 7), RNG(7))


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*.yaml")), ids=lambda p: p.stem)
def test_states_set_up_by_a_scenario_load(path: Path) -> None:
    """A scenario's position (heroes, enemies and loot where a game would not put them)
    writes a state that loads too."""
    data = yaml.safe_load(path.read_text())
    cfg = data["config"]
    config: Config = G.make_config(cfg.get("players"), cfg.get("mode"), **cfg.get("options", {}))
    s = G.from_position(config, data["position"] or {}, RNG(0))
    round_trips(s, None, RNG(1))
