"""Inferno 2v2 (digest, Modes, item 4): one test per rule of the mode, and tavolo's readings
of what the rulebook leaves open (help text, docs/estro-inferno.md)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from tavolo.engine import RNG, ConfigError, ScriptedRNG
from tavolo.games.estro import view
from tavolo.games.estro.inferno.state import InfernoState
from tavolo.games.estro.inferno.words import MSG

from .support import GAME, decision, of_kind, play

CONFIG = GAME.make_config(mode="inferno")
INFERNO = GAME.tables["inferno"]


def position(
    teams: Sequence[Sequence[Any]] = ((), ()),
    seats: Sequence[Mapping[str, Any]] = ({}, {}, {}, {}),
    *,
    mode: str = "inferno",
    **where: Any,
) -> InfernoState:
    """An Inferno position (zones Medica and Civile, round 4, A1 to play unless told); each
    seat's deck defaults to three cards nobody else holds."""
    used = {
        x for t in teams for e in t for x in str(e["id"] if isinstance(e, dict) else e).split("+")
    }
    for st in seats:
        used |= {c for k in ("hand", "deck", "incinerator") for c in st.get(k, ())}
    spare = (c for c in GAME.ids if c not in used)
    raw_seats = []
    for st in seats:
        st = dict(st)
        if "deck" not in st:
            st["deck"] = [next(spare) for _ in range(3)]
        raw_seats.append(st)
    pos = {"zones": ["medica", "civile"], "round": 4, "seat": "A1", **where}
    pos["seats"] = raw_seats
    pos["teams"] = [{"field": list(t)} for t in teams]
    config = GAME.make_config(mode=mode)
    return GAME.from_position(config, pos, ScriptedRNG(0, []))  # type: ignore[return-value]


def new(seed: int, mode: str = "inferno") -> InfernoState:
    s = GAME.new(GAME.make_config(mode=mode), seed)
    assert isinstance(s, InfernoState)
    return s


def card(c: str, owner: str, **more: Any) -> dict[str, Any]:
    return {"id": c, "owner": owner, **more}


def end_turn(s: InfernoState) -> list[dict[str, Any]]:
    """Pass the play if allowed, end the turn, discard the first card while asked."""
    events: list[dict[str, Any]] = []
    d = decision(s)
    if d.kind == "play":
        events += play(s, "pass" if "pass" in d.actions else d.actions[0])
    if (after := GAME.decision(s)) is not None and after.kind == "attack":
        events += play(s, "end")
    while (ask := GAME.decision(s)) is not None and ask.kind == "discard":
        events += play(s, ask.actions[0])
    return events


# ------------------------------------------------------------------------ the table --
def test_inferno_four_seats_in_two_teams() -> None:
    assert CONFIG.players == 4
    with pytest.raises(ConfigError):
        GAME.make_config(2, "inferno")
    s = new(1)
    assert isinstance(s, InfernoState)
    assert GAME.returns(s) == (0.5, 0.5, 0.5, 0.5)
    obs = GAME.observe(s, 0)
    assert [(x["seat"], x["team"]) for x in obs["seats"]] == [
        ("A1", "A"),
        ("B1", "B"),
        ("A2", "A"),
        ("B2", "B"),
    ]


def test_inferno_turn_order_a1_b1_a2_b2() -> None:
    s = new(2)
    seen = []
    for _ in range(8):
        seen.append((decision(s).player, s.round))
        end_turn(s)
    assert seen == [(0, 1), (1, 1), (2, 1), (3, 1), (0, 2), (1, 2), (2, 2), (3, 2)]


def test_inferno_each_player_a_random_deck_of_25_without_overlap() -> None:
    s = new(3)
    owned = []
    for q in range(4):
        st = s.seat_of(q)
        cards = st.deck + st.hand + [c for pl in s.players for c in pl.field if s.owner[c] == q]
        assert len(cards) == 25 == len(set(cards))
        owned += cards
    assert len(set(owned)) == 100
    assert new(4).seat_of(0).hand != s.seat_of(0).hand


def test_inferno_two_zones_both_passives_apply() -> None:
    assert all(new(seed).zone != new(seed).zone2 for seed in range(20))
    # Medica and Civile: an Illusio and an Armonio card each get +2 to their primary stat
    s = position(([card("thofa", "A1"), card("clover_golem", "A2")], [card("ozok", "B1")]))
    assert INFERNO.stats(s, 0, "thofa")[3] == GAME.info["thofa"].stats[3] + 2
    assert INFERNO.stats(s, 0, "clover_golem")[2] == GAME.info["clover_golem"].stats[2] + 2
    assert INFERNO.stats(s, 1, "ozok") == list(GAME.info["ozok"].stats)
    assert GAME.observe(s, 0)["zones"] == ["medica", "civile"]


