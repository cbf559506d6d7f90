"""Loading Estro's collection, zones and deck lists from the content files."""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from tavolo.engine.content import load_entries, validate_entry
from tavolo.engine.errors import ConfigError, ContentError, UnknownName
from tavolo.engine.files import read_data
from tavolo.engine.i18n import Catalog

from .schema import ESTRI, Card, DeckList, Zone

CONTENT = Path(__file__).parent / "content"
MESSAGES = Catalog(Path(__file__).parent / "messages")  # Estro's words (view.MSG) and errors


def bad_position(game: str, what: str, **params: object) -> ConfigError:
    """A scenario position ``game`` cannot set up (``position.<what>`` in MESSAGES)."""
    return ConfigError.said(MESSAGES, f"position.{what}", game=game, **params)


@dataclass(frozen=True)
class Collection:
    """All cards and zones; a card's position in ``cards`` is its number in states."""

    cards: tuple[Card, ...]
    index: Mapping[str, int]
    zones: tuple[Zone, ...]  # in estro order: one zone per estro

    def number(self, card_id: str) -> int:
        n = self.index.get(card_id)
        if n is None:
            close = difflib.get_close_matches(card_id, list(self.index), n=5)
            raise UnknownName("card", card_id, close or sorted(self.index)[:8], nouns=MESSAGES)
        return n

    def card(self, card_id: str) -> Card:
        return self.cards[self.number(card_id)]


def load_collection(cards: Path | str, zones: Path | str) -> Collection:
    card_list = tuple(load_entries(cards, Card, section="cards"))
    zone_list = load_entries(zones, Zone, section="zones")
    names: dict[str, str] = {}
    for c in card_list:
        if c.name.lower() in names:
            raise ContentError.said(
                MESSAGES,
                "content.name_twice",
                file=Path(cards).name,
                entry=c.id,
                name=c.name,
                other=names[c.name.lower()],
            )
        names[c.name.lower()] = c.id
    by_estro: dict[str, Zone] = {z.estro: z for z in zone_list}
    if sorted(by_estro) != sorted(ESTRI) or len(zone_list) != len(ESTRI):
        raise ContentError.said(MESSAGES, "content.zone_per_estro", file=Path(zones).name)
    return Collection(
        card_list,
        {c.id: i for i, c in enumerate(card_list)},
        tuple(by_estro[e] for e in ESTRI),
    )


@cache
def default_collection() -> Collection:
    return load_collection(CONTENT / "cards.yaml", CONTENT / "zones.yaml")


def load_deck(path: Path | str, collection: Collection) -> DeckList:
    """A deck file (YAML/JSON ``{name, cards: [...]}`` or a bare list of card ids)."""
    p = Path(path)
    data = read_data(p, ContentError)
    if isinstance(data, list):
        data = {"name": p.stem, "cards": data}
    deck = validate_entry(
        DeckList, data, p.name, str(data.get("name", p.stem)) if isinstance(data, dict) else p.stem
    )
    for cid in deck.cards:
        if cid not in collection.index:
            raise ContentError.said(
                MESSAGES, "error.deck_card", file=p.name, deck=deck.name, card=cid
            )
    return deck
