"""TOS — Travelers of Stampadia: a solo deck-building adventure, one hero a day."""

from __future__ import annotations

from typing import Any

__all__ = ["TosGame"]


def __getattr__(name: str) -> Any:
    """Load the game on first use, so that its schema and text import on their own."""
    if name == "TosGame":
        from .game import TosGame

        return TosGame
    raise AttributeError(name)
