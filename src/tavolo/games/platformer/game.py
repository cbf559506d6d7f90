"""Platformer as a tavolo game: what players may see, re-sampling the unseen, words, map.

Hidden information (P-5): the face-down tiles and enemy cards of unrevealed levels, the
order of the boss's attack deck, of the item and potion decks and of the solo events.
``observe`` shows their sizes only; ``determinize`` re-deals them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Annotated, Any, ClassVar, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictInt,
    StrictStr,
    ValidationError,
    with_config,
)
from typing_extensions import TypedDict  # pydantic reads typing's only from Python 3.12

from tavolo.engine import RNG, Config, Event, reading_state
from tavolo.engine.content import Reason
from tavolo.engine.errors import ConfigError, ContentError, UnknownName
from tavolo.engine.files import read_data
from tavolo.engine.i18n import SCREEN, fill, fit, option_lines

from . import options
from .effects import SYMBOLS
from .geometry import Geo
from .rules import BOSS_FAINT, ROUND_CAP, THEMES, S, is_solo, spread
from .saved import check_saved
from .state import PlatformerState
from .text import (
    MSG,
    ability_text,
    price_text,
    render_ability,
    render_artifact,
    render_attack_card,
    render_enemy,
    render_event,
    render_priced,
    symbol_name,
)
from .turn import PlatformerTurn

UI = Path(__file__).parent / "ui"
TURN_MOVES = 3  # MOVEs the heuristic expects a turn to bring (validity.py's budget)
MOVES_A_TURN = 2.5  # MOVEs a turn brings on average (dice, STARs, forges, gems)
LEVEL_TURNS = 5  # the heuristic's guess (high) at the turns a face-down level takes
POWER_A_TURN = 1.5  # wounds of boss attack power a turn of gathering adds (gems, cards)
# What the dice in hand add on the hero's own turn counts at this weight, so that a fresh
# roll adds one turn on average (unweighted it added 1.46: 1.17 climbing, 0.29 boss attack,
# over 218 turn starts of 20 greedy solo games): the reach ignores traps, enemies and
# falls, and one die counts both as a MOVE and as a SWORD. Without it a tree search found
# that ending a turn early and rolling again beats using the dice (Step 5, platformer.md).
DICE_WEIGHT = 0.7
MAX_TURNS = 30
_TURNS: dict[tuple[Any, ...], tuple[list[float], list[int]]] = {}


def _landing(g: Geo, low: int, p: int) -> int:
    """Where gravity leaves a hero at ``p`` (platforms, ladders, the lowest row hold it)."""
    while not (g.holds[p] or g.ladder[p] or g.row(p) <= low * 4):
        p -= g.width
    return p


def _reach(
    g: Geo,
    lo: int,
    hi: int,
    p: int,
    moves: int,
    wound: float,
    zoc: Mapping[int, tuple[tuple[int, int], ...]] | None = None,
    entry: Mapping[int, int] | None = None,
) -> dict[int, tuple[float, int]]:
    """Spaces within ``moves`` hero steps (P-7 moves, portals; gravity ignored) of ``p``,
    each with its cost and the wounds taken on the way: traps entered (P-13), with ``zoc``
    (space -> (enemy space, damage) of the enemies next to it) attacks for leaving a space
    next to an enemy (P-11), with ``entry`` other wounds for entering a space (a boss
    token already held, P-29). The cost is the steps plus ``wound`` MOVEs a wound, so
    that a wound the path cannot avoid is counted before it is taken: taking it then
    only realises a cost already counted."""
    best: dict[int, tuple[float, int]] = {p: (0.0, 0)}
    frontier = [p]
    for _ in range(moves):
        nxt = []
        for q in frontier:
            c, k = best[q]
            near = zoc.get(q, ()) if zoc else ()
            for r, portal in (
                *((r, False) for r in g.steps[q]),
                *((r, True) for r in g.portals[q]),
            ):
                if lo <= r < hi:
                    hit = (g.cell[r] == "x") + (entry.get(r, 0) if entry else 0)
                    if near and not portal:
                        hit += sum(d for e, d in near if e != r)
                    v = c + 1 + wound * hit
                    if r not in best or v < best[r][0]:
                        best[r] = (v, k + hit)
                        nxt.append(r)
        frontier = nxt
    return best


def _turns(
    g: Geo, tiles: tuple[Any, ...], low: int, revealed: int, goal: tuple[int, ...], wound: float
) -> tuple[list[float], list[int]]:
    """Per space: the turns a hero resting there needs to reach ``goal`` (its MOVEs,
    in hops of at most TURN_MOVES between resting places, ``wound`` more per trap entered,
    over MOVES_A_TURN), and the plain steps to it (a tie-breaker); cached per revealed
    map and wound cost. Enemies move every turn: only the reach within a turn counts
    their attacks."""
    key = (tiles[:revealed], low, goal, wound)
    got = _TURNS.get(key)
    if got is not None:
        return got
    if len(_TURNS) > 2000:
        _TURNS.clear()
    lo, hi = low * 4 * g.width, revealed * 4 * g.width
    goals = set(goal)
    big = 99
    steps = [big] * len(g.cell)
    frontier = [q for q in goal if lo <= q < hi]
    back: dict[int, list[int]] = {}
    for p in range(lo, hi):
        for q in (*g.steps[p], *g.portals[p]):
            if lo <= q < hi:
                back.setdefault(q, []).append(p)
    for q in frontier:
        steps[q] = 0
    d = 0
    while frontier:
        d += 1
        nxt = []
        for q in frontier:
            for p in back.get(q, ()):
                if steps[p] == big:
                    steps[p] = d
                    nxt.append(p)
        frontier = nxt
    rest = [p for p in range(lo, hi) if _landing(g, low, p) == p]
    hops = {p: _reach(g, lo, hi, p, TURN_MOVES, wound) for p in rest}
    # MOVEs needed, resting (landing) after every hop of at most TURN_MOVES: finer than
    # whole turns, so a nearer resting place is worth reaching even within the same turn
    cost = [big * MOVES_A_TURN] * len(g.cell)
    for p in rest:
        for q, (hop, _) in hops[p].items():
            if q in goals and hop < cost[p]:
                cost[p] = hop
    changed = True
    while changed:
        changed = False
        for p in rest:
            best = cost[p]
            for q, (hop, _) in hops[p].items():
                v = cost[_landing(g, low, q)] + hop
                if v < best:
                    best = v
            if best < cost[p]:
                cost[p], changed = best, True
    turns = [c / MOVES_A_TURN for c in cost]
    for p in goal:
        if lo <= p < hi:
            turns[p] = 0
    _TURNS[key] = (turns, steps)
    return turns, steps


# The rules summary; {quoted} words are the options' own (filled from ui/, so that the
# help says what the prompt lists), {options} the game's options with their values.
HELP = {
    "en": """Platformer: climb the tower of three levels, reach the boss level and defeat the boss
in one attack action. Each turn: (solo: reveal an event) remove the lowest level if you are
2 levels above it, restore, roll 5 action dice and the enemy die, enemies act; then your
actions, one symbol at a time; end, place the special die, gravity, boss turn.
Symbols: {symbols}. Reaching the top row of the highest revealed level reveals the
next; a trap space costs 1 wound; a coin or gem is taken by entering its space; buy on a
shop space (S). Fainting (no hearts left) puts you off the map with full hearts.

