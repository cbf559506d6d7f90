"""TOS's companion tools for the command line (``tavolo tos hero``)."""

from __future__ import annotations

from tavolo.engine import ConfigError
from tavolo.engine.i18n import check_lang
from tavolo.engine.tools import ToolResult

from . import generator, text


def hero(
    date: str | None = None,
    seed: int | None = None,
    class_: str | None = None,
    lang: str = "en",
) -> ToolResult:
    """The day's hero (UTC date, default today) or a seed's, card by card: both halves."""
    check_lang(lang)
    if date is not None and seed is not None:
        raise ConfigError("give --date or --seed, not both")
    if seed is not None:
        h = generator.generate(seed, class_)
    else:
        day = generator.parse_day(date) if date is not None else generator.today_utc()
        h = generator.daily(day, class_)
    return ToolResult(h.model_dump(mode="json", by_alias=True), text.render_hero(h, lang))


TOOLS = {"hero": hero}
