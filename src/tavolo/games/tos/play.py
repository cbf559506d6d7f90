"""What is in play (T-17) and how a sentence's conditions and actions read the layout.

Pure functions of a fight state: the rules call them when an ability is activated
(conditions hold only at that moment, T-16) and when Execute reads enemy modifiers.
"""

from __future__ import annotations

from collections import Counter

from .schema import Action, Condition, Half
from .state import TosState


def half(s: TosState, c: int) -> Half:
    """Card ``c`` as it lies: only the upright half counts (T-3). Card 9 is the copy of
    hero card ``s.extra`` the hero picked from an adventure card's back."""
    return s.hero.half(c if c <= 8 else s.extra, s.up[c - 1])


def cards_in_play(s: TosState) -> int:
    return len(s.column) + len(s.charge) + len(s.infuse)


def elements(s: TosState) -> Counter[str]:
    """Elements of the Opening, Add and Infuse cards (not Charge, not Strain)."""
    out: Counter[str] = Counter()
    for c in (*s.column, *s.infuse):
        e = half(s, c).element
        if e is not None:
            out[e] += 1
    return out


def banners(s: TosState) -> dict[int, int]:
    """The main banner (the lowest column card's tips) plus one per Charge card."""
    out = {1: 0, 2: 0}
    if s.column:
        out[half(s, s.column[-1]).banner] += 1
    for c in s.charge:
        out[half(s, c).banner] += 1
    return out


def star_row(s: TosState) -> list[int]:
    """Stars read left to right: the last Infuse card first, the Opening card last."""
    row = [half(s, c).stars for c in reversed(s.infuse)]
    if s.column:
        row.append(half(s, s.column[0]).stars)
    return row


def constellation_in_play(s: TosState, pattern: tuple[int, ...]) -> bool:
    """Any contiguous run of the star row, single cards included."""
    row = star_row(s)
    n = len(pattern)
    return any(tuple(row[i : i + n]) == pattern for i in range(len(row) - n + 1))


def constellation_in_hand(s: TosState, pattern: tuple[int, ...]) -> bool:
    """Distinct hand cards whose stars can be ordered into the pattern (digest)."""
    have = Counter(half(s, c).stars for c in s.hand)
    need = Counter(pattern)
    return all(have[k] >= v for k, v in need.items())


def count(s: TosState, what: str, slot: int) -> int | None:
    """A counted quantity; None when it does not exist (no previous card)."""
    if what == "attack":
        return s.attack
    if what == "defense":
        return s.defense
    if what == "cards":
        return cards_in_play(s)
    if what == "banner1":
        return banners(s)[1]
    if what == "banner2":
        return banners(s)[2]
    if what == "prev_stars":
        if slot <= 0 or slot > len(s.column):
            return None
        return half(s, s.column[slot - 1]).stars
    return elements(s)[what]


def holds(s: TosState, cond: Condition, slot: int) -> bool:
    if cond.stars is not None:
        if cond.place == "in_hand":
            return constellation_in_hand(s, cond.stars)
        return constellation_in_play(s, cond.stars)
    assert cond.count is not None
    v = count(s, cond.count, slot)
    if v is None:
        return False
    if cond.at_least is not None:
        return v >= cond.at_least
    if cond.at_most is not None:
        return v <= cond.at_most
    return v == cond.exactly


def track(s: TosState, name: str) -> int:
    return int(getattr(s, name))


def capped(s: TosState, name: str, value: int) -> int:
    """Tracks never go below 0; mana never above the level (T-1)."""
    value = max(0, value)
    if name == "mana":
        value = min(value, s.level)
    return value


def set_track(s: TosState, name: str, value: int) -> None:
    setattr(s, name, capped(s, name, value))


def gain(s: TosState, name: str, delta: int) -> int:
    """What adding ``delta`` to a track really adds now: the play screen shows this, not
    the card's value, so that a Charge at full mana reads +0."""
    return capped(s, name, track(s, name) + delta) - track(s, name)


def tick(s: TosState, a: Action) -> int:
    """Fill the bar's leftmost free box (a pencil mark), then read the leftmost box still
    free, or the end value when none is: +1, +0, +1, +1, +2, then +0 for the legacy bar."""
    assert a.tick is not None
    bar = s.hero.bars.get(a.tick)
    if bar is None:
        return 0
    t = s.ticks.get(a.tick, 0)
    if t < len(bar.boxes):
        t += 1
        s.ticks[a.tick] = t
    value = bar.boxes[t] if t < len(bar.boxes) else bar.end
    return value or 0
