"""What every command shares: the language, one-line errors, consoles, seat names, results.

Language: ``--lang`` on a command wins, then ``--lang`` before the command
(``tavolo --lang it play ...``), then the ``TAVOLO_LANG`` environment variable, then
English. Help screens are built before the options are parsed, so their language is
read from the raw arguments (:func:`detect_lang`).
"""

from __future__ import annotations

import io
import os
import re
import shlex
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import typer
import yaml
from pydantic import ValidationError
from rich.console import Console
from rich.markup import escape

from tavolo.engine import ConfigError, Game, State, SystemReason, TavoloError, i18n
from tavolo.engine.content import Reason
from tavolo.engine.i18n import LANGS, SCREEN, Name, check_lang, fit, number, shown
from tavolo.i18n import CATALOG, t
from tavolo.sim.stats import outcome

try:  # typer >= 0.2x vendors click
    from typer import _click as click
except ImportError:  # pragma: no cover - older typer depends on click
    import click  # type: ignore[no-redef, import-not-found, unused-ignore]

__all__ = [
    "LANGS",
    "LANG_ENV",
    "click",
    "console",
    "detect_lang",
    "error_text",
    "escape_name",
    "hang",
    "parse_options",
    "reflow",
    "report",
    "resolve_lang",
    "result_text",
    "seat_label",
    "t",
]

LANG_ENV = "TAVOLO_LANG"


class _Session:
    """The language known so far in this run, for errors raised before a command starts."""

    lang = "en"


session = _Session()


def detect_lang(args: Sequence[str]) -> str | None:
    """The last valid ``--lang X``/``--lang=X``/``-l X`` in raw arguments, if any."""
    found: str | None = None
    for i, arg in enumerate(args):
        value: str | None = None
        if arg in ("--lang", "-l") and i + 1 < len(args):
            value = args[i + 1]
        elif arg.startswith("--lang="):
            value = arg.partition("=")[2]
        elif arg.startswith("-l") and len(arg) > 2 and not arg.startswith("--"):
            value = arg[2:]
        if value in LANGS:
            found = value
    return found


def default_lang(args: Sequence[str] = ()) -> str:
    """The language for text shown before options are parsed (help, usage errors)."""
    env = os.environ.get(LANG_ENV, "")
    return detect_lang(args) or (env if env in LANGS else "en")


def begin(args: Sequence[str]) -> None:
    session.lang = default_lang(args)
    localize_chrome(session.lang)
    _lenient_output()


_GLYPHS = "—•★àè"  # what the screens draw beyond ASCII: dashes, bullets, stars, Italian


def _lenient_output() -> None:
    """Standard output and error in an encoding that cannot show the screens' text (ASCII
    under ``LC_ALL=C`` with ``PYTHONUTF8=0``, or ``PYTHONIOENCODING=ascii``) show a "?"
    for each character they lack: the first "•" of a game ended it in a
    UnicodeEncodeError traceback."""
    for stream in (sys.stdout, sys.stderr):
        if not isinstance(stream, io.TextIOWrapper):
            continue
        try:
            _GLYPHS.encode(stream.encoding)
        except UnicodeEncodeError:
            stream.reconfigure(errors="replace")
        except LookupError:
            continue


# Typer's help words, module texts it reads each time it draws a help page
_CHROME = {
    "ARGUMENTS_PANEL_TITLE": "help.panel.arguments",
    "OPTIONS_PANEL_TITLE": "help.panel.options",
    "COMMANDS_PANEL_TITLE": "help.panel.commands",
    "ERRORS_PANEL_TITLE": "help.panel.error",
    "DEFAULT_STRING": "help.default",
    "REQUIRED_LONG_STRING": "help.required",
    "ENVVAR_STRING": "help.env_var",
    "DEPRECATED_STRING": "help.deprecated",
    "ABORTED_TEXT": "help.aborted",
    "RICH_HELP": "help.try_help",
}
_usage = ["Usage: "]


