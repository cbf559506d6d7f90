"""What a DungeonQuest player reads when choosing: each prompt says what it asks about,
in the words of the decision at hand, in English and Italian."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tavolo.engine import RNG, registry

GAME: Any = registry.get("dungeonquest")
LANGS = ("en", "it")


def first(where: Callable[[Any, Any], bool], players: int = 1, seeds: int = 300) -> Any:
    """The first state of a random game (over seeds) whose decision ``where`` accepts."""
    for seed in range(seeds):
        s = GAME.new(GAME.make_config(players), seed)
        rng = RNG(seed)
        while (d := GAME.decision(s)) is not None:
            if where(s, d):
                return s, d
            GAME.apply(s, d.actions[rng.below(len(d.actions))])
    raise AssertionError("no such decision")


@pytest.mark.parametrize("lang", LANGS)
def test_the_tower_prompt_speaks_of_the_tower_not_the_chamber(lang: str) -> None:
    s, _ = first(lambda s, d: d.kind == "tower")
    stay = GAME.describe_action(s, "stay", lang)
    chamber = ("Treasure Chamber", "Dragon") if lang == "en" else ("Camera del Tesoro", "Drago")
    assert not any(w in stay for w in chamber), stay
    assert ("another move" if lang == "en" else "un'altra mossa") in stay
    s, _ = first(lambda s, d: d.kind == "act" and "stay" in d.actions)  # the chamber's own
    assert chamber[0] in GAME.describe_action(s, "stay", lang)
