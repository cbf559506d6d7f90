"""Helpers shared by the rule tests of every game: play actions, read decisions, find events."""

from __future__ import annotations

from typing import Any

from tavolo.engine import Decision, Game, State


def play(game: Game, s: State, *actions: str) -> list[dict[str, Any]]:
    """Apply the actions in order; return every event as JSON (the full record)."""
    out: list[dict[str, Any]] = []
    for a in actions:
        out.extend(e.to_json() for e in game.apply(s, a))  # type: ignore[misc]
    return out


def decision(game: Game, s: State) -> Decision:
    d = game.decision(s)
    assert d is not None, "the game is over"
    return d


def of_kind(events: list[dict[str, Any]], kind: str, **match: Any) -> list[dict[str, Any]]:
    return [e for e in events if e["kind"] == kind and all(e.get(k) == v for k, v in match.items())]
