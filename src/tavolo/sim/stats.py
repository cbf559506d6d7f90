"""Win/draw/loss bookkeeping and the Wilson score interval.

Wilson rather than the normal approximation because it stays inside [0, 1] and is
honest for small samples and rates near 0 or 1 (a bot that wins 98 of 100 games).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import sqrt

Z95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """95% (by default) Wilson score interval for a proportion; (0, 1) when n is 0.

    ``successes`` may be fractional (draws as half wins).
    """
    if n <= 0:
        return (0.0, 1.0)
    if not 0 <= successes <= n:
        raise ValueError(f"successes {successes} not within 0..{n}")
    p = successes / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return (low, high)


def outcome(returns: Sequence[float], seat: int) -> str:
    """``"win"``, ``"draw"`` or ``"loss"`` for one seat of a finished game.

    Returns on the engine's scale (all in [0, 1]: 1 win, 0 loss, in between a draw or
    a shared result) are read by value, so co-op and solo games work: all seats of a
    won co-op game win. Games on their own scale are read by rank: the unique best
    seat wins, seats tied for best draw, the others lose.
    """
    r = returns[seat]
    if all(0.0 <= x <= 1.0 for x in returns):
        return "win" if r >= 1.0 else "loss" if r <= 0.0 else "draw"
    best = max(returns)
    if r < best:
        return "loss"
    return "draw" if sum(1 for x in returns if x == best) > 1 else "win"


@dataclass
class Tally:
    """Running win/draw/loss counts for one agent."""

    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    total_return: float = 0.0

    def add(self, returns: Sequence[float], seat: int) -> None:
        self.games += 1
        self.total_return += returns[seat]
        kind = outcome(returns, seat)
        if kind == "win":
            self.wins += 1
        elif kind == "draw":
            self.draws += 1
        else:
            self.losses += 1

    @property
    def score(self) -> float:
        """Wins plus half the draws: the numerator of the win-rate line."""
        return self.wins + 0.5 * self.draws

    def to_json(self) -> dict[str, float | int]:
        low, high = wilson(self.score, self.games)
        n = self.games or 1
        return {
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "win_rate": self.score / n,
            "ci_low": low,
            "ci_high": high,
            "win_pct": self.wins / n,
            "draw_pct": self.draws / n,
            "loss_pct": self.losses / n,
            "mean_return": self.total_return / n,
        }
