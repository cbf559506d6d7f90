"""The single player mode against the five spaceships (digest, Modes item 7): one test
per rule of the mode, named after it, and the ships' policy (docs/estro-navi.md)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tavolo.engine import RNG, ConfigError, ScriptedRNG
from tavolo.games.estro.navi.mode import Mode
from tavolo.games.estro.navi.state import NaviState
from tavolo.games.estro.navi.text import MSG

from .support import GAME, of_kind, play

MODE: Mode = GAME.tables["navi"]
CONFIG = GAME.make_config(None, "navi")
FILLER = ["glyph_crawler", "sulfur_sage", "ochre_monk", "amber_idol", "yolk_engine"]


def fleet(**guards: Any) -> list[dict[str, Any]]:
    """Five ships in estro order; ``s0=[...]`` gives ship 0's guardians (etc.), and
    ``s0_alarm``/``s0_shields``/``s0_fallen`` its other fields."""
    out = []
    for i in range(5):
        ship: dict[str, Any] = {"guardians": guards.get(f"s{i}", [])}
        for k in ("alarm", "shields", "fallen"):
            if f"s{i}_{k}" in guards:
                ship[k] = guards[f"s{i}_{k}"]
        out.append(ship)
    return out


def down(c: str) -> dict[str, Any]:
    return {"id": c, "face_down": True}


def position(
    player: dict[str, Any],
    ships: list[dict[str, Any]],
    script: list[dict[str, Any]] | None = None,
    **where: Any,
) -> NaviState:
    pl = {"zone_used": True, "deck": list(FILLER), **player}
    pos = {"zone": "sviluppo_tech", "round": 2, "player": pl, "ships": ships, **where}
    s = GAME.from_position(CONFIG, pos, ScriptedRNG(0, script or []))
    assert isinstance(s, NaviState)
    return s


def rolls(a: int, d: int) -> list[dict[str, Any]]:
    return [{"roll": a, "label": "attacker"}, {"roll": d, "label": "defender"}]


def acts(s: NaviState) -> tuple[str, ...]:
    d = GAME.decision(s)
    assert d is not None
    return d.actions


# ------------------------------------------------------------------------------- table --
def test_navi_seats_one_player() -> None:
    assert CONFIG.players == 1 and "navi" in GAME.modes
    with pytest.raises(ConfigError):
        GAME.make_config(2, "navi")
    with pytest.raises(ConfigError):
        GAME.make_config(1, "navi", decks=[None])


def test_deck_and_guardians_are_dealt_without_overlap() -> None:
    s = GAME.new(CONFIG, 5)
    assert isinstance(s, NaviState)
    me, ships = s.players
    mine = me.deck + me.hand
    assert len(set(mine)) == 25 and len(me.hand) == 6  # five, then the first draw
    assert len(ships.field) == 25 and ships.down == set(ships.field)
    assert not set(mine) & set(ships.field)
    assert [len(c) for c in s.crew] == [5] * 5
    assert {s.ship_of[c] for c in ships.field} == set(range(5))


def test_the_player_goes_first_and_the_ships_never_decide() -> None:
    s = GAME.new(CONFIG, 1)
    assert s.active == 0 and s.turn == 1
    chooser = RNG(9)
    while (d := GAME.decision(s)) is not None:
        assert d.player == 0
        GAME.apply(s, d.actions[chooser.below(len(d.actions))])


# ---------------------------------------------------------------- attacking guardians --
def test_attacked_face_down_guardian_is_revealed_without_its_gift_and_is_not_worth_zero() -> None:
    # hush_phantom's gift (play: the opponent discards) does not trigger when it is attacked
    s = position(
        {"field": ["kharvok"], "hand": ["ozok"]},
        fleet(s0=[down("hush_phantom"), down("orrugg")]),
        rolls(1, 1),
    )
    ev = play(s, "play:ozok:up", "attack:kharvok:#0")
    assert of_kind(ev, "navi.reveal", card="hush_phantom", by="attack")
    battle = of_kind(ev, "battle")
    assert battle and battle[0]["defender"] == "hush_phantom" and battle[0]["rule"] != "face_down"
    assert battle[0]["def_tot"] == 61  # its real stats, not zero
    assert not of_kind(ev, "discard")
    assert of_kind(ev, "destroyed", card="hush_phantom")


def test_guardian_that_survives_reveals_another_of_its_ship() -> None:
    # nightmare_forge (Ardo 66) against Illusio: 66 - 5 = 61, not above 61
    s = position(
        {"field": ["nightmare_forge"], "hand": ["ozok"]},
        fleet(s0=[down("hush_phantom"), down("orrugg")], s1=[down("thofa")]),
        rolls(1, 1),
    )
    ev = play(s, "play:ozok:up", "attack:nightmare_forge:#0")
    assert of_kind(ev, "battle", rule="none")
    assert of_kind(ev, "navi.reveal", card="orrugg", by="probe")
    assert "thofa" in s.players[1].down  # only the same ship's guardians
    assert s.pending == ("hush_phantom", "orrugg")


def test_guardian_saved_by_a_protection_has_survived_and_reveals_another() -> None:
    # the battle is won (Kharvok 76 against 61 after the dice and the matchup), but
    # hush_phantom is protected: it survives the attack, so orrugg of its ship shows
    s = position(
        {"field": ["kharvok"], "hand": ["ozok"]},
        fleet(s0=[down("hush_phantom"), down("orrugg")], s1=[down("thofa")]),
        rolls(6, 1),
    )
    s.players[1].shield["hush_phantom"] = s.turn + 1
    ev = play(s, "play:ozok:up", "attack:kharvok:#0")
    assert of_kind(ev, "battle", rule="tot") and of_kind(ev, "protected", card="hush_phantom")
    assert of_kind(ev, "navi.reveal", card="orrugg", by="probe")
    assert s.pending == ("hush_phantom", "orrugg") and s.players[1].down == {"thofa"}


def test_an_attack_redirected_onto_a_face_down_guardian_reveals_and_fights_it() -> None:
    """A zone action during an attack lets the attacker redirect it; onto a face-down
    guardian it is an attack on it (revealed, gift asleep, a battle), not E-6's fall.
    The guardian first attacked survived its battle: another of its ship is revealed."""
    s = position(
        {"field": ["nightmare_forge"], "hand": ["ozok"], "zone_used": False},
        fleet(s0=[down("hush_phantom"), down("orrugg")], s1=[down("thofa")]),
        rolls(1, 1) + rolls(6, 1),
    )
    play(s, "play:ozok:up", "attack:nightmare_forge:#0", "zone:sviluppo_tech")
    assert acts(s) == ("pass", "redirect:#1", "redirect:#2")
    ev = play(s, "redirect:#2")
    assert of_kind(ev, "navi.reveal", card="thofa", by="attack")
    assert of_kind(ev, "navi.reveal", card="orrugg", by="probe")
    battle = of_kind(ev, "battle")
    assert battle and battle[0]["defender"] == "thofa" and battle[0]["rule"] == "none"
    assert battle[0]["def_tot"] == 76  # its real stats: it survives 66
    assert "thofa" in s.players[1].field and not s.players[1].down
    assert s.pending == ("hush_phantom", "thofa", "orrugg")


def test_ships_turn_items_are_offered_with_no_guardian_left_to_reveal() -> None:
    """Bulwark Dome and Signal Jammer act in the ships' turn, offered at the reveal
    choice; with no face-down guardian left that choice never came and they were dead.
    Now the player is asked: an item, or let the ships attack."""
    s = position(
        {"field": ["kharvok", "hull_sleeper"], "hand": ["ozok"]},
        fleet(s0=["silk_specter", "orrugg"]),
        items=["bulwark_dome", "signal_jammer"],
    )
    play(s, "play:ozok:up", "end")
    assert GAME.decision(s).kind == "navi_items"  # type: ignore[union-attr]
    assert acts(s) == ("navi:go", "item:bulwark_dome", "item:signal_jammer")
    play(s, "item:signal_jammer")
    assert acts(s) == ("navi:go", "item:bulwark_dome")  # asked again until 'go'
    ev = play(s, "navi:go")
    assert len(of_kind(ev, "attack", player=1)) == 1  # the jammer took one of the two
    assert s.held == ("bulwark_dome",)
    assert GAME.describe_action(s, "navi:go", "it") == "Lascia attaccare le astronavi"


def test_no_item_for_the_ships_turn_asks_nothing() -> None:
    s = position(
        {"field": ["kharvok", "hull_sleeper"], "hand": ["ozok"]},
        fleet(s0=["silk_specter", "orrugg"]),
        items=[],
    )
    ev = play(s, "play:ozok:up", "end")
    assert len(of_kind(ev, "attack", player=1)) == 2
    assert GAME.decision(s).kind != "navi_items"  # type: ignore[union-attr]


def test_revealed_gifts_activate_when_the_player_passes_the_turn() -> None:
    s = position(
        {"field": ["nightmare_forge"], "hand": ["ozok", "balm_serpent"]},
        fleet(s0=[down("hush_phantom")]),
        rolls(1, 1),
    )
    ev = play(s, "play:ozok:up", "attack:nightmare_forge:#0")
    assert not of_kind(ev, "discard") and s.pending == ("hush_phantom",)
    ev = play(s, "end")
    wake = of_kind(ev, "navi.gifts_wake")
    assert wake and wake[0]["cards"] == ["hush_phantom"]
    assert of_kind(ev, "gift", card="hush_phantom") and of_kind(ev, "discard", player=0)
    assert s.pending == ()


def test_only_revealed_guardians_still_on_the_field_wake() -> None:
    # hush_phantom survives the first attack (orrugg shows), then falls to the second:
    # when the turn passes only orrugg wakes, and hush_phantom's discard never comes
    s = position(
        {"field": ["nightmare_forge", "kharvok"], "hand": ["ozok", "balm_serpent"]},
        fleet(s0=[down("hush_phantom"), down("orrugg")], s1=[down("thofa")]),
        rolls(1, 1) + rolls(1, 1),
    )
    play(s, "play:ozok:up", "attack:nightmare_forge:#0")
    assert s.pending == ("hush_phantom", "orrugg")
    ev = play(s, "attack:kharvok:hush_phantom")  # the last attack: the turn passes
    assert of_kind(ev, "destroyed", card="hush_phantom")
    assert of_kind(ev, "navi.gifts_wake", cards=["orrugg"])
    assert not of_kind(ev, "discard") and s.pending == ()


# ------------------------------------------------------------------------ ships' turn --
def test_ships_turn_the_player_reveals_two_guardians_whose_gifts_act_at_once() -> None:
    s = position(
        {"field": ["kharvok"], "hand": ["ozok", "thofa"]},
        fleet(s0=[down("hush_phantom"), down("orrugg"), down("silk_specter")]),
        start="ships",
    )
    d = GAME.decision(s)
    assert d is not None and d.kind == "navi_reveal" and d.player == 0
    assert d.actions == ("navi:reveal:#0", "navi:reveal:#1", "navi:reveal:#2")
    ev = play(s, "navi:reveal:#0")
    assert of_kind(ev, "navi.reveal", card="hush_phantom", by="choice")
    assert of_kind(ev, "discard", player=0)  # at once
    assert GAME.decision(s).kind == "navi_reveal"  # type: ignore[union-attr]
    ev = play(s, "navi:reveal:#1")
    assert of_kind(ev, "navi.reveal", card="orrugg")
    assert "silk_specter" in s.players[1].down
    assert s.active == 0  # the attacks ran, the player's turn began


def test_ships_make_two_attacks_chosen_by_the_engine() -> None:
    s = position(
        {"field": ["nightmare_forge", "cobalt_tortoise", "ozok"], "hand": ["thofa"]},
        fleet(s0=["kharvok", "hull_sleeper", "balm_serpent"]),
    )
    ev = play(s, "play:thofa:up", "end")  # no face-down guardian: no reveal to choose
    attacks = of_kind(ev, "attack", player=1)
    assert len(attacks) == 2
    assert len({a["attacker"] for a in attacks}) == 2
    assert s.active == 0 and s.turn == 5


def test_ships_target_prefers_a_sure_kill_on_the_strongest_card() -> None:
    s = position(
        {"field": ["cobalt_tortoise", "vurrax"], "hand": ["thofa"]},
        fleet(s0=["kharvok"]),
    )
    # kharvok (Ardo 76) against vurrax (Ardo 70): 76 > 70 + 5; against cobalt_tortoise
    # (Granito 66): 76 + 2 > 66 + 5: both sure, vurrax is stronger
    assert MODE.ships_target(s) == ("kharvok", "vurrax")
    s.players[0].shield["vurrax"] = s.turn  # a protected card comes last
    assert MODE.ships_target(s) == ("kharvok", "cobalt_tortoise")


def test_ships_target_a_face_down_card_as_a_sure_kill_worth_zero() -> None:
    s = position(
        {"field": [down("ozok"), "hull_sleeper"], "hand": ["thofa"]},
        fleet(s0=["silk_specter"]),
    )
    # silk_specter (Illusio 70) cannot surely beat hull_sleeper (Granito 72)
    assert MODE.ships_target(s) == ("silk_specter", "ozok")


def test_ships_harmful_gift_aims_at_the_players_strongest_card() -> None:
    # dusk_lure: -8 primary to an opposing card with TOT 70 or more
    s = position(
        {"field": ["ozok", "hull_sleeper"], "hand": ["thofa"]},
        fleet(s0=[down("dusk_lure")], s1=[down("orrugg")]),
        start="ships",
    )
    ev = play(s, "navi:reveal:#0")
    changed = of_kind(ev, "changed")
    assert changed and changed[0]["card"] == "hull_sleeper" and changed[0]["player"] == 0


def test_ships_helpful_gift_aims_at_the_strongest_guardian() -> None:
    # verdant_nurse: +6 primary to one of its own side's cards
    s = position(
        {"field": ["ozok"], "hand": ["thofa"]},
        fleet(s0=[down("verdant_nurse"), "orrugg", "balm_serpent"]),
        start="ships",
    )
    ev = play(s, "navi:reveal:#0")
    changed = of_kind(ev, "changed")
    assert changed and changed[0]["card"] == "balm_serpent" and changed[0]["player"] == 1


# ----------------------------------------------------------------- alarms and ships --
def test_alarm_starts_when_all_guardians_of_a_ship_are_destroyed() -> None:
    s = position(
        {"field": ["kharvok"], "hand": ["ozok"]},
        fleet(s0=["silk_specter"], s1=[down("thofa")]),
        rolls(4, 1),
    )
    ev = play(s, "play:ozok:up", "attack:kharvok:silk_specter")
    assert of_kind(ev, "destroyed", card="silk_specter")
    start = of_kind(ev, "navi.alarm_start", ship=0)
    assert start and s.alarm[0] == MODE.fleet.ships[0].countdown
    assert s.alarm[1] == 0


def test_alarm_starts_when_a_gift_destroys_the_last_guardian_of_a_ship() -> None:
    """Not only an attack: siege_larva's play gift destroys a face-down guardian, the
    last of its ship, and the alarm starts as when a battle ends it."""
    s = position(
        {"field": ["kharvok"], "hand": ["siege_larva"]},
        fleet(s0=[down("hush_phantom")], s1=[down("thofa"), down("orrugg")]),
    )
    ev = play(s, "play:siege_larva:up", "gift:use", "target:1:#0")
    assert of_kind(ev, "destroyed", card="hush_phantom", cause="gift")
    assert of_kind(ev, "navi.alarm_start", ship=0) and s.alarm == [3, 0, 0, 0, 0]
    assert "attack:kharvok:@ardo" in acts(s) and "attack:kharvok:@granito" not in acts(s)


def test_a_reinforced_ship_is_guarded_again_and_its_alarm_keeps_running() -> None:
    """The Choir Ark's reinforcement brings guardians back: the ship cannot be attacked
    until they fall, but its alarm goes on counting down; when one of them falls the
    running alarm is not started again."""
    s = position(
        {"field": ["kharvok", "hull_sleeper"], "hand": ["ozok", "vurrax"]},
        fleet(s0=[down("thofa")], s2_alarm=1, s2_fallen=["orrugg", "gossamer_doe"]),
    )
    ev = play(s, "play:ozok:up", "end", "navi:reveal:#0")
    assert of_kind(ev, "navi.reinforce", ship=2, cards=["gossamer_doe", "orrugg"])
    assert s.alarm[2] == MODE.fleet.ships[2].countdown == 3
    play(s, "play:vurrax:up")
    assert not [a for a in acts(s) if a.endswith("@armonio")]
    ev = play(s, "end")
    assert of_kind(ev, "navi.alarm", ship=2, turns=2) and s.alarm[2] == 2
    # a returned guardian falls while the alarm runs: no new start, the count stays
    s = position(
        {"field": ["kharvok"], "hand": ["ozok"]},
        fleet(s0=[down("thofa")], s2=["gossamer_doe"], s2_alarm=2),
        rolls(4, 1),
    )
    ev = play(s, "play:ozok:up", "attack:kharvok:gossamer_doe")
    assert of_kind(ev, "destroyed", card="gossamer_doe")
    assert not of_kind(ev, "navi.alarm_start") and s.alarm[2] == 2


def test_alarm_counts_down_each_ships_turn_and_fires_the_skill_at_zero() -> None:
    s = position(
        {"field": ["kharvok", "cobalt_tortoise"], "hand": ["ozok", "thofa"]},
        fleet(s0_alarm=2, s1=[down("orrugg")]),
    )
    ev = play(s, "play:ozok:up", "end", "navi:reveal:#0")
    assert of_kind(ev, "navi.alarm", ship=0, turns=1) and s.alarm[0] == 1
    ev = play(s, "play:thofa:up", "end")
    skill = of_kind(ev, "navi.skill", ship=0)
    assert skill and skill[0]["effect"] == MODE.fleet.ships[0].skill.effect
    assert s.alarm[0] == MODE.fleet.ships[0].countdown  # it restarts


def test_ship_can_be_attacked_only_when_its_guardians_are_gone() -> None:
    s = position(
        {"field": ["kharvok"], "hand": ["ozok"]},
        fleet(s0=["silk_specter"], s1=[down("thofa")]),
    )
    play(s, "play:ozok:up")
    a = acts(s)
    assert "attack:kharvok:@ardo" not in a and "attack:kharvok:@granito" not in a
    assert {"attack:kharvok:@armonio", "attack:kharvok:@illusio", "attack:kharvok:@manpo"} <= set(a)


def test_attacking_a_ship_subtracts_the_attackers_tot_from_its_shields() -> None:
    s = position({"field": ["kharvok"], "hand": ["ozok"]}, fleet(s0=["silk_specter"]))
    ev = play(s, "play:ozok:up", "attack:kharvok:@manpo")
    hit = of_kind(ev, "navi.ship_hit", ship=4)
    assert hit and hit[0]["damage"] == 76 and s.shields[4] == MODE.fleet.ships[4].shields - 76
    assert not of_kind(ev, "battle")


def test_ship_is_destroyed_at_zero_shields() -> None:
    s = position(
        {"field": ["kharvok"], "hand": ["ozok"]},
        fleet(s0=["silk_specter"], s4_shields=50, s4_alarm=2),
    )
    ev = play(s, "play:ozok:up", "attack:kharvok:@manpo")
    assert of_kind(ev, "navi.ship_destroyed", ship=4)
    assert s.shields[4] == 0 and s.alarm[4] == 0
    assert "attack:ozok:@manpo" not in acts(s)


def test_destroying_all_five_ships_wins() -> None:
    shields = {f"s{i}_shields": 10 for i in range(5)}
    s = position({"field": ["kharvok", "hull_sleeper"], "hand": ["ozok"]}, fleet(**shields))
    s.shields[:3] = [0, 0, 0]
    play(s, "play:ozok:up", "attack:kharvok:@illusio")
    assert s.result is None
    ev = play(s, "attack:hull_sleeper:@manpo")
    assert s.result == (1.0, 0.0) and s.reason == "fleet_destroyed"
    assert of_kind(ev, "navi.end", won=True)
    assert GAME.returns(s) == (1.0,)


# ----------------------------------------------------------------------- the player --
def test_player_loses_only_after_round_5_with_no_field_cards() -> None:
    s = position({"field": [], "hand": ["ozok"], "deck": []}, fleet(s0=["kharvok"]), round=4)
    ev = play(s, "play:ozok:down")  # nothing left to do: the game runs on by itself
    kinds = [e["kind"] for e in ev]
    fell = kinds.index("destroyed")  # in the ships' turn of round 4: no loss yet
    assert of_kind(ev, "navi.ships_turn", round=4) and kinds.index("navi.end") > fell + 2
    end = of_kind(ev, "navi.end")
    assert end[0]["round"] == 5 and end[0]["won"] is False
    assert s.result == (0.0, 1.0) and s.reason == "empty_field" and s.turn == 10


def test_empty_deck_and_hand_is_no_loss() -> None:
    # silk_specter (Illusio 70) cannot beat hull_sleeper (Granito 72): the field holds
    s = position(
        {"field": ["hull_sleeper"], "hand": [], "deck": []},
        fleet(s0=["silk_specter"]),
        round=6,
    )
    ev = play(s, "end")
    assert of_kind(ev, "deck_empty", player=0) and of_kind(ev, "attack", player=1)
    assert s.result is None and s.round == 7 and s.active == 0
    assert GAME.decision(s).kind == "attack"  # type: ignore[union-attr]


def test_an_item_arrives_at_the_start_of_each_players_turn() -> None:
    s = position(
        {"field": ["hull_sleeper"], "hand": ["ozok"]},
        fleet(s0=["silk_specter"]),
        item_pool=["railgun", "supply_drop"],
        round=1,
    )
    assert len(s.held) == 1 and len(s.pool) == 1  # settings: from round 1, every round
    first = s.held[0]
    play(s, "play:ozok:up", "end")
    assert s.turn == 3 and len(s.held) == 2 and first in s.held and not s.pool


# ------------------------------------------------------------------- information --
def test_determinize_redeals_face_down_guardians_and_keeps_what_the_player_sees() -> None:
    s = GAME.new(CONFIG, 4)
    seen = GAME.observe(s, 0)
    down_before = set(s.players[1].down)
    det = GAME.determinize(s, 0, RNG(1))
    assert isinstance(det, NaviState)
    assert GAME.observe(det, 0) == seen
    assert set(det.players[1].down) != down_before
    mine = set(s.players[0].deck) | set(s.players[0].hand)
    assert not mine & set(det.players[1].field)
    assert {det.ship_of[c] for c in det.players[1].field} == set(range(5))
    assert set(GAME.secrets(s, 0)) >= down_before | set(s.players[0].deck)


def test_observe_hides_face_down_guardians() -> None:
    s = GAME.new(CONFIG, 2)
    text = str(GAME.observe(s, 0)) + GAME.view(s, 0, "en") + GAME.view(s, 0, "it")
    assert not [c for c in s.players[1].down if f"'{c}'" in text or c in text.split()]


# -------------------------------------------------------------------------- words --
@pytest.mark.parametrize("lang", ["en", "it"])
def test_view_and_help_show_the_ships_in_both_languages(lang: str) -> None:
    s = GAME.new(CONFIG, 3)
    board = GAME.view(s, 0, lang)
    for i in range(5):
        assert getattr(MODE.fleet.ships[i].name, lang) in board
    assert ("shields" if lang == "en" else "scudi") in board
    helped = GAME.help(lang)
    assert getattr(MODE.fleet.items["railgun"].name, lang) in helped
    for a in GAME.decision(s).actions:  # type: ignore[union-attr]
        assert GAME.describe_action(s, a, lang) != a


def test_board_groups_face_down_guardians_and_shows_the_hand_in_full() -> None:
    s = GAME.new(CONFIG, 3)
    board = GAME.view(s, 0, "en")
    for first in (1, 6, 11, 16, 21):  # five guardians a ship, all face down at the start
        assert f"face-down guardians {first}-{first + 4}" in board
    assert "face-down guardian 1\n" not in board
    for c in s.players[0].hand:
        info = GAME.info[c]
        assert f"{info.name} · " in board and f"TOT {sum(info.stats)}" in board
    assert "guardiani coperti 1-5" in GAME.view(s, 0, "it")


def test_board_shows_a_revealed_guardians_gift_between_face_down_ones() -> None:
    """The whole board (``cards`` at the prompt) keeps the guardians in their order, a
    revealed one's gift under it; the screen puts a ship's face-down guardians on one
    line and the gift's text to a mark."""
    s = position({"hand": ["thofa"]}, fleet(s0=[down("ozok"), "madu", down("kharvok")]))
    lines = GAME.view(s, 0, "en").splitlines()
    madu = next(i for i, x in enumerate(lines) if "Madu (" in x)
    assert lines[madu - 1].strip() == "face-down guardians 1, 3"
    assert lines[madu].strip().startswith("#2 Madu (")  # (numbered as the options say)
    assert lines[madu].endswith("· [dim]gift[/]") and "coin" not in lines[madu + 1]
    board = GAME.details(s, 0, "en")
    assert board is not None
    lines = board.splitlines()
    madu = next(i for i, x in enumerate(lines) if "Madu (" in x)
    assert lines[madu - 1].strip() == "face-down guardian 1"
    assert "coin" in lines[madu + 1]  # Madu's gift, on the line under its stats
    assert lines[madu + 2].strip() == "face-down guardian 3"


