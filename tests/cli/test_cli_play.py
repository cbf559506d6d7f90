"""``tavolo play`` and ``tavolo replay`` with the toy game 'tricks'."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path
from typing import Any

from tavolo.cli.common import reflow
from tavolo.engine import registry

from . import invoke


def test_all_ai_game_runs_to_the_end() -> None:
    r = invoke(["play", "tricks", "--seats", "random,greedy", "--seed", "3"])
    assert r.exit_code == 0, r.output
    assert "Player 1 (random)" in r.stdout and "Player 2 (greedy)" in r.stdout
    assert "Game over" in r.stdout
    assert "Scores:" in r.stdout
    assert r.stderr == ""


def test_same_seed_same_game() -> None:
    args = ["play", "tricks", "--seats", "random,mcts:30", "--seed", "11"]
    assert invoke(args).stdout == invoke(args).stdout


def test_without_seed_a_seed_is_printed() -> None:
    r = invoke(["play", "tricks", "--seats", "random,random"])
    assert r.exit_code == 0
    assert r.stdout.splitlines()[0].startswith("seed ")


def test_human_seat_with_scripted_input(tmp_path: Path) -> None:
    # invalid entries (x, 0, 99, empty), the help key, then always the first action
    script = "x\n0\n99\n\nh\n1\n1\n1\n"
    save = tmp_path / "game.json"
    r = invoke(
        ["play", "tricks", "--seats", "human,random", "--seed", "5", "--save", str(save)],
        input=script,
    )
    assert r.exit_code == 0, r.output
    out = r.stdout
    assert "Player 1: your turn" in out
    assert "Your options:" in out and "1. play:c" in out
    assert out.count("is not a choice") == 4
    assert "This game has no rules summary." in out  # tricks has no help text
    assert "Game over" in out and "Scores:" in out
    assert f"Replay saved to {save}" in " ".join(out.split())  # a long path: a line of its own
    data = json.loads(save.read_text())
    assert data["format"] == "tavolo-replay" and data["game"] == "tricks"
    assert len(data["actions"]) == 6 and data["seed"] == 5
    assert data["meta"]["seats"] == ["human", "random"]


def test_human_sees_no_hidden_cards() -> None:
    """Before the first prompt nothing names a card in the opponent's hand."""
    game = registry.get("tricks")
    state = game.new(game.make_config(2), 5)
    hidden = state.hands[1]  # type: ignore[attr-defined]
    r = invoke(["play", "tricks", "--seats", "human,random", "--seed", "5"], input="q\n")
    before_prompt = r.stdout.split("Choose 1-")[0]
    for card in hidden:
        assert f'"{card}"' not in before_prompt and f"'{card}'" not in before_prompt


def test_action_id_is_accepted_as_input() -> None:
    game = registry.get("tricks")
    state = game.new(game.make_config(2), 5)
    first = sorted(state.hands[0])[-1]  # type: ignore[attr-defined]
    r = invoke(
        ["play", "tricks", "--seats", "human,random", "--seed", "5"], input=f"play:{first}\nq\n"
    )
    assert r.exit_code == 0
    assert f"'card': '{first}'" in r.stdout


def test_quit_with_q_saves_what_was_played(tmp_path: Path) -> None:
    save = tmp_path / "partial.json"
    r = invoke(
        ["play", "tricks", "--seats", "human,random", "--seed", "5", "--save", str(save)],
        input="1\nq\n",
    )
    assert r.exit_code == 0
    assert "Game abandoned after" in r.stdout
    assert "Game over" not in r.stdout
    assert len(json.loads(save.read_text())["actions"]) >= 1


def test_end_of_input_quits_cleanly() -> None:
    r = invoke(["play", "tricks", "--seats", "human,random", "--seed", "5"], input="")
    assert r.exit_code == 0
    assert "End of input" in r.stdout
    assert "Traceback" not in r.output


def test_hot_seat_two_humans() -> None:
    # tricks hides each hand from the other player: the screen changes hands with an
    # Enter between the two people's turns, and no hand is on screen at that moment
    r = invoke(["play", "tricks", "--seats", "human,human", "--seed", "2"], input="1\n\n" * 6)
    assert r.exit_code == 0, r.output
    assert "Player 1: your turn" in r.stdout and "Player 2: your turn" in r.stdout
    assert "Since your last choice:" in r.stdout
    assert "Game over" in r.stdout
    turns = re.findall(r"(Player \d): your turn", r.stdout)
    changes = sum(a != b for a, b in itertools.pairwise(turns))
    assert changes >= 2 and r.stdout.count("Pass the screen to ") == changes
    for part in r.stdout.split("Pass the screen to ")[1:]:  # the next person's turn follows
        coming = part.split(":")[0]
        assert part.split("your turn")[0].strip().endswith(f"{coming}:")


