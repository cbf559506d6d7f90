"""Reading YAML/JSON files with one-line errors that name the file and the place."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from .errors import TavoloError

# libyaml's parser when PyYAML was built with it: 14 times the pure one's speed on the
# message catalogs, which every start-up reads (the constructing stays PyYAML's own)
if TYPE_CHECKING:
    _SafeLoader = yaml.SafeLoader
else:
    _SafeLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _StrictLoader(_SafeLoader):
    """Safe YAML that refuses a key written twice in one mapping (the first would be lost)."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: set[Any] = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            if key in seen:
                raise yaml.constructor.ConstructorError(
                    None, None, f"duplicate key {key!r}", key_node.start_mark
                )
            seen.add(key)
        return super().construct_mapping(node, deep=deep)


def read_data(path: str | Path, error: type[TavoloError] = TavoloError) -> Any:
    """Parse a .yaml/.yml/.json file; raise ``error`` with one readable line on failure."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise error(f"{p}: no such file") from None
    except IsADirectoryError:
        raise error(f"{p}: is a folder, not a file") from None
    except (OSError, UnicodeDecodeError) as e:
        raise error(f"{p}: cannot read: {e}") from None
    try:
        if p.suffix == ".json":
            return json.loads(text)
        return yaml.load(text, Loader=_StrictLoader)
    except json.JSONDecodeError as e:
        raise error(f"{p}:{e.lineno}: not valid JSON: {e.msg}") from None
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f":{mark.line + 1}" if mark is not None else ""
        problem = getattr(e, "problem", None) or str(e).splitlines()[0]
        raise error(f"{p}{where}: not valid YAML: {problem}") from None


def write_json(path: str | Path, data: Any) -> None:
    Path(path).write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
