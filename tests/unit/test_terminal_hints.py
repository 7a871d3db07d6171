"""``h`` in ``patience play``: the careful player's move and its chance by default, in the
same words as the page's; with ``--peeking-hints`` the exact hint, labelled as such."""

from __future__ import annotations

import importlib
import re

import pytest
from typer.testing import CliRunner

import patience
from patience import hint_words, words
from patience.cli import app
from patience.solver.careful_hint import careful_hint

play_module = importlib.import_module("patience.cli.play")  # the module, not the command
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
runner = CliRunner()


def run(*args: str, stdin: str) -> str:
    result = runner.invoke(app, list(args), input=stdin)
    assert result.exit_code == 0, result.output
    return " ".join(ANSI.sub("", result.stdout).split())


@pytest.fixture(autouse=True)
def counted(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hints weigh a fixed number of samples, not the clock: the same hint every run."""
    monkeypatch.setattr(play_module, "CAREFUL_SAMPLES", 12)


def test_h_gives_the_careful_players_move_with_its_chance() -> None:
    state = patience.get_game("blockade").new(deal=2)
    found = careful_hint(state, seed=play_module.CAREFUL_SEED, samples=12)
    assert found.kind == "move" and found.move is not None
    said = hint_words.careful_words(found, words.describe(state, found.move))
    number = state.legal_moves().index(found.move) + 1
    out = run("play", "blockade", "--deal", "2", stdin="h\nq\n")
    assert f"hint: {said} Type {number} to play it." in out
    assert re.search(r"hint: From what you can see, about \d deals in 10 still come out", out)
    assert "face-down" not in out.split("hint: ", 1)[1]


def test_h_on_a_forced_move_says_there_is_only_one() -> None:
    out = run("play", "star", "--deal", "3", stdin="h\nq\n")
    assert "hint: There is only one move: Draw a card. Type 1 to play it." in out


def test_peeking_hints_are_labelled() -> None:
    out = run("play", "clock", "--deal", "2", "--peeking-hints", stdin="h\nq\n")
    assert "hint, looking at the face-down cards: play " in out
    assert "From what you can see" not in out


def test_the_help_says_what_a_hint_is_and_how_to_let_it_peek() -> None:
    helped = " ".join(ANSI.sub("", runner.invoke(app, ["play", "--help"]).stdout).split())
    assert "--peeking-hints" in helped and "face-down cards" in helped
    out = run("play", "clock", "--deal", "2", stdin="?\nq\n")
    assert "h gives a hint (the careful player's move and its chance" in out
    assert "start with --peeking-hints to let hints look at the face-down cards" in out
    out = run("play", "clock", "--deal", "2", "--peeking-hints", stdin="?\nq\n")
    assert "h gives a hint that looks at the face-down cards," in out
