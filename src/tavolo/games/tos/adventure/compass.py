"""How far is the win? The adventure searches, run from a game in progress.

The generators prove every adventure winnable by searching its structure from the setup
(:mod:`..world.validate`, :mod:`..dungeon.search`). Run from the table of a game in progress,
the same searches say how many moves are left to win, assuming every fight is won
(:func:`steps_to_win`; in the world a move steps to a neighbouring cell, so the pawn's place
counts), and what the way costs when each fight on it is priced at its risk for this hero
(:func:`cost_to_win`, the agents' compass). ``None`` means the win is out of reach from here
(a card needed was removed or picked).

:func:`fight_logit` is the other half of the agents' adventure heuristic: the odds of
winning the fight in progress, from what a hero of each level reaches (read off the class
study) against what the enemy asks, and from what this turn has built so far.

Results are cached per table, since the table changes only a few times a game.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Iterator
from typing import Any

from ..rules import MAX_TURNS
from ..schema import Enemy
from ..state import TosState

_CACHE: dict[tuple[Any, ...], Any] = {}
_LIMIT = 50_000
MOVE_COST = 0.4  # one move, in the heuristic's log-odds units
# each combat turn after a fight's first, in the same units: without it a fight's odds
# hardly separate a win now from a win later (first 12 dungeon days of 2026,
# mcts:30,depth=0,c=0.05: 0 wins at 0, 6 at 0.4, 1 at 0.7)
TURN_COST = 0.4
RISK_CAP = 12.0  # the most one fight's risk costs: the odds' floor
Risk = Callable[[Enemy, int], float]  # (enemy, hero level) -> -log(chance to beat it)


def steps_to_win(s: TosState) -> int | None:
    """Moves left to win; in a fight, counted from the end of the reading it interrupts
    (the fight assumed won), so that a fight on the way to the win shows as progress."""
    out = _cached(s, None)
    return None if out is None else out[1]


def cost_to_win(s: TosState) -> float | None:
    """The cheapest way to the win, in log-odds: ``MOVE_COST`` a move plus, for each
    fight on the way, minus the log of the chance to win it at the level the hero has
    then (:func:`fight_logit` at the start of a fight, for this hero's cards, at most
    ``RISK_CAP``) and ``TURN_COST`` for each combat turn it is expected to take after
    its first. Fights that are not needed cost what they risk, so the way round them is
    preferred; in a fight, counted from the end of its reading (the fight won)."""
    owned = 8 + bool(s.extra)
    kept = [c for c in range(1, owned + 1) if c not in s.removed]
    scale = _scale(s, kept, owned)
    out = _cached(s, (round(scale, 2), _hp(s, kept)))
    return None if out is None else out[0]


def _cached(s: TosState, risky: tuple[float, float] | None) -> tuple[float, int] | None:
    after = s.enemy is not None and bool(s.reading)
    frame = s.reading[-1] if after else None
    level = s.level
    if after and s.enemy is not None and s.enemy.level >= level and level < 9:
        level += 1  # the fight in progress, won
    risk: Risk | None = None
    if risky is not None:
        scale, hp = risky

        def risk(e: Enemy, lv: int) -> float:
            turn, turns = _odds(e, lv, scale, 0, hp, MAX_TURNS)
            lose = _lose(turn, turns)
            # the turns after the first cost as the heuristic charges them in the fight;
            # left out, a fight looked dearer begun than foreseen and the hero stood still
            extra = TURN_COST * (_turns_taken(turn, turns) - 1.0)
            return min(RISK_CAP, _softplus(-_logit(lose))) + extra

    if s.mode == "world":
        key: tuple[Any, ...] = (
            tuple(s.adv_src or ()),
            tuple(s.table),
            tuple(s.grid),
            s.pawn[0],
            frame,
        )
        key += (risky, level if risky is not None else 0)
        if key not in _CACHE:
            _remember(key, _world(s, frame, level, risk))
        return _CACHE[key]  # type: ignore[no-any-return]
    room = _room(s)
    key = (
        tuple(s.adv_src or ()),
        room,
        tuple(s.table),
        tuple(sorted(s.items)),
        tuple(sorted(s.marks)),
    )
    key += (*sorted(s.ticks.items()), frame, risky, level if risky is not None else 0)
    if key not in _CACHE:
        _remember(key, _dungeon(s, room, frame, level, risk))
    return _CACHE[key]  # type: ignore[no-any-return]


def _softplus(x: float) -> float:
    return x + math.log1p(math.exp(-x)) if x > 0 else math.log1p(math.exp(x))


def _remember(key: tuple[Any, ...], value: Any) -> None:
    if len(_CACHE) > _LIMIT:
        _CACHE.clear()
    _CACHE[key] = value


_WON = ("won",)


def _level_after(e: Enemy, lv: int) -> int:
    return lv + 1 if e.level >= lv and lv < 9 else lv


def _cheapest(
    starts: list[tuple[Any, int]],
    moves: Callable[[Any], Iterator[tuple[Any, bool, tuple[Enemy, ...]]]],
    risk: Risk | None,
) -> tuple[float, int] | None:
    """Dijkstra over (search state, level): a move costs ``MOVE_COST`` plus the risk of
    its fights (none without ``risk``: then the fewest moves)."""
    dist: dict[tuple[Any, int], float] = {}
    heap: list[tuple[float, int, int, Any, int]] = []
    tie = 0
    for st, lv in starts:
        if (st, lv) not in dist:
            dist[(st, lv)] = 0.0
            heap.append((0.0, 0, tie, st, lv))
            tie += 1
    heapq.heapify(heap)
    while heap:
        cost, n, _, st, lv = heapq.heappop(heap)
        if st is _WON:
            return cost, n
        if cost > dist.get((st, lv), math.inf):
            continue
        for nxt, won, fights in moves(st):
            c, nl = cost + MOVE_COST, lv
            for e in fights:
                if risk is not None:
                    c += risk(e, nl)
                nl = _level_after(e, nl)
            if won:  # settled when popped, as any other state
                nxt, nl = _WON, 0
            elif risk is None:
                nl = 0
            if c < dist.get((nxt, nl), math.inf):
                dist[(nxt, nl)] = c
                tie += 1
                heapq.heappush(heap, (c, n + 1, tie, nxt, nl))
    return None


def _world(
    s: TosState, frame: tuple[str, str, int] | None, level: int, risk: Risk | None
) -> tuple[float, int] | None:
    """From this grid and pawn cell: each move steps to a neighbouring cell and reads the
    card there (T-19), every choice open; the grid is taken as it lies (a removed card
    leaves an empty cell, a migration is not foreseen)."""
    from ..world.validate import REMOVED, _read, _walk

    start = (*(v if v in (0, 1) else REMOVED for v in s.table), 0)
    here = s.pawn[0]
    starts = [start]
    if frame is not None:  # the rest of the reading the fight interrupts
        src, branch, i = frame
        lines = s.adv.half(src).lines
        if branch:
            k, _, value = branch.partition("=")
            lines = lines[int(k)].branches[value]
        starts = []
        for st, won in _walk(lines[i:], int(src[0]), start, False):
            if won:
                return 0.0, 0
            starts.append(st)
    grid = s.grid
    adv = s.adv
    fights = _world_fights(s) if risk is not None else {}

    def moves(node: Any) -> Iterator[tuple[Any, bool, tuple[Enemy, ...]]]:
        st, cell = node
        for q in _NEIGHBOURS[cell]:
            card = grid[q]
            if card and st[card - 1] != REMOVED:
                met = fights.get((card, st[card - 1]), ())
                for nxt, won in _read(adv, st, card):
                    yield (nxt, q), won, met
            else:
                yield (st, q), False, ()

    lv = level if risk is not None else 0
    return _cheapest([((st, here), lv) for st in starts], moves, risk)


_FIGHTS: dict[tuple[Any, ...], dict[tuple[int, int], tuple[Enemy, ...]]] = {}


def _world_fights(s: TosState) -> dict[tuple[int, int], tuple[Enemy, ...]]:
    """Per (card, half) the enemies its reading fights (top-level lines), per adventure
    by its source: keyed by the object's id, a later adventure given the same id (once
    the first was freed) read the first one's fights."""
    key = tuple(s.adv_src or ())
    out = _FIGHTS.get(key)
    if out is None:
        from ..world.model import CARDS

        out = {}
        for card in range(1, CARDS + 1):
            for up in (0, 1):
                lines = s.adv.card(card).half(up).lines
                out[(card, up)] = tuple(ln.enemy for ln in lines if ln.kind == "fight")
        if len(_FIGHTS) > 64:
            _FIGHTS.clear()
        _FIGHTS[key] = out
    return out


