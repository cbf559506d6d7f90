"""Estro in words: the board, actions and events, in English and Italian.

All wording lives in ``messages/{en,it}.yaml``; card text comes from ``text.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from tavolo.engine import Event
from tavolo.engine.i18n import (
    SCREEN,
    Name,
    check_lang,
    fit,
    keep_whole,
    option_lines,
    shown,
)

from . import text
from .content import MESSAGES
from .dial import default_sectors, sector_ids
from .schema import ESTRI, STATS
from .state import FESSURA, MNEMONICA, NECRO, ZONA

if TYPE_CHECKING:
    from .game import EstroGame
    from .state import EstroState

MSG = MESSAGES


def escape(text: str) -> str:
    """Keep card text literal inside Rich-style markup (the game never imports Rich)."""
    return text.replace("[", "\\[")


ZONE_NAMES = ("Militare", "Sviluppo Tech", "Medica", "Civile", "Controllo")
ZONE_IDS = ("militare", "sviluppo_tech", "medica", "civile", "controllo")


def _player(lang: str, p: Any) -> Name:
    """A player as the words name them: "Player 2", "il Giocatore 2" after a preposition
    ("del Giocatore 2", never "di Giocatore 2")."""
    return Name(MSG.t(lang, "player", n=int(p) + 1), MSG.t(lang, "player.article"))


Names = Callable[[str, int], Name]
"""Who a player index is in a mode's words (the horde, the fleet, a seat): lang, index."""


def _name(g: EstroGame, c: str | None) -> str:
    if c is None:
        return "?"
    info = g.info.get(c)
    return kept(info.name) if info else c


_KEPT: set[str] = set()


def kept(name: str) -> str:
    """``name``, which a line is never broken inside (``i18n.keep_whole``): "Lampo
    d'Ambra" was broken "Lampo" / "d'Ambra" in a long event line. A Chimera keeps each
    of its two names whole."""
    if name not in _KEPT:
        _KEPT.add(name)
        keep_whole(name.split(" + "))
    return name


# The board's columns: the longest printed name (Gearmind Colossus) and estro (Granito);
# a longer name, a Chimera's, takes a line of its own above its stats.
NAME_WIDTH, ESTRO_WIDTH = 17, 8


def _stats(v: list[int]) -> str:
    return " ".join(f"{k.upper()} {x}" for k, x in zip(STATS, v, strict=True))


def _card_ref(g: EstroGame, lang: str, token: str) -> str:
    if token.startswith("#"):
        return MSG.t(lang, "slot", slot=int(token[1:]) + 1)
    return _name(g, token)


# ---------------------------------------------------------------------------- board --
ROWS = 40  # rows a terminal has at least: a person's screen at a choice fits in them
CHROME = 3  # the screen's rows that are not the board's nor the options': rule, title, prompt


def board(g: EstroGame, s: EstroState, player: int | None, lang: str, full: bool = False) -> str:
    """The board as ``player`` sees it. A field card takes one line: its gift's text is
    folded to a mark ("gift") and so is, when the screen has no room for them, the text
    of the gifts in hand; ``full``: every text (``cards`` at the prompt)."""
    check_lang(lang)
    if full:
        return _render(_board_lines(g, s, player, lang, FULL))
    room = screen_room(g, s, player, lang)
    for fold in FOLDS:  # the most the screen has room for
        out = _render(_board_lines(g, s, player, lang, fold))
        if out.count("\n") + 1 <= room:
            break
    return out


FULL, GIFTS, HAND_GIFTS, BURNT, HAND, RUNS, PLAYS = 0, 1, 2, 3, 4, 5, 6
"""What a board folds, each fold with those before: nothing (``cards`` at the prompt),
the field's gift texts (to a mark on the card's line), the hand's, the Incinerators'
names (their count stays), the hand's cards (to their names on one line), one's own
face-down cards (to their names on one line) and the line of who is to act, the
hand's names where the options to play name every card of it."""
FOLDS = (GIFTS, HAND_GIFTS, BURNT, HAND, RUNS, PLAYS)


def _render(lines: list[str]) -> str:
    return "\n".join(out for line in lines for out in fit_line(line))


def screen_room(g: EstroGame | Any, s: Any, player: int | None, lang: str) -> int:
    """The rows a board may take on the screen of ``player``'s choice: 40 less the
    options' rows (as ``tavolo play`` lists them) and the rule, title and prompt."""
    d = g.decision(s)
    if d is None or player is None or d.player != player:
        return ROWS - CHROME
    return ROWS - CHROME - options_rows(g, s, list(d.actions), lang)


def options_rows(g: EstroGame | Any, s: Any, actions: list[str], lang: str) -> int:
    """The rows ``actions`` take listed as ``tavolo play`` lists them at 80 columns:
    a group on its heading's line, going on under its first option (or at column 4)."""
    own = g.option_words(s, lang)  # (as the game's describe_options groups a table's)
    numbered = own is None or s.mode.split("+")[0] == "inferno"
    groups = describe_options(g, s, actions, lang, own, numbered)
    if groups is None:
        groups = [("", [(i, g.describe_action(s, a, lang)) for i, a in enumerate(actions)])]
    return len(option_lines(groups, len(actions)))


