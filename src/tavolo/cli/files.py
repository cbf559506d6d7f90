"""``tavolo replay FILE`` and ``tavolo scenario run FILE``: games and positions from files.

A replay is first checked in full by :meth:`Replay.play` (which refuses one recorded
under other rules that no longer applies), then narrated move by move. Replays are
shown omnisciently: whoever has the file has every seat's actions anyway.
"""

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape

from tavolo.engine import registry
from tavolo.engine.i18n import fit
from tavolo.engine.replay import Replay
from tavolo.engine.scenario import run_file_told

from .common import (
    console,
    read_line,
    replay_seats,
    resolve_lang,
    result_text,
    resume_hint,
    seat_label,
    t,
)

EXIT_FAILED = 1


def register(app: typer.Typer, hl: str, lang_opt: Any) -> None:
    file_arg = typer.Argument(
        help=t(hl, "help.arg.file"), show_default=False, dir_okay=False, metavar="FILE"
    )

    @app.command("replay", help=t(hl, "help.replay"))
    def replay_cmd(
        ctx: typer.Context,
        file: Annotated[Path, file_arg],
        step: Annotated[bool, typer.Option("--step", help=t(hl, "help.opt.step"))] = False,
        lang: Annotated[str | None, lang_opt] = None,
    ) -> None:
        lang = resolve_lang(ctx, lang)
        replay = Replay.load(file)
        replay.play()  # every action still applies, or a one-line ReplayError
        narrate(replay, lang, step, file)

    scenario_app = typer.Typer(
        help=t(hl, "help.scenario"), no_args_is_help=True, rich_markup_mode="rich"
    )

    @scenario_app.command("run", help=t(hl, "help.scenario.run"))
    def scenario_run(
        ctx: typer.Context,
        file: Annotated[Path, file_arg],
        lang: Annotated[str | None, lang_opt] = None,
    ) -> None:
        lang = resolve_lang(ctx, lang)
        result, failures = run_file_told(file)
        sys.stdout.write(json.dumps(result, indent=1, ensure_ascii=False) + "\n")
        if failures:
            sys.stderr.write(t(lang, "scenario.failed", n=len(failures), file=str(file)) + "\n")
            sys.stderr.write("".join(f"  - {f.told(lang)}\n" for f in failures))
            raise typer.Exit(EXIT_FAILED)
        sys.stderr.write(t(lang, "scenario.passed", file=str(file)) + "\n")

    app.add_typer(scenario_app, name="scenario")


def narrate(replay: Replay, lang: str, step: bool, path: Path | None = None) -> None:
    """Replay move by move, in words; with ``step``, wait for Enter after each one. An
    unfinished game ends with the command that resumes it (from ``path``)."""
    out = console()
    game = registry.get(replay.game)
    config = game.config_from_json(replay.config)
    state = game.new(config, replay.seed)
    seats = replay_seats(replay.meta)
    labels = [
        seat_label(lang, i, None if i >= len(seats) or seats[i] == "human" else str(seats[i]))
        for i in range(config.players)
    ]
    title = game.titles.get(lang) or game.titles.get("en") or game.name
    out.rule(t(lang, "replay.start", title=escape(title), n=len(replay.actions), seed=replay.seed))
    for i, action in enumerate(replay.actions, 1):
        d = game.decision(state)
        who = labels[d.player] if d is not None and d.player < len(labels) else "?"
        words = game.describe_action(state, action, lang)
        events = game.apply(state, action)
        for row in fit(f"[dim]{i:>3}.[/dim] [bold]{escape(who)}[/bold]: {words}", 5):
            out.print(row)
        for text in game.describe_events(state, events, None, lang):
            for row in fit(f"       • {text}", 9):
                out.print(row)
        if step and i < len(replay.actions):
            out.print(game.view(state, None, lang))
            out.print(t(lang, "replay.step"), end="")
            line = read_line()  # None, a line that is not text: taken as Enter
            if line == "":  # end of input: run to the end without pausing
                out.print()
                step = False
            elif line is not None and line.strip().lower() in ("q", "quit", "esci"):
                out.print(t(lang, "replay.stopped", n=i))
                return
    out.rule(t(lang, "replay.end"))
    out.print(game.view(state, None, lang))
    if game.is_over(state):
        out.print(result_text(game, state, lang, labels))
    else:
        out.print(t(lang, "replay.unfinished", n=len(replay.actions)))
        if path is not None:
            out.print(resume_hint(lang, path))
