"""Hand cards the opponent knows: a card taken back to the hand from the Incinerator (a
gift's revive, the dial) was seen by both players, so it is no secret, everyone's
observation shows it, and a determinized world keeps it in that hand."""

from __future__ import annotations

from typing import Any

from tavolo.engine import RNG, ScriptedRNG
from tavolo.games.estro.state import EstroState

from .support import GAME, of_kind, play, position


def quadrante(p0: dict[str, Any], p1: dict[str, Any], script: list[dict[str, Any]]) -> EstroState:
    p0.setdefault("deck", ["glyph_crawler", "sulfur_sage", "ochre_monk"])
    p1.setdefault("deck", ["amber_idol", "inkveil", "yssel"])
    pos = {"zone": "controllo", "round": 2, "active": 0, "phase": "battle"}
    pos["players"] = [{**p0, "zone_used": True}, {**p1, "zone_used": True}]
    return GAME.from_position(GAME.make_config(2, "quadrante"), pos, ScriptedRNG(0, script))


def fallen_card_back_in_hand() -> tuple[EstroState, list[dict[str, Any]]]:
    """The case the conformance suite found: a face-down card is revealed as it falls,
    Chain Collapse destroys another card and Ash Memory brings the first one to hand."""
    s = quadrante(
        {"field": ["kharvok"], "hand": ["ozok"]},
        {"field": [{"id": "brakka", "face_down": True}, "zhee"], "hand": ["madu"]},
        [
            {"choice": "chain_collapse", "label": "dial"},
            {"choice": "zhee", "label": "dial destroys"},
            {"choice": "ash_memory", "label": "dial"},
            {"choice": "brakka", "label": "dial revive"},
        ],
    )
    return s, play(s, "attack:kharvok:#0")


def test_a_card_revealed_as_it_falls_and_back_in_hand_is_known() -> None:
    s, events = fallen_card_back_in_hand()
    assert of_kind(events, "reveal", player=1, card="brakka", falling=True)
    assert of_kind(events, "revive", player=1, card="brakka", to="hand")
    opp = s.players[1]
    assert "brakka" in opp.hand and opp.known_hand() == ["brakka"]
    assert "brakka" not in set(GAME.secrets(s, 0))
    assert "madu" in set(GAME.secrets(s, 0))  # the rest of the hand stays hidden
    for viewer in (0, 1, None):
        assert GAME.observe(s, viewer)["players"][1]["hand_known"] == ["brakka"]
    assert "hand_known" not in GAME.observe(s, 0)["players"][0]
    assert "Brakka" in GAME.view(s, 0, "en") and "madu" not in GAME.view(s, 0, "en").lower()


def test_known_hand_cards_survive_clone_json_and_determinize() -> None:
    s, _ = fallen_card_back_in_hand()
    c = s.clone()
    assert c.players[1].known == s.players[1].known
    back = GAME.from_json(GAME.to_json(s))
    assert back.players[1].known_hand() == ["brakka"] and GAME.equal(back, s)
    for seed in range(20):
        d = GAME.determinize(s, 0, RNG(seed))
        opp = d.players[1]
        assert "brakka" in opp.hand and len(opp.hand) == len(s.players[1].hand)
        assert opp.known_hand() == ["brakka"]
        assert GAME.observe(d, 0) == GAME.observe(s, 0)


def test_a_card_that_leaves_the_hand_is_no_longer_known() -> None:
    s, _ = fallen_card_back_in_hand()
    pl = s.players[1]
    pl.hand.remove("brakka")
    pl.inc.append("brakka")
    assert pl.known_hand() == [] and "hand_known" not in GAME.observe(s, 0)["players"][1]
    pl.hand.append("zhee")
    pl.show_in_hand("zhee")  # a later return prunes the stale entry
    assert pl.known == frozenset({"zhee"})


def test_a_gift_revive_to_hand_is_known() -> None:
    # mender_moth: when played, a card of your Incinerator returns to your hand
    s = position({"hand": ["mender_moth"], "incinerator": ["skorvun"]}, {"field": ["zhee"]})
    events = play(s, "play:mender_moth:up")
    assert of_kind(events, "revive", player=0, card="skorvun", to="hand")
    assert s.players[0].known_hand() == ["skorvun"]
    assert "skorvun" not in set(GAME.secrets(s, 1))
    assert GAME.observe(s, 1)["players"][0]["hand_known"] == ["skorvun"]
    d = GAME.determinize(s, 1, RNG(3))
    assert "skorvun" in d.players[0].hand
