"""The adventure compass (moves left to win, from a game in progress), the agents'
adventure heuristic, and the adventure tuning."""

from __future__ import annotations

import itertools
import math
from pathlib import Path

import pytest

from tavolo.engine import RNG
from tavolo.engine.errors import ContentError
from tavolo.games.tos import enemies
from tavolo.games.tos.adventure import planner
from tavolo.games.tos.adventure.compass import MOVE_COST, _start_logit, cost_to_win, steps_to_win
from tavolo.games.tos.dungeon import main_quests as dungeon_main_quests
from tavolo.games.tos.dungeon import quests as dungeon_quests
from tavolo.games.tos.dungeon.adventure import generate_adventure
from tavolo.games.tos.dungeon.index import Fight
from tavolo.games.tos.dungeon.search import search_win
from tavolo.games.tos.schema import Enemy
from tavolo.games.tos.state import TosState

from .support import GAME

HERE = Path(__file__).parent / "adventures"
WORLD = GAME.make_config(1, "world", file=str(HERE / "world_rules.yaml"), seed=1)


def test_compass_at_setup_matches_the_generators_search() -> None:
    for date in ("2026-11-21", "2026-11-22", "2026-11-23"):
        s = GAME.new(GAME.make_config(1, "dungeon", date=date), 1)
        assert steps_to_win(s) == search_win(s.adv.map, s.adv.index)
        w = GAME.new(GAME.make_config(1, "world", date=date), 1)
        assert steps_to_win(w) is not None and steps_to_win(w) >= 1


def test_compass_in_the_hand_made_world() -> None:
    s = GAME.from_position(WORLD, {"hero": "training"}, RNG(0))
    # cards 1..9 lie in order; from card 1: card 2 (reveals 5B), down to card 5 (reveals
    # 1B), back over card 4 to card 1: four moves
    assert steps_to_win(s) == 4
    s.table[4] = 1  # 5B revealed
    s.pawn = (1, 0)  # on card 2
    assert steps_to_win(s) == 3
    s.table[4] = -1  # the boss's card is gone: the win is out of reach
    assert steps_to_win(s) is None and cost_to_win(s) is None


def test_cost_to_win_prices_the_fights_on_the_way() -> None:
    s = GAME.from_position(WORLD, {"hero": "training"}, RNG(0))
    moves_only = MOVE_COST * steps_to_win(s)  # type: ignore[operator]
    cost = cost_to_win(s)
    assert cost is not None and cost > moves_only  # 2A's enemy is a (small) risk
    strong = s.clone()
    strong.level = 8
    assert cost_to_win(strong) <= cost  # type: ignore[operator]
    hurt = s.clone()
    hurt.removed, hurt.discard = [5, 6, 7], [8]
    assert cost_to_win(hurt) > cost  # type: ignore[operator]


def test_fight_odds_follow_level_enemy_and_cards() -> None:
    weak, strong = Enemy(level=2, attack=2, defense=3), Enemy(level=4, attack=7, defense=9)
    assert _start_logit(weak, 2, 1.0, 0) > 2.0  # a tier-1 enemy at level 2: a sure win
    assert _start_logit(strong, 2, 1.0, 0) < -3.0  # a tier-3 enemy at level 2: hopeless
    assert _start_logit(strong, 5, 1.0, 0) > _start_logit(strong, 4, 1.0, 0)
    assert _start_logit(strong, 5, 0.6, 0) < _start_logit(strong, 5, 1.0, 0)
    assert _start_logit(weak, 2, 1.0, 3) < _start_logit(weak, 2, 1.0, 0)  # a dungeon walk
    assert _start_logit(strong, 4, 1.0, 0, hp=4) < _start_logit(strong, 4, 1.0, 0, hp=16)


def test_heuristic_avoids_a_hopeless_fight() -> None:
    s = GAME.from_position(WORLD, {"hero": "training"}, RNG(0))
    h = GAME.heuristic(s, 0)
    fight = s.clone()
    fight.enemy = Enemy(level=8, attack=12, defense=22)
    assert GAME.heuristic(fight, 0) < h
    easy = s.clone()
    easy.enemy = Enemy(level=2, attack=1, defense=1)
    assert GAME.heuristic(easy, 0) > GAME.heuristic(fight, 0)
    easy.attack = 1  # the attack that defeats it is built
    assert GAME.heuristic(easy, 0) > GAME.heuristic(fight, 0)


