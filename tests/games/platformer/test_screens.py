"""What a Platformer player reads on the screen: the log agrees with the board, the
view shows what the choices and the clock need, the help speaks the options' words."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tavolo.agents import make_agent
from tavolo.engine import RNG, Event, UnknownName, registry
from tavolo.games.platformer.content import default_content
from tavolo.games.platformer.rules import ROUND_CAP
from tavolo.games.platformer.text import render_ability, render_enemy, render_event, render_priced

from .reading import read, read_lines

GAME = registry.get("platformer")
CONTENT = default_content()
LANGS = ("en", "it")


def greedy_events(seed: int, players: int = 2, mode: str = "standard") -> list[tuple[Any, Any]]:
    """A greedy game's events (it climbs, so levels come and go), each with the state
    right after the action that made it."""
    s = GAME.new(GAME.make_config(players, mode), seed)
    agent, out = make_agent("greedy", seed=seed), []
    while (d := GAME.decision(s)) is not None:
        for e in GAME.apply(s, agent.act(GAME, s, d)):
            out.append((e, s.clone()))
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_log_names_levels_as_the_board_does(lang: str) -> None:
    """Revealing level index 1 shows the board's "Level 2"; the log says the same."""
    word = "Level" if lang == "en" else "Livello"
    seen = set()
    for e, s in greedy_events(3):
        if e.kind not in ("reveal", "remove"):
            continue
        seen.add(e.kind)
        text = GAME.describe_event(e, None, lang) or ""
        n = e.data["level"] + 1
        assert f"{word.lower()} {n} " in text.lower(), text
        board = GAME.view(s, 0, lang).splitlines()
        if e.kind == "reveal":  # the level just turned face up, under its own label
            assert any(line.split()[:2] == [word, str(n)] for line in board)
            assert f"{word} {n}: " not in "\n".join(board)
        else:
            assert any(line.startswith(f"{word} {n}: ") for line in board)
    assert seen == {"reveal", "remove"}


def test_rounds_metric_counts_the_rounds_played() -> None:
    """A game stopped by the round cap played ROUND_CAP rounds, as its log's last
    "Round N" says; one that ends earlier counts the round it ended in."""
    capped = 0
    for seed in range(12):
        s = GAME.new(GAME.make_config(2), seed)
        rng, last = RNG(seed), 0
        while (d := GAME.decision(s)) is not None:
            for e in GAME.apply(s, d.actions[rng.below(len(d.actions))]):
                if e.kind == "turn":
                    last = e.data["round"]
        assert GAME.metrics(s)["rounds"] == last <= ROUND_CAP
        capped += s.reason == "round cap"
    assert capped


def board_rows(view: str) -> dict[int, str]:
    """The grid's rows by y (from 1), as the view labels them at the left."""
    rows = {}
    for line in read_lines(view):
        m = re.fullmatch(r"\s?(\d+) (\|.*\|)", line)
        if m:
            rows[int(m[1])] = m[2]
    return rows


def mixed_position() -> Any:
    """Three levels face up, enemies whose English initials collide (Werewolf, Wraith)."""
    position = {
        "seed": 4,
        "revealed": 3,
        "heroes": [{"at": [0, 0]}, {"at": [7, 0]}],
        "enemies": [["ent", 2, 0], ["gloom_bat", 5, 0], ["werewolf", 2, 4], ["wraith", 5, 8]],
    }
    return GAME.from_position(GAME.make_config(2), position, RNG(1))


@pytest.mark.parametrize("lang", LANGS)
def test_each_enemy_kind_has_its_own_mark_and_its_card_is_shown(lang: str) -> None:
    s = mixed_position()
    view = GAME.view(s, 0, lang)
    marks = GAME.enemy_marks(s, lang)
    kinds = {k for k, _ in s.enemies}
    assert len({marks[k] for k in kinds}) == len(kinds)
    g = GAME.geo(s)
    rows = board_rows(view)
    for kind, p in s.enemies:  # the mark stands where the enemy stands
        x, y = g.xy(p)
        assert rows[y + 1][1 + 2 * x] == marks[kind]
    flat = read(view)
    for kind in kinds:  # damage, loot and ability, as the card says
        head, ability = render_enemy(GAME.enemy_cards[kind], lang)
        assert f"{marks[kind]} {head}" in flat and ability in flat
    if lang == "it":  # letters from the reader's names: Pipistrello, not Gloom Bat
        assert marks["gloom_bat"] == "p" and marks["werewolf"] == "l"


