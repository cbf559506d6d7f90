"""``tavolo estro cards``: the collection listed, filtered and shown card by card."""

from __future__ import annotations

import re

import pytest

from tavolo.engine import ConfigError, UnknownName
from tavolo.games.estro.content import default_collection
from tavolo.games.estro.text import render_gift
from tavolo.games.estro.tools import GIFT_WORDS, cards


def ids(**filters: object) -> list[str]:
    return [c["id"] for c in cards(**filters).data["cards"]]  # type: ignore[arg-type]


def test_no_filter_lists_all_250_in_file_order() -> None:
    res = cards()
    coll = default_collection()
    assert [c["id"] for c in res.data["cards"]] == [c.id for c in coll.cards]
    assert res.data["total"] == 250
    lines = res.text.splitlines()
    wrapped = [x for x in lines if x.lstrip().startswith("↳ ")]  # a long trigger's own line
    assert len(lines) == 1 + 250 + len(wrapped) + 2  # header, the cards, blank, count
    assert "250 of 250 cards (" in lines[-1]
    assert lines[1].split()[:3] == ["1", "Ozok", "Ardo"]


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_list_and_the_battle_fit_80_columns(lang: str) -> None:
    """The list had 130 lines over 80 columns, the battle calculator 95-column rows."""
    from tavolo.games.estro.tools import battle

    text = cards(lang=lang).text + "\n" + battle("ozok", "thofa", 6, 3, lang=lang).text
    plain = re.sub(r"\[/?[a-z ]*\]", "", text)  # (Rich markup takes no columns)
    assert max(len(x) for x in plain.splitlines()) <= 80
    assert "Passive · on opponent's play" in plain or "alla giocata avversaria" in plain


def test_filter_by_estro_gift_tot_and_name() -> None:
    coll = default_collection()
    got = ids(estro="illusio")
    assert len(got) == 50 and all(coll.card(i).estro == "illusio" for i in got)
    assert len(ids(estro="ardo,manpo")) == 100
    empty = ids(gift="none")
    assert all(coll.card(i).gift is None for i in empty)
    assert len(empty) + len(ids(gift="any")) == 250
    for i in ids(gift="destroy"):
        g = coll.card(i).gift
        assert g is not None and any(e.verb == "destroy" for e in g.do)
    both = ids(gift="destroyed,coin")
    for i in both:
        g = coll.card(i).gift
        assert g is not None and g.trigger == "destroyed" and g.chance and g.chance.coin
    assert "tomb_plate" in both
    mid = ids(min_tot=60, max_tot=62)
    assert mid and all(60 <= coll.card(i).tot <= 62 for i in mid)
    assert ids(name="ZOK") == ["ozok"]
    assert ids(name="maw", estro="ardo") == ["cinder_maw", "redmaw_stalker"]


def test_every_gift_word_finds_cards() -> None:
    """Each word --gift understands matches part of the collection (the language is used)."""
    for word in GIFT_WORDS:
        found = ids(gift=word)
        assert 0 < len(found) < 250, word


def test_sort_orders() -> None:
    coll = default_collection()
    tots = [coll.card(i).tot for i in ids(sort="tot")]
    assert tots == sorted(tots, reverse=True)
    names = [coll.card(i).name.lower() for i in ids(sort="name", estro="granito")]
    assert names == sorted(names)


def test_full_lines_carry_the_card_text() -> None:
    res = cards(name="madu", full=True, lang="it")
    madu = default_collection().card("madu")
    assert madu.gift is not None
    assert render_gift(madu.gift, "it") in res.text
    assert res.text.splitlines()[0].startswith(" 64  Madu · Illusio · ATK 6")


def test_no_match_is_not_an_error() -> None:
    res = cards(name="no such creature")
    assert res.data["cards"] == []
    assert res.text == "No card matches these filters."
    assert cards(name="no such creature", lang="it").text.startswith("Nessuna carta")


@pytest.mark.parametrize("query", ["madu", "Madu", "MADU", " madu "])
def test_show_one_card_by_id_or_name(query: str) -> None:
    res = cards(query)
    assert res.data["id"] == "madu"
    assert res.data["number"] == 64
    assert res.data["stats"] == {"atk": 6, "def": 8, "hel": 9, "dex": 23, "map": 10}
    assert res.data["tot"] == 56
    assert res.data["gift"]["chance"] == {"coin": True}
    lines = res.text.splitlines()
    assert lines[0] == "[bold]Madu[/] · Illusio"
    assert "TOT 56" in lines[2] and "DEX 23" in lines[2]
    assert lines[3] == "Once — When played: call a coin flip; if you win: +10 DEX."


def test_show_by_name_with_spaces_in_italian() -> None:
    res = cards("Furnace Hound", lang="it")
    assert res.data["id"] == "furnace_hound" and res.data["gift"] is None
    assert res.text.splitlines()[-1] == "Carta vuota: nessun dono."
    assert "valore primario ATK" in res.text


def test_bad_input_names_the_problem() -> None:
    with pytest.raises(UnknownName) as err:
        cards("madoo")
    assert err.value.name == "madoo" and "madu" in err.value.known
    with pytest.raises(UnknownName, match="gift filter"):
        cards(gift="fireball")
    with pytest.raises(UnknownName, match="estro"):
        cards(estro="rosso")
    with pytest.raises(UnknownName, match="sort order"):
        cards(sort="colour")
    with pytest.raises(ConfigError, match="--min-tot 70 is above --max-tot 60"):
        cards(min_tot=70, max_tot=60)
    with pytest.raises(UnknownName, match="language"):
        cards(lang="fr")
