"""What the rule mixins use of EstroRules and EstroGame, for mypy only.

At run time GiftRules and SognoRules (and ZonaRules and ModeRules, built on GiftRules)
have ``object`` as their base, and ``self`` is the one EstroGame that mixes them all.
mypy cannot follow that cycle (EstroRules inherits the mixins), so while type checking
the two take this class as their base instead. EstroRules and EstroGame inherit it
through them, so mypy checks each declaration here against the real definition.
"""

from abc import ABCMeta
from collections.abc import Iterable

from tavolo.engine import Event, Game

from .cards import CardTable
from .gifts import LiveAura
from .state import EstroState, Player

class RulesHost(Game, metaclass=ABCMeta):
    info: CardTable
    ids: tuple[str, ...]
    id_set: frozenset[str]
    aura_cards: set[str]
    _turn_start: set[str]
    _turn_end: set[str]
    _opp_play: set[str]
    _plays: dict[str, tuple[str, str]]

    def estro(self, s: EstroState, p: int, c: str) -> int: ...
    def estri(self, s: EstroState, p: int, c: str) -> tuple[int, ...]: ...
    def stats(
        self, s: EstroState, p: int, c: str, live: list[LiveAura] | None = None
    ) -> list[int]: ...
    def acting_auras(self, s: EstroState) -> list[LiveAura] | None: ...
    def tot(self, s: EstroState, p: int, c: str) -> int: ...
    def battle_stats(self, s: EstroState, p: int, c: str, delta: list[int]) -> list[int]: ...
    def add_mods(self, s: EstroState, p: int, c: str, delta: Iterable[int]) -> None: ...
    def draw(self, s: EstroState, p: int, events: list[Event]) -> bool: ...
    def _finish(
        self, s: EstroState, winner: int | None, reason: str, events: list[Event]
    ) -> None: ...
    @staticmethod
    def ref(pl: Player, c: str) -> str: ...
    @staticmethod
    def deref(pl: Player, token: str) -> str: ...
    @staticmethod  # EstroGame's
    def _remap(s: EstroState, q: int, remap: dict[str, str]) -> None: ...
