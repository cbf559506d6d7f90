"""TOS in words: the board, actions and events, in English and Italian.

Board, action and event wording lives in ``ui/{en,it}.yaml``; card text comes from
``text.py`` (its own catalogs in ``messages/``).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tavolo.engine import Decision, Event
from tavolo.engine.i18n import Catalog, check_lang

from . import play as inplay
from . import text
from .adventure.play import MAX_MOVES
from .rules import MAX_TURNS

if TYPE_CHECKING:
    from .game import TosGame
    from .state import TosState

UI = Catalog(Path(__file__).parent / "ui")


def escape(s: str) -> str:
    """Keep card text literal inside Rich-style markup (the game never imports Rich)."""
    return s.replace("[", "\\[")


def _name(s: TosState, c: int, lang: str) -> str:
    return f"#{c} {text.half_title(inplay.half(s, c), lang)}"


def _banner(n: int) -> str:
    return "▶" * n


def _card_line(s: TosState, c: int, lang: str) -> list[str]:
    h = inplay.half(s, c)
    t = UI.t
    facts = [
        t(lang, "card.value", value=h.value),
        text.element_name(h.element, lang) if h.element else t(lang, "card.no_element"),
        _banner(h.banner),
        "★" * h.stars,
        t(lang, "card.exhaust", cost=h.exhaust),
    ]
    lines = [f"  [bold]{escape(_name(s, c, lang))}[/] · " + " · ".join(facts)]
    said = [escape(text.render_ability(a, lang)) for a in h.abilities]
    both = "      " + "  ".join(said)
    if len(said) > 1 and len(both) <= text.SCREEN:  # short abilities share a line
        return [*lines, both]
    return lines + ["      " + a for a in said]


def _ticks_legacy(s: TosState, c: int) -> bool:
    """Card ``c``'s upright half fills a box of the Legacy bar."""
    return any(
        a.tick == "legacy"
        for ability in inplay.half(s, c).abilities
        for sentence in ability.says
        for a in sentence.do
    )


def _exhaust_queue(s: TosState) -> list[int]:
    """The Opening, Add and Strain cards still to exhaust, the one asked now first: the
    rows are cleared when Exhaust starts, and the player plans the mana over all of them."""
    return [st[1] for st in reversed(s.steps) if st[0] == "exhaust"]


def _serial(s: TosState, lang: str) -> str:
    """The set's serial (TOS20261129); the Training hero's, TRAINING, in the reader's
    language (it is a word, not a code)."""
    serial = str(s.hero.serial)
    return UI.t(lang, "word.training") if serial == "TRAINING" else serial


