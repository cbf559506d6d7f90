"""One-step lookahead on the game's heuristic.

Every candidate action is tried on the *same* few determinizations (each with its own
fresh dice stream, copied for every action), so actions are compared under common
random numbers rather than under different luck.
"""

from __future__ import annotations

from tavolo.engine import RNG, Action, Decision, Game, State


class GreedyAgent:
    """Picks the action with the best average heuristic one step ahead."""

    __slots__ = ("determinizations", "name", "rng")

    def __init__(self, seed: int = 0, determinizations: int = 3) -> None:
        if determinizations < 1:
            raise ValueError("greedy needs at least one determinization")
        self.name = "greedy"
        self.rng = RNG(seed)
        self.determinizations = determinizations

    def act(self, game: Game, state: State, decision: Decision) -> Action:
        acts = decision.actions
        if len(acts) == 1:
            return acts[0]
        me = decision.player
        scores = [0.0] * len(acts)
        for _ in range(self.determinizations):
            det = game.determinize(state, me, self.rng)
            for i, action in enumerate(acts):
                s = det.clone()
                game.apply_quiet(s, action)
                if game.decision(s) is None:
                    scores[i] += game.returns(s)[me]
                else:
                    scores[i] += game.heuristic(s, me)
        best = max(scores)
        # A tolerance so that float noise in the sums does not break genuine ties.
        ties = [a for a, v in zip(acts, scores, strict=True) if v >= best - 1e-9]
        return ties[self.rng.below(len(ties))]
