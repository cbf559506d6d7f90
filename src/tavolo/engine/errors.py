"""Errors that reach users: each carries one line that names the problem.

Interfaces print ``error.told(lang)`` and exit non-zero; no traceback is ever needed to
understand what went wrong. ``str(error)`` is the English line (for logs and for code
that calls tavolo from Python); an error raised with ``said`` from a message catalog is
told in the user's language too.
"""

from __future__ import annotations

import errno
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from functools import cache
from typing import Any, Protocol, Self


class Said(Protocol):
    """A message catalog (:class:`tavolo.engine.i18n.Catalog`)."""

    def t(self, lang: str, key: str, /, **kw: Any) -> str: ...

    def has(self, key: str) -> bool: ...


@cache
def engine_messages() -> Said:
    """The engine's own catalog (engine/messages), loaded on first use: i18n imports
    this module, so it cannot be imported at the top."""
    from pathlib import Path

    from .i18n import Catalog

    return Catalog(Path(__file__).parent / "messages")


class Word:
    """A catalog's word given to an error as a parameter ("unlabelled"): told in the
    error's language, English in ``str()``."""

    __slots__ = ("catalog", "key")

    def __init__(self, catalog: Said, key: str) -> None:
        self.catalog, self.key = catalog, key

    def told(self, lang: str) -> str:
        return self.catalog.t(lang, self.key)

    def __str__(self) -> str:
        return self.told("en")

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __reduce__(self) -> tuple[Any, ...]:
        return Word, (self.catalog, self.key)


class SystemReason:
    """Why the system refused a file (an ``OSError``), told in any language: the engine
    catalog's words for the usual errno codes (``oserror.EACCES``...), else the system's
    own text. ``str()`` is the system's text: it needs no catalog, so it serves for a
    catalog's own file too."""

    __slots__ = ("code", "text")

    def __init__(self, code: str, text: str) -> None:
        self.code, self.text = code, text

    @classmethod
    def of(cls, e: OSError) -> SystemReason:
        return cls(errno.errorcode.get(e.errno or 0, ""), e.strerror or str(e))

    def told(self, lang: str) -> str:
        msg, key = engine_messages(), "oserror." + self.code
        return msg.t(lang, key) if self.code and msg.has(key) else self.text

    def __str__(self) -> str:
        return self.text

    def __format__(self, spec: str) -> str:
        return format(self.text, spec)

    def __reduce__(self) -> tuple[Any, ...]:
        return SystemReason, (self.code, self.text)


class TavoloError(Exception):
    """Base of every error caused by input rather than by a bug."""

    catalog: Said | None = None
    key = ""
    params: Mapping[str, Any] = {}

    @classmethod
    def said(cls, catalog: Said, key: str, /, **params: Any) -> Self:
        """The error whose message is ``key`` in ``catalog``: English in ``str()``, and
        in any language through ``told``."""
        err = cls(catalog.t("en", key, **params))
        err.catalog, err.key, err.params = catalog, key, params
        return err

    def told(self, lang: str) -> str:
        """The message in ``lang``; English when it was not raised from a catalog. A
        parameter that is itself an error (the cause, quoted), a ``Word`` or anything
        else with its own ``told`` (a content file's reason) is told in ``lang`` too."""
        if self.catalog is None:
            return str(self)
        params = {k: v.told(lang) if hasattr(v, "told") else v for k, v in self.params.items()}
        return self.catalog.t(lang, self.key, **params)


class IllegalAction(TavoloError):
    """An action that is not among the current decision's legal actions.

    Raised before anything is changed, so the state is untouched.
    """

    def __init__(self, kind: str, action: str, legal: Sequence[str]) -> None:
        self.kind = kind
        self.action = action
        self.legal = tuple(legal)
        shown = ", ".join(self.legal[:40]) + (" ..." if len(self.legal) > 40 else "")
        super().__init__(
            f"illegal action {action!r} for decision {kind!r}; legal: {shown or '(none)'}"
        )


class GameOver(IllegalAction):
    """An action sent to a finished game."""

    def __init__(self, action: str) -> None:
        super().__init__("game over", action, ())


