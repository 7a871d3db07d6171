"""``patience analyse RECORD`` through typer's CliRunner: words, picture, JSON, errors."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import patience
from patience.cli import app

# real deals the plain Python search leaves open: decided by the native search
pytestmark = pytest.mark.usefixtures("native_search")

runner = CliRunner()
FIXTURE = Path(__file__).parent.parent / "fixtures" / "rainbow-slipped.json"
SLIP_AT = 56  # see tests/solver/test_slip.py


def record_file(tmp_path: Path, moves: int | None = None, **change: object) -> str:
    record = json.loads(FIXTURE.read_text("utf-8"))
    if moves is not None:
        record["moves"] = record["moves"][:moves]
    record.update(change)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    return str(path)


def test_a_slip_is_told_in_words_with_its_position_and_a_winning_line(tmp_path: Path) -> None:
    result = runner.invoke(app, ["analyse", record_file(tmp_path), "--max-seconds", "2"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert f"after {SLIP_AT} moves; move {SLIP_AT + 1}, 7♥ from waste pile 3 to foundation 1, " \
           "lost it" in " ".join(out.split())
    assert f"The position after {SLIP_AT} moves:" in out
    assert f"moves: {SLIP_AT} " in out  # the terminal picture of that position
    assert "A winning line from there (" in out and "  1. " in out
    assert "7H:pile3>found1" not in out and "pile3>" not in out  # no notation for a player
    assert not re.search(r"\b(?:pile|found)\d\b", out)  # nor a pile id, in the picture too


def test_json_gives_a_line_that_wins_from_the_position(tmp_path: Path) -> None:
    path = record_file(tmp_path)
    result = runner.invoke(app, ["analyse", path, "--max-seconds", "2", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["verdict"] == "slipped" and data["position"] == SLIP_AT
    assert data["lost_move"] == "7H:pile3>found1"
    assert len(data["continuation"]) == len(data["continuation_words"]) > 0
    record = json.loads(Path(path).read_text("utf-8"))
    state = patience.replay({**record, "moves": record["moves"][:SLIP_AT]})
    for move in data["continuation"]:
        state.play(move)
    assert state.status == "won"


def test_a_game_stopped_while_winnable_says_stopping_lost_it(tmp_path: Path) -> None:
    result = runner.invoke(app, ["analyse", record_file(tmp_path, moves=SLIP_AT),
                                 "--max-seconds", "2"])
    assert result.exit_code == 0, result.output
    assert "stopping is where it slipped away" in " ".join(result.output.split())
    assert "A winning line from there (" in result.output


def test_a_deal_never_winnable_says_so_without_a_line(tmp_path: Path) -> None:
    path = record_file(tmp_path, moves=0, deal=1)
    result = runner.invoke(app, ["analyse", path, "--max-seconds", "2"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("No winning line ever existed")
    assert "The position" not in result.output
    assert "winning line from there" not in result.output


def test_undecided_positions_are_named(tmp_path: Path) -> None:
    path = record_file(tmp_path, moves=SLIP_AT)
    result = runner.invoke(app, ["analyse", path, "--max-nodes", "1", "--max-solves", "3",
                                 "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["verdict"] == "undecided" and len(data["undecided"]) == 3
    assert "could not decide" in data["story"] and "untried" in data["story"]


@pytest.mark.parametrize("text,words", [
    ("not json", "is not a JSON game record"),
    ('{"game": "rainbow", "deal": 4, "moves": [{"action": "redeal"}]}', "move 1"),
    ('{"game": "moon", "deal": 4, "moves": []}', "no game 'moon'"),
])
def test_a_bad_record_is_one_line_and_exit_2(tmp_path: Path, text: str, words: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    result = runner.invoke(app, ["analyse", str(path)])
    assert result.exit_code == 2
    assert result.stderr.startswith("patience: ") and result.stderr.count("\n") == 1
    assert words in result.stderr and "Traceback" not in result.output


@pytest.mark.parametrize("args,words", [
    (["analyse", "/no/such/record.json"], "cannot read"),
    (["analyse", str(FIXTURE), "--max-seconds", "0"], "not a positive number"),
    (["analyse", str(FIXTURE), "--max-solves", "0"], "at least 1, not 0"),
    (["analyse"], "Missing argument"),
])
def test_bad_arguments_are_one_line_and_exit_2(args: list[str], words: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert words in result.stderr
