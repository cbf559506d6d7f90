"""`tavolo play --players` takes a number of players or the seats themselves."""

from __future__ import annotations

from . import assert_one_line_error, invoke


def test_players_as_seats() -> None:
    r = invoke(["play", "estro", "--players", "mcts:20,random", "--seed", "4"])
    assert r.exit_code == 0, r.output
    assert "mcts:20" in r.stdout and "random" in r.stdout


def test_players_bad_input_is_one_line() -> None:
    assert_one_line_error(invoke(["play", "estro", "--players", "0"]))
    assert_one_line_error(invoke(["play", "estro", "--players", "human,mcts", "--seats", "human"]))
