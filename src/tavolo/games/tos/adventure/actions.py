"""The card actions shared by TOS's world and dungeon adventures, as validated data.

Each action of tos-facts section 5 is a frozen, strict pydantic model named by its ``kind``
(snake_case ids; the original's ``discard`` is ``weakness``, ``swapSequence`` is ``camp``,
``helper`` is ``hostage``, ``constellation`` is ``observatory``, ``discardHand`` is
``curse``). Every model carries the two wrappers:

- ``may`` -- "you may" (``True``) or "you must" (``False``), defaulting per action;
- ``once`` -- printed "For 1 time" (once per game); ``forge`` and ``stop_fight`` are
  repeatable and ``pick`` is printed without it, so those default to ``False``.

:data:`CardAction` is the discriminated union (on ``kind``), so a YAML or JSON list of actions
validates with one clear error naming the field. :func:`draw_action` fixes every list-valued
parameter by one draw each, in the facts' draw order (:data:`DRAWS`). Nothing here plays an
action.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, RootModel, TypeAdapter, field_validator

from tavolo.engine.content import validate_entry
from tavolo.engine.errors import ContentError, SaidValue, UnknownName
from tavolo.engine.files import read_data
from tavolo.engine.rng import RNG
from tavolo.games.tos.text import MSG

Place = Literal["in_hand", "in_discard_pile", "in_hand_or_discard"]
"""Where the cards are: hand, discard pile, or either (printed as nothing)."""
CardBanner = Literal[1, 2, "any"]
"""The banner (number of tips) of the cards an action asks for; ``any`` for no restriction."""
Side = Literal[1, 2, "choice"]
"""The half a card comes back on: banner 1, banner 2, or the player's choice."""
PickSide = Literal[1, 2, "choice", "any"]
Buff = Literal["attack", "defense", "mana"]
"""A +1 to one status track."""
Element = Literal["fire", "water", "earth", "air"]
Star = Literal[1, 2]
ChallengeComparison = Literal["more", "less", "exactly"]
GamblingComparison = Literal["higher", "lower", "same"]
Order = Literal["ascending", "descending", "same"]
ElementPair = tuple[Element, Element]

PLACES: tuple[Place, ...] = ("in_hand", "in_discard_pile", "in_hand_or_discard")
HAND_OR_DISCARD: tuple[Place, ...] = ("in_hand", "in_discard_pile")
BUFFS: tuple[Buff, ...] = ("attack", "defense", "mana")
ELEMENTS: tuple[Element, ...] = ("fire", "water", "earth", "air")
STAR_PATTERNS: tuple[tuple[Star, Star], ...] = ((1, 1), (1, 2), (2, 1), (2, 2))
FORGE_PAIRS: tuple[ElementPair, ...] = (
    ("fire", "air"),
    ("earth", "water"),
    ("water", "fire"),
    ("air", "earth"),
)


class _Action(BaseModel):
    model_config = ConfigDict(strict=True, frozen=True, extra="forbid")

    may: bool = True
    once: bool = True


class Heal(_Action):
    """Turn N two-tip cards in the place to their one-tip half."""

    kind: Literal["heal"] = "heal"
    cards: Literal[1] = 1
    place: Place


class Shop(_Action):
    """Choose one one-tip and one two-tip card in the place and turn both."""

    kind: Literal["shop"] = "shop"
    cards: Literal[1] = 1
    place: Literal["in_hand", "in_discard_pile"]


class Swap(_Action):
    """Exchange up to N hand cards of a banner with as many discard-pile cards."""

    kind: Literal["swap"] = "swap"
    cards: Literal[1, 2]
    banner: CardBanner
    target_banner: Literal["any"] = "any"


class Recover(_Action):
    """Exchange up to N hand cards of a banner with as many removed cards, on a stated half."""

    kind: Literal["recover"] = "recover"
    cards: Literal[1, 2]
    banner: CardBanner
    target_banner: Side


class Weakness(_Action):
    """Discard exactly N cards of a banner from hand (the original's ``discard``)."""

    kind: Literal["weakness"] = "weakness"
    may: bool = False
    cards: Literal[3, 4, 5]
    banner: CardBanner


