"""A TOS state's JSON checked value by value before it is loaded (``from_json``).

``TosState.from_json`` takes what ``to_json`` wrote at its word; data written by hand or
cut short (a card 12, a card twice in the piles, a level 'x', an enemy index past the
fights, a mode no game has) would load and fail later, inside a rule, as a traceback.
Here each value is checked first and the first wrong one is named in one line:
:func:`check_saved` the values one by one, then :func:`check_loaded` what needs the hero's
cards and the adventure (a step's card, ability and line, a reading's place, the pawn's
room) and whether the position is one the rules leave between two decisions.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from tavolo.engine.errors import TavoloError
from tavolo.engine.saved import ValueCheck

from . import generator
from .rules import MAX_LEVEL, MAX_RESTARTS, MAX_TURNS, bar_boxes
from .schema import CLASSES, Enemy

if TYPE_CHECKING:
    from .rules import TosRules
    from .state import TosState

PILES = ("hand", "discard", "removed", "column", "charge", "infuse", "strain")
PHASES = ("open", "plan", "exhaust", "over", "explore")  # (as a game leaves them)
ADVENTURES = ("world", "dungeon")
REASONS = ("won", "exhausted", "lost", "defeated")
# the phase each step of a fight waits in (the adventure's steps: explore)
PHASE_OF = {
    **dict.fromkeys(("ability", "take_back"), "plan"),
    **dict.fromkeys(("exhaust", "execute", "damage", "restore", "dmove"), "exhaust"),
}
BELOW = ("read", "move_discard", "choice")  # the adventure's steps, from the bottom
ON_READ = ("line_may", "card")
CARD_KINDS = (
    *("heal", "shop", "swap", "recover", "weakness", "banner_challenge", "camp"),
    *("stop_fight", "ritual", "sacrifice", "loot", "hostage", "observatory", "curse"),
    *("migration", "gambling", "forge", "pick"),
)
SNAPSHOT = ("hand", "attack", "defense", "mana", "ticks")
ELEMENTS = ("fire", "water", "earth", "air")
# each step's values after its kind: c a hero card, n a whole number, r a line's ref
# ("source|branch|index"), t a text; "card" steps take a stage and the choices after it
STEPS = {
    "ability": "cnnnn",
    "take_back": "n",
    "exhaust": "c",
    "execute": "",
    "damage": "n",
    "restore": "",
    "read": "",
    "line_may": "r",
    "card": "rn",
    "move_discard": "t",
    "choice": "n",
    "dmove": "",
}


class _Check(ValueCheck):
    def get(self, field: str, data: Mapping[str, Any], key: str) -> Any:
        if key not in data:  # the engine's one line for a missing key
            raise KeyError(key)
        return data[key]

    def counts(self, field: str, value: Any) -> None:
        for k, v in self.mapping(field, value).items():
            self.whole(f"{field}[{k!r}]", v)

    def cards(self, field: str, value: Any, last: int) -> list[int]:
        return [
            self.whole(f"{field}[{i}]", c, 1, last) for i, c in enumerate(self.listed(field, value))
        ]


def check_saved(
    game: str,
    data: Mapping[str, Any],
    modes: Collection[str],
    heroes: Collection[str],
    steps_known: Collection[str],
) -> None:
    """Raise ``StateError`` naming the first value of ``data`` that no ``to_json`` writes:
    ``modes`` the game's modes, ``heroes`` the hero files, ``steps`` the step kinds."""
    ck = _Check(game)
    if not isinstance(data, Mapping):
        raise ck.fail("state", data)
    d = data
    ck.mapping("rng", ck.get("rng", d, "rng"))
    mode = ck.one_of("mode", ck.get("mode", d, "mode"), modes)
    _hero(ck, ck.get("hero", d, "hero"), heroes)
    a = d.get("adventure")
    if (a is None) == (mode in ADVENTURES):
        raise ck.fail("adventure", a)
    extra = 0
    if a is not None:
        a = ck.mapping("adventure", a)
        extra = ck.whole("adventure.extra", ck.get("adventure.extra", a, "extra"), 0, 8)
    owned = 8 + bool(extra)
    up = ck.listed("up", ck.get("up", d, "up"), owned)
    for i, u in enumerate(up):
        ck.whole(f"up[{i}]", u, 0, 1)
    seen: set[int] = set()
    for pile in PILES:
        for i, c in enumerate(ck.cards(pile, ck.get(pile, d, pile), owned)):
            if c in seen:
                raise ck.fail(f"{pile}[{i}]", c)
            seen.add(c)
    steps = ck.listed("steps", ck.get("steps", d, "steps"))
    for i, st in enumerate(steps):
        _step(ck, f"steps[{i}]", st, steps_known, owned)
        if st[0] == "exhaust":  # a card waiting for its exhaust cost lies in no pile
            if st[1] in seen:
                raise ck.fail(f"steps[{i}][1]", st[1])
            seen.add(st[1])
    if len(seen) != owned:  # every hero card somewhere (T-1)
        raise ck.fail("piles", f"no {min(set(range(1, owned + 1)) - seen)}")
    ck.whole("unknown", ck.get("unknown", d, "unknown"), 0, len(d["discard"]))
    for key in ("attack", "defense", "mana", "fight"):
        ck.whole(key, ck.get(key, d, key))
    ck.whole("restarts", ck.get("restarts", d, "restarts"), 0, MAX_RESTARTS)
    ck.whole("turn", ck.get("turn", d, "turn"), 0, MAX_TURNS)
    ck.whole("level", ck.get("level", d, "level"), 1, MAX_LEVEL)
    act = ck.get("act", d, "act")
    if act is not None:
        for i, x in enumerate(ck.listed("act", act, 2)):
            ck.whole(f"act[{i}]", x)
    for i, pair in enumerate(ck.listed("activated", ck.get("activated", d, "activated"))):
        card, index = ck.listed(f"activated[{i}]", pair, 2)
        ck.whole(f"activated[{i}][0]", card, 1, owned)
        ck.whole(f"activated[{i}][1]", index)
    _flags(ck, ck.get("flags", d, "flags"), owned)
    snap = ck.get("snapshot", d, "snapshot")
    if snap is not None:
        snap = ck.mapping("snapshot", snap)
        if set(snap) != set(SNAPSHOT):
            raise ck.fail("snapshot", dict(snap))
        hand = ck.cards("snapshot.hand", snap["hand"], owned)
        if len(set(hand)) != len(hand):
            raise ck.fail("snapshot.hand", hand)
        for key in ("attack", "defense", "mana"):
            ck.whole(f"snapshot.{key}", snap[key])
        ck.counts("snapshot.ticks", snap["ticks"])
    ck.counts("ticks", ck.get("ticks", d, "ticks"))
    fights = ck.listed("fights", ck.get("fights", d, "fights"))
    for i, e in enumerate(fights):
        try:
            Enemy.model_validate(e)
        except ValidationError:
            raise ck.fail(f"fights[{i}]", e) from None
    ck.whole("enemy_index", ck.get("enemy_index", d, "enemy_index"), 0, len(fights))
    phase = ck.one_of("phase", ck.get("phase", d, "phase"), PHASES)
    between = a is not None and d["turn"] == 0  # an adventure between two fights
    if phase != "over" and (phase == "explore") != between:
        raise ck.fail("phase", phase)
    result = ck.get("result", d, "result")
    if result is not None:
        for i, r in enumerate(ck.listed("result", result, 1)):
            if not isinstance(r, (int, float)) or isinstance(r, bool) or not 0 <= r <= 1:
                raise ck.fail(f"result[{i}]", r)
    if (result is None) == (phase == "over"):  # a game is over with its score
        raise ck.fail("result", result)
    ck.text("reason", ck.get("reason", d, "reason"), REASONS if result is not None else ("",))
    if a is not None:
        _adventure(ck, a, mode)


