"""``tavolo play GAME``: people and agents at one table in the terminal.

Each registered game is its own sub-command, so ``tavolo play estro --help`` shows that
game's rules summary (``game.help(lang)``), loaded only when the help is asked for.

What a person sees never leaks hidden information: the board is ``game.view(state,
seat)``, and other seats' moves are shown through the events *as that seat sees them*
(``describe_events(state, events, seat)``), never through ``describe_action`` (which may name a
face-down card). With one person at the table their view is printed as play goes on;
with several (hot seat) each one is shown what happened since their last turn. Agents
alone at the table are narrated omnisciently.

Agent seeds: seat ``i`` gets ``derive_seed(seed, "seat<i>")``, so a game is
reproducible from ``--seed`` and the seats. Without ``--seed`` a random seed is drawn
and printed (it is also in the saved replay).

A game is not lost to a ``q``, the end of input, Ctrl-C or a save that fails: it is saved
to ``--save FILE`` or, without it (or when FILE cannot be written), kept in the profile's
``unfinished/`` folder, and
``tavolo resume FILE`` replays it and goes on at the same seats (agents seeded from the
game's seed and its number of moves).
"""

import itertools
import random
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any, ClassVar

import typer
from rich.markup import escape
from rich.text import Text
from typer.core import TyperCommand, TyperGroup

from tavolo.agents import AGENT_NAMES, Agent, make_agent
from tavolo.engine import (
    Action,
    Config,
    ConfigError,
    Decision,
    Event,
    Game,
    State,
    SystemReason,
    TavoloError,
    UnknownName,
    registry,
)
from tavolo.engine.files import new_file
from tavolo.engine.i18n import fit, option_lines
from tavolo.engine.replay import Replay
from tavolo.engine.rng import derive_seed
from tavolo.i18n import CATALOG

from . import common, profile
from .common import (
    click,
    console,
    escape_name,
    input_encoding,
    parse_options,
    read_line,
    replay_seats,
    resolve_lang,
    resume_hint,
    seat_label,
    shell_word,
    split_agents,
    t,
)

HUMAN = "human"
EXIT_INTERRUPTED = 130  # what a shell reports for a command stopped by Ctrl-C
LOG_WORDS = ("log", "registro")  # at the prompt: all that was told since the last choice
CARD_WORDS = ("cards", "carte")  # at the prompt: the board with what its view folds


class PlayGroup(TyperGroup):
    """``tavolo play``: an unknown game is one clear line, not click's generic message."""

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        name = args[0] if args else ""
        if name and not name.startswith("-") and self.get_command(ctx, name) is None:
            raise UnknownName("game", name, registry.names())
        return super().resolve_command(ctx, args)

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        lang = common.session.lang
        for name, cmd in self.commands.items():
            try:
                game = registry.get(name)
            except Exception:  # a broken game must not hide the others' help
                continue
            cmd.short_help = t(
                lang,
                "help.play.short",
                title=_title(game, lang),
                players=_players(game, lang),
                modes=common.modes_text(game),
            )
        super().format_help(ctx, formatter)


class GameCommand(TyperCommand):
    """``tavolo play GAME``; its help is the game's own, built only when shown."""

    game_name: ClassVar[str] = ""

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        lang = common.session.lang
        game = registry.get(self.game_name)
        head = t(
            lang,
            "help.play.head",
            title=_title(game, lang),
            name=self.game_name,
            players=_players(game, lang),
            modes=common.modes_text(game),
        )
        mode = ctx.params.get("mode")  # (given before --help: --mode is eager)
        try:
            mode = game.normal_mode(mode) if isinstance(mode, str) else None
        except TavoloError:
            mode = None  # an unknown mode: every mode's rules, the error comes on play
        rules = common.reflow(game.help(lang, mode).strip())
        # each item of the rules goes on under its words, at the width the help is
        # shown at: the terminal's less a column of margin on each side
        width = console().width - 2
        self.help = common.hang(head + ("\n\n" + rules if rules else ""), width)
        super().format_help(ctx, formatter)


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", text.casefold())


