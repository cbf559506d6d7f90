"""Checking a saved state's values before a game loads it (``from_json``).

A game's ``from_json`` takes what its ``to_json`` wrote at its word, for speed; data
written by hand or cut short would load and fail later, inside a rule, as a traceback.
Each game checks its own fields with a :class:`ValueCheck` (its ids, boards and piles in a
subclass), which names the first wrong value in one ``StateError`` line.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from .errors import StateError, engine_messages


class ValueCheck:
    """The checks every game's saved state needs: each returns the value it passed,
    or raises ``fail(field, value)``."""

    def __init__(self, game: str) -> None:
        self.game = game

    def fail(self, field: str, value: Any) -> StateError:
        shown = repr(value)
        shown = shown if len(shown) <= 40 else shown[:37] + "..."
        return StateError.said(
            engine_messages(), "state.value", game=self.game, field=field, value=shown
        )

    def whole(self, field: str, value: Any, lo: int | None = 0, hi: int | None = None) -> int:
        """A whole number (never a bool) from ``lo`` to ``hi`` (None: no bound)."""
        ok = isinstance(value, int) and not isinstance(value, bool)
        if not ok or (lo is not None and value < lo) or (hi is not None and value > hi):
            raise self.fail(field, value)
        return int(value)

    def flag(self, field: str, value: Any) -> bool:
        if not isinstance(value, bool):
            raise self.fail(field, value)
        return value

    def text(self, field: str, value: Any, among: Collection[str] | None = None) -> str:
        if not isinstance(value, str) or (among is not None and value not in among):
            raise self.fail(field, value)
        return value

    def one_of(self, field: str, value: Any, known: Collection[Any]) -> Any:
        """An id (a text or a whole number) among ``known``."""
        if not isinstance(value, (str, int)) or isinstance(value, bool) or value not in known:
            raise self.fail(field, value)
        return value

    def listed(self, field: str, value: Any, size: int | None = None) -> list[Any]:
        if not isinstance(value, list) or (size is not None and len(value) != size):
            raise self.fail(field, value)
        return value

    def mapping(self, field: str, value: Any) -> Mapping[str, Any]:
        if not isinstance(value, Mapping):
            raise self.fail(field, value)
        return value
