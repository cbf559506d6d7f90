"""One test (or more) per rule id of the TOS digest, T-1 ... T-17, named after it.

Positions use the Training hero (content/heroes/training.yaml): card 1 attack (value 5,
exhaust 1: 2:+2A, 2:+2D; turned: value 5, exhaust 2, 3:+4A, 1:+2D), card 2 defense
(4, 1: 2:+2D, 1:+2A), card 3 attack (4, 1: 2:+3A, 2:+2D; turned value 6), card 4 defense
(4, 1: 2:+2D, 2:+2A), card 5 fire (3, 2: 3: if D>=1 D=0 +6A), card 6 water (4, 2: 4: if
cards>=4 +6A, 1: +2 mana), card 7 earth (5, 3: 5: if two-tip banners>=2 +8A, 1: +1D),
card 8 air (6, 3: 6: if cards<=3 +9 mana; turned: legacy).
"""

from __future__ import annotations

from tavolo.engine import RNG
from tavolo.games.tos import play as inplay
from tavolo.games.tos.schema import CONSUMES, Enemy

from .support import GAME, TUTORIAL, decision, hero_with, of_kind, play, position, with_hero


# ---- T-1 setup, tracks, defeat ----------------------------------------------------------
def test_T_1_setup_tracks_hand_and_discard_deck() -> None:
    s = GAME.new(TUTORIAL, 3)
    assert (s.attack, s.defense, s.mana, s.level) == (0, 0, 0, 4)  # the Training's level
    assert len(s.hand) == 5 and len(s.discard) == 3 and s.removed == []
    assert sorted(s.hand + s.discard) == list(range(1, 9))
    assert s.up == [0] * 8  # every card shows its one-tip half
    f = GAME.new(GAME.make_config(1, "fight", seed=5), 1)
    assert f.level == 2  # a hero starts at level 2


def test_T_1_mana_never_above_the_level() -> None:
    s = position(level=2)
    play(s, "open:3")  # value 4
    assert s.mana == 2
    play(s, "charge:4")
    assert s.mana == 2


def test_T_1_attack_and_defense_are_unbounded() -> None:
    s = position(attack=40, defense=30)
    play(s, "open:1", "strain:2:attack", "strain:3:defense")
    assert (s.attack, s.defense) == (41, 31)


def test_T_1_level_never_above_9() -> None:
    s = position(level=9, enemy={"level": 9, "attack": 0, "defense": 1})
    events = play(s, "open:1", "activate", "done", "exhaust:pay")
    assert of_kind(events, "execute", defeated=True)
    assert not of_kind(events, "level_up") and s.level == 9


def test_T_1_all_cards_removed_is_defeat_at_once() -> None:
    s = position(hand=[8], discard=[], removed=[1, 2, 3, 4, 5, 6, 7], turned=[8])
    events = play(s, "open:8", "done")
    assert decision(s).kind == "exhaust"  # card 8 turned: two tips, exhaust 4, mana 4
    events = play(s, "exhaust:no")
    assert of_kind(events, "exhaust", card=8, how="removed")
    assert not of_kind(events, "execute")  # the game ended at once
    assert GAME.is_over(s) and s.result == (0.0,) and s.reason == "defeated"


# ---- T-2 golden rule --------------------------------------------------------------------
def test_T_2_card_text_beats_the_manual() -> None:
    # Played cards stay in play until Exhaust (manual); a card may take them back to hand.
    hero = hero_with(
        {
            1: {
                "skill": "show_constellation",
                "level": 3,
                "value": 3,
                "exhaust": 1,
                "abilities": [{"cost": 0, "says": [{"do": [{"take_back": 1}]}]}],
            }
        }
    )
    s = with_hero(hero, position())
    play(s, "open:1", "infuse:2", "activate")
    d = decision(s)
    assert (d.kind, d.actions) == ("take_back", ("back:2", "back:stop"))
    events = play(s, "back:2")
    assert of_kind(events, "take_back", card=2)
    assert s.infuse == [] and 2 in s.hand


# ---- T-3 card anatomy -------------------------------------------------------------------
def test_T_3_only_the_upright_half_counts() -> None:
    up = position(level=9)
    play(up, "open:3")
    turned = position(level=9, turned=[3])
    play(turned, "open:3")
    assert (up.mana, turned.mana) == (4, 6)  # card 3: value 4 on top, 6 on the bottom
    assert inplay.half(turned, 3).banner == 2 and inplay.half(up, 3).banner == 1


