"""The step stack: multi-step resolutions as plain data on the state.

A resolution in progress (a gift with sub-choices, a battle with response windows)
is a list of tuples ``(kind, *args)``; the top is the step being worked on. The
resolver calls each top step's handler until one waits for a decision. No
generators or closures live in the state, so it still clones and serialises.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .game import Event

Step = tuple[Any, ...]
Handler = Callable[[Any, Step, list[Event]], bool]
"""Handles the top step: pops or replaces it and pushes sub-steps as needed; returns
True when the (remaining) top step waits for a decision."""


def resolve(
    state: Any, stack: list[Step], handlers: Mapping[str, Handler], events: list[Event]
) -> bool:
    """Run steps until one waits for a decision (True) or the stack is empty (False)."""
    while stack:
        step = stack[-1]
        if handlers[step[0]](state, step, events):
            return True
    return False
