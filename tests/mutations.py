"""Seeded random changes to the files a user writes by hand (scenario files, saved
adventures): a value swapped for an odd one, a key dropped, a list cut or grown, a number
moved. Each game's tests try its real files changed this way; every change must run, or
be refused with a one-line ``TavoloError``, never crash.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tavolo.engine import TavoloError

Path_ = tuple[Any, ...]  # keys and indexes from the top of a document down to one value
BUMPS = (-10, -1, 1, 2, 10)


def spots(x: Any, path: Path_ = ()) -> list[Path_]:
    """Every place below ``x`` (mapping values and list items, at any depth)."""
    out = [path] if path else []
    items = x.items() if isinstance(x, dict) else enumerate(x) if isinstance(x, list) else ()
    for k, v in items:
        out += spots(v, (*path, k))
    return out


def replaced(data: dict[str, Any], path: Path_, value: Any) -> dict[str, Any]:
    """A deep copy of ``data`` with the value at ``path`` replaced (``data`` is kept)."""
    out = copy.deepcopy(data)
    cur: Any = out
    for k in path[:-1]:
        cur = cur[k]
    cur[path[-1]] = value
    return out


def changed(
    data: dict[str, Any], rng: random.Random, odd: Sequence[Any], inside: str | None = "position"
) -> dict[str, Any]:
    """``data`` with one change, inside ``data[inside]`` mostly (anywhere for None): a key
    dropped, a list cut or one item repeated, a number moved, or a value swapped for one
    of ``odd``."""
    data = copy.deepcopy(data)
    where = data[inside] if inside is not None and rng.random() < 0.85 else data
    places = spots(where)
    if not places:
        return data
    path = rng.choice(places)
    box = where
    for k in path[:-1]:
        box = box[k]
    v, r = box[path[-1]], rng.random()
    if isinstance(box, dict) and r < 0.1:
        del box[path[-1]]
    elif isinstance(v, list) and v and r < 0.4:
        box[path[-1]] = v[:-1] if rng.random() < 0.5 else v + v[:1]
    elif isinstance(v, int) and not isinstance(v, bool) and r < 0.6:
        box[path[-1]] = v + rng.choice(BUMPS)
    else:
        box[path[-1]] = copy.deepcopy(rng.choice(odd))
    return data


def tried(
    sources: Mapping[str, dict[str, Any]],
    run: Callable[[dict[str, Any], str], object],
    odd: Sequence[Any],
    seeds: Sequence[int] = range(60),
) -> tuple[list[str], int]:
    """Each seed changes one of ``sources`` (once, or twice) and runs it: the crashes
    (anything but a TavoloError, each named by seed and file) and how many were refused."""
    crashed, refused = [], 0
    for seed in seeds:
        rng = random.Random(seed)
        name = rng.choice(sorted(sources))
        data = changed(sources[name], rng, odd)
        if rng.random() < 0.3:
            data = changed(data, rng, odd)
        try:
            run(data, name)
        except TavoloError as e:
            assert "\n" not in str(e), (seed, name, str(e))
            refused += 1
        except Exception as e:  # any other exception is what these tests look for
            crashed.append(f"seed {seed} ({name}): {e!r}")
    return crashed, refused
