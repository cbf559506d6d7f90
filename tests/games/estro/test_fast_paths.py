"""The shortcuts the rules take for speed (issue #2) give what the plain code gives.

The golden playthroughs pin whole games; these tests pin the shortcuts themselves on many
more positions: the plain-int battle judgement against ``combat.judge``, the card sets
by gift trigger that let a turn skip looking for gifts that cannot answer, the gifts'
play form against their card files, and the aura pass found once for many cards
against the plain card-by-card pass.
"""

from __future__ import annotations

from pydantic import BaseModel

from tavolo.engine import RNG, registry
from tavolo.games.estro import gift_play, schema
from tavolo.games.estro.game import EstroGame
from tavolo.games.estro.gift_play import fields_of
from tavolo.games.estro.rules import EstroRules
from tavolo.games.estro.schema import ESTRI, STATS
from tavolo.games.estro.state import Battle, EstroState

GAME: EstroGame = registry.get("estro")  # type: ignore[assignment]
CONFIG = GAME.make_config()


def _random_battle(rng: RNG, ap: int, a: str, d: str) -> Battle:
    b = Battle(ap, a, d)
    b.adie = rng.roll(6)
    b.ddie = None if rng.coin() else rng.roll(6)
    if rng.chance(30):  # battle-only changes and multipliers, as gifts and zones make them
        b.adelta[rng.below(5)] += rng.below(21) - 10
        b.ddelta[rng.below(5)] += rng.below(21) - 10
    if rng.chance(20):
        b.amul[rng.below(5)] = 2
    if rng.chance(20):
        b.dmul[rng.below(5)] = 2
    return b


def test_plain_int_judge_matches_combat_judge_and_its_event() -> None:
    rng = RNG(11)
    play = RNG(12)
    checked = 0
    rules = set()
    for seed in range(60):
        s = GAME.new(CONFIG, seed)
        while (d := GAME.decision(s)) is not None:
            ap = s.active
            opp = s.players[1 - ap]
            for a in s.players[ap].field:
                if a in s.players[ap].down:
                    continue
                for dc in opp.field:
                    c = s.clone()
                    b = c.battle = _random_battle(rng, ap, a, dc)
                    v = GAME.judge(c)
                    events: list = []
                    assert GAME._judge(c, b, events) == v.rule == b.rule
                    (event,) = events
                    assert event.kind == "battle" and event.to is None
                    want = {
                        "player": ap,
                        "attacker": a,
                        "defender": dc,
                        "att_die": v.attacker.die,
                        "def_die": v.defender.die,
                        "att_primary": v.attacker.primary,
                        "def_primary": v.defender.primary,
                        "att_tot": v.attacker.tot,
                        "def_tot": v.defender.tot,
                        "matchup": v.attacker.matchup,
                        "rule": v.rule,
                    }
                    assert list(event.data.items()) == list(want.items())  # order too
                    rules.add(v.rule)
                    checked += 1
            GAME.apply(s, d.actions[play.below(len(d.actions))])
    assert checked > 5000 and rules == {"primary", "tot", "none"}


def test_cards_by_trigger_cover_every_card_and_each_chimera_built() -> None:
    info = GAME.info
    for i in GAME.ids:
        trig = info[i].trigger
        assert trig is None or i in info.by_trigger[trig]
    built = set(info.keys())  # CardTable's ``in`` also answers True for unbuilt Chimeras
    # a pair no earlier test built (the card table is shared by every test of the process)
    host, guest = next(
        (h, g)
        for h in GAME.ids
        if info[h].gift is None
        for g in GAME.ids
        if info[g].trigger == "turn_start" and f"{h}+{g}" not in built
    )
    chimera = f"{host}+{guest}"
    assert chimera not in GAME._turn_start
    assert info[chimera].trigger == "turn_start"  # built on first use
    assert chimera in GAME._turn_start and chimera in info.by_trigger["turn_start"]


def _same(play: object, model: object, where: str) -> None:
    """A play-form object holds its schema model's fields, under the same names."""
    assert isinstance(model, BaseModel), where
    extra = {"Effect": {"verb"}, "Gift": {"source", "aura"}}.get(type(play).__name__, set())
    assert set(fields_of(play)) == set(type(model).model_fields) | extra, where
    for name in type(model).model_fields:
        mine, theirs = getattr(play, name), getattr(model, name)
        if isinstance(theirs, BaseModel):
            _same(mine, theirs, f"{where}.{name}")
        elif isinstance(theirs, tuple) and theirs and isinstance(theirs[0], BaseModel):
            assert len(mine) == len(theirs), f"{where}.{name}"
            for i, (a, b) in enumerate(zip(mine, theirs, strict=True)):
                _same(a, b, f"{where}.{name}[{i}]")
        else:
            assert mine == theirs and type(mine) is type(theirs), f"{where}.{name}"
    if isinstance(model, schema.Effect):
        assert play.verb == model.verb, where  # type: ignore[attr-defined]


