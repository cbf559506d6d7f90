"""A 1v1 state's JSON is checked value by value before it loads: data no ``to_json``
writes is one ``StateError`` line naming the value, never a traceback from a rule."""

from __future__ import annotations

from typing import Any

import pytest

from mutations import replaced
from tavolo.engine import RNG, StateError, registry

GAME = registry.get("estro")


def saved(mode: str = "standard", moves: int = 6) -> dict[str, Any]:
    s = GAME.new(GAME.make_config(2, mode), 5)
    rng = RNG(1)
    for _ in range(moves):
        d = GAME.decision(s)
        assert d is not None
        GAME.apply(s, d.actions[rng.below(len(d.actions))])
    return dict(GAME.to_json(s))


@pytest.mark.parametrize(
    ("path", "value", "said"),
    [
        (("players", 0, "deck", 0), "no_such_card", "players[0].deck[0] cannot be 'no_such_card'"),
        (("players", 1, "hand", 0), [], "players[1].hand[0] cannot be []"),
        (("players", 0, "incinerator"), [-1], "players[0].incinerator[0] cannot be -1"),
        (("zone",), "x", "zone cannot be 'x'"),
        (("zone",), 10**30, "zone cannot be 1000000000000000000000000000000"),
        (("active",), 7, "active cannot be 7"),
        (("turn",), "x", "turn cannot be 'x'"),
        (("plays",), -1, "plays cannot be -1"),
        (("attacks",), True, "attacks cannot be True"),
        (("players",), [], "players cannot be []"),
        (("steps",), ["x"], "steps[0] cannot be 'x'"),
    ],
)
def test_a_value_no_to_json_writes_is_named(path: tuple[Any, ...], value: Any, said: str) -> None:
    """Each of these loaded and then failed inside a rule (KeyError, TypeError,
    IndexError tracebacks from _play_actions, observe, card_view...)."""
    with pytest.raises(StateError) as e:
        GAME.from_json(replaced(saved(), path, value))
    assert str(e.value) == f"estro: not a state written by its to_json: {said}"
    assert "non è uno stato scritto dal suo to_json" in e.value.told("it")


def test_a_card_twice_in_a_players_cards_is_refused() -> None:
    data = saved()
    card = data["players"][0]["deck"][0]
    data["players"][0]["hand"].append(card)
    with pytest.raises(StateError, match=r"players\[0\]\.hand\[\d+\] cannot be '"):
        GAME.from_json(data)


def test_a_game_that_leaves_nothing_to_choose_is_refused() -> None:
    """A hand emptied by hand where the first play is due loaded, and its decision had
    no action: an agent then failed choosing from nothing."""
    data = GAME.to_json(GAME.new(GAME.make_config(2, "standard"), 1))
    data["players"][data["active"]]["hand"] = []
    with pytest.raises(StateError) as e:
        GAME.from_json(data)
    assert str(e.value) == "estro: not a state written by its to_json: phase cannot be 'play'"


@pytest.mark.parametrize("mode", ["standard", "zona_conquista+chimera+fessura", "necrotoken"])
def test_states_the_game_writes_load_all_game_long(mode: str) -> None:
    """The checks refuse nothing a game writes: every state of random games loads."""
    for seed in range(3):
        s = GAME.new(GAME.make_config(2, mode), seed)
        rng = RNG(seed)
        while (d := GAME.decision(s)) is not None:
            assert GAME.equal(GAME.from_json(GAME.to_json(s)), s)
            GAME.apply(s, d.actions[rng.below(len(d.actions))])
        assert GAME.equal(GAME.from_json(GAME.to_json(s)), s)


@pytest.mark.parametrize(("mode", "players"), [("navi", 1), ("ultimo_bastione", 2), ("inferno", 4)])
def test_a_table_modes_players_cards_are_checked(mode: str, players: int) -> None:
    """A table mode's state (Navi, Ultimo Bastione, Inferno) loaded a hand card -1 and
    failed later in a rule (TypeError: 'int' object is not iterable)."""
    s = GAME.new(GAME.make_config(players, mode), 5)
    data = dict(GAME.to_json(s))
    p, pile = next(  # (a table mode keeps some of its cards beside its players)
        (p, pile)
        for p, pl in enumerate(data["players"])
        for pile in ("hand", "deck", "field")
        if pl.get(pile)
    )
    data["players"][p][pile][0] = -1
    with pytest.raises(StateError, match=rf"players\[{p}\]\.{pile}\[0\] cannot be -1$"):
        GAME.from_json(data)
    with pytest.raises(StateError, match=r": zone cannot be 'x'$"):
        GAME.from_json(dict(GAME.to_json(s), zone="x"))


@pytest.mark.parametrize(("mode", "players"), [("navi+chimera", 1), ("ultimo_bastione", 3)])
def test_table_mode_states_the_game_writes_load_all_game_long(mode: str, players: int) -> None:
    for seed in range(2):
        s = GAME.new(GAME.make_config(players, mode), seed)
        rng = RNG(seed)
        while (d := GAME.decision(s)) is not None:
            assert GAME.equal(GAME.from_json(GAME.to_json(s)), s)
            GAME.apply(s, d.actions[rng.below(len(d.actions))])
