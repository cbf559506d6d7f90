"""Every content error TOS's own code says is told in English and in Italian.

Each case breaks one thing of the real content -- the Training hero, the hand-made world and
dungeon adventures of ``adventures/``, ``dungeon/tiles.yaml``, ``content/enemies.yaml``, the
message catalogs -- loads it as the game does, and checks the English line (the words it
always had) and a piece of the Italian one. The last test checks that every ``content.*``
key of TOS's catalog has a case.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from tavolo.engine.content import validate_entry
from tavolo.engine.errors import TavoloError
from tavolo.engine.files import read_data
from tavolo.games.tos import text
from tavolo.games.tos.adventure import actions
from tavolo.games.tos.adventure import text as adventure_text
from tavolo.games.tos.dungeon import text as dungeon_text
from tavolo.games.tos.dungeon.adventure import DungeonAdventure
from tavolo.games.tos.dungeon.tiles import TILES_FILE, load_layouts
from tavolo.games.tos.enemies import ENEMIES_FILE, enemy_for_level, load_enemy_table
from tavolo.games.tos.schema import Hero
from tavolo.games.tos.world import text as world_text
from tavolo.games.tos.world.model import WorldAdventure

from .support import GAME

ADVENTURES = Path(__file__).parent / "adventures"
TRAINING = ENEMIES_FILE.parent / "heroes" / "training.yaml"

Edit = Callable[[Any], None]
Trigger = Callable[[Path, pytest.MonkeyPatch], object]


# ------------------------------------------------------------------ breaking real content
def _walk(data: Any, path: str) -> tuple[Any, Any]:
    """The container and the key of a dotted ``path`` (``cards.4.top``: digits index)."""
    *parents, last = (int(p) if p.isdigit() else p for p in path.split("."))
    for p in parents:
        data = data[p]
    return data, last


def put(path: str, value: Any) -> Edit:
    def edit(data: Any) -> None:
        where, key = _walk(data, path)
        where[key] = value

    return edit


def drop(path: str) -> Edit:
    def edit(data: Any) -> None:
        where, key = _walk(data, path)
        del where[key]

    return edit


def swap(path: str, i: int, j: int) -> Edit:
    def edit(data: Any) -> None:
        where, key = _walk(data, path)
        items = where[key]
        items[i], items[j] = items[j], items[i]

    return edit


def hero(*edits: Edit) -> Trigger:
    """The Training hero, edited, checked as a content entry."""

    def run(tmp_path: Path, mp: pytest.MonkeyPatch) -> object:
        data = read_data(TRAINING)
        for edit in edits:
            edit(data)
        return validate_entry(Hero, data, "training.yaml", "hero")

    return run


def _adventure(kind: str, source: str, name: str, edits: tuple[Edit, ...]) -> Trigger:
    def run(tmp_path: Path, mp: pytest.MonkeyPatch) -> object:
        data = read_data(ADVENTURES / source)
        for edit in edits:
            edit(data)
        p = tmp_path / name
        p.write_text(
            json.dumps(data) if name.endswith(".json") else yaml.safe_dump(data),
            encoding="utf-8",
        )
        return GAME.adventure(["file", str(p), kind])  # as --adventure ... -o file= does

    return run


def world(*edits: Edit) -> Trigger:
    """The hand-made world adventure, edited, loaded as a player's adventure file."""
    return _adventure("world", "world_rules.yaml", "world.yaml", edits)


def dungeon(*edits: Edit) -> Trigger:
    """The saved dungeon adventure, edited, loaded as a player's adventure file."""
    return _adventure("dungeon", "dungeon_rules.json", "dungeon.json", edits)


def _text_file(source: Path, load: Callable[[Path], object], edit: Callable[[str], str]) -> Trigger:
    def run(tmp_path: Path, mp: pytest.MonkeyPatch) -> object:
        before = source.read_text(encoding="utf-8")
        after = edit(before)
        assert after != before
        p = tmp_path / source.name
        p.write_text(after, encoding="utf-8")
        return load(p)

    return run


