"""Platformer: dice, gravity and a tower to climb (rulebook: shared/seeds/platformer-rules.it.txt).

This package holds the content as validated data (schema, effect language, tiles, maps and
their validity, card text). The rules engine and the game's registration come later.
"""
