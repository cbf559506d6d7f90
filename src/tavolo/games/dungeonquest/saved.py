"""A DungeonQuest state's JSON checked value by value before it is loaded (``from_json``).

``DQState.from_json`` takes what ``to_json`` wrote at its word; data written by hand or
cut short (a tile id no tile has, a tile both on the board and in the pile, a hero on a
square off the board, a seat 5, a text where a number goes) would load and fail later,
inside a rule, as a traceback. Here each value is checked first and the first wrong one is
named in one line (the engine's ``state.value`` message).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence, Sized
from functools import cache
from typing import Any

from pydantic import ValidationError

from tavolo.engine.saved import ValueCheck

from .board import DELTA
from .content import default_content
from .effects import walk
from .options import Options
from .schema import COUNTERS
from .state import Hero

STATUSES = ("in", "escaped", "dead")
PHASES = ("setup", "play", "over")
FLAGS = ("halt", "noesc")
PICKS = ("picktower", "pickring", "pickhero")
CARRIED = ("potion", "ropes", "held", "cards", "treasure")
# Each stack frame's values after its kind, by kind (the tuples rules.py and turn.py
# push): h a hero's seat, p an effect program, n a step in it, m a monster, s a text,
# i a whole number, x a side (0-3), b a passage's barriers (a text, or texts).
SHAPES = {
    **dict.fromkeys(("end", "picktower", "pickring", "pickhero", "cave", "tower"), "h"),
    **dict.fromkeys(("extra", "secret", "out", "breath"), "h"),
    **dict.fromkeys(("dragon", "act"), "hi"),
    **dict.fromkeys(("warn", "spider"), "hs"),
    "start": "his",
    "enter": "hsi",
    "opt": "hpn",
    "cross": "hxsbi",
    "fx": "hpnssi",
    "monster": "hmsiiiiisi",
}
ARITY = {kind: len(shape) + 1 for kind, shape in SHAPES.items()}
# the values a frame's texts and flags take (turn.py), by kind and place
KNOWN: dict[tuple[str, int], tuple[Any, ...]] = {
    ("enter", 2): ("walk", "secret", "driven", "escape"),
    ("cross", 3): ("walk", "secret", "driven"),
    ("monster", 3): ("blind", "bow1", "react", "card", "bow2", "fight", "dead"),
    ("spider", 2): ("ask", "must", "fight", "dead", "gone"),
    ("warn", 2): ("card", "tile"),
    ("fx", 4): ("", "dragon", *default_content().cards),
    **dict.fromkeys((("act", 2), ("dragon", 2), ("enter", 3), ("cross", 5), ("fx", 6)), (0, 1)),
    ("start", 2): (0, 1, 2),
    ("monster", 9): ("", *COUNTERS),  # the monster's counter, once picked (turn.py)
}


@cache
def _known() -> tuple[dict[str, Counter[str]], Counter[int], Counter[str]]:
    """Each deck's cards with their counts, the treasure cup's, the dragon pool's."""
    c = default_content()
    decks = {d: Counter(c.deck_list(d)) for d in (*c.cards, "monster")}
    return decks, Counter(c.treasure_pool()), Counter(c.dragon_pool())


class _Check(ValueCheck):
    def __init__(self, game: str) -> None:
        super().__init__(game)
        b = default_content().board
        self.width, self.height = b.width, b.height

    def square(self, field: str, value: Any, none: bool = False) -> None:
        if value is None and none:
            return
        if (
            not isinstance(value, list)
            or len(value) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in value)
            or not (0 <= value[0] < self.width and 0 <= value[1] < self.height)
        ):
            raise self.fail(field, value)

    def card(self, field: str, value: Any, gp: bool = False) -> None:
        """A held card ``[deck, id]`` (a kept treasure card ``[deck, id, GP]``)."""
        decks = _known()[0]
        n = 3 if gp else 2
        if (
            not isinstance(value, list)
            or len(value) != n
            or not all(isinstance(x, str) for x in value[:2])
            or value[0] not in decks
            or value[1] not in decks[value[0]]
        ):
            raise self.fail(field, value)
        if gp:
            self.whole(field, value[2])


