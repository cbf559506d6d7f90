"""TOS's companion tools for the command line (``tavolo tos hero``)."""

from __future__ import annotations

from pathlib import Path

from tavolo.engine import ConfigError
from tavolo.engine.i18n import check_lang
from tavolo.engine.tools import ToolResult

from . import generator, text
from .schema import Hero


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


def print_set(
    date: str | None = None,
    seed: int | None = None,
    class_: str | None = None,
    mode: str = "default",
    out: Path = Path("tos.pdf"),
    lang: str = "en",
) -> ToolResult:
    """Print-and-play PDF (A4, 3 x 3 cards of 64 x 89 mm) of the day's hero, or a seed's.

    --mode: default, doublesided or doublesidedcross. Adventures are not generated yet, so
    the PDF holds the hero page only (8 hero cards and the status card).
    """
    from .printing import print_to

    return print_to(_hero(date, seed, class_, lang), lang, mode, out)


def _hero(date: str | None, seed: int | None, class_: str | None, lang: str) -> Hero:
    check_lang(lang)
    if date is not None and seed is not None:
        raise ConfigError("give --date or --seed, not both")
    if seed is not None:
        return generator.generate(seed, class_)
    day = generator.parse_day(date) if date is not None else generator.today_utc()
    return generator.daily(day, class_)


def dungeon(seed: int | None = None, date: str | None = None, lang: str = "en") -> ToolResult:
    """A dungeon adventure in words: the map (for debugging) and the 3 index cards.

    Without --seed, the day's dungeon (UTC date, default today): its seed is
    derive_seed(<the day's hero seed>, "dungeon"), so each day has one hero and one dungeon.
    """
    from tavolo.engine.rng import derive_seed

    from .dungeon.adventure import generate_adventure
    from .dungeon.text import render_dungeon

    check_lang(lang)
    if date is not None and seed is not None:
        raise ConfigError("give --date or --seed, not both")
    if seed is None:
        day = generator.parse_day(date) if date is not None else generator.today_utc()
        seed = derive_seed(generator.seed_for(day), "dungeon")
    adventure = generate_adventure(seed)
    return ToolResult(adventure.to_json(), render_dungeon(adventure, lang))


TOOLS = {"hero": hero, "manual": manual, "print": print_set, "dungeon": dungeon}
