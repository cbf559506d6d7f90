# cython: annotation_typing=True, nonecheck=True
"""Estro's standard game (rules E-1 to E-14 of ../shared/rules/estro.md).

The turn (E-4) is a flow of phases -- play, battle, end -- and everything that can
pause for a choice in the middle of it (a gift with a target, a battle's response
windows, a destruction the Medical zone may prevent, the end-of-turn discard) is a
step on the engine's step stack, so the state always clones and serialises.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, ClassVar

from tavolo.engine import (
    QUIET,
    RNG,
    Config,
    ConfigError,
    Decision,
    Event,
    Game,
    TavoloError,
    event,
)
from tavolo.engine.steps import Step

from . import combat
from .cards import CardInfo, CardTable, card_infos, chimera_id, chimera_parts
from .content import CONTENT, MESSAGES, Collection, default_collection, load_deck
from .gifts import GiftRules, LiveAura, add_auras
from .modes import ModeRules
from .schema import ESTRI
from .sogno import SognoRules
from .state import (
    CHIMERA,
    FESSURA,
    IMBOSCATA,
    MNEMONICA,
    NECRO,
    QUADRANTE,
    SOGNO,
    ZONA,
    Battle,
    EstroState,
    Player,
)
from .zona import ALL_ZONES, ZONE_IDS, ZonaRules

DECKS = CONTENT / "decks"
HAND_LIMIT = 5
DECK_SIZE = 25
ATTACKS_PER_TURN = 2
LAST_ROUND = 19
FIELD_CHECK_AFTER_ROUND = 5

_new = tuple.__new__  # builds an Event or Decision without its Python-level __new__
_DIE_FACES = combat.DIE_FACES
_ZONE_BONUS = combat.ZONE_BONUS
_DIE_BONUS = combat.DIE_BONUS
_MATCHUP = combat.MATCHUP
_ONES = [1, 1, 1, 1, 1]
_ZEROS = [0, 0, 0, 0, 0]
_NO_PARAMS: Mapping[str, Any] = {}
MAX_SLOT = 64
SLOTS = tuple(f":#{i}" for i in range(MAX_SLOT))  # how an attack names a face-down card

ARDO, GRANITO, ARMONIO, ILLUSIO, MANPO = range(5)
_BEFORE_ATTACKS = FESSURA | SOGNO  # modes with actions between the play and the attacks
# the zones with actions in a player's play and attack steps (all: Zona di Conquista)
TURN_ZONES = (ARDO, MANPO, ALL_ZONES)


class EstroRules(ZonaRules, SognoRules, ModeRules, GiftRules, Game):
    name = "estro"
    RULES_VERSION = "1.1"
    titles: ClassVar[Mapping[str, str]] = {"en": "Estro", "it": "Estro"}
    min_players = max_players = 2
    modes: ClassVar[tuple[str, ...]] = (
        "standard",
        "stratega",
        "necrotoken",
        "quadrante",
        "mnemonica",
        "sogno_lucido",
        "zona_conquista",
    )
    metas = ("chimera", "fessura", "imboscata")
    # the generic suite plays this many per mode it covers (10 Estro modes: 4,000 in all,
    # as many as 2 modes x 2,000 before); tests/games/estro covers every combination
    conformance_playouts = 400

    state_class: type[EstroState] = EstroState  # a table mode may use a subclass (game.py)

    # Slots, not a __dict__: compiled rules read self.info or call self._foo() many times a
    # decision, and a slot spares each a dictionary lookup.
    __slots__ = (
        "_opp_play",
        "_plays",
        "_reveal",
        "_turn_end",
        "_turn_start",
        "_zplays",
        "aura_cards",
        "by_state",
        "collection",
        "deciders",
        "handlers",
        "id_set",
        "ids",
        "info",
    )

    def __init__(self, collection: Collection | None = None, info: CardTable | None = None) -> None:
        """``info``: a card table to share (a table mode shares its 1v1 game's)."""
        self.collection = collection or default_collection()
        self.by_state: dict[type, Any] = {}  # table modes by state class (game.py)
        self.info: CardTable = info if info is not None else card_infos(self.collection)
        self.ids: tuple[str, ...] = tuple(self.info)
        self.id_set: frozenset[str] = frozenset(self.ids)
        self.aura_cards = self.info.auras  # grows when a Chimera with an aura is built
        triggers = self.info.by_trigger  # these sets grow with Chimeras too
        self._turn_start = triggers.setdefault("turn_start", set())
        self._turn_end = triggers.setdefault("turn_end", set())
        self._opp_play = triggers.setdefault("opp_play", set())
        self.handlers = {
            "start": self._step_start,
            "end": self._step_end,
            "battle": self._step_battle,
            "destroy": self._step_destroy,
            "gift": self._step_gift,
            "revive": self._step_revive,
            "chimera": self._step_chimera,
            "necro": self._step_necro,
            "rift": self._step_rift,
        }
        self.deciders = {
            "end": self._ask_end,
            "battle": self._ask_battle,
            "destroy": self._ask_destroy,
            "gift": self._ask_gift,
            "revive": self._ask_revive,
            "chimera": self._ask_chimera,
            "necro": self._ask_necro,
        }
        self._plays = {i: (f"play:{i}:up", f"play:{i}:down") for i in self.ids}
        # Zona di Conquista: each play into each zone, built once
        self._zplays = {
            i: tuple(f"{a}:{z}" for a in v for z in ZONE_IDS) for i, v in self._plays.items()
        }
        self._reveal = {i: f"reveal:{i}" for i in self.ids}

    # ------------------------------------------------------------------ configuration --
    def check_options(self, mode: str, options: Mapping[str, Any]) -> Mapping[str, Any]:
        unknown = sorted(set(options) - {"decks", "first"})
        if unknown:
            raise ConfigError.said(MESSAGES, "error.option", option=unknown[0])
        first = options.get("first")
        if first not in (None, 0, 1):
            raise ConfigError.said(MESSAGES, "error.first")
        decks = options.get("decks") or [None, None]
        if not isinstance(decks, list | tuple) or len(decks) != 2:
            raise ConfigError.said(MESSAGES, "error.decks")
        checked: list[list[str] | None] = []
        for p, deck in enumerate(decks):
            if deck is None:
                checked.append(None)
                continue
            if isinstance(deck, str):  # a starter deck's name or a deck file's path
                deck = self.deck_list(p, deck)
            if not isinstance(deck, list | tuple) or not all(isinstance(c, str) for c in deck):
                raise ConfigError.said(MESSAGES, "error.deck_ids", p=p + 1)
            if len(deck) not in (20, DECK_SIZE):
                raise ConfigError.said(MESSAGES, "error.deck_size", p=p + 1, n=len(deck))
            if len(set(deck)) != len(deck):
                raise ConfigError.said(MESSAGES, "error.deck_twice", p=p + 1)
            for c in deck:
                if c not in self.info:
                    self.collection.number(c)  # raises UnknownName with suggestions
            if mode.split("+")[0] == "sogno_lucido":
                self.check_sogno_deck(p, list(deck))
            checked.append(list(deck))
        return {"decks": checked, "first": first}

    def deck_list(self, p: int, name: str) -> list[str]:
        """A starter deck (``content/decks/NAME.yaml``) or a deck file a player brings
        (YAML or JSON: a list of card ids, or ``{name, cards}``), as its card ids."""
        starter = DECKS / f"{name}.yaml"
        path = starter if starter.is_file() else Path(name)
        if not path.is_file():
            known = sorted(f.stem for f in DECKS.glob("*.yaml"))
            raise ConfigError.said(
                MESSAGES, "error.deck_name", p=p + 1, name=name, known=", ".join(known)
            )
        return list(load_deck(path, self.collection).cards)

    # -------------------------------------------------------------------------- setup --
    def new(self, config: Config, seed: int) -> EstroState:
        """E-1 decks, E-2 the zone, E-3 five cards each and the first player."""
        rng = RNG(seed)
        make = self.sogno_deck if config.mode.startswith("sogno_lucido") else self._deck
        players = [Player(make(rng, d)) for d in config.options.get("decks") or (None, None)]
        zone = rng.below(len(ESTRI))
        first = config.options.get("first")
        if first is None:
            first = 0 if rng.coin("first player") else 1
        s = EstroState(rng, players, zone, first, config.mode)
        for pl in players:
            for _ in range(HAND_LIMIT):
                pl.hand.append(pl.deck.pop())
        if s.mf & FESSURA:
            self.deal_rift(s)
        if s.mf & ZONA:
            s.zone = ALL_ZONES  # the zone drawn above is not used: all five are in play
        s.active = 1 - first
        s.steps.append(("start",))
        self._run(s, [])
        return s

    def _deck(self, rng: RNG, chosen: list[str] | None) -> list[str]:
        if not chosen:
            return rng.sample(self.ids, DECK_SIZE, "random deck")
        deck = list(chosen)
        if len(deck) < DECK_SIZE:
            taken = set(deck)
            rest = [i for i in self.ids if i not in taken]
            deck += rng.sample(rest, DECK_SIZE - len(deck), "random deck cards")
        rng.shuffle(deck, "deck")
        return deck

    # ------------------------------------------------------------------ the forward model --
    def _decide(self, s: EstroState) -> Decision | None:
        if s.__class__ is not self.state_class:  # a table mode's state (game.py)
            return self.by_state[s.__class__]._decide(s)  # type: ignore[no-any-return]
        if s.result is not None:
            return None
        if s.steps:
            top = s.steps[-1]
            return self.deciders[top[0]](s, top)
        p = s.active
        if s.phase == "play":
            acts = self._play_actions(s, p)
            if s.played:
                acts.append("pass")
            return Decision(p, "play", tuple(acts))
        acts = self._attack_actions(s, p)
        acts.extend(self._zone_turn_actions(s, p))
        if s.mf & FESSURA and not s.attacked:
            acts.extend(self.fessura_actions(s, p))
        if s.mf & SOGNO and not s.attacked:
            acts.extend(self.manpo_actions(s, p))
        acts.append("end")
        return Decision(p, "attack", tuple(acts))

    def _apply(self, s: EstroState, d: Decision, action: str) -> list[Event]:
        if s.__class__ is not self.state_class:  # a table mode's state (game.py)
            return self.by_state[s.__class__]._apply(s, d, action)  # type: ignore[no-any-return]
        events: list[Event] = []
        self._act(s, d, action, events)
        if s.mf & MNEMONICA:
            return self.mnemonic_events(events)
        return events

    def _apply_quiet(self, s: EstroState, d: Decision, action: str) -> None:
        if s.__class__ is not self.state_class:
            self.by_state[s.__class__]._apply_quiet(s, d, action)
            return
        self._act(s, d, action, QUIET)
        QUIET.clear()

    def _act(self, s: EstroState, d: Decision, action: str, events: list[Event]) -> None:
        """The move, told into ``events`` (``QUIET``: told to no one)."""
        if s.steps:
            self._answer_step(s, d, action, events)
        else:
            self._turn_action(s, d.player, action, events)
        self._run(s, events)

    def _run(self, s: EstroState, events: list[Event]) -> None:
        """Advance until someone must decide (caching that decision) or the game is over."""
        handlers = self.handlers
        steps = s.steps
        while s.result is None:
            if steps:
                top = steps[-1]
                if handlers[top[0]](s, top, events):  # engine.steps.resolve, inlined
                    top = steps[-1]
                    s._dec = self.deciders[top[0]](s, top)
                    return
                continue
            p = s.active
            if s.phase == "play":
                if s.plays > 0:
                    acts = self._play_actions(s, p)
                    if acts:
                        if s.played:
                            acts.append("pass")
                        s._dec = _new(Decision, (p, "play", tuple(acts), _NO_PARAMS))
                        return
                s.phase = "battle"
            acts = self._attack_actions(s, p)
            me: Player = s.players[p]
            if s.zone in TURN_ZONES and not me.zone_used:
                acts.extend(self._zone_turn_actions(s, p))
            if s.mf & _BEFORE_ATTACKS and not s.attacked:
                if s.mf & FESSURA:
                    acts.extend(self.fessura_actions(s, p))
                if s.mf & SOGNO:
                    acts.extend(self.manpo_actions(s, p))
            if acts:
                acts.append("end")
                s._dec = _new(Decision, (p, "attack", tuple(acts), _NO_PARAMS))
                return
            s.steps.append(("end", "discard"))
        s._dec = None

    # --------------------------------------------------------------------- turn actions --
    def _play_actions(self, s: EstroState, p: int) -> list[str]:
        pl: Player = s.players[p]
        mf = s.mf
        plays = self._zplays if mf & ZONA else self._plays
        acts = [a for c in pl.hand for a in plays[c]]
        if pl.down:
            rev = self._reveal
            acts += [rev[c] for c in pl.field if c in pl.down]
        if mf & CHIMERA:
            acts += self._chimera_actions(s, p)
        if acts and s.zone in TURN_ZONES and not pl.zone_used:
            acts += self._zone_turn_actions(s, p)
        if mf & FESSURA and acts:
            acts += self.fessura_actions(s, p)
        if mf & SOGNO:
            acts = self.sogno_play_actions(s, p, acts)
        return acts

    def _chimera_actions(self, s: EstroState, p: int) -> list[str]:
        """Chimera META mode: declare at the start of a turn, fuse on the next one."""
        pl: Player = s.players[p]
        if any("+" in c for c in pl.field):
            return []  # one Chimera on the field at a time
        if not pl.chimera_turn:
            return ["chimera:declare"] if s.played == 0 else []
        if s.turn != pl.chimera_turn + 2:
            return []
        info = self.info
        hosts = [c for c in pl.hand if info[c].gift is None]
        guests = [c for c in pl.hand if info[c].gift is not None]
        return [f"chimera:{h}:{g}" for h in hosts for g in guests]

    def _attack_actions(self, s: EstroState, p: int) -> list[str]:
        if s.attacks <= 0:
            return []
        pl: Player = s.players[p]
        opp: Player = s.players[1 - p]
        if not opp.field:
            return []
        if s.mf and self._attack_barred(s):
            return []
        if opp.down:
            hid = opp.down
            foes = [
                (SLOTS[i] if i < MAX_SLOT else f":#{i}") if d in hid else ":" + d
                for i, d in enumerate(opp.field)
            ]
        else:
            foes = [":" + d for d in opp.field]
        acts = []
        down, attacked = pl.down, s.attacked
        if pl.rest:
            attacked = attacked | self.resting(s, pl)
        if s.mf & SOGNO:  # Granito cards and supports never attack; supports are shielded
            attacked = attacked | self.idle_in_sogno(s, p, pl)
            if opp.attached:
                guarded = self.supports(opp)
                foes = [f for f in foes if f[1:] not in guarded]
        if s.mf & ZONA:  # each card fights in its own zone only
            ready = [a for a in pl.field if a not in down and a not in attacked]
            return self.zona_attacks(s, p, ready, foes)
        a: str
        f: str
        head: str  # typed, the compiled concatenations below skip the generic "+"
        for a in pl.field:
            if a not in down and a not in attacked:
                head = "attack:" + a
                for f in foes:
                    acts.append(head + f)
        return acts

    def _attack_actions_of(self, s: EstroState, p: int, a: str) -> list[str]:
        """The attacks card ``a`` could declare now, ignoring the attacks left."""
        saved, s.attacks = s.attacks, 1
        attacked = s.attacked
        s.attacked = set()
        try:
            return [x for x in self._attack_actions(s, p) if x.split(":")[1] == a]
        finally:
            s.attacks, s.attacked = saved, attacked

    @staticmethod
    def ref(pl: Player, c: str) -> str:
        """How the opponent names card ``c`` of ``pl``: its id, or ``#slot`` if face down."""
        return f"#{pl.field.index(c)}" if c in pl.down else c

    @staticmethod
    def deref(pl: Player, token: str) -> str:
        return pl.field[int(token[1:])] if token.startswith("#") else token

    def _zone_turn_actions(self, s: EstroState, p: int) -> list[str]:
        """Zone actions usable in the player's own play and attack steps."""
        pl: Player = s.players[p]
        if pl.zone_used:
            return []
        z = s.zone
        if z == ALL_ZONES:
            return self.zona_turn_actions(s, p)
        if z == ARDO:
            sac = [c for c in pl.hand if self.info[c].estro == ARDO]
            tgt = [c for c in pl.field if c not in pl.down and self.estro(s, p, c) == ARDO]
            return [f"zone:militare:{h}:{t}" for h in sac for t in tgt]
        if z == MANPO:
            return [
                f"zone:controllo:{c}"
                for c in pl.field
                if c not in pl.down and self.estro(s, p, c) != MANPO
            ]
        return []

    def _turn_action(self, s: EstroState, p: int, action: str, events: list[Event]) -> None:
        parts = action.split(":")
        verb = parts[0]
        pl: Player = s.players[p]
        if verb == "play":
            c = parts[1]
            pl.hand.remove(c)
            pl.field.append(c)
            s.plays -= 1
            s.played += 1
            if len(parts) > 3:  # Zona di Conquista: the zone it is played into
                self.place(pl, c, ZONE_IDS.index(parts[3]))
            if parts[2] == "down":
                pl.down.add(c)
                if events is not QUIET:
                    events.append(
                        event(
                            "play",
                            {"player": p, "card": c, "face_down": True},
                            (p,),
                            {"player": p, "face_down": True},
                        )
                    )
            else:
                if events is not QUIET:
                    events.append(
                        _new(
                            Event,
                            ("play", {"player": p, "card": c, "face_down": False}, None, None),
                        )
                    )
                self.trigger_entry(s, p, c)
        elif verb == "reveal":
            c = parts[1]
            pl.down.discard(c)
            s.plays -= 1
            s.played += 1
            if events is not QUIET:
                events.append(_new(Event, ("reveal", {"player": p, "card": c}, None, None)))
            self.trigger_entry(s, p, c)
        elif verb == "pass":
            s.plays = 0
        elif verb == "attack":
            s.attacks -= 1
            s.attacked.add(parts[1])
            s.battle = Battle(p, parts[1], self.deref(s.players[1 - p], parts[2]))
            s.steps.append(("battle", "declare"))
        elif verb == "end":
            s.attacks = 0
            s.phase = "battle"
            s.steps.append(("end", "discard"))
        elif verb == "zone":
            self._zone_action(s, p, parts, events)
        elif verb == "chimera":
            self._chimera_action(s, p, parts, events)
        elif verb == "fessura":
            self.fessura_action(s, p, parts[1], events)
        elif verb == "attach":
            self.attach(s, p, parts[1], parts[2], events)
        elif verb == "manpo":
            self.manpo_play(s, p, parts[1], events)
        else:  # pragma: no cover - every legal action is handled above
            raise TavoloError(f"estro: unhandled action {action!r}")

    def _chimera_action(self, s: EstroState, p: int, parts: list[str], events: list[Event]) -> None:
        pl: Player = s.players[p]
        if parts[1] == "declare":
            pl.chimera_turn = s.turn
            events.append(event("chimera_declared", {"player": p}))
            return
        host, guest = parts[1], parts[2]
        c = chimera_id(host, guest)
        self.info[c]  # builds the Chimera's card facts
        pl.hand.remove(host)
        pl.hand.remove(guest)
        pl.field.append(c)
        pl.chimera_turn = 0
        s.plays -= 1  # the two cards count as one play
        s.played += 1
        events.append(event("chimera", {"player": p, "host": host, "guest": guest, "card": c}))
        self.trigger_entry(s, p, c)

    def estri(self, s: EstroState, p: int, c: str) -> tuple[int, ...]:
        """The estri card (p, c) counts as: its own, or both of a Chimera's (its owner
        picks the primary one in battle); a zone that converts a Chimera fixes it."""
        if "+" not in c:
            return (self.estro(s, p, c),)
        host, guest = c.split("+", 1)
        both = (self.info[host].estro, self.info[guest].estro)
        e = s.players[p].estro.get(c)
        if e is not None and e not in both:
            return (e,)
        return both if both[0] != both[1] else both[:1]

    def _step_chimera(self, s: EstroState, step: Step, events: list[Event]) -> bool:
        _, q, c = step
        if c in s.players[q].field and len(self.estri(s, q, c)) > 1:
            return True
        s.steps.pop()
        return False

    def _ask_chimera(self, s: EstroState, step: Step) -> Decision:
        _, q, c = step
        acts = tuple(f"estro:{ESTRI[e]}" for e in self.estri(s, q, c))
        return Decision(q, "chimera_estro", acts, {"card": c})

    def _answer_chimera(self, s: EstroState, d: Decision, action: str, events: list[Event]) -> None:
        _, q, c = s.steps.pop()
        e = ESTRI.index(action.split(":")[1])
        s.players[q].estro[c] = e
        events.append(event("chimera_estro", {"player": q, "card": c, "estro": ESTRI[e]}))

    def _zone_action(self, s: EstroState, p: int, parts: list[str], events: list[Event]) -> None:
        pl: Player = s.players[p]
        which = parts[1]
        if s.zone == ALL_ZONES:
            self.zona_use(pl, which)
        else:
            pl.zone_used = True
        if which == "militare":
            h, t = parts[2], parts[3]
            pl.hand.remove(h)
            pl.inc.append(h)
            self.add_mods(s, p, t, (4, 0, 0, 0, 0))
            events.append(event("zone", {"player": p, "zone": which, "sacrificed": h, "card": t}))
            if s.mf & QUADRANTE:  # a sacrifice spins the dial too (digest, mode 11)
                self.spin_dial(s, p, h, events)
        elif which == "controllo":
            pl.estro[parts[2]] = MANPO
            events.append(event("zone", {"player": p, "zone": which, "card": parts[2]}))
        else:
            b: Battle | None = s.battle
            assert b is not None
            b.zoned = True
            mine_attacking = b.ap == p
            if which == "sviluppo_tech":  # swap the opposing card's ATK and DEF
                delta = b.ddelta if mine_attacking else b.adelta
                owner = 1 - p
                card = b.d if mine_attacking else b.a
                v = self.battle_stats(s, owner, card, delta)
                delta[0] += v[1] - v[0]
                delta[1] += v[0] - v[1]
            elif which == "civile":  # double our Illusio card's DEX in this battle
                (b.amul if mine_attacking else b.dmul)[ILLUSIO] = 2
                card = b.a if mine_attacking else b.d
            else:
                card = b.d
            events.append(event("zone", {"player": p, "zone": which, "card": card}))

    # ----------------------------------------------------------------- card numbers --
    def estro(self, s: EstroState, p: int, c: str) -> int:
        pl: Player = s.players[p]
        e = pl.estro.get(c)
        if e is not None:
            return e
        ci: CardInfo = self.info[c]
        return ci.estro

    def stats(self, s: EstroState, p: int, c: str, live: list[LiveAura] | None = None) -> list[int]:
        """A field card's five stats with lasting changes, the zone (E-10) and auras.

        ``live``: the auras acting now (``acting_auras``), for a caller weighing several
        cards in one state; None finds them."""
        pl: Player = s.players[p]
        if c in pl.down:
            return [0, 0, 0, 0, 0]
        info: CardInfo = self.info[c]
        base = info.stats
        m = pl.mods.get(c)
        if m is None:
            v = list(base)
        else:  # (five stats: in line, as zip() is a Python call on compiled code)
            v = [base[0] + m[0], base[1] + m[1], base[2] + m[2], base[3] + m[3], base[4] + m[4]]
        e = pl.estro.get(c)
        if e is None:
            e = info.estro
        z = s.zone
        if e == z or (z == ALL_ZONES and self.zone_of(s, p, c) == e):
            v[e] += _ZONE_BONUS
        if live is None:
            live = self.acting_auras(s)
        if live is None:  # Zona di Conquista: an aura reaches only its own zone
            self.apply_auras(s, p, c, e, v)
        elif live:
            add_auras(live, p, c, e, v)
        return v

    def acting_auras(self, s: EstroState) -> list[LiveAura] | None:
        """The auras acting on every card now ([] when no aura card is on the field); None
        where they differ from card to card (Zona di Conquista)."""
        auras: set[str] = self.aura_cards
        if auras:
            p0: Player = s.players[0]
            p1: Player = s.players[1]
            if not (auras.isdisjoint(p0.field) and auras.isdisjoint(p1.field)):
                return self.shared_auras(s)
        return []

    def tot(self, s: EstroState, p: int, c: str) -> int:
        v = self.stats(s, p, c)
        return v[0] + v[1] + v[2] + v[3] + v[4]  # (sum() is a Python call on compiled code)

    def battle_stats(self, s: EstroState, p: int, c: str, delta: list[int]) -> list[int]:
        v = self.stats(s, p, c)
        if delta != _ZEROS:
            return [
                v[0] + delta[0],
                v[1] + delta[1],
                v[2] + delta[2],
                v[3] + delta[3],
                v[4] + delta[4],
            ]
        return v

    def add_mods(self, s: EstroState, p: int, c: str, delta: Iterable[int]) -> None:
        pl: Player = s.players[p]
        old = pl.mods.get(c, (0, 0, 0, 0, 0))
        pl.mods[c] = tuple(a + b for a, b in zip(old, delta, strict=True))  # type: ignore[assignment]

    def on_field(self, s: EstroState, p: int, c: str) -> bool:
        pl: Player = s.players[p]
        return c in pl.field

    # ------------------------------------------------------------------ turn steps --
    def _step_start(self, s: EstroState, step: Step, events: list[Event]) -> bool:
        """The first turn of a game (the end of a turn starts the next one at once)."""
        s.steps.pop()
        self._start_turn(s, events)
        return False

    def _start_turn(self, s: EstroState, events: list[Event]) -> None:
        """E-4 (1): a new turn; the draw is mandatory, and E-14 (b) may end the game."""
        p = s.active = 1 - s.active
        pl: Player = s.players[p]
        turn = s.turn = s.turn + 1
        s.phase = "play"
        s.plays = 1 + pl.extra_plays
        s.attacks = ATTACKS_PER_TURN + pl.extra_attacks
        pl.extra_plays = pl.extra_attacks = 0
        if pl.chimera_turn and turn > pl.chimera_turn + 2:
            pl.chimera_turn = 0  # a declared Chimera not made on the next turn lapses
            events.append(event("chimera_lapsed", {"player": p}))
        s.played = 0
        s.attacked.clear()
        if events is not QUIET:
            events.append(
                _new(
                    Event,
                    ("turn", {"player": p, "round": (turn + 1) // 2, "turn": turn}, None, None),
                )
            )
        deck = pl.deck
        if s.mf and self.mode_draw(s, p, pl, events):
            return
        if deck:  # the draw, inlined
            c = deck.pop()
            pl.hand.append(c)
            if events is not QUIET:
                events.append(_new(Event, ("draw", {"player": p, "card": c}, (p,), {"player": p})))
        else:
            events.append(event("deck_empty", {"player": p}))
            if not pl.hand:
                self._finish(s, 1 - p, "no_cards", events)
                return
        if not self._turn_start.isdisjoint(pl.field):
            self.trigger_all(s, p, "turn_start")

    def draw(self, s: EstroState, p: int, events: list[Event]) -> bool:
        pl: Player = s.players[p]
        if not pl.deck:
            events.append(event("deck_empty", {"player": p}))
            return False
        c = pl.deck.pop()
        pl.hand.append(c)
        if events is not QUIET:
            events.append(event("draw", {"player": p, "card": c}, (p,), {"player": p}))
        return True

    def _step_end(self, s: EstroState, step: Step, events: list[Event]) -> bool:
        """E-4 (4): discard down to five, turn-end gifts, then E-14 (a) and (c)."""
        p = s.active
        stage = step[1]
        if stage == "discard":
            if len(s.players[p].hand) > HAND_LIMIT:
                return True
            if s.mf & NECRO and self.necro_summon_due(s, p):
                s.steps[-1] = ("end", "gifts")
                s.steps.append(("necro", "summon"))
                return False
            stage = "gifts"
        if stage == "gifts" and self.turn_end_gifts(s, p, ("end", "check")):
            return False
        s.steps.pop()
        if s.mf & ZONA:  # no round-5 or round-19 rule: conquest, checked each round
            if s.turn % 2 == 0 and self.zona_winner(s, events):
                return False
            self._start_turn(s, events)
            return False
        if s.turn >= (self.field_check_turn(s) if s.mf else 2 * FIELD_CHECK_AFTER_ROUND):
            empty = [not pl.field for pl in s.players]
            if empty[0] != empty[1]:
                self._finish(s, 1 if empty[0] else 0, "empty_field", events)
                return False
        if s.turn >= 2 * LAST_ROUND:
            counts = [len(pl.field) for pl in s.players]
            tots = [sum(self.tot(s, q, c) for c in s.players[q].field) for q in (0, 1)]
            if counts[0] > counts[1] and tots[0] > tots[1]:
                self._finish(s, 0, "last_round", events)
            elif counts[1] > counts[0] and tots[1] > tots[0]:
                self._finish(s, 1, "last_round", events)
            else:
                self._finish(s, None, "last_round", events)
            return False
        self._start_turn(s, events)  # the "start" step, run at once
        return False

    def _ask_end(self, s: EstroState, step: Step) -> Decision:
        p = s.active
        return Decision(p, "discard", tuple(f"discard:{c}" for c in s.players[p].hand))

    def _finish(self, s: EstroState, winner: int | None, reason: str, events: list[Event]) -> None:
        s.result = (0.5, 0.5) if winner is None else (1.0, 0.0) if winner == 0 else (0.0, 1.0)
        s.reason = reason
        s.phase = "over"
        s.steps.clear()
        s.battle = None
        events.append(event("end", {"winner": winner, "reason": reason, "round": s.round}))

    # -------------------------------------------------------------------- battle --
    def judge(self, s: EstroState) -> combat.Verdict:
        b: Battle | None = s.battle
        assert b is not None
        ap, dp = b.ap, 1 - b.ap
        return combat.judge(
            self.battle_stats(s, ap, b.a, b.adelta),
            self.estro(s, ap, b.a),
            self.battle_stats(s, dp, b.d, b.ddelta),
            self.estro(s, dp, b.d),
            b.adie,
            b.ddie,
            tuple(b.amul),
            tuple(b.dmul),
        )

    def _judge(self, s: EstroState, b: Battle, events: list[Event]) -> str:
        """``judge`` with plain ints, its verdict stored on the battle and told as the
        ``battle`` event (the same numbers as ``combat.judge``, checked by a test); this
        runs in every battle, the hottest path of a playout."""
        ap = b.ap
        dp = 1 - ap
        a, d = b.a, b.d
        pls = s.players
        info = self.info
        live = self.acting_auras(s)  # one aura pass for both cards
        av = self.stats(s, ap, a, live)
        dv = self.stats(s, dp, d, live)
        apl: Player = pls[ap]
        dpl: Player = pls[dp]
        ae = apl.estro.get(a)
        if ae is None:
            ci: CardInfo = info[a]
            ae = ci.estro
        de = dpl.estro.get(d)
        if de is None:
            ci = info[d]
            de = ci.estro
        # (the five stats in line: any() and zip() are Python calls on compiled code)
        delta = b.adelta
        if delta != _ZEROS:
            av = [
                av[0] + delta[0],
                av[1] + delta[1],
                av[2] + delta[2],
                av[3] + delta[3],
                av[4] + delta[4],
            ]
        delta = b.ddelta
        if delta != _ZEROS:
            dv = [
                dv[0] + delta[0],
                dv[1] + delta[1],
                dv[2] + delta[2],
                dv[3] + delta[3],
                dv[4] + delta[4],
            ]
        adie, ddie = b.adie, b.ddie
        if adie is not None and ae in _DIE_FACES[adie]:
            av[ae] += _DIE_BONUS
        if ddie is not None and de in _DIE_FACES[ddie]:
            dv[de] += _DIE_BONUS
        mul = b.amul
        if mul != _ONES:
            av = [av[0] * mul[0], av[1] * mul[1], av[2] * mul[2], av[3] * mul[3], av[4] * mul[4]]
        mul = b.dmul
        if mul != _ONES:
            dv = [dv[0] * mul[0], dv[1] * mul[1], dv[2] * mul[2], dv[3] * mul[3], dv[4] * mul[4]]
        matchup = _MATCHUP[ae][de]
        apri = av[ae]
        dpri = dv[de]
        atot = av[0] + av[1] + av[2] + av[3] + av[4] + matchup  # (not sum(): a Python call)
        dtot = dv[0] + dv[1] + dv[2] + dv[3] + dv[4]
        if apri >= 2 * dpri + 1:
            rule = "primary"
        elif atot > dtot:
            rule = "tot"
        else:
            rule = "none"
        b.rule = rule
        if events is not QUIET:
            events.append(
                _new(
                    Event,
                    (
                        "battle",
                        {
                            "player": ap,
                            "attacker": a,
                            "defender": d,
                            "att_die": adie,
                            "def_die": ddie,
                            "att_primary": apri,
                            "def_primary": dpri,
                            "att_tot": atot,
                            "def_tot": dtot,
                            "matchup": matchup,
                            "rule": rule,
                        },
                        None,
                        None,
                    ),
                )
            )
        return rule

    def _zone_window(self, s: EstroState, p: int, card: str) -> list[str]:
        """Zone actions player ``p`` may still use during an attack, ``card`` being theirs:
        the battle ones (Sviluppo Tech, Civile) and those of the turn (Militare, Controllo),
        all of which can change the battle's outcome."""
        pl: Player = s.players[p]
        if pl.zone_used:
            return []
        if s.zone == ALL_ZONES:
            return self.zona_window(s, p, card)
        if s.zone == GRANITO:
            return ["zone:sviluppo_tech"]
        if s.zone == ILLUSIO:
            return ["zone:civile"] if self.estro(s, p, card) == ILLUSIO else []
        return self._zone_turn_actions(s, p)

    def _step_battle(self, s: EstroState, step: Step, events: list[Event]) -> bool:
        b: Battle | None = s.battle
        assert b is not None
        stage: str = step[1]  # (typed: compared as str, not through PyUnicode_Compare)
        if stage == "done":  # the battle is over, once its destruction is resolved
            s.steps.pop()
            s.battle = None
            return False
        ap, dp = b.ap, 1 - b.ap
        if stage == "declare":
            dpl: Player = s.players[dp]
            d_down = b.d in dpl.down
            if events is not QUIET:
                events.append(
                    _new(
                        Event,
                        (
                            "attack",
                            {
                                "player": ap,
                                "attacker": b.a,
                                "defender": None if d_down else b.d,
                                "slot": dpl.field.index(b.d),
                            },
                            None,
                            None,
                        ),
                    )
                )
            s.steps[-1] = step = ("battle", "roll")
            depth = len(s.steps)
            info = self.info
            if not d_down and info[b.d].trigger == "defend":
                self.trigger(s, dp, b.d, "defend")
            if info[b.a].trigger == "attack":
                self.trigger(s, ap, b.a, "attack")
            if "+" in b.d:  # Chimeras pick their primary estro first, the attacker's first
                s.steps.append(("chimera", dp, b.d))
            if "+" in b.a:
                s.steps.append(("chimera", ap, b.a))
            if len(s.steps) != depth:
                return False
            stage = "roll"  # no gift answered the declaration: roll straight away
        elif stage in ("roll", "att_window", "def_window", "redirect") and not (
            self.on_field(s, ap, b.a) and self.on_field(s, dp, b.d)
        ):
            events.append(event("attack_void", {"player": ap, "attacker": b.a}))
            s.steps[-1] = ("battle", "done")
            return False
        if stage == "roll":
            dpl = s.players[dp]
            if b.d in dpl.down:  # E-6: a face-down card falls to any attack
                b.rule = "face_down"
                if events is not QUIET:
                    events.append(
                        _new(
                            Event,
                            (
                                "battle",
                                {
                                    "player": ap,
                                    "attacker": b.a,
                                    "defender": None,
                                    "rule": "face_down",
                                },
                                None,
                                None,
                            ),
                        )
                    )
                s.steps[-1] = ("battle", "done")
                s.steps.append(("destroy", dp, b.d, "battle", "check"))
                return False
            rng = s.rng
            b.adie = rng.roll(6, "attacker")
            # E-7: the defender rolls from round 2 on, or for a card a gift put on the field
            b.ddie = rng.roll(6, "defender") if s.turn > 2 or b.d in dpl.summoned else None
            if s.mf & SOGNO:
                self.sogno_battle(s, b)
            if s.mf & MNEMONICA:  # the attacker declares the outcome before it is shown
                events.append(event("dice", {"player": ap, "att_die": b.adie, "def_die": b.ddie}))
                s.steps[-1] = ("battle", "declare_outcome")
                return True
            destroyed = self._judge(s, b, events) != "none"
            if not destroyed and not s.players[ap].zone_used and self._zone_window(s, ap, b.a):
                s.steps[-1] = ("battle", "att_window")
                return True
            return self._after_verdict(s, destroyed)
        return True  # att_window, def_window, redirect: waiting for a decision

    def _after_verdict(self, s: EstroState, destroyed: bool) -> bool:
        b: Battle | None = s.battle
        assert b is not None
        dp = 1 - b.ap
        if destroyed:
            if not s.players[dp].zone_used and self._zone_window(s, dp, b.d):
                s.steps[-1] = ("battle", "def_window")
                return True
            s.steps[-1] = ("battle", "done")
            s.steps.append(("destroy", dp, b.d, "battle", "check"))
            return False
        s.steps.pop()  # the attack failed: the battle is over at once
        s.battle = None
        return False

    def _ask_battle(self, s: EstroState, step: Step) -> Decision:
        b: Battle | None = s.battle
        assert b is not None
        stage = step[1]
        if stage == "declare_outcome":
            return Decision(b.ap, "declare", ("declare:destroyed", "declare:survives"))
        if stage == "att_window":
            return Decision(b.ap, "battle_zone", (*self._zone_window(s, b.ap, b.a), "pass"))
        if stage == "def_window":
            dp = 1 - b.ap
            return Decision(dp, "defend_zone", (*self._zone_window(s, dp, b.d), "pass"))
        opp: Player = s.players[1 - b.ap]
        others = [f"redirect:{self.ref(opp, c)}" for c in opp.field if c != b.d]
        if s.mf & (SOGNO | ZONA):  # only cards the attacker could have attacked
            foes = {a.split(":", 2)[2] for a in self._attack_actions_of(s, b.ap, b.a)}
            others = [r for r in others if r.split(":", 1)[1] in foes]
        return Decision(b.ap, "redirect", ("pass", *others))

    def _answer_battle(self, s: EstroState, d: Decision, action: str, events: list[Event]) -> None:
        b: Battle | None = s.battle
        assert b is not None
        stage = s.steps[-1][1]
        if stage == "declare_outcome":
            verdict: list[Event] = []  # told after the call, which was made before it
            destroyed = self._judge(s, b, verdict) != "none"
            self.judge_declaration(s, action == "declare:destroyed", destroyed, events)
            events += verdict
            if not destroyed and not s.players[b.ap].zone_used and self._zone_window(s, b.ap, b.a):
                s.steps[-1] = ("battle", "att_window")
            else:
                self._after_verdict(s, destroyed)
            return
        if stage == "redirect":
            if action == "pass":
                s.steps[-1] = ("battle", "done")
                return
            nb = Battle(b.ap, b.a, self.deref(s.players[1 - b.ap], action.split(":")[1]))
            s.battle = nb
            events.append(
                event(
                    "redirect",
                    {
                        "player": b.ap,
                        "attacker": b.a,
                        "defender": self.ref(s.players[1 - b.ap], nb.d),
                    },
                )
            )
            s.steps[-1] = ("battle", "declare")
            return
        if action == "pass":
            if stage == "att_window":
                s.steps[-1] = ("battle", "done")
            else:
                s.steps[-1] = ("battle", "done")
                s.steps.append(("destroy", 1 - b.ap, b.d, "battle", "check"))
            return
        depth = len(s.steps)
        self._zone_action(s, d.player, action.split(":"), events)
        later = s.steps[depth:]  # a sacrifice's dial destroying a card (Quadrante)
        if later:
            del s.steps[depth:]
        b.zoned = True
        if self._judge(s, b, events) != "none":
            if stage == "att_window":
                self._after_verdict(s, True)
            else:
                s.steps[-1] = ("battle", "done")
                s.steps.append(("destroy", 1 - b.ap, b.d, "battle", "check"))
        elif len(s.players[1 - b.ap].field) > 1:
            # a zone action during an attack lets the attacker stop it and pick another card
            s.steps[-1] = ("battle", "redirect")
        else:
            s.steps[-1] = ("battle", "done")
        if later:  # resolved first: the dial acts with the sacrifice
            s.steps.extend(later)

    # ----------------------------------------------------------------- destruction --
    def _step_destroy(self, s: EstroState, step: Step, events: list[Event]) -> bool:
        """E-11/E-12: protections, the card's own last gift, the Medical zone, then out."""
        _, p, c, cause, stage = step
        pl: Player = s.players[p]
        if c not in pl.field:
            s.steps.pop()
            return False
        if stage == "check":
            was_down = c in pl.down
            if was_down:  # E-6: revealed as it falls; a gift on death may still save it
                pl.down.discard(c)
                events.append(
                    _new(Event, ("reveal", {"player": p, "card": c, "falling": True}, None, None))
                )
            if pl.shield.get(c, 0) >= s.turn:
                events.append(event("protected", {"player": p, "card": c}))
                s.steps.pop()
                return False
            if was_down and s.mf & IMBOSCATA and self.ambushers(s, p):
                s.steps[-1] = ("destroy", p, c, cause, "ambush")  # before any other answer
                return True
            stage = "gift"
        if stage == "ambush":
            return True
        if stage == "gift":
            s.flags.pop("saved", None)
            if self.info[c].trigger == "destroyed":
                s.steps[-1] = ("destroy", p, c, cause, "saving")
                depth = len(s.steps)
                self.trigger(s, p, c, "destroyed")
                if len(s.steps) != depth:
                    return False
            stage = "saving"  # no gift of its own to try: go on at once
        if stage == "saving":
            if s.flags.pop("saved", None):
                events.append(event("saved", {"player": p, "card": c, "by": "gift"}))
                s.steps.pop()
                return False
            if (
                (s.zone == ARMONIO and not pl.zone_used)
                or (s.mf & NECRO and pl.necro >= 2)
                or (s.mf & ZONA and self.zona_medica(s, p, c))
            ):
                s.steps[-1] = ("destroy", p, c, cause, "medica")
                return True
            stage = "final"
        if stage == "medica":
            return True
        s.steps.pop()
        self.remove_from_field(s, p, c)
        pl.inc.extend(chimera_parts(c))
        if events is not QUIET:
            events.append(
                _new(Event, ("destroyed", {"player": p, "card": c, "cause": cause}, None, None))
            )
        if s.mf:
            self.after_destroyed(s, p, c, cause, events)
        return False

    def remove_from_field(self, s: EstroState, p: int, c: str) -> None:
        pl: Player = s.players[p]
        pl.field.remove(c)
        pl.down.discard(c)
        pl.summoned.discard(c)
        pl.shield.pop(c, None)
        pl.estro.pop(c, None)
        pl.mods.pop(c, None)  # a once-gift's changes last until the card leaves the field

    def _ask_destroy(self, s: EstroState, step: Step) -> Decision:
        p, c = step[1], step[2]
        pl: Player = s.players[p]
        if step[4] == "ambush":
            acts = tuple(f"ambush:{x}" for x in self.ambushers(s, p))
            return Decision(p, "ambush", (*acts, "pass"), {"card": c})
        medica = s.zone == ARMONIO and not pl.zone_used
        if s.mf & ZONA:
            medica = self.zona_medica(s, p, c)
        if not (s.mf & NECRO and pl.necro >= 2):
            return Decision(p, "save_zone", ("zone:medica", "pass"), {"card": c})
        acts = ("zone:medica", "necro:protect", "pass") if medica else ("necro:protect", "pass")
        return Decision(p, "save_card", acts, {"card": c})

    def _answer_destroy(self, s: EstroState, d: Decision, action: str, events: list[Event]) -> None:
        _, p, c, cause, stage = s.steps[-1]
        if stage == "ambush":
            s.steps[-1] = ("destroy", p, c, cause, "gift")
            if action != "pass":
                self.ambush(s, p, action.split(":")[1], c, events)
            return
        if action == "pass":
            s.steps[-1] = ("destroy", p, c, cause, "final")
            return
        if action == "necro:protect":  # no redirect: the protection was declared in time
            self._spend(s, p, 2, "protect", events)
            s.players[p].shield[c] = s.turn + 1
            events.append(event("protected", {"player": p, "card": c, "by": "necrotoken"}))
            s.steps.pop()
            return
        if s.mf & ZONA:
            s.players[p].zused |= 1 << ARMONIO
        else:
            s.players[p].zone_used = True
        events.append(event("zone", {"player": p, "zone": "medica", "card": c}))
        events.append(event("saved", {"player": p, "card": c, "by": "zone"}))
        s.steps.pop()
        b: Battle | None = s.battle
        # a zone action during an attack lets the attacker redirect it (digest, zones)
        if (
            cause == "battle"
            and b is not None
            and b.d == c
            and s.steps[-1] == ("battle", "done")
            and len(s.players[1 - b.ap].field) > 1
        ):
            b.zoned = True
            s.steps[-1] = ("battle", "redirect")

    # ---------------------------------------------------------------- step answers --
    def _answer_step(self, s: EstroState, d: Decision, action: str, events: list[Event]) -> None:
        kind = s.steps[-1][0]
        if kind == "end":
            c = action.split(":")[1]
            pl: Player = s.players[d.player]
            pl.hand.remove(c)
            pl.inc.append(c)
            events.append(event("discard", {"player": d.player, "card": c}))
        elif kind == "battle":
            self._answer_battle(s, d, action, events)
        elif kind == "destroy":
            self._answer_destroy(s, d, action, events)
        elif kind == "gift":
            self.answer_gift(s, d, action, events)
        elif kind == "revive":
            self.answer_revive(s, d, action, events)
        elif kind == "chimera":
            self._answer_chimera(s, d, action, events)
        elif kind == "necro":
            self.answer_necro(s, d, action, events)

    # ------------------------------------------------------------------- results --
    def returns(self, s: EstroState) -> tuple[float, ...]:
        return s.result if s.result is not None else (0.5, 0.5)

    def metrics(self, s: EstroState) -> dict[str, float]:
        """Rounds and turns, and who won by the order of play (the first player's share
        is a balance target: 45-55%)."""
        out = {"rounds": float(s.round), "turns": float(s.turn)}
        if s.result is not None:
            first = s.first
            out["plays first_player"] = out["plays second_player"] = 1.0
            out["wins first_player"] = float(s.result[first] == 1.0)
            out["wins second_player"] = float(s.result[1 - first] == 1.0)
        return out

    # ----------------------------------------------------------------- plain data --
    def to_json(self, s: EstroState) -> dict[str, Any]:
        return s.to_json()  # (a table mode's state writes its own fields too)

    def from_json(self, data: Mapping[str, Any]) -> EstroState:
        s = self.state_class.from_json(dict(data))  # a table mode's own state class
        for pl in s.players:
            for c in pl.field:
                self.info[c]  # a Chimera's facts are built on first use
        return s
