"""DungeonQuest with 2+ heroes: how each agent's hero does, seat by seat.

``tavolo simulate`` reports each agent's wins and the game's metrics averaged over all
heroes; this plays the same games (the same game seeds, agent seeds and seat rotation)
and reports, per agent, the treasure its hero brought out (0 if he did not get out), how
often he got out (with treasure or not), won alone or shared the win (D21, read from
the heroes, not from ``returns``), the round he got out and the commonest deaths.

    .venv/bin/python tools/dungeonquest_race.py -a mcts,random -n 200 --seed 1
"""

from __future__ import annotations

import argparse
from collections import Counter, defaultdict
from typing import Any

from tavolo.agents import make_agent
from tavolo.engine import registry
from tavolo.sim.runner import agent_seed, game_seed
from tavolo.sim.stats import wilson


def play(agents: list[str], games: int, seed: int, players: int) -> list[dict[str, Any]]:
    game: Any = registry.get("dungeonquest")
    config = game.make_config(players)
    rows = []
    for index in range(games):
        gseed = game_seed(seed, index)
        state = game.new(config, gseed)
        order = [(index + j) % len(agents) for j in range(players)]
        seats = [
            make_agent(game.agent_spec(agents[a], config.mode), agent_seed(gseed, j))
            for j, a in enumerate(order)
        ]
        out_at: list[int | None] = [None] * players
        while (d := game.decision(state)) is not None:
            game.apply(state, seats[d.player].act(game, state, d))
            for k, h in enumerate(state.heroes):
                if out_at[k] is None and h.status == "escaped":
                    out_at[k] = state.round
        heroes = state.heroes
        best = max((h.gp for h in heroes if h.status == "escaped"), default=None)
        winners = [k for k, h in enumerate(heroes) if h.status == "escaped" and h.gp == best]
        for k, h in enumerate(heroes):
            rows.append(
                {
                    "agent": agents[order[k]],
                    "gp": h.gp if h.status == "escaped" else 0,
                    "out": h.status == "escaped",
                    "out_at": out_at[k],
                    "alone": winners == [k],
                    "shared": k in winners and len(winners) > 1,
                    "cause": h.cause if h.status == "dead" else "",
                    "rounds": min(state.round, state.opts.sun_rounds),
                }
            )
    return rows


def report(rows: list[dict[str, Any]]) -> None:
    by: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        by[r["agent"]].append(r)
    for agent, rs in by.items():
        n = len(rs)
        out = [r for r in rs if r["out"]]
        alone = sum(r["alone"] for r in rs)
        shared = sum(r["shared"] for r in rs)
        low, high = wilson(alone, n)
        rich = sum(r["gp"] > 0 for r in out)
        gp = sum(r["gp"] for r in rs) / n
        print(f"{agent}: {n} heroes; treasure brought out {gp:.0f} GP a hero")
        print(
            f"  out {len(out) / n:.1%}, out with treasure {rich / n:.1%}; won alone "
            f"{alone / n:.1%} ({low:.1%}-{high:.1%}), shared a win {shared / n:.1%}"
        )
        when = sum(r["out_at"] for r in out) / max(1, len(out))
        print(
            f"  got out in round {when:.1f} on average; "
            f"{sum(r['rounds'] for r in rs) / n:.1f} rounds a game"
        )
        deaths = Counter(r["cause"] for r in rs if r["cause"]).most_common(4)
        print("  deaths: " + ", ".join(f"{c} {k}" for c, k in deaths))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-a", "--agents", default="mcts,random")
    parser.add_argument("-n", "--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--heroes", type=int, default=2, help="heroes a game (2-4)")
    args = parser.parse_args()
    report(play(args.agents.split(","), args.games, args.seed, args.heroes))


if __name__ == "__main__":
    main()
