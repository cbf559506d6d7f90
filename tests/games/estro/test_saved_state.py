"""A 1v1 state's JSON is checked value by value before it loads: data no ``to_json``
writes is one ``StateError`` line naming the value, never a traceback from a rule."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mutations import replaced, spots
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


# saved(): player 0 to play, holding nocturne_lynx (no gift), glimmer_asp (an attack
# gift) and siege_larva (a play gift); player 1's field pallid_mime, quartz_pangolin
LYNX, ASP, LARVA, MIME = "nocturne_lynx", "glimmer_asp", "siege_larva", "pallid_mime"


@pytest.mark.parametrize(
    ("steps", "said"),
    [
        ([["end"]], "steps[0]: 'end' takes 1 argument, has 0"),
        ([["start", 1]], "steps[0]: 'start' takes 0 arguments, has 1"),
        ([["rift", 0]], "steps[0]: 'rift' takes 3 or 4 arguments, has 1"),
        ([["chimera", 1, MIME, 0]], "steps[0]: 'chimera' takes 2 arguments, has 3"),
        ([["end", "lunch"]], "steps[0][1] cannot be 'lunch'"),
        ([["battle", 0]], "steps[0][1] cannot be 0"),
        ([["destroy", 7, MIME, "battle", "check"]], "steps[0][1] cannot be 7"),
        ([["destroy", 1, "no_card", "battle", "check"]], "steps[0][2] cannot be 'no_card'"),
        ([["destroy", 1, MIME, "boredom", "check"]], "steps[0][3] cannot be 'boredom'"),
        ([["destroy", 1, MIME, "battle", "later"]], "steps[0][4] cannot be 'later'"),
        ([["chimera", True, MIME]], "steps[0][1] cannot be True"),
        ([["revive", 0, LARVA, "deck"]], "steps[0][3] cannot be 'deck'"),
        ([["necro", "draw3"]], "steps[0][1] cannot be 'draw3'"),
        ([["rift", 0, MIME, 9]], "steps[0][3] cannot be 9"),
        ([["rift", 0, MIME, -1, False]], "steps[0][4] cannot be False"),
        ([["gift", 0, LARVA, "play", "check", 1, MIME]], "steps[0][5] cannot be 1"),
        ([["gift", 0, LARVA, "play", "go", 5, MIME]], "steps[0][5] cannot be 5"),
        ([["gift", 0, LARVA, "play", "go", 1, []]], "steps[0][6] cannot be []"),
        ([["gift", 0, LYNX, "play", "check", None, None]], f"steps[0][2] cannot be '{LYNX}'"),
        ([["gift", 0, ASP, "play", "check", None, None]], "steps[0][3] cannot be 'play'"),
    ],
)
def test_a_step_the_rules_cannot_read_is_named(steps: list[Any], said: str) -> None:
    """A step short of its arguments, or with one no rule reads (a seat 7, a card no card
    has, a stage no step has, a gift no card has) loaded, then failed inside a rule at the
    next move (IndexError, KeyError, AssertionError). Each step now has its kind's count
    of arguments, each of its type and range."""
    with pytest.raises(StateError) as e:
        GAME.from_json(dict(saved(), steps=steps))
    assert str(e.value) == f"estro: not a state written by its to_json: {said}"
    assert "non è uno stato scritto dal suo to_json" in e.value.told("it")


def test_a_steps_count_of_arguments_is_told_in_italian_too() -> None:
    with pytest.raises(StateError) as e:
        GAME.from_json(dict(saved(), steps=[["rift", 0]]))
    assert e.value.told("it").endswith("steps[0]: 'rift' prende 3 o 4 argomenti, ne ha 1")


@pytest.mark.parametrize(
    ("mode", "players", "steps", "said"),
    [
        ("navi", 1, [["navi", "reveal", 7]], "steps[0][2] cannot be 7"),
        ("navi", 1, [["navi", "reveal"]], "steps[0][1] cannot be 'reveal'"),
        ("navi", 1, [["navi", "reveal", 1, 2]], "steps[0]: 'navi' takes 1 or 2 arguments, has 3"),
        ("navi", 1, [["navi", "sail"]], "steps[0][1] cannot be 'sail'"),
        ("ultimo_bastione", 2, [["overrun", MIME]], "steps[0]: 'overrun' takes 2 arguments, has 1"),
        ("ultimo_bastione", 2, [["inspire", 3, MIME, "choose"]], "steps[0][1] cannot be 3"),
        (
            "ultimo_bastione",
            2,
            [["inspire", 0, MIME, "keep", MIME, LYNX]],
            f"steps[0][4] cannot be '{MIME}'",
        ),
        ("ultimo_bastione", 2, [["rift", 0, MIME, 99, 0]], "steps[0][3] cannot be 99"),
        ("inferno", 4, [["end", "pending"]], "steps[0][1] cannot be 'pending'"),
    ],
)
def test_a_table_modes_step_the_rules_cannot_read_is_named(
    mode: str, players: int, steps: list[Any], said: str
) -> None:
    """A table mode's own steps (the ships' turn, an overrun, an inspiration, a rift in a
    cell) are checked as the 1v1 steps are."""
    data = dict(GAME.to_json(GAME.new(GAME.make_config(players, mode), 5)), steps=steps)
    with pytest.raises(StateError) as e:
        GAME.from_json(data)
    assert str(e.value) == f"estro: not a state written by its to_json: {said}"


def reached(players: int, mode: str, where: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """The first saved state of a seeded random game (seed 5) that ``where`` accepts."""
    s = GAME.new(GAME.make_config(players, mode), 5)
    rng = RNG(5)
    while not where(data := copy.deepcopy(dict(GAME.to_json(s)))):
        d = GAME.decision(s)
        assert d is not None
        GAME.apply(s, d.actions[rng.below(len(d.actions))])
    return data


def in_battle(data: dict[str, Any]) -> bool:
    return any(st[0] == "battle" for st in data["steps"])


def two_battles() -> tuple[dict[str, Any], str]:
    data = reached(2, "standard", in_battle)
    data["steps"].append(["battle", "done"])
    return data, f"steps[{len(data['steps']) - 1}] cannot be ['battle', 'done']"


def a_strangers_step() -> tuple[dict[str, Any], str]:
    data = reached(4, "inferno", lambda d: True)
    stranger = next(c for c in GAME.ids if c not in data["owner"])
    data["steps"] = [["chimera", 0, stranger]]
    return data, f"steps[0][2] cannot be '{stranger}'"


FOUND: dict[str, Callable[[], tuple[dict[str, Any], str]]] = {
    "chimera_in_a_deck": lambda: (
        replaced(saved(), ("players", 0, "deck", 0), "glowing_tusker+cinder_maw"),
        "players[0].deck[0] cannot be 'glowing_tusker+cinder_maw'",
    ),
    "face_down_off_the_field": lambda: (
        replaced(saved(), ("players", 1, "face_down"), [LYNX]),
        f"players[1].face_down[0] cannot be '{LYNX}'",
    ),
    "shield_off_the_field": lambda: (
        replaced(saved(), ("players", 1, "shield"), {LYNX: 3}),
        f"players[1].shield cannot be '{LYNX}'",
    ),
    "estro_off_the_field": lambda: (
        replaced(saved(), ("players", 1, "estro"), {LYNX: 0}),
        f"players[1].estro cannot be '{LYNX}'",
    ),
    "two_battles": two_battles,
    "ships_with_no_step": lambda: (
        dict(reached(1, "navi", lambda d: d["phase"] == "ships"), steps=[]),
        "phase cannot be 'ships'",
    ),
    "a_strangers_step": a_strangers_step,
}


@pytest.mark.parametrize("case", sorted(FOUND))
def test_what_the_fuzzer_found_is_refused(case: str) -> None:
    """Each loaded and then failed at a later move (test_a_changed_state_is_refused_or_
    plays_on found them): a Chimera in a deck (KeyError: no play for it), a ship's
    card face down off its field (a decision with nothing to choose; a card's shield
    and estro leave the field with it too), two battle steps (AssertionError: the second
    had no battle), Navi's ships' phase with nothing on the stack (IndexError: the ships
    answered a step that was not there), an Inferno step's card that no seat owns
    (KeyError loading its seat)."""
    data, refused = FOUND[case]()
    with pytest.raises(StateError) as e:
        GAME.from_json(data)
    assert str(e.value) == "estro: not a state written by its to_json: " + refused


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


# A few real states of each kind of game: 1v1 with every META mode, Zona di Conquista
# with Necrotoken's steps, and the three table modes, some way into seeded games.
FUZZED = [
    (2, "standard+chimera+fessura+imboscata"),
    (2, "zona_conquista+chimera+fessura"),
    (2, "necrotoken+imboscata"),
    (1, "navi+chimera+fessura"),
    (3, "ultimo_bastione+chimera+fessura"),
    (4, "inferno+chimera+fessura"),
]


def fuzzed_states() -> list[dict[str, Any]]:
    """Of each game, the first four states with steps pending (a battle, a gift, a
    card's destruction...) after move 20, and one with none."""
    out = []
    for players, mode in FUZZED:
        s = GAME.new(GAME.make_config(players, mode), 2)
        rng = RNG(2)
        pending, plain = 0, 0
        for k in range(400):
            d = GAME.decision(s)
            if d is None or pending == 4:
                break
            data = copy.deepcopy(dict(GAME.to_json(s)))
            if k >= 20 and (data["steps"] or not plain):
                out.append(data)
                pending, plain = pending + bool(data["steps"]), plain + (not data["steps"])
            GAME.apply(s, d.actions[rng.below(len(d.actions))])
    return out


STATES = fuzzed_states()
CHIMERA = "glowing_tusker+cinder_maw"
ODD = (-1, 0, 1, 7, 10**6, True, None, "", "x", [], {}, LYNX, CHIMERA, "end", "battle")


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_changed_state_is_refused_or_plays_on(data: st.DataObject) -> None:
    """One value of a real saved state changed (a step's argument, a count, a card id, a
    list cut, grown or reordered): it is refused in one StateError line, or it loads and
    plays on to the end with random moves, never an exception from inside a rule."""
    base = data.draw(st.sampled_from(STATES))
    places = [p for p in spots(base) if p[0] != "rng"]
    if data.draw(st.booleans()):  # the steps, the battle and the cards, half the time
        places = [p for p in places if p[0] in ("steps", "battle", "players", "seats")]
    path = data.draw(st.sampled_from(places))
    old: Any = base
    for k in path:
        old = old[k]
    values: list[Any] = [*ODD, *(base["players"][0].get("hand", [])[:2])]
    if isinstance(old, int) and not isinstance(old, bool):
        values += [old - 1, old + 1]
    if isinstance(old, list) and old:
        values += [old[:-1], [*old, old[0]], old[::-1], [old[-1], *old[:-1]]]
    changed = replaced(base, path, data.draw(st.sampled_from(values)))
    try:
        s = GAME.from_json(changed)
    except StateError as e:
        assert "\n" not in str(e)
        return
    rng = RNG(data.draw(st.integers(0, 2**31)))
    for _ in range(400):
        d = GAME.decision(s)
        if d is None:
            return
        assert d.actions, "a decision with nothing to choose"
        GAME.apply(s, d.actions[rng.below(len(d.actions))])
