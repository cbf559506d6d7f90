"""``tavolo GAME TOOL ...``: every game's tools as commands, built from their signatures.

A tool is a plain function in a game's ``tavolo.tools`` entry point returning a
:class:`~tavolo.engine.tools.ToolResult`. Its parameters without a default become
arguments (a positional-only one with a default: an optional argument), the others
``--options`` (underscores as dashes, a trailing one dropped: ``class_`` is ``--class``;
``out`` also gets ``-o``); annotations give the types (``int | None`` works; a type the
command line cannot parse is read as text). Every tool command also gets ``--json``
(print ``result.data``) and ``--lang`` (passed on when the tool takes a ``lang``
parameter). The wrapper only sets ``__signature__``, so Typer does all the parsing and
type errors are usage errors.

Tool sets load on demand: a game whose tools fail to import does not break the rest of
the command, and says why when its tools are asked for.
"""

import enum
import inspect
import json
import sys
import types
import typing
from collections.abc import Callable, Mapping
from importlib.metadata import entry_points
from pathlib import Path
from typing import Annotated, Any, Literal, Union

import typer
from typer.core import TyperCommand

from tavolo.engine import TavoloError
from tavolo.engine import tools as engine_tools
from tavolo.engine.tools import Tool, ToolResult, tool_help

from .common import (
    click,
    console,
    error_text,
    lang_option,
    localize_help,
    reflow,
    resolve_lang,
    t,
)

_CTX, _JSON, _LANG = "tavolo_ctx", "tavolo_json", "tavolo_lang"
_SIMPLE = (str, int, float, bool, Path)
#: Options that also get a short flag, whichever tool has them.
_SHORT = {"out": "-o"}


def _load() -> tuple[dict[str, Mapping[str, Tool]], dict[str, str]]:
    """All tool sets, and for each one that fails to load, why."""
    try:
        return dict(engine_tools.tool_sets()), {}
    except Exception:  # one broken set: load the others one by one
        sets: dict[str, Mapping[str, Tool]] = {}
        broken: dict[str, str] = {}
        for ep in entry_points(group=engine_tools.GROUP):
            try:
                sets[ep.name] = ep.load()
            except Exception as e:
                broken[ep.name] = error_text(e)
        return sets, broken


def safe_tool_sets() -> list[str]:
    """Names of games with tools, for listing (never raises)."""
    sets, broken = _load()
    return sorted({*sets, *broken})


def tool_group_for(game: str, hl: str) -> click.Command | None:
    """``tavolo GAME``, or ``None`` when ``game`` has no tools.

    A set that fails to load still gets a command, listed in the help, that says why
    in one line when used.
    """
    sets, broken = _load()
    if game in sets:
        return tool_group(game, sets[game], hl)
    if game not in broken:
        return None
    message = t(hl, "tools.broken", game=game, error=broken[game])

    def fail(*_args: Any, **_kw: Any) -> None:
        raise TavoloError(message)

    return TyperCommand(
        game,
        callback=fail,
        help=message,
        add_help_option=False,
        context_settings={"ignore_unknown_options": True, "allow_extra_args": True},
    )


def _cli_type(ann: Any) -> Any:
    """``ann`` if the command line can parse it, else ``str``."""
    origin = typing.get_origin(ann)
    if origin is Union or origin is types.UnionType:
        args = [a for a in typing.get_args(ann) if a is not type(None)]
        if len(args) == 1:
            inner = _cli_type(args[0])
            return inner | None
        return str | None
    if origin is Literal:
        return ann if all(isinstance(a, str) for a in typing.get_args(ann)) else str
    if origin is list:
        (inner,) = typing.get_args(ann) or (str,)
        return list[_cli_type(inner)]  # type: ignore[misc]
    if ann in _SIMPLE or (isinstance(ann, type) and issubclass(ann, enum.Enum)):
        return ann
    return str


