"""Estro's 1v1 scenario positions, written by hand: a malformed one is one line, told in
English and Italian, never a traceback; what a position accepts, the rules can play.

The cases are the crashes a mutation fuzzer of the scenario files found (a number where
a list goes, a string where an int goes, an entry that is no mapping...) and the checks
added with them; the mutation test below changes the real scenario files at random the
same way and runs them through the engine's scenario runner.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any, get_args

import pytest
import yaml

from mutations import tried
from tavolo.engine import ConfigError, ScriptedRNG, registry
from tavolo.engine.scenario import run
from tavolo.games.estro.game import EstroGame, EstroName, StatName
from tavolo.games.estro.schema import ESTRI, STATS

GAME: EstroGame = registry.get("estro")  # type: ignore[assignment]
SCENARIOS = Path(__file__).parents[2] / "scenarios" / "estro"
FILES = sorted(
    p for p in SCENARIOS.glob("*.yaml") if p.name.startswith(("example", "rule", "mode"))
)
# worked example 1's players: Ozok against Thofa, one card in each deck
P0 = {"field": ["ozok"], "hand": [], "deck": ["vurrax"], "zone_used": True}
P1 = {"field": ["thofa"], "hand": [], "deck": ["violet_needle"], "zone_used": True}
SAYS = "estro position: "
P1_SAYS = "estro position, player 1: "
IT = "posizione di estro: "
P1_IT = "posizione di estro, giocatore 1: "
VALUE = "Value error, a field entry is a card id or a mapping with its id"


def pos(p0: Any = None, mode: str = "standard", **where: Any) -> tuple[str, Any]:
    """Worked example 1's position (player 1 changed to ``p0``'s fields), in ``mode``."""
    player = {**P0, **(p0 or {})}
    base = {"zone": "controllo", "round": 2, "first": 0, "active": 0, "phase": "battle"}
    return mode, {**base, **where, "players": [player, dict(P1)]}


def field(*entries: Any, mode: str = "standard", **p0: Any) -> tuple[str, Any]:
    return pos({"field": list(entries), **p0}, mode)


SOGNO = "sogno_lucido"
# case: (mode and position, the English line, a piece of the Italian one)
CASES: dict[str, tuple[tuple[str, Any], str, str]] = {
    # -- crashes found by the fuzzer (HEAD game.py lines): TypeError, ValueError, AttributeError
    "deck a number (l. 411)": (
        pos({"deck": 5}),
        P1_SAYS + "field deck: Input should be a valid list",
        P1_IT + "campo deck: serve un elenco",
    ),
    "hand a number (l. 412)": (
        pos({"hand": 7}),
        P1_SAYS + "field hand: Input should be a valid list",
        P1_IT + "campo hand: serve un elenco",
    ),
    "field null (l. 418)": (
        pos({"field": None}),
        P1_SAYS + "field field: Input should be a valid list",
        P1_IT + "campo field: serve un elenco",
    ),
    "field entry a number (l. 421)": (
        field(5),
        P1_SAYS + "field field.0: " + VALUE,
        "campo field.0: valore non valido: una voce di field è l'id di una carta o una mappa",
    ),
    "field entry a list (l. 421)": (
        field(["ozok"]),
        P1_SAYS + "field field.0: " + VALUE,
        "una voce di field è l'id di una carta",
    ),
    "first a list (l. 366)": (
        pos(first=[]),
        SAYS + "field first: Input should be a valid integer",
        IT + "campo first: serve un numero intero",
    ),
    "round a card (l. 367)": (
        pos(round="ozok"),
        SAYS + "field round: Input should be a valid integer",
        IT + "campo round: serve un numero intero",
    ),
    "active empty (l. 368)": (
        pos(active=""),
        SAYS + "field active: Input should be a valid integer",
        IT + "campo active: serve un numero intero",
    ),
    # -- the same kinds of slip, elsewhere in a position
    "not a mapping": (
        ("standard", [1, 2]),
        SAYS + "the position must be a mapping",
        IT + "la posizione deve essere una mappa",
    ),
    "incinerator a card": (
        pos({"incinerator": "ozok"}),
        P1_SAYS + "field incinerator: Input should be a valid list",
        P1_IT + "campo incinerator: serve un elenco",
    ),
    "a card id a number": (
        pos({"deck": [3]}),
        P1_SAYS + "field deck.0: Input should be a valid string",
        P1_IT + "campo deck.0: serve un testo",
    ),
    "entry without id": (
        field({"face_down": True}),
        P1_SAYS + "field field.0.id: Field required",
        P1_IT + "campo field.0.id: campo obbligatorio",
    ),
    "entry with a misspelt field": (
        field({"id": "ozok", "facedown": True}),
        P1_SAYS + "field field.0.facedown: Extra inputs are not permitted",
        P1_IT + "campo field.0.facedown: campo non previsto",
    ),
    "face_down a word": (
        field({"id": "ozok", "face_down": "yes"}),
        P1_SAYS + "field field.0.face_down: Input should be a valid boolean",
        "campo field.0.face_down: serve un valore vero o falso",
    ),
    "unknown estro (ValueError)": (
        field({"id": "ozok", "estro": "fire"}),
        P1_SAYS
        + "field field.0.estro: Input should be 'ardo', 'granito', 'armonio', 'illusio' or 'manpo'",
        "campo field.0.estro: serve 'ardo', 'granito', 'armonio', 'illusio' o 'manpo'",
    ),
    "mods a list (AttributeError)": (
        field({"id": "ozok", "mods": [10]}),
        P1_SAYS + "field field.0.mods: Input should be a valid dictionary",
        "campo field.0.mods: serve una mappa",
    ),
    "mods of an unknown stat": (
        field({"id": "ozok", "mods": {"spd": 3}}),
        P1_SAYS
        + "field field.0.mods.spd.[key]: Input should be 'atk', 'def', 'hel', 'dex' or 'map'",
        "serve 'atk', 'def', 'hel', 'dex' o 'map'",
    ),
    "mods a word (ValueError)": (
        field({"id": "ozok", "mods": {"dex": "ten"}}),
        P1_SAYS + "field field.0.mods.dex: Input should be a valid integer",
        "campo field.0.mods.dex: serve un numero intero",
    ),
    "zone_used a word": (
        pos({"zone_used": "x"}),
        P1_SAYS + "field zone_used: Input should be a valid boolean",
        "campo zone_used: serve un valore vero o falso",
    ),
    "necrotokens a word (ValueError)": (
        pos({"necrotokens": "two"}, "necrotoken"),
        P1_SAYS + "field necrotokens: Input should be a valid integer",
        "campo necrotokens: serve un numero intero",
    ),
    "zone a number": (
        pos(zone=5),
        SAYS + "field zone: Input should be a valid string",
        IT + "campo zone: serve un testo",
    ),
    "round 0": (
        pos(round=0),
        SAYS + "field round: Input should be greater than or equal to 1",
        IT + "campo round: serve un valore maggiore o uguale a 1",
    ),
    "rift a number (TypeError)": (
        pos(mode="standard+fessura", rift=5),
        SAYS + "field rift: Input should be a valid list",
        IT + "campo rift: serve un elenco",
    ),
    # -- what the rules cannot hold: a KeyError or a meaningless state in play
    "a Chimera in the hand": (
        pos({"hand": ["ozok+nyxara"]}, "standard+chimera"),
        SAYS + "Chimera 'ozok+nyxara' can only be on a field",
        IT + "la Chimera 'ozok+nyxara' può stare solo in campo",
    ),
    "a Chimera in the rift": (
        pos(mode="standard+chimera+fessura", rift=["ozok+nyxara"]),
        SAYS + "Chimera 'ozok+nyxara' can only be on a field",
        "può stare solo in campo",
    ),
    "a face-down Chimera": (
        field({"id": "ozok+nyxara", "face_down": True}, mode="standard+chimera"),
        SAYS + "Chimera 'ozok+nyxara' is always face up",
        IT + "la Chimera 'ozok+nyxara' è sempre scoperta",
    ),
    "a zone outside Zona di Conquista": (
        field({"id": "ozok", "zone": "militare"}),
        SAYS + "a field card's zone needs mode zona_conquista",
        IT + "la zona di una carta in campo vuole la modalità zona_conquista",
    ),
    "supports outside Sogno Lucido": (
        field("brakka", {"id": "yssel", "supports": "brakka"}),
        SAYS + "supports needs mode sogno_lucido",
        IT + "supports vuole la modalità sogno_lucido",
    ),
    "supports a card off the field": (
        field({"id": "yssel", "supports": "brakka"}, mode=SOGNO),
        SAYS + "player 1's 'yssel' supports 'brakka', which is not another card of their field",
        IT + "'yssel' del giocatore 1 supporta 'brakka', che non è un'altra carta del suo campo",
    ),
    "supports itself": (
        field({"id": "yssel", "supports": "yssel"}, mode=SOGNO),
        SAYS + "player 1's 'yssel' supports 'yssel', which is not another card of their field",
        "supporta 'yssel'",
    ),
    "three supports": (
        field(
            "brakka",
            *({"id": c, "supports": "brakka"} for c in ("yssel", "greenhalo", "balm_serpent")),
            mode=SOGNO,
            deck=[],
        ),
        SAYS + "'brakka' has more than 2 supports",
        IT + "'brakka' ha più di 2 supporti",
    ),
    # -- the checks that were there, kept
    "phase": (
        pos(phase="setup"),
        SAYS + "phase is play|battle, first/active are 0|1",
        "phase vale",
    ),
    "players": (("standard", {"players": [{}]}), SAYS + "players must list two players", "due"),
}


@pytest.mark.parametrize("case", list(CASES))
def test_a_malformed_position_is_one_line_in_english_and_italian(case: str) -> None:
    (mode, position), english, italian = CASES[case]
    with pytest.raises(ConfigError) as err:
        GAME.from_position(GAME.make_config(2, mode), copy.deepcopy(position), ScriptedRNG(0))
    assert str(err.value) == english
    told = err.value.told("it")
    assert italian in told, told
    assert told != english and "\n" not in told


def test_a_table_modes_players_are_checked_and_named_as_that_mode() -> None:
    """Inferno and Navi build their players with the 1v1 code: the same checks, their name."""
    navi, inferno = GAME.tables["navi"], GAME.tables["inferno"]
    with pytest.raises(ConfigError) as err:
        navi._position_player(0, {"hand": 3})
    assert (
        str(err.value) == "estro navi position, player 1: field hand: Input should be a valid list"
    )
    assert "posizione di estro navi, giocatore 1: campo hand" in err.value.told("it")
    with pytest.raises(ConfigError, match="estro inferno position: player 2 must be a mapping"):
        inferno._position_player(1, ["ozok"])
    with pytest.raises(ConfigError, match=r"estro inferno position, player 1: field field\.0\.id"):
        inferno._position_player(0, {"field": [{"id": 7}]})


def test_a_valid_position_still_loads_as_before() -> None:
    """Python callers may give tuples; every field a 1v1 position knows is read."""
    mode, position = field(
        {"id": "ozok", "spent": True, "inhibited": True, "estro": "manpo", "mods": {"dex": 4}},
        {"id": "madu", "face_down": True},
        deck=("vurrax",),
        mode="necrotoken",
    )
    position["players"][0]["necrotokens"] = 2
    s = GAME.from_position(GAME.make_config(2, mode), position, ScriptedRNG(0))
    pl = s.players[0]
    assert pl.deck == ["vurrax"] and pl.field == ["ozok", "madu"] and pl.down == {"madu"}
    assert pl.spent == {"ozok"} and pl.inhibited == {"ozok"} and pl.necro == 2
    assert pl.estro == {"ozok": ESTRI.index("manpo")} and pl.mods == {"ozok": (0, 0, 0, 4, 0)}


def test_the_models_names_follow_the_schema() -> None:
    assert get_args(EstroName) == ESTRI
    assert get_args(StatName) == STATS


# ---------------------------------------------------------------- mutation test --
POOL: list[Any] = [None, 0, -1, 1, 2, 5, 99, -5, True, False, "", "x", [], [None], {}, {"a": 1}]
POOL += [[1, 2], "ozok", "1A", "face_down", ["ozok"], [{"id": "ozok"}], {"id": "zz"}]
POOL += ["ozok+nyxara", [{"id": "ozok+nyxara", "face_down": True}], {"dex": "x"}]


def test_changed_scenario_files_run_or_are_refused_in_one_line() -> None:
    """60 seeded changes of the real 1v1 scenario files: each runs (its expectations may
    fail) or is refused with a TavoloError, never another exception."""
    sources = {p.name: yaml.safe_load(p.read_text(encoding="utf-8")) for p in FILES}
    crashed, refused = tried(sources, run, POOL)
    assert not crashed, "\n".join(crashed)
    assert 0 < refused < 60
