"""DungeonQuest content: counts match the facts file (rule ids DQ-n and decisions Dn)."""

from __future__ import annotations

from collections import Counter

import pytest

from tavolo.games.dungeonquest.content import CARD_DECKS, default_content
from tavolo.games.dungeonquest.effects import VERBS, walk
from tavolo.games.dungeonquest.options import Options

from .tile_facts import BASE_KINDS, ROOMS

C = default_content()


def pattern_counts(kind: str) -> dict[str, int]:
    out: Counter[str] = Counter()
    for t in C.tiles():
        if t.kind == kind:
            out[t.left + t.ahead + t.right] += 1
    return dict(out)


def test_DQ_8_115_tiles_by_kind() -> None:
    tiles = C.tiles()
    assert len(tiles) == 115
    assert len({t.id for t in tiles}) == 115
    kinds = Counter(t.kind for t in tiles)
    assert kinds == BASE_KINDS


def test_DQ_8_D18_exit_patterns() -> None:
    assert pattern_counts("room") == ROOMS
    assert pattern_counts("corridor") == {
        "OOO": 2, "OOW": 2, "WOO": 2, "OWO": 2, "WOW": 2, "OWW": 2, "WWO": 2
    }  # fmt: skip
    assert pattern_counts("trap") == {"OOO": 3, "OOW": 1, "WOO": 1}
    assert pattern_counts("portcullis") == {
        "OOO": 2, "OOW": 2, "WOO": 2, "OWO": 2, "WOW": 2, "WWW": 1, "ODO": 1, "WDW": 1
    }  # fmt: skip
    assert pattern_counts("rotating") == {"WWW": 5}
    assert pattern_counts("pit") == {"WOW": 2}
    assert pattern_counts("darkness") == {"OWO": 2, "OWW": 1, "WWO": 1}
    assert pattern_counts("cave_in") == {"WOW": 2, "OOO": 2}
    assert sorted(t.chasm or "" for t in C.tiles() if t.kind == "chasm") == ["left", "right"]


def test_DQ_9_entry_edges() -> None:
    for t in C.tiles():
        assert t.entry == ("P" if t.kind == "portcullis" else "O"), t.id
    darkness = Counter(t.openings for t in C.tiles() if t.kind == "darkness")
    assert darkness == {3: 2, 2: 2}


def test_catacombs_tiles_behind_an_option() -> None:
    tiles = C.tiles(Options(catacombs_tiles=True))
    assert len(tiles) == 135
    extra = Counter(t.kind for t in tiles[115:] if t.kind not in ("room", "corridor"))
    assert extra == {"catacomb_entrance": 6, "bridge": 4, "spider_web": 1}


def test_D5_searchable_kinds() -> None:
    searchable = {k.id for k in C.kinds if k.searchable and k.expansion is None}
    assert searchable == {"room", "portcullis", "cave_in"}
    draws = {k.id: k.draws for k in C.kinds if k.expansion is None}
    assert draws["trap"] == "trap"
    assert draws["corridor"] is None and draws["darkness"] is None and draws["pit"] is None
    assert next(k for k in C.kinds if k.id == "corridor").extra_move


def test_DQ_1_174_cards() -> None:
    sizes = {k: len(C.deck_list(k)) for k in (*CARD_DECKS, "monster")}
    assert sizes == {
        "room": 84,
        "door": 15,
        "corpse": 15,
        "crypt": 15,
        "trap": 15,
        "search": 15,
        "monster": 15,
    }
    assert sum(sizes.values()) == 174
    for deck in CARD_DECKS:
        assert C.card(deck, "shuffle").count == 1, deck


def counts(deck: str) -> dict[str, int]:
    return {c.id: c.count for c in C.cards[deck]}


def test_DQ_10_room_deck() -> None:
    room = counts("room")
    assert room["empty_room"] == 34 and room["crypt"] == 6 and room["dead_adventurer"] == 5
    assert room["vampire_bats"] == 3 and room["torch_goes_out"] == 3
    assert room["giant_spider"] == 3
    monsters = {"goblin": 5, "orc": 4, "mountain_troll": 3, "death_warrior": 3}
    assert {k: room[k] for k in monsters} == monsters
    assert room["champion_of_chaos"] == 2
    sneaks = [c for c in C.cards["room"] for e in walk(c.do) if e.sneak]
    assert sum(c.count for c in sneaks) == 5
    assert Counter(e.monster for c in sneaks for e in c.do if e.sneak) == {
        "orc": 1,
        "death_warrior": 1,
        "mountain_troll": 1,
    }


def test_DQ_10_small_decks() -> None:
    assert counts("door") == {
        "door_opens": 5,
        "door_jammed": 6,
        "trapped_door_d6": 1,
        "trapped_door_d6_luck": 1,
        "trapped_door_d12_luck": 1,
        "shuffle": 1,
    }
    assert counts("trap")["trapdoor"] == 4 and counts("trap")["explosion"] == 2
    assert counts("search")["secret_door"] == 5
    assert counts("corpse")["rope"] == 3 and counts("crypt")["potion"] == 3


def gp(deck: str) -> list[int]:
    return sorted(e.treasure for c in C.cards[deck] for e in walk(c.do) if e.treasure)


def test_DQ_17_treasure_cards_and_counters() -> None:
    assert gp("room") == [30, 40]  # D20
    assert gp("corpse") == [20, 60, 150]
    assert gp("crypt") == [50, 100, 120, 250]
    assert gp("search") == [10, 90, 200]
    pool = C.treasure_pool()
    assert len(pool) == 32 and sum(pool) == 30_000
    assert sorted(pool)[15] <= 250  # half of them are worth 250 GP or less


