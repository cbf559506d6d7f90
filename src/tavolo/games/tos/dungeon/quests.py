"""Quest, enemy and event placement on a generated map (tos-facts sections 7.7 to 7.12).

:func:`place_adventure` fills the 18 index slots of one attempt, in the original's order:

1. the main quest, one plain draw among the five of :mod:`.main_quests` (section 7.9);
2. side quests (section 7.10): up to two draws from a non-looping bag, a draw that does not
   fit being skipped: the reward, the chest, the trap, the hostage, the forge, the lost
   technique and the theft; at most one picking action (the forge, the lost technique's
   pick, the final form's first stage) per adventure;
3. the miscellaneous enemies (section 7.11), by band searches from both ends of the map;
4. events (section 7.12) drawn from a non-looping bag until the slots or the bag run out:
   all thirteen, the two-way teleport, the teleport trap, the quiet room and the ten events
   that print a shared card action (heal, shop, swap, recover, weakness, camp, ritual,
   observatory, gambling, sacrifice).

Card actions are fixed by :func:`~tavolo.games.tos.adventure.actions.draw_action` once the
room is drawn. On a choice entry they are printed as mandatory (choosing is the opt-in); other
entries keep each action's default. An entry holding a "For 1 time" action is marked ``once``
(the token goes on the index entry, section 7.8).

The room searches live on :class:`.placer.Placer`. Quest steps placed "at t%" go to a free,
non-pickable room; miscellaneous enemies may use pickable rooms. A failed event or side
quest placement is skipped; a main quest without a room or a miscellaneous enemy search
whose last step finds no band fails the attempt (:class:`PlacementFailed`), and the caller
regenerates the whole adventure from the next sub-seed. All chance goes through the RNG.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tavolo.engine.rng import RNG
from tavolo.games.tos.adventure.actions import Pick
from tavolo.games.tos.enemies import draw_enemy, dungeon_table

from .bands import farther, nearer, next_band
from .index import (
    Action,
    BarFull,
    Fight,
    Instruction,
    Story,
    SymbolMapped,
    Teleport,
    Tick,
    Trigger,
)
from .main_quests import MAIN_PLACERS, MAIN_QUESTS, VILLAIN_DEFEATED
from .model import DungeonMap
from .placer import PlacementFailed, Placer

__all__ = [
    "MAIN_QUESTS",
    "VILLAIN_DEFEATED",
    "Placement",
    "PlacementFailed",
    "Placer",
    "place_adventure",
]

SIDE_QUESTS = (
    "side_the_lost_technique",
    "side_the_reward",
    "side_the_theft",
    "side_the_chest",
    "side_the_trap",
    "side_the_forge",
    "side_the_hostage",
)
SIDE_QUEST_DRAWS = 2  # "up to 2 side quests" (section 7.10)
THEFT_BAR = "side_the_theft.map"
THEFT_BOXES = 3
# the events that print one card action: (timing %, trigger, action kind), section 7.12
CARD_EVENTS: dict[str, tuple[int, Trigger, str]] = {
    "event_healer": (50, "choice", "heal"),
    "event_shop": (20, "choice", "shop"),
    "event_swap": (80, "choice", "swap"),
    "event_recover": (80, "choice", "recover"),
    "event_weakness": (30, "walk_on", "weakness"),
    "event_camp": (20, "choice", "camp"),
    "event_dark_ritual": (70, "choice", "ritual"),
    "event_observatory": (50, "choice", "observatory"),
    "event_gambler": (50, "choice", "gambling"),
    "event_sacrifice": (60, "choice", "sacrifice"),
}
EVENTS = (
    "event_bidirectional_teleport",
    "event_teleport_trap",
    "event_healer",
    "event_shop",
    "event_swap",
    "event_recover",
    "event_quiet",
    "event_weakness",
    "event_camp",
    "event_dark_ritual",
    "event_observatory",
    "event_gambler",
    "event_sacrifice",
)

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


# -- side quests ------------------------------------------------------------------------
def _fight_then(pl: Placer, source: str, percent: int, tier: str, difficulty: str) -> bool:
    """A choice entry at ``percent``%: fight, then the quest's reward (sections 7.10)."""
    if pl.free_slots < 1:
        return False
    room = pl.at_timing(percent)
    if room is None:
        return False
    enemy = draw_enemy(pl.rng, tier, difficulty, table=dungeon_table())
    reward: tuple[Action, ...]
    if source == "side_the_reward":
        reward = (pl.card_action("heal", "choice"),)
    elif source == "side_the_hostage":
        reward = (pl.card_action("hostage", "choice"),)
    else:  # the chest and the trap
        reward = (Story(label=f"{source}.text"), pl.card_action("loot", "choice"))
    pl.commit(room, "choice", (Fight(enemy=enemy), *reward), source)
    return True


def _side_the_reward(pl: Placer) -> bool:
    return _fight_then(pl, "side_the_reward", 50, "lvl4", "hard_unbuffed")


def _side_the_hostage(pl: Placer) -> bool:
    return _fight_then(pl, "side_the_hostage", 50, "lvl4", "hard_unbuffed")


def _side_the_chest(pl: Placer) -> bool:
    tier = pl.rng.choice(("lvl3", "lvl4"), label="side_the_chest tier")
    return _fight_then(pl, "side_the_chest", 80, tier, "hard_lock")


