"""Instructions per decision: the speed measure that does not depend on the hour.

This machine's wall clock moves by up to four times between morning and evening for the
same build, so decisions/s compare stops only when measured in the same hour. callgrind
counts the CPU instructions spent inside the compiled ``playout()`` over seeded random
playouts instead; with string hashing seeded too, two runs of one build give the same
count. Needs valgrind and the compiled modules (``make setup``):

    python tools/instructions.py estro --mode navi --games 30 [--json]

Under valgrind the games run about 50 times slower: 30 Navi games take about a minute.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from typing import Any

from tavolo import native
from tavolo.engine import RNG, TavoloError, registry
from tavolo.engine.playout import playout, random_chooser

# The compiled playout() (engine/playout.py) as callgrind names it: counting starts on
# entry and stops on return, so imports and setup are left out.
PLAYOUT_SYMBOL = "__pyx_pw_6tavolo_6engine_7playout_3playout"
HASH_SEED = "0"  # CPython seeds str hashes per process: dict and set probes would vary


def play(game: str, mode: str | None, games: int) -> int:
    """The measured run (inside valgrind): seeded random playouts; the decisions taken."""
    g = registry.get(game)
    cfg = g.config_from_json({"mode": mode} if mode else {})
    choose = random_chooser(RNG(1))
    # What the imports left for the cyclic collector would otherwise be collected inside
    # the first games, a cost of start-up and not of a decision (up to a fifth of a short
    # run's count, depending on how much the imports allocated).
    gc.collect()
    gc.freeze()
    return sum(playout(g, g.new(cfg, seed), choose) for seed in range(games))


def collected(stderr: str) -> int | None:
    """callgrind's count of the instructions it collected, from its closing summary."""
    found = re.findall(r"Collected\s*:\s*(\d+)", stderr)
    return int(found[-1]) if found else None


def measure(game: str, mode: str | None, games: int) -> dict[str, Any]:
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        raise SystemExit("error: valgrind is not installed (apt install valgrind)")
    if "tavolo.engine.playout" not in native.LOADED:  # (pure, stale or never built)
        raise SystemExit("error: engine/playout.py does not run compiled: run make setup")
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "decisions")
        cmd = [
            valgrind,
            "--tool=callgrind",
            "--collect-atstart=no",
            f"--toggle-collect={PLAYOUT_SYMBOL}",
            f"--callgrind-out-file={os.path.join(tmp, 'callgrind.out')}",
            sys.executable,
            __file__,
            game,
            "--games",
            str(games),
            "--inner",
            out,
        ]
        if mode:
            cmd[-2:-2] = ["--mode", mode]
        env = {**os.environ, "PYTHONHASHSEED": HASH_SEED}
        run = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
        if run.returncode != 0 or not os.path.exists(out):
            last = (run.stderr.strip().splitlines() or ["no output"])[-1]
            raise SystemExit(f"error: the measured run failed: {last}")
        with open(out, encoding="utf-8") as f:
            decisions = int(f.read())
    instructions = collected(run.stderr)
    if instructions is None or decisions == 0:
        raise SystemExit("error: callgrind reported no count (is playout() compiled?)")
    return {
        "game": game,
        "mode": mode or "default",
        "games": games,
        "decisions": decisions,
        "instructions": instructions,
        "instructions_per_decision": instructions / decisions,
        "python": sys.version.split()[0],
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game")
    ap.add_argument("--mode", "-m", default=None)
    ap.add_argument("--games", "-n", type=int, default=20, help="seeds 0..N-1 (default 20)")
    ap.add_argument("--json", action="store_true", help="one JSON object on stdout")
    ap.add_argument("--inner", default=None, help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.games < 1:
        ap.error(f"--games must be 1 or more, not {a.games}")
    if a.inner:  # the run inside valgrind
        decisions = play(a.game, a.mode, a.games)
        with open(a.inner, "w", encoding="utf-8") as f:
            f.write(str(decisions))
        return 0
    try:
        play(a.game, a.mode, 1)  # an unknown game or mode fails here, in one line
    except TavoloError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    r = measure(a.game, a.mode, a.games)
    if a.json:
        print(json.dumps(r))
    else:
        print(
            f"{r['game']} {r['mode']}: {r['games']} games, {r['decisions']:,} decisions, "
            f"{r['instructions']:,} instructions, "
            f"{r['instructions_per_decision']:,.0f} per decision"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
