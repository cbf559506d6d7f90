"""DungeonQuest: the heroes the sun caught inside, and what held them up.

Plays the games of ``tavolo simulate dungeonquest --seed S -a A[,B...]`` (the same game
and agent seeds, the same seat rotation) and reports, per agent, the heroes seen, those
out, those who won (D21, read from the heroes; a shared win counts), those dead, those
dead at sunset, and for each of these what held him up in his last rounds
(``--window``, 6 by default): a door that did not open (a Door card other than Door
Opens), a portcullis that held, a Cave-In tile's test failed, the Giant Spider's web (a
fight round lost), a Trapdoor or lost turns; "walled in" when no way out was left at
all, "none" when nothing held him (he left too late or wandered). A death may count
under several obstacles; the main one is the one that cost the most turns. ``--json``
writes a row per hero (``-o heroes=H`` picks the solo hero).

    .venv/bin/python tools/dungeonquest_sunset.py -a mcts -n 200 --seed 1 \\
        -o solo_target=1
    .venv/bin/python tools/dungeonquest_sunset.py -a mcts,mcts -n 100 --seed 1
"""

from __future__ import annotations

import argparse
import json
from collections import Counter, defaultdict
from typing import Any

from tavolo.agents import make_agent
from tavolo.engine import registry
from tavolo.sim.runner import agent_seed, game_seed

KINDS = ("door", "portcullis", "cave-in", "web", "trapdoor", "lost turns")


def held_up(kind: str, data: dict[str, Any]) -> str | None:
    """The obstacle an event of a hero's tells of (a turn it cost him), if any."""
    if kind == "card_drawn" and data.get("deck") == "door" and data["card"] != "door_opens":
        return "door" if data["card"] != "shuffle" else None
    if kind == "portcullis_holds":
        return "portcullis"
    if kind == "test_failed":
        why = data.get("why")
        if why == "cave_in":
            return "cave-in"
        if why == "portcullis":
            return None  # told by portcullis_holds
        if why in ("trapdoor", "effect") or "trapdoor" in str(why):
            return "trapdoor"
        return None
    if kind == "life_lost" and data.get("why") == "giant_spider":
        return "web"
    if kind == "turn_lost":
        return "lost turns"
    return None


def play(
    agents: list[str],
    games: int,
    seed: int,
    players: int,
    options: dict[str, Any],
    window: int = 6,
) -> list[dict[str, Any]]:
    game: Any = registry.get("dungeonquest")
    config = game.configure(players, None, options)
    far = 30
    rows = []
    for index in range(games):
        gseed = game_seed(seed, index)
        state = game.new(config, gseed)
        order = [(index + j) % len(agents) for j in range(players)]
        seats = [
            make_agent(game.agent_spec(agents[a], config.mode), agent_seed(gseed, j))
            for j, a in enumerate(order)
        ]
        log: list[list[tuple[int, str]]] = [[] for _ in range(players)]
        while (d := game.decision(state)) is not None:
            walled = [
                h.status == "in" and h.pos is not None and game.way_out(state, h.pos) >= far
                for h in state.heroes
            ]
            rnd = state.round
            for e in game.apply(state, seats[d.player].act(game, state, d)):
                k = e.data.get("hero") if isinstance(e.data, dict) else None
                if not isinstance(k, int) or not 0 <= k < players:
                    continue
                what = held_up(e.kind, e.data)
                if what:
                    log[k].append((rnd, what))
            for k, h in enumerate(state.heroes):
                if h.status == "dead" and h.cause == "sunset" and walled[k]:
                    log[k].append((rnd, "walled in"))
        heroes = state.heroes
        best = max((h.gp for h in heroes if h.status == "escaped"), default=None)
        winners = [k for k, h in enumerate(heroes) if h.status == "escaped" and h.gp == best]
        for k, h in enumerate(heroes):
            won = h.status == "escaped" and h.gp >= state.opts.solo_target
            if players > 1:
                won = k in winners
            last = state.opts.sun_rounds
            recent = [w for r, w in log[k] if r > last - window]
            rows.append(
                {
                    "game": index,
                    "agent": agents[order[k]],
                    "hero": h.id,
                    "out": h.status == "escaped",
                    "won": won,
                    "sunset": h.status == "dead" and h.cause == "sunset",
                    "cause": h.cause if h.status == "dead" else "",
                    "held": Counter(recent),
                    "at": list(h.pos) if h.pos else None,
                }
            )
    return rows


def report(rows: list[dict[str, Any]]) -> None:
    by: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        by[r["agent"]].append(r)
    for agent, rs in by.items():
        n = len(rs)
        out = sum(r["out"] for r in rs)
        won = sum(r["won"] for r in rs)
        dead = sum(bool(r["cause"]) for r in rs)
        sun = [r for r in rs if r["sunset"]]
        print(f"{agent}: {n} heroes, out {out}, won {won}, dead {dead}, dead at sunset {len(sun)}")
        main: Counter[str] = Counter()
        any_: Counter[str] = Counter()
        for r in sun:
            held: Counter[str] = r["held"]
            if "walled in" in held:
                main["walled in"] += 1
            elif held:
                main[held.most_common(1)[0][0]] += 1
            else:
                main["none"] += 1
            for w in held:
                any_[w] += 1
        print("  held up mostly by: " + ", ".join(f"{w} {c}" for w, c in main.most_common()))
        print("  held up at all by: " + ", ".join(f"{w} {c}" for w, c in any_.most_common()))
        turns = Counter[str]()
        for r in sun:
            turns.update(r["held"])
        print("  turns it cost them: " + ", ".join(f"{w} {c}" for w, c in turns.most_common()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-a", "--agents", default="mcts")
    parser.add_argument("-n", "--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("-o", "--option", action="append", default=[])
    parser.add_argument("--window", type=int, default=6, help="last rounds looked at")
    parser.add_argument("--json", help="write the rows here")
    args = parser.parse_args()
    agents = args.agents.split(",")
    options: dict[str, Any] = {}
    for o in args.option:
        key, _, value = o.partition("=")
        options[key] = int(value) if value.lstrip("-").isdigit() else value
    rows = play(agents, args.games, args.seed, len(agents), options, args.window)
    report(rows)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(
                [{**r, "held": dict(r["held"])} for r in rows], f, indent=None, sort_keys=True
            )


if __name__ == "__main__":
    main()
