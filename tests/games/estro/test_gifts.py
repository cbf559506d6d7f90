"""Estro's gift language (schema.py) as the rules interpret it (gifts.py), with real cards.

One group per trigger, effect verb, chance kind and condition: each test plays the card from
cards.yaml that has it, with scripted coins, dice and percent chances, and checks the effect
on the state (stats, zones, shields, plays and attacks left, spent gifts, decisions).
"""

from __future__ import annotations

from typing import Any, get_args

import pytest

from tavolo.engine import registry
from tavolo.games.estro import schema
from tavolo.games.estro.game import EstroGame
from tavolo.games.estro.schema import STATS
from tavolo.games.estro.state import EstroState

from .support import decision, of_kind, play, position

GAME: EstroGame = registry.get("estro")  # type: ignore[assignment]
CONFIG = GAME.make_config()
FILLER = ("glyph_crawler", "sulfur_sage", "ochre_monk", "amber_idol", "yolk_engine")
MANPO = 4


# ------------------------------------------------------------------------------ helpers --
def gifts(events: list[dict[str, Any]], card: str) -> list[dict[str, Any]]:
    return of_kind(events, "gift", card=card)


def rolls(*faces: int) -> list[dict[str, Any]]:
    labels = ("attacker", "defender")
    return [{"roll": f, "label": labels[i % 2]} for i, f in enumerate(faces)]


def coin(call: str) -> dict[str, Any]:
    return {"coin": call, "label": "coin call"}


def chance(ok: bool) -> dict[str, Any]:
    return {"chance": ok, "label": "gift chance"}


def die(face: int) -> dict[str, Any]:
    return {"roll": face, "label": "gift die"}


def plus(card: str, **delta: int) -> list[int]:
    v = list(GAME.info[card].stats)
    for k, x in delta.items():
        v[STATS.index(k)] += x
    return v


def battle(events: list[dict[str, Any]]) -> dict[str, Any]:
    (b,) = of_kind(events, "battle")
    return b


def unused(s: EstroState) -> list[dict[str, Any]]:
    return s.rng.script  # type: ignore[attr-defined,no-any-return]


# ====================================================================== triggers ==
# ---- play -------------------------------------------------------------------------
@pytest.mark.parametrize(("call", "dex"), [("heads", 10), ("tails", 0)])
def test_play_trigger_madu_coin_call(call: str, dex: int) -> None:
    s = position({"hand": ["madu"]}, {"field": ["ossu"]}, [coin(call)], zone="medica")
    events = play(s, "play:madu:up")
    assert of_kind(events, "gift", player=0, card="madu", trigger="play")
    assert of_kind(events, "chance", card="madu", method="coin", success=call == "heads")
    assert GAME.stats(s, 0, "madu") == plus("madu", dex=dex)
    assert "madu" in s.players[0].spent  # spent even when the call is lost
    assert not unused(s)


def test_play_trigger_not_when_played_face_down() -> None:
    s = position({"hand": ["madu"]}, {"field": ["ossu"]}, [coin("heads")], zone="medica")
    events = play(s, "play:madu:down")
    assert not gifts(events, "madu") and "madu" not in s.players[0].spent
    assert len(unused(s)) == 1


# ---- attack / passive every time, until battle -------------------------------------
def test_attack_trigger_passive_every_time_battle_only() -> None:
    # Cinder Maw: passive, when it attacks: +4 ATK for the battle
    s = position({"field": ["cinder_maw"]}, {"field": ["ossu"]}, rolls(1, 2, 1, 2), phase="battle")
    events = play(s, "attack:cinder_maw:ossu")
    assert gifts(events, "cinder_maw") and battle(events)["att_primary"] == 22 + 4
    assert GAME.stats(s, 0, "cinder_maw") == plus("cinder_maw")
    assert "cinder_maw" not in s.players[0].spent
    play(s, "play:yolk_engine:down", "end", "play:yolk_engine:down")
    events = play(s, "attack:cinder_maw:ossu")
    assert gifts(events, "cinder_maw") and battle(events)["att_primary"] == 22 + 4


# ---- defend ------------------------------------------------------------------------
def test_defend_trigger_bastion_shell() -> None:
    s = position({"field": ["vurrax"]}, {"field": ["bastion_shell"]}, rolls(1, 2), phase="battle")
    events = play(s, "attack:vurrax:bastion_shell")
    assert of_kind(events, "gift", player=1, card="bastion_shell", trigger="defend")
    assert battle(events)["def_primary"] == 24 + 5
    assert GAME.stats(s, 1, "bastion_shell") == plus("bastion_shell")


def test_defend_trigger_not_for_a_face_down_card() -> None:
    s = position(
        {"field": ["vurrax"]},
        {"field": [{"id": "bastion_shell", "face_down": True}]},
        phase="battle",
    )
    events = play(s, "attack:vurrax:#0")
    assert not gifts(events, "bastion_shell")
    assert of_kind(events, "destroyed", player=1, card="bastion_shell")


