"""Estro balance by simulation: MCTS against MCTS over random decks (issue 7, item 2).

Play games and append one JSON line per game (both decks, the first player, the zone,
the result) to a file; several runs may share a file if their ``--start`` ranges differ.
Then ``--report`` reads such files and prints the first player's win share, the win share
of each estro's cards and every card's inclusion win rate, with Wilson 95% intervals.

    nice -n 15 python tools/estro_balance.py play --games 200 --iterations 60 --out runs.jsonl
    python tools/estro_balance.py report runs.jsonl

A draw counts half a win. A card's inclusion win rate is the share of the games won by
the decks that hold it; with 25 of 250 cards per deck each card sits in about one deck
in ten, so it needs many games to say anything.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections import defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from tavolo.agents import MCTSAgent
from tavolo.engine import registry
from tavolo.games.estro.content import CONTENT, default_collection, load_collection
from tavolo.games.estro.game import EstroGame
from tavolo.games.estro.schema import ESTRI
from tavolo.sim.stats import wilson

TARGET_FIRST = (0.45, 0.55)
CARD_BAND = 0.08
BOOTSTRAP = 1000
ZONES = CONTENT / "zones.yaml"


def play(
    games: int, start: int, iterations: int, seed: int, out: Path, cards: Path | None = None
) -> None:
    g = registry.get("estro") if cards is None else EstroGame(load_collection(cards, ZONES))
    cfg = g.make_config()
    with out.open("a", encoding="utf-8") as f:
        for i in range(start, start + games):
            t0 = time.perf_counter()
            gseed = seed * 1_000_003 + i
            s = g.new(cfg, gseed)
            decks = [sorted([*p.hand, *p.deck, *p.field]) for p in s.players]
            first = s.active
            agents = [MCTSAgent(gseed * 2 + k, iterations=iterations) for k in (0, 1)]
            n = 0
            while (d := g.decision(s)) is not None:
                g.apply(s, agents[d.player].act(g, s, d))
                n += 1
            row = {
                "game": i,
                "seed": gseed,
                "iterations": iterations,
                "first": first,
                "zone": ESTRI[s.zone],
                "decks": decks,
                "returns": list(g.returns(s)),
                "reason": getattr(s, "reason", ""),
                "round": s.round,
                "decisions": n,
                "seconds": round(time.perf_counter() - t0, 2),
            }
            f.write(json.dumps(row) + "\n")
            f.flush()


def load(paths: Iterable[Path]) -> list[dict[str, Any]]:
    rows: dict[tuple[int, int], dict[str, Any]] = {}
    for p in paths:
        for line in p.read_text(encoding="utf-8").splitlines():
            if line.strip():
                r = json.loads(line)
                rows[(r["seed"], r["iterations"])] = r
    return list(rows.values())


def score(r: dict[str, Any], p: int) -> float:
    """1 for a win, 0.5 for a draw, 0 for a loss."""
    a, b = r["returns"][p], r["returns"][1 - p]
    return 1.0 if a > b else 0.5 if a == b else 0.0


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def ci(wins: float, n: int) -> str:
    lo, hi = wilson(wins, n)
    return f"{pct(lo)}–{pct(hi)}"


def report(rows: Sequence[dict[str, Any]], cards: Path | None = None) -> str:
    col = default_collection() if cards is None else load_collection(cards, ZONES)
    n = len(rows)
    out = [f"games: {n}"]
    if not n:
        return out[0]
    its = sorted({r["iterations"] for r in rows})
    out.append(f"MCTS iterations per decision: {', '.join(map(str, its))}")
    draws = sum(score(r, 0) == 0.5 for r in rows)
    out.append(f"draws: {draws}")
    reasons: dict[str, int] = defaultdict(int)
    for r in rows:
        reasons[r["reason"]] += 1
    out.append("end reasons: " + ", ".join(f"{k} {v}" for k, v in sorted(reasons.items())))
    fw = sum(score(r, r["first"]) for r in rows)
    out.append("")
    out.append("| measure | share | 95% CI | n |")
    out.append("|---|---|---|---|")
    out.append(f"| first player wins | {pct(fw / n)} | {ci(fw, n)} | {n} |")
    # estro: a deck's result weighs by its share of the estro's cards; the interval comes
    # from resampling whole games (the cards of one deck are not independent observations)
    card_w: dict[str, float] = defaultdict(float)
    card_n: dict[str, int] = defaultdict(int)
    per_game: list[dict[str, tuple[float, int]]] = []
    for r in rows:
        g: dict[str, tuple[float, int]] = {}
        for p in (0, 1):
            sc = score(r, p)
            for c in r["decks"][p]:
                card_w[c] += sc
                card_n[c] += 1
                e = col.card(c).estro
                w, k = g.get(e, (0.0, 0))
                g[e] = (w + sc, k + 1)
        per_game.append(g)
    rng = random.Random(1)
    for e in ESTRI:
        w = sum(g.get(e, (0.0, 0))[0] for g in per_game)
        k = sum(g.get(e, (0.0, 0))[1] for g in per_game)
        if not k:
            continue
        shares = []
        for _ in range(BOOTSTRAP):
            pick = [per_game[rng.randrange(n)].get(e, (0.0, 0)) for _ in range(n)]
            kk = sum(x[1] for x in pick)
            shares.append(sum(x[0] for x in pick) / kk if kk else 0.5)
        shares.sort()
        lo, hi = shares[int(0.025 * BOOTSTRAP)], shares[int(0.975 * BOOTSTRAP) - 1]
        out.append(
            f"| {e.capitalize()} cards' decks win | {pct(w / k)} | {pct(lo)}–{pct(hi)} "
            f"(bootstrap) | {k} cards in {2 * n} decks |"
        )
    # the same decks recur in runs with the same seeds, so a card dealt into big decks looks
    # strong in all of them: also give each card's rate after the deal's TOT difference,
    # with a straight line fitted to all games (expected score 0.5 + slope x TOT lead)
    tots = [[sum(col.card(c).tot for c in r["decks"][p]) for p in (0, 1)] for r in rows]
    lead = [t[0] - t[1] for t in tots]
    slope = sum(x * (score(r, 0) - 0.5) for x, r in zip(lead, rows, strict=True)) / max(
        1, sum(x * x for x in lead)
    )
    resid: dict[str, float] = defaultdict(float)
    for x, r in zip(lead, rows, strict=True):
        for p, sign in ((0, 1), (1, -1)):
            expected = min(1.0, max(0.0, 0.5 + slope * sign * x))
            for c in r["decks"][p]:
                resid[c] += score(r, p) - expected
    out.append("")
    out.append(
        f"TOT adjustment: a deck's expected score is 0.5 + {slope:.4f} x its TOT lead over the "
        f"other deck (least squares over {n} games; deck TOT lead sd "
        f"{math.sqrt(sum(x * x for x in lead) / n):.0f})"
    )
    lo_band, hi_band = 0.5 - CARD_BAND, 0.5 + CARD_BAND
    rates = []
    for c in col.cards:
        k = card_n.get(c.id, 0)
        if k:
            w = card_w[c.id]
            lo, hi = wilson(w, k)
            rates.append((w / k, lo, hi, k, c))
    outside = [x for x in rates if not lo_band <= x[0] <= hi_band]
    adjusted = {x[4].id: 0.5 + resid[x[4].id] / x[3] for x in rates}
    adj_out = [c for c, v in adjusted.items() if not lo_band <= v <= hi_band]
    sure = [x for x in rates if x[1] > hi_band or x[2] < lo_band]
    ks = sorted(x[3] for x in rates)
    out.append(
        f"cards seen: {len(rates)} of {len(col.cards)}; decks per card: min {ks[0]}, "
        f"median {ks[len(ks) // 2]}, max {ks[-1]}"
    )
    # how many would fall outside by chance alone if every card were exactly even
    chance = sum(math.erfc(CARD_BAND / (0.5 / math.sqrt(x[3])) / math.sqrt(2)) for x in rates)
    out.append(
        f"cards whose inclusion win rate is outside 42–58%: {len(outside)} (point estimate; "
        f"{chance:.1f} expected by chance alone with these sample sizes if every card were "
        f"even); whose whole 95% interval is outside it: {len(sure)}; outside after the TOT "
        f"adjustment: {len(adj_out)}"
    )
    out.append("")
    out.append("| card | estro | gift | TOT | decks | win rate | 95% CI | TOT-adjusted |")
    out.append("|---|---|---|---|---|---|---|---|")
    for rate, _lo, _hi, k, c in sorted(rates, key=lambda x: x[0], reverse=True):
        w = card_w[c.id]
        gift = "—" if c.gift is None else f"{c.gift.kind} {c.gift.trigger}"
        out.append(
            f"| {c.name} | {c.estro} | {gift} | {c.tot} | {k} | {pct(rate)} | {ci(w, k)} | "
            f"{pct(adjusted[c.id])} |"
        )
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    pp = sub.add_parser("play", help="play games and append them to --out")
    pp.add_argument("--games", type=int, required=True)
    pp.add_argument("--start", type=int, default=0, help="index of the first game")
    pp.add_argument("--iterations", type=int, default=60, help="MCTS iterations per decision")
    pp.add_argument("--seed", type=int, default=7)
    pp.add_argument("--out", type=Path, required=True)
    pp.add_argument("--cards", type=Path, help="another cards file (default: the game's)")
    rp = sub.add_parser("report", help="summarise JSON-lines files of games")
    rp.add_argument("files", type=Path, nargs="+")
    rp.add_argument("--cards", type=Path, help="the cards file the games were played with")
    a = ap.parse_args(argv)
    if a.cmd == "play":
        if a.games < 1 or a.iterations < 1:
            print("error: --games and --iterations must be 1 or more", file=sys.stderr)
            return 2
        play(a.games, a.start, a.iterations, a.seed, a.out, a.cards)
        return 0
    missing = [str(f) for f in a.files if not f.exists()]
    if missing:
        print(f"error: no such file: {missing[0]}", file=sys.stderr)
        return 2
    print(report(load(a.files), a.cards))
    return 0


if __name__ == "__main__":
    sys.exit(main())
