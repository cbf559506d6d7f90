"""Every rule id of the rules digests has a test named after it.

The digests (``shared/rules/<game>.md``, beside the checkout) give each rule an id (E-4,
P-12, T-25, DQ-13, D7) and ask for a test named after each one, so that a rule can be
traced to what checks it. The ids are listed here, since a clean clone has no digests;
where the digests are present, a second test checks that the list still matches them.

A test names an id with its dash and dot as underscores: ``test_E_4_...``,
``test_DQ_13_...``, ``test_DQ_13_5_...`` (a sub-item of DQ-13, which it also covers),
``test_D7_...`` (DungeonQuest's decisions have no dash).
"""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

TESTS = Path(__file__).parent
DIGESTS = TESTS.parent.parent / "shared" / "rules"

RULE_IDS: dict[str, tuple[str, ...]] = {
    "estro": tuple(f"E-{i}" for i in range(1, 15)),
    "platformer": tuple(f"P-{i}" for i in range(1, 34)),
    "tos": tuple(f"T-{i}" for i in range(1, 30)),
    "dungeonquest": (
        *(f"DQ-{i}" for i in range(2, 20)),
        *(f"D{i}" for i in range(1, 28)),
    ),
}
"""Each digest's rule ids, in its order."""

DIGEST_ID = {"estro": r"E-\d+", "platformer": r"P-\d+", "tos": r"T-\d+", "dungeonquest": r"DQ-\d+"}
"""The ids a digest spells out one by one."""

DIGEST_RANGE = {"dungeonquest": r"\bD(\d+)`?\s*[…–]\s*`?D(\d+)\b"}
"""Ids a digest gives as a range (DungeonQuest's "`D1`…`D27`"): each id in it is one.
Single D-numbers in a digest are dice (a D6), so only the range counts."""


@cache
def names_in(game: str) -> frozenset[str]:
    """The names of the test functions under ``tests/games/<game>/``."""
    names = set()
    for path in (TESTS / "games" / game).rglob("test_*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names.update(
            node.name
            for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")
        )
    return frozenset(names)


def named_after(rule: str, names: frozenset[str]) -> list[str]:
    """The tests whose name holds ``rule`` as a whole word (E-1 is not E-14, D1 is not
    D12 nor DQ-1); a sub-item's test (DQ_13_5) counts for its section (DQ-13)."""
    spelt = rule.replace("-", "_").replace(".", "_")
    word = re.compile(rf"(?:^|_){re.escape(spelt)}(?:_|$)")
    return sorted(n for n in names if word.search(n))


CASES = [pytest.param(game, rule, id=rule) for game, ids in RULE_IDS.items() for rule in ids]


@pytest.mark.parametrize(("game", "rule"), CASES)
def test_every_rule_id_has_a_test_named_after_it(game: str, rule: str) -> None:
    assert named_after(rule, names_in(game)), f"no test in tests/games/{game} names {rule}"


def test_named_after_matches_whole_ids_only() -> None:
    names = frozenset({"test_E_14_a_empty_field", "test_P_17_P_18_one_attack", "test_E_1"})
    assert named_after("E-1", names) == ["test_E_1"]
    assert named_after("E-14", names) == ["test_E_14_a_empty_field"]
    assert named_after("P-18", names) == ["test_P_17_P_18_one_attack"]
    names = frozenset(
        {"test_D12_chamber", "test_DQ_1_cards", "test_DQ_13_5_escape", "test_DQ_3_D1_sun"}
    )
    assert named_after("D1", names) == ["test_DQ_3_D1_sun"]
    assert named_after("D12", names) == ["test_D12_chamber"]
    assert named_after("DQ-1", names) == ["test_DQ_1_cards"]
    assert named_after("DQ-13", names) == ["test_DQ_13_5_escape"]
    assert named_after("DQ-13.5", names) == ["test_DQ_13_5_escape"]
    assert named_after("D13", names) == named_after("DQ-5", names) == []


@pytest.mark.skipif(not DIGESTS.is_dir(), reason="the rules digests are not beside this checkout")
@pytest.mark.parametrize("game", sorted(DIGEST_ID))
def test_the_listed_ids_are_the_digests(game: str) -> None:
    text = (DIGESTS / f"{game}.md").read_text(encoding="utf-8")
    found = set(re.findall(rf"\b{DIGEST_ID[game]}\b", text))
    for first, last in re.findall(DIGEST_RANGE.get(game, r"(?!)"), text):
        found.update(f"D{i}" for i in range(int(first), int(last) + 1))
    assert found == set(RULE_IDS[game])