# ---- destroyed ---------------------------------------------------------------------
def test_destroyed_trigger_second_dawn_draws_two() -> None:
    s = position(
        {"field": ["kharvok"]}, {"field": ["second_dawn"], "hand": []}, rolls(1, 1), phase="battle"
    )
    events = play(s, "attack:kharvok:second_dawn")
    assert of_kind(events, "gift", player=1, card="second_dawn", trigger="destroyed")
    before_turn = events[: events.index(of_kind(events, "turn")[0])]
    assert len(of_kind(before_turn, "draw", player=1)) == 2
    assert of_kind(before_turn, "destroyed", player=1, card="second_dawn")
    assert s.players[1].hand[:2] == ["yolk_engine", "amber_idol"]


# ---- opp_play ----------------------------------------------------------------------
def test_opp_play_trigger_red_vigil_every_face_up_play() -> None:
    s = position(
        {"hand": ["kindred_spore", "thofa", "ozok", "yssel"]},
        {"field": ["red_vigil"]},
    )
    play(s, "play:kindred_spore:up")  # +2, and one extra play
    assert GAME.stats(s, 1, "red_vigil") == plus("red_vigil", atk=2)
    events = play(s, "play:thofa:up")
    assert of_kind(events, "gift", player=1, card="red_vigil", trigger="opp_play")
    assert GAME.stats(s, 1, "red_vigil") == plus("red_vigil", atk=4)


def test_opp_play_trigger_not_for_a_face_down_play_but_for_a_reveal() -> None:
    s = position(
        {"hand": ["ozok"], "field": [{"id": "thofa", "face_down": True}]},
        {"field": ["red_vigil"], "hand": ["zhee"]},
    )
    events = play(s, "play:ozok:down")
    assert not gifts(events, "red_vigil")
    assert GAME.stats(s, 1, "red_vigil") == plus("red_vigil")
    play(s, "play:zhee:down", "end")
    events = play(s, "reveal:thofa")
    assert gifts(events, "red_vigil")
    assert GAME.stats(s, 1, "red_vigil") == plus("red_vigil", atk=2)


@pytest.mark.parametrize("ok", [True, False])
def test_opp_play_trigger_soothing_tide_percent(ok: bool) -> None:
    s = position({"hand": ["ozok"]}, {"field": ["soothing_tide"], "hand": []}, [chance(ok)])
    events = play(s, "play:ozok:up")
    assert of_kind(events, "chance", card="soothing_tide", method="percent", percent=25, success=ok)
    assert len(s.players[1].hand) == (1 if ok else 0)


@pytest.mark.parametrize(("rnd", "fires"), [(4, True), (5, False)])
def test_opp_play_trigger_gilt_mirage_draw_and_discard(rnd: int, fires: bool) -> None:
    # Gilt Mirage: once, when the opponent plays, round <= 4: draw 1, the opponent discards 1
    s = position(
        {"hand": ["ozok", "thofa"]},
        {"field": ["gilt_mirage"], "hand": []},
        [{"draw": "thofa", "label": "random discard"}],
        round=rnd,
    )
    events = play(s, "play:ozok:up")
    if fires:
        assert of_kind(events, "draw", player=1)
        assert of_kind(events, "discard", player=0, card="thofa")
        assert s.players[0].inc == ["thofa"] and len(s.players[1].hand) == 1
        assert "gilt_mirage" in s.players[1].spent
    else:
        assert not gifts(events, "gilt_mirage")
        assert s.players[0].hand == ["thofa"] and s.players[1].hand == []


# ---- opp_gift: counter -------------------------------------------------------------
def test_a_gift_with_nothing_to_aim_at_fizzles_before_any_counter() -> None:
    # Dusk Lure needs an opposing card with TOT 70 or more; Null Bulwark (58) is no target,
    # so the gift never starts and Null Bulwark keeps its counter
    s = position({"hand": ["dusk_lure"]}, {"field": ["null_bulwark"]})
    events = play(s, "play:dusk_lure:up")
    assert of_kind(events, "gift_fizzles", player=0, card="dusk_lure")
    assert not of_kind(events, "countered")
    assert "null_bulwark" not in s.players[1].spent


def test_opp_gift_counter_is_once() -> None:
    # Null Bulwark cancels Madu; later Hush Phantom's gift is not countered
    s = position(
        {"hand": ["madu", "hush_phantom"]},
        {"field": ["null_bulwark"], "hand": ["ozok", "thofa"]},
        [coin("heads"), {"draw": "thofa", "label": "random discard"}],
    )
    events = play(s, "play:madu:up")
    assert of_kind(events, "countered", player=0, card="madu")
    assert GAME.stats(s, 0, "madu") == plus("madu", dex=2)
    play(s, "end", "play:ozok:down", "end", "play:hush_phantom:up")
    assert "thofa" in s.players[1].inc  # Hush Phantom's discard went through


def test_opp_gift_counter_cancels_a_passive_gift_without_spending_it() -> None:
    s = position(
        {"field": ["cinder_maw"]}, {"field": ["null_bulwark"]}, rolls(1, 1), phase="battle"
    )
    events = play(s, "attack:cinder_maw:null_bulwark")
    assert of_kind(events, "countered", player=0, card="cinder_maw")
    assert battle(events)["att_primary"] == 22
    assert "cinder_maw" not in s.players[0].spent and "null_bulwark" in s.players[1].spent


