"""Scenario positions of Estro's table modes (Inferno, Navi, Ultimo Bastione) written by
hand: a wrong value is one line, in English and Italian, never a traceback, and whatever
a position is accepted as, the rules can play.

Each case below is a real scenario file's position with one value changed; most of them
crashed with a TypeError, KeyError, ValueError or AttributeError (found by changing those
files at random), the rest are positions the game can never reach.
"""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import pytest
import yaml

from mutations import spots
from tavolo.engine import RNG, TavoloError
from tavolo.engine.scenario import run

from .support import GAME

SCENARIOS = Path(__file__).parents[2] / "scenarios" / "estro"
FILES = sorted(
    p for p in SCENARIOS.glob("*.yaml") if p.name.startswith(("inferno", "navi", "bastione"))
)
DROP = object()  # a value that removes its key

INFERNO, NAVI, BASTIONE = "inferno_own_cards_only", "navi_ship_destroyed", "bastione_breach"

# (scenario file, mode or "", path of the value changed, new value, English line, Italian piece)
CASES: dict[str, tuple[str, str, str, Any, str, str]] = {
    # Inferno
    "zones not a list": (
        INFERNO, "", "zones", 5,
        "estro inferno position: field zones: Input should be a valid list",
        "campo zones: serve un elenco",
    ),
    "seat not a mapping": (
        INFERNO, "", "seats.0", True,
        "estro inferno position: field seats.0: Input should be a valid dictionary",
        "campo seats.0: serve una mappa",
    ),
    "seat a list": (
        INFERNO, "", "seats.0", [{"hand": ["ozok"]}],
        "estro inferno position: field seats.0: Input should be a valid dictionary",
        "campo seats.0: serve una mappa",
    ),
    "seat deck a number": (
        INFERNO, "", "seats.1", {"deck": 7},
        "estro inferno position: field seats.1.deck: Input should be a valid list",
        "campo seats.1.deck: serve un elenco",
    ),
    "seat hand of mappings": (
        INFERNO, "", "seats.2", {"hand": [{"id": "ozok"}]},
        "estro inferno position: field seats.2.hand.0: Input should be a valid string",
        "campo seats.2.hand.0: serve un testo",
    ),
    "seat zone_used a word": (
        INFERNO, "", "seats.0", {"zone_used": "yes"},
        "estro inferno position: field seats.0.zone_used: Input should be a valid boolean",
        "campo seats.0.zone_used: serve un valore vero o falso",
    ),
    "seat unknown field": (
        INFERNO, "", "seats.3", {"items": []},
        "estro inferno position: seat B2 has 'items'",
        "il posto B2 ha 'items'",
    ),
    "team a list": (
        INFERNO, "", "teams.0", [1, 2],
        "estro inferno position: field teams.0: Input should be a valid dictionary",
        "campo teams.0: serve una mappa",
    ),
    "team field a number": (
        INFERNO, "", "teams.0.field", 9,
        "estro inferno position: field teams.0.field: Input should be a valid list",
        "campo teams.0.field: serve un elenco",
    ),
    "team card a list": (
        INFERNO, "", "teams.1.field.0", ["thofa"],
        "estro inferno position: field teams.1.field.0: Input should be a valid dictionary",
        "campo teams.1.field.0: serve una mappa",
    ),
    "team card without id": (
        INFERNO, "", "teams.1.field.0.id", DROP,
        "estro inferno position: field teams.1.field.0.id: Field required",
        "campo teams.1.field.0.id: campo obbligatorio",
    ),
    "team card owner a number": (
        INFERNO, "", "teams.1.field.0.owner", 1,
        "estro inferno position: field teams.1.field.0.owner: Input should be a valid string",
        "campo teams.1.field.0.owner: serve un testo",
    ),
    "inferno round a list": (
        INFERNO, "", "round", [4],
        "estro inferno position: field round: Input should be a valid integer",
        "campo round: serve un numero intero",
    ),
    "inferno round after the last": (
        INFERNO, "", "round", 20,
        "estro inferno position: field round: Input should be less than or equal to 19",
        "campo round: serve un valore minore o uguale a 19",
    ),
    "inferno Chimera in a hand": (
        INFERNO, "inferno+chimera", "seats.0", {"hand": ["ozok+thofa"]},
        "estro inferno position: Chimera 'ozok+thofa' can only be on a field",
        "la Chimera 'ozok+thofa' può stare solo in campo",
    ),
    "inferno Chimera in a deck": (
        INFERNO, "", "seats.1", {"deck": ["vurrax+hush_phantom"]},
        "estro inferno position: Chimera 'vurrax+hush_phantom' can only be on a field",
        "la Chimera 'vurrax+hush_phantom' può stare solo in campo",
    ),
    "rift of numbers": (
        INFERNO, "inferno+fessura", "rift", ["vurrax", 3],
        "estro inferno position: field rift.1: Input should be a valid string",
        "campo rift.1: serve un testo",
    ),
    # Navi
    "ship a number": (
        NAVI, "", "ships.1", 1,
        "estro navi position: field ships.1: Input should be a valid dictionary",
        "campo ships.1: serve una mappa",
    ),
    "guardians a number": (
        NAVI, "", "ships.0.guardians", 5,
        "estro navi position: field ships.0.guardians: Input should be a valid list",
        "campo ships.0.guardians: serve un elenco",
    ),
    "guardian a number": (
        NAVI, "", "ships.0.guardians.0", 0,
        "estro navi position: field ships.0.guardians.0: Input should be a valid dictionary",
        "campo ships.0.guardians.0: serve una mappa",
    ),
    "guardian without id": (
        NAVI, "", "ships.0.guardians.0", {"face_down": True},
        "estro navi position: field ships.0.guardians.0.id: Field required",
        "campo ships.0.guardians.0.id: campo obbligatorio",
    ),
    "guardian unknown field": (
        NAVI, "", "ships.0.guardians.0", {"id": "silk_specter", "spent": True},
        "estro navi position: field ships.0.guardians.0.spent: Extra inputs are not permitted",
        "campo ships.0.guardians.0.spent: campo non previsto",
    ),
    "fallen a number": (
        NAVI, "", "ships.2.fallen", 3,
        "estro navi position: field ships.2.fallen: Input should be a valid list",
        "campo ships.2.fallen: serve un elenco",
    ),
    "alarm a word": (
        NAVI, "", "ships.4.alarm", "1A",
        "estro navi position: field ships.4.alarm: Input should be a valid integer",
        "campo ships.4.alarm: serve un numero intero",
    ),
    "alarm below zero": (
        NAVI, "", "ships.4.alarm", -1,
        "estro navi position: field ships.4.alarm: Input should be greater than or equal to 0",
        "campo ships.4.alarm: serve un valore maggiore o uguale a 0",
    ),
    "shields a list": (
        NAVI, "", "ships.4.shields", [50],
        "estro navi position: field ships.4.shields: Input should be a valid integer",
        "campo ships.4.shields: serve un numero intero",
    ),
    "shields above the ship's": (
        NAVI, "", "ships.4.shields", 1000,
        "estro navi position: the shields of ship 5 are 0-110, not 1000",
        "gli scudi dell'astronave 5 vanno da 0 a 110, non 1000",
    ),
    "six guardians": (
        NAVI, "", "ships.2", {"guardians": ["thofa", "zhee", "vurrax", "skorvun"],
                              "fallen": ["madu", "orrugg"]},
        "estro navi position: ship 3 has 6 guardians (fallen included), 5 at most",
        "l'astronave 3 ha 6 guardiani (caduti compresi), al massimo 5",
    ),
    "Chimera fallen": (
        NAVI, "", "ships.2.fallen", ["ozok+hush_phantom"],
        "estro navi position: Chimera 'ozok+hush_phantom' can only be on a field",
        "la Chimera 'ozok+hush_phantom' può stare solo in campo",
    ),
    "every ship destroyed": (
        NAVI, "", "ships", [{"shields": 0}] * 5,
        "estro navi position: every ship is destroyed: the game is over",
        "tutte le astronavi sono distrutte: la partita è finita",
    ),
    "navi round a blank": (
        NAVI, "", "round", "",
        "estro navi position: field round: Input should be a valid integer",
        "campo round: serve un numero intero",
    ),
    "navi round after the fleet's last": (
        NAVI, "", "round", 500,
        "estro navi position: round is 1-80, not 500",
        "round va da 1 a 80, non 500",
    ),
    "items a word": (
        NAVI, "", "items", "solar_lance",
        "estro navi position: field items: Input should be a valid list",
        "campo items: serve un elenco",
    ),
    "player a list": (
        NAVI, "", "player", [1],
        "estro navi position: field player: Input should be a valid dictionary",
        "campo player: serve una mappa",
    ),
    # Ultimo Bastione
    "dreamer a list": (
        BASTIONE, "", "dreamers.0", ["ozok"],
        "estro ultimo_bastione position: field dreamers.0: Input should be a valid dictionary",
        "campo dreamers.0: serve una mappa",
    ),
    "dreamer hand a number": (
        BASTIONE, "", "dreamers.0.hand", 3,
        "estro ultimo_bastione position: field dreamers.0.hand: Input should be a valid list",
        "campo dreamers.0.hand: serve un elenco",
    ),
    "dreamer deck a number": (
        BASTIONE, "", "dreamers.0.deck", 3,
        "estro ultimo_bastione position: field dreamers.0.deck: Input should be a valid list",
        "campo dreamers.0.deck: serve un elenco",
    ),
    "dreamer field a number": (
        BASTIONE, "", "dreamers.0.field", 3,
        "estro ultimo_bastione position: field dreamers.0.field: Input should be a valid list",
        "campo dreamers.0.field: serve un elenco",
    ),
    "defender an id": (
        BASTIONE, "", "dreamers.0.field", ["ozok"],
        "estro ultimo_bastione position: field dreamers.0.field.0: "
        "Input should be a valid dictionary",
        "campo dreamers.0.field.0: serve una mappa",
    ),
    "defender without id": (
        BASTIONE, "", "dreamers.0.field", [{"lane": 1, "zone": 1}],
        "estro ultimo_bastione position: field dreamers.0.field.0.id: Field required",
        "campo dreamers.0.field.0.id: campo obbligatorio",
    ),
    "lane a word": (
        BASTIONE, "", "dreamers.0.field", [{"id": "ozok", "lane": "x", "zone": 1}],
        "estro ultimo_bastione position: field dreamers.0.field.0.lane: "
        "Input should be a valid integer",
        "campo dreamers.0.field.0.lane: serve un numero intero",
    ),
    "four mods": (
        BASTIONE, "", "dreamers.0.field",
        [{"id": "ozok", "lane": 1, "zone": 1, "mods": [1, 2, 3, 4]}],
        "estro ultimo_bastione position: mods of 'ozok' are five numbers (atk def hel dex map), "
        "not 4",
        "i mods di 'ozok' sono cinque numeri (atk def hel dex map), non 4",
    ),
    "dreamer unknown field": (
        BASTIONE, "", "dreamers.1.zone_used", True,
        "estro ultimo_bastione position: field dreamers.1.zone_used: "
        "Extra inputs are not permitted",
        "campo dreamers.1.zone_used: campo non previsto",
    ),
    "as_left below zero": (
        BASTIONE, "", "dreamers.0.as_left", -1,
        "estro ultimo_bastione position: field dreamers.0.as_left: "
        "Input should be greater than or equal to 0",
        "campo dreamers.0.as_left: serve un valore maggiore o uguale a 0",
    ),
    "bastione Chimera in a hand": (
        BASTIONE, "", "dreamers.1.hand", ["violet_needle+hush_phantom"],
        "estro ultimo_bastione position: Chimera 'violet_needle+hush_phantom' "
        "can only be on a field",
        "la Chimera 'violet_needle+hush_phantom' può stare solo in campo",
    ),
    "horde a number": (
        BASTIONE, "", "horde", 4,
        "estro ultimo_bastione position: field horde: Input should be a valid list",
        "campo horde: serve un elenco",
    ),
    "horde card an id": (
        BASTIONE, "", "horde.0", "kharvok",
        "estro ultimo_bastione position: field horde.0: Input should be a valid dictionary",
        "campo horde.0: serve una mappa",
    ),
    "horde card without id": (
        BASTIONE, "", "horde.0.id", DROP,
        "estro ultimo_bastione position: field horde.0.id: Field required",
        "campo horde.0.id: campo obbligatorio",
    ),
    "horde lane a list": (
        BASTIONE, "", "horde.0.lane", [3],
        "estro ultimo_bastione position: field horde.0.lane: Input should be a valid integer",
        "campo horde.0.lane: serve un numero intero",
    ),
    "horde deck a number": (
        BASTIONE, "", "horde_deck", 0,
        "estro ultimo_bastione position: field horde_deck: Input should be a valid list",
        "campo horde_deck: serve un elenco",
    ),
    "bastione round a card": (
        BASTIONE, "", "round", "ozok",
        "estro ultimo_bastione position: field round: Input should be a valid integer",
        "campo round: serve un numero intero",
    ),
    "Dreamer phase of round 0": (
        BASTIONE, "", "round", 0,
        "estro ultimo_bastione position: round is 1-20, not 0",
        "round va da 1 a 20, non 0",
    ),
    "cq fallen": (
        BASTIONE, "", "cq", 0,
        "estro ultimo_bastione position: cq is 1-100 with 2 dreamers, not 0",
        "cq va da 1 a 100 con 2 dreamer, non 0",
    ),
    "cq above the bastion's": (
        BASTIONE, "", "cq", 101,
        "estro ultimo_bastione position: cq is 1-100 with 2 dreamers, not 101",
        "cq va da 1 a 100 con 2 dreamer, non 101",
    ),
    "seat a word": (
        BASTIONE, "", "seat", "1",
        "estro ultimo_bastione position: field seat: Input should be a valid integer",
        "campo seat: serve un numero intero",
    ),
}  # fmt: skip


