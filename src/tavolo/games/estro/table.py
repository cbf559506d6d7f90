"""Table modes: Estro's modes whose table is not one player against one.

Inferno 2v2 (four seats in two teams), the single player game against the five
spaceships and Ultimo Bastione (two to four players together against a horde) seat a
different number of players around a different table, so each keeps its own state and
rules in its own package beside the 1v1 rules (``estro/inferno``, ``estro/navi``,
``estro/bastione``), sharing the card collection, the battle judgement and the card
words with them. :class:`~tavolo.games.estro.game.EstroGame` hands every call about a
state of such a mode to its :class:`TableMode`; the 1v1 modes pay one class test for it.

A table mode's own events are named ``<mode>.<kind>`` (``inferno.attack``), so that
``describe_event``, which sees no state, knows whose words to use.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from tavolo.engine import RNG, Config, ConfigError, Decision, Event, State

if TYPE_CHECKING:
    from .game import EstroGame


class TableMode(ABC):
    """The rules of one table mode, built once per :class:`EstroGame` (whose collection,
    card table ``info`` and words it shares through ``self.game``)."""

    mode: ClassVar[str]  # the mode id, as written after --mode
    seats: ClassVar[tuple[int, ...]]  # the player counts it accepts; the first is the default
    state_type: ClassVar[type[State]]

    def __init__(self, game: EstroGame) -> None:
        self.game = game

    # -- configuration -------------------------------------------------------------------
    def check_options(self, mode: str, options: Mapping[str, Any]) -> Mapping[str, Any]:
        if options:
            raise ConfigError(f"estro {self.mode} takes no option {', '.join(sorted(options))}")
        return {}

    # -- the forward model ---------------------------------------------------------------
    @abstractmethod
    def new(self, config: Config, seed: int) -> State: ...

    @abstractmethod
    def decide(self, s: Any) -> Decision | None: ...

    @abstractmethod
    def apply(self, s: Any, d: Decision, action: str) -> list[Event]: ...

    @abstractmethod
    def returns(self, s: Any) -> tuple[float, ...]: ...

    def metrics(self, s: Any) -> dict[str, float]:
        return {}

    # -- information ---------------------------------------------------------------------
    @abstractmethod
    def observe(self, s: Any, player: int | None) -> dict[str, Any]: ...

    @abstractmethod
    def determinize(self, s: Any, player: int, rng: RNG) -> State: ...

    def secrets(self, s: Any, player: int) -> Iterable[str]:
        return ()

    def inventory(self, s: Any) -> list[tuple[str, str]] | None:
        return None

    def heuristic(self, s: Any, player: int) -> float:
        return 0.5

    # -- plain data ----------------------------------------------------------------------
    @abstractmethod
    def to_json(self, s: Any) -> dict[str, Any]:
        """The state as plain data; it must hold ``"mode"`` (from_json dispatches on it)."""

    @abstractmethod
    def from_json(self, data: Mapping[str, Any]) -> State: ...

    def from_position(self, config: Config, position: Mapping[str, Any], rng: RNG) -> State:
        raise ConfigError(f"estro {self.mode} does not support scenario positions")

    # -- words ---------------------------------------------------------------------------
    def describe_action(self, s: Any, action: str, lang: str) -> str:
        return action

    def describe_event(self, event: Event, player: int | None, lang: str) -> str | None:
        seen = event.seen_by(player)
        return None if seen is None else f"{event.kind} {dict(seen)}"

    @abstractmethod
    def view(self, s: Any, player: int | None, lang: str) -> str: ...

    def help(self, lang: str) -> str:
        """This mode's rules and tavolo's decisions, appended to Estro's help."""
        return ""
