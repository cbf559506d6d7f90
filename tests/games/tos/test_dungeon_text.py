"""TOS dungeon adventure in words: index entries, index cards, whole dungeon, the CLI tool."""

from __future__ import annotations

import json
import re
from functools import cache

import pytest

from cli import assert_one_line_error, invoke
from tavolo.engine.errors import ContentError, TavoloError
from tavolo.engine.rng import RNG, derive_seed
from tavolo.games.tos import generator
from tavolo.games.tos.adventure.actions import draw_action
from tavolo.games.tos.adventure.text import render_action
from tavolo.games.tos.dungeon.adventure import DungeonAdventure, generate_adventure
from tavolo.games.tos.dungeon.index import (
    Attach,
    Fight,
    Gain,
    HasItem,
    Instruction,
    Lose,
    Story,
    Teleport,
    Win,
)
from tavolo.games.tos.dungeon.render import render_map
from tavolo.games.tos.dungeon.text import (
    MSG,
    render_dungeon,
    render_index,
    render_instruction,
)
from tavolo.games.tos.schema import Enemy
from tavolo.games.tos.tools import dungeon, fold, terminal_width

PLACEHOLDER = re.compile(r"\{[a-z_]*\}")
ENEMY = Enemy(level=2, attack=3, defense=4)

ENTRANCE = Instruction(
    symbol=(0, 0),
    trigger="walk_on",
    conditions=(HasItem(item="villain_defeated"),),
    actions=(Story(label="main.victory"), Win()),
    source="main_the_boss",
)
TRAP = Instruction(
    symbol=(3, 2),
    trigger="choice",
    once=True,
    actions=(
        Fight(enemy=ENEMY),
        Gain(item="villain_defeated"),
        Lose(item="villain_defeated"),
        Attach(room="2B"),
        Teleport(room="5C"),
    ),
    source="event_test",
)


@cache
def _adventures() -> tuple[DungeonAdventure, ...]:
    return tuple(generate_adventure(seed) for seed in range(200))


def _placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w*)\}", text))


def test_catalogs_have_the_same_keys_and_placeholders() -> None:
    en, it = MSG.messages["en"], MSG.messages["it"]
    assert en and set(en) == set(it)
    for key in en:
        assert _placeholders(en[key]) == _placeholders(it[key]), key


def test_every_generated_instruction_reads_in_both_languages() -> None:
    kinds: set[str] = set()
    for adv in _adventures():
        for ins in adv.index.instructions:
            en, it = render_instruction(ins, "en"), render_instruction(ins, "it")
            for text in (en, it):
                assert not PLACEHOLDER.search(text), text
                assert text.count("\n") >= 1
            assert en != it
            kinds.update(a.kind for a in ins.actions)
    # the generator's vocabulary is all covered by these 200 adventures
    assert {"fight", "gain", "teleport", "win", "story", "heal", "forge", "loot"} <= kinds


def test_entrance_reads_exactly() -> None:
    assert render_instruction(ENTRANCE, "en") == (
        "Sun A [*0a] — When you step on it:\n"
        "  Main quest — Defeat the villain: a villain lurks in the depths of this dungeon. "
        "Find it and defeat it, then come back to this symbol to leave the dungeon.\n"
        "  Only if you have: the mark of the defeated villain.\n"
        "  - The light of the world outside falls on your face: you leave the dungeon alive.\n"
        "  - You win the adventure!"
    )
    assert render_instruction(ENTRANCE, "it") == (
        "Sole A [*0a] — Quando ci passi sopra:\n"
        "  Missione principale — Sconfiggi il cattivo: un cattivo si nasconde nelle "
        "profondità di queste segrete. Trovalo e sconfiggilo, poi torna su questo simbolo "
        "per uscire dalle segrete.\n"
        "  Solo se hai: il segno del cattivo sconfitto.\n"
        "  - La luce del mondo esterno ti colpisce il viso: esci vivo dalle segrete.\n"
        "  - Hai vinto l'avventura!"
    )


