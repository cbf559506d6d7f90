"""Content files validated by pydantic schemas, with errors naming file, entry and field."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from .errors import ContentError
from .files import read_data

M = TypeVar("M", bound=BaseModel)


def describe_validation(err: ValidationError) -> str:
    """The first problem of a pydantic error as ``field.path: message``."""
    first = err.errors()[0]
    loc = ".".join(str(x) for x in first["loc"]) or "(entry)"
    more = err.error_count() - 1
    return f"field {loc}: {first['msg']}" + (f" (and {more} more)" if more else "")


def validate_entry(model: type[M], data: Any, file: str, entry: str) -> M:
    try:
        return model.model_validate(data)
    except ValidationError as e:
        raise ContentError(f"{file}: entry {entry!r}: {describe_validation(e)}") from None


def load_entries(
    path: str | Path, model: type[M], key: str = "id", section: str | None = None
) -> list[M]:
    """Load a list of entries (top level, or under ``section``) and validate each one.

    Entries are named in errors by their ``key`` field when present, else by position.
    Duplicate keys are an error.
    """
    p = Path(path)
    data = read_data(p, ContentError)
    if section is not None:
        if not isinstance(data, Mapping) or section not in data:
            raise ContentError(f"{p.name}: missing section {section!r}")
        data = data[section]
    if not isinstance(data, list):
        raise ContentError(f"{p.name}: expected a list of entries")
    out: list[M] = []
    seen: set[Any] = set()
    for i, raw in enumerate(data):
        name = str(raw.get(key, f"#{i + 1}")) if isinstance(raw, Mapping) else f"#{i + 1}"
        entry = validate_entry(model, raw, p.name, name)
        k = getattr(entry, key, None)
        if k is not None:
            if k in seen:
                raise ContentError(f"{p.name}: entry {name!r}: field {key}: duplicate {k!r}")
            seen.add(k)
        out.append(entry)
    return out
