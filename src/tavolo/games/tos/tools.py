"""TOS's companion tools for the command line (``tavolo tos hero``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

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
        raise ConfigError.said(text.MSG, "error.date_or_seed")
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
    adventure: str | None = None,
    mode: str = "default",
    out: Path | None = None,
    lang: str = "en",
) -> ToolResult:
    """Print-and-play PDF (A4, 3 x 3 cards of 64 x 89 mm): hero and adventure.

    Page 1 is the hero, page 2 the adventure. The day's set (UTC date,
    default today) or a seed's: --seed S makes the hero from S and the
    adventure from derive_seed(S, type). --adventure world|dungeon overrides
    the type the day draws. --mode: default, doublesided (page 2 is the
    mirrored back: no cut lines, no codes) or doublesidedcross (the same,
    with crop marks on page 1). -o defaults to <serial>-<lang>.pdf.
    """
    from .printing import check_mode, print_to
    from .printing.sets import choose

    check_lang(lang)
    check_mode(mode)
    chosen = choose(date, seed, class_, adventure)
    target = out if out is not None else Path(f"{chosen.hero.serial}-{lang}.pdf")
    return print_to(chosen.hero, lang, mode, target, chosen.adventure)


def _hero(date: str | None, seed: int | None, class_: str | None, lang: str) -> Hero:
    check_lang(lang)
    if date is not None and seed is not None:
        raise ConfigError.said(text.MSG, "error.date_or_seed")
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
        raise ConfigError.said(text.MSG, "error.date_or_seed")
    if seed is None:
        day = generator.parse_day(date) if date is not None else generator.today_utc()
        seed = derive_seed(generator.seed_for(day), "dungeon")
    adventure = generate_adventure(seed)
    return ToolResult(adventure.to_json(), render_dungeon(adventure, lang))


def world(seed: int | None = None, date: str | None = None, lang: str = "en") -> ToolResult:
    """A world adventure in words: the 9 cards of the 3 x 3 grid, both halves of each.

    Without --seed, the day's world adventure (UTC date, default today): its seed is
    daily.adventure_seed(day, "world"), derived from the same daily seed as the day's hero.
    """
    from .daily import adventure_seed
    from .world.generate import generate_world
    from .world.text import render_world

    check_lang(lang)
    if date is not None and seed is not None:
        raise ConfigError.said(text.MSG, "error.date_or_seed")
    if seed is None:
        day = generator.parse_day(date) if date is not None else generator.today_utc()
        seed = adventure_seed(day, "world")
    adventure = generate_world(seed)
    return ToolResult(adventure.to_json(), render_world(adventure, lang))


def daily_set(date: str | None = None, class_: str | None = None, lang: str = "en") -> ToolResult:
    """The day's set (UTC date, default today): its hero card by card and its adventure,
    world or dungeon as the date draws it. Play it with: tavolo play tos --date D."""
    from . import daily
    from .view import UI

    check_lang(lang)
    day = generator.parse_day(date) if date is not None else generator.today_utc()
    h = generator.daily(day, class_)
    kind = daily.adventure_type(day)
    seed = daily.adventure_seed(day, kind)
    if kind == "world":
        from .world.generate import generate_world
        from .world.text import render_world

        adv: Any = generate_world(seed)
        adv_text = render_world(adv, lang)
    else:
        from .dungeon.adventure import generate_adventure
        from .dungeon.text import render_dungeon

        adv = generate_adventure(seed)
        adv_text = render_dungeon(adv, lang)
    title = UI.t(
        lang,
        "daily.title",
        serial=h.serial,
        date=day.isoformat(),
        klass=text.class_name(h.klass, lang),
        kind=UI.t(lang, f"adv.kind.{kind}"),
    )
    play = UI.t(lang, "daily.play", date=day.isoformat())
    body = "\n\n".join((title, text.render_hero(h, lang), adv_text, play))
    data = {
        "serial": h.serial,
        "date": day.isoformat(),
        "class": h.klass,
        "adventure": kind,
        "hero": h.model_dump(mode="json", by_alias=True),
        kind: adv.to_json(),
    }
    return ToolResult(data, body)


TOOLS = {
    "hero": hero,
    "manual": manual,
    "print": print_set,
    "dungeon": dungeon,
    "world": world,
    "daily": daily_set,
}