def test_heuristic_prefers_progress_and_cards() -> None:
    s = GAME.from_position(WORLD, {"hero": "training"}, RNG(0))
    h = GAME.heuristic(s, 0)
    ahead = s.clone()
    ahead.table[4] = 1
    assert GAME.heuristic(ahead, 0) > h
    hurt = s.clone()
    hurt.removed, hurt.discard = [6, 7], [8]
    assert GAME.heuristic(hurt, 0) < h
    assert 0.0 < h < 1.0


def test_adventure_tuning_moves_only_the_adventures_enemies(tmp_path: Path) -> None:
    # the shipped file without its own adventure tuning (its last section)
    shipped = enemies.ENEMIES_FILE.read_text(encoding="utf-8").split("\nadventure_tuning:")[0]
    p = tmp_path / "enemies.yaml"
    p.write_text(shipped + "\nadventure_tuning:\n  - {tier: boss, defense: -4}\n", "utf-8")
    table = enemies.load_enemy_table(p)
    assert table.stats("boss") == enemies.enemy_table().stats("boss")  # fights: unchanged
    original = table.untuned().stats("boss")
    adventure = table.for_adventures().stats("boss")
    assert adventure["defense"]["avg"] == original["defense"]["avg"] - 4
    assert adventure["attack"] == original["attack"]
    assert table.untuned().adventure_tuning == {}
    p.write_text(shipped + "\nadventure_tuning:\n  - {tier: lvl1, attack: -3}\n", "utf-8")
    with pytest.raises(ContentError, match="adventure tuning lvl1"):
        enemies.load_enemy_table(p)


def test_dungeon_tuning_adds_to_the_adventure_tuning_for_dungeons_only(tmp_path: Path) -> None:
    shipped = enemies.ENEMIES_FILE.read_text(encoding="utf-8").split("\nadventure_tuning:")[0]
    p = tmp_path / "enemies.yaml"
    adventure = "\nadventure_tuning:\n  - {tier: lvl4, attack: -5, defense: -8}\n"
    p.write_text(shipped + adventure + "dungeon_tuning:\n  - {tier: lvl4, defense: -2}\n", "utf-8")
    table = enemies.load_enemy_table(p)
    original = table.untuned().stats("lvl4")
    world, dungeon = table.for_adventures().stats("lvl4"), table.for_dungeons().stats("lvl4")
    assert world["defense"]["avg"] == original["defense"]["avg"] - 8
    assert dungeon["defense"]["avg"] == original["defense"]["avg"] - 10
    assert dungeon["attack"] == world["attack"]
    assert table.for_dungeons().stats("lvl5") == table.for_adventures().stats("lvl5")
    assert table.untuned().for_dungeons().stats("lvl4") == original
    # the sum is checked: lvl4's lowest defense is 10, 10 - 8 - 3 is fine, 10 - 8 - 3 - ...
    p.write_text(shipped + adventure + "dungeon_tuning:\n  - {tier: lvl4, defense: -3}\n", "utf-8")
    enemies.load_enemy_table(p)
    p.write_text(shipped + adventure + "dungeon_tuning:\n  - {tier: lvl4, attack: -4}\n", "utf-8")
    with pytest.raises(ContentError, match=r"dungeon tuning lvl4.*attack\.low.*3 -4 = -1"):
        enemies.load_enemy_table(p)


def _dungeon_fights(seed: int) -> list[Enemy]:
    index = generate_adventure(seed).index
    return [a.enemy for i in index.instructions for a in i.actions if isinstance(a, Fight)]


