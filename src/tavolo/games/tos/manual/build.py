"""Line rules: a template's body lines become a :class:`~.model.Document`."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .model import Block, Box, BulletList, Document, Heading, ListItem, PageBreak, Paragraph, Style
from .subst import STRUCTURE, Substituter, inlines

STRUCTURAL_LINE = ("{box", "{list", "{pageBreak")
_TOKEN = re.compile(r"\{(" + "|".join(sorted(STRUCTURE, key=len, reverse=True)) + r")\}")
_MOJIBAKE = re.compile("Ã.|â€|Â[°«»·]")

Container = Document | Box | BulletList | ListItem


@dataclass
class Builder:
    sub: Substituter
    doc: Document = field(default_factory=Document)
    stack: list[Container] = field(default_factory=list)
    center: bool = False
    _page_break: list[str] | None = None

    def __post_init__(self) -> None:
        self.stack = [self.doc]

    # --- containers -------------------------------------------------------------------

    @property
    def top(self) -> Container:
        return self.stack[-1]

    def add(self, block: Block, line: int) -> None:
        top = self.top
        if isinstance(top, BulletList):  # text between items: give it an item
            self.sub.warn("text-outside-item", "list", line)
            item = ListItem(line=line)
            top.items.append(item)
            self.stack.append(item)
            top = item
        if isinstance(top, Document | Box | ListItem):
            top.blocks.append(block)

    def style(self) -> Style:
        if any(isinstance(c, Box) and c.notes for c in self.stack):
            return "notes"
        return "center" if self.center else "normal"

    def open_list(self, line: int) -> None:
        lst = BulletList(line=line)
        self.add(lst, line)
        item = ListItem(line=line)
        lst.items.append(item)
        self.stack += [lst, item]

    def close_item(self, token: str, line: int) -> bool:
        if isinstance(self.top, ListItem):
            self.stack.pop()
            return True
        if not isinstance(self.top, BulletList):
            self.sub.warn("unmatched", token, line)
        return False

    def close_list(self, token: str, line: int) -> None:
        if not any(isinstance(c, BulletList) for c in self.stack):
            self.sub.warn("unmatched", token, line)
            return
        self.close_item(token, line)
        while not isinstance(self.top, BulletList):  # a box left open inside the list
            self.sub.warn("unclosed", "box", line)
            self.stack.pop()
        self.stack.pop()

    def structure(self, token: str, line: int) -> None:
        if token in ("boxOpen", "boxOpenNotes"):
            box = Box(notes=token == "boxOpenNotes", line=line)
            self.add(box, line)
            self.stack.append(box)
        elif token in ("boxClose", "boxCloseNotes"):
            if not any(isinstance(c, Box) for c in self.stack):
                self.sub.warn("unmatched", "{" + token + "}", line)
                return
            while not isinstance(self.top, Box):
                self.sub.warn("unclosed", "list", line)
                self.stack.pop()
            closed = self.stack.pop()
            if isinstance(closed, Box) and closed.notes != (token == "boxCloseNotes"):
                self.sub.warn("mismatched", "{" + token + "}", line)
        elif token == "listStart":
            self.open_list(line)
        elif token == "listSubStart":
            if isinstance(self.top, ListItem):
                self.open_list(line)
            elif isinstance(self.top, BulletList):
                item = ListItem(line=line)
                self.top.items.append(item)
                self.stack.append(item)
                self.open_list(line)
            else:
                self.sub.warn("unmatched", "{listSubStart}", line)
                self.open_list(line)
        elif token in ("listEnd", "listSubEnd"):
            self.close_list("{" + token + "}", line)
        elif token == "listItemEnd":
            self.close_item("{listItemEnd}", line)
        elif token in ("listItemStart", "listItemNext"):
            if token == "listItemNext":
                self.close_item("{listItemNext}", line)
            if isinstance(self.top, BulletList):
                item = ListItem(line=line)
                self.top.items.append(item)
                self.stack.append(item)
            else:
                self.sub.warn("unmatched", "{" + token + "}", line)
        elif token == "pageBreakStart":
            self._page_break = []
        elif token == "pageBreakEnd":
            if self._page_break is None:
                self.sub.warn("unmatched", "{pageBreakEnd}", line)
                return
            text = self.sub.line("".join(self._page_break).strip(), line)
            self._page_break = None
            self.add(PageBreak(inlines(text), line), line)

    # --- lines ------------------------------------------------------------------------

    def structural_line(self, s: str, line: int) -> None:
        pos = 0
        for m in _TOKEN.finditer(s):
            self.text_piece(s[pos : m.start()], line)
            self.structure(m.group(1), line)
            pos = m.end()
        self.text_piece(s[pos:], line)
        if self._page_break is not None:
            self.sub.warn("unmatched", "{pageBreakStart}", line)
            self.structure("pageBreakEnd", line)

    def text_piece(self, piece: str, line: int) -> None:
        if self._page_break is not None:
            self._page_break.append(piece)
        elif piece.strip():  # kept, as the original keeps trailing characters
            self.sub.warn("stray-text", piece.strip(), line)
            self.paragraph(piece.strip(), line)

    def paragraph(self, s: str, line: int) -> None:
        self.add(Paragraph(inlines(self.sub.line(s, line)), self.style(), line), line)

    def feed(self, lineno: int, raw: str, previous: str) -> None:
        s = raw.strip()
        bad = _MOJIBAKE.search(s)
        if bad:
            self.sub.warn("mojibake", bad.group(0), lineno)
        if s.startswith("#"):
            level = len(s) - len(s.lstrip("#"))
            text = self.sub.line(s[level:].strip(), lineno)
            self.add(Heading(min(level, 6), inlines(text), lineno), lineno)
        elif s.startswith("{center"):
            for m in re.finditer(r"\{center(Open|Close)\}", s):
                self.center = m.group(1) == "Open"
            rest = re.sub(r"\{center(Open|Close)\}", "", s).strip()
            if rest:
                self.sub.warn("ignored-text", rest, lineno)
        elif s.startswith(STRUCTURAL_LINE):
            self.structural_line(s, lineno)
        elif not s:
            if not previous.startswith("{image"):
                self.add(Paragraph([], self.style(), lineno), lineno)
        else:
            self.paragraph(s, lineno)

    def finish(self, last_line: int) -> Document:
        while len(self.stack) > 1:
            top = self.stack.pop()
            if not isinstance(top, ListItem):
                kind = "box" if isinstance(top, Box) else "list"
                self.sub.warn("unclosed", kind, last_line)
        return self.doc


def build(lines: list[tuple[int, str]], sub: Substituter) -> Document:
    """The document of a template body (lines numbered as in the file)."""
    b = Builder(sub)
    previous = ""
    for lineno, raw in lines:
        b.feed(lineno, raw, previous)
        previous = raw.strip()
    return b.finish(lines[-1][0] if lines else 0)
