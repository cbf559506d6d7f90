"""What a DungeonQuest player reads when choosing: each prompt says what it asks about,
in the words of the decision at hand, in English and Italian."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from tavolo.cli.common import parse_options
from tavolo.engine import RNG, ConfigError, registry
from tavolo.games.dungeonquest.options import SWITCHABLE

GAME: Any = registry.get("dungeonquest")
LANGS = ("en", "it")


def first(where: Callable[[Any, Any], bool], players: int = 1, seeds: int = 300) -> Any:
    """The first state of a random game (over seeds) whose decision ``where`` accepts."""
    for seed in range(seeds):
        s = GAME.new(GAME.make_config(players), seed)
        rng = RNG(seed)
        while (d := GAME.decision(s)) is not None:
            if where(s, d):
                return s, d
            GAME.apply(s, d.actions[rng.below(len(d.actions))])
    raise AssertionError("no such decision")


@pytest.mark.parametrize("lang", LANGS)
def test_the_tower_prompt_speaks_of_the_tower_not_the_chamber(lang: str) -> None:
    s, _ = first(lambda s, d: d.kind == "tower")
    stay = GAME.describe_action(s, "stay", lang)
    chamber = ("Treasure Chamber", "Dragon") if lang == "en" else ("Camera del Tesoro", "Drago")
    assert not any(w in stay for w in chamber), stay
    assert ("another move" if lang == "en" else "un'altra mossa") in stay
    s, _ = first(lambda s, d: d.kind == "act" and "stay" in d.actions)  # the chamber's own
    assert chamber[0] in GAME.describe_action(s, "stay", lang)


def below_board(view: str) -> str:
    """The view's lines after the heroes' table: what the decision at hand is about."""
    lines = view.replace("\\[", "[").splitlines()
    i = next(j for j, line in enumerate(lines) if line.startswith(("   Hero ", "   Eroe ")))
    i += 1
    while i < len(lines) and re.match(r"[PG]\d |   \S", lines[i]):  # a hero, his burdens
        i += 1
    return " ".join(" ".join(lines[i:]).split())


@pytest.mark.parametrize("lang", LANGS)
def test_a_may_prompt_shows_the_card_and_what_yes_does(lang: str) -> None:
    """Dead Adventurer: 'yes / no' with the card and the offer (draw a Corpse card)."""
    s, d = first(lambda s, d: d.kind == "opt" and s.stack[-2][5] == "dead_adventurer")
    shown = below_board(GAME.view(s, 0, lang))
    card = "Dead Adventurer" if lang == "en" else "Avventuriero morto"
    corpse = "Corpse card" if lang == "en" else "carta Cadavere"
    assert card in shown and corpse in shown and shown.endswith("?"), shown
    yes, no = (GAME.describe_action(s, a, lang) for a in d.actions)
    assert corpse in yes and yes != no
    assert max(len(line) for line in GAME.view(s, 0, lang).splitlines()) <= 80


@pytest.mark.parametrize("lang", LANGS)
def test_facing_a_monster_the_view_shows_it(lang: str) -> None:
    """Before its Monster card: what each answer may bring; after: its LP left."""
    s, _ = first(lambda s, d: d.kind == "monster" and s.stack[-1][3] == "react")
    name = GAME.name_of(s.stack[-1][2], lang)
    shown = below_board(GAME.view(s, 0, lang))
    assert name in shown and ("Attack:" if lang == "en" else "Attacco:") in shown, shown
    wait = GAME.describe_action(s, "wait", lang)
    assert wait == ("Wait and See" if lang == "en" else "Attesa")
    s, _ = first(lambda s, d: d.kind == "monster" and s.stack[-1][3] == "fight")
    lp = s.stack[-1][4]
    shown = below_board(GAME.view(s, 0, lang))
    assert GAME.name_of(s.stack[-1][2], lang) in shown
    assert (f"{lp} LP left" if lang == "en" else f"restano {lp} PV") in shown, shown
    for counter in ("mighty_blow", "slash", "leap_aside"):  # its secret counter is not told
        other = s.clone()
        other.stack[-1] = (*s.stack[-1][:9], counter, s.stack[-1][10])
        assert GAME.view(other, 0, lang) == GAME.view(s, 0, lang)


def test_heroes_option_takes_a_list_as_the_command_line_writes_it() -> None:
    """``-o heroes=[volrik, azoth]`` (YAML's list) and ``volrik, azoth`` both pick two."""
    for written in ("heroes=[volrik, azoth]", "heroes=volrik, azoth", "heroes=volrik,azoth"):
        options = {**parse_options([written], "en"), "expansion_heroes": True}
        cfg = GAME.configure(2, None, options)
        s = GAME.new(cfg, 1)
        while (d := GAME.decision(s)) is not None and s.phase == "setup":
            GAME.apply(s, d.actions[0])
        assert sorted(h.id for h in s.heroes) == ["azoth", "volrik"], written


@pytest.mark.parametrize("lang", LANGS)
def test_a_heroes_option_of_another_shape_is_one_line(lang: str) -> None:
    with pytest.raises(ConfigError) as e:
        GAME.configure(1, None, parse_options(["heroes={a: 1}"], "en"))
    told = e.value.told(lang)
    assert "heroes" in told and "[volrik, azoth]" in told and "\n" not in told
    with pytest.raises(ConfigError) as e:
        GAME.configure(1, None, parse_options(["heroes=[volrik, zz]"], "en"))
    assert "'zz'" in e.value.told(lang) and "[" not in e.value.told(lang).split(";")[0]


@pytest.mark.parametrize("lang", LANGS)
def test_more_heroes_named_than_players_is_one_line_not_a_silent_drop(lang: str) -> None:
    """``-o heroes=volrik,azoth`` for one player dropped azoth without a word."""
    options = {**parse_options(["heroes=volrik,azoth"], "en"), "expansion_heroes": True}
    with pytest.raises(ConfigError) as e:
        GAME.configure(1, None, options)
    told = e.value.told(lang)
    assert "heroes" in told and "2" in told and "1" in told and "\n" not in told
    assert GAME.configure(2, None, options).players == 2


@pytest.mark.parametrize("lang", LANGS)
def test_help_speaks_the_options_words_and_lists_the_game_options(lang: str) -> None:
    """The prompt takes an option's number or its words: the help quotes those words in
    the reader's language (never an id such as move:N or mighty_blow), and names every
    option with its values."""
    text = GAME.help(lang).replace("\\[", "[")
    flat = " ".join(text.split())
    for word in ("move:", "leap_aside", "mighty_blow", "search,", "stay (in"):
        assert word not in flat
    s = GAME.new(GAME.make_config(1), 1)
    for action in ("move:N", "search", "wait", "leave", "mighty_blow", "slash", "leap_aside"):
        assert f'"{GAME.describe_action(s, action, lang)}"' in flat, action
    for name, values in SWITCHABLE.items():
        assert f"{name} = {' | '.join(values)} " in flat, name
    assert "heroes = " in flat and "[volrik, azoth]" in flat
    if lang == "it":
        assert '"muovi a nord"' in flat and '"perquisisci la stanza"' in flat


@pytest.mark.parametrize("lang", LANGS)
def test_DQ_13_4_each_combat_counter_says_what_it_does_against_the_monsters(lang: str) -> None:
    """A player choosing Mighty Blow, Slash or Leap Aside sees the combat display's row:
    what it beats (the monster's loss) and what beats it (the hero's)."""
    s, d = first(lambda s, d: d.kind == "monster" and s.stack[-1][3] == "fight")
    said = {a: GAME.describe_action(s, a, lang) for a in d.actions}
    blow, slash, leap = (said[a] for a in ("mighty_blow", "slash", "leap_aside"))
    if lang == "en":
        assert "beats Slash (it loses 2 LP)" in blow, blow
        assert "loses to Leap Aside (you lose 1 LP)" in blow, blow
        assert "loses to Mighty Blow (you lose 2 LP)" in slash, slash
        assert "beats Mighty Blow (it loses 1 LP)" in leap, leap
    else:
        assert "batte la Stoccata (lui perde 2 PV)" in blow, blow
        assert "perde contro la Manovra difensiva (tu perdi 1 PV)" in blow, blow
    assert all(len(line) <= 80 for line in GAME.view(s, 0, lang).splitlines())


@pytest.mark.parametrize("lang", LANGS)
def test_DQ_16_the_potion_option_shows_its_table(lang: str) -> None:
    """'drink the potion' alone hid that a 12 on 2D6 kills: the option shows the table."""
    s, _ = first(lambda s, d: d.kind == "act" and "potion" in d.actions)
    potion = GAME.describe_action(s, "potion", lang)
    assert potion.startswith("drink the potion" if lang == "en" else "bevi la pozione")
    assert ("12: you are killed" if lang == "en" else "12: ") in potion, potion
    assert "2D6" in potion, potion
    never = "(never above your starting LP)" if lang == "en" else "(mai oltre i PV iniziali)"
    assert potion.count(never) == 1, potion  # said once, not on each healing row


@pytest.mark.parametrize("lang", LANGS)
def test_DQ_15_the_ring_option_names_the_ring_and_no_says_what_it_leaves(lang: str) -> None:
    """'use the ring' / 'no' named no ring and no choice; now the ring and its power,
    and a 'no' that says what the hero does instead."""
    s, _ = first(lambda s, d: d.kind == "act" and "ring" in d.actions)
    ring = GAME.describe_action(s, "ring", lang)
    name = "Ring of Healing" if lang == "en" else "l'Anello della guarigione"
    assert name in ring and ("5 LP" if lang == "en" else "5 PV") in ring, ring
    s, _ = first(lambda s, d: d.kind == "secret")
    no = GAME.describe_action(s, "no", lang)
    assert no == ("no: stay in this room" if lang == "en" else "no: resta in questa stanza")
    shown = below_board(GAME.view(s, 0, lang))
    assert ("Secret Door" if lang == "en" else "Porta segreta") in shown, shown
    assert shown.endswith("?"), shown
    s, _ = first(lambda s, d: d.kind == "monster" and s.stack[-1][3] == "bow1")
    no = GAME.describe_action(s, "no", lang)
    assert no == ("no: do not shoot" if lang == "en" else "no: non tirare"), no


@pytest.mark.parametrize("lang", LANGS)
def test_DQ_6_a_door_before_the_ring_of_opening_is_shown(lang: str) -> None:
    """The Ring of Opening's question came with no word of the door it is about."""
    s, _ = first(lambda s, d: d.kind == "cross", seeds=2000)
    shown = below_board(GAME.view(s, 0, lang))
    barrier = ("door", "portcullis") if lang == "en" else ("porta", "grata")
    assert any(b in shown.lower() for b in barrier), shown
    tried = GAME.describe_action(s, "try", lang)
    assert "(" in tried and (
        "Door card" in tried or "Strength" in tried or "Forza" in tried or "carta Porta" in tried
    ), tried


@pytest.mark.parametrize("lang", LANGS)
def test_DQ_19_the_end_screen_says_how_each_hero_came_out_and_what_wins(lang: str) -> None:
    """Two heroes out with 0 GP read only 'All win. Scores: Player 1 1; Player 2 1': the
    last view now says how each hero came out and the rule that decided (D21)."""
    ends = []
    for seed in range(60):
        for players in (1, 2):
            s = GAME.new(GAME.make_config(players), seed)
            rng = RNG(seed)
            while (d := GAME.decision(s)) is not None:
                GAME.apply(s, d.actions[rng.below(len(d.actions))])
            ends.append(s)
    for s in ends:
        shown = below_board(GAME.view(s, 0, lang))
        assert shown.startswith("Game over: " if lang == "en" else "Partita finita: "), shown
        for k, h in enumerate(s.heroes):
            name = GAME.hero_name(s, k, lang)
            if h.status == "escaped":
                out = f"{name} got out with {h.gp} GP" if lang == "en" else f"{name} esce con"
            else:
                out = f"{name} died (" if lang == "en" else f"{name} perde la vita ("
            assert out in shown, shown
        rule = ("richest", "più ricco") if len(s.heroes) > 1 else ("Alone", "Da soli")
        assert rule[lang == "it"] in shown, shown
        assert all(len(x) <= 80 for x in GAME.view(s, 0, lang).splitlines())
    mid = GAME.new(GAME.make_config(2), 1)
    assert "Game over" not in GAME.view(mid, 0, "en")


@pytest.mark.parametrize("lang", LANGS)
def test_DQ_4_the_towers_are_named_by_their_corner_of_the_map(lang: str) -> None:
    """'start in the tower at (12,9)' left a new player to guess which corner (12,9) is
    (the map prints no coordinates): each tower is named by its corner, north at the top."""
    s, d = first(lambda s, d: d.kind == "picktower")
    said = [GAME.describe_action(s, a, lang) for a in d.actions]
    corners = (
        ["north-west", "north-east", "south-west", "south-east"]
        if lang == "en"
        else ["nord-ovest", "nord-est", "sud-ovest", "sud-est"]
    )
    for a, text in zip(d.actions, said, strict=True):
        x, y = GAME.spec.towers[int(a.partition(":")[2])]
        corner = corners[2 * (y > 0) + (x > 0)]
        assert corner in text and f"({x},{y})" in text, text
    events = GAME.apply(s, d.actions[-1])
    placed = next(e for e in events if e.kind == "hero_placed")
    assert corners[3] in GAME.describe_event(placed, 0, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_DQ_10_a_hero_line_shows_turns_to_miss_and_cards_held(lang: str) -> None:
    """'Sir Rohan will miss 3 turns.' scrolled away and the hero line never said it, nor
    the Trapdoor he is stuck in: the line now does, while he is in the dungeon."""
    s, _ = first(lambda s, d: d.kind == "act")
    h = s.heroes[0]
    h.lost_turns = 2
    h.held = [("trap", "trapdoor")]
    line = " ".join(GAME.view(s, 0, lang).split())
    name = GAME.name_of("trapdoor", lang)
    if lang == "en":
        assert f"misses 2 more turns; holding {name}" in line, line
    else:
        assert f"salta ancora 2 turni; carte tenute: {name}" in line, line
    h.lost_turns, h.held = 0, []
    assert ("misses" if lang == "en" else "salta") not in GAME.view(s, 0, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_DQ_11_staying_in_the_chamber_says_the_dragon_odds(lang: str) -> None:
    """'stay in the Treasure Chamber (draw a Dragon counter)' hid what a counter does and
    how many are left: the option now tells both, as the counters in play stand."""
    s, _ = first(lambda s, d: d.kind == "act" and "stay" in d.actions, seeds=1500)
    stay = GAME.describe_action(s, "stay", lang)
    n, awake = len(s.dragon), s.dragon.count("awake")
    if lang == "en":
        assert f"draw 1 of the {n} Dragon counters left; {awake} of them wakes" in stay, stay
        assert "D12 LP" in stay and "take 2 treasure counters" in stay, stay
    else:
        assert f"pesca 1 dei {n} segnalini Drago rimasti; {awake} di questi sveglia" in stay
        assert "D12 PV" in stay and "prendi 2 segnalini tesoro" in stay, stay
    s.opts = s.opts.model_copy(update={"dragon_breath": "2d6"})
    assert "2D6" in GAME.describe_action(s, "stay", lang)


@pytest.mark.parametrize("lang", LANGS)
def test_DQ_9_the_cave_in_test_says_what_it_risks(lang: str) -> None:
    """On a Cave-In tile 'test Agility to act' did not say the roll or that failing
    loses the turn."""
    s, _ = first(lambda s, d: d.kind == "cave", seeds=1500)
    agility = GAME.heroes[s.heroes[s.stack[-1][1]].id].agility
    said = GAME.describe_action(s, "test", lang)
    if lang == "en":
        assert f"roll D12: {agility} or less" in said and "the turn is lost" in said, said
    else:
        assert f"tira D12: {agility} o meno" in said and "perdi il turno" in said, said


@pytest.mark.parametrize("lang", LANGS)
def test_DQ_14_the_bow_option_shows_its_table_and_the_dragon_drive_is_told(lang: str) -> None:
    """'shoot an arrow' did not say what a shot does (D10); the choice of a way out of
    the Treasure Chamber came with no word of the dragon driving the hero out."""
    s, _ = first(lambda s, d: d.kind == "monster" and s.stack[-1][3] == "bow1")
    shoot = GAME.describe_action(s, "shoot", lang)
    if lang == "en":
        assert "roll D6: 1–2: nothing happens" in shoot and "5–6: the monster is killed" in shoot
    else:
        assert "tira D6: 1–2: " in shoot and "5–6: il mostro è ucciso" in shoot, shoot
    s, _ = first(lambda s, d: d.kind == "out", seeds=1500)
    shown = below_board(GAME.view(s, 0, lang))
    assert ("drives" if lang == "en" else "caccia") in shown, shown


@pytest.mark.parametrize("lang", LANGS)
def test_DQ_15_the_ring_of_healing_at_full_lp_says_it_only_ends_the_turn(lang: str) -> None:
    """At full LP 'use the ring' was taken: 'regains 0 LP', the ring spent, the turn over."""
    s, _ = first(lambda s, d: d.kind == "act" and "ring" in d.actions)
    h = s.heroes[s.stack[-1][1]]
    full = GAME.heroes[h.id].life
    note = "at full LP now" if lang == "en" else "ora hai tutti i PV"
    h.life = full
    assert note in GAME.describe_action(s, "ring", lang)
    h.life = full - 1
    assert note not in GAME.describe_action(s, "ring", lang)


@pytest.mark.parametrize("lang", LANGS)
def test_DQ_4_a_hero_not_yet_placed_is_not_in_the_dungeon(lang: str) -> None:
    """While rings and towers were chosen the hero line said 'in the dungeon' already."""
    s, _ = first(lambda s, d: d.kind == "picktower")
    view = " ".join(GAME.view(s, 0, lang).split())
    assert ("not yet in" if lang == "en" else "non ancora dentro") in view
    s, _ = first(lambda s, d: d.kind == "act")
    view = " ".join(GAME.view(s, 0, lang).split())
    assert ("not yet" if lang == "en" else "non ancora") not in view


@pytest.mark.parametrize("lang", LANGS)
def test_DQ_7_search_says_it_draws_a_search_card_and_how_often(lang: str) -> None:
    """'search the room' said neither what it draws nor that it is allowed twice in a row
    at most (D4), so the option simply vanished after the second search."""
    s, _ = first(lambda s, d: d.kind == "act" and "search" in d.actions)
    h = s.heroes[s.stack[-1][1]]
    h.searches = 0
    said = GAME.describe_action(s, "search", lang)
    assert ("Search card" if lang == "en" else "carta Ricerca") in said, said
    assert ("twice in a row" if lang == "en" else "due volte di fila") in said, said
    h.searches = 1
    assert ("the last here" if lang == "en" else "l'ultima qui") in GAME.describe_action(
        s, "search", lang
    )


@pytest.mark.parametrize("lang", LANGS)
def test_DQ_6_the_corridor_extra_move_is_told_with_the_moves_left(lang: str) -> None:
    """A corridor's extra move came as 'move east / move west / stop here' with no word
    of why the turn went on, nor of the ruling's cap of extra moves."""
    s, _ = first(lambda s, d: d.kind == "extra", seeds=1500)
    shown = below_board(GAME.view(s, 0, lang))
    from tavolo.games.dungeonquest.rules import EXTRA_CAP

    left = EXTRA_CAP - s.moves
    if lang == "en":
        assert "in a corridor or a tower" in shown and f"({left} extra move" in shown, shown
    else:
        assert "in un corridoio o in una torre" in shown and f"({left} mosse extra" in shown


@pytest.mark.parametrize("lang", LANGS)
def test_D8_the_player_picking_the_monsters_counter_reads_its_name_and_odds(lang: str) -> None:
    """Under monster_counter=left_player the player on the left read 'il mostro gioca
    mighty blow' (the id, in English) with nothing on what the counter does."""
    s = GAME.new(GAME.make_config(2, monster_counter="left_player"), 1)
    said = GAME.describe_action(s, "counter:mighty_blow", lang)
    if lang == "en":
        assert said.startswith("the monster plays Mighty Blow — "), said
        assert "beats the hero's Slash (the hero loses 2 LP)" in said, said
        assert "loses to the hero's Leap Aside (it loses 1 LP)" in said, said
    else:
        assert said.startswith("il mostro gioca l'Attacco a fondo — "), said
        assert "batte la Stoccata dell'eroe (l'eroe perde 2 PV)" in said, said
    assert "mighty" not in said.replace("Mighty", "")
