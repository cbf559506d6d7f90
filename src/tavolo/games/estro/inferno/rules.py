# cython: annotation_typing=True, nonecheck=True
"""Inferno 2v2: four seats in two teams on the 1v1 rules (digest, Modes, item 4).

The two sides of the 1v1 rules are the two teams (state.py): the gifts, battles,
destruction and zones all run unchanged on a team's shared field. This class changes what
the table changes:

- four seats take turns A1, B1, A2, B2; a round is four turns;
- before the seat a step is about is asked or served, that seat is loaded into its side
  (``_focus``), so "your hand" is always the right seat's; every decision and event the
  1v1 rules make names a side, and is handed out naming the seat;
- no attacks and no face-down plays in rounds 1-3; a seat attacks only with, reveals only,
  and opens the rift only with, its own cards; its turn-start and turn-end gifts are its
  own;
- two zones (passives for every card, each seat one zone action per game, of either zone);
- the team whose field is empty at the end of a turn from the end of round 6 on loses, as
  does the team of a seat that must draw with no deck and no hand; at the end of round 19
  the higher team field TOT wins.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Annotated, Any

from pydantic import (
    BeforeValidator,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
)

from tavolo.engine import QUIET, RNG, Config, ConfigError, Decision, Event, event

from .. import combat
from ..cards import chimera_parts
from ..content import bad_position
from ..game import EstroGame
from ..gifts import LiveAura, add_auras
from ..position import Part, by_id, parse
from ..rules import ATTACKS_PER_TURN, HAND_LIMIT, MAX_SLOT, SLOTS
from ..schema import ESTRI
from ..state import CHIMERA, FESSURA, Battle, Player, Step
from ..zona import ZONE_IDS
from . import words
from .state import BARRED_TURNS, SEAT_NAMES, SEATS, TEAM_NAMES, InfernoState, Seat

_new = tuple.__new__  # a Decision or Event without its Python-level __new__
_NO_PARAMS: Mapping[str, Any] = {}
ARDO, GRANITO, ARMONIO, ILLUSIO, MANPO = range(5)
DECK_SIZE = 25
FIELD_CHECK_AFTER_ROUND = 6
LAST_ROUND = 19
# events whose "player" is who acted, not the owner of the card they name
_ACTOR_EVENTS = frozenset({"zone"})


class Mode(EstroGame):
    mode = "inferno"
    seats = (SEATS,)
    state_class = InfernoState
    __slots__ = ()

    # ------------------------------------------------------------------ configuration --
    def check_options(self, mode: str, options: Mapping[str, Any]) -> Mapping[str, Any]:
        if options:
            raise ConfigError.said(words.MSG, "inferno.error.option", option=sorted(options)[0])
        return {}

    # -------------------------------------------------------------------------- setup --
    def new(self, config: Config, seed: int) -> InfernoState:
        """Four random decks of 25 distinct cards from one collection, no card twice on
        the table; two different zones; five cards each; A1 starts."""
        rng = RNG(seed)
        dealt = rng.sample(self.ids, SEATS * DECK_SIZE, "random decks")
        seats = [Seat(dealt[q * DECK_SIZE : (q + 1) * DECK_SIZE]) for q in range(SEATS)]
        z1 = rng.below(len(ESTRI))
        z2 = rng.below(len(ESTRI) - 1)
        z2 += z2 >= z1
        # Medica first: the 1v1 rules offer it where ``zone`` is Armonio
        zones = (z2, z1) if z2 == ARMONIO else (z1, z2)
        s = InfernoState(rng, [Player([]), Player([])], seats, zones, config.mode)
        s.owner = {c: q for q, st in enumerate(seats) for c in st.deck}
        for st in seats:
            for _ in range(HAND_LIMIT):
                st.hand.append(st.deck.pop())
        for side in (0, 1):  # A1 and B1 start loaded
            self._put(s.players[side], seats[side])
        if s.mf & FESSURA:
            self.deal_rift(s)
        s.steps.append(("start",))
        self._run(s, [])
        return s

    def deal_rift(self, s: InfernoState) -> None:  # type: ignore[override]
        """The dimensional deck: the 150 collection cards no seat was dealt."""
        self.open_rift(s, s.owner)

    # ------------------------------------------------------------------ seats, sides --
    @staticmethod
    def _put(pl: Player, st: Seat) -> None:
        """Move a seat's fields into a side's Player."""
        pl.hand, pl.deck, pl.inc, pl.known = st.hand, st.deck, st.inc, st.known
        pl.extra_plays, pl.extra_attacks = st.extra_plays, st.extra_attacks
        pl.chimera_turn, pl.zone_used = st.chimera_turn, st.zone_used

    def _move_in(self, s: InfernoState, side: int, q: int) -> None:
        """Load seat ``q`` into its side's Player, putting the loaded seat back."""
        pl: Player = s.players[side]
        old = s.seats[s.loaded[side]]
        old.hand, old.deck, old.inc, old.known = pl.hand, pl.deck, pl.inc, pl.known
        old.extra_plays, old.extra_attacks = pl.extra_plays, pl.extra_attacks
        old.chimera_turn, old.zone_used = pl.chimera_turn, pl.zone_used
        self._put(pl, s.seats[q])
        s.loaded[side] = q

    def _load(self, s: InfernoState, q: int) -> None:
        if s.loaded[q & 1] != q:
            self._move_in(s, q & 1, q)

    @staticmethod
    def owner(s: InfernoState, c: str) -> int:
        """The seat a card belongs to (a Chimera: its host's)."""
        o = s.owner.get(c)
        return s.owner[c.split("+", 1)[0]] if o is None else o

    def _focus(self, s: InfernoState, step: Step) -> None:
        """Load the seats a step is about, so the 1v1 rules read their hands."""
        kind = step[0]
        if kind == "gift":
            p, c = step[1], step[2]
            self._load(s, self.owner(s, c))
            foe = self._foe(s, p, c)
            if foe is not None:
                self._load(s, self.owner(s, foe[1]))
            else:  # the opponent of a gift outside a battle (see help)
                self._load(s, (s.seat + 1) % SEATS if p == s.active else s.seat)
        elif kind == "destroy" or kind == "chimera":
            self._load(s, self.owner(s, step[2]))
        elif kind == "battle":
            b: Battle | None = s.battle
            assert b is not None
            self._load(s, s.seat)
            self._load(s, self.owner(s, b.d))
        elif kind == "revive":
            self._load(s, self.owner(s, step[2]))
        elif kind != "start":  # end, rift, necro: the seat whose turn it is
            self._load(s, s.seat)

    def _seat_events(
        self, s: InfernoState, events: list[Event], start: int, loaded: Sequence[int]
    ) -> None:
        """Events from ``start`` on name sides, and were made while ``loaded`` were the
        loaded seats: make them name seats (the card's owner when the event is about a
        card of that side, else the side's loaded seat).

        The events are fresh, made by this apply for this list, so their data (and
        redacted data) are renamed in place: an event is rebuilt only when its ``to``
        changes. (Copying every renamed event was about a third of this loop, which
        runs for every event of a game.)"""
        if events is QUIET:
            return
        owner = s.owner
        for i in range(start, len(events)):
            e = events[i]
            data: dict[str, Any] = e.data  # type: ignore[assignment]  # (fresh: a plain dict)
            side = data.get("player")
            if side is None:
                continue
            seat = loaded[side]
            c = data.get("card") or data.get("attacker")
            if c is not None and e.kind not in _ACTOR_EVENTS:
                o = owner.get(c)
                if o is None and "+" in c:
                    o = owner.get(c.split("+", 1)[0])
                if o is not None and o & 1 == side:
                    seat = o
            if seat == side:
                continue
            data["player"] = seat
            red: dict[str, Any] | None = e.redacted  # type: ignore[assignment]
            if red is not None and "player" in red:
                red["player"] = seat
            to = e.to
            if to is not None:
                to = tuple(seat if x == side else loaded[x] for x in to)
                events[i] = _new(Event, (e.kind, data, to, red))

    def _seat_decision(self, s: InfernoState, d: Decision) -> Decision:
        return _new(Decision, (s.loaded[d.player], d.kind, d.actions, d.params))

    # ------------------------------------------------------------------ the forward model --
    def _decide(self, s: InfernoState) -> Decision | None:  # type: ignore[override]
        if s.result is not None:
            return None
        if s.steps:
            top = s.steps[-1]
            return self._seat_decision(s, self.deciders[top[0]](s, top))
        p = s.active
        if s.phase == "play":
            acts = self._play_actions(s, p)
            if s.played:
                acts.append("pass")
            return Decision(s.seat, "play", tuple(acts))
        acts = self._battle_actions(s, p)
        acts.append("end")
        return Decision(s.seat, "attack", tuple(acts))

    def _act(  # type: ignore[override]
        self, s: InfernoState, d: Decision, action: str, events: list[Event]
    ) -> None:
        side = d.player & 1
        if s.steps:
            self._answer_step(
                s, _new(Decision, (side, d.kind, d.actions, d.params)), action, events
            )
        else:
            self._turn_action(s, side, action, events)
        self._run(s, events)

    def _run(self, s: InfernoState, events: list[Event]) -> None:  # type: ignore[override]
        """The 1v1 loop, loading each step's seats first and naming seats, not sides.

        Events are renamed in batches: those made since the last batch, whenever the
        loaded seats are about to change (a step's focus, a new turn) and at the end."""
        handlers = self.handlers
        steps = s.steps
        loaded = s.loaded
        done = 0
        try:
            while s.result is None:
                was = (loaded[0], loaded[1])
                if steps:
                    top = steps[-1]
                    self._focus(s, top)
                    if len(events) > done and (
                        top[0] == "start" or loaded[0] != was[0] or loaded[1] != was[1]
                    ):
                        self._seat_events(s, events, done, was)
                        done = len(events)
                    if handlers[top[0]](s, top, events):
                        top = steps[-1]  # it waits on its own step, whose seats are loaded
                        s._dec = self._seat_decision(s, self.deciders[top[0]](s, top))
                        return
                    continue
                p = s.active
                self._load(s, s.seat)
                if len(events) > done and loaded[p] != was[p]:
                    self._seat_events(s, events, done, was)
                    done = len(events)
                if s.phase == "play":
                    if s.plays > 0:
                        acts = self._play_actions(s, p)
                        if acts:
                            if s.played:
                                acts.append("pass")
                            s._dec = _new(Decision, (s.seat, "play", tuple(acts), _NO_PARAMS))
                            return
                    s.phase = "battle"
                acts = self._battle_actions(s, p)
                if acts:
                    acts.append("end")
                    s._dec = _new(Decision, (s.seat, "attack", tuple(acts), _NO_PARAMS))
                    return
                s.steps.append(("end", "discard"))
            s._dec = None
        finally:
            if len(events) > done:
                self._seat_events(s, events, done, loaded)

    def _battle_actions(self, s: InfernoState, p: int) -> list[str]:
        acts = self._attack_actions(s, p)
        if not s.players[p].zone_used:
            acts.extend(self._zone_turn_actions(s, p))
        if s.mf & FESSURA and not s.attacked:
            acts.extend(self.fessura_actions(s, p))
        return acts

    # --------------------------------------------------------------------- turn actions --
    def _play_actions(self, s: InfernoState, p: int) -> list[str]:  # type: ignore[override]
        """A card from the hand (face up only in rounds 1-3), a reveal of one's own
        face-down card, a Chimera, a zone action, the rift."""
        pl: Player = s.players[p]
        plays = self._plays
        if s.turn > BARRED_TURNS:
            acts = [a for c in pl.hand for a in plays[c]]
        else:
            acts = [plays[c][0] for c in pl.hand]
        if pl.down:
            rev, owner, seat = self._reveal, s.owner, s.seat
            acts += [rev[c] for c in pl.field if c in pl.down and owner.get(c) == seat]
        if s.mf & CHIMERA:
            acts += self._chimera_actions(s, p)
        if acts and not pl.zone_used:
            acts += self._zone_turn_actions(s, p)
        if s.mf & FESSURA and acts:
            acts += self.fessura_actions(s, p)
        return acts

    def _chimera_actions(self, s: InfernoState, p: int) -> list[str]:  # type: ignore[override]
        """Declared at the start of a turn, made on the seat's next turn (four later)."""
        pl: Player = s.players[p]
        seat = s.seat
        if any("+" in c and self.owner(s, c) == seat for c in pl.field):
            return []  # one Chimera of one's own on the field at a time
        if not pl.chimera_turn:
            return ["chimera:declare"] if s.played == 0 else []
        if s.turn != pl.chimera_turn + SEATS:
            return []
        info = self.info
        hosts = [c for c in pl.hand if info[c].gift is None]
        guests = [c for c in pl.hand if info[c].gift is not None]
        return [f"chimera:{h}:{g}" for h in hosts for g in guests]

    def _attack_actions(self, s: InfernoState, p: int) -> list[str]:  # type: ignore[override]
        """Attacks by the seat's own face-up cards on the other team's cards, from round 4."""
        if s.attacks <= 0 or s.turn <= BARRED_TURNS:
            return []
        pl: Player = s.players[p]
        opp: Player = s.players[1 - p]
        if not opp.field:
            return []
        hid = opp.down
        foes = [
            (SLOTS[i] if i < MAX_SLOT else f":#{i}") if d in hid else ":" + d
            for i, d in enumerate(opp.field)
        ]
        down, attacked = pl.down, s.attacked
        if pl.rest:
            attacked = attacked | self.resting(s, pl)
        owner, seat = s.owner, s.seat
        acts = []
        a: str
        f: str
        head: str  # typed, the compiled concatenations below skip the generic "+"
        for a in pl.field:
            if a in down or a in attacked:
                continue
            o = owner.get(a)
            if (o if o is not None else self.owner(s, a)) != seat:
                continue
            head = "attack:" + a
            for f in foes:
                acts.append(head + f)
        return acts

    def fessura_actions(self, s: InfernoState, p: int) -> list[str]:  # type: ignore[override]
        if not s.rift or s.rift_turn == s.turn or not s.played:
            return []
        seat = s.seat
        return [f"fessura:{c}" for c in s.players[p].field if self.owner(s, c) == seat]

    def _step_rift(self, s: InfernoState, step: Step, events: list[Event]) -> bool:  # type: ignore[override]
        pl = s.players[step[1]]
        n = len(pl.field)
        out = super()._step_rift(s, step, events)
        if len(pl.field) > n:  # the rift card belongs to the seat who opened the rift
            s.owner = {**s.owner, pl.field[-1]: s.seat}
        return out

    # --------------------------------------------------------------------------- zones --
    def _zones(self, s: InfernoState) -> tuple[int, int]:
        return (s.zone, s.zone2)

    def _zone_turn_actions(self, s: InfernoState, p: int) -> list[str]:  # type: ignore[override]
        """Militare and Controllo, if either zone is one of them and the seat's zone action
        is unused."""
        pl: Player = s.players[p]
        if pl.zone_used:
            return []
        out: list[str] = []
        for z in (s.zone, s.zone2):
            if z == ARDO:
                sac = [c for c in pl.hand if self.info[c].estro == ARDO]
                tgt = [c for c in pl.field if c not in pl.down and self.estro(s, p, c) == ARDO]
                out += [f"zone:militare:{h}:{t}" for h in sac for t in tgt]
            elif z == MANPO:
                out += [
                    f"zone:controllo:{c}"
                    for c in pl.field
                    if c not in pl.down and self.estro(s, p, c) != MANPO
                ]
        return out

    def _zone_window(self, s: InfernoState, p: int, card: str) -> list[str]:  # type: ignore[override]
        pl: Player = s.players[p]
        if pl.zone_used:
            return []
        out: list[str] = []
        for z in (s.zone, s.zone2):
            if z == GRANITO:
                out.append("zone:sviluppo_tech")
            elif z == ILLUSIO and self.estro(s, p, card) == ILLUSIO:
                out.append("zone:civile")
        return out + self._zone_turn_actions(s, p)

    def _holds(self, s: InfernoState, p: int, c: str, conds: tuple[Any, ...]) -> bool:  # type: ignore[override]
        """A gift's "if the zone is X" holds when either zone is X."""
        second = ESTRI[s.zone2]
        if any(k.zone == second for k in conds):
            conds = tuple(k.without_zone() if k.zone == second else k for k in conds)
        return super()._holds(s, p, c, conds)

    def stats(  # type: ignore[override]
        self, s: InfernoState, p: int, c: str, live: list[LiveAura] | None = None
    ) -> list[int]:
        """A field card's stats: lasting changes, both zones' passives (E-10), auras."""
        pl: Player = s.players[p]
        if c in pl.down:
            return [0, 0, 0, 0, 0]
        info = self.info[c]
        m = pl.mods.get(c)
        v = list(info.stats) if m is None else [a + b for a, b in zip(info.stats, m, strict=True)]
        e = pl.estro.get(c, info.estro)
        if e == s.zone or e == s.zone2:
            v[e] += combat.ZONE_BONUS
        if live is None:
            live = self.acting_auras(s)
            assert live is not None  # (None only in Zona di Conquista, never with Inferno)
        if live:
            add_auras(live, p, c, e, v)
        return v

    # --------------------------------------------------------------------------- gifts --
    def trigger_all(self, s: InfernoState, p: int, trig: str) -> None:  # type: ignore[override]
        """A seat's turn-start and turn-end gifts are those of its own cards."""
        if trig not in ("turn_start", "turn_end") or p != s.active:
            super().trigger_all(s, p, trig)
            return
        pl: Player = s.players[p]
        info, seat = self.info, s.seat
        for c in reversed(pl.field):
            if info[c].trigger == trig and c not in pl.down and self.owner(s, c) == seat:
                self.trigger(s, p, c, trig)

    def _ask_gift(self, s: InfernoState, step: Step) -> Decision:  # type: ignore[override]
        """As in 1v1, except that a teammate's face-down card is named by its slot."""
        d = super()._ask_gift(s, step)
        if d.kind != "gift_target" or not s.players[step[1]].down:
            return d
        p = step[1]
        seat = s.loaded[p]
        pl: Player = s.players[p]
        acts = []
        for a in d.actions:
            _, q, x = a.split(":")
            if int(q) == p and x in pl.down and self.owner(s, x) != seat:
                a = f"target:{q}:{self.ref(pl, x)}"
            acts.append(a)
        return Decision(d.player, d.kind, tuple(acts), d.params)

    def ambush(self, s: InfernoState, p: int, x: str, fallen: str, events: list[Event]) -> None:  # type: ignore[override]
        """Imboscata: an empty ambusher rests during its owner's next turn."""
        pl: Player = s.players[p]
        pl.hand.remove(x)
        pl.field.append(x)
        pl.summoned.add(x)
        if self.info[x].gift is not None:
            pl.inhibited = pl.inhibited | {x}
        else:
            nxt = s.turn + ((self.owner(s, x) - s.seat) % SEATS or SEATS)
            pl.rest = (*((r, t) for r, t in pl.rest if t >= s.turn), (x, nxt))
        events.append(event("ambush", {"player": p, "card": x, "fallen": fallen}))

    # ------------------------------------------------------------------ turns and the end --
    def _start_turn(self, s: InfernoState, events: list[Event]) -> None:  # type: ignore[override]
        """The next seat's turn: its draw is mandatory (E-4); a seat that must draw with
        no deck and no hand loses the game for its team (E-14 b)."""
        seat = s.seat = (s.seat + 1) % SEATS
        self._load(s, seat)
        p = s.active = seat & 1
        pl: Player = s.players[p]
        turn = s.turn = s.turn + 1
        s.phase = "play"
        s.plays = 1 + pl.extra_plays
        s.attacks = ATTACKS_PER_TURN + pl.extra_attacks
        pl.extra_plays = pl.extra_attacks = 0
        if pl.chimera_turn and turn > pl.chimera_turn + SEATS:
            pl.chimera_turn = 0
            events.append(event("chimera_lapsed", {"player": p}))
        s.played = 0
        s.attacked.clear()
        events.append(event("turn", {"player": p, "round": s.round, "turn": turn}))
        if pl.deck:
            c = pl.deck.pop()
            pl.hand.append(c)
            events.append(_new(Event, ("draw", {"player": p, "card": c}, (p,), {"player": p})))
        else:
            events.append(event("deck_empty", {"player": p}))
            if not pl.hand:
                self._finish(s, 1 - p, "no_cards", events)
                return
        if not self._turn_start.isdisjoint(pl.field):
            self.trigger_all(s, p, "turn_start")

    def _step_end(self, s: InfernoState, step: Step, events: list[Event]) -> bool:  # type: ignore[override]
        """Discard down to five, the seat's turn-end gifts, then the checks of the end."""
        p = s.active
        stage = step[1]
        if stage == "discard":
            if len(s.players[p].hand) > HAND_LIMIT:
                return True
            stage = "gifts"
        if stage == "gifts" and self.turn_end_gifts(s, p, ("end", "check")):
            return False
        s.steps.pop()
        if s.turn >= SEATS * FIELD_CHECK_AFTER_ROUND:
            empty = [not pl.field for pl in s.players]
            if empty[0] != empty[1]:
                self._finish(s, 1 if empty[0] else 0, "empty_field", events)
                return False
        if s.turn >= SEATS * LAST_ROUND:
            tots = self.team_tots(s)
            win = None if tots[0] == tots[1] else 0 if tots[0] > tots[1] else 1
            self._finish(s, win, "last_round", events)
            return False
        s.steps.append(("start",))  # the next seat's turn, with its own events
        return False

    def team_tots(self, s: InfernoState) -> list[int]:
        """Each team's field TOT (face-down cards count 0)."""
        return [sum(self.tot(s, q, c) for c in s.players[q].field) for q in (0, 1)]

    def _finish(  # type: ignore[override]
        self, s: InfernoState, winner: int | None, reason: str, events: list[Event]
    ) -> None:
        """``winner`` is a team (a side); both of its seats win."""
        if winner is None:
            s.result = (0.5,) * SEATS
        else:
            s.result = tuple(1.0 if q & 1 == winner else 0.0 for q in range(SEATS))
        s.reason = reason
        s.phase = "over"
        s.steps.clear()
        s.battle = None
        events.append(
            event(
                "inferno.end",
                {
                    "team": None if winner is None else TEAM_NAMES[winner],
                    "reason": reason,
                    "round": s.round,
                },
            )
        )

    # ------------------------------------------------------------------- results --
    def returns(self, s: InfernoState) -> tuple[float, ...]:  # type: ignore[override]
        return s.result if s.result is not None else (0.5,) * SEATS

    def metrics(self, s: InfernoState) -> dict[str, float]:  # type: ignore[override]
        return {"rounds": float(s.round), "turns": float(s.turn)}

    def heuristic(self, s: InfernoState, player: int) -> float:  # type: ignore[override]
        if s.result is not None:
            return s.result[player]
        score = [0.0, 0.0]
        for q, pl in enumerate(s.players):
            down = pl.down
            total = sum(40 if c in down else sum(self.stats(s, q, c)) for c in pl.field)
            hands = sum(len(s.seat_of(x).hand) for x in (q, q + 2))
            score[q] = total + 25 * len(pl.field) + 6 * hands
        side = player & 1
        x = (score[side] - score[1 - side]) / 90.0
        return 1.0 / (1.0 + math.exp(-x))

    # -------------------------------------------------------------------- information --
    def card_view(self, s: InfernoState, q: int, c: str, viewer: int | None) -> dict[str, Any]:  # type: ignore[override]
        o = self.owner(s, c)
        pl: Player = s.players[q]
        if c in pl.down:
            if viewer == o:
                return {"id": c, "owner": SEAT_NAMES[o], "face_down": True}
            return {"owner": SEAT_NAMES[o], "face_down": True, "slot": pl.field.index(c)}
        out = super().card_view(s, q, c, viewer)
        out["owner"] = SEAT_NAMES[o]
        return out

    def observe(self, s: InfernoState, player: int | None) -> dict[str, Any]:  # type: ignore[override]
        seats = []
        for q in range(SEATS):
            st = s.seat_of(q)
            seen: dict[str, Any] = {
                "seat": SEAT_NAMES[q],
                "team": TEAM_NAMES[q & 1],
                "hand_size": len(st.hand),
                "deck_size": len(st.deck),
                "incinerator": st.inc[:],
                "zone_used": st.zone_used,
            }
            if st.chimera_turn:
                seen["chimera_declared"] = st.chimera_turn
            if player == q:
                seen["hand"] = st.hand[:]
            known = st.known_hand()
            if known:
                seen["hand_known"] = known
            seats.append(seen)
        teams = [
            {"team": TEAM_NAMES[q], "field": [self.card_view(s, q, c, player) for c in pl.field]}
            for q, pl in enumerate(s.players)
        ]
        out: dict[str, Any] = {
            "game": self.name,
            "mode": s.mode,
            "you": player,
            "round": s.round,
            "turn": s.turn,
            "active": s.seat,
            "phase": s.phase,
            "zones": [ZONE_IDS[s.zone], ZONE_IDS[s.zone2]],
            "attacks_barred": s.turn <= BARRED_TURNS,
            "seats": seats,
            "teams": teams,
        }
        if s.mf & FESSURA:
            out["rift_size"] = len(s.rift)
            out["rift_opened"] = s.rift_turn == s.turn
        b: Battle | None = s.battle
        if b is not None:
            dpl: Player = s.players[1 - b.ap]
            sees = b.d not in dpl.down or player == self.owner(s, b.d)
            out["battle"] = {
                "attacker": b.a,
                "seat": SEAT_NAMES[s.seat],
                "defender": b.d if sees else None,
                "att_die": b.adie,
                "def_die": b.ddie,
                "rule": b.rule,
            }
        return self.observe_end(s, out)

    def _visible(self, s: InfernoState, player: int) -> set[str]:
        """The cards ``player`` sees where they are: their hand and face-down cards, every
        face-up field card, every Incinerator, hand cards known to be in a hand."""
        out: set[str] = set()
        for q in range(SEATS):
            st = s.seat_of(q)
            out.update(st.inc)
            if q == player:
                out.update(st.hand)
            elif st.known:
                out.update(st.known.intersection(st.hand))
        for pl in s.players:
            for c in pl.field:
                if c not in pl.down or self.owner(s, c) == player:
                    out.update(chimera_parts(c))
        return out

    def secrets(self, s: InfernoState, player: int) -> Iterable[str]:  # type: ignore[override]
        hidden: set[str] = set(s.rift)
        for q in range(SEATS):
            st = s.seat_of(q)
            hidden.update(st.deck)
            hidden.update(st.hand)
        for pl in s.players:
            hidden.update(pl.down)
        return hidden - self._visible(s, player)

    def inventory(self, s: InfernoState) -> list[tuple[str, str]]:  # type: ignore[override]
        out: list[tuple[str, str]] = []
        for q in range(SEATS):
            st = s.seat_of(q)
            name = SEAT_NAMES[q]
            for zone, cards in (("deck", st.deck), ("hand", st.hand), ("incinerator", st.inc)):
                out.extend((c, f"{name}:{zone}") for c in cards)
        for q, pl in enumerate(s.players):
            out.extend((x, f"{TEAM_NAMES[q]}:field") for c in pl.field for x in chimera_parts(c))
        out.extend((c, "rift") for c in s.rift)
        return out

    def _determinize(self, s: InfernoState, player: int, rng: RNG) -> InfernoState:  # type: ignore[override]
        """Re-deal what ``player`` cannot see -- the other seats' hands (but for the cards
        known to be there) and decks, the other seats' face-down cards, the rift -- from
        the cards ``player`` has not seen (decks never overlap), and reshuffle
        ``player``'s own deck."""
        d = s.clone()
        me = d.seat_of(player)
        unseen = self._visible(d, player) | set(me.deck)
        pool = [c for c in self.ids if c not in unseen]
        rng.shuffle(pool)
        fresh = iter(pool)
        owner: dict[str, int] = {}
        for q in range(SEATS):
            st = d.seat_of(q)
            if q != player:
                keep = st.known_hand()
                st.hand = keep + [next(fresh) for _ in range(len(st.hand) - len(keep))]
                st.known = frozenset(keep)
                st.deck = [next(fresh) for _ in st.deck]
            owner.update((c, q) for c in (*st.hand, *st.deck, *st.inc))
        for side, pl in enumerate(d.players):
            remap = {
                c: next(fresh) for c in pl.field if c in pl.down and self.owner(d, c) != player
            }
            for c in pl.field:
                o = self.owner(d, c)
                owner.update((x, o) for x in chimera_parts(remap.get(c, c)))
            if remap:
                self._remap(d, side, remap)
        if d.rift:
            d.rift = tuple(next(fresh) for _ in d.rift)
        d.owner = owner
        rng.shuffle(me.deck)
        return d

    # -------------------------------------------------------------------- positions --
    def from_position(self, config: Config, position: Mapping[str, Any], rng: RNG) -> InfernoState:
        """A position: ``zones`` (two), ``round``, ``seat`` (A1, B1, A2, B2: whose turn),
        ``phase`` (play | battle), ``seats`` (four: hand, deck, incinerator, zone_used) and
        ``teams`` (two: field, whose entries are as in a 1v1 position plus ``owner``, a
        seat of that team). No card may be on the table twice. With +fessura, ``rift``
        lists the dimensional deck (by default every card no seat holds). Every field is
        checked (``InfernoPosition``) before any is used: a wrong one is one line."""
        pos = parse(InfernoPosition, position, "estro inferno")
        if pos.model_extra:
            raise bad_position("estro inferno", "field", field=sorted(pos.model_extra)[0])
        zones = pos.zones
        if len(zones) != 2 or zones[0] == zones[1] or not set(zones) <= set(ZONE_IDS):
            raise bad_position("estro inferno", "zones", known=", ".join(ZONE_IDS))
        z1, z2 = (ZONE_IDS.index(z) for z in zones)
        if z2 == ARMONIO:
            z1, z2 = z2, z1
        if pos.seats is None or len(pos.seats) != SEATS:
            raise bad_position("estro inferno", "seats")
        if pos.teams is None or len(pos.teams) != 2:
            raise bad_position("estro inferno", "teams")
        seats = []
        for q, raw in enumerate(pos.seats):
            if raw.model_extra:
                field = sorted(raw.model_extra)[0]
                raise bad_position("estro inferno", "seat_field", seat=SEAT_NAMES[q], field=field)
            st = Seat([self._card(c, alone=True) for c in raw.deck])
            st.hand = [self._card(c, alone=True) for c in raw.hand]
            st.inc = [self._card(c, alone=True) for c in raw.incinerator]
            st.zone_used = raw.zone_used
            seats.append(st)
        owner = {c: q for q, st in enumerate(seats) for c in (*st.deck, *st.hand, *st.inc)}
        players = []
        for side, team in enumerate(pos.teams):
            if team.model_extra:
                field = sorted(team.model_extra)[0]
                raise bad_position(
                    "estro inferno", "team_field", team=TEAM_NAMES[side], field=field
                )
            entries = []
            for e in team.field:
                o = e.owner
                if o not in SEAT_NAMES or SEAT_NAMES.index(o) & 1 != side:
                    raise bad_position(
                        "estro inferno",
                        "owner",
                        card=e.id,
                        team=TEAM_NAMES[side],
                        a=SEAT_NAMES[side],
                        b=SEAT_NAMES[side + 2],
                    )
                owner.update((x, SEAT_NAMES.index(o)) for x in chimera_parts(e.id))
                entries.append({"id": e.id, **(e.model_extra or {})})
            players.append(self._position_player(side, {"field": entries}))
        held = [x for st in seats for c in (*st.deck, *st.hand, *st.inc) for x in chimera_parts(c)]
        held += [x for pl in players for c in pl.field for x in chimera_parts(c)]
        if len(set(held)) != len(held):
            raise bad_position("estro inferno", "table_twice")
        seat, phase, rnd = pos.seat, pos.phase, pos.round
        if seat not in SEAT_NAMES or phase not in ("play", "battle"):
            raise bad_position("estro inferno", "seat_phase")
        s = InfernoState(rng, players, seats, (z1, z2), config.mode)
        s.owner = owner
        for side in (0, 1):
            self._put(players[side], seats[side])
        s.seat = SEAT_NAMES.index(seat)
        s.active = s.seat & 1
        self._load(s, s.seat)
        s.turn = SEATS * (rnd - 1) + s.seat + 1
        s.phase = phase
        s.plays = 1 if phase == "play" else 0
        s.played = 0 if phase == "play" else 1
        s.attacks = ATTACKS_PER_TURN
        if s.mf & FESSURA:
            rift = [self._card(c, alone=True) for c in pos.rift or ()]
            if "rift" not in pos.model_fields_set:
                rift = [c for c in self.ids if c not in owner]
            if set(rift) & set(held) or len(set(rift)) != len(rift):
                raise bad_position("estro inferno", "rift_held")
            s.rift, s.rift_born = tuple(rift), frozenset(rift)
        elif "rift" in pos.model_fields_set:
            raise bad_position("estro inferno", "rift")
        self._run(s, [])
        return s

    # ------------------------------------------------------------------------ words --
    def describe_action(self, s: InfernoState, action: str, lang: str = "en") -> str:  # type: ignore[override]
        return words.describe_action(self, s, action, lang)

    def describe_event(self, event: Event, player: int | None, lang: str = "en") -> str | None:
        return words.describe_event(self, event, player, lang)

    def view(self, s: InfernoState, player: int | None, lang: str = "en") -> str:  # type: ignore[override]
        return words.board(self, s, player, lang)

    def help(self, lang: str = "en", mode: str | None = None) -> str:
        return words.help_text(lang)


