"""Speed of a game's forward model on one core: the numbers that bound AI and simulation.

* random playouts: decisions/s and games/s, with a seeded chooser, for ``seconds``;
* ``clone`` and ``observe``: median µs over states sampled along playouts, each state
  timed over many repetitions with ``perf_counter_ns`` so timer resolution does not matter;
* MCTS: iterations/s of an ``mcts:<n>`` agent searched at several decisions of one game.

Everything is seeded, so two runs measure the same states.
"""

from __future__ import annotations

import platform
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any

from tavolo import native
from tavolo.agents import MCTSAgent
from tavolo.engine import RNG, Config, ConfigError, Game, State, registry
from tavolo.engine.playout import playout, random_chooser

from .runner import MSG

SAMPLED_STATES = 24
MCTS_SEARCHES = 6


def _timed_us(fn: Callable[[], object], budget_ns: int) -> float:
    """µs per call of ``fn``: calibrate a repetition count, then time one batch."""
    reps = 1
    while True:
        t0 = time.perf_counter_ns()
        for _ in range(reps):
            fn()
        spent = time.perf_counter_ns() - t0
        if spent >= budget_ns or reps >= 1 << 20:
            return spent / reps / 1000.0
        # Aim straight at the budget once the batch is long enough to extrapolate from.
        reps = reps * 10 if spent < 10_000 else int(reps * budget_ns * 1.1 / spent) + 1


def _sample_states(game: Game, config: Config, count: int, seed: int) -> list[State]:
    """Copies of states met along seeded random playouts, spread over whole games."""
    rng = RNG(seed)
    states: list[State] = []
    g = 0
    while len(states) < count and g < count * 4:
        state = game.new(config, seed + g)
        g += 1
        trail: list[State] = []
        while (d := game.decision(state)) is not None and len(trail) < 10_000:
            trail.append(state.clone())
            game.apply(state, d.actions[rng.below(len(d.actions))])
        trail.append(state)
        step = max(1, len(trail) // 4)
        states.extend(trail[rng.below(step) :: step][:4])
    return states[:count]


def bench(
    game: str,
    seconds: float = 2.0,
    mcts_iterations: int = 200,
    config: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Measure one game; returns plain data (numbers, game name, Python, machine)."""
    if not 0 < seconds < float("inf"):
        raise ConfigError.said(MSG, "seconds", seconds=seconds)
    if mcts_iterations < 1:
        raise ConfigError.said(MSG, "iterations", n=mcts_iterations)
    g = registry.get(game)
    cfg = g.config_from_json(config or {})
    started = time.perf_counter()

    # -- random playouts --------------------------------------------------------------
    choose = random_chooser(RNG(1))
    games = decisions = 0
    t0 = time.perf_counter()
    deadline = t0 + seconds
    while True:
        state = g.new(cfg, games)
        decisions += playout(g, state, choose)
        games += 1
        now = time.perf_counter()
        if now >= deadline:
            break
    playout_s = now - t0

    # -- clone and observe ------------------------------------------------------------
    states = _sample_states(g, cfg, SAMPLED_STATES, 7)
    budget_ns = max(200_000, int(seconds * 0.1e9 / max(1, len(states))))
    clone_us = [_timed_us(s.clone, budget_ns) for s in states]
    observe_us = []
    for s in states:
        d = g.decision(s)
        player = 0 if d is None else d.player
        observe_us.append(_timed_us(partial(g.observe, s, player), budget_ns))

    # -- MCTS -------------------------------------------------------------------------
    agent = MCTSAgent(3, iterations=mcts_iterations)
    rng = RNG(5)
    iterations = 0
    search_s = 0.0
    searches = 0
    for k in range(MCTS_SEARCHES * 4):
        if searches >= MCTS_SEARCHES:
            break
        state = g.new(cfg, 100 + k)
        # Walk a random distance into the game, then search there.
        for _ in range(rng.below(8)):
            d = g.decision(state)
            if d is None:
                break
            g.apply(state, d.actions[rng.below(len(d.actions))])
        d = g.decision(state)
        if d is None or len(d.actions) < 2:
            continue
        agent.act(g, state, d)
        iterations += agent.last_stats.iterations
        search_s += agent.last_stats.seconds
        searches += 1

    return {
        "game": game,
        "config": cfg.to_json(),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "machine": platform.machine(),
        "platform": platform.platform(),
        "processor": platform.processor(),
        "playout_games": games,
        "playout_decisions": decisions,
        "decisions_per_game": decisions / games,
        "decisions_per_s": decisions / playout_s if playout_s > 0 else 0.0,
        "games_per_s": games / playout_s if playout_s > 0 else 0.0,
        "clone_us": statistics.median(clone_us) if clone_us else 0.0,
        "observe_us": statistics.median(observe_us) if observe_us else 0.0,
        "sampled_states": len(states),
        "mcts_iterations": mcts_iterations,
        "mcts_searches": searches,
        "mcts_iterations_per_s": iterations / search_s if search_s > 0 else 0.0,
        "seconds": time.perf_counter() - started,
        "native": native.status(),
    }


def bench_all(
    names: Sequence[str] | None = None, seconds: float = 2.0, mcts_iterations: int = 200
) -> list[dict[str, Any]]:
    """:func:`bench` for several games (default: every registered game), default configs."""
    return [bench(name, seconds, mcts_iterations) for name in (names or registry.names())]