def test_marks_stay_distinct_and_steady_through_a_game() -> None:
    for lang in LANGS:
        before: dict[str, str] = {}
        for _, s in greedy_events(3):
            marks = GAME.enemy_marks(s, lang)
            shown = [m for k, m in marks.items() if any(k == e for e, _ in s.enemies)]
            assert len(set(shown)) == len(shown) and "x" not in shown
            assert all(before.get(k, m) == m for k, m in marks.items())
            before.update(marks)


@pytest.mark.parametrize("lang", LANGS)
def test_rows_and_columns_are_numbered_as_the_choices_name_spaces(lang: str) -> None:
    """A hero at (x,y) in an option's words is at column x, row y of the grid."""
    s = mixed_position()
    view = GAME.view(s, 0, lang)
    rows = board_rows(view)
    assert sorted(rows) == list(range(1, 13))
    columns = [line for line in read_lines(view) if line.split() == list("12345678")]
    assert columns and all(line.index("1") == 4 for line in columns)
    g = GAME.geo(s)
    for k, h in enumerate(s.heroes):
        x, y = g.xy(h.pos)
        where = GAME.pos_name(s, h.pos)
        assert where == f"({x + 1},{y + 1})"
        assert rows[y + 1][1 + 2 * x] == str(k + 1)


@pytest.mark.parametrize("lang", LANGS)
def test_solo_view_shows_the_event_and_the_events_left(lang: str) -> None:
    s = GAME.new(GAME.make_config(1, "solo"), 5)
    total = len(GAME.events)
    rng = RNG(5)
    shown = 0
    while (d := GAME.decision(s)) is not None and shown < 6:
        if s.event:
            view = read(GAME.view(s, 0, lang))
            name, effect = render_event(GAME.events[s.event], lang)
            left = "events left" if lang == "en" else "eventi rimasti"
            assert f"{name} · {left} {len(s.events)}/{total}" in view
            assert effect in view
            shown += 1
        GAME.apply(s, d.actions[rng.below(len(d.actions))])
    assert shown == 6


@pytest.mark.parametrize("lang", LANGS)
def test_every_view_line_fits_80_columns(lang: str) -> None:
    for _, s in greedy_events(3)[::40]:
        for line in GAME.view(s, 0, lang).replace("\\[", "[").splitlines():
            assert len(line) <= 80, line
    s = GAME.new(GAME.make_config(1, "solo"), 2)
    assert max(map(len, GAME.view(s, 0, lang).splitlines())) <= 80


@pytest.mark.parametrize("lang", LANGS)
def test_help_speaks_the_options_words_and_lists_the_game_options(lang: str) -> None:
    """The prompt takes an option's number or its words: the help quotes those words,
    never an action id (use:SYMBOL, all:P), and names every option with its values."""
    text = GAME.help(lang)
    flat = " ".join(text.split())
    assert not re.search(r"\b[a-z]+:[A-Za-z]", text), text
    s = mixed_position()
    for action in ("use:SWORD", "stop", "end", "skip", "x:2"):
        assert f'"{GAME.describe_action(s, action, lang)}"' in flat
    for key in ("theme", "boss", "artifacts", "extended"):
        assert f"{key} = " in flat
    for value in ("forest", "void", "medusa", "ikee", "random", "true"):
        assert value in flat
    assert "+artifacts" in flat and "+extended" in flat


@pytest.mark.parametrize("lang", LANGS)
def test_an_unknown_mode_says_the_variants_ride_on_a_mode(lang: str) -> None:
    with pytest.raises(UnknownName) as e:
        GAME.configure(2, "relics", {})
    told = e.value.told(lang)
    assert "'relics'" in told and "standard, solo" in told
    assert "+artifacts" in told and "standard+artifacts" in told and "\n" not in told
    for alone in ("artifacts", "+artifacts", "standard+artifacts"):  # a variant alone rides
        assert GAME.configure(2, alone, {}).mode == "standard+artifacts"