def _match(wanted: list[str], have: list[str]) -> int | None:
    """None unless every wanted word is in ``have`` (a number whole, a word as a prefix:
    ``brak`` finds Brakka); else how many wanted neighbours are neighbours there too,
    so that ``lane 2`` ranks "lane 2, zone 1" above "lane 1, zone 2"."""

    def fits(w: str, h: str) -> bool:
        return h == w if w.isdigit() else h.startswith(w)

    if not all(any(fits(w, h) for h in have) for w in wanted):
        return None
    near = list(itertools.pairwise(have))
    return sum(
        any(fits(w, a) and fits(v, b) for a, b in near) for w, v in itertools.pairwise(wanted)
    )


def _title(game: Game, lang: str) -> str:
    return game.titles.get(lang) or game.titles.get("en") or game.name


def _players(game: Game, lang: str) -> str:
    lo, hi = game.min_players, game.max_players
    if lo == hi:
        return t(lang, "help.players.one", n=lo)
    return t(lang, "help.players.range", lo=lo, hi=hi)


def register(app: typer.Typer, hl: str, lang_opt: Any) -> None:
    play_app = typer.Typer(
        cls=PlayGroup, help=t(hl, "help.play"), no_args_is_help=True, rich_markup_mode="rich"
    )
    for name in registry.names():
        cls = type(f"Play_{name}", (GameCommand,), {"game_name": name})
        play_app.command(
            name,
            cls=cls,
            short_help=t(hl, "help.play.game", name=name),
            context_settings={"ignore_unknown_options": True, "allow_extra_args": True},
        )(_play_command(name, hl, lang_opt))
    app.add_typer(play_app, name="play")


def _play_command(name: str, hl: str, lang_opt: Any) -> Callable[..., None]:
    def play_cmd(
        ctx: typer.Context,
        seats: Annotated[
            str | None, typer.Option("--seats", help=t(hl, "help.opt.seats"), show_default=False)
        ] = None,
        seed: Annotated[int | None, typer.Option("--seed", help=t(hl, "help.opt.seed"))] = None,
        mode: Annotated[
            # eager: read before --help, which then tells that mode's rules only
            str | None, typer.Option("--mode", "-m", help=t(hl, "help.opt.mode"), is_eager=True)
        ] = None,
        players: Annotated[
            str | None,
            typer.Option("--players", "-p", help=t(hl, "help.opt.players"), metavar="N|SEATS"),
        ] = None,
        option: Annotated[
            list[str] | None,
            typer.Option("--option", "-o", help=t(hl, "help.opt.option"), metavar="KEY=VALUE"),
        ] = None,
        save: Annotated[
            Path | None,
            typer.Option("--save", help=t(hl, "help.opt.save"), dir_okay=False, metavar="FILE"),
        ] = None,
        overwrite: Annotated[
            bool, typer.Option("--overwrite", help=t(hl, "help.opt.overwrite"))
        ] = False,
        lang: Annotated[str | None, lang_opt] = None,
    ) -> None:
        lang = resolve_lang(ctx, lang)
        if save is not None and not save.resolve().parent.is_dir():
            raise ConfigError(t(lang, "play.save_folder", path=str(save)))
        if save is not None:  # a file of that name is written over only when asked
            new_file(save, ConfigError, overwrite=overwrite)
        count: int | None = None
        if players is not None:  # a number of players, or the seats themselves
            if players.isdigit() and int(players) >= 1:
                count = int(players)
            elif seats is not None:
                raise ConfigError(t(lang, "play.players_and_seats"))
            elif players.strip().isdigit() or not players.strip():
                raise ConfigError(t(lang, "play.players_bad", value=players))
            else:
                seats = players
        options = parse_options(option, lang)
        # a game's own flags (TOS: --tutorial, --fight, --date) become its mode and options
        mode, options = registry.get(name).play_args(mode, options, list(ctx.args))
        table = Table.setup(name, lang, seats, seed, mode, count, options)
        table.run()
        table.save(save)

    return play_cmd


