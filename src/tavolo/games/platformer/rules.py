"""Platformer's rules engine: setup (P-5), the turn (P-6) and every decision as small steps.

Decisions (action ids) come from the top of ``state.stack`` or, when it is empty, from the
phase: ``act`` (step 5, the actions) or ``special`` (step 6, placing the special die).
Steps 1-4 and 7-8 (remove a level, restore, roll, enemy die, gravity, end, boss turn) run
by themselves. Frames on the stack (plain tuples):

* ``("star",)`` what a STAR stands for: ``as:SYM``
* ``("gems", SYM)`` how many gems boost the symbol (P-4, x k costs k(k-1)/2): ``x:k``
* ``("move", n)`` n MOVE steps left: ``to:P``, ``portal:P``, ``stop``
* ``("shove", P, portal)`` where the figure the hero walks into goes (P-12): ``shove:P``
* ``("penemy", n)`` which enemy a PUSH moves: ``enemy:P``; ``("pdest", P, n)``: ``to:P``, ``stop``
* ``("attack", wounds)`` one attack action being built (P-18): add sources, ``strike:P``
* ``("form",)`` where the hero Forms (P-8): ``at:P``
* ``("forge", SYM, "pool"|"special")`` what two equal symbols become (P-2): ``as:SYM``
* ``("any", what)`` a symbol of your choice: ``as:SYM``; ``("reroll", n)``: ``reroll:i``, ``done``
* ``("paydie", n)`` which unused dice pay a cost: ``pay:SYM``

Rulings where the digest is silent (also in ``help``):

* Standard mode is 2-4 players, solo (P-33) 1 player. A game ends after ROUND_CAP rounds
  without a winner (everyone loses; solo: a loss) so that every game ends.
* A hero leaving a space adjacent to an enemy is attacked by it (P-11 applied to the hero
  moving too); moving next to an enemy with a "hero moves adjacent" ability triggers it.
* Reactive cards (trigger wounded/attacked) are used automatically: shields and hero
  abilities whenever they apply, potions only when the wounds would make the hero faint.
* Optional "+1 push/move" passives always apply (the player may stop early anyway).
* A hero chooses to fall from a ladder (P-10) with the action ``drop`` on his own turn:
  gravity applies with his ladder not holding him. At step 7 ladders hold every hero.
* Falling heroes take the coin or gem of the space they land on; Forming takes nothing.
* Extra wounds from items and potions last until the end of the turn.
* The special die may be set in step 6 only while blank.
* The boss needs its whole health in one attack action, like any enemy (P-18, P-24).

Variants (P-31, P-32) are META modes (``standard+artifacts``, ``standard+extended``, both
together), also reachable as options ``artifacts=true`` / ``extended=true`` which
``make_config`` folds into the mode, so that the conformance suite (which runs every mode
and META mode) covers them. Solo keeps the standard map (``solo+extended`` is refused).
Artifacts (``state.artifacts``: id -> holder, -1 between the players) are claimed by
``claim`` at their trigger (reveal, defeat, pick-ups, trap, faint, buy, push, form, symbol,
turn end); the taker gets the card restored, usable at once.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, ClassVar

from tavolo.engine import RNG, Config, ConfigError, Event, Game

from .content import default_content
from .effects import Ability, Condition, Effect
from .geometry import Geo, geo_of
from .schema import Boss, Enemy
from .state import Hero, PlatformerState
from .text import MSG

ROUND_CAP = 30
CATCH_UP = ((0, 0), (1, 0), (0, 1), (1, 1))  # (coins, gems) by seat order (P-5, Decision)
BOSS_FAINT = -2  # a hero's pos off the map after fainting on the boss level (P-8, P-25)
THEMES = ("forest", "void")
MODES = ("standard", "solo")
METAS = ("artifacts", "extended")  # P-31, P-32: also as options artifacts=true, extended=true

S = PlatformerState


def gem_cost(k: int) -> int:
    """P-4: boosting a symbol x k costs k(k-1)/2 gems."""
    return k * (k - 1) // 2


def spread(n: int, gems: int) -> list[int]:
    """P-4: the multipliers of ``n`` symbols with ``gems`` spent to raise the lowest first
    (the most wounds they can make, as in the rulebook's examples), lowest first.

    Raising the lowest first takes every symbol to the same x m (n k(k-1)/2 gems for
    x k, the most the gems pay), then the gems left raise some to x (m+1), m more gems
    each: worked out at once, not a gem at a time (no supply bounds the gems a hero
    gains, so a hero may hold many)."""
    if n <= 0:
        return []
    m = max_boost(max(0, gems) // n)
    up = (max(0, gems) - n * gem_cost(m)) // m  # (fewer than n: all n would be x m+1)
    return [m] * (n - up) + [m + 1] * up


def is_solo(s: PlatformerState) -> bool:
    return s.mode.split("+")[0] == "solo"


def max_boost(gems: int) -> int:
    """P-4: the highest x k that ``gems`` pay, k(k-1)/2 <= gems (x 1 with none)."""
    return (1 + math.isqrt(1 + 8 * max(0, gems))) // 2


class PlatformerRules(Game):
    name = "platformer"
    RULES_VERSION = "1.0"
    titles: ClassVar[Mapping[str, str]] = {"en": "Platformer", "it": "Platformer"}
    min_players = 1
    max_players = 4
    modes = MODES
    metas = METAS
    conformance_playouts = 30
    conformance_max_decisions = 20_000

    def __init__(self) -> None:
        c = self.content = default_content()
        self.heroes = {h.id: h for h in c.heroes}
        self.enemy_cards: dict[str, Enemy] = {e.id: e for e in c.enemies}
        self.bosses = {b.id: b for b in c.bosses}
        for b in c.bosses:
            self.enemy_cards[b.summon.id] = b.summon
        self.items = {i.id: i for i in c.items}
        self.potions = {p.id: p for p in c.potions}
        self.cards = {a.id: a for a in c.attack_cards}
        self.events = {e.id: e for e in c.events}
        self.artifacts = {a.id: a for a in c.artifacts}
        self.tokens = {t.id: (b, t) for b in c.bosses for t in b.tokens}

    # ---------------------------------------------------------------- configuration --
    def make_config(
        self, players: int | None = None, mode: str | None = None, **options: Any
    ) -> Config:
        mode = mode or "standard"
        for meta in METAS:  # the variants as flags: -o artifacts=true is mode +artifacts
            if meta in options:
                on = options.pop(meta)
                if on not in (True, False, "true", "false"):
                    raise ConfigError.said(MSG, "error.flag", meta=meta, value=on)
                if on in (True, "true") and meta not in mode.split("+")[1:]:
                    mode = f"{mode}+{meta}"
        if players is None:
            players = 1 if mode.startswith("solo") else 2
        cfg = super().make_config(players, mode, **options)
        base, metas = self.mode_parts(cfg.mode)
        if base == "solo" and cfg.players != 1:
            raise ConfigError.said(MSG, "error.solo")
        if base == "standard" and cfg.players < 2:
            raise ConfigError.said(MSG, "error.standard")
        if base == "solo" and "extended" in metas:
            raise ConfigError.said(MSG, "error.solo_map")
        return cfg

    def check_options(self, mode: str, options: Mapping[str, Any]) -> Mapping[str, Any]:
        out: dict[str, Any] = {}
        for k, v in options.items():
            if k == "theme":
                if v not in THEMES:
                    raise ConfigError.said(MSG, "error.theme", known=", ".join(THEMES))
                out[k] = v
            elif k == "boss":
                if not isinstance(v, str) or (v not in self.bosses and v != "random"):
                    raise ConfigError.said(MSG, "error.boss", known=", ".join(self.bosses))
                out[k] = v
            else:
                raise ConfigError.said(MSG, "error.option", option=k)
        return out

    # ------------------------------------------------------------------------ setup --
    def new(self, config: Config, seed: int) -> S:
        """P-5: map, enemy cards, boss, shop, heroes, level 1 revealed, catch-up bonus."""
        rng = RNG(seed)
        s = S(rng)
        c = self.content
        s.mode = config.mode
        base, metas = self.mode_parts(config.mode)
        n_levels = 4 if "extended" in metas else 3  # P-32: one extra level
        s.theme = config.options.get("theme", "forest")
        boss = config.options.get("boss", "random")
        s.boss = boss if boss in self.bosses else rng.choice(sorted(self.bosses), "boss")
        normal = [t.id for t in c.tiles if t.theme == s.theme and not t.boss]
        rng.shuffle(normal, "tiles")
        levels = [tuple(normal[2 * i : 2 * i + 2]) for i in range(n_levels)]
        btiles = [t.id for t in c.tiles if t.theme == s.theme and t.boss]
        rng.shuffle(btiles, "boss tiles")
        s.tiles = (*levels, tuple(btiles))
        s.unused_tiles = normal[2 * n_levels :]
        s.level_enemy = [
            rng.choice([e.id for e in c.tier(t)], f"enemy tier {t}") for t in (1, 2, 3)
        ]
        if n_levels == 4:  # P-32: tier-III cards on the two highest levels, both if can be
            top = [e.id for e in c.tier(3)]
            s.level_enemy[2:] = rng.sample(top, 2, "enemy tier 3") if len(top) > 1 else top * 2
        s.revealed, s.low, s.boss_wounds = 0, 0, 0
        s.enemies, s.loot, s.btokens = [], {}, {}
        deck = [a.id for a in c.deck(s.boss)]
        rng.shuffle(deck, "attack cards")
        s.attack_deck, s.attack_discard = deck, []
        s.item_deck = [i.id for i in c.items]
        s.potion_deck = [p.id for p in c.potions]
        rng.shuffle(s.item_deck, "items")
        rng.shuffle(s.potion_deck, "potions")
        s.shop_items = [s.item_deck.pop() for _ in range(3)]
        s.shop_potions = [s.potion_deck.pop() for _ in range(3)]
        heroes = rng.sample(sorted(self.heroes), config.players, "heroes")
        s.heroes = [Hero(h, self.heroes[h].health) for h in heroes]
        s.first = rng.below(config.players) if config.players > 1 else 0
        for k in range(config.players):
            h = s.heroes[(s.first + k) % config.players]
            h.coins, h.gems = CATCH_UP[k]
        s.artifacts = {}
        if "artifacts" in metas:  # P-31: 2 of the 10 between the players
            drawn = rng.sample(sorted(self.artifacts), 2, "artifacts")
            s.artifacts = {a: -1 for a in drawn}
        s.events = []
        if base == "solo":
            s.events = [e.id for e in c.events]
            rng.shuffle(s.events, "events")
        s.event = ""
        s.active, s.round, s.turns = s.first, 1, 0
        s.phase, s.dice, s.extra, s.enemy_face, s.bonus, s.stack = "act", [], [], "", 0, []
        s.winner, s.reason, s.score = -1, "", 0
        self.reveal(s, [])
        self.begin_turn(s, [])
        return s

    # ------------------------------------------------------------------- helpers --
    def geo(self, s: S) -> Geo:
        return geo_of(s.tiles)

    def boss_level(self, s: S) -> int:
        return len(s.tiles) - 1

    def boss_health(self, s: S) -> int:
        return self.bosses[s.boss].health_per_level * len(s.tiles)  # P-27

    def in_play(self, s: S, g: Geo, p: int) -> bool:
        """On a revealed level that has not been removed."""
        lo = s.low * 4 * g.width
        return lo <= p < s.revealed * 4 * g.width

    def occupant(self, s: S, p: int) -> int:
        """0 free, 1 hero, 2 enemy."""
        for h in s.heroes:
            if h.pos == p:
                return 1
        for _, q in s.enemies:
            if q == p:
                return 2
        return 0

    def enemy_at(self, s: S, p: int) -> int:
        for i, (_, q) in enumerate(s.enemies):
            if q == p:
                return i
        return -1

    def same_zone(self, s: S, g: Geo, a: int, b: int) -> bool:
        """P-26: the boss level is a closed zone."""
        bl = self.boss_level(s)
        return (g.level(a) == bl) == (g.level(b) == bl)

    def card(self, s: S, kind: str) -> Enemy | Boss:
        return self.bosses[kind] if kind == s.boss else self.enemy_cards[kind]

    def damage(self, s: S, kind: str) -> int:
        return self.card(s, kind).damage

    def ignores(self, s: S, kind: str, what: str) -> bool:
        if kind == s.boss:
            abilities: tuple[Ability, ...] = self.bosses[kind].rules
        else:
            a = self.enemy_cards[kind].ability
            abilities = (a,) if a else ()
        return any(ab.trigger == "always" and e.ignore == what for ab in abilities for e in ab.do)

    def hero_abilities(self, s: S, i: int) -> list[tuple[str, Ability]]:
        """Every passive source a hero has: ability, items, boss tokens, the solo event."""
        h = s.heroes[i]
        out = [("hero", self.heroes[h.id].ability)]
        out += [(x, self.items[x].ability) for x in h.items]
        out += [(t, self.tokens[t][1].ability) for t in h.tokens]
        out += [(a, self.artifacts[a].ability) for a, o in s.artifacts.items() if o == i]
        if s.event:
            out.append((s.event, self.events[s.event].ability))
        return out

    def standing(self, s: S, i: int, verb: str) -> int:
        total = 0
        for _, a in self.hero_abilities(s, i):
            if a.trigger == "always":
                for e in a.do:
                    v = getattr(e, verb)
                    if v is not None:
                        total += v if isinstance(v, int) and not isinstance(v, bool) else 1
        return total

    def ignores_hero(self, s: S, i: int, what: str) -> bool:
        return any(
            a.trigger == "always" and e.ignore == what
            for _, a in self.hero_abilities(s, i)
            for e in a.do
        )

    def max_hearts(self, s: S, i: int) -> int:
        return self.heroes[s.heroes[i].id].health + self.standing(s, i, "max_hearts")

    def holds(self, cond: tuple[Condition, ...], s: S, i: int, ctx: Mapping[str, Any]) -> bool:
        h = s.heroes[i]
        g = self.geo(s)
        for c in cond:
            for place, want in ((c.at, True), (c.not_at, False)):
                if place is not None and self.at_place(s, g, h.pos, place) != want:
                    return False
            if c.adjacent_enemy is not None:
                near = h.pos >= 0 and any(q in g.adj[h.pos] for _, q in s.enemies)
                if near != c.adjacent_enemy:
                    return False
            if c.coins_at_least is not None and h.coins < c.coins_at_least:
                return False
            if c.gems_at_least is not None and h.gems < c.gems_at_least:
                return False
            if c.hearts_at_most is not None and h.hearts > c.hearts_at_most:
                return False
            if c.rolled is not None and c.rolled_at_least is not None:
                n = sum(1 for d in s.dice if d.upper() == c.rolled)
                if n < c.rolled_at_least:
                    return False
            if c.special_blank is not None and (h.special == "") != c.special_blank:
                return False
            if c.boss is not None and ctx.get("boss", False) != c.boss:
                return False
            if c.tier is not None and ctx.get("tier") != c.tier:
                return False
            if c.wounds_at_least is not None and ctx.get("wounds", 0) < c.wounds_at_least:
                return False
            if c.highest is not None:
                top = all(o.pos < 0 or g.row(o.pos) <= g.row(h.pos) for o in s.heroes)
                if h.pos < 0 or top != c.highest:
                    return False
        return True

    def claim(self, s: S, i: int, trigger: str, ev: list[Event], **ctx: Any) -> None:
        """P-31: whoever meets an artifact's condition takes it at once, even from another
        player; it comes restored and usable at once."""
        for a, owner in s.artifacts.items():
            if owner == i:
                continue
            cl = self.artifacts[a].claim
            if cl.trigger != trigger or (cl.symbol and cl.symbol != ctx.get("symbol")):
                continue
            if not self.holds(cl.if_, s, i, ctx):
                continue
            if owner >= 0 and a in s.heroes[owner].exhausted:
                s.heroes[owner].exhausted.remove(a)
            if a in s.heroes[i].exhausted:
                s.heroes[i].exhausted.remove(a)
            s.artifacts[a] = i
            ev.append(Event("artifact", {"player": i, "card": a, "from": owner}))

    def reactive(self, s: S, i: int) -> list[tuple[str, int]]:
        """Exhaust cards that prevent wounds by themselves (items, then artifacts)."""
        h = s.heroes[i]
        held = [(x, self.items[x].ability) for x in h.items]
        held += [(a, self.artifacts[a].ability) for a, o in s.artifacts.items() if o == i]
        return [
            (x, sum(e.prevent or 0 for e in ab.do))
            for x, ab in held
            if ab.kind == "exhaust" and ab.trigger == "wounded" and x not in h.exhausted
        ]

    def at_place(self, s: S, g: Geo, p: int, place: str) -> bool:
        if p < 0:
            return False
        if place == "shop":
            return g.cell[p] == "S"
        if place == "trap":
            return g.cell[p] == "x"
        if place == "portal":
            return g.cell[p] == "O"
        if place == "ladder":
            return g.ladder[p]
        if place == "top_row":
            return g.is_top_row(p)
        if place == "boss_level":
            return g.level(p) == self.boss_level(s)
        return g.holds[p]  # platform

    def passives(
        self, s: S, i: int, trigger: str, symbol: str | None = None, **ctx: Any
    ) -> list[Effect]:
        out: list[Effect] = []
        for _, a in self.hero_abilities(s, i):
            if a.kind != "passive" or a.trigger != trigger:
                continue
            if symbol is not None and a.symbol != symbol:
                continue
            if self.holds(a.if_, s, i, ctx):
                out.extend(a.do)
        return out

    # ---------------------------------------------------------------- symbol pool --
    def pool(self, s: S) -> dict[str, int]:
        out: dict[str, int] = {}
        for d in s.dice:
            if d.isupper():
                out[d] = out.get(d, 0) + 1
        for d in s.extra:
            out[d] = out.get(d, 0) + 1
        return out

    def take(self, s: S, sym: str) -> None:
        for k, d in enumerate(s.dice):
            if d == sym:
                s.dice[k] = d.lower()
                return
        s.extra.remove(sym)

    # ------------------------------------------------------------------ turn flow --
    def begin_turn(self, s: S, ev: list[Event]) -> None:
        """Steps 0-4 of P-6: event (solo), remove a level, restore, roll, enemy die."""
        i = s.active
        h = s.heroes[i]
        s.turns += 1
        ev.append(Event("turn", {"player": i, "hero": h.id, "round": s.round}))
        if is_solo(s):
            if not s.events:
                self.finish(s, -1, "events", ev)
                return
            s.event = s.events.pop()
            ev.append(Event("event", {"event": s.event}))
        g = self.geo(s)
        if h.pos >= 0 and g.level(h.pos) >= s.low + 2 and s.low < self.boss_level(s):
            self.remove_level(s, g, ev)  # P-16
            if s.phase == "over":
                return
        h.exhausted = []
        h.used_ability = False
        n = self.content.dice.action_dice + self.standing(s, i, "dice")
        faces = self.content.dice.action
        s.dice = [s.rng.choice(faces, "action die") for _ in range(max(1, n))]
        s.extra = []
        s.enemy_face = s.rng.choice(self.content.dice.enemy, "enemy die")
        ev.append(Event("roll", {"player": i, "dice": s.dice[:], "enemy": s.enemy_face}))
        s.phase = "act"
        self.run_effects(s, i, self.passives(s, i, "turn_start"), ev)  # events, artifacts
        self.enemy_die(s, s.enemy_face, ev)

    def remove_level(self, s: S, g: Geo, ev: list[Event]) -> None:
        lv = s.low
        cells = g.level_cells(lv)
        s.low += 1
        s.enemies = [e for e in s.enemies if e[1] not in cells]
        s.loot = {p: x for p, x in s.loot.items() if p not in cells}
        ev.append(Event("remove", {"level": lv}))
        for k, o in enumerate(s.heroes):
            if o.pos in cells:
                self.faint(s, k, ev)

    def end_turn(self, s: S, ev: list[Event]) -> None:
        """Steps 7-8: gravity, end-of-turn effects, the boss turn, the next player."""
        i = s.active
        self.gravity(s, ev)
        if s.phase != "over":
            self.run_effects(s, i, self.passives(s, i, "turn_end"), ev)
        if s.phase != "over":
            self.claim(s, i, "turn_end", ev)
        g = self.geo(s)
        h = s.heroes[i]
        if s.phase != "over" and h.pos >= 0 and g.level(h.pos) == self.boss_level(s):
            self.boss_turn(s, ev)
        if s.phase == "over":
            return
        s.stack = []
        s.bonus = 0
        s.dice, s.extra = [], []
        s.event = ""
        s.active = (i + 1) % len(s.heroes)
        if s.active == s.first:
            s.round += 1
            if s.round > ROUND_CAP:
                self.finish(s, -1, "round cap", ev)
                return
        self.begin_turn(s, ev)

    def finish(self, s: S, winner: int, reason: str, ev: list[Event]) -> None:
        s.winner, s.reason, s.phase, s.stack = winner, reason, "over", []
        if winner >= 0 and is_solo(s):
            s.score = self.solo_score(s)
        ev.append(Event("over", {"winner": winner, "reason": reason, "score": s.score}))

    def solo_score(self, s: S) -> int:
        """P-33: events left, enemies defeated, overkill on the boss, gems, coins' value."""
        h = s.heroes[0]
        value = h.coins + sum(self.items[x].price for x in h.items)
        value += sum(self.potions[x].price for x in h.potions)
        over = max(0, s.boss_wounds - self.boss_health(s))
        return 3 * len(s.events) + 2 * h.defeated + 2 * over + h.gems + value // 3

    # -------------------------------------------------------------- the enemy die --
    def enemy_die(self, s: S, face: str, ev: list[Event]) -> None:
        """Step 4: ATTACK, every enemy attacks adjacent heroes; LEFT/RIGHT, all move 1."""
        g = self.geo(s)
        if face == "ATTACK":
            for kind, p in list(s.enemies):
                if (kind, p) not in s.enemies:
                    continue
                for k, h in enumerate(s.heroes):
                    if h.pos >= 0 and h.pos in g.adj[p]:
                        self.enemy_attack(s, kind, k, ev)
                        if s.phase == "over":
                            return
            return
        d = 0 if face == "LEFT" else 1
        order = sorted(range(len(s.enemies)), key=lambda k: g.xy(s.enemies[k][1])[0])
        if d:
            order.reverse()
        bottom = s.low * 4
        for k in order:
            kind, p = s.enemies[k]
            q = g.side[p][d]
            if q < 0 or not self.in_play(s, g, q) or self.occupant(s, q):
                continue
            if not (g.holds[q] or g.row(q) == bottom):
                continue
            s.enemies[k] = (kind, q)
            for j, h in enumerate(s.heroes):  # P-11: moving away or along
                if h.pos >= 0 and h.pos in g.adj[p] and h.pos != q:
                    self.enemy_attack(s, kind, j, ev)
                    if s.phase == "over":
                        return

    # ------------------------------------------------------------------ wounds --
    def enemy_attack(self, s: S, kind: str, i: int, ev: list[Event]) -> None:
        """An enemy (or the boss) attacks hero ``i``: its damage, then its 'attacks' ability."""
        h = s.heroes[i]
        if h.pos < 0:
            return
        n = self.damage(s, kind)
        is_boss = kind == s.boss
        for e in self.passives(s, i, "attacked", boss=is_boss):
            if e.prevent:
                n -= e.prevent
            elif e.wound:
                n += e.wound
        ev.append(Event("attacked", {"enemy": kind, "player": i, "wounds": max(0, n)}))
        self.wound(s, i, n, ev)
        if h.pos < 0:
            return
        card = self.card(s, kind)
        abil = card.ability if isinstance(card, Enemy) else None
        if abil is not None and abil.trigger == "attacks":
            self.target_effects(s, i, abil.do, ev)

    def target_effects(self, s: S, i: int, effects: tuple[Effect, ...], ev: list[Event]) -> None:
        """Effects an enemy or boss does to hero ``i``."""
        h = s.heroes[i]
        for e in effects:
            if h.pos < 0:
                return
            if e.lose == "coin":
                h.coins = max(0, h.coins - e.n)
            elif e.lose == "gem":
                h.gems = max(0, h.gems - e.n)
            elif e.reset_special:
                h.special = ""
            elif e.take_token:
                self.take_token(s, i, e.take_token, ev)
            elif e.wound:
                self.wound(s, i, e.wound, ev)
            elif e.strike:
                self.enemy_attack(s, s.boss, i, ev)

    def take_token(self, s: S, i: int, token: str, ev: list[Event]) -> None:
        """P-29: a boss token; one you already hold deals 1 wound instead."""
        h = s.heroes[i]
        if token in h.tokens:
            self.wound(s, i, 1, ev)
        else:
            h.tokens.append(token)
            ev.append(Event("token", {"player": i, "token": token}))

    def wound(self, s: S, i: int, n: int, ev: list[Event]) -> None:
        """P-19: each wound discards a heart; the last one makes the hero faint."""
        h = s.heroes[i]
        if n <= 0 or h.pos < 0:
            return
        for x, prevent in self.reactive(s, i):
            if n > 0:
                h.exhausted.append(x)
                n -= prevent
        if n >= h.hearts and "stoneskin" in h.potions:
            h.potions.remove("stoneskin")
            s.potion_deck.insert(0, "stoneskin")
            ev.append(Event("potion", {"player": i, "potion": "stoneskin"}))
            n -= 2
        if n <= 0:
            return
        h.hearts -= n
        ev.append(Event("wounds", {"player": i, "wounds": n}))
        if h.hearts <= 0:
            self.faint(s, i, ev)

    def faint(self, s: S, i: int, ev: list[Event]) -> None:
        """P-20: off the map, special die blank, boss tokens gone, hearts full. A hero who
        faints on the boss level is off the map as ``BOSS_FAINT``: he Forms there (P-8)."""
        h = s.heroes[i]
        g = self.geo(s)
        h.pos = BOSS_FAINT if h.pos >= 0 and g.level(h.pos) == self.boss_level(s) else -1
        h.special = ""
        h.tokens = []
        h.hearts = self.max_hearts(s, i)
        ev.append(Event("faint", {"player": i}))
        self.claim(s, i, "faint", ev)
        if is_solo(s):
            self.finish(s, -1, "fainted", ev)
            return
        if i == s.active and s.phase == "act":
            s.stack = []

    # ------------------------------------------------------------------ gravity --
    def supported(self, s: S, g: Geo, p: int, hero: bool) -> bool:
        if g.holds[p] or g.row(p) <= s.low * 4:
            return True
        if hero and g.ladder[p]:
            x, y = g.xy(p)
            # a ladder drawn on the edge of a face-down tile above is not there yet: a hero
            # shoved onto the top revealed row must not learn the hidden tile by standing
            if y + 1 < s.revealed * 4 or g.board.floor[y][x] == "H":
                return True
        return self.occupant(s, p - g.width) != 0

    def falls(self, s: S, g: Geo) -> bool:
        for h in s.heroes:
            if h.pos >= 0 and not self.supported(s, g, h.pos, True):
                return True
        for kind, p in s.enemies:
            if not self.supported(s, g, p, False) and not self.ignores(s, kind, "gravity"):
                return True
        return False

    def can_drop(self, s: S, g: Geo, i: int) -> bool:
        """P-10: hero ``i`` stands on a ladder, with nothing else to hold him."""
        p = s.heroes[i].pos
        return p >= 0 and self.supported(s, g, p, True) and not self.supported(s, g, p, False)

    def gravity(self, s: S, ev: list[Event], drop: int = -1) -> None:
        """P-10: unsupported figures fall, lowest first; heroes take trap wounds on the way.
        Hero ``drop`` lets go of his ladder: ladders do not hold him on his way down."""
        g = self.geo(s)
        w = g.width
        moved = True
        while moved:
            moved = False
            figs: list[tuple[int, int, int]] = [
                (h.pos, 0, k) for k, h in enumerate(s.heroes) if h.pos >= 0
            ]
            figs += [(p, 1, k) for k, (_, p) in enumerate(s.enemies)]
            figs.sort()
            for p, is_enemy, k in figs:
                hero = not is_enemy
                if is_enemy and self.ignores(s, s.enemies[k][0], "gravity"):
                    continue
                ladder = hero and k != drop  # does a ladder hold this figure?
                if self.supported(s, g, p, ladder):
                    continue
                q = p
                traps = 0
                while not self.supported(s, g, q, ladder):
                    q -= w
                    if hero and g.cell[q] == "x":
                        traps += 1
                if hero:
                    s.heroes[k].pos = q
                    ev.append(Event("fall", {"player": k, "to": list(g.xy(q))}))
                    if traps and not self.ignores_hero(s, k, "trap"):
                        self.wound(s, k, traps, ev)
                    if s.heroes[k].pos == q:
                        self.pick_up(s, k, q, ev)
                else:
                    s.enemies[k] = (s.enemies[k][0], q)
                    ev.append(Event("enemy_fall", {"enemy": s.enemies[k][0], "to": list(g.xy(q))}))
                moved = True
                break
            if s.phase == "over":
                return

    # ----------------------------------------------------------------- movement --
    def pick_up(self, s: S, i: int, p: int, ev: list[Event]) -> None:
        what = s.loot.pop(p, None)
        if what is None:
            return
        h = s.heroes[i]
        if what == "coin":
            h.coins += 1
            self.run_effects(s, i, self.passives(s, i, "pickup_coin"), ev)
        else:
            h.gems += 1
            self.run_effects(s, i, self.passives(s, i, "pickup_gem"), ev)
        ev.append(Event("pick_up", {"player": i, "what": what}))
        if s.artifacts:
            self.claim(s, i, f"pickup_{what}", ev)

    def move_targets(self, s: S, g: Geo, i: int) -> list[str]:
        h = s.heroes[i]
        out = []
        for q in g.steps[h.pos]:
            if not self.in_play(s, g, q):
                continue
            if self.occupant(s, q) and not self.shove_targets(s, g, q, h.pos):
                continue
            out.append(f"to:{q}")
        for q in g.portals[h.pos]:
            if self.in_play(s, g, q) and (
                not self.occupant(s, q) or self.shove_targets(s, g, q, h.pos)
            ):
                out.append(f"portal:{q}")
        return out

    def shove_targets(self, s: S, g: Geo, q: int, origin: int) -> list[int]:
        """P-12: free spaces next to ``q`` (the mover's space counts as free when it is
        next to ``q``: not after a portal, nor under the boss level's one-way row)."""
        out = [r for r in g.adj[q] if self.in_play(s, g, r) and not self.occupant(s, r)]
        if origin not in out and origin in g.adj[q]:
            out.append(origin)
        return sorted(out)

    def step(self, s: S, i: int, q: int, portal: bool, ev: list[Event]) -> None:
        """One MOVE (or portal) into ``q``: zone of control, push, then entering."""
        g = self.geo(s)
        h = s.heroes[i]
        origin = h.pos
        if not portal:
            for kind, p in list(s.enemies):
                if p != q and origin in g.adj[p] and (kind, p) in s.enemies:
                    self.enemy_attack(s, kind, i, ev)  # P-11
                    if h.pos < 0 or s.phase == "over":
                        return
        occ = self.occupant(s, q)
        if occ == 2:
            self.enemy_attack(s, s.enemies[self.enemy_at(s, q)][0], i, ev)  # P-12
            if h.pos < 0 or s.phase == "over":
                return
        if occ:
            s.stack.append(("shove", q, int(portal)))
            return
        self.enter(s, i, q, portal, ev)

    def enter(self, s: S, i: int, q: int, portal: bool, ev: list[Event]) -> None:
        g = self.geo(s)
        h = s.heroes[i]
        h.pos = q
        ev.append(Event("move", {"player": i, "to": list(g.xy(q))}))
        self.pick_up(s, i, q, ev)
        if g.cell[q] == "x" and s.artifacts:
            self.claim(s, i, "enter_trap", ev)
        if g.cell[q] == "x" and not self.ignores_hero(s, i, "trap"):  # P-13
            self.wound(s, i, 1, ev)
            if h.pos < 0:
                return
        tok = s.btokens.pop(q, None)
        if tok is not None:
            self.take_token(s, i, tok, ev)
            if h.pos < 0:
                return
        if g.is_top_row(q) and g.level(q) == s.revealed - 1 and s.revealed < len(s.tiles):
            self.reveal(s, ev)  # P-15
            if s.artifacts:
                self.claim(s, i, "reveal", ev)
        bl = self.boss_level(s)
        everyone = all(
            o.pos == BOSS_FAINT or (o.pos >= 0 and g.level(o.pos) == bl) for o in s.heroes
        )
        if g.level(q) == bl and s.low < bl and everyone:
            while s.low < bl:  # P-25
                self.remove_level(s, g, ev)
        if not portal:
            for kind, p in list(s.enemies):
                a = self.card(s, kind)
                ab = a.ability if isinstance(a, Enemy) else None
                if ab is not None and ab.trigger == "hero_moves_adjacent" and q in g.adj[p]:
                    self.target_effects_strike(s, kind, i, ab.do, ev)
                    if h.pos < 0:
                        return

    def target_effects_strike(
        self, s: S, kind: str, i: int, effects: tuple[Effect, ...], ev: list[Event]
    ) -> None:
        for e in effects:
            if e.strike:
                self.enemy_attack(s, kind, i, ev)
            else:
                self.target_effects(s, i, (e,), ev)

    def reveal(self, s: S, ev: list[Event]) -> None:
        """P-15 (and P-24 for the boss level): tiles face up, enemies, coins and gems."""
        g = self.geo(s)
        lv = s.revealed
        s.revealed += 1
        cells = g.level_cells(lv)
        if lv == self.boss_level(s):
            self.boss_setup(s, g, ev)
            ev.append(Event("reveal", {"level": lv, "tiles": list(s.tiles[lv]), "boss": s.boss}))
            return
        kind = s.level_enemy[lv]
        n = self.enemy_cards[kind].tokens
        for p in cells:
            c = g.cell[p]
            if c == "$":
                s.loot[p] = "coin"
            elif c == "*":
                s.loot[p] = "gem"
            elif c == "E" and n > 0 and not self.occupant(s, p):
                s.enemies.append((kind, p))
                n -= 1
        ev.append(Event("reveal", {"level": lv, "tiles": list(s.tiles[lv]), "enemy": kind}))

    # -------------------------------------------------------------------- boss --
    def boss_setup(self, s: S, g: Geo, ev: list[Event]) -> None:
        boss = self.bosses[s.boss]
        cells = g.level_cells(self.boss_level(s))
        for st in boss.setup:
            if st.place == "boss":
                free = [p for p in cells if g.cell[p] == "B" and not self.occupant(s, p)]
                if free:
                    s.enemies.append((s.boss, free[0]))
            elif st.place == "token" and st.token:
                for p in cells:
                    if g.cell[p] == "!":
                        s.btokens[p] = st.token
            else:
                self.summon(s, g, st.n, ev)
        for p in cells:
            if g.cell[p] in "$*":
                s.loot[p] = "coin" if g.cell[p] == "$" else "gem"

    def summon(self, s: S, g: Geo, n: int, ev: list[Event]) -> None:
        """P-30: skipped when all tokens are out or every formation space is taken."""
        boss = self.bosses[s.boss]
        kind = boss.summon.id
        for _ in range(n):
            out = sum(1 for k, _ in s.enemies if k == kind)
            if out >= boss.summon.tokens:
                return
            free = [
                p
                for p in g.level_cells(self.boss_level(s))
                if g.cell[p] == "E" and not self.occupant(s, p)
            ]
            if not free:
                return
            s.enemies.append((kind, free[0]))
            ev.append(Event("summon", {"enemy": kind, "at": free[0]}))

    def boss_pos(self, s: S) -> int:
        for k, p in s.enemies:
            if k == s.boss:
                return p
        return -1

    def draw_attack(self, s: S) -> str:
        if not s.attack_deck:
            s.attack_deck, s.attack_discard = s.attack_discard, []
            s.rng.shuffle(s.attack_deck, "attack cards")
        return s.attack_deck.pop()

    def boss_turn(self, s: S, ev: list[Event]) -> None:
        """P-28: Medusa draws until the rolled enemy face; Ikee resolves the best of two."""
        if self.boss_pos(s) < 0:
            return
        boss = self.bosses[s.boss]
        resolve: list[str] = []
        if boss.procedure == "until_enemy_die":
            face = s.rng.choice(self.content.dice.enemy, "boss enemy die")
            ev.append(Event("boss_die", {"face": face}))
            for _ in range(40):
                c = self.draw_attack(s)
                s.attack_discard.append(c)
                if self.cards[c].symbol == face:
                    resolve = [c]
                    break
        else:
            a, b = self.draw_attack(s), self.draw_attack(s)
            s.attack_discard += [a, b]
            rolled = [d.upper() for d in s.dice]
            na, nb = rolled.count(self.cards[a].symbol), rolled.count(self.cards[b].symbol)
            if na != nb:
                resolve = [a if na > nb else b]
            else:
                resolve = [a, b]
                s.rng.shuffle(resolve, "tie order")
        for c in resolve:
            ev.append(Event("boss_card", {"card": c}))
            self.resolve_card(s, c, ev)
            if s.phase == "over":
                return

    def in_range(self, s: S, g: Geo, rng: str) -> list[int]:
        bp = self.boss_pos(s)
        bl = self.boss_level(s)
        bx, by = g.xy(bp)
        out = []
        for k, h in enumerate(s.heroes):
            if h.pos < 0 or g.level(h.pos) != bl:
                continue
            x, y = g.xy(h.pos)
            ok = {
                "row": y == by,
                "adjacent": abs(x - bx) + abs(y - by) == 1,
                "surround": max(abs(x - bx), abs(y - by)) == 1,
                "tile": g.tile(h.pos) == g.tile(bp),
                "unlimited": True,
            }[rng]
            if ok:
                out.append(k)
        return out

    def resolve_card(self, s: S, cid: str, ev: list[Event]) -> None:
        card = self.cards[cid]
        g = self.geo(s)
        for e in card.do:
            bp = self.boss_pos(s)
            if bp < 0:
                return
            if e.boss_move:
                self.boss_move(s, g, e.boss_move)
            elif e.summon:
                self.summon(s, g, e.summon, ev)
            elif e.gravity:
                self.gravity(s, ev)
            elif e.enemy_die:
                self.enemy_die(s, e.enemy_die, ev)
            else:
                if e.who == "in_range":
                    who = self.in_range(s, g, card.range)
                elif e.who == "active":
                    who = [s.active]
                else:
                    who = list(range(len(s.heroes)))
                for k in who:
                    if e.shove:
                        self.shove_hero(s, g, k, e.shove)
                    else:
                        self.target_effects(s, k, (e,), ev)
                    if s.phase == "over":
                        return

    def boss_move(self, s: S, g: Geo, how: str) -> None:
        k = next(j for j, (kind, _) in enumerate(s.enemies) if kind == s.boss)
        p = s.enemies[k][1]
        if how == "leap":  # to the free formation space nearest the active hero
            free = [
                q
                for q in g.level_cells(self.boss_level(s))
                if g.cell[q] == "B" and q != p and not self.occupant(s, q)
            ]
            hero = s.heroes[s.active].pos
            if hero >= 0:
                hx, hy = g.xy(hero)
                free.sort(key=lambda q: abs(g.xy(q)[0] - hx) + abs(g.xy(q)[1] - hy))
            q = free[0] if free else -1
        else:
            q = g.side[p][0 if how == "left" else 1]
        if q >= 0 and not self.occupant(s, q):
            s.enemies[k] = (s.boss, q)

    def shove_hero(self, s: S, g: Geo, i: int, n: int) -> None:
        h = s.heroes[i]
        bx = g.xy(self.boss_pos(s))[0]
        d = 0 if g.xy(h.pos)[0] < bx else 1
        for _ in range(n):
            q = g.side[h.pos][d]
            if q < 0 or self.occupant(s, q):
                return
            h.pos = q

    # -------------------------------------------------------------- effect language --
    def run_effects(
        self, s: S, i: int, effects: list[Effect] | tuple[Effect, ...], ev: list[Event]
    ) -> None:
        """Interpret hero-side effects; effects needing a choice become frames on the stack."""
        h = s.heroes[i]
        g = self.geo(s)
        frames: list[tuple[Any, ...]] = []
        for e in effects:
            if e.gain == "coin":
                h.coins += e.n
            elif e.gain == "gem":
                h.gems += e.n
            elif e.gain == "heart":
                h.hearts = min(self.max_hearts(s, i), h.hearts + e.n)
            elif e.lose == "coin":
                h.coins = max(0, h.coins - e.n)
            elif e.lose == "gem":
                h.gems = max(0, h.gems - e.n)
            elif e.wound:
                self.wound(s, i, e.wound, ev)
            elif e.extra_wounds:
                s.bonus += e.extra_wounds
            elif e.move and h.pos >= 0:
                frames.append(("move", e.move))
            elif e.push and h.pos >= 0:
                if e.who == "adjacent_enemies":
                    for kind, p in s.enemies:
                        if p in g.adj[h.pos] and not self.ignores(s, kind, "push"):
                            frames.append(("pdest", p, e.push))
                else:
                    frames.append(("penemy", e.push))
            elif e.symbol:
                if e.symbol == "any":
                    frames.append(("any", "extra"))
                else:
                    s.extra.append(e.symbol)
            elif e.reroll:
                frames.append(("reroll", e.reroll))
            elif e.restore:
                h.exhausted = []
            elif e.set_special:
                if e.set_special == "any":
                    frames.append(("any", "special"))
                else:
                    h.special = e.set_special
            elif e.reset_special:
                h.special = ""
            elif e.draw == "potion" and s.potion_deck:
                h.potions.append(s.potion_deck.pop())
            elif e.draw == "item" and s.item_deck:
                h.items.append(s.item_deck.pop())
            elif e.enemy_die:
                self.enemy_die(s, e.enemy_die, ev)
            elif e.gravity:
                self.gravity(s, ev)
        if s.phase == "act" or s.phase == "special":
            for f in reversed(frames):
                s.stack.append(f)
