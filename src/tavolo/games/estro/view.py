"""Estro in words: the board, actions and events, in English and Italian."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from tavolo.engine import Event
from tavolo.engine.i18n import Catalog, check_lang

if TYPE_CHECKING:
    from .game import EstroGame
    from .state import EstroState

MSG = Catalog(Path(__file__).parent / "messages")


def describe_action(g: EstroGame, s: EstroState, action: str, lang: str) -> str:
    return action


def describe_event(g: EstroGame, e: Event, player: int | None, lang: str) -> str | None:
    seen = e.seen_by(player)
    return None if seen is None else f"{e.kind} {dict(seen)}"


def board(g: EstroGame, s: EstroState, player: int | None, lang: str) -> str:
    check_lang(lang)
    return str(g.observe(s, player))


def help_text(lang: str) -> str:
    check_lang(lang)
    return MSG.t(lang, "help")
