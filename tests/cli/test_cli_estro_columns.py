"""What ``tavolo play estro`` prints fits 80 columns, as a person reads it."""

from __future__ import annotations

import re

import pytest

from . import invoke

WIDE = {"COLUMNS": "300"}  # the terminal breaks nothing: each line as it was printed
RULE = re.compile(r"^─+ .* ─+$")


def long_lines(text: str) -> list[str]:
    return [x for x in text.splitlines() if len(x.rstrip()) > 80 and not RULE.match(x)]


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_hand_over_prompt_fits_80_columns(lang: str) -> None:
    """Italian said 'Passa lo schermo a Giocatore 1: premi Invio quando lo vede solo lui
    o lei (q: esci).' in 85 columns: a terminal broke it at column 0."""
    args = ["--lang", lang, "play", "estro", "--seats", "human,human", "--seed", "1"]
    r = invoke(args, input="1\n\n" * 3 + "q\n", env=WIDE)
    assert r.exit_code == 0, r.output
    said = "Pass the screen to" if lang == "en" else "Passa lo schermo a"
    prompts = [x for x in r.stdout.splitlines() if said in x]
    assert len(prompts) >= 2
    for x in prompts:
        assert len(x[: x.index("). ") + 3].rstrip()) <= 80, x  # the typed answer follows