def decisions_seen(seed: int, players: int = 2) -> list[tuple[Any, Any]]:
    """Each decision of a random game with the state it is taken in."""
    s, rng, out = GAME.new(GAME.make_config(players), seed), RNG(seed), []
    while (d := GAME.decision(s)) is not None:
        out.append((s.clone(), d))
        GAME.apply(s, d.actions[rng.below(len(d.actions))])
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_P_1_each_symbol_option_says_what_it_does(lang: str) -> None:
    """'use COIN', 'use PUSH', 'Form, spending special' left a new player to guess what a
    symbol does (and spoke English in Italian); each now says it, STAR in its hero's words."""
    said: dict[str, str] = {}
    for s, d in decisions_seen(1) + decisions_seen(2):
        for a in d.actions:
            if a.startswith(("use:", "form:")) or a == "special":
                said.setdefault(a, GAME.describe_action(s, a, lang))
                if a == "use:STAR":
                    star = GAME.heroes[s.heroes[s.active].id].star
                    assert all(x in said[a] for x in star) or lang == "it", said[a]
    s = next(s for s, d in decisions_seen(1) if any(a.startswith("form:") for a in d.actions))
    s.heroes[s.active].special = "MOVE"  # a fainted hero may Form with his special die
    said["form:special"] = GAME.describe_action(s, "form:special", lang)
    en = {
        "use:COIN": "use COIN: gain 1 coin",
        "use:MOVE": "use MOVE: move 1 space",
        "use:PUSH": "use PUSH: move any enemy 1 space",
        "use:SWORD": "use SWORD: attack an adjacent enemy",
        "form:special": "Form (enter the map), spending the special die",
    }
    it = {
        "use:COIN": "usa MONETA: guadagni 1 moneta",
        "form:special": "Formati (entra nella mappa) spendendo il dado speciale",
    }
    for a, text in (en if lang == "en" else it).items():
        assert a in said, sorted(said)
        assert said[a].startswith(text), said[a]
    assert ": " in said["special"] and "(" in said["special"], said["special"]


def test_P_11_a_step_that_draws_an_attack_or_a_trap_says_so() -> None:
    """A hero stepping away from a Mossling lost a heart with no warning: each 'to'
    option now tells the enemies that attack (P-11, P-12) and the trap (P-13), and
    exactly when the step brings them."""
    warned = trapped = 0
    for seed in (1, 2, 3):
        for s, d in decisions_seen(seed):
            if not s.stack or s.stack[-1][0] != "move":
                continue
            for a in d.actions:
                if not a.startswith("to:"):
                    continue
                text = GAME.describe_action(s, a, "en")
                after = s.clone()
                kinds = [e.kind for e in GAME.apply(after, a)]
                shielded = len(after.heroes[s.active].exhausted) > len(
                    s.heroes[s.active].exhausted
                )  # a reactive shield took the wound
                attacked = (
                    "attacked" in kinds[: kinds.index("move")]
                    if "move" in kinds
                    else ("attacked" in kinds)
                )
                assert attacked == ("attacks you" in text), (a, text, kinds)
                warned += attacked
                if "a trap: 1 wound" in text:
                    trapped += 1
                    if "move" in kinds:  # else a hero there is pushed first
                        assert "wounds" in kinds or shielded, (a, text, kinds)
                it = GAME.describe_action(s, a, "it")
                assert ("ti attacca" in it) == attacked, it
    assert warned and trapped


def test_P_4_the_gem_prompt_offers_no_boost_in_words_and_italian_says_vita() -> None:
    """'boost x1 (0 gems)' read as a boost; 'salute' in the Italian log was the card's
    'Vita', and 'Tirati MOVIMENTO ...' lacked its noun."""
    s = next(s for s, d in decisions_seen(1) if d.kind == "gems" or "x:2" in d.actions)
    assert GAME.describe_action(s, "x:1", "en") == "no boost (x1, no gems)"
    assert GAME.describe_action(s, "x:1", "it") == "nessun potenziamento (x1, niente gemme)"
    assert GAME.describe_action(s, "x:2", "en") == "boost x2 (1 gem)"
    strike = Event("strike", {"player": 0, "enemy": "mossling", "wounds": 1, "health": 1})
    assert (GAME.describe_event(strike, None, "it") or "").endswith("(vita 1).")
    roll = Event("roll", {"dice": ["MOVE"], "enemy": "LEFT"})
    assert (GAME.describe_event(roll, None, "it") or "").startswith("Dadi tirati: ")


