"""Every bad argument, file or record gets one line on stderr and exit code 2: no box, no
traceback. A game played with --save is kept move by move; a killed ``stats`` leaves no
worker behind."""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

import patience
from patience.cli import app
from tests.storage_files import damaged_copies, read_only

runner = CliRunner()
SRC = str(Path(patience.__file__).parent.parent)
ENV = {**os.environ, "PYTHONPATH": SRC}
BIG = "9" * 5000


def one_line(*args: str, stdin: str | None = None) -> str:
    result = runner.invoke(app, list(args), input=stdin)
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("patience: ") and result.stderr.count("\n") == 1, \
        result.stderr
    assert "Traceback" not in result.output and "╭" not in result.output
    return result.stderr


@pytest.mark.parametrize("args,words", [
    (["show", "sun", "--deal", "abc"], "'abc' is not a deal number"),
    (["show", "sun", "--deal", "-1"], "not -1"),
    (["show", "sun", "--deal", str(2**64)], "from 0 to 18446744073709551615"),
    (["show", "sun", "--deal", BIG], "is not a deal number"),
    (["play", "sun", "--deal", "1.5"], "is not a deal number"),
    (["solve", "sun", "--deal", "1", "--max-seconds", "-1"], "not a positive number"),
    (["solve", "sun", "--deal", "1", "--max-seconds", "0"], "not a positive number"),
    (["solve", "sun", "--deal", "1", "--max-seconds", "nan"], "not a positive number"),
    (["solve", "sun", "--deal", "1", "--max-seconds", "inf"], "not a positive number"),
    (["solve", "sun", "--deal", "1", "--max-nodes", "-5"], "from 1 to 9223372036854775807, not -5"),
    (["solve", "sun", "--deal", "1", "--max-nodes", "99999999999999999999999"],
     "a node budget is from 1 to 9223372036854775807"),
    (["stats", "star", "--deals", "5", "--max-nodes", str(2**64)],
     "not 18446744073709551616"),
    (["stats", "star", "--deals", "5", "--max-seconds", "nan"], "not a positive number"),
    (["stats", "star", "--deals", "5", "--max-seconds", "-2"], "not a positive number"),
    (["stats", "star", "--deals", "5", "--max-seconds", "inf"], "not a positive number"),
    (["analyse", "game.json", "--samples", "0"], "at least 1, not 0"),
    (["analyse", "game.json", "--jobs", "0"], "at least 1, not 0"),
    (["stats", "sun", "--deals", "2", "--player", "peeking"], "--player must be"),
    (["solve", "sun"], "Missing option '--deal'"),
    (["stats", "sun", "--deals", "0"], "at least 1, not 0"),
    (["stats", "sun", "--deals", "2", "--jobs", "0"], "at least 1, not 0"),
    (["stats", "sun", "--deals", "3", "--start", str(2**64 - 2)], "room for 2 deals"),
    (["stats", "sun", "--deals", "2", "--backend", "mpi"], "--backend must be"),
    (["stats", "sun", "--deals", "2", "--scheduler", "tcp://localhost:8786"],
     "--scheduler names a dask scheduler: give it with --backend dask"),
    (["stats", "sun", "--deals", "2", "--backend", "process", "--scheduler", "tcp://h:1"],
     "give it with --backend dask"),
    (["serve", "--port", "99999"], "a port number is from 1 to 65535"),
    (["serve", "--port", "-1"], "not -1"),
    (["show"], "Missing argument"),
    (["show", "moon"], "no game 'moon'"),
    (["show", "Open Shop"], "no game 'Open Shop'"),
    (["stats", "MOON", "--deals", "1"], "no game 'MOON'"),
    (["show", "sun", "--dela", "3"], "No such option: --dela"),
    (["fly"], "No such command 'fly'"),
    (["replay", "/no/such/record.json"], "cannot read"),
])
def test_a_bad_argument_is_one_line_and_exit_2(args: list[str], words: str) -> None:
    line = one_line(*args)
    assert words in line and len(line) < 300


