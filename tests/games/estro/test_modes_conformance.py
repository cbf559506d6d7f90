"""The conformance checks (tests/conformance) on every Estro base mode with every set of
META modes.

Who covers what:

- ``tests/conformance/test_conformance.py`` (generic, every game): each base mode alone,
  each META mode alone on ``standard`` and all META modes together on ``standard``, with
  ``EstroRules.conformance_playouts`` (400) playouts each, seeds 0-399;
- this file: each of the 7 base modes with each of the 7 non-empty sets of META modes
  (one, two or all three: 49 combinations), ``PLAYOUTS`` playouts each, on seeds of their
  own (from 1000, different for every combination), so the pairs the generic suite never
  plays (``quadrante+chimera+imboscata``, say) are checked too."""

from __future__ import annotations

from itertools import combinations as subsets
from pathlib import Path

import pytest

from conformance.test_conformance import Playout

from .support import GAME

PLAYOUTS = 16


def meta_sets() -> list[tuple[str, ...]]:
    metas = GAME.metas
    return [c for k in range(1, len(metas) + 1) for c in subsets(metas, k)]


def combinations() -> list[str]:
    return ["+".join((base, *metas)) for base in GAME.modes for metas in meta_sets()]


COMBINATIONS = combinations()


@pytest.mark.parametrize("mode", COMBINATIONS)
def test_mode_playouts_conform(mode: str, tmp_path: Path) -> None:
    first = 1000 + 100 * COMBINATIONS.index(mode)
    for seed in range(first, first + PLAYOUTS):
        p = Playout(GAME, mode, seed, GAME.make_config(None, mode).players)
        try:
            p.run()
        except Exception as e:
            e.add_note(f"conformance: {p.where()}; replay: {p.save(tmp_path)}")
            raise


def test_every_base_mode_meets_every_set_of_meta_modes() -> None:
    got = {(m.split("+")[0], frozenset(m.split("+")[1:])) for m in COMBINATIONS}
    want = {
        (base, frozenset(metas))
        for base in GAME.modes
        for k in range(1, len(GAME.metas) + 1)
        for metas in subsets(GAME.metas, k)
    }
    assert got == want and len(COMBINATIONS) == len(GAME.modes) * (2 ** len(GAME.metas) - 1)
    for m in COMBINATIONS:  # each is a mode the game accepts, named in its normal form
        assert GAME.make_config(None, m).mode == m