def test_inferno_one_zone_action_per_player_of_either_zone() -> None:
    # Controllo and Militare: A1 may use one of them once; using it leaves A2's free
    s = position(
        ([card("ozok", "A1"), card("amber_idol", "A2")], [card("kharvok", "B1")]),
        [{"hand": ["vurrax", "skorvun"]}, {}, {"hand": ["brandfang"]}, {}],
        zones=["controllo", "militare"],
    )
    acts = decision(s).actions
    assert "zone:controllo:ozok" in acts and "zone:militare:vurrax:ozok" in acts
    play(s, "zone:controllo:ozok")
    assert not [a for a in decision(s).actions if a.startswith("zone:")]
    assert s.seat_of(0).zone_used and not s.seat_of(2).zone_used
    end_turn(s)
    end_turn(s)  # B1
    assert any(a.startswith("zone:militare:brandfang") for a in decision(s).actions)  # A2


# -------------------------------------------------------------------- rounds 1 to 3 --
def test_inferno_no_attacks_until_round_3() -> None:
    # Controllo gives A1 something to do in the battle step, so the step is asked
    teams = ([card("kharvok", "A1")], [card("ozok", "B1")])
    where: dict[str, Any] = {"zones": ["controllo", "medica"], "phase": "battle"}
    s = position(teams, round=3, **where)
    assert decision(s).kind == "attack"
    assert decision(s).actions == ("zone:controllo:kharvok", "end")
    assert GAME.observe(s, 0)["attacks_barred"]
    s = position(teams, round=4, **where)
    assert "attack:kharvok:ozok" in decision(s).actions
    assert not GAME.observe(s, 0)["attacks_barred"]


def test_inferno_no_face_down_plays_until_round_3() -> None:
    seats: list[dict[str, Any]] = [{"hand": ["vurrax", "ozok"]}, {}, {}, {}]
    s = position(([], [card("kharvok", "B1")]), seats, round=3, seat="A1")
    acts = decision(s).actions
    assert "play:vurrax:up" in acts and not [a for a in acts if a.endswith(":down")]
    s = position(([], [card("kharvok", "B1")]), seats, round=4, seat="A1")
    assert "play:vurrax:down" in decision(s).actions
    # the barred rule shows on the board while it applies
    assert "until the end of round 3" in GAME.view(new(1), 0)


# ----------------------------------------------------------------- the shared field --
def test_inferno_a_player_attacks_only_with_own_cards() -> None:
    teams = ([card("kharvok", "A1"), card("ozok", "A2")], [card("thofa", "B1")])
    s = position(teams, phase="battle")
    attackers = {a.split(":")[1] for a in decision(s).actions if a.startswith("attack:")}
    assert attackers == {"kharvok"}
    s = position(teams, phase="battle", seat="A2")
    attackers = {a.split(":")[1] for a in decision(s).actions if a.startswith("attack:")}
    assert attackers == {"ozok"}


def test_inferno_teammates_cards_cannot_be_attacked_by_teammates() -> None:
    teams = ([card("kharvok", "A1"), card("ozok", "A2")], [card("thofa", "B1"), card("zhee", "B2")])
    s = position(teams, phase="battle")
    targets = {a.split(":")[2] for a in decision(s).actions if a.startswith("attack:")}
    assert targets == {"thofa", "zhee"}


def test_inferno_reveal_only_own_face_down_cards() -> None:
    teams = (
        [card("ozok", "A1", face_down=True), card("vurrax", "A2", face_down=True)],
        [card("thofa", "B1")],
    )
    s = position(teams, [{"hand": ["skorvun"]}, {}, {}, {}])
    reveals = [a for a in decision(s).actions if a.startswith("reveal:")]
    assert reveals == ["reveal:ozok"]


