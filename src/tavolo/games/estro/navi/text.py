"""Words of the single player mode: the board, actions, events, the rules of ships and
items rendered from their data, and the help, in English and Italian."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tavolo.engine import Event
from tavolo.engine.i18n import SCREEN, Catalog, Name, check_lang, fit, shown

from .. import text as card_text
from .. import view as estro_view
from ..schema import ESTRI, STATS

if TYPE_CHECKING:
    from ..view import Option
    from .content import Item, Ship
    from .mode import Mode
    from .state import NaviState

MSG = Catalog(Path(__file__).parent / "messages")
ZONE_IDS = estro_view.ZONE_IDS
ZONE_NAMES = estro_view.ZONE_NAMES


def _name(g: Mode, c: str | None) -> str:
    return estro_view._name(g, c)


def ship_name(g: Mode, i: int, lang: str) -> str:
    sh = g.fleet.ships[i]
    return estro_view.kept(str(getattr(sh.name, lang)))  # never "Bastione di" / "Basalto"


def item_name(g: Mode, x: str, lang: str) -> str:
    return estro_view.kept(str(getattr(g.fleet.items[x].name, lang)))


def effect_text(effect: str, n: int | None, lang: str) -> str:
    """The rule text of a ship skill or an item effect, from its data."""
    return MSG.t(lang, f"navi.do.{effect}", n=n if n is not None else 0)


def skill_text(sh: Ship, lang: str) -> str:
    return effect_text(sh.skill.effect, sh.skill.n, lang)


def item_text(it: Item, lang: str) -> str:
    when = MSG.t(lang, f"navi.when.{it.when}")
    return f"{effect_text(it.effect, it.n, lang)} ({when})"


def _target(g: Mode, s: NaviState | None, token: str, lang: str, key: str = "navi.slot") -> str:
    """A card, a ship (``@estro``) or a face-down guardian (``#slot``, numbered as the
    board numbers it, with its ship); ``key="navi.slot_on"`` gives the words after "use
    ... on" (Italian "sul guardiano", never "su guardiano")."""
    if token.startswith("@"):
        return ship_name(g, ESTRI.index(token[1:]), lang)
    if token.startswith("#"):
        slot = int(token[1:])
        ship = ""
        if s is not None and slot < len(s.players[1].field):
            i = s.ship_of.get(s.players[1].field[slot], -1)
            if i >= 0:
                ship = ship_name(g, i, lang)
        if not ship:  # (words of a past event: the slot may hold another card by now)
            key += "_bare"
        return MSG.t(lang, key, slot=slot + 1, ship=ship)
    return _name(g, token)


def _on(g: Mode, s: NaviState | None, token: str, lang: str) -> str:
    if token.startswith("#"):
        return _target(g, s, token, lang, "navi.slot_on")
    key = "navi.act.on_ship" if token.startswith("@") else "navi.act.on"  # "sull'astronave"
    return MSG.t(lang, key, target=_target(g, s, token, lang))


# -------------------------------------------------------------------------- actions --
def describe_action(g: Mode, s: NaviState, action: str, lang: str) -> str:
    check_lang(lang)
    parts = action.split(":")
    if parts[0] == "item":
        label = MSG.t(lang, "navi.act.item", item=item_name(g, parts[1], lang))
        if len(parts) > 2:  # (what the item does is on the board's "Items:" line)
            label += _on(g, s, parts[2], lang)
        return label
    if parts[0] == "redirect" and parts[1].startswith("#"):  # as the board numbers it
        return MSG.t(lang, "navi.act.redirect_slot", target=_target(g, s, parts[1], lang))
    if parts[0] == "navi":
        if parts[1] == "go":
            return MSG.t(lang, "navi.act.go")
        return MSG.t(lang, "navi.act.reveal", card=_target(g, s, parts[2], lang))
    if parts[0] == "attack" and parts[2][0] in "@#":
        key = "navi.act.attack_ship" if parts[2][0] == "@" else "navi.act.attack_down"
        tot = g.tot(s, 0, parts[1]) if parts[1] in s.players[0].field else 0
        slot = "navi.slot_asleep"  # its ship and its sleeping gift in one bracket
        target = _target(g, s, parts[2], lang, slot if parts[2][0] == "#" else "navi.slot")
        return MSG.t(lang, key, card=_name(g, parts[1]), target=target, tot=tot)
    return estro_view.describe_action(g, s, action, lang)


