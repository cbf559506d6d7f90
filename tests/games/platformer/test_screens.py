"""What a Platformer player reads on the screen: the log agrees with the board, the
view shows what the choices and the clock need, the help speaks the options' words."""

from __future__ import annotations

from typing import Any

import pytest

from tavolo.agents import make_agent
from tavolo.engine import RNG, registry
from tavolo.games.platformer.rules import ROUND_CAP

GAME = registry.get("platformer")
LANGS = ("en", "it")


def greedy_events(seed: int, players: int = 2, mode: str = "standard") -> list[tuple[Any, Any]]:
    """A greedy game's events (it climbs, so levels come and go), each with the state
    right after the action that made it."""
    s = GAME.new(GAME.make_config(players, mode), seed)
    agent, out = make_agent("greedy", seed=seed), []
    while (d := GAME.decision(s)) is not None:
        for e in GAME.apply(s, agent.act(GAME, s, d)):
            out.append((e, s.clone()))
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_log_names_levels_as_the_board_does(lang: str) -> None:
    """Revealing level index 1 shows the board's "Level 2"; the log says the same."""
    word = "Level" if lang == "en" else "Livello"
    seen = set()
    for e, s in greedy_events(3):
        if e.kind not in ("reveal", "remove"):
            continue
        seen.add(e.kind)
        text = GAME.describe_event(e, None, lang) or ""
        n = e.data["level"] + 1
        assert f"{word.lower()} {n} " in text.lower(), text
        board = GAME.view(s, 0, lang).splitlines()
        if e.kind == "reveal":  # the level just turned face up, under its own label
            assert any(line.split()[:2] == [word, str(n)] for line in board)
            assert f"{word} {n}: " not in "\n".join(board)
        else:
            assert any(line.startswith(f"{word} {n}: ") for line in board)
    assert seen == {"reveal", "remove"}


def test_rounds_metric_counts_the_rounds_played() -> None:
    """A game stopped by the round cap played ROUND_CAP rounds, as its log's last
    "Round N" says; one that ends earlier counts the round it ended in."""
    capped = 0
    for seed in range(12):
        s = GAME.new(GAME.make_config(2), seed)
        rng, last = RNG(seed), 0
        while (d := GAME.decision(s)) is not None:
            for e in GAME.apply(s, d.actions[rng.below(len(d.actions))]):
                if e.kind == "turn":
                    last = e.data["round"]
        assert GAME.metrics(s)["rounds"] == last <= ROUND_CAP
        capped += s.reason == "round cap"
    assert capped
