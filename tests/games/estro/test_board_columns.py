"""The 1v1 board fits a terminal of 80 columns: a long line goes on indented, in words."""

from __future__ import annotations

from itertools import takewhile

import pytest

from tavolo.engine.i18n import shown

from .support import GAME, position

LANGS = ("en", "it")


def lines_of(text: str) -> list[str]:
    return text.split("\n")


@pytest.mark.parametrize(
    ("lang", "mark", "used", "gift"),
    [("en", "gift used", "used", "gift"), ("it", "dono usato", "usato", "dono")],
)
def test_a_field_card_whose_gift_was_used_fits_80_columns(
    lang: str, mark: str, used: str, gift: str
) -> None:
    """'#1 Gearmind Colossus Granito ATK 12 ... TOT 62 gift used' ran to 84 columns. On
    the screen a field card is one line, its gift folded to a mark ('gift', 'used'); the
    whole board (``cards`` at the prompt) puts the mark under the stats, in line with the
    gift. A Once gift used is spent: its text is left out, a Passive one's stays."""
    s = position({"field": [{"id": "gearmind_colossus", "spent": True}]}, {"field": ["ozok"]})
    lines = lines_of(GAME.view(s, 0, lang))
    at = next(i for i, x in enumerate(lines) if "Gearmind Colossus" in x)
    assert all(shown(x) <= 80 for x in lines), lines
    assert lines[at].endswith(f"TOT [bold]62[/] [dim]{used}[/]")
    assert not lines[at + 1].startswith("       ")
    whole = GAME.details(s, 0, lang)
    assert whole is not None
    lines = lines_of(whole)
    at = next(i for i, x in enumerate(lines) if "Gearmind Colossus" in x)
    assert all(shown(x) <= 80 for x in lines[at:]), lines[at:]
    assert lines[at].endswith("TOT [bold]62[/]")
    assert lines[at + 1] == f"       [dim]{mark}[/]"
    assert not lines[at + 2].startswith("       ")  # (the next card, the hand...)
    fresh = position({"field": ["gearmind_colossus"]}, {"field": ["ozok"]})
    lines = lines_of(GAME.view(fresh, 0, lang))
    at = next(i for i, x in enumerate(lines) if "Gearmind Colossus" in x)
    assert lines[at].endswith(f"TOT [bold]62[/] [dim]{gift}[/]")
    whole = GAME.details(fresh, 0, lang)
    assert whole is not None
    lines = lines_of(whole)
    at = next(i for i, x in enumerate(lines) if "Gearmind Colossus" in x)
    assert lines[at + 1].startswith("       [dim]") and lines[at + 2].startswith("         [dim]")


def longest(lang: str, empty: bool) -> str:
    from tavolo.games.estro.text import render_card

    cards = [c for c in GAME.collection.cards if (c.gift is None) == empty]
    return max(cards, key=lambda c: len(render_card(c, lang))).id


@pytest.mark.parametrize(("lang", "words"), [("en", "Empty card"), ("it", "Carta vuota")])
def test_hand_cards_go_on_indented_and_keep_empty_card_whole(lang: str, words: str) -> None:
    """A hand card longer than 80 columns broke at column 0, 'Carta' / 'vuota' on two
    lines; it now reads 'Name · Estro 1/2/3/4/5 · TOT 15 · text' (the hand's title names
    the stats), going on at column 6, 'Carta vuota' whole."""
    hand = [longest(lang, True), longest(lang, False)]
    s = position({"field": ["ozok"], "hand": hand}, {"field": ["zhee"]})
    lines = lines_of(GAME.view(s, 0, lang))
    title = next(i for i, x in enumerate(lines) if x.strip().startswith(("Hand", "Mano")))
    assert "ATK/DEF/HEL/DEX/MAP" in lines[title]
    cards: list[list[str]] = []
    for x in lines[title + 1 :]:
        if not x.startswith("    "):
            break
        assert shown(x) <= 80, x
        if x.startswith("      "):
            cards[-1].append(x.strip())
        else:
            cards.append([x.strip()])
    assert len(cards) == 2, cards
    for c, card in zip(cards, hand, strict=True):
        info = GAME.collection.card(card)
        stats = "/".join(map(str, info.stats.as_tuple()))
        assert c[0].startswith(f"{info.name} · {info.estro.capitalize()} {stats} · TOT "), c
    assert f" {words}" in " ".join(cards[0]) and " ".join(cards[0]).endswith(words)
    assert len(cards[1]) >= 2  # the longest gift goes on under its start


