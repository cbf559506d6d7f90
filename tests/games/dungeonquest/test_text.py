"""DungeonQuest text: every card, tile, counter and event renders in English and Italian."""

from __future__ import annotations

import re
import string
from typing import Any

import pytest

from tavolo.engine import ContentError, Event, registry
from tavolo.games.dungeonquest.board import E, Placed
from tavolo.games.dungeonquest.content import CARD_DECKS, default_content
from tavolo.games.dungeonquest.dice import parse_dice
from tavolo.games.dungeonquest.effects import VERBS, Effect, walk
from tavolo.games.dungeonquest.text import (
    EVENTS,
    MSG,
    dice_text,
    render_board,
    render_card,
    render_combat,
    render_effect,
    render_event,
    render_hero,
    render_item,
    render_legend,
    render_monster,
    render_monster_card,
    render_ring,
    render_sun,
    render_table,
    render_tile,
    render_treasure,
)

C = default_content()
LANGS = ("en", "it")
CARDS = [(d, c) for d in CARD_DECKS for c in C.cards[d]] + [("dragon", c) for c in C.dragon]


def clean(line: str) -> bool:
    leftover = "{" in line or "}" in line or re.search(r"\b(fx|card|tile|attr|event)\.[a-z]", line)
    return not leftover and "  " not in line.strip(" ") and line == line.rstrip()


def all_clean(lines: list[str]) -> None:
    for line in lines:
        assert clean(line), line


def fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f is not None}


def test_catalogs_match() -> None:
    en, it = MSG.messages["en"], MSG.messages["it"]
    assert set(en) == set(it)
    for key in en:
        assert fields(en[key]) == fields(it[key]), key


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("deck", "card"), CARDS, ids=[f"{d}.{c.id}" for d, c in CARDS])
def test_every_card_renders(deck: str, card: Any, lang: str) -> None:
    lines = render_card(card, deck, lang)
    assert len(lines) >= 2
    all_clean(lines)
    assert all(line.endswith(".") for line in lines[1:])


@pytest.mark.parametrize(("deck", "card"), CARDS, ids=[f"{d}.{c.id}" for d, c in CARDS])
def test_english_and_italian_differ(deck: str, card: Any) -> None:
    assert render_card(card, deck, "en")[1:] != render_card(card, deck, "it")[1:]


@pytest.mark.parametrize("lang", LANGS)
def test_everything_else_renders(lang: str) -> None:
    for mc in C.monster_cards:
        all_clean(render_monster_card(mc, lang))
    for m in C.monsters:
        all_clean(render_monster(m, lang))
    for h in C.heroes:
        all_clean(render_hero(h, lang))
    for r in C.rings:
        all_clean(render_ring(r, lang))
    for i in C.items:
        all_clean(render_item(i, lang))
    for t in C.tables:
        all_clean(render_table(t, lang))
    for name in C.combat.tables:
        all_clean(render_combat(name, lang))
    for gp in C.treasure_pool():
        assert clean(render_treasure(gp, lang))
    assert clean(render_sun(3, lang))


@pytest.mark.parametrize("lang", LANGS)
def test_every_tile_renders(lang: str) -> None:
    from tavolo.games.dungeonquest.options import Options

    for t in C.tiles(Options(catacombs_tiles=True)):
        lines = render_tile(t, lang)
        all_clean([lines[0], *lines[4:]])
        assert len(lines[1]) == len(lines[2]) == len(lines[3]) == 5
        all_clean(render_tile(t, lang, Placed(t, E))[4:])


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", sorted(EVENTS))
def test_every_event_renders(kind: str, lang: str) -> None:
    kw = {name: "x" for name in EVENTS[kind]}
    text = render_event(kind, lang, **kw)
    assert clean(text) and text.endswith((".", "!"))


