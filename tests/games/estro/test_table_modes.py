"""The seam for table modes (table.py): dispatch by state class, one shared card table."""

from __future__ import annotations

import pytest

from tavolo.engine import ConfigError
from tavolo.games.estro.game import TABLE_MODES, EstroGame
from tavolo.games.estro.state import EstroState

GAME = EstroGame()


def test_every_table_mode_is_a_mode_with_its_own_state_class() -> None:
    assert set(GAME.tables) == set(TABLE_MODES)
    for mode, t in GAME.tables.items():
        assert mode in GAME.modes
        assert t.state_class is not EstroState
        assert GAME.by_state[t.state_class] is t


def test_table_modes_share_the_card_table_and_its_trigger_sets() -> None:
    for t in GAME.tables.values():
        if isinstance(t, EstroGame):
            assert t.info is GAME.info and t.collection is GAME.collection
            assert t._turn_start is GAME.info.by_trigger["turn_start"]
            assert t._opp_play is GAME.info.by_trigger["opp_play"]
            assert t.aura_cards is GAME.info.auras


@pytest.mark.parametrize("mode", sorted(TABLE_MODES))
def test_a_table_mode_state_goes_through_the_1v1_game(mode: str) -> None:
    t = GAME.tables[mode]
    cfg = GAME.make_config(None, mode)
    assert cfg.players == t.seats[0]
    s = GAME.new(cfg, 5)
    assert type(s) is t.state_class
    d = GAME.decision(s)
    assert d is not None
    GAME.apply(s, d.actions[0])
    data = GAME.to_json(s)
    assert GAME.equal(GAME.from_json(data), s)
    assert isinstance(GAME.view(s, d.player), str)


def test_seat_counts_are_checked_per_mode() -> None:
    with pytest.raises(ConfigError, match="estro standard takes 2 players, not 4"):
        GAME.make_config(4, "standard")
    for mode, t in GAME.tables.items():
        wrong = next(n for n in range(1, 6) if n not in t.seats)
        with pytest.raises(ConfigError, match=f"estro {mode} takes"):
            GAME.make_config(wrong, mode)
