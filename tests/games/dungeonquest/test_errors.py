"""Bad content gives one clear error line naming the file, the entry and the field."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tavolo.engine import ContentError
from tavolo.games.dungeonquest.content import CONTENT, load_content


def broken(tmp_path: Path, file: str, old: str, new: str) -> Path:
    """A copy of the shipped content with one change in one file."""
    folder = tmp_path / "content"
    shutil.copytree(CONTENT, folder)
    path = folder / file
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder


def error(folder: Path) -> str:
    with pytest.raises(ContentError) as err:
        load_content(folder)
    message = str(err.value)
    assert "\n" not in message
    return message


def test_the_copy_loads(tmp_path: Path) -> None:
    folder = tmp_path / "content"
    shutil.copytree(CONTENT, folder)
    assert len(load_content(folder).tiles()) == 115


CASES = [
    # a tile with a broken exit pattern
    (
        "tiles.yaml",
        "{id: room_oow, kind: room, exits: O O W",
        "{id: room_oow, kind: room, exits: O X W",
        "tiles.yaml: entry 'room_oow': field exits: Value error, exit pattern 'O X W' is three",
    ),
    (
        "tiles.yaml",
        "{id: room_oow, kind: room, exits: O O W",
        "{id: room_oow, kind: room, exits: O O",
        "tiles.yaml: entry 'room_oow': field exits: Value error, exit pattern 'O O'",
    ),
    # a special tile whose exits contradict its kind
    (
        "tiles.yaml",
        "{id: pit, kind: pit, exits: W O W",
        "{id: pit, kind: pit, exits: O O W",
        "tiles.yaml: entry 'pit': field (entry): Value error, a pit tile has exits W O W",
    ),
    (
        "tiles.yaml",
        "{id: portcullis_ooo, kind: portcullis, entry: P,",
        "{id: portcullis_ooo, kind: portcullis,",
        "entry 'portcullis_ooo': field (entry): Value error, a portcullis tile, and only one",
    ),
    # the tile set no longer adds up to 115
    (
        "tiles.yaml",
        "{id: room_ooo, kind: room, exits: O O O, count: 14}",
        "{id: room_ooo, kind: room, exits: O O O, count: 13}",
        "tiles.yaml: entry 'sizes': field base: tile counts add up to 114, expected 115",
    ),
    # an unknown effect verb
    (
        "room.yaml",
        "do: [{lose_life: d12-armour}]",
        "do: [{explode: d12-armour}]",
        "room.yaml: entry 'crossfire_trap': field do.0: Value error, unknown effect verb 'explode'",
    ),
    # a bad dice expression
    (
        "room.yaml",
        "do: [{lose_life: d12-armour}]",
        "do: [{lose_life: d20-armour}]",
        "room.yaml: entry 'crossfire_trap': field do.0.lose_life: Value error, bad dice "
        "expression 'd20-armour'",
    ),
    # a test against an attribute that is never tested
    (
        "room.yaml",
        "do: [{test: agility, fail:",
        "do: [{test: luck, fail:",
        "room.yaml: entry 'trapdoor': field do.0.test: Input should be 'strength' or 'agility'",
    ),
    # a card without a count
    (
        "door.yaml",
        "    count: 5\n    do: [{door_opens: true}]",
        "    do: [{door_opens: true}]",
        "door.yaml: entry 'door_opens': field count: Field required",
    ),
    # a deck whose counts do not add up
    (
        "door.yaml",
        "    count: 6\n",
        "    count: 7\n",
        "door.yaml: entry 'door': field cards: counts add up to 16, the deck holds 15",
    ),
    # a roll table with a hole
    (
        "room.yaml",
        '"5-6": [{rotate_corridors: right}]',
        '"6": [{rotate_corridors: right}]',
        "room.yaml: entry 'curse_of_the_wizard': field do.0: Value error, table leaves result 5",
    ),
    # overlapping rows
    (
        "crypt.yaml",
        '"4-6": [{monster: death_warrior}]',
        '"3-6": [{monster: death_warrior}]',
        "crypt.yaml: entry 'skeleton': field do.0: Value error, table rows '1-3' and '3-6' both "
        "hold 3",
    ),
    # a branch on the wrong verb
    (
        "room.yaml",
        "do: [{lose_life: d12-armour}]",
        "do: [{lose_life: d12-armour, fail: [{killed: true}]}]",
        "entry 'crossfire_trap': field do.0: Value error, fail goes only with test",
    ),
    # an unknown monster
    (
        "room.yaml",
        "do: [{monster: goblin}]",
        "do: [{monster: hobgoblin}]",
        "room.yaml: entry 'goblin': field do: no fighting monster 'hobgoblin'",
    ),
    # a held card without its each-turn effects
    (
        "room.yaml",
        "    each_turn: [{call: 3, match: [{release: true}], miss: [{end_turn: true}]}]\n",
        "",
        "room.yaml: entry 'torch_goes_out': field each_turn: a card that says hold needs",
    ),
    # a variant naming no option
    (
        "crypt.yaml",
        "variants: {crypt_trap=house:",
        "variants: {crypt_trap=nasty:",
        "crypt.yaml: entry 'trap_d12': field variants: variant 'crypt_trap=nasty': crypt_trap "
        "is one of errata, house",
    ),
    # a Monster card missing a monster's line
    (
        "monster_cards.yaml",
        "  - id: monster_03\n    count: 1\n    lines:\n      goblin:",
        "  - id: monster_03\n    count: 1\n    lines:\n      hobgoblin:",
        "monster_cards.yaml: entry 'monster_03': field lines: no line for goblin",
    ),
    # a ring covering a card that does not exist
    (
        "rings.yaml",
        "covers: [crossfire_trap,",
        "covers: [boulder,",
        "rings.yaml: entry 'warning': field covers: no Room or Trap card 'boulder'",
    ),
    # treasure counters that no longer add up
    (
        "counters.yaml",
        "{gp: 200, count: 2}",
        "{gp: 200, count: 3}",
        "counters.yaml: entry 'treasure': field counters: counts add up to 33, expected 32",
    ),
    # a hero value out of range
    (
        "heroes.yaml",
        "    life: 17\n",
        "    life: 0\n",
        "heroes.yaml: entry 'sir_rohan': field life: Input should be greater than or equal to 1",
    ),
    # a combat table with a hole
    (
        "combat.yaml",
        "    leap_aside: {mighty_blow: [0, 1], slash: [1, 0], leap_aside: [1, 1]}\n  asymmetric:",
        "    leap_aside: {mighty_blow: [0, 1], slash: [1, 0]}\n  asymmetric:",
        "combat.yaml: entry 'combat': field (entry): Value error, table symmetric: no result for "
        "leap_aside against leap_aside",
    ),
]


@pytest.mark.parametrize(("file", "old", "new", "expected"), CASES)
def test_one_line_error(tmp_path: Path, file: str, old: str, new: str, expected: str) -> None:
    assert expected in error(broken(tmp_path, file, old, new))


def test_missing_file(tmp_path: Path) -> None:
    folder = tmp_path / "content"
    shutil.copytree(CONTENT, folder)
    (folder / "rings.yaml").unlink()
    assert "rings.yaml: no such file" in error(folder)


def test_bad_yaml(tmp_path: Path) -> None:
    message = error(broken(tmp_path, "search.yaml", "cards:", "cards: [oops"))
    assert message.startswith(str(tmp_path / "content" / "search.yaml"))
