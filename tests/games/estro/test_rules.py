"""Estro's base rules, one group of tests per rule id of shared/rules/estro.md (E-1 to E-14).

Each test builds a state with ``game.new`` or, precisely, with ``game.from_position`` and a
ScriptedRNG (dice ``{roll: N, label: attacker|defender}``, coin calls, gift chances), then
checks the state, the decisions offered and the events. The expected numbers are written
from the digest, not read back from the rules module, so a changed table makes them fail.
"""

from __future__ import annotations

from typing import Any

import pytest

from tavolo.engine import RNG, ConfigError, UnknownName, registry
from tavolo.games.estro import combat
from tavolo.games.estro.game import EstroGame
from tavolo.games.estro.schema import ESTRI, STATS
from tavolo.games.estro.state import EstroState

from .support import decision, of_kind, play, position

GAME: EstroGame = registry.get("estro")  # type: ignore[assignment]
CONFIG = GAME.make_config()

# Empty Manpo cards used to fill decks (the top of a deck is the end of the list).
FILLER = ("glyph_crawler", "sulfur_sage", "ochre_monk", "amber_idol", "yolk_engine")
# One empty card per estro, in ESTRI order.
REP = {
    "ardo": "ozok",
    "granito": "ossu",
    "armonio": "yssel",
    "illusio": "thofa",
    "manpo": "gold_fractal",
}
ARDO, GRANITO, ARMONIO, ILLUSIO, MANPO = range(5)

# E-8 as the digest states it: the estri that get +5 on their primary stat for each face.
DIE_TABLE = {
    1: {"granito", "manpo"},
    2: {"manpo", "armonio"},
    3: {"manpo", "granito", "illusio"},
    4: {"ardo"},
    5: {"armonio", "illusio"},
    6: {"illusio", "ardo"},
}
# E-9 as the digest states it: row = attacker's estro, column = defender's.
MATCHUP_TABLE = {
    "ardo": {"ardo": 0, "granito": 2, "armonio": 10, "illusio": -5, "manpo": -10},
    "granito": {"ardo": -2, "granito": 0, "armonio": 2, "illusio": 5, "manpo": 10},
    "armonio": {"ardo": -10, "granito": -2, "armonio": 0, "illusio": 10, "manpo": 5},
    "illusio": {"ardo": 10, "granito": -10, "armonio": 5, "illusio": 0, "manpo": 2},
    "manpo": {"ardo": 5, "granito": 2, "armonio": -2, "illusio": 10, "manpo": 0},
}


# ------------------------------------------------------------------------------ helpers --
def index_of(events: list[dict[str, Any]], kind: str, **match: Any) -> int:
    for i, e in enumerate(events):
        if e["kind"] == kind and all(e.get(k) == v for k, v in match.items()):
            return i
    raise AssertionError(f"no {kind} event with {match} in {events}")


def rolls(*faces: int) -> list[dict[str, Any]]:
    """Scripted dice for battles: attacker, defender, attacker, defender, ..."""
    labels = ("attacker", "defender")
    return [{"roll": f, "label": labels[i % 2]} for i, f in enumerate(faces)]


def base(card: str) -> list[int]:
    return list(GAME.info[card].stats)


def plus(card: str, **delta: int) -> list[int]:
    v = base(card)
    for k, x in delta.items():
        v[STATS.index(k)] += x
    return v


def bonus(face: int | None, estro: str) -> int:
    return 5 if face is not None and estro in DIE_TABLE[face] else 0


def random_playout(seed: int, chooser_seed: int) -> tuple[EstroState, list[str]]:
    s = GAME.new(CONFIG, seed)
    rng = RNG(chooser_seed)
    taken = []
    while (d := GAME.decision(s)) is not None:
        a = d.actions[rng.below(len(d.actions))]
        GAME.apply(s, a)
        taken.append(a)
    return s, taken


# ------------------------------------------------------------------------------- E-1 --
@pytest.mark.parametrize("seed", range(6))
def test_E_1_random_decks_are_25_distinct_cards(seed: int) -> None:
    s = GAME.new(CONFIG, seed)
    assert len(s.players) == 2
    for pl in s.players:
        cards = pl.deck + pl.hand + pl.field + pl.inc
        assert len(cards) == 25
        assert len(set(cards)) == 25
        assert set(cards) <= set(GAME.ids)


def test_E_1_random_decks_depend_on_the_seed() -> None:
    decks = {frozenset(GAME.new(CONFIG, seed).players[0].deck) for seed in range(8)}
    assert len(decks) > 4


def test_E_1_twenty_card_list_gets_five_random_cards() -> None:
    chosen = list(GAME.ids[:20])
    config = GAME.make_config(decks=[chosen, None])
    extras = set()
    for seed in range(10):
        s = GAME.new(config, seed)
        pl = s.players[0]
        cards = pl.deck + pl.hand
        assert len(cards) == 25 == len(set(cards))
        assert set(chosen) <= set(cards)
        added = frozenset(cards) - set(chosen)
        assert len(added) == 5
        extras.add(added)
        other = s.players[1].deck + s.players[1].hand
        assert len(other) == 25 == len(set(other))
    assert len(extras) > 1  # the five are random, not always the same


def test_E_1_twenty_five_card_list_is_the_deck() -> None:
    chosen = list(GAME.ids[-25:])
    s = GAME.new(GAME.make_config(decks=[None, chosen]), 3)
    pl = s.players[1]
    assert sorted(pl.deck + pl.hand) == sorted(chosen)


@pytest.mark.parametrize(
    ("options", "error", "words"),
    [
        ({"decks": [list(GAME.ids[:19]), None]}, ConfigError, "19 cards"),
        ({"decks": [list(GAME.ids[:21]), None]}, ConfigError, "21 cards"),
        ({"decks": [[*GAME.ids[:19], GAME.ids[0]], None]}, ConfigError, "repeats"),
        ({"decks": [None, [*GAME.ids[:19], "no_such_card"]]}, UnknownName, "no_such_card"),
        ({"decks": [list(GAME.ids[:20])]}, ConfigError, "two decks"),
        ({"decks": "starter"}, ConfigError, "two decks"),
        ({"decks": [[1] * 20, None]}, ConfigError, "list of card ids"),
        ({"first": 2}, ConfigError, "first"),
        ({"colour": "red"}, ConfigError, "colour"),
    ],
    ids=["19", "21", "repeat", "unknown", "one-deck", "not-a-list", "not-ids", "first", "option"],
)
def test_E_1_bad_deck_options_are_refused(
    options: dict[str, Any], error: type[Exception], words: str
) -> None:
    with pytest.raises(error, match=words):
        GAME.make_config(**options)


def test_E_1_two_players_only() -> None:
    with pytest.raises(ConfigError):
        GAME.make_config(players=3)


# ------------------------------------------------------------------------------- E-2 --
def test_E_2_every_zone_occurs_over_seeds() -> None:
    zones = {GAME.new(CONFIG, seed).zone for seed in range(80)}
    assert zones == set(range(5))


