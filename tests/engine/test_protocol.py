"""The game protocol on the toy game: legal-action checks, config, determinize, events."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tavolo.engine import (
    RNG,
    Config,
    ConfigError,
    Decision,
    Event,
    GameOver,
    IllegalAction,
    TavoloError,
    UnknownName,
    stable_hash,
)
from tavolo.engine.game import Game
from tavolo.engine.playout import playout, random_chooser
from toygames import TrickGame, TrickState


def snapshot(game: Game, state: Any) -> tuple[str, dict[str, Any]]:
    return game.hash(state), game.to_json(state)


def finished(game: TrickGame, seed: int = 1) -> TrickState:
    s = game.new(game.make_config(), seed)
    playout(game, s, random_chooser(RNG(seed)))
    return s


# -- actions ---------------------------------------------------------------------------------


def test_illegal_action_names_kind_and_legal_ids(tricks: TrickGame) -> None:
    s = tricks.new(tricks.make_config(), 3)
    d = tricks.decision(s)
    assert d is not None
    before = snapshot(tricks, s)
    with pytest.raises(IllegalAction) as err:
        tricks.apply(s, "play:c99")
    e = err.value
    assert e.kind == "play" and e.action == "play:c99" and e.legal == d.actions
    msg = str(e)
    assert "'play'" in msg and "play:c99" in msg
    assert all(a in msg for a in d.actions)
    assert "\n" not in msg
    assert snapshot(tricks, s) == before
    # the state still plays on normally
    tricks.apply(s, d.actions[0])
    assert snapshot(tricks, s) != before


def test_other_players_card_is_illegal_and_changes_nothing(tricks: TrickGame) -> None:
    s = tricks.new(tricks.make_config(), 5)
    theirs = f"play:{s.hands[1][0]}"
    before = snapshot(tricks, s)
    with pytest.raises(IllegalAction):
        tricks.apply(s, theirs)
    assert snapshot(tricks, s) == before
    assert tricks.decision(s) == tricks.decision(tricks.from_json(tricks.to_json(s)))


def test_illegal_action_after_cached_decision_changes_nothing(tricks: TrickGame) -> None:
    """With and without a cached decision, a rejected action leaves no trace."""
    s = tricks.new(tricks.make_config(), 8)
    fresh = tricks.from_json(tricks.to_json(s))  # no cached decision
    for state in (s, fresh):
        tricks.decision(state)
        before = snapshot(tricks, state)
        with pytest.raises(IllegalAction):
            tricks.apply(state, "")
        assert snapshot(tricks, state) == before


def test_many_illegal_actions_message_is_one_line_and_bounded() -> None:
    e = IllegalAction("pick", "x", [f"a{i}" for i in range(100)])
    assert "\n" not in str(e)
    assert "a39" in str(e) and "a40" not in str(e) and str(e).endswith("...")
    assert "(none)" in str(IllegalAction("pick", "x", ()))


def test_game_over_rejects_any_action(tricks: TrickGame) -> None:
    s = finished(tricks)
    assert tricks.decision(s) is None and tricks.is_over(s)
    before = snapshot(tricks, s)
    with pytest.raises(GameOver) as err:
        tricks.apply(s, "play:c1")
    assert isinstance(err.value, IllegalAction)
    assert err.value.legal == ()
    assert snapshot(tricks, s) == before


def test_returns_after_a_game(tricks: TrickGame) -> None:
    for seed in range(20):
        s = finished(tricks, seed)
        r = tricks.returns(s)
        assert len(r) == 2 and sorted(r) in ([0.0, 1.0], [0.5, 0.5])
        winner = max(range(2), key=lambda p: s.points[p])
        if s.points[0] != s.points[1]:
            assert r[winner] == 1.0


def test_decision_is_cached_until_apply(tricks: TrickGame) -> None:
    s = tricks.new(tricks.make_config(), 2)
    d1 = tricks.decision(s)
    assert d1 is not None and tricks.decision(s) is d1
    tricks.apply(s, d1.actions[0])
    d2 = tricks.decision(s)
    assert d2 is not None and d2.player != d1.player


# -- configuration ------------------------------------------------------------------------------


def test_make_config_defaults_and_options(tricks: TrickGame) -> None:
    assert tricks.make_config() == Config(2, "standard", {"hand": 3})
    assert tricks.make_config(mode="short") == Config(2, "short", {"hand": 2})
    assert tricks.make_config(2, "standard", hand=4).options == {"hand": 4}
    c = tricks.make_config(mode="short", hand=1)
    assert tricks.config_from_json(json.loads(json.dumps(c.to_json()))) == c


def test_make_config_unknown_mode(tricks: TrickGame) -> None:
    with pytest.raises(UnknownName) as err:
        tricks.make_config(mode="blitz")
    assert err.value.name == "blitz"
    assert "standard" in str(err.value) and "short" in str(err.value)


@pytest.mark.parametrize("players", [0, 1, 3, -2])
def test_make_config_players_out_of_range(tricks: TrickGame, players: int) -> None:
    with pytest.raises(ConfigError, match=f"tricks takes 2 players, not {players}$"):
        tricks.make_config(players)


def test_make_config_unknown_or_bad_option(tricks: TrickGame) -> None:
    with pytest.raises(ConfigError, match="colour"):
        tricks.make_config(colour="red")
    with pytest.raises(ConfigError, match="hand"):
        tricks.make_config(hand=9)


def test_default_check_options_accepts_none() -> None:
    class Plain(TrickGame):
        check_options = Game.check_options  # type: ignore[assignment]

    g = Plain()
    assert g.make_config().options == {}
    with pytest.raises(ConfigError, match="takes no option 'hand' \\(it has no options\\)"):
        g.make_config(hand=2)


@pytest.mark.parametrize(
    "data",
    [
        {"players": "two"},
        {"players": [2]},
        {"players": True},
        {"mode": 5},
        {"options": ["hand"]},
        {"colour": "red"},
        ["players", 2],
    ],
)
def test_config_from_json_wrong_types_is_config_error(tricks: TrickGame, data: Any) -> None:
    with pytest.raises(ConfigError) as err:
        tricks.config_from_json(data)
    assert str(err.value).startswith("tricks") and "\n" not in str(err.value)
    italian = err.value.told("it")  # a config written by hand is told in Italian too
    assert italian.startswith("tricks") and italian != str(err.value)


# -- hidden information ----------------------------------------------------------------------


def test_determinize_fresh_rng_and_original_untouched(tricks: TrickGame) -> None:
    s = tricks.new(tricks.make_config(), 4)
    tricks.apply(s, tricks.decision(s).actions[0])  # type: ignore[union-attr]
    before = snapshot(tricks, s)
    rng_before = s.rng.clone()
    caller = RNG(77)
    det = tricks.determinize(s, 0, caller)
    assert snapshot(tricks, s) == before
    assert s.rng == rng_before
    assert det is not s and det.rng is not s.rng
    assert det.rng != s.rng
    # the imagined dice differ from the real ones
    assert [det.rng.next64() for _ in range(3)] != [s.rng.clone().next64() for _ in range(3)]
    # the caller's stream was used (and advanced), so calls give different worlds
    assert caller != RNG(77)
    # what player 0 knows is kept
    assert det.hands[0] == s.hands[0] and det.table == s.table and det.points == s.points
    assert sorted(det.hands[1] + det.deck) == sorted(s.hands[1] + s.deck)
    assert tricks.observe(det, 0) == tricks.observe(s, 0)
    # playing the imagined world never touches the real one
    playout(tricks, det, random_chooser(RNG(1)))
    assert snapshot(tricks, s) == before


def test_determinize_resamples_hidden_cards(tricks: TrickGame) -> None:
    s = tricks.new(tricks.make_config(), 4)
    worlds = {tuple(tricks.determinize(s, 0, RNG(k)).hands[1]) for k in range(30)}
    assert len(worlds) > 1


def test_default_determinize_is_a_clone_with_new_rng(tricks: TrickGame) -> None:
    class Open(TrickGame):
        _determinize = Game._determinize  # type: ignore[assignment]

    g = Open()
    s = g.new(g.make_config(), 6)
    det = g.determinize(s, 1, RNG(2))
    assert det.hands == s.hands and det.deck == s.deck
    assert det.rng != s.rng
    det.hands[0].clear()
    assert s.hands[0]


def test_stable_hash_is_order_insensitive_for_keys_and_fixed() -> None:
    assert stable_hash({"a": 1, "b": [1, 2]}) == stable_hash({"b": [1, 2], "a": 1})
    assert stable_hash({"a": 1}) != stable_hash({"a": 2})
    assert stable_hash([1, "x"]) == "b1aafb0d4ee706f1fe2ea1f8a4d7d84e"


# -- events -------------------------------------------------------------------------------


def test_public_event_seen_by_everyone() -> None:
    e = Event("played", {"card": "c3"})
    for p in (None, 0, 1, 5):
        assert e.seen_by(p) == {"card": "c3"}
        assert e.to_json(p) == {"kind": "played", "card": "c3"}


def test_private_event_with_redaction() -> None:
    e = Event("drew", {"player": 0, "card": "c3"}, to=(0,), redacted={"player": 0})
    assert e.to_json(0) == {"kind": "drew", "player": 0, "card": "c3"}
    assert e.to_json(1) == {"kind": "drew", "player": 0}
    assert e.to_json(None) == {"kind": "drew", "player": 0, "card": "c3"}  # omniscient
    assert e.seen_by(1) == {"player": 0}


def test_private_event_without_redaction_is_invisible() -> None:
    e = Event("peek", {"card": "c3"}, to=(1, 2))
    assert e.seen_by(0) is None and e.to_json(0) is None
    assert e.to_json(2) == {"kind": "peek", "card": "c3"}
    assert Event("peek", {}, to=()).to_json(0) is None


def test_describe_events_tells_what_the_player_sees_and_skips_the_rest(tricks: TrickGame) -> None:
    s = tricks.new(tricks.make_config(), 10)
    events = [Event("peek", {"card": "c3"}, to=(1,)), Event("trick", {"worth": 2})]
    assert tricks.describe_events(s, events, 0) == ["trick {'worth': 2}"]
    assert tricks.describe_events(s, events, 1) == [
        "peek {'card': 'c3'}",
        "trick {'worth': 2}",
    ]


def test_tricks_events(tricks: TrickGame) -> None:
    s = tricks.new(tricks.make_config(), 10)
    d = tricks.decision(s)
    assert d is not None
    ev = tricks.apply(s, d.actions[0])
    assert [e.kind for e in ev] == ["played"]
    d = tricks.decision(s)
    assert d is not None
    ev = tricks.apply(s, d.actions[0])
    assert [e.kind for e in ev] == ["played", "trick"]
    assert ev[1].data["worth"] in (1, 2)


def test_decision_defaults() -> None:
    d = Decision(0, "play", ("a",))
    assert d.params == {}
    assert d == Decision(0, "play", ("a",), {})


def test_errors_are_tavolo_errors() -> None:
    assert issubclass(IllegalAction, TavoloError)
    assert issubclass(GameOver, IllegalAction)
    assert issubclass(UnknownName, TavoloError)