def check_saved(
    game: str,
    data: Mapping[str, Any],
    progs: Sequence[Sized] = (),
    holdable: Collection[str] = (),
) -> None:
    """Raise ``StateError`` naming the first value of a DungeonQuest state's ``data``
    that no ``to_json`` writes; ``progs`` are the game's effect programs (the ones an
    ``fx`` or ``opt`` frame of the stack runs, by number), ``holdable`` the cards a hero
    may hold (``deck:card``)."""
    ck = _Check(game)
    if not isinstance(data, Mapping):
        raise ck.fail("state", data)
    rng = ck.mapping("rng", data["rng"])
    if "script" not in rng:  # (a scenario's scripted chance keeps its own)
        ck.whole("rng.s", rng["s"], 0, 2**64 - 1)
    opts = _options(ck, data["opts"])
    n = _heroes(ck, data["heroes"], opts, holdable)
    _tiles(ck, data["board"], data["pile"], opts)
    _where(ck, data)
    _decks(ck, data["decks"], data["fresh"])
    _, cup, dragon = _known()
    for i, gp in enumerate(ck.listed("cup", data["cup"])):
        if ck.whole(f"cup[{i}]", gp) not in cup:
            raise ck.fail(f"cup[{i}]", gp)
    for key in ("dragon", "dragon_out"):
        for i, c in enumerate(ck.listed(key, data[key])):
            ck.text(f"{key}[{i}]", c, dragon)
    if sorted(data["dragon"] + data["dragon_out"]) != sorted(dragon.elements()):
        raise ck.fail("dragon", data["dragon"])  # a counter twice, or one lost
    for key in ("active", "first"):
        ck.whole(key, data[key], 0, n - 1)
    order = ck.listed("order", data["order"])
    for i, k in enumerate(order):
        ck.whole(f"order[{i}]", k, 0, n - 1)
    if sorted(order) != list(range(n)):
        raise ck.fail("order", order)
    ck.whole("round", data["round"], 1, opts.sun_rounds + 1)
    for key in ("turns", "moves"):
        ck.whole(key, data[key])
    ck.text("phase", data["phase"], PHASES)
    ck.text("reason", data["reason"], ("all out", "sunset") if data["phase"] == "over" else ("",))
    for key in FLAGS:
        ck.flag(key, data[key])
    if data["halt"]:  # (a turn's end unwinds before the next decision)
        raise ck.fail("halt", True)
    for i, f in enumerate(ck.listed("stack", data["stack"])):
        if not isinstance(f, list) or not f or not isinstance(f[0], str):
            raise ck.fail(f"stack[{i}]", f)
        if len(f) != ARITY.get(f[0]):
            raise ck.fail(f"stack[{i}]", f)
        _frame(ck, f"stack[{i}]", f, n, progs)
    _turn(ck, data)
    _escapes(ck, data)
    _carried(ck, data)


def _turn(ck: _Check, data: Mapping[str, Any]) -> None:
    """The stack by phase (rules.py): the setup's picks; in play the active hero's turn,
    its ``end`` frame at the bottom, its start and actions his own; nothing once over."""
    stack, phase, active = data["stack"], data["phase"], data["active"]
    for i, f in enumerate(stack):
        if phase == "setup":  # each seat's tower, ring and hero, each once
            ok = f[0] in PICKS and f not in stack[:i]
        elif phase == "play":
            ok = f[0] not in PICKS and (f[0] == "end") == (i == 0)
            ok = ok and (f[1] == active or f[0] not in ("end", "start", "act"))
        else:
            ok = False
        if not ok:
            raise ck.fail(f"stack[{i}]", f)
    if phase == "play" and not stack:
        raise ck.fail("stack", stack)


