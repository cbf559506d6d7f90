"""A one-letter word ("a", "e", "è", "o") folded at a narrow terminal stays with the word
after it, as a typesetter keeps it: TOS's rules at 40 columns left "a" at a line's end
("... in su, giù, a" / "sinistra o a destra"; "... to the Opening Card; a" /
"constellation in hand"), where it reads as a word dropped."""

from __future__ import annotations

import pytest

from cli import invoke
from tavolo.engine.i18n import hang

LETTER_AT_END = "a", "e", "è", "o", "i", "A", "I"


def lone_letters(out: str) -> list[str]:
    """The lines (a help panel's borders aside) whose last word is one letter."""
    found = []
    for line in out.splitlines():
        words = line.replace("│", " ").split()
        if len(words) > 1 and words[-1] in LETTER_AT_END:
            found.append(line)
    return found


def rules_part(out: str) -> str:
    """The rules of a ``--help``: what comes after its first paragraph (which the help's
    renderer joins and wraps on its own) and before the options' panel."""
    paragraphs: list[list[str]] = [[]]
    for line in out.split("╭")[0].splitlines():
        if line.strip():
            paragraphs[-1].append(line)
        elif paragraphs[-1]:
            paragraphs.append([])
    assert paragraphs[0][0].split()[0] in ("Usage:", "Uso:")  # then the first paragraph
    return "\n".join(line for lines in paragraphs[2:] for line in lines)


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("mode", [None, "world", "dungeon"])
def test_tos_help_at_40_columns_leaves_no_letter_at_a_lines_end(lang: str, mode: str) -> None:
    args = ["--lang", lang, "play", "tos", *(["--mode", mode] if mode else []), "--help"]
    r = invoke(args, env={"COLUMNS": "40"})
    assert r.exit_code == 0, r.output
    rules = rules_part(r.stdout)
    assert len(rules.split()) > 300  # the rules were read
    assert lone_letters(rules) == []


@pytest.mark.parametrize("lang", ["en", "it"])
def test_tos_rules_at_the_prompt_at_40_columns_leave_no_letter_at_a_lines_end(lang: str) -> None:
    r = invoke(
        ["--lang", lang, "play", "tos", "--seed", "1"], input="h\nq\n", env={"COLUMNS": "40"}
    )
    assert r.exit_code == 0, r.output
    rules = r.stdout.split("): h")[1]  # what 'h' printed, after the prompt it answered
    assert len(rules.split()) > 300
    assert lone_letters(rules) == []


@pytest.mark.parametrize("lang", ["en", "it"])
def test_tos_tools_at_40_columns_leave_no_letter_at_a_lines_end(lang: str) -> None:
    for args in (["tos", "daily", "--date", "2026-11-21"], ["tos", "world", "--seed", "3"]):
        r = invoke(["--lang", lang, *args], env={"COLUMNS": "40"})
        assert r.exit_code == 0, r.output
        assert lone_letters(r.stdout) == [], args


def test_hang_keeps_a_one_letter_word_with_the_next() -> None:
    line = "Un movimento sposta la pedina di una casella in su, giù, a sinistra o a destra"
    rows = hang(line, 32)
    assert rows == [
        "Un movimento sposta la pedina di",
        "una casella in su, giù,",
        "a sinistra o a destra",
    ]
    assert " ".join(rows).split() == line.split()  # the same words in the same order
    assert hang("Pay 1 mana: gain a", 12) == ["Pay 1 mana:", "gain a"]  # last: it stays
    assert hang("(a card) e (b card)", 8) == ["(a card)", "e (b card)"]
