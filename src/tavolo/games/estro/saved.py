"""A 1v1 Estro state's JSON checked value by value before it is loaded (``from_json``).

``EstroState.from_json`` takes what ``to_json`` wrote at its word, for speed; data written
by hand or cut short (a card id that no card has, a card twice in a player's cards, a
seat 7, a text where a number goes) would load and fail later, inside a rule, as a
traceback. Here each value is checked first and the first wrong one is named in one line.
A table mode's state is checked here for what it shares with a 1v1 state, then by the
``saved`` module beside the mode (``navi``, ``bastione``, ``inferno``) for its own fields.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Collection, Iterable, Mapping
from typing import Any, get_args

from tavolo.engine import StateError, TavoloError
from tavolo.engine.errors import engine_messages
from tavolo.engine.saved import ValueCheck

from .cards import chimera_parts
from .combat import DIE_FACES
from .dial import sector_ids
from .schema import Trigger
from .state import NECRO_MAX
from .zona import ALL_ZONES

N_ESTRI = 5  # the estri (and the zones) are numbered 0..4
PILES = ("deck", "hand", "field", "incinerator")
CARD_SETS = ("face_down", "spent", "summoned", "inhibited", "known")
ON_FIELD = ("face_down", "summoned")  # (rules.py, remove_from_field)
COUNTS = ("extra_plays", "extra_attacks", "chimera_turn")
BOUNDED = {"necrotokens": NECRO_MAX, "zones_used": (1 << N_ESTRI) - 1}  # zones: bits
DIE = max(DIE_FACES)  # the battle die's faces are 1..DIE
# a table mode (game.TABLE_MODES) -> the module beside it that checks its own fields
MODE_CHECKS = {"inferno": "inferno", "navi": "navi", "ultimo_bastione": "bastione"}

# A step's arguments after its kind, as the rules read them (rules.py, gifts.py,
# modes.py): SIDE a player (0 or 1), CARD a card id, a range a whole number in it, a set
# of texts one of them, None absent; a tuple, any of its values. A kind may have several
# shapes; a table mode's ``saved`` module adds its own kinds' (and replaces some).
SIDE = object()
CARD = object()
Arg = Any
Shapes = tuple[tuple[Arg, ...], ...]
STAGES = frozenset(
    ("check", "asking", "counter", "countered", "aim", "choosing", "go")
)  # a gift's (gifts.py, _step_gift)
TRIGGERS = frozenset(get_args(Trigger))
BATTLE = frozenset(  # a battle's stages (rules.py, _step_battle)
    ("declare", "roll", "done", "declare_outcome", "att_window", "def_window", "redirect")
)
CAUSES = frozenset(("battle", "gift", "foe_gift", "fessura", "dial", "support"))
STEPS: dict[str, Shapes] = {
    "start": ((),),
    "end": ((frozenset(("discard", "gifts", "check")),),),
    "battle": ((BATTLE,),),
    "destroy": (
        (
            SIDE,
            CARD,
            CAUSES,
            frozenset(("check", "ambush", "gift", "saving", "medica", "final")),
        ),
    ),
    "gift": (
        (SIDE, CARD, TRIGGERS, STAGES - {"go"}, None, None),
        (SIDE, CARD, TRIGGERS, frozenset(("go",)), (SIDE, None), (CARD, None)),
    ),
    "revive": ((SIDE, CARD, frozenset(("hand", "field"))),),
    "chimera": ((SIDE, CARD),),
    "necro": ((frozenset(("draw", "summon")),),),
    # Fessura: the zone its card stood in (-1 out of Zona di Conquista), then whether
    # the card was destroyed (modes.py, after_destroyed)
    "rift": ((SIDE, CARD, range(-1, N_ESTRI)), (SIDE, CARD, range(-1, N_ESTRI), True)),
}


class SavedCheck(ValueCheck):
    """:class:`ValueCheck` with Estro's cards (``known(id)``: a card, or a Chimera of
    two), used by the modes' checkers too."""

    def __init__(self, game: str, known: Callable[[str], bool]) -> None:
        super().__init__(game)
        self.known = known

    def arity(self, field: str, kind: str, takes: list[int], has: int) -> StateError:
        """A step of ``kind`` with ``has`` arguments, where it ``takes`` one of those
        counts: ``steps[0]: 'end' takes 1 argument, has 0``."""
        key = "state.arity" if len(takes) == 1 else "state.arity_or"
        return StateError.said(
            engine_messages(),
            key,
            game=self.game,
            field=field,
            kind=kind,
            n=", ".join(map(str, takes[:-1])),
            most=takes[-1],
            has=has,
        )

    def card(self, field: str, value: Any) -> None:
        if not isinstance(value, str) or not self.known(value):
            raise self.fail(field, value)

    def cards(self, field: str, value: Any) -> list[str]:
        if not isinstance(value, list):
            raise self.fail(field, value)
        for i, c in enumerate(value):
            self.card(f"{field}[{i}]", c)
        return value

    def pairs(self, field: str, value: Any) -> list[Any]:
        if not isinstance(value, list):
            raise self.fail(field, value)
        for i, pair in enumerate(value):
            if not isinstance(pair, list) or len(pair) != 2:
                raise self.fail(f"{field}[{i}]", pair)
        return value

    def numbers(
        self,
        field: str,
        value: Any,
        size: int | None = None,
        lo: int | None = 0,
        hi: int | None = None,
    ) -> list[int]:
        """A list of ``size`` whole numbers, each from ``lo`` to ``hi``."""
        return [
            self.whole(f"{field}[{i}]", x, lo, hi)
            for i, x in enumerate(self.listed(field, value, size))
        ]

    def once(self, field: str, cards: list[str], seen: set[str]) -> None:
        """No physical card (a Chimera is two) in ``cards`` is in ``seen`` already: one
        card, two places, is a state no game comes to; ``seen`` takes them."""
        for i, c in enumerate(cards):
            for part in chimera_parts(c):
                if part in seen:
                    raise self.fail(f"{field}[{i}]", c)
                seen.add(part)

    def among(self, field: str, cards: Iterable[str], known: Collection[str]) -> None:
        """Each of ``cards`` (already checked as cards) is one of ``known``."""
        for i, c in enumerate(cards):
            if c not in known:
                raise self.fail(f"{field}[{i}]", c)

    def kinds(self, steps: list[Any], handlers: Collection[str]) -> None:
        """Each step's kind is one the game resolves."""
        for i, st in enumerate(steps):
            if st[0] not in handlers:
                raise self.fail(f"steps[{i}]", st)


