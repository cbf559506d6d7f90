"""The seeded RNG and its scripted variant: determinism, ranges, plain data, scripts."""

from __future__ import annotations

import itertools
import json
from collections import Counter
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tavolo.engine import RNG, ScriptedRNG, ScriptError
from tavolo.engine.rng import derive_seed

seeds = st.integers(min_value=-(2**70), max_value=2**70)


# -- the seeded stream ---------------------------------------------------------------------


def test_golden_sequence_seed_42() -> None:
    """Pinned outputs: if this fails, every recorded replay and golden game changes."""
    r = RNG(42)
    assert r.to_json() == {"s": 12058926934050108962}
    assert [r.next64() for _ in range(5)] == [
        10996452266160306281,
        2958219263312191191,
        3069497704473277141,
        885919558081284366,
        18092824948705595559,
    ]
    r = RNG(42)
    assert [r.roll() for _ in range(12)] == [4, 1, 1, 1, 6, 2, 2, 1, 5, 2, 5, 6]
    r = RNG(42)
    assert [r.coin() for _ in range(8)] == [True, False, False, False, True, False, False, False]
    r = RNG(42)
    deck = list(range(10))
    r.shuffle(deck)
    assert deck == [2, 3, 6, 4, 7, 9, 0, 8, 1, 5]
    r = RNG(42)
    assert r.fork("agent").next64() == 10830854742482276232


@given(seeds)
def test_same_seed_same_sequence(seed: int) -> None:
    a, b = RNG(seed), RNG(seed)
    assert [a.next64() for _ in range(20)] == [b.next64() for _ in range(20)]
    assert a == b


def test_different_seeds_differ() -> None:
    firsts = {RNG(seed).next64() for seed in range(1000)}
    assert len(firsts) == 1000


def test_seed_is_taken_modulo_2_64() -> None:
    assert RNG(-1) == RNG(2**64 - 1)
    assert RNG(5) == RNG(5 + 2**64)


@given(seeds, st.integers(min_value=1, max_value=10**12))
def test_below_in_range(seed: int, n: int) -> None:
    r = RNG(seed)
    for _ in range(20):
        assert 0 <= r.below(n) < n


@pytest.mark.parametrize("n", [2, 3, 6, 7, 10, 52])
def test_below_roughly_uniform(n: int) -> None:
    """Chi-square against uniform; 0.1% critical values, fixed seed so never flaky."""
    r = RNG(12345)
    draws = 600 * n
    counts = Counter(r.below(n) for _ in range(draws))
    assert set(counts) == set(range(n))
    expected = draws / n
    chi2 = sum((counts[k] - expected) ** 2 / expected for k in range(n))
    critical = {2: 10.83, 3: 13.82, 6: 20.52, 7: 22.46, 10: 27.88, 52: 87.97}[n]
    assert chi2 < critical, (n, chi2, counts)


def test_below_uses_high_bits() -> None:
    """Parity of below(2) must alternate irregularly (a low-bit bug would show a pattern)."""
    r = RNG(7)
    bits = [r.below(2) for _ in range(2000)]
    pairs = Counter(itertools.pairwise(bits))
    assert all(400 < pairs[p] < 600 for p in [(0, 0), (0, 1), (1, 0), (1, 1)]), pairs


@given(seeds, st.integers(min_value=1, max_value=100))
def test_roll_in_range(seed: int, sides: int) -> None:
    r = RNG(seed)
    assert all(1 <= r.roll(sides) <= sides for _ in range(20))


def test_roll_covers_all_faces() -> None:
    r = RNG(3)
    assert {r.roll(6) for _ in range(300)} == {1, 2, 3, 4, 5, 6}


def test_coin_is_fair_enough() -> None:
    r = RNG(99)
    heads = sum(r.coin() for _ in range(10_000))
    assert 4800 < heads < 5200


def test_chance_bounds_and_rate() -> None:
    r = RNG(1)
    assert not any(r.chance(0) for _ in range(500))
    assert all(r.chance(100) for _ in range(500))
    assert not any(r.chance(-5) for _ in range(100))
    assert all(r.chance(150) for _ in range(100))
    hits = sum(r.chance(30) for _ in range(10_000))
    assert 2800 < hits < 3200