def test_every_event_of_a_game_has_words_in_both_languages() -> None:
    for seed in range(6):
        s = GAME.new(CONFIG, seed)
        chooser = RNG(seed)
        while (d := GAME.decision(s)) is not None:
            for e in GAME.apply(s, d.actions[chooser.below(len(d.actions))]):
                for lang in ("en", "it"):
                    words = GAME.describe_event(e, 0, lang)
                    assert words and "navi." not in words and "{" not in words, (e, words)


# ---------------------------------------------------------------------- META modes --
def test_meta_modes_work_with_the_ships() -> None:
    for mode in ("navi+chimera", "navi+fessura", "navi+imboscata"):
        cfg = GAME.make_config(None, mode)
        s = GAME.new(cfg, 7)
        assert s.mode == mode
    s = GAME.new(GAME.make_config(None, "navi+chimera"), 7)
    assert "chimera:declare" in acts(s)  # type: ignore[arg-type]
    s = GAME.new(GAME.make_config(None, "navi+fessura"), 7)
    assert len(s.rift) == 200 and not set(s.rift) & set(s.players[1].field)


def test_events_name_the_ships_side_as_the_fleet() -> None:
    """A one-seat game has no Player 2: the 1v1 events of the guardians said 'Player 2:
    Riddle Sphinx attacks...', 'The gift of Emberjaw Drake (Player 2) triggers'. The
    interfaces tell events through describe_events, which knows the table."""
    said: dict[str, set[str]] = {"en": set(), "it": set()}
    for mode, seed in (("navi", 1), ("navi", 4), ("navi+chimera+fessura+imboscata", 2)):
        s = GAME.new(GAME.make_config(None, mode), seed)
        chooser = RNG(seed)
        while (d := GAME.decision(s)) is not None:
            events = GAME.apply(s, d.actions[chooser.below(len(d.actions))])
            for lang in ("en", "it"):
                for words in GAME.describe_events(s, events, 0, lang):
                    assert "Player 2" not in words and "Giocatore 2" not in words, words
                    said[lang].add(words)
    en, it = "\n".join(said["en"]), "\n".join(said["it"])
    assert "The fleet: " in en and " (the fleet) " in en and " of the fleet " in en
    assert "La flotta attacca " in it and " della flotta." in it and " della flotta " in it
    for lang, fleet_word in (("en", "the fleet"), ("it", "la flotta")):
        helped = MODE.help(lang)
        assert "Player 2" not in helped and "Giocatore 2" not in helped
        assert fleet_word in helped


