"""Every game tool's help is told from its game's catalog, in English and Italian: what
the tool does and what each parameter is."""

from __future__ import annotations

import inspect

import pytest

from tavolo.engine import tools as engine_tools
from tavolo.engine.i18n import LANGS
from tavolo.games.estro.tools import GIFT_WORDS, SORTS

from . import invoke

TOOLS = [
    (game, name, fn)
    for game, tools in sorted(engine_tools.tool_sets().items())
    for name, fn in sorted(tools.items())
]


@pytest.mark.parametrize(("game", "name", "fn"), TOOLS, ids=[f"{g}-{n}" for g, n, _ in TOOLS])
@pytest.mark.parametrize("lang", LANGS)
def test_every_tool_and_parameter_has_help(
    game: str, name: str, fn: engine_tools.Tool, lang: str
) -> None:
    told = engine_tools.tool_help(fn, lang)
    assert told.text and told.text != inspect.getdoc(fn), (game, name)
    wanted = {p for p in inspect.signature(fn).parameters if p != "lang"}
    assert set(told.params) == wanted, (game, name, wanted - set(told.params))
    assert all(text.strip() for text in told.params.values())
    arguments = {
        p.name
        for p in inspect.signature(fn).parameters.values()
        if p.default is p.empty or p.kind is p.POSITIONAL_ONLY
    }
    assert set(told.names) == arguments, (game, name)  # each argument named in words
    if lang != "en":
        english = engine_tools.tool_help(fn, "en")
        assert told.text != english.text
        assert all(told.params[p] != english.params[p] for p in wanted), (game, name)


@pytest.mark.parametrize("lang", LANGS)
def test_the_cards_help_lists_every_gift_word_and_sort(lang: str) -> None:
    from tavolo.games.estro.tools import cards

    told = engine_tools.tool_help(cards, lang).params
    for word in GIFT_WORDS:
        assert word in told["gift"], word
    for order in SORTS:
        assert order in told["sort"], order


def test_a_tools_help_page_is_italian() -> None:
    r = invoke(["--lang", "it", "estro", "cards", "--help"])
    assert r.exit_code == 0, r.output
    out = " ".join(r.stdout.split())
    assert "La collezione di carte: una carta per intero" in out
    assert "Solo le carte con almeno questo TOT." in out
    r = invoke(["--lang", "it", "tos", "--help"])
    out = " ".join(r.stdout.split())
    assert "PDF da stampare e giocare" in out and "L'eroe del giorno" in out
    r = invoke(["--lang", "it", "estro", "battle", "ozok"], help_lang="it")
    assert "manca l'argomento 'DIFENSORE'." in r.stderr