@given(seeds, st.lists(st.integers(), min_size=1, max_size=30))
def test_choice_picks_member(seed: int, seq: list[int]) -> None:
    r = RNG(seed)
    assert r.choice(seq) in seq
    assert r.choice(tuple(seq)) in seq


def test_choice_reaches_every_member() -> None:
    r = RNG(5)
    assert {r.choice("abcde") for _ in range(300)} == set("abcde")


@given(seeds, st.lists(st.integers(), min_size=1, max_size=30))
def test_draw_removes_one_member(seed: int, pile: list[int]) -> None:
    before = list(pile)
    got = RNG(seed).draw(pile)
    assert got in before
    assert Counter(pile) + Counter([got]) == Counter(before)


@given(seeds, st.lists(st.integers(), max_size=60))
def test_shuffle_is_a_permutation(seed: int, seq: list[int]) -> None:
    shuffled = list(seq)
    RNG(seed).shuffle(shuffled)
    assert Counter(shuffled) == Counter(seq)
    again = list(seq)
    RNG(seed).shuffle(again)
    assert again == shuffled


@given(seeds, st.lists(st.integers(), max_size=40, unique=True), st.integers(0, 50))
def test_sample_distinct_members(seed: int, pool: list[int], k: int) -> None:
    before = list(pool)
    got = RNG(seed).sample(pool, k)
    assert pool == before  # the pool is not touched
    assert len(got) == min(k, len(pool))
    assert len(set(got)) == len(got) and set(got) <= set(pool)
    assert RNG(seed).sample(pool, k) == got
    if k >= len(pool):
        assert sorted(got) == sorted(pool)


def test_sample_is_a_prefix_of_a_partial_shuffle_and_uniform() -> None:
    r = RNG(21)
    firsts = Counter(r.sample(range(5), 2)[0] for _ in range(5000))
    assert set(firsts) == set(range(5))
    assert all(850 < c < 1150 for c in firsts.values()), firsts
    a, b = RNG(3), RNG(3)
    assert a.sample("abcdefgh", 4) == b.sample("abcdefgh", 8)[:4]  # draws go two by two
    pairs = Counter(tuple(r.sample(range(5), 2)) for _ in range(10_000))
    assert len(pairs) == 20  # every ordered pair, about equally often
    assert all(400 < c < 600 for c in pairs.values()), pairs
    thirds = Counter(r.sample(range(4), 3)[2] for _ in range(8000))
    assert all(1800 < c < 2200 for c in thirds.values()), thirds  # the odd last draw


def test_shuffle_reaches_every_permutation_of_three() -> None:
    r = RNG(11)
    seen: Counter[tuple[int, ...]] = Counter()
    for _ in range(6000):
        seq = [0, 1, 2]
        r.shuffle(seq)
        seen[tuple(seq)] += 1
    assert len(seen) == 6
    assert all(800 < c < 1200 for c in seen.values()), seen


# -- plain data ----------------------------------------------------------------------------


@given(seeds)
def test_clone_is_independent(seed: int) -> None:
    r = RNG(seed)
    r.next64()
    c = r.clone()
    assert c == r and c is not r
    before = r.s
    from_clone = [c.next64() for _ in range(5)]
    assert r.s == before  # advancing the clone leaves the original where it was
    assert c != r
    assert [r.next64() for _ in range(5)] == from_clone


@given(seeds)
def test_json_round_trip(seed: int) -> None:
    r = RNG(seed)
    r.roll()
    data = json.loads(json.dumps(r.to_json()))
    back = RNG.from_json(data)
    assert type(back) is RNG
    assert back == r
    assert [back.next64() for _ in range(5)] == [r.next64() for _ in range(5)]


@pytest.mark.parametrize("s", [-1, 1 << 64, "12", 1.0, True, None])
def test_a_state_to_json_never_wrote_is_refused(s: object) -> None:
    """RNG.from_json({'s': -1}) loaded as the state 2**64 - 1 (wrapped round), so a
    hand-edited state saved back as another; now a ValueError, which a game's
    ``reading_state`` tells in one line."""
    with pytest.raises(ValueError, match="no 64-bit state"):
        RNG.from_json({"s": s})
    with pytest.raises(ValueError, match="no 64-bit state"):
        ScriptedRNG.from_json({"s": s, "script": []})