def _board_lines(
    g: EstroGame, s: EstroState, player: int | None, lang: str, fold: int
) -> list[str]:
    """The board's lines, ``fold`` (FULL, GIFTS...) folding what it says."""
    t = MSG.t
    z = s.zone
    full = fold == FULL
    if s.mf & ZONA:
        lines = [t(lang, "round_line_zona", round=max(1, s.round), turn=s.turn)]
    else:
        lines = [
            t(
                lang,
                "round_line",
                round=max(1, s.round),
                turn=s.turn,
                zone=ZONE_NAMES[z],
                estro=ESTRI[z].capitalize(),
            )
        ]
    if s.mode not in ("standard", "zona_conquista"):  # on the round's line if it fits
        names = [t(lang, f"mode.{m}") for m in s.mode.split("+")]
        mode = t(lang, "mode_line", mode=" + ".join(names))
        if shown(f"{lines[-1]} · {mode}") <= SCREEN:
            lines[-1] += f" · {mode}"
        else:
            lines.append(mode)
    if s.mf & FESSURA:
        opened = t(lang, "rift_opened") if s.rift_turn == s.turn else ""
        lines.append(t(lang, "rift_line", n=len(s.rift)) + opened)
    if s.dial:
        i, q, turn = s.dial
        lines.append(t(lang, "dial_line", turn=turn, player=_player(lang, q), **_sector(i, lang)))
    order = [1 - player, player] if player is not None else [0, 1]
    columns = _columns(g, s, player, full)
    for q in order:
        pl = s.players[q]
        who = (
            (t(lang, "you") if q == player else t(lang, "opponent"))
            if player is not None
            else t(lang, "spectator_first" if q == s.first else "spectator_second")
        )
        lines.append(
            t(
                lang,
                "side_line_zona" if s.mf & ZONA else "side_line",  # (Zona: by zone)
                player=_player(lang, q),
                who=who,
                hand=len(pl.hand),
                deck=len(pl.deck),
                inc=len(pl.inc),
                zone=t(lang, "zone_spent" if pl.zone_used else "zone_free"),
            )
        )
        if pl.chimera_turn:
            lines.append(t(lang, "chimera_pending", turn=pl.chimera_turn))
        if s.mf & NECRO:
            lines.append(t(lang, "necro_line", n=pl.necro))
        if not pl.field:
            lines.append(t(lang, "field_empty"))
        if s.mf & ZONA:
            lines += _zona_field(g, s, q, player, lang, fold, columns)
        else:
            lines += _field(g, s, q, list(enumerate(pl.field)), player, lang, fold, columns)
        if q == player and pl.hand and fold >= PLAYS and _played(g, s, player):
            pass  # (the options name each card of the hand)
        elif q == player and pl.hand and fold >= HAND:
            said = ", ".join(_name(g, c) for c in pl.hand)
            lines += fit(t(lang, "hand_names", cards=said), 6, sep=", ")
        elif q == player and pl.hand:
            lines.append(t(lang, "hand_title"))
            for c in pl.hand:
                lines += hand_card(g, c, lang, fold < HAND_GIFTS)
        elif pl.known:
            known = pl.known_hand()
            if known:
                seen = ", ".join(_name(g, c) for c in known)
                lines += fit(t(lang, "hand_known", cards=seen), 6, sep=", ")
        if pl.inc and fold < BURNT:
            burnt = ", ".join(_name(g, c) for c in pl.inc)
            lines += fit(t(lang, "incinerator_title", cards=burnt), 6, sep=", ")
    b = s.battle
    if b is not None:
        dpl = s.players[1 - b.ap]
        dname = (
            _name(g, b.d) if (player == 1 - b.ap or b.d not in dpl.down) else t(lang, "face_down")
        )
        lines.append(
            t(
                lang,
                "battle_line",
                attacker=_name(g, b.a),
                defender=dname,
                adie=b.adie or t(lang, "no_die"),
                ddie=b.ddie or t(lang, "no_die"),
            )
        )
    if s.result is not None:
        lines.append(_result(s, lang))
    else:
        d = g.decision(s)
        if d is not None and not (fold >= RUNS and d.player == player):
            lines.append(
                t(lang, "to_act", player=_player(lang, d.player), kind=t(lang, f"kind.{d.kind}"))
            )
    return lines


def _played(g: EstroGame, s: EstroState, player: int) -> bool:
    """Whether ``player`` chooses a card of their hand to play, every one an option."""
    d = g.decision(s)
    if d is None or d.player != player:
        return False
    named = {a.split(":")[1] for a in d.actions if a.startswith("play:")}
    return set(s.players[player].hand) <= named


