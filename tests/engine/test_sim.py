"""Batch simulation: reproducible whatever the worker count, fair seats, honest statistics."""

from __future__ import annotations

import csv
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest

from tavolo.engine import ConfigError, UnknownName, registry
from tavolo.sim import SimResult, outcome, seat_labels, simulate, wilson
from toygames import TrickGame


class CountedTricks(TrickGame):
    """Tricks with a metric, to check that metrics are recorded and averaged."""

    def metrics(self, s: Any) -> dict[str, float]:
        return {"points": float(sum(s.points)), "sixes": float(sum(s.points) - 3)}


@pytest.fixture
def counted() -> Iterator[str]:
    registry.register("tricks-counted", CountedTricks)
    yield "tricks-counted"
    registry.unregister("tricks-counted")


def test_wilson_known_values() -> None:
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    low, high = wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson(10, 10)
    assert low == pytest.approx(0.7225, abs=1e-4) and high == 1.0
    low, high = wilson(81, 263)  # roots of (p - x)^2 = z^2 x (1 - x) / n
    assert (low, high) == pytest.approx((0.2553, 0.3662), abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson(11, 10)


def test_outcomes() -> None:
    assert [outcome((1.0, 0.0), j) for j in range(2)] == ["win", "loss"]
    assert [outcome((0.5, 0.5), j) for j in range(2)] == ["draw", "draw"]
    assert [outcome((1.0, 1.0, 1.0), j) for j in range(3)] == ["win"] * 3  # co-op win
    assert outcome((0.0,), 0) == "loss"
    assert [outcome((12.0, 7.0, 12.0), j) for j in range(3)] == ["draw", "loss", "draw"]
    assert [outcome((3.0, 9.0), j) for j in range(2)] == ["loss", "win"]


def test_seat_labels() -> None:
    assert seat_labels(["random", "mcts"]) == ("random", "mcts")
    assert seat_labels(["random", "mcts", "random"]) == ("random#1", "mcts", "random#2")


def test_workers_do_not_change_the_records() -> None:
    seen: list[int] = []
    kw: dict[str, Any] = {"seed": 9, "config": {"options": {"hand": 4}}}
    one = simulate("tricks", 60, ["mcts:10", "greedy"], workers=1, **kw)
    two = simulate("tricks", 60, ["mcts:10", "greedy"], workers=2, progress=seen.append, **kw)
    assert [r.play_key() for r in one.records] == [r.play_key() for r in two.records]
    assert [r.index for r in two.records] == list(range(60))
    assert seen == sorted(seen) and seen[-1] == 60
    assert one.summary()["agents"] == two.summary()["agents"]


class LowestCard:
    """A researcher's own agent: always the first action, seeded or not."""

    name = "lowest"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, game: Any, state: Any, decision: Any) -> str:
        return str(decision.actions[0])


def test_your_own_agents_play_as_objects_or_factories_on_any_number_of_workers() -> None:
    one = simulate("tricks", 12, [LowestCard(), "random"], seed=3)
    assert [r.seats for r in one.records[:2]] == [("lowest", "random"), ("random", "lowest")]
    assert one.summary()["agents"]["lowest"]["games"] == 12
    again = simulate("tricks", 12, [LowestCard, "random"], seed=3, workers=2)  # a factory
    assert [r.play_key() for r in again.records] == [r.play_key() for r in one.records]
    two = simulate("tricks", 4, [LowestCard(), LowestCard()])
    assert two.records[0].seats == ("lowest#1", "lowest#2")


def test_your_own_agent_is_checked_in_one_line() -> None:
    with pytest.raises(ConfigError, match=r"^5 is not an agent: give a spec such as mcts:200"):
        simulate("tricks", 4, [5, "random"])  # type: ignore[list-item]
    with pytest.raises(ConfigError, match="is not an agent"):
        simulate("tricks", 4, [lambda seed: "random", "random"])
    local = LowestCard()
    local.act = lambda game, state, decision: decision.actions[0]  # type: ignore[method-assign]
    with pytest.raises(ConfigError) as err:
        simulate("tricks", 4, [local, "random"], workers=2)
    assert str(err.value).startswith("agent lowest cannot go to worker processes")
    assert err.value.told("it").startswith("l'agente lowest non si può passare ai processi")
    assert len(simulate("tricks", 4, [local, "random"]).records) == 4  # one worker: fine