def _escapes(ck: _Check, data: Mapping[str, Any]) -> None:
    """A fight a hero may escape from (its frame's no-escape flag, turn.py F_NOESC, unset)
    needs the square he came from on the board to go back to (DQ-13.5, may_escape)."""
    spec = default_content().board
    on_board = {(r[0], r[1]) for r in data["board"]} | set(spec.towers) | set(spec.chamber)
    for f in data["stack"]:
        if f[0] == "monster" and not f[8] & 1:
            prev = data["heroes"][f[1]]["prev"]
            if prev is None or (prev[0], prev[1]) not in on_board:
                raise ck.fail(f"heroes[{f[1]}].prev", prev)


def _frame(ck: _Check, at: str, f: list[Any], n: int, progs: Sequence[Sized]) -> None:
    monsters = _monsters()
    prog = -1
    for j, (kind, v) in enumerate(zip(SHAPES[f[0]], f[1:], strict=True), 1):
        field = f"{at}[{j}]"
        if kind == "h":
            ck.whole(field, v, 0, n - 1)
        elif kind == "p":
            prog = ck.whole(field, v, 0, len(progs) - 1 if progs else None)
        elif kind == "n":
            ck.whole(field, v, 0, len(progs[prog]) if progs else None)
        elif kind == "m":
            ck.text(field, v, monsters)
        elif kind == "s":
            ck.text(field, v)
        elif kind == "i":
            ck.whole(field, v, None)
        elif kind == "x":
            ck.whole(field, v, 0, 3)
        elif not isinstance(v, str) and not (
            isinstance(v, list) and all(isinstance(x, str) for x in v)
        ):
            raise ck.fail(field, v)
        known = KNOWN.get((f[0], j))
        if known is not None and v not in known:
            raise ck.fail(field, v)


@cache
def _causes() -> frozenset[str]:
    """What kills a hero (rules.py, kill and damage): a card, a monster, the dragon, a pit,
    a rotating room, the sunset, a potion, an arrow."""
    c = default_content()
    cards = {card.id for cards in c.cards.values() for card in cards}
    return frozenset(
        {*cards, *_monsters(), "dragon", "pit", "rotating", "sunset", "potion", "arrow"}
    )


@cache
def _monsters() -> frozenset[str]:
    return frozenset(m.id for m in default_content().monsters)


def _options(ck: _Check, data: Any) -> Options:
    ck.mapping("opts", data)
    try:
        return Options(**data)
    except ValidationError as e:
        err = e.errors()[0]
        loc = ".".join(str(x) for x in err["loc"])
        raise ck.fail(f"opts.{loc}", err.get("input")) from None


@cache
def _kept() -> dict[str, frozenset[tuple[Any, ...]]]:
    """The cards a hero keeps: potions and ropes ``(deck, card)``, treasure cards
    ``(deck, card, GP)`` (under any option: the bracelet's GP is one)."""
    out: dict[str, set[tuple[Any, ...]]] = {"potion": set(), "rope": set(), "treasure": set()}
    for deck, cards in default_content().cards.items():
        for card in cards:
            for effects in (card.do, *card.variants.values()):
                for e in walk(effects):
                    if e.keep in ("potion", "rope"):
                        out[e.keep].add((deck, card.id))
                    if e.treasure:
                        out["treasure"].add((deck, card.id, int(e.treasure)))
    return {k: frozenset(v) for k, v in out.items()}


