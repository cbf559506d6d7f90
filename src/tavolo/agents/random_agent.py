"""The uniform random agent: the baseline every other agent must beat."""

from __future__ import annotations

from tavolo.engine import RNG, Action, Decision, Game, State


class RandomAgent:
    """Uniform over the legal actions; looks at nothing but the decision."""

    __slots__ = ("name", "rng")

    def __init__(self, seed: int = 0) -> None:
        self.name = "random"
        self.rng = RNG(seed)

    def act(self, game: Game, state: State, decision: Decision) -> Action:
        acts = decision.actions
        return acts[self.rng.below(len(acts))]