def replacing(*pairs: tuple[str, str]) -> Callable[[str], str]:
    def edit(t: str) -> str:
        for old, new in pairs:
            assert old in t, old
            t = t.replace(old, new, 1)
        return t

    return edit


def tiles(old: str, new: str) -> Trigger:
    return _text_file(TILES_FILE, load_layouts, replacing((old, new)))


def enemies(*pairs: tuple[str, str]) -> Trigger:
    return _text_file(ENEMIES_FILE, load_enemy_table, replacing(*pairs))


def enemies_edited(edit: Callable[[str], str]) -> Trigger:
    return _text_file(ENEMIES_FILE, load_enemy_table, edit)


def _first_layouts(t: str) -> str:
    """The tile file cut to its first five layouts."""
    starts = [i for i in range(len(t)) if t.startswith("\n  - id:", i)]
    return t[: starts[5] + 1]


def _without_section(name: str, following: str) -> Callable[[str], str]:
    return lambda t: t[: t.index(f"\n{name}:")] + t[t.index(f"\n{following}:") :]


def _sections_as_a_list(t: str) -> str:
    return yaml.safe_dump([yaml.safe_load(t)])


def _tuning_as_a_mapping(t: str) -> str:
    return t[: t.index("\ntuning:") + 1] + "tuning: {lvl1: 1}\n"


def rendered(render: Callable[[], object], catalog: Any, key: str, new: str | None) -> Trigger:
    """``render()`` with ``catalog``'s Italian ``key`` replaced by ``new`` (None: removed),
    as a translator's edit of it.yaml would leave it."""

    def run(tmp_path: Path, mp: pytest.MonkeyPatch) -> object:
        if new is None:
            mp.delitem(catalog.messages["it"], key)
        else:
            mp.setitem(catalog.messages["it"], key, new)
        return render()

    return run


def _training() -> Hero:
    return Hero.model_validate(read_data(TRAINING))


def _render_world(*edits: Edit) -> Trigger:
    """The edited world adventure loads (labels are words, not schema), then is read."""
    load = world(*edits)

    def run(tmp_path: Path, mp: pytest.MonkeyPatch) -> object:
        adv = load(tmp_path, mp)
        assert isinstance(adv, WorldAdventure)
        return world_text.render_world(adv, "en")

    return run


def _render_dungeon(*edits: Edit) -> Trigger:
    load = dungeon(*edits)

    def run(tmp_path: Path, mp: pytest.MonkeyPatch) -> object:
        adv = load(tmp_path, mp)
        assert isinstance(adv, DungeonAdventure)
        return dungeon_text.render_dungeon(adv, "en")

    return run


def _actions_file(data: Any) -> Trigger:
    def run(tmp_path: Path, mp: pytest.MonkeyPatch) -> object:
        p = tmp_path / "actions.yaml"
        p.write_text(yaml.safe_dump(data), encoding="utf-8")
        return actions.load_actions(p)

    return run


HEAL = read_data(ADVENTURES / "world_rules.yaml")["cards"][3]["top"]["lines"][0]
"""A real card action (4A's heal) of the hand-made world adventure."""
COND = "cards.4.top.abilities.0.says.0.if.0"  # Training card 5: "If defense is at least 1"
SAYS = "cards.0.top.abilities.0.says.0"  # Training card 1: "Gain 2 attack"
LAST = "index.cards.0.instructions.5"  # the dungeon's fight, gain, story, teleport
FIRST_CARD = "index.cards.0.instructions"
BUFFS_ON_DEFENSE = tuple(
    (f"{{id: {m}, category: buff, stat: attack,", f"{{id: {m}, category: buff, stat: defense,")
    for m in ("affinity_element", "ranged", "envy")
)  # every attack buff turned into a defense one
BOSS = "  - {id: boss, pairs: [[9, 0], [9, 1]]}\n"
MINIBOSS = "  - {id: miniboss, pairs: [[8, 0], [9, 0]]}"
RING = '["....", ".##.", ".##.", ".##.", ".##.", "...."]'  # floor only along the edges
CROSSROADS = '["#..#", "....", ".::.", ".::.", "....", "#..#"]'


