"""TOS's manual templates rendered to HTML or PDF (``tavolo tos manual``).

The pipeline: :mod:`.template` reads the file (placeholder JSON, ``{TEXT}``, body),
:mod:`.build` applies the line rules and :mod:`.subst` the three substitution passes,
giving a :class:`~.model.Document` that :mod:`.html` and :mod:`.pdf` render.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from tavolo.engine import ConfigError
from tavolo.engine.files import write_bytes

from . import config as config_mod
from . import template as template_mod
from .build import build
from .model import Document
from .subst import Substituter, Warning_
from .words import MSG

FORMATS = (".html", ".pdf")


@dataclass
class Rendered:
    """A document plus what substitution and the line rules reported."""

    document: Document
    warnings: list[Warning_] = field(default_factory=list)
    unused: list[str] = field(default_factory=list)


def check_out(out: Path) -> None:
    """Refuse an output name early, before the work of rendering."""
    if out.suffix.lower() not in FORMATS:
        raise ConfigError.said(MSG, "error.suffix", out=str(out))


def _doc_lang(path: Path, fallback: str) -> str:
    m = re.search(r"\.([a-z]{2})\.[^.]+$", path.name)
    return m.group(1) if m else fallback


def load(template: Path, config: Path | None = None, lang: str = "en") -> Rendered:
    """Read a template (and optional config file) into a document with its reports."""
    tpl = template_mod.read(template)
    values = config_mod.load(config)
    sub = Substituter(tpl.placeholders, values)
    doc = build(tpl.lines, sub)
    doc.lang = _doc_lang(template, lang)
    doc.title = values.get("config-title", "")
    return Rendered(doc, sub.warnings, sub.unused())


def write(rendered: Rendered, out: Path) -> int:
    """Write ``rendered`` as HTML or PDF, chosen by ``out``'s suffix; return bytes written."""
    suffix = out.suffix.lower()
    check_out(out)
    if suffix == ".html":
        from .html import render_html

        data = render_html(rendered.document).encode("utf-8")
    else:
        from .pdf import render_pdf

        data = render_pdf(rendered.document)
    write_bytes(out, data, ConfigError)
    return len(data)
