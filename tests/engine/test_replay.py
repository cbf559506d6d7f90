"""Replays and saves: record, save, load, play back, and rules-version changes."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tavolo import __version__
from tavolo.engine import RNG, Decision, ReplayError, registry
from tavolo.engine.replay import FORMAT, Replay
from toygames import TrickGame, TrickState


def record(game: TrickGame, seed: int, chooser_seed: int, **options: Any) -> tuple[Replay, str]:
    """Play a whole game with a seeded random chooser; return the replay and final hash."""
    config = game.make_config(**options)
    rep = Replay.start(game, config, seed, note="test")
    s = game.new(config, seed)
    rng = RNG(chooser_seed)
    while (d := game.decision(s)) is not None:
        a = d.actions[rng.below(len(d.actions))]
        rep.actions.append(a)
        game.apply(s, a)
    return rep, game.hash(s)


def write(tmp_path: Path, data: Any, name: str = "r.json") -> Path:
    p = tmp_path / name
    p.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return p


def one_line_error(path: Path) -> str:
    with pytest.raises(ReplayError) as err:
        Replay.load(path)
    msg = str(err.value)
    assert msg and "\n" not in msg
    return msg


# -- round trip ------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 2, 17])
def test_record_save_load_play_same_hash(tricks: TrickGame, tmp_path: Path, seed: int) -> None:
    rep, final = record(tricks, seed, seed + 100)
    path = tmp_path / "game.json"
    rep.save(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == FORMAT
    assert data["tavolo"] == __version__
    assert data["game"] == "tricks" and data["rules_version"] == "1"
    assert data["seed"] == seed and data["actions"] == rep.actions
    assert data["meta"] == {"note": "test"}
    loaded = Replay.load(path)
    assert loaded == rep
    game, state, log = loaded.play()
    assert game is tricks
    assert game.hash(state) == final
    assert game.is_over(state)
    assert len(log) == len(rep.actions)
    assert sum(e.kind == "trick" for events in log for e in events) == 3


def test_replay_keeps_config(tricks: TrickGame, tmp_path: Path) -> None:
    rep, final = record(tricks, 3, 4, mode="short", hand=1)
    rep.save(tmp_path / "r.json")
    loaded = Replay.load(tmp_path / "r.json")
    assert loaded.config == {"players": 2, "mode": "short", "options": {"hand": 1}}
    game, state, _ = loaded.play()
    assert game.hash(state) == final
    assert len(loaded.actions) == 2


def test_play_upto(tricks: TrickGame) -> None:
    rep, _ = record(tricks, 5, 5)
    game, state, log = rep.play(upto=3)
    assert len(log) == 3
    s = tricks.new(tricks.make_config(), 5)
    for a in rep.actions[:3]:
        tricks.apply(s, a)
    assert game.hash(state) == tricks.hash(s)
    assert not game.is_over(state)


def test_yaml_replay_loads(tricks: TrickGame, tmp_path: Path) -> None:
    rep, final = record(tricks, 6, 6)
    text = "\n".join(f"{k}: {json.dumps(v)}" for k, v in rep.to_json().items())
    loaded = Replay.load(write(tmp_path, text, "r.yaml"))
    assert loaded.play()[0].hash(loaded.play()[1]) == final


# -- broken replays ------------------------------------------------------------------------------


def test_illegal_action_same_rules_version(tricks: TrickGame) -> None:
    rep, _ = record(tricks, 7, 7)
    rep.actions[2] = "play:c42"
    with pytest.raises(ReplayError, match=r"action 3: illegal action 'play:c42'") as err:
        rep.play()
    assert "\n" not in str(err.value)


def test_a_broken_replay_file_is_named_in_its_error(tricks: TrickGame, tmp_path: Path) -> None:
    """'error: replay: action 3: ...' did not say which file; a loaded replay's errors
    start with its path, in both languages."""
    rep, _ = record(tricks, 7, 7)
    rep.actions[2] = "play:c42"
    path = tmp_path / "g.json"
    rep.save(path)
    with pytest.raises(ReplayError) as err:
        Replay.load(path).play()
    assert str(err.value).startswith(f"{path}: action 3: illegal action 'play:c42'")
    assert err.value.told("it").startswith(f"{path}: azione 3: ")


def test_action_after_the_end(tricks: TrickGame) -> None:
    rep, _ = record(tricks, 7, 7)
    rep.actions.append("play:c1")
    with pytest.raises(ReplayError, match=rf"action {len(rep.actions)}: .*game over"):
        rep.play()


def test_unknown_game(tmp_path: Path) -> None:
    rep = Replay("no-such-game", "1", {}, 1, [])
    with pytest.raises(ReplayError, match=r"unknown game 'no-such-game'.*tricks") as err:
        rep.play()
    assert "\n" not in str(err.value)
    rep.save(tmp_path / "r.json")
    with pytest.raises(ReplayError, match="no-such-game"):
        Replay.load(tmp_path / "r.json").play()


def test_bad_config_in_replay(tricks: TrickGame) -> None:
    with pytest.raises(ReplayError, match="unknown tricks mode 'blitz'"):
        Replay("tricks", "1", {"mode": "blitz"}, 1, []).play()
    with pytest.raises(ReplayError, match="takes 2 players, not"):
        Replay("tricks", "1", {"players": 5}, 1, []).play()
    for name in ("players", "mode"):  # among the options, not beside them
        with pytest.raises(ReplayError, match=f"tricks has no option '{name}': use --{name}"):
            Replay("tricks", "1", {"options": {name: 2}}, 1, []).play()


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        ("{not json", "not valid JSON"),
        ("", "not valid JSON"),
        ("[1, 2]", "not a tavolo replay"),
        ('"replay"', "not a tavolo replay"),
        ('{"game": "tricks"}', "not a tavolo replay"),
        ('{"format": "tavolo-save"}', "not a tavolo replay"),
    ],
)
def test_not_a_replay(tmp_path: Path, content: str, needle: str) -> None:
    msg = one_line_error(write(tmp_path, content))
    assert needle in msg and "r.json" in msg


def test_bad_yaml_replay(tmp_path: Path) -> None:
    msg = one_line_error(write(tmp_path, "format: tavolo-replay\ngame: [tricks\n", "r.yaml"))
    assert "not valid YAML" in msg and "r.yaml:" in msg


def test_missing_file_and_folder(tmp_path: Path) -> None:
    assert "no such file" in one_line_error(tmp_path / "nope.json")
    assert "folder" in one_line_error(tmp_path)


GOOD: dict[str, Any] = {
    "format": FORMAT,
    "tavolo": "0.1.0",
    "game": "tricks",
    "rules_version": "1",
    "config": {"players": 2, "mode": "standard", "options": {}},
    "seed": 1,
    "actions": [],
}


@pytest.mark.parametrize("field", ["game", "rules_version", "config", "seed", "actions"])
def test_missing_field(tmp_path: Path, field: str) -> None:
    data = {k: v for k, v in GOOD.items() if k != field}
    msg = one_line_error(write(tmp_path, data))
    assert f"field {field!r} missing" in msg


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("game", 3),
        ("rules_version", 1),
        ("config", []),
        ("seed", "1"),
        ("seed", 1.5),
        ("seed", True),  # a bool is an int to Python, never a seed
        ("actions", "play:c1"),
        ("actions", {"0": "play:c1"}),
    ],
)
def test_wrong_type(tmp_path: Path, field: str, value: Any) -> None:
    msg = one_line_error(write(tmp_path, {**GOOD, field: value}))
    assert repr(field) in msg


def test_actions_must_be_strings(tmp_path: Path) -> None:
    msg = one_line_error(write(tmp_path, {**GOOD, "actions": ["play:c1", 3]}))
    assert "action ids" in msg


def test_good_minimal_replay_loads(tmp_path: Path) -> None:
    rep = Replay.load(write(tmp_path, GOOD))
    assert rep.meta == {} and rep.tavolo == "0.1.0"
    game, state, log = rep.play()
    assert log == [] and game.hash(state) == game.hash(game.new(game.make_config(), 1))


@pytest.mark.parametrize("meta", [5, "ab", [1]])
def test_wrong_meta_type(tmp_path: Path, meta: Any) -> None:
    msg = one_line_error(write(tmp_path, {**GOOD, "meta": meta}))
    assert "'meta'" in msg


def test_wrong_config_value_type(tmp_path: Path) -> None:
    rep = Replay.load(write(tmp_path, {**GOOD, "config": {"players": "2"}}))
    with pytest.raises(ReplayError):
        rep.play()


# -- rules versions ----------------------------------------------------------------------------


class EvolvingV1(TrickGame):
    name = "tricks-evolving"
    RULES_VERSION = "1"


class EvolvingV2(EvolvingV1):
    """Version 2 adds a rule: the follower must beat the led card when able."""

    RULES_VERSION = "2"

    def _decide(self, s: TrickState) -> Decision | None:
        d = super()._decide(s)
        if d is None or len(s.table) % 2 == 0:
            return d
        led = int(s.table[-1][1:])
        higher = tuple(a for a in d.actions if int(a.split(":")[1][1:]) > led)
        return d._replace(actions=higher) if higher else d


@pytest.fixture
def evolving() -> Iterator[None]:
    registry.register(EvolvingV1.name, EvolvingV1)
    yield
    registry.unregister(EvolvingV1.name)


def broken_under_v2(rep: Replay) -> int | None:
    """The 1-based index of the first action that v2 forbids, if any."""
    g = EvolvingV2()
    s = g.new(g.config_from_json(rep.config), rep.seed)
    for i, a in enumerate(rep.actions):
        d = g.decision(s)
        assert d is not None
        if a not in d.actions:
            return i + 1
        g.apply(s, a)
    return None


def find_replays() -> tuple[Replay, Replay]:
    """A v1 replay still legal under v2, and one that v2 makes illegal."""
    g = EvolvingV1()
    legal = illegal = None
    for seed in range(200):
        rep, _ = record(g, seed, seed)
        if broken_under_v2(rep) is None:
            legal = legal or rep
        else:
            illegal = illegal or rep
        if legal and illegal:
            return legal, illegal
    raise AssertionError("no suitable seeds")


def test_other_rules_version_still_legal_plays(evolving: None, tmp_path: Path) -> None:
    legal, _ = find_replays()
    final = legal.play()
    registry.register(EvolvingV2.name, EvolvingV2)
    legal.save(tmp_path / "r.json")
    loaded = Replay.load(tmp_path / "r.json")
    assert loaded.rules_version == "1"
    game, state, _ = loaded.play()
    assert game.RULES_VERSION == "2"
    assert game.hash(state) == final[0].hash(final[1])


def test_changed_rules_version_field_still_plays(tricks: TrickGame) -> None:
    rep, final = record(tricks, 9, 9)
    rep.rules_version = "0-old"
    game, state, _ = rep.play()
    assert game.hash(state) == final


def test_other_rules_version_now_illegal_fails_clearly(evolving: None) -> None:
    _, illegal = find_replays()
    index = broken_under_v2(illegal)
    assert index is not None
    illegal.play()  # fine under the rules it was recorded with
    registry.register(EvolvingV2.name, EvolvingV2)
    with pytest.raises(ReplayError) as err:
        illegal.play()
    msg = str(err.value)
    assert "\n" not in msg
    assert "rules 1" in msg and "rules 2" in msg
    assert f"action {index} {illegal.actions[index - 1]!r}" in msg