def test_T_3_the_second_ability_only_after_the_first() -> None:
    s = position()
    play(s, "open:1")
    assert s.act == (0, 0)
    play(s, "activate")  # cost 2: +2 attack
    assert s.act == (0, 1) and s.attack == 2
    play(s, "activate")  # cost 2: +2 defense
    assert s.act is None and s.defense == 2
    assert "activate" not in decision(s).actions


def test_T_3_stars_are_the_ability_spheres() -> None:
    s = position()
    assert inplay.half(s, 5).stars == 1 and inplay.half(s, 1).stars == 2


# ---- T-4 elements -----------------------------------------------------------------------
def test_T_4_elements_consume_each_other_in_a_cycle() -> None:
    assert CONSUMES == {"fire": "air", "air": "earth", "earth": "water", "water": "fire"}
    assert sorted(CONSUMES) == sorted(CONSUMES.values())


# ---- T-5 the combat turn ----------------------------------------------------------------
def test_T_5_a_combat_turn_runs_its_phases_in_order() -> None:
    s = position()
    assert decision(s).kind == "open"
    events = play(s, "open:1", "charge:2", "infuse:3", "activate", "add:4", "strain:5:attack")
    assert decision(s).kind == "plan"
    events += play(s, "done")
    while decision(s).kind == "exhaust":
        events += play(s, "exhaust:pay")
    while decision(s).kind == "damage":
        events += play(s, decision(s).actions[0])
    kinds = [e["kind"] for e in events]
    order = [
        "open",
        "charge",
        "infuse",
        "activate",
        "add",
        "strain",
        "discard",
        "exhaust",
        "execute",
        "restore",
        "turn",
    ]
    positions = [kinds.index(k) for k in order]
    assert positions == sorted(positions)


# ---- T-6 prepare ------------------------------------------------------------------------
def test_T_6_prepare_once_per_fight_not_per_turn() -> None:
    s = position(enemy={"level": 4, "attack": 0, "defense": 20})
    events = play(s, "open:1", "done", "exhaust:pay")
    assert of_kind(events, "turn", turn=2) and not of_kind(events, "prepare")
    assert s.hand == [2, 3, 4, 5, 6]  # drawn from the bottom, no shuffle
    weak = Enemy(level=2, attack=0, defense=1)
    t = position()
    t.fights = [weak, weak]
    t.enemy = weak
    events = play(t, "open:1", "activate", "done", "exhaust:pay")
    assert of_kind(events, "fight_won") and of_kind(events, "prepare")
    assert of_kind(events, "fight", index=1) and t.turn == 1 and t.fight == 2


# ---- T-7 the Opening card ---------------------------------------------------------------
def test_T_7_the_opening_card_earns_mana_and_puts_its_symbols_in_play() -> None:
    s = position()
    events = play(s, "open:5")  # fire, value 3, one star, one tip
    assert of_kind(events, "open", card=5, mana=3)
    assert inplay.elements(s) == {"fire": 1}
    assert inplay.banners(s) == {1: 1, 2: 0}
    assert inplay.star_row(s) == [1]
    assert s.column == [5] and s.act == (0, 0)


# ---- T-8 Charge -------------------------------------------------------------------------
def test_T_8_charge_earns_the_value_and_adds_a_banner() -> None:
    s = position(level=9, turned=[2])
    play(s, "open:5", "charge:2")  # card 2 turned: value 5, two tips
    assert s.mana == 3 + 5
    assert inplay.banners(s) == {1: 1, 2: 1}
    assert inplay.elements(s) == {"fire": 1}  # a Charge card's element is not in play
    play(s, "charge:3")
    assert s.mana == 9  # 8 + 4, capped by the level


# ---- T-9 Infuse -------------------------------------------------------------------------
def test_T_9_infuse_puts_the_element_in_play_and_extends_the_constellations() -> None:
    s = position()
    play(s, "open:1", "infuse:5", "infuse:2")
    assert inplay.elements(s) == {"fire": 1}
    assert inplay.star_row(s) == [2, 1, 2]  # last infused, ..., first infused, Opening
    assert s.mana == 4  # no mana from Infuse


