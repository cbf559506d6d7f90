"""DungeonQuest as a tavolo game: what players may see, re-sampling the unseen, words, map.

Hidden information: the order of the tile pile (unplaced tiles), of every deck, the
treasure cup and the dragon pool, and, under ``monster_counter=left_player``, the
monster's counter picked in secret. ``observe`` shows their sizes only; ``determinize``
re-picks the secret counter (the rest is drawn at random when drawn, see ``DQRules.draw``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from functools import cache, cached_property
from math import exp
from pathlib import Path
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr, ValidationError

from tavolo.engine import RNG, Config, Event, reading_state
from tavolo.engine.content import Reason
from tavolo.engine.errors import ConfigError, ContentError, ScenarioError
from tavolo.engine.files import read_data
from tavolo.engine.i18n import SCREEN, Name, fill, fit

from .board import Board
from .dice import parse_dice
from .effects import walk
from .options import DEFAULT, SWITCHABLE
from .rules import EXTRA_CAP, SIDE
from .saved import check_loaded, check_saved
from .schema import COUNTERS, Names
from .state import DQState, Hero, all_tiles
from .text import (
    MSG,
    dice_text,
    effects_text,
    render_board,
    render_effect,
    render_hero,
    render_legend,
    render_monster,
    render_ring,
    render_sun,
)
from .turn import REACT, DQTurn
from .way import WayOut

S = DQState
DEATHS = ("monster", "creature", "trap", "pit", "rotating", "dragon", "potion", "sunset")
UI = Path(__file__).parent / "ui"
CHAMBER_TO_TOWER = 10
"""Squares from the Treasure Chamber to the nearest tower (the heuristic's way back)."""
Square = tuple[int, int]
ENTERED = {(0, 1): 0, (-1, 0): 1, (0, -1): 2, (1, 0): 3}
"""The side of his square a hero came in by, from where he stands less where he came from."""


class TileAt(BaseModel):
    """A tile of a position, as a hero would have laid it (the board checks where)."""

    model_config = ConfigDict(extra="forbid")

    tile: StrictStr
    at: tuple[StrictInt, StrictInt]
    heading: Literal["N", "E", "S", "W"] = "N"
    secret_door: StrictBool = False
    turns: StrictInt = 0  # quarter turns since (Curse of the Wizard, Rotating Room)


class HeroAt(BaseModel):
    """A hero of a position; a field left out (or null) keeps the set-up's value."""

    model_config = ConfigDict(extra="forbid")

    id: StrictStr
    at: tuple[StrictInt, StrictInt] | None = None
    prev: tuple[StrictInt, StrictInt] | None = None
    life: StrictInt | None = None
    ring: StrictStr | None = None
    potion: StrictBool = False
    rope: StrictBool = False
    treasure: list[StrictInt] = Field(default_factory=list)
    held: list[StrictStr] = Field(default_factory=list)  # deck:card
    lost_turns: StrictInt | None = Field(None, ge=0)


class Position(BaseModel):
    """A scenario's position: exact types, so that YAML's surprises are told, not run."""

    model_config = ConfigDict(extra="forbid")

    seed: StrictInt = 0
    heroes: list[HeroAt] = Field(default_factory=list)
    tiles: list[TileAt] = Field(default_factory=list)
    round: StrictInt | None = None
    active: StrictInt | None = None
    dragon_out: StrictInt = 0


def named(names: Names, lang: str) -> Name:
    """A name in ``lang`` with the article it takes inside a sentence (none if the data
    gives none)."""
    a = names.article
    if lang == "it":
        return Name(names.it, a.it if a else "")
    return Name(names.en, a.en if a else "")


def on_time(left: int, squares: int) -> float:
    """How surely ``left`` rounds cover a way of ``squares`` squares (about 1.1 turns a
    square, counting dead ends, doors and lost turns against corridors' extra moves)."""
    return max(0.0, min(1.0, 0.5 + (left - 1.1 * squares) / 8))


def in_time(left: int, squares: int) -> float:
    """How surely ``left`` turns of his own take a hero ``squares`` squares out, before
    the sun sets, with a turn in eight squares to spare for doors, portcullises and lost
    turns: sure with two turns more, 3 in 4 with none more, then falling fast (a quarter
    a turn short, a fiftieth three turns short), never quite nothing, so that a hero
    late still heads out: corridors' extra moves may yet save him."""
    x = left - 1.125 * squares
    if x >= 0.0:
        return 1.0 if x >= 2.0 else 0.75 + x / 8
    return 0.75 * exp(1.2 * x)


STEP = 0.95
"""The heuristic's chance that a square of the way out costs no more than a turn (a Room
card in every room entered, monsters, traps): a way of w squares is walked alive about
STEP ** w, so that each square nearer a tower is worth having."""


STEPS = tuple(STEP**w for w in range(64))
"""``STEP ** w`` for the ways ``way_out`` tells (at most ``FAR``, 30, plus a few)."""


def going(left: int, way: int, fit: float) -> float:
    """A hero's chance of getting out alive if he heads out now: the turns he has left
    against his way out (:func:`in_time`), times ``fit`` (his Life Points' share), times
    ``STEP`` for each square of the way."""
    return float(in_time(left, way) * fit * STEP**way)


# The rules summary; {quoted} words are the options' own (filled from ui/, so that the
# help says what the prompt lists), {options} the game's options with their values.
HELP = {
    "en": """DungeonQuest (Games Workshop, 1987): enter the dungeon from a tower, reach the
Treasure Chamber, take what the dragon lets you and get out through any tower before the
sun sets after {rounds} rounds. Each turn: start-of-turn effects (lost turns, a torch gone
out, a trapdoor, the spider, the Chamber of Darkness, a Cave-In tile), then ONE action, in
the words of the options (type an option's number, or words from it): "{move}" (or
another side: a new square lays a tile with its arrow where you cross; corridors and
towers give another move), "{search}" (twice in a row at most per tile), "{wait}",
"{potion}", "{ring}" (Healing), "{leave}" (in a tower; or "{stay_tower}"), "{stay}".
Monsters: "{ring}" (Blinding), "{shoot}" (El-Adoran), "{attack}" / "{wait_see}" /
"{escape}", then each round a combat counter: "{blow}", "{slash}", "{leap}".

Options (-o KEY=VALUE): {options}.

The edition's full rulebook was not available: tavolo follows the Italian reference sheet
and reconstructs the rest as decisions D1-D27 (docs/dungeonquest.md): 26 rounds; a Room
card on every entry; symmetric combat display; monster counter at random; dragon counter
first, D12 breath; the potion table is a placeholder from a fan source. Rulings of tavolo:
called numbers are 1..n (same odds); a hero driven out by the dragon draws no card where he
lands, and each door or portcullis he fails on the way costs him another breath before he
picks a way out again; the rope is kept; at most 8 extra moves a turn; leaving needs a
tower other than the start, or having left it first.""",
    "it": """DungeonQuest (Games Workshop, 1987): entra nel sotterraneo da una torre, raggiungi
la Camera del Tesoro, prendi ciò che il drago ti lascia ed esci da una torre qualsiasi prima
che il sole tramonti dopo {rounds} round. Ogni turno: effetti d'inizio turno (turni persi,
torcia spenta, trabocchetto, ragno, Camera dell'oscurità, Crollo), poi UNA azione, con le
parole delle opzioni (scrivi il numero di un'opzione, o parole che contiene): "{move}" (o
un altro lato: una casella vuota riceve una tessera con la freccia dove passi; corridoi e
torri danno un'altra mossa), "{search}" (al massimo due volte di fila per tessera),
"{wait}", "{potion}", "{ring}" (Guarigione), "{leave}" (in una torre; oppure
"{stay_tower}"), "{stay}". Mostri: "{ring}" (Accecamento), "{shoot}" (El-Adoran),
"{attack}" / "{wait_see}" / "{escape}", poi a ogni round un segnalino di combattimento:
"{blow}", "{slash}", "{leap}".

Opzioni (-o CHIAVE=VALORE): {options}.

Il regolamento completo dell'edizione non era disponibile: tavolo segue il foglio di
riferimento italiano e ricostruisce il resto come decisioni D1-D27 (docs/dungeonquest.md):
26 round; una carta Stanza a ogni ingresso; tabella di combattimento simmetrica; segnalino
del mostro a caso; prima il segnalino Drago, soffio D12; la tabella delle pozioni è
provvisoria. Decisioni di tavolo: i numeri chiamati sono 1..n (stesse probabilità); chi è
cacciato dal drago non pesca carte dove arriva, e ogni porta o grata che non riesce a
passare gli costa un altro soffio prima di scegliere di nuovo da dove uscire; la corda si
conserva; al massimo 8 mosse extra per turno; si esce da una torre dopo aver lasciato
quella di partenza.""",
}


def _once(text: str) -> str:
    """A bracket said again and again in one text (the potion table's '(never above your
    starting LP)' on four rows) kept at its first place only."""
    seen: set[str] = set()

    def keep(m: re.Match[str]) -> str:
        if m.group(0) in seen:
            return ""
        seen.add(m.group(0))
        return m.group(0)

    return re.sub(r" \([^()]*\)", keep, text)


@cache
def ui(lang: str) -> dict[str, dict[str, str]]:
    """The interface words of ``lang`` as sections (``action``, ``event``, ``view``)."""
    data = read_data(UI / f"{'it' if lang == 'it' else 'en'}.yaml", ContentError)
    assert isinstance(data, dict)
    out: dict[str, dict[str, str]] = {}
    for key, text in data.items():
        section, _, name = str(key).partition(".")
        out.setdefault(section, {})[name] = str(text)
    return out


class DungeonQuestGame(DQTurn):
    # The study's agent (docs/dungeonquest.md): heuristic leaves beat random rollouts here.
    tuned_agents: ClassVar[Mapping[str, str]] = {"mcts": "mcts:100,depth=0"}

    # ---------------------------------------------------------------- configuration --
    def check_options(self, mode: str, options: Mapping[str, Any]) -> Mapping[str, Any]:
        """``heroes`` as the rules take it (ids joined by commas) from a list too, the
        way lists are written elsewhere (``-o heroes=[volrik, azoth]``), or from ids
        with spaces after the commas; anything else is one line. The bracelet's GP as
        the command line reads them (``-o bracelet=100``, a number) or as text."""
        bracelet = options.get("bracelet")
        if isinstance(bracelet, int) and not isinstance(bracelet, bool):
            options = {**options, "bracelet": str(bracelet)}
        if "heroes" in options:
            v = options["heroes"]
            if isinstance(v, list | tuple):
                v = ",".join(str(x).strip() for x in v)
            elif isinstance(v, str):
                v = ",".join(x.strip() for x in v.split(","))
            else:
                raise ConfigError.said(MSG, "error.heroes_value", value=v)
            options = {**options, "heroes": v}
        return super().check_options(mode, options)

    # ------------------------------------------------------------------ plain data --
    def to_json(self, state: S) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: Mapping[str, Any]) -> S:
        with reading_state(self.name):
            check_saved(self.name, data, self.progs, self.holdable)
            s = DQState.from_json(dict(data))
            check_loaded(self.name, s, self)
            return s

    def returns(self, s: S) -> tuple[float, ...]:
        """D21: solo, escaping alive (with at least ``solo_target`` GP, by option); else
        the richest escaped heroes win, and a tie shares the win: each of k tied
        winners scores 1/k, so that a win shared is worth less than a win alone (an
        agent that counted both as 1 left at once, empty-handed, to share the win)."""
        hs = s.heroes
        if len(hs) == 1:
            h = hs[0]
            return (1.0 if h.status == "escaped" and h.gp >= s.opts.solo_target else 0.0,)
        out = [h for h in hs if h.status == "escaped"]
        if not out:
            return tuple(0.0 for _ in hs)
        best = max(h.gp for h in out)
        share = 1.0 / sum(h.gp == best for h in out)
        return tuple(share if h.status == "escaped" and h.gp == best else 0.0 for h in hs)

    # ------------------------------------------------------------------ information --
    def hero_view(self, h: Hero) -> dict[str, Any]:
        return {
            "id": h.id,
            "life": h.life,
            "max_life": self.heroes[h.id].life if h.id else 0,
            "at": list(h.pos) if h.pos else None,
            "status": h.status,
            "cause": h.cause,
            "ring": h.ring,
            "ring_used": h.ring_used,
            "potion": h.potion is not None,
            "ropes": len(h.ropes),
            "held": [c for _, c in h.held],
            "treasure_cards": [[c, gp] for _, c, gp in h.cards],
            "treasure": h.treasure[:],
            "gp": h.gp,
            "lost_turns": h.lost_turns,
        }

    def observe(self, s: S, player: int | None) -> dict[str, Any]:
        self.check_seat(s, player)
        board = []
        for sq, p in sorted(s.board.items()):
            board.append(
                {
                    "at": list(sq),
                    "tile": p.tile.id,
                    "kind": p.tile.kind,
                    "edges": "".join(p.edges()),
                    "heading": SIDE[p.facing],
                }
            )
        out: dict[str, Any] = {
            "game": self.name,
            "you": player,
            "round": s.round,
            "rounds": s.opts.sun_rounds,
            "phase": s.phase,
            "active": s.active,
            "order": s.order[:],
            "board": board,
            "heroes": [self.hero_view(h) for h in s.heroes],
            "tiles_left": len(s.pile),
            "decks": {k: len(v) for k, v in s.decks.items()},
            "cup": len(s.cup),
            "dragon_pool": len(s.dragon),
            "dragon_asleep_drawn": len(s.dragon_out),
        }
        for f in reversed(s.stack):
            if f[0] == "monster":
                out["encounter"] = {
                    "hero": f[1],
                    "monster": f[2],
                    "stage": f[3],
                    "life": f[4],
                    "wound": f[5],
                    "arrows": f[7],
                }
                break
            if f[0] == "spider":
                out["encounter"] = {"hero": f[1], "monster": "giant_spider", "stage": f[2]}
                break
        if s.phase == "over":
            out["reason"] = s.reason
            out["result"] = list(self.returns(s))
        return out

    def secrets(self, s: S, player: int) -> Iterable[str]:
        return [t for t in s.pile if t not in {p.tile.id for p in s.board.values()}]

    def _determinize(self, s: S, player: int, rng: RNG) -> S:
        """Re-pick a secret monster counter. The tile pile and each deck's unseen top part
        need no re-deal: they are drawn at random one card at a time (``DQRules.draw``), so
        their order holds nothing, and the copy's fresh RNG (set by the engine) already
        re-deals every future draw."""
        d = s.clone()
        for i, f in enumerate(d.stack):
            if f[0] == "monster" and f[9] and self.monster_picker(s, f[1]) != player:
                d.stack[i] = (*f[:9], rng.choice(COUNTERS), f[10])
        return d

    def inventory(self, s: S) -> list[tuple[str, str]] | None:
        out: list[tuple[str, str]] = [(t, "pile") for t in s.pile]
        out += [(p.tile.id, "board") for p in s.board.values()]
        return out

    def heuristic(self, s: S, player: int) -> float:
        """An estimate of the solo goal (D21: out alive, with ``solo_target`` GP) for MCTS
        leaves; with 2+ heroes, :meth:`heuristic_race`.

        Short of the treasure he needs (none by default) the hero is pulled towards the
        Treasure Chamber, by distance and by whether the rounds left cover the way there
        and back; Life Points scale the chance of getting there. With it, the position is
        worth his chance of getting out alive (:meth:`home`): the turns he has left
        against his way out through the tiles, and the squares he still has to cross;
        treasure beyond the target is worth a little more."""
        if s.phase == "over":
            return self.returns(s)[player]
        h = s.heroes[player]
        if h.status == "dead":
            return 0.0
        if len(s.heroes) > 1:
            return self.heuristic_race(s, player)
        target = s.opts.solo_target
        gp = h.gp
        if h.status == "escaped":
            return 1.0 if gp >= target else 0.0
        if not h.id or h.pos is None:
            return 0.3
        if gp >= target:
            return self.home(s, player) * (0.9 + 0.1 * min(1.0, gp / 3000))
        x, y = h.pos
        left = s.opts.sun_rounds - s.round + 1
        fit = 0.4 + 0.6 * max(0, h.life) / self.heroes[h.id].life
        chamber = min(abs(x - cx) + abs(y - cy) for cx, cy in self.spec.chamber)
        way = 0.5 * (1.0 - chamber / 16) + 0.5 * on_time(left, chamber + CHAMBER_TO_TOWER)
        return 0.05 + 0.3 * fit * way + 0.1 * gp / target

    def turns_left(self, s: S, k: int) -> int:
        """The turns hero ``k`` still has before the sun sets: this round's if it has not
        come yet or he has not yet acted in it, less the turns he is to lose."""
        left = s.opts.sun_rounds - s.round - s.heroes[k].lost_turns
        active = s.active
        if k == active:
            if s.stack and s.stack[-1][0] in ("start", "act"):
                left += 1
        elif s.order.index(k) > s.order.index(active):
            left += 1
        return left

    def way_home(self, s: S, k: int) -> int:
        """Hero ``k``'s way out (:meth:`way_out`); from his starting tower, which he may
        not leave by before leaving it (D2), a step out and back."""
        h = s.heroes[k]
        assert h.pos is not None
        return self.way_out(s, h.pos) if h.moved else 2

    def home(self, s: S, k: int) -> float:
        """Hero ``k``'s chance of getting out alive if he heads out now (:func:`going`)."""
        h = s.heroes[k]
        fit = 0.4 + 0.6 * max(0, h.life) / self.heroes[h.id].life
        return going(self.turns_left(s, k), self.way_home(s, k), fit)

    def heuristic_race(self, s: S, player: int) -> float:
        """The heuristic of a game of 2+ heroes (D21: the richest heroes out win, a tie
        shares the win), roughly the hero's share of the win.

        The treasure that counts is the other living heroes': a hero who is not richer
        than all of them is pulled towards treasure (as the solo hero short of his
        target) while the turns left allow it, one who is, out of the dungeon. Out of it,
        a lead is nearly a win, a tie is a share of what the others still inside may
        leave him (they can find treasure), behind a hero still inside only his death
        helps, and behind one out nothing does. Inside, the value of being out is
        weighed by his chance of getting out alive (:meth:`home`), so that a hero the
        sun would catch is worth what a dead one is."""
        heroes = s.heroes
        h = heroes[player]
        gp = h.gp
        best, tied, richer_out = -1, 0, False  # best -1: anyone out alive beats them
        for k, r in enumerate(heroes):
            if k == player or r.status == "dead":
                continue
            g = sum(r.treasure) + sum([c[2] for c in r.cards]) if r.cards else sum(r.treasure)
            if g > best:
                best, tied = g, 0
            if g == best:
                tied += 1
            if g > gp and r.status == "escaped":
                richer_out = True
        if gp > best:
            out = 0.9 + 0.1 * min(1.0, (gp - best) / 500)
        elif gp == best:
            out = 0.6 / (1 + tied)
        else:
            out = 0.0 if richer_out else 0.1
        if h.status == "escaped":
            return out
        at = h.pos
        if not h.id or at is None:
            return 0.3
        # turns_left, way_home and going, written out: this runs at every MCTS leaf
        left = s.opts.sun_rounds - s.round - h.lost_turns
        active = s.active
        if player == active:
            if s.stack and s.stack[-1][0] in ("start", "act"):
                left += 1
        elif s.order.index(player) > s.order.index(active):
            left += 1
        way = self.ways.distance(s.board, at) if h.moved else 2
        fit = 0.4 + 0.6 * max(0, h.life) / self.heroes[h.id].life
        now = in_time(left, way)
        home = float(now * fit * STEPS[way])
        if gp > best:
            return home * out
        # Short of the lead: a room near his tower may hold enough (no card treasure is
        # above 250 GP), the Treasure Chamber more; each only while the turns left
        # cover the way there and out. Late or hurt, getting out as he is may be better.
        short = best + 1 - gp
        chamber = self.to_chamber[at]
        near = 0.3 * min(1.0, 250 / short) * in_time(left, way + 4)
        deep = 0.4 * (1.0 - chamber / 16) * in_time(left, chamber + CHAMBER_TO_TOWER)
        hunt = now * (0.05 + 0.05 * gp / (best + 1)) + fit * (near + deep)
        return max(hunt, out * home)

    @cached_property
    def to_chamber(self) -> dict[Square, int]:
        """Squares from each square to the nearest Treasure Chamber square in a straight
        line, worked out once."""
        spec = self.spec
        return {
            (x, y): min(abs(x - cx) + abs(y - cy) for cx, cy in spec.chamber)
            for x in range(spec.width)
            for y in range(spec.height)
        }

    @cached_property
    def ways(self) -> WayOut:
        """The way-out search and the board's tables it uses (``way.py``)."""
        return WayOut(self.spec, all_tiles().values())

    def way_out(self, s: S, at: Square) -> int:
        """Squares from ``at`` to the nearest tower through the openings of the placed
        tiles (doors and portcullises count as open), and from an opening onto an empty
        square in a straight line from there: walls are not walked through, as a
        straight line from ``at`` would. 30 when every way is walled."""
        return self.ways.distance(s.board, at)

    def cause_kind(self, cause: str) -> str:
        """A cause of death grouped for statistics: monster (the Giant Spider too),
        creature (bats, scorpions, snake, centipede), trap, the rest by name."""
        if cause in self.monsters:
            return "creature" if self.monsters[cause].kind == "creature" else "monster"
        if cause.startswith("sneak_attack"):
            return "monster"
        if cause.startswith(("scorpion", "vampire", "poisonous_snake")):
            return "creature"
        if cause in ("sunset", "pit", "rotating", "dragon", "potion"):
            return cause
        return "trap"

    def metrics(self, s: S) -> dict[str, float]:
        """Per game: rounds, tiles, the share of heroes out, their treasure (per hero, and
        ``treasure if out`` only in games where someone got out, so that its average is the
        treasure of those out), the share out with Treasure Chamber counters (only the
        sleeping dragon gives counters), how the others died (grouped), and per hero played
        whether he got out."""
        n = len(s.heroes)
        esc = [h for h in s.heroes if h.status == "escaped"]
        out: dict[str, float] = {
            "rounds": float(min(s.round, s.opts.sun_rounds)),
            "tiles placed": float(len(s.board)),
            "escaped": len(esc) / n,
            "escaped with treasure": sum(h.gp > 0 for h in esc) / n,
            "treasure": sum(h.gp for h in esc) / n,
            "out with chamber treasure": sum(bool(h.treasure) for h in esc) / n,
        }
        for kind in DEATHS:
            out[f"death {kind}"] = 0.0
        if esc:  # averaged over the games with someone out: the treasure of those out
            out["treasure if out"] = sum(h.gp for h in esc) / len(esc)
        for h in s.heroes:
            if h.status == "dead":
                out[f"death {self.cause_kind(h.cause)}"] += 1.0 / n
            if h.id:
                out[f"escaped {h.id}"] = float(h.status == "escaped")
        return out

    def describe_metric(self, name: str, lang: str = "en") -> str:
        """A metric in words: ``death X`` names the kind of death, ``escaped H`` the hero."""
        kind, _, rest = name.partition(" ")
        if kind == "death" and rest in DEATHS:
            return MSG.t(lang, "metric.death", death=MSG.t(lang, f"metric.death.{rest}"))
        if kind == "escaped" and rest in self.heroes:
            return MSG.t(lang, "metric.escaped_hero", hero=self.name_of(rest, lang))
        key = f"metric.{name}"
        return MSG.t(lang, key) if MSG.has(key) else name

    def study_flags(self, lang: str = "en") -> str:
        return MSG.t(lang, "study_flags")

    def simulate_args(
        self, mode: str | None, options: dict[str, Any], args: Sequence[str]
    ) -> list[tuple[str, str | None, dict[str, Any]]]:
        """``--heroes [ID,...]``: one cell per hero (default the four base heroes), each
        playing solo, e.g. ``tavolo simulate dungeonquest --heroes -a mcts``."""
        if not args:
            return super().simulate_args(mode, options, args)
        it = iter(args)
        picked: list[str] | None = None
        for flag in it:
            name, eq, value = flag.partition("=")
            if name != "--heroes":
                raise ConfigError.said(MSG, "error.study_flag", flag=flag)
            if not eq:
                nxt = next(it, "")
                if nxt.startswith("--"):
                    raise ConfigError.said(MSG, "error.study_flag", flag=nxt)
                value = nxt
            picked = [v for v in value.split(",") if v]
        if "heroes" in options:
            raise ConfigError.said(MSG, "error.study_heroes")
        known = [h.id for h in self.c.heroes]
        ids = picked or [h.id for h in self.c.heroes if not h.expansion]
        bad = [h for h in ids if h not in known]
        if bad:
            raise ConfigError.said(MSG, "error.hero", hero=bad[0], known=", ".join(known))
        expansion = options.get("expansion_heroes") in (True, "true")
        self.check_expansion(",".join(ids), expansion)  # before any cell is played
        return [(h, mode, {**options, "heroes": h}) for h in ids]

    # ----------------------------------------------------------------- positions --
    @cached_property
    def holdable(self) -> tuple[str, ...]:
        """The cards (``deck:card``) a hero may hold in a position: those with each-turn
        effects (a torch gone out, a trapdoor) and the Giant Spider's, held while fought."""
        spiders = {m for m, mon in self.monsters.items() if mon.kind == "spider"}
        return tuple(
            f"{deck}:{cid}"
            for (deck, cid), card in self.cards.items()
            if deck != "dragon" and (card.each_turn or any(e.monster in spiders for e in card.do))
        )

    def from_position(self, config: Config, position: Mapping[str, Any], rng: RNG) -> S:
        """A game past set-up (seed ``position.seed``, heroes in towers as chosen) with
        fields overridden: ``tiles`` ([{tile, at: [x, y], heading: N|E|S|W}], each checked
        by the board's placement rules), ``heroes`` ([{id, at, prev, life, ring, potion,
        rope, treasure, held, lost_turns}]), ``round``, ``active``, ``dragon_out``. A
        position the rules could not play is refused with one line (ScenarioError)."""
        if not isinstance(position, Mapping):
            raise ScenarioError.said(MSG, "position.mapping")
        tiles_in = position.get("tiles")
        for i, t in enumerate(tiles_in if isinstance(tiles_in, list) else []):
            if isinstance(t, Mapping) and "tile" not in t:  # as often as not, "id" for "tile"
                raise ScenarioError.said(MSG, "position.tile_missing", n=i + 1)
        try:
            p = Position.model_validate(dict(position))
        except ValidationError as e:  # which field, and why, in the user's language
            raise ScenarioError.said(MSG, "position.invalid", reason=Reason(e)) from None
        self._check_position(config, p)
        cfg_opts = dict(config.options)
        if p.heroes and "heroes" not in cfg_opts:
            cfg_opts["heroes"] = ",".join(h.id for h in p.heroes)
        cfg = Config(config.players, config.mode, cfg_opts)
        s = self.new(cfg, p.seed)
        while (d := self.decision(s)) is not None and s.phase == "setup":
            want = None
            if d.kind == "pickring":
                ring = p.heroes[d.player].ring if d.player < len(p.heroes) else None
                want = f"ring:{ring}" if ring else None
            self.apply(s, want if want in d.actions else d.actions[0])
        s.rng = rng
        if p.round is not None and not 1 <= p.round <= s.opts.sun_rounds:
            raise ScenarioError.said(MSG, "position.round", round=p.round, rounds=s.opts.sun_rounds)
        board = Board(self.spec, dict(s.board))
        tiles = all_tiles()
        for t in p.tiles:
            if t.tile not in tiles:
                raise ScenarioError.said(MSG, "position.tile", tile=t.tile)
            board.place(tiles[t.tile], t.at, SIDE.index(t.heading), t.secret_door)
            if t.tile in s.pile:
                s.pile.remove(t.tile)
            if t.turns:
                board.turn(t.at, t.turns)
        s.board = board.placed
        for k, hd in enumerate(p.heroes):
            self._place_hero(s, board, k, hd)
        self._check_squares(s)
        if p.round is not None:
            s.round = p.round
        for _ in range(p.dragon_out):
            s.dragon.remove("asleep")
            s.dragon_out.append("asleep")
        k = s.order[0] if p.active is None else p.active
        s.stack = []
        self.begin_turn(s, k)
        s.active = k
        s._dec = None
        self.run(s, [])
        return s

    def _check_position(self, config: Config, p: Position) -> None:
        """What the position asks of the game as a whole: heroes and rings that exist,
        each once, no more heroes than players, an active player, the dragon's counters."""
        if len(p.heroes) > config.players:
            raise ScenarioError.said(
                MSG, "position.heroes", n=len(p.heroes), players=config.players
            )
        ids = [h.id for h in p.heroes]
        for hid in ids:
            if hid not in self.heroes:
                raise ScenarioError.said(
                    MSG, "position.hero", hero=hid, known=", ".join(self.heroes)
                )
            if ids.count(hid) > 1:
                raise ScenarioError.said(MSG, "position.hero_twice", hero=hid)
            if self.heroes[hid].expansion and config.options.get("expansion_heroes") is not True:
                raise ScenarioError.said(MSG, "position.hero_expansion", hero=hid)
        rings = [h.ring for h in p.heroes if h.ring is not None]
        for ring in rings:
            if ring not in self.rings:
                raise ScenarioError.said(
                    MSG, "position.ring", ring=ring, known=", ".join(self.rings)
                )
            if rings.count(ring) > 1:
                raise ScenarioError.said(MSG, "position.ring_twice", ring=ring)
        if p.active is not None and not 0 <= p.active < config.players:
            raise ScenarioError.said(
                MSG, "position.active", active=p.active, last=config.players - 1
            )
        asleep = self.dragon_pool.count("asleep")
        if not 0 <= p.dragon_out <= asleep:
            raise ScenarioError.said(MSG, "position.dragon_out", n=p.dragon_out, most=asleep)

    def _square(self, board: Board, k: int, sq: Square, explored: bool) -> Square:
        """``sq`` if hero ``k`` may stand there (or, with ``explored`` off, have come
        from there: a scenario may start a hero as if from an unexplored square)."""
        if not board.inside(sq):
            raise ScenarioError.said(
                MSG, "position.off_board", n=k + 1, square=sq, w=self.w, h=self.h
            )
        if explored and not board.explored(sq):
            raise ScenarioError.said(MSG, "position.unexplored", n=k + 1, square=sq)
        return sq

    def _take(self, s: S, k: int, deck: str, card: str) -> tuple[str, str]:
        """Card ``card`` out of ``deck`` for hero ``k``, if a copy is left there."""
        pile = s.decks[deck]
        if card not in pile:
            raise ScenarioError.said(MSG, "position.card", n=k + 1, card=card, deck=deck)
        i = pile.index(card)
        if i >= len(pile) - s.fresh[deck]:  # one unseen card fewer (draws pick among them)
            s.fresh[deck] -= 1
        del pile[i]
        return deck, card

    def _place_hero(self, s: S, board: Board, k: int, hd: HeroAt) -> None:
        """Hero ``k`` as the position says, every value one the rules can hold."""
        h = s.heroes[k]
        if hd.at is not None:
            h.pos = self._square(board, k, hd.at, explored=True)
            h.moved = True
        if hd.prev is not None:
            h.prev = self._square(board, k, hd.prev, explored=False)
            assert h.pos is not None  # placed at set-up when not given
            side = ENTERED.get((h.pos[0] - h.prev[0], h.pos[1] - h.prev[1]))
            if side is None:
                raise ScenarioError.said(MSG, "position.prev", n=k + 1, prev=h.prev, square=h.pos)
            h.entered = side
        if hd.life is not None:
            top = self.heroes[h.id].life
            if not 1 <= hd.life <= top:
                raise ScenarioError.said(
                    MSG, "position.life", n=k + 1, hero=h.id, life=hd.life, top=top
                )
            h.life = hd.life
        if hd.ring is not None:
            h.ring = hd.ring
        if hd.lost_turns is not None:
            h.lost_turns = hd.lost_turns
        for gp in hd.treasure:  # counters come out of the cup
            if gp not in s.cup:
                raise ScenarioError.said(MSG, "position.treasure", gp=gp)
            s.cup.remove(gp)
            h.treasure.append(gp)
        if hd.potion:
            h.potion = self._take(s, k, "room", "potion")
        if hd.rope:
            h.ropes = [self._take(s, k, "corpse", "rope")]
        for held in hd.held:
            if held not in self.holdable:
                known = ", ".join(self.holdable)
                raise ScenarioError.said(MSG, "position.held", n=k + 1, card=held, known=known)
            deck, _, card = held.partition(":")
            h.held.append(self._take(s, k, deck, card))

    def _check_squares(self, s: S) -> None:
        """No two heroes on one square but in the Treasure Chamber (the rules never let
        a hero move onto another)."""
        seen: dict[Square, int] = {}
        for k, h in enumerate(s.heroes):
            if h.pos is None or h.pos in self.spec.chamber:
                continue
            if h.pos in seen:
                raise ScenarioError.said(
                    MSG, "position.shared", a=seen[h.pos] + 1, b=k + 1, square=h.pos
                )
            seen[h.pos] = k

    # ----------------------------------------------------------------------- words --
    def name_of(self, what: str, lang: str) -> str:
        """What ``what`` (an id) is called in ``lang``: a monster, a ring or a card as a
        ``Name`` that knows its article, for the templates' ``{monster:the}``."""
        c = self.c
        it = lang == "it"
        if what in self.heroes:
            n = self.heroes[what].name
            return n.it if it else n.en
        if what in self.monsters:
            return named(self.monsters[what].name, lang)
        if what in self.rings:
            return named(self.rings[what].name, lang)
        for (_deck, cid), card in self.cards.items():
            if cid == what:
                return named(card.name, lang)
        if what in c.decks:
            n = c.decks[what].name
            return n.it if it else n.en
        if what in self.kinds:
            n = self.kinds[what].name
            return n.it if it else n.en
        words = ui(lang)["word"]
        return words.get(what, what.replace("_", " "))

    def hero_name(self, s: S | None, k: int, lang: str) -> str:
        if s is not None and 0 <= k < len(s.heroes) and s.heroes[k].id:
            return self.name_of(s.heroes[k].id, lang)
        return f"P{k + 1}"

    def describe_options(
        self, s: S, actions: Sequence[str], lang: str = "en"
    ) -> list[tuple[str, list[tuple[int, str]]]] | None:
        """The plain moves on one line ("move: 1 north · 2 east · 3 south"), the other
        options one a line: four move lines pushed a crowded screen past 40 rows. A move
        that says more than its side (a corridor, a trap) keeps its own line."""
        head = ui(lang)["action"]["move_head"] + " "
        moves: list[tuple[int, str]] = []
        for i, a in enumerate(actions):
            if not a.startswith("move:") or i != len(moves):
                break  # (only the moves that open the list: the numbers stay in order)
            said = self.describe_action(s, a, lang)
            if not said.startswith(head):
                break
            moves.append((i, said[len(head) :]))
        if len(moves) < 2:
            return None
        rest = [(i, self.describe_action(s, a, lang)) for i, a in enumerate(actions)][len(moves) :]
        return [(head.strip(), moves), ("", rest)] if rest else [(head.strip(), moves)]

    def describe_action(self, s: S, action: str, lang: str = "en") -> str:
        words = ui(lang)["action"]
        top = s.stack[-1] if s.stack else ()
        if action == "stay" and top[:1] == ("tower",):  # not the chamber's stay
            return words["stay_tower"]
        if top[:1] == ("opt",) and action in ("yes", "no"):  # what yes would do
            e = self.progs[top[2]][top[3]].model_copy(update={"optional": False})
            offer = render_effect(e, lang, self.c)
            return words[f"opt_{action}"].format(offer=offer)
        if top[:1] == ("monster",) and top[3] == "react" and action in REACT:
            return ui(lang)["react"][action]  # the columns of the Monster card
        said = self.said_in_context(s, top, action, lang)
        if said:
            return said
        if action in words:
            return words[action]
        verb, _, arg = action.partition(":")
        if verb in ("move", "side", "out"):
            return words[verb].format(side=ui(lang)["side"][arg])
        if verb in ("hero", "ring", "counter") and arg:
            # a hero or a ring is chosen for what its card says: say it
            if verb == "hero" and arg in self.heroes:
                head, *rest = render_hero(self.heroes[arg], lang)
                return words["hero_pick"].format(name=head) + " — " + " · ".join(rest)
            if verb == "counter" and arg in COUNTERS:  # D8: picked for the monster
                return self.monster_counter_odds(s, arg, lang)
            text = words[verb + "_pick"].format(name=self.name_of(arg, lang))
            if verb == "ring" and arg in self.rings:
                what, uses, *more = render_ring(self.rings[arg], lang)[1:]
                if not self.rings_once:  # else the view says it once for all
                    what += " " + uses
                text += " — " + " ".join([what, *more])
            return text
        if verb == "tower":  # the corner as the map shows it: (0,0) is its top left
            x, y = self.spec.towers[int(arg)]
            ns = "N" if y < self.spec.height / 2 else "S"
            we = "W" if x < self.spec.width / 2 else "E"
            corner = ui(lang)["corner"][ns + we]
            return words["tower"].format(corner=corner, square=f"({x},{y})")
        if verb in COUNTERS:
            return self.name_of_counter(verb, lang)
        return words.get(action, action)

    def said_in_context(self, s: S, top: tuple[Any, ...], action: str, lang: str) -> str:
        """What a bare word ("no", "use the ring", "drink the potion", a combat counter)
        does where it is offered: the ring by its name and power, the potion's table,
        a counter against each of the monster's, what "no" leaves undone."""
        words = ui(lang)["action"]
        k = top[1] if len(top) > 1 and isinstance(top[1], int) else -1
        h = s.heroes[k] if 0 <= k < len(s.heroes) else None
        if action == "ring" and h is not None and h.ring in self.rings:
            text = effects_text(self.rings[h.ring].do, lang, self.c)  # its time is now
            ring = words["ring_named"].format(name=self.name_of(h.ring, lang))
            if h.ring == "healing" and h.life >= self.heroes[h.id].life:
                text += words["ring_full"]  # accepted, and it only ends the turn
            return f"{ring} — {text}"
        if action == "test" and top[:1] == ("cave",) and h is not None:  # DQ-9 Cave-In
            return words["test_cave"].format(agility=self.heroes[h.id].agility)
        if action == "search" and h is not None and top[:1] == ("act",):  # DQ-7: the limit
            if s.opts.search_limit == "once_per_room":
                return words["search_once"]
            return words["search_last" if h.searches >= 1 else "search_first"]
        if action == "stay" and top[:1] != ("tower",) and s.dragon:
            return self.dragon_odds(s, lang)
        if action == "shoot" and top[:1] == ("monster",):  # D10: the bow table
            roll = self.c.table("bow").do[0]
            return f"{words['shoot']} — {render_effect(roll, lang, self.c)}"
        if action == "potion":
            roll = self.c.table("potion").do[0]
            return f"{words['potion']} — {_once(render_effect(roll, lang, self.c))}"
        if action == "no" and top[:1] in (("secret",), ("warn",), ("monster",)):
            kind = top[0] if top[0] != "monster" else f"monster_{top[3]}"
            return words.get(f"no_{kind}", words["no"])
        if action == "try" and top[:1] == ("cross",) and top[4]:
            return words[f"try_{top[4][0]}"]
        if action in COUNTERS and h is not None and top[:1] == ("monster",):
            return self.counter_odds(s, k, action, lang)
        return ""

    def dragon_odds(self, s: S, lang: str) -> str:
        """Staying in the Treasure Chamber (DQ-11, D11): the Dragon counters left and
        what each kind does, under the game's options (the breath)."""
        words = ui(lang)["action"]
        by_id = {c.id: c for c in self.c.dragon}
        awake = sum(1 for x in s.dragon if x == "awake")
        wakes = effects_text(self.c.effects(by_id["awake"], s.opts), lang, self.c).rstrip(".")
        sleeps = effects_text(self.c.effects(by_id["asleep"], s.opts), lang, self.c).rstrip(".")
        return words["stay_odds"].format(
            n=len(s.dragon),
            awake=awake,
            wakes=wakes[:1].lower() + wakes[1:],
            sleeps=sleeps[:1].lower() + sleeps[1:],
        )

    def counter_odds(self, s: S, k: int, mine: str, lang: str) -> str:
        """A combat counter and what it does against each of the monster's (DQ-13.4)."""
        words = ui(lang)["counter"]
        row = self.c.combat.tables[s.opts.combat_table][mine]  # type: ignore[index]
        blow = self.heroes[s.heroes[k].id].mighty_blow
        parts = []
        for theirs in COUNTERS:
            hero, monster = row[theirs]  # type: ignore[index]
            if blow is not None and mine == "mighty_blow" and theirs == "slash":
                monster = blow  # DQ-18: Rildo's lighter blow
            name = self.name_of_counter(theirs, lang)
            if not hero:
                parts.append(words["beats"].format(theirs=name, n=monster))
            elif not monster:
                parts.append(words["loses"].format(theirs=name, n=hero))
            else:
                parts.append(words["even"].format(theirs=name, h=hero, m=monster))
        return f"{self.name_of_counter(mine, lang)} — {', '.join(parts)}"

    def roll_meaning(self, why: Any, dice: Any, result: Any, lang: str) -> str:
        """The row of the table a roll was made on (the potion's, the bow's, a card's
        or the spider's flight), as a clause; '' for a roll with no table (an amount)."""
        if not isinstance(why, str) or not isinstance(result, int):
            return ""
        lists: list[tuple[Any, ...]] = []
        if why == "potion":
            lists.append(self.c.table("potion").do)
        elif why == "arrow":
            lists.append(self.c.table("bow").do)
        lists += [card.do for (_deck, cid), card in self.cards.items() if cid == why]
        lists += [(*m.flee, *m.fight) for m in self.c.monsters if m.id == why]
        for effects in lists:
            for e in walk(effects):
                if e.roll is None or not e.table or str(e.roll) != dice:
                    continue
                for (a, b), sub in e.rows():
                    if a <= result <= b:
                        text = effects_text(sub, lang, self.c).rstrip(".")
                        return text[:1].lower() + text[1:]
        return ""

    def monster_counter_odds(self, s: S, theirs: str, lang: str) -> str:
        """The monster's counter picked by another player (D8, monster_counter option):
        its name and what it does against each counter the hero may play (DQ-13.4)."""
        words = ui(lang)["counter"]
        table = self.c.combat.tables[s.opts.combat_table]
        parts = []
        for mine in COUNTERS:
            hero, monster = table[mine][theirs]  # type: ignore[index]
            name = self.name_of_counter(mine, lang)
            if not monster:
                parts.append(words["m_beats"].format(mine=name, n=hero))
            elif not hero:
                parts.append(words["m_loses"].format(mine=name, n=monster))
            else:
                parts.append(words["m_even"].format(mine=name, h=hero, m=monster))
        head = ui(lang)["action"]["counter_pick"].format(name=self.name_of_counter(theirs, lang))
        return f"{head} — {', '.join(parts)}"

    def name_of_counter(self, counter: str, lang: str) -> str:
        return named(self.c.combat.counters[counter], lang)  # type: ignore[index]

    def describe_event(self, event: Event, player: int | None, lang: str = "en") -> str | None:
        seen = event.seen_by(player)
        if seen is None:
            return None
        tpl = ui(lang)["event"].get(event.kind)
        if tpl is None:
            return f"{event.kind} {dict(seen)}"
        kw: dict[str, Any] = dict(seen)
        if event.kind == "rolled":  # what the number means, when a table says it
            kw["means"] = self.roll_meaning(kw.get("why"), kw.get("dice"), kw.get("result"), lang)
            if kw["means"]:
                tpl = ui(lang)["event"]["rolled_means"]
        if event.kind == "monster_hit" and kw.get("slain") and not kw.get("n"):
            tpl = ui(lang)["event"]["monster_struck_down"]  # a bow's 5-6: no LP to count
        if isinstance(kw.get("hero"), int):
            kw["seat"] = kw["hero"] + 1  # the player, where the hero's name would repeat
        if isinstance(kw.get("who"), str):  # the hero by name ("Rildo draws...")
            kw["hero"] = self.name_of(kw["who"], lang)
        elif isinstance(kw.get("hero"), int):
            kw["hero"] = f"{ui(lang)['view']['player']}{kw['hero'] + 1}"
        for key in (
            "card",
            "monster",
            "creature",
            "deck",
            "ring",
            "id",
            "kind",
            "cause",
            "why",
            "item",
            "tile_kind",
            "attr",
        ):
            if isinstance(kw.get(key), str):
                kw[key] = self.name_of(kw[key], lang)
        for key in ("mine", "theirs"):
            if key in kw:
                kw[key] = self.name_of_counter(kw[key], lang)
        if isinstance(kw.get("raw"), list):
            kw["raw"] = "+".join(map(str, kw["raw"]))
        if isinstance(kw.get("called"), list):
            kw["called"] = ", ".join(map(str, kw["called"]))
        if event.kind == "hero_placed" and isinstance(kw.get("square"), list):
            x, y = kw["square"]
            ns = "N" if y < self.spec.height / 2 else "S"
            we = "W" if x < self.spec.width / 2 else "E"
            kw["corner"] = ui(lang)["corner"][ns + we]
        if isinstance(kw.get("square"), list):
            kw["square"] = f"({kw['square'][0]},{kw['square'][1]})"
        if "dice" in kw:  # as the cards print it, in the reader's language (D6 − Luck)
            try:
                kw["dice"] = dice_text(parse_dice(kw["dice"]), lang)
            except ValueError:
                kw["dice"] = str(kw["dice"]).upper()
        if isinstance(kw.get("side"), str):
            kw["side"] = ui(lang)["side"].get(kw["side"], kw["side"])
        if isinstance(kw.get("choice"), str):  # a Monster card's column
            kw["choice"] = ui(lang)["react"].get(kw["choice"], kw["choice"])
        try:
            return str(fill(tpl, **kw))
        except (KeyError, IndexError, ValueError):
            return f"{event.kind} {dict(seen)}"

    def view(self, s: S, player: int | None, lang: str = "en") -> str:
        """The map of placed tiles with the heroes, beside it the sun, the piles and the
        map's key; then the heroes as a table, then what the decision at hand is about:
        in 40 rows of 80 columns with the options, the usual screens of 1-4 heroes."""
        self.check_seat(s, player)
        words = ui(lang)["view"]
        board = Board(self.spec, s.board)
        marks: dict[tuple[int, int], str] = {}
        for k, h in enumerate(s.heroes):
            if h.pos is not None:
                marks[h.pos] = marks.get(h.pos, "") + str(k + 1)
        rows = render_board(board, lang, marks)
        left = max(len(r) for r in rows) + 2
        side = fit(render_sun(min(s.round, s.opts.sun_rounds), lang, s.opts), 0, SCREEN - left)
        side += [
            words[k].format(n=n)
            for k, n in (("tiles", len(s.pile)), ("cup", len(s.cup)), ("dragon", len(s.dragon)))
        ]
        side += render_legend(lang, SCREEN - left)
        lines = [
            (rows[i] if i < len(rows) else "").ljust(left) + side[i] if i < len(side) else rows[i]
            for i in range(max(len(rows), len(side)))
        ]
        lines = [line.rstrip() for line in lines]
        lines += self.hero_table(s, lang)
        lines += self.at_hand(s, lang)
        if s.phase == "over":
            lines.append(self.end_words(s, lang))
        lines = [part for line in lines for part in (fit(line, 4) if len(line) > 80 else [line])]
        return "\n".join(lines).replace("[", "\\[")

    def hero_table(self, s: S, lang: str) -> list[str]:
        """A line a hero under a heading: his number on the map, name, LP, Strength,
        Agility, Armour and Luck, treasure, ring (used or not), potion, and where he is
        when not in the dungeon; what binds him (``hero_burdens``) on a line below."""
        words = ui(lang)["view"]
        heroes = [(k, h) for k, h in enumerate(s.heroes) if h.id]
        if not heroes:
            return []
        names = {k: self.name_of(h.id, lang) for k, h in heroes}
        wide = max(len(words["head_hero"]), *(len(n) for n in names.values()))
        stats = words["head_stats"].split()
        head = f"   {words['head_hero']:<{wide}} {words['head_lp']:>5} "
        gp = max(len(words["head_gp"]), *(len(str(h.gp)) for _, h in heroes))
        head += " ".join(stats) + f" {words['head_gp']:>{gp}}  {words['head_gear']}"
        out = [head.rstrip()]
        for k, h in heroes:
            hero = self.heroes[h.id]
            values = (hero.strength, hero.agility, hero.armour, hero.luck)
            cells = " ".join(f"{v:>{len(w)}}" for v, w in zip(values, stats, strict=True))
            lp = f"{max(0, h.life)}/{hero.life}"
            gear = [self.ring_short(h.ring, lang)] if h.ring else []
            if h.ring and h.ring_used:
                gear[0] += f" ({words['used']})"
            if h.potion:
                gear.append(words["potion"])
            status = "outside" if h.pos is None and h.status == "in" else h.status
            if status in ("escaped", "dead"):  # out of play: his ring and potion no more
                gear = [words[status] + (f": {self.name_of(h.cause, lang)}" if h.cause else "")]
            elif status != "in":
                gear.append(words["outside"])
            line = f"{words['player']}{k + 1} {names[k]:<{wide}} {lp:>5} {cells}"
            line += f" {h.gp:>{gp}}  {', '.join(gear)}"
            burdens = self.hero_burdens(h, lang)  # on his line, or the next if too long
            if not gear:
                burdens = burdens.removeprefix("; ")
            if not burdens or len((line + burdens).rstrip()) <= SCREEN:
                out += fit((line + burdens).rstrip(), 3)  # a long cause of death goes on
            else:
                out += [*fit(line.rstrip(), 3), *fit("   " + burdens.removeprefix("; "), 3)]
        return out

    @cached_property
    def rings_once(self) -> bool:
        """Whether every ring works once in a game (the view says it once for all, not
        each ring's option)."""
        return all(r.uses == 1 for r in self.rings.values())

    def ring_short(self, ring: str, lang: str) -> str:
        """A ring by its power alone ('Healing'), for the heroes' table; its full name
        where the words give no short one."""
        short = ui(lang).get("ring_short", {})
        return short.get(ring) or self.name_of(ring, lang)

    def hero_burdens(self, h: Hero, lang: str) -> str:
        """What the rules still hold against (or for) a hero in the dungeon that his line
        would not show: turns still to miss, cards held (torch out, trapdoor, the
        spider), ropes carried."""
        if h.status != "in":
            return ""
        words = ui(lang)["view"]
        parts = []
        if h.lost_turns:
            parts.append(fill(words["misses"], n=h.lost_turns))
        held = [self.name_of(card, lang) for _deck, card in h.held]
        if held:
            parts.append(words["holding"].format(cards=", ".join(held)))
        if h.ropes:
            parts.append(fill(words["ropes"], n=len(h.ropes)))
        return "".join(f"; {p}" for p in parts)

    def end_words(self, s: S, lang: str) -> str:
        """DQ-19 at the end: how each hero came out and what wins (D21), as ``returns``
        counts it, so the result line's scores have a reason beside them."""
        words = ui(lang)["view"]
        heroes = []
        for k, h in enumerate(s.heroes):
            name = self.hero_name(s, k, lang)
            if h.status == "escaped":
                heroes.append(words["end_escaped"].format(hero=name, gp=h.gp))
            else:
                cause = self.name_of(h.cause, lang) if h.cause else words["dead"]
                heroes.append(words["end_dead"].format(hero=name, cause=cause))
        if len(s.heroes) > 1:
            rule = words["end_multi"]
        elif s.opts.solo_target:
            rule = words["end_solo_target"].format(target=s.opts.solo_target)
        else:
            rule = words["end_solo"]
        return words["end"].format(heroes="; ".join(heroes), rule=rule)

    def at_hand(self, s: S, lang: str) -> list[str]:
        """What the decision at hand is about, which the log alone does not keep in
        view: the card whose "you may" is asked, the monster being faced. Public all:
        the monster's secret counter is never shown."""
        words = ui(lang)["view"]
        lines: list[str] = []
        top = s.stack[-1] if s.stack else ()
        if top[:1] == ("opt",):
            _, k, prog, i = top
            e = self.progs[prog][i].model_copy(update={"optional": False})
            offer = render_effect(e, lang, self.c)
            offer = offer[:1].upper() + offer[1:]
            fx = next((f for f in reversed(s.stack) if f[0] == "fx" and f[2] == prog), None)
            if fx is not None and (fx[4], fx[5]) in self.cards:
                card = self.cards[fx[4], fx[5]]
                head = words["offer_card"].format(
                    hero=self.hero_name(s, k, lang),
                    card=card.name.it if lang == "it" else card.name.en,
                    deck=self.name_of(fx[4], lang),
                    offer=offer,
                )
            else:
                head = words["offer"].format(hero=self.hero_name(s, k, lang), offer=offer)
            lines += fit(head + "?", 4)
        elif top[:1] == ("secret",) and ("search", "secret_door") in self.cards:
            card = self.cards["search", "secret_door"]
            offer = MSG.t(lang, "fx.optional", rest=MSG.t(lang, "fx.secret_door"))
            head = words["offer_card"].format(
                hero=self.hero_name(s, top[1], lang),
                card=card.name.it if lang == "it" else card.name.en,
                deck=self.name_of("search", lang),
                offer=offer[:1].upper() + offer[1:],
            )
            lines += fit(head + "?", 4)
        elif top[:1] == ("cross",) and top[4]:
            bar = "door" if top[4][0] == "D" else "portcullis"
            side = ui(lang)["side"][SIDE[top[2]]]
            lines += fit(words[bar].format(side=side, hero=self.hero_name(s, top[1], lang)), 4)
        elif top[:1] == ("warn",):
            lines += fit(words["warn"].format(hero=self.hero_name(s, top[1], lang)), 4)
        elif top[:1] == ("extra",):
            left = EXTRA_CAP - s.moves  # the ruling: at most EXTRA_CAP extra moves a turn
            extra = fill(words["extra"], hero=self.hero_name(s, top[1], lang), left=left)
            lines += fit(extra, 4)
        elif top[:1] == ("out",):
            lines += fit(words["driven"].format(hero=self.hero_name(s, top[1], lang)), 4)
        elif top[:1] == ("pickring",) and self.rings_once:
            lines.append(words["rings_once"])
        for f in reversed(s.stack):
            if f[0] == "monster":
                lines += self.monster_lines(s, f, lang)
                break
            if f[0] == "spider":
                spider = self.monster_lines(s, ("spider", f[1], "giant_spider", f[2]), lang)
                # how it fights when its choice is at hand; else (a move on) its name
                lines += spider if f is s.stack[-1] else spider[:1]
                break
        return lines

    def monster_lines(self, s: S, f: tuple[Any, ...], lang: str) -> list[str]:
        """The monster faced: what it is and does, then what its Monster card may say
        (before it is drawn) or the Life Points it has left (after)."""
        words = ui(lang)["view"]
        k, mid, stage = f[1], f[2], f[3]
        head, *rest = render_monster(self.monsters[mid], lang, self.c)
        if stage in ("bow2", "fight"):  # the fight is on: the options are its counters
            head = self.name_of(mid, lang)
            rest = rest[1:] if self.monsters[mid].counters else rest
        elif self.monsters[mid].flee or self.monsters[mid].fight:
            head = self.name_of(mid, lang)  # the spider: its own lines say how it fights
        m, h = self.monsters[mid], s.heroes[k] if 0 <= k < len(s.heroes) else None
        if m.tough and not (h is not None and h.id and self.heroes[h.id].missile):
            tough = MSG.t(lang, "monster.tough", n=m.tough)  # the bow's: no bow, no matter
            rest = [line for line in rest if line != tough]
        lines = fit(words["monster"].format(hero=self.hero_name(s, k, lang), monster=head), 4)
        for line in rest:
            lines += fit(f"  {line}", 4)
        if f[0] != "monster":
            return lines
        lp, wound = f[4], f[5]
        if stage in ("blind", "bow1", "react"):
            cols = []
            for c, column in enumerate(REACT):
                values = [mc.lines[mid][c] for mc in self.mcards.values() if mid in mc.lines]
                parts = []
                if 0 in values:
                    parts.append(MSG.t(lang, f"mcard.{column}.zero"))
                fights = [v for v in values if v]
                if fights:
                    lo, hi = min(fights), max(fights)
                    n = f"{lo}" if lo == hi else f"{lo}-{hi}"
                    parts.append(MSG.t(lang, "mcard.fight", n=n))
                cols.append(words["or"].join(parts))
            odds = dict(zip(REACT, cols, strict=True))
            lines += fit("  " + words["monster_card"].format(**odds), 4)
            if wound:
                lines += fit("  " + words["monster_hit"].format(n=wound), 4)
        elif stage in ("bow2", "fight"):
            lines += fit("  " + words["monster_life"].format(n=max(0, lp)), 4)
        return lines

    def help(self, lang: str = "en", mode: str | None = None) -> str:
        """The rules summary, its choices in the options' own words and the options."""
        lang = "it" if lang == "it" else "en"
        act, react = ui(lang)["action"], ui(lang)["react"]
        words = {
            "move": act["move"].format(side=ui(lang)["side"]["N"]),
            **{k: act[k] for k in ("search", "wait", "potion", "ring", "leave", "stay")},
            "stay_tower": act["stay_tower"],
            "shoot": act["shoot"],
            "attack": react["attack"],
            "wait_see": react["wait"],
            "escape": react["escape"],
            "blow": self.name_of_counter("mighty_blow", lang),
            "slash": self.name_of_counter("slash", lang),
            "leap": self.name_of_counter("leap_aside", lang),
        }
        text = HELP[lang].format(
            rounds=DEFAULT.sun_rounds, options=self.options_text(lang), **words
        )
        return text.replace("[", "\\[")  # shown as console markup, as the view is

    def options_text(self, lang: str) -> str:
        """Every option check_options takes, with its values and default (options.py)."""
        parts = [MSG.t(lang, "help.heroes", known=", ".join(self.heroes))]
        for name, values in SWITCHABLE.items():
            default = str(getattr(DEFAULT, name)).lower()
            parts.append(
                MSG.t(lang, "help.option", name=name, values=" | ".join(values), default=default)
            )
        return "; ".join(parts)
