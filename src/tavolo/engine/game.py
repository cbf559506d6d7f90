"""The game protocol: the one forward model every interface and agent goes through.

A game is rules + content + options. Interfaces and agents ask ``decision(state)``
for who decides what among which legal actions, and hand one back to
``apply(state, action)``. Nothing else ever changes a state.

Actions are their own stable string ids (``"play:ozok:down"``): small, immutable,
comparable, hashable and ready for logs, replays, scenario files and the network.
"""

from __future__ import annotations

import hashlib
import json
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, NamedTuple

from .errors import (
    ConfigError,
    GameOver,
    IllegalAction,
    SeatError,
    UnknownName,
    engine_messages,
    no_options,
    wrong_players,
)
from .rng import RNG

Action = str
"""An action is its stable string id."""


class Decision(NamedTuple):
    """Who decides (player index), what kind of choice it is, and the legal actions."""

    player: int
    kind: str
    actions: tuple[Action, ...]
    params: Mapping[str, Any] = {}


class Event(NamedTuple):
    """Something that happened, for narration, logs, replays and metrics.

    ``to`` lists the players who may see ``data``; ``None`` means everyone. Players
    outside ``to`` see ``redacted`` instead, or nothing when it is ``None``.
    """

    kind: str
    data: Mapping[str, Any]
    to: tuple[int, ...] | None = None
    redacted: Mapping[str, Any] | None = None

    def seen_by(self, player: int | None) -> Mapping[str, Any] | None:
        """What ``player`` sees of this event.

        ``None`` is the full record that logs and replays keep (unlike ``observe(s, None)``,
        a public spectator's view); a spectator sees what a non-player sees, ``seen_by(-1)``.
        """
        if self.to is None or player is None or player in self.to:
            return self.data
        return self.redacted

    def to_json(self, player: int | None = None) -> dict[str, Any] | None:
        seen = self.seen_by(player)
        if seen is None:
            return None
        out = {"kind": self.kind, **seen}
        out["kind"] = self.kind  # data never renames the event
        return out


_NO_PARAMS = Decision._field_defaults["params"]


def _event(cls: type, kind: str, data: Any, to: Any = None, redacted: Any = None) -> Any:
    return tuple.__new__(cls, (kind, data, to, redacted))


def _decision(cls: type, player: int, kind: str, actions: Any, params: Any = _NO_PARAMS) -> Any:
    return tuple.__new__(cls, (player, kind, actions, params))


def event(
    kind: str,
    data: Mapping[str, Any],
    to: tuple[int, ...] | None = None,
    redacted: Mapping[str, Any] | None = None,
) -> Event:
    """``Event(...)`` for rules that make events on every move: a call to the class goes
    through the type's ``__new__`` lookup, three times the cost of this compiled call."""
    return tuple.__new__(Event, (kind, data, to, redacted))


# A NamedTuple's own __new__ is Python source run by the interpreter: rules make several
# events and a decision each move, so these compiled ones take its place (same fields,
# same defaults; a Decision's default params is the one shared empty mapping as before).
Event.__new__ = staticmethod(_event)  # type: ignore[method-assign,assignment]
Decision.__new__ = staticmethod(_decision)  # type: ignore[method-assign,assignment]

# The events list of a move nobody reads (``Game.apply_quiet``: playouts and searches). Rules
# that tell into a list they are given may skip making an event when the list is this
# one (``if events is not QUIET:``), the costliest part of a move in a long game; what
# they do tell it is dropped after the move.
QUIET: list[Event] = []


class State:
    """Base of every game state: plain data plus the game's RNG.

    ``_dec`` caches the current decision; the engine clears it on every ``apply``.
    Subclasses declare their own ``__slots__`` and implement ``clone``.
    """

    __slots__ = ("_dec", "rng")

    def __init__(self, rng: RNG) -> None:
        self.rng = rng
        self._dec: Decision | None = None

    def clone(self) -> State:
        raise NotImplementedError


def _answered(game: Game, state: State, action: Action) -> Decision:
    """The decision a legal ``action`` answers, its cache cleared for the move (a C
    function when compiled, game.pxd: ``apply`` runs on every move of a playout)."""
    d = state._dec
    if d is None:
        d = game.decision(state)
        if d is None:
            raise GameOver(action)
    if action not in d.actions:
        raise IllegalAction(d.kind, action, d.actions)
    state._dec = None
    return d


