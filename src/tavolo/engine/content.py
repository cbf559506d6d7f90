"""Content files validated by pydantic schemas, with errors naming file, entry and field."""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from .errors import ContentError, SaidValue, engine_messages
from .files import read_data
from .i18n import fill

M = TypeVar("M", bound=BaseModel)
_KEPT = (str, int, float, SaidValue)  # context a reason quotes as it is (or tells)


class Reason:
    """The first problem of a pydantic error, ``field a.b: message``, in any language:
    pydantic's own English, or the engine catalog's words for its common kinds
    (``pydantic.<type>``); a kind it does not hold, and a schema's own message, stay
    English. Plain data, so an error holding it still crosses a process boundary."""

    __slots__ = ("ctx", "kind", "loc", "message", "more")

    def __init__(self, err: ValidationError) -> None:
        first = err.errors()[0]
        self.loc = ".".join(str(x) for x in first["loc"])
        self.kind = first["type"]
        self.message = first["msg"]
        ctx = first.get("ctx") or {}
        self.ctx = {k: v if isinstance(v, _KEPT) else str(v) for k, v in ctx.items()}
        self.more = err.error_count() - 1

    def told(self, lang: str) -> str:
        msg = engine_messages()
        key = "pydantic." + self.kind
        message = self.message
        if lang != "en" and msg.has(key):
            ctx = {k: v.told(lang) if isinstance(v, SaidValue) else v for k, v in self.ctx.items()}
            if "expected" in ctx:  # pydantic's "'a', 'b' or 'c'"
                ctx["expected"] = msg.t(lang, "pydantic.or").join(
                    str(ctx["expected"]).rsplit(" or ", 1)
                )
            # a pydantic without the context these words quote: its own English instead
            with contextlib.suppress(KeyError, IndexError, ValueError):
                message = fill(msg.t(lang, key), **ctx)
        loc = self.loc or msg.t(lang, "content.whole")
        text = msg.t(lang, "content.field", loc=loc, message=message)
        return text + (msg.t(lang, "content.more", n=self.more) if self.more else "")

    def __str__(self) -> str:
        return self.told("en")


def describe_validation(err: ValidationError) -> str:
    """The first problem of a pydantic error as ``field a.b: message``, in English."""
    return str(Reason(err))


def validate_entry(model: type[M], data: Any, file: str, entry: str) -> M:
    try:
        return model.model_validate(data)
    except ValidationError as e:
        raise ContentError.said(
            engine_messages(), "content.entry", file=file, entry=entry, reason=Reason(e)
        ) from None


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
            raise ContentError.said(
                engine_messages(), "content.section", file=p.name, section=section
            )
        data = data[section]
    if not isinstance(data, list):
        raise ContentError.said(engine_messages(), "content.list", file=p.name)
    out: list[M] = []
    seen: set[Any] = set()
    for i, raw in enumerate(data):
        name = str(raw.get(key, f"#{i + 1}")) if isinstance(raw, Mapping) else f"#{i + 1}"
        entry = validate_entry(model, raw, p.name, name)
        k = getattr(entry, key, None)
        if k is not None:
            if k in seen:
                raise ContentError.said(
                    engine_messages(),
                    "content.duplicate",
                    file=p.name,
                    entry=name,
                    key=key,
                    value=k,
                )
            seen.add(k)
        out.append(entry)
    return out
