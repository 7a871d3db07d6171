"""The ``patience`` command as a user types it: output, JSON, and errors without tracebacks."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest
from typer.testing import CliRunner

import patience
from patience import native
from patience.cli import app
from patience.stats.executors import open_executor

runner = CliRunner()


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_version_is_the_installed_one_and_says_whether_the_native_search_is_built(
        monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run("--version")
    assert code == 0 and out.startswith(f"patience {version('patience')} (native search ")
    assert out.endswith(")\n") and len(out.splitlines()) == 1
    done = subprocess.run([sys.executable, "-m", "patience", "--version"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout == out and done.stderr == ""
    monkeypatch.setattr(native, "built", lambda: False)  # installed without cargo
    code, out, _ = run("--version")
    assert "native search not built" in out and "hints and statistics are slower" in out


def test_the_dask_hint_installs_the_projects_own_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # dask not installed
    with (pytest.raises(ValueError, match=re.escape("pip install -e '.[dask]'")),
          open_executor("dask", 1)):
        pass


def test_games_lists_every_game_and_json_is_data() -> None:
    code, out, _ = run("games")
    assert code == 0 and "sun" in out and "star" in out
    code, out, _ = run("games", "--json")
    rows = json.loads(out)
    assert [r["id"] for r in rows] == [g.id for g in patience.list_games()]
    assert next(r for r in rows if r["id"] == "star")["options"] == {"direction": "first-fit"}


@pytest.mark.parametrize("game", [g.id for g in patience.list_games()])
def test_rules_and_show_for_every_game(game: str) -> None:
    code, out, _ = run("rules", game)
    assert code == 0 and out.startswith("# ") and len(out) > 400
    code, out, _ = run("show", game, "--deal", "4")
    assert code == 0 and "deal 4" in out
    code, out, _ = run("show", game, "--deal", "4", "--json")
    assert json.loads(out) == patience.get_game(game).new(deal=4).to_dict()


@pytest.mark.parametrize("typed,game", [("STAR", "star"), ("open_shop", "open-shop"),
                                        ("Open-Shop", "open-shop"), ("Double_STAR", "double-star")])
def test_a_game_id_is_read_in_any_case_and_with_underscores(typed: str, game: str) -> None:
    code, out, _ = run("rules", typed)
    assert code == 0 and out == run("rules", game)[1]
    code, out, _ = run("show", typed, "--deal", "3", "--json")
    assert code == 0 and json.loads(out)["game"] == game
    code, out, _ = run("solve", typed, "--deal", "3", "--max-nodes", "20", "--json")
    assert code == 0 and json.loads(out)["game"] == game
    code, out, _ = run("play", typed, "--deal", "3", stdin="q\n")
    assert code == 0


def test_stats_reads_a_game_id_as_the_other_commands_do(tmp_path: Path) -> None:
    code, out, _ = run("stats", "Open_Shop", "--deals", "1", "--jobs", "1", "--max-nodes", "20",
                       "--db", str(tmp_path / "r.sqlite3"), "--json")
    assert code == 0 and json.loads(out)["game"] == "open-shop"


def test_show_draws_the_sun_and_the_star() -> None:
    _, sun, _ = run("show", "sun", "--deal", "1")
    assert all(f"ray {i} " in sun for i in range(1, 14)) and "king" in sun  # SUN-1
    _, star, _ = run("show", "star", "--deal", "1")
    lines = star.splitlines()
    top = next(i for i, line in enumerate(lines) if "12 o'clock" in line)
    bottom = next(i for i, line in enumerate(lines) if "6 o'clock" in line)
    assert top < bottom  # 12 o'clock above 6 o'clock
    assert "reserve" in lines[(top + bottom) // 2 + 1] or "reserve" in star


def test_the_toad_pile_can_be_looked_through_and_its_aces_taken_out() -> None:
    """TOD-1, TOD-3: the picture lists the squared pile's cards with their places counted
    from the top and the aces that may be taken out; `patience play` lists each extraction
    with that place, and a card typed alone takes it out."""
    _, out, _ = run("show", "toad", "--deal", "376")
    shown = " ".join(out.split())
    assert "[13]A♠ [12]4♠" in shown and "[2]A♥ [1]5♦" in shown
    assert "any of: A♠ (thirteenth from the top), A♥ (second from the top)." in shown
    code, out, _ = run("play", "toad", "--deal", "376", stdin="as\nq\n")
    assert code == 0
    assert "A♥ from the toad pile (second from the top) to foundation 1" in out
    assert "played: A♠ from the toad pile (thirteenth from the top) to foundation 1" in out
    assert "Ace extraction: used" in out


def test_show_with_option_and_bad_option() -> None:
    code, out, _ = run("show", "star", "-o", "direction=free", "--json")
    assert code == 0 and json.loads(out)["options"] == {"direction": "free"}
    code, _, err = run("show", "star", "-o", "direction=sideways")
    assert code == 2 and "direction cannot be" in err
    code, _, err = run("show", "star", "-o", "speed=3")
    assert code == 2 and "no option 'speed'" in err
    code, _, err = run("show", "moon")
    assert code == 2 and "no game 'moon'" in err


def test_play_in_the_terminal_numbers_undo_actions_and_quit(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    code, out, _ = run("play", "star", "--deal", "2", "-o", "direction=free", "--save",
                       str(record), stdin="draw\nu\nu\n1\n99\nbogus move\nq\n")
    assert code == 0
    assert "played: Draw a card" in out and "undone: Draw a card" in out  # STR-6
    assert "nothing to undo" in out
    assert "there is no move 99" in out and "'bogus move' is not a move here" in out
    first = patience.get_game("star").new(deal=2, direction="free").legal_moves()[0]
    assert json.loads(record.read_text())["moves"] == [first.to_dict()]


@pytest.mark.parametrize("game", [g.id for g in patience.list_games()])
def test_a_whole_game_played_to_the_end_in_the_terminal(game: str) -> None:
    state = patience.get_game(game).new(deal=3)
    typed = []
    while state.status == "playing":  # always the first listed move, as a person might
        typed.append("1")
        state.play(state.legal_moves()[0])
    code, out, _ = run("play", game, "--deal", "3", stdin="\n".join(typed) + "\n")
    assert code == 0
    assert ("You won!" if state.status == "won" else "the game is lost") in out
    assert f"({len(typed)} moves)" in out


def test_replay_validates_a_record_and_refuses_a_corrupt_one(tmp_path: Path) -> None:
    state = patience.get_game("sun").new(deal=8)
    for _ in range(6):
        state.play(state.legal_moves()[0])
    good = tmp_path / "good.json"
    good.write_text(json.dumps(state.record()))
    code, out, _ = run("replay", str(good))
    assert code == 0 and "record is valid: 6 moves, playing" in out
    code, out, _ = run("replay", str(good), "--json")
    assert json.loads(out)["state"] == state.to_dict()
    bad = state.record()
    bad["moves"][2] = {"from": "ray1", "to": "king-C", "card": "2H"}
    broken = tmp_path / "bad.json"
    broken.write_text(json.dumps(bad))
    code, _, err = run("replay", str(broken))
    assert code == 2  # said in words: no pile id, no notation
    assert err == "patience: move 3 (2♥ from ray 1 to the clubs' king pile): 2♥ is not in ray 1\n"
    (tmp_path / "junk.json").write_text("[1, 2")
    code, _, err = run("replay", str(tmp_path / "junk.json"))
    assert code == 2 and "not a JSON game record" in err


def test_the_installed_command_reports_errors_without_a_traceback() -> None:
    src = str(Path(patience.__file__).parent.parent)
    result = subprocess.run([sys.executable, "-m", "patience", "show", "moon"],
                            capture_output=True, text=True, check=False,
                            env={**os.environ, "PYTHONPATH": src})
    assert result.returncode == 2
    assert result.stderr.startswith("patience: no game 'moon'") and "Traceback" not in result.stderr
    assert result.stderr.count("\n") == 1