def test_hot_seat_hands_over_only_when_the_people_see_different_things() -> None:
    # Platformer hides nothing from one player that the other sees: no hand-over
    r = invoke(["play", "platformer", "--players", "human,human", "--seed", "4"], input="1\n" * 80)
    assert r.exit_code == 0, r.output
    assert "Player 2: your turn" in r.stdout and "Pass the screen" not in r.stdout
    r = invoke(["play", "tricks", "--seats", "human,human", "--seed", "2"], input="1\nq\n")
    assert r.exit_code == 0 and "abandoned" in r.stdout


def test_default_seats_are_human_then_mcts() -> None:
    r = invoke(["play", "tricks", "--seed", "1"], input="q\n")
    assert r.exit_code == 0
    assert "Player 1, Player 2 (mcts)" in r.stdout


def test_mode_and_option() -> None:
    r = invoke(["play", "tricks", "--seats", "random,random", "--seed", "1", "-m", "short"])
    assert r.exit_code == 0
    assert r.stdout.count("• played") == 4  # two cards each in the short mode
    r = invoke(["play", "tricks", "--seats", "random,random", "--seed", "1", "-o", "hand=1"])
    assert r.exit_code == 0
    assert r.stdout.count("• played") == 2


def test_save_then_replay(tmp_path: Path) -> None:
    save = tmp_path / "r.json"
    played = invoke(
        ["play", "tricks", "--seats", "random,greedy", "--seed", "8", "--save", str(save)]
    )
    assert played.exit_code == 0
    r = invoke(["replay", str(save)])
    assert r.exit_code == 0, r.output
    assert "Replay of Tricks: 6 moves, seed 8" in r.stdout
    assert "Final position" in r.stdout
    result_line = next(ln for ln in played.stdout.splitlines() if "Scores:" in ln)
    assert result_line in r.stdout
    assert "Player 2 (greedy)" in r.stdout


def test_replay_step_and_stop(tmp_path: Path) -> None:
    save = tmp_path / "r.json"
    invoke(["play", "tricks", "--seats", "random,random", "--seed", "8", "--save", str(save)])
    r = invoke(["replay", str(save), "--step"], input="\n\nq\n")
    assert r.exit_code == 0
    assert "Stopped after move 3." in r.stdout
    r = invoke(["replay", str(save), "--step"], input="")  # end of input: play on to the end
    assert r.exit_code == 0 and "Final position" in r.stdout


def test_replay_of_an_unfinished_game(tmp_path: Path) -> None:
    save = tmp_path / "r.json"
    invoke(
        ["play", "tricks", "--seats", "human,random", "--seed", "5", "--save", str(save)],
        input="1\nq\n",
    )
    r = invoke(["replay", str(save)])
    assert r.exit_code == 0
    assert "before the end of the game" in r.stdout


def test_play_help_shows_the_game() -> None:
    r = invoke(["play", "tricks", "--help"])
    assert r.exit_code == 0
    assert "Play Tricks (tricks)" in r.stdout
    assert "--seats" in r.stdout and "--save" in r.stdout
    r = invoke(["play", "--help"])
    assert r.exit_code == 0 and "tricks" in r.stdout and "Tricks:" in r.stdout


def test_play_help_counts_the_players_in_words() -> None:
    r = invoke(["play", "--help"])
    assert "Travelers of Stampadia: 1 player;" in r.stdout
    assert "Platformer: 1-4 players;" in r.stdout
    r = invoke(["--lang", "it", "play", "tos", "--help"])
    assert "(tos): 1 giocatore;" in r.stdout


def test_watcher_hears_a_seats_moves_under_one_heading() -> None:
    # seed 2: the greedy seat takes a whole Platformer turn of small steps (a die, a
    # move, a forge...) before the person's first prompt; they read as one account
    r = invoke(["play", "platformer", "--players", "human,greedy", "--seed", "2"], input="q\n")
    assert r.exit_code == 0, r.output
    before = r.stdout.split("your turn")[0]
    assert before.count("Player 2 (greedy):") == 1
    assert before.count("  • ") > 3
    assert "nothing you can see" not in before


