"""TOS enemies: the tier table, difficulty variants, modifiers, drawing, specs and file errors."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from tavolo.engine import RNG, ConfigError, ContentError, ScriptedRNG, TavoloError, UnknownName
from tavolo.games.tos.enemies import (
    DIFFICULTIES,
    ENEMIES_FILE,
    TIERS,
    VALUES,
    EnemyTable,
    VariantShape,
    draw_enemy,
    draw_modifier,
    effective_stats,
    enemy_for_level,
    enemy_table,
    iter_variants,
    load_enemy_table,
    modifier_applies,
    open_slots,
    parse_enemy,
    tier_stats,
    variants,
)
from tavolo.games.tos.schema import ELEMENTS, Enemy, Modifier

# ---------------------------------------------------------------- the tier table (§4.2)

# The original game's numbers: tavolo's tuning (tested at the end) sits on top of them.
ORIGINAL = enemy_table().untuned()

TIER_TABLE = {
    # tier: (level, attack low/avg/high, defense low/avg/high)
    "lvl1": (2, (2, 2, 2), (3, 3, 3)),
    "lvl2": (3, (4, 4, 3), (5, 6, 6)),
    "lvl3": (4, (5, 7, 8), (6, 8, 10)),
    "lvl4": (6, (8, 8, 8), (12, 13, 14)),
    "lvl5": (8, (8, 11, 14), (16, 17, 18)),
    "miniboss": (8, (9, 10, 10), (16, 16, 16)),
    "boss": (8, (10, 12, 14), (16, 22, 27)),
}


def test_tiers_and_difficulties_constants() -> None:
    assert tuple(TIER_TABLE) == TIERS
    assert tuple(enemy_table().tiers) == TIERS
    assert tuple(enemy_table().difficulties) == DIFFICULTIES


@pytest.mark.parametrize("tier", TIERS)
def test_tier_table(tier: str) -> None:
    level, attack, defense = TIER_TABLE[tier]
    st = tier_stats(tier, tuned=False)
    assert st["level"] == level
    assert (st["attack"]["low"], st["attack"]["avg"], st["attack"]["high"]) == attack
    assert (st["defense"]["low"], st["defense"]["avg"], st["defense"]["high"]) == defense


def test_lvl2_low_attack_is_above_its_high() -> None:
    """low/high are the first and last cells, not min and max."""
    st = tier_stats("lvl2", tuned=False)["attack"]
    assert st["low"] == 4 > st["high"] == 3
    assert st["avg"] == 4  # (4 + 3) / 2 = 3.5 rounds half up


def test_levels_are_capped_at_8() -> None:
    assert tier_stats("boss")["level"] == 8  # last cell is hero level 9
    assert tier_stats("miniboss")["level"] == 8


def test_unknown_tier() -> None:
    with pytest.raises(UnknownName, match="lvl6"):
        tier_stats("lvl6")


# ---------------------------------------------------------------- variants (§4.3)


def shown(vs: list[Enemy | VariantShape]) -> list[str]:
    """Variants written as in the facts table: 6/8, 6/7+b, 7/8+d, 0/10, 8/-."""
    out = []
    for v in vs:
        d = "-" if v.defense is None else str(v.defense)
        extra = {"buff": "+b", "debuff": "+d"}.get(getattr(v, "category", ""), "")
        out.append(f"{v.attack}/{d}{extra}")
    return out


@pytest.mark.parametrize(
    ("tier", "difficulty", "level", "expected"),
    [
        ("lvl1", "normal", 2, ["1/3", "2/2", "1/2+b", "2/3+d"]),
        ("lvl1", "hard", 2, ["1/3", "2/2", "1/2+b", "2/3+d"]),
        ("lvl2", "normal", 3, ["3/6", "4/5", "3/5+b", "4/6+d"]),
        ("lvl2", "hard", 3, ["2/6", "3/5", "2/5+b", "3/6+d"]),
        ("lvl3", "normal", 4, ["6/8", "7/7", "6/7+b", "7/8+d"]),
        ("lvl3", "hard", 4, ["7/10", "8/9", "7/9+b", "8/10+d"]),
        ("lvl3", "hard_lock", 0, ["0/10"]),
        ("lvl3", "hard_trap", 0, ["8/-"]),
        ("lvl4", "normal", 6, ["7/13", "8/12", "7/12+b", "8/13+d"]),
        ("lvl4", "hard", 6, ["7/14", "8/13", "7/13+b", "8/14+d"]),
        ("lvl4", "hard_lock", 0, ["0/14"]),
        ("lvl4", "hard_trap", 0, ["8/-"]),
        ("lvl5", "normal", 8, ["10/17", "11/16", "10/16+b", "11/17+d"]),
        ("boss", "normal", 8, ["11/22", "12/21", "11/21+b", "12/22+d"]),
        ("boss", "normal_unbuffed", 8, ["11/22", "12/21"]),
        ("lvl3", "easy", 4, ["4/6", "5/5", "4/5+b", "5/6+d"]),
        ("lvl3", "easy_lock", 0, ["0/6"]),
        ("lvl3", "normal_trap", 0, ["7/-"]),
    ],
)
def test_worked_variants(tier: str, difficulty: str, level: int, expected: list[str]) -> None:
    vs = variants(tier, difficulty, tuned=False)
    assert shown(vs) == expected
    assert {v.level for v in vs} == {level}


def test_lock_and_trap_enemies() -> None:
    (lock,) = variants("lvl3", "hard_lock", tuned=False)
    assert lock == Enemy(level=0, attack=0, defense=10)
    (trap,) = variants("lvl3", "hard_trap", tuned=False)
    assert isinstance(trap, Enemy)
    assert trap.trap and trap.defense is None and trap.attack == 8 and trap.level == 0
    assert trap.modifier is None


@pytest.mark.parametrize("tier", TIERS)
def test_unbuffed_is_the_first_two(tier: str) -> None:
    assert variants(tier, "normal_unbuffed") == variants(tier, "normal")[:2]
    assert variants(tier, "hard_unbuffed") == variants(tier, "hard")[:2]


def test_variant_counts_and_kinds() -> None:
    sizes = {"standard": 4, "unbuffed": 2, "lock": 1, "trap": 1}
    table = enemy_table()
    for tier, difficulty, v in iter_variants():
        assert isinstance(v, Enemy | VariantShape)
        shape = table.difficulties[difficulty].shape
        assert len(variants(tier, difficulty)) == sizes[shape]
        if shape in ("lock", "trap"):
            assert v.level == 0
        else:
            assert v.level == tier_stats(tier)["level"]
    assert sum(1 for _ in iter_variants()) == len(TIERS) * (3 * 4 + 2 * 2 + 3 + 3)


def test_camel_case_difficulties_are_accepted() -> None:
    assert variants("boss", "normalUnbuffed") == variants("boss", "normal_unbuffed")
    assert variants("lvl4", "hardLock") == variants("lvl4", "hard_lock")
    with pytest.raises(UnknownName, match="difficulty 'brutal'"):
        variants("lvl3", "brutal")


def test_bonus_slots() -> None:
    assert open_slots("easy") == open_slots("normal") == ("attack", "defense")
    assert open_slots("normal_unbuffed") == ("attack", "defense")
    for d in ("hard", "hard_unbuffed", "easy_lock", "normal_lock", "hard_lock"):
        assert open_slots(d) == (), d
    for d in ("easy_trap", "normal_trap", "hard_trap"):
        assert open_slots(d) == (), d


# ---------------------------------------------------------------- modifiers (§4.4)

MODIFIERS = {
    # id: (category, stat, delta, trigger, at_least, at_most)
    "fear_element": ("debuff", "attack", -1, "element", 1, None),
    "close": ("debuff", "attack", -1, "cards", None, 4),
    "unsecure": ("debuff", "attack", -1, "banner", 2, None),
    "weak_to_element": ("debuff", "defense", -1, "element", 1, None),
    "slowness": ("debuff", "defense", -1, "cards", None, 4),
    "charmed": ("debuff", "defense", -1, "banner", 2, None),
    "affinity_element": ("buff", "attack", 1, "element", 1, None),
    "ranged": ("buff", "attack", 1, "cards", 4, None),
    "envy": ("buff", "attack", 1, "banner", 2, None),
    "strong_to_element": ("buff", "defense", 1, "element", 1, None),
    "rapidity": ("buff", "defense", 1, "cards", 4, None),
    "cautious": ("buff", "defense", 1, "banner", 2, None),
    "trap": ("trap", None, None, None, None, None),
}


def test_modifier_table() -> None:
    got = {
        m.id: (m.category, m.stat, m.delta, m.trigger, m.at_least, m.at_most)
        for m in enemy_table().modifiers.values()
    }
    assert got == MODIFIERS


def test_rules_make_schema_modifiers() -> None:
    rules = enemy_table().modifiers
    assert rules["close"].make() == Modifier(id="close", stat="attack", delta=-1, cards_at_most=4)
    assert rules["rapidity"].make().cards_at_least == 4
    assert rules["fear_element"].make(element="air").element == "air"
    assert rules["charmed"].make(banner=2).banner == 2
    with pytest.raises(ConfigError, match="needs an element"):
        rules["fear_element"].make()
    with pytest.raises(ConfigError, match="no element"):
        rules["envy"].make(element="fire", banner=1)
    with pytest.raises(ConfigError, match="trap"):
        rules["trap"].make()


def mod(**kw: object) -> Modifier:
    return Modifier.model_validate({"id": "m", "stat": "attack", "delta": 1, **kw})


@pytest.mark.parametrize(
    ("trigger", "cards", "elements", "banners", "applies"),
    [
        ({"element": "fire"}, 3, {"fire": 1}, {}, True),
        ({"element": "fire"}, 3, {"fire": 2, "air": 1}, {}, True),
        ({"element": "fire"}, 3, {"fire": 0, "water": 3}, {}, False),
        ({"element": "fire"}, 3, {}, {}, False),
        ({"cards_at_most": 4}, 4, {}, {}, True),
        ({"cards_at_most": 4}, 1, {}, {}, True),
        ({"cards_at_most": 4}, 5, {}, {}, False),
        ({"cards_at_least": 4}, 4, {}, {}, True),
        ({"cards_at_least": 4}, 3, {}, {}, False),
        ({"banner": 2}, 3, {}, {2: 2}, True),
        ({"banner": 2}, 3, {}, {2: 1, 1: 3}, False),
        ({"banner": 1}, 3, {}, {1: 3}, True),
        ({"banner": 1}, 3, {}, {}, False),
    ],
)
def test_modifier_applies(
    trigger: dict[str, object],
    cards: int,
    elements: dict[str, int],
    banners: dict[int, int],
    applies: bool,
) -> None:
    assert modifier_applies(mod(**trigger), cards, elements, banners) is applies


def test_effective_stats_per_stat_and_sign() -> None:
    in_play: tuple[int, dict[str, int], dict[int, int]] = (3, {"water": 1}, {1: 2})
    buff_a = Enemy(level=4, attack=6, defense=7, modifier=mod(element="water"))
    assert effective_stats(buff_a, *in_play) == (7, 7)
    debuff_d = Enemy(level=4, attack=7, defense=8, modifier=mod(stat="defense", delta=-1, banner=1))
    assert effective_stats(debuff_d, *in_play) == (7, 7)
    slow = Enemy(
        level=4, attack=7, defense=8, modifier=mod(stat="defense", delta=-1, cards_at_most=4)
    )
    assert effective_stats(slow, *in_play) == (7, 7)
    assert effective_stats(slow, 5, {}, {}) == (7, 8)  # five cards: the trigger is off
    ranged = Enemy(level=4, attack=7, defense=8, modifier=mod(cards_at_least=4))
    assert effective_stats(ranged, *in_play) == (7, 8)
    assert effective_stats(ranged, 4, {}, {}) == (8, 8)


def test_effective_stats_ignore_modifier_and_edges() -> None:
    e = Enemy(level=4, attack=6, defense=7, modifier=mod(element="fire"))
    assert effective_stats(e, 3, {"fire": 1}, {}) == (7, 7)
    assert effective_stats(e, 3, {"fire": 1}, {}, ignore_modifier=True) == (6, 7)
    plain = Enemy(level=4, attack=6, defense=7)
    assert effective_stats(plain, 9, {"fire": 9}, {1: 9, 2: 9}) == (6, 7)
    trap = Enemy(level=0, attack=8, trap=True)
    assert effective_stats(trap, 3, {}, {}) == (8, None)
    zero = Enemy(level=1, attack=0, defense=0, modifier=mod(delta=-1, cards_at_most=4))
    assert effective_stats(zero, 1, {}, {}) == (0, 0)  # never below zero


# ---------------------------------------------------------------- drawing


def draws(seed: int, tier: str, difficulty: str, n: int) -> list[Enemy]:
    rng = RNG(seed)
    return [draw_enemy(rng, tier, difficulty) for _ in range(n)]


def test_draw_is_deterministic_per_seed() -> None:
    assert draws(7, "lvl3", "normal", 50) == draws(7, "lvl3", "normal", 50)
    assert draws(7, "lvl3", "normal", 50) != draws(8, "lvl3", "normal", 50)


def test_draw_covers_every_variant_with_valid_modifiers() -> None:
    vs = variants("lvl3", "normal")
    want = {(v.attack, v.defense, getattr(v, "category", None)) for v in vs}
    got = draws(1, "lvl3", "normal", 800)
    seen = set()
    ids: Counter[str] = Counter()
    elements: set[str] = set()
    banners: set[int] = set()
    for e in got:
        category = None
        if e.modifier is not None:
            m = e.modifier
            category = "buff" if m.delta == 1 else "debuff"
            assert m.delta in (1, -1)
            assert enemy_table().modifiers[m.id].category == category
            assert enemy_table().modifiers[m.id].stat == m.stat
            if m.element is not None:
                elements.add(m.element)
            if m.banner is not None:
                banners.add(m.banner)
            if m.cards_at_least is not None or m.cards_at_most is not None:
                assert 4 in (m.cards_at_least, m.cards_at_most)
            ids[m.id] += 1
        seen.add((e.attack, e.defense, category))
        assert e.level == 4 and not e.trap
    assert seen == want
    assert set(ids) == set(MODIFIERS) - {"trap"}
    assert elements == set(ELEMENTS)
    assert banners == {1, 2}
    # uniform among the four variants: each near 200 of 800
    per_variant = Counter((e.attack, e.defense) for e in got)
    assert all(140 < n < 260 for n in per_variant.values()), per_variant


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_every_difficulty_draws(difficulty: str) -> None:
    for tier in TIERS:
        got = draws(3, tier, difficulty, 40)
        plain = [v for v in variants(tier, difficulty) if isinstance(v, Enemy)]
        for e in got:
            assert e.modifier is not None or e in plain
        if difficulty.endswith("trap"):
            assert all(e.trap and e.defense is None for e in got)


def test_draw_modifier_follows_a_script() -> None:
    rule = enemy_table().modifiers["weak_to_element"]
    rng = ScriptedRNG(
        0,
        [
            {"choice": "defense", "label": "enemy modifier stat"},
            {"choice": rule, "label": "enemy modifier"},
            {"choice": "earth", "label": "enemy modifier element"},
        ],
    )
    m = draw_modifier(rng, "debuff")
    assert m == Modifier(id="weak_to_element", stat="defense", delta=-1, element="earth")


# ---------------------------------------------------------------- specs


@pytest.mark.parametrize(
    ("level", "tier"),
    [
        (2, "lvl1"),
        (3, "lvl2"),
        (4, "lvl3"),
        (5, "lvl4"),
        (6, "lvl4"),
        (7, "lvl5"),
        (8, "lvl5"),
        (9, "boss"),
    ],
)
def test_enemy_for_level(level: int, tier: str) -> None:
    assert enemy_for_level(level) == tier
    assert enemy_for_level(level, "hard") == f"{tier}:hard"
    assert enemy_for_level(level, "hardLock") == f"{tier}:hard_lock"
    if level <= 8:  # beating it levels the hero up (T-14)
        assert parse_enemy(enemy_for_level(level)).level >= level


@pytest.mark.parametrize("level", [0, 1, 10, -3])
def test_enemy_for_level_bad(level: int) -> None:
    with pytest.raises(ConfigError, match="hero level"):
        enemy_for_level(level)
    with pytest.raises(UnknownName):
        enemy_for_level(4, "nightmare")


def fire_up(m: str) -> Modifier:
    return enemy_table().modifiers[m].make()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("4/3/5", Enemy(level=4, attack=3, defense=5)),
        (" 4 / 3 / 5 ", Enemy(level=4, attack=3, defense=5)),
        ("0/8/-", Enemy(level=0, attack=8, trap=True)),
        ("lvl3", Enemy(level=4, attack=6, defense=8)),
        ("lvl3:normal", Enemy(level=4, attack=6, defense=8)),
        ("lvl3:hard", Enemy(level=4, attack=7, defense=10)),
        ("LVL3:hardLock", Enemy(level=0, attack=0, defense=10)),
        ("lvl3:hard_trap", Enemy(level=0, attack=8, trap=True)),
        ("boss", Enemy(level=8, attack=11, defense=22)),
        ("boss:normal_unbuffed", Enemy(level=8, attack=11, defense=22)),
        ("lvl1", Enemy(level=2, attack=1, defense=3)),
    ],
)
def test_parse_enemy(text: str, expected: Enemy) -> None:
    assert parse_enemy(text, table=ORIGINAL) == expected


def test_parse_enemy_with_modifiers() -> None:
    e = parse_enemy("4/3/5+ranged")
    assert e.modifier == fire_up("ranged")
    e = parse_enemy("4/3/5 + fear_element=fire")
    assert e.modifier == Modifier(id="fear_element", stat="attack", delta=-1, element="fire")
    e = parse_enemy("6/7/4+charmed=2")
    assert (e.attack, e.defense, e.modifier and e.modifier.banner) == (7, 4, 2)


def test_parse_enemy_draws_with_rng() -> None:
    a = [parse_enemy("lvl4:normal", RNG(11)) for _ in range(3)]
    assert a[0] == draw_enemy(RNG(11), "lvl4", "normal")
    rng = RNG(5)
    got = {parse_enemy("lvl4", rng, table=ORIGINAL).attack for _ in range(60)}
    assert got == {7, 8}


@pytest.mark.parametrize(
    ("text", "error", "words"),
    [
        ("", ConfigError, "level/attack/defense"),
        ("   ", ConfigError, "level/attack/defense"),
        ("4/3", ConfigError, "level/attack/defense"),
        ("4/x/5", ConfigError, "level/attack/defense"),
        ("4/3/5/6", ConfigError, "level/attack/defense"),
        ("lvl3:hard:x", ConfigError, "level/attack/defense"),
        ("10/3/5", ConfigError, "the level is 0 to 9"),
        ("4/100/5", ConfigError, "attack and defense 0 to 99"),
        ("4/3/100", ConfigError, "attack and defense 0 to 99"),
        ("lvl9", UnknownName, "tier 'lvl9'"),
        ("goblin", UnknownName, "tier 'goblin'"),
        ("lvl3:impossible", UnknownName, "difficulty 'impossible'"),
        ("4/3/5+nope", UnknownName, "modifier 'nope'"),
        ("4/3/5+trap", UnknownName, "modifier 'trap'"),
        ("4/3/5+affinity_element", ConfigError, "fire, water, earth, air"),
        ("4/3/5+affinity_element=lava", ConfigError, "fire, water, earth, air"),
        ("4/3/5+envy=3", ConfigError, "1 or 2"),
        ("4/3/5+close=fire", ConfigError, "takes no =value"),
    ],
)
def test_parse_enemy_bad(text: str, error: type[TavoloError], words: str) -> None:
    with pytest.raises(error) as info:
        parse_enemy(text)
    msg = str(info.value)
    assert words in msg
    assert "\n" not in msg
    err = info.value  # no chained traceback behind the one line
    assert err.__cause__ is None
    assert err.__context__ is None or err.__suppress_context__


@pytest.mark.parametrize(
    ("text", "italian"),
    [
        ("10/3/5", "nemico '10/3/5': il Livello va da 0 a 9, Attacco e Difesa da 0 a 99"),
        ("4/3/5+affinity_element", "il modificatore affinity_element vuole =elemento, uno tra"),
        ("4/3/5+envy=3", "il modificatore envy vuole =tipo di Stendardo, 1 o 2"),
        ("4/3/5+close=fire", "il modificatore close non prende =valore"),
    ],
)
def test_a_bad_enemy_is_told_in_italian(text: str, italian: str) -> None:
    with pytest.raises(ConfigError) as info:
        parse_enemy(text)
    assert italian in info.value.told("it")


# ---------------------------------------------------------------- the content file


def test_table_is_cached_and_ships_with_the_package() -> None:
    assert enemy_table() is enemy_table()
    assert ENEMIES_FILE.is_file() and ENEMIES_FILE.parent.parent.name == "tos"
    again = enemy_table(ENEMIES_FILE)
    assert again is not enemy_table()
    assert again == enemy_table()


def copy_with(tmp_path: Path, old: str, new: str, count: int = 1) -> Path:
    text = ENEMIES_FILE.read_text(encoding="utf-8")
    assert old in text, old
    p = tmp_path / "enemies.yaml"
    p.write_text(text.replace(old, new, count), encoding="utf-8")
    return p


def test_the_file_drives_the_numbers(tmp_path: Path) -> None:
    p = copy_with(
        tmp_path,
        "{hero_level: 4, attack: [7, 8], defense: [10, 10]}",
        "{hero_level: 4, attack: [7, 12], defense: [10, 20]}",
    )
    table = load_enemy_table(p).untuned()
    st = tier_stats("lvl3", table=table)
    assert (st["attack"]["high"], st["attack"]["avg"]) == (12, 9)  # (5 + 12) / 2 = 8.5 -> 9
    assert st["defense"]["high"] == 20
    assert shown(variants("lvl3", "hard", table=table))[0] == "11/20"
    assert draw_enemy(RNG(0), "lvl3", "hard_lock", table=table).defense == 20
    assert tier_stats("lvl3", tuned=False)["attack"]["high"] == 8  # the shipped table is untouched


@pytest.mark.parametrize(
    ("old", "new", "entry", "field"),
    [
        # wrong type
        (
            "{hero_level: 5, attack: [8, 8]",
            "{hero_level: 5, attack: [8, eight]",
            "hero level 5",
            "field attack.1",
        ),
        (
            "{id: lvl5, pairs: [[7, 0], [8, 1]]}",
            "{id: lvl5, pairs: [[7, 0], [8, 2]]}",
            "tier lvl5",
            "field pairs.1.1",
        ),
        ("{id: hard, value: high,", "{id: hard, value: highest,", "difficulty hard", "field value"),
        # unknown field
        (
            "{id: close, category: debuff,",
            "{id: close, colour: red, category: debuff,",
            "modifier close",
            "field colour",
        ),
        (
            "  - id: lock\n    level: 0\n",
            "  - id: lock\n    level: 0\n    sound: click\n",
            "shape lock",
            "field sound",
        ),
        # duplicate key in one mapping (the strict reader refuses it)
        (
            "{id: ranged, category: buff, stat: attack,",
            "{id: ranged, category: buff, stat: attack, stat: defense,",
            "modifier ranged",
            "field stat: written twice",
        ),
        (
            "{hero_level: 7, attack: [8, 13],",
            "{hero_level: 7, attack: [8, 13], attack: [1, 1],",
            "hero level 7",
            "field attack: written twice",
        ),
        # duplicate id
        ("{id: lvl4, pairs", "{id: lvl3, pairs", "tier lvl3", "field id: duplicate"),
        # rules the schema cannot see alone
        (
            "{id: envy, category: buff, stat: attack, delta: 1,",
            "{id: envy, category: buff, stat: attack, delta: -1,",
            "modifier envy",
            "field delta",
        ),
        (
            "trigger: banner, at_least: 2}",
            "trigger: banner, at_least: 3}",
            "modifier unsecure",
            "field at_least",
        ),
        (
            "trigger: cards, at_most: 4}",
            "trigger: cards, at_most: 4, at_least: 2}",
            "modifier close",
            "field at_most",
        ),
        (
            "{attack: a, defense: d-1}",
            "{attack: d, defense: d-1}",
            "shape standard",
            "field variants.1.attack",
        ),
        (
            "{attack: a, defense: null, modifier: trap}",
            "{attack: a, defense: d, modifier: trap}",
            "shape trap",
            "field variants.0.modifier",
        ),
        ("[[7, 0], [8, 1]]", "[[7, 0], [12, 1]]", "tier lvl5", "field pairs.1"),
        (
            "value: high, shape: lock",
            "value: high, shape: padlock",
            "difficulty hard_lock",
            "field shape",
        ),
        ("{id: miniboss,", "{id: megaboss,", "tier megaboss", "field id"),
    ],
)
def test_broken_file_names_file_entry_and_field(
    tmp_path: Path, old: str, new: str, entry: str, field: str
) -> None:
    p = copy_with(tmp_path, old, new)
    with pytest.raises(ContentError) as info:
        load_enemy_table(p)
    msg = str(info.value)
    assert msg.startswith("enemies.yaml: "), msg
    assert f"entry {entry!r}" in msg, msg
    assert field in msg, msg
    assert "\n" not in msg


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        ("level_cap: 8", "level_cap: eight", "field level_cap"),
        ("level_cap: 8\n", "level_cap: 8\nlevel_cap: 7\n", "field level_cap: written twice"),
        ("\ntiers:\n", "\nbosses: []\ntiers:\n", "field bosses: unknown section"),
        ("  - {id: boss, pairs: [[9, 0], [9, 1]]}\n", "", "field tiers: missing tier boss"),
        ("  - {id: trap, category: trap}\n", "", "no modifier is the trap"),
        ("tiers:", "tiers: [", "enemies.yaml:"),
    ],
)
def test_broken_file_top_level(tmp_path: Path, old: str, new: str, words: str) -> None:
    p = copy_with(tmp_path, old, new)
    with pytest.raises(ContentError) as info:
        load_enemy_table(p)
    assert "enemies.yaml" in str(info.value)
    assert words in str(info.value)
    assert "\n" not in str(info.value)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="no such file"):
        enemy_table(tmp_path / "nope.yaml")


def test_table_type() -> None:
    assert isinstance(enemy_table(), EnemyTable)


# ---------------------------------------------------------------- tavolo's tuning

# The file's tuning section (docs/tos-balance.md explains each number): tier -> the shift of
# attack and of defense, the same on low, avg and high. Every other tier is the original's.
TUNING: dict[str, tuple[int, int]] = {
    "lvl1": (0, 3),
    "lvl2": (0, 1),
    "lvl3": (1, 1),
    "lvl5": (0, -2),
    "boss": (-2, -5),
}
# What the game draws at normal difficulty once tuned (compare test_worked_variants).
TUNED_NORMAL: dict[str, list[str]] = {
    "lvl1": ["1/6", "2/5", "1/5+b", "2/6+d"],
    "lvl2": ["3/7", "4/6", "3/6+b", "4/7+d"],
    "lvl3": ["7/9", "8/8", "7/8+b", "8/9+d"],
    "lvl4": ["7/13", "8/12", "7/12+b", "8/13+d"],
    "lvl5": ["10/15", "11/14", "10/14+b", "11/15+d"],
    "boss": ["9/17", "10/16", "9/16+b", "10/17+d"],
}


def test_the_tuning_is_the_documented_one() -> None:
    got = {}
    for t in enemy_table().tuning.values():
        for stat in ("attack", "defense"):
            shifts = {getattr(t, stat).low, getattr(t, stat).avg, getattr(t, stat).high}
            assert len(shifts) == 1, (t.tier, stat)  # easy, normal and hard move together
        got[t.tier] = (t.attack.avg, t.defense.avg)
    assert got == TUNING


@pytest.mark.parametrize("tier", TIERS)
def test_tuning_shifts_the_original_values(tier: str) -> None:
    da, dd = TUNING.get(tier, (0, 0))
    original, tuned = tier_stats(tier, tuned=False), tier_stats(tier)
    assert tier_stats(tier, table=ORIGINAL) == original
    assert tuned["level"] == original["level"]  # the level is never tuned
    for v in VALUES:
        assert tuned["attack"][v] == original["attack"][v] + da
        assert tuned["defense"][v] == original["defense"][v] + dd
    for difficulty in DIFFICULTIES:
        assert variants(tier, difficulty, table=ORIGINAL) == variants(tier, difficulty, tuned=False)


@pytest.mark.parametrize("tier", sorted(TUNED_NORMAL))
def test_tuned_enemies_are_the_ones_drawn_and_parsed(tier: str) -> None:
    vs = variants(tier)
    assert shown(vs) == TUNED_NORMAL[tier]
    assert parse_enemy(tier) == vs[0]
    assert parse_enemy(f"{tier}:normal", RNG(11)) == draw_enemy(RNG(11), tier)
    plain = {(v.attack, v.defense) for v in vs}
    assert {(e.attack, e.defense) for e in draws(2, tier, "normal", 200)} == plain
    a, d = tier_stats(tier)["attack"]["high"], tier_stats(tier)["defense"]["high"]
    assert variants(tier, "hard_lock") == [Enemy(level=0, attack=0, defense=d)]
    assert variants(tier, "hard_trap") == [Enemy(level=0, attack=a, trap=True)]


def test_explicit_enemies_are_never_tuned() -> None:
    assert parse_enemy("2/1/3") == Enemy(level=2, attack=1, defense=3)
    assert parse_enemy("2/1/3", RNG(4)) == parse_enemy("2/1/3", table=ORIGINAL)


def with_tuning(tmp_path: Path, section: str) -> Path:
    """The shipped file with its tuning section replaced (``""``: no section at all)."""
    text = ENEMIES_FILE.read_text(encoding="utf-8")
    p = tmp_path / "enemies.yaml"
    p.write_text(text[: text.index("\ntuning:") + 1] + section, encoding="utf-8")
    return p


def test_tuning_is_optional_and_drives_the_numbers(tmp_path: Path) -> None:
    for section in ("", "tuning: []\n"):
        table = load_enemy_table(with_tuning(tmp_path, section))
        assert table == ORIGINAL
    table = load_enemy_table(
        with_tuning(
            tmp_path,
            "tuning:\n  - {tier: lvl3, attack: {high: 2}, defense: -1, note: a test}\n",
        )
    )
    st = tier_stats("lvl3", table=table)
    assert (st["attack"]["low"], st["attack"]["avg"], st["attack"]["high"]) == (5, 7, 10)
    assert (st["defense"]["low"], st["defense"]["avg"], st["defense"]["high"]) == (5, 7, 9)
    assert shown(variants("lvl3", table=table)) == ["6/7", "7/6", "6/6+b", "7/7+d"]
    assert shown(variants("lvl3", table=table.untuned())) == ["6/8", "7/7", "6/7+b", "7/8+d"]
    assert parse_enemy("lvl3:hard", table=table) == Enemy(level=4, attack=9, defense=9)
    assert tier_stats("lvl4", table=table) == tier_stats("lvl4", tuned=False)


@pytest.mark.parametrize(
    ("section", "entry", "field"),
    [
        ("- {tier: lvl9, defense: 1}", "tuning lvl9", "field tier: unknown tier"),
        ("- {tier: Lvl1, defense: 1}", "tuning Lvl1", "field tier"),
        ("- {tier: lvl1, defense: 1}\n  - {tier: lvl1}", "tuning lvl1", "field tier: duplicate"),
        ("- {tier: lvl1, defense: 10}", "tuning lvl1", "field defense.low: Value error, a tuning"),
        ("- {tier: lvl1, defense: {avg: -10}}", "tuning lvl1", "field defense.avg"),
        ("- {tier: lvl1, attack: -3}", "tuning lvl1", "field attack.low: 2 -3 = -1 is outside"),
        ("- {tier: lvl1, defense: {high: -4}}", "tuning lvl1", "field defense.high: 3 -4 = -1"),
        ("- {tier: lvl1, speed: 1}", "tuning lvl1", "field speed"),
        ("- {tier: lvl1, defense: two}", "tuning lvl1", "field defense"),
        ("- {tier: lvl1, defense: true}", "tuning lvl1", "field defense"),
        ("- {tier: lvl1, defense: 1.5}", "tuning lvl1", "field defense"),
        ("- {tier: lvl1, defense: {middle: 1}}", "tuning lvl1", "field defense.middle"),
        ("- {tier: lvl1, defense: 1, defense: 2}", "tuning lvl1", "field defense: written twice"),
        ("- {defense: 1}", "tuning #1", "field tier"),
    ],
)
def test_broken_tuning_names_file_entry_and_field(
    tmp_path: Path, section: str, entry: str, field: str
) -> None:
    with pytest.raises(ContentError) as info:
        load_enemy_table(with_tuning(tmp_path, f"tuning:\n  {section}\n"))
    msg = str(info.value)
    assert msg.startswith("enemies.yaml: "), msg
    assert f"entry {entry!r}" in msg, msg
    assert field in msg, msg
    assert "\n" not in msg


@pytest.mark.parametrize("section", ["tuning: {lvl1: 1}\n", "tuning: 3\n"])
def test_broken_tuning_section(tmp_path: Path, section: str) -> None:
    with pytest.raises(ContentError, match="field tuning: expected a non-empty list"):
        load_enemy_table(with_tuning(tmp_path, section))
