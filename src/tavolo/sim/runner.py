"""Batch simulation: many seeded games between agents, on one or many processes.

Reproducibility is the point: game ``i`` is seeded from ``(seed, i)`` and each seat's agent
from ``(game seed, seat)``, seats rotate so that every agent plays every seat equally, and
records come back in game order. The same call therefore gives the same records whatever
the worker count (only the wall-clock ``seconds`` differ).
"""

from __future__ import annotations

import csv
import math
import pickle
import time
import traceback
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tavolo.agents import Agent, make_agent
from tavolo.engine import ConfigError, Game, registry
from tavolo.engine.i18n import Catalog
from tavolo.engine.rng import derive_seed

from .stats import Tally, wilson

MAX_DECISIONS = 100_000
MSG = Catalog(Path(__file__).parent / "messages")  # input errors, in each language


@dataclass(frozen=True)
class GameRecord:
    """One finished game. ``seats`` holds the agent label of each seat."""

    index: int
    seed: int
    seats: tuple[str, ...]
    returns: tuple[float, ...]
    decisions: int
    seconds: float
    metrics: Mapping[str, float] = field(default_factory=dict)

    def play_key(self) -> tuple[Any, ...]:
        """Everything but timing: equal keys mean the same game was played."""
        return (
            self.index,
            self.seed,
            self.seats,
            self.returns,
            self.decisions,
            sorted(self.metrics.items()),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "seed": self.seed,
            "seats": list(self.seats),
            "returns": list(self.returns),
            "decisions": self.decisions,
            "seconds": self.seconds,
            "metrics": dict(self.metrics),
        }


AgentFactory = Callable[[int], Agent]
"""Your own agent for :func:`simulate`: called with a seat's seed, once per game and seat."""
AgentEntry = str | Agent | AgentFactory
"""A seat of :func:`simulate`: a spec (``"mcts:200"``), an agent object used in every game,
or a factory."""


def _agent(entry: AgentEntry, seed: int, game: Game, mode: str) -> Agent:
    if isinstance(entry, str):  # a bare name plays the game's tuning of it
        return make_agent(game.agent_spec(entry, mode), seed)
    return _own(entry, seed)


def _own(entry: Agent | AgentFactory, seed: int) -> Agent:
    if not isinstance(entry, type) and callable(getattr(entry, "act", None)):
        return entry  # type: ignore[return-value]
    return entry(seed)  # type: ignore[operator]  # a factory: a class, a function


def _entries(
    entries: Sequence[AgentEntry], workers: int
) -> tuple[tuple[Any, ...], tuple[str, ...]]:
    """The seats' entries, checked here rather than in a worker, and their names: a spec
    names itself, your own agent by its ``name``."""
    names = []
    for entry in entries:
        if isinstance(entry, str):
            make_agent(entry, 0)  # fail on a bad spec here, not in a worker
            names.append(entry)
            continue
        if not callable(entry) and not callable(getattr(entry, "act", None)):
            raise ConfigError.said(MSG, "agent_kind", entry=repr(entry))
        agent = _own(entry, 0)
        name = getattr(agent, "name", None)
        if not isinstance(name, str) or not callable(getattr(agent, "act", None)):
            raise ConfigError.said(MSG, "agent_kind", entry=repr(entry))
        if workers > 1:
            try:
                pickle.dumps(entry)
            except Exception:
                raise ConfigError.said(MSG, "agent_pickle", name=name) from None
        names.append(name)
    return tuple(entries), tuple(names)


def _agents_needed(game: str, players: int, specs: Sequence[str]) -> ConfigError:
    none = MSG.t("en", "none")
    return ConfigError.said(
        MSG, "agents", game=game, players=players, n=len(specs), specs=", ".join(specs) or none
    )