def test_P_28_a_boss_attack_card_in_the_log_says_what_it_does() -> None:
    """'Boss attack card: Venom Fangs.' and then nothing: a player could not tell what it
    did, nor that no hero was in its range. The log line now gives the card's symbol,
    range and text."""
    for card in GAME.cards:
        e = Event("boss_card", {"card": card})
        en, it = GAME.describe_event(e, None, "en") or "", GAME.describe_event(e, None, "it") or ""
        assert en.startswith("Boss attack card: ") and "range: " in en and " — " in en, en
        assert it.startswith("Carta attacco del boss: ") and "portata: " in it, it


@pytest.mark.parametrize("lang", LANGS)
def test_P_24_the_board_marks_the_boss_level_before_it_is_revealed(lang: str) -> None:
    """'Level 4: face down' gave no hint that the fourth level is the boss's (the goal)."""
    s = GAME.new(GAME.make_config(2), 1)
    view = GAME.view(s, 0, lang)
    top = len(s.tiles)
    hidden = f"Level {top} (the boss): face down" if lang == "en" else f"Livello {top} (il boss)"
    assert hidden in view, view
    lower = f"Level {top - 1}: face down" if lang == "en" else f"Livello {top - 1}: coperto"
    assert lower in view, view


@pytest.mark.parametrize("lang", LANGS)
def test_P_6_the_legend_says_a_lower_case_die_is_used(lang: str) -> None:
    """'Dice: PUSH (move) MOVE (coin)' showed spent dice in lower case with no word why."""
    s = GAME.new(GAME.make_config(2), 1)
    flat = read(GAME.view(s, 0, lang))
    said = "a die in lower case is used up" if lang == "en" else "un dado in minuscolo è già usato"
    assert said in flat, flat


def test_P_18_a_strike_says_its_wounds_against_the_health_and_whether_it_defeats() -> None:
    """'strike the enemy at (7,1)' with 1 sword against a health-2 enemy did nothing, with
    no warning (P-18: fewer wounds than its health do nothing). Each strike now says its
    wounds against the health and the outcome, exactly as the rules then play it."""
    told = {True: 0, False: 0}
    for seed in range(12):
        for s, d in decisions_seen(seed):
            if not s.stack or s.stack[-1][0] != "attack":
                continue
            for a in d.actions:
                if not a.startswith("strike:"):
                    continue
                said = GAME.describe_action(s, a, "en")
                defeats = any(e.kind == "defeat" for e in GAME.apply(s.clone(), a))
                assert ("it is defeated" in said) == defeats, said
                assert ("nothing happens" in said) == (not defeats), said
                told[defeats] += 1
                it = GAME.describe_action(s, a, "it")
                assert ("è sconfitto" in it) == defeats, it
    assert told[True] and told[False], told


def test_P_9_stop_says_what_it_gives_up() -> None:
    """'stop' in the middle of a boosted MOVE or PUSH did not say that the steps left are
    lost: it now counts them."""
    seen = set()
    for s, d in decisions_seen(3):
        top = s.stack[-1] if s.stack else ()
        if "stop" in d.actions and top[:1] in (("move",), ("pdest",)):
            left = top[1] if top[0] == "move" else top[2]
            en, it = GAME.describe_action(s, "stop", "en"), GAME.describe_action(s, "stop", "it")
            word = "step" if top[0] == "move" else "space"
            assert f"({left} {word}{'s' if left > 1 else ''} left, lost)" in en, en
            assert ("perso)" if left == 1 else "persi)") in it, it
            seen.add(top[0])
    assert seen == {"move", "pdest"}, seen


