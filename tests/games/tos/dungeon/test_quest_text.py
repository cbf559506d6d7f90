"""TOS dungeon in words: the map and bar conditions, the tick, the new quests' story steps."""

from __future__ import annotations

from cli import invoke
from tavolo.games.tos.dungeon.index import (
    BarFull,
    Fight,
    Instruction,
    Story,
    SymbolMapped,
    Tick,
)
from tavolo.games.tos.dungeon.main_quests import MAIN_QUESTS
from tavolo.games.tos.dungeon.text import render_dungeon, render_index, render_instruction
from tavolo.games.tos.tools import fold

from .support import ENEMY, adventures

GATED = Instruction(
    symbol=(4, 1),
    trigger="immediate",
    conditions=(SymbolMapped(symbol=(2, 3)), SymbolMapped(symbol=(0, 0), negate=True)),
    actions=(Fight(enemy=ENEMY), Story(label="main.go_back", rooms=("1A",))),
    source="main_the_general",
)
KEEPER = Instruction(
    symbol=(1, 2),
    trigger="immediate",
    conditions=(BarFull(bar="side_the_theft.map"), BarFull(bar="other.bar", negate=True)),
    actions=(Fight(enemy=ENEMY),),
    source="side_the_theft",
)
STOLEN = Instruction(
    symbol=(5, 0),
    trigger="choice",
    once=True,
    actions=(Story(label="side_the_theft.map"), Tick(bar="side_the_theft.map", boxes=3)),
    source="side_the_theft",
)


def test_map_conditions_read_exactly() -> None:
    assert render_instruction(GATED, "en").splitlines()[1:3] == [
        "  Only if Star D [*2d] is mapped; otherwise this room is empty.",
        "  Only if Sun A [*0a] is not mapped; otherwise this room is empty.",
    ]
    assert render_instruction(GATED, "it").splitlines()[1:3] == [
        "  Solo se Stella D [*2d] è in mappa; altrimenti questa stanza è vuota.",
        "  Solo se Sole A [*0a] non è in mappa; altrimenti questa stanza è vuota.",
    ]


def test_bars_read_by_the_symbol_that_ticks_them() -> None:
    bars = {"side_the_theft.map": (5, 0)}
    assert render_instruction(KEEPER, "en", bars).splitlines()[1:3] == [
        "  Only if every box of the bar at Crown A [*5a] is filled; otherwise this room is empty.",
        "  Only if the bar “other.bar” still has an empty box; otherwise this room is empty.",
    ]
    assert render_instruction(KEEPER, "it", bars).splitlines()[1] == (
        "  Solo se tutte le caselle della barra di Corona A [*5a] sono annerite;"
        " altrimenti questa stanza è vuota."
    )
    en = render_instruction(STOLEN, "en").splitlines()
    assert en[-1] == (
        "  - If you can, fill in pencil the leftmost empty box of this bar: ☐ ☐ ☐"
        " (the marks stay from one game to the next)."
    )
    assert "☐ ☐ ☐" in render_instruction(STOLEN, "it")


def test_every_new_quest_reads_in_both_languages() -> None:
    sources: set[str] = set()
    for a in adventures()[:80]:
        for lang in ("en", "it"):
            text = render_index(a, lang)
            assert "{" not in text
            if "side_the_theft" in a.side_quests:
                # the keeper's bar is named by the stolen map's symbol
                assert "bar “" not in text and "barra “" not in text
        sources.update(i.source for i in a.index.instructions)
    assert set(MAIN_QUESTS) | {"side_the_lost_technique", "side_the_theft"} <= sources


def test_cli_shows_the_new_quests() -> None:
    a = next(a for a in adventures() if a.main_quest == "main_the_final_form")
    r = invoke(["tos", "dungeon", "--seed", str(a.seed)], env={"COLUMNS": "200"})
    assert r.exit_code == 0, r.output
    assert "Main quest: The final form" in r.stdout and "Follow it!" in r.stdout
    a = next(a for a in adventures() if "side_the_theft" in a.side_quests)
    r = invoke(["tos", "dungeon", "--seed", str(a.seed), "--lang", "it"], env={"COLUMNS": "200"})
    assert r.exit_code == 0, r.output
    assert r.stdout.rstrip("\n") == fold(render_dungeon(a, "it"), 200).rstrip("\n")
    assert "annerisci a matita" in r.stdout
