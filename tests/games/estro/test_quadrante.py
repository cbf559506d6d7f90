"""Quadrante dell'Oblio: the 25-sector dial, its content file, and when and how it acts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tavolo.engine import ContentError, Event, ScriptedRNG
from tavolo.games.estro import view
from tavolo.games.estro.dial import default_sectors, load_sectors, sector_ids
from tavolo.games.estro.state import EstroState

from .support import GAME, decision, of_kind, play


def position(
    p0: dict[str, Any], p1: dict[str, Any], script: list[dict[str, Any]], **where: Any
) -> EstroState:
    p0.setdefault("deck", ["glyph_crawler", "sulfur_sage", "ochre_monk"])
    p1.setdefault("deck", ["amber_idol", "inkveil", "yssel"])
    for pl in (p0, p1):
        pl.setdefault("zone_used", True)
    pos = {"zone": "controllo", "round": 2, "active": 0, "phase": "battle", **where}
    pos["players"] = [p0, p1]
    return GAME.from_position(GAME.make_config(2, "quadrante"), pos, ScriptedRNG(0, script))


def spin(sector: str) -> dict[str, Any]:
    return {"choice": sector, "label": "dial"}


def test_quadrante_dial_has_25_sectors_in_bonus_and_malus() -> None:
    sectors = default_sectors()
    assert len(sectors) == 25 and len(set(sector_ids())) == 25
    assert {x.category for x in sectors} == {"bonus", "malus"}
    assert len({x.effect for x in sectors}) >= 20
    for x in sectors:
        for lang in ("en", "it"):
            text = view.sector_text(x.id, lang)
            assert getattr(x.name, lang) in text and "{" not in text


@pytest.mark.parametrize(
    ("change", "needle"),
    [
        ({"category": "malus"}, "not a malus"),
        ({"effect": "teleport"}, "field effect"),
        ({"n": None}, "needs n"),
        ({"name": {"en": "Only English"}}, "field name.it"),
    ],
)
def test_quadrante_content_errors_name_file_entry_and_field(
    tmp_path: Path, change: dict[str, Any], needle: str
) -> None:
    import yaml

    raw = [x.model_dump() for x in default_sectors()]
    raw[2] = {**raw[2], **change}
    if raw[2].get("n") is None:
        raw[2].pop("n")
    p = tmp_path / "quadrante.yaml"
    p.write_text(yaml.safe_dump({"sectors": raw}))
    with pytest.raises(ContentError) as e:
        load_sectors(p)
    msg = str(e.value)
    assert "quadrante.yaml" in msg and "quiet_harvest" in msg and needle in msg


def test_quadrante_spins_for_the_player_who_lost_the_card() -> None:
    s = position(
        {"field": ["kharvok"], "hand": ["ozok"]},
        {"field": [{"id": "brakka", "face_down": True}, "zhee"], "hand": []},
        [spin("quiet_harvest")],
    )
    events = play(s, "attack:kharvok:#0")
    number = sector_ids().index("quiet_harvest") + 1
    dial = of_kind(events, "dial", player=1, card="brakka", sector=number)
    assert dial and dial[0]["category"] == "bonus"
    destroyed = of_kind(events, "destroyed", card="brakka")[0]
    draws = of_kind(events, "draw", player=1)
    assert events.index(destroyed) < events.index(dial[0]) < events.index(draws[0])
    assert s.dial[:2] == (sector_ids().index("quiet_harvest"), 1)
    seen = GAME.observe(s, 0)["dial"]
    assert seen["sector"] == number and seen["player"] == 1
    assert "Quiet Harvest" in GAME.view(s, 0, "en")


def test_quadrante_no_spin_when_the_destruction_is_prevented() -> None:
    s = position(
        {"field": ["kharvok"], "hand": ["ozok"]},
        {"field": [{"id": "brakka", "face_down": True}, "zhee"], "hand": [], "zone_used": False},
        [spin("quiet_harvest")],
        zone="medica",
    )
    play(s, "attack:kharvok:#0")
    assert decision(s).kind == "save_zone"
    events = play(s, "zone:medica")
    assert not of_kind(events, "dial") and s.dial == ()


def test_quadrante_a_card_returning_prevents_the_empty_field_loss() -> None:
    # the last turn of round 5: player 2's only card falls, the dial brings it back
    s = position(
        {"field": [{"id": "brakka", "face_down": True}], "hand": []},
        {"field": ["kharvok"], "hand": ["ozok"]},
        [spin("second_dawn")],
        round=5,
        active=1,
    )
    assert s.turn == 10
    events = play(s, "attack:kharvok:#0")
    assert of_kind(events, "revive", player=0, card="brakka", to="field")
    assert not of_kind(events, "end") and s.players[0].field == ["brakka"]


def test_quadrante_chain_collapse_spins_again() -> None:
    s = position(
        {"field": ["kharvok"], "hand": ["ozok"]},
        {"field": [{"id": "brakka", "face_down": True}, "zhee"], "hand": []},
        [spin("chain_collapse"), {"choice": "zhee", "label": "dial destroys"}, spin("burnt_page")],
    )
    events = play(s, "attack:kharvok:#0")
    ids = sector_ids()
    assert [ids[e["sector"] - 1] for e in of_kind(events, "dial")] == [
        "chain_collapse",
        "burnt_page",
    ]
    assert s.players[1].field == [] and of_kind(events, "milled", player=1)


@pytest.mark.parametrize("sector", sector_ids())
def test_quadrante_every_sector_applies(sector: str) -> None:
    s = position(
        {"field": ["kharvok", "vurrax"], "hand": ["ozok"], "incinerator": ["skorvun"]},
        {
            "field": [{"id": "brakka", "face_down": True}, "zhee", "thofa"],
            "hand": ["violet_needle", "madu"],
            "incinerator": ["nyxara"],
        },
        [spin(sector)],
    )
    before = GAME.to_json(s)
    events = play(s, "attack:kharvok:#0")
    assert of_kind(events, "dial", sector=sector_ids().index(sector) + 1)
    assert GAME.to_json(s) != before
    for e in events:
        for lang in ("en", "it"):
            event = Event(e["kind"], {k: v for k, v in e.items() if k != "kind"})
            assert "{" not in (GAME.describe_event(event, 0, lang) or "")


def test_quadrante_spins_for_a_militare_sacrifice() -> None:
    # the digest's destructions that spin the dial: battle, sacrifice, gift; the Militare
    # zone's action sacrifices an Ardo card from the hand
    s = position(
        {"field": ["kharvok"], "hand": ["ozok", "thofa"], "zone_used": False},
        {"field": ["zhee"], "hand": []},
        [spin("quiet_harvest")],
        zone="militare",
    )
    assert "zone:militare:ozok:kharvok" in decision(s).actions
    events = play(s, "zone:militare:ozok:kharvok")
    number = sector_ids().index("quiet_harvest") + 1
    dial = of_kind(events, "dial", player=0, card="ozok", sector=number)
    zone = of_kind(events, "zone", player=0, zone="militare", sacrificed="ozok")
    assert zone and dial and events.index(zone[0]) < events.index(dial[0])
    assert of_kind(events, "draw", player=0)  # the sector acted at once
    assert "ozok" in s.players[0].inc and s.dial[:2] == (number - 1, 0)


def test_quadrante_a_sacrifice_during_an_attack_spins_without_losing_the_battle() -> None:
    # Kharvok's attack fails (1 and 1: 76 - 5 matchup against Zhee's 73); Militare's +4
    # ATK makes it win; the sacrifice's Chain Collapse destroys Vurrax first, then the
    # battle goes on to destroy Zhee
    s = position(
        {"field": ["kharvok", "vurrax"], "hand": ["ozok", "thofa"], "zone_used": False},
        {"field": ["brakka", "zhee"], "hand": []},
        [
            {"roll": 1, "label": "attacker"},
            {"roll": 1, "label": "defender"},
            spin("chain_collapse"),
            {"choice": "vurrax", "label": "dial destroys"},
            spin("quiet_harvest"),
            spin("quiet_harvest"),
        ],
        zone="militare",
    )
    play(s, "attack:kharvok:zhee")
    assert decision(s).kind == "battle_zone"
    events = play(s, "zone:militare:ozok:kharvok")
    spun = [e["card"] for e in of_kind(events, "dial")]
    assert spun == ["ozok", "vurrax", "zhee"]
    fell = [e["card"] for e in of_kind(events, "destroyed")]
    assert fell == ["vurrax", "zhee"]
    assert s.players[0].field == ["kharvok"] and s.players[1].field == ["brakka"]
    assert s.battle is None and s.result is None  # no attacker left: the turn passed


def test_quadrante_no_spin_for_a_protected_card_nor_for_one_a_gift_saves() -> None:
    # a protection (a gift's or the dial's, until the end of the next turn)
    s = position(
        {"field": ["kharvok"], "hand": ["ozok"]},
        {"field": [{"id": "brakka", "face_down": True}, "zhee"], "hand": []},
        [],
    )
    s.players[1].shield["brakka"] = s.turn + 1
    events = play(s, "attack:kharvok:#0")
    assert of_kind(events, "protected", player=1, card="brakka")
    assert not of_kind(events, "dial") and s.dial == ()
    # a gift that saves its card as it is about to be destroyed (Tomb Plate, on a coin)
    s = position(
        {"field": ["kharvok"], "hand": ["ozok"]},
        {"field": ["tomb_plate", "zhee"], "hand": []},
        [
            {"roll": 1, "label": "attacker"},
            {"roll": 2, "label": "defender"},
            {"coin": "heads", "label": "coin call"},
        ],
    )
    events = play(s, "attack:kharvok:tomb_plate")
    assert of_kind(events, "saved", player=1, card="tomb_plate", by="gift")
    assert not of_kind(events, "dial") and s.dial == ()