# ---- T-10 Activate ----------------------------------------------------------------------
def test_T_10_activate_pays_the_cost_and_needs_the_mana() -> None:
    s = position(level=2)
    play(s, "open:5")  # mana 2 < cost 3
    assert "activate" not in decision(s).actions
    t = position()
    play(t, "open:5")  # mana 3 = cost 3; but the condition (defense >= 1) fails
    events = play(t, "activate")
    assert of_kind(events, "activate", card=5, cost=3) and t.mana == 0
    assert of_kind(events, "sentence", card=5, ok=False) and t.attack == 0


# ---- T-11 Add ---------------------------------------------------------------------------
def test_T_11_add_changes_the_next_ability_the_main_banner_and_adds_an_element() -> None:
    s = position(hand=[1, 2, 3, 4, 6], discard=[5, 7, 8], turned=[6])
    play(s, "open:1", "activate")  # card 1's first ability: +2 attack
    assert s.act == (0, 1)
    play(s, "add:6")  # card 6 turned: water, two tips; its first ability is next
    assert s.act == (1, 0)
    assert inplay.banners(s) == {1: 0, 2: 1}  # one main banner, now with two tips
    assert inplay.elements(s) == {"water": 1}
    assert s.column == [1, 6]


# ---- T-12 Strain ------------------------------------------------------------------------
def test_T_12_strain_pays_one_mana_for_one_point() -> None:
    s = position()
    play(s, "open:2", "strain:3:attack", "strain:4:defense")
    assert (s.mana, s.attack, s.defense) == (2, 1, 1)
    assert inplay.cards_in_play(s) == 1  # Strain cards are not in play
    t = position()
    play(t, "open:2", "activate", "activate")  # mana 4 - 2 - 1 = 1
    play(t, "strain:3:attack")
    assert t.mana == 0
    assert not [a for a in decision(t).actions if a.startswith("strain")]


# ---- T-13 Exhaust -----------------------------------------------------------------------
def test_T_13_exhaust_discards_charge_and_infuse_freely_and_asks_the_rest() -> None:
    s = position(turned=[1])  # card 1 turned: two tips, exhaust 2
    events = play(s, "open:1", "charge:2", "infuse:5", "done")
    assert of_kind(events, "discard", card=2) and of_kind(events, "discard", card=5)
    assert s.discard[-2:] == [2, 5]  # on top, in the order played
    d = decision(s)
    assert (d.kind, d.params["card"]) == ("exhaust", 1)
    events = play(s, "exhaust:no")
    assert of_kind(events, "exhaust", card=1, how="removed") and s.removed == [1]


def test_T_13_exhaust_without_the_mana_turns_or_removes_at_once() -> None:
    s = position(level=4)
    events = play(s, "open:5", "strain:1:attack", "strain:2:defense", "strain:3:attack", "done")
    # mana 0: card 5 (exhaust 2) and the Strain cards (exhaust 1), all one-tip: turned
    for c in (5, 1, 2, 3):
        assert of_kind(events, "exhaust", card=c, how="turned")
    assert [s.up[c - 1] for c in (5, 1, 2, 3)] == [1, 1, 1, 1]


def test_T_13_paying_discards_the_card_unturned() -> None:
    s = position()
    play(s, "open:1", "done")
    events = play(s, "exhaust:pay")
    assert of_kind(events, "exhaust", card=1, how="paid") and s.up[0] == 0
    assert s.mana == 3  # 4 - 1; Restore waits for the damage to be taken
    assert decision(s).kind == "damage"


# ---- T-14 Execute -----------------------------------------------------------------------
def test_T_14_defeating_an_enemy_of_your_level_raises_it() -> None:
    s = position(enemy={"level": 4, "attack": 3, "defense": 2})
    events = play(s, "open:1", "activate", "done", "exhaust:pay")
    assert of_kind(events, "execute", attack=2, defeated=True)
    assert of_kind(events, "level_up", level=5) and s.result == (1.0,)


def test_T_14_a_weaker_enemy_gives_no_level() -> None:
    s = position(enemy={"level": 3, "attack": 3, "defense": 2})
    events = play(s, "open:1", "activate", "done", "exhaust:pay")
    assert of_kind(events, "execute", defeated=True) and not of_kind(events, "level_up")
    assert s.level == 4


