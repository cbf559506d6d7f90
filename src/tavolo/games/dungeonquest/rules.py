"""DungeonQuest's rules engine: set-up, the sun, the turn, tiles, cards and the effect language.

Every resolution is a stack of plain tuples ``(kind, hero, *args)`` on ``state.stack``;
``resolve`` runs the top frame until one waits for a decision. Frames:

* ``pickhero``/``pickring``/``picktower`` set-up choices (DQ-4, D14);
* ``end`` the bottom of a hero's turn; ``start`` the start-of-turn effects (DQ-5);
* ``act`` the one action: ``move:N|E|S|W``, ``search``, ``wait``, ``potion``, ``ring``,
  ``leave`` (a tower, D2), ``stay`` (the Treasure Chamber);
* ``cross`` a crossing with its barriers (doors D23, portcullis D22, Ring of Opening);
* ``enter`` what the tile entered does (DQ-9); ``extra`` a corridor's or tower's extra move;
* ``fx`` an effect list being interpreted: ``(fx, hero, prog, index, deck, card, owns)``;
  ``opt`` an optional effect (``yes``/``no``); ``warn`` the Ring of Warning; ``secret`` a
  secret door (D17); ``cave`` a Cave-In tile's later turns;
* ``monster`` an encounter (DQ-13); ``spider`` the Giant Spider (DQ-12);
* ``dragon``, ``wrath``, ``out`` the Treasure Chamber (DQ-11); ``breath`` the dragon's
  breath again for a hero driven out who failed a door or portcullis.

A turn ends when the stack is back at its ``end`` frame; an effect that ends the turn
(``end_turn``, death) sets ``halt`` and the stack unwinds, every card in play going back
under its deck (DQ-1 deck discipline).

Rulings where the sources are silent (also in ``help``): the called numbers of a call are
1..n (the odds are the same); a hero driven out by the dragon draws no Room card where
he lands (each door or portcullis failed on the way costs another breath, D11); the rope
is kept after use; the ``ai`` monster policy picks at random like ``random``; a hero may
take at most ``EXTRA_CAP`` extra moves a turn; leaving through a tower needs the hero to
have left his starting tower first.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from pydantic import ValidationError

from tavolo.engine import RNG, Config, ConfigError, Event, Game
from tavolo.engine.rng import ScriptedRNG

from .board import DELTA, DOOR, OPEN, PORTCULLIS, WALL, Placed, Tile
from .content import CARD_DECKS, default_content
from .dice import Dice
from .effects import Effect
from .options import Options
from .state import DQState, Hero
from .text import MSG

S = DQState
Square = tuple[int, int]
SIDE = "NESW"
EXTRA_CAP = 8
MODES = ("standard",)


class DQRules(Game):
    name = "dungeonquest"
    RULES_VERSION = "1.0"
    titles: ClassVar[Mapping[str, str]] = {"en": "DungeonQuest", "it": "DungeonQuest"}
    min_players = 1
    max_players = 4
    modes = MODES
    conformance_playouts = 100
    handlers: ClassVar[dict[str, Callable[..., bool]]] = {}
    conformance_max_decisions = 20_000

    def __init__(self) -> None:
        c = self.c = default_content()
        self.heroes = {h.id: h for h in c.heroes}
        self.monsters = {m.id: m for m in c.monsters}
        self.kinds = {k.id: k for k in c.kinds}
        self.rings = {r.id: r for r in c.rings}
        self.spec = c.board
        self.printed: dict[Square, str] = {sq: "tower" for sq in c.board.towers}
        self.printed.update({sq: "chamber" for sq in c.board.chamber})
        self.w, self.h = c.board.width, c.board.height
        self.nbr: dict[Square, tuple[Square | None, ...]] = {}
        for x in range(self.w):
            for y in range(self.h):
                self.nbr[x, y] = tuple(
                    (x + dx, y + dy) if self.inside((x + dx, y + dy)) else None for dx, dy in DELTA
                )
        self.printed_edges = {
            sq: "".join(OPEN if n is not None else WALL for n in self.nbr[sq])
            for sq in self.printed
        }
        self._edges: dict[tuple[str, int], str] = {}
        self.progs: list[tuple[Effect, ...]] = []
        self.verbs: list[tuple[str, ...]] = []  # each program's verbs (a verb is a search)
        self._prog_id: dict[int, int] = {}
        self.branch: dict[tuple[int, int, str], int] = {}
        self.cards: dict[tuple[str, str], Any] = {}
        for deck in CARD_DECKS:
            for card in c.cards[deck]:
                self.cards[deck, card.id] = card
                self._reg(card.do)
                self._reg(card.each_turn)
                for v in card.variants.values():
                    self._reg(v)
        for d in c.dragon:
            self.cards["dragon", d.id] = d
            self._reg(d.do)
            for v in d.variants.values():
                self._reg(v)
        for m in c.monsters:
            self._reg(m.flee)
            self._reg(m.fight)
        self.table_prog: dict[str, int] = {t.id: self._reg(t.do) for t in c.tables}
        self.mcards = {m.id: m for m in c.monster_cards}
        self.warn_cards = set(self.rings["warning"].covers)
        self._card_prog: dict[int, tuple[Options, dict[tuple[str, str], int]]] = {}
        self.deck_ids = {d: self.c.deck_list(d) for d in (*CARD_DECKS, "monster")}
        self.cup = self.c.treasure_pool()
        self.dragon_pool = self.c.dragon_pool()
        self._tile_ids = {
            x: tuple(t.id for t in c.tiles(Options(catacombs_tiles=x))) for x in (False, True)
        }

    def tile_ids(self, catacombs: bool) -> tuple[str, ...]:
        return self._tile_ids[catacombs]

    # ------------------------------------------------------------- effect programs --
    def _reg(self, effects: tuple[Effect, ...]) -> int:
        """Number an effect list and its branches (frames hold these ints, not objects)."""
        got = self._prog_id.get(id(effects))
        if got is not None:
            return got
        n = len(self.progs)
        self.progs.append(effects)
        self.verbs.append(tuple(e.verb for e in effects))
        self._prog_id[id(effects)] = n
        for i, e in enumerate(effects):
            for name, sub in e.branches():
                self.branch[n, i, name] = self._reg(sub)
        return n

    def card_prog(self, s: S, deck: str, card_id: str) -> int:
        """The program of a card under the game's options (variants), cached per options
        object (held by the cache, so its id stays its own)."""
        cached = self._card_prog.get(id(s.opts))
        if cached is None or cached[0] is not s.opts:
            cached = self._card_prog[id(s.opts)] = (s.opts, {})
        got = cached[1].get((deck, card_id))
        if got is None:
            effects = self.c.effects(self.cards[deck, card_id], s.opts)
            got = cached[1][deck, card_id] = self._prog_id[id(effects)]
        return got

    # ---------------------------------------------------------------- configuration --
    def check_options(self, mode: str, options: Mapping[str, Any]) -> Mapping[str, Any]:
        out: dict[str, Any] = {}
        fields = Options.model_fields
        for k, v in options.items():
            if k == "heroes":
                ids = [x for x in str(v).split(",") if x]
                bad = [x for x in ids if x not in self.heroes]
                if bad:
                    raise ConfigError.said(
                        MSG, "error.hero", hero=bad[0], known=", ".join(self.heroes)
                    )
                out[k] = ",".join(ids)
                continue
            if k not in fields:
                raise ConfigError.said(
                    MSG, "error.option", option=k, known=", ".join(("heroes", *fields))
                )
            if isinstance(v, str) and v in ("true", "false"):
                v = v == "true"
            if isinstance(v, str) and v.isdigit() and k in ("sun_rounds", "solo_target"):
                v = int(v)
            try:
                Options(**{k: v})
            except ValidationError as e:  # pydantic's own words for the value, in English
                problem = e.errors()[0]["msg"]
                raise ConfigError.said(
                    MSG, "error.option_value", option=k, problem=problem
                ) from None
            out[k] = v
        self.check_expansion(str(out.get("heroes", "")), out.get("expansion_heroes") is True)
        return out

    def make_config(
        self, players: int | None = None, mode: str | None = None, **options: Any
    ) -> Config:
        """A hero named for each player at the most (the heroes past them were dropped)."""
        config = super().make_config(players, mode, **options)
        named = [x for x in str(config.options.get("heroes", "")).split(",") if x]
        if len(named) > config.players:
            raise ConfigError.said(MSG, "error.heroes_count", n=len(named), players=config.players)
        return config

    def check_expansion(self, heroes: str, expansion: bool) -> None:
        """The expansion's heroes only with its option (``expansion_heroes=true``)."""
        extra = [x for x in heroes.split(",") if x in self.heroes and self.heroes[x].expansion]
        if extra and not expansion:
            raise ConfigError.said(MSG, "error.hero_expansion", hero=extra[0])

    # ------------------------------------------------------------------------ set-up --
    def new(self, config: Config, seed: int) -> S:
        """DQ-4: first player by dice, heroes and rings chosen in turn order, decks shuffled."""
        rng = RNG(seed)
        s = DQState(rng)
        opts = dict(config.options)
        chosen = [x for x in str(opts.pop("heroes", "")).split(",") if x]
        s.opts = Options(**opts)
        n = config.players
        s.heroes = []
        for k in range(n):
            hid = chosen[k] if k < len(chosen) else ""
            s.heroes.append(Hero(hid, self.heroes[hid].life if hid else 0))
        s.pile = list(self.tile_ids(s.opts.catacombs_tiles))  # drawn at random: no shuffle
        s.board = {}
        s.decks = {d: list(ids) for d, ids in self.deck_ids.items()}
        s.fresh = {d: len(ids) for d, ids in self.deck_ids.items()}
        s.cup = list(self.cup)
        s.dragon = list(self.dragon_pool)
        s.dragon_out = []
        s.first = rng.below(n) if n > 1 else 0
        s.order = [(s.first + i) % n for i in range(n)]
        s.active = s.first
        s.round, s.turns, s.phase, s.reason = 1, 0, "setup", ""
        s.halt, s.moves, s.noesc = False, 0, False
        s.stack = []
        for k in reversed(s.order):
            s.stack.append(("picktower", k))
        if s.opts.ring_choice == "choose":
            for k in reversed(s.order):
                s.stack.append(("pickring", k))
        for k in reversed(s.order):
            if not s.heroes[k].id:
                s.stack.append(("pickhero", k))
        if s.opts.ring_choice == "random":
            rings = list(self.rings)
            for k in s.order:
                s.heroes[k].ring = rng.draw(rings, "ring") if rings else ""
        self.run(s, [])
        return s

    # ----------------------------------------------------------------- the resolver --
    def run(self, s: S, ev: list[Event]) -> None:
        """Run frames until one waits for a decision or the game is over."""
        handlers = self.handlers
        stack = s.stack
        while True:
            if s.halt:
                self.unwind(s)
            if not stack:
                if s.phase == "over":
                    return
                if s.phase == "setup":
                    self.begin_play(s, ev)
                    continue
                return
            top = stack[-1]
            if handlers[top[0]](self, s, top, ev):
                return

    def unwind(self, s: S) -> None:
        """End the turn now: pop to the ``end`` frame, cards in play back under their decks.
        A hero who failed to get through a door or portcullis out of the Treasure Chamber
        stays and draws a Dragon counter, with no treasure (D11)."""
        stack = s.stack
        stuck = -1
        while stack and stack[-1][0] != "end":
            f = stack.pop()
            if f[0] == "fx" and f[6]:
                s.decks[f[4]].insert(0, f[5])
            elif f[0] == "cross" and f[3] != "driven":
                h = s.heroes[f[1]]
                if h.status == "in" and self.printed.get(h.pos or (-1, -1)) == "chamber":
                    stuck = f[1]
        s.halt = False
        if stuck >= 0 and stack:
            stack.append(("dragon", stuck, 0))

    def begin_play(self, s: S, ev: list[Event]) -> None:
        s.phase = "play"
        ev.append(Event("sun_moves", {"round": 1, "rounds": s.opts.sun_rounds}))
        self.begin_turn(s, s.order[0])

    def begin_turn(self, s: S, k: int) -> None:
        s.active = k
        s.moves, s.noesc = 0, False
        s.stack.append(("end", k))
        s.stack.append(("start", k, 0, ""))

    # ------------------------------------------------------------------- squares --
    def inside(self, sq: Square) -> bool:
        return 0 <= sq[0] < self.w and 0 <= sq[1] < self.h

    def edges(self, s: S, sq: Square) -> str | None:
        """What the square shows on its sides N, E, S, W (O/W/D/P), None if empty.
        Cached per tile and facing: the hottest question of a playout."""
        e = self.printed_edges.get(sq)
        if e is not None:
            return e
        p = s.board.get(sq)
        if p is None:
            return None
        key = (p.tile.id, p.facing)
        e = self._edges.get(key)
        if e is None:
            e = self._edges[key] = "".join(p.edges())
        return e

    def edge(self, s: S, sq: Square, side: int) -> str | None:
        e = self.edges(s, sq)
        return None if e is None else e[side]

    def passage(self, s: S, sq: Square, side: int, secret: bool = False) -> str | None:
        """None if blocked, else the barriers (``D``, ``P``) in order, "" when open."""
        to = self.nbr[sq][side]
        if to is None:
            return None
        mine_all = self.edges(s, sq)
        mine = None if mine_all is None else mine_all[side]
        theirs_all = self.edges(s, to)
        theirs = None if theirs_all is None else theirs_all[(side + 2) % 4]
        if not secret and (mine is None or mine == WALL or theirs == WALL):
            return None
        out = ""
        if mine in (DOOR, PORTCULLIS):
            out = mine
        if theirs in (DOOR, PORTCULLIS):
            out += theirs
        return out

    def occupied(self, s: S, sq: Square, me: int) -> bool:
        if self.printed.get(sq) == "chamber":
            return False
        return any(k != me and h.pos == sq for k, h in enumerate(s.heroes))

    def kind_at(self, s: S, sq: Square | None) -> str:
        if sq is None:
            return ""
        p = self.printed.get(sq)
        if p:
            return p
        placed = s.board.get(sq)
        return placed.tile.kind if placed else ""

    def exits(self, s: S, k: int, secret: bool = False, leaving_chamber: bool = False) -> list[int]:
        """Sides hero ``k`` may try to leave by (D26, D18 tile shortage, the chasm D16)."""
        h = s.heroes[k]
        sq = h.pos
        assert sq is not None
        allowed: tuple[int, ...] = (0, 1, 2, 3)
        placed = s.board.get(sq)
        if placed is not None and placed.tile.kind == "chasm" and not secret:
            half = placed.chasm_sides()
            assert half is not None
            allowed = half if h.entered in half else tuple(x for x in range(4) if x not in half)
        out = []
        mine = self.edges(s, sq)
        assert mine is not None
        nbr = self.nbr[sq]
        multi = len(s.heroes) > 1
        for side in allowed:
            to = nbr[side]
            if to is None:
                continue
            if not secret:
                if mine[side] == WALL:
                    continue
                theirs = self.edges(s, to)
                if theirs is not None and theirs[(side + 2) % 4] == WALL:
                    continue
            if multi and self.occupied(s, to, k):
                continue
            if leaving_chamber and self.printed.get(to) == "chamber":
                continue
            if to not in s.board and to not in self.printed and not s.pile:
                continue  # D18: no tiles left, unexplored squares are impassable
            out.append(side)
        return out

    # --------------------------------------------------------------------- chance --
    def roll(self, s: S, k: int, dice: Dice, why: str, ev: list[Event]) -> int:
        """Roll a dice amount for hero ``k``; below 0 counts as 0."""
        if dice.n == 0:
            return max(0, dice.mod)
        raw = [s.rng.roll(dice.sides, why) for _ in range(dice.n)]
        total = sum(raw)
        if dice.half:
            total //= 2
        total += dice.mod
        if dice.attr:
            total -= getattr(self.heroes[s.heroes[k].id], dice.attr)
        total = max(0, total)
        ev.append(
            Event("rolled", {"hero": k, "dice": str(dice), "raw": raw, "result": total, "why": why})
        )
        return total

    def draw(self, s: S, pile: list[Any], label: str, fresh: int | None = None) -> Any:
        """The top card of a pile whose top ``fresh`` cards are unseen and in no order
        (a shuffle done lazily, one card at a time: the same odds, far fewer calls), or
        the scripted card of a scenario. ``fresh`` None: the whole pile is unseen."""
        rng = s.rng
        if type(rng) is ScriptedRNG and any("draw" in e for e in rng.script):
            card = rng.draw(pile, label)
            if fresh is not None:
                s.fresh[label] = min(fresh, len(pile))
            return card
        n = len(pile) if fresh is None else fresh
        if n > 1:
            i = len(pile) - 1 - rng.below(n)
            pile[i], pile[-1] = pile[-1], pile[i]
        if fresh:
            s.fresh[label] = fresh - 1
        return pile.pop()

    def draw_deck(self, s: S, deck: str) -> str:
        return str(self.draw(s, s.decks[deck], deck, s.fresh[deck]))

    def test(self, s: S, k: int, attr: str, why: str, ev: list[Event]) -> bool:
        """An attribute test: D12 <= the attribute."""
        r = s.rng.roll(12, why)
        need = int(getattr(self.heroes[s.heroes[k].id], attr))
        ok = r <= need
        ev.append(
            Event(
                "test_passed" if ok else "test_failed",
                {"hero": k, "attr": attr, "result": r, "need": need, "why": why},
            )
        )
        return ok

    # ----------------------------------------------------------------- life and death --
    def damage(self, s: S, k: int, n: int, cause: str, ev: list[Event]) -> None:
        h = s.heroes[k]
        if n <= 0 or h.status != "in":
            return
        h.life -= n
        ev.append(Event("life_lost", {"hero": k, "n": n, "left": max(0, h.life), "why": cause}))
        if h.life <= 0:
            self.kill(s, k, cause, ev)

    def heal(self, s: S, k: int, n: int, ev: list[Event]) -> None:
        h = s.heroes[k]
        top = self.heroes[h.id].life
        gain = max(0, min(n, top - h.life))
        h.life += gain
        ev.append(Event("life_gained", {"hero": k, "n": gain, "left": h.life}))

    def kill(self, s: S, k: int, cause: str, ev: list[Event]) -> None:
        """D25: a dead hero is removed with everything he carried."""
        h = s.heroes[k]
        if h.status != "in":
            return
        h.status, h.cause, h.life = "dead", cause, min(h.life, 0)
        h.pos = None
        for deck, card in h.held:
            s.decks[deck if deck in s.decks else "room"].insert(0, card)
        h.held = []
        h.potion, h.ropes, h.cards, h.treasure = None, [], [], []
        ev.append(Event("hero_died", {"hero": k, "cause": cause}))
        if k == s.active:
            s.halt = True
        self.check_over(s, ev)

    def escape(self, s: S, k: int, ev: list[Event]) -> None:
        h = s.heroes[k]
        h.status, h.pos = "escaped", None
        for deck, card in h.held:
            s.decks[deck].insert(0, card)
        h.held = []
        ev.append(Event("hero_escaped", {"hero": k, "gp": h.gp}))
        if k == s.active:
            s.halt = True
        self.check_over(s, ev)

    def check_over(self, s: S, ev: list[Event]) -> None:
        if s.phase != "over" and all(h.status != "in" for h in s.heroes):
            s.phase = "over"
            s.reason = "all out"
            self.clear_stack(s)

    def clear_stack(self, s: S) -> None:
        """Drop the resolution in progress; the cards in play still go back under their
        decks (DQ-1 deck discipline), so a finished game holds every card."""
        for f in s.stack:
            if f[0] == "fx" and f[6]:
                s.decks[f[4]].insert(0, f[5])
        s.stack.clear()
        s.halt = False

    def sunset(self, s: S, ev: list[Event]) -> None:
        """DQ-3/D1: after round ``sun_rounds`` the sun sets; D2: a tower counts as out."""
        ev.append(Event("sunset", {}))
        for k, h in enumerate(s.heroes):
            if h.status == "in":
                if self.printed.get(h.pos or (-1, -1)) == "tower" and h.moved:
                    self.escape(s, k, ev)
                else:
                    self.kill(s, k, "sunset", ev)
        s.phase, s.reason = "over", "sunset"
        self.clear_stack(s)

    def next_turn(self, s: S, k: int, ev: list[Event]) -> None:
        """The next hero in the dungeon; a new round when the first player's turn comes."""
        if s.phase == "over":
            return
        n = len(s.order)
        pos = s.order.index(k)
        for step in range(1, n + 1):
            q = (pos + step) % n
            j = s.order[q]
            if s.heroes[j].status == "in":
                if pos + step >= n:  # wrapped round the table: a new round
                    s.round += 1
                    if s.round > s.opts.sun_rounds:
                        self.sunset(s, ev)
                        return
                    ev.append(Event("sun_moves", {"round": s.round, "rounds": s.opts.sun_rounds}))
                s.turns += 1
                self.begin_turn(s, j)
                return
        self.check_over(s, ev)

    # ----------------------------------------------------------------- cards --
    def draw_card(self, s: S, k: int, deck: str, ev: list[Event]) -> None:
        """Draw a card and put its effects on the stack (the Ring of Warning may cancel)."""
        card = self.draw_deck(s, deck)
        ev.append(Event("card_drawn", {"hero": k, "deck": deck, "card": card}))
        s.stack.append(("fx", k, self.card_prog(s, deck, card), 0, deck, card, 1))
        h = s.heroes[k]
        if (
            deck in ("room", "trap")
            and card in self.warn_cards
            and h.ring == "warning"
            and not h.ring_used
        ):
            s.stack.append(("warn", k, "card"))

    def back_under(self, s: S, deck: str, card: str) -> None:
        s.decks[deck].insert(0, card)

    def mark_kept(self, s: S) -> tuple[str, str]:
        """The card in play (the nearest owning ``fx`` frame) stays with the hero."""
        for i in range(len(s.stack) - 1, -1, -1):
            f = s.stack[i]
            if f[0] == "fx" and f[6]:
                s.stack[i] = (*f[:6], 0)
                return f[4], f[5]
        return "", ""

    def card_in_play(self, s: S) -> tuple[str, str]:
        for i in range(len(s.stack) - 1, -1, -1):
            f = s.stack[i]
            if f[0] == "fx" and (f[4] or f[5]):
                return f[4], f[5]
        return "", ""

    # ---------------------------------------------------------- tiles and moving --
    def lay_tile(self, s: S, k: int, to: Square, side: int, ev: list[Event]) -> Placed:
        tile_id = self.draw(s, s.pile, "tile")
        tile: Tile = self.tile_by_id[tile_id]
        p = Placed(tile, side)
        s.board[to] = p
        ev.append(
            Event(
                "tile_placed",
                {
                    "hero": k,
                    "tile": tile_id,
                    "tile_kind": tile.kind,
                    "square": list(to),
                    "heading": side,
                },
            )
        )
        return p

    @property
    def tile_by_id(self) -> dict[str, Tile]:
        from .state import all_tiles

        return all_tiles()

    def step_into(self, s: S, k: int, side: int, mode: str, ev: list[Event]) -> None:
        """Move hero ``k`` over ``side`` (barriers already crossed), laying a tile if the
        square is empty, then resolve what he entered."""
        h = s.heroes[k]
        sq = h.pos
        assert sq is not None
        d = DELTA[side]
        to = (sq[0] + d[0], sq[1] + d[1])
        new = to not in s.board and to not in self.printed
        if new:
            self.lay_tile(s, k, to, side, ev)
        h.prev, h.pos, h.entered = sq, to, (side + 2) % 4
        h.searches, h.moved = 0, True
        ev.append(Event("moved", {"hero": k, "square": list(to), "side": SIDE[side]}))
        s.stack.append(("enter", k, mode, int(new)))

    def go_back(self, s: S, k: int, ev: list[Event]) -> None:
        """An escape (DQ-13.5): back to the square he came from, no cards drawn there."""
        h = s.heroes[k]
        if h.prev is None or h.pos is None:
            return
        back, here = h.prev, h.pos
        if self.occupied(s, back, k):
            return
        dx, dy = here[0] - back[0], here[1] - back[1]
        side = DELTA.index((dx, dy))  # the way he had come in
        h.prev, h.pos, h.entered = here, back, side
        h.searches = 0
        ev.append(Event("escaped_monster", {"hero": k, "square": list(back)}))
        s.stack.append(("enter", k, "escape", 0))

    def rotate_corridors(self, s: S, how: str, ev: list[Event]) -> None:
        q = {"left": -1, "half": 2, "right": 1}[how]
        for sq, p in list(s.board.items()):
            if p.tile.kind == "corridor":
                s.board[sq] = p.turned(q)
        ev.append(Event("corridors_rotated", {"how": how}))
