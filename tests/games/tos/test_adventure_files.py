"""A dungeon adventure file (hand-made, or a saved one edited) is checked when it is
loaded: a broken map is one line naming the file, never a crash in the middle of a game,
and the problem it names is told in the user's language too (the ``map.*`` lines of TOS's
catalog; the last tests check that every one of them has a case).
"""

from __future__ import annotations

import copy
import json
import pickle
import random
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from mutations import changed
from tavolo.engine import ContentError, TavoloError
from tavolo.engine.files import read_data
from tavolo.engine.playout import playout, random_chooser
from tavolo.engine.rng import RNG
from tavolo.games.tos.dungeon import adventure as adventure_module
from tavolo.games.tos.dungeon import generate as generate_module
from tavolo.games.tos.dungeon import validate
from tavolo.games.tos.dungeon.adventure import DungeonAdventure, check_adventure, generate_adventure
from tavolo.games.tos.dungeon.generate import generate_map
from tavolo.games.tos.dungeon.validate import Problem
from tavolo.games.tos.text import MSG

from .support import GAME

DUNGEON = Path(__file__).parent / "adventures" / "dungeon_rules.json"
BASE: dict[str, Any] = read_data(DUNGEON)

Edit = Callable[[dict[str, Any]], object]


def write(tmp_path: Path, data: dict[str, Any], name: str = "mine.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    GAME._adventures.clear()  # each file is read afresh
    return path


def load(tmp_path: Path, data: dict[str, Any]) -> Any:
    return GAME.adventure(["file", str(write(tmp_path, data)), "dungeon"])


def edited(edit: Edit) -> dict[str, Any]:
    data = copy.deepcopy(BASE)
    edit(data)
    return data


def _set(path: str, value: Any) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        *parents, last = (int(p) if p.isdigit() else p for p in path.split("."))
        for p in parents:
            data = data[p]
        data[last] = value

    return edit


def _list(data: dict[str, Any], path: str) -> list[Any]:
    """The list at a dotted ``path`` (digits index)."""
    here: Any = data
    for p in path.split("."):
        here = here[int(p) if p.isdigit() else p]
    assert isinstance(here, list)
    return here


def _add(path: str, *items: Any) -> Edit:
    """Append ``items`` to the list at ``path``."""
    return lambda data: _list(data, path).extend(copy.deepcopy(items))


def _cut(path: str, start: int, stop: int) -> Edit:
    """Delete items ``start:stop`` of the list at ``path``."""
    return lambda data: _list(data, path).__delitem__(slice(start, stop))


def _all(*edits: Edit) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        for e in edits:
            e(data)

    return edit


def _pickable_six(data: dict[str, Any]) -> None:
    """Card 6 is the pickable card instead of 5: 3D lies beyond 6A, so it is reached only
    across the pickable card."""
    data["map"]["cards"][4]["pickable"], data["map"]["cards"][5]["pickable"] = False, True
    for r in data["map"]["rooms"]:
        r["pickable"] = r["card"] == 6


# a second door between 1A and 3B, both sides, each where a door may stand
SECOND_DOOR = (
    {"room": "1A", "cell": [3, 3], "card_cell": [3, 3], "side": "E", "code": "3B"},
    {"room": "3B", "cell": [4, 3], "card_cell": [1, 0], "side": "W", "code": "1A"},
)
FIRST = "index.cards.0.instructions.0"  # a fight at (1, 0): what an added action follows
WIN = "index.cards.1.instructions.1"  # the main quest's way out: walk on 1A after the villain

# what is broken -> (the English line after "mine.json: ", a piece of the Italian one: the
# problem in Italian words, after the frame "non è un'Avventura nel Dungeon giocabile: ")
CASES: dict[str, tuple[Edit, str, str]] = {
    "a short row": (
        _set("map.cards.1.rows.0", "?"),
        "entry 'map.cards.1': field rows: Value error, row 1 '?' needs 4 cells",
        "voce 'map.cards.1': campo rows: valore non valido: la riga 1 '?' deve avere 4 caselle",
    ),
    "three rows": (
        _set("map.cards.1.rows", [".#..", "....", ":#:."]),
        "entry 'map.cards.1': field rows: Value error, needs 6 rows, got 3",
        "servono 6 righe, non 3",
    ),
    # the cards
    "a card numbered 7": (
        _set("map.cards.0.number", 7),
        "not a playable dungeon adventure: cards are [7, 2, 3, 4, 5, 6], not 1..6",
        "giocabile: le carte sono [7, 2, 3, 4, 5, 6], non 1..6",
    ),
    "two cards of one layout": (
        _set("map.cards.1.layout", "broken-wall"),
        "not a playable dungeon adventure: two cards share a layout",
        "giocabile: due carte hanno la stessa pianta",
    ),
    "two cards of one glyph": (
        _set("map.cards.0.symbol", 4),
        "not a playable dungeon adventure: card symbols are not 0..5 once each",
        "giocabile: i simboli delle carte non sono 0..5, una volta ciascuno",
    ),
    "no pickable card": (
        _set("map.cards.4.pickable", False),
        "not a playable dungeon adventure: pickable cards []: want exactly one of 5, 6",
        "giocabile: carte prendibili []: ne serve esattamente una tra 5 e 6",
    ),
    # the rooms
    "a room missing": (
        _cut("map.rooms", 23, 24),
        "not a playable dungeon adventure: 23 distinct rooms of 23, want 24",
        "giocabile: 23 stanze distinte su 23, ne servono 24",
    ),
    "1A not at the start": (
        _set("map.rooms.0.distance", 1),
        "not a playable dungeon adventure: the first room is not 1A at (0, 0), distance 0",
        "giocabile: la prima stanza non è 1A in (0, 0) a distanza 0",
    ),
    "a room of no code": (
        _set("map.rooms.9.id", "zz"),
        "not a playable dungeon adventure: 'zz' is not a room code like 4B (and 1 more)",
        "giocabile: 'zz' non è un codice di stanza come 4B (più 1 altro problema)",
    ),
    "a room of another card": (
        _set("map.rooms.1.card", 9),
        "not a playable dungeon adventure: room 3B says card 9 orientation 1",
        "giocabile: la stanza 3B dice carta 9 e orientamento 1",
    ),
    "a room of the wrong size": (
        _set("map.rooms.1.width", 5),
        "not a playable dungeon adventure: room 3B is 5 x 4",
        "giocabile: la stanza 3B misura 5 x 4",
    ),
    "a pickable room not marked": (
        _set("map.rooms.20.pickable", False),
        "not a playable dungeon adventure: room 5B: pickable False but card 5 says otherwise",
        "giocabile: stanza 5B: pickable vale False, ma la carta 5 dice il contrario",
    ),
    "two rooms on one place": (
        _set("map.rooms.1.x", 3),
        "not a playable dungeon adventure: rooms 1A and 3B overlap",
        "giocabile: le stanze 1A e 3B si sovrappongono",
    ),
    # the doors
    "a door of no room": (
        _set("map.doors.0.room", "zz"),
        "not a playable dungeon adventure: door zz->3B at (3, 2): no room zz",
        "giocabile: porta zz->3B in (3, 2): la stanza zz non c'è (più ",
    ),
    "a door on no side": (
        _set("map.doors.0.side", "3B"),
        "door 1A->3B at (3, 2): side '3B' is not one of N, E, S, W",
        "giocabile: porta 1A->3B in (3, 2): il lato '3B' non è uno tra N, E, S, W",
    ),
    "a door of no code": (
        _set("map.doors.0.code", "zz"),
        "not a playable dungeon adventure: door 1A->zz at (3, 2): code 'zz' does not decode",
        "giocabile: porta 1A->zz in (3, 2): il codice 'zz' non indica una stanza (più 23 altri",
    ),
    "two doors on one cell": (
        _set("map.doors.4.cell", [3, 2]),
        "door 1A->2D at (3, 2): cell already holds a code in this orientation (and 4 more)",
        "porta 1A->2D in (3, 2): la casella ha già un codice in questo orientamento (più 4",
    ),
    "a door outside its room": (
        _set("map.doors.0.cell", [9, 9]),
        "not a playable dungeon adventure: door 1A->3B at (9, 9): cell is outside the room",
        "giocabile: porta 1A->3B in (9, 9): la casella è fuori dalla stanza",
    ),
    "a door printed off its card": (
        _set("map.doors.0.card_cell", [3, 9]),
        "not a playable dungeon adventure: door 1A->3B at (3, 2): printed on card cell (3, 9)",
        "giocabile: porta 1A->3B in (3, 2): è stampata sulla casella (3, 9) della carta, "
        "non sotto la porta",
    ),
    "a door on the wrong edge": (
        _set("map.doors.0.side", "N"),
        "door 1A->3B at (3, 2): not a non-corner cell of edge N (and 2 more)",
        "porta 1A->3B in (3, 2): non è su una casella del lato N che non sia un angolo (più 2",
    ),
    "a door on a wall": (
        _all(_set("map.doors.0.cell", [3, 4]), _set("map.doors.0.card_cell", [3, 4])),
        "not a playable dungeon adventure: door 1A->3B at (3, 4): on a wall (and 2 more)",
        "giocabile: porta 1A->3B in (3, 4): è su un muro (più 2 altri problemi)",
    ),
    "a door to its own card": (
        _set("map.doors.0.code", "1C"),
        "door 1A->1C at (3, 2): leads to another room of the same card (and 14 more)",
        "porta 1A->1C in (3, 2): conduce a un'altra stanza della stessa carta (più 14",
    ),
    "a door to a room elsewhere": (
        _set("map.doors.0.code", "2A"),
        "door 1A->2A at (3, 2): the facing cell (4, 2) is not in 2A",
        "porta 1A->2A in (3, 2): la casella di fronte (4, 2) non è in 2A",
    ),
    "a door with no way back": (
        _set("map.doors.1.code", "2D"),
        "door 1A->3B at (3, 2): 3B has no door back at (4, 2) (and 2 more)",
        "porta 1A->3B in (3, 2): 3B non ha una porta di ritorno in (4, 2) (più 2",
    ),
    "two doors between two rooms": (
        _add("map.doors", *SECOND_DOOR),
        "not a playable dungeon adventure: room 1A has 2 doors to 3B (and 2 more)",
        "giocabile: la stanza 1A ha 2 porte verso 3B (più 2 altri problemi)",
    ),
    # the tree of rooms
    "a door taken away": (
        _cut("map.doors", 0, 2),
        "not a playable dungeon adventure: 42 door sides, a tree of 23 rooms has 44",
        "giocabile: 42 lati di porta, ma un albero di 23 stanze ne ha 44 (più 23",
    ),
    "a room beyond the pickable card": (
        _pickable_six,
        "room 3D cannot be reached from 1A without crossing the pickable card",
        "giocabile: la stanza 3D non si raggiunge da 1A senza attraversare la carta prendibile",
    ),
    "a room at the wrong distance": (
        _set("map.rooms.1.distance", 2),
        "not a playable dungeon adventure: room 3B is 1 door from 1A, not 2",
        "giocabile: la stanza 3B è a 1 porta da 1A, non a 2",
    ),
    "a room of another parent": (
        _set("map.rooms.1.parent", "2D"),
        "not a playable dungeon adventure: room 3B has no door to its parent 2D",
        "giocabile: la stanza 3B non ha una porta verso la sua stanza madre 2D",
    ),
    "a room closed twice": (
        _set("map.closed", ["5C", "5C"]),
        "not a playable dungeon adventure: closed rooms ['5C', '5C'] repeat a room",
        "giocabile: le stanze chiuse ['5C', '5C'] ripetono una stanza",
    ),
    "1A closed": (
        _set("map.closed.0", "1A"),
        "not a playable dungeon adventure: closed room 1A is not a room other than 1A",
        "giocabile: la stanza chiusa 1A non è una stanza diversa da 1A (più 2",
    ),
    "a closed room with doors": (
        _set("map.closed", ["5C", "5A"]),
        "not a playable dungeon adventure: closed room 5A still has doors to 2A (and 1 more)",
        "giocabile: la stanza chiusa 5A ha ancora porte verso 2A (più 1 altro problema)",
    ),
    "a closed room far from its parent": (
        _set("map.rooms.21.distance", 7),
        "closed room 5C is not one door beyond its parent 6C",
        "giocabile: la stanza chiusa 5C non è a una porta oltre la sua stanza madre 6C",
    ),
    # the symbols
    "a symbol on a wall": (
        _set("map.cards.0.symbol_cell", [0, 0]),
        "not a playable dungeon adventure: card 1: symbol on no floor cell (0, 0)",
        "giocabile: carta 1: il simbolo è in (0, 0), che non è una casella di pavimento",
    ),
    "a symbol on a corner": (
        _set("map.cards.0.symbol_cell", [3, 0]),
        "not a playable dungeon adventure: card 1: symbol on a corner",
        "giocabile: carta 1: il simbolo è su un angolo",
    ),
    "a symbol under a door": (
        _set("map.cards.0.symbol_cell", [3, 2]),
        "not a playable dungeon adventure: card 1: symbol shares its cell with a door",
        "giocabile: carta 1: il simbolo è sulla stessa casella di una porta",
    ),
    "two rooms of one symbol": (
        _set("map.rooms.1.symbol", [3, 1]),
        "not a playable dungeon adventure: symbol (3, 1) names 2 rooms (and 2 more)",
        "giocabile: il simbolo (3, 1) indica 2 stanze (più 2 altri problemi)",
    ),
    "two rooms' symbols swapped": (
        _all(_set("map.rooms.1.symbol", [5, 3]), _set("map.rooms.7.symbol", [5, 2])),
        "room 3B: symbol (5, 3) is not its card's glyph turned (and 1 more)",
        "giocabile: stanza 3B: il simbolo (5, 3) non è il glifo della sua carta ruotato (più 1",
    ),
    # the index
    "a bar of two sizes": (
        _all(
            _add(f"{FIRST}.actions", {"kind": "tick", "bar": "lever", "boxes": 3}),
            _add(
                "index.cards.0.instructions.1.actions", {"kind": "tick", "bar": "lever", "boxes": 1}
            ),
        ),
        "not a playable dungeon adventure: bar lever has 3 boxes and 1",
        "giocabile: la barra lever ha 3 caselle in una voce e 1 in un'altra",
    ),
    "a condition on a bar never ticked": (
        _set(f"{WIN}.conditions", [{"kind": "bar_full", "bar": "lever"}]),
        "not a playable dungeon adventure: condition names bar lever, which no instruction ticks",
        "giocabile: una condizione nomina la barra lever, che nessuna voce fa annerire",
    ),
    "a pick of a card not pickable": (
        _add(f"{FIRST}.actions", {"kind": "pick", "banner": 1, "card": 6}),
        "not a playable dungeon adventure: pick takes card 6, not the pickable card",
        "giocabile: l'azione pick prende la carta 6, non la carta prendibile",
    ),
    "a forge outside the pickable card": (
        _add(f"{FIRST}.actions", {"kind": "forge", "elements": ["water", "fire"], "banner": 1}),
        "not a playable dungeon adventure: forge takes card 6, not the pickable card",
        "giocabile: l'azione forge prende la carta 6, non la carta prendibile",
    ),
    "no way to win": (
        _set(f"{WIN}.actions", [{"kind": "story", "label": "main.victory", "rooms": []}]),
        "not a playable dungeon adventure: no instruction wins the adventure",
        "giocabile: nessuna voce fa vincere l'avventura",
    ),
    "a win behind an item never found": (
        _set(f"{WIN}.conditions", [{"kind": "has_item", "item": "nothing"}]),
        "not a playable dungeon adventure: the main quest cannot be completed",
        "giocabile: la missione principale non si può completare",
    ),
}

# problems a file reaches only after another one (the map holds every room and symbol
# until a check of the map fails): what is broken -> (edit, the English problem, the Italian)
LATER: dict[str, tuple[Edit, str, str]] = {
    "a room cut off": (
        CASES["a door of no code"][0],
        "room 3B cannot be reached from 1A",
        "la stanza 3B non si raggiunge da 1A",
    ),
    "an instruction of a symbol gone": (
        CASES["two rooms of one symbol"][0],
        "instruction symbol (5, 2) is not on the map",
        "il simbolo (5, 2) di una voce non è sulla mappa",
    ),
    "a condition on a symbol gone": (
        _all(
            CASES["two rooms of one symbol"][0],
            _set(f"{FIRST}.conditions", [{"kind": "mapped", "symbol": [5, 2]}]),
        ),
        "condition names symbol (5, 2), not on the map",
        "una condizione nomina il simbolo (5, 2), che non è sulla mappa",
    ),
    "a teleport to a room gone": (
        CASES["a room of no code"][0],
        "teleport names room 6B, not on the map",
        "l'azione teleport nomina la stanza 6B, che non è sulla mappa",
    ),
}

# checks no file reaches: the schema, or an earlier check, refuses first (tested below)
UNREACHABLE = {"map.door.target", "map.instructions_share"}


@pytest.mark.parametrize("case", list(CASES))
def test_a_broken_dungeon_file_is_one_line_in_both_languages(tmp_path: Path, case: str) -> None:
    edit, english, italian = CASES[case]
    with pytest.raises(ContentError) as err:
        load(tmp_path, edited(edit))
    assert str(err.value).startswith("mine.json: ") and english in str(err.value), str(err.value)
    told = err.value.told("it")
    assert italian in told, told
    problem = err.value.params.get("problem")
    assert problem is None or str(problem) not in told  # no English left in the Italian line


@pytest.mark.parametrize("case", list(LATER))
def test_a_later_problem_is_told_in_both_languages(case: str) -> None:
    edit, english, italian = LATER[case]
    a = DungeonAdventure.from_json(edited(edit))
    told = {str(p): p.told("it") for p in check_adventure(a.map, a.index)}
    assert told.get(english) == italian, told


def test_a_door_to_no_room_and_a_shared_symbol_are_told_too() -> None:
    """Two checks no file reaches: 24 rooms of distinct codes leave no code without its
    room, and the index's schema refuses two entries of one symbol first."""
    a = DungeonAdventure.from_json(copy.deepcopy(BASE))
    gone = replace(a.map, rooms=tuple(r for r in a.map.rooms if r.id != "3B"))
    door = validate._check_doors(gone)[0]
    assert (door.key, str(door)) == ("map.door.target", "door 1A->3B at (3, 2): leads to no room")
    assert door.told("it") == "porta 1A->3B in (3, 2): non conduce a nessuna stanza"
    first = a.index.cards[0]
    twice = first.model_copy(update={"instructions": first.instructions[:1] * 2})
    index = a.index.model_copy(update={"cards": (twice, *a.index.cards[1:])})
    shared = [p for p in check_adventure(a.map, index) if p.key == "map.instructions_share"]
    assert [(str(p), p.told("it")) for p in shared] == [
        ("two instructions share symbol (1, 0)", "due voci hanno lo stesso simbolo (1, 0)")
    ]


def test_every_map_key_has_a_case(tmp_path: Path) -> None:
    """Each ``map.*`` line of TOS's catalog is some case's first problem, a later one, or
    one of the two no file reaches."""
    first: set[str] = set()
    for edit, _, _ in CASES.values():
        with pytest.raises(ContentError) as err:
            load(tmp_path, edited(edit))
        problem = err.value.params.get("problem")
        if isinstance(problem, Problem):
            first.add(problem.key)
    later: set[str] = set()
    for edit, english, _ in LATER.values():
        a = DungeonAdventure.from_json(edited(edit))
        later |= {p.key for p in check_adventure(a.map, a.index) if str(p) == english}
    catalog = {key for key in MSG.messages["en"] if key.startswith("map.")}
    assert first | later | UNREACHABLE == catalog
    assert not (first | later) & UNREACHABLE


def test_a_problem_reads_as_its_english_line() -> None:
    p = Problem("room_distance", room="3B", n=1, distance=2)
    assert str(p) == "room 3B is 1 door from 1A, not 2" == p and "1 door" in p
    assert p.told("it") == "la stanza 3B è a 1 porta da 1A, non a 2"
    again = pickle.loads(pickle.dumps(p))
    assert (type(again), again.key, again.told("it")) == (Problem, p.key, p.told("it"))


def test_a_rejected_attempt_is_kept_as_its_english_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """The generators record why an attempt failed as plain English text, saved with the
    map and the adventure."""

    def failing_once(real: Callable[..., list[Problem]], problem: Problem) -> Callable[..., object]:
        calls: list[object] = []

        def check(*args: Any) -> list[Problem]:
            calls.append(args)
            return [problem] if len(calls) == 1 else real(*args)

        return check

    far = Problem("room_distance", room="3B", n=1, distance=2)
    monkeypatch.setattr(generate_module, "check_map", failing_once(validate.check_map, far))
    m = generate_map(5)
    assert m.rejected == ("attempt 1: room 3B is 1 door from 1A, not 2",)
    real = adventure_module.check_adventure
    monkeypatch.setattr(adventure_module, "check_adventure", failing_once(real, Problem("no_win")))
    a = generate_adventure(11)
    assert a.rejected == ("attempt 1: no instruction wins the adventure",)
    assert all(type(r) is str for r in (*m.rejected, *a.rejected))
    assert json.loads(json.dumps(a.to_json()))["rejected"] == list(a.rejected)


def test_the_hand_made_dungeon_still_loads(tmp_path: Path) -> None:
    assert load(tmp_path, copy.deepcopy(BASE)).map.rooms


ODD: list[Any] = [None, 0, -1, 99, True, "", "zz", "1A", "6D", [], [None], {}, "?", [3, 9]]


@pytest.mark.parametrize("seed", range(40))
def test_a_changed_dungeon_file_is_refused_in_one_line_or_played(tmp_path: Path, seed: int) -> None:
    """Found by changing saved files at random: every change either is refused with a
    tavolo error, or gives a game that plays to its end (or a few hundred decisions)."""
    rng = random.Random(seed)
    try:
        cfg = GAME.make_config(
            1, "dungeon", file=str(write(tmp_path, changed(BASE, rng, ODD, inside=None)))
        )
        s = GAME.new(cfg, seed)
    except TavoloError:
        return
    playout(GAME, s, random_chooser(RNG(seed)), 300)
