"""Message catalogs: fallbacks, and English/Italian parity of every catalog in the source."""

from __future__ import annotations

import re
import string
import sys
from pathlib import Path

import pytest
import yaml

import tavolo
from tavolo.engine import TavoloError, UnknownName
from tavolo.engine.i18n import (
    LANGS,
    Catalog,
    Name,
    check_lang,
    elide_runs,
    fill,
    fit,
    hang,
    keep_whole,
    number,
    option_lines,
    shown,
)

SRC = Path(tavolo.__file__).parent


def catalog(tmp_path: Path, en: str | None, it: str | None) -> Catalog:
    if en is not None:
        (tmp_path / "en.yaml").write_text(en, encoding="utf-8")
    if it is not None:
        (tmp_path / "it.yaml").write_text(it, encoding="utf-8")
    return Catalog(tmp_path)


# -- Catalog -----------------------------------------------------------------------------------


def test_translate_and_format(tmp_path: Path) -> None:
    c = catalog(tmp_path, "hello: Hello {name}\nbye: Bye\n", "hello: Ciao {name}\nbye: Ciao ciao\n")
    assert c.t("en", "hello", name="Ada") == "Hello Ada"
    assert c.t("it", "hello", name="Ada") == "Ciao Ada"
    assert c.t("it", "bye") == "Ciao ciao"
    assert c.t("en", "hello") == "Hello {name}"  # no arguments: the template itself
    assert c.has("hello") and not c.has("nope")


def test_a_count_picks_its_word(tmp_path: Path) -> None:
    c = catalog(tmp_path, "draw: Draw {n} {n:card|cards}.\n", "draw: Pesca {n} {n:carta|carte}.\n")
    assert [c.t("en", "draw", n=n) for n in (0, 1, 2)] == [
        "Draw 0 cards.",
        "Draw 1 card.",
        "Draw 2 cards.",
    ]
    assert c.t("it", "draw", n=1) == "Pesca 1 carta." and c.t("it", "draw", n=5) == "Pesca 5 carte."
    assert fill("{n:>3} | {x}", n=7, x="a") == "  7 | a"  # other specs and bars as before
    assert fill("the next {n} {n:turn|turns}", n="D6") == "the next D6 turns"  # a die
    assert fill("{n:the top card|the top {n} cards}", n=1) == "the top card"
    assert fill("{n:the top card|the top {n} cards}", n=4) == "the top 4 cards"


def test_join_lists_words_in_each_language(tmp_path: Path) -> None:
    c = catalog(
        tmp_path,
        'and: "{a} and {b}"\ncomma: "{a}, {b}"\n',
        'and: "{a} e {b}"\ncomma: "{a}, {b}"\n',
    )
    assert c.join("en", [], "and", "comma") == ""
    assert c.join("en", ["x"], "and", "comma") == "x"
    assert c.join("en", ["x", "y", "z"], "and", "comma") == "x, y and z"
    assert c.join("it", ["x", "y"], "and", "comma") == "x e y"


def test_missing_in_italian_falls_back_to_english(tmp_path: Path) -> None:
    c = catalog(tmp_path, "a: A {n}\nb: B\n", "b: Bi\n")
    assert c.t("it", "a", n=1) == "A 1"
    assert c.t("it", "b") == "Bi"


def test_missing_everywhere_falls_back_to_key(tmp_path: Path) -> None:
    c = catalog(tmp_path, "a: A\n", "a: A\n")
    assert c.t("it", "no.such.key") == "no.such.key"
    assert c.t("en", "no.such.key") == "no.such.key"


def test_unknown_language_falls_back_to_english(tmp_path: Path) -> None:
    c = catalog(tmp_path, "a: A\n", "a: Ai\n")
    assert c.t("fr", "a") == "A"


