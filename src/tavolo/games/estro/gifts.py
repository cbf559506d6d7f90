# cython: annotation_typing=True, nonecheck=True
"""The gift interpreter: when gifts trigger, in which order, and what their effects do.

E-5: gifts of a card played face up trigger at once; the active player's gift
resolves first, unless the other player holds a gift that explicitly counters it
(trigger ``opp_gift`` with a ``counter`` effect), which then resolves first and
cancels it. A once-gift is spent when it resolves (or is countered); a passive
gift answers every time. Face-down cards have no active gifts, except that a card
revealed as it falls may still save itself (E-6).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tavolo.engine import QUIET, Decision, Event, event

from .gift_play import Chance, Condition, Effect, Filter, Gift
from .schema import ESTRI, STATS
from .state import ZONA

if TYPE_CHECKING:
    from .cards import CardInfo
    from .host import RulesHost as _Base  # what the mixin uses of EstroRules (host.pyi)
    from .state import Battle, EstroState, Player, Step
else:
    _Base = object

CHANCE_TOT_CAP = 95

LiveAura = tuple[int, str, tuple[tuple[str, int, int, int], ...]]
"""An aura acting now: its owner, its card and its additions (``gift_play.Gift.aura``)."""


def add_auras(live: list[LiveAura], p: int, c: str, e: int, v: list[int]) -> None:
    """Add to the stats ``v`` of card (p, c), of estro ``e``, what the live auras give it."""
    who: str  # (typed: compared as str, not through PyUnicode_Compare)
    for q, x, adds in live:
        for who, want, stat, add in adds:
            if who == "self":
                hit = q == p and x == c
            elif who == "own_all":
                hit = q == p and (want < 0 or want == e)
            else:
                hit = q != p and (want < 0 or want == e)
            if hit:
                v[e if stat < 0 else stat] += add


class GiftRules(_Base):
    __slots__ = ()

    # ------------------------------------------------------------------ triggering --
    def trigger(self, s: EstroState, p: int, c: str, trig: str) -> None:
        ci: CardInfo = self.info[c]
        if ci.trigger == trig and self._available(s, p, c, trig):
            s.steps.append(("gift", p, c, trig, "check", None, None))

    def trigger_all(self, s: EstroState, p: int, trig: str) -> None:
        """Every face-up card of ``p`` with this trigger, resolving in field order."""
        pl: Player = s.players[p]
        cards = self.info.by_trigger.get(trig)
        if not cards or cards.isdisjoint(pl.field):
            return
        info = self.info
        for c in reversed(pl.field):
            ci: CardInfo = info[c]
            if ci.trigger == trig and c not in pl.down:
                self.trigger(s, p, c, trig)

    def turn_end_gifts(self, s: EstroState, p: int, then: Step) -> bool:
        """The end of ``p``'s turn: the top step moves on to ``then`` and p's turn-end
        gifts go on the stack above it; True when there are some (they resolve first)."""
        s.steps[-1] = then
        pl: Player = s.players[p]
        if self._turn_end.isdisjoint(pl.field):
            return False
        depth = len(s.steps)
        self.trigger_all(s, p, "turn_end")
        return len(s.steps) != depth

    def trigger_entry(self, s: EstroState, p: int, c: str) -> None:
        """A card entered face up: its own gift first, then the opponent's reactions."""
        opp: Player = s.players[1 - p]
        if not self._opp_play.isdisjoint(opp.field):
            self.trigger_all(s, 1 - p, "opp_play")
        self.trigger(s, p, c, "play")

    def _available(self, s: EstroState, p: int, c: str, trig: str) -> bool:
        pl: Player = s.players[p]
        if c not in pl.field or (c in pl.down and trig != "destroyed"):
            return False
        ci: CardInfo = self.info[c]
        gift: Gift | None = ci.gift
        return gift is not None and not (gift.kind == "once" and c in pl.spent)

    def card_event(self, s: EstroState, kind: str, q: int, x: str, **data: Any) -> Event:
        """An event about card (q, x); only its owner learns which card a face-down one is."""
        pl: Player = s.players[q]
        if x in pl.down:
            return event(
                kind,
                {"player": q, "card": x, **data},
                (q,),
                {"player": q, "slot": pl.field.index(x)},
            )
        return event(kind, {"player": q, "card": x, **data})

    # ------------------------------------------------------------------ conditions --
    def _foe(self, s: EstroState, p: int, c: str) -> tuple[int, str] | None:
        b: Battle | None = s.battle
        if b is None:
            return None
        if b.ap == p and b.a == c:
            return 1 - p, b.d
        if b.ap != p and b.d == c:
            return b.ap, b.a
        return None

    def _holds(self, s: EstroState, p: int, c: str, conds: tuple[Condition, ...]) -> bool:
        k: Condition  # (typed: compiled, its fields are read directly)
        for k in conds:
            me: Player = s.players[p]
            opp: Player = s.players[1 - p]
            checks: list[bool] = []
            if k.zone is not None:
                checks.append(s.zone == ESTRI.index(k.zone))
            if k.round_at_least is not None:
                checks.append(s.round >= k.round_at_least)
            if k.round_at_most is not None:
                checks.append(s.round <= k.round_at_most)
            if k.my_field_at_least is not None:
                checks.append(len(me.field) >= k.my_field_at_least)
            if k.my_field_at_most is not None:
                checks.append(len(me.field) <= k.my_field_at_most)
            if k.opp_field_at_least is not None:
                checks.append(len(opp.field) >= k.opp_field_at_least)
            if k.opp_field_at_most is not None:
                checks.append(len(opp.field) <= k.opp_field_at_most)
            if k.hand_at_most is not None:
                checks.append(len(me.hand) <= k.hand_at_most)
            if k.hand_at_least is not None:
                checks.append(len(me.hand) >= k.hand_at_least)
            if k.incinerator_at_least is not None:
                checks.append(len(me.inc) >= k.incinerator_at_least)
            if k.foe_estro is not None or k.foe_face_down is not None:
                foe = self._foe(s, p, c)
                if foe is None:
                    return False
                fq, fc = foe
                down = fc in s.players[fq].down
                if k.foe_face_down is not None:
                    checks.append(down == k.foe_face_down)
                if k.foe_estro is not None:
                    checks.append(not down and self.estro(s, fq, fc) == ESTRI.index(k.foe_estro))
            if not all(checks):
                return False
        return True

    # ---------------------------------------------------------------------- auras --
    def live_auras(self, s: EstroState) -> list[LiveAura]:
        """The face-up aura cards whose conditions hold, in field order: what they add
        to a card depends only on its side, id and estro (``add_auras``), so a caller
        judging many cards in one state finds them once. ``ModeRules.apply_auras`` adds
        them to a card's stats, with the modes' exceptions (inhibited auras, Zona)."""
        auras = self.aura_cards
        info = self.info
        out: list[LiveAura] = []
        for q in (0, 1):
            pl: Player = s.players[q]
            down = pl.down
            for x in pl.field:
                if x not in auras or x in down:
                    continue
                ci: CardInfo = info[x]
                gift: Gift | None = ci.gift
                assert gift is not None
                if gift.if_ and not self._holds(s, q, x, gift.if_):
                    continue
                out.append((q, x, gift.aura))
        return out

    # ------------------------------------------------------------------- resolution --
    def _step_gift(self, s: EstroState, step: Step, events: list[Event]) -> bool:
        stage: str
        _, p, c, trig, stage, tq, tc = step
        ci: CardInfo = self.info[c]
        gift: Gift | None = ci.gift
        assert gift is not None
        if stage == "check":
            if not self._available(s, p, c, trig) or not self._holds(s, p, c, gift.if_):
                s.steps.pop()
                return False
            if gift.target is not None and not self._targets(s, p, c, gift):
                # nothing to aim at: the gift does not start, so nothing can counter it
                events.append(event("gift_fizzles", {"player": p, "card": c}))
                s.steps.pop()
                return False
            if gift.optional:  # its owner decides first; a counter answers only a used gift
                s.steps[-1] = ("gift", p, c, trig, "asking", None, None)
                return True
            stage = "counter"
        if stage == "counter":
            s.steps[-1] = ("gift", p, c, trig, "countered", None, None)
            if p == s.active and trig != "opp_gift":
                s.flags.pop("countered", None)
                self._push_counter(s, 1 - p)
            return False
        if stage == "countered":
            if s.flags.pop("countered", None):
                if gift.kind == "once":
                    s.players[p].spent.add(c)
                events.append(event("countered", {"player": p, "card": c}))
                s.steps.pop()
                return False
            stage = "aim"
        if stage == "asking" or stage == "choosing":
            return True
        if stage == "aim" and gift.target is not None:
            options = self._targets(s, p, c, gift)
            if not options:
                events.append(event("gift_fizzles", {"player": p, "card": c}))
                s.steps.pop()
                return False
            if len(options) > 1:
                s.steps[-1] = ("gift", p, c, trig, "choosing", None, None)
                return True
            tq, tc = options[0]
        s.steps.pop()
        self._resolve(s, p, c, trig, gift, tq, tc, events)
        return False

    def _push_counter(self, s: EstroState, q: int) -> None:
        pl: Player = s.players[q]
        for x in pl.field:
            if self.info[x].trigger == "opp_gift" and x not in pl.down:
                gift = self.info[x].gift
                if (
                    gift is not None
                    and any(e.counter for e in gift.do)
                    and self._available(s, q, x, "opp_gift")
                ):
                    s.steps.append(("gift", q, x, "opp_gift", "check", None, None))
                    return

    def _targets(self, s: EstroState, p: int, c: str, gift: Gift) -> list[tuple[int, str]]:
        f: Filter | None = gift.target
        assert f is not None
        sides = (p,) if f.side == "own" else (1 - p,) if f.side == "opp" else (p, 1 - p)
        out = []
        want = None if f.estro is None else ESTRI.index(f.estro)
        live: list[LiveAura] | None = None  # the acting auras, found for the first TOT
        for q in sides:
            pl: Player = s.players[q]
            for x in pl.field:
                if f.other and q == p and x == c:
                    continue
                down = x in pl.down
                if down != bool(f.face_down):  # face-down cards only when asked for
                    continue
                if want is not None and (down or want not in self.estri(s, q, x)):
                    continue
                if f.max_tot is not None or f.min_tot is not None:
                    if down:
                        continue
                    if live is None:
                        live = self.acting_auras(s)
                    v = self.stats(s, q, x, live)
                    t = v[0] + v[1] + v[2] + v[3] + v[4]
                    if (f.max_tot is not None and t > f.max_tot) or (
                        f.min_tot is not None and t < f.min_tot
                    ):
                        continue
                out.append((q, x))
        return out

    def _ask_gift(self, s: EstroState, step: Step) -> Decision:
        _, p, c, _trig, stage, _, _ = step
        if stage == "asking":
            return Decision(p, "gift_optional", ("gift:use", "gift:skip"), {"card": c})
        gift = self.info[c].gift
        assert gift is not None
        pls = s.players
        acts = tuple(
            f"target:{q}:{x if q == p else self.ref(pls[q], x)}"
            for q, x in self._targets(s, p, c, gift)
        )
        return Decision(p, "gift_target", acts, {"card": c})

    def answer_gift(self, s: EstroState, d: Decision, action: str, events: list[Event]) -> None:
        _, p, c, trig, _stage, _, _ = s.steps[-1]
        if action == "gift:skip":
            events.append(event("gift_skipped", {"player": p, "card": c}))
            s.steps.pop()
        elif action == "gift:use":
            s.steps[-1] = ("gift", p, c, trig, "counter", None, None)
        else:
            _, q, x = action.split(":")
            tq = int(q)
            s.steps[-1] = ("gift", p, c, trig, "go", tq, self.deref(s.players[tq], x))

    def _chance(self, s: EstroState, p: int, c: str, gift: Gift, events: list[Event]) -> bool:
        ch: Chance | None = gift.chance
        if ch is None:
            return True
        data: dict[str, Any] = {"player": p, "card": c}
        if ch.coin:
            ok = s.rng.coin("coin call")
            data["method"] = "coin"
        elif ch.percent is not None:
            ok = s.rng.chance(ch.percent, "gift chance")
            data.update(method="percent", percent=ch.percent)
        elif ch.tot:
            pct = min(CHANCE_TOT_CAP, self.tot(s, p, c))
            ok = s.rng.chance(pct, "gift chance")
            data.update(method="percent", percent=pct)
        else:
            face = s.rng.roll(6, "gift die")
            ok = face >= (ch.die_at_least or 6)
            data.update(method="die", face=face, need=ch.die_at_least)
        data["success"] = ok
        events.append(event("chance", data))
        return ok

    def _resolve(
        self,
        s: EstroState,
        p: int,
        c: str,
        trig: str,
        gift: Gift,
        tq: int | None,
        tc: str | None,
        events: list[Event],
    ) -> None:
        if gift.kind == "once":
            s.players[p].spent.add(c)
        if events is not QUIET:
            events.append(event("gift", {"player": p, "card": c, "trigger": trig}))
        if not self._chance(s, p, c, gift, events):
            return
        later: list[Step] = []
        for e in gift.do:
            self._effect(s, p, c, trig, e, tq, tc, events, later)
        s.steps.extend(reversed(later))

    # ---------------------------------------------------------------------- effects --
    def _who(
        self, s: EstroState, p: int, c: str, e: Effect, tq: int | None, tc: str | None
    ) -> list[tuple[int, str]]:
        w = e.who
        if w == "self":
            return [(p, c)] if c in s.players[p].field else []
        if w == "target":
            return [(tq, tc)] if tq is not None and tc in s.players[tq].field else []
        if w == "foe":
            foe = self._foe(s, p, c)
            return [foe] if foe is not None and foe[1] in s.players[foe[0]].field else []
        q = p if w == "own_all" else 1 - p
        pl: Player = s.players[q]
        want = None if e.estro is None else ESTRI.index(e.estro)
        return [
            (q, x)
            for x in pl.field
            if x not in pl.down and (want is None or want in self.estri(s, q, x))
        ]

    def _battle_slot(self, s: EstroState, q: int, x: str) -> tuple[list[int], list[int]] | None:
        b: Battle | None = s.battle
        if b is None:
            return None
        if q == b.ap and x == b.a:
            return b.adelta, b.amul
        if q != b.ap and x == b.d:
            return b.ddelta, b.dmul
        return None

    def _effect(
        self,
        s: EstroState,
        p: int,
        c: str,
        trig: str,
        e: Effect,
        tq: int | None,
        tc: str | None,
        events: list[Event],
        later: list[Step],
    ) -> None:
        verb = e.verb
        me: Player = s.players[p]
        if verb in ("stat", "swap", "convert"):
            until = e.until or ("battle" if trig in ("attack", "defend") else "game")
            for q, x in self._who(s, p, c, e, tq, tc):
                if x in s.players[q].down:
                    continue  # E-6: a face-down card has no stats to change (an attacked one)
                self._change(s, q, x, e, until)
                if events is QUIET:
                    continue
                slot = self._battle_slot(s, q, x) if until == "battle" else None
                now = (
                    self.stats(s, q, x)
                    if slot is None
                    else [
                        v * m
                        for v, m in zip(self.battle_stats(s, q, x, slot[0]), slot[1], strict=True)
                    ]
                )
                events.append(self.card_event(s, "changed", q, x, by=c, stats=now, until=until))
        elif verb == "draw":
            for _ in range(e.draw or 0):
                self.draw(s, p, events)
        elif verb == "discard":
            opp: Player = s.players[1 - p]
            for _ in range(e.discard or 0):
                if opp.hand:
                    x = s.rng.draw(opp.hand, "random discard")
                    opp.inc.append(x)
                    events.append(event("discard", {"player": 1 - p, "card": x}))
        elif verb == "destroy":
            assert e.destroy is not None
            e2 = e.aimed(e.destroy)
            for q, x in self._who(s, p, c, e2, tq, tc):
                later.append(("destroy", q, x, "gift", "check"))
        elif verb == "protect":
            assert e.protect is not None
            e2 = e.aimed(e.protect)
            for q, x in self._who(s, p, c, e2, tq, tc):
                s.players[q].shield[x] = s.turn + 1
                events.append(self.card_event(s, "shielded", q, x, until_turn=s.turn + 1))
        elif verb == "revive":
            later.append(("revive", p, c, e.revive))
        elif verb == "extra_play":
            if p == s.active and s.phase == "play":
                s.plays += e.extra_play or 0
            else:
                me.extra_plays += e.extra_play or 0
            events.append(event("extra", {"player": p, "plays": e.extra_play}))
        elif verb == "extra_attack":
            if p == s.active:
                s.attacks += e.extra_attack or 0
                s.attacked.discard(c)
            else:
                me.extra_attacks += e.extra_attack or 0
            events.append(event("extra", {"player": p, "attacks": e.extra_attack}))
        elif verb == "counter":
            s.flags["countered"] = True
        elif verb == "save":
            s.flags["saved"] = True
        elif verb == "zone_refresh":
            if s.mf & ZONA:  # Zona di Conquista: the action of the zone the card is in
                me.zused &= ~(1 << self.zone_of(s, p, c))  # type: ignore[attr-defined]
            else:
                me.zone_used = False
            events.append(event("zone_refresh", {"player": p}))

    def _change(self, s: EstroState, q: int, x: str, e: Effect, until: str) -> None:
        est = self.estro(s, q, x)
        if e.convert is not None:
            s.players[q].estro[x] = ESTRI.index(e.convert)
            return
        slot = self._battle_slot(s, q, x) if until == "battle" else None
        if until == "battle" and slot is None:
            return  # a battle-only change to a card outside the battle does nothing
        if e.swap is not None:
            i, j = (est if n == "primary" else STATS.index(n) for n in e.swap)
            cur = self.stats(s, q, x) if slot is None else self.battle_stats(s, q, x, slot[0])
            delta = [0, 0, 0, 0, 0]
            delta[i], delta[j] = cur[j] - cur[i], cur[i] - cur[j]
        else:
            i = est if e.stat == "primary" else STATS.index(e.stat or "atk")
            if slot is not None:
                if e.mul is not None:
                    slot[1][i] *= e.mul
                else:
                    slot[0][i] += e.add or 0
                return
            delta = [0, 0, 0, 0, 0]
            if e.mul is not None:
                base = self.info[x].stats[i] + s.players[q].mods.get(x, (0, 0, 0, 0, 0))[i]
                delta[i] = base * (e.mul - 1)
            else:
                delta[i] = e.add or 0
        if slot is not None:
            for k in range(5):
                slot[0][k] += delta[k]
        else:
            self.add_mods(s, q, x, delta)

    # ------------------------------------------------------------------------ revive --
    def _step_revive(self, s: EstroState, step: Step, events: list[Event]) -> bool:
        _, p, _card, to = step
        options = sorted(set(s.players[p].inc))
        if len(options) > 1:
            return True
        s.steps.pop()
        if options:
            self._revive(s, p, options[0], to, events)
        return False

    def _ask_revive(self, s: EstroState, step: Step) -> Decision:
        return Decision(
            step[1], "revive", tuple(f"revive:{x}" for x in sorted(set(s.players[step[1]].inc)))
        )

    def answer_revive(self, s: EstroState, d: Decision, action: str, events: list[Event]) -> None:
        _, p, _card, to = s.steps.pop()
        self._revive(s, p, action.split(":")[1], to, events)

    def _revive(self, s: EstroState, p: int, x: str, to: str, events: list[Event]) -> None:
        pl: Player = s.players[p]
        pl.inc.remove(x)
        if to == "field":
            pl.field.append(x)
            pl.summoned.add(x)
        else:
            pl.hand.append(x)
        events.append(event("revive", {"player": p, "card": x, "to": to}))
