"""A tiny hidden-information trick game for testing the engine, agents and simulator.

Nine cards 1..9 are shuffled; each player gets three hidden cards. The leader plays a
card face up, the other follows; the higher card wins the trick and leads next. A die
is rolled after each trick: a 6 makes the trick worth two points. Most points wins.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from tavolo.engine import RNG, Config, Decision, Event, Game, State, reading_state
from tavolo.engine.errors import ConfigError


class TrickState(State):
    __slots__ = ("deck", "hands", "lead", "points", "table", "turn")

    def clone(self) -> TrickState:
        s = TrickState.__new__(TrickState)
        s.rng = self.rng.clone()
        s._dec = self._dec
        s.deck = list(self.deck)
        s.hands = [list(h) for h in self.hands]
        s.table = list(self.table)
        s.points = list(self.points)
        s.lead = self.lead
        s.turn = self.turn
        return s


class TrickGame(Game):
    name = "tricks"
    RULES_VERSION = "1"
    titles: ClassVar[Mapping[str, str]] = {"en": "Tricks", "it": "Prese"}
    modes = ("standard", "short")

    def check_options(self, mode: str, options: Mapping[str, Any]) -> Mapping[str, Any]:
        bad = set(options) - {"hand"}
        if bad:
            raise ConfigError(f"tricks takes no option {', '.join(sorted(bad))}")
        hand = options.get("hand", 2 if mode == "short" else 3)
        if not isinstance(hand, int) or not 1 <= hand <= 4:
            raise ConfigError("tricks: option hand must be 1..4")
        return {"hand": hand}

    def new(self, config: Config, seed: int) -> TrickState:
        s = TrickState(RNG(seed))
        s.deck = [f"c{i}" for i in range(1, 10)]
        s.rng.shuffle(s.deck, "deck")
        n = config.options.get("hand", 3)
        s.hands = [[s.deck.pop() for _ in range(n)] for _ in range(2)]
        s.table, s.points, s.lead, s.turn = [], [0, 0], 0, 0
        return s

    def _decide(self, s: TrickState) -> Decision | None:
        p = s.turn
        if not s.hands[p]:
            return None
        return Decision(p, "play", tuple(f"play:{c}" for c in sorted(s.hands[p])))

    def _apply(self, s: TrickState, d: Decision, action: str) -> list[Event]:
        p = d.player
        card = action.split(":")[1]
        s.hands[p].remove(card)
        s.table.append(card)
        events = [Event("played", {"player": p, "card": card})]
        if len(s.table) % 2 == 1:
            s.turn = 1 - p
            return events
        a, b = s.table[-2], s.table[-1]
        winner = s.lead if int(a[1:]) > int(b[1:]) else 1 - s.lead
        worth = 2 if s.rng.roll(6, "bonus") == 6 else 1
        s.points[winner] += worth
        s.lead = s.turn = winner
        events.append(Event("trick", {"winner": winner, "worth": worth}))
        return events

    def returns(self, s: TrickState) -> tuple[float, ...]:
        a, b = s.points
        return (1.0, 0.0) if a > b else (0.0, 1.0) if b > a else (0.5, 0.5)

    def observe(self, s: TrickState, player: int | None) -> dict[str, Any]:
        self.check_seat(s, player)
        return {
            "hand": sorted(s.hands[player]) if player is not None else None,
            "hand_sizes": [len(h) for h in s.hands],
            "deck_size": len(s.deck),
            "table": list(s.table),
            "points": list(s.points),
            "turn": s.turn,
        }

    def _determinize(self, s: TrickState, player: int, rng: RNG) -> TrickState:
        d = s.clone()
        other = 1 - player
        pool = d.hands[other] + d.deck
        rng.shuffle(pool)
        n = len(d.hands[other])
        d.hands[other], d.deck = pool[:n], pool[n:]
        return d

    def secrets(self, s: TrickState, player: int) -> Iterable[str]:
        return list(s.hands[1 - player]) + list(s.deck)

    def inventory(self, s: TrickState) -> list[tuple[str, str]]:
        out = [(c, "deck") for c in s.deck] + [(c, "table") for c in s.table]
        for p, h in enumerate(s.hands):
            out += [(c, f"hand{p}") for c in h]
        return out

    def heuristic(self, s: TrickState, player: int) -> float:
        diff = s.points[player] - s.points[1 - player]
        return max(0.0, min(1.0, 0.5 + diff / 8))

    def to_json(self, s: TrickState) -> dict[str, Any]:
        return {
            "rng": s.rng.to_json(),
            "deck": list(s.deck),
            "hands": [list(h) for h in s.hands],
            "table": list(s.table),
            "points": list(s.points),
            "lead": s.lead,
            "turn": s.turn,
        }

    def from_json(self, data: Mapping[str, Any]) -> TrickState:
        with reading_state(self.name):
            s = TrickState(RNG.from_json(data["rng"]))
            s.deck = list(data["deck"])
            s.hands = [list(h) for h in data["hands"]]
            s.table = list(data["table"])
            s.points = list(data["points"])
            s.lead, s.turn = data["lead"], data["turn"]
        return s