VERB_SAMPLES: list[dict[str, Any]] = [
    {"lose_turns": "d6-3"},
    {"lose_turns": 1},
    {"gain_life": "d6"},
    {"keep": "rope", "optional": True},
    {"monster": "goblin", "sneak": True},
    {"monster_loses": "d6/2"},
    {"has": "potion", "otherwise": [{"nothing": True}]},
    {"test": "strength", "pass": [{"door_opens": True}]},
    *({"rotate_corridors": x} for x in ("left", "half", "right")),
    *({"cancel": x} for x in ("monster", "trap", "barrier")),
]


@pytest.mark.parametrize("lang", LANGS)
def test_every_verb_renders(lang: str) -> None:
    """Every verb in every use found in the data, plus samples of the rarer forms."""
    seen = set()
    every = [e for _, c in CARDS for e in walk((*c.do, *c.each_turn))]
    every += [e for m in C.monsters for e in walk((*m.flee, *m.fight))]
    every += [e for x in (*C.rings, *C.items, *C.tables) for e in walk(x.do)]
    every += [Effect.model_validate(s) for s in VERB_SAMPLES]
    for e in every:
        assert clean(render_effect(e, lang)), e
        seen.add(e.verb)
    assert seen == set(VERBS)


def test_examples() -> None:
    crossfire = C.card("room", "crossfire_trap")
    assert render_card(crossfire, "room", "en") == [
        "Crossfire Trap (Room card, x1)",
        "Lose D12 − Armour LP.",
    ]
    assert render_card(crossfire, "room", "it")[1] == "Perdi D12 − Armatura PV."
    assert render_card(C.card("room", "cave_in"), "room", "en")[1] == (
        "Call a number from 1 to 6 and roll D6: if a called number comes up, you are killed; "
        "otherwise lose D6 LP."
    )
    assert render_card(C.card("trap", "explosion"), "trap", "it")[1] == (
        "Perdi 4 PV, poi salti il prossimo turno."
    )


def test_dice_text() -> None:
    assert dice_text(parse_dice("d6+3-luck"), "en") == "D6+3 − Luck"
    assert dice_text(parse_dice("2d6"), "it") == "2D6"
    assert dice_text(parse_dice("d6/2"), "en") == "½D6"
    assert dice_text(parse_dice("d6-3"), "it") == "D6−3"
    assert str(parse_dice("D12 - Armour")) == "d12-armour"
    with pytest.raises(ValueError, match="bad dice expression"):
        parse_dice("3d8")


def test_tile_picture_and_board() -> None:
    odw = next(x for x in C.tiles() if x.id == "room_odw_01")
    lines = render_tile(odw, "en")  # shown entered northwards
    assert lines[0] == "Room (room_odw_01)"
    assert lines[1:4] == ["+-D-+", " R ^|", "+   +"]
    assert lines[4] == "Edges: entry open; left open; ahead door; right wall."
    b = C.new_board()
    b.place(C.tiles()[0], (1, 0), E)  # a four-way room east of the tower
    text = render_board(b, "it", marks={(1, 0): "V"})
    # neighbours share their edges: 13 x 10 squares in 21 rows of 53 columns at most
    assert len(text) == 21 and max(len(line) for line in text) == 53
    assert text[0].startswith("+---+   +") and text[1].startswith("|#   R>V  . ")
    assert text[2].startswith("+   +   +")
    b = C.new_board()
    b.place(odw, (1, 0), E)  # ahead (east) a door, right (south) a wall
    text = render_board(b, "en", marks={(0, 0): "12"})
    assert text[1].startswith("|#12 R> D . ") and text[2].startswith("+   +---+")
    assert render_legend("it", 25)[0] == "R stanza  C corridoio"
    assert all(len(line) <= 25 for line in render_legend("it", 25))


def test_missing_message_is_a_content_error() -> None:
    with pytest.raises(ContentError, match=r"no text for 'fx\.nope'"):
        from tavolo.games.dungeonquest.text import _t

        _t("en", "fx.nope")


