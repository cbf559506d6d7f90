"""TOS world adventure checks: hand-made broken adventures, and what the search can reach."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tavolo.games.tos.adventure.actions import Forge, Pick
from tavolo.games.tos.schema import Enemy
from tavolo.games.tos.world.model import (
    Blank,
    Fight,
    Mapped,
    Remove,
    Reveal,
    Text,
    TickBar,
    Win,
)
from tavolo.games.tos.world.validate import check_world, search

from .support import build, year

ENEMY = Enemy(level=2, attack=3, defense=4)
BOSS = (Fight(enemy=ENEMY), Reveal(card=1, conditions=(Mapped(half="1A"),)), Remove())


def _chain(**extra: Sequence[Any]) -> dict[str, Sequence[Any]]:
    """A small playable adventure: top half n reveals bottom n for n = 3..9, 2A reveals
    2B, the boss on 2B; the given halves replace these."""
    lines: dict[str, Sequence[Any]] = {f"{n}A": (Reveal(card=n),) for n in range(2, 10)}
    lines["2B"] = BOSS
    lines.update(extra)
    return lines


def test_a_playable_hand_made_adventure_passes() -> None:
    adv = build(_chain())
    assert check_world(adv) == []
    result = search(adv)
    assert result.won and result.revealed == frozenset(range(1, 10))


def test_structural_problems_are_reported() -> None:
    adv = build(_chain(**{"5A": (Text(label="event_quiet.text"),), "6A": ()}))
    problems = check_world(adv)
    assert "half 6A has no lines" in problems
    assert "nothing reveals 5B" in problems
    assert "nothing reveals 6B" in problems
    no_win = build(_chain(**{"1B": (Text(label="main_the_boss.victory"),)}))
    assert "the adventure needs exactly one win, on 1B; found none" in check_world(no_win)
    two_wins = build(_chain(**{"3B": (Win(),)}))
    assert "the adventure needs exactly one win, on 1B; found ['1B', '3B']" in check_world(two_wins)
    picks = build(
        _chain(
            **{
                "5B": (Pick(banner=1),),
                "6B": (Forge(elements=("fire", "air"), banner="choice"),),
            }
        )
    )
    assert "more than one picking action: 5B, 6B" in check_world(picks)


def test_a_loop_of_bottom_halves_is_unreachable() -> None:
    # 4B and 5B reveal each other, and no top half reveals either
    adv = build(
        _chain(
            **{
                "4A": (Text(label="event_quiet.text"),),
                "5A": (Text(label="event_quiet.text"),),
                "4B": (Reveal(card=5),),
                "5B": (Reveal(card=4),),
            }
        )
    )
    assert check_world(adv) == ["4B can never be revealed", "5B can never be revealed"]


def test_top_halves_waiting_for_each_other_deadlock() -> None:
    # 3A reveals 4B only once 5A is gone; 5A reveals 3B only once 4A is gone; 4A reveals
    # 5B only once 3A is gone: nothing can start
    adv = build(
        _chain(
            **{
                "3A": (Reveal(card=4, conditions=(Mapped(half="5A", negate=True),)),),
                "4A": (Reveal(card=5, conditions=(Mapped(half="3A", negate=True),)),),
                "5A": (Reveal(card=3, conditions=(Mapped(half="4A", negate=True),)),),
            }
        )
    )
    assert check_world(adv) == [f"{n}B can never be revealed" for n in (3, 4, 5)]


def test_an_unwinnable_main_quest() -> None:
    blocked = (Fight(enemy=ENEMY), Reveal(card=1, conditions=(Mapped(half="1B"),)))
    adv = build(_chain(**{"2B": blocked}))
    assert check_world(adv) == ["the main quest cannot be won", "1B can never be revealed"]


def test_blank_until_the_general_is_removed() -> None:
    general = (Fight(enemy=ENEMY), Remove())
    boss = (Blank(conditions=(Mapped(half="3A"),)), Blank(conditions=(Mapped(half="3B"),)), *BOSS)
    adv = build(_chain(**{"3B": general, "2B": boss}))
    assert check_world(adv) == []
    # without the general's remove the boss stays blank for ever
    stuck = build(_chain(**{"3B": (Fight(enemy=ENEMY),), "2B": boss}))
    assert check_world(stuck) == ["the main quest cannot be won", "1B can never be revealed"]


def test_removing_or_turning_the_card_ends_its_reading() -> None:
    # 3A turns its own card before revealing 4B: 4B is never revealed
    adv = build(_chain(**{"3A": (Reveal(card=3), Reveal(card=4)), "4A": (Text(label="x.y"),)}))
    assert check_world(adv) == ["4B can never be revealed"]
    # a "You may" remove can be skipped, a plain one cannot
    may = build(_chain(**{"3B": (Remove(may=True), Reveal(card=4)), "4A": (Text(label="x.y"),)}))
    assert check_world(may) == []
    must = build(_chain(**{"3B": (Remove(), Reveal(card=4)), "4A": (Text(label="x.y"),)}))
    assert check_world(must) == ["4B can never be revealed"]


def test_a_tick_bar_can_read_each_value_and_is_once_per_card() -> None:
    bar = TickBar(
        bar="theft",
        boxes=("", "a", "a", "b", "a", "a"),
        end="b",
        branches={"a": (Reveal(card=3),), "b": (Reveal(card=4), Remove())},
    )
    adv = build(_chain(**{"3A": (Text(label="x.y"), bar), "4A": (Text(label="x.y"),)}))
    assert check_world(adv) == []  # A reveals 3B; B reveals 4B, then removes card 3
    # once per card (T-22): A reveals 4B only when 5B is mapped, B reveals 5B; read once,
    # the bar cannot give A after B in the same game
    gated = {
        "a": (Reveal(card=4, conditions=(Mapped(half="5B"),)),),
        "b": (Reveal(card=5),),
    }
    quiet = (Text(label="x.y"),)
    lost = ["3B can never be revealed", "4B can never be revealed"]
    for once, problems in ((True, lost), (False, [])):
        bar = TickBar(bar="t", boxes=("", "a"), end="b", once=once, branches=gated)
        turn = (Reveal(card=3),)  # 4B turns card 3 (which clears its mark)
        adv = build(_chain(**{"3A": (bar,), "4A": quiet, "4B": turn, "5A": quiet}))
        assert check_world(adv) == problems


def test_generated_adventures_are_searched_quickly() -> None:
    for adv in year()[:50]:
        result = search(adv)
        assert result.won and result.revealed == frozenset(range(1, 10))
        assert result.states < 2000
