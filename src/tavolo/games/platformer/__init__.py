"""Platformer: dice, gravity and a tower to climb (rulebook: shared/seeds/platformer-rules.it.txt).

Content as validated data (schema, effect language, tiles, maps and their validity, card
text); the rules engine (state, geometry, rules, turn) and the game (game.py).
"""

from .game import PlatformerGame

__all__ = ["PlatformerGame"]
