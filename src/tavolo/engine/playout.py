"""Playing a game to its end with a chooser: the loop under simulation and tests."""

from __future__ import annotations

from collections.abc import Callable

from .game import Action, Decision, Game, State
from .rng import RNG

Chooser = Callable[[Game, State, Decision], Action]


def random_chooser(rng: RNG) -> Chooser:
    def choose(game: Game, state: State, d: Decision) -> Action:
        acts = d.actions
        return acts[rng.below(len(acts))]

    return choose


def playout(game: Game, state: State, choose: Chooser, max_decisions: int = 100_000) -> int:
    """Play until the game ends; return the number of decisions taken."""
    n = 0
    decision = game.decision
    apply = game.apply_quiet  # (no one reads a playout's events)
    while n < max_decisions:
        d = decision(state)
        if d is None:
            return n
        apply(state, choose(game, state, d))
        n += 1
    raise RuntimeError(f"{game.name}: no end after {max_decisions} decisions")