def _step(ck: _Check, at: str, st: Any, known: Collection[str], owned: int) -> None:
    if not isinstance(st, list) or not st or st[0] not in known or st[0] not in STEPS:
        raise ck.fail(at, st)
    shape = STEPS[st[0]]
    if len(st) != len(shape) + 1 and not (st[0] == "card" and len(st) > len(shape) + 1):
        raise ck.fail(at, st)
    for j, x in enumerate(st[1:], 1):
        kind = shape[j - 1] if j <= len(shape) else "n"  # a card step's choices
        if kind == "c":
            ck.whole(f"{at}[{j}]", x, 1, owned)
        elif kind == "n":
            ck.whole(f"{at}[{j}]", x)
        elif kind == "r":
            parts = ck.text(f"{at}[{j}]", x).split("|")
            if len(parts) != 3 or not parts[2].isdigit():
                raise ck.fail(f"{at}[{j}]", x)
        else:
            ck.text(f"{at}[{j}]", x)


def _flags(ck: _Check, flags: Any, owned: int) -> None:
    """The turn's marks (rules.py): an ability ignored the enemy's modifier, the enemy
    is defeated, and what was in play at the end of the Plan phase (``seen``)."""
    for key, v in ck.mapping("flags", flags).items():
        if key in ("ignore_modifier", "won"):
            if v is not True:
                raise ck.fail(f"flags[{key!r}]", v)
        elif key == "seen":
            seen = ck.mapping("flags['seen']", v)
            if set(seen) != {"cards", "elements", "banners"}:
                raise ck.fail("flags['seen']", dict(seen))
            ck.whole("flags['seen']['cards']", seen["cards"], 0, owned)
            for e, n in ck.mapping("flags['seen']['elements']", seen["elements"]).items():
                ck.one_of("flags['seen']['elements']", e, ELEMENTS)
                ck.whole(f"flags['seen']['elements'][{e!r}]", n, 0, owned)
            banners = ck.mapping("flags['seen']['banners']", seen["banners"])
            if set(banners) != {"1", "2"}:
                raise ck.fail("flags['seen']['banners']", dict(banners))
            for b, n in banners.items():
                ck.whole(f"flags['seen']['banners'][{b!r}]", n, 0, owned)
        else:
            raise ck.fail("flags", key)


