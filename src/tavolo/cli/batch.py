"""``tavolo simulate`` and ``tavolo bench``: many games at once, and the speed of one.

Both print tables for people and, with ``--json``, one JSON object on stdout and nothing
else (progress and notes go to stderr), so that scripts can read the result directly.
"""

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from typer.core import TyperCommand

from tavolo.engine import ConfigError, Game, SystemReason, TavoloError, registry
from tavolo.engine.files import new_file
from tavolo.engine.i18n import number
from tavolo.i18n import CATALOG
from tavolo.sim.bench import bench
from tavolo.sim.runner import SimResult, simulate, simulate_cells

from . import common
from .common import click, console, parse_options, resolve_lang, split_agents, t


class SimulateCommand(TyperCommand):
    """``tavolo simulate``; its help ends with each game's study flags, read only when
    the help is shown (they are the games' words)."""

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        lang = common.session.lang
        lines = []
        for name in registry.names():
            try:
                flags = registry.get(name).study_flags(lang)
            except Exception:  # a broken game must not hide the others' help
                continue
            if flags:
                lines.append(f"{name}: {flags}")
        if lines:
            self.epilog = "\n\n".join([t(lang, "help.simulate.flags"), *lines])
        super().format_help(ctx, formatter)


def register(app: typer.Typer, hl: str, lang_opt: Any) -> None:
    @app.command(
        "simulate",
        cls=SimulateCommand,
        help=t(hl, "help.simulate"),
        context_settings={"ignore_unknown_options": True, "allow_extra_args": True},
    )
    def simulate_cmd(
        ctx: typer.Context,
        game: Annotated[
            str,
            typer.Argument(
                help=t(hl, "help.arg.game"), show_default=False, metavar=t(hl, "help.metavar.game")
            ),
        ],
        n: Annotated[int, typer.Option("-n", "--games", min=1, help=t(hl, "help.opt.n"))] = 100,
        agents: Annotated[
            str | None,
            typer.Option("--agents", "-a", help=t(hl, "help.opt.agents"), show_default=False),
        ] = None,
        seed: Annotated[int, typer.Option("--seed", help=t(hl, "help.opt.sim_seed"))] = 0,
        workers: Annotated[
            int, typer.Option("--workers", "-w", min=1, help=t(hl, "help.opt.workers"))
        ] = 1,
        mode: Annotated[
            str | None, typer.Option("--mode", "-m", help=t(hl, "help.opt.mode"))
        ] = None,
        option: Annotated[
            list[str] | None,
            typer.Option("--option", "-o", help=t(hl, "help.opt.option"), metavar="KEY=VALUE"),
        ] = None,
        out: Annotated[
            Path | None,
            typer.Option("--out", help=t(hl, "help.opt.out"), dir_okay=False, metavar="FILE"),
        ] = None,
        overwrite: Annotated[
            bool, typer.Option("--overwrite", help=t(hl, "help.opt.overwrite"))
        ] = False,
        as_json: Annotated[bool, typer.Option("--json", help=t(hl, "help.opt.json"))] = False,
        lang: Annotated[str | None, lang_opt] = None,
    ) -> None:
        lang = resolve_lang(ctx, lang)
        g = registry.get(game)
        options = parse_options(option, lang)
        if out is not None:
            # hours of games are not written over a user's file unless asked
            new_file(out, ConfigError, overwrite=overwrite)
        cells = g.simulate_args(mode, options, list(ctx.args))
        if len(cells) > 1 or cells[0][0]:
            run_study(g.name, cells, n, split_agents(agents), seed, workers, out, as_json, lang)
            return
        specs = split_agents(agents)
        if agents is not None and not specs:
            raise ConfigError(t(lang, "sim.no_agents"))
        if not specs:
            players = g.configure(None, mode, options).players
            specs = ["random"] * players
        config = {"players": len(specs), "mode": mode or g.modes[0], "options": options}
        if out is not None and not out.resolve().parent.is_dir():
            raise ConfigError(t(lang, "sim.out_folder", path=str(out)))
        err = console(stderr=True)
        if as_json or not err.is_terminal:  # a bar is noise in logs and pipes
            result = simulate(game, n, specs, seed, workers, config)
        else:
            progress = Progress(
                TextColumn("{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeRemainingColumn(),
                console=err,
                transient=True,
            )
            with progress:
                task = progress.add_task(t(lang, "sim.progress", game=escape(game)), total=n)
                result = simulate(
                    game,
                    n,
                    specs,
                    seed,
                    workers,
                    config,
                    progress=lambda done: progress.update(task, completed=done),
                )
        if as_json:
            data = result.to_json()
            data["settings"]["workers"] = workers
            sys.stdout.write(json.dumps(data, ensure_ascii=False) + "\n")
        else:
            print_summary(result.summary(), result.settings(), lang)
        if out is not None:  # last: a file that cannot be written loses no summary
            _write_out(out, result.to_csv, seed)
            if not as_json:
                console().print(
                    t(lang, "sim.written", n=len(result.records), path=escape(str(out)))
                )

    @app.command("bench", help=t(hl, "help.bench"))
    def bench_cmd(
        ctx: typer.Context,
        games: Annotated[
            list[str] | None,
            typer.Argument(
                help=t(hl, "help.arg.games"), show_default=False, metavar=t(hl, "help.metavar.game")
            ),
        ] = None,
        seconds: Annotated[
            float, typer.Option("--seconds", "-s", help=t(hl, "help.opt.seconds"))
        ] = 2.0,
        mcts_iterations: Annotated[
            int, typer.Option("--mcts-iterations", min=1, help=t(hl, "help.opt.mcts_iterations"))
        ] = 200,
        mode: Annotated[
            str | None, typer.Option("--mode", "-m", help=t(hl, "help.opt.mode"))
        ] = None,
        players: Annotated[
            int | None,
            typer.Option("--players", "-p", min=1, help=t(hl, "help.opt.bench_players")),
        ] = None,
        option: Annotated[
            list[str] | None,
            typer.Option("--option", "-o", help=t(hl, "help.opt.option"), metavar="KEY=VALUE"),
        ] = None,
        as_json: Annotated[bool, typer.Option("--json", help=t(hl, "help.opt.json"))] = False,
        lang: Annotated[str | None, lang_opt] = None,
    ) -> None:
        lang = resolve_lang(ctx, lang)
        names = list(games or registry.names())
        options = parse_options(option, lang)
        config: dict[str, Any] | None = None
        if mode or options or players:
            config = {"mode": mode}
            if options:
                config["options"] = options
            if players:
                config["players"] = players
        for name in names:
            game = registry.get(name)  # an unknown name fails before any measuring
            if config:
                game.config_from_json(config)  # and so does an unknown mode
        err, out = console(stderr=True), console()
        results = []
        for name in names:
            if as_json or not err.is_terminal:
                results.append(bench(name, seconds, mcts_iterations, config))
            else:
                with err.status(t(lang, "bench.running", game=escape(name), seconds=seconds)):
                    results.append(bench(name, seconds, mcts_iterations, config))
            if not as_json:
                out.print(bench_table(results[-1], lang))
        if as_json:
            sys.stdout.write(json.dumps({"bench": results}, ensure_ascii=False) + "\n")
        elif results:
            r = results[0]
            out.print(
                t(
                    lang,
                    "bench.machine",
                    python=f"{r['implementation']} {r['python']}",
                    machine=escape(str(r.get("platform", r.get("machine", "?")))),
                )
            )
            out.print(native_line(r.get("native", {}), lang))


def native_line(status: dict[str, Any], lang: str) -> str:
    """Whether the numbers above come from compiled modules: they differ by about half."""
    if status.get("pure"):
        return t(lang, "bench.pure_asked")
    stale = status.get("stale") or []
    if stale:
        return t(lang, "bench.native_stale", n=len(stale), modules=escape(", ".join(stale)))
    compiled = status.get("compiled") or []
    if compiled:
        return t(lang, "bench.native", n=len(compiled))
    return t(lang, "bench.pure")


def _pct(lang: str, x: float) -> str:
    return number(lang, 100 * x, 1) + "%"


def _rate(lang: str, row: dict[str, Any]) -> str:
    return _share(lang, row["win_rate"], row["ci_low"], row["ci_high"])


def _share(lang: str, rate: float, low: float, high: float) -> str:
    """``66.7% (30.0–90.3)``: a rate and its interval, in percent."""
    return f"{_pct(lang, rate)} ({number(lang, 100 * low, 1)}–{number(lang, 100 * high, 1)})"


def _wdl(row: dict[str, Any]) -> str:
    return f"{row['wins']}/{row['draws']}/{row['losses']}"


def run_study(
    game: str,
    cells: list[tuple[str, str | None, dict[str, Any]]],
    n: int,
    specs: list[str],
    seed: int,
    workers: int,
    out: Path | None,
    as_json: bool,
    lang: str,
) -> None:
    """Several simulations of one game (a game's study, e.g. TOS's ``--fights``): one
    row per cell with its win rate and Wilson interval and its per-game averages. Cells
    labelled ``group / item`` are also summed per group (TOS's ``--adventures``: one cell
    per day, grouped by adventure type and class); with many cells only the groups are
    printed, the cells go to ``--out``. Games run in parallel across cells."""
    g = registry.get(game)
    configs: list[tuple[str, dict[str, Any]]] = []
    for label, mode, options in cells:
        players = g.configure(len(specs) or None, mode, options).players
        configs.append(
            (label, {"players": players, "mode": mode or g.modes[0], "options": options})
        )
    seats = specs or ["random"] * configs[0][1]["players"]
    err = console(stderr=True)
    if not as_json:
        err.print(t(lang, "sim.cells", cells=len(configs), n=n, workers=workers))
    results = simulate_cells(game, configs, n, seats, seed, workers)
    rows = [
        _study_row(label, config, seats, r)
        for (label, config), (_, r) in zip(configs, results, strict=True)
    ]
    groups: dict[str, list[Any]] = {}
    for (label, _), (_, r) in zip(configs, results, strict=True):
        if " / " in label:
            groups.setdefault(label.split(" / ")[0], []).append(r)
    group_rows = [_study_row(name, None, seats, _merged(rs)) for name, rs in groups.items()]
    if groups:
        group_rows.append(
            _study_row(
                t(lang, "sim.all"), None, seats, _merged([r for rs in groups.values() for r in rs])
            )
        )
    metrics = sorted({k for r in rows for k in r["summary"]["metrics"]})

    def write_csv(path: Path) -> None:
        path.write_text(_study_csv(rows, metrics), encoding="utf-8")

    if as_json:
        data = {
            "study": [{k: v for k, v in r.items() if k != "first"} for r in rows],
            "groups": [
                {k: v for k, v in r.items() if k not in ("first", "config")} for r in group_rows
            ],
            "settings": {"game": game, "n": n, "seed": seed, "workers": workers},
        }
        sys.stdout.write(json.dumps(data, ensure_ascii=False) + "\n")
        if out is not None:
            _write_out(out, write_csv, seed)
        return
    shown = group_rows if groups and len(rows) > 24 else rows + group_rows
    table = Table(title=t(lang, "sim.study_title", game=escape(game), n=n, seed=seed))
    table.add_column(t(lang, "sim.col.cell"))
    for key in ("sim.col.games", "sim.col.wdl", "sim.col.rate"):
        table.add_column(t(lang, key), justify="right")
    table.add_column(t(lang, "sim.col.decisions"), justify="right")
    for row in shown:
        f = row["first"]
        table.add_row(
            escape(row["cell"]),
            str(f["games"]),
            _wdl(f),
            _rate(lang, f),
            number(lang, row["summary"]["mean_decisions"], 1),
        )
    console().print(table)
    if metrics:  # the per-game averages of the game's own numbers
        for averages in _averages_tables(g, shown, metrics, lang, console().width):
            console().print(averages)
    if out is not None:  # last: a file that cannot be written loses no table
        _write_out(out, write_csv, seed)
        played = sum(r["summary"]["games"] for r in rows)  # a row per cell, n games each
        console().print(t(lang, "sim.written", n=played, path=escape(str(out))))


def _study_csv(rows: list[dict[str, Any]], metrics: list[str]) -> str:
    """A study's ``--out``: a row per cell, its first agent's results and the averages."""
    head = "cell,games,wins,draws,losses,win_rate,ci_low,ci_high,mean_decisions"
    return (
        ",".join([head, *metrics])
        + "\n"
        + "".join(
            f"{r['cell']},{r['first']['games']},{r['first']['wins']},{r['first']['draws']},"
            f"{r['first']['losses']},{r['first']['win_rate']:.4f},{r['first']['ci_low']:.4f},"
            f"{r['first']['ci_high']:.4f},{r['summary']['mean_decisions']:.1f}"
            + "".join(f",{r['summary']['metrics'].get(k, 0.0):.4f}" for k in metrics)
            + "\n"
            for r in rows
        )
    )


def _write_out(path: Path, write: Callable[[Path], None], seed: int) -> None:
    """Write ``--out``, after the summary is shown: a file the system refuses is one line
    that names it, says why and gives the seed the games were played with."""
    try:
        write(path)
    except OSError as e:
        reason = SystemReason.of(e)
        raise TavoloError.said(
            CATALOG, "sim.write_failed", path=str(path), reason=reason, seed=seed
        ) from None


def _averages_tables(
    game: Game, rows: list[dict[str, Any]], metrics: list[str], lang: str, width: int
) -> list[Table]:
    """A study's per-game averages: a row per number, in words, and a column per cell, as
    many cells side by side as ``width`` holds (the rest in the next table), so that a
    study of many numbers stays readable in an 80-column terminal."""
    words = sorted((game.describe_metric(k, lang), k) for k in metrics)  # by what they say
    names = [escape(w) for w, _ in words]
    metrics = [k for _, k in words]
    measure = t(lang, "sim.col.metric")
    first = min(max(len(measure), *(len(name) for name in names)), 30)
    column = max(8, min(16, max(len(row["cell"]) for row in rows)))
    per = max(1, (width - first - 4) // (column + 3))
    tables = []
    for i in range(0, len(rows), per):
        part = rows[i : i + per]
        table = Table(title=t(lang, "sim.metrics_title"))
        table.add_column(measure, max_width=first, overflow="fold")
        for row in part:
            table.add_column(
                escape(row["cell"]), justify="right", max_width=column, overflow="fold"
            )
        for k, name in zip(metrics, names, strict=True):
            values = (number(lang, row["summary"]["metrics"].get(k, 0.0), 2) for row in part)
            table.add_row(name, *values)
        tables.append(table)
    return tables


def _study_row(label: str, config: Any, seats: list[str], result: SimResult) -> dict[str, Any]:
    summary = result.summary()
    first = next(iter(summary["agents"].values()))
    return {"cell": label, "config": config, "agents": seats, "summary": summary, "first": first}


def _merged(results: list[SimResult]) -> SimResult:
    """Several cells' games as one batch (same agents), for a group's totals."""
    base = results[0]
    records = [rec for r in results for rec in r.records]
    return SimResult(base.game, len(records), base.agents, base.labels, base.seed, {}, records)


def print_summary(summary: dict[str, Any], settings: dict[str, Any], lang: str) -> None:
    """The per-agent table, the per-seat table and the per-game averages.

    Win rate counts a draw as half a win; the interval is Wilson's 95% interval.
    """
    out = console()
    try:
        game: Game | None = registry.get(summary["game"])
    except TavoloError:  # a summary read back without its game installed
        game = None
    table = Table(
        title=t(
            lang,
            "sim.title",
            game=escape(summary["game"]),
            n=summary["games"],
            seed=settings["seed"],
        )
    )
    table.add_column(t(lang, "sim.col.agent"))
    for key in ("sim.col.games", "sim.col.wdl", "sim.col.rate", "sim.col.return"):
        table.add_column(t(lang, key), justify="right")
    for label, row in summary["agents"].items():
        table.add_row(
            escape(label),
            str(row["games"]),
            _wdl(row),
            _rate(lang, row),
            number(lang, row["mean_return"], 3),
        )
    out.print(table)
    seats = summary.get("seats") or []
    if len(seats) > 1:
        by_seat = Table(title=t(lang, "sim.seats_title"))
        by_seat.add_column(t(lang, "sim.col.seat"))
        for key in ("sim.col.wdl", "sim.col.rate", "sim.col.return"):
            by_seat.add_column(t(lang, key), justify="right")
        for j, row in enumerate(seats):
            by_seat.add_row(
                t(lang, "seat", n=j + 1),
                _wdl(row),
                _rate(lang, row),
                number(lang, row["mean_return"], 3),
            )
        out.print(by_seat)
    played = summary.get("played") or {}
    if played:
        by_played = Table(title=t(lang, "sim.played_title"))
        by_played.add_column(t(lang, "sim.col.played"))
        for key in ("sim.col.games", "sim.col.wins", "sim.col.share"):
            by_played.add_column(t(lang, key), justify="right")
        for name, row in played.items():
            share = "—"
            if row["ci"] is not None:
                low, high = row["ci"]
                share = _share(lang, row["rate"], low, high)
            words = game.describe_metric(name, lang) if game else name
            by_played.add_row(escape(words), str(row["games"]), str(row["wins"]), share)
        out.print(by_played)
    shown = {k for name in played for k in (f"plays {name}", f"wins {name}")}
    averages = [t(lang, "sim.avg.decisions", value=number(lang, summary["mean_decisions"], 1))]
    for key, value in summary.get("metrics", {}).items():
        if key in shown:
            continue  # in the table above
        words = game.describe_metric(key, lang) if game else key
        averages.append(t(lang, "sim.avg.metric", name=escape(words), value=number(lang, value, 2)))
    ms = number(lang, 1000 * summary["mean_seconds"], 1)
    averages.append(t(lang, "sim.avg.seconds", value=ms))
    out.print(t(lang, "sim.averages", values=t(lang, "sim.avg.sep").join(averages)))


BENCH_ROWS = (
    ("decisions_per_s", "bench.decisions_per_s", 0),
    ("games_per_s", "bench.games_per_s", 1),
    ("decisions_per_game", "bench.decisions_per_game", 1),
    ("clone_us", "bench.clone_us", 2),
    ("observe_us", "bench.observe_us", 2),
    ("mcts_iterations_per_s", "bench.mcts_per_s", 0),
)


def bench_table(result: dict[str, Any], lang: str) -> Table:
    table = Table(title=t(lang, "bench.title", game=escape(str(result.get("game", "?")))))
    table.add_column(t(lang, "bench.col.measure"))
    table.add_column(t(lang, "bench.col.value"), justify="right")
    for key, label, places in BENCH_ROWS:
        if key in result:
            table.add_row(t(lang, label), number(lang, result[key], places))
    return table