def test_inferno_turn_start_gifts_are_their_owners() -> None:
    # Tithe Collector (A2): from round 5, at the start of its owner's turn, the zone
    # action may be used again -- on A2's turn, not on A1's
    teams = ([card("tithe_collector", "A2")], [card("thofa", "B1")])
    used = {"zone_used": True}
    s = position(teams, [used, {}, used, {"hand": ["ozok"]}], round=5, seat="B2")
    events = end_turn(s)  # B2 ends round 5; A1 starts round 6
    assert of_kind(events, "turn", player=0)
    assert not of_kind(events, "zone_refresh")
    assert s.seat_of(0).zone_used
    end_turn(s)  # A1
    events = end_turn(s)  # B1, then A2's turn starts
    assert of_kind(events, "zone_refresh", player=2)
    assert not s.seat_of(2).zone_used and s.seat_of(0).zone_used


# ------------------------------------------------------------------------ victory --
def test_inferno_team_wins_when_both_opponents_have_no_field_cards_after_round_6() -> None:
    # A2 has nothing to play nor attack with: its turn (the 23rd) ends at once, and team A's
    # empty field does not lose yet; B2 plays the last turn of round 6
    teams: tuple[list[Any], list[Any]] = ([], [card("thofa", "B1"), card("zhee", "B2")])
    s = position(teams, [{}, {}, {}, {"hand": ["ozok"]}], round=6, seat="A2")
    assert s.result is None and decision(s).player == 3 and s.turn == 24
    events = end_turn(s)
    assert s.result == (0.0, 1.0, 0.0, 1.0) and s.reason == "empty_field"
    assert of_kind(events, "inferno.end", team="B", reason="empty_field")


def test_inferno_no_empty_field_victory_before_the_end_of_round_6() -> None:
    teams: tuple[list[Any], list[Any]] = ([], [card("thofa", "B1")])
    s = position(teams, [{}, {}, {}, {"hand": ["ozok"]}], round=5, seat="B2")
    end_turn(s)
    assert s.result is None and s.turn == 21  # A1's turn of round 6


def test_inferno_team_wins_when_an_opponent_cannot_draw() -> None:
    teams = ([card("ozok", "A1")], [card("thofa", "B1")])
    seats: list[dict[str, Any]] = [{}, {"hand": [], "deck": []}, {}, {}]
    s = position(teams, seats, round=8, seat="A1", phase="battle")
    events = end_turn(s)
    assert s.result == (1.0, 0.0, 1.0, 0.0) and s.reason == "no_cards"
    assert of_kind(events, "deck_empty", player=1)


def test_inferno_tie_compares_the_teams_total_field_tot() -> None:
    # the end of round 19: team A has more cards (68 + 72 + 71 = 211, all Manpo: no zone
    # bonus with Medica and Civile), team B a higher field TOT (76 + 72 + 70 = 218)
    teams = (
        [card("ochre_monk", "A1"), card("glyph_crawler", "A2"), card("sulfur_sage", "A1")],
        [card("kharvok", "B1"), card("ozok", "B2"), card("vurrax", "B2")],
    )
    s = position(teams, round=19, seat="B2", phase="battle")
    assert s.result is None and decision(s).player == 3
    assert INFERNO.team_tots(s) == [211, 218]
    events = end_turn(s)
    assert s.result == (0.0, 1.0, 0.0, 1.0) and s.reason == "last_round"
    assert of_kind(events, "inferno.end", team="B", reason="last_round", round=19)


def test_inferno_equal_team_tots_at_round_19_is_a_draw() -> None:
    teams = ([card("ozok", "A1")], [card("glyph_crawler", "B2")])  # 72 and 72
    s = position(teams, round=19, seat="B2", phase="battle")
    end_turn(s)
    assert s.result == (0.5, 0.5, 0.5, 0.5) and s.reason == "last_round"


def test_inferno_a_face_down_card_adds_nothing_to_its_teams_field_tot() -> None:
    # team A: Ozok (72) and Kharvok face down (76 face up, 0 face down); team B: Glyph
    # Crawler (72). Equal field TOTs: a draw, though team A has more cards
    teams = (
        [card("ozok", "A1"), card("kharvok", "A2", face_down=True)],
        [card("glyph_crawler", "B2")],
    )
    s = position(teams, round=19, seat="B2", phase="battle")
    assert INFERNO.team_tots(s) == [72, 72]
    end_turn(s)
    assert s.result == (0.5, 0.5, 0.5, 0.5) and s.reason == "last_round"


def test_inferno_teammates_share_the_result() -> None:
    s = new(6)
    chooser = RNG(6)
    while (d := GAME.decision(s)) is not None:
        GAME.apply(s, d.actions[chooser.below(len(d.actions))])
    r = GAME.returns(s)
    assert len(r) == 4 and r[0] == r[2] and r[1] == r[3] and r[0] + r[1] == 1.0