def board(g: TosGame, s: TosState, lang: str) -> str:
    check_lang(lang)
    t = UI.t
    done = 0  # the lines already fitted to the screen
    d = g.decision(s) if s.result is None else None
    if s.adv_src is not None:
        from .adventure import board as adv_board

        lines = [
            t(
                lang,
                "adv.title",
                klass=text.class_name(s.hero.klass, lang),
                serial=_serial(s, lang),
                kind=t(lang, f"adv.kind.{s.mode}"),
                moves=s.count.get("moves", 0),
                max_moves=MAX_MOVES,
                won=s.count.get("won", 0),
            )
        ]
        # the grid or map where the choice needs it, the hand's text where it does: so
        # that a screen fits 40 rows (a dungeon fight tells how far the enemy is instead)
        kind = d.kind if d is not None else None
        if s.mode == "world":
            grid = s.enemy is None and kind != "adv_discard"
            lines += adv_board.world_lines(s, UI, lang, grid=grid)
        else:  # the map's rows stay whole: dungeon_lines fits the lines around them
            lines = [x for line in lines for x in text.fit_screen(line)]
            shown = kind in (None, "explore", "adv_dmove")
            entry = kind != "adv_discard"
            lines += adv_board.dungeon_lines(g, s, UI, lang, whole=shown, entry=entry)
            done = len(lines)
        if s.enemy is not None:
            lines.append(t(lang, "adv.fighting", turn=s.turn, max=MAX_TURNS))
    else:
        lines = [
            t(
                lang,
                "title",
                klass=text.class_name(s.hero.klass, lang),
                serial=_serial(s, lang),
                fight=max(1, s.fight),
                fights=len(s.fights),
                turn=s.turn,
                max=MAX_TURNS,
            )
        ]
    if s.enemy is not None:
        lines.append(t(lang, "enemy", enemy=escape(text.render_enemy(s.enemy, lang))))
    lines.append(t(lang, "tracks", attack=s.attack, defense=s.defense, level=s.level, mana=s.mana))
    top = s.discard[-1] if s.discard else None
    lines.append(
        t(
            lang,
            "piles",
            discard=len(s.discard),
            top=escape(_name(s, top, lang)) if top is not None else "—",
            removed=", ".join(f"#{c}" for c in s.removed) or "—",
        )
    )
    if s.column:
        els = inplay.elements(s)
        ban = inplay.banners(s)
        lines.append(
            t(
                lang,
                "in_play",
                cards=inplay.cards_in_play(s),
                elements=", ".join(
                    f"{text.element_name(e, lang)} {n}" for e, n in sorted(els.items())
                )
                or "—",
                b1=ban[1],
                b2=ban[2],
                stars=" ".join("★" * n for n in inplay.star_row(s)) or "—",
            )
        )
        for key, cards in (  # (the rows name themselves: no "Layout:" line above them)
            ("row.column", s.column),
            ("row.charge", s.charge),
            ("row.infuse", s.infuse),
            ("row.strain", s.strain),
        ):
            if cards:
                names = ", ".join(escape(_name(s, c, lang)) for c in cards)
                lines.extend(text.fit_screen("  " + t(lang, key, cards=names), sep=", "))
        if s.act is not None:
            slot, i = s.act
            c = s.column[slot]
            a = inplay.half(s, c).abilities[i]
            lines.append(
                t(
                    lang,
                    "next",
                    card=escape(_name(s, c, lang)),
                    text=escape(text.render_ability(a, lang)),
                )
            )
        else:
            lines.append(t(lang, "next_none"))
    waiting = _exhaust_queue(s)
    if waiting:
        lines.append(t(lang, "layout_exhaust"))
        for n, c in enumerate(waiting):
            h = inplay.half(s, c)
            lines.append(
                "  "
                + t(
                    lang,
                    "exhaust_now" if n == 0 else "exhaust_later",
                    card=escape(_name(s, c, lang)),
                    banner=_banner(h.banner),
                    cost=h.exhaust,
                    unpaid=t(lang, f"unpaid{h.banner}"),
                )
            )
    if s.ticks:
        if s.ticks.get("legacy") or (
            "legacy" in s.ticks and any(_ticks_legacy(s, c) for c in (*s.hand, *s.column))
        ):  # (an empty bar no card at hand or in the column can fill: not a line)
            bar = s.hero.bars.get("legacy")  # (a profile may hold more marks than boxes)
            n = s.ticks["legacy"] if bar is None else min(s.ticks["legacy"], len(bar.boxes))
            lines.append(t(lang, "ticks", n=n))
        from .adventure.board import bar_label

        # the bars this adventure prints; another adventure's of the same set (the day's
        # world and dungeon share its pencil marks) would show only as its id
        named = {k: bar_label(s, k, lang) for k in s.ticks if k != "legacy"}
        marks = ", ".join(
            f"{named[k]}: {s.ticks[k]}" for k in sorted(named) if s.adv is None or named[k] != k
        )
        if marks:
            lines.append(t(lang, "adv.bars", bars=marks))
    if d is not None and d.kind in ("explore", "adv_dmove") and s.hand:
        # the cards' names: their text waits for the Plan, or a choice of a card
        names = ", ".join(escape(_name(s, c, lang)) for c in s.hand)
        lines.extend(text.fit_screen(t(lang, "hand_names", n=len(s.hand), cards=names), ", "))
    else:
        lines.append(t(lang, "hand", n=len(s.hand)))
        for c in s.hand:
            lines.extend(_card_line(s, c, lang))
    if s.result is not None:
        lines.append("")
        if s.adv_src is not None:
            lines.append(t(lang, f"result.adv_{s.reason}", won=s.count.get("won", 0)))
        else:
            won = int(s.result[0] * len(s.fights) + 0.5)
            lines.append(t(lang, f"result.{s.reason}", won=won))
    else:
        if d is not None:
            if s.mode == "tutorial":  # the Training, guided: what this step is for
                lines.append("[italic]" + t(lang, f"guide.{d.kind}") + "[/]")
            lines.append(t(lang, "to_act", kind=_prompt(g, s, d, lang)))
    lines[done:] = [x for line in lines[done:] for x in text.fit_screen(line)]
    return "\n".join(lines)


