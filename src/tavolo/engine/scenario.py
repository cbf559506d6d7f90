"""Scenario files: a position, scripted chance outcomes, actions and expectations.

Format (YAML or JSON)::

    game: estro
    title: Ozok attacks Thofa            # free text
    config: {players: 2, mode: standard}  # optional
    seed: 1                               # optional, for unscripted chance
    position: {...}                       # the game's own description of a position
    script: [{roll: 6, label: attacker}]  # scripted chance outcomes, in order per kind
    actions: [attack:ozok:thofa]
    expect:
      state: {...}        # a subset of the final state's JSON
      events: [{...}]     # event subsets that must occur, in this order
      over: false         # whether the game has ended
      legal: [id, ...]    # actions that must be legal at the end
      illegal: [id, ...]  # actions that must not be legal at the end (a blocked door...)
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from . import registry
from .errors import SaidValue, ScenarioError, TavoloError, engine_messages
from .files import read_data
from .game import Event
from .rng import ScriptedRNG

_KEYS = {"game", "title", "config", "seed", "position", "script", "actions", "expect", "rules"}


def subset_mismatch(actual: Any, expected: Any, path: str = "") -> str | None:
    """Where ``expected`` is not contained in ``actual`` (dicts by key, lists in full)."""
    bad = _mismatch(actual, expected, path)
    return None if bad is None else str(bad)


def _failure(key: str, /, **params: Any) -> SaidValue:
    """An unmet expectation: English in the report's JSON, any language on the terminal."""
    return SaidValue(engine_messages(), "scenario.failure." + key, **params)


def _mismatch(actual: Any, expected: Any, path: str) -> SaidValue | None:
    if isinstance(expected, Mapping):
        if not isinstance(actual, Mapping):
            return _failure("mapping", path=path or ".", actual=actual)
        for k, v in expected.items():
            if k not in actual:
                return _failure("missing", path=f"{path}.{k}")
            bad = _mismatch(actual[k], v, f"{path}.{k}")
            if bad:
                return bad
        return None
    if isinstance(expected, list):
        if not isinstance(actual, list | tuple) or len(actual) != len(expected):
            return _failure("value", path=path, expected=expected, actual=actual)
        for i, (a, e) in enumerate(zip(actual, expected, strict=True)):
            bad = _mismatch(a, e, f"{path}[{i}]")
            if bad:
                return bad
        return None
    if actual != expected:
        return _failure("value", path=path or ".", expected=expected, actual=actual)
    return None


def run(data: Mapping[str, Any], source: str = "scenario") -> dict[str, Any]:
    """Run a scenario; return ``{state, events, over, legal, failures}`` as plain data
    (each failure an English line)."""
    return run_told(data, source)[0]