@pytest.mark.parametrize(("call", "countered"), [("heads", True), ("tails", False)])
def test_opp_gift_counter_with_a_coin_shade_broker(call: str, countered: bool) -> None:
    s = position(
        {"hand": ["madu"]}, {"field": ["shade_broker"]}, [coin(call), coin("heads")], zone="medica"
    )
    events = play(s, "play:madu:up")
    assert of_kind(events, "chance", card="shade_broker", method="coin", success=countered)
    assert bool(of_kind(events, "countered", card="madu")) == countered
    assert GAME.stats(s, 0, "madu") == plus("madu", dex=0 if countered else 10)
    assert "shade_broker" in s.players[1].spent


def test_opp_gift_counter_answers_an_optional_gift_once_its_owner_uses_it() -> None:
    s = position({"hand": ["nyxara"]}, {"field": ["null_bulwark"]}, [chance(True)])
    events = play(s, "play:nyxara:up")
    assert not of_kind(events, "countered") and decision(s).kind == "gift_optional"
    events = play(s, "gift:use")
    assert of_kind(events, "gift", player=1, card="null_bulwark", trigger="opp_gift")
    assert of_kind(events, "countered", player=0, card="nyxara")
    assert GAME.stats(s, 0, "nyxara") == plus("nyxara", dex=2)
    assert unused(s) == [chance(True)]  # the chance was never rolled


# ---- turn_start --------------------------------------------------------------------
@pytest.mark.parametrize(("hand", "drawn"), [(["ozok"], 2), (["ozok", "vurrax"], 1)])
def test_turn_start_trigger_lullaby_wisp(hand: list[str], drawn: int) -> None:
    # Lullaby Wisp: passive, at its owner's turn start, with <= 2 cards in hand: draw 1
    s = position(
        {"field": ["lullaby_wisp"], "hand": hand}, {"field": ["ossu"]}, active=1, phase="battle"
    )
    events = play(s, "end")
    assert len(of_kind(events, "draw", player=0)) == drawn
    assert bool(gifts(events, "lullaby_wisp")) == (drawn == 2)
    assert len(s.players[0].hand) == len(hand) + drawn


@pytest.mark.parametrize(
    ("field", "fires"), [(["lonely_clock"], True), (["lonely_clock", "thofa"], False)]
)
def test_turn_start_trigger_lonely_clock_extra_play(field: list[str], fires: bool) -> None:
    s = position(
        {"field": field, "hand": ["ozok", "vurrax"]}, {"field": ["ossu"]}, active=1, phase="battle"
    )
    events = play(s, "end")
    assert bool(gifts(events, "lonely_clock")) == fires
    assert s.plays == (2 if fires else 1)
    assert "pass" not in decision(s).actions
    play(s, "play:ozok:down")
    d = decision(s)
    if fires:
        assert d.kind == "play" and "pass" in d.actions
        play(s, "play:vurrax:down")
        assert s.players[0].field[-2:] == ["ozok", "vurrax"]
    else:
        assert d.kind == "attack"


# ---- turn_end, target own incl. itself, coin, primary x2 ---------------------------
@pytest.mark.parametrize(("rnd", "fires"), [(5, True), (4, False)])
def test_turn_end_trigger_tilt_seraph(rnd: int, fires: bool) -> None:
    s = position(
        {"field": ["tilt_seraph", "ozok"]},
        {"field": ["ossu", "brakka", "yssel"]},
        [coin("heads")],
        round=rnd,
        phase="battle",
    )
    events = play(s, "end")
    if not fires:
        assert not gifts(events, "tilt_seraph") and s.active == 1
        return
    d = decision(s)
    assert (d.player, d.kind) == (0, "gift_target")
    assert set(d.actions) == {"target:0:tilt_seraph", "target:0:ozok"}  # other: false
    events = play(s, "target:0:ozok")
    assert of_kind(events, "chance", card="tilt_seraph", success=True)
    assert GAME.stats(s, 0, "ozok") == plus("ozok", atk=16)  # ATK doubled
    assert s.active == 1 and "tilt_seraph" in s.players[0].spent


# ---- aura --------------------------------------------------------------------------
def test_aura_ember_legion_own_ardo_only_while_face_up_on_the_field() -> None:
    s = position(
        {"field": ["ember_legion", "ozok", "thofa"]},
        {"field": ["kharvok", "vurrax"]},
        rolls(1, 1, 1, 1),
        zone="medica",
        active=1,
        phase="battle",
    )
    assert GAME.stats(s, 0, "ozok") == plus("ozok", atk=3)
    assert GAME.stats(s, 0, "ember_legion") == plus("ember_legion", atk=3)  # itself too
    assert GAME.stats(s, 0, "thofa") == plus("thofa")  # not Ardo
    assert GAME.stats(s, 1, "kharvok") == plus("kharvok")  # not the opponent's
    # in battle: Kharvok (76) destroys Ember Legion (59 + 3)
    events = play(s, "attack:kharvok:ozok")
    assert battle(events)["def_primary"] == 16 + 3
    play(s, "pass")  # no Medica save for Ozok
    events = play(s, "attack:vurrax:ember_legion", "pass")
    assert of_kind(events, "destroyed", player=0, card="ember_legion")
    assert GAME.stats(s, 0, "thofa") == plus("thofa")