def test_missing_files_and_empty_files(tmp_path: Path) -> None:
    c = catalog(tmp_path, None, None)
    assert c.messages == {"en": {}, "it": {}}
    assert c.t("it", "k") == "k"
    c = catalog(tmp_path, "", "a: Ai\n")
    assert c.t("en", "a") == "a" and c.t("it", "a") == "Ai"


def test_values_become_strings(tmp_path: Path) -> None:
    c = catalog(tmp_path, "n: 3\nyes: true\n", "")
    assert c.t("en", "n") == "3"
    assert c.messages["en"]["True"] == "True"  # YAML 1.1: a bare yes is a boolean


def test_bad_catalog_yaml_is_a_tavolo_error(tmp_path: Path) -> None:
    with pytest.raises(TavoloError, match=r"en\.yaml:2: not valid YAML"):
        catalog(tmp_path, "a: A\n\tb: B\n", "")


def test_catalog_that_is_not_a_mapping(tmp_path: Path) -> None:
    with pytest.raises(TavoloError, match=r"en\.yaml"):
        catalog(tmp_path, "- a\n- b\n", "")


def test_check_lang() -> None:
    assert LANGS == ("en", "it")
    assert check_lang("en") == "en" and check_lang("it") == "it"
    with pytest.raises(UnknownName, match="unknown language 'fr'; known: en, it"):
        check_lang("fr")


# -- parity of en and it in the source tree ---------------------------------------------


def placeholders(template: str) -> set[str]:
    """The ``{names}`` of a str.format template (``{{`` escapes ignored)."""
    names = set()
    for _, field, _, _ in string.Formatter().parse(template):
        if field is not None:
            names.add(re.split(r"[.\[]", field, maxsplit=1)[0])
    return names


def parity_problems(folder: Path) -> list[str]:
    """Why a catalog folder's en.yaml and it.yaml do not match (empty list: they do)."""
    problems: list[str] = []
    data: dict[str, dict[str, object]] = {}
    for lang in LANGS:
        f = folder / f"{lang}.yaml"
        if not f.exists():
            problems.append(f"{f}: missing")
            continue
        raw = yaml.safe_load(f.read_text(encoding="utf-8")) or {}
        if not isinstance(raw, dict):
            problems.append(f"{f}: not a mapping of keys to messages")
            continue
        data[lang] = raw
        problems += [
            f"{f}: key {k!r} is not a text message"
            for k, v in raw.items()
            if not isinstance(v, str)
        ]
    if problems:
        return problems
    en, it = data["en"], data["it"]
    for k in sorted(set(en) - set(it), key=str):
        problems.append(f"{folder}: key {k!r} is in en.yaml but not in it.yaml")
    for k in sorted(set(it) - set(en), key=str):
        problems.append(f"{folder}: key {k!r} is in it.yaml but not in en.yaml")
    for k in sorted(set(en) & set(it), key=str):
        try:
            pe, pi = placeholders(str(en[k])), placeholders(str(it[k]))
        except ValueError as e:
            problems.append(f"{folder}: key {k!r}: bad template: {e}")
            continue
        if pe != pi:
            problems.append(f"{folder}: key {k!r}: placeholders en {sorted(pe)} it {sorted(pi)}")
    return problems


def catalog_folders() -> list[Path]:
    """Every folder under src/tavolo holding en.yaml or it.yaml."""
    found = {f.parent for lang in LANGS for f in SRC.rglob(f"{lang}.yaml")}
    return sorted(found)


def test_placeholders() -> None:
    assert placeholders("Hi {name}, {n:>3} {{literal}} {card.name} {xs[0]}") == {
        "name",
        "n",
        "card",
        "xs",
    }
    assert placeholders("none") == set()


