"""TOS's companion tools for the command line (``tavolo tos hero``)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from tavolo.engine import ConfigError
from tavolo.engine.i18n import check_lang
from tavolo.engine.tools import ToolResult, helped

from . import generator, text
from .schema import Hero
from .text import fit_screen

MIN_WIDTH = 40


def terminal_width() -> int:
    """The terminal's width (``COLUMNS`` when set, 80 when the output is not a terminal):
    the command line prints a tool's text line by line as it is, so the tools fold their
    own prose."""
    return max(MIN_WIDTH, shutil.get_terminal_size((80, 24)).columns)


def fold(text: str, width: int) -> str:
    """Every line of ``text`` longer than ``width`` broken as the play screen breaks its
    lines (:func:`~.text.fit_screen`, the engine's ``hang``); shorter lines, the map's
    strips among them, stay as they are."""
    return "\n".join(row for line in text.splitlines() for row in fit_screen(line, width=width))


@helped(text.MSG, "tool_help.hero")
def hero(
    date: str | None = None,
    seed: int | None = None,
    class_: str | None = None,
    lang: str = "en",
) -> ToolResult:
    """The hero the day (or seed) makes, for a player printing or checking it; the help
    is in the catalog (``tool_help.hero``), as for every tool here."""
    h = _hero(date, seed, class_, lang)
    hero_text = fold(text.render_hero(h, lang), terminal_width())
    return ToolResult(h.model_dump(mode="json", by_alias=True), hero_text)


@helped(text.MSG, "tool_help.manual")
def manual(
    template: Path,
    config: Path | None = None,
    out: Path = Path("manual.html"),
    lang: str = "en",
) -> ToolResult:
    """The rulebook from its template; the work is in ``manual.tool``."""
    from .manual.tool import run

    return run(template, config, out, lang)


@helped(text.MSG, "tool_help.print")
def print_set(
    date: str | None = None,
    seed: int | None = None,
    class_: str | None = None,
    adventure: str | None = None,
    mode: str = "default",
    out: Path | None = None,
    lang: str = "en",
) -> ToolResult:
    """The day's (or a seed's) set as a 2-page PDF: with a seed S the adventure comes
    from ``derive_seed(S, type)``."""
    from .printing import check_mode, print_to
    from .printing.sets import choose

    check_lang(lang)
    check_mode(mode)
    if seed is not None:
        generator.check_seed(seed)
    chosen = choose(date, seed, generator.class_id(class_), adventure)
    target = out if out is not None else Path(f"{chosen.hero.serial}-{lang}.pdf")
    return print_to(chosen.hero, lang, mode, target, chosen.adventure)


def _hero(date: str | None, seed: int | None, class_: str | None, lang: str) -> Hero:
    """The hero of ``--date`` (default today) or ``--seed``; ``--class`` by id or by name."""
    check_lang(lang)
    if date is not None and seed is not None:
        raise ConfigError.said(text.MSG, "error.date_or_seed")
    class_ = generator.class_id(class_)
    if seed is not None:
        return generator.generate(generator.check_seed(seed), class_)
    day = generator.parse_day(date) if date is not None else generator.today_utc()
    return generator.daily(day, class_)


@helped(text.MSG, "tool_help.dungeon")
def dungeon(
    seed: int | None = None, date: str | None = None, map: bool = False, lang: str = "en"
) -> ToolResult:
    """A dungeon in words, for checking the generator; the day's has the seed
    ``derive_seed(<the day's hero seed>, "dungeon")``. The hidden map, which players
    discover room by room, shows only when asked for (``--map``), in strips that fit the
    terminal."""
    from tavolo.engine.rng import derive_seed

    from .dungeon.adventure import generate_adventure
    from .dungeon.text import render_dungeon

    check_lang(lang)
    if date is not None and seed is not None:
        raise ConfigError.said(text.MSG, "error.date_or_seed")
    if seed is not None:
        generator.check_seed(seed, "error.adventure_seed")
    else:
        day = generator.parse_day(date) if date is not None else generator.today_utc()
        seed = derive_seed(generator.seed_for(day), "dungeon")
    adventure = generate_adventure(seed)
    width = terminal_width()
    words = render_dungeon(adventure, lang, show_map=map, width=width)
    return ToolResult(adventure.to_json(), fold(words, width))


@helped(text.MSG, "tool_help.world")
def world(seed: int | None = None, date: str | None = None, lang: str = "en") -> ToolResult:
    """A world adventure in words, for checking the generator; the day's has the seed
    ``daily.adventure_seed(day, "world")``."""
    from .daily import adventure_seed
    from .world.generate import generate_world
    from .world.text import render_world

    check_lang(lang)
    if date is not None and seed is not None:
        raise ConfigError.said(text.MSG, "error.date_or_seed")
    if seed is not None:
        generator.check_seed(seed, "error.adventure_seed")
    else:
        day = generator.parse_day(date) if date is not None else generator.today_utc()
        seed = adventure_seed(day, "world")
    adventure = generate_world(seed)
    return ToolResult(adventure.to_json(), fold(render_world(adventure, lang), terminal_width()))


@helped(text.MSG, "tool_help.daily")
def daily_set(date: str | None = None, class_: str | None = None, lang: str = "en") -> ToolResult:
    """The whole of a day's set in words: what ``tavolo play tos --date D`` plays."""
    from . import daily
    from .view import UI

    check_lang(lang)
    day = generator.parse_day(date) if date is not None else generator.today_utc()
    h = generator.daily(day, generator.class_id(class_))
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
    body = fold("\n\n".join((title, text.render_hero(h, lang), adv_text, play)), terminal_width())
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
