"""DungeonQuest's scenario positions, written by hand: a malformed one is one line, told in
English and Italian, never a traceback; what a position accepts, the rules can play.

The cases are the crashes a mutation fuzzer of the scenario files found (a number where
a list goes, a string where a square goes, an unknown hero, a hero on no tile...) and the
checks added with them; the mutation test below changes the real scenario files at random
the same way and runs them through the engine's scenario runner.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml

from mutations import tried
from tavolo.engine import ScriptedRNG, registry
from tavolo.engine.errors import ScenarioError
from tavolo.engine.scenario import run
from tavolo.games.dungeonquest.game import DungeonQuestGame

GAME: DungeonQuestGame = registry.get("dungeonquest")  # type: ignore[assignment]
SCENARIOS = Path(__file__).parents[2] / "scenarios" / "dungeonquest"
FILES = sorted(SCENARIOS.glob("*.yaml"))
# the scenario files' usual start: a room east of the north-west tower
HERO = {"id": "ulv_grimhand", "ring": "opening", "at": [1, 0], "prev": [0, 0]}
ROOM = [{"tile": "room_ooo_01", "at": [1, 0], "heading": "E"}]
SAYS = "position: "
IT = "posizione: "


def pos(hero: dict[str, Any] | None = None, tiles: Any = None, **where: Any) -> dict[str, Any]:
    """The usual start with the hero's fields changed by ``hero`` (None: dropped)."""
    h = {k: v for k, v in {**HERO, **(hero or {})}.items() if v is not None}
    return {"heroes": [h], "tiles": ROOM if tiles is None else tiles, **where}


def tile(**fields: Any) -> list[dict[str, Any]]:
    return [{**ROOM[0], **fields}]


