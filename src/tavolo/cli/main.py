"""The ``tavolo`` command: play, simulate, replay, scenarios, benchmarks and per-game tools.

The command tree is built at start-up from what is installed: ``tavolo play GAME`` has
one sub-command per registered game (its help is the game's own rules summary), and
``tavolo GAME TOOL`` exposes each game's tools (``tavolo.tools`` entry points), which are
loaded only when a tool is asked for or the main help is shown. The CLI never imports a
game: it goes through :mod:`tavolo.engine`, :mod:`tavolo.agents` and :mod:`tavolo.sim`.

Errors: anything caused by input (``TavoloError``, pydantic ``ValidationError``,
``OSError``, usage errors) ends as exactly one ``error: ...`` line on stderr and exit
code 2; :class:`TavoloGroup` does this so that test runners see the same as users.
"""

import json
import sys
from collections.abc import Sequence
from typing import Annotated, Any

import typer
from rich.table import Table
from typer.core import TyperGroup

from tavolo import __version__
from tavolo.engine import TavoloError, registry
from tavolo.engine.i18n import fit

from . import batch, common, files, play, tools
from .common import click, console, lang_option, report, resolve_lang, t

EXIT_USAGE = 2
BUILTIN = ("play", "simulate", "replay", "scenario", "bench", "games")


class TavoloGroup(TyperGroup):
    """The root group: one-line errors, and per-game tool groups loaded on demand."""

    def main(  # type: ignore[override]
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        argv = list(sys.argv[1:] if args is None else args)
        common.begin(argv)
        common.localize_help(self, common.session.lang)
        code = run_guarded(
            lambda: super(TavoloGroup, self).main(
                argv, prog_name or "tavolo", complete_var, standalone_mode=False, **extra
            )
        )
        if standalone_mode:
            sys.exit(code)
        return code

    def list_commands(self, ctx: click.Context) -> list[str]:
        names = super().list_commands(ctx)
        return names + [g for g in sorted(tools.safe_tool_sets()) if g not in names]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        cmd = super().get_command(ctx, cmd_name)
        if cmd is None and cmd_name not in BUILTIN and not cmd_name.startswith("-"):
            cmd = tools.tool_group_for(cmd_name, common.session.lang)
        return cmd


def run_guarded(call: Any) -> int:
    """Run the command tree; turn every input error into one line and an exit code."""
    try:
        rv = call()
    except click.exceptions.NoArgsIsHelpError:
        return 0  # the help was already shown
    except click.ClickException as e:
        hint = ""
        ctx = getattr(e, "ctx", None)
        if isinstance(e, click.exceptions.UsageError) and ctx is not None:
            hint = t(common.session.lang, "error.usage_hint", command=ctx.command_path)
        report(common.error_text(e) + hint)
        return EXIT_USAGE
    except typer.Abort:
        report(t(common.session.lang, "aborted"))
        return 1
    except Exception as e:
        if not common.is_user_error(e):
            raise
        report(common.error_text(e))
        return EXIT_USAGE
    return rv if isinstance(rv, int) else 0


def build_app(help_lang: str = "en") -> typer.Typer:
    """The whole command tree, with help texts in ``help_lang``."""
    hl = help_lang
    app = typer.Typer(
        cls=TavoloGroup,
        name="tavolo",
        help=t(hl, "help.app"),
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
        rich_markup_mode="rich",
        context_settings={"help_option_names": common.HELP_NAMES},
    )
    lang_opt = lang_option(hl)

    def show_version(value: bool) -> None:
        if value:
            sys.stdout.write(f"tavolo {__version__}\n")
            raise typer.Exit()

    @app.callback()
    def root(
        ctx: typer.Context,
        lang: Annotated[str | None, lang_opt] = None,
        version: Annotated[
            bool,
            typer.Option(
                "--version",
                help=t(hl, "help.opt.version"),
                is_eager=True,
                callback=show_version,
            ),
        ] = False,
    ) -> None:
        if lang is not None:
            resolve_lang(None, lang)
        ctx.obj = {"lang": lang}

    @app.command("games", help=t(hl, "help.games"))
    def games_cmd(
        ctx: typer.Context,
        as_json: Annotated[bool, typer.Option("--json", help=t(hl, "help.opt.json"))] = False,
        lang: Annotated[str | None, lang_opt] = None,
    ) -> None:
        lang = resolve_lang(ctx, lang)
        rows: list[dict[str, Any]] = []
        problems: list[str] = []
        for name in registry.names():
            try:
                game = registry.get(name)
                rows.append(
                    {
                        "name": name,
                        "title": game.titles.get(lang) or game.titles.get("en") or name,
                        "modes": list(game.modes),
                        "metas": list(game.metas),
                        "players": [game.min_players, game.max_players],
                        "agents": dict(game.tuned_agents),
                        "pick": {  # the AI to play against, where a bare name is not it
                            "agent": game.pick_agent,
                            "plays": game.agent_spec(game.pick_agent, game.modes[0]),
                        }
                        if game.pick_agent
                        else None,
                    }
                )
            except Exception as e:
                if not common.is_user_error(e):
                    raise
                problems.append(f"{name}: {common.error_text(e)}")
                rows.append({"name": name, "error": common.error_text(e)})
        if as_json:
            sys.stdout.write(json.dumps({"games": rows}, ensure_ascii=False) + "\n")
        else:
            table = Table(title=t(lang, "games.title"))
            for key in (
                "games.col.name",
                "games.col.title",
                "games.col.modes",
                "games.col.players",
            ):
                table.add_column(t(lang, key))
            for row in rows:
                if "error" in row:
                    table.add_row(row["name"], f"[red]{t(lang, 'games.broken')}[/red]", "", "")
                    continue
                lo, hi = row["players"]
                table.add_row(
                    row["name"],
                    row["title"],
                    ", ".join([*row["modes"], *(f"+{m}" for m in row["metas"])]),
                    str(lo) if lo == hi else f"{lo}–{hi}",
                )
            console().print(table)
            for row in rows:  # what a bare mcts plays where the agents' defaults fall short
                for name, spec in row.get("agents", {}).items():
                    agent, _, mode = name.partition("@")
                    key = "games.tuned_mode" if mode else "games.tuned"
                    said = t(lang, key, game=row["name"], agent=agent, mode=mode, spec=spec)
                    for line in fit(said, 2):  # within 80 columns, going on at 2
                        console().print(line)
                if row.get("pick"):  # and the one to pick when it is not a bare name
                    said = t(lang, "games.pick", game=row["name"], **row["pick"])
                    for line in fit(said, 2):
                        console().print(line)
        for problem in problems:
            report(problem)
        if problems:
            raise typer.Exit(EXIT_USAGE)

    play.register(app, hl, lang_opt)
    batch.register(app, hl, lang_opt)
    files.register(app, hl, lang_opt)
    play.register_resume(app, hl, lang_opt)  # beside replay: both take a replay file
    return app


def get_command(lang: str = "en") -> click.Command:
    return typer.main.get_command(build_app(lang))


def main(argv: Sequence[str] | None = None) -> None:
    """Console-script entry point: ``tavolo ...``; exits with the command's code."""
    args = list(sys.argv[1:] if argv is None else argv)
    common.begin(args)
    try:
        command = get_command(common.session.lang)
    except TavoloError as e:
        report(common.error_text(e))
        sys.exit(EXIT_USAGE)
    command.main(args, prog_name="tavolo")


if __name__ == "__main__":  # pragma: no cover
    main()
