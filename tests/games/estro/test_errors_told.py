"""Estro's input errors exist in English and Italian: options, decks, table modes, tools."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tavolo.engine import RNG, TavoloError
from tavolo.games.estro.tools import battle, cards

from .support import GAME

RUSH = GAME.deck_list(0, "ardo_illusio_rush")


def config(mode: str = "standard", players: int | None = None, **options: Any) -> Callable[[], Any]:
    return lambda: GAME.make_config(players, mode, **options)


def position(mode: str, players: int, **fields: Any) -> Callable[[], Any]:
    return lambda: GAME.from_position(GAME.make_config(players, mode), fields, RNG(0))


CASES: dict[str, tuple[Callable[[], Any], str]] = {
    "unknown option": (config(colour=1), "non ha l'opzione 'colour'"),
    "first": (config(first=2), "l'opzione first"),
    "two decks": (config(decks=[None]), "elenca due mazzi"),
    "card ids": (config(decks=[[1] * 20, None]), "lista di id di carte"),
    "deck size": (config(decks=[RUSH[:19], None]), "ha 19 carte"),
    "repeats": (config(decks=[[RUSH[0]] * 20, None]), "ripete una carta"),
    "deck name": (config(decks=["nope", None]), "'nope' non è né un mazzo iniziale"),
    "sogno deck": (config("sogno_lucido", decks=[RUSH, None]), "al massimo 5 carte per estro"),
    "unknown card": (config(decks=[[*RUSH[:19], "zzz"], None]), "non conosco la carta 'zzz'"),
    "mode": (config("blitz"), "non conosco la modalità di estro 'blitz'"),
    "META mode": (config("standard+zz"), "non conosco la modalità META di estro 'zz'"),
    "META twice": (config("standard+chimera+chimera"), "indicata due volte"),
    "players": (config("inferno", 2), "estro inferno è per 4 giocatori, non 2"),
    "navi option": (config("navi", 1, first=0), "navi non accetta l'opzione 'first' (non ha"),
    "inferno option": (config("inferno", 4, first=0), "i suoi quattro mazzi sono a caso"),
    "bastione ambush": (config("ultimo_bastione+imboscata", 2), "i difensori si giocano scoperti"),
    "bastione option": (config("ultimo_bastione", 2, first=0), "opzione 'first' (non ha opzioni)"),
    "die face": (lambda: battle("ozok", "thofa", att_roll=7), "--att-roll è una faccia del dado"),
    "round": (lambda: battle("ozok", "thofa", round=0), "--round vale 1 o più, non 0"),
    "zone": (lambda: battle("ozok", "thofa", zone="moon"), "non conosco la zona 'moon'"),
    "tot range": (lambda: cards(min_tot=70, max_tot=60), "--min-tot 70 supera --max-tot 60"),
    "estro": (lambda: cards(estro="foo"), "non conosco l'estro 'foo'"),
    "gift filter": (lambda: cards(gift="zz"), "non conosco il filtro dei doni 'zz'"),
    "sort order": (lambda: cards(sort="zz"), "non conosco l'ordinamento 'zz'"),
    "position": (position("standard", 2, zz=1), "posizione di estro: campo sconosciuto 'zz'"),
    "inferno position": (position("inferno", 4, seats=[]), "seats deve elencare quattro posti"),
    "navi position": (position("navi", 1, ships=[]), "ships deve elencare cinque astronavi"),
    "bastione position": (
        position("ultimo_bastione", 2, zone="moon"),
        "posizione di estro ultimo_bastione: zona sconosciuta 'moon'",
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_each_error_is_told_in_italian_and_in_english(case: str) -> None:
    call, italian = CASES[case]
    with pytest.raises(TavoloError) as err:
        call()
    told = err.value.told("it")
    assert italian in told, told
    assert str(err.value) == err.value.told("en") != told
    assert "error." not in told and "noun." not in told  # no key shown for a missing text


@pytest.mark.parametrize(
    ("text", "italian"),
    [
        ("name: mine\ncards: [ozok, 3]\n", "mine.yaml: voce 'mine': campo cards.1: serve un testo"),
        (
            "name: mine\ncards: [nonesuch]\n",
            "valore non valido: un mazzo elenca 20 o 25 carte, non 1",
        ),
        (
            "cards: [" + ", ".join(["ozok"] * 2 + [f"x{i}" for i in range(18)]) + "]\n",
            "un mazzo ha carte tutte diverse; ripetute: ozok",
        ),
        ("cards: []\nname: x\nzz: 1\n", "(più 1 altro problema)"),
    ],
)
def test_a_deck_files_error_is_told_in_italian(tmp_path: Any, text: str, italian: str) -> None:
    path = tmp_path / "mine.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(TavoloError) as err:
        GAME.make_config(None, "standard", decks=[str(path), None])
    assert italian in err.value.told("it"), err.value.told("it")
    assert err.value.told("it") != str(err.value)