class BannerChallenge(_Action):
    """If you have (comparison) N cards of a banner in a place, turn a two-tip card as the
    prize; otherwise exhaust a card of your choice as the penalty."""

    kind: Literal["banner_challenge"] = "banner_challenge"
    may: bool = False
    comparison: ChallengeComparison
    count: Literal[2, 3]
    count_place: Literal["in_hand", "in_discard_pile"]
    prize_cards: Literal[1] = 1
    prize_place: Place
    penalty_cards: Literal[1] = 1
    penalty_place: Literal["in_hand", "in_discard_pile"]
    banner: Literal[1, 2]


class Camp(_Action):
    """Discard a card showing the element, then draw 2 (the original's ``swapSequence``)."""

    kind: Literal["camp"] = "camp"
    cards: Literal[1] = 1
    element: Element
    draw: Literal[2] = 2


class StopFight(_Action):
    """Abandon the current fight at any moment (repeatable)."""

    kind: Literal["stop_fight"] = "stop_fight"
    once: bool = False


class Ritual(_Action):
    """Remove 1 card to turn up to N cards."""

    kind: Literal["ritual"] = "ritual"
    cards: Literal[1] = 1
    prize: Literal[3, 4, 5]


class Sacrifice(_Action):
    """Exhaust 1 card in the place to gain a buff."""

    kind: Literal["sacrifice"] = "sacrifice"
    cards: Literal[1] = 1
    buff: Buff
    place: Place


class Loot(_Action):
    """Gain a buff."""

    kind: Literal["loot"] = "loot"
    buff: Buff


class Hostage(_Action):
    """Discard 1 card of the element for a buff (the original's ``helper``)."""

    kind: Literal["hostage"] = "hostage"
    cards: Literal[1] = 1
    element: Element
    buff: Buff


class Observatory(_Action):
    """Discard cards forming a two-card star pattern, values in order, for a buff (the
    original's ``constellation``)."""

    kind: Literal["observatory"] = "observatory"
    stars: tuple[Star, Star] = Field(strict=False)
    buff: Buff
    order: Order


class Curse(_Action):
    """Discard the hand, turn every card in the discard pile, draw a new hand (the
    original's ``discardHand``)."""

    kind: Literal["curse"] = "curse"
    may: bool = False


class Migration(_Action):
    """Swap the grid positions of this card and any other card."""

    kind: Literal["migration"] = "migration"


class Gambling(_Action):
    """Pick a card in hand and draw one; keep both if the drawn value compares as stated."""

    kind: Literal["gambling"] = "gambling"
    comparison: GamblingComparison


class Forge(_Action):
    """Discard the two element cards to add this card's back to the discard pile on a half
    (repeatable; a picking action)."""

    kind: Literal["forge"] = "forge"
    once: bool = False
    elements: ElementPair = Field(strict=False)
    banner: Side

    @field_validator("elements")
    @classmethod
    def _known_pair(cls, v: ElementPair) -> ElementPair:
        if v not in FORGE_PAIRS:
            pairs = ", ".join("+".join(p) for p in FORGE_PAIRS)
            raise SaidValue(MSG, "content.forge_pair", pair="+".join(v), pairs=pairs)
        return v


class Pick(_Action):
    """Add the back of this card (world) or of card ``card`` (dungeon) to the discard pile
    on a half. Printed without "For 1 time"; its optionality comes from the quest."""

    kind: Literal["pick"] = "pick"
    may: bool = False
    once: bool = False
    banner: PickSide
    card: Literal[5, 6] | None = None


CardAction = Annotated[
    Heal
    | Shop
    | Swap
    | Recover
    | Weakness
    | BannerChallenge
    | Camp
    | StopFight
    | Ritual
    | Sacrifice
    | Loot
    | Hostage
    | Observatory
    | Curse
    | Migration
    | Gambling
    | Forge
    | Pick,
    Field(discriminator="kind"),
]
"""Any card action, told apart by ``kind``."""

ACTION_TYPES: dict[str, type[_Action]] = {
    "heal": Heal,
    "shop": Shop,
    "swap": Swap,
    "recover": Recover,
    "weakness": Weakness,
    "banner_challenge": BannerChallenge,
    "camp": Camp,
    "stop_fight": StopFight,
    "ritual": Ritual,
    "sacrifice": Sacrifice,
    "loot": Loot,
    "hostage": Hostage,
    "observatory": Observatory,
    "curse": Curse,
    "migration": Migration,
    "gambling": Gambling,
    "forge": Forge,
    "pick": Pick,
}
KINDS: tuple[str, ...] = tuple(ACTION_TYPES)

