"""The heuristic that tree search and greedy play score Platformer positions with (issue #5
item 6): it must lead an agent through the many small decisions of one winning attack."""

from __future__ import annotations

from typing import Any

from tavolo.agents import make_agent
from tavolo.agents.greedy import GreedyAgent
from tavolo.engine import RNG, registry
from tavolo.games.platformer.state import PlatformerState

G: Any = registry.get("platformer")


def next_to_the_boss(gems: int, alone: bool = False) -> PlatformerState:
    """Sweety (STAR = SWORD) beside Grand Chief Ikee (health 8) on seed 5's boss level,
    rolling SWORD SWORD MOVE COIN COIN: two SWORDs and a COIN pair forged into a third.
    ``alone``: the boss is the only enemy (no summon to attack instead)."""
    cfg = G.make_config(1, "solo")
    s = G.new(cfg, 5)
    while s.revealed < len(s.tiles):
        G.reveal(s, [])
    g = G.geo(s)
    boss = G.boss_pos(s)
    beside = next(q for q in g.adj[boss] if G.in_play(s, g, q) and not G.occupant(s, q))
    position: dict[str, Any] = {
        "seed": 5,
        "revealed": len(s.tiles),
        "heroes": [{"id": "sweety", "at": list(g.xy(beside)), "gems": gems}],
        "dice": ["SWORD", "SWORD", "MOVE", "COIN", "COIN"],
    }
    if alone:
        position["enemies"] = [[s.boss, *g.xy(boss)]]
    return G.from_position(cfg, position, RNG(0))  # type: ignore[no-any-return]


def play_turn(s: PlatformerState, seed: int) -> None:
    agent = GreedyAgent(seed=seed)
    while (d := G.decision(s)) is not None and s.round == 1:
        G.apply(s, agent.act(G, s, d))


def test_greedy_builds_the_one_attack_that_defeats_the_boss() -> None:
    # 9 gems on three SWORDs make x3 each: 9 wounds, the only way to 8 this turn
    for seed in range(3):
        s = next_to_the_boss(gems=9)
        play_turn(s, seed)
        assert s.winner == 0 and s.boss_wounds >= 8


def test_an_attack_that_cannot_reach_the_boss_is_worth_less_than_none() -> None:
    s = next_to_the_boss(gems=0, alone=True)  # three SWORDs at most: 3 wounds of 8
    before = G.heuristic(s, 0)
    G.apply(s, "use:SWORD")
    assert G.heuristic(s, 0) < before


def test_gems_spread_over_symbols_like_the_rulebook_example() -> None:
    # P-4's worked examples: 9 gems on 2 swords -> 7 wounds, on 4 swords -> 10
    assert G.boosted(2, 9) == 7
    assert G.boosted(4, 9) == 10
    assert G.boosted(0, 9) == 0


def test_ending_a_turn_costs_only_the_dice_left_unused() -> None:
    # a turn is spent once begun: with every die used, ending it changes nothing, and
    # with a MOVE left, ending costs what that MOVE could still reach (Step 5)
    def turn(dice: list[str]) -> PlatformerState:
        s = next_to_the_boss(gems=0)
        s.dice, s.extra = dice, []  # (seed 5's first event gives an extra MOVE)
        return s

    spent = turn(["sword", "move", "coin", "push", "star"])
    before = G.heuristic(spent, 0)
    G.apply(spent, "end")
    assert G.heuristic(spent, 0) == before
    left = turn(["sword", "MOVE", "coin", "push", "star"])
    before = G.heuristic(left, 0)
    G.apply(left, "end")
    assert G.heuristic(left, 0) < before


def test_a_wound_on_the_way_is_counted_before_it_is_taken() -> None:
    # the climb through a trap costs its wound in MOVEs; stepping in only realises it
    from tavolo.games.platformer.game import _reach

    s = next_to_the_boss(gems=0)
    g = G.geo(s)
    trap = next(p for p in range(len(g.cell)) if g.cell[p] == "x")
    start = next(q for q in range(len(g.cell)) if trap in g.steps[q] and g.cell[q] != "x")
    cost, wounds = _reach(g, 0, len(g.cell), start, 1, 2.0)[trap]
    assert (cost, wounds) == (3.0, 1)
    attacker = {start: ((trap + 1000, 2),)}  # leaving ``start`` draws a 2-wound attack
    assert _reach(g, 0, len(g.cell), start, 1, 2.0, attacker)[trap] == (7.0, 3)


