"""DungeonQuest's dice notation, written as data strings and checked when loaded.

The game rolls D6 and D12 only. An amount is written ``[n]d6`` or ``[n]d12``, optionally
halved (``d6/2``: half a D6, rounded down), then a constant (``+3``, ``-2``) and at most
one attribute subtracted (``-armour``, ``-luck``); a bare number is a fixed amount::

    d6   2d6   d12-armour   d6+3-luck   d6-3   d6/2   4

Results below 0 count as 0 (facts, "Dice"). Lower case in data, rendered as ``D12 − Armour``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import BeforeValidator, PlainSerializer

from .words import said

SIDES = (6, 12)
Attribute = Literal["strength", "agility", "armour", "luck"]
SUBTRACTED: tuple[str, ...] = ("armour", "luck")
"""Attributes subtracted from damage rolls; Strength and Agility are tested instead."""

_RE = re.compile(
    r"^(?:(?P<n>[1-3])?d(?P<sides>6|12)(?P<half>/2)?)?"
    r"(?P<mod>[+-][0-9]{1,2})?(?:-(?P<attr>armour|luck))?$"
)


@dataclass(frozen=True, slots=True)
class Dice:
    """A parsed amount: ``n`` dice of ``sides`` (0 dice: a fixed ``mod``)."""

    n: int = 0
    sides: int = 6
    half: bool = False
    mod: int = 0
    attr: str | None = None

    @property
    def pure(self) -> bool:
        """Plain dice, nothing added: what a table can be rolled with."""
        return self.n > 0 and not self.half and self.mod == 0 and self.attr is None

    @property
    def fixed(self) -> bool:
        return self.n == 0

    def span(self) -> tuple[int, int]:
        """Lowest and highest raw result (before the attribute; not floored)."""
        if self.n == 0:
            return self.mod, self.mod
        lo, hi = self.n, self.n * self.sides
        if self.half:
            lo, hi = lo // 2, hi // 2
        return lo + self.mod, hi + self.mod

    def __str__(self) -> str:
        text = f"{self.n if self.n > 1 else ''}d{self.sides}" if self.n else ""
        if self.half:
            text += "/2"
        if self.mod or not text:
            text += f"{self.mod:+d}" if text else str(self.mod)
        if self.attr:
            text += f"-{self.attr}"
        return text


def parse_dice(value: object) -> Dice:
    """``"d12-armour"`` -> Dice; a ValueError saying what is wrong otherwise."""
    if isinstance(value, Dice):
        return value
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise said("content.dice_type", value=value)
    text = str(value).strip().lower().replace(" ", "")
    if text.isdigit():
        n = int(text)
        if n > 20:
            raise said("content.dice_fixed", n=n)
        return Dice(mod=n)
    m = _RE.match(text)
    if not m or not text:
        raise said("content.dice_bad", value=value)
    if m["sides"] is None:
        raise said("content.dice_no_die", value=value)
    return Dice(
        n=int(m["n"] or 1),
        sides=int(m["sides"]),
        half=bool(m["half"]),
        mod=int(m["mod"] or 0),
        attr=m["attr"],
    )


DiceExpr = Annotated[Dice, BeforeValidator(parse_dice), PlainSerializer(str)]
"""A dice expression field in a pydantic model."""


def parse_range(key: object, lo: int, hi: int) -> tuple[int, int]:
    """A table row's key, ``"3"`` or ``"3-4"``, as an inclusive range inside lo..hi."""
    text = str(key).strip()
    m = re.fullmatch(r"([0-9]{1,2})(?:-([0-9]{1,2}))?", text)
    if not m:
        raise said("content.row_bad", row=text)
    a, b = int(m[1]), int(m[2] or m[1])
    if a > b or a < lo or b > hi:
        raise said("content.row_outside", row=text, lo=lo, hi=hi)
    return a, b
