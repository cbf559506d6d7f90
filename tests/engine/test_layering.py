"""Layering: the engine knows no game, a game knows no other game and no interface.

Imports are read with :mod:`ast` from the source files (never imported), including
relative imports, imports inside functions or ``TYPE_CHECKING`` blocks, and
``importlib.import_module("...")`` / ``__import__("...")`` with a literal name.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import pytest

import tavolo

SRC = Path(tavolo.__file__).parent  # src/tavolo

INTERFACES = ("tavolo.cli", "tavolo.web")
UI_LIBRARIES = ("typer", "rich")


@dataclass(frozen=True)
class Import:
    file: Path
    line: int
    module: str  # absolute dotted name


def module_name(path: Path, root: Path) -> str:
    """``root/games/estro/rules.py`` -> ``tavolo.games.estro.rules`` (root is src/tavolo)."""
    parts = [root.name, *path.relative_to(root).with_suffix("").parts]
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path, root: Path) -> list[Import]:
    """Every module ``path`` imports, resolved to absolute dotted names.

    ``from a import b`` counts as importing both ``a`` and ``a.b`` (b may be a module).
    """
    name = module_name(path, root)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: list[Import] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [Import(path, node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base_parts = package.split(".")
                if node.level > 1:
                    base_parts = base_parts[: -(node.level - 1)]
                base = ".".join(base_parts)
                base = f"{base}.{node.module}" if node.module else base
            else:
                base = node.module or ""
            found.append(Import(path, node.lineno, base))
            found += [
                Import(path, node.lineno, f"{base}.{alias.name}")
                for alias in node.names
                if alias.name != "*"
            ]
        elif (
            isinstance(node, ast.Call)
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
            and (
                (isinstance(node.func, ast.Attribute) and node.func.attr == "import_module")
                or (
                    isinstance(node.func, ast.Name)
                    and node.func.id in ("import_module", "__import__")
                )
            )
        ):
            found.append(Import(path, node.lineno, node.args[0].value))
    return found


def within(module: str, packages: Iterable[str]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in packages)


def violations(folder: Path, root: Path, forbidden: Iterable[str]) -> list[str]:
    """``file:line imports X`` for each import under ``folder`` of a forbidden package."""
    forbidden = tuple(forbidden)
    out = []
    for path in sorted(folder.rglob("*.py")):
        for imp in imports_of(path, root):
            if within(imp.module, forbidden):
                out.append(f"{imp.file.relative_to(root.parent)}:{imp.line} imports {imp.module}")
    return sorted(set(out))


def game_packages(root: Path) -> list[str]:
    games = root / "games"
    if not games.is_dir():
        return []
    return sorted(
        d.name
        for d in games.iterdir()
        if d.is_dir() and any(d.rglob("*.py")) and d.name.isidentifier()
    )


def game_rules(root: Path, game: str) -> list[str]:
    others = [f"tavolo.games.{g}" for g in game_packages(root) if g != game]
    return [*others, *INTERFACES, "tavolo.agents", "tavolo.sim", *UI_LIBRARIES]


# -- the source tree ------------------------------------------------------------------------


def test_the_source_tree_is_where_we_think() -> None:
    assert (SRC / "engine" / "game.py").is_file()
    imports = {i.module for i in imports_of(SRC / "engine" / "replay.py", SRC)}
    assert {"tavolo", "tavolo.engine.registry", "tavolo.engine.files"} <= imports


def test_engine_imports_no_game_and_no_interface() -> None:
    forbidden = ["tavolo.games", "tavolo.agents", "tavolo.sim", *INTERFACES]
    assert violations(SRC / "engine", SRC, forbidden) == []


GAMES = game_packages(SRC)


@pytest.mark.parametrize("game", GAMES)
def test_game_imports_no_other_game_nor_interface(game: str) -> None:
    assert violations(SRC / "games" / game, SRC, game_rules(SRC, game)) == []


@pytest.mark.parametrize("package", ["agents", "sim"])
def test_agents_and_sim_import_no_game(package: str) -> None:
    assert violations(SRC / package, SRC, ["tavolo.games"]) == []


# -- the checker itself ---------------------------------------------------------------------------


def write(root: Path, rel: str, text: str) -> None:
    p = root / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(text, encoding="utf-8")


@pytest.fixture
def fake_tree(tmp_path: Path) -> Path:
    root = tmp_path / "tavolo"
    write(root, "__init__.py", "")
    write(root, "engine/__init__.py", "from .game import Game\n")
    write(root, "engine/game.py", "import json\n")
    write(root, "games/__init__.py", "")
    write(root, "games/alpha/__init__.py", "from .rules import AlphaGame\n")
    write(root, "games/alpha/rules.py", "from tavolo.engine import Game\nfrom . import view\n")
    write(root, "games/alpha/view.py", "from ...engine.game import Game\n")
    write(root, "games/beta/rules.py", "x = 1\n")
    write(root, "games/data_only/cards.yaml", "[]\n")
    write(root, "agents/random.py", "from tavolo.engine import Game\n")
    return root


def test_checker_accepts_a_clean_tree(fake_tree: Path) -> None:
    assert game_packages(fake_tree) == ["alpha", "beta"]
    assert violations(fake_tree / "engine", fake_tree, ["tavolo.games"]) == []
    for game in ("alpha", "beta"):
        assert violations(fake_tree / "games" / game, fake_tree, game_rules(fake_tree, game)) == []
    assert violations(fake_tree / "agents", fake_tree, ["tavolo.games"]) == []


@pytest.mark.parametrize(
    ("rel", "code", "folder", "rules", "culprit"),
    [
        (
            "engine/late.py",
            "def f():\n    from tavolo.games import alpha\n",
            "engine",
            "engine",
            "tavolo.games",
        ),
        (
            "engine/x.py",
            "from ..games.alpha import rules\n",
            "engine",
            "engine",
            "tavolo.games.alpha",
        ),
        ("engine/y.py", "import tavolo.cli.main\n", "engine", "engine", "tavolo.cli.main"),
        ("engine/z.py", "from tavolo import web\n", "engine", "engine", "tavolo.web"),
        (
            "engine/dyn.py",
            "import importlib\nimportlib.import_module('tavolo.games.beta')\n",
            "engine",
            "engine",
            "tavolo.games.beta",
        ),
        (
            "games/alpha/a.py",
            "from ..beta import rules\n",
            "games/alpha",
            "alpha",
            "tavolo.games.beta",
        ),
        (
            "games/alpha/b.py",
            "from tavolo.games import beta\n",
            "games/alpha",
            "alpha",
            "tavolo.games.beta",
        ),
        ("games/alpha/c.py", "import rich.console\n", "games/alpha", "alpha", "rich.console"),
        ("games/alpha/d.py", "from typer import Typer\n", "games/alpha", "alpha", "typer"),
        (
            "games/alpha/e.py",
            "from ...agents import mcts\n",
            "games/alpha",
            "alpha",
            "tavolo.agents",
        ),
        (
            "games/alpha/f.py",
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from tavolo.sim import run\n",
            "games/alpha",
            "alpha",
            "tavolo.sim",
        ),
        (
            "agents/g.py",
            "from tavolo.games.alpha.rules import AlphaGame\n",
            "agents",
            "agents",
            "tavolo.games.alpha",
        ),
    ],
)
def test_checker_catches(
    fake_tree: Path, rel: str, code: str, folder: str, rules: str, culprit: str
) -> None:
    write(fake_tree, rel, code)
    if rules == "engine":
        forbidden = ["tavolo.games", "tavolo.agents", "tavolo.sim", *INTERFACES]
    elif rules == "agents":
        forbidden = ["tavolo.games"]
    else:
        forbidden = game_rules(fake_tree, rules)
    found = violations(fake_tree / folder, fake_tree, forbidden)
    assert found, f"{rel} should break the layering"
    assert any(f"tavolo/{rel}:" in v and f"imports {culprit}" in v for v in found), found


def test_own_game_is_allowed(fake_tree: Path) -> None:
    write(
        fake_tree,
        "games/alpha/g.py",
        "from tavolo.games.alpha import rules\nfrom .. import alpha\n",
    )
    assert (
        violations(fake_tree / "games" / "alpha", fake_tree, game_rules(fake_tree, "alpha")) == []
    )


def test_module_name_and_relative_resolution(fake_tree: Path) -> None:
    assert module_name(fake_tree / "games/alpha/__init__.py", fake_tree) == "tavolo.games.alpha"
    assert module_name(fake_tree / "games/alpha/view.py", fake_tree) == "tavolo.games.alpha.view"
    init = {i.module for i in imports_of(fake_tree / "games/alpha/__init__.py", fake_tree)}
    assert init == {"tavolo.games.alpha.rules", "tavolo.games.alpha.rules.AlphaGame"}
    view = {i.module for i in imports_of(fake_tree / "games/alpha/view.py", fake_tree)}
    assert view == {"tavolo.engine.game", "tavolo.engine.game.Game"}