def _hero(ck: _Check, src: Any, heroes: Collection[str]) -> None:
    src = ck.listed("hero", src)
    if not src or src[0] not in ("file", "seed", "date"):
        raise ck.fail("hero", src)
    if src[0] == "file":
        ck.listed("hero", src, 2)
        ck.one_of("hero[1]", src[1], heroes)
        return
    ck.listed("hero", src, 3)
    if src[0] == "seed":
        ck.whole("hero[1]", src[1])
    else:
        try:
            generator.parse_day(ck.text("hero[1]", src[1]))
        except TavoloError:
            raise ck.fail("hero[1]", src[1]) from None
    if src[2] is not None:
        ck.one_of("hero[2]", src[2], CLASSES)


def _adventure(ck: _Check, a: Mapping[str, Any], mode: str) -> None:
    def get(key: str) -> Any:
        return ck.get(f"adventure.{key}", a, key)

    src = ck.listed("adventure.src", get("src"), 3)
    if src[0] not in ("seed", "file") or src[2] != mode:
        raise ck.fail("adventure.src", src)
    if src[0] == "seed":
        ck.whole("adventure.src[1]", src[1])
    else:
        ck.text("adventure.src[1]", src[1])
    world = mode == "world"
    table = ck.listed("adventure.table", get("table"), 9 if world else 6)
    for i, t in enumerate(table):
        ck.whole(f"adventure.table[{i}]", t, -2, 1 if world else 3)
    grid = ck.listed("adventure.grid", get("grid"), 9 if world else 0)
    placed: set[int] = set()
    for i, c in enumerate(grid):
        ck.whole(f"adventure.grid[{i}]", c, 0, len(table))
        if c and c in placed:
            raise ck.fail(f"adventure.grid[{i}]", c)
        placed.add(c)
    pawn = ck.listed("adventure.pawn", get("pawn"), 2)
    if world:
        ck.whole("adventure.pawn[0]", pawn[0], 0, 8)
        ck.whole("adventure.pawn[1]", pawn[1], 0, 0)
    else:
        ck.whole("adventure.pawn[0]", pawn[0], None)
        ck.whole("adventure.pawn[1]", pawn[1], None)
    for i, m in enumerate(ck.listed("adventure.marks", get("marks"))):
        ck.whole(f"adventure.marks[{i}]", m)
    for i, item in enumerate(ck.listed("adventure.items", get("items"))):
        ck.text(f"adventure.items[{i}]", item)
    for i, f in enumerate(ck.listed("adventure.reading", get("reading"))):
        f = ck.listed(f"adventure.reading[{i}]", f, 3)
        ck.text(f"adventure.reading[{i}][0]", f[0])
        ck.text(f"adventure.reading[{i}][1]", f[1])
        ck.whole(f"adventure.reading[{i}][2]", f[2])
    foe = get("foe")
    if foe is not None:
        foe = ck.listed("adventure.foe", foe, 3)
        ck.text("adventure.foe[0]", foe[0])
        ck.whole("adventure.foe[1]", foe[1], None)
        ck.whole("adventure.foe[2]", foe[2], None)
    if not isinstance(get("flee"), bool):
        raise ck.fail("adventure.flee", a["flee"])
    ck.counts("adventure.count", get("count"))


