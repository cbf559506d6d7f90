"""Platformer's play screens fit an 80 x 40 terminal in games of other seeds than the
first (test_cli_screen_fits.py plays seed 1): every mode, both languages.

At seed 5 (standard+artifacts, 4 players) the buying screens took up to 47 rows in
Italian and 43 in English, at seed 9 (+artifacts+extended) 45, at seed 9 (2 players) 41:
13 options or so, every buy option with its card's text (two rows each in Italian).
Where board and options would not fit, the buy options now name the card and its price,
the options to use a card name it, then the artifacts go on one line: the texts are a
'cards' away at the prompt (Game.details)."""

from __future__ import annotations

import random
import re

import pytest

from tavolo.cli import play
from tavolo.engine import registry
from tavolo.engine.i18n import shown
from tavolo.games.platformer.game import BUY
from tavolo.games.platformer.text import render_priced

from .screens import PROMPT, RULE, assert_every_screen_fits, assert_fits, played

SEEDS = (5, 7, 9)
MODES = [
    ("solo", "human"),
    ("standard", "human,random"),
    ("standard", "human,random,random"),
    ("standard", "human,random,random,random"),
    ("standard+extended", "human,random,random,random"),
    ("standard+artifacts", "human,random,random,random"),
    ("standard+artifacts+extended", "human,random,random,random"),
]


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize(("mode", "seats"), MODES)
def test_every_platformer_screen_fits_at_other_seeds(mode: str, seats: str, lang: str) -> None:
    for seed in SEEDS:
        assert_every_screen_fits("platformer", mode, seats, seed, lang)


@pytest.mark.parametrize(("lang", "word"), [("en", "cards"), ("it", "carte")])
def test_a_crowded_buying_screen_names_the_cards_and_prices_and_cards_shows_the_texts(
    lang: str, word: str
) -> None:
    """At seed 5's first crowded buying screen (4 players, +artifacts: board and options
    with the cards' texts would run past 40 rows) each buy option names
    its card and price ('buy Spiked Gloves (3 coins)'), and the word at the prompt prints
    what each card of the shop does; the game goes on at the same choice."""
    game = registry.get("platformer")
    rng = random.Random(5)
    asked = 0
    texts: list[str] = []

    def answer(table: play.Table) -> str:
        nonlocal asked
        asked += 1
        d = table.game.decision(table.state)
        if d is None or asked > 100:
            return "q\n"
        s = table.state
        buys = [a for a in d.actions if a.startswith("buy:")]
        if not texts and len(buys) >= 5 and game.folds(s, d.player, lang) >= BUY:  # type: ignore[attr-defined]
            for x in s.shop_items + s.shop_potions:
                card = game.items.get(x) or game.potions[x]  # type: ignore[attr-defined]
                texts.append(" — ".join(render_priced(card, lang)))
            return f"{word}\n"
        return f"{rng.randrange(len(d.actions)) + 1}\n"

    lines = played(
        "platformer",
        ["--mode", "standard+artifacts"],
        "human,random,random,random",
        5,
        lang,
        answer,
    )
    at = next(i for i, x in enumerate(lines) if PROMPT.match(x) and x.endswith(f": {word}"))
    again = next(i for i in range(at + 1, len(lines)) if PROMPT.match(lines[i]))
    start = max(i for i in range(at) if RULE.match(lines[i]))
    screen, told = lines[start : at + 1], " ".join(" ".join(lines[at + 1 : again]).split())
    assert_fits(screen)
    buying = [x for x in screen if re.match(r" +\d+\. (buy|compra) ", x)]
    assert len(buying) >= 5
    coins = r"\(\d+ (coins?|Monet[ae])\)"
    assert all(re.search(rf" {coins}$", x) for x in buying), buying
    assert texts
    for said in texts:
        assert " ".join(said.split()) in told, (said, told)
    assert all(shown(x) <= 80 for x in lines[at + 1 : again])
    assert lines[again] == lines[at].removesuffix(word) + lines[again].split(": ")[-1]