def _prompt(g: TosGame, s: TosState, d: Decision, lang: str) -> str:
    """What the decision asks, with what the player needs to know to answer it."""
    if d.kind == "damage":  # which point of how many: the Execute's damage, recounted
        left = int(d.params["left"])
        total = max(left, g.clash(s)[3])
        return UI.t(lang, "kind.damage", n=total - left + 1, total=total)
    if d.kind == "adv_card":  # say what the card is chosen for: remove, exhaust...
        from .adventure.cards import choosing

        step = s.steps[-1]
        what = choosing(g.line(s, step[1]), step)
        return UI.t(lang, f"kind.adv_card.{what}")
    return UI.t(lang, f"kind.{d.kind}")


# -------------------------------------------------------------------------- actions --
def describe_action(g: TosGame, s: TosState, action: str, lang: str) -> str:
    check_lang(lang)
    t = UI.t
    verb, _, rest = action.partition(":")
    if verb in ("open", "charge"):
        c = int(rest)
        value = inplay.half(s, c).value
        got = inplay.gain(s, "mana", value)
        key = f"act.{verb}" if got == value else f"act.{verb}_capped"
        return t(lang, key, card=_name(s, c, lang), value=got, level=s.level)
    if verb in ("infuse", "add"):
        return t(lang, f"act.{verb}", card=_name(s, int(rest), lang))
    if verb == "strain":
        card, track = rest.split(":")
        return t(lang, f"act.strain_{track}", card=_name(s, int(card), lang))
    if verb == "activate":
        assert s.act is not None
        slot, i = s.act
        c = s.column[slot]
        a = inplay.half(s, c).abilities[i]
        return t(lang, "act.activate", card=_name(s, c, lang), text=text.render_ability(a, lang))
    if verb == "may":
        if s.steps and s.steps[-1][0] in ("line_may", "choice"):
            label = t(lang, f"act.adv_may_{rest}", text=_line_text(g, s, lang))
            if rest == "yes" and _idle_ritual(g, s):
                label += t(lang, "act.adv_may_idle")
            elif rest == "yes" and _unpaid(g, s):
                label += t(lang, "act.adv_may_unpaid")
            return label
        return t(lang, f"act.may_{rest}")
    if verb in ("move", "step"):
        label = t(lang, f"act.{verb}", dir=t(lang, f"dir.{rest}"))
        step = {"up": -3, "down": 3, "left": -1, "right": 1}.get(rest)
        if verb == "move" and s.mode == "world" and s.grid and step is not None:
            label += ": " + _cell_shown(s, s.pawn[0] + step, lang)  # T-19: what is there
            if s.hand:  # T-19: the move's price
                label += t(lang, "act.costs_card")
        return label
    if verb == "discard":
        return t(lang, "act.adv_discard", card=_name(s, int(rest), lang))
    if verb == "door":
        tile, o = int(rest[0]), "ABCD".index(rest[1])
        key = "act.door" if s.table[tile - 1] == o else "act.door_attach"
        if key == "act.door_attach" and s.hand:  # T-24: fetching a room costs a card
            key = "act.door_attach_paid"
        return t(lang, key, room=rest)
    if verb == "card":
        if rest == "stop":
            return t(lang, "act.card_stop")
        c = int(rest)
        where = t(lang, "where.hand") if c in s.hand else t(lang, "where.discard")
        if c in s.removed:
            where = t(lang, "where.removed")
        return t(lang, "act.card", card=_name(s, c, lang), where=where)
    if verb == "half":
        return t(lang, f"act.half{rest}")
    if verb == "cell":  # the cell as the grid shows it: where it is, what lies there
        i = int(rest)
        return t(lang, "act.cell", where=t(lang, f"grid.{i}"), what=_cell_shown(s, i, lang))
    if verb == "back":
        if rest == "stop":
            return t(lang, "act.back_stop")
        return t(lang, "act.back", card=_name(s, int(rest), lang))
    if verb == "exhaust":
        c = s.steps[-1][1] if s.steps else 0
        h = inplay.half(s, c)
        if rest == "pay":
            return t(lang, "act.exhaust_pay", card=_name(s, c, lang), cost=h.exhaust)
        return t(lang, f"act.exhaust_no{h.banner}", card=_name(s, c, lang))
    if verb == "hurt":
        c = int(rest)
        where = t(lang, "where.hand") if c in s.hand else t(lang, "where.discard")
        h = inplay.half(s, c)
        return t(lang, f"act.hurt{h.banner}", card=_name(s, c, lang), where=where)
    if verb == "strike" and s.foe is not None:  # T-26: from here, does the attack count?
        where = "on" if s.pawn == (s.foe[1], s.foe[2]) else "off"
        return t(lang, "act.strike") + t(lang, f"act.strike_{where}", attack=s.attack)
    return t(lang, f"act.{verb}") if UI.has(f"act.{verb}") else action  # (not an action)


