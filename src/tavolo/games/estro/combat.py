"""Battle arithmetic (E-8 to E-11), shared by the rules and the battle calculator.

Estri are numbered in the order of ``schema.ESTRI`` (ardo, granito, armonio, illusio,
manpo) and each one's primary stat has the same index in ``schema.STATS``.
"""

from __future__ import annotations

from typing import NamedTuple

DIE_BONUS = 5
ZONE_BONUS = 2

# E-8: estri that get +5 on their primary stat for each face of the d6.
DIE_FACES: dict[int, frozenset[int]] = {
    1: frozenset((1, 4)),  # Granito, Manpo
    2: frozenset((4, 2)),  # Manpo, Armonio
    3: frozenset((4, 1, 3)),  # Manpo, Granito, Illusio
    4: frozenset((0,)),  # Ardo
    5: frozenset((2, 3)),  # Armonio, Illusio
    6: frozenset((3, 0)),  # Illusio, Ardo
}

# E-9: added to the attacker's TOT; row = attacker's estro, column = defender's.
MATCHUP: tuple[tuple[int, ...], ...] = (
    (0, 2, 10, -5, -10),  # Ardo
    (-2, 0, 2, 5, 10),  # Granito
    (-10, -2, 0, 10, 5),  # Armonio
    (10, -10, 5, 0, 2),  # Illusio
    (5, 2, -2, 10, 0),  # Manpo
)


class Side(NamedTuple):
    """One card's numbers in a battle, after every bonus."""

    stats: tuple[int, ...]
    estro: int
    die: int | None  # the face rolled, None when this side does not roll
    die_bonus: int  # +5 or 0
    matchup: int  # added to TOT (attacker only)
    primary: int  # the estro's stat, the one E-11 compares first
    tot: int  # the five stats plus the matchup


class Verdict(NamedTuple):
    attacker: Side
    defender: Side
    rule: str  # "primary" (more than double), "tot", or "none"

    @property
    def destroyed(self) -> bool:
        return self.rule != "none"


ONES = (1, 1, 1, 1, 1)


def die_bonus(estro: int, face: int | None) -> int:
    return DIE_BONUS if face is not None and estro in DIE_FACES[face] else 0


def _side(
    stats: list[int], estro: int, die: int | None, mul: tuple[int, ...], matchup: int
) -> Side:
    bonus = DIE_BONUS if die is not None and estro in DIE_FACES[die] else 0
    v = list(stats)
    v[estro] += bonus
    if mul != ONES:
        v = [x * m for x, m in zip(v, mul, strict=True)]
    return Side(tuple(v), estro, die, bonus, matchup, v[estro], sum(v) + matchup)


def judge(
    att: list[int],
    att_estro: int,
    dfd: list[int],
    def_estro: int,
    att_die: int | None,
    def_die: int | None,
    att_mul: tuple[int, ...] = ONES,
    def_mul: tuple[int, ...] = ONES,
) -> Verdict:
    """E-11: destroyed if primary > 2 x primary, else if attacker TOT > defender TOT.

    ``att``/``dfd`` are the cards' stats with every permanent, zone and gift bonus;
    the die bonus goes on the primary stat, then battle multipliers apply.
    """
    a = _side(att, att_estro, att_die, att_mul, MATCHUP[att_estro][def_estro])
    d = _side(dfd, def_estro, def_die, def_mul, 0)
    if a.primary >= 2 * d.primary + 1:
        rule = "primary"
    elif a.tot > d.tot:
        rule = "tot"
    else:
        rule = "none"
    return Verdict(a, d, rule)
