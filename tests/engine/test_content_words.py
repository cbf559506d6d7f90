"""A content file's error is told in the user's language: read from the source with
:mod:`ast`, no game raises a ``ContentError`` with a bare English text, and no schema
validator raises a ``ValueError`` with one (pydantic would quote it, English, inside an
Italian line). They raise ``ContentError.said`` and ``SaidValue`` with a catalog key.
A raise that no catalog can tell (a catalog's own missing text) says why on its line:
``# English only: ...``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import tavolo

SRC = Path(tavolo.__file__).parent  # src/tavolo
VALIDATORS = {"field_validator", "model_validator"}
EXEMPT = "# English only: "


def _name(node: ast.expr) -> str:
    """``ContentError`` for ``ContentError(...)``, ``said`` for ``ContentError.said(...)``."""
    if isinstance(node, ast.Call):
        node = node.func
    if isinstance(node, ast.Attribute):
        return node.attr
    return node.id if isinstance(node, ast.Name) else ""


def _raises(tree: ast.AST, error: str, lines: list[str]) -> list[ast.Raise]:
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Raise)
        and node.exc is not None
        and _name(node.exc) == error
        and EXEMPT not in lines[node.lineno - 1]
    ]


def _english_raises(path: Path, root: Path = SRC.parent) -> list[str]:
    text = path.read_text(encoding="utf-8")
    tree, lines = ast.parse(text), text.splitlines()
    where = path.relative_to(root)
    found = [
        f"{where}:{node.lineno}: ContentError with an English text"
        for node in _raises(tree, "ContentError", lines)
    ]
    validators = [
        f
        for f in ast.walk(tree)
        if isinstance(f, ast.FunctionDef) and any(_name(d) in VALIDATORS for d in f.decorator_list)
    ]
    for f in validators:
        found += [
            f"{where}:{node.lineno}: validator {f.name} raises ValueError with an English text"
            for node in _raises(f, "ValueError", lines)
        ]
    return found


def test_the_check_finds_an_english_content_error(tmp_path: Path) -> None:
    path = tmp_path / "x.py"
    path.write_text(
        "from pydantic import field_validator\n"
        "def load():\n    raise ContentError('bad file')\n"
        "class M:\n    @field_validator('x')\n    @classmethod\n"
        "    def _x(cls, v):\n        raise ValueError('no')\n"
        "    @field_validator('y')\n    @classmethod\n"
        "    def _y(cls, v):\n        raise SaidValue(MESSAGES, 'content.y')\n"
        "def fine():\n    raise ContentError.said(MESSAGES, 'content.z', file='f')\n"
        "def plain():\n    raise ContentError('x')  # English only: the catalog lacks it\n",
        encoding="utf-8",
    )
    assert _english_raises(path, tmp_path) == [
        "x.py:3: ContentError with an English text",
        "x.py:8: validator _x raises ValueError with an English text",
    ]


def test_no_game_tells_a_content_error_in_english_only() -> None:
    found = [f for path in sorted((SRC / "games").rglob("*.py")) for f in _english_raises(path)]
    assert not found, "\n".join(found)
