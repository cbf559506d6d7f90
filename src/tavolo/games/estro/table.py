"""Table modes: Estro's modes whose table is not one player against one.

Inferno 2v2 (four seats in two teams), the single player game against the five
spaceships and Ultimo Bastione (two to four players together against a horde) seat a
different number of players around a different table, so each keeps its own state and
rules in its own package beside the 1v1 rules (``estro/inferno``, ``estro/navi``,
``estro/bastione``), registered in ``game.TABLE_MODES``.
:class:`~tavolo.games.estro.game.EstroGame` hands every call about a state of such a mode
to the mode's object, through the engine's own method names (``_decide``, ``_apply``,
``observe``, ``_determinize``...); the 1v1 modes pay one class test for it.

A table mode is either

- an :class:`~tavolo.games.estro.game.EstroGame` subclass with ``state_class`` set to its
  own :class:`~tavolo.games.estro.state.EstroState` subclass, overriding what its table
  changes and reusing the rest (gifts, battles, destruction, words), or
- a :class:`TableMode` written from scratch.

Either way it declares ``mode`` (the id after ``--mode``) and ``seats`` (the player counts
it takes, the default first), and takes the 1v1 game as ``game`` (its collection and card
table are shared, never copied). Its own events are named ``<mode>.<kind>``
(``inferno.team_won``): ``describe_event`` sees no state, and so knows whose words to use
only from the name; events of the 1v1 rules that a subclass reuses keep their names and
the 1v1 words.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from tavolo.engine import RNG, Config, ConfigError, Decision, Event, State

if TYPE_CHECKING:
    from .game import EstroGame


class TableMode(ABC):
    """A table mode written from scratch (the engine's method names, as ``Game`` has them)."""

    mode: ClassVar[str]
    seats: ClassVar[tuple[int, ...]]
    state_class: ClassVar[type[State]]

    def __init__(self, game: EstroGame) -> None:
        self.game = game

    def check_options(self, mode: str, options: Mapping[str, Any]) -> Mapping[str, Any]:
        if options:
            raise ConfigError(f"estro {self.mode} takes no option {', '.join(sorted(options))}")
        return {}

    @abstractmethod
    def new(self, config: Config, seed: int) -> State: ...

    @abstractmethod
    def _decide(self, s: Any) -> Decision | None: ...

    @abstractmethod
    def _apply(self, s: Any, d: Decision, action: str) -> list[Event]: ...

    @abstractmethod
    def returns(self, s: Any) -> tuple[float, ...]: ...

    def metrics(self, s: Any) -> dict[str, float]:
        return {}

    @abstractmethod
    def observe(self, s: Any, player: int | None) -> dict[str, Any]: ...

    @abstractmethod
    def _determinize(self, s: Any, player: int, rng: RNG) -> State: ...

    def secrets(self, s: Any, player: int) -> Iterable[str]:
        return ()

    def inventory(self, s: Any) -> list[tuple[str, str]] | None:
        return None

    def heuristic(self, s: Any, player: int) -> float:
        return 0.5

    @abstractmethod
    def to_json(self, s: Any) -> dict[str, Any]:
        """The state as plain data; it holds ``"mode"``, which ``from_json`` dispatches on."""

    @abstractmethod
    def from_json(self, data: Mapping[str, Any]) -> State: ...

    def from_position(self, config: Config, position: Mapping[str, Any], rng: RNG) -> State:
        raise ConfigError(f"estro {self.mode} does not support scenario positions")

    def describe_action(self, s: Any, action: str, lang: str = "en") -> str:
        return action

    def describe_event(self, event: Event, player: int | None, lang: str = "en") -> str | None:
        seen = event.seen_by(player)
        return None if seen is None else f"{event.kind} {dict(seen)}"

    @abstractmethod
    def view(self, s: Any, player: int | None, lang: str = "en") -> str: ...

    def help(self, lang: str = "en") -> str:
        """This mode's rules and tavolo's decisions, appended to Estro's help."""
        return ""