_BY_CARD = ("charge", "infuse", "add", "strain")
"""The Plan's options that belong to a hand card: shown on one line per card."""


def describe_options(
    g: TosGame, s: TosState, actions: Sequence[str], lang: str
) -> list[tuple[str, list[tuple[int, str]]]] | None:
    """The Plan's options a line per hand card ("#3: 1 Charge +0 mana · 2 Infuse ·
    3 Add · 4 Strain +1 attack · 5 +1 defense"), the dungeon Execute's steps on one line
    ("One step for 1 attack point: 1 up · 2 down"), the others one a line, numbered as the
    decision lists them: 23 lines of options under a hand of 5 were more than a screen."""
    check_lang(lang)
    t = UI.t
    if any(a.startswith("step:") for a in actions):
        steps = [(i, t(lang, f"dir.{a[5:]}")) for i, a in enumerate(actions) if a[:5] == "step:"]
        others = [
            (i, describe_action(g, s, a, lang))
            for i, a in enumerate(actions)
            if not a.startswith("step:")
        ]
        return [(t(lang, "opt.step"), steps), ("", others)]
    if not any(a.partition(":")[0] in _BY_CARD for a in actions):
        return None
    groups: list[tuple[str, list[tuple[int, str]]]] = []
    heads: dict[str, list[tuple[int, str]]] = {}
    rest: list[tuple[int, str]] = []
    for i, action in enumerate(actions):
        verb, _, arg = action.partition(":")
        if verb not in _BY_CARD:
            rest.append((i, describe_action(g, s, action, lang)))
            continue
        card, _, track = arg.partition(":")
        items = heads.get(card)
        if items is None:
            items = heads[card] = []
            groups.append((f"#{card}", items))
        if verb == "charge":
            value = inplay.half(s, int(card)).value
            words = t(lang, "opt.charge", value=inplay.gain(s, "mana", value))
        elif verb == "strain":
            after = items and actions[items[-1][0]].startswith(f"strain:{card}:")
            words = t(lang, f"opt.strain_{track}" + ("_more" if after else ""))
        else:
            words = t(lang, f"opt.{verb}")
        items.append((i, words))
    return [*groups, ("", rest)] if rest else groups


def _idle_ritual(g: TosGame, s: TosState) -> bool:
    """The yes/no question is about a ritual that would remove a card and turn none."""
    from .adventure.cards import can_turn

    step = s.steps[-1]
    if step[0] == "choice":
        actions = s.adv.index.instructions[int(step[1])].actions
    else:
        actions = (g.line(s, step[1]),)
    return any(getattr(a, "kind", "") == "ritual" for a in actions) and not can_turn(s)


def _cell_shown(s: TosState, i: int, lang: str) -> str:
    """World grid cell ``i`` as the grid shows it: its card's upright half, or empty."""
    there = s.grid[i] if 0 <= i < len(s.grid) else 0
    if not there:
        return UI.t(lang, "word.empty_cell")
    from .world import text as wtext

    half = s.adv.card(there).half(s.table[there - 1])
    return f"{half.id} {wtext.half_title(half, lang)}"


def _unpaid(g: TosGame, s: TosState) -> bool:
    """Yes would do nothing now (T-16: a cost that cannot be paid, such as a card of an
    element the hand does not hold): it leaves the same question next as no, and not a
    word of the log. Tried on copies of the state."""
    yes, no = s.clone(), s.clone()
    if g.apply(yes, "may:yes"):
        return False
    g.apply(no, "may:no")
    after_yes, after_no = g.decision(yes), g.decision(no)
    if after_yes is None or after_no is None:
        return after_yes is None and after_no is None
    return (after_yes.kind, after_yes.actions) == (after_no.kind, after_no.actions)


def _line_text(g: TosGame, s: TosState, lang: str) -> str:
    """The printed line (or index entry) a yes/no question is about."""
    step = s.steps[-1]
    if step[0] == "choice":  # what the entry does, not its heading (symbol and trigger)
        from .dungeon.text import render_instruction

        ins = s.adv.index.instructions[int(step[1])]
        body = render_instruction(ins, lang).splitlines()[1 + bool(ins.once) :]
        return " ".join(x.strip().removeprefix("- ") for x in body)
    line = g.line(s, step[1])
    if s.mode == "world":
        from .world.text import render_line

        return render_line(line, lang)
    from .adventure.actions import KINDS
    from .adventure.text import render_action

    return render_action(line, lang) if line.kind in KINDS else str(line.kind)