def test_aura_not_while_face_down() -> None:
    s = position(
        {"field": [{"id": "ember_legion", "face_down": True}, "ozok"]}, {"field": ["vurrax"]}
    )
    assert GAME.stats(s, 0, "ozok") == plus("ozok")


def test_aura_leaves_with_its_card() -> None:
    s = position(
        {"field": ["ember_legion", "ozok"]},
        {"field": ["kharvok"]},
        rolls(1, 1),
        active=1,
        phase="battle",
    )
    assert GAME.stats(s, 0, "ozok") == plus("ozok", atk=3)
    events = play(s, "attack:kharvok:ember_legion")
    assert of_kind(events, "destroyed", card="ember_legion")
    assert GAME.stats(s, 0, "ozok") == plus("ozok")


def test_aura_own_all_grace_lattice() -> None:
    s = position({"field": ["grace_lattice", "ozok", "yssel"]}, {"field": ["yssel"]})
    assert GAME.stats(s, 0, "ozok") == plus("ozok", hel=2)
    assert GAME.stats(s, 0, "yssel") == plus("yssel", hel=2)
    assert GAME.stats(s, 0, "grace_lattice") == plus("grace_lattice", hel=2)
    assert GAME.stats(s, 1, "yssel") == plus("yssel")


def test_aura_opp_all_static_gale() -> None:
    s = position({"field": ["static_gale", "thofa"]}, {"field": ["thofa", "ozok"]}, zone="medica")
    assert GAME.stats(s, 1, "thofa") == plus("thofa", dex=-3)
    assert GAME.stats(s, 1, "ozok") == plus("ozok")
    assert GAME.stats(s, 0, "thofa") == plus("thofa")


@pytest.mark.parametrize(
    ("opp", "bonus"), [(["ozok", "vurrax", "thofa"], 6), (["ozok", "thofa"], 0)]
)
def test_aura_with_a_condition_slab_sentinel(opp: list[str], bonus: int) -> None:
    s = position({"field": ["slab_sentinel"]}, {"field": opp}, zone="medica")
    assert GAME.stats(s, 0, "slab_sentinel") == plus("slab_sentinel", **{"def": bonus})


# ===================================================================== effect verbs ==
# ---- stat: mul, chance by TOT, optional ---------------------------------------------
@pytest.mark.parametrize("ok", [True, False])
def test_stat_mul_with_tot_chance_nyxara(ok: bool) -> None:
    s = position({"hand": ["nyxara"]}, {"field": ["ossu"]}, [chance(ok)], zone="medica")
    play(s, "play:nyxara:up")
    events = play(s, "gift:use")
    assert of_kind(events, "chance", card="nyxara", method="percent", percent=61, success=ok)
    assert GAME.stats(s, 0, "nyxara") == plus("nyxara", dex=17 if ok else 0)
    assert "nyxara" in s.players[0].spent


def test_optional_gift_skipped_is_not_applied_nor_spent() -> None:
    s = position({"hand": ["nyxara"]}, {"field": ["ossu"]}, [chance(True)], zone="medica")
    events = play(s, "play:nyxara:up", "gift:skip")
    assert of_kind(events, "gift_skipped", player=0, card="nyxara")
    assert not gifts(events, "nyxara")
    assert GAME.stats(s, 0, "nyxara") == plus("nyxara")
    assert unused(s) == [chance(True)]
    assert decision(s).kind == "attack"


def test_stat_mul_own_all_with_estro_pale_choir() -> None:
    s = position(
        {"hand": ["pale_choir"], "field": ["yssel", "ozok"]},
        {"field": ["yssel"]},
        [chance(True)],
        zone="militare",
    )
    events = play(s, "play:pale_choir:up", "gift:use")
    assert of_kind(events, "chance", card="pale_choir", percent=52)
    assert GAME.stats(s, 0, "yssel") == plus("yssel", hel=26)
    assert GAME.stats(s, 0, "pale_choir") == plus("pale_choir", hel=20)
    assert GAME.stats(s, 0, "ozok") == plus("ozok", atk=2)
    assert GAME.stats(s, 1, "yssel") == plus("yssel")


def test_stat_add_own_all_quarry_titan() -> None:
    s = position({"hand": ["quarry_titan"], "field": ["ossu", "ozok"]}, {"field": ["ossu"]})
    play(s, "play:quarry_titan:up")
    assert GAME.stats(s, 0, "ossu") == plus("ossu", **{"def": 2})
    assert GAME.stats(s, 0, "quarry_titan") == plus("quarry_titan", **{"def": 2})
    assert GAME.stats(s, 0, "ozok") == plus("ozok")
    assert GAME.stats(s, 1, "ossu") == plus("ossu")


# ---- stat on a target: choice decisions -----------------------------------------------
def test_target_choice_verdant_nurse() -> None:
    s = position(
        {"hand": ["verdant_nurse"], "field": ["ozok", "thofa"]}, {"field": ["ossu"]}, zone="medica"
    )
    play(s, "play:verdant_nurse:up")
    d = decision(s)
    assert (d.player, d.kind) == (0, "gift_target")
    assert set(d.actions) == {"target:0:ozok", "target:0:thofa"}  # never itself
    events = play(s, "target:0:thofa")
    assert of_kind(events, "changed", player=0, card="thofa")
    assert GAME.stats(s, 0, "thofa") == plus("thofa", dex=6)  # its primary stat
    assert GAME.stats(s, 0, "ozok") == plus("ozok")


