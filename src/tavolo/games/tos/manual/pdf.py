"""An A4, two-column PDF of a manual document, drawn with reportlab.

Every font is embedded: the manual is set in Bitstream Vera (regular and bold, as the
printed cards are; reportlab ships it), so a printer or viewer sets it as drawn. The
PDF once named Times (body) and Helvetica (headings, labels) without embedding them.
Vera has no serif face, and the one serif reportlab ships is Monotype's Times New Roman
(all rights reserved, there for reportlab's tests): the body is Vera too, at 9 pt where
Times was at 10, Vera being wider and taller for its size.
"""

from __future__ import annotations

import io
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import cm
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    ListFlowable,
    ListItem,
    PageBreak,
    PageTemplate,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus import Paragraph as RLParagraph
from reportlab.platypus.doctemplate import LayoutError

from tavolo.engine import ConfigError

from ..printing import fonts
from .model import (
    Block,
    Box,
    BulletList,
    Document,
    Heading,
    Image,
    Inline,
    Paragraph,
    Symbol,
    Text,
)
from .model import PageBreak as DocPageBreak
from .words import MSG

MARGIN = 1.5 * cm
GAP = 0.6 * cm
COLUMN = (A4[0] - 2 * MARGIN - GAP) / 2
BOX = min(8.25 * cm, COLUMN)
FIGURE = (BOX, BOX * 4.288 / 8.25)

BODY = ParagraphStyle("body", fontName=fonts.BODY, fontSize=9, leading=12.5, alignment=4)
CENTER = ParagraphStyle("center", parent=BODY, alignment=1)
NOTES = ParagraphStyle("notes", parent=BODY, fontSize=7.5, leading=10)
HEADING = ParagraphStyle(
    "heading",
    fontName=fonts.TITLE,
    fontSize=13,
    leading=17,
    spaceBefore=8,
    spaceAfter=4,
    keepWithNext=1,
)
LABEL = ParagraphStyle("label", fontName=fonts.BODY, fontSize=7, leading=8, alignment=1)
STYLES = {"normal": BODY, "center": CENTER, "notes": NOTES}


class Figure(Flowable):  # type: ignore[misc]
    """A labelled frame in place of an image."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name
        self.width, self.height = FIGURE

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return self.width, self.height + 4

    def draw(self) -> None:
        c = self.canv
        c.setStrokeColor(colors.grey)
        c.setFillColor(colors.HexColor("#f2f2f2"))
        c.setDash(3, 2)
        c.rect(0, 2, self.width, self.height, fill=1)
        c.setFillColor(colors.black)
        c.setFont(fonts.BODY, 8)
        c.drawCentredString(self.width / 2, 2 + self.height / 2, f"image: {self.name}")


def markup(nodes: list[Inline]) -> str:
    """reportlab paragraph markup: escaped text, bold runs, symbols as small framed labels."""
    parts: list[str] = []
    for n in nodes:
        if isinstance(n, Text):
            text = escape(n.text)
            parts.append(f"<b>{text}</b>" if n.bold and text else text)
        elif isinstance(n, Symbol):
            label = escape(n.id.removeprefix("heroCard").removesuffix("SmallSymbol"))
            parts.append(f'<font name="{fonts.BODY}" size="6" backColor="#dddddd">[{label}]</font>')
        else:
            parts.append(
                f'<font name="{fonts.BODY}" size="7" backColor="#eeeeee">'
                f"[image: {escape(n.name)}]</font>"
            )
    return "".join(parts)


def flowables(blocks: list[Block], width: float) -> list[Any]:
    out: list[Any] = []
    for block in blocks:
        if isinstance(block, Heading):
            out.append(RLParagraph(markup(block.inlines), HEADING))
        elif isinstance(block, Paragraph):
            if block.empty:
                out.append(Spacer(1, 5))
            elif block.image_only:
                image = next(i for i in block.inlines if isinstance(i, Image))
                out.append(Figure(image.name))
            else:
                out.append(RLParagraph(markup(block.inlines), STYLES[block.style]))
        elif isinstance(block, DocPageBreak):
            out += [PageBreak(), RLParagraph(markup(block.inlines), HEADING)]
        elif isinstance(block, Box):
            inner = flowables(block.blocks, width - 12) or [Spacer(1, 1)]
            table = Table([[inner]], colWidths=[min(BOX, width)])
            style: list[tuple[Any, ...]] = [
                ("FONTNAME", (0, 0), (-1, -1), fonts.BODY),  # a cell sets it, text or not
                ("LEFTPADDING", (0, 0), (-1, -1), 6),
                ("RIGHTPADDING", (0, 0), (-1, -1), 6),
            ]
            if block.notes:
                style.append(("BOX", (0, 0), (-1, -1), 0.75, colors.black))
            else:
                style.append(("BACKGROUND", (0, 0), (-1, -1), colors.HexColor("#e3e3e3")))
            table.setStyle(TableStyle(style))
            out += [Spacer(1, 4), table, Spacer(1, 4)]
        elif isinstance(block, BulletList):
            out.append(bullet_list(block, width))
    return out


def bullet_list(block: BulletList, width: float, depth: int = 0) -> Any:
    items = []
    for item in block.items:
        content = flowables(item.blocks, width - 14) or [Spacer(1, 1)]
        items.append(ListItem(content if len(content) > 1 else content[0]))
    return ListFlowable(
        items,
        bulletType="bullet",
        start="•" if depth % 2 == 0 else "–",
        leftIndent=12,
        bulletFontName=fonts.BODY,
        bulletFontSize=8,
    )


def _page_number(canvas: Any, doc: Any) -> None:
    canvas.saveState()
    canvas.setFont(fonts.BODY, 8)
    canvas.drawCentredString(A4[0] / 2, MARGIN / 2, str(doc.page))
    canvas.restoreState()


def render_pdf(doc: Document) -> bytes:
    """The document as PDF bytes (A4, two columns, labelled frames for symbols and images)."""
    buf = io.BytesIO()
    height = A4[1] - 2 * MARGIN
    frames = [
        Frame(MARGIN, MARGIN, COLUMN, height, id="left", leftPadding=0, rightPadding=0),
        Frame(
            MARGIN + COLUMN + GAP, MARGIN, COLUMN, height, id="right", leftPadding=0, rightPadding=0
        ),
    ]
    template = BaseDocTemplate(
        buf,
        pagesize=A4,
        title=doc.title,
        lang=doc.lang,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN,
        initialFontName=fonts.BODY,  # else every page names Helvetica, never embedded
    )
    template.addPageTemplates([PageTemplate(id="two", frames=frames, onPage=_page_number)])
    story = flowables(doc.blocks, COLUMN)
    try:
        template.build(story or [Spacer(1, 1)])
    except LayoutError as e:  # e.g. a box taller than a column: say so in one line
        first = str(e).splitlines()[0] if str(e) else "layout failed"
        raise ConfigError.said(MSG, "error.layout", problem=first[:200]) from None
    return buf.getvalue()
