"""Platformer text: every card renders in English and Italian from its data; tiles and maps."""

from __future__ import annotations

import random
import re
import string
from typing import Any, get_args

import pytest

from tavolo.engine import RNG, UnknownName, registry
from tavolo.games.platformer.board import random_map
from tavolo.games.platformer.content import default_content
from tavolo.games.platformer.effects import Ability, Effect, Who
from tavolo.games.platformer.text import (
    MSG,
    ability_text,
    render_ability,
    render_board,
    render_card,
    render_effect,
    render_priced,
    render_tile,
)

from .reading import read, read_lines

CONTENT = default_content()
CARDS = [
    *CONTENT.heroes,
    *CONTENT.enemies,
    *CONTENT.bosses,
    *CONTENT.attack_cards,
    *CONTENT.items,
    *CONTENT.potions,
    *CONTENT.artifacts,
    *CONTENT.events,
]
LANGS = ("en", "it")


def clean(line: str) -> bool:
    leftover = "{" in line or "}" in line or re.search(r"\b(fx|word|cond|trigger)\.[a-z]", line)
    return not leftover and "  " not in line and line == line.strip()


def fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f is not None}


def test_catalogs_match() -> None:
    en, it = MSG.messages["en"], MSG.messages["it"]
    assert set(en) == set(it)
    for key in en:
        assert fields(en[key]) == fields(it[key]), key


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("card", CARDS, ids=[c.id for c in CARDS])
def test_every_card_renders(card: Any, lang: str) -> None:
    lines = render_card(card, lang)
    assert len(lines) >= 2 or type(card).__name__ == "AttackCard"
    for line in lines:
        assert clean(line), line
        assert line.endswith((".", ")")) or "·" in line or line == lines[0], line


@pytest.mark.parametrize("card", CARDS, ids=[c.id for c in CARDS])
def test_english_and_italian_differ(card: Any) -> None:
    en, it = render_card(card, "en"), render_card(card, "it")
    assert len(en) == len(it)
    assert en[1:] != it[1:] or en != it


def test_examples() -> None:
    boots = next(i for i in CONTENT.items if i.id == "speed_boots")
    assert render_card(boots, "en") == ["Speed Boots · 3 coins", "Exhaust — Move 1 space."]
    assert render_card(boots, "it") == [
        "Stivali della Velocità · 3 Monete",
        "Esaurire — Muovi di 1 Spazio.",
    ]
    sweety = next(h for h in CONTENT.heroes if h.id == "sweety")
    assert render_card(sweety, "en")[1] == (
        "Passive — When you use a PUSH symbol: you may push that enemy 1 more space."
    )
    wolf = next(e for e in CONTENT.enemies if e.id == "werewolf")
    assert render_card(wolf, "en") == [
        "Werewolf · tier III · health 3 · damage 3 · loot: 1 coin and 2 gems",
        "Passive — When it attacks a hero: reset that hero's special die.",
    ]
    assert render_card(wolf, "it")[1] == (
        "Passivo — Quando attacca un Eroe: azzera il dado Speciale di quell'Eroe."
    )


