"""A designer's mistake in a content file is told in English and in Italian.

Every message of the game's own (``content.*`` in messages/) is triggered here from the
shipped content with one thing changed: an entry validated against its schema, or a copy of
the content folder read by the loader. Each case names its catalog key, the English line
(as it always was) and a distinctive piece of the Italian one.
"""

from __future__ import annotations

import copy
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml
from pydantic import BaseModel

from tavolo.engine import ContentError
from tavolo.engine.content import validate_entry
from tavolo.engine.errors import SaidValue
from tavolo.games.platformer.content import CONTENT, load_content
from tavolo.games.platformer.schema import (
    Artifact,
    AttackCard,
    Boss,
    Dice,
    Enemy,
    Event,
    Hero,
    Item,
    Potion,
    Tile,
)
from tavolo.games.platformer.text import render_artifact, render_attack_card

MESSAGES = Path(CONTENT).parent / "messages"
MODELS: dict[str, type[BaseModel]] = {
    "dice": Dice,
    "tiles": Tile,
    "heroes": Hero,
    "enemies": Enemy,
    "bosses": Boss,
    "attack_cards": AttackCard,
    "items": Item,
    "potions": Potion,
    "artifacts": Artifact,
    "events": Event,
}
Change = Callable[[Any], None]


def read(file: str) -> Any:
    return yaml.safe_load((CONTENT / file).read_text(encoding="utf-8"))


def _walk(data: Any, path: str) -> tuple[Any, str | int]:
    """The container holding ``path`` (dotted, list positions as numbers) and its last step."""
    *head, last = path.split(".")
    for step in head:
        data = data[int(step)] if isinstance(data, list) else data[step]
    return data, int(last) if isinstance(data, list) else last


def put(path: str, value: Any) -> Change:
    def change(data: Any) -> None:
        box, last = _walk(data, path)
        box[last] = value

    return change


def drop(path: str) -> Change:
    def change(data: Any) -> None:
        box, last = _walk(data, path)
        del box[last]

    return change


def line(i: int, old: str, new: str) -> Change:
    """Line ``i`` of a tile's grid with ``old`` written as ``new`` (once)."""

    def change(tile: Any) -> None:
        assert old in tile["grid"][i], (tile["grid"][i], old)
        tile["grid"][i] = tile["grid"][i].replace(old, new, 1)

    return change


def both(*changes: Change) -> Change:
    def change(data: Any) -> None:
        for c in changes:
            c(data)

    return change


def entry_of(section: list[Any], entry: str) -> Any:
    return next(e for e in section if e["id"] == entry)


def key_of(err: ContentError) -> str:
    """The catalog key that told the error: the game's reason inside the engine's frame."""
    reason = err.params.get("reason")
    if reason is None:
        return err.key
    if isinstance(reason, SaidValue):  # a loader's cross-check
        return reason.key
    said = reason.ctx.get("error")  # a schema validator's, through pydantic
    assert isinstance(said, SaidValue), reason.ctx
    return said.key


# -- schema validators: one entry, one change -------------------------------------------


@dataclass(frozen=True)
class Entry:
    file: str
    section: str
    entry: str  # its id ("dice": the dice file's only entry)
    change: Change
    key: str
    en: str
    it: str


