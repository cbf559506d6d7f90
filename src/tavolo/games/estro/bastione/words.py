"""Ultimo Bastione's words: the board, actions, events and help, in English and Italian.

The mode's own texts live in ``messages/`` beside this module; events and actions of the
1v1 rules reuse the 1v1 words (``estro/view.py``), the horde speaking in the place of a
player.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tavolo.engine import Event
from tavolo.engine.i18n import SCREEN, Catalog, Name, check_lang, fit, shown

from .. import text, view
from ..schema import ESTRI, STATS
from ..state import FESSURA

if TYPE_CHECKING:
    from ..state import EstroState
    from ..view import Option
    from .mode import Mode

MSG = Catalog(Path(__file__).parent / "messages")
ZONE_IDS = view.ZONE_IDS
ZONE_NAMES = view.ZONE_NAMES


def _player(lang: str, k: Any) -> Name:
    return view._player(lang, k)


def _horde(lang: str, k: int = 1) -> Name:
    """The horde as the words name it: "the Horde", "l'Orda", "dell'Orda"."""
    return Name(MSG.t(lang, "horde"), MSG.t(lang, "horde.article"))


def _name(g: Mode, c: str | None) -> str:
    return view.escape(view._name(g, c))


def _where(lang: str, lane: Any, zone: Any) -> str:
    return MSG.t(lang, "where", lane=lane, zone=zone)


# --------------------------------------------------------------------------- board --
def _card(g: Mode, s: Any, q: int, c: str, lang: str) -> str:
    st = g.stats(s, q, c)
    e = g.estro(s, q, c)
    text = f"{_name(g, c)} ({ESTRI[e].capitalize()} {'/'.join(map(str, st))} TOT {sum(st)})"
    if q == 0:
        text += " " + MSG.t(lang, "of_player", player=_player(lang, g.owner(s, c)))
        marks = s.marks.get(c, 0)
        if marks:
            text += " " + MSG.t(lang, "marks", n=marks)
    pl = s.players[q]
    if c in pl.spent:
        text += " " + view.MSG.t(lang, "spent")
    if pl.shield.get(c, 0) >= s.turn:
        text += " " + view.MSG.t(lang, "shielded")
    return text


def board(g: Mode, s: Any, player: int | None, lang: str, full: bool = False) -> str:
    """The board as ``player`` sees it: a lane card's gift folded to a mark ("gift") and,
    when the screen has no room for them, the hand's gifts too, the Incinerator's names
    (to their count), the hand's cards (to their names), the line of who is to act, the
    hand's names and the stats' order where the options name every card (as
    ``view.FOLDS``); ``full``: every text (``cards`` at the prompt)."""
    check_lang(lang)
    if full:
        return "\n".join(_board_lines(g, s, player, lang, view.FULL))
    room = view.screen_room(g, s, player, lang)
    for fold in view.FOLDS:
        lines = _board_lines(g, s, player, lang, fold)
        if len(lines) <= room:
            break
    return "\n".join(lines)


def _board_lines(g: Mode, s: Any, player: int | None, lang: str, fold: int) -> list[str]:
    from .mode import LAST_ROUND
    from .state import DEPTHS, LANES

    t = MSG.t
    team, horde = s.players
    zone = ZONE_NAMES[s.zone]
    lines = [
        t(
            lang,
            "title",
            round=s.rnd,
            last=LAST_ROUND,
            phase=t(lang, f"phase.{s.phase}"),
        ),
        t(
            lang,
            "bastion_line",
            cq=max(0, s.cq),
            cq0=s.cq0,
            deck=len(s.hdeck),
            fallen=len(horde.inc),
        ),
        t(
            lang,
            "zone_line",
            zone=zone,
            estro=ESTRI[s.zone].capitalize(),
            state=t(lang, "zone_used" if team.zone_used else "zone_free"),
        ),
    ]
    for k in range(s.n):
        who = str(_player(lang, k))
        if player == k:
            who += " " + t(lang, "you")
        acting = " " + t(lang, "acting") if s.phase == "dreamers" and s.seat == k else ""
        lines.append(
            t(
                lang,
                "dreamer_line",
                player=who,
                acting=acting,
                left=s.asl[k],
                banked=s.bonus[k],
                hand=len(s.hands[k]),
                deck=len(s.decks[k]),
            )
        )
        known = [c for c in s.hands[k] if c in team.known] if player != k else []
        if known:  # back from the Incinerator, in front of everyone
            cards = ", ".join(_name(g, c) for c in sorted(known))
            lines.append(view.MSG.t(lang, "hand_known", cards=cards))
    cell = s.cell
    ours, theirs = t(lang, "mark_defender"), t(lang, "mark_horde")  # D: and H: (O: in Italian)
    stats = "/".join(x.upper() for x in STATS)
    if fold >= view.PLAYS:  # (the stats' order: on the whole board, `cards`)
        lines.append(t(lang, "lanes_head_short", first=DEPTHS, d=ours, h=theirs))
    else:
        lines += view.fit_line(t(lang, "lanes_head", first=DEPTHS, d=ours, h=theirs, stats=stats))
    for lane in range(LANES):  # each card on its lane's line, by zone, with its gift
        head = t(lang, "cell_lane", lane=lane + 1) + " "
        pad = " " * len(head)
        room = SCREEN - len(pad)  # (the lane's name or its room before each row)
        rows: list[str] = []
        for depth in range(DEPTHS - 1, -1, -1):
            x = lane * DEPTHS + depth
            here = [(0, ours, c) for c in team.field if cell[c] == x]
            here += [(1, theirs, c) for c in horde.field if cell[c] == x]
            zone = t(lang, "cell_zone", zone=depth + 1) + " "
            bare = ""  # cards with no gift text to tell share a line
            for q, mark, c in here:
                said = f"{mark} {_card(g, s, q, c, lang)}"
                gift = g.info[c].gift
                used = c in s.players[q].spent and gift is not None and gift.source.kind == "once"
                if gift is not None and not used and fold != view.FULL:  # its text: `cards`
                    said += " " + view.MSG.t(lang, "gift_mark")
                if gift is None or used or fold != view.FULL:
                    if bare and shown(f"{bare} · {said}") <= room:
                        bare += f" · {said}"
                        continue
                    if bare:
                        rows += fit(bare, len(zone) + 2, room)
                    bare = zone + said
                    continue
                if bare:
                    rows += fit(bare, len(zone) + 2, room)
                    bare = ""
                rows += fit(zone + said, len(zone) + 2, room)
                said = view.escape(text.render_gift(gift.source, lang))  # what it will do
                rows += fit(f"{' ' * len(zone)}[dim]{said}[/]", len(zone) + 2, room)
            if bare:
                rows += fit(bare, len(zone) + 2, room)
        lines += [(head if i == 0 else pad) + r for i, r in enumerate(rows or ["—"])]
    if s.pending:
        names = ", ".join(_name(g, c) for c in s.pending)
        lines += fit(t(lang, "pending", cards=names), 2, sep=", ")  # (names whole)
    if player is not None and 0 <= player < s.n:
        hand = s.hands[player]
        d = g.decision(s)
        plays = {a.split(":")[1] for a in d.actions if a.startswith("play:")} if d else set()
        if hand and fold >= view.PLAYS and d and d.player == player and set(hand) <= plays:
            pass  # (the options name each card of the hand)
        elif hand and fold >= view.HAND:
            names = ", ".join(_name(g, c) for c in hand)
            lines += fit(view.MSG.t(lang, "hand_names", cards=names), 6, sep=", ")
        else:
            lines.append(t(lang, "hand", cards="" if hand else " —"))
        for c in hand if fold < view.HAND else ():  # stats and gift: what an AS buys
            lines += view.hand_card(g, c, lang, fold < view.HAND_GIFTS)
    if team.inc and fold >= view.BURNT:
        lines.append(t(lang, "incinerator_count", n=len(team.inc)))
    elif team.inc:
        burnt = ", ".join(_name(g, c) for c in team.inc)
        lines += fit(t(lang, "incinerator", cards=burnt), 2, sep=", ")
    b = s.battle
    if b is not None:  # a zone window in the middle of an attack: which attack
        lines.append(
            view.MSG.t(
                lang,
                "battle_line",
                attacker=_name(g, b.a),
                defender=_name(g, b.d),
                adie=b.adie or view.MSG.t(lang, "no_die"),
                ddie=b.ddie or view.MSG.t(lang, "no_die"),
            )
        )
    if s.mf & FESSURA:
        lines.append(t(lang, "rift", n=len(s.rift)))
    if s.result is not None:
        key = "won" if s.result[0] > 0.5 else "lost"
        lines.append(t(lang, key, reason=t(lang, f"reason.{s.reason}")))
    else:
        d = g.decision(s)
        if d is not None and not (fold >= view.RUNS and d.player == player):
            who = _player(lang, d.player)
            lines.append(t(lang, "to_act", player=who, kind=_kind(lang, d.kind)))
    return lines


def _kind(lang: str, kind: str) -> str:
    if MSG.has(f"kind.{kind}"):
        return MSG.t(lang, f"kind.{kind}")
    return view.MSG.t(lang, f"kind.{kind}")


# ------------------------------------------------------------------------- actions --
def describe_action(g: Mode, s: EstroState, action: str, lang: str) -> str:
    check_lang(lang)
    t = MSG.t
    parts = action.split(":")
    verb = parts[0]
    if verb in ("play", "replace", "attack") or (verb == "chimera" and parts[1] != "declare"):
        return t(lang, "act.cost", text=_act(g, parts, lang), n=_cost(g, s, verb))
    if verb == "activate":
        return t(lang, "act.activate", card=_name(g, parts[1]))
    if verb == "done":
        return t(lang, "act.done")
    if verb == "fessura":
        return t(lang, "act.fessura", card=_name(g, parts[1]))
    if verb == "chimera":
        return view.MSG.t(lang, "act.chimera_declare")
    if verb == "inspire":
        if parts[1] == "mark":
            return t(lang, "act.inspire_mark", card=_name(g, parts[2]))
        return t(lang, f"act.inspire_{parts[1]}")
    if verb == "keep":
        return t(lang, "act.keep", card=_name(g, parts[1]))
    if verb == "target":
        key = "act.target_team" if parts[1] == "0" else "act.target_horde"
        return t(lang, key, card=_name(g, parts[2]))
    return view.describe_action(g, s, action, lang)


def _act(g: Mode, parts: list[str], lang: str) -> str:
    t, verb = MSG.t, parts[0]
    if verb == "play":
        return t(lang, "act.play", card=_name(g, parts[1]), where=_where(lang, parts[2], parts[3]))
    if verb == "replace":
        return t(lang, "act.replace", old=_name(g, parts[1]), card=_name(g, parts[2]))
    if verb == "attack":
        return t(lang, "act.attack", card=_name(g, parts[1]), target=_name(g, parts[2]))
    return t(
        lang,
        "act.chimera",
        host=_name(g, parts[1]),
        guest=_name(g, parts[2]),
        where=_where(lang, parts[3], parts[4]),
    )


def _cost(g: Mode, s: EstroState, verb: str) -> int:
    """What the action costs the dreamer whose turn it is: an attack 1 AS, a card (a
    play, a replacement, a fusion) 1 or 2 with the dissonance of 3 or 4 dreamers, which
    the options did not say."""
    if verb == "attack":
        return 1
    from .state import BastioneState

    return g.play_cost(s, s.seat) if isinstance(s, BastioneState) else 1


# -------------------------------------------------------------------------- events --
def describe_event(g: Mode, e: Event, player: int | None, lang: str) -> str | None:
    check_lang(lang)
    seen = e.seen_by(player)
    if seen is None:
        return None
    d = dict(seen)
    kind = e.kind
    t = MSG.t
    if kind == "shielded":
        return _shielded(g, d, _player(lang, d["player"]), lang)
    if not kind.startswith("ultimo_bastione."):
        return view.describe_event(g, e, player, lang)
    k = kind.split(".", 1)[1]
    if k == "horde":  # a 1v1 event of the horde: the 1v1 words, the horde as the player
        what = d.pop("what")
        if what == "shielded":
            return _shielded(g, d, _horde(lang), lang)
        return view.describe_event(g, Event(what, {**d, "player": 0}), None, lang, _horde)
    who = _player(lang, d["player"]) if "player" in d else Name("")
    card = _name(g, d.get("card")) if d.get("card") else ""
    if k == "draw":
        if "card" in d:
            return t(lang, "ev.draw", player=who, card=card)
        return t(lang, "ev.draw_hidden", player=who)
    if k == "inspired":
        c = d["choice"]
        if c == "draw":
            if "cards" in d:
                cards = ", ".join(_name(g, x) for x in d["cards"])
                return t(lang, "ev.inspired_draw", player=who, cards=cards)
            return t(lang, "ev.inspired_draw_hidden", player=who, n=d["n"])
        return t(lang, f"ev.inspired_{c}", player=who, card=card)
    if k == "keep":
        if "card" in d:
            return t(lang, "ev.keep", player=who, card=card, other=_name(g, d["bottom"]))
        return t(lang, "ev.keep_hidden", player=who)
    if k == "end":
        reason = t(lang, f"reason.{d['reason']}")
        return t(lang, "ev.won" if d["won"] else "ev.lost", reason=reason, cq=d["cq"])
    if k == "chimera":
        return t(
            lang,
            "ev.chimera",
            player=who,
            host=_name(g, d["host"]),
            guest=_name(g, d["guest"]),
            where=_where(lang, d["lane"], d["zone"]),
        )
    where = _where(lang, d["lane"], d["zone"]) if "lane" in d else ""
    return t(
        lang,
        f"ev.{k}",
        player=who,
        card=card,
        where=where,
        round=d.get("round", ""),
        damage=d.get("damage", ""),
        cq=d.get("cq", ""),
        old=_name(g, d.get("old")),
        defender=_name(g, d.get("defender")),
        left=d.get("as_left", ""),
        n=d.get("as", ""),
        engaged=t(lang, "ev.engaged") if d.get("engaged") else "",
    )


def _shielded(g: Mode, d: dict[str, Any], who: Name, lang: str) -> str:
    """A protection's end as a phase of a round: the 1v1 words said "until turn 5", a
    count this board never shows (a phase is a turn: odd the horde's, even the
    dreamers')."""
    until = int(d["until_turn"])
    phase = MSG.t(lang, "phase.horde" if until % 2 else "phase.dreamers")
    return MSG.t(
        lang,
        "ev.shielded",
        card=_name(g, d["card"]),
        player=who,
        phase=phase,
        round=(until + 1) // 2,
    )


# ---------------------------------------------------------------------------- help --
def help_text(lang: str) -> str:
    check_lang(lang)
    return MSG.t(lang, "help")


# -------------------------------------------------------------------------- options --
def option_words(g: Mode, s: EstroState, lang: str) -> Callable[[str], Option | None]:
    """A hand card's plays share a line, its cells as "L1 Z3" (lane 1, zone 3): "Play
    Skorvun (1 AS) into L lane, Z zone: 1 L1 Z3 · 2 L1 Z4 · 3 L3 Z1"."""

    def own(action: str) -> Option | None:
        parts = action.split(":")
        if parts[0] != "play" or len(parts) != 4:
            return None
        card = parts[1]
        head = MSG.t(lang, "opt.play", card=_name(g, card), n=_cost(g, s, "play"))
        return f"play:{card}", head, MSG.t(lang, "opt.where", lane=parts[2], zone=parts[3])

    return own
