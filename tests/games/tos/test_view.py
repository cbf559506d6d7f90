"""Every action, event and board of real TOS games reads as words in English and Italian."""

from __future__ import annotations

import re

import pytest

from tavolo.engine import RNG

from .support import GAME

FALLBACK = re.compile(r"^[a-z_]+: \{")  # describe_event's last resort: kind: {data}
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")


@pytest.mark.parametrize("mode", GAME.modes)
def test_actions_events_and_boards_read_as_words(mode: str) -> None:
    config = GAME.make_config(1, mode)
    rng = RNG(5)
    kinds: set[str] = set()
    decisions: set[str] = set()
    for seed in range(25):
        s = GAME.new(config, seed)
        while (d := GAME.decision(s)) is not None:
            decisions.add(d.kind)
            for lang in ("en", "it"):
                board = GAME.view(s, 0, lang)
                assert not PLACEHOLDER.search(board), board
                for a in d.actions:
                    label = GAME.describe_action(s, a, lang)
                    assert label and not PLACEHOLDER.search(label), (a, label)
            for e in GAME.apply(s, d.actions[rng.below(len(d.actions))]):
                kinds.add(e.kind)
                en, it = GAME.describe_event(e, 0, "en"), GAME.describe_event(e, 0, "it")
                assert en and it and en != it, e
                for text in (en, it):
                    assert not FALLBACK.match(text) and not PLACEHOLDER.search(text), (e, text)
        for lang in ("en", "it"):
            assert GAME.view(s, 0, lang)  # the final board, with the result
    assert {"open", "plan", "exhaust", "damage"} <= decisions
    assert {"draw", "open", "execute", "restore", "end"} <= kinds  # setup events: in new()


@pytest.mark.parametrize(
    ("kind", "data", "said"),
    [
        ("adv_step", {"dir": "left", "attack": 1}, "(resta 1 Punto di Attacco)"),
        ("adv_step", {"dir": "left", "attack": 2}, "(restano 2 Punti di Attacco)"),
        ("end", {"fights_won": 1, "fights": 1}, "1 scontro vinto su 1."),
        ("adv_tick", {"bar": "theft", "ticks": 1}, "questa barra viene annerita a matita (1 "),
    ],
)
def test_italian_events_agree_with_their_numbers(
    kind: str, data: dict[str, object], said: str
) -> None:
    """'restano 1 punti Attacco', '1 scontri vinti su 1', '1 danni' and a bar named by its
    id ('della barra theft'): the Italian events now agree with their numbers and say the
    manual's 'Punti di Attacco'."""
    from tavolo.engine import Event

    assert said in GAME.describe_event(Event(kind, data), 0, "it")


def test_italian_damage_agrees_with_its_number() -> None:
    from tavolo.engine import Event

    data = {"attack": 0, "enemy_defense": 1, "enemy_attack": 3, "defense": 2, "damage": 1}
    data |= {"defeated": False}
    assert GAME.describe_event(Event("execute", data), 0, "it").endswith(": 1 danno.")


def test_a_banner_challenge_is_won_or_lost() -> None:
    """'Banner challenge: 2 cards counted — no.' read as a yes/no answer to nothing."""
    from tavolo.engine import Event

    lost = Event("adv_challenge", {"count": 2, "won": False})
    assert GAME.describe_event(lost, 0, "en") == "Banner challenge: 2 cards counted — lost."
    won = Event("adv_challenge", {"count": 1, "won": True})
    assert GAME.describe_event(won, 0, "it") == ("Sfida degli stendardi: 1 carta contata — vinta.")


def test_a_gamble_says_what_becomes_of_the_cards() -> None:
    """'Gamble: #3 against #5 — kept: no.' now says both cards are discarded."""
    from tavolo.engine import Event

    lost = Event("adv_gamble", {"card": 3, "drawn": 5, "kept": False})
    assert GAME.describe_event(lost, 0, "en") == "Gamble: #3 against #5 — both are discarded."
    kept = Event("adv_gamble", {"card": 3, "drawn": 5, "kept": True})
    assert GAME.describe_event(kept, 0, "it") == "Azzardo: #3 contro #5 — le tieni entrambe."


def test_T_21_an_adventure_card_in_the_log_is_not_a_hero_card_number() -> None:
    """'Card #6 is revealed' read as the hero's card #6 (Safe Final Blow): the world card
    is 6, as the grid's 6A / 6B call it; hero cards keep their '#'."""
    from tavolo.engine import Event
    from tavolo.games.tos.view import describe_event

    g = GAME
    reveal = describe_event(g, Event("adv_reveal", {"card": 6}), "en")
    assert reveal == "Card 6 is revealed: its B half is upright now."
    assert describe_event(g, Event("adv_reveal", {"card": 6}), "it").startswith("La carta 6 ")
    assert describe_event(g, Event("adv_removed", {"card": 4}), "en") == "Card 4 leaves the grid."
    pick = describe_event(g, Event("adv_pick", {"card": 3, "banner": 1}), "en")
    assert pick.startswith("The back of card 3 joins your deck as card #9"), pick
    assert describe_event(g, Event("adv_discard", {"card": 6}), "en").startswith("#6 ")