def test_a_state_with_a_bad_rng_is_one_line_in_every_game() -> None:
    from tavolo.engine import StateError, registry

    for name in ("estro", "tos", "platformer", "dungeonquest"):
        g = registry.get(name)
        data = g.to_json(g.new(g.make_config(), 1))
        data["rng"] = {"s": -1}
        with pytest.raises(StateError) as err:
            g.from_json(data)
        assert "\n" not in str(err.value) and name in str(err.value)


def test_equality_and_hash() -> None:
    a, b = RNG(1), RNG(1)
    assert a == b and hash(a) == hash(b)
    b.next64()
    assert a != b
    assert a != ScriptedRNG(1)
    assert a != "RNG(1)"


def test_fork_is_independent_and_deterministic() -> None:
    parent_a, parent_b = RNG(8), RNG(8)
    fork_a, fork_b = parent_a.fork("agent"), parent_b.fork("agent")
    # deterministic: same parent state and label, same fork and same parent afterwards
    assert fork_a == fork_b and parent_a == parent_b
    # the parent advanced by exactly one draw
    reference = RNG(8)
    reference.next64()
    assert parent_a == reference
    # the fork's stream is not the parent's
    xs = [fork_a.next64() for _ in range(50)]
    ys = [parent_a.next64() for _ in range(50)]
    assert not set(xs) & set(ys)
    # using the fork does not move the parent
    before = parent_b.clone()
    for _ in range(10):
        fork_b.next64()
    assert parent_b == before
    # labels give different streams
    assert RNG(8).fork("a") != RNG(8).fork("b")


def test_derive_seed_depends_on_seed_and_label() -> None:
    assert derive_seed(1, "x") == derive_seed(1, "x")
    assert derive_seed(1, "x") != derive_seed(2, "x")
    assert derive_seed(1, "x") != derive_seed(1, "y")
    assert derive_seed(1, "xy") != derive_seed(1, "yx")
    assert 0 <= derive_seed(-1, "long label" * 10) < 2**64


# -- the scripted variant --------------------------------------------------------------------


def test_scripted_outcomes_in_order_per_kind() -> None:
    r = ScriptedRNG(
        0,
        [
            {"roll": 3},
            {"coin": "tails"},
            {"roll": 6},
            {"choice": "b"},
            {"chance": True},
            {"draw": 7},
            {"coin": "heads"},
        ],
    )
    assert r.coin() is False
    assert r.roll() == 3
    assert r.roll() == 6
    assert r.coin() is True
    assert r.choice(["a", "b", "c"]) == "b"
    assert r.chance(1) is True
    pile = [5, 6, 7, 8]
    assert r.draw(pile) == 7
    assert pile == [5, 6, 8]
    assert r.script == []


@pytest.mark.parametrize(
    ("value", "result"),
    [
        *[("heads", True), ("win", True), ("yes", True), (True, True)],
        *[("tails", False), ("lose", False), ("no", False), (False, False)],
    ],
)
def test_scripted_coin_words(value: Any, result: bool) -> None:
    assert ScriptedRNG(0, [{"coin": value}]).coin() is result


def test_scripted_shuffle_keep() -> None:
    r = ScriptedRNG(0, [{"shuffle": "keep"}])
    seq = list(range(10))
    r.shuffle(seq)
    assert seq == list(range(10))
    r.shuffle(seq)  # script exhausted: a real shuffle from the seeded stream
    expected = list(range(10))
    RNG(0).shuffle(expected)
    assert seq == expected


def test_scripted_labels_must_match() -> None:
    r = ScriptedRNG(0, [{"roll": 4, "label": "defender"}])
    with pytest.raises(ScriptError, match="defender") as err:
        r.roll(6, "attacker")
    assert "\n" not in str(err.value)
    assert r.roll(6, "defender") == 4


def test_unlabelled_entry_matches_any_label() -> None:
    assert ScriptedRNG(0, [{"roll": 2}]).roll(6, "anything") == 2