ENTRIES: dict[str, Entry] = {
    # tiles.py: the grid notation
    "grid-lines": Entry(
        "tiles_forest.yaml",
        "tiles",
        "forest_01",
        drop("grid.7"),
        "content.grid.lines",
        "field grid: Value error, a tile has 8 lines (4 space lines, 4 floor lines), not 7",
        "campo grid: valore non valido: una tessera ha 8 linee (4 linee di Spazi, 4 linee di "
        "pavimenti), non 7",
    ),
    "grid-size": Entry(
        "tiles_forest.yaml",
        "tiles",
        "forest_01",
        line(0, "E|", "E"),
        "content.grid.size",
        "line 1 '|$ . . E': has 8 characters, expected 9",
        "linea 1 '|$ . . E': ha 8 caratteri, ne servono 9",
    ),
    "grid-space": Entry(
        "tiles_forest.yaml",
        "tiles",
        "forest_01",
        line(0, "$ . . E", "$ . ? E"),
        "content.grid.space",
        "line 1 '|$ . ? E|': unknown space '?' at column 6",
        "linea 1 '|$ . ? E|': Spazio sconosciuto '?' alla colonna 6",
    ),
    "grid-edge": Entry(
        "tiles_forest.yaml",
        "tiles",
        "forest_01",
        line(0, ". E|", ".:E|"),
        "content.grid.edge",
        "line 1 '|$ . .:E|': unknown edge ':' at column 7",
        "bordo sconosciuto ':' alla colonna 7",
    ),
    "grid-floor": Entry(
        "tiles_forest.yaml",
        "tiles",
        "forest_01",
        line(1, " =     = ", " #     = "),
        "content.grid.floor",
        "line 2 ' #     = ': unknown floor '#' at column 2",
        "pavimento sconosciuto '#' alla colonna 2",
    ),
    "grid-joint": Entry(
        "tiles_forest.yaml",
        "tiles",
        "forest_01",
        line(1, " =     = ", "#=     = "),
        "content.grid.joint",
        "line 2 '#=     = ': unknown joint '#' at column 1",
        "giunzione sconosciuta '#' alla colonna 1",
    ),
    # schema.py: dice
    "action-die": Entry(
        "dice.yaml",
        "dice",
        "dice",
        put("action", ["MOVE"] * 6),
        "content.action_die",
        "the action die shows every symbol at least once",
        "il dado Azione deve mostrare ogni Simbolo almeno una volta",
    ),
    "enemy-die": Entry(
        "dice.yaml",
        "dice",
        "dice",
        put("enemy", ["ATTACK"] * 6),
        "content.enemy_die",
        "the enemy die shows ATTACK, LEFT and RIGHT",
        "il dado Nemico deve mostrare ATTACK, LEFT e RIGHT",
    ),
    "special-die": Entry(
        "dice.yaml",
        "dice",
        "dice",
        put("special", ["MOVE", "MOVE", "SWORD", "COIN", "PUSH", "STAR"]),
        "content.special_die",
        "the special die shows BLANK and every symbol",
        "il dado Speciale deve mostrare BLANK e ogni Simbolo",
    ),
    # schema.py: what a tile holds
    "portal": Entry(
        "tiles_forest.yaml",
        "tiles",
        "forest_01",
        line(0, "|$", "|O"),
        "content.portal",
        "Void portals (O) exist only on void tiles",
        "i Portali del Vuoto (O) si trovano solo sulle tessere del Vuoto",
    ),
    "boss-bottom": Entry(
        "tiles_forest.yaml",
        "tiles",
        "forest_boss_1",
        line(7, "^^^^^^^", "======="),
        "content.boss_tile.bottom",
        "a boss tile's bottom line is one-way (^) everywhere",
        "in una tessera del Boss la linea in basso è tutta a senso unico (^)",
    ),
    "boss-no-B": Entry(
        "tiles_forest.yaml",
        "tiles",
        "forest_boss_1",
        line(2, "B", "."),
        "content.boss_tile.boss_formation",
        "a boss tile needs a boss formation space (B)",
        "deve avere uno Spazio Formazione del Boss (B)",
    ),
    "boss-no-shop": Entry(
        "tiles_forest.yaml",
        "tiles",
        "forest_boss_1",
        line(6, "S", "."),
        "content.boss_tile.shop",
        "a boss tile needs a shop space (S)",
        "deve avere uno Spazio Negozio (S)",
    ),
    "boss-no-special": Entry(
        "tiles_forest.yaml",
        "tiles",
        "forest_boss_1",
        both(line(0, "!", "."), line(4, "!", ".")),
        "content.boss_tile.special",
        "a boss tile needs a special icon space (!)",
        "deve avere uno Spazio speciale (!)",
    ),
    "boss-no-E": Entry(
        "tiles_forest.yaml",
        "tiles",
        "forest_boss_1",
        line(4, "E", "."),
        "content.boss_tile.formation",
        "a boss tile needs a formation space (E) for summons",
        "deve avere uno Spazio Formazione (E) per le evocazioni",
    ),
    "boss-spaces": Entry(
        "tiles_forest.yaml",
        "tiles",
        "forest_01",
        line(0, "$ . . E", "$ B . E"),
        "content.boss_spaces",
        "B and ! spaces are for boss tiles only",
        "gli Spazi B e ! vanno solo sulle tessere del Boss",
    ),
    "boss-one-way": Entry(
        "tiles_forest.yaml",
        "tiles",
        "forest_01",
        line(1, " =     = ", " ^     = "),
        "content.boss_one_way",
        "one-way platforms (^) are for boss tiles only",
        "le Piattaforme a senso unico (^) vanno solo sulle tessere del Boss",
    ),
    "formations": Entry(
        "tiles_forest.yaml",
        "tiles",
        "forest_01",
        both(line(0, "E", "."), line(6, "E", ".")),
        "content.formations",
        "a normal tile has 1 or 2 formation spaces (E)",
        "una tessera normale ha 1 o 2 Spazi Formazione (E)",
    ),
    "floats": Entry(
        "tiles_forest.yaml",
        "tiles",
        "forest_01",
        line(1, " =     = ", " =       "),
        "content.floats",
        "formation space at row 1, column 4 floats",
        "lo Spazio Formazione alla riga 1, colonna 4 è sospeso nel nulla",
    ),
    # schema.py: cards
    "hero-kind": Entry(
        "heroes.yaml",
        "heroes",
        "sweety",
        put("ability.kind", "exhaust"),
        "content.hero_kind",
        "field (entry): Value error, ability: a hero ability is passive or once_per_turn",
        "campo (voce): valore non valido: ability: l'abilità di un Eroe è passive o once_per_turn",
    ),
    "hero-trigger": Entry(
        "heroes.yaml",
        "heroes",
        "sweety",
        both(put("ability.trigger", "attacks"), drop("ability.symbol")),
        "content.hero_trigger",
        "ability: a hero ability uses hero triggers",
        "ability: l'abilità di un Eroe usa i trigger degli Eroi",
    ),
    "star": Entry(
        "heroes.yaml",
        "heroes",
        "sweety",
        put("star", ["SWORD", "SWORD"]),
        "content.star",
        "star: distinct symbols other than STAR",
        "star: Simboli diversi tra loro, STAR escluso",
    ),
    "loot": Entry(
        "enemies.yaml",
        "enemies",
        "mossling",
        put("loot", {}),
        "content.loot_empty",
        "field loot: Value error, loot gives something",
        "campo loot: valore non valido: il Bottino deve dare qualcosa",
    ),
    "enemy-ability": Entry(
        "enemies.yaml",
        "enemies",
        "werewolf",
        put("ability.trigger", "defeat"),
        "content.enemy_ability",
        "an enemy ability is passive with a trigger of: attacks, hero_moves_adjacent, "
        "defeated, survives, pushed, always",
        "l'abilità di un Nemico è passive, con un trigger tra: attacks, hero_moves_adjacent",
    ),
    "setup-token": Entry(
        "bosses.yaml",
        "bosses",
        "medusa",
        drop("setup.1.token"),
        "content.setup_token",
        "field setup.1: Value error, place: token needs token, and token needs place: token",
        "place: token richiede token, e token richiede place: token",
    ),
    "boss-token": Entry(
        "bosses.yaml",
        "bosses",
        "medusa",
        put("tokens.0.ability.kind", "exhaust"),
        "content.boss_token",
        "a boss token is passive or one_shot (discarded), with hero triggers",
        "un segnalino boss è passive o one_shot (si scarta), con i trigger degli Eroi",
    ),
    "summon-tier": Entry(
        "bosses.yaml",
        "bosses",
        "medusa",
        put("summon.tier", 1),
        "content.summon_tier",
        "summon: a summon has no tier",
        "summon: un'evocazione non ha tier",
    ),
    "setup-boss": Entry(
        "bosses.yaml",
        "bosses",
        "medusa",
        drop("setup.0"),
        "content.setup_boss",
        "setup: places the boss",
        "setup: deve posizionare il Boss",
    ),
    "setup-unknown": Entry(
        "bosses.yaml",
        "bosses",
        "medusa",
        put("setup.1.token", "snake"),
        "content.setup_unknown",
        "setup: unknown token 'snake'",
        "setup: segnalino sconosciuto 'snake'",
    ),
    "boss-rule": Entry(
        "bosses.yaml",
        "bosses",
        "medusa",
        put("rules.1.kind", "once_per_turn"),
        "content.boss_rule",
        "rules: a boss rule is passive",
        "rules: una regola del Boss è passive",
    ),
    "boss-verb": Entry(
        "bosses.yaml",
        "attack_cards",
        "slither",
        put("do.0.who", "in_range"),
        "content.boss_verb",
        "field do: Value error, boss_move is done by the boss: no who",
        "campo do: valore non valido: boss_move lo fa il Boss: niente who",
    ),
    "hero-verb": Entry(
        "bosses.yaml",
        "attack_cards",
        "venom_fangs",
        drop("do.0.who"),
        "content.hero_verb",
        "strike needs who: in_range, active or all_heroes",
        "strike richiede who: in_range, active o all_heroes",
    ),
    "item": Entry(
        "items.yaml",
        "items",
        "speed_boots",
        put("ability.kind", "once_per_turn"),
        "content.item",
        "an item is passive or exhaust, with hero triggers",
        "un Oggetto è passive o exhaust, con i trigger degli Eroi",
    ),
    "potion": Entry(
        "potions.yaml",
        "potions",
        "healing_draught",
        put("ability.kind", "exhaust"),
        "content.potion",
        "a potion is one_shot, with hero triggers",
        "una Pozione è one_shot, con i trigger degli Eroi",
    ),
    "claim": Entry(
        "artifacts.yaml",
        "artifacts",
        "climber_crown",
        put("claim.trigger", "action"),
        "content.claim",
        "field claim: Value error, a claim uses a hero trigger other than action",
        "la condizione per prendere un artefatto usa un trigger degli Eroi diverso da action",
    ),
    "claim-use-symbol": Entry(
        "artifacts.yaml",
        "artifacts",
        "climber_crown",
        put("claim.trigger", "use_symbol"),
        "content.use_symbol",
        "field claim: Value error, trigger use_symbol needs symbol, and symbol needs it",
        "il trigger use_symbol richiede symbol, e symbol richiede quel trigger",
    ),
    "artifact": Entry(
        "artifacts.yaml",
        "artifacts",
        "climber_crown",
        put("ability.kind", "one_shot"),
        "content.artifact",
        "an artifact works like an item: passive or exhaust",
        "un artefatto funziona come un Oggetto: passive o exhaust",
    ),
    "event": Entry(
        "events.yaml",
        "events",
        "crystal_cave",
        put("ability.kind", "exhaust"),
        "content.event",
        "ability: an event is passive, with a hero trigger",
        "ability: un Evento è passive, con un trigger degli Eroi",
    ),
    "event-timing": Entry(
        "events.yaml",
        "events",
        "gem_vein",
        put("timing", "this_turn"),
        "content.event_timing",
        "timing: end_of_turn events, and only they, use trigger turn_end",
        "timing: gli Eventi end_of_turn, e solo loro, usano il trigger turn_end",
    ),
    # effects.py: the effect language
    "condition-empty": Entry(
        "items.yaml",
        "items",
        "speed_boots",
        put("ability.if", [{}]),
        "content.condition_empty",
        "field ability.if.0: Value error, a condition needs at least one field",
        "campo ability.if.0: valore non valido: una condizione richiede almeno un campo",
    ),
    "rolled": Entry(
        "items.yaml",
        "items",
        "speed_boots",
        put("ability.if", [{"rolled": "MOVE"}]),
        "content.rolled",
        "rolled and rolled_at_least go together",
        "rolled e rolled_at_least vanno insieme",
    ),
    "one-verb": Entry(
        "potions.yaml",
        "potions",
        "healing_draught",
        put("ability.do.0.move", 2),
        "content.one_verb",
        "field ability.do.0: Value error, an effect has exactly one verb of: gain, lose, ",
        "campo ability.do.0: valore non valido: un effetto ha esattamente un verbo tra: gain, ",
    ),
    "counted": Entry(
        "items.yaml",
        "items",
        "speed_boots",
        put("ability.do.0.n", 2),
        "content.counted",
        "n goes only with gain, lose, draw, discard",
        "n va solo con gain, lose, draw, discard",
    ),
    "true-verb": Entry(
        "items.yaml",
        "items",
        "speed_boots",
        put("ability.do", [{"restore": False}]),
        "content.true_verb",
        "restore is written restore: true",
        "restore si scrive restore: true",
    ),
    "dice-zero": Entry(
        "items.yaml",
        "items",
        "speed_boots",
        put("ability.do", [{"dice": 0}]),
        "content.dice_zero",
        "dice needs a number other than 0",
        "dice richiede un numero diverso da 0",
    ),
    "cost-empty": Entry(
        "items.yaml",
        "items",
        "speed_boots",
        put("ability.pay", {}),
        "content.cost_empty",
        "field ability.pay: Value error, a cost needs something to pay",
        "campo ability.pay: valore non valido: un costo deve far pagare qualcosa",
    ),
    "use-symbol": Entry(
        "items.yaml",
        "items",
        "speed_boots",
        put("ability.trigger", "use_symbol"),
        "content.use_symbol",
        "field ability: Value error, trigger use_symbol needs symbol, and symbol needs it",
        "il trigger use_symbol richiede symbol, e symbol richiede quel trigger",
    ),
    "passive-action": Entry(
        "items.yaml",
        "items",
        "speed_boots",
        put("ability.kind", "passive"),
        "content.passive_action",
        "a passive ability needs a trigger other than action",
        "un'abilità passive richiede un trigger diverso da action",
    ),
    "passive-cost": Entry(
        "heroes.yaml",
        "heroes",
        "sweety",
        put("ability.pay", {"coin": 1}),
        "content.passive_cost",
        "a passive ability has no cost",
        "un'abilità passive non ha costo",
    ),
    "prevent": Entry(
        "items.yaml",
        "items",
        "speed_boots",
        put("ability.do", [{"prevent": 1}]),
        "content.prevent",
        "prevent answers only trigger wounded or attacked",
        "prevent risponde solo ai trigger wounded o attacked",
    ),
    "always-plain": Entry(
        "bosses.yaml",
        "bosses",
        "medusa",
        put("rules.0.optional", True),
        "content.always_plain",
        "an always rule has no condition, cost or option",
        "una regola always non ha condizioni, costo né opzione",
    ),
    "always-verbs": Entry(
        "bosses.yaml",
        "bosses",
        "medusa",
        put("rules.0.do", [{"move": 1}]),
        "content.always_verbs",
        "an always rule uses only ignore, max_hearts, discount, dice",
        "una regola always usa solo ignore, max_hearts, discount, dice",
    ),
}