# ------------------------------------------------------------------- gifts and teams --
def test_inferno_gift_draws_for_its_owner_and_the_next_opponent_discards() -> None:
    # A2 plays Mercury Vizier: A2 draws a card, B2 (the next player of team B) discards
    seats: list[dict[str, Any]] = [
        {},
        {"hand": ["zhee"]},
        {"hand": ["mercury_vizier"]},
        {"hand": ["ozok"]},
    ]
    s = position(([], [card("thofa", "B1")]), seats, seat="A2")
    before = len(s.seat_of(2).deck)
    events = play(s, "play:mercury_vizier:up")
    assert len(s.seat_of(2).deck) == before - 1 and len(s.seat_of(2).hand) == 1
    assert of_kind(events, "draw", player=2)
    assert of_kind(events, "discard", player=3, card="ozok")
    assert s.seat_of(3).inc == ["ozok"] and s.seat_of(1).hand == ["zhee"]


def test_inferno_a_defending_card_is_answered_for_by_its_owner() -> None:
    # A1's Kharvok (TOT 76, Ardo: -10 against Manpo) attacks B2's Ochre Monk (TOT 68); the
    # dice give the attacker +5 ATK: 71 > 68, and B2 -- not B1, whose turn came last --
    # decides whether to spend its Medica action; the card goes to B2's Incinerator
    teams = ([card("kharvok", "A1")], [card("thofa", "B1"), card("ochre_monk", "B2")])
    s = position(teams, phase="battle")
    s.rng = ScriptedRNG(0, [{"roll": 4, "label": "attacker"}, {"roll": 5, "label": "defender"}])
    events = play(s, "attack:kharvok:ochre_monk")
    assert of_kind(events, "battle", player=0, rule="tot")
    d = decision(s)
    assert (d.player, d.kind, d.actions) == (3, "save_zone", ("zone:medica", "pass"))
    events = play(s, "pass")
    assert of_kind(events, "destroyed", player=3, card="ochre_monk")
    assert s.seat_of(3).inc == ["ochre_monk"] and s.seat_of(1).inc == []


def test_inferno_gifts_may_touch_teammates_cards() -> None:
    # Controllo belongs to the team's field: A1 may turn A2's card into Manpo
    teams = ([card("ozok", "A1"), card("thofa", "A2")], [card("kharvok", "B1")])
    s = position(teams, zones=["controllo", "medica"])
    assert "zone:controllo:thofa" in decision(s).actions


# -------------------------------------------------------------------- information --
def test_inferno_hands_are_private_even_to_teammates() -> None:
    s = new(7)
    obs = GAME.observe(s, 0)
    assert [("hand" in x) for x in obs["seats"]] == [True, False, False, False]
    secret = set(GAME.secrets(s, 0))
    assert set(s.seat_of(2).hand) <= secret and not set(s.seat_of(0).hand) & secret
    text = json.dumps(obs) + GAME.view(s, 0)
    assert not [c for c in s.seat_of(2).hand if f'"{c}"' in text]


def test_inferno_face_down_card_known_only_to_its_owner() -> None:
    teams = ([card("ozok", "A1", face_down=True)], [card("thofa", "B1")])
    s = position(teams, seat="B1")
    assert GAME.observe(s, 0)["teams"][0]["field"][0]["id"] == "ozok"
    for q in (1, 2, 3):
        assert "id" not in GAME.observe(s, q)["teams"][0]["field"][0]
        assert "ozok" in set(GAME.secrets(s, q))


def test_inferno_determinize_keeps_what_the_seat_sees() -> None:
    s = new(8)
    chooser = RNG(8)
    for _ in range(60):
        d = decision(s)
        GAME.apply(s, d.actions[chooser.below(len(d.actions))])
    for q in range(4):
        det = GAME.determinize(s, q, RNG(q))
        assert isinstance(det, InfernoState)
        assert GAME.observe(det, q) == GAME.observe(s, q)
        assert det.seat_of(q).hand == s.seat_of(q).hand
    other = GAME.determinize(s, 0, RNG(1))
    assert isinstance(other, InfernoState)
    assert other.seat_of(2).hand != s.seat_of(2).hand  # the teammate's hand is re-dealt


