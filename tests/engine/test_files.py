"""Reading YAML/JSON with one-line errors, and content entries validated by pydantic."""

from __future__ import annotations

import errno
import json
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal

import pytest
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from tavolo.engine import ContentError, ReplayError, SystemReason, TavoloError
from tavolo.engine.content import describe_validation, load_entries, validate_entry
from tavolo.engine.files import ParseProblem, read_data, write_bytes, write_json


def put(tmp_path: Path, name: str, text: str | bytes) -> Path:
    p = tmp_path / name
    if isinstance(text, bytes):
        p.write_bytes(text)
    else:
        p.write_text(text, encoding="utf-8")
    return p


def error_of(path: Path, error: type[TavoloError] = TavoloError) -> str:
    with pytest.raises(error) as err:
        read_data(path, error)
    assert type(err.value) is error
    msg = str(err.value)
    assert "\n" not in msg and msg.startswith(str(path)), msg
    return msg


# -- read_data ---------------------------------------------------------------------------------


def test_reads_yaml_yml_and_json(tmp_path: Path) -> None:
    assert read_data(put(tmp_path, "a.yaml", "a: 1\nb: [x, y]\n")) == {"a": 1, "b": ["x", "y"]}
    assert read_data(put(tmp_path, "a.yml", "- 1\n- two\n")) == [1, "two"]
    assert read_data(put(tmp_path, "a.json", '{"a": [1, 2]}')) == {"a": [1, 2]}
    assert read_data(put(tmp_path, "empty.yaml", "")) is None
    assert read_data(put(tmp_path, "u.yaml", "name: Città\n")) == {"name": "Città"}


def test_missing_file(tmp_path: Path) -> None:
    msg = error_of(tmp_path / "nope.yaml", ContentError)
    assert msg == f"{tmp_path / 'nope.yaml'}: no such file"


def test_folder_is_not_a_file(tmp_path: Path) -> None:
    assert "is a folder" in error_of(tmp_path)


def test_a_name_with_a_nul_character_is_one_line() -> None:
    """A path holding a NUL (from a replay's or scenario's options, or from Python) ended
    in a ValueError traceback: embedded null byte."""
    with pytest.raises(ReplayError) as e:
        read_data("save\x00.json", ReplayError)
    assert str(e.value) == "save\\0.json: not a file name: it holds a NUL character (\\0)"
    assert (
        e.value.told("it") == "save\\0.json: non è un nome di file: contiene un carattere NUL (\\0)"
    )


def test_a_json_file_with_a_byte_order_mark_reads(tmp_path: Path) -> None:
    """A JSON file saved with a BOM (as Windows' Notepad saves) was refused in English
    only, 'Unexpected UTF-8 BOM (decode using utf-8-sig)', while YAML read it."""
    path = put(tmp_path, "saved.json", '\ufeff{"a": 1}'.encode())
    assert read_data(path) == {"a": 1}
    assert read_data(put(tmp_path, "saved.yaml", "\ufeffa: 1".encode())) == {"a": 1}


def test_not_utf8(tmp_path: Path) -> None:
    assert "not UTF-8 text" in error_of(
        put(tmp_path, "latin.yaml", "name: Citt\xe0\n".encode("latin-1"))
    )


class ScenarioLike(TavoloError):
    """Any TavoloError subclass can be asked for."""


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("a: 1\nb: 2\n  c: 3\n", 3),
        ("a: 1\nb: [2\nc: 3\n", 3),
        ("a: 1\n\tb: 2\n", 2),
    ],
)
def test_bad_yaml_names_line(tmp_path: Path, text: str, line: int) -> None:
    p = put(tmp_path, "bad.yaml", text)
    msg = error_of(p, ScenarioLike)
    assert msg.startswith(f"{p}:{line}: not valid YAML: "), msg


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ('{"a": 1,\n "b": }\n', 2),
        ("{not json}", 1),
        ('{"a": 1}\n\n{"b": 2}', 3),
        ("a: 1", 1),  # YAML is not accepted in a .json file
        ("", 1),
    ],
)
def test_bad_json_names_line(tmp_path: Path, text: str, line: int) -> None:
    p = put(tmp_path, "bad.json", text)
    msg = error_of(p, ReplayError)
    assert msg.startswith(f"{p}:{line}: not valid JSON: "), msg