def tool_command(fn: Tool, hl: str, lang_opt: Any) -> Callable[..., None]:
    """A function with the tool's parameters plus ``--json`` and ``--lang`` for Typer."""
    sig = inspect.signature(fn)
    try:
        hints = typing.get_type_hints(fn)
    except Exception:  # unresolvable annotations: read those parameters as text
        hints = {}
    takes_lang = "lang" in sig.parameters
    told = tool_help(fn, hl)
    helps = told.params
    positional_only: list[str] = []
    params: list[inspect.Parameter] = [
        inspect.Parameter(_CTX, inspect.Parameter.KEYWORD_ONLY, annotation=typer.Context)
    ]
    for p in sig.parameters.values():
        if p.name == "lang" or p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
            continue
        if p.kind is p.POSITIONAL_ONLY:
            positional_only.append(p.name)
        ann = _cli_type(hints.get(p.name, str if p.default is p.empty else type(p.default)))
        said = helps.get(p.name)
        shown = told.names.get(p.name, p.name.upper())  # an argument's name: ATTACKER
        if p.default is p.empty:
            info: Any = typer.Argument(show_default=False, metavar=shown, help=said)
            params.append(
                inspect.Parameter(p.name, p.KEYWORD_ONLY, annotation=Annotated[ann, info])
            )
        elif p.kind is p.POSITIONAL_ONLY:  # ``def f(x=None, /)``: an optional argument
            info = typer.Argument(show_default=False, metavar=shown, help=said)
            params.append(
                inspect.Parameter(
                    p.name, p.KEYWORD_ONLY, default=p.default, annotation=Annotated[ann, info]
                )
            )
        else:
            # ``class_`` (a Python keyword with its underscore) is the option ``--class``
            flag = p.name.rstrip("_").replace("_", "-")
            names = [f"--{flag}", *([_SHORT[p.name]] if p.name in _SHORT else [])]
            info = (
                typer.Option(*names, help=said)
                if len(names) > 1 or p.name.endswith("_")
                else typer.Option(help=said)
            )
            params.append(
                inspect.Parameter(
                    p.name, p.KEYWORD_ONLY, default=p.default, annotation=Annotated[ann, info]
                )
            )
    params.append(
        inspect.Parameter(
            _JSON,
            inspect.Parameter.KEYWORD_ONLY,
            default=False,
            annotation=Annotated[bool, typer.Option("--json", help=t(hl, "help.opt.tool_json"))],
        )
    )
    params.append(
        inspect.Parameter(
            _LANG,
            inspect.Parameter.KEYWORD_ONLY,
            default=None,
            annotation=Annotated[str | None, lang_opt],
        )
    )

    def run(**kwargs: Any) -> None:
        ctx: click.Context = kwargs.pop(_CTX)
        as_json: bool = kwargs.pop(_JSON)
        lang = resolve_lang(ctx, kwargs.pop(_LANG))
        if takes_lang:
            kwargs["lang"] = lang
        args = [kwargs.pop(name) for name in positional_only]
        result = fn(*args, **kwargs)
        if not isinstance(result, ToolResult):
            result = ToolResult(dict(result) if isinstance(result, Mapping) else {}, str(result))
        if as_json:
            sys.stdout.write(json.dumps(result.data, ensure_ascii=False, default=str) + "\n")
        else:
            console().print(result.text, soft_wrap=True)  # maps and tables keep their lines

    run.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    run.__annotations__ = {p.name: p.annotation for p in params}
    run.__name__ = getattr(fn, "__name__", "tool")
    return run


def tool_group(game: str, tools: Mapping[str, Tool], hl: str) -> click.Command:
    """The ``tavolo GAME`` group with one command per tool."""
    sub = typer.Typer(
        help=t(hl, "help.tools", game=game),
        no_args_is_help=True,
        add_completion=False,
        rich_markup_mode="rich",
    )
    lang_opt = lang_option(hl)
    for name in sorted(tools):
        fn = tools[name]
        doc = reflow(tool_help(fn, hl).text) or t(hl, "help.tool", game=game, tool=name)
        sub.command(name.replace("_", "-"), help=doc)(tool_command(fn, hl, lang_opt))
    group = typer.main.get_group(sub)
    group.name = game
    localize_help(group, hl)
    return group