def check_saved(
    game: str,
    data: Mapping[str, Any],
    known: Callable[[str], bool],
    handlers: Collection[str] = (),
) -> None:
    """Raise ``StateError`` naming the first value of a 1v1 state's ``data`` that no
    ``to_json`` writes; ``known(card)`` says whether a card id is one (a Chimera's too),
    ``handlers`` are the step kinds the game resolves (none given: any)."""
    _check_shared(SavedCheck(game, known), data, handlers, STEPS, table=False)


def check_table_saved(
    game: str,
    data: Mapping[str, Any],
    known: Callable[[str], bool],
    handlers: Collection[str] = (),
) -> None:
    """What a table mode's state (Navi, Ultimo Bastione, Inferno) shares with a 1v1 one,
    checked as :func:`check_saved` checks it: its players' cards and counts, its steps,
    its battle; :func:`check_mode_saved` checks the rest."""
    module = _mode_module(str(data["mode"]).split("+")[0])
    shapes = {**STEPS, **module.STEPS}
    _check_shared(SavedCheck(game, known), data, handlers, shapes, table=True)


def _check_shared(
    ck: SavedCheck,
    data: Mapping[str, Any],
    handlers: Collection[str],
    shapes: Mapping[str, Shapes],
    table: bool,
) -> None:
    """The fields of a 1v1 state, in a table mode's state too (``table``: any zone, the
    counts a table mode keeps, its own phases checked by its module); ``shapes``: the
    steps' arguments, a table mode's own kinds among them."""
    ck.mapping("rng", data["rng"])
    if not isinstance(data["mode"], str):
        raise ck.fail("mode", data["mode"])
    one_zone = not table and "zona_conquista" not in data["mode"]
    ck.whole("zone", data["zone"], 0, N_ESTRI - 1 if one_zone else ALL_ZONES)
    for key in ("first", "active"):
        ck.whole(key, data[key], 0, 1)
    for key in ("turn", "round", "plays", "played", "attacks"):
        if not table or key in data:
            ck.whole(key, data[key])
    if not table and data["phase"] not in ("play", "battle", "over"):
        raise ck.fail("phase", data["phase"])
    players = data["players"]
    if not isinstance(players, list) or len(players) != 2:
        raise ck.fail("players", players)
    for p, pl in enumerate(players):
        _player(ck, f"players[{p}]", ck.mapping(f"players[{p}]", pl))
    _play(ck, data, handlers, shapes)


