"""DungeonQuest's message catalog, in a module of its own so that the content schemas
(``dice``, ``effects``, ``schema``, ``options``) can say their errors from it: ``text.py``,
the catalog's other user, imports those modules."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tavolo.engine.errors import SaidValue
from tavolo.engine.i18n import Catalog

MSG = Catalog(Path(__file__).parent / "messages")


def said(key: str, /, **params: Any) -> SaidValue:
    """A content problem in the game's words (key ``content.*``), told in the user's
    language when pydantic or a content error carries it to them."""
    return SaidValue(MSG, key, **params)
