"""Estro's play screens fit 80 x 40 in other seeded games than seed 1's
(test_cli_screen_fits.py): the seeds where a mode's options alone took 12-16 rows (Navi's
two attackers on 25 guardians, Ultimo Bastione's six cards into six cells each, Zona di
Conquista's cards face up and down into five zones) and ran its screens past 40 rows,
and a few more."""

from __future__ import annotations

import pytest

from .screens import assert_every_screen_fits

SEEDS = [
    ("navi", "human", (3, 4, 6, 7, 8, 11, 12, 15)),
    ("ultimo_bastione", "human,random,random,random", (2, 3, 4, 5)),
    ("inferno", "human,random,random,random", (5, 6, 9, 12)),
    ("zona_conquista", "human,random", (3, 4, 6)),
]


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize(("mode", "seats", "seeds"), SEEDS)
def test_estro_screens_fit_80_columns_and_40_rows_at_other_seeds(
    mode: str, seats: str, seeds: tuple[int, ...], lang: str
) -> None:
    for seed in seeds:
        assert_every_screen_fits("estro", mode, seats, seed, lang)