def test_duplicate_yaml_keys_are_refused(tmp_path: Path) -> None:
    p = put(tmp_path, "dup.yaml", "title: One\nhelp: Help\ntitle: Two\n")
    assert "title" in error_of(p, ContentError)


@pytest.mark.parametrize(
    ("name", "text", "italian"),
    [
        ("nope.yaml", None, ": il file non esiste"),
        ("latin.yaml", "name: Citt\xe0\n".encode("latin-1"), ": non è testo UTF-8"),
        ("bad.yaml", "a: [1\n", ":2: YAML non valido: "),
        ("bad.json", '{"a": }', ":1: JSON non valido: manca un valore"),
    ],
)
def test_a_files_error_is_told_in_italian(
    tmp_path: Path, name: str, text: bytes | str | None, italian: str
) -> None:
    path = tmp_path / name if text is None else put(tmp_path, name, text)
    with pytest.raises(ReplayError) as err:
        read_data(path, ReplayError)
    assert err.value.told("it").startswith(str(path) + italian)


# every parser message the catalog tells: a file that makes it, and its Italian words
PROBLEMS = {
    "json.value": ("x.json", '{"a": }', "manca un valore"),
    "json.colon": ("x.json", '{"a" 1}', "manca il ':' dopo un nome"),
    "json.comma": ("x.json", '{"a": 1', "manca una ',' tra due elementi"),
    "json.name": ("x.json", '{"a": 1,}', "serve un nome tra virgolette doppie"),
    "json.unterminated": ("x.json", '{"a": "x', "un testo tra virgolette non si chiude"),
    "json.extra": ("x.json", '{"a": 1} x', "c'è altro dopo la fine dei dati"),
    "json.escape": ("x.json", '{"a": "\\q"}', "una sequenza con \\ non valida"),
    "json.unicode": ("x.json", '{"a": "\\u12"}', "una sequenza \\u non valida"),
    "json.control": ("x.json", '{"a": "\t"}', "un carattere di controllo dentro un testo"),
    "yaml.flow_list": ("x.yaml", "a: [1\n", "manca una ',' o la ']' di chiusura"),
    "yaml.flow_map": ("x.yaml", "a: {x: 1\n", "manca una ',' o la '}' di chiusura"),
    "yaml.key": ("x.yaml", "a:\n  - 1\n b: 2\n", "qui serve una chiave"),
    "yaml.dash": ("x.yaml", "- a\nb: 1\n", "qui serve il '-' di un elemento"),
    "yaml.colon": ("x.yaml", "a: 1\nb\n", "manca il ':' dopo una chiave"),
    "yaml.mapping": ("x.yaml", "a: b: c\n", "qui non va un ':'"),
    "yaml.token": ("x.yaml", "a: `x\n", "un carattere con cui non può iniziare nulla"),
    "yaml.end": ("x.yaml", "a: 'x\n", "il file finisce prima del previsto"),
    "yaml.alias": ("x.yaml", "a: *nope\n", "un alias mai definito"),
    "yaml.escape": ("x.yaml", 'a: "\\q"\n', "una sequenza con \\ sconosciuta"),
    "yaml.tag": ("x.yaml", "a: !!nope x\n", "non conosco il tag 'tag:yaml.org,2002:nope'"),
    "yaml.duplicate": ("x.yaml", "a: 1\na: 2\n", "chiave 'a' scritta due volte"),
}