@pytest.mark.parametrize("lang", LANGS)
def test_P_31_the_view_says_how_each_artifact_is_taken_and_what_it_gives(lang: str) -> None:
    """'Artifacts: Hunter's Trophy (between the players), ...' named the cards only: a
    player could not know the condition that takes one, nor what it does."""
    s = GAME.new(GAME.make_config(2, "standard+artifacts"), 3)
    flat = read(GAME.view(s, 0, lang))
    claim = "Claim — " if lang == "en" else "Condizione — "
    between = "(between the players)" if lang == "en" else "(tra i giocatori)"
    for a in s.artifacts:
        name = GAME.card_name(a, lang)
        assert f"{name} {between}: {claim}" in flat, flat
    assert all(len(x) <= 80 for x in GAME.view(s, 0, lang).splitlines())


@pytest.mark.parametrize("lang", LANGS)
def test_P_29_the_boss_card_says_what_its_tokens_do(lang: str) -> None:
    """The board marked boss tokens '!' and the hero line listed them, but what a Mirror
    or a Stone does (+4 wounds on the boss, one action die fewer) was nowhere to read."""
    for boss in ("medusa", "ikee"):
        s = GAME.new(GAME.make_config(2, boss=boss), 3)
        agent = make_agent("greedy", seed=3)
        while (d := GAME.decision(s)) is not None and s.revealed < len(s.tiles):
            GAME.apply(s, agent.act(GAME, s, d))  # up to the boss level, face up
        assert s.revealed == len(s.tiles)
        flat = read(GAME.view(s, 0, lang))
        head = "Boss token (!)" if lang == "en" else "Segnalino boss (!)"
        for tok in GAME.bosses[boss].tokens:
            assert f"{head} {GAME.card_name(tok.id, lang)}: " in flat, flat


def test_P_29_a_boss_token_option_says_what_it_does() -> None:
    """'use boss token Mirror' would be offered bare, where items and potions say theirs."""
    s = GAME.new(GAME.make_config(2), 1)
    said = GAME.describe_action(s, "token:mirror", "en")
    assert said.startswith("use boss token Mirror — ") and "4 more wounds" in said, said


@pytest.mark.parametrize("lang", LANGS)
def test_P_6_the_view_shows_the_round_and_the_round_limit(lang: str) -> None:
    """A 2-player game ended 'Game over: the round limit was reached' with no round count
    ever on the screen: the view now shows the round of ROUND_CAP and what the cap does."""
    s = GAME.new(GAME.make_config(2), 1)
    s.round = 7
    flat = read(GAME.view(s, 0, lang))
    said = f"Round 7 of {ROUND_CAP}: " if lang == "en" else f"Round 7 di {ROUND_CAP}: "
    assert said in flat, flat
    assert ("everyone loses" if lang == "en" else "perdono tutti") in flat
    solo = GAME.new(GAME.make_config(1, "solo"), 1)  # solo has its own clock, the events
    assert f"of {ROUND_CAP}" not in GAME.view(solo, 0, "en")


def test_P_22_a_reroll_names_the_die_as_the_dice_line_shows_it() -> None:
    """'reroll die 0' counted the dice from 0 (the first die of the dice line was 'die 0',
    and the log said 'rerolls die 0'): dice now count from 1 and the option shows the face."""
    s, d = next((s, d) for s, d in decisions_seen(6) if d.kind == "reroll")
    first = next(a for a in d.actions if a.startswith("reroll:"))
    k = int(first.partition(":")[2])
    face = s.dice[k]
    assert GAME.describe_action(s, first, "en") == f"reroll die {k + 1} ({face})"
    events = GAME.apply(s, first)
    told = [GAME.describe_event(e, None, "en") for e in events if e.kind == "reroll"]
    assert told and told[0].startswith(f"Player 1 rerolls die {k + 1}: "), told
    assert GAME.describe_action(s, "done", "en") == "done: keep the dice as they are"


def two_levels_open() -> Any:
    """Four heroes, two levels face up, two kinds of enemy, the artifacts (the third
    player holds one): the tallest board a turn shows."""
    position = {
        "seed": 4,
        "revealed": 2,
        "heroes": [{"at": [0, 0]}, {"at": [7, 0]}, {"at": [3, 4]}, {}],
        "enemies": [["ent", 2, 0], ["gloom_bat", 5, 4]],
    }
    s = GAME.from_position(GAME.make_config(4, "standard+artifacts"), position, RNG(1))
    s.artifacts[next(iter(s.artifacts))] = 2
    return s


