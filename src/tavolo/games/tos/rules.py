"""TOS fights as a forward model: setup (T-1) and the combat turn (T-5 ... T-17).

Modes: ``fight`` (one fight), ``series`` (a fight per enemy tier, from the tier of the
hero's level to the boss),
``tutorial`` (the manual's Training: level 4 against attack 3, defense 5). The main flow
is a phase (open, plan); sub-decisions (an optional cost, taking Infuse cards back, an
exhaust payment, a point of damage) and the automatic Execute and Restore are steps.

Decisions tavolo takes where the manual is silent (also in ``help``):
- a fight is lost when the hero is still standing after ``MAX_TURNS`` combat turns, so
  that every game ends (the printed game has no limit);
- the Exhaust phase asks for the Opening card, the Add cards top-down, then the Strain
  cards; Charge and Infuse cards go to the Discard Deck first, in the order played;
- restarting the turn (Training) is allowed up to ``MAX_RESTARTS`` times per combat turn;
- enemy modifiers read what was in play at the end of the Plan phase.
"""

from __future__ import annotations

from collections.abc import Mapping
from contextlib import suppress
from pathlib import Path
from typing import Any, ClassVar

from tavolo.engine import (
    RNG,
    Config,
    ConfigError,
    ContentError,
    Decision,
    Event,
    Game,
    SaidValue,
    TavoloError,
)
from tavolo.engine.content import validate_entry
from tavolo.engine.files import read_data
from tavolo.engine.rng import derive_seed
from tavolo.engine.steps import Step, resolve

from . import daily, enemies, generator
from . import play as inplay
from .adventure.play import AdventureRules
from .schema import Enemy, Hero
from .state import TosState
from .text import MSG

HAND = 5
MAX_LEVEL = 9
MAX_TURNS = 20
MAX_RESTARTS = 3
TRAINING_LEVEL = 4
TRAINING_ENEMY = Enemy(level=4, attack=3, defense=5)
SERIES = ("lvl1", "lvl2", "lvl3", "lvl4", "lvl5", "boss")
HEROES = Path(__file__).parent / "content" / "heroes"
OPTIONS = ("date", "seed", "class", "level", "enemy", "difficulty", "ticks", "bars", "file")
ADVENTURES = ("world", "dungeon")


