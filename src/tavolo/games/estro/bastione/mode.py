# cython: annotation_typing=True, nonecheck=True
"""Ultimo Bastione: two to four dreamers together against a horde (digest, Modes item 10).

An :class:`~tavolo.games.estro.game.EstroGame` subclass (game.py): the dreamers are
side 0 of the 1v1 rules and the horde side 1, so gifts, battles, destruction, the zone's
battle and destruction windows and the META modes' steps are the 1v1 ones. This module
adds the table: lanes and zones, synaptic actions, the horde's phase and its policy, the
bastion, tactical inspiration; ``words.py`` says it all in English and Italian.

A round is the horde phase (unengaged horde cards advance, three reinforcements, horde
gifts, horde attacks) then the Dreamer phase (each dreamer's turn in seat order, starting
with a seat that moves on each round). tavolo's decisions are listed in ``HELP`` (words)
and in docs/estro-bastione.md.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from pydantic import (
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
)

from tavolo.engine import QUIET, RNG, Config, ConfigError, Decision, Event, event, no_options
from tavolo.engine.steps import Step

from ..cards import chimera_id, chimera_parts
from ..content import bad_position
from ..game import EstroGame
from ..position import Part, parse
from ..schema import STATS
from ..state import CHIMERA, FESSURA, Battle, EstroState, Player
from . import words
from .state import DEPTHS, LANES, BastioneState

if TYPE_CHECKING:
    from ..view import Option

MODE = "ultimo_bastione"
DECK_SIZE = 25
HAND_START = 5
HAND_DRAW_BELOW = 5  # a dreamer draws at the start of the Dreamer phase below this hand size
AS_PER_DREAMER = 2
LAST_ROUND = 10
LAST_WAVE_CAP = 20  # with the horde deck spent and horde cards left, the game ends here
REINFORCEMENTS = 3
FIELD_LIMIT = 3  # defenders per dreamer: a dreamer with this many may only replace one
MARK_TOT = 5  # tactical inspiration: a +5 TOT marker (on the card's primary stat)
CQ = {2: 100, 3: 120, 4: 150}
HORDE = {2: 50, 3: 60, 4: 70}
BREACH_DIVISOR = 4  # a horde card reaching the bastion takes its TOT / this in CQ

ARDO, MANPO = 0, 4
_new = tuple.__new__
_MY_STEPS = frozenset({"inspire", "overrun", "rift"})
# 1v1 events whose "player" is whoever acted (the bound dreamer), not a card's owner
_ACTOR_KINDS = frozenset({"draw", "discard", "deck_empty", "extra", "zone", "zone_refresh"})
_CELLS = tuple(f":{lane + 1}:{depth + 1}" for lane in range(LANES) for depth in range(DEPTHS))
_ALL_CELLS = tuple(range(LANES * DEPTHS))
_BY_DEPTH = tuple(sorted(range(LANES * DEPTHS), key=lambda x: (x % DEPTHS, x // DEPTHS)))


def lane_of(cell: int) -> int:
    return cell // DEPTHS


def depth_of(cell: int) -> int:
    return cell % DEPTHS


def _in_a_hand(s: BastioneState, c: str) -> bool:
    return any(c in h for h in s.hands)


def known_in_hands(s: BastioneState) -> set[str]:
    """Dreamer hand cards everyone saw come back from the Incinerator (the team's
    ``known``, kept for every hand, not only the bound one)."""
    known = s.players[0].known
    return {c for c in known if _in_a_hand(s, c)} if known else set()


class Mode(EstroGame):
    mode = MODE
    seats = (2, 3, 4)
    state_class = BastioneState
    __slots__ = ("_cell_plays", "impossible")

    def __init__(self, collection: Any = None, game: EstroGame | None = None) -> None:
        super().__init__(collection, game)
        self.handlers = {
            **self.handlers,
            "inspire": self._step_inspire,
            "overrun": self._step_overrun,  # type: ignore[dict-item]
            "rift": self._step_rift_cell,
        }
        self.deciders = {**self.deciders, "inspire": self._ask_inspire}
        self.impossible = frozenset(c for c in self.ids if self._gift_impossible(c))
        self._cell_plays = {c: tuple(f"play:{c}{x}" for x in _CELLS) for c in self.ids}

    def _gift_impossible(self, c: str) -> bool:
        """A dreamer's gift nothing on this table can ever answer: every effect makes the
        horde discard (it holds no hand), or its target must be a face-down card (every
        card here is face up)."""
        gift = self.info[c].gift
        if gift is None:
            return False
        if gift.target is not None and gift.target.face_down:
            return True
        return all(e.verb == "discard" for e in gift.do)

    def is_impossible(self, c: str) -> bool:
        """Card ``c``'s gift can never work here: its own, or a Chimera's guest's."""
        imp = self.impossible
        return c in imp or ("+" in c and c.split("+", 1)[1] in imp)

    # ---------------------------------------------------------------- configuration --
    def check_options(self, mode: str, options: Mapping[str, Any]) -> Mapping[str, Any]:
        if "imboscata" in mode.split("+")[1:]:
            raise ConfigError.said(words.MSG, "ultimo_bastione.error.imboscata")
        if options:
            raise no_options(f"estro {MODE}", options)
        return {}

    # ------------------------------------------------------------------------ setup --
    def new(self, config: Config, seed: int) -> BastioneState:
        rng = RNG(seed)
        n = config.players
        s = BastioneState(rng, n, config.mode, rng.below(5))
        dealt = rng.sample(self.ids, DECK_SIZE * n + HORDE[n], "deal")
        home: dict[str, int] = {}
        for k in range(n):
            deck = dealt[DECK_SIZE * k : DECK_SIZE * (k + 1)]
            s.decks[k] = deck
            s.hands[k] = [deck.pop() for _ in range(HAND_START)]
            for c in (*deck, *s.hands[k]):
                home[c] = k
        s.home = home
        s.hdeck = dealt[DECK_SIZE * n :]
        s.bind(0)
        s.players[1].zone_used = True  # the horde has no zone action
        s.cq = s.cq0 = CQ[n]
        if s.mf & FESSURA:
            self.open_rift(s, set(dealt))
        s.phase = "horde"
        self._run(s, [])
        return s

    # ---------------------------------------------------------------- who is who --
    def owner(self, s: BastioneState, c: str) -> int:
        k = s.home.get(c.split("+", 1)[0] if "+" in c else c)
        return s.seat if k is None else k

    def _facing(self, s: BastioneState, top: Step) -> int:
        """The dreamer a step concerns: the owner of the card it is about, else the
        dreamer in the battle, else the acting dreamer."""
        kind: str = top[0]  # (typed: compared as str, not through PyUnicode_Compare)
        if kind in ("gift", "destroy", "revive", "chimera"):
            if top[1] == 0:
                return self.owner(s, top[2])
        elif kind == "inspire":
            return int(top[1])
        elif kind == "rift":
            return int(top[4])
        b: Battle | None = s.battle
        if b is not None:
            return self.owner(s, b.a if b.ap == 0 else b.d)
        return s.seat

    def _fix(self, s: BastioneState, events: list[Event], i: int) -> None:
        """Events of the 1v1 rules from ``i`` on: side 0 becomes the dreamer concerned,
        side 1 the horde (``ultimo_bastione.horde`` events, words of their own).

        The events are fresh, made by this apply for this list, so their data are
        renamed in place (as Inferno does); an event is rebuilt only when its kind or
        its ``to`` changes."""
        n = len(events)
        if i >= n or events is QUIET:
            return
        home = s.home
        j = i - 1
        while j + 1 < n:  # (not range(i, n): i is a Python int, so range would be an object)
            j += 1
            e = events[j]
            kind: str = e.kind
            if kind.startswith("ultimo_bastione."):
                continue
            d: dict[str, Any] = e.data  # type: ignore[assignment]  # (fresh: a plain dict)
            p = d.get("player")
            if p == 1:
                del d["player"]
                d["what"] = kind
                events[j] = _new(Event, ("ultimo_bastione.horde", d, None, None))
            elif p == 0:
                k = s.bound
                if kind not in _ACTOR_KINDS:
                    c = d.get("card") or d.get("attacker")
                    if isinstance(c, str):
                        h = home.get(c.split("+", 1)[0] if "+" in c else c)
                        if h is not None:
                            k = h
                if k == 0:
                    continue  # dreamer 0 is side 0: nothing to rename
                d["player"] = k
                red: dict[str, Any] | None = e.redacted  # type: ignore[assignment]
                if red is not None and red.get("player") == 0:
                    red["player"] = k
                to = e.to
                if to is not None:
                    events[j] = _new(Event, (kind, d, tuple(k if x == 0 else x for x in to), red))

    # ------------------------------------------------------------ the forward model --
    def _decide(self, s: BastioneState) -> Decision | None:  # type: ignore[override]
        if s.result is not None:
            return None
        if s.steps:
            top = s.steps[-1]
            d = self.deciders[top[0]](s, top)
            if top[0] in _MY_STEPS:
                return d
            return Decision(self._facing(s, top), d.kind, d.actions, d.params)
        # ("done" alone only in an imagined world: there the hand may hold other cards)
        acts = self._dreamer_actions(s) or ["done"]
        return Decision(s.seat, "dreamer", tuple(acts), {"as_left": s.asl[s.seat]})

    def _act(  # type: ignore[override]
        self, s: BastioneState, d: Decision, action: str, events: list[Event]
    ) -> None:
        if s.steps:
            top = s.steps[-1]
            kind = top[0]
            if kind == "inspire":
                self._answer_inspire(s, action, events)
            else:
                side = self.deciders[kind](s, top)
                self._answer_step(s, side, action, events)
                self._fix(s, events, 0)
        else:
            self._turn(s, d.player, action, events)
        self._run(s, events)

    def _run(self, s: BastioneState, events: list[Event]) -> None:  # type: ignore[override]
        """Advance to the next decision of a dreamer; the 1v1 rules' events are fixed up
        (``_fix``) before the bound dreamer changes and before returning."""
        handlers, deciders, fix = self.handlers, self.deciders, self._fix
        steps = s.steps
        fixed = len(events)
        while s.result is None:
            if steps:
                top = steps[-1]
                k = self._facing(s, top)
                if k != s.bound:
                    fix(s, events, fixed)
                    fixed = len(events)
                    s.bind(k)
                if not handlers[top[0]](s, top, events):
                    continue
                top = steps[-1]
                d = deciders[top[0]](s, top)
                if top[0] in _MY_STEPS:
                    s._dec = d
                    fix(s, events, fixed)
                    return
                if d.player == 1:  # the horde decides by its policy
                    self._answer_step(s, d, self._horde_choice(s, d, top), events)
                    continue
                s._dec = Decision(self._facing(s, top), d.kind, d.actions, d.params)
                fix(s, events, fixed)
                return
            if fixed < len(events):
                fix(s, events, fixed)
                fixed = len(events)
            horde: Player = s.players[1]
            if not s.hdeck and not horde.field and s.rnd:
                self._finish_b(s, True, "last_wave", events)
                break
            phase = s.phase
            if phase == "dreamers":
                if s.seat != s.bound:
                    s.bind(s.seat)
                acts = self._dreamer_actions(s)
                if acts:  # (no 1v1 event is left to fix here: the steps are done)
                    s._dec = _new(
                        Decision, (s.seat, "dreamer", tuple(acts), {"as_left": s.asl[s.seat]})
                    )
                    return
                self._next_dreamer(s, events)
            elif phase == "dreamers_end":
                s.phase = "horde"
                self._team_gifts(s, "turn_end")
            elif phase == "horde":
                self._horde_phase(s, events)
            elif phase == "horde_attacks":
                self._next_horde_attack(s, events)
            elif phase == "horde_end":
                s.phase = "dreamers_start"
                if not self._turn_end.isdisjoint(horde.field):
                    self.trigger_all(s, 1, "turn_end")
            else:  # dreamers_start
                self._dreamer_phase(s, events)
        fix(s, events, fixed)
        s._dec = None

    def _team_gifts(self, s: BastioneState, trig: str) -> None:
        cards = self.info.by_trigger.get(trig)
        team: Player = s.players[0]
        if cards and not cards.isdisjoint(team.field):
            self.trigger_all(s, 0, trig)

    # ------------------------------------------------------------------ the horde --
    def _horde_phase(self, s: BastioneState, events: list[Event]) -> None:
        horde: Player = s.players[1]
        if s.rnd >= LAST_ROUND:
            if s.hdeck or not horde.field:
                self._finish_b(s, True, "survived", events)
                return
            if s.rnd >= LAST_WAVE_CAP:
                self._finish_b(s, False, "last_wave_failed", events)
                return
        s.rnd += 1
        s.turn += 1
        s.active = 1
        s.phase = "horde_attacks"
        s.hdone.clear()
        if events is not QUIET:
            events.append(event("ultimo_bastione.horde_phase", {"round": s.rnd}))
        # 1. every horde card no defender holds moves one zone closer (lane, then depth)
        held = {s.cell[c] for c in s.players[0].field}
        for c in sorted(horde.field, key=s.cell.__getitem__):
            x = s.cell[c]
            if x in held:
                continue
            self._advance(s, c, events)
            if s.result is not None:
                return
        # 2. three reinforcements into zone 4 of random lanes
        entered = []
        for _ in range(REINFORCEMENTS):
            if not s.hdeck:
                events.append(event("ultimo_bastione.horde_spent", {"round": s.rnd}))
                break
            c = s.hdeck.pop()
            lane = s.rng.below(LANES)
            horde.field.append(c)
            s.cell[c] = lane * DEPTHS + DEPTHS - 1
            entered.append(c)
            if events is not QUIET:
                events.append(
                    event("ultimo_bastione.reinforcement", {"card": c, "lane": lane + 1, "zone": 4})
                )
        # 3. gifts: the turn's own first, then those of the cards that entered (on top)
        if not self._turn_start.isdisjoint(horde.field):
            self.trigger_all(s, 1, "turn_start")
        info = self.info
        for c in reversed(entered):
            if not self._opp_play.isdisjoint(s.players[0].field):
                self.trigger_all(s, 0, "opp_play")
            gift = info[c].gift
            if gift is not None and gift.trigger == "play":
                if gift.kind == "passive":
                    self.trigger(s, 1, c, "play")
                else:  # once: after the dreamers' next play, before its own gifts
                    s.pending = (*s.pending, c)

    def _advance(self, s: BastioneState, c: str, events: list[Event]) -> None:
        """Horde card ``c`` moves one zone closer; from zone 1 it hits the bastion."""
        x = s.cell[c]
        if depth_of(x) == 0:
            dmg = max(1, self.tot(s, 1, c) // BREACH_DIVISOR)
            s.cq -= dmg
            self.remove_from_field(s, 1, c)
            s.players[1].inc.append(c)
            s.flags["breaches"] = s.flags.get("breaches", 0) + 1
            if events is not QUIET:
                events.append(
                    event("ultimo_bastione.breach", {"card": c, "damage": dmg, "cq": max(0, s.cq)})
                )
            if s.cq <= 0:
                self._finish_b(s, False, "bastion_fell", events)
            return
        s.cell[c] = x - 1
        if events is not QUIET:
            events.append(
                event(
                    "ultimo_bastione.advance",
                    {"card": c, "lane": lane_of(x) + 1, "zone": depth_of(x)},
                )
            )

    def _next_horde_attack(self, s: BastioneState, events: list[Event]) -> None:
        """The next horde attack: lane 1 to 3, in a lane the card closest to the bastion
        first; a horde card attacks the defender holding its zone, once a phase."""
        cell = s.cell
        held = {cell[c]: c for c in s.players[0].field}
        ready = [c for c in s.players[1].field if c not in s.hdone and cell[c] in held]
        if not ready:
            s.phase = "horde_end"
            return
        a = ready[0]  # the first of the cells nearest the bastion, as min() would pick
        near = cell[a]
        for c in ready:
            if cell[c] < near:
                a, near = c, cell[c]
        s.hdone.add(a)
        d = held[cell[a]]
        s.battle = Battle(1, a, d)
        s.steps.append(("overrun", a, d))
        s.steps.append(("battle", "declare"))

    def _step_overrun(self, s: BastioneState, step: Step, events: list[Event]) -> bool:
        """After a horde attack: a horde card that destroyed its defender moves on at once."""
        s.steps.pop()
        _, a, d = step
        horde: Player = s.players[1]
        team: Player = s.players[0]
        if a in horde.field and d not in team.field:
            if events is not QUIET:
                events.append(event("ultimo_bastione.overrun", {"card": a, "defender": d}))
            self._advance(s, a, events)
        return False

    def _horde_choice(self, s: BastioneState, d: Decision, top: Step) -> str:
        """The horde's fixed policy: it always uses an optional gift; a gift aimed at the
        dreamers picks their defender with the highest TOT, one aimed at the horde its card
        closest to the bastion; a revive takes the card with the highest TOT; otherwise it
        passes (a battle's redirect) or takes the first action."""
        acts = d.actions
        if d.kind == "gift_optional":
            return "gift:use"
        if d.kind == "gift_target":
            theirs = [a for a in acts if a.startswith("target:0:")]
            if theirs:
                return max(theirs, key=lambda a: (self.tot(s, 0, a[9:]), a))
            return min(acts, key=lambda a: (depth_of(s.cell.get(a[9:], 0)), a))
        if d.kind == "revive":
            return max(acts, key=lambda a: (self.info[a[7:]].tot, a))
        return "pass" if "pass" in acts else acts[0]

    # --------------------------------------------------------------- the dreamers --
    def _dreamer_phase(self, s: BastioneState, events: list[Event]) -> None:
        s.turn += 1
        s.active = 0
        s.phase = "dreamers"
        s.attackers.clear()
        n = s.n
        for k in range(n):
            s.asl[k] = AS_PER_DREAMER + s.bonus[k]
            s.bonus[k] = 0
            s.placed[k] = 0
        if events is not QUIET:
            events.append(event("ultimo_bastione.dreamer_phase", {"round": s.rnd}))
        for k in range(n):
            hand, deck = s.hands[k], s.decks[k]
            if len(hand) < HAND_DRAW_BELOW and deck:
                c = deck.pop()
                hand.append(c)
                if events is not QUIET:
                    events.append(
                        _new(
                            Event,
                            ("ultimo_bastione.draw", {"player": k, "card": c}, (k,), {"player": k}),
                        )
                    )
        s.turns = 0
        self._begin_turn(s, (s.rnd - 1) % n, events)
        self._team_gifts(s, "turn_start")

    def _begin_turn(self, s: BastioneState, k: int, events: list[Event]) -> None:
        s.seat = k
        s.played = 0  # actions taken in this turn (a Chimera is declared before any)
        s.bind(k)
        cell = s.cell
        horde: Player = s.players[1]
        hordes = {cell[c] for c in horde.field}
        s.engaged = any(cell[c] in hordes for c in self._mine(s, k))
        if events is not QUIET:
            events.append(
                event(
                    "ultimo_bastione.dreamer_turn",
                    {"player": k, "as_left": s.asl[k], "engaged": s.engaged},
                )
            )

    def _next_dreamer(self, s: BastioneState, events: list[Event]) -> None:
        s.turns += 1
        s.engaged = False
        if s.turns >= s.n:
            s.phase = "dreamers_end"
            return
        self._begin_turn(s, (s.seat + 1) % s.n, events)

    def _mine(self, s: BastioneState, k: int) -> list[str]:
        home = s.home
        team: Player = s.players[0]
        return [c for c in team.field if home[c.split("+", 1)[0] if "+" in c else c] == k]

    def play_cost(self, s: BastioneState, k: int) -> int:
        """Dissonanza onirica: 2 dreamers pay 1 AS a card; 3 pay 2 for a second card in
        the same turn; 4 always pay 2."""
        if s.n == 4:
            return 2
        if s.n == 3 and s.placed[k]:
            return 2
        return 1

    def _dreamer_actions(self, s: BastioneState) -> list[str]:
        k = s.seat
        left = s.asl[k]
        if left <= 0:
            return []
        team: Player = s.players[0]
        cell = s.cell
        home = s.home
        mine = []
        taken = set()
        ready: dict[int, str] = {}  # cell -> own defender that may still attack
        attackers = s.attackers
        for c in team.field:
            x = cell[c]
            taken.add(x)
            if home[c.split("+", 1)[0] if "+" in c else c] == k:
                mine.append(c)
                if c not in attackers:
                    ready[x] = c
        acts = []
        if ready:
            foes: dict[int, list[str]] = {}
            for h in s.players[1].field:
                x = cell[h]
                if x in ready:
                    foes.setdefault(x, []).append(h)
            if foes:
                for c in mine:
                    if c not in attackers:
                        acts += [f"attack:{c}:{h}" for h in foes.get(cell[c], ())]
            if s.engaged and acts:
                # mandatory engagement: the first synaptic action is an attack; declaring
                # a Chimera is none (it is free, before any action)
                if s.mf & CHIMERA and self._may_declare(s, k, mine):
                    acts.append("chimera:declare")
                return acts
        hand = team.hand
        cost = self.play_cost(s, k)
        if hand and left >= cost:
            if len(mine) < FIELD_LIMIT:
                plays = self._cell_plays
                if taken:
                    free = [x for x in _ALL_CELLS if x not in taken]
                    if len(free) > 1:  # (a card's plays in one C call, not item by item)
                        pick = itemgetter(*free)
                        for c in hand:
                            acts += pick(plays[c])
                    elif free:
                        x = free[0]
                        acts += [plays[c][x] for c in hand]
                else:
                    for c in hand:
                        acts += plays[c]
            else:
                acts += [f"replace:{old}:{c}" for old in mine for c in hand]
            if s.mf & CHIMERA:
                acts += self._chimera_turn(s, k, mine)
        if s.mf & CHIMERA and self._may_declare(s, k, mine):
            acts.append("chimera:declare")  # at the start of the dreamer's turn
        info = self.info
        for c in mine:
            if info[c].trigger == "play" and c not in team.spent and self._can_activate(s, c):
                acts.append(f"activate:{c}")
        if not team.zone_used and s.zone in (ARDO, MANPO):
            acts += self._zone_turn_actions(s, 0)
        if s.mf & FESSURA and s.rift and s.placed[k] and s.rift_turn != s.turn * 8 + k + 1 and mine:
            acts += [f"fessura:{c}" for c in mine]
        if acts:
            acts.append("done")
        return acts

    @staticmethod
    def _may_declare(s: BastioneState, k: int, mine: list[str]) -> bool:
        """Chimera: declared at the start of the turn, before any action (not one of the
        synaptic actions, so not barred by an engagement), none of one's own on the field."""
        return (
            not s.played
            and (not s.chim[k] or s.chim[k] < s.turn - 2)
            and not any("+" in c for c in mine)
        )

    def _can_activate(self, s: BastioneState, c: str) -> bool:
        gift = self.info[c].gift
        if gift is None or gift.kind != "once":
            return False
        if self.is_impossible(c):
            return True
        if not self._available(s, 0, c, "play") or not self._holds(s, 0, c, gift.if_):
            return False
        return gift.target is None or bool(self._targets(s, 0, c, gift))

    def _chimera_turn(self, s: BastioneState, k: int, mine: list[str]) -> list[str]:
        """Chimera META mode: fuse on the dreamer's turn after the declaration, into a free
        zone (a fusion is a play)."""
        if not s.chim[k] or s.chim[k] != s.turn - 2 or len(mine) >= FIELD_LIMIT:
            return []
        info = self.info
        hand = s.hands[k]
        hosts = [c for c in hand if info[c].gift is None]
        guests = [c for c in hand if info[c].gift is not None]
        if not hosts or not guests:
            return []
        taken = {s.cell[c] for c in s.players[0].field}
        free = [x for x in range(LANES * DEPTHS) if x not in taken]
        return [f"chimera:{h}:{g}{_CELLS[x]}" for h in hosts for g in guests for x in free]

    def _turn(self, s: BastioneState, k: int, action: str, events: list[Event]) -> None:
        parts = action.split(":")
        verb: str = parts[0]
        team: Player = s.players[0]
        if action != "chimera:declare":
            s.played += 1
        if verb == "done":
            events.append(event("ultimo_bastione.done", {"player": k, "as_left": s.asl[k]}))
            s.asl[k] = 0
            return
        if verb == "attack":
            a, h = parts[1], parts[2]
            s.asl[k] -= 1
            s.engaged = False
            s.attackers.add(a)
            s.battle = Battle(0, a, h)
            s.steps.append(("battle", "declare"))
            return
        if verb == "play":
            c = parts[1]
            x = (int(parts[2]) - 1) * DEPTHS + int(parts[3]) - 1
            s.asl[k] -= self.play_cost(s, k)
            team.hand.remove(c)
            self._place(s, k, c, x)
            if events is not QUIET:
                events.append(
                    event(
                        "ultimo_bastione.play",
                        {"player": k, "card": c, "lane": lane_of(x) + 1, "zone": depth_of(x) + 1},
                    )
                )
            self._entered(s, c)
            return
        if verb == "replace":
            old, c = parts[1], parts[2]
            x = s.cell[old]
            s.asl[k] -= self.play_cost(s, k)
            self.remove_from_field(s, 0, old)
            team.inc.extend(chimera_parts(old))
            team.hand.remove(c)
            self._place(s, k, c, x)
            if events is not QUIET:
                events.append(
                    event(
                        "ultimo_bastione.replace",
                        {
                            "player": k,
                            "card": c,
                            "old": old,
                            "lane": lane_of(x) + 1,
                            "zone": depth_of(x) + 1,
                        },
                    )
                )
            self._entered(s, c)
            return
        if verb == "activate":
            c = parts[1]
            s.asl[k] -= 1
            events.append(event("ultimo_bastione.activate", {"player": k, "card": c}))
            s.steps.append(("gift", 0, c, "play", "check", None, None))
            return
        if verb == "zone":
            s.asl[k] -= 1
            i = len(events)
            self._zone_action(s, 0, parts, events)
            self._fix(s, events, i)
            return
        if verb == "fessura":
            c = parts[1]
            s.rift_turn = s.turn * 8 + k + 1
            events.append(event("ultimo_bastione.fessura", {"player": k, "card": c}))
            s.steps.append(("rift", 0, c, s.cell[c], k))
            s.steps.append(("destroy", 0, c, "fessura", "check"))
            return
        if verb == "chimera":
            if parts[1] == "declare":
                s.chim[k] = s.turn
                events.append(event("ultimo_bastione.chimera_declared", {"player": k}))
                return
            host, guest = parts[1], parts[2]
            x = (int(parts[3]) - 1) * DEPTHS + int(parts[4]) - 1
            c = chimera_id(host, guest)
            self.info[c]  # builds the Chimera's card facts
            s.asl[k] -= self.play_cost(s, k)
            team.hand.remove(host)
            team.hand.remove(guest)
            s.chim[k] = 0
            self._place(s, k, c, x)
            events.append(
                event(
                    "ultimo_bastione.chimera",
                    {
                        "player": k,
                        "host": host,
                        "guest": guest,
                        "card": c,
                        "lane": lane_of(x) + 1,
                        "zone": depth_of(x) + 1,
                    },
                )
            )
            self._entered(s, c)
            return
        raise AssertionError(f"estro {MODE}: unhandled action {action!r}")  # pragma: no cover

    def _place(self, s: BastioneState, k: int, c: str, x: int) -> None:
        team: Player = s.players[0]
        team.field.append(c)
        s.cell[c] = x
        s.placed[k] += 1
        self._own(s, k, c)

    @staticmethod
    def _own(s: BastioneState, k: int, c: str) -> None:
        home = s.home
        for part in chimera_parts(c):
            if home.get(part) != k:
                home = {**home, part: k} if home is s.home else home
                home[part] = k
        s.home = home

    def _entered(self, s: BastioneState, c: str) -> None:
        """A defender entered: the horde reacts (its waiting once-gifts on top, first),
        and a passive gift of the card's own entry answers (once-gifts are actions)."""
        gift = self.info[c].gift
        if gift is not None and gift.trigger == "play" and gift.kind == "passive":
            self.trigger(s, 0, c, "play")
        if not self._opp_play.isdisjoint(s.players[1].field):
            self.trigger_all(s, 1, "opp_play")
        if s.pending:
            for h in reversed(s.pending):
                self.trigger(s, 1, h, "play")
            s.pending = ()

    # ---------------------------------------------------------- tactical inspiration --
    def _step_gift(self, s: EstroState, step: Step, events: list[Event]) -> bool:
        if step[1] == 0 and step[4] == "check" and self.is_impossible(step[2]):
            assert isinstance(s, BastioneState)
            _, _, c, trig, *_ = step
            gift = self.info[c].gift
            team: Player = s.players[0]
            s.steps.pop()
            if (
                gift is not None
                and c not in team.spent
                and self._available(s, 0, c, trig)
                and self._holds(s, 0, c, gift.if_)
            ):
                team.spent.add(c)  # inspiration comes once from a card
                k = self.owner(s, c)
                events.append(event("ultimo_bastione.inspiration", {"player": k, "card": c}))
                s.steps.append(("inspire", k, c, "choose"))
            return False
        return super()._step_gift(s, step, events)

    @staticmethod
    def _gain_as(s: BastioneState, k: int, n: int) -> None:
        """Dreamer ``k`` gains ``n`` AS for their next turn: this one if it is theirs,
        or one still to come in this Dreamer phase (their AS were dealt at its start);
        else banked for the next phase."""
        if s.phase == "dreamers" and (k - s.rnd + 1) % s.n >= s.turns:
            s.asl[k] += n
        else:
            s.bonus[k] += n

    def _step_inspire(self, s: EstroState, step: Step, events: list[Event]) -> bool:
        """Tactical inspiration waits for its dreamer's choice."""
        return True

    def _ask_inspire(self, s: EstroState, step: Step) -> Decision:
        assert isinstance(s, BastioneState)
        k = int(step[1])
        if step[3] == "keep":
            return Decision(k, "inspiration_keep", (f"keep:{step[4]}", f"keep:{step[5]}"))
        acts = ["inspire:as"]
        if s.decks[k]:
            acts.append("inspire:draw")
        acts += [f"inspire:mark:{c}" for c in self._mine(s, k)]
        return Decision(k, "inspiration", tuple(acts), {"card": step[2]})

    def _answer_inspire(self, s: BastioneState, action: str, events: list[Event]) -> None:
        step = s.steps.pop()
        k = int(step[1])
        parts = action.split(":")
        hand, deck = s.hands[k], s.decks[k]
        if parts[0] == "keep":
            keep = parts[1]
            other = step[5] if keep == step[4] else step[4]
            hand.remove(other)
            deck.insert(0, other)
            events.append(
                event(
                    "ultimo_bastione.keep",
                    {"player": k, "card": keep, "bottom": other},
                    (k,),
                    {"player": k},
                )
            )
            return
        choice = parts[1]
        if choice == "as":
            self._gain_as(s, k, 1)
            events.append(event("ultimo_bastione.inspired", {"player": k, "choice": "as"}))
        elif choice == "draw":
            drawn = [deck.pop() for _ in range(min(2, len(deck)))]
            hand.extend(drawn)
            events.append(
                event(
                    "ultimo_bastione.inspired",
                    {"player": k, "choice": "draw", "cards": drawn},
                    (k,),
                    {"player": k, "choice": "draw", "n": len(drawn)},
                )
            )
            if len(drawn) == 2:
                s.steps.append(("inspire", k, step[2], "keep", drawn[0], drawn[1]))
        else:
            c = parts[2]
            v = [0, 0, 0, 0, 0]
            v[self.estro(s, 0, c)] = MARK_TOT
            self.add_mods(s, 0, c, v)
            s.marks[c] = s.marks.get(c, 0) + 1
            events.append(
                event("ultimo_bastione.inspired", {"player": k, "choice": "mark", "card": c})
            )

    # ------------------------------------------------------- the 1v1 rules, adapted --
    def remove_from_field(self, s: EstroState, p: int, c: str) -> None:
        assert isinstance(s, BastioneState)
        super().remove_from_field(s, p, c)
        s.cell.pop(c, None)
        if s.marks:
            s.marks.pop(c, None)
        if p == 1 and c in s.pending:
            s.pending = tuple(x for x in s.pending if x != c)

    def draw(self, s: EstroState, p: int, events: list[Event]) -> bool:
        if p == 1:
            return False  # the horde has no hand: its gifts' draws do nothing
        return super().draw(s, p, events)

    def _effect(
        self,
        s: EstroState,
        p: int,
        c: str,
        trig: str,
        e: Any,
        tq: int | None,
        tc: str | None,
        events: list[Event],
        later: list[Step],
    ) -> None:
        verb = e.verb
        if verb in ("extra_play", "extra_attack"):
            if p == 1:
                return  # the horde has no actions to gain
            assert isinstance(s, BastioneState)
            k = self.owner(s, c)
            n = int(e.extra_play or e.extra_attack or 0)
            self._gain_as(s, k, n)
            events.append(event("ultimo_bastione.extra", {"player": k, "card": c, "as": n}))
            return
        if verb == "zone_refresh" and p == 1:
            return  # the horde has no zone action
        super()._effect(s, p, c, trig, e, tq, tc, events, later)

    def _revive(self, s: EstroState, p: int, x: str, to: str, events: list[Event]) -> None:
        assert isinstance(s, BastioneState)
        pl: Player = s.players[p]
        if p == 1:
            if to != "field":
                return  # the horde has no hand
            pl.inc.remove(x)
            pl.field.append(x)
            pl.summoned.add(x)
            lane = s.rng.below(LANES)
            s.cell[x] = lane * DEPTHS + DEPTHS - 1
            events.append(event("revive", {"player": 1, "card": x, "to": "field"}))
            return
        k = s.bound
        if to == "field" and len(self._mine(s, k)) < FIELD_LIMIT:
            taken = {s.cell[c] for c in pl.field}
            free = [c for c in _BY_DEPTH if c not in taken]
            if free:
                pl.inc.remove(x)
                pl.field.append(x)
                pl.summoned.add(x)
                s.cell[x] = free[0]
                self._own(s, k, x)
                # a revive is no play: as in 1v1 nothing answers it, and the horde's
                # waiting once-gifts wait on for the dreamers' next play
                events.append(event("revive", {"player": 0, "card": x, "to": "field"}))
                return
        self._own(s, k, x)
        was = pl.known
        super()._revive(s, 0, x, "hand", events)  # (the 1v1 rules keep only the bound hand's)
        pl.known = frozenset([*(c for c in was if c != x and _in_a_hand(s, c)), x])

    def _ask_battle(self, s: EstroState, step: Step) -> Decision:
        d = super()._ask_battle(s, step)
        if d.kind != "redirect":
            return d
        b: Battle | None = s.battle
        assert b is not None and isinstance(s, BastioneState)
        x = s.cell[b.a]
        opp: Player = s.players[1 - b.ap]
        acts = tuple(a for a in d.actions if a == "pass" or s.cell.get(self.deref(opp, a[9:])) == x)
        return Decision(d.player, d.kind, acts, d.params)

    def _step_rift_cell(self, s: EstroState, step: Step, events: list[Event]) -> bool:
        """Fessura Dimensionale: the rift's card takes the zone of the defender it replaced."""
        assert isinstance(s, BastioneState)
        _, _, c, x, k = step
        s.steps.pop()
        team: Player = s.players[0]
        if c in team.field or not s.rift:
            events.append(event("ultimo_bastione.fessura_closed", {"player": k}))
            return False
        rift = list(s.rift)
        y = s.rng.draw(rift, "dimensional deck")
        s.rift = tuple(rift)
        team.field.append(y)
        team.summoned.add(y)
        s.cell[y] = x
        self._own(s, k, y)
        events.append(event("ultimo_bastione.fessura_card", {"player": k, "card": y}))
        self._entered(s, y)
        return False

    # ---------------------------------------------------------------------- the end --
    def _finish_b(self, s: BastioneState, won: bool, reason: str, events: list[Event]) -> None:
        s.result = (1.0 if won else 0.0,) * s.n
        s.reason = reason
        s.phase = "over"
        s.steps.clear()
        s.battle = None
        events.append(
            event(
                "ultimo_bastione.end",
                {"won": won, "reason": reason, "round": s.rnd, "cq": max(0, s.cq)},
            )
        )

    def returns(self, s: EstroState) -> tuple[float, ...]:
        assert isinstance(s, BastioneState)
        return s.result if s.result is not None else (0.5,) * s.n

    def metrics(self, s: EstroState) -> dict[str, float]:
        assert isinstance(s, BastioneState)
        return {
            "rounds": float(s.rnd),
            "cq_left": float(max(0, s.cq)),
            "breaches": float(s.flags.get("breaches", 0)),
            "horde_destroyed": float(len(s.players[1].inc) - s.flags.get("breaches", 0)),
        }

    # -------------------------------------------------------------- information --
    def observe(self, s: EstroState, player: int | None) -> dict[str, Any]:
        assert isinstance(s, BastioneState)
        team, horde = s.players
        lanes = []
        for lane in range(LANES):
            zones = []
            for depth in range(DEPTHS):
                x = lane * DEPTHS + depth
                zones.append(
                    {
                        "zone": depth + 1,
                        "defender": [
                            {**self.card_view(s, 0, c, None), "dreamer": self.owner(s, c)}
                            for c in team.field
                            if s.cell[c] == x
                        ],
                        "horde": [
                            self.card_view(s, 1, c, None) for c in horde.field if s.cell[c] == x
                        ],
                    }
                )
            lanes.append(zones)
        dreamers = []
        for k in range(s.n):
            seen: dict[str, Any] = {
                "hand_size": len(s.hands[k]),
                "deck_size": len(s.decks[k]),
                "as_left": s.asl[k],
                "as_banked": s.bonus[k],
            }
            if s.mf & CHIMERA:
                seen["chimera_declared"] = s.chim[k]
            if player == k:
                seen["hand"] = s.hands[k][:]
            else:
                known = [c for c in s.hands[k] if c in s.players[0].known]
                if known:
                    seen["known_hand"] = sorted(known)
            dreamers.append(seen)
        out: dict[str, Any] = {
            "game": self.name,
            "mode": MODE,
            "you": player,
            "round": s.rnd,
            "last_round": LAST_ROUND,
            "phase": s.phase,
            "acting": s.seat,
            "cq": max(0, s.cq),
            "cq_start": s.cq0,
            "horde_deck": len(s.hdeck),
            "zone": words.ZONE_IDS[s.zone],
            "zone_used": team.zone_used,
            "lanes": lanes,
            "dreamers": dreamers,
            "incinerator": team.inc[:],
            "horde_incinerator": horde.inc[:],
            "pending_horde_gifts": list(s.pending),
            "marks": dict(sorted(s.marks.items())),
        }
        if s.mf & FESSURA:
            out["rift_size"] = len(s.rift)
        b: Battle | None = s.battle
        if b is not None:
            out["battle"] = {
                "attacker": b.a,
                "defender": b.d,
                "horde_attacks": b.ap == 1,
                "att_die": b.adie,
                "def_die": b.ddie,
            }
        return self.observe_end(s, out)

    def secrets(self, s: EstroState, player: int) -> Iterable[str]:
        assert isinstance(s, BastioneState)
        hidden = set(s.hdeck) | set(s.decks[player]) | set(s.rift)
        for k in range(s.n):
            if k != player:
                hidden.update(s.hands[k])
                hidden.update(s.decks[k])
        visible = set(s.hands[player]) | set(s.players[0].inc) | set(s.players[1].inc)
        visible |= known_in_hands(s)  # came back from the Incinerator in front of everyone
        for pl in s.players:
            visible.update(x for c in pl.field for x in chimera_parts(c))
        return hidden - visible

    def inventory(self, s: EstroState) -> list[tuple[str, str]]:
        assert isinstance(s, BastioneState)
        out: list[tuple[str, str]] = []
        for k in range(s.n):
            out += [(c, f"deck:{k}") for c in s.decks[k]]
            out += [(c, f"hand:{k}") for c in s.hands[k]]
        team, horde = s.players
        out += [(x, "field") for c in team.field for x in chimera_parts(c)]
        out += [(c, "incinerator") for c in team.inc]
        out += [(c, "horde_deck") for c in s.hdeck]
        out += [(c, "horde_field") for c in horde.field]
        out += [(c, "horde_incinerator") for c in horde.inc]
        out += [(c, "rift") for c in s.rift]
        return out

    def _determinize(self, s: EstroState, player: int, rng: RNG) -> BastioneState:
        """Re-deal what ``player`` cannot see: the other dreamers' hands and decks, the
        player's own deck order, the horde deck and the rift, from the cards among them."""
        assert isinstance(s, BastioneState)
        d = s.clone()
        rng.shuffle(d.decks[player])
        known = known_in_hands(d)  # stays where everyone saw it go
        piles: list[list[str]] = []
        unseen: list[list[str]] = []  # the hands' cards nobody saw, in hand order
        for k in range(d.n):
            if k != player:
                unseen.append([c for c in d.hands[k] if c not in known])
                piles += [unseen[-1], d.decks[k]]
        piles.append(d.hdeck)
        rift = list(d.rift)
        piles.append(rift)
        pool = [c for pile in piles for c in pile]
        rng.shuffle(pool)
        home = dict(d.home)
        i = 0
        for pile in piles:
            n = len(pile)
            pile[:] = pool[i : i + n]
            i += n
            for c in pile:
                home.pop(c, None)
        fresh = iter(unseen)
        for k in range(d.n):
            if k != player:
                dealt = iter(next(fresh))
                d.hands[k] = [c if c in known else next(dealt) for c in d.hands[k]]
                home.update((c, k) for c in d.hands[k])
                home.update((c, k) for c in d.decks[k])
        d.home = home
        d.rift = tuple(rift)
        top = d.steps[-1] if d.steps else None
        if top is not None and top[0] == "inspire" and top[3] == "keep" and top[1] != player:
            hand = d.hands[top[1]]  # the two cards drawn are the last two of that hand
            d.steps[-1] = (*top[:4], hand[-2], hand[-1])
        d.bind(d.bound)
        return d

    def heuristic(self, s: EstroState, player: int) -> float:
        """The bastion's share of its connections left, less the threat of the horde
        cards nobody holds (their TOT, weighted by how close they are)."""
        assert isinstance(s, BastioneState)
        if s.result is not None:
            return s.result[player]
        held = {s.cell[c] for c in s.players[0].field}
        threat = 0.0
        for c in s.players[1].field:
            x = s.cell[c]
            if x not in held:
                threat += self.tot(s, 1, c) / BREACH_DIVISOR * (DEPTHS - depth_of(x)) / DEPTHS
        value = (s.cq - threat) / s.cq0
        progress = s.rnd / LAST_ROUND
        return max(0.0, min(1.0, 0.5 * value + 0.5 * progress * max(0.0, value)))

    def from_position(self, config: Config, position: Mapping[str, Any], rng: RNG) -> EstroState:
        """A position: ``zone``, ``round``, ``phase`` (``dreamers``: the Dreamer phase of
        that round, ``seat`` to act; ``horde``: that round is over and the next horde phase
        comes), ``cq``, ``zone_used``, ``horde`` (``{id, lane, zone}``), ``horde_deck``
        (top last), ``incinerator`` and ``dreamers``: one ``{hand, deck, field, as_left}``
        per player, ``field`` entries ``{id, lane, zone}`` (``mods``: 5 numbers). Every
        field is checked (``BastionePosition``) before any is used: a wrong one is one
        line."""
        game = f"estro {MODE}"
        pos = parse(BastionePosition, position, game)
        if pos.model_extra:
            raise bad_position(game, "field", field=sorted(pos.model_extra)[0])
        n = config.players
        zone = pos.zone
        if zone not in words.ZONE_IDS:
            raise bad_position(game, "zone", zone=zone)
        s = BastioneState(rng, n, config.mode, words.ZONE_IDS.index(zone))
        team, horde = s.players
        horde.zone_used = True
        team.zone_used = pos.zone_used
        raw = pos.dreamers or [DreamerPosition() for _ in range(n)]
        if len(raw) != n:
            raise bad_position(game, "dreamers", n=n)
        seen: list[str] = []
        home: dict[str, int] = {}

        def where(entry: CellCard) -> int:
            lane, depth = entry.lane, entry.zone
            if not (1 <= lane <= LANES and 1 <= depth <= DEPTHS):
                told = entry.model_dump(exclude_unset=True, exclude={"mods"})
                raise bad_position(game, "cell", entry=told)
            return (lane - 1) * DEPTHS + depth - 1

        for k, rd in enumerate(raw):
            s.hands[k] = [self._card(c, alone=True) for c in rd.hand]
            s.decks[k] = [self._card(c, alone=True) for c in rd.deck]
            s.asl[k] = rd.as_left
            for entry in rd.field:
                c = self._card(entry.id)
                x = where(entry)
                if x in {s.cell[d] for d in team.field}:
                    raise bad_position(game, "one_zone")
                team.field.append(c)
                s.cell[c] = x
                if entry.mods:
                    if len(entry.mods) != len(STATS):
                        raise bad_position(game, "mods", card=c, n=len(entry.mods))
                    self.add_mods(s, 0, c, entry.mods)
                seen += chimera_parts(c)
                home.update((part, k) for part in chimera_parts(c))
            if len(self._field_of(team.field, home, k)) > FIELD_LIMIT:
                raise bad_position(game, "defenders", n=FIELD_LIMIT)
            seen += s.hands[k] + s.decks[k]
            home.update((c, k) for c in (*s.hands[k], *s.decks[k]))
        for hc in pos.horde:
            c = self._card(hc.id)
            horde.field.append(c)
            s.cell[c] = where(hc)
            seen.append(c)
        s.hdeck = [self._card(c, alone=True) for c in pos.horde_deck]
        team.inc = [self._card(c, alone=True) for c in pos.incinerator]
        seen += s.hdeck + team.inc
        if len(set(seen)) != len(seen):
            raise bad_position(game, "two_places")
        s.home = home
        s.cq0 = CQ[n]
        s.cq = s.cq0 if pos.cq is None else pos.cq
        if not 1 <= s.cq <= s.cq0:
            raise bad_position(game, "cq", most=s.cq0, n=n, cq=s.cq)
        s.rnd = pos.round
        s.turn = 2 * s.rnd
        if s.mf & FESSURA:
            s.rift = tuple(c for c in self.ids if c not in set(seen))
            s.rift_born = frozenset(s.rift)
        phase = pos.phase
        if phase == "dreamers":
            s.active = 0
            s.phase = "dreamers"
            if s.rnd < 1:  # round 0 is only the game's start, before the first horde phase
                raise bad_position(game, "round", last=LAST_WAVE_CAP, round=s.rnd)
            seat = pos.seat
            if not 0 <= seat < n:
                raise bad_position(game, "seat", last=n - 1)
            s.turns = (seat - (s.rnd - 1)) % n
            self._begin_turn(s, seat, [])
        elif phase == "horde":
            s.active = 1
            s.phase = "horde"
            s.bind(0)
        else:
            raise bad_position(game, "dreamers_phase")
        self._run(s, [])
        return s

    @staticmethod
    def _field_of(field: list[str], home: Mapping[str, int], k: int) -> list[str]:
        return [c for c in field if home.get(c.split("+", 1)[0]) == k]

    # ------------------------------------------------------------------------ words --
    def describe_action(self, s: EstroState, action: str, lang: str = "en") -> str:
        return words.describe_action(self, s, action, lang)

    def option_words(self, s: EstroState, lang: str) -> Callable[[str], Option | None] | None:
        return words.option_words(self, s, lang)

    def describe_event(self, event: Event, player: int | None, lang: str = "en") -> str | None:
        return words.describe_event(self, event, player, lang)

    def view(self, s: EstroState, player: int | None, lang: str = "en") -> str:
        return words.board(self, s, player, lang)

    def help(self, lang: str = "en", mode: str | None = None) -> str:
        return words.help_text(lang)


# ------------------------------------------------------------------------ positions --
# A scenario's position, checked field by field before any is used, so that a number where
# a list belongs, or a string where a lane belongs, is one line naming the field rather
# than a crash. The position's unknown fields are kept (extra="allow") to be named by the
# older message; a dreamer's and a card's are refused here.


class CellCard(Part):
    """A card on the lanes; ``lane`` and ``zone`` are checked by the older message."""

    model_config = ConfigDict(extra="forbid")
    id: StrictStr
    lane: StrictInt = 0
    zone: StrictInt = 0


class DefenderCard(CellCard):
    """A dreamer's card on the lanes, with its stat changes (five numbers, or none)."""

    mods: list[StrictInt] = Field(default_factory=list)


class DreamerPosition(Part):
    model_config = ConfigDict(extra="forbid")
    hand: list[StrictStr] = Field(default_factory=list)
    deck: list[StrictStr] = Field(default_factory=list)
    field: list[DefenderCard] = Field(default_factory=list)
    as_left: StrictInt = Field(default=AS_PER_DREAMER, ge=0)


class BastionePosition(Part):
    model_config = ConfigDict(extra="allow")
    zone: StrictStr = "medica"
    round: StrictInt = Field(default=1, ge=0, le=LAST_WAVE_CAP)  # 0: before the first horde
    phase: StrictStr = "dreamers"
    seat: StrictInt = 0
    cq: StrictInt | None = None  # the bastion's full CQ unless given
    zone_used: StrictBool = False
    horde: list[CellCard] = Field(default_factory=list)
    horde_deck: list[StrictStr] = Field(default_factory=list)
    incinerator: list[StrictStr] = Field(default_factory=list)
    dreamers: list[DreamerPosition] | None = None  # one each, said by the older message