def test_inferno_json_round_trip_keeps_the_seats() -> None:
    s = new(9, "inferno+chimera+fessura+imboscata")
    chooser = RNG(9)
    for _ in range(80):
        d = decision(s)
        GAME.apply(s, d.actions[chooser.below(len(d.actions))])
    back = GAME.from_json(json.loads(json.dumps(GAME.to_json(s))))
    assert GAME.to_json(back) == GAME.to_json(s)
    assert GAME.decision(back) == GAME.decision(s)


# ------------------------------------------------------------ modes, options, words --
@pytest.mark.parametrize("meta", ["chimera", "fessura", "imboscata"])
def test_inferno_meta_modes_combine(meta: str) -> None:
    cfg = GAME.make_config(mode=f"inferno+{meta}")
    assert cfg.players == 4 and cfg.mode == f"inferno+{meta}"
    s = new(10, cfg.mode)
    if meta == "fessura":
        assert len(s.rift) == 250 - 100  # the cards no seat was dealt


def test_inferno_imboscata_the_falling_cards_owner_ambushes_and_the_ambusher_rests() -> None:
    # B1 attacks A2's face-down Vurrax: A2 (not A1, nor the attacker) may ambush, from
    # their own hand; the empty Sleepwalker rests during A2's next turn, the next one
    teams = ([card("ozok", "A1"), card("vurrax", "A2", face_down=True)], [card("kharvok", "B1")])
    seats = [
        {"hand": ["violet_needle"]},
        {"hand": ["balm_serpent"]},
        {"hand": ["sleepwalker", "amber_idol"]},
        {},
    ]
    s = position(teams, seats, mode="inferno+imboscata", seat="B1", phase="battle")
    play(s, "attack:kharvok:#1")
    d = decision(s)
    assert (d.player, d.kind, d.actions) == (2, "ambush", ("ambush:sleepwalker", "pass"))
    events = play(s, "ambush:sleepwalker", "pass")  # then no Medica for Vurrax
    assert of_kind(events, "ambush", player=2, card="sleepwalker")
    assert of_kind(events, "destroyed", player=2, card="vurrax")
    assert s.seat == 2 and "sleepwalker" in s.players[0].field
    play(s, "play:amber_idol:up")
    assert decision(s).actions == ("attack:amber_idol:kharvok", "end")


def test_inferno_fessura_uses_own_cards_and_the_rift_card_is_the_openers() -> None:
    teams = ([card("ozok", "A1"), card("thofa", "A2")], [card("kharvok", "B1")])
    seats = [{"hand": ["violet_needle"]}, {}, {}, {}]
    s = position(teams, seats, mode="inferno+fessura", rift=["cobalt_tortoise", "hull_sleeper"])
    play(s, "play:violet_needle:up")
    assert [a for a in decision(s).actions if a.startswith("fessura:")] == [
        "fessura:ozok",
        "fessura:violet_needle",
    ]
    events = play(s, "fessura:ozok", "pass")  # no Medica for Ozok
    assert of_kind(events, "destroyed", card="ozok", cause="fessura")
    assert s.players[0].field == ["thofa", "violet_needle", "hull_sleeper"]
    assert INFERNO.owner(s, "hull_sleeper") == 0
    assert GAME.observe(s, 2)["teams"][0]["field"][-1]["owner"] == "A1"
    attackers = {a.split(":")[1] for a in decision(s).actions if a.startswith("attack:")}
    assert attackers == {"violet_needle", "hull_sleeper"}


def test_inferno_takes_no_options() -> None:
    with pytest.raises(ConfigError, match="no option"):
        GAME.make_config(mode="inferno", decks=[None] * 4)


def test_inferno_chimera_is_made_on_the_seats_next_turn() -> None:
    seats: list[dict[str, Any]] = [{"hand": ["ozok", "madu", "vurrax"]}, {}, {}, {}]
    s = position(([], [card("thofa", "B1")]), seats, mode="inferno+chimera", round=4)
    play(s, "chimera:declare", "play:vurrax:up")
    for _ in range(4):
        end_turn(s)
    assert decision(s).player == 0
    assert "chimera:ozok:madu" in decision(s).actions


