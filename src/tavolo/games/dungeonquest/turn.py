"""The frames of ``rules.py``: what each one does, what it asks and what each answer does.

Automatic frames return False after changing the stack; a frame that waits returns True
and ``decide`` lists its action ids. ``act`` answers come back through ``answer``.
"""

from __future__ import annotations

from typing import Any

from tavolo.engine import Decision, Event

from .dice import Dice, parse_dice
from .effects import Effect
from .rules import EXTRA_CAP, SIDE, DQRules
from .schema import COUNTERS
from .state import DQState as S

BREATH: dict[str, Dice] = {"d12": parse_dice("d12"), "2d6": parse_dice("2d6")}
"""D11: the dragon's breath, by option (also for each barrier failed on the way out)."""

Frame = tuple[Any, ...]
F_NOESC, F_SNEAK, F_BLIND = 1, 2, 4
REACT = ("attack", "wait", "escape")


class DQTurn(DQRules):
    # ====================================================================== set-up ==
    def h_pickhero(self, s: S, f: Frame, ev: list[Event]) -> bool:
        return True

    def h_pickring(self, s: S, f: Frame, ev: list[Event]) -> bool:
        return True

    def h_picktower(self, s: S, f: Frame, ev: list[Event]) -> bool:
        return True

    # ================================================================ turn frames ==
    def h_end(self, s: S, f: Frame, ev: list[Event]) -> bool:
        s.stack.pop()
        self.next_turn(s, f[1], ev)
        return False

    def h_start(self, s: S, f: Frame, ev: list[Event]) -> bool:
        """DQ-5 start of turn: lost turns, held cards, darkness, the cave-in, then act."""
        _, k, stage, snap = f
        h = s.heroes[k]
        if h.status != "in":
            s.stack.pop()
            return False
        if stage == 0:
            if h.lost_turns > 0:
                h.lost_turns -= 1
                ev.append(Event("turn_lost", {"hero": k}))
                s.halt = True
                return False
            if h.held:
                snap = "|".join(f"{d}:{c}" for d, c in h.held)
                s.stack[-1] = ("start", k, 1, snap)
                return False
            stage = 2
        if stage == 1:
            if not snap:
                s.stack[-1] = ("start", k, 2, "")
                return False
            first, _, rest = snap.partition("|")
            s.stack[-1] = ("start", k, 1, rest)
            deck, _, card = first.partition(":")
            if (deck, card) not in h.held:
                return False
            if card == "giant_spider":
                s.stack.append(("spider", k, "fight"))
                return False
            prog = self._prog_id[id(self.cards[deck, card].each_turn)]
            s.stack.append(("fx", k, prog, 0, deck, card, 0))
            return False
        kind = self.kind_at(s, h.pos)
        s.stack.pop()
        if kind == "darkness":  # stumbling out is the turn
            self.stumble(s, k, ev)
            return False
        s.stack.append(("act", k, 1))
        if kind == "cave_in" and h.prev is not None:
            s.stack.append(("cave", k))
        return False

    def stumble(self, s: S, k: int, ev: list[Event]) -> None:
        """Chamber of Darkness: D6 picks the opening the hero stumbles out of, counted
        from the one he came in by ("esci da dove sei venuto"), which is the tile's
        arrow only for the hero who laid it; clockwise is the next opening that way."""
        h = s.heroes[k]
        assert h.pos is not None
        p = s.board[h.pos]
        opens = [x for x in range(4) if p.edge(x) != "W"]
        came = h.entered if h.entered in opens else p.entry_side
        r = s.rng.roll(6, "darkness")
        if len(opens) == 2:
            other = next(x for x in opens if x != came)
            side = came if r <= 3 else other
        elif r <= 2:
            side = came
        else:
            turn = 1 if r <= 4 else 3
            side = next((came + turn * i) % 4 for i in (1, 2, 3) if (came + turn * i) % 4 in opens)
        ev.append(Event("stumbles", {"hero": k, "roll": r, "side": SIDE[side]}))
        if p.edge(side) == "W" or side not in self.exits(s, k):
            ev.append(Event("turn_lost", {"hero": k}))
            s.halt = True
            return
        s.stack.append(("cross", k, side, "walk", self.passage(s, h.pos, side) or "", 0))

    def h_act(self, s: S, f: Frame, ev: list[Event]) -> bool:
        if s.heroes[f[1]].status != "in":
            s.stack.pop()
            return False
        return True

    def act_actions(self, s: S, f: Frame) -> list[str]:
        k, first = f[1], f[2]
        h = s.heroes[k]
        assert h.pos is not None
        kind = self.kind_at(s, h.pos)
        out = [f"move:{SIDE[x]}" for x in self.exits(s, k)]
        if first:
            if h.potion is not None:
                out.append("potion")
            if h.ring == "healing" and not h.ring_used:
                out.append("ring")
            if kind in self.kinds and self.kinds[kind].searchable and self.may_search(s, k):
                out.append("search")
        if kind == "tower" and h.moved and s.opts.escape_at_once:  # D2 (else: at sunset)
            out.append("leave")
        if kind == "chamber":
            out.append("stay")
        elif kind != "pit":
            out.append("wait")
        if not out:
            out.append("wait")
        return out

    def may_search(self, s: S, k: int) -> bool:
        h = s.heroes[k]
        if s.opts.search_limit == "once_per_room":
            return h.pos not in h.searched
        return h.searches < 2

    def answer_act(self, s: S, f: Frame, a: str, ev: list[Event]) -> None:
        k = f[1]
        h = s.heroes[k]
        verb, _, arg = a.partition(":")
        if verb == "move":
            s.stack.pop()
            side = SIDE.index(arg)
            assert h.pos is not None
            self.start_cross(s, k, side, "walk", ev)
        elif verb == "potion":
            s.stack[-1] = ("act", k, 1)
            deck, card = h.potion  # type: ignore[misc]
            h.potion = None
            self.back_under(s, deck, card)
            ev.append(Event("potion_drunk", {"hero": k}))
            s.stack.append(("fx", k, self.table_prog["potion"], 0, "", "potion", 0))
        elif verb == "ring":
            h.ring_used = True
            ev.append(Event("ring_used", {"hero": k, "ring": "healing"}))
            self.heal(s, k, 5, ev)
            s.halt = True
        elif verb == "search":
            s.stack.pop()
            h.searches += 1
            if h.pos not in h.searched:
                h.searched.append(h.pos)  # type: ignore[arg-type]
            ev.append(Event("searched", {"hero": k}))
            self.draw_card(s, k, "search", ev)
        elif verb == "leave":
            s.stack.pop()
            self.escape(s, k, ev)
        elif verb == "stay":
            s.stack.pop()
            s.stack.append(("dragon", k, 1))
        else:  # wait
            s.stack.pop()
            ev.append(Event("waited", {"hero": k}))

    def start_cross(self, s: S, k: int, side: int, mode: str, ev: list[Event]) -> None:
        h = s.heroes[k]
        assert h.pos is not None
        secret = mode == "secret"
        bars = self.passage(s, h.pos, side, secret) or ""
        placed = s.board.get(h.pos)
        if (
            placed is not None
            and placed.tile.kind == "pit"
            and s.opts.pit_test == "leaving"
            and side != h.entered
            and not self.test(s, k, "agility", "pit", ev)
        ):
            self.kill(s, k, "pit", ev)
            return
        if not s.opts.portcullis_both_ways and bars.endswith("P"):
            # D22's alternative: only the hero's own tile's portcullis holds him; the
            # destination's (the last barrier, see passage) is not tested from outside
            to = self.nbr[h.pos][side]
            if to is not None and self.edge(s, to, (side + 2) % 4) == "P":
                bars = bars[:-1]
        s.stack.append(("cross", k, side, mode, bars, 0))

    def h_cross(self, s: S, f: Frame, ev: list[Event]) -> bool:
        """Doors (D23: one card per door), portcullis (Strength), then the step."""
        _, k, side, mode, bars, asked = f
        h = s.heroes[k]
        if h.status != "in":
            s.stack.pop()
            return False
        if bars:
            if h.ring == "opening" and not h.ring_used and not asked:
                return True
            b, rest = bars[0], bars[1:]
            s.stack[-1] = ("cross", k, side, mode, rest, asked)
            if b == "D":
                ev.append(Event("door_tried", {"hero": k, "side": SIDE[side]}))
                self.draw_card(s, k, "door", ev)
            elif not self.test(s, k, "strength", "portcullis", ev):
                ev.append(Event("portcullis_holds", {"hero": k}))
                if not self.fail_drive(s, k, ev):
                    s.halt = True
            else:
                ev.append(Event("portcullis_lifted", {"hero": k}))
            return False
        s.stack.pop()
        s.noesc = mode == "secret"  # D17: no escape only beyond the secret door itself
        self.step_into(s, k, side, mode, ev)
        return False

    def answer_cross(self, s: S, f: Frame, a: str, ev: list[Event]) -> None:
        _, k, side, mode, bars, _ = f
        if a == "ring":
            s.heroes[k].ring_used = True
            ev.append(Event("ring_used", {"hero": k, "ring": "opening"}))
            bars = ""
        s.stack[-1] = ("cross", k, side, mode, bars, 1)

    def h_enter(self, s: S, f: Frame, ev: list[Event]) -> bool:
        """DQ-9: what the square entered does. DQ-13.5: a hero escaping back draws no
        Room card, but the special tile's rule still applies (Trap card, pit test)."""
        _, k, mode, new = f
        s.stack.pop()
        h = s.heroes[k]
        if h.status != "in" or h.pos is None:
            return False
        kind = self.kind_at(s, h.pos)
        if kind == "tower":
            if s.opts.escape_at_once and mode != "driven":
                s.stack.append(("tower", k))
            elif mode == "walk":
                s.stack.append(("extra", k))
            return False
        if kind == "chamber":
            s.stack.append(("dragon", k, 1))
            return False
        if mode == "driven":
            return False
        placed = s.board[h.pos]
        if kind == "corridor":
            s.stack.append(("extra", k))
        elif kind == "trap":
            if not self._warn_tile(s, k):
                self.draw_card(s, k, "trap", ev)
        elif kind == "rotating":
            if new:
                s.board[h.pos] = placed.turned(2)
                ev.append(Event("room_rotates", {"hero": k}))
                ahead = s.board[h.pos].entry_side
                if self.passage(s, h.pos, ahead) is None:
                    self.kill(s, k, "rotating", ev)
                    return False
                h.entered = ahead
            s.halt = True
        elif kind == "pit":
            if s.opts.pit_test == "entry" and not self.test(s, k, "agility", "pit", ev):
                self.kill(s, k, "pit", ev)
                return False
            s.halt = True
        elif kind == "darkness":
            ev.append(Event("darkness", {"hero": k}))
            s.halt = True
        else:
            if kind == "portcullis" and new:
                ev.append(Event("portcullis_drops", {"hero": k}))
            if (new or s.opts.room_card_on_reentry) and mode != "escape":
                self.draw_card(s, k, "room", ev)
        return False

    def _warn_tile(self, s: S, k: int) -> bool:
        h = s.heroes[k]
        if h.ring == "warning" and not h.ring_used:
            s.stack.append(("warn", k, "tile"))
            return True
        return False

    def h_tower(self, s: S, f: Frame, ev: list[Event]) -> bool:
        return self._waits(s, f)

    def _waits(self, s: S, f: Frame) -> bool:
        """A decision frame waits while its hero is still in the dungeon."""
        if s.heroes[f[1]].status == "in":
            return True
        s.stack.pop()
        return False

    def answer_tower(self, s: S, f: Frame, a: str, ev: list[Event]) -> None:
        k = f[1]
        s.stack.pop()
        if a == "leave":
            self.escape(s, k, ev)
        else:
            s.stack.append(("extra", k))

    def h_extra(self, s: S, f: Frame, ev: list[Event]) -> bool:
        if s.heroes[f[1]].status != "in":
            s.stack.pop()
            return False
        return True

    def extra_actions(self, s: S, f: Frame) -> list[str]:
        if s.moves >= EXTRA_CAP:
            return ["stop"]
        return [*(f"move:{SIDE[x]}" for x in self.exits(s, f[1])), "stop"]

    def answer_extra(self, s: S, f: Frame, a: str, ev: list[Event]) -> None:
        s.stack.pop()
        if a != "stop":
            s.moves += 1
            self.start_cross(s, f[1], SIDE.index(a[5:]), "walk", ev)

    def h_cave(self, s: S, f: Frame, ev: list[Event]) -> bool:
        return True

    def cave_actions(self, s: S, f: Frame) -> list[str]:
        h = s.heroes[f[1]]
        out = ["test"]
        if h.entered >= 0 and h.entered in self.exits(s, f[1]):
            out.insert(0, "back")
        return out

    def answer_cave(self, s: S, f: Frame, a: str, ev: list[Event]) -> None:
        k = f[1]
        s.stack.pop()
        if a == "back":
            s.stack.pop()  # the act frame: going back is the turn's move
            self.start_cross(s, k, s.heroes[k].entered, "walk", ev)
        elif not self.test(s, k, "agility", "cave_in", ev):
            ev.append(Event("turn_lost", {"hero": k}))
            s.halt = True

    # ============================================================== the effect language ==
    def h_fx(self, s: S, f: Frame, ev: list[Event]) -> bool:
        _, k, prog, i, deck, card, owns = f
        effects = self.progs[prog]
        if i >= len(effects) or s.heroes[k].status != "in":
            s.stack.pop()
            if owns:
                self.back_under(s, deck, card)
            return False
        s.stack[-1] = ("fx", k, prog, i + 1, deck, card, owns)
        e = effects[i]
        if e.keep == "potion" and s.heroes[k].potion is not None:
            # DQ-16: one potion at a time, another found is discarded (back under its deck)
            ev.append(Event("potion_discarded", {"hero": k}))
            return False
        if e.optional:
            if e.keep is not None or e.draw is not None:
                s.stack.append(("opt", k, prog, i))
                return False
            if e.secret_door:
                s.stack.append(("secret", k))
                return False
        self.do(s, k, e, prog, i, ev, self.verbs[prog][i])
        return False

    def do(self, s: S, k: int, e: Effect, prog: int, i: int, ev: list[Event], v: str = "") -> None:
        """Carry out one effect for hero ``k`` (``prog``/``i`` locate its branches)."""
        h = s.heroes[k]
        v = v or e.verb
        if v == "nothing" or v == "creature" or v == "cancel":
            if v == "creature":
                ev.append(Event("creature", {"hero": k, "creature": e.creature}))
            return
        if v == "lose_life":
            assert e.lose_life is not None
            self.damage(s, k, self.roll(s, k, e.lose_life, self.why(s), ev), self.why(s), ev)
        elif v == "gain_life":
            assert e.gain_life is not None
            self.heal(s, k, self.roll(s, k, e.gain_life, "heal", ev), ev)
        elif v == "halve_life":
            self.damage(s, k, h.life // 2, self.why(s), ev)
        elif v == "killed":
            self.kill(s, k, self.why(s), ev)
        elif v == "test":
            ok = self.test(s, k, str(e.test), self.why(s), ev)
            self._branch(s, k, prog, i, "pass" if ok else "fail")
        elif v == "call":
            n = int(e.call or 1)
            r = s.rng.roll(6, "call")
            ok = r <= n
            ev.append(Event("called", {"hero": k, "called": list(range(1, n + 1)), "roll": r}))
            self._branch(s, k, prog, i, "match" if ok else "miss")
        elif v == "roll":
            assert e.roll is not None
            r = self.roll(s, k, e.roll, self.why(s), ev)
            for (a, b), _ in e.rows():
                if a <= r <= b:
                    self._branch(
                        s, k, prog, i, f"{a}-{b}" if f"{a}-{b}" in (e.table or {}) else str(a)
                    )
                    break
        elif v == "has":
            got = h.potion is not None if e.has == "potion" else bool(h.ropes)
            self._branch(s, k, prog, i, "then" if got else "otherwise")
        elif v == "draw":
            self.draw_card(s, k, str(e.draw), ev)
        elif v == "shuffle":
            top = s.stack.pop()
            deck, card = top[4], top[5]
            s.decks[deck].append(card)
            s.fresh[deck] = len(s.decks[deck])  # shuffled: every card unseen again
            ev.append(Event("deck_shuffled", {"deck": deck}))
            self.draw_card(s, k, deck, ev)
        elif v == "treasure":
            deck, card = self.mark_kept(s)
            h.cards.append((deck, card, int(e.treasure or 0)))
            ev.append(Event("treasure_taken", {"hero": k, "gp": e.treasure, "card": card}))
        elif v == "keep":
            deck, card = self.mark_kept(s)
            if e.keep == "potion":  # (one carried already: discarded in h_fx)
                h.potion = (deck, card)
            else:
                h.ropes.append((deck, card))
            ev.append(Event("item_kept", {"hero": k, "item": e.keep}))
        elif v == "hold":
            deck, card = self.mark_kept(s)
            h.held.append((deck, card))
        elif v == "release":
            f = s.stack[-1]
            held = (f[4], f[5])
            if held in h.held:
                h.held.remove(held)
                self.back_under(s, *held)
            ev.append(Event("released", {"hero": k, "card": f[5]}))
        elif v == "end_turn":
            if self.fail_drive(s, k, ev):
                pass
            elif k == s.active:
                ev.append(Event("turn_over", {"hero": k}))
                s.halt = True
        elif v == "lose_turns":
            assert e.lose_turns is not None
            n = self.roll(s, k, e.lose_turns, "lost turns", ev)
            h.lost_turns += n
            ev.append(Event("turns_to_miss", {"hero": k, "n": n}))
        elif v == "door_opens":
            ev.append(Event("door_opened", {"hero": k}))
        elif v == "go_back":
            self.spider_gone(s)
            self.go_back(s, k, ev)
        elif v == "secret_door":
            s.stack.append(("secret", k))
        elif v == "rotate_corridors":
            self.rotate_corridors(s, str(e.rotate_corridors), ev)
        elif v == "monster":
            self.encounter(s, k, str(e.monster), e.sneak, ev)
        elif v == "no_escape":
            s.noesc = True
        elif v == "treasure_counters":
            for _ in range(int(e.treasure_counters or 0)):
                if s.cup:
                    gp = s.rng.draw(s.cup, "treasure")
                    h.treasure.append(gp)
                    ev.append(Event("treasure_taken", {"hero": k, "gp": gp, "card": "counter"}))
        elif v == "drop_treasure":
            s.cup.extend(h.treasure)
            for deck, card, _gp in h.cards:
                self.back_under(s, deck, card)
            if h.treasure or h.cards:
                ev.append(Event("treasure_dropped", {"hero": k, "gp": h.gp}))
            h.treasure, h.cards = [], []
        elif v == "driven_out":
            s.stack.append(("out", k))
        elif v == "monster_loses":
            assert e.monster_loses is not None
            self.wound_monster(s, self.roll(s, k, e.monster_loses, "arrow", ev), False, ev)
        elif v == "slay":
            self.wound_monster(s, 0, True, ev)
        elif v == "consult":
            s.stack.append(("fx", k, self.table_prog[str(e.consult)], 0, "", "", 0))

    def why(self, s: S) -> str:
        return self.card_in_play(s)[1] or "potion"

    def _branch(self, s: S, k: int, prog: int, i: int, name: str) -> None:
        sub = self.branch.get((prog, i, name))
        if sub is not None:
            f = s.stack[-1]
            s.stack.append(
                ("fx", k, sub, 0, f[4], f[5], 0) if f[0] == "fx" else ("fx", k, sub, 0, "", "", 0)
            )

    def h_opt(self, s: S, f: Frame, ev: list[Event]) -> bool:
        return True

    def answer_opt(self, s: S, f: Frame, a: str, ev: list[Event]) -> None:
        _, k, prog, i = f
        s.stack.pop()
        if a == "yes":
            self.do(s, k, self.progs[prog][i], prog, i, ev)
        else:
            ev.append(Event("declined", {"hero": k}))

    def h_warn(self, s: S, f: Frame, ev: list[Event]) -> bool:
        return True

    def answer_warn(self, s: S, f: Frame, a: str, ev: list[Event]) -> None:
        _, k, what = f
        s.stack.pop()
        h = s.heroes[k]
        if a == "ring":
            h.ring_used = True
            ev.append(Event("ring_used", {"hero": k, "ring": "warning"}))
            if what == "card":
                top = s.stack[-1]
                s.stack[-1] = (*top[:3], len(self.progs[top[2]]), *top[4:])
        elif what == "tile":
            self.draw_card(s, k, "trap", ev)

    def h_secret(self, s: S, f: Frame, ev: list[Event]) -> bool:
        return self._waits(s, f)

    def secret_actions(self, s: S, f: Frame) -> list[str]:
        return [*(f"side:{SIDE[x]}" for x in self.exits(s, f[1], secret=True)), "no"]

    def answer_secret(self, s: S, f: Frame, a: str, ev: list[Event]) -> None:
        s.stack.pop()
        if a != "no":
            ev.append(Event("secret_door", {"hero": f[1], "side": a[5:]}))
            self.start_cross(s, f[1], SIDE.index(a[5:]), "secret", ev)

    # ======================================================================= combat ==
    def encounter(self, s: S, k: int, mid: str, sneak: bool, ev: list[Event]) -> None:
        """DQ-13.2: a monster appears (the spider has its own fight, DQ-12.3)."""
        h = s.heroes[k]
        ev.append(Event("monster_appears", {"hero": k, "monster": mid}))
        if self.monsters[mid].kind == "spider":
            deck, card = self.mark_kept(s)
            h.held.append((deck or "room", card or "giant_spider"))
            s.stack.append(("spider", k, "ask"))
            return
        flags = F_SNEAK if sneak else 0
        assert h.pos is not None
        if not sneak and not self.may_escape(s, k):
            flags |= F_NOESC
        if sneak:
            flags |= F_NOESC
        stage = "card" if sneak else "blind"
        s.stack.append(("monster", k, mid, stage, 0, 0, 0, 0, flags, "", -1))

    def may_escape(self, s: S, k: int) -> bool:
        """DQ-13.5: not on a portcullis tile, not after a secret door, and only back to a
        free square, one on the board (a position file may start a hero as if he came
        from a square not yet explored: there is nothing there to go back to)."""
        h = s.heroes[k]
        prev = h.prev
        return not (
            s.noesc
            or prev is None
            or (prev not in s.board and prev not in self.printed)
            or self.kind_at(s, h.pos) == "portcullis"
            or self.occupied(s, prev, k)
        )

    def h_monster(self, s: S, f: Frame, ev: list[Event]) -> bool:
        _, k, mid, stage, lp, wound, hits, arrows, flags, secret, col = f
        h = s.heroes[k]
        if h.status != "in":
            s.stack.pop()
            return False
        if stage == "dead":
            s.stack.pop()
            ev.append(Event("monster_killed", {"hero": k, "monster": mid}))
            return False
        hero = self.heroes[h.id]
        bow = hero.missile is not None and hero.missile.kind == "bow"
        per = (hero.missile.per_encounter or 2) if bow and hero.missile else 0
        if stage == "blind":
            if h.ring == "blinding" and not h.ring_used and not flags & F_SNEAK:
                return True
            s.stack[-1] = (*f[:3], "bow1", *f[4:])
            return False
        if stage == "bow1":  # D10: one arrow before the choice, the other after the card
            if bow and arrows < min(1, per):
                return True
            s.stack[-1] = (*f[:3], "react", *f[4:])
            return False
        if stage == "react":
            return True
        if stage == "card":
            mc = self.draw_deck(s, "monster")
            self.back_under(s, "monster", mc)
            c = 0 if col < 0 else col
            value = self.mcards[mc].lines[mid][c]
            ev.append(
                Event(
                    "monster_card",
                    {"hero": k, "card": mc, "monster": mid, "value": value, "choice": REACT[c]},
                )
            )
            if value == 0:
                s.stack.pop()
                if c == 2:
                    self.go_back(s, k, ev)
                else:
                    ev.append(Event("monster_flees", {"monster": mid}))
                return False
            lp = value - wound
            if lp <= 0:
                s.stack[-1] = (*f[:3], "dead", *f[4:])
                return False
            s.stack[-1] = ("monster", k, mid, "bow2", lp, 0, hits, arrows, flags, secret, c)
            return False
        if stage == "bow2":
            if bow and arrows < per and not flags & F_SNEAK:
                return True
            s.stack[-1] = (*f[:3], "fight", *f[4:])
            return False
        # stage fight: the monster's counter is picked first, in secret (D8)
        if not secret:
            picker = self.monster_picker(s, k)
            if picker >= 0:
                return True
            secret = s.rng.choice(COUNTERS, "monster counter")
            s.stack[-1] = (*f[:9], secret, col)
        return True

    def monster_picker(self, s: S, k: int) -> int:
        """D8: the player on the left picks the monster's counter under that option."""
        n = len(s.heroes)
        if s.opts.monster_counter == "left_player" and n > 1:
            return (k + 1) % n
        return -1

    def monster_actions(self, s: S, f: Frame) -> tuple[int, list[str]]:
        k, stage, flags, secret = f[1], f[3], f[8], f[9]
        if stage == "blind":
            return k, ["ring", "no"]
        if stage in ("bow1", "bow2"):
            return k, ["shoot", "no"]
        if stage == "react":
            return k, ["attack", "wait"] if flags & F_NOESC else ["attack", "wait", "escape"]
        if not secret:
            return self.monster_picker(s, k), [f"counter:{c}" for c in COUNTERS]
        return k, list(COUNTERS)

    def answer_monster(self, s: S, f: Frame, a: str, ev: list[Event]) -> None:
        _, k, mid, stage, lp, wound, hits, arrows, flags, secret, col = f
        h = s.heroes[k]
        if stage == "blind":
            if a == "ring":
                h.ring_used = True
                ev.append(Event("ring_used", {"hero": k, "ring": "blinding"}))
                ev.append(Event("monster_flees", {"monster": mid}))
                s.stack.pop()
                return
            s.stack[-1] = (*f[:3], "bow1", *f[4:])
        elif stage in ("bow1", "bow2"):
            nxt = "react" if stage == "bow1" else "fight"
            if a == "shoot":  # D10: one arrow in each window, so after the card: fight
                after = stage if stage == "bow1" else nxt
                s.stack[-1] = (*f[:3], after, lp, wound, hits, arrows + 1, flags, secret, col)
                ev.append(Event("arrow", {"hero": k, "monster": mid}))
                s.stack.append(("fx", k, self.table_prog["bow"], 0, "", "arrow", 0))
            else:
                s.stack[-1] = (*f[:3], nxt, *f[4:])
        elif stage == "react":
            c = REACT.index(a)
            ev.append(Event("reaction", {"hero": k, "choice": a}))
            s.stack[-1] = (*f[:3], "card", lp, wound, hits, arrows, flags, secret, c)
        elif a.startswith("counter:"):
            s.stack[-1] = (*f[:9], a[8:], col)
        else:
            self.combat_round(s, f, a, ev)

    def combat_round(self, s: S, f: Frame, mine: str, ev: list[Event]) -> None:
        """DQ-13.4: both counters revealed; the combat display says who loses what."""
        _, k, mid, _stage, lp, wound, hits, arrows, flags, theirs, col = f
        hero_loses, monster_loses = self.c.combat.tables[s.opts.combat_table][mine][theirs]  # type: ignore[index]
        blow = self.heroes[s.heroes[k].id].mighty_blow
        if blow is not None and mine == "mighty_blow" and theirs == "slash":
            monster_loses = blow  # DQ-18: Rildo's lighter blow
        lp -= monster_loses
        ev.append(
            Event(
                "combat_round",
                {
                    "hero": k,
                    "monster": mid,
                    "mine": mine,
                    "theirs": theirs,
                    "hero_loses": hero_loses,
                    "monster_loses": monster_loses,
                    "monster_left": max(0, lp),
                },
            )
        )
        s.stack[-1] = (
            "monster",
            k,
            mid,
            "dead" if lp <= 0 else "fight",
            lp,
            wound,
            hits,
            arrows,
            flags,
            "",
            col,
        )
        self.damage(s, k, hero_loses, mid, ev)

    def wound_monster(self, s: S, n: int, slay: bool, ev: list[Event]) -> None:
        """A bow result (D10) on the monster being fought: LP known, or kept as a wound."""
        for i in range(len(s.stack) - 1, -1, -1):
            f = s.stack[i]
            if f[0] == "spider":
                if slay:
                    s.stack[i] = ("spider", f[1], "dead")
                return
            if f[0] != "monster":
                continue
            _, k, mid, stage, lp, wound, hits, arrows, flags, secret, col = f
            tough = self.monsters[mid].tough
            if slay and tough and not hits:
                hits, n, slay = 1, tough, False
            if slay:
                stage = "dead"
            elif stage in ("bow2", "fight"):
                lp -= n
                if lp <= 0:
                    stage = "dead"
            else:
                wound += n
            ev.append(Event("monster_hit", {"monster": mid, "n": n, "slain": stage == "dead"}))
            s.stack[i] = ("monster", k, mid, stage, lp, wound, hits, arrows, flags, secret, col)
            return

    # --------------------------------------------------------------- the spider --
    def h_spider(self, s: S, f: Frame, ev: list[Event]) -> bool:
        _, k, stage = f
        h = s.heroes[k]
        if h.status != "in":
            s.stack.pop()
            return False
        if stage in ("dead", "gone"):
            s.stack.pop()
            for held in h.held:
                if held[1] == "giant_spider":
                    h.held.remove(held)
                    self.back_under(s, *held)
                    break
            if stage == "dead":
                ev.append(Event("monster_killed", {"hero": k, "monster": "giant_spider"}))
            return False
        if stage == "must":
            s.stack[-1] = ("spider", k, "fight")
        return True

    def spider_actions(self, s: S, f: Frame) -> list[str]:
        k, stage = f[1], f[2]
        h = s.heroes[k]
        hero = self.heroes[h.id]
        out = ["fight"]
        if hero.missile is not None and hero.missile.kind == "bow":
            out.append("shoot")
        if stage == "ask" and self.may_escape(s, k):
            out.append("flee")
        return out

    def answer_spider(self, s: S, f: Frame, a: str, ev: list[Event]) -> None:
        k = f[1]
        h = s.heroes[k]
        if a == "flee":
            s.stack[-1] = ("spider", k, "must")
            s.stack.append(
                (
                    "fx",
                    k,
                    self._prog_id[id(self.monsters["giant_spider"].flee)],
                    0,
                    "",
                    "giant_spider",
                    0,
                )
            )
        elif a == "fight":
            s.stack[-1] = ("spider", k, "fight")
            s.stack.append(
                (
                    "fx",
                    k,
                    self._prog_id[id(self.monsters["giant_spider"].fight)],
                    0,
                    "",
                    "giant_spider",
                    0,
                )
            )
        else:
            hero = self.heroes[h.id]
            shots = (hero.missile.spider_per_turn or 4) if hero.missile else 4
            for _ in range(shots):
                r = s.rng.roll(6, "arrow")
                ev.append(Event("arrow_at_spider", {"hero": k, "roll": r}))
                if r >= 5:
                    s.stack[-1] = ("spider", k, "dead")
                    return
            self.damage(s, k, 1, "giant_spider", ev)
            s.halt = True

    def spider_gone(self, s: S) -> None:
        for i in range(len(s.stack) - 1, -1, -1):
            if s.stack[i][0] == "spider":
                s.stack[i] = ("spider", s.stack[i][1], "gone")
                return

    # ============================================================ Treasure Chamber ==
    def h_dragon(self, s: S, f: Frame, ev: list[Event]) -> bool:
        """DQ-11/D11: a Dragon counter first; asleep: two Treasure counters."""
        _, k, loot = f
        s.stack.pop()
        if s.heroes[k].status != "in" or not s.dragon:
            return False
        counter = s.rng.draw(s.dragon, "dragon")
        if counter == "asleep":
            s.dragon_out.append(counter)
            ev.append(Event("dragon_sleeps", {"hero": k}))
            if loot:
                s.stack.append(("fx", k, self.card_prog_dragon(s, "asleep"), 0, "", "", 0))
            return False
        ev.append(Event("dragon_wakes", {"hero": k}))
        s.dragon += [*s.dragon_out, counter]
        s.dragon_out = []
        n = len(s.heroes)
        inside = [
            (k + j) % n
            for j in range(n)
            if s.heroes[(k + j) % n].status == "in"
            and self.printed.get(s.heroes[(k + j) % n].pos or (-1, -1)) == "chamber"
        ]
        for j in reversed(inside):
            s.stack.append(("fx", j, self.card_prog_dragon(s, "awake"), 0, "dragon", "dragon", 0))
        return False

    def card_prog_dragon(self, s: S, counter: str) -> int:
        return self._prog_id[id(self.c.effects(self.cards["dragon", counter], s.opts))]

    def h_out(self, s: S, f: Frame, ev: list[Event]) -> bool:
        k = f[1]
        if s.heroes[k].status != "in":
            s.stack.pop()
            return False
        if not self.exits(s, k, leaving_chamber=True):
            s.stack.pop()
            self.kill(s, k, "dragon", ev)
            return False
        return True

    def out_actions(self, s: S, f: Frame) -> list[str]:
        return [f"out:{SIDE[x]}" for x in self.exits(s, f[1], leaving_chamber=True)]

    def answer_out(self, s: S, f: Frame, a: str, ev: list[Event]) -> None:
        s.stack.pop()
        k = f[1]
        ev.append(Event("driven_out", {"hero": k}))
        self.start_cross(s, k, SIDE.index(a[4:]), "driven", ev)

    def fail_drive(self, s: S, k: int, ev: list[Event]) -> bool:
        """D11 (ST): a hero driven out who fails a door or portcullis is breathed on again
        and picks an exit again (the same or another). False: hero ``k`` is not being
        driven through a barrier, so the failure is an ordinary one."""
        stack = s.stack
        i = len(stack) - 1
        while i >= 0 and not (
            stack[i][0] == "cross" and stack[i][1] == k and stack[i][3] == "driven"
        ):
            i -= 1
        if i < 0:
            return False
        while len(stack) > i:
            f = stack.pop()
            if f[0] == "fx" and f[6]:
                self.back_under(s, f[4], f[5])
        ev.append(Event("drive_blocked", {"hero": k}))
        stack.append(("out", k))
        stack.append(("breath", k))
        return True

    def h_breath(self, s: S, f: Frame, ev: list[Event]) -> bool:
        """The dragon's breath again, for a hero who failed a barrier on the way out."""
        s.stack.pop()
        k = f[1]
        dice = BREATH[s.opts.dragon_breath]
        self.damage(s, k, self.roll(s, k, dice, "dragon", ev), "dragon", ev)
        return False

    # ================================================================== decisions ==
    def _decide(self, s: S) -> Decision | None:
        if s.phase == "over" or not s.stack:
            return None
        f = s.stack[-1]
        kind = f[0]
        k = f[1]
        if kind == "pickhero":
            taken = {h.id for h in s.heroes}
            acts = [f"hero:{x.id}" for x in self.c.heroes_in_play(s.opts) if x.id not in taken]
        elif kind == "pickring":
            taken = {h.ring for h in s.heroes}
            acts = [f"ring:{r}" for r in self.rings if r not in taken] or ["ring:none"]
        elif kind == "picktower":
            used = {h.pos for h in s.heroes}
            acts = [f"tower:{i}" for i, sq in enumerate(self.spec.towers) if sq not in used]
        elif kind == "act":
            acts = self.act_actions(s, f)
        elif kind == "cross":
            acts = ["ring", "try"]
        elif kind == "tower":
            acts = ["leave", "stay"]
        elif kind == "extra":
            acts = self.extra_actions(s, f)
        elif kind == "cave":
            acts = self.cave_actions(s, f)
        elif kind in ("opt",):
            acts = ["yes", "no"]
        elif kind == "warn":
            acts = ["ring", "no"]
        elif kind == "secret":
            acts = self.secret_actions(s, f)
        elif kind == "monster":
            k, acts = self.monster_actions(s, f)
        elif kind == "spider":
            acts = self.spider_actions(s, f)
        elif kind == "out":
            acts = self.out_actions(s, f)
        else:  # pragma: no cover - automatic frames never wait
            raise AssertionError(f"frame {kind} does not wait")
        return Decision(k, kind, tuple(acts))

    def _apply(self, s: S, d: Decision, action: str) -> list[Event]:
        ev: list[Event] = []
        f = s.stack[-1]
        kind = f[0]
        k = f[1]
        if kind == "pickhero":
            hid = action[5:]
            s.heroes[k].id, s.heroes[k].life = hid, self.heroes[hid].life
            s.stack.pop()
            ev.append(Event("hero_chosen", {"hero": k, "id": hid}))
        elif kind == "pickring":
            s.heroes[k].ring = "" if action == "ring:none" else action[5:]
            s.stack.pop()
            ev.append(Event("ring_chosen", {"hero": k, "ring": action[5:]}))
        elif kind == "picktower":
            s.heroes[k].pos = self.spec.towers[int(action[6:])]
            s.stack.pop()
            ev.append(Event("hero_placed", {"hero": k, "square": list(s.heroes[k].pos)}))
        else:
            ANSWERS[kind](self, s, f, action, ev)
        self.run(s, ev)
        heroes = s.heroes
        for e in ev:  # the hero's id travels with the event, so that words can name him
            k = e.data.get("hero")
            if k.__class__ is int and heroes[k].id:
                e.data["who"] = heroes[k].id  # type: ignore[index]
        return ev


DQTurn.handlers = {name[2:]: getattr(DQTurn, name) for name in dir(DQTurn) if name.startswith("h_")}
ANSWERS: dict[str, Any] = {
    name[7:]: getattr(DQTurn, name) for name in dir(DQTurn) if name.startswith("answer_")
}