def _side_the_trap(pl: Placer) -> bool:
    tier = pl.rng.choice(("lvl3", "lvl4"), label="side_the_trap tier")
    return _fight_then(pl, "side_the_trap", 80, tier, "hard_trap")


def _side_the_forge(pl: Placer) -> bool:
    """The forge in the farthest pickable room: its back is the hero card it adds."""
    if pl.free_slots < 1 or pl.picked:
        return False
    room = pl.at_farthest_pickable_room()
    if room is None:
        return False
    pl.commit(room, "immediate", (pl.card_action("forge", "immediate"),), "side_the_forge")
    return True


def _side_the_lost_technique(pl: Placer) -> bool:
    """A treasure in the farthest pickable room: card N's back, while its guardian's room
    (the farthest room visible from the treasure, a lvl4 hard fight) is mapped."""
    if pl.free_slots < 2 or pl.picked:
        return False
    treasure = pl.at_farthest_pickable_room()
    guard_room = None if treasure is None else pl.at_farthest_visible_from(treasure)
    if treasure is None or guard_room is None:
        return False
    source = "side_the_lost_technique"
    pick = pl.card_action("pick", "immediate")
    assert isinstance(pick, Pick)
    pick = pick.model_copy(update={"card": treasure.card})
    pl.commit(
        treasure,
        "immediate",
        (Story(label=f"{source}.treasure"), pick),
        source,
        conditions=(SymbolMapped(symbol=guard_room.symbol),),
    )
    guardian = draw_enemy(pl.rng, "lvl4", "hard", table=dungeon_table())
    pl.commit(
        guard_room,
        "immediate",
        (Fight(enemy=guardian), Story(label=f"{source}.guardian")),
        source,
    )
    return True


def _side_the_theft(pl: Placer) -> bool:
    """The stolen map at 50% (choice: tick a 3-box pencil bar, once a game); its keeper at
    100% (immediate), there only once the bar is full: lvl4 normal_unbuffed, then heal."""
    if pl.free_slots < 2:
        return False
    map_room = pl.at_timing(50)
    keeper_room = None if map_room is None else pl.at_timing(100, taken={map_room.id})
    if map_room is None or keeper_room is None:
        return False
    source = "side_the_theft"
    pl.commit(
        map_room,
        "choice",
        (Story(label=f"{source}.map"), Tick(bar=THEFT_BAR, boxes=THEFT_BOXES)),
        source,
        once=True,
    )
    keeper = draw_enemy(pl.rng, "lvl4", "normal_unbuffed", table=dungeon_table())
    pl.commit(
        keeper_room,
        "immediate",
        (Fight(enemy=keeper), Story(label=f"{source}.keeper"), pl.card_action("heal", "immediate")),
        source,
        conditions=(BarFull(bar=THEFT_BAR),),
    )
    return True


_SIDE_PLACERS: dict[str, Callable[[Placer], bool]] = {
    "side_the_lost_technique": _side_the_lost_technique,
    "side_the_theft": _side_the_theft,
    "side_the_reward": _side_the_reward,
    "side_the_chest": _side_the_chest,
    "side_the_trap": _side_the_trap,
    "side_the_forge": _side_the_forge,
    "side_the_hostage": _side_the_hostage,
}


def place_side_quests(pl: Placer) -> list[str]:
    """Up to :data:`SIDE_QUEST_DRAWS` draws from a non-looping bag; the ids placed."""
    bag = list(SIDE_QUESTS)
    placed: list[str] = []
    for _ in range(SIDE_QUEST_DRAWS):
        if not bag:
            break
        quest = pl.rng.draw(bag, label="dungeon side quest")
        if _SIDE_PLACERS[quest](pl):
            placed.append(quest)
    return placed


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
        enemy = draw_enemy(pl.rng, tier, difficulty, table=dungeon_table())
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
    enemy = draw_enemy(pl.rng, "lvl3", "hard", table=dungeon_table())
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


def _card_event(event: str) -> Callable[[Placer], bool]:
    percent, trigger, kind = CARD_EVENTS[event]

    def place(pl: Placer) -> bool:
        if pl.free_slots < 1:
            return False
        room = pl.at_timing(percent)
        if room is None:
            return False
        pl.commit(room, trigger, (pl.card_action(kind, trigger),), event)
        return True

    return place


_EVENT_PLACERS: dict[str, Callable[[Placer], bool]] = {
    "event_bidirectional_teleport": _event_bidirectional_teleport,
    "event_teleport_trap": _event_teleport_trap,
    "event_quiet": _event_quiet,
    **{event: _card_event(event) for event in CARD_EVENTS},
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
    side_quests: tuple[str, ...]
    events: tuple[str, ...]
    instructions: tuple[Instruction, ...]
    map: DungeonMap  # the map the quests leave: a room may have had its doors closed


def place_adventure(m: DungeonMap, rng: RNG) -> Placement:
    """Main quest, side quests, miscellaneous enemies and events on ``m``;
    :class:`PlacementFailed` if stuck."""
    pl = Placer(m, rng)
    main = rng.choice(MAIN_QUESTS, label="dungeon main quest")
    MAIN_PLACERS[main](pl)
    sides = place_side_quests(pl)
    place_misc_enemies(pl)
    events = place_events(pl)
    return Placement(
        main_quest=main,
        side_quests=tuple(sides),
        events=tuple(events),
        instructions=tuple(pl.instructions),
        map=pl.map,
    )