class TunedTricks(TrickGame):
    """Tricks whose studies found a better mcts than the agents' default."""

    tuned_agents: ClassVar[dict[str, str]] = {"mcts": "mcts:7,depth=0", "greedy@short": "greedy:1"}


@pytest.fixture
def tuned() -> Iterator[str]:
    registry.register("tricks-tuned", TunedTricks)
    yield "tricks-tuned"
    registry.unregister("tricks-tuned")


def test_a_bare_agent_name_plays_the_games_tuning_of_it(tuned: str) -> None:
    game = registry.get(tuned)
    assert game.agent_spec("mcts", "standard") == "mcts:7,depth=0"
    assert game.agent_spec("mcts:7", "standard") == "mcts:7"  # a spec of its own: as written
    assert game.agent_spec("greedy", "short") == "greedy:1"  # one mode's tuning
    assert game.agent_spec("greedy", "standard") == "greedy"

    def games(agents: list[str]) -> list[tuple[Any, ...]]:
        result = simulate(tuned, 6, agents, seed=4)
        return [(r.seed, r.returns, r.decisions) for r in result.records]

    assert games(["mcts", "random"]) == games(["mcts:7,depth=0", "random"])
    assert games(["mcts", "random"]) != games(["mcts:1000", "random"])
    assert simulate(tuned, 2, ["mcts", "random"]).records[0].seats == ("mcts", "random")


def test_seats_rotate_and_seeds_differ() -> None:
    result = simulate("tricks", 6, ["mcts:5", "random"], seed=1)
    assert [r.seats for r in result.records] == [("mcts:5", "random"), ("random", "mcts:5")] * 3
    assert len({r.seed for r in result.records}) == 6
    again = simulate("tricks", 6, ["mcts:5", "random"], seed=1)
    assert [r.play_key() for r in again.records] == [r.play_key() for r in result.records]
    other = simulate("tricks", 6, ["mcts:5", "random"], seed=2)
    assert {r.seed for r in other.records}.isdisjoint(r.seed for r in result.records)


def test_progress_counts_every_game() -> None:
    seen: list[int] = []
    simulate("tricks", 5, ["random", "random"], progress=seen.append)
    assert seen == [1, 2, 3, 4, 5]


def test_summary(counted: str) -> None:
    result = simulate(counted, 101, ["random", "random"], seed=3)
    summary = result.summary()
    assert summary["games"] == 101
    first, second = summary["agents"]["random#1"], summary["agents"]["random#2"]
    for line in (first, second):
        assert line["spec"] == "random" and line["games"] == 101
        assert line["wins"] + line["draws"] + line["losses"] == 101
        assert line["win_rate"] == pytest.approx((line["wins"] + line["draws"] / 2) / 101)
        assert (line["ci_low"], line["ci_high"]) == pytest.approx(
            wilson(line["wins"] + line["draws"] / 2, 101)
        )
        assert line["ci_low"] < line["win_rate"] < line["ci_high"]
    assert first["wins"] == second["losses"] and first["draws"] == second["draws"]
    assert first["win_rate"] + second["win_rate"] == pytest.approx(1.0)
    assert [s["games"] for s in summary["seats"]] == [101, 101]
    assert summary["mean_decisions"] == 6.0
    points = [r.metrics["points"] for r in result.records]
    assert summary["metrics"]["points"] == pytest.approx(sum(points) / 101)
    assert 3.0 <= summary["metrics"]["points"] <= 6.0
    assert set(summary["metrics"]) == {"points", "sixes"}


class PlayedTricks(TrickGame):
    """Tricks that reports what was played: the first player always, 'never' never."""

    def metrics(self, s: Any) -> dict[str, float]:
        first_won = float(self.returns(s)[0] == 1.0)
        return {"plays first": 1.0, "wins first": first_won, "plays never": 0.0, "wins never": 0.0}


def test_summary_gives_the_win_share_of_what_was_played() -> None:
    registry.register("tricks-played", PlayedTricks)
    try:
        result = simulate("tricks-played", 60, ["random", "random"], seed=4)
    finally:
        registry.unregister("tricks-played")
    played = result.summary()["played"]
    won = sum(1 for r in result.records if r.returns[0] == 1.0)
    assert 0 < won < 60
    assert played["first"] == {
        "games": 60,
        "wins": won,
        "rate": won / 60,
        "ci": list(wilson(won, 60)),
    }
    assert played["never"] == {"games": 0, "wins": 0, "rate": None, "ci": None}


