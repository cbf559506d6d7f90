"""Helpers for the TOS rule tests: positions with the Training hero or a hand-made one."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import playing
from tavolo.engine import RNG, Decision, registry
from tavolo.games.tos.game import TosGame
from tavolo.games.tos.schema import Hero
from tavolo.games.tos.state import TosState

GAME: TosGame = registry.get("tos")  # type: ignore[assignment]
TUTORIAL = GAME.make_config(1, "tutorial")
ENEMY = {"level": 4, "attack": 3, "defense": 5}


def position(
    hand: Sequence[int] = (1, 2, 3, 4, 5),
    discard: Sequence[int] = (6, 7, 8),
    *,
    level: int = 4,
    enemy: Mapping[str, Any] | str = ENEMY,
    seed: int = 0,
    **more: Any,
) -> TosState:
    """A fight at its Opening, with the Training hero (cards 1-8, see training.yaml)."""
    pos = {"level": level, "enemy": enemy, "hand": list(hand), "discard": list(discard), **more}
    return GAME.from_position(TUTORIAL, pos, RNG(seed))


def with_hero(hero: Hero, s: TosState) -> TosState:
    """The same position with another hero (registered so that JSON round trips work)."""
    key = ["file", f"test-{hero.serial}"]
    GAME._heroes[tuple(key)] = hero
    s.hero, s.hero_src = hero, key
    s._dec = None
    return s


def play(s: TosState, *actions: str) -> list[dict[str, Any]]:
    """Apply the actions in order; return every event as JSON (the full record)."""
    return playing.play(GAME, s, *actions)


def decision(s: TosState) -> Decision:
    return playing.decision(GAME, s)


of_kind = playing.of_kind


def half(number: int, banner: int, abilities: list[dict[str, Any]], **kw: Any) -> dict[str, Any]:
    return {
        "skill": "attack",
        "level": 1,
        "value": 3,
        "exhaust": 1,
        "banner": banner,
        "abilities": abilities,
        **kw,
    }


def hero_with(special: Mapping[int, Mapping[str, Any]]) -> Hero:
    """A plain hero (every half: value 3, exhaust 1, one ability costing 1 for +1 attack)
    with some top halves replaced."""
    plain = [{"cost": 1, "says": [{"do": [{"gain": "attack", "n": 1}]}]}]
    cards = []
    for n in range(1, 9):
        top = dict(special.get(n) or half(n, 1, plain))
        top.setdefault("banner", 1)
        cards.append({"number": n, "top": top, "bottom": half(n, 2, plain)})
    return Hero.model_validate({"serial": "TEST", "class": "swordsman", "cards": cards})
