"""TOS as a tavolo game: the rules plus what the player may see, words and positions.

A solo game hides one thing: the order of the Discard Deck's cards below those
discarded since the last shuffle (the deck lies face up, and cards are drawn from its
bottom). ``observe`` gives those cards sorted; ``determinize`` reshuffles them.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Annotated, Any, ClassVar, TypeVar

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, ValidationError

from tavolo.engine import RNG, Config, ConfigError, Event, TavoloError, UnknownName, reading_state
from tavolo.engine.content import Reason
from tavolo.engine.rng import derive_seed

from . import daily, enemies, generator, view
from . import play as inplay
from .adventure.compass import TURN_COST
from .adventure.play import MAX_MOVES
from .rules import HEROES, MAX_LEVEL, MAX_TURNS, SERIES, TosRules
from .saved import check_loaded, check_saved
from .schema import CLASSES, Enemy
from .state import TosState
from .text import MSG
from .world.model import CARDS as WORLD_CARDS

# What each move made costs the adventure heuristic, in its log-odds units: the clock
# towards the move cap. Well under the compass's price of a move still to make, so that a
# long game keeps its values apart.
CLOCK = 0.01
# the dungeon's restlessness: the square of the moves since the hero last got anywhere (a
# level, a room, an item, a mark, a tick). A search a move deep compares standing still
# (a move) with a door that costs a card now and pays later, and stood still until the
# move cap; the square makes each idle move dearer than the last, and any progress
# takes the whole sum back (docs/tos-adventure-balance.md, 2026-11-26 afternoon).
STALE = 0.002


class TosGame(TosRules):
    # The adventure study's agent (docs/tos-adventure-balance.md): the combat turn's own
    # planner searches each fight, so a shallow search of the adventure plays best; the
    # fights keep the agents' defaults, stronger there than the study's mcts:200.
    tuned_agents: ClassVar[Mapping[str, str]] = {
        "mcts@world": "mcts:30,depth=0,c=0.05",
        "mcts@dungeon": "mcts:30,depth=0,c=0.05",
    }

    # ------------------------------------------------------------------ information --
    def observe(self, s: TosState, player: int | None) -> dict[str, Any]:
        self.check_seat(s, player)
        e = s.enemy
        out: dict[str, Any] = {
            "game": self.name,
            "hero": {"serial": s.hero.serial, "class": s.hero.klass},
            "mode": s.mode,
            "fight": s.fight,
            "fights": len(s.fights),
            "turn": s.turn,
            "phase": s.phase,
            "tracks": {"attack": s.attack, "defense": s.defense, "level": s.level, "mana": s.mana},
            "up": s.up[:],
            "hand": s.hand[:],
            "discard_top": s.discard[s.unknown :],
            "discard_rest": sorted(s.discard[: s.unknown]),
            "removed": s.removed[:],
            "layout": {
                "column": s.column[:],
                "charge": s.charge[:],
                "infuse": s.infuse[:],
                "strain": s.strain[:],
            },
            "next_ability": None if s.act is None else list(s.act),
            "in_play": {
                "cards": inplay.cards_in_play(s),
                "elements": dict(sorted(inplay.elements(s).items())),
                "banners": {str(k): v for k, v in inplay.banners(s).items()},
                "stars": inplay.star_row(s),
            },
            "ticks": dict(sorted(s.ticks.items())),
            "enemy": None if e is None else e.model_dump(mode="json", exclude_defaults=True),
        }
        if s.adv_src is not None:  # the adventure lies face up: nothing of it is hidden
            out["adventure"] = {
                "kind": s.mode,
                "grid": s.grid[:],
                "table": s.table[:],
                "pawn": list(s.pawn),
                "marks": sorted(s.marks),
                "items": sorted(s.items),
                "reading": [list(f) for f in s.reading],
                "extra": s.extra,
                "foe": None if s.foe is None else list(s.foe),
                "flee": s.flee,
                "count": dict(sorted(s.count.items())),
            }
        d = self.decision(s)
        if d is not None:
            out["decision"] = {"player": d.player, "kind": d.kind}
        if s.result is not None:
            out["result"] = list(s.result)
            out["reason"] = s.reason
        return out

    def secrets(self, s: TosState, player: int) -> Iterable[str]:
        return ()  # the hidden thing is an order, not a card: see observe

    def inventory(self, s: TosState) -> list[tuple[str, str]]:
        out: list[tuple[str, str]] = []
        for zone, cards in (
            ("discard", s.discard),
            ("hand", s.hand),
            ("removed", s.removed),
            ("play", (*s.column, *s.charge, *s.infuse, *s.strain)),
        ):
            out.extend((f"card{c}", zone) for c in cards)
        for st in s.steps:  # cards between the layout and a pile, during the Exhaust phase
            if st[0] == "exhaust":
                out.append((f"card{st[1]}", "play"))
        return out

    def _determinize(self, s: TosState, player: int, rng: RNG) -> TosState:
        d = s.clone()
        hidden = d.discard[: d.unknown]
        rng.shuffle(hidden)
        d.discard[: d.unknown] = hidden
        return d

    def heuristic(self, s: TosState, player: int) -> float:
        if s.result is not None:
            return s.result[0]
        if s.adv_src is not None:
            from .adventure import planner

            if s.steps and s.steps[-1][0] == "move_discard":
                return self._best_discard(s, player)
            if planner.inside(s) or planner.after(s):
                return planner.value(self, s, self._adventure_heuristic)
            return self._adventure_heuristic(s)
        total = len(s.fights)
        e = s.enemy
        progress = 0.0
        if e is not None:
            if e.trap:
                progress = min(1.0, s.defense / max(1, e.attack))
            else:
                progress = min(1.0, s.attack / max(1, e.defense or 1))
        alive = (8 - len(s.removed)) / 8
        won = (s.enemy_index + 0.5 * progress) / total
        x = 3.0 * won + 2.0 * alive - 2.0 - 0.05 * s.turn
        return 1.0 / (1.0 + math.exp(-x))

    def _best_discard(self, s: TosState, player: int) -> float:
        """A move that costs a discard (T-19, T-24) is worth its best discard. Valued as
        it stands, a search of a few dozen iterations averages the door over the hand,
        finds it worse than a free step onto the symbol, and stands still until the move
        cap (docs/tos-adventure-balance.md, 2026-11-26)."""
        best = 0.0
        for c in s.hand:
            t = s.clone()
            self.apply(t, f"discard:{c}")
            best = max(best, self.heuristic(t, player))
        return best

    def _adventure_heuristic(self, s: TosState) -> float:
        """The chance of winning the adventure, roughly, in (0, 1).

        Between fights: cards kept (fragile two-tip halves count less: the next unpaid
        exhaust or hit removes them), level, and the moves left to win (the adventure's own
        search run from here). In a fight: the value after winning it (its level, the rest of
        its reading through the compass) weighted by the odds of winning it
        (:func:`~.adventure.compass.fight_logit`), the rest by a near-lost value; so a fight
        beyond the hero's reach is worth avoiding, a useful winnable one worth entering, and
        a hopeless dungeon fight worth escaping."""
        from .adventure.compass import cost_to_win, fight_logit
        from .play import half

        owned = 8 + bool(s.extra)
        kept = [c for c in range(1, owned + 1) if c not in s.removed]
        alive = len(kept) / owned
        fragile = sum(1 for c in kept if half(s, c).banner == 2) / owned
        cost = cost_to_win(s)  # in a fight: from the end of the reading it interrupts
        far = 40.0 if cost is None else min(cost, 40.0)
        x = 2.5 * alive - 1.2 * fragile + 0.3 * (s.level - 2) - far
        x -= CLOCK * s.count.get("moves", 0)
        if s.mode == "dungeon":  # standing still costs more the longer it lasts
            x -= STALE * s.count.get("stale", 0) ** 2
        e = s.enemy
        if e is None:
            return _squash(x)
        dist = 0
        if s.foe is not None:  # dungeon: attack counts on the enemy's symbol only
            _, fx, fy = s.foe
            dist = min(10, self.distance(s, (self.room_here(s), s.pawn), (fx, fy)))
        # every combat turn after the first costs: without it a fight the odds call won is
        # worth as much unfinished as finished, and heroes charge their cards turn after
        # turn until the turn cap (docs/tos-adventure-balance.md, 2026-11-25 evening)
        x -= TURN_COST * max(0, s.turn - 1)
        won = x + (0.3 if e.level >= s.level and s.level < 9 else 0.0)  # T-14
        # a lost fight: the compass's way (this fight won) no longer holds
        lost = x + far - 40.0 - 0.1 * dist
        # mixed in odds, not in the squashed value: a fight the compass already priced at
        # its risk is then worth what it was worth before it began
        logit = fight_logit(s, dist)
        lp, lq = -_softplus(-logit), -_softplus(logit)  # log p, log (1 - p)
        a, b = lp + won, lq + lost
        top = max(a, b)
        return _squash(top + math.log(math.exp(a - top) + math.exp(b - top)))

    # -------------------------------------------------------------------- positions --
    def new(self, config: Config, seed: int) -> TosState:
        from .adventure import planner

        planner.forget()  # a game's play must not depend on the games before it
        return super().new(config, seed)

    def from_json(self, data: Mapping[str, Any]) -> TosState:
        from .adventure import planner

        planner.forget()
        with reading_state(self.name):  # each value first, then the state
            heroes = [h.stem for h in HEROES.glob("*.yaml")]
            heroes += [k[1] for k in self._heroes if k[0] == "file"]  # a test's own
            check_saved(self.name, data, self.modes, heroes, self.handlers)
            s = super().from_json(data)
            check_loaded(self.name, s, self)
            return s

    def from_position(self, config: Config, position: Mapping[str, Any], rng: RNG) -> TosState:
        """A fight in progress: level, enemy (L/A/D or a tier), hand, discard (bottom
        first), removed, turned cards, and tracks. The hero comes from the config.
        In the world and dungeon modes, an adventure between two moves (see
        :meth:`_adventure_position`). A hand-written position is checked whole first
        (:func:`_checked`), so that a mistake is one line, never a crash in play."""
        from .adventure import planner

        planner.forget()
        if config.mode in ("world", "dungeon"):
            return self._adventure_position(config, position, rng)
        known = {
            "level",
            "enemy",
            "hand",
            "discard",
            "removed",
            "turned",
            "attack",
            "defense",
            "mana",
            "ticks",
        }
        p = _checked(_FightPosition, position, known)
        src = self._hero_src(config, 0)
        s = TosState(rng, self.hero(src), src, config.mode)
        s.level = p.level
        s.fights = [_enemy(position.get("enemy"))]
        s.hand, s.discard, s.removed = p.hand, p.discard, p.removed
        for c in p.turned:
            s.up[c - 1] = 1
        s.ticks = {"legacy": p.ticks} if s.hero.bars else {}
        self._fill_bars(s)  # (marks beyond the boxes fill the bar, as -o ticks)
        s.enemy = s.fights[0]
        s.fight = 1
        s.unknown = 0  # a position lists the Discard Deck in a known order
        events: list[Event] = []
        self._start_turn(s, events)
        s.attack = p.attack
        s.defense = p.defense
        s.mana = min(s.level, p.mana)
        s.snapshot = self._snapshot(s)
        self._run(s, events)
        return s

    def _adventure_position(
        self, config: Config, position: Mapping[str, Any], rng: RNG
    ) -> TosState:
        """The pawn between two moves: ``hero`` (a hero file such as ``training``, else the
        config's), ``level``, ``hand``, ``discard``, ``removed``, ``turned``, tracks,
        ``ticks``; world ``grid`` (9 card numbers, 0 for an empty cell), ``table`` (per card
        0 A up, 1 B up, -1 removed, -2 picked), ``pawn`` (a cell 0-8); dungeon ``table``
        (per card an orientation 0-3 or -1 in the deck, -2 picked), ``pawn`` ([x, y]),
        ``items``; ``marks`` ("For 1 time" tokens). The adventure is the config's."""
        known = {
            "hero", "level", "hand", "discard", "removed", "turned", "attack", "defense",
            "mana", "ticks", "table", "pawn", "marks",
        }  # fmt: skip
        world = config.mode == "world"
        model: type[_AdventurePosition] = _WorldPosition if world else _DungeonPosition
        p = _checked(model, position, known | ({"grid"} if world else {"items"}))
        src = self._hero_src(config, 0)
        if p.hero is not None:
            names = sorted(h.stem for h in HEROES.glob("*.yaml"))
            if p.hero not in names:
                unknown = UnknownName("hero file", p.hero, names, nouns=MSG)
                raise ConfigError.said(MSG, "position.problem", problem=unknown)
            src = ["file", p.hero]
        s = TosState(rng, self.hero(src), src, config.mode)
        s.level = p.level
        s.hand, s.discard, s.removed = p.hand, p.discard, p.removed
        for c in p.turned:
            s.up[c - 1] = 1
        s.ticks = dict(p.ticks or {})
        events: list[Event] = []
        adv_src = self._adventure_src(config, src if src[0] != "file" else ["seed", 0])
        s.adv, s.adv_src = self.adventure(adv_src), adv_src
        s.count = {"moves": 0, "fights": 0, "won": 0}
        s.phase = "explore"
        if isinstance(p, _WorldPosition):
            s.grid, s.table = p.grid, p.table
            s.pawn = (p.pawn if p.pawn is not None else s.grid.index(1) if 1 in s.grid else 0, 0)
            if sorted(c for c in s.grid if c) != [c + 1 for c, v in enumerate(s.table) if v >= 0]:
                raise ConfigError.said(MSG, "position.grid")
        else:
            assert isinstance(p, _DungeonPosition)
            s.table = p.table
            if len(s.table) != 6:
                raise ConfigError.said(MSG, "position.rooms")
            s.pawn = (p.pawn[0], p.pawn[1]) if p.pawn is not None else self._symbol_cell(s, "1A")
            try:  # on the floor of a room on the table, where the moves start from
                here = self.room_here(s)
            except TavoloError:
                here = None
            if here is None or s.pawn not in s.adv.map.floor[here]:
                raise ConfigError.said(MSG, "position.pawn", cell=list(s.pawn))
            s.items = p.items
            last = len(s.adv.index.instructions) - 1
            for m in p.marks:
                if not 0 <= m <= last:
                    raise ConfigError.said(MSG, "position.mark", mark=m, last=last)
        s.marks = p.marks
        _check_names(s)
        self._fill_bars(s, s.adv)  # (marks beyond the boxes fill the bar, as -o bars)
        s.attack = p.attack
        s.defense = p.defense
        s.mana = min(s.level, p.mana)
        self._run(s, events)
        return s

    # ------------------------------------------------------------------ command line --
    def play_args(
        self, mode: str | None, options: dict[str, Any], args: Sequence[str]
    ) -> tuple[str | None, dict[str, Any]]:
        """The day's adventure by default (UTC; world or dungeon by date); ``--adventure
        world|dungeon`` picks the type; ``--date YYYY-MM-DD`` another day's set (a seed's set
        is the option ``-o seed=S``: ``tavolo play`` keeps ``--seed`` for its shuffles);
        ``--class C`` the hero's class; ``--tutorial``; ``--fight LEVEL`` (fights of rising
        level from LEVEL) or ``--fight L/A/D`` (one fight)."""
        opts = dict(options)
        flags = ("--fight", "--date", "--class", "--adventure")
        it = iter(args)
        kinds: list[str] = []  # what to play: two at once are refused, not one dropped
        for flag in it:
            name, eq, value = flag.partition("=")
            if name == "--tutorial" and not eq:
                mode = "tutorial"
                kinds.append(name)
                continue
            if name not in flags:
                raise ConfigError.said(
                    MSG, "error.flag", flag=flag, flags=", ".join(("--tutorial", *flags))
                )
            if not eq:
                value = next(it, "")
            if not value:
                raise ConfigError.said(MSG, "error.flag_value", flag=name)
            if name in ("--date", "--class"):
                opts[name[2:]] = value
            elif name == "--adventure":
                if value not in daily.ADVENTURE_TYPES:
                    raise ConfigError.said(MSG, "error.adventure", flag=name, value=value)
                mode = value
                kinds.append(name)
            elif value.isdigit():
                mode, opts["level"] = "series", int(value)
                kinds.append(name)
            else:
                mode, opts["enemy"] = "fight", value
                kinds.append(name)
                first = value.split("/")[0]
                if "/" in value and first.isdigit():
                    opts.setdefault("level", min(9, max(2, int(first))))
        if len(set(kinds)) > 1:
            raise ConfigError.said(MSG, "error.play_kinds", flags=" ".join(dict.fromkeys(kinds)))
        if mode != "tutorial" and "date" not in opts and "seed" not in opts:
            opts["date"] = generator.today_utc().isoformat()
        if mode is None:  # the day's (or the seed's) adventure
            if opts.get("seed") is not None:
                seed = self.check_options("world", {"seed": opts["seed"]})["seed"]
                mode = RNG(derive_seed(seed, "adventure type")).choice(daily.ADVENTURE_TYPES)
            else:
                mode = daily.adventure_type(generator.parse_day(str(opts["date"])))
        return mode, opts

    def study_flags(self, lang: str = "en") -> str:
        return MSG.t(lang, "study_flags")

    def simulate_args(
        self, mode: str | None, options: dict[str, Any], args: Sequence[str]
    ) -> list[tuple[str, str | None, dict[str, Any]]]:
        """Two studies. ``--fights [--classes C,...] [--tiers T,...]``: for each class and
        each enemy tier, fights of a hero of the tier's level against the tier's enemy
        (normal difficulty unless ``-o difficulty=...``); every game has its own hero.
        ``--adventures [--days N] [--start YYYY-MM-DD] [--type world|dungeon]``: the daily
        sets of N consecutive days (default 365 from 2026-01-01), each played as the day
        deals it (its hero, its adventure type), or only the days of one type; cells
        ``type class / date``, summed per type and class."""
        if not args:
            return super().simulate_args(mode, options, args)
        if "--adventures" in args:
            return self._adventure_cells(args)
        picked: dict[str, list[str]] = {"--classes": list(CLASSES), "--tiers": list(SERIES)}
        it = iter(args)
        fights = False
        for flag in it:
            name, eq, value = flag.partition("=")
            if name == "--fights" and not eq:
                fights = True
                continue
            if name not in picked:
                raise ConfigError.said(
                    MSG, "error.flag", flag=flag, flags="--fights, --classes, --tiers, --adventures"
                )
            value = value if eq else next(it, "")
            known = CLASSES if name == "--classes" else SERIES
            names = [v for v in value.split(",") if v]
            bad = [v for v in names if v not in known]
            if bad or not names:
                raise ConfigError.said(
                    MSG, "error.some_of", flag=name, known=", ".join(known), value=value
                )
            picked[name] = names
        if not fights:
            raise ConfigError.said(MSG, "error.fights_only")
        diff = str(options.get("difficulty", "normal"))
        cells: list[tuple[str, str | None, dict[str, Any]]] = []
        for klass in picked["--classes"]:
            for tier in picked["--tiers"]:
                level = max(2, min(9, enemies.tier_stats(tier)["level"]))
                cells.append(
                    (
                        f"{klass} {tier} L{level}",
                        "fight",
                        {"class": klass, "level": level, "enemy": f"{tier}:{diff}"},
                    )
                )
        return cells

    def _adventure_cells(self, args: Sequence[str]) -> list[tuple[str, str | None, dict[str, Any]]]:
        days, start, only = 365, "2026-01-01", ""
        it = iter(args)
        for flag in it:
            name, eq, value = flag.partition("=")
            if name == "--adventures" and not eq:
                continue
            if name not in ("--days", "--start", "--type"):
                raise ConfigError.said(
                    MSG, "error.flag", flag=flag, flags="--adventures, --days, --start, --type"
                )
            value = value if eq else next(it, "")
            if name == "--type":
                if value not in ("world", "dungeon"):
                    raise ConfigError.said(MSG, "error.adventure", flag=name, value=value)
                only = value
            elif name == "--days":
                if not value.isdigit() or int(value) < 1:
                    raise ConfigError.said(MSG, "error.days", value=value)
                days = int(value)
            else:
                start = value
        first = generator.parse_day(start)
        cells: list[tuple[str, str | None, dict[str, Any]]] = []
        for i in range(days):
            day = first + dt.timedelta(days=i)
            kind = daily.adventure_type(day)
            if only and kind != only:
                continue
            klass = generator.class_of(generator.seed_for(day))
            cells.append((f"{kind} {klass} / {day.isoformat()}", kind, {"date": day.isoformat()}))
        if not cells:
            last = first + dt.timedelta(days=days - 1)
            raise ConfigError.said(
                MSG, "error.no_adventure", kind=only, first=first.isoformat(), last=last.isoformat()
            )
        return cells

    # ------------------------------------------------------------------- pencil marks --
    def marks_key(self, config: Config) -> str | None:
        """The hero's tick boxes persist per set serial (digest); a hero drawn from the
        game seed is a one-off with no set to keep."""
        o = config.options
        if config.mode != "tutorial" and o.get("date") is None and o.get("seed") is None:
            return None
        return f"tos/{self.hero(self._hero_src(config, 0)).serial}"

    def marks(self, s: TosState) -> dict[str, Any]:
        return {"ticks": dict(sorted(s.ticks.items()))}

    def with_marks(self, config: Config, marks: Mapping[str, Any]) -> Config:
        ticks = marks.get("ticks") or {}
        if "ticks" in config.options or not isinstance(ticks, Mapping):
            return config
        n = ticks.get("legacy", 0)
        bars = {str(k): v for k, v in ticks.items() if k != "legacy"}  # checked as -o bars
        opts = {**config.options, "ticks": n}
        if bars and config.mode in ("world", "dungeon"):
            opts["bars"] = bars
        return self.make_config(config.players, config.mode, **opts)

    # ------------------------------------------------------------------------ words --
    def describe_action(self, s: TosState, action: str, lang: str = "en") -> str:
        return view.describe_action(self, s, action, lang)

    def describe_options(
        self, s: TosState, actions: Sequence[str], lang: str = "en"
    ) -> list[tuple[str, list[tuple[int, str]]]] | None:
        return view.describe_options(self, s, actions, lang)

    def describe_event(self, event: Event, player: int | None, lang: str = "en") -> str | None:
        return view.describe_event(self, event, lang)

    def describe_events(
        self, s: TosState, events: Sequence[Event], player: int | None, lang: str = "en"
    ) -> list[str]:
        return view.describe_events(self, events, lang)

    def view(self, s: TosState, player: int | None, lang: str = "en") -> str:
        self.check_seat(s, player)
        return view.board(self, s, lang)

    def help(self, lang: str = "en", mode: str | None = None) -> str:
        return view.help_text(lang)

    def describe_metric(self, name: str, lang: str = "en") -> str:
        key = f"metric.{name}"
        if not MSG.has(key):
            return name
        return MSG.t(lang, key, n=MAX_MOVES if name == "lost" else MAX_TURNS)


# ---------------------------------------------------------------------- positions --
# A scenario position is written by hand: its fields are checked with their exact types
# and the ranges the rules hold (a card 1-8, a level 2-9, a track from 0), so that a
# mistake is one line (told in English and Italian) rather than a crash during play.
_Card = Annotated[StrictInt, Field(ge=1, le=8)]
_Track = Annotated[StrictInt, Field(ge=0)]


class _Position(BaseModel):
    """The hero's side of every position: level, cards, turned cards and tracks."""

    model_config = ConfigDict(extra="forbid", strict=True)

    level: Annotated[StrictInt, Field(ge=2, le=MAX_LEVEL)] = 2
    hand: list[_Card] = []
    discard: list[_Card] = []
    removed: list[_Card] = []
    turned: list[_Card] = []
    attack: _Track = 0
    defense: _Track = 0
    mana: _Track = 0


class _FightPosition(_Position):
    enemy: Any = None  # a mapping or a text: see _enemy
    ticks: _Track = 0  # the legacy bar's pencil marks


class _AdventurePosition(_Position):
    hero: StrictStr | None = None  # a hero file's name
    hand: list[_Card] = [1, 2, 3, 4, 5]
    discard: list[_Card] = [6, 7, 8]
    ticks: dict[StrictStr, _Track] | None = None
    marks: list[StrictInt] = []


class _WorldPosition(_AdventurePosition):
    grid: Annotated[
        list[Annotated[StrictInt, Field(ge=0, le=WORLD_CARDS)]],
        Field(min_length=9, max_length=9),
    ] = list(range(1, 10))
    table: Annotated[
        list[Annotated[StrictInt, Field(ge=-2, le=1)]],
        Field(min_length=WORLD_CARDS, max_length=WORLD_CARDS),
    ] = [0] * WORLD_CARDS
    pawn: Annotated[StrictInt, Field(ge=0, le=8)] | None = None
    marks: list[Annotated[StrictInt, Field(ge=1, le=WORLD_CARDS)]] = []  # world cards


class _DungeonPosition(_AdventurePosition):
    table: list[Annotated[StrictInt, Field(ge=-2, le=3)]] = [0, -1, -1, -1, -1, -1]
    pawn: Annotated[list[StrictInt], Field(min_length=2, max_length=2)] | None = None
    items: list[StrictStr] = []
    # marks: index entries, checked against the dungeon's index


class _EnemyField(BaseModel):
    enemy: Enemy


class _EnemyText(BaseModel):
    enemy: StrictStr


P = TypeVar("P", bound=_Position)


def _checked(model: type[P], position: Any, known: set[str]) -> P:
    """The position's fields, or one line: not a mapping, a field the mode does not know,
    a value of the wrong type or range (pydantic's reason, told), or cards 1-8 not held
    exactly once by hand, discard and removed."""
    if not isinstance(position, Mapping):
        raise ConfigError.said(MSG, "position.mapping")
    extra = sorted(str(k) for k in position if k not in known)
    if extra:
        raise ConfigError.said(MSG, "position.field", field=extra[0])
    try:
        p = model.model_validate(dict(position))
    except ValidationError as e:
        raise ConfigError.said(MSG, "position.invalid", reason=Reason(e)) from None
    if sorted(p.hand + p.discard + p.removed) != list(range(1, 9)):
        raise ConfigError.said(MSG, "position.cards")
    for field in ("marks", "items"):
        values: list[Any] = getattr(p, field, [])
        twice = next((v for i, v in enumerate(values) if v in values[:i]), None)
        if twice is not None:
            raise ConfigError.said(MSG, "position.twice", field=field, value=twice)
    return p


def _enemy(raw: Any) -> Enemy:
    """The fight's enemy: a mapping of the content schema's fields (exact types), or a
    text as the command line takes it (``4/3/5``, ``lvl3:hard``); a level-1 one when
    none is given."""
    if raw is None or raw == "":
        return enemies.parse_enemy("lvl1:normal", RNG(0))
    try:
        if isinstance(raw, Mapping):
            return _EnemyField.model_validate({"enemy": dict(raw)}, strict=True).enemy
        text = _EnemyText.model_validate({"enemy": raw}, strict=True).enemy
    except ValidationError as e:
        raise ConfigError.said(MSG, "position.invalid", reason=Reason(e)) from None
    return enemies.parse_enemy(text, RNG(0))


def _check_names(s: TosState) -> None:
    """The items and tick bars a position names must be the adventure's (or the hero's
    bars): a misspelt one would be carried along and never count."""
    if not (s.items or s.ticks):
        return
    bars: set[str] = set(s.hero.bars)
    items: set[str] = set()
    _names(s.adv.index.model_dump() if s.mode == "dungeon" else s.adv.model_dump(), bars, items)
    for item in s.items:
        if item not in items:
            raise ConfigError.said(MSG, "position.item", item=item)
    for bar in s.ticks:
        if bar not in bars:
            raise ConfigError.said(MSG, "position.bar", bar=bar)


def _names(data: Any, bars: set[str], items: set[str]) -> None:
    """Every tick bar and item named anywhere in an adventure's plain data."""
    if isinstance(data, Mapping):
        if isinstance(data.get("bar"), str):
            bars.add(data["bar"])
        if data.get("kind") in ("gain", "lose", "has_item"):
            items.add(str(data.get("item")))
        for v in data.values():
            _names(v, bars, items)
    elif isinstance(data, list | tuple):
        for v in data:
            _names(v, bars, items)


def _squash(x: float) -> float:
    """Log-odds-like adventure values (about -20 .. 4) into (0, 1), gently enough that a
    long way from the win still shows its differences to the search."""
    return 1.0 / (1.0 + math.exp(-(x + 8.0) / 3.0))


def _softplus(x: float) -> float:
    return x + math.log1p(math.exp(-x)) if x > 0 else math.log1p(math.exp(x))