@dataclass(frozen=True)
class Config:
    """Players, mode and variant flags of one game, validated by the game."""

    players: int = 2
    mode: str = "standard"
    options: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "mode": self.mode, "options": dict(self.options)}


def stable_hash(data: Any) -> str:
    """A hash of plain data that is the same on every machine and run."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


class Game(ABC):
    """One game's rules. Subclasses implement the underscored hooks.

    The engine owns the checks every game must share: ``apply`` rejects any action
    that is not legal before touching the state, and ``determinize`` always gives
    the imagined state a fresh RNG from the caller's stream, so that an agent's
    imagination never sees, nor shifts, the real game's dice.
    """

    __slots__ = ()  # a subclass may keep its own attributes in slots, for speed

    name: ClassVar[str]
    RULES_VERSION: ClassVar[str]
    titles: ClassVar[Mapping[str, str]] = {}
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    modes: ClassVar[tuple[str, ...]] = ("standard",)
    metas: ClassVar[tuple[str, ...]] = ()
    """META modes: variants that combine with any mode, written ``mode+meta[+meta]``."""
    tuned_agents: ClassVar[Mapping[str, str]] = {}
    """What an agent's bare name plays in this game, where the agents' defaults (made for
    Estro) play worse or slower: ``{"mcts": "mcts:100,depth=0"}``, or for one mode
    ``{"mcts@world": ...}``, the tuning the game's studies found best. A spec with a
    setting of its own (``mcts:500``) plays as written, unless the game's ``agent_spec``
    says more (Platformer gives its tuning to the settings a small budget leaves out)."""
    pick_agent: ClassVar[str] = ""
    """The AI to play against that ``tavolo games`` names, where it is not a bare name of
    ``tuned_agents`` (Platformer: ``mcts:30``, a small budget its tuning plays best)."""

    def agent_spec(self, spec: str, mode: str) -> str:
        """The spec an agent of ``--seats`` or ``--agents`` plays with in ``mode``."""
        name = spec.strip()
        tuned = self.tuned_agents
        return tuned.get(f"{name}@{self.mode_parts(mode)[0]}") or tuned.get(name) or spec

    # -- configuration ----------------------------------------------------------------
    def make_config(
        self, players: int | None = None, mode: str | None = None, **options: Any
    ) -> Config:
        if mode is not None and not isinstance(mode, str):
            raise ConfigError.said(engine_messages(), "config.mode", game=self.name, mode=mode)
        if players is not None and (not isinstance(players, int) or isinstance(players, bool)):
            raise ConfigError.said(
                engine_messages(), "config.players", game=self.name, players=players
            )
        mode = self.normal_mode(mode or self.modes[0])
        n = self.min_players if players is None else players
        if not self.min_players <= n <= self.max_players:
            raise wrong_players(self.name, self.min_players, self.max_players, n)
        return Config(n, mode, self.check_options(mode, options))

    def configure(
        self, players: int | None, mode: str | None, options: Mapping[str, Any]
    ) -> Config:
        """``make_config`` for options that come from a user (``-o``, a replay's config):
        one named ``players`` or ``mode`` is refused in one line, not passed twice."""
        for name in ("players", "mode"):
            if name in options:
                raise ConfigError.said(
                    engine_messages(), "config.reserved", game=self.name, name=name
                )
        return self.make_config(players, mode, **options)

    def normal_mode(self, mode: str) -> str:
        """``mode`` checked, with its META modes in the game's order (``standard+chimera``).
        META modes alone ride on the first mode: ``+chimera`` (as ``tavolo games`` lists
        it) and ``chimera`` are ``standard+chimera``."""
        if mode.startswith("+") or mode.split("+")[0] in self.metas:
            mode = self.modes[0] + "+" + mode.lstrip("+")
        base, *extra = mode.split("+")
        if base not in self.modes:
            raise UnknownName("mode", base, self.modes, game=self.name)
        for m in extra:
            if m not in self.metas:
                raise UnknownName("META mode", m, self.metas, game=self.name)
        if len(set(extra)) != len(extra):
            raise ConfigError.said(engine_messages(), "meta_twice", game=self.name, mode=mode)
        return "+".join((base, *sorted(extra, key=self.metas.index)))

    @staticmethod
    def mode_parts(mode: str) -> tuple[str, frozenset[str]]:
        """A normal mode's base and its set of META modes."""
        base, *extra = mode.split("+")
        return base, frozenset(extra)

    def play_args(
        self, mode: str | None, options: dict[str, Any], args: Sequence[str]
    ) -> tuple[str | None, dict[str, Any]]:
        """A game's own flags for ``tavolo play GAME`` (``--tutorial``...), turned into
        a mode and options; the default takes none."""
        if args:
            raise ConfigError.said(engine_messages(), "no_flag", game=self.name, flag=args[0])
        return mode, options

    def simulate_args(
        self, mode: str | None, options: dict[str, Any], args: Sequence[str]
    ) -> list[tuple[str, str | None, dict[str, Any]]]:
        """A game's own study flags for ``tavolo simulate GAME`` (TOS: ``--fights``): the
        cells to simulate, each a label, a mode and options; by default one, no flags."""
        if args:
            raise ConfigError.said(engine_messages(), "no_flag", game=self.name, flag=args[0])
        return [("", mode, options)]

    def study_flags(self, lang: str = "en") -> str:
        """``simulate_args``'s flags in words, one line for ``tavolo simulate --help``;
        "" when the game takes none."""
        return ""

    # -- pencil marks: what a game leaves on the printed cards of a set ------------------
    def marks_key(self, config: Config) -> str | None:
        """The set whose pencil marks this game reads and writes (TOS: the hero's tick
        boxes), kept across games by the interface in the player's profile; None: none."""
        return None

    def marks(self, state: Any) -> dict[str, Any]:
        """The marks as they are now (saved even when a game is left unfinished)."""
        return {}

    def with_marks(self, config: Config, marks: Mapping[str, Any]) -> Config:
        """``config`` starting from saved marks."""
        return config

    def check_options(self, mode: str, options: Mapping[str, Any]) -> Mapping[str, Any]:
        """Validate variant flags; the default accepts none."""
        if options:
            raise no_options(self.name, options)
        return {}

    def config_from_json(self, data: Mapping[str, Any]) -> Config:
        if not isinstance(data, Mapping):
            raise ConfigError.said(engine_messages(), "config.mapping", game=self.name)
        unknown = sorted(set(data) - {"players", "mode", "options"})
        if unknown:
            raise ConfigError.said(
                engine_messages(), "config.field", game=self.name, field=unknown[0]
            )
        options = data.get("options") or {}
        if not isinstance(options, Mapping):
            raise ConfigError.said(engine_messages(), "config.options", game=self.name)
        return self.configure(data.get("players"), data.get("mode"), options)

    # -- the forward model ----------------------------------------------------------------
    @abstractmethod
    def new(self, config: Config, seed: int) -> State: ...

    @abstractmethod
    def _decide(self, state: Any) -> Decision | None:
        """The current decision, or ``None`` when the game is over."""

    @abstractmethod
    def _apply(self, state: Any, decision: Decision, action: Action) -> list[Event]:
        """Carry out a legal ``action``; return what happened."""

    def decision(self, state: State) -> Decision | None:
        d = state._dec
        if d is None:
            d = state._dec = self._decide(state)
        return d

    def apply(self, state: State, action: Action) -> list[Event]:
        return self._apply(state, _answered(self, state, action), action)

    def apply_quiet(self, state: State, action: Action) -> None:
        """``apply`` for a caller that reads no events (a playout, a search): the same
        move, the same checks; a game may then skip making its events (``_apply_quiet``)."""
        self._apply_quiet(state, _answered(self, state, action), action)

    def _apply_quiet(self, state: Any, decision: Decision, action: Action) -> None:
        """``_apply`` whose events nobody reads; a game whose rules tell into a given list
        passes ``QUIET``."""
        self._apply(state, decision, action)

    def is_over(self, state: State) -> bool:
        return self.decision(state) is None

    @abstractmethod
    def returns(self, state: Any) -> tuple[float, ...]:
        """Final score per player: 1 win, 0 loss, 0.5 draw (or a game's own scale)."""

    # -- information -----------------------------------------------------------------------
    @abstractmethod
    def observe(self, state: Any, player: int | None) -> dict[str, Any]:
        """What ``player`` may know, as plain data (``None``: a spectator's view)."""

    def _determinize(self, state: Any, player: int, rng: RNG) -> State:
        """Re-sample what ``player`` cannot see; the default is for perfect information."""
        return state.clone()  # type: ignore[no-any-return]

    def determinize(self, state: State, player: int, rng: RNG) -> State:
        self.check_seat(state, player, spectator=False)
        det = self._determinize(state, player, rng)
        det.rng = RNG(rng.next64())
        det._dec = None
        return det

    def seat_count(self, state: Any) -> int:
        """How many seats the game of ``state`` has: one score each in ``returns``."""
        return len(self.returns(state))

    def check_seat(self, state: Any, player: int | None, spectator: bool = True) -> None:
        """A seat given from outside (the Python API, an agent) that the game does not
        have fails here in one line, not as an IndexError deep in the rules; ``None`` is
        the spectator, where ``spectator`` allows one."""
        if player is None and spectator:
            return
        n = self.seat_count(state)
        if type(player) is not int or not 0 <= player < n:
            key = "seat.bad" if spectator else "seat.bad_player"
            raise SeatError.said(engine_messages(), key, game=self.name, seat=player, last=n - 1)

    def secrets(self, state: Any, player: int) -> Iterable[str]:
        """Tokens (card ids...) that must not appear in ``observe(state, player)``."""
        return ()

    def inventory(self, state: Any) -> list[tuple[str, str]] | None:
        """(thing, zone) for every card/tile/token, to check conservation; None if none."""
        return None

    def metrics(self, state: Any) -> dict[str, float]:
        """Numbers worth averaging over many games (rounds played...), for simulations.

        A pair ``plays X`` and ``wins X`` (1 or 0 a game: X was in the game; X's player
        won) gets its own line in a simulation's summary: X's win share."""
        return {}

    def describe_metric(self, name: str, lang: str = "en") -> str:
        """A metric's name (or the X of ``plays X``) in words; the name itself by default."""
        return name

    def heuristic(self, state: Any, player: int) -> float:
        """Estimated chance of ``player`` winning, in [0, 1]; used by greedy and MCTS."""
        return 0.5

    # -- plain data ----------------------------------------------------------------------------
    @abstractmethod
    def to_json(self, state: Any) -> dict[str, Any]: ...

    @abstractmethod
    def from_json(self, data: Mapping[str, Any]) -> State: ...

    def hash(self, state: State) -> str:
        return stable_hash(self.to_json(state))

    def equal(self, a: State, b: State) -> bool:
        return self.to_json(a) == self.to_json(b)

    def from_position(self, config: Config, position: Mapping[str, Any], rng: RNG) -> State:
        """A state set up as a scenario file describes it."""
        raise ConfigError.said(engine_messages(), "config.no_positions", game=self.name)

    # -- words -----------------------------------------------------------------------------------
    def describe_action(self, state: Any, action: Action, lang: str = "en") -> str:
        return action

    def describe_options(
        self, state: Any, actions: Sequence[Action], lang: str = "en"
    ) -> list[tuple[str, list[tuple[int, str]]]] | None:
        """The options of a decision for a person, grouped: (a heading, such as a card,
        and its options' short words, each with its index in ``actions``); a group with
        no heading lists its options one a line. None: each ``describe_action`` a line."""
        return None

    def describe_event(self, event: Event, player: int | None, lang: str = "en") -> str | None:
        seen = event.seen_by(player)
        return None if seen is None else f"{event.kind} {dict(seen)}"

    def describe_events(
        self, state: Any, events: Sequence[Event], player: int | None, lang: str = "en"
    ) -> list[str]:
        """The words of ``events``, raised in ``state``'s game, as ``player`` sees them (the
        ones they do not see left out). Interfaces call this: an event carries no table, so
        a game whose words depend on it (Estro's Navi calls the ships' side "the fleet")
        reads it here, never in the rules' hot path."""
        said = (self.describe_event(e, player, lang) for e in events)
        return [text for text in said if text]

    def view(self, state: Any, player: int | None, lang: str = "en") -> str:
        """The board as text with Rich markup, as ``player`` may see it."""
        return json.dumps(self.observe(state, player), indent=1, ensure_ascii=False)

    def details(self, state: Any, player: int | None, lang: str = "en") -> str | None:
        """The board with all that :meth:`view` folds to fit a screen (every card's whole
        text), as ``player`` may see it, shown when a person asks; None: nothing folded."""
        return None

    def help(self, lang: str = "en", mode: str | None = None) -> str:
        """Rules summary and the decisions tavolo took where the rulebook is silent; with a
        ``mode`` (as a config holds it), a game may keep to that mode's rules."""
        return ""
