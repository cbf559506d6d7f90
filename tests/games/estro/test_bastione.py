"""Ultimo Bastione (mode ``ultimo_bastione``): one test per rule of the digest's item 10, the
manual's pages on the mode and tavolo's decisions (docs/estro-bastione.md)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from itertools import takewhile
from typing import Any

import pytest

from tavolo.engine import RNG, ConfigError, ScriptedRNG
from tavolo.engine.i18n import shown
from tavolo.games.estro.bastione.mode import BREACH_DIVISOR, FIELD_LIMIT, Mode
from tavolo.games.estro.bastione.state import BastioneState
from tavolo.games.estro.schema import ESTRI

from .support import GAME, decision, of_kind, play

MODE = "ultimo_bastione"
TABLE: Mode = GAME.tables[MODE]
FILLER = ("glyph_crawler", "sulfur_sage", "ochre_monk", "amber_idol", "yolk_engine")
OTHERS = ("violet_needle", "sleepwalker", "umbra_kit")
HORDE_FILLER = ("orrugg", "gossamer_doe", "silk_specter", "fulcrum_lemur", "nightmare_forge")


def config(n: int = 2, mode: str = MODE) -> Any:
    return GAME.make_config(n, mode)


def position(
    n: int = 2,
    dreamers: Iterable[Mapping[str, Any]] = (),
    script: Iterable[Mapping[str, Any]] = (),
    mode: str = MODE,
    **where: Any,
) -> BastioneState:
    """A position (zone civile, round 1, Dreamer phase, seat 0 to act unless told);
    dreamer 1 without a deck gets FILLER cards, the others one card of OTHERS in hand,
    the horde deck HORDE_FILLER."""
    raw = [dict(d) for d in dreamers] or [{} for _ in range(n)]
    raw += [{} for _ in range(n - len(raw))]
    held = {e["id"] for e in where.get("horde", ())}
    for d in raw:
        held |= set(d.get("hand", ())) | {f["id"] for f in d.get("field", ())}
    for k, d in enumerate(raw):
        d.setdefault("deck", [c for c in FILLER if c not in held] if k == 0 else [])
        if k:  # the other dreamers hold a card, so that their turns wait for them
            d.setdefault("hand", [OTHERS[k - 1]])
    pos: dict[str, Any] = {"zone": "civile", "round": 1, "phase": "dreamers", **where}
    pos.setdefault("horde_deck", [c for c in HORDE_FILLER if c not in held])
    pos["dreamers"] = raw
    s = GAME.from_position(config(n, mode), pos, ScriptedRNG(0, [dict(e) for e in script]))
    assert isinstance(s, BastioneState)
    return s


def horde_events(events: list[dict[str, Any]], what: str) -> list[dict[str, Any]]:
    return [e for e in events if e["kind"] == "ultimo_bastione.horde" and e["what"] == what]


def cell(s: BastioneState, c: str) -> tuple[int, int]:
    """(lane, zone) as the players count them."""
    x = s.cell[c]
    return x // 4 + 1, x % 4 + 1


def play_out(s: BastioneState, seed: int = 0) -> None:
    rng = RNG(seed)
    while (d := GAME.decision(s)) is not None:
        GAME.apply(s, d.actions[rng.below(len(d.actions))])


# ------------------------------------------------------------------------------ setup --
@pytest.mark.parametrize(("n", "cq"), [(2, 100), (3, 120), (4, 150)])
def test_bastione_cq_by_players(n: int, cq: int) -> None:
    s = GAME.new(config(n), 1)
    assert isinstance(s, BastioneState)
    assert s.cq == s.cq0 == cq


@pytest.mark.parametrize(("n", "size"), [(2, 50), (3, 60), (4, 70)])
def test_bastione_horde_deck_by_players(n: int, size: int) -> None:
    s = GAME.new(config(n), 2)
    assert isinstance(s, BastioneState)
    # the first horde phase has already brought 3 reinforcements onto the lanes
    assert len(s.players[1].field) == 3
    assert len(s.hdeck) + len(s.players[1].field) == size


@pytest.mark.parametrize("n", [2, 3, 4])
def test_bastione_decks_dealt_without_overlap(n: int) -> None:
    s = GAME.new(config(n, f"{MODE}+fessura"), 3)
    assert isinstance(s, BastioneState)
    things = Counter(c for c, _ in GAME.inventory(s) or ())
    assert max(things.values()) == 1 and sum(things.values()) == 250  # all, once each
    for k in range(n):
        assert len(s.hands[k]) == 5 and len(s.decks[k]) == 20
    assert not set(s.hdeck) & {c for k in range(n) for c in s.hands[k] + s.decks[k]}


def test_bastione_three_lanes_four_zones_reinforcements_enter_zone_4() -> None:
    s = GAME.new(config(2), 4)
    assert isinstance(s, BastioneState)
    assert {cell(s, c)[1] for c in s.players[1].field} == {4}
    assert all(1 <= cell(s, c)[0] <= 3 for c in s.players[1].field)
    plays = {a for a in decision(s).actions if a.startswith("play:")}
    where = {tuple(a.split(":")[2:]) for a in plays}
    assert where == {(str(lane), str(z)) for lane in (1, 2, 3) for z in (1, 2, 3, 4)}


def test_bastione_round_is_horde_phase_then_dreamer_phase() -> None:
    s = GAME.new(config(2), 5)
    assert isinstance(s, BastioneState)
    d = decision(s)
    assert (s.rnd, s.phase, d.player, d.kind) == (1, "dreamers", 0, "dreamer")
    events = play(s, "done")
    events += play(s, "done")
    kinds = [e["kind"] for e in events]
    assert kinds.index("ultimo_bastione.horde_phase") < kinds.index("ultimo_bastione.dreamer_phase")
    assert s.rnd == 2


def test_bastione_first_dreamer_moves_on_each_round() -> None:
    hands = [{"hand": ["ozok"]}, {"hand": ["thofa"]}, {"hand": ["kharvok"]}]
    s = position(3, hands, phase="horde", round=1)
    assert (s.rnd, decision(s).player) == (2, 1)
    s = position(3, hands, phase="horde", round=2)
    assert (s.rnd, decision(s).player) == (3, 2)


def test_bastione_dreamers_draw_below_five_cards() -> None:
    s = position(2, [{"hand": ["ozok"], "deck": ["thofa"]}], phase="horde", round=1)
    assert s.hands[0] == ["ozok", "thofa"]
    full = position(2, [{"hand": list(FILLER), "deck": ["thofa"]}], phase="horde", round=1)
    assert full.decks[0] == ["thofa"]


def test_bastione_an_empty_deck_and_hand_is_no_loss_and_inspires_no_draw() -> None:
    """Co-op: a dreamer with neither deck nor hand plays on (no E-14 b); their tactical
    inspiration then offers no draw."""
    s = position(
        2,
        [{"hand": [], "deck": [], "field": [{"id": "hush_phantom", "lane": 1, "zone": 2}]}],
        phase="horde",
        round=1,
    )
    assert s.result is None and s.rnd == 2 and s.hands[0] == []
    play(s, "done")  # round 2: dreamer 2 first
    assert decision(s).actions == ("activate:hush_phantom", "done")
    play(s, "activate:hush_phantom")
    assert decision(s).actions == ("inspire:as", "inspire:mark:hush_phantom")


# ------------------------------------------------------------------- synaptic actions --
def test_bastione_two_as_per_dreamer_and_a_card_costs_1_with_2_players() -> None:
    s = position(2, [{"hand": ["ozok", "thofa"]}, {"hand": ["kharvok"]}])
    assert decision(s).params["as_left"] == 2
    play(s, "play:ozok:1:1")
    assert (decision(s).player, s.asl[0]) == (0, 1)
    play(s, "play:thofa:2:1")
    assert s.asl[0] == 0 and decision(s).player == 1


def test_bastione_dissonanza_minore_second_card_costs_2() -> None:
    s = position(3, [{"hand": ["ozok", "thofa"], "as_left": 3}])
    play(s, "play:ozok:1:1")
    assert s.asl[0] == 2  # the first card: 1 AS
    play(s, "play:thofa:2:1")
    assert s.asl[0] == 0  # the second card in the same turn: 2 AS
    s = position(3, [{"hand": ["ozok", "thofa"]}])
    play(s, "play:ozok:1:1")
    assert s.asl[0] == 1 and decision(s).player == 1  # 1 AS cannot pay a second card


def test_bastione_dissonanza_maggiore_card_always_costs_2() -> None:
    s = position(4, [{"hand": ["ozok", "thofa"]}, {"hand": ["kharvok"]}])
    play(s, "play:ozok:1:1")
    assert s.asl[0] == 0 and decision(s).player == 1


def test_bastione_dissonance_costs_a_replacement_and_a_chimera_as_plays() -> None:
    """A replacement and a Chimera's fusion are plays: with three dreamers one after a
    card in the same turn costs 2 AS, with four dreamers each costs 2."""
    field = [{"id": "ozok", "lane": 1, "zone": 1}, {"id": "thofa", "lane": 2, "zone": 1}]
    s = position(3, [{"hand": ["kharvok", "vurrax"], "field": field, "as_left": 3}])
    play(s, "play:kharvok:3:1")
    assert s.asl[0] == 2
    play(s, "replace:thofa:vurrax")
    assert s.asl[0] == 0 and decision(s).player == 1
    s = position(
        4, [{"hand": ["vurrax"], "field": [*field, {"id": "kharvok", "lane": 3, "zone": 1}]}]
    )
    play(s, "replace:thofa:vurrax")
    assert s.asl[0] == 0 and decision(s).player == 1
    s = position(4, [{"hand": ["ozok", "quarry_titan"], "as_left": 3}], mode=f"{MODE}+chimera")
    play(s, "chimera:declare", "done")
    while decision(s).player != 0:
        play(s, "done")
    assert s.rnd == 2 and s.asl[0] == 2
    s.asl[0] = 3  # one more, to see what the fusion takes
    play(s, "chimera:ozok:quarry_titan:1:1")
    assert "ozok+quarry_titan" in s.players[0].field and s.asl[0] == 1


def test_bastione_attack_costs_1_as_each_defender_once_a_phase() -> None:
    s = position(
        2,
        [{"field": [{"id": "ozok", "lane": 1, "zone": 3}]}],
        horde=[{"id": "thofa", "lane": 1, "zone": 3}],
        script=[{"roll": 1}, {"roll": 1}],
    )
    play(s, "attack:ozok:thofa")
    assert s.asl[0] == 1
    assert not [a for a in decision(s).actions if a.startswith("attack:")]


def test_bastione_activate_once_gift_costs_1_as() -> None:
    s = position(2, [{"field": [{"id": "quarry_titan", "lane": 2, "zone": 2}]}])
    assert "activate:quarry_titan" in decision(s).actions
    events = play(s, "activate:quarry_titan")
    assert s.asl[0] == 1
    assert of_kind(events, "gift", card="quarry_titan", player=0)
    assert "activate:quarry_titan" not in decision(s).actions  # once


def test_bastione_mandatory_engagement() -> None:
    s = position(
        2,
        [{"hand": ["kharvok"], "field": [{"id": "ozok", "lane": 2, "zone": 2}]}],
        horde=[{"id": "thofa", "lane": 2, "zone": 2}],
        script=[{"roll": 1}, {"roll": 1}],
    )
    assert decision(s).actions == ("attack:ozok:thofa",)
    play(s, "attack:ozok:thofa")
    after = decision(s).actions
    assert "done" in after and any(a.startswith("play:kharvok:") for a in after)


def test_bastione_command_only_own_cards() -> None:
    s = position(
        2,
        [{"field": [{"id": "ozok", "lane": 2, "zone": 2}]}, {"hand": ["kharvok"]}],
        horde=[{"id": "thofa", "lane": 2, "zone": 2}],
        seat=1,
    )
    acts = decision(s).actions
    assert decision(s).player == 1
    assert not [a for a in acts if a.startswith(("attack:", "activate:", "replace:"))]


def test_bastione_one_defender_per_zone() -> None:
    s = position(
        2,
        [{"hand": ["kharvok"]}, {"field": [{"id": "ozok", "lane": 2, "zone": 2}]}],
    )
    assert "play:kharvok:2:2" not in decision(s).actions
    assert "play:kharvok:2:3" in decision(s).actions


def test_bastione_replace_a_defender_costs_a_play_when_the_field_is_full() -> None:
    field = [
        {"id": "ozok", "lane": 1, "zone": 1},
        {"id": "thofa", "lane": 2, "zone": 1},
        {"id": "orrugg", "lane": 3, "zone": 1},
    ]
    assert len(field) == FIELD_LIMIT
    s = position(3, [{"hand": ["kharvok"], "field": field}])
    acts = decision(s).actions
    assert not [a for a in acts if a.startswith("play:")]
    assert "replace:thofa:kharvok" in acts
    events = play(s, "replace:thofa:kharvok")
    assert cell(s, "kharvok") == (2, 1) and "thofa" in s.players[0].inc
    assert s.asl[0] == 1 and of_kind(events, "ultimo_bastione.replace", old="thofa")


def test_bastione_zone_action_once_for_the_whole_team() -> None:
    s = position(
        2,
        [{"field": [{"id": "ozok", "lane": 1, "zone": 1}]}, {"hand": ["kharvok"]}],
        zone="controllo",
    )
    assert "zone:controllo:ozok" in decision(s).actions
    play(s, "zone:controllo:ozok")
    assert s.asl[0] == 1 and s.players[0].zone_used
    play(s, "done")
    assert decision(s).player == 1
    assert not [a for a in decision(s).actions if a.startswith("zone:")]


# -------------------------------------------------------------------------- the horde --
def test_bastione_unengaged_horde_advances_engaged_stays_defenders_stationary() -> None:
    s = position(
        2,
        [{"field": [{"id": "balm_serpent", "lane": 1, "zone": 3}]}],
        horde=[
            {"id": "pallid_mime", "lane": 1, "zone": 3},
            {"id": "kharvok", "lane": 2, "zone": 3},
        ],
        phase="horde",
        round=1,
        script=[{"roll": 1}, {"roll": 5}],  # pallid_mime (69) fails against balm_serpent (76)
    )
    assert cell(s, "pallid_mime") == (1, 3)  # held by balm_serpent
    assert cell(s, "kharvok") == (2, 2)  # free to advance
    assert cell(s, "balm_serpent") == (1, 3)  # never moves


def test_bastione_three_reinforcements_on_random_lanes() -> None:
    s = position(2, phase="horde", round=1)
    entered = [c for c in s.players[1].field]
    assert len(entered) == 3 and {cell(s, c)[1] for c in entered} == {4}
    assert entered == list(reversed(HORDE_FILLER))[:3]  # from the top of the horde deck


def test_bastione_breach_deals_a_quarter_of_tot_and_leaves_the_field() -> None:
    s = position(2, horde=[{"id": "kharvok", "lane": 3, "zone": 1}], phase="horde", round=1)
    assert s.cq == 100 - 76 // BREACH_DIVISOR  # Kharvok's TOT
    assert "kharvok" in s.players[1].inc and "kharvok" not in s.cell


def test_bastione_attack_order_lane_then_depth() -> None:
    s = position(
        2,
        [
            {
                "field": [
                    {"id": "ozok", "lane": 2, "zone": 1},
                    {"id": "orrugg", "lane": 1, "zone": 3},
                    {"id": "gossamer_doe", "lane": 1, "zone": 1},
                ]
            }
        ],
        horde=[
            {"id": "thofa", "lane": 2, "zone": 1},
            {"id": "kharvok", "lane": 1, "zone": 3},
            {"id": "balm_serpent", "lane": 1, "zone": 1},
        ],
        horde_deck=["silk_specter", "fulcrum_lemur", "nightmare_forge"],
        round=1,
    )
    events = play(s, "attack:ozok:thofa")
    events += play(s, "done")
    events += play(s, "done")
    order = [e["attacker"] for e in horde_events(events, "attack")]
    assert order[:3] == ["balm_serpent", "kharvok", "thofa"]


def test_bastione_overrun_horde_card_advances_at_once() -> None:
    s = position(
        2,
        [{"field": [{"id": "cobalt_tortoise", "lane": 2, "zone": 2}]}],
        horde=[{"id": "kharvok", "lane": 2, "zone": 2}],
        phase="horde",
        round=1,
        script=[{"roll": 1}, {"roll": 1}],
    )
    assert "cobalt_tortoise" in s.players[0].inc
    assert cell(s, "kharvok") == (2, 1)


def test_bastione_no_overrun_when_the_defender_is_saved() -> None:
    """Only a horde card that destroyed its defender advances at once: the same attack
    as above, the defender saved by the Medica zone, leaves the horde card in its zone."""
    s = position(
        2,
        [{"field": [{"id": "cobalt_tortoise", "lane": 2, "zone": 2}]}],
        horde=[{"id": "kharvok", "lane": 2, "zone": 2}],
        phase="horde",
        round=1,
        zone="medica",
        script=[{"roll": 1}, {"roll": 1}],
    )
    d = decision(s)
    assert d.kind == "save_zone" and d.params["card"] == "cobalt_tortoise"
    events = play(s, "zone:medica")
    assert of_kind(events, "saved", card="cobalt_tortoise")
    assert not of_kind(events, "ultimo_bastione.overrun")
    assert "cobalt_tortoise" in s.players[0].field and cell(s, "kharvok") == (2, 2)


def test_bastione_horde_once_gift_waits_for_the_next_play_with_priority() -> None:
    s = position(
        2,
        [{"hand": ["ozok"]}],
        horde_deck=["orrugg", "silk_specter", "quarry_titan"],
        phase="horde",
        round=1,
    )
    assert s.pending == ("quarry_titan",)
    assert s.players[1].mods.get("orrugg") is None  # not yet
    while decision(s).player != 0:
        play(s, "done")
    x = next(a for a in decision(s).actions if a.startswith("play:ozok:"))
    events = play(s, x)
    gifts = horde_events(events, "gift")
    assert [g["card"] for g in gifts] == ["quarry_titan"] and s.pending == ()
    assert s.players[1].mods["orrugg"][1] == 2  # horde Granito cards: DEF +2


def test_bastione_a_revive_is_no_play_for_the_hordes_waiting_gifts() -> None:
    """Quarry Titan's once-gift waits for the dreamers' next play: Chorus Bloom's
    activated gift reviving Kharvok onto the field is none, so it waits on, and fires
    at the card then played."""
    s = position(
        2,
        [{"hand": ["ozok"], "field": [{"id": "chorus_bloom", "lane": 3, "zone": 1}]}],
        horde_deck=["orrugg", "silk_specter", "quarry_titan"],
        incinerator=["kharvok", "vurrax", "thofa"],
        phase="horde",
        round=1,
    )
    while decision(s).player != 0:
        play(s, "done")
    events = play(s, "activate:chorus_bloom", "revive:kharvok")
    assert of_kind(events, "revive", card="kharvok", to="field")
    assert not horde_events(events, "gift") and s.pending == ("quarry_titan",)
    events = play(s, "play:ozok:1:2")
    assert [g["card"] for g in horde_events(events, "gift")] == ["quarry_titan"]
    assert s.pending == ()


def test_bastione_horde_passive_gifts_work_at_once() -> None:
    # static_gale (an aura): every Illusio card of the horde's opponents has DEX -3
    s = position(
        2,
        [{"field": [{"id": "thofa", "lane": 1, "zone": 1}]}],
        horde_deck=["orrugg", "silk_specter", "static_gale"],
        phase="horde",
        round=0,
    )
    assert "static_gale" in s.players[1].field
    assert TABLE.stats(s, 0, "thofa")[3] == 28 + 2 - 3  # Civile zone +2, the aura -3


# ---------------------------------------------------------------- tactical inspiration --
@pytest.mark.parametrize("card", ["hush_phantom", "siege_larva"])
def test_bastione_impossible_gift_gives_tactical_inspiration(card: str) -> None:
    assert card in TABLE.impossible
    s = position(2, [{"field": [{"id": card, "lane": 1, "zone": 2}]}])
    events = play(s, f"activate:{card}")
    assert of_kind(events, "ultimo_bastione.inspiration", card=card, player=0)
    d = decision(s)
    assert d.kind == "inspiration" and d.player == 0
    assert set(d.actions) == {"inspire:as", "inspire:draw", f"inspire:mark:{card}"}


def test_bastione_a_chimera_with_an_impossible_gift_gives_tactical_inspiration() -> None:
    """Chimera on top of the mode: a Chimera that took Hush Phantom's gift (the horde
    discards: it has no hand) inspires its dreamer when activated, as Hush Phantom
    would; it is not an AS spent on nothing."""
    s = position(2, [{"hand": ["ozok", "hush_phantom"]}], mode=f"{MODE}+chimera")
    play(s, "chimera:declare", "done", "done")
    while decision(s).player != 0:
        play(s, "done")
    play(s, next(a for a in decision(s).actions if a.startswith("chimera:ozok:hush_phantom:")))
    assert TABLE.is_impossible("ozok+hush_phantom")
    events = GAME.apply(s, "activate:ozok+hush_phantom")
    told = [e.to_json() for e in events]
    assert of_kind(told, "ultimo_bastione.inspiration", card="ozok+hush_phantom", player=0)
    d = decision(s)
    assert d.kind == "inspiration" and d.player == 0
    assert "inspire:mark:ozok+hush_phantom" in d.actions
    for lang in ("en", "it"):  # told with the Chimera's name, in both languages
        text = GAME.describe_event(events[-1], 0, lang)
        assert text and "Ozok" in text and "{" not in text
    play(s, "inspire:as")
    assert s.asl[0] == 1  # the fusion 1 AS, the gift 1, the inspiration 1 back


def test_bastione_inspiration_plus_one_as() -> None:
    s = position(2, [{"field": [{"id": "hush_phantom", "lane": 1, "zone": 2}]}])
    play(s, "activate:hush_phantom", "inspire:as")
    assert s.asl[0] == 2  # 1 spent on the gift, 1 back


def test_bastione_inspiration_as_after_the_dreamer_phase_is_banked() -> None:
    """Smoke Harlequin's impossible turn-end gift inspires at the end of the Dreamer
    phase: the +1 AS waits for its dreamer's next turn, in the next round."""
    s = position(
        2,
        [{"field": [{"id": "smoke_harlequin", "lane": 1, "zone": 1}], "hand": ["ozok"]}],
    )
    play(s, "done", "done")
    assert decision(s).kind == "inspiration" and s.rnd == 1
    play(s, "inspire:as")
    assert s.rnd == 2 and s.asl == [3, 2] and s.bonus == [0, 0]


