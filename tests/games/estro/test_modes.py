"""Rule tests of Estro's modes: Stratega, Necrotoken, Fessura Dimensionale, Imboscata Illusoria.

Names follow the digest's mode rules (../shared/rules/estro.md, "Modes"); the choices the
rulebook leaves open are in docs/estro-modes.md and the game's help text.
"""

from __future__ import annotations

from typing import Any

import pytest

from tavolo.engine import RNG, ConfigError, ScriptedRNG
from tavolo.games.estro.state import EstroState

from .support import GAME, decision, of_kind, play


def position(
    mode: str,
    p0: dict[str, Any],
    p1: dict[str, Any],
    script: list[dict[str, Any]] | None = None,
    **where: Any,
) -> EstroState:
    p0.setdefault("deck", ["glyph_crawler", "sulfur_sage", "ochre_monk"])
    p1.setdefault("deck", ["amber_idol", "inkveil", "yssel"])
    for pl in (p0, p1):
        pl.setdefault("zone_used", True)  # no zone windows unless a test asks for them
    pos = {"zone": "controllo", "round": 2, "active": 0, "phase": "play", **where}
    pos["players"] = [p0, p1]
    return GAME.from_position(GAME.make_config(2, mode), pos, ScriptedRNG(0, script or []))


def attacks(s: EstroState) -> list[str]:
    return [a for a in decision(s).actions if a.startswith("attack:")]


# ------------------------------------------------------------------------- Stratega --
def test_mode_names_and_combinations() -> None:
    assert {"standard", "stratega", "necrotoken"} <= set(GAME.modes)
    assert GAME.metas == ("chimera", "fessura", "imboscata")
    for base in ("stratega", "necrotoken"):
        mode = GAME.make_config(2, f"{base}+imboscata+chimera+fessura").mode
        assert mode == f"{base}+chimera+fessura+imboscata"


def finish_turn(s: EstroState) -> list[dict[str, Any]]:
    """Play the first card offered (face up), then end the turn if it is still ours."""
    p = s.active
    events = play(s, decision(s).actions[0])
    if s.result is None and decision(s).player == p and decision(s).kind == "attack":
        events += play(s, "end")
    return events


@pytest.mark.parametrize(("rnd", "active", "can"), [(3, 1, False), (4, 0, True)])
def test_stratega_no_attack_before_the_end_of_turn_6(rnd: int, active: int, can: bool) -> None:
    fields = ({"field": ["kharvok"], "hand": ["ozok"]}, {"field": ["thofa"], "hand": ["zhee"]})
    s = position("stratega", *fields, round=rnd, active=active)
    plain = position("standard", *fields, round=rnd, active=active)
    assert s.turn == plain.turn == (7 if can else 6)
    play(s, decision(s).actions[0])
    play(plain, decision(plain).actions[0])
    assert [a for a in decision(plain).actions if a.startswith("attack:")]
    if can:
        assert decision(s).player == active and attacks(s)
    else:  # nothing to do in the battle step: the turn is over
        assert s.turn == 7 and decision(s).player == 1 - active


@pytest.mark.parametrize("turn", [3, 12])
def test_stratega_no_draw_in_turns_3_and_12(turn: int) -> None:
    before = turn - 1
    active = before % 2 == 0  # player 2 (index 1) plays the even turns, the first player goes first
    s = position(
        "stratega",
        {"field": ["ozok"], "hand": ["thofa"]},
        {"field": ["brakka"], "hand": ["zhee"]},
        round=(before + 1) // 2,
        active=int(active),
    )
    assert s.turn == before
    nxt = 1 - s.active
    hand = len(s.players[nxt].hand)
    events = finish_turn(s)
    assert of_kind(events, "turn", turn=turn)
    assert of_kind(events, "no_draw", player=nxt)
    assert not of_kind(events, "draw")
    assert len(s.players[nxt].hand) == hand
    events = finish_turn(s)  # the next turn draws as usual
    assert of_kind(events, "turn", turn=turn + 1) and of_kind(events, "draw")


def test_stratega_no_win_before_the_end_of_round_8() -> None:
    # round 6, the second player's field is empty: standard ends the game, Stratega not
    for mode, over in (("standard", True), ("stratega", False)):
        s = position(mode, {"field": ["ozok"], "hand": ["thofa"]}, {"hand": ["zhee"]}, round=6)
        events = finish_turn(s)
        assert bool(of_kind(events, "end", reason="empty_field")) is over
    s = position(
        "stratega", {"hand": ["thofa"]}, {"field": ["brakka"], "hand": ["zhee"]}, round=8, active=1
    )
    assert s.turn == 16
    events = finish_turn(s)
    assert of_kind(events, "end", reason="empty_field", winner=1)


def test_stratega_no_cards_to_draw_is_no_loss_before_round_8() -> None:
    for rnd, lost in ((3, False), (9, True)):
        s = position(
            "stratega",
            {"field": ["ozok"], "hand": ["thofa"]},
            {"field": ["brakka"], "hand": [], "deck": []},
            round=rnd,
        )
        events = finish_turn(s)
        assert of_kind(events, "deck_empty", player=1)
        assert bool(of_kind(events, "end", reason="no_cards", winner=0)) is lost


# ------------------------------------------------------------------------ Necrotoken --
def test_necrotoken_earned_when_the_opponent_destroys_a_card_up_to_3() -> None:
    for tokens, after in ((0, 1), (2, 3), (3, 3)):
        s = position(
            "necrotoken",
            {"field": ["kharvok"], "hand": ["ozok"]},
            {"field": [{"id": "thofa", "face_down": True}], "hand": [], "necrotokens": tokens},
            phase="battle",
        )
        events = play(s, "attack:kharvok:#0")
        if tokens >= 2:  # 2 or more: the owner is offered a protection first
            assert decision(s).kind == "save_card"
            events += play(s, "pass")
        assert of_kind(events, "destroyed", player=1, card="thofa")
        assert s.players[1].necro == after
        assert bool(of_kind(events, "necrotoken", player=1)) is (tokens < 3)


def test_necrotoken_not_earned_for_destroying_your_own_card() -> None:
    s = position(
        "necrotoken+fessura",
        {"field": ["kharvok"], "hand": ["ozok"]},
        {"field": ["brakka"], "hand": []},
        rift=["yolk_engine"],
        phase="battle",
    )
    events = play(s, "fessura:kharvok")
    assert of_kind(events, "destroyed", player=0, card="kharvok", cause="fessura")
    assert s.players[0].necro == 0 and not of_kind(events, "necrotoken")


def test_necrotoken_spend_1_at_the_draw_to_draw_2() -> None:
    s = position(
        "necrotoken",
        {"field": ["ozok"], "hand": ["thofa"]},
        {"field": ["brakka"], "hand": ["zhee"], "necrotokens": 1},
        phase="battle",
    )
    play(s, "end")
    d = decision(s)
    assert d.player == 1 and d.kind == "necro_draw"
    assert set(d.actions) == {"necro:draw1", "necro:draw2"}
    events = play(s, "necro:draw2")
    assert len(of_kind(events, "draw", player=1)) == 2
    assert of_kind(events, "necro_spent", player=1, spent=1, left=0)
    assert s.players[1].necro == 0 and len(s.players[1].hand) == 3