def check_mode_saved(table: Any, data: Mapping[str, Any]) -> None:
    """A table mode's own fields, checked by the ``saved`` module beside the mode
    (``table``: the mode's game, whose content the checks read)."""
    _mode_module(table.mode).check(table, data)


def _mode_module(mode: str) -> Any:
    """The ``saved`` module beside a table mode: its ``check``, its steps' ``STEPS``."""
    return importlib.import_module(f"{__package__}.{MODE_CHECKS[mode]}.saved")


def check_answerable(game: Any, s: Any, data: Mapping[str, Any]) -> None:
    """A loaded game's gift steps are of a card with a gift, under the gift's trigger (the
    card's info, built for a Chimera on first use). A game that goes on asks someone
    something: one whose steps the rules cannot read or that leaves nothing to choose (a
    hand emptied where a play is due) is refused, naming its steps, or its phase when it
    has none."""
    ck = ValueCheck(game.name)
    for i, st in enumerate(s.steps):
        if st[0] == "gift":  # a card with a gift, triggered as its gift is
            info = game.info[st[2]]
            if info.gift is None:
                raise ck.fail(f"steps[{i}][2]", st[2])
            if st[3] != info.trigger:
                raise ck.fail(f"steps[{i}][3]", st[3])
    if s.result is not None:
        return
    field = "steps" if data.get("steps") else "phase"
    try:
        d = game.decision(s)
    except (AssertionError, AttributeError, IndexError, KeyError, TypeError, ValueError):
        raise ck.fail(field, data.get(field)) from None
    if d is None or not d.actions or not 0 <= d.player < game.seat_count(s):
        raise ck.fail(field, data.get(field))  # (Navi's ships never wait for a choice)


def check_mode_named(game: Any, data: Mapping[str, Any]) -> None:
    """The state's mode is one a game of ``game`` is played in, written as ``to_json``
    writes it (its META modes in order): a META mode the mode refuses, or no META mode at
    all, would load and fail inside a rule."""
    mode = data["mode"]
    try:
        ok = isinstance(mode, str) and game.normal_mode(mode) == mode
        if ok:
            game.check_options(mode, {})
    except TavoloError:
        ok = False
    if not ok:
        raise ValueCheck(game.name).fail("mode", mode)


