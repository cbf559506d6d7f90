# cython: infer_types=True
"""The one source of chance in a game: a seeded generator whose whole state is one int.

SplitMix64 is used instead of :mod:`random` because its state is a single integer:
cloning a game state copies one int, serialising it writes one number, and the
sequence is the same on every machine and Python version. Every call has a name
(``roll``, ``coin``, ``shuffle``, ``choice``, ``draw``) and a free label, so that a
scripted variant can answer "the defender rolls 3" in tests and scenario files.
"""

from __future__ import annotations

from collections.abc import Iterable, MutableSequence, Sequence
from typing import Any, TypeVar

from .errors import ScriptError, Word, engine_messages

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * _MIX1) & _MASK
    z = ((z ^ (z >> 27)) * _MIX2) & _MASK
    return z ^ (z >> 31)


def derive_seed(seed: int, label: str) -> int:
    """A seed for an independent stream named ``label`` (agents, sub-generators)."""
    h = seed & _MASK
    for ch in label.encode():
        h = _mix((h ^ ch) + _GOLDEN & _MASK)
    return h


class RNG:
    """Seeded generator with named calls; all chance in a game goes through one of these."""

    __slots__ = ("s",)

    def __init__(self, seed: int = 0) -> None:
        self.s = _mix(seed & _MASK)

    # -- the raw stream -------------------------------------------------------------
    def next64(self) -> int:
        s = (self.s + _GOLDEN) & _MASK
        self.s = s
        z = ((s ^ (s >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform int in ``[0, n)`` (multiply-shift; bias below 2**-50 for game sizes)."""
        s = (self.s + _GOLDEN) & _MASK  # next64, inlined: this is the hottest call
        self.s = s
        z = ((s ^ (s >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return ((z ^ (z >> 31)) * n) >> 64

    # -- named calls ----------------------------------------------------------------
    def roll(self, sides: int = 6, label: str = "") -> int:
        s = (self.s + _GOLDEN) & _MASK  # below, inlined: games roll dice on every attack
        self.s = s
        z = ((s ^ (s >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return 1 + (((z ^ (z >> 31)) * sides) >> 64)

    def coin(self, label: str = "") -> bool:
        return self.next64() >> 63 == 1

    def chance(self, percent: int, label: str = "") -> bool:
        """True with probability ``percent``/100 (clamped to 0..100)."""
        return self.below(100) < percent

    def choice(self, seq: Sequence[T], label: str = "") -> T:
        return seq[self.below(len(seq))]

    def draw(self, pile: MutableSequence[T], label: str = "") -> T:
        """Remove and return a uniformly random element of ``pile``."""
        return pile.pop(self.below(len(pile)))

    def shuffle(self, seq: MutableSequence[Any], label: str = "") -> None:
        below = self.below
        for i in range(len(seq) - 1, 0, -1):
            j = below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def sample(self, pool: Sequence[T], k: int, label: str = "") -> list[T]:
        """``k`` distinct elements of ``pool`` in random order (a partial shuffle).

        Two swaps per generator step: one uniform draw below ``a * (a - 1)`` gives both
        positions exactly (dealing a deck is the hottest use of chance in a setup)."""
        items = list(pool)
        below = self.below
        n = len(items)
        k = min(k, n)
        i = 0
        while i + 1 < k:
            a = n - i
            r = below(a * (a - 1))
            j = i + r % a
            items[i], items[j] = items[j], items[i]
            j = i + 1 + r // a
            items[i + 1], items[j] = items[j], items[i + 1]
            i += 2
        if i < k:
            j = i + below(n - i)
            items[i], items[j] = items[j], items[i]
        return items[:k]

    def fork(self, label: str) -> RNG:
        """An independent generator, e.g. an agent's own stream."""
        r = RNG.__new__(RNG)
        r.s = derive_seed(self.next64(), label)
        return r

    # -- plain data ------------------------------------------------------------------
    def clone(self) -> RNG:
        r = RNG.__new__(RNG)
        r.s = self.s
        return r

    def to_json(self) -> dict[str, Any]:
        return {"s": self.s}

    @staticmethod
    def from_json(data: dict[str, Any]) -> RNG:
        if "script" in data:
            return ScriptedRNG.from_json(data)
        r = RNG.__new__(RNG)
        r.s = _state_of(data)
        return r

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, RNG)
            and type(other) is type(self)
            and self.to_json() == other.to_json()
        )

    def __hash__(self) -> int:
        return hash(self.s)

    def __repr__(self) -> str:
        return f"RNG(s={self.s:#x})"


_CALLS = ("roll", "coin", "chance", "choice", "draw", "shuffle", "sample")


def _scripted(key: str, value: Any, label: str, **more: Any) -> ScriptError:
    """A scripted outcome that does not fit the game's call (named by its label)."""
    msg = engine_messages()
    return ScriptError.said(
        msg, key, value=value, label=label or Word(msg, "script.unlabelled"), **more
    )


class ScriptedRNG(RNG):
    """An RNG that answers from a script first, then from its seeded stream.

    A script is a list of entries such as ``{"roll": 3, "label": "defender"}``. Each
    call takes the first remaining entry of its own kind; an entry's label, when
    given, must match the call's label. Calls with no entry of their kind left fall
    back to the seeded stream, so a scenario scripts only the outcomes it is about.
    """

    __slots__ = ("script",)

    def __init__(self, seed: int = 0, script: Iterable[dict[str, Any]] = ()) -> None:
        super().__init__(seed)
        self.script: list[dict[str, Any]] = []
        if isinstance(script, str | bytes) or not isinstance(script, Iterable):
            raise ScriptError.said(engine_messages(), "script.list", example="{roll: 3}")
        for i, entry in enumerate(script):
            if not isinstance(entry, dict):
                raise ScriptError.said(engine_messages(), "script.entry", n=i + 1, entry=entry)
            kinds = [k for k in entry if k in _CALLS]
            extra = [k for k in entry if k not in _CALLS and k != "label"]
            if len(kinds) != 1 or extra:
                raise ScriptError.said(
                    engine_messages(),
                    "script.kinds_extra" if extra else "script.kinds",
                    n=i + 1,
                    entry=entry,
                    kinds=", ".join(_CALLS),
                    extra=", ".join(extra),
                )
            self.script.append(dict(entry))

    def _take(self, kind: str, label: str) -> Any:
        for i, entry in enumerate(self.script):
            if kind in entry:
                want = entry.get("label")
                if want is not None and want != label:
                    raise ScriptError.said(
                        engine_messages(), "script.label", kind=kind, want=want, label=label
                    )
                del self.script[i]
                return entry[kind]
        return _UNSET

    def roll(self, sides: int = 6, label: str = "") -> int:
        v = self._take("roll", label)
        if v is _UNSET:
            return super().roll(sides, label)
        if not isinstance(v, int) or not 1 <= v <= sides:
            raise _scripted("script.roll", v, label, sides=sides)
        return v

    def coin(self, label: str = "") -> bool:
        v = self._take("coin", label)
        if v is _UNSET:
            return super().coin(label)
        if v in ("heads", "win", "yes", True):
            return True
        if v in ("tails", "lose", "no", False):
            return False
        raise _scripted("script.coin", v, label)

    def chance(self, percent: int, label: str = "") -> bool:
        v = self._take("chance", label)
        if v is _UNSET:
            return super().chance(percent, label)
        if not isinstance(v, bool):
            raise _scripted("script.chance", v, label)
        return v

    def choice(self, seq: Sequence[T], label: str = "") -> T:
        v = self._take("choice", label)
        if v is _UNSET:
            return super().choice(seq, label)
        if v not in seq:
            raise _scripted("script.choice", v, label)
        return v  # type: ignore[no-any-return]

    def draw(self, pile: MutableSequence[T], label: str = "") -> T:
        v = self._take("draw", label)
        if v is _UNSET:
            return super().draw(pile, label)
        if v not in pile:
            raise _scripted("script.draw", v, label)
        pile.remove(v)
        return v  # type: ignore[no-any-return]

    def shuffle(self, seq: MutableSequence[Any], label: str = "") -> None:
        v = self._take("shuffle", label)
        if v is _UNSET:
            super().shuffle(seq, label)
        elif v not in ("keep", None):
            raise _scripted("script.shuffle", v, label)

    def sample(self, pool: Sequence[T], k: int, label: str = "") -> list[T]:
        v = self._take("sample", label)
        if v is _UNSET:
            return super().sample(pool, k, label)
        if not isinstance(v, list) or len(v) != min(k, len(pool)):
            raise _scripted("script.sample_size", v, label, k=min(k, len(pool)))
        if len(set(map(repr, v))) != len(v) or any(x not in pool for x in v):
            raise _scripted("script.sample_pool", v, label)
        return list(v)

    def clone(self) -> ScriptedRNG:
        r = ScriptedRNG.__new__(ScriptedRNG)
        r.s = self.s
        r.script = [dict(e) for e in self.script]
        return r

    def to_json(self) -> dict[str, Any]:
        return {"s": self.s, "script": [dict(e) for e in self.script]}

    @staticmethod
    def from_json(data: dict[str, Any]) -> ScriptedRNG:
        r = ScriptedRNG(0, data.get("script", ()))
        r.s = _state_of(data)
        return r


def _state_of(data: dict[str, Any]) -> int:
    """The 64-bit state ``to_json`` wrote; anything else (-1 wrapped round to another
    state, a text) is a ValueError, told in one line by the game's ``reading_state``."""
    s = data["s"]
    if isinstance(s, bool) or not isinstance(s, int) or not 0 <= s <= _MASK:
        raise ValueError(f"the RNG's state {s!r} is no 64-bit state written by to_json")
    return s


class _Unset:
    pass


_UNSET: Any = _Unset()