class UnknownName(TavoloError):
    """An unknown game, mode, agent, card or language.

    ``what`` is the English noun ("card", "hero class"). The noun is told in another
    language when ``nouns`` (the engine's catalog by default) holds ``noun.<what>``, with
    spaces as underscores; ``of`` fills its placeholders ("{game} mode")."""

    def __init__(
        self,
        what: str,
        name: str,
        known: Sequence[str],
        *,
        nouns: Said | None = None,
        **of: Any,
    ) -> None:
        self.what = what
        self.name = name
        self.known = tuple(known)
        self.nouns = nouns or engine_messages()
        self.of = of
        super().__init__(self.told("en"))

    def __reduce__(self) -> tuple[Any, ...]:  # (a worker process's error, sent back)
        return _unknown_name, (type(self), self.what, self.name, self.known, self.nouns, self.of)

    def told(self, lang: str) -> str:
        key = "noun." + self.what.replace(" ", "_")
        noun = self.nouns.t(lang, key, **self.of) if self.nouns.has(key) else self.what
        msg = engine_messages()
        known = ", ".join(self.known) or msg.t(lang, "none")
        return msg.t(lang, "unknown_name", what=noun, name=self.name, known=known)


def _unknown_name(
    cls: type[UnknownName],
    what: str,
    name: str,
    known: Sequence[str],
    nouns: Said,
    of: Mapping[str, Any],
) -> UnknownName:
    return cls(what, name, known, nouns=nouns, **of)


class ConfigError(TavoloError):
    """Options that a game does not accept."""


def wrong_players(game: str, lo: int, hi: int, n: int) -> ConfigError:
    """``game`` plays with ``lo``..``hi`` players, not ``n``."""
    many = f"{lo}" if lo == hi else f"{lo}-{hi}"
    return ConfigError.said(engine_messages(), "players", game=game, many=many, hi=hi, n=n)


def no_options(game: str, options: Iterable[str]) -> ConfigError:
    """``game`` (a game, or a game's mode) takes none of these options: it has none.
    Each is quoted ("takes no option 'colour'"), as the games' own option errors say."""
    names = sorted(options)
    quoted = ", ".join(repr(str(x)) for x in names)
    return ConfigError.said(engine_messages(), "no_option", game=game, options=quoted, n=len(names))


class SaidValue(ValueError):
    """A schema validator's message from a catalog. pydantic wraps it as a value error;
    a content error's reason (``content.Reason``) then tells it in the user's language."""

    def __init__(self, catalog: Said, key: str, /, **params: Any) -> None:
        super().__init__(catalog.t("en", key, **params))
        self.catalog, self.key, self.params = catalog, key, params

    def __reduce__(self) -> tuple[Any, ...]:
        return _said_value, (self.catalog, self.key, self.params)

    def told(self, lang: str) -> str:
        return self.catalog.t(lang, self.key, **self.params)


def _said_value(catalog: Said, key: str, params: Mapping[str, Any]) -> SaidValue:
    return SaidValue(catalog, key, **params)


class ContentError(TavoloError):
    """A content file that fails its schema; the message names file, entry and field."""


class ReplayError(TavoloError):
    """A replay or save that cannot be loaded or no longer applies."""


class SeatError(TavoloError):
    """A seat number the game of the state does not have."""


class StateError(TavoloError):
    """A state's data (``from_json``) that is not one the game wrote."""


@contextmanager
def reading_state(game: str) -> Iterator[None]:
    """Inside a game's ``from_json``: data it did not write (a key missing, a list where a
    number goes) fails in one line naming the game, never as a bare KeyError."""
    try:
        yield
    except TavoloError:
        raise
    except KeyError as e:
        key = e.args[0] if e.args else "?"
        raise StateError.said(engine_messages(), "state.missing", game=game, key=key) from None
    except (TypeError, ValueError, IndexError, AttributeError) as e:
        said = " ".join(str(e).split()).split(" For further information")[0]  # (pydantic's)
        problem = f"{type(e).__name__}: {said[:160]}{'...' if len(said) > 160 else ''}"
        raise StateError.said(engine_messages(), "state.bad", game=game, problem=problem) from None


class ScenarioError(TavoloError):
    """A malformed scenario file or one whose expectations were not met."""


class ScriptError(TavoloError):
    """A scripted chance outcome that does not fit the call the game made."""