def seat_labels(agents: Sequence[str]) -> tuple[str, ...]:
    """Labels for the agent list: the spec, or ``spec#k`` when a spec is used twice."""
    counts: dict[str, int] = {}
    for spec in agents:
        counts[spec] = counts.get(spec, 0) + 1
    seen: dict[str, int] = {}
    out = []
    for spec in agents:
        if counts[spec] == 1:
            out.append(spec)
        else:
            seen[spec] = seen.get(spec, 0) + 1
            out.append(f"{spec}#{seen[spec]}")
    return tuple(out)


def game_seed(seed: int, index: int) -> int:
    return derive_seed(seed, f"game:{index}")


def agent_seed(game_seed: int, seat: int) -> int:
    return derive_seed(game_seed, f"seat:{seat}")


@dataclass(frozen=True)
class _Job:
    game: str
    config: Mapping[str, Any]
    agents: tuple[Any, ...]  # AgentEntry: a spec, or your own agent or factory
    labels: tuple[str, ...]
    seed: int


def play_game(game: Game, job: _Job, index: int) -> GameRecord:
    """Play game ``index`` of a job to its end."""
    started = time.perf_counter()
    config = game.config_from_json(job.config)
    gseed = game_seed(job.seed, index)
    state = game.new(config, gseed)
    k = len(job.agents)
    order = [(index + j) % k for j in range(config.players)]
    agents = [
        _agent(job.agents[a], agent_seed(gseed, j), game, config.mode) for j, a in enumerate(order)
    ]
    decision, apply = game.decision, game.apply
    n = 0
    while (d := decision(state)) is not None:
        if n >= MAX_DECISIONS:
            raise RuntimeError(f"{game.name}: no end after {MAX_DECISIONS} decisions")
        apply(state, agents[d.player].act(game, state, d))
        n += 1
    return GameRecord(
        index=index,
        seed=gseed,
        seats=tuple(job.labels[a] for a in order),
        returns=tuple(float(r) for r in game.returns(state)),
        decisions=n,
        seconds=time.perf_counter() - started,
        metrics={k: float(v) for k, v in game.metrics(state).items()},
    )


def _play_noted(game: Game, job: _Job, index: int) -> GameRecord:
    try:
        return play_game(game, job, index)
    except Exception as e:
        e.add_note(f"in {job.game} game {index} (seed {game_seed(job.seed, index)})")
        raise


class _Failure:
    """A worker's exception as text: engine errors need not survive pickling."""

    def __init__(self, error: BaseException) -> None:
        self.kind = type(error).__name__
        self.message = str(error)
        self.notes = list(getattr(error, "__notes__", []))
        self.trace = traceback.format_exc()


def _init_worker(name: str, factory: Callable[[], Game] | None) -> None:
    """Make a game registered at run time (tests, notebooks) known to spawned workers."""
    if factory is not None and name not in registry.names():
        registry.register(name, factory)


def _run_chunk(job: _Job, indices: Sequence[int]) -> list[GameRecord] | _Failure:
    try:
        game = registry.get(job.game)
        return [_play_noted(game, job, i) for i in indices]
    except Exception as e:
        return _Failure(e)


def _picklable_factory(game: Game) -> Callable[[], Game] | None:
    cls = type(game)
    try:
        pickle.dumps(cls)
    except Exception:
        return None
    return cls