@pytest.mark.parametrize("key", sorted(PROBLEMS))
def test_a_parsers_problem_is_told_in_italian(tmp_path: Path, key: str) -> None:
    """The parser's own English in ``str()`` and in English, the catalog's in Italian."""
    name, text, italian = PROBLEMS[key]
    with pytest.raises(TavoloError) as err:
        read_data(put(tmp_path, name, text))
    problem = err.value.params["problem"]
    assert problem.key == "parse." + key
    assert err.value.told("en") == str(err.value)
    assert (" non valido: " + italian) in err.value.told("it")
    assert str(problem) not in err.value.told("it")


def test_a_parsers_problem_the_catalog_does_not_hold_stays_its_own() -> None:
    problem = ParseProblem("found a tab character that violates indentation")
    assert problem.key == "" and problem.told("it") == str(problem)
    assert pickle.loads(pickle.dumps(problem)).told("it") == problem.told("it")


def test_a_catalogs_own_file_is_told_in_english_without_a_catalog(tmp_path: Path) -> None:
    """A message catalog cannot tell the errors of its own file: read with told=False,
    the same English line comes without loading any catalog."""
    path = put(tmp_path, "en.yaml", "a: [1\n")
    with pytest.raises(TavoloError) as plain:
        read_data(path, told=False)
    with pytest.raises(TavoloError) as told:
        read_data(path)
    assert str(plain.value) == str(told.value)
    assert plain.value.catalog is None and plain.value.told("it") == str(told.value)
    with pytest.raises(TavoloError, match="no such file"):
        read_data(tmp_path / "it.yaml", told=False)


def test_why_the_system_refused_a_file_is_told_in_italian(tmp_path: Path) -> None:
    """The system's reason (its errno) in the user's language; the system's own text in
    ``str()`` and for a code the catalog does not hold; whole through pickle."""
    (tmp_path / "file").write_text("", encoding="utf-8")
    target = tmp_path / "file" / "out.pdf"  # a file's name used as a folder: ENOTDIR
    with pytest.raises(TavoloError) as err:
        write_bytes(target, b"%PDF")
    assert str(err.value) == f"{target}: cannot write: Not a directory"
    assert err.value.told("it") == f"{target}: non si può scrivere: non è una cartella"
    again = pickle.loads(pickle.dumps(err.value))
    assert again.told("it") == err.value.told("it")
    reason = SystemReason.of(PermissionError(errno.EACCES, "Permission denied"))
    assert (str(reason), reason.told("it")) == ("Permission denied", "permesso negato")
    odd = SystemReason.of(OSError(errno.ENOEXEC, "Exec format error"))
    assert odd.told("it") == "Exec format error"


def test_write_json_round_trip(tmp_path: Path) -> None:
    data = {"name": "Città", "n": [1, 2.5, None, True], "nested": {"k": "v"}}
    p = tmp_path / "out.json"
    write_json(p, data)
    text = p.read_text(encoding="utf-8")
    assert "Città" in text and text.endswith("\n")
    assert json.loads(text) == data
    assert read_data(p) == data


# -- content entries ----------------------------------------------------------------------------


