"""Card sentences for the adventure actions, in English and Italian.

:func:`render_action` reads an action as it is printed on an adventure card::

    For 1 time, you may discard 1 fire card: draw 2 cards.
    Per 1 volta, puoi scartare 1 carta Fuoco: pesca 2 carte.
    Discard 4 Banner ▶▶ cards from your hand.

A "you must" action is an imperative; a "you may" one starts with "you may" / "puoi";
``once`` prefixes "For 1 time, " / "Per 1 volta, ". The wording lives in
``messages/en.yaml`` and ``messages/it.yaml`` (same keys, same placeholders): ``act.<kind>``
is the imperative and ``act.<kind>.may`` the form that follows "you may" (in Italian an
infinitive). Element names come from the game's own catalog; banners print as ▶ / ▶▶ and
stars as ★ / ★★, as on the hero cards.
"""

from __future__ import annotations

import re
from pathlib import Path

from tavolo.engine.i18n import Catalog, check_lang
from tavolo.games.tos.text import checked_text, element_name

from .actions import (
    BannerChallenge,
    Camp,
    CardAction,
    CardBanner,
    Curse,
    Forge,
    Gambling,
    Heal,
    Hostage,
    Loot,
    Migration,
    Observatory,
    Pick,
    Recover,
    Ritual,
    Sacrifice,
    Shop,
    StopFight,
    Swap,
    Weakness,
)

MSG = Catalog(Path(__file__).parent / "messages")
"""The adventure actions' message catalog."""

STAR = "★"


def _t(lang: str, key: str, /, **kw: object) -> str:
    return checked_text(MSG, "tos adventure messages", lang, key, **kw)


def _cards(lang: str, n: int, banner: CardBanner = "any") -> str:
    """``3 cards``, ``1 Banner ▶ card`` / ``3 carte``, ``1 carta Stendardo ▶``."""
    number = "one" if n == 1 else "many"
    if banner == "any":
        return _t(lang, f"cards.{number}", n=n)
    return _t(lang, f"cards.banner.{number}", n=n, banner=_t(lang, f"banner.{banner}"))


def _element_card(lang: str, n: int, element: str) -> str:
    return _t(lang, "cards.element.one", n=n, element=element_name(element, lang))


def _params(a: CardAction, lang: str) -> dict[str, str]:
    """The filled placeholders of the action's sentence."""
    match a:
        case Heal():
            return {"cards": _cards(lang, a.cards, 2), "place": _t(lang, f"place.{a.place}")}
        case Shop():
            return {
                "one": _cards(lang, a.cards, 1),
                "two": _cards(lang, a.cards, 2),
                "place": _t(lang, f"place.{a.place}"),
            }
        case Swap():
            return {"cards": _cards(lang, a.cards, a.banner)}
        case Recover():
            return {
                "cards": _cards(lang, a.cards, a.banner),
                "side": _t(lang, f"side.{a.target_banner}"),
            }
        case Weakness():
            return {"cards": _cards(lang, a.cards, a.banner)}
        case BannerChallenge():
            return {
                "comparison": _t(lang, f"challenge.{a.comparison}"),
                "count": _cards(lang, a.count, a.banner),
                "place": _t(lang, f"place.{a.count_place}"),
                "prize": _cards(lang, a.prize_cards, 2),
                "prize_place": _t(lang, f"place.{a.prize_place}"),
                "penalty": _cards(lang, a.penalty_cards),
                "penalty_place": _t(lang, f"place.{a.penalty_place}"),
            }
        case Camp():
            return {
                "card": _element_card(lang, a.cards, a.element),
                "draw": _cards(lang, a.draw),
            }
        case StopFight() | Curse() | Migration():
            return {}
        case Ritual():
            return {"card": _cards(lang, a.cards), "prize": _cards(lang, a.prize)}
        case Sacrifice():
            return {
                "card": _cards(lang, a.cards),
                "place": _t(lang, f"place.{a.place}"),
                "buff": _t(lang, f"buff.{a.buff}"),
            }
        case Loot():
            return {"buff": _t(lang, f"buff.{a.buff}")}
        case Hostage():
            return {
                "card": _element_card(lang, a.cards, a.element),
                "buff": _t(lang, f"buff.{a.buff}"),
            }
        case Observatory():
            return {
                "stars": ", ".join(STAR * s for s in a.stars),
                "order": _t(lang, f"order.{a.order}"),
                "buff": _t(lang, f"buff.{a.buff}"),
            }
        case Gambling():
            return {"comparison": _t(lang, f"gamble.{a.comparison}")}
        case Forge():
            return {
                "first": _element_card(lang, 1, a.elements[0]),
                "second": _element_card(lang, 1, a.elements[1]),
                "side": _t(lang, f"side.{a.banner}"),
            }
        case Pick():
            back = _t(lang, "back.this") if a.card is None else _t(lang, "back.card", n=a.card)
            return {"back": back, "side": _t(lang, f"side.{a.banner}")}


_SPACE_BEFORE = re.compile(r"\s+([,;:.])")


def render_action(a: CardAction, lang: str) -> str:
    """The action as one card sentence in ``lang`` ("en" or "it")."""
    check_lang(lang)
    params = _params(a, lang)
    if a.may:
        text = _t(lang, "wrap.may", text=_t(lang, f"act.{a.kind}.may", **params))
    else:
        text = _t(lang, f"act.{a.kind}", **params)
    if a.once:
        text = _t(lang, "wrap.once", text=text)
    text = _SPACE_BEFORE.sub(r"\1", " ".join(text.split()))
    text = text[:1].upper() + text[1:]
    return text if text.endswith(".") else text + "."
