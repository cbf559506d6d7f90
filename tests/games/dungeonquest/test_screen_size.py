"""The screen a DungeonQuest player reads at a decision fits an 80 x 40 terminal: the
map was 30 rows of 65 columns with its key below, a hero took two lines, so the top of
the board scrolled away at every turn. Now neighbouring squares share their edges (21
rows), the sun, the piles and the key stand beside the map, the heroes are a table of a
line each."""

from __future__ import annotations

from typing import Any

import pytest

from tavolo.engine import RNG, registry
from tavolo.engine.i18n import fit, shown
from tavolo.i18n import t

GAME: Any = registry.get("dungeonquest")


def screen(s: Any, d: Any, lang: str) -> list[str]:
    """What ``tavolo play`` prints for a person's decision (Table.human_turn): the rule
    naming the turn, the view, 'Your options:', each option fitted as ``say`` fits it,
    and the prompt."""
    rows = [t(lang, "play.turn", who="Player 1")]
    rows += GAME.view(s, d.player, lang).replace("\\[", "[").splitlines()
    rows.append(t(lang, "play.choose"))
    width = len(str(len(d.actions)))
    groups = GAME.describe_options(s, d.actions, lang)  # as Table.print_options shows them
    if groups is None:
        groups = [("", [(i, GAME.describe_action(s, a, lang)) for i, a in enumerate(d.actions)])]
    for head, items in groups:
        if head:
            rows += fit(f"{head}: " + " · ".join(f"{i + 1} {w}" for i, w in items), 2, sep=" · ")
            continue
        for i, words in items:
            rows += fit(f"  {i + 1:>{width}}. {words}", width + 4)
    return [*rows, t(lang, "play.prompt", n=len(d.actions))]


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_plain_moves_share_a_line(lang: str) -> None:
    """Four 'move' lines pushed a crowded four-hero screen to 41-44 rows; the moves that
    open the list now share one, numbered as before, the other options one a line."""
    seen = 0
    for seed in range(40):
        seen += _plain_moves_checked(GAME.new(GAME.make_config(2), seed), RNG(seed), lang)
    assert seen >= 20, seen


def _plain_moves_checked(s: Any, rng: RNG, lang: str) -> int:
    seen = 0
    while (d := GAME.decision(s)) is not None:
        moves = [a for a in d.actions if a.startswith("move:")]
        groups = GAME.describe_options(s, d.actions, lang)
        if len(moves) >= 2 and list(d.actions[: len(moves)]) == moves:
            assert groups is not None
            head, items = groups[0]
            assert head == ("move" if lang == "en" else "muovi")
            assert [i for i, _ in items] == list(range(len(moves)))
            said = [GAME.describe_action(s, a, lang) for a in moves]
            assert [f"{head} {w}" for _, w in items] == said
            rest = [i for _, group in groups[1:] for i, _ in group]
            assert rest == list(range(len(moves), len(d.actions)))
            seen += 1
        elif len(moves) < 2:
            assert groups is None
        GAME.apply(s, d.actions[rng.below(len(d.actions))])
    return seen


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("heroes", [1, 4])
def test_the_screen_at_each_decision_fits_80_by_40(heroes: int, lang: str) -> None:
    kinds: set[str] = set()
    for seed in range(12):
        s = GAME.new(GAME.make_config(heroes), seed)
        rng = RNG(seed)
        while (d := GAME.decision(s)) is not None:
            if len(d.actions) > 1:  # a choice of one is taken, not asked
                rows = screen(s, d, lang)
                assert len(rows) <= 40, (seed, d.kind, "\n".join(rows))
                assert max(shown(r) for r in rows) <= 80, (seed, d.kind, "\n".join(rows))
                kinds.add(d.kind)
            GAME.apply(s, d.actions[rng.below(len(d.actions))])
    # mid-game moves, a combat and its counters, the treasure chamber's stay were met
    assert {"pickhero", "pickring", "picktower", "act", "monster"} <= kinds, kinds


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_treasure_chamber_screen_fits_80_by_40(lang: str) -> None:
    """In the Treasure Chamber the options tell the dragon's odds and the potion's table:
    alone with a potion and a rope, or four heroes, two of them in the chamber."""
    alone = [{"id": "el_adoran", "at": [6, 4], "potion": True, "rope": True}]
    four = [
        {"id": "el_adoran", "at": [6, 4], "rope": True},
        {"id": "volrik", "at": [6, 5], "life": 3, "lost_turns": 2},
        {"id": "sir_rohan"},
        {"id": "ulv_grimhand"},
    ]
    for heroes in (alone, four):
        position = {"heroes": heroes, "round": 20, "active": 0}
        s = GAME.from_position(GAME.make_config(len(heroes)), position, RNG(1))
        d = GAME.decision(s)
        assert "stay" in d.actions
        rows = screen(s, d, lang)
        assert len(rows) <= 40 and max(shown(r) for r in rows) <= 80, "\n".join(rows)


@pytest.mark.parametrize("lang", ["en", "it"])
def test_DQ_14_the_champions_bow_rule_is_told_to_a_hero_with_a_bow_only(lang: str) -> None:
    """'A first Killed result of the bow only takes 3 LP' took two rows of every fight
    with the Champion of Chaos, also for heroes with no bow to shoot."""
    told = {}
    for hero in ("el_adoran", "volrik"):
        s = GAME.new(GAME.make_config(1, heroes=hero), 1)
        while (d := GAME.decision(s)) is not None and s.phase == "setup":
            GAME.apply(s, d.actions[0])
        s.stack.append(
            ("monster", 0, "champion_of_chaos", "fight", 5, 0, None, 0, None, None, None)
        )
        told[hero] = " ".join(GAME.view(s, 0, lang).split())
    bow = "A first Killed result of the bow" if lang == "en" else "Un primo risultato Ucciso"
    assert bow in told["el_adoran"] and bow not in told["volrik"]
    assert GAME.name_of("champion_of_chaos", lang) in told["volrik"]
