"""TOS world adventure in words (EN and IT), and the ``tavolo tos world`` tool."""

from __future__ import annotations

import json
import re

import pytest

from cli import assert_one_line_error, invoke
from tavolo.engine.errors import ContentError, TavoloError
from tavolo.games.tos import daily, generator
from tavolo.games.tos.adventure.actions import Heal, Pick
from tavolo.games.tos.schema import Enemy
from tavolo.games.tos.tools import world
from tavolo.games.tos.world.model import (
    Blank,
    Fight,
    Half,
    Mapped,
    Remove,
    Reveal,
    Text,
    TickBar,
    Win,
)
from tavolo.games.tos.world.quests import (
    ENEMY_NAMES,
    ENEMY_TEXTS,
    EVENTS,
    MAIN_QUESTS,
    VILLAINS,
)
from tavolo.games.tos.world.text import (
    MSG,
    half_title,
    render_half,
    render_line,
    render_world,
)

from .support import halves, year

PLACEHOLDER = re.compile(r"\{[a-z_]*\}")
ENEMY = Enemy(level=2, attack=3, defense=4)
BAR = TickBar(
    bar="theft",
    boxes=("", "a", "a", "b", "a", "a"),
    end="b",
    branches={
        "a": (Reveal(card=7),),
        "b": (
            Reveal(card=2, conditions=(Mapped(half="5A", negate=True), Mapped(half="2A"))),
            Remove(conditions=(Mapped(half="2B"),)),
        ),
    },
)


def _placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w*)\}", text))


def _half(*lines: object) -> Half:
    return Half.model_validate(
        {"id": "4B", "title": "event_quiet.title", "source": "t", "lines": lines}
    )


def test_catalogs_have_the_same_keys_and_placeholders() -> None:
    en, it = MSG.messages["en"], MSG.messages["it"]
    assert en and set(en) == set(it)
    for key in en:
        assert _placeholders(en[key]) == _placeholders(it[key]), key


def test_every_label_the_generator_can_draw_has_a_text() -> None:
    en = MSG.messages["en"]
    for n in range(1, VILLAINS + 1):
        for key in (f"title.villain.{n}", f"story.villain.{n}.intro", f"story.villain.{n}.defeat"):
            assert key in en
    for group in ("enemy_upper", "enemy_mid", "enemy_lower"):
        assert all(f"title.{group}.name.{n}" in en for n in range(1, ENEMY_NAMES + 1))
        for part in ("intro", "defeat"):
            assert all(f"story.{group}.{part}.{n}" in en for n in range(1, ENEMY_TEXTS + 1))
    for quest in MAIN_QUESTS:
        assert f"story.{quest}.mission" in en and f"story.{quest}.victory" in en
    for event in EVENTS:
        assert f"title.{event}.title" in en and f"story.{event}.text" in en


def test_every_generated_half_reads_in_both_languages() -> None:
    kinds: set[str] = set()
    for adv in year()[:120]:
        for h in halves(adv):
            for lang in ("en", "it"):
                title = half_title(h, lang)
                lines = render_half(h, lang)
                assert title and lines
                for text in (title, *lines):
                    assert not PLACEHOLDER.search(text), text
                    assert text == text.strip() and "  " not in text, text
            assert render_half(h, "en") != render_half(h, "it")
            kinds.update(ln.kind for ln in h.lines)
    expected = {"text", "fight", "reveal", "remove", "blank", "win", "tick_bar", "pick", "forge"}
    assert expected <= kinds


def test_reveal_remove_blank_win_read_as_on_the_cards() -> None:
    plain = Reveal(card=9)
    cond = Reveal(card=9, conditions=(Mapped(half="8A", negate=True), Mapped(half="9A")))
    many = Reveal(
        card=9,
        may=True,
        conditions=(
            Mapped(half="8A", negate=True),
            Mapped(half="3A", negate=True),
            Mapped(half="9A"),
        ),
    )
    assert render_line(plain, "en") == "Reveal 9B."
    assert render_line(cond, "en") == "If 8A isn't mapped and 9A is mapped: reveal 9B."
    assert render_line(many, "en") == (
        "If 8A and 3A aren't mapped and 9A is mapped: you may reveal 9B."
    )
    assert render_line(cond, "it") == "Se 8A non è in mappa e 9A è in mappa: rivela 9B."
    assert render_line(many, "it") == (
        "Se 8A e 3A non sono in mappa e 9A è in mappa: puoi rivelare 9B."
    )
    assert render_line(Remove(), "en") == "Remove this card."
    assert render_line(Remove(may=True), "it") == "Puoi eliminare questa carta."
    guarded = Remove(conditions=(Mapped(half="9B"),))
    assert render_line(guarded, "en") == "If 9B is mapped: remove this card."
    blank = Blank(conditions=(Mapped(half="4A"),))
    assert render_line(blank, "en") == "If 4A is mapped: this card is blank."
    assert render_line(Win(), "it") == "Hai vinto l'avventura!"
    both = _half(blank, Blank(conditions=(Mapped(half="4B"),)), Text(label="event_quiet.text"))
    assert render_half(both, "en")[0] == "If 4A or 4B is mapped: this card is blank."
    assert render_half(both, "it")[0] == "Se 4A o 4B è in mappa: questa carta è vuota."