def test_necrotoken_draw_1_keeps_the_token() -> None:
    s = position(
        "necrotoken",
        {"field": ["ozok"], "hand": ["thofa"]},
        {"field": ["brakka"], "hand": ["zhee"], "necrotokens": 2},
        phase="battle",
    )
    play(s, "end")
    events = play(s, "necro:draw1")
    assert len(of_kind(events, "draw", player=1)) == 1 and s.players[1].necro == 2


def test_necrotoken_spend_2_protects_a_card_about_to_be_destroyed_for_one_turn() -> None:
    s = position(
        "necrotoken",
        {"field": ["kharvok", {"id": "vurrax", "mods": {"atk": 40}}], "hand": ["ozok"]},
        {
            "field": [{"id": "thofa", "face_down": True}, "brakka"],
            "hand": [],
            "necrotokens": 2,
        },
        phase="battle",
    )
    play(s, "attack:kharvok:#0")
    d = decision(s)
    turn = s.turn
    assert d.player == 1 and d.kind == "save_card" and "necro:protect" in d.actions
    events = play(s, "necro:protect")
    assert of_kind(events, "protected", player=1, card="thofa", by="necrotoken")
    assert "thofa" in s.players[1].field and s.players[1].necro == 0
    assert decision(s).kind == "attack"  # no redirect offered: the attack is over
    events = play(s, "attack:vurrax:thofa")  # ATK 68 > 2 x DEX 28: protected all the same
    assert of_kind(events, "battle", rule="primary")
    assert of_kind(events, "protected", player=1, card="thofa")
    assert not of_kind(events, "destroyed") and "thofa" in s.players[1].field
    assert s.players[1].shield["thofa"] == turn + 1  # through the opponent's next turn


def test_necrotoken_spend_3_at_the_end_of_the_turn_summons_a_random_deck_card_inhibited() -> None:
    s = position(
        "necrotoken",
        {"field": ["ozok"], "hand": ["thofa"], "necrotokens": 3, "deck": ["madu", "brakka"]},
        {"field": ["zhee"], "hand": []},
        [{"draw": "madu", "label": "necrotoken card"}],
        phase="battle",
    )
    events = play(s, "end")
    d = decision(s)
    assert d.player == 0 and d.kind == "necro_summon"
    events = play(s, "necro:summon")
    assert of_kind(events, "necro_summon", player=0, card="madu")
    assert of_kind(events, "necro_spent", player=0, spent=3, left=0)
    assert not of_kind(events, "gift")  # it was not played: nothing triggers
    pl = s.players[0]
    assert "madu" in pl.field and "madu" in pl.inhibited and pl.necro == 0
    seen = GAME.observe(s, 1)["players"][0]
    assert seen["necrotokens"] == 0
    assert next(c for c in seen["field"] if c.get("id") == "madu")["gift_inhibited"]


def test_necrotoken_inhibited_gift_never_triggers() -> None:
    s = position(
        "necrotoken",
        {"field": [{"id": "madu", "inhibited": True}], "hand": ["thofa"]},
        {"field": ["zhee"], "hand": []},
    )
    assert not GAME._available(s, 0, "madu", "play")
    s.players[0].inhibited = frozenset()
    assert GAME._available(s, 0, "madu", "play")


def test_necrotoken_an_inhibited_aura_gives_nothing() -> None:
    # Ember Legion's aura gives own Ardo cards +3 ATK; summoned inhibited, it gives nothing
    s = position(
        "necrotoken",
        {"field": [{"id": "ember_legion", "inhibited": True}, "ozok"], "hand": ["thofa"]},
        {"field": ["zhee"], "hand": []},
    )
    asleep = GAME.stats(s, 0, "ozok")
    s.players[0].inhibited = frozenset()
    awake = GAME.stats(s, 0, "ozok")
    assert awake[0] == asleep[0] + 3 and awake[1:] == asleep[1:]


def test_necrotoken_earned_when_an_opponents_gift_destroys_a_card() -> None:
    # Siege Larva's gift on play destroys a face-down card: the opponent destroyed it
    s = position(
        "necrotoken",
        {"field": ["kharvok"], "hand": ["siege_larva"]},
        {"field": [{"id": "thofa", "face_down": True}, "zhee"], "hand": []},
    )
    events = play(s, "play:siege_larva:up", "gift:use")
    assert of_kind(events, "destroyed", player=1, card="thofa", cause="foe_gift")
    assert of_kind(events, "necrotoken", player=1, tokens=1) and s.players[1].necro == 1


def test_necrotoken_protection_also_against_an_opponents_gift() -> None:
    s = position(
        "necrotoken",
        {"field": ["kharvok"], "hand": ["siege_larva"]},
        {"field": [{"id": "thofa", "face_down": True}, "zhee"], "hand": [], "necrotokens": 2},
    )
    play(s, "play:siege_larva:up", "gift:use")
    d = decision(s)
    assert (d.player, d.kind) == (1, "save_card") and "necro:protect" in d.actions
    events = play(s, "necro:protect")
    assert of_kind(events, "protected", player=1, card="thofa", by="necrotoken")
    assert "thofa" in s.players[1].field and s.players[1].necro == 0


def test_necrotokens_need_the_mode_in_positions() -> None:
    with pytest.raises(ConfigError):
        position("standard", {"hand": ["ozok"], "necrotokens": 1}, {})


# ------------------------------------------------------------- Fessura Dimensionale --
def test_fessura_dimensional_deck_is_every_card_not_dealt() -> None:
    s = GAME.new(GAME.make_config(2, "standard+fessura"), 3)
    dealt = {c for pl in s.players for c in pl.deck + pl.hand}
    assert set(s.rift) == set(GAME.ids) - dealt
    assert len(s.rift) == len(GAME.ids) - len(dealt)
    plain = GAME.new(GAME.make_config(), 3)
    assert plain.rift == ()
    for p in (0, 1):
        seen = GAME.observe(s, p)
        assert seen["rift_size"] == len(s.rift)
        assert set(s.rift) <= set(GAME.secrets(s, p))


def test_fessura_once_per_turn_after_the_play_before_battle() -> None:
    s = position(
        "standard+fessura",
        {"field": ["kharvok"], "hand": ["ozok"]},
        {"field": ["brakka", "zhee"], "hand": []},
        rift=["yolk_engine", "madu"],
    )
    assert not [a for a in decision(s).actions if a.startswith("fessura")]  # play first
    play(s, "play:ozok:up")
    acts = decision(s).actions
    assert {"fessura:kharvok", "fessura:ozok"} <= set(acts)
    play(s, "attack:kharvok:brakka")
    d = decision(s)  # Ozok may still attack: the turn goes on, the battle has begun
    assert d.player == 0 and d.kind == "attack" and "attack:ozok:zhee" in d.actions
    assert not [a for a in d.actions if a.startswith("fessura")]