def test_every_gift_is_read_in_a_play_form_that_says_what_its_card_file_says() -> None:
    gifted = [c for c in GAME.collection.cards if c.gift is not None]
    assert len(gifted) >= 120
    for card in gifted:
        g = GAME.info[card.id].gift
        assert isinstance(g, gift_play.Gift) and g.source is card.gift, card.id
        _same(g, card.gift, card.id)
        # an aura's additions, each as its effect says (auras only add to stats)
        if g.trigger == "aura":
            assert [(e.who, e.estro, e.stat, e.add) for e in g.do] == [
                (w, None if k < 0 else ESTRI[k], "primary" if i < 0 else STATS[i], n)
                for w, k, i, n in g.aura
            ], card.id
        else:
            assert g.aura == (), card.id
    # a Chimera's gift is its guest's, the same object
    host = next(c.id for c in GAME.collection.cards if c.gift is None)
    guest = gifted[0].id
    assert GAME.info[f"{host}+{guest}"].gift is GAME.info[guest].gift


def test_a_play_form_copy_changes_only_the_field_it_names() -> None:
    card = next(c for c in GAME.collection.cards if c.gift is not None and c.gift.if_)
    g = GAME.info[card.id].gift
    assert g is not None
    e = g.do[0]
    moved = e.aimed("foe" if e.who != "foe" else "self")
    assert moved.who != e.who and moved is not e
    rest = {k: v for k, v in fields_of(e).items() if k != "who"}
    assert {k: v for k, v in fields_of(moved).items() if k != "who"} == rest
    k = g.if_[0]
    free = k.without_zone()
    assert free.zone is None and free is not k
    rest = {n: v for n, v in fields_of(k).items() if n != "zone"}
    assert {n: v for n, v in fields_of(free).items() if n != "zone"} == rest


def _auras_by_the_card_files(s: EstroState, p: int, c: str, e: int) -> list[int]:
    """What the auras add to card (p, c), worked out card by card from the card files:
    the plain aura pass, with an inhibited aura counting as face down."""
    out = [0, 0, 0, 0, 0]
    hidden = [
        (pl, x) for pl in s.players for x in pl.inhibited if x in pl.field and x not in pl.down
    ]
    for pl, x in hidden:
        pl.down.add(x)
    try:
        for q, pl in enumerate(s.players):
            for x in pl.field:
                info = GAME.info[x]
                if info.trigger != "aura" or x in pl.down:
                    continue
                assert info.gift is not None
                if info.gift.if_ and not GAME._holds(s, q, x, info.gift.if_):
                    continue
                for eff in info.gift.source.do:
                    want = eff.estro is None or ESTRI.index(eff.estro) == e
                    if eff.who == "self":
                        hit = q == p and x == c
                    else:
                        hit = (q == p if eff.who == "own_all" else q != p) and want
                    if hit and eff.add is not None:
                        out[e if eff.stat == "primary" else STATS.index(eff.stat or "atk")] += (
                            eff.add
                        )
    finally:
        for pl, x in hidden:
            pl.down.discard(x)
    return out


def _face_up_cards(s: EstroState) -> list[tuple[int, str]]:
    return [(q, c) for q, pl in enumerate(s.players) for c in pl.field if c not in pl.down]


def test_the_shared_aura_pass_adds_what_the_card_files_say() -> None:
    """live_auras + add_auras (found once, added per card) against the plain pass, on
    every decision of random games where auras, inhibited gifts and Chimeras meet."""
    rng = RNG(21)
    checked = 0
    for mode in ("standard", "necrotoken", "standard+imboscata", "standard+chimera"):
        config = GAME.make_config(2, mode)
        for seed in range(25):
            s = GAME.new(config, seed)
            while (d := GAME.decision(s)) is not None:
                for q, c in _face_up_cards(s):
                    e = GAME.estro(s, q, c)
                    v = [0, 0, 0, 0, 0]
                    GAME.apply_auras(s, q, c, e, v)
                    assert v == _auras_by_the_card_files(s, q, c, e), (mode, seed, q, c)
                    # and the stats of a card weighed with the auras found once
                    live = GAME.acting_auras(s)
                    assert GAME.stats(s, q, c, live) == GAME.stats(s, q, c), (mode, seed, q, c)
                    checked += any(v)
                GAME.apply(s, d.actions[rng.below(len(d.actions))])
    assert checked > 200  # auras did act, often


def test_navi_skips_the_aura_pass_only_when_no_aura_can_act() -> None:
    """Navi's acting auras (none while every aura card is a face-down guardian) give
    the stats the 1v1 rule gives (a pass whenever an aura card is on the field)."""
    navi = GAME.tables["navi"]
    config = GAME.make_config(None, "navi")
    rng = RNG(22)
    checked = 0
    for seed in range(30):
        s = GAME.new(config, seed)
        while (d := GAME.decision(s)) is not None:
            live = navi.acting_auras(s)
            plain = EstroRules.acting_auras(navi, s)
            for q, pl in enumerate(s.players):
                for c in pl.field:
                    want = EstroRules.stats(navi, s, q, c, plain)
                    assert navi.stats(s, q, c, live) == want, (seed, q, c)
                    checked += bool(live)
            GAME.apply(s, d.actions[rng.below(len(d.actions))])
    assert checked > 100  # some positions had auras acting