def _heroes(ck: _Check, data: Any, opts: Options, holdable: Collection[str]) -> int:
    heroes = ck.listed("heroes", data)
    if not 1 <= len(heroes) <= 4:
        raise ck.fail("heroes", heroes)
    lives = {h.id: h.life for h in default_content().heroes_in_play(opts)}
    known = {*lives, ""}
    rings = {r.id for r in default_content().rings} | {""}
    seen: set[str] = set()
    for p, h in enumerate(heroes):
        at = f"heroes[{p}]"
        ck.mapping(at, h)
        for key in Hero.__slots__:
            if key not in h:
                raise ck.fail(at, f"no {key}")
        hid = ck.text(f"{at}.id", h["id"], known)
        if hid and hid in seen:  # one hero, two seats
            raise ck.fail(f"{at}.id", hid)
        seen.add(hid)
        life = ck.whole(f"{at}.life", h["life"], None, lives[hid] if hid else 0)
        ck.square(f"{at}.pos", h["pos"], none=True)
        ck.square(f"{at}.prev", h["prev"], none=True)
        ck.whole(f"{at}.entered", h["entered"], -1, 3)
        status = ck.text(f"{at}.status", h["status"], STATUSES)
        if (status == "dead") != (life <= 0) and hid:  # the living and the dead
            raise ck.fail(f"{at}.life", life)
        cause = ck.text(f"{at}.cause", h["cause"], {*_causes(), ""})
        if status == "dead" and not cause:  # (rules.py, kill)
            raise ck.fail(f"{at}.cause", cause)
        ck.text(f"{at}.ring", h["ring"], rings)
        for key in ("ring_used", "moved"):
            ck.flag(f"{at}.{key}", h[key])
        kept = _kept()
        if h["potion"] is not None:
            ck.card(f"{at}.potion", h["potion"])
            if tuple(h["potion"]) not in kept["potion"]:
                raise ck.fail(f"{at}.potion", h["potion"])
        for i, c in enumerate(ck.listed(f"{at}.ropes", h["ropes"])):
            ck.card(f"{at}.ropes[{i}]", c)
            if tuple(c) not in kept["rope"]:
                raise ck.fail(f"{at}.ropes[{i}]", c)
        for i, c in enumerate(ck.listed(f"{at}.held", h["held"])):
            ck.card(f"{at}.held[{i}]", c)
            if holdable and f"{c[0]}:{c[1]}" not in holdable:  # no each-turn effect
                raise ck.fail(f"{at}.held[{i}]", c)
        for i, c in enumerate(ck.listed(f"{at}.cards", h["cards"])):
            ck.card(f"{at}.cards[{i}]", c, gp=True)
            if tuple(c) not in kept["treasure"]:
                raise ck.fail(f"{at}.cards[{i}]", c)
        for i, gp in enumerate(ck.listed(f"{at}.treasure", h["treasure"])):
            if ck.whole(f"{at}.treasure[{i}]", gp) not in _known()[1]:
                raise ck.fail(f"{at}.treasure[{i}]", gp)
        for key in CARRIED:  # the dead are removed with everything they carried (D25)
            if status == "dead" and h[key]:
                raise ck.fail(f"{at}.{key}", h[key])
        ck.whole(f"{at}.lost_turns", h["lost_turns"], 0, opts.sun_rounds)  # (a game's turns)
        twice = opts.search_limit == "two_in_a_row"  # D4: searches in a row on one tile
        ck.whole(f"{at}.searches", h["searches"], 0, 2 if twice else 1)
        for i, sq in enumerate(ck.listed(f"{at}.searched", h["searched"])):
            ck.square(f"{at}.searched[{i}]", sq)
    return len(heroes)


def _where(ck: _Check, data: Mapping[str, Any]) -> None:
    """No tile on a tower or the Treasure Chamber; a hero still in the dungeon stands on
    an explored square, one hero a square but in the Chamber; one out of it (escaped,
    dead) stands nowhere; in play every hero still in stands somewhere."""
    spec = default_content().board
    chamber = set(spec.chamber)
    printed = set(spec.towers) | chamber
    placed = {(row[0], row[1]) for row in data["board"]}
    for i, row in enumerate(data["board"]):
        if (row[0], row[1]) in printed:
            raise ck.fail(f"board[{i}]", row[:2])
    taken: set[tuple[int, int]] = set()
    for p, h in enumerate(data["heroes"]):
        if h["pos"] is None:
            if h["status"] == "in" and data["phase"] == "play":
                raise ck.fail(f"heroes[{p}].pos", None)
            continue
        sq = (h["pos"][0], h["pos"][1])
        if h["status"] != "in" or sq not in printed | placed or sq in taken:
            raise ck.fail(f"heroes[{p}].pos", h["pos"])
        if sq not in chamber:
            taken.add(sq)
        prev = h["prev"]  # the square next to his that he came from (an escape's way)
        if prev is not None and (sq[0] - prev[0], sq[1] - prev[1]) not in DELTA:
            raise ck.fail(f"heroes[{p}].prev", prev)