def test_DQ_11_dragon_counters() -> None:
    assert Counter(C.dragon_pool()) == {"asleep": 7, "awake": 1}
    asleep = next(d for d in C.dragon if d.id == "asleep")
    assert asleep.do[0].treasure_counters == 2


def test_D11_D19_D20_variants_follow_options() -> None:
    awake = next(d for d in C.dragon if d.id == "awake")
    breath = [e.lose_life for e in C.effects(awake) if e.lose_life]
    assert str(breath[0]) == "d12"
    breath = [e.lose_life for e in C.effects(awake, Options(dragon_breath="2d6")) if e.lose_life]
    assert str(breath[0]) == "2d6"
    trap = C.card("crypt", "trap_d12")
    assert str(C.effects(trap)[0].lose_life) == "d12+3-luck"
    assert str(C.effects(trap, Options(crypt_trap="house"))[0].lose_life) == "d12-3-luck"
    bracelet = C.card("room", "bracelet")
    assert C.effects(bracelet, Options(bracelet="100"))[0].treasure == 100


def test_DQ_13_monster_card_distribution() -> None:
    """Flees / gets-away counts and LP values per column, as in the facts' table 13.3."""
    cols: dict[str, list[list[int]]] = {}
    for card in C.monster_cards:
        for m, row in card.lines.items():
            cols.setdefault(m, [[], [], []])
            for i in range(3):
                cols[m][i].append(row[i])
    zeros = {m: tuple(col.count(0) for col in c) for m, c in cols.items()}
    assert zeros == {
        "goblin": (11, 11, 6),
        "orc": (6, 4, 6),
        "mountain_troll": (3, 8, 13),
        "death_warrior": (2, 1, 10),
        "champion_of_chaos": (2, 1, 3),
    }
    assert "".join(str(x) for x in sorted(cols["champion_of_chaos"][2]) if x) == "234456666688"
    assert "".join(str(x) for x in sorted(cols["mountain_troll"][0]) if x) == "112222222334"


def test_DQ_13_D6_combat_tables() -> None:
    sym = C.combat.tables["symmetric"]
    assert sym["mighty_blow"]["slash"] == (0, 2)
    assert sym["slash"]["mighty_blow"] == (2, 0)  # D6: symmetric
    for a in ("mighty_blow", "slash", "leap_aside"):
        assert sym[a][a] == (1, 1)  # type: ignore[index]
        for b in ("mighty_blow", "slash", "leap_aside"):
            hero, monster = sym[a][b]  # type: ignore[index]
            assert sym[b][a] == (monster, hero)  # type: ignore[index]
    assert C.combat.tables["asymmetric"]["slash"]["mighty_blow"] == (1, 0)
    for m in C.fighters():
        assert sorted(m.counters) == ["leap_aside", "mighty_blow", "slash"]  # D8


def test_DQ_12_creatures_and_spider() -> None:
    kinds = {m.id: m.kind for m in C.monsters}
    assert [m for m, k in kinds.items() if k == "creature"] == [
        "vampire_bats",
        "scorpion",
        "poisonous_snake",
        "giant_centipede",
    ]
    spider = C.monster("giant_spider")
    assert spider.fight[0].call == 3
    assert C.monster("champion_of_chaos").tough == 3


def test_DQ_18_heroes() -> None:
    base = C.heroes_in_play()
    stats = {h.id: (h.life, h.strength, h.agility, h.armour, h.luck) for h in base}
    assert stats == {
        "sir_rohan": (17, 6, 4, 9, 4),
        "ulv_grimhand": (16, 7, 5, 6, 5),
        "el_adoran": (11, 3, 8, 5, 7),
        "volrik": (15, 4, 7, 4, 8),
    }
    assert len(C.heroes_in_play(Options(expansion_heroes=True))) == 16
    bow = next(h for h in base if h.id == "el_adoran").missile
    assert bow is not None and bow.per_encounter == 2 and bow.spider_per_turn == 4  # D10
    assert bow.supply is None


def test_DQ_14_DQ_16_tables() -> None:
    bow = C.table("bow").do[0]
    assert [r for r, _ in bow.rows()] == [(1, 2), (3, 4), (5, 6)]
    potion = C.table("potion")
    assert potion.placeholder and str(potion.do[0].roll) == "2d6"  # D13
    spider = C.table("bow_spider").do[0].rows()
    assert spider[-1][0] == (5, 6) and spider[-1][1][0].slay


def test_DQ_15_rings() -> None:
    rings = {r.id: r for r in C.rings}
    assert set(rings) == {"blinding", "healing", "opening", "warning"}
    assert rings["blinding"].except_sneak
    assert set(rings["warning"].covers) == {"crossfire_trap", "trapdoor", "cave_in"}  # D14
    assert rings["warning"].covers_tiles == ("trap",)
    assert all(r.uses == 1 for r in rings.values())


def test_DQ_2_board() -> None:
    b = C.board
    assert (b.width, b.height) == (13, 10)
    assert set(b.towers) == {(0, 0), (12, 0), (0, 9), (12, 9)}
    assert b.chamber == ((6, 4), (6, 5))
    assert b.width * b.height - 4 - 2 == 124 > 115  # D18: tiles may run out


@pytest.mark.parametrize("verb", VERBS)
def test_every_verb_is_used_by_some_content(verb: str) -> None:
    every = [
        *(e for d in CARD_DECKS for c in C.cards[d] for e in walk((*c.do, *c.each_turn))),
        *(e for c in C.dragon for e in walk(c.do)),
        *(e for m in C.monsters for e in walk((*m.flee, *m.fight))),
        *(e for r in C.rings for e in walk(r.do)),
        *(e for i in C.items for e in walk(i.do)),
        *(e for t in C.tables for e in walk(t.do)),
    ]
    assert any(e.verb == verb for e in every)
