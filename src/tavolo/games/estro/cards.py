"""Static card facts in the shape the rules use on every step (shared, never copied)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .content import Collection
from .gift_play import Gift
from .schema import ESTRI, Card


class CardInfo:
    """One card's facts. Compiled, a class of C fields (cards.pxd): the rules read a
    card's estro, stats or trigger several times a move, and a typed read of a field is
    a pointer away where a NamedTuple's field costs a descriptor call."""

    __slots__ = ("estro", "gift", "id", "name", "stats", "tot", "trigger")

    def __init__(
        self,
        id: str,
        name: str,
        estro: int,
        stats: tuple[int, int, int, int, int],
        tot: int,
        gift: Gift | None,
        trigger: str | None,  # the gift's trigger, or None for an empty card
    ) -> None:
        self.id = id
        self.name = name
        self.estro = estro
        self.stats = stats
        self.tot = tot
        self.gift = gift
        self.trigger = trigger

    def __repr__(self) -> str:
        return f"CardInfo({self.id!r}, {self.name!r}, estro={self.estro}, stats={self.stats})"


def card_infos(collection: Collection) -> CardTable:
    return CardTable((c.id, info(c)) for c in collection.cards)


def info(c: Card) -> CardInfo:
    stats = c.stats.as_tuple()
    return CardInfo(
        c.id,
        c.name,
        ESTRI.index(c.estro),
        stats,
        sum(stats),
        None if c.gift is None else Gift(c.gift),
        c.gift.trigger if c.gift else None,
    )


def chimera_id(host: str, guest: str) -> str:
    """The field id of a Chimera: the empty host card absorbing a gift card."""
    return f"{host}+{guest}"


def chimera_parts(c: str) -> tuple[str, ...]:
    """The physical cards behind a field id: one card, or a Chimera's host and guest."""
    return tuple(c.split("+")) if "+" in c else (c,)


class CardTable(dict[str, CardInfo]):
    """Card facts by id. A Chimera id (``host+guest``) is built on first use: the host
    takes the higher of each pair of stats and the guest's gift, keeping its own estro
    as the primary one until its owner picks the other (Chimera META mode)."""

    def __init__(self, infos: Iterable[tuple[str, CardInfo]]) -> None:
        super().__init__(infos)
        # Card ids by gift trigger, so that a turn skips looking for gifts no card has. A
        # Chimera joins its set when built, and the rules build one as it enters the field.
        self.by_trigger: dict[str, set[str]] = {}
        for i, c in self.items():
            if c.trigger is not None:
                self.by_trigger.setdefault(c.trigger, set()).add(i)
        self.auras = self.by_trigger.setdefault("aura", set())

    def __missing__(self, key: str) -> CardInfo:
        if "+" not in key:
            raise KeyError(key)
        host, guest = key.split("+", 1)
        h, g = self[host], self[guest]
        stats = tuple(max(a, b) for a, b in zip(h.stats, g.stats, strict=True))
        fused = CardInfo(
            key,
            f"{h.name} + {g.name}",
            h.estro,
            stats,  # type: ignore[arg-type]
            sum(stats),
            g.gift,
            g.trigger,
        )
        self[key] = fused
        if fused.trigger is not None:
            self.by_trigger.setdefault(fused.trigger, set()).add(key)
        return fused

    def get(self, key: str, default: Any = None) -> Any:
        try:
            return self[key]
        except KeyError:
            return default

    def __contains__(self, key: object) -> bool:
        return dict.__contains__(self, key) or (
            isinstance(key, str)
            and "+" in key
            and all(dict.__contains__(self, k) for k in key.split("+", 1))
        )