Columns = tuple[int, int]
"""The widths of a board's name and estro columns."""


def _columns(
    g: EstroGame | Any, s: Any, viewer: int | None, full: bool, side: int | None = None
) -> Columns:
    """The name and estro columns of a board's field cards: as wide as the longest
    shown (at most the longest printed name, Gearmind Colossus, and estro, Granito), so
    that a field of short names leaves room for its marks on the card's line; ``side``:
    those of one side's field only (a table's team, under its own heading). The whole
    board (``full``) keeps the widest columns."""
    if full:
        return NAME_WIDTH, ESTRO_WIDTH
    names, estri = [1], [1]
    for q, pl in enumerate(s.players):
        if side is not None and q != side:
            continue
        for c in pl.field:
            if c in pl.down:  # (its line has no columns; one the viewer does not know,
                continue  # a table partner's, would tell the length of its name)
            if len(name := g.info[c].name) <= NAME_WIDTH:
                names.append(len(name))
            estri.append(len("+".join(ESTRI[e].capitalize() for e in g.estri(s, q, c))))
    return max(names), min(max(estri), ESTRO_WIDTH)


def _field(
    g: EstroGame,
    s: EstroState,
    q: int,
    cards: list[tuple[int, str]],
    viewer: int | None,
    lang: str,
    fold: int,
    columns: Columns,
) -> list[str]:
    """Field cards (slot, card) one a line, a run of face-down ones the viewer does not
    know as one line ("#6 #7 #8 (face down)"); folded (RUNS), one's own face-down cards
    too ("#3 Umbra Kit · #4 Vexa (face down)")."""
    pl = s.players[q]
    lines: list[str] = []
    hidden: list[int] = []  # a run of face-down cards the viewer does not know
    known = []  # one's own, folded
    for i, c in cards:
        if c in pl.down and q != viewer:
            hidden.append(i)
            continue
        if hidden:
            lines.append(_face_down_run(hidden, lang))
            hidden = []
        if c in pl.down and fold >= RUNS:
            known.append(f"#{i + 1} {_name(g, c)}")
            continue
        lines += fit_card(_field_line(g, s, q, c, i, viewer, lang, fold == FULL, columns))
    if hidden:
        lines.append(_face_down_run(hidden, lang))
    if known:
        said = MSG.t(lang, "face_down_mine", n=len(known), cards=" · ".join(known))
        lines += fit(said, 4, sep=" · ")
    return lines


def _zona_field(
    g: EstroGame,
    s: EstroState,
    q: int,
    viewer: int | None,
    lang: str,
    fold: int,
    columns: Columns,
) -> list[str]:
    """Zona di Conquista: a side's field by zone, each under a heading with the zone's
    points and whether its action was used; a face-down card whose zone the viewer
    cannot see (it came to the field another way) under none, at the end."""
    t = MSG.t
    pl = s.players[q]
    points = g.points(s, q)
    by_zone: dict[int | None, list[tuple[int, str]]] = {}
    for i, c in enumerate(pl.field):
        z = g.placed(pl, c)
        if z is None and not (c in pl.down and q != viewer):  # (in its estro's zone)
            z = g.zone_of(s, q, c)
        by_zone.setdefault(z, []).append((i, c))
    lines: list[str] = []
    bare = [ZONE_NAMES[z] for z in range(5) if pl.zused & (1 << z) and not points[z]]
    for z in range(5):
        used = bool(pl.zused & (1 << z))
        if not (z in by_zone or points[z]):
            continue
        said = t(lang, "zona_heading", zone=ZONE_NAMES[z], n=points[z])
        lines += _zone_group(
            g,
            s,
            q,
            said + (t(lang, "zona_used") if used else ""),
            by_zone.get(z, []),
            viewer,
            lang,
            fold,
            columns,
        )
    if None in by_zone:
        lines += _zone_group(
            g, s, q, t(lang, "zona_unseen"), by_zone[None], viewer, lang, fold, columns
        )
    if bare:  # (an action used in a zone that has no card now)
        lines += fit(t(lang, "zona_used_bare", zones=", ".join(bare)), 4, sep=", ")
    return lines


def _zone_group(
    g: EstroGame,
    s: EstroState,
    q: int,
    head: str,
    cards: list[tuple[int, str]],
    viewer: int | None,
    lang: str,
    fold: int,
    columns: Columns,
) -> list[str]:
    """A zone's heading and its cards, those face down that the viewer does not know
    on the heading's line ("Civile: 3 points · #2 #9 (face down)"), folded (RUNS) one's
    own face-down cards too ("Controllo: 1 point · #4 Cipher Wyrm (face down)")."""
    pl = s.players[q]
    hidden = [i for i, c in cards if c in pl.down and q != viewer]
    if hidden:
        head += " ·" + _face_down_run(hidden, lang)[1:]
    known = [(i, c) for i, c in cards if c in pl.down and q == viewer and fold >= RUNS]
    if known:  # folded: one's own face-down cards too ("· #4 Cipher Wyrm (face down)")
        said = " · ".join(f"#{i + 1} {_name(g, c)}" for i, c in known)
        head += " · " + MSG.t(lang, "face_down_mine", n=len(known), cards=said).strip()
    shown_cards = [(i, c) for i, c in cards if i not in hidden and (i, c) not in known]
    return [head, *_field(g, s, q, shown_cards, viewer, lang, fold, columns)]