def _plain(board: str) -> list[str]:
    from rich.text import Text

    return [Text.from_markup(x).plain for x in board.splitlines()]


def test_the_board_fits_80_columns_in_plain_words() -> None:
    """A ship's line ran to 100 columns with its skill and broke at column 0; Italian
    said 'countdown' and 'distrugge 1 tra le tue carte più forti'; the title named the
    zone without its estro. Every line fits now, in words of each language."""
    for seed in range(3):
        s = GAME.new(CONFIG, seed)
        chooser = RNG(seed)
        for _ in range(12):
            if (d := GAME.decision(s)) is None:
                break
            GAME.apply(s, d.actions[chooser.below(len(d.actions))])
        for lang in ("en", "it"):
            lines = _plain(GAME.view(s, 0, lang))
            assert all(len(x) <= 80 for x in lines), [x for x in lines if len(x) > 80]
    s = position({"hand": ["thofa"]}, fleet(s0=[down("ozok")]))
    en, it = GAME.view(s, 0, "en"), GAME.view(s, 0, "it")
    assert "skill: destroys your strongest field card" in en
    assert "abilità: distrugge la tua carta più forte in campo" in it
    assert "countdown" not in it and "countdown" not in GAME.help("it")
    assert " stop " not in GAME.help("it")  # 'uno stop di sicurezza': a limite
    assert "zone Sviluppo Tech (Granito +2)" in en and "zona Sviluppo Tech (Granito +2)" in it


