"""The ships and the 25 items of the single player mode: every item and every ship skill
works in play, and broken content files are refused with one line naming file, entry
and field."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from tavolo.engine import ContentError, Event
from tavolo.games.estro.navi.content import (
    CONTENT,
    TARGETS,
    Fleet,
    Skill,
    default_fleet,
    load_fleet,
)
from tavolo.games.estro.navi.mode import Mode
from tavolo.games.estro.navi.state import NaviState
from tavolo.games.estro.navi.text import effect_text

from .support import GAME, of_kind, play
from .test_navi import MODE, down, fleet, position

FLEET = default_fleet()
ITEMS = list(FLEET.items)


# --------------------------------------------------------------------------- items --
def item_table(item: str) -> NaviState:
    """Every kind of target present: own cards (one face down), an Incinerator card,
    face-up guardians (one with a gift), a face-down one, a ship with its alarm on."""
    start = "ships" if FLEET.items[item].when == "ships_turn" else "player"
    return position(
        {
            "field": ["kharvok", down("ozok")],
            "hand": ["hull_sleeper"],
            "incinerator": ["thofa"],
        },
        fleet(s0=["silk_specter", "hush_phantom"], s1=[down("orrugg")], s2_alarm=2),
        items=[item],
        start=start,
    )


AIM = {
    "own_up": "kharvok",
    "own": "kharvok",
    "guardian_up": "silk_specter",
    "guardian_gift": "hush_phantom",
    "guardian_down": "#2",
    "ship": "@armonio",
    "alarm": "@armonio",
    "incinerator": "thofa",
}


@pytest.mark.parametrize("item", ITEMS)
def test_every_item_works_in_play(item: str) -> None:
    it = FLEET.items[item]
    s = item_table(item)
    aim = TARGETS.get(it.effect)
    action = f"item:{item}" if aim is None else f"item:{item}:{AIM[aim]}"
    d = GAME.decision(s)
    assert d is not None and action in d.actions, (action, d)
    me, ships = s.players
    n = it.n or 0
    before = (list(s.shields), list(s.alarm), len(me.hand), s.attacks, s.plays)
    atk = MODE.stats(s, 0, "kharvok")[0]
    silk = MODE.stats(s, 1, "silk_specter")[3]
    ev = play(s, action)
    assert of_kind(ev, "navi.item_used", item=item)
    assert item not in s.held and item in s.used
    e = it.effect
    if e == "torpedo":
        assert s.shields[2] == max(0, before[0][2] - n)
    elif e == "barrage":
        assert s.shields == [max(0, x - n) for x in before[0]]
    elif e == "boost":
        assert MODE.stats(s, 0, "kharvok")[0] == atk + n
    elif e == "boost_all":
        assert MODE.stats(s, 0, "kharvok")[0] == atk + n
        assert "ozok" not in me.mods  # face down: no stats to change
    elif e == "weaken":
        assert MODE.stats(s, 1, "silk_specter")[3] == max(0, silk - n)
    elif e == "scan":
        assert "orrugg" not in ships.down and "orrugg" in ships.inhibited
    elif e == "silence":
        assert "hush_phantom" in ships.inhibited
    elif e == "snipe":
        assert "silk_specter" not in ships.field and of_kind(ev, "destroyed", card="silk_specter")
    elif e == "draw":
        assert len(me.hand) == before[2] + n
    elif e == "repair":
        assert "thofa" in me.hand and "thofa" not in me.inc
    elif e == "redeploy":
        assert "thofa" in me.field and "thofa" not in me.inc
    elif e == "protect":
        assert me.shield["kharvok"] >= s.turn + 1
    elif e == "fortify":
        assert all(me.shield[c] >= s.turn for c in me.field)
    elif e == "delay":
        assert s.alarm[2] == before[1][2] + n
    elif e == "extra_attack":
        assert s.attacks == before[3] + n
    elif e == "extra_play":
        assert s.plays == before[4] + n
    elif e == "jam":
        assert s.attacks == max(0, before[3] - n)
    else:  # pragma: no cover - a new effect needs its check here
        raise AssertionError(f"no check for item effect {e}")


def test_an_item_is_offered_only_at_its_moment() -> None:
    s = item_table("signal_jammer")  # ships' turn only
    assert any(a.startswith("item:signal_jammer") for a in GAME.decision(s).actions)  # type: ignore[union-attr]
    s = position(
        {"field": ["kharvok"], "hand": ["ozok"]}, fleet(s0=["thofa"]), items=["signal_jammer"]
    )
    assert not any(a.startswith("item:") for a in GAME.decision(s).actions)  # type: ignore[union-attr]


def test_a_fortified_field_survives_the_ships_turn() -> None:
    s = item_table("bulwark_dome")
    ev = play(s, "item:bulwark_dome", "navi:reveal:#2")
    assert not of_kind(ev, "destroyed", player=0)
    assert {"kharvok", "ozok"} <= set(s.players[0].field)


# ---------------------------------------------------------------------------- ships --
@pytest.mark.parametrize("ship", range(5))
def test_every_ships_skill_fires_in_play(ship: int) -> None:
    sh = FLEET.ships[ship]
    s = position(
        {"field": ["kharvok", "hull_sleeper"], "hand": ["ozok", "thofa", "silk_specter"]},
        fleet(
            **{f"s{ship}_alarm": 1, f"s{ship}_fallen": ["orrugg", "gossamer_doe"]},
            **{f"s{(ship + 1) % 5}": ["balm_serpent"]},
        ),
    )
    ev = play(s, "play:ozok:up", "end")
    skill = of_kind(ev, "navi.skill", ship=ship)
    assert skill and skill[0]["effect"] == sh.skill.effect and skill[0]["n"] == sh.skill.n
    check_skill(sh.skill, s, ev, ship)


def check_skill(skill: Skill, s: NaviState, ev: list[dict[str, Any]], ship: int) -> None:
    me, ships = s.players
    e, n = skill.effect, skill.n
    if e == "strike":
        gone = of_kind(ev, "destroyed", player=0, cause="gift")
        assert len(gone) == n and not {x["card"] for x in gone} & set(me.field)
    elif e == "drain":
        assert len(of_kind(ev, "discard", player=0)) == n
    elif e == "mill":
        assert len(of_kind(ev, "navi.burn")) == n
    elif e == "corrode":
        ch = [x for x in of_kind(ev, "changed", player=0) if x.get("by") == f"ship:{ship}"]
        assert {x["card"] for x in ch} == {c for c in me.field if c not in me.down}
    elif e == "empower":
        ch = [x for x in of_kind(ev, "changed", player=1) if x.get("by") == f"ship:{ship}"]
        assert ch and all(x["player"] == 1 for x in ch)
    elif e == "recharge":
        assert of_kind(ev, "navi.recharge")
    elif e == "reinforce":
        back = of_kind(ev, "navi.reinforce", ship=ship)[0]["cards"]
        assert len(back) == min(n, 2) and set(back) <= set(ships.field)
        assert all(s.ship_of[c] == ship for c in back) and not set(back) & ships.down
    else:  # pragma: no cover
        raise AssertionError(f"no check for skill {e}")


EFFECTS = ["strike", "drain", "mill", "corrode", "empower", "recharge", "reinforce"]


@pytest.mark.parametrize("effect", EFFECTS)
def test_every_skill_effect_resolves(effect: str) -> None:
    """Each effect of the skill vocabulary, on ship 0 of a fleet made for it."""
    ships = list(FLEET.ships)
    skill = Skill(effect=effect, n=2)  # type: ignore[arg-type]
    ships[0] = ships[0].model_copy(update={"skill": skill})
    mode = Mode(GAME, Fleet(tuple(ships), tuple(FLEET.items.values()), FLEET.settings))
    s = position(
        {
            "field": ["kharvok", "hull_sleeper", "cobalt_tortoise"],
            "hand": ["ozok", "thofa"],
        },
        fleet(
            s0_fallen=["orrugg", "gossamer_doe"],
            s0_alarm=1,
            s1=["balm_serpent"],
            s1_shields=10,
            s2_shields=100,
        ),
    )
    events: list[Event] = []
    hand, deck = len(s.players[0].hand), len(s.players[0].deck)
    mode.fire_skill(s, 0, events)
    mode._run(s, events)
    ev = [e.to_json() for e in events]
    check_skill(skill, s, ev, 0)  # type: ignore[arg-type]
    if effect == "drain":
        assert len(s.players[0].hand) == hand - 2
    if effect == "mill":
        assert len(s.players[0].deck) == deck - 2
    if effect == "recharge":
        assert s.shields[1] == 12 and s.shields[2] == min(102, FLEET.ships[2].shields)
    if effect == "strike":  # the two strongest
        assert {x["card"] for x in of_kind(ev, "destroyed")} == {"hull_sleeper", "kharvok"}


def test_every_effect_has_words_in_both_languages() -> None:
    for e in [*EFFECTS, *(it.effect for it in FLEET.items.values())]:
        for lang in ("en", "it"):
            text = effect_text(e, 3, lang)
            assert text and not text.startswith("navi.") and "{" not in text


# ------------------------------------------------------------------------- content --
def raw() -> dict[str, Any]:
    return yaml.safe_load((CONTENT / "navi.yaml").read_text(encoding="utf-8"))


def broken(tmp_path: Path, data: dict[str, Any]) -> str:
    p = tmp_path / "navi.yaml"
    p.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    with pytest.raises(ContentError) as e:
        load_fleet(p)
    msg = str(e.value)
    assert "\n" not in msg and "navi.yaml" in msg
    return msg


def test_ship_without_shields_is_refused(tmp_path: Path) -> None:
    data = raw()
    del data["ships"][1]["shields"]
    msg = broken(tmp_path, data)
    assert "basalt_bastion" in msg and "shields" in msg


def test_item_with_an_unknown_effect_is_refused(tmp_path: Path) -> None:
    data = raw()
    data["items"][0]["effect"] = "teleport"
    msg = broken(tmp_path, data)
    assert "solar_lance" in msg and "effect" in msg


def test_counted_item_without_n_is_refused(tmp_path: Path) -> None:
    data = raw()
    del data["items"][1]["n"]
    msg = broken(tmp_path, data)
    assert "ion_torpedo" in msg and "needs n" in msg


def test_item_at_the_wrong_moment_is_refused(tmp_path: Path) -> None:
    data = raw()
    data["items"][-1]["when"] = "turn"  # signal_jammer: jam works only in the ships' turn
    msg = broken(tmp_path, data)
    assert "signal_jammer" in msg and "ships_turn" in msg


def test_skill_with_an_unknown_effect_is_refused(tmp_path: Path) -> None:
    data = raw()
    data["ships"][2]["skill"]["effect"] = "laugh"
    msg = broken(tmp_path, data)
    assert "choir_ark" in msg and "skill" in msg


def test_two_ships_of_one_estro_are_refused(tmp_path: Path) -> None:
    data = raw()
    data["ships"][1]["estro"] = "ardo"
    assert "one ship per estro" in broken(tmp_path, data)


def test_twenty_four_items_are_refused(tmp_path: Path) -> None:
    data = raw()
    data["items"].pop()
    assert "25 items" in broken(tmp_path, data)


def test_settings_with_an_unknown_field_are_refused(tmp_path: Path) -> None:
    data = raw()
    data["settings"]["gravity"] = 3
    msg = broken(tmp_path, data)
    assert "settings" in msg and "gravity" in msg


def test_ship_or_item_id_that_is_a_card_id_is_refused() -> None:
    ships = list(FLEET.ships)
    ships[0] = ships[0].model_copy(update={"id": "ozok"})
    with pytest.raises(ContentError, match="ozok"):
        Mode(GAME, Fleet(tuple(ships), tuple(FLEET.items.values()), FLEET.settings))