def localize_chrome(lang: str) -> None:
    """The words around every help page (Usage, Options, [default: ...], [required]) in
    ``lang``. A Typer without one of these texts keeps its own English."""
    _usage[0] = t(lang, "help.usage") + " "
    if lang == "en" and "typer.rich_utils" not in sys.modules:
        return  # still Typer's own English: no need to import it (60 ms) for a command
    from typer import rich_utils

    for name, key in _CHROME.items():
        if hasattr(rich_utils, name):
            setattr(rich_utils, name, t(lang, key))


_click_write_usage = click.formatting.HelpFormatter.write_usage


def _write_usage(
    self: click.formatting.HelpFormatter, prog: str, args: str = "", prefix: str | None = None
) -> None:
    _click_write_usage(self, prog, args, _usage[0] if prefix is None else prefix)


# Click writes "Usage: " itself: the session's word instead
click.formatting.HelpFormatter.write_usage = _write_usage  # type: ignore[method-assign]


def resolve_lang(ctx: click.Context | None, lang: str | None) -> str:
    """The language of this command; a wrong one raises ``UnknownName`` (one line, exit 2)."""
    chosen = lang
    if chosen is None and ctx is not None and isinstance(ctx.obj, Mapping):
        chosen = ctx.obj.get("lang")
    if chosen is None:
        chosen = os.environ.get(LANG_ENV) or "en"
    check_lang(chosen)
    session.lang = chosen
    return chosen


def error_text(exc: BaseException) -> str:
    """One line that says what was wrong with the input, in the session's language
    where the error can be told in it (``TavoloError.told``)."""
    if isinstance(exc, TavoloError):
        text = exc.told(session.lang) or type(exc).__name__
    elif isinstance(exc, ValidationError):
        text = Reason(exc).told(session.lang)
    elif isinstance(exc, click.ClickException):
        text = click_text(exc.format_message(), session.lang)
    elif isinstance(exc, OSError) and exc.strerror and exc.filename:
        text = f"{exc.filename}: {SystemReason.of(exc).told(session.lang)}"
    elif isinstance(exc, OSError) and exc.strerror:  # no file named (a full disk on stdout)
        text = SystemReason.of(exc).told(session.lang)
    else:
        text = str(exc) or type(exc).__name__
    return " ".join(text.split())


# Click words its usage errors in English, from the messages below (typer's vendored
# click and its pydantic-style value checks): each is matched and told from the catalog.
_USAGE = [
    (re.compile(p), key)
    for p, key in (
        (r"Invalid value for (?P<hint>.+?): (?P<message>.+)", "usage.invalid"),
        (r"Input should be a valid integer, unable to parse string as an integer", "usage.int"),
        (r"Input should be a valid number, unable to parse string as a number", "usage.number"),
        (r"Input should be greater than or equal to (?P<n>\S+)", "usage.at_least"),
        (r"Input should be less than or equal to (?P<n>\S+)", "usage.at_most"),
        (r"Input should be greater than (?P<n>\S+)", "usage.above"),
        (r"Input should be less than (?P<n>\S+)", "usage.below"),
        (r"Missing argument (?P<name>.+)\.", "usage.missing_argument"),
        (r"Missing option (?P<name>.+)\.", "usage.missing_option"),
        (r"Option (?P<name>.+) requires an argument\.", "usage.needs_value"),
        (r"Option (?P<name>.+) does not take a value\.", "usage.no_value"),
        (r"No such command (?P<name>.+)\.", "usage.no_command"),
        (
            r"No such option: (?P<name>\S+) \(Possible options: (?P<options>.+)\)",
            "usage.no_option_possible",
        ),
        (r"No such option: (?P<name>\S+)", "usage.no_option"),
        (r"Got unexpected extra argument\(s\) \((?P<args>.*)\)", "usage.extra"),
        (r"(?P<label>file|directory|path) (?P<name>'.*') is a directory\.", "usage.is_folder"),
        (r"(?P<label>file|directory|path) (?P<name>'.*') is a file\.", "usage.is_file"),
        (r"(?P<label>file|directory|path) (?P<name>'.*') does not exist\.", "usage.missing_file"),
        (r"(?P<label>file|directory|path) (?P<name>'.*') is not readable\.", "usage.unreadable"),
        (r"(?P<label>file|directory|path) (?P<name>'.*') is not writable\.", "usage.unwritable"),
    )
]


