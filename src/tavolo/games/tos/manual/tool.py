"""The ``tavolo tos manual`` tool: render, write, report."""

from __future__ import annotations

from pathlib import Path

from tavolo.engine.i18n import check_lang
from tavolo.engine.tools import ToolResult

from . import check_out, load, write
from .words import MSG


def run(template: Path, config: Path | None, out: Path, lang: str) -> ToolResult:
    """Render ``template`` to ``out`` (HTML or PDF by suffix) and say what was reported."""
    check_lang(lang)
    check_out(out)
    rendered = load(template, config, lang)
    size = write(rendered, out)
    fmt = out.suffix.lower().lstrip(".").upper()
    lines = [MSG.t(lang, "manual.wrote", out=out, format=fmt, size=size, template=template)]
    if rendered.warnings:
        lines.append(MSG.t(lang, "manual.warnings", count=len(rendered.warnings)))
        lines += [
            "  " + MSG.t(lang, f"warn.{w.kind}", line=w.line, name=w.name)
            for w in rendered.warnings
        ]
    if rendered.unused:
        names = ", ".join(rendered.unused)
        lines.append(MSG.t(lang, "manual.unused", count=len(rendered.unused), names=names))
    if not rendered.warnings and not rendered.unused:
        lines.append(MSG.t(lang, "manual.clean"))
    data = {
        "template": str(template),
        "out": str(out),
        "format": fmt.lower(),
        "bytes": size,
        "lang": rendered.document.lang,
        "warnings": [w.as_dict() for w in rendered.warnings],
        "unused": rendered.unused,
    }
    return ToolResult(data, "\n".join(lines))