def _play(
    ck: SavedCheck,
    data: Mapping[str, Any],
    handlers: Collection[str],
    shapes: Mapping[str, Shapes],
) -> None:
    """The fields every Estro state writes after its players: the steps, the battle,
    the result, the META modes' fields (Fessura's rift, Quadrante's dial)."""
    if not isinstance(data["phase"], str):
        raise ck.fail("phase", data["phase"])
    ck.cards("attacked", data["attacked"])
    _steps(ck, data["steps"], shapes)
    if handlers:
        ck.kinds(data["steps"], handlers)
    if data["battle"] is not None:
        _battle(ck, ck.mapping("battle", data["battle"]))
    elif any(st[0] == "battle" for st in data["steps"]):  # a battle step resolves one
        raise ck.fail("battle", None)
    battles = [i for i, st in enumerate(data["steps"]) if st[0] == "battle"]
    if len(battles) > 1:  # one battle at a time: its step ends it
        raise ck.fail(f"steps[{battles[1]}]", data["steps"][battles[1]])
    for key, v in ck.mapping("flags", data.get("flags", {})).items():
        if key in ("countered", "saved"):  # a gift's counter or a save, between steps
            ck.flag(f"flags.{key}", v)
        elif key == "breaches":  # Ultimo Bastione: horde cards that hit the bastion
            ck.whole(f"flags.{key}", v)
        elif key == "navi_probe":  # Navi: the guardian an attack revealed
            ck.card(f"flags.{key}", v)
        else:
            raise ck.fail("flags", key)
    result = data["result"]
    if result is not None and (
        not isinstance(result, list)
        or not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in result)
    ):
        raise ck.fail("result", result)
    ck.text("reason", data["reason"])
    for key in ("rift", "rift_born"):
        ck.cards(key, data.get(key, []))
    ck.whole("rift_turn", data.get("rift_turn", 0))
    if "dial" in data:  # Quadrante dell'Oblio's last spin: sector, player, turn
        dial = ck.listed("dial", data["dial"], 3)
        ck.whole("dial[0]", dial[0], 0, len(sector_ids()) - 1)
        ck.whole("dial[1]", dial[1], 0, 1)
        ck.whole("dial[2]", dial[2], 0, data["turn"])


def _battle(ck: SavedCheck, battle: Mapping[str, Any]) -> None:
    ck.whole("battle.ap", battle["ap"], 0, 1)
    ck.card("battle.a", battle["a"])
    ck.card("battle.d", battle["d"])
    for key in ("adelta", "ddelta", "amul", "dmul"):
        ck.numbers(f"battle.{key}", battle[key], N_ESTRI, None)
    for key in ("adie", "ddie"):
        if battle[key] is not None:
            ck.whole(f"battle.{key}", battle[key], 1, DIE)
    ck.text("battle.rule", battle["rule"])
    ck.flag("battle.zoned", battle["zoned"])


def _steps(ck: SavedCheck, steps: Any, shapes: Mapping[str, Shapes]) -> None:
    """Each step a list of its kind and the arguments the rules read from it: as many as
    one of its kind's ``shapes`` has, each of the type and in the range it names."""
    if not isinstance(steps, list):
        raise ck.fail("steps", steps)
    for i, st in enumerate(steps):
        if not isinstance(st, list) or not st or not isinstance(st[0], str):
            raise ck.fail(f"steps[{i}]", st)
        if st[0] in shapes:
            _step_args(ck, f"steps[{i}]", st, shapes[st[0]])


def _step_args(ck: SavedCheck, at: str, st: list[Any], shapes: Shapes) -> None:
    """``st`` fits one of ``shapes``; else its count of arguments is named (no shape
    takes as many) or the argument that the shape of its length fitting longest refuses."""
    best: tuple[int, str, Any] | None = None
    for shape in shapes:
        if len(shape) != len(st) - 1:
            continue
        for j, (arg, x) in enumerate(zip(shape, st[1:], strict=True), 1):
            if not _fits(ck, arg, x):
                if best is None or j > best[0]:
                    best = (j, f"{at}[{j}]", x)
                break
        else:
            return
    if best is None:  # no shape takes as many arguments
        raise ck.arity(at, st[0], sorted({len(shape) for shape in shapes}), len(st) - 1)
    raise ck.fail(best[1], best[2])