DRAWS: dict[str, tuple[tuple[str, tuple[Any, ...]], ...]] = {
    "heal": (("cards", (1,)), ("place", PLACES)),
    "shop": (("cards", (1,)), ("place", HAND_OR_DISCARD)),
    "swap": (("cards", (1, 2)), ("banner", (1, 2, "any")), ("target_banner", ("any",))),
    "recover": (("cards", (1, 2)), ("banner", (1, 2, "any")), ("target_banner", (1, 2, "choice"))),
    "weakness": (("cards", (3, 4, 5)), ("banner", (1, 2, "any"))),
    "banner_challenge": (
        ("comparison", ("more", "less", "exactly")),
        ("count", (2, 3)),
        ("count_place", HAND_OR_DISCARD),
        ("prize_cards", (1,)),
        ("prize_place", PLACES),
        ("penalty_cards", (1,)),
        ("penalty_place", HAND_OR_DISCARD),
        ("banner", (1, 2)),
    ),
    "camp": (("cards", (1,)), ("element", ELEMENTS)),
    "stop_fight": (),
    "ritual": (("cards", (1,)), ("prize", (3, 4, 5))),
    "sacrifice": (("cards", (1,)), ("buff", BUFFS), ("place", PLACES)),
    "loot": (("buff", BUFFS),),
    "hostage": (("element", ELEMENTS), ("buff", BUFFS)),
    "observatory": (
        ("stars", STAR_PATTERNS),
        ("buff", BUFFS),
        ("order", ("ascending", "descending", "same")),
    ),
    "curse": (),
    "migration": (),
    "gambling": (("comparison", ("higher", "lower", "same")),),
    "forge": (("elements", FORGE_PAIRS), ("banner", (1, 2, "choice"))),
    "pick": (("banner", (1, 2, "choice", "any")),),
}
"""Per action, its list-valued parameters in draw order, each with the list it is drawn from.

One-item lists are drawn too (the facts fix every list by one draw). Not drawn: the
banner challenge's "modifier" (the facts name it in the draw order but give no values),
``pick``'s card number (set by the quest that places it), the wrappers."""

_ADAPTER: TypeAdapter[CardAction] = TypeAdapter(CardAction)


class ActionEntry(RootModel[CardAction]):
    """One card action as a content entry (errors read ``field <kind>.<param>``)."""

    model_config = ConfigDict(strict=True, frozen=True)


def parse_action(data: Any, file: str = "<data>", entry: str = "action") -> CardAction:
    """One action from plain data; a :class:`ContentError` names file, entry and field."""
    return validate_entry(ActionEntry, data, file, entry).root


def parse_actions(data: Any, file: str = "<data>") -> list[CardAction]:
    """A list of actions from plain data (e.g. a YAML list). Entries are named by position
    and kind in errors: ``file: entry '#2 swap': field swap.banner: ...``."""
    if not isinstance(data, list):
        raise ContentError.said(MSG, "content.actions_list", file=file)
    out: list[CardAction] = []
    for i, raw in enumerate(data):
        kind = raw.get("kind") if isinstance(raw, dict) else None
        name = f"#{i + 1}" + (f" {kind}" if isinstance(kind, str) else "")
        out.append(parse_action(raw, file, name))
    return out


def load_actions(path: str | Path) -> list[CardAction]:
    """A YAML or JSON file holding a list of actions; errors name the file."""
    p = Path(path)
    return parse_actions(read_data(p, ContentError), p.name)


def action_to_json(a: CardAction) -> dict[str, Any]:
    """Plain JSON data for one action (every field, so defaults survive a change)."""
    data: dict[str, Any] = _ADAPTER.dump_python(a, mode="json")
    return data


def action_from_json(data: Any) -> CardAction:
    return _ADAPTER.validate_python(data)


def draw_action(rng: RNG, kind: str, **wrappers: bool) -> CardAction:
    """A ``kind`` action with every list-valued parameter fixed by one labelled draw each,
    in the facts' order; ``may`` / ``once`` may be given, else each action's defaults."""
    if kind not in DRAWS:
        raise UnknownName("adventure action", kind, KINDS)
    bad = set(wrappers) - {"may", "once"}
    if bad:
        raise TypeError(f"draw_action: only may and once can be given, not {sorted(bad)}")
    values: dict[str, Any] = {"kind": kind, **wrappers}
    for field, options in DRAWS[kind]:
        values[field] = rng.choice(options, label=f"{kind}.{field}")
    return _ADAPTER.validate_python(values, strict=False)