def test_bastione_inspiration_draw_two_keep_one() -> None:
    s = position(
        2, [{"field": [{"id": "hush_phantom", "lane": 1, "zone": 2}], "deck": ["ozok", "thofa"]}]
    )
    play(s, "activate:hush_phantom", "inspire:draw")
    d = decision(s)
    assert d.kind == "inspiration_keep" and set(d.actions) == {"keep:ozok", "keep:thofa"}
    play(s, "keep:ozok")
    assert s.hands[0] == ["thofa", "ozok"][1:] and s.decks[0] == ["thofa"]


def test_bastione_inspiration_permanent_plus_5_tot_marker() -> None:
    s = position(2, [{"field": [{"id": "hush_phantom", "lane": 1, "zone": 2}]}])
    before = TABLE.tot(s, 0, "hush_phantom")
    play(s, "activate:hush_phantom", "inspire:mark:hush_phantom")
    assert TABLE.tot(s, 0, "hush_phantom") == before + 5 and s.marks == {"hush_phantom": 1}


# ---------------------------------------------------------------------------- the end --
def test_bastione_win_by_surviving_round_10() -> None:
    s = position(2, phase="horde", round=10, cq=1)
    assert s.result == (1.0, 1.0) and s.reason == "survived"
    s = position(2, phase="horde", round=9, cq=1)
    assert s.result is None