def test_E_2_zone_depends_only_on_the_seed() -> None:
    for seed in range(10):
        assert GAME.new(CONFIG, seed).zone == GAME.new(CONFIG, seed).zone


@pytest.mark.parametrize("seed", [1, 2])
def test_E_2_one_zone_for_the_whole_game(seed: int) -> None:
    s = GAME.new(CONFIG, seed)
    zone = s.zone
    name = GAME.observe(s, None)["zone"]
    rng = RNG(seed)
    while (d := GAME.decision(s)) is not None:
        GAME.apply(s, d.actions[rng.below(len(d.actions))])
        assert s.zone == zone
        assert GAME.observe(s, 0)["zone"] == name
    assert s.result is not None


# ------------------------------------------------------------------------------- E-3 --
@pytest.mark.parametrize("first", [0, 1])
def test_E_3_five_cards_each_and_the_first_player_draws_the_sixth(first: int) -> None:
    s = GAME.new(GAME.make_config(first=first), 11)
    me, other = s.players[first], s.players[1 - first]
    assert len(me.hand) == 6 and len(me.deck) == 19
    assert len(other.hand) == 5 and len(other.deck) == 20
    assert me.field == [] and other.field == []
    assert (s.turn, s.round, s.active) == (1, 1, first)
    d = decision(s)
    assert (d.player, d.kind) == (first, "play")


def test_E_3_first_player_is_random_without_the_option() -> None:
    firsts = {GAME.new(CONFIG, seed).first for seed in range(30)}
    assert firsts == {0, 1}


def test_E_3_second_player_draws_on_their_first_turn() -> None:
    s = GAME.new(GAME.make_config(first=0), 5)
    card = s.players[0].hand[0]
    play(s, f"play:{card}:down")  # nothing to attack, no zone action: the turn ends
    assert (s.turn, s.active) == (2, 1)
    assert len(s.players[1].hand) == 6 and len(s.players[1].deck) == 19
    assert len(s.players[0].hand) == 5


# ------------------------------------------------------------------------------- E-4 --
def test_E_4_draw_is_mandatory_at_the_start_of_the_turn() -> None:
    s = position(
        {"field": ["vurrax"]},
        {"field": ["ossu"], "hand": ["ozok"], "deck": ["thofa", "brakka"]},
        phase="battle",
    )
    events = play(s, "end")
    assert of_kind(events, "turn", player=1)
    assert of_kind(events, "draw", player=1, card="brakka")
    assert s.players[1].hand == ["ozok", "brakka"] and s.players[1].deck == ["thofa"]
    assert decision(s).player == 1


def test_E_4_play_is_mandatory_no_pass_before_the_first_play() -> None:
    s = position({"hand": ["ozok", "thofa"], "field": ["vurrax"]}, {"field": ["ossu"]})
    d = decision(s)
    assert d.kind == "play"
    assert set(d.actions) == {
        "play:ozok:up",
        "play:ozok:down",
        "play:thofa:up",
        "play:thofa:down",
    }
    assert "pass" not in d.actions and "end" not in d.actions


def test_E_4_at_most_one_play_per_turn() -> None:
    s = position({"hand": ["ozok", "thofa", "yssel"]}, {"field": ["ossu"]})
    play(s, "play:ozok:up")
    d = decision(s)
    assert d.kind == "attack"
    assert not [a for a in d.actions if a.startswith(("play:", "reveal:"))]
    assert s.players[0].field == ["ozok"]


def test_E_4_pass_is_offered_for_extra_plays_only() -> None:
    # Kindred Spore: once, on play, with 3+ cards in hand: one extra play
    s = position({"hand": ["kindred_spore", "ozok", "thofa", "yssel"]}, {"field": ["ossu"]})
    play(s, "play:kindred_spore:up")
    d = decision(s)
    assert d.kind == "play" and "pass" in d.actions and "play:ozok:up" in d.actions
    play(s, "pass")
    assert decision(s).kind == "attack"
    assert s.players[0].field == ["kindred_spore"]


def test_E_4_extra_play_puts_a_second_card_on_the_field() -> None:
    s = position({"hand": ["kindred_spore", "ozok", "thofa", "yssel"]}, {"field": ["ossu"]})
    play(s, "play:kindred_spore:up", "play:ozok:down")
    assert s.players[0].field == ["kindred_spore", "ozok"]
    assert decision(s).kind == "attack"


def test_E_4_face_up_and_face_down_plays() -> None:
    s = position({"hand": ["ozok"]}, {"field": ["ossu"], "hand": ["thofa"]})
    events = play(s, "play:ozok:down")
    assert s.players[0].down == {"ozok"}
    assert GAME.stats(s, 0, "ozok") == [0, 0, 0, 0, 0]
    # the opponent sees a face-down card, not which one
    assert of_kind(events, "play", player=0, face_down=True)
    seen = GAME.observe(s, 1)["players"][0]["field"]
    assert seen == [{"face_down": True, "slot": 0}]
    assert GAME.observe(s, 0)["players"][0]["field"] == [{"id": "ozok", "face_down": True}]
    assert s.active == 1  # a face-down card cannot attack: the turn ended by itself
    play(s, "play:thofa:up")
    assert s.players[1].down == set()
    assert GAME.stats(s, 1, "thofa") == plus("thofa", dex=2)  # zone civile


def test_E_4_face_down_play_event_is_hidden_from_the_opponent() -> None:
    s = position({"hand": ["ozok"]}, {"field": ["ossu"]})
    events = GAME.apply(s, "play:ozok:down")
    ev = next(e for e in events if e.kind == "play")
    assert ev.to_json(0)["card"] == "ozok"
    assert "card" not in (ev.to_json(1) or {})


def test_E_4_up_to_two_attacks_each_by_a_different_card() -> None:
    s = position(
        {"field": ["vurrax", "skorvun", "hullbreaker"]},
        {"field": ["thofa", "zhee", "violet_needle"]},
        rolls(1, 1, 1, 1),
        zone="medica",
        active=1,
        phase="battle",
    )
    play(s, "end", "play:yolk_engine:down")  # a new turn of the first player
    assert s.attacks == 2
    d = decision(s)
    attackers = {a.split(":")[1] for a in d.actions if a.startswith("attack:")}
    assert attackers == {"vurrax", "skorvun", "hullbreaker"}
    play(s, "attack:vurrax:thofa")
    d = decision(s)
    assert d.kind == "attack"
    assert not [a for a in d.actions if a.startswith("attack:vurrax:")]
    assert [a for a in d.actions if a.startswith("attack:skorvun:")]
    events = play(s, "attack:skorvun:zhee")
    assert of_kind(events, "turn", player=1)  # no third attack: the turn ended
    assert s.active == 1


