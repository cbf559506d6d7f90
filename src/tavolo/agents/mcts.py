"""Single-observer information-set MCTS (SO-ISMCTS, Cowling, Powley & Whitehouse 2012).

Why this shape:

* Hidden information: each iteration samples one determinization of the root from the
  acting player's point of view (``game.determinize``, which also gives the copy a fresh
  dice stream from the agent's RNG), so the tree is a tree of *information sets* keyed by
  action ids and never depends on what the searcher cannot see.
* Availability counts: an action legal in some determinizations but not others would be
  unfairly favoured by plain UCB1; each child counts how often it was *available* and
  UCB1 uses that count in place of the parent's visits.
* Any number of players, in any order: a node's statistics are from the point of view of
  the player who chose the action leading to it, and a rollout's value is looked up for
  exactly the players on the path (no need to know the player count).
* Cheap leaves: rollouts are random and cut after ``rollout_depth`` decisions, then scored
  with ``game.heuristic`` (``game.returns`` when the game ended), which is both faster and
  less noisy than random play to the end in long games.
* Optional value normalisation (``normalize=True``, spec setting ``norm=1``; off by
  default): the mean values in UCB1 are min-max scaled to 0-1 over the smallest and
  largest mean value any node of this search has backed up (as MuZero does), before the
  exploration term is added. Games scored by a heuristic whose children differ by a few
  hundredths would otherwise be explored evenly by an exploration constant sized for
  returns of 0 or 1, so that the choice is close to random. Each player has a range of
  their own: in a 4-player race one player's hundredths were scaled by a range the
  others' values had widened to tenths, and that player explored evenly again. A range
  widens to 0-1 once a finished game is reached, where plain and normalised search
  behave alike.
* Optional MixMax backup (``mix=<λ>``, spec setting ``mix=0.5``; 0 by default): a node
  scores ``(1 - λ)`` times its mean value plus ``λ`` times the best value backed up through
  it (Jacobsen, Greve & Togelius 2014, for single-player games). With a mean alone, a
  move whose follow-up needs one right choice among poor ones looks worse than standing
  still, because the search's few iterations spread over the poor choices too.
"""

from __future__ import annotations

import time
from math import log, sqrt
from typing import NamedTuple

from tavolo.engine import RNG, Action, Decision, Game, State

DEFAULT_ITERATIONS = 1000
DEFAULT_EXPLORATION = 0.7
DEFAULT_ROLLOUT_DEPTH = 10
_INF = float("inf")


class SearchStats(NamedTuple):
    """What the last search did, for benchmarks and logs."""

    iterations: int
    seconds: float
    nodes: int

    @property
    def per_second(self) -> float:
        return self.iterations / self.seconds if self.seconds > 0 else 0.0


class _Node:
    __slots__ = ("avail", "best", "children", "n", "player", "w")

    def __init__(self, player: int) -> None:
        self.player = player  # who chose the action leading here
        self.n = 0  # visits
        self.w = 0.0  # total value for ``player``
        self.avail = 1  # times the action leading here was legal when its parent was visited
        self.best = -_INF  # the best value backed up through here (MixMax)
        self.children: dict[Action, _Node] = {}