_NEIGHBOURS = tuple(
    tuple(
        q for q in (p - 3, p + 3, p - 1 if p % 3 else -1, p + 1 if p % 3 < 2 else -1) if 0 <= q < 9
    )
    for p in range(9)
)


def _room(s: TosState) -> str:
    for c, o in enumerate(s.table):
        if o >= 0:
            rid = f"{c + 1}{'ABCD'[o]}"
            if s.adv.map.room(rid).contains(*s.pawn):
                return rid
    return "1A"


def _dungeon(
    s: TosState, room: str, frame: tuple[str, str, int] | None, level: int, risk: Risk | None
) -> tuple[float, int] | None:
    """From this room and table: door crossings and symbol steps (the generator's search);
    a fight read on the way (an immediate entry on entering, any entry on its symbol)
    costs its risk, with the walk to the symbol on top of the enemy's defense."""
    from ..dungeon.search import DECK, GONE, _Rules

    full = frozenset(bar for bar, n in s.ticks.items() if n >= _boxes(s, bar))
    rules = _Rules(s.adv.map, s.adv.index, full)
    table = tuple(
        GONE if s.table[c - 1] == -2 else DECK if s.table[c - 1] < 0 else s.table[c - 1]
        for c in rules.slot
    )
    start = (room, frozenset(s.items), frozenset(s.marks), table)
    starts = [start]
    if frame is not None and frame[0].startswith("e"):  # the rest of the interrupted entry
        n = int(frame[0][1:])
        starts = []
        for out in rules._run(start, s.adv.index.instructions[n], frame[2], 0):
            if out.won:
                return 0.0, 0
            starts.append(out.state)

    def met(rid: str, state: Any, on_entering: bool) -> tuple[Enemy, ...]:
        entry = rules.entries.get(rid)
        if entry is None or risk is None:
            return ()
        n, ins = entry
        if (ins.trigger == "immediate") != on_entering:
            return ()
        _, items, spent, tab = state
        if (ins.once and n in spent) or not all(rules.holds(c, items, tab) for c in ins.conditions):
            return ()
        return tuple(_walked(a.enemy) for a in ins.actions if a.kind == "fight")

    def moves(state: Any) -> Iterator[tuple[Any, bool, tuple[Enemy, ...]]]:
        here, items, spent, tab = state
        for target in rules.exits[here]:
            moved = rules._put(tab, target)
            if moved is not None:
                fights = met(target, (target, items, spent, moved), True)
                for out in rules.enter((target, items, spent, moved)):
                    yield out.state, out.won, fights
        entry = rules.entries.get(here)
        if entry is not None and here in rules.read_rooms and entry[1].trigger != "immediate":
            fights = met(here, state, False)
            for out in rules.read(state):
                yield out.state, out.won, fights

    lv = level if risk is not None else 0
    return _cheapest([(st, lv) for st in starts], moves, risk)


