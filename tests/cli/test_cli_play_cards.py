"""``cards`` (``carte``) at the prompt of ``tavolo play``: the board with what its view
folds to fit the screen. Estro's crowded boards put a field card on one line, its gift's
text folded to a mark ('gift', 'dono'), and the hand's gifts where the screen has no room
for them: the text is not lost, it is a word away, and the prompt says which word."""

from __future__ import annotations

import random

import pytest

from tavolo.cli import play
from tavolo.engine import registry
from tavolo.engine.i18n import shown
from tavolo.games.estro import text

from .screens import PROMPT, played


def flat(lines: list[str]) -> str:
    """Lines as one text, each broken line joined again (a gift goes on under itself)."""
    return " ".join(" ".join(lines).split())


@pytest.mark.parametrize(
    ("mode", "seats", "lang", "word", "mark"),
    [
        ("zona_conquista", "human,random", "en", "cards", "gift"),
        ("zona_conquista", "human,random", "it", "carte", "dono"),
        ("ultimo_bastione", "human,random", "en", "cards", "gift"),
        ("inferno", "human,random,random,random", "it", "carte", "dono"),
        ("navi", "human", "en", "cards", "gift"),
    ],
)
def test_cards_at_the_prompt_shows_the_gift_texts_the_screen_folds(
    mode: str, seats: str, lang: str, word: str, mark: str
) -> None:
    """Late in a seeded game, at a screen whose field cards show only their mark, the
    word at the prompt prints every gift text of the person's own face-up field cards
    and hand, then the prompt again, and the game goes on at the same choice."""
    rng = random.Random(1)
    asked = 0
    wanted: list[str] = []

    def answer(table: play.Table) -> str:
        nonlocal asked
        asked += 1
        d = table.game.decision(table.state)
        if d is None or asked > 30:
            return "q\n"
        if asked == 20:  # the word, then (the prompt asked again) a number
            wanted.extend(own_gifts(table, d.player, lang))
            return f"{word}\n"
        return f"{rng.randrange(len(d.actions)) + 1}\n"

    lines = played("estro", ["--mode", mode], seats, 1, lang, answer)
    at = next(i for i, x in enumerate(lines) if PROMPT.match(x) and x.endswith(f": {word}"))
    again = next(i for i in range(at + 1, len(lines)) if PROMPT.match(lines[i]))
    start = max(i for i in range(at) if lines[i].startswith("─"))
    screen, told = flat(lines[start:at]), flat(lines[at + 1 : again])
    assert f" {mark}" in screen  # a folded gift's mark on the screen
    assert wanted
    for said in wanted:
        assert flat([said]) in told, (said, told)
    assert any(flat([said]) not in screen for said in wanted)  # (folded on the screen)
    assert all(shown(x) <= 80 for x in lines[at + 1 : again])
    assert word in lines[at].split("(")[1]  # the prompt names the word


def own_gifts(table: play.Table, seat: int, lang: str) -> list[str]:
    """The gift texts of the face-up field cards and the hand of ``seat`` (its side)."""
    game, s = table.game, table.state
    info = game.info  # type: ignore[attr-defined]
    mode = s.mode.split("+")[0]
    if mode == "ultimo_bastione":
        cards = list(s.hands[seat])
    elif mode == "inferno":
        cards = list(s.seat_of(seat).hand)
    else:
        pl = s.players[0 if mode == "navi" else seat]
        cards = [c for c in pl.field if c not in pl.down] + list(pl.hand)
    said = []
    for c in cards:
        gift = info[c].gift
        if gift is not None and c not in getattr(s.players[0], "spent", ()):
            said.append(text.render_gift(gift.source, lang))
    return said


@pytest.mark.parametrize(("lang", "words"), [("en", "cards: "), ("it", "carte: ")])
def test_the_prompt_names_the_word_only_where_the_board_folds(lang: str, words: str) -> None:
    """Estro's prompt says the word ('cards: cards in full'); a game whose board folds
    nothing (Travelers of Stampadia; Platformer's folds the shop's texts at a seat, which
    'cards' shows) keeps its prompt, and the word there says so."""
    estro = registry.get("estro")
    s = estro.new(estro.configure(2, *estro.play_args(None, {}, [])), 1)
    assert estro.details(s, 0, lang) is not None
    prompt = play.CATALOG.t(lang, "play.prompt_cards", n=9)
    assert words in prompt and shown(prompt) + 2 <= 80
    tos = registry.get("tos")
    p = tos.new(tos.configure(1, *tos.play_args(None, {}, [])), 1)
    assert tos.details(p, 0, lang) is None