def test_parity_check_finds_problems(tmp_path: Path) -> None:
    good = tmp_path / "good"
    good.mkdir()
    catalog(good, "a: A {x}\nb: B\n", "b: Bi\na: Ai {x}\n")
    assert parity_problems(good) == []
    bad = tmp_path / "bad"
    bad.mkdir()
    catalog(bad, "a: A {x}\nb: B\nonly_en: E\n", "a: Ai {y}\nb: Bi {z}\nonly_it: I\n")
    problems = parity_problems(bad)
    assert len(problems) == 4, problems
    assert any("'only_en' is in en.yaml but not in it.yaml" in p for p in problems)
    assert any("'only_it' is in it.yaml but not in en.yaml" in p for p in problems)
    assert any("'a': placeholders en ['x'] it ['y']" in p for p in problems)
    assert any("'b': placeholders en [] it ['z']" in p for p in problems)
    lonely = tmp_path / "lonely"
    lonely.mkdir()
    catalog(lonely, "a: A\n", None)
    assert parity_problems(lonely) == [f"{lonely / 'it.yaml'}: missing"]
    nested = tmp_path / "nested"
    nested.mkdir()
    catalog(nested, "a: {b: c}\n", "a: x {\n")
    assert len(parity_problems(nested)) == 1
    broken = tmp_path / "broken"
    broken.mkdir()
    catalog(broken, "a: x\n", "a: 'x {'\n")
    assert "bad template" in parity_problems(broken)[0]


def test_catalog_discovery_finds_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "g" / "i18n").mkdir(parents=True)
    catalog(tmp_path / "g" / "i18n", "a: A\n", "a: Ai\n")
    (tmp_path / "h").mkdir()
    catalog(tmp_path / "h", "a: A\n", None)
    monkeypatch.setattr(sys.modules[__name__], "SRC", tmp_path)
    assert catalog_folders() == [tmp_path / "g" / "i18n", tmp_path / "h"]


FOLDERS = catalog_folders()


@pytest.mark.parametrize("folder", FOLDERS, ids=[str(f.relative_to(SRC)) for f in FOLDERS])
def test_source_catalog_parity(folder: Path) -> None:
    assert parity_problems(folder) == []
    c = Catalog(folder)  # and the engine can load it
    assert set(c.messages["en"]) == set(c.messages["it"])


def test_catalogs_count_with_words_not_with_brackets() -> None:
    """ "card(s)" and "carta/e" read badly: counts pick their word with ``{n:one|many}``,
    and every such template formats for one and for many."""
    hacks = re.compile(r"\w\((s|es)\)|\w/(e|i)\b")
    for folder in catalog_folders():
        for lang in LANGS:
            data = yaml.safe_load((folder / f"{lang}.yaml").read_text(encoding="utf-8")) or {}
            for key, text in data.items():
                assert not hacks.search(str(text)), f"{folder}/{lang}.yaml {key}: {text}"
                counted = {
                    f
                    for _, f, spec, _ in string.Formatter().parse(str(text))
                    if spec and "|" in spec
                }
                if counted:
                    names = placeholders(str(text))
                    for n in (1, 2):
                        kw = {x: (n if x in counted else "x") for x in names}
                        assert "|" not in fill(str(text), **kw).replace(" | ", ""), key


@pytest.mark.parametrize(
    ("value", "places", "en", "it"),
    [
        (65007, 0, "65,007", "65.007"),
        (1312.66, 1, "1,312.7", "1.312,7"),
        (0.5, 2, "0.50", "0,50"),
        (-1234567.891, 3, "-1,234,567.891", "-1.234.567,891"),
    ],
)
def test_numbers_are_written_as_each_language_writes_them(
    value: float, places: int, en: str, it: str
) -> None:
    assert number("en", value, places) == en
    assert number("it", value, places) == it


def test_fit_breaks_between_words_and_indents_the_rest() -> None:
    line = "Player 1: " + " ".join(["Gearmind-Colossus"] * 8)
    lines = fit(line, 4)
    assert len(lines) == 3 and all(len(x) <= 80 for x in lines)  # not at the hyphens
    assert (
        lines[1].startswith("    Gearmind-Colossus") and " ".join(x.strip() for x in lines) == line
    )
    assert fit("", 2) == [""] and fit("x" * 90, 2) == ["x" * 90]  # a word is never cut