def test_fessura_destroys_your_card_and_brings_the_top_dimensional_card() -> None:
    s = position(
        "standard+fessura",
        {"field": ["kharvok"], "hand": ["ozok"]},
        {"field": ["brakka"], "hand": []},
        [{"draw": "thofa", "label": "dimensional deck"}],
        rift=["yolk_engine", "thofa"],
        phase="battle",
    )
    events = play(s, "fessura:kharvok")
    assert of_kind(events, "destroyed", player=0, card="kharvok", cause="fessura")
    assert of_kind(events, "fessura_card", player=0, card="thofa")
    pl = s.players[0]
    assert pl.field == ["thofa"] and "kharvok" in pl.inc and s.rift == ("yolk_engine",)
    assert not [a for a in decision(s).actions if a.startswith("fessura")]  # once a turn
    assert GAME.observe(s, 1)["rift_size"] == 1


def test_fessura_closed_when_the_card_is_saved() -> None:
    s = position(
        "standard+fessura",
        {"field": ["kharvok"], "hand": ["ozok"], "zone_used": False},
        {"field": ["brakka"], "hand": []},
        rift=["yolk_engine", "thofa"],
        zone="medica",
        phase="battle",
    )
    play(s, "fessura:kharvok")
    assert decision(s).kind == "save_zone"
    events = play(s, "zone:medica")
    assert of_kind(events, "fessura_closed", player=0)
    assert s.players[0].field == ["kharvok"] and len(s.rift) == 2


def test_fessura_opens_when_the_dial_brings_the_destroyed_card_back() -> None:
    # a destruction, not a sacrifice: with Quadrante the dial spins for it, and its Second
    # Dawn returning the card does not undo the destruction that opened the rift
    s = position(
        "quadrante+fessura",
        {"field": ["kharvok"], "hand": ["ozok"]},
        {"field": ["brakka"], "hand": []},
        [
            {"choice": "second_dawn", "label": "dial"},
            {"draw": "thofa", "label": "dimensional deck"},
        ],
        rift=["yolk_engine", "thofa"],
        phase="battle",
    )
    events = play(s, "fessura:kharvok")
    assert of_kind(events, "destroyed", player=0, card="kharvok", cause="fessura")
    assert of_kind(events, "revive", player=0, card="kharvok", to="field")
    assert of_kind(events, "fessura_card", player=0, card="thofa")
    assert not of_kind(events, "fessura_closed")
    assert s.players[0].field == ["kharvok", "thofa"] and s.rift == ("yolk_engine",)


def test_fessura_open_after_the_play_step_when_there_was_nothing_to_play() -> None:
    # an empty hand and no face-down card: the mandatory play is no play, and the rift is
    # offered before the battle all the same
    s = position(
        "standard+fessura",
        {"field": ["kharvok"], "hand": [], "deck": []},
        {"field": ["brakka"], "hand": []},
        [{"draw": "thofa", "label": "dimensional deck"}],
        rift=["yolk_engine", "thofa"],
    )
    assert s.phase == "battle" and s.played == 0
    assert "fessura:kharvok" in decision(s).actions
    events = play(s, "fessura:kharvok")
    assert of_kind(events, "fessura_card", player=0, card="thofa")
    with_hand = position(
        "standard+fessura",
        {"field": ["kharvok"], "hand": ["ozok"]},
        {"field": ["brakka"], "hand": []},
        rift=["yolk_engine", "thofa"],
    )
    assert with_hand.phase == "play"  # a card to play: the rift waits for the play
    assert not [a for a in decision(with_hand).actions if a.startswith("fessura")]


def test_fessura_determinize_keeps_the_rift_hidden_and_its_size() -> None:
    s = GAME.new(GAME.make_config(2, "standard+fessura"), 5)
    for k in range(5):
        for p in (0, 1):
            d = GAME.determinize(s, p, RNG(k))
            assert len(d.rift) == len(s.rift) and GAME.observe(d, p) == GAME.observe(s, p)
            held = {c for pl in d.players for c in pl.deck + pl.hand}
            assert not held & set(d.rift)


# ------------------------------------------------------------- Imboscata Illusoria --
def test_imboscata_an_illusio_from_hand_enters_as_a_face_down_card_falls() -> None:
    # round 6: without the ambush player 2 would lose on an empty field
    s = position(
        "standard+imboscata",
        {"field": ["kharvok"], "hand": ["ozok"]},
        {"field": [{"id": "brakka", "face_down": True}], "hand": ["zhee", "violet_needle"]},
        round=6,
        phase="battle",
    )
    play(s, "attack:kharvok:#0")
    d = decision(s)
    assert d.player == 1 and d.kind == "ambush"
    assert d.actions == ("ambush:zhee", "ambush:violet_needle", "pass")  # Illusio cards only
    events = play(s, "ambush:zhee")
    ambush = of_kind(events, "ambush", player=1, card="zhee", fallen="brakka")
    destroyed = of_kind(events, "destroyed", player=1, card="brakka")
    assert ambush and destroyed and events.index(ambush[0]) < events.index(destroyed[0])
    assert s.players[1].field == ["zhee"]
    assert decision(s).player == 1  # kharvok's attack was the last one possible
    assert s.result is None  # the ambush kept the field from being empty
    assert "zhee" in s.players[1].field


def test_imboscata_empty_card_cannot_attack_in_its_controllers_next_turn() -> None:
    s = position(
        "standard+imboscata",
        {"field": ["kharvok"], "hand": ["ozok"]},
        {"field": [{"id": "brakka", "face_down": True}], "hand": ["zhee"]},
        phase="battle",
    )
    play(s, "attack:kharvok:#0", "ambush:zhee")
    assert s.active == 1
    assert s.players[1].rest == (("zhee", s.turn),)
    play(s, decision(s).actions[0])  # the play step
    while s.phase == "play":
        play(s, decision(s).actions[0])
    assert not [a for a in decision(s).actions if a.startswith("attack:zhee")]
    assert GAME.observe(s, 0)["players"][1]["field"][0]["resting"]


def test_imboscata_gift_card_has_its_gift_inhibited_for_good() -> None:
    s = position(
        "standard+imboscata",
        {"field": ["kharvok"], "hand": ["ozok"]},
        {"field": [{"id": "brakka", "face_down": True}], "hand": ["madu"]},
        phase="battle",
    )
    events = play(s, "attack:kharvok:#0", "ambush:madu")
    assert not of_kind(events, "gift")
    assert "madu" in s.players[1].inhibited and s.players[1].rest == ()