def test_E_4_end_of_turn_discard_down_to_five() -> None:
    hand = ["ozok", "vurrax", "thofa", "yssel", "ossu", "brakka", "zhee"]
    s = position({"hand": hand}, {"field": []}, phase="battle")
    d = decision(s)
    assert (d.player, d.kind) == (0, "discard")
    assert set(d.actions) == {f"discard:{c}" for c in hand}
    events = play(s, "discard:zhee")
    assert decision(s).kind == "discard"
    events += play(s, "discard:ozok")
    assert of_kind(events, "discard", player=0, card="zhee")
    assert of_kind(events, "discard", player=0, card="ozok")
    assert sorted(s.players[0].hand) == sorted(set(hand) - {"zhee", "ozok"})
    assert s.players[0].inc == ["zhee", "ozok"]
    assert s.active == 1


def test_E_4_no_discard_with_five_cards() -> None:
    hand = ["ozok", "vurrax", "thofa", "yssel", "ossu"]
    s = position({"hand": hand, "field": ["kharvok"]}, {"field": ["brakka"]}, phase="battle")
    events = play(s, "end")
    assert not of_kind(events, "discard")
    assert s.players[0].hand == hand and s.active == 1


# ------------------------------------------------------------------------------- E-5 --
def test_E_5_active_players_gift_first_then_the_opponents_reaction() -> None:
    # Madu (on play, coin: DEX +10) against Red Vigil (passive, opponent plays: ATK +2)
    s = position(
        {"hand": ["madu"]},
        {"field": ["red_vigil"]},
        [{"coin": "heads", "label": "coin call"}],
    )
    events = play(s, "play:madu:up")
    mine = index_of(events, "gift", player=0, card="madu", trigger="play")
    theirs = index_of(events, "gift", player=1, card="red_vigil", trigger="opp_play")
    assert mine < theirs
    assert index_of(events, "chance", card="madu") < theirs
    assert GAME.stats(s, 0, "madu") == plus("madu", dex=12)  # +10 gift, +2 zone civile
    assert GAME.stats(s, 1, "red_vigil") == plus("red_vigil", atk=2)


def test_E_5_opponents_counter_resolves_first_and_cancels() -> None:
    s = position(
        {"hand": ["madu"]},
        {"field": ["null_bulwark"]},
        [{"coin": "heads", "label": "coin call"}],
    )
    events = play(s, "play:madu:up")
    counter = index_of(events, "gift", player=1, card="null_bulwark", trigger="opp_gift")
    cancelled = index_of(events, "countered", player=0, card="madu")
    assert counter < cancelled
    assert not of_kind(events, "chance")  # Madu's coin was never flipped
    assert not of_kind(events, "gift", card="madu")
    assert s.rng.script == [{"coin": "heads", "label": "coin call"}]  # type: ignore[attr-defined]
    assert GAME.stats(s, 0, "madu") == plus("madu", dex=2)
    assert "madu" in s.players[0].spent and "null_bulwark" in s.players[1].spent


def test_E_5_attackers_gift_resolves_before_the_defenders() -> None:
    # Cinder Maw (attack: +4 ATK) attacks Bastion Shell (defend: +5 DEF)
    s = position(
        {"field": ["cinder_maw"]},
        {"field": ["bastion_shell"]},
        rolls(1, 2),
        phase="battle",
    )
    events = play(s, "attack:cinder_maw:bastion_shell")
    att = index_of(events, "gift", card="cinder_maw", trigger="attack")
    dfd = index_of(events, "gift", card="bastion_shell", trigger="defend")
    assert att < dfd < index_of(events, "battle")


def test_E_5_optional_gift_offers_use_or_skip() -> None:
    s = position({"hand": ["nyxara"]}, {"field": ["ossu"]})
    play(s, "play:nyxara:up")
    d = decision(s)
    assert (d.player, d.kind) == (0, "gift_optional")
    assert set(d.actions) == {"gift:use", "gift:skip"}
    assert d.params["card"] == "nyxara"


def test_E_5_non_optional_gift_triggers_without_asking() -> None:
    s = position({"hand": ["madu"]}, {"field": ["ossu"]}, [{"coin": "tails"}])
    events = play(s, "play:madu:up")
    assert of_kind(events, "chance", card="madu", success=False)
    assert decision(s).kind == "attack"


def test_E_5_optional_gift_is_offered_before_a_counter_answers() -> None:
    s = position({"hand": ["nyxara"]}, {"field": ["null_bulwark"]})
    events = play(s, "play:nyxara:up")
    assert not of_kind(events, "countered")
    d = decision(s)
    assert (d.player, d.kind) == (0, "gift_optional")
    play(s, "gift:skip")
    assert "null_bulwark" not in s.players[1].spent  # its counter was not wasted


# ------------------------------------------------------------------------------- E-6 --
def test_E_6_face_down_card_has_no_stats_and_cannot_attack() -> None:
    s = position(
        {"field": [{"id": "vurrax", "face_down": True}, "ozok"]},
        {"field": ["ossu"]},
        phase="battle",
    )
    assert GAME.stats(s, 0, "vurrax") == [0, 0, 0, 0, 0]
    assert GAME.tot(s, 0, "vurrax") == 0
    attacks = [a for a in decision(s).actions if a.startswith("attack:")]
    assert attacks == ["attack:ozok:ossu"]


def test_E_6_face_down_card_is_destroyed_by_any_attack_without_dice() -> None:
    # the weakest attacker (ATK 7) against a face-down Kharvok (TOT 76)
    s = position(
        {"field": ["lumen_frond"]},
        {"field": [{"id": "kharvok", "face_down": True}]},
        rolls(6, 6),
        phase="battle",
    )
    assert decision(s).actions[0] == "attack:lumen_frond:#0"
    events = play(s, "attack:lumen_frond:#0")
    assert of_kind(events, "attack", defender=None, slot=0)
    assert of_kind(events, "battle", rule="face_down")
    assert of_kind(events, "destroyed", player=1, card="kharvok", cause="battle")
    assert s.players[1].field == [] and s.players[1].inc == ["kharvok"]
    assert len(s.rng.script) == 2  # type: ignore[attr-defined]  # no die was rolled


def test_E_6_reveal_instead_of_playing_triggers_the_gift() -> None:
    s = position(
        {"field": [{"id": "madu", "face_down": True}], "hand": ["ozok"]},
        {"field": ["ossu"]},
        [{"coin": "heads", "label": "coin call"}],
    )
    d = decision(s)
    assert "reveal:madu" in d.actions and "play:ozok:up" in d.actions
    events = play(s, "reveal:madu")
    assert of_kind(events, "reveal", player=0, card="madu")
    assert of_kind(events, "gift", card="madu", trigger="play")
    assert s.players[0].down == set()
    assert GAME.stats(s, 0, "madu") == plus("madu", dex=12)
    d = decision(s)  # revealing was the turn's play
    assert d.kind == "attack"
    assert not [a for a in d.actions if a.startswith(("play:", "reveal:"))]
    assert s.players[0].hand == ["ozok"]


