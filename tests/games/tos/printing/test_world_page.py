"""World cards from a hand-made adventure: every line kind, the enemy strip, tick bars,
the black start square, and text that must shrink to fit."""

from __future__ import annotations

import io

import pypdfium2 as pdfium
from reportlab.pdfgen.canvas import Canvas

from tavolo.games.tos.adventure.actions import Heal
from tavolo.games.tos.printing import layout, world_page
from tavolo.games.tos.schema import Enemy, Modifier
from tavolo.games.tos.world.model import (
    Blank,
    Card,
    Fight,
    Half,
    Mapped,
    Remove,
    Reveal,
    Text,
    TickBar,
    Win,
    WorldAdventure,
)

from . import fake_world_words
from .support import pages

QUICK = Modifier(id="rapidity", stat="defense", delta=1, cards_at_least=4)
WOLF = Fight(enemy=Enemy(level=4, attack=7, defense=8, modifier=QUICK), bonus=(0, 1, -1))
TRAP = Fight(enemy=Enemy(level=0, attack=8, trap=True), open=("attack", "defense"))
BAR = TickBar(
    bar="theft",
    boxes=("", "a", "a", "b"),
    end="b",
    branches={"a": (Reveal(card=2),), "b": (Remove(),)},
)
LONG = tuple(Text(label=f"long.line{i}") for i in range(12))


def half(n: int, side: str, *lines: object) -> Half:
    return Half(id=f"{n}{side}", title="place.t", source="test", lines=lines)  # type: ignore[arg-type]


def fixture() -> WorldAdventure:
    cards = [
        Card(number=1, top=half(1, "A", Text(label="mission")), bottom=half(1, "B", Win())),
        Card(
            number=2,
            top=half(2, "A", Text(label="intro"), WOLF, Text(label="defeat"), Reveal(card=3)),
            bottom=half(2, "B", TRAP, Heal(place="in_hand"), Remove(may=True)),
        ),
        Card(number=3, top=half(3, "A", BAR), bottom=half(3, "B", *LONG)),
        Card(
            number=4,
            top=half(4, "A", Blank(conditions=(Mapped(half="5A"),)), *LONG[:6], WOLF, LONG[6]),
            bottom=half(4, "B", Text(label="quiet")),
        ),
    ]
    cards += [
        Card(number=n, top=half(n, "A", Text(label="a")), bottom=half(n, "B", Text(label="b")))
        for n in range(5, 10)
    ]
    return WorldAdventure(seed=1, attempts=1, main_quest="main_test", cards=tuple(cards))


def draw(adventure: WorldAdventure) -> tuple[bytes, list[world_page.Fit]]:
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(layout.PAGE_W, layout.PAGE_H))
    fits: list[world_page.Fit] = []
    for i in range(9):
        c.saveState()
        c.translate(*layout.origin(i))
        fits += world_page.world_card_at(c, adventure, i + 1, "en", fake_world_words)
        c.restoreState()
    c.showPage()
    c.save()
    return buf.getvalue(), fits


def test_every_box_fits_even_the_long_ones() -> None:
    _, fits = draw(fixture())
    assert all(f.fits for f in fits), [f for f in fits if not f.fits]
    by_place = {f.where: f for f in fits}
    assert {"2A enemy", "2A above", "2A below", "2B enemy", "2B below", "4A above"} <= set(by_place)
    assert by_place["4A above"].size < by_place["2A above"].size  # shrunk, not cut


def test_a_long_text_above_lowers_the_strip() -> None:
    short = world_page._build(fixture().card(2).top, [Text(label="x")], fake_world_words, "en")
    long = world_page._build(fixture().card(2).top, LONG[:6], fake_world_words, "en")
    centred = (layout.HALF_H - layout.ENEMY_STRIP) / 2
    assert world_page.strip_y(short, short) == centred
    assert world_page.strip_y(long, short) < centred
    assert world_page.strip_y(long, long) <= centred


def test_lines_go_above_and_below_the_strip() -> None:
    before, fight, after = world_page.split_fight(fixture().card(2).top.lines)
    assert before == [Text(label="intro")] and fight == WOLF and len(after) == 2
    assert world_page.split_fight((Win(),)) == ([Win()], None, [])


def test_tick_boxes_replace_the_written_ones() -> None:
    said = "Fill the leftmost free box: [ ][A][A][B] then B. Read it:"
    assert world_page._around_boxes(said, BAR) == [
        "Fill the leftmost free box:",
        BAR,
        "then B. Read it:",
    ]
    assert world_page._around_boxes("No boxes written.", BAR) == ["No boxes written.", BAR]


def test_the_strip_shows_stats_bonus_and_modifier() -> None:
    pdf, _ = draw(fixture())
    doc = pdfium.PdfDocument(pdf)
    text = " ".join(doc[0].get_textpage().get_text_range().split())
    doc.close()
    assert "+1" in text and "\u22121" in text  # card 2's bonus triplet
    assert "Quick" in text or "rapid" in text.lower()
    assert "\u2013" in text  # the trap's missing defense
    (page,) = pages(pdf)
    assert page  # it renders
