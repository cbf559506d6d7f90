"""The play screens say what the player needs to decide: what a choice really gives, what
is still waiting, how much is left (audit of the TOS play screens, 2026-11-28)."""

from __future__ import annotations

from pathlib import Path

from tavolo.engine import RNG, Event
from tavolo.games.tos.state import TosState

from .support import GAME, TUTORIAL, play, position


def test_mana_labels_show_the_mana_really_gained() -> None:
    s = position(hand=(1, 2, 3, 4, 7), discard=(5, 6, 8), level=2)
    assert GAME.describe_action(s, "open:7", "en") == (
        "Open with #7 Safe Rally (+2 mana: no more than your level, 2)"
    )
    s = GAME.new(TUTORIAL, 1)
    assert GAME.describe_action(s, "open:4", "en") == "Open with #4 Guard (+4 mana)"
    play(s, "open:4")
    assert s.mana == 4
    label = GAME.describe_action(s, "charge:3", "it")
    assert label.startswith("Carica #3 ") and "(+0 Mana: " in label
    assert "+4" not in label


def test_the_exhaust_screen_keeps_the_cards_still_to_exhaust() -> None:
    s = position()
    play(s, "open:4", "add:2", "strain:3:attack", "done")
    assert GAME.decision(s).kind == "exhaust"
    board = GAME.view(s, 0, "en")
    assert "Layout, the cards still to exhaust (in this order):" in board
    lines = board.splitlines()
    start = lines.index("Layout, the cards still to exhaust (in this order):")
    assert lines[start + 1] == "  #4 Guard · ▶ · exhaust 1 (now; unpaid: turned and discarded)"
    assert lines[start + 2].startswith("  #2 Guard · ▶ · exhaust 1 (unpaid: ")
    assert lines[start + 3].startswith("  #3 Slash · ")
    play(s, "exhaust:pay")
    board = GAME.view(s, 0, "it")
    now = [ln for ln in board.splitlines() if "(ora; senza pagare: " in ln]
    assert len(now) == 1 and now[0].startswith("  #2 ") and "esaurimento 1" in now[0]
    assert not any(ln.startswith("  #4 ") and "esaurimento" in ln for ln in board.splitlines())


def test_each_damage_prompt_says_which_point_of_how_many() -> None:
    s = position()
    play(s, "open:4", "done", "exhaust:pay")
    d = GAME.decision(s)
    assert d.kind == "damage" and d.params["left"] == 3
    assert GAME.view(s, 0, "it").endswith(
        "Da fare: scegli una carta per subire un punto di danno (1 di 3)"
    )
    play(s, d.actions[0])
    assert GAME.view(s, 0, "en").endswith("To do: choose a card to take a point of damage (2 of 3)")
    play(s, GAME.decision(s).actions[0])
    assert GAME.view(s, 0, "en").endswith("(3 of 3)")


HERE = Path(__file__).parent / "adventures"


def _world_with(tmp_path: Path, line: str) -> TosState:
    """The rule tests' world with card 4's A half (below card 1) holding one line."""
    src = (HERE / "world_rules.yaml").read_text(encoding="utf-8")
    old = "lines: [{kind: heal, place: in_hand_or_discard}]"
    assert old in src
    f = tmp_path / "world.yaml"
    f.write_text(src.replace(old, f"lines: [{line}]"), encoding="utf-8")
    config = GAME.make_config(1, "world", file=str(f), seed=1)
    pos = {"hero": "training", "hand": [1, 2, 3, 4, 5], "discard": [6, 7, 8]}
    s = GAME.from_position(config, pos, RNG(0))
    play(s, "move:down", "discard:5")
    return s


def test_a_ritual_that_can_turn_nothing_says_so_before_and_after(tmp_path: Path) -> None:
    s = _world_with(tmp_path, "{kind: ritual, prize: 5}")  # every card on its ▶ half
    assert GAME.decision(s).kind == "adv_may"
    yes = GAME.describe_action(s, "may:yes", "en")
    assert yes.startswith("Do it: For 1 time, you may remove 1 card: turn up to 5 cards")
    assert "no card would be turned now" in yes
    assert "ora non verrebbe girata nessuna carta" in GAME.describe_action(s, "may:yes", "it")
    assert "turned" not in GAME.describe_action(s, "may:no", "en")
    play(s, "may:yes")
    assert GAME.view(s, 0, "en").endswith("To do: choose the card to remove")
    assert GAME.view(s, 0, "it").endswith("Da fare: scegli la carta da eliminare")
    events = GAME.apply(s, "card:3")
    told = [GAME.describe_event(e, 0, "en") for e in events]
    assert told == [
        "#3 is removed.",
        "No card is turned: none in your hand or Discard Deck shows its Banner ▶▶ half.",
    ]
    assert GAME.decision(s).kind == "explore"


