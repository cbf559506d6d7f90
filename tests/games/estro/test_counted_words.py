"""Words that hold a count agree with it: one attack, two attacks; one left, two left."""

from __future__ import annotations

import pytest

from tavolo.engine import Event
from tavolo.games.estro.navi.text import effect_text

from .support import GAME

CARD = "madu"


def said(kind: str, lang: str, **data: object) -> str:
    text = GAME.describe_event(Event(kind, dict(data)), None, lang)
    assert text is not None
    return text


@pytest.mark.parametrize(
    ("kind", "data", "one", "many"),
    [
        ("extra", {"attacks": "N"}, "può fare un altro attacco.", "può fare altri 2 attacchi."),
        ("extra", {"plays": "N"}, "può giocare un'altra carta.", "può giocare altre 2 carte."),
        (
            "necro_spent",
            {"spent": 2, "use": "protect", "left": "N"},
            "ne resta 1.",
            "ne restano 2.",
        ),
        (
            "ultimo_bastione.breach",
            {"card": CARD, "damage": 5, "cq": "N"},
            "(ne resta 1).",
            "(ne restano 2).",
        ),
        (
            "ultimo_bastione.end",
            {"won": True, "reason": "survived", "round": 10, "cq": "N"},
            "(resta 1 CQ).",
            "(restano 2 CQ).",
        ),
        (
            "navi.ship_hit",
            {"ship": 0, "by": CARD, "damage": 9, "shields": "N"},
            "ne resta 1.",
            "ne restano 2.",
        ),
    ],
)
def test_italian_events_agree_with_their_count(
    kind: str, data: dict[str, object], one: str, many: str
) -> None:
    """'Giocatore 1 può fare altri 1 attacchi.' had no singular."""
    for n, end in ((1, one), (2, many)):
        filled = {k: (n if v == "N" else v) for k, v in data.items()}
        text = said(kind, "it", player=0, **filled)
        assert text.endswith(end), text


def test_english_extra_attacks_agree_with_their_count() -> None:
    assert said("extra", "en", player=0, attacks=1).endswith("may make 1 more attack.")
    assert said("extra", "en", player=0, attacks=2).endswith("may make 2 more attacks.")


@pytest.mark.parametrize(
    ("effect", "lang", "one", "many"),
    [
        ("recharge", "en", "up to 1 shield", "up to 2 shields"),
        ("recharge", "it", "fino a 1 scudo", "fino a 2 scudi"),
        ("torpedo", "en", "loses 1 shield", "loses 2 shields"),
        ("torpedo", "it", "perde 1 scudo", "perde 2 scudi"),
        ("barrage", "en", "loses 1 shield", "loses 2 shields"),
        ("barrage", "it", "perde 1 scudo", "perde 2 scudi"),
        (
            "reinforce",
            "en",
            "up to 1 destroyed guardian of this ship returns",
            "2 destroyed guardians of this ship return",
        ),
        (
            "reinforce",
            "it",
            "fino a 1 guardiano distrutto di questa astronave torna in campo scoperto",
            "2 guardiani distrutti di questa astronave tornano in campo scoperti",
        ),
        ("delay", "en", "gets 1 more turn", "gets 2 more turns"),
        ("delay", "it", "ha 1 turno in più", "ha 2 turni in più"),
    ],
)
def test_navi_effects_agree_with_their_count(effect: str, lang: str, one: str, many: str) -> None:
    assert one in effect_text(effect, 1, lang)
    assert many in effect_text(effect, 2, lang)


def test_italian_quadrante_says_in_cima_al_mazzo() -> None:
    """'La carta in cima del mazzo avversario' is not Italian: 'in cima al mazzo'."""
    from tavolo.games.estro.view import MSG

    for effect, whose in (("opp_mill", "mazzo avversario"), ("mill_own", "tuo mazzo")):
        one, two = (MSG.t("it", f"dial.do.{effect}", n=n) for n in (1, 2))
        assert one.startswith(f"La carta in cima al {whose} va "), one
        assert two.startswith(f"Le prime 2 carte del {whose} vanno "), two
