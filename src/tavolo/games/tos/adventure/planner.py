"""The adventure heuristic's turn planner: what the combat turn in progress can still reach.

A combat turn is a long plan (an Opening card, charges, infusions, activations, adds,
strains) decided by the hand alone: nothing hidden is drawn before Restore. A search that
scores each half-built turn by how far its attack got sees little difference between the
first moves of a good plan and of a bad one, and throws the plan away with a random
``restart`` or ``done``. So the heuristic values a state inside the Plan phase by the best
end the turn can still reach: a memoised search over the rest of the Plan phase (strains
only after every other action, since they only turn the mana left into points; no restart,
no flight), each end played out by a fixed policy up to the next decision of another kind
(:func:`settle`) and valued by the adventure heuristic there. The agent then follows the
plan one action at a time, each of its choices valued the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..state import TosState

Value = Callable[[TosState], float]
PLAN_STEPS = frozenset(("ability", "take_back"))  # decisions inside the Plan phase
AFTER_STEPS = frozenset(("exhaust", "dmove", "damage"))  # from Exhaust to Restore
_MEMO: dict[tuple[Any, ...], float] = {}
_ANY: dict[tuple[Any, ...], float] = {}  # state: its best value under any ``free``
_LIMIT = 200_000
MAX_STRAINS = 3  # strains the planner tries at the end of a turn
_RESTART = 0.05  # a restart leads back to a state the planner has already searched
BUDGET = 80  # new Plan-phase states searched per value asked; past it, the turn ends there
_SPENT = [0]  # new states searched for the value asked
WALK = 0.01  # value lost per cell still to walk in a dungeon Execute (see _walk_left)


def forget() -> None:
    """Empty the memo. A value depends on what the memo held when it was asked (past
    ``BUDGET`` new states a turn ends where it stands), so a game is reproducible from
    its seeds only if it starts from an empty memo, whatever played before it."""
    _MEMO.clear()
    _ANY.clear()


def inside(s: TosState) -> bool:
    """A fight's Opening or Plan phase, where the planner values states."""
    if s.enemy is None or s.result is not None or s.phase not in ("open", "plan"):
        return False
    return not s.steps or s.steps[-1][0] in PLAN_STEPS


def after(s: TosState) -> bool:
    """Between the end of the Plan phase and Restore (exhaust, dungeon moves, damage)."""
    return (
        s.enemy is not None and s.result is None and bool(s.steps) and s.steps[-1][0] in AFTER_STEPS
    )


def value(game: Any, s: TosState, base: Value) -> float:
    """The best value the turn in progress reaches (``base`` after each end is settled);
    outside the turn, the settled value of the state. A state searched before is read
    from the memo, also when charges or infusions reached it in another order; a state
    strained before the end of the Plan phase (a move the search leaves out as never
    better) is only ended where it stands."""
    if len(_MEMO) > _LIMIT:
        _MEMO.clear()
        _ANY.clear()
    _SPENT[0] = 0
    if inside(s):
        known = _ANY.get(_key(s))
        if known is not None:
            return min(1.0, max(0.0, known - _RESTART * s.restarts))
        if s.phase == "plan" and s.strain and not s.steps:
            _SPENT[0] = BUDGET
    v = _best(game, s, base, (s.fight, s.turn), 0)
    v -= _RESTART * s.restarts + WALK * _walk_left(game, s)
    return min(1.0, max(0.0, v))  # a heuristic stays in [0, 1], restarts or not


def _walk_left(game: Any, s: TosState) -> int:
    """Dungeon Execute: the cells still to walk to the enemy's symbol. The settled end is
    the same from any cell the attack still reaches the symbol from, so without this a
    search wanders, one attack point a step, until the win is gone."""
    e = s.enemy
    if s.foe is None or e is None or e.trap or not s.steps or s.steps[-1][0] != "dmove":
        return 0
    rid, fx, fy = s.foe
    here = game.room_here(s)
    return 0 if here != rid else int(game.distance(s, (here, s.pawn), (fx, fy)))


def _key(s: TosState) -> tuple[Any, ...]:
    e = s.enemy
    return (
        tuple(s.hero_src),
        s.phase,
        tuple(sorted(s.hand)),
        tuple(s.column),
        tuple(sorted(s.charge)),
        tuple(s.infuse),
        tuple(sorted(s.strain)),
        s.attack,
        s.defense,
        s.mana,
        s.act,
        tuple(s.activated),
        tuple(s.steps),
        bool(s.flags.get("ignore_modifier")),
        tuple(sorted(s.ticks.items())),
        tuple(s.up),
        tuple(s.removed),
        s.level,
        s.fight,
        s.turn,
        s.pawn,
        s.foe,
        tuple(s.reading),
        tuple(s.table),
        tuple(s.adv_src or ()),
        s.extra,
        None if e is None else (e.level, e.attack, e.defense, e.modifier),
    )


