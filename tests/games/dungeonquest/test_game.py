"""DungeonQuest's words and map: every event and action reads in English and Italian."""

from __future__ import annotations

from typing import Any

import pytest

from tavolo.engine import RNG, registry
from tavolo.games.dungeonquest.game import ui

GAME: Any = registry.get("dungeonquest")


def test_ui_catalogs_have_the_same_keys() -> None:
    en, it = ui("en"), ui("it")
    assert {s: set(v) for s, v in en.items()} == {s: set(v) for s, v in it.items()}


@pytest.mark.parametrize("lang", ["en", "it"])
def test_events_actions_and_view_in_words(lang: str) -> None:
    seen: set[str] = set()
    for seed in range(40):
        s = GAME.new(GAME.make_config(1 + seed % 4, monster_counter="left_player"), seed)
        rng = RNG(seed)
        while (d := GAME.decision(s)) is not None:
            for a in d.actions:
                text = GAME.describe_action(s, a, lang)
                assert text and ":" not in text and "_" not in text, (a, text)
            for e in GAME.apply(s, d.actions[rng.below(len(d.actions))]):
                text = GAME.describe_event(e, 0, lang)
                assert text and "{" not in text and not text.startswith(e.kind), text
                seen.add(e.kind)
        view = GAME.view(s, 0, lang)
        assert "P1" in view or "G1" in view
    assert {"tile_placed", "card_drawn", "sun_moves", "hero_died"} <= seen


def test_help_names_the_decisions() -> None:
    for lang in ("en", "it"):
        text = GAME.help(lang)
        assert "D1-D27" in text and "mighty_blow" in text
