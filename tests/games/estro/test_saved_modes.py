"""The modes' own fields of a saved state are checked before it loads: Navi's ships and
items, Ultimo Bastione's dreamers, cells and horde, Inferno's seats, and what Zona di
Conquista, Quadrante, Sogno Lucido and Necrotoken keep in a 1v1 state. A value no
``to_json`` writes is one ``StateError`` line naming it, never a traceback from a rule
later; every state a game writes still loads as it was and plays on the same."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from tavolo.engine import RNG, StateError, registry

GAME = registry.get("estro")
SAID = "estro: not a state written by its to_json: "

# (mode, players): every table mode and seat count, the 1v1 modes that keep fields of
# their own, with the META modes each allows
ROUND_TRIPS = [
    ("navi", 1),
    ("navi+chimera+fessura+imboscata", 1),
    ("ultimo_bastione", 2),
    ("ultimo_bastione+chimera", 3),
    ("ultimo_bastione+fessura", 4),
    ("inferno", 4),
    ("inferno+chimera+fessura+imboscata", 4),
    ("zona_conquista", 2),
    ("zona_conquista+chimera+fessura+imboscata", 2),
    ("quadrante+fessura", 2),
    ("sogno_lucido+chimera+imboscata", 2),
    ("necrotoken+fessura", 2),
]


@pytest.mark.parametrize(("mode", "players"), ROUND_TRIPS)
def test_every_state_a_game_writes_loads_and_plays_on_the_same(mode: str, players: int) -> None:
    """to_json -> from_json -> to_json is the same data at every step of seeded random
    games, and the loaded state, given the same action, comes to the same next state."""
    for seed in range(4):
        s = GAME.new(GAME.make_config(players, mode), seed)
        rng = RNG(seed)
        while True:
            data = GAME.to_json(s)
            t = GAME.from_json(copy.deepcopy(data))
            assert GAME.to_json(t) == data
            d = GAME.decision(s)
            if d is None:
                assert GAME.decision(t) is None
                break
            a = d.actions[rng.below(len(d.actions))]
            GAME.apply(s, a)
            GAME.apply(t, a)
            assert GAME.to_json(t) == GAME.to_json(s)


def saved(mode: str, players: int, until: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """The first state of a seeded random game whose data ``until`` accepts."""
    for seed in range(20):
        s = GAME.new(GAME.make_config(players, mode), seed)
        rng = RNG(seed)
        while (d := GAME.decision(s)) is not None:
            data = dict(GAME.to_json(s))
            if until(data):
                return data
            GAME.apply(s, d.actions[rng.below(len(d.actions))])
    raise AssertionError(f"no {mode} state fits")


def navi(d: dict[str, Any]) -> bool:
    return bool(d["navi"]["items"] and d["navi"]["item_pool"] and d["phase"] != "over")


def bastione(d: dict[str, Any]) -> bool:
    return bool(d["players"][0]["field"] and d["players"][1]["field"] and d["hands"][1])


def inferno(d: dict[str, Any]) -> bool:
    return bool(d["turn"] > 4 and d["players"][0]["field"])


def zona(d: dict[str, Any]) -> bool:
    return bool(d["players"][0].get("zones") and d["players"][0].get("zones_used"))


def sogno(d: dict[str, Any]) -> bool:
    return bool(d["players"][0].get("attached") or d["players"][1].get("attached"))


def quadrante(d: dict[str, Any]) -> bool:
    return "dial" in d and d["battle"] is not None and d["battle"]["adie"] is not None


Change = Callable[[dict[str, Any]], str]  # changes a state; says what the refusal names


def _set(*path: Any, to: Any, said: str | None = None) -> Change:
    """The value at ``path`` set ``to``; the refusal names it (or says ``said``)."""

    def change(d: dict[str, Any]) -> str:
        box: Any = d
        for k in path[:-1]:
            box = box[k]
        box[path[-1]] = to
        return f"{_name(path)} cannot be {to!r}" if said is None else said

    return change


def _name(path: tuple[Any, ...]) -> str:
    out = ""
    for k in path:
        out += f"[{k}]" if isinstance(k, int) else f".{k}" if out else str(k)
    return out


def _guardian_twice(d: dict[str, Any]) -> str:
    c = d["navi"]["crew"][0][0]
    d["navi"]["crew"][1][0] = c
    return f"navi.crew[1][0] cannot be {c!r}"


def _guardian_also_the_players(d: dict[str, Any]) -> str:
    c = d["navi"]["crew"][0][0]
    d["players"][0]["deck"].append(c)
    return "cannot be " + repr(c)


def _pending_not_a_guardian(d: dict[str, Any]) -> str:
    c = d["players"][0]["deck"][0]
    d["navi"]["pending"] = [c]
    return f"navi.pending[0] cannot be {c!r}"


def _dealt_twice(d: dict[str, Any]) -> str:
    c = d["hands"][1][0]
    d["hands"][0].append(c)
    return f"hands[1][0] cannot be {c!r}"


def _horde_card_with_no_cell(d: dict[str, Any]) -> str:
    c = d["players"][1]["field"][0]
    del d["cells"][c]
    return f"players[1].field[0] cannot be {c!r}"


def _cell_out_of_the_lanes(d: dict[str, Any]) -> str:
    c = d["players"][0]["field"][0]
    d["cells"][c] = 12
    return f"cells.{c} cannot be 12"


def _defender_of_no_dreamer(d: dict[str, Any]) -> str:
    c = d["players"][0]["field"][0]
    d["home"][c] = d["dreamers"]
    return f"home.{c} cannot be {d['dreamers']}"


def _mark_off_the_field(d: dict[str, Any]) -> str:
    c = d["hands"][0][0]
    d["marks"] = {c: 1}
    return f"marks cannot be {c!r}"


def _a_cell_for_no_card(d: dict[str, Any]) -> str:
    d["cells"]["pyre_wyrm_x"] = 0
    return "cells cannot be 'pyre_wyrm_x'"


def _loaded_seat_edited(d: dict[str, Any]) -> str:
    q = d["loaded"][0]
    d["seats"][q]["hand"] = d["seats"][q]["hand"][:-1]
    return f"seats[{q}].hand cannot be ["


def _loaded_seat_cut(d: dict[str, Any]) -> str:
    q = d["loaded"][1]
    del d["seats"][q]["known"]
    return "(no 'known')"


def _card_of_two_seats(d: dict[str, Any]) -> str:
    q = 4 - d["loaded"][1]  # team B's seat that is not loaded (B1 = 1, B2 = 3)
    c = d["players"][0]["deck"][0]
    d["seats"][q]["deck"].append(c)
    return f"cannot be {c!r}"


def _hand_card_of_no_seat(d: dict[str, Any]) -> str:
    c = d["players"][1]["hand"][0]
    del d["owner"][c]
    return f"players[1].hand[0] cannot be {c!r}"


def _seat_of_the_other_team(d: dict[str, Any]) -> str:
    q = d["seat"] ^ 1  # A1 <-> B1, A2 <-> B2: its team is not the side whose turn it is
    d["seat"] = q
    return f"seat cannot be {q}"


def _field_card_of_no_seat(d: dict[str, Any]) -> str:
    c = d["players"][0]["field"][0]
    del d["owner"][c.split("+")[0]]
    d["owner"].pop(c, None)
    return f"players[0].field[0] cannot be {c!r}"


def _zone_of_a_card_off_the_field(d: dict[str, Any]) -> str:
    c = d["players"][0]["hand"][0]
    d["players"][0]["zones"][0][0] = c
    return f"players[0].zones[0] cannot be {c!r}"


def _zone_laid_twice(d: dict[str, Any]) -> str:
    zones = d["players"][0]["zones"]
    c = zones[0][0]
    zones.append([c, 1])
    return f"players[0].zones[{len(zones) - 1}] cannot be {c!r}"


def _support_off_the_field(d: dict[str, Any]) -> str:
    p = 0 if d["players"][0].get("attached") else 1
    c = d["players"][p]["deck"][0]
    d["players"][p]["attached"][0][0] = c
    return f"players[{p}].attached[0] cannot be {c!r}"


CASES: list[tuple[str, int, Callable[[dict[str, Any]], bool], Change]] = [
    # Navi: shields, alarms, crews, waiting gifts, items
    ("navi", 1, navi, _set("navi", "shields", 0, to=-1)),
    ("navi", 1, navi, _set("navi", "shields", 2, to=10**6)),
    ("navi", 1, navi, _set("navi", "shields", to=[1, 2])),
    ("navi", 1, navi, _set("navi", "alarm", 4, to="3")),
    ("navi", 1, navi, _set("navi", "alarm", to=(0, 0, 0, 0, 0))),
    ("navi", 1, navi, _set("navi", "crew", 3, to="x")),
    ("navi", 1, navi, _set("navi", "crew", 0, 2, to="no_such_card")),
    ("navi", 1, navi, _guardian_twice),
    ("navi", 1, navi, _guardian_also_the_players),
    ("navi", 1, navi, _pending_not_a_guardian),
    ("navi", 1, navi, _set("navi", "items", 0, to="no_such_item")),
    ("navi", 1, navi, _set("navi", "item_pool", 0, to=3)),
    ("navi", 1, navi, _set("navi", "items_used", to="x")),
    ("navi", 1, navi, _set("phase", to="horde")),
    ("navi", 1, navi, _set("mode", to="navi+fessura+chimera")),
    ("navi", 1, navi, _set("flags", "navi_probe", to=3)),
    # Ultimo Bastione: seats, per-dreamer counts, piles, cells, homes, markers, CQ
    ("ultimo_bastione", 3, bastione, _set("dreamers", to=7)),
    ("ultimo_bastione", 3, bastione, _set("bound", to=3)),
    ("ultimo_bastione", 3, bastione, _set("seat", to=-1)),
    ("ultimo_bastione", 3, bastione, _set("turns", to="1")),
    ("ultimo_bastione", 3, bastione, _set("round", to=21)),
    ("ultimo_bastione", 3, bastione, _set("as_left", to=[2, 2])),
    ("ultimo_bastione", 3, bastione, _set("placed", 1, to=None)),
    ("ultimo_bastione", 3, bastione, _set("bonus", 2, to=-1)),
    ("ultimo_bastione", 3, bastione, _set("chimera_turns", to={})),
    ("ultimo_bastione", 3, bastione, _set("engaged", to=1)),
    ("ultimo_bastione", 3, bastione, _set("hands", to=[[], []])),
    ("ultimo_bastione", 3, bastione, _set("decks", 0, 0, to="no_such_card")),
    ("ultimo_bastione", 3, bastione, _set("horde_deck", 0, to=7)),
    (
        "ultimo_bastione",
        3,
        bastione,
        _set("attackers", to=["x"], said="attackers[0] cannot be 'x'"),
    ),
    ("ultimo_bastione", 3, bastione, _set("pending", to=["x"], said="pending[0] cannot be 'x'")),
    ("ultimo_bastione", 3, bastione, _set("cq", to=10**4)),
    ("ultimo_bastione", 3, bastione, _set("cq_start", to=0)),
    ("ultimo_bastione", 3, bastione, _set("phase", to="ships")),
    ("ultimo_bastione", 3, bastione, _set("mode", to="ultimo_bastione+imboscata")),
    ("ultimo_bastione", 3, bastione, _set("flags", "breaches", to=-1)),
    ("ultimo_bastione", 3, bastione, _set("flags", "x", to=1, said="flags cannot be 'x'")),
    ("ultimo_bastione", 3, bastione, _dealt_twice),
    ("ultimo_bastione", 3, bastione, _horde_card_with_no_cell),
    ("ultimo_bastione", 3, bastione, _cell_out_of_the_lanes),
    ("ultimo_bastione", 3, bastione, _a_cell_for_no_card),
    ("ultimo_bastione", 3, bastione, _defender_of_no_dreamer),
    ("ultimo_bastione", 3, bastione, _mark_off_the_field),
    # Inferno: zones, seats, loaded seats, owners
    ("inferno", 4, inferno, _set("zone2", to=5)),
    ("inferno", 4, inferno, _set("seat", to=4)),
    ("inferno", 4, inferno, _set("loaded", 0, to=1)),
    ("inferno", 4, inferno, _set("loaded", to=[0])),
    ("inferno", 4, inferno, _set("seats", to=[])),
    ("inferno", 4, inferno, _set("seats", 1, "extra_plays", to=-2)),
    ("inferno", 4, inferno, _set("seats", 3, "zone_used", to="no")),
    ("inferno", 4, inferno, _set("seats", 2, "deck", 0, to="no_such_card")),
    (
        "inferno",
        4,
        inferno,
        _set("owner", "no_such_card", to=0, said="owner cannot be 'no_such_card'"),
    ),
    ("inferno", 4, inferno, _loaded_seat_edited),
    ("inferno", 4, inferno, _loaded_seat_cut),
    ("inferno", 4, inferno, _card_of_two_seats),
    ("inferno", 4, inferno, _field_card_of_no_seat),
    ("inferno", 4, inferno, _seat_of_the_other_team),
    ("inferno", 4, inferno, _hand_card_of_no_seat),
    ("inferno", 4, inferno, _set("phase", to="horde")),
    ("inferno", 4, inferno, _set("mode", to="inferno+zona_conquista")),
    # the 1v1 modes' own fields
    ("zona_conquista", 2, zona, _set("players", 0, "zones_used", to=32)),
    ("zona_conquista", 2, zona, _zone_laid_twice),
    ("zona_conquista", 2, zona, _zone_of_a_card_off_the_field),
    ("sogno_lucido", 2, sogno, _support_off_the_field),
    ("necrotoken", 2, lambda d: True, _set("players", 1, "necrotokens", to=4)),
    ("quadrante", 2, quadrante, _set("dial", to=[0, 1])),
    ("quadrante", 2, quadrante, _set("mode", to="quadrante+sogno_lucido")),
    ("quadrante", 2, quadrante, _set("dial", 0, to=25)),
    ("quadrante", 2, quadrante, _set("dial", 1, to=2)),
    ("quadrante", 2, quadrante, _set("battle", "adie", to=7)),
    ("quadrante", 2, quadrante, _set("battle", to=None)),
    ("quadrante", 2, quadrante, _set("battle", "amul", to=[1, 1])),
    (
        "quadrante",
        2,
        quadrante,
        _set("steps", to=[["no_step"]], said="steps[0] cannot be ['no_step']"),
    ),
]


@pytest.mark.parametrize(
    ("mode", "players", "until", "change"),
    CASES,
    ids=[f"{m}-{getattr(c, '__name__', '')}{i}" for i, (m, _, _, c) in enumerate(CASES)],
)
def test_a_modes_own_value_no_to_json_writes_is_named(
    mode: str, players: int, until: Callable[[dict[str, Any]], bool], change: Change
) -> None:
    """Each of these loaded, and then failed inside a rule (IndexError, KeyError,
    TypeError tracebacks from the modes' decisions and views) or played on a state no
    game comes to."""
    data = copy.deepcopy(saved(mode, players, until))
    said = change(data)
    with pytest.raises(StateError) as e:
        GAME.from_json(data)
    told = str(e.value)
    assert "\n" not in told
    assert told.startswith("estro: not a state written by its to_json")
    assert said in told, (told, said)
    assert "non è uno stato scritto dal suo to_json" in e.value.told("it")