@pytest.mark.parametrize(("call", "saved"), [("heads", True), ("tails", False)])
def test_E_6_death_gift_still_saves_a_face_down_card(call: str, saved: bool) -> None:
    # Tomb Plate: once, on destruction, coin: it is not destroyed
    s = position(
        {"field": ["vurrax"]},
        {"field": [{"id": "tomb_plate", "face_down": True}]},
        [{"coin": call, "label": "coin call"}],
        phase="battle",
    )
    events = play(s, "attack:vurrax:#0")
    assert of_kind(events, "reveal", player=1, card="tomb_plate", falling=True)
    assert of_kind(events, "gift", card="tomb_plate", trigger="destroyed")
    if saved:
        assert of_kind(events, "saved", player=1, card="tomb_plate", by="gift")
        assert s.players[1].field == ["tomb_plate"]
        assert not of_kind(events, "destroyed")
    else:
        assert of_kind(events, "destroyed", player=1, card="tomb_plate")
        assert s.players[1].inc == ["tomb_plate"]


# ------------------------------------------------------------------------------- E-7 --
def test_E_7_defender_does_not_roll_in_round_1() -> None:
    s = position(
        {"field": ["ozok"]},
        {"field": ["vurrax"]},
        [{"roll": 2, "label": "attacker"}],
        round=1,
        first=0,
        active=1,
        phase="battle",
    )
    assert (s.round, s.turn) == (1, 2)
    events = play(s, "attack:vurrax:ozok")
    (battle,) = of_kind(events, "battle")
    assert battle["att_die"] == 2 and battle["def_die"] is None


def test_E_7_both_roll_from_round_2() -> None:
    s = position({"field": ["ozok"]}, {"field": ["vurrax"]}, rolls(2, 3), active=1, phase="battle")
    events = play(s, "attack:vurrax:ozok")
    (battle,) = of_kind(events, "battle")
    assert (battle["att_die"], battle["def_die"]) == (2, 3)


def test_E_7_defender_rolls_in_round_1_for_a_card_a_gift_put_on_the_field() -> None:
    # round 1: Chorus Bloom (Incinerator >= 3: revive to the field) brings Ozok back
    s = position(
        {"hand": ["chorus_bloom"], "incinerator": ["ozok", "vurrax", "skorvun"]},
        {"field": ["hullbreaker", "dreadspur"], "hand": ["brakka"]},
        [*rolls(1, 2), {"roll": 1, "label": "attacker"}],
        round=1,
        first=0,
        active=0,
    )
    play(s, "play:chorus_bloom:up")
    d = decision(s)
    assert d.kind == "revive" and set(d.actions) == {
        "revive:ozok",
        "revive:vurrax",
        "revive:skorvun",
    }
    play(s, "revive:ozok", "end")
    assert "ozok" in s.players[0].summoned and s.round == 1 and s.active == 1
    play(s, "play:brakka:down")
    events = play(s, "attack:hullbreaker:ozok")
    (summoned,) = of_kind(events, "battle")
    assert summoned["def_die"] == 2
    events = play(s, "attack:dreadspur:chorus_bloom")
    (played,) = of_kind(events, "battle")
    assert played["def_die"] is None


# ------------------------------------------------------------------------------- E-8 --
@pytest.mark.parametrize("face", range(1, 7))
@pytest.mark.parametrize("estro", ESTRI)
def test_E_8_die_bonus_table(face: int, estro: str) -> None:
    e = ESTRI.index(estro)
    flat = [10, 10, 10, 10, 10]
    want = 5 if estro in DIE_TABLE[face] else 0
    v = combat.judge(flat, e, flat, e, face, None)
    assert v.attacker.die_bonus == want
    assert v.attacker.primary == 10 + want
    assert v.attacker.stats == tuple(10 + (want if i == e else 0) for i in range(5))
    w = combat.judge(flat, e, flat, e, None, face)
    assert w.defender.die_bonus == want and w.defender.primary == 10 + want
    assert w.attacker.die_bonus == 0  # no die, no bonus


@pytest.mark.parametrize("face", range(1, 7))
def test_E_8_die_bonus_in_a_battle(face: int) -> None:
    # Ozok (Ardo) attacks Thofa (Illusio), both roll the same face; zone Controllo (Manpo)
    s = position(
        {"field": ["ozok"]},
        {"field": ["thofa"]},
        rolls(face, face),
        zone="controllo",
        phase="battle",
    )
    (battle,) = of_kind(play(s, "attack:ozok:thofa"), "battle")
    assert battle["att_primary"] == 16 + bonus(face, "ardo")
    assert battle["def_primary"] == 28 + bonus(face, "illusio")
    assert battle["att_tot"] == 72 + bonus(face, "ardo") - 5
    assert battle["def_tot"] == 76 + bonus(face, "illusio")


# ------------------------------------------------------------------------------- E-9 --
PAIRS = [(a, d) for a in ESTRI for d in ESTRI]


@pytest.mark.parametrize(("att", "dfd"), PAIRS, ids=[f"{a}-{d}" for a, d in PAIRS])
def test_E_9_matchup_table(att: str, dfd: str) -> None:
    flat = [10, 10, 10, 10, 10]
    m = MATCHUP_TABLE[att][dfd]
    v = combat.judge(flat, ESTRI.index(att), flat, ESTRI.index(dfd), None, None)
    assert v.attacker.matchup == m
    assert v.attacker.tot == 50 + m
    assert v.defender.matchup == 0 and v.defender.tot == 50  # only the attacker's TOT
    assert v.rule == ("tot" if m > 0 else "none")


@pytest.mark.parametrize(("att", "dfd"), PAIRS, ids=[f"{a}-{d}" for a, d in PAIRS])
def test_E_9_matchup_in_a_battle(att: str, dfd: str) -> None:
    a, d = REP[att], REP[dfd]
    s = position({"field": [a]}, {"field": [d]}, rolls(4, 4), zone="medica", phase="battle")
    ta, td = GAME.tot(s, 0, a), GAME.tot(s, 1, d)
    events = play(s, f"attack:{a}:{d}")
    battle = of_kind(events, "battle")[0]
    assert battle["matchup"] == MATCHUP_TABLE[att][dfd]
    assert battle["att_tot"] == ta + bonus(4, att) + MATCHUP_TABLE[att][dfd]
    assert battle["def_tot"] == td + bonus(4, dfd)


# ------------------------------------------------------------------------------ E-10 --
ZONES = {
    "militare": "ardo",
    "sviluppo_tech": "granito",
    "medica": "armonio",
    "civile": "illusio",
    "controllo": "manpo",
}


@pytest.mark.parametrize("zone", ZONES)
def test_E_10_zone_adds_2_to_its_estros_primary_on_both_sides(zone: str) -> None:
    cards = list(REP.values())
    s = position({"field": cards}, {"field": cards}, zone=zone, phase="battle")
    assert s.zone == ESTRI.index(ZONES[zone])
    for p in (0, 1):
        for estro, card in REP.items():
            want = base(card)
            if estro == ZONES[zone]:
                want[ESTRI.index(estro)] += 2
            assert GAME.stats(s, p, card) == want, (p, card)


