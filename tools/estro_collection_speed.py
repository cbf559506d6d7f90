"""Random-playout speed of Estro with two card files, interleaved in one process.

Compares decisions per second of CPU time (``time.process_time``), which a loaded machine
disturbs less than wall time, for the game's collection and another cards file:

    python tools/estro_collection_speed.py OTHER_CARDS.yaml [--rounds 5] [--seconds 1.5]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from tavolo.engine import RNG
from tavolo.games.estro.content import CONTENT, load_collection
from tavolo.games.estro.game import EstroGame
from tavolo.sim.bench import playout, random_chooser


def rate(game: EstroGame, seconds: float) -> float:
    cfg = game.make_config()
    choose = random_chooser(RNG(1))
    games = decisions = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        decisions += playout(game, game.new(cfg, games), choose)
        games += 1
    return decisions / (time.process_time() - t0)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("other", type=Path)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=1.5)
    a = ap.parse_args(argv)
    if not a.other.exists():
        print(f"error: no such file: {a.other}", file=sys.stderr)
        return 2
    zones = CONTENT / "zones.yaml"
    games = {
        a.other.name: EstroGame(load_collection(a.other, zones)),
        "cards.yaml": EstroGame(load_collection(CONTENT / "cards.yaml", zones)),
    }
    rates: dict[str, list[float]] = {k: [] for k in games}
    for _ in range(a.rounds):
        for name, g in games.items():
            rates[name].append(rate(g, a.seconds))
    for name, v in rates.items():
        v.sort()
        print(f"{name}: median {v[len(v) // 2]:,.0f} decisions/s of CPU ({len(v)} runs)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
