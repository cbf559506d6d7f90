"""TOS adventures' shared parts: the card action vocabulary (tos-facts section 5).

- :mod:`.actions` -- every action as validated data, :data:`CardAction`, :func:`draw_action`;
- :mod:`.text` -- :func:`render_action`, the card sentence in English and Italian.
"""

from __future__ import annotations

from .actions import (
    ACTION_TYPES,
    DRAWS,
    KINDS,
    CardAction,
    action_from_json,
    action_to_json,
    draw_action,
    load_actions,
    parse_action,
    parse_actions,
)
from .text import render_action

__all__ = [
    "ACTION_TYPES",
    "DRAWS",
    "KINDS",
    "CardAction",
    "action_from_json",
    "action_to_json",
    "draw_action",
    "load_actions",
    "parse_action",
    "parse_actions",
    "render_action",
]