def test_the_installed_command_says_the_same_in_one_line() -> None:
    result = subprocess.run([sys.executable, "-m", "patience", "show", "sun", "--deal", "abc"],
                            capture_output=True, text=True, check=False, env=ENV)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith("patience: Invalid value for '--deal'")
    assert result.stderr.count("\n") == 1


@pytest.mark.parametrize("args", [
    ["solve", "sun", "--deal", "1", "--max-nodes", "99999999999999999999999"],
    ["stats", "sun", "--deals", "2", "--max-nodes", "18446744073709551616"],
    ["solve", "sun", "--deal", "1", "--max-seconds", "nan"],
    ["stats", "sun", "--deals", "2", "--max-seconds", "inf"],
])
def test_a_budget_out_of_range_is_one_line_from_the_installed_command(
        tmp_path: Path, args: list[str]) -> None:
    result = subprocess.run([sys.executable, "-m", "patience", *args], capture_output=True,
                            text=True, check=False, env=ENV, cwd=tmp_path, timeout=120)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith("patience: Invalid value for '--max-")
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert list(tmp_path.iterdir()) == []  # refused before anything was written


@pytest.mark.parametrize("text,words", [
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ('{"game": ["sun"], "deal": 1, "moves": []}', "'game' must be a game id"),
    ('{"game": "sun", "deal": ' + BIG + ', "moves": []}', "thousands of digits"),
    ('{"game": "star", "deal": 1, "options": {"deal": 3}, "moves": []}', "no option deal"),
])
def test_replay_of_a_strange_record_is_one_line(tmp_path: Path, text: str, words: str) -> None:
    path = tmp_path / "record.json"
    path.write_text(text)
    assert words in one_line("replay", str(path))


def test_stats_refuses_a_db_that_cannot_serve_in_one_line(tmp_path: Path) -> None:
    for path in damaged_copies(tmp_path).values():
        line = one_line("stats", "sun", "--deals", "2", "--jobs", "1", "--db", str(path))
        assert str(path) in line
    db = tmp_path / "results.sqlite3"
    runner.invoke(app, ["stats", "sun", "--deals", "1", "--jobs", "1", "--max-nodes", "50",
                        "--db", str(db)])
    with read_only(db):
        assert "read-only" in one_line("stats", "sun", "--deals", "2", "--jobs", "1",
                                       "--db", str(db))


def test_stats_makes_no_missing_folder_for_its_database(tmp_path: Path) -> None:
    missing = tmp_path / "no-such-folder" / "deeper"
    line = one_line("stats", "sun", "--deals", "1", "--jobs", "1", "--max-nodes", "50",
                    "--db", str(missing / "r.sqlite3"))
    assert "cannot keep the results in" in line and f"there is no folder {missing}" in line
    assert list(tmp_path.iterdir()) == []
    assert "it is a folder" in one_line("stats", "sun", "--deals", "1", "--db", str(tmp_path))


def test_stats_counts_deals_up_to_the_last_number(tmp_path: Path) -> None:
    args = ["stats", "sun", "--deals", "2", "--start", str(2**64 - 2), "--jobs", "1",
            "--max-nodes", "50", "--db", str(tmp_path / "r.sqlite3"), "--json"]
    first = runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    assert json.loads(first.output)["deals"] == 2
    assert json.loads(runner.invoke(app, args).output) == json.loads(first.output)


# --- play --save ----------------------------------------------------------------------


def test_a_save_path_that_cannot_be_written_is_refused_before_the_first_move(
        tmp_path: Path) -> None:
    result = runner.invoke(app, ["play", "sun", "--deal", "2", "--save",
                                 str(tmp_path / "no-such-folder" / "game.json")], input="1\n")
    assert result.exit_code == 2 and result.stdout == ""
    assert "there is no folder" in result.stderr and result.stderr.count("\n") == 1
    assert "is a folder" in one_line("play", "sun", "--deal", "2", "--save", str(tmp_path),
                                     stdin="1\n")