def test_E_10_no_zone_bonus_for_a_face_down_card() -> None:
    s = position({"field": [{"id": "thofa", "face_down": True}]}, {"field": ["thofa"]})
    assert GAME.stats(s, 0, "thofa") == [0, 0, 0, 0, 0]
    assert GAME.stats(s, 1, "thofa") == plus("thofa", dex=2)


def test_E_10_zone_bonus_in_battle_for_both_cards() -> None:
    # zone Militare: Ozok attacks Vurrax, both Ardo, both at +2 ATK
    s = position(
        {"field": ["ozok"]}, {"field": ["vurrax"]}, rolls(1, 1), zone="militare", phase="battle"
    )
    (battle,) = of_kind(play(s, "attack:ozok:vurrax"), "battle")
    assert (battle["att_primary"], battle["def_primary"]) == (18, 30)
    assert (battle["att_tot"], battle["def_tot"]) == (74, 72)


# ------------------------------------------------------------------------------ E-11 --
def test_E_11_more_than_double_primary_destroys_whatever_the_tots() -> None:
    v = combat.judge([21, 0, 0, 0, 0], ARDO, [10, 40, 40, 40, 40], ARDO, None, None)
    assert v.attacker.tot < v.defender.tot
    assert v.rule == "primary" and v.destroyed


def test_E_11_exactly_double_is_not_enough() -> None:
    v = combat.judge([20, 0, 0, 0, 0], ARDO, [10, 40, 40, 40, 40], ARDO, None, None)
    assert v.rule == "none" and not v.destroyed


def test_E_11_otherwise_tot_must_be_strictly_greater() -> None:
    same = combat.judge([12, 10, 10, 10, 10], ARDO, [10, 12, 10, 10, 10], ARDO, None, None)
    assert same.attacker.tot == same.defender.tot and same.rule == "none"
    more = combat.judge([12, 10, 10, 10, 11], ARDO, [10, 12, 10, 10, 10], ARDO, None, None)
    assert more.rule == "tot"


@pytest.mark.parametrize(("def_mod", "rule"), [(-16, "none"), (-17, "primary")])
def test_E_11_double_rule_in_a_battle(def_mod: int, rule: str) -> None:
    # Vurrax ATK 28 against Monolith Grub's DEF 30 + def_mod (14: exactly double; 13: more),
    # the Grub's TOT raised by HEL +40 so that the TOT comparison alone would fail
    grub = {"id": "monolith_grub", "mods": {"def": def_mod, "hel": 40}}
    s = position({"field": ["vurrax"]}, {"field": [grub]}, rolls(1, 2), phase="battle")
    events = play(s, "attack:vurrax:monolith_grub")
    (battle,) = of_kind(events, "battle")
    assert battle["att_primary"] == 28 and battle["def_primary"] == 30 + def_mod
    assert battle["att_tot"] < battle["def_tot"]
    assert battle["rule"] == rule
    assert bool(of_kind(events, "destroyed")) == (rule == "primary")


def test_E_11_attacker_is_never_destroyed_by_a_failed_attack() -> None:
    # Ozok attacks Thofa and fails (67 vs 76): nothing happens to either card
    s = position(
        {"field": ["ozok"]}, {"field": ["thofa"]}, rolls(1, 1), zone="controllo", phase="battle"
    )
    events = play(s, "attack:ozok:thofa")
    assert of_kind(events, "battle", rule="none")
    assert not of_kind(events, "destroyed")
    assert s.players[0].field == ["ozok"] and s.players[1].field == ["thofa"]
    assert s.players[0].inc == [] and s.players[1].inc == []


def test_E_11_battle_only_bonuses_vanish_after_the_battle() -> None:
    # Cinder Maw: +4 ATK while attacking; it rolls 4 (+5 ATK); zone Militare (+2 ATK)
    s = position(
        {"field": ["cinder_maw"]},
        {"field": ["thofa"]},
        rolls(4, 1),
        zone="militare",
        phase="battle",
    )
    events = play(s, "attack:cinder_maw:thofa")
    (battle,) = of_kind(events, "battle")
    assert battle["att_primary"] == 22 + 4 + 5 + 2
    assert s.battle is None
    assert GAME.stats(s, 0, "cinder_maw") == plus("cinder_maw", atk=2)
    assert s.players[0].mods == {}


# ------------------------------------------------------------------------------ E-12 --
def test_E_12_destroyed_card_goes_to_its_owners_incinerator() -> None:
    s = position({"field": ["kharvok"]}, {"field": ["yssel"]}, rolls(1, 1), phase="battle")
    events = play(s, "attack:kharvok:yssel")
    assert of_kind(events, "destroyed", player=1, card="yssel", cause="battle")
    assert s.players[1].inc == ["yssel"] and s.players[0].inc == []
    assert "yssel" not in s.players[1].field


def test_E_12_discarded_cards_go_to_their_owners_incinerator() -> None:
    # Hush Phantom: once, on play: the opponent discards a card at random
    s = position(
        {"hand": ["hush_phantom"]},
        {"field": ["ossu"], "hand": ["ozok", "thofa"]},
        [{"draw": "thofa", "label": "random discard"}],
    )
    events = play(s, "play:hush_phantom:up")
    assert of_kind(events, "discard", player=1, card="thofa")
    assert s.players[1].inc == ["thofa"] and s.players[1].hand == ["ozok"]
    assert s.players[0].inc == []


def test_E_12_only_gifts_bring_cards_back() -> None:
    # Mender Moth: once, on play: a card of your Incinerator back to your hand
    s = position({"hand": ["mender_moth"], "incinerator": ["ozok"]}, {"field": ["ossu"]})
    d = decision(s)
    assert not [a for a in d.actions if "ozok" in a]  # nothing plays from the Incinerator
    events = play(s, "play:mender_moth:up")
    assert of_kind(events, "revive", player=0, card="ozok", to="hand")
    assert s.players[0].inc == [] and s.players[0].hand == ["ozok"]


def test_E_12_revived_card_comes_back_without_its_old_changes() -> None:
    # Madu won its coin (DEX +10) earlier; it is destroyed, then revived by Chorus Bloom
    madu = {"id": "madu", "mods": {"dex": 10}, "spent": True}
    s = position(
        {"field": [madu], "hand": ["chorus_bloom"], "incinerator": ["ozok", "vurrax"]},
        {"field": ["kharvok"]},
        rolls(1, 1),
        zone="medica",
        active=1,
        phase="battle",
    )
    assert GAME.stats(s, 0, "madu")[3] == 33
    play(s, "attack:kharvok:madu", "pass")  # Kharvok 75 > Madu 66; no Medica save
    assert s.players[0].inc[-1] == "madu"
    play(s, "play:chorus_bloom:up", "revive:madu")
    assert "madu" in s.players[0].field
    assert GAME.stats(s, 0, "madu") == base("madu")


