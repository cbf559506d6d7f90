"""Chimera META mode: declaring, fusing, the fused card's numbers, estri and fate."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tavolo.engine import RNG, ConfigError, ScriptedRNG, UnknownName
from tavolo.games.estro.game import EstroGame
from tavolo.games.estro.schema import ESTRI
from tavolo.games.estro.state import EstroState

from .support import GAME, decision, of_kind, play

CHIMERA = GAME.make_config(2, "standard+chimera")
ARDO, ILLUSIO = ESTRI.index("ardo"), ESTRI.index("illusio")


def position(
    p0: dict[str, Any], p1: dict[str, Any], script: list[dict[str, Any]] | None = None, **where: Any
) -> EstroState:
    p0.setdefault("deck", ["skorvun", "kharvok"])
    p1.setdefault("deck", ["violet_needle", "yssel"])
    for pl in (p0, p1):
        pl.setdefault("zone_used", True)  # no zone windows unless a test asks for them
    pos = {"zone": "controllo", "round": 2, "active": 0, "phase": "play", **where}
    pos["players"] = [p0, p1]
    return GAME.from_position(CHIMERA, pos, ScriptedRNG(0, script or []))


def rolls(*faces: int) -> list[dict[str, Any]]:
    return [{"roll": f, "label": ("attacker", "defender")[i % 2]} for i, f in enumerate(faces)]


def test_mode_names() -> None:
    assert GAME.metas == ("chimera", "fessura", "imboscata")
    assert GAME.make_config(2, "standard+chimera").mode == "standard+chimera"
    for alone in ("chimera", "+chimera"):  # alone, a META mode rides on standard
        assert GAME.make_config(2, alone).mode == "standard+chimera"
    assert GAME.make_config(2, "+fessura+chimera").mode == "standard+chimera+fessura"
    with pytest.raises(UnknownName):
        GAME.make_config(2, "+chimerra")
    with pytest.raises(UnknownName):
        GAME.make_config(2, "standard+chimerra")
    with pytest.raises(ConfigError):
        GAME.make_config(2, "standard+chimera+chimera")


def test_declaring_is_offered_only_in_chimera_mode_before_the_turns_play() -> None:
    s = position({"hand": ["ozok", "nyxara"]}, {"field": ["thofa"]})
    assert "chimera:declare" in decision(s).actions
    plain = GAME.from_position(
        GAME.make_config(),
        {"zone": "controllo", "players": [{"hand": ["ozok"], "deck": ["vurrax"]}, {}]},
        RNG(0),
    )
    assert not [a for a in decision(plain).actions if a.startswith("chimera")]
    events = play(s, "chimera:declare")
    assert of_kind(events, "chimera_declared", player=0)
    d = decision(s)
    assert d.kind == "play" and not [a for a in d.actions if a.startswith("chimera")]
    assert "pass" not in d.actions  # declaring is not the turn's play
    play(s, "play:ozok:down")
    d = decision(s)
    assert d.player == 1 and "chimera:declare" in d.actions  # the opponent's own turn


def test_fusion_is_offered_on_the_next_turn_only_then_lapses() -> None:
    s = position(
        {"hand": ["ozok", "nyxara", "thofa"]},
        {"hand": ["brakka", "zhee"], "deck": ["violet_needle", "yssel", "vurrax"]},
    )
    play(s, "chimera:declare", "play:thofa:down")  # nothing can attack: the turn ends
    assert decision(s).player == 1
    play(s, "play:brakka:down")
    d = decision(s)
    assert d.player == 0
    fusions = [a for a in d.actions if a.startswith("chimera")]
    assert fusions == ["chimera:ozok:nyxara", "chimera:kharvok:nyxara"]  # empty host first
    play(s, "play:ozok:down")  # the fusion is skipped
    assert s.players[0].chimera_turn != 0
    events = play(s, "play:zhee:down")  # player 1 plays; player 0's next turn begins
    assert of_kind(events, "chimera_lapsed", player=0)
    d = decision(s)
    assert [a for a in d.actions if a.startswith("chimera")] == ["chimera:declare"]
    assert s.players[0].chimera_turn == 0


def test_the_host_takes_the_higher_stats_the_gift_and_both_estri() -> None:
    s = position(
        {"hand": ["ozok", "nyxara"], "chimera_declared": True},
        {"field": ["thofa"]},
        [{"chance": False, "label": "gift chance"}],
        round=3,
    )
    events = play(s, "chimera:ozok:nyxara")
    assert of_kind(events, "chimera", host="ozok", guest="nyxara", card="ozok+nyxara")
    assert s.players[0].hand == [] and s.players[0].field == ["ozok+nyxara"]
    assert s.played == 1 and s.plays == 0  # two cards, one play
    assert GAME.stats(s, 0, "ozok+nyxara") == [20, 19, 15, 17, 19]
    assert GAME.tot(s, 0, "ozok+nyxara") == 90
    assert GAME.estri(s, 0, "ozok+nyxara") == (ARDO, ILLUSIO)
    d = decision(s)  # Nyxara's optional gift now belongs to the Chimera
    assert (d.kind, d.params["card"]) == ("gift_optional", "ozok+nyxara")
    events = play(s, "gift:use")
    assert of_kind(events, "chance", percent=90, success=False)
    for lang in ("en", "it"):  # the board shows both estri, which attacks and targets need
        lines = GAME.view(s, 0, lang).splitlines()
        (i,) = [i for i, x in enumerate(lines) if "Ozok + Nyxara" in x]
        assert "(Ardo+Illusio)" in lines[i] and "TOT [bold]90" in lines[i + 1]


@pytest.mark.parametrize(("estro", "primary", "matchup"), [("ardo", 20, -5), ("illusio", 17, 0)])
def test_the_owner_picks_the_primary_estro_when_attacking(
    estro: str, primary: int, matchup: int
) -> None:
    s = position(
        {"field": [{"id": "ozok+nyxara", "spent": True}]},
        {"field": ["thofa"]},
        rolls(2, 2),
        phase="battle",
    )
    play(s, "attack:ozok+nyxara:thofa")
    d = decision(s)
    assert (d.player, d.kind, d.actions) == (0, "chimera_estro", ("estro:ardo", "estro:illusio"))
    events = play(s, f"estro:{estro}")
    assert of_kind(events, "chimera_estro", card="ozok+nyxara", estro=estro)
    assert of_kind(events, "battle", att_primary=primary, matchup=matchup, att_tot=90 + matchup)


def test_the_defending_chimera_picks_too() -> None:
    s = position(
        {"field": ["vurrax"]},
        {"field": [{"id": "ozok+nyxara", "spent": True}]},
        rolls(2, 2),
        phase="battle",
    )
    play(s, "attack:vurrax:ozok+nyxara")
    d = decision(s)
    assert (d.player, d.kind) == (1, "chimera_estro")
    events = play(s, "estro:illusio")  # Ardo against Illusio: -5 for Vurrax
    assert of_kind(events, "battle", matchup=-5, def_primary=17)


def test_a_gift_asking_for_an_estro_may_target_a_chimera_as_either() -> None:
    # Prism Tyrant turns an opposing Ardo card with TOT 75 or less into Manpo: Umbra Kit
    # (Illusio) fused with Rift Butcher (Ardo) has TOT 74 and counts as Ardo too
    s = position(
        {"hand": ["prism_tyrant"]},
        {"field": [{"id": "umbra_kit+rift_butcher", "spent": True}, "zhee"]},
        [{"chance": True, "label": "gift chance"}],
    )
    assert GAME.tot(s, 1, "umbra_kit+rift_butcher") == 74
    assert GAME.estro(s, 1, "umbra_kit+rift_butcher") == ILLUSIO  # the host's, for now
    events = play(s, "play:prism_tyrant:up")
    assert of_kind(events, "gift", card="prism_tyrant")
    assert GAME.estri(s, 1, "umbra_kit+rift_butcher") == (ESTRI.index("manpo"),)
    assert GAME.estri(s, 1, "zhee") == (ILLUSIO,)  # Zhee (Illusio, 73) was never a target


def test_one_chimera_at_a_time() -> None:
    s = position(
        {"field": [{"id": "ozok+nyxara", "spent": True}], "hand": ["thofa", "vurrax"]},
        {"field": ["brakka"]},
    )
    assert not [a for a in decision(s).actions if a.startswith("chimera")]
    # declared in the last turn, with an empty card and a gift card in hand: no fusion
    # while the first Chimera stands, one once it has gone
    for field, fuse in (([{"id": "ozok+nyxara", "spent": True}], False), ([], True)):
        s = position(
            {"field": field, "hand": ["vurrax", "madu"], "chimera_declared": True},
            {"field": ["brakka"]},
            round=3,
        )
        acts = [a for a in decision(s).actions if a.startswith("chimera")]
        assert acts == (["chimera:vurrax:madu"] if fuse else [])


def test_a_destroyed_chimera_sends_both_cards_to_the_incinerator() -> None:
    s = position(
        {"field": [{"id": "umbra_kit+rift_butcher", "spent": True}]},
        {"field": ["ashen_gorgo"]},
        rolls(4, 2),
        active=1,
        phase="battle",
    )
    play(s, "attack:ashen_gorgo:umbra_kit+rift_butcher")
    events = play(s, "estro:illusio")  # Ardo attacker: -5 against Illusio, 77 - 5 + 5 > 74
    assert of_kind(events, "destroyed", player=0, card="umbra_kit+rift_butcher")
    assert s.players[0].inc == ["umbra_kit", "rift_butcher"]
    assert ("0:umbra_kit", "0:incinerator") in GAME.inventory(s)


def test_a_chimera_survives_json_and_a_fresh_game() -> None:
    s = position(
        {"field": [{"id": "ozok+nyxara", "mods": {"dex": 17}, "spent": True}]},
        {"field": ["thofa"]},
    )
    data = json.loads(json.dumps(GAME.to_json(s)))
    fresh = EstroGame()
    t = fresh.from_json(data)
    assert fresh.stats(t, 0, "ozok+nyxara") == [20, 19, 15, 34, 19]
    assert fresh.info["ozok+nyxara"].name == "Ozok + Nyxara"
    assert "+chimera" in t.mode


def test_position_errors() -> None:
    with pytest.raises(ConfigError, match="empty host"):
        position({"field": ["nyxara+ozok"]}, {})
    with pytest.raises(ConfigError, match="twice"):
        position({"field": ["ozok+nyxara"], "hand": ["ozok"]}, {})
    with pytest.raises(ConfigError, match="needs mode"):
        GAME.from_position(
            GAME.make_config(),
            {"round": 3, "players": [{"chimera_declared": True}, {}]},
            RNG(0),
        )


def test_the_board_keeps_its_columns_with_a_chimera_on_the_field() -> None:
    """'#1 Orrery Beast + Pollen Drift Manpo    ATK 12 ...': one estro shown, and the long
    fused name pushed the stats out of line. Both estri now, and the stats in their column
    (a longest printed name, Gearmind Colossus, too)."""
    import re

    s = position(
        {"hand": ["orrery_beast", "pollen_drift"], "chimera_declared": True},
        {"field": ["thofa", "gearmind_colossus"]},
        [{"chance": False, "label": "gift chance"}],
        round=3,
    )
    play(s, "chimera:orrery_beast:pollen_drift")
    for lang in ("en", "it"):
        lines = [re.sub(r"\[/?[a-z ]*\]", "", x) for x in GAME.view(s, 0, lang).splitlines()]
        (head,) = [x for x in lines if "Orrery Beast + Pollen Drift" in x]
        assert "Manpo+Armonio" in head
        stats = [x for x in lines if re.search(r"ATK +\d+ DEF", x)]
        assert len(stats) == 3 and len({x.index("ATK") for x in stats}) == 1, stats
        assert len({x.index("TOT") for x in stats}) == 1, stats
