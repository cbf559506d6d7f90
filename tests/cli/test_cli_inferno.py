"""``tavolo play estro --mode inferno``: four AI seats play Inferno 2v2 to the end in words."""

from __future__ import annotations

import re
from pathlib import Path

from . import invoke

RAW_ID = re.compile(r"\b(play|attack|reveal|zone|target|discard|chimera|fessura|ambush):[a-z_#0-9]")


def test_play_inferno_with_four_random_seats_to_the_end(tmp_path: Path) -> None:
    save = tmp_path / "inferno.json"
    seats = "random,random,random,random"
    r = invoke(
        ["play", "estro", "--mode", "inferno", "--seats", seats, "--seed", "3", "--save", str(save)]
    )
    assert r.exit_code == 0, r.output
    out = r.stdout
    assert "Player 4 (random)" in out and "Team A" in out and "Team B" in out
    assert re.search(r"Game over: (Team [AB] wins|draw)", out), out[-2000:]
    assert "Scores:" in out and "share the win" in out
    assert not RAW_ID.search(out), RAW_ID.search(out)
    assert "inferno.end" not in out and "{'" not in out  # no event printed as raw data
    replayed = invoke(["replay", str(save), "--lang", "it"])
    assert replayed.exit_code == 0, replayed.output
    assert "Partita finita" in replayed.stdout and "Punteggi:" in replayed.stdout


def test_play_inferno_refuses_two_seats() -> None:
    r = invoke(["play", "estro", "--mode", "inferno", "--seats", "random,random", "--seed", "1"])
    assert r.exit_code != 0
    assert "inferno takes 4 players" in r.output
