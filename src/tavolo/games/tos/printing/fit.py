"""Text that must fit a box: shrink the font until the wrapped text is short enough.

Card text is wrapped by reportlab paragraphs at the box width; the box height decides the
font size. Every box drawn records a :class:`Fit` (what it needed, what it had), so tests
and the tool can check over many seeds that no card text ever overflows its card.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable

from .draw import CardParagraph, card_markup

Canvas = Any
SIZES = (6.5, 6.0, 5.5, 5.0, 4.75, 4.5, 4.25, 4.0, 3.75, 3.5, 3.25, 3.0)
"""Font sizes tried, largest first; 3 pt is the smallest still legible in print."""


@dataclass(frozen=True)
class Fit:
    """One text box as set: where it is, the font size chosen, the height the wrapped text
    needs and the height the box has (both in points)."""

    where: str
    size: float
    height: float
    room: float

    @property
    def fits(self) -> bool:
        return self.height <= self.room + 0.01


Build = Callable[[float], Sequence[Flowable]]
"""Makes a box's flowables at a font size."""


def text(line: str) -> str:
    """Plain card text as paragraph markup (escaped; the card symbols drawn as paths)."""
    return card_markup(line)


def para(
    markup: str, font: str, size: float, *, leading_em: float = 1.15, **style: Any
) -> CardParagraph:
    """A paragraph of ``markup`` at ``size`` (leading ``leading_em``, 1.15 em unless said)."""
    ps = ParagraphStyle("t", fontName=font, fontSize=size, leading=size * leading_em, **style)
    return CardParagraph(markup, ps)


def paragraphs(lines: Sequence[str], font: str, **style: Any) -> Build:
    """A build of one paragraph per line of markup (see :func:`text`)."""

    def build(size: float) -> list[Flowable]:
        return [para(line, font, size, **style) for line in lines]

    return build


def measure(flows: Sequence[Flowable], width: float, gap: float) -> float:
    """The height of ``flows`` stacked at ``width`` with ``gap`` between them."""
    heights = [float(f.wrap(width, 100000)[1]) for f in flows]
    return sum(heights) + gap * max(0, len(heights) - 1)


def set_box(
    build: Build,
    width: float,
    room: float,
    where: str,
    *,
    sizes: Sequence[float] = SIZES,
    gap_em: float = 0.3,
) -> tuple[Sequence[Flowable], Fit]:
    """The flowables at the largest size in ``sizes`` whose stack fits ``room``, or at
    the smallest size (then the fit says it does not fit)."""
    flows: Sequence[Flowable] = []
    height = 0.0
    size = sizes[0]
    for size in sizes:
        flows = build(size)
        height = measure(flows, width, size * gap_em)
        if height <= room:
            break
    return flows, Fit(where, size, height, room)


def draw_stack(
    c: Canvas, flows: Sequence[Flowable], x: float, y_top: float, width: float, gap: float
) -> float:
    """Draw ``flows`` one under the other from ``y_top``; returns the y below the last."""
    y = y_top
    for i, f in enumerate(flows):
        _, h = f.wrap(width, 100000)
        f.drawOn(c, x, y - h)
        y -= h + (gap if i < len(flows) - 1 else 0)
    return y


def fit_box(
    c: Canvas,
    build: Build,
    x: float,
    y_top: float,
    width: float,
    room: float,
    where: str,
    *,
    valign: str = "top",
    sizes: Sequence[float] = SIZES,
    gap_em: float = 0.3,
) -> Fit:
    """Set ``build`` in the box (x, y_top - room)-(x + width, y_top) and draw it, at the top
    or vertically centred (``valign="middle"``), ``gap_em`` between its paragraphs;
    returns the fit."""
    flows, fit = set_box(build, width, room, where, sizes=sizes, gap_em=gap_em)
    top = y_top - max(0.0, room - fit.height) / 2 if valign == "middle" else y_top
    draw_stack(c, flows, x, top, width, fit.size * gap_em)
    return fit