def test_save_keeps_an_existing_file_unless_forced(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    record.write_text("my notes, not a game")
    line = one_line("play", "sun", "--deal", "2", "--save", str(record), stdin="q\n")
    assert "the file exists" in line and "--force" in line and str(record) in line
    assert record.read_text() == "my notes, not a game"
    forced = runner.invoke(app, ["play", "sun", "--deal", "2", "--save", str(record),
                                 "--force"], input="q\n")
    assert forced.exit_code == 0, forced.output
    assert json.loads(record.read_text())["deal"] == 2


def test_the_record_is_written_after_every_move_and_survives_kill_9(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    proc = subprocess.Popen([sys.executable, "-m", "patience", "play", "star", "--deal", "2",
                             "--save", str(record)], stdin=subprocess.PIPE,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            env=ENV)
    try:
        assert proc.stdin is not None
        _wait_for(lambda: record.exists() and json.loads(record.read_text())["moves"] == [])
        proc.stdin.write("1\n")  # the first listed move
        proc.stdin.flush()
        _wait_for(lambda: len(json.loads(record.read_text())["moves"]) == 1)
    finally:
        proc.kill()
        proc.wait(timeout=30)
    state = patience.replay(json.loads(record.read_text()))
    first = patience.get_game("star").new(deal=2).legal_moves()[0]
    assert [str(m) for m in state.history()] == [str(first)]
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary file left


def _wait_for(condition: object, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if condition():  # type: ignore[operator]
                return
        except (OSError, ValueError, KeyError):
            pass  # not written yet
        time.sleep(0.05)
    raise AssertionError("the condition never held")


# --- stats killed with kill -9 ----------------------------------------------------------


def _children(pid: int) -> set[int]:
    out = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                out.add(int(entry.name))
    return out


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
def test_stats_workers_end_when_the_command_is_killed(tmp_path: Path) -> None:
    proc = subprocess.Popen([sys.executable, "-m", "patience", "stats", "sun", "--deals", "400",
                             "--jobs", "2", "--max-seconds", "20", "--json",
                             "--db", str(tmp_path / "r.sqlite3")],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV)
    workers: set[int] = set()
    try:
        _wait_for(lambda: len(_children(proc.pid)) >= 2)
        workers = _children(proc.pid)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
        _wait_for(lambda: not any(_alive(w) for w in workers), seconds=20)
    finally:
        proc.kill()
        proc.wait(timeout=30)
        for worker in workers:  # what the test started, should it have outlived the test
            with contextlib.suppress(ProcessLookupError):
                os.kill(worker, signal.SIGKILL)


def _stored_deals(db: Path) -> int:
    try:
        with sqlite3.connect(db) as raw:
            return int(raw.execute("SELECT COUNT(*) FROM deal_results").fetchone()[0])
    except sqlite3.Error:
        return 0  # not made yet


def test_ctrl_c_during_stats_says_where_the_results_are_kept_and_exits_130(
        tmp_path: Path) -> None:
    """Ctrl-C reaches the command and its workers alike (the terminal's process group)."""
    db = tmp_path / "r.sqlite3"
    proc = subprocess.Popen([sys.executable, "-m", "patience", "stats", "sun", "--deals", "400",
                             "--jobs", "2", "--max-seconds", "20", "--db", str(db)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV,
                            start_new_session=True)
    try:
        _wait_for(lambda: _stored_deals(db) >= 2, seconds=120)
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
        proc.wait(timeout=30)
    assert proc.returncode == 130 and out.strip() == ""
    assert err.startswith("patience: stopped: the results so far") and err.count("\n") == 1
    assert f"are kept in {db}" in err and "Traceback" not in err
    said = re.search(r"\((\d+) of 400 deals\)", err)
    assert said is not None and 2 <= int(said.group(1)) <= _stored_deals(db) < 400