def test_fit_counts_the_columns_a_terminal_shows_not_the_markup() -> None:
    """'[bold]' takes no column: a 79-column line with markup stayed whole only in
    Ultimo Bastione's own copy of fit; the engine's broke it early, the first line short."""
    line = "[bold]Player 1[/] (human) · " + "x" * 48 + " · [dim]gift used[/]"
    assert shown(line) == 79 and fit(line, 4) == [line]
    assert shown(r"a \[b]") == 5  # an escaped bracket is text
    long = "  [bold]" + " ".join(["word"] * 30) + "[/] · Player 2 [dim]gift used[/]"
    lines = fit(long, 4)
    assert len(lines) == 3 and all(shown(x) <= 80 for x in lines)
    assert lines[0].endswith("word[/]") and lines[1].startswith("    [bold]word")
    assert lines[-1].endswith(" Player 2 [dim]gift used[/]")  # kept whole


def test_fit_keeps_a_list_item_whole() -> None:
    names = "Incinerator: " + ", ".join(["Smoke Harlequin"] * 6)
    lines = fit(names, 2, sep=", ")
    assert len(lines) == 2 and all(x.rstrip(",").endswith("Harlequin") for x in lines)
    assert lines[0].endswith(",") and lines[1].startswith("  Smoke")


def test_fit_keeps_a_short_bracketed_phrase_whole() -> None:
    """'... attacks face-down guardian 5 (Ember Maw) (gift' / 'asleep)' read as two
    things; a short phrase in brackets now goes on whole, a long one between words."""
    head = "Player 1 (random): Canopy Elder attacks face-down guardian 19 (Mirage Veil)"
    assert fit(f"{head} (gift asleep)", 4) == [head, "    (gift asleep)"]
    long = "x" * 60 + " (dice 4 and 2, matchup +10): higher TOT wins"
    rows = fit(long, 4)
    assert rows[0] == "x" * 60 + " (dice 4 and 2," and all(len(x) <= 80 for x in rows)


def test_hang_goes_on_under_a_list_items_words() -> None:
    """The CLI's rules help and TOS's play screen both indent an item's later lines under
    its words; one helper does it for both (an item's lead, else a chosen column)."""
    words = " ".join(["word"] * 30)
    assert hang("short") == ["short"]
    rows = hang("  - " + words)
    assert len(rows) == 2 and rows[1].startswith("    word") and not rows[1][4:5].isspace()
    assert hang("12. " + words, 40)[1].startswith("    word")  # under the words, not "1"
    assert hang("  " + words)[1].startswith("  word")  # a paragraph: its own column
    assert hang("  " + words, rest=2)[1].startswith("    word")
    tos = re.compile(r"(?:[-•] |\(\d+\) )")
    assert hang("(3) " + words, item=tos)[1].startswith("    word")
    assert hang("1. " + words, item=tos, rest=2)[1].startswith("  word")  # not its item
    boxes = "Mana: " + " ".join(["[ ]"] * 30)  # an empty box stays whole, drawn as it was
    rows = hang(boxes, whole=("[ ]",))
    assert len(rows) == 2 and all(len(row) <= 80 and "\x00" not in row for row in rows)
    assert rows[1].startswith("[ ]") and " ".join(x.strip() for x in rows) == boxes