@pytest.mark.parametrize("lang", LANGS)
def test_the_text_goes_on_beside_a_board_of_two_levels(lang: str) -> None:
    """With two levels open (20 rows) and the artifacts, the enemies, heroes, dice,
    artifacts, shop and legend under the board took 48 rows, and a turn's screen up to
    55 of a 40-row terminal: they now go on beside the board's 20 columns first, folded
    to the 58 left, and the view takes at most 31 rows, each within 80 columns."""
    s = two_levels_open()
    view = GAME.view(s, 0, lang)
    lines = view.replace("\\[", "[").splitlines()
    assert len(lines) <= 31 and max(map(len, lines)) <= 80, view
    rows = [line for line in lines if re.match(r" ?\d+ \|", line)]
    assert len(rows) == 8 and all(len(line) > 24 for line in rows)  # text beside each
    flat = read(view)
    for k, h in enumerate(s.heroes):  # the words read whole, as before
        assert f"{'P' if lang == 'en' else 'G'}{k + 1} {GAME.card_name(h.id, lang)}: " in flat
    said = "a die in lower case is used up" if lang == "en" else "un dado in minuscolo è già usato"
    assert said in flat


@pytest.mark.parametrize("lang", LANGS)
def test_P_31_an_artifact_names_its_holder_as_the_hero_lines_do(lang: str) -> None:
    """'Artifacts: Trapper's Map (P3)' in Italian, where the hero lines say G3 (and the
    list named each card a second time above its text): each artifact's line now names
    its holder as the hero lines do."""
    s = two_levels_open()
    flat = read(GAME.view(s, 0, lang))
    held, free = (GAME.card_name(a, lang) for a in s.artifacts)
    if lang == "en":
        assert f"Artifact {held} (P3): Claim — " in flat, flat
        assert f"Artifact {free} (between the players): Claim — " in flat, flat
    else:
        assert f"Artefatto {held} (G3): Condizione — " in flat, flat
        assert "(P3)" not in flat, flat


@pytest.mark.parametrize("lang", LANGS)
def test_details_shows_the_shop_texts_to_a_seat_that_cannot_buy_and_every_hero_card(
    lang: str,
) -> None:
    """A seat reads the shop's names and prices; one that could not buy had no option
    that said what a card does, and nowhere to read it. ``cards`` at the prompt
    (Game.details) now shows each shop card's text, every hero's card (the view shows
    the other seats' counts) and what the cards a hero holds do."""
    s = GAME.new(GAME.make_config(3), 8)
    d = GAME.decision(s)
    assert d is not None and not any(a.startswith("buy:") for a in d.actions)
    cards = {c.id: c for c in (*CONTENT.items, *CONTENT.potions)}
    potion = s.potion_deck[0]
    s.heroes[2].potions.append(potion)
    view, details = read(GAME.view(s, d.player, lang)), GAME.details(s, d.player, lang)
    assert details is not None
    whole = read(details)
    assert max(map(len, details.splitlines())) <= 80
    for x in s.shop_items + s.shop_potions:
        head, does = render_priced(cards[x], lang)
        assert f"{head} — {does}" in whole and f"{head} — " not in view
    heroes = {h.id: h for h in CONTENT.heroes}
    for k, h in enumerate(s.heroes):
        ability = render_ability(heroes[h.id].ability, lang)
        assert ability in whole and (ability in view) == (k == d.player)
    assert f"{GAME.card_name(potion, lang)} — {render_priced(cards[potion], lang)[1]}" in whole
    assert ("texts: cards" if lang == "en" else "testi: carte") in view
    assert GAME.details(s, None, lang) is not None  # (the held cards' texts)


def test_a_view_drawn_again_after_the_state_changed_in_place_shows_the_change() -> None:
    """The screen's folds and board are worked out once a screen (each option's words
    ask them): a state changed in place, with the decision it had, is drawn anew."""
    s = GAME.new(GAME.make_config(2), 8)
    d = GAME.decision(s)
    assert d is not None
    before = read(GAME.view(s, d.player, "en"))
    s.heroes[d.player].coins = 42
    assert GAME.decision(s) is d  # (the rules' cached decision: nothing was applied)
    after = read(GAME.view(s, d.player, "en"))
    assert "coins 42" in after and "coins 42" not in before
