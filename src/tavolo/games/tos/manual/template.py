"""Reading a manual template: the placeholder JSON, the ``{TEXT}`` marker, the body."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from tavolo.engine import ConfigError
from tavolo.engine.files import read_text

from .words import MSG

MARKER = "{TEXT}"


# UTF-8 read as Windows-1252 and saved again: the English seed manual's "We're" has its
# apostrophe as three letters (a-circumflex, euro sign, trade mark) and "30 degrees" its
# sign as two (A-circumflex, degree). Such a run is a lead letter, two-byte (U+00C2-U+00DF)
# or the punctuation block's (U+00E2), followed by what the bytes 0x80-0xBF read as in
# Windows-1252; neither Italian nor English writes these pairs.
def _as_1252(b: int) -> str:
    try:
        return bytes([b]).decode("cp1252")
    except UnicodeDecodeError:  # (five bytes Windows-1252 leaves undefined read as Latin-1)
        return chr(b)


_BYTE = {_as_1252(b): b for b in range(0x80, 0x100)}
_CONT = re.escape("".join(_as_1252(b) for b in range(0x80, 0xC0)))
_MOJIBAKE = re.compile(f"[\u00c2-\u00df][{_CONT}]|\u00e2[{_CONT}]{{2}}")


def mended(text: str) -> str:
    """``text`` with its runs of doubly encoded UTF-8 decoded; a run that does not
    decode as UTF-8 once encoded back is kept as it is."""

    def mend(m: re.Match[str]) -> str:
        try:
            return bytes(_BYTE[ch] for ch in m[0]).decode("utf-8")
        except UnicodeDecodeError:
            return m[0]

    return _MOJIBAKE.sub(mend, text)


@dataclass(frozen=True)
class Template:
    """A parsed template: its placeholders and its body lines with their file line numbers."""

    path: Path
    placeholders: dict[str, str]
    lines: list[tuple[int, str]]


def parse_text(text: str, path: Path) -> Template:
    """Split ``text`` (a whole template) into placeholders and numbered body lines."""
    text = mended(text)
    at = text.find(MARKER)
    if at < 0:
        raise ConfigError.said(MSG, "error.marker", path=str(path), marker=MARKER)
    head, rest = text[:at], text[at + len(MARKER) :]
    first = text[: at + len(MARKER)].count("\n") + 1
    if rest.startswith("\r\n"):
        rest, first = rest[2:], first + 1
    elif rest.startswith("\n"):
        rest, first = rest[1:], first + 1
    placeholders = _placeholders(head, path)
    lines = [(first + i, line) for i, line in enumerate(rest.splitlines())]
    return Template(path, placeholders, lines)


def _placeholders(head: str, path: Path) -> dict[str, str]:
    if not head.strip():
        return {}
    try:
        data = json.loads(head)
    except json.JSONDecodeError as e:
        raise ConfigError.said(
            MSG, "error.head_json", path=str(path), line=e.lineno, marker=MARKER, problem=e.msg
        ) from None
    table = data.get("placeholders", {}) if isinstance(data, dict) else None
    if not isinstance(table, dict):
        raise ConfigError.said(MSG, "error.head", path=str(path))
    out: dict[str, str] = {}
    for name, value in table.items():
        if not isinstance(value, str):
            raise ConfigError.said(MSG, "error.placeholder", path=str(path), name=name)
        out[str(name)] = value
    return out


def read(path: Path) -> Template:
    """Read and parse a template file; one clear error line when that is impossible."""
    text = read_text(path, ConfigError, encoding="utf-8-sig")
    return parse_text(text, path)
