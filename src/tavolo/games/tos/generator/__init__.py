"""The daily hero generator: one hero deck per UTC day, never the same twice.

A day's serial is ``TOS`` + ``YYYYMMDD``; its seed is derived from the serial with tavolo's
``derive_seed``, so every day has its own stream (the original's seeds repeat every 27
days). The class is drawn from the seed unless the player picks one. The generator follows
the original's recipe (layout, skill models, pricing, elements, constellations, perks) but
not its random numbers, so it is not bit-compatible with it.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import cast

from tavolo.engine.errors import ConfigError, UnknownName, engine_messages
from tavolo.engine.i18n import LANGS
from tavolo.engine.rng import RNG, derive_seed

from ..schema import CLASSES, Hero, Klass
from ..text import MSG
from .hero import build

__all__ = [
    "CLASSES",
    "UnknownClass",
    "check_seed",
    "class_id",
    "class_of",
    "daily",
    "generate",
    "parse_day",
    "seed_for",
    "serial_for",
    "today_utc",
]

_SEED_LIMIT = 1 << 64
_SERIAL = re.compile(r"[A-Z0-9-]+")
_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


class UnknownClass(UnknownName):
    """A hero class nobody has: the known ones are named as the user reads them
    (``astrologo`` in Italian), since that is what :func:`class_id` accepts too."""

    def __init__(
        self,
        what: str = "hero class",
        name: str = "",
        known: tuple[str, ...] = CLASSES,
        *,
        nouns: object = None,
        **of: object,
    ) -> None:
        super().__init__(what, name, known, nouns=MSG, **of)

    def told(self, lang: str) -> str:
        noun = self.nouns.t(lang, "noun.hero_class")
        known = ", ".join(MSG.t(lang, f"class.{k}").lower() for k in self.known)
        return engine_messages().t(lang, "unknown_name", what=noun, name=self.name, known=known)


def class_id(name: str | None) -> str | None:
    """The class a player names: its id or its name in any language, in any case
    (``Astrologo``, ``stargazer``); ``None`` stays ``None`` (the seed draws it)."""
    if name is None:
        return None
    wanted = name.strip().casefold()
    for k in CLASSES:
        if wanted == k or any(wanted == MSG.t(lang, f"class.{k}").casefold() for lang in LANGS):
            return k
    raise UnknownClass(name=name)


def check_seed(seed: object, key: str = "error.seed") -> int:
    """``seed`` if it is a 64-bit seed (0 to 2**64 - 1), as every seed of tavolo's TOS is:
    the hero's, a world's or a dungeon's tool refuses the same numbers."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < _SEED_LIMIT:
        raise ConfigError.said(MSG, key, seed=seed)
    return seed


def serial_for(day: dt.date) -> str:
    """``TOS20261121`` for 2026-11-21: the set's serial, printed in every card code."""
    return f"TOS{day:%Y%m%d}"


def seed_for(day: dt.date) -> int:
    """The day's 64-bit seed, a hash of its serial."""
    return derive_seed(0, serial_for(day))


def generate(seed: int, klass: str | None = None, serial: str | None = None) -> Hero:
    """The hero for ``seed``: the same seed and class always give the same hero.

    ``klass`` (swordsman, elementalist, stargazer) defaults to a draw from the seed; the
    rest of the deck does not depend on whether it was drawn or given. ``serial`` defaults
    to ``SEED-`` and the seed in hex.
    """
    check_seed(seed)
    if klass is None:
        klass = class_of(seed)
    if klass not in CLASSES:
        raise UnknownClass(name=klass)
    if serial is None:
        serial = f"SEED-{seed:016X}"
    if not _SERIAL.fullmatch(serial):
        raise ConfigError(f"serial {serial!r}: use capital letters, digits and '-' only")
    return build(seed, cast(Klass, klass), serial)  # checked against CLASSES above


def class_of(seed: int) -> str:
    """The class a seed draws when none is given (without building the hero)."""
    return CLASSES[RNG(derive_seed(seed, "class")).below(len(CLASSES))]


def daily(day: dt.date, klass: str | None = None) -> Hero:
    """The hero of the UTC day ``day``."""
    return generate(seed_for(day), klass, serial_for(day))


def parse_day(text: str) -> dt.date:
    """A day written ``YYYY-MM-DD``."""
    if not _DAY.fullmatch(text):
        raise ConfigError.said(MSG, "error.day", text=text)
    try:
        return dt.date.fromisoformat(text)
    except ValueError:  # written right, but no such day: 2026-02-30, 2026-13-01
        raise ConfigError.said(MSG, "error.no_day", text=text) from None


def today_utc() -> dt.date:
    """Today's date in UTC: the daily set changes at midnight UTC everywhere."""
    return dt.datetime.now(dt.UTC).date()