class MCTSAgent:
    """IS-MCTS with an iteration or a time budget; returns the most visited root action."""

    __slots__ = (
        "exploration",
        "iterations",
        "last_stats",
        "milliseconds",
        "mix",
        "name",
        "normalize",
        "rng",
        "rollout_depth",
    )

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = None,
        milliseconds: float | None = None,
        exploration: float = DEFAULT_EXPLORATION,
        rollout_depth: int = DEFAULT_ROLLOUT_DEPTH,
        normalize: bool = False,
        mix: float = 0.0,
    ) -> None:
        if iterations is not None and milliseconds is not None:
            raise ValueError("mcts takes an iteration budget or a time budget, not both")
        if milliseconds is None and iterations is None:
            iterations = DEFAULT_ITERATIONS
        if iterations is not None and iterations < 1:
            raise ValueError("mcts needs at least one iteration")
        if milliseconds is not None and milliseconds <= 0:
            raise ValueError("mcts needs a positive time budget")
        if rollout_depth < 0:
            raise ValueError("mcts rollout depth cannot be negative")
        if not 0.0 <= mix <= 1.0:
            raise ValueError("mcts mix must be between 0 and 1")
        self.iterations = iterations
        self.milliseconds = milliseconds
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        self.normalize = normalize
        self.mix = mix
        self.rng = RNG(seed)
        budget = f"{iterations}" if iterations is not None else f"{milliseconds:g}ms"
        tuning = "" if exploration == DEFAULT_EXPLORATION else f",c={exploration:g}"
        tuning += "" if rollout_depth == DEFAULT_ROLLOUT_DEPTH else f",depth={rollout_depth}"
        tuning += ",norm=1" if normalize else ""
        tuning += f",mix={mix:g}" if mix else ""
        self.name = f"mcts:{budget}{tuning}"
        self.last_stats = SearchStats(0, 0.0, 0)

    def act(self, game: Game, state: State, decision: Decision) -> Action:
        start = time.perf_counter()
        root_actions = decision.actions
        if len(root_actions) == 1:
            self.last_stats = SearchStats(0, time.perf_counter() - start, 1)
            return root_actions[0]

        me = decision.player
        rng = self.rng
        below = rng.below
        determinize = game.determinize
        dec = game.decision
        apply = game.apply_quiet  # (no one reads a searched move's events)
        returns = game.returns
        heuristic = game.heuristic
        c = self.exploration
        normalize = self.normalize
        mix = self.mix
        mean_part = 1.0 - mix
        # A mean q scores (q - base) * scale: q itself without normalisation (exact in
        # floating point); with it, the means of player p's nodes backed up so far span
        # [lo, hi] = ranges[p], base = lo and scale = 1 / (hi - lo), or 0 while every
        # mean is the same.
        ranges: dict[int, list[float]] = {}
        base, scale = 0.0, 1.0
        depth_limit = self.rollout_depth
        clock = time.perf_counter
        timed = self.milliseconds is not None
        if self.milliseconds is not None:
            deadline = start + self.milliseconds / 1000.0
            budget = 1 << 62
        else:
            deadline = 0.0
            budget = self.iterations or DEFAULT_ITERATIONS

        root = _Node(-1)
        nodes = 1
        path: list[_Node] = []
        values: dict[int, float] = {}
        it = 0
        while it < budget:
            if timed and it and clock() >= deadline:
                break
            it += 1
            s = determinize(state, me, rng)
            node = root
            path.clear()
            # -- selection and expansion --------------------------------------------------
            d = dec(s)
            while d is not None:
                acts = d.actions
                children = node.children
                get = children.get
                untried = 0
                best_score = -_INF
                best_action = acts[0]
                best = node
                if normalize:
                    span = ranges.get(d.player)
                    if span is not None and span[1] > span[0]:
                        base, scale = span[0], 1.0 / (span[1] - span[0])
                    else:
                        base, scale = 0.0, 0.0
                # One pass bumps availability and scores UCB1; a second pass is needed
                # only to expand, i.e. at most once per iteration.
                for a in acts:
                    child = get(a)
                    if child is None:
                        untried += 1
                        continue
                    avail = child.avail = child.avail + 1
                    if not untried:
                        n = child.n
                        q = child.w / n
                        if mix:
                            q = mean_part * q + mix * child.best
                        score = (q - base) * scale + c * sqrt(log(avail) / n)
                        if score > best_score:
                            best_score = score
                            best_action = a
                            best = child
                if untried:
                    k = below(untried)
                    for a in acts:
                        if a not in children:
                            if k == 0:
                                best_action = a
                                break
                            k -= 1
                    node = children[best_action] = _Node(d.player)
                    nodes += 1
                    path.append(node)
                    apply(s, best_action)
                    d = dec(s)
                    break
                node = best
                path.append(node)
                apply(s, best_action)
                d = dec(s)
            # -- rollout ------------------------------------------------------------------
            depth = 0
            while d is not None and depth < depth_limit:
                acts = d.actions
                apply(s, acts[below(len(acts))])
                depth += 1
                d = dec(s)
            # -- backpropagation ----------------------------------------------------------
            if d is None:
                final = returns(s)
                for node in path:
                    r = final[node.player]
                    node.n += 1
                    node.w += r
                    if r > node.best:
                        node.best = r
            else:
                values.clear()
                for node in path:
                    p = node.player
                    v = values.get(p)
                    if v is None:
                        v = values[p] = heuristic(s, p)
                    node.n += 1
                    node.w += v
                    if v > node.best:
                        node.best = v
            root.n += 1
            if normalize:
                for node in path:
                    q = node.w / node.n
                    if mix:
                        q = mean_part * q + mix * node.best
                    span = ranges.get(node.player)
                    if span is None:
                        ranges[node.player] = [q, q]
                    elif q < span[0]:
                        span[0] = q
                    elif q > span[1]:
                        span[1] = q

        children = root.children
        best_action = root_actions[0]
        best_key = (-1, -1.0)
        for a in root_actions:
            child = children.get(a)
            if child is not None:
                key = (child.n, child.w / child.n if child.n else 0.0)
                if key > best_key:
                    best_key = key
                    best_action = a
        self.last_stats = SearchStats(it, time.perf_counter() - start, nodes)
        return best_action