# --------------------------------------------------------------------------- events --
def describe_event(g: TosGame, e: Event, lang: str) -> str | None:
    check_lang(lang)
    t = UI.t
    d: dict[str, Any] = dict(e.data)
    k = e.kind
    card = f"#{d['card']}" if "card" in d else ""
    if k == "fight":
        return t(
            lang,
            "ev.fight",
            n=d["index"] + 1,
            level=d.get("level", 0),
            attack=d.get("attack", 0),
            defense=d.get("defense", "—"),
        )
    if k == "execute":
        key = "ev.execute_won" if d["defeated"] else "ev.execute_lost"
        return t(lang, key, **{x: ("—" if v is None else v) for x, v in d.items()})
    if k == "strain":
        return t(lang, "ev.strain", card=card, track=t(lang, f"track.{d['track']}"))
    if k in ("exhaust", "damage"):
        return t(lang, f"ev.{k}_{d['how']}", card=card)
    if k == "sentence":
        if not d["ok"]:
            return t(lang, "ev.sentence_skipped", card=card, n=d["n"] + 1)
        return t(
            lang,
            "ev.sentence",
            card=card,
            n=d["n"] + 1,
            attack=d["attack"],
            defense=d["defense"],
            mana=d["mana"],
        )
    if k == "adv_text":
        if str(d["ref"]).startswith("e"):
            from .dungeon.text import MSG

            return MSG.t(lang, f"story.{d['label']}", rooms=d.get("rooms", ""))
        from .world.model import Text
        from .world.text import render_line

        return render_line(Text(label=d["label"]), lang)
    if k in ("adv_exhaust", "adv_entry", "adv_teleport"):
        k = f"{k}_{d.get('how', d.get('ok'))}".lower()
    if k == "adv_challenge":  # the challenge is won or lost, not "yes" or "no"
        d["won"] = t(lang, "word.challenge_won" if d["won"] else "word.challenge_lost")
    if k == "adv_gamble":  # both cards kept or both discarded, not "kept: no"
        d["kept"] = t(lang, "word.gamble_kept" if d["kept"] else "word.gamble_lost")
    if k.startswith("adv_"):
        d = {
            x: (t(lang, f"word.{'yes' if v else 'no'}") if isinstance(v, bool) else v)
            for x, v in d.items()
        }
        if k in ("adv_reveal", "adv_removed", "adv_pick"):  # an adventure card: 6, not
            card = str(d["card"])  # the hero card #6 (the grid calls it 6A / 6B)
        if k == "adv_step":
            d["dir"] = t(lang, f"dir.{d['dir']}")
        if k in ("adv_move", "adv_migrate"):  # the grid as the player sees it, not 0-8
            d["cell"] = t(lang, f"grid.{d['cell']}")
            if k == "adv_move":  # the card's number, as its half's code shows it (6A)
                card = str(d["card"])
                k = "adv_move" if d["card"] else "adv_move_blank"
        if k == "adv_buff":
            d["track"] = t(lang, f"track.{d['track']}")
        if k in ("adv_gain", "adv_lose"):  # the item's name, as the index entry says it
            from .dungeon.text import MSG as DUNGEON

            if DUNGEON.has(f"item.{d['item']}"):
                d["item"] = DUNGEON.t(lang, f"item.{d['item']}")
    key = f"ev.{k}"
    if UI.has(key):
        return t(lang, key, card=card, **{x: v for x, v in d.items() if x != "card"})
    return f"{k}: {d}"


def describe_events(g: TosGame, events: Sequence[Event], lang: str) -> list[str]:
    """Each event's words, a run of draws in one line ("You draw #6, #5, #3 from the
    bottom of the Discard Deck."): five lines of draws pushed the screen off the top."""
    check_lang(lang)
    out: list[str] = []
    i = 0
    while i < len(events):
        j = i
        while j < len(events) and events[j].kind == "draw":
            j += 1
        if j - i > 1:
            cards = ", ".join(f"#{e.data['card']}" for e in events[i:j])
            out.append(UI.t(lang, "ev.draw", card=cards))
            i = j
            continue
        said = describe_event(g, events[i], lang)
        if said:
            out.append(said)
        i += 1
    return out


def help_text(lang: str) -> str:
    check_lang(lang)
    return UI.t(lang, "help")