def check_loaded(game: str, s: TosState, r: TosRules) -> None:
    """Raise ``StateError`` naming the first value of a state just loaded that its hero
    or adventure cannot hold (an ability the card has not, a line no half prints, the
    pawn in no room), or a position the rules never leave between two decisions (a step
    on top that does not wait for the player, a decision with nothing to choose)."""
    from . import play as inplay

    ck = _Check(game)
    n_col = len(s.column)
    if s.act is not None:
        slot, i = s.act
        if slot >= n_col or i >= len(inplay.half(s, s.column[slot]).abilities):
            raise ck.fail("act", list(s.act))
    for k, (c, i) in enumerate(s.activated if s.phase == "plan" else ()):  # (a repeat's)
        if c not in s.column or i >= len(inplay.half(s, c).abilities):
            raise ck.fail(f"activated[{k}]", [c, i])
    if s.phase in ("open", "plan", "exhaust"):
        if s.enemy is None:  # a fight on, with no enemy
            raise ck.fail("enemy_index", s.enemy_index)
        if s.phase != "exhaust" and s.snapshot is None:  # (a restart goes back to it)
            raise ck.fail("snapshot", None)
        if (s.foe is None) == (s.mode == "dungeon"):  # a dungeon's enemy stands somewhere
            raise ck.fail("adventure.foe", s.foe if s.foe is None else list(s.foe))
    elif s.foe is not None and s.phase == "explore":
        raise ck.fail("adventure.foe", list(s.foe))
    if s.phase in ("open", "plan") and s.snapshot is not None:
        now = sorted(s.hand + s.in_play() + s.strain)
        if sorted(s.snapshot["hand"]) != now:  # the turn's cards, all from the hand
            raise ck.fail("snapshot.hand", s.snapshot["hand"])
    marks = [("ticks", s.ticks)]
    if s.snapshot is not None:  # (a restart brings them back)
        marks.append(("snapshot.ticks", s.snapshot["ticks"]))
    # no more pencil marks than the hero's or the adventure's bar has boxes: the game
    # fills a bar with more when it starts (rules.py, _fill_bars), the marks a hero
    # carries from an adventure whose bar of that name has more boxes; a bar neither
    # prints is one carried from another adventure, kept as it came
    boxes = bar_boxes(s, s.adv)
    for field, ticks in marks:
        for name, n in ticks.items():
            if name in boxes and n > boxes[name]:
                raise ck.fail(f"{field}[{name!r}]", n)
    if s.adv is not None:
        _loaded_adventure(ck, s, r)
    if s.phase == "exhaust" and s.steps[:1] != [("restore",)]:  # (T-15 ends the turn)
        raise ck.fail("steps", [list(st) for st in s.steps])
    for k, st in enumerate(s.steps):
        _loaded_step(ck, k, s, r, st)
    # the position is one the rules leave between two decisions: resolving it changes
    # nothing, and the player has something to choose
    t = s.clone()
    before = t.to_json()
    try:
        r._run(t, [])
        d = r._decide(t)
    except (TavoloError, LookupError, ValueError, TypeError, AssertionError):
        d = None
        before = {}
    if t.to_json() != before or (d is not None and not d.actions):
        if s.steps:
            raise ck.fail(f"steps[{len(s.steps) - 1}]", list(s.steps[-1]))
        raise ck.fail("hand" if s.phase == "open" else "phase", s.hand or s.phase)


