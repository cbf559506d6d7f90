"""The tavolo engine: game protocol, state helpers, RNG, step stack, registry, replays.

It knows no game; games register through the ``tavolo.games`` entry points.
"""

from .errors import (
    ConfigError,
    ContentError,
    GameOver,
    IllegalAction,
    ReplayError,
    SaidValue,
    ScenarioError,
    ScriptError,
    SeatError,
    StateError,
    SystemReason,
    TavoloError,
    UnknownName,
    engine_messages,
    no_options,
    reading_state,
    wrong_players,
)
from .game import QUIET, Action, Config, Decision, Event, Game, State, event, stable_hash
from .rng import RNG, ScriptedRNG

__all__ = [
    "QUIET",
    "RNG",
    "Action",
    "Config",
    "ConfigError",
    "ContentError",
    "Decision",
    "Event",
    "Game",
    "GameOver",
    "IllegalAction",
    "ReplayError",
    "SaidValue",
    "ScenarioError",
    "ScriptError",
    "ScriptedRNG",
    "SeatError",
    "State",
    "StateError",
    "SystemReason",
    "TavoloError",
    "UnknownName",
    "engine_messages",
    "event",
    "no_options",
    "reading_state",
    "stable_hash",
    "wrong_players",
]
