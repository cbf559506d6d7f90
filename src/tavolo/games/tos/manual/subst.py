"""Placeholder substitution: three passes over a line, with modifiers and reports.

Text is carried between passes as a plain string in which bold runs, symbols and images
are marked with private-use characters; :func:`inlines` turns the result into nodes.
A ``{symbol id}`` becomes a marker that still holds a ``{uuid}``, so values nest as in
the original: a term holds a ``{symbol ...}`` (pass 2) that holds a ``{uuid}`` (pass 3).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from .model import Image, Inline, Symbol, Text

PASSES = 3

BOLD_ON, BOLD_OFF = "\ue000", "\ue001"
SYM, IMG, SEP, END = "\ue002", "\ue003", "\ue004", "\ue005"
MARKERS = BOLD_ON + BOLD_OFF + SYM + IMG + SEP + END

#: Built-ins that stand for document structure; they only work on their own line.
STRUCTURE = frozenset(
    {
        "boxOpen",
        "boxClose",
        "boxOpenNotes",
        "boxCloseNotes",
        "listStart",
        "listEnd",
        "listItemStart",
        "listItemEnd",
        "listItemNext",
        "listSubStart",
        "listSubEnd",
        "pageBreakStart",
        "pageBreakEnd",
    }
)
CENTER = frozenset({"centerOpen", "centerClose"})
MODIFIERS = ("capital", "format")

PLACEHOLDER = re.compile(r"\{([^{}\n]+)\}")
BOLD = re.compile(r"\*\*(.+?)\*\*")
_NODE = re.compile(
    f"{BOLD_ON}|{BOLD_OFF}|{SYM}([^{MARKERS}]*){SEP}([^{MARKERS}]*){END}"
    f"|{IMG}([^{MARKERS}]*){SEP}([^{MARKERS}]*){END}"
)


def clean(text: str) -> str:
    """``text`` without the marker characters (so input cannot forge markers)."""
    return text.translate({ord(c): None for c in MARKERS})


def bold(text: str) -> str:
    """The inline formatting: ``**x**`` becomes a bold run."""
    return BOLD.sub(lambda m: BOLD_ON + m.group(1) + BOLD_OFF, text)


@dataclass(frozen=True)
class Warning_:
    """One reported problem: kind, placeholder or detail, and file line (0: none)."""

    kind: str
    name: str
    line: int

    def as_dict(self) -> dict[str, str | int]:
        return {"kind": self.kind, "name": self.name, "line": self.line}


@dataclass
class Substituter:
    """Replaces placeholders in lines; remembers what it could not replace and what it used."""

    placeholders: Mapping[str, str]
    config: Mapping[str, str]
    warnings: list[Warning_] = field(default_factory=list)
    used: set[str] = field(default_factory=set)
    _next_uid: int = 0
    _seen: set[tuple[str, str, int]] = field(default_factory=set)

    def warn(self, kind: str, name: str, line: int) -> None:
        key = (kind, name, line)
        if key not in self._seen:
            self._seen.add(key)
            self.warnings.append(Warning_(kind, name, line))

    def uid(self) -> str:
        self._next_uid += 1
        return f"u{self._next_uid}"

    def line(self, raw: str, lineno: int) -> str:
        """``raw`` (a template line's text) formatted, then substituted in three passes."""
        text = bold(clean(raw))
        for _ in range(PASSES):
            text = PLACEHOLDER.sub(lambda m: self._one(m, lineno), text)
        for m in PLACEHOLDER.finditer(text):  # values nested deeper than the passes reach
            if self._resolvable(m.group(1)):
                self.warn("too-deep", m.group(0), lineno)
        return text

    def _resolvable(self, inner: str) -> bool:
        head, _, arg = inner.partition(" ")
        name, _, mod = inner.partition(":")
        if mod and mod not in MODIFIERS:
            return False
        return (
            inner == "uuid"
            or (head in ("symbol", "image") and bool(arg.strip()))
            or bool(self.placeholders.get(name))
            or bool(self.config.get(name))
        )

    def _one(self, m: re.Match[str], lineno: int) -> str:
        whole, inner = m.group(0), m.group(1)
        if inner == "uuid":
            return self.uid()
        head, _, arg = inner.partition(" ")
        if head in ("symbol", "image") and arg.strip():
            mark = SYM if head == "symbol" else IMG
            return f"{mark}{arg.strip()}{SEP}{{uuid}}{END}"
        if inner in CENTER:
            return ""
        if inner in STRUCTURE:
            self.warn("structure-in-text", whole, lineno)
            return whole
        name, _, mod = inner.partition(":")
        if mod and mod not in MODIFIERS:
            self.warn("unknown-modifier", whole, lineno)
            return whole
        if name in self.placeholders:
            self.used.add(name)
            value = self.placeholders[name]
        elif name in self.config:
            value = self.config[name]
        else:
            self.warn("unknown", whole, lineno)
            return whole
        if not value:
            self.warn("empty", whole, lineno)
            return whole
        value = clean(value)
        if mod == "capital":
            value = value[:1].upper() + value[1:]
        elif mod == "format":
            value = bold(value)
        return value

    def unused(self) -> list[str]:
        """Placeholders of the template that no line used, in template order."""
        return [name for name in self.placeholders if name not in self.used]


def inlines(text: str) -> list[Inline]:
    """Nodes of a substituted text: bold and plain runs, symbols and images."""
    out: list[Inline] = []
    is_bold = False
    pos = 0

    def flush(upto: int) -> None:
        if upto > pos:
            piece = text[pos:upto]
            if out and isinstance(out[-1], Text) and out[-1].bold == is_bold:
                out[-1] = Text(out[-1].text + piece, is_bold)
            else:
                out.append(Text(piece, is_bold))

    for m in _NODE.finditer(text):
        flush(m.start())
        token = m.group(0)
        if token == BOLD_ON:
            is_bold = True
        elif token == BOLD_OFF:
            is_bold = False
        elif token.startswith(SYM):
            out.append(Symbol(m.group(1), m.group(2), is_bold))
        else:
            out.append(Image(m.group(3), m.group(4)))
        pos = m.end()
    flush(len(text))
    return [clean_node(n) for n in out]


def clean_node(node: Inline) -> Inline:
    """A node with stray markers (from unbalanced input) removed."""
    if isinstance(node, Text):
        return Text(clean(node.text), node.bold)
    return node
