"""Compiled twins (tavolo/native.py): used only while fresh, and the same games as source."""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tavolo import native
from tavolo.engine import registry

GAMES = (
    "platformer",
    "platformer:solo",
    "dungeonquest",
    "tos",
    *(
        f"estro:{mode}"
        for mode in (
            *registry.get("estro").modes,  # every base mode, the table modes included
            "standard+chimera+fessura+imboscata",
            "zona_conquista+chimera+fessura",
        )
    ),
)


def _package(tmp_path: Path, source: str) -> tuple[Path, Path]:
    pkg = tmp_path / "nativepkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("", encoding="utf-8")
    mod = pkg / "hot.py"
    mod.write_text(source, encoding="utf-8")
    return pkg, mod


def test_a_fresh_twin_is_found_and_a_changed_source_is_imported_from_source(
    tmp_path: Path,
) -> None:
    pkg, mod = _package(tmp_path, "X = 1\n")
    twin = native.compiled_path(mod)
    assert twin.name == "hot" + native.SUFFIX and twin.parent == pkg
    twin.write_bytes(b"")  # never loaded here: the finder only names it in a spec
    finder = native.NativeFinder({"nativepkg.hot": native.digest(mod)})
    spec = finder.find_spec("nativepkg.hot", [str(pkg)])
    assert spec is not None and spec.origin == str(twin)
    assert isinstance(spec.loader, native.TwinLoader)

    mod.write_text("X = 2\n", encoding="utf-8")  # edited after the build
    stale_before = len(native.STALE)
    assert finder.find_spec("nativepkg.hot", [str(pkg)]) is None
    assert native.STALE[stale_before:] == ["nativepkg.hot"]
    assert finder.find_spec("nativepkg.other", [str(pkg)]) is None  # not built: not ours

    twin.unlink()  # built once, file gone since
    finder.built["nativepkg.hot"] = native.digest(mod)
    assert finder.find_spec("nativepkg.hot", [str(pkg)]) is None


def test_a_damaged_twin_runs_the_source_instead(tmp_path: Path) -> None:
    _, mod = _package(tmp_path, "X = 41 + 1\n")
    native.compiled_path(mod).write_bytes(b"not a shared object")
    finder = native.NativeFinder({"nativepkg.hot": native.digest(mod)})
    sys.path.insert(0, str(tmp_path))
    sys.meta_path.insert(0, finder)
    try:
        module = importlib.import_module("nativepkg.hot")
    finally:
        sys.meta_path.remove(finder)
        sys.path.remove(str(tmp_path))
        for name in ("nativepkg.hot", "nativepkg"):
            sys.modules.pop(name, None)
    assert module.X == 42
    assert module.__file__ == str(mod)
    assert "nativepkg.hot" in native.BROKEN and "nativepkg.hot" not in native.LOADED
    assert "nativepkg.hot" in native.status()["stale"]


def _layouts(tmp_path: Path) -> Path:
    """pkg.sub.d reads pkg.a's layout, which reads pkg.b's, which reads pkg.c's."""
    files = {
        "pkg/__init__.py": "",
        "pkg/a.py": "class A: ...\n",
        "pkg/a.pxd": "from .b cimport B\ncdef class A:\n    cdef public object x\n",
        "pkg/b.py": "class B: ...\n",
        "pkg/b.pxd": "from pkg.c cimport C\ncdef class B:\n    cdef public object y\n",
        "pkg/c.py": "class C: ...\n",
        "pkg/c.pxd": "cdef class C:\n    cdef public object z\n",
        "pkg/plain.py": "X = 1\n",
        "pkg/sub/__init__.py": "",
        "pkg/sub/d.py": "from ..a import A\n",
        "pkg/sub/d.pxd": "from ..a cimport A\n",
    }
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return tmp_path


