"""Golden playthroughs of Platformer (see tests/golden.py): regenerate after an intended
rules change with ``TAVOLO_REGEN_GOLDEN=1 pytest tests/games/platformer/test_golden.py``."""

from __future__ import annotations

from pathlib import Path

from golden import Golden, golden_tests
from tavolo.engine import registry

GAME = registry.get("platformer")
SEEDS = {
    3: ("a 3-player Forest game against a random boss, random play", GAME.make_config(3)),
    5: (
        "a solo game in the Void against Ikee, random play",
        GAME.make_config(1, "solo", theme="void", boss="ikee"),
    ),
}
GOLDEN = Golden(GAME, Path(__file__).parent / "golden", SEEDS, __file__)


(
    test_golden_playthrough,
    test_golden_replay_gives_the_same_events_and_hash,
    test_golden_replay_through_json_round_trips,
) = golden_tests(GOLDEN)
