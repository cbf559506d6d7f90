"""The decisions of a turn as short lists of action ids, and what each one does.

See ``rules.py`` for the frames on the stack. The main list (step 5) offers one id per
symbol kind (``use:SWORD``), never a combination: an attack, a move or a push is then
built frame by frame, ending with ``strike:P`` or ``stop``.
"""

from __future__ import annotations

from typing import Any

from tavolo.engine import Decision, Event

from .effects import SYMBOLS
from .geometry import Geo
from .rules import BOSS_FAINT, PlatformerRules, gem_cost, max_boost, spread
from .state import Hero
from .state import PlatformerState as S

CARD_VERBS = ("item", "potion", "token", "artifact")


class PlatformerTurn(PlatformerRules):
    _planning = False  # while a kill line is tried on a copy: no line inside a line

    # ------------------------------------------------------------------ decisions --
    def _decide(self, s: S) -> Decision | None:
        if s.phase == "over":
            return None
        i = s.active
        if s.stack:
            top = s.stack[-1]
            return Decision(i, top[0], tuple(self.frame_actions(s, top)))
        if s.phase == "special":
            return Decision(i, "special", tuple(self.special_actions(s)))
        return Decision(i, "act", tuple(self.main_actions(s)))

    def sword_special(self, h: Hero) -> bool:
        """The hero's special die shows a SWORD, or a STAR that may be one."""
        return h.special == "SWORD" or (h.special == "STAR" and "SWORD" in self.heroes[h.id].star)

    def usable(self, s: S, g: Geo, i: int, sym: str) -> bool:
        h = s.heroes[i]
        if sym == "SWORD":
            return bool(self.targets(s, g, i))
        if sym == "PUSH":
            return bool(self.pushable(s, g, i))
        if sym == "MOVE":
            return bool(self.move_targets(s, g, i))
        if sym == "STAR":
            return any(self.usable(s, g, i, x) for x in self.heroes[h.id].star)
        return True

    def targets(self, s: S, g: Geo, i: int) -> list[int]:
        p = s.heroes[i].pos
        return sorted(q for _, q in s.enemies if q in g.adj[p] and self.same_zone(s, g, p, q))

    def pushable(self, s: S, g: Geo, i: int) -> list[int]:
        p = s.heroes[i].pos
        return sorted(
            q
            for kind, q in s.enemies
            if self.same_zone(s, g, p, q)
            and not self.ignores(s, kind, "push")
            and self.push_dests(s, g, q)
        )

    def push_dests(self, s: S, g: Geo, q: int) -> list[int]:
        return [r for r in g.adj[q] if self.in_play(s, g, r) and not self.occupant(s, r)]

    def card_actions(self, s: S, g: Geo, i: int, attack: bool) -> list[str]:
        """Items, potions, boss tokens and the hero ability usable as an action now."""
        h = s.heroes[i]
        out = []
        pool = self.pool(s)
        dice = sum(pool.values())
        arts = [a for a, o in s.artifacts.items() if o == i]
        for kind, ids in (
            ("item", h.items),
            ("potion", h.potions),
            ("token", h.tokens),
            ("artifact", arts),
        ):
            for x in ids:
                if kind in ("item", "artifact"):
                    a = (self.items[x] if kind == "item" else self.artifacts[x]).ability
                    if a.kind != "exhaust" or x in h.exhausted:
                        continue
                elif kind == "potion":
                    a = self.potions[x].ability
                else:
                    a = self.tokens[x][1].ability
                if a.trigger != "action":
                    continue
                if attack != any(e.extra_wounds for e in a.do):
                    continue
                if a.pay and (h.coins < a.pay.coin or h.gems < a.pay.gem or dice < a.pay.die):
                    continue
                if self.holds(a.if_, s, i, {}):
                    out.append(f"{kind}:{x}")
        ab = self.heroes[h.id].ability
        ready = not attack and ab.kind == "once_per_turn" and not h.used_ability
        if ready and self.holds(ab.if_, s, i, {}) and not (ab.pay and h.coins < ab.pay.coin):
            out.append("ability")
        return sorted(set(out))

    def main_actions(self, s: S) -> list[str]:
        i = s.active
        h = s.heroes[i]
        pool = self.pool(s)
        if h.pos < 0:
            out = [f"form:{x}" for x in sorted(pool)]
            if h.special:
                out.append("form:special")
            return [*out, "end"]
        g = self.geo(s)
        out = [f"use:{x}" for x in SYMBOLS if pool.get(x) and self.usable(s, g, i, x)]
        if h.special and self.usable(s, g, i, h.special):
            out.append("special")
        out += [f"forge:{x}" for x in SYMBOLS if pool.get(x, 0) >= 2]
        if self.falls(s, g):
            out.append("gravity")
        if self.can_drop(s, g, i):  # P-10: a hero may choose to fall from a ladder
            out.append("drop")
        if g.cell[h.pos] == "S":
            off = self.discount(s, i)
            for x in s.shop_items:
                if h.coins >= max(0, self.items[x].price - off):
                    out.append(f"buy:{x}")
            for x in s.shop_potions:
                if h.coins >= max(0, self.potions[x].price - off):
                    out.append(f"buy:{x}")
        out += self.card_actions(s, g, i, False)
        bp = self.boss_pos(s)  # -1 until the boss is out: no targets to look for
        near = bp in g.adj[h.pos] and self.same_zone(s, g, h.pos, bp)
        if near and not self._planning and self.kill_line(s, i, bp):
            out.append(f"all:{bp}")
        out.append("end")
        return out

    def kill_line(self, s: S, i: int, q: int) -> tuple[str, ...]:
        """The steps of the strongest attack this turn can make on the boss at ``q`` (pairs
        forged into SWORDs, every SWORD, STAR and special die that can be one, the gems
        spread to raise the lowest multiplier, every extra-wound card), if it defeats the
        boss; tried on a copy, () if it falls short. Offered as one action, ``all:q``: the
        winning attack is eight decisions or more, deeper than a tree search looks."""
        t = s.clone()
        t._dec = None
        h = t.heroes[i]
        sword = "SWORD" in self.heroes[h.id].star
        kept = ("SWORD", "STAR") if sword else ("SWORD",)  # already SWORDs: not forged
        pool = self.pool(t)
        n = sum(pool.get(x, 0) for x in kept)
        n += sum(c // 2 for x, c in pool.items() if x not in kept)
        n += self.sword_special(h)
        mults = spread(n, h.gems)
        line: list[str] = []
        self._planning = True
        try:
            while (d := self.decision(t)) is not None and len(line) < 60:
                pool = self.pool(t)
                ready = self.sword_special(h)
                if d.kind in ("forge", "star"):
                    a = "as:SWORD"
                elif d.kind == "gems":
                    a = f"x:{mults.pop() if mults else 1}"
                elif d.kind == "act":
                    pair = [x for x, c in pool.items() if c >= 2 and x not in kept]
                    if pair:
                        a = f"forge:{min(pair)}"
                    elif pool.get("SWORD"):
                        a = "use:SWORD"
                    elif sword and pool.get("STAR"):
                        a = "use:STAR"
                    else:
                        a = "special" if ready else "end"
                elif d.kind == "attack":
                    cards = [x for x in d.actions if x.split(":")[0] in CARD_VERBS]
                    if pool.get("SWORD"):
                        a = "use:SWORD"
                    elif sword and pool.get("STAR"):
                        a = "use:STAR"
                    elif ready:
                        a = "special"
                    else:
                        a = cards[0] if cards else f"strike:{q}"
                else:
                    break
                if a not in d.actions:
                    return ()
                line.append(a)
                self.apply(t, a)
                if a.startswith("strike:"):
                    break
        finally:
            self._planning = False
        return tuple(line) if t.winner == i else ()

    def discount(self, s: S, i: int) -> int:
        return sum(e.discount or 0 for e in self.passives(s, i, "buy"))

    def special_actions(self, s: S) -> list[str]:
        h = s.heroes[s.active]
        out = []
        if not h.special:
            pool = self.pool(s)
            out += [f"set:{x}" for x in SYMBOLS if pool.get(x)]
            out += [f"forge:{x}" for x in SYMBOLS if pool.get(x, 0) >= 2]
        return [*out, "skip"]

    def frame_actions(self, s: S, top: tuple[Any, ...]) -> list[str]:
        i = s.active
        h = s.heroes[i]
        g = self.geo(s)
        kind = top[0]
        if kind == "star":  # only what the STAR can do here (a SWORD needs a target)
            return [f"as:{x}" for x in self.heroes[h.id].star if self.usable(s, g, i, x)]
        if kind == "any":
            return [f"as:{x}" for x in SYMBOLS]
        if kind == "forge":
            return [f"as:{x}" for x in SYMBOLS if x != top[1]]
        if kind == "gems":
            return [f"x:{k}" for k in range(1, max_boost(h.gems) + 1)]
        if kind == "move":
            return [*self.move_targets(s, g, i), "stop"]
        if kind == "shove":
            return [f"shove:{r}" for r in self.shove_targets(s, g, top[1], h.pos)]
        if kind == "penemy":
            return [f"enemy:{q}" for q in self.pushable(s, g, i)] or ["stop"]
        if kind == "pdest":
            return [*(f"to:{r}" for r in self.push_dests(s, g, top[1])), "stop"]
        if kind == "form":
            return [f"at:{p}" for p in self.form_spaces(s, g)]
        if kind == "reroll":
            return [*(f"reroll:{k}" for k, d in enumerate(s.dice) if d.isupper()), "done"]
        if kind == "paydie":
            return [f"pay:{x}" for x in sorted(self.pool(s))]
        # attack
        out = [f"strike:{q}" for q in self.targets(s, g, i)]
        pool = self.pool(s)
        star = self.heroes[h.id].star
        if pool.get("SWORD"):
            out.append("use:SWORD")
        if pool.get("STAR") and "SWORD" in star:
            out.append("use:STAR")
        if self.sword_special(h):
            out.append("special")
        out += self.card_actions(s, g, i, True)
        return out or ["cancel"]

    def form_spaces(self, s: S, g: Geo) -> list[int]:
        """P-8: the lowest row of the map; on the boss level a shop (or the nearest free),
        also for a hero who fainted there while lower levels are still in play (P-25)."""
        bl = self.boss_level(s)
        if s.low == bl or s.heroes[s.active].pos == BOSS_FAINT:
            cells = [p for p in g.level_cells(bl)]
            shops = [p for p in cells if g.cell[p] == "S"]
            free = [p for p in cells if not self.occupant(s, p)]
            if not free:
                return []

            def dist(p: int) -> int:
                x, y = g.xy(p)
                return min(abs(x - g.xy(q)[0]) + abs(y - g.xy(q)[1]) for q in shops)

            best = min(dist(p) for p in free)
            return [p for p in free if dist(p) == best]
        return [p for p in g.bottom_row(s.low) if not self.occupant(s, p)]

    # ---------------------------------------------------------------------- apply --
    def _apply(self, s: S, d: Decision, action: str) -> list[Event]:
        ev: list[Event] = []
        i = s.active
        h = s.heroes[i]
        verb, _, arg = action.partition(":")
        top = s.stack[-1] if s.stack else None
        if top is None:
            if s.phase == "special":
                self.apply_special(s, verb, arg, ev)
            else:
                self.apply_main(s, verb, arg, ev)
        else:
            self.apply_frame(s, top, verb, arg, ev)
        if s.phase == "act" and h.pos < 0 and s.stack and s.stack[-1][0] != "form":
            s.stack = []
        return ev

    def apply_special(self, s: S, verb: str, arg: str, ev: list[Event]) -> None:
        h = s.heroes[s.active]
        if verb == "set":
            self.take(s, arg)
            h.special = arg
        elif verb == "forge":  # P-2, P-3: two equal symbols into the special die's face
            s.stack.append(("forge", arg, "special"))
            return
        if verb != "skip":
            ev.append(Event("special", {"player": s.active, "face": h.special}))
        self.end_turn(s, ev)

    def use_symbol(self, s: S, sym: str, ev: list[Event]) -> None:
        """A symbol taken from the pool: STAR asks what it stands for, then the gems."""
        h = s.heroes[s.active]
        if sym == "STAR":
            star = self.heroes[h.id].star
            top = s.stack[-1][0] if s.stack else ""
            if top == "attack":
                sym = "SWORD"
            elif len(star) == 1:
                sym = star[0]
            else:
                s.stack.append(("star",))
                return
        self.after_star(s, sym, ev)

    def after_star(self, s: S, sym: str, ev: list[Event]) -> None:
        h = s.heroes[s.active]
        if h.gems >= 1:
            s.stack.append(("gems", sym))
        else:
            self.do_symbol(s, sym, 1, ev)

    def do_symbol(self, s: S, sym: str, k: int, ev: list[Event]) -> None:
        """P-1 with a multiplier k (P-4); passives on using the symbol add to it."""
        i = s.active
        h = s.heroes[i]
        n = k
        extra = []
        for e in self.passives(s, i, "use_symbol", sym):
            if (sym == "PUSH" and e.push) or (sym == "MOVE" and e.move):
                n += e.push or e.move or 0
            else:
                extra.append(e)
        ev.append(Event("symbol", {"player": i, "symbol": sym, "times": k}))
        if s.artifacts:
            self.claim(s, i, "use_symbol", ev, symbol=sym)
        if sym == "COIN":
            h.coins += n
        elif sym == "MOVE":
            s.stack.append(("move", n))
        elif sym == "PUSH":
            s.stack.append(("penemy", n))
        elif sym == "SWORD":
            if s.stack and s.stack[-1][0] == "attack":
                s.stack[-1] = ("attack", s.stack[-1][1] + n)
            else:
                s.stack.append(("attack", n))
        self.run_effects(s, i, extra, ev)

    def apply_main(self, s: S, verb: str, arg: str, ev: list[Event]) -> None:
        i = s.active
        h = s.heroes[i]
        if verb == "end":
            s.phase = "special"
            return
        if verb == "form":
            if arg == "special":
                h.special = ""
            else:
                self.take(s, arg)
            s.stack.append(("form",))
        elif verb == "use":
            self.take(s, arg)
            self.use_symbol(s, arg, ev)
        elif verb == "special":
            sym = h.special
            h.special = ""  # P-3: using it resets it
            self.use_symbol(s, sym, ev)
        elif verb == "forge":  # P-2: which symbol the two become comes next
            s.stack.append(("forge", arg, "pool"))
        elif verb == "gravity":
            self.gravity(s, ev)
        elif verb == "drop":  # gravity, this hero letting go of his ladder
            self.gravity(s, ev, drop=i)
        elif verb == "all":  # the winning attack, step by step (kill_line)
            line = self.kill_line(s, i, int(arg))
            self._planning = True
            try:
                for a in line:
                    ev += self.apply(s, a)
            finally:
                self._planning = False
        elif verb == "buy":
            self.buy(s, i, arg, ev)
        else:
            self.use_card(s, i, verb, arg, ev)

    def buy(self, s: S, i: int, x: str, ev: list[Event]) -> None:
        """P-21: pay the price, the shop refills at once."""
        h = s.heroes[i]
        off = self.discount(s, i)
        if x in s.shop_items:
            h.coins -= max(0, self.items[x].price - off)
            s.shop_items.remove(x)
            h.items.append(x)
            if s.item_deck:
                s.shop_items.append(s.item_deck.pop())
        else:
            h.coins -= max(0, self.potions[x].price - off)
            s.shop_potions.remove(x)
            h.potions.append(x)
            if s.potion_deck:
                s.shop_potions.append(s.potion_deck.pop())
        ev.append(Event("buy", {"player": i, "card": x}))
        if s.artifacts:
            self.claim(s, i, "buy", ev)

    def use_card(self, s: S, i: int, kind: str, x: str, ev: list[Event]) -> None:
        """P-22/P-23: an exhaust item, a potion, a boss token or the hero's ability."""
        h = s.heroes[i]
        if kind in ("item", "artifact"):
            a = (self.items[x] if kind == "item" else self.artifacts[x]).ability
            h.exhausted.append(x)
        elif kind == "potion":
            a = self.potions[x].ability
            h.potions.remove(x)
            s.potion_deck.insert(0, x)
        elif kind == "token":
            a = self.tokens[x][1].ability
            h.tokens.remove(x)
        else:
            a = self.heroes[h.id].ability
            h.used_ability = True
            x = h.id
        ev.append(Event("use", {"player": i, "card": x}))
        if a.pay:
            h.coins -= a.pay.coin
            h.gems -= a.pay.gem
            if a.pay.heart:
                self.wound(s, i, a.pay.heart, ev)
        self.run_effects(s, i, a.do, ev)
        if a.pay and a.pay.die:
            s.stack.append(("paydie", a.pay.die))

    def apply_frame(self, s: S, top: tuple[Any, ...], verb: str, arg: str, ev: list[Event]) -> None:
        i = s.active
        h = s.heroes[i]
        kind = top[0]
        if kind == "star":
            s.stack.pop()
            self.after_star(s, arg, ev)
        elif kind == "any":
            s.stack.pop()
            if top[1] == "special":
                h.special = arg
            else:
                s.extra.append(arg)
        elif kind == "forge":
            s.stack.pop()
            self.take(s, top[1])
            self.take(s, top[1])
            ev.append(Event("forge", {"player": i, "from": top[1], "to": arg}))
            if top[2] == "special":
                h.special = arg
                ev.append(Event("special", {"player": i, "face": arg}))
                self.end_turn(s, ev)
            else:
                s.extra.append(arg)
        elif kind == "gems":
            s.stack.pop()
            k = int(arg)
            h.gems -= gem_cost(k)
            self.do_symbol(s, top[1], k, ev)
        elif kind == "move":
            s.stack.pop()
            if verb == "stop":
                return
            if top[1] > 1:
                s.stack.append(("move", top[1] - 1))
            self.step(s, i, int(arg), verb == "portal", ev)
        elif kind == "shove":
            s.stack.pop()
            q, r = top[1], int(arg)
            k = self.enemy_at(s, q)
            if k >= 0:
                s.enemies[k] = (s.enemies[k][0], r)
            else:
                o = next(j for j, o in enumerate(s.heroes) if o.pos == q)
                s.heroes[o].pos = r
                self.run_effects(s, i, self.passives(s, i, "push_hero"), ev)
                if s.artifacts:
                    self.claim(s, i, "push_hero", ev)
            xy = self.geo(s).xy
            ev.append(Event("shove", {"player": i, "from": list(xy(q)), "to": list(xy(r))}))
            self.enter(s, i, q, bool(top[2]), ev)
        elif kind == "penemy":
            s.stack.pop()
            if verb == "enemy":
                s.stack.append(("pdest", int(arg), top[1]))
        elif kind == "pdest":
            s.stack.pop()
            if verb == "stop":
                return
            p, r = top[1], int(arg)
            k = self.enemy_at(s, p)
            s.enemies[k] = (s.enemies[k][0], r)
            xy = self.geo(s).xy
            where = {"from": list(xy(p)), "to": list(xy(r))}
            ev.append(Event("push", {"player": i, "enemy": s.enemies[k][0], **where}))
            if top[2] > 1:
                s.stack.append(("pdest", r, top[2] - 1))
        elif kind == "form":
            s.stack.pop()
            h.pos = int(arg)
            ev.append(Event("form", {"player": i, "at": list(self.geo(s).xy(h.pos))}))
            if s.artifacts:
                self.claim(s, i, "form", ev)
        elif kind == "reroll":
            s.stack.pop()
            if verb == "done":
                return
            k = int(arg)
            s.dice[k] = s.rng.choice(self.content.dice.action, "reroll")
            ev.append(Event("reroll", {"player": i, "die": k, "face": s.dice[k]}))
            if top[1] > 1:
                s.stack.append(("reroll", top[1] - 1))
        elif kind == "paydie":
            s.stack.pop()
            self.take(s, arg)
            if top[1] > 1:
                s.stack.append(("paydie", top[1] - 1))
        else:  # attack
            if verb == "cancel":
                s.stack.pop()
            elif verb == "strike":
                s.stack.pop()
                self.strike(s, i, top[1], int(arg), ev)
            elif verb == "use":
                self.take(s, arg)
                self.use_symbol(s, arg, ev)
            elif verb == "special":
                h.special = ""
                self.after_star(s, "SWORD", ev)
            else:
                self.use_card(s, i, verb, arg, ev)

    def strike(self, s: S, i: int, wounds: int, q: int, ev: list[Event]) -> None:
        """P-18: one attack action; at least the enemy's health in wounds defeats it."""
        h = s.heroes[i]
        k = self.enemy_at(s, q)
        kind = s.enemies[k][0]
        is_boss = kind == s.boss
        wounds += s.bonus
        s.bonus = 0
        for e in self.passives(s, i, "attack", boss=is_boss):
            wounds += e.extra_wounds or 0
        if is_boss:
            for t in list(h.tokens):
                a = self.tokens[t][1].ability
                if a.kind == "one_shot" and a.trigger == "attack":
                    wounds += sum(e.extra_wounds or 0 for e in a.do)
                    h.tokens.remove(t)
        health = self.boss_health(s) if is_boss else self.enemy_cards[kind].health
        ev.append(Event("strike", {"player": i, "enemy": kind, "wounds": wounds, "health": health}))
        if wounds < health:
            card = self.card(s, kind)
            rules = card.rules if is_boss else ((card.ability,) if card.ability else ())  # type: ignore[union-attr]
            for a in rules:
                if a is not None and a.trigger == "survives":
                    self.target_effects(s, i, tuple(e for e in a.do if not e.strike), ev)
                    if any(e.strike for e in a.do):
                        self.enemy_attack(s, kind, i, ev)
            return
        del s.enemies[k]
        h.defeated += 1
        ev.append(Event("defeat", {"player": i, "enemy": kind}))
        if is_boss:
            s.boss_wounds = wounds
            self.finish(s, i, "boss defeated", ev)  # P-30
            return
        loot = self.enemy_cards[kind].loot
        h.coins += loot.coin
        h.gems += loot.gem
        h.hearts = min(self.max_hearts(s, i), h.hearts + loot.heart)
        tier = self.enemy_cards[kind].tier
        self.run_effects(s, i, self.passives(s, i, "defeat", tier=tier, wounds=wounds), ev)
        if s.artifacts:
            self.claim(s, i, "defeat", ev, tier=tier, wounds=wounds)
