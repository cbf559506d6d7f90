"""A Platformer state's JSON checked value by value before it is loaded (``from_json``).

``PlatformerState.from_json`` takes what ``to_json`` wrote at its word; data written by
hand or cut short (a hero id no hero has, a text where a number goes, a position off the
map, two figures on one space, a seat 7) would load and fail later, inside a rule, as a
traceback. Here each value is checked first and the first wrong one is named in one line.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING, Any

from tavolo.engine.errors import StateError, engine_messages
from tavolo.engine.saved import ValueCheck

from .effects import ENEMY_FACES, SYMBOLS
from .geometry import geo_of
from .rules import BOSS_FAINT, METAS, MODES, ROUND_CAP, THEMES, max_boost
from .state import PlatformerState

if TYPE_CHECKING:
    from .rules import PlatformerRules

PHASES = ("act", "special", "over")
ENDINGS = ("boss defeated", "events", "round cap", "fainted")
LOOT = ("coin", "gem")
# A resolution in progress: its kind and the type of each argument after it (rules.py).
FRAMES: dict[str, tuple[type, ...]] = {
    "star": (),
    "form": (),
    "any": (str,),
    "gems": (str,),
    "forge": (str, str),
    "move": (int,),
    "attack": (int,),
    "penemy": (int,),
    "reroll": (int,),
    "paydie": (int,),
    "shove": (int, int),
    "pdest": (int, int),
}
# the steps answered at once, never under another (rules.py, turn.py)
TOP = ("star", "gems", "forge", "paydie", "form", "shove", "pdest", "reroll")
ON_MAP = ("move", "shove", "penemy", "pdest", "attack")  # (a hero on the map's steps)
HERO_KEYS = (
    "id",
    "pos",
    "hearts",
    "coins",
    "gems",
    "special",
    "items",
    "potions",
    "exhausted",
    "tokens",
    "used_ability",
    "defeated",
)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


class _Check(ValueCheck):
    def get(self, at: str, d: Mapping[str, Any], key: str) -> Any:
        if key not in d:
            field = f"{at}.{key}" if at else key
            raise StateError.said(engine_messages(), "state.missing", game=self.game, key=field)
        return d[key]

    def ids(self, field: str, value: Any, known: Collection[str]) -> list[str]:
        """A list of ids, each known and each once."""
        if not isinstance(value, list):
            raise self.fail(field, value)
        seen: set[str] = set()
        for i, x in enumerate(value):
            self.one_of(f"{field}[{i}]", x, known)
            if x in seen:
                raise self.fail(f"{field}[{i}]", x)
            seen.add(x)
        return value

    def once(self, seen: dict[str, str], field: str, x: str) -> None:
        """A card in one place only (a deck, a shop, a hero's hand)."""
        if x in seen:
            raise self.fail(field, x)
        seen[x] = field


def check_saved(game: PlatformerRules, data: Mapping[str, Any]) -> PlatformerState:
    """Raise ``StateError`` naming the first value of ``data`` that no ``to_json`` of a
    Platformer state writes: a key missing, a wrong type, an unknown id, a value out of
    range, a figure or card twice. The state it checked with the rules, loaded."""
    ck = _Check(game.name)
    ck.mapping("state", data)
    ck.mapping("rng", ck.get("", data, "rng"))
    mode = ck.get("", data, "mode")
    parts = mode.split("+") if isinstance(mode, str) else []
    metas = parts[1:]
    if (
        not parts
        or parts[0] not in MODES
        or any(m not in METAS for m in metas)
        or len(set(metas)) != len(metas)
    ):
        raise ck.fail("mode", mode)
    solo = parts[0] == "solo"
    theme = ck.one_of("theme", ck.get("", data, "theme"), THEMES)
    boss = ck.one_of("boss", ck.get("", data, "boss"), game.bosses)
    width = _tiles(ck, game, data, theme, 4 if "extended" in metas else 3)
    tiles = data["tiles"]
    n_levels = len(tiles)
    revealed = ck.whole("revealed", ck.get("", data, "revealed"), 1, n_levels)
    low = ck.whole("low", ck.get("", data, "low"), 0, revealed - 1)
    # the figures, loot and boss tokens stand on the revealed levels still in play
    spaces = range(low * 4 * width, revealed * 4 * width)
    level_enemy = ck.get("", data, "level_enemy")
    if not isinstance(level_enemy, list) or len(level_enemy) != n_levels - 1:
        raise ck.fail("level_enemy", level_enemy)
    for i, e in enumerate(level_enemy):
        ck.one_of(f"level_enemy[{i}]", e, game.enemy_cards)

    heroes = ck.get("", data, "heroes")
    if not isinstance(heroes, list) or not (
        (len(heroes) == 1) if solo else (2 <= len(heroes) <= game.max_players)
    ):
        raise ck.fail("heroes", heroes)
    n = len(heroes)
    figures: dict[int, str] = {}
    held: dict[str, dict[str, str]] = {"items": {}, "potions": {}}
    for k, h in enumerate(heroes):
        _hero(ck, game, f"heroes[{k}]", ck.mapping(f"heroes[{k}]", h), spaces, figures, held)

    enemies = ck.get("", data, "enemies")
    if not isinstance(enemies, list):
        raise ck.fail("enemies", enemies)
    kinds = {*game.enemy_cards, boss}
    for i, e in enumerate(enemies):
        at = f"enemies[{i}]"
        if not isinstance(e, list) or len(e) != 2:
            raise ck.fail(at, e)
        ck.one_of(f"{at}[0]", e[0], kinds)
        q = ck.whole(f"{at}[1]", e[1])
        if q not in spaces:
            raise ck.fail(f"{at}[1]", q)
        if q in figures:  # one figure a space (P-7)
            raise ck.fail(f"{at}[1]", q)
        figures[q] = at
    for key, known in (("loot", LOOT), ("btokens", game.tokens)):
        for p, x in ck.mapping(key, ck.get("", data, key)).items():
            if not isinstance(p, str) or not p.isdigit() or int(p) not in spaces:
                raise ck.fail(key, p)
            ck.one_of(f"{key}.{p}", x, known)
    ck.whole("boss_wounds", ck.get("", data, "boss_wounds"))

    for key in ("active", "first"):
        ck.whole(key, ck.get("", data, key), 0, n - 1)
    ck.whole("winner", ck.get("", data, "winner"), -1, n - 1)
    for key in ("round", "turns", "bonus", "score"):
        ck.whole(key, ck.get("", data, key))
    ck.one_of("phase", ck.get("", data, "phase"), PHASES)
    if not isinstance(ck.get("", data, "reason"), str):
        raise ck.fail("reason", data["reason"])
    ck.one_of("enemy_face", ck.get("", data, "enemy_face"), ("", *ENEMY_FACES))
    dice = ck.get("", data, "dice")
    if not isinstance(dice, list):
        raise ck.fail("dice", dice)
    for i, d in enumerate(dice):  # lower case: a die used (P-6)
        if not isinstance(d, str) or d.upper() not in SYMBOLS:
            raise ck.fail(f"dice[{i}]", d)
    extra = ck.get("", data, "extra")
    if not isinstance(extra, list):
        raise ck.fail("extra", extra)
    for i, d in enumerate(extra):
        ck.one_of(f"extra[{i}]", d, SYMBOLS)
    _stack(ck, ck.get("", data, "stack"), figures)

    cards: tuple[tuple[tuple[str, str], Collection[str]], ...] = (
        (("shop_items", "item_deck"), game.items),
        (("shop_potions", "potion_deck"), game.potions),
    )
    for decks, table in cards:
        seen: dict[str, str] = {}  # (a position may deal a hero a shop card too)
        for deck in decks:
            for i, x in enumerate(ck.ids(deck, ck.get("", data, deck), table)):
                ck.once(seen, f"{deck}[{i}]", x)
    attacks = {c.id for c in game.content.deck(boss)}
    seen.clear()
    for key in ("attack_deck", "attack_discard"):
        for i, x in enumerate(ck.ids(key, ck.get("", data, key), attacks)):
            ck.once(seen, f"{key}[{i}]", x)
    events = ck.ids("events", ck.get("", data, "events"), game.events)
    if events and not solo:
        raise ck.fail("events", events)
    ck.one_of("event", ck.get("", data, "event"), ("", *game.events))
    artifacts = ck.mapping("artifacts", ck.get("", data, "artifacts"))
    if artifacts and "artifacts" not in metas:
        raise ck.fail("artifacts", dict(artifacts))
    for a, holder in artifacts.items():
        ck.one_of("artifacts", a, game.artifacts)
        ck.whole(f"artifacts.{a}", holder, -1, n - 1)
    _ending(ck, data)
    s = PlatformerState.from_json(dict(data))
    _position(ck, game, s)
    return s


def _ending(ck: _Check, data: Mapping[str, Any]) -> None:
    """A game over has its reason (rules.py, ``finish``), a winner only by the boss's
    defeat; one going on has neither, and no round past the cap."""
    phase, reason, winner = data["phase"], data["reason"], data["winner"]
    over = phase == "over"
    if reason not in (ENDINGS if over else ("",)):
        raise ck.fail("reason", reason)
    if (winner >= 0) != (reason == "boss defeated"):
        raise ck.fail("winner", winner)
    if data["round"] > ROUND_CAP + (reason == "round cap") or data["round"] < 1:
        raise ck.fail("round", data["round"])
    # a turn begins each hero's turn of a round (rules.py, begin_turn): no more turns
    # than the rounds begun give every hero
    if data["turns"] > data["round"] * len(data["heroes"]):
        raise ck.fail("turns", data["turns"])
    if over and data["stack"]:
        raise ck.fail("stack", data["stack"])
    # the boss's wounds and a solo score are written once, at the boss's defeat
    if (data["boss_wounds"] > 0) != (reason == "boss defeated"):
        raise ck.fail("boss_wounds", data["boss_wounds"])
    if data["score"] and not (reason == "boss defeated" and len(data["heroes"]) == 1):
        raise ck.fail("score", data["score"])


def _position(ck: _Check, game: PlatformerRules, s: PlatformerState) -> None:
    """What needs the rules: each hero's hearts from 1 to his maximum (his hero card, his
    items and artifacts), a fainted hero on his turn Forming first (P-8) and a Form step
    for him only, and a decision that leaves the player something to choose."""
    for i, h in enumerate(s.heroes):
        if not 1 <= h.hearts <= game.max_hearts(s, i):  # (a hero at 0 has fainted, P-20)
            raise ck.fail(f"heroes[{i}].hearts", h.hearts)
    if len(s.dice) > _most_dice(game):  # the action dice and every card's extra ones
        raise ck.fail("dice", list(s.dice))
    away = s.heroes[s.active].pos < 0
    pool = game.pool(s)
    for k, fr in enumerate(s.stack):
        # off the map, a hero Forms before he moves, pushes or attacks (his turn's
        # start may leave him a symbol to choose first)
        if fr[0] == "form" and not (away and s.phase == "act"):
            raise ck.fail(f"stack[{k}]", list(fr))
        if away and fr[0] in ON_MAP:
            raise ck.fail(f"stack[{k}]", list(fr))
        # two equal unused symbols to forge (P-2); unused dice to pay a card's cost; each
        # answered at once, on top
        if fr[0] in TOP and k != len(s.stack) - 1:
            raise ck.fail(f"stack[{k}]", list(fr))
        if fr[0] == "forge" and pool.get(fr[1], 0) < 2:
            raise ck.fail(f"stack[{k}]", list(fr))
        if fr[0] == "paydie" and not 1 <= fr[1] <= sum(pool.values()):
            raise ck.fail(f"stack[{k}][1]", fr[1])
        # MOVE steps left: at least one (the last is popped), at most what one symbol
        # boosted by the most gems a hero holds and every card's extra move give
        if fr[0] == "move" and not 1 <= fr[1] <= _most_move(game):
            raise ck.fail(f"stack[{k}][1]", fr[1])
    if s.phase != "over":
        d = game.decision(s)
        if d is None or not d.actions:
            raise ck.fail("stack" if s.stack else "phase", [list(f) for f in s.stack] or s.phase)


def _tiles(ck: _Check, game: PlatformerRules, data: Mapping[str, Any], theme: str, n: int) -> int:
    """The map: ``n`` levels of two of the theme's tiles, then its boss tiles; each tile
    once, the unused ones included. The map's width in spaces."""
    mine = [t for t in game.content.tiles if t.theme == theme]
    normal = {t.id for t in mine if not t.boss}
    boss = {t.id for t in mine if t.boss}
    tiles = ck.get("", data, "tiles")
    if not isinstance(tiles, list) or len(tiles) != n + 1:
        raise ck.fail("tiles", tiles)
    seen: dict[str, str] = {}
    for lv, level in enumerate(tiles):
        last = lv == n
        if not isinstance(level, list) or len(level) != (len(boss) if last else 2):
            raise ck.fail(f"tiles[{lv}]", level)
        for i, t in enumerate(level):
            ck.one_of(f"tiles[{lv}][{i}]", t, boss if last else normal)
            ck.once(seen, f"tiles[{lv}][{i}]", t)
    for i, t in enumerate(ck.ids("unused_tiles", ck.get("", data, "unused_tiles"), normal)):
        ck.once(seen, f"unused_tiles[{i}]", t)
    return geo_of(tuple(tuple(level) for level in tiles)).width


def _hero(
    ck: _Check,
    game: PlatformerRules,
    at: str,
    h: Mapping[str, Any],
    spaces: range,
    figures: dict[int, str],
    held: dict[str, dict[str, str]],
) -> None:
    for key in HERO_KEYS:
        ck.get(at, h, key)
    ck.one_of(f"{at}.id", h["id"], game.heroes)
    pos = ck.whole(f"{at}.pos", h["pos"], BOSS_FAINT)
    if pos >= 0:
        if pos not in spaces:
            raise ck.fail(f"{at}.pos", pos)
        if pos in figures:  # one figure a space (P-7)
            raise ck.fail(f"{at}.pos", pos)
        figures[pos] = at
    for key in ("hearts", "coins", "gems", "defeated"):
        ck.whole(f"{at}.{key}", h[key])
    ck.one_of(f"{at}.special", h["special"], ("", *SYMBOLS))
    if not isinstance(h["used_ability"], bool):
        raise ck.fail(f"{at}.used_ability", h["used_ability"])
    for key, known in (("items", game.items), ("potions", game.potions)):
        for i, x in enumerate(ck.ids(f"{at}.{key}", h[key], known)):
            ck.once(held[key], f"{at}.{key}[{i}]", x)  # one card of each in the game
    ck.ids(f"{at}.tokens", h["tokens"], game.tokens)
    cards = {*game.items, *game.potions, *game.artifacts, *game.tokens}
    ck.ids(f"{at}.exhausted", h["exhausted"], cards)


def _stack(ck: _Check, stack: Any, figures: Mapping[int, str]) -> None:
    if not isinstance(stack, list):
        raise ck.fail("stack", stack)
    for i, fr in enumerate(stack):
        if not isinstance(fr, list) or not fr or not isinstance(fr[0], str):
            raise ck.fail(f"stack[{i}]", fr)
        types = FRAMES.get(fr[0])
        if types is None or len(fr) != len(types) + 1:
            raise ck.fail(f"stack[{i}]", fr)
        for j, (x, t) in enumerate(zip(fr[1:], types, strict=True), 1):
            if not (_is_int(x) and x >= 0 if t is int else isinstance(x, t)):
                raise ck.fail(f"stack[{i}][{j}]", x)
        kind = fr[0]
        # a shove moves the figure on its space, a push's destination the enemy on its
        if kind == "shove" and (fr[1] not in figures or fr[2] > 1):
            raise ck.fail(f"stack[{i}]", fr)
        if kind == "pdest" and not figures.get(fr[1], "").startswith("enemies"):
            raise ck.fail(f"stack[{i}]", fr)
        if kind in ("gems", "forge") and fr[1] not in SYMBOLS:
            raise ck.fail(f"stack[{i}][1]", fr[1])
        if (kind == "any" and fr[1] not in ("special", "extra")) or (
            kind == "forge" and fr[2] not in ("special", "pool")
        ):
            raise ck.fail(f"stack[{i}]", fr)


def _sources(game: PlatformerRules) -> list[Any]:
    """Every ability a hero's turn may draw on: heroes, items, tokens, artifacts, events."""
    return [
        *(x.ability for x in game.heroes.values()),
        *(x.ability for x in game.items.values()),
        *(t[1].ability for t in game.tokens.values()),
        *(x.ability for x in game.artifacts.values()),
        *(x.ability for x in game.events.values()),
    ]


def _most_move(game: PlatformerRules) -> int:
    """The most MOVE steps one step of the stack holds (turn.py, do_symbol; rules.py,
    run_effects): a symbol boosted by the most gems a hero holds (a position's purse
    cap), and every card's extra move at once."""
    from .game import PURSE_CAP  # (game.py imports this module)

    more = sum(e.move or 0 for a in _sources(game) for e in a.do)
    return max_boost(PURSE_CAP) + more


def _most_dice(game: PlatformerRules) -> int:
    """The most dice a hero rolls (rules.py, begin_turn): the action dice, and every die
    a card, token, artifact, event or hero could add at once."""
    more = sum(max(0, e.dice or 0) for a in _sources(game) for e in a.do)
    return int(game.content.dice.action_dice) + more
