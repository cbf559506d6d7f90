"""Shuffle bags: draw without replacement, so every item comes out before any repeats.

The hero generator draws skill models, elements, constellations and perks from bags rather
than with plain choices, so that a deck spreads them evenly (four cards, four elements).
A looping bag refills itself when empty; a non-looping bag runs dry. Chance comes from
tavolo's RNG, one ``below`` per draw, so a bag is deterministic for a given seed.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Generic, TypeVar

from tavolo.engine.rng import RNG

T = TypeVar("T")


class EmptyBag(LookupError):
    """A draw that was required to succeed found nothing to draw (a generator bug)."""


class Bag(Generic[T]):
    """Items drawn in random order; ``looping`` bags refill with every item when empty."""

    __slots__ = ("_items", "_left", "_rng", "looping")

    def __init__(self, items: Sequence[T], rng: RNG, *, looping: bool) -> None:
        if not items:
            raise ValueError("a bag needs at least one item")
        self._items = tuple(items)
        self._rng = rng
        self.looping = looping
        self._left = list(range(len(self._items)))  # indexes still in the bag, in order

    def __len__(self) -> int:
        """How many items are left before the bag is empty (or refills)."""
        return len(self._left)

    def __contains__(self, item: object) -> bool:
        """Whether ``item`` is still in the bag (has not been drawn or removed)."""
        return any(self._items[i] == item for i in self._left)

    def draw(self, exclude: Collection[T] = ()) -> T | None:
        """One item not in ``exclude``, removed from the bag; None when there is none.

        A looping bag with no candidates left refills and tries once more; it returns
        None only when ``exclude`` rules out every item (the original loops forever there).
        """
        candidates = self._candidates(exclude)
        if not candidates and self.looping:
            self.reset()
            candidates = self._candidates(exclude)
        if not candidates:
            return None
        index = candidates[self._rng.below(len(candidates))]
        self._left.remove(index)  # keeps the order of the rest
        return self._items[index]

    def _candidates(self, exclude: Collection[T]) -> list[int]:
        return [i for i in self._left if self._items[i] not in exclude]

    def must_draw(self, exclude: Collection[T] = ()) -> T:
        """Like :meth:`draw`, for draws the generator's layout guarantees to succeed."""
        item = self.draw(exclude)
        if item is None:
            raise EmptyBag(f"nothing left to draw from a bag of {len(self._items)}")
        return item

    def remove(self, item: T) -> None:
        """Take ``item`` out without drawing, so it cannot come out until a refill."""
        self._left = [i for i in self._left if self._items[i] != item]

    def reset(self) -> None:
        """Put every item back, in the original order."""
        self._left = list(range(len(self._items)))

    def clone(self) -> Bag[T]:
        """A bag with the same items left that draws from the same RNG."""
        twin: Bag[T] = Bag(self._items, self._rng, looping=self.looping)
        twin._left = list(self._left)
        return twin