@cache
def _tiles_in_play(catacombs: bool) -> frozenset[str]:
    return frozenset(t.id for t in default_content().tiles(Options(catacombs_tiles=catacombs)))


def _tiles(ck: _Check, board: Any, pile: Any, opts: Options) -> None:
    """Each tile of the game (Catacombs' only by their option) once, on the board or in
    the pile."""
    tiles = _tiles_in_play(opts.catacombs_tiles)
    squares: set[tuple[int, int]] = set()
    used: set[str] = set()
    for i, row in enumerate(ck.listed("board", board)):
        at = f"board[{i}]"
        if not isinstance(row, list) or len(row) != 5:
            raise ck.fail(at, row)
        ck.square(at, row[:2])
        if (row[0], row[1]) in squares:  # two tiles on one square
            raise ck.fail(at, row[:2])
        squares.add((row[0], row[1]))
        if not isinstance(row[2], str) or row[2] not in tiles or row[2] in used:
            raise ck.fail(f"{at}.tile", row[2])
        used.add(row[2])
        ck.whole(f"{at}.heading", row[3], 0, 3)
        ck.whole(f"{at}.turns", row[4])
    for i, t in enumerate(ck.listed("pile", pile)):
        if not isinstance(t, str) or t not in tiles or t in used:  # unknown, or twice
            raise ck.fail(f"pile[{i}]", t)
        used.add(t)
    if len(used) != len(tiles):
        raise ck.fail("pile", f"no {min(tiles - used)}")


def _decks(ck: _Check, decks: Any, fresh: Any) -> None:
    known = _known()[0]
    _same_keys(ck, "decks", ck.mapping("decks", decks), known)
    for d, cards in decks.items():
        for i, c in enumerate(ck.listed(f"decks.{d}", cards)):
            ck.text(f"decks.{d}[{i}]", c, known[d])
        _counted(ck, f"decks.{d}", cards, known[d])
    _same_keys(ck, "fresh", ck.mapping("fresh", fresh), decks)
    for d, k in fresh.items():
        ck.whole(f"fresh.{d}", k, 0, len(decks[d]))


def _same_keys(ck: _Check, field: str, got: Mapping[str, Any], want: Collection[str]) -> None:
    """``got`` has a key for each of ``want`` ('no X' names the first missing) and no other."""
    for k in want:
        if k not in got:
            raise ck.fail(field, f"no {k}")
    for k in got:
        if k not in want:
            raise ck.fail(field, k)


def _carried(ck: _Check, data: Mapping[str, Any]) -> None:
    """A card or a treasure counter a hero carries is out of its deck or the cup: no
    more of one, counted together, than the game has."""
    decks, cup, _ = _known()
    cards: dict[str, list[str]] = {d: list(c) for d, c in data["decks"].items()}
    gps = list(data["cup"])
    for h in data["heroes"]:
        carried = [h["potion"]] if h["potion"] is not None else []
        for deck, card, *_ in carried + h["ropes"] + h["held"] + h["cards"]:
            cards[deck].append(card)
        gps += h["treasure"]
    for i, f in enumerate(data["stack"]):  # a card drawn and in play (turn.py, h_fx)
        if f[0] == "fx" and f[6]:
            if f[4] not in cards:
                raise ck.fail(f"stack[{i}][4]", f[4])
            if f[5] not in decks[f[4]]:
                raise ck.fail(f"stack[{i}][5]", f[5])
            cards[f[4]].append(f[5])
    for d, c in cards.items():
        _counted(ck, f"decks.{d}", c, decks[d])
    _counted(ck, "cup", gps, cup)