def test_a_module_is_compiled_against_the_layouts_its_pxd_cimports(tmp_path: Path) -> None:
    root = _layouts(tmp_path)
    assert native.layout_deps("pkg.sub.d", root) == ["pkg.a", "pkg.b", "pkg.c"]
    assert native.layout_deps("pkg.b", root) == ["pkg.c"]
    assert native.layout_deps("pkg.plain", root) == []
    plain = root / "pkg/plain.py"
    assert native.fingerprint("pkg.plain", plain, root) == native.digest(plain)

    d = root / "pkg/sub/d.py"
    before = native.fingerprint("pkg.sub.d", d, root)
    for changed in ("pkg/c.pxd", "pkg/b.py"):  # a layout it reads, two cimports away
        path = root / changed
        text = path.read_text(encoding="utf-8")
        path.write_text(text + "# changed\n", encoding="utf-8")
        assert native.fingerprint("pkg.sub.d", d, root) != before, changed
        path.write_text(text, encoding="utf-8")
        assert native.fingerprint("pkg.sub.d", d, root) == before


def test_a_twin_runs_only_while_the_layouts_it_reads_run_compiled(tmp_path: Path) -> None:
    root = _layouts(tmp_path)
    d = root / "pkg/sub/d.py"
    native.compiled_path(d).write_bytes(b"")  # never loaded here: only named in a spec
    finder = native.NativeFinder({"pkg.sub.d": native.fingerprint("pkg.sub.d", d, root)})
    sys.path.insert(0, str(root))
    loaded = native.LOADED[:]
    try:
        # pkg.a, pkg.b and pkg.c are imported from source (not built): d's twin, compiled
        # against their C layouts, must not run
        stale_before = len(native.STALE)
        assert finder.find_spec("pkg.sub.d", [str(root / "pkg/sub")]) is None
        assert native.STALE[stale_before:] == ["pkg.sub.d"]
        assert "pkg.a" in sys.modules  # imported by the finder, to see how it ran
        native.LOADED.extend(["pkg.a", "pkg.b", "pkg.c"])  # as if they had run compiled
        spec = finder.find_spec("pkg.sub.d", [str(root / "pkg/sub")])
        assert spec is not None and isinstance(spec.loader, native.TwinLoader)
    finally:
        native.LOADED[:] = loaded
        sys.path.remove(str(root))
        for name in [m for m in sys.modules if m == "pkg" or m.startswith("pkg.")]:
            del sys.modules[name]


def test_a_manifest_for_another_python_or_unreadable_counts_as_none(tmp_path: Path) -> None:
    path = tmp_path / "native.json"
    assert native.read_manifest(path) == {}
    path.write_text("{not json", encoding="utf-8")
    assert native.read_manifest(path) == {}
    path.write_text(json.dumps({"suffix": ".native.other.so", "modules": {"a": "b"}}))
    assert native.read_manifest(path) == {}
    path.write_text(json.dumps({"suffix": native.SUFFIX, "modules": {"a": "b"}}))
    assert native.read_manifest(path) == {"a": "b"}


def test_every_built_module_runs_compiled_exactly_while_its_source_is_unchanged() -> None:
    built = native.read_manifest()
    if os.environ.get("TAVOLO_PURE") or not built:
        pytest.skip("no compiled modules in this checkout (make setup builds them)")
    for name, want in built.items():
        file = str(importlib.import_module(name).__file__)
        if file.endswith(native.SUFFIX):
            source = Path(file[: -len(native.SUFFIX)] + ".py")
            assert native.fingerprint(name, source) == want, name
            if not source.with_suffix(".pxd").is_file():  # a plain module: its sha256
                assert hashlib.sha256(source.read_bytes()).hexdigest() == want, name
        else:
            assert name in native.STALE, f"{name} was built but imported from {file}"


FINGERPRINT = """
import hashlib, sys
from tavolo.engine import RNG, registry
out = []
for name in sys.argv[1:]:
    game, _, mode = name.partition(":")
    g = registry.get(game)
    cfg = g.config_from_json({"mode": mode} if mode else {})
    h = hashlib.sha256(); rng = RNG(1)
    for seed in range(12):
        s = g.new(cfg, seed)
        while (d := g.decision(s)) is not None:
            a = d.actions[rng.below(len(d.actions))]
            h.update(repr((d.player, d.actions, a, g.apply(s, a))).encode())
        h.update(g.hash(s).encode()); h.update(repr(g.returns(s)).encode())
    out.append(h.hexdigest())
print(" ".join(out))
"""