def shipped(case: Entry) -> Any:
    """The entry as shipped (a copy)."""
    data = read(case.file)[case.section]
    return copy.deepcopy(data if case.section == "dice" else entry_of(data, case.entry))


@pytest.mark.parametrize("case", ENTRIES.values(), ids=ENTRIES.keys())
def test_a_schema_message_is_told_in_both_languages(case: Entry) -> None:
    model = MODELS[case.section]
    data = shipped(case)
    validate_entry(model, data, case.file, case.entry)  # as shipped: no error
    case.change(data)
    with pytest.raises(ContentError) as caught:
        validate_entry(model, data, case.file, case.entry)
    err = caught.value
    assert key_of(err) == case.key
    en, it = str(err), err.told("it")
    assert en.startswith(f"{case.file}: entry {case.entry!r}: field ") and case.en in en, en
    assert it.startswith(f"{case.file}: voce {case.entry!r}: campo ") and case.it in it, it
    assert err.told("en") == en and "Value error" not in it


# -- the loader's cross-checks: a copy of the content folder with one file changed --------


@dataclass(frozen=True)
class Folder:
    file: str
    change: Change  # of the file's whole data
    key: str
    en: str  # the whole English line
    it: str


def cards_of(boss: str, old: str, new: str) -> Change:
    """``boss``'s attack cards showing ``old`` show ``new``."""

    def change(data: Any) -> None:
        for card in data["attack_cards"]:
            if card["boss"] == boss and card["symbol"] == old:
                card["symbol"] = new

    return change