def _fits(ck: SavedCheck, arg: Arg, x: Any) -> bool:
    """``x`` is a value of ``arg``: a side (0 or 1), a card, a whole number in a range,
    one of some texts, that text, None or True; or of any ``arg`` of a tuple."""
    if isinstance(arg, tuple):
        return any(_fits(ck, a, x) for a in arg)
    if arg is SIDE:
        return isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= 1
    if arg is CARD:
        return isinstance(x, str) and ck.known(x)
    if isinstance(arg, range):
        return isinstance(x, int) and not isinstance(x, bool) and x in arg
    if isinstance(arg, frozenset):
        return isinstance(x, str) and x in arg
    if isinstance(arg, str):
        return bool(x == arg)
    return x is arg  # None, or True (a Fessura step's mark that its card was destroyed)


def _player(ck: SavedCheck, at: str, pl: Mapping[str, Any]) -> None:
    seen: set[str] = set()
    for pile in PILES:
        cards = ck.cards(f"{at}.{pile}", pl.get(pile, []))
        for i, c in enumerate(cards):  # a Chimera is made on the field, and leaves it apart
            if pile != "field" and len(chimera_parts(c)) > 1:
                raise ck.fail(f"{at}.{pile}[{i}]", c)
        ck.once(f"{at}.{pile}", cards, seen)  # one card, two places: no game comes to it
    for key in CARD_SETS:
        ck.cards(f"{at}.{key}", pl.get(key, []))
    field = set(pl.get("field", []))
    for key in ON_FIELD:  # marks of a card on the field, that leave it with the card
        for i, c in enumerate(pl.get(key, [])):
            if c not in field:
                raise ck.fail(f"{at}.{key}[{i}]", c)
    for key in COUNTS:
        ck.whole(f"{at}.{key}", pl.get(key, 0))
    for key, most in BOUNDED.items():
        ck.whole(f"{at}.{key}", pl.get(key, 0), 0, most)
    if not isinstance(pl.get("zone_used", False), bool):
        raise ck.fail(f"{at}.zone_used", pl["zone_used"])
    for c, e in ck.mapping(f"{at}.estro", pl.get("estro", {})).items():
        if c not in field:  # (it leaves the field with the card)
            raise ck.fail(f"{at}.estro", c)
        ck.whole(f"{at}.estro.{c}", e, 0, N_ESTRI - 1)
    for c, n in ck.mapping(f"{at}.shield", pl.get("shield", {})).items():
        if c not in field:  # (it leaves the field with the card)
            raise ck.fail(f"{at}.shield", c)
        ck.whole(f"{at}.shield.{c}", n)
    for c, mods in ck.mapping(f"{at}.mods", pl.get("mods", {})).items():
        if c not in field:  # (it leaves the field with the card)
            raise ck.fail(f"{at}.mods", c)
        if (
            not isinstance(mods, list)
            or len(mods) != N_ESTRI
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in mods)
        ):
            raise ck.fail(f"{at}.mods.{c}", mods)
    laid: set[str] = set()  # Zona di Conquista: field cards, each laid in one zone
    for i, (c, z) in enumerate(ck.pairs(f"{at}.zones", pl.get("zones", []))):
        if not isinstance(c, str) or c not in field or c in laid:
            raise ck.fail(f"{at}.zones[{i}]", c)
        laid.add(c)
        ck.whole(f"{at}.zones[{i}]", z, 0, N_ESTRI - 1)
    for i, (c, n) in enumerate(ck.pairs(f"{at}.rest", pl.get("rest", []))):
        ck.card(f"{at}.rest[{i}]", c)
        ck.whole(f"{at}.rest[{i}]", n)
    for i, (a, g) in enumerate(ck.pairs(f"{at}.attached", pl.get("attached", []))):
        for c in (a, g):  # Sogno Lucido: an Armonio on the field, on a Granito there
            if not isinstance(c, str) or c not in field:
                raise ck.fail(f"{at}.attached[{i}]", c)