def test_protections_redirects_and_face_down_attacks_in_the_boards_terms() -> None:
    """'protected until turn 2' (the board counts rounds, never turns), 'redirects the
    attack ... to the face-down card #5' and 'attacks the face-down card #1' (the board
    says 'face-down guardian 5', and numbers none of the player's cards)."""
    from tavolo.engine import Event

    s = position({"hand": ["thofa"]}, fleet(s0=[down("ozok")]))
    events = [
        Event("shielded", {"player": 0, "card": "thofa", "until_turn": 2}),
        Event("shielded", {"player": 1, "card": "ozok", "until_turn": 3}),
        Event("redirect", {"player": 0, "attacker": "thofa", "defender": "#4"}),
        Event("attack", {"player": 1, "attacker": "ozok", "defender": None, "slot": 0}),
    ]
    assert GAME.describe_events(s, events, 0, "en") == [
        "Your Thofa is protected until the end of the ships' turn in round 1.",
        "Ozok of the fleet is protected until the end of your turn in round 2.",
        "You redirect the attack of Thofa to face-down guardian 5.",
        "The fleet: Ozok attacks a face-down card of yours.",
    ]
    it = GAME.describe_events(s, events, 0, "it")
    assert it[1] == (
        "La carta Ozok della flotta è protetta fino alla fine del tuo turno del round 2."
    )
    assert it[3] == "La flotta attacca una tua carta coperta con Ozok."


