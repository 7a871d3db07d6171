"""`patience play` as a terminal game: red suits, the board redrawn in place with the last
message under it, redo, moves typed in any case, a help example legal in the game at hand,
every board within 80 columns, and hints that follow the line they found."""

from __future__ import annotations

import importlib
import io
import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

import patience
from patience.cli import app
from patience.cli.play import play_loop
from patience.deals import MASK64
from patience.engine.state import State
from patience.text import render

GAMES = [g.id for g in patience.list_games()]
CLEAR = "\x1b[2J\x1b[H"  # what rich writes to redraw the screen from the top
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
runner = CliRunner()


def run(*args: str, stdin: str) -> str:
    result = runner.invoke(app, list(args), input=stdin)
    assert result.exit_code == 0, result.output
    return result.stdout


def on_a_terminal(state: State, typed: list[str]) -> str:
    """Play ``typed`` on a table that believes it is a colour terminal; its whole output."""
    out = io.StringIO()
    console = Console(file=out, force_terminal=True, color_system="standard", width=80)
    lines: Iterator[str] = iter(typed)

    def read(prompt: str) -> str:
        out.write(prompt)
        return next(lines)

    play_loop(state, console=console, read=read)
    return out.getvalue()


def frames(output: str) -> list[str]:
    """Each screen drawn, without colour codes: the first is the opening board."""
    return [ANSI.sub("", frame) for frame in output.split(CLEAR)[1:]]


def test_hearts_and_diamonds_are_red_on_a_colour_terminal_and_plain_in_a_pipe() -> None:
    state = patience.get_game("blockade").new(deal=1)
    shown = [cards[-1] for pid, cards in state.to_dict()["piles"].items()
             if pid.startswith("col")]
    red = [card for card in shown if card[1] in "HD"]
    black = [card for card in shown if card[1] in "SC"]
    assert red and black
    output = on_a_terminal(state, ["q"])
    for card in red:
        assert f"\x1b[31m{card}\x1b[0m" in output
    for card in black:
        assert f"\x1b[31m{card}" not in output and card in output
    assert "\x1b[" not in run("play", "blockade", "--deal", "1", stdin="q\n")


def test_the_last_message_stays_under_the_board_until_the_next_input() -> None:
    state = patience.get_game("star").new(deal=2)
    first = state.legal_moves()[0]
    opening, refused, redrawn, played = frames(on_a_terminal(state, ["bogus move", "", "1",
                                                                     "q"]))
    assert "illegal:" not in opening
    for screen in (refused, redrawn):  # an empty line redraws and keeps the message
        assert screen.index("base-6") < screen.index("Legal moves:") < screen.index("illegal:")
    assert "illegal:" not in played and f"played: {first}" in played
    assert "moves: 1" in played  # redrawn in place: the board shows the move just played


def test_moves_and_commands_are_read_in_lowercase(tmp_path: Path) -> None:
    state = patience.get_game("sun").new(deal=1)
    move = next(m for m in state.legal_moves() if m.card and m.to_pile != m.to_pile.lower())
    record = tmp_path / "game.json"
    out = run("play", "sun", "--deal", "1", "--save", str(record),
              stdin=f"{str(move).lower()}\nU\n{move.card.lower()}\nQ\n")
    assert f"played: {move}" in out and f"undone: {move}" in out
    assert out.count(f"played: {move}") == 2  # the card alone, typed in lowercase
    assert json.loads(record.read_text())["moves"] == [move.to_dict()]


def test_r_redoes_the_move_undone_and_a_new_move_forgets_it(tmp_path: Path) -> None:
    state = patience.get_game("blockade").new(deal=1)
    first, second = state.legal_moves()[:2]
    record = tmp_path / "game.json"
    out = run("play", "blockade", "--deal", "1", "--save", str(record),
              stdin="r\n1\nu\nr\nq\n")
    assert out.index("nothing to redo") < out.index(f"undone: {first}")
    assert f"redone: {first}" in out
    assert json.loads(record.read_text())["moves"] == [first.to_dict()]
    out = run("play", "blockade", "--deal", "1", stdin="1\nu\n2\nr\nq\n")
    assert f"played: {second}" in out and "nothing to redo" in out


@pytest.mark.parametrize("game", GAMES)
def test_the_help_shows_a_move_legal_in_the_position_in_front_of_the_player(game: str) -> None:
    state = patience.get_game(game).new(deal=5)
    legal_at_start = {str(m) for m in state.legal_moves()}
    state.play(state.legal_moves()[0])
    legal_after = {str(m) for m in state.legal_moves()}
    out = run("play", game, "--deal", "5", stdin="?\n1\n?\nq\n")
    examples = re.findall(r"\(for example (\S+)\)", out)
    assert len(examples) == 3  # at the start, for "?", and for "?" after one move
    assert examples[0] in legal_at_start and examples[1] in legal_at_start
    assert examples[2] in legal_after
    on_screen = frames(on_a_terminal(patience.get_game(game).new(deal=5), ["q"]))[0]
    assert re.search(r"such as (\S+)\.", on_screen)[1] in legal_at_start  # type: ignore[index]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("deal", [1, 376, MASK64])
def test_every_board_and_the_whole_screen_fit_80_columns(game: str, deal: int) -> None:
    state = patience.get_game(game).new(deal=deal)
    assert max(len(line) for line in render(state).splitlines()) <= 80
    screen = frames(on_a_terminal(state, ["?", "q"]))[-1]
    assert "for example" in screen
    assert max(len(line) for line in screen.splitlines()) <= 80


@pytest.mark.parametrize("game", GAMES)
def test_boards_stay_within_80_columns_through_a_whole_game(game: str) -> None:
    """Piles grow in play (Rainbow's arc past its 26 places, RBW-1; Clock's packets): the
    picture still fits. Random legal moves, seeded, so a failure can be replayed."""
    state = patience.get_game(game).new(deal=1)
    chooser = random.Random(1)
    while state.status == "playing" and state.moves_played < 400:
        assert max(len(line) for line in render(state).splitlines()) <= 80, state.history()
        state.play(chooser.choice(state.legal_moves()))
    assert max(len(line) for line in render(state).splitlines()) <= 80


def test_h_follows_the_hinted_line_without_a_new_search(monkeypatch: pytest.MonkeyPatch) -> None:
    hint_module = importlib.import_module("patience.solver.hint")  # the module, not hint()
    first = patience.hint(patience.get_game("clock").new(deal=2)).move
    assert first is not None
    searched: list[int] = []
    real = hint_module.solve

    def solve(state: State, **budgets: Any) -> Any:
        searched.append(state.moves_played)
        return real(state, **budgets)

    monkeypatch.setattr(hint_module, "solve", solve)
    out = run("play", "clock", "--deal", "2", stdin=f"h\n{first}\nh\nq\n")
    assert f"hint: play {first}" in out and "winning line found before" in out
    assert set(searched) == {0}  # the second hint came from the line the first one found


def test_h_out_of_budget_offers_the_practical_move_as_a_guess(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from patience import words
    from patience.solver import SolveResult
    from patience.solver.practical import next_move

    hint_module = importlib.import_module("patience.solver.hint")  # the module, not hint()
    monkeypatch.setattr(hint_module, "solve", lambda s, **_: SolveResult("unknown"))
    state = patience.get_game("shah").new(deal=3)
    out = ANSI.sub("", run("play", "shah", "--deal", "3", stdin="h\nq\n"))
    said = words.describe(state, next_move(state))
    assert "may still be winnable" in out
    assert f"a guess, not a proved line: {said}" in " ".join(out.split())
