"""The printed PDF's fonts: TrueType, embedded (as subsets) in every PDF.

Words are set in Bitstream Vera (regular, bold, italic, bold italic), which reportlab
ships in its own ``fonts`` folder: it has Latin-1 (the Italian accents), the dashes,
quotes and middle dot the cards write, and the true minus sign U+2212. Vera has none of
the card symbols (★ a star sphere, ▶ a banner tip, ❏ a pencil box): those are set in
DejaVu Sans, Vera's extension, which reportlab does not ship; it is read from the system
(Debian and Ubuntu: the ``fonts-dejavu-core`` package). Without it nothing is printed:
:func:`check` says which package to install.
"""

from __future__ import annotations

from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from tavolo.engine.errors import ConfigError
from tavolo.engine.i18n import Catalog

MSG = Catalog(Path(__file__).parent / "messages")

TITLE = "Vera-Bold"
BODY = "Vera"
ITALIC = "Vera-Italic"
BOLD_ITALIC = "Vera-BoldItalic"
SYMBOL = "DejaVuSans"
VERA_FILES = {
    BODY: "Vera.ttf",
    TITLE: "VeraBd.ttf",
    ITALIC: "VeraIt.ttf",
    BOLD_ITALIC: "VeraBI.ttf",
}
"""reportlab's own copies (its ``fonts`` folder is on its TrueType search path)."""
SYMBOL_FILE = "DejaVuSans.ttf"
SYMBOL_DIRS = (
    "/usr/share/fonts/truetype/dejavu",  # Debian, Ubuntu (fonts-dejavu-core)
    "/usr/share/fonts/dejavu-sans-fonts",  # Fedora
    "/usr/share/fonts/TTF",  # Arch
    "/usr/share/fonts/dejavu",  # Alpine
    "/usr/local/share/fonts/dejavu",  # FreeBSD
)


def symbol_path() -> Path | None:
    """DejaVu Sans on this system, if it is in one of the usual places."""
    for folder in SYMBOL_DIRS:
        path = Path(folder) / SYMBOL_FILE
        if path.is_file():
            return path
    return None


def _register() -> bool:
    """Register Vera (with its bold and italic for ``<b>`` and ``<i>``) and, when found,
    DejaVu Sans; says whether the symbol font is there."""
    for name, file in VERA_FILES.items():
        pdfmetrics.registerFont(TTFont(name, file))
    pdfmetrics.registerFontFamily(
        BODY, normal=BODY, bold=TITLE, italic=ITALIC, boldItalic=BOLD_ITALIC
    )
    path = symbol_path()
    if path is None:
        return False
    pdfmetrics.registerFont(TTFont(SYMBOL, str(path)))
    # the symbols keep one weight inside bold or italic text
    pdfmetrics.registerFontFamily(
        SYMBOL, normal=SYMBOL, bold=SYMBOL, italic=SYMBOL, boldItalic=SYMBOL
    )
    return True


HAS_SYMBOLS = _register()


def check() -> None:
    """Refuse (one line, naming the package) when the symbol font is missing."""
    if not HAS_SYMBOLS:
        raise ConfigError.said(MSG, "print.no_symbol_font", file=SYMBOL_FILE)