class TosRules(AdventureRules, Game):
    name = "tos"
    RULES_VERSION = "1.0"
    titles: ClassVar[Mapping[str, str]] = {
        "en": "Travelers of Stampadia",
        "it": "Viaggiatori di Stampadia",
    }
    min_players = max_players = 1
    modes = ("fight", "series", "tutorial", "world", "dungeon")
    conformance_playouts = 150

    def __init__(self) -> None:
        self._heroes: dict[tuple[Any, ...], Hero] = {}
        self._adventures: dict[tuple[Any, ...], Any] = {}
        self.handlers = {
            **self.adventure_handlers(),
            "ability": self._step_ability,
            "take_back": self._step_take_back,
            "exhaust": self._step_exhaust,
            "execute": self._step_execute,
            "damage": self._step_damage,
            "restore": self._step_restore,
        }

    # ------------------------------------------------------------------ configuration --
    def check_options(self, mode: str, options: Mapping[str, Any]) -> Mapping[str, Any]:
        unknown = sorted(set(options) - set(OPTIONS))
        if unknown:
            raise ConfigError.said(
                MSG, "error.option", option=unknown[0], options=", ".join(OPTIONS)
            )
        out: dict[str, Any] = {}
        if options.get("date") is not None and options.get("seed") is not None:
            raise ConfigError.said(MSG, "error.date_or_seed")
        if options.get("date") is not None:
            out["date"] = generator.parse_day(str(options["date"])).isoformat()
        if options.get("seed") is not None:
            # (a hero seed new() would refuse: refused here, before a game starts)
            out["seed"] = generator.check_seed(_int(options["seed"], "seed"))
        if options.get("class") is not None:  # its id, or its name in any language
            out["class"] = generator.class_id(str(options["class"]))
        if options.get("level") is not None:
            lv = _int(options["level"], "level")
            if not 2 <= lv <= MAX_LEVEL:
                raise ConfigError.said(MSG, "error.level", level=lv)
            out["level"] = lv
        if options.get("difficulty") is not None:
            diff = str(options["difficulty"])
            if diff not in enemies.DIFFICULTIES:
                raise ConfigError.said(
                    MSG, "error.difficulty", difficulty=diff, known=", ".join(enemies.DIFFICULTIES)
                )
            out["difficulty"] = diff
        if options.get("enemy") is not None:
            if mode != "fight":
                raise ConfigError.said(MSG, "error.enemy_mode")
            text = str(options["enemy"])
            enemies.parse_enemy(text, RNG(0))  # one clear line now rather than in new()
            out["enemy"] = text
        if options.get("ticks") is not None:
            t = _int(options["ticks"], "ticks")
            if t < 0:
                raise ConfigError.said(MSG, "error.ticks")
            out["ticks"] = t
        if options.get("file") is not None:
            if mode not in ADVENTURES:
                raise ConfigError.said(MSG, "error.file_mode")
            path = Path(str(options["file"]))
            with suppress(ValueError):  # a NUL in the name: reading it tells so
                path = path.resolve()
            self.adventure(["file", str(path), mode])  # one clear line now
            out["file"] = str(path)
        if options.get("bars") is not None:
            bars = options["bars"]
            if mode not in ADVENTURES or not isinstance(bars, Mapping):
                raise ConfigError.said(MSG, "error.bars")
            out["bars"] = {str(k): _int(v, "bars") for k, v in sorted(bars.items())}
            for name, n in out["bars"].items():  # (as the legacy bar's ticks)
                if n < 0:
                    raise ConfigError.said(MSG, "error.bar_marks", bar=name, marks=n)
        if mode == "tutorial" and set(out) - {"ticks"}:
            raise ConfigError.said(MSG, "error.tutorial")
        if mode in ADVENTURES and set(out) & {"level", "difficulty"}:
            raise ConfigError.said(MSG, "error.adventure_level")
        return out

    # --------------------------------------------------------------------------- heroes --
    def hero(self, src: list[Any]) -> Hero:
        """The hero a state names (generated or from a file), built once and shared."""
        key = tuple(src)
        h = self._heroes.get(key)
        if h is None:
            if src[0] == "file":
                path = HEROES / f"{src[1]}.yaml"
                h = validate_entry(Hero, read_data(path, ContentError), path.name, "hero")
            elif src[0] == "date":
                h = generator.daily(generator.parse_day(str(src[1])), src[2])
            elif src[0] == "seed":
                h = generator.generate(int(src[1]), src[2])
            else:
                raise TavoloError(f"tos: unknown hero source {src!r}")
            if len(self._heroes) > 256:
                self._heroes.clear()
            self._heroes[key] = h
        return h

    def _hero_src(self, config: Config, seed: int) -> list[Any]:
        o = config.options
        if config.mode == "tutorial":
            return ["file", "training"]
        klass = o.get("class")
        if o.get("date") is not None:
            return ["date", o["date"], klass]
        if o.get("seed") is not None:
            return ["seed", o["seed"], klass]
        return ["seed", derive_seed(seed, "tos hero"), klass]

    def adventure(self, src: list[Any]) -> Any:
        """The adventure a state names, generated once and shared: ["seed", s, kind]."""
        key = tuple(src)
        adv = self._adventures.get(key)
        if adv is None and src[0] == "file":
            adv = _load_adventure(Path(str(src[1])), str(src[2]))
        elif adv is None:
            seed, kind = int(src[1]), str(src[2])
            if kind == "world":
                from .world.generate import generate_world

                adv = generate_world(seed)
            elif kind == "dungeon":
                from .dungeon.adventure import generate_adventure

                adv = generate_adventure(seed)
            else:
                raise TavoloError(f"tos: unknown adventure type {kind!r}")
            if len(self._adventures) > 64:
                self._adventures.clear()
            self._adventures[key] = adv
        return adv

    def _adventure_src(self, config: Config, hero_src: list[Any]) -> list[Any]:
        """The file's adventure; the day's with a date; else one derived from the hero's
        seed."""
        kind = config.mode
        if config.options.get("file") is not None:
            return ["file", config.options["file"], kind]
        if hero_src[0] == "date":
            if kind not in daily.ADVENTURE_TYPES:  # (as adventure() would say next)
                raise TavoloError(f"tos: unknown adventure type {kind!r}")
            day = generator.parse_day(str(hero_src[1]))
            return ["seed", daily.adventure_seed(day, kind), kind]
        return ["seed", derive_seed(int(hero_src[1]), kind), kind]

    # -------------------------------------------------------------------------- setup --
    @staticmethod
    def _fill_bars(s: TosState, adv: Any = None) -> None:
        """A bar holds no more pencil marks than it has boxes: more (an option, or a
        profile that once took -o ticks=10**20) means every box is filled. The hero's
        bars, and the bars of the adventure ``adv`` about to start: marks carried from
        another adventure whose bar of the same name has more boxes fill this one's (a
        full bar stays full; the pencil cannot mark boxes the card does not print)."""
        boxes = bar_boxes(s, adv)
        for name, n in s.ticks.items():
            if name in boxes and n > boxes[name]:
                s.ticks[name] = boxes[name]

    def new(self, config: Config, seed: int) -> TosState:
        """T-1: tracks, the Discard Deck shuffled, five cards drawn from its bottom."""
        rng = RNG(seed)
        src = self._hero_src(config, seed)
        s = TosState(rng, self.hero(src), src, config.mode)
        o = config.options
        s.ticks = {"legacy": int(o.get("ticks", 0))} if s.hero.bars else {}
        self._fill_bars(s)
        diff = o.get("difficulty", "normal")
        if config.mode in ADVENTURES:
            s.discard = list(range(1, 9))
            rng.shuffle(s.discard, "discard deck")
            s.unknown = len(s.discard)
            events: list[Event] = []
            self._draw_to_hand(s, events)
            s.ticks.update(o.get("bars") or {})
            adv_src = self._adventure_src(config, src)
            adv = self.adventure(adv_src)
            self._fill_bars(s, adv)
            self.setup_adventure(s, adv, adv_src, events)
            self._run(s, events)
            return s
        if config.mode == "tutorial":
            s.level = TRAINING_LEVEL
            s.fights = [TRAINING_ENEMY]
        elif config.mode == "series":
            s.level = int(o.get("level", 2))
            first = SERIES.index(enemies.enemy_for_level(s.level).split(":")[0])
            s.fights = [enemies.draw_enemy(rng, t, diff) for t in SERIES[first:]]
        else:
            s.level = int(o.get("level", 2))
            text = o.get("enemy") or enemies.enemy_for_level(s.level, diff)
            s.fights = [enemies.parse_enemy(text, rng)]
        s.discard = list(range(1, 9))
        rng.shuffle(s.discard, "discard deck")
        s.unknown = len(s.discard)
        events = []
        self._draw_to_hand(s, events)
        self._start_fight(s, events)
        self._run(s, events)
        return s

    def _draw_to_hand(self, s: TosState, events: list[Event]) -> None:
        """Hero cards are always drawn from the bottom of the Discard Deck."""
        while len(s.hand) < HAND and s.discard:
            c = s.discard.pop(0)
            if s.unknown:
                s.unknown -= 1
            s.hand.append(c)
            events.append(Event("draw", {"card": c}))

    def _start_fight(self, s: TosState, events: list[Event]) -> None:
        """T-6: Prepare, once per fight: shuffle the Discard Deck, draw up to five."""
        s.enemy = s.fights[s.enemy_index]
        s.fight += 1
        s.turn = 0
        events.append(
            Event(
                "fight",
                {"index": s.enemy_index, **s.enemy.model_dump(mode="json", exclude_defaults=True)},
            )
        )
        s.rng.shuffle(s.discard, "prepare")
        s.unknown = len(s.discard)
        events.append(Event("prepare", {"cards": len(s.discard)}))
        self._draw_to_hand(s, events)
        self._start_turn(s, events)

    def _start_turn(self, s: TosState, events: list[Event]) -> None:
        s.turn += 1
        s.phase = "open"
        s.restarts = 0
        s.flags = {}
        s.snapshot = self._snapshot(s)
        events.append(Event("turn", {"fight": s.fight, "turn": s.turn}))

    @staticmethod
    def _snapshot(s: TosState) -> dict[str, Any]:
        return {
            "hand": s.hand[:],
            "attack": s.attack,
            "defense": s.defense,
            "mana": s.mana,
            "ticks": dict(s.ticks),
        }

    # ------------------------------------------------------------------ forward model --
    def _decide(self, s: TosState) -> Decision | None:
        if s.result is not None:
            return None
        if s.steps:
            return self._ask_step(s, s.steps[-1])
        if s.phase == "explore":
            return self.explore_decision(s)
        if s.phase == "open":
            flee = ("flee",) if s.flee else ()
            return Decision(0, "open", (*(f"open:{c}" for c in s.hand), *flee))
        return Decision(0, "plan", tuple(self._plan_actions(s)))

    def _run(self, s: TosState, events: list[Event]) -> None:
        while s.result is None:
            if s.steps:
                if resolve(s, s.steps, self.handlers, events):
                    break
                continue
            if s.phase == "open" and not s.hand:  # nothing to open with: straight to Exhaust
                self._end_plan(s, events)
                continue
            break
        s._dec = self._decide(s)

    def _apply(self, s: TosState, d: Decision, action: str) -> list[Event]:
        events: list[Event] = []
        if s.steps:
            if not self.answer_adventure_step(s, action, events):
                self._answer_step(s, action, events)
        elif s.phase == "explore":
            self.explore(s, action, events)
        elif action == "flee":
            self.flee(s, events)
        elif s.phase == "open":
            self._open(s, int(action.split(":")[1]), events)
        else:
            self._plan(s, action, events)
        self._run(s, events)
        return events

    # ----------------------------------------------------------------------- opening --
    def _open(self, s: TosState, c: int, events: list[Event]) -> None:
        """T-7: the Opening card earns its value in mana and starts the column."""
        s.hand.remove(c)
        s.column.append(c)
        h = inplay.half(s, c)
        inplay.set_track(s, "mana", s.mana + h.value)
        s.act = (0, 0)
        s.phase = "plan"
        events.append(Event("open", {"card": c, "mana": s.mana}))

    # -------------------------------------------------------------------------- plan --
    def _plan_actions(self, s: TosState) -> list[str]:
        acts = []
        for c in s.hand:
            acts += [f"charge:{c}", f"infuse:{c}", f"add:{c}"]
            if s.mana >= 1:
                acts += [f"strain:{c}:attack", f"strain:{c}:defense"]
        if s.act is not None:
            slot, i = s.act
            if inplay.half(s, s.column[slot]).abilities[i].cost <= s.mana:
                acts.append("activate")
        if s.restarts < MAX_RESTARTS:
            acts.append("restart")
        if s.flee:
            acts.append("flee")
        acts.append("done")
        return acts

    def _plan(self, s: TosState, action: str, events: list[Event]) -> None:
        parts = action.split(":")
        verb = parts[0]
        if verb == "activate":
            self._activate(s, events)
        elif verb == "done":
            self._end_plan(s, events)
        elif verb == "restart":
            self._restart(s, events)
        elif verb == "flee":
            self.flee(s, events)
        else:
            c = int(parts[1])
            s.hand.remove(c)
            h = inplay.half(s, c)
            if verb == "charge":  # T-8
                s.charge.append(c)
                inplay.set_track(s, "mana", s.mana + h.value)
                events.append(Event("charge", {"card": c, "mana": s.mana}))
            elif verb == "infuse":  # T-9
                s.infuse.append(c)
                events.append(Event("infuse", {"card": c}))
            elif verb == "add":  # T-11
                s.column.append(c)
                s.act = (len(s.column) - 1, 0)
                events.append(Event("add", {"card": c}))
            elif verb == "strain":  # T-12
                s.mana -= 1
                s.strain.append(c)
                setattr(s, parts[2], inplay.track(s, parts[2]) + 1)
                events.append(Event("strain", {"card": c, "track": parts[2]}))
            else:  # pragma: no cover - every legal action is handled above
                raise TavoloError(f"tos: unhandled action {action!r}")

    def _activate(self, s: TosState, events: list[Event]) -> None:
        """T-10: the next activable ability of the column, paid in mana."""
        assert s.act is not None
        slot, i = s.act
        c = s.column[slot]
        abilities = inplay.half(s, c).abilities
        s.mana -= abilities[i].cost
        s.act = (slot, i + 1) if i + 1 < len(abilities) else None
        s.activated.append((c, i))
        events.append(Event("activate", {"card": c, "ability": i, "cost": abilities[i].cost}))
        s.steps.append(("ability", c, i, slot, 0, 0))

    def _restart(self, s: TosState, events: list[Event]) -> None:
        """Training: take the whole layout back and start the turn over."""
        snap = s.snapshot
        assert snap is not None
        s.hand = list(snap["hand"])
        s.attack, s.defense, s.mana = snap["attack"], snap["defense"], snap["mana"]
        s.ticks = dict(snap["ticks"])
        s.column, s.charge, s.infuse, s.strain = [], [], [], []
        s.act, s.activated, s.flags = None, [], {}
        s.restarts += 1
        s.phase = "open"
        events.append(Event("restart", {"restarts": s.restarts}))

    # --------------------------------------------------------------------- abilities --
    def _step_ability(self, s: TosState, step: Step, events: list[Event]) -> bool:
        """T-16: each sentence in turn; conditions and costs checked as it is read."""
        _, c, i, slot, k, rep = step
        says = inplay.half(s, c).abilities[i].says
        if k >= len(says):
            s.steps.pop()
            return False
        sen = says[k]
        if not all(inplay.holds(s, cond, slot) for cond in sen.if_):
            events.append(Event("sentence", {"card": c, "ability": i, "n": k, "ok": False}))
            s.steps[-1] = ("ability", c, i, slot, k + 1, rep)
            return False
        if sen.pay is not None:
            affordable = all(inplay.track(s, t) >= v for t, v in sen.pay.items())
            if not affordable:
                events.append(Event("sentence", {"card": c, "ability": i, "n": k, "ok": False}))
                s.steps[-1] = ("ability", c, i, slot, k + 1, rep)
                return False
            if sen.may:
                return True  # "You may": the player decides whether to pay
        self._do_sentence(s, step, events)
        return False

    def _do_sentence(self, s: TosState, step: Step, events: list[Event]) -> None:
        _, c, i, slot, k, rep = step
        sen = inplay.half(s, c).abilities[i].says[k]
        for t, v in (sen.pay or {}).items():
            inplay.set_track(s, t, inplay.track(s, t) - v)
        later: list[Step] = []
        for a in sen.do:
            verb = a.verb
            if verb == "gain":
                assert a.gain is not None
                inplay.set_track(s, a.gain, inplay.track(s, a.gain) + a.n)
            elif verb == "set":
                assert a.set is not None
                inplay.set_track(s, a.set, a.n)
            elif verb == "pay":
                assert a.pay is not None
                inplay.set_track(s, a.pay, inplay.track(s, a.pay) - a.n)
            elif verb == "transfer":
                assert a.transfer is not None
                src, dst = a.transfer
                inplay.set_track(s, dst, inplay.track(s, dst) + inplay.track(s, src))
                inplay.set_track(s, src, 0)
            elif verb == "tick":
                bonus = inplay.tick(s, a)
                inplay.set_track(s, a.into, inplay.track(s, a.into) + bonus)
                events.append(
                    Event(
                        "tick",
                        {"bar": a.tick, "ticks": s.ticks.get(a.tick or "", 0), "bonus": bonus},
                    )
                )
            elif verb == "ignore_modifier":
                s.flags["ignore_modifier"] = True
            elif verb == "take_back":
                if s.infuse:
                    later.append(("take_back", a.take_back))
            elif verb == "repeat" and not rep and len(s.activated) >= 2:
                pc, pi = s.activated[-2]
                if pc in s.column:
                    later.append(("ability", pc, pi, s.column.index(pc), 0, 1))
        events.append(
            Event(
                "sentence",
                {
                    "card": c,
                    "ability": i,
                    "n": k,
                    "ok": True,
                    "attack": s.attack,
                    "defense": s.defense,
                    "mana": s.mana,
                },
            )
        )
        s.steps[-1] = ("ability", c, i, slot, k + 1, rep)
        s.steps.extend(reversed(later))

    def _step_take_back(self, s: TosState, step: Step, events: list[Event]) -> bool:
        if step[1] <= 0 or not s.infuse:
            s.steps.pop()
            return False
        return True

    # ----------------------------------------------------------------------- exhaust --
    def _end_plan(self, s: TosState, events: list[Event]) -> None:
        """T-13: Charge and Infuse cards go on top of the Discard Deck; the column and
        the Strain cards each ask for their exhaust cost."""
        s.flags["seen"] = {
            "cards": inplay.cards_in_play(s),
            "elements": dict(inplay.elements(s)),
            "banners": {str(k): v for k, v in inplay.banners(s).items()},
        }
        for c in (*s.charge, *s.infuse):
            s.discard.append(c)
            events.append(Event("discard", {"card": c}))
        s.charge, s.infuse = [], []
        s.phase = "exhaust"
        s.steps.append(("restore",))
        s.steps.append(("execute",))
        if s.foe is not None:  # T-26: the dungeon's Execute starts with moving
            s.steps.append(("dmove",))
        for c in reversed((*s.column, *s.strain)):
            s.steps.append(("exhaust", c))
        s.column, s.strain = [], []
        s.act = None

    def _step_exhaust(self, s: TosState, step: Step, events: list[Event]) -> bool:
        c = step[1]
        if inplay.half(s, c).exhaust <= s.mana:
            return True  # pay or not: the player's choice
        s.steps.pop()
        self._exhaust_unpaid(s, c, "exhaust", events)
        return False

    def _exhaust_unpaid(self, s: TosState, c: int, why: str, events: list[Event]) -> None:
        """A one-tip card is turned and discarded, a two-tip card removed (T-13)."""
        if c in s.hand:
            s.hand.remove(c)
        if c in s.discard:
            i = s.discard.index(c)
            del s.discard[i]
            if i < s.unknown:
                s.unknown -= 1
        if inplay.half(s, c).banner == 1:
            s.up[c - 1] ^= 1
            s.discard.append(c)
            events.append(Event(why, {"card": c, "how": "turned"}))
        else:
            s.removed.append(c)
            events.append(Event(why, {"card": c, "how": "removed"}))
            self.check_defeat(s, events)

    # ----------------------------------------------------------------------- execute --
    def _step_execute(self, s: TosState, step: Step, events: list[Event]) -> bool:
        """T-14: attack against the enemy's defense, or damage beyond the hero's defense."""
        s.steps.pop()
        e = s.enemy
        assert e is not None
        atk, dfn, won, damage = self.clash(s)
        events.append(
            Event(
                "execute",
                {
                    "attack": s.attack,
                    "defense": s.defense,
                    "enemy_attack": atk,
                    "enemy_defense": dfn,
                    "defeated": won,
                    "damage": damage,
                },
            )
        )
        if won:
            s.flags["won"] = True
            if e.level >= s.level and s.level < MAX_LEVEL:
                s.level += 1
                events.append(Event("level_up", {"level": s.level}))
        elif damage:
            s.steps.append(("damage", damage))
        return False

    def clash(self, s: TosState) -> tuple[int, int | None, bool, int]:
        """The Execute's reckoning: (enemy attack, enemy defense, defeated, damage). Nothing
        it reads changes until Restore, so the damage screens ask it again for the total."""
        e = s.enemy
        assert e is not None
        seen = s.flags.get("seen") or {"cards": 0, "elements": {}, "banners": {}}
        atk, dfn = enemies.effective_stats(
            e,
            seen["cards"],
            seen["elements"],
            {int(k): v for k, v in seen["banners"].items()},
            bool(s.flags.get("ignore_modifier")),
        )
        if s.foe is not None:  # T-26: the pawn must stand on the enemy's symbol
            on, atk = self.dungeon_strike(s, atk)
            if e.trap:
                won = on and s.defense >= atk
            else:
                assert dfn is not None
                won = on and s.attack >= dfn
            damage = 0 if won else max(0, atk - s.defense)
        elif e.trap:
            won = s.defense >= atk
            damage = 0 if won else atk - s.defense
        else:
            assert dfn is not None
            won = s.attack >= dfn
            damage = 0 if won else max(0, atk - s.defense)
        return atk, dfn, won, damage

    def _step_damage(self, s: TosState, step: Step, events: list[Event]) -> bool:
        if step[1] <= 0 or not (s.hand or s.discard):
            s.steps.pop()
            return False
        return True

    def _step_restore(self, s: TosState, step: Step, events: list[Event]) -> bool:
        """T-15: tracks to zero, draw to five; then the fight goes on, or the next one."""
        s.steps.pop()
        s.attack = s.defense = s.mana = 0
        s.activated = []
        self._draw_to_hand(s, events)
        events.append(Event("restore", {"hand": len(s.hand)}))
        if s.flags.get("won"):
            events.append(Event("fight_won", {"index": s.enemy_index}))
            if s.adv_src is not None:
                self.fight_won(s, events)
                return False
            s.enemy_index += 1
            if s.enemy_index >= len(s.fights):
                self._finish(s, "won", events)
                return False
            self._start_fight(s, events)
            return False
        if s.adv_src is not None and self.escaped(s, events):
            return False
        if s.turn >= MAX_TURNS:
            self._finish(s, "exhausted", events)
            return False
        self._start_turn(s, events)
        return False

    def _finish(self, s: TosState, reason: str, events: list[Event]) -> None:
        done = s.enemy_index if s.adv_src is None else s.count.get("won", 0)
        total = len(s.fights)
        if s.mode == "series":
            score = done / max(1, total)
        else:
            score = 1.0 if reason == "won" else 0.0
        s.result = (score,)
        s.reason = reason
        s.phase = "over"
        s.steps.clear()
        events.append(Event("end", {"reason": reason, "fights_won": done, "fights": total}))

    # ---------------------------------------------------------------- step decisions --
    def _ask_step(self, s: TosState, step: Step) -> Decision:
        kind = step[0]
        adv = self.ask_adventure_step(s, step)
        if adv is not None:
            return adv
        if kind == "ability":
            _, c, i, _, k, _ = step
            return Decision(0, "may", ("may:yes", "may:no"), {"card": c, "ability": i, "n": k})
        if kind == "take_back":
            return Decision(
                0, "take_back", (*(f"back:{c}" for c in s.infuse), "back:stop"), {"left": step[1]}
            )
        if kind == "exhaust":
            c = step[1]
            return Decision(0, "exhaust", ("exhaust:pay", "exhaust:no"), {"card": c})
        assert kind == "damage"
        cards = sorted(set(s.hand) | set(s.discard))
        return Decision(0, "damage", tuple(f"hurt:{c}" for c in cards), {"left": step[1]})

    def _answer_step(self, s: TosState, action: str, events: list[Event]) -> None:
        step = s.steps[-1]
        kind = step[0]
        arg = action.partition(":")[2]
        if kind == "ability":
            if arg == "yes":
                self._do_sentence(s, step, events)
            else:
                _, c, i, slot, k, rep = step
                events.append(Event("sentence", {"card": c, "ability": i, "n": k, "ok": False}))
                s.steps[-1] = ("ability", c, i, slot, k + 1, rep)
        elif kind == "take_back":
            if arg == "stop":
                s.steps.pop()
                return
            c = int(arg)
            s.infuse.remove(c)
            s.hand.append(c)
            s.steps[-1] = ("take_back", step[1] - 1)
            events.append(Event("take_back", {"card": c}))
        elif kind == "exhaust":
            c = step[1]
            s.steps.pop()
            if arg == "pay":
                s.mana -= inplay.half(s, c).exhaust
                s.discard.append(c)
                events.append(Event("exhaust", {"card": c, "how": "paid"}))
            else:
                self._exhaust_unpaid(s, c, "exhaust", events)
        else:  # damage: the card's exhaust, without paying (T-14)
            s.steps[-1] = ("damage", step[1] - 1)
            self._exhaust_unpaid(s, int(arg), "damage", events)

    # ------------------------------------------------------------------- results --
    def returns(self, s: TosState) -> tuple[float, ...]:
        return s.result if s.result is not None else (0.0,)

    def metrics(self, s: TosState) -> dict[str, float]:
        if s.adv_src is not None:
            return self.adventure_metrics(s)
        return {
            "fights_won": float(s.enemy_index),
            "level": float(s.level),
            "removed": float(len(s.removed)),
            "turns": float(s.turn),
        }

    def to_json(self, s: TosState) -> dict[str, Any]:
        return s.to_json()

    def from_json(self, data: Mapping[str, Any]) -> TosState:
        d = dict(data)
        s = TosState.from_json(d, self.hero(list(d["hero"])))
        if s.adv_src is not None:
            s.adv = self.adventure(s.adv_src)
        return s