def test_imboscata_is_optional_and_only_for_face_down_cards() -> None:
    s = position(
        "standard+imboscata",
        {"field": ["kharvok"], "hand": ["ozok"]},
        {"field": [{"id": "brakka", "face_down": True}], "hand": ["zhee"]},
        phase="battle",
    )
    play(s, "attack:kharvok:#0", "pass")
    assert s.players[1].field == [] and "zhee" in s.players[1].hand
    plain = position(
        "standard",
        {"field": ["kharvok"], "hand": ["ozok"]},
        {"field": [{"id": "brakka", "face_down": True}], "hand": ["zhee"]},
        phase="battle",
    )
    play(plain, "attack:kharvok:#0")
    assert plain.players[1].field == []


def test_imboscata_when_a_gift_destroys_the_face_down_card() -> None:
    s = position(
        "standard+imboscata",
        {"field": ["kharvok"], "hand": ["siege_larva"]},
        {"field": [{"id": "thofa", "face_down": True}, "zhee"], "hand": ["violet_needle"]},
    )
    play(s, "play:siege_larva:up", "gift:use")
    d = decision(s)
    assert (d.player, d.kind, d.actions) == (1, "ambush", ("ambush:violet_needle", "pass"))
    events = play(s, "ambush:violet_needle")
    assert of_kind(events, "ambush", player=1, card="violet_needle", fallen="thofa")
    assert of_kind(events, "destroyed", player=1, card="thofa", cause="gift")
    assert s.players[1].field == ["zhee", "violet_needle"]


def test_imboscata_on_an_attack_redirected_onto_a_face_down_card() -> None:
    # Kharvok's attack on Brakka fails; after the Sviluppo Tech action it is redirected
    # onto the face-down card, which falls (E-6) and may be ambushed all the same
    s = position(
        "standard+imboscata",
        {"field": ["kharvok"], "hand": ["ozok"], "zone_used": False},
        {"field": ["brakka", {"id": "thofa", "face_down": True}], "hand": ["violet_needle"]},
        [{"roll": 1, "label": "attacker"}, {"roll": 1, "label": "defender"}],
        zone="sviluppo_tech",
        phase="battle",
    )
    play(s, "attack:kharvok:brakka")
    assert decision(s).kind == "battle_zone"
    play(s, "zone:sviluppo_tech")
    assert decision(s).actions == ("pass", "redirect:#1")
    play(s, "redirect:#1")
    d = decision(s)
    assert (d.player, d.kind) == (1, "ambush")
    events = play(s, "ambush:violet_needle")
    assert of_kind(events, "destroyed", player=1, card="thofa", cause="battle")
    assert s.players[1].field == ["brakka", "violet_needle"]


@pytest.mark.parametrize("mode", ["necrotoken+imboscata", "quadrante+imboscata"])
def test_imboscata_resolves_before_any_other_destruction_trigger(mode: str) -> None:
    # the ambush comes first: before the necrotoken protection is offered and the token
    # earned, before the dial spins
    s = position(
        mode,
        {"field": ["kharvok"], "hand": ["ozok"]},
        {
            "field": [{"id": "brakka", "face_down": True}, "zhee"],
            "hand": ["violet_needle"],
            **({"necrotokens": 2} if mode.startswith("necro") else {}),
        },
        [{"choice": "quiet_harvest", "label": "dial"}],
        phase="battle",
    )
    events = play(s, "attack:kharvok:#0")
    assert decision(s).kind == "ambush"
    events += play(s, "ambush:violet_needle")
    if mode.startswith("necro"):
        assert decision(s).kind == "save_card"
        events += play(s, "pass")
    later = of_kind(events, "necrotoken") + of_kind(events, "dial")
    assert later and events.index(of_kind(events, "ambush")[0]) < events.index(later[0])


# ------------------------------------------------------------ META modes together --
def test_fessura_on_your_own_face_down_card_may_be_ambushed_and_still_opens() -> None:
    # a destruction like any other: the ambush comes first, then the rift opens; the
    # empty ambusher rests in its controller's next turn (this one is theirs already)
    s = position(
        "standard+fessura+imboscata",
        {
            "field": ["kharvok", {"id": "brakka", "face_down": True}],
            "hand": ["ozok", "zhee"],
        },
        {"field": ["thofa"], "hand": []},
        [{"draw": "yolk_engine", "label": "dimensional deck"}],
        rift=["yolk_engine", "madu"],
        phase="battle",
    )
    play(s, "fessura:brakka")
    d = decision(s)
    assert (d.player, d.kind, d.actions) == (0, "ambush", ("ambush:zhee", "pass"))
    events = play(s, "ambush:zhee")
    assert of_kind(events, "destroyed", player=0, card="brakka", cause="fessura")
    assert of_kind(events, "fessura_card", player=0, card="yolk_engine")
    assert s.players[0].field == ["kharvok", "zhee", "yolk_engine"]
    assert s.players[0].rest == (("zhee", s.turn + 2),)


def test_fessura_on_a_chimera_sends_both_cards_away_and_opens() -> None:
    s = position(
        "standard+chimera+fessura",
        {"field": [{"id": "ozok+nyxara", "spent": True}], "hand": ["kharvok"]},
        {"field": ["thofa"], "hand": []},
        [{"draw": "madu", "label": "dimensional deck"}],
        rift=["yolk_engine", "madu"],
        phase="battle",
    )
    events = play(s, "fessura:ozok+nyxara")
    assert of_kind(events, "destroyed", player=0, card="ozok+nyxara", cause="fessura")
    assert of_kind(events, "fessura_card", player=0, card="madu")
    pl = s.players[0]
    assert {"ozok", "nyxara"} <= set(pl.inc) and pl.field == ["madu"]


# ------------------------------------------------------------------------ Mnemonica --
def test_mnemonica_attacker_declares_the_outcome_after_the_dice() -> None:
    # Kharvok (Ardo, TOT 76) against Brakka (Granito, TOT 72 + 5 from its die): +2 matchup
    s = position(
        "mnemonica",
        {"field": ["kharvok"], "hand": ["ozok", "thofa"]},
        {"field": ["brakka", "zhee"], "hand": []},
        [{"roll": 2, "label": "attacker"}, {"roll": 5, "label": "defender"}],
        phase="battle",
    )
    events = play(s, "attack:kharvok:brakka")
    assert of_kind(events, "dice", player=0, att_die=2, def_die=5)
    assert not of_kind(events, "battle") and not of_kind(events, "destroyed")
    d = decision(s)
    assert d.player == 0 and d.kind == "declare"
    assert d.actions == ("declare:destroyed", "declare:survives")
    events = play(s, "declare:destroyed")
    assert of_kind(events, "declared_right", player=0, declared="destroyed")
    (battle,) = of_kind(events, "battle")
    assert battle["rule"] == "tot" and "att_tot" not in battle and "matchup" not in battle
    assert of_kind(events, "destroyed", player=1, card="brakka")
    assert s.players[0].hand == ["ozok", "thofa"]