VERB_SAMPLES: list[dict[str, Any]] = [
    {"gain": "gem", "n": 2},
    {"lose": "coin"},
    {"wound": 2},
    {"extra_wounds": 1},
    {"move": 2},
    {"push": 1},
    {"symbol": "SWORD"},
    {"symbol": "any"},
    {"reroll": 2},
    {"dice": 1},
    {"dice": -1},
    {"reset_special": True},
    {"set_special": "COIN"},
    {"draw": "item"},
    {"discard": "potion", "n": 2},
    {"restore": True},
    {"discount": 2},
    {"max_hearts": 1},
    {"enemy_die": "RIGHT"},
    {"gravity": True},
    {"take_token": "mirror"},
    *({"ignore": x} for x in ("trap", "zone", "push", "gravity", "walls")),
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("who", get_args(Who))
def test_every_verb_renders_for_everyone(lang: str, who: str) -> None:
    for sample in VERB_SAMPLES:
        e = Effect.model_validate({**sample, "who": who})
        assert clean(render_effect(e, lang)), (sample, who)
        assert clean(render_effect(e, lang, enemy=True)), (sample, who)


@pytest.mark.parametrize("lang", LANGS)
def test_boss_verbs_render(lang: str) -> None:
    medusa = CONTENT.bosses[0]
    for sample in ({"summon": 2}, {"boss_move": "leap"}, {"shove": 1, "who": "in_range"}):
        assert clean(render_effect(Effect.model_validate(sample), lang, boss=medusa))
    strike = Effect.model_validate({"strike": True, "who": "target"})
    assert clean(render_effect(strike, lang))


def test_conditions_and_costs_render() -> None:
    a = Ability.model_validate(
        {
            "kind": "once_per_turn",
            "if": [
                {"at": "shop", "coins_at_least": 1, "rolled": "STAR", "rolled_at_least": 2},
                {"not_at": "trap", "adjacent_enemy": False, "hearts_at_most": 2, "highest": True},
            ],
            "pay": {"coin": 1, "gem": 2, "heart": 1, "die": 2},
            "optional": True,
            "do": [{"gain": "heart"}, {"move": 1}],
        }
    )
    for lang in LANGS:
        text = ability_text(a, lang)
        assert clean(text) and text.endswith("."), text
    assert ability_text(a, "en") == (
        "If you are on a shop space, you have at least 1 coin and your action dice show at "
        "least 2 STAR and you are not on a trap, no enemy is next to you, no other hero is "
        "higher than you and you have at most 2 hearts: pay 1 coin, 2 gems, 1 heart and 2 "
        "unused action dice: you may gain 1 heart and move 1 space."
    )


def test_unknown_language() -> None:
    with pytest.raises(UnknownName):
        render_card(CONTENT.heroes[0], "fr")


@pytest.mark.parametrize("lang", LANGS)
def test_tiles_and_maps_render(lang: str) -> None:
    tile = CONTENT.tiles[0]
    lines = render_tile(tile, lang)
    assert lines[1:9] == list(tile.grid)
    assert clean(lines[0]) and "|" in lines[-1]
    board = random_map(CONTENT.tile_set("void"), random.Random(7))
    text = render_board(board, lang)
    assert len(text) == 2 * board.height + 1
    level = "Livello" if lang == "it" else "level"
    labelled = [line for line in text[:-1] if level in line]
    assert [line[2 * board.width + 3 :] for line in labelled] == [
        f"{level} {n}" for n in (4, 3, 2, 1)
    ]
    assert all(len(line) == 2 * board.width + 1 for line in text[:-1] if line not in labelled)


@pytest.mark.parametrize("lang", LANGS)
def test_events_of_a_game_name_spaces_as_the_board_does_and_count_wounds(lang: str) -> None:
    """Spaces in events are [x, y] from the bottom left, told as (x+1,y+1) like the
    board's actions; one wound is a wound."""
    game = registry.get("platformer")
    s = game.new(game.make_config(2), 3)
    rng, told, moves = RNG(4), [], []
    while (d := game.decision(s)) is not None and len(told) < 3000:
        for e in game.apply(s, d.actions[rng.below(len(d.actions))]):
            told.append(game.describe_event(e, None, lang) or "")
            if e.kind in ("move", "form", "fall"):
                x, y = e.data.get("to", e.data.get("at"))
                moves.append(f"({x + 1},{y + 1})")
    assert moves and all(any(m in t for t in told) for m in moves)
    assert not [t for t in told if re.search(r"\b(to|at|in|a) \d+\.", t)]
    one = "1 wound." if lang == "en" else "1 ferita."
    assert not [t for t in told if re.search(r"\b1 (wounds|ferite)\b", t)]
    assert any(one in t for t in told)


def test_italian_play_reads_no_english_symbols_loot_or_reasons() -> None:
    game = registry.get("platformer")
    english = re.compile(r"\b(MOVE|SWORD|COIN|PUSH|STAR|ATTACK|LEFT|RIGHT|gem|coin)\b|defeated")
    for mode, seed in (("standard", 5), ("solo", 5)):
        s = game.new(game.make_config(1 if mode == "solo" else 2, mode), seed)
        rng, told = RNG(seed), []
        while (d := game.decision(s)) is not None:
            told += [game.describe_action(s, a, "it") for a in d.actions]
            told.append(game.view(s, 0, "it"))
            for e in game.apply(s, d.actions[rng.below(len(d.actions))]):
                told.append(game.describe_event(e, None, "it") or "")
        assert told[-1].startswith("Partita finita: ")
        assert not [t for t in told if english.search(t)][:3]


@pytest.mark.parametrize("lang", LANGS)
def test_view_shows_each_heros_star_and_ability(lang: str) -> None:
    game = registry.get("platformer")
    s = game.new(game.make_config(3), 8)
    board = read(game.view(s, None, lang))  # lines fit 80 columns
    for h in s.heroes:
        card = next(x for x in CONTENT.heroes if x.id == h.id)
        assert render_ability(card.ability, lang) in board
    # at a seat's screen its own hero card, the others' counts (the screen fits 40 rows)
    mine = read(game.view(s, 1, lang))
    for k, h in enumerate(s.heroes):
        card = next(x for x in CONTENT.heroes if x.id == h.id)
        assert (render_ability(card.ability, lang) in mine) == (k == 1), k
        assert f"{'P' if lang == 'en' else 'G'}{k + 1} {game.card_name(h.id, lang)}: " in mine


@pytest.mark.parametrize("lang", LANGS)
def test_view_shows_what_each_shop_card_costs_and_does(lang: str) -> None:
    game = registry.get("platformer")
    s = game.new(game.make_config(2), 8)
    view = "\n".join(read_lines(game.view(s, None, lang)))
    board = read(view)  # lines fit 80 columns
    cards = {c.id: c for c in (*CONTENT.items, *CONTENT.potions)}
    assert s.shop_items and s.shop_potions
    for x in s.shop_items + s.shop_potions:
        head, *rest = render_priced(cards[x], lang)
        assert f"\n  {head} — " in view
        assert f" {head} — {' '.join(rest)}" in board
    # a seat that cannot buy now reads the names and prices on a line or two (each buy
    # option says what the card does)
    d = game.decision(s)
    assert d is not None and not any(a.startswith("buy:") for a in d.actions)
    seat = read(game.view(s, d.player, lang))
    heads = [render_priced(cards[x], lang)[0] for x in s.shop_items + s.shop_potions]
    assert ", ".join(heads) in seat and " — " not in seat.split(heads[0])[1].split(".")[0]


@pytest.mark.parametrize("lang", LANGS)
def test_using_or_buying_a_card_says_what_it_does(lang: str) -> None:
    game = registry.get("platformer")
    cards = {c.id: c for c in (*CONTENT.items, *CONTENT.potions)}
    s = game.new(game.make_config(2), 8)
    for x in s.shop_items + s.shop_potions:
        text = game.describe_action(s, f"buy:{x}", lang)
        assert text.endswith(" — " + render_priced(cards[x], lang)[1])
    item = s.shop_items[0]
    assert render_priced(cards[item], lang)[1] in game.describe_action(s, f"item:{item}", lang)
