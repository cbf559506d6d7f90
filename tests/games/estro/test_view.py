"""Every action and event of real games reads as words in English and Italian."""

from __future__ import annotations

import re
from itertools import pairwise

import pytest

from tavolo.engine import RNG

from .support import GAME

FALLBACK = re.compile(r"^[a-z_]+: \{")  # describe_event's last resort: kind: {data}
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")
# a name that takes an article after a bare preposition: "di Giocatore 1", "a Giocatore 2"
BARE = re.compile(r"\b(di|a|da|per|su|in|con) (Giocatore|Orda|flotta)\b", re.IGNORECASE)


MODES = [
    "standard",
    "standard+chimera",
    "stratega",
    "necrotoken",
    "standard+fessura",
    "standard+imboscata",
    "necrotoken+chimera+fessura+imboscata",
    "quadrante",
    "quadrante+fessura+imboscata",
    "mnemonica",
    "mnemonica+chimera",
    "sogno_lucido",
    "sogno_lucido+fessura+imboscata",
    "zona_conquista",
    "zona_conquista+chimera+imboscata",
]
MODE_EVENTS = {
    "stratega": {"no_draw"},
    "necrotoken": {"necrotoken", "necro_spent", "necro_summon"},
    "fessura": {"fessura", "fessura_card"},
    "imboscata": {"ambush"},
    "quadrante": {"dial"},
    "mnemonica": {"dice", "declared_right", "declared_wrong"},
    "sogno_lucido": {"attach", "manpo_play"},
}


@pytest.mark.parametrize("mode", MODES)
def test_actions_and_events_read_as_words_in_both_languages(mode: str) -> None:
    config = GAME.make_config(2, mode)
    rng = RNG(11)
    kinds: set[str] = set()
    # the kinds the mode must tell; random games are played (40 at least, 200 at most)
    # until each has been told, so that a change of the card data cannot hide one
    wanted = {"turn", "draw", "play", "attack", "battle", "destroyed"}
    if "chimera" in mode:
        wanted |= {"chimera_declared", "chimera", "chimera_estro"}
    for part in mode.split("+"):
        wanted |= MODE_EVENTS.get(part, set())
    for seed in range(200):
        if seed >= 40 and wanted <= kinds:
            break
        s = GAME.new(config, seed)
        while (d := GAME.decision(s)) is not None:
            for lang in ("en", "it"):
                assert GAME.view(s, d.player, lang)
                for a in d.actions:
                    text = GAME.describe_action(s, a, lang)
                    assert text and not PLACEHOLDER.search(text), (a, text)
            events = GAME.apply(s, d.actions[rng.below(len(d.actions))])
            for e in events:
                kinds.add(e.kind)
                for viewer in (None, 0, 1):
                    en = GAME.describe_event(e, viewer, "en")
                    it = GAME.describe_event(e, viewer, "it")
                    if en is None:
                        assert it is None
                        continue
                    assert it is not None
                    assert not BARE.search(it), (e, it)
                    for text in (en, it):
                        assert not FALLBACK.match(text), (e, text)
                        assert not PLACEHOLDER.search(text), (e, text)
    assert wanted <= kinds, wanted - kinds


@pytest.mark.parametrize(
    ("mode", "seats"),
    [
        ("standard+chimera+fessura+imboscata", 2),
        ("necrotoken", 2),
        ("zona_conquista", 2),
        ("navi+chimera+fessura", 1),
        ("ultimo_bastione+fessura", 2),
        ("inferno+chimera", 4),
    ],
)
def test_the_player_to_act_is_told_what_to_do_in_words(mode: str, seats: int) -> None:
    """The view names the decision in words: never its kind's id (navi once showed
    "save_zone") nor a catalog key."""
    config = GAME.make_config(seats, mode)
    rng = RNG(5)
    kinds: set[str] = set()
    for seed in range(25):
        s = GAME.new(config, seed)
        while (d := GAME.decision(s)) is not None:
            if d.kind not in kinds:
                kinds.add(d.kind)
                for lang in ("en", "it"):
                    text = GAME.view(s, d.player, lang)
                    assert f"kind.{d.kind}" not in text, (d.kind, lang)
                    if "_" in d.kind:  # an id no sentence holds ("play" is also a word)
                        assert d.kind not in text, (d.kind, lang)
            GAME.apply(s, d.actions[rng.below(len(d.actions))])
    assert len(kinds) >= 5