def _face_down_run(slots: list[int], lang: str) -> str:
    """Face-down cards in a row on one line: "  #6 #7 #8 (face down)"."""
    numbers = " ".join(f"#{i + 1}" for i in slots)
    said = MSG.t(lang, "face_down_n", n=len(slots))
    return f"  {numbers} [italic]{escape(said)}[/]"


def _field_line(
    g: EstroGame,
    s: EstroState,
    q: int,
    c: str,
    i: int,
    viewer: int | None,
    lang: str,
    full: bool = True,
    columns: Columns = (NAME_WIDTH, ESTRO_WIDTH),
) -> str:
    """A field card: slot, name, estro, stats, TOT and its marks; its gift's text under
    them (``full``) or folded to a mark ("gift") on its line."""
    pl = s.players[q]
    if c in pl.down:
        label = (
            MSG.t(lang, "face_down_known", name=_name(g, c))
            if viewer == q
            else MSG.t(lang, "face_down")
        )
        return f"  #{i + 1} [italic]{escape(label)}[/]"  # (Zona: under its zone)
    info = g.info[c]
    v = list(info.stats) if s.mf & MNEMONICA else g.stats(s, q, c)  # Mnemonica: as printed
    estro = "+".join(ESTRI[e].capitalize() for e in g.estri(s, q, c))  # a Chimera has two
    gift = info.gift is not None and not (c in pl.spent and info.gift.source.kind == "once")
    tags = []
    if gift and not full and c not in pl.spent:
        tags.append(MSG.t(lang, "gift_mark"))
    if c in pl.spent:  # (on the card's line: "used", beside the "gift" of the others)
        tags.append(MSG.t(lang, "spent" if full else "spent_mark"))
    if pl.shield.get(c, 0) >= s.turn:
        tags.append(MSG.t(lang, "shielded"))
    if c in pl.inhibited:
        tags.append(MSG.t(lang, "inhibited"))
    tags += [MSG.t(lang, "resting", turn=n) for r, n in pl.rest if r == c and n >= s.turn]
    tags += [MSG.t(lang, "supports", card=_name(g, gr)) for a, gr in pl.attached if a == c]
    head = f"  #{i + 1:<{len(str(len(pl.field)))}} "  # "#9 " and "#10" in one column
    stats = " ".join(f"{k.upper()} {x:>2}" for k, x in zip(STATS, v, strict=True))
    stats += f" TOT [bold]{sum(v):>2}[/] {' '.join(tags)}"
    names, estri = columns
    if len(info.name) <= names and len(estro) <= estri:
        line = f"{head}[bold]{escape(f'{info.name:<{names}}')}[/] {estro:<{estri}} {stats}"
    else:  # a Chimera: its two names and estri on a line of their own, the stats in column
        pad = " " * (len(head) + names + estri + 2)
        line = f"{head}[bold]{escape(info.name)}[/] ({estro})\n{pad}{stats}"
    if full and gift:
        assert info.gift is not None
        line += "\n       [dim]" + escape(text.render_gift(info.gift.source, lang)) + "[/]"
    return line


def hand_card(g: EstroGame | Any, c: str, lang: str, gift: bool = True) -> list[str]:
    """A card in hand at column 4: its name, estro, stats as the hand's title names them
    (ATK/DEF/HEL/DEX/MAP), TOT and its gift text (or "Empty card"), going on at column
    6, broken between words (the terminal broke it anywhere, "Carta" / "vuota"); a
    gift's text on the line of the stats takes a line less than under them. Without
    ``gift``, the text is folded to a mark ("gift"): one line."""
    card = g.collection.card(c)
    said = text.render_gift(card.gift, lang) if card.gift is not None else ""
    if said and not gift:
        said = MSG.t(lang, "gift_mark")
    else:
        said = escape(said or text.empty_card(lang))
    stats = "/".join(map(str, card.stats.as_tuple()))
    head = f"    {escape(card.name)} · {text.estro_name(card.estro)} {stats}"
    head += f" · TOT {card.tot} · "
    return fit(head + said, 6)


def fit_line(line: str) -> list[str]:
    """A board line within 80 columns, going on 2 columns further in: broken between
    its parts ("hand 5 · deck 20 · ..."), a part too long between words."""
    if shown(line) <= SCREEN:
        return [line]
    indent = len(line) - len(line.lstrip(" ")) + 2
    rows = fit(line, indent, sep=" · ") if " · " in line else [line]
    return [out for row in rows for out in fit(row, indent)]