def _walked(e: Enemy) -> Enemy:
    """A dungeon enemy asks for the walk to its symbol too (about two cells, T-26)."""
    if e.trap or e.defense is None:
        return e
    return e.model_copy(update={"defense": min(99, e.defense + 2)})


def _boxes(s: TosState, bar: str) -> int:
    for ins in s.adv.index.instructions:
        for a in ins.actions:
            if a.kind == "tick" and a.bar == bar:
                return int(a.boxes)
    return 1


# ------------------------------------------------------------------ fight odds --
# What a hero of each level builds in one turn about half the time: attack halfway
# between the class study's reach (docs/tos-balance.md, mcts:200: 3.5 5.5 8.5 10.5 12.5
# 14 15 16) and what the adventure agent was measured to build (3.75 at level 3, 3.0 at
# 4, 7.0 at 5, 8.75 at 7 and 8; docs/tos-adventure-balance.md), and the attack it blocks
# (the original base map's attack).
REACH_ATTACK = {2: 3.5, 3: 5.0, 4: 7.0, 5: 8.75, 6: 10.25, 7: 11.5, 8: 12.5, 9: 13.5}
REACH_DEFENSE = {2: 4.0, 3: 5.0, 4: 7.0, 5: 8.0, 6: 10.0, 7: 11.0, 8: 12.0, 9: 13.0}