def test_a_ritual_with_a_card_to_turn_asks_for_it(tmp_path: Path) -> None:
    s = _world_with(tmp_path, "{kind: ritual, prize: 3}")
    s.up[6] = 1  # card 7 on its ▶▶ half, in the Discard Deck
    assert "no card would be turned" not in GAME.describe_action(s, "may:yes", "en")
    play(s, "may:yes")
    events = GAME.apply(s, "card:3")
    assert [e.kind for e in events] == ["adv_remove_card"]
    assert GAME.view(s, 0, "en").endswith(
        "To do: choose another Banner ▶▶ card to turn to its Banner ▶ half, or no more"
    )


def test_the_altar_asks_for_the_card_to_exhaust(tmp_path: Path) -> None:
    s = _world_with(tmp_path, "{kind: sacrifice, buff: mana, place: in_hand}")
    play(s, "may:yes")
    assert GAME.decision(s).kind == "adv_card"
    assert "To do: choose the card to exhaust (no mana can be paid" in GAME.view(s, 0, "en")
    assert "Da fare: scegli la carta da esaurire" in GAME.view(s, 0, "it")


def test_the_help_says_what_turning_a_card_means_in_an_adventure() -> None:
    assert 'to "turn" a card is to flip it to its other half' in GAME.help("en")
    assert '"girare" una carta vuol dire voltarla' in GAME.help("it")


def test_a_dungeon_choice_names_what_doing_it_does() -> None:
    from tavolo.games.tos.dungeon.text import render_instruction

    from .test_adventure_rules import _entry, _stand_in, dungeon

    n, rid = _entry(dungeon(), "choice")
    s = _stand_in(rid)
    play(s, "symbol")
    assert GAME.decision(s).kind == "adv_may"
    for lang, yes, no in (("en", "Do it: ", "Do not: "), ("it", "Fallo: ", "Non farlo: ")):
        entry = render_instruction(s.adv.index.instructions[n], lang).splitlines()
        action = entry[-1].strip().removeprefix("- ")
        for act, word in (("may:yes", yes), ("may:no", no)):
            label = GAME.describe_action(s, act, lang)
            assert label.startswith(word) and label.endswith(action), label
            assert entry[0] not in label  # the heading (symbol, "You may choose:") is left out


def test_world_moves_name_the_cell_as_the_grid_shows_it() -> None:
    config = GAME.make_config(1, "world", file=str(HERE / "world_rules.yaml"), seed=1)
    s = GAME.from_position(
        config, {"hero": "training", "hand": [], "discard": [1, 2, 3, 4, 5, 6, 7, 8]}, RNG(0)
    )
    events = GAME.apply(s, "move:right")
    told = {e.kind: GAME.describe_event(e, 0, "en") for e in events}
    assert told["adv_move"] == "The pawn moves onto card 2, top middle of the grid."
    it = {e.kind: GAME.describe_event(e, 0, "it") for e in events}
    assert it["adv_move"] == "La pedina si sposta sulla carta 2, in alto al centro nella griglia."
    blank = Event("adv_move", {"cell": 4, "card": 0})
    assert GAME.describe_event(blank, 0, "en") == (
        "The pawn moves onto an empty cell, centre of the grid."
    )
    migrate = GAME.describe_event(Event("adv_migrate", {"cell": 8}), 0, "en")
    assert migrate == "The card migrates to the bottom right cell of the grid."


def test_italian_screens_name_the_legacy_bar_and_the_tracks_as_the_cards_do() -> None:
    import re

    import yaml

    from tavolo.games.tos import view

    board = GAME.view(position(hand=(1, 2, 3, 4, 8), discard=(5, 6, 7), turned=[8]), 0, "it")
    assert "Barra del Retaggio: 0 caselle annerite a matita." in board  # #8 fills it
    assert "Carta Status: Attacco 0 · Difesa 0 · Livello 4 · Mana 0/4" in board.replace(
        "[bold]", ""
    ).replace("[/]", "")
    words = yaml.safe_load((Path(view.__file__).parent / "ui" / "it.yaml").read_text("utf-8"))
    for key, text in words.items():
        plain = re.sub(r"\{[^}]*\}", "", text)
        assert "eredità" not in plain, key
        assert not re.search(r"\b(mana|attacco|difesa)\b", plain), key


