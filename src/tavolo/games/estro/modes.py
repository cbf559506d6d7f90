# cython: annotation_typing=True, nonecheck=True
"""Estro's two-player modes beyond the standard rules (digest, section "Modes").

Each rule here is reached through one bit of ``EstroState.mf`` (set once from the mode
name), so a standard game pays a single int test where a mode could act:

- Stratega: no victory before the end of round 8, no draw in turns 3 and 12, no attack
  before the end of turn 6 (a turn is one player's turn, counted over the whole game).
- Necrotoken: tokens for cards the opponent destroys, spent to draw 2, to protect a
  card about to fall, or to put a random deck card on the field with its gift inhibited.
- Fessura Dimensionale [META]: destroy one of your field cards, once a turn after the
  play, to put the top card of the shared dimensional deck on your field.
- Imboscata Illusoria [META]: when a face-down card of yours falls, an Illusio card from
  your hand may take its place at once, its gift inhibited (or, if empty, resting).
- Quadrante dell'Oblio: every card destroyed spins a 25-sector dial (content/quadrante.yaml)
  for the player who lost it; the sector's effect resolves with the destruction.
- Mnemonica: players see cards as printed (no bonuses, no battle totals); after the dice
  the attacker declares whether the defender falls, and a wrong call costs a random card
  from their hand.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING, Any

from tavolo.engine import Decision, Event, event

from .cards import chimera_parts
from .dial import Sector, default_sectors, sector_ids
from .gifts import GiftRules, LiveAura, add_auras
from .state import NECRO, NECRO_MAX, QUADRANTE, SOGNO, STRATEGA, ZONA

if TYPE_CHECKING:
    from .state import Battle, EstroState, Player, Step

_new = tuple.__new__  # an Event without its Python-level __new__ (as in rules.py)
_SECTOR_INDEX = {x: i for i, x in enumerate(sector_ids())}
STRATEGA_NO_DRAW_TURNS = (3, 12)
STRATEGA_ATTACKS_AFTER_TURN = 6
STRATEGA_WIN_AFTER_ROUND = 8
ILLUSIO = 3


class ModeRules(GiftRules):  # a gift rules mixin: it calls GiftRules' methods directly
    __slots__ = ()

    # ------------------------------------------------------------------ the draw --
    def mode_draw(self, s: EstroState, p: int, pl: Player, events: list[Event]) -> bool:
        """The turn's draw under a mode's rules; False when the standard draw applies.

        Returns True when the draw was handled here (and the turn-start gifts were run or
        wait behind a decision)."""
        mf = s.mf
        if mf & STRATEGA:
            if s.turn in STRATEGA_NO_DRAW_TURNS:
                events.append(event("no_draw", {"player": p}))
            elif pl.deck:
                return False
            else:
                events.append(event("deck_empty", {"player": p}))
                if not pl.hand and s.turn > 2 * STRATEGA_WIN_AFTER_ROUND:
                    self._finish(s, 1 - p, "no_cards", events)
                    return True
            self.turn_start_gifts(s, p)
            return True
        if mf & NECRO and pl.necro >= 1 and len(pl.deck) >= 2:
            s.steps.append(("necro", "draw"))
            return True
        return False

    def turn_start_gifts(self, s: EstroState, p: int) -> None:
        pl: Player = s.players[p]
        if not self._turn_start.isdisjoint(pl.field):
            self.trigger_all(s, p, "turn_start")

    # ------------------------------------------------------------------ Stratega --
    def field_check_turn(self, s: EstroState) -> int:
        """The first turn whose end checks the empty-field victory (E-14 a)."""
        if s.mf & STRATEGA:
            return 2 * STRATEGA_WIN_AFTER_ROUND
        return 2 * 5

    @staticmethod
    def _attack_barred(s: EstroState) -> bool:
        return bool(s.mf & STRATEGA) and s.turn <= STRATEGA_ATTACKS_AFTER_TURN

    # ---------------------------------------------------------------- Necrotoken --
    def _step_necro(self, s: EstroState, step: Step, events: list[Event]) -> bool:
        return True  # a necrotoken choice always waits for its player

    def _ask_necro(self, s: EstroState, step: Step) -> Decision:
        p = s.active
        if step[1] == "draw":
            return Decision(p, "necro_draw", ("necro:draw1", "necro:draw2"))
        return Decision(p, "necro_summon", ("pass", "necro:summon"))

    def answer_necro(self, s: EstroState, d: Decision, action: str, events: list[Event]) -> None:
        _, which = s.steps.pop()
        p = d.player
        pl: Player = s.players[p]
        if which == "draw":
            n = 1
            if action == "necro:draw2":
                n = 2
                self._spend(s, p, 1, "draw", events)
            for _ in range(n):
                self.draw(s, p, events)
            self.turn_start_gifts(s, p)
        elif action == "necro:summon":
            self._spend(s, p, 3, "summon", events)
            c = s.rng.draw(pl.deck, "necrotoken card")
            pl.field.append(c)
            pl.summoned.add(c)
            pl.inhibited = pl.inhibited | {c}
            events.append(event("necro_summon", {"player": p, "card": c}))

    def _spend(self, s: EstroState, p: int, n: int, use: str, events: list[Event]) -> None:
        pl: Player = s.players[p]
        pl.necro -= n
        events.append(event("necro_spent", {"player": p, "spent": n, "use": use, "left": pl.necro}))

    def necro_summon_due(self, s: EstroState, p: int) -> bool:
        pl: Player = s.players[p]
        return pl.necro >= NECRO_MAX and bool(pl.deck)

    def after_destroyed(
        self, s: EstroState, p: int, c: str, cause: str, events: list[Event]
    ) -> None:
        """A card of ``p`` went to the Incinerator: a mode may answer."""
        if cause == "fessura":  # the rift (the step under this one) opens, come what may
            st = s.steps[-1] if s.steps else None
            if st is not None and st[0] == "rift" and len(st) == 4 and st[2] == c:
                s.steps[-1] = (*st, True)
        if s.mf & NECRO and cause in ("battle", "foe_gift"):
            pl: Player = s.players[p]
            if pl.necro < NECRO_MAX:
                pl.necro += 1
                events.append(event("necrotoken", {"player": p, "tokens": pl.necro}))
        if s.mf & SOGNO:
            self.sogno_destroyed(s, p, c, events)  # type: ignore[attr-defined]
        if s.mf & ZONA:
            self.forget(s.players[p], c)  # type: ignore[attr-defined]
        if s.mf & QUADRANTE:
            self.spin_dial(s, p, c, events)

    # ------------------------------------------------------------------ Mnemonica --
    def judge_declaration(
        self, s: EstroState, said_destroyed: bool, destroyed: bool, events: list[Event]
    ) -> None:
        b: Battle | None = s.battle
        assert b is not None
        p = b.ap
        pl: Player = s.players[p]
        data: dict[str, Any] = {
            "player": p,
            "declared": "destroyed" if said_destroyed else "survives",
        }
        if said_destroyed == destroyed:
            events.append(event("declared_right", data))
            return
        if pl.hand:
            x = s.rng.draw(pl.hand, "mnemonica discard")
            pl.inc.append(x)
            data["card"] = x
        events.append(event("declared_wrong", data))

    def mnemonic_events(self, events: list[Event]) -> list[Event]:
        """Mnemonica: events tell no computed value (battle totals, changed stats, the
        chance of a gift that rolls under its card's TOT)."""
        out = []
        for e in events:
            if e.kind == "chance" and "percent" in e.data and self._tot_chance(e.data["card"]):
                data = {k: v for k, v in e.data.items() if k != "percent"}
                e = event("chance", data, e.to, e.redacted)
            elif e.kind == "battle" and "att_tot" in e.data:
                keep = ("player", "attacker", "defender", "att_die", "def_die", "rule")
                e = event("battle", {k: e.data[k] for k in keep}, e.to, e.redacted)
            elif e.kind == "changed" and "stats" in e.data:
                data = {k: v for k, v in e.data.items() if k != "stats"}
                red = e.redacted
                if red is not None:
                    red = {k: v for k, v in red.items() if k != "stats"}
                e = event("changed", data, e.to, red)
            out.append(e)
        return out

    def _tot_chance(self, c: str) -> bool:
        gift = self.info[c].gift
        return gift is not None and gift.chance is not None and bool(gift.chance.tot)

    # --------------------------------------------------------- Quadrante dell'Oblio --
    def spin_dial(self, s: EstroState, p: int, c: str, events: list[Event]) -> None:
        """The dial spins for ``p``, who just lost ``c``; its sector acts at once."""
        ids = sector_ids()
        i = _SECTOR_INDEX[s.rng.choice(ids, "dial")]  # scripts name the sector
        sec = default_sectors()[i]
        s.dial = (i, p, s.turn)
        # sectors are told by number: their ids are words that a card id might also be
        data = {"player": p, "card": c, "sector": i + 1, "category": sec.category}
        events.append(_new(Event, ("dial", data, None, None)))
        self._dial_effect(s, p, c, sec, events)

    def _dial_effect(self, s: EstroState, p: int, c: str, sec: Sector, events: list[Event]) -> None:
        me: Player = s.players[p]
        eff, n = sec.effect, sec.n or 1
        rng = s.rng
        if eff == "return_field":
            x = chimera_parts(c)[0]  # a Chimera's host comes back alone
            if x in me.inc:
                me.inc.remove(x)
                me.field.append(x)
                me.summoned.add(x)
                events.append(event("revive", {"player": p, "card": x, "to": "field"}))
        elif eff == "draw":
            for _ in range(n):
                self.draw(s, p, events)
        elif eff == "opp_draw":
            for _ in range(n):
                self.draw(s, 1 - p, events)
        elif eff in ("revive_random", "opp_revive"):
            q = p if eff == "revive_random" else 1 - p
            pl: Player = s.players[q]
            gone = set(chimera_parts(c)) if q == p else set()
            pile = [x for x in pl.inc if x not in gone]
            if pile:
                x = rng.choice(pile, "dial revive")
                pl.inc.remove(x)
                pl.hand.append(x)
                pl.show_in_hand(x)  # it left a public pile: the opponent saw it come back
                events.append(event("revive", {"player": q, "card": x, "to": "hand"}))
        elif eff in ("boost_own", "weaken_own", "boost_opp", "weaken_opp"):
            q = p if eff.endswith("own") else 1 - p
            self._dial_primary(s, q, n if eff.startswith("boost") else -n, events)
        elif eff == "protect_own":
            up = [x for x in me.field if x not in me.down]
            if up:
                x = max(up, key=lambda y: self.tot(s, p, y))
                me.shield[x] = max(me.shield.get(x, 0), s.turn + 1)
                events.append(self.card_event(s, "shielded", p, x, until_turn=s.turn + 1))
        elif eff in ("discard_opp", "discard_own"):
            q = 1 - p if eff == "discard_opp" else p
            pl = s.players[q]
            for _ in range(n):
                if pl.hand:
                    x = rng.draw(pl.hand, "random discard")
                    pl.inc.append(x)
                    events.append(event("discard", {"player": q, "card": x}))
        elif eff in ("mill_own", "opp_mill"):
            q = p if eff == "mill_own" else 1 - p
            pl = s.players[q]
            for _ in range(n):
                if pl.deck:
                    x = pl.deck.pop()
                    pl.inc.append(x)
                    events.append(event("milled", {"player": q, "card": x}))
        elif eff in ("extra_play", "opp_extra_play"):
            q = p if eff == "extra_play" else 1 - p
            s.players[q].extra_plays += n
            events.append(event("extra", {"player": q, "plays": n}))
        elif eff in ("extra_attack", "opp_extra_attack"):
            q = p if eff == "extra_attack" else 1 - p
            s.players[q].extra_attacks += n
            events.append(event("extra", {"player": q, "attacks": n}))
        elif eff == "zone_refresh":
            me.zone_used = False
            events.append(event("zone_refresh", {"player": p}))
        elif eff == "zone_spend":
            me.zone_used = True
            events.append(event("zone_spent", {"player": p}))
        elif eff == "deck_to_field":
            if me.deck:
                x = rng.draw(me.deck, "dial deck card")
                me.field.append(x)
                me.summoned.add(x)
                events.append(event("dial_summon", {"player": p, "card": x}))
        elif eff == "destroy_own_random" and me.field:
            x = rng.choice(me.field, "dial destroys")
            s.steps.append(("destroy", p, x, "dial", "check"))

    def _dial_primary(self, s: EstroState, q: int, n: int, events: list[Event]) -> None:
        """A lasting change of every face-up card's primary stat (never below 0)."""
        pl: Player = s.players[q]
        for x in pl.field:
            if x in pl.down:
                continue
            e = self.estro(s, q, x)
            v = self.stats(s, q, x)
            d = max(n, -v[e])
            delta = [0, 0, 0, 0, 0]
            delta[e] = d
            self.add_mods(s, q, x, delta)
            v[e] += d
            data = {"player": q, "card": x, "by": "dial", "stats": v}
            events.append(_new(Event, ("changed", data, None, None)))

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
        """Necrotoken: a gift's destruction of an opponent's card is told apart (cause
        ``foe_gift``), as only destructions by the opponent earn a token."""
        if not s.mf & NECRO:
            GiftRules._effect(self, s, p, c, trig, e, tq, tc, events, later)
            return
        n = len(later)
        GiftRules._effect(self, s, p, c, trig, e, tq, tc, events, later)
        if len(later) > n:
            later[n:] = [
                (*st[:3], "foe_gift", *st[4:]) if st[0] == "destroy" and st[1] != p else st
                for st in later[n:]
            ]

    # ---------------------------------------------------------- inhibited gifts --
    def _available(self, s: EstroState, p: int, c: str, trig: str) -> bool:
        inh = s.players[p].inhibited
        if inh and c in inh:
            return False
        return GiftRules._available(self, s, p, c, trig)

    def apply_auras(self, s: EstroState, p: int, c: str, e: int, v: list[int]) -> None:
        """Add to the stats ``v`` of card (p, c) what the auras acting on it give."""
        live = self.shared_auras(s)
        if live is not None:
            add_auras(live, p, c, e, v)
            return
        # Zona di Conquista: an aura reaches only its own zone
        hidden = self._inhibited_auras(s) + self.zona_aura_hidden(s, p, c)  # type: ignore[attr-defined]
        add_auras(self._auras_without(s, hidden), p, c, e, v)

    def shared_auras(self, s: EstroState) -> list[LiveAura] | None:
        """The live auras, the same for every card; None in Zona di Conquista, where an
        aura reaches only the cards of its zone (``apply_auras`` asks per card there)."""
        if s.mf & ZONA:
            return None
        p0: Player = s.players[0]
        p1: Player = s.players[1]
        if not (p0.inhibited or p1.inhibited):
            return GiftRules.live_auras(self, s)
        return self._auras_without(s, self._inhibited_auras(s))

    def _inhibited_auras(self, s: EstroState) -> list[tuple[Player, str]]:
        return [
            (pl, x)
            for pl in s.players
            for x in pl.inhibited
            if x in self.aura_cards and x in pl.field and x not in pl.down
        ]

    def _auras_without(self, s: EstroState, hidden: list[tuple[Player, str]]) -> list[LiveAura]:
        """The live auras with the ``hidden`` ones giving nothing: an inhibited aura, or one
        out of the card's zone, counts as face down for the aura pass only (which alone
        looks at it: its conditions count cards, not faces)."""
        if not hidden:
            return GiftRules.live_auras(self, s)
        for pl, x in hidden:  # (face-up cards only: both lists leave face-down ones out)
            pl.down.add(x)
        try:
            return GiftRules.live_auras(self, s)
        finally:
            for pl, x in hidden:
                pl.down.discard(x)

    # ------------------------------------------------------------ known cards --
    def _revive(self, s: EstroState, p: int, x: str, to: str, events: list[Event]) -> None:
        """A gift's revive; a card taken back to the hand stays known to the opponent."""
        GiftRules._revive(self, s, p, x, to, events)
        if to == "hand":
            s.players[p].show_in_hand(x)

    # ------------------------------------------------------ Fessura Dimensionale --
    def deal_rift(self, s: EstroState) -> None:
        """The dimensional deck: every collection card in neither deck. Nobody sees its
        order, so it is kept unshuffled and its "top card" is drawn at random when the
        rift opens (the same chances, without shuffling 200 cards in every game)."""
        dealt = set(s.players[0].deck) | set(s.players[1].deck)
        for pl in s.players:
            dealt.update(pl.hand)
        self.open_rift(s, dealt)

    def open_rift(self, s: EstroState, dealt: Collection[str]) -> None:
        """The rift holds every collection card not ``dealt``, in collection order (a
        list, then a tuple, and the set by difference: made once in every game)."""
        s.rift = tuple([c for c in self.ids if c not in dealt])
        s.rift_born = self.id_set.difference(dealt)

    def fessura_actions(self, s: EstroState, p: int) -> list[str]:
        """After the turn's play (in the battle phase also when there was nothing to
        play), before the first attack (the caller's test), once a turn."""
        if not s.rift or s.rift_turn == s.turn or (not s.played and s.phase == "play"):
            return []
        return [f"fessura:{c}" for c in s.players[p].field]

    def fessura_action(self, s: EstroState, p: int, c: str, events: list[Event]) -> None:
        s.rift_turn = s.turn
        events.append(self.card_event(s, "fessura", p, c))
        zone = self.zone_of(s, p, c) if s.mf & ZONA else -1  # type: ignore[attr-defined]
        s.steps.append(("rift", p, c, zone))
        s.steps.append(("destroy", p, c, "fessura", "check"))

    def _step_rift(self, s: EstroState, step: Step, events: list[Event]) -> bool:
        """The rift opens only for a card that was really destroyed (not saved); a card
        the dial brings back at once was destroyed all the same."""
        p = step[1]
        s.steps.pop()
        if len(step) < 5 or not s.rift:  # (after_destroyed marks a destroyed card's step)
            events.append(event("fessura_closed", {"player": p}))
            return False
        rift = list(s.rift)
        x = s.rng.draw(rift, "dimensional deck")
        s.rift = tuple(rift)
        pl: Player = s.players[p]
        pl.field.append(x)
        pl.summoned.add(x)
        if s.mf & ZONA:  # into the zone of the card it replaces
            self.place(pl, x, step[3])  # type: ignore[attr-defined]
        events.append(event("fessura_card", {"player": p, "card": x}))
        self.trigger_entry(s, p, x)
        return False

    # ------------------------------------------------------- Imboscata Illusoria --
    def ambushers(self, s: EstroState, p: int) -> list[str]:
        info = self.info
        return [x for x in s.players[p].hand if info[x].estro == ILLUSIO]

    def ambush(self, s: EstroState, p: int, x: str, fallen: str, events: list[Event]) -> None:
        pl: Player = s.players[p]
        pl.hand.remove(x)
        pl.field.append(x)
        pl.summoned.add(x)
        if s.mf & ZONA:  # into the zone of the card it replaces
            self.place(pl, x, self.zone_of(s, p, fallen))  # type: ignore[attr-defined]
        if self.info[x].gift is not None:
            pl.inhibited = pl.inhibited | {x}
        else:  # no attack in its controller's next turn
            nxt = s.turn + (2 if s.active == p else 1)
            pl.rest = (*((r, t) for r, t in pl.rest if t >= s.turn), (x, nxt))
        events.append(event("ambush", {"player": p, "card": x, "fallen": fallen}))

    @staticmethod
    def resting(s: EstroState, pl: Player) -> set[str]:
        return {c for c, t in pl.rest if t == s.turn}

    # ------------------------------------------------------------- information --
    def rift_inventory(self, s: EstroState) -> list[tuple[str, str]]:
        return [(f"r:{c}", "rift") for c in s.rift]

    @staticmethod
    def thing(s: EstroState, q: int, x: str) -> str:
        """A card's thing id: its owner and id, or ``r:id`` for a card of the rift."""
        return f"r:{x}" if x in s.rift_born else f"{q}:{x}"

    def redeal_rift(self, d: EstroState, player: int, rng: Any) -> None:
        """Determinize with Fessura (``d`` a clone of the real state): the opponent's
        unseen cards overlap the player's own cards as often as in the real game (the
        public rift size tells that number), rift cards they took back to hand stay (their
        return was public), and the rift is re-dealt from the cards nobody holds."""
        q = 1 - player
        opp = d.players[q]
        me = d.players[player]

        def owned(pl: Player) -> set[str]:
            cards = pl.deck + pl.hand + pl.inc + [x for c in pl.field for x in chimera_parts(c)]
            return set(cards)

        mine = owned(me)
        hidden_down = [c for c in opp.field if c in opp.down]
        keep = opp.known_hand()  # seen coming back to the hand: they stay
        hand = [c for c in opp.hand if c not in keep] if keep else opp.hand
        hidden = hand + hidden_down + opp.deck
        known = {x for c in opp.field if c not in opp.down for x in chimera_parts(c)}
        known |= set(opp.inc)
        known.update(keep)
        out = d.rift_born - set(d.rift)  # rift cards now held by a player
        kept = [c for c in hidden if c in out]
        k = sum(1 for c in hidden if c in mine)
        # Partial shuffles (RNG.sample): only a few dozen of the ~200 free cards are dealt.
        pool_mine = sorted(mine - known - out)
        pool_free = sorted(set(self.ids) - mine - known - out)
        fresh = (
            kept
            + rng.sample(pool_mine, k)
            + rng.sample(pool_free, max(0, len(hidden) - len(kept) - k))
        )
        rng.shuffle(fresh)
        n_hand = len(hand)
        opp.hand = keep + fresh[:n_hand]
        opp.known = frozenset(keep)
        new_down = fresh[n_hand : n_hand + len(hidden_down)]
        opp.deck = fresh[n_hand + len(hidden_down) :]
        if hidden_down:
            self._remap(d, q, dict(zip(hidden_down, new_down, strict=True)))
        rest = sorted(set(self.ids) - mine - owned(opp) - out)
        # The rift's order is never used (its card is drawn at random when it opens): only
        # which cards it holds is dealt here.
        if len(rest) > len(d.rift):
            rest = rng.sample(rest, len(d.rift))
        d.rift = tuple(rest)
        d.rift_born = frozenset(out | set(d.rift))
        rng.shuffle(me.deck)