def _hp(s: TosState, kept: list[int]) -> float:
    """Hits the hero's cards take before all are removed: two a one-tip card, one a
    two-tip card."""
    from .. import play as inplay

    return float(sum(3 - inplay.half(s, c).banner for c in kept))


def _scale(s: TosState, kept: list[int], owned: int) -> float:
    """How much of its level's reach this hero keeps: cards removed count fully, fragile
    (two-tip) halves partly."""
    from .. import play as inplay

    fragile = sum(1 for c in kept if inplay.half(s, c).banner == 2)
    strength = (len(kept) - 0.4 * fragile) / owned
    return 0.45 + 0.55 * max(0.0, strength)


def _odds(
    e: Enemy, level: int, scale: float, dist: int, hp: float, left: int
) -> tuple[float, float]:
    """The log-odds that one combat turn beats ``e`` (what the level reaches against what
    the enemy asks) and the turns the hero's cards last against its hits (``hp``: two hits
    a card, one for a fragile card; a hand worn down wins less, so only half of those turns
    count), at most ``left``."""
    lv = min(9, max(2, level))
    m = e.modifier
    shift = 0.5 * m.delta if m is not None else 0.0
    atk = e.attack + (shift if m is not None and m.stat == "attack" else 0.0)
    if e.trap:
        turn = 1.5 * (REACH_DEFENSE[lv] * scale - atk)
        hit = max(0.5, atk - REACH_DEFENSE[lv] * scale)
    else:
        dfn = float(e.defense or 0) + (shift if m is not None and m.stat == "defense" else 0.0)
        turn = 1.5 * (REACH_ATTACK[lv] * scale - dfn - dist)
        hit = max(0.5, atk)  # a turn spent on attack leaves little defense
    return turn, min(max(1.0, 0.5 * hp / hit), float(left))  # lost after MAX_TURNS


def _miss(turn: float) -> float:
    return 1.0 / (1.0 + math.exp(max(-30.0, min(30.0, turn))))  # one turn fails


def _lose(turn: float, turns: float) -> float:
    return max(1e-9, math.pow(_miss(turn), turns))


def _logit(lose: float) -> float:
    win = max(1e-9, 1.0 - lose)
    return max(-12.0, min(4.0, math.log(win / lose)))


def _turns_taken(turn: float, turns: float) -> float:
    """The combat turns a fight is expected to last: until the first winning turn, or
    until the hand gives out."""
    miss = _miss(turn)
    if miss >= 1.0 - 1e-9:
        return turns
    return (1.0 - math.pow(miss, turns)) / (1.0 - miss)


def _start_logit(
    e: Enemy, level: int, scale: float, dist: int, hp: float = 16.0, left: int = MAX_TURNS
) -> float:
    """Log-odds of beating ``e`` from the start of the fight: the chance of a winning turn,
    tried once per turn the hero's cards survive (:func:`_odds`)."""
    turn, turns = _odds(e, level, scale, dist, hp, left)
    return _logit(_lose(turn, turns))


def fight_logit(s: TosState, dist: int = 0) -> float:
    """Log-odds that the hero wins the fight in progress: what this hero's level reaches
    (less for cards removed or fragile) against what the enemy asks, moved towards a sure
    win as the turn builds the attack (or, for a trap, the defense) it needs. ``dist``: the
    dungeon cells still to walk to the enemy's symbol, each paid with an attack point."""
    e = s.enemy
    assert e is not None
    owned = 8 + bool(s.extra)
    kept = [c for c in range(1, owned + 1) if c not in s.removed]
    left = max(1, MAX_TURNS - max(0, s.turn - 1))  # turns still to try, this one included
    base = _start_logit(e, s.level, _scale(s, kept, owned), dist, _hp(s, kept), left)
    if e.trap:
        built = min(1.0, s.defense / max(1, e.attack))
    else:
        built = min(1.0, s.attack / max(1, (e.defense or 0) + dist))
    # a turn wins only once the whole need is built: partial progress counts for less
    return base + (4.0 - base) * built - 0.15 * max(0, s.turn - 1)
