"""The bookkeeping of one placement attempt, and the room searches quests use (section 7.7).

A :class:`Placer` holds the map, the attempt's :class:`RNG`, the rooms already holding an
instruction and the instructions placed. Its searches answer "which room?":

- :meth:`Placer.at_timing` -- a free, non-pickable room about t% of the way in: band
  ``p = round(maxDepth * t / 100)``, ``next(p, farther)``, else ``next(p, nearer)``; with
  ``force`` (the main quest) ``p`` keeps going down until a band answers;
- :meth:`Placer.at_farthest_pickable_room` -- the deepest still-free pickable room;
- :meth:`Placer.at_farthest_visible_from` -- the deepest free room the hero can walk to
  from a room while that room stays on the table (below).

:meth:`Placer.commit` writes one instruction (one of the 18 slots) and enforces the one
picking action per adventure; :meth:`Placer.close_exits` removes a room's doors on both
sides. All chance goes through the given :class:`RNG`.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field

from tavolo.engine.errors import TavoloError
from tavolo.engine.rng import RNG
from tavolo.games.tos.adventure.actions import CardAction, Forge, Pick, draw_action

from .bands import next_band
from .index import MAX_ENTRIES, Action, Condition, DungeonAction, Instruction, Trigger
from .model import DungeonMap, Room


class PlacementFailed(TavoloError):
    """This attempt cannot hold the adventure (the caller tries the next sub-seed)."""


def round_half_up(x: float) -> int:
    return int(x + 0.5)


@dataclass
class Placer:
    """The bookkeeping of one attempt: free rooms per band and the instructions placed."""

    map: DungeonMap
    rng: RNG
    used: set[str] = field(default_factory=set)
    instructions: list[Instruction] = field(default_factory=list)
    picked: bool = False  # the one picking action of the adventure is placed (section 7.7)

    def __post_init__(self) -> None:
        self.bands = self.map.bands
        self.max_depth = len(self.bands) - 1
        self.pickable = {r.id for r in self.map.rooms if r.pickable}

    @property
    def free_slots(self) -> int:
        return MAX_ENTRIES - len(self.instructions)

    def draw(self, band: int, ignore: set[str]) -> Room:
        free = [r for r in self.bands[band] if r not in ignore]
        return self.map.room(self.rng.choice(free, label="dungeon room"))

    def at_timing(
        self, percent: int, *, force: bool = False, taken: Collection[str] = ()
    ) -> Room | None:
        """A free, non-pickable room about ``percent``% of the way in (section 7.7)."""
        ignore = self.used | self.pickable | set(taken)
        p = round_half_up(self.max_depth * percent / 100)
        while True:
            b = next_band(self.bands, p, "farther", ignore)
            if b is None:
                b = next_band(self.bands, p, "nearer", ignore)
            if b is not None:
                return self.draw(b, ignore)
            if not force or p <= 0:
                return None
            p -= 1

    def at_farthest_pickable_room(self, taken: Collection[str] = ()) -> Room | None:
        """The still-free pickable room with the largest distance (first in its band)."""
        for band in reversed(self.bands):
            for rid in band:
                if rid in self.pickable and rid not in self.used and rid not in taken:
                    return self.map.room(rid)
        return None

    def at_farthest_visible_from(self, start: Room, taken: Collection[str] = ()) -> Room | None:
        """The deepest free, non-pickable room the hero can walk to from ``start`` while
        ``start`` stays on the table (section 7.7, "visible").

        A depth-first walk along the doors (in map order) from ``start`` that never enters
        another room of ``start``'s card (walking in would take the card away). A room is a
        candidate when its card is not already on the walk's path; the first candidate of
        each card counts, and the answer is the deepest, ties going to the higher glyph.
        """
        found: dict[int, tuple[int, Room]] = {}  # card -> (depth, first candidate)
        blocked = self.used | self.pickable | set(taken)
        seen = {start.id}

        def walk(room: Room, depth: int, cards: frozenset[int]) -> None:
            for door in self.map.doors_of(room.id):
                nxt = self.map.room(door.code)
                if nxt.id in seen or nxt.card == start.card:
                    continue
                seen.add(nxt.id)
                if nxt.card not in cards and nxt.card not in found and nxt.id not in blocked:
                    found[nxt.card] = (depth + 1, nxt)
                walk(nxt, depth + 1, cards | {nxt.card})

        walk(start, 0, frozenset({start.card}))
        if not found:
            return None
        glyph = {c.number: c.symbol for c in self.map.cards}
        _, room = max(found.values(), key=lambda dr: (dr[0], glyph[dr[1].card]))
        return room

    def card_action(self, kind: str, trigger: Trigger) -> CardAction:
        """A drawn ``kind`` action, printed mandatory on a choice entry (section 7.8)."""
        if trigger == "choice":
            return draw_action(self.rng, kind, may=False)
        return draw_action(self.rng, kind)

    def commit(
        self,
        room: Room,
        trigger: Trigger,
        actions: tuple[Action, ...],
        source: str,
        *,
        conditions: tuple[Condition, ...] = (),
        once: bool = False,
        picks: bool = False,
    ) -> None:
        """One instruction in ``room``; ``once`` marks it "For 1 time" even without a card
        action saying so, ``picks`` counts it as the picking action without a pick in it."""
        if room.id in self.used:
            raise ValueError(f"room {room.id} already holds an instruction")
        if self.free_slots <= 0:
            raise ValueError("the index is full")
        n_picks = sum(isinstance(a, Forge | Pick) for a in actions) + picks
        if n_picks and (self.picked or n_picks > 1):
            raise ValueError("an adventure holds one picking action")
        self.picked = self.picked or bool(n_picks)
        self.used.add(room.id)
        once = once or any(a.once for a in actions if not isinstance(a, DungeonAction))
        self.instructions.append(
            Instruction(
                symbol=room.symbol,
                trigger=trigger,
                once=once,
                conditions=conditions,
                actions=actions,
                source=source,
            )
        )

    def close_exits(self, room: Room) -> None:
        """Remove every door of ``room``, on both sides (section 7.7, ``closeExits``)."""
        self.map = self.map.close_room(room.id)