def keep_cards(boss: str, n: int) -> Change:
    def change(data: Any) -> None:
        mine = [c for c in data["attack_cards"] if c["boss"] == boss][n:]
        data["attack_cards"] = [c for c in data["attack_cards"] if c not in mine]

    return change


def keep_tiles(boss: bool, n: int) -> Change:
    """Only the first ``n`` tiles of the kind (boss or normal); the others as they are."""

    def change(data: Any) -> None:
        mine = [t for t in data["tiles"] if bool(t.get("boss")) == boss][n:]
        data["tiles"] = [t for t in data["tiles"] if t not in mine]

    return change


def rename(old: str, new: str) -> Change:
    def change(data: Any) -> None:
        data[new] = data.pop(old)

    return change


def in_entry(section: str, entry: str, change: Change) -> Change:
    def apply(data: Any) -> None:
        change(entry_of(data[section], entry))

    return apply


def tier_3_as_2(data: Any) -> None:
    for e in data["enemies"]:
        if e.get("tier") == 3:
            e["tier"] = 2


FOLDERS: dict[str, Folder] = {
    "dice-section": Folder(
        "dice.yaml",
        rename("dice", "die"),
        "content.section",  # the engine's words
        "dice.yaml: missing section 'dice'",
        "dice.yaml: manca la sezione 'dice'",
    ),
    "tier": Folder(
        "enemies.yaml",
        tier_3_as_2,
        "content.tier",
        "enemies.yaml: needs an enemy card of tier 3",
        "enemies.yaml: serve almeno una carta Nemico di livello 3",
    ),
    "unknown-boss": Folder(
        "bosses.yaml",
        in_entry("attack_cards", "stone_gaze", put("boss", "gorgon")),
        "content.unknown_boss",
        "bosses.yaml: entry 'stone_gaze': field boss: unknown boss 'gorgon'",
        "bosses.yaml: voce 'stone_gaze': campo boss: Boss sconosciuto 'gorgon'",
    ),
    "faces": Folder(
        "bosses.yaml",
        in_entry("attack_cards", "stone_gaze", put("symbol", "SWORD")),
        "content.faces",
        "bosses.yaml: entry 'stone_gaze': field symbol: medusa's cards show one of ATTACK, "
        "LEFT, RIGHT",
        "bosses.yaml: voce 'stone_gaze': campo symbol: le carte di medusa mostrano una faccia "
        "tra ATTACK, LEFT, RIGHT",
    ),
    "face-cards": Folder(
        "bosses.yaml",
        cards_of("medusa", "RIGHT", "LEFT"),
        "content.face_cards",
        "bosses.yaml: entry 'medusa': needs an attack card per enemy face",
        "bosses.yaml: voce 'medusa': serve una carta Attacco per ogni faccia del dado Nemico",
    ),
    "attack-cards": Folder(
        "bosses.yaml",
        keep_cards("ikee", 1),
        "content.attack_cards",
        "bosses.yaml: entry 'ikee': needs at least 2 attack cards",
        "bosses.yaml: voce 'ikee': servono almeno 2 carte Attacco",
    ),
    "no-token": Folder(
        "bosses.yaml",
        in_entry("attack_cards", "stone_gaze", put("do.0.take_token", "snake")),
        "content.no_token",
        "bosses.yaml: entry 'stone_gaze': field do: medusa has no token 'snake'",
        "bosses.yaml: voce 'stone_gaze': campo do: medusa non ha il segnalino 'snake'",
    ),
    "no-token-rules": Folder(
        "bosses.yaml",
        in_entry("bosses", "medusa", put("rules.1.do.0.take_token", "feather")),
        "content.no_token",
        "bosses.yaml: entry 'medusa': field rules: medusa has no token 'feather'",
        "bosses.yaml: voce 'medusa': campo rules: medusa non ha il segnalino 'feather'",
    ),
    "boss-only": Folder(
        "items.yaml",
        in_entry("items", "speed_boots", put("ability.do", [{"take_token": "stone"}])),
        "content.boss_only",
        "items.yaml: entry 'speed_boots': field ability: take_token is for bosses only",
        "items.yaml: voce 'speed_boots': campo ability: take_token è solo per i Boss",
    ),
    "tile-id": Folder(
        "tiles_forest.yaml",
        in_entry("tiles", "forest_01", put("id", "void_99")),
        "content.tile_id",
        "tiles_forest.yaml: entry 'void_99': field id: starts with forest_",
        "tiles_forest.yaml: voce 'void_99': campo id: deve iniziare con forest_",
    ),
    "boss-tiles": Folder(
        "tiles_void.yaml",
        keep_tiles(True, 1),
        "content.boss_tiles",
        "tiles_void.yaml: needs exactly 2 boss tiles (boss: true)",
        "tiles_void.yaml: servono esattamente 2 tessere del Boss (boss: true)",
    ),
    "normal-tiles": Folder(
        "tiles_forest.yaml",
        keep_tiles(False, 7),
        "content.normal_tiles",
        "tiles_forest.yaml: needs at least 8 normal tiles (an extended map)",
        "tiles_forest.yaml: servono almeno 8 tessere normali (quante ne usa la Mappa estesa)",
    ),
}