def fit_card(text: str) -> list[str]:
    """The lines of a field card within 80 columns: its marks ("gift used") go on under
    its stats in line with its gift (column 7), its gift text a little further in."""
    out: list[str] = []
    for line in text.split("\n"):
        lead = len(line) - len(line.lstrip(" "))
        out += fit(line.rstrip(), 7 if line.startswith("  #") or lead > 20 else lead + 2)
    return out


def _result(s: EstroState, lang: str) -> str:
    reason = MSG.t(lang, f"reason.{s.reason}", round=s.round)  # (the round it ended in)
    r = s.result
    assert r is not None
    if r[0] == r[1]:
        return MSG.t(lang, "result_draw", reason=reason)
    return MSG.t(lang, "result_win", player=_player(lang, 0 if r[0] > r[1] else 1), reason=reason)


# -------------------------------------------------------------------------- actions --
def describe_action(g: EstroGame, s: EstroState, action: str, lang: str) -> str:
    check_lang(lang)
    t = MSG.t
    parts = action.split(":")
    verb = parts[0]
    if verb == "play":
        text = t(lang, f"act.play_{parts[2]}", card=_name(g, parts[1]))
        if len(parts) > 3:  # Zona di Conquista
            text += t(lang, "act.into_zone", zone=ZONE_NAMES[ZONE_IDS.index(parts[3])])
        return text
    if verb == "reveal":
        return t(lang, "act.reveal", card=_name(g, parts[1]))
    if verb == "attack":
        attacker, target = _name(g, parts[1]), _card_ref(g, lang, parts[2])
        key = "act.attack_same" if attacker == target else "act.attack"  # two of one name
        return t(lang, key, card=attacker, target=target)
    if verb == "zone":
        z = parts[1]
        if z == "militare":
            return t(lang, "act.militare", card=_name(g, parts[2]), target=_name(g, parts[3]))
        if z == "controllo":
            return t(lang, "act.controllo", card=_name(g, parts[2]))
        return t(lang, f"act.{z}", card=_zone_card(g, s, z))
    if verb == "discard":
        return t(lang, "act.discard", card=_name(g, parts[1]))
    if verb == "gift":
        card = s.steps[-1][2] if s.steps else None
        return t(lang, f"act.gift_{parts[1]}", card=_name(g, card))
    if verb == "target":
        q = int(parts[1])
        d = g.decision(s)
        me = d.player if d is not None else q
        ref = _card_ref(g, lang, parts[2])
        return t(lang, "act.target", card=t(lang, "yours" if q == me else "theirs", card=ref))
    if verb == "revive":
        return t(lang, "act.revive", card=_name(g, parts[1]))
    if verb == "redirect":
        if parts[1].startswith("#"):  # "sulla carta coperta", never "su la"
            return t(lang, "act.redirect_slot", slot=int(parts[1][1:]) + 1)
        return t(lang, "act.redirect", card=_name(g, parts[1]))
    if verb == "chimera":
        if parts[1] == "declare":
            return t(lang, "act.chimera_declare")
        return t(lang, "act.chimera", host=_name(g, parts[1]), guest=_name(g, parts[2]))
    if verb == "estro":
        return t(lang, "act.estro", estro=parts[1].capitalize())
    if verb == "end":
        return t(lang, "act.end")
    if verb == "necro":
        card = s.steps[-1][2] if parts[1] == "protect" and s.steps else None
        return t(lang, f"act.necro_{parts[1]}", card=_name(g, card))
    if verb == "attach":
        return t(lang, "act.attach", card=_name(g, parts[1]), granito=_name(g, parts[2]))
    if verb == "manpo":
        return t(lang, "act.manpo", card=_name(g, parts[1]))
    if verb == "declare":
        return t(lang, f"act.declare_{parts[1]}")
    if verb in ("fessura", "ambush"):
        return t(lang, f"act.{verb}", card=_name(g, parts[1]))
    return t(lang, "act.pass") if verb == "pass" else action  # (not an action: as it is)


def _zone_card(g: EstroGame, s: EstroState, zone: str) -> str:
    """The card a battle zone action would touch, for its label."""
    b = s.battle
    if b is None:
        return "?"
    if zone == "medica" and s.steps:
        return _name(g, s.steps[-1][2])
    d = g.decision(s)
    me = d.player if d is not None else b.ap
    attacking = me == b.ap
    if zone == "sviluppo_tech":
        return _name(g, b.d if attacking else b.a)
    return _name(g, b.a if attacking else b.d)


