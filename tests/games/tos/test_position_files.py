"""TOS's scenario positions, written by hand: a malformed one is one line, told in English
and Italian, never a traceback; what a position accepts, the rules can play.

The cases are the crashes a mutation fuzzer of the scenario files found (a number where a
list goes, a text where an int goes, a mapping where a list goes...) and the checks added
with them; the mutation test below changes the real scenario files at random the same way
and runs them through the engine's scenario runner.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml

from mutations import tried
from tavolo.engine import RNG, Config, ConfigError
from tavolo.engine.scenario import run
from tavolo.games.tos import enemies

from .support import GAME, play

HERE = Path(__file__).parent / "adventures"
SCENARIOS = Path(__file__).parents[2] / "scenarios" / "tos"
FILES = sorted(SCENARIOS.glob("*.yaml"))
TUTORIAL = GAME.make_config(1, "tutorial")
FIGHT = GAME.make_config(1, "fight", seed=1)
WORLD = GAME.make_config(1, "world", file=str(HERE / "world_rules.yaml"), seed=1)
DUNGEON = GAME.make_config(1, "dungeon", file=str(HERE / "dungeon_rules.json"), seed=1)
SAYS = "tos position: "
IT = "posizione di tos: "
# the manual's Training, as training_win.yaml writes it
TRAINING = {
    "level": 4,
    "enemy": {"level": 4, "attack": 3, "defense": 5},
    "hand": [3, 5, 1, 2, 4],
    "discard": [6, 7, 8],
}


def fight(**changed: Any) -> tuple[Config, Any]:
    return TUTORIAL, {**TRAINING, **changed}


def world(**pos: Any) -> tuple[Config, Any]:
    return WORLD, {"hero": "training", **pos}


def dungeon(**pos: Any) -> tuple[Config, Any]:
    return DUNGEON, {"hero": "training", **pos}


# case: (config and position, the English line, a piece of the Italian one)
CASES: dict[str, tuple[tuple[Config, Any], str, str]] = {
    # -- crashes found by the fuzzer (HEAD game.py lines): TypeError, ValueError, IndexError
    "level a text (l. 239)": (
        fight(level="face_down"),
        SAYS + "field level: Input should be a valid integer",
        IT + "campo level: serve un numero intero",
    ),
    "level null (l. 239)": (
        fight(level=None),
        SAYS + "field level: Input should be a valid integer",
        IT + "campo level: serve un numero intero",
    ),
    "hand a boolean (l. 247)": (
        fight(hand=True),
        SAYS + "field hand: Input should be a valid list",
        IT + "campo hand: serve un elenco",
    ),
    "hand a mapping (l. 247)": (
        fight(hand={"a": 1}),
        SAYS + "field hand: Input should be a valid list",
        IT + "campo hand: serve un elenco",
    ),
    "discard a text (l. 248)": (
        fight(discard="face_down"),
        SAYS + "field discard: Input should be a valid list",
        IT + "campo discard: serve un elenco",
    ),
    "discard holds a list (l. 248)": (
        fight(discard=[[1, 2], 7, 8]),
        SAYS + "field discard.0: Input should be a valid integer",
        IT + "campo discard.0: serve un numero intero",
    ),
    "removed holds a card id (l. 249)": (
        fight(removed=["ozok"]),
        SAYS + "field removed.0: Input should be a valid integer",
        IT + "campo removed.0: serve un numero intero",
    ),
    "position a number (l. 281)": (
        (WORLD, 5),
        SAYS + "a position is a mapping of fields (level, hand, discard, ...)",
        IT + "una posizione è una mappa di campi",
    ),
    "adventure hand a number (l. 289)": (
        world(hand=5),
        SAYS + "field hand: Input should be a valid list",
        IT + "campo hand: serve un elenco",
    ),
    "adventure discard a mapping (l. 290)": (
        dungeon(discard={"id": "zz"}),
        SAYS + "field discard: Input should be a valid list",
        IT + "campo discard: serve un elenco",
    ),
    "turned a number (l. 292)": (
        world(turned=3),
        SAYS + "field turned: Input should be a valid list",
        IT + "campo turned: serve un elenco",
    ),
    "turned holds a card id (l. 293)": (
        world(turned=["zz"]),
        SAYS + "field turned.0: Input should be a valid integer",
        IT + "campo turned.0: serve un numero intero",
    ),
    "dungeon table a text (l. 309)": (
        dungeon(table="face_down"),
        SAYS + "field table: Input should be a valid list",
        IT + "campo table: serve un elenco",
    ),
    "dungeon table a boolean (l. 309)": (
        dungeon(table=True),
        SAYS + "field table: Input should be a valid list",
        IT + "campo table: serve un elenco",
    ),
    "pawn one number (l. 313)": (
        dungeon(pawn=[3]),
        SAYS + "field pawn: List should have at least 2 items after validation, not 1",
        "servono almeno 2 elementi, non 1",
    ),
    "pawn a null coordinate (l. 313)": (
        dungeon(pawn=[None, 2]),
        SAYS + "field pawn.0: Input should be a valid integer",
        IT + "campo pawn.0: serve un numero intero",
    ),
    "pawn a text (l. 313)": (
        dungeon(pawn="ozok"),
        SAYS + "field pawn: Input should be a valid list",
        IT + "campo pawn: serve un elenco",
    ),
    "attack a text (l. 320)": (
        world(attack="ozok"),
        SAYS + "field attack: Input should be a valid integer",
        IT + "campo attack: serve un numero intero",
    ),
    "defense a list (l. 321)": (
        dungeon(defense=[1, 2]),
        SAYS + "field defense: Input should be a valid integer",
        IT + "campo defense: serve un numero intero",
    ),
    # -- the enemy: a pydantic error escaped from Enemy.model_validate
    "enemy attack a text": (
        fight(enemy={"level": 4, "attack": "x", "defense": 5}),
        SAYS + "field enemy.attack: Input should be a valid integer",
        IT + "campo enemy.attack: serve un numero intero",
    ),
    "enemy level a boolean": (
        fight(enemy={"level": True, "attack": 3, "defense": 5}),
        SAYS + "field enemy.level: Input should be a valid integer",
        IT + "campo enemy.level: serve un numero intero",
    ),
    "enemy without defense": (
        fight(enemy={"level": 4, "attack": 3}),
        SAYS + "field enemy: Value error, a trap has no defense value; every other enemy has one",
        "una trappola non ha valore di Difesa",
    ),
    "enemy an id": (
        fight(enemy={"id": "zz"}),
        SAYS + "field enemy.level: Field required (and 2 more)",
        IT + "campo enemy.level: campo obbligatorio (più 2 altri problemi)",
    ),
    "enemy a list": (
        fight(enemy=[1]),
        SAYS + "field enemy: Input should be a valid string",
        IT + "campo enemy: serve un testo",
    ),
    "enemy attack out of range": (
        fight(enemy={"level": 4, "attack": 300, "defense": 5}),
        SAYS + "field enemy.attack: Input should be less than or equal to 99",
        IT + "campo enemy.attack: serve un valore minore o uguale a 99",
    ),
    # -- ranges the rules hold
    "level 12": (
        fight(level=12),
        SAYS + "field level: Input should be less than or equal to 9",
        IT + "campo level: serve un valore minore o uguale a 9",
    ),
    "card 9": (
        fight(hand=[3, 5, 1, 2, 9]),
        SAYS + "field hand.4: Input should be less than or equal to 8",
        IT + "campo hand.4: serve un valore minore o uguale a 8",
    ),
    "turned card 9 (IndexError)": (
        fight(turned=[9]),
        SAYS + "field turned.0: Input should be less than or equal to 8",
        IT + "campo turned.0:",
    ),
    "turned card 0 (the last card turned)": (
        fight(turned=[0]),
        SAYS + "field turned.0: Input should be greater than or equal to 1",
        IT + "campo turned.0: serve un valore maggiore o uguale a 1",
    ),
    "mana negative": (
        fight(mana=-1),
        SAYS + "field mana: Input should be greater than or equal to 0",
        IT + "campo mana: serve un valore maggiore o uguale a 0",
    ),
    "fight ticks a text": (
        (FIGHT, {**TRAINING, "ticks": "x"}),
        SAYS + "field ticks: Input should be a valid integer",
        IT + "campo ticks: serve un numero intero",
    ),
    "adventure ticks a text (AttributeError)": (
        world(ticks="x"),
        SAYS + "field ticks: Input should be a valid dictionary",
        IT + "campo ticks: serve una mappa",
    ),
    "adventure ticks negative (IndexError in play)": (
        world(ticks={"theft": -10}),
        SAYS + "field ticks.theft: Input should be greater than or equal to 0",
        IT + "campo ticks.theft: serve un valore maggiore o uguale a 0",
    ),
    "cards held twice": (
        fight(hand=[3, 3, 1, 2, 4]),
        SAYS + "hand, discard and removed must hold cards 1-8 once",
        IT + "mano, Mazzo degli Scarti e Carte Eliminate",
    ),
    "unknown field": (
        fight(zz=1),
        SAYS + "unknown field 'zz'",
        IT + "campo sconosciuto 'zz'",
    ),
    # -- world: the 3 x 3 grid
    "grid short (IndexError in play)": (
        world(grid=[1, 2, 3]),
        SAYS + "field grid: List should have at least 9 items after validation, not 3",
        "servono almeno 9 elementi, non 3",
    ),
    "pawn off the grid (IndexError in play)": (
        world(pawn=9),
        SAYS + "field pawn: Input should be less than or equal to 8",
        IT + "campo pawn: serve un valore minore o uguale a 8",
    ),
    "world table value 2": (
        world(table=[2, 0, 0, 0, 0, 0, 0, 0, 0]),
        SAYS + "field table.0: Input should be less than or equal to 1",
        IT + "campo table.0:",
    ),
    "world table short": (
        world(table=[0, 0, 0]),
        SAYS + "field table: List should have at least 9 items after validation, not 3",
        "servono almeno 9 elementi",
    ),
    "grid without a card the table keeps": (
        world(grid=[1, 2, 3, 4, 0, 6, 7, 8, 9]),
        SAYS + "the grid must hold the cards the table keeps",
        IT + "la griglia deve tenere le carte",
    ),
    "world marks a card 10": (
        world(marks=[10]),
        SAYS + "field marks.0: Input should be less than or equal to 9",
        IT + "campo marks.0:",
    ),
    "world marks twice": (
        world(marks=[4, 4]),
        SAYS + "marks holds 4 twice",
        IT + "marks contiene 4 due volte",
    ),
    "items in a world": (
        world(items=["villain_defeated"]),
        SAYS + "unknown field 'items'",
        IT + "campo sconosciuto 'items'",
    ),
    "tick bar unknown": (
        world(ticks={"thef": 1}),
        SAYS + "ticks: neither the hero nor the adventure has a tick bar 'thef'",
        IT + "ticks: né l'eroe né l'avventura hanno la barra 'thef'",
    ),
    # -- dungeon: the table of rooms and the pawn
    "dungeon table of 5 cards": (
        dungeon(table=[0, -1, -1, -1, -1]),
        SAYS + "a dungeon table lists the 6 Room Cards",
        IT + "un tavolo dell'Avventura nel Dungeon elenca le 6 Carte Stanza",
    ),
    "orientation 7 (IndexError in play)": (
        dungeon(table=[7, -1, -1, -1, -1, -1]),
        SAYS + "field table.0: Input should be less than or equal to 3",
        IT + "campo table.0: serve un valore minore o uguale a 3",
    ),
    "pawn on a wall": (
        dungeon(pawn=[0, 0]),
        SAYS + "the pawn at [0, 0] stands on no floor of a room on the table",
        IT + "la pedina in [0, 0] non è sul pavimento di una stanza sul tavolo",
    ),
    "pawn in a room not on the table": (
        dungeon(pawn=[5, 2]),
        SAYS + "the pawn at [5, 2] stands on no floor of a room on the table",
        IT + "la pedina in [5, 2]",
    ),
    "no room under the default pawn": (
        dungeon(table=[1, -1, -1, -1, -1, -1]),
        SAYS + "the pawn at [",
        IT + "la pedina in [",
    ),
    "mark off the index": (
        dungeon(marks=[18]),
        SAYS + "marks: 18 is no entry of the dungeon's index (0-17)",
        IT + "marks: 18 non è una voce dell'indice dell'Avventura nel Dungeon (0-17)",
    ),
    "item unknown": (
        dungeon(items=["villain"]),
        SAYS + "items: no line of the dungeon names the item 'villain'",
        IT + "items: nessuna riga dell'Avventura nel Dungeon nomina l'oggetto 'villain'",
    ),
    "item twice": (
        dungeon(items=["villain_defeated", "villain_defeated"]),
        SAYS + "items holds 'villain_defeated' twice",
        IT + "items contiene 'villain_defeated' due volte",
    ),
    "item a number": (
        dungeon(items=[5]),
        SAYS + "field items.0: Input should be a valid string",
        IT + "campo items.0: serve un testo",
    ),
    "grid in a dungeon": (
        dungeon(grid=[1, 2, 3, 4, 5, 6, 7, 8, 9]),
        SAYS + "unknown field 'grid'",
        IT + "campo sconosciuto 'grid'",
    ),
    # -- the hero of an adventure position: a hero file
    "hero unknown": (
        world(hero="../heroes/training"),
        SAYS + "unknown hero file '../heroes/training'; known: training",
        IT + "non conosco il file d'eroe '../heroes/training'; nomi noti: training",
    ),
    "hero a number": (
        dungeon(hero=5),
        SAYS + "field hero: Input should be a valid string",
        IT + "campo hero: serve un testo",
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_a_malformed_position_is_one_line_in_english_and_italian(case: str) -> None:
    (config, position), english, italian = CASES[case]
    with pytest.raises(ConfigError) as err:
        GAME.from_position(config, copy.deepcopy(position), RNG(0))
    line = str(err.value)
    assert line == english or (english.endswith("[") and line.startswith(english)), line
    told = err.value.told("it")
    assert italian in told, told
    assert told != line and "\n" not in told


def test_a_valid_position_still_loads_as_before() -> None:
    """Every field each mode knows is read; defaults stay the ones of before."""
    s = GAME.from_position(
        FIGHT, {**TRAINING, "removed": [], "turned": [2], "attack": 1, "mana": 9}, RNG(0)
    )
    assert (s.level, s.hand, s.discard, s.removed) == (4, [3, 5, 1, 2, 4], [6, 7, 8], [])
    assert (s.up[1], s.attack, s.mana) == (1, 1, 4)  # mana never above the level
    assert s.enemy is not None and (s.enemy.attack, s.enemy.defense) == (3, 5)
    text = GAME.from_position(TUTORIAL, {**TRAINING, "enemy": "4/3/5"}, RNG(0))
    assert text.enemy == s.enemy
    tier = GAME.from_position(TUTORIAL, {**TRAINING, "enemy": None}, RNG(0))
    assert tier.enemy == enemies.parse_enemy("lvl1:normal", RNG(0))  # the first tier's
    w = GAME.from_position(
        WORLD,
        {"hero": "training", "grid": [4, 1, 2, 3, 8, 5, 6, 7, 9], "marks": [4], "ticks": None},
        RNG(0),
    )
    assert (w.pawn, w.marks, w.ticks) == ((1, 0), [4], {})  # the pawn on card 1
    assert (w.hand, w.discard, w.table) == ([1, 2, 3, 4, 5], [6, 7, 8], [0] * 9)
    d = GAME.from_position(
        DUNGEON,
        {"hero": "training", "items": ["villain_defeated"], "marks": [17], "ticks": {"legacy": 2}},
        RNG(0),
    )
    assert (d.pawn, d.table) == ((0, 4), [0, -1, -1, -1, -1, -1])  # on 1A's symbol
    assert (d.items, d.marks, d.ticks) == (["villain_defeated"], [17], {"legacy": 2})
    assert GAME.decision(d) is not None  # the pawn can move


def test_the_position_data_is_not_changed() -> None:
    position = {**TRAINING, "hand": [3, 5, 1, 2, 4]}
    kept = copy.deepcopy(position)
    s = GAME.from_position(TUTORIAL, position, RNG(0))
    play(s, "open:3")
    assert position == kept


# ---------------------------------------------------------------- mutation test --
POOL: list[Any] = [None, 0, -1, 1, 2, 3, 5, 7, 9, 25, 99, 1000, -5, True, False, "", "x", "zz"]
POOL += [[], [None], {}, {"a": 1}, [1, 2], "ozok", "1A", "face_down", ["ozok"], [{"id": "ozok"}]]
POOL += [{"id": "zz"}, [3, 2], [0, 0], {"theft": 9}, ["villain_defeated"]]


def test_changed_scenario_files_run_or_are_refused_in_one_line() -> None:
    """60 seeded changes of the real TOS scenario files (fights and adventures): each runs
    (its expectations may fail) or is refused with a TavoloError, never another exception."""
    sources = {p.name: yaml.safe_load(p.read_text(encoding="utf-8")) for p in FILES}
    crashed, refused = tried(sources, run, POOL)
    assert not crashed, "\n".join(crashed)
    assert 10 < refused < 60  # the changes reach the checks, and some still run
