"""Per-game tools (``tavolo estro battle``...), found through entry points.

A game exposes plain functions with annotated parameters in the ``tavolo.tools``
entry-point group as ``{tool name: function}``. Each function returns a
:class:`ToolResult`; interfaces turn the signature into a command (positional
parameters become arguments, the others options) and print ``text`` or ``data``.
The game never imports an interface, and the interface never imports a game.

A tool's help lives in its game's message catalog, so it reads in every language:
``@helped(catalog, "tool.cards")`` names the key of what the tool does and, under it,
one key per parameter (``tool.cards.estro``). A tool without it shows its docstring.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from importlib.metadata import entry_points
from typing import Any, NamedTuple, TypeVar

from .errors import Said, UnknownName

GROUP = "tavolo.tools"


class ToolResult(NamedTuple):
    data: Mapping[str, Any]  # the result as plain data (printed by --json)
    text: str  # the result in words, with Rich markup


Tool = Callable[..., ToolResult]
T = TypeVar("T", bound=Callable[..., Any])
_HELP = "__tool_help__"


class ToolHelp(NamedTuple):
    text: str  # what the tool does: a summary line, then paragraphs
    params: Mapping[str, str]  # parameter name -> what it is
    names: Mapping[str, str] = {}  # an argument's name on the command line (ATTACKER)


def helped(catalog: Said, key: str) -> Callable[[T], T]:
    """Tells the tool's help from ``catalog``: ``key`` and ``key.<parameter>`` (a
    trailing underscore dropped: ``class_`` is ``key.class``); ``key.<argument>.name``
    names an argument in usage lines and errors."""

    def mark(fn: T) -> T:
        setattr(fn, _HELP, (catalog, key))
        return fn

    return mark


def tool_help(fn: Tool, lang: str) -> ToolHelp:
    """The tool's help in ``lang``; its docstring, and no parameter help, when the tool
    has no catalog."""
    told: tuple[Said, str] | None = getattr(fn, _HELP, None)
    if told is None:
        return ToolHelp(inspect.getdoc(fn) or "", {})
    catalog, key = told
    params, names = {}, {}
    for name in inspect.signature(fn).parameters:
        k = f"{key}.{name.rstrip('_')}"
        if catalog.has(k):
            params[name] = catalog.t(lang, k)
        if catalog.has(k + ".name"):
            names[name] = catalog.t(lang, k + ".name")
    return ToolHelp(catalog.t(lang, key), params, names)


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
