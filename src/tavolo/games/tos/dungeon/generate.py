"""``generate_map``: crawl a map, check it, and try the next sub-seed until one is good.

The original (0.1b) never retries, and about 0.3% of its daily dungeons fail; tavolo checks
every map with :func:`.validate.check_map` and, when an attempt is stuck or fails a check,
crawls again from ``derive_seed(seed, f"dungeon map {attempt}")`` for the next attempt. The
result records how many attempts it took and why the earlier ones were rejected, so the
failure and retry rates can be measured (``docs/tos-dungeon.md``).
"""

from __future__ import annotations

from dataclasses import replace

from tavolo.engine.errors import TavoloError
from tavolo.engine.rng import derive_seed

from .crawl import Stuck, crawl
from .model import DungeonMap
from .tiles import Layout, layouts
from .validate import check_map

MAX_ATTEMPTS = 10


class DungeonGenerationError(TavoloError):
    """No attempt gave a valid map (never seen with the shipped layouts)."""


def attempt_seed(seed: int, attempt: int) -> int:
    """The sub-seed of attempt ``attempt`` (0 is the first)."""
    return derive_seed(seed, f"dungeon map {attempt}")


def generate_map(
    seed: int, *, max_attempts: int = MAX_ATTEMPTS, tiles: tuple[Layout, ...] | None = None
) -> DungeonMap:
    """The dungeon map of ``seed``: the first attempt that crawls to the end and checks out."""
    pool = layouts() if tiles is None else tiles
    rejected: list[str] = []
    for attempt in range(max_attempts):
        try:
            m = crawl(attempt_seed(seed, attempt), pool)
        except Stuck as e:
            rejected.append(f"attempt {attempt + 1}: stuck: {e}")
            continue
        problems = check_map(m)
        if problems:
            rejected.append(f"attempt {attempt + 1}: {problems[0]}")
            continue
        return replace(m, seed=seed, attempts=attempt + 1, rejected=tuple(rejected))
    raise DungeonGenerationError(
        f"seed {seed}: no valid dungeon map in {max_attempts} attempts; last: {rejected[-1]}"
        if rejected
        else f"seed {seed}: max_attempts must be at least 1"
    )