def scenario(name: str) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((SCENARIOS / f"{name}.yaml").read_text("utf-8"))
    return data


def changed(data: Any, path: str, value: Any) -> Any:
    """``data`` with the value at ``path`` (keys and list indexes, dot-separated) set."""
    data = copy.deepcopy(data)
    *inner, last = (int(k) if k.isdigit() else k for k in path.split("."))
    box = data
    for k in inner:
        box = box[k]
    if value is DROP:
        del box[last]
    else:
        box[last] = value
    return data


@pytest.mark.parametrize("case", list(CASES))
def test_a_wrong_position_is_one_line(case: str) -> None:
    name, mode, path, value, english, italian = CASES[case]
    data = scenario(name)
    config = GAME.config_from_json({**data["config"], **({"mode": mode} if mode else {})})
    with pytest.raises(TavoloError) as caught:
        GAME.from_position(config, changed(data["position"], path, value), RNG(0))
    assert str(caught.value) == english
    assert italian in caught.value.told("it")


@pytest.mark.parametrize("mode", ["inferno", "navi", "ultimo_bastione"])
def test_a_position_that_is_no_mapping_is_one_line(mode: str) -> None:
    config = GAME.make_config(None if mode == "navi" else 4 if mode == "inferno" else 2, mode)
    with pytest.raises(TavoloError) as caught:
        GAME.from_position(config, [1], RNG(0))  # type: ignore[arg-type]
    assert str(caught.value) == f"estro {mode} position: the position must be a mapping"
    assert "la posizione deve essere una mappa" in caught.value.told("it")