def test_config_reaches_the_game() -> None:
    short = simulate("tricks", 4, ["random", "random"], config={"mode": "short"})
    assert all(r.decisions == 4 for r in short.records)
    assert short.config == {"players": 2, "mode": "short", "options": {"hand": 2}}
    with pytest.raises(ConfigError):
        simulate("tricks", 4, ["random", "random"], config={"options": {"hand": 9}})


def test_bad_settings() -> None:
    with pytest.raises(ConfigError, match="needs 2 agent"):
        simulate("tricks", 4, ["random"])
    with pytest.raises(ConfigError, match="needs 2 agent"):
        simulate("tricks", 4, ["random", "random", "random"])
    with pytest.raises(UnknownName, match="agent"):
        simulate("tricks", 4, ["random", "minimax"], workers=2)
    with pytest.raises(ConfigError):
        simulate("tricks", 4, ["random", "mcts:zero"])
    with pytest.raises(UnknownName, match="game"):
        simulate("no-such-game", 4, ["random", "random"])
    with pytest.raises(ConfigError):
        simulate("tricks", -1, ["random", "random"])
    with pytest.raises(ConfigError):
        simulate("tricks", 4, ["random", "random"], workers=0)


def test_zero_games() -> None:
    result = simulate("tricks", 0, ["random", "greedy"], workers=2)
    assert result.records == []
    assert result.summary()["agents"]["greedy"]["games"] == 0
    json.dumps(result.to_json())


def test_csv(tmp_path: Path, counted: str) -> None:
    result = simulate(counted, 12, ["greedy", "random"], seed=5)
    path = tmp_path / "games.csv"
    result.to_csv(path)
    with path.open(newline="") as f:
        rows = list(csv.reader(f))
    assert rows[0] == [
        "index",
        "seed",
        "seat0",
        "seat1",
        "return0",
        "return1",
        "decisions",
        "seconds",
        "points",
        "sixes",
    ]
    assert len(rows) == 13
    assert [int(r[0]) for r in rows[1:]] == list(range(12))
    for row, rec in zip(rows[1:], result.records, strict=True):
        assert int(row[1]) == rec.seed and tuple(row[2:4]) == rec.seats
        assert (float(row[4]), float(row[5])) == rec.returns
        assert float(row[8]) == rec.metrics["points"]


def test_to_json_is_plain_data() -> None:
    result = simulate("tricks", 10, ["mcts:5", "random"], seed=4, config={"mode": "short"})
    data = json.loads(json.dumps(result.to_json()))
    assert data["settings"] == {
        "game": "tricks",
        "n": 10,
        "agents": ["mcts:5", "random"],
        "seed": 4,
        "config": {"players": 2, "mode": "short", "options": {"hand": 2}},
    }
    assert set(data["summary"]["agents"]) == {"mcts:5", "random"}
    assert isinstance(result, SimResult)


def test_errors_in_workers_name_the_game() -> None:
    class Broken(TrickGame):
        def metrics(self, s: Any) -> dict[str, float]:
            raise KeyError("boom")

    registry.register("tricks-broken", Broken)
    try:
        with pytest.raises(KeyError) as err:
            simulate("tricks-broken", 3, ["random", "random"])
        assert "tricks-broken game 0" in "".join(err.value.__notes__)
        with pytest.raises(RuntimeError, match=r"KeyError: 'boom' \(in tricks-broken game"):
            simulate("tricks-broken", 3, ["random", "random"], workers=2)
    finally:
        registry.unregister("tricks-broken")


def test_cells_run_in_parallel_and_match_cell_by_cell_simulation() -> None:
    from tavolo.sim.runner import simulate_cells

    cells = [(f"hand {h}", {"options": {"hand": h}}) for h in (1, 2, 3, 4, 2)]
    seen: list[int] = []
    two = simulate_cells("tricks", cells, 3, ["greedy", "random"], 5, 2, seen.append)
    one = simulate_cells("tricks", cells, 3, ["greedy", "random"], 5, 1)
    assert [label for label, _ in two] == [c[0] for c in cells]
    for (_, a), (_, b), (_, config) in zip(one, two, cells, strict=True):
        alone = simulate("tricks", 3, ["greedy", "random"], 5, 1, config)
        keys = [r.play_key() for r in alone.records]
        assert [r.play_key() for r in a.records] == keys == [r.play_key() for r in b.records]
    assert seen[-1] == 15
    with pytest.raises(ConfigError):
        simulate_cells("tricks", cells, 1, ["greedy"], 0, 2)
