"""`patience play` on the classic 80 × 24 terminal: every screen, the prompt included, fits
it, so no pile, card, move or message is ever out of reach; the board and the moves name
cards alike (10♦); and a lost game can still be taken back a move."""

from __future__ import annotations

import importlib
import io
import os
import random
import re
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console

import patience
from patience import words
from patience.cli.play import keys_line, play_loop
from patience.cli.table import frame
from patience.engine.state import State
from patience.text import render

GAMES = [g.id for g in patience.list_games()]
CARD = re.compile(r"(?:10|[A2-9JQK])[♠♥♦♣]")
CODE = re.compile(r"(?<![\w])[A2-9TJQK][SHDC](?![\w])")
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
CLEAR = "\x1b[2J\x1b[H"
LONG_MESSAGE = ("hint: play 2♥ from the inner slot of ray 4 to the hearts foundation 7: it "
                "starts a winning line of 174 moves; type 12 to play it")
SRC = Path(__file__).parent.parent.parent / "src"


def positions(game: str) -> Iterator[State]:
    """Positions along random games (seeded, to replay a failure), the deal's first."""
    for deal in (1, 2, 3):
        state = patience.get_game(game).new(deal=deal)
        chooser = random.Random(deal)
        while state.status == "playing" and state.moves_played < 300:
            if state.moves_played % 7 == 0:
                yield state
            state.play(chooser.choice(state.legal_moves()))
        yield state


@pytest.mark.parametrize("game", GAMES)
def test_every_screen_fits_80_by_24_and_shows_every_card_the_board_shows(game: str) -> None:
    """The prompt has the 24th line; every card the book's picture shows (and the top
    card of every pile not face down) is on the screen, with a long message under it."""
    for state in positions(game):
        said = [words.describe(state, move) for move in state.legal_moves()]
        lines = frame(state, said, LONG_MESSAGE, keys_line(state).splitlines(), 80, 24)
        where = f"{game} {state.history()}"
        assert len(lines) + 1 <= 24, where
        assert max(len(line) for line in lines) <= 80, where
        screen = "\n".join(lines)
        assert not Counter(CARD.findall(render(state))) - Counter(CARD.findall(screen)), where
        data = state.to_dict()
        for pid, codes in data["piles"].items():
            if codes and data["face_down"].get(pid, 0) < len(codes):
                assert words.card_words(codes[-1]) in screen, (where, pid)
        assert LONG_MESSAGE.split()[-1] in screen and "q quit" in screen
        if "type m to list" not in screen:
            assert all(f"{n}) " in screen for n in range(1, len(said) + 1)), where


@pytest.mark.parametrize("game", GAMES)
def test_the_board_names_cards_as_the_moves_do(game: str) -> None:
    for state in positions(game):
        board = render(state) + render(state, compact=True)
        assert not CODE.findall(board), (game, CODE.findall(board))


def test_moves_beyond_the_screen_are_listed_by_m() -> None:
    """Many moves on a small screen: the list says which are left out, and m shows them."""
    state = patience.get_game("open-shop").new(deal=1)
    said = [f"{n}♣ from waste pile 1 to foundation 2 and a long way round" for n in range(2, 10)]
    said *= 4
    lines = frame(state, said, "", keys_line(state).splitlines(), 80, 24)
    assert len(lines) < 24 and any("type m to list them all" in line for line in lines)
    long_message = "\n".join([LONG_MESSAGE] * 6)  # no room for any move: the count only
    lines = frame(state, said, long_message, keys_line(state).splitlines(), 80, 24)
    assert len(lines) < 24 and "32 legal moves: type m to list them" in lines
    out = io.StringIO()
    console = Console(file=out, force_terminal=True, color_system=None, width=80, height=24)
    typed = iter(["m", "", "q"])

    def read(prompt: str) -> str:
        out.write(prompt)
        return next(typed)

    state = patience.get_game("shah").new(deal=2)
    play_loop(state, console=console, read=read)
    listing = ANSI.sub("", out.getvalue().split(CLEAR)[2])
    moves = state.legal_moves()
    assert listing.startswith("Legal moves:")
    for number, move in enumerate(moves, 1):
        assert f"{number}) {words.describe(state, move)}" in listing


def lost_game() -> tuple[State, list[str]]:
    """A game played to its loss by the first listed move each time, and what was typed."""
    for deal in range(1, 50):
        state = patience.get_game("rainbow").new(deal=deal)
        typed = []
        while state.status == "playing":
            typed.append("1")
            state.play(state.legal_moves()[0])
        if state.status == "lost":
            return state, typed
    raise AssertionError("no lost game found")


def test_after_a_loss_the_last_move_can_be_undone(capsys: pytest.CaptureFixture[str]) -> None:
    lost, typed = lost_game()
    last = lost.history()[-1]
    state = patience.get_game("rainbow").new(deal=lost.deal)
    answers = iter([*typed, "1", "u", "q"])
    play_loop(state, read=lambda _: next(answers))
    out = capsys.readouterr().out
    assert "No move is left: the game is lost. u takes back the last move" in out
    assert "there is no move 1: no move is left; u takes back the last move" in out
    assert state.status == "playing" and state.moves_played == len(typed) - 1
    assert f"undone: {words.describe(state, state.to_move(state.resolve(last)))}" in out


def test_a_real_80_by_24_terminal_shows_the_whole_table() -> None:
    """The command itself in a pseudo-terminal of 80 × 24: the screen drawn before the
    prompt, from the board's first line to the prompt, is at most 24 lines."""
    pexpect = pytest.importorskip("pexpect")
    env = {**os.environ, "PYTHONPATH": str(SRC), "TERM": "xterm-256color"}
    env.pop("COLUMNS", None)
    env.pop("LINES", None)
    for game in ("shah", "clock", "sun"):
        child = pexpect.spawn(sys.executable, ["-m", "patience", "play", game, "--deal", "1"],
                              env=env, dimensions=(24, 80), encoding="utf-8", timeout=60)
        child.expect_exact("move> ")
        screen = ANSI.sub("", child.before.split(CLEAR)[-1].replace("\r\n", "\n"))
        assert screen.splitlines()[0].startswith(patience.get_game(game).name), screen
        assert len(screen.splitlines()) + 1 <= 24, screen
        assert "Legal moves:" in screen and "q quit" in screen
        child.sendline("q")
        child.expect(pexpect.EOF)


def test_a_hint_and_its_guess_both_stay_under_the_board(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from patience.solver import SolveResult

    hint_module = importlib.import_module("patience.solver.hint")  # the module
    monkeypatch.setattr(hint_module, "solve", lambda s, **_: SolveResult("unknown"))
    out = io.StringIO()
    console = Console(file=out, force_terminal=True, color_system=None, width=80, height=24)
    typed = iter(["h", "q"])

    def read(prompt: str) -> str:
        out.write(prompt)
        return next(typed)

    play_loop(patience.get_game("shah").new(deal=3), console=console, read=read,
              peeking=True)  # the exact hint: a guess comes with it
    screen = " ".join(ANSI.sub("", out.getvalue().split(CLEAR)[-1]).split())
    assert "may still be winnable" in screen and "a guess, not a proved line:" in screen