def test_bastione_loss_at_cq_0() -> None:
    s = position(
        3, horde=[{"id": "ozok", "lane": 1, "zone": 1}], phase="horde", round=4, cq=72 // 4
    )
    assert s.result == (0.0, 0.0, 0.0) and s.reason == "bastion_fell"
    assert GAME.returns(s) == (0.0, 0.0, 0.0)


def test_bastione_last_wave_destroy_every_horde_card_to_win() -> None:
    s = position(
        2,
        [{"field": [{"id": "kharvok", "lane": 2, "zone": 2}]}],
        horde=[{"id": "cobalt_tortoise", "lane": 2, "zone": 2}],
        horde_deck=[],
        round=10,
        script=[{"roll": 1}, {"roll": 2}],
    )
    assert s.result is None
    events = play(s, "attack:kharvok:cobalt_tortoise")
    assert s.result == (1.0, 1.0) and s.reason == "last_wave"
    assert of_kind(events, "ultimo_bastione.end", won=True)


def test_bastione_last_wave_outlasts_round_10() -> None:
    s = position(
        2,
        [{"field": [{"id": "balm_serpent", "lane": 2, "zone": 1}]}],
        horde=[{"id": "cobalt_tortoise", "lane": 2, "zone": 1}],
        horde_deck=[],
        phase="horde",
        round=10,
        script=[{"roll": 1}, {"roll": 6}],
    )
    assert s.result is None and s.rnd == 11  # the horde deck is spent: no win at round 10