# --------------------------------------------------------------------------- events --
def describe_event(g: Mode, e: Event, player: int | None, lang: str) -> str | None:
    check_lang(lang)
    seen = e.seen_by(player)
    if seen is None:
        return None
    d: dict[str, Any] = dict(seen)
    k = e.kind.split(".", 1)[1]
    t = MSG.t
    ship = (
        ship_name(g, d["ship"], lang) if isinstance(d.get("ship"), int) and d["ship"] >= 0 else ""
    )
    if k == "reveal":
        return t(lang, f"navi.ev.reveal_{d['by']}", card=_name(g, d["card"]), ship=ship)
    if k == "item":
        x = d["item"]
        return t(
            lang, "navi.ev.item", item=item_name(g, x, lang), text=item_text(g.fleet.items[x], lang)
        )
    if k == "item_used":
        tgt = d.get("target")
        where = "" if tgt is None else _on(g, None, tgt, lang)
        return t(lang, "navi.ev.item_used", item=item_name(g, d["item"], lang), on=where)
    if k == "ship_hit":
        by = str(d["by"])
        who = item_name(g, by[5:], lang) if by.startswith("item:") else _name(g, by)
        return t(
            lang, "navi.ev.ship_hit", ship=ship, by=who, damage=d["damage"], shields=d["shields"]
        )
    if k == "skill":
        return t(lang, "navi.ev.skill", ship=ship, text=effect_text(d["effect"], d["n"], lang))
    if k == "gifts_wake":
        return t(lang, "navi.ev.gifts_wake", cards=", ".join(_name(g, c) for c in d["cards"]))
    if k == "reinforce":
        cards = ", ".join(_name(g, c) for c in d["cards"]) or "—"
        return t(lang, "navi.ev.reinforce", ship=ship, cards=cards)
    if k == "recharge":
        return t(lang, "navi.ev.recharge", shields=" / ".join(map(str, d["shields"])))
    if k == "end":
        reason = t(lang, f"navi.reason.{d['reason']}")
        return t(
            lang, "navi.ev.won" if d["won"] else "navi.ev.lost", reason=reason, round=d["round"]
        )
    if k in ("burn", "silenced"):
        return t(lang, f"navi.ev.{k}", card=_name(g, d["card"]))
    return t(lang, f"navi.ev.{k}", ship=ship, **{x: y for x, y in d.items() if x != "ship"})


def side(lang: str, q: int) -> Name:
    """A side as the events name it: the one player is "you" ("You draw Lampo", as the
    board says "You" and "your turn"), the ships' side "the fleet": a one-seat game has
    no "Player 2"."""
    if q == 0:
        return Name(MSG.t(lang, "navi.you"), you=True)
    return Name(MSG.t(lang, "navi.fleet"), MSG.t(lang, "navi.fleet.article"))


def describe_events(
    g: Mode, s: NaviState, events: Sequence[Event], player: int | None, lang: str
) -> list[str]:
    """The events' words, those of the 1v1 rules with the sides named by ``side``."""
    out = []
    for e in events:
        if e.kind.startswith("navi."):
            said = describe_event(g, e, player, lang)
        elif e.kind in _OWN_WORDS and (own := _own_words(g, e, player, lang)) is not None:
            said = own
        else:
            said = estro_view.describe_event(g, e, player, lang, side)
        if said:
            out.append(said)
    return out


_OWN_WORDS = frozenset({"shielded", "redirect", "attack", "turn", "deck_empty"})


