"""The printed PDF's fonts: TrueType, embedded (as subsets) in every PDF.

Words are set in Bitstream Vera (regular, bold, italic, bold italic), which reportlab
ships in its own ``fonts`` folder: it has Latin-1 (the Italian accents), the dashes,
quotes and middle dot the cards write, and the true minus sign U+2212. Vera has none of
the card symbols (★ a star sphere, ▶ a banner tip, ☐ a pencil box): those are drawn as
paths (:func:`.glyphs.card_symbol`), so printing needs no font from the system.
"""

from __future__ import annotations

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

TITLE = "Vera-Bold"
BODY = "Vera"
ITALIC = "Vera-Italic"
BOLD_ITALIC = "Vera-BoldItalic"
VERA_FILES = {
    BODY: "Vera.ttf",
    TITLE: "VeraBd.ttf",
    ITALIC: "VeraIt.ttf",
    BOLD_ITALIC: "VeraBI.ttf",
}
"""reportlab's own copies (its ``fonts`` folder is on its TrueType search path)."""


def _register() -> None:
    """Register Vera, with its bold and italic for ``<b>`` and ``<i>``."""
    for name, file in VERA_FILES.items():
        pdfmetrics.registerFont(TTFont(name, file))
    pdfmetrics.registerFontFamily(
        BODY, normal=BODY, bold=TITLE, italic=ITALIC, boldItalic=BOLD_ITALIC
    )


_register()
