"""TOS world adventures: nine two-halved region cards on a 3 x 3 grid (T-18 ... T-22).

- :mod:`.model` -- the adventure as data (cards, halves, lines);
- :mod:`.generate` -- :func:`generate_world`, placement, retry from the next sub-seed;
- :mod:`.validate` -- :func:`check_world` and the search over the grid;
- :mod:`.text` -- the adventure in English and Italian.
"""

from __future__ import annotations

from .generate import MAX_WORLD_ATTEMPTS, WorldGenerationError, generate_world, world_seed
from .text import half_title, render_half, render_line, render_world
from .validate import check_world, search

__all__ = [
    "MAX_WORLD_ATTEMPTS",
    "WorldGenerationError",
    "check_world",
    "generate_world",
    "half_title",
    "render_half",
    "render_line",
    "render_world",
    "search",
    "world_seed",
]