def test_every_board_line_fits_80_columns_broken_between_parts() -> None:
    """Italian 'Giocatore 2 (avversario) · mano 5 · mazzo 20 · Inceneritore 0 · azione
    di zona: disponibile' took 91 columns, an Incinerator of many cards more: the
    terminal broke them at column 0, inside a name. They break between parts now."""
    burnt = ["gearmind_colossus", "basalt_behemoth", "smoke_harlequin", "nocturne_lynx"]
    burnt += ["glimmer_asp", "sprout_healer", "siege_larva"]
    s = position({"field": ["ozok"], "incinerator": burnt}, {"field": ["zhee"]})
    for lang in LANGS:
        lines = lines_of(GAME.view(s, 1, lang))
        assert all(shown(x) <= 80 for x in lines), [x for x in lines if shown(x) > 80]
        text = "\n".join(lines)
        zone = "zone action: available" if lang == "en" else "azione di zona: disponibile"
        assert f"\n  {zone}" in text or f"· {zone}" in text
        burnt_at = next(
            i for i, x in enumerate(lines) if "Inceneritore:" in x or "Incinerator:" in x
        )
        rows = [lines[burnt_at]]
        rows += takewhile(lambda x: x.startswith("      "), lines[burnt_at + 1 :])
        names = [n.strip() for n in " ".join(rows).split(":", 1)[1].split(",")]
        assert names == [GAME.info[c].name for c in burnt]


def test_a_navi_guardian_line_breaks_before_its_mark() -> None:
    """Navi's board broke 'Gearmind Colossus (Granito) ... · TOT 64 · gift' / 'silenced':
    its lines now break at their ' · ' parts first, so the mark stays whole."""
    from .test_navi import fleet
    from .test_navi import position as navi_position

    s = navi_position({"field": ["ozok"]}, fleet(s0=["gearmind_colossus"]))
    s.players[1].inhibited = s.players[1].inhibited | {"gearmind_colossus"}
    for lang, mark in (("en", "gift silenced"), ("it", "dono zittito")):
        lines = lines_of(GAME.view(s, 0, lang))
        at = next(i for i, x in enumerate(lines) if "Gearmind Colossus (Granito)" in x)
        assert lines[at].endswith("TOT 64 ·") and lines[at + 1] == f"      {mark}", lines[at:]


def test_the_bastione_lanes_say_what_their_numbers_are() -> None:
    """'Lane 1  zone 4: H:Stamp Automaton(75)' gave a bare number; the heading now says
    what the numbers are, and still fits 80 columns."""
    s = GAME.new(GAME.make_config(2, "ultimo_bastione"), 3)
    for lang, said in (("en", "stats ATK/DEF/HEL/DEX/MAP:"), ("it", "ATK/DEF/HEL/DEX/MAP:")):
        lines = lines_of(GAME.view(s, 0, lang))
        assert any(x.endswith(said) for x in lines), lines
        assert all(shown(x) <= 80 for x in lines), [x for x in lines if shown(x) > 80]


def test_a_bastione_gift_goes_on_further_in_than_it_starts() -> None:
    """A lane card's gift went on at the column it started at, its second line reading
    as another text; it goes on 2 columns further in, as on the 1v1 board (the whole
    board, ``cards`` at the prompt: the screen folds a lane card's gift to a mark)."""
    s = GAME.new(GAME.make_config(3, "ultimo_bastione"), 6)
    whole = GAME.details(s, 0, "it")
    assert whole is not None
    lines = lines_of(whole)
    at = next(i for i, x in enumerate(lines) if "Ivy Doula (Armonio" in x)
    assert lines[at + 1].startswith("      [dim]1V — ")
    assert lines[at + 2].startswith("        [dim]") and lines[at + 3].startswith("        [dim]")


def test_an_inferno_seat_line_breaks_between_its_parts() -> None:
    """'Giocatore 2 (B1) · mano 5 · ... · azione di zona:' / 'disponibile' broke a part
    in two; the line now breaks at its ' · ' parts, each whole."""
    s = GAME.new(GAME.make_config(4, "inferno"), 6)
    lines = lines_of(GAME.view(s, 0, "it"))
    seats = [i for i, x in enumerate(lines) if x.startswith("  Giocatore ")]
    assert len(seats) == 4
    for i in seats:
        assert lines[i].endswith(" ·") and lines[i + 1].strip() == "azione di zona: disponibile"
    assert all(shown(x) <= 80 for x in lines)


def test_a_field_of_ten_cards_keeps_its_columns() -> None:
    """'#9 Ozok       Ardo' over '#10 Orrugg       Ardo': a tenth card (Inferno's shared
    field, a long 1v1 game) pushed its name, estro and stats one column right of the
    others; the slot numbers now take the same width."""
    cards = [c for c in GAME.info if "+" not in c][:10]
    s = position({"field": cards}, {"field": ["orrugg"]})
    lines = [x for x in GAME.view(s, 0, "en").split("\n") if x.startswith("  #")]
    mine = lines[1:] if len(lines) == 11 else lines[:10]
    assert len(mine) == 10
    at = {x.index(" ATK ") for x in mine if " ATK " in x}
    assert len(at) == 1, mine
    assert mine[0].startswith("  #1  ") and mine[9].startswith("  #10 ")
