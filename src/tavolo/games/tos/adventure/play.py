"""Playing a whole adventure: the world rules (T-18 ... T-22) and the dungeon's (T-23 ... T-29).

:class:`AdventureRules` is mixed into the TOS rules: the combat turn (T-5 ... T-17) stays
where it is, and this adds what happens around it. A game of the ``world`` or ``dungeon``
mode is in the ``explore`` phase between fights; reading a half (world) or an index entry
(dungeon) is the ``read`` step, which walks the printed lines in order (``s.reading`` holds the
place, so a fight can interrupt a reading and the reading goes on once the enemy is defeated);
a line that needs the player pushes its own step above it.

A line is named by a *ref* ``source|branch|index``: the source is a world half (``5B``) or a
dungeon entry (``e7``, its place in the index), the branch is ``""`` or ``3=A`` (value ``A`` of
the tick bar on line 3).

Decisions tavolo takes where the manual is silent (also in the game's help):

- the world pawn reads a card only on entering it (T-19): a card turned or removed while it
  is read stops the reading, and the newly upright half is read on the next visit;
- a fight cannot be left unless a "stop fight" line allows it; after ``MAX_TURNS`` combat
  turns of one fight the adventure is lost, and after ``MAX_MOVES`` moves too, so that every
  game ends;
- migration moves the pawn with its card;
- dungeon walks: the pawn goes to a door or onto the symbol in one move, avoiding the symbol
  on the way when it can (to reach what lies only beyond the symbol, step onto it first);
  a teleport puts the pawn on the first free floor cell of the room (reading order) that is
  not the symbol;
- dungeon combat (digest T-26): the enemy reaches the pawn along the shortest route over the
  rooms on the table, spending 1 attack per cell; the pawn does not move;
- a picked room card leaves the table: the pawn steps out through a door to a room still on
  the table (or, when there is none, to the first room on the table).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from typing import Any

from tavolo.engine import Decision, Event, TavoloError

from ..schema import Enemy
from ..state import TosState
from . import cards

MAX_MOVES = 200
_DISTANCES: dict[tuple[Any, ...], int] = {}  # see AdventureRules.distance
DIRS = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}
SIDE_OF = {"up": "N", "down": "S", "left": "W", "right": "E"}
Step = tuple[Any, ...]


class AdventureRules:
    """The adventure half of the TOS rules (a mixin of :class:`~..rules.TosRules`)."""

    # provided by TosRules
    _start_fight: Any
    _exhaust_unpaid: Any
    _finish: Any
    _draw_to_hand: Any

    # ------------------------------------------------------------------------- setup --
    def adventure_handlers(self) -> dict[str, Any]:
        return {
            "read": self._step_read,
            "line_may": self._step_wait,
            "card": self._step_card,
            "move_discard": self._step_wait,
            "choice": self._step_wait,
            "dmove": self._step_wait,
        }

    def _step_wait(self, s: TosState, step: Step, events: list[Event]) -> bool:
        return True

    def setup_adventure(self, s: TosState, adv: Any, src: list[Any], events: list[Event]) -> None:
        """T-18 / T-23: lay out the adventure, place the pawn, read the mission."""
        s.adv, s.adv_src = adv, src
        s.count = {"moves": 0, "fights": 0, "won": 0}
        s.phase = "explore"
        if s.mode == "world":
            s.grid = list(range(1, 10))
            s.rng.shuffle(s.grid, "world grid")
            s.table = [0] * 9
            s.pawn = (s.grid.index(1), 0)
            events.append(Event("adv_start", {"kind": "world", "grid": s.grid[:]}))
            self._read_source(s, "1A", events)
        else:
            s.table = [0] + [-1] * 5
            room = s.adv.map.room("1A")
            s.pawn = self._symbol_cell(s, "1A")
            events.append(Event("adv_start", {"kind": "dungeon", "room": room.id}))
            n = self._entry_of(s, "1A")
            if n is not None:
                self._read_entry(s, n, events)

    # --------------------------------------------------------------------- world grid --
    def _w_card_cell(self, s: TosState, card: int) -> int | None:
        return s.grid.index(card) if card in s.grid else None

    def mapped_half(self, s: TosState, half_id: str) -> bool:
        """T-21: the half is upright on the grid (removed and picked cards never are)."""
        c = int(half_id[0])
        return s.table[c - 1] == (0 if half_id[1] == "A" else 1)

    # ------------------------------------------------------------------ dungeon table --
    @staticmethod
    def _room_id(card: int, o: int) -> str:
        return f"{card}{'ABCD'[o]}"

    def on_table(self, s: TosState) -> list[str]:
        return [self._room_id(c + 1, o) for c, o in enumerate(s.table) if o >= 0]

    @staticmethod
    def _attached(s: TosState, rid: str) -> bool:
        """Room ``rid`` lies on the table: its card, in its orientation."""
        return s.table[int(rid[0]) - 1] == "ABCD".index(rid[1])

    def room_here(self, s: TosState) -> str:
        """The room on the table under the pawn."""
        table = s.table
        for room in s.adv.map.rooms_at.get(s.pawn, ()):
            if table[room.card - 1] == room.orientation:
                return str(room.id)
        raise TavoloError(f"tos: the pawn at {s.pawn} is in no room on the table")

    def _walkable(self, s: TosState, rid: str, x: int, y: int) -> bool:
        return (x, y) in s.adv.map.floor[rid]

    def _symbol_cell(self, s: TosState, rid: str) -> tuple[int, int]:
        from ..dungeon.geometry import to_local

        room = s.adv.map.room(rid)
        cx, cy = s.adv.map.card(room.card).symbol_cell
        lx, ly = to_local(room.orientation, cx, cy)
        return room.x + lx, room.y + ly

    def _entry_of(self, s: TosState, rid: str) -> int | None:
        sym = tuple(s.adv.map.room(rid).symbol)
        for n, ins in enumerate(s.adv.index.instructions):
            if (ins.symbol[0], ins.symbol[1]) == sym:
                return n
        return None

    def _door_step(
        self, s: TosState, rid: str, cell: tuple[int, int], d: str
    ) -> tuple[str, tuple[int, int]] | None:
        """Where a step from ``cell`` of room ``rid`` in direction ``d`` lands inside rooms on
        the table (``None``: a wall, the edge, or a door to a room not on the table)."""
        dx, dy = DIRS[d]
        nxt = (cell[0] + dx, cell[1] + dy)
        if self._walkable(s, rid, *nxt):
            return rid, nxt
        for door in s.adv.map.doors_of(rid):
            if door.cell == cell and door.side == SIDE_OF[d]:
                target = door.code
                if self._attached(s, target) and self._walkable(s, target, *nxt):
                    return target, nxt
        return None

    def _neighbours(
        self, s: TosState, rid: str, cell: tuple[int, int]
    ) -> Iterator[tuple[str, tuple[int, int]]]:
        for d in DIRS:
            step = self._door_step(s, rid, cell, d)
            if step is not None:
                yield step

    def distance(self, s: TosState, src: tuple[str, tuple[int, int]], dst: tuple[int, int]) -> int:
        """Shortest route in cells over the rooms on the table (a big number: none);
        remembered per adventure and table, since the agents ask it again and again."""
        if src[1] == dst:
            return 0
        key = (tuple(s.adv_src or ()), tuple(s.table), src, dst)
        n = _DISTANCES.get(key)
        if n is None:
            if len(_DISTANCES) > 100_000:
                _DISTANCES.clear()
            n = _DISTANCES[key] = self._distance(s, src, dst)
        return n

    def _distance(self, s: TosState, src: tuple[str, tuple[int, int]], dst: tuple[int, int]) -> int:
        seen = {src[1]}
        queue = deque([(src, 0)])
        while queue:
            (rid, cell), n = queue.popleft()
            for nb in self._neighbours(s, rid, cell):
                if nb[1] == dst:
                    return n + 1
                if nb[1] not in seen:
                    seen.add(nb[1])
                    queue.append((nb, n + 1))
        return 10**6

    def _reach(self, s: TosState) -> set[tuple[int, int]]:
        """Cells of the pawn's room it can walk to without crossing the symbol, where a
        walk-on or choice entry is read (T-25); a symbol with no such entry is floor like
        any other (it walled a pawn left behind it by a fight into a corner with no way
        out, 2026-08-16)."""
        rid = self.room_here(s)
        entry = self._entry_of(s, rid)
        read = entry is not None and s.adv.index.instructions[entry].trigger != "immediate"
        sym = self._symbol_cell(s, rid) if read else None
        seen = {s.pawn}
        todo = [s.pawn]
        while todo:
            x, y = todo.pop()
            for dx, dy in DIRS.values():
                n = (x + dx, y + dy)
                if n not in seen and n != sym and self._walkable(s, rid, *n):
                    seen.add(n)
                    todo.append(n)
        return seen

    def _door_open(self, s: TosState, code: str) -> bool:
        """T-24: a door opens when its room is on the table or its card can be fetched."""
        card = int(code[0])
        return s.table[card - 1] != -2

    # ------------------------------------------------------------------------ explore --
    def explore_decision(self, s: TosState) -> Decision:
        if s.mode == "world":
            p = s.pawn[0]
            acts = [
                f"move:{d}"
                for d, (dx, dy) in DIRS.items()
                if 0 <= p % 3 + dx < 3 and 0 <= p // 3 + dy < 3
            ]
            return Decision(0, "explore", tuple(acts))
        return Decision(0, "explore", tuple(self._dungeon_moves(s)))

    def _dungeon_moves(self, s: TosState) -> list[str]:
        rid = self.room_here(s)
        reach = self._reach(s)
        acts: list[str] = []
        n = self._entry_of(s, rid)
        if n is not None and s.adv.index.instructions[n].trigger != "immediate":
            sym = self._symbol_cell(s, rid)
            near = any((sym[0] + dx, sym[1] + dy) in reach for dx, dy in DIRS.values())
            # stepping off the symbol and back on is offered only when its entry would be
            # read: otherwise the step does nothing but spend a move
            if near and (
                s.pawn != sym
                or ((len(reach) > 1 or self._leaves(s, rid, sym)) and self._entry_live(s, n))
            ):
                acts.append("symbol")
        for door in s.adv.map.doors_of(rid):
            if door.cell in reach and self._door_open(s, door.code):
                acts.append(f"door:{door.code}")
        # every door shut (their cards gone) and nothing to read: the hero can only pace
        # the room, and the move cap ends the adventure; a decision is never empty
        return acts or ["symbol"]

    def _leaves(self, s: TosState, rid: str, sym: tuple[int, int]) -> bool:
        return any(self._walkable(s, rid, sym[0] + dx, sym[1] + dy) for dx, dy in DIRS.values())

    def explore(self, s: TosState, action: str, events: list[Event]) -> None:
        verb, _, arg = action.partition(":")
        if verb == "move":  # T-19
            if s.hand:
                s.steps.append(("move_discard", arg))
            else:
                self._w_move(s, arg, events)
        elif verb == "door":  # T-24
            door = next(d for d in s.adv.map.doors_of(self.room_here(s)) if d.code == arg)
            card, o = int(arg[0]), "ABCD".index(arg[1])
            if s.table[card - 1] != o and s.hand:
                s.steps.append(("move_discard", arg))
            else:
                self._d_cross(s, door, events)
        elif verb == "symbol":
            self._d_symbol(s, events)
        else:  # pragma: no cover - every legal action is handled above
            raise TavoloError(f"tos: unhandled action {action!r}")

    def _moved(self, s: TosState, events: list[Event]) -> None:
        s.count["moves"] = s.count.get("moves", 0) + 1
        if s.mode == "dungeon":
            self._restless(s)
        if s.count["moves"] >= MAX_MOVES and s.result is None:
            self._finish(s, "lost", events)

    def _restless(self, s: TosState) -> None:
        """Moves since the hero last got anywhere (a level, a room on the table, an item, a
        mark, a tick): the agents' dungeon value grows restless with it (game.py, STALE)."""
        got = (
            s.level
            + sum(1 for t in s.table if t >= 0)
            + len(s.items)
            + len(s.marks)
            + sum(s.ticks.values())
        )
        if got > s.count.get("progress", -1):
            s.count["progress"], s.count["stale"] = got, 0
        else:
            s.count["stale"] = s.count.get("stale", 0) + 1

    def _w_move(self, s: TosState, d: str, events: list[Event]) -> None:
        dx, dy = DIRS[d]
        p = s.pawn[0] + dx + 3 * dy
        s.pawn = (p, 0)
        card = s.grid[p]
        events.append(Event("adv_move", {"cell": p, "card": card}))
        self._moved(s, events)
        if card and s.result is None:
            self._read_source(s, f"{card}{'AB'[s.table[card - 1]]}", events)

    def _d_cross(self, s: TosState, door: Any, events: list[Event]) -> None:
        card, o = int(door.code[0]), "ABCD".index(door.code[1])
        if s.table[card - 1] != o:
            s.table[card - 1] = o
            events.append(Event("adv_attach", {"room": door.code}))
        s.pawn = door.target_cell
        events.append(Event("adv_door", {"room": door.code}))
        self._moved(s, events)
        if s.result is None:
            self._enter_room(s, door.code, events)

    def _enter_room(self, s: TosState, rid: str, events: list[Event]) -> None:
        """T-24 / T-25: entering a room reads its entry when it applies at once."""
        n = self._entry_of(s, rid)
        if n is not None and s.adv.index.instructions[n].trigger == "immediate":
            self._read_entry(s, n, events)

    def _d_symbol(self, s: TosState, events: list[Event]) -> None:
        rid = self.room_here(s)
        s.pawn = self._symbol_cell(s, rid)
        events.append(Event("adv_symbol", {"room": rid}))
        self._moved(s, events)
        n = self._entry_of(s, rid)
        if n is None or s.result is not None:
            return
        if s.adv.index.instructions[n].trigger == "choice":
            if not self._spent(s, n):  # T-28: nothing left to choose
                s.steps.append(("choice", n))
        else:
            self._read_entry(s, n, events)

    # ----------------------------------------------------------------------- reading --
    def _read_source(self, s: TosState, src: str, events: list[Event]) -> None:
        s.reading = [(src, "", 0)]
        events.append(Event("adv_read", {"half": src}))
        s.steps.append(("read",))

    def _read_entry(self, s: TosState, n: int, events: list[Event]) -> None:
        """T-25: an entry whose conditions fail is an empty room; T-28: so is a "For 1
        time" entry read to its end before."""
        ok = self._entry_live(s, n)
        events.append(Event("adv_entry", {"entry": n, "ok": ok}))
        if ok:
            s.reading = [(f"e{n}", "", 0)]
            s.steps.append(("read",))

    def _entry_live(self, s: TosState, n: int) -> bool:
        ins = s.adv.index.instructions[n]
        return not self._spent(s, n) and all(self._d_holds(s, c) for c in ins.conditions)

    def _spent(self, s: TosState, n: int) -> bool:
        """T-28: a "For 1 time" entry is marked once read to its end (a fight left or lost
        on the way leaves it unmarked, to be read again)."""
        return bool(s.adv.index.instructions[n].once) and n in s.marks

    def _read_to_its_end(self, s: TosState, n: int) -> None:
        if s.adv.index.instructions[n].once and n not in s.marks:
            s.marks.append(n)  # T-28

    def _d_holds(self, s: TosState, c: Any) -> bool:
        k = c.kind
        if k == "has_item":
            return bool(c.item in s.items)
        if k == "mapped":  # T-27
            ok = self._symbol_mapped(s, (c.symbol[0], c.symbol[1]))
        elif k == "bar_full":
            ok = s.ticks.get(c.bar, 0) >= self._bar_boxes(s, c.bar)
        else:
            raise TavoloError(f"tos: unknown dungeon condition {k!r}")
        return ok != bool(c.negate)

    def _symbol_mapped(self, s: TosState, sym: tuple[int, int]) -> bool:
        for room in s.adv.map.rooms:
            if tuple(room.symbol) == sym:
                return bool(s.table[room.card - 1] == room.orientation)
        return False

    def _bar_boxes(self, s: TosState, bar: str) -> int:
        for ins in s.adv.index.instructions:
            for a in ins.actions:
                if a.kind == "tick" and a.bar == bar:
                    return int(a.boxes)
        return 1

    def lines(self, s: TosState, src: str, branch: str) -> tuple[Any, ...]:
        if src[0] == "e":
            out: tuple[Any, ...] = s.adv.index.instructions[int(src[1:])].actions
        else:
            out = s.adv.half(src).lines
        if branch:
            i, _, value = branch.partition("=")
            out = out[int(i)].branches[value]
        return out

    def line(self, s: TosState, ref: str) -> Any:
        src, branch, i = ref.split("|")
        return self.lines(s, src, branch)[int(i)]

    def _live(self, s: TosState, src: str) -> bool:
        return src[0] == "e" or self.mapped_half(s, src)

    def _step_read(self, s: TosState, step: Step, events: list[Event]) -> bool:
        while s.reading and s.result is None:
            src, branch, i = s.reading[-1]
            if not self._live(s, src):
                s.reading.clear()
                break
            lines = self.lines(s, src, branch)
            if i >= len(lines):
                s.reading.pop()
                if src[0] == "e" and not branch:
                    self._read_to_its_end(s, int(src[1:]))
                continue
            s.reading[-1] = (src, branch, i + 1)
            out = self._read_line(s, f"{src}|{branch}|{i}", lines[i], events)
            if out == "wait" or out == "fight":
                return False
            if out == "stop":
                s.reading.clear()
        if s.steps and s.steps[-1] == ("read",):
            s.steps.pop()
        s.flee = False
        return False

    def _once_key(self, s: TosState, ref: str) -> int:
        src = ref.split("|")[0]
        return int(src[1:]) if src[0] == "e" else int(src[0])

    def _read_line(self, s: TosState, ref: str, line: Any, events: list[Event]) -> str:
        k = line.kind
        if k in ("text", "story"):
            data = {"ref": ref, "label": line.label}
            if k == "story":
                data["rooms"] = ", ".join(line.rooms)
            events.append(Event("adv_text", data))
            return "go"
        if k == "fight":
            s.steps.pop()  # the reading waits in s.reading until the enemy is defeated
            self._adv_fight(s, ref, line, events)
            return "fight"
        if k == "win":
            self._finish(s, "won", events)
            return "stop"
        if k == "blank":
            if all(self._w_holds(s, c) for c in line.conditions):
                events.append(Event("adv_blank", {"ref": ref}))
                return "stop"
            return "go"
        if k in ("gain", "lose"):
            if k == "gain" and line.item not in s.items:
                s.items.append(line.item)
            elif k == "lose" and line.item in s.items:
                s.items.remove(line.item)
            events.append(Event(f"adv_{k}", {"item": line.item}))
            return "go"
        if k == "teleport":
            self._teleport(s, line.room, events)
            return "go"
        if k == "attach":
            card, o = int(line.room[0]), "ABCD".index(line.room[1])
            if s.table[card - 1] != -2 and card != int(self.room_here(s)[0]):
                s.table[card - 1] = o
                events.append(Event("adv_attach", {"room": line.room}))
            return "go"
        if k == "stop_fight":  # "you may" abandon the fight: the choice comes during it
            s.flee = True
            return "go"
        if k in ("reveal", "remove") and not all(self._w_holds(s, c) for c in line.conditions):
            return "go"
        if k == "reveal" and s.table[line.card - 1] != 0:
            return "go"  # T-21: already revealed, removed or picked: ignore it
        once = bool(getattr(line, "once", False))
        if once and self._once_key(s, ref) in s.marks:
            return "go"  # T-22 / T-28: done already this game
        if getattr(line, "may", False):
            s.steps.append(("line_may", ref))
            return "wait"
        return self.do_line(s, ref, line, events)

    def do_line(self, s: TosState, ref: str, line: Any, events: list[Event]) -> str:
        """A line the player must, or chose to, carry out."""
        k = line.kind
        if getattr(line, "once", False):
            key = self._once_key(s, ref)
            if key not in s.marks:
                s.marks.append(key)
        if k == "reveal":
            self._turn_world_card(s, line.card, 1)
            events.append(Event("adv_reveal", {"card": line.card}))
            return "go"
        if k == "remove":
            c = int(ref[0])
            self._leave_grid(s, c, -1)
            events.append(Event("adv_removed", {"card": c}))
            return "stop"
        if k in ("tick_bar", "tick"):
            return self._tick(s, ref, line, events)
        s.steps.append(("card", ref, 0))
        return "wait"

    def _turn_world_card(self, s: TosState, card: int, up: int) -> None:
        s.table[card - 1] = up
        if card in s.marks:  # T-22: the token leaves a turned card
            s.marks.remove(card)

    def _leave_grid(self, s: TosState, card: int, how: int) -> None:
        cell = self._w_card_cell(s, card)
        if cell is not None:
            s.grid[cell] = 0
        s.table[card - 1] = how
        if card in s.marks:
            s.marks.remove(card)

    def _tick(self, s: TosState, ref: str, line: Any, events: list[Event]) -> str:
        """Fill the leftmost free box (a pencil mark that lasts), then read on."""
        bar = line.bar
        boxes = len(line.boxes) if line.kind == "tick_bar" else int(line.boxes)
        t = s.ticks.get(bar, 0)
        if t < boxes:
            t += 1
            s.ticks[bar] = t
        events.append(Event("adv_tick", {"bar": bar, "ticks": t}))
        if line.kind == "tick_bar":
            value = line.boxes[t] if t < boxes else line.end
            src, _, i = ref.split("|")
            s.reading.append((src, f"{i}={value}", 0))
        return "go"

    def _w_holds(self, s: TosState, c: Any) -> bool:
        return self.mapped_half(s, c.half) != bool(c.negate)

    # ---------------------------------------------------------------- card actions --
    def _step_card(self, s: TosState, step: Step, events: list[Event]) -> bool:
        return cards.advance(self, s, self.line(s, step[1]), events)

    def check_defeat(self, s: TosState, events: list[Event]) -> None:
        if len(s.removed) >= 8 + bool(s.extra) and s.result is None:
            self._finish(s, "defeated", events)

    def pick_card(self, s: TosState, ref: str, a: Any, side: int, events: list[Event]) -> None:
        """The back of an adventure card joins the hero (card 9) on the stated half."""
        src = ref.split("|")[0]
        if src[0] == "e":
            card = a.card if getattr(a, "card", None) else int(self._entry_room(s, src)[0])
        else:
            card = int(src[0])
        if s.extra or s.table[card - 1] == -2:
            return
        s.extra = card
        s.up.append(side - 1)
        s.discard.append(9)
        events.append(Event("adv_pick", {"card": card, "banner": side}))
        if s.mode == "world":
            self._leave_grid(s, card, -2)
            return
        here = self.room_here(s)
        s.table[card - 1] = -2
        if int(here[0]) == card:
            self._step_out(s, here, events)

    def _entry_room(self, s: TosState, src: str) -> str:
        ins = s.adv.index.instructions[int(src[1:])]
        for room in s.adv.map.rooms:
            if tuple(room.symbol) == (ins.symbol[0], ins.symbol[1]):
                return str(room.id)
        raise TavoloError(f"tos: entry {src} names a symbol on no room")

    def _step_out(self, s: TosState, gone: str, events: list[Event]) -> None:
        tabled = self.on_table(s)
        for door in s.adv.map.doors_of(gone):
            if door.code in tabled:
                s.pawn = door.target_cell
                events.append(Event("adv_step_out", {"room": door.code}))
                return
        self._place_in(s, tabled[0])
        events.append(Event("adv_step_out", {"room": tabled[0]}))

    def _place_in(self, s: TosState, rid: str) -> None:
        room = s.adv.map.room(rid)
        sym = self._symbol_cell(s, rid)
        for y in range(room.y, room.y + room.height):
            for x in range(room.x, room.x + room.width):
                if (x, y) != sym and self._walkable(s, rid, x, y):
                    s.pawn = (x, y)
                    return
        s.pawn = sym

    def migrate(self, s: TosState, cell: int, events: list[Event]) -> None:
        p = s.pawn[0]
        s.grid[p], s.grid[cell] = s.grid[cell], s.grid[p]
        s.pawn = (cell, 0)
        events.append(Event("adv_migrate", {"cell": cell}))

    def _teleport(self, s: TosState, rid: str, events: list[Event]) -> None:
        """T-29: to the room, fetching its card in the right orientation when needed."""
        card, o = int(rid[0]), "ABCD".index(rid[1])
        if s.table[card - 1] == -2:
            events.append(Event("adv_teleport", {"room": rid, "ok": False}))
            return
        s.table[card - 1] = o
        self._place_in(s, rid)
        events.append(Event("adv_teleport", {"room": rid, "ok": True}))
        s.reading.clear()
        n = self._entry_of(s, rid)
        if n is not None and s.adv.index.instructions[n].trigger == "immediate":
            ins = s.adv.index.instructions[n]
            ok = all(self._d_holds(s, c) for c in ins.conditions)
            events.append(Event("adv_entry", {"entry": n, "ok": ok}))
            if ok:
                s.reading.append((f"e{n}", "", 0))

    # ------------------------------------------------------------------------ fights --
    def _adv_fight(self, s: TosState, ref: str, line: Any, events: list[Event]) -> None:
        enemy: Enemy = line.enemy
        src = ref.split("|")[0]
        if src[0] != "e":
            enemy = self._with_bonus(s, int(src[0]), enemy, line)
            s.foe = None
        else:
            rid = self._entry_room(s, src)
            x, y = self._symbol_cell(s, rid)
            s.foe = (rid, x, y)
        s.fights = [*s.fights, enemy]  # copied on write: clones share the list
        s.enemy_index = len(s.fights) - 1
        s.count["fights"] = s.count.get("fights", 0) + 1
        self._start_fight(s, events)

    def _with_bonus(self, s: TosState, card: int, enemy: Enemy, line: Any) -> Enemy:
        """T-20: the bonus of the card on the right, for this enemy's open slots."""
        cell = self._w_card_cell(s, card)
        if cell is None or cell % 3 == 2 or not line.open:
            return enemy
        right = s.grid[cell + 1]
        if not right or s.table[right - 1] not in (0, 1):
            return enemy
        half = s.adv.card(right).half(s.table[right - 1])
        fight = next((ln for ln in half.lines if ln.kind == "fight"), None)
        if fight is None:
            return enemy
        _, atk, dfn = fight.bonus
        update: dict[str, Any] = {}
        if "attack" in line.open and atk:
            update["attack"] = max(0, enemy.attack + atk)
        if "defense" in line.open and dfn and enemy.defense is not None:
            update["defense"] = max(0, enemy.defense + dfn)
        return enemy.model_copy(update=update) if update else enemy

    def fight_won(self, s: TosState, events: list[Event]) -> None:
        """The enemy is defeated: the reading goes on (T-20, T-26)."""
        s.count["won"] = s.count.get("won", 0) + 1
        self._end_fight(s)
        if s.reading:
            s.steps.append(("read",))

    def _end_fight(self, s: TosState) -> None:
        s.enemy = None
        s.foe = None
        s.phase = "explore"
        s.turn = 0

    def flee(self, s: TosState, events: list[Event]) -> None:
        """Stop fight: leave the enemy standing and stop reading."""
        events.append(Event("adv_flee", {}))
        s.attack = s.defense = s.mana = 0
        for c in (*s.column, *s.charge, *s.infuse, *s.strain):
            s.discard.append(c)
        s.column, s.charge, s.infuse, s.strain = [], [], [], []
        s.act, s.activated, s.flags = None, [], {}
        s.flee = False
        s.reading.clear()
        self._end_fight(s)

    def escaped(self, s: TosState, events: list[Event]) -> bool:
        """T-26: not defeated, and the pawn is in another room: the fight ends."""
        if s.foe is None or self.room_here(s) == s.foe[0]:
            return False
        events.append(Event("adv_escape", {"room": self.room_here(s)}))
        s.reading.clear()
        self._end_fight(s)
        self._enter_room(s, self.room_here(s), events)
        return True

    def dungeon_strike(self, s: TosState, atk: int) -> tuple[bool, int]:
        """T-26: (the hero's attack counts, the enemy attack that reaches the pawn)."""
        assert s.foe is not None
        _, x, y = s.foe
        on = s.pawn == (x, y)
        d = 0 if on else self.distance(s, (self.room_here(s), s.pawn), (x, y))
        return on, max(0, atk - d)

    def dmove_options(self, s: TosState) -> list[str]:
        acts = []
        if s.attack >= 1:
            rid = self.room_here(s)
            acts = [f"step:{d}" for d in DIRS if self._door_step(s, rid, s.pawn, d) is not None]
            if self.toward_foe(s) is not None:
                acts.append("advance")
        return [*acts, "strike"]

    def toward_foe(self, s: TosState) -> str | None:
        """The first step (in ``DIRS`` order) that takes the pawn nearer the enemy's symbol
        inside the fight's room, if attack is left to pay for it."""
        if s.foe is None or s.attack < 1:
            return None
        rid, fx, fy = s.foe
        now = self.room_here(s)
        here = self.distance(s, (now, s.pawn), (fx, fy))
        if here == 0:
            return None
        for d in DIRS:
            landed = self._door_step(s, now, s.pawn, d)
            if (
                landed is not None
                and landed[0] == rid
                and self.distance(s, landed, (fx, fy)) < here
            ):
                return d
        return None

    def advance(self, s: TosState, events: list[Event]) -> None:
        """One choice for a whole walk (T-26): towards the enemy's symbol, onto it if the
        attack reaches, else as near as it goes (the next turn then needs less); then the
        strike. Step by step, a search of a few dozen iterations averages the way onto the
        symbol with the steps off it and strikes from where it stands (the 2026-01-11 trace
        in docs/tos-adventure-balance.md)."""
        while (d := self.toward_foe(s)) is not None:
            self.dmove(s, d, events)

    def dmove(self, s: TosState, d: str, events: list[Event]) -> None:
        landed = self._door_step(s, self.room_here(s), s.pawn, d)
        assert landed is not None
        s.attack -= 1
        s.pawn = landed[1]
        events.append(Event("adv_step", {"dir": d, "attack": s.attack}))

    # --------------------------------------------------------------------- decisions --
    def ask_adventure_step(self, s: TosState, step: Step) -> Decision | None:
        kind = step[0]
        if kind == "line_may" or kind == "choice":
            return Decision(0, "adv_may", ("may:yes", "may:no"), {"ref": step[1]})
        if kind == "move_discard":
            return Decision(0, "adv_discard", tuple(f"discard:{c}" for c in s.hand), {})
        if kind == "card":
            a = self.line(s, step[1])
            return Decision(
                0, "adv_card", tuple(cards.options(s, a, step)), {"ref": step[1], "kind": a.kind}
            )
        if kind == "dmove":
            return Decision(0, "adv_dmove", tuple(self.dmove_options(s)), {})
        return None

    def answer_adventure_step(self, s: TosState, action: str, events: list[Event]) -> bool:
        """Answer the top step if it is an adventure step; False when it is not one."""
        step = s.steps[-1]
        kind = step[0]
        arg = action.partition(":")[2]
        if kind == "line_may":
            s.steps.pop()
            if arg == "yes":
                self.do_line(s, step[1], self.line(s, step[1]), events)
            return True
        if kind == "choice":
            s.steps.pop()
            if arg == "yes":
                self._read_entry(s, int(step[1]), events)
            return True
        if kind == "move_discard":
            s.steps.pop()
            cards.discard(s, int(arg), events)
            if s.mode == "world":
                self._w_move(s, step[1], events)
            else:
                door = next(d for d in s.adv.map.doors_of(self.room_here(s)) if d.code == step[1])
                self._d_cross(s, door, events)
            return True
        if kind == "card":
            cards.answer(self, s, self.line(s, step[1]), action, events)
            return True
        if kind == "dmove":
            if arg and action.startswith("step:"):
                self.dmove(s, arg, events)
                return True
            if action == "advance":
                self.advance(s, events)
            s.steps.pop()
            return True
        return False

    # ------------------------------------------------------------------------ words --
    def adventure_metrics(self, s: TosState) -> dict[str, float]:
        """Per game; averaged over a study, the end flags are the shares of each cause."""
        return {
            "defeated": float(s.reason == "defeated"),
            "exhausted": float(s.reason == "exhausted"),
            "lost": float(s.reason == "lost"),
            "moves": float(s.count.get("moves", 0)),
            "fights": float(s.count.get("fights", 0)),
            "fights_won": float(s.count.get("won", 0)),
            "level": float(s.level),
            "removed": float(len(s.removed)),
        }
