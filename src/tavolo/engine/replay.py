"""Replays and saves: ``{tavolo version, game, rules version, config, seed, actions}``.

A replay recorded under another RULES_VERSION is replayed if every action is still
legal, and refused with a message naming the first action that no longer applies;
it never silently diverges.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import __version__
from . import registry
from .errors import IllegalAction, ReplayError, TavoloError, engine_messages
from .files import read_data, write_json
from .game import Action, Config, Event, Game, State

FORMAT = "tavolo-replay"


@dataclass
class Replay:
    game: str
    rules_version: str
    config: dict[str, Any]
    seed: int
    actions: list[Action] = field(default_factory=list)
    tavolo: str = __version__
    meta: dict[str, Any] = field(default_factory=dict)
    source: str = field(default="replay", compare=False)  # its file, for the errors

    @classmethod
    def start(cls, game: Game, config: Config, seed: int, **meta: Any) -> Replay:
        return cls(game.name, game.RULES_VERSION, config.to_json(), seed, [], __version__, meta)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "tavolo": self.tavolo,
            "game": self.game,
            "rules_version": self.rules_version,
            "config": self.config,
            "seed": self.seed,
            "actions": list(self.actions),
            "meta": self.meta,
        }

    def save(self, path: str | Path) -> None:
        write_json(path, self.to_json())

    @classmethod
    def from_json(cls, data: Any, source: str = "replay") -> Replay:
        if not isinstance(data, Mapping) or data.get("format") != FORMAT:
            raise ReplayError.said(engine_messages(), "replay.format", source=source, format=FORMAT)
        for key, typ in (
            ("game", str),
            ("rules_version", str),
            ("seed", int),
            ("actions", list),
            ("config", dict),
        ):
            value = data.get(key)
            if not isinstance(value, typ) or isinstance(value, bool):  # (true is an int)
                raise ReplayError.said(
                    engine_messages(), "replay.field", source=source, key=key, kind=typ.__name__
                )
        if not isinstance(data.get("meta", {}), Mapping):
            raise ReplayError.said(engine_messages(), "replay.meta", source=source)
        if not all(isinstance(a, str) for a in data["actions"]):
            raise ReplayError.said(engine_messages(), "replay.actions", source=source)
        return cls(
            data["game"],
            data["rules_version"],
            dict(data["config"]),
            data["seed"],
            list(data["actions"]),
            str(data.get("tavolo", "?")),
            dict(data.get("meta", {})),
            source,
        )

    @classmethod
    def load(cls, path: str | Path) -> Replay:
        return cls.from_json(read_data(path, ReplayError), str(path))

    def play(self, upto: int | None = None) -> tuple[Game, State, list[list[Event]]]:
        """Replay the actions; return the game, the final state and each action's events."""
        try:
            game = registry.get(self.game)
            config = game.config_from_json(self.config)
        except TavoloError as e:
            raise ReplayError.said(
                engine_messages(), "replay.config", source=self.source, problem=e
            ) from None
        state = game.new(config, self.seed)
        log: list[list[Event]] = []
        actions: Sequence[Action] = self.actions if upto is None else self.actions[:upto]
        for i, action in enumerate(actions):
            try:
                log.append(game.apply(state, action))
            except IllegalAction as e:
                if self.rules_version != game.RULES_VERSION:
                    raise ReplayError.said(
                        engine_messages(),
                        "replay.rules",
                        source=self.source,
                        game=self.game,
                        old=self.rules_version,
                        new=game.RULES_VERSION,
                        n=i + 1,
                        action=action,
                    ) from None
                raise ReplayError.said(
                    engine_messages(), "replay.action", source=self.source, n=i + 1, problem=e
                ) from None
        return game, state, log
