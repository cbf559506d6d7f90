"""Compile the hot modules listed in pyproject.toml with Cython, for speed.

    python tools/build_native.py            # build what changed (make setup runs this)
    python tools/build_native.py --clean    # remove every compiled file: pure Python again

Each module's compiled twin goes beside its source (see src/tavolo/native.py for why the
name differs from a normal extension's) and the sha256 of the source it came from goes
into src/tavolo/native.json. Only modules whose source changed are rebuilt.

Most code is compiled as it is, its annotations ignored. Two things give the hottest code
C types, and both leave the ``.py`` file plain Python that runs the same without them:

- a ``.pxd`` beside a module (the state modules) lists its classes' slots as C fields,
  so that compiled code reads a field without an attribute lookup (``engine/rng.pxd``
  also makes the RNG's state and constants C unsigned 64-bit ints, with
  ``# cython: infer_types=True`` in rng.py, so a draw is C arithmetic);
- a module whose first line is ``# cython: annotation_typing=True, nonecheck=True`` (the
  rules that read those states) has its annotations used as types: ``s: EstroState``
  reads the fields directly. Cython then checks each annotated argument when called
  and converts ``int``/``bool`` ones, so those annotations must be exact;
  tests/games/estro/test_annotations.py checks that they are, on games of every mode.

Compiled and pure games are the same games, only faster; tests/engine/test_native.py
checks that.

Without Cython or a C compiler this prints one line and leaves tavolo pure Python: the
speed is lost, nothing else.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
sys.path.insert(0, str(SRC))
os.environ["TAVOLO_PURE"] = "1"  # import tavolo.native itself from source, never compiled

from tavolo import native  # noqa: E402

DIRECTIVES = {
    "language_level": 3,
    "annotation_typing": False,  # by default annotations are for mypy only (see above)
    "binding": True,  # functions keep their signatures for inspect
}


def listed() -> dict[str, Path]:
    """Module name -> source file, from [tool.tavolo.native] modules."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    names = config["tool"]["tavolo"]["native"]["modules"]
    found = {}
    for name in names:
        path = native.source_of(name)
        if not path.is_file():
            raise SystemExit(f"pyproject.toml [tool.tavolo.native]: no source for {name}")
        found[name] = path
    return found


def write_manifest(modules: dict[str, str], twins: dict[str, str], cython: str) -> None:
    data = {
        "suffix": native.SUFFIX,
        "cython": cython,
        "modules": dict(sorted(modules.items())),
        "twins": {k: twins[k] for k in sorted(modules) if k in twins},
    }
    tmp = native.MANIFEST.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    tmp.replace(native.MANIFEST)


def clean() -> None:
    removed = 0
    for twin in SRC.rglob("*" + native.SUFFIX):
        twin.unlink()
        removed += 1
    native.MANIFEST.unlink(missing_ok=True)
    print(f"native: removed {removed} compiled modules; tavolo runs as pure Python")


def build() -> int:
    try:
        import Cython
        from Cython.Build import cythonize
        from setuptools import Distribution, Extension
        from setuptools.command.build_ext import build_ext
    except ImportError as e:
        print(f"native: not built ({e.name} is not installed); tavolo runs as pure Python")
        return 0
    modules = listed()
    built = native.read_manifest()
    twins = native.read_manifest(part="twins")  # to find compiled files damaged since
    # Twins of modules no longer listed would never be loaded: drop them.
    for name in set(built) - set(modules):
        native.compiled_path(native.source_of(name)).unlink(missing_ok=True)
        del built[name]
    digests = {}
    for name, path in modules.items():
        deps = native.layout_deps(name)
        missing = [dep for dep in deps if dep not in modules]
        if missing:
            raise SystemExit(
                f"pyproject.toml [tool.tavolo.native]: {name} cimports {', '.join(missing)},"
                " which must be compiled too"
            )
        digests[name] = native.fingerprint(name, path, deps=deps)

    def fresh(name: str) -> bool:
        twin = native.compiled_path(modules[name])
        return (
            built.get(name) == digests[name]
            and twin.is_file()
            and twins.get(name) == native.digest(twin)  # not damaged since the build
        )

    todo = [name for name in modules if not fresh(name)]
    if not todo:
        write_manifest(built, twins, Cython.__version__)
        print(f"native: {len(modules)} compiled modules up to date")
        return 0
    started = time.monotonic()
    jobs = max(1, min(4, os.cpu_count() or 1))
    with tempfile.TemporaryDirectory(prefix="tavolo-native-") as tmp:
        exts = [
            Extension(name, [str(modules[name])], extra_compile_args=["-g0", "-w"]) for name in todo
        ]
        try:
            exts = cythonize(
                exts,
                build_dir=f"{tmp}/c",
                compiler_directives=DIRECTIVES,
                include_path=[str(SRC)],
                nthreads=jobs,
                quiet=True,
            )
            dist = Distribution({"ext_modules": exts, "script_name": "build_native"})
            cmd = build_ext(dist)
            cmd.build_lib = f"{tmp}/lib"
            cmd.build_temp = f"{tmp}/obj"
            cmd.parallel = jobs
            cmd.ensure_finalized()
            cmd.run()
        except (Exception, SystemExit) as e:  # a compiler missing or failing
            line = str(e).strip().splitlines()[-1:] or [type(e).__name__]
            print(f"native: not built ({line[0]}); tavolo runs as pure Python")
            return 0
        for name in todo:
            # Renamed into place, never written over: a running tavolo may have the old
            # file mapped, and a file changed under it would crash that process.
            twin = native.compiled_path(modules[name])
            part = twin.with_name(twin.name + ".part")
            shutil.copyfile(cmd.get_ext_fullpath(name), part)
            os.replace(part, twin)
            built[name] = digests[name]
            twins[name] = native.digest(twin)
    write_manifest(built, twins, Cython.__version__)
    spent = time.monotonic() - started
    print(f"native: compiled {len(todo)} of {len(modules)} modules in {spent:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(clean() if sys.argv[1:] == ["--clean"] else build())
