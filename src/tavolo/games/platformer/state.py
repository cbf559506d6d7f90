"""Platformer's game state: plain data only (ints, strings, small lists), cheap to clone.

Positions are ints ``y * width + x`` on the board of ``geometry.py`` (y = 0 the bottom row),
-1 for a hero off the map (fainted, P-20; -2 if he fainted on the boss level, where he Forms
again, P-8). Content (tiles, cards) is never copied: the state holds ids, and the board is
rebuilt from tile ids through a shared cache.

``stack`` holds the resolution in progress (a move with steps left, an attack being built,
a push...) as tuples ``(kind, *args)``; its top decides what is asked next (see rules.py).
"""

from __future__ import annotations

from typing import Any

from tavolo.engine import RNG, State


class Hero:
    """One player's hero: hearts, purse, cards and special die."""

    __slots__ = (
        "coins",
        "defeated",
        "exhausted",
        "gems",
        "hearts",
        "id",
        "items",
        "pos",
        "potions",
        "special",
        "tokens",
        "used_ability",
    )

    def __init__(self, hero_id: str, hearts: int) -> None:
        self.id = hero_id
        self.pos = -1
        self.hearts = hearts
        self.coins = 0
        self.gems = 0
        self.special = ""  # "" is the blank face (P-3)
        self.items: list[str] = []
        self.potions: list[str] = []
        self.exhausted: list[str] = []
        self.tokens: list[str] = []  # boss tokens held (P-29)
        self.used_ability = False
        self.defeated = 0  # enemies defeated (solo score)

    def clone(self) -> Hero:
        h = Hero.__new__(Hero)
        h.id, h.pos, h.hearts, h.coins, h.gems = (
            self.id,
            self.pos,
            self.hearts,
            self.coins,
            self.gems,
        )
        h.special, h.used_ability, h.defeated = self.special, self.used_ability, self.defeated
        h.items, h.potions = self.items[:], self.potions[:]
        h.exhausted, h.tokens = self.exhausted[:], self.tokens[:]
        return h

    def to_json(self) -> dict[str, Any]:
        return {
            k: (v[:] if isinstance(v, list) else v)
            for k in Hero.__slots__
            for v in [getattr(self, k)]
        }

    @staticmethod
    def from_json(d: dict[str, Any]) -> Hero:
        h = Hero.__new__(Hero)
        for k in Hero.__slots__:
            v = d[k]
            setattr(h, k, list(v) if isinstance(v, list) else v)
        return h


class PlatformerState(State):
    """Everything needed to continue a game of Platformer."""

    __slots__ = (
        "active",
        "artifacts",
        "attack_deck",
        "attack_discard",
        "bonus",
        "boss",
        "boss_wounds",
        "btokens",
        "dice",
        "enemies",
        "enemy_face",
        "event",
        "events",
        "extra",
        "first",
        "heroes",
        "item_deck",
        "level_enemy",
        "loot",
        "low",
        "mode",
        "phase",
        "potion_deck",
        "reason",
        "revealed",
        "round",
        "score",
        "shop_items",
        "shop_potions",
        "stack",
        "theme",
        "tiles",
        "turns",
        "unused_tiles",
        "winner",
    )

    mode: str
    theme: str
    boss: str
    tiles: tuple[tuple[str, ...], ...]
    unused_tiles: list[str]
    level_enemy: list[str]
    revealed: int
    low: int
    enemies: list[tuple[str, int]]
    loot: dict[int, str]
    btokens: dict[int, str]
    boss_wounds: int
    heroes: list[Hero]
    active: int
    first: int
    round: int
    turns: int
    phase: str
    dice: list[str]
    extra: list[str]
    enemy_face: str
    bonus: int
    stack: list[tuple[Any, ...]]
    shop_items: list[str]
    shop_potions: list[str]
    item_deck: list[str]
    potion_deck: list[str]
    attack_deck: list[str]
    attack_discard: list[str]
    events: list[str]
    event: str
    artifacts: dict[str, int]  # P-31: artifact id -> holder (-1: between the players)
    winner: int
    reason: str
    score: int

    def __init__(self, rng: RNG) -> None:
        super().__init__(rng)

    def clone(self) -> PlatformerState:
        c = PlatformerState.__new__(PlatformerState)
        c.rng = self.rng.clone()
        c._dec = self._dec
        c.mode, c.theme, c.boss = self.mode, self.theme, self.boss
        c.tiles = self.tiles  # tuple of tuples: immutable
        c.unused_tiles = self.unused_tiles[:]
        c.level_enemy = self.level_enemy[:]
        c.revealed, c.low, c.boss_wounds = self.revealed, self.low, self.boss_wounds
        c.enemies = self.enemies[:]
        c.loot = dict(self.loot)
        c.btokens = dict(self.btokens)
        c.heroes = [h.clone() for h in self.heroes]
        c.active, c.first, c.round, c.turns = self.active, self.first, self.round, self.turns
        c.phase, c.enemy_face, c.bonus = self.phase, self.enemy_face, self.bonus
        c.dice, c.extra, c.stack = self.dice[:], self.extra[:], self.stack[:]
        c.shop_items, c.shop_potions = self.shop_items[:], self.shop_potions[:]
        c.item_deck, c.potion_deck = self.item_deck[:], self.potion_deck[:]
        c.attack_deck, c.attack_discard = self.attack_deck[:], self.attack_discard[:]
        c.events, c.event = self.events[:], self.event
        c.artifacts = dict(self.artifacts) if self.artifacts else {}
        c.winner, c.reason, c.score = self.winner, self.reason, self.score
        return c

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for k in PlatformerState.__slots__:
            v = getattr(self, k)
            if k == "heroes":
                v = [h.to_json() for h in v]
            elif k == "tiles":
                v = [list(t) for t in v]
            elif k in ("enemies", "stack"):
                v = [list(e) for e in v]
            elif k in ("loot", "btokens"):
                v = {str(p): x for p, x in sorted(v.items())}
            elif k == "artifacts":
                v = dict(v)
            elif isinstance(v, list):
                v = v[:]
            out[k] = v
        out["rng"] = self.rng.to_json()
        return out

    @staticmethod
    def from_json(d: dict[str, Any]) -> PlatformerState:
        s = PlatformerState(RNG.from_json(d["rng"]))
        for k in PlatformerState.__slots__:
            v = d[k]
            if k == "heroes":
                v = [Hero.from_json(h) for h in v]
            elif k == "tiles":
                v = tuple(tuple(t) for t in v)
            elif k in ("enemies", "stack"):
                v = [tuple(e) for e in v]
            elif k in ("loot", "btokens"):
                v = {int(p): x for p, x in v.items()}
            elif isinstance(v, list):
                v = list(v)
            elif isinstance(v, dict):  # (artifacts) the caller's data is theirs to keep
                v = dict(v)
            setattr(s, k, v)
        return s
