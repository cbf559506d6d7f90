"""DungeonQuest's effect language: one declarative line per effect, checked by pydantic.

Every card, ring, item, dragon counter and table says what it does as a list of effects,
each effect one verb (plus the few modifiers that verb allows)::

    {lose_life: d12-armour}                                   # Crossfire Trap
    {test: agility, fail: [{hold: true}, {end_turn: true}]}   # Trapdoor
    {call: 1, match: [{killed: true}], miss: [{lose_life: d6}]}   # Cave-In
    {roll: d6, table: {"1-3": [{nothing: true}], "4-6": [{monster: death_warrior}]}}
    {draw: crypt, optional: true}                             # "you may search the crypt"
    {has: rope, then: [{release: true}], otherwise: [...]}     # out of a trapdoor

Branches nest (``pass``/``fail`` of a test, ``match``/``miss`` of a call,
``then``/``otherwise`` of ``has``, the rows of a rolled ``table``), so a whole card stays
one readable list. The rules engine interprets the data; ``text.py`` renders it in
English and Italian.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from .dice import Dice, DiceExpr, parse_range
from .words import said

Deck = Literal["room", "door", "corpse", "crypt", "trap", "search", "monster"]
DECKS: tuple[str, ...] = ("room", "door", "corpse", "crypt", "trap", "search", "monster")
Tested = Literal["strength", "agility"]
Cancel = Literal["monster", "trap", "barrier"]
Table = Literal["potion", "bow", "bow_spider"]

VERBS: tuple[str, ...] = (
    "nothing",  # nothing happens
    "lose_life",  # lose a dice amount of Life Points
    "gain_life",  # regain LP, never above the starting value
    "halve_life",  # lose half the current LP, rounded down
    "killed",  # the hero dies
    "test",  # roll D12 <= attribute: pass / fail branches
    "roll",  # roll dice and read a table of branches
    "call",  # call n numbers, roll D6: match / miss branches
    "draw",  # draw a card of a deck and resolve it
    "shuffle",  # shuffle this whole deck (this card too) and draw again
    "treasure",  # keep this card: treasure worth n GP
    "keep",  # you may keep this card as an item (potion, rope)
    "hold",  # keep this card while its each-turn effects last
    "release",  # held card back to the bottom of its deck; play on normally
    "has",  # if you carry this item: then / otherwise branches
    "end_turn",  # the turn ends now
    "lose_turns",  # miss the next n turns
    "door_opens",  # pass through the door
    "go_back",  # back to the square you came from, as an escape
    "secret_door",  # move at once to any orthogonal neighbour, walls ignored
    "rotate_corridors",  # every corridor tile on the board turns
    "monster",  # a monster appears (sneak: it strikes first)
    "creature",  # a creature that does not fight strikes (the LP follow)
    "no_escape",  # the hero may not choose Escape here
    "treasure_counters",  # take n treasure counters blind from the cup
    "drop_treasure",  # lose every treasure carried
    "driven_out",  # leave through an exit to an adjacent square, at once
    "cancel",  # a ring's power: a monster, a trap, a door or portcullis
    "monster_loses",  # the monster in the fight loses LP
    "slay",  # the monster in the fight is killed
    "consult",  # roll on a named table (potion, bow)
)
FLAGS: tuple[str, ...] = (
    "nothing",
    "halve_life",
    "killed",
    "shuffle",
    "hold",
    "release",
    "end_turn",
    "door_opens",
    "go_back",
    "secret_door",
    "no_escape",
    "drop_treasure",
    "driven_out",
    "slay",
)
"""Verbs written ``verb: true``."""
BRANCHES = {
    "test": ("pass_", "fail"),
    "call": ("match", "miss"),
    "has": ("then", "otherwise"),
    "roll": ("table",),
}
MODIFIERS = ("optional", "sneak", "pass", "fail", "match", "miss", "then", "otherwise", "table")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class Effect(_Strict):
    """One effect: exactly one verb, plus the modifiers that verb allows."""

    nothing: bool | None = None
    lose_life: DiceExpr | None = None
    gain_life: DiceExpr | None = None
    halve_life: bool | None = None
    killed: bool | None = None
    test: Tested | None = None
    roll: DiceExpr | None = None
    call: int | None = Field(default=None, ge=1, le=5)
    draw: Deck | None = None
    shuffle: bool | None = None
    treasure: int | None = Field(default=None, ge=1, le=5000)
    keep: Literal["potion", "rope"] | None = None
    hold: bool | None = None
    release: bool | None = None
    has: Literal["rope", "potion"] | None = None
    end_turn: bool | None = None
    lose_turns: DiceExpr | None = None
    door_opens: bool | None = None
    go_back: bool | None = None
    secret_door: bool | None = None
    rotate_corridors: Literal["left", "half", "right"] | None = None
    monster: str | None = Field(default=None, pattern=r"^[a-z][a-z0-9_]*$")
    creature: str | None = Field(default=None, pattern=r"^[a-z][a-z0-9_]*$")
    no_escape: bool | None = None
    treasure_counters: int | None = Field(default=None, ge=1, le=4)
    drop_treasure: bool | None = None
    driven_out: bool | None = None
    cancel: Cancel | None = None
    monster_loses: DiceExpr | None = None
    slay: bool | None = None
    consult: Table | None = None
    # modifiers
    optional: bool = False  # "you may"
    sneak: bool = False  # with monster: a sneak attack
    pass_: tuple[Effect, ...] | None = Field(default=None, alias="pass")
    fail: tuple[Effect, ...] | None = None
    match: tuple[Effect, ...] | None = None
    miss: tuple[Effect, ...] | None = None
    then: tuple[Effect, ...] | None = None
    otherwise: tuple[Effect, ...] | None = None
    table: dict[str, tuple[Effect, ...]] | None = None

    @model_validator(mode="before")
    @classmethod
    def _known_words(cls, data: Any) -> Any:
        if isinstance(data, Mapping):
            for key in data:
                if key not in VERBS and key not in MODIFIERS:
                    raise said("content.effect_unknown", verb=key, known=", ".join(VERBS))
        return data

    @field_validator("table")
    @classmethod
    def _rows(cls, v: dict[str, tuple[Effect, ...]] | None) -> Any:
        if v is not None and not v:
            raise said("content.table_empty")
        return v

    @model_validator(mode="after")
    def _coherent(self) -> Effect:
        verbs = [v for v in VERBS if getattr(self, v) is not None]
        if len(verbs) != 1:
            raise said("content.effect_verbs", known=", ".join(VERBS))
        verb = verbs[0]
        if verb in FLAGS and getattr(self, verb) is not True:
            raise said("content.effect_flag", verb=verb)
        allowed = BRANCHES.get(verb, ())
        for name in ("pass_", "fail", "match", "miss", "then", "otherwise", "table"):
            if getattr(self, name) is not None and name not in allowed:
                raise said("content.effect_branch", branch=name.rstrip("_"), verb=_owner(name))
        if verb in ("test", "call", "has") and all(getattr(self, b) is None for b in allowed):
            branches = " / ".join(a.rstrip("_") for a in allowed)
            raise said("content.effect_branches", verb=verb, branches=branches)
        if self.sneak and verb != "monster":
            raise said("content.effect_sneak")
        if verb == "roll":
            self._check_table()
        return self

    def _check_table(self) -> None:
        dice: Dice = self.roll  # type: ignore[assignment]
        if not dice.pure:
            raise said("content.table_dice", dice=str(dice))
        if self.table is None:
            raise said("content.roll_table")
        lo, hi = dice.span()
        seen: dict[int, str] = {}
        for key in self.table:
            a, b = parse_range(key, lo, hi)
            for n in range(a, b + 1):
                if n in seen:
                    raise said("content.table_overlap", first=seen[n], second=key, n=n)
                seen[n] = key
        missing = [n for n in range(lo, hi + 1) if n not in seen]
        if missing:
            raise said("content.table_hole", n=missing[0], dice=str(dice))

    @property
    def verb(self) -> str:
        return next(v for v in VERBS if getattr(self, v) is not None)

    def branches(self) -> Iterator[tuple[str, tuple[Effect, ...]]]:
        """The nested branches, named (``pass``, ``fail``, ``match``, ``miss``, ``3-4``)."""
        for name in ("pass_", "fail", "match", "miss", "then", "otherwise"):
            sub = getattr(self, name)
            if sub is not None:
                yield name.rstrip("_"), sub
        for key, sub in (self.table or {}).items():
            yield key, sub

    def rows(self) -> list[tuple[tuple[int, int], tuple[Effect, ...]]]:
        """A rolled table's rows in order of results."""
        assert self.roll is not None and self.table is not None
        lo, hi = self.roll.span()
        return sorted((parse_range(k, lo, hi), v) for k, v in self.table.items())


def _owner(branch: str) -> str:
    return next(v for v, names in BRANCHES.items() if branch in names)


def walk(effects: tuple[Effect, ...]) -> Iterator[Effect]:
    """Every effect of a list, branches included (depth first)."""
    for e in effects:
        yield e
        for _, sub in e.branches():
            yield from walk(sub)
