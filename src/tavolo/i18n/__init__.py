"""tavolo's own messages (the ``tavolo`` command, later the web pages), in English and Italian.

Games keep their own catalogs next to their rules; this one holds only interface text.
Keys are flat and grouped by prefix (``play.*``, ``sim.*``, ``help.*``...); ``en.yaml``
and ``it.yaml`` must have the same keys and the same ``{placeholders}``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tavolo.engine.i18n import LANGS, Catalog

FOLDER = Path(__file__).parent
CATALOG = Catalog(FOLDER)

__all__ = ["CATALOG", "FOLDER", "LANGS", "t"]


def t(lang: str, key: str, /, **kw: Any) -> str:
    """The message ``key`` in ``lang`` (English, then the key itself, when missing)."""
    return CATALOG.t(lang, key, **kw)