def test_fights_tick_bars_and_card_actions() -> None:
    fight = Fight(enemy=ENEMY, bonus=(0, 1, -1), open=("attack", "defense"))
    assert render_line(fight, "en") == (
        "Fight: Enemy — level 2 · attack 3 · defense 4. Open slots: attack, defense. "
        "Bonus for the enemy on its left: level +0, attack +1, defense −1."
    )
    assert "Spazi aperti: nessuno" in render_line(Fight(enemy=ENEMY), "it")
    half = _half(Text(label="event_quiet.text"), fight, Reveal(card=5), BAR)
    lines = render_half(half, "en")
    assert lines[0] == "Nothing happens here. You catch your breath."
    assert lines[2] == "Once it is defeated:"
    assert lines[4] == (
        "For 1 time, if possible, fill the leftmost free box: [ ][A][A][B][A][A] then B. "
        "Read the letter of the leftmost box still free (B if none is):"
    )
    assert lines[5:] == [
        "A: Reveal 7B.",
        "B: If 5A isn't mapped and 2A is mapped: reveal 2B. If 2B is mapped: remove this card.",
    ]
    assert render_line(BAR, "en") == " ".join(lines[4:])
    assert render_half(half, "it")[4].startswith("Per 1 volta, se possibile, annerisci")
    assert render_line(Heal(place="in_hand"), "en") == (
        "For 1 time, you may turn 1 Banner ▶▶ card in your hand to its Banner ▶ half."
    )
    assert render_line(Pick(banner=2), "it").startswith("Aggiungi il retro di questa carta")


def test_unknown_label_or_language_is_an_error() -> None:
    with pytest.raises(ContentError, match=r"no text for 'story\.nope\.x'"):
        render_line(Text(label="nope.x"), "en")
    with pytest.raises(ContentError, match=r"title\.nope"):
        half_title(Half(id="2A", title="nope", source="t"), "it")
    with pytest.raises(TavoloError):
        render_line(Win(), "fr")


def test_render_world_reads_all_nine_cards() -> None:
    adv = year()[0]
    for lang, card in (("en", "Card"), ("it", "Carta")):
        text = render_world(adv, lang)
        assert all(f"\n{card} {n}\n" in text for n in range(1, 10))
        assert all(f"  {n}{s} — " in text for n in range(1, 10) for s in "AB")
        assert str(adv.seed) in text and not PLACEHOLDER.search(text)
    assert "(start: the black triangle)" in render_world(adv, "en")


def test_tool_gives_json_and_text_and_the_days_world() -> None:
    r = world(seed=3)
    assert r.data["seed"] == 3 and len(r.data["cards"]) == 9
    assert r.text.startswith("World Adventure — seed 3")
    day = generator.parse_day("2026-01-01")
    assert world(date="2026-01-01", lang="it").data == year()[0].to_json()
    assert year()[0].seed == daily.adventure_seed(day, "world")
    with pytest.raises(TavoloError):
        world(seed=1, date="2026-01-01")


def test_cli_world() -> None:
    r = invoke(["tos", "world", "--seed", "3"], env={"COLUMNS": "200"})
    assert r.exit_code == 0, r.output
    assert "World Adventure — seed 3" in r.stdout and "Card 9" in r.stdout
    r = invoke(["tos", "world", "--seed", "3", "--lang", "it"])
    assert r.exit_code == 0 and "Carta 9" in r.stdout
    r = invoke(["tos", "world", "--seed", "3", "--json"])
    assert json.loads(r.stdout)["seed"] == 3
    r = invoke(["tos", "world", "--date", "2026-01-01", "--json"])
    assert json.loads(r.stdout) == year()[0].to_json()


def test_cli_world_bad_input_is_one_line() -> None:
    assert_one_line_error(invoke(["tos", "world", "--date", "2026-13-01"]))
    assert_one_line_error(invoke(["tos", "world", "--date", "2026-01-01", "--seed", "3"]))
    assert_one_line_error(invoke(["tos", "world", "--seed", "3", "--lang", "fr"]))
    assert_one_line_error(invoke(["tos", "world", "--seed", "three"]))


# the creature each enemy name is, per language: an enemy's intro and defeat lines are drawn
# apart from its name, so no line of a group may name (or imply) one of them
ENEMY_KINDS = {
    "en": {
        "enemy_upper": ("wolf", "brigand", "imp", "scarecrow"),
        "enemy_mid": ("troll", "captain", "gargoyle", "witch"),
        "enemy_lower": ("wyrm", "knight", "harpy", "giant", "creature"),
    },
    "it": {
        "enemy_upper": ("lupo", "brigante", "folletto", "spaventapasseri"),
        "enemy_mid": ("troll", "capitano", "gargoyle", "strega"),
        "enemy_lower": ("drago", "cavaliere", "arpia", "gigante", "creatura"),
    },
}


@pytest.mark.parametrize("lang", ["en", "it"])
def test_enemy_story_lines_fit_every_enemy_of_their_group(lang: str) -> None:
    """A storm harpy's defeat must not read "The giant collapses": the lines of a group go
    with any of its names."""
    from tavolo.games.tos.world.text import MSG

    for group, kinds in ENEMY_KINDS[lang].items():
        names = [MSG.t(lang, f"title.{group}.name.{n}").lower() for n in range(1, 5)]
        assert all(any(k in name for k in kinds) for name in names), names
        for part in ("intro", "defeat"):
            for n in range(1, 4):
                line = MSG.t(lang, f"story.{group}.{part}.{n}").lower()
                assert not [k for k in kinds if k in line], (group, part, n, line)
