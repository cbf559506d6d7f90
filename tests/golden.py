"""Golden playthroughs: seeded games played by a seeded random chooser, kept as files.

Each file holds the game seed, the chooser's seed, every action id, the events of every
action (the full record) and the final state hash. Replaying must give the same events
and hash; playing again must give the same file. After an intended rules change,
regenerate with ``TAVOLO_REGEN_GOLDEN=1 pytest <the game's test_golden.py>`` and review
the diff of its ``golden/*.json`` like any other change.
"""

from __future__ import annotations

import difflib
import json
import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest

from tavolo.engine import RNG, Config, Game

REGEN = os.environ.get("TAVOLO_REGEN_GOLDEN") == "1"


class Golden:
    """The golden files of one game: ``{seed: (about, config)}`` in ``folder``, named
    ``<stem>_seed<seed>.json`` (the stem is the game's name unless a mode keeps its own)."""

    def __init__(
        self,
        game: Game,
        folder: Path,
        seeds: Mapping[int, tuple[str, Config]],
        test_file: str,
        stem: str | None = None,
    ) -> None:
        self.game, self.folder, self.seeds, self.test_file = game, folder, seeds, test_file
        self.stem = stem or game.name

    def path(self, seed: int) -> Path:
        return self.folder / f"{self.stem}_seed{seed}.json"

    def record(self, seed: int) -> dict[str, Any]:
        g = self.game
        about, config = self.seeds[seed]
        s = g.new(config, seed)
        rng = RNG(seed)
        actions: list[str] = []
        events: list[list[dict[str, Any]]] = []
        while (d := g.decision(s)) is not None:
            action = d.actions[rng.below(len(d.actions))]
            actions.append(action)
            events.append([e.to_json() for e in g.apply(s, action)])  # type: ignore[misc]
            assert len(actions) < 5000, "the game does not end"
        result = g.returns(s)
        return {
            "game": g.name,
            "rules_version": g.RULES_VERSION,
            "about": about,
            "config": config.to_json(),
            "seed": seed,
            "chooser_seed": seed,
            "actions": actions,
            "events": events,
            "result": list(result),
            "reason": getattr(s, "reason", ""),
            "hash": g.hash(s),
        }

    def load(self, seed: int) -> dict[str, Any]:
        p = self.path(seed)
        if not p.exists():
            pytest.fail(f"{p} is missing; create it with TAVOLO_REGEN_GOLDEN=1")
        data: dict[str, Any] = json.loads(p.read_text(encoding="utf-8"))
        return data

    def write(self, seed: int, data: dict[str, Any]) -> None:
        self.folder.mkdir(exist_ok=True)
        text = json.dumps(data, indent=1, sort_keys=False, ensure_ascii=False)
        self.path(seed).write_text(text + "\n", encoding="utf-8")

    @staticmethod
    def steps(data: dict[str, Any]) -> list[str]:
        """One line per action with its events, for line diffs."""
        return [
            json.dumps({"n": i + 1, "action": a, "events": ev}, sort_keys=True)
            for i, (a, ev) in enumerate(zip(data["actions"], data["events"], strict=True))
        ]

    def explain(self, want: dict[str, Any], got: dict[str, Any]) -> str:
        """Where two playthroughs part: the first differing action and a short diff."""
        w, g = self.steps(want), self.steps(got)
        first = next(
            (i for i, (a, b) in enumerate(zip(w, g, strict=False)) if a != b), min(len(w), len(g))
        )
        lines = [
            f"{self.game.name} golden seed {want['seed']} changed (rules "
            f"{want['rules_version']} -> {got['rules_version']}).",
            f"actions: {len(want['actions'])} recorded, {len(got['actions'])} now; "
            f"result {want['result']} {want['reason']!r} -> {got['result']} {got['reason']!r}; "
            f"hash {want['hash']} -> {got['hash']}",
            f"first difference at action {first + 1}:",
        ]
        lo, hi = max(0, first - 2), first + 3
        lines.extend(difflib.unified_diff(w[lo:hi], g[lo:hi], "golden", "now", lineterm="", n=0))
        lines.append("If the change is intended: TAVOLO_REGEN_GOLDEN=1 pytest " + self.test_file)
        return "\n".join(lines)

    # -- the three checks ------------------------------------------------------------------
    def check_playthrough(self, seed: int) -> None:
        got = self.record(seed)
        if REGEN:
            self.write(seed, got)
        want = self.load(seed)
        if got != want:
            pytest.fail(self.explain(want, got), pytrace=False)

    def check_replay(self, seed: int) -> None:
        g = self.game
        want = self.load(seed)
        s = g.new(g.config_from_json(want["config"]), want["seed"])
        for i, (action, events) in enumerate(zip(want["actions"], want["events"], strict=True)):
            d = g.decision(s)
            assert d is not None, f"the game ended before action {i + 1}"
            assert action in d.actions, f"action {i + 1} {action!r} is no longer legal"
            got = [e.to_json() for e in g.apply(s, action)]
            assert got == events, f"action {i + 1} {action!r}: events differ"
        assert g.is_over(s)
        assert list(g.returns(s)) == want["result"]
        assert g.hash(s) == want["hash"]

    def check_round_trips(self, seed: int) -> None:
        """Saving and loading the state after every action changes nothing."""
        g = self.game
        want = self.load(seed)
        s = g.new(g.config_from_json(want["config"]), want["seed"])
        for action in want["actions"]:
            g.apply(s, action)
            s = g.from_json(json.loads(json.dumps(g.to_json(s))))
        assert g.hash(s) == want["hash"]


def golden_tests(golden: Golden) -> tuple[Callable[[int], None], ...]:
    """The three golden tests of a game, for its test module to name at top level."""
    seeds = sorted(golden.seeds)

    @pytest.mark.parametrize("seed", seeds)
    def test_golden_playthrough(seed: int) -> None:
        golden.check_playthrough(seed)

    @pytest.mark.parametrize("seed", seeds)
    def test_golden_replay_gives_the_same_events_and_hash(seed: int) -> None:
        golden.check_replay(seed)

    @pytest.mark.parametrize("seed", seeds)
    def test_golden_replay_through_json_round_trips(seed: int) -> None:
        golden.check_round_trips(seed)

    return (
        test_golden_playthrough,
        test_golden_replay_gives_the_same_events_and_hash,
        test_golden_replay_through_json_round_trips,
    )