def test_italian_screens_name_level_element_banner_and_stars_as_the_manual_does() -> None:
    """The manual writes Livello, Elemento, Stendardo, Stella and Costellazione as it writes
    Attacco and Difesa; the screens wrote 'In gioco: ... · elementi: Aria 1 · stendardi ▶ 1
    ▶▶ 0 · stelle: ★', 'il suo elemento, stendardo e le sue stelle', 'nemico di livello 4'.
    Only the banner challenge's name keeps 'stendardi' as a plain word."""
    import re

    import yaml

    from tavolo.games.tos import view

    words = yaml.safe_load((Path(view.__file__).parent / "ui" / "it.yaml").read_text("utf-8"))
    for key, text in words.items():
        plain = re.sub(r"\{[^}]*\}", "", text).replace("fida degli stendardi", "")
        terms = r"\b(livello|elemento|elementi|stendardo|stendardi|stelle|costellazion[ei])\b"
        assert not re.search(terms, plain), (key, re.findall(terms, plain))
    # the dungeon's Execute steps spend the manual's "Punti di Attacco"
    assert words["act.step"] == "Spendi 1 Punto di Attacco: un passo {dir}"
    s = GAME.new(TUTORIAL, 1)
    play(s, f"open:{s.hand[0]}")
    board = GAME.view(s, 0, "it")
    assert re.search(r"Elementi: .* · Stendardi ▶ \d ▶▶ \d · Stelle: ", board), board


def test_the_help_gives_the_seed_of_a_set_as_an_option() -> None:
    for lang in ("en", "it"):
        text = GAME.help(lang)
        assert "tavolo play tos [--date D | -o seed=S]" in text
        assert "--seed S" not in text


def test_dungeon_screen_lines_go_on_under_their_words() -> None:
    """The play screen printed an index entry's long lines whole and the terminal broke
    them at column 0 ('... grava su una stanza' / 'di queste segrete, ...'); every line
    now fits 80 columns, a broken one going on under its words."""
    from tavolo.engine.i18n import shown
    from tavolo.games.tos import view

    s = GAME.new(GAME.make_config(1, "dungeon", seed=1), 3)
    for lang in ("en", "it"):
        lines = view.board(GAME, s, lang).splitlines()
        assert all(shown(x) <= 80 for x in lines), lang
        head = "Main quest — " if lang == "en" else "Missione principale — "
        at = next(i for i, x in enumerate(lines) if head in x)
        assert lines[at].startswith("      " + head)
        assert lines[at + 1].startswith("        ") and lines[at + 1].strip()


def test_a_gained_item_is_told_by_its_name() -> None:
    """'You now carry: villain_defeated.' showed the item's id; it is its name now."""
    gain = Event("adv_gain", {"item": "villain_defeated"})
    assert GAME.describe_event(gain, 0, "en") == (
        "You now carry: the mark of the defeated villain."
    )
    assert GAME.describe_event(gain, 0, "it") == "Ora porti con te: il segno del cattivo sconfitto."


def test_the_dungeon_shows_its_own_pencil_bars_only() -> None:
    """The day's world and dungeon share the set's pencil marks: a dungeon played after
    the world adventure of its day showed 'Pencil marks ...: theft: 2', the world bar's
    id. The screen names its own bars by their symbol and leaves the others out."""
    from tavolo.games.tos import view
    from tavolo.games.tos.dungeon.text import bars_of, render_symbol

    for seed in range(1, 60):
        s = GAME.new(GAME.make_config(1, "dungeon", seed=seed), 3)
        if bars_of(s.adv.index):
            break
    own, symbol = next(iter(bars_of(s.adv.index).items()))
    s.ticks["theft"] = 2
    board = view.board(GAME, s, "en")
    assert "theft" not in board and "Pencil marks" not in board
    s.ticks[own] = 1
    board = view.board(GAME, s, "en")
    assert f"(boxes filled): {render_symbol(symbol, 'en')}: 1" in board.replace("\\[", "[")
    assert "theft" not in board


