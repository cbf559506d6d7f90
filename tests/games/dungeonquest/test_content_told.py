"""A designer's mistake in DungeonQuest's content is told in English and in Italian.

Each case copies the shipped content, changes one thing in the loaded data (as a
designer's edit would) and loads the copy: the error's English line is the one it always
was, and its Italian line holds the game's own Italian words.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from tavolo.engine import ContentError
from tavolo.engine.files import read_data
from tavolo.games.dungeonquest import content
from tavolo.games.dungeonquest.content import CONTENT, default_content, load_content
from tavolo.games.dungeonquest.effects import VERBS, Effect
from tavolo.games.dungeonquest.options import SWITCHABLE
from tavolo.games.dungeonquest.words import MSG


class Files(dict[str, Any]):
    """The copied content files, each read on first use and written back after the edit."""

    def __init__(self, folder: Path) -> None:
        super().__init__()
        self.folder = folder

    def __missing__(self, name: str) -> Any:
        self[name] = data = read_data(self.folder / name)
        return data

    def write(self) -> None:
        for name, data in self.items():  # JSON is YAML too
            (self.folder / name).write_text(json.dumps(data), encoding="utf-8")


def by_id(entries: list[Any], entry_id: str) -> Any:
    return next(e for e in entries if e["id"] == entry_id)


def card(files: Files, file: str, card_id: str) -> Any:
    return by_id(files[file]["cards"], card_id)


def rename(mapping: dict[str, Any], old: str, new: str) -> None:
    """``old`` renamed ``new`` in place, keeping the order of the keys."""
    items = [(new if k == old else k, v) for k, v in mapping.items()]
    mapping.clear()
    mapping.update(items)


def curse(files: Files) -> Any:
    """The Curse of the Wizard's roll (d6 on rows 1-2, 3-4, 5-6)."""
    return card(files, "room.yaml", "curse_of_the_wizard")["do"][0]


def crossfire(files: Files, **effect: Any) -> None:
    card(files, "room.yaml", "crossfire_trap")["do"] = [effect]


def no_spider_web(files: Files) -> None:
    """The Spider Web kind and its one tile gone, the Catacombs set one tile smaller."""
    tiles = files["tiles.yaml"]
    tiles["kinds"] = [k for k in tiles["kinds"] if k["id"] != "spider_web"]
    tiles["tiles"] = [g for g in tiles["tiles"] if g["id"] != "spider_web"]
    tiles["sizes"]["catacombs"] = 19
    by_id(files["rings.yaml"]["rings"], "warning")["covers_tiles"] = ["trap", "spider_web"]


def all_expansion_heroes(files: Files) -> None:
    for hero in files["heroes.yaml"]["heroes"]:
        hero["expansion"] = "heroes"


def no_table(files: Files, table_id: str) -> None:
    tables = files["tables.yaml"]
    tables["tables"] = [t for t in tables["tables"] if t["id"] != table_id]


class Case(NamedTuple):
    change: Callable[[Files], None]
    english: str  # the whole line, as before
    italian: str  # a distinctive piece of the Italian line


OPTIONS = ", ".join(SWITCHABLE)
CROSSFIRE = "room.yaml: entry 'crossfire_trap': field do.0"
FUOCO = "room.yaml: voce 'crossfire_trap': campo do.0"
CURSE = "room.yaml: entry 'curse_of_the_wizard': field do.0"
MALEDIZIONE = "room.yaml: voce 'curse_of_the_wizard': campo do.0"

