"""``tavolo tos manual``: template parsing, substitution, line rules, HTML and PDF output."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cli import assert_one_line_error, invoke
from tavolo.engine import ConfigError
from tavolo.games.tos.manual import load, write
from tavolo.games.tos.manual.html import render_html
from tavolo.games.tos.manual.model import (
    Box,
    BulletList,
    Document,
    Heading,
    Image,
    PageBreak,
    Paragraph,
    Symbol,
    Text,
    plain,
)
from tavolo.games.tos.manual.subst import Substituter
from tavolo.games.tos.manual.template import parse_text
from tavolo.games.tos.tools import manual

from .printing.support import not_embedded_vera, pdf_fonts

SEEDS = Path("/work/shared/seeds")
needs_seeds = pytest.mark.skipif(
    not (SEEDS / "tos-manual.en.txt").is_file(),
    reason=f"the TOS manual seeds are not in {SEEDS} (the project does not ship them)",
)


def template(tmp_path: Path, body: str, placeholders: dict[str, str] | None = None) -> Path:
    head = json.dumps({"placeholders": placeholders or {}})
    p = tmp_path / "t.en.txt"
    p.write_text(f"{head}\n{{TEXT}}\n{body}", encoding="utf-8")
    return p


def doc_of(tmp_path: Path, body: str, placeholders: dict[str, str] | None = None) -> Document:
    return load(template(tmp_path, body, placeholders)).document


def pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))


# --- template file ----------------------------------------------------------------------


def test_parse_splits_head_and_numbers_body_lines() -> None:
    t = parse_text('{"placeholders": {"a": "A"}}\n{TEXT}\nfirst\nsecond', Path("x.txt"))
    assert t.placeholders == {"a": "A"}
    assert t.lines == [(3, "first"), (4, "second")]


def test_doubly_encoded_utf8_is_mended_and_nothing_else() -> None:
    """UTF-8 read as Windows-1252 and saved again (the English seed manual's "We're" and
    "30 degrees") is read as written; Italian letters and quotes, and look-alike runs that
    do not decode, stay as they are."""
    body = "We\u00e2\u20ac\u2122re back \u00b7 tilt it by 30\u00c2\u00b0 \u00b7 citt\u00c3\u00a0"
    t = parse_text("{TEXT}\n" + body, Path("x.txt"))
    assert t.lines == [(2, "We\u2019re back \u00b7 tilt it by 30\u00b0 \u00b7 citt\u00e0")]
    italian = "perché è così \u00abpiù\u00bb \u2014 città, naïve"
    italian += " \u00c3 \u00e2\u20ac"  # (lead letters followed by no run that decodes)
    assert parse_text("{TEXT}\n" + italian, Path("x.txt")).lines == [(2, italian)]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("no marker here", "no {TEXT} marker"),
        ('{"placeholders": {"a": }\n{TEXT}\n', "not valid JSON"),
        ('{"placeholders": [1]}{TEXT}', "head must be"),
        ('{"placeholders": {"a": 1}}{TEXT}', "'a' must be a text"),
    ],
)
def test_bad_templates_name_the_file(text: str, message: str) -> None:
    with pytest.raises(ConfigError, match=re.escape(message)) as e:
        parse_text(text, Path("bad.txt"))
    assert str(e.value).startswith("bad.txt")


# --- substitution -----------------------------------------------------------------------


def sub(placeholders: dict[str, str], config: dict[str, str] | None = None) -> Substituter:
    return Substituter(placeholders, config or {})


def test_plain_capital_and_format_modifiers() -> None:
    s = sub({"earn": "earn", "thanks": "**Bianca** and friends"})
    assert s.line("{earn} {earn:capital}", 1) == "earn Earn"
    plain_value = s.line("{thanks}", 2)
    assert "**Bianca**" in plain_value  # without :format the asterisks stay
    doc_nodes = [n for n in _nodes(s.line("{thanks:format}", 3)) if isinstance(n, Text)]
    assert doc_nodes[0] == Text("Bianca", bold=True)


def _nodes(text: str) -> list[object]:
    from tavolo.games.tos.manual.subst import inlines

    return list(inlines(text))


def test_three_passes_term_symbol_uuid() -> None:
    s = sub({"attack": "Attack {symbol heroCardAttackSmallSymbol}"})
    nodes = _nodes(s.line("**{attack}** and {symbol 1}", 1))
    symbols = [n for n in nodes if isinstance(n, Symbol)]
    assert [x.id for x in symbols] == ["heroCardAttackSmallSymbol", "1"]
    assert symbols[0].bold and not symbols[1].bold
    assert len({x.uid for x in symbols}) == 2 and all(x.uid for x in symbols)
    assert nodes[0] == Text("Attack ", bold=True)
    assert not s.warnings


def test_a_fourth_level_of_nesting_is_left_and_reported() -> None:
    s = sub({"a": "{b}", "b": "{c}", "c": "{symbol x}"})
    out = s.line("{a}", 7)
    assert "{uuid}" in out or "{symbol x}" in out
    assert [(w.kind, w.line) for w in s.warnings] == [("too-deep", 7)]


def test_uuid_is_a_running_id() -> None:
    s = sub({})
    assert s.line("{uuid} {uuid}", 1) == "u1 u2"


def test_unknown_empty_and_bad_modifier_stay_and_are_reported() -> None:
    s = sub({"empty": "", "a": "A"})
    out = s.line("{adventure} {empty} {a:loud} {boxOpen}", 4)
    assert out == "{adventure} {empty} {a:loud} {boxOpen}"
    assert [(w.kind, w.name, w.line) for w in s.warnings] == [
        ("unknown", "{adventure}", 4),
        ("empty", "{empty}", 4),
        ("unknown-modifier", "{a:loud}", 4),
        ("structure-in-text", "{boxOpen}", 4),
    ]


def test_unused_placeholders_are_reported_in_template_order() -> None:
    s = sub({"b": "B", "a": "A", "c": "{a}"})
    s.line("{c}", 1)
    assert s.unused() == ["b"]


def test_config_values_and_center_builtins() -> None:
    s = sub({}, {"config-title": "TOS", "config-version": "1.2"})
    assert s.line("{centerOpen}{config-title:capital} v{config-version}{centerClose}", 1) == (
        "TOS v1.2"
    )


# --- line rules -------------------------------------------------------------------------


def test_headings_paragraphs_bold_and_escaping(tmp_path: Path) -> None:
    doc = doc_of(tmp_path, "# Hello {who}\nSome **bold <b>** & text\n", {"who": "you"})
    heading, para = doc.blocks[0], doc.blocks[1]
    assert isinstance(heading, Heading) and plain(heading.inlines) == "Hello you"
    assert isinstance(para, Paragraph)
    assert para.inlines == [Text("Some "), Text("bold <b>", True), Text(" & text")]
    html = render_html(doc)
    assert "<h2>Hello you</h2>" in html
    assert "<p>Some <strong>bold &lt;b&gt;</strong> &amp; text</p>" in html


def test_center_and_notes_styles(tmp_path: Path) -> None:
    doc = doc_of(
        tmp_path, "{centerOpen}\nmid\n{centerClose}\nleft\n{boxOpenNotes}\nsmall\n{boxCloseNotes}"
    )
    mid, left, box = doc.blocks
    assert isinstance(mid, Paragraph) and mid.style == "center"
    assert isinstance(left, Paragraph) and left.style == "normal"
    assert isinstance(box, Box) and box.notes
    assert isinstance(box.blocks[0], Paragraph) and box.blocks[0].style == "notes"
    assert '<aside class="box notes">' in render_html(doc)


def test_boxes_hold_blocks(tmp_path: Path) -> None:
    doc = doc_of(tmp_path, "{boxOpen}\n**Training**: go\n{listStart}\nx\n{listEnd}\n{boxClose}")
    (box,) = doc.blocks
    assert isinstance(box, Box) and not box.notes
    assert isinstance(box.blocks[0], Paragraph) and isinstance(box.blocks[1], BulletList)


def test_empty_lines_except_after_an_image(tmp_path: Path) -> None:
    doc = doc_of(tmp_path, "a\n\n{image logo}\n\nb")
    kinds = [
        "empty" if isinstance(b, Paragraph) and b.empty else type(b).__name__ for b in doc.blocks
    ]
    assert kinds == ["Paragraph", "empty", "Paragraph", "Paragraph"]
    image = doc.blocks[2]
    assert isinstance(image, Paragraph) and image.image_only
    assert isinstance(image.inlines[0], Image) and image.inlines[0].name == "logo"
    assert '<span class="image" data-name="logo"' in render_html(doc)


def test_lists_items_and_sub_lists(tmp_path: Path) -> None:
    body = """{listStart}
