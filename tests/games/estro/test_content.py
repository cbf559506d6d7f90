"""Estro content: the 250-card collection, the zones, the example decks and content errors."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any, get_args

import pytest
import yaml

from tavolo.engine import ConfigError, ContentError, registry
from tavolo.games.estro import schema
from tavolo.games.estro.content import (
    CONTENT,
    Collection,
    default_collection,
    load_collection,
    load_deck,
)
from tavolo.games.estro.schema import ESTRI, Card, Chance, Condition, Effect, Filter, Gift

ZONES = CONTENT / "zones.yaml"
DECKS = sorted((CONTENT / "decks").glob("*.yaml"))


@pytest.fixture(scope="module")
def coll() -> Collection:
    return default_collection()


def gifts(coll: Collection) -> Iterator[Gift]:
    return (c.gift for c in coll.cards if c.gift is not None)


def effects(coll: Collection) -> Iterator[Effect]:
    return (e for g in gifts(coll) for e in g.do)


# ---------------------------------------------------------------- the collection


def test_default_collection_sizes(coll: Collection) -> None:
    """The full game: 250 distinct cards, 50 per estro, at least 120 with a gift."""
    assert len(coll.cards) == 250
    assert len({c.id for c in coll.cards}) == 250
    assert Counter(c.estro for c in coll.cards) == {e: 50 for e in ESTRI}
    assert sum(1 for _ in gifts(coll)) >= 120
    for estro in ESTRI:  # every estro has both kinds of card in number
        assert sum(c.gift is not None for c in coll.cards if c.estro == estro) >= 20, estro
        assert sum(c.gift is None for c in coll.cards if c.estro == estro) >= 20, estro
    assert [z.estro for z in coll.zones] == list(ESTRI)


def test_names_are_short_and_plain(coll: Collection) -> None:
    for c in coll.cards:
        assert len(c.name) <= 24, c.id
        assert all(ch.isalpha() or ch == " " for ch in c.name), c.id
        assert c.name == c.name.strip() and "  " not in c.name, c.id


def test_ids_are_slugs_of_names(coll: Collection) -> None:
    for c in coll.cards:
        assert c.id == c.name.lower().replace(" ", "_"), c.id
    assert len({c.name for c in coll.cards}) == len(coll.cards)


@pytest.mark.parametrize(
    ("cid", "estro", "stats", "tot"),
    [
        ("ozok", "ardo", (16, 19, 13, 5, 19), 72),
        ("thofa", "illusio", (15, 11, 12, 28, 10), 76),
        ("madu", "illusio", (6, 8, 9, 23, 10), 56),
        ("nyxara", "illusio", (20, 9, 15, 17, 0), 61),
    ],
)
def test_named_cards(
    coll: Collection, cid: str, estro: str, stats: tuple[int, ...], tot: int
) -> None:
    card = coll.card(cid)
    assert card.name == cid.capitalize()
    assert card.estro == estro
    assert card.stats.as_tuple() == stats
    assert card.tot == tot


def test_named_gifts(coll: Collection) -> None:
    assert coll.card("ozok").gift is None
    assert coll.card("thofa").gift is None
    madu = coll.card("madu").gift
    assert madu is not None
    assert (madu.kind, madu.trigger, madu.optional) == ("once", "play", False)
    assert madu.chance == Chance(coin=True)
    assert madu.do == (Effect(stat="dex", add=10),)
    # the manual's example: after a won call, DEX 33 and TOT 66
    assert coll.card("madu").stats.dex + 10 == 33
    assert coll.card("madu").tot + 10 == 66
    nyx = coll.card("nyxara").gift
    assert nyx is not None
    assert (nyx.kind, nyx.trigger, nyx.optional) == ("once", "play", True)
    assert nyx.chance == Chance(tot=True)
    assert nyx.do == (Effect(stat="dex", mul=2),)


def test_chimera_example(coll: Collection) -> None:
    """Ozok absorbs Nyxara: the higher of each pair, TOT 90; after the gift DEX 34, TOT 107."""
    fused = [
        max(a, b)
        for a, b in zip(
            coll.card("ozok").stats.as_tuple(), coll.card("nyxara").stats.as_tuple(), strict=True
        )
    ]
    assert fused == [20, 19, 15, 17, 19]
    assert sum(fused) == 90
    fused[3] *= 2
    assert sum(fused) == 107


def test_stat_profiles(coll: Collection) -> None:
    for c in coll.cards:
        assert 50 <= c.tot <= 85, c.id
    primary_highest = sum(
        c.stats.as_tuple()[ESTRI.index(c.estro)] == max(c.stats.as_tuple()) for c in coll.cards
    )
    assert primary_highest >= len(coll.cards) - 4
    # a gift costs TOT: on average empty cards are bigger, per estro
    for estro in ESTRI:
        empty = [c.tot for c in coll.cards if c.estro == estro and c.gift is None]
        gifted = [c.tot for c in coll.cards if c.estro == estro and c.gift is not None]
        assert sum(empty) / len(empty) > sum(gifted) / len(gifted) + 5, estro


def test_power_curve_bands(coll: Collection) -> None:
    """Empty cards TOT 66-83 with primary 22-32; gift cards TOT 52-65 with primary 17-26
    (the starter set's bands, which the full collection keeps; Ozok is the manual's)."""
    for c in coll.cards:
        primary = c.stats.as_tuple()[ESTRI.index(c.estro)]
        if c.id == "ozok":
            continue
        if c.gift is None:
            assert 66 <= c.tot <= 83 and 22 <= primary <= 32, c.id
        else:
            assert 52 <= c.tot <= 65 and 17 <= primary <= 26, c.id


def test_both_gift_kinds(coll: Collection) -> None:
    assert {g.kind for g in gifts(coll)} == set(get_args(Gift.model_fields["kind"].annotation))


def test_every_trigger_is_used(coll: Collection) -> None:
    used = Counter(g.trigger for g in gifts(coll))
    assert set(used) == set(get_args(schema.Trigger))
    assert min(used.values()) >= 6, used


def test_every_chance_kind_is_used(coll: Collection) -> None:
    used = Counter(k for g in gifts(coll) if g.chance for k, v in g.chance if v is not None)
    assert set(used) == set(Chance.model_fields)
    assert min(used.values()) >= 4, used


def test_every_effect_verb_is_used(coll: Collection) -> None:
    used = Counter(e.verb for e in effects(coll))
    assert set(used) == set(schema._VERBS)
    assert min(used.values()) >= 4, used


def test_every_estro_uses_much_of_the_language(coll: Collection) -> None:
    """Each estro has its own mix, but none is confined to a corner of the gift language."""
    for estro in ESTRI:
        mine = [c.gift for c in coll.cards if c.estro == estro and c.gift is not None]
        assert len({g.trigger for g in mine}) >= 8, estro
        assert len({e.verb for g in mine for e in g.do}) >= 8, estro
        assert {g.kind for g in mine} == {"once", "passive"}, estro


def test_every_condition_is_used(coll: Collection) -> None:
    used = {k for g in gifts(coll) for c in g.if_ for k, v in c if v is not None}
    assert used == set(Condition.model_fields)


def test_every_target_filter_field_is_used(coll: Collection) -> None:
    filters = [g.target for g in gifts(coll) if g.target is not None]
    defaults = Filter()
    used = {k for f in filters for k, v in f if v != getattr(defaults, k)}
    assert used | {"side"} == set(Filter.model_fields)
    assert {f.side for f in filters} == set(get_args(Filter.model_fields["side"].annotation))


def test_every_effect_modifier_is_used(coll: Collection) -> None:
    stat_effects = [e for e in effects(coll) if e.verb == "stat"]
    assert {e.who for e in stat_effects if e.add is not None} == set(get_args(schema.Who))
    assert {e.who for e in stat_effects if e.mul is not None} >= {"self", "target", "own_all"}
    assert {e.mul for e in stat_effects} >= {None, 2, 3}
    assert "primary" in {e.stat for e in stat_effects}
    assert {e.until for e in effects(coll)} == {None, "battle", "game"}
    assert any(e.estro for e in effects(coll) if e.who == "own_all")
    assert any(e.estro for e in effects(coll) if e.who == "opp_all")
    for verb in ("destroy", "protect", "revive"):
        values = {getattr(e, verb) for e in effects(coll) if e.verb == verb}
        assert values == set(get_args(get_args(Effect.model_fields[verb].annotation)[0])), verb
    assert any(g.optional for g in gifts(coll))
    assert any(len(g.if_) > 1 for g in gifts(coll))
    assert any(len(g.do) > 1 for g in gifts(coll))


def test_unconditional_destroy_is_rare(coll: Collection) -> None:
    """A destroy effect always sits behind a chance, a condition or a face-down target."""
    for c in coll.cards:
        g = c.gift
        if g is None or not any(e.verb == "destroy" for e in g.do):
            continue
        guarded = g.chance or g.if_ or (g.target is not None and g.target.face_down)
        assert guarded, c.id
        assert c.tot <= 60, c.id


def test_zones(coll: Collection) -> None:
    ids = {z.estro: z.id for z in coll.zones}
    assert ids == {
        "ardo": "militare",
        "granito": "sviluppo_tech",
        "armonio": "medica",
        "illusio": "civile",
        "manpo": "controllo",
    }
    names = {z.id: (z.name["en"], z.name["it"]) for z in coll.zones}
    assert names["sviluppo_tech"] == ("Tech Development", "Sviluppo Tech")
    assert names["militare"] == ("Military", "Militare")
    for z in coll.zones:
        primary = schema.STATS[ESTRI.index(z.estro)].upper()
        assert f"+2 {primary}" in z.action["en"]
        assert f"+2 {primary}" in z.action["it"]
        assert z.action["en"] != z.action["it"]


# ---------------------------------------------------------------- decks


def test_example_decks_load(coll: Collection) -> None:
    assert len(DECKS) >= 2
    for path in DECKS:
        deck = load_deck(path, coll)
        assert len(deck.cards) == 20, path.name
        assert deck.name != path.stem  # each file has its own display name


def test_a_player_brings_a_starter_deck_or_a_deck_file(coll: Collection, tmp_path: Path) -> None:
    game = registry.get("estro")
    rush = load_deck(CONTENT / "decks" / "ardo_illusio_rush.yaml", coll).cards
    mine = tmp_path / "mine.json"
    mine.write_text(json.dumps(list(rush[:20])), encoding="utf-8")
    cfg = game.make_config(2, decks=["ardo_illusio_rush", str(mine)])
    first, second = cfg.options["decks"]
    assert first == second == list(rush)  # ids in the config: a replay needs no file
    s = game.new(cfg, 4)
    for pl in s.players:  # 20 chosen cards and 5 random ones, all in play
        cards = set(pl.deck) | set(pl.hand) | set(pl.field) | set(pl.inc)
        assert set(rush) <= cards and len(cards) == 25
    with pytest.raises(ConfigError, match="'nope' is neither a starter deck"):
        game.make_config(2, decks=["nope", None])
    bad = tmp_path / "bad.yaml"
    bad.write_text("cards: [ozok, thofa]\n", encoding="utf-8")
    with pytest.raises(ContentError, match=r"bad\.yaml: entry 'bad': field cards: .*20 or 25"):
        game.make_config(2, decks=[None, str(bad)])


def test_starter_cards_keep_their_numbers(coll: Collection) -> None:
    """A card's position is its number in states: the starter decks' and the digest's
    cards stay among the first 90 (new cards are added at the end of the file)."""
    starter = {c for path in DECKS for c in load_deck(path, coll).cards}
    starter |= {"ozok", "thofa", "madu", "nyxara"}
    assert max(coll.number(c) for c in starter) < 90
    assert coll.number("ozok") == 0


# ---------------------------------------------------------------- content errors


def good_card(cid: str = "good", name: str = "Good") -> dict[str, Any]:
    return {
        "id": cid,
        "name": name,
        "estro": "ardo",
        "stats": {"atk": 20, "def": 10, "hel": 10, "dex": 10, "map": 10},
    }


def write_cards(tmp_path: Path, *entries: dict[str, Any]) -> Path:
    p = tmp_path / "cards.yaml"
    p.write_text(yaml.safe_dump({"cards": list(entries)}, sort_keys=False), encoding="utf-8")
    return p


def load_error(tmp_path: Path, *entries: dict[str, Any]) -> str:
    with pytest.raises(ContentError) as err:
        load_collection(write_cards(tmp_path, good_card(), *entries), ZONES)
    return str(err.value)


def broken(**changes: Any) -> dict[str, Any]:
    card = good_card("bad", "Bad")
    card.update(changes)
    return card


def test_good_file_loads(tmp_path: Path) -> None:
    coll = load_collection(write_cards(tmp_path, good_card(), good_card("two", "Two")), ZONES)
    assert [c.id for c in coll.cards] == ["good", "two"]
    assert isinstance(coll.cards[0], Card)


@pytest.mark.parametrize(
    ("entry", "field"),
    [
        (broken(estro="rosso"), "field estro"),
        (broken(stats={"atk": -1, "def": 10, "hel": 10, "dex": 10, "map": 10}), "field stats.atk"),
        (broken(stats={"atk": 1, "def": 10, "hel": 10, "dex": 10}), "field stats.map"),
        (broken(gift={"kind": "once", "do": [{"draw": 1}]}), "field gift.trigger"),
        (broken(gift={"kind": "once", "trigger": "play"}), "field gift.do"),
        (
            broken(gift={"kind": "once", "trigger": "play", "do": [{"draw": 1, "discard": 1}]}),
            "field gift.do.0",
        ),
        (
            broken(gift={"kind": "once", "trigger": "play", "chance": {}, "do": [{"draw": 1}]}),
            "field gift.chance",
        ),
        (
            broken(gift={"kind": "once", "trigger": "play", "do": [{"destroy": "foe"}]}),
            "field gift",
        ),
        (broken(gift={"kind": "once", "trigger": "aura", "do": [{"draw": 1}]}), "field gift"),
        (
            broken(gift={"kind": "once", "trigger": "turn_end", "do": [{"extra_attack": 1}]}),
            "field gift",
        ),
        (broken(id="Bad Card"), "field id"),
        (good_card("good", "Other"), "field id: duplicate"),
        (good_card("other", "GOOD"), "field name"),
    ],
    ids=[
        "unknown-estro",
        "negative-stat",
        "missing-stat",
        "missing-trigger",
        "missing-do",
        "two-verbs",
        "empty-chance",
        "foe-outside-battle",
        "aura-with-draw",
        "extra-attack-at-turn-end",
        "bad-id",
        "duplicate-id",
        "duplicate-name",
    ],
)
def test_bad_card_names_file_entry_field(tmp_path: Path, entry: dict[str, Any], field: str) -> None:
    msg = load_error(tmp_path, entry)
    assert msg.startswith("cards.yaml: entry ")
    assert f"entry {entry['id']!r}" in msg
    assert field in msg


def test_bad_zones(tmp_path: Path) -> None:
    zones = yaml.safe_load(ZONES.read_text(encoding="utf-8"))
    del zones["zones"][0]["name"]["it"]
    p = tmp_path / "zones.yaml"
    p.write_text(yaml.safe_dump(zones), encoding="utf-8")
    with pytest.raises(ContentError, match=r"zones\.yaml: entry 'militare': field name"):
        load_collection(write_cards(tmp_path, good_card()), p)


def deck_error(tmp_path: Path, coll: Collection, cards: list[str]) -> str:
    p = tmp_path / "mydeck.yaml"
    p.write_text(yaml.safe_dump({"name": "My deck", "cards": cards}), encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_deck(p, coll)
    return str(err.value)


def test_deck_with_19_cards(tmp_path: Path, coll: Collection) -> None:
    msg = deck_error(tmp_path, coll, [c.id for c in coll.cards[:19]])
    assert "mydeck.yaml: entry 'My deck': field cards" in msg
    assert "not 19" in msg


def test_deck_with_repeated_card(tmp_path: Path, coll: Collection) -> None:
    ids = [c.id for c in coll.cards[:19]] + [coll.cards[0].id]
    msg = deck_error(tmp_path, coll, ids)
    assert "mydeck.yaml: entry 'My deck': field cards" in msg
    assert coll.cards[0].id in msg


def test_deck_with_unknown_card(tmp_path: Path, coll: Collection) -> None:
    msg = deck_error(tmp_path, coll, [c.id for c in coll.cards[:19]] + ["no_such_card"])
    assert msg == "mydeck.yaml: entry 'My deck': field cards: unknown card 'no_such_card'"
