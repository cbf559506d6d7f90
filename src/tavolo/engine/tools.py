"""Per-game tools (``tavolo estro battle``...), found through entry points.

A game exposes plain functions with annotated parameters in the ``tavolo.tools``
entry-point group as ``{tool name: function}``. Each function returns a
:class:`ToolResult`; interfaces turn the signature into a command (positional
parameters become arguments, the others options) and print ``text`` or ``data``.
The game never imports an interface, and the interface never imports a game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib.metadata import entry_points
from typing import Any, NamedTuple

from .errors import UnknownName

GROUP = "tavolo.tools"


class ToolResult(NamedTuple):
    data: Mapping[str, Any]  # the result as plain data (printed by --json)
    text: str  # the result in words, with Rich markup


Tool = Callable[..., ToolResult]


def tool_sets() -> dict[str, Mapping[str, Tool]]:
    """``{game: {tool: function}}`` for every installed game with tools."""
    out: dict[str, Mapping[str, Tool]] = {}
    for ep in entry_points(group=GROUP):
        out[ep.name] = ep.load()
    return out


def get_tool(game: str, name: str) -> Tool:
    sets = tool_sets()
    if game not in sets:
        raise UnknownName("game with tools", game, sorted(sets))
    if name not in sets[game]:
        raise UnknownName("tool", name, sorted(sets[game]), game=game)
    return sets[game][name]