def test_T_14_damage_is_attack_minus_defense_taken_without_paying() -> None:
    s = position(enemy={"level": 4, "attack": 5, "defense": 20}, turned=[7])
    events = play(s, "open:2", "activate", "done", "exhaust:pay")
    assert of_kind(events, "execute", defense=2, enemy_attack=5, damage=3)
    d = decision(s)
    assert d.kind == "damage" and d.params["left"] == 3
    assert "hurt:7" in d.actions and "hurt:3" in d.actions  # the Discard Deck and the hand
    events = play(s, "hurt:7", "hurt:3", "hurt:4")
    assert of_kind(events, "damage", card=7, how="removed")  # two tips: removed
    assert of_kind(events, "damage", card=3, how="turned")  # one tip: turned, discarded
    assert s.removed == [7] and s.up[2] == 1


def test_T_14_modifiers_apply_to_the_fight() -> None:
    weak = {
        "level": 4,
        "attack": 3,
        "defense": 6,
        "modifier": {"id": "weak_to_element", "stat": "defense", "delta": -1, "element": "fire"},
    }
    # card 3 opens (mana 4), +3 attack for 2, two Strains: attack 5, mana 0 (all turned)
    s = position(enemy=weak)
    events = play(s, "open:3", "activate", "infuse:5", "strain:1:attack", "strain:2:attack")
    events += play(s, "done")
    assert of_kind(events, "execute", attack=5, enemy_defense=5, defeated=True)  # fire: -1
    t = position(enemy=weak)
    events = play(t, "open:3", "activate", "strain:1:attack", "strain:2:attack", "done")
    assert of_kind(events, "execute", attack=5, enemy_defense=6, defeated=False)


def test_T_14_a_trap_is_won_by_blocking_its_attack() -> None:
    trap = {"level": 0, "attack": 2, "trap": True}
    s = position(enemy=trap)
    events = play(s, "open:2", "activate", "done", "exhaust:pay")
    assert of_kind(events, "execute", defense=2, enemy_attack=2, defeated=True)
    assert s.level == 4  # a level-0 enemy never raises the level


# ---- T-15 Restore -----------------------------------------------------------------------
def test_T_15_restore_zeroes_the_tracks_and_draws_from_the_bottom() -> None:
    s = position(enemy={"level": 4, "attack": 0, "defense": 20})
    events = play(s, "open:1", "charge:2", "activate", "done", "exhaust:pay")
    assert of_kind(events, "restore", hand=5)
    assert (s.attack, s.defense, s.mana) == (0, 0, 0)
    assert s.hand == [3, 4, 5, 6, 7]  # 6 and 7 from the bottom; 8, 2, 1 stay
    assert s.discard == [8, 2, 1]


# ---- T-16 reading cards -----------------------------------------------------------------
def _sentences(*says: dict) -> object:  # type: ignore[type-arg]
    return hero_with(
        {
            1: {
                "skill": "combined",
                "level": 3,
                "value": 4,
                "exhaust": 1,
                "abilities": [{"cost": 0, "says": list(says)}],
            }
        }
    )


def test_T_16_if_sentences_apply_only_when_their_condition_holds() -> None:
    hero = _sentences(
        {"if": [{"count": "fire", "at_least": 1}], "do": [{"gain": "attack", "n": 5}]},
        {"do": [{"gain": "defense", "n": 1}]},
    )
    s = with_hero(hero, position())  # type: ignore[arg-type]
    events = play(s, "open:1", "activate")
    assert of_kind(events, "sentence", n=0, ok=False) and of_kind(events, "sentence", n=1, ok=True)
    assert (s.attack, s.defense) == (0, 1)


def test_T_16_you_may_asks_and_pay_needs_the_full_amount() -> None:
    hero = _sentences(
        {"may": True, "pay": {"defense": 1}, "do": [{"gain": "attack", "n": 4}]},
        {"pay": {"defense": 5}, "do": [{"gain": "attack", "n": 9}]},
    )
    s = with_hero(hero, position(defense=2))  # type: ignore[arg-type]
    play(s, "open:1", "activate")
    d = decision(s)
    assert (d.kind, d.actions) == ("may", ("may:yes", "may:no"))
    play(s, "may:yes")
    assert (s.attack, s.defense) == (4, 1)  # the second sentence cannot pay 5: ignored
    t = with_hero(hero, position(defense=2))  # type: ignore[arg-type]
    play(t, "open:1", "activate", "may:no")
    assert (t.attack, t.defense) == (0, 2)


