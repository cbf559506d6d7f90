"""Golden playthroughs of TOS (see tests/golden.py): regenerate after an intended rules
change with ``TAVOLO_REGEN_GOLDEN=1 pytest tests/games/tos/test_golden.py``."""

from __future__ import annotations

from pathlib import Path

from golden import Golden, golden_tests
from tavolo.engine import registry

GAME = registry.get("tos")
SEEDS = {
    1: ("the Training, random play", GAME.make_config(1, "tutorial")),
    7: (
        "a fight with the hero of 2026-11-21 at level 4",
        GAME.make_config(1, "fight", date="2026-11-21", level=4),
    ),
    12: (
        "a series of fights with a seeded stargazer",
        GAME.make_config(1, "series", seed=12, **{"class": "stargazer"}),
    ),
    21: (
        "the world adventure of 2026-11-21 (a swordsman), random play",
        GAME.make_config(1, "world", date="2026-11-21"),
    ),
    22: (
        "the dungeon adventure of 2026-11-22 (a stargazer), random play",
        GAME.make_config(1, "dungeon", date="2026-11-22"),
    ),
}
GOLDEN = Golden(GAME, Path(__file__).parent / "golden", SEEDS, __file__)


(
    test_golden_playthrough,
    test_golden_replay_gives_the_same_events_and_hash,
    test_golden_replay_through_json_round_trips,
) = golden_tests(GOLDEN)
