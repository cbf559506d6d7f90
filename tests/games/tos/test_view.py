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
