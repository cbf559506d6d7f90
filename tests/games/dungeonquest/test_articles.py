"""Monsters, creatures, rings and the cards a sentence names take their article in
Italian (and 'the' in English) where a sentence needs one: 'L'Orco sbarra la strada a
Sir Rohan!', 'Sir Rohan uccide l'Orco.', 'perde 2 PV per i Pipistrelli vampiro',
never 'Orco sbarra la strada', 'uccide Orco'."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tavolo.engine import RNG, ContentError, registry
from tavolo.games.dungeonquest.schema import Monster, Names

GAME: Any = registry.get("dungeonquest")

IT_NAMES = (
    "Goblin|Orco|Troll|Guerriero morto|Campione|Ragno|Pipistrelli|Scorpione|Serpente"
    "|Centopiedi|Anello dell|Pozione|Corda|Trabocchetto|Esplosione|Gas velenoso"
    "|Attacco a fondo|Stoccata|Manovra difensiva"  # the combat counters
    "|Avventuriero morto|Cripta"  # cards drawn
)
EN_NAMES = (
    "Goblin|Orc|Mountain Troll|Death Warrior|Champion|Giant Spider|Vampire Bats|Scorpion"
    "|Poisonous Snake|Giant Centipede|Ring of|Potion|Rope|Trapdoor|Explosion|Poisonous Gas"
)
# a name after a verb or a preposition with no article, or opening a sentence bare
BARE = {
    "it": re.compile(
        r"(\b(di|a|da|per|su|in|con|contro|uccide|tiene|usa|prende|colpisce|gioca|batte"
        rf"|pesca|pescato) |^)({IT_NAMES})\b"
    ),
    "en": re.compile(rf"(\b(of|at|for|to|by|slays|keeps|uses|takes|strikes at) |^)({EN_NAMES})\b"),
}


def told(players: int, seed: int, lang: str) -> list[str]:
    """Every event line and every view of a random game, as each player reads them."""
    s = GAME.new(GAME.make_config(players), seed)
    rng = RNG(seed)
    out: list[str] = []
    while (d := GAME.decision(s)) is not None:
        out += GAME.view(s, d.player, lang).splitlines()
        events = GAME.apply(s, d.actions[rng.below(len(d.actions))])
        out += GAME.describe_events(s, events, d.player, lang)
    return out


@pytest.mark.parametrize("lang", ["it", "en"])
def test_DQ_13_monsters_and_things_are_named_with_their_article(lang: str) -> None:
    lines = [x for players in (1, 3, 4) for seed in range(8) for x in told(players, seed, lang)]
    bare = [x for x in lines if BARE[lang].search(x)]
    assert not bare, bare[:5]
    text = "\n".join(lines)
    if lang == "it":  # the forms are there: joined to a preposition, at a sentence's start
        for said in ("sbarra la strada a", "per l'", "per il ", " uccide il ", "L'Orco "):
            assert said in text, said
    else:
        assert "The Orc bars the way of" in text and " slays the " in text


def test_an_italian_article_is_checked_against_its_name() -> None:
    """l' before a consonant, il before a vowel or s + consonant is a content error."""
    Names.model_validate({"en": "Orc", "it": "Orco", "article": {"en": "the", "it": "l'"}})
    for it, article in (("Orco", "il"), ("Goblin", "l'"), ("Scorpione", "il")):
        with pytest.raises(ValueError, match="article"):
            Names.model_validate({"en": "x", "it": it, "article": {"en": "the", "it": article}})
    with pytest.raises((ValueError, ContentError), match="article"):
        Monster.model_validate({"id": "x", "name": {"en": "X", "it": "X"}, "kind": "creature"})
