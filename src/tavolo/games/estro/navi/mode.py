# cython: annotation_typing=True, nonecheck=True
"""Single player mode against the five spaceships (digest, Modes item 7).

The 1v1 rules run unchanged where the table does not change them: side 0 is the player,
side 1 the ships' 25 guardians, dealt face down onto the field (five per ship, one ship
per estro) from the collection cards the player's deck does not hold. Gifts, battles and
destruction are the 1v1 ones; this class changes the turns, the attacks on face-down
guardians and on ships, the end of the game, and adds alarms, skills and items.

The ships never get a ``Decision``: whatever the 1v1 rules would ask side 1 (a gift's
target, an optional gift, a card to revive, a zone window) is answered at once by the
ships' policy (``ships_choice``), and their attacks by ``ships_target`` (the manual's
"Targets" button); ties are broken with the state's RNG.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Annotated, Any, ClassVar

from pydantic import (
    BeforeValidator,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
)

from tavolo.engine import (
    QUIET,
    RNG,
    Config,
    ContentError,
    Decision,
    Event,
    event,
    no_options,
)
from tavolo.engine.steps import Step

from ..cards import CardInfo, chimera_parts
from ..combat import DIE_BONUS, MATCHUP
from ..content import bad_position
from ..game import EstroGame
from ..gifts import LiveAura
from ..position import Part, by_id, parse
from ..rules import (
    ATTACKS_PER_TURN,
    DECK_SIZE,
    FIELD_CHECK_AFTER_ROUND,
    HAND_LIMIT,
    MAX_SLOT,
    SLOTS,
)
from ..schema import ESTRI
from ..state import FESSURA, Battle, EstroState, Player
from . import text
from .content import TARGETS, Fleet, Item, default_fleet
from .state import NaviState

if TYPE_CHECKING:
    from ..view import Option

SHIPS = 5
GUARDIANS = 5  # per ship
REVEALS = 2  # guardians the player reveals at the start of the ships' turn
FIELD_CHECK_TURN = 2 * FIELD_CHECK_AFTER_ROUND

_REVEALS = tuple("navi:reveal" + ref for ref in SLOTS)  # built once, not at every ask


class Mode(EstroGame):
    """The ships' table: an :class:`EstroGame` on a :class:`NaviState` (game.py)."""

    mode: ClassVar[str] = "navi"
    seats: ClassVar[tuple[int, ...]] = (1,)
    state_class = NaviState
    __slots__ = ("_item_use", "_max_shields", "fleet")

    def __init__(self, game: EstroGame, fleet: Fleet | None = None) -> None:
        super().__init__(game=game)
        self.fleet = fleet or default_fleet()
        self.handlers["navi"] = self._step_navi
        self.deciders["navi"] = self._ask_navi
        self._max_shields = tuple(sh.shields for sh in self.fleet.ships)
        # each item's (when, what it aims at), read at every decision an item is held
        self._item_use = {
            x: (it.when, TARGETS.get(it.effect)) for x, it in self.fleet.items.items()
        }
        clash = sorted(
            x for x in (*(sh.id for sh in self.fleet.ships), *self.fleet.items) if x in self.info
        )
        if clash:  # ids are words of observations: a card's id there would read as a card
            raise ContentError.said(text.MSG, "content.id_clash", id=clash[0])

    # ------------------------------------------------------------------ configuration --
    def check_options(self, mode: str, options: Mapping[str, Any]) -> Mapping[str, Any]:
        if options:
            raise no_options("estro navi", options)
        return {}

    def new(self, config: Config, seed: int) -> NaviState:
        """The player's 25-card deck and the 25 guardians, dealt without overlap; five
        cards in hand; the zone (E-2); the player goes first."""
        rng = RNG(seed)
        dealt = rng.sample(self.ids, DECK_SIZE + SHIPS * GUARDIANS, "navi deal")
        me = Player(dealt[:DECK_SIZE])
        guards = dealt[DECK_SIZE:]
        ships = Player([])
        ships.field = guards[:]
        ships.down = set(guards)
        ships.zone_used = True  # the ships never use the zone's action
        for _ in range(HAND_LIMIT):
            me.hand.append(me.deck.pop())
        zone = rng.below(len(ESTRI))
        s = NaviState(rng, [me, ships], zone, 0, config.mode)
        s.crew = tuple(tuple(guards[i * GUARDIANS : (i + 1) * GUARDIANS]) for i in range(SHIPS))
        s.ship_of = {c: i for i, cs in enumerate(s.crew) for c in cs}
        s.shields = list(self._max_shields)
        s.alarm = [0] * SHIPS
        s.pool = self.fleet.item_ids
        if s.mf & FESSURA:  # the dimensional deck: the 200 cards nobody was dealt
            self.open_rift(s, set(dealt))
        s.active = 1
        s.steps.append(("start",))
        self._run(s, [])
        return s

    # ------------------------------------------------------------------ the forward model --
    def _run(self, s: EstroState, events: list[Event]) -> None:
        """The 1v1 loop; a decision it would give the ships is answered by their policy."""
        super()._run(s, events)
        while s._dec is not None and s._dec.player != 0:
            d = s._dec
            s._dec = None
            self._answer_step(s, d, self.ships_choice(s, d), events)
            super()._run(s, events)

    def _answer_step(self, s: EstroState, d: Decision, action: str, events: list[Event]) -> None:
        if s.steps[-1][0] == "navi":
            self._answer_navi(s, action, events)
        elif d.player == 0 and action[:9] == "redirect:":
            self._redirect(s, d, action, events)  # type: ignore[arg-type]
        else:
            super()._answer_step(s, d, action, events)
        self._after_probe(s, events)  # type: ignore[arg-type]

    def _available(self, s: EstroState, p: int, c: str, trig: str) -> bool:
        """A guardian revealed by an attack keeps its gift asleep until the turn passes."""
        if p == 1 and c in s.pending:  # type: ignore[attr-defined]
            return False
        return super()._available(s, p, c, trig)

    def acting_auras(self, s: EstroState) -> list[LiveAura]:
        """The auras acting now. The aura pass is skipped when every aura card on the
        field is a face-down guardian (the usual case here: 25 guardians start face
        down); Navi is never played in Zona di Conquista, so they act on every card."""
        auras = self.aura_cards
        if auras:
            me: Player = s.players[0]
            ships: Player = s.players[1]
            if not auras.isdisjoint(me.field) or not auras.intersection(ships.field) <= ships.down:
                live = self.shared_auras(s)
                assert live is not None
                return live
        return []

    # ------------------------------------------------------------------ the player's turn --
    def _start_turn(self, s: EstroState, events: list[Event]) -> None:
        assert isinstance(s, NaviState)
        p = s.active = 1 - s.active
        pl: Player = s.players[p]
        turn = s.turn = s.turn + 1
        rnd = (turn + 1) // 2
        s.played = 0
        s.attacked.clear()
        s.attacks = ATTACKS_PER_TURN + pl.extra_attacks
        if p == 1:  # the ships: two reveals of the player's choice, two attacks, the alarms
            s.phase = "ships"
            s.plays = 0
            pl.extra_plays = pl.extra_attacks = 0
            if events is not QUIET:
                events.append(event("navi.ships_turn", {"round": rnd, "turn": turn}))
            s.steps.append(("navi", "close", "gifts"))
            s.steps.append(("navi", "attack"))
            s.steps.append(("navi", "reveal", REVEALS))
            if not self._turn_start.isdisjoint(pl.field):
                self.trigger_all(s, 1, "turn_start")
            return
        s.phase = "play"
        s.plays = 1 + pl.extra_plays
        pl.extra_plays = pl.extra_attacks = 0
        if pl.chimera_turn and turn > pl.chimera_turn + 2:
            pl.chimera_turn = 0
            events.append(event("chimera_lapsed", {"player": 0}))
        if events is not QUIET:
            events.append(event("turn", {"player": 0, "round": rnd, "turn": turn}))
        st = self.fleet.settings
        if (
            s.pool
            and rnd >= st.first_item_round
            and (rnd - st.first_item_round) % st.item_every == 0
        ):
            pool = list(s.pool)
            x = s.rng.draw(pool, "navi item")
            s.pool = tuple(pool)
            s.held = (*s.held, x)
            if events is not QUIET:
                events.append(event("navi.item", {"item": x}))
        if pl.deck:
            self.draw(s, 0, events)
        else:  # no loss for an empty deck, even with no hand: the field fights on
            events.append(event("deck_empty", {"player": 0}))
        if not self._turn_start.isdisjoint(pl.field):
            self.trigger_all(s, 0, "turn_start")

    def _play_actions(self, s: EstroState, p: int) -> list[str]:
        acts = super()._play_actions(s, p)
        if acts and s.held:  # type: ignore[attr-defined]
            acts += self.item_actions(s, "turn")  # type: ignore[arg-type]
        return acts

    def _attack_actions(self, s: EstroState, p: int) -> list[str]:
        """Attacks on guardians (1v1), on ships without guardians, and the items."""
        assert isinstance(s, NaviState)
        acts = super()._attack_actions(s, p)
        if s.attacks > 0 and not (s.mf and self._attack_barred(s)):
            open_ships = self.open_ships(s)
            if open_ships:
                pl: Player = s.players[0]
                busy = s.attacked | self.resting(s, pl) if pl.rest else s.attacked
                for a in pl.field:
                    if a not in pl.down and a not in busy:
                        acts += [f"attack:{a}:@{ESTRI[i]}" for i in open_ships]
        if s.held:
            acts += self.item_actions(s, "turn")
        return acts

    def open_ships(self, s: NaviState) -> list[int]:
        """The ships still flying with no guardian on the field: they can be attacked."""
        ships: Player = s.players[1]
        of = s.ship_of
        guarded = {of.get(c) for c in ships.field}
        shields = s.shields
        return [i for i in range(SHIPS) if shields[i] > 0 and i not in guarded]

    def _turn_action(self, s: EstroState, p: int, action: str, events: list[Event]) -> None:
        assert isinstance(s, NaviState)
        parts = action.split(":")
        if parts[0] == "item":
            self.use_item(s, parts, events)
            return
        if parts[0] == "attack":
            tgt = parts[2]
            if tgt[0] == "@":
                self._hit_ship(s, parts[1], ESTRI.index(tgt[1:]), events)
                return
            if tgt[0] == "#":  # a face-down guardian: revealed, its gift asleep for now
                c = s.players[1].field[int(tgt[1:])]
                self._show(s, c, "attack", events)
                s.pending = (*s.pending, c)
                s.flags["navi_probe"] = c
                action = f"attack:{parts[1]}:{c}"
        super()._turn_action(s, p, action, events)

    def _show(self, s: NaviState, c: str, by: str, events: list[Event]) -> None:
        s.players[1].down.discard(c)
        if events is not QUIET:
            events.append(event("navi.reveal", {"card": c, "ship": s.ship_of.get(c, -1), "by": by}))

    def _step_battle(self, s: EstroState, step: Step, events: list[Event]) -> bool:
        out = super()._step_battle(s, step, events)
        self._after_probe(s, events)  # type: ignore[arg-type]
        return out

    def _redirect(self, s: NaviState, d: Decision, action: str, events: list[Event]) -> None:
        """An attack redirected onto a face-down guardian meets it as an attack on it does:
        revealed with its gift asleep, then a battle (not E-6's fall). A probed guardian
        the attack leaves has survived it: another of its ship is revealed."""
        ships = s.players[1]
        old = s.flags.pop("navi_probe", None)
        c = ships.field[int(action[10:])] if action[9] == "#" else None
        super()._answer_step(s, d, action, events)
        if c is not None:
            self._show(s, c, "attack", events)
            s.pending = (*s.pending, c)
        if old is not None:
            self._probe(s, old, events)
        if c is not None:
            s.flags["navi_probe"] = c

    def _after_probe(self, s: NaviState, events: list[Event]) -> None:
        if s.battle is not None or not s.flags:
            return
        c = s.flags.pop("navi_probe", None)
        if c is not None:
            self._probe(s, c, events)

    def _probe(self, s: NaviState, c: str, events: list[Event]) -> None:
        """An attacked face-down guardian that survived reveals another of its ship."""
        ships = s.players[1]
        if c not in ships.field:
            return
        ship = s.ship_of.get(c)
        hidden = [x for x in ships.field if x in ships.down and s.ship_of.get(x) == ship]
        if hidden:
            x = hidden[s.rng.below(len(hidden))] if len(hidden) > 1 else hidden[0]
            self._show(s, x, "probe", events)
            s.pending = (*s.pending, x)

    def _hit_ship(self, s: NaviState, a: str, i: int, events: list[Event]) -> None:
        """An attack on a ship: its shields lose the attacker's TOT."""
        s.attacks -= 1
        s.attacked.add(a)
        dmg = max(0, self.tot(s, 0, a))
        self._damage(s, i, dmg, a, events)

    def _damage(self, s: NaviState, i: int, dmg: int, by: str, events: list[Event]) -> None:
        s.shields[i] = max(0, s.shields[i] - dmg)
        data = {"ship": i, "by": by, "damage": dmg, "shields": s.shields[i]}
        if events is not QUIET:
            events.append(event("navi.ship_hit", data))
        if s.shields[i] == 0:
            s.alarm[i] = 0
            events.append(event("navi.ship_destroyed", {"ship": i}))
            if not any(s.shields):
                self._finish(s, 0, "fleet_destroyed", events)

    def _step_destroy(self, s: EstroState, step: Step, events: list[Event]) -> bool:
        out = super()._step_destroy(s, step, events)
        if step[1] == 1 and step[2] not in s.players[1].field:
            assert isinstance(s, NaviState)
            self._check_alarm(s, s.ship_of.get(step[2], -1), events)
        return out

    def _check_alarm(self, s: NaviState, i: int, events: list[Event]) -> None:
        """A ship whose guardians are all gone starts its alarm countdown."""
        if i < 0 or s.alarm[i] or not s.shields[i]:
            return
        of = s.ship_of
        if any(of.get(c) == i for c in s.players[1].field):
            return
        s.alarm[i] = self.fleet.ships[i].countdown
        events.append(event("navi.alarm_start", {"ship": i, "turns": s.alarm[i]}))

    def _step_end(self, s: EstroState, step: Step, events: list[Event]) -> bool:
        """The player's end: discard to five, their turn-end gifts, then the gifts of the
        guardians revealed during the turn wake up; then the field check."""
        assert isinstance(s, NaviState)
        stage = step[1]
        if stage == "discard":
            if len(s.players[0].hand) > HAND_LIMIT:
                return True
            stage = "gifts"
        if stage == "gifts":
            if self.turn_end_gifts(s, 0, ("end", "pending")):
                return False
            stage = "pending"
        if stage == "pending":
            s.steps[-1] = ("end", "check")
            if s.pending:
                ships = s.players[1]
                waking = [c for c in ships.field if c in s.pending]
                s.pending = ()
                if waking:
                    events.append(event("navi.gifts_wake", {"cards": waking}))
                    depth = len(s.steps)
                    for c in reversed(waking):
                        self.trigger_entry(s, 1, c)
                    if len(s.steps) != depth:
                        return False
        s.steps.pop()
        if not self._field_lost(s, events):
            self._start_turn(s, events)
        return False

    def _field_lost(self, s: NaviState, events: list[Event]) -> bool:
        me: Player = s.players[0]
        if s.turn >= FIELD_CHECK_TURN and not me.field:
            self._finish(s, 1, "empty_field", events)
            return True
        return False

    def _finish(self, s: EstroState, winner: int | None, reason: str, events: list[Event]) -> None:
        s.result = (1.0, 0.0) if winner == 0 else (0.0, 1.0)
        s.reason = reason
        s.phase = "over"
        s.steps.clear()
        s.battle = None
        events.append(event("navi.end", {"won": winner == 0, "reason": reason, "round": s.round}))

    # ------------------------------------------------------------------- the ships' turn --
    def _step_navi(self, s: EstroState, step: Step, events: list[Event]) -> bool:
        assert isinstance(s, NaviState)
        kind = step[1]
        if kind == "reveal":
            left = step[2]
            ships: Player = s.players[1]
            if left > 0 and ships.down:
                return True
            # nothing to reveal: items for the ships' turn are still offered, once asked
            if (left == REVEALS or left < 0) and s.held and self.item_actions(s, "ships_turn"):
                if left >= 0:
                    s.steps[-1] = ("navi", "reveal", -1)
                return True
            s.steps.pop()
            return False
        if kind == "attack":
            if s.attacks > 0:
                pick = self.ships_target(s)
                if pick is not None:
                    a, d = pick
                    s.attacks -= 1
                    s.attacked.add(a)
                    s.battle = Battle(1, a, d)
                    s.steps.append(("battle", "declare"))
                    return False
            s.steps.pop()
            return False
        stage = step[2]  # close: turn-end gifts, the alarms, the checks, the next turn
        if stage == "gifts":
            if self.turn_end_gifts(s, 1, ("navi", "close", "alarms")):
                return False
            stage = "alarms"
        if stage == "alarms":
            s.steps[-1] = ("navi", "close", "check")
            depth = len(s.steps)
            for i in range(SHIPS):
                if s.alarm[i] and s.shields[i]:
                    s.alarm[i] -= 1
                    if s.alarm[i]:
                        events.append(event("navi.alarm", {"ship": i, "turns": s.alarm[i]}))
                    else:
                        s.alarm[i] = self.fleet.ships[i].countdown
                        self.fire_skill(s, i, events)
            if len(s.steps) != depth:
                return False
        s.steps.pop()
        if self._field_lost(s, events):
            return False
        if s.round >= self.fleet.settings.safety_round:
            self._finish(s, 1, "fleet_holds", events)
        else:
            self._start_turn(s, events)
        return False

    def _ask_navi(self, s: EstroState, step: Step) -> Decision:
        """The player picks the guardians the ships reveal (ships_turn items too)."""
        assert isinstance(s, NaviState)
        if step[2] < 0:  # no guardian left to reveal: an item first, or the attacks
            items = ("navi:go", *self.item_actions(s, "ships_turn"))
            return Decision(0, "navi_items", items)
        ships = s.players[1]
        down = ships.down
        acts = [
            _REVEALS[i] if i < MAX_SLOT else f"navi:reveal:#{i}"
            for i, c in enumerate(ships.field)
            if c in down
        ]
        if s.held:
            acts += self.item_actions(s, "ships_turn")
        return Decision(0, "navi_reveal", tuple(acts), {"left": step[2]})

    def _answer_navi(self, s: EstroState, action: str, events: list[Event]) -> None:
        assert isinstance(s, NaviState)
        parts = action.split(":")
        if parts[0] == "item":
            self.use_item(s, parts, events)
            return
        if parts[1] == "go":
            s.steps.pop()
            return
        c = s.players[1].field[int(parts[2][1:])]
        s.steps[-1] = ("navi", "reveal", s.steps[-1][2] - 1)
        self._show(s, c, "choice", events)
        self.trigger_entry(s, 1, c)  # its gift at once

    def ships_target(self, s: NaviState) -> tuple[str, str] | None:
        """The ships' next attack: a face-up guardian that has not attacked and a card
        of the player. A sure kill (one the defender's die cannot save) comes first, the
        strongest card first (a face-down card is a sure kill worth TOT 0); else the
        pair with the best TOT margin; a protected card only when nothing else is left;
        ties by the state's RNG."""
        me: Player = s.players[0]
        ships: Player = s.players[1]
        if not me.field:
            return None
        attackers = [a for a in ships.field if a not in ships.down and a not in s.attacked]
        if not attackers:
            return None
        live = self.acting_auras(s)
        info = self.info
        seen = []
        for a in attackers:
            av = self.stats(s, 1, a, live)
            ae = ships.estro.get(a)
            if ae is None:
                ci: CardInfo = info[a]
                ae = ci.estro
            seen.append((a, av[ae], av[0] + av[1] + av[2] + av[3] + av[4], ae))
        # the best key so far, (rank, value) compared as a pair, kept as two ints
        best_rank = best_value = -(10**9)
        picks: list[tuple[str, str]] = []
        turn = s.turn
        for d in me.field:
            guarded = me.shield.get(d, 0) >= turn
            down = d in me.down
            if not down:
                dv = self.stats(s, 0, d, live)
                de = me.estro.get(d, -1)
                if de < 0:
                    ci = info[d]
                    de = ci.estro
                dtot = dv[0] + dv[1] + dv[2] + dv[3] + dv[4]
                dpri = dv[de]
                bonus = DIE_BONUS if (turn > 2 or d in me.summoned) else 0
            for a, apri, atot, ae in seen:
                if down:
                    rank, value = (0 if guarded else 2), 0
                else:
                    atot += MATCHUP[ae][de]
                    if guarded:
                        rank, value = 0, atot - dtot
                    elif apri >= 2 * (dpri + bonus) + 1 or atot > dtot + bonus:
                        rank, value = 2, dtot
                    else:
                        rank, value = 1, atot - dtot
                if rank > best_rank or (rank == best_rank and value > best_value):
                    best_rank, best_value, picks = rank, value, [(a, d)]
                elif rank == best_rank and value == best_value:
                    picks.append((a, d))
        return picks[0] if len(picks) == 1 else picks[s.rng.below(len(picks))]

    def ships_choice(self, s: EstroState, d: Decision) -> str:
        """What the ships answer where the 1v1 rules would ask them: an optional gift is
        used; a harmful gift aims at the player's strongest card, a helpful one at the
        strongest guardian; a revive takes the strongest card; anything else passes."""
        acts = d.actions
        if d.kind == "gift_optional":
            return "gift:use"
        if d.kind == "gift_target":
            return self._gift_target(s, acts)
        if d.kind == "revive":
            return max(acts, key=lambda a: (self.info[a.split(":")[1]].tot, a))
        if "pass" in acts:
            return "pass"
        return acts[s.rng.below(len(acts))]

    def _gift_target(self, s: EstroState, acts: tuple[str, ...]) -> str:
        c = s.steps[-1][2]
        gift = self.info[c].gift
        assert gift is not None
        harmful = any(
            e.destroy is not None
            or e.swap is not None
            or e.convert is not None
            or (e.stat is not None and (e.add or 0) < 0)
            for e in gift.do
        )
        want = 0 if harmful else 1
        best: tuple[int, int] | None = None
        picks: list[str] = []
        for a in acts:
            _, q, x = a.split(":")
            side = int(q)
            card = self.deref(s.players[side], x)
            worth = -1 if card in s.players[side].down else self.tot(s, side, card)
            key = (1 if side == want else 0, worth)
            if best is None or key > best:
                best, picks = key, [a]
            elif key == best:
                picks.append(a)
        return picks[0] if len(picks) == 1 else picks[s.rng.below(len(picks))]

    # --------------------------------------------------------------------- ship skills --
    def fire_skill(self, s: NaviState, i: int, events: list[Event]) -> None:
        skill = self.fleet.ships[i].skill
        n = skill.n
        e = skill.effect
        events.append(event("navi.skill", {"ship": i, "effect": e, "n": n}))
        me: Player = s.players[0]
        ships: Player = s.players[1]
        if e == "strike":
            ranked = sorted(
                me.field,
                key=lambda c: (-1 if c in me.down else self.tot(s, 0, c), -me.field.index(c)),
                reverse=True,
            )
            for c in reversed(ranked[:n]):
                s.steps.append(("destroy", 0, c, "gift", "check"))
        elif e == "drain":
            for _ in range(n):
                if me.hand:
                    x = s.rng.draw(me.hand, "navi drain")
                    me.inc.append(x)
                    events.append(event("discard", {"player": 0, "card": x}))
        elif e == "mill":
            for _ in range(n):
                if me.deck:
                    x = me.deck.pop()
                    me.inc.append(x)
                    events.append(event("navi.burn", {"card": x}))
        elif e == "corrode":
            for c in me.field:
                if c not in me.down:
                    self._primary(s, 0, c, -n, f"ship:{i}", events)
        elif e == "empower":
            for c in ships.field:
                if c not in ships.down:
                    self._primary(s, 1, c, n, f"ship:{i}", events)
        elif e == "recharge":
            for j in range(SHIPS):
                if s.shields[j]:
                    s.shields[j] = min(self._max_shields[j], s.shields[j] + n)
            events.append(event("navi.recharge", {"shields": s.shields[:]}))
        else:  # reinforce: the ship's own fallen guardians return face up
            back = [x for x in reversed(ships.inc) if s.ship_of.get(x) == i][:n]
            for x in back:
                ships.inc.remove(x)
                ships.field.append(x)
            events.append(event("navi.reinforce", {"ship": i, "cards": back}))

    def _primary(self, s: EstroState, q: int, c: str, n: int, by: str, events: list[Event]) -> None:
        """Add ``n`` to card (q, c)'s primary stat for the game (never below 0)."""
        e = self.estro(s, q, c)
        if n < 0:
            n = -min(-n, max(0, self.stats(s, q, c)[e]))
        delta = [0, 0, 0, 0, 0]
        delta[e] = n
        self.add_mods(s, q, c, delta)
        if events is not QUIET:
            events.append(self.card_event(s, "changed", q, c, by=by, stats=self.stats(s, q, c)))

    # -------------------------------------------------------------------------- items --
    def item_actions(self, s: NaviState, when: str) -> list[str]:
        out: list[str] = []
        use = self._item_use
        for x in dict.fromkeys(s.held):
            it_when, aim = use[x]
            if it_when != "any" and it_when != when:
                continue
            if aim is None:
                out.append(f"item:{x}")
            else:
                head = f"item:{x}:"
                out += [head + t for t in self._item_targets(s, aim, self.fleet.items[x])]
        return out

    def _item_targets(self, s: NaviState, aim: str, it: Item) -> list[str]:
        me: Player = s.players[0]
        ships: Player = s.players[1]
        if aim == "own":
            return me.field[:]
        if aim == "own_up":
            return [c for c in me.field if c not in me.down]
        if aim == "guardian_down":
            return [f"#{i}" for i, c in enumerate(ships.field) if c in ships.down]
        if aim == "ship":
            return [f"@{ESTRI[i]}" for i in range(SHIPS) if s.shields[i]]
        if aim == "alarm":
            return [f"@{ESTRI[i]}" for i in range(SHIPS) if s.shields[i] and s.alarm[i]]
        if aim == "incinerator":
            return sorted(set(me.inc))
        up = [c for c in ships.field if c not in ships.down]
        if aim == "guardian_gift":
            info = self.info
            return [
                c
                for c in up
                if info[c].gift is not None
                and c not in ships.inhibited
                and not (info[c].gift.kind == "once" and c in ships.spent)  # type: ignore[union-attr]
            ]
        if it.effect == "snipe":
            live = self.acting_auras(s)
            most = it.n or 0
            small = []
            for c in up:
                v = self.stats(s, 1, c, live)
                if v[0] + v[1] + v[2] + v[3] + v[4] <= most:
                    small.append(c)
            return small
        return up  # weaken

    def use_item(self, s: NaviState, parts: list[str], events: list[Event]) -> None:
        x = parts[1]
        tgt = parts[2] if len(parts) > 2 else None
        held = list(s.held)
        held.remove(x)
        s.held = tuple(held)
        s.used = (*s.used, x)
        it = self.fleet.items[x]
        e = it.effect
        n = it.n or 0
        me: Player = s.players[0]
        ships: Player = s.players[1]
        data: dict[str, Any] = {"item": x}
        if tgt is not None:
            data["target"] = tgt
        if events is not QUIET:
            events.append(event("navi.item_used", data))
        if e == "boost":
            self._primary(s, 0, str(tgt), n, f"item:{x}", events)
        elif e == "boost_all":
            for c in me.field:
                if c not in me.down:
                    self._primary(s, 0, c, n, f"item:{x}", events)
        elif e == "weaken":
            self._primary(s, 1, str(tgt), -n, f"item:{x}", events)
        elif e == "torpedo":
            self._damage(s, ESTRI.index(str(tgt)[1:]), n, f"item:{x}", events)
        elif e == "barrage":
            for i in range(SHIPS):
                if s.shields[i] and s.result is None:
                    self._damage(s, i, n, f"item:{x}", events)
        elif e == "scan":
            c = ships.field[int(str(tgt)[1:])]
            self._show(s, c, "scan", events)
            ships.inhibited = ships.inhibited | {c}
        elif e == "silence":
            ships.inhibited = ships.inhibited | {str(tgt)}
            events.append(event("navi.silenced", {"card": tgt}))
        elif e == "snipe":
            s.steps.append(("destroy", 1, str(tgt), "gift", "check"))
        elif e == "draw":
            for _ in range(n):
                self.draw(s, 0, events)
        elif e in ("repair", "redeploy"):
            self._revive(s, 0, str(tgt), "hand" if e == "repair" else "field", events)
        elif e in ("protect", "fortify"):
            until = s.turn + 1 if s.active == 0 else s.turn
            for c in me.field if e == "fortify" else [str(tgt)]:
                me.shield[c] = until
                events.append(self.card_event(s, "shielded", 0, c, until_turn=until))
        elif e == "delay":
            i = ESTRI.index(str(tgt)[1:])
            s.alarm[i] += n
            events.append(event("navi.alarm", {"ship": i, "turns": s.alarm[i]}))
        elif e == "extra_attack":
            s.attacks += n
            events.append(event("extra", {"player": 0, "attacks": n}))
        elif e == "extra_play":
            if s.phase == "play":
                s.plays += n
            else:
                me.extra_plays += n
            events.append(event("extra", {"player": 0, "plays": n}))
        else:  # jam: the ships make fewer attacks this turn
            s.attacks = max(0, s.attacks - n)
            events.append(event("navi.jammed", {"attacks": s.attacks}))

    # ------------------------------------------------------------------------ results --
    def returns(self, s: EstroState) -> tuple[float, ...]:
        return (s.result[0],) if s.result is not None else (0.0,)

    def metrics(self, s: EstroState) -> dict[str, float]:
        assert isinstance(s, NaviState)
        return {
            "rounds": float(s.round),
            "ships_destroyed": float(sum(1 for x in s.shields if not x)),
            "guardians_destroyed": float(len(s.players[1].inc)),
            "items_used": float(len(s.used)),
            "won": 1.0 if s.result is not None and s.result[0] == 1.0 else 0.0,
        }

    def heuristic(self, s: EstroState, player: int) -> float:
        """Progress against the fleet (guardians down, shields lost), then the player's
        strength on the field and in hand."""
        assert isinstance(s, NaviState)
        if s.result is not None:
            return s.result[0]
        ships = s.players[1]
        left = [0] * SHIPS
        for c in ships.field:
            i = s.ship_of.get(c, -1)
            if i >= 0:
                left[i] += 1
        progress = 0.0
        for i in range(SHIPS):
            if not s.shields[i]:
                progress += 1.0
            else:
                progress += 0.5 * (1 - min(left[i], GUARDIANS) / GUARDIANS)
                progress += 0.45 * (1 - s.shields[i] / self._max_shields[i])
        me: Player = s.players[0]
        strength = 6.0 * len(me.hand) + 2.0 * len(me.deck)
        for c in me.field:
            strength += 30 if c in me.down else self.tot(s, 0, c)
        return 0.03 + 0.77 * progress / SHIPS + 0.2 * (1 - math.exp(-strength / 250))

    # ------------------------------------------------------------------- information --
    def observe(self, s: EstroState, player: int | None) -> dict[str, Any]:
        assert isinstance(s, NaviState)
        me: Player = s.players[0]
        ships: Player = s.players[1]
        mine: dict[str, Any] = {
            "hand_size": len(me.hand),
            "deck_size": len(me.deck),
            "field": [self.card_view(s, 0, c, player) for c in me.field],
            "incinerator": me.inc[:],
            "zone_used": me.zone_used,
            "items": list(s.held),
        }
        if player == 0:
            mine["hand"] = me.hand[:]
        if me.known:
            known = me.known_hand()
            if known:
                mine["hand_known"] = known
        fleet = []
        for i, sh in enumerate(self.fleet.ships):
            fleet.append(
                {
                    "id": sh.id,
                    "estro": sh.estro,
                    "shields": s.shields[i],
                    "max_shields": sh.shields,
                    "alarm": s.alarm[i],
                    "countdown": sh.countdown,
                    "destroyed": not s.shields[i],
                    "guardians": [
                        self.card_view(s, 1, c, player)
                        for c in ships.field
                        if s.ship_of.get(c) == i
                    ],
                }
            )
        out: dict[str, Any] = {
            "game": self.name,
            "mode": s.mode,
            "you": player,
            "round": s.round,
            "turn": s.turn,
            "active": s.active,
            "phase": s.phase,
            "zone": text.ZONE_IDS[s.zone],
            "player": mine,
            "ships": fleet,
            "guardians_destroyed": ships.inc[:],
            "ships_hold": ships.hand[:],
            "waking": list(s.pending),
            "items_left": len(s.pool),
            "items_used": list(s.used),
        }
        if s.mf & FESSURA:
            out["rift_size"] = len(s.rift)
            out["rift_opened"] = s.rift_turn == s.turn
        b: Battle | None = s.battle
        if b is not None:
            dpl: Player = s.players[1 - b.ap]
            out["battle"] = {
                "attacker": b.a,
                "player": b.ap,
                "defender": b.d if (player == 1 - b.ap or b.d not in dpl.down) else None,
                "att_die": b.adie,
                "def_die": b.ddie,
                "rule": b.rule,
            }
        return self.observe_end(s, out, seats=1)

    def secrets(self, s: EstroState, player: int) -> Iterable[str]:
        me: Player = s.players[0]
        ships: Player = s.players[1]
        hidden = set(ships.down) | set(me.deck) | set(s.rift)
        visible = set(me.hand) | set(me.inc) | set(ships.inc) | set(ships.hand)
        visible |= {x for c in me.field for x in chimera_parts(c)}
        visible |= {c for c in ships.field if c not in ships.down}
        return hidden - visible

    def inventory(self, s: EstroState) -> list[tuple[str, str]]:
        assert isinstance(s, NaviState)
        out = super().inventory(s)
        out += [(f"item:{x}", "items:pool") for x in s.pool]
        out += [(f"item:{x}", "items:held") for x in s.held]
        out += [(f"item:{x}", "items:used") for x in s.used]
        return out

    def _determinize(self, s: EstroState, player: int, rng: RNG) -> EstroState:
        """Re-deal what the player cannot see: the face-down guardians (and the rift)
        come from the cards the player has not seen; the player's deck is reshuffled."""
        assert isinstance(s, NaviState)
        d = s.clone()
        me, ships = d.players
        hidden_down = [c for c in ships.field if c in ships.down]
        out = d.rift_born - set(d.rift)  # rift cards already taken by the player
        known = set(me.deck) | set(me.hand) | set(me.inc) | set(ships.inc) | set(ships.hand)
        known |= {x for c in me.field for x in chimera_parts(c)}
        known |= {c for c in ships.field if c not in ships.down}
        known |= out
        pool = [c for c in self.ids if c not in known]
        rng.shuffle(pool)
        k = len(hidden_down)
        if hidden_down:
            remap = dict(zip(hidden_down, pool[:k], strict=True))
            self._remap(d, 1, remap)
            d.crew = tuple(tuple(remap.get(c, c) for c in cs) for cs in d.crew)
            d.ship_of = {c: i for i, cs in enumerate(d.crew) for c in cs}
            if d.pending:
                d.pending = tuple(remap.get(c, c) for c in d.pending)
        if d.rift:
            d.rift = tuple(pool[k : k + len(d.rift)])
            d.rift_born = frozenset(out | set(d.rift))
        rng.shuffle(me.deck)
        return d

    # ---------------------------------------------------------------------- positions --
    def from_position(self, config: Config, position: Mapping[str, Any], rng: RNG) -> NaviState:
        """A position at the start of a turn: ``zone``, ``round``, ``start`` (``player``
        or ``ships``: whose turn begins, the draw and item included), ``player`` (``deck``,
        ``hand``, ``field``, ``incinerator`` as in the 1v1 positions), ``ships`` (five
        entries in estro order: ``guardians`` -- ids, face up, or ``{id, face_down}`` --,
        ``fallen`` guardians in the Incinerator, ``shields``, ``alarm``), ``items`` held
        and ``item_pool`` (the items still to come; none unless given). Every field is
        checked (``NaviPosition``) before any is used: a wrong one is one line."""
        game = "estro navi"
        pos = parse(NaviPosition, position, game)
        if pos.model_extra:
            raise bad_position(game, "field", field=sorted(pos.model_extra)[0])
        zone = pos.zone
        zones = text.ZONE_IDS
        if zone not in zones and zone not in ESTRI:
            raise bad_position(game, "zone", zone=zone)
        z = zones.index(zone) if zone in zones else ESTRI.index(zone)
        last = self.fleet.settings.safety_round
        if pos.round > last:
            raise bad_position(game, "round", last=last, round=pos.round)
        me = self._position_player(0, pos.player or {})
        if pos.ships is None or len(pos.ships) != SHIPS:
            raise bad_position(game, "ships")
        ships = Player([])
        ships.zone_used = True
        crew: list[tuple[str, ...]] = []
        shields, alarm = [], []
        for i, raw in enumerate(pos.ships):
            if raw.model_extra:
                raise bad_position(game, "ship_field", n=i + 1, field=sorted(raw.model_extra)[0])
            if len(raw.guardians) + len(raw.fallen) > GUARDIANS:
                count = len(raw.guardians) + len(raw.fallen)
                raise bad_position(game, "crew", n=i + 1, count=count, most=GUARDIANS)
            most = self._max_shields[i]
            if raw.shields is not None and not 0 <= raw.shields <= most:
                raise bad_position(
                    game,
                    "shields",
                    n=i + 1,
                    most=most,
                    shields=raw.shields,
                )
            mine = []
            for entry in raw.guardians:
                c = self._card(entry.id)
                ships.field.append(c)
                if entry.face_down:
                    ships.down.add(c)
                mine.append(c)
            for c in raw.fallen:
                ships.inc.append(self._card(c, alone=True))
                mine.append(c)
            crew.append(tuple(mine))
            shields.append(most if raw.shields is None else raw.shields)
            alarm.append(raw.alarm)
        if not any(shields):  # the player has won: no turn begins
            raise bad_position(game, "fleet_down")
        owned = self._owned(me) + [x for cs in crew for c in cs for x in chimera_parts(c)]
        if len(set(owned)) != len(owned):
            raise bad_position(game, "held_twice")
        for x in (*pos.items, *pos.item_pool):
            if x not in self.fleet.items:
                raise bad_position(game, "item", item=x)
        start = pos.start
        if start not in ("player", "ships"):
            raise bad_position(game, "start")
        s = NaviState(rng, [me, ships], z, 0, config.mode)
        s.crew = tuple(crew)
        s.ship_of = {c: i for i, cs in enumerate(s.crew) for c in cs}
        s.shields, s.alarm = shields, alarm
        s.held = tuple(pos.items)
        s.pool = tuple(pos.item_pool)
        rnd = pos.round
        s.turn = 2 * (rnd - 1) + (0 if start == "player" else 1)
        s.active = 1 if start == "player" else 0
        if s.mf & FESSURA:
            taken = set(owned)
            s.rift = tuple(c for c in self.ids if c not in taken)
            s.rift_born = frozenset(s.rift)
        s.steps.append(("start",))
        self._run(s, [])
        return s

    # -------------------------------------------------------------------------- words --
    def describe_action(self, s: EstroState, action: str, lang: str = "en") -> str:
        assert isinstance(s, NaviState)
        return text.describe_action(self, s, action, lang)

    def option_words(self, s: EstroState, lang: str) -> Callable[[str], Option | None] | None:
        assert isinstance(s, NaviState)
        return text.option_words(self, s, lang)

    def describe_event(self, event: Event, player: int | None, lang: str = "en") -> str | None:
        return text.describe_event(self, event, player, lang)

    def describe_events(
        self, s: EstroState, events: Sequence[Event], player: int | None, lang: str = "en"
    ) -> list[str]:
        assert isinstance(s, NaviState)
        return text.describe_events(self, s, events, player, lang)

    def view(self, s: EstroState, player: int | None, lang: str = "en") -> str:
        assert isinstance(s, NaviState)
        return text.board(self, s, player, lang)

    def help(self, lang: str = "en", mode: str | None = None) -> str:
        return text.help_text(self, lang)


# ------------------------------------------------------------------------ positions --
# A scenario's position, checked field by field before any is used, so that a number where
# a list belongs, or a list where a ship belongs, is one line naming the field rather than
# a crash. The unknown fields of a ship and of the position are kept (extra="allow") to be
# named by the older, clearer messages; the player's own fields go to the 1v1 reader.


class Guardian(Part):
    model_config = ConfigDict(extra="forbid")
    id: StrictStr
    face_down: StrictBool = False


class ShipPosition(Part):
    model_config = ConfigDict(extra="allow")
    guardians: list[Annotated[Guardian, BeforeValidator(by_id)]] = Field(default_factory=list)
    fallen: list[StrictStr] = Field(default_factory=list)
    shields: StrictInt | None = None  # the ship's full shields unless given
    alarm: StrictInt = Field(default=0, ge=0)


class NaviPosition(Part):
    model_config = ConfigDict(extra="allow")
    zone: StrictStr = "medica"
    round: StrictInt = Field(default=2, ge=1)
    start: StrictStr = "player"
    player: dict[str, Any] | None = None
    ships: list[ShipPosition] | None = None  # five, said by the older message
    items: list[StrictStr] = Field(default_factory=list)
    item_pool: list[StrictStr] = Field(default_factory=list)