def register_resume(app: typer.Typer, hl: str, lang_opt: Any) -> None:
    @app.command("resume", help=t(hl, "help.resume"))
    def resume_cmd(
        ctx: typer.Context,
        file: Annotated[
            Path | None,
            typer.Argument(
                help=t(hl, "help.arg.resume_file"),
                show_default=False,
                dir_okay=False,
                metavar="[FILE]",
            ),
        ] = None,
        seats: Annotated[
            str | None,
            typer.Option("--seats", help=t(hl, "help.opt.resume_seats"), show_default=False),
        ] = None,
        save: Annotated[
            Path | None,
            typer.Option(
                "--save", help=t(hl, "help.opt.resume_save"), dir_okay=False, metavar="FILE"
            ),
        ] = None,
        overwrite: Annotated[
            bool, typer.Option("--overwrite", help=t(hl, "help.opt.overwrite"))
        ] = False,
        lang: Annotated[str | None, lang_opt] = None,
    ) -> None:
        lang = resolve_lang(ctx, lang)
        if file is None:
            list_unfinished(lang)
            return
        target = file if save is None else save
        if not target.resolve().parent.is_dir():
            raise ConfigError(t(lang, "play.save_folder", path=str(target)))
        if target.resolve() != file.resolve():  # (the file resumed is brought up to date)
            new_file(target, ConfigError, overwrite=overwrite)
        table = Table.resume(file, lang, seats)
        table.run()
        table.save(target)