one
{listItemNext}
two
  {listSubStart}
  two.a
  {listItemNext}
  two.b
  {listSubEnd}
{listItemNext}
three
{listEnd}
{listStart}
{listItemEnd}
{listItemStart}
explicit
{listItemEnd}
{listEnd}"""
    doc = doc_of(tmp_path, body)
    first, second = doc.blocks
    assert isinstance(first, BulletList) and len(first.items) == 3
    sub_list = first.items[1].blocks[1]
    assert isinstance(sub_list, BulletList)
    assert [
        plain(b.inlines) for i in sub_list.items for b in i.blocks if isinstance(b, Paragraph)
    ] == [
        "two.a",
        "two.b",
    ]
    assert isinstance(second, BulletList) and len(second.items) == 2
    html = render_html(doc)
    assert html.count("<ul>") == 3 and html.count("<li>") == 7
    assert not load(template(tmp_path, body)).warnings


def test_sub_list_as_first_thing_of_an_item(tmp_path: Path) -> None:
    doc = doc_of(tmp_path, "{listStart}\n  {listSubStart}\n  deep\n  {listSubEnd}\n{listEnd}")
    (lst,) = doc.blocks
    assert isinstance(lst, BulletList) and isinstance(lst.items[0].blocks[0], BulletList)


def test_page_break_heading(tmp_path: Path) -> None:
    doc = doc_of(tmp_path, "{pageBreakStart}Quick {x}{pageBreakEnd}", {"x": "Reference"})
    (pb,) = doc.blocks
    assert isinstance(pb, PageBreak) and plain(pb.inlines) == "Quick Reference"
    assert '<hr class="page-break">' in render_html(doc)


def test_stray_text_after_structure_is_kept_and_reported(tmp_path: Path) -> None:
    r = load(template(tmp_path, "{listStart}s\nitem\n{listEnd}"))
    (lst,) = r.document.blocks
    assert isinstance(lst, BulletList)
    assert [plain(b.inlines) for b in lst.items[0].blocks if isinstance(b, Paragraph)] == [
        "s",
        "item",
    ]
    assert [(w.kind, w.name, w.line) for w in r.warnings] == [("stray-text", "s", 3)]


def test_unbalanced_structure_is_reported(tmp_path: Path) -> None:
    r = load(template(tmp_path, "{boxClose}\n{listEnd}\n{boxOpen}\n{listStart}\nx"))
    kinds = [(w.kind, w.name) for w in r.warnings]
    assert ("unmatched", "{boxClose}") in kinds and ("unmatched", "{listEnd}") in kinds
    assert ("unclosed", "list") in kinds and ("unclosed", "box") in kinds


def test_symbols_render_as_labelled_spans(tmp_path: Path) -> None:
    html = render_html(doc_of(tmp_path, 'see {symbol a"1}'))
    assert '<span class="symbol" data-id="a&quot;1"' in html


# --- config -----------------------------------------------------------------------------


def test_default_and_file_config_values(tmp_path: Path) -> None:
    body = "{config-title} / {config-languagesList} / {config-version}"
    assert "Travelers of Stampadia" in plain(_first_para(doc_of(tmp_path, body)).inlines)
    cfg = tmp_path / "c.yaml"
    cfg.write_text("title: My TOS\nlanguagesList: [en, it, fr]\nversion: 2\n", encoding="utf-8")
    doc = load(template(tmp_path, body), cfg).document
    assert plain(_first_para(doc).inlines) == "My TOS / en, it, fr / 2"
    cfg_json = tmp_path / "c.json"
    cfg_json.write_text('{"config-title": "J"}', encoding="utf-8")
    assert plain(_first_para(load(template(tmp_path, body), cfg_json).document).inlines).startswith(
        "J / "
    )


def _first_para(doc: Document) -> Paragraph:
    p = doc.blocks[0]
    assert isinstance(p, Paragraph)
    return p


@pytest.mark.parametrize(
    ("content", "message"),
    [("- a\n- b\n", "maps keys"), ("title: {a: 1}\n", "'title' must be")],
)
def test_bad_config_files(tmp_path: Path, content: str, message: str) -> None:
    cfg = tmp_path / "c.yaml"
    cfg.write_text(content, encoding="utf-8")
    with pytest.raises(ConfigError, match=message):
        load(template(tmp_path, "x"), cfg)


# --- tool and outputs -------------------------------------------------------------------


def test_tool_writes_html_and_reports(tmp_path: Path) -> None:
    t = template(tmp_path, "# Title\n{nope}\n", {"spare": "S"})
    out = tmp_path / "m.html"
    result = manual(t, out=out)
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert result.data["warnings"] == [{"kind": "unknown", "name": "{nope}", "line": 4}]
    assert result.data["unused"] == ["spare"]
    assert "line 4: unknown placeholder {nope}" in result.text
    assert "spare" in result.text and str(out) in result.text


def test_tool_writes_pdf(tmp_path: Path) -> None:
    out = tmp_path / "m.pdf"
    manual(template(tmp_path, "# T\n{boxOpen}\nx {symbol 1}\n{boxClose}\n{image a}"), out=out)
    assert out.read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize("name", ["m.txt", "m"])
def test_tool_rejects_unknown_output_format(tmp_path: Path, name: str) -> None:
    with pytest.raises(ConfigError, match=r"\.html or \.pdf"):
        manual(template(tmp_path, "x"), out=tmp_path / name)


def test_write_rejects_unknown_output_format(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"\.html or \.pdf"):
        write(load(template(tmp_path, "x")), tmp_path / "m.odt")


def test_missing_template(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="no such file"):
        manual(tmp_path / "none.txt", out=tmp_path / "m.html")


# --- command line -----------------------------------------------------------------------


def test_cli_renders_and_reports(tmp_path: Path) -> None:
    t = template(tmp_path, "# Hi\n{what}")
    out = tmp_path / "m.html"
    result = invoke(["tos", "manual", str(t), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert out.is_file()
    assert "{what}" in result.stdout
    as_json = invoke(["tos", "manual", str(t), "--out", str(out), "--json"])
    assert json.loads(as_json.stdout)["warnings"][0]["name"] == "{what}"


@pytest.mark.parametrize(
    ("make", "needle"),
    [
        (lambda d: d / "missing.txt", "missing.txt: no such file"),
        (lambda d: d, "is a folder"),
        (lambda d: _write(d / "plain.txt", "no marker"), "plain.txt: not a manual template"),
    ],
)
def test_cli_bad_template_is_one_line(tmp_path: Path, make: object, needle: str) -> None:
    path = make(tmp_path)  # type: ignore[operator]
    result = invoke(["tos", "manual", str(path), "-o", str(tmp_path / "m.html")])
    assert needle in assert_one_line_error(result)


def test_cli_bad_output_suffix_is_one_line(tmp_path: Path) -> None:
    result = invoke(["tos", "manual", str(template(tmp_path, "x")), "-o", "m.docx"])
    assert ".html or .pdf" in assert_one_line_error(result)


@pytest.mark.parametrize(
    ("args", "italian"),
    [
        (
            ["PLAIN", "-o", "m.html"],
            "plain.txt: non è un modello di manuale: manca il segno {TEXT}",
        ),
        (["TEMPLATE", "-o", "m.docx"], "m.docx: il file da scrivere deve finire in .html o .pdf"),
        (["TEMPLATE", "-o", "/no/such/dir/m.html"], "m.html: non si può scrivere: "),
    ],
)
def test_cli_manual_errors_in_italian(tmp_path: Path, args: list[str], italian: str) -> None:
    files = {"PLAIN": _write(tmp_path / "plain.txt", "x"), "TEMPLATE": template(tmp_path, "x")}
    argv = [str(files.get(a, a)) for a in args]
    result = invoke(["--lang", "it", "tos", "manual", *argv])
    assert italian in assert_one_line_error(result, prefix="errore: ")


def test_cli_print_output_suffix_in_italian(tmp_path: Path) -> None:
    result = invoke(["--lang", "it", "tos", "print", "--seed", "1", "-o", str(tmp_path / "a.txt")])
    assert "a.txt: il file da scrivere deve finire in .pdf" in assert_one_line_error(
        result, prefix="errore: "
    )


def _write(p: Path, text: str) -> Path:
    p.write_text(text, encoding="utf-8")
    return p


# --- the seed manuals -------------------------------------------------------------------

SEED_HEADINGS = {
    "en": ["Welcome back to Stampadia!", "Setup", "The Combat Turn", "Prepare"],
    "it": ["Ritorna a Stampadia!", "Preparazione", "Il Turno di Combattimento"],
}


@needs_seeds
@pytest.mark.parametrize("lang", ["en", "it"])
def test_seed_manual_html(tmp_path: Path, lang: str) -> None:
    out = tmp_path / f"manual.{lang}.html"
    result = manual(SEEDS / f"tos-manual.{lang}.txt", out=out)
    html = out.read_text(encoding="utf-8")
    assert "{TEXT}" not in html and f'<html lang="{lang}">' in html
    assert "\u00e2\u20ac" not in html and "\u00c2\u00b0" not in html  # (mended as read)
    headings = re.findall(r"<h2>(.*?)</h2>", html)
    for h in SEED_HEADINGS[lang]:
        assert h in headings
    assert html.count('class="page-break-heading"') == 1
    assert html.count('class="symbol"') > 100 and html.count('class="image"') == 30
    assert "{uuid}" not in html and "{symbol" not in html
    unknown = {w["name"] for w in result.data["warnings"] if w["kind"] == "unknown"}
    assert unknown == ({"{adventure}"} if lang == "en" else set())
    assert {"banner1", "banner2", "star1", "star2"} <= set(result.data["unused"])
    assert not [w for w in result.data["warnings"] if w["kind"] in ("unmatched", "unclosed")]


@needs_seeds
@pytest.mark.parametrize("lang", ["en", "it"])
def test_seed_manual_pdf(tmp_path: Path, lang: str) -> None:
    out = tmp_path / f"manual.{lang}.pdf"
    manual(SEEDS / f"tos-manual.{lang}.txt", out=out)
    pdf = out.read_bytes()
    assert pdf.startswith(b"%PDF")
    assert pages(pdf) > 1
    assert pdf_fonts(pdf) and not not_embedded_vera(pdf)


@needs_seeds
def test_seed_manual_through_the_cli(tmp_path: Path) -> None:
    out = tmp_path / "m.pdf"
    result = invoke(["tos", "manual", str(SEEDS / "tos-manual.en.txt"), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "{adventure}" in result.stdout
    assert out.read_bytes().startswith(b"%PDF")


def test_every_font_of_the_manual_pdf_is_embedded(tmp_path: Path) -> None:
    """The manual's PDF named Times (body text) and Helvetica (headings, labels, page
    numbers, boxes) without embedding them, so each viewer or printer set it in its own
    substitutes. It is set in Vera now, as the cards are: every font, in headings, bold
    and plain text, notes, boxes, lists, symbol and image labels and page numbers, is an
    embedded Vera subset."""
    body = "\n".join(
        [
            "# Title",
            "Some **bold** text and a symbol {symbol heroCardManaSmallSymbol}.",
            "{boxOpen}",
            "**Training**: go",
            "{listStart}",
            "one",
            "{listItemNext}",
            "two {image inline}",
            "{listEnd}",
            "{boxClose}",
            "{boxOpenNotes}",
            "small",
            "{boxCloseNotes}",
            "{image figure}",
        ]
    )
    out = tmp_path / "m.pdf"
    manual(template(tmp_path, body), out=out)
    pdf = out.read_bytes()
    assert len(pdf_fonts(pdf)) == 2  # Vera and its bold
    assert not not_embedded_vera(pdf)


def test_pdf_layout_failure_is_one_clear_error(tmp_path: Path) -> None:
    huge = "\n".join(["{boxOpen}", *(["word " * 80] * 60), "{boxClose}"])
    with pytest.raises(ConfigError, match="cannot lay out the PDF"):
        manual(template(tmp_path, huge), out=tmp_path / "m.pdf")