# ------------------------------------------------------------------------ positions --
# A scenario's position, checked field by field before any is used, so that a number where
# a list belongs, or a list where a seat belongs, is one line naming the field rather than
# a crash. The unknown fields of a seat, a team and the position are kept (extra="allow")
# to be named by the older, clearer messages above; those of a field card go on to the 1v1
# reader (face_down, mods...).


class SeatPosition(Part):
    model_config = ConfigDict(extra="allow")
    hand: list[StrictStr] = Field(default_factory=list)
    deck: list[StrictStr] = Field(default_factory=list)
    incinerator: list[StrictStr] = Field(default_factory=list)
    zone_used: StrictBool = False


class TeamCard(Part):
    model_config = ConfigDict(extra="allow")
    id: StrictStr
    owner: StrictStr | None = None


class TeamPosition(Part):
    model_config = ConfigDict(extra="allow")
    field: list[Annotated[TeamCard, BeforeValidator(by_id)]] = Field(default_factory=list)


class InfernoPosition(Part):
    model_config = ConfigDict(extra="allow")
    zones: list[StrictStr] = Field(default_factory=lambda: ["medica", "civile"])
    round: StrictInt = Field(default=1, ge=1, le=LAST_ROUND)
    seat: StrictStr = "A1"
    phase: StrictStr = "play"
    seats: list[SeatPosition] | None = None  # four, said by the older message
    teams: list[TeamPosition] | None = None
    rift: list[StrictStr] | None = None