def test_an_items_target_comes_before_its_rule_and_slots_read_as_on_the_board() -> None:
    """'Use Aegis Charm — one of your cards cannot be destroyed until the ships' turn
    ends on Sigil Drone' (96 columns) put the target after the rule, which the board's
    'Items:' line already gives; Italian said 'su guardiano coperto'; a redirect offered
    'the face-down card #1' where the board says 'face-down guardian 1'."""
    s = position({"hand": ["thofa"]}, fleet(s0=[down("ozok")]))
    assert GAME.describe_action(s, "item:aegis_charm:thofa", "en") == "Use Aegis Charm on Thofa"
    said = GAME.describe_action(s, "item:deep_scanner:#0", "it")
    assert said.endswith(" sul guardiano coperto 1 (Fauci di Brace)")
    assert GAME.describe_action(s, "redirect:#0", "en") == (
        "Redirect the attack to face-down guardian 1 (Ember Maw)"
    )


def test_past_slots_and_turn_headers_read_without_empty_marks() -> None:
    """'You use Truth Lens on face-down guardian 2 ().' (an event's slot has no ship by
    the time it is told) and '— Round 3: Player 1's turn —' in a game whose board says
    'You': no empty brackets now, and the turn is yours."""
    from tavolo.engine import Event

    s = position({"hand": ["thofa"]}, fleet(s0=[down("ozok")]))
    used = Event("navi.item_used", {"item": "truth_lens", "target": "#1"})
    turn = Event("turn", {"round": 3, "player": 0})
    assert GAME.describe_events(s, [used, turn], 0, "en") == [
        "You use Truth Lens on face-down guardian 2.",
        "[bold]— Round 3: your turn —[/]",
    ]
    it = GAME.describe_events(s, [used, turn], 0, "it")
    assert it[0].endswith(" sul guardiano coperto 2.") and "il tuo turno" in it[1]