# case: (players, position, the English line, a piece of the Italian one)
CASES: dict[str, tuple[int, Any, str, str]] = {
    # -- crashes found by the fuzzer (HEAD game.py / rules.py lines)
    "position a list (l. 305, AttributeError)": (
        1,
        [1],
        SAYS + "must be a mapping of fields (heroes, tiles, round, active, dragon_out, seed)",
        IT + "serve una mappa di campi",
    ),
    "heroes a mapping (l. 307, KeyError)": (
        1,
        {"heroes": {"id": "volrik"}},
        SAYS + "field heroes: Input should be a valid list",
        IT + "campo heroes: serve un elenco",
    ),
    "hero without id (l. 307, KeyError)": (
        1,
        pos({"id": None}),
        SAYS + "field heroes.0.id: Field required",
        IT + "campo heroes.0.id: campo obbligatorio",
    ),
    "hero id a number (l. 307, TypeError)": (
        1,
        pos({"id": 7}),
        SAYS + "field heroes.0.id: Input should be a valid string",
        IT + "campo heroes.0.id: serve un testo",
    ),
    "hero a list (l. 307, TypeError)": (
        1,
        {"heroes": [["ulv_grimhand"]]},
        SAYS + "field heroes.0: Input should be a valid dictionary or instance of HeroAt",
        IT + "campo heroes.0: serve una mappa",
    ),
    "heroes a boolean (l. 313, TypeError)": (
        1,
        {"heroes": True},
        SAYS + "field heroes: Input should be a valid list",
        IT + "campo heroes: serve un elenco",
    ),
    "tiles a number (l. 319, TypeError)": (
        1,
        pos(tiles=5),
        SAYS + "field tiles: Input should be a valid list",
        IT + "campo tiles: serve un elenco",
    ),
    "tile a list (l. 320, AttributeError)": (
        1,
        pos(tiles=[["room_ooo_01"]]),
        SAYS + "field tiles.0: Input should be a valid dictionary or instance of TileAt",
        IT + "campo tiles.0: serve una mappa",
    ),
    "tile id a list (l. 321, TypeError)": (
        1,
        pos(tiles=tile(tile=["room_ooo_01"])),
        SAYS + "field tiles.0.tile: Input should be a valid string",
        IT + "campo tiles.0.tile: serve un testo",
    ),
    "tile named by id, not tile (l. 321: 'no tile None')": (
        1,
        pos(tiles=[{"id": "room_ooo_01", "at": [1, 0], "heading": "E"}]),
        SAYS + "tiles entry 1 names no tile: write tile: ID (e.g. tile: room_ooo_01)",
        IT + "nessuna tessera nella voce 1 di tiles: scrivi tile: ID",
    ),
    "tile without at (l. 323, KeyError)": (
        1,
        pos(tiles=[{"tile": "room_ooo_01", "heading": "E"}]),
        SAYS + "field tiles.0.at: Field required",
        IT + "campo tiles.0.at: campo obbligatorio",
    ),
    "tile at a number (l. 323, TypeError)": (
        1,
        pos(tiles=tile(at=1)),
        SAYS + "field tiles.0.at: Input should be a valid tuple",
        IT + "campo tiles.0.at: serve un elenco",
    ),
    "heading a number (l. 324, TypeError)": (
        1,
        pos(tiles=tile(heading=1)),
        SAYS + "field tiles.0.heading: Input should be 'N', 'E', 'S' or 'W'",
        IT + "campo tiles.0.heading: serve 'N', 'E', 'S' o 'W'",
    ),
    "heading unknown (l. 324, ValueError)": (
        1,
        pos(tiles=tile(heading="x")),
        SAYS + "field tiles.0.heading: Input should be 'N', 'E', 'S' or 'W'",
        "campo tiles.0.heading: serve 'N', 'E', 'S' o 'W'",
    ),
    "tile at with a text (board.py l. 117, TypeError)": (
        1,
        pos(tiles=tile(at=[1, "x"])),
        SAYS + "field tiles.0.at.1: Input should be a valid integer",
        IT + "campo tiles.0.at.1: serve un numero intero",
    ),
    "tile at one number (board.py l. 117, IndexError)": (
        1,
        pos(tiles=tile(at=[1])),
        SAYS + "field tiles.0.at.1: Field required",
        IT + "campo tiles.0.at.1: campo obbligatorio",
    ),
    "more heroes than players (l. 333, IndexError)": (
        1,
        {"heroes": [HERO, {"id": "volrik", "at": [0, 9]}], "tiles": ROOM},
        SAYS + "2 heroes for 1 player: one hero a player at most",
        IT + "2 eroi per 1 giocatore: al massimo un eroe per giocatore",
    ),
    "hero at a number (l. 335, TypeError)": (
        1,
        pos({"at": 5}),
        SAYS + "field heroes.0.at: Input should be a valid tuple",
        IT + "campo heroes.0.at: serve un elenco",
    ),
    "prev a boolean (l. 338, TypeError)": (
        1,
        pos({"prev": True}),
        SAYS + "field heroes.0.prev: Input should be a valid tuple",
        IT + "campo heroes.0.prev: serve un elenco",
    ),
    "prev three numbers (l. 339, IndexError)": (
        1,
        pos({"prev": [0, 0, 0]}),
        SAYS + "field heroes.0.prev: Tuple should have at most 2 items after validation, not 3",
        IT + "campo heroes.0.prev: Tuple: al massimo 2 elementi, non 3",
    ),
    "prev not next to at (l. 340, KeyError)": (
        1,
        pos({"prev": [3, 0]}),
        SAYS + "hero 1 came from (3, 0), which is not next to (1, 0)",
        IT + "l'eroe 1 arriva da (3, 0), che non confina con (1, 0)",
    ),
    "treasure a number (l. 344, TypeError)": (
        1,
        pos({"treasure": 700}),
        SAYS + "field heroes.0.treasure: Input should be a valid list",
        IT + "campo heroes.0.treasure: serve un elenco",
    ),
    "round a text (l. 361, ValueError)": (
        1,
        pos(round=""),
        SAYS + "field round: Input should be a valid integer",
        IT + "campo round: serve un numero intero",
    ),
    "unknown hero (rules.py l. 193, KeyError)": (
        1,
        pos({"id": "zz"}),
        SAYS + "no hero 'zz'; heroes: " + ", ".join(GAME.heroes),
        IT + "nessun eroe 'zz'; eroi: sir_rohan",
    ),
    "hero on no tile (rules.py l. 338, AssertionError)": (
        1,
        pos({"at": [2, 0], "prev": [1, 0]}),
        SAYS + "hero 1 stands on (2, 0), where no tile lies (add one to tiles)",
        IT + "l'eroe 1 sta in (2, 0), dove non c'è nessuna tessera (aggiungila a tiles)",
    ),
    "too many sleeping dragon counters (ValueError)": (
        1,
        pos(dragon_out=8),
        SAYS + "dragon_out 8 is not between 0 and 7 "
        "(the pool holds 7 'The Dragon Sleeps' counters)",
        IT + "dragon_out 8 non è compreso tra 0 e 7 (la riserva ha 7 segnalini 'Il drago dorme')",
    ),
    "a potion for two heroes (ValueError)": (
        2,
        {
            "heroes": [
                {**HERO, "potion": True},
                {"id": "volrik", "ring": "healing", "at": [0, 9], "potion": True},
            ],
            "tiles": ROOM,
        },
        SAYS + "no 'potion' card left in the room deck for hero 2",
        IT + "nel mazzo room non resta nessuna carta 'potion' per l'eroe 2",
    ),
    "held from no deck (KeyError)": (
        1,
        pos({"held": ["torch_goes_out"]}),
        SAYS + "hero 1 cannot hold 'torch_goes_out'; cards that can be held: "
        "room:trapdoor, room:torch_goes_out, room:giant_spider, trap:trapdoor",
        IT + "l'eroe 1 non può tenere 'torch_goes_out'; carte che si possono tenere: room:",
    ),
    "held more copies than the deck has (ValueError)": (
        1,
        pos({"held": ["room:torch_goes_out"] * 4}),
        SAYS + "no 'torch_goes_out' card left in the room deck for hero 1",
        IT + "nel mazzo room non resta nessuna carta 'torch_goes_out'",
    ),
    "active no player (IndexError in play)": (
        1,
        pos(active=1),
        SAYS + "active 1 is not a player: players are numbered 0 to 0",
        IT + "active 1 non è un giocatore: i giocatori sono numerati da 0 a 0",
    ),
    # -- checks added with them: values the rules never hold
    "unknown field": (
        1,
        pos({"gold": 5}),
        SAYS + "field heroes.0.gold: Extra inputs are not permitted",
        IT + "campo heroes.0.gold: campo non previsto",
    ),
    "unknown ring": (
        1,
        pos({"ring": "invisibility"}),
        SAYS + "no ring 'invisibility'; rings: blinding, healing, opening, warning",
        IT + "nessun anello 'invisibility'; anelli: blinding",
    ),
    "one ring for two heroes": (
        2,
        {"heroes": [HERO, {"id": "volrik", "ring": "opening", "at": [0, 9]}], "tiles": ROOM},
        SAYS + "ring 'opening' is worn by two heroes",
        IT + "l'anello 'opening' è al dito di due eroi",
    ),
    "one hero twice": (
        2,
        {"heroes": [HERO, {**HERO, "ring": "healing", "at": [0, 9]}], "tiles": ROOM},
        SAYS + "hero 'ulv_grimhand' is played twice",
        IT + "l'eroe 'ulv_grimhand' compare due volte",
    ),
    "two heroes on one room": (
        2,
        {"heroes": [HERO, {"id": "volrik", "ring": "healing", "at": [1, 0]}], "tiles": ROOM},
        SAYS + "heroes 1 and 2 both stand on (1, 0); only the Treasure Chamber holds more than one",
        IT + "gli eroi 1 e 2 stanno entrambi in (1, 0); solo nella Camera del Tesoro",
    ),
    "hero off the board": (
        1,
        pos({"at": [13, 0]}),
        SAYS + "hero 1: square (13, 0) is off the 13 x 10 board",
        IT + "eroe 1: la casella (13, 0) è fuori dal tabellone 13 x 10",
    ),
    "came from off the board": (
        1,
        pos({"at": [0, 0], "prev": [-1, 0]}, tiles=[]),
        SAYS + "hero 1: square (-1, 0) is off the 13 x 10 board",
        "eroe 1: la casella (-1, 0) è fuori dal tabellone",
    ),
    "no life left": (
        1,
        pos({"life": 0}),
        SAYS + "hero 1 (ulv_grimhand) cannot have 0 Life Points: from 1 to 16",
        IT + "l'eroe 1 (ulv_grimhand) non può avere 0 PV: da 1 a 16",
    ),
    "more life than the hero's": (
        1,
        pos({"life": 17}),
        SAYS + "hero 1 (ulv_grimhand) cannot have 17 Life Points: from 1 to 16",
        "(ulv_grimhand) non può avere 17 PV: da 1 a 16",
    ),
    "a potion card held": (
        1,
        pos({"held": ["room:potion"]}),
        SAYS + "hero 1 cannot hold 'room:potion'; cards that can be held: "
        "room:trapdoor, room:torch_goes_out, room:giant_spider, trap:trapdoor",
        IT + "l'eroe 1 non può tenere 'room:potion'",
    ),
    "round past sunset": (
        1,
        pos(round=27),
        SAYS + "round 27 is not between 1 and 26",
        IT + "il round 27 non è compreso tra 1 e 26",
    ),
    "negative lost turns": (
        1,
        pos({"lost_turns": -1}),
        SAYS + "field heroes.0.lost_turns: Input should be greater than or equal to 0",
        IT + "campo heroes.0.lost_turns: serve un valore maggiore o uguale a 0",
    ),
    "a treasure not in the cup (kept)": (
        1,
        pos({"treasure": [123]}),
        SAYS + "no treasure counter of 123 GP in the cup",
        IT + "nessun segnalino tesoro da 123 MO nella coppa",
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_a_malformed_position_is_one_line_in_english_and_italian(case: str) -> None:
    players, position, english, italian = CASES[case]
    with pytest.raises(ScenarioError) as err:
        GAME.from_position(GAME.make_config(players), copy.deepcopy(position), ScriptedRNG(0))
    assert str(err.value) == english
    told = err.value.told("it")
    assert italian in told, told
    assert told != english and "\n" not in told


def test_a_scenario_file_with_a_bad_position_is_refused_by_the_runner() -> None:
    data = yaml.safe_load((SCENARIOS / "dragon_sleeps.yaml").read_text(encoding="utf-8"))
    data["position"]["heroes"][0]["at"] = [6, "4"]
    with pytest.raises(ScenarioError, match=r"field heroes\.0\.at\.1: Input should be"):
        run(data, "dragon_sleeps.yaml")


def test_a_valid_position_still_loads_as_before() -> None:
    """Every field a position knows is read; null leaves the set-up's value."""
    position = {
        "seed": 3,
        "heroes": [
            {
                **HERO,
                "life": 9,
                "potion": True,
                "rope": True,
                "treasure": [700],
                "held": ["room:torch_goes_out"],
                "lost_turns": 1,
            },
            {"id": "volrik", "ring": None, "at": [6, 4], "prev": [5, 4]},
        ],
        "tiles": [*ROOM, {"tile": "room_ooo_02", "at": [5, 4], "heading": "W", "turns": 1}],
        "round": 5,
        "active": 1,
        "dragon_out": 2,
    }
    s = GAME.from_position(GAME.make_config(2), position, ScriptedRNG(0))
    h, v = s.heroes
    assert (h.pos, h.prev, h.entered, h.life, h.lost_turns) == ((1, 0), (0, 0), 3, 9, 1)
    assert h.potion == ("room", "potion") and h.ropes == [("corpse", "rope")]
    assert h.treasure == [700] and h.held == [("room", "torch_goes_out")]
    assert v.id == "volrik" and v.pos == (6, 4) and v.ring and v.ring != "opening"
    assert s.board[5, 4].turns == 1 and s.round == 5 and s.active == 1
    assert s.dragon_out == ["asleep", "asleep"] and s.dragon.count("asleep") == 5


def test_a_hero_may_come_from_an_unexplored_square() -> None:
    """The scenario files start heroes as if from an empty square (escape_through_tower)."""
    s = GAME.from_position(GAME.make_config(1), pos({"prev": [2, 0]}), ScriptedRNG(0))
    assert s.heroes[0].prev == (2, 0) and s.heroes[0].entered == 1


def test_a_card_a_position_gives_is_no_longer_among_its_decks_unseen() -> None:
    """A potion and a rope taken out of their decks: each deck counts as many unseen
    cards as it has left, not one more (draws picked among cards that were not there:
    its top card came up twice as often as the others)."""
    s = GAME.from_position(GAME.make_config(1), pos({"potion": True, "rope": True}), ScriptedRNG(0))
    full = GAME.new(GAME.make_config(1), 0).decks
    assert {d: s.fresh[d] for d in s.decks} == {d: len(c) for d, c in s.decks.items()}
    assert (len(s.decks["room"]), len(s.decks["corpse"])) == (
        len(full["room"]) - 1,
        len(full["corpse"]) - 1,
    )


# ---------------------------------------------------------------- mutation test --
POOL: list[Any] = [None, 0, -1, 1, 2, 3, 7, 25, 99, -5, True, False, "", "x", [], [None], {}]
POOL += [{"a": 1}, [1, 2], [6, 4], "1A", "volrik", "healing", "N", ["room:giant_spider"]]
POOL += ["room:torch_goes_out", [{"id": "zz"}], {"id": "zz"}]


def test_changed_scenario_files_run_or_are_refused_in_one_line() -> None:
    """60 seeded changes of the real scenario files: each runs (its expectations may
    fail) or is refused with a TavoloError, never another exception."""
    sources = {p.name: yaml.safe_load(p.read_text(encoding="utf-8")) for p in FILES}
    crashed, refused = tried(sources, run, POOL)
    assert not crashed, "\n".join(crashed)
    assert 0 < refused < 60
