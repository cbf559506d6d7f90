"""Helpers shared by the Estro rule and gift tests: positions, playing actions, events."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import playing
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
    """Apply the actions in order; return every event as JSON (the full record)."""
    return playing.play(GAME, s, *actions)


def decision(s: EstroState) -> Decision:
    return playing.decision(GAME, s)


of_kind = playing.of_kind
