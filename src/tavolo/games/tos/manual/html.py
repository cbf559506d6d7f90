"""A self-contained HTML page for a manual document."""

from __future__ import annotations

from html import escape

from .model import (
    Block,
    Box,
    BulletList,
    Document,
    Heading,
    Inline,
    PageBreak,
    Paragraph,
    Symbol,
    Text,
    plain,
)

CSS = """
body { font-family: Georgia, serif; margin: 0 auto; max-width: 60rem; padding: 1rem;
  line-height: 1.4; }
main { column-count: 2; column-gap: 2rem; }
h1, h2, h3 { font-family: Helvetica, Arial, sans-serif; break-after: avoid; }
p { text-align: justify; margin: 0 0 .6em; }
p.center { text-align: center; }
p.notes { font-size: 80%; }
.box { background: #e6e6e6; padding: .4em .8em; margin: .6em 0; break-inside: avoid; }
.box.notes { background: none; border: 1px solid #333; }
.symbol { display: inline-block; min-width: 1.1em; padding: 0 .2em; border: 1px solid #666;
  border-radius: .2em; font: 70% Helvetica, Arial, sans-serif; text-align: center; }
.image { display: block; aspect-ratio: 8.25 / 4.288; border: 1px dashed #666;
  background: #f4f4f4; font: 80% Helvetica, Arial, sans-serif; text-align: center;
  padding-top: 1em; margin: .6em 0; }
hr.page-break { break-before: column; border: 0; }
@media print { hr.page-break { break-before: page; } }
"""


def inline_html(node: Inline) -> str:
    if isinstance(node, Text):
        text = escape(node.text, quote=False)
        return f"<strong>{text}</strong>" if node.bold and text else text
    if isinstance(node, Symbol):
        label = escape(node.id)
        return (
            f'<span class="symbol" data-id="{label}" id="{escape(node.uid)}" '
            f'role="img" aria-label="symbol {label}">{label}</span>'
        )
    label = escape(node.name)
    return (
        f'<span class="image" data-name="{label}" id="{escape(node.uid)}" '
        f'role="img" aria-label="image {label}">image: {label}</span>'
    )


def inlines_html(nodes: list[Inline]) -> str:
    return "".join(inline_html(n) for n in nodes)


def block_html(block: Block, out: list[str], depth: int = 0) -> None:
    pad = "  " * depth
    if isinstance(block, Heading):
        level = min(block.level + 1, 6)
        out.append(f"{pad}<h{level}>{inlines_html(block.inlines)}</h{level}>")
    elif isinstance(block, Paragraph):
        if block.empty:
            return  # spacing comes from the paragraphs' margins
        cls = "" if block.style == "normal" else f' class="{block.style}"'
        tag = "div" if block.image_only else "p"
        out.append(f"{pad}<{tag}{cls}>{inlines_html(block.inlines)}</{tag}>")
    elif isinstance(block, PageBreak):
        out.append(f'{pad}<hr class="page-break">')
        out.append(f'{pad}<h2 class="page-break-heading">{inlines_html(block.inlines)}</h2>')
    elif isinstance(block, Box):
        cls = "box notes" if block.notes else "box"
        out.append(f'{pad}<aside class="{cls}">')
        for b in block.blocks:
            block_html(b, out, depth + 1)
        out.append(f"{pad}</aside>")
    elif isinstance(block, BulletList):
        out.append(f"{pad}<ul>")
        for item in block.items:
            out.append(f"{pad}  <li>")
            for b in item.blocks:
                block_html(b, out, depth + 2)
            out.append(f"{pad}  </li>")
        out.append(f"{pad}</ul>")


def render_html(doc: Document) -> str:
    """The whole page: inline CSS, escaped text, no external resources."""
    body: list[str] = []
    for block in doc.blocks:
        block_html(block, body, 1)
    title = escape(doc.title or "Manual")
    first = next((b for b in doc.blocks if isinstance(b, Heading)), None)
    if not doc.title and first is not None:
        title = escape(plain(first.inlines))
    return "\n".join(
        [
            "<!DOCTYPE html>",
            f'<html lang="{escape(doc.lang)}">',
            "<head>",
            '<meta charset="utf-8">',
            f"<title>{title}</title>",
            f"<style>{CSS}</style>",
            "</head>",
            "<body>",
            f"<h1>{title}</h1>",
            "<main>",
            *body,
            "</main>",
            "</body>",
            "</html>",
            "",
        ]
    )