def _loaded_step(ck: _Check, k: int, s: TosState, r: TosRules, st: tuple[Any, ...]) -> None:
    from . import play as inplay

    at, kind = f"steps[{k}]", st[0]
    if s.phase != PHASE_OF.get(kind, "explore") or (kind == "dmove" and s.foe is None):
        raise ck.fail(at, list(st))
    if (kind == "restore") != (k == 0 and s.phase == "exhaust") or (kind == "execute" and k != 1):
        raise ck.fail(at, list(st))
    # between fights: a walk's payment, an entry's choice, or a reading (rules.py,
    # adventure/play.py), a line of it waiting on top
    if s.phase == "explore" and (
        k > 1 or kind not in (BELOW if k == 0 else ON_READ) or (k and s.steps[0] != ("read",))
    ):
        raise ck.fail(at, list(st))
    if kind == "ability":
        _, c, i, slot, n, rep = st
        if slot >= len(s.column) or s.column[slot] != c:
            raise ck.fail(at, list(st))
        abilities = inplay.half(s, c).abilities
        if i >= len(abilities) or n > len(abilities[i].says) or rep > 1:
            raise ck.fail(at, list(st))
    elif kind == "take_back" and st[1] > 4:  # (the most an ability takes back)
        raise ck.fail(f"{at}[1]", st[1])
    elif kind in ("line_may", "card"):
        line = _line(r, s, st[1])
        if line is None or (kind == "line_may" and not getattr(line, "may", False)):
            raise ck.fail(f"{at}[1]", st[1])
        if kind == "card":
            _card_step(ck, at, s, line, st)
    elif kind == "move_discard":
        if s.mode == "world":
            ok = st[1] in ("up", "down", "left", "right") and _w_target(s.pawn[0], st[1])
        else:
            try:
                ok = any(door.code == st[1] for door in s.adv.map.doors_of(r.room_here(s)))
            except (TavoloError, LookupError):
                ok = False
        if not ok:
            raise ck.fail(f"{at}[1]", st[1])
    elif kind == "choice":
        ins = s.adv.index.instructions if s.mode == "dungeon" else ()
        if st[1] >= len(ins) or ins[st[1]].trigger != "choice":
            raise ck.fail(f"{at}[1]", st[1])


def _w_target(p: int, d: str) -> bool:
    """A world move from cell ``p`` (0-8, three a row) in direction ``d`` stays on the grid."""
    x, y = p % 3, p // 3
    x += {"left": -1, "right": 1}.get(d, 0)
    y += {"up": -1, "down": 1}.get(d, 0)
    return 0 <= x < 3 and 0 <= y < 3


def _card_step(ck: _Check, at: str, s: TosState, a: Any, st: tuple[Any, ...]) -> None:
    """A card action in progress (adventure/cards.py): its stage counts the choices made,
    the choices after it; the cards it will still use are where it left them."""
    from .adventure import cards

    if a.kind not in CARD_KINDS:
        raise ck.fail(f"{at}[1]", st[1])
    stage, chosen = st[2], st[3:]
    if a.kind == "banner_challenge":
        ok = (stage, len(chosen)) == (0, 0) or (stage == 1 and chosen in ((0,), (1,)))
    else:
        ok = len(chosen) == stage and stage <= 3 * len(s.up)
    if not ok:
        raise ck.fail(at, list(st))
    if a.kind in ("ritual", "weakness"):  # each pick one of the hero's cards
        for j, c in enumerate(chosen, 3):
            if not 1 <= c <= len(s.up):
                raise ck.fail(f"{at}[{j}]", c)
        # the card a ritual removes is paid first (adventure/cards.py, answer)
        if a.kind == "ritual" and chosen and chosen[0] not in s.removed:
            raise ck.fail(f"{at}[3]", chosen[0])
    hand = set(s.hand)
    need: tuple[Any, ...] = ()
    if a.kind in ("observatory", "forge") or (a.kind == "shop" and stage == 1):
        need = chosen[:2]
    elif a.kind in ("swap", "recover"):
        per = cards._per(a)
        sub = stage % per
        need = chosen[len(chosen) - sub :] if sub else ()
        if per == 3 and sub == 2 and chosen[-1] not in s.removed:
            raise ck.fail(at, list(st))
        need = need[:1]
    for c in need:
        if c not in (hand if a.kind != "shop" else hand | set(s.discard)):
            raise ck.fail(at, list(st))


