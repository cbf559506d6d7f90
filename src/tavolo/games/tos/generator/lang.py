"""Short builders for the effect language of ``schema.py``, so skill models read like cards.

``Sentence`` takes its conditions under the alias ``if`` (a Python keyword), which a typed
constructor call cannot spell; :func:`sentence` builds it through validation instead.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..schema import Ability, Action, Condition, Count, Sentence, Track


def gain(track: Track, n: int) -> Action:
    return Action(gain=track, n=n)


def set_to(track: Track, n: int) -> Action:
    return Action(set=track, n=n)


def transfer(source: Track, target: Track) -> Action:
    return Action(transfer=(source, target))


def take_back(n: int) -> Action:
    """Take back into hand up to ``n`` cards used to Infuse this turn."""
    return Action(take_back=n)


def tick_legacy() -> Action:
    """Fill the legacy bar's leftmost free box and gain its bonus in attack."""
    return Action(tick="legacy", into="attack")


def at_least(count: Count, n: int) -> Condition:
    return Condition(count=count, at_least=n)


def at_most(count: Count, n: int) -> Condition:
    return Condition(count=count, at_most=n)


def exactly(count: Count, n: int) -> Condition:
    return Condition(count=count, exactly=n)


def sentence(
    *do: Action, when: Iterable[Condition] = (), pay: dict[Track, int] | None = None
) -> Sentence:
    """``If <when>: <do>`` (or ``Pay <pay>: <do>``); a plain order without either."""
    return Sentence.model_validate({"if": tuple(when), "pay": pay, "do": do})


def ability(cost: int, *says: Sentence) -> Ability:
    return Ability(cost=cost, says=says)