CASES: dict[str, Case] = {
    # dice.py: a dice expression, a table's row (a card's failed do is also too short: 1 more)
    "content.dice_type": Case(
        lambda f: crossfire(f, lose_life=[1]),
        f"{CROSSFIRE}.lose_life: Value error, a dice expression is text like 'd6-2' or a "
        "number, not [1] (and 1 more)",
        f"{FUOCO}.lose_life: valore non valido: un'espressione di dadi è un testo come 'd6-2' "
        "o un numero, non [1]",
    ),
    "content.dice_fixed": Case(
        lambda f: crossfire(f, lose_life=25),
        f"{CROSSFIRE}.lose_life: Value error, fixed amount 25 is above 20 (and 1 more)",
        "il valore fisso 25 supera 20",
    ),
    "content.dice_bad": Case(
        lambda f: crossfire(f, lose_life="d20-armour"),
        f"{CROSSFIRE}.lose_life: Value error, bad dice expression 'd20-armour': write [n]d6 or "
        "[n]d12, optionally /2, +k or -k, and -armour or -luck (e.g. 'd12-armour', '2d6', "
        "'d6-2', '4') (and 1 more)",
        "espressione di dadi 'd20-armour' non valida: scrivi [n]d6 o [n]d12, eventualmente /2",
    ),
    "content.dice_no_die": Case(
        lambda f: crossfire(f, lose_life="+3"),
        f"{CROSSFIRE}.lose_life: Value error, bad dice expression '+3': no die (d6 or d12) "
        "(and 1 more)",
        "espressione di dadi '+3' non valida: manca il dado (d6 o d12)",
    ),
    "content.row_bad": Case(
        lambda f: rename(curse(f)["table"], "1-2", "low"),
        f"{CURSE}: Value error, table row 'low' is not a result or a range like '3-4' (and 1 more)",
        "la riga 'low' della tabella non è un risultato né un intervallo come '3-4'",
    ),
    "content.row_outside": Case(
        lambda f: rename(curse(f)["table"], "5-6", "5-7"),
        f"{CURSE}: Value error, table row '5-7' is outside the roll's results 1-6 (and 1 more)",
        f"{MALEDIZIONE}: valore non valido: la riga '5-7' della tabella esce dai risultati del "
        "tiro, 1-6",
    ),
    # effects.py: one effect, its verb, branches and table
    "content.effect_unknown": Case(
        lambda f: crossfire(f, explode="d12-armour"),
        f"{CROSSFIRE}: Value error, unknown effect verb 'explode'; known: {', '.join(VERBS)} "
        "(and 1 more)",
        f"{FUOCO}: valore non valido: verbo di effetto 'explode' sconosciuto; verbi noti: nothing",
    ),
    "content.effect_verbs": Case(
        lambda f: crossfire(f, lose_life="d6", gain_life="d6"),
        f"{CROSSFIRE}: Value error, an effect has exactly one verb of: {', '.join(VERBS)} "
        "(and 1 more)",
        "un effetto ha uno e un solo verbo tra: nothing, lose_life",
    ),
    "content.effect_flag": Case(
        lambda f: crossfire(f, nothing=False),
        f"{CROSSFIRE}: Value error, nothing is written nothing: true (and 1 more)",
        "nothing si scrive nothing: true",
    ),
    "content.effect_branch": Case(
        lambda f: crossfire(f, lose_life="d12-armour", fail=[{"killed": True}]),
        f"{CROSSFIRE}: Value error, fail goes only with test (and 1 more)",
        "fail va solo con test",
    ),
    "content.effect_branches": Case(
        lambda f: card(f, "room.yaml", "cave_in").update(do=[{"call": 1}]),
        "room.yaml: entry 'cave_in': field do.0: Value error, call needs at least one of "
        "match / miss (and 1 more)",
        "call richiede almeno uno tra match / miss",
    ),
    "content.effect_sneak": Case(
        lambda f: crossfire(f, lose_life="d12-armour", sneak=True),
        f"{CROSSFIRE}: Value error, sneak goes only with monster (and 1 more)",
        "sneak va solo con monster",
    ),
    "content.table_empty": Case(
        lambda f: curse(f).update(table={}),
        f"{CURSE}.table: Value error, a table needs rows (and 1 more)",
        f"{MALEDIZIONE}.table: valore non valido: una tabella deve avere delle righe",
    ),
    "content.table_dice": Case(
        lambda f: curse(f).update(roll="d6+1"),
        f"{CURSE}: Value error, a table is rolled with plain dice (d6, 2d6, d12), not d6+1 "
        "(and 1 more)",
        "una tabella si tira con dadi semplici (d6, 2d6, d12), non con d6+1",
    ),
    "content.roll_table": Case(
        lambda f: curse(f).pop("table"),
        f"{CURSE}: Value error, roll needs a table of results (and 1 more)",
        "roll richiede una tabella dei risultati",
    ),
    "content.table_overlap": Case(
        lambda f: rename(curse(f)["table"], "3-4", "2-4"),
        f"{CURSE}: Value error, table rows '1-2' and '2-4' both hold 2 (and 1 more)",
        "le righe '1-2' e '2-4' della tabella contengono entrambe il risultato 2",
    ),
    "content.table_hole": Case(
        lambda f: rename(curse(f)["table"], "5-6", "6"),
        f"{CURSE}: Value error, table leaves result 5 of d6 without a row (and 1 more)",
        "la tabella lascia senza riga il risultato 5 di d6",
    ),
    # schema.py: tiles, monsters, combat, tables, board
    "content.table_roll": Case(
        lambda f: by_id(f["tables.yaml"]["tables"], "bow").update(do=[{"nothing": True}]),
        "tables.yaml: entry 'bow': field (entry): Value error, a table is one roll effect",
        "tables.yaml: voce 'bow': campo (voce): valore non valido: una tabella è un solo effetto "
        "roll",
    ),
    "content.tile_exits": Case(
        lambda f: by_id(f["tiles.yaml"]["tiles"], "room_oow").update(exits="O X W"),
        "tiles.yaml: entry 'room_oow': field exits: Value error, exit pattern 'O X W' is three "
        "edges left, ahead, right, each O (open), W (wall) or D (door), e.g. 'O D W'",
        "lo schema delle uscite 'O X W' va scritto con tre lati, sinistra, avanti e destra",
    ),
    "content.tile_portcullis": Case(
        lambda f: by_id(f["tiles.yaml"]["tiles"], "portcullis_ooo").pop("entry"),
        "tiles.yaml: entry 'portcullis_ooo': field (entry): Value error, a portcullis tile, "
        "and only one, has entry: P",
        "le tessere grata, e solo loro, hanno entry: P",
    ),
    "content.tile_chasm": Case(
        lambda f: by_id(f["tiles.yaml"]["tiles"], "chasm_left").pop("chasm"),
        "tiles.yaml: entry 'chasm_left': field (entry): Value error, a chasm tile, and only "
        "one, says which side (chasm: left/right)",
        "le tessere baratro, e solo loro, dicono da che lato sta il baratro",
    ),
    "content.tile_fixed": Case(
        lambda f: by_id(f["tiles.yaml"]["tiles"], "pit").update(exits="O O W"),
        "tiles.yaml: entry 'pit': field (entry): Value error, a pit tile has exits W O W",
        "una tessera di tipo pit ha le uscite W O W",
    ),
    "content.tile_doors": Case(
        lambda f: by_id(f["tiles.yaml"]["tiles"], "corridor_ooo").update(exits="O D O"),
        "tiles.yaml: entry 'corridor_ooo': field (entry): Value error, a corridor tile has no "
        "doors",
        "una tessera di tipo corridor non ha porte",
    ),
    "content.tile_darkness": Case(
        lambda f: by_id(f["tiles.yaml"]["tiles"], "darkness_oww").update(exits="W W W"),
        "tiles.yaml: entry 'darkness_oww': field (entry): Value error, a chamber of darkness "
        "has 2 or 3 openings with its entry",
        "una camera dell'oscurità ha 2 o 3 aperture, ingresso compreso",
    ),
    "content.mcard_lp": Case(
        lambda f: card(f, "monster_cards.yaml", "monster_01")["lines"].update(goblin=[13, 0, 2]),
        "monster_cards.yaml: entry 'monster_01': field lines: Value error, goblin: LP values "
        "are 0 (flees / gets away) to 12",
        "goblin: i PV vanno da 0 (fugge / riesci a fuggire) a 12",
    ),
    "content.monster_counters": Case(
        lambda f: by_id(f["monsters.yaml"]["monsters"], "goblin").pop("counters"),
        "monsters.yaml: entry 'goblin': field (entry): Value error, fighters, and only they, "
        "have combat counters",
        "i mostri che combattono, e solo loro, hanno segnalini di combattimento",
    ),
    "content.monster_spider": Case(
        lambda f: by_id(f["monsters.yaml"]["monsters"], "giant_spider").pop("fight"),
        "monsters.yaml: entry 'giant_spider': field (entry): Value error, the spider, and only "
        "it, has fight (and flee) effects",
        "il ragno, e solo lui, ha effetti fight (e flee)",
    ),
    "content.monster_flee": Case(
        lambda f: by_id(f["monsters.yaml"]["monsters"], "goblin").update(flee=[{"nothing": True}]),
        "monsters.yaml: entry 'goblin': field (entry): Value error, only the spider has flee "
        "effects",
        "solo il ragno ha effetti flee",
    ),
    "content.article": Case(
        lambda f: by_id(f["monsters.yaml"]["monsters"], "orc")["name"].update(
            article={"en": "the", "it": "il"}
        ),
        "monsters.yaml: entry 'orc': field name: Value error, the Italian article 'il' does not "
        "go before 'Orco' (l' before a vowel; lo, gli before s + consonant, z, gn, ps, x, y; "
        "il, la, i elsewhere)",
        "l'articolo 'il' non va davanti a 'Orco'",
    ),
    "content.needs_article": Case(
        lambda f: by_id(f["rings.yaml"]["rings"], "healing")["name"].pop("article"),
        "rings.yaml: entry 'healing': field (entry): Value error, Ring of Healing: a name said "
        "inside a sentence needs its article (article: {en: the, it: il})",
        "Ring of Healing: un nome detto dentro una frase ha bisogno del suo articolo",
    ),
    "content.combat_hole": Case(
        lambda f: f["combat.yaml"]["tables"]["symmetric"]["leap_aside"].pop("leap_aside"),
        "combat.yaml: entry 'combat': field (entry): Value error, table symmetric: no result "
        "for leap_aside against leap_aside",
        "tabella symmetric: manca il risultato di leap_aside contro leap_aside",
    ),
    "content.board_off": Case(
        lambda f: f["board.yaml"]["board"].update(chamber=[[6, 4], [6, 10]]),
        "board.yaml: entry 'board': field (entry): Value error, square (6, 10) is off the "
        "13 x 10 board",
        "la casella (6, 10) è fuori dal tabellone di 13 x 10",
    ),
    "content.board_tower": Case(
        lambda f: f["board.yaml"]["board"].update(towers=[[0, 0], [12, 0], [0, 9], [5, 9]]),
        "board.yaml: entry 'board': field (entry): Value error, tower (5, 9) is not in a corner",
        "la torre (5, 9) non è in un angolo",
    ),
    # options.py: a card's variant key
    "content.variant_form": Case(
        lambda f: rename(card(f, "crypt.yaml", "trap_d12")["variants"], "crypt_trap=house", "x"),
        "crypt.yaml: entry 'trap_d12': field variants: variant 'x' is not option=value with an "
        f"option of: {OPTIONS}",
        "crypt.yaml: voce 'trap_d12': campo variants: la variante 'x' non ha la forma "
        "opzione=valore",
    ),
    "content.variant_value": Case(
        lambda f: rename(
            card(f, "crypt.yaml", "trap_d12")["variants"], "crypt_trap=house", "crypt_trap=nasty"
        ),
        "crypt.yaml: entry 'trap_d12': field variants: variant 'crypt_trap=nasty': crypt_trap "
        "is one of errata, house",
        "variante 'crypt_trap=nasty': crypt_trap vale uno tra errata, house",
    ),
    "content.variant_default": Case(
        lambda f: rename(
            card(f, "crypt.yaml", "trap_d12")["variants"], "crypt_trap=house", "crypt_trap=errata"
        ),
        "crypt.yaml: entry 'trap_d12': field variants: variant 'crypt_trap=errata' is the "
        "default; write it as the card's own effects",
        "la variante 'crypt_trap=errata' è già la regola predefinita",
    ),
    # content.py: sections and what no single entry can check
    "content.section": Case(  # the engine's words
        lambda f: rename(f["board.yaml"], "board", "plateau"),
        "board.yaml: missing section 'board'",
        "board.yaml: manca la sezione 'board'",
    ),
    "content.positive": Case(
        lambda f: f["counters.yaml"]["treasure"].update(size=0),
        "counters.yaml: entry 'treasure': field size: a positive number",
        "counters.yaml: voce 'treasure': campo size: serve un numero positivo",
    ),
    "content.entries": Case(
        lambda f: f["counters.yaml"]["treasure"].update(counters="many"),
        "counters.yaml: entry 'treasure': field counters: a list of entries",
        "counters.yaml: voce 'treasure': campo counters: serve un elenco di voci",
    ),
    "content.deck_id": Case(
        lambda f: f["door.yaml"]["deck"].update(id="trap"),
        "door.yaml: entry 'deck': field id: this file holds the door deck, not 'trap'",
        "door.yaml: voce 'deck': campo id: questo file contiene il mazzo door, non 'trap'",
    ),
    "content.deck_size": Case(
        lambda f: card(f, "door.yaml", "door_jammed").update(count=7),
        "door.yaml: entry 'door': field cards: counts add up to 16, the deck holds 15",
        "le quantità fanno 16 in tutto, ma il mazzo ne contiene 15",
    ),
    "content.combat_table": Case(
        lambda f: rename(f["combat.yaml"]["tables"], "asymmetric", "harsh"),
        "combat.yaml: entry 'combat': field tables: needs a table 'asymmetric' (combat_table)",
        "serve una tabella 'asymmetric' (combat_table)",
    ),
    "content.counter_total": Case(
        lambda f: f["counters.yaml"]["treasure"]["counters"][10].update(count=3),  # 200 GP
        "counters.yaml: entry 'treasure': field counters: counts add up to 33, expected 32",
        "le quantità fanno 33 in tutto, ne servono 32",
    ),
    "content.dragon_counters": Case(
        lambda f: by_id(f["counters.yaml"]["dragon"]["counters"], "awake").update(id="roaring"),
        "counters.yaml: entry 'dragon': field counters: needs the counters asleep and awake",
        "servono i segnalini asleep e awake",
    ),
    "content.tile_kind": Case(
        lambda f: f["tiles.yaml"].update(
            kinds=[k for k in f["tiles.yaml"]["kinds"] if k["id"] != "bridge"]
        ),
        "tiles.yaml: entry 'bridge': field kind: no kind 'bridge' under kinds",
        "tiles.yaml: voce 'bridge': campo kind: nessun tipo 'bridge' nella sezione kinds",
    ),
    "content.tile_expansion": Case(
        lambda f: by_id(f["tiles.yaml"]["tiles"], "bridge").pop("expansion"),
        "tiles.yaml: entry 'bridge': field expansion: bridge tiles need catacombs",
        "le tessere di tipo bridge richiedono catacombs",
    ),
    "content.tile_sizes": Case(
        lambda f: f["tiles.yaml"].update(sizes=[115, 20]),
        "tiles.yaml: entry 'sizes': a mapping base/catacombs: count",
        "tiles.yaml: voce 'sizes': serve una mappa base/catacombs: numero di tessere",
    ),
    "content.tile_total": Case(
        lambda f: by_id(f["tiles.yaml"]["tiles"], "room_ooo").update(count=13),
        "tiles.yaml: entry 'sizes': field base: tile counts add up to 114, expected 115",
        "le tessere fanno 114 in tutto, ne servono 115",
    ),
    "content.ref_monster": Case(
        lambda f: card(f, "room.yaml", "goblin").update(do=[{"monster": "hobgoblin"}]),
        "room.yaml: entry 'goblin': field do: no fighting monster 'hobgoblin'",
        "room.yaml: voce 'goblin': campo do: nessun mostro 'hobgoblin' che combatta",
    ),
    "content.ref_sneak": Case(
        lambda f: card(f, "room.yaml", "giant_spider").update(
            do=[{"monster": "giant_spider", "sneak": True}]
        ),
        "room.yaml: entry 'giant_spider': field do: giant_spider cannot make a sneak attack",
        "giant_spider non può attaccare a sorpresa",
    ),
    "content.ref_creature": Case(
        lambda f: card(f, "room.yaml", "vampire_bats")["do"][0].update(creature="bats"),
        "room.yaml: entry 'vampire_bats': field do: no creature 'bats'",
        "nessuna creatura 'bats'",
    ),
    "content.ref_table": Case(
        lambda f: no_table(f, "potion"),
        "items.yaml: entry 'potion': field do: no table 'potion' in tables.yaml",
        "items.yaml: voce 'potion': campo do: nessuna tabella 'potion' in tables.yaml",
    ),
    "content.ref_item": Case(
        lambda f: f["items.yaml"].update(
            items=[i for i in f["items.yaml"]["items"] if i["id"] != "rope"]
        ),
        "room.yaml: entry 'trapdoor': field each_turn: no item 'rope' in items.yaml",
        "nessun oggetto 'rope' in items.yaml",
    ),
    "content.card_hold": Case(
        lambda f: card(f, "room.yaml", "torch_goes_out").pop("each_turn"),
        "room.yaml: entry 'torch_goes_out': field each_turn: a card that says hold needs "
        "each_turn, and back",
        "una carta che dice hold richiede each_turn, e viceversa",
    ),
    "content.card_shuffle": Case(
        lambda f: card(f, "room.yaml", "shuffle")["do"].append({"nothing": True}),
        "room.yaml: entry 'shuffle': field do: a Shuffle card does nothing else",
        "una carta Mescola non fa nient'altro",
    ),
    "content.mcard_missing": Case(
        lambda f: rename(card(f, "monster_cards.yaml", "monster_03")["lines"], "goblin", "imp"),
        "monster_cards.yaml: entry 'monster_03': field lines: no line for goblin",
        "manca la riga di goblin",
    ),
    "content.mcard_extra": Case(
        lambda f: card(f, "monster_cards.yaml", "monster_01")["lines"].update(
            vampire_bats=[0, 0, 0]
        ),
        "monster_cards.yaml: entry 'monster_01': field lines: 'vampire_bats' is not a fighter",
        "'vampire_bats' non è un mostro che combatte",
    ),
    "content.heroes_base": Case(
        all_expansion_heroes,
        "heroes.yaml: needs at least one base hero",
        "heroes.yaml: serve almeno un eroe del gioco base",
    ),
    "content.hero_table": Case(
        lambda f: no_table(f, "bow"),
        "heroes.yaml: entry 'el_adoran': field missile.table: no table 'bow'",
        "heroes.yaml: voce 'el_adoran': campo missile.table: nessuna tabella 'bow'",
    ),
    "content.ring_covers": Case(
        lambda f: by_id(f["rings.yaml"]["rings"], "warning").update(covers=["boulder"]),
        "rings.yaml: entry 'warning': field covers: no Room or Trap card 'boulder'",
        "nessuna carta Stanza o Trappola 'boulder'",
    ),
    "content.ring_tiles": Case(
        no_spider_web,
        "rings.yaml: entry 'warning': field covers_tiles: no tile kind 'spider_web'",
        "nessun tipo di tessera 'spider_web'",
    ),
    "content.item_monster": Case(
        lambda f: by_id(f["items.yaml"]["items"], "potion").update(not_against=["dragon"]),
        "items.yaml: entry 'potion': field not_against: no monster 'dragon'",
        "items.yaml: voce 'potion': campo not_against: nessun mostro 'dragon'",
    ),
    "content.tables_missing": Case(
        lambda f: no_table(f, "bow_spider"),
        "tables.yaml: needs the table 'bow_spider'",
        "tables.yaml: manca la tabella 'bow_spider'",
    ),
}