def test_the_empty_field_win_names_the_modes_round() -> None:
    """Stratega's empty-field win starts after round 8: a game won so in round 9 said
    'after round 5'. The end now names the round the game ended in, and says it ended
    at the end of a turn: most such wins come after the first turn of a round, before
    the round ends (seed 0 of Stratega: turn 17, the first of round 9)."""
    from tavolo.engine import registry
    from tavolo.engine.rng import RNG

    g = registry.get("estro")
    for mode in ("standard", "stratega"):
        for seed in range(300):
            s = g.new(g.make_config(2, mode), seed)
            chooser = RNG(seed)
            said = []
            while (d := g.decision(s)) is not None:
                for e in g.apply(s, d.actions[chooser.below(len(d.actions))]):
                    if e.kind == "end":
                        said = [g.describe_event(e, None, lang) or "" for lang in ("en", "it")]
            if s.reason == "empty_field" and s.turn % 2:  # ended before its round's end
                break
        assert s.reason == "empty_field" and s.round >= (8 if mode == "stratega" else 5)
        en = f"no cards on the field at the end of a turn in round {s.round}"
        it = f"non ha carte in campo alla fine di un turno del round {s.round}"
        seen = [" ".join(g.view(s, 0, lang).split()) for lang in ("en", "it")]  # (wrapped)
        assert f"{en})" in seen[0] and f"{it})" in seen[1]
        assert en in said[0] and it in said[1]
        assert "end of round" not in said[0] and "fine del round" not in said[1]


def test_navi_help_headings_stand_apart_and_one_round_reads_well() -> None:
    from tavolo.engine import registry

    for lang, ships, items, every in (
        ("en", "The ships (shields", "The 25 items:", "and then every round ("),
        ("it", "Le astronavi (scudi", "I 25 oggetti:", "e poi a ogni round ("),
    ):
        text = registry.get("estro").help(lang)
        assert f"\n\n{ships}" in text and f"\n\n{items}" in text and every in text
        assert "valore principale" not in text


def test_mnemonica_tells_no_chance_that_comes_from_a_tot() -> None:
    """'Nyxara: 63% chance' told Nyxara's TOT with its zone bonus, which Mnemonica hides."""
    from tavolo.engine import registry
    from tavolo.engine.rng import RNG

    g = registry.get("estro")
    tot_cards = {c for c in g.ids if (gift := g.info[c].gift) and gift.chance and gift.chance.tot}
    seen = {"mnemonica": 0, "standard": 0}
    for mode in seen:
        for seed in range(400):
            s = g.new(g.make_config(2, mode), seed)
            chooser = RNG(seed)
            while (d := g.decision(s)) is not None:
                for e in g.apply(s, d.actions[chooser.below(len(d.actions))]):
                    if e.kind == "chance" and e.data["card"] in tot_cards:
                        seen[mode] += 1
                        text = g.describe_event(e, None, "it")
                        if mode == "mnemonica":
                            assert "percent" not in e.data and "pari al suo TOT" in text
                        else:
                            assert "percent" in e.data and "%" in text
            if seen[mode] >= 3:
                break
    assert seen["mnemonica"] >= 3 and seen["standard"] >= 3


def test_a_redirect_between_two_cards_of_one_name_says_whose_is_the_target() -> None:
    """'Player 1 redirects the attack of Quaestor to Quaestor.' read as one card."""
    from tavolo.engine import Event, registry

    g = registry.get("estro")
    e = Event("redirect", {"player": 0, "attacker": "quaestor", "defender": "quaestor"})
    assert g.describe_event(e, None, "en").endswith("to the opponent's Quaestor.")
    assert g.describe_event(e, None, "it").endswith("su Quaestor dell'avversario.")
    e = Event("redirect", {"player": 0, "attacker": "ozok", "defender": "quaestor"})
    assert g.describe_event(e, None, "en").endswith("attack of Ozok to Quaestor.")


@pytest.mark.parametrize("lang", ["en", "it"])
def test_no_help_heading_is_glued_to_the_list_item_before_it(lang: str) -> None:
    """The help is reflowed: a line right after a '- ' item joins it ('... share the
    result. How tavolo reads the gifts with teams:'); a heading needs a blank line."""
    lines = GAME.help(lang).splitlines()
    for item, after in pairwise(lines):
        if item.lstrip().startswith("- ") and after.strip():
            assert after.lstrip().startswith("- "), (item[-40:], after)


def test_italian_says_primario_for_the_primary_stat_and_estro() -> None:
    """One Italian term for 'primary': Navi said 'valore principale', Ultimo Bastione
    'statistica primaria', the Chimera 'estro principale'; the rest 'valore primario'."""
    from pathlib import Path

    import tavolo.games.estro as estro

    root = Path(estro.__file__).parent
    for path in root.rglob("messages/it.yaml"):
        text = path.read_text(encoding="utf-8")
        for other in ("principale", "principali", "statistica primaria"):
            assert other not in text, (path, other)
    helped = " ".join(GAME.help("it").split())
    assert "valore primario" in helped and "quale estro è il primario" in helped