def test_target_single_option_is_taken_without_asking() -> None:
    s = position({"hand": ["verdant_nurse"], "field": ["ozok"]}, {"field": ["ossu"]}, zone="medica")
    play(s, "play:verdant_nurse:up")
    assert decision(s).kind == "attack"
    assert GAME.stats(s, 0, "ozok") == plus("ozok", atk=6)


def test_target_filter_min_tot_dusk_lure() -> None:
    s = position(
        {"hand": ["dusk_lure"]},
        {"field": ["ozok", "madu", "kharvok", {"id": "skorvun", "face_down": True}]},
        zone="medica",
    )
    play(s, "play:dusk_lure:up")
    d = decision(s)
    assert set(d.actions) == {"target:1:ozok", "target:1:kharvok"}  # TOT >= 70, face up
    play(s, "target:1:kharvok")
    assert GAME.stats(s, 1, "kharvok") == plus("kharvok", atk=-8)


def test_target_filter_none_left_fizzles() -> None:
    # Ironroot Warden protects another own card: there is none
    s = position({"hand": ["ironroot_warden"]}, {"field": ["ossu"]})
    events = play(s, "play:ironroot_warden:up")
    assert of_kind(events, "gift_fizzles", player=0, card="ironroot_warden")
    assert s.players[0].shield == {}


# ---- swap ------------------------------------------------------------------------------
def test_swap_until_game_on_any_side_axis_jester() -> None:
    s = position({"hand": ["axis_jester"], "field": ["thofa"]}, {"field": ["ozok"]}, zone="medica")
    play(s, "play:axis_jester:up")
    assert decision(s).kind == "gift_optional"
    play(s, "gift:use")
    d = decision(s)
    assert set(d.actions) == {"target:0:thofa", "target:1:ozok"}
    play(s, "target:1:ozok")
    assert GAME.stats(s, 1, "ozok") == [19, 16, 13, 5, 19]


@pytest.mark.parametrize("use", [True, False])
def test_swap_foe_in_battle_optional_gearmind_colossus(use: bool) -> None:
    s = position(
        {"field": ["vurrax"]}, {"field": ["gearmind_colossus"]}, rolls(1, 2), phase="battle"
    )
    play(s, "attack:vurrax:gearmind_colossus")
    d = decision(s)
    assert (d.player, d.kind, d.params["card"]) == (1, "gift_optional", "gearmind_colossus")
    events = play(s, "gift:use" if use else "gift:skip")
    assert battle(events)["att_primary"] == (12 if use else 28)
    assert GAME.stats(s, 0, "vurrax") == plus("vurrax")
    assert ("gearmind_colossus" in s.players[1].spent) == use


def test_swap_primary_and_dex_once_mirror_eel() -> None:
    # Furnace Hound (ATK 26, DEX 14) attacks Mirror Eel (TOT 63 + 2): ATK and DEX swapped
    s = position(
        {"field": ["furnace_hound"]}, {"field": ["mirror_eel"]}, rolls(1, 4, 1, 4), phase="battle"
    )
    events = play(s, "attack:furnace_hound:mirror_eel")
    assert gifts(events, "mirror_eel")
    b = battle(events)
    assert b["att_primary"] == 14 and b["att_tot"] == 67 - 5 and b["rule"] == "none"
    assert GAME.stats(s, 0, "furnace_hound") == plus("furnace_hound")
    play(s, "play:yolk_engine:down", "end", "play:yolk_engine:down")
    events = play(s, "attack:furnace_hound:mirror_eel")
    assert not gifts(events, "mirror_eel")  # once: spent
    assert battle(events)["att_primary"] == 26


# ---- convert ---------------------------------------------------------------------------
@pytest.mark.parametrize("ok", [True, False])
def test_convert_with_percent_chance_prism_tyrant(ok: bool) -> None:
    s = position(
        {"hand": ["prism_tyrant"]},
        {"field": ["ozok", "kharvok", "thofa"]},
        [chance(ok)],
        zone="medica",
    )
    events = play(s, "play:prism_tyrant:up")  # the only Ardo with TOT <= 75: Ozok
    assert of_kind(events, "chance", card="prism_tyrant", method="percent", percent=50, success=ok)
    assert GAME.estro(s, 1, "ozok") == (MANPO if ok else 0)
    assert GAME.estro(s, 1, "kharvok") == 0


# ---- draw / discard --------------------------------------------------------------------
def test_discard_with_an_empty_hand_does_nothing() -> None:
    s = position({"hand": ["hush_phantom"]}, {"field": ["ossu"], "hand": []})
    events = play(s, "play:hush_phantom:up")
    assert gifts(events, "hush_phantom") and not of_kind(events, "discard")


