"""The dungeon adventure's hidden map: 6 room cards, 24 rooms, doors with codes, symbols.

- :mod:`.geometry` -- the four orientations of a 4 x 6 card and the map's coordinates;
- :mod:`.tiles` -- the room layouts (``tiles.yaml``), checked on load;
- :mod:`.crawl` -- one attempt at a map (the original's "crawl");
- :mod:`.validate` -- checks a map from its plain data;
- :mod:`.generate` -- :func:`generate_map`: crawl, check, retry from the next sub-seed;
- :mod:`.bands` -- rooms by distance from 1A, and the searches quest placement uses;
- :mod:`.render` -- the whole map as text, for debugging.
"""

from __future__ import annotations

from .bands import farther, nearer, next_band
from .generate import MAX_ATTEMPTS, DungeonGenerationError, generate_map
from .model import Card, Door, DungeonMap, Room
from .render import render_map
from .validate import check_map

__all__ = [
    "MAX_ATTEMPTS",
    "Card",
    "Door",
    "DungeonGenerationError",
    "DungeonMap",
    "Room",
    "check_map",
    "farther",
    "generate_map",
    "nearer",
    "next_band",
    "render_map",
]
