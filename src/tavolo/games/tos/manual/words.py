"""The manual tool's message catalog (``messages/``): its reports and its errors."""

from __future__ import annotations

from pathlib import Path

from tavolo.engine.i18n import Catalog

MSG = Catalog(Path(__file__).parent / "messages")
