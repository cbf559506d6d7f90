"""Golden playthroughs of Inferno 2v2 (see tests/golden.py): regenerate after an intended
change of cards or rules with
``TAVOLO_REGEN_GOLDEN=1 pytest tests/games/estro/test_inferno_golden.py``, and review."""

from __future__ import annotations

from pathlib import Path

from golden import Golden, golden_tests
from tavolo.engine import registry

GAME = registry.get("estro")

# game seed -> (what it exercises, config); seeds distinct from the other Estro goldens
SEEDS = {
    401: (
        "Inferno: to the end of round 19, the team field TOTs compared; Medica saves",
        GAME.make_config(mode="inferno"),
    ),
    402: (
        "Inferno: team B ahead on field TOT at the end of round 19; zone windows, redirects",
        GAME.make_config(mode="inferno"),
    ),
    424: (
        "Inferno with every META mode: ambushes, the rift, a Chimera, a revive",
        GAME.make_config(mode="inferno+chimera+fessura+imboscata"),
    ),
}
GOLDEN = Golden(GAME, Path(__file__).parent / "golden", SEEDS, __file__)


(
    test_golden_inferno_playthrough,
    test_golden_inferno_replay_gives_the_same_events_and_hash,
    test_golden_inferno_replay_through_json_round_trips,
) = golden_tests(GOLDEN)
