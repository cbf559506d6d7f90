"""Gifts in the form the rules read during play: plain slotted objects, built once per
card from the validated schema models.

A pydantic model answers every attribute through ``BaseModel.__getattr__``'s hook, which
costs several dictionary lookups per read; the gift interpreter reads a gift's fields
thousands of times a second (an aura is checked for every stats call). These twins hold
the same fields under the same names, plus what the rules would otherwise work out each
time (the effect's verb). They are shared by every game and never changed.
"""

from __future__ import annotations

from typing import Any, TypeVar

from . import schema

T = TypeVar("T")


def _with(obj: T, name: str, value: Any) -> T:
    """A copy of play-form object ``obj`` with one field changed (they are never changed
    in place: every game shares them)."""
    out = type(obj).__new__(type(obj))
    for field in type(obj).__slots__:  # type: ignore[attr-defined]
        setattr(out, field, getattr(obj, field))
    setattr(out, name, value)
    return out


class Filter:
    __slots__ = ("estro", "face_down", "max_tot", "min_tot", "other", "side")

    def __init__(self, f: schema.Filter) -> None:
        self.side: str = f.side
        self.estro: str | None = f.estro
        self.max_tot: int | None = f.max_tot
        self.min_tot: int | None = f.min_tot
        self.face_down: bool | None = f.face_down
        self.other: bool = f.other


class Condition:
    __slots__ = (
        "foe_estro",
        "foe_face_down",
        "hand_at_least",
        "hand_at_most",
        "incinerator_at_least",
        "my_field_at_least",
        "my_field_at_most",
        "opp_field_at_least",
        "opp_field_at_most",
        "round_at_least",
        "round_at_most",
        "zone",
    )

    def __init__(self, k: schema.Condition) -> None:
        self.zone: str | None = k.zone
        self.round_at_least: int | None = k.round_at_least
        self.round_at_most: int | None = k.round_at_most
        self.my_field_at_least: int | None = k.my_field_at_least
        self.my_field_at_most: int | None = k.my_field_at_most
        self.opp_field_at_least: int | None = k.opp_field_at_least
        self.opp_field_at_most: int | None = k.opp_field_at_most
        self.hand_at_most: int | None = k.hand_at_most
        self.hand_at_least: int | None = k.hand_at_least
        self.incinerator_at_least: int | None = k.incinerator_at_least
        self.foe_estro: str | None = k.foe_estro
        self.foe_face_down: bool | None = k.foe_face_down

    def without_zone(self) -> Condition:
        """The same condition with no zone clause (Inferno's second zone satisfies it)."""
        return _with(self, "zone", None)


class Chance:
    __slots__ = ("coin", "die_at_least", "percent", "tot")

    def __init__(self, ch: schema.Chance) -> None:
        self.coin: bool | None = ch.coin
        self.percent: int | None = ch.percent
        self.tot: bool | None = ch.tot
        self.die_at_least: int | None = ch.die_at_least


class Effect:
    __slots__ = (
        "add",
        "convert",
        "counter",
        "destroy",
        "discard",
        "draw",
        "estro",
        "extra_attack",
        "extra_play",
        "mul",
        "protect",
        "revive",
        "save",
        "stat",
        "swap",
        "until",
        "verb",
        "who",
        "zone_refresh",
    )

    def __init__(self, e: schema.Effect) -> None:
        self.verb: str = e.verb
        self.stat: str | None = e.stat
        self.add: int | None = e.add
        self.mul: int | None = e.mul
        self.who: str = e.who
        self.estro: str | None = e.estro
        self.until: str | None = e.until
        self.draw: int | None = e.draw
        self.discard: int | None = e.discard
        self.destroy: str | None = e.destroy
        self.protect: str | None = e.protect
        self.revive: str | None = e.revive
        self.extra_play: int | None = e.extra_play
        self.extra_attack: int | None = e.extra_attack
        self.counter: bool | None = e.counter
        self.save: bool | None = e.save
        self.zone_refresh: bool | None = e.zone_refresh
        self.swap: tuple[str, str] | None = e.swap
        self.convert: str | None = e.convert

    def aimed(self, who: str) -> Effect:
        """The same effect on other cards (a destroy or protect names its own ``who``)."""
        return _with(self, "who", who)


class Gift:
    __slots__ = ("aura", "chance", "do", "if_", "kind", "optional", "source", "target", "trigger")

    def __init__(self, g: schema.Gift) -> None:
        self.kind: str = g.kind
        self.trigger: str = g.trigger
        self.optional: bool = g.optional
        self.if_: tuple[Condition, ...] = tuple(Condition(k) for k in g.if_)
        self.chance: Chance | None = None if g.chance is None else Chance(g.chance)
        self.target: Filter | None = None if g.target is None else Filter(g.target)
        self.do: tuple[Effect, ...] = tuple(Effect(e) for e in g.do)
        self.source: schema.Gift = g  # what the card text is rendered from
        # An aura's additions, read by every stats call while it is on the field:
        # (who, estro filter or -1, stat index or -1 for the card's primary, amount).
        self.aura: tuple[tuple[str, int, int, int], ...] = tuple(
            (
                e.who,
                -1 if e.estro is None else schema.ESTRI.index(e.estro),
                -1 if e.stat == "primary" else schema.STATS.index(e.stat or "atk"),
                e.add,
            )
            for e in self.do
            if g.trigger == "aura" and e.add is not None
        )

    def __repr__(self) -> str:
        return f"gift_play.Gift({self.source!r})"


def fields_of(obj: Any) -> dict[str, Any]:
    """A play-form object's fields by name (for tests and debugging)."""
    return {name: getattr(obj, name) for name in type(obj).__slots__}
