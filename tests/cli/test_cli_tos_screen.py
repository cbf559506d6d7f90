"""TOS's play screen fits an 80 x 40 terminal at every decision a person takes: the
board, what is asked and the options, from the turn's rule to the prompt (a new player
saw a full hand scroll out of sight above 23 options in the Plan)."""

from __future__ import annotations

import pytest

from tavolo.engine import registry

from .screens import assert_fits, at_random, played, screens

GAMES = [
    ("tutorial", ["--tutorial"], 3),
    ("fights", ["--fight", "3", "--date", "2026-06-06"], 5),
    ("fights", ["--fight", "2", "--date", "2026-02-02"], 1),
    ("world", ["--adventure", "world", "--date", "2026-04-04"], 3),
    ("world", ["--adventure", "world", "--date", "2026-02-02"], 1),
    ("dungeon", ["--adventure", "dungeon", "--date", "2026-04-04"], 3),
    ("dungeon", ["--adventure", "dungeon", "--date", "2026-01-01"], 1),
    ("dungeon", ["--adventure", "dungeon", "--date", "2026-01-13"], 12),  # a map of 30 rows
]


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize(("name", "flags", "seed"), GAMES)
def test_every_decision_screen_fits_80_columns_and_40_rows(
    name: str, flags: list[str], seed: int, lang: str
) -> None:
    """A seeded game played at random by a person at the table (150 answers at most):
    each screen, from the rule of a person's turn to its prompt, fits."""
    shown = screens(played("tos", flags, None, seed, lang, at_random(seed, 150)))
    assert len(shown) > 10, name  # the game was played, decisions were shown
    for screen in shown:
        assert_fits(screen)


def test_the_plan_shows_a_cards_options_on_its_line() -> None:
    """The Plan's 20 options of a hand of 4 read a line per card, numbered as before: the
    old numbers (and words) still choose them."""
    from tavolo.games.tos.game import TosGame

    game: TosGame = registry.get("tos")  # type: ignore[assignment]
    s = game.new(game.make_config(1, "tutorial"), 1)
    game.apply(s, game.decision(s).actions[0])
    d = game.decision(s)
    assert d.kind == "plan"
    groups = game.describe_options(s, d.actions, "en")
    assert groups is not None
    cards = [head for head, _ in groups if head]
    assert cards == [f"#{c}" for c in s.hand]
    items = groups[0][1]
    assert [d.actions[i] for i, _ in items] == [
        f"charge:{s.hand[0]}",
        f"infuse:{s.hand[0]}",
        f"add:{s.hand[0]}",
        f"strain:{s.hand[0]}:attack",
        f"strain:{s.hand[0]}:defense",
    ]
    assert [w for _, w in items][1:] == ["Infuse", "Add", "Strain +1 attack", "+1 defense"]
    assert items[0][1].startswith("Charge +")
    numbered = sorted(i for _, items in groups for i, _ in items)
    assert numbered == list(range(len(d.actions)))  # every option, once


def test_the_dungeon_execute_steps_share_a_line() -> None:
    """The Execute's 'Spend 1 attack: step up' ... 'step right' took four lines; they read
    on one now, numbered as the decision lists them, the walk and the strike a line each."""
    from tavolo.engine import RNG

    game = registry.get("tos")
    rng = RNG(3)
    for seed in range(1, 40):
        s = game.new(game.make_config(1, "dungeon", seed=seed), seed)
        for _ in range(300):
            d = game.decision(s)
            if d is None:
                break
            if d.kind == "adv_dmove" and any(a.startswith("step:") for a in d.actions):
                groups = game.describe_options(s, d.actions, "it")
                assert groups is not None
                (head, steps), (blank, others) = groups
                assert head == "Un passo per 1 Punto di Attacco" and blank == ""
                assert [d.actions[i] for i, _ in steps] == [
                    a for a in d.actions if a.startswith("step:")
                ]
                assert {w for _, w in steps} <= {"su", "giù", "a sinistra", "a destra"}
                assert [d.actions[i] for i, _ in others][-1] == "strike"
                return
            game.apply(s, d.actions[rng.below(len(d.actions))])
    raise AssertionError("no dungeon Execute with a step to take")
