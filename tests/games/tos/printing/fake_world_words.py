"""World words for the page-layout tests: any label, printed as it is.

The layout tests build halves from labels that are not in the game's catalogs (and very
long lines) to push the page's wrapping and shrinking; this module renders every line kind
plainly so they can. The printed product always uses ``tavolo.games.tos.world.text``.
"""

from __future__ import annotations

from tavolo.games.tos.adventure.text import render_action
from tavolo.games.tos.world.model import (
    Blank,
    Fight,
    Half,
    Line,
    Mapped,
    Remove,
    Reveal,
    Text,
    TickBar,
    Win,
)


def _conditions(conds: tuple[Mapped, ...]) -> str:
    if not conds:
        return ""
    parts = [f"{c.half} {'is not' if c.negate else 'is'} mapped" for c in conds]
    return "If " + " and ".join(parts) + ": "


def render_line(line: Line, lang: str) -> str:
    """One line in words (English whatever ``lang``; Italian words only in the real one)."""
    may = "You may " if getattr(line, "may", False) else ""
    match line:
        case Text():
            return f"The story goes on here ({line.label}), a sentence of a usual length."
        case Fight():
            return f"Fight the enemy of level {line.enemy.level}."
        case Reveal():
            return f"{_conditions(line.conditions)}{may}reveal {line.card}B."
        case Remove():
            return f"{_conditions(line.conditions)}{may}remove this card."
        case Blank():
            return f"{_conditions(line.conditions)}this card is blank."
        case Win():
            return "You win the adventure!"
        case TickBar():
            branches = "; ".join(
                f"{v}: " + " ".join(render_line(x, lang) for x in lines)
                for v, lines in line.branches.items()
            )
            return f"If possible, fill the leftmost box. {branches}"
        case _:
            return render_action(line, lang)


def half_title(half: Half, lang: str) -> str:
    return half.title.replace("_", " ").replace(".", " ").title()


def render_half(half: Half, lang: str) -> list[str]:
    return [render_line(line, lang) for line in half.lines]