def test_bastione_all_dreamers_share_the_result() -> None:
    for n in (2, 3, 4):
        s = GAME.new(config(n), 10 + n)
        play_out(s, n)
        r = GAME.returns(s)
        assert len(r) == n and len(set(r)) == 1 and r[0] in (0.0, 1.0)


# ------------------------------------------------------------------------ information --
def test_bastione_hands_decks_and_horde_deck_are_hidden() -> None:
    s = GAME.new(config(3), 20)
    assert isinstance(s, BastioneState)
    seen = GAME.observe(s, 1)
    assert "hand" not in seen["dreamers"][0] and seen["dreamers"][1]["hand"] == s.hands[1]
    secret = set(GAME.secrets(s, 1))
    assert set(s.hands[0]) | set(s.decks[2]) | set(s.hdeck) <= secret
    assert not secret & set(s.hands[1])
    text = GAME.view(s, 1) + str(seen)
    assert not [c for c in s.hands[0] + s.hdeck if f"'{c}'" in text]


def test_bastione_determinize_keeps_what_the_player_sees() -> None:
    s = GAME.new(config(3), 21)
    d = GAME.determinize(s, 2, RNG(5))
    assert GAME.observe(d, 2) == GAME.observe(s, 2)
    assert isinstance(d, BastioneState) and d.hands[2] == s.hands[2]