def test_italian_help_says_modalita_meta() -> None:
    """'Chimera (META modalità: ...)' put the English word order into Italian."""
    helped = " ".join(GAME.help("it").split())
    assert "META modalità" not in helped and "Chimera (modalità META: --mode" in helped


def test_an_attack_between_two_cards_of_one_name_says_whose_is_the_target() -> None:
    """'Player 1: Orrugg attacks Orrugg.' read as one card attacking itself."""
    from tavolo.engine import Event

    e = Event("attack", {"player": 0, "attacker": "orrugg", "defender": "orrugg"})
    assert GAME.describe_event(e, None, "en") == "Player 1: Orrugg attacks the opponent's Orrugg."
    assert GAME.describe_event(e, None, "it") == (
        "Il Giocatore 1 attacca Orrugg dell'avversario con Orrugg."
    )
    e = Event("attack", {"player": 0, "attacker": "ozok", "defender": "orrugg"})
    assert GAME.describe_event(e, None, "en") == "Player 1: Ozok attacks Orrugg."
    from .support import position

    s = position({"field": ["orrugg"], "hand": ["ozok"]}, {"field": ["orrugg"]}, phase="battle")
    d = GAME.decision(s)
    assert d is not None and "attack:orrugg:orrugg" in d.actions, d.actions
    said = [GAME.describe_action(s, "attack:orrugg:orrugg", lang) for lang in ("en", "it")]
    assert said == [
        "Attack the opponent's Orrugg with Orrugg",
        "Attacca Orrugg dell'avversario con Orrugg",
    ]


def test_a_mnemonica_declaration_is_told_as_said() -> None:
    """'Player 1: "Declare: the defender falls" — right.' quoted the option, verb and
    all; the event now says what the player declared."""
    from tavolo.engine import Event

    e = Event("declared_right", {"player": 0, "declared": "destroyed"})
    assert GAME.describe_event(e, None, "en") == 'Player 1 declares "the defender falls": right.'
    assert (
        GAME.describe_event(e, None, "it") == 'Il Giocatore 1 dichiara "il difensore cade": giusto.'
    )
    e = Event("declared_wrong", {"player": 1, "declared": "survives", "card": "ozok"})
    assert GAME.describe_event(e, None, "it") == (
        'Il Giocatore 2 dichiara "il difensore resiste": sbagliato, scarta Ozok dalla mano.'
    )


def test_a_declared_chimera_is_told_to_both_players_alike() -> None:
    """The opponent's side said 'Chimera declared in turn 1: fuse an empty card and a
    gift card on the next turn', an order to the reader about the opponent's cards."""
    from .support import position

    s = position({"field": ["ozok"]}, {"field": ["zhee"]})
    s.players[1].chimera_turn = 1
    for lang, said in (
        ("en", "Chimera declared in turn 1, to be made in the next turn from an empty card"),
        ("it", "Chimera dichiarata nel turno 1, da creare nel prossimo turno con una carta"),
    ):
        flat = " ".join(GAME.view(s, 0, lang).split())
        assert said in flat, flat


def test_a_battle_names_the_primary_stat_it_tells() -> None:
    """'Gauge Marmot 22/TOT 70 against Violet Needle 31/TOT 68' gave 22 and 31 with no
    word: they are the primary stats the rule compares."""
    from tavolo.engine import Event

    data = {"player": 0, "attacker": "ozok", "defender": "zhee", "att_die": 4}
    data |= {"def_die": None, "att_primary": 22, "def_primary": 31, "att_tot": 70}
    data |= {"def_tot": 68, "matchup": 10, "rule": "tot"}
    e = Event("battle", data)
    en, it = (GAME.describe_event(e, None, lang) for lang in ("en", "it"))
    assert en is not None and en.startswith("Ozok primary 22/TOT 70 against Zhee primary 31/TOT 68")
    assert it is not None and it.startswith("Ozok primario 22/TOT 70 contro Zhee primario 31/TOT")


def test_the_mode_line_names_standard_as_the_others() -> None:
    """'Mode: standard + Chimera + Fessura Dimensionale': the one name in lower case."""
    s = GAME.new(GAME.make_config(2, "standard+chimera"), 1)
    assert "Mode: [bold]Standard + Chimera" in GAME.view(s, 0, "en")
    assert "Modalità: [bold]Standard + Chimera" in GAME.view(s, 0, "it")


def test_italian_calls_a_draw_pareggio_as_the_result_line_does() -> None:
    """A 1v1 draw read 'Patta (fine del round 19).' right above the terminal's
    'Pareggio.  Punteggi: ...', and Inferno's 'Pareggio': one word now."""
    from tavolo.engine import Event

    e = Event("end", {"winner": None, "reason": "last_round", "round": 19})
    said = GAME.describe_event(e, None, "it")
    assert said == "[bold]Fine della partita: pareggio[/] — fine del diciannovesimo round."
    assert "patta" not in GAME.help("it").lower()


