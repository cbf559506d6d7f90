"""Compiled twins of the hot modules, used only while they match their source.

``make setup`` compiles the modules listed in pyproject.toml (``[tool.tavolo.native]``)
with Cython (tools/build_native.py) and records the sha256 of each source it compiled
in ``native.json``. The compiled file sits beside its source under a name the normal
import system ignores (``rules.native.cpython-311-x86_64-linux-gnu.so``), so nothing
changes unless :func:`install` is called, as ``import tavolo`` does.

The ``.py`` file stays the truth: a module whose source changed since the build is
imported from source (and named in :data:`STALE`), so an edited rule takes effect at
once, only slower until the next ``make setup``. ``TAVOLO_PURE=1`` ignores every
compiled file.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from collections.abc import Sequence
from importlib.abc import MetaPathFinder
from importlib.machinery import (
    EXTENSION_SUFFIXES,
    ExtensionFileLoader,
    ModuleSpec,
    PathFinder,
    SourceFileLoader,
)
from importlib.util import spec_from_file_location
from pathlib import Path
from types import ModuleType

MANIFEST = Path(__file__).with_name("native.json")
SUFFIX = ".native" + EXTENSION_SUFFIXES[0]  # .native.cpython-311-x86_64-linux-gnu.so

LOADED: list[str] = []  # modules imported compiled, in import order
STALE: list[str] = []  # modules built once but changed since: imported from source
BROKEN: list[str] = []  # compiled twins that failed to load (a damaged file): from source


def compiled_path(source: Path) -> Path:
    """Where the compiled twin of ``source`` lives."""
    return source.with_name(source.stem + SUFFIX)


def digest(source: Path) -> str:
    return hashlib.sha256(source.read_bytes()).hexdigest()


def read_manifest(path: Path = MANIFEST, part: str = "modules") -> dict[str, str]:
    """Module name -> sha256 of the source it was compiled from (``part="twins"``: of
    the compiled file as built); {} if none or unreadable, or built for another Python."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict) or data.get("suffix") != SUFFIX:
        return {}
    found = data.get(part)
    if not isinstance(found, dict):
        return {}
    return {str(k): str(v) for k, v in found.items()}


class TwinLoader(ExtensionFileLoader):
    """Loads a compiled twin; if the file cannot be loaded (damaged, or built for another
    machine), runs the module's source instead, so a bad build costs speed, not a crash."""

    def __init__(self, fullname: str, twin: str, source: str) -> None:
        super().__init__(fullname, twin)
        self.source = SourceFileLoader(fullname, source)
        self.broken = False

    def create_module(self, spec: ModuleSpec) -> ModuleType:
        try:
            module = super().create_module(spec)
        except ImportError:
            self.broken = True
            BROKEN.append(self.name)
            return ModuleType(spec.name)  # a plain module, filled from source below
        LOADED.append(self.name)
        return module

    def exec_module(self, module: ModuleType) -> None:
        if self.broken:
            module.__file__ = self.source.path
            self.source.exec_module(module)
        else:
            super().exec_module(module)


class NativeFinder(MetaPathFinder):
    """Finds a module's compiled twin when its source still has the recorded sha256."""

    def __init__(self, built: dict[str, str]) -> None:
        self.built = built

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> ModuleSpec | None:
        want = self.built.get(fullname)
        if want is None:
            return None
        spec = PathFinder.find_spec(fullname, path)
        if spec is None or spec.origin is None or not spec.origin.endswith(".py"):
            return None
        source = Path(spec.origin)
        twin = compiled_path(source)
        try:
            fresh = twin.is_file() and digest(source) == want
        except OSError:
            fresh = False
        if not fresh:
            STALE.append(fullname)
            return None
        loader = TwinLoader(fullname, str(twin), str(source))
        return spec_from_file_location(fullname, twin, loader=loader)


def install() -> None:
    """Put the finder first on ``sys.meta_path`` (once), unless TAVOLO_PURE is set."""
    if os.environ.get("TAVOLO_PURE"):
        return
    if any(isinstance(f, NativeFinder) for f in sys.meta_path):
        return
    built = read_manifest()
    if built:
        sys.meta_path.insert(0, NativeFinder(built))


def status() -> dict[str, object]:
    """What the benches report: which modules run compiled and which fell back."""
    return {
        "pure": bool(os.environ.get("TAVOLO_PURE")),
        "built": len(read_manifest()),
        "compiled": sorted(LOADED),
        "stale": sorted(set(STALE) | set(BROKEN)),
    }