RNG_DRAWS = """
import hashlib
from tavolo.engine.rng import RNG, ScriptedRNG, derive_seed
out = []
for seed in (0, 1, 7, -5, 2**32 - 1, 2**63, 2**64 - 1, 2**64 + 9, 123456789):
    r = RNG(seed)
    out += [r.s, r.next64(), r.below(1), r.below(6), r.below(2**32 - 1), r.below(2**32),
            r.below(10**15), r.below(2**64 + 1), r.roll(), r.roll(20), r.coin(), r.chance(37)]
    pile = list(range(40)); r.shuffle(pile)
    out += [pile, r.sample(range(60), 9), r.sample("abc", 5), r.draw(pile), r.choice(pile)]
    f = r.fork("agent")
    out += [f.s, f.below(100), derive_seed(seed, "x"), r.to_json(), RNG.from_json(r.to_json()).s]
s = ScriptedRNG(3, [{"roll": 2}])
out += [s.roll(), s.roll(), s.below(9), s.clone().s]
print(hashlib.sha256(repr(out).encode()).hexdigest())
"""


def _fingerprints(
    pure: bool, script: str = FINGERPRINT, args: tuple[str, ...] = GAMES
) -> list[str]:
    env = {k: v for k, v in os.environ.items() if k != "TAVOLO_PURE"}
    if pure:
        env["TAVOLO_PURE"] = "1"
    done = subprocess.run(
        [sys.executable, "-c", script, *args],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    return done.stdout.split()


def test_compiled_and_pure_python_play_the_same_games() -> None:
    """Every decision, action, event and final hash of 12 random games of every game and
    of each Estro mode (the goldens and the rest of the suite run compiled too)."""
    if not native.read_manifest():
        pytest.skip("no compiled modules in this checkout (make setup builds them)")
    compiled, pure = _fingerprints(False), _fingerprints(True)
    assert len(compiled) == len(GAMES)
    assert dict(zip(GAMES, compiled, strict=True)) == dict(zip(GAMES, pure, strict=True))


def test_the_compiled_rng_draws_the_same_numbers() -> None:
    """The RNG compiles to C unsigned 64-bit arithmetic (engine/rng.pxd): the same stream,
    edge seeds and bounds included (bounds past 2**32 take the Python path)."""
    if "tavolo.engine.rng" not in native.read_manifest():
        pytest.skip("no compiled modules in this checkout (make setup builds them)")
    assert _fingerprints(False, RNG_DRAWS, ()) == _fingerprints(True, RNG_DRAWS, ())


def test_the_bench_says_whether_it_ran_compiled() -> None:
    registry.get("estro")
    status = native.status()
    assert set(status) == {"pure", "built", "compiled", "stale"}
    assert status["built"] == len(native.read_manifest())
    if status["built"] and not status["pure"]:
        rules = "tavolo.games.estro.rules"
        assert rules in status["compiled"] or rules in status["stale"]


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_bench_line_tells_compiled_stale_pure_and_unbuilt_apart(lang: str) -> None:
    from tavolo.cli.batch import native_line

    compiled = {"pure": False, "built": 3, "compiled": ["a", "b", "c"], "stale": []}
    stale = {"pure": False, "built": 3, "compiled": ["a", "b"], "stale": ["x.rules"]}
    asked = {"pure": True, "built": 3, "compiled": [], "stale": []}
    unbuilt = {"pure": False, "built": 0, "compiled": [], "stale": []}
    lines = [native_line(st, lang) for st in (compiled, stale, asked, unbuilt)]
    assert len(set(lines)) == 4
    assert lines[0].startswith("3 ") and "x.rules" in lines[1]
    assert "TAVOLO_PURE" in lines[2] and "make setup" in lines[3]
