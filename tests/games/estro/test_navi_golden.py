"""Golden playthroughs of the single player mode (see tests/golden.py): seeded games
that the random chooser wins, so they pass through reveals, probes, waking gifts, alarms,
skills, items and destroyed ships. Regenerate with ``TAVOLO_REGEN_GOLDEN=1 pytest
tests/games/estro/test_navi_golden.py`` after an intended change and review the diff."""

from __future__ import annotations

from pathlib import Path

from golden import Golden, golden_tests
from tavolo.engine import registry

GAME = registry.get("estro")

SEEDS = {
    574: (
        "Navi: a win in round 22, every ship destroyed (an attack redirected onto a face-down"
        " guardian)",
        GAME.make_config(None, "navi"),
    ),
    346: (
        "Navi with every META mode: a win in round 21 (Chimera, rift, ambush, a ships' turn"
        " item with no guardian left to reveal)",
        GAME.make_config(None, "navi+chimera+fessura+imboscata"),
    ),
}
GOLDEN = Golden(GAME, Path(__file__).parent / "golden", SEEDS, __file__)

(
    test_golden_navi_playthrough,
    test_golden_navi_replay_gives_the_same_events_and_hash,
    test_golden_navi_replay_through_json_round_trips,
) = golden_tests(GOLDEN)


def test_golden_navi_games_are_won_by_destroying_the_fleet() -> None:
    for seed in SEEDS:
        data = GOLDEN.load(seed)
        assert data["result"] == [1.0] and data["reason"] == "fleet_destroyed"
        kinds = {e["kind"] for step in data["events"] for e in step}
        assert {"navi.reveal", "navi.alarm_start", "navi.ship_destroyed", "navi.item_used"} <= kinds
