"""The options a player reads start as sentences do, in every mode and both languages."""

from __future__ import annotations

import pytest

from tavolo.engine import RNG

from .support import GAME


@pytest.mark.parametrize(
    ("mode", "seats"),
    [("standard+chimera+fessura", 2), ("ultimo_bastione+chimera+fessura", 3), ("navi", 1)],
)
def test_every_option_starts_with_a_capital(mode: str, seats: int) -> None:
    """Ultimo Bastione's options read 'gioca Ozok in corsia 1, zona 1 (1 AS)' and 'Passa'
    in one list, the 1v1's 'Gioca Ozok scoperta': each now starts with a capital."""
    seen: set[str] = set()
    for seed in range(3):
        s = GAME.new(GAME.make_config(seats, mode), seed)
        rng = RNG(seed)
        while (d := GAME.decision(s)) is not None:
            for a in d.actions:
                verb = a.split(":")[0]
                if verb in seen:
                    continue
                seen.add(verb)
                for lang in ("en", "it"):
                    text = GAME.describe_action(s, a, lang)
                    assert text[0].isupper(), (a, lang, text)
            GAME.apply(s, d.actions[rng.below(len(d.actions))])
    assert len(seen) >= 4