def test_a_name_takes_its_article_and_the_prepositions_joined_to_it() -> None:
    """Italian said 'Lampo di Giocatore 1', 'Tocca a Giocatore 1', 'dichiarata da
    Giocatore 1': a name in a sentence takes its article, joined to the preposition
    before it; the template picks the form, a label keeps the bare name."""
    player, horde, fleet = Name("Giocatore 1", "il"), Name("Orda", "l'"), Name("flotta", "la")
    forms = "{p:di}|{p:a}|{p:da}|{p:in}|{p:su}|{p:per}|{p:the}|{p:The}|{p}"
    assert fill(forms, p=player).split("|") == [
        "del Giocatore 1",
        "al Giocatore 1",
        "dal Giocatore 1",
        "nel Giocatore 1",
        "sul Giocatore 1",
        "per il Giocatore 1",
        "il Giocatore 1",
        "Il Giocatore 1",
        "Giocatore 1",
    ]
    assert fill("{p:di} {p:a} {p:The}", p=horde) == "dell'Orda all'Orda L'Orda"
    assert fill("{p:di} {p:da} {p:The}", p=fleet) == "della flotta dalla flotta La flotta"
    assert fill("{p:di} {p:The}", p=Name("Ada")) == "di Ada Ada"  # no article: bare
    assert fill("{p:of} {p:The}'s", p=Name("Horde", "the")) == "of the Horde The Horde's"
    assert fill("{n:card|cards} {p:di}", n=2, p=player) == "cards del Giocatore 1"
    assert fill("{p:di}", p="Bo") == "di Bo"  # a plain text is a name without an article
    assert player == "Giocatore 1" and f"{player}!" == "Giocatore 1!"  # still a text


def test_the_readers_own_name_picks_the_second_person(tmp_path: Path) -> None:
    """'You draws Lampo': a template has a second-person form, KEY.you, for the name of
    the one who reads; a template without one keeps its words."""
    c = catalog(
        tmp_path,
        'draw: "{p:The} draws {card}."\ndraw.you: "You draw {card}."\nwin: "{p:The} wins."\n',
        'draw: "{p:The} pesca {card}."\ndraw.you: "Peschi {card}."\nwin: "Vince {p:the}."\n',
    )
    you, other = Name("you", you=True), Name("Horde", "the")
    assert c.t("en", "draw", p=you, card="Lampo") == "You draw Lampo."
    assert c.t("it", "draw", p=you, card="Lampo") == "Peschi Lampo."
    assert c.t("en", "draw", p=other, card="Lampo") == "The Horde draws Lampo."
    assert c.t("en", "win", p=you) == "You wins."  # (no second-person form given)


def test_brackets_that_rich_shows_as_they_are_take_their_columns() -> None:
    """'[]' and '[ ]' (TOS's empty box) are no tags for Rich, which shows them: fit took
    them for markup, counted no column for them and closed them with a '[/]' at a break,
    which Rich refused (MarkupError: a replay's seat named '[]' ended in a traceback)."""
    assert shown("[ ]") == 3 and shown("[]") == 2 and shown("[dim]x[/dim] [/]") == 2
    line = "Player 1 ([]): " + " ".join(["word"] * 20)
    rows = fit(line, 4)
    assert len(rows) == 2 and "[/]" not in "".join(rows)


def test_fit_never_breaks_a_name_it_was_told_to_keep_whole() -> None:
    """A long event line broke a card's name in two ('... Lampo' / "d'Ambra viene
    distrutta"): a name given to keep_whole stays on one line, and the line keeps its
    spaces."""
    line = "  • " + "x" * 63 + " Lampo d'Ambra del Giocatore 1 viene distrutta."
    assert fit(line, 4)[0].endswith(" Lampo")  # (before)
    keep_whole(["Lampo d'Ambra", "one", "Lampo d'Ambra"])  # (a single word: nothing to keep)
    assert fit(line, 4) == ["  • " + "x" * 63, "    Lampo d'Ambra del Giocatore 1 viene distrutta."]
    marked = "  • " + "x" * 50 + " [bold red]Lampo d'Ambra[/] e [bold]Lampo d'Ambra[/] " + "z" * 9
    assert [r.strip() for r in fit(marked, 4)][1] == "[bold]Lampo d'Ambra[/] " + "z" * 9
    said = "Scarti Lampo d'Ambrato e " + "y" * 60  # a longer word is not the name
    assert fit(said, 2)[0] == "Scarti Lampo d'Ambrato e"
    items = "Inceneritore: " + ", ".join(["Lampo d'Ambra"] * 7)
    assert all("Lampo d'Ambra" in row for row in fit(items, 2, sep=", "))


