"""Message catalogs: everything a user reads exists in English and Italian.

A catalog is a flat mapping of keys to ``str.format`` templates, one YAML file per
language in a folder (``en.yaml``, ``it.yaml``). The engine and each game keep their
own folder; a key missing in a language falls back to English, then to the key
itself, and the tests check that both languages have the same keys. A count picks
its word with a ``one|many`` spec: ``"draw {n} {n:card|cards}"`` gives "draw 1 card"
and "draw 2 cards", where "card(s)" would not read as a person writes; the words may
hold the count too: ``"{n:the top card|the top {n} cards}"``.
"""

from __future__ import annotations

import string
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .errors import TavoloError, UnknownName
from .files import read_data

LANGS = ("en", "it")
SCREEN = 80  # columns a terminal has at least: a view's lines fit in them


def fit(line: str, indent: int, width: int = SCREEN) -> list[str]:
    """``line`` broken between words into lines of at most ``width`` columns, the later
    ones indented by ``indent``: a terminal would otherwise break it anywhere."""
    return textwrap.wrap(
        line, width, subsequent_indent=" " * indent, break_long_words=False, break_on_hyphens=False
    ) or [line]


def check_lang(lang: str) -> str:
    if lang not in LANGS:
        raise UnknownName("language", lang, LANGS)
    return lang


class _Counting(string.Formatter):
    """``{n:one|many}``: the word for the count ``n`` (``many`` for a count that is not a
    number, such as a die to roll: "miss the next D6 turns"); other specs as ``format``."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if "|" in format_spec:
            one, _, many = format_spec.partition("|")
            return one if value == 1 or value == "1" else many
        return str(super().format_field(value, format_spec))


_COUNTING = _Counting()


# Italian writes 1.312,7 where English writes 1,312.7
_SEPARATORS = {"it": str.maketrans(",.", ".,")}


def number(lang: str, value: float, places: int = 0) -> str:
    """``value`` with ``places`` decimals and grouped thousands, as ``lang`` writes it."""
    text = f"{value:,.{places}f}"
    swap = _SEPARATORS.get(lang)
    return text.translate(swap) if swap else text


def fill(template: str, /, **kw: Any) -> str:
    """``template.format(**kw)``, with the ``{n:one|many}`` counts of the catalogs."""
    if "|" in template:
        return _COUNTING.vformat(template, (), kw)
    return template.format(**kw)


class Catalog:
    def __init__(self, folder: str | Path) -> None:
        self.folder = Path(folder)
        self.messages: dict[str, dict[str, str]] = {}
        for lang in LANGS:
            f = self.folder / f"{lang}.yaml"
            data = read_data(f, told=False) if f.exists() else {}
            if not isinstance(data or {}, dict):
                raise TavoloError(f"{f}: a message catalog maps keys to texts")
            self.messages[lang] = {str(k): str(v) for k, v in (data or {}).items()}

    def t(self, lang: str, key: str, /, **kw: Any) -> str:
        text = self.messages.get(lang, {}).get(key)
        if text is None:
            text = self.messages["en"].get(key, key)
        return fill(text, **kw) if kw else text

    def has(self, key: str) -> bool:
        return key in self.messages["en"]

    def join(self, lang: str, parts: Sequence[str], both: str, comma: str) -> str:
        """``a``, ``a and b``, ``a, b and c``: the last two joined by the template ``both``
        (keys ``a`` and ``b``), the others by ``comma``; empty for no parts."""
        if not parts:
            return ""
        text = parts[-1]
        if len(parts) > 1:
            text = self.t(lang, both, a=parts[-2], b=text)
            for p in reversed(parts[:-2]):
                text = self.t(lang, comma, a=p, b=text)
        return text
