"""TOS dungeon: the lost technique and the theft (tos-facts section 7.10), as generated."""

from __future__ import annotations

from tavolo.engine.rng import RNG
from tavolo.games.tos.adventure.actions import Forge, Heal, Pick
from tavolo.games.tos.dungeon.adventure import DungeonAdventure, check_adventure
from tavolo.games.tos.dungeon.generate import generate_map
from tavolo.games.tos.dungeon.index import BarFull, Fight, Story, SymbolMapped, Tick
from tavolo.games.tos.dungeon.placer import Placer
from tavolo.games.tos.dungeon.quests import _SIDE_PLACERS, SIDE_QUESTS, THEFT_BAR, THEFT_BOXES
from tavolo.games.tos.enemies import tier_stats

from .support import adventures, entries, visible


def _with(quest: str) -> list[DungeonAdventure]:
    found = [a for a in adventures() if quest in a.side_quests]
    assert len(found) >= 15, (quest, len(found))
    return found


def test_both_are_in_the_bag_and_validate() -> None:
    assert {"side_the_lost_technique", "side_the_theft"} <= set(SIDE_QUESTS)
    for quest in ("side_the_lost_technique", "side_the_theft"):
        for a in _with(quest):
            assert check_adventure(a.map, a.index) == []


def test_lost_technique_treasure_waits_on_its_guardian() -> None:
    for a in _with("side_the_lost_technique"):
        steps = entries(a, "side_the_lost_technique")
        assert len(steps) == 2
        (treasure, t_room), (guard, g_room) = sorted(steps, key=lambda s: not s[1].pickable)
        assert t_room.pickable and not g_room.pickable
        assert t_room.distance == max(r.distance for r in a.map.rooms if r.pickable)
        assert treasure.trigger == "immediate"
        assert treasure.conditions == (SymbolMapped(symbol=g_room.symbol),)
        pick = treasure.actions[-1]
        assert isinstance(pick, Pick) and pick.card == a.map.pickable_card
        assert guard.trigger == "immediate" and isinstance(guard.actions[0], Fight)
        assert guard.actions[0].enemy.level == tier_stats("lvl4")["level"]
        assert visible(a.map, t_room.id, g_room.id)
        picks = [x for i in a.index.instructions for x in i.actions if isinstance(x, Pick | Forge)]
        assert picks == [pick]  # the one picking action
        assert a.main_quest != "main_the_final_form"


def test_theft_keeper_waits_for_a_full_bar() -> None:
    for a in _with("side_the_theft"):
        steps = entries(a, "side_the_theft")
        assert len(steps) == 2
        (stolen, s_room), (keeper, k_room) = sorted(steps, key=lambda s: s[0].trigger != "choice")
        assert stolen.trigger == "choice" and stolen.once and not s_room.pickable
        assert isinstance(stolen.actions[0], Story)
        assert stolen.actions[-1] == Tick(bar=THEFT_BAR, boxes=THEFT_BOXES)
        assert keeper.trigger == "immediate" and not k_room.pickable
        assert keeper.conditions == (BarFull(bar=THEFT_BAR),)
        fight = keeper.actions[0]
        assert isinstance(fight, Fight) and fight.enemy.level == tier_stats("lvl4")["level"]
        assert isinstance(keeper.actions[-1], Heal)
        assert k_room.distance >= s_room.distance


def test_lost_technique_skips_when_the_pick_is_taken() -> None:
    m = generate_map(4)
    pl = Placer(m, RNG(1))
    pl.picked = True
    assert _SIDE_PLACERS["side_the_lost_technique"](pl) is False
    assert pl.instructions == []
    pl = Placer(m, RNG(1))
    assert _SIDE_PLACERS["side_the_lost_technique"](pl) is True
    assert pl.picked and len(pl.instructions) == 2
    assert _SIDE_PLACERS["side_the_forge"](pl) is False