def test_a_zone_window_in_a_battle_shows_the_battle() -> None:
    """Asked whether to use the zone during an attack, the player saw the fleet and
    the field but not which card fought which, nor the dice: the board now says."""
    for seed in range(40):
        s = GAME.new(CONFIG, seed)
        chooser = RNG(seed)
        while (d := GAME.decision(s)) is not None and s.battle is None:
            GAME.apply(s, d.actions[chooser.below(len(d.actions))])
        if d is not None:
            break
    assert d is not None and s.battle is not None
    a, b = GAME.info[s.battle.a].name, GAME.info[s.battle.d].name
    assert f"Battle: {a} attacks {b}" in GAME.view(s, 0, "en")
    assert f"Scontro: {a} attacca {b}" in GAME.view(s, 0, "it")


def test_italian_ship_names_take_their_article() -> None:
    """'Il guardiano attaccato di Arca del Coro', 'colpisce Arca del Coro', 'Usa Lancia
    Solare su Arca del Coro': an Italian ship name needs its article ('dell'Arca'); the
    events and options now say 'dell'astronave Arca del Coro', 'sull'astronave ...'."""
    from tavolo.engine import Event

    s = position({"hand": ["thofa"]}, fleet(s0=[down("ozok")]))
    events = [
        Event("navi.reveal", {"card": "ozok", "ship": 2, "by": "attack"}),
        Event("navi.ship_hit", {"ship": 2, "by": "item:solar_lance", "damage": 40, "shields": 60}),
    ]
    assert GAME.describe_events(s, events, 0, "it") == [
        "Il guardiano attaccato dell'astronave Arca del Coro è Ozok.",
        "Lancia Solare colpisce l'astronave Arca del Coro: scudi -40, ne restano 60.",
    ]
    said = GAME.describe_action(s, "item:solar_lance:@armonio", "it")
    assert said == "Usa Lancia Solare sull'astronave Arca del Coro"
    assert GAME.describe_action(s, "item:solar_lance:@armonio", "en") == (
        "Use Solar Lance on Choir Ark"
    )


