"""The conformance suite: the checks every registered game and mode must pass.

It is generic over ``registry.names()`` and each game's ``modes``: registering a game
puts it under test (the toy game "tricks" is registered in tests/conftest.py). A game
may set, as class attributes:

- ``conformance_playouts`` (default 100): seeded random playouts per mode, split into
  ``CHUNKS`` parametrised tests so that pytest-xdist can spread them;
- ``conformance_max_decisions`` (default 20 000): a playout that has not ended after
  this many decisions fails.

Playout ``i`` of a mode uses game seed ``i``, a player count cycling through the counts
the mode accepts, and chooses uniformly among the legal actions with its own ``RNG``
(never the game's). Each playout is played three times:

1. the reference run records the actions, ``to_json`` after every step and the events
   (as JSON text, taken when they happen); it checks that the game ends within the
   bound with valid ``returns`` and ``metrics`` (each told in words in English and
   Italian), and that events and ``to_json`` are snapshots, not
   live references into the state;
2. the checking run replays the same actions from the same seed and checks at every
   step: determinism (state and events equal to the reference's; a game's own ``hash``
   too), decisions well formed, no secret in what a player is told (the decision's
   actions and params, events as that player sees them), conservation of things. At
   ``CHECKPOINTS`` random points, and more cheaply at the end, it checks: clone
   independence (both ways), a JSON round trip that equals the state and plays on
   identically, no secret in ``observe``/``view`` (and none of anyone's in the spectator
   view), heuristic range, observation invariance under ``determinize`` (which must
   also keep each thing in one zone, the zone sizes and the player's own legal
   actions, leave the real state alone and give a playable state), and illegal
   actions (a made-up id, a stale one) refused without a trace;
3. the quiet run replays them with ``apply_quiet`` (the move of playouts and searches, whose
   events no one reads and which a game may skip making) and checks that the state after
   every step is the reference's.

A secret "leaks" when it occurs as a whole token: ids are words possibly joined by
hyphens, so ``c1`` is not found in ``c10`` nor ``ozok`` in ``ozok-2``. An event leaks
a secret of player p when p could see that thing neither before nor after the action.

When a playout fails, the actions played so far are saved as a replay file whose path
is added to the error (load it with ``Replay.load(path).play()`` or ``tavolo replay``).
The bottom of this module checks the checks: broken variants of the toy game, one per
check, must each be caught.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

from tavolo.engine import (
    RNG,
    ConfigError,
    Decision,
    Event,
    Game,
    GameOver,
    IllegalAction,
    SeatError,
    State,
    TavoloError,
    UnknownName,
    registry,
)
from tavolo.engine.replay import Replay
from tavolo.engine.rng import derive_seed
from tavolo.engine.scenario import subset_mismatch
from toygames import TrickGame, TrickState

CHUNKS = 10
DEFAULT_PLAYOUTS = 100
DEFAULT_MAX_DECISIONS = 20_000
CHECKPOINTS = 1  # random points per playout for the expensive checks (and the end)
DETERMINIZATIONS = 2  # worlds sampled per player at each checkpoint
ROUND_TRIP_STEPS = 10  # steps compared after a round trip (then only the end)
BOGUS = "conformance:not-an-action"


# -- collection --------------------------------------------------------------------------------


def load(name: str) -> tuple[Game | None, str | None]:
    """The registered game, or why it cannot be used."""
    try:
        game = registry.get(name)
    except Exception as e:
        return None, f"registry.get({name!r}) raised {type(e).__name__}: {e}"
    if not isinstance(game, Game):
        return None, f"registry.get({name!r}) gave {game!r}, not a tavolo.engine.Game instance"
    return game, None


def player_counts(game: Game, mode: str) -> list[int]:
    """Every player count the mode accepts (through the game's own make_config)."""
    counts = []
    for n in range(game.min_players, game.max_players + 1):
        try:
            game.make_config(n, mode)
        except TavoloError:
            continue
        counts.append(n)
    return counts


def playouts(game: Game) -> int:
    return int(getattr(game, "conformance_playouts", DEFAULT_PLAYOUTS))


NAMES = registry.names()
GAMES: dict[str, Game] = {}
LOAD_PROBLEMS: dict[str, str] = {}
for _name in NAMES:
    _game, _problem = load(_name)
    if _game is None:
        LOAD_PROBLEMS[_name] = _problem or "?"
    else:
        GAMES[_name] = _game


def all_modes(game: Game) -> list[str]:
    """Every mode, then each META mode on the first mode, then all META modes together."""
    out = list(game.modes)
    metas = tuple(getattr(game, "metas", ()))
    out += [f"{game.modes[0]}+{m}" for m in metas]
    if len(metas) > 1:
        out.append("+".join((game.modes[0], *metas)))
    return out


MODES = [
    pytest.param(name, mode, id=f"{name}-{mode}")
    for name, game in GAMES.items()
    for mode in all_modes(game)
]
CHUNKED = [
    pytest.param(name, mode, chunk, id=f"{name}-{mode}-{chunk}")
    for name, game in GAMES.items()
    for mode in all_modes(game)
    for chunk in range(min(CHUNKS, max(1, playouts(game))))
]


def test_the_toy_game_is_under_test() -> None:
    assert "tricks" in GAMES


@pytest.mark.parametrize("name", NAMES)
def test_game_loads(name: str) -> None:
    assert name not in LOAD_PROBLEMS, LOAD_PROBLEMS.get(name)


@pytest.mark.parametrize("name", list(GAMES))
def test_game_identity(name: str) -> None:
    game = GAMES[name]
    assert game.name == name, f"registered as {name!r} but game.name is {game.name!r}"
    assert isinstance(game.RULES_VERSION, str) and game.RULES_VERSION
    assert isinstance(game.modes, tuple) and game.modes
    assert all(isinstance(m, str) and m for m in game.modes)
    assert len(set(game.modes)) == len(game.modes)
    assert all("+" not in m for m in (*game.modes, *game.metas)), "'+' joins META modes"
    assert 1 <= game.min_players <= game.max_players
    assert {"en", "it"} <= set(game.titles), "titles needs English and Italian"
    assert playouts(game) >= 1


# -- configuration --------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "mode"), MODES)
def test_config(name: str, mode: str) -> None:
    game = GAMES[name]
    counts = player_counts(game, mode)
    assert counts, (
        f"mode {mode!r} accepts no player count in {game.min_players}..{game.max_players}"
    )
    for n in counts:
        config = game.make_config(n, mode)
        assert config.players == n and config.mode == mode
        data = json.loads(json.dumps(config.to_json()))
        assert game.config_from_json(data) == config
    with pytest.raises(UnknownName):
        game.make_config(counts[0], "conformance-no-such-mode")
    with pytest.raises(UnknownName):
        game.make_config(counts[0], f"{mode}+conformance-no-such-meta")
    for n in (game.min_players - 1, game.max_players + 1):
        with pytest.raises(ConfigError):
            game.make_config(n, mode)
    with pytest.raises(ConfigError):
        game.make_config(counts[0], mode, conformance_no_such_option=1)


@pytest.mark.parametrize(("name", "mode"), MODES)
def test_replay_round_trip(name: str, mode: str, tmp_path: Path) -> None:
    game = GAMES[name]
    counts = player_counts(game, mode)
    assert counts, f"mode {mode!r} accepts no player count"
    config = game.make_config(counts[-1], mode)
    state = game.new(config, 7)
    replay = Replay.start(game, config, 7)
    chooser = RNG(derive_seed(7, "conformance:replay"))
    events: list[str] = []
    while (d := game.decision(state)) is not None:
        replay.actions.append(d.actions[chooser.below(len(d.actions))])
        events += [event_text(e) for e in game.apply(state, replay.actions[-1])]
    replay.save(tmp_path / "replay.json")
    again, final, log = Replay.load(tmp_path / "replay.json").play()
    assert again is game
    assert game.hash(final) == game.hash(state)
    assert [event_text(e) for step in log for e in step] == events


@pytest.mark.parametrize(("name", "mode"), MODES)
def test_data_a_game_did_not_write_fails_in_one_line(name: str, mode: str) -> None:
    """A researcher's saved state, hand-edited or from another game: ``from_json`` fails
    with a TavoloError, never a bare KeyError; an id that is no action reads as itself."""
    game = GAMES[name]
    state = game.new(game.make_config(player_counts(game, mode)[0], mode), 3)
    data = game.to_json(state)
    broken: list[Any] = [{}, [], "state", 3, {"mode": mode}]
    for key in data:
        broken.append({k: v for k, v in data.items() if k != key})
        broken.append({**data, key: {"conformance": [1]}})
    for bad in broken:
        try:
            game.from_json(bad)
        except TavoloError as e:
            assert "\n" not in str(e) and str(e).startswith(f"{name}: "), str(e)
    assert game.describe_action(state, "conformance:no-such-action") == (
        "conformance:no-such-action"
    )


@pytest.mark.parametrize(("name", "mode"), MODES)
def test_a_seat_the_game_does_not_have_fails_in_one_line(name: str, mode: str) -> None:
    """``observe``, ``view`` and ``determinize`` for seat 9, -1 or '0' (the Python API, a
    researcher's loop): a SeatError naming the game, not an IndexError in the rules; every
    real seat and the spectator (None; not for determinize) work."""
    game = GAMES[name]
    players = player_counts(game, mode)[0]
    state = game.new(game.make_config(players, mode), 3)
    assert game.seat_count(state) == players
    for seat in (*range(players), None):
        game.observe(state, seat)
        game.view(state, seat)
        if seat is not None:
            game.determinize(state, seat, RNG(1))
    for bad in (players, 9, -1, "0"):
        calls = (
            lambda: game.observe(state, bad),  # type: ignore[arg-type]  # noqa: B023
            lambda: game.view(state, bad, "it"),  # type: ignore[arg-type]  # noqa: B023
            lambda: game.determinize(state, bad, RNG(1)),  # type: ignore[arg-type]  # noqa: B023
        )
        for call in calls:
            with pytest.raises(SeatError) as e:
                call()
            assert "\n" not in str(e.value) and str(e.value).startswith(f"{name}: no seat ")
    with pytest.raises(SeatError):
        game.determinize(state, None, RNG(1))  # type: ignore[arg-type]


# -- helpers ------------------------------------------------------------------------------------


def event_text(e: Event) -> str:
    """An event as JSON text (all of it: data, audience, redaction); must be plain data."""
    data = e.data if type(e.data) is dict else dict(e.data)
    redacted = e.redacted if e.redacted is None or type(e.redacted) is dict else dict(e.redacted)
    return json.dumps([e.kind, data, e.to, redacted])


def state_text(game: Game, s: State) -> str:
    return json.dumps(game.to_json(s), sort_keys=True)


@lru_cache(maxsize=4096)
def token_pattern(token: str) -> re.Pattern[str]:
    # ids are words, possibly joined by hyphens: c1 must not match c10, nor ozok ozok-2
    return re.compile(rf"(?<![\w-]){re.escape(token)}(?![\w-])")


def leaks(tokens: Iterable[str], text: str) -> list[str]:
    """The secret tokens that occur in ``text`` as whole tokens."""
    return sorted(t for t in tokens if t in text and token_pattern(t).search(text))


def secrets_of(game: Game, s: State, p: int, validate: bool = False) -> frozenset[str]:
    tokens = frozenset(game.secrets(s, p))
    if validate:
        bad = [t for t in tokens if not isinstance(t, str) or not t]
        assert not bad, f"secrets(state, {p}) must give non-empty strings, not {bad[:5]!r}"
    return tokens


def things(game: Game, s: State, validate: bool = False) -> Counter[str] | None:
    """The things of ``inventory``, checked to be each in exactly one zone."""
    inv = game.inventory(s)
    if inv is None:
        return None
    if validate:
        for entry in inv:
            assert (
                isinstance(entry, tuple)
                and len(entry) == 2
                and all(isinstance(x, str) for x in entry)
            ), f"inventory entries are (thing, zone) strings, not {entry!r}"
    count = Counter([thing for thing, _ in inv])
    if len(count) != len(inv):
        twice = {t: [z for x, z in inv if x == t] for t, n in count.items() if n > 1}
        raise AssertionError(f"things in more than one place (copies need distinct ids): {twice}")
    return count


def zone_sizes(game: Game, s: State) -> Counter[str]:
    return Counter([zone for _, zone in game.inventory(s) or ()])


def check_conserved(before: Counter[str] | None, after: Counter[str] | None, what: str) -> None:
    if before is after or (before is not None and after is not None and dict.__eq__(before, after)):
        return  # (dict equality: Counter's own == is much slower)
    assert before is not None and after is not None, f"{what}: inventory became None or not None"
    lost, gained = sorted(before - after), sorted(after - before)
    raise AssertionError(f"{what}: things lost {lost}, things appeared {gained}")


def check_same_state(game: Game, s: State, expected: Mapping[str, Any], what: str) -> None:
    """``to_json(s)`` equals ``expected`` (a reference run's); the message names the spot."""
    actual = game.to_json(s)
    if actual != expected:
        where = subset_mismatch(actual, expected, "state") or "state: same content, other types"
        raise AssertionError(f"{what}: {where}")


def check_decision(d: Decision, players: int) -> None:
    assert isinstance(d, Decision), f"decision() must give a Decision, not {d!r}"
    assert isinstance(d.player, int) and 0 <= d.player < players, f"bad player {d.player!r}"
    assert isinstance(d.kind, str) and d.kind, f"bad decision kind {d.kind!r}"
    assert isinstance(d.actions, tuple) and d.actions, (
        f"{d.kind}: actions must be a non-empty tuple"
    )
    assert all(isinstance(a, str) and a for a in d.actions), f"{d.kind}: non-string actions"
    assert len(set(d.actions)) == len(d.actions), (
        f"{d.kind}: duplicate actions {sorted(a for a, n in Counter(d.actions).items() if n > 1)}"
    )
    assert isinstance(d.params, Mapping), f"{d.kind}: params must be a mapping"


def check_returns(game: Game, s: State, players: int) -> None:
    r = game.returns(s)
    assert isinstance(r, tuple) and len(r) == players, f"returns {r!r} for {players} players"
    assert all(isinstance(x, int | float) and 0.0 <= x <= 1.0 for x in r), f"returns {r!r}"
    metrics = game.metrics(s)
    assert isinstance(metrics, dict)
    for k, v in metrics.items():
        assert isinstance(k, str) and isinstance(v, int | float) and math.isfinite(v), (k, v)
        check_metric_words(game, k)


def check_metric_words(game: Game, key: str) -> None:
    """A simulation prints each metric (the X of ``plays X``/``wins X``) in words, in
    English and Italian: never its id, which an Italian reader would meet untranslated."""
    name = key.split(" ", 1)[1] if key.startswith(("plays ", "wins ")) else key
    for lang in ("en", "it"):
        words = game.describe_metric(name, lang)
        assert isinstance(words, str) and words and "_" not in words, (key, lang, words)
        assert lang == "en" or words != name, f"metric {key!r} has no words in {lang}"


def finish(game: Game, s: State, chooser: RNG, players: int, limit: int) -> int:
    """Play ``s`` to the end with random choices; return the number of decisions."""
    for n in range(limit + 1):
        d = game.decision(s)
        if d is None:
            check_returns(game, s, players)
            return n
        check_decision(d, players)
        game.apply(s, d.actions[chooser.below(len(d.actions))])
    raise AssertionError(f"no end after {limit} decisions")


def check_rejected(game: Game, s: State, action: str, d: Decision | None) -> None:
    """``action`` is refused with IllegalAction (GameOver at the end), leaving no trace."""
    before_hash, before_text = game.hash(s), state_text(game, s)
    with pytest.raises(IllegalAction) as err:
        game.apply(s, action)
    if d is None:
        assert isinstance(err.value, GameOver), f"{action!r} after the end: not GameOver"
    else:
        assert err.value.kind == d.kind and err.value.legal == d.actions, str(err.value)
    assert game.hash(s) == before_hash and state_text(game, s) == before_text, (
        f"rejecting {action!r} changed the state"
    )
    assert game.decision(s) == d, f"rejecting {action!r} changed the decision"


# -- one playout ---------------------------------------------------------------------------------


class Playout:
    """Playout ``seed`` of a game and mode: the reference run, then the checking run."""

    def __init__(self, game: Game, mode: str, seed: int, players: int) -> None:
        self.game = game
        self.mode = mode
        self.seed = seed
        self.players = players
        self.config = game.make_config(players, mode)
        self.limit = int(getattr(game, "conformance_max_decisions", DEFAULT_MAX_DECISIONS))
        self.actions: list[str] = []
        self.states: list[dict[str, Any]] = []  # to_json after each step (0: the start)
        self.events: list[list[str]] = []
        self.first_hash = self.final_hash = ""
        # to_json equal after every step implies the engine's hash is; a game's own hash
        # (for transposition tables, say) is compared after every step too
        self.own_hash = type(game).hash is not Game.hash
        self.hashes: list[str] = []
        self.step = 0
        self.stage = "reference run"

    def rng(self, label: str) -> RNG:
        return RNG(derive_seed(self.seed, f"conformance:{self.mode}:{label}"))

    def where(self) -> str:
        return (
            f"{self.game.name} mode {self.mode} players {self.players} seed {self.seed}, "
            f"{self.stage}, step {self.step}"
        )

    def save(self, folder: Path) -> Path:
        rep = Replay.start(self.game, self.config, self.seed, conformance=self.where())
        rep.actions = self.actions[: self.step]
        path = folder / f"{self.game.name}-{self.mode}-{self.seed}.replay.json"
        rep.save(path)
        return path

    def run(self) -> None:
        self.reference()
        self.check()
        self.quiet()

    # -- 1. the reference run ----------------------------------------------------------------
    def reference(self) -> None:
        game = self.game
        chooser = self.rng("chooser")
        s = game.new(self.config, self.seed)
        self.first_hash = game.hash(s)
        self.states.append(game.to_json(s))
        first_text = json.dumps(self.states[0], sort_keys=True)
        kept: list[tuple[Event, str]] = []
        while (d := game.decision(s)) is not None:
            if self.step >= self.limit:
                raise AssertionError(f"no end after {self.limit} decisions")
            if not d.actions:
                raise AssertionError(f"decision {d.kind} offers no action")
            action = d.actions[chooser.below(len(d.actions))]
            self.actions.append(action)
            events = game.apply(s, action)
            assert isinstance(events, list), f"apply must return a list, not {events!r}"
            texts = [event_text(e) for e in events]
            kept += zip(events, texts, strict=True)
            self.events.append(texts)
            self.states.append(game.to_json(s))
            if self.own_hash:
                self.hashes.append(game.hash(s))
            self.step += 1
        assert game.is_over(s)
        check_returns(game, s, self.players)
        self.final_hash = game.hash(s)
        changed = [text for e, text in kept if event_text(e) != text]
        assert not changed, (
            f"events changed after they were returned (aliased state?): {changed[:3]}"
        )
        assert json.dumps(self.states[0], sort_keys=True) == first_text, (
            "to_json gives live references into the state: its result changed when the game went on"
        )

    # -- 2. the checking run -------------------------------------------------------------------
    def check(self) -> None:
        game, players = self.game, self.players
        self.stage, self.step = "checking run", 0
        n = len(self.actions)
        plan = self.rng("plan")
        checkpoints = sorted({plan.below(n + 1) for _ in range(CHECKPOINTS)})
        s = game.new(self.config, self.seed)
        assert game.hash(s) == self.first_hash, "new() with the same seed gave another state"
        check_same_state(game, s, self.states[0], "new() with the same seed gave another state")
        start = things(game, s, validate=True)
        secrets = [secrets_of(game, s, p, validate=True) for p in range(players)]
        seen_actions: set[str] = set()
        untouched: list[tuple[State, str, int]] = []  # clones the original must not change
        snapshot: tuple[dict[str, Any], str] | None = None
        for k in range(n + 1):
            self.step = k
            d = game.decision(s)
            if k in checkpoints:
                clone, text = self.checkpoint(s, d, k, seen_actions, plan, k == checkpoints[0])
                untouched.append((clone, text, k))
                snapshot = (game.to_json(s), text)
            if k == n:
                assert d is None, "the replayed game did not end where the reference did"
                break
            assert d is not None, "the replayed game ended early"
            check_decision(d, players)
            action = self.actions[k]
            assert action in d.actions, f"{action!r} is not legal when replayed"
            told = "\n".join(d.actions)
            if d.params:
                told += json.dumps(dict(d.params))
            bad = leaks(secrets[d.player], told)
            assert not bad, f"decision {d.kind} shows player {d.player} secrets {bad}"
            seen_actions.update(d.actions)
            events = game.apply(s, action)
            assert [event_text(e) for e in events] == self.events[k], (
                f"events of {action!r} differ from the reference run"
            )
            check_same_state(game, s, self.states[k + 1], f"after {action!r}")
            if self.own_hash:
                assert game.hash(s) == self.hashes[k], f"game.hash differs after {action!r}"
            if snapshot is not None:
                assert json.dumps(snapshot[0], sort_keys=True) == snapshot[1], (
                    "to_json gives live references into the state: its result changed when "
                    "the game went on"
                )
                snapshot = None
            after = [secrets_of(game, s, p) for p in range(players)]
            hidden = [secrets[p] & after[p] for p in range(players)]
            for e in events:
                public = json.dumps(e.to_json()) if e.to is None else ""
                for p in range(players):
                    seen = public or (e.to_json(p) and json.dumps(e.to_json(p)))
                    bad = leaks(hidden[p], seen) if seen else []
                    assert not bad, f"event {e.kind} tells player {p} secrets {bad}: {seen}"
            secrets = after
            check_conserved(start, things(game, s), f"after {action!r}")
        assert game.hash(s) == self.final_hash, "the replayed game ended in another state"
        check_returns(game, s, players)
        if n not in checkpoints:  # the end is cheap to check: nothing revealed, nothing accepted
            self.stage = "end"
            for p in range(players):
                bad = leaks(secrets_of(game, s, p), json.dumps(game.observe(s, p)))
                assert not bad, f"observe(state, {p}) shows secrets {bad} at the end"
            check_rejected(game, s, BOGUS, None)
        for clone, text, at in untouched:
            assert state_text(game, clone) == text, (
                f"playing on the original changed a clone taken at step {at}"
            )

    # -- 3. the quiet run --------------------------------------------------------------------
    def quiet(self) -> None:
        """``apply_quiet`` (a playout's and a search's move, whose events no one reads) makes
        the moves ``apply`` makes: the same state after every step."""
        game = self.game
        self.stage, self.step = "quiet run", 0
        s = game.new(self.config, self.seed)
        for k, action in enumerate(self.actions):
            self.step = k
            assert game.apply_quiet(s, action) is None, "apply_quiet returns nothing"
            check_same_state(game, s, self.states[k + 1], f"after apply_quiet({action!r})")
        self.step = len(self.actions)
        assert game.decision(s) is None, "the quiet game did not end where the reference did"
        with pytest.raises(TavoloError):
            game.apply_quiet(s, BOGUS)

    def checkpoint(
        self,
        s: State,
        d: Decision | None,
        k: int,
        seen_actions: set[str],
        plan: RNG,
        first: bool,
    ) -> tuple[State, str]:
        game, players = self.game, self.players
        text = state_text(game, s)
        h = game.hash(s)

        # serialization round trip, then play on identically
        self.stage = "round trip"
        data_text = json.dumps(game.to_json(s))
        data = json.loads(data_text)
        restored = game.from_json(data)
        check_same_state(game, restored, self.states[k], "from_json(to_json(s)) differs from s")
        assert game.equal(restored, s), "game.equal(from_json(to_json(s)), s) is False"
        assert game.hash(restored) == h, "from_json(to_json(s)) has another hash"
        assert game.decision(restored) == d, "the restored state has another decision"
        for j, action in enumerate(self.actions[k:]):
            game.apply(restored, action)
            if j < ROUND_TRIP_STEPS or k + j + 1 == len(self.actions):
                what = f"the restored state plays on differently at {action!r} (step {k + j})"
                check_same_state(game, restored, self.states[k + j + 1], what)
        assert json.dumps(data) == data_text, (
            "from_json keeps live references into its input: the data changed as the game went on"
        )

        # clone independence: play a clone to the end another way
        self.stage = "clone"
        clone = s.clone()
        assert clone is not s and state_text(game, clone) == text, "clone() differs"
        assert game.decision(clone) == d, "the clone has another decision"
        finish(game, clone, self.rng(f"clone{k}"), players, self.limit)
        assert game.hash(s) == h and state_text(game, s) == text, (
            "playing on a clone changed the original"
        )
        assert game.decision(s) == d, "playing on a clone changed the original's decision"

        # no leaks in what each player (and a spectator) is shown
        self.stage = "observe"
        everyone: set[str] = set()
        observed: list[Any] = []
        for p in range(players):
            secret = secrets_of(game, s, p, validate=True)
            everyone |= secret
            obs = game.observe(s, p)
            observed.append(obs)
            bad = leaks(secret, json.dumps(obs))
            assert not bad, f"observe(state, {p}) shows secrets {bad}"
            if first:  # the text board is slow to draw: once per playout, languages alternate
                lang = ("en", "it")[self.seed % 2]
                bad = leaks(secret, game.view(s, p, lang))
                assert not bad, f"view(state, {p}, {lang!r}) shows secrets {bad}"
            hv = game.heuristic(s, p)
            assert isinstance(hv, int | float) and 0.0 <= hv <= 1.0, f"heuristic {hv!r}"
        bad = leaks(everyone, json.dumps(game.observe(s, None)))
        assert not bad, f"the spectator view shows secrets {bad}"

        # observation invariance: what p sees cannot depend on what p cannot see
        self.stage = "determinize"
        inventory = things(game, s)
        sizes = zone_sizes(game, s)
        play_world = plan.below(players)
        for p in range(players):
            for j in range(DETERMINIZATIONS):
                det = game.determinize(s, p, RNG(derive_seed(self.seed, f"det:{k}:{p}:{j}")))
                assert det is not s and det.rng is not s.rng and det.rng != s.rng
                assert game.observe(det, p) == observed[p], (
                    f"observe(determinize(s, {p}), {p}) differs: the view of player {p} "
                    f"depends on what they cannot see (or determinize changed what they see)"
                )
                imagined = things(game, det)  # each thing still in exactly one zone
                if inventory is not None:
                    # which things exist may be re-sampled (an unknown deck), not how many
                    # there are in each zone
                    assert imagined is not None and zone_sizes(game, det) == sizes, (
                        f"determinize for player {p} changed the number of things per zone"
                    )
                dd = game.decision(det)
                assert (dd is None) == (d is None), "determinize changed whether the game is over"
                if d is not None and dd is not None and d.player == p:
                    assert dd.actions == d.actions, (
                        f"player {p}'s legal actions depend on what they cannot see"
                    )
                if j == 0 and p == play_world:
                    finish(game, det, self.rng(f"world{k}"), players, self.limit)
        assert game.hash(s) == h and state_text(game, s) == text, (
            "determinize changed the real state"
        )

        # illegal actions are refused and change nothing
        self.stage = "illegal actions"
        check_rejected(game, s, BOGUS, d)
        stale = sorted(seen_actions - set(d.actions if d is not None else ()))
        if stale:
            check_rejected(game, s, stale[plan.below(len(stale))], d)
        elif d is None and self.actions:
            check_rejected(game, s, self.actions[-1], d)

        self.stage = "checking run"
        return s.clone(), text


@pytest.mark.parametrize(("name", "mode", "chunk"), CHUNKED)
def test_playouts(name: str, mode: str, chunk: int, tmp_path: Path) -> None:
    game = GAMES[name]
    total = playouts(game)
    chunks = min(CHUNKS, max(1, total))
    counts = player_counts(game, mode)
    assert counts, f"mode {mode!r} accepts no player count"
    for seed in range(chunk * total // chunks, (chunk + 1) * total // chunks):
        p = Playout(game, mode, seed, counts[seed % len(counts)])
        try:
            p.run()
        except Exception as e:
            e.add_note(
                f"conformance: {p.where()}; replay of the actions so far: {p.save(tmp_path)}"
            )
            raise


# -- the checks themselves: each broken toy game must be caught ------------------------------------


def caught(game: Game, needle: str, seeds: int = 30) -> str:
    """Run playouts of ``game`` until one fails; the failure must mention ``needle``."""
    for seed in range(seeds):
        try:
            Playout(game, game.modes[0], seed, 2).run()
        except AssertionError as e:
            assert needle in str(e), f"caught, but not by the expected check: {e}"
            return str(e)
    raise AssertionError(f"no playout of the broken game failed (looking for {needle!r})")


class PeekingObserve(TrickGame):
    def observe(self, s: TrickState, player: int | None) -> dict[str, Any]:
        return {**super().observe(s, player), "top": s.deck[-1]}


class PeekingSpectator(TrickGame):
    def observe(self, s: TrickState, player: int | None) -> dict[str, Any]:
        obs = super().observe(s, player)
        return {**obs, "hands": s.hands} if player is None else obs


class PeekingView(TrickGame):
    def view(self, s: TrickState, player: int | None, lang: str = "en") -> str:
        return f"[b]next card[/b] {s.deck[0]}" if lang == "it" else "ok"


class PeekingEvent(TrickGame):
    def _apply(self, s: TrickState, d: Decision, action: str) -> list[Event]:
        return [*super()._apply(s, d, action), Event("hint", {"deck": list(s.deck)})]


class RedactingEvent(TrickGame):
    """The same information, told only to the player who may know it: no leak."""

    def _apply(self, s: TrickState, d: Decision, action: str) -> list[Event]:
        hand = {"hand": list(s.hands[d.player])}
        return [*super()._apply(s, d, action), Event("hand", hand, (d.player,), {})]


class PeekingDecision(TrickGame):
    def _decide(self, s: TrickState) -> Decision | None:
        d = super()._decide(s)
        return d._replace(params={"opponent": s.hands[1 - d.player]}) if d else None


class HiddenDependentActions(TrickGame):
    def _decide(self, s: TrickState) -> Decision | None:
        d = super()._decide(s)
        if d is not None and "c9" in s.hands[1 - d.player]:
            return d._replace(actions=(*d.actions, "pass"))
        return d

    def _apply(self, s: TrickState, d: Decision, action: str) -> list[Event]:
        return super()._apply(s, d, d.actions[0] if action == "pass" else action)


class Unseeded(TrickGame):
    runs = 0

    def new(self, config: Any, seed: int) -> TrickState:
        Unseeded.runs += 1
        return super().new(config, seed + Unseeded.runs % 2)


class Unrepeatable(TrickGame):
    calls = 0

    def _apply(self, s: TrickState, d: Decision, action: str) -> list[Event]:
        events = super()._apply(s, d, action)
        Unrepeatable.calls += 1
        if Unrepeatable.calls % 7 == 0:  # hidden state outside the game state
            s.points[0] += 1
        return events


class SharedClone(TrickGame):
    def new(self, config: Any, seed: int) -> TrickState:
        s = super().new(config, seed)
        s.__class__ = SharedState
        return s

    def from_json(self, data: Mapping[str, Any]) -> TrickState:
        s = super().from_json(data)
        s.__class__ = SharedState
        return s


class SharedState(TrickState):
    __slots__ = ()

    def clone(self) -> TrickState:
        c = super().clone()
        c.hands = self.hands  # shallow: the clone's plays empty the original's hands
        return c


class ForgetfulJson(TrickGame):
    def from_json(self, data: Mapping[str, Any]) -> TrickState:
        s = super().from_json(data)
        s.rng = RNG(0)
        return s


class LeadNotSaved(TrickGame):
    def to_json(self, s: TrickState) -> dict[str, Any]:
        return {k: v for k, v in super().to_json(s).items() if k != "lead"}

    def from_json(self, data: Mapping[str, Any]) -> TrickState:
        return super().from_json({**data, "lead": 0})


class LosesCards(TrickGame):
    def _apply(self, s: TrickState, d: Decision, action: str) -> list[Event]:
        events = super()._apply(s, d, action)
        if len(s.table) == 4:
            s.table.pop()
        return events


class DuplicatesCards(TrickGame):
    def inventory(self, s: TrickState) -> list[tuple[str, str]]:
        inv = super().inventory(s)
        return [*inv, (s.table[0], "discard")] if s.table else inv


class DeterminizeSeesTooMuch(TrickGame):
    def _determinize(self, s: TrickState, player: int, rng: RNG) -> TrickState:
        d = s.clone()
        pool = d.hands[0] + d.hands[1] + d.deck
        rng.shuffle(pool)
        d.hands[0], d.hands[1] = pool[: len(s.hands[0])], pool[len(s.hands[0]) : len(pool)]
        d.hands[1], d.deck = d.hands[1][: len(s.hands[1])], d.hands[1][len(s.hands[1]) :]
        return d


class DeterminizeInPlace(TrickGame):
    def _determinize(self, s: TrickState, player: int, rng: RNG) -> TrickState:
        rng.shuffle(s.deck)
        return s.clone()


class DeterminizeCopiesCards(TrickGame):
    def _determinize(self, s: TrickState, player: int, rng: RNG) -> TrickState:
        d = s.clone()
        hand = d.hands[1 - player]
        d.hands[1 - player] = hand[:1] * len(hand)
        return d


class DeterminizeLosesCards(TrickGame):
    def observe(self, s: TrickState, player: int | None) -> dict[str, Any]:
        obs = super().observe(s, player)
        del obs["deck_size"]  # so that only the zone sizes can tell
        return obs

    def _determinize(self, s: TrickState, player: int, rng: RNG) -> TrickState:
        d = s.clone()
        d.deck.pop()
        return d


class NoticesIllegal(TrickGame):
    def apply(self, s: State, action: str) -> list[Event]:
        s.points[0] += 0 if action.startswith("play:") else 1  # type: ignore[attr-defined]
        return super().apply(s, action)


class NeverEnds(TrickGame):
    conformance_max_decisions = 40

    def _apply(self, s: TrickState, d: Decision, action: str) -> list[Event]:
        events = super()._apply(s, d, action)
        if not s.hands[0] and not s.hands[1]:
            s.hands = [list(s.table[:3]), list(s.table[3:])]
            s.table = []
        return events


class LiveJson(TrickGame):
    def to_json(self, s: TrickState) -> dict[str, Any]:
        return {**super().to_json(s), "points": s.points}


class UnstableHash(TrickGame):
    calls = 0

    def hash(self, state: State) -> str:
        UnstableHash.calls += 1
        return f"{super().hash(state)}:{UnstableHash.calls}"


class BadReturns(TrickGame):
    def returns(self, s: TrickState) -> tuple[float, ...]:
        a, b = s.points
        return (float(a), float(b))


class DuplicateActions(TrickGame):
    def _decide(self, s: TrickState) -> Decision | None:
        d = super()._decide(s)
        return d._replace(actions=d.actions + d.actions[:1]) if d else None


class AliasedEvents(TrickGame):
    def _apply(self, s: TrickState, d: Decision, action: str) -> list[Event]:
        return [*super()._apply(s, d, action), Event("score", {"points": s.points})]


class QuietSkipsTheRoll(TrickGame):
    """Its quiet move skips a roll of the state's RNG with the events it skips."""

    def _apply_quiet(self, s: TrickState, d: Decision, action: str) -> None:
        rng = s.rng
        s.rng = rng.clone()
        self._apply(s, d, action)
        s.rng = rng


@pytest.mark.parametrize(
    ("broken", "needle"),
    [
        (PeekingObserve, "observe(state, 0) shows secrets"),
        (PeekingSpectator, "spectator view shows secrets"),
        (PeekingView, "view(state, 0, 'it') shows secrets"),
        (PeekingEvent, "event hint tells player 0 secrets"),
        (PeekingDecision, "shows player 0 secrets"),
        (HiddenDependentActions, "legal actions depend on what they cannot see"),
        (Unseeded, "new() with the same seed gave another state"),
        (Unrepeatable, ": state.points"),
        (SharedClone, "playing on a clone changed the original"),
        (ForgetfulJson, "from_json(to_json(s)) differs"),
        (LeadNotSaved, "the restored state plays on differently"),
        (LosesCards, "things lost ['c"),
        (DuplicatesCards, "things in more than one place"),
        (DeterminizeSeesTooMuch, "depends on what they cannot see"),
        (DeterminizeInPlace, "determinize changed the real state"),
        (DeterminizeCopiesCards, "things in more than one place"),
        (DeterminizeLosesCards, "changed the number of things per zone"),
        (NoticesIllegal, "rejecting 'conformance:not-an-action' changed the state"),
        (NeverEnds, "no end after 40 decisions"),
        (UnstableHash, "new() with the same seed gave another state"),
        (LiveJson, "to_json gives live references"),
        (BadReturns, "returns"),
        (DuplicateActions, "duplicate actions"),
        (AliasedEvents, "events changed after they were returned"),
        (QuietSkipsTheRoll, "after apply_quiet("),
    ],
    ids=lambda x: x.__name__ if isinstance(x, type) else "",
)
def test_broken_games_are_caught(broken: type[TrickGame], needle: str) -> None:
    caught(broken(), needle)


def test_private_events_are_not_leaks() -> None:
    for seed in range(10):
        Playout(RedactingEvent(), "standard", seed, 2).run()


def test_leaks_match_whole_tokens() -> None:
    assert leaks({"c1"}, '{"hand": ["c10", "c11"]}') == []
    assert leaks({"c1"}, '{"hand": ["c10", "c1"]}') == ["c1"]
    assert leaks({"c1"}, "play:c1") == ["c1"]
    assert leaks({"ozok"}, '["ozok-2", "xozok", "ozok_b"]') == []
    assert leaks({"ozok", "c1"}, "[b]ozok[/b] c1.") == ["c1", "ozok"]
