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


def test_the_exhaust_screen_keeps_the_cards_still_to_exhaust() -> None:
    s = position()
    play(s, "open:4", "add:2", "strain:3:attack", "done")
    assert GAME.decision(s).kind == "exhaust"
    board = GAME.view(s, 0, "en")
    assert "Layout, the cards still to exhaust (in this order):" in board
    lines = board.splitlines()
    start = lines.index("Layout, the cards still to exhaust (in this order):")
    assert lines[start + 1] == "  #4 Guard · ▶ · exhaust 1 (now; unpaid: turned and discarded)"
    assert lines[start + 2].startswith("  #2 Guard · ▶ · exhaust 1 (unpaid: ")
    assert lines[start + 3].startswith("  #3 Slash · ")
    play(s, "exhaust:pay")
    board = GAME.view(s, 0, "it")
    now = [ln for ln in board.splitlines() if "(ora; senza pagare: " in ln]
    assert len(now) == 1 and now[0].startswith("  #2 ") and "esaurimento 1" in now[0]
    assert not any(ln.startswith("  #4 ") and "esaurimento" in ln for ln in board.splitlines())


def test_each_damage_prompt_says_which_point_of_how_many() -> None:
    s = position()
    play(s, "open:4", "done", "exhaust:pay")
    d = GAME.decision(s)
    assert d.kind == "damage" and d.params["left"] == 3
    assert GAME.view(s, 0, "it").endswith(
        "Da fare: scegli una carta per subire un punto di danno (1 di 3)"
    )
    play(s, d.actions[0])
    assert GAME.view(s, 0, "en").endswith("To do: choose a card to take a point of damage (2 of 3)")
    play(s, GAME.decision(s).actions[0])
    assert GAME.view(s, 0, "en").endswith("(3 of 3)")
