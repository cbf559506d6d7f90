"""The five main quests of the dungeon (tos-facts section 7.9), one placer each.

Every main quest puts an *entrance* on 1A (walk-on: with the villain's mark, the hero leaves
the dungeon and wins) and a villain somewhere that gives the mark once defeated:

- ``main_the_boss`` -- the boss at 100% (immediate);
- ``main_the_missing_key`` -- a key room at 100% (walk-on, a story step); the boss in the
  farthest room visible from it, there only while the key's symbol is mapped;
- ``main_the_general`` -- the general (lvl2) at 100% (immediate); the boss likewise gated
  on the general's symbol;
- ``main_the_curse`` -- a curse room at 100% (immediate, the curse is a must); the boss
  gated on the curse's symbol;
- ``main_the_final_form`` -- the first form (lvl4) in the farthest pickable room, a choice
  that counts as the adventure's picking action and teleports to the final room; the final
  form (the boss) in the next-farthest pickable room, whose doors are all closed, and its
  entry teleports back to 1A.

"The room is empty unless <glyph> is mapped" is a :class:`SymbolMapped` condition on the
boss's entry. "Visible from" is :meth:`.placer.Placer.at_farthest_visible_from`: the walk
there never moves the card of the room it starts from, so that room stays mapped. A main
quest that finds no room fails the attempt (:class:`PlacementFailed`).
"""

from __future__ import annotations

from collections.abc import Callable

from tavolo.games.tos.enemies import draw_enemy, dungeon_table

from .index import Action, Fight, Gain, HasItem, Story, SymbolMapped, Teleport, Trigger, Win
from .model import Room
from .placer import PlacementFailed, Placer

VILLAIN_DEFEATED = "villain_defeated"  # the quest mark the villain's entry gives
ENTRANCE = "1A"
Steps = Callable[[], tuple[Trigger, tuple[Action, ...]]]


def _entrance(pl: Placer, source: str) -> Room:
    """The walk-on entry on 1A that wins once the villain is defeated."""
    entrance = pl.map.room(ENTRANCE)
    pl.commit(
        entrance,
        "walk_on",
        (Story(label="main.victory"), Win()),
        source,
        conditions=(HasItem(item=VILLAIN_DEFEATED),),
    )
    return entrance


def _deepest(pl: Placer, source: str, what: str) -> Room:
    room = pl.at_timing(100, force=True)
    if room is None:
        raise PlacementFailed(f"{source}: no room for the {what}")
    return room


def _villain(pl: Placer, room: Room, source: str, *, gate: Room | None = None) -> None:
    """The boss's immediate entry; with ``gate``, it is there only while ``gate`` is mapped."""
    boss = draw_enemy(pl.rng, "boss", "normal_unbuffed", table=dungeon_table())
    pl.commit(
        room,
        "immediate",
        (
            Fight(enemy=boss),
            Gain(item=VILLAIN_DEFEATED),
            Story(label="main.go_back", rooms=(ENTRANCE,)),
        ),
        source,
        conditions=() if gate is None else (SymbolMapped(symbol=gate.symbol),),
    )


def _gated_boss(pl: Placer, source: str, what: str, steps: Steps) -> None:
    """Entrance, then ``what`` at 100%, then the boss where it is visible from ``what``."""
    _entrance(pl, source)
    first = _deepest(pl, source, what)
    boss_room = pl.at_farthest_visible_from(first)
    if boss_room is None:
        raise PlacementFailed(f"{source}: no room visible from the {what} for the boss")
    trigger, actions = steps()
    pl.commit(first, trigger, actions, source)
    _villain(pl, boss_room, source, gate=first)


def place_main_the_boss(pl: Placer) -> None:
    _entrance(pl, "main_the_boss")
    _villain(pl, _deepest(pl, "main_the_boss", "boss"), "main_the_boss")


def place_main_the_missing_key(pl: Placer) -> None:
    source = "main_the_missing_key"
    _gated_boss(pl, source, "key", lambda: ("walk_on", (Story(label=f"{source}.key"),)))


def place_main_the_general(pl: Placer) -> None:
    source = "main_the_general"

    def general() -> tuple[Trigger, tuple[Action, ...]]:
        enemy = draw_enemy(pl.rng, "lvl2", "normal_unbuffed", table=dungeon_table())
        return "immediate", (Fight(enemy=enemy), Story(label=f"{source}.orders"))

    _gated_boss(pl, source, "general", general)


def place_main_the_curse(pl: Placer) -> None:
    source = "main_the_curse"

    def curse() -> tuple[Trigger, tuple[Action, ...]]:
        # the curse is a must by default (section 5); the entry keeps its "For 1 time"
        return "immediate", (Story(label=f"{source}.text"), pl.card_action("curse", "immediate"))

    _gated_boss(pl, source, "curse", curse)


def place_main_the_final_form(pl: Placer) -> None:
    """First form (choice) in the farthest pickable room, the final form in the next one."""
    source = "main_the_final_form"
    if pl.picked:
        raise PlacementFailed(f"{source}: the picking action is already taken")
    entrance = _entrance(pl, source)
    first = pl.at_farthest_pickable_room()
    final = None if first is None else pl.at_farthest_pickable_room(taken={first.id})
    if first is None or final is None:
        raise PlacementFailed(f"{source}: fewer than two free pickable rooms")
    form = draw_enemy(pl.rng, "lvl4", "normal_unbuffed", table=dungeon_table())
    pl.commit(
        first,
        "choice",
        (
            Fight(enemy=form),
            Story(label=f"{source}.escape", rooms=(final.id,)),
            Teleport(room=final.id),
        ),
        source,
        picks=True,
    )
    boss = draw_enemy(pl.rng, "boss", "normal_unbuffed", table=dungeon_table())
    pl.commit(
        final,
        "immediate",
        (
            Fight(enemy=boss),
            Gain(item=VILLAIN_DEFEATED),
            Story(label=f"{source}.back", rooms=(entrance.id,)),
            Teleport(room=entrance.id),
        ),
        source,
    )
    pl.close_exits(final)


MAIN_PLACERS: dict[str, Callable[[Placer], None]] = {
    "main_the_boss": place_main_the_boss,
    "main_the_missing_key": place_main_the_missing_key,
    "main_the_general": place_main_the_general,
    "main_the_curse": place_main_the_curse,
    "main_the_final_form": place_main_the_final_form,
}
MAIN_QUESTS = tuple(MAIN_PLACERS)