Your choices, in the words of the options (type an option's number, or words from it):
off the map, "{form}" then "{at}"; "{use}" (or another symbol), then step by step:
"{x}" (gems boost a symbol x k for k(k-1)/2 gems), "{to}", "{strike}", "{stop}";
"{forge}" then "{as_}"; "{buy}", "{item}", "{potion}"; "{end}", then "{set_}" or
"{skip}". Beside the boss, "{all_}" makes the whole attack at once when it defeats the
boss. On a ladder, "{drop}". A space (x,y) is column x and row y, numbered around the
board.

Options (-o KEY=VALUE): {options}. Modes: standard (2-4 players), solo (1 player);
+artifacts and +extended ride on a mode (-m standard+artifacts, or -o artifacts=true).

Variants: +artifacts: 2 artifacts between the players, taken by whoever meets their
condition; +extended: 4 levels, tier III on the top two, boss health 10; solo keeps the
standard map.

Decisions tavolo takes: standard is 2-4 players, solo 1; a game with no winner after
{cap} rounds ends in a loss for all; a hero leaving a space next to an enemy is attacked
by it; reactive shields and abilities apply by themselves, reactive potions only to
prevent fainting; optional +1 push/move passives always apply; falling heroes take the
coin or gem where they land; extra wounds last until the end of the turn; the special
die is set only while blank; the boss needs its whole health in one attack action.""",
    "it": """Platformer: scala la torre di tre livelli, raggiungi il livello del boss e sconfiggilo
con un'unica azione di attacco. Ogni turno: (solo: rivela un evento) rimuovi il livello
più basso se sei 2 livelli sopra, ripristina, tira 5 dadi azione e il dado nemico, i
nemici agiscono; poi agisci un simbolo alla volta; termina, posiziona il dado speciale,
gravità, turno del boss.
Simboli: {symbols}. Raggiungere la riga più alta del livello rivelato più in alto rivela
il successivo; uno spazio trappola costa 1 ferita; monete e gemme si prendono entrando
nel loro spazio; si compra su uno spazio negozio (S). Chi sviene (senza cuori) esce dalla
mappa con tutti i cuori.

Le tue scelte, con le parole delle opzioni (scrivi il numero di un'opzione, o parole
che contiene): fuori mappa, "{form}" e poi "{at}"; "{use}" (o un altro simbolo), poi
passo per passo: "{x}" (le gemme potenziano un simbolo x k per k(k-1)/2 gemme),
"{to}", "{strike}", "{stop}"; "{forge}" e poi "{as_}"; "{buy}", "{item}", "{potion}";
"{end}", poi "{set_}" o "{skip}". Accanto al boss, "{all_}" fa tutto l'attacco in una
volta quando lo sconfigge. Su una scala, "{drop}". Uno spazio (x,y) è la colonna x e
la riga y, numerate attorno al tabellone.

Opzioni (-o CHIAVE=VALORE): {options}. Modalità: standard (2-4 giocatori), solo (1
giocatore); +artifacts e +extended si aggiungono a una modalità (-m standard+artifacts,
o -o artifacts=true).

Varianti: +artifacts: 2 artefatti tra i giocatori, li prende chi ne soddisfa la
condizione; +extended: 4 livelli, nemici di livello III sui due più alti, boss con
vita 10; il solo usa la mappa normale.

Decisioni di tavolo: standard per 2-4 giocatori, solo per 1; senza vincitore dopo {cap}
round la partita è persa da tutti; un eroe che lascia uno spazio adiacente a un nemico
viene attaccato; scudi e abilità reattive si applicano da soli, le pozioni reattive solo
per evitare di svenire; i passivi opzionali +1 spinta/movimento si applicano sempre; chi
cade prende la moneta o gemma dove atterra; le ferite extra durano fino a fine turno; il
dado speciale si imposta solo se vuoto; il boss va sconfitto con un solo attacco.""",
}


@cache
def ui(lang: str) -> dict[str, Any]:
    """The interface words of ``lang`` as sections (``action``, ``event``, ``view``)."""
    data = read_data(UI / f"{'it' if lang == 'it' else 'en'}.yaml", ContentError)
    assert isinstance(data, dict)
    out: dict[str, Any] = {}
    for key, text in data.items():
        section, _, name = str(key).partition(".")
        out.setdefault(section, {})[name] = text
    return out


def sym_word(x: str, lang: str) -> str:
    """A die face or symbol in the reader's language (SWORD / SPADA), lower case once
    it is spent, as the dice line shows it; anything else as it is."""
    key = x.upper()
    if not MSG.has(f"sym.{key}"):
        return x
    word = symbol_name(key, lang)
    return word if x == key else word.lower()


# ------------------------------------------------------------------- positions --
PURSE_CAP = 99  # coins or gems a position may give: spread() and max_boost() loop on gems
Symbol = Literal["MOVE", "SWORD", "COIN", "PUSH", "STAR"]
Face = Literal["MOVE", "SWORD", "COIN", "PUSH", "STAR", "move", "sword", "coin", "push", "star"]
Cell = Annotated[list[StrictInt], Field(min_length=2, max_length=2)]  # [x, y]
LOOT_KEY = re.compile(r"\s*(-?\d+)\s*,\s*(-?\d+)\s*")


@with_config(ConfigDict(extra="forbid"))
class HeroAt(TypedDict, total=False):
    """One hero of a position, as a scenario file writes it: only the keys written
    change the hero dealt; ``at: null`` is off the map."""

    id: StrictStr
    at: Cell | None
    hearts: Annotated[StrictInt, Field(ge=1)]  # a hero on 0 hearts has fainted (P-20)
    coins: Annotated[StrictInt, Field(ge=0, le=PURSE_CAP)]
    gems: Annotated[StrictInt, Field(ge=0, le=PURSE_CAP)]
    special: Literal["", "MOVE", "SWORD", "COIN", "PUSH", "STAR"]  # "" is blank (P-3)
    items: list[StrictStr]
    potions: list[StrictStr]
    tokens: list[StrictStr]


class Position(BaseModel):
    """A scenario file's ``position``, checked for types and shapes before a state is
    built from it, so that a wrong value is one line and never a crash during play.
    Spaces are ``[x, y]`` from the bottom left, from 0; loot keys ``"x,y"``."""

    model_config = ConfigDict(extra="forbid")
    seed: StrictInt = 0
    revealed: StrictInt = Field(1, ge=1)
    heroes: list[HeroAt] = Field(default_factory=list)
    enemies: list[tuple[StrictStr, StrictInt, StrictInt]] = Field(default_factory=list)
    loot: dict[StrictStr, Literal["coin", "gem"]] = Field(default_factory=dict)
    dice: list[Face] = Field(default_factory=list)  # lower case: used (P-6)
    extra: list[Symbol] = Field(default_factory=list)
    enemy_die: Literal["ATTACK", "LEFT", "RIGHT"] = "ATTACK"
    active: StrictInt = Field(0, ge=0)


def refused(key: str, /, **params: Any) -> ConfigError:
    """A position the rules cannot hold, told from the catalog (``position.*``)."""
    return ConfigError.said(MSG, key, **params)


class UnknownMode(UnknownName):
    """An unknown mode (an UnknownName, as every game's), told with the variants that
    ride on a mode, since ``artifacts`` alone is the usual slip."""

    def told(self, lang: str) -> str:
        metas = "/".join(f"+{m}" for m in self.of["metas"])
        return MSG.t(lang, "error.mode", mode=self.name, known=", ".join(self.known), metas=metas)


Para = tuple[str, int]  # a paragraph of the view and the indent of its later lines
GAP = 2  # columns between the board and the text beside it


def beside(board: Sequence[str], paras: Sequence[Para]) -> list[str]:
    """The board's lines with the paragraphs beside them, each folded to the columns the
    board leaves (a line as wide as the board's widest grid line plus GAP), then going on
    below it at the screen's width (a paragraph the board's end cuts goes on there folded
    anew); a board line too wide to have text beside it (two levels removed) stands
    alone."""
    at = max((len(x) for x in board if x.lstrip()[:1] in "0123456789"), default=0) + GAP
    out: list[str] = []
    i = 0
    for text, indent in paras:
        rows = fit(text, indent, SCREEN - at) if i < len(board) else fit(text, indent)
        for k, row in enumerate(rows):
            while i < len(board) and len(board[i]) > at - GAP:
                out.append(board[i])
                i += 1
            if i == len(board):  # below the board: the rest of the paragraph, refolded
                out += fit(" ".join([row, *(r[indent:] for r in rows[k + 1 :])]), indent)
                break
            out.append(board[i].ljust(at) + row)
            i += 1
    return out + list(board[i:])


ROWS = 40  # rows a terminal has at least: a person's screen at a choice fits in them
CHROME = 3  # the screen's rows that are neither the board's nor the options': rule,
# the options' heading and the prompt
FULL, SEAT, BUY, USE, ARTIFACTS, LEGEND = range(6)
"""What a view folds: nothing, with the texts of the cards each hero holds (``cards``
at the prompt, Game.details); at a seat, the other heroes' cards (to their counts) and
the shop's texts (to names and prices); then, where the screen of the seat's choice has
no room, each fold with those before: the buy options' texts (to the card's price), the
options to use a card (to its name), the artifacts (to their names and holders on one
line) and the legend (to its letters)."""
FOLDS = (SEAT, BUY, USE, ARTIFACTS, LEGEND)
CARD_VERBS = frozenset({"buy", "item", "potion", "artifact"})  # options a fold shortens

SMALL_BUDGET = 100  # MCTS iterations under which values back up as the best (mix=1)
# An MCTS spec's settings after ``mcts:``: a budget (iterations, or a time in ms or s)
# and ``key=value`` tunings (the agents check the values)
_MCTS_SPEC = re.compile(r"(?:\d+|\d+(?:\.\d+)?m?s)(?:,[a-z]+=[^,]*)*")


class PlatformerGame(PlatformerTurn):
    # The balance study's agent (docs/platformer.md, step 10e): a climb is a chain of
    # choices whose worth shows only at its end, which random rollouts and the default
    # exploration miss; normalised values, since the heuristic's differ by hundredths.
    tuned_agents: ClassVar[Mapping[str, str]] = {"mcts": "mcts:100,depth=0,c=0.3,norm=1"}
    # The AI to play against (``tavolo games`` names it): 30 iterations with the tuning
    # and mix=1 (agent_spec) won 90 of 100 two-player games, quicker than the bare mcts's
    # 100 (docs/platformer.md, "Small budgets")
    pick_agent: ClassVar[str] = "mcts:30"
    # the last screen's state (as it saves) and what was worked out for it
    _memo: tuple[str, dict[tuple[Any, ...], Any]] | None = None

    def agent_spec(self, spec: str, mode: str) -> str:
        """MCTS with a budget of its own plays with the game's tuning too: ``mcts:30`` as
        ``mcts:30,depth=0,c=0.3,norm=1,mix=1``, a setting the spec gives keeping its value
        (``mcts:30,c=1`` as ``mcts:30,c=1,depth=0,norm=1,mix=1``). Under SMALL_BUDGET
        iterations a node also scores the best value backed up through it (``mix=1``):
        with a mean, 30 visits spread over a turn's many poor follow-ups and the agent
        lost to the one-step greedy player (docs/platformer.md, "Small budgets"); the
        study's budget (100 and up, or a time) keeps the study's mean. With the agents'
        defaults (random rollouts, c = 0.7, plain values) two ``mcts:30`` reached the
        round cap in every game. A spec that is not well formed stays as written, for the
        agents to refuse in the user's own words."""
        tuned = super().agent_spec(spec, mode)
        name, _, params = tuned.strip().partition(":")
        if name != "mcts" or tuned != spec or not _MCTS_SPEC.fullmatch(params):
            return tuned
        budget, *settings = params.split(",")
        given = {item.partition("=")[0] for item in settings}
        own = self.tuned_agents["mcts"].split(",")[1:]
        if budget.isdigit() and int(budget) < SMALL_BUDGET:
            own.append("mix=1")
        return ",".join([spec.strip(), *(x for x in own if x.partition("=")[0] not in given)])

    # ------------------------------------------------------------------ plain data --
    def to_json(self, state: PlatformerState) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: Mapping[str, Any]) -> PlatformerState:
        with reading_state(self.name):
            return check_saved(self, data)  # (the state it checks the position of)

    def returns(self, s: S) -> tuple[float, ...]:
        return tuple(1.0 if k == s.winner else 0.0 for k in range(len(s.heroes)))

    # ------------------------------------------------------------------ information --
    def observe(self, s: S, player: int | None) -> dict[str, Any]:
        self.check_seat(s, player)
        levels = []
        for lv, tiles in enumerate(s.tiles):
            if lv < s.low:
                levels.append({"removed": True})
            elif lv < s.revealed:
                info: dict[str, Any] = {"tiles": list(tiles)}
                if lv < len(s.level_enemy):
                    info["enemy"] = s.level_enemy[lv]
                levels.append(info)
            else:
                levels.append({"face_down": True})
        out: dict[str, Any] = {
            "game": self.name,
            "you": player,
            "mode": s.mode,
            "theme": s.theme,
            "boss": s.boss,
            "levels": levels,
            "enemies": [list(e) for e in s.enemies],
            "loot": {str(p): x for p, x in sorted(s.loot.items())},
            "boss_tokens": {str(p): x for p, x in sorted(s.btokens.items())},
            "heroes": [h.to_json() for h in s.heroes],
            "active": s.active,
            "round": s.round,
            "phase": s.phase,
            "dice": s.dice[:],
            "extra": s.extra[:],
            "enemy_die": s.enemy_face,
            "bonus": s.bonus,
            "stack": [list(f) for f in s.stack],
            "shop": s.shop_items + s.shop_potions,
            "decks": {
                "items": len(s.item_deck),
                "potions": len(s.potion_deck),
                "attack": len(s.attack_deck),
                "events": len(s.events),
            },
            "attack_discard": s.attack_discard[:],
            "event": s.event,
            "artifacts": dict(s.artifacts),
        }
        if s.phase == "over":
            out["winner"], out["reason"], out["score"] = s.winner, s.reason, s.score
        return out

    def secrets(self, s: S, player: int) -> Iterable[str]:
        hidden = {t for lv in s.tiles[s.revealed :] for t in lv}
        hidden |= set(s.level_enemy[s.revealed :])
        hidden |= set(s.attack_deck) | set(s.events)
        hidden |= set(s.item_deck) | set(s.potion_deck)
        seen = {t for lv in s.tiles[: s.revealed] for t in lv}
        seen |= set(s.level_enemy[: s.revealed]) | {e for e, _ in s.enemies}
        seen |= set(s.attack_discard) | set(s.shop_items) | set(s.shop_potions)
        for h in s.heroes:
            seen |= set(h.items) | set(h.potions)
        return hidden - seen

    def _determinize(self, s: S, player: int, rng: RNG) -> PlatformerState:
        """Re-deal the unrevealed tiles and enemy cards, and reshuffle every deck."""
        d = s.clone()
        c = self.content
        nb = len(s.tiles) - 1
        hidden_normal = [t for lv in s.tiles[s.revealed : nb] for t in lv]
        pool = hidden_normal + d.unused_tiles
        rng.shuffle(pool)
        tiles = [tuple(lv) for lv in s.tiles]
        k = 0
        for lv in range(s.revealed, nb):
            tiles[lv] = (pool[k], pool[k + 1])
            k += 2
        d.unused_tiles = pool[k:]
        if s.revealed <= nb:
            top = list(tiles[nb])
            rng.shuffle(top)
            tiles[nb] = tuple(top)
        d.tiles = tuple(tiles)
        for lv in range(s.revealed, len(d.level_enemy)):
            tier = self.enemy_cards[s.level_enemy[lv]].tier or 1
            d.level_enemy[lv] = rng.choice([e.id for e in c.tier(tier)])
        for deck in (d.attack_deck, d.item_deck, d.potion_deck, d.events):
            rng.shuffle(deck)
        return d

    def heuristic(self, s: S, player: int) -> float:
        """Progress up the tower, then wealth (gems count most: they make the one big
        attack on the boss), then hearts. Progress is the turns still needed to reach the
        goal (the top row of the highest revealed level, which reveals the next; on the
        boss level, a space next to the boss), counting TURN_MOVES MOVEs a turn, the best
        place the MOVEs still in hand this turn reach (unused they are lost: ending the
        turn early costs), LEVEL_TURNS per level still face down, and the hero's turns
        already over (time spent)."""
        if s.phase == "over":
            return 1.0 if s.winner == player else 0.0
        h = s.heroes[player]
        ahead, here = self.turns_to_go(s, player)
        power = self.attack_power(s, player)
        health = self.boss_health(s)
        togo = ahead + max(0, health - power) / POWER_A_TURN
        mine = s.active == player and s.phase == "act"
        if mine and h.pos >= 0:  # this turn's symbols (and an attack being built) count,
            # at DICE_WEIGHT: what they promise is less sure than where the hero stands
            now = self.turn_power(s, player) + self.extra_on_strike(s, player) + s.bonus
            if self.targets(s, self.geo(s), player):  # with no one to strike it is lost
                now += self.building(s)
            # a hero in mid-air is on its way: where the MOVEs left take it is where it
            # stands (valued by its landing, each step of a climb through the air looked
            # like a fall, and the search put off the climb; platformer.md, Step 7)
            if _landing(self.geo(s), s.low, h.pos) != h.pos:
                stands = ahead
            else:
                stands = self.turns_to_go(s, player, with_dice=False)[0]
            bare = stands + max(0, health - power) / POWER_A_TURN
            hoped = ahead + max(0, health - max(power, now)) / POWER_A_TURN
            togo = bare - DICE_WEIGHT * (bare - hoped)
            power = max(power, now)
        togo += self.turns_done(s, player)
        progress = 1.0 - min(1.0, togo / MAX_TURNS)
        cards = sum(self.items[x].price for x in h.items) + sum(
            self.potions[x].price for x in h.potions
        )
        coins = h.coins + (mine and s.stack[-1:] == [("gems", "COIN")])  # one on its way
        worth = 1.5 * h.gems + (coins + cards) / 3 + 0.5 * (len(h.items) + len(h.potions))
        wealth = min(1.0, worth / 20)
        hearts = h.hearts / self.max_hearts(s, player)
        care, riches = self.weights(s)
        value = 0.1 + 0.6 * progress + riches * wealth + care * hearts
        # tie-breakers: a step nearer the goal beats one that is not; a symbol spent
        # for nothing (a forge in a circle) costs
        value += 0.001 * self.moves_in_hand(s, player) - 0.0015 * min(here, 40)
        if s.revealed == len(s.tiles):  # the boss is out: what one attack could deal
            there = h.pos >= 0 and self.geo(s).level(h.pos) == self.boss_level(s)
            boss_weight = 0.2 if there else 0.1
            value += boss_weight * min(1.0, power / self.boss_health(s))
        if mine and h.pos >= 0 and any(f[0] == "attack" for f in s.stack):
            value += self.attack_value(s, player)
        return max(0.0, min(0.99, value / 1.5))  # below a win (1.0) however good

    def attack_value(self, s: S, i: int) -> float:
        """An attack being built (P-18): worth what it can still reach against the
        toughest adjacent target it can defeat this turn; a doomed attack costs."""
        g = self.geo(s)
        p = s.heroes[i].pos
        have = self.building(s) + s.bonus + self.extra_on_strike(s, i)
        reach = have + self.turn_power(s, i)
        best = 0
        for k, q in s.enemies:
            if q in g.adj[p] and self.same_zone(s, g, p, q):
                need = self.boss_health(s) if k == s.boss else self.enemy_cards[k].health
                if need <= reach:
                    best = max(best, need)
        if not best:
            return -0.05
        return 0.1 * best / self.boss_health(s) + 0.15 * min(1.0, have / best)

    @staticmethod
    def building(s: S) -> int:
        """The wounds of the attack being built, if any (its frame may lie under others)."""
        return next((f[1] for f in s.stack if f[0] == "attack"), 0)

    def extra_on_strike(self, s: S, i: int) -> int:
        """Wounds the strike itself adds (boss tokens such as the Mirror, attack passives)."""
        h = s.heroes[i]
        extra = 0
        for x in h.tokens:
            a = self.tokens[x][1].ability
            if a.kind == "one_shot" and a.trigger == "attack":
                extra += sum(e.extra_wounds or 0 for e in a.do)
        return extra

    def turn_power(self, s: S, i: int) -> int:
        """More wounds this turn's unused symbols could add to an attack: SWORDs (and
        STARs that may be one), the special die, pairs forged into SWORDs, boosted by the
        gems held, plus extra-wound cards ready to use."""
        h = s.heroes[i]
        star = "SWORD" in self.heroes[h.id].star
        pool = self.pool(s)
        top = s.stack[-1] if s.stack else ()
        if top and top[0] == "forge" and top[2] == "pool":  # the pair is spent already
            pool[top[1]] -= 2
        n = pool.get("SWORD", 0) + (pool.get("STAR", 0) if star else 0)
        if top and ((top[0] == "gems" and top[1] == "SWORD") or top[0] in ("star", "any", "forge")):
            n += 1  # a symbol on its way (it may still become a SWORD)
        attacking = (top and top[0] == "gems" and top[1] == "SWORD") or self.building(s)
        if not attacking:  # pairs forge into SWORDs before an attack, not during one
            n += sum(c // 2 for x, c in pool.items() if x != "SWORD" and not (star and x == "STAR"))
        n += self.sword_special(h)
        return self.boosted(n, h.gems) + self.card_wounds(s, i)

    @staticmethod
    def boosted(n: int, gems: int) -> int:
        """Wounds of ``n`` symbols with ``gems`` spread to raise the lowest multiplier."""
        return sum(spread(n, gems))

    def card_wounds(self, s: S, i: int) -> int:
        """Extra wounds of the potions and ready items held."""
        h = s.heroes[i]
        extra = 0
        for x in h.potions:
            extra += sum(e.extra_wounds or 0 for e in self.potions[x].ability.do)
        for x in h.items:
            if x not in h.exhausted:
                extra += sum(e.extra_wounds or 0 for e in self.items[x].ability.do)
        return extra

    def attack_power(self, s: S, i: int) -> int:
        """Wounds one attack could deal with two SWORDs, the gems on them and the extra
        wounds of the cards and boss tokens held (a rough measure, for the heuristic)."""
        h = s.heroes[i]
        extra = s.bonus + self.card_wounds(s, i)
        for x in h.tokens:
            extra += sum(e.extra_wounds or 0 for e in self.tokens[x][1].ability.do)
        return self.boosted(2 + self.sword_special(h), h.gems) + extra

    def turns_done(self, s: S, i: int) -> int:
        """The turns hero ``i`` has started, the current one included: time spent is
        progress lost, and a turn is spent once begun (its dice count as progress instead),
        so that ending a turn costs only the dice left unused."""
        n = len(s.heroes)
        return s.round - 1 + ((i - s.first) % n <= (s.active - s.first) % n)

    def moves_in_hand(self, s: S, i: int) -> int:
        """The MOVEs hero ``i`` can still make this turn (its own actions only)."""
        if s.active != i or s.phase != "act":
            return 0
        h = s.heroes[i]
        star = "MOVE" in self.heroes[h.id].star
        n = 0
        for f in s.stack:
            if f[0] == "move":
                n += f[1]
            elif (f[0] == "gems" and f[1] == "MOVE") or (f[0] == "star" and star):
                n += 1  # a MOVE (or a STAR that may be one) being used
        pool = self.pool(s)
        top = s.stack[-1] if s.stack else ()
        if top and top[0] == "forge" and top[2] == "pool":  # the pair is spent already
            pool[top[1]] -= 2
        n += pool.get("MOVE", 0) + (pool.get("STAR", 0) if star else 0)
        n += sum(c // 2 for x, c in pool.items() if x != "MOVE" and not (star and x == "STAR"))
        if h.special == "MOVE" or (star and h.special == "STAR"):
            n += 1
        return min(n, 8)

    def turns_to_go(self, s: S, i: int, with_dice: bool = True) -> tuple[float, int]:
        """The turns still needed to reach the goal (from the best place the MOVEs in hand
        reach, or without them from where the hero stands), and the plain steps from
        where the hero stands (a tie-breaker inside a turn)."""
        g = self.geo(s)
        bl = self.boss_level(s)
        levels_left = max(0, bl - s.revealed + 1)
        if s.revealed > bl:
            bp = self.boss_pos(s)
            goal = tuple(q for q in g.adj[bp] if self.in_play(s, g, q)) if bp >= 0 else ()
        else:
            top = (s.revealed - 1) * 4 + 3
            goal = tuple(range(top * g.width, (top + 1) * g.width))
        wound = self.wound_moves(s, i)
        turns, steps = _turns(g, s.tiles, s.low, s.revealed, goal, wound)
        lo, hi = s.low * 4 * g.width, s.revealed * 4 * g.width
        p = s.heroes[i].pos
        if p < 0:  # Forms on the lowest row, or on a boss-level shop after fainting there
            forms: Iterable[int] = g.bottom_row(s.low)
            if p == BOSS_FAINT:
                forms = [q for q in g.level_cells(bl) if g.cell[q] == "S"]
            best = min((turns[q] + 0.05 * steps[q] for q in forms), default=99)
            forming = 0 if s.active == i and s.phase == "act" else 1  # this turn is counted
            return forming + best + LEVEL_TURNS * levels_left, 40
        m = self.moves_in_hand(s, i) if with_dice else 0
        best = 99.0
        zoc: dict[int, tuple[tuple[int, int], ...]] = {}
        for kind, e in s.enemies:
            for q in g.adj[e]:
                zoc[q] = (*zoc.get(q, ()), (e, self.damage(s, kind)))
        held = s.heroes[i].tokens
        entry = {q: 1 for q, x in s.btokens.items() if x in held}
        for q, (_, hurt) in _reach(g, lo, hi, p, m, wound, zoc, entry).items():  # MOVEs in hand
            wounds = hurt * wound / MOVES_A_TURN  # the traps and attacks on the way, in turns
            if turns[q] == 0:  # the goal is in reach this turn (0 turns, but the traps)
                best = min(best, wounds)
                continue
            r = _landing(g, s.low, q)
            best = min(best, turns[r] + 0.05 * steps[r] + wounds)
        return max(0.0, best) + LEVEL_TURNS * levels_left, steps[p]

    @staticmethod
    def weights(s: S) -> tuple[float, float]:
        """The heuristic's weights of hearts and of wealth: in solo the 12 events are the
        clock and fainting loses (P-33), so a heart weighs more against wealth."""
        return (0.1, 0.05) if is_solo(s) else (0.05, 0.15)

    def wound_moves(self, s: S, i: int) -> float:
        """What a wound (trap, attack) costs hero ``i``, in MOVEs: the heuristic's weight of one
        heart over its weight of one turn, times the MOVEs of a turn (solo values hearts
        more: fainting loses the game)."""
        heart = self.weights(s)[0] / self.max_hearts(s, i)
        return round(heart / (0.6 / MAX_TURNS) * MOVES_A_TURN, 1)

    def metrics(self, s: S) -> dict[str, float]:
        """Per game; ``rounds`` are those played: the round cap ends the game once the
        counter has passed the last round, which was never begun."""
        played = s.round - 1 if s.reason == "round cap" else s.round
        return {
            "rounds": float(played),
            "turns": float(s.turns),
            "boss_defeated": float(s.winner >= 0),
            "levels_revealed": float(s.revealed),
            "score": float(s.score),
            **{f"plays {h}": float(any(o.id == h for o in s.heroes)) for h in sorted(self.heroes)},
            **{
                f"wins {h}": float(s.winner >= 0 and s.heroes[s.winner].id == h)
                for h in sorted(self.heroes)
            },
        }

    def describe_metric(self, name: str, lang: str = "en") -> str:
        """A metric in words; a hero's id (``plays X``, ``wins X``) is the hero's name."""
        if name in self.heroes:
            return self.card_name(name, lang)
        key = f"metric.{name}"
        return MSG.t(lang, key) if MSG.has(key) else name

    # ----------------------------------------------------------------- positions --
    def from_position(self, config: Config, position: Mapping[str, Any], rng: RNG) -> S:
        """A new game (seed ``position.seed``) with fields overridden: heroes (id, at
        [x, y], hearts, coins, gems, special, items, potions, tokens), dice, extra,
        enemy_die, enemies ([id, x, y]), loot ({"x,y": coin|gem}), revealed, active.
        A position the rules could not play is refused with one line (ConfigError)."""
        if not isinstance(position, Mapping):
            raise refused("position.mapping")
        try:
            p = Position.model_validate(dict(position))
        except ValidationError as e:
            raise refused("position.invalid", reason=Reason(e)) from None
        s = self.new(config, p.seed)
        s.rng = rng
        g = self.geo(s)
        if p.revealed > len(s.tiles):
            raise refused("position.revealed", n=len(s.tiles), value=p.revealed)
        while s.revealed < p.revealed:
            self.reveal(s, [])
        if len(p.heroes) > len(s.heroes):
            raise refused("position.heroes", n=len(s.heroes), count=len(p.heroes))
        if p.active >= len(s.heroes):
            raise refused("position.active", last=len(s.heroes) - 1, value=p.active)
        for k, hd in enumerate(p.heroes):
            self._place_hero(s, g, k, hd)
        if "enemies" in p.model_fields_set:
            s.enemies = [
                (kind, self._space(s, g, f"enemies.{k}", x, y))
                for k, (kind, x, y) in enumerate(p.enemies)
            ]
            self._check_enemies(s, g)
        if "loot" in p.model_fields_set:
            s.loot = {}
            for key, what in p.loot.items():
                m = LOOT_KEY.fullmatch(key)
                if m is None:
                    raise refused("position.loot_key", key=key)
                x, y = int(m[1]), int(m[2])
                s.loot[self._space(s, g, f"loot.{key}", x, y)] = what
        self._check_figures(s, g)
        if "dice" in p.model_fields_set:
            s.dice = list(p.dice)
        if "extra" in p.model_fields_set:
            s.extra = list(p.extra)
        if "enemy_die" in p.model_fields_set:
            s.enemy_face = p.enemy_die
        if "active" in p.model_fields_set:
            s.active = p.active
        s.stack, s.phase, s._dec = [], "act", None
        return s

    def _space(self, s: S, g: Geo, field: str, x: int, y: int) -> int:
        """The space ``[x, y]``, if it lies on a revealed level still in play: figures
        and loot elsewhere would be off the board the rules walk."""
        if not (0 <= x < g.width and s.low * 4 <= y < s.revealed * 4):
            raise refused(
                "position.space",
                field=field,
                x=x,
                y=y,
                xmax=g.width - 1,
                ymin=s.low * 4,
                ymax=s.revealed * 4 - 1,
            )
        return g.pos(x, y)

    def _place_hero(self, s: S, g: Geo, k: int, hd: HeroAt) -> None:
        """Hero ``k`` as the position writes it: known cards, each held once, and no
        more hearts than the hero (with its items and tokens) can have."""
        h = s.heroes[k]
        where = f"heroes.{k}"
        given: Mapping[str, Any] = hd  # the keys written, by name
        if "id" in hd:
            if hd["id"] not in self.heroes:
                known = ", ".join(sorted(self.heroes))
                raise refused("position.hero", field=f"{where}.id", name=hd["id"], known=known)
            h.id = hd["id"]
            h.hearts = self.heroes[h.id].health
        if "at" in hd:
            at = hd["at"]
            h.pos = -1 if at is None else self._space(s, g, f"{where}.at", at[0], at[1])
        for f, table, key in (
            ("items", self.items, "position.item"),
            ("potions", self.potions, "position.potion"),
            ("tokens", self.tokens, "position.token"),
        ):
            cards: list[str] = given.get(f, getattr(h, f))
            for j, x in enumerate(cards):
                if x not in table:
                    known = ", ".join(sorted(table))
                    raise refused(key, field=f"{where}.{f}.{j}", name=x, known=known)
                if x in cards[:j]:
                    raise refused("position.twice", field=f"{where}.{f}.{j}", name=x)
            setattr(h, f, list(cards))
        for f in ("coins", "gems", "special"):
            if f in hd:
                setattr(h, f, given[f])
        if "hearts" in hd:
            top = self.max_hearts(s, k)
            if hd["hearts"] > top:
                raise refused(
                    "position.hearts",
                    field=f"{where}.hearts",
                    hero=h.id,
                    max=top,
                    value=hd["hearts"],
                )
            h.hearts = hd["hearts"]
        for f in ("items", "potions"):  # one card of each in the game
            for j, x in enumerate(getattr(h, f)):
                if any(x in getattr(o, f) for o in s.heroes[:k]):
                    raise refused("position.twice", field=f"{where}.{f}.{j}", name=x)

    def _check_enemies(self, s: S, g: Geo) -> None:
        """Known enemy cards only (this game's boss, any other enemy or summon); the
        boss stands once, on the boss level, as its setup places it (P-24)."""
        known = sorted({*self.enemy_cards, s.boss})  # enemy cards and summons, the boss
        bosses = 0
        for k, (kind, q) in enumerate(s.enemies):
            field = f"enemies.{k}"
            if kind not in known:
                raise refused("position.enemy", field=field, name=kind, known=", ".join(known))
            if kind == s.boss:
                bosses += 1
                if bosses > 1 or g.level(q) != self.boss_level(s):
                    raise refused("position.boss", field=field, name=kind)

    def _check_figures(self, s: S, g: Geo) -> None:
        """One figure a space (P-7): heroes and enemies, the setup's included."""
        seen: set[int] = set()
        for q in [h.pos for h in s.heroes if h.pos >= 0] + [q for _, q in s.enemies]:
            if q in seen:
                x, y = g.xy(q)
                raise refused("position.taken", x=x, y=y)
            seen.add(q)

    # ----------------------------------------------------------------------- words --
    def pos_name(self, s: S, p: int) -> str:
        g = self.geo(s)
        x, y = g.xy(p)
        return f"({x + 1},{y + 1})"

    def describe_options(
        self, s: S, actions: Sequence[str], lang: str = "en"
    ) -> list[tuple[str, list[tuple[int, str]]]] | None:
        """Options of one kind share a line: "Form at: 1 (1,1) · 2 (3,1)" (options.py)."""
        return options.group(actions, lambda a: self.describe_action(s, a, lang))

    def describe_action(self, s: S, action: str, lang: str = "en") -> str:
        """An option's words; a card's option says what the card does, unless the screen
        of the choice has no room for it (:meth:`folds`: then its name and price)."""
        fold = SEAT
        if action.partition(":")[0] in CARD_VERBS:
            d = self.decision(s)
            if d is not None and action in d.actions:
                fold = self.folds(s, d.player, lang)
        return self.words(s, action, lang, fold)

    def words(self, s: S, action: str, lang: str, fold: int) -> str:
        """An option's words on a screen that folds ``fold`` (SEAT, BUY, USE...)."""
        words = ui(lang)["action"]
        verb, _, arg = action.partition(":")
        kw: dict[str, Any] = {
            "sym": sym_word(arg, lang),
            "card": self.card_name(arg, lang),
            "k": arg,
        }
        if verb in ("to", "portal", "shove", "enemy", "strike", "at", "all") and arg.isdigit():
            kw["pos"] = self.pos_name(s, int(arg))
        if verb == "forge":
            kw.update(a=sym_word(arg, lang))
        if verb == "x":
            kw["cost"] = int(arg) * (int(arg) - 1) // 2
        if verb == "ability":
            kw["hero"] = self.card_name(s.heroes[s.active].id, lang)
        if verb == "stop" and s.stack and s.stack[-1][0] in ("move", "pdest"):
            top = s.stack[-1]  # what stopping gives up: the steps or pushes left
            left = top[1] if top[0] == "move" else top[2]
            return str(fill(words[f"stop_{top[0]}"], n=left))
        if verb == "reroll" and arg.isdigit() and int(arg) < len(s.dice):
            # the die as the dice line shows it: counted from 1, with its face
            kw["k"] = f"{int(arg) + 1} ({sym_word(s.dice[int(arg)], lang)})"
        if verb == "x" and arg == "1":  # P-4: the symbol as it is, no gem spent
            verb = "x1"
        if verb == "form" and arg == "special":  # not a symbol's name: the die's
            kw["sym"] = words["the_special"]
        tpl = words.get(verb)
        if not tpl:
            return action
        text = fill(tpl, **kw)
        if verb == "strike" and s.stack and s.stack[-1][0] == "attack":
            text += self.strike_outcome(s, action, lang)
        elif verb in ("to", "portal") and s.stack and s.stack[-1][0] == "move":
            text += self.step_costs(s, int(arg), verb == "portal", lang)
        elif verb == "use" and arg in SYMBOLS:  # P-1: what the symbol does
            text += ": " + self.symbol_does(s, arg, lang)
        elif verb == "special" and s.heroes[s.active].special in SYMBOLS:
            sym = s.heroes[s.active].special
            text += f" ({sym_word(sym, lang)}): " + self.symbol_does(s, sym, lang)
        # an item, potion or artifact is used for what its card says: say it (on a
        # crowded screen, a card to buy by its price, one to use by its name)
        priced = self.items.get(arg) or self.potions.get(arg)
        if verb == "buy" and priced is not None and fold >= BUY:
            text += fill(words["price"], price=price_text(priced, lang))
        elif verb in ("item", "potion", "artifact") and fold >= USE:
            pass
        elif verb in ("item", "buy") and arg in self.items:
            text += " — " + render_priced(self.items[arg], lang)[1]
        elif verb in ("potion", "buy") and arg in self.potions:
            text += " — " + render_priced(self.potions[arg], lang)[1]
        elif verb == "token" and arg in self.tokens:  # P-29: a boss token's ability
            boss, tok = self.tokens[arg]
            text += " — " + render_ability(tok.ability, lang, token=True, boss=boss)
        elif verb == "artifact" and arg in self.artifacts:
            text += " — " + render_artifact(self.artifacts[arg], lang)[-1]
        return text

    def folds(self, s: S, player: int | None, lang: str) -> int:
        """What the screen of ``player``'s choice folds (FOLDS, each with those before)
        so that the board and the options fit ROWS with the rule, the options' heading
        and the prompt; SEAT where it is not their choice."""
        d = self.decision(s)
        if d is None or player is None or d.player != player:
            return SEAT
        memo = self.screen_memo(s)
        if ("folds", lang) in memo:
            return int(memo["folds", lang])
        for fold in FOLDS:
            board = self.board(s, player, lang, fold).count("\n") + 1
            if board + self.options_rows(s, d.actions, lang, fold) <= ROWS - CHROME:
                break
        memo["folds", lang] = fold
        return fold

    def screen_memo(self, s: S) -> dict[tuple[Any, ...], Any]:
        """What was worked out for the screen of ``s`` (the folds, the boards drawn): a
        screen asks the folds of each option and draws its board twice (its view, and
        ``details`` to name the word at the prompt). Only the last screen's is kept, for
        a state that saves as the same data (a fraction of the time a board takes)."""
        key = repr(self.to_json(s))
        if self._memo is None or self._memo[0] != key:
            self._memo = (key, {})
        return self._memo[1]

    def options_rows(self, s: S, actions: Sequence[str], lang: str, fold: int) -> int:
        """The rows ``actions`` take listed as ``tavolo play`` lists them (80 columns):
        grouped (options.py) on their heading's line, going on under the first option,
        or at column 4 under a long heading; else one an option."""
        said = {a: self.words(s, a, lang, fold) for a in actions}
        groups = options.group(actions, said.__getitem__)
        if groups is None:
            groups = [("", [(i, said[a]) for i, a in enumerate(actions)])]
        return len(option_lines(groups, len(actions)))

    def strike_outcome(self, s: S, action: str, lang: str) -> str:
        """P-18: the wounds this strike deals against the enemy's health, as the rules
        count them (bonuses, passives, boss tokens), tried on a copy of the state."""
        probe = s.clone()
        hit = next((e for e in self.apply(probe, action) if e.kind == "strike"), None)
        if hit is None:
            return ""
        wounds, health = int(hit.data["wounds"]), int(hit.data["health"])
        key = "strike_defeats" if wounds >= health else "strike_short"
        return str(fill(ui(lang)["action"][key], wounds=wounds, health=health))

    def step_costs(self, s: S, q: int, portal: bool, lang: str) -> str:
        """What a step into ``q`` will cost the active hero, as rules.step and enter
        apply it: the enemies beside him that attack as he leaves (P-11), the enemy he
        pushes (P-12), a trap (P-13); '' when it is free."""
        words = ui(lang)["action"]
        g = self.geo(s)
        i = s.active
        origin = s.heroes[i].pos
        if origin < 0:
            return ""
        hits = [
            (kind, p)
            for kind, p in s.enemies
            if (p != q and origin in g.adj[p] and not portal) or p == q
        ]
        parts = [
            fill(
                words["attacks_you"],
                enemy=self.card_name(kind, lang),
                n=self.damage(s, kind),
            )
            for kind, _ in hits
        ]
        if g.cell[q] == "x" and not self.ignores_hero(s, i, "trap"):
            parts.append(words["trap_wound"])
        return f" ({'; '.join(parts)})" if parts else ""

    def symbol_does(self, s: S, sym: str, lang: str) -> str:
        """What a symbol does when used (P-1); STAR in the active hero's card's words."""
        words = ui(lang)["action"]
        if sym == "STAR":
            star = [sym_word(x, lang) for x in self.heroes[s.heroes[s.active].id].star]
            return fill(words["does.STAR"], star=MSG.join(lang, star, "join.or", "join.comma"))
        return str(words[f"does.{sym}"])

    def card_name(self, x: str, lang: str) -> str:
        for table in (
            self.items,
            self.potions,
            self.heroes,
            self.enemy_cards,
            self.bosses,
            self.cards,
            self.events,
            self.artifacts,
        ):
            if x in table:
                names = table[x].name
                return str(names.it if lang == "it" else names.en)
        if x in self.tokens:
            n = self.tokens[x][1].name
            return n.it if lang == "it" else n.en
        return x

    def describe_event(self, event: Event, player: int | None, lang: str = "en") -> str | None:
        seen = event.seen_by(player)
        if seen is None:
            return None
        tpl = ui(lang)["event"].get(event.kind)
        if tpl is None:
            return f"{event.kind} {dict(seen)}"
        kw = {k: v for k, v in seen.items()}
        for k in ("enemy", "card", "hero", "event", "token", "potion"):
            if isinstance(kw.get(k), str):
                kw[k] = self.card_name(kw[k], lang)
        for k in ("player", "level", "die"):  # counted from 1, as the board labels them
            if isinstance(kw.get(k), int):
                kw[k] = kw[k] + 1
        for k in ("to", "from", "at"):  # a space, as [x, y] from the bottom left
            v = kw.get(k)
            if isinstance(v, list) and len(v) == 2:
                kw[k] = f"({v[0] + 1},{v[1] + 1})"
        if event.kind == "over":
            kw["reason"] = ui(lang)["reason"].get(kw["reason"], kw["reason"])
        if event.kind == "boss_card" and seen.get("card") in self.cards:  # P-28: what it does
            kw["card"] = render_attack_card(self.cards[seen["card"]], lang, self.content)[0]
        if event.kind == "pick_up":
            kw["what"] = ui(lang)["loot"].get(kw["what"], kw["what"])
        for k in ("sym", "symbol", "face", "from", "to", "enemy", "enemy_face"):
            if isinstance(kw.get(k), str):
                kw[k] = sym_word(kw[k], lang)
        if isinstance(kw.get("dice"), list):
            kw["dice"] = " ".join(sym_word(d, lang) for d in kw["dice"])
        try:
            return str(fill(tpl, **kw))
        except (KeyError, IndexError):
            return f"{event.kind} {dict(seen)}"

    def enemy_marks(self, s: S, lang: str) -> dict[str, str]:
        """A distinct lower-case letter for each enemy kind face up (the boss is ``B``),
        from its name in ``lang``: its first letter if free, else another of its letters,
        else any. Kinds are taken in the order they came out (level by level, then the
        boss's summons), so that a mark never changes when a new kind appears."""
        order = [*s.level_enemy[: min(s.revealed, len(s.level_enemy))]]
        if s.revealed == len(s.tiles) and s.boss in self.bosses:
            order.append(self.bosses[s.boss].summon.id)
        order += sorted(k for k, _ in s.enemies)
        taken = {"x"}  # a trap on the board
        marks: dict[str, str] = {}
        for kind in order:
            if kind in marks:
                continue
            if kind == s.boss:
                marks[kind] = "B"
                continue
            name = self.card_name(kind, lang).lower()
            initials = [w[0] for w in name.split()]
            for c in (*initials, *name, *"abcdefghijklmnopqrstuvwyz"):
                if "a" <= c <= "z" and c not in taken:
                    marks[kind] = c
                    taken.add(c)
                    break
            else:
                marks[kind] = "?"
        return marks

    def enemy_lines(self, s: S, marks: Mapping[str, str], lang: str) -> list[Para]:
        """Each enemy kind on the board with its card: what it takes to defeat, what it
        deals and drops, what it does (the cards lie face up beside their levels), led by
        its letter on the board (the legend says what the letters are)."""
        words = ui(lang)["view"]
        lines: list[Para] = []
        on_board = {k for k, _ in s.enemies}
        for kind, mark in marks.items():
            if kind not in on_board:
                continue
            if kind == s.boss:
                boss = self.bosses[kind]
                head = words["boss"].format(
                    mark=mark,
                    name=self.card_name(kind, lang),
                    health=self.boss_health(s),
                    damage=boss.damage,
                )
                rules = [
                    MSG.t(lang, "boss.rule", text=ability_text(r, lang, boss=boss, enemy=True))
                    for r in boss.rules
                ]
                rules += [  # P-29: the tokens (!) a hero collects here, and what they do
                    words["boss_token"].format(
                        name=self.card_name(tok.id, lang),
                        text=render_ability(tok.ability, lang, token=True, boss=boss),
                    )
                    for tok in boss.tokens
                ]
            else:
                head, *rules = render_enemy(self.enemy_cards[kind], lang)
                head = f"{mark} {head}"
                if not self.enemy_cards[kind].ability:
                    rules = []
            lines.append((head, 4))
            lines += [(f"  {r}", 4) for r in rules]
        return lines

    def board_lines(self, s: S, lang: str) -> tuple[list[str], list[str]]:
        """The levels face down or removed (a line above the board), and the revealed
        levels as a grid, top first, rows numbered y at the left and columns x above and
        below (a space is (x,y), as the choices name it)."""
        words = ui(lang)["view"]
        g = self.geo(s)
        heroes = {h.pos: str(k + 1) for k, h in enumerate(s.heroes) if h.pos >= 0}
        enemies = {p: kind for kind, p in s.enemies}
        marks = self.enemy_marks(s, lang)
        columns = "   " + "".join(f" {str(x + 1)[-1]}" for x in range(g.width))
        above: list[str] = []
        lines: list[str] = []
        first = True
        unseen: list[str] = []  # the levels face down (or removed) above, on one line
        for lv in reversed(range(len(s.tiles))):
            level = f"{lv + 1}"
            if lv == self.boss_level(s):  # P-24: where the boss waits, said before it shows
                level = words["boss_level"].format(level=level)
            if lv < s.low or lv >= s.revealed:
                unseen.append(words["removed" if lv < s.low else "hidden"].format(level=level))
                if lv == 0 or s.low <= lv - 1 < s.revealed:
                    (lines if lines else above).extend(fit(" · ".join(unseen), 0, sep=" · "))
                    unseen = []
                continue
            lines.append(words["level"].format(level=level))
            if first:
                lines.append(columns)
                first = False
            for y in reversed(range(lv * 4, lv * 4 + 4)):
                row, under = f"{y + 1:>2} |", "    "
                for x in range(g.width):
                    p = g.pos(x, y)
                    ch = g.cell[p] if g.cell[p] not in "$*EB" else "."
                    if p in s.loot:
                        ch = "$" if s.loot[p] == "coin" else "*"
                    if p in s.btokens:
                        ch = "!"
                    if p in enemies:
                        ch = marks.get(enemies[p], "?")
                    if p in heroes:
                        ch = heroes[p]
                    east = x + 1 == g.width or g.board.wall_east[y][x]
                    row += ch + ("|" if east else " ")
                    under += g.board.floor[y][x] + " "
                lines += [row, under.rstrip()]
        if not first:
            lines.append(columns)
        return above, lines

    def view(self, s: S, player: int | None, lang: str = "en") -> str:
        """The revealed levels as a grid (:meth:`board_lines`); then the enemies' cards,
        the solo event, heroes, dice, artifacts, shop and legend, which go on beside the
        grid first, folded to the columns it leaves, and below it (a board of two levels
        is 20 rows high and 20 columns wide: under it, they ran past a 40-row screen).
        Lines fit 80 columns. At a seat, the other heroes' counts and the shop's names
        and prices; where the screen of the seat's choice has no room, more is folded
        (:meth:`folds`), and :meth:`details` has it all."""
        self.check_seat(s, player)
        return self.board(s, player, lang, self.folds(s, player, lang))

    def details(self, s: S, player: int | None, lang: str = "en") -> str | None:
        """The whole table as ``player`` may see it (``cards`` at the prompt): every
        hero's card and the texts of the cards each holds, the shop's cards, the
        artifacts, with what they do; None where the view shows it all already."""
        self.check_seat(s, player)
        whole = self.board(s, player, lang, FULL)
        return None if whole == self.view(s, player, lang) else whole

    def board(self, s: S, player: int | None, lang: str, fold: int) -> str:
        """The view of ``player`` (None: the whole table's) folding ``fold`` (FOLDS;
        FULL: nothing, with the texts of the cards the heroes hold)."""
        memo = self.screen_memo(s)
        key = ("board", player, lang, fold)
        if key not in memo:
            memo[key] = self.draw(s, player, lang, fold)
        return str(memo[key])

    def draw(self, s: S, player: int | None, lang: str, fold: int) -> str:
        """:meth:`board`, drawn."""
        words = ui(lang)["view"]
        whole = player is None or fold == FULL
        marks = self.enemy_marks(s, lang)
        above, board = self.board_lines(s, lang)
        lines: list[Para] = []
        if s.enemies:
            lines += self.enemy_lines(s, marks, lang)
        if is_solo(s):
            left, total = len(s.events), len(self.events)
            if s.event:
                _, effect = render_event(self.events[s.event], lang)
                name = self.card_name(s.event, lang)
                lines.append((words["event"].format(name=name, left=left, total=total), 4))
                lines.append((f"    {effect}", 4))
            else:
                lines.append((words["events_left"].format(left=left, total=total), 4))
        for k, h in enumerate(s.heroes):
            held = [  # (what a hero holds none of goes unsaid)
                words[key].format(list=", ".join(self.card_name(x, lang) for x in cards))
                for key, cards in (("items", h.items), ("potions", h.potions), ("tokens", h.tokens))
                if cards
            ]
            hero = words["hero"].format(
                n=k + 1,
                name=self.card_name(h.id, lang),
                hearts=h.hearts,
                max=self.max_hearts(s, k),
                coins=h.coins,
                gems=h.gems,
                special=sym_word(h.special, lang) if h.special else words["blank"],
            )
            hero = ", ".join([hero, *held]) + ("" if h.pos >= 0 else f" ({words['offmap']})")
            if not whole and k != player:  # another seat's: its counts
                lines.append((hero, 4))
                continue
            card = self.heroes[h.id]  # the hero card lies open on the table: its powers
            star = " / ".join(symbol_name(x, lang) for x in card.star)
            ability = render_ability(card.ability, lang)
            lines.append((f"{hero} · {symbol_name('STAR', lang)} = {star} · {ability}", 4))
            if fold == FULL:  # what the cards the hero holds do
                for x in h.items + h.potions:
                    _, does = render_priced(self.items.get(x) or self.potions[x], lang)
                    lines.append((f"  {self.card_name(x, lang)} — {does}", 4))
        if not is_solo(s):  # the clock of a game with no winner (help: Decisions)
            round_ = words["round"].format(round=min(s.round, ROUND_CAP), cap=ROUND_CAP)
            lines.append((round_, 4))
        dice = " ".join(
            sym_word(d, lang) if d.isupper() else f"({sym_word(d, lang)})" for d in s.dice
        )
        rolled = words["dice"].format(
            dice=dice or "-", enemy=sym_word(s.enemy_face, lang) if s.enemy_face else "-"
        )
        if s.extra:  # (no extra symbols: unsaid)
            rolled += words["extra"].format(extra=" ".join(sym_word(x, lang) for x in s.extra))
        lines.append((rolled, 4))
        named = []
        for a, o in s.artifacts.items():  # P-31: who holds it, how to take it, what it gives
            name, claim, ability = render_artifact(self.artifacts[a], lang)
            holder = fill(words["holder"], n=o + 1) if o >= 0 else words["between"]
            named.append(f"{name} ({holder})")
            if fold < ARTIFACTS:
                artifact = fill(words["artifact"], name=name, holder=holder)
                lines.append((f"{artifact} {claim} {ability}", 4))
        if named and fold >= ARTIFACTS:  # a crowded screen: their names and holders
            lines.append((fill(words["artifacts"], list=", ".join(named)), 4))
        # the shop's cards lie face up: what each costs and does, as on the card, for the
        # whole table; at a seat, their names and prices (each buy option says what its
        # card does, where there is room: the text twice, 12 more rows, ran a shopping
        # screen past 40), and 'cards' at the prompt their texts
        offers = [
            render_priced(self.items[x] if x in self.items else self.potions[x], lang)
            for x in s.shop_items + s.shop_potions
        ]
        if whole or not offers:
            lines.append((words["shop"].format(cards="" if offers else " -"), 4))
            lines += [(f"  {head} — {' '.join(rest)}", 4) for head, *rest in offers]
        else:
            priced = ", ".join(head for head, *_ in offers)
            lines.append((words["shop_names"].format(cards=priced), 4))
        lines.append((words["legend_short" if fold >= LEGEND else "legend"], 4))
        return "\n".join([*above, *beside(board, lines)]).replace("[", "\\[")

    def help(self, lang: str = "en", mode: str | None = None) -> str:
        """The rules summary, its choices in the options' own words and the options."""
        lang = "it" if lang == "it" else "en"
        act = ui(lang)["action"]
        sword, coin, move = (symbol_name(x, lang) for x in ("SWORD", "COIN", "MOVE"))
        item, potion = next(iter(self.items)), next(iter(self.potions))
        words = {
            "form": fill(act["form"], sym=symbol_name("PUSH", lang)),
            "at": fill(act["at"], pos="(5,1)"),
            "use": fill(act["use"], sym=sword) + ": " + act["does.SWORD"],
            "x": fill(act["x"], k=2, cost=1),
            "to": fill(act["to"], pos="(3,2)"),
            "strike": fill(act["strike"], pos="(4,2)"),
            "stop": act["stop"],
            "forge": fill(act["forge"], a=coin),
            "as_": fill(act["as"], sym=move),
            "buy": fill(act["buy"], card=self.card_name(item, lang)),
            "item": fill(act["item"], card=self.card_name(item, lang)),
            "potion": fill(act["potion"], card=self.card_name(potion, lang)),
            "end": act["end"],
            "set_": fill(act["set"], sym=move),
            "skip": act["skip"],
            "all_": fill(act["all"], pos="(4,15)"),
            "drop": act["drop"],
        }
        symbols = [f"{symbol_name(x, lang)}: {act[f'does.{x}']}" for x in SYMBOLS if x != "STAR"]
        star = fill(act["does.STAR"], star=act["hero_card"])
        symbols.append(f"{symbol_name('STAR', lang)}: {star}")
        words["symbols"] = "; ".join(symbols)
        return HELP[lang].format(cap=ROUND_CAP, options=self.options_text(lang), **words)

    def options_text(self, lang: str) -> str:
        """Each option the game takes with its values and default (check_options)."""
        themes = [f"{t} ({MSG.t(lang, f'theme.{t}')})" for t in THEMES]
        bosses = [f"{b} ({self.card_name(b, lang)})" for b in self.bosses]
        return MSG.t(
            lang,
            "help.options",
            themes=MSG.join(lang, themes, "join.or", "join.comma"),
            bosses=MSG.join(lang, [*bosses, "random"], "join.or", "join.comma"),
        )

    def normal_mode(self, mode: str) -> str:
        """The engine's check, with a base mode it does not know told with the variants
        that ride on one: ``-m artifacts`` means ``standard+artifacts``."""
        base = mode.split("+")[0]
        if base not in self.modes and base not in self.metas and not mode.startswith("+"):
            raise UnknownMode("mode", base, self.modes, metas=self.metas)
        return super().normal_mode(mode)
