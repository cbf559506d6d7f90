"""Scenario files: the tricks scenarios pass, failed expectations are reported, and
malformed scenarios are refused with one line."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from tavolo.engine import RNG, ScenarioError, ScriptedRNG
from tavolo.engine.scenario import run, run_file, run_told, subset_mismatch
from toygames import TrickGame

SCENARIOS = Path(__file__).parent.parent / "scenarios" / "tricks"
FILES = sorted(SCENARIOS.glob("*.yaml"))

SIX = SCENARIOS / "six_doubles_trick.yaml"


def six() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(SIX.read_text(encoding="utf-8"))
    return data


def refused(data: Any, *needles: str) -> str:
    with pytest.raises(ScenarioError) as err:
        run(data, "s.yaml")
    msg = str(err.value)
    assert msg.startswith("s.yaml") and "\n" not in msg, msg
    for needle in needles:
        assert needle in msg, msg
    return msg


# -- the scenario files ------------------------------------------------------------------------


def test_there_are_tricks_scenarios() -> None:
    assert len(FILES) >= 3


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_tricks_scenario_passes(tricks: TrickGame, path: Path) -> None:
    result = run_file(path)
    assert result["failures"] == []
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert data["game"] == "tricks"
    assert data.get("expect"), "a scenario file without expectations checks nothing"
    # the result is plain data and the final state is a real tricks state
    json.dumps(result)
    state = tricks.from_json(result["state"])
    assert tricks.is_over(state) == result["over"]


def test_scenario_result_matches_direct_play(tricks: TrickGame) -> None:
    """The scenario runner plays exactly what a direct game with the script would."""
    data = six()
    result = run(data)
    s = tricks.new(tricks.make_config(), data["seed"])
    rng = ScriptedRNG(data["seed"], data["script"])
    rng.s = s.rng.s  # the script answers first; the game's own stream goes on after the deal
    s.rng = rng
    events = []
    for a in data["actions"]:
        events += tricks.apply(s, a)
    assert result["state"] == tricks.to_json(s)
    assert result["events"] == [e.to_json() for e in events]


def test_json_scenario_file(tmp_path: Path) -> None:
    p = tmp_path / "s.json"
    p.write_text(json.dumps(six()), encoding="utf-8")
    assert run_file(p)["failures"] == []


# -- failed expectations -------------------------------------------------------------------------


def test_wrong_state_is_reported() -> None:
    data = six()
    data["expect"]["state"]["points"] = [3, 2]
    assert run(data)["failures"] == ["state.points[0]: expected 3, got 2"]


def test_missing_state_key_is_reported() -> None:
    data = six()
    data["expect"]["state"] = {"score": 5}
    assert run(data)["failures"] == ["state.score: missing"]


def test_wrong_over_is_reported() -> None:
    data = six()
    data["expect"]["over"] = False
    assert run(data)["failures"] == ["over: expected False, got True"]


def test_missing_event_is_reported() -> None:
    data = six()
    data["expect"]["events"] = [{"kind": "trick", "worth": 3}]
    (failure,) = run(data)["failures"]
    assert failure.startswith("events: no event matching") and "'worth': 3" in failure


def test_events_must_come_in_order() -> None:
    data = six()
    data["expect"]["events"] = [
        {"kind": "trick", "winner": 1},
        {"kind": "trick", "winner": 0},
    ]
    (failure,) = run(data)["failures"]
    assert "'winner': 0" in failure and "(in order)" in failure
    data["expect"]["events"].reverse()
    assert run(data)["failures"] == []


def test_each_expected_event_matches_a_different_event() -> None:
    data = six()
    trick0 = {"kind": "trick", "winner": 0}
    data["expect"]["events"] = [trick0, trick0]  # there is only one trick won by player 0
    assert len(run(data)["failures"]) == 1


def test_several_failures_all_reported() -> None:
    data = six()
    data["expect"]["state"]["lead"] = 0
    data["expect"]["over"] = False
    data["expect"]["events"] = [{"kind": "nope"}]
    assert len(run(data)["failures"]) == 3


def test_each_failure_is_told_in_english_and_italian() -> None:
    data = six()
    data["expect"]["state"]["points"] = [3, 2]
    data["expect"]["state"]["score"] = 5
    data["expect"]["over"] = False
    data["expect"]["legal"] = ["play:c99"]
    data["expect"]["events"] = [{"kind": "nope"}]
    result, failures = run_told(data)
    assert result["failures"] == [str(f) for f in failures]  # the JSON keeps the English
    assert [f.told("it") for f in failures] == [
        "state.points[0]: atteso 3, trovato 2",
        "legal: ['play:c99'] non è tra le azioni possibili (possibili: [])",
        "over: atteso False, trovato True",
        "events: nessun evento corrisponde a {'kind': 'nope'} (nell'ordine)",
    ]
    data = six()
    data["expect"]["state"] = {"score": 5, "points": {"a": 1}}
    (missing,) = run_told(data)[1]
    assert missing.told("it") == "state.score: manca"
    data["expect"]["state"] = {"points": {"a": 1}}
    (mapping,) = run_told(data)[1]
    assert str(mapping).startswith("state.points: expected a mapping, got [")
    assert mapping.told("it").startswith("state.points: attesa una mappa, trovato [")


def test_a_scripted_outcome_never_used_is_a_failure() -> None:
    """An example whose scripted die is never rolled is not testing what it says."""
    data = six()
    del data["expect"]["state"]["rng"]
    data["script"].append({"coin": "heads", "label": "call"})
    result, failures = run_told(data)
    assert result["failures"] == [
        "script: 1 entry never used: [{'coin': 'heads', 'label': 'call'}]"
    ]
    assert failures[0].told("it") == (
        "script: 1 voce mai usata: [{'coin': 'heads', 'label': 'call'}]"
    )
    data["script"].append({"roll": 1})
    assert run(data)["failures"][0].startswith("script: 2 entries never used: [")
    # ...unless the example expects them to stay unused (no coin is flipped here)
    data["expect"]["state"]["rng"] = {"script": [{"coin": "heads", "label": "call"}, {"roll": 1}]}
    assert run(data)["failures"] == []


def test_no_expectations_no_failures() -> None:
    data = six()
    del data["expect"]
    result = run(data)
    assert result["failures"] == [] and result["over"] is True


# -- malformed scenarios ------------------------------------------------------------------------


def test_not_a_mapping() -> None:
    refused(["game", "tricks"], "mapping")


def test_unknown_field() -> None:
    refused({**six(), "expected": {}}, "unknown field 'expected'")


def test_missing_game() -> None:
    data = six()
    del data["game"]
    refused(data, "'game' missing")
    refused({**six(), "game": 3}, "'game' missing")


def test_unknown_game() -> None:
    refused({**six(), "game": "chess"}, "unknown game 'chess'", "tricks")


@pytest.mark.parametrize("actions", ["play:c8", {"a": 1}, [1, 2], ["play:c8", None]])
def test_actions_not_a_list_of_ids(actions: Any) -> None:
    refused({**six(), "actions": actions}, "'actions'")


def test_illegal_action() -> None:
    data = six()
    data["actions"][2] = "play:c7"  # player 0 does not hold c7
    refused(data, "action 3 'play:c7'", "illegal action", "play:c1")


def test_action_after_the_end() -> None:
    data = six()
    data["actions"].append("play:c1")
    refused(data, "action 7", "game over")


@pytest.mark.parametrize(
    ("script", "needle"),
    [
        ([{"roll": 9, "label": "bonus"}], "scripted roll 9"),
        ([{"roll": 2, "label": "attacker"}], "'attacker'"),
        ([{"dice": 3}], "script entry 1"),
        ([{"roll": 2, "coin": "heads"}], "script entry 1"),
        ([{"roll": 6}, {"rolls": 3}], "script entry 2"),
    ],
)
def test_bad_script_entry(script: list[Any], needle: str) -> None:
    refused({**six(), "script": script}, needle)


@pytest.mark.parametrize("script", [[6], [["roll", 6]], 6])
def test_script_not_a_list_of_mappings(script: Any) -> None:
    refused({**six(), "script": script}, "'script'")


def test_bad_config() -> None:
    refused({**six(), "config": {"mode": "blitz"}}, "unknown tricks mode 'blitz'")
    refused({**six(), "config": {"options": {"hand": 7}}}, "hand")


def test_bad_seed() -> None:
    refused({**six(), "seed": "zero"}, "'seed'")


def test_position_not_supported_by_tricks() -> None:
    refused({**six(), "position": {"hands": [["c1"], ["c2"]]}}, "scenario positions")


def test_bad_yaml_file_names_line(tmp_path: Path) -> None:
    p = tmp_path / "bad.yaml"
    p.write_text("game: tricks\nactions: [play:c8\nseed: 1\n", encoding="utf-8")
    with pytest.raises(ScenarioError) as err:
        run_file(p)
    msg = str(err.value)
    assert "\n" not in msg and "bad.yaml:" in msg and "not valid YAML" in msg


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match="no such file"):
        run_file(tmp_path / "nope.yaml")


@pytest.mark.parametrize(
    "patch",
    [{"expect": [{"over": True}]}, {"config": ["short"]}, {"expect": {"events": 3}}],
)
def test_expect_and_config_must_be_mappings(patch: dict[str, Any]) -> None:
    refused({**six(), **patch}, next(iter(patch)))


def test_unknown_expect_key_is_refused() -> None:
    data = six()
    data["expect"] = {"sate": {"points": [9, 9]}}
    refused(data, "sate")


def test_unscripted_scenario_matches_real_game(tricks: TrickGame) -> None:
    """Unscripted chance carries on the real game's stream: a scenario with a replay's seed
    and actions ends where the replay does."""
    mismatches = 0
    for seed in range(10):
        s = tricks.new(tricks.make_config(), seed)
        chooser = RNG(seed)
        actions = []
        while (d := tricks.decision(s)) is not None:
            actions.append(d.actions[chooser.below(len(d.actions))])
            tricks.apply(s, actions[-1])
        result = run({"game": "tricks", "seed": seed, "actions": actions})
        mismatches += result["state"] != tricks.to_json(s) | {"rng": result["state"]["rng"]}
        assert result["state"]["rng"]["s"] == s.rng.s
    assert mismatches == 0


# -- subset_mismatch ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("actual", "expected"),
    [
        ({"a": 1, "b": 2}, {"a": 1}),
        ({"a": {"x": 1, "y": 2}}, {"a": {"y": 2}}),
        ({"a": [1, {"k": 1, "z": 0}]}, {"a": [1, {"k": 1}]}),
        ((1, 2), [1, 2]),
        ({}, {}),
        (5, 5),
        (None, None),
        ("x", "x"),
    ],
)
def test_subset_matches(actual: Any, expected: Any) -> None:
    assert subset_mismatch(actual, expected) is None


@pytest.mark.parametrize(
    ("actual", "expected", "message"),
    [
        ({"a": 1}, {"a": 2}, ".a: expected 2, got 1"),
        ({"a": 1}, {"b": 1}, ".b: missing"),
        ({"a": {"x": 1}}, {"a": {"x": 1, "y": 2}}, ".a.y: missing"),
        ({"a": [1, 2, 3]}, {"a": [1, 2]}, ".a: expected [1, 2], got [1, 2, 3]"),
        ({"a": [1, 2]}, {"a": [1, 3]}, ".a[1]: expected 3, got 2"),
        ({"a": [{"k": 1}]}, {"a": [{"k": 2}]}, ".a[0].k: expected 2, got 1"),
        ([1], {"a": 1}, ".: expected a mapping, got [1]"),
        ({"a": 5}, {"a": [5]}, ".a: expected [5], got 5"),
        (1, 2, ".: expected 2, got 1"),
    ],
)
def test_subset_mismatches(actual: Any, expected: Any, message: str) -> None:
    assert subset_mismatch(actual, expected) == message


def test_subset_mismatch_uses_path_prefix() -> None:
    assert subset_mismatch({"p": [0]}, {"p": [1]}, "state") == "state.p[0]: expected 1, got 0"
    actual = {"deep": {"list": [{"x": [1, 2]}]}}
    expected = copy.deepcopy(actual)
    expected["deep"]["list"][0]["x"][1] = 3
    assert subset_mismatch(actual, expected) == ".deep.list[0].x[1]: expected 3, got 2"


def test_legal_and_illegal_actions_at_the_end() -> None:
    data = six()  # the game is over: nothing is legal any more
    data["expect"]["legal"] = ["play:1"]
    data["expect"]["illegal"] = ["play:2"]
    assert run(data)["failures"] == ["legal: ['play:1'] not offered (offered: [])"]
    data["expect"]["legal"] = []
    assert run(data)["failures"] == []
    data["expect"]["illegal"] = "play:2"
    refused(data, "illegal")
