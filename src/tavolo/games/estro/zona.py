# cython: annotation_typing=True, nonecheck=True
"""Zona di Conquista (mode ``zona_conquista``): all five zones on the table, each its own
field.

A card is played into a zone of its owner's choice (``play:CARD:up:ZONE``); a card that
enters the field in any other way goes to the zone of its own estro (an ambush or a rift
card takes the zone of the card it replaces). A card attacks only cards in its zone, and
its gift reaches only cards in its zone (gift conditions on "the zone" read the card's
zone). Each zone gives +2 to the primary stat of the cards of its estro placed in it, and
its once-action is each player's to use once, only on cards in that zone. Every card in a
zone is a zone point: at the end of a round, a player with at least 3 points in each of at
least 3 zones wins (both at once: more such zones, then more field cards, else a draw).
There is no round-5 or round-19 rule; a player who must draw with no hand and no deck
still loses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tavolo.engine import Event

from .gifts import GiftRules
from .state import ZONA

if TYPE_CHECKING:
    from .gift_play import Condition, Gift
    from .state import EstroState, Player

ZONE_IDS = ("militare", "sviluppo_tech", "medica", "civile", "controllo")
ALL_ZONES = 5  # EstroState.zone in Zona di Conquista: every zone is on the table
ARDO, GRANITO, ARMONIO, ILLUSIO, MANPO = range(5)
_ARDO_BIT, _MANPO_BIT = 1 << ARDO, 1 << MANPO
_TURN_BITS = _ARDO_BIT | _MANPO_BIT  # the zones with actions in a player's own turn
POINTS_PER_ZONE = 3
ZONES_TO_WIN = 3
_CARDS_TO_WIN = POINTS_PER_ZONE * ZONES_TO_WIN  # fewer field cards cannot conquer


class ZonaRules(GiftRules):  # a gift rules mixin: it calls GiftRules' methods directly
    __slots__ = ()

    # ------------------------------------------------------------------- places --
    def zone_of(self, s: EstroState, p: int, c: str) -> int:
        pl: Player = s.players[p]
        z = pl.zones.get(c)
        return self.info[c].estro if z is None else z

    @staticmethod
    def placed(pl: Player, c: str) -> int | None:
        """The zone ``c`` was laid in, None if it came to the field another way (then it
        stands in its estro's zone, which for a face-down card is not for others to see)."""
        return pl.zones.get(c)

    # (placements are replaced, never changed in place, so clones share them)
    @staticmethod
    def place(pl: Player, c: str, z: int) -> None:
        zones = pl.zones
        if c in zones:  # placed again: it moves to the end, in its new zone
            zones = {x: y for x, y in zones.items() if x != c}
            zones[c] = z
            pl.zones = zones
        else:  # the usual case, a card new to the field
            pl.zones = {**zones, c: z}

    @staticmethod
    def forget(pl: Player, c: str) -> None:
        if c in pl.zones:
            pl.zones = {x: y for x, y in pl.zones.items() if x != c}

    def points(self, s: EstroState, p: int) -> list[int]:
        out = [0] * 5
        pl: Player = s.players[p]
        placed = pl.zones
        info = self.info
        for c in pl.field:
            z = placed.get(c)
            out[info[c].estro if z is None else z] += 1
        return out

    # ------------------------------------------------------------------- attacks --
    def zona_attacks(
        self, s: EstroState, p: int, attackers: list[str], foes: list[str]
    ) -> list[str]:
        """Attacks of ``attackers`` on ``foes`` (tokens in the order of the opposing
        field) in the same zone. (No attacker, as after a turn's attacks: no grouping.)"""
        if not attackers:
            return []
        info = self.info
        opp: Player = s.players[1 - p]
        theirs = opp.zones
        groups: list[list[str]] = [[], [], [], [], []]
        for c, f in zip(opp.field, foes, strict=True):
            z = theirs.get(c)
            groups[info[c].estro if z is None else z].append(f)
        mine = s.players[p].zones
        out: list[str] = []
        for a in attackers:
            z = mine.get(a)
            group = groups[info[a].estro if z is None else z]
            if group:
                head = "attack:" + a
                out += [head + f for f in group]
        return out

    # ------------------------------------------------------------- zone actions --
    def zona_free(self, pl: Player, z: int) -> bool:
        return not pl.zused & (1 << z)

    def zona_turn_actions(self, s: EstroState, p: int, only: int | None = None) -> list[str]:
        """Militare and Controllo actions (``only``: that zone's). Asked at every decision
        of the player's turn: one pass over the field, and none once both are used."""
        pl: Player = s.players[p]
        used = pl.zused
        if used & _TURN_BITS == _TURN_BITS:
            return []
        info = self.info
        sac: list[str] = []
        if only != MANPO and not used & _ARDO_BIT:
            sac = [c for c in pl.hand if info[c].estro == ARDO]
        manpo = only != ARDO and not used & _MANPO_BIT
        if not (sac or manpo):
            return []
        placed = pl.zones
        down, est = pl.down, pl.estro
        tgt: list[str] = []
        acts: list[str] = []
        for c in pl.field:  # the card's estro looked up only in the two zones that act
            z = placed.get(c)
            if z is None:
                z = info[c].estro
            if z == ARDO:
                if sac and c not in down and est.get(c, info[c].estro) == ARDO:
                    tgt.append(c)
            elif z == MANPO and manpo and c not in down and est.get(c, info[c].estro) != MANPO:
                acts.append("zone:controllo:" + c)
        if tgt:
            return [f"zone:militare:{h}:{x}" for h in sac for x in tgt] + acts
        return acts

    def zona_window(self, s: EstroState, p: int, card: str) -> list[str]:
        """The zone actions of the zone the battle is in (that of ``card``)."""
        pl: Player = s.players[p]
        z = self.zone_of(s, p, card)
        if not self.zona_free(pl, z):
            return []
        if z == GRANITO:
            return ["zone:sviluppo_tech"]
        if z == ILLUSIO:
            return ["zone:civile"] if self.estro(s, p, card) == ILLUSIO else []
        if z in (ARDO, MANPO):
            return self.zona_turn_actions(s, p, z)
        return []

    def zona_medica(self, s: EstroState, p: int, c: str) -> bool:
        return self.zona_free(s.players[p], ARMONIO) and self.zone_of(s, p, c) == ARMONIO

    @staticmethod
    def zona_use(pl: Player, which: str) -> None:
        pl.zused |= 1 << ZONE_IDS.index(which)

    # ----------------------------------------------------------------- the end --
    def zona_winner(self, s: EstroState, events: list[Event]) -> bool:
        """At the end of a round: True when the game is over."""
        if all(len(pl.field) < _CARDS_TO_WIN for pl in s.players):
            return False  # nobody has the cards to conquer (most rounds): no counting
        held = []
        for p in (0, 1):
            pts = self.points(s, p)
            held.append(sum(1 for x in pts if x >= POINTS_PER_ZONE))
        if max(held) < ZONES_TO_WIN:
            return False
        cards = [len(pl.field) for pl in s.players]
        winner: int | None = None
        if held[0] != held[1]:  # one conquers, or both and one holds more zones
            winner = 0 if held[0] > held[1] else 1
        elif cards[0] != cards[1]:
            winner = 0 if cards[0] > cards[1] else 1
        self._finish(s, winner, "conquest", events)
        return True

    # --------------------------------------------------------- gifts in a zone --
    # (the gift overrides call GiftRules directly: cheaper than super() on hot paths)
    def _targets(self, s: EstroState, p: int, c: str, gift: Gift) -> list[tuple[int, str]]:
        out = GiftRules._targets(self, s, p, c, gift)
        if s.mf & ZONA and c in s.players[p].field:
            z = self.zone_of(s, p, c)
            out = [(q, x) for q, x in out if self.zone_of(s, q, x) == z]
        return out

    def _who(self, s: EstroState, p: int, c: str, e: Any, tq: int | None, tc: str | None) -> Any:
        out = GiftRules._who(self, s, p, c, e, tq, tc)
        if s.mf & ZONA and out and c in s.players[p].field:
            z = self.zone_of(s, p, c)
            out = [(q, x) for q, x in out if self.zone_of(s, q, x) == z]
        return out

    def _holds(self, s: EstroState, p: int, c: str, conds: tuple[Condition, ...]) -> bool:
        if s.zone != ALL_ZONES or not any(k.zone is not None for k in conds):
            return GiftRules._holds(self, s, p, c, conds)
        s.zone = self.zone_of(s, p, c)  # "the zone" of a gift is the one its card is in
        try:
            return GiftRules._holds(self, s, p, c, conds)
        finally:
            s.zone = ALL_ZONES

    def zona_aura_hidden(self, s: EstroState, p: int, c: str) -> list[tuple[Player, str]]:
        """Aura cards outside the zone of card (p, c): they do not reach it."""
        z = self.zone_of(s, p, c)
        return [
            (pl, x)
            for q, pl in enumerate(s.players)
            for x in pl.field
            if x in self.aura_cards and x not in pl.down and self.zone_of(s, q, x) != z
        ]