# ---------------------------------------------------------------- changed at random --
IDS = sorted(GAME.ids)
WORDS = ["A1", "B2", "play", "battle", "player", "ships", "dreamers", "horde", "civile", "ardo"]
ODD = [None, 0, -1, 3, 99, True, "", "x", [], [None], {}, {"a": 1}, [1, 2], ["ozok"], {"id": 7}]


def _like(v: Any, rng: random.Random) -> Any:
    """Another value of the same kind: a card, a word, a number, a list one longer or
    shorter; or anything at all."""
    if rng.random() < 0.4:
        return copy.deepcopy(rng.choice(ODD))
    if isinstance(v, bool):
        return not v
    if isinstance(v, int):
        return v + rng.choice([-10, -1, 1, 10, 100])
    if isinstance(v, str):
        r = rng.random()
        if r < 0.1:
            return f"{v}+{rng.choice(IDS)}"  # a Chimera, wherever it is
        return rng.choice(WORDS) if r < 0.3 else rng.choice(IDS)
    if isinstance(v, list):
        return v[:-1] if v and rng.random() < 0.4 else [*v, rng.choice(v or IDS)]
    return v


def mutated(data: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """One or two values changed, mostly inside the position."""
    data = copy.deepcopy(data)
    for _ in range(rng.choice((1, 1, 2))):
        top = rng.random() < 0.15
        where = data if top else data["position"]
        path = rng.choice(spots(where))
        box = where
        for k in path[:-1]:
            box = box[k]
        if isinstance(box, dict) and rng.random() < 0.1:
            del box[path[-1]]
        else:
            box[path[-1]] = _like(box[path[-1]], rng)
    return data


def test_positions_changed_at_random_run_or_say_one_line() -> None:
    """60 seeded changes of the table modes' scenario files: each runs (meeting its
    expectations or not) or is refused with a TavoloError; no other exception."""
    rng = random.Random(20240611)
    sources = {p.name: scenario(p.stem) for p in FILES}
    refused = 0
    for i in range(60):
        name = rng.choice(sorted(sources))
        data = mutated(sources[name], rng)
        try:
            run(data, f"{name} #{i}")
        except TavoloError:
            refused += 1
        except Exception as e:  # pragma: no cover - the failure this test is for
            raise AssertionError(f"{name} #{i} crashed: {e!r}\n{yaml.safe_dump(data)}") from e
    assert 0 < refused < 60  # the changes are neither all harmless nor all refused
