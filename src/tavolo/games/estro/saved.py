"""A 1v1 Estro state's JSON checked value by value before it is loaded (``from_json``).

``EstroState.from_json`` takes what ``to_json`` wrote at its word, for speed; data written
by hand or cut short (a card id that no card has, a card twice in a player's cards, a
seat 7, a text where a number goes) would load and fail later, inside a rule, as a
traceback. Here each value is checked first and the first wrong one is named in one line.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tavolo.engine.saved import ValueCheck

from .zona import ALL_ZONES

N_ESTRI = 5  # the estri (and the zones) are numbered 0..4
PILES = ("deck", "hand", "field", "incinerator")
CARD_SETS = ("face_down", "spent", "summoned", "inhibited", "known")
COUNTS = ("extra_plays", "extra_attacks", "chimera_turn", "necrotokens", "zones_used")


class _Check(ValueCheck):
    def __init__(self, game: str, known: Callable[[str], bool]) -> None:
        super().__init__(game)
        self.known = known

    def card(self, field: str, value: Any) -> None:
        if not isinstance(value, str) or not self.known(value):
            raise self.fail(field, value)

    def cards(self, field: str, value: Any) -> list[str]:
        if not isinstance(value, list):
            raise self.fail(field, value)
        for i, c in enumerate(value):
            self.card(f"{field}[{i}]", c)
        return value

    def pairs(self, field: str, value: Any) -> list[Any]:
        if not isinstance(value, list):
            raise self.fail(field, value)
        for i, pair in enumerate(value):
            if not isinstance(pair, list) or len(pair) != 2:
                raise self.fail(f"{field}[{i}]", pair)
        return value


def check_saved(game: str, data: Mapping[str, Any], known: Callable[[str], bool]) -> None:
    """Raise ``StateError`` naming the first value of a 1v1 state's ``data`` that no
    ``to_json`` writes; ``known(card)`` says whether a card id is one (a Chimera's too)."""
    ck = _Check(game, known)
    ck.mapping("rng", data["rng"])
    if not isinstance(data["mode"], str):
        raise ck.fail("mode", data["mode"])
    zone = data["zone"]
    ck.whole("zone", zone, 0, ALL_ZONES if "zona_conquista" in data["mode"] else N_ESTRI - 1)
    for key in ("first", "active"):
        ck.whole(key, data[key], 0, 1)
    for key in ("turn", "round", "plays", "played", "attacks"):
        ck.whole(key, data[key])
    if data["phase"] not in ("play", "battle", "over"):
        raise ck.fail("phase", data["phase"])
    ck.cards("attacked", data["attacked"])
    players = data["players"]
    if not isinstance(players, list) or len(players) != 2:
        raise ck.fail("players", players)
    for p, pl in enumerate(players):
        _player(ck, f"players[{p}]", ck.mapping(f"players[{p}]", pl))
    _steps(ck, data["steps"])
    if data["battle"] is not None:
        battle = ck.mapping("battle", data["battle"])
        ck.whole("battle.ap", battle["ap"], 0, 1)
        ck.card("battle.a", battle["a"])
        ck.card("battle.d", battle["d"])
    ck.mapping("flags", data.get("flags", {}))
    if data["result"] is not None and not isinstance(data["result"], list):
        raise ck.fail("result", data["result"])
    for key in ("rift", "rift_born"):
        ck.cards(key, data.get(key, []))
    ck.whole("rift_turn", data.get("rift_turn", 0))


def check_table_saved(game: str, data: Mapping[str, Any], known: Callable[[str], bool]) -> None:
    """What a table mode's state (Navi, Ultimo Bastione, Inferno) shares with a 1v1 one,
    checked as :func:`check_saved` checks it: its players' cards and counts, its steps."""
    ck = _Check(game, known)
    ck.whole("zone", data["zone"], 0, ALL_ZONES)
    for key in ("first", "active", "turn", "round", "plays", "played", "attacks"):
        if key in data:
            ck.whole(key, data[key])
    players = data["players"]
    if not isinstance(players, list) or not players:
        raise ck.fail("players", players)
    for p, pl in enumerate(players):
        _player(ck, f"players[{p}]", ck.mapping(f"players[{p}]", pl))
    _steps(ck, data["steps"])


def _steps(ck: _Check, steps: Any) -> None:
    if not isinstance(steps, list):
        raise ck.fail("steps", steps)
    for i, st in enumerate(steps):
        if not isinstance(st, list) or not st or not isinstance(st[0], str):
            raise ck.fail(f"steps[{i}]", st)


def _player(ck: _Check, at: str, pl: Mapping[str, Any]) -> None:
    seen: set[str] = set()
    for pile in PILES:
        for i, c in enumerate(ck.cards(f"{at}.{pile}", pl.get(pile, []))):
            if c in seen:  # one card, two places: a game could never come to it
                raise ck.fail(f"{at}.{pile}[{i}]", c)
            seen.add(c)
    for key in CARD_SETS:
        ck.cards(f"{at}.{key}", pl.get(key, []))
    for key in COUNTS:
        ck.whole(f"{at}.{key}", pl.get(key, 0))
    if not isinstance(pl.get("zone_used", False), bool):
        raise ck.fail(f"{at}.zone_used", pl["zone_used"])
    for c, e in ck.mapping(f"{at}.estro", pl.get("estro", {})).items():
        ck.card(f"{at}.estro", c)
        ck.whole(f"{at}.estro.{c}", e, 0, N_ESTRI - 1)
    for c, n in ck.mapping(f"{at}.shield", pl.get("shield", {})).items():
        ck.card(f"{at}.shield", c)
        ck.whole(f"{at}.shield.{c}", n)
    for c, mods in ck.mapping(f"{at}.mods", pl.get("mods", {})).items():
        ck.card(f"{at}.mods", c)
        if (
            not isinstance(mods, list)
            or len(mods) != N_ESTRI
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in mods)
        ):
            raise ck.fail(f"{at}.mods.{c}", mods)
    for i, (c, z) in enumerate(ck.pairs(f"{at}.zones", pl.get("zones", []))):
        ck.card(f"{at}.zones[{i}]", c)
        ck.whole(f"{at}.zones[{i}]", z, 0, N_ESTRI - 1)
    for i, (c, n) in enumerate(ck.pairs(f"{at}.rest", pl.get("rest", []))):
        ck.card(f"{at}.rest[{i}]", c)
        ck.whole(f"{at}.rest[{i}]", n)
    for i, (a, g) in enumerate(ck.pairs(f"{at}.attached", pl.get("attached", []))):
        ck.card(f"{at}.attached[{i}]", a)
        ck.card(f"{at}.attached[{i}]", g)