def test_english_screens_name_cards_and_adventures_as_the_manual_does() -> None:
    """The English manual's 'Status Card' and 'Dungeon Adventure': the board said 'Status
    card:' (the hero text 'Status Card') and '· dungeon adventure ·'."""
    board = GAME.view(GAME.new(TUTORIAL, 1), 0, "en").replace("[bold]", "").replace("[/]", "")
    assert "Status Card: attack 0 · defense 0 · level 4 · mana 0/4" in board
    s = GAME.new(GAME.make_config(1, "dungeon", seed=1), 3)
    assert " · Dungeon Adventure · " in GAME.view(s, 0, "en").replace("\n  ", " ")
    for kind in ("World", "Dungeon"):  # the help's rules of each, as the manual heads them
        assert f"\n- {kind} Adventure (T-" in GAME.help("en")


def test_a_long_layout_row_breaks_between_cards() -> None:
    """A row of the layout longer than the screen broke between a card's number and its
    name ('..., #4' / 'Fendente'); it now breaks between cards."""
    import re

    config = GAME.make_config(1, "fight", date="2026-11-22")
    s = GAME.new(config, 4)
    play(s, f"open:{s.hand[0]}")
    play(s, *(f"charge:{c}" for c in list(s.hand)))
    lines = GAME.view(s, 0, "it").splitlines()
    at = next(i for i, x in enumerate(lines) if x.startswith("  Fila del Caricare: "))
    assert lines[at].endswith(",") and lines[at + 1].startswith("    #"), lines[at : at + 2]
    assert not any(re.search(r"#\d+$", x) for x in lines)


def test_T_16_a_may_line_that_cannot_be_paid_says_yes_would_do_nothing(tmp_path: Path) -> None:
    """A campsite's 'you may discard 1 air card: draw 2 cards' with no air card in hand
    took 'Do it' and did nothing, without a word (and used up its 1 time): the option
    now says so first; with an air card it is a plain 'Do it'."""
    from tavolo.games.tos.adventure.cards import element

    s = _world_with(tmp_path, "{kind: camp, element: air}")
    assert GAME.decision(s).kind == "adv_may"
    assert not any(element(s, c) == "air" for c in s.hand)
    yes = GAME.describe_action(s, "may:yes", "en")
    assert yes.startswith("Do it: ") and yes.endswith(
        "(nothing would happen now: you lack what it needs)"
    )
    assert GAME.describe_action(s, "may:yes", "it").endswith("ti manca ciò che serve)")
    assert "nothing" not in GAME.describe_action(s, "may:no", "en")
    assert not GAME.apply(s.clone(), "may:yes")  # what the words promise
    air = next(c for c in s.discard if element(s, c) == "air")
    s.discard.remove(air)
    s.hand.append(air)
    assert GAME.describe_action(s, "may:yes", "en").endswith("draw 2 cards.")


def test_T_19_a_migration_names_each_cell_as_the_grid_shows_it(tmp_path: Path) -> None:
    """'Swap this card with grid cell 7' numbered cells the grid never numbers: each
    choice now says where the cell is and which card lies there."""
    s = _world_with(tmp_path, "{kind: migration}")
    play(s, "may:yes")
    d = GAME.decision(s)
    said = {a: GAME.describe_action(s, a, "en") for a in d.actions}
    assert said["cell:0"].startswith("Swap this card with the top left cell: 1A "), said
    assert all(" cell: " in x and "grid cell" not in x for x in said.values()), said
    it = GAME.describe_action(s, "cell:8", "it")
    assert it.startswith("Scambia questa carta con la casella in basso a destra: 9"), it


def test_T_19_a_world_move_says_which_card_it_leads_to() -> None:
    """'Move down' / 'Move right' left the player to find the neighbour on the grid:
    each move now names the card it leads to (or an empty cell)."""
    s = GAME.new(GAME.make_config(1, "world", seed=5), 1)
    d = GAME.decision(s)
    assert d.kind == "explore"
    for a in d.actions:
        label = GAME.describe_action(s, a, "en")
        assert label.startswith("Move ") and ": " in label, label
        step = {"up": -3, "down": 3, "left": -1, "right": 1}[a.partition(":")[2]]
        card = s.grid[s.pawn[0] + step]
        if card:
            half = s.adv.card(card).half(s.table[card - 1])
            assert label.split(": ", 1)[1].startswith(f"{half.id} "), label
    assert GAME.describe_action(s, d.actions[0], "it").startswith("Muovi ")