def click_text(message: str, lang: str) -> str:
    """A Click usage error in ``lang``, from the catalog when one of its known forms
    matches (a bad value's reason too; the English texts are Click's, but for counted
    words), else as it is."""
    for pattern, key in _USAGE:
        m = pattern.fullmatch(message.strip())
        if m:
            parts = {
                k: click_text(v, lang) if k == "message" else v for k, v in m.groupdict().items()
            }
            if "label" in parts:  # file, directory or path: Click's noun for the value
                parts["label"] = t(lang, "usage.label." + parts["label"])
            if "args" in parts:  # Click's "argument(s)": the word for the count instead
                parts["n"] = len(parts["args"].split())
            return t(lang, key, **parts)
    return message


def report(message: str) -> None:
    """Write ``error: message`` (translated prefix) as one line on stderr."""
    line = t(session.lang, "error", message=" ".join(message.split()))
    sys.stderr.write(line + "\n")
    sys.stderr.flush()


_ESCAPED = re.compile("[\udc80-\udcff]")  # bytes a lenient locale let through undecoded


def read_line() -> str | None:
    """A line of standard input, ``""`` at its end, or None when its bytes are not text
    in the input's encoding (a byte 0xff where the locale says UTF-8): the caller says so
    in one line and asks again. The bytes are read and decoded here one line at a time,
    so that such a line ends in no traceback (a strict locale), never reaches the screen
    as raw bytes (a lenient one, which hands them on as surrogates), and the lines after
    it are not lost with the text stream's read-ahead."""
    stdin = sys.stdin
    raw = getattr(stdin, "buffer", None)
    if raw is None:  # a stream of text only (a program driving the command)
        line = stdin.readline()
        return None if _ESCAPED.search(line) else line
    data = raw.readline()
    try:
        return str(data.decode(input_encoding()))
    except UnicodeDecodeError:
        return None


def input_encoding() -> str:
    """The encoding standard input is read in, as a person names it ("UTF-8")."""
    return str(getattr(sys.stdin, "encoding", None) or "utf-8").upper()


def console(stderr: bool = False) -> Console:
    """A console on the *current* stdout/stderr (test runners swap them)."""
    return Console(stderr=stderr, highlight=False, file=sys.stderr if stderr else sys.stdout)


def seat_label(lang: str, seat: int, spec: str | None = None) -> Name:
    """``Player 2`` or ``Player 2 (mcts)``; seats are 1-based for people. A name with its
    article: Italian 'Passa lo schermo al Giocatore 1', 'Vince il Giocatore 2'."""
    label = t(lang, "seat", n=seat + 1)
    if spec is not None:
        label = t(lang, "seat.with_agent", seat=label, agent=spec)
    return Name(label, t(lang, "seat.article"))


def escape_name(label: str) -> Name:
    """``label`` escaped for Rich markup, a seat's name keeping its article."""
    return Name(escape(label), getattr(label, "article", ""))


def _shared(returns: Sequence[float], outcomes: Sequence[str]) -> bool:
    """Two or more seats drew on the same score while the others lost: the game's tie
    for the win (DungeonQuest's richest heroes out, D21), not a draw of the whole table."""
    tied = {returns[i] for i, o in enumerate(outcomes) if o == "draw"}
    drew = sum(1 for o in outcomes if o == "draw")
    return drew > 1 and len(tied) == 1 and "loss" in outcomes


