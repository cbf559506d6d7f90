"""docs/python.md shows the protocol with code: every ```python block runs here, in
order and in one namespace, so that the page stays true of the code it describes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "python.md"
BLOCKS = re.findall(r"^```python\n(.*?)^```", DOC.read_text(encoding="utf-8"), re.M | re.S)


def test_the_page_has_its_examples() -> None:
    assert len(BLOCKS) >= 6


def test_every_example_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(DOC.parents[1])  # the page's paths are from the checkout's root
    namespace: dict[str, object] = {"__name__": "python_doc"}
    for i, block in enumerate(BLOCKS):
        try:
            exec(compile(block, f"{DOC.name} block {i + 1}", "exec"), namespace)
        except Exception as e:  # pragma: no cover - the message names the block
            raise AssertionError(f"docs/python.md, block {i + 1}: {type(e).__name__}: {e}") from e