def test_mnemonica_wrong_declaration_discards_a_random_hand_card() -> None:
    s = position(
        "mnemonica",
        {"field": ["kharvok"], "hand": ["ozok", "thofa"]},
        {"field": ["brakka", "zhee"], "hand": []},
        [
            {"roll": 2, "label": "attacker"},
            {"roll": 5, "label": "defender"},
            {"draw": "thofa", "label": "mnemonica discard"},
        ],
        phase="battle",
    )
    events = play(s, "attack:kharvok:brakka", "declare:survives")
    assert of_kind(events, "declared_wrong", player=0, declared="survives", card="thofa")
    assert of_kind(events, "destroyed", card="brakka")  # the outcome stands
    assert s.players[0].hand == ["ozok"] and "thofa" in s.players[0].inc


def test_mnemonica_no_declaration_against_a_face_down_card() -> None:
    s = position(
        "mnemonica",
        {"field": ["kharvok"], "hand": ["ozok"]},
        {"field": [{"id": "brakka", "face_down": True}, "zhee"], "hand": []},
        phase="battle",
    )
    events = play(s, "attack:kharvok:#0")
    assert of_kind(events, "destroyed", card="brakka") and not of_kind(events, "dice")


def test_mnemonica_observation_shows_cards_as_printed() -> None:
    # zone Controllo gives Manpo cards +2 MAP; a lasting gift change adds +10 DEX
    where = {"zone": "controllo", "phase": "battle"}
    p1 = {"field": ["glyph_crawler", {"id": "zhee", "mods": {"dex": 10}}], "hand": []}
    p0 = {"field": ["kharvok"], "hand": ["ozok"]}
    s = position("mnemonica", dict(p0), dict(p1), **where)
    plain = position("standard", dict(p0), dict(p1), **where)
    for viewer in (0, 1, None):
        seen = GAME.observe(s, viewer)["players"][1]["field"]
        full = GAME.observe(plain, viewer)["players"][1]["field"]
        assert [c["stats"] for c in seen] == [
            list(GAME.info["glyph_crawler"].stats),
            list(GAME.info["zhee"].stats),
        ]
        assert [c["stats"] for c in full] != [c["stats"] for c in seen]
    text = GAME.view(s, 0, "en")
    assert f"MAP {GAME.info['glyph_crawler'].stats[4]} " in text


# --------------------------------------------------------------------- Sogno Lucido --
NO_BONUS = [{"roll": 1, "label": "attacker"}, {"roll": 4, "label": "defender"}]


def test_sogno_lucido_decks_hold_5_cards_of_each_estro() -> None:
    s = GAME.new(GAME.make_config(2, "sogno_lucido+fessura"), 4)
    for pl in s.players:
        cards = pl.deck + pl.hand
        assert len(set(cards)) == 25
        assert sorted(GAME.info[c].estro for c in cards) == [e for e in range(5) for _ in range(5)]
    ardo = [c for c in GAME.ids if GAME.info[c].estro == 0][:6]
    others = [c for c in GAME.ids if GAME.info[c].estro == 1][:14]
    with pytest.raises(ConfigError, match="5 cards of each estro"):
        GAME.make_config(2, "sogno_lucido", decks=[ardo + others, None])


def test_sogno_lucido_granito_never_attacks() -> None:
    s = position(
        "sogno_lucido",
        {"field": ["brakka", "kharvok"], "hand": ["ozok"]},
        {"field": ["thofa"], "hand": []},
        phase="battle",
    )
    assert {a.split(":")[1] for a in attacks(s)} == {"kharvok"}


def test_sogno_lucido_armonio_attaches_to_a_granito_and_shares_its_shield() -> None:
    s = position(
        "sogno_lucido",
        {"field": ["kharvok"], "hand": ["ozok"]},
        {"field": ["brakka"], "hand": ["yssel"], "deck": ["amber_idol", "inkveil"]},
        NO_BONUS,
        active=1,
    )
    acts = decision(s).actions
    assert "attach:yssel:brakka" in acts and "play:yssel:up" not in acts
    events = play(s, "attach:yssel:brakka")
    assert of_kind(events, "attach", player=1, card="yssel", granito="brakka")
    pl = s.players[1]
    assert pl.attached == (("yssel", "brakka"),) and "yssel" in pl.inhibited
    assert GAME.observe(s, 0)["players"][1]["field"][1]["supports"] == "brakka"
    # player 1's turn ended (Granito and supports do not attack); Kharvok cannot aim at Yssel
    assert decision(s).player == 0
    play(s, decision(s).actions[0])
    assert "attack:kharvok:yssel" not in decision(s).actions
    events = play(s, "attack:kharvok:brakka")  # 76 + 2 against 77 + 68: the shield holds
    (battle,) = of_kind(events, "battle")
    assert battle["def_tot"] == GAME.tot(s, 1, "brakka") + GAME.tot(s, 1, "yssel")
    assert battle["rule"] == "none" and "brakka" in s.players[1].field


def test_sogno_lucido_a_falling_granito_takes_its_supports() -> None:
    s = position(
        "sogno_lucido",
        {"field": [{"id": "kharvok", "mods": {"atk": 30}}], "hand": ["ozok"]},
        {
            "field": ["brakka", {"id": "yssel", "supports": "brakka"}],
            "hand": [],
            "deck": ["amber_idol", "inkveil"],
        },
        NO_BONUS,
        phase="battle",
    )
    assert s.players[1].attached == (("yssel", "brakka"),)
    events = play(s, "attack:kharvok:brakka")  # ATK 55 is more than double DEF 25
    assert of_kind(events, "destroyed", player=1, card="brakka")
    assert of_kind(events, "destroyed", player=1, card="yssel", cause="support")
    assert s.players[1].field == [] and s.players[1].attached == ()


def test_sogno_lucido_a_granito_destroyed_by_the_rift_takes_its_supports() -> None:
    # not only in battle: Fessura destroys the Granito, its support goes with it
    s = position(
        "sogno_lucido+fessura",
        {"field": ["brakka", {"id": "yssel", "supports": "brakka"}, "kharvok"], "hand": []},
        {"field": ["thofa"], "hand": []},
        [{"draw": "madu", "label": "dimensional deck"}],
        rift=["yolk_engine", "madu"],
        phase="battle",
    )
    events = play(s, "fessura:brakka")
    assert of_kind(events, "destroyed", player=0, card="brakka", cause="fessura")
    assert of_kind(events, "destroyed", player=0, card="yssel", cause="support")
    assert of_kind(events, "fessura_card", player=0, card="madu")
    assert s.players[0].field == ["kharvok", "madu"] and s.players[0].attached == ()


def test_sogno_lucido_manpo_as_a_second_card_with_one_card_on_the_field() -> None:
    s = position(
        "sogno_lucido",
        {"field": [], "hand": ["ozok", "glyph_crawler"], "deck": ["sulfur_sage"]},
        {"field": ["thofa"], "hand": []},
    )
    play(s, "play:ozok:up")
    acts = decision(s).actions
    assert "manpo:glyph_crawler" in acts
    events = play(s, "manpo:glyph_crawler")
    assert of_kind(events, "manpo_play", player=0, card="glyph_crawler")
    pl = s.players[0]
    assert pl.field == ["ozok", "glyph_crawler"] and "glyph_crawler" in pl.inhibited
    assert not [a for a in decision(s).actions if a.startswith("manpo")]  # only one


