"""Estro's companion tools for the command line (``tavolo estro battle``).

Plain functions with annotated parameters; the CLI builds commands from them.
"""

from __future__ import annotations

from typing import Any

from tavolo.engine import ConfigError, UnknownName
from tavolo.engine.i18n import check_lang
from tavolo.engine.tools import ToolResult

from . import combat
from .content import default_collection
from .rules import ZONE_IDS
from .schema import ESTRI, STATS
from .view import MSG, ZONE_NAMES, escape


def _zone(zone: str | None) -> int | None:
    if zone is None or zone == "none":
        return None
    z = zone.lower()
    if z in ZONE_IDS:
        return ZONE_IDS.index(z)
    if z in ESTRI:
        return ESTRI.index(z)
    raise UnknownName("zone", zone, (*ZONE_IDS, *ESTRI))


def battle(
    attacker: str,
    defender: str,
    att_roll: int | None = None,
    def_roll: int | None = None,
    zone: str | None = None,
    round: int = 2,
    lang: str = "en",
) -> ToolResult:
    """Battle calculator: every bonus (die, zone, matchup), both TOTs and the verdict."""
    check_lang(lang)
    for name, roll in (("att-roll", att_roll), ("def-roll", def_roll)):
        if roll is not None and not 1 <= roll <= 6:
            raise ConfigError(f"--{name} must be a die face 1..6, not {roll}")
    if round < 1:
        raise ConfigError(f"--round must be 1 or more, not {round}")
    col = default_collection()
    a, d = col.card(attacker), col.card(defender)
    z = _zone(zone)
    ae, de = ESTRI.index(a.estro), ESTRI.index(d.estro)
    astats, dstats = list(a.stats.as_tuple()), list(d.stats.as_tuple())
    azone = combat.ZONE_BONUS if z == ae else 0
    dzone = combat.ZONE_BONUS if z == de else 0
    astats[ae] += azone
    dstats[de] += dzone
    droll = def_roll if round > 1 else None  # E-7: no defender roll in round 1
    v = combat.judge(astats, ae, dstats, de, att_roll, droll)
    need = 2 * v.defender.primary + 1
    data: dict[str, Any] = {
        "attacker": {
            "id": a.id,
            "estro": a.estro,
            "base": dict(zip(STATS, a.stats.as_tuple(), strict=True)),
            "die": att_roll,
            "die_bonus": v.attacker.die_bonus,
            "zone_bonus": azone,
            "matchup": v.attacker.matchup,
            "primary": v.attacker.primary,
            "tot": v.attacker.tot,
        },
        "defender": {
            "id": d.id,
            "estro": d.estro,
            "base": dict(zip(STATS, d.stats.as_tuple(), strict=True)),
            "die": droll,
            "die_bonus": v.defender.die_bonus,
            "zone_bonus": dzone,
            "primary": v.defender.primary,
            "tot": v.defender.tot,
        },
        "zone": None if z is None else ZONE_IDS[z],
        "round": round,
        "primary_check": v.attacker.primary >= need,
        "tot_check": v.attacker.tot > v.defender.tot,
        "rule": v.rule,
        "destroyed": v.destroyed,
    }
    t = MSG.t
    an, dn = escape(a.name), escape(d.name)

    def stat_line(stats: tuple[int, ...]) -> str:
        return " ".join(f"{k.upper()} {x}" for k, x in zip(STATS, stats, strict=True))

    def die(face: int | None, bonus: int, estro: int) -> str:
        if face is None:
            return t(lang, "tool.no_roll")
        return f"{face} → " + (
            f"+{bonus} {STATS[estro].upper()}" if bonus else t(lang, "tool.no_bonus")
        )

    rows = [
        (t(lang, "tool.base"), stat_line(a.stats.as_tuple()), stat_line(d.stats.as_tuple())),
        (
            t(lang, "tool.die"),
            die(att_roll, v.attacker.die_bonus, ae),
            die(droll, v.defender.die_bonus, de),
        ),
        (
            t(lang, "tool.zone"),
            f"+{azone} {STATS[ae].upper()}" if azone else "—",
            f"+{dzone} {STATS[de].upper()}" if dzone else "—",
        ),
        (t(lang, "tool.matchup"), f"{v.attacker.matchup:+d}", ""),
        (t(lang, "tool.final"), stat_line(v.attacker.stats), stat_line(v.defender.stats)),
        (
            t(lang, "tool.primary"),
            f"{STATS[ae].upper()} {v.attacker.primary}",
            f"{STATS[de].upper()} {v.defender.primary}",
        ),
        (t(lang, "tool.tot"), str(v.attacker.tot), str(v.defender.tot)),
    ]
    width = max(len(r[0]) for r in rows)
    lines = [
        t(
            lang,
            "tool.title",
            attacker=an,
            aestro=a.estro.capitalize(),
            defender=dn,
            destro=d.estro.capitalize(),
            zone=ZONE_NAMES[z] if z is not None else "—",
            round=round,
        ),
        "",
    ]
    lines.append(f"{'':<{width}}  [bold]{an:<34}[/] [bold]{dn}[/]")
    lines += [f"{r[0]:<{width}}  {r[1]:<34} {r[2]}" for r in rows]
    lines.append("")
    yes, no = t(lang, "tool.yes"), t(lang, "tool.no")
    lines.append(
        t(
            lang,
            "tool.check_primary",
            a=v.attacker.primary,
            d=v.defender.primary,
            need=need,
            answer=yes if data["primary_check"] else no,
        )
    )
    if not data["primary_check"]:
        lines.append(
            t(
                lang,
                "tool.check_tot",
                a=v.attacker.tot,
                d=v.defender.tot,
                answer=yes if data["tot_check"] else no,
            )
        )
    lines.append(t(lang, f"tool.verdict_{v.rule}", defender=dn))
    return ToolResult(data, "\n".join(lines))


TOOLS = {"battle": battle}