# ---- destroy -----------------------------------------------------------------------------
@pytest.mark.parametrize("face", [5, 4])
def test_destroy_foe_with_a_die_once_rift_butcher(face: int) -> None:
    s = position(
        {"field": ["rift_butcher"]},
        {"field": ["kharvok"]},
        [die(face), *rolls(1, 1, 1, 1)],
        phase="battle",
    )
    events = play(s, "attack:rift_butcher:kharvok")
    assert of_kind(events, "chance", card="rift_butcher", method="die", face=face, need=5)
    assert "rift_butcher" in s.players[0].spent
    if face == 5:
        assert of_kind(events, "destroyed", player=1, card="kharvok", cause="gift")
        assert of_kind(events, "attack_void")
        assert not of_kind(events, "battle") and len(unused(s)) == 4
        return
    assert of_kind(events, "battle", rule="none") and s.players[1].field == ["kharvok"]
    play(s, "play:yolk_engine:down", "end", "play:yolk_engine:down")
    events = play(s, "attack:rift_butcher:kharvok")
    assert not gifts(events, "rift_butcher")  # a once-gift never comes back


def test_destroy_foe_passive_every_attack_veil_stalker() -> None:
    s = position(
        {"field": ["veil_stalker"]},
        {"field": ["ossu"]},
        [die(5), *rolls(1, 1), die(6)],
        zone="medica",
        phase="battle",
    )
    events = play(s, "attack:veil_stalker:ossu")
    assert of_kind(events, "chance", card="veil_stalker", face=5, success=False)
    play(s, "play:yolk_engine:down", "end", "play:yolk_engine:down")
    events = play(s, "attack:veil_stalker:ossu", "pass")  # no Medica save
    assert of_kind(events, "chance", card="veil_stalker", face=6, success=True)
    assert of_kind(events, "destroyed", player=1, card="ossu", cause="gift")


def test_destroy_target_face_down_siege_larva() -> None:
    s = position(
        {"hand": ["siege_larva"]},
        {
            "field": [
                {"id": "kharvok", "face_down": True},
                "ozok",
                {"id": "thofa", "face_down": True},
            ]
        },
    )
    play(s, "play:siege_larva:up", "gift:use")
    d = decision(s)
    assert set(d.actions) == {"target:1:#0", "target:1:#2"}  # slots: ids stay hidden
    events = play(s, "target:1:#2")
    assert of_kind(events, "reveal", player=1, card="thofa", falling=True)
    assert of_kind(events, "destroyed", player=1, card="thofa", cause="gift")
    assert s.players[1].field == ["kharvok", "ozok"]


# ---- protect -----------------------------------------------------------------------------
def test_protect_target_until_the_end_of_the_next_turn_ironroot_warden() -> None:
    s = position(
        {"hand": ["ironroot_warden"], "field": ["ozok"]},
        {"field": ["kharvok"], "hand": ["brakka", "zhee"]},
        rolls(1, 1, 1, 1),
    )
    events = play(s, "play:ironroot_warden:up")
    assert of_kind(events, "shielded", player=0, card="ozok", until_turn=s.turn + 1)
    play(s, "end", "play:brakka:down")
    events = play(s, "attack:kharvok:ozok")  # 76 > 72, but Ozok is protected
    assert of_kind(events, "battle", rule="tot")
    assert of_kind(events, "protected", player=0, card="ozok")
    assert "ozok" in s.players[0].field
    play(s, "play:yolk_engine:down", "end", "play:zhee:down")
    events = play(s, "attack:kharvok:ozok")  # the shield is over
    assert of_kind(events, "destroyed", player=0, card="ozok")


@pytest.mark.parametrize("ok", [True, False])
def test_protect_self_on_defence_basalt_oracle(ok: bool) -> None:
    s = position(
        {"field": ["kharvok"]},
        {"field": ["basalt_oracle"]},
        [chance(ok), *rolls(1, 2)],
        phase="battle",
    )
    events = play(s, "attack:kharvok:basalt_oracle")
    assert of_kind(events, "chance", card="basalt_oracle", percent=30, success=ok)
    assert of_kind(events, "battle", rule="tot")
    assert ("basalt_oracle" in s.players[1].field) == ok
    assert bool(of_kind(events, "protected")) == ok


# ---- save ----------------------------------------------------------------------------------
def test_save_once_tomb_plate() -> None:
    s = position(
        {"field": ["kharvok"]},
        {"field": ["tomb_plate"]},
        [*rolls(1, 2), coin("heads"), *rolls(1, 2)],
        phase="battle",
    )
    events = play(s, "attack:kharvok:tomb_plate")
    assert of_kind(events, "saved", player=1, card="tomb_plate", by="gift")
    assert s.players[1].field == ["tomb_plate"] and "tomb_plate" in s.players[1].spent
    play(s, "play:yolk_engine:down", "end", "play:yolk_engine:down")
    events = play(s, "attack:kharvok:tomb_plate")
    assert not gifts(events, "tomb_plate")
    assert of_kind(events, "destroyed", player=1, card="tomb_plate")


# ---- revive --------------------------------------------------------------------------------
def test_revive_to_hand_with_a_choice_mender_moth() -> None:
    s = position({"hand": ["mender_moth"], "incinerator": ["ozok", "thofa"]}, {"field": ["ossu"]})
    play(s, "play:mender_moth:up")
    d = decision(s)
    assert (d.kind, set(d.actions)) == ("revive", {"revive:ozok", "revive:thofa"})
    events = play(s, "revive:thofa")
    assert of_kind(events, "revive", player=0, card="thofa", to="hand")
    assert s.players[0].hand == ["thofa"] and s.players[0].inc == ["ozok"]


