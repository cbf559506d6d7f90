"""Playing the shared card actions (tos-facts section 5) on the hero's cards and tracks.

An action in progress is one step on the stack, ``("card", ref, stage, *chosen)``: ``ref``
names the printed line (see :mod:`.lines`), ``stage`` counts the choices made, ``chosen``
holds the cards chosen so far. :func:`options` lists what the player may choose now (empty:
the action applies without asking, or is over) and :func:`answer` takes one choice.

Decisions tavolo takes where the cards are silent (also in the game's help):

- a "must" action that cannot be done in full does what it can (weakness discards the
  matching cards there are); an action with nothing to act on does nothing;
- exhausting a card for an event never lets you pay its mana (as for an enemy's hit);
- a turned card stays where it is (hand or Discard Deck); cards drawn come from the bottom
  of the Discard Deck, as always (T-1);
- "turn" in heal, ritual and the banner challenge's prize turns a two-tip card to its
  one-tip half (the card heals); the shop turns one card each way;
- observatory values in order are strictly rising or falling, or all equal for "same".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tavolo.engine import Event

from .. import play as inplay
from ..state import TosState
from .actions import CardAction

if TYPE_CHECKING:
    from .play import AdventureRules

Step = tuple[Any, ...]


# ------------------------------------------------------------------ reading the piles --
def banner(s: TosState, c: int) -> int:
    return inplay.half(s, c).banner


def element(s: TosState, c: int) -> str | None:
    return inplay.half(s, c).element


def value(s: TosState, c: int) -> int:
    return inplay.half(s, c).value


def in_place(s: TosState, place: str) -> list[int]:
    if place == "in_hand":
        return sorted(s.hand)
    if place == "in_discard_pile":
        return sorted(s.discard)
    return sorted(s.hand + s.discard)


def _matches(s: TosState, c: int, want: Any) -> bool:
    return bool(want == "any" or banner(s, c) == want)


def take(s: TosState, c: int) -> None:
    """Card ``c`` leaves the hand or the Discard Deck."""
    if c in s.hand:
        s.hand.remove(c)
        return
    i = s.discard.index(c)
    del s.discard[i]
    if i < s.unknown:
        s.unknown -= 1


def discard(s: TosState, c: int, events: list[Event]) -> None:
    take(s, c)
    s.discard.append(c)
    events.append(Event("adv_discard", {"card": c}))


def turn(s: TosState, c: int, events: list[Event]) -> None:
    s.up[c - 1] ^= 1
    events.append(Event("adv_turn", {"card": c, "banner": banner(s, c)}))


def draw(s: TosState, n: int, events: list[Event]) -> None:
    for _ in range(n):
        if not s.discard:
            return
        c = s.discard.pop(0)
        if s.unknown:
            s.unknown -= 1
        s.hand.append(c)
        events.append(Event("draw", {"card": c}))


def buff(s: TosState, track: str, events: list[Event]) -> None:
    inplay.set_track(s, track, inplay.track(s, track) + 1)
    events.append(Event("adv_buff", {"track": track, "value": inplay.track(s, track)}))


def can_turn(s: TosState) -> bool:
    """A ritual's prize turns only Banner ▶▶ cards (it heals them): with none in hand or
    in the Discard Deck, paying its card turns nothing; the player is told so first."""
    return any(banner(s, c) == 2 for c in in_place(s, "in_hand_or_discard"))


# --------------------------------------------------------------------------- options --
def options(s: TosState, a: CardAction, step: Step) -> list[str]:
    """The choices the player has now; empty when the action goes on by itself."""
    stage, chosen = step[2], step[3:]
    if a.kind == "heal":
        return _cards(c for c in in_place(s, a.place) if banner(s, c) == 2) if stage == 0 else []
    if a.kind == "shop":
        if stage == 0:
            ones = [c for c in in_place(s, a.place) if banner(s, c) == 1]
            twos = [c for c in in_place(s, a.place) if banner(s, c) == 2]
            return _cards(ones) if ones and twos else []
        if stage == 1:
            return _cards(c for c in in_place(s, a.place) if banner(s, c) == 2)
        return []
    if a.kind in ("swap", "recover"):
        per = _per(a)
        if stage // per >= a.cards:
            return []
        sub = stage % per
        pool = s.discard if a.kind == "swap" else s.removed
        if sub == 0:
            hand = [c for c in s.hand if _matches(s, c, a.banner) and c not in chosen]
            return [*_cards(hand), "card:stop"] if hand and pool else []
        if sub == 1:
            return _cards(c for c in sorted(pool) if c not in chosen)
        return ["half:1", "half:2"]
    if a.kind == "weakness":
        left = [c for c in s.hand if _matches(s, c, a.banner)]
        if stage >= a.cards or not left or len(left) <= a.cards - stage:
            return []  # all of them go without a choice (see ``advance``)
        return _cards(left)
    if a.kind == "banner_challenge":
        if stage == 0:
            return []
        if step[3] == 1:  # won: the prize
            return _cards(c for c in in_place(s, a.prize_place) if banner(s, c) == 2)
        return _cards(in_place(s, a.penalty_place))
    if a.kind == "camp":
        return _cards(c for c in s.hand if element(s, c) == a.element) if stage == 0 else []
    if a.kind == "ritual":
        if stage == 0:
            return _cards(in_place(s, "in_hand_or_discard"))
        if stage - 1 >= a.prize:
            return []
        twos = [c for c in in_place(s, "in_hand_or_discard") if banner(s, c) == 2]
        return [*_cards(twos), "card:stop"] if twos else []
    if a.kind == "sacrifice":
        return _cards(in_place(s, a.place)) if stage == 0 else []
    if a.kind == "hostage":
        return _cards(c for c in s.hand if element(s, c) == a.element) if stage == 0 else []
    if a.kind == "observatory":
        if stage == 0:
            return _cards(c for c in s.hand if _partners(s, a, c))
        if stage == 1:
            return _cards(_partners(s, a, chosen[0]))
        return []
    if a.kind == "gambling":
        return _cards(s.hand) if stage == 0 and s.discard else []
    if a.kind == "forge":
        e1, e2 = a.elements
        if stage == 0:
            firsts = [
                c
                for c in s.hand
                if element(s, c) == e1 and any(element(s, d) == e2 for d in s.hand if d != c)
            ]
            return _cards(firsts)
        if stage == 1:
            return _cards(c for c in s.hand if element(s, c) == e2 and c != chosen[0])
        if stage == 2 and a.banner == "choice":
            return ["half:1", "half:2"]
        return []
    if a.kind == "pick":
        return ["half:1", "half:2"] if stage == 0 and a.banner in ("choice", "any") else []
    if a.kind == "migration":
        return [f"cell:{i}" for i in range(9) if i != s.pawn[0]] if stage == 0 and s.grid else []
    return []


def choosing(a: CardAction, step: Step) -> str:
    """What the choice at ``step`` is for (the play screen's prompt says it): ``remove``,
    ``exhaust``, ``discard``... one word per kind of choice, named in ``ui/*.yaml``."""
    stage = step[2]
    k = a.kind
    if k in ("swap", "recover"):
        sub = stage % _per(a)
        return ("give", "take" if k == "swap" else "bring_back", "half_back")[sub]
    if k == "shop":
        return "turn_one" if stage == 0 else "turn_two"
    if k == "ritual":
        return "remove" if stage == 0 else "turn_more"
    if k == "banner_challenge":
        return "turn_two" if step[3] == 1 else "exhaust"
    if k in ("observatory", "forge"):
        return ("discard_first", "discard_second", "half_pick")[min(stage, 2)]
    return {
        "heal": "turn_two",
        "weakness": "discard",
        "camp": "discard",
        "sacrifice": "exhaust",
        "hostage": "discard",
        "gambling": "gamble",
        "pick": "half_pick",
        "migration": "cell",
    }.get(k, "card")


def _per(a: Any) -> int:
    """Choices per exchange: the hand card, the other card, and the half when free."""
    return 3 if a.kind == "recover" and a.target_banner == "choice" else 2


def _cards(cs: Any) -> list[str]:
    return [f"card:{c}" for c in cs]


def _partners(s: TosState, a: Any, first: int) -> list[int]:
    """The second cards that complete the star pattern after ``first``, values in order."""
    p1, p2 = a.stars
    if inplay.half(s, first).stars != p1:
        return []
    v1 = value(s, first)
    out = []
    for c in s.hand:
        if c == first or inplay.half(s, c).stars != p2:
            continue
        v2 = value(s, c)
        ok = v2 > v1 if a.order == "ascending" else v2 < v1 if a.order == "descending" else v1 == v2
        if ok:
            out.append(c)
    return out


# ---------------------------------------------------------------------------- apply --
def advance(r: AdventureRules, s: TosState, a: CardAction, events: list[Event]) -> bool:
    """Apply what needs no choice at the top step; True when a choice is awaited."""
    step = s.steps[-1]
    stage = step[2]
    if options(s, a, step):
        return True
    if a.kind == "loot":
        buff(s, a.buff, events)
    elif a.kind == "curse":
        for c in list(s.hand):
            discard(s, c, events)
        for c in list(s.discard):
            turn(s, c, events)
        draw(s, 5 - len(s.hand), events)
    elif a.kind == "weakness":
        for c in [c for c in s.hand if _matches(s, c, a.banner)][: a.cards - stage]:
            discard(s, c, events)
    elif a.kind == "banner_challenge" and stage == 0:
        n = sum(1 for c in in_place(s, a.count_place) if banner(s, c) == a.banner)
        won = n > a.count if a.comparison == "more" else n < a.count
        if a.comparison == "exactly":
            won = n == a.count
        events.append(Event("adv_challenge", {"count": n, "won": won}))
        s.steps[-1] = (*step[:2], 1, 1 if won else 0)
        return bool(options(s, a, s.steps[-1])) or _done(s)
    elif a.kind == "stop_fight":
        s.flee = True
    elif a.kind == "pick" and stage == 0:
        side = a.banner if a.banner in (1, 2) else 1
        r.pick_card(s, step[1], a, int(side), events)
    elif a.kind == "forge" and stage == 2:
        side = a.banner if a.banner in (1, 2) else 1
        for c in step[3:5]:
            discard(s, int(c), events)
        r.pick_card(s, step[1], a, int(side), events)
    return _done(s)


def _pop(s: TosState) -> None:
    if s.steps:  # a defeat on the way has cleared the stack already
        s.steps.pop()


def _done(s: TosState) -> bool:
    s.steps.pop()
    return False


def answer(r: AdventureRules, s: TosState, a: CardAction, action: str, events: list[Event]) -> None:
    step = s.steps[-1]
    ref, stage, chosen = step[1], step[2], step[3:]
    what, _, arg = action.partition(":")
    if what == "card" and arg == "stop":
        s.steps.pop()
        return
    n = int(arg)
    nxt: Step = (*step[:2], stage + 1, *chosen, n)
    if a.kind == "heal":
        turn(s, n, events)
        s.steps.pop()
    elif a.kind == "shop":
        if stage == 1:
            turn(s, chosen[0], events)
            turn(s, n, events)
        s.steps[-1] = nxt
    elif a.kind in ("swap", "recover"):
        per = _per(a)
        s.steps[-1] = nxt
        if stage % per == per - 1:  # the exchange is complete
            h, p = (chosen[-1], n) if per == 2 else (chosen[-2], chosen[-1])
            _exchange(s, a, int(h), int(p), n if per == 3 else None, events)
    elif a.kind == "weakness":
        discard(s, n, events)
        s.steps[-1] = nxt
    elif a.kind == "banner_challenge":
        if step[3] == 1:
            turn(s, n, events)
        else:
            r._exhaust_unpaid(s, n, "adv_exhaust", events)
        _pop(s)
    elif a.kind == "camp":
        discard(s, n, events)
        draw(s, a.draw, events)
        s.steps.pop()
    elif a.kind == "ritual":
        if stage == 0:
            take(s, n)
            s.removed.append(n)
            events.append(Event("adv_remove_card", {"card": n}))
            r.check_defeat(s, events)
            if s.result is not None:
                return
            if not can_turn(s):  # "up to": legal, but say that nothing came of it
                events.append(Event("adv_ritual_idle", {}))
        else:
            turn(s, n, events)
        s.steps[-1] = nxt
    elif a.kind == "sacrifice":
        r._exhaust_unpaid(s, n, "adv_exhaust", events)
        if s.result is None:
            buff(s, a.buff, events)
        _pop(s)
    elif a.kind == "hostage":
        discard(s, n, events)
        buff(s, a.buff, events)
        s.steps.pop()
    elif a.kind == "observatory":
        if stage == 1:
            discard(s, chosen[0], events)
            discard(s, n, events)
            buff(s, a.buff, events)
        s.steps[-1] = nxt
    elif a.kind == "gambling":
        _gamble(s, a, n, events)
        s.steps.pop()
    elif a.kind == "forge":
        if stage == 2:
            s.steps.pop()
            for c in chosen[:2]:
                discard(s, int(c), events)
            r.pick_card(s, ref, a, n, events)
        else:
            s.steps[-1] = nxt
    elif a.kind == "pick":
        s.steps.pop()
        r.pick_card(s, ref, a, n, events)
    elif a.kind == "migration":
        s.steps.pop()
        r.migrate(s, n, events)


def _exchange(s: TosState, a: Any, h: int, p: int, side: int | None, events: list[Event]) -> None:
    """Swap: hand card ``h`` for Discard Deck card ``p``. Recover: ``h`` is removed and the
    removed card ``p`` comes back to the hand on the stated half."""
    if a.kind == "swap":
        take(s, p)
        s.hand.remove(h)
        s.discard.append(h)
        s.hand.append(p)
        events.append(Event("adv_swap", {"out": h, "in": p}))
        return
    s.hand.remove(h)
    s.removed.append(h)
    s.removed.remove(p)
    b = side if side is not None else a.target_banner
    s.up[p - 1] = int(b) - 1
    s.hand.append(p)
    events.append(Event("adv_recover", {"out": h, "in": p, "banner": int(b)}))


def _gamble(s: TosState, a: Any, c: int, events: list[Event]) -> None:
    d = s.discard.pop(0)
    if s.unknown:
        s.unknown -= 1
    s.hand.append(d)
    v1, v2 = value(s, c), value(s, d)
    ok = v2 > v1 if a.comparison == "higher" else v2 < v1 if a.comparison == "lower" else v1 == v2
    events.append(Event("adv_gamble", {"card": c, "drawn": d, "kept": ok}))
    if not ok:
        discard(s, c, events)
        discard(s, d, events)