def test_held_items_one_a_line() -> None:
    """The held items were one line ('Items: A — ...; B — ...; C — ...') that broke
    anywhere; each item now has its line under 'Items:', with what it does."""
    s = position({"hand": ["thofa"]}, fleet(s0=[down("ozok")]), items=["aegis_charm", "railgun"])
    lines = GAME.view(s, 0, "en").splitlines()
    at = lines.index("Items:")
    assert lines[at + 1].startswith("    Aegis Charm — one of your cards")
    assert lines[at + 2] == "      ends (any turn)"  # (within 80 columns, under itself)
    assert lines[at + 3].startswith("    Railgun — destroy a face-up guardian")


def test_an_empty_deck_is_told_as_no_loss() -> None:
    """'The fleet has no card left to draw' (twice, at a guardian's draw gift) and
    'Player 1 has no card left to draw' are the 1v1 words before a loss; here the fleet
    has no deck at all and an empty deck loses nothing, and the words say so."""
    from tavolo.engine import Event

    s = position({"hand": ["thofa"]}, fleet(s0=[down("ozok")]))
    events = [Event("deck_empty", {"player": 1}), Event("deck_empty", {"player": 0})]
    assert GAME.describe_events(s, events, 0, "en") == [
        "The fleet has no deck: the gift draws nothing.",
        "You have no card left to draw (no loss: your field fights on).",
    ]
    assert "non perdi" in GAME.describe_events(s, events, 0, "it")[1]


def test_the_one_player_is_you_in_the_events_as_on_the_board() -> None:
    """The board says 'You' / 'Tu', 'your turn', 'Tocca a te', the items 'You use ...',
    but the 1v1 events said 'Player 1 draws Thofa' / 'Giocatore 1 pesca Thofa' between
    them: the one player is 'you' everywhere, with the verbs in the second person."""
    told: dict[str, list[str]] = {"en": [], "it": []}
    for mode, seed in (("navi", 1), ("navi+chimera+fessura+imboscata", 2)):
        s = GAME.new(GAME.make_config(None, mode), seed)
        chooser = RNG(seed)
        while (d := GAME.decision(s)) is not None:
            events = GAME.apply(s, d.actions[chooser.below(len(d.actions))])
            for lang in ("en", "it"):
                told[lang] += GAME.describe_events(s, events, 0, lang)
    for lang, player in (("en", "Player 1"), ("it", "Giocatore 1")):
        text = "\n".join(told[lang])
        assert player not in text
        # "you" where a template had no second person: "(you)", "of you", "You draws"
        assert not re.search(r"\(you\)|\bof you\b|\bYou \w+s\b|\btu\b|\bTu\b", text)
    en, it = set(told["en"]), set(told["it"])
    assert any(x.startswith("You draw ") for x in en) and any(x.startswith("Peschi ") for x in it)
    assert any(x.startswith("You play ") for x in en) and any(x.startswith("Giochi ") for x in it)
    assert any(x.startswith("La tua carta ") and "viene distrutta" in x for x in it)


def test_an_attack_on_a_face_down_guardian_says_its_ship_and_sleep_in_one_bracket() -> None:
    """'Thofa attacks face-down guardian 1 (Ember Maw) (gift asleep)': two brackets in a
    row read as two afterthoughts; the ship and the sleeping gift now share one."""
    s = position({"field": ["thofa"]}, fleet(s0=[down("ozok")]))
    said = {lang: GAME.describe_action(s, "attack:thofa:#0", lang) for lang in ("en", "it")}
    assert said == {
        "en": "Thofa attacks face-down guardian 1 (Ember Maw, gift asleep)",
        "it": "Thofa attacca il guardiano coperto 1 (Fauci di Brace, dono sopito)",
    }


