"""Errors told in the user's language: ``str()`` is English, ``told(lang)`` any language."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from tavolo.engine import (
    ConfigError,
    ScriptedRNG,
    ScriptError,
    TavoloError,
    UnknownName,
    engine_messages,
)
from tavolo.engine.i18n import Catalog


def catalog(tmp_path: Path, en: str, it: str) -> Catalog:
    (tmp_path / "en.yaml").write_text(en, encoding="utf-8")
    (tmp_path / "it.yaml").write_text(it, encoding="utf-8")
    return Catalog(tmp_path)


def test_an_error_said_from_a_catalog_is_told_in_each_language(tmp_path: Path) -> None:
    words = catalog(tmp_path, 'bad: "{n} {n:die|dice} lost"\n', 'bad: "{n} {n:dado|dadi} persi"\n')
    err = ConfigError.said(words, "bad", n=2)
    assert isinstance(err, ConfigError)
    assert str(err) == "2 dice lost" == err.told("en")
    assert err.told("it") == "2 dadi persi"
    assert err.told("xx") == "2 dice lost"  # a language without the key: English


def test_an_error_without_a_catalog_is_told_in_english() -> None:
    err = TavoloError("plain words")
    assert err.told("it") == "plain words"


def test_unknown_names_use_the_engine_nouns_and_the_raisers_own(tmp_path: Path) -> None:
    err = UnknownName("mode", "blitz", ("standard", "short"), game="tricks")
    assert str(err) == "unknown tricks mode 'blitz'; known: standard, short"
    assert err.told("it") == "non conosco la modalità di tricks 'blitz'; nomi noti: standard, short"
    nouns = catalog(
        tmp_path, 'noun.hero_class: "hero class"\n', 'noun.hero_class: "la classe d\'eroe"\n'
    )
    err = UnknownName("hero class", "bard", ("swordsman",), nouns=nouns)
    assert str(err) == "unknown hero class 'bard'; known: swordsman"
    assert err.told("it") == "non conosco la classe d'eroe 'bard'; nomi noti: swordsman"


def test_a_noun_no_catalog_holds_stays_english() -> None:
    err = UnknownName("widget", "w", ())
    assert str(err) == "unknown widget 'w'; known: (none)"
    assert err.told("it") == "non conosco widget 'w'; nomi noti: (nessuno)"


@pytest.mark.parametrize("key", ["players", "meta_twice", "no_flag", "no_option"])
def test_the_engine_errors_read_differently_in_italian(key: str) -> None:
    params = {"game": "g", "many": "2", "hi": 2, "n": 3, "mode": "m", "flag": "--f", "options": "o"}
    en = engine_messages().t("en", key, **params)
    it = engine_messages().t("it", key, **params)
    assert engine_messages().has(key) and en != it


def test_errors_cross_a_process_boundary_whole(tmp_path: Path) -> None:
    """simulate --workers sends a worker's error back pickled: it must still be told."""
    words = catalog(tmp_path, 'bad: "{n} lost"\n', 'bad: "{n} persi"\n')
    for err in (
        UnknownName("mode", "blitz", ("standard",), game="tricks"),
        ConfigError.said(words, "bad", n=2),
    ):
        back = pickle.loads(pickle.dumps(err))
        assert type(back) is type(err) and str(back) == str(err)
        assert back.told("it") == err.told("it") != str(err)


def test_a_quoted_cause_is_told_in_the_same_language(tmp_path: Path) -> None:
    words = catalog(tmp_path, 'wrap: "replay: {problem}"\n', 'wrap: "replay: {problem}"\n')
    cause = UnknownName("mode", "blitz", ("standard",), game="tricks")
    err = ConfigError.said(words, "wrap", problem=cause)
    assert str(err) == "replay: unknown tricks mode 'blitz'; known: standard"
    assert (
        err.told("it") == "replay: non conosco la modalità di tricks 'blitz'; nomi noti: standard"
    )


def test_a_scripted_outcome_that_does_not_fit_is_told_with_its_label_in_words() -> None:
    rng = ScriptedRNG(0, [{"roll": 9}])
    with pytest.raises(ScriptError) as err:
        rng.roll(6)
    assert str(err.value) == "scripted roll 9 (unlabelled) is not 1..6"
    assert err.value.told("it") == "il tiro dello script 9 (senza etichetta) non è tra 1 e 6"
    back = pickle.loads(pickle.dumps(err.value))
    assert back.told("it") == err.value.told("it")
    with pytest.raises(ScriptError) as err:
        ScriptedRNG(0, [{"coin": "edge", "label": "toss"}]).coin("toss")
    assert err.value.told("it") == "la moneta dello script 'edge' (toss) non è heads/tails"