def test_each_step_of_a_climb_through_the_air_is_progress() -> None:
    # seed 1, level 1: Grimble on the floor at column 6 climbs three cells of air to the
    # top row (revealing level 2) with four MOVEs, the last to step onto a platform there.
    # Valued by where it would land, each step up looked like a fall and the climb like a
    # loss (Step 7, platformer.md).
    cfg = G.make_config(1, "solo")
    hero = {"id": "grimble", "at": [5, 0]}
    s = G.from_position(cfg, {"seed": 1, "heroes": [hero], "dice": ["MOVE"] * 4}, RNG(0))
    g = G.geo(s)
    values = [G.heuristic(s, 0)]
    for y in (1, 2, 3):
        G.apply(s, "use:MOVE")
        G.apply(s, f"to:{g.pos(5, y)}")
        values.append(G.heuristic(s, 0))
    assert s.revealed == 2
    assert values == sorted(values) and values[-1] > values[0]


def test_the_winning_attack_on_the_boss_is_one_action() -> None:
    # pairs forged into SWORDs, the gems spread over them: 8 wounds or more, as one action
    # (a dozen steps); a search sees the win one step deep (docs/platformer.md, step 9)
    s = next_to_the_boss(gems=9)
    kill = f"all:{G.boss_pos(s)}"
    assert kill in G.decision(s).actions
    assert G.describe_action(s, kill, "en").startswith("attack the boss at ")
    assert G.describe_action(s, kill, "it").startswith("attacca il boss in ")
    events = G.apply(s, kill)
    assert s.winner == 0 and s.boss_wounds >= 8
    assert [e.kind for e in events][-3:] == ["strike", "defeat", "over"]
    weak = next_to_the_boss(gems=2)  # x2, x2, x1 at most: 5 wounds
    assert not any(a.startswith("all:") for a in G.decision(weak).actions)
    for seed in range(5):
        s = next_to_the_boss(gems=9)
        assert make_agent("mcts:30,depth=0", seed).act(G, s, G.decision(s)) == kill


def test_a_hero_fainted_on_the_boss_level_is_valued_forming_there() -> None:
    # P-8/P-20: he Forms on a boss-level shop, not at the bottom of the map; the turns he
    # still needs are counted from there (a hero fainted below climbs the whole tower)
    cfg = G.make_config(2)
    position = {"seed": 1, "revealed": 4, "heroes": [{"at": [7, 14]}, {"at": [0, 0]}]}
    s = G.from_position(cfg, position, RNG(0))
    G.faint(s, 0, [])
    on_boss_level = G.turns_to_go(s, 0)[0]
    s.heroes[0].pos = -1  # as if he had fainted below
    assert on_boss_level < G.turns_to_go(s, 0)[0] - 2


def test_a_small_mcts_budget_plays_with_the_game_s_tuning() -> None:
    # `mcts:30` played the agents' defaults (random rollouts of 10 decisions, c = 0.7,
    # plain values) and two of them reached the round cap in every game. A budget of its
    # own now keeps the game's tuning, and under 100 iterations backs up the best value
    # (mix=1), with which it wins like greedy (docs/platformer.md, "Small budgets"); a
    # setting the spec gives keeps its value
    assert G.agent_spec("mcts:30", "standard") == "mcts:30,depth=0,c=0.3,norm=1,mix=1"
    assert G.agent_spec("mcts:30,c=1", "solo") == "mcts:30,c=1,depth=0,norm=1,mix=1"
    assert G.agent_spec("mcts:30,mix=0", "standard") == "mcts:30,mix=0,depth=0,c=0.3,norm=1"
    assert G.agent_spec("mcts:100", "standard") == "mcts:100,depth=0,c=0.3,norm=1"
    assert G.agent_spec("mcts:250ms", "solo") == "mcts:250ms,depth=0,c=0.3,norm=1"
    assert G.agent_spec("mcts", "standard") == "mcts:100,depth=0,c=0.3,norm=1"
    assert G.agent_spec("mcts:zero", "standard") == "mcts:zero"  # refused as typed
    assert G.agent_spec("greedy", "standard") == "greedy"
    agent = make_agent(G.agent_spec("mcts:30", "standard"), 1)
    assert (agent.rollout_depth, agent.exploration, agent.normalize, agent.mix) == (0, 0.3, True, 1)