def _load_adventure(path: Path, kind: str) -> Any:
    """A hand-made (or saved) adventure from a YAML or JSON file, checked like a generated
    one; errors name the file."""
    from pydantic import ValidationError

    from tavolo.engine.content import Reason

    data = read_data(path, ContentError)
    try:
        if kind == "world":
            from .world.model import WorldAdventure

            return WorldAdventure.from_json(data)
        from .dungeon.adventure import DungeonAdventure

        dungeon = DungeonAdventure.from_json(data)
    except ValidationError as e:  # which field, and why, in the user's language
        raise ContentError.said(
            MSG, f"error.adventure_{kind}", file=path.name, reason=Reason(e)
        ) from None
    except KeyError as e:  # a hand-parsed part without one of its fields
        raise ContentError.said(
            MSG, f"error.adventure_{kind}_field", file=path.name, field=e.args[0]
        ) from None
    except (TypeError, ValueError) as e:
        first = str(e).splitlines()[0] if str(e) else type(e).__name__
        reason = e if isinstance(e, SaidValue) else first
        raise ContentError.said(
            MSG, f"error.adventure_{kind}", file=path.name, reason=reason
        ) from None
    _check_dungeon(dungeon, path.name)
    return dungeon


def _check_dungeon(adventure: Any, file: str) -> None:
    """A dungeon file is played only when its map holds together: each card's layout as
    the tiles' schema wants it, then the generator's own checks (doors, tree, symbols,
    index); a broken saved map would otherwise fail in the middle of a game."""
    from .dungeon.adventure import check_adventure
    from .dungeon.tiles import Layout

    for i, c in enumerate(adventure.map.cards):
        validate_entry(Layout, {"id": c.layout, "rows": c.rows}, file, f"map.cards.{i}")
    problems = check_adventure(adventure.map, adventure.index)
    if problems:
        key = "error.adventure_unplayable" + ("_more" if len(problems) > 1 else "")
        raise ContentError.said(MSG, key, file=file, problem=problems[0], n=len(problems) - 1)