@pytest.mark.parametrize(
    ("inc", "fires"), [(["ozok", "vurrax", "thofa"], True), (["ozok", "vurrax"], False)]
)
def test_revive_to_field_chorus_bloom(inc: list[str], fires: bool) -> None:
    s = position({"hand": ["chorus_bloom"], "incinerator": inc}, {"field": ["ossu"]})
    events = play(s, "play:chorus_bloom:up")
    assert bool(gifts(events, "chorus_bloom")) == fires
    if fires:
        play(s, "revive:thofa")
        assert s.players[0].field == ["chorus_bloom", "thofa"]
        assert "thofa" in s.players[0].summoned
        assert GAME.stats(s, 0, "thofa") == plus("thofa", dex=2)
    else:
        assert s.players[0].field == ["chorus_bloom"]


@pytest.mark.parametrize(("face", "back"), [(4, True), (3, False)])
def test_revive_on_destruction_with_a_die_gilded_revenant(face: int, back: bool) -> None:
    s = position(
        {"field": ["kharvok"]},
        {"field": ["gilded_revenant"], "incinerator": ["ozok"]},
        [*rolls(1, 1), die(face)],
        phase="battle",
    )
    events = play(s, "attack:kharvok:gilded_revenant")
    assert of_kind(events, "destroyed", player=1, card="gilded_revenant")
    assert of_kind(events, "chance", card="gilded_revenant", method="die", need=4, success=back)
    assert s.players[1].field == (["ozok"] if back else [])
    assert s.players[1].inc == (["gilded_revenant"] if back else ["ozok", "gilded_revenant"])


# ---- extra_play ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("hand", "fires"), [(["ozok", "thofa", "yssel"], True), (["ozok", "thofa"], False)]
)
def test_extra_play_with_hand_condition_kindred_spore(hand: list[str], fires: bool) -> None:
    s = position({"hand": ["kindred_spore", *hand]}, {"field": ["ossu"]})
    events = play(s, "play:kindred_spore:up")
    assert bool(of_kind(events, "extra", player=0, plays=1)) == fires
    assert decision(s).kind == ("play" if fires else "attack")


# ---- extra_attack --------------------------------------------------------------------------
def test_extra_attack_on_play_scarlet_howler() -> None:
    s = position(
        {"hand": ["scarlet_howler"], "field": ["vurrax", "skorvun"]},
        {"field": ["ossu", "brakka", "deep_anchor"]},
        rolls(1, 1, 1, 1, 1, 1),
    )
    events = play(s, "play:scarlet_howler:up")
    assert of_kind(events, "extra", player=0, attacks=1)
    assert s.attacks == 3
    play(s, "attack:vurrax:ossu", "attack:skorvun:brakka")
    d = decision(s)
    assert d.kind == "attack" and [a for a in d.actions if a.startswith("attack:scarlet_howler:")]


@pytest.mark.parametrize(
    ("rnd", "zone", "fires"), [(6, "militare", True), (5, "militare", False), (6, "civile", False)]
)
def test_extra_attack_with_zone_and_round_blood_comet(rnd: int, zone: str, fires: bool) -> None:
    s = position({"hand": ["blood_comet"]}, {"field": ["ossu"]}, round=rnd, zone=zone)
    events = play(s, "play:blood_comet:up")
    assert bool(gifts(events, "blood_comet")) == fires
    z = 2 if zone == "militare" else 0
    assert GAME.stats(s, 0, "blood_comet") == plus("blood_comet", atk=z + (8 if fires else 0))
    assert s.attacks == (3 if fires else 2)


@pytest.mark.parametrize("down", [True, False])
def test_extra_attack_same_card_against_face_down_hollow_grin(down: bool) -> None:
    s = position(
        {"field": ["hollow_grin"]},
        {"field": [{"id": "ozok", "face_down": down}, {"id": "vurrax", "face_down": True}]},
        rolls(1, 1),
        phase="battle",
    )
    first = "attack:hollow_grin:#0" if down else "attack:hollow_grin:ozok"
    events = play(s, first)
    assert bool(gifts(events, "hollow_grin")) == down
    if down:
        d = decision(s)
        assert "attack:hollow_grin:#0" in d.actions  # Vurrax, now in slot 0
        events = play(s, "attack:hollow_grin:#0")
        assert not gifts(events, "hollow_grin")  # once
        assert s.players[1].field == [] and s.active == 1
    else:
        assert s.active == 1  # no second attack: the turn is over


# ---- zone_refresh --------------------------------------------------------------------------
@pytest.mark.parametrize(("field", "fires"), [(["ozok"], True), ([], False)])
def test_zone_refresh_loop_keeper(field: list[str], fires: bool) -> None:
    s = position(
        {"hand": ["loop_keeper"], "field": field, "zone_used": True},
        {"field": ["ossu"]},
        zone="controllo",
    )
    events = play(s, "play:loop_keeper:up")
    assert bool(of_kind(events, "zone_refresh", player=0)) == fires
    assert s.players[0].zone_used is not fires
    assert ("zone:controllo:ozok" in decision(s).actions) == fires


