"""The game registry: built-in and third-party games, found through entry points.

The engine never imports a game. Games announce themselves in the ``tavolo.games``
entry-point group (tavolo's own do so in pyproject.toml), or are registered at run
time with :func:`register` (tests, notebooks).
"""

from __future__ import annotations

from collections.abc import Callable
from importlib.metadata import entry_points

from .errors import TavoloError, UnknownName
from .game import Game

GROUP = "tavolo.games"
_factories: dict[str, Callable[[], Game]] = {}
_instances: dict[str, Game] = {}
_loaded = False


def _load_entry_points() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for ep in entry_points(group=GROUP):
        _factories.setdefault(ep.name, _lazy(ep.load))


def _lazy(load: Callable[[], Callable[[], Game]]) -> Callable[[], Game]:
    """Import the game's module only when the game is first asked for."""
    return lambda: load()()


def register(name: str, factory: Callable[[], Game]) -> None:
    """Add or replace a game under ``name``."""
    _factories[name] = factory
    _instances.pop(name, None)


def unregister(name: str) -> None:
    _factories.pop(name, None)
    _instances.pop(name, None)


def names() -> list[str]:
    _load_entry_points()
    return sorted(_factories)


def get(name: str) -> Game:
    """The shared instance of game ``name``; raises :class:`UnknownName`."""
    _load_entry_points()
    game = _instances.get(name)
    if game is None:
        factory = _factories.get(name)
        if factory is None:
            raise UnknownName("game", name, sorted(_factories))
        try:
            game = factory()
        except TavoloError:
            raise
        except Exception as e:  # a broken plugin: say which, keep the cause for debugging
            raise TavoloError(f"game {name!r} could not be loaded: {type(e).__name__}: {e}") from e
        _instances[name] = game
    return game
