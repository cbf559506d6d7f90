"""Message catalogs: everything a user reads exists in English and Italian.

A catalog is a flat mapping of keys to ``str.format`` templates, one YAML file per
language in a folder (``en.yaml``, ``it.yaml``). The engine and each game keep their
own folder; a key missing in a language falls back to English, then to the key
itself, and the tests check that both languages have the same keys. A count picks
its word with a ``one|many`` spec: ``"draw {n} {n:card|cards}"`` gives "draw 1 card"
and "draw 2 cards", where "card(s)" would not read as a person writes; the words may
hold the count too: ``"{n:the top card|the top {n} cards}"``. A player's or a side's
name is a :class:`Name`, which knows its article: ``"{card} {player:di}"`` gives "Lampo
del Giocatore 1" and "Lampo dell'Orda", ``"{player:The} draws"`` "The Horde draws"; a
template may have a second-person form, ``KEY.you``, for the reader's own name.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, ClassVar

from .errors import TavoloError, UnknownName
from .files import read_data

LANGS = ("en", "it")
SCREEN = 80  # columns a terminal has at least: a view's lines fit in them


# Rich markup: "[bold]", "[/]", "[bold red]", "[dim]"; an escaped \[ shows a "[", and so
# do "[]" and "[ ]" (an empty box), which Rich shows as they are: no tag starts so
_MARKUP = re.compile(r"(?<!\\)\[(?:/|/?[a-z#][a-z #]*)\]")
_NUMBER = re.compile(r"[+\-−]?\d+[.,;:)]*$")  # "2", "+2)", "59."
_MARK = 16  # a span shorter than this ("[dim]gift used[/]", "(gift asleep)") stays whole


def shown(line: str) -> int:
    """The columns ``line`` takes on a terminal: its Rich markup takes none."""
    return len(_MARKUP.sub("", line).replace("\\[", "["))


class _Whole:
    """The names given to :func:`keep_whole`, and a pattern that finds them."""

    names: ClassVar[set[str]] = set()
    found: ClassVar[re.Pattern[str] | None] = None


_KEPT = "\x01"  # a kept name's space while its line is broken


def keep_whole(names: Iterable[str]) -> None:
    """Names that :func:`fit` never breaks at their spaces, wherever a line holds them: a
    game tells them as it names things (a card's "Lampo d'Ambra", a ship's "Bastione di
    Basalto"), which the interfaces that break its lines do not know."""
    new = {n for n in names if " " in n.strip()} - _Whole.names
    if new:
        _Whole.names |= new
        _Whole.found = None


def _kept() -> re.Pattern[str] | None:
    if _Whole.found is None and _Whole.names:
        alts = "|".join(re.escape(n) for n in sorted(_Whole.names, key=len, reverse=True))
        _Whole.found = re.compile(rf"(?<!\w)(?:{alts})(?!\w)")
    return _Whole.found


def fit(
    line: str,
    indent: int,
    width: int = SCREEN,
    sep: str = " ",
    whole: Sequence[str] = (),
    *,
    letters: bool = False,
) -> list[str]:
    """``line`` broken at ``sep`` into lines of at most ``width`` columns as the terminal
    shows them (markup such as ``[dim]`` takes no column), the later ones indented by
    ``indent``: a terminal would otherwise break it anywhere, at column 0. A number stays
    with the word before it ("Player 2", "TOT 59"), a short marked or bracketed span
    stays whole ("[dim]gift used[/]", "(gift asleep)"), a name given to
    :func:`keep_whole` stays whole ("Lampo d'Ambra", never "Lampo" / "d'Ambra"), a word
    is never cut, nor is a text of ``whole`` (TOS's empty box "[ ]"); ``sep=", "`` keeps
    each item of a list whole; with ``letters`` a one-letter word ("a", "e", "è") goes on
    with the word after it, never left alone at a line's end, as a typesetter keeps it.
    A span of markup open at a line's end is closed there and opened again on the next
    line."""
    if shown(line) <= width:
        return [line]
    for w in whole:
        if " " in w:
            line = line.replace(w, w.replace(" ", _KEPT))
    found = _kept()
    if found is not None and found.search(line):
        line = found.sub(lambda m: m.group(0).replace(" ", _KEPT), line)
    if _KEPT not in line:
        return _fit(line, indent, width, sep, letters)
    return [row.replace(_KEPT, " ") for row in _fit(line, indent, width, sep, letters)]


def _letter(unit: str) -> bool:
    """Whether ``unit`` is a word of one letter ("a", "è", "(e"): the word after it
    goes with it."""
    core = _MARKUP.sub("", unit).lstrip("([\"'«“")
    return len(core) == 1 and core.isalpha()


def _fit(line: str, indent: int, width: int, sep: str, letters: bool = False) -> list[str]:
    lead = len(line) - len(line.lstrip(" "))
    words = sep == " "
    parts = line[lead:].split(sep)
    units: list[str] = []
    glued = False  # the last unit ends with a number glued to its word
    i = 0
    while i < len(parts):
        end = _span(parts, i) if words else i
        word = " ".join(parts[i : end + 1])
        number = words and end == i and bool(_NUMBER.match(_MARKUP.sub("", word)))
        if units and words and (not word or (number and not glued)):
            units[-1] += " " + word
            glued = number
        else:
            units.append(word)
            glued = False
        i = end + 1
    if letters and words:  # from the last: "e a casa" is one unit
        for k in reversed(range(len(units) - 1)):
            if _letter(units[k]):
                units[k : k + 2] = [f"{units[k]} {units[k + 1]}"]
    rows: list[str] = []
    row = line[:lead] + units[0]
    for unit in units[1:]:
        if shown(row) + len(sep) + shown(unit) + len(sep.rstrip()) > width:  # room for ","
            rows.append(row + sep.rstrip())
            row = " " * indent + unit
        else:
            row += sep + unit
    rows.append(row)
    return _balance(rows)


def _span(parts: list[str], i: int) -> int:
    """The index of the word that closes a short span of markup or brackets opened by
    word ``i`` ("[dim]gift" ... "used[/]"); ``i`` itself when none opens there or the
    span is too long to keep whole."""
    depth, text = 0, ""
    for k in range(i, len(parts)):
        text = f"{text} {parts[k]}" if k > i else parts[k]
        if shown(text) >= _MARK:
            return i
        tags = _MARKUP.findall(parts[k])
        closing = sum(1 for x in tags if x.startswith("[/"))
        depth += len(tags) - 2 * closing + parts[k].count("(") - parts[k].count(")")
        if depth <= 0:
            return k
    return i


def _balance(rows: list[str]) -> list[str]:
    """Each line with its own markup: a span open at a line's end is closed there and
    opened again at the next line's first word."""
    if len(rows) == 1:
        return rows
    out, carry = [], ""
    for row in rows:
        head = len(row) - len(row.lstrip(" "))
        row = row[:head] + carry + row[head:]
        stack: list[str] = []
        for tag in _MARKUP.findall(row):
            if tag.startswith("[/"):
                if stack:
                    stack.pop()
            else:
                stack.append(tag)
        carry = "".join(stack)
        out.append(row + "[/]" * len(stack))
    return out


ITEM = re.compile(r"\s*(?:[-*•]|\d+[.)])\s")
"""A list item's lead in a rules text: ``- ``, ``* ``, ``• ``, ``1. ``, ``2) ``."""


def hang(
    line: str,
    width: int = SCREEN,
    *,
    sep: str = " ",
    item: re.Pattern[str] = ITEM,
    rest: int = 0,
    whole: Sequence[str] = (),
) -> list[str]:
    """``line`` broken as :func:`fit` breaks it, its later lines going on under its
    words: after a list item's lead (``item``: "- ", "1. "), else ``rest`` columns past
    the line's own indent (0: a paragraph at its own column). A terminal would bring
    them back to column 0. Each text of ``whole`` (TOS's empty box ``[ ]``) is never
    broken at its spaces, and a one-letter word goes on with the next (prose, where
    "e" or "a" left at a line's end reads as a typo)."""
    body = line.lstrip(" ")
    lead = item.match(body)
    indent = len(line) - len(body) + (len(lead.group(0).strip()) + 1 if lead else rest)
    return fit(line, indent, width, sep, whole, letters=True)


_RUN = re.compile(r"^(.*?)(\d+)$")  # an option's words ending in a number: "#7"


def option_lines(
    groups: Sequence[tuple[str, Sequence[tuple[int, str]]]],
    count: int,
    number: Callable[[str], str] = str,
) -> list[str]:
    """The lines of ``count`` numbered options as ``tavolo play`` lists them, within 80
    columns: a group (a heading and its options, "#3: 1 Charge · 2 Infuse") on its
    heading's line, going on under its first option or, under a long heading, at column
    4, a run too long for its line cut short (``elide_runs``); options of no group one a
    line. ``number`` marks an option's number up (the terminal's bold). Games count these
    lines to know how much of their board a screen has room for."""
    width = len(str(count))
    lines: list[str] = []
    above: list[str] = []  # the words of the group before
    for head, items in groups:
        if not head:
            for i, words in items:
                lines += fit(f"  {number(f'{i + 1:>{width}}')}. {words}", width + 4)
            above = []
            continue
        lead = f"{head}: "  # at column 0: a long Italian row still fits
        row = " · ".join(f"{number(str(i + 1))} {words}" for i, words in items)
        if shown(lead + row) > SCREEN:  # (it would wrap)
            row = " · ".join(
                "…" if x is None else f"{number(str(x[0] + 1))} {x[1]}"
                for x in elide_runs(items, above)
            )
        above = [words for _, words in items]
        indent = shown(lead)
        lines += fit(lead + row, indent if indent <= 30 else 4, sep=" · ")
    return lines


def elide_runs(
    items: Sequence[tuple[int, str]], above: Sequence[str] = ()
) -> list[tuple[int, str] | None]:
    """Numbered options (index, words) as a screen lists them in a row too long for its
    line, a run of five or more in which the index and the number the words end with
    both go up by one ("1 #1 · 2 #2 · ... · 25 #25", Navi's attacks on the guardians)
    cut to its first two, None (shown "…") and its last: the numbers left out follow the
    two before them, each still naming one option. A row of four or more numbered in a
    run whose words are those of the row ``above``, in its order (Ultimo Bastione's
    cards into the same cells), is cut so too: the words left out are the ones above."""
    numbers = [i for i, _ in items]
    if (
        len(items) >= 4
        and [w for _, w in items] == list(above)
        and numbers == list(range(numbers[0], numbers[0] + len(items)))
    ):
        return [items[0], items[1], None, items[-1]]
    out: list[tuple[int, str] | None] = []
    start = 0
    while start < len(items):
        end = start + 1
        first = _RUN.match(items[start][1])
        while first is not None and end < len(items):
            at = _RUN.match(items[end][1])
            step = end - start
            if (
                at is None
                or at[1] != first[1]
                or items[end][0] != items[start][0] + step
                or int(at[2]) != int(first[2]) + step
            ):
                break
            end += 1
        if end - start >= 5:
            out += [items[start], items[start + 1], None, items[end - 1]]
        else:
            out += items[start:end]
        start = end
    return out


def check_lang(lang: str) -> str:
    if lang not in LANGS:
        raise UnknownName("language", lang, LANGS)
    return lang


class _Counting(string.Formatter):
    """``{n:one|many}``: the word for the count ``n`` (``many`` for a count that is not a
    number, such as a die to roll: "miss the next D6 turns"); ``{player:di}`` given a
    plain text: a ``Name`` without an article; other specs as ``format``."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if "|" in format_spec:
            one, _, many = format_spec.partition("|")
            return one if value == 1 or value == "1" else many
        if type(value) is str and format_spec.isalpha():  # a name's form, for a plain
            return format(Name(value), format_spec)  # text: a name without an article
        return str(super().format_field(value, format_spec))


_COUNTING = _Counting()


# Italian writes 1.312,7 where English writes 1,312.7
_SEPARATORS = {"it": str.maketrans(",.", ".,")}


def number(lang: str, value: float, places: int = 0) -> str:
    """``value`` with ``places`` decimals and grouped thousands, as ``lang`` writes it."""
    text = f"{value:,.{places}f}"
    swap = _SEPARATORS.get(lang)
    return text.translate(swap) if swap else text


def fill(template: str, /, **kw: Any) -> str:
    """``template.format(**kw)``, with the ``{n:one|many}`` counts of the catalogs."""
    if "|" in template:
        return _COUNTING.vformat(template, (), kw)
    try:
        return template.format(**kw)
    except ValueError:  # a name's form ("{player:di}") given a plain text
        return _COUNTING.vformat(template, (), kw)


# Italian joins a preposition to the article after it: di + il = del, a + l' = all'
_JOINED = {"di": "de", "a": "a", "da": "da", "in": "ne", "su": "su"}
_JOIN_ARTICLE = {"il": "l", "lo": "llo", "la": "lla", "l'": "ll'", "i": "i", "gli": "gli"}
_JOIN_ARTICLE["le"] = "lle"


class Name(str):
    """A name of a player or a side, a text that knows its article, as a sentence needs
    it. A template picks the form with a spec: ``{player}`` is the bare name, for a
    label ("Giocatore 1", "Orda"); ``{player:the}`` the name with its article ("il
    Giocatore 1", "l'Orda", "the Horde"), ``{player:The}`` the same at the start of a
    sentence; any other spec is a preposition before it, joined to the article as
    Italian joins them: ``{player:di}`` "del Giocatore 1", "dell'Orda", "della flotta";
    ``{player:a}`` "al Giocatore 1"; ``{player:da}`` "dal"; ``{player:per}`` "per il";
    English ``{player:of}`` "of the Horde", "of Player 1". A name without an article
    ("Player 1", a person's name, a plain text) takes the bare preposition: "di Ada".
    The reader's own name (``you=True``) makes ``Catalog.t`` take a template's
    second-person form, ``KEY.you``, where it has one: "You draw Lampo", never "You
    draws"."""

    article: str
    you: bool

    def __new__(cls, text: str, article: str = "", you: bool = False) -> Name:
        self = super().__new__(cls, text)
        self.article = article  # "il", "lo", "la", "l'", "the", "" ...
        self.you = you
        return self

    @property
    def text(self) -> str:
        return str.__str__(self)

    def __repr__(self) -> str:
        return f"Name({self.text!r}, {self.article!r}, you={self.you})"

    def _with(self, article: str) -> str:
        if not article:
            return self.text
        return article + self.text if article.endswith("'") else f"{article} {self.text}"

    def __format__(self, spec: str) -> str:
        if not spec:
            return self.text
        if spec in ("the", "The"):
            said = self._with(self.article)
            return said[:1].upper() + said[1:] if spec == "The" else said
        stem = _JOINED.get(spec)
        if stem is not None and self.article in _JOIN_ARTICLE:
            return self._with(stem + _JOIN_ARTICLE[self.article])
        return f"{spec} {self._with(self.article)}"


class Catalog:
    def __init__(self, folder: str | Path) -> None:
        self.folder = Path(folder)
        self.messages: dict[str, dict[str, str]] = {}
        for lang in LANGS:
            f = self.folder / f"{lang}.yaml"
            data = read_data(f, told=False) if f.exists() else {}
            if not isinstance(data or {}, dict):
                raise TavoloError(f"{f}: a message catalog maps keys to texts")
            self.messages[lang] = {str(k): str(v) for k, v in (data or {}).items()}

    def t(self, lang: str, key: str, /, **kw: Any) -> str:
        if kw and any(isinstance(v, Name) and v.you for v in kw.values()):
            you = key + ".you"  # the reader named: the second-person form, if any
            key = you if you in self.messages["en"] else key
        text = self.messages.get(lang, {}).get(key)
        if text is None:
            text = self.messages["en"].get(key, key)
        return fill(text, **kw) if kw else text

    def has(self, key: str) -> bool:
        return key in self.messages["en"]

    def join(self, lang: str, parts: Sequence[str], both: str, comma: str) -> str:
        """``a``, ``a and b``, ``a, b and c``: the last two joined by the template ``both``
        (keys ``a`` and ``b``), the others by ``comma``; empty for no parts."""
        if not parts:
            return ""
        text = parts[-1]
        if len(parts) > 1:
            text = self.t(lang, both, a=parts[-2], b=text)
            for p in reversed(parts[:-2]):
                text = self.t(lang, comma, a=p, b=text)
        return text
