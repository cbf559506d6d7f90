"""Gifts of the full collection's cards (the 160 added to the starter set), with scripted
chance: the parts of the language they combine in new ways, and a sweep of random games in
which (nearly) every gift card has its gift resolve."""

from __future__ import annotations

from typing import Any

import pytest

from tavolo.engine import RNG
from tavolo.games.estro.schema import STATS

from .support import CONFIG, GAME, decision, of_kind, play, position

MANPO = 4


def coin(call: str) -> dict[str, Any]:
    return {"coin": call, "label": "coin call"}


def rolls(*faces: int) -> list[dict[str, Any]]:
    labels = ("attacker", "defender")
    return [{"roll": f, "label": labels[i % 2]} for i, f in enumerate(faces)]


def battle(events: list[dict[str, Any]]) -> dict[str, Any]:
    (b,) = of_kind(events, "battle")
    return b


@pytest.mark.parametrize(("call", "malus"), [("heads", 10), ("tails", 0)])
def test_foe_stat_on_attack_mask_weaver(call: str, malus: int) -> None:
    s = position(
        {"field": ["mask_weaver"]}, {"field": ["ossu"]}, [coin(call), *rolls(2, 2)], phase="battle"
    )
    events = play(s, "attack:mask_weaver:ossu")
    assert of_kind(events, "chance", card="mask_weaver", success=call == "heads")
    assert battle(events)["def_primary"] == 28 - malus
    assert GAME.stats(s, 1, "ossu")[STATS.index("def")] == 28  # for the battle only


def test_a_face_down_foe_has_no_stats_to_change_mask_weaver() -> None:
    # E-6: the attacked face-down card has no stats; the gift resolves, changes nothing,
    # and the card falls as any attacked face-down card does
    s = position(
        {"field": ["mask_weaver"]},
        {"field": [{"id": "ossu", "face_down": True}]},
        [coin("heads")],
        phase="battle",
    )
    events = play(s, "attack:mask_weaver:#0")
    assert of_kind(events, "gift", card="mask_weaver") and not of_kind(events, "changed")
    assert of_kind(events, "destroyed", player=1, card="ossu")


def test_swap_the_foes_primary_stat_haze_cuckoo() -> None:
    # Haze Cuckoo attacking a Granito card swaps its DEF (28) and DEX (10) for the battle
    s = position({"field": ["haze_cuckoo"]}, {"field": ["ossu"]}, rolls(2, 2), phase="battle")
    events = play(s, "attack:haze_cuckoo:ossu")
    assert battle(events)["def_primary"] == 10
    assert GAME.stats(s, 1, "ossu") == list(GAME.info["ossu"].stats)


def test_convert_the_attacker_tariff_ogre() -> None:
    s = position({"field": ["vurrax"]}, {"field": ["tariff_ogre"]}, rolls(2, 2), phase="battle")
    play(s, "attack:vurrax:tariff_ogre")
    assert GAME.estro(s, 0, "vurrax") == MANPO  # for as long as it stays on the field
    assert "tariff_ogre" in s.players[1].spent


def test_protect_another_card_as_it_falls_lotus_warden() -> None:
    s = position(
        {"field": ["kharvok"]}, {"field": ["lotus_warden", "ossu"]}, rolls(1, 1), phase="battle"
    )
    events = play(s, "attack:kharvok:lotus_warden")
    assert of_kind(events, "gift", player=1, card="lotus_warden", trigger="destroyed")
    assert of_kind(events, "shielded", player=1, card="ossu")
    assert of_kind(events, "destroyed", player=1, card="lotus_warden")


def test_counter_and_draw_flint_sentry() -> None:
    s = position(
        {"hand": ["madu"]}, {"field": ["flint_sentry"], "hand": []}, [coin("heads")], zone="medica"
    )
    events = play(s, "play:madu:up")
    assert of_kind(events, "countered", player=0, card="madu")
    assert len(s.players[1].hand) == 1  # and its owner draws a card
    assert GAME.stats(s, 0, "madu") == list(GAME.info["madu"].stats)


def test_extra_attack_on_play_emberjaw_drake() -> None:
    s = position({"hand": ["emberjaw_drake"]}, {"field": ["ossu"]})
    events = play(s, "play:emberjaw_drake:up")
    assert of_kind(events, "extra", player=0, attacks=1)
    assert s.attacks == 3
    assert GAME.stats(s, 0, "emberjaw_drake")[0] == GAME.info["emberjaw_drake"].stats[0] + 3


@pytest.mark.parametrize(("field", "fires"), [(["ozok", "thofa"], True), (["ozok"], False)])
def test_protect_at_turn_end_coinspinner(field: list[str], fires: bool) -> None:
    s = position({"field": ["coinspinner", *field]}, {"field": ["ossu"]}, phase="battle")
    play(s, "end")
    if fires:
        assert decision(s).kind == "gift_target"
        play(s, "target:0:coinspinner")
        assert s.players[0].shield == {"coinspinner": s.turn}
    else:
        assert s.players[0].shield == {}


@pytest.mark.parametrize(("hand", "plays"), [(["ozok", "thofa", "zhee"], 2), (["ozok"], 1)])
def test_extra_play_at_turn_end_waits_for_the_next_turn_reed_piper(
    hand: list[str], plays: int
) -> None:
    s = position({"field": ["reed_piper"], "hand": hand}, {"field": ["ossu"]}, phase="battle")
    events = play(s, "end")
    assert bool(of_kind(events, "extra", player=0, plays=1)) == (plays == 2)
    play(s, "play:yolk_engine:down", "end")  # the opponent's turn
    assert s.active == 0 and s.plays == plays


def test_random_games_resolve_nearly_every_gift() -> None:
    """Seeded random play: no error, every event readable, and at least 90% of the
    gift cards that are not auras see their gift resolve (auras never 'trigger')."""
    fired: set[str] = set()
    rng = RNG(5)
    for seed in range(300):
        s = GAME.new(CONFIG, seed)
        while (d := GAME.decision(s)) is not None:
            for e in GAME.apply(s, d.actions[rng.below(len(d.actions))]):
                if e.kind == "gift":
                    fired.add(e.data["card"])
                for viewer in (None, 0, 1):  # never raises, whoever looks
                    GAME.describe_event(e, viewer, "it")
    wanted = {  # the collection's cards (Chimeras built by earlier tests share the table)
        c for c, info in GAME.info.items() if "+" not in c and info.trigger not in (None, "aura")
    }
    assert len(fired & wanted) >= 0.9 * len(wanted), sorted(wanted - fired)