def test_the_start_entry_tells_the_main_quest() -> None:
    """The manual: the symbol under the pawn at the start (room 1A's) is where the player
    finds the main mission. The entry there said only how to leave once the villain was
    dead; it now names the main quest and what to do, for each of the five, in both
    languages, and no other entry does."""
    from tavolo.games.tos.world.text import quest_name

    seen = set()
    for adv in _adventures():
        start = adv.map.room("1A").symbol
        for ins in adv.index.instructions:
            for lang, head in (("en", "Main quest — "), ("it", "Missione principale — ")):
                lines = render_instruction(ins, lang).splitlines()
                told = [ln.strip() for ln in lines if head in ln]
                if (ins.symbol[0], ins.symbol[1]) != (start[0], start[1]):
                    assert not told, lines
                    continue
                name = quest_name(adv.main_quest, lang)
                assert len(told) == 1 and told[0].startswith(f"{head}{name}: "), lines
                assert lines[1].strip() == told[0]  # first, before its condition
                seen.add(adv.main_quest)
    assert len(seen) == 5, seen


def test_a_hand_made_entrance_tells_a_plain_main_quest() -> None:
    """A hand-made adventure file may name its own quest as the entrance's source: its
    entry tells the main quest in general words, not a ContentError."""
    own = ENTRANCE.model_copy(update={"source": "my_own_quest"})
    assert render_instruction(own, "en").splitlines()[1] == (
        "  Main quest: defeat the villain, then come back to this symbol to leave the dungeon."
    )
    assert (
        render_instruction(own, "it")
        .splitlines()[1]
        .startswith("  Missione principale: sconfiggi il cattivo")
    )


def test_the_play_screen_shows_the_main_quest_at_the_start() -> None:
    from tavolo.engine import registry
    from tavolo.games.tos import view
    from tavolo.games.tos.world.text import quest_name

    game = registry.get("tos")
    s = game.new(game.make_config(1, "dungeon", seed=1), 3)  # type: ignore[attr-defined]
    for lang, head in (("en", "Main quest — "), ("it", "Missione principale — ")):
        board = view.board(game, s, lang)  # type: ignore[arg-type]
        assert f"{head}{quest_name(s.adv.main_quest, lang)}: " in board


def test_fight_items_rooms_read_exactly() -> None:
    assert render_instruction(TRAP, "en") == (
        "Eye C [*3c] — You may choose:\n"
        "  For 1 time.\n"
        "  - Fight: Enemy — level 2 · attack 3 · defense 4. Once it is defeated:\n"
        "  - Gain: the mark of the defeated villain.\n"
        "  - Lose: the mark of the defeated villain.\n"
        "  - Attach room 2B to the map, without moving your pawn.\n"
        "  - Teleport to room 5C."
    )
    assert render_instruction(TRAP, "it") == (
        "Occhio C [*3c] — Puoi scegliere:\n"
        "  Per 1 volta.\n"
        "  - Combatti: Nemico — Livello 2 · Attacco 3 · Difesa 4. Quando è sconfitto:\n"
        "  - Ottieni: il segno del cattivo sconfitto.\n"
        "  - Perdi: il segno del cattivo sconfitto.\n"
        "  - Aggiungi la stanza 2B alla mappa, senza muovere la pedina.\n"
        "  - Teletrasportati nella stanza 5C."
    )


def test_story_names_its_rooms_and_card_actions_read_as_on_cards() -> None:
    heal = draw_action(RNG(7), "heal", may=False)
    ins = Instruction(
        symbol=(5, 3),
        trigger="immediate",
        actions=(
            Fight(enemy=ENEMY),
            Story(label="main.go_back", rooms=("1A",)),
            heal,
        ),
        source="event_test",
    )
    for lang, head, fight in (
        ("en", "Crown D [*5d] — When you enter:", "Fight: Enemy"),
        ("it", "Corona D [*5d] — Quando entri:", "Combatti: Nemico"),
    ):
        lines = render_instruction(ins, lang).splitlines()
        assert lines[0] == head
        assert lines[1].startswith(f"  - {fight}")
        assert "1A" in lines[2]
        assert lines[3] == f"  - {render_action(heal, lang)}"