# ===================================================================== conditions ==
@pytest.mark.parametrize(("rnd", "bonus"), [(5, 5), (6, 0)])
def test_condition_round_at_most_murmur_knife(rnd: int, bonus: int) -> None:
    s = position(
        {"field": ["murmur_knife"]},
        {"field": ["ossu"]},
        rolls(1, 2),
        round=rnd,
        zone="militare",
        phase="battle",
    )
    events = play(s, "attack:murmur_knife:ossu")
    assert bool(gifts(events, "murmur_knife")) == bool(bonus)
    assert battle(events)["att_primary"] == 22 + bonus


@pytest.mark.parametrize(("mine", "bonus"), [(["lone_ravager"], 6), (["lone_ravager", "yssel"], 0)])
def test_condition_my_field_at_most_lone_ravager(mine: list[str], bonus: int) -> None:
    s = position({"field": mine}, {"field": ["ossu"]}, rolls(1, 2), zone="medica", phase="battle")
    events = play(s, "attack:lone_ravager:ossu")
    assert battle(events)["att_primary"] == 25 + bonus


@pytest.mark.parametrize(("theirs", "bonus"), [(["ossu"], 5), (["ossu", "brakka"], 0)])
def test_condition_opp_field_at_most_wrathcoil(theirs: list[str], bonus: int) -> None:
    s = position(
        {"field": ["wrathcoil"]}, {"field": theirs}, rolls(1, 2), zone="medica", phase="battle"
    )
    events = play(s, "attack:wrathcoil:ossu")
    assert battle(events)["att_primary"] == 23 + bonus


@pytest.mark.parametrize(("attacker", "malus"), [("vurrax", -6), ("thofa", 0)])
def test_condition_foe_estro_frost_keel(attacker: str, malus: int) -> None:
    s = position(
        {"field": [attacker]}, {"field": ["frost_keel"]}, rolls(1, 2), zone="medica", phase="battle"
    )
    events = play(s, f"attack:{attacker}:frost_keel")
    assert bool(gifts(events, "frost_keel")) == bool(malus)
    b = battle(events)
    want = list(GAME.info[attacker].stats)
    assert b["att_tot"] == sum(want) + malus + b["matchup"]


def test_gift_conditions_all_must_hold_tilt_seraph() -> None:
    # opp_field_at_least 3 holds, round_at_least 5 does not (round 4): no gift
    s = position(
        {"field": ["tilt_seraph"]}, {"field": ["ossu", "brakka", "yssel"]}, round=4, phase="battle"
    )
    events = play(s, "end")
    assert not gifts(events, "tilt_seraph")
    # round 5 but only 2 opposing cards: no gift either
    s = position({"field": ["tilt_seraph"]}, {"field": ["ossu", "brakka"]}, round=5, phase="battle")
    events = play(s, "end")
    assert not gifts(events, "tilt_seraph")


# ====================================================================== coverage ==
# The card each test above relies on for each part of the gift language. If cards.yaml
# changes a card's gift, this fails first and names the card.
FEATURES = {
    "trigger": {
        "play": "madu", "attack": "cinder_maw", "defend": "bastion_shell",
        "destroyed": "second_dawn", "opp_play": "red_vigil", "opp_gift": "null_bulwark",
        "turn_start": "lullaby_wisp", "turn_end": "tilt_seraph", "aura": "ember_legion",
    },
    "verb": {
        "stat": "madu", "draw": "second_dawn", "discard": "hush_phantom",
        "destroy": "rift_butcher", "protect": "ironroot_warden", "revive": "mender_moth",
        "extra_play": "kindred_spore", "extra_attack": "scarlet_howler",
        "counter": "null_bulwark", "save": "tomb_plate", "zone_refresh": "loop_keeper",
        "swap": "axis_jester", "convert": "prism_tyrant",
    },
    "chance": {
        "coin": "madu", "percent": "prism_tyrant", "tot": "nyxara", "die_at_least": "rift_butcher",
    },
    "condition": {
        "zone": "blood_comet", "round_at_least": "blood_comet", "round_at_most": "murmur_knife",
        "my_field_at_least": "loop_keeper", "my_field_at_most": "lone_ravager",
        "opp_field_at_least": "slab_sentinel", "opp_field_at_most": "wrathcoil",
        "hand_at_most": "lullaby_wisp", "hand_at_least": "kindred_spore",
        "incinerator_at_least": "chorus_bloom", "foe_estro": "frost_keel",
        "foe_face_down": "hollow_grin",
    },
}  # fmt: skip


def test_every_part_of_the_gift_language_has_a_card_tested_here() -> None:
    assert set(FEATURES["trigger"]) == set(get_args(schema.Trigger))
    assert set(FEATURES["verb"]) == set(schema._VERBS)
    assert set(FEATURES["chance"]) == set(schema.Chance.model_fields)
    assert set(FEATURES["condition"]) == set(schema.Condition.model_fields)
    for part, cards in FEATURES.items():
        for feature, card in cards.items():
            gift = GAME.info[card].gift
            assert gift is not None, card
            if part == "trigger":
                has = gift.trigger == feature
            elif part == "verb":
                has = any(e.verb == feature for e in gift.do)
            elif part == "chance":
                has = gift.chance is not None and getattr(gift.chance, feature) is not None
            else:
                has = any(getattr(k, feature) is not None for k in gift.if_)
            assert has, f"{card} no longer has the {part} {feature!r} its test relies on"
