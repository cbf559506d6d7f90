"""Batch simulation, statistics and benchmarks on the engine protocol (no game imports)."""

from .bench import bench, bench_all
from .runner import GameRecord, SimResult, seat_labels, simulate
from .stats import Tally, outcome, wilson

__all__ = [
    "GameRecord",
    "SimResult",
    "Tally",
    "bench",
    "bench_all",
    "outcome",
    "seat_labels",
    "simulate",
    "wilson",
]