# ------------------------------------------------------------------------ META modes --
def test_bastione_meta_modes_chimera_and_fessura_imboscata_refused() -> None:
    assert config(2, f"{MODE}+chimera+fessura").mode == f"{MODE}+chimera+fessura"
    with pytest.raises(ConfigError, match="face up"):
        config(2, f"{MODE}+imboscata")


def test_bastione_chimera_declared_then_fused_into_a_free_zone() -> None:
    s = position(2, [{"hand": ["ozok", "quarry_titan"]}], mode=f"{MODE}+chimera")
    play(s, "chimera:declare", "done", "done")
    while decision(s).player != 0:
        play(s, "done")
    fuse = [a for a in decision(s).actions if a.startswith("chimera:ozok:quarry_titan:")]
    assert fuse
    play(s, fuse[0])
    assert "ozok+quarry_titan" in s.players[0].field and s.asl[0] == 1


def test_bastione_an_engaged_dreamer_may_still_declare_a_chimera() -> None:
    """Mandatory engagement makes the first synaptic action an attack; declaring a
    Chimera is no synaptic action (free, at the start of the turn), so a dreamer whose
    defender faces a horde card may declare, then must attack."""
    s = position(
        2,
        [{"hand": ["kharvok"], "field": [{"id": "ozok", "lane": 1, "zone": 3}]}],
        horde=[{"id": "thofa", "lane": 1, "zone": 3}],
        mode=f"{MODE}+chimera",
        script=[{"roll": 1}, {"roll": 1}],
    )
    assert decision(s).actions == ("attack:ozok:thofa", "chimera:declare")
    events = play(s, "chimera:declare")
    assert of_kind(events, "ultimo_bastione.chimera_declared", player=0)
    assert decision(s).actions == ("attack:ozok:thofa",) and s.asl[0] == 2
    s = position(  # without Chimera, only the attack
        2,
        [{"hand": ["kharvok"], "field": [{"id": "ozok", "lane": 1, "zone": 3}]}],
        horde=[{"id": "thofa", "lane": 1, "zone": 3}],
    )
    assert decision(s).actions == ("attack:ozok:thofa",)


def test_bastione_fessura_rift_card_takes_the_zone() -> None:
    s = position(
        2,
        [{"hand": ["ozok"], "field": [{"id": "thofa", "lane": 3, "zone": 2}]}],
        mode=f"{MODE}+fessura",
    )
    assert not [a for a in decision(s).actions if a.startswith("fessura:")]  # a play first
    play(s, "play:ozok:1:1")
    events = play(s, "fessura:thofa")
    new = of_kind(events, "ultimo_bastione.fessura_card")[0]["card"]
    assert cell(s, new) == (3, 2) and "thofa" in s.players[0].inc


# ------------------------------------------------------------------------------ words --
def test_bastione_help_view_and_words_in_both_languages() -> None:
    for lang, lane in (("en", "Lanes L1-L3"), ("it", "Corsie C1-C3")):
        assert "Ultimo Bastione" in GAME.help(lang)
        s = GAME.new(config(2, f"{MODE}+chimera+fessura"), 30)
        assert lane in GAME.view(s, 0, lang) and "CQ" in GAME.view(s, None, lang)
        rng = RNG(1)
        while (d := GAME.decision(s)) is not None:
            for a in d.actions[:5]:
                text = GAME.describe_action(s, a, lang)
                assert text and "{" not in text and text != a, a
            for e in GAME.apply(s, d.actions[rng.below(len(d.actions))]):
                for who in (None, 0, 1):
                    text = GAME.describe_event(e, who, lang)
                    assert text is None or ("{" not in text and ": {" not in text), (e, text)
        assert GAME.view(s, 0, lang)


def test_bastione_lane_map_marks_cards_in_each_language() -> None:
    """A horde card is H in English and O (orda) in Italian; a defender is D in both."""
    s = GAME.new(config(2), 30)
    assert s.players[1].field  # the horde's first wave is on the lanes
    for lang, horde, other in (("en", " H ", " O "), ("it", " O ", " H ")):
        lines = GAME.view(s, 0, lang).splitlines()
        lanes = [x for x in lines if re.match(r"^([LC]\d|  ) Z\d ", x)]
        assert any(horde in x for x in lanes) and not any(other in x for x in lanes), lanes