def test_dungeon_enemies_are_drawn_from_the_dungeon_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shipped = enemies.ENEMIES_FILE.read_text(encoding="utf-8").split("\ndungeon_tuning:")[0]
    tiers = ("lvl1", "lvl2", "lvl3", "lvl4", "lvl5", "boss")
    harder = "".join(f"  - {{tier: {t}, defense: 7}}\n" for t in tiers)
    p = tmp_path / "enemies.yaml"
    p.write_text(shipped + "\ndungeon_tuning:\n" + harder, "utf-8")
    before = _dungeon_fights(11)
    table = enemies.load_enemy_table(p).for_dungeons()
    for module in (dungeon_quests, dungeon_main_quests):
        monkeypatch.setattr(module, "dungeon_table", lambda: table)
    after = _dungeon_fights(11)
    assert len(after) == len(before) > 3
    assert sum(e.defense or 0 for e in after) > sum(e.defense or 0 for e in before) + 7


def _first_turn(date: str, kind: str) -> TosState:
    """The first Opening decision of a day's adventure, reached by seeded random play."""
    s = GAME.new(GAME.make_config(1, kind, date=date), 3)
    rng = RNG(5)
    while (d := GAME.decision(s)) is not None and d.kind != "open":
        GAME.apply(s, d.actions[rng.below(len(d.actions))])
    assert d is not None and d.kind == "open"
    return s


