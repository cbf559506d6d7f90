"""The adventure balance study: an agent plays the daily sets of consecutive days.

Each day's set is played as the day deals it (its hero's class, its adventure type), once,
by one agent with its own seed stream. A record per day keeps the outcome and the numbers
the balance asks for (fights, fights won, moves, level, removed cards, the cause of a
defeat); :func:`summarise` groups them by adventure type and class with Wilson 95%
intervals. Days are played in parallel processes; the results do not depend on how many.
"""

from __future__ import annotations

import datetime as dt
import time
from collections import Counter, defaultdict
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from typing import Any

from tavolo.engine import registry
from tavolo.engine.rng import derive_seed

from . import daily, generator

MAX_DECISIONS = 20_000


@dataclass(frozen=True)
class DayRecord:
    date: str
    adventure: str
    klass: str
    won: bool
    reason: str
    fights: int
    fights_won: int
    moves: int
    level: int
    removed: int
    decisions: int
    seconds: float


def play_day(date: str, agent: str, seed: int) -> DayRecord:
    """One day's set, played to the end by ``agent``."""
    from tavolo.agents import make_agent

    g = registry.get("tos")
    day = generator.parse_day(date)
    kind = daily.adventure_type(day)
    config = g.make_config(1, kind, date=date)
    game_seed = derive_seed(seed, f"study {date}")
    s = g.new(config, game_seed)
    player = make_agent(agent, derive_seed(game_seed, "seat0"))
    start = time.perf_counter()
    decisions = 0
    while (d := g.decision(s)) is not None and decisions < MAX_DECISIONS:
        g.apply(s, player.act(g, s, d))
        decisions += 1
    m = g.metrics(s)
    return DayRecord(
        date=date,
        adventure=kind,
        klass=s.hero.klass,
        won=s.reason == "won",
        reason=s.reason or "unfinished",
        fights=int(m["fights"]),
        fights_won=int(m["fights_won"]),
        moves=int(m["moves"]),
        level=int(m["level"]),
        removed=int(m["removed"]),
        decisions=decisions,
        seconds=round(time.perf_counter() - start, 2),
    )


def _play(args: tuple[str, str, int]) -> DayRecord:
    return play_day(*args)


def run(start: dt.date, days: int, agent: str, seed: int, workers: int) -> list[DayRecord]:
    dates = [(start + dt.timedelta(days=i)).isoformat() for i in range(days)]
    jobs = [(d, agent, seed) for d in dates]
    if workers <= 1:
        return [_play(j) for j in jobs]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(_play, jobs, chunksize=1))


def summarise(records: Iterable[DayRecord]) -> list[dict[str, Any]]:
    """One row per (adventure type, class), then one per adventure type, then all."""
    from tavolo.sim.stats import wilson

    groups: dict[tuple[str, str], list[DayRecord]] = defaultdict(list)
    for r in records:
        groups[(r.adventure, r.klass)].append(r)
        groups[(r.adventure, "all")].append(r)
        groups[("all", "all")].append(r)
    rows = []
    def order(kv: tuple[tuple[str, str], list[DayRecord]]) -> tuple[bool, str, bool, str]:
        (kind, klass), _ = kv
        return kind == "all", kind, klass == "all", klass

    for (kind, klass), rs in sorted(groups.items(), key=order):
        n = len(rs)
        wins = sum(r.won for r in rs)
        low, high = wilson(wins, n)
        causes = Counter(r.reason for r in rs if not r.won)
        rows.append(
            {
                "adventure": kind,
                "class": klass,
                "games": n,
                "wins": wins,
                "win_rate": wins / n,
                "ci_low": low,
                "ci_high": high,
                "fights": sum(r.fights for r in rs) / n,
                "fights_won": sum(r.fights_won for r in rs) / n,
                "moves": sum(r.moves for r in rs) / n,
                "level": sum(r.level for r in rs) / n,
                "defeats": dict(sorted(causes.items())),
            }
        )
    return rows


def to_csv(records: Iterable[DayRecord]) -> str:
    rows = [asdict(r) for r in records]
    if not rows:
        return ""
    head = list(rows[0])
    return ",".join(head) + "\n" + "".join(",".join(str(r[k]) for k in head) + "\n" for r in rows)