# ------------------------------------------------------------------ the cases
# name: (the keys it says, what breaks it, English, a piece of the Italian)
CASES: dict[str, tuple[tuple[str, ...], Trigger, str, str]] = {
    # -- the hero card schema (schema.py), met in a hand-written hero file
    "condition_kind": (
        ("content.condition_kind",),
        hero(put(f"{COND}.stars", [1])),
        "Value error, a condition is either a count or a constellation (stars)",
        "valore non valido: una condizione è o un conteggio o una Costellazione (stars)",
    ),
    "count_bound": (
        ("content.count_bound",),
        hero(drop(f"{COND}.at_least")),
        "a count needs exactly one of at_least, at_most, exactly",
        "un conteggio vuole esattamente uno tra at_least, at_most ed exactly",
    ),
    "stars_bound": (
        ("content.stars_bound",),
        hero(put(COND, {"stars": [1, 2], "at_least": 1})),
        "a constellation takes no at_least/at_most/exactly",
        "una Costellazione non prende at_least, at_most né exactly",
    ),
    "one_verb": (
        ("content.one_verb",),
        hero(put(f"{SAYS}.do.0.set", "mana")),
        "an action has exactly one verb: gain, set, pay, transfer, take_back, tick, "
        "ignore_modifier or repeat",
        "un'azione ha esattamente un verbo: gain, set,",
    ),
    "gain_n": (
        ("content.gain_n",),
        hero(put(f"{SAYS}.do.0.n", 0)),
        "gain and pay need n of 1 or more",
        "gain e pay vogliono un n da 1 in su",
    ),
    "may_pay": (
        ("content.may_pay",),
        hero(put(f"{SAYS}.may", True)),
        "'may' needs the optional cost it offers ('pay')",
        "'may' vuole il costo facoltativo che offre ('pay')",
    ),
    "pay_amounts": (
        ("content.pay_amounts",),
        hero(put(f"{SAYS}.pay", {"mana": 0})),
        "pay lists tracks with amounts of 1 or more",
        "pay elenca tracciati con quantità da 1 in su",
    ),
    "banners": (
        ("content.banners",),
        hero(put("cards.0.top.banner", 2)),
        "the top half has a one-tip banner, the bottom half two tips",
        "la metà superiore ha lo Stendardo ▶, quella inferiore lo Stendardo ▶▶",
    ),
    "hero_cards": (
        ("content.hero_cards",),
        hero(swap("cards", 0, 1)),
        "training.yaml: entry 'hero': field (entry): Value error, cards are numbered 1 to 8, "
        "in order",
        "training.yaml: voce 'hero': campo (voce): valore non valido: le carte sono numerate "
        "da 1 a 8, in ordine",
    ),
    # -- enemies in a hand-written adventure file (schema.py)
    "modifier_trigger": (
        ("content.modifier_trigger",),
        world(put("cards.1.top.lines.0.enemy.modifier", {"id": "x", "stat": "attack", "delta": 1})),
        "world.yaml: not a World Adventure: field cards.1.top.lines.0.fight.enemy.modifier: "
        "Value error, a modifier has one trigger: element, cards_at_most/least, banner",
        "world.yaml: non è un'Avventura nel Mondo: campo cards.1.top.lines.0.fight.enemy.modifier:"
        " valore non valido: un modificatore ha un solo innesco",
    ),
    "trap_defense": (
        ("content.trap_defense",),
        world(put("cards.7.top.lines.1.enemy.defense", 3)),
        "a trap has no defense value; every other enemy has one",
        "una trappola non ha valore di Difesa; ogni altro nemico sì",
    ),
    # -- a world adventure file (world/model.py)
    "tick_bar": (
        ("content.tick_bar",),
        world(drop("cards.6.top.lines.0.branches.A")),
        "tick bar theft: no lines for value ['A']",
        "barra theft: nessuna riga per il valore ['A']",
    ),
    "tick_bar_many": (
        ("content.tick_bar",),
        world(put("cards.6.top.lines.0.branches", {})),
        "tick bar theft: no lines for values ['A', 'B']",
        "barra theft: nessuna riga per i valori ['A', 'B']",
    ),
    "card_halves": (
        ("content.card_halves",),
        world(put("cards.1.bottom.id", "3B")),
        "card 2: its halves must be 2A and 2B",
        "carta 2: le sue metà devono essere 2A e 2B",
    ),
    "once_lines": (
        ("content.once_lines",),
        world(put("cards.3.top.lines", [HEAL, HEAL])),
        "half 4A: more than one 'For 1 time' line (T-22)",
        "metà 4A: più di una riga 'Per 1 volta' (T-22)",
    ),
    "world_cards": (
        ("content.world_cards",),
        world(swap("cards", 7, 8)),
        "cards must be numbered 1..9 in order, got [1, 2, 3, 4, 5, 6, 7, 9, 8]",
        "le carte vanno numerate da 1 a 9 in ordine, non [1, 2, 3, 4, 5, 6, 7, 9, 8]",
    ),
    "forge_pair": (
        ("content.forge_pair",),
        world(
            put(
                "cards.5.top.lines",
                [{"kind": "forge", "elements": ["fire", "fire"], "banner": 1}],
            )
        ),
        "the forge pair fire+fire is not one of fire+air, earth+water, water+fire, air+earth",
        "la coppia della forgia fire+fire non è tra fire+air, earth+water",
    ),
    # -- a dungeon adventure file (dungeon/index.py)
    "last_action": (
        ("content.last_action",),
        dungeon(swap(f"{LAST}.actions", 0, 3)),
        "dungeon.json: not a Dungeon Adventure: field cards.0.instructions.5.actions: "
        "Value error, a teleport action must be the instruction's last action",
        "dungeon.json: non è un'Avventura nel Dungeon: campo cards.0.instructions.5.actions: "
        "valore non valido: un'azione teleport deve essere l'ultima della voce",
    ),
    "index_cards": (
        ("content.index_cards",),
        dungeon(put("index.cards.0.number", 8), put("index.cards.1.number", 7)),
        "Index Cards must be numbered (7, 8, 9), got (8, 7, 9)",
        "le Carte Indice vanno numerate (7, 8, 9), non (8, 7, 9)",
    ),
    "index_gap": (
        ("content.index_gap",),
        dungeon(drop(f"{FIRST_CARD}.0")),
        "card 8 has entries after a card that is not full",
        "la carta 8 ha voci dopo una carta non piena",
    ),
    "index_shared": (
        ("content.index_shared",),
        dungeon(put(f"{FIRST_CARD}.1.symbol", [1, 0])),
        "two instructions share a symbol",
        "due voci hanno lo stesso simbolo",
    ),
    "index_order": (
        ("content.index_order",),
        dungeon(swap(FIRST_CARD, 0, 1)),
        "instructions are not in index order (orientation, then glyph)",
        "le voci non seguono l'ordine dell'indice (orientamento, poi glifo)",
    ),
    # -- the room layouts (dungeon/tiles.py)
    "layout_rows": (
        ("content.layout_rows",),
        tiles(CROSSROADS, '["#..#"]'),
        "tiles.yaml: entry 'crossroads': field rows: Value error, needs 6 rows, got 1",
        "tiles.yaml: voce 'crossroads': campo rows: valore non valido: servono 6 righe, non 1",
    ),
    "layout_cells": (
        ("content.layout_cells",),
        tiles('["#..#", "....",', '["#..#", ".....",'),
        "row 2 '.....' needs 4 cells",
        "la riga 2 '.....' deve avere 4 caselle",
    ),
    "layout_cell": (
        ("content.layout_cell",),
        tiles('["#..#", "....",', '["#..#", ".x..",'),
        "row 2 '.x..': unknown cell 'x'",
        "riga 2 '.x..': casella sconosciuta 'x'",
    ),
    "layout_no_floor": (
        ("content.layout_no_floor",),
        tiles(CROSSROADS, '["####", "####", "####", "####", "####", "####"]'),
        "field rows: Value error, has no floor",
        "campo rows: valore non valido: non ha pavimento",
    ),
    "layout_split": (
        ("content.layout_split",),
        tiles('".::.", ".::.", "....", "#..#"]', '".::.", "####", "....", "#..#"]'),
        "floor is not one connected piece",
        "il pavimento non è tutto in un pezzo",
    ),
    "layout_door": (
        ("content.layout_door",),
        tiles('rows: ["#..#", "....",', 'rows: ["####", "....",'),
        "edge N has no floor away from the corners (no door)",
        "il lato N non ha pavimento lontano dagli angoli (nessuna porta possibile)",
    ),
    "layout_inner": (
        ("content.layout_inner",),
        tiles(CROSSROADS, RING),
        "no floor away from the edges (no place for the symbol)",
        "nessun pavimento lontano dai bordi (non c'è posto per il simbolo)",
    ),
    "layouts_few": (
        ("content.layouts_few",),
        _text_file(TILES_FILE, load_layouts, _first_layouts),
        "tiles.yaml: needs at least 6 layouts (one per Room Card)",
        "tiles.yaml: servono almeno 6 piante (una per Carta Stanza)",
    ),
    # -- a file of card actions (adventure/actions.py)
    "actions_list": (
        ("content.actions_list",),
        _actions_file(HEAL),
        "actions.yaml: expected a list of actions",
        "actions.yaml: serve un elenco di azioni",
    ),
    # -- the enemies file's entries (enemies.py)
    "enemy.values": (
        ("content.enemy.values", "content.enemies.at_entry"),
        enemies(("{hero_level: 2, attack: [2, 4]", "{hero_level: 2, attack: [2, 400]")),
        "enemies.yaml: entry 'hero level 2': field attack: Value error, values are 0..99",
        "enemies.yaml: voce 'hero level 2': campo attack: valore non valido: i valori vanno "
        "da 0 a 99",
    ),
    "enemy.fixed_value": (
        ("content.enemy.fixed_value",),
        enemies(("{attack: 0, defense: d}", "{attack: 100, defense: d}")),
        "field variants.0.attack: Value error, a fixed value is 0..99",
        "un valore fisso va da 0 a 99",
    ),
    "enemy.rule": (
        ("content.enemy.rule",),
        enemies(("{attack: a, defense: d-1}", "{attack: d, defense: d-1}")),
        "write a, a-1, a+1 ... or a number",
        "scrivi a, a-1, a+1 ... oppure un numero",
    ),
    "enemy.variant_trap": (
        ("content.enemy.variant_trap",),
        enemies(
            (
                "{attack: a, defense: null, modifier: trap}",
                "{attack: a, defense: d, modifier: trap}",
            )
        ),
        "a variant has no defense (null) exactly when it is a trap",
        "una variante è senza difesa (null) se e solo se è una trappola",
    ),
    "enemy.fixed_level": (
        ("content.enemy.fixed_level",),
        enemies(("  - id: lock\n    level: 0\n", "  - id: lock\n    level: 12\n")),
        "entry 'shape lock': field level: Value error, a fixed level is 0..9",
        "un Livello fisso va da 0 a 9",
    ),
    "enemy.plain_variant": (
        ("content.enemy.plain_variant",),
        enemies(("{attack: 0, defense: d}", "{attack: 0, defense: d, modifier: buff}")),
        "needs one variant without a random modifier (the plain default)",
        "serve una variante senza modificatore casuale (quella semplice, predefinita)",
    ),
    "enemy.slot_twice": (
        ("content.enemy.slot_twice",),
        enemies(
            (
                "{id: easy, value: low, shape: standard, open_slots: [attack, defense]}",
                "{id: easy, value: low, shape: standard, open_slots: [attack, attack]}",
            )
        ),
        "entry 'difficulty easy': field open_slots: Value error, a slot is listed twice",
        "uno spazio compare due volte",
    ),
    "enemy.trap_none": (
        ("content.enemy.trap_none",),
        enemies(("{id: trap, category: trap}", "{id: trap, category: trap, stat: attack}")),
        "entry 'modifier trap': field stat: Value error, a trap has none",
        "campo stat: valore non valido: una trappola non ne ha",
    ),
    "enemy.needs_one": (
        ("content.enemy.needs_one",),
        enemies(("{id: ranged, category: buff, stat: attack,", "{id: ranged, category: buff,")),
        "entry 'modifier ranged': field stat: Value error, a buff needs one",
        "campo stat: valore non valido: obbligatorio per un modificatore buff",
    ),
    "enemy.delta": (
        ("content.enemy.delta",),
        enemies(
            (
                "{id: envy, category: buff, stat: attack, delta: 1,",
                "{id: envy, category: buff, stat: attack, delta: -1,",
            )
        ),
        "field delta: Value error, a buff has delta 1",
        "un modificatore buff ha delta 1",
    ),
    "enemy.threshold_fixed": (
        ("content.enemy.threshold_fixed",),
        enemies(("trigger: banner, at_least: 2}", "trigger: banner, at_least: 3}")),
        "the banner threshold is fixed at 2",
        "la soglia dell'innesco banner è fissata a 2",
    ),
    "enemy.threshold_trigger": (
        ("content.enemy.threshold_trigger",),
        enemies(("{id: trap, category: trap}", "{id: trap, category: trap, at_least: 1}")),
        "only a modifier with a trigger has a threshold",
        "solo un modificatore con un innesco ha una soglia",
    ),
    "enemy.threshold_range": (
        ("content.enemy.threshold_range",),
        enemies(("trigger: cards, at_least: 4}", "trigger: cards, at_least: 12}")),
        "entry 'modifier ranged': field at_least: Value error, a threshold is 0..9",
        "una soglia va da 0 a 9",
    ),
    "enemy.threshold_range_at_most": (
        ("content.enemy.threshold_range",),
        enemies(("trigger: cards, at_most: 4}", "trigger: cards, at_most: 12}")),
        "entry 'modifier close': field at_most: Value error, a threshold is 0..9",
        "una soglia va da 0 a 9",
    ),
    "enemy.at_most": (
        ("content.enemy.at_most",),
        enemies(("trigger: element, at_least: 1}", "trigger: element, at_least: 1, at_most: 3}")),
        "only a cards trigger counts down (at_most)",
        "solo un innesco cards ha un tetto (at_most)",
    ),
    "enemy.cards_bound": (
        ("content.enemy.cards_bound",),
        enemies(("trigger: cards, at_most: 4}", "trigger: cards, at_most: 4, at_least: 2}")),
        "a cards trigger has exactly one of at_least and at_most",
        "un innesco cards ha esattamente uno tra at_least e at_most",
    ),
    "enemy.tuning_range": (
        ("content.enemy.tuning_range",),
        enemies(("{tier: lvl2, defense: 1,", "{tier: lvl2, defense: 10,")),
        "entry 'tuning lvl2': field defense.low: Value error, a tuning is -9..9",
        "una taratura va da -9 a 9",
    ),
    "enemy.tuning_type": (
        ("content.enemy.tuning_type",),
        enemies(("{tier: lvl2, defense: 1,", "{tier: lvl2, defense: true,")),
        "write a whole number, or {low: .., avg: .., high: ..}",
        "scrivi un numero intero, oppure {low: .., avg: .., high: ..}",
    ),
    # -- the enemies file as a whole (enemies.py)
    "enemies.sections": (
        ("content.enemies.sections",),
        enemies_edited(_sections_as_a_list),
        "enemies.yaml: expected the sections level_cap, base_map, tiers, shapes,",
        "enemies.yaml: servono le sezioni level_cap, base_map,",
    ),
    "enemies.list": (
        ("content.enemies.list", "content.enemies.at_field"),
        enemies_edited(_tuning_as_a_mapping),
        "enemies.yaml: field tuning: expected a non-empty list of entries",
        "enemies.yaml: campo tuning: serve un elenco di voci non vuoto",
    ),
    "enemies.duplicate": (
        ("content.enemies.duplicate",),
        enemies(("{id: lvl4, pairs", "{id: lvl3, pairs")),
        "enemies.yaml: entry 'tier lvl3': field id: duplicate 'lvl3'",
        "enemies.yaml: voce 'tier lvl3': campo id: 'lvl3' ripetuto",
    ),
    "enemies.twice": (
        ("content.enemies.twice",),
        enemies(
            ("{hero_level: 7, attack: [8, 13],", "{hero_level: 7, attack: [8, 13], attack: [1, 1],")
        ),
        "entry 'hero level 7': field attack: written twice (line ",
        "voce 'hero level 7': campo attack: scritto due volte (riga ",
    ),
    "enemies.twice_section": (
        ("content.enemies.twice",),
        enemies(("level_cap: 8\n", "level_cap: 8\nlevel_cap: 7\n")),
        "enemies.yaml: field level_cap: written twice (line ",
        "enemies.yaml: campo level_cap: scritto due volte (riga ",
    ),
    "enemies.unknown_section": (
        ("content.enemies.unknown_section",),
        enemies(("\ntiers:\n", "\nbosses: []\ntiers:\n")),
        "field bosses: unknown section; known: level_cap, base_map,",
        "campo bosses: sezione sconosciuta; sezioni note: level_cap, base_map,",
    ),
    "enemies.missing_section": (
        ("content.enemies.missing_section",),
        enemies_edited(_without_section("difficulties", "modifiers")),
        "enemies.yaml: field difficulties: missing section",
        "enemies.yaml: campo difficulties: sezione mancante",
    ),
    "enemies.level_cap": (
        ("content.enemies.level_cap",),
        enemies(("level_cap: 8", "level_cap: eight")),
        "field level_cap: expected a whole number 1..9, got 'eight'",
        "campo level_cap: serve un numero intero da 1 a 9, non 'eight'",
    ),
    "enemies.pair_level": (
        ("content.enemies.pair_level",),
        enemies(("[[7, 0], [8, 1]]", "[[7, 0], [12, 1]]")),
        "entry 'tier lvl5': field pairs.1: hero level 12 not in base_map",
        "voce 'tier lvl5': campo pairs.1: il Livello dell'eroe 12 non è in base_map",
    ),
    "enemies.unknown_shape": (
        ("content.enemies.unknown_shape",),
        enemies(("value: high, shape: lock", "value: high, shape: padlock")),
        "field shape: unknown shape 'padlock'; known: standard, unbuffed, lock, trap",
        "campo shape: forma sconosciuta 'padlock'; forme note: standard, unbuffed, lock, trap",
    ),
    "enemies.no_modifier": (
        ("content.enemies.no_modifier",),
        enemies(*BUFFS_ON_DEFENSE),
        "enemies.yaml: field modifiers: no buff modifier for attack",
        "enemies.yaml: campo modifiers: nessun modificatore buff per attack",
    ),
    "enemies.no_trap": (
        ("content.enemies.no_trap",),
        enemies(("  - {id: trap, category: trap}\n", "")),
        "field modifiers: a shape makes traps but no modifier is the trap",
        "una forma crea trappole, ma nessun modificatore è la trappola",
    ),
    "enemies.unknown_tier": (
        ("content.enemies.unknown_tier",),
        enemies(("{id: miniboss,", "{id: megaboss,")),
        "entry 'tier megaboss': field id: unknown tier; known: lvl1, lvl2,",
        "voce 'tier megaboss': campo id: rango sconosciuto; ranghi noti: lvl1, lvl2,",
    ),
    "enemies.unknown_tier_tuned": (
        ("content.enemies.unknown_tier",),
        enemies(("{tier: lvl5, defense: -2,", "{tier: lvl9, defense: -2,")),
        "entry 'tuning lvl9': field tier: unknown tier; known:",
        "voce 'tuning lvl9': campo tier: rango sconosciuto; ranghi noti:",
    ),
    "enemies.unknown_difficulty": (
        ("content.enemies.unknown_difficulty",),
        enemies(("{id: hard_unbuffed,", "{id: very_hard,")),
        "entry 'difficulty very_hard': field id: unknown difficulty; known: easy, normal,",
        "difficoltà sconosciuta; difficoltà note: easy, normal,",
    ),
    "enemies.missing_tier": (
        ("content.enemies.missing_tier",),
        enemies((BOSS, "")),
        "enemies.yaml: field tiers: missing tier boss",
        "enemies.yaml: campo tiers: manca il rango boss",
    ),
    "enemies.missing_tiers": (
        ("content.enemies.missing_tier",),
        enemies((MINIBOSS, ""), (BOSS, "")),
        "enemies.yaml: field tiers: missing tiers miniboss, boss",
        "enemies.yaml: campo tiers: mancano i ranghi miniboss, boss",
    ),
    "enemies.missing_difficulty": (
        ("content.enemies.missing_difficulty",),
        enemies(("  - {id: hard_trap, value: high, shape: trap, open_slots: []}\n", "")),
        "enemies.yaml: field difficulties: missing difficulty hard_trap",
        "enemies.yaml: campo difficulties: manca la difficoltà hard_trap",
    ),
    "enemies.tuned_range": (
        ("content.enemies.tuned_range",),
        enemies(("{tier: lvl1, attack: -1, defense: -1,", "{tier: lvl1, attack: -3, defense: -1,")),
        "entry 'adventure tuning lvl1': field attack.low: 2 -3 = -1 is outside 0..99",
        "voce 'adventure tuning lvl1': campo attack.low: 2 -3 = -1 non è tra 0 e 99",
    ),
    "enemies.hero_level": (
        ("content.enemies.hero_level",),
        lambda tmp_path, mp: enemy_for_level(10),
        "hero level 10: expected 2..9",
        "Livello dell'eroe 10: va da 2 a 9",
    ),
    # -- the message catalogs a designer or a translator edits (text.py and friends)
    "no_text": (
        ("content.no_text",),
        rendered(lambda: text.render_hero(_training(), "it"), text.MSG, "text.amount", None),
        "tos messages/it.yaml: no text for 'text.amount'",
        "tos messages/it.yaml: manca il testo di 'text.amount'",
    ),
    "no_text_world": (
        ("content.no_text",),
        _render_world(put("cards.0.top.lines.0.label", "main_the_boss.mision")),
        "tos world messages/en.yaml: no text for 'story.main_the_boss.mision'",
        "tos world messages/en.yaml: manca il testo di 'story.main_the_boss.mision'",
    ),
    "no_text_dungeon": (
        ("content.no_text",),
        _render_dungeon(put(f"{LAST}.actions.2.label", "main_the_final_form.bak")),
        "tos dungeon messages/en.yaml: no text for 'story.main_the_final_form.bak'",
        "tos dungeon messages/en.yaml: manca il testo di 'story.main_the_final_form.bak'",
    ),
    "no_text_adventure": (
        ("content.no_text",),
        rendered(
            lambda: adventure_text.render_action(actions.parse_action(HEAL), "it"),
            adventure_text.MSG,
            "act.heal.may",
            None,
        ),
        "tos adventure messages/it.yaml: no text for 'act.heal.may'",
        "tos adventure messages/it.yaml: manca il testo di 'act.heal.may'",
    ),
    "text_placeholder": (
        ("content.text_placeholder",),
        rendered(
            lambda: text.render_hero(_training(), "it"), text.MSG, "text.amount", "{n} {tracciato}"
        ),
        "tos messages/it.yaml: text 'text.amount' has an unknown placeholder {tracciato}",
        "tos messages/it.yaml: il testo 'text.amount' ha un segnaposto sconosciuto {tracciato}",
    ),
    "text_template": (
        ("content.text_template",),
        rendered(
            lambda: text.render_hero(_training(), "it"), text.MSG, "text.amount", "{n} {track"
        ),
        "tos messages/it.yaml: text 'text.amount' is not a valid template (",
        "tos messages/it.yaml: il testo 'text.amount' non è un modello valido (",
    ),
}


@pytest.mark.parametrize("name", CASES)
def test_a_content_error_is_told_in_english_and_italian(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, trigger, english, italian = CASES[name]
    with pytest.raises(TavoloError) as info:
        trigger(tmp_path, monkeypatch)
    err = info.value
    assert english in str(err), str(err)
    told = err.told("it")
    assert italian in told, told
    assert english not in told  # the Italian line is not the English one
    assert err.told("en") == str(err)
    assert "\n" not in told


def test_every_content_key_has_a_case() -> None:
    said = {key for keys, *_ in CASES.values() for key in keys}
    catalog = {key for key in text.MSG.messages["en"] if key.startswith("content.")}
    assert said == catalog