# --------------------------------------------------------------------------- events --
def describe_event(
    g: EstroGame, e: Event, player: int | None, lang: str, names: Names = _player
) -> str | None:
    """An event's words; ``names`` names the players (a mode's horde, fleet or seats)."""
    check_lang(lang)
    seen = e.seen_by(player)
    if seen is None:
        return None
    t = MSG.t
    d = dict(seen)
    k = e.kind
    who = names(lang, d["player"]) if "player" in d else Name("")
    card = _name(g, d.get("card"))
    if k == "turn":
        return t(lang, "ev.turn", round=d["round"], player=who)
    if k == "draw":
        return (
            t(lang, "ev.draw", player=who, card=card)
            if "card" in d
            else t(lang, "ev.draw_hidden", player=who)
        )
    if k == "play":
        if "card" not in d:
            return t(lang, "ev.play_hidden", player=who)
        return t(lang, "ev.play_down" if d["face_down"] else "ev.play_up", player=who, card=card)
    if k == "reveal":
        return t(
            lang, "ev.reveal_falling" if d.get("falling") else "ev.reveal", player=who, card=card
        )
    if k == "attack":
        dfd = (
            _name(g, d["defender"])
            if d["defender"] is not None
            else t(lang, "slot", slot=d["slot"] + 1)
        )
        attacker = _name(g, d["attacker"])
        key = "ev.attack_same" if attacker == dfd else "ev.attack"  # "Orrugg attacks Orrugg"
        return t(lang, key, player=who, attacker=attacker, defender=dfd)
    if k == "battle":
        if d["rule"] == "face_down":
            return t(lang, "ev.battle_face_down")
        if "att_tot" not in d:  # Mnemonica: the outcome without the numbers
            return t(
                lang,
                f"ev.outcome_{d['rule']}",
                attacker=_name(g, d["attacker"]),
                defender=_name(g, d["defender"]),
            )
        dice = t(
            lang,
            "ev.dice",
            adie=d["att_die"] or t(lang, "no_die"),
            ddie=d["def_die"] or t(lang, "no_die"),
        )
        return t(
            lang,
            f"ev.battle_{d['rule']}",
            attacker=_name(g, d["attacker"]),
            defender=_name(g, d["defender"]),
            aprim=d["att_primary"],
            atot=d["att_tot"],
            dprim=d["def_primary"],
            dtot=d["def_tot"],
            dice=dice,
            matchup=d["matchup"],
        )
    if k in _MODE_EVENTS:
        return _mode_event(g, k, d, who, card, lang)
    if k == "saved":
        return t(lang, f"ev.saved_{d['by']}", player=who, card=card)
    if k == "shielded":
        return t(lang, "ev.shielded", player=who, card=card, until=d["until_turn"])
    if k == "chance":
        outcome = t(lang, "ev.success" if d["success"] else "ev.failure")
        if d["method"] == "coin":
            return t(
                lang,
                "ev.chance_coin_won" if d["success"] else "ev.chance_coin_lost",
                player=who,
                card=card,
            )
        if d["method"] == "die":
            return t(
                lang,
                "ev.chance_die",
                player=who,
                card=card,
                face=d["face"],
                need=d["need"],
                outcome=outcome,
            )
        if "percent" not in d:  # Mnemonica: a chance that would tell the card's TOT
            return t(lang, "ev.chance_tot", card=card, outcome=outcome)
        return t(lang, "ev.chance_percent", card=card, percent=d["percent"], outcome=outcome)
    if k == "changed":
        if "slot" in d:  # a face-down card, seen by the other player
            return t(lang, "ev.changed_hidden", player=who, slot=d["slot"] + 1)
        if "stats" not in d:  # Mnemonica: no numbers
            return t(lang, "ev.changed_quiet", player=who, card=card)
        return t(lang, "ev.changed", player=who, card=card, stats=_stats(d["stats"]))
    if k == "revive":
        return t(lang, "ev.revive", player=who, card=card, to=t(lang, f"ev.to_{d['to']}"))
    if k == "extra":
        if d.get("plays"):
            return t(lang, "ev.extra_plays", player=who, n=d["plays"])
        return t(lang, "ev.extra_attacks", player=who, n=d["attacks"])
    if k == "zone":
        if d["zone"] == "militare":
            return t(
                lang,
                "ev.zone_militare",
                player=who,
                sacrificed=_name(g, d["sacrificed"]),
                card=card,
            )
        zone = ZONE_NAMES[
            ("militare", "sviluppo_tech", "medica", "civile", "controllo").index(d["zone"])
        ]
        return t(lang, "ev.zone", player=who, zone=zone, card=card)
    if k == "redirect":
        attacker, defender = _name(g, d["attacker"]), _card_ref(g, lang, d["defender"])
        if d["defender"].startswith("#"):  # "sulla carta coperta", never "su la"
            slot = int(d["defender"][1:]) + 1
            return t(lang, "ev.redirect_slot", player=who, attacker=attacker, slot=slot)
        same = attacker == defender  # two cards of one name: say whose the target is
        return t(
            lang,
            "ev.redirect_same" if same else "ev.redirect",
            player=who,
            attacker=attacker,
            defender=defender,
        )
    if k == "chimera":
        return t(
            lang,
            "ev.chimera",
            player=who,
            host=_name(g, d["host"]),
            guest=_name(g, d["guest"]),
            card=card,
        )
    if k == "chimera_estro":
        return t(lang, "ev.chimera_estro", player=who, card=card, estro=d["estro"].capitalize())
    if k == "attack_void":
        return t(lang, "ev.attack_void", attacker=_name(g, d["attacker"]))
    if k == "end":
        reason = t(lang, f"reason.{d['reason']}", round=d["round"])
        if d["winner"] is None:
            return t(lang, "ev.end_draw", reason=reason)
        return t(lang, "ev.end_win", player=names(lang, d["winner"]), reason=reason)
    key = f"ev.{k}"
    if MSG.has(key):
        return t(lang, key, player=who, card=card)
    return f"{k}: {d}"


