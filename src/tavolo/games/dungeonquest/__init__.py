"""DungeonQuest (Games Workshop, 1987): tile-laying dungeon crawl against the sunset.

Content as validated data: the dice notation (``dice.py``), the effect language
(``effects.py``), the switchable decisions (``options.py``), the schema, the loader, tile
and board geometry with a placement check, and EN/IT text. The rules engine: ``state.py``,
``rules.py`` (set-up, sun, squares, chance, death), ``turn.py`` (every frame of a turn,
the effect interpreter, combat, the Treasure Chamber) and ``game.py`` (observation,
determinization, words and the map).
"""

from .game import DungeonQuestGame

__all__ = ["DungeonQuestGame"]
