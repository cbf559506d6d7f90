"""Estro's companion tools for the command line (``tavolo estro battle``, ``cards``).

Plain functions with annotated parameters; the CLI builds commands from them.
"""

from __future__ import annotations

from typing import Any, get_args

from tavolo.engine import ConfigError, UnknownName
from tavolo.engine.i18n import check_lang
from tavolo.engine.tools import ToolResult, helped

from . import combat
from .content import Collection, default_collection
from .schema import _VERBS, ESTRI, STATS, Card, Chance, Trigger
from .text import TEMPLATES, render_card, render_gift
from .view import MSG, ZONE_NAMES, escape
from .zona import ZONE_IDS


def _zone(zone: str | None) -> int | None:
    if zone is None or zone == "none":
        return None
    z = zone.lower()
    if z in ZONE_IDS:
        return ZONE_IDS.index(z)
    if z in ESTRI:
        return ESTRI.index(z)
    raise UnknownName("zone", zone, (*ZONE_IDS, *ESTRI), nouns=MSG)


@helped(MSG, "tool_help.battle")
def battle(
    attacker: str,
    defender: str,
    att_roll: int | None = None,
    def_roll: int | None = None,
    zone: str | None = None,
    round: int = 2,
    lang: str = "en",
) -> ToolResult:
    """The numbers of ``combat.judge`` laid out for a player checking a battle by hand."""
    check_lang(lang)
    for name, roll in (("att-roll", att_roll), ("def-roll", def_roll)):
        if roll is not None and not 1 <= roll <= 6:
            raise ConfigError.said(MSG, "error.die_face", flag=name, roll=roll)
    if round < 1:
        raise ConfigError.said(MSG, "error.round", round=round)
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

    def stat_line(stats: tuple[int, ...]) -> str:  # under the stats' names (the row above)
        return " ".join(f"{x:>3}" for x in stats)

    def die(face: int | None, bonus: int, estro: int) -> str:
        if face is None:
            return t(lang, "tool.no_roll")
        return f"{face} → " + (
            f"+{bonus} {STATS[estro].upper()}" if bonus else t(lang, "tool.no_bonus")
        )

    names = " ".join(f"{k.upper():>3}" for k in STATS)
    rows = [
        ("", names, names),
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
    side = max(len(a.name), *(len(r[1]) for r in rows)) + 2  # two cards side by side in 80
    lines.append(f"{'':<{width}}  [bold]{an}[/]{'':<{side - len(a.name)}}[bold]{dn}[/]")
    lines += [f"{r[0]:<{width}}  {r[1]:<{side}}{r[2]}".rstrip() for r in rows]
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


# ---------------------------------------------------------------------------- cards --
TRIGGERS: tuple[str, ...] = get_args(Trigger)
CHANCES = ("coin", "percent", "tot", "die")
GIFT_WORDS = ("any", "none", "once", "passive", "chance", *TRIGGERS, *_VERBS, *CHANCES)
"""What ``--gift`` understands: a gift or none, a kind, a trigger, a verb, a chance."""
SORTS = ("number", "name", "estro", "tot", "primary")


def _words(value: str | None, known: tuple[str, ...], what: str) -> tuple[str, ...]:
    """A comma-separated filter, each word checked against ``known``."""
    if value is None:
        return ()
    words = tuple(w.strip().lower() for w in value.split(",") if w.strip())
    for w in words:
        if w not in known:
            raise UnknownName(what, w, known, nouns=MSG)
    return words


def _chance_kind(chance: Chance | None) -> str | None:
    if chance is None:
        return None
    if chance.coin:
        return "coin"
    if chance.percent is not None:
        return "percent"
    return "tot" if chance.tot else "die"


def _has(card: Card, word: str) -> bool:
    g = card.gift
    if word == "none":
        return g is None
    if g is None:
        return False
    if word in ("any", g.kind, g.trigger):
        return True
    if word == "chance":
        return g.chance is not None
    if word in CHANCES:
        return _chance_kind(g.chance) == word
    return any(e.verb == word for e in g.do)


def find_card(col: Collection, name_or_id: str) -> Card:
    """A card by id or by name, any case (``furnace_hound``, ``Furnace Hound``)."""
    key = name_or_id.strip().lower()
    for c in col.cards:
        if key in (c.id, c.name.lower()):
            return c
    return col.card(key.replace(" ", "_"))  # raises UnknownName with suggestions


def card_data(col: Collection, c: Card, lang: str) -> dict[str, Any]:
    return {
        "number": col.index[c.id] + 1,
        "id": c.id,
        "name": c.name,
        "estro": c.estro,
        "stats": dict(zip(STATS, c.stats.as_tuple(), strict=True)),
        "tot": c.tot,
        "gift": None if c.gift is None else c.gift.model_dump(by_alias=True, exclude_defaults=True),
        "text": None if c.gift is None else render_gift(c.gift, lang),
    }


LIST_WIDTH = 80  # the narrowest terminal the tools are read in


def _gift_label(c: Card, lang: str) -> str:
    if c.gift is None:
        return "—"
    kind = TEMPLATES[lang][f"gift.kind.{c.gift.kind}"]
    return f"{kind} · {MSG.t(lang, f'tool.cards.trigger.{c.gift.trigger}')}"


def _show(col: Collection, c: Card, lang: str) -> str:
    t = MSG.t
    stats = dict(zip(STATS, c.stats.as_tuple(), strict=True))
    primary = STATS[ESTRI.index(c.estro)]
    lines = [
        f"[bold]{escape(c.name)}[/] · {c.estro.capitalize()}",
        t(lang, "tool.cards.number", n=col.index[c.id] + 1, total=len(col.cards), id=c.id),
        t(lang, "tool.cards.stats", tot=c.tot, primary=primary.upper(), **stats),
        escape(render_gift(c.gift, lang)) if c.gift else t(lang, "tool.cards.empty"),
    ]
    return "\n".join(lines)


@helped(MSG, "tool_help.cards")
def cards(
    card: str | None = None,
    /,
    estro: str | None = None,
    gift: str | None = None,
    min_tot: int | None = None,
    max_tot: int | None = None,
    name: str | None = None,
    sort: str = "number",
    full: bool = False,
    lang: str = "en",
) -> ToolResult:
    """The collection as players browse it; filters and sorts are the options' words."""
    check_lang(lang)
    col = default_collection()
    if card is not None:
        c = find_card(col, card)
        return ToolResult(card_data(col, c, lang), _show(col, c, lang))
    estri = _words(estro, ESTRI, "estro")
    words = _words(gift, GIFT_WORDS, "gift filter")
    if sort not in SORTS:
        raise UnknownName("sort order", sort, SORTS, nouns=MSG)
    if min_tot is not None and max_tot is not None and min_tot > max_tot:
        raise ConfigError.said(MSG, "error.tot_range", low=min_tot, high=max_tot)
    part = (name or "").strip().lower()
    chosen = [
        c
        for c in col.cards
        if (not estri or c.estro in estri)
        and all(_has(c, w) for w in words)
        and (min_tot is None or c.tot >= min_tot)
        and (max_tot is None or c.tot <= max_tot)
        and part in c.name.lower()
    ]
    keys: dict[str, Any] = {
        "number": lambda c: col.index[c.id],
        "name": lambda c: c.name.lower(),
        "estro": lambda c: (ESTRI.index(c.estro), col.index[c.id]),
        "tot": lambda c: (-c.tot, col.index[c.id]),
        "primary": lambda c: (-c.stats.as_tuple()[ESTRI.index(c.estro)], col.index[c.id]),
    }
    chosen.sort(key=keys[sort])
    t = MSG.t
    data = {"cards": [card_data(col, c, lang) for c in chosen], "total": len(col.cards)}
    if not chosen:
        return ToolResult(data, t(lang, "tool.cards.none"))
    lines: list[str] = []
    if full:
        lines += [f"{col.index[c.id] + 1:>3}  {escape(render_card(c, lang))}" for c in chosen]
    else:
        name_width = max((len(c.name) for c in col.cards), default=4)  # the longest name
        lines.append(
            t(
                lang,
                "tool.cards.header",
                num="#",
                name=t(lang, "tool.cards.name").ljust(name_width),
                estro=t(lang, "tool.cards.estro").ljust(7),
                gift=t(lang, "tool.cards.gift"),
            )
        )
        for c in chosen:
            st = " ".join(f"{v:>3}" for v in c.stats.as_tuple())
            row = (
                f"{col.index[c.id] + 1:>3}  {escape(c.name):<{name_width}} "
                f"{c.estro.capitalize():<7}  {st}  {c.tot:>3}  "
            )
            label = _gift_label(c, lang)
            if len(row) + len(label) > LIST_WIDTH:  # a long trigger: on a line of its own
                lines += [row.rstrip(), " " * 5 + "↳ " + label]
            else:
                lines.append(row + label)
    gifts = sum(c.gift is not None for c in chosen)
    lines.append("")
    lines.append(t(lang, "tool.cards.count", n=len(chosen), total=len(col.cards), gifts=gifts))
    return ToolResult(data, "\n".join(lines))


TOOLS = {"battle": battle, "cards": cards}