def test_bastione_view_shows_the_own_hand_with_stats_and_gifts_only() -> None:
    s = GAME.new(config(2), 30)
    assert isinstance(s, BastioneState)
    board = GAME.view(s, 0, "en")
    for c in s.hands[0]:
        info = GAME.info[c]
        assert (
            f"{info.name} · {ESTRI[info.estro].capitalize()} {'/'.join(map(str, info.stats))} · "
            in board
        )
    assert not [c for c in s.hands[1] if GAME.info[c].name in board]  # a partner's hand


def test_bastione_metrics() -> None:
    s = GAME.new(config(2), 31)
    play_out(s)
    m = GAME.metrics(s)
    assert m["rounds"] == s.rnd and m["cq_left"] == max(0, s.cq)
    assert m["breaches"] + m["horde_destroyed"] == len(s.players[1].inc)


# ------------------------------------------------------------------- horde policy --
def test_bastione_horde_policy_harmful_gift_aims_at_the_strongest_defender() -> None:
    s = position(
        2,
        [
            {
                "hand": ["ozok"],
                "field": [
                    {"id": "cobalt_tortoise", "lane": 1, "zone": 1},
                    {"id": "balm_serpent", "lane": 2, "zone": 1},
                ],
            }
        ],
        horde_deck=["orrugg", "silk_specter", "sextant_gull"],
        phase="horde",
        round=0,
    )
    assert s.pending == ("sextant_gull",)
    play(s, "play:ozok:3:1")
    assert s.players[0].mods["balm_serpent"][2] == -8  # HEL, its primary stat
    assert "cobalt_tortoise" not in s.players[0].mods


def test_bastione_horde_policy_helpful_gift_aims_at_its_card_closest_to_the_bastion() -> None:
    s = position(
        2,
        [{"hand": ["ozok"]}],
        horde=[{"id": "gossamer_doe", "lane": 3, "zone": 2}],
        horde_deck=["orrugg", "silk_specter", "verdant_nurse"],
        phase="horde",
        round=0,
    )
    assert cell(s, "gossamer_doe") == (3, 1)
    play(s, "play:ozok:1:4")
    assert s.players[1].mods["gossamer_doe"][2] == 6  # HEL +6, not the cards in zone 4


def test_bastione_gift_extra_attack_gives_a_synaptic_action() -> None:
    s = position(2, [{"field": [{"id": "emberjaw_drake", "lane": 1, "zone": 1}]}])
    events = play(s, "activate:emberjaw_drake")
    assert s.asl[0] == 2 and of_kind(
        events, "ultimo_bastione.extra", player=0, card="emberjaw_drake"
    )


def test_bastione_gift_as_reach_a_dreamer_whose_turn_is_still_to_come() -> None:
    """An extra play from a gift of a dreamer who is not acting is theirs on their next
    turn: when their turn comes later in the same Dreamer phase, that turn, not the
    next round's. Lonely Clock (dreamer 2's) gives it at the start of the phase of
    round 1, in dreamer 1's turn."""
    s = position(
        2,
        [
            {"hand": ["ozok"]},
            {"field": [{"id": "lonely_clock", "lane": 1, "zone": 1}], "hand": ["thofa"]},
        ],
        phase="horde",
        round=0,
    )
    assert s.rnd == 1 and decision(s).player == 0 and s.asl == [2, 3] and s.bonus == [0, 0]
    play(s, "done")
    d = decision(s)
    assert d.player == 1 and d.params["as_left"] == 3
    # in round 2 dreamer 2 acts first: the same gift gives the AS at once
    s = position(
        2,
        [
            {"hand": ["ozok"]},
            {"field": [{"id": "lonely_clock", "lane": 1, "zone": 1}], "hand": ["thofa"]},
        ],
        phase="horde",
        round=1,
    )
    assert s.rnd == 2 and decision(s).player == 1 and s.asl == [2, 3]


def test_bastione_horde_has_no_hand_its_draws_do_nothing() -> None:
    s = position(2, horde=[{"id": "ozok", "lane": 1, "zone": 4}])
    assert not TABLE.draw(s, 1, [])
    assert s.players[1].hand == [] and s.players[1].deck == []


def test_a_card_revived_into_a_dreamers_hand_is_no_secret_to_the_others() -> None:
    """Seed 200225 of a 4-dreamer game: the horde destroys ochre_monk (dreamer 4's) and
    gauge_marmot, whose gift returns ochre_monk from the Incinerator to dreamer 3's
    hand, in front of everyone. The other dreamers know it is there: it is not among
    their secrets, their observation names it, and determinizing leaves it in place.
    (A fresh-seed conformance run found the 1v1 rule kept only the bound hand's.)"""
    cfg = config(4, "ultimo_bastione+fessura")
    s = GAME.new(cfg, 200225)
    for a in ("play:solace_heron:3:3", "play:dolmen_spirit:1:1", "play:gauge_marmot:2:3"):
        GAME.apply(s, a)
    events = GAME.apply(s, "play:ochre_monk:1:3")
    assert {"player": 2, "card": "ochre_monk", "to": "hand"} in [
        e.data for e in events if e.kind == "revive"
    ]
    assert isinstance(s, BastioneState) and "ochre_monk" in s.hands[2]
    for other in (0, 1, 3):
        assert "ochre_monk" not in set(GAME.secrets(s, other))
        assert GAME.observe(s, other)["dreamers"][2]["known_hand"] == ["ochre_monk"]
        d = GAME.determinize(s, other, RNG(other))
        assert isinstance(d, BastioneState) and "ochre_monk" in d.hands[2]
    assert "Known in hand (back from the Incinerator): Ochre Monk" in GAME.view(s, 0, "en")
    assert "Ochre Monk" not in GAME.view(s, 2, "en").split("Player 4")[0].split("Player 3")[1]
    GAME.apply(s, GAME.decision(s).actions[0])  # (bound now to another dreamer)
    assert "ochre_monk" not in set(GAME.secrets(s, 0))


