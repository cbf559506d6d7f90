"""The annotations that compiled code enforces are true.

Modules whose first line is ``# cython: annotation_typing=True`` have their annotations used
as C types when compiled (tools/build_native.py): Cython rejects an argument of the wrong
type and converts ``int`` and ``bool`` ones (``True`` passed as ``p: int`` becomes ``1``).
So in those modules an annotated argument must be exactly what it says. This test runs
the source (``TAVOLO_PURE=1``, where every call is seen) over games of every mode and
META mode and checks each call into those modules against its annotations.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import tavolo
from tavolo.games.estro import EstroGame

SRC = Path(tavolo.__file__).resolve().parent
HEADER = "# cython: annotation_typing=True"

AUDIT = r'''
import ast, importlib, importlib.util, inspect, sys
from tavolo.engine import RNG, registry

BUILTINS = {"int": int, "bool": bool, "float": float, "str": str, "list": list,
            "dict": dict, "set": set, "tuple": tuple, "frozenset": frozenset}

def checker(text, module):
    """(allowed types, exact?, None allowed) for an annotation Cython acts on, else None."""
    node = ast.parse(text, mode="eval").body
    optional = False
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        if isinstance(node.right, ast.Constant) and node.right.value is None:
            node, optional = node.left, True
        else:
            return None
    if isinstance(node, ast.Subscript):
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    if node.id in BUILTINS:
        return BUILTINS[node.id], True, optional
    if node.id in module.EXTENSION_TYPES:
        return module.EXTENSION_TYPES[node.id], False, optional
    return None

checks = {}
for name in sys.argv[2:]:
    module = importlib.import_module(name)
    module.EXTENSION_TYPES = {}
    for line in open(module.__file__[:-3] + ".pxd", encoding="utf-8"):
        if line.startswith("from ") and " cimport " in line:
            where, names = line[5:].split(" cimport ")
            source = importlib.import_module(importlib.util.resolve_name(where, module.__package__))
            for t in names.split(","):
                module.EXTENSION_TYPES[t.strip()] = getattr(source, t.strip())
    funcs = [f for f in vars(module).values() if inspect.isfunction(f)]
    for cls in vars(module).values():
        if inspect.isclass(cls) and cls.__module__ == name:
            for f in vars(cls).values():
                f = getattr(f, "__func__", f)
                if inspect.isfunction(f):
                    funcs.append(f)
    for f in funcs:
        rules = {}
        for arg, text in f.__annotations__.items():
            if arg != "return" and isinstance(text, str):
                rule = checker(text, module)
                if rule is not None:
                    rules[arg] = (text, *rule)
        if rules:
            checks[f.__code__] = (f.__qualname__, name, rules)

bad = {}
calls = 0
def hook(frame, event, arg):
    global calls
    if event != "call":
        return
    found = checks.get(frame.f_code)
    if found is None:
        return
    calls += 1
    qualname, module, rules = found
    values = frame.f_locals
    for argname, (text, typ, exact, optional) in rules.items():
        if argname not in values:
            continue
        v = values[argname]
        if v is None:
            ok = optional
        elif exact:
            ok = type(v) is typ
        else:
            ok = isinstance(v, typ)
        if not ok:
            said = f"{module}.{qualname}({argname}: {text})"
            bad.setdefault(said, f"{said} got {type(v).__name__} {v!r:.60}")

g = registry.get("estro")
configs = [(m, None) for m in sys.argv[1].split(",")]
configs += [("ultimo_bastione", 3), ("ultimo_bastione", 4)]
sys.setprofile(hook)
for mode, players in configs:
    data = {"mode": mode} if players is None else {"mode": mode, "players": players}
    cfg = g.config_from_json(data)
    rng = RNG(5)
    for seed in range(4):
        s = g.new(cfg, seed)
        while (d := g.decision(s)) is not None:
            g.apply(s, d.actions[rng.below(len(d.actions))])
        g.observe(s, 0)
sys.setprofile(None)
print(calls)
for line in sorted(bad.values()):
    print(line)
'''

MODES = (
    *EstroGame.modes,  # every base mode, the table modes included
    "standard+chimera+fessura+imboscata",
    "zona_conquista+chimera+fessura+imboscata",
    "sogno_lucido+chimera+fessura+imboscata",
    "inferno+chimera+fessura+imboscata",
    "navi+chimera+fessura",
    "ultimo_bastione+chimera+fessura",
)


def typed_modules() -> list[str]:
    found = []
    for path in sorted(SRC.rglob("*.py")):
        with path.open(encoding="utf-8") as f:
            if f.readline().startswith(HEADER):
                rel = path.relative_to(SRC.parent).with_suffix("")
                found.append(".".join(rel.parts))
    return found


def test_typed_modules_have_a_layout_to_type_against() -> None:
    names = typed_modules()
    assert "tavolo.games.estro.rules" in names
    for name in names:
        pxd = SRC.parent.joinpath(*name.split(".")).with_suffix(".pxd")
        assert pxd.is_file(), f"{name} is typed but has no .pxd naming the types it reads"


def test_every_call_into_a_typed_module_matches_its_annotations() -> None:
    env = {**os.environ, "TAVOLO_PURE": "1"}
    done = subprocess.run(
        [sys.executable, "-c", AUDIT, ",".join(MODES), *typed_modules()],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    calls, *bad = done.stdout.splitlines()
    assert int(calls) > 100_000  # the hook saw the games (a broken hook sees nothing)
    assert bad == []
