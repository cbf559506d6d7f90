"""The 1v1 board fits a terminal of 80 columns: a long line goes on indented, in words."""

from __future__ import annotations

import pytest

from tavolo.engine.i18n import shown

from .support import GAME, position

LANGS = ("en", "it")


def lines_of(text: str) -> list[str]:
    return text.split("\n")


@pytest.mark.parametrize(("lang", "mark"), [("en", "gift used"), ("it", "dono usato")])
def test_a_field_card_whose_gift_was_used_fits_80_columns(lang: str, mark: str) -> None:
    """'#1 Gearmind Colossus Granito ATK 12 ... TOT 62 gift used' ran to 84 columns; the
    mark now goes on under the stats, in line with the gift, and the gift text too."""
    s = position({"field": [{"id": "gearmind_colossus", "spent": True}]}, {"field": ["ozok"]})
    lines = lines_of(GAME.view(s, 0, lang))
    at = next(i for i, x in enumerate(lines) if "Gearmind Colossus" in x)
    assert all(shown(x) <= 80 for x in lines[at:]), lines[at:]
    assert lines[at].endswith("TOT [bold]62[/]")
    assert lines[at + 1] == f"       [dim]{mark}[/]"
    assert lines[at + 2].startswith("       [dim]") and lines[at + 3].startswith("         [dim]")