def result_text(game: Game, state: State, lang: str, labels: Sequence[str]) -> str:
    """Who won, in words, with the game's returns.

    Outcomes are read as the simulator reads them (:func:`tavolo.sim.stats.outcome`),
    so co-operative and solo games work: every seat of a won co-op game wins.
    """
    returns = tuple(game.returns(state))
    names = [labels[i] if i < len(labels) else seat_label(lang, i) for i in range(len(returns))]
    entries = [f"{names[i]} {_num(lang, r)}" for i, r in enumerate(returns)]
    sep = t(lang, "result.sep")
    scores = sep.join(entries)
    outcomes = [outcome(returns, i) for i in range(len(returns))]
    winners = [names[i] for i, o in enumerate(outcomes) if o == "win"]
    if not returns:
        text = t(lang, "result.none")
    elif len(returns) > 1 and len(winners) == len(returns):
        text = t(lang, "result.all_win")
    elif len(winners) == 1:
        text = t(lang, "result.win", who=winners[0])
    elif winners:
        both = [format(w if isinstance(w, Name) else Name(w), "the") for w in winners]
        text = t(lang, "result.share", who=CATALOG.join(lang, both, "join.and", "join.comma"))
    elif all(o == "loss" for o in outcomes):
        text = t(lang, "result.all_lose" if len(returns) > 1 else "result.lose", who=names[0])
    elif _shared(returns, outcomes):  # tied at the top with someone below: a shared win
        tied = [names[i] for i, o in enumerate(outcomes) if o == "draw"]
        both = [format(w if isinstance(w, Name) else Name(w), "the") for w in tied]
        text = t(lang, "result.share", who=CATALOG.join(lang, both, "join.and", "join.comma"))
    else:
        text = t(lang, "result.draw")
    line = t(lang, "result.line", outcome=text, scores=scores)
    if shown(line) <= SCREEN:
        return line
    # too long for a terminal, which would break it anywhere ("Player 1 (random)" / "0"):
    # the entries go on at column 2, each whole
    rows = fit(t(lang, "result.line", outcome=text, scores="").rstrip(), 2)
    for i, entry in enumerate(entries):
        entry += sep.rstrip() if i < len(entries) - 1 else ""
        if shown(rows[-1]) + 1 + len(entry) > SCREEN:
            rows.append("  " + entry)
        else:
            rows[-1] += " " + entry
    return "\n".join(rows)


def _num(lang: str, x: float) -> str:
    """A score as short as it can be: 1, 0.5 (0,5 in Italian)."""
    if float(x).is_integer():
        return str(int(x))
    return number(lang, x, len(f"{x:g}".partition(".")[2]))


class _OptionLoader(yaml.SafeLoader):
    """YAML whose only booleans are true and false: ``-o heroes=no`` or ``=on`` is text,
    which the game can then name back as typed (YAML 1.1 read them as False and True)."""


_OptionLoader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:bool"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_OptionLoader.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")
)


def parse_options(values: Sequence[str] | None, lang: str) -> dict[str, Any]:
    """``KEY=VALUE`` pairs for a game's variant flags; values are read as YAML scalars."""
    out: dict[str, Any] = {}
    for item in values or ():
        key, sep, raw = item.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or not key:
            raise ConfigError(t(lang, "option.bad", item=item))
        if key in out:  # the last one silently winning hid a typo in a long command
            raise ConfigError(t(lang, "option.twice", key=key))
        try:
            out[key] = yaml.load(raw, Loader=_OptionLoader) if raw.strip() else ""
        except (yaml.YAMLError, ValueError):  # ValueError: a date like 2026-02-30
            out[key] = raw
    return out


def lang_option(hl: str) -> Any:
    """``--lang/-l``: the same option on every command (help text in ``hl``)."""
    return typer.Option(
        "--lang", "-l", help=t(hl, "help.opt.lang"), show_default=False, metavar="en|it"
    )