def test_inferno_a_teammates_chimera_does_not_stop_a_declaration() -> None:
    # one Chimera of one's own at a time: A2's Chimera on team A's field leaves A1 free
    # to declare, A1's own does not
    seats: list[dict[str, Any]] = [{"hand": ["ozok", "madu", "vurrax"]}, {}, {}, {}]
    for owner, may in (("A2", True), ("A1", False)):
        teams = ([card("violet_needle+quarry_titan", owner)], [card("kharvok", "B1")])
        s = position(teams, seats, mode="inferno+chimera", round=4)
        assert ("chimera:declare" in decision(s).actions) is may


def test_inferno_words_in_english_and_italian() -> None:
    assert set(MSG.messages["en"]) == set(MSG.messages["it"])
    for lang in ("en", "it"):
        assert "A1" in GAME.help(lang) and "Inferno" in GAME.help(lang)
    from tavolo.engine import Event

    e = Event("inferno.end", {"team": "B", "reason": "empty_field", "round": 7})
    assert GAME.describe_event(e, 0, "en") == (
        "[bold]Game over: Team B wins[/] — the other team has no cards on its field after round 6."
    )
    assert "squadra B" in (GAME.describe_event(e, 0, "it") or "")
    s = new(11)
    for lang in ("en", "it"):
        board = GAME.view(s, 0, lang)
        assert "A1" in board and "B2" in board
        for a in decision(s).actions:
            assert ":" not in GAME.describe_action(s, a, lang)


def _plain(board: str) -> list[str]:
    from rich.text import Text

    return [Text.from_markup(x).plain for x in board.splitlines()]


def test_inferno_board_fits_80_columns_with_the_owner_beside_the_tot() -> None:
    """The title with two zones, the seat whose turn it is ('◀ turn') and a card with
    'gift used' and its owner ran past 80 columns and broke at column 0. The zones have
    their own line, the owner sits beside the TOT before the marks, and every line of
    the board fits, in both languages, to the end of a game."""
    seats: list[dict[str, Any]] = [{"hand": ["ozok"]}, {}, {}, {}]
    field = [card("cipher_wyrm", "B1", spent=True), card("amber_idol", "B2")]
    s = position(([card("thofa", "A1")], field), seats)
    board = _plain(GAME.view(s, 0, "en"))
    assert "Zones: Medica (Armonio +2) and Civile (Illusio +2)" in board
    wyrm = next(x for x in board if "Cipher Wyrm" in x)
    assert wyrm.rstrip().endswith("TOT 57 B1 used"), wyrm  # (the screen: one line)
    whole = GAME.details(s, 0, "en")
    assert whole is not None
    board = _plain(whole)
    wyrm = next(x for x in board if "Cipher Wyrm" in x)
    assert wyrm.rstrip().endswith("TOT 57 (B1)"), wyrm
    assert board[board.index(wyrm) + 1].strip() == "gift used"
    assert "Zone: Medica (Armonio +2) e Civile (Illusio +2)" in _plain(GAME.view(s, 0, "it"))
    for seed in (3, 4):
        s = new(seed, "inferno+chimera")
        chooser = RNG(seed)
        while (d := GAME.decision(s)) is not None:
            for lang in ("en", "it"):
                lines = _plain(GAME.view(s, d.player, lang))
                assert all(len(x) <= 80 for x in lines), [x for x in lines if len(x) > 80]
            GAME.apply(s, d.actions[chooser.below(len(d.actions))])
    burnt = [GAME.info[c].name for q in range(4) for c in s.seat_of(q).inc]
    whole = GAME.details(s, None, "en")  # (a screen of 40 rows folds them to a count)
    assert whole is not None
    text = _plain(whole)
    rows = [x.strip().removeprefix("Incinerator: ") for x in text if x.startswith("    ")]
    names = {n.strip() for x in rows for n in x.split(",")}
    assert set(burnt) <= names  # each name whole on one line


def test_inferno_turn_headers_name_the_seat() -> None:
    """'— Round 2: Player 2's turn —' left a player to work out which team Player 2
    plays for; the header now names the seat, as the board does."""
    from tavolo.engine import Event

    s = new(5)
    e = Event("turn", {"round": 2, "player": 1})
    assert GAME.describe_events(s, [e], 0, "en") == ["[bold]— Round 2: Player 2 (B1)'s turn —[/]"]
    assert GAME.describe_events(s, [e], 0, "it") == [
        "[bold]— Round 2: turno del Giocatore 2 (B1) —[/]"
    ]