def test_elide_runs_cuts_a_run_where_number_and_words_go_up_together() -> None:
    """Options (index, words) in a row too long for its line: a run of five or more whose
    index and last number both go up by one keeps its first two, a gap and its last."""
    run = [(i, f"#{i + 1}") for i in range(25)]
    assert elide_runs(run) == [(0, "#1"), (1, "#2"), None, (24, "#25")]
    gaps = [(12, "#1"), (13, "#2"), (14, "#3"), (15, "#5"), (16, "#6")]
    assert elide_runs(gaps) == gaps  # (no run of five: each one stays)
    mixed = [(0, "#3"), *[(i, f"#{i + 4}") for i in range(1, 7)], (7, "Thistle Monk")]
    cut = [(0, "#3"), (1, "#5"), (2, "#6"), None, (6, "#10"), (7, "Thistle Monk")]
    assert elide_runs(mixed) == cut
    assert elide_runs([(i, f"L{i % 2}") for i in range(6)]) == [(i, f"L{i % 2}") for i in range(6)]


def test_elide_runs_cuts_a_row_whose_words_are_those_above() -> None:
    """A row of four or more numbered in a run, its words those of the row above in
    their order (a card into the cells the card above may go to), keeps its first two, a
    gap and its last; other words, order or numbers keep every option."""
    cells = ["L1 Z3", "L1 Z4", "L2 Z3", "L3 Z2", "L3 Z3"]
    row = list(enumerate(cells, start=5))
    assert elide_runs(row, cells) == [(5, "L1 Z3"), (6, "L1 Z4"), None, (9, "L3 Z3")]
    assert elide_runs(row) == row
    assert elide_runs(row, cells[::-1]) == row
    assert elide_runs(row[:3], cells[:3]) == row[:3]
    gap = [*row[:2], (8, "L2 Z3"), (9, "L3 Z2"), (10, "L3 Z3")]
    assert elide_runs(gap, cells) == gap


def test_option_lines_are_the_lines_tavolo_play_lists() -> None:
    """One function lays the options out for the screen and for the games that count its
    rows (Estro's and Platformer's folds): groups on their heading's line going on under
    the first option, a long heading's at column 4, a long run cut, the rest one a line."""
    card = [(i, f"L{i // 4 + 1} Z{i % 4 + 1}") for i in range(12)]
    ten = [("", [(12, "End the turn")])]
    lines = option_lines([("Play Root Cradle (1 AS)", card), *ten], 13)
    assert lines[0].startswith("Play Root Cradle (1 AS): 1 L1 Z1 · 2 L1 Z2 ·")
    assert all(shown(line) <= 80 for line in lines)
    assert lines[-1] == "  13. End the turn"
    assert len(lines) == 4 and lines[1].startswith(" " * 25)  # under the first option
    long_head = "A heading longer than thirty columns, as Italian ones are"
    lines = option_lines([(long_head, card)], 12)
    assert lines[1].startswith("    ") and not lines[1].startswith("     ")
    guardians = [(i, f"#{i + 1}") for i in range(25)]
    row = "Murmur Knife attacks guardian: " + " · ".join(f"{i + 1} #{i + 1}" for i in range(25))
    assert shown(row) > 80
    assert option_lines([("Murmur Knife attacks guardian", guardians)], 25) == [
        "Murmur Knife attacks guardian: 1 #1 · 2 #2 · … · 25 #25"
    ]
    bold = option_lines([("", [(0, "Pass")]), ("Draw", [(1, "one")])], 2, "[b]{}[/b]".format)
    assert bold == ["  [b]1[/b]. Pass", "Draw: [b]2[/b] one"]