def test_sogno_lucido_illusio_ignores_the_defenders_dex() -> None:
    # Violet Needle (Illusio, TOT 68, +2 against Manpo) on Ochre Monk (Manpo, TOT 68 + 2
    # for the Controllo zone): 70 against 70 holds in standard; without its DEX 9 it falls
    for mode, rule in (("standard", "none"), ("sogno_lucido", "tot")):
        s = position(
            mode,
            {"field": ["violet_needle"], "hand": ["ozok"]},
            {"field": ["ochre_monk", "thofa"], "hand": []},
            NO_BONUS,
            phase="battle",
        )
        events = play(s, "attack:violet_needle:ochre_monk")
        assert of_kind(events, "battle")[0]["rule"] == rule


def test_sogno_lucido_a_gift_giving_an_extra_attack_does_not_let_a_granito_attack() -> None:
    # Brakka (Granito, empty) fused with Scarlet Howler, whose gift on play gives the
    # card one more attack: the Chimera counts as Granito, and the gift is ignored
    s = position(
        "sogno_lucido+chimera",
        {"field": ["kharvok"], "hand": ["brakka", "scarlet_howler"], "chimera_declared": True},
        {"field": ["thofa", "zhee"], "hand": []},
        round=3,
    )
    events = play(s, "chimera:brakka:scarlet_howler")
    assert of_kind(events, "extra", player=0, attacks=1)
    assert s.attacks == 3 and "brakka+scarlet_howler" not in s.attacked
    assert {a.split(":")[1] for a in attacks(s)} == {"kharvok"}


def test_sogno_lucido_a_redirect_never_aims_at_a_support() -> None:
    # Kharvok's attack on Brakka (72 + 2 for the zone, with Yssel's 68 in the shield)
    # fails; the Sviluppo Tech action lets Kharvok stop it and pick another card: Ochre
    # Monk, never the support Yssel
    s = position(
        "sogno_lucido",
        {"field": ["kharvok"], "hand": ["ozok"], "zone_used": False},
        {
            "field": ["brakka", {"id": "yssel", "supports": "brakka"}, "ochre_monk"],
            "hand": [],
            "deck": ["amber_idol"],
        },
        NO_BONUS,
        zone="sviluppo_tech",
        phase="battle",
    )
    play(s, "attack:kharvok:brakka")
    assert decision(s).kind == "battle_zone"
    play(s, "zone:sviluppo_tech")
    d = decision(s)
    assert d.kind == "redirect" and d.actions == ("pass", "redirect:ochre_monk")


def test_sogno_lucido_a_granito_saved_keeps_its_supports() -> None:
    s = position(
        "sogno_lucido",
        {"field": [{"id": "kharvok", "mods": {"atk": 30}}], "hand": ["ozok"]},
        {
            "field": ["brakka", {"id": "yssel", "supports": "brakka"}],
            "hand": [],
            "deck": ["amber_idol"],
            "zone_used": False,
        },
        NO_BONUS,
        zone="medica",
        phase="battle",
    )
    play(s, "attack:kharvok:brakka")  # ATK 55 is more than double DEF 25
    assert decision(s).kind == "save_zone"
    events = play(s, "zone:medica")
    assert of_kind(events, "saved", player=1, card="brakka") and not of_kind(events, "destroyed")
    pl = s.players[1]
    assert pl.field == ["brakka", "yssel"] and pl.attached == (("yssel", "brakka"),)


def test_sogno_lucido_at_most_2_supports_per_granito() -> None:
    s = position(
        "sogno_lucido",
        {"field": ["kharvok"], "hand": ["ozok"]},
        {
            "field": [
                "brakka",
                {"id": "yssel", "supports": "brakka"},
                {"id": "sap_mother", "supports": "brakka"},
            ],
            "hand": ["greenhalo", "ochre_monk"],
            "deck": ["amber_idol"],
        },
        active=1,
    )
    acts = decision(s).actions
    assert not [a for a in acts if "greenhalo" in a]  # no free Granito: no play at all
    assert "play:ochre_monk:up" in acts


def test_sogno_lucido_no_second_manpo_card_with_two_cards_on_the_field() -> None:
    for field, offered in (([], True), (["kharvok"], False)):
        s = position(
            "sogno_lucido",
            {"field": field, "hand": ["ozok", "glyph_crawler"], "deck": ["sulfur_sage"]},
            {"field": ["thofa"], "hand": []},
        )
        play(s, "play:ozok:up")  # the field: Ozok alone, or Kharvok and Ozok
        assert decision(s).player == 0
        assert ("manpo:glyph_crawler" in decision(s).actions) == offered


# ----------------------------------------------------------------- Zona di Conquista --
def zona(p0: dict[str, Any], p1: dict[str, Any], *script: dict[str, Any], **where: Any) -> Any:
    return position("zona_conquista", p0, p1, list(script), **where)


def test_zona_conquista_cards_are_played_into_a_chosen_zone() -> None:
    s = zona({"field": [], "hand": ["ozok"]}, {"field": ["thofa"], "hand": []})
    acts = decision(s).actions
    assert {f"play:ozok:up:{z}" for z in ("militare", "medica", "controllo")} <= set(acts)
    assert "play:ozok:up" not in acts
    play(s, "play:ozok:down:medica")
    assert GAME.zone_of(s, 0, "ozok") == 2 and s.players[0].zones == {"ozok": 2}
    assert GAME.zone_of(s, 1, "thofa") == 3  # no play: the zone of its estro (Civile)
    assert GAME.observe(s, 1)["players"][1]["field"][0]["zone"] == "civile"
    assert GAME.observe(s, 1)["zone"] == "all"


def test_zona_conquista_a_face_down_cards_zone_is_seen_but_not_the_card() -> None:
    s = zona({"field": [], "hand": ["ozok"]}, {"field": ["thofa"], "hand": []})
    play(s, "play:ozok:down:medica")
    seen = GAME.observe(s, 1)["players"][0]["field"][0]
    assert seen == {"face_down": True, "slot": 0, "zone": "medica"}
    board = GAME.view(s, 1, "en")  # (under its zone's heading)
    assert "[magenta]Medica[/]: 1 point · #1 [italic](face down)[/]" in board
    assert "Ozok" not in board
    whole = GAME.details(s, 1, "en")
    assert whole is not None
    assert "[magenta]Medica[/]: 1 point · #1 [italic](face down)[/]" in whole
    assert "Ozok" not in whole


def test_zona_conquista_attacks_stay_inside_a_zone() -> None:
    s = zona(
        {"field": [{"id": "kharvok", "zone": "civile"}, "vurrax"], "hand": ["ozok"]},
        {"field": ["thofa", {"id": "brakka", "zone": "militare"}], "hand": []},
        phase="battle",
    )
    assert set(attacks(s)) == {"attack:kharvok:thofa", "attack:vurrax:brakka"}


