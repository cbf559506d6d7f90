"""The player's profile: what persists between games, such as pencil marks on a set, and
the games left unfinished (``$TAVOLO_HOME/unfinished/``, one replay file each).

The marks live in one JSON file, ``$TAVOLO_HOME/profile.json`` (default ``~/.tavolo``); a file
that cannot be read is reported in one line and never overwritten, so no marks are lost.
"""

from __future__ import annotations

import json
import os
from datetime import datetime
from pathlib import Path
from typing import Any

from tavolo.engine import SystemReason, TavoloError
from tavolo.i18n import CATALOG

HOME_ENV = "TAVOLO_HOME"


def path() -> Path:
    return Path(os.environ.get(HOME_ENV) or Path.home() / ".tavolo") / "profile.json"


def unfinished_folder() -> Path:
    """Where games left unfinished without ``--save`` are kept (``tavolo resume`` lists it)."""
    return path().parent / "unfinished"


def unfinished(game: str) -> Path:
    """A new file in :func:`unfinished_folder` for a game of ``game``: a new one each time,
    so that no earlier game is overwritten."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    folder = unfinished_folder()
    found = folder / f"{game}-{stamp}.json"
    n = 1
    while found.exists():
        n += 1
        found = folder / f"{game}-{stamp}-{n}.json"
    return found


def load() -> dict[str, Any]:
    p = path()
    if not p.exists():
        return {}
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        reason = SystemReason.of(e) if isinstance(e, OSError) else e
        raise TavoloError.said(CATALOG, "profile.unreadable", path=str(p), reason=reason) from None
    if not isinstance(data, dict):
        raise TavoloError.said(CATALOG, "profile.shape", path=str(p))
    if not isinstance(data.get("marks", {}), dict):  # (a list: every game would fail on it)
        raise TavoloError.said(CATALOG, "profile.marks_shape", path=str(p))
    return data


def marks(key: str) -> dict[str, Any] | None:
    found = load().get("marks", {}).get(key)
    return found if isinstance(found, dict) else None


def save_marks(key: str, value: dict[str, Any]) -> None:
    data = load()
    data.setdefault("marks", {})[key] = value
    p = path()
    tmp = p.with_suffix(".tmp")
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        os.replace(tmp, p)  # the old file stays whole until the new one is written
    except OSError as e:
        reason = SystemReason.of(e)
        raise TavoloError.said(CATALOG, "profile.unwritable", path=str(p), reason=reason) from None