# ------------------------------------------------------------------------------ E-13 --
def test_E_13_battle_only_gift_change_does_not_persist() -> None:
    # Frost Keel (defend, foe Ardo: the foe's ATK -6 for the battle)
    s = position({"field": ["vurrax"]}, {"field": ["frost_keel"]}, rolls(1, 2), phase="battle")
    events = play(s, "attack:vurrax:frost_keel")
    (battle,) = of_kind(events, "battle")
    assert battle["att_primary"] == 28 - 6
    assert GAME.stats(s, 0, "vurrax") == base("vurrax")


def test_E_13_die_bonus_exists_only_in_battle() -> None:
    s = position(
        {"field": ["ozok"]}, {"field": ["thofa"]}, rolls(6, 6), zone="controllo", phase="battle"
    )
    (battle,) = of_kind(play(s, "attack:ozok:thofa"), "battle")
    assert battle["att_primary"] == 21
    assert GAME.stats(s, 0, "ozok") == base("ozok")
    assert GAME.stats(s, 1, "thofa") == base("thofa")


def test_E_13_declined_optional_gift_does_not_come_back() -> None:
    # Pale Choir: once, on play, optional: the Armonio cards' HEL doubled (chance = TOT%)
    s = position(
        {"hand": ["pale_choir", "ozok", "vurrax"], "field": ["yssel"]},
        {"field": ["ossu"], "hand": ["brakka", "thofa"]},
        [{"chance": True, "label": "gift chance"}] * 3,
    )
    play(s, "play:pale_choir:up")
    assert decision(s).kind == "gift_optional"
    events = play(s, "gift:skip")
    assert of_kind(events, "gift_skipped", player=0, card="pale_choir")
    kinds = []
    for a0, a1 in (("play:ozok:down", "play:brakka:down"), ("play:vurrax:down", "play:thofa:down")):
        play(s, "end", a1, "end", a0)
        kinds.append(decision(s).kind)
    assert "gift_optional" not in kinds
    assert GAME.stats(s, 0, "pale_choir") == base("pale_choir")
    assert GAME.stats(s, 0, "yssel") == base("yssel")
    assert len(s.rng.script) == 3  # type: ignore[attr-defined]


def test_E_13_once_gift_whose_condition_fails_at_its_moment_is_lost() -> None:
    # Scarlet Howler: once, on play, if the opponent has 2+ field cards: one extra attack
    s = position(
        {"hand": ["scarlet_howler"], "field": ["vurrax"]},
        {"field": ["ossu"], "hand": ["brakka"]},
        rolls(1, 1, 1, 1, 1, 1, 1, 1),
    )
    events = play(s, "play:scarlet_howler:up")
    assert not of_kind(events, "gift", card="scarlet_howler")
    assert s.attacks == 2
    play(s, "end", "play:brakka:up", "end")  # now the opponent has 2 field cards
    assert len(s.players[1].field) == 2 and s.active == 0
    assert s.attacks == 2  # no late extra attack
    assert "scarlet_howler" not in s.players[0].spent


# ------------------------------------------------------------------------------ E-14 --
def test_E_14a_empty_field_after_round_5_loses() -> None:
    s = position({"field": []}, {"field": ["ozok"]}, round=5, active=1, phase="battle")
    # nothing to attack and no zone action: the turn ends, round 5 is over
    assert GAME.is_over(s)
    assert (s.result, s.reason, s.turn) == ((0.0, 1.0), "empty_field", 10)


def test_E_14a_empty_field_in_round_3_does_not_end_the_game() -> None:
    s = position({"field": []}, {"field": ["ozok"]}, round=3, active=1, phase="battle")
    assert not GAME.is_over(s)
    assert s.turn == 7 and decision(s).player == 0


def test_E_14a_checked_only_from_the_end_of_round_5() -> None:
    # end of turn 9 (round 5, first player's turn): no check yet; end of turn 10: checked
    s = position(
        {"field": ["ozok"]}, {"field": [], "hand": ["thofa"]}, round=5, active=0, phase="battle"
    )
    assert not GAME.is_over(s) and s.turn == 10
    play(s, "play:thofa:down")
    assert not GAME.is_over(s) and s.turn == 11


def test_E_14a_destroying_the_last_card_after_round_5_wins() -> None:
    s = position(
        {"field": ["kharvok"]},
        {"field": [{"id": "lumen_frond", "face_down": True}]},
        round=6,
        phase="battle",
    )
    events = play(s, "attack:kharvok:#0")
    assert of_kind(events, "end", winner=0, reason="empty_field")
    assert s.result == (1.0, 0.0)


def test_E_14a_both_fields_empty_is_no_win() -> None:
    s = position({"field": []}, {"field": [], "hand": ["ozok"]}, round=6, phase="battle")
    assert not GAME.is_over(s)


def test_E_14b_empty_deck_and_hand_at_the_draw_loses() -> None:
    s = position({"field": ["ozok"]}, {"field": ["thofa"], "hand": [], "deck": []}, phase="battle")
    events = play(s, "end")
    assert of_kind(events, "deck_empty", player=1)
    assert of_kind(events, "end", winner=0, reason="no_cards")
    assert s.result == (1.0, 0.0)


def test_E_14b_empty_deck_with_a_hand_plays_on() -> None:
    s = position(
        {"field": ["ozok"]}, {"field": ["thofa"], "hand": ["yssel"], "deck": []}, phase="battle"
    )
    events = play(s, "end")
    assert of_kind(events, "deck_empty", player=1)
    assert not GAME.is_over(s)
    assert decision(s).actions[:2] == ("play:yssel:up", "play:yssel:down")


LAST = [
    # (player 0's field, player 1's field, winner)
    (["thofa"], ["ozok", "vurrax"], 1),  # 1 card vs 2, 78 vs 142
    (["ozok", "vurrax"], ["thofa"], 0),
    (["kharvok"], [{"id": "ozok", "face_down": True}, {"id": "vurrax", "face_down": True}], None),
    (["kharvok"], ["madu"], None),  # same count, higher TOT
    (["madu", "yssel"], ["ozok", "vurrax"], None),  # same count
    (["kharvok", "madu"], ["thofa"], 0),
    ([], [], None),
]


@pytest.mark.parametrize(("f0", "f1", "winner"), LAST)
def test_E_14c_end_of_round_19(f0: list[Any], f1: list[Any], winner: int | None) -> None:
    s = position({"field": f0}, {"field": f1}, round=19, active=1, phase="battle")
    if not GAME.is_over(s):
        play(s, "end")
    assert GAME.is_over(s)
    assert s.reason == "last_round" and s.turn == 38
    assert s.result == {0: (1.0, 0.0), 1: (0.0, 1.0), None: (0.5, 0.5)}[winner]


def test_E_14c_not_before_the_end_of_round_19() -> None:
    s = position(
        {"field": ["thofa"]}, {"field": ["ozok", "vurrax"]}, round=18, active=1, phase="battle"
    )
    play(s, "end")
    assert not GAME.is_over(s) and s.turn == 37
    play(s, "play:yolk_engine:down", "end")
    assert s.turn == 38 and decision(s).player == 1