def test_the_lane_board_names_each_zone_it_shows() -> None:
    """The lane rows had four cells under a five-column header, and wrapped mid-cell at
    80 columns: each zone now says which it is, and an empty lane is a dash."""
    from tavolo.engine import registry
    from tavolo.engine.rng import RNG

    g = registry.get("estro")
    s = g.new(g.make_config(2, "ultimo_bastione"), 3)
    chooser = RNG(3)
    for _ in range(30):
        d = g.decision(s)
        if d is None:
            break
        g.apply(s, d.actions[chooser.below(len(d.actions))])
    for lang, lane in (("en", "L"), ("it", "C")):
        rows = [x for x in g.view(s, 0, lang).splitlines() if re.match(f"^{lane}\\d ", x)]
        assert [x[:2] for x in rows] == [f"{lane}1", f"{lane}2", f"{lane}3"], rows
        assert any(" Z4 " in x or x.endswith(" —") for x in rows), rows
        assert all(" | " not in x for x in rows)


def test_the_lane_board_has_one_line_per_zone_within_80_columns() -> None:
    """A lane on one line ran to 150 columns ('Lane 3: zone 4: H:Vurrax(70) ... · zone 1:
    D:Trick Lantern(59)') and wrapped mid-name at 80: each card now has its line under
    its lane ('L1 Z4 H Vurrax (Ardo 30/12/10/9/11 TOT 72)'), its zone in one column, the
    lane and zone as the options name a cell ('L1 Z4')."""
    s = GAME.new(config(2, MODE), 3)
    chooser = RNG(3)
    while (d := GAME.decision(s)) is not None:  # to the end: a crowded board
        GAME.apply(s, d.actions[chooser.below(len(d.actions))])
    for lang, lane in (("en", "L"), ("it", "C")):
        lines = GAME.view(s, 0, lang).splitlines()
        first = next(i for i, x in enumerate(lines) if x.startswith(f"{lane}1 "))
        assert len(lines[first - 1]) <= 80, lines[first - 1]  # the heading, with its legend
        grid = list(takewhile(lambda x: re.match(r"^([LC]\d|  ) ", x), lines[first:]))
        heads = [x for x in grid if re.match(r"^([LC]\d|  ) Z\d ", x)]
        assert len(heads) >= 6 and all(shown(x) <= 80 for x in grid), grid
        on_lanes = len(s.players[0].field) + len(s.players[1].field)
        assert len(heads) == on_lanes, grid  # a card a line


def _plain(board: str) -> list[str]:
    from rich.text import Text

    return [Text.from_markup(x).plain for x in board.splitlines()]


def test_the_lane_cards_show_their_gifts_within_80_columns() -> None:
    """The lane cards showed stats only: a horde card's gift (what it will do to the
    defender it meets) could be read nowhere, and a card line with 'gift used' or a
    dreamer's name ran past 80 columns and broke at column 0. Each card's gift is now
    under it on the whole board (``cards`` at the prompt), a mark on its line on the
    screen ('gift', the text folded to fit 40 rows), and every line of both fits."""
    from tavolo.games.estro import text

    s = GAME.new(config(3, MODE), 4)
    chooser = RNG(4)
    for _ in range(25):
        d = GAME.decision(s)
        assert d is not None
        GAME.apply(s, d.actions[chooser.below(len(d.actions))])
    assert isinstance(s, BastioneState)
    gifted = [c for q in (0, 1) for c in s.players[q].field if GAME.info[c].gift is not None]
    spent = [c for q in (0, 1) for c in s.players[q].spent if GAME.info[c].gift is not None]
    spent = [c for c in spent if GAME.info[c].gift.source.kind == "once"]  # type: ignore[union-attr]
    gifted = [c for c in gifted if c not in spent]  # (a Once gift used is spent: unsaid)
    assert gifted
    for lang, mark in (("en", "gift"), ("it", "dono")):
        screen = _plain(GAME.view(s, 0, lang))
        assert all(len(x) <= 80 for x in screen), [x for x in screen if len(x) > 80]
        whole = GAME.details(s, 0, lang)
        assert whole is not None
        lines = _plain(whole)
        assert all(len(x) <= 80 for x in lines), [x for x in lines if len(x) > 80]
        joined = " ".join(x.strip() for x in lines)
        for c in gifted:
            gift = GAME.info[c].gift
            assert gift is not None
            assert text.render_gift(gift.source, lang) in joined, c
            name = GAME.info[c].name
            assert any(f"{name} (" in x and f" {mark}" in x for x in screen), (c, screen)


def test_a_zone_window_in_a_horde_attack_shows_the_battle() -> None:
    """Asked whether to use the zone while a horde card attacked, a dreamer saw the
    lanes but not which card attacked which, nor the dice: the board now says."""
    s = GAME.new(config(2, MODE), 21)
    chooser = RNG(21)
    while (d := GAME.decision(s)) is not None and s.battle is None:
        GAME.apply(s, d.actions[chooser.below(len(d.actions))])
    assert d is not None and s.battle is not None
    a, b = GAME.info[s.battle.a].name, GAME.info[s.battle.d].name
    assert f"Battle: {a} attacks {b}" in GAME.view(s, d.player, "en")
    assert f"Scontro: {a} attacca {b}" in GAME.view(s, d.player, "it")


def test_the_horde_in_the_middle_of_a_sentence_and_protections_by_phase() -> None:
    """'The gift of Ironroot Warden (The Horde) triggers' ('(L'Orda)' in Italian), and
    'protected until turn 3', a count no screen of this mode shows: the horde is
    lower case inside a sentence, and a protection ends with a phase of a round."""
    from tavolo.engine import Event

    s = position()
    gift = Event("ultimo_bastione.horde", {"what": "gift", "card": "ochre_monk"})
    horde = Event(
        "ultimo_bastione.horde", {"what": "shielded", "card": "ochre_monk", "until_turn": 3}
    )
    ours = Event("shielded", {"player": 1, "card": "amber_idol", "until_turn": 4})
    assert GAME.describe_events(s, [gift, horde], 0, "en") == [
        "The gift of Ochre Monk (the Horde) triggers.",
        "Ochre Monk of the Horde is protected until the end of the Horde phase of round 2.",
    ]
    assert GAME.describe_events(s, [gift, ours], 0, "it") == [
        "Si attiva il dono di Ochre Monk dell'Orda.",
        "La carta Amber Idol del Giocatore 2 è protetta fino alla fine della fase Dreamer"
        " del round 2.",
    ]