@dataclass
class SimResult:
    """Records of a batch in game order, with the settings that reproduce them."""

    game: str
    n: int
    agents: tuple[str, ...]
    labels: tuple[str, ...]
    seed: int
    config: Mapping[str, Any]
    records: list[GameRecord]

    def settings(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "n": self.n,
            "agents": list(self.agents),
            "seed": self.seed,
            "config": dict(self.config),
        }

    def summary(self) -> dict[str, Any]:
        """Per agent label: results and Wilson 95% CI; per seat; per-game averages."""
        tallies = {label: Tally() for label in self.labels}
        players = len(self.records[0].seats) if self.records else 0
        seats = [Tally() for _ in range(players)]
        metric_sums: dict[str, float] = {}
        metric_counts: dict[str, int] = {}
        decisions = 0
        seconds = 0.0
        for rec in self.records:
            for j, label in enumerate(rec.seats):
                tallies[label].add(rec.returns, j)
                seats[j].add(rec.returns, j)
            decisions += rec.decisions
            seconds += rec.seconds
            for key, value in rec.metrics.items():
                metric_sums[key] = metric_sums.get(key, 0.0) + value
                metric_counts[key] = metric_counts.get(key, 0) + 1
        games = len(self.records)
        spec_of = dict(zip(self.labels, self.agents, strict=True))
        return {
            "game": self.game,
            "games": games,
            "agents": {
                label: {"spec": spec_of[label], **tally.to_json()}
                for label, tally in tallies.items()
            },
            "seats": [tally.to_json() for tally in seats],
            "mean_decisions": decisions / games if games else 0.0,
            "mean_seconds": seconds / games if games else 0.0,
            "metrics": {k: metric_sums[k] / metric_counts[k] for k in sorted(metric_sums)},
            "played": played_shares(metric_sums),
        }

    def to_json(self) -> dict[str, Any]:
        return {"settings": self.settings(), "summary": self.summary()}

    def to_csv(self, path: str | Path) -> None:
        """One row per game: seats, returns, decisions, seconds and every metric."""
        players = max((len(r.seats) for r in self.records), default=len(self.agents))
        metrics = sorted({k for r in self.records for k in r.metrics})
        header = ["index", "seed"]
        header += [f"seat{j}" for j in range(players)]
        header += [f"return{j}" for j in range(players)]
        header += ["decisions", "seconds", *metrics]
        with Path(path).open("w", newline="", encoding="utf-8") as f:
            out = csv.writer(f)
            out.writerow(header)
            for r in self.records:
                out.writerow(
                    [r.index, r.seed, *r.seats, *(f"{x:g}" for x in r.returns)]
                    + [r.decisions, f"{r.seconds:.6f}"]
                    + [f"{r.metrics[k]:g}" if k in r.metrics else "" for k in metrics]
                )


