"""A designer's mistake in Estro's content files is told in English and in Italian.

Each case takes the real content (cards, zones, the Quadrante's sectors, the navi fleet),
changes one thing and checks the error's English line, word for word, and a piece of its
Italian one: the schema validators' reasons and the checks across a whole file.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml

from tavolo.engine import ContentError
from tavolo.engine.content import validate_entry
from tavolo.games.estro.content import CONTENT, load_collection
from tavolo.games.estro.dial import load_sectors
from tavolo.games.estro.navi.content import CONTENT as NAVI_CONTENT
from tavolo.games.estro.navi.content import load_fleet
from tavolo.games.estro.navi.mode import Mode
from tavolo.games.estro.schema import Card, Zone

from .support import GAME

Raw = dict[str, Any]
Change = Callable[[Raw], object]
Trial = Callable[[Path], ContentError]


@cache
def _real(path: Path) -> Raw:
    data: Raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    return data


def real(path: Path) -> Raw:
    """A fresh copy of a real content file, to change one thing in."""
    return copy.deepcopy(_real(path))


def refused(call: Callable[[], object]) -> ContentError:
    with pytest.raises(ContentError) as err:
        call()
    return err.value


def written(tmp_path: Path, name: str, data: Raw) -> Path:
    p = tmp_path / name
    p.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return p


# ------------------------------------------------------------- one card, one zone --
def card(pick: Callable[[Raw], bool], change: Change) -> Trial:
    """The first real card whose gift ``pick`` accepts, with ``change`` made to its gift."""

    def trial(tmp_path: Path) -> ContentError:
        raw = next(c for c in real(CONTENT / "cards.yaml")["cards"] if pick(c.get("gift") or {}))
        change(raw["gift"])
        return refused(lambda: validate_entry(Card, raw, "cards.yaml", raw["id"]))

    return trial


def zone(change: Change) -> Trial:
    def trial(tmp_path: Path) -> ContentError:
        raw = real(CONTENT / "zones.yaml")["zones"][0]
        change(raw)
        return refused(lambda: validate_entry(Zone, raw, "zones.yaml", raw["id"]))

    return trial


def only(gift: Raw, **fields: Any) -> bool:
    """A gift of one effect holding ``fields`` (one verb only, so one check speaks)."""
    do = gift.get("do") or []
    return len(do) == 1 and all(do[0].get(k) == v for k, v in fields.items())


def has(gift: Raw, *keys: str) -> bool:
    return len(gift.get("do") or []) == 1 and all(k in gift["do"][0] for k in keys)


def first_effect(**fields: Any) -> Change:
    return lambda g: g["do"][0].update(fields)


def setting(**fields: Any) -> Change:
    return lambda g: g.update(fields)


def aura_with_mul(g: Raw) -> None:
    e = g["do"][0]
    del e["add"]
    e["mul"] = 2


def no_target(g: Raw) -> bool:
    uses = [e for e in g.get("do") or [] if "target" in (e.get("who"), e.get("destroy"))]
    return bool(g) and g["trigger"] == "play" and "target" not in g and not uses


# --------------------------------------------------------- whole files, changed --
def collection(change: Callable[[Raw, Raw], object]) -> Trial:
    """The real cards and zones, ``change(cards, zones)`` made, loaded from tmp copies."""

    def trial(tmp_path: Path) -> ContentError:
        cards, zones = real(CONTENT / "cards.yaml"), real(CONTENT / "zones.yaml")
        change(cards, zones)
        c, z = written(tmp_path, "cards.yaml", cards), written(tmp_path, "zones.yaml", zones)
        return refused(lambda: load_collection(c, z))

    return trial


def sectors(change: Callable[[list[Raw]], object]) -> Trial:
    def trial(tmp_path: Path) -> ContentError:
        data = real(CONTENT / "quadrante.yaml")
        change(data["sectors"])
        return refused(lambda: load_sectors(written(tmp_path, "quadrante.yaml", data)))

    return trial


def fleet(change: Callable[[Raw], object]) -> Trial:
    def trial(tmp_path: Path) -> ContentError:
        data = real(NAVI_CONTENT / "navi.yaml")
        change(data)
        return refused(lambda: load_fleet(written(tmp_path, "navi.yaml", data)))

    return trial


def table(change: Callable[[Raw], object]) -> Trial:
    """A fleet the loader accepts, given to the ships' table, which refuses it."""

    def trial(tmp_path: Path) -> ContentError:
        data = real(NAVI_CONTENT / "navi.yaml")
        change(data)
        ships = load_fleet(written(tmp_path, "navi.yaml", data))
        return refused(lambda: Mode(GAME, ships))

    return trial


