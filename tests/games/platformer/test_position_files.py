"""Platformer's scenario positions, written by hand: a malformed one is one line, told in
English and Italian, never a traceback; what a position accepts, the rules can play.

The cases are the crashes a mutation fuzzer of the scenario files found (a number where
a list goes, a string where an int goes, a space off the board...), named by the line of
the crash before the fix, and the checks added with them; the mutation tests below change
the real scenario files at random the same way and run them through the engine's
scenario runner, then play on from what it accepted.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
import yaml

from mutations import changed
from tavolo.engine import RNG, ConfigError, ScenarioError, TavoloError, registry
from tavolo.engine.scenario import run

G: Any = registry.get("platformer")
SCENARIOS = Path(__file__).parents[2] / "scenarios" / "platformer"
FILES = sorted(SCENARIOS.glob("*.yaml"))
SAYS = "platformer position: "
IT = "posizione di platformer: "
FACES = "'MOVE', 'SWORD', 'COIN', 'PUSH', 'STAR', 'move', 'sword', 'coin', 'push' or 'star'"
HEROES = "brakka, etern, grimble, lumi, sweety, vesper"
ENEMIES = "ent, gloom_bat, medusa, mossling, serpent, stone_golem, tribe_warrior, werewolf, wraith"
LEVEL_1 = "is not a space of the revealed levels (x 0-7, y 0-3)"


def scenario(name: str, **changes: Any) -> dict[str, Any]:
    """The scenario file ``name`` with values of its position changed: a key is a dotted
    path inside the position (list positions as numbers, one past the end appends)."""
    data: dict[str, Any] = yaml.safe_load((SCENARIOS / f"{name}.yaml").read_text())
    for path, value in changes.items():
        *head, last = path.split(".")
        box: Any = data["position"]
        for k in head:
            box = box[int(k) if isinstance(box, list) else k]
        key: Any = int(last) if isinstance(box, list) else last
        if isinstance(box, list) and key == len(box):
            box.append(value)
        else:
            box[key] = value
    return data


def position(pos: Any, **config: Any) -> dict[str, Any]:
    """A scenario of ``pos`` alone (seed 1's map: Medusa, Etern and Sweety), no actions."""
    return {"game": "platformer", "config": {"players": 2, **config}, "position": pos}


PUSH = "sweety_push_two"  # Sweety at [0, 0], a Werewolf at [1, 0], the other hero at [7, 0]
ETERN = "etern_turn_ladder_gravity"  # Etern off the map, Sweety at [6, 3], loot "2,1"
BOSS = {"seed": 1, "revealed": 4, "heroes": [{"at": [2, 12]}]}
# case: (scenario data, the English line after "platformer position: ", a piece of the Italian)
CASES: dict[str, tuple[dict[str, Any], str, str]] = {
    # -- crashes found by the fuzzer (HEAD game.py, rules.py, turn.py, geometry.py lines)
    "position a boolean (game.py:541 AttributeError)": (
        position(True),
        "a mapping of fields (seed, revealed, heroes, enemies, loot, dice, extra, enemy_die, "
        "active)",
        IT + "dev'essere una mappa di campi",
    ),
    "seed a string (game.py:541 ValueError)": (
        scenario(PUSH, seed="face_down"),
        "field seed: Input should be a valid integer",
        IT + "campo seed: serve un numero intero",
    ),
    "seed a mapping (game.py:541 TypeError)": (
        scenario(PUSH, seed={"id": "zz"}),
        "field seed: Input should be a valid integer",
        "campo seed: serve un numero intero",
    ),
    "heroes a boolean (game.py:547 TypeError)": (
        scenario(PUSH, heroes=False),
        "field heroes: Input should be a valid list",
        "campo heroes: serve un elenco",
    ),
    "heroes a string (game.py:548 IndexError)": (
        scenario(PUSH, heroes="ozok"),
        "field heroes: Input should be a valid list",
        "campo heroes: serve un elenco",
    ),
    "a hero a boolean (game.py:549 TypeError)": (
        scenario(PUSH, **{"heroes.1": False}),
        "field heroes.1: Input should be a valid dictionary",
        "campo heroes.1: serve una mappa",
    ),
    "heroes a mapping (game.py:550 TypeError)": (
        scenario(PUSH, heroes={"id": "zz"}),
        "field heroes: Input should be a valid list",
        "campo heroes: serve un elenco",
    ),
    "hero id unknown (game.py:551 KeyError)": (
        scenario(ETERN, **{"heroes.0.id": ""}),
        f"field heroes.0.id: unknown hero '' (one of {HEROES})",
        "campo heroes.0.id: Eroe sconosciuto '' (uno tra brakka",
    ),
    "hero id a list (game.py:551 TypeError)": (
        scenario(PUSH, **{"heroes.0.id": [None]}),
        "field heroes.0.id: Input should be a valid string",
        "campo heroes.0.id: serve un testo",
    ),
    "at a number (game.py:553 TypeError)": (
        scenario(PUSH, **{"heroes.1.at": 0}),
        "field heroes.1.at: Input should be a valid list",
        "campo heroes.1.at: serve un elenco",
    ),
    "at one number (geometry.py:32 TypeError)": (
        scenario(PUSH, **{"heroes.0.at": [0]}),
        "field heroes.0.at: List should have at least 2 items after validation, not 1",
        "campo heroes.0.at: List: servono almeno 2 elementi, non 1",
    ),
    "at a string coordinate (geometry.py:33 TypeError)": (
        scenario(PUSH, **{"heroes.1.at.1": "ozok"}),
        "field heroes.1.at.1: Input should be a valid integer",
        "campo heroes.1.at.1: serve un numero intero",
    ),
    "at above the map (rules.py:610 IndexError)": (
        scenario(PUSH, **{"heroes.0.at.1": 25}),
        f"field heroes.0.at: [0, 25] {LEVEL_1}",
        "[0, 25] non è uno Spazio dei Livelli rivelati (x da 0 a 7, y da 0 a 3)",
    ),
    "at above the revealed levels (rules.py:687 IndexError)": (
        scenario("sweety_remove_level", **{"heroes.0.at.1": 99}),
        "field heroes.0.at: [0, 99] is not a space of the revealed levels (x 0-7, y 0-11)",
        "(x da 0 a 7, y da 0 a 11)",
    ),
    "items a string (turn.py:86 KeyError)": (
        scenario("sweety_speed_boots", **{"heroes.0.items": "1A"}),
        "field heroes.0.items: Input should be a valid list",
        "campo heroes.0.items: serve un elenco",
    ),
    "items a number (turn.py:84 TypeError)": (
        scenario("sweety_speed_boots", **{"heroes.0.items": 99}),
        "field heroes.0.items: Input should be a valid list",
        "campo heroes.0.items: serve un elenco",
    ),
    "an item a mapping (turn.py:86 TypeError)": (
        scenario("sweety_speed_boots", **{"heroes.0.items.0": {"a": 1}}),
        "field heroes.0.items.0: Input should be a valid string",
        "campo heroes.0.items.0: serve un testo",
    ),
    "gems a list (turn.py:313 TypeError)": (
        scenario("etern_form_next_to_ent", **{"heroes.0.gems": ["ozok"]}),
        "field heroes.0.gems: Input should be a valid integer",
        "campo heroes.0.gems: serve un numero intero",
    ),
    "gems a string (rules.py:678 TypeError)": (
        scenario("sweety_speed_boots", **{"heroes.0.gems": "1A"}),
        "field heroes.0.gems: Input should be a valid integer",
        "campo heroes.0.gems: serve un numero intero",
    ),
    "enemies a number (game.py:558 TypeError)": (
        scenario(PUSH, enemies=-1),
        "field enemies: Input should be a valid list",
        "campo enemies: serve un elenco",
    ),
    "an enemy an empty string (game.py:558 IndexError)": (
        scenario(ETERN, **{"enemies.1": ""}),
        "field enemies.1: Input should be a valid tuple",
        "campo enemies.1: serve un elenco",
    ),
    "an enemy a mapping (game.py:558 KeyError)": (
        scenario(PUSH, **{"enemies.0": {"id": "zz"}}),
        "field enemies.0: Input should be a valid tuple",
        "campo enemies.0: serve un elenco",
    ),
    "an enemy a string (rules.py:640 TypeError)": (
        scenario("etern_werewolf_attacks_sweety", **{"enemies.0": "ozok"}),
        "field enemies.0: Input should be a valid tuple",
        "campo enemies.0: serve un elenco",
    ),
    "enemy id a number (rules.py:262 KeyError)": (
        scenario("etern_push_off_platform", **{"enemies.0.0": 2}),
        "field enemies.0.0: Input should be a valid string",
        "campo enemies.0.0: serve un testo",
    ),
    "enemy id a list (rules.py:262 TypeError)": (
        scenario("etern_werewolf_attacks_sweety", **{"enemies.0.0": [1, None]}),
        "field enemies.0.0: Input should be a valid string",
        "campo enemies.0.0: serve un testo",
    ),
    "enemy x far off (turn.py:69 IndexError)": (
        scenario("etern_push_off_platform", **{"enemies.0.1": 1000}),
        f"field enemies.0: [1000, 2] {LEVEL_1}",
        "campo enemies.0: [1000, 2] non è uno Spazio dei Livelli rivelati",
    ),
    "loot a list (game.py:560 AttributeError)": (
        scenario(ETERN, loot=[None]),
        "field loot: Input should be a valid dictionary",
        "campo loot: serve una mappa",
    ),
    "dice a number (game.py:563 TypeError)": (
        scenario("sweety_speed_boots", dice=5),
        "field dice: Input should be a valid list",
        "campo dice: serve un elenco",
    ),
    "a die a number (rules.py:395 AttributeError)": (
        scenario(PUSH, **{"dice.2": 2}),
        f"field dice.2: Input should be {FACES}",
        "campo dice.2: serve 'MOVE', 'SWORD', 'COIN', 'PUSH', 'STAR', 'move', 'sword', "
        "'coin', 'push' o 'star'",
    ),
    "active null (game.py:567 TypeError)": (
        scenario(PUSH, active=None),
        "field active: Input should be a valid integer",
        "campo active: serve un numero intero",
    ),
    "active an empty string (game.py:567 ValueError)": (
        scenario(PUSH, active=""),
        "field active: Input should be a valid integer",
        "campo active: serve un numero intero",
    ),
    "active negative (turn.py:109 IndexError)": (
        scenario("sweety_forge_special", active=-5),
        "field active: Input should be greater than or equal to 0",
        "campo active: serve un valore maggiore o uguale a 0",
    ),
    "active past the players (turn.py:109 IndexError)": (
        scenario("sweety_speed_boots", active=99),
        "field active: a player from 0 to 1, not 99",
        "campo active: un giocatore da 0 a 1, non 99",
    ),
    # -- the checks added with them
    "an unknown field": (
        scenario(PUSH, turn=3),
        "field turn: Extra inputs are not permitted",
        "campo turn: campo non previsto",
    ),
    "a hero's unknown field": (
        scenario(PUSH, **{"heroes.0.hp": 3}),
        "field heroes.0.hp: Extra inputs are not permitted",
        "campo heroes.0.hp: campo non previsto",
    ),
    "revealed past the boss level": (
        scenario(PUSH, revealed=9),
        "field revealed: this map has 4 levels, not 9",
        "campo revealed: questa mappa ha 4 Livelli, non 9",
    ),
    "revealed 0": (
        scenario(PUSH, revealed=0),
        "field revealed: Input should be greater than or equal to 1",
        "campo revealed: serve un valore maggiore o uguale a 1",
    ),
    "three heroes for two players": (
        scenario(PUSH, **{"heroes.2": {"at": [5, 0]}}),
        "field heroes: 2 players, so at most 2 heroes, not 3",
        "campo heroes: giocano 2 giocatori, quindi al massimo 2 Eroi, non 3",
    ),
    "two heroes for one player": (
        position({"heroes": [{}, {}]}, players=1, mode="solo"),
        "field heroes: 1 player, so at most 1 hero, not 2",
        "campo heroes: gioca 1 giocatore, quindi al massimo 1 Eroe, non 2",
    ),
    "an unknown item": (
        scenario("sweety_speed_boots", **{"heroes.0.items.0": "seven_league_boots"}),
        "field heroes.0.items.0: unknown item 'seven_league_boots' (one of blast_satchel, ",
        "campo heroes.0.items.0: Oggetto sconosciuto 'seven_league_boots' (uno tra ",
    ),
    "an unknown potion": (
        scenario(PUSH, **{"heroes.0.potions": ["elixir"]}),
        "field heroes.0.potions.0: unknown potion 'elixir' (one of berserker_brew, ",
        "Pozione sconosciuta 'elixir' (una tra berserker_brew",
    ),
    "an unknown boss token": (
        scenario(PUSH, **{"heroes.0.tokens": ["crown"]}),
        "field heroes.0.tokens.0: unknown boss token 'crown' (one of feather, mirror, stone, "
        "war_paint)",
        "segnalino boss sconosciuto 'crown' (uno tra feather",
    ),
    "an item twice in one hand": (
        scenario("sweety_speed_boots", **{"heroes.0.items": ["speed_boots"] * 2}),
        "field heroes.0.items.1: 'speed_boots' is held twice",
        "campo heroes.0.items.1: 'speed_boots' compare due volte nelle mani degli Eroi",
    ),
    "a potion held by two heroes": (
        scenario(PUSH, **{"heroes.0.potions": ["stoneskin"], "heroes.1.potions": ["stoneskin"]}),
        "field heroes.1.potions.0: 'stoneskin' is held twice",
        "'stoneskin' compare due volte",
    ),
    "a boss token twice": (
        scenario(PUSH, **{"heroes.0.tokens": ["mirror", "mirror"]}),
        "field heroes.0.tokens.1: 'mirror' is held twice",
        "'mirror' compare due volte",
    ),
    "more hearts than the hero has": (
        scenario(ETERN, **{"heroes.0.hearts": 9}),
        "field heroes.0.hearts: etern has at most 7 hearts, not 9",
        "campo heroes.0.hearts: etern ha al massimo 7 Cuori, non 9",
    ),
    "no hearts": (
        scenario(ETERN, **{"heroes.0.hearts": 0}),
        "field heroes.0.hearts: Input should be greater than or equal to 1",
        "serve un valore maggiore o uguale a 1",
    ),
    "a purse past the cap": (
        scenario(PUSH, **{"heroes.0.gems": 10**12}),
        "field heroes.0.gems: Input should be less than or equal to 99",
        "campo heroes.0.gems: serve un valore minore o uguale a 99",
    ),
    "a special die face that is no symbol": (
        scenario(PUSH, **{"heroes.0.special": "ATTACK"}),
        "field heroes.0.special: Input should be '', 'MOVE', 'SWORD', 'COIN', 'PUSH' or 'STAR'",
        "campo heroes.0.special: serve '', 'MOVE', 'SWORD', 'COIN', 'PUSH' o 'STAR'",
    ),
    "an unknown enemy": (
        scenario(PUSH, **{"enemies.0.0": "ozok"}),
        f"field enemies.0: unknown enemy 'ozok' (one of {ENEMIES})",
        "campo enemies.0: Nemico sconosciuto 'ozok' (uno tra ent",
    ),
    "the other boss": (
        scenario(PUSH, **{"enemies.0.0": "ikee"}),
        f"field enemies.0: unknown enemy 'ikee' (one of {ENEMIES})",
        "Nemico sconosciuto 'ikee'",
    ),
    "the boss below its level": (
        position({**BOSS, "enemies": [["medusa", 5, 0]]}),
        "field enemies.0: the boss 'medusa' stands on the boss level, once",
        "campo enemies.0: il Boss 'medusa' sta sul Livello del Boss, una volta sola",
    ),
    "the boss twice": (
        position({**BOSS, "enemies": [["medusa", 1, 13], ["medusa", 5, 13]]}),
        "field enemies.1: the boss 'medusa' stands on the boss level, once",
        "il Boss 'medusa' sta sul Livello del Boss, una volta sola",
    ),
    "a loot key that is no space": (
        scenario(ETERN, loot={"1A": "gem"}),
        'field loot: a key is "x,y" (e.g. "1,0"), not \'1A\'',
        'campo loot: una chiave si scrive "x,y" (per esempio "1,0"), non \'1A\'',
    ),
    "loot off the board": (
        scenario(ETERN, loot={"9,0": "coin"}),
        f"field loot.9,0: [9, 0] {LEVEL_1}",
        "campo loot.9,0: [9, 0] non è uno Spazio",
    ),
    "loot neither coin nor gem": (
        scenario(ETERN, loot={"2,1": "ruby"}),
        "field loot.2,1: Input should be 'coin' or 'gem'",
        "campo loot.2,1: serve 'coin' o 'gem'",
    ),
    "an enemy on a hero": (
        scenario(PUSH, **{"enemies.0.1": 0}),
        "two figures on the space [0, 0]",
        IT + "due figure sullo Spazio [0, 0]",
    ),
    "a hero on the boss": (
        position({**BOSS, "heroes": [{"at": [2, 12]}, {"at": [2, 12]}]}),
        "two figures on the space [2, 12]",
        "due figure sullo Spazio [2, 12]",
    ),
    "an enemy die face unknown": (
        scenario(PUSH, enemy_die="UP"),
        "field enemy_die: Input should be 'ATTACK', 'LEFT' or 'RIGHT'",
        "campo enemy_die: serve 'ATTACK', 'LEFT' o 'RIGHT'",
    ),
    "an extra symbol that is a die face": (
        scenario(PUSH, extra=["BLANK"]),
        "field extra.0: Input should be 'MOVE', 'SWORD', 'COIN', 'PUSH' or 'STAR'",
        "campo extra.0: serve 'MOVE', 'SWORD', 'COIN', 'PUSH' o 'STAR'",
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_malformed_position_is_one_line_in_english_and_italian(case: str) -> None:
    data, english, italian = CASES[case]
    with pytest.raises(ScenarioError) as err:
        run(data, "case.yaml")
    line = str(err.value)
    assert "\n" not in line
    if english.endswith(", "):  # a list of known cards follows: its start is enough
        assert line.startswith("case.yaml: " + SAYS + english), line
    else:
        assert line == "case.yaml: " + SAYS + english
    told = err.value.told("it")
    assert told.startswith("case.yaml: " + IT) and italian in told, told


def test_the_refusal_is_a_config_error_from_the_game() -> None:
    cfg = G.make_config(2)
    with pytest.raises(ConfigError, match=r"^platformer position: field heroes\.0\.at: "):
        G.from_position(cfg, {"seed": 1, "heroes": [{"at": [8, 0]}]}, RNG(0))


def test_a_valid_position_still_loads_as_before() -> None:
    s = G.from_position(
        G.make_config(2),
        {
            "seed": 1,
            "active": 1,
            "revealed": 2,
            "heroes": [
                {"id": "etern", "at": None, "hearts": 3, "special": "", "tokens": ["mirror"]},
                {"at": (6, 3), "items": ["speed_boots"], "potions": ["stoneskin"], "gems": 99},
            ],
            "enemies": [["werewolf", 6, 2], ["serpent", 1, 4]],
            "loot": {" 2 , 1 ": "gem"},
            "dice": ["MOVE", "sword"],
            "extra": ["STAR"],
            "enemy_die": "LEFT",
        },
        RNG(0),
    )
    a, b = s.heroes
    assert (a.id, a.pos, a.hearts, a.tokens) == ("etern", -1, 3, ["mirror"])
    assert (b.pos, b.items, b.potions, b.gems) == (30, ["speed_boots"], ["stoneskin"], 99)
    assert s.enemies == [("werewolf", 22), ("serpent", 33)] and s.loot == {10: "gem"}
    assert (s.dice, s.extra, s.enemy_face, s.active, s.revealed) == (
        ["MOVE", "sword"],
        ["STAR"],
        "LEFT",
        1,
        2,
    )
    assert G.decision(s).player == 1


# -- seeded mutations of the real scenario files, in the spirit of the fuzzer ------------
POOL: list[Any] = [None, 0, -1, 1, 3, 25, 99, 1000, True, "", "x", "1A", "STAR", "medusa"]
POOL += [[], [None], {}, {"a": 1}, [1, 2], ["ozok"], [0, 12], ["mirror", "mirror"]]


def _play_on(state_json: dict[str, Any], rng: random.Random, steps: int) -> None:
    """Random legal actions from a position's state, with its words, view and heuristic."""
    s = G.from_json(state_json)
    s.rng = RNG(rng.randrange(1000))
    for _ in range(steps):
        d = G.decision(s)
        if d is None:
            return
        a = rng.choice(d.actions)
        G.describe_action(s, a, "it")
        for e in G.apply(s, a):
            G.describe_event(e, 0, "it")
    G.view(s, 0, "it")
    G.heuristic(s, s.active)


def test_changed_scenario_files_run_or_are_refused_in_one_line() -> None:
    sources = [yaml.safe_load(p.read_text()) for p in FILES]
    refused = played = 0
    for seed in range(60):
        rng = random.Random(seed)
        data = changed(rng.choice(sources), rng, POOL)
        if rng.random() < 0.3:
            data = changed(data, rng, POOL)
        try:
            run(data, f"mutation-{seed}.yaml")
        except TavoloError as e:
            assert "\n" not in str(e) and e.told("it"), seed
        # the file's actions may no longer fit: the position itself, played on at random
        try:
            cfg = G.config_from_json(data.get("config") or {})
            s = G.from_position(cfg, data.get("position") or {}, RNG(seed))
        except TavoloError as e:
            assert "\n" not in str(e), seed
            refused += 1
            continue
        played += 1
        _play_on(G.to_json(s), rng, 60)
    assert refused and played  # both kinds were met: the test sees what it means to


def _space(r: random.Random, rows: int) -> list[int]:
    """A space ``[x, y]`` of the ``rows`` lowest rows (the revealed levels)."""
    return [r.randrange(8), r.randrange(rows)]


def test_random_positions_are_refused_or_playable() -> None:
    """Positions built from the content at random (any hero, card, enemy, boss, space
    of the revealed levels): each is refused in one line or plays on without a crash."""
    kinds = [*sorted(G.enemy_cards), "medusa", "ikee"]
    refused = ran = 0
    for seed in range(80):
        r = random.Random(seed)
        mode = r.choice(["standard", "solo", "standard+artifacts", "standard+extended"])
        players = 1 if mode == "solo" else r.choice([2, 3, 4])
        rows = 4 * r.randint(1, 5 if "extended" in mode else 4)

        heroes = [
            {
                "id": r.choice(sorted(G.heroes)),
                "at": _space(r, rows) if r.random() < 0.8 else None,
                "hearts": r.randint(1, 6),
                "gems": r.randint(0, 99),
                "items": r.sample(sorted(G.items), r.randint(0, 2)),
                "potions": r.sample(sorted(G.potions), r.randint(0, 2)),
                "tokens": r.sample(sorted(G.tokens), r.randint(0, 2)),
            }
            for _ in range(r.randint(0, players))
        ]
        pos = {
            "seed": seed,
            "revealed": rows // 4,
            "active": r.randrange(players),
            "heroes": heroes,
            "enemies": [[r.choice(kinds), *_space(r, rows)] for _ in range(r.randint(0, 4))],
            "loot": {"{},{}".format(*_space(r, rows)): r.choice(["coin", "gem"])},
            "dice": r.choices(["MOVE", "SWORD", "COIN", "PUSH", "STAR", "move"], k=5),
        }
        try:
            s = G.from_position(G.make_config(players, mode), pos, RNG(seed))
        except ConfigError as e:
            assert "\n" not in str(e) and str(e).startswith(SAYS), seed
            refused += 1
            continue
        ran += 1
        _play_on(G.to_json(s), r, 80)
    assert refused and ran