@pytest.mark.parametrize(
    ("entry", "call"),
    [
        ({"roll": 7}, lambda r: r.roll(6)),
        ({"roll": 0}, lambda r: r.roll(6)),
        ({"roll": "3"}, lambda r: r.roll(6)),
        ({"coin": "edge"}, lambda r: r.coin()),
        ({"chance": "yes"}, lambda r: r.chance(50)),
        ({"choice": "z"}, lambda r: r.choice(["a", "b"])),
        ({"draw": 9}, lambda r: r.draw([1, 2])),
        ({"shuffle": "reverse"}, lambda r: r.shuffle([1, 2, 3])),
    ],
)
def test_scripted_out_of_range_rejected(entry: dict[str, Any], call: Any) -> None:
    with pytest.raises(ScriptError) as err:
        call(ScriptedRNG(0, [entry]))
    assert "\n" not in str(err.value)


@pytest.mark.parametrize(
    "entry",
    [{}, {"label": "x"}, {"roll": 1, "coin": "heads"}, {"roll": 1, "dice": 2}, {"rolls": 3}],
)
def test_bad_script_entries_rejected(entry: dict[str, Any]) -> None:
    with pytest.raises(ScriptError, match="entry 1"):
        ScriptedRNG(0, [entry])


@pytest.mark.parametrize("entry", [3, ["roll"], None, "roll"])
def test_non_mapping_script_entry_is_a_script_error(entry: Any) -> None:
    with pytest.raises(ScriptError, match="entry 1"):
        ScriptedRNG(0, [entry])


@pytest.mark.parametrize("script", [5, "roll: 3", None])
def test_script_must_be_a_list(script: Any) -> None:
    with pytest.raises(ScriptError, match="a script is a list"):
        ScriptedRNG(0, script)


def test_falls_back_to_seeded_stream() -> None:
    r = ScriptedRNG(9, [{"roll": 5}])
    plain = RNG(9)
    # no coin in the script: the seeded stream answers, exactly as an unscripted RNG would
    assert [r.coin() for _ in range(10)] == [plain.coin() for _ in range(10)]
    assert r.roll() == 5  # scripted answers do not consume the stream
    assert [r.roll() for _ in range(10)] == [plain.roll() for _ in range(10)]
    assert r.choice("abc") == plain.choice("abc")
    assert r.chance(50) == plain.chance(50)


def test_scripted_clone_keeps_remaining_script_independently() -> None:
    r = ScriptedRNG(4, [{"roll": 1}, {"roll": 2}, {"coin": "heads"}])
    assert r.roll() == 1
    c = r.clone()
    assert type(c) is ScriptedRNG
    assert c == r
    assert c.script == [{"roll": 2}, {"coin": "heads"}]
    assert c.roll() == 2
    assert r.script == [{"roll": 2}, {"coin": "heads"}]  # the original kept its script
    assert r.roll() == 2


def test_scripted_json_round_trip_keeps_script() -> None:
    r = ScriptedRNG(4, [{"roll": 1}, {"roll": 2, "label": "x"}, {"coin": "heads"}])
    r.roll()
    r.next64()
    data = json.loads(json.dumps(r.to_json()))
    back = RNG.from_json(data)
    assert type(back) is ScriptedRNG
    assert back == r
    assert back.roll(6, "x") == 2
    assert back.coin() is True
    assert [back.next64() for _ in range(3)] == [r.next64() for _ in range(3)]


def test_scripted_rng_differs_from_plain_only_by_script() -> None:
    assert ScriptedRNG(3) != RNG(3)
    assert ScriptedRNG(3).s == RNG(3).s
    assert ScriptedRNG(3) == ScriptedRNG(3)
    assert ScriptedRNG(3, [{"roll": 1}]) != ScriptedRNG(3)


def test_scripted_sample() -> None:
    r = ScriptedRNG(3, [{"sample": ["c", "a"], "label": "hand"}])
    assert r.sample(["a", "b", "c", "d"], 2, "hand") == ["c", "a"]
    assert sorted(r.sample(["a", "b", "c"], 3, "hand")) == ["a", "b", "c"]  # back to the stream
    for bad in (["a"], ["a", "a"], ["a", "z"], "ab"):
        with pytest.raises(ScriptError):
            ScriptedRNG(0, [{"sample": bad}]).sample(["a", "b", "c"], 2)
