"""The agent protocol and the spec strings that name agents on command lines and in sims.

Specs:

* ``random``
* ``greedy`` or ``greedy:<k>`` (k determinizations per decision, default 3)
* ``mcts`` (1000 iterations), ``mcts:<n>`` (n iterations), ``mcts:<t>ms`` or ``mcts:<t>s``
  (a time budget; at most MAX_ITERATIONS or MAX_MILLISECONDS a decision), optionally
  followed by ``,c=<exploration>``, ``,depth=<rollout depth>``
  ``,norm=1`` (min-max normalised values before the exploration term; ``norm=0``, the
  default, is plain UCB1) and ``,mix=<λ>`` (MixMax: a node scores its mean mixed with
  the best value seen below it, λ from 0, the default, to 1) for tuning, e.g.
  ``mcts:500,c=1.0,depth=6``, ``mcts:100,depth=0,norm=1`` or ``mcts:30,depth=0,mix=0.5``.

An agent never modifies the state it is given and never touches ``state.rng``: it learns
hidden information only through ``game.determinize`` (with its own RNG) or
``game.observe``. Each agent owns an :class:`~tavolo.engine.RNG` seeded at creation, so
play is reproducible from (game seed, agent seed) whenever budgets are iterations.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol, runtime_checkable

from tavolo.engine import Action, ConfigError, Decision, Game, State, UnknownName
from tavolo.engine.i18n import Catalog

from .greedy import GreedyAgent
from .mcts import DEFAULT_EXPLORATION, DEFAULT_ITERATIONS, DEFAULT_ROLLOUT_DEPTH, MCTSAgent
from .random_agent import RandomAgent

AGENT_NAMES = ("random", "greedy", "mcts")
MSG = Catalog(Path(__file__).parent / "messages")  # what is wrong with a spec, in each language


@runtime_checkable
class Agent(Protocol):
    """Anything that picks one of a decision's legal actions, without touching the state."""

    name: str

    def act(self, game: Game, state: State, decision: Decision) -> Action: ...


# A budget past these is a typo (20 digits where 2 were meant), not a search: it would
# think for days on one decision while its tree takes the machine's memory.
MAX_ITERATIONS = 100_000_000
MAX_MILLISECONDS = 3_600_000.0  # an hour a decision


def _positive_int(spec: str, what: str, text: str) -> int:
    if not text.isascii() or not text.isdigit() or int(text) < 1:
        raise ConfigError.said(MSG, f"positive.{what}", spec=spec, value=text)
    return int(text)


def _mcts(spec: str, params: str, seed: int) -> MCTSAgent:
    budget, *tuning = params.split(",") if params else [""]
    iterations: int | None = None
    milliseconds: float | None = None
    if not budget:
        iterations = DEFAULT_ITERATIONS
    elif budget.endswith(("ms", "s")):
        unit = 1.0 if budget.endswith("ms") else 1000.0
        number = budget.removesuffix("ms") if unit == 1.0 else budget.removesuffix("s")
        try:
            milliseconds = float(number) * unit
        except ValueError:
            milliseconds = -1.0
        if not milliseconds > 0 or milliseconds == float("inf"):
            raise ConfigError.said(MSG, "time", spec=spec)
        if milliseconds > MAX_MILLISECONDS:
            raise ConfigError.said(MSG, "time_cap", spec=spec)
    else:
        iterations = _positive_int(spec, "iterations", budget)
        if iterations > MAX_ITERATIONS:
            raise ConfigError.said(MSG, "iterations_cap", spec=spec)
    exploration, depth, normalize = DEFAULT_EXPLORATION, DEFAULT_ROLLOUT_DEPTH, False
    mix = 0.0
    for item in tuning:
        key, _, value = item.partition("=")
        if key == "c":
            try:
                exploration = float(value)
            except ValueError:
                exploration = -1.0
            if not 0 <= exploration < float("inf"):
                raise ConfigError.said(MSG, "c", spec=spec, value=value)
        elif key == "depth":
            if not value.isdigit():
                raise ConfigError.said(MSG, "depth", spec=spec, value=value)
            depth = int(value)
        elif key == "norm":
            if value not in ("0", "1"):
                raise ConfigError.said(MSG, "norm", spec=spec, value=value)
            normalize = value == "1"
        elif key == "mix":
            try:
                mix = float(value)
            except ValueError:
                mix = -1.0
            if not 0 <= mix <= 1:
                raise ConfigError.said(MSG, "mix", spec=spec, value=value)
        else:
            raise ConfigError.said(MSG, "setting", spec=spec, item=item)
    return MCTSAgent(seed, iterations, milliseconds, exploration, depth, normalize, mix)


def make_agent(spec: str, seed: int) -> Agent:
    """Build the agent a spec names, seeded for reproducible play."""
    name, colon, params = spec.strip().partition(":")
    if colon and not params and name in AGENT_NAMES:
        raise ConfigError.said(MSG, "empty", spec=spec)
    if name == "random":
        if params:
            raise ConfigError.said(MSG, "random", spec=spec)
        return RandomAgent(seed)
    if name == "greedy":
        k = _positive_int(spec, "determinizations", params) if params else 3
        return GreedyAgent(seed, k)
    if name == "mcts":
        return _mcts(spec, params, seed)
    raise UnknownName("agent", spec, AGENT_NAMES)