def test_zona_conquista_zone_bonus_for_its_estro_in_it() -> None:
    s = zona(
        {"field": ["kharvok", {"id": "vurrax", "zone": "medica"}], "hand": ["ozok"]},
        {"field": ["thofa"], "hand": []},
    )
    assert GAME.stats(s, 0, "kharvok")[0] == GAME.info["kharvok"].stats[0] + 2  # Militare
    assert GAME.stats(s, 0, "vurrax")[0] == GAME.info["vurrax"].stats[0]


def test_zona_conquista_three_points_in_three_zones_wins_at_the_end_of_a_round() -> None:
    field = [
        *({"id": c, "zone": "militare"} for c in ("kharvok", "vurrax", "skorvun")),
        *({"id": c, "zone": "medica"} for c in ("brakka", "yssel", "zhee")),
        *({"id": c, "zone": "civile"} for c in ("thofa", "violet_needle")),
    ]
    p0 = {"field": field, "hand": ["madu"], "deck": ["amber_idol"]}
    p1 = {"field": [], "hand": ["ozok"], "deck": ["inkveil"]}
    # round 3, the first player's turn: a play into Civile makes the third zone, but only
    # the end of the round counts; the second player attacks nothing, so all nine stand
    s = zona(p0, p1, round=3, active=0)
    events = play(s, "play:madu:down:civile")
    assert not of_kind(events, "end") and s.result is None
    while s.result is None and s.turn == 6:
        acts = decision(s).actions
        play(s, "end" if "end" in acts else acts[0])
    assert s.result == (1.0, 0.0) and s.reason == "conquest"


def test_zona_conquista_has_no_round_5_rule() -> None:
    # player 2 cannot attack: their turn 12, the end of round 6, ends as the position is
    # set up, with their field empty; standard ends the game there, Zona goes on
    for mode, over in (("standard", True), ("zona_conquista", False)):
        s = position(
            mode,
            {"field": ["ozok"], "hand": ["thofa"], "deck": ["amber_idol"]},
            {"field": [], "hand": ["zhee"], "deck": ["inkveil"]},
            round=6,
            active=1,
            phase="battle",
        )
        assert (s.reason == "empty_field") is over
        assert (s.result is None) is not over and s.turn == 12 + (not over)


def test_zona_conquista_has_no_round_19_rule() -> None:
    # the end of round 19 (player 2's face-down card cannot attack), player 1 ahead in
    # cards and TOT: standard ends the game, Zona goes on
    for mode, over in (("standard", True), ("zona_conquista", False)):
        s = position(
            mode,
            {"field": ["ozok", "kharvok"], "hand": ["thofa"], "deck": ["amber_idol"]},
            {"field": [{"id": "brakka", "face_down": True}], "hand": [], "deck": ["inkveil"]},
            round=19,
            active=1,
            phase="battle",
        )
        assert (s.reason == "last_round") is over
        assert (s.result is None) is not over and s.turn == 38 + (not over)


def test_zona_conquista_no_hand_and_no_deck_loses() -> None:
    # player 1's Ozok (Militare) has no foe in its zone: the turn ends, and player 2 must
    # draw with no card in hand or deck
    s = zona(
        {"field": ["ozok"], "hand": ["thofa"], "deck": ["amber_idol"]},
        {"field": ["brakka"], "hand": [], "deck": []},
        phase="battle",
    )
    assert s.result == (1.0, 0.0) and s.reason == "no_cards"


def test_zona_conquista_zone_actions_once_per_zone_only_there() -> None:
    # Medica saves a card in the Medica zone only, once per game per player
    s = zona(
        {"field": ["kharvok", {"id": "vurrax", "zone": "medica"}], "hand": ["ozok"]},
        {
            "field": [
                {"id": "brakka", "face_down": True, "zone": "medica"},
                {"id": "thofa", "face_down": True, "zone": "militare"},
                "zhee",
            ],
            "hand": [],
            "zone_used": False,
        },
        phase="battle",
    )
    assert set(attacks(s)) == {"attack:vurrax:#0", "attack:kharvok:#1"}
    play(s, "attack:vurrax:#0")
    d = decision(s)
    assert d.kind == "save_zone" and d.actions == ("zone:medica", "pass")
    events = play(s, "zone:medica")
    assert of_kind(events, "saved", player=1, card="brakka", by="zone")
    assert s.players[1].zused == 1 << 2 and not s.players[1].zone_used
    if decision(s).kind == "redirect":
        play(s, "pass")
    events = play(s, "attack:kharvok:#1")  # Militare: no Medica there
    assert of_kind(events, "destroyed", player=1, card="thofa")


def test_zona_conquista_a_zone_refresh_gift_frees_the_zone_its_card_is_in() -> None:
    # Loop Keeper (Manpo) played into Controllo refreshes that zone's action, used
    # already; the Militare action, used too, stays used
    s = zona(
        {
            "field": [{"id": "ozok", "zone": "controllo"}],
            "hand": ["loop_keeper"],
            "zone_used": False,
        },
        {"field": ["zhee"], "hand": []},
    )
    s.players[0].zused = 1 << 0 | 1 << 4  # (positions do not set it)
    s._dec = None
    assert not [a for a in decision(s).actions if a.startswith("zone:")]
    events = play(s, "play:loop_keeper:up:controllo")
    assert of_kind(events, "zone_refresh", player=0)
    assert s.players[0].zused == 1 << 0
    assert "zone:controllo:ozok" in decision(s).actions


def test_zona_conquista_militare_and_controllo_act_only_on_cards_in_their_zone() -> None:
    s = zona(
        {
            "field": [
                {"id": "kharvok", "zone": "militare"},
                {"id": "vurrax", "zone": "civile"},
                {"id": "thofa", "zone": "controllo"},
                {"id": "zhee", "zone": "civile"},
            ],
            "hand": ["ozok", "brakka"],
            "zone_used": False,
        },
        {"field": ["ochre_monk"], "hand": []},
        phase="battle",
    )
    zone_acts = [a for a in decision(s).actions if a.startswith("zone:")]
    assert zone_acts == ["zone:militare:ozok:kharvok", "zone:controllo:thofa"]


def test_zona_conquista_a_redirect_stays_inside_the_zone() -> None:
    # Kharvok's attack on Brakka in Sviluppo Tech fails (72 + 2 for the zone and a 1);
    # the zone's action lets it pick another card there, never one in another zone
    s = zona(
        {
            "field": [{"id": "kharvok", "zone": "sviluppo_tech"}],
            "hand": ["ozok"],
            "zone_used": False,
        },
        {
            "field": [
                "brakka",
                {"id": "ochre_monk", "zone": "sviluppo_tech"},
                {"id": "zhee", "zone": "militare"},
            ],
            "hand": [],
        },
        {"roll": 1, "label": "attacker"},
        {"roll": 1, "label": "defender"},
        phase="battle",
    )
    assert set(attacks(s)) == {"attack:kharvok:brakka", "attack:kharvok:ochre_monk"}
    play(s, "attack:kharvok:brakka")
    assert decision(s).actions == ("zone:sviluppo_tech", "pass")
    play(s, "zone:sviluppo_tech")
    d = decision(s)
    assert d.kind == "redirect" and d.actions == ("pass", "redirect:ochre_monk")
    assert s.players[0].zused == 1 << 1


