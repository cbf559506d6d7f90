"""Inferno 2v2's words: the board, its own actions and events, its help; the rest are the
1v1 words (``view.py``), where a seat is "Player n" in turn order (A1 is Player 1, B1
Player 2, A2 Player 3, B2 Player 4)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from tavolo.engine import Event
from tavolo.engine.i18n import Catalog, Name, check_lang, fit

from .. import view
from ..schema import ESTRI
from ..state import FESSURA
from ..view import MSG as ESTRO
from ..view import ZONE_NAMES, escape
from .state import BARRED_TURNS, SEAT_NAMES, TEAM_NAMES, InfernoState

if TYPE_CHECKING:
    from .rules import Mode

MSG = Catalog(Path(__file__).parent / "messages")


def seat_label(lang: str, q: int) -> Name:
    """A seat as the words name it: "Player 2 (B1)", "del Giocatore 2 (B1)"."""
    return Name(MSG.t(lang, "seat", n=q + 1, seat=SEAT_NAMES[q]), ESTRO.t(lang, "player.article"))


def board(g: Mode, s: InfernoState, player: int | None, lang: str, full: bool = False) -> str:
    """The board as ``player`` sees it: a field card on one line, its gift folded to a
    mark ("gift") and, when the screen has no room for them, the hand's gifts, the
    Incinerators' names, the hand's cards, the line of who is to act (``view.FOLDS``);
    ``full``: every text (``cards`` at the prompt)."""
    check_lang(lang)
    if full:
        return _board(g, s, player, lang, view.FULL)
    room = view.screen_room(g, s, player, lang)
    for fold in (*view.FOLDS, SEATS, PARTNER):
        out = _board(g, s, player, lang, fold)
        if out.count("\n") + 1 <= room:
            break
    return out


SEATS, PARTNER = view.PLAYS + 1, view.PLAYS + 2
"""Inferno's last folds, after ``view.FOLDS``: a seat's line names the seat alone ("A1 ◀
turn · hand 4 ...", the field's cards say "A1" too), then the partner's field cards go
to their slots and names on one line ("A2's cards: #2 Abacus Golem · #4 ..."), the
seat's own cards and the other team's keeping theirs (``cards``: every one in full)."""


def _board(g: Mode, s: InfernoState, player: int | None, lang: str, fold: int) -> str:
    t = MSG.t
    full = fold == view.FULL
    lines = [
        t(lang, "title_line", round=max(1, s.round), turn=s.turn),
        t(
            lang,
            "zones_line",
            zone1=ZONE_NAMES[s.zone],
            estro1=ESTRI[s.zone].capitalize(),
            zone2=ZONE_NAMES[s.zone2],
            estro2=ESTRI[s.zone2].capitalize(),
        ),
    ]
    metas = s.mode.split("+")[1:]
    if metas:
        names = [ESTRO.t(lang, f"mode.{m}") for m in metas]
        lines.append(ESTRO.t(lang, "mode_line", mode=" + ".join([t(lang, "mode_name"), *names])))
    if s.turn <= BARRED_TURNS and s.result is None:
        lines.append(t(lang, "barred"))
    if s.mf & FESSURA:
        opened = ESTRO.t(lang, "rift_opened") if s.rift_turn == s.turn else ""
        lines.append(ESTRO.t(lang, "rift_line", n=len(s.rift)) + opened)
    tots = g.team_tots(s)
    order = [0, 1] if player is None else [1 - (player & 1), player & 1]
    for side in order:
        pl = s.players[side]
        who = (
            t(lang, "team_a_b", a=seat_label(lang, side), b=seat_label(lang, side + 2))
            if player is None
            else t(lang, "team_yours" if side == player & 1 else "team_theirs")
        )
        lines.append(t(lang, "team_line", team=TEAM_NAMES[side], who=who, tot=tots[side]))
        for q in (side, side + 2):
            st = s.seat_of(q)
            lines.append(
                t(
                    lang,
                    "seat_line",
                    seat=SEAT_NAMES[q] if fold >= SEATS else seat_label(lang, q),
                    turn=t(lang, "seat_turn") if q == s.seat and s.result is None else "",
                    hand=len(st.hand),
                    deck=len(st.deck),
                    inc=len(st.inc),
                    zone=ESTRO.t(lang, "zone_spent" if st.zone_used else "zone_free"),
                )
            )
            known = st.known_hand() if q != player else []
            if known:  # (lists of names break between names, not inside one)
                seen = ", ".join(view._name(g, c) for c in known)
                lines += fit("  " + ESTRO.t(lang, "hand_known", cards=seen), 6, sep=", ")
            if st.inc and fold < view.BURNT:
                burnt = ", ".join(view._name(g, c) for c in st.inc)
                lines += fit("  " + ESTRO.t(lang, "incinerator_title", cards=burnt), 6, sep=", ")
        if not pl.field:
            lines.append(ESTRO.t(lang, "field_empty"))
        # (each team's field under its heading, its columns as wide as its own names: a
        # long name of the other team's leaves room for the marks, "TOT 60 A1 usato")
        columns = view._columns(g, s, player, full, side)
        partner = [] if player is None or fold < PARTNER or side != player & 1 else pl.field
        partner = [c for c in partner if g.owner(s, c) != player]
        for i, c in enumerate(pl.field):
            o = g.owner(s, c)
            if c in partner:  # (folded: on a line of their own, below)
                continue
            # (on the screen without its brackets: the card's marks fit its line)
            tag = " " + t(lang, "owner_tag" if full else "owner_short", seat=SEAT_NAMES[o])
            if c in pl.down:
                label = (
                    ESTRO.t(lang, "face_down_known", name=view._name(g, c))
                    if player == o
                    else ESTRO.t(lang, "face_down")
                )
                lines.append(f"  #{i + 1} [italic]{escape(label)}[/]{tag}")
            else:  # the owner beside the TOT, before the marks ("gift used"...)
                line = view._field_line(g, s, side, c, i, player, lang, full, columns)
                head, nl, rest = line.partition("\n")
                before, tot, after = head.rpartition(" TOT ")
                value, close, marks = after.partition("[/]")
                if tot and close:
                    head = f"{before}{tot}{value}{close}{tag}{marks.rstrip()}"
                else:
                    head += tag
                lines.append(head + nl + rest)
        if partner:
            named = [
                f"#{pl.field.index(c) + 1} "
                + (ESTRO.t(lang, "face_down") if c in pl.down else view._name(g, c))
                for c in partner
            ]
            seat = SEAT_NAMES[g.owner(s, partner[0])]
            said = t(lang, "partner_cards", seat=seat, cards=" · ".join(named))
            lines += fit(said, 4, sep=" · ")
    if player is not None:
        hand = s.seat_of(player).hand
        if hand and fold >= view.HAND:
            said = ", ".join(view._name(g, c) for c in hand)
            lines += fit(ESTRO.t(lang, "hand_names", cards=said), 6, sep=", ")
        elif hand:  # (an empty hand has no heading, as on the 1v1 board)
            lines.append(t(lang, "your_hand", seat=seat_label(lang, player)))
        for c in hand if fold < view.HAND else ():
            lines += view.hand_card(g, c, lang, fold < view.HAND_GIFTS)
    b = s.battle
    if b is not None:
        shown = b.d not in s.players[1 - b.ap].down or player == g.owner(s, b.d)
        lines.append(
            ESTRO.t(
                lang,
                "battle_line",
                attacker=view._name(g, b.a),
                defender=view._name(g, b.d) if shown else ESTRO.t(lang, "face_down"),
                adie=b.adie or ESTRO.t(lang, "no_die"),
                ddie=b.ddie or ESTRO.t(lang, "no_die"),
            )
        )
    if s.result is not None:
        lines.append(result_line(s, lang))
    else:
        d = g.decision(s)
        if d is not None and not (fold >= view.RUNS and d.player == player):
            kind = ESTRO.t(lang, f"kind.{d.kind}")
            if d.kind == "attack" and s.turn <= BARRED_TURNS:  # "attack or end" misleads
                kind = t(lang, "kind_barred")
            lines.append(ESTRO.t(lang, "to_act", player=seat_label(lang, d.player), kind=kind))
    out: list[str] = []
    for line in "\n".join(lines).split("\n"):  # every line within 80 columns
        lead = len(line) - len(line.lstrip(" "))
        card = line.startswith("  #") or lead > 20  # (a Chimera's stats: a line of their own)
        # a card's marks in line with its gift; another line broken at its " · " parts
        out += fit(line.rstrip(), 7) if card else view.fit_line(line.rstrip())
    return "\n".join(out)


def result_line(s: InfernoState, lang: str) -> str:
    reason = MSG.t(lang, f"reason.{s.reason}")
    r = s.result
    assert r is not None
    if r[0] == r[1]:
        return MSG.t(lang, "result_draw", reason=reason)
    return MSG.t(lang, "result_win", team=TEAM_NAMES[0 if r[0] > r[1] else 1], reason=reason)


def describe_action(g: Mode, s: InfernoState, action: str, lang: str) -> str:
    """The 1v1 words, but for a gift's target (a side is a team) and a battle zone action
    (whose card depends on the seat deciding)."""
    check_lang(lang)
    parts = action.split(":")
    d = g.decision(s)
    if parts[0] == "target" and d is not None:
        ref = view._card_ref(g, lang, parts[2])
        mine = int(parts[1]) == d.player & 1
        card = MSG.t(lang, "ours", card=ref) if mine else ESTRO.t(lang, "theirs", card=ref)
        return ESTRO.t(lang, "act.target", card=card)
    b = s.battle
    if parts[0] == "zone" and parts[1] in ("sviluppo_tech", "civile") and b is not None:
        attacking = d is not None and d.player & 1 == b.ap
        if parts[1] == "sviluppo_tech":
            card = b.d if attacking else b.a
        else:
            card = b.a if attacking else b.d
        return ESTRO.t(lang, f"act.{parts[1]}", card=view._name(g, card))
    return view.describe_action(g, s, action, lang)


def describe_event(g: Mode, e: Event, player: int | None, lang: str) -> str | None:
    check_lang(lang)
    seen = e.seen_by(player)
    if seen is None:
        return None
    if e.kind == "inferno.end":
        d: dict[str, Any] = dict(seen)
        reason = MSG.t(lang, f"reason.{d['reason']}")
        if d["team"] is None:
            return MSG.t(lang, "ev.end_draw", reason=reason)
        return MSG.t(lang, "ev.end_win", team=d["team"], reason=reason)
    if e.kind == "turn":  # whose turn, with the seat: four players, two teams
        return ESTRO.t(
            lang, "ev.turn", round=seen["round"], player=seat_label(lang, seen["player"])
        )
    return view.describe_event(g, e, player, lang)


def help_text(lang: str) -> str:
    check_lang(lang)
    return MSG.t(lang, "help")