def test_italian_joins_a_preposition_to_the_players_article() -> None:
    """'Lampo di Giocatore 1', 'Tocca a Giocatore 1', 'turno di Giocatore 2', 'dichiarata
    da Giocatore 1': a player's name takes its article, joined to the preposition before
    it ('del', 'al', 'dal'), as a sentence needs it ('Il Giocatore 1 pesca ...')."""
    from tavolo.engine import Event

    from .support import position

    said = {
        kind: GAME.describe_event(Event(kind, data), None, "it")
        for kind, data in (
            ("destroyed", {"player": 0, "card": "ozok"}),
            ("turn", {"round": 3, "player": 1}),
            ("chimera_lapsed", {"player": 0}),
            ("draw", {"player": 1, "card": "ozok"}),
            ("dial", {"player": 0, "sector": 1}),
        )
    }
    assert said["destroyed"] == (
        "La carta Ozok del Giocatore 1 viene distrutta e finisce nell'Inceneritore."
    )
    assert said["turn"] == "[bold]— Round 3: turno del Giocatore 2 —[/]"
    assert (
        said["chimera_lapsed"]
        == "La Chimera dichiarata dal Giocatore 1 non è stata creata e decade."
    )
    assert said["draw"] == "Il Giocatore 2 pesca Ozok."
    assert said["dial"] is not None and said["dial"].startswith(
        "Il Quadrante dell'Oblio gira per il Giocatore 1:"
    )
    s = position({"hand": ["ozok"]}, {"field": ["orrugg"]})
    assert "Tocca al Giocatore 1: gioca una carta" in GAME.view(s, 0, "it")
    assert "Player 1 to act: play a card" in GAME.view(s, 0, "en")


@pytest.mark.parametrize(("mode", "seats"), [("inferno", 4), ("ultimo_bastione", 2), ("navi", 1)])
def test_the_table_modes_join_prepositions_to_names_in_italian(mode: str, seats: int) -> None:
    """The seats of Inferno, the horde of Ultimo Bastione and the fleet of Navi take their
    article after a preposition too: 'dell'Orda', 'della flotta', never 'di Orda'."""
    config = GAME.make_config(seats, mode)
    rng = RNG(5)
    told: list[str] = []
    for seed in (1, 2):
        s = GAME.new(config, seed)
        while (d := GAME.decision(s)) is not None:
            told.append(GAME.view(s, d.player, "it"))
            events = GAME.apply(s, d.actions[rng.below(len(d.actions))])
            told += GAME.describe_events(s, events, d.player, "it")
    text = "\n".join(told)
    assert not BARE.search(text), BARE.search(text)
    assert {"inferno": " del Giocatore ", "ultimo_bastione": " dell'Orda", "navi": " della flotta"}[
        mode
    ] in text


def test_a_card_name_is_never_broken_across_two_lines() -> None:
    """A long event line broke a card's name ('... Smoke' / 'Harlequin del Giocatore 1
    viene distrutta'), the wrapping breaking at any space: the words tell their names to
    the engine's fit, which keeps them whole wherever the line breaks."""
    from tavolo.engine import Event
    from tavolo.engine.i18n import fit

    cards = [c for c in GAME.info if "+" not in c]  # (a Chimera breaks between its names)
    names = {c: GAME.info[c].name for c in cards if " " in GAME.info[c].name}
    assert len(names) > 20
    for c, name in names.items():
        said = GAME.describe_event(Event("destroyed", {"player": 0, "card": c}), None, "it")
        assert said is not None
        first = name.split(" ")[0]
        for pad in range(60, 80 - len(first)):  # the break falls after each of its words
            rows = fit("  • " + "x" * (pad - 4) + " " + said, 4)
            assert any(name in row for row in rows), rows


def test_italian_agrees_with_the_card_not_with_its_name() -> None:
    """'Warbrand Ox del Giocatore 1 viene distrutta', 'Ignis Bruiser ... è protetta': the
    feminine agrees with 'carta', which the line did not say, and reads wrong after a
    name that sounds masculine; the line now says 'La carta Warbrand Ox ...'."""
    from tavolo.engine import Event

    for kind, data in (
        ("destroyed", {}),
        ("protected", {}),
        ("saved", {"by": "gift"}),
        ("saved", {"by": "zone"}),
        ("shielded", {"until_turn": 3}),
        ("reveal", {"falling": True}),
    ):
        e = Event(kind, {"player": 1, "card": "ozok", **data})
        said = GAME.describe_event(e, None, "it")
        assert said is not None and said.startswith("La carta Ozok del Giocatore 2 "), said
