"""Golden playthroughs of Estro's modes (see tests/golden.py), one or more per mode.

Random decks come from the collection, so these change whenever the cards do: regenerate
with ``TAVOLO_REGEN_GOLDEN=1 pytest tests/games/estro/test_golden_modes.py`` after an
intended change of cards or rules, and review the diff."""

from __future__ import annotations

from pathlib import Path

from golden import Golden, golden_tests
from tavolo.engine import registry

GAME = registry.get("estro")


def _config(mode: str):  # type: ignore[no-untyped-def]
    return GAME.make_config(2, mode)


# game seed -> (what it exercises, config); seeds distinct from test_golden.py's
SEEDS = {
    100: ("Stratega: turns without draws or attacks, the late field check", _config("stratega")),
    106: ("Necrotoken: tokens earned and spent (draw 2, protect, summon)", _config("necrotoken")),
    110: ("Fessura Dimensionale: the rift opened", _config("standard+fessura")),
    121: ("Imboscata Illusoria: an ambush", _config("standard+imboscata")),
    133: (
        "Necrotoken with every META mode: summon, rift, ambush, Chimera",
        _config("necrotoken+chimera+fessura+imboscata"),
    ),
    140: (
        "Stratega with every META mode: no draw, rift, ambush, Chimera",
        _config("stratega+chimera+fessura+imboscata"),
    ),
    150: (
        "Quadrante dell'Oblio: seven spins, a card back from the Incinerator",
        _config("quadrante"),
    ),
    160: (
        "Quadrante dell'Oblio with every META mode: spins, rift, ambush, Chimera",
        _config("quadrante+chimera+fessura+imboscata"),
    ),
    170: ("Mnemonica: declarations right and wrong", _config("mnemonica")),
    182: (
        "Mnemonica with every META mode: a wrong call, rift, ambush, Chimera",
        _config("mnemonica+chimera+fessura+imboscata"),
    ),
    196: ("Sogno Lucido: an Armonio support, a second Manpo card", _config("sogno_lucido")),
    201: (
        "Sogno Lucido with every META mode: a support, rift, ambush, Chimera",
        _config("sogno_lucido+chimera+fessura+imboscata"),
    ),
    210: ("Zona di Conquista: a game won by conquest", _config("zona_conquista")),
    221: (
        "Zona di Conquista with every META mode: conquest, rift, ambush",
        _config("zona_conquista+chimera+fessura+imboscata"),
    ),
}
GOLDEN = Golden(GAME, Path(__file__).parent / "golden", SEEDS, __file__)


(
    test_golden_mode_playthrough,
    test_golden_mode_replay_gives_the_same_events_and_hash,
    test_golden_mode_replay_through_json_round_trips,
) = golden_tests(GOLDEN)
