"""The manual as a small document: blocks (headings, paragraphs, boxes, lists, page
breaks) holding inline runs (text, bold text, symbols, images)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal


@dataclass(frozen=True)
class Text:
    text: str
    bold: bool = False


@dataclass(frozen=True)
class Symbol:
    """An inline icon frame: ``{symbol id}``; ``uid`` is its running unique id."""

    id: str
    uid: str
    bold: bool = False


@dataclass(frozen=True)
class Image:
    """A figure frame: ``{image name}``."""

    name: str
    uid: str


Inline = Text | Symbol | Image
Style = Literal["normal", "center", "notes"]


@dataclass
class Heading:
    level: int
    inlines: list[Inline]
    line: int = 0


@dataclass
class Paragraph:
    inlines: list[Inline]
    style: Style = "normal"
    line: int = 0

    @property
    def empty(self) -> bool:
        return not self.inlines or all(isinstance(i, Text) and not i.text for i in self.inlines)

    @property
    def image_only(self) -> bool:
        shown = [i for i in self.inlines if not (isinstance(i, Text) and not i.text.strip())]
        return len(shown) == 1 and isinstance(shown[0], Image)


@dataclass
class PageBreak:
    """A page break that starts with a heading (``{pageBreakStart}...{pageBreakEnd}``)."""

    inlines: list[Inline]
    line: int = 0


@dataclass
class Box:
    notes: bool = False
    blocks: list[Block] = field(default_factory=list)
    line: int = 0


@dataclass
class ListItem:
    blocks: list[Block] = field(default_factory=list)
    line: int = 0


@dataclass
class BulletList:
    items: list[ListItem] = field(default_factory=list)
    line: int = 0


Block = Heading | Paragraph | PageBreak | Box | BulletList


@dataclass
class Document:
    blocks: list[Block] = field(default_factory=list)
    lang: str = "en"
    title: str = ""


def plain(inlines: list[Inline]) -> str:
    """The text of ``inlines`` with symbols and images left out."""
    return "".join(i.text for i in inlines if isinstance(i, Text))


def walk(blocks: list[Block]) -> list[Block]:
    """Every block, depth first (boxes and list items are opened)."""
    out: list[Block] = []
    for b in blocks:
        out.append(b)
        if isinstance(b, Box):
            out.extend(walk(b.blocks))
        elif isinstance(b, BulletList):
            for item in b.items:
                out.extend(walk(item.blocks))
    return out