def test_planner_values_a_turn_by_its_best_end(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(planner, "BUDGET", 10**6)  # the whole turn, no cut
    for date, kind in (("2026-01-01", "world"), ("2026-01-03", "dungeon")):
        s = _first_turn(date, kind)
        assert planner.inside(s)
        root = GAME.heuristic(s, 0)
        children = []
        for a in GAME.decision(s).actions:  # type: ignore[union-attr]
            c = s.clone()
            GAME.apply(c, a)
            children.append(GAME.heuristic(c, 0))
        assert max(children) == pytest.approx(root)  # the best Opening keeps the best plan
        # deeper: the best Plan action keeps it too, and a restart is never the best
        best = s.clone()
        GAME.apply(best, GAME.decision(s).actions[children.index(max(children))])  # type: ignore[union-attr]
        plan = {}
        for a in GAME.decision(best).actions:  # type: ignore[union-attr]
            c = best.clone()
            GAME.apply(c, a)
            plan[a] = GAME.heuristic(c, 0)
        assert max(plan.values()) == pytest.approx(root)
        assert plan["restart"] < root


def test_planner_leaves_single_fights_alone() -> None:
    s = GAME.new(GAME.make_config(1, "fight", date="2026-11-21", level=4), 1)
    assert s.adv_src is None
    before = len(planner._MEMO)
    GAME.heuristic(s, 0)
    assert len(planner._MEMO) == before


def _dungeon_execute(date: str) -> TosState:
    """A dungeon Execute with steps to choose from, away from the enemy's symbol."""
    s = _first_turn(date, "dungeon")
    rng = RNG(7)
    while (d := GAME.decision(s)) is not None:
        if d.kind == "adv_dmove" and len(d.actions) > 2 and s.foe is not None:
            return s
        GAME.apply(s, d.actions[rng.below(len(d.actions))])
    raise AssertionError("no dungeon Execute with a choice of steps")


def _cells_left(s: TosState) -> int:
    assert s.foe is not None
    return int(GAME.distance(s, (GAME.room_here(s), s.pawn), s.foe[1:]))


def test_planner_walks_a_won_fight_to_the_symbol() -> None:
    # the win in hand (attack enough from here): a step towards the symbol is worth more
    # than a step away, which is worth more than striking off the symbol (regression: the
    # steps were all worth the same, and the search wandered until the attack was spent)
    s = _dungeon_execute("2026-01-03")
    assert s.enemy is not None
    here = _cells_left(s)
    s.attack = here + int(s.enemy.defense or 0) + 2
    value = {}
    for a in GAME.decision(s).actions:  # type: ignore[union-attr]
        c = s.clone()
        GAME.apply(c, a)
        left = here if a == "strike" else 0 if a == "advance" else _cells_left(c)
        value[a] = (GAME.heuristic(c, 0), left)
    assert value["advance"][0] >= max(v for v, _ in value.values())  # walked on, and won
    towards = [v for v, left in value.values() if left < here]
    away = [v for a, (v, left) in value.items() if left > here and a not in ("strike", "advance")]
    assert towards and away
    assert min(towards) > max(away)
    assert min(towards) > value["strike"][0] or here == 0


def test_a_fight_won_this_turn_beats_the_same_fight_left_on() -> None:
    # regression: the fight odds called the fight won either way, so the win this turn was
    # worth 0.003 more than a turn spent charging cards, and heroes charged until the
    # 20-turn cap; every turn after the first now costs TURN_COST
    s = _dungeon_execute("2026-01-03")
    assert s.enemy is not None
    won = s.clone()
    won.attack = _cells_left(s) + int(s.enemy.defense or 0)
    on = s.clone()
    on.attack = 0
    for c in (won, on):
        while (d := GAME.decision(c)) is not None and c.enemy is not None and c.turn == s.turn:
            GAME.apply(
                c, planner._walk(GAME, c, d.actions) if d.kind == "adv_dmove" else d.actions[0]
            )
    assert won.enemy is None and on.enemy is not None and on.turn == s.turn + 1
    # compared in the heuristic's log-odds units (its squash undone): a turn costs 0.4
    assert _units(GAME.heuristic(won, 0)) - _units(GAME.heuristic(on, 0)) > 1.0
    later = on.clone()
    later.turn += 3
    assert _units(GAME.heuristic(later, 0)) < _units(GAME.heuristic(on, 0)) - 1.0


def _units(h: float) -> float:
    return 3.0 * math.log(h / (1.0 - h)) - 8.0


def test_a_game_starts_from_an_empty_planner_memo() -> None:
    # regression: the planner's memo outlived its game, and a value asked past the search
    # budget depends on what the memo holds, so a day of a simulation played differently
    # after other days (2026-01-24: 34 moves alone, 20 after 2026-01-20 in one process)
    s = _first_turn("2026-01-03", "dungeon")
    GAME.heuristic(s, 0)
    assert planner._MEMO and planner._ANY
    GAME.new(GAME.make_config(1, "dungeon", date="2026-01-24"), 2026)
    assert not planner._MEMO and not planner._ANY
    GAME.heuristic(s, 0)
    GAME.from_json(GAME.to_json(s))
    assert not planner._MEMO and not planner._ANY


def test_world_fights_are_read_per_adventure(monkeypatch: pytest.MonkeyPatch) -> None:
    # regression: the table was keyed by the adventure object's id, which a later
    # adventure gets back once the first is freed (a simulation's next day); here every
    # id is the same, as if that had happened
    from tavolo.games.tos.adventure import compass

    monkeypatch.setattr(compass, "id", lambda _obj: 1, raising=False)
    monkeypatch.setattr(compass, "_FIGHTS", {})
    first = GAME.new(GAME.make_config(1, "world", date="2026-01-01"), 1)
    second = GAME.new(GAME.make_config(1, "world", date="2026-01-02"), 1)
    compass._world_fights(first)
    got = compass._world_fights(second)
    want = {
        (card, up): tuple(
            ln.enemy for ln in second.adv.card(card).half(up).lines if ln.kind == "fight"
        )
        for card in range(1, 10)
        for up in (0, 1)
    }
    assert got == want and got != compass._world_fights(first)


def test_a_dungeon_hero_grows_restless_standing_still() -> None:
    # regression: a move-deep search compared a free move with a door that costs a card now
    # and pays later, and stood still until the move cap (2026-02-20: level 9, every card,
    # 186 moves between two rooms); each idle move now costs more than the one before
    s = GAME.new(GAME.make_config(1, "dungeon", date="2026-01-03"), 3)
    assert GAME.decision(s).kind == "explore"  # type: ignore[union-attr]
    values = []
    for _ in range(4):
        GAME._moved(s, [])
        values.append(GAME.heuristic(s, 0))
    assert s.count["stale"] == 3
    drops = [a - b for a, b in itertools.pairwise(values)]
    assert all(d > 0 for d in drops) and drops[0] < drops[1] < drops[2]
    s.level += 1  # any progress takes the whole sum back
    GAME._moved(s, [])
    assert s.count["stale"] == 0 and GAME.heuristic(s, 0) > values[0]
    world = GAME.new(GAME.make_config(1, "world", date="2026-01-01"), 3)
    GAME._moved(world, [])
    assert "stale" not in world.count  # the world keeps its own clock only
