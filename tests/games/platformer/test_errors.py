"""Bad content gives one clear error line naming the file, the entry and the field."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tavolo.engine import ContentError
from tavolo.games.platformer.content import CONTENT, load_content


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
    assert len(load_content(folder).tiles) == 32


@pytest.mark.parametrize(
    ("file", "old", "new", "expected"),
    [
        # a tile grid with a broken row (one character missing)
        (
            "tiles_forest.yaml",
            '"|$ . . E|"',
            '"|$ . . E"',
            "tiles_forest.yaml: entry 'forest_01': field grid: Value error, line 1 '|$ . . E': "
            "has 8 characters, expected 9",
        ),
        # an unknown space symbol
        (
            "tiles_forest.yaml",
            '"|$ . . E|"',
            '"|$ . ? E|"',
            "entry 'forest_01': field grid: Value error, line 1 '|$ . ? E|': "
            "unknown space '?' at column 6",
        ),
        # an unknown floor symbol
        (
            "tiles_void.yaml",
            '" =   H== "',
            '" =   #== "',
            "tiles_void.yaml: entry 'void_01': field grid: Value error, line 2 ' =   #== ': "
            "unknown floor '#' at column 6",
        ),
        # a missing line
        (
            "tiles_void.yaml",
            '      - "|O . . $|"\n',
            "",
            "entry 'void_01': field grid: Value error, a tile has 8 lines",
        ),
        # a portal on a Forest tile
        (
            "tiles_forest.yaml",
            '"|$ . . E|"',
            '"|O . . E|"',
            "entry 'forest_01': field grid: Value error, Void portals (O) exist only",
        ),
        # an enemy without health
        (
            "enemies.yaml",
            "    damage: 1\n    health: 1\n",
            "    damage: 1\n",
            "enemies.yaml: entry 'mossling': field health: Field required",
        ),
        # an unknown effect verb
        (
            "items.yaml",
            "do: [{move: 1}]",
            "do: [{fly: 1}]",
            "items.yaml: entry 'speed_boots': field ability.do.0.fly: Extra inputs",
        ),
        # an unknown symbol in an effect
        (
            "heroes.yaml",
            "star: [SWORD, MOVE]",
            "star: [SHIELD, MOVE]",
            "heroes.yaml: entry 'sweety': field star.0: Input should be",
        ),
        # a token no boss has
        (
            "bosses.yaml",
            "do: [{take_token: stone, who: in_range}, {wound: 1, who: in_range}]",
            "do: [{take_token: snake, who: in_range}, {wound: 1, who: in_range}]",
            "bosses.yaml: entry 'stone_gaze': field do: medusa has no token 'snake'",
        ),
        # an attack card of an unknown boss
        (
            "bosses.yaml",
            "boss: medusa\n    name: {en: Stone Gaze",
            "boss: gorgon\n    name: {en: Stone Gaze",
            "bosses.yaml: entry 'stone_gaze': field boss: unknown boss 'gorgon'",
        ),
        # Medusa's cards show enemy-die faces
        (
            "bosses.yaml",
            "symbol: ATTACK\n    range: row",
            "symbol: SWORD\n    range: row",
            "bosses.yaml: entry 'stone_gaze': field symbol: medusa's cards show one of",
        ),
        # a passive item without a trigger
        (
            "items.yaml",
            "ability: {kind: passive, trigger: use_symbol, symbol: COIN, do: [{gain: coin}]}",
            "ability: {kind: passive, do: [{gain: coin}]}",
            "items.yaml: entry 'coin_purse': field ability: Value error, a passive ability "
            "needs a trigger",
        ),
        # two verbs in one effect
        (
            "potions.yaml",
            "do: [{gain: heart, n: 2}]",
            "do: [{gain: heart, move: 2}]",
            "potions.yaml: entry 'healing_draught': field ability.do.0: Value error, an effect "
            "has exactly one verb",
        ),
        # a duplicate id
        (
            "potions.yaml",
            "id: greater_healing",
            "id: healing_draught",
            "potions.yaml: entry 'healing_draught': field id: duplicate 'healing_draught'",
        ),
        # a broken YAML file
        ("events.yaml", "events:\n", "events:\n\t", "events.yaml:"),
    ],
    ids=[
        "broken-row",
        "unknown-space",
        "unknown-floor",
        "missing-line",
        "forest-portal",
        "enemy-without-health",
        "unknown-verb",
        "unknown-symbol",
        "unknown-token",
        "unknown-boss",
        "wrong-face",
        "passive-without-trigger",
        "two-verbs",
        "duplicate-id",
        "bad-yaml",
    ],
)
def test_bad_content(tmp_path: Path, file: str, old: str, new: str, expected: str) -> None:
    message = error(broken(tmp_path, file, old, new))
    assert expected in message, message
    assert file in message


def test_boss_tile_rules(tmp_path: Path) -> None:
    old = '" S . . . "\n      - " ^^^^^^^ "'
    folder = broken(tmp_path, "tiles_forest.yaml", old, old.replace("S", "."))
    message = error(folder)
    assert "entry 'forest_boss_1': field grid: Value error, a boss tile needs a shop" in (message)


def test_a_floating_formation_space(tmp_path: Path) -> None:
    old = '"|$ . . E|"\n      - " =     = "'
    folder = broken(tmp_path, "tiles_forest.yaml", old, old.replace('= "', '  "'))
    message = error(folder)
    assert "entry 'forest_01'" in message and "formation space at row 1, column 4 floats" in message