HELP_NAMES = ["--help", "-h"]


def localize_help(cmd: click.Command, lang: str) -> None:
    """Click's own ``--help`` text, in ``lang``, for ``cmd`` and its sub-commands.

    Click builds that option itself (and caches it on the command); where it does not
    cache it, this is a harmless no-op and the text stays English.
    """
    opt = cmd.get_help_option(click.Context(cmd, help_option_names=HELP_NAMES))
    if opt is not None:
        opt.help = t(lang, "help.opt.help")
    if cmd.options_metavar:  # "[OPTIONS]" in the usage line
        cmd.options_metavar = t(lang, "help.options_metavar")
    if getattr(cmd, "subcommand_metavar", None):  # "COMMAND [ARGS]..."
        cmd.subcommand_metavar = t(lang, "help.subcommand_metavar")  # type: ignore[attr-defined]
    for sub in getattr(cmd, "commands", {}).values():
        localize_help(sub, lang)


def split_list(text: str | None) -> list[str]:
    return [x.strip() for x in (text or "").split(",") if x.strip()]


_TUNING = re.compile(r"^[a-z_]+=")


def reflow(text: str) -> str:
    """Each paragraph and list item of a rules text on one line, for the console to wrap
    at its own width: a text wrapped by hand at 88 columns, shown at 80, would break
    twice. Blank lines stay, and a list item (``- ``, ``* ``, ``1. ``) starts a line."""
    out: list[str] = []
    for line in text.splitlines():
        if line.strip() and out and out[-1].strip() and not i18n.ITEM.match(line):
            out[-1] += " " + line.strip()
        else:
            out.append(line.rstrip())
    return "\n".join(out)


def hang(text: str, width: int = SCREEN) -> str:
    """A reflowed rules text with each line longer than ``width`` broken between words,
    a list item going on under its words ("- ", "1. "), a paragraph at its own column:
    a terminal would bring an item's words back to the column of its dash."""
    return "\n".join(row for line in text.splitlines() for row in i18n.hang(line, width))


def resume_hint(lang: str, path: Path) -> str:
    """The line that tells how to go on with the unfinished game kept in ``path``; past
    80 columns the command goes on a line of its own, whole, to be copied."""
    line = t(lang, "play.resume_hint", path=escape(shell_word(path)))
    if shown(line) <= SCREEN:
        return line
    return t(lang, "play.resume_hint_long", path=escape(shell_word(path)))


def shell_word(path: Path) -> str:
    """``path`` as one word to paste into a shell (quoted when it must be)."""
    return shlex.quote(str(path))


def replay_seats(meta: Mapping[str, Any]) -> list[str]:
    """Who sat where, from a replay's ``meta``: the list ``tavolo play`` writes, or a line
    like ``human,mcts`` written by hand; anything else is no seats at all ([])."""
    seats = meta.get("seats")
    if isinstance(seats, list):
        seats = ",".join(str(s) for s in seats if s is not None)
    return split_agents(seats) if isinstance(seats, str) else []


def split_agents(text: str | None) -> list[str]:
    """Seats or agents, comma-separated; an agent's tuning suffix stays with it, so
    ``mcts:100,depth=0,random`` is two agents: ``mcts:100,depth=0`` and ``random``."""
    out: list[str] = []
    for piece in split_list(text):
        if out and _TUNING.match(piece):
            out[-1] += "," + piece
        else:
            out.append(piece)
    return out


def is_user_error(exc: BaseException) -> bool:
    """Errors caused by input: printed as one line, never as a traceback."""
    return isinstance(exc, TavoloError | ValidationError | OSError)


def modes_text(game: Game) -> str:
    """A game's modes, then its META modes marked ``+`` (they combine: ``standard+chimera``)."""
    return ", ".join([*game.modes, *(f"+{m}" for m in game.metas)])
