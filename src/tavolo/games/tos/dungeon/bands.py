"""Distance bands: the searches that turn "at 80% of the way in" into a band of rooms.

``DungeonMap.bands`` lists room ids by distance from 1A (band 0 is 1A alone). Quest and enemy
placement ask for a band near a target distance; these helpers answer with a band index, or
None, following the original's rules (tos-facts section 7.6). ``ignore`` holds room ids that
do not count (rooms already used, or pickable rooms), so a band with only those is empty.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Literal

Bands = Sequence[Sequence[str]]


def _full(bands: Bands, p: int, ignore: Collection[str]) -> bool:
    return 0 <= p < len(bands) and any(r not in ignore for r in bands[p])


def farther(bands: Bands, p: int, ignore: Collection[str] = ()) -> int | None:
    """The first non-empty band beyond ``p``; else ``p`` itself when non-empty; else None."""
    for q in range(p + 1, len(bands)):
        if _full(bands, q, ignore):
            return q
    return p if _full(bands, p, ignore) else None


def nearer(bands: Bands, p: int, ignore: Collection[str] = ()) -> int | None:
    """The first non-empty band below ``p`` but above 0; else ``p`` when non-empty; else None.

    Band 0 (the entrance) is never the answer of a search towards it.
    """
    for q in range(p - 1, 0, -1):
        if _full(bands, q, ignore):
            return q
    return p if _full(bands, p, ignore) else None


def next_band(
    bands: Bands, p: int, direction: Literal["farther", "nearer"], ignore: Collection[str] = ()
) -> int | None:
    """``p`` when non-empty, otherwise the search in ``direction``."""
    if _full(bands, p, ignore):
        return p
    return farther(bands, p, ignore) if direction == "farther" else nearer(bands, p, ignore)