def _own_words(g: Mode, e: Event, player: int | None, lang: str) -> str | None:
    """1v1 events whose 1v1 words name what this board does not show: a turn number
    ("protected until turn 4": the board counts rounds, a round being your turn and the
    ships'), a slot "#20" (the board says "face-down guardian 20"; the player's own
    cards have no number)."""
    seen = e.seen_by(player)
    if seen is None:
        return None
    d: dict[str, Any] = dict(seen)
    kind, t = e.kind, MSG.t
    who = side(lang, int(d.get("player", 0)))
    if kind == "deck_empty":  # in 1v1 the words before a loss: here none, for either side
        if d.get("player") == 1:
            return t(lang, "navi.ev.deck_empty_fleet")
        return t(lang, "navi.ev.deck_empty_you")
    if kind == "turn":  # one player, who is "you" on the board
        return t(lang, "navi.ev.your_turn", round=d["round"]) if d.get("player") == 0 else None
    if kind == "shielded":
        until = int(d["until_turn"])
        turn = t(lang, "navi.turn.you" if until % 2 else "navi.turn.ships")
        card = _name(g, d["card"])
        return t(lang, "navi.ev.shielded", card=card, player=who, turn=turn, round=(until + 1) // 2)
    attacker = _name(g, d.get("attacker"))
    if kind == "redirect" and str(d["defender"]).startswith("#"):
        slot = int(d["defender"][1:]) + 1
        return t(lang, "navi.ev.redirect_slot", player=who, attacker=attacker, slot=slot)
    if kind == "attack" and d.get("defender") is None and d.get("player") == 1:
        return t(lang, "navi.ev.attack_down", player=who, attacker=attacker)
    return None


# ---------------------------------------------------------------------------- board --
def _card(
    g: Mode, s: NaviState, q: int, c: str, player: int | None, lang: str, full: bool = True
) -> str:
    pl = s.players[q]
    if c in pl.down:
        if q == 0 and player == 0:
            return MSG.t(lang, "navi.board.own_down", card=_name(g, c))
        return MSG.t(lang, "navi.board.down", slot=pl.field.index(c) + 1)
    v = g.stats(s, q, c)
    stats = " ".join(f"{k.upper()} {x}" for k, x in zip(STATS, v, strict=True))
    marks = ""
    if q == 1 and c in s.pending:
        marks += MSG.t(lang, "navi.board.asleep")
    if c in pl.inhibited:
        marks += MSG.t(lang, "navi.board.silenced")
    if pl.shield.get(c, 0) >= s.turn:
        marks += MSG.t(lang, "navi.board.protected")
    line = MSG.t(
        lang,
        "navi.board.card",
        card=estro_view.escape(_name(g, c)),
        slot=f"#{pl.field.index(c) + 1} " if q == 1 else "",  # (as the options name it)
        estro=ESTRI[g.estro(s, q, c)].capitalize(),
        stats=stats,
        tot=sum(v),
        marks=marks,
    )
    gift = g.info[c].gift
    if gift is not None and not full:  # its text: `cards` at the prompt
        if c not in pl.inhibited:
            line += " · " + estro_view.MSG.t(lang, "gift_mark")
    elif gift is not None:  # what a revealed guardian or one's own card can do matters here
        said = card_text.render_gift(gift.source, lang)
        line += "\n        [dim]" + estro_view.escape(said) + "[/]"
    return line


def _guardian_lines(
    g: Mode, s: NaviState, guards: list[str], player: int | None, lang: str, full: bool
) -> list[str]:
    """A ship's guardians, a run of face-down ones in consecutive slots as one line; not
    ``full``, all its face-down ones on one line first ("face-down guardians 2-3, 5")."""
    ships = s.players[1]
    lines: list[str] = []
    if not full:
        slots = [ships.field.index(c) + 1 for c in guards if c in ships.down]
        if len(slots) == 1:
            lines.append("    " + MSG.t(lang, "navi.board.down", slot=slots[0]))
        elif slots:
            said = ", ".join(f"{a}-{b}" if a != b else str(a) for a, b in _runs(slots))
            lines.append("    " + MSG.t(lang, "navi.board.downs_at", slots=said))
        guards = [c for c in guards if c not in ships.down]
    run: list[int] = []

    def close() -> None:
        if len(run) == 1:
            lines.append("    " + MSG.t(lang, "navi.board.down", slot=run[0]))
        elif run:
            lines.append("    " + MSG.t(lang, "navi.board.downs", first=run[0], last=run[-1]))
        run.clear()

    for c in guards:
        slot = ships.field.index(c) + 1
        if c in ships.down:
            if run and run[-1] != slot - 1:
                close()
            run.append(slot)
            continue
        close()
        lines.append("    " + _card(g, s, 1, c, player, lang, full))
    close()
    return lines


def _runs(slots: list[int]) -> list[tuple[int, int]]:
    """Consecutive numbers as (first, last): [2, 3, 5] is (2, 3), (5, 5)."""
    runs: list[tuple[int, int]] = []
    for n in slots:
        if runs and runs[-1][1] == n - 1:
            runs[-1] = (runs[-1][0], n)
        else:
            runs.append((n, n))
    return runs


WHEN = estro_view.PLAYS + 1
"""Navi's last fold, after ``view.FOLDS``: the items' turns to be used in ("(in your
turn)"), so that an item's text takes a line (the options name the items usable now)."""


TERSE, ITEMS = WHEN + 1, WHEN + 2
"""Navi's folds after ``WHEN``: a card's line too long for 80 columns drops its " · "
("... MAP 12 TOT 62 gift", a row rather than two) and the items still to come go on
the items' heading ("Items (16 still to come):"); then the items held go to their names
on that line (the options name those usable now; ``cards``: what each does)."""


def board(g: Mode, s: NaviState, player: int | None, lang: str, full: bool = False) -> str:
    """The board as ``player`` sees it: a card on one line, its gift folded to a mark
    ("gift"), a ship's face-down guardians on one line and, when the screen has no room
    for them, the hand's gifts, the ships' skills, the hand's cards, the line of what is
    to be done, the hand's names the options name, the items' turns (``view.FOLDS``,
    ``WHEN``); ``full``: every text (``cards`` at the prompt)."""
    check_lang(lang)
    if full:
        return _board(g, s, player, lang, estro_view.FULL)
    room = estro_view.screen_room(g, s, player, lang)
    for fold in (*estro_view.FOLDS, WHEN, TERSE, ITEMS):
        out = _board(g, s, player, lang, fold)
        if out.count("\n") + 1 <= room:
            break
    return out


def _board(g: Mode, s: NaviState, player: int | None, lang: str, fold: int) -> str:
    t = MSG.t
    full = fold == estro_view.FULL
    me, ships = s.players
    lines = [
        t(
            lang,
            "navi.board.title",
            round=s.round,
            zone=ZONE_NAMES[s.zone],
            estro=ESTRI[s.zone].capitalize(),
        ),
        t(lang, "navi.board.fleet"),
    ]
    for i, sh in enumerate(g.fleet.ships):
        name = ship_name(g, i, lang)
        if not s.shields[i]:
            lines.append(t(lang, "navi.board.ship_down", ship=name))
            continue
        alarm = (
            t(lang, "navi.board.alarm_on", turns=s.alarm[i])
            if s.alarm[i]
            else t(lang, "navi.board.alarm_off", turns=sh.countdown)
        )
        lines.append(
            t(
                lang,
                "navi.board.ship",
                ship=name,
                estro=sh.estro.capitalize(),
                shields=s.shields[i],
                max=sh.shields,
                alarm=alarm,
            )
        )
        if fold < estro_view.BURNT:  # (folded when the screen has no room: `cards`)
            lines.append(t(lang, "navi.board.skill", skill=skill_text(sh, lang)))
        guards = [c for c in ships.field if s.ship_of.get(c) == i]
        if not guards:
            lines.append("    " + t(lang, "navi.board.open"))
        lines += _guardian_lines(g, s, guards, player, lang, full)
    lines.append(
        t(
            lang,
            "navi.board.you",
            hand=len(me.hand),
            deck=len(me.deck),
            inc=len(me.inc),
            zone=t(lang, "navi.board.zone_used" if me.zone_used else "navi.board.zone_free"),
        )
    )
    if not me.field:
        lines.append("    " + t(lang, "navi.board.empty"))
    for c in me.field:
        lines.append("    " + _card(g, s, 0, c, player, lang, full))
    d = g.decision(s) if s.result is None else None
    plays = {a.split(":")[1] for a in d.actions if a.startswith("play:")} if d else set()
    if player == 0 and me.hand and fold >= estro_view.PLAYS and set(me.hand) <= plays:
        pass  # (the options name each card of the hand: on the whole board, `cards`)
    elif player == 0 and me.hand and fold >= estro_view.HAND:
        names = ", ".join(_name(g, c) for c in me.hand)
        lines += fit(estro_view.MSG.t(lang, "hand_names", cards=names), 6, sep=", ")
    elif player == 0 and me.hand:
        lines.append(t(lang, "navi.board.hand_title"))
        for c in me.hand:
            lines += estro_view.hand_card(g, c, lang, fold < estro_view.HAND_GIFTS)
    if s.held and fold >= ITEMS:  # (folded: the names on the heading's line)
        said = ", ".join(item_name(g, x, lang) for x in s.held)
        lines += fit(t(lang, "navi.board.items_coming", n=len(s.pool), items=" " + said), 4)
    elif s.held:  # one a line: the options name an item, this says what it does
        if fold >= TERSE:
            lines.append(t(lang, "navi.board.items_coming", n=len(s.pool), items=""))
        else:
            lines.append(t(lang, "navi.board.items", items=""))
        for x in s.held:
            it = g.fleet.items[x]
            said = effect_text(it.effect, it.n, lang) if fold >= WHEN else item_text(it, lang)
            lines.append(f"    {item_name(g, x, lang)} — {said}")
    if not (s.held and fold >= TERSE):
        lines.append(t(lang, "navi.board.items_left", n=len(s.pool)))
    b = s.battle
    if b is not None:  # a zone window in the middle of an attack: which attack
        lines.append(
            estro_view.MSG.t(
                lang,
                "battle_line",
                attacker=estro_view.escape(_name(g, b.a)),
                defender=estro_view.escape(_name(g, b.d)),
                adie=b.adie or estro_view.MSG.t(lang, "no_die"),
                ddie=b.ddie or estro_view.MSG.t(lang, "no_die"),
            )
        )
    if s.result is not None:
        reason = t(lang, f"navi.reason.{s.reason}")
        lines.append(
            t(lang, "navi.ev.won" if s.result[0] else "navi.ev.lost", reason=reason, round=s.round)
        )
    else:
        if d is not None and not (fold >= estro_view.RUNS and d.player == player):
            key = f"navi.kind.{d.kind}"
            kind = t(lang, key) if MSG.has(key) else estro_view.MSG.t(lang, f"kind.{d.kind}")
            lines.append(t(lang, "navi.board.to_act", kind=kind))
    out: list[str] = []
    for line in "\n".join(lines).split("\n"):  # every line within 80 columns, a mark
        if fold >= TERSE and " TOT " in line and shown(line) > SCREEN:  # (a card's)
            line = line.replace(" · ", " ")
        out += estro_view.fit_line(line)  # ("gift silenced") whole: broken at its " · "
    return "\n".join(out)


# ----------------------------------------------------------------------------- help --
def help_text(g: Mode, lang: str) -> str:
    check_lang(lang)
    t = MSG.t
    st = g.fleet.settings
    parts = [
        t(
            lang,
            "navi.help",
            every=st.item_every,
            first=st.first_item_round,
            safety=st.safety_round,
        ),
        t(lang, "navi.help.ships"),
    ]
    for i, sh in enumerate(g.fleet.ships):
        parts.append(
            t(
                lang,
                "navi.help.ship",
                ship=ship_name(g, i, lang),
                estro=sh.estro.capitalize(),
                shields=sh.shields,
                countdown=sh.countdown,
                skill=skill_text(sh, lang),
            )
        )
    parts.append(t(lang, "navi.help.items"))
    for x, it in g.fleet.items.items():
        parts.append(f"- {item_name(g, x, lang)}: {item_text(it, lang)}")
    return "\n".join(parts)


# -------------------------------------------------------------------------- options --
def option_words(g: Mode, s: NaviState, lang: str) -> Callable[[str], Option | None]:
    """The attacks of one card on the guardians share a line, each guardian as the board
    numbers it: "Ledger Djinn attacks guardian: 1 #1 · 2 #2 · 3 #3 · ..." (25 guardians
    under 5 ships took two lines a ship, 14 rows for two attackers); an attack on a ship
    itself "Ledger Djinn attacks Ember Maw: the ship (its shields lose 64)"; the
    guardians to reveal on one line ("Reveal a guardian: 1 #2 · 2 #6"), as numbered, and
    an item's guardians to use it on."""

    def _guardian(token: str) -> int:
        """The slot of a guardian named or numbered ("#3": the slot 3); -1: none."""
        field = s.players[1].field
        slot = int(token[1:]) if token.startswith("#") and token[1:].isdigit() else -1
        slot = field.index(token) if token in field else slot
        return slot if 0 <= slot < len(field) and s.ship_of.get(field[slot], -1) >= 0 else -1

    def own(action: str) -> Option | None:
        parts = action.split(":")
        if parts[0] == "item" and len(parts) == 3 and (slot := _guardian(parts[2])) >= 0:
            head = MSG.t(lang, "navi.opt.item_guardian", item=item_name(g, parts[1], lang))
            return f"item:{parts[1]}", head, MSG.t(lang, "navi.opt.slot", slot=slot + 1)
        if parts[0] == "redirect" and len(parts) == 2 and (slot := _guardian(parts[1])) >= 0:
            head = MSG.t(lang, "navi.opt.redirect_guardian")
            return "redirect", head, MSG.t(lang, "navi.opt.slot", slot=slot + 1)
        if parts[:2] == ["navi", "reveal"] and parts[2].startswith("#"):
            slot = int(parts[2][1:])
            field = s.players[1].field
            ship = s.ship_of.get(field[slot], -1) if slot < len(field) else -1
            if ship < 0:
                return None
            head = MSG.t(lang, "navi.opt.reveal_any")  # (the board shows each one's ship)
            return "reveal", head, MSG.t(lang, "navi.opt.slot", slot=slot + 1)
        if parts[0] != "attack" or len(parts) != 3:
            return None
        card, target = parts[1], parts[2]
        if target.startswith("@"):
            ship = ESTRI.index(target[1:])
            tot = g.tot(s, 0, card) if card in s.players[0].field else 0
            words = MSG.t(lang, "navi.opt.ship", tot=tot)
        else:  # a guardian, face down ("#2") or up (its name): as the board numbers it
            field = s.players[1].field
            slot = int(target[1:]) if target.startswith("#") else field.index(target)
            if slot >= len(field) or s.ship_of.get(field[slot], -1) < 0:
                return None
            head = MSG.t(lang, "navi.opt.attack_guardian", card=_name(g, card))
            return f"attack:{card}", head, MSG.t(lang, "navi.opt.slot", slot=slot + 1)
        if ship < 0:
            return None
        head = MSG.t(lang, "navi.opt.attack", card=_name(g, card), ship=ship_name(g, ship, lang))
        return f"attack:{card}:{ship}", head, words

    return own