_MODE_EVENTS = frozenset(
    {
        "necrotoken",
        "necro_spent",
        "fessura",
        "fessura_card",
        "ambush",
        "protected",
        "dial",
        "dice",
        "declared_right",
        "declared_wrong",
        "attach",
    }
)


def _sector(i: int, lang: str) -> dict[str, str]:
    """A dial sector's name, category and rule text in ``lang``."""
    sec = default_sectors()[i]
    return {
        "name": getattr(sec.name, lang),
        "category": MSG.t(lang, f"dial.{sec.category}"),
        "text": MSG.t(lang, f"dial.do.{sec.effect}", n=sec.n or 1),
    }


def sector_text(sector_id: str, lang: str) -> str:
    """One sector as a line: name (category): rule."""
    d = _sector(sector_ids().index(sector_id), lang)
    return f"{d['name']} ({d['category']}): {d['text']}"


def _mode_event(g: EstroGame, k: str, d: dict[str, Any], who: Name, card: str, lang: str) -> str:
    t = MSG.t
    if k == "necrotoken":
        return t(lang, "ev.necrotoken", player=who, tokens=d["tokens"])
    if k == "necro_spent":
        return t(lang, "ev.necro_spent", player=who, spent=d["spent"], left=d["left"])
    if k == "fessura" and "card" not in d:
        return t(lang, "ev.fessura_hidden", player=who, slot=d["slot"] + 1)
    if k == "ambush":
        return t(lang, "ev.ambush", player=who, card=card, fallen=_name(g, d["fallen"]))
    if k == "attach":
        return t(lang, "ev.attach", player=who, card=card, granito=_name(g, d["granito"]))
    if k == "dice":
        dice = t(
            lang,
            "ev.dice",
            adie=d["att_die"] or t(lang, "no_die"),
            ddie=d["def_die"] or t(lang, "no_die"),
        )
        return t(lang, "ev.dice_rolled", player=who, dice=dice)
    if k in ("declared_right", "declared_wrong"):
        said = t(lang, f"said.{d['declared']}")  # what was declared, not the option
        if k == "declared_right":
            return t(lang, "ev.declared_right", player=who, said=said)
        if "card" in d:
            return t(lang, "ev.declared_wrong", player=who, said=said, card=card)
        return t(lang, "ev.declared_wrong_empty", player=who, said=said)
    if k == "dial":
        return t(lang, "ev.dial", player=who, **_sector(d["sector"] - 1, lang))
    if k == "protected" and d.get("by") == "necrotoken":
        return t(lang, "ev.protected_necro", player=who, card=card)
    return t(lang, f"ev.{k}", player=who, card=card)


def help_text(lang: str, modes: Iterable[str] | None = None) -> str:
    """The 1v1 rules and the modes' items: all, or only those of ``modes``."""
    check_lang(lang)
    keys = ("help.modes", "help.quadrante", "help.mnemonica", "help.sogno", "help.zona")
    text = "\n".join(MSG.t(lang, k) for k in keys)
    if modes is not None:
        wanted = set(modes)
        head, *items = text.split("\n")
        kept = [i for i in items if i.startswith("- ") and i.split()[1].rstrip(":") in wanted]
        text = "\n".join([head, *kept]) if kept else ""
    return MSG.t(lang, "help") + ("\n\n" + text if text else "")


# -------------------------------------------------------------------------- options --
Option = tuple[str, str, str]
"""An option's group for a person: (the group's key, its heading, the option's words)."""

Groups = list[tuple[str, list[tuple[int, str]]]]