def test_unknown_item_or_story_or_language_is_an_error() -> None:
    bad_item = ENTRANCE.model_copy(update={"conditions": (HasItem(item="golden_key"),)})
    with pytest.raises(ContentError, match=r"item\.golden_key"):
        render_instruction(bad_item, "en")
    bad_story = ENTRANCE.model_copy(update={"actions": (Story(label="nowhere.text"),)})
    with pytest.raises(ContentError, match=r"story\.nowhere\.text"):
        render_instruction(bad_story, "it")
    with pytest.raises(TavoloError):
        render_instruction(ENTRANCE, "fr")


def test_index_and_dungeon_read_card_by_card() -> None:
    adv = _adventures()[3]
    for lang, card, title in (("en", "Index Card", "seed 3"), ("it", "Carta Indice", "seme 3")):
        index = render_index(adv, lang)
        positions = [index.index(f"{card} {n}/3") for n in (1, 2, 3)]
        assert positions == sorted(positions)
        for ins in adv.index.instructions:
            first = render_instruction(ins, lang).splitlines()[0]
            assert f"\n  {first}\n" in index
        whole = render_dungeon(adv, lang, show_map=True)
        assert whole.splitlines()[0].endswith(title)
        assert render_map(adv.map) in whole and index in whole
        assert not PLACEHOLDER.search(whole)


def test_tool_gives_json_and_text_and_the_days_dungeon() -> None:
    r = dungeon(seed=3)
    assert r.data == generate_adventure(3).to_json()
    assert r.text == fold(render_dungeon(generate_adventure(3), "en"), terminal_width())
    day = generator.parse_day("2026-11-21")
    daily = dungeon(date="2026-11-21", lang="it")
    assert daily.data["seed"] == derive_seed(generator.seed_for(day), "dungeon")
    assert daily.text.startswith("Avventura nel Dungeon — seme ")


def test_cli_dungeon() -> None:
    r = invoke(["tos", "dungeon", "--seed", "3"], env={"COLUMNS": "200"})
    assert r.exit_code == 0, r.output
    assert "Dungeon Adventure — seed 3" in r.stdout and "Index Card 3/3" in r.stdout
    assert "When you enter:" in r.stdout
    r = invoke(["tos", "dungeon", "--seed", "3", "--lang", "it"], env={"COLUMNS": "200"})
    assert r.exit_code == 0, r.output
    assert "Carta Indice 3/3" in r.stdout and "Quando entri:" in r.stdout
    r = invoke(["tos", "dungeon", "--seed", "3", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert DungeonAdventure.from_json(data) == generate_adventure(3)
    r = invoke(["tos", "dungeon", "--date", "2026-11-21"])
    assert r.exit_code == 0, r.output


def test_cli_dungeon_bad_input_is_one_line() -> None:
    assert_one_line_error(invoke(["tos", "dungeon", "--date", "2026-13-01"]))
    assert_one_line_error(invoke(["tos", "dungeon", "--date", "2026-01-01", "--seed", "3"]))
    assert_one_line_error(invoke(["tos", "dungeon", "--seed", "3", "--lang", "fr"]))
    assert_one_line_error(invoke(["tos", "dungeon", "--seed", "three"]))


def test_T_24_the_play_map_has_a_legend() -> None:
    """The dungeon's play map drew '###^4B###', '*2d', 'E1b' and '@' with no word of what
    they are (only 'tavolo tos dungeon --map' had a legend): the play screen says it."""
    from tavolo.engine import registry
    from tavolo.games.tos import view

    game = registry.get("tos")
    s = game.new(game.make_config(1, "dungeon", seed=1), 3)  # type: ignore[attr-defined]
    for lang, words in (
        ("en", ("@ the pawn", "a symbol", "the enemy", "a door", "wall")),
        ("it", ("@ la pedina", "un simbolo", "il nemico", "una porta", "muro")),
    ):
        board = view.board(game, s, lang)  # type: ignore[arg-type]
        lines = board.splitlines()
        i = next(i for i, x in enumerate(lines) if x.startswith(("Map: ", "Mappa: ")))
        legend = " ".join(x.strip() for x in lines[i : i + 3])
        assert all(w in legend for w in words), legend
        shown = board.replace("[bold]", "").replace("[/]", "").replace("\\[", "[")
        assert max(len(x) for x in shown.splitlines()) <= 80
