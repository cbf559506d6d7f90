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


def test_agent_tuning_suffixes_stay_with_their_agent() -> None:
    from tavolo.cli.common import split_agents

    assert split_agents("mcts:100,depth=0,c=0.5,random") == ["mcts:100,depth=0,c=0.5", "random"]
    assert split_agents(" human , greedy ") == ["human", "greedy"]
    r = invoke(["simulate", "estro", "-n", "2", "--agents", "mcts:5,depth=2,random", "--json"])
    assert r.exit_code == 0, r.output
