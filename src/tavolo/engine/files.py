"""Reading YAML/JSON files with one-line errors that name the file and the place."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from .errors import SystemReason, TavoloError, engine_messages

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


# What a message catalog's own file gets: no catalog can tell it (engine/messages has
# the same texts, told in every language, for every other file).
_PLAIN = {
    "file.missing": "{path}: no such file",
    "file.folder": "{path}: is a folder, not a file",
    "file.not_utf8": "{path}: not UTF-8 text",
    "file.unreadable": "{path}: cannot read: {reason}",
    "file.nul": "{path}: not a file name: it holds a NUL character (\\0)",
    "file.json": "{path}:{line}: not valid JSON: {problem}",
    "file.yaml": "{path}{where}: not valid YAML: {problem}",
}


# The parsers' usual messages (json's, and libyaml's through CSafeLoader), each told
# from the engine catalog as parse.<key>: a designer's slip in a content file is named in
# their language. A message not listed stays the parser's own English.
_PROBLEMS = [
    (re.compile(pattern), key)
    for pattern, key in (
        (r"Expecting value", "parse.json.value"),
        (r"Expecting ':' delimiter", "parse.json.colon"),
        (r"Expecting ',' delimiter", "parse.json.comma"),
        (r"Expecting property name enclosed in double quotes", "parse.json.name"),
        (r"Unterminated string starting at", "parse.json.unterminated"),
        (r"Extra data", "parse.json.extra"),
        (r"Invalid \\escape", "parse.json.escape"),
        (r"Invalid \\uXXXX escape", "parse.json.unicode"),
        (r"Invalid control character at", "parse.json.control"),
        (r"did not find expected ',' or '\]'", "parse.yaml.flow_list"),
        (r"did not find expected ',' or '}'", "parse.yaml.flow_map"),
        (r"did not find expected key", "parse.yaml.key"),
        (r"did not find expected '-' indicator", "parse.yaml.dash"),
        (r"could not find expected ':'", "parse.yaml.colon"),
        (r"mapping values are not allowed in this context", "parse.yaml.mapping"),
        (r"found character that cannot start any token", "parse.yaml.token"),
        (r"found unexpected end of stream", "parse.yaml.end"),
        (r"found undefined alias", "parse.yaml.alias"),
        (r"found unknown escape character", "parse.yaml.escape"),
        (r"could not determine a constructor for the tag (?P<tag>.+)", "parse.yaml.tag"),
        (r"duplicate key (?P<key>.+)", "parse.yaml.duplicate"),
    )
]


class ParseProblem:
    """What a JSON or YAML parser found wrong, told in any language (``_PROBLEMS``).
    ``str()`` is the parser's own text: it needs no catalog, for a catalog's own file."""

    __slots__ = ("key", "params", "text")

    def __init__(self, text: str) -> None:
        self.text, self.key, self.params = text, "", {}
        for pattern, key in _PROBLEMS:
            found = pattern.fullmatch(text)
            if found:
                self.key, self.params = key, found.groupdict()
                break

    def told(self, lang: str) -> str:
        from .i18n import fill  # (i18n reads its catalogs with this module)

        msg = engine_messages()
        if not (self.key and msg.has(self.key)):
            return self.text
        return fill(msg.t(lang, self.key), **self.params)  # filled even without params: '}}'

    def __str__(self) -> str:
        return self.text

    def __format__(self, spec: str) -> str:
        return format(self.text, spec)

    def __reduce__(self) -> tuple[Any, ...]:
        return ParseProblem, (self.text,)


def _failed(error: type[TavoloError], told: bool, key: str, **params: Any) -> TavoloError:
    if told:
        return error.said(engine_messages(), key, **params)
    return error(_PLAIN[key].format(**params))


def read_text(
    path: str | Path,
    error: type[TavoloError] = TavoloError,
    *,
    encoding: str = "utf-8",
    told: bool = True,
) -> str:
    """A text file's contents, or ``error`` with one line in any language (``told=False``
    for a message catalog's own file, in English)."""
    p = Path(path)
    try:
        return p.read_text(encoding=encoding)
    except FileNotFoundError:
        raise _failed(error, told, "file.missing", path=str(p)) from None
    except IsADirectoryError:
        raise _failed(error, told, "file.folder", path=str(p)) from None
    except UnicodeDecodeError:
        raise _failed(error, told, "file.not_utf8", path=str(p)) from None
    except OSError as e:
        raise _failed(
            error, told, "file.unreadable", path=str(p), reason=SystemReason.of(e)
        ) from None
    except ValueError:  # "embedded null byte": a name from a file or from Python
        raise _failed(error, told, "file.nul", path=shown_path(p)) from None


def shown_path(path: str | Path) -> str:
    """A path as one line shows it: a NUL character (no name holds one) written ``\\0``."""
    return str(path).replace("\x00", "\\0")


def read_data(
    path: str | Path, error: type[TavoloError] = TavoloError, *, told: bool = True
) -> Any:
    """Parse a .yaml/.yml/.json file, or raise ``error`` with one line that names the
    file and the place (``told`` as in ``read_text``)."""
    p = Path(path)
    text = read_text(p, error, told=told)
    try:
        if p.suffix == ".json":  # a byte-order mark (Windows' Notepad) is no JSON, but
            return json.loads(text.removeprefix("\ufeff"))  # YAML skips it: so does this
        return yaml.load(text, Loader=_StrictLoader)
    except json.JSONDecodeError as e:
        problem = ParseProblem(e.msg)
        raise _failed(
            error, told, "file.json", path=str(p), line=e.lineno, problem=problem
        ) from None
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f":{mark.line + 1}" if mark is not None else ""
        problem = ParseProblem(getattr(e, "problem", None) or str(e).splitlines()[0])
        raise _failed(error, told, "file.yaml", path=str(p), where=where, problem=problem) from None


def new_file(
    path: str | Path, error: type[TavoloError] = TavoloError, *, overwrite: bool = False
) -> Path:
    """A file the user named for tavolo to write (a replay, a study's rows), or
    ``error`` in one line when something of that name exists already: a user's file is
    written over only when they say so (``overwrite``), and a folder is no file."""
    p = Path(path)
    if p.is_dir():
        raise error.said(engine_messages(), "file.folder", path=str(p))
    if not overwrite and (p.exists() or p.is_symlink()):
        raise error.said(engine_messages(), "file.exists", path=str(p))
    return p


def write_bytes(path: str | Path, data: bytes, error: type[TavoloError] = TavoloError) -> None:
    """Write a file the user named, or raise ``error`` with one line (any language)."""
    try:
        Path(path).write_bytes(data)
    except OSError as e:
        reason = SystemReason.of(e)
        raise error.said(
            engine_messages(), "file.unwritable", path=str(path), reason=reason
        ) from None


def write_json(path: str | Path, data: Any) -> None:
    Path(path).write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