def load_changed(tmp_path: Path, change: Callable[[Files], None]) -> ContentError:
    folder = tmp_path / "content"
    shutil.copytree(CONTENT, folder)
    files = Files(folder)
    change(files)
    files.write()
    with pytest.raises(ContentError) as err:
        load_content(folder)
    return err.value


def test_the_rewritten_copy_loads(tmp_path: Path) -> None:
    """Every file read and written back as JSON, unchanged: the cases' only change is theirs."""
    folder = tmp_path / "content"
    shutil.copytree(CONTENT, folder)
    files = Files(folder)
    for path in sorted(CONTENT.iterdir()):
        assert files[path.name], path  # read, to be written back
    files.write()
    assert len(load_content(folder).tiles()) == 115


@pytest.mark.parametrize("key", CASES)
def test_told_in_english_and_italian(tmp_path: Path, key: str) -> None:
    case = CASES[key]
    err = load_changed(tmp_path, case.change)
    assert str(err) == case.english
    assert err.told("en") == case.english
    italian = err.told("it")
    assert case.italian in italian, italian
    assert "\n" not in italian
    # the message itself is the game's Italian (or the engine's), not its English
    assert italian != case.english


def test_every_content_key_has_a_case() -> None:
    """Each ``content.*`` message of the catalog is met by a case (ref_deck: see below)."""
    said = {k for k in MSG.messages["en"] if k.startswith("content.")}
    assert said - set(CASES) == {"content.ref_deck"}


def test_a_deck_no_card_can_name_is_told_too() -> None:
    """``draw`` is one of the decks by its schema, so only a card built around the schema
    reaches this check; it still names the deck in both languages."""
    c = default_content()
    bad = Effect.model_construct(draw="cellar")
    with pytest.raises(ContentError) as err:
        content._refs(c, "room", "crypt", "do", [bad])
    assert str(err.value) == "room.yaml: entry 'crypt': field do: no deck 'cellar'"
    assert "room.yaml: voce 'crypt': campo do: nessun mazzo 'cellar'" in err.value.told("it")