def simulate(
    game: str,
    n: int,
    agents: Sequence[AgentEntry],
    seed: int = 0,
    workers: int = 1,
    config: Mapping[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
) -> SimResult:
    """Play ``n`` seeded games of ``game`` between ``agents`` (one per seat): specs such as
    ``"mcts:200"``, or your own agents, each as an object (one for every game) or as a
    factory called with each seat's seed (reproducible; with ``workers`` > 1 either must
    pickle, as a class or function at a module's top level does).

    Seat ``j`` of game ``i`` gets ``agents[(i + j) % len(agents)]``. ``progress`` is called
    with the number of games finished so far.
    """
    g = registry.get(game)
    cfg = g.config_from_json(config or {})
    if n < 0:
        raise ConfigError.said(MSG, "games", n=n)
    if workers < 1:
        raise ConfigError.said(MSG, "workers", n=workers)
    entries, specs = _entries(agents, workers)
    if len(specs) != cfg.players:
        raise _agents_needed(game, cfg.players, specs)
    job = _Job(game, cfg.to_json(), entries, seat_labels(specs), seed)
    result = SimResult(game, n, specs, job.labels, seed, cfg.to_json(), [])
    if workers == 1 or n <= 1:
        for i in range(n):
            result.records.append(_play_noted(g, job, i))
            if progress is not None:
                progress(i + 1)
        return result

    size = max(1, min(64, math.ceil(n / (workers * 8))))
    chunks = [range(i, min(n, i + size)) for i in range(0, n, size)]
    by_chunk: dict[int, list[GameRecord]] = {}
    done = 0
    with ProcessPoolExecutor(
        max_workers=min(workers, len(chunks)),
        initializer=_init_worker,
        initargs=(game, _picklable_factory(g)),
    ) as pool:
        futures = {pool.submit(_run_chunk, job, chunk): c for c, chunk in enumerate(chunks)}
        for future in as_completed(futures):
            out = future.result()
            if isinstance(out, _Failure):
                for f in futures:
                    f.cancel()
                notes = "; ".join(out.notes)
                raise RuntimeError(
                    f"{out.kind}: {out.message} ({notes})\nworker traceback:\n{out.trace}"
                )
            by_chunk[futures[future]] = out
            done += len(out)
            if progress is not None:
                progress(done)
    for c in range(len(chunks)):
        result.records.extend(by_chunk[c])
    return result


def _run_tasks(jobs: Sequence[_Job], tasks: Sequence[tuple[int, int]]) -> list[Any] | _Failure:
    try:
        game = registry.get(jobs[0].game)
        return [(c, _play_noted(game, jobs[c], i)) for c, i in tasks]
    except Exception as e:
        return _Failure(e)


def simulate_cells(
    game: str,
    cells: Sequence[tuple[str, Mapping[str, Any]]],
    n: int,
    agents: Sequence[str],
    seed: int = 0,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
) -> list[tuple[str, SimResult]]:
    """A study: ``n`` games of each ``(label, config)`` cell, as :func:`simulate` would play
    them cell by cell (same seeds, same records), but spread over ``workers`` processes
    across cells, so a study of many one-game cells (a year of daily sets) runs in parallel.
    """
    if workers < 1:
        raise ConfigError.said(MSG, "workers", n=workers)
    if workers == 1:
        out = []
        done = 0
        for label, config in cells:
            out.append((label, simulate(game, n, agents, seed, 1, config)))
            done += n
            if progress is not None:
                progress(done)
        return out
    g = registry.get(game)
    specs = tuple(agents)
    for spec in specs:
        make_agent(spec, 0)  # fail on a bad spec here, not in a worker
    jobs, results = [], []
    for label, config in cells:
        cfg = g.config_from_json(config)
        if len(specs) != cfg.players:
            raise _agents_needed(game, cfg.players, specs)
        job = _Job(game, cfg.to_json(), specs, seat_labels(specs), seed)
        jobs.append(job)
        results.append((label, SimResult(game, n, specs, job.labels, seed, cfg.to_json(), [])))
    tasks = [(c, i) for c in range(len(jobs)) for i in range(n)]
    size = max(1, min(16, math.ceil(len(tasks) / (workers * 8))))
    chunks = [tasks[k : k + size] for k in range(0, len(tasks), size)]
    done = 0
    with ProcessPoolExecutor(
        max_workers=min(workers, len(chunks) or 1),
        initializer=_init_worker,
        initargs=(game, _picklable_factory(g)),
    ) as pool:
        futures = [pool.submit(_run_tasks, jobs, chunk) for chunk in chunks]
        for future in as_completed(futures):
            got = future.result()
            if isinstance(got, _Failure):
                for f in futures:
                    f.cancel()
                notes = "; ".join(got.notes)
                raise RuntimeError(
                    f"{got.kind}: {got.message} ({notes})\nworker traceback:\n{got.trace}"
                )
            for c, record in got:
                results[c][1].records.append(record)
            done += len(got)
            if progress is not None:
                progress(done)
    for _, result in results:
        result.records.sort(key=lambda r: r.index)
    return results


def played_shares(sums: Mapping[str, float]) -> dict[str, dict[str, Any]]:
    """The win share of each X a game reports as ``plays X`` and ``wins X`` (a hero, a
    faction): wins / games X was in, with its Wilson 95% interval. Both metrics are 1 or 0
    a game, so their sums over the games are counts."""
    out: dict[str, dict[str, Any]] = {}
    for key in sorted(sums):
        if not key.startswith("plays "):
            continue
        name = key[6:]
        wins_key = "wins " + name
        if wins_key not in sums:
            continue
        games = round(sums[key])
        wins = round(sums[wins_key])
        if not 0 <= wins <= games:
            continue  # not a pair of counts after all
        if games == 0:  # never in a game: nothing to say about its share
            out[name] = {"games": 0, "wins": 0, "rate": None, "ci": None}
            continue
        low, high = wilson(wins, games)
        out[name] = {"games": games, "wins": wins, "rate": wins / games, "ci": [low, high]}
    return out
