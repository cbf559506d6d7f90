"""The command with Estro's Ultimo Bastione: a whole game in words, saved and replayed."""

from __future__ import annotations

import json
from pathlib import Path

from . import assert_one_line_error, invoke


def test_play_ultimo_bastione_to_the_end_in_words(tmp_path: Path) -> None:
    save = tmp_path / "bastione.json"
    args = ["play", "estro", "--mode", "ultimo_bastione", "--seats", "random,random"]
    r = invoke([*args, "--seed", "3", "--save", str(save)])
    assert r.exit_code == 0, r.output
    out = r.stdout
    assert "Game over" in out and "Scores:" in out
    assert "Horde phase" in out and "Dreamer phase" in out and "\nL3 " in out
    assert "The bastion falls" in out or "The dreamers win" in out
    replayed = invoke(["replay", str(save), "--lang", "it"])
    assert replayed.exit_code == 0, replayed.output
    assert "fase Orda" in replayed.stdout and "\nC3 " in replayed.stdout


def test_play_ultimo_bastione_four_dreamers_in_italian() -> None:
    seats = "random,random,random,random"
    r = invoke(
        ["play", "estro", "-m", "ultimo_bastione+chimera", "--seats", seats, "--seed", "5"],
        env={"TAVOLO_LANG": "it"},
    )
    assert r.exit_code == 0, r.output
    assert "Punteggi:" in r.stdout and "BASTIONE" in r.stdout


def test_ultimo_bastione_refuses_imboscata_and_one_player() -> None:
    base = ["play", "estro", "--seats"]
    err = assert_one_line_error(
        invoke([*base, "random,random", "--mode", "ultimo_bastione+imboscata"])
    )
    assert "face up" in err
    assert_one_line_error(invoke([*base, "random", "--mode", "ultimo_bastione"]))


def test_simulate_ultimo_bastione_json() -> None:
    r = invoke(
        ["simulate", "estro", "-m", "ultimo_bastione", "-n", "2", "-a", "random,random", "--json"]
    )
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert "cq_left" in json.dumps(data)