class Stats(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    atk: int = Field(ge=0, le=9)


class Thing(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str
    power: int = Field(ge=0)
    stats: Stats | None = None


def things(tmp_path: Path, entries: Any, section: str | None = None) -> Path:
    data = entries if section is None else {section: entries}
    return put(tmp_path, "things.yaml", json.dumps(data))


def content_error(path: Path, **kw: Any) -> str:
    with pytest.raises(ContentError) as err:
        load_entries(path, Thing, **kw)
    msg = str(err.value)
    assert "\n" not in msg
    return msg


def test_load_entries_good(tmp_path: Path) -> None:
    p = things(tmp_path, [{"id": "a", "power": 1}, {"id": "b", "power": 2, "stats": {"atk": 3}}])
    got = load_entries(p, Thing)
    assert [t.id for t in got] == ["a", "b"]
    assert got[1].stats == Stats(atk=3)


def test_load_entries_from_section(tmp_path: Path) -> None:
    p = things(tmp_path, [{"id": "a", "power": 1}], section="things")
    assert load_entries(p, Thing, section="things")[0].id == "a"
    assert content_error(p, section="cards") == "things.yaml: missing section 'cards'"


def test_not_a_list(tmp_path: Path) -> None:
    p = things(tmp_path, {"id": "a", "power": 1})
    assert content_error(p) == "things.yaml: expected a list of entries"


def test_error_names_file_entry_and_field(tmp_path: Path) -> None:
    p = things(tmp_path, [{"id": "ok", "power": 1}, {"id": "bolt", "power": -3}])
    msg = content_error(p)
    assert msg.startswith("things.yaml: entry 'bolt': field power: ")
    assert "greater than or equal to 0" in msg


def test_error_names_nested_field(tmp_path: Path) -> None:
    p = things(tmp_path, [{"id": "bolt", "power": 1, "stats": {"atk": 12}}])
    assert content_error(p).startswith("things.yaml: entry 'bolt': field stats.atk: ")


def test_error_names_unknown_field(tmp_path: Path) -> None:
    p = things(tmp_path, [{"id": "bolt", "power": 1, "colour": "red"}])
    msg = content_error(p)
    assert msg.startswith("things.yaml: entry 'bolt': field colour: ")
    assert "xtra" in msg


def test_entry_without_id_named_by_position(tmp_path: Path) -> None:
    p = things(tmp_path, [{"id": "a", "power": 1}, {"power": 1}])
    assert content_error(p).startswith("things.yaml: entry '#2': field id: ")
    p = things(tmp_path, [{"id": "a", "power": 1}, "bolt"])
    assert content_error(p).startswith("things.yaml: entry '#2': field (entry): ")


def test_several_problems_counted(tmp_path: Path) -> None:
    p = things(tmp_path, [{"id": "bolt", "power": "x", "colour": 1}])
    assert content_error(p).endswith("(and 1 more)")


def test_duplicate_ids_rejected(tmp_path: Path) -> None:
    p = things(
        tmp_path, [{"id": "a", "power": 1}, {"id": "b", "power": 1}, {"id": "a", "power": 2}]
    )
    assert content_error(p) == "things.yaml: entry 'a': field id: duplicate 'a'"


def test_other_key(tmp_path: Path) -> None:
    class Named(BaseModel):
        name: str

    p = put(tmp_path, "n.yaml", "- {name: x}\n- {name: y}\n- {name: x}\n")
    with pytest.raises(ContentError, match="field name: duplicate 'x'"):
        load_entries(p, Named, key="name")


def test_load_entries_bad_file(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="no such file"):
        load_entries(tmp_path / "none.yaml", Thing)
    with pytest.raises(ContentError, match=r"bad\.yaml:2: not valid YAML"):
        load_entries(put(tmp_path, "bad.yaml", "- id: a\n\t- id: b\n"), Thing)


def test_validate_entry_and_describe_validation() -> None:
    assert validate_entry(Thing, {"id": "a", "power": 0}, "f.yaml", "a").power == 0
    with pytest.raises(ContentError) as err:
        validate_entry(Thing, {"id": "a"}, "f.yaml", "a")
    assert str(err.value).startswith("f.yaml: entry 'a': field power: ")
    with pytest.raises(ValidationError) as verr:
        Thing.model_validate({"id": 1, "power": "x"})
    assert describe_validation(verr.value).startswith("field id: ")
    assert describe_validation(verr.value).endswith("(and 1 more)")


class Kinds(BaseModel):
    model_config = ConfigDict(extra="forbid")
    n: int = Field(default=1, ge=1)
    side: Literal["left", "right", "up"] = "left"
    tags: tuple[str, ...] = Field(default=(), min_length=0, max_length=1)


@pytest.mark.parametrize(
    ("data", "english", "italian"),
    [
        ({"n": 0}, "field n: Input should be greater than or equal to 1", "campo n: serve un"),
        ({"zz": 1}, "field zz: Extra inputs are not permitted", "campo zz: campo non previsto"),
        ({"n": "x"}, "field n: Input should be a valid integer", "campo n: serve un numero intero"),
        (
            {"side": "down"},
            "field side: Input should be 'left', 'right' or 'up'",
            "campo side: serve 'left', 'right' o 'up'",
        ),
        (
            {"tags": ["a", "b"]},
            "field tags: Tuple should have at most 1 item",
            "al massimo 1 elemento",
        ),
        ([1], "field (entry): Input should be a valid dictionary", "campo (voce): serve una mappa"),
        ({"n": 0, "zz": 1}, "(and 1 more)", "(più 1 altro problema)"),
    ],
)
def test_a_content_entrys_reason_is_told_in_italian(
    data: object, english: str, italian: str
) -> None:
    """pydantic's common kinds of problem in the catalog's Italian; English stays pydantic's."""
    with pytest.raises(ContentError) as err:
        validate_entry(Kinds, data, "f.yaml", "a")
    assert str(err.value).startswith("f.yaml: entry 'a': ") and english in str(err.value)
    told = err.value.told("it")
    assert told.startswith("f.yaml: voce 'a': ") and italian in told, told
    back = pickle.loads(pickle.dumps(err.value))  # simulate --workers sends it back
    assert back.told("it") == told


def test_a_reason_whose_context_lacks_a_word_stays_pydantics_english() -> None:
    from tavolo.engine.content import Reason

    with pytest.raises(ValidationError) as verr:
        Kinds.model_validate({"n": 0})
    reason = Reason(verr.value)
    reason.ctx = {}  # as a pydantic that names no bound would give
    assert reason.told("it") == "campo n: Input should be greater than or equal to 1"


def _odd_only(error: Callable[[int], Exception]) -> type[BaseModel]:
    """A schema whose validator refuses an even n with ``error(n)``."""

    class Odd(BaseModel):
        n: int

        @field_validator("n")
        @classmethod
        def _odd(cls, v: int) -> int:
            if v % 2 == 0:
                raise error(v)
            return v

    return Odd


def test_a_schemas_own_message_stays_english_in_an_italian_line() -> None:
    with pytest.raises(ContentError) as err:
        validate_entry(_odd_only(lambda n: ValueError("n must be odd")), {"n": 2}, "f.yaml", "a")
    assert err.value.told("it") == "f.yaml: voce 'a': campo n: valore non valido: n must be odd"


def test_a_validators_said_message_is_told_in_italian(tmp_path: Path) -> None:
    """A validator raising SaidValue (a catalog's words) is told in the user's language,
    also after crossing a process boundary; English stays pydantic's line."""
    catalog = put(tmp_path, "en.yaml", 'odd: "{n} is not odd"\n').parent
    put(tmp_path, "it.yaml", 'odd: "{n} non è dispari"\n')
    from tavolo.engine import SaidValue
    from tavolo.engine.i18n import Catalog

    words = Catalog(catalog)
    odd = _odd_only(lambda n: SaidValue(words, "odd", n=n))
    with pytest.raises(ContentError) as err:
        validate_entry(odd, {"n": 4}, "f.yaml", "a")
    assert str(err.value) == "f.yaml: entry 'a': field n: Value error, 4 is not odd"
    back = pickle.loads(pickle.dumps(err.value))
    assert back.told("it") == "f.yaml: voce 'a': campo n: valore non valido: 4 non è dispari"


def test_a_catalogs_own_file_gets_the_catalogs_english_words() -> None:
    """files._PLAIN repeats engine/messages' English for the one case no catalog can
    tell (a catalog's own file): the two must not drift apart."""
    from tavolo.engine import files
    from tavolo.engine.errors import engine_messages

    english = engine_messages().messages["en"]  # type: ignore[attr-defined]
    assert {key: english[key] for key in files._PLAIN} == files._PLAIN
