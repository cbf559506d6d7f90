"""The dungeon's six symbol glyphs and the three trigger icons, as vector paths.

A room's symbol is a glyph *and* its orientation (tos-facts 7.4): the same glyph turned a
quarter is another symbol. So every glyph here has a clear top and no rotational symmetry:
a rising sun on its horizon, a crescent moon open to the right, a star with one point up,
an eye with lashes on top, a skull with its jaw below, a crown with its spikes up. Turn
``k`` draws the glyph turned ``k`` quarters counter-clockwise, which is how it looks on a
card lying in orientation ``k`` (A = 0 ... D = 3).

Shapes are drawn in a unit box (-1..1 both ways, y up) scaled to the size asked for.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from reportlab.lib import colors

Canvas = Any
INK = colors.HexColor("#1d1d1d")
GLYPHS = 6
TRIGGERS = ("immediate", "walk_on", "choice")

Point = tuple[float, float]


def polygon(c: Canvas, pts: Sequence[Point], *, fill: bool = True, stroke: bool = False) -> None:
    p = c.beginPath()
    p.moveTo(*pts[0])
    for q in pts[1:]:
        p.lineTo(*q)
    p.close()
    c.drawPath(p, fill=int(fill), stroke=int(stroke))


def arc_points(cx: float, cy: float, r: float, a0: float, a1: float, n: int = 24) -> list[Point]:
    """Points on a circle from angle a0 to a1 (degrees)."""
    return [
        (
            cx + r * math.cos(math.radians(a0 + (a1 - a0) * i / n)),
            cy + r * math.sin(math.radians(a0 + (a1 - a0) * i / n)),
        )
        for i in range(n + 1)
    ]


def _sun(c: Canvas) -> None:
    c.rect(-0.95, -0.62, 1.9, 0.16, stroke=0, fill=1)  # the horizon
    polygon(c, arc_points(0, -0.4, 0.5, 0, 180))
    c.setLineWidth(0.14)
    c.setLineCap(1)
    for a in (15, 52, 90, 128, 165):
        r = math.radians(a)
        c.line(
            0.66 * math.cos(r),
            -0.4 + 0.66 * math.sin(r),
            0.95 * math.cos(r),
            -0.4 + 0.95 * math.sin(r),
        )


def _moon(c: Canvas) -> None:
    outer = arc_points(0, 0, 0.9, 55, 305)
    inner = arc_points(0.42, 0, 0.72, 262, 98, 30)  # back along the inner edge
    polygon(c, outer + inner)


def _star(c: Canvas) -> None:
    pts = []
    for i in range(10):
        r = 0.95 if i % 2 == 0 else 0.4
        a = math.pi / 2 + i * math.pi / 5
        pts.append((r * math.cos(a), -0.08 + r * math.sin(a)))
    polygon(c, pts)


def _eye(c: Canvas, bg: Any) -> None:
    upper = arc_points(0, -0.55, 1.05, 148, 32)
    lower = arc_points(0, 0.55, 1.05, -32, -148)
    polygon(c, upper + lower)
    c.setFillColor(bg)
    c.circle(0, 0, 0.34, stroke=0, fill=1)
    c.setFillColor(INK)
    c.circle(0, 0, 0.18, stroke=0, fill=1)
    c.setLineWidth(0.12)
    c.setLineCap(1)
    for x in (-0.45, 0.0, 0.45):  # lashes on top only
        c.line(x, 0.5, x * 1.3, 0.85)


def _skull(c: Canvas, bg: Any) -> None:
    polygon(c, [*arc_points(0, 0.12, 0.78, -20, 200), (-0.45, -0.35), (0.45, -0.35)])
    c.rect(-0.42, -0.85, 0.84, 0.55, stroke=0, fill=1)  # the jaw
    c.setFillColor(bg)
    c.circle(-0.3, 0.1, 0.2, stroke=0, fill=1)
    c.circle(0.3, 0.1, 0.2, stroke=0, fill=1)
    polygon(c, [(0, -0.08), (-0.1, -0.26), (0.1, -0.26)])
    for x in (-0.21, 0.0, 0.21):  # gaps between the teeth
        c.rect(x - 0.035, -0.85, 0.07, 0.32, stroke=0, fill=1)


def _crown(c: Canvas) -> None:
    pts = [(-0.9, -0.7), (0.9, -0.7), (0.9, 0.55), (0.45, 0.0), (0.0, 0.85), (-0.45, 0.0)]
    polygon(c, [*pts, (-0.9, 0.55)])
    for x, y in ((-0.9, 0.6), (0.0, 0.9), (0.9, 0.6)):
        c.circle(x, y, 0.13, stroke=0, fill=1)


def glyph(
    c: Canvas, number: int, cx: float, cy: float, size: float, turn: int = 0, bg: Any = None
) -> None:
    """Glyph ``number`` (0 sun, 1 moon, 2 star, 3 eye, 4 skull, 5 crown) in a ``size``
    box centred on (cx, cy), turned ``turn`` quarters counter-clockwise; ``bg`` is the
    colour under it (for the holes)."""
    if not 0 <= number < GLYPHS:
        raise ValueError(f"glyph {number} is not 0..5")
    bg = colors.white if bg is None else bg
    shapes: list[Callable[[], None]] = [
        lambda: _sun(c),
        lambda: _moon(c),
        lambda: _star(c),
        lambda: _eye(c, bg),
        lambda: _skull(c, bg),
        lambda: _crown(c),
    ]
    c.saveState()
    c.translate(cx, cy)
    c.rotate(90 * (turn % 4))
    c.scale(size / 2, size / 2)
    c.setFillColor(INK)
    c.setStrokeColor(INK)
    shapes[number]()
    c.restoreState()


def trigger_icon(c: Canvas, trigger: str, cx: float, cy: float, size: float) -> None:
    """The trigger of an index entry: ``immediate`` (a burst: it happens on entering),
    ``walk_on`` (a footprint: on stepping on the symbol), ``choice`` (a signpost fork:
    if the player wants)."""
    c.saveState()
    c.translate(cx, cy)
    c.scale(size / 2, size / 2)
    c.setFillColor(INK)
    c.setStrokeColor(INK)
    if trigger == "immediate":
        pts = []
        for i in range(16):
            r = 1.0 if i % 2 == 0 else 0.55
            a = math.pi / 2 + i * math.pi / 8
            pts.append((r * math.cos(a), r * math.sin(a)))
        polygon(c, pts)
        c.setFillColor(colors.white)
        c.rect(-0.09, -0.05, 0.18, 0.5, stroke=0, fill=1)
        c.circle(0, -0.28, 0.1, stroke=0, fill=1)
    elif trigger == "walk_on":
        c.ellipse(-0.42, -0.95, 0.3, 0.45, stroke=0, fill=1)
        for x, y, r in ((-0.42, 0.63, 0.17), (-0.05, 0.72, 0.13), (0.25, 0.62, 0.11)):
            c.circle(x, y, r, stroke=0, fill=1)
        c.circle(0.45, 0.45, 0.09, stroke=0, fill=1)
    elif trigger == "choice":
        c.setLineWidth(0.22)
        c.setLineCap(1)
        c.line(0, -0.95, 0, 0.05)
        c.line(0, 0.05, -0.6, 0.75)
        c.line(0, 0.05, 0.6, 0.75)
        polygon(c, [(-0.85, 0.95), (-0.35, 0.9), (-0.8, 0.45)])
        polygon(c, [(0.85, 0.95), (0.35, 0.9), (0.8, 0.45)])
    else:
        c.restoreState()
        raise ValueError(f"trigger {trigger!r} is not one of {TRIGGERS}")
    c.restoreState()


STATS = ("level", "attack", "defense")


def stat_icon(c: Canvas, stat: str, cx: float, cy: float, size: float) -> None:
    """An enemy stat: ``level`` (a chevron badge), ``attack`` (a sword), ``defense`` (a
    shield)."""
    c.saveState()
    c.translate(cx, cy)
    c.scale(size / 2, size / 2)
    c.setFillColor(INK)
    c.setStrokeColor(INK)
    if stat == "level":
        polygon(c, [(-0.9, -0.2), (0, 0.7), (0.9, -0.2), (0.9, -0.75), (0, 0.15), (-0.9, -0.75)])
        polygon(c, [(-0.5, 0.55), (0, 1.0), (0.5, 0.55), (0, 0.75)])
    elif stat == "attack":
        c.rotate(-35)
        polygon(c, [(-0.2, -0.3), (0.2, -0.3), (0.2, 0.7), (0, 1.05), (-0.2, 0.7)])
        c.rect(-0.55, -0.46, 1.1, 0.2, stroke=0, fill=1)
        c.rect(-0.1, -0.9, 0.2, 0.46, stroke=0, fill=1)
        c.circle(0, -0.95, 0.14, stroke=0, fill=1)
    elif stat == "defense":
        shield = [(-0.8, 0.85), (0.8, 0.85), (0.8, 0.1), (0.55, -0.45), (0, -0.95)]
        polygon(c, [*shield, (-0.55, -0.45), (-0.8, 0.1)])
    else:
        c.restoreState()
        raise ValueError(f"stat {stat!r} is not one of {STATS}")
    c.restoreState()


# ------------------------------------------------------------------ card text symbols --
CARD_SYMBOLS = {"★": "star", "▶": "banner", "☐": "box"}
"""The symbols card text writes, none of them in the text font (Vera): a star sphere, a
banner tip, a pencil box. They are drawn as paths in the room a glyph would take."""
SYMBOL_ADVANCE = {"star": 0.896, "banner": 0.838, "box": 0.896}
"""Each symbol's advance in em: what the line gives it, as a font's glyph would have
(DejaVu Sans' ★, ➤ and ❏, which set them before)."""
STAR_R = 0.403
"""The star's outer radius in em: its points from the baseline to 0.72 em, a little
above the capitals, with its centre 0.448 em in from the left."""


def _star_points(cx: float, cy: float, r: float, inner: float = 0.382) -> list[Point]:
    """A five-pointed star, one point up (the inner radius 0.382 r: a regular one)."""
    return [
        (
            cx + (r if i % 2 == 0 else r * inner) * math.cos(math.pi / 2 + i * math.pi / 5),
            cy + (r if i % 2 == 0 else r * inner) * math.sin(math.pi / 2 + i * math.pi / 5),
        )
        for i in range(10)
    ]


def _subpath(path: Any, pts: Sequence[Point]) -> None:
    """A closed subpath of ``path`` through ``pts``."""
    path.moveTo(*pts[0])
    for q in pts[1:]:
        path.lineTo(*q)
    path.close()


def card_symbol(c: Canvas, name: str, x: float, baseline: float, size: float) -> None:
    """Symbol ``name`` (star, banner, box) as a glyph of a ``size`` pt font would stand:
    its advance starts at ``x`` on ``baseline``. Filled in the canvas' fill colour.

    - star: a filled five-pointed star, one point up, from the baseline to 0.72 em;
    - banner: a right-pointing arrowhead with a notched back (the banner's tip), 0.64 em
      tall, centred 0.31 em above the baseline;
    - box: an open square with a shadow on its right and bottom, a box a pencil ticks.
    """
    if name not in SYMBOL_ADVANCE:
        raise ValueError(f"card symbol {name!r} is not one of {tuple(SYMBOL_ADVANCE)}")
    c.saveState()
    c.translate(x, baseline)
    c.scale(size, size)  # one unit is one em from here
    if name == "star":
        polygon(c, _star_points(0.448, 0.724 - STAR_R, STAR_R))
    elif name == "banner":
        mid = 0.3135
        polygon(c, [(0.112, -0.004), (0.789, mid), (0.112, 0.631), (0.282, mid)])
    else:
        p = c.beginPath()
        # the frame and its shadow as one outline, clockwise ...
        outline = [
            (0.060, 0.729),
            (0.787, 0.729),
            (0.787, 0.680),
            (0.836, 0.680),
            (0.836, -0.049),
            (0.108, -0.049),
            (0.108, 0.001),
            (0.060, 0.001),
        ]
        _subpath(p, outline)
        # ... and the open inside counter-clockwise, so it stays empty (non-zero winding)
        _subpath(p, [(0.100, 0.041), (0.747, 0.041), (0.747, 0.689), (0.100, 0.689)])
        c.drawPath(p, fill=1, stroke=0)
    c.restoreState()