def test_E_14_random_games_end_with_a_known_reason() -> None:
    reasons = set()
    for seed in range(25):
        s, _ = random_playout(seed, seed + 100)
        assert s.result in ((1.0, 0.0), (0.0, 1.0), (0.5, 0.5))
        assert s.round <= 19
        reasons.add(s.reason)
    assert reasons <= {"empty_field", "no_cards", "last_round"}
    assert "empty_field" in reasons


# ------------------------------------------------------------------------- zone actions --
def test_zone_militare_sacrifices_an_ardo_card_for_plus_4_atk() -> None:
    s = position(
        {"hand": ["vurrax", "thofa"], "field": ["ozok", "yssel"]},
        {"field": ["ossu"]},
        zone="militare",
    )
    zone_acts = [a for a in decision(s).actions if a.startswith("zone:")]
    assert zone_acts == ["zone:militare:vurrax:ozok"]  # Ardo from hand onto an Ardo card
    events = play(s, "zone:militare:vurrax:ozok")
    assert of_kind(events, "zone", player=0, zone="militare", sacrificed="vurrax", card="ozok")
    assert GAME.stats(s, 0, "ozok") == plus("ozok", atk=2 + 4)
    assert s.players[0].inc == ["vurrax"] and s.players[0].hand == ["thofa"]
    assert s.players[0].zone_used
    d = decision(s)  # the play is still due; the zone action is spent
    assert d.kind == "play" and not [a for a in d.actions if a.startswith("zone:")]


def test_zone_sviluppo_tech_swaps_the_opposing_cards_atk_and_def() -> None:
    # Yssel (HEL 26, TOT 68 - 2) attacks Stillstone (DEF 31 + 2, TOT 69) and fails;
    # the swap leaves Stillstone DEF 7: 26 > 2 x 7, destroyed
    s = position(
        {"field": ["yssel"]},
        {"field": ["stillstone"]},
        rolls(1, 2),
        zone="sviluppo_tech",
        phase="battle",
    )
    events = play(s, "attack:yssel:stillstone")
    assert of_kind(events, "battle", rule="none", def_primary=33)
    d = decision(s)
    assert (d.player, d.kind, d.actions) == (0, "battle_zone", ("zone:sviluppo_tech", "pass"))
    events = play(s, "zone:sviluppo_tech")
    assert of_kind(events, "zone", player=0, zone="sviluppo_tech", card="stillstone")
    assert of_kind(events, "battle", def_primary=7, rule="primary")
    d = decision(s)  # the defender may answer with its own zone action
    assert (d.player, d.kind) == (1, "defend_zone")
    events = play(s, "pass")
    assert of_kind(events, "destroyed", player=1, card="stillstone")
    assert s.players[0].zone_used and not s.players[1].zone_used


def test_zone_sviluppo_tech_is_not_offered_after_a_successful_attack() -> None:
    s = position(
        {"field": ["kharvok"]},
        {"field": ["yssel"]},
        rolls(1, 1),
        zone="sviluppo_tech",
        phase="battle",
    )
    play(s, "attack:kharvok:yssel")
    d = decision(s)
    assert (d.player, d.kind) == (1, "defend_zone")  # only the defender's window


def test_zone_civile_doubles_the_attackers_dex() -> None:
    # Thofa (DEX 30) attacks Brakka (DEF 25): 68 vs 72 fails; doubled DEX 60 > 2 x 25
    s = position({"field": ["thofa"]}, {"field": ["brakka"]}, rolls(1, 2), phase="battle")
    events = play(s, "attack:thofa:brakka")
    assert of_kind(events, "battle", rule="none", att_primary=30, att_tot=68, def_tot=72)
    d = decision(s)
    assert d.kind == "battle_zone" and "zone:civile" in d.actions
    events = play(s, "zone:civile")
    assert of_kind(events, "battle", att_primary=60, rule="primary")
    assert of_kind(events, "destroyed", player=1, card="brakka")
    assert GAME.stats(s, 0, "thofa") == plus("thofa", dex=2)  # only during the attack


def test_zone_civile_defender_turns_the_battle_and_the_attacker_redirects() -> None:
    # Gold Fractal (70 + 10 vs Illusio) would destroy Thofa (78); Civile doubles Thofa's DEX
    s = position(
        {"field": ["gold_fractal"]}, {"field": ["thofa", "ozok"]}, rolls(4, 4, 4, 1), phase="battle"
    )
    events = play(s, "attack:gold_fractal:thofa")
    assert of_kind(events, "battle", att_tot=80, def_tot=78, rule="tot")
    d = decision(s)
    assert (d.player, d.kind, d.actions) == (1, "defend_zone", ("zone:civile", "pass"))
    events = play(s, "zone:civile")
    assert of_kind(events, "battle", def_primary=60, rule="none")
    d = decision(s)
    assert (d.player, d.kind, d.actions) == (0, "redirect", ("pass", "redirect:ozok"))
    events = play(s, "redirect:ozok")
    assert of_kind(events, "redirect", player=0, attacker="gold_fractal", defender="ozok")
    assert of_kind(events, "battle", defender="ozok", att_tot=75, def_tot=72, rule="tot")
    assert of_kind(events, "destroyed", player=1, card="ozok")
    assert s.players[1].field == ["thofa"]
    assert GAME.stats(s, 1, "thofa") == plus("thofa", dex=2)


def test_a_redirect_to_a_face_down_card_reads_sulla_in_italian() -> None:
    """ "su la carta coperta" is not Italian: the slot's redirect has words of its own."""
    s = position(
        {"field": ["gold_fractal"]},
        {"field": ["thofa", {"id": "ozok", "face_down": True}]},
        rolls(4, 4, 4, 1),
        phase="battle",
    )
    play(s, "attack:gold_fractal:thofa", "zone:civile")
    d = decision(s)
    assert (d.player, d.kind, d.actions) == (0, "redirect", ("pass", "redirect:#1"))
    said = {lang: GAME.describe_action(s, "redirect:#1", lang) for lang in ("en", "it")}
    assert said == {
        "en": "Redirect the attack to the face-down card #2",
        "it": "Reindirizza l'attacco sulla carta coperta n. 2",
    }
    events = GAME.apply(s, "redirect:#1")
    told = [GAME.describe_event(e, 0, "it") for e in events if e.kind == "redirect"]
    assert told == [
        "Il Giocatore 1 reindirizza l'attacco di Gold Fractal sulla carta coperta n. 2."
    ]


