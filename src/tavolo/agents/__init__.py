"""Built-in agents: random, greedy (one-step lookahead) and IS-MCTS.

Agents see only the engine protocol (:mod:`tavolo.engine`); they never import a game.
"""

from .base import AGENT_NAMES, Agent, make_agent
from .greedy import GreedyAgent
from .mcts import MCTSAgent, SearchStats
from .random_agent import RandomAgent

__all__ = [
    "AGENT_NAMES",
    "Agent",
    "GreedyAgent",
    "MCTSAgent",
    "RandomAgent",
    "SearchStats",
    "make_agent",
]
