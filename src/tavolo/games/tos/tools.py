"""TOS's companion tools for the command line (``tavolo tos hero``)."""

from __future__ import annotations

from pathlib import Path

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


def manual(
    template: Path,
    config: Path | None = None,
    out: Path = Path("manual.html"),
    lang: str = "en",
) -> ToolResult:
    """Render a manual template (placeholders JSON, {TEXT}, body) to -o FILE.html or FILE.pdf.

    --config: a YAML or JSON file of config-* values (title, version, homepageUrl, ...).
    Unknown and unused placeholders are reported, not dropped.
    """
    from .manual.tool import run

    return run(template, config, out, lang)


TOOLS = {"hero": hero, "manual": manual}
