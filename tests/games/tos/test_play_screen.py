"""The play screens say what the player needs to decide: what a choice really gives, what
is still waiting, how much is left (audit of the TOS play screens, 2026-11-28)."""

from __future__ import annotations

from .support import GAME, TUTORIAL, play, position


def test_mana_labels_show_the_mana_really_gained() -> None:
    s = position(hand=(1, 2, 3, 4, 7), discard=(5, 6, 8), level=2)
    assert GAME.describe_action(s, "open:7", "en") == (
        "Open with #7 Safe Rally (+2 mana: mana never goes above your level, 2)"
    )
    s = GAME.new(TUTORIAL, 1)
    assert GAME.describe_action(s, "open:4", "en") == "Open with #4 Guard (+4 mana)"
    play(s, "open:4")
    assert s.mana == 4
    label = GAME.describe_action(s, "charge:3", "it")
    assert label.startswith("Carica #3 ") and "(+0 mana: " in label
    assert "+4" not in label
