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

A module may have a ``.pxd`` beside it: its classes then compile to C structs with the
fields listed there (the state modules), and the ``cimport`` lines say which other
modules' structs its compiled code reads directly. Such a twin is only as good as those
layouts: its fingerprint covers the sources and ``.pxd`` files it was compiled against,
and it is loaded only once they run compiled too.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import re
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
from importlib.util import resolve_name, spec_from_file_location
from pathlib import Path
from types import ModuleType

MANIFEST = Path(__file__).with_name("native.json")
SRC = Path(__file__).resolve().parent.parent  # the directory that holds the package
SUFFIX = ".native" + EXTENSION_SUFFIXES[0]  # .native.cpython-311-x86_64-linux-gnu.so

LOADED: list[str] = []  # modules imported compiled, in import order
STALE: list[str] = []  # modules built once but changed since: imported from source
BROKEN: list[str] = []  # compiled twins that failed to load (a damaged file): from source


def compiled_path(source: Path) -> Path:
    """Where the compiled twin of ``source`` lives."""
    return source.with_name(source.stem + SUFFIX)


def digest(source: Path) -> str:
    return hashlib.sha256(source.read_bytes()).hexdigest()


_CIMPORT = re.compile(r"^\s*(?:from\s+(\.*[\w.]*)\s+cimport\b|cimport\s+([\w.]+))", re.M)


def source_of(name: str, root: Path = SRC) -> Path:
    return root.joinpath(*name.split(".")).with_suffix(".py")


def layout_deps(name: str, root: Path = SRC) -> list[str]:
    """The modules whose ``.pxd`` layouts module ``name`` is compiled against (named by
    the ``cimport`` lines of its own ``.pxd``, and theirs in turn), sorted."""
    found: set[str] = set()
    todo = [name]
    while todo:
        current = todo.pop()
        pxd = source_of(current, root).with_suffix(".pxd")
        if not pxd.is_file():
            continue
        package = current.rsplit(".", 1)[0]
        for rel, absolute in _CIMPORT.findall(pxd.read_text(encoding="utf-8")):
            target = absolute or resolve_name(rel, package)
            if target not in found and target != name:
                found.add(target)
                todo.append(target)
    return sorted(found)


def fingerprint(
    name: str, source: Path, root: Path = SRC, deps: Sequence[str] | None = None
) -> str:
    """What the manifest records for module ``name``: the sha256 of its source, or, for a
    module with a ``.pxd``, one sha256 over its files and those of its layouts (``deps``:
    :func:`layout_deps`, if the caller has it already)."""
    pxd = source.with_suffix(".pxd")
    if not pxd.is_file():
        return digest(source)
    files = [source, pxd]
    for dep in layout_deps(name, root) if deps is None else deps:
        dep_source = source_of(dep, root)
        files += [dep_source, dep_source.with_suffix(".pxd")]
    h = hashlib.sha256()
    for f in files:
        h.update(f.read_bytes() if f.is_file() else b"-")
        h.update(b"\0")
    return h.hexdigest()


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
        root = source.parents[fullname.count(".")]
        try:
            deps = layout_deps(fullname, root)
            fresh = twin.is_file() and fingerprint(fullname, source, root, deps) == want
        except OSError:
            fresh = False
        if fresh:
            # compiled against these layouts: they must be the compiled ones (imported now)
            for dep in deps:
                importlib.import_module(dep)
                fresh = fresh and dep in LOADED
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
