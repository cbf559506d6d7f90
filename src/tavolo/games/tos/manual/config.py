"""``config-*`` values: defaults, and a YAML or JSON file that overrides them."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from tavolo.engine import ConfigError
from tavolo.engine.files import read_data

from .words import MSG

PREFIX = "config-"


def defaults() -> dict[str, str]:
    """tavolo's values for the keys the manual uses (without the ``config-`` prefix)."""
    return {
        "title": "Travelers of Stampadia",
        "version": "0.1b",  # the rules version tavolo implements (manual 0.1b)
        "author": "tavolo",
        "startYear": "2022",
        "endYear": str(dt.date.today().year),
        "homepageUrl": "tavolo tos hero",
        "sourcesUrl": "the tavolo repository (README.md)",
        "learnUrl": "tavolo tos manual",
        "languageDefault": "en",
        "languagesList": "en, it",
        "settingsKey": "tavolo-tos",
    }


def _text(path: Path, key: str, value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str | int | float):
        return str(value)
    if isinstance(value, list) and all(
        isinstance(v, str | int | float) and not isinstance(v, bool) for v in value
    ):
        return ", ".join(str(v) for v in value)
    raise ConfigError.said(MSG, "error.config_value", path=str(path), key=key)


def load(path: Path | None) -> dict[str, str]:
    """``config-<key>`` → text: the defaults, overridden by ``path`` when given."""
    values = defaults()
    if path is not None:
        data = read_data(path, ConfigError)
        if data is None:
            data = {}
        if not isinstance(data, dict):
            raise ConfigError.said(MSG, "error.config", path=str(path))
        for key, value in data.items():
            name = str(key).removeprefix(PREFIX)
            values[name] = _text(path, name, value)
    return {PREFIX + k: v for k, v in values.items()}
