"""Golden playthroughs of Ultimo Bastione (see tests/golden.py), seeds chosen by scanning
with the golden chooser for the mode's events. Regenerate after an intended change with
``TAVOLO_REGEN_GOLDEN=1 pytest tests/games/estro/test_golden_bastione.py``."""

from __future__ import annotations

from pathlib import Path

from golden import Golden, golden_tests
from tavolo.engine import registry

GAME = registry.get("estro")

# game seed -> (what it exercises, config); seeds distinct from the other Estro goldens
SEEDS = {
    402: (
        "3 dreamers: tactical inspiration (draw 2, keep 1), breaches, overruns, a replacement",
        GAME.make_config(3, "ultimo_bastione"),
    ),
    405: (
        "2 dreamers: an extra AS from a gift, breaches, overruns; the bastion falls in round 9",
        GAME.make_config(2, "ultimo_bastione"),
    ),
    415: (
        "4 dreamers with Chimera and Fessura: Chimeras declared by engaged dreamers, one "
        "made, a gift activated, a Medica save, a revive; the bastion falls",
        GAME.make_config(4, "ultimo_bastione+chimera+fessura"),
    ),
    439: (
        "2 dreamers fall: inspiration, six decision kinds",
        GAME.make_config(2, "ultimo_bastione"),
    ),
}
GOLDEN = Golden(GAME, Path(__file__).parent / "golden", SEEDS, __file__, "estro_bastione")

(
    test_golden_playthrough,
    test_golden_replay_gives_the_same_events_and_hash,
    test_golden_replay_through_json_round_trips,
) = golden_tests(GOLDEN)
