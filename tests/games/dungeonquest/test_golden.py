"""Golden playthroughs of DungeonQuest (see tests/golden.py): regenerate after an intended
rules change with ``TAVOLO_REGEN_GOLDEN=1 pytest tests/games/dungeonquest/test_golden.py``."""

from __future__ import annotations

from pathlib import Path

from golden import Golden, golden_tests
from tavolo.engine import registry

GAME = registry.get("dungeonquest")
SEEDS = {
    2: ("a solo game, the hero and ring chosen at random, random play", GAME.make_config(1)),
    6: (
        "three heroes, the monster's counter picked by the player on the left, random play",
        GAME.make_config(3, monster_counter="left_player"),
    ),
}
GOLDEN = Golden(GAME, Path(__file__).parent / "golden", SEEDS, __file__)


(
    test_golden_playthrough,
    test_golden_replay_gives_the_same_events_and_hash,
    test_golden_replay_through_json_round_trips,
) = golden_tests(GOLDEN)
