"""The single player mode from the command line: an AI plays it to the end, in words."""

from __future__ import annotations

from . import invoke


def test_play_estro_navi_with_a_random_seat_plays_to_the_end_in_words() -> None:
    r = invoke(["play", "estro", "--mode", "navi", "--seats", "random", "--seed", "3"])
    assert r.exit_code == 0, r.output
    out = " ".join(r.stdout.split())
    assert "the ships' turn" in out and "The fleet" in out
    assert "The fleet wins" in out or "You win" in out
    assert "Scores:" in out
    assert "The fleet: Willow Cantor attacks" in out and "Player 2" not in out
    r = invoke(
        ["play", "estro", "--mode", "navi", "--seats", "random", "--seed", "3", "--lang", "it"]
    )
    assert r.exit_code == 0, r.output
    out = " ".join(r.stdout.split())
    assert "turno delle astronavi" in out and "della flotta viene distrutta" in out
    assert "Giocatore 2" not in out


def test_play_estro_navi_refuses_two_seats() -> None:
    r = invoke(["play", "estro", "--mode", "navi", "--seats", "random,random", "--seed", "3"])
    assert r.exit_code == 2
    assert "navi takes 1" in r.stderr


def test_a_navi_option_error_quotes_the_option_and_says_why() -> None:
    """'error: estro navi takes no option something' quoted nothing and gave no reason,
    where the other modes say "takes no option 'something' (options: decks, first)"."""
    from . import assert_one_line_error

    args = ["play", "estro", "--mode", "navi", "--seats", "mcts", "-o", "something=bad"]
    line = assert_one_line_error(invoke(args))
    assert line == "error: estro navi takes no option 'something' (it has no options)"
    line = assert_one_line_error(invoke(["--lang", "it", *args]), "errore: ")
    assert line == "errore: estro navi non accetta l'opzione 'something' (non ha opzioni)"
