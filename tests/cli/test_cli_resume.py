"""A game is never lost to a 'q', a closed input or Ctrl-C: it is kept (``--save FILE``,
else in the profile's ``unfinished/`` folder) and ``tavolo resume FILE`` goes on with it."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path
from typing import Any

import pytest

from tavolo.cli import play
from tavolo.engine.replay import Replay

from . import assert_one_line_error, invoke

SEATS = ["--seats", "human,random", "--seed", "5", "-o", "hand=4"]  # asked but at the last card


def kept(home: Path) -> list[Path]:
    return sorted((home / "unfinished").glob("*.json"))


def flat(text: str) -> str:
    """The text with its lines joined: a long path wraps wherever the terminal ends."""
    return " ".join(text.split())


def moves(path: Path) -> list[str]:
    return list(json.loads(path.read_text(encoding="utf-8"))["actions"])


def test_a_game_left_without_save_is_kept_with_the_command_that_resumes_it() -> None:
    home = Path(os.environ["TAVOLO_HOME"])
    r = invoke(["play", "tricks", *SEATS], input="1\nq\n")
    assert r.exit_code == 0, r.output
    (path,) = kept(home)
    assert path.name.startswith("tricks-")
    out = flat(r.stdout)
    assert f"Unfinished game kept in {path}." in out
    assert f"To continue it: tavolo resume {path}" in out
    assert len(moves(path)) >= 1
    invoke(["play", "tricks", *SEATS], input="1\nq\n")
    assert len(kept(home)) == 2  # a second one never overwrites the first


def test_a_game_left_before_any_move_is_not_kept() -> None:
    home = Path(os.environ["TAVOLO_HOME"])
    r = invoke(["play", "tricks", *SEATS], input="q\n")
    assert r.exit_code == 0 and "Game abandoned after 0 moves." in r.stdout
    assert kept(home) == [] and "tavolo resume" not in r.stdout


def test_a_finished_game_without_save_leaves_nothing() -> None:
    home = Path(os.environ["TAVOLO_HOME"])
    r = invoke(["play", "tricks", "--seats", "random,random", "--seed", "5"])
    assert r.exit_code == 0 and kept(home) == [] and "tavolo resume" not in r.stdout


def test_resume_goes_on_where_the_game_stopped(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    r = invoke(["play", "tricks", *SEATS, "--save", str(save)], input="1\nq\n")
    assert f"To continue it: tavolo resume {save}" in flat(r.stdout)
    before = moves(save)
    r = invoke(["resume", str(save)], input="1\nq\n")
    assert r.exit_code == 0, r.output
    assert f"Resuming the game of {save} after {len(before)} moves." in flat(r.stdout)
    assert "Player 1: your turn" in r.stdout  # the same seats: a person, then random
    after = moves(save)
    assert after[: len(before)] == before and len(after) > len(before)  # brought up to date
    assert json.loads(save.read_text())["meta"]["seats"] == ["human", "random"]
    r = invoke(["resume", str(save)], input="1\n" * 20)
    assert r.exit_code == 0 and "Game over" in r.stdout
    assert "tavolo resume" not in r.stdout
    game, state, _ = Replay.load(save).play()  # the whole game, start to end
    assert game.is_over(state)


def test_resume_with_other_seats_and_another_file(tmp_path: Path) -> None:
    save, other = tmp_path / "g.json", tmp_path / "other.json"
    invoke(["play", "tricks", *SEATS, "--save", str(save)], input="1\nq\n")
    before = save.read_text()
    args = ["resume", str(save), "--seats", "random,mcts:20", "--save", str(other)]
    r = invoke(args)
    assert r.exit_code == 0, r.output
    assert "Player 1 (random)" in r.stdout and "Game over" in r.stdout
    assert save.read_text() == before  # --save wrote elsewhere
    assert json.loads(other.read_text())["meta"]["seats"] == ["random", "mcts:20"]
    again = [*args[:-1], str(tmp_path / "again.json")]  # (other.json is never written over)
    assert invoke(again).stdout.replace("again.json", "other.json") == r.stdout  # reproducible


@pytest.mark.parametrize(
    ("extra", "needle"),
    [
        (["--seats", "random"], "1 seat given for 2 players"),
        (["--seats", "robot,random"], "unknown agent 'robot'"),
        (["--seats", ","], "--seats"),
    ],
)
def test_resume_refuses_wrong_seats_in_one_line(
    tmp_path: Path, extra: list[str], needle: str
) -> None:
    save = tmp_path / "g.json"
    invoke(["play", "tricks", *SEATS, "--save", str(save)], input="1\nq\n")
    before = save.read_text()
    line = assert_one_line_error(invoke(["resume", str(save), *extra]))
    assert needle in line
    assert save.read_text() == before


def test_resume_refuses_a_finished_game_a_missing_file_and_a_bad_one(tmp_path: Path) -> None:
    done = tmp_path / "done.json"
    invoke(["play", "tricks", "--seats", "random,random", "--seed", "5", "--save", str(done)])
    line = assert_one_line_error(invoke(["resume", str(done)]))
    assert line == f"error: {done}: this game is over; 'tavolo replay' tells it move by move"
    line = assert_one_line_error(invoke(["--lang", "it", "resume", str(done)]), "errore: ")
    assert "questa partita è finita" in line
    assert "no such file" in assert_one_line_error(invoke(["resume", str(tmp_path / "x.json")]))
    bad = tmp_path / "bad.json"
    data: dict[str, Any] = json.loads(done.read_text())
    data["actions"] = ["play:nonsense"]
    bad.write_text(json.dumps(data))
    assert "play:nonsense" in assert_one_line_error(invoke(["resume", str(bad)]))


def test_resume_in_italian(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    r = invoke(["--lang", "it", "play", "tricks", *SEATS, "--save", str(save)], input="1\nq\n")
    assert "Per continuarla: tavolo resume" in flat(r.stdout)
    r = invoke(["--lang", "it", "resume", str(save)], input="q\n")
    assert r.exit_code == 0 and "Si riprende la partita di" in flat(r.stdout)
    assert "Partita abbandonata dopo" in flat(r.stdout)


def test_ctrl_c_keeps_the_game_and_exits_130(monkeypatch: pytest.MonkeyPatch) -> None:
    home = Path(os.environ["TAVOLO_HOME"])
    turns = 0
    agent_turn = play.Table.agent_turn

    def interrupted(self: play.Table, d: Any) -> str:
        nonlocal turns
        turns += 1
        if turns == 3:
            raise KeyboardInterrupt
        return agent_turn(self, d)

    monkeypatch.setattr(play.Table, "agent_turn", interrupted)
    r = invoke(["play", "tricks", "--seats", "random,random", "--seed", "5"])
    assert r.exit_code == 130, r.output
    assert "Interrupted: game abandoned after 2 moves." in flat(r.stdout)
    (path,) = kept(home)
    assert len(moves(path)) == 2 and "Traceback" not in r.output


def test_resume_alone_lists_the_unfinished_games_newest_first() -> None:
    home = Path(os.environ["TAVOLO_HOME"])
    r = invoke(["resume"])
    assert r.exit_code == 0 and flat(r.stdout) == (
        f"No unfinished game is kept in {home / 'unfinished'}."
    )
    invoke(["play", "tricks", *SEATS], input="1\n1\nq\n")
    invoke(["play", "tricks", *SEATS], input="1\nq\n")
    first, second = sorted(kept(home), key=lambda p: len(moves(p)), reverse=True)
    noon = 946_728_000  # 2000-01-01 12:00 UTC: that date from UTC-11 to UTC+11
    os.utime(first, (noon, noon))  # the older of the two
    (home / "unfinished" / "junk.json").write_text("{}")  # not a replay: left out
    r = invoke(["resume"])
    assert r.exit_code == 0
    lines = flat(r.stdout).split("tavolo resume ")
    assert lines[0].startswith(f"Unfinished games kept in {home / 'unfinished'}, newest first")
    assert [line.split()[0] for line in lines[1:]] == [str(second), str(first)]
    assert f"# tricks, {len(moves(first))} moves, 2000-01-01" in flat(r.stdout)
    invoke(["resume", str(first), "--seats", "random,random"])  # now finished: not listed
    r = invoke(["--lang", "it", "resume"])
    assert "dalla più recente" in flat(r.stdout) and str(first) not in flat(r.stdout)
    assert f"tavolo resume {second} # tricks, {len(moves(second))} mosse" in flat(r.stdout)


def test_replay_of_an_unfinished_game_ends_with_how_to_resume_it(tmp_path: Path) -> None:
    save, done = tmp_path / "g.json", tmp_path / "done.json"
    invoke(["play", "tricks", *SEATS, "--save", str(save)], input="1\nq\n")
    r = invoke(["replay", str(save)])
    assert r.exit_code == 0, r.output
    assert flat(r.stdout).endswith(
        f"before the end of the game. To continue it: tavolo resume {save}"
    )
    invoke(["play", "tricks", "--seats", "random,random", "--seed", "5", "--save", str(done)])
    assert "tavolo resume" not in invoke(["replay", str(done)]).stdout


def test_a_save_that_cannot_be_written_keeps_the_game_and_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = Path(os.environ["TAVOLO_HOME"])
    full = tmp_path / "full.json"
    save = Replay.save

    def disk_full(self: Replay, path: str | Path) -> None:
        if Path(path) == full:
            raise OSError(errno.ENOSPC, "No space left on device")
        save(self, path)

    monkeypatch.setattr(Replay, "save", disk_full)
    r = invoke(["play", "tricks", "--seats", "random,random", "--seed", "5", "--save", str(full)])
    line = assert_one_line_error(r)
    assert line == f"error: {full}: the game could not be saved there: No space left on device"
    (path,) = kept(home)
    assert f"The game is kept in {path} instead." in flat(r.stdout)
    game, state, _ = Replay.load(path).play()
    assert game.is_over(state) and "tavolo resume" not in r.stdout  # a whole game, kept
    r = invoke(["--lang", "it", "play", "tricks", *SEATS, "--save", str(full)], input="q\n")
    assert "non c'è più spazio sul disco" in r.stderr
    assert "Per continuarla: tavolo resume" in flat(r.stdout) and len(kept(home)) == 2


@pytest.mark.parametrize(
    ("seats", "shown"),
    [
        ("random,mcts:20,depth=0", "Player 2 (mcts:20,depth=0)"),  # a line written by hand
        (["random", "mcts:20,depth=0"], "Player 2 (mcts:20,depth=0)"),
        (5, "Player 2 (mcts)"),  # nonsense: the seats of `tavolo play`, a person first
        (None, "Player 2 (mcts)"),
    ],
)
def test_resume_reads_the_seats_a_file_holds(tmp_path: Path, seats: Any, shown: str) -> None:
    save = tmp_path / "g.json"
    invoke(["play", "tricks", *SEATS, "--save", str(save)], input="1\nq\n")
    data = json.loads(save.read_text())
    data["meta"]["seats"] = seats
    save.write_text(json.dumps(data))
    r = invoke(["resume", str(save)], input="1\n" * 10)
    assert r.exit_code == 0 and "Traceback" not in r.output, r.output
    assert shown in r.stdout and "Game over" in r.stdout
