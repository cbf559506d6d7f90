"""What TOS's tools print for a player (``tavolo tos daily``, ``hero``, ``world``) and for a
designer (``tavolo tos dungeon``): no hidden map unless asked for, and lines that fit the
terminal."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cli import assert_one_line_error, invoke
from tavolo.engine.rng import derive_seed
from tavolo.games.tos.adventure.board import CELL, cell_label
from tavolo.games.tos.dungeon import quests as dungeon_quests
from tavolo.games.tos.dungeon.main_quests import MAIN_QUESTS
from tavolo.games.tos.world import quests as world_quests
from tavolo.games.tos.world.generate import generate_world
from tavolo.games.tos.world.text import half_title, quest_name

DUNGEON_DAY = "2026-11-22"
WORLD_DAY = "2026-11-21"


def _out(args: list[str], columns: int = 80) -> str:
    r = invoke(args, env={"COLUMNS": str(columns)})
    assert r.exit_code == 0, r.output
    return r.stdout


@pytest.mark.parametrize("lang", ["en", "it"])
def test_daily_does_not_show_the_hidden_map(lang: str) -> None:
    out = _out(["--lang", lang, "tos", "daily", "--date", DUNGEON_DAY], columns=200)
    assert "Hidden map" not in out and "Mappa nascosta" not in out
    assert "+---+" not in out and "|###" not in out  # no frame of the map either


def test_dungeon_shows_the_map_only_with_map() -> None:
    plain = _out(["tos", "dungeon", "--seed", "3"], columns=200)
    assert "Hidden map" not in plain and "+---+" not in plain
    shown = _out(["tos", "dungeon", "--seed", "3", "--map"], columns=200)
    assert "Hidden map" in shown and "+---+" in shown and "Legend:" in shown
    shown = _out(["--lang", "it", "tos", "dungeon", "--seed", "3", "--map"], columns=200)
    assert "Mappa nascosta" in shown and "Legenda:" in shown


@pytest.mark.parametrize(("lang", "word"), [("en", "hidden map"), ("it", "mappa nascosta")])
def test_dungeon_help_tells_the_map_flag(lang: str, word: str) -> None:
    r = invoke(["--lang", lang, "tos", "dungeon", "--help"], env={"COLUMNS": "200"})
    assert r.exit_code == 0, r.output
    assert "--map" in r.stdout and word in r.stdout.lower()


@pytest.mark.parametrize(
    "args",
    [
        ["tos", "daily", "--date", DUNGEON_DAY],
        ["tos", "daily", "--date", WORLD_DAY],
        ["tos", "world", "--seed", "3"],
        ["tos", "hero", "--date", DUNGEON_DAY],
        ["tos", "dungeon", "--seed", "3"],
        ["tos", "dungeon", "--seed", "3", "--map"],
    ],
    ids=lambda a: " ".join(a),
)
@pytest.mark.parametrize("lang", ["en", "it"])
def test_tool_lines_fit_the_terminal(args: list[str], lang: str) -> None:
    for columns in (80, 60):
        out = _out(["--lang", lang, *args], columns=columns)
        wide = [line for line in out.splitlines() if len(line) > columns]
        assert wide == [], wide[:3]


def test_folded_lines_keep_their_words_and_hang_under_their_text() -> None:
    wide = _out(["tos", "hero", "--date", DUNGEON_DAY], columns=400)
    narrow = _out(["tos", "hero", "--date", DUNGEON_DAY], columns=60)
    assert wide.split() == narrow.split()  # the same words in the same order
    lines = narrow.splitlines()
    for i, line in enumerate(lines):
        if line.lstrip().startswith("(") and i + 1 < len(lines) and len(line) > 50:
            lead = line.index(")") + 2
            follow = lines[i + 1]
            if not follow.lstrip().startswith(("(", "—")) and follow.strip():
                assert follow[:lead].strip() == "" and follow[lead] != " ", (line, follow)


QUEST_ID = re.compile(r"\b(?:main|side|event)_[a-z_]+\b")


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("day", [DUNGEON_DAY, WORLD_DAY])
def test_summary_names_quests_in_words(lang: str, day: str) -> None:
    out = _out(["--lang", lang, "tos", "daily", "--date", day], columns=200)
    assert not QUEST_ID.search(out), QUEST_ID.findall(out)


def test_every_quest_and_event_has_a_name_in_both_languages() -> None:
    ids = {*world_quests.MAIN_QUESTS, *world_quests.SIDE_QUESTS, *world_quests.EVENTS}
    ids |= {*MAIN_QUESTS, *dungeon_quests.SIDE_QUESTS, *dungeon_quests.EVENTS}
    for lang in ("en", "it"):
        names = {q: quest_name(q, lang) for q in ids}
        assert all(not QUEST_ID.search(n) for n in names.values()), names
        assert len(set(names.values())) == len(ids), lang  # no two share a name


def test_cell_label_keeps_whole_words() -> None:
    assert cell_label("5A Uno spaventapasseri ribelle") == "5A Uno spaventapasseri…"
    assert cell_label("8A Una strega delle paludi") == "8A Una strega delle…"
    assert cell_label("3A L'osservatorio") == "3A L'osservatorio"
    assert len(cell_label("● 9A Le terre che si spostano")) <= CELL


@pytest.mark.parametrize("lang", ["en", "it"])
def test_world_grid_fits_80_columns_with_whole_words(lang: str) -> None:
    """``tavolo play tos --adventure world``: the 3 x 3 grid's rows fit 80 columns and a
    title too long for its cell is cut after a whole word, with an ellipsis."""
    r = invoke(
        ["--lang", lang, "play", "tos", "-o", "seed=3", "--adventure", "world"],
        input="q\n",
        env={"COLUMNS": "80"},
    )
    assert r.exit_code == 0, r.output
    adv = generate_world(derive_seed(3, "world"))
    labels = [
        f"{h.id} {half_title(h, lang)}" for card in adv.cards for h in (card.top, card.bottom)
    ]
    lines = r.stdout.splitlines()
    start = next(i for i, ln in enumerate(lines) if "3 x 3" in ln) + 1
    for row in lines[start : start + 3]:
        assert len(row) <= 80, row
        for cell in row.split(" | "):
            text = cell.strip().removeprefix("● ").removesuffix("…")
            assert text == "—" or any(x == text or x.startswith(text + " ") for x in labels), cell


CATALOGS = ("messages", "dungeon/messages", "world/messages", "printing/messages")


def test_italian_names_the_adventures_as_the_manual_does() -> None:
    """The Italian manual names the two kinds "Avventura nel Dungeon" and "Avventura nel
    Mondo"; the play screens, tools, errors and print said "avventura nelle segrete" (and
    "avventura nel mondo"). Every Italian text naming a kind now uses the manual's term;
    "segrete" stays for the place, as in the manual, and "dungeon" otherwise only as the
    command word (``--adventure world|dungeon``)."""
    import yaml

    from tavolo.games import tos

    root = Path(tos.__file__).parent
    ui = yaml.safe_load((root / "ui" / "it.yaml").read_text(encoding="utf-8"))
    assert ui["adv.kind.dungeon"] == "Avventura nel Dungeon"
    assert ui["adv.kind.world"] == "Avventura nel Mondo"
    for catalog in ("ui", *CATALOGS):
        texts = yaml.safe_load((root / catalog / "it.yaml").read_text(encoding="utf-8"))
        for key, text in texts.items():
            if key.startswith("error.adventure_"):
                continue  # tests/cli/test_cli_tos_adventures.py holds these words still
            said = str(text)
            assert not re.search(r"avventur[ae] nelle segrete", said, re.I), (catalog, key)
            assert not re.search(r"avventur[ae] nel (mondo|dungeon)", said), (catalog, key)
            words = re.sub(
                r"Avventur[ae] nel Dungeon|nel Dungeon|world[ |oe]+dungeon|--\S+", "", said
            )
            assert "dungeon" not in words.lower(), (catalog, key, text)
    out = _out(["--lang", "it", "tos", "daily", "--date", DUNGEON_DAY], columns=200)
    assert "Avventura nel Dungeon — seme" in out and "avventura nelle segrete" not in out.lower()


@pytest.mark.parametrize(
    ("lang", "name"), [("it", "astrologo"), ("it", "Astrologo"), ("en", "Stargazer")]
)
def test_class_is_taken_by_its_name_in_the_users_language(lang: str, name: str) -> None:
    for tool in ("hero", "daily"):
        out = _out(["--lang", lang, "tos", tool, "--date", DUNGEON_DAY, "--class", name])
        assert ("Astrologo" if lang == "it" else "Stargazer") in out


@pytest.mark.parametrize(
    ("lang", "known"),
    [("en", "swordsman, elementalist, stargazer"), ("it", "spadaccino, elementalista, astrologo")],
)
def test_unknown_class_names_the_known_ones_in_the_users_language(lang: str, known: str) -> None:
    line = assert_one_line_error(
        invoke(["--lang", lang, "tos", "hero", "--class", "mago"]), prefix=""
    )
    assert line.endswith(known), line


@pytest.mark.parametrize("tool", ["hero", "world", "dungeon", "print"])
@pytest.mark.parametrize("seed", ["18446744073709551616", "-5"])
def test_every_tool_refuses_the_same_seeds(tool: str, seed: str) -> None:
    line = assert_one_line_error(invoke(["tos", tool, f"--seed={seed}"]))
    assert "0 to 2**64 - 1" in line, line


@pytest.mark.parametrize(
    ("flags", "named"),
    [
        (["--tutorial", "--adventure", "world"], "--tutorial --adventure:"),
        (["--adventure=dungeon", "--tutorial"], "--adventure --tutorial:"),
        (["--tutorial", "--fight", "3"], "--tutorial --fight:"),
        (["--fight", "4/3/5", "--adventure", "world"], "--fight --adventure:"),
    ],
)
@pytest.mark.parametrize(("lang", "word"), [("en", "give one"), ("it", "usane uno")])
def test_two_things_to_play_at_once_are_refused(
    flags: list[str], named: str, lang: str, word: str
) -> None:
    """``--tutorial --adventure world`` played the world and dropped the tutorial silently;
    ``--tutorial --fight 3`` did the same with the fights."""
    line = assert_one_line_error(invoke(["--lang", lang, "play", "tos", *flags]), prefix="")
    assert word in line and named in line, line


def test_an_empty_pencil_box_is_never_broken_in_two() -> None:
    """tavolo tos world broke a tick bar inside its first box, '... più a sinistra: [' /
    '][A][A][B]...'; the tools and the play screen now keep a box whole."""
    from tavolo.games.tos.text import fit_screen
    from tavolo.games.tos.tools import fold

    line = "    Per 1 volta, se possibile, annerisci la casella libera: [ ][A][A][B] poi B."
    for width in range(30, len(line)):
        rows = fold(line, width).splitlines()
        assert " ".join(r.strip() for r in rows) == line.strip()
        assert not any(r.rstrip().endswith("[") for r in rows), rows
    long = "  " + "parola " * 8 + line.strip()
    assert long.count("[ ]") == 1 and len(long) > 80
    for pad in range(12):
        rows = fit_screen("x" * pad + long)
        assert "[ ]" in "\n".join(rows) and not any(r.endswith("[") for r in rows), rows


def test_a_marked_line_that_fits_is_not_folded_and_a_count_keeps_its_word() -> None:
    """The tools folded their text with textwrap, which counted the markup as columns:
    'tavolo tos daily' at 80 columns broke its 75-column title ('[bold]TOS20261122[/]
    ...') before its last word, and at 40 columns a line broke between 'gain' and
    '1 attack'. They now break lines as the play screen does (the engine's fit)."""
    from tavolo.games.tos.tools import fold

    out = _out(["tos", "daily", "--date", DUNGEON_DAY], columns=80)
    title = "TOS20261122 — the set of 2026-11-22: the Stargazer and a Dungeon Adventure."
    assert out.splitlines()[0] == title
    rows = fold("  (1) If at least 1 air is in play: gain 1 attack.", 40).splitlines()
    assert rows == ["  (1) If at least 1 air is in play:", "      gain 1 attack."], rows