def _best(game: Any, s: TosState, base: Value, turn: tuple[int, int], free: int) -> float:
    """``free``: the card of the last Charge or Infuse if that was the last action (a run
    of them is tried in one order only: by card number)."""
    key = (_key(s), free)
    v = _MEMO.get(key)
    if v is not None:
        return v
    if not inside(s) or (s.fight, s.turn) != turn:  # the turn is over
        v = settle(game, s, base)
    elif _SPENT[0] >= BUDGET and s.phase == "plan" and not s.steps:
        v = _strained(game, s, base, turn)  # out of budget: end the turn here
    else:
        _SPENT[0] += 1
        d = game.decision(s)
        assert d is not None
        v = -1.0
        for a in d.actions:
            if a == "restart" or a == "flee" or a.startswith("strain"):
                continue
            verb, _, card = a.partition(":")
            now = int(card) if verb in ("charge", "infuse") else 0
            if now and now < free:
                continue
            if verb == "charge" and s.mana >= s.level:
                continue  # the mana track is full: a charge would earn nothing
            if verb == "add" and s.act is not None and _cost(s) <= s.level:
                continue  # the next ability can still be paid: adding would skip it
            if a == "done" and s.phase == "plan" and not s.steps:
                v = max(v, _strained(game, s, base, turn))
                continue
            c = s.clone()
            game.apply(c, a)
            v = max(v, _best(game, c, base, turn, now))
    _MEMO[key] = v
    k = key[0]
    if v > _ANY.get(k, -1.0):
        _ANY[k] = v
    return v


def _cost(s: TosState) -> int:
    from .. import play as inplay

    assert s.act is not None
    slot, i = s.act
    return inplay.half(s, s.column[slot]).abilities[i].cost


def _strained(game: Any, s: TosState, base: Value, turn: tuple[int, int]) -> float:
    """End the Plan phase here, after straining some of the hand: the cheapest cards to
    exhaust (one-tip first) into attack, defense or both, as the mana left allows."""
    from .. import play as inplay

    cards = sorted(s.hand, key=lambda c: (inplay.half(s, c).banner, inplay.half(s, c).exhaust))
    k = min(s.mana, len(cards), MAX_STRAINS)
    v = -1.0
    for on_attack in sorted({0, k, (k + 1) // 2} if k else {0}):
        c = s.clone()
        for i, card in enumerate(cards[:k]):
            game.apply(c, f"strain:{card}:{'attack' if i < on_attack else 'defense'}")
        game.apply(c, "done")
        v = max(v, _best(game, c, base, turn, 0))
    if k:
        c = s.clone()
        game.apply(c, "done")
        v = max(v, _best(game, c, base, turn, 0))
    return v


def settle(game: Any, s: TosState, base: Value) -> float:
    """Play the end of the turn by a fixed policy (pay exhausts, keeping mana for a later
    two-tip card; walk towards the enemy's symbol with the attack built; take hits on
    one-tip cards first) up to the next decision of another kind, and value it there."""
    s = s.clone()
    while s.result is None:
        d = game.decision(s)
        if d is None or not s.steps or s.steps[-1][0] not in AFTER_STEPS:
            break
        game.apply(s, _policy(game, s, d.actions))
    return base(s)


def _policy(game: Any, s: TosState, actions: tuple[str, ...]) -> str:
    from .. import play as inplay

    kind = s.steps[-1][0]
    if kind == "exhaust":
        if "exhaust:pay" not in actions:
            return actions[-1]
        c = s.steps[-1][1]
        if inplay.half(s, c).banner == 2:
            return "exhaust:pay"
        later = [
            inplay.half(s, st[1]).exhaust
            for st in s.steps[:-1]
            if st[0] == "exhaust" and inplay.half(s, st[1]).banner == 2
        ]
        if later and s.mana - inplay.half(s, c).exhaust < min(later):
            return "exhaust:no"  # a turned one-tip card beats a removed two-tip card
        return "exhaust:pay"
    if kind == "dmove":
        return _walk(game, s, actions)
    # damage: a one-tip card turns and stays, a two-tip card is removed (T-14)
    for a in actions:
        if inplay.half(s, int(a.split(":")[1])).banner == 1:
            return a
    return actions[0]


def _walk(game: Any, s: TosState, actions: tuple[str, ...]) -> str:
    """Towards the symbol: onto it when the attack then wins, else as near as it goes, so
    the next turn needs less (T-26: attack spent on steps does not count this turn)."""
    if s.foe is not None and game.room_here(s) != s.foe[0]:
        return "strike"  # through a door already: the strike ends the fight as an escape
    return "advance" if "advance" in actions else "strike"
