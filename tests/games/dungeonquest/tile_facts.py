"""The base tile set as the facts file counts it (section 8), for the content test that
reads the data and the rule tests that play it."""

from __future__ import annotations

BASE_KINDS = {
    "room": 66,
    "corridor": 14,
    "trap": 5,
    "portcullis": 13,
    "rotating": 5,
    "chasm": 2,
    "pit": 2,
    "darkness": 4,
    "cave_in": 4,
}
"""The 115 base tiles by type."""

ROOMS = {
    "OOO": 14,  # the fan list's 13 plus the one four-way room of D18
    "OOW": 7,
    "WOO": 7,
    "OWO": 8,
    "WOW": 8,
    "OWW": 5,
    "WWO": 4,
    "WWW": 4,
    "ODO": 4,
    "ODW": 2,
    "WDO": 2,
    "DDD": 1,
}
"""Normal rooms by pattern, left ahead right (facts 8.2 with D18's four-way room)."""