def bar_boxes(s: TosState, adv: Any = None) -> dict[str, int]:
    """The boxes of each tick bar the hero and the adventure ``adv`` (in ``s``'s mode)
    print, the hero's bar first (as rules.py and play.py read them): a world half's bar
    of printed boxes, an index entry's bar of so many (adventure/play.py, _tick); the most
    any of its lines prints when two print the same bar."""
    out: dict[str, int] = {}
    if adv is not None:
        if s.mode == "dungeon":
            sources = [ins.actions for ins in adv.index.instructions]
        else:
            sources = [h.lines for c in adv.cards for h in (c.top, c.bottom)]
        for lines in sources:
            for line in _walk(lines):
                kind = getattr(line, "kind", "")
                if kind == "tick_bar":
                    n = len(line.boxes)
                elif kind == "tick" and getattr(line, "bar", None) is not None:
                    n = int(line.boxes)
                else:
                    continue
                out[line.bar] = max(out.get(line.bar, 0), n)
    out.update({name: len(bar.boxes) for name, bar in s.hero.bars.items()})
    return out


def _walk(lines: Any) -> Any:
    for line in lines:
        yield line
        for sub in getattr(line, "branches", {}).values():
            yield from _walk(sub)


def _int(v: Any, what: str) -> int:
    if isinstance(v, bool):
        raise ConfigError.said(MSG, "error.whole", what=what, value=v)
    try:
        return int(v)
    except (TypeError, ValueError):
        raise ConfigError.said(MSG, "error.whole", what=what, value=v) from None