@pytest.mark.parametrize("case", FOLDERS.values(), ids=FOLDERS.keys())
def test_a_cross_check_is_told_in_both_languages(tmp_path: Path, case: Folder) -> None:
    folder = tmp_path / "content"
    shutil.copytree(CONTENT, folder)
    data = read(case.file)
    case.change(data)
    (folder / case.file).write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_content(folder)
    err = caught.value
    assert key_of(err) == case.key
    assert (str(err), err.told("it")) == (case.en, case.it)


def test_the_rewritten_copy_loads(tmp_path: Path) -> None:
    """The cross-checks' copies differ from the shipped files only by their change."""
    folder = tmp_path / "content"
    shutil.copytree(CONTENT, folder)
    for file in {c.file for c in FOLDERS.values()}:
        (folder / file).write_text(yaml.safe_dump(read(file), allow_unicode=True), "utf-8")
    assert len(load_content(folder).tiles) == 32


# -- card text: an entry the schema accepts but no catalog words -------------------------


def test_an_artifact_claim_without_words() -> None:
    data = copy.deepcopy(entry_of(read("artifacts.yaml")["artifacts"], "climber_crown"))
    put("claim.trigger", "always")(data)
    card = Artifact.model_validate(data)
    with pytest.raises(ContentError) as caught:
        render_artifact(card, "it")
    err = caught.value
    assert err.key == "content.no_text"
    assert str(err) == "platformer messages/it.yaml: no text for 'trigger.always'"
    assert err.told("it") == "platformer messages/it.yaml: manca il testo per 'trigger.always'"


def test_an_effect_without_words() -> None:
    data = copy.deepcopy(entry_of(read("bosses.yaml")["attack_cards"], "venom_fangs"))
    put("do.0.who", "active")(data)
    card = AttackCard.model_validate(data)
    with pytest.raises(ContentError) as caught:
        render_attack_card(card, "en")
    err = caught.value
    assert err.key == "content.no_text"
    assert str(err) == "platformer messages/en.yaml: no text for 'fx.strike.active'"
    assert err.told("it") == "platformer messages/en.yaml: manca il testo per 'fx.strike.active'"


# -- every message has its case -------------------------------------------------------------


def test_every_content_message_is_triggered_here() -> None:
    catalog = yaml.safe_load((MESSAGES / "en.yaml").read_text(encoding="utf-8"))
    keys = {k for k in catalog if k.startswith("content.")}
    tried = {c.key for c in ENTRIES.values()} | {c.key for c in FOLDERS.values()}
    assert keys == (tried - {"content.section"}) | {"content.no_text"}