def run_told(
    data: Mapping[str, Any], source: str = "scenario"
) -> tuple[dict[str, Any], list[SaidValue]]:
    """``run``, with the failures also as said values, for a report in the user's language."""
    if not isinstance(data, Mapping):
        raise ScenarioError.said(engine_messages(), "scenario.mapping", source=source)
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise ScenarioError.said(
            engine_messages(),
            "scenario.field",
            source=source,
            field=unknown[0],
            known=", ".join(sorted(_KEYS)),
        )
    if not isinstance(data.get("game"), str):
        raise ScenarioError.said(engine_messages(), "scenario.game", source=source)
    actions = data.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise ScenarioError.said(engine_messages(), "scenario.actions", source=source)
    expect = data.get("expect") or {}
    if not isinstance(expect, Mapping):
        raise ScenarioError.said(engine_messages(), "scenario.expect", source=source)
    stray = sorted(set(expect) - {"state", "events", "over", "legal", "illegal"})
    if stray:
        raise ScenarioError.said(
            engine_messages(), "scenario.expect_field", source=source, field=stray[0]
        )
    if not isinstance(expect.get("events", []), list):
        raise ScenarioError.said(engine_messages(), "scenario.events", source=source)
    script = data.get("script") or []
    if not isinstance(script, list) or not all(isinstance(e, Mapping) for e in script):
        raise ScenarioError.said(engine_messages(), "scenario.script", source=source)
    if not isinstance(data.get("config") or {}, Mapping):
        raise ScenarioError.said(engine_messages(), "scenario.config", source=source)
    try:
        game = registry.get(data["game"])
        config = game.config_from_json(data.get("config") or {})
        seed = data.get("seed", 0)
        if not isinstance(seed, int):
            raise ScenarioError.said(engine_messages(), "scenario.seed", source=source)
        rng = ScriptedRNG(seed, script)
        if "position" in data:
            try:
                state = game.from_position(config, data["position"] or {}, rng)
            except ScenarioError as e:  # a game's own words, named with the file as others
                raise ScenarioError.said(
                    engine_messages(), "scenario.problem", source=source, problem=e
                ) from None
        else:
            state = game.new(config, seed)
            rng.s = state.rng.s  # carry on the real game's stream, scripted where asked
            state.rng = rng
        events: list[Event] = []
        for i, action in enumerate(actions):
            try:
                events.extend(game.apply(state, action))
            except TavoloError as e:
                raise ScenarioError.said(
                    engine_messages(),
                    "scenario.action",
                    source=source,
                    n=i + 1,
                    action=action,
                    problem=e,
                ) from None
    except ScenarioError:
        raise
    except TavoloError as e:
        raise ScenarioError.said(
            engine_messages(), "scenario.problem", source=source, problem=e
        ) from None
    result: dict[str, Any] = {
        "state": game.to_json(state),
        "events": [e.to_json() for e in events],
        "over": game.is_over(state),
    }
    failures: list[SaidValue] = []
    if "state" in expect:
        bad = _mismatch(result["state"], expect["state"], "state")
        if bad:
            failures.append(bad)
    for key in ("legal", "illegal"):
        wanted = expect.get(key, [])
        if not isinstance(wanted, list) or not all(isinstance(a, str) for a in wanted):
            raise ScenarioError.said(
                engine_messages(), "scenario.expect_ids", source=source, field=key
            )
    d = game.decision(state)
    offered = set(d.actions) if d is not None else set()
    result["legal"] = sorted(offered)
    missing = [a for a in expect.get("legal", []) if a not in offered]
    if missing:
        failures.append(_failure("legal", missing=missing, offered=sorted(offered)))
    present = [a for a in expect.get("illegal", []) if a in offered]
    if present:
        failures.append(_failure("illegal", present=present))
    if "over" in expect and expect["over"] != result["over"]:
        failures.append(
            _failure("value", path="over", expected=expect["over"], actual=result["over"])
        )
    pos = 0
    for want in expect.get("events", []):
        while pos < len(result["events"]) and _mismatch(result["events"][pos], want, ""):
            pos += 1
        if pos == len(result["events"]):
            failures.append(_failure("events", want=want))
            break
        pos += 1
    # An example whose scripted die is never rolled tests something else than it says,
    # unless it expects the die to stay unrolled (expect: state: rng: script: [...]).
    if rng.script and not _expects_script(expect):
        failures.append(_failure("script", n=len(rng.script), unused=rng.script))
    result["failures"] = [str(f) for f in failures]
    return result, failures


def _expects_script(expect: Mapping[str, Any]) -> bool:
    state = expect.get("state")
    rng = state.get("rng") if isinstance(state, Mapping) else None
    return isinstance(rng, Mapping) and "script" in rng


def run_file(path: str | Path) -> dict[str, Any]:
    return run(read_data(path, ScenarioError), str(path))


def run_file_told(path: str | Path) -> tuple[dict[str, Any], list[SaidValue]]:
    """``run_file``, with each failure also as a :class:`SaidValue` to tell in any language."""
    return run_told(read_data(path, ScenarioError), str(path))
