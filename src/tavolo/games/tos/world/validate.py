"""Is a world adventure playable? Structural checks and a search over the card grid.

:func:`check_world` works from the plain data (so it also checks saved or hand-made
adventures) and returns every problem found, or nothing:

- every half has lines; exactly one :class:`Win`, on 1B; at most one picking action
  (``pick`` or ``forge``); every bottom half is the target of some reveal;
- then :func:`search` explores every reachable grid and reports a main quest that cannot be
  won and each bottom half that can never be revealed.

The search state is, per card, its upright half or "removed", plus the "For 1 time" marks
that matter (those of tick bars: the card actions change the hero's cards, never the grid).
A move is going to any card still on the grid and reading its upright half (T-19; the grid
is shuffled at setup, so the search does not assume where cards lie): fights are won (T-20),
"If" conditions are checked as they are read, a "You may" line is done or not, a reveal turns
a card whose top half is upright and is otherwise ignored (T-21), a remove, a pick or a forge
takes the card off the grid, a blank line whose conditions hold ends the reading, a "For 1
time" mark is set when read and cleared when its card turns or leaves (T-22). A tick bar can
read any of its values: its pencil marks persist across games (tos-facts section 6.9). Turning
or removing the card being read ends its reading (the rest is no longer upright).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from tavolo.games.tos.adventure.actions import Forge, Pick

from .model import CARDS, Blank, Half, Line, Mapped, Remove, Reveal, TickBar, Win, WorldAdventure

REMOVED = 2
State = tuple[int, ...]  # per card 0 (top up), 1 (bottom up) or 2 (removed); then marks
MARKS = CARDS  # index of the bitmask of "For 1 time" tick-bar marks in a state
_Read = tuple[State, bool]  # the grid after a reading, and whether it won


@dataclass(frozen=True)
class SearchResult:
    """What the exhaustive search found."""

    won: bool
    revealed: frozenset[int]  # cards whose bottom half was upright in some reachable grid
    states: int  # grids explored


def _holds(conditions: Sequence[Mapped], st: State) -> bool:
    for c in conditions:
        card, side = int(c.half[0]), 0 if c.half[1] == "A" else 1
        if (st[card - 1] == side) == c.negate:
            return False
    return True


def _turn(st: State, card: int, to: int) -> State:
    """Card ``card`` now shows half ``to`` (or is removed); its tick-bar mark is cleared."""
    new = list(st)
    new[card - 1] = to
    new[MARKS] &= ~(1 << card)
    return tuple(new)


def _walk(lines: Sequence[Line], here: int, st: State, won: bool) -> Iterator[_Read]:
    """Every outcome of reading ``lines`` on card ``here`` from grid ``st``."""
    for i, line in enumerate(lines):
        rest = lines[i + 1 :]
        if isinstance(line, Win):
            won = True
        elif isinstance(line, Blank):
            if _holds(line.conditions, st):
                break
        elif isinstance(line, Reveal):
            x = line.card
            if _holds(line.conditions, st) and st[x - 1] == 0:
                turned = _turn(st, x, 1)
                if line.may:
                    yield from _walk(rest, here, st, won)
                if x == here:
                    yield turned, won
                    return
                yield from _walk(rest, here, turned, won)
                return
        elif isinstance(line, Remove | Pick | Forge):
            may = line.may or isinstance(line, Forge)
            conditions = line.conditions if isinstance(line, Remove) else ()
            if _holds(conditions, st):
                yield _turn(st, here, REMOVED), won
                if not may:
                    return
        elif isinstance(line, TickBar):
            bit = 1 << here
            if not (line.once and st[MARKS] & bit):
                marked = (*st[:MARKS], st[MARKS] | bit) if line.once else st
                if line.may:
                    yield from _walk(rest, here, st, won)
                for value in dict.fromkeys(v for v in (*line.boxes, line.end) if v):
                    yield from _walk((*line.branches[value], *rest), here, marked, won)
                return
        # text, fights and the other card actions leave the grid as it is
    yield st, won


def _read(adv: WorldAdventure, st: State, card: int) -> Iterator[_Read]:
    up = st[card - 1]
    if up == REMOVED:
        return iter(())
    half = adv.card(card).half(up)
    return _walk(half.lines, card, st, False)


def search(adv: WorldAdventure) -> SearchResult:
    """Explore every grid reachable from the setup (1A read first, T-18); stops early once
    the win and every bottom half have been seen."""
    start: State = (0,) * CARDS + (0,)
    won = False
    revealed: set[int] = set()
    seen: set[State] = set()
    stack: list[State] = []
    for st, w in _read(adv, start, 1):
        won = won or w
        if st not in seen:
            seen.add(st)
            stack.append(st)
    all_cards = set(range(1, CARDS + 1))
    while stack and not (won and revealed == all_cards):
        st = stack.pop()
        revealed.update(c + 1 for c in range(CARDS) if st[c] == 1)
        for card in range(1, CARDS + 1):
            for nxt, w in _read(adv, st, card):
                won = won or w
                if nxt not in seen:
                    seen.add(nxt)
                    stack.append(nxt)
    return SearchResult(won, frozenset(revealed), len(seen))


def _all_lines(lines: Sequence[Line]) -> Iterator[Line]:
    for line in lines:
        yield line
        if isinstance(line, TickBar):
            for branch in line.branches.values():
                yield from _all_lines(branch)


def _halves(adv: WorldAdventure) -> Iterator[Half]:
    for c in adv.cards:
        yield c.top
        yield c.bottom


def check_world(adv: WorldAdventure) -> list[str]:
    """Everything wrong with the adventure (empty when it is playable)."""
    problems: list[str] = []
    wins: list[str] = []
    picks: list[str] = []
    targets: set[int] = set()
    for h in _halves(adv):
        if not h.lines:
            problems.append(f"half {h.id} has no lines")
        for line in _all_lines(h.lines):
            if isinstance(line, Win):
                wins.append(h.id)
            elif isinstance(line, Pick | Forge):
                picks.append(h.id)
            elif isinstance(line, Reveal):
                targets.add(line.card)
    if wins != ["1B"]:
        problems.append(f"the adventure needs exactly one win, on 1B; found {wins or 'none'}")
    if len(picks) > 1:
        problems.append(f"more than one picking action: {', '.join(picks)}")
    problems.extend(f"nothing reveals {n}B" for n in range(1, CARDS + 1) if n not in targets)
    if problems:
        return problems
    result = search(adv)
    if not result.won:
        problems.append("the main quest cannot be won")
    problems.extend(
        f"{n}B can never be revealed" for n in range(1, CARDS + 1) if n not in result.revealed
    )
    return problems