class Quit(Exception):
    """The person at a seat chose to stop (``q``) or stdin ended."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


@dataclass
class Told:
    """One thing a person is told between two of their choices (an event, a seat's
    'nothing you can see', a choice taken for them): its rows as printed and, in the
    account of another seat's moves, the heading of that seat's run (``run`` tells two
    runs apart). ``shown``: printed already, as it happened."""

    rows: list[str]
    head: str = ""
    run: int = 0
    shown: bool = False


def told_rows(told: Sequence[Told]) -> list[str]:
    """The rows of ``told``, each run's heading before its first row: a run whose start
    was folded away is still headed by the seat it belongs to."""
    rows: list[str] = []
    run: int | None = None
    for item in told:
        if item.head and item.run != run:
            rows.append(item.head)
        run = item.run if item.head else None
        rows.extend(item.rows)
    return rows


class Table:
    """One game in progress: the seats, the state, the log and who has seen what.

    The screen of a person's choice (what they were told since their last one, the rule,
    the board, the options and the prompt) fits the terminal's height: when it would
    not, what they were told keeps its latest lines under one that says how many earlier
    ones were folded, and ``log`` at the prompt shows them all. Output that is not a
    terminal (a script, a transcript) keeps every line where it happened, as it happens.
    """

    def __init__(
        self,
        game: Game,
        lang: str,
        specs: Sequence[str],
        agents: Sequence[Agent | None],
        state: State,
        replay: Replay,
    ) -> None:
        self.game, self.lang, self.specs, self.agents = game, lang, list(specs), list(agents)
        self.state, self.replay = state, replay
        self.humans = [i for i, s in enumerate(specs) if s == HUMAN]
        # With one person at the table, their view is narrated as play goes on.
        self.watcher = self.humans[0] if len(self.humans) == 1 else None
        self.labels = [
            seat_label(lang, i) if s == HUMAN else seat_label(lang, i, s)
            for i, s in enumerate(specs)
        ]
        self.log: list[Event] = []
        self.seen = [0] * len(specs)
        self.out = console()
        self.input: Callable[[], str | None] = read_line  # None: a line that is not text
        self.stdin_is_terminal = sys.stdin.isatty()
        self.marks_key: str | None = None
        self.marks_error: TavoloError | None = None
        self.interrupted = False  # Ctrl-C: the command exits 130 once the game is kept
        # The watcher is told of another seat's moves as one run per seat: a seat that
        # takes ten small steps in a row gets one heading, and "nothing you can see"
        # only when the whole run showed nothing.
        self.run_player: int | None = None
        self.run_shown = False
        # Hot seat: the person whose private view is on the screen now.
        self.at_screen: int | None = None
        # The rows a screen may take: None is the terminal's height (no limit when the
        # output is not a terminal); a number sets it (tests, a program driving a table).
        self.rows: int | None = None
        self.told: list[Told] = []  # told since the last choice, for the next screen
        self.runs = 0  # the watcher's account of one seat's moves: how many runs so far
        self.screen_log: list[Told] = []  # the last screen's account, whole, for `log`
        self.loose = 0  # rows on the screen since the last choice that nothing can fold

    @classmethod
    def setup(
        cls,
        name: str,
        lang: str,
        seats: str | None,
        seed: int | None,
        mode: str | None,
        players: int | None,
        options: dict[str, Any],
    ) -> "Table":
        game = registry.get(name)
        specs = split_agents(seats)
        if seats is not None and not specs:
            raise ConfigError(t(lang, "play.no_seats"))
        for spec in specs:  # a name no agent has is told as such, before any count
            if spec.split(":", 1)[0].strip() not in (HUMAN, *AGENT_NAMES):
                raise UnknownName("agent", spec, (HUMAN, *AGENT_NAMES))
        if specs:
            if players is not None and players != len(specs):
                raise ConfigError(t(lang, "play.seats_mismatch", seats=len(specs), players=players))
            config = game.configure(len(specs), mode, options)
        else:
            config = game.configure(players, mode, options)
            specs = [HUMAN] + ["mcts"] * (config.players - 1)
        if config.players != len(specs):
            raise ConfigError(
                t(lang, "play.seats_mismatch", seats=len(specs), players=config.players)
            )
        chosen = seed is None  # told once the seats are known good: no line before an error
        if seed is None:
            seed = random.randrange(1 << 31)
        seeds = [derive_seed(seed, f"seat{i}") for i in range(len(specs))]
        agents = _agents(specs, seeds, game, config)
        if chosen:
            console().print(t(lang, "play.seed", seed=seed))
        key = game.marks_key(config)
        if key is not None:  # pencil marks left by earlier games on this set
            saved = profile.marks(key)
            if saved:
                try:
                    config = game.with_marks(config, saved)
                except TavoloError as e:  # a profile edited by hand: say where to look
                    raise TavoloError.said(
                        CATALOG, "profile.marks", path=str(profile.path()), key=key, problem=e
                    ) from None
        state = game.new(config, seed)
        replay = Replay.start(game, config, seed, seats=list(specs))
        table = cls(game, lang, specs, agents, state, replay)
        table.marks_key = key
        return table

    @classmethod
    def resume(cls, path: Path, lang: str, seats: str | None) -> "Table":
        """The game of a replay file, played up to its last move, at the same seats (or
        ``seats``). Agents get fresh seeds derived from the game's seed and the number of
        moves, so a resumed game is reproducible too."""
        replay = Replay.load(path)
        game, state, log = replay.play()  # every move still applies, or one ReplayError
        if game.decision(state) is None:
            raise ConfigError(t(lang, "resume.over", path=str(path)))
        config = game.config_from_json(replay.config)
        players = config.players
        specs = replay_seats(replay.meta) if seats is None else split_agents(seats)
        if seats is not None and not specs:
            raise ConfigError(t(lang, "play.no_seats"))
        if not specs:  # a replay written without seats (from Python): as `tavolo play`
            specs = [HUMAN] + ["mcts"] * (players - 1)
        if len(specs) != players:
            raise ConfigError(t(lang, "play.seats_mismatch", seats=len(specs), players=players))
        moves = len(replay.actions)
        seeds = [derive_seed(replay.seed, f"seat{i}:{moves}") for i in range(players)]
        agents = _agents(specs, seeds, game, config)
        replay.meta["seats"] = list(specs)
        replay.rules_version = game.RULES_VERSION  # its moves all apply under these rules
        table = cls(game, lang, specs, agents, state, replay)
        table.log = [e for events in log for e in events]
        table.seen = [len(table.log)] * players  # what came before was seen before
        table.marks_key = game.marks_key(config)
        console().print(t(lang, "play.resumed", path=escape(str(path)), moves=moves))
        return table

    def save(self, path: Path | None) -> None:
        """Save the replay to ``path``. The game is not lost: one left unfinished without
        ``path`` (after a move at least), and any game whose ``path`` cannot be written, is
        kept in the profile's folder, with the command that resumes it. Then tell what
        failed, if anything: the file asked for, or a profile that could not take its marks."""
        over = self.game.is_over(self.state)
        failed: TavoloError | None = None
        if path is not None:
            try:
                self.replay.save(path)
            except OSError as e:  # told last, once the game is safe elsewhere
                failed = TavoloError.said(
                    CATALOG, "play.save_failed", path=str(path), reason=SystemReason.of(e)
                )
                path = self.keep("play.kept_instead")
            else:
                self.say(t(self.lang, "play.saved", path=escape(str(path))), 2)
        elif not over and self.replay.actions:  # a game left before any move: nothing to keep
            path = self.keep("play.kept")
        if path is not None and not over:
            self.out.print(resume_hint(self.lang, path))
        if failed is not None:
            raise failed
        if self.marks_error is not None:
            raise self.marks_error
        if self.interrupted:
            raise typer.Exit(EXIT_INTERRUPTED)

    def keep(self, key: str) -> Path | None:
        """Keep the game in the profile's ``unfinished/`` folder, saying so with ``key``;
        None (said too) if it cannot."""
        path = profile.unfinished(self.game.name)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self.replay.save(path)
        except OSError as e:
            problem = f"{path}: {SystemReason.of(e).told(self.lang)}"
            self.say(t(self.lang, "play.keep_failed", problem=escape(problem)), 2)
            return None
        self.say(t(self.lang, key, path=escape(str(path))), 2)  # the path whole
        return path

    # -- the loop ------------------------------------------------------------------------
    def run(self) -> None:
        """Play to the end, or until someone quits (``q``, end of input or Ctrl-C)."""
        game, state, lang = self.game, self.state, self.lang
        self.out.rule(
            t(
                lang,
                "play.start",
                title=escape(_title(game, lang)),
                seats=escape(", ".join(self.labels)),
            )
        )
        self.loose = 1  # (the rule above stays on the first screen)
        try:
            while (d := game.decision(state)) is not None:
                if self.agents[d.player] is None:
                    action = self.forced_turn(d) if len(d.actions) == 1 else self.human_turn(d)
                else:
                    action = self.agent_turn(d)
                self.apply(d, action)
        except Quit as q:
            self.out.print(t(lang, q.key, moves=len(self.replay.actions)))
            self.keep_marks()
            return
        except KeyboardInterrupt:  # Ctrl-C: the game so far is kept as after a 'q'
            self.flush()  # what the agents did before it, told as a transcript would
            self.interrupted = True
            self.out.print()
            self.out.print(t(lang, "play.interrupted", moves=len(self.replay.actions)))
            # the state may be halfway through a move; the replay holds every whole one
            _, self.state, _ = self.replay.play()
            self.keep_marks()
            return
        self.keep_marks()
        self.finish()

    def keep_marks(self) -> None:
        """Pencil marks stay on the cards, finished game or not. A profile that cannot be
        written is told once the game is shown and its replay saved (``marks_error``)."""
        if self.marks_key is not None:
            try:
                profile.save_marks(self.marks_key, self.game.marks(self.state))
            except TavoloError as e:
                self.marks_error = e

    def apply(self, d: Decision, action: Action) -> None:
        game, lang = self.game, self.lang
        words = game.describe_action(self.state, action, lang) if not self.humans else ""
        events = game.apply(self.state, action)
        self.replay.actions.append(action)
        self.log.extend(events)
        if not self.humans:
            self.say(f"[bold]{escape(self.labels[d.player])}[/bold]: {words}", 4)
            self.print_events(events, None)
        elif self.watcher is not None:
            if d.player != self.run_player:
                self.close_run()
                self.run_player = d.player
                self.runs += 1
            w = self.watcher
            texts = self.event_texts(self.log[self.seen[w] :], w)
            self.seen[w] = len(self.log)
            head = f"[bold]{escape(self.labels[d.player])}[/bold]:"
            for text in texts:
                self.tell(Told(fit(f"  • {text}", 4), head, self.runs))
            self.run_shown = self.run_shown or bool(texts)

    def close_run(self) -> None:
        """End the watcher's account of one seat's moves."""
        p = self.run_player
        if p is not None and not self.run_shown and p != self.watcher:
            head = f"[bold]{escape(self.labels[p])}[/bold]:"
            self.tell(Told(["  " + t(self.lang, "play.nothing_seen")], head, self.runs))
        self.run_player, self.run_shown = None, False

    def limit(self) -> int | None:
        """The rows a screen may take: the terminal's height, or none when the output is
        not a terminal (a transcript keeps every line where it happened)."""
        if self.rows is not None:
            return self.rows
        return self.out.height if self.out.is_terminal else None

    def tell(self, told: Told) -> None:
        """Tell the person at the screen something between two of their choices: at once
        when the output is not a terminal; on a terminal with their next screen, which
        fits it in (the agents' moves take a moment: the "thinking" line shows who)."""
        if self.limit() is None:
            last = self.told[-1] if self.told else None
            if told.head and (last is None or (last.head, last.run) != (told.head, told.run)):
                self.out.print(told.head)
            for row in told.rows:
                self.out.print(row)
            told.shown = True
        self.told.append(told)

    def flush(self) -> None:
        """Print whatever was told and not shown yet, whole."""
        self.show([x for x in self.told if not x.shown], None)
        self.told = []

    def height(self, rows: Sequence[str]) -> int:
        """The terminal rows ``rows`` take, each printed as a line of its own."""
        with self.out.capture() as captured:
            for row in rows:
                self.out.print(row)
        return captured.get().count("\n")

    def rendered(self, show: Callable[[], None]) -> str:
        """What ``show`` prints, as the terminal gets it (styles and all), not printed."""
        with self.out.capture() as captured:
            show()
        return captured.get()

    def show(self, told: Sequence[Told], room: int | None) -> int:
        """Print ``told`` in at most ``room`` rows (None: all of it): when it does not fit,
        its latest lines under one saying how many earlier ones are folded (``log`` shows
        them). The rows taken."""
        rows = told_rows(told)
        sizes = {row: self.height([row]) for row in rows}
        if room is None or not told or sum(sizes[r] for r in rows) <= room:
            for row in rows:
                self.out.print(row)
            return sum(sizes[r] for r in rows)
        for folded in range(1, len(told) + 1):
            rows = told_rows(told[folded:])
            key = "play.folded" if rows else "play.folded_all"
            note = t(self.lang, key, n=folded)
            taken = self.height([note]) + sum(sizes[r] for r in rows)
            if taken <= room or not rows:
                break
        self.out.print(note)
        for row in rows:
            self.out.print(row)
        return taken

    def event_texts(self, events: Sequence[Event], player: int | None) -> list[str]:
        return self.game.describe_events(self.state, events, player, self.lang)

    def print_events(self, events: Sequence[Event], player: int | None) -> int:
        texts = self.event_texts(events, player)
        for text in texts:
            self.say(f"  • {text}", 4)
        return len(texts)

    def say(self, text: str, indent: int) -> None:
        """``text`` within 80 columns, going on at column ``indent``: a terminal would
        break a long event or option anywhere, at column 0 ("Carta" / "vuota")."""
        for row in fit(text, indent):
            self.out.print(row)

    def agent_turn(self, d: Decision) -> Action:
        agent = self.agents[d.player]
        assert agent is not None
        if self.out.is_terminal and self.humans:
            with self.out.status(
                t(self.lang, "play.thinking", who=escape_name(self.labels[d.player]))
            ):
                return agent.act(self.game, self.state, d)
        return agent.act(self.game, self.state, d)

    def human_turn(self, d: Decision) -> Action:
        game, lang, seat, out = self.game, self.lang, d.player, self.out
        self.close_run()
        if self.at_screen is not None and self.at_screen != seat and self.private(seat):
            self.flush()  # (the last person's own lines: the screen is cleared next)
            self.hand_over(seat)
        self.at_screen = seat
        told, self.told = self.told, []
        texts = self.event_texts(self.log[self.seen[seat] :], seat)
        since = [Told(fit(f"  • {text}", 4)) for text in texts]
        self.seen[seat] = len(self.log)
        self.screen_log = told + since

        def show_board() -> None:
            out.rule(t(lang, "play.turn", who=escape(self.labels[seat])))
            out.print(game.view(self.state, seat, lang))

        def show_options() -> None:
            out.print(t(lang, "play.choose"))
            self.print_options(d)

        board, options = self.rendered(show_board), self.rendered(show_options)
        room = self.limit()
        if room is not None:  # what the person was told gets the rows the rest leaves
            prompt = self.prompt(d)
            room -= self.loose + board.count("\n") + options.count("\n") + self.height([prompt])
            room -= self.height([t(lang, "play.since")]) if since else 0
        taken = self.show([x for x in told if not x.shown], room)
        self.write(board)
        if since:
            out.print(t(lang, "play.since"))
            self.show(since, None if room is None else room - taken)
        self.write(options)
        return self.ask(d)

    def write(self, text: str) -> None:
        """Put on the terminal what :meth:`rendered` gave."""
        self.out.file.write(text)
        self.out.file.flush()

    def print_log(self) -> None:
        """``log`` at the prompt: all that the person was told since their last choice,
        none of it folded."""
        if not self.screen_log:
            self.out.print(t(self.lang, "play.log_none"))
            return
        self.out.print(t(self.lang, "play.log"))
        self.show(self.screen_log, None)

    def prompt(self, d: Decision) -> str:
        """The prompt of a choice; it names ``cards`` where the game's view folds some of
        the board (``Game.details``)."""
        folds = self.game.details(self.state, d.player, self.lang) is not None
        return t(self.lang, "play.prompt_cards" if folds else "play.prompt", n=len(d.actions))

    def print_details(self, d: Decision) -> None:
        """``cards`` at the prompt: the board with all that its view folds to fit the
        screen (every card's whole text), as the person choosing may see it."""
        details = self.game.details(self.state, d.player, self.lang)
        if details is None:
            self.out.print(t(self.lang, "play.cards_none"))
            return
        self.out.print(t(self.lang, "play.cards"))
        self.out.print(details)

    def print_options(self, d: Decision) -> None:
        """The numbered options: one a line, or as the game groups them (a card's options
        on the card's line: "#3: 1 Charge · 2 Infuse · 3 Add"), numbered as the list."""
        game, lang = self.game, self.lang
        groups = game.describe_options(self.state, d.actions, lang)
        if groups is None:
            said = [game.describe_action(self.state, a, lang) for a in d.actions]
            groups = [("", list(enumerate(said)))]
        for line in option_lines(groups, len(d.actions), lambda n: f"[bold]{n}[/bold]"):
            self.out.print(line)

    def forced_turn(self, d: Decision) -> Action:
        """A choice of one is taken, not asked: Platformer alone asked one in five times
        ("leave the special die"). The person at the screen is told which it was; anyone
        else hears its events at their next turn, as always (the words of an action may
        name a face-down card)."""
        action = d.actions[0]
        if d.player in (self.at_screen, self.watcher):
            self.close_run()
            words = self.game.describe_action(self.state, action, self.lang)
            said = t(self.lang, "play.forced", who=escape(self.labels[d.player]), action=words)
            self.tell(Told(fit(said, 2)))
        return action

    def private(self, seat: int) -> bool:
        """Whether the person coming to the screen and the one leaving it may not see
        the same things (a hand of cards): then the screen changes hands."""
        game, state, before = self.game, self.state, self.at_screen
        assert before is not None
        return set(map(str, game.secrets(state, seat))) != set(
            map(str, game.secrets(state, before))
        )

    def hand_over(self, seat: int) -> None:
        """Clear what the last person saw and wait until the next one is alone with it."""
        lang, out = self.lang, self.out
        if out.is_terminal:
            out.clear()
        asked = t(lang, "play.hand_over", who=escape_name(self.labels[seat]))
        out.print(asked, end="")
        self.loose = self.height([asked])  # on the screen the next person reads
        line = self.input()
        if line is None:  # not text: taken as the Enter that was asked for
            line = "\n"
        if not line:
            out.print()
            raise Quit("play.eof")
        if not self.stdin_is_terminal:
            out.print()
        if line.strip().lower() in ("q", "quit", "esci"):
            raise Quit("play.quit")

    def ask(self, d: Decision) -> Action:
        """Read a choice until it is valid: a number, an action id, ``h`` or ``q``."""
        lang, out, n = self.lang, self.out, len(d.actions)
        while True:
            out.print(self.prompt(d), end="")
            line = self.input()
            if line is None:
                if not self.stdin_is_terminal:
                    out.print()
                self.say(t(lang, "play.unreadable", encoding=input_encoding()), 2)
                continue
            if not line:
                out.print()
                raise Quit("play.eof")
            text = line.strip()
            if not self.stdin_is_terminal:
                out.print(escape(text))  # keep transcripts of piped input readable
            if text.lower() in ("q", "quit", "esci"):
                raise Quit("play.quit")
            if text.lower() in LOG_WORDS:
                self.print_log()
                continue
            if text.lower() in CARD_WORDS:
                self.print_details(d)
                continue
            if text.lower() in ("h", "help", "?", "aiuto"):
                mode = self.replay.config.get("mode")  # this game's rules, not every mode's
                rules = self.game.help(lang, mode if isinstance(mode, str) else None)
                rules = common.hang(common.reflow(rules.strip()), out.width)
                out.print(rules or t(lang, "play.no_help"))
                continue
            if text.isdigit() and 1 <= int(text) <= n:
                self.loose = 0  # the next screen starts here
                return d.actions[int(text) - 1]
            if text in d.actions:
                self.loose = 0
                return text
            found = self.search(d, text)
            if found and len(found) < n:
                out.print(t(lang, "play.found", text=escape(text[:40])))
                width = len(str(n))
                for i, words in found:
                    self.say(f"  [bold]{i:>{width}}[/bold]. {words}", width + 4)
            elif found:
                self.say(t(lang, "play.found_all", text=escape(text[:40])), 2)
            else:
                self.say(t(lang, "play.invalid", text=escape(text[:40]), n=n), 2)

    def search(self, d: Decision, text: str) -> list[tuple[int, str]]:
        """The options that hold every word typed (``brakka lane 2``), numbered as in the
        full list, so that long lists (a card into any of twelve places) get short."""
        wanted = _words(text)
        if not wanted:
            return []
        scored = []
        for i, action in enumerate(d.actions, 1):
            words = self.game.describe_action(self.state, action, self.lang)
            score = _match(wanted, _words(Text.from_markup(words).plain))
            if score is not None:
                scored.append((score, i, words))
        best = max((x[0] for x in scored), default=0)
        return [(i, words) for score, i, words in scored if score == best]

    def finish(self) -> None:
        game, lang, out = self.game, self.lang, self.out
        self.close_run()
        self.flush()  # the last moves whole: no prompt follows to ask for them
        if self.humans and self.watcher is None:
            start = min(self.seen[h] for h in self.humans)
            self.print_events(self.log[start:], None)
        out.rule(t(lang, "play.over"))
        out.print(game.view(self.state, self.watcher, lang))
        out.print(common.result_text(game, self.state, lang, self.labels))


def list_unfinished(lang: str) -> None:
    """``tavolo resume`` alone: the games kept unfinished, newest first, each with the
    command that resumes it. A game finished since (resumed to its end) is left out, and
    so is a file that no longer replays."""
    out = console()
    folder = profile.unfinished_folder()
    found = []
    for path in folder.glob("*.json"):
        try:
            replay = Replay.load(path)
            game, state, _ = replay.play()
        except TavoloError:
            continue
        if game.decision(state) is not None:
            found.append((path.stat().st_mtime, path, replay))
    if not found:
        out.print(t(lang, "resume.none", folder=escape(str(folder))))
        return
    out.print(t(lang, "resume.list", folder=escape(str(folder))))
    for when, path, replay in sorted(found, key=lambda f: f[0], reverse=True):
        stamp = datetime.fromtimestamp(when).strftime("%Y-%m-%d %H:%M")
        about = t(lang, "resume.item", game=replay.game, moves=len(replay.actions), when=stamp)
        out.print(f"  tavolo resume {escape(shell_word(path))}  [dim]# {escape(about)}[/]")


def _agents(
    specs: Sequence[str], seeds: Sequence[int], game: Game, config: Config
) -> list[Agent | None]:
    """The agent at each seat (None for a person), each with its own seed; a bare name
    plays the game's tuning of it (``Game.tuned_agents``)."""
    agents: list[Agent | None] = []
    for spec, seed in zip(specs, seeds, strict=True):
        if spec == HUMAN:
            agents.append(None)
            continue
        try:
            agents.append(make_agent(game.agent_spec(spec, config.mode), seed))
        except UnknownName:
            raise UnknownName("agent", spec, (HUMAN, *AGENT_NAMES)) from None
    return agents