def _counted(ck: _Check, field: str, values: list[Any], pool: Counter[Any]) -> None:
    """No value more often than the game has it (a card, a counter, twice)."""
    for v, k in Counter(values).items():
        if k > pool[v]:
            raise ck.fail(field, v)


def check_loaded(game: str, s: Any, r: Any) -> None:
    """Raise ``StateError`` naming the first value of a state just loaded (``s``, by the
    rules ``r``) that the rules cannot hold: a card frame running a program that is not
    its card's (another card's effect, a table's), a hero with no id in play, or a
    position the rules never leave between two decisions (a frame on top that does not
    wait, a decision with nothing to choose)."""
    ck = _Check(game)
    for i, f in enumerate(s.stack):
        if f[0] == "fx" and f[2] not in _programs(s, r, f[4], f[5], f[6]):
            raise ck.fail(f"stack[{i}][2]", f[2])
        if f[0] == "opt":  # an optional effect its card frame below has just reached
            below: tuple[Any, ...] = s.stack[i - 1] if i else ("",)
            if below[:1] != ("fx",) or (below[2], below[3]) != (f[2], f[3] + 1):
                raise ck.fail(f"stack[{i}]", list(f))
            if not r.progs[f[2]][f[3]].optional:
                raise ck.fail(f"stack[{i}][3]", f[3])
    picking = {f[1] for f in s.stack if f[0] == "pickhero"}
    placing = {f[1] for f in s.stack if f[0] == "picktower"}
    for p, h in enumerate(s.heroes):
        if (h.id == "") != (p in picking):  # a seat picks its hero at the setup
            raise ck.fail(f"heroes[{p}].id", h.id)
        if s.phase == "setup" and (h.pos is None) != (p in placing):  # and his tower
            raise ck.fail(f"heroes[{p}].pos", h.pos)
    t = s.clone()
    before = t.to_json()
    try:
        r.run(t, [])
        d = r._decide(t)
    except (LookupError, ValueError, TypeError, AssertionError):
        d, before = None, {}
    if t.to_json() != before or (d is None) != (s.phase == "over") or (d and not d.actions):
        if s.stack:
            raise ck.fail(f"stack[{len(s.stack) - 1}]", list(s.stack[-1]))
        raise ck.fail("stack", [])


def _programs(s: Any, r: Any, deck: str, card: str, owns: int) -> frozenset[int]:
    """The programs a card frame may run: its card's (drawn: its own; held: its each-turn
    effect; and either's branches), the dragon's, a table's (potion, bow), a monster's;
    any when the frame names nothing (a table consulted, a branch of another frame)."""
    if deck == "dragon":
        roots = [r.card_prog_dragon(s, "awake")] if card == "dragon" else []
    elif deck:
        c = r.cards.get((deck, card))
        if c is None:
            return frozenset()
        roots = [r.card_prog(s, deck, card)]
        if not owns and c.each_turn:
            roots.append(r._prog_id[id(c.each_turn)])
    elif owns:
        return frozenset()
    elif card in ("potion", "arrow"):
        roots = [r.table_prog["potion" if card == "potion" else "bow"]]
    elif card in r.monsters:  # (the Giant Spider's flee and fight, turn.py)
        m = r.monsters[card]
        roots = [r._prog_id[id(m.flee)], r._prog_id[id(m.fight)]]
    elif card:
        return frozenset()
    else:
        return frozenset(range(len(r.progs)))
    return _below(r, tuple(roots))


_KIDS: dict[int, dict[int, list[int]]] = {}


def _below(r: Any, roots: tuple[int, ...]) -> frozenset[int]:
    """``roots`` and every branch under them."""
    kids = _KIDS.get(id(r))
    if kids is None:
        kids = _KIDS[id(r)] = {}
        for (n, _, _), sub in r.branch.items():
            kids.setdefault(n, []).append(sub)
    out, todo = set(roots), list(roots)
    while todo:
        for sub in kids.get(todo.pop(), ()):
            if sub not in out:
                out.add(sub)
                todo.append(sub)
    return frozenset(out)