def _line(r: TosRules, s: TosState, ref: str) -> Any:
    """The printed line ``ref`` names, or None when no half or entry prints it."""
    src, branch, i = ref.split("|")
    lines = _lines(r, s, src, branch)
    return lines[int(i)] if lines is not None and int(i) < len(lines) else None


def _lines(r: TosRules, s: TosState, src: str, branch: str) -> tuple[Any, ...] | None:
    if s.mode == "dungeon":
        n = src[1:]
        if src[:1] != "e" or not n.isdigit() or int(n) >= len(s.adv.index.instructions):
            return None
    elif len(src) != 2 or src[0] not in "123456789" or src[1] not in "AB":
        return None
    out: tuple[Any, ...] = r.lines(s, src, "")
    if branch:
        i, eq, value = branch.partition("=")
        if not eq or not i.isdigit() or int(i) >= len(out):
            return None
        sub: tuple[Any, ...] | None = getattr(out[int(i)], "branches", {}).get(value)
        return sub
    return out


def _loaded_adventure(ck: _Check, s: TosState, r: TosRules) -> None:
    world = s.mode == "world"
    for k, (src, branch, i) in enumerate(s.reading):
        lines = _lines(r, s, src, branch)
        if lines is None or i > len(lines):
            raise ck.fail(f"adventure.reading[{k}]", [src, branch, i])
    if world:
        for c in range(1, 10):  # a card on the grid, or removed (-1), or picked (-2)
            if (c in s.grid) != (s.table[c - 1] >= 0):
                raise ck.fail(f"adventure.table[{c - 1}]", s.table[c - 1])
        for k, m in enumerate(s.marks):
            if not 1 <= m <= 9 or m in s.marks[:k]:
                raise ck.fail(f"adventure.marks[{k}]", m)
    else:
        try:
            rid = r.room_here(s)
        except TavoloError:
            rid = ""
        if not rid or s.pawn not in s.adv.map.floor[rid]:
            raise ck.fail("adventure.pawn", list(s.pawn))
        n = len(s.adv.index.instructions)
        for k, m in enumerate(s.marks):
            if not 0 <= m < n or m in s.marks[:k]:
                raise ck.fail(f"adventure.marks[{k}]", m)
        items = {
            getattr(a, "item", None)
            for ins in s.adv.index.instructions
            for a in _walk(ins.actions)
            if a.kind == "gain"
        }
        for k, item in enumerate(s.items):
            if item not in items or item in s.items[:k]:
                raise ck.fail(f"adventure.items[{k}]", item)
        if s.foe is not None:
            if s.foe[0] not in s.adv.map.floor:
                raise ck.fail("adventure.foe", list(s.foe))
            if (s.foe[1], s.foe[2]) != r._symbol_cell(s, s.foe[0]):
                raise ck.fail("adventure.foe", list(s.foe))
    picked = [c + 1 for c, o in enumerate(s.table) if o == -2]
    if picked != ([s.extra] if s.extra else []):  # the card the hero took (card 9)
        raise ck.fail("adventure.extra", s.extra)
    if s.extra and len(s.up) != 9:
        raise ck.fail("up", s.up)


def _walk(lines: Any) -> Any:
    for line in lines:
        yield line
        for sub in getattr(line, "branches", {}).values():
            yield from _walk(sub)