def test_a_cards_attacks_on_the_guardians_share_one_group_numbered_as_the_board() -> None:
    """Two attackers on 25 guardians under 5 ships took two lines a ship each (up to 18
    rows of options, seed 3 at tavolo play): one card's attacks on every guardian now
    share a group, each guardian '#n' as the board numbers it, face up or down; an
    attack on a ship itself keeps its line."""
    from tavolo.engine.i18n import fit

    s = position(
        {"field": ["kharvok"], "hand": ["ozok"]},
        fleet(s0=["madu", down("zhee")], s1=[down("orrugg"), "thofa"]),
    )
    play(s, "play:ozok:up")
    d = GAME.decision(s)
    assert d is not None and d.kind == "attack", d
    groups = GAME.describe_options(s, d.actions, "en")
    assert groups is not None
    board = GAME.view(s, 0, "en").splitlines()
    attackers = {GAME.info[a.split(":")[1]].name for a in d.actions if a.startswith("attack:")}
    assert attackers
    for card in attackers:
        head, items = next(g for g in groups if g[0] == f"{card} attacks guardian")
        assert [w for _, w in items] == ["#1", "#2", "#3", "#4"], items
        for i, words in items:  # the board's '#n' is the guardian the action names
            token = d.actions[i].split(":")[2]
            slot = int(words[1:]) - 1
            assert token in (f"#{slot}", s.players[1].field[slot])
        assert len(fit(f"{head}: " + " · ".join(f"{i + 1} {w}" for i, w in items), 4)) == 1
    assert any(x.strip().startswith("#1 Madu (") for x in board), board
    assert any(x.strip().startswith("#4 Thofa (") for x in board), board


def test_a_crowded_screen_leaves_the_hand_to_the_options_and_an_items_turn_to_cards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Navi's screens still ran past 40 rows at seeds 3, 4, 6, 7 and 8 at tavolo play:
    where the screen has no room left, the board leaves the hand's names to the options
    that name every card of it, and then an item's turn ('(any turn)', which took an
    item's text to a second row) to the whole board ('cards'), which keeps both."""
    from tavolo.games.estro import view

    s = position(
        {"field": ["kharvok"], "hand": ["ozok", "thofa", "madu"]},
        fleet(s0=["zhee", down("orrugg")]),
        items=["static_veil", "truth_lens"],
    )
    for lang, when, hand in (
        ("en", "(any turn)", "Hand:"),
        ("it", "(in qualsiasi turno)", "Mano:"),
    ):
        roomy = " ".join(GAME.view(s, 0, lang).split())  # (its rows joined)
        assert when in roomy
        for rows in range(40, 0, -1):  # the roomiest screen that folds the turn
            monkeypatch.setattr(view, "ROWS", rows)  # (the items' own fold comes after)
            crowded = GAME.view(s, 0, lang)
            if when not in " ".join(crowded.split()):
                break
        assert when not in " ".join(crowded.split()) and hand not in crowded, crowded
        veil = getattr(MODE.fleet.items["static_veil"].name, lang)
        assert any(x.strip().startswith(f"{veil} — ") for x in crowded.splitlines())
        whole = GAME.details(s, 0, lang)
        assert whole is not None and when in " ".join(whole.split()) and "Ozok" in whole
        monkeypatch.setattr(view, "ROWS", 40)


def test_a_crowded_screen_puts_a_long_guardian_on_one_row_and_then_the_items_on_one_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Navi still ran past 40 rows at seeds 11, 12 and 15 at tavolo play (41-44, English
    and Italian), every fold taken: a guardian of a long name took two rows for its
    'gift' ('#12 Gearmind Colossus (Granito) ATK 12 … MAP 12 · TOT 62 ·' / 'gift'), the
    items still to come a line of their own and each item held its own. Where the screen
    has no room, such a card's line drops its ' · ' ('… MAP 12 TOT 62 gift') and the
    count goes on the items' heading ('Items (n still to come):'); then the items held
    go to their names on that line. 'cards' keeps each item's text."""
    from tavolo.games.estro import view

    def plain(board: str) -> list[str]:
        return [re.sub(r"\[/?[a-z ]*\]", "", x) for x in board.splitlines()]

    s = position(
        {"field": ["kharvok"], "hand": ["ozok"]},
        fleet(s2=["zhee", "flint_sentry", "gearmind_colossus"]),
        items=["static_veil", "truth_lens"],
    )
    for lang, heading, left in (
        ("en", "Items:", "Items still to come: "),
        ("it", "Oggetti:", "Oggetti ancora in arrivo: "),
    ):
        n = len(s.pool)
        coming = MSG.t(lang, "navi.board.items_coming", n=n, items="")
        veil, lens = (
            getattr(MODE.fleet.items[x].name, lang) for x in ("static_veil", "truth_lens")
        )
        roomy = plain(GAME.view(s, 0, lang))
        colossus = [x for x in roomy if "Gearmind Colossus" in x]
        assert "· TOT" in colossus[0] and heading in roomy and f"{left}{n}" in roomy
        seen = []
        for rows in range(40, 0, -1):
            monkeypatch.setattr(view, "ROWS", rows)
            seen.append(plain(GAME.view(s, 0, lang)))
        monkeypatch.setattr(view, "ROWS", 40)
        terse = [b for b in seen if coming in b]
        assert terse, seen[-1]  # (the heading with the count, each item on its line)
        assert any(x.strip().startswith(f"{veil} — ") for x in terse[0])
        at = [x for x in terse[0] if "Gearmind Colossus" in x]
        assert len(at) == 1 and len(at[0]) <= 80 and "· TOT" not in at[0], at
        assert f"{left}{n}" not in terse[0]
        assert seen[-1].count(f"{coming} {veil}, {lens}") == 1, seen[-1]
        whole = GAME.details(s, 0, lang)
        assert whole is not None and f"{veil} — " in whole and heading in whole