def test_watcher_is_told_when_a_seats_moves_showed_nothing(monkeypatch: Any) -> None:
    game = registry.get("tricks")
    monkeypatch.setattr(game, "describe_event", lambda *args: None)
    r = invoke(["play", "tricks", "--seats", "human,random", "--seed", "5"], input="1\n" * 6)
    assert r.exit_code == 0, r.output
    # once for each run of the random seat's moves, never for the person's own
    runs = r.stdout.count("Player 2 (random):")
    assert runs >= 1 and r.stdout.count("(nothing you can see)") == runs
    out = r.stdout.replace("Player 1: your turn", "")
    assert "Player 1:" not in out.replace("Player 1: your only choice, taken: play:c", "")


def test_words_at_the_prompt_list_the_options_that_hold_them() -> None:
    # Ultimo Bastione offers each hand card in each of 12 places: 'lane 2' keeps those
    # in lane 2 (ranked above "lane 1, zone 2"), numbered as in the whole list
    args = ["play", "estro", "--mode", "ultimo_bastione", "--players", "human,random"]
    r = invoke([*args, "--seed", "4"], input="lane 2\nzzz\nend\nq\n")
    assert r.exit_code == 0, r.output
    found = r.stdout.split("Options with 'lane 2':")[1].split("Choose 1-")[0]
    lines = [x.strip() for x in found.strip().splitlines()]
    assert lines and all("lane 2," in x for x in lines)
    first = r.stdout.split("Your options:")[1].split("Choose 1-")[0]
    listed: set[str] = set()  # a card's row: "17 L2 Z1 · 18 L2 Z2"...
    above: list[str] = []
    for row in re.split(r"\n(?=\S)", first.strip()):
        options = re.findall(r"(\d+) (L\d Z\d)", row)
        if "…" in row:  # ...or cut short, its cells those of the row above: "13 L1 Z1 · …"
            options = [(str(int(options[0][0]) + k), cell) for k, cell in enumerate(above)]
        above = [cell for _, cell in options]
        listed |= {n for n, cell in options if cell.startswith("L2 ")}
    assert {x.split(".")[0] for x in lines} == listed
    assert "'zzz' is not a choice" in r.stdout
    assert r.stdout.count("Options with 'end':") == 1  # one option: listed, not taken
    assert "abandoned" in r.stdout


def test_reflow_joins_hand_wrapped_lines_and_keeps_paragraphs_and_items() -> None:
    text = "A rule wrapped\nby hand.\n\nHeading:\n- one item\n  that wraps\n- 2 items\n1. a number"
    assert reflow(text) == (
        "A rule wrapped by hand.\n\nHeading:\n- one item that wraps\n- 2 items\n1. a number"
    )


def test_rules_in_game_wrap_at_the_console_width_only() -> None:
    """The table modes' rules are wrapped by hand in their catalogs; shown at 80 columns
    they must read as whole paragraphs, not break twice."""
    r = invoke(
        ["play", "estro", "--mode", "ultimo_bastione", "--seats", "human,random", "--seed", "3"],
        input="h\nq\n",
        env={"TAVOLO_LANG": "it"},
    )
    lines = r.stdout.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("I Dreamer vincono"))
    assert lines[at + 1].startswith("mazzo Orda finisce") or "mazzo Orda" in lines[at]
    assert "Partita abbandonata dopo 0 mosse." in r.stdout


def test_replay_reads_the_seats_a_file_holds(tmp_path: Path) -> None:
    # a replay's meta is free-form: seats as play writes them, as a line, or nonsense
    save = tmp_path / "g.json"
    invoke(["play", "tricks", "--seats", "random,greedy", "--seed", "5", "--save", str(save)])
    data = json.loads(save.read_text())
    for seats, shown in (
        (["random", "greedy"], "Player 2 (greedy)"),
        ("random,greedy", "Player 2 (greedy)"),
        (5, "Player 2 "),  # was a TypeError
        ({"a": 1}, "Player 2 "),
    ):
        data["meta"]["seats"] = seats
        save.write_text(json.dumps(data))
        r = invoke(["replay", str(save)])
        assert r.exit_code == 0 and "Traceback" not in r.output, r.output
        assert shown in r.stdout


def test_a_choice_of_one_is_taken_and_said_not_asked() -> None:
    # Platformer asked "1. leave the special die" about one time in five
    r = invoke(["play", "platformer", "--seats", "human,random", "--seed", "1"], input="1\n" * 2000)
    assert r.exit_code == 0, r.output
    assert "Choose 1-1 " not in r.stdout and "Game over" in r.stdout
    assert "Player 1: your only choice, taken: leave the special die" in r.stdout
    assert "Player 2 (random): your only choice" not in r.stdout  # an AI's is no news
    args = ["play", "platformer", "--seats", "human,random", "--seed", "1", "--lang", "it"]
    r = invoke(args, input="1\n" * 2000)
    assert "Giocatore 1: unica scelta possibile, presa: " in r.stdout