def test_zona_conquista_a_rift_card_takes_the_zone_of_the_card_it_replaces() -> None:
    s = position(
        "zona_conquista+fessura",
        {"field": [{"id": "kharvok", "zone": "medica"}], "hand": ["ozok"], "zone_used": False},
        {"field": ["brakka"], "hand": []},
        [{"draw": "thofa", "label": "dimensional deck"}],
        rift=["yolk_engine", "thofa"],
        phase="battle",
    )
    events = play(s, "fessura:kharvok")
    if decision(s).kind == "save_zone":  # the Medica zone may save it: not this time
        events += play(s, "pass")
    assert of_kind(events, "fessura_card", player=0, card="thofa")
    assert GAME.zone_of(s, 0, "thofa") == 2  # Medica, not Civile (its estro's)


def test_zona_conquista_an_ambusher_takes_the_zone_of_the_fallen_card() -> None:
    s = position(
        "zona_conquista+imboscata",
        {"field": [{"id": "kharvok", "zone": "militare"}], "hand": ["ozok"]},
        {
            "field": [{"id": "brakka", "face_down": True, "zone": "militare"}, "thofa"],
            "hand": ["zhee"],
        },
        phase="battle",
    )
    play(s, "attack:kharvok:#0", "ambush:zhee")
    assert s.players[1].field == ["thofa", "zhee"]
    assert GAME.zone_of(s, 1, "zhee") == 0  # Militare, where Brakka fell
    assert GAME.points(s, 1) == [1, 0, 0, 1, 0]


def test_zona_conquista_a_gift_reaches_only_its_zone() -> None:
    card = next(
        c
        for c in GAME.ids
        if (g := GAME.info[c].gift) is not None
        and GAME.info[c].trigger == "play"
        and g.target is not None
        and g.target.side == "opp"
        and not g.if_
        and g.chance is None
        and not g.optional
        and g.target.estro is None
        and g.target.max_tot is None
        and (g.target.min_tot or 0) <= 70
    )
    for zone, hit in (("civile", True), ("medica", False)):
        s = zona(
            {"field": [], "hand": [card]},
            {"field": ["thofa", "brakka"], "hand": []},
        )
        events = play(s, f"play:{card}:up:{zone}")
        assert bool(of_kind(events, "gift_fizzles")) is not hit
        if hit:
            assert decision(s).kind != "gift_target" or decision(s).actions == ("target:1:thofa",)


def test_fessura_options_fit_80_columns_under_their_heading() -> None:
    """'Open the rift: destroy … and take the top card of the dimensional deck: 2 Slab
    Sentinel ·' took 89 columns (tavolo play, seed 2): a heading of 73 left no room for
    an option on its line. The words are shorter now: a heading, a two-digit number and
    the longest card name fit 80 columns, in both languages."""
    from tavolo.engine.i18n import shown

    s = position(
        "standard+fessura",
        {"field": ["kharvok", "gearmind_colossus"], "hand": ["ozok"]},
        {"field": ["brakka", "zhee"], "hand": []},
        rift=["yolk_engine", "madu"],
    )
    play(s, "play:ozok:up")
    d = decision(s)
    for lang in ("en", "it"):
        groups = GAME.describe_options(s, d.actions, lang)
        assert groups is not None
        head = next(h for h, items in groups if h and "fessura" in d.actions[items[0][0]])
        assert shown(f"{head}: 12 Gearmind Colossus ·") <= 80, head


def test_zona_conquista_a_crowded_screen_folds_your_face_down_cards_onto_their_zone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Zona's board groups a side's cards under its zones' headings. Where the screen
    has no room (seeds 3-6 at tavolo play ran to 41-44 rows), one's own face-down cards
    go on their zone's heading, named ('Controllo: 1 point · #2 Zhee (face down)'); the
    whole board ('cards') keeps a line each."""
    from tavolo.games.estro import view

    s = zona(
        {
            "field": [
                {"id": "kharvok", "zone": "militare"},
                {"id": "zhee", "zone": "controllo", "face_down": True},
            ],
            "hand": ["ozok"],
        },
        {"field": ["thofa"], "hand": []},
    )
    monkeypatch.setattr(view, "ROWS", 12)  # (a screen with no room to spare)
    for lang, said in (
        ("en", "1 point · #2 Zhee (face down)"),
        ("it", "1 punto · #2 Zhee (coperta)"),
    ):
        lines = GAME.view(s, 0, lang).split("\n")
        head = next(x for x in lines if "[magenta]Controllo[/]" in x)
        assert head.endswith(said), lines
        assert not any(x.startswith("  #2 ") for x in lines)
        whole = GAME.details(s, 0, lang)
        assert whole is not None and any(x.startswith("  #2 ") for x in whole.split("\n"))


def test_zona_conquista_a_hand_of_three_lists_a_card_to_play_on_one_line() -> None:
    """Zona's options listed a card face up and face down into the zones on a line each
    (7 cards, 14 rows: seeds 3 and 6 at tavolo play ran to 41-44 rows). With three cards
    or more a card's plays share one group, the face in each option's words ('Ozok into:
    1 Mil face up · ... · 10 Ctrl face down'), so that the next card's row, its words
    those above, is cut to one line; with two cards a face keeps its group."""
    from tavolo.games.estro import view

    hand = ["ozok", "kharvok", "zhee"]
    s = zona({"field": [], "hand": hand}, {"field": ["thofa"], "hand": []})
    acts = decision(s).actions
    for lang, into, up, down in (
        ("en", "Ozok into", "face up", "face down"),
        ("it", "Ozok in", "scoperta", "coperta"),
    ):
        groups = GAME.describe_options(s, acts, lang)
        assert groups is not None
        heads = [head for head, _ in groups]
        assert into in heads and len([h for h in heads if h]) == len(hand), heads
        items = dict(groups)[into]
        words = [w for _, w in items]
        assert words[0].endswith(up) and words[-1].endswith(down), words
        assert len(set(words)) == len(words)  # (a number names one play)
        for i, w in items:
            assert acts[i].startswith("play:ozok:")
            face = acts[i].split(":")[2]
            assert w.endswith(up if face == "up" else down)
        rows = view.options_rows(GAME, s, acts, lang)
        assert rows <= 3 + len(hand) - 1 + 2, rows  # (the first card's list, a row a card)
    two = zona({"field": [], "hand": hand[:2]}, {"field": ["thofa"], "hand": []})
    groups = GAME.describe_options(two, decision(two).actions, "en")
    assert groups is not None and "Ozok face up into" in dict(groups)