@pytest.mark.parametrize(
    ("choice", "en", "it"),
    [
        ("attack", "Attack", "Attacco"),
        ("wait", "Wait and See", "Attesa"),
        ("escape", "Escape", "Fuga"),
    ],
)
def test_a_monster_card_column_reads_as_words(choice: str, en: str, it: str) -> None:
    g = registry.get("dungeonquest")
    card = Event(
        "monster_card", {"hero": 0, "card": "m", "monster": "orc", "value": 2, "choice": choice}
    )
    assert g.describe_event(card, 0, "en") == f"Monster card for the Orc ({en}): 2."
    assert g.describe_event(card, 0, "it") == f"Carta Mostro per l'Orco ({it}): 2."
    picked = Event("reaction", {"hero": 0, "choice": choice})
    assert g.describe_event(picked, 0, "it").endswith(f"sceglie {it}.")


@pytest.mark.parametrize(
    ("why", "dice", "result", "en", "it"),
    [
        ("potion", "2d6", 12, ": you are killed.", ": il tuo eroe muore."),
        ("potion", "2d6", 7, ": nothing happens.", ": non succede nulla."),
        ("arrow", "d6", 5, ": the monster is killed.", ": il mostro è ucciso."),
        ("giant_spider", "d6", 2, ": you may not escape.", ": non puoi fuggire."),
    ],
)
def test_DQ_16_a_roll_on_a_table_says_what_the_number_means(
    why: str, dice: str, result: int, en: str, it: str
) -> None:
    """'rolls 2D6: 3+3, so 6 (Potion).' left the player to guess what a 6 does."""
    g = registry.get("dungeonquest")
    rolled = Event(
        "rolled", {"hero": 0, "dice": dice, "raw": [result], "result": result, "why": why}
    )
    assert g.describe_event(rolled, 0, "en").endswith(en)
    assert g.describe_event(rolled, 0, "it").endswith(it)
    amount = Event(
        "rolled", {"hero": 0, "dice": "d12-luck", "raw": [9], "result": 1, "why": "potion"}
    )
    assert g.describe_event(amount, 0, "en").endswith("(Potion).")  # an amount: no table


def test_DQ_14_an_arrow_that_kills_is_not_a_hit_for_0_lp() -> None:
    g = registry.get("dungeonquest")
    slain = Event("monster_hit", {"monster": "goblin", "n": 0, "slain": True})
    assert g.describe_event(slain, 0, "en") == "The Goblin is struck down."
    assert g.describe_event(slain, 0, "it") == "Il Goblin è abbattuto."
    hit = Event("monster_hit", {"monster": "goblin", "n": 2, "slain": False})
    assert g.describe_event(hit, 0, "en") == "The Goblin is hit for 2 LP."


def test_DQ_3_the_last_round_is_told_as_the_last_not_as_0_rounds_to_sunset() -> None:
    """Round 26 of 26 read '0 rounds to sunset' although it is played (the sun sets
    after it, rules.next_turn): it is now the last round, and the others count the
    rounds still to come."""
    from tavolo.games.dungeonquest.text import render_sun

    assert render_sun(26, "en") == "Round 26 of 26, the last: the sun sets when it ends"
    assert render_sun(25, "en") == "Round 25 of 26: 1 more round before sunset"
    assert render_sun(1, "it") == "Round 1 di 26: ancora 25 round prima del tramonto"
    assert render_sun(26, "it").startswith("Round 26 di 26, l'ultimo")


def test_DQ_11_driven_out_reads_for_a_heroine_too() -> None:
    """'{hero} è cacciato dalla camera' was masculine whoever the hero: Helena la Rapida
    (the Heroes expansion) read 'è cacciato'. The dragon is now the subject."""
    g = registry.get("dungeonquest")
    said = g.describe_event(Event("driven_out", {"hero": 0}), 0, "it")
    assert said == "Il drago caccia G1 dalla camera."
    assert g.describe_event(Event("driven_out", {"hero": 0}), 0, "en").endswith(
        "is driven out of the chamber."
    )
