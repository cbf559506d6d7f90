"""Estro as a tavolo game: the rules plus what players may see, words and positions.

Table modes are the modes whose table is not one player against one: Inferno 2v2 (four
seats in two teams), the single player game against the five spaceships and Ultimo
Bastione (two to four players together against a horde). Each keeps its own state and
rules in its own package beside the 1v1 rules (``inferno``, ``navi``, ``bastione``),
registered in ``TABLE_MODES``. :class:`EstroGame` hands every call about such a mode's
state to the mode's object, through the engine's own method names (``_decide``,
``_apply``, ``observe``, ``_determinize``...); the 1v1 modes pay one class test for it.

A table mode is an :class:`EstroGame` subclass whose ``state_class`` is its own
:class:`~tavolo.games.estro.state.EstroState` subclass: it overrides what its table
changes and reuses the rest (gifts, battles, destruction, words). It declares ``mode``
(the id after ``--mode``) and ``seats`` (the player counts it takes, the default first),
and takes the 1v1 game as ``game``, whose collection and card table it shares, never
copies. Its own events are named ``<mode>.<kind>`` (``inferno.team_won``):
``describe_event`` sees no state, so it knows whose words to use only from the name;
events of the 1v1 rules that a subclass reuses keep their names and the 1v1 words.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    ValidationError,
    model_validator,
)

from tavolo.engine import RNG, Config, Event, State, UnknownName, reading_state, wrong_players
from tavolo.engine.content import Reason
from tavolo.engine.errors import SaidValue

from . import view
from .cards import chimera_parts
from .content import MESSAGES, Collection, bad_position
from .rules import EstroRules
from .saved import (
    check_answerable,
    check_mode_named,
    check_mode_saved,
    check_saved,
    check_table_saved,
)
from .schema import ESTRI
from .sogno import SUPPORTS_PER_GRANITO
from .state import (
    FESSURA,
    MNEMONICA,
    NECRO,
    NECRO_MAX,
    QUADRANTE,
    SOGNO,
    ZONA,
    EstroState,
    Player,
)
from .zona import ALL_ZONES, ZONE_IDS

# Table modes (above): the mode id, and the module of this package whose class ``Mode``
# holds its rules.
TABLE_MODES: dict[str, str] = {
    "inferno": "inferno",
    "navi": "navi",
    "ultimo_bastione": "bastione",
}

_PLAYER_FIELDS = {
    "deck",
    "hand",
    "incinerator",
    "field",
    "zone_used",
    "chimera_declared",
    "necrotokens",
}

# A position's data as a scenario file gives it, checked before any of it is used: exact
# types (YAML's 1 is no "1", its "yes" no string), so a slip is one line naming the field.
# Python callers may give tuples for lists; the files give lists.
EstroName = Literal["ardo", "granito", "armonio", "illusio", "manpo"]  # schema.ESTRI
StatName = Literal["atk", "def", "hel", "dex", "map"]  # schema.STATS


class _FieldCard(BaseModel):
    """A field entry: a card id, or the card with its state."""

    model_config = ConfigDict(extra="forbid")
    id: StrictStr
    face_down: StrictBool = False
    spent: StrictBool = False
    inhibited: StrictBool = False
    zone: StrictStr | None = None
    supports: StrictStr | None = None
    estro: EstroName | None = None
    mods: dict[StatName, StrictInt] | None = None

    @model_validator(mode="before")
    @classmethod
    def _bare_id(cls, data: Any) -> Any:
        """A bare card id is the card with no state; anything else but a mapping is told
        as what an entry is (not as this model's name)."""
        if isinstance(data, str):
            return {"id": data}
        if not isinstance(data, Mapping):
            raise SaidValue(MESSAGES, "position.entry")
        return data


class _PlayerPosition(BaseModel):
    """A player of a position (its fields: ``_PLAYER_FIELDS``)."""

    model_config = ConfigDict(extra="forbid")
    deck: list[StrictStr] = []
    hand: list[StrictStr] = []
    incinerator: list[StrictStr] = []
    field: list[_FieldCard] = []
    zone_used: StrictBool = False
    chimera_declared: StrictBool = False
    necrotokens: StrictInt = 0


class _Position(BaseModel):
    """A 1v1 position's own fields; its players are checked one by one (``player n``)."""

    model_config = ConfigDict(extra="forbid")
    zone: StrictStr = "medica"
    first: StrictInt = 0
    round: StrictInt = Field(default=1, ge=1)
    active: StrictInt | None = None
    phase: StrictStr = "play"
    players: Any = None
    rift: list[StrictStr] | None = None


class EstroGame(EstroRules):
    modes = EstroRules.modes + tuple(TABLE_MODES)
    min_players = 1 if TABLE_MODES else 2
    max_players = 4 if TABLE_MODES else 2
    seats: ClassVar[tuple[int, ...]] = (2,)  # the player counts a (table) mode takes: a range
    __slots__ = ("game", "tables")

    def __init__(self, collection: Collection | None = None, game: EstroGame | None = None) -> None:
        """``game``: the 1v1 game whose table mode this is (a subclass's instance)."""
        if game is None:
            super().__init__(collection)
        else:  # a table mode: the 1v1 game's collection and card table, shared
            super().__init__(game.collection, game.info)
            self.game = game
        self.tables: dict[str, EstroGame] = {}  # the table modes, by mode id
        if game is not None:  # a table mode builds no tables of its own
            return
        for mode, module in TABLE_MODES.items():
            table = importlib.import_module(f"{__package__}.{module}").Mode(game=self)
            self.tables[mode] = table
            self.by_state[table.state_class] = table

    # ------------------------------------------------------------- table modes: config --
    def table(self, mode: str) -> EstroGame | None:
        """The table mode of a (normal) mode name, or None for a 1v1 mode."""
        return self.tables.get(mode.split("+")[0]) if self.tables else None

    def make_config(
        self, players: int | None = None, mode: str | None = None, **options: Any
    ) -> Config:
        base = (mode if isinstance(mode, str) else "standard").split("+")[0]
        t = self.tables.get(base)
        seats = (self if t is None else t).seats
        if players is None:
            players = seats[0]
        cfg = super().make_config(players, mode, **options)
        if cfg.players not in seats:
            raise wrong_players(f"estro {base}", seats[0], seats[-1], cfg.players)
        return cfg

    def check_options(self, mode: str, options: Mapping[str, Any]) -> Mapping[str, Any]:
        t = self.table(mode)
        if t is not None:
            return t.check_options(mode, options)
        return super().check_options(mode, options)

    # ------------------------------------------------------- table modes: the protocol --
    def new(self, config: Config, seed: int) -> EstroState:
        t = self.table(config.mode)
        if t is not None:
            return t.new(config, seed)
        return super().new(config, seed)

    def returns(self, s: EstroState) -> tuple[float, ...]:
        if (t := self._on_table(s)) is not None:
            return t.returns(s)
        return super().returns(s)

    def metrics(self, s: EstroState) -> dict[str, float]:
        if (t := self._on_table(s)) is not None:
            return t.metrics(s)
        return super().metrics(s)

    def describe_metric(self, name: str, lang: str = "en") -> str:
        key = f"metric.{name}"
        return view.MSG.t(lang, key) if view.MSG.has(key) else name

    def from_json(self, data: Mapping[str, Any]) -> EstroState:
        with reading_state(self.name):
            t = self.table(str(data.get("mode") or "standard"))
            if t is not None:
                return t.from_json(data)
            check_mode_named(self, data)
            if self.state_class is EstroState:  # a 1v1 state: each value, before loading
                check_saved(self.name, data, self._known_card, self.handlers)
            else:  # a table mode's: what it shares with a 1v1 state, then its own
                check_table_saved(self.name, data, self._known_card, self.handlers)
                check_mode_saved(self, data)
            s = super().from_json(data)
            check_answerable(self, s, data)
            return s

    def _known_card(self, c: str) -> bool:
        """A card of the collection, or a Chimera of two (built on first use)."""
        try:
            self.info[c]
        except (KeyError, ValueError):
            return False
        return True

    def _on_table(self, s: State) -> EstroGame | None:
        """The table mode that owns ``s`` (None: this game's own)."""
        if s.__class__ is self.state_class:
            return None
        table: EstroGame = self.by_state[s.__class__]
        return table

    # ------------------------------------------------------------------ information --
    def card_view(self, s: EstroState, q: int, c: str, viewer: int | None) -> dict[str, Any]:
        pl = s.players[q]
        if c in pl.down:
            if viewer == q:
                return {"id": c, "face_down": True}
            hidden: dict[str, Any] = {"face_down": True, "slot": pl.field.index(c)}
            if s.mf & ZONA and (z := self.placed(pl, c)) is not None:  # in plain sight
                hidden["zone"] = ZONE_IDS[z]
            return hidden
        # Mnemonica: the card as printed; its bonuses are the player's to work out
        st = list(self.info[c].stats) if s.mf & MNEMONICA else self.stats(s, q, c)
        out: dict[str, Any] = {
            "id": c,
            "estro": ESTRI[self.estro(s, q, c)],
            "stats": st,
            "tot": sum(st),
        }
        if c in pl.spent:
            out["gift_spent"] = True
        if pl.shield.get(c, 0) >= s.turn:
            out["shielded"] = True
        if c in pl.inhibited:
            out["gift_inhibited"] = True
        if pl.rest and any(r == c and t >= s.turn for r, t in pl.rest):
            out["resting"] = True
        if pl.attached:
            out.update(self.sogno_view(s, q, c))
        if s.mf & ZONA:
            out["zone"] = ZONE_IDS[self.zone_of(s, q, c)]
        return out

    def observe(self, s: EstroState, player: int | None) -> dict[str, Any]:
        self.check_seat(s, player)
        if (t := self._on_table(s)) is not None:
            return t.observe(s, player)
        players = []
        for q, pl in enumerate(s.players):
            seen: dict[str, Any] = {
                "hand_size": len(pl.hand),
                "deck_size": len(pl.deck),
                "field": [self.card_view(s, q, c, player) for c in pl.field],
                "incinerator": pl.inc[:],
                "zone_used": pl.zone_used,
            }
            if s.mf & NECRO:
                seen["necrotokens"] = pl.necro
            if s.mf & ZONA:
                seen["zone_points"] = dict(zip(ZONE_IDS, self.points(s, q), strict=True))
                seen["zones_used"] = [z for i, z in enumerate(ZONE_IDS) if pl.zused & (1 << i)]
            if player == q:
                seen["hand"] = pl.hand[:]
            if pl.known:  # back from a public pile: everyone saw them come into the hand
                known = pl.known_hand()
                if known:
                    seen["hand_known"] = known
            players.append(seen)
        out: dict[str, Any] = {
            "game": self.name,
            "you": player,
            "round": s.round,
            "turn": s.turn,
            "active": s.active,
            "phase": s.phase,
            "zone": "all" if s.zone == ALL_ZONES else ZONE_IDS[s.zone],
            "players": players,
        }
        if s.mf & FESSURA:
            out["rift_size"] = len(s.rift)
            out["rift_opened"] = s.rift_turn == s.turn
        if s.mf & QUADRANTE and s.dial:
            i, q, turn = s.dial
            out["dial"] = {"sector": i + 1, "player": q, "turn": turn}
        b = s.battle
        if b is not None:
            dpl = s.players[1 - b.ap]
            out["battle"] = {
                "attacker": b.a,
                "player": b.ap,
                "defender": b.d if (player == 1 - b.ap or b.d not in dpl.down) else None,
                "att_die": b.adie,
                "def_die": b.ddie,
                "rule": b.rule,
            }
        return self.observe_end(s, out)

    def observe_end(self, s: EstroState, out: dict[str, Any], seats: int = 0) -> dict[str, Any]:
        """The decision in progress and the result (of the first ``seats`` seats, 0: all),
        the end of every Estro observation, table modes' too."""
        d = self.decision(s)
        if d is not None:
            out["decision"] = {"player": d.player, "kind": d.kind}
        if s.result is not None:
            out["result"] = list(s.result[: seats or None])
            out["reason"] = s.reason
        return out

    def secrets(self, s: EstroState, player: int) -> Iterable[str]:
        if (t := self._on_table(s)) is not None:
            return t.secrets(s, player)
        me, opp = s.players[player], s.players[1 - player]
        hidden = set(opp.hand) | opp.down | set(opp.deck) | set(me.deck) | set(s.rift)
        visible = set(me.hand) | set(me.field) | set(me.inc) | set(opp.inc)
        visible |= {x for c in opp.field if c not in opp.down for x in chimera_parts(c)}
        visible |= {x for c in me.field for x in chimera_parts(c)}
        if opp.known:
            visible |= opp.known.intersection(opp.hand)
        return hidden - visible

    def inventory(self, s: EstroState) -> list[tuple[str, str]]:
        if (t := self._on_table(s)) is not None:
            return t.inventory(s)
        out: list[tuple[str, str]] = []
        for q, pl in enumerate(s.players):
            for zone, cards in (
                ("deck", pl.deck),
                ("hand", pl.hand),
                ("field", pl.field),
                ("incinerator", pl.inc),
            ):
                out.extend(
                    (self.thing(s, q, x), f"{q}:{zone}") for c in cards for x in chimera_parts(c)
                )
        if s.rift:
            out.extend(self.rift_inventory(s))
        return out

    def _determinize(self, s: EstroState, player: int, rng: RNG) -> EstroState:
        """Re-deal what ``player`` cannot see: the opponent's hand, deck and face-down
        cards come from the cards the opponent is not known to own (decks are distinct
        cards, unknown to the other player); hand cards the player saw come back from a
        public pile stay; ``player``'s own deck is reshuffled."""
        if (t := self._on_table(s)) is not None:
            return t._determinize(s, player, rng)
        d: EstroState = s.clone()
        if d.mf & FESSURA:
            self.redeal_rift(d, player, rng)
            return d
        q = 1 - player
        opp = d.players[q]
        hidden_down = [c for c in opp.field if c in opp.down]
        known = {x for c in opp.field if c not in opp.down for x in chimera_parts(c)}
        known |= set(opp.inc)
        keep = opp.known_hand()
        known.update(keep)
        pool = [c for c in self.ids if c not in known]
        n_hand = len(opp.hand) - len(keep)
        need = n_hand + len(hidden_down) + len(opp.deck)
        rng.shuffle(pool)
        fresh = pool[:need]
        opp.hand = keep + fresh[:n_hand]
        opp.known = frozenset(keep)
        new_down = fresh[n_hand : n_hand + len(hidden_down)]
        opp.deck = fresh[n_hand + len(hidden_down) :]
        if hidden_down:
            remap = dict(zip(hidden_down, new_down, strict=True))
            self._remap(d, q, remap)
        rng.shuffle(d.players[player].deck)
        return d

    @staticmethod
    def _remap(s: EstroState, q: int, remap: dict[str, str]) -> None:
        pl = s.players[q]
        pl.field = [remap.get(c, c) for c in pl.field]
        pl.down = {remap.get(c, c) for c in pl.down}
        pl.summoned = {remap.get(c, c) for c in pl.summoned}
        pl.spent = {remap.get(c, c) for c in pl.spent}
        pl.mods = {remap.get(c, c): v for c, v in pl.mods.items()}
        pl.shield = {remap.get(c, c): v for c, v in pl.shield.items()}
        pl.estro = {remap.get(c, c): v for c, v in pl.estro.items()}
        pl.zones = {remap.get(c, c): z for c, z in pl.zones.items()}
        b = s.battle
        if b is not None:
            if b.ap == q:
                b.a = remap.get(b.a, b.a)
            else:
                b.d = remap.get(b.d, b.d)
        steps = []
        for st in s.steps:
            if len(st) > 2 and st[1] == q and isinstance(st[2], str):
                st = (st[0], q, remap.get(st[2], st[2]), *st[3:])
            if st[0] == "gift" and st[5] == q:
                st = (*st[:6], remap.get(st[6], st[6]))
            steps.append(st)
        s.steps = steps

    def heuristic(self, s: EstroState, player: int) -> float:
        if (t := self._on_table(s)) is not None:
            return t.heuristic(s, player)
        if s.result is not None:
            return s.result[player]
        score = [0.0, 0.0]
        for q, pl in enumerate(s.players):
            down = pl.down
            total = 0
            for c in pl.field:
                total += 40 if c in down else sum(self.stats(s, q, c))
            score[q] = total + 25 * len(pl.field) + 6 * len(pl.hand)
        x = (score[player] - score[1 - player]) / 70.0
        return 1.0 / (1.0 + math.exp(-x))

    # -------------------------------------------------------------------- positions --
    def from_position(self, config: Config, position: Mapping[str, Any], rng: RNG) -> EstroState:
        """A position: zone, first, round, active, phase and each player's zones.

        Field entries are card ids or ``{id, face_down, mods: {dex: 10}, spent, estro,
        inhibited, supports}`` (``supports: GRANITO`` attaches the card to that Granito,
        Sogno Lucido; ``zone: ZONE`` is the zone it was played into, Zona di Conquista); a
        Chimera is ``host+guest``, face up on a field. A player's ``chimera_declared: true``
        means a Chimera was declared on their previous turn (Chimera META mode);
        ``necrotokens: n`` sets their tokens (Necrotoken mode). ``rift: [ids]`` is the
        dimensional deck, whose top card is drawn at random (Fessura META mode; by
        default every card no player holds).
        """
        if (t := self.table(config.mode)) is not None:
            return t.from_position(config, position, rng)
        if not isinstance(position, Mapping):
            raise bad_position("estro", "mapping")
        known = {"zone", "first", "round", "active", "phase", "players", "rift"}
        extra = sorted(set(position) - known, key=str)
        if extra:
            raise bad_position("estro", "field", field=extra[0])
        try:
            top = _Position.model_validate(position)
        except ValidationError as e:
            raise bad_position("estro", "invalid", reason=Reason(e)) from None
        zone = top.zone
        if zone in ZONE_IDS:
            z = ZONE_IDS.index(zone)
        elif zone in ESTRI:
            z = ESTRI.index(zone)
        else:
            raise UnknownName("zone", zone, ZONE_IDS, nouns=view.MSG)
        raw_players = top.players
        if not isinstance(raw_players, list) or len(raw_players) != 2:
            raise bad_position("estro", "players")
        data = [self._player_data(i, rp) for i, rp in enumerate(raw_players)]
        players = [self._player_of(i, d) for i, d in enumerate(data)]
        first = top.first
        rnd = top.round
        active = first if top.active is None else top.active
        phase = top.phase
        if phase not in ("play", "battle") or first not in (0, 1) or active not in (0, 1):
            raise bad_position("estro", "phase")
        s = EstroState(rng, players, z, first, config.mode)
        if s.mf & ZONA:
            s.zone = ALL_ZONES
        elif any(pl.zones for pl in players):
            raise bad_position("estro", "zona")
        if not s.mf & SOGNO and any(pl.attached for pl in players):
            raise bad_position("estro", "sogno")
        s.turn = 2 * (rnd - 1) + (1 if active == first else 2)
        s.active = active
        s.phase = phase
        s.plays = 1 if phase == "play" else 0
        s.played = 0 if phase == "play" else 1
        s.attacks = 2
        for i, d in enumerate(data):
            if d.chimera_declared:
                if "+chimera" not in s.mode:
                    raise bad_position("estro", "chimera")
                if s.turn < 3:
                    raise bad_position("estro", "declare")
                s.players[i].chimera_turn = s.turn - 2
            tokens = d.necrotokens
            if tokens:
                if not s.mf & NECRO or not 0 <= tokens <= NECRO_MAX:
                    raise bad_position("estro", "necro")
                s.players[i].necro = tokens
        if "rift" in position:
            if not s.mf & FESSURA:
                raise bad_position("estro", "rift")
            rift = [self._card(c, alone=True) for c in top.rift or ()]
            held = {x for pl in players for x in self._owned(pl)}
            if set(rift) & held or len(set(rift)) != len(rift):
                raise bad_position("estro", "rift_held")
            s.rift, s.rift_born = tuple(rift), frozenset(rift)
        elif s.mf & FESSURA:
            held = {x for pl in players for x in self._owned(pl)}
            s.rift = tuple(c for c in self.ids if c not in held)
            s.rift_born = frozenset(s.rift)
        self._run(s, [])
        return s

    def _position_game(self) -> str:
        """The game a position error names: ``estro``, or ``estro MODE`` for a table mode
        (which builds its players here too)."""
        mode: str | None = getattr(type(self), "mode", None)
        return "estro" if mode is None else f"estro {mode}"

    def _position_player(self, i: int, raw: Any) -> Player:
        """Player ``i``'s cards from a position (the 1v1 players, a Navi player, an Inferno
        team's field): one line for anything the rules could not hold."""
        return self._player_of(i, self._player_data(i, raw))

    def _player_data(self, i: int, raw: Any) -> _PlayerPosition:
        """Player ``i`` of a position, checked for shape and types (``position.player*``)."""
        game = self._position_game()
        if not isinstance(raw, Mapping):
            raise bad_position(game, "player", n=i + 1)
        unknown = sorted(set(raw) - _PLAYER_FIELDS, key=str)
        if unknown:
            raise bad_position(game, "player_field", n=i + 1, field=unknown[0])
        try:
            return _PlayerPosition.model_validate(raw)
        except ValidationError as e:
            raise bad_position(game, "player_invalid", n=i + 1, reason=Reason(e)) from None

    def _player_of(self, i: int, raw: _PlayerPosition) -> Player:
        """The Player of checked data: known cards, a Chimera only face up on the field, a
        support beside the card it supports, no card twice."""
        game = self._position_game()
        pl = Player([self._card(c, alone=True) for c in raw.deck])
        pl.hand = [self._card(c, alone=True) for c in raw.hand]
        pl.inc = [self._card(c, alone=True) for c in raw.incinerator]
        pl.zone_used = raw.zone_used
        for entry in raw.field:
            c = self._card(entry.id)
            pl.field.append(c)
            if entry.face_down:
                if "+" in c:  # a Chimera enters face up and is never turned down
                    raise bad_position(game, "chimera_down", card=c)
                pl.down.add(c)
            if entry.spent:
                pl.spent.add(c)
            if entry.inhibited:
                pl.inhibited = pl.inhibited | {c}
            if entry.zone is not None:  # Zona di Conquista: the zone it was played into
                if entry.zone not in ZONE_IDS:
                    raise UnknownName("zone", entry.zone, ZONE_IDS, nouns=view.MSG)
                pl.zones = {**pl.zones, c: ZONE_IDS.index(entry.zone)}
            if entry.supports:  # Sogno Lucido: an Armonio attached to that Granito
                pl.attached = (*pl.attached, (c, self._card(entry.supports)))
                pl.inhibited = pl.inhibited | {c}
            if entry.estro is not None:
                pl.estro[c] = ESTRI.index(entry.estro)
            if entry.mods:
                m = entry.mods  # in STATS order
                pl.mods[c] = (
                    m.get("atk", 0),
                    m.get("def", 0),
                    m.get("hel", 0),
                    m.get("dex", 0),
                    m.get("map", 0),
                )
        cards = self._owned(pl)
        if len(set(cards)) != len(cards):
            raise bad_position(game, "player_twice", n=i + 1)
        load: dict[str, int] = {}
        for a, g in pl.attached:  # a support holds up another card of the same field
            if g == a or g not in pl.field:
                raise bad_position(game, "supports", n=i + 1, card=a, target=g)
            load[g] = load.get(g, 0) + 1
            if load[g] > SUPPORTS_PER_GRANITO:
                raise bad_position(game, "supports_many", card=g, n=SUPPORTS_PER_GRANITO)
        return pl

    @staticmethod
    def _owned(pl: Player) -> list[str]:
        return pl.deck + pl.hand + pl.inc + [x for c in pl.field for x in chimera_parts(c)]

    def _card(self, c: Any, alone: bool = False) -> str:
        """A known card id; a Chimera ``host+guest`` (an empty host, a gift guest) unless
        ``alone``: a Chimera exists only on a field (it leaves it as its two cards)."""
        if isinstance(c, str) and c.count("+") == 1:
            if alone:
                raise bad_position(self._position_game(), "chimera_place", card=c)
            host, guest = c.split("+")
            self._card(host), self._card(guest)
            if self.info[host].gift is not None or self.info[guest].gift is None:
                raise bad_position(self._position_game(), "host", card=c)
            self.info[c]  # builds its facts
            return c
        if not isinstance(c, str) or c not in self.info:
            self.collection.number(str(c))
        return str(c)

    # ------------------------------------------------------------------------ words --
    def describe_action(self, s: EstroState, action: str, lang: str = "en") -> str:
        if (t := self._on_table(s)) is not None:
            return t.describe_action(s, action, lang)
        return view.describe_action(self, s, action, lang)

    def describe_options(
        self, s: EstroState, actions: Sequence[str], lang: str = "en"
    ) -> list[tuple[str, list[tuple[int, str]]]] | None:
        """Options that differ in their last part share a line (view.describe_options);
        a table mode may group its own (``option_words``)."""
        table = self._on_table(s)
        own = None if table is None else table.option_words(s, lang)
        numbered = table is None or s.mode.split("+")[0] == "inferno"  # (fields as #n)
        return view.describe_options(self, s, list(actions), lang, own, numbered)

    def option_words(self, s: EstroState, lang: str) -> Callable[[str], view.Option | None] | None:
        """How a table mode's words group its options; None: as the 1v1 ones."""
        return None

    def describe_event(self, event: Event, player: int | None, lang: str = "en") -> str | None:
        mode, dot, _ = event.kind.partition(".")
        if dot and mode in self.tables:  # a table mode's own event, named '<mode>.<kind>'
            return self.tables[mode].describe_event(event, player, lang)
        return view.describe_event(self, event, player, lang)

    def describe_events(
        self, s: EstroState, events: Sequence[Event], player: int | None, lang: str = "en"
    ) -> list[str]:
        if (t := self._on_table(s)) is not None:  # the table's words (Navi's fleet)
            return t.describe_events(s, events, player, lang)
        return super().describe_events(s, events, player, lang)

    def view(self, s: EstroState, player: int | None, lang: str = "en") -> str:
        self.check_seat(s, player)
        if (t := self._on_table(s)) is not None:
            return t.view(s, player, lang)
        return view.board(self, s, player, lang)

    def details(self, s: EstroState, player: int | None, lang: str = "en") -> str | None:
        """The board with every gift's text (``view`` folds them to a mark)."""
        self.check_seat(s, player)
        if (t := self._on_table(s)) is not None:  # (each table mode's words draw its board)
            from .bastione import words as bastione
            from .inferno import words as inferno
            from .navi import text as navi

            boards: dict[str, Callable[..., str]] = {
                "ultimo_bastione": bastione.board,
                "inferno": inferno.board,
                "navi": navi.board,
            }
            return boards[s.mode.split("+")[0]](t, s, player, lang, full=True)
        return view.board(self, s, player, lang, full=True)

    def help(self, lang: str = "en", mode: str | None = None) -> str:
        """Every mode's rules; with ``mode``, the 1v1 rules and that mode's (and its META
        modes'), so that 'h' in a game does not scroll through thirteen modes."""
        if mode is None:
            parts = [view.help_text(lang)]
            parts.extend(t.help(lang) for t in self.tables.values())
        else:
            base, metas = self.mode_parts(mode)
            table = self.tables.get(base)
            parts = [view.help_text(lang, metas if table else {base, *metas})]
            if table is not None:
                parts.append(table.help(lang))
        return "\n\n".join(p.strip() for p in parts if p.strip())
