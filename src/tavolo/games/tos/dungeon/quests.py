"""Quest, enemy and event placement on a generated map (tos-facts sections 7.7 to 7.12).

:func:`place_adventure` fills the 18 index slots of one attempt, in the original's order:

1. the main quest: ``main_the_boss`` (section 7.9): an entrance on 1A (walk-on: once the
   villain is defeated, win) and the boss at 100% (immediate: fight the boss, mark it
   defeated, a story step pointing back to the entrance);
2. side quests: none yet (section 7.10 is not implemented; see ``docs/tos-dungeon.md``);
3. the miscellaneous enemies (section 7.11), by band searches from both ends of the map;
4. events (section 7.12) drawn from a non-looping bag until the slots or the bag run out;
   the implemented events are the two-way teleport, the teleport trap and the quiet room.

Quest steps placed "at t%" go to a free, non-pickable room of the band found from
``p = round(maxDepth * t / 100)`` (first ``next(p, farther)``, then ``next(p, nearer)``; the
main quest keeps lowering ``p`` until a band answers). Miscellaneous enemies may use pickable
rooms. A failed event placement is skipped; a miscellaneous enemy search whose last step finds
no band fails the attempt (:class:`PlacementFailed`), and the caller regenerates the whole
adventure from the next sub-seed. All chance goes through the given :class:`RNG`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field

from tavolo.engine.errors import TavoloError
from tavolo.engine.rng import RNG
from tavolo.games.tos.enemies import draw_enemy

from .bands import farther, nearer, next_band
from .index import (
    MAX_ENTRIES,
    Action,
    Fight,
    Gain,
    HasItem,
    Instruction,
    Story,
    Teleport,
    Trigger,
    Win,
)
from .model import DungeonMap, Room

MAIN_QUESTS = ("main_the_boss",)
EVENTS = ("event_bidirectional_teleport", "event_teleport_trap", "event_quiet")
VILLAIN_DEFEATED = "villain_defeated"  # the quest mark the boss's entry gives

# (tier, difficulty) of the miscellaneous enemies, in placement order (section 7.11)
MISC_ENEMIES = (
    ("lvl1", "normal"),
    ("lvl1", "hard"),
    ("lvl2", "normal"),
    ("lvl2", "normal"),
    ("lvl5", "normal"),
    ("lvl4", "normal"),
    ("lvl4", "normal"),
    ("lvl3", "normal"),
    ("lvl3", "normal"),
)


class PlacementFailed(TavoloError):
    """This attempt cannot hold the adventure (the caller tries the next sub-seed)."""


def _round_half_up(x: float) -> int:
    return int(x + 0.5)


@dataclass
class Placer:
    """The bookkeeping of one attempt: free rooms per band and the instructions placed."""

    map: DungeonMap
    rng: RNG
    used: set[str] = field(default_factory=set)
    instructions: list[Instruction] = field(default_factory=list)

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
        p = _round_half_up(self.max_depth * percent / 100)
        while True:
            b = next_band(self.bands, p, "farther", ignore)
            if b is None:
                b = next_band(self.bands, p, "nearer", ignore)
            if b is not None:
                return self.draw(b, ignore)
            if not force or p <= 0:
                return None
            p -= 1

    def commit(
        self,
        room: Room,
        trigger: Trigger,
        actions: tuple[Action, ...],
        source: str,
        *,
        conditions: tuple[HasItem, ...] = (),
    ) -> None:
        if room.id in self.used:
            raise ValueError(f"room {room.id} already holds an instruction")
        if self.free_slots <= 0:
            raise ValueError("the index is full")
        self.used.add(room.id)
        self.instructions.append(
            Instruction(
                symbol=room.symbol,
                trigger=trigger,
                conditions=conditions,
                actions=actions,
                source=source,
            )
        )


# -- main quest --------------------------------------------------------------------------
def place_main_the_boss(pl: Placer) -> None:
    entrance = pl.map.room("1A")
    boss_room = pl.at_timing(100, force=True, taken={entrance.id})
    if boss_room is None:
        raise PlacementFailed("main quest: no room for the boss")
    pl.commit(
        entrance,
        "walk_on",
        (Story(label="main_the_boss.victory"), Win()),
        "main_the_boss",
        conditions=(HasItem(item=VILLAIN_DEFEATED),),
    )
    boss = draw_enemy(pl.rng, "boss", "normal_unbuffed")
    pl.commit(
        boss_room,
        "immediate",
        (
            Fight(enemy=boss),
            Gain(item=VILLAIN_DEFEATED),
            Story(label="main_the_boss.go_back", rooms=(entrance.id,)),
        ),
        "main_the_boss",
    )


# -- miscellaneous enemies ---------------------------------------------------------------
def place_misc_enemies(pl: Placer) -> None:
    """Section 7.11: pairs of enemies walking outwards from 1A, then inwards from the end."""
    ignore = pl.used  # live view: each placement takes its room out of the searches
    plan: list[Callable[[int], int | None]] = [
        lambda p: farther(pl.bands, p, ignore),  # lvl1 normal
        lambda p: next_band(pl.bands, p, "farther", ignore),  # lvl1 hard
        lambda p: farther(pl.bands, p, ignore),  # lvl2 normal
        lambda p: next_band(pl.bands, p, "farther", ignore),  # lvl2 normal
        lambda p: next_band(pl.bands, pl.max_depth, "nearer", ignore),  # lvl5 normal
        lambda p: nearer(pl.bands, p, ignore),  # lvl4 normal
        lambda p: next_band(pl.bands, p, "nearer", ignore),  # lvl4 normal
        lambda p: nearer(pl.bands, p, ignore),  # lvl3 normal
        lambda p: next_band(pl.bands, p, "nearer", ignore),  # lvl3 normal
    ]
    p = 0
    found: int | None = 0
    for search, (tier, difficulty) in zip(plan, MISC_ENEMIES, strict=True):
        found = search(p)
        if found is None or found == 0:
            continue  # a position of 0 or none skips this enemy
        p = found
        if pl.free_slots <= 0:
            continue
        room = pl.draw(p, ignore)
        enemy = draw_enemy(pl.rng, tier, difficulty)
        pl.commit(room, "immediate", (Fight(enemy=enemy),), "misc_enemy")
    if found is None:
        raise PlacementFailed("miscellaneous enemies: the last band search found nothing")


# -- events ------------------------------------------------------------------------------
def _event_bidirectional_teleport(pl: Placer) -> bool:
    if pl.free_slots < 2:
        return False
    a = pl.at_timing(20)
    b = None if a is None else pl.at_timing(80, taken={a.id})
    if a is None or b is None:
        return False
    pl.commit(a, "choice", (Teleport(room=b.id),), "event_bidirectional_teleport")
    pl.commit(b, "choice", (Teleport(room=a.id),), "event_bidirectional_teleport")
    return True


def _event_teleport_trap(pl: Placer) -> bool:
    if pl.free_slots < 2:
        return False
    a = pl.at_timing(50)
    trap = None if a is None else pl.at_timing(100, taken={a.id})
    if a is None or trap is None:
        return False
    enemy = draw_enemy(pl.rng, "lvl3", "hard")
    pl.commit(a, "choice", (Teleport(room=trap.id),), "event_teleport_trap")
    pl.commit(trap, "immediate", (Fight(enemy=enemy),), "event_teleport_trap")
    return True


def _event_quiet(pl: Placer) -> bool:
    if pl.free_slots < 1:
        return False
    a = pl.at_timing(50)
    if a is None:
        return False
    pl.commit(a, "walk_on", (Story(label="event_quiet.text"),), "event_quiet")
    return True


_EVENT_PLACERS: dict[str, Callable[[Placer], bool]] = {
    "event_bidirectional_teleport": _event_bidirectional_teleport,
    "event_teleport_trap": _event_teleport_trap,
    "event_quiet": _event_quiet,
}


def place_events(pl: Placer) -> list[str]:
    """Draw events from a non-looping bag; return the ids of those that were placed."""
    bag = list(EVENTS)
    placed: list[str] = []
    while bag and pl.free_slots > 0:
        event = pl.rng.draw(bag, label="dungeon event")
        if _EVENT_PLACERS[event](pl):
            placed.append(event)
    return placed


@dataclass(frozen=True)
class Placement:
    main_quest: str
    events: tuple[str, ...]
    instructions: tuple[Instruction, ...]


def place_adventure(m: DungeonMap, rng: RNG) -> Placement:
    """Main quest, miscellaneous enemies and events on ``m``; :class:`PlacementFailed` if stuck."""
    pl = Placer(m, rng)
    main = rng.choice(MAIN_QUESTS, label="dungeon main quest")
    place_main_the_boss(pl)
    place_misc_enemies(pl)
    events = place_events(pl)
    return Placement(main_quest=main, events=tuple(events), instructions=tuple(pl.instructions))
