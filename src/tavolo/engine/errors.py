"""Errors that reach users: each carries one line that names the problem.

Interfaces print ``str(error)`` and exit non-zero; no traceback is ever needed to
understand what went wrong.
"""

from __future__ import annotations

from collections.abc import Sequence


class TavoloError(Exception):
    """Base of every error caused by input rather than by a bug."""


class IllegalAction(TavoloError):
    """An action that is not among the current decision's legal actions.

    Raised before anything is changed, so the state is untouched.
    """

    def __init__(self, kind: str, action: str, legal: Sequence[str]) -> None:
        self.kind = kind
        self.action = action
        self.legal = tuple(legal)
        shown = ", ".join(self.legal[:40]) + (" ..." if len(self.legal) > 40 else "")
        super().__init__(
            f"illegal action {action!r} for decision {kind!r}; legal: {shown or '(none)'}"
        )


class GameOver(IllegalAction):
    """An action sent to a finished game."""

    def __init__(self, action: str) -> None:
        super().__init__("game over", action, ())


class UnknownName(TavoloError):
    """An unknown game, mode, agent, card or language."""

    def __init__(self, what: str, name: str, known: Sequence[str]) -> None:
        self.what = what
        self.name = name
        self.known = tuple(known)
        super().__init__(f"unknown {what} {name!r}; known: {', '.join(self.known) or '(none)'}")


class ConfigError(TavoloError):
    """Options that a game does not accept."""


class ContentError(TavoloError):
    """A content file that fails its schema; the message names file, entry and field."""


class ReplayError(TavoloError):
    """A replay or save that cannot be loaded or no longer applies."""


class ScenarioError(TavoloError):
    """A malformed scenario file or one whose expectations were not met."""


class ScriptError(TavoloError):
    """A scripted chance outcome that does not fit the call the game made."""
