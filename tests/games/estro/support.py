"""Helpers shared by the Estro rule and gift tests: positions, playing actions, events."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from tavolo.engine import Decision, ScriptedRNG, registry
from tavolo.games.estro.game import EstroGame
from tavolo.games.estro.state import EstroState

GAME: EstroGame = registry.get("estro")  # type: ignore[assignment]
CONFIG = GAME.make_config()
FILLER = ("glyph_crawler", "sulfur_sage", "ochre_monk", "amber_idol", "yolk_engine")


def position(
    p0: Mapping[str, Any],
    p1: Mapping[str, Any],
    script: Iterable[Mapping[str, Any]] = (),
    *,
    seed: int = 0,
    **where: Any,
) -> EstroState:
    """A position (zone civile, round 2, player 1 to play unless told) with scripted chance.

    Each player's deck defaults to the FILLER cards they do not already hold."""
    players = []
    for raw in (p0, p1):
        pl = dict(raw)
        used = set(pl.get("hand", ())) | set(pl.get("incinerator", ()))
        used |= {f if isinstance(f, str) else f["id"] for f in pl.get("field", ())}
        pl.setdefault("deck", [c for c in FILLER if c not in used])
        players.append(pl)
    pos = {"zone": "civile", "round": 2, "active": 0, "phase": "play", **where}
    pos["players"] = players
    return GAME.from_position(CONFIG, pos, ScriptedRNG(seed, [dict(e) for e in script]))


def play(s: EstroState, *actions: str) -> list[dict[str, Any]]:
    """Apply the actions in order; return every event as JSON (the omniscient view)."""
    out: list[dict[str, Any]] = []
    for a in actions:
        out.extend(e.to_json() for e in GAME.apply(s, a))  # type: ignore[misc]
    return out


def decision(s: EstroState) -> Decision:
    d = GAME.decision(s)
    assert d is not None, "the game is over"
    return d


def of_kind(events: list[dict[str, Any]], kind: str, **match: Any) -> list[dict[str, Any]]:
    return [e for e in events if e["kind"] == kind and all(e.get(k) == v for k, v in match.items())]