def test_inferno_barred_rounds_do_not_offer_to_attack() -> None:
    """In rounds 1-3 the step after the play said 'attack or end the turn', though no
    attack can be offered then: it says what can be done."""
    s = new(11)
    chooser = RNG(11)
    while (d := decision(s)).kind != "attack":
        GAME.apply(s, d.actions[chooser.below(len(d.actions))])
    assert s.turn <= 12 and not [a for a in d.actions if a.startswith("attack:")]
    assert GAME.view(s, d.player, "en").endswith("to act: use a zone action or end the turn")
    assert GAME.view(s, d.player, "it").endswith(": usa un'azione di zona o termina il turno")


def test_inferno_board_lines_end_without_a_trailing_space() -> None:
    """A Chimera's stats line on the Inferno board ended 'TOT 75 ' (the space before its
    marks, with no marks): the board's lines now end where their words end."""
    s = position(([card("ozok+madu", "A1")], [card("thofa", "B1")]), mode="inferno+chimera")
    for lang in ("en", "it"):
        lines = GAME.view(s, 0, lang).split("\n")
        assert any("TOT" in x and "ATK" in x and not x.startswith("  #") for x in lines)
        assert all(x == x.rstrip() for x in lines), [x for x in lines if x != x.rstrip()]


def test_an_inferno_field_card_keeps_its_owner_and_gift_mark_on_its_line() -> None:
    """'#2  Thrashfire      Ardo    ATK 23 ... TOT 64 (A1)' / 'dono': the owner in
    brackets pushed a gift's mark past 80 columns, a row more for each card of a team's
    field of 14 (43 rows, seed 5 at tavolo play). On the screen the owner goes without
    its brackets and the mark stays on the line (a name of up to 15 letters, a field of
    ten cards or more); the whole board ('cards') keeps the brackets."""
    seats: list[dict[str, Any]] = [{"hand": ["ozok"]}, {}, {}, {}]
    gifted = [c for c in GAME.ids if GAME.info[c].gift is not None]
    long = max(
        (c for c in gifted if len(GAME.info[c].name) <= 15), key=lambda c: len(GAME.info[c].name)
    )
    others = [c for c in GAME.ids if c not in (long, "amber_idol", "ozok")][:9]
    field = [card(long, "A1"), *(card(c, "A2" if i % 2 else "A1") for i, c in enumerate(others))]
    s = position((field, [card("amber_idol", "B2")]), seats)
    for lang, mark in (("en", "gift"), ("it", "dono")):
        lines = _plain(GAME.view(s, 0, lang))
        at = next(x for x in lines if GAME.info[long].name in x)
        assert at.rstrip().endswith(f"A1 {mark}") and len(at) <= 80, at
        whole = GAME.details(s, 0, lang)
        assert whole is not None and "(A1)" in whole


def test_an_inferno_field_card_keeps_its_used_mark_beside_a_long_name_of_the_other_team() -> None:
    """'#8  Somnus Ferret … TOT 60 A1' / 'usato': a name of 16 letters on the other
    team's field ('Cloak Salamander') set the name column of both fields, and the
    Italian 'usato' of a spent card in a field of ten cards or more ran to 81 columns, a
    row more for each such card (48 rows, seed 12 at tavolo play). Each team's field now
    has the columns of its own names: the mark stays on the card's line."""
    seats: list[dict[str, Any]] = [{"hand": ["ozok"]}, {}, {}, {}]
    names = {c: GAME.info[c].name for c in GAME.ids if "+" not in c}
    widest = next(c for c, n in names.items() if len(n) == 16)
    gifted = [c for c in names if GAME.info[c].gift is not None and len(names[c]) == 13]
    spent = gifted[0]
    others = [c for c in names if len(names[c]) <= 13 and c not in (spent, widest, "ozok")][:9]
    field = [card(c, "A2" if i % 2 else "A1") for i, c in enumerate(others)]
    field.append(card(spent, "A1", spent=True))
    s = position((field, [card(widest, "B2")]), seats)
    for lang, mark in (("en", "used"), ("it", "usato")):
        lines = _plain(GAME.view(s, 0, lang))
        at = next(x for x in lines if names[spent] in x)
        assert at.rstrip().endswith(f"A1 {mark}") and len(at) <= 80, at
        assert any(names[widest] in x for x in lines)