def describe_options(
    g: EstroGame,
    s: EstroState,
    actions: list[str],
    lang: str,
    own: Callable[[str], Option | None] | None = None,
    numbered: bool = True,
) -> Groups | None:
    """A decision's options grouped for a person, numbered as ``actions``: the options
    that differ only in their last part (a card played face up or down, the targets of
    one attacker, the cards to reveal) share a line under the words they have in common
    ("Attack … with Kharvok: 1 Thistle Monk · 2 Shade Broker"); ``own`` groups a mode's
    options its own way. An option alone in its group keeps its whole line; None when
    nothing groups (one option a line, as before). Where the board numbers the fields
    (``numbered``), an attacker's targets too long for a line read as numbered ("#2")."""
    said = [g.describe_action(s, a, lang) for a in actions]
    into = {a.split(":")[1] for a in actions if a.startswith("play:") and a.count(":") == 3}
    faces = _faces(g, lang, by_card=len(into) >= 3)
    keys: list[str | None] = []
    parts: dict[str, tuple[str, dict[int, str]]] = {}
    by_text: dict[str, list[int]] = {}
    for i, action in enumerate(actions):
        mine = own(action) if own is not None else None
        mine = mine or faces(action)
        if mine is not None:
            key, head, words = mine
            parts.setdefault(key, (head, {}))[1][i] = words
        else:
            common = action.rpartition(":")[0]
            if not common:  # (a plain word: "end", "pass")
                keys.append(None)
                continue
            key = "=" + common
            by_text.setdefault(key, []).append(i)
        keys.append(key)
    for key, found in by_text.items():
        shared = _shared(said, found)
        if shared is not None:
            parts[key] = shared
    for key, (head, items) in parts.items():  # a long line of targets: as numbered
        if numbered and key.startswith("=attack:") and _shown_row(head, items) > SCREEN:
            slots = {i: _slot(s, actions[i].split(":")[-1]) for i in items}
            if all(slots.values()):
                parts[key] = (head, {i: str(n) for i, n in slots.items()})
    groups: Groups = []
    done: set[str] = set()
    for i, at in enumerate(keys):
        if at is not None and at in parts and len(parts[at][1]) > 1:
            if at not in done:
                done.add(at)
                head, items = parts[at]
                groups.append((head, sorted(items.items())))
            continue
        if groups and not groups[-1][0]:
            groups[-1][1].append((i, said[i]))
        else:
            groups.append(("", [(i, said[i])]))
    if all(not head for head, _ in groups):
        return None
    return groups


def _shared(said: list[str], found: list[int]) -> tuple[str, dict[int, str]] | None:
    """The words ``found``'s options share at their start and end, and each one's own
    words between them; None when they share none or one has no words of its own."""
    if len(found) < 2:
        return None
    words = [said[i].split(" ") for i in found]
    start = 0
    while all(len(w) > start and w[start] == words[0][start] for w in words):
        start += 1
    end = 0
    while all(len(w) > start + end and w[-1 - end] == words[0][-1 - end] for w in words):
        end += 1
    if not start and not end:
        return None
    if any(len(w) - start - end < 1 for w in words):
        return None
    head = " ".join(words[0][:start])
    if end:
        head = f"{head} … {' '.join(words[0][-end:])}".strip()
    items = {i: " ".join(w[start : len(w) - end]) for i, w in zip(found, words, strict=True)}
    return head, items


def _faces(g: EstroGame, lang: str, by_card: bool = False) -> Callable[[str], Option | None]:
    """The cards to play face up share a line, and those to play face down: "Play face
    up: 1 Kharvok · 3 Vexa" (into a zone, Zona di Conquista's, a card's zones share it,
    a face's: "Kharvok face up into: 1 Mil · 2 Tech"; ``by_card``, a hand of three cards
    or more, both faces: "Kharvok into: 1 Mil face up · ... · 10 Ctrl face down",
    the next card's row as short as tavolo play cuts a row whose words are those above,
    a line a card rather than two)."""

    def own(action: str) -> Option | None:
        parts = action.split(":")
        if parts[0] == "play" and len(parts) == 4 and parts[2] in ("up", "down"):
            zone = MSG.t(lang, f"zone_short.{parts[3]}")
            if by_card:
                head = MSG.t(lang, "opt.zone_card", card=_name(g, parts[1]))
                words = MSG.t(lang, f"opt.zone_face_{parts[2]}", zone=zone)
                return f"zone:{parts[1]}", head, words
            head = MSG.t(lang, f"opt.zone_{parts[2]}", card=_name(g, parts[1]))
            return f"zone:{parts[1]}:{parts[2]}", head, zone
        if parts[0] != "play" or len(parts) != 3 or parts[2] not in ("up", "down"):
            return None
        return f"play:{parts[2]}", MSG.t(lang, f"opt.play_{parts[2]}"), _name(g, parts[1])

    return own


def _shown_row(head: str, items: dict[int, str]) -> int:
    """The columns a group takes on one line: "head: 1 words · 2 words"."""
    return (
        len(head)
        + 2
        + sum(len(str(i + 1)) + 1 + len(w) for i, w in items.items())
        + (3 * (len(items) - 1))
    )


def _slot(s: EstroState, target: str) -> str | None:
    """A target as the board numbers it on its side's field ("#3"); None: not there."""
    if target.startswith("#"):
        return f"#{int(target[1:]) + 1}"
    for pl in s.players:
        if target in pl.field:
            return f"#{pl.field.index(target) + 1}"
    return None
