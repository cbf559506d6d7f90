"""Golden playthroughs: seeded games of Estro played by a seeded random chooser.

Each file in ``golden/`` holds the seed, the chooser's seed, every action id, the events of
every action (omniscient view) and the final state hash. The test plays the game again and
fails with a readable diff when Estro's rules changed; replaying the recorded actions must
give the same events and hash. After an intended rules change, regenerate the files with

    TAVOLO_REGEN_GOLDEN=1 pytest tests/games/estro/test_golden.py

and review the diff of golden/*.json like any other change.
"""

from __future__ import annotations

import difflib
import json
import os
from pathlib import Path
from typing import Any

import pytest

from tavolo.engine import RNG, registry
from tavolo.games.estro.game import EstroGame

GAME: EstroGame = registry.get("estro")  # type: ignore[assignment]
GOLDEN = Path(__file__).parent / "golden"
REGEN = os.environ.get("TAVOLO_REGEN_GOLDEN") == "1"

# game seed -> what the chosen games exercise (zones, windows, saves, revives, round 19)
SEEDS = {
    2: "zone Sviluppo Tech, battle and defence zone windows, an optional gift",
    16: "zone Militare, a revive decision",
    21: "zone Medica saves, gift targets, revives",
    29: "a game to the end of round 19 with many decision kinds",
}


def path(seed: int) -> Path:
    return GOLDEN / f"estro_seed{seed}.json"


def chooser_seed(seed: int) -> int:
    return seed


def record(seed: int) -> dict[str, Any]:
    """Play game ``seed`` with a random chooser seeded ``chooser_seed(seed)``."""
    config = GAME.make_config()
    s = GAME.new(config, seed)
    rng = RNG(chooser_seed(seed))
    actions: list[str] = []
    events: list[list[dict[str, Any]]] = []
    while (d := GAME.decision(s)) is not None:
        action = d.actions[rng.below(len(d.actions))]
        actions.append(action)
        events.append([e.to_json() for e in GAME.apply(s, action)])  # type: ignore[misc]
        assert len(actions) < 2000, "the game does not end"
    assert s.result is not None
    return {
        "game": GAME.name,
        "rules_version": GAME.RULES_VERSION,
        "about": SEEDS[seed],
        "config": config.to_json(),
        "seed": seed,
        "chooser_seed": chooser_seed(seed),
        "actions": actions,
        "events": events,
        "result": list(s.result),
        "reason": s.reason,
        "hash": GAME.hash(s),
    }


def load(seed: int) -> dict[str, Any]:
    p = path(seed)
    if not p.exists():
        pytest.fail(f"{p} is missing; create it with TAVOLO_REGEN_GOLDEN=1")
    data: dict[str, Any] = json.loads(p.read_text(encoding="utf-8"))
    return data


def write(seed: int, data: dict[str, Any]) -> None:
    GOLDEN.mkdir(exist_ok=True)
    text = json.dumps(data, indent=1, sort_keys=False, ensure_ascii=False)
    path(seed).write_text(text + "\n", encoding="utf-8")


def steps(data: dict[str, Any]) -> list[str]:
    """One line per action with its events, for line diffs."""
    return [
        json.dumps({"n": i + 1, "action": a, "events": ev}, sort_keys=True)
        for i, (a, ev) in enumerate(zip(data["actions"], data["events"], strict=True))
    ]


def explain(want: dict[str, Any], got: dict[str, Any]) -> str:
    """Where two playthroughs part: the first differing action and a short unified diff."""
    w, g = steps(want), steps(got)
    first = next(
        (i for i, (a, b) in enumerate(zip(w, g, strict=False)) if a != b), min(len(w), len(g))
    )
    lines = [
        f"Estro golden seed {want['seed']} changed (rules {want['rules_version']} -> "
        f"{got['rules_version']}).",
        f"actions: {len(want['actions'])} recorded, {len(got['actions'])} now; "
        f"result {want['result']} {want['reason']!r} -> {got['result']} {got['reason']!r}; "
        f"hash {want['hash']} -> {got['hash']}",
        f"first difference at action {first + 1}:",
    ]
    diff = difflib.unified_diff(
        w[max(0, first - 2) : first + 3],
        g[max(0, first - 2) : first + 3],
        "golden",
        "now",
        lineterm="",
        n=0,
    )
    lines.extend(diff)
    lines.append("If the change is intended: TAVOLO_REGEN_GOLDEN=1 pytest " + __file__)
    return "\n".join(lines)


@pytest.mark.parametrize("seed", sorted(SEEDS))
def test_golden_playthrough(seed: int) -> None:
    got = record(seed)
    if REGEN:
        write(seed, got)
    want = load(seed)
    if got != want:
        pytest.fail(explain(want, got), pytrace=False)


@pytest.mark.parametrize("seed", sorted(SEEDS))
def test_golden_replay_gives_the_same_events_and_hash(seed: int) -> None:
    want = load(seed)
    config = GAME.config_from_json(want["config"])
    s = GAME.new(config, want["seed"])
    for i, (action, events) in enumerate(zip(want["actions"], want["events"], strict=True)):
        d = GAME.decision(s)
        assert d is not None, f"the game ended before action {i + 1}"
        assert action in d.actions, f"action {i + 1} {action!r} is no longer legal"
        got = [e.to_json() for e in GAME.apply(s, action)]
        assert got == events, f"action {i + 1} {action!r}: events differ"
    assert GAME.is_over(s)
    assert [*s.result] == want["result"] and s.reason == want["reason"]  # type: ignore[misc]
    assert GAME.hash(s) == want["hash"]


@pytest.mark.parametrize("seed", sorted(SEEDS))
def test_golden_replay_through_json_round_trips(seed: int) -> None:
    """Saving and loading the state after every action changes nothing."""
    want = load(seed)
    s = GAME.new(GAME.config_from_json(want["config"]), want["seed"])
    for action in want["actions"]:
        GAME.apply(s, action)
        s = GAME.from_json(json.loads(json.dumps(GAME.to_json(s))))
    assert GAME.hash(s) == want["hash"]


def test_golden_diff_names_the_first_changed_action() -> None:
    want = load(min(SEEDS))
    got = json.loads(json.dumps(want))
    got["events"][3] = [{"kind": "changed"}]
    got["hash"] = "0" * 32
    msg = explain(want, got)
    assert "first difference at action 4" in msg
    assert '"changed"' in msg and "TAVOLO_REGEN_GOLDEN=1" in msg