def test_T_5_the_training_screen_speaks_italian_in_its_title() -> None:
    """The Italian Training said 'Spadaccino TRAINING' in its title line."""
    s = GAME.new(TUTORIAL, 1)
    assert (
        GAME.view(s, 0, "it")
        .splitlines()[0]
        .startswith("[bold]Viaggiatori di Stampadia[/] — Spadaccino ALLENAMENTO")
    )
    assert "TRAINING" not in GAME.view(s, 0, "it")
    assert "Swordsman TRAINING" in GAME.view(s, 0, "en")


def test_T_5_the_title_counts_turns_and_moves_against_their_limits() -> None:
    """A fight is lost after 20 combat turns and an adventure after 200 moves (the
    help's decisions), but the title said 'combat turn 3' and 'moves 5' with no limit."""
    from tavolo.games.tos.adventure.play import MAX_MOVES
    from tavolo.games.tos.rules import MAX_TURNS

    s = GAME.new(TUTORIAL, 1)
    head = " ".join(GAME.view(s, 0, "en").splitlines()[:2])
    assert f"combat turn 1 of {MAX_TURNS}" in " ".join(head.split()), head
    w = GAME.new(GAME.make_config(1, "world", seed=5), 1)
    head = " ".join(" ".join(GAME.view(w, 0, "it").splitlines()[:2]).split())
    assert f"movimenti 0 di {MAX_MOVES}" in head, head


def test_T_26_the_dungeon_strike_says_whether_the_attack_counts_from_here() -> None:
    """'Strike (attack counts only on the enemy's symbol)' left the player to work out
    from the map whether the pawn stood on it: the option now says so, with the attack."""
    seen = set()
    for seed in range(8):
        s = GAME.new(GAME.make_config(1, "dungeon", seed=seed), seed)
        rng = RNG(seed)
        for _ in range(300):
            d = GAME.decision(s)
            if d is None:
                break
            if d.kind == "adv_dmove" and s.foe is not None:
                on = s.pawn == (s.foe[1], s.foe[2])
                said = GAME.describe_action(s, "strike", "en")
                assert said.endswith(
                    f"you are on it, your attack {s.attack} counts"
                    if on
                    else f"you are not on it, your attack {s.attack} will not count"
                ), said
                seen.add(on)
            GAME.apply(s, d.actions[rng.below(len(d.actions))])
    assert False in seen, seen


def test_T_19_T_24_a_move_that_costs_a_hand_card_says_so() -> None:
    """A world move, or a door to a room not yet on the table, costs a hand card (T-19,
    T-24), which the option did not say until the next question asked which card."""
    w = GAME.new(GAME.make_config(1, "world", seed=5), 5)
    for a in GAME.decision(w).actions:
        assert GAME.describe_action(w, a, "en").endswith("(costs a hand card, discarded)")
    dg = GAME.new(GAME.make_config(1, "dungeon", seed=5), 5)
    for a in GAME.decision(dg).actions:
        said = GAME.describe_action(dg, a, "it")
        assert said.endswith("al prezzo di una carta della mano scartata)"), said
    w.hand.clear()  # nothing left to pay with: the move is free
    assert "costs" not in GAME.describe_action(w, GAME.decision(w).actions[0], "en")


def test_T_16_the_legacy_bar_never_shows_more_marks_than_boxes() -> None:
    """A profile holding 2**64 pencil marks for a set (written by hand or by a broken
    tool) showed 'Legacy bar: 18446744073709551616 boxes filled in pencil.' on a bar of
    6 boxes; the rules read such a bar as full, and the screen now says so."""
    s = position(hand=(1, 2, 3, 4, 8), discard=(5, 6, 7), turned=[8], ticks=2**64)
    boxes = len(s.hero.bars["legacy"].boxes)
    assert f"Legacy bar: {boxes} boxes filled in pencil." in GAME.view(s, 0, "en")
    s = position(hand=(1, 2, 3, 4, 8), discard=(5, 6, 7), turned=[8], ticks=2)
    assert "Legacy bar: 2 boxes filled in pencil." in GAME.view(s, 0, "en")