def test_T_16_conditions_are_checked_only_when_activated() -> None:
    s = position(hand=[6, 1, 2, 3, 4], discard=[5, 7, 8])
    play(s, "open:6", "charge:1", "charge:2", "infuse:3")  # 4 cards in play
    events = play(s, "activate")  # card 6: if cards >= 4: +6 attack
    assert of_kind(events, "sentence", card=6, ok=True) and s.attack == 6
    play(s, "restart")  # the Training's start-over: everything back as it was
    assert (s.attack, s.mana, s.hand) == (0, 0, [6, 1, 2, 3, 4])
    play(s, "open:6", "charge:1")
    events = play(s, "activate")
    assert of_kind(events, "sentence", card=6, ok=False) and s.attack == 0


# ---- T-17 in play -----------------------------------------------------------------------
def test_T_17_what_is_in_play() -> None:
    s = position(hand=[5, 7, 1, 8, 6, 2, 3, 4], discard=[], level=9, turned=[6])
    play(s, "open:5", "infuse:7", "infuse:1", "charge:8", "add:6", "strain:2:attack")
    # elements: Opening (fire), Infuse (earth; card 1 none), Add (water); not Charge (air)
    assert inplay.elements(s) == {"fire": 1, "earth": 1, "water": 1}
    # banners: the main banner takes the lowest column card's tips (card 6 turned: 2),
    # plus the Charge card's (one tip); the Strain card counts for nothing
    assert inplay.banners(s) == {1: 1, 2: 1}
    assert inplay.cards_in_play(s) == 5
    # constellations: last infused (card 1: 2 stars), card 7 (2), the Opening card (1)
    assert inplay.star_row(s) == [2, 2, 1]
    assert inplay.constellation_in_play(s, (2, 1)) and inplay.constellation_in_play(s, (2, 2, 1))
    assert not inplay.constellation_in_play(s, (1, 2))
    assert inplay.constellation_in_hand(s, (2, 2))  # cards 3 and 4 in hand
    assert not inplay.constellation_in_hand(s, (1,))


def test_json_round_trip_and_determinize_keep_playing() -> None:
    s = GAME.new(TUTORIAL, 11)
    data = GAME.to_json(s)
    t = GAME.from_json(data)
    assert GAME.to_json(t) == data
    d = GAME.determinize(s, 0, RNG(1))
    assert GAME.observe(d, 0) == GAME.observe(s, 0)


def test_effects_ignore_modifier_and_repeat() -> None:
    # card 1: ignore the enemy's modifier; card 2: repeat the previous ability (card 1's
    # first ability, +2 attack) without paying
    hero = hero_with(
        {
            1: {
                "skill": "attack",
                "level": 1,
                "value": 5,
                "exhaust": 1,
                "abilities": [
                    {"cost": 1, "says": [{"do": [{"gain": "attack", "n": 2}]}]},
                    {"cost": 1, "says": [{"do": [{"ignore_modifier": True}]}]},
                ],
            },
            2: {
                "skill": "combined",
                "level": 3,
                "value": 3,
                "exhaust": 1,
                "abilities": [{"cost": 1, "says": [{"do": [{"repeat": True}]}]}],
            },
        }
    )
    tough = {
        "level": 4,
        "attack": 0,
        "defense": 4,
        "modifier": {"id": "cautious", "stat": "defense", "delta": 1, "banner": 1},
    }
    s = with_hero(hero, position(enemy=tough))
    play(s, "open:1", "activate", "add:2", "activate", "charge:3")  # two one-tip banners
    assert s.attack == 4  # 2, then 2 again by the repeat
    events = play(s, "done", "exhaust:pay", "exhaust:pay")
    assert of_kind(events, "execute", attack=4, enemy_defense=5, defeated=False)
    # the same, with the modifier ignored; the repeat now repeats the ignore (no attack)
    t = with_hero(hero, position(enemy=tough, attack=2))
    play(t, "open:1", "activate", "activate", "add:2", "activate", "charge:3")
    assert t.attack == 4 and t.flags.get("ignore_modifier")
    events = play(t, "done", "exhaust:pay", "exhaust:pay")
    assert of_kind(events, "execute", attack=4, enemy_defense=4, defeated=True)
