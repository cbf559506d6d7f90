# cython: annotation_typing=True, nonecheck=True
"""Sogno Lucido (mode ``sogno_lucido``): each estro plays by a rule of its own.

- Decks hold 5 cards of each estro.
- Granito cards never attack.
- With a face-up Granito on your field, an Armonio card can only be played attached to
  one (at most 2 per Granito), its gift inhibited; attacks on that Granito meet the
  pair's shared life shield (the TOTs of the Granito and its supports together), the
  supports cannot be attacked or attack themselves, and they fall with their Granito.
- A Manpo card may be played as a second card in the turn when your field holds exactly
  one card, its gift inhibited.
- An Illusio card attacking a non-Illusio card ignores the defender's DEX: the
  defender's TOT loses its DEX for that attack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tavolo.engine import RNG, ConfigError, Event, event

from .content import MESSAGES
from .state import CHIMERA, SOGNO

if TYPE_CHECKING:
    from .host import RulesHost as _Base  # what the mixin uses of EstroRules (host.pyi)
    from .state import Battle, EstroState, Player
else:
    _Base = object

ARDO, GRANITO, ARMONIO, ILLUSIO, MANPO = range(5)
PER_ESTRO = 5
SUPPORTS_PER_GRANITO = 2


class SognoRules(_Base):
    __slots__ = ("_by_estro", "_estro_sets")  # the decks by estro, built on first use

    # ------------------------------------------------------------------- decks --
    def by_estro(self) -> tuple[tuple[str, ...], ...]:
        cached: tuple[tuple[str, ...], ...] | None = getattr(self, "_by_estro", None)
        if cached is None:
            info = self.info
            cached = tuple(tuple(c for c in self.ids if info[c].estro == e) for e in range(5))
            self._by_estro = cached
        return cached

    def estro_sets(self) -> tuple[frozenset[str], ...]:
        """The printed cards of each estro, as sets: a hand or a field with no Chimera
        and no changed estro is sorted by them with C-level set operations."""
        cached: tuple[frozenset[str], ...] | None = getattr(self, "_estro_sets", None)
        if cached is None:
            cached = self._estro_sets = tuple(frozenset(pool) for pool in self.by_estro())
        return cached

    def check_sogno_deck(self, p: int, deck: list[str]) -> None:
        counts = [0] * 5
        for c in deck:
            counts[self.info[c].estro] += 1
        if max(counts) > PER_ESTRO:
            raise ConfigError.said(MESSAGES, "error.sogno_deck", p=p + 1, n=PER_ESTRO)

    def sogno_deck(self, rng: RNG, chosen: list[str] | None) -> list[str]:
        if not chosen:  # the usual case, every game of a playout: the same draws, less work
            deck = []
            for pool in self.by_estro():
                deck += rng.sample(pool, PER_ESTRO, "random deck cards")
            rng.shuffle(deck, "deck")
            return deck
        deck = list(chosen)
        taken = set(deck)
        for e, pool in enumerate(self.by_estro()):
            need = PER_ESTRO - sum(1 for c in deck if self.info[c].estro == e)
            if need > 0:
                rest = [c for c in pool if c not in taken]
                deck += rng.sample(rest, need, "random deck cards")
        rng.shuffle(deck, "deck")
        return deck

    # ------------------------------------------------------------------- plays --
    def granitos(self, s: EstroState, p: int) -> list[str]:
        pl: Player = s.players[p]
        down, est, info = pl.down, pl.estro, self.info
        if not (est or s.mf & CHIMERA):
            granito = self.estro_sets()[GRANITO]
            return [c for c in pl.field if c in granito and c not in down]
        return [
            c
            for c in pl.field
            if c not in down
            and (
                GRANITO in self.estri(s, p, c) if "+" in c else est.get(c, info[c].estro) == GRANITO
            )
        ]

    def sogno_play_actions(self, s: EstroState, p: int, acts: list[str]) -> list[str]:
        """Armonio cards go to a Granito when there is one on the field."""
        pl: Player = s.players[p]
        info = self.info
        if s.mf & CHIMERA:
            harmony: set[str] | frozenset[str] = {c for c in pl.hand if info[c].estro == ARMONIO}
        else:
            harmony = self.estro_sets()[ARMONIO].intersection(pl.hand)
        if not harmony:  # the cheaper test first
            return acts
        granitos = self.granitos(s, p)
        if not granitos:
            return acts
        load: dict[str, int] = {}
        for _, g in pl.attached:
            load[g] = load.get(g, 0) + 1
        free = [g for g in granitos if load.get(g, 0) < SUPPORTS_PER_GRANITO]
        plays = self._plays
        drop = {a for c in harmony for a in plays[c]}  # their plain plays
        out = [a for a in acts if a not in drop]
        out += [f"attach:{a}:{g}" for a in pl.hand if a in harmony for g in free]
        return out

    def manpo_actions(self, s: EstroState, p: int) -> list[str]:
        """A second card in the turn: a Manpo one, when the field holds exactly one card."""
        pl: Player = s.players[p]
        if s.played != 1 or len(pl.field) != 1:
            return []
        info = self.info
        return [f"manpo:{c}" for c in pl.hand if info[c].estro == MANPO]

    def attach(self, s: EstroState, p: int, a: str, g: str, events: list[Event]) -> None:
        pl: Player = s.players[p]
        pl.hand.remove(a)
        pl.field.append(a)
        pl.attached = (*pl.attached, (a, g))
        pl.inhibited = pl.inhibited | {a}
        s.plays -= 1
        s.played += 1
        events.append(event("attach", {"player": p, "card": a, "granito": g}))

    def manpo_play(self, s: EstroState, p: int, c: str, events: list[Event]) -> None:
        pl: Player = s.players[p]
        pl.hand.remove(c)
        pl.field.append(c)
        pl.inhibited = pl.inhibited | {c}
        s.played += 1
        events.append(event("manpo_play", {"player": p, "card": c}))

    # ---------------------------------------------------------------- battles --
    def idle_in_sogno(self, s: EstroState, p: int, pl: Player) -> set[str]:
        """Cards that cannot attack in Sogno Lucido: Granito cards and supports."""
        out = {a for a, _ in pl.attached}
        info, est, down = self.info, pl.estro, pl.down
        if not (est or s.mf & CHIMERA):  # printed estri only: by set operations
            return out.union(self.estro_sets()[GRANITO].intersection(pl.field).difference(down))
        for c in pl.field:
            if c in down:
                continue
            if "+" in c:  # a Chimera: either estro
                if GRANITO in self.estri(s, p, c):
                    out.add(c)
            elif est.get(c, info[c].estro) == GRANITO:
                out.add(c)
        return out

    @staticmethod
    def supports(pl: Player) -> set[str]:
        return {a for a, _ in pl.attached}

    def sogno_battle(self, s: EstroState, b: Battle) -> None:
        """The battle-only changes of the mode, before the judgement."""
        ap, dp = b.ap, 1 - b.ap
        de = self.estro(s, dp, b.d)
        if self.estro(s, ap, b.a) == ILLUSIO and de != ILLUSIO:
            dex = self.battle_stats(s, dp, b.d, b.ddelta)[ILLUSIO]
            b.ddelta[ILLUSIO] -= dex
        dpl: Player = s.players[dp]
        if not dpl.attached:
            return
        shield = sum(self.tot(s, dp, a) for a, g in dpl.attached if g == b.d)
        if shield:
            b.ddelta[(de + 1) % 5] += shield  # a non-primary stat: the TOT alone grows

    def sogno_destroyed(self, s: EstroState, p: int, c: str, events: list[Event]) -> None:
        """A Granito takes its supports with it; a fallen support leaves its Granito."""
        pl: Player = s.players[p]
        if not pl.attached:
            return
        mine = [a for a, g in pl.attached if g == c]
        pl.attached = tuple((a, g) for a, g in pl.attached if g != c and a != c)
        for a in reversed(mine):
            if a in pl.field:
                s.steps.append(("destroy", p, a, "support", "check"))

    def sogno_view(self, s: EstroState, p: int, c: str) -> dict[str, Any]:
        for a, g in s.players[p].attached:
            if a == c:
                return {"supports": g}
        return {}


def is_sogno(s: EstroState) -> bool:
    return bool(s.mf & SOGNO)