def test_zone_used_by_the_attacker_in_a_failing_attack_lets_it_redirect() -> None:
    # Ozok (72, -5 against Illusio) fails against Thofa (76); Sviluppo Tech swaps Thofa's
    # ATK and DEF, which changes nothing, but the attacker may now pick another card
    s = position(
        {"field": ["ozok"]},
        {"field": ["thofa", "yssel"]},
        rolls(2, 2, 2, 2),
        zone="sviluppo_tech",
        phase="battle",
    )
    play(s, "attack:ozok:thofa")
    d = decision(s)
    assert (d.player, d.kind, d.actions) == (0, "battle_zone", ("zone:sviluppo_tech", "pass"))
    events = play(s, "zone:sviluppo_tech")
    assert of_kind(events, "battle", rule="none")
    d = decision(s)
    assert (d.player, d.kind, d.actions) == (0, "redirect", ("pass", "redirect:yssel"))
    events = play(s, "redirect:yssel")
    assert of_kind(events, "attack", attacker="ozok", defender="yssel")


def test_zone_redirect_may_be_declined() -> None:
    s = position(
        {"field": ["gold_fractal"]}, {"field": ["thofa", "ozok"]}, rolls(4, 4), phase="battle"
    )
    events = play(s, "attack:gold_fractal:thofa", "zone:civile", "pass")
    assert not of_kind(events, "destroyed")
    assert s.players[1].field == ["thofa", "ozok"]


def test_zone_medica_saves_a_card_about_to_be_destroyed_once() -> None:
    s = position(
        {"field": ["vurrax", "kharvok"]},
        {"field": ["yssel", "sap_mother"]},
        rolls(1, 1, 1, 1),
        zone="medica",
        phase="battle",
    )
    play(s, "attack:vurrax:yssel")
    d = decision(s)
    assert (d.player, d.kind, d.actions) == (1, "save_zone", ("zone:medica", "pass"))
    events = play(s, "zone:medica")
    assert of_kind(events, "saved", player=1, card="yssel", by="zone")
    assert s.players[1].field == ["yssel", "sap_mother"] and s.players[1].zone_used
    d = decision(s)  # Medica during an attack: the attacker may redirect it
    assert (d.player, d.kind, d.actions) == (0, "redirect", ("pass", "redirect:sap_mother"))
    play(s, "pass")
    events = play(s, "attack:kharvok:sap_mother")  # 76 > 71: no second save
    assert of_kind(events, "destroyed", player=1, card="sap_mother")


def test_zone_medica_pass_lets_the_card_fall() -> None:
    s = position(
        {"field": ["vurrax"]}, {"field": ["yssel"]}, rolls(1, 1), zone="medica", phase="battle"
    )
    events = play(s, "attack:vurrax:yssel", "pass")
    assert of_kind(events, "destroyed", player=1, card="yssel")
    assert not s.players[1].zone_used


def test_zone_controllo_converts_a_card_to_manpo() -> None:
    s = position(
        {"hand": ["thofa"], "field": ["ozok", "gold_fractal"]},
        {"field": ["vurrax"]},
        rolls(1, 1),
        zone="controllo",
    )
    zone_acts = [a for a in decision(s).actions if a.startswith("zone:")]
    assert zone_acts == ["zone:controllo:ozok"]  # not a card that is Manpo already
    events = play(s, "zone:controllo:ozok")
    assert of_kind(events, "zone", player=0, zone="controllo", card="ozok")
    assert GAME.estro(s, 0, "ozok") == MANPO
    assert GAME.stats(s, 0, "ozok") == plus("ozok", map=2)
    play(s, "play:thofa:down")
    d = decision(s)
    assert not [a for a in d.actions if a.startswith("zone:")]
    (battle,) = of_kind(play(s, "attack:ozok:vurrax"), "battle")
    # Ozok now fights as Manpo: MAP 21 (+5 on a 1) is its primary; Manpo vs Ardo +5
    assert battle["att_primary"] == 26 and battle["matchup"] == 5
    assert not s.players[1].zone_used


def test_zone_actions_are_once_per_game_per_player() -> None:
    s = position(
        {"field": ["ozok"], "hand": ["thofa"]},
        {"field": ["vurrax"], "hand": ["zhee"]},
        zone="controllo",
    )
    play(s, "zone:controllo:ozok", "play:thofa:down", "end")
    d = decision(s)
    assert "zone:controllo:vurrax" in d.actions  # the opponent still has theirs
    play(s, "play:zhee:down", "zone:controllo:vurrax", "end")
    for _ in range(2):  # later turns: never offered again
        for a in decision(s).actions:
            assert not a.startswith("zone:")
        play(s, decision(s).actions[1])  # a face-down play
        if not GAME.is_over(s) and decision(s).kind == "attack":
            play(s, "end")


def test_zone_medica_during_an_attack_lets_the_attacker_redirect() -> None:
    s = position(
        {"field": ["vurrax"]},
        {"field": ["yssel", "ozok"]},
        rolls(1, 1),
        zone="medica",
        phase="battle",
    )
    play(s, "attack:vurrax:yssel", "zone:medica")
    d = decision(s)
    assert (d.player, d.kind) == (0, "redirect")
    assert "redirect:ozok" in d.actions


def test_zone_militare_is_offered_when_a_card_is_about_to_be_destroyed() -> None:
    # Ashen Gorgo (75 + 2) would destroy Hullbreaker (73 + 2); Militare (+4 ATK) saves it
    s = position(
        {"field": ["ashen_gorgo"]},
        {"field": ["hullbreaker"], "hand": ["vurrax"]},
        rolls(1, 1),
        zone="militare",
        phase="battle",
    )
    events = play(s, "attack:ashen_gorgo:hullbreaker")
    assert of_kind(events, "battle", rule="tot")
    d = decision(s)
    assert (d.player, d.kind) == (1, "defend_zone")
    assert "zone:militare:vurrax:hullbreaker" in d.actions
    events = play(s, "zone:militare:vurrax:hullbreaker")
    assert of_kind(events, "battle", def_primary=30 + 2 + 4, att_tot=77, def_tot=79, rule="none")
    assert s.players[1].inc == ["vurrax"] and s.players[1].zone_used
    d = decision(s)
    assert d.kind != "redirect"  # the attack was turned, but there is no other card to pick
    assert s.players[1].field == ["hullbreaker"]
    assert GAME.stats(s, 1, "hullbreaker") == plus("hullbreaker", atk=6)


def test_zone_controllo_as_a_response_rejudges_the_battle_with_the_new_estro() -> None:
    # Gold Fractal (70 + 2, +10 against Illusio) would destroy Thofa (76) by TOT; converted
    # to Manpo, Thofa's primary is MAP 12 and Gold Fractal's MAP 30 > 2 x 12 destroys it anyway
    s = position(
        {"field": ["gold_fractal"]},
        {"field": ["thofa"]},
        rolls(4, 4),
        zone="controllo",
        phase="battle",
    )
    events = play(s, "attack:gold_fractal:thofa")
    assert of_kind(events, "battle", att_tot=82, def_tot=76, rule="tot")
    d = decision(s)
    assert (d.player, d.kind, d.actions) == (1, "defend_zone", ("zone:controllo:thofa", "pass"))
    events = play(s, "zone:controllo:thofa")
    assert of_kind(events, "battle", def_primary=12, matchup=0, rule="primary")
    assert of_kind(events, "destroyed", player=1, card="thofa")