def test_italian_dreamer_words_agree() -> None:
    """'(1 AS non usate)' and the infinitive 'spendere azioni sinaptiche' among
    imperatives: the singular agrees and the prompt speaks as the others do."""
    from tavolo.engine import Event

    done = Event("ultimo_bastione.done", {"player": 0, "as_left": 1})
    assert GAME.describe_event(done, 0, "it") == "Il Giocatore 1 termina il turno (1 AS non usata)."
    s = position()
    assert ": spendi le azioni sinaptiche" in GAME.view(s, 0, "it")


def test_options_say_what_they_cost() -> None:
    """With four dreamers a card costs 2 AS, with three a second card in the turn does,
    but the options said only 'play Ozok into lane 1, zone 1' (the gift activation alone
    gave its cost): a play, a replacement, a fusion and an attack now say theirs."""
    for n, cost in ((2, 1), (4, 2)):
        s = GAME.new(config(n), 5)
        d = GAME.decision(s)
        assert d is not None
        words = [GAME.describe_action(s, a, "en") for a in d.actions if a.startswith("play:")]
        assert words and all(w.endswith(f" ({cost} AS)") for w in words), words
    s = GAME.new(config(2), 21)
    chooser = RNG(21)
    while (d := GAME.decision(s)) is not None and not [
        a for a in d.actions if a.startswith("attack:")
    ]:
        GAME.apply(s, d.actions[chooser.below(len(d.actions))])
    assert d is not None
    attack = next(a for a in d.actions if a.startswith("attack:"))
    assert GAME.describe_action(s, attack, "it").endswith(" (1 AS)")


def test_fit_keeps_numbers_names_and_short_marks_whole() -> None:
    """The helper that keeps every board line within 80 columns broke 'Player' from
    '2', a card name in a list, and a mark such as 'gift used' in two."""
    from tavolo.engine.i18n import fit

    line = "  defender, lane 3, zone 1: Trick Lantern (Manpo 10/5/11/21/12 TOT 59) · Player 2"
    assert fit(line, 6) == [line[:-9], "      Player 2"]
    marked = "  #4 " + "x" * 66 + " TOT 62 [dim]gift used[/]"
    assert fit(marked, 7)[1] == "       [dim]gift used[/]"
    names = "Incinerator: " + ", ".join(["Smoke Harlequin"] * 6)
    assert all(x.strip().rstrip(",").endswith("Harlequin") for x in fit(names, 2, sep=", "))


def test_the_horde_is_named_alike_everywhere() -> None:
    """Italian wrote 'l'Orda' in the events but 'fase orda', 'mazzo orda', 'l'orda' on
    the board and in the help (English 'the Horde' and 'horde phase'): the Horde is a
    side's name, capitalised everywhere, as the rulebook writes 'Mazzo Orda'."""
    told: dict[str, list[str]] = {"en": [GAME.help("en", MODE)], "it": [GAME.help("it", MODE)]}
    rng = RNG(3)
    s = GAME.new(GAME.make_config(2, MODE), 3)
    while (d := GAME.decision(s)) is not None:
        for lang in ("en", "it"):
            told[lang].append(GAME.view(s, d.player, lang))
            told[lang] += [GAME.describe_action(s, a, lang) for a in d.actions]
        events = GAME.apply(s, d.actions[rng.below(len(d.actions))])
        for lang in ("en", "it"):
            told[lang] += GAME.describe_events(s, events, d.player, lang)
    en, it = "\n".join(told["en"]), "\n".join(told["it"])
    assert "Horde phase" in en and "fase Orda" in it and "mazzo Orda" in it
    assert not re.search(r"\bhorde\b", en), re.search(r".{30}\bhorde\b.{30}", en)
    assert not re.search(r"\borda\b", it), re.search(r".{30}\borda\b.{30}", it)


def test_the_horde_gifts_waiting_break_between_names_within_80_columns() -> None:
    """'Horde gifts waiting for the next play: Scarlet Howler, Rage Cinderling, Whisper
    Vole' took 84 columns (4 players, seed 4 at the table): the line now breaks between
    its names, each whole."""
    names = ["scarlet_howler", "rage_cinderling", "whisper_vole", "glimmer_asp"]
    s = GAME.new(config(4), 4)
    assert isinstance(s, BastioneState)
    s.pending = tuple(c for c in names if c in GAME.info)
    assert len(s.pending) >= 3
    for lang in ("en", "it"):
        for board in (GAME.view(s, 0, lang), GAME.details(s, 0, lang)):
            assert board is not None
            lines = _plain(board)
            assert all(len(x) <= 80 for x in lines), [x for x in lines if len(x) > 80]
            at = next(i for i, x in enumerate(lines) if x.startswith(("Horde", "Doni")))
            said = " ".join(x.strip() for x in lines[at : at + 2])
            assert all(GAME.info[c].name in said for c in s.pending), said


def test_a_crowded_screen_leaves_the_hand_to_the_options_that_name_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Four dreamers, a full lane table and six cards to play ran the screen to 46 rows
    (seed 3 at tavolo play). Where the screen has no room, the board folds its last:
    the hand's names, which the options to play name each, and the stats' order of the
    lanes' heading (both on the whole board, ``cards``)."""
    from tavolo.games.estro import view

    s = GAME.new(config(4), 3)
    d = GAME.decision(s)
    assert d is not None and any(a.startswith("play:") for a in d.actions)
    hand = [GAME.info[c].name for c in s.hands[d.player]]
    for lang, heading in (("en", "Lanes L1-L3 · zones Z4"), ("it", "Corsie C1-C3 · zone da Z4")):
        roomy = _plain(GAME.view(s, d.player, lang))
        assert any("ATK/DEF/HEL/DEX/MAP" in x for x in roomy)
        assert all(any(n in x for x in roomy) for n in hand)
        monkeypatch.setattr(view, "ROWS", 20)  # (a screen with no room to spare)
        crowded = _plain(GAME.view(s, d.player, lang))
        monkeypatch.undo()
        assert all(len(x) <= 80 for x in crowded), crowded
        assert any(x.startswith(heading) for x in crowded), crowded
        assert not any("ATK/DEF/HEL/DEX/MAP" in x for x in crowded)
        assert not any(n in x for n in hand for x in crowded)
        said = " ".join(GAME.describe_action(s, a, lang) for a in d.actions)
        assert all(n in said for n in hand)
        whole = GAME.details(s, d.player, lang)
        assert whole is not None and all(n in whole for n in hand)