def entry(entries: list[Raw], entry_id: str) -> Raw:
    return next(x for x in entries if x["id"] == entry_id)


VERBS = (
    "stat, draw, discard, destroy, protect, revive, extra_play, extra_attack, counter, "
    "save, zone_refresh, swap, convert"
)

# case: (the mistake, English reason or line, a piece of the Italian line)
CASES: dict[str, tuple[Trial, str, str]] = {
    "chance with two kinds": (
        card(lambda g: "chance" in g, setting(chance={"coin": True, "percent": 50})),
        "field gift.chance: Value error, a chance has exactly one of coin, percent, tot, "
        "die_at_least",
        "campo gift.chance: valore non valido: chance vuole esattamente uno fra coin, "
        "percent, tot e die_at_least",
    ),
    "effect with two verbs": (
        card(lambda g: has(g, "draw"), first_effect(discard=1)),
        f"field gift.do.0: Value error, an effect has exactly one of {VERBS}",
        f"un effetto ha esattamente un verbo fra {VERBS}",
    ),
    "stat with add and mul": (
        card(lambda g: has(g, "stat", "add"), first_effect(mul=2)),
        "field gift.do.0: Value error, a stat effect has exactly one of add, mul",
        "un effetto stat vuole esattamente uno fra add e mul",
    ),
    "add without stat": (
        card(lambda g: has(g, "draw"), first_effect(add=1)),
        "field gift.do.0: Value error, add and mul go with stat",
        "add e mul vanno solo insieme a stat",
    ),
    "estro filter on self": (
        card(
            lambda g: has(g, "stat", "add") and "who" not in g["do"][0],
            first_effect(estro="ardo"),
        ),
        "field gift.do.0: Value error, estro filters only own_all / opp_all",
        "estro fa da filtro solo per own_all / opp_all",
    ),
    "target effect without a filter": (
        card(lambda g: "target" in g and only(g, destroy="target"), lambda g: g.pop("target")),
        "field gift: Value error, an effect on 'target' needs a target filter",
        "un effetto su 'target' richiede il filtro target",
    ),
    "filter without a target effect": (
        card(no_target, setting(target={"side": "opp"})),
        "field gift: Value error, a target filter needs an effect on 'target'",
        "il filtro target richiede un effetto su 'target'",
    ),
    "foe outside a battle": (
        card(lambda g: only(g, destroy="foe"), setting(trigger="play")),
        "field gift: Value error, 'foe' exists only in attack and defend triggers",
        "'foe' esiste solo con gli inneschi attack e defend",
    ),
    "counter on another trigger": (
        card(lambda g: only(g, counter=True), setting(trigger="opp_play")),
        "field gift: Value error, counter answers only trigger opp_gift",
        "counter risponde solo all'innesco opp_gift",
    ),
    "save on another trigger": (
        card(lambda g: only(g, save=True), setting(trigger="play")),
        "field gift: Value error, save works only with trigger destroyed",
        "save funziona solo con l'innesco destroyed",
    ),
    "until battle outside a battle": (
        card(
            lambda g: only(g, until="battle") and "who" not in g["do"][0],
            setting(trigger="turn_start"),
        ),
        "field gift: Value error, until: battle needs an attack or defend trigger",
        "until: battle richiede l'innesco attack o defend",
    ),
    "extra attack at the turn's end": (
        card(lambda g: has(g, "extra_attack"), setting(trigger="turn_end")),
        "field gift: Value error, an extra attack at the end of the turn would be lost",
        "un attacco in più alla fine del turno andrebbe perso",
    ),
    "aura used once": (
        card(lambda g: g.get("trigger") == "aura", setting(kind="once")),
        "field gift: Value error, an aura is a passive gift",
        "un'aura è un dono passivo (kind: passive)",
    ),
    "optional aura": (
        card(lambda g: g.get("trigger") == "aura", setting(optional=True)),
        "field gift: Value error, an aura has no chance, option or target",
        "un'aura non ha chance, optional né target",
    ),
    "aura that multiplies": (
        card(lambda g: g.get("trigger") == "aura" and has(g, "add"), aura_with_mul),
        "field gift: Value error, an aura only adds to stats of self, own_all or opp_all",
        "un'aura può solo aggiungere (add) alle statistiche",
    ),
    "zone name in English only": (
        zone(lambda z: z["name"].pop("it")),
        "zones.yaml: entry 'militare': field name: Value error, needs both en and it",
        "zones.yaml: voce 'militare': campo name: valore non valido: servono sia en sia it",
    ),
    "two cards of one name": (
        collection(lambda cards, zones: cards["cards"][1].update(name="OZOK")),
        "cards.yaml: entry 'vurrax': field name: 'OZOK' is also the name of 'ozok'",
        "cards.yaml: voce 'vurrax': campo name: 'OZOK' è già il nome di 'ozok'",
    ),
    "two zones of one estro": (
        collection(lambda cards, zones: zones["zones"][1].update(estro="ardo")),
        "zones.yaml: needs exactly one zone per estro",
        "zones.yaml: serve esattamente una zona per ogni estro",
    ),
    "bonus effect in a malus sector": (
        sectors(lambda xs: entry(xs, "quiet_harvest").update(category="malus")),
        "quadrante.yaml: entry 'quiet_harvest': field (entry): Value error, "
        "effect draw is not a malus",
        "quadrante.yaml: voce 'quiet_harvest': campo (voce): valore non valido: "
        "l'effetto draw non è un malus",
    ),
    "counted sector without n": (
        sectors(lambda xs: entry(xs, "quiet_harvest").pop("n")),
        "quadrante.yaml: entry 'quiet_harvest': field (entry): Value error, effect draw needs n",
        "l'effetto draw richiede n",
    ),
    "sector with an n it does not take": (
        sectors(lambda xs: entry(xs, "second_dawn").update(n=1)),
        "quadrante.yaml: entry 'second_dawn': field (entry): Value error, "
        "effect return_field takes no n",
        "l'effetto return_field non accetta n",
    ),
    "24 sectors": (
        sectors(lambda xs: xs.pop()),
        "quadrante.yaml: the dial has 25 sectors, not 24",
        "quadrante.yaml: il quadrante ha 25 settori, non 24",
    ),
    "counted item without n": (
        fleet(lambda d: entry(d["items"], "ion_torpedo").pop("n")),
        "navi.yaml: entry 'ion_torpedo': field (entry): Value error, effect torpedo needs n",
        "navi.yaml: voce 'ion_torpedo': campo (voce): valore non valido: l'effetto torpedo "
        "richiede n",
    ),
    "item with an n it does not take": (
        fleet(lambda d: entry(d["items"], "deep_scanner").update(n=2)),
        "navi.yaml: entry 'deep_scanner': field (entry): Value error, effect scan takes no n",
        "l'effetto scan non accetta n",
    ),
    "item at the wrong moment": (
        fleet(lambda d: entry(d["items"], "signal_jammer").update(when="turn")),
        "navi.yaml: entry 'signal_jammer': field (entry): Value error, effect jam is usable "
        "only in when: ships_turn",
        "l'effetto jam si può usare solo con when: ships_turn",
    ),
    "fleet without settings": (
        fleet(lambda d: d.pop("settings")),
        "navi.yaml: missing section 'settings'",
        "navi.yaml: manca la sezione 'settings'",
    ),
    "two ships of one estro": (
        fleet(lambda d: d["ships"][1].update(estro="ardo")),
        "navi.yaml: section ships: one ship per estro, not ardo, ardo, armonio, illusio, manpo",
        "navi.yaml: sezione ships: un'astronave per ogni estro, non ardo, ardo, armonio",
    ),
    "an item named as a card": (
        table(lambda d: d["items"][0].update(id="ozok")),
        "navi content: id 'ozok' is also a card id",
        "contenuto di navi: l'id 'ozok' è anche l'id di una carta",
    ),
    "24 items": (
        fleet(lambda d: d["items"].pop()),
        "navi.yaml: section items: 25 items, not 24",
        "navi.yaml: sezione items: 25 oggetti, non 24",
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_a_content_mistake_is_told_in_english_and_italian(tmp_path: Path, case: str) -> None:
    trial, english, italian = CASES[case]
    err = trial(tmp_path)
    told = err.told("it")
    assert english in str(err), str(err)
    assert str(err) == err.told("en") != told
    assert italian in told, told
    assert "content." not in told and "Value error" not in told  # no key, no English frame