def test_an_inferno_partners_face_down_card_does_not_widen_the_name_column() -> None:
    """A face-down card of the partner's, which the seat does not know, set the width of
    its team's name column ('#14 Hollow Grin      Illusio … TOT 64 A2' / 'usato' on a row
    of its own, 41 rows at seed 9 at tavolo play), telling the length of its name. A
    face-down card's line has no columns: the field's are those of its face-up cards."""
    seats: list[dict[str, Any]] = [{"hand": ["ozok"]}, {}, {}, {}]
    names = {c: GAME.info[c].name for c in GAME.ids if "+" not in c}
    short = [c for c in names if len(names[c]) <= 10 and c != "ozok"]
    boards = []
    for hidden in (short[-1], next(c for c, n in names.items() if len(n) == 16)):
        field = [card(c, "A1") for c in short[:3]] + [card(hidden, "A2", face_down=True)]
        s = position((field, [card(short[4], "B1")]), seats)
        for lang in ("en", "it"):
            lines = _plain(GAME.view(s, 0, lang))
            assert not any(names[hidden] in x for x in lines)
            boards.append([x for x in lines if "TOT" in x and "ATK" in x])
    assert boards[:2] == boards[2:]


def test_a_crowded_inferno_screen_folds_the_seats_and_the_partners_cards() -> None:
    """Nine cards of A1's to attack with, each against seven of the other team's, took
    ten rows of options; with the partner's five cards each on its line the screen ran
    past 40 rows (43, seed 12 at tavolo play; 45 in Italian). Where the screen has no
    room, a seat's line names the seat alone ('A1 ◀ turn · hand 1 …') and then the
    partner's cards go on one line ("A2's cards: #2 … · #4 …"), A1's and the other
    team's keeping theirs; 'cards' keeps every card on its line and the players' names."""
    ids = [c for c in GAME.ids if "+" not in c and c != "ozok" and len(GAME.info[c].name) <= 13]
    seats: list[dict[str, Any]] = [{"hand": ["ozok", ids[21]]}, {}, {}, {}]
    mine, theirs = ids[:13], ids[13:20]
    ours = [card(c, "A2" if i in (1, 3, 5, 9, 12) else "A1") for i, c in enumerate(mine)]
    s = position((ours, [card(c, "B1") for c in theirs]), seats, round=9)
    GAME.apply(s, "play:ozok:down")
    d = GAME.decision(s)
    assert d is not None and sum(a.startswith("attack:") for a in d.actions) == 56, d
    partner = [GAME.info[mine[i]].name for i in (1, 3, 5, 9, 12)]
    for lang, head, seat in (
        ("en", "A2's cards: #2 ", "Player 1 (A1)"),
        ("it", "Carte di A2: #2 ", "Giocatore 1 (A1)"),
    ):
        screen = _plain(GAME.view(s, 0, lang))
        rows = len(screen) + view.options_rows(GAME, s, list(d.actions), lang) + view.CHROME
        assert rows <= 40, rows
        assert any(x.startswith(f"  {head}{partner[0]} · #4 {partner[1]}") for x in screen), screen
        assert any(x.startswith("  A1 ◀") for x in screen) and not any(seat in x for x in screen)
        for i, c in enumerate(mine):  # A1's cards keep their stats on their lines
            at = [x for x in screen if GAME.info[c].name in x]
            assert len(at) == 1 and (("ATK" in at[0]) == (i not in (1, 3, 5, 9, 12))), at
        whole = GAME.details(s, 0, lang)
        assert whole is not None
        text = _plain(whole)
        assert any(seat in x for x in text) and not any(head in x for x in text)
        assert all(any(n in x and "ATK" in x for x in text) for n in partner)
    roomy = position((ours[:4], [card(c, "B1") for c in theirs[:2]]), seats, round=9)
    screen = _plain(GAME.view(roomy, 0, "en"))
    assert any("Player 1 (A1)" in x for x in screen) and not any("A2's cards" in x for x in screen)


def test_a_seat_with_an_empty_hand_shows_no_hand_heading() -> None:
    """A seat that played its last card saw 'Your hand (Player 1 (A1); stats ...):' with
    nothing under it; as in the 1v1 board, an empty hand has no heading (the seat's line
    counts it), in both languages."""
    s = position(seats=[{"hand": ["ozok"]}, {}, {}, {}])
    assert any("Your hand" in x for x in _plain(GAME.view(s, 0, "en")))
    GAME.apply(s, "play:ozok:down")
    assert not s.seat_of(0).hand
    assert not any("Your hand" in x for x in _plain(GAME.view(s, 0, "en")))
    assert not any("La tua mano" in x for x in _plain(GAME.view(s, 0, "it")))
