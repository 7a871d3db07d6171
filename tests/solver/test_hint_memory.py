"""A game's hint memory (``Hinter``): a winning line found once is followed without a new
search, any step off it (another move, an undo before its start) forgets it, a position
proved lost stays lost for the positions played from it, and a position left
undecided is searched longer when asked again."""

from __future__ import annotations

import importlib
import re
from typing import Any

import pytest

import patience
from patience.engine.state import State
from patience.solver import Hinter, SolveResult

# real deals the plain Python search leaves open: decided by the native search
pytestmark = pytest.mark.usefixtures("native_search")

# the module, not the function ``patience.solver.hint`` that shadows it as an attribute
hint_module = importlib.import_module("patience.solver.hint")


def counting(monkeypatch: pytest.MonkeyPatch, answer: Any = None) -> list[float]:
    """Count the searches a hint makes (the seconds each was given); ``answer`` stands in
    for the search when given, else the real one runs."""
    asked: list[float] = []
    real = hint_module.solve

    def solve(state: State, *, max_nodes: int, max_seconds: float) -> SolveResult:
        asked.append(max_seconds)
        if answer is not None:
            return answer(state, max_nodes, max_seconds)
        return real(state, max_nodes=max_nodes, max_seconds=max_seconds)

    monkeypatch.setattr(hint_module, "solve", solve)
    return asked


def clock() -> State:
    return patience.get_game("clock").new(deal=2)  # won by the search in milliseconds


def test_following_the_line_answers_from_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    asked = counting(monkeypatch)
    state, hinter = clock(), Hinter()
    first = hinter.hint(state, max_nodes=200_000, max_seconds=5)
    assert first.status == "move" and first.move is not None
    searched = len(asked)
    for _ in range(30):
        assert first.move is not None
        state.play(first.move)
        if state.status != "playing":
            break
        first = hinter.hint(state, max_nodes=200_000, max_seconds=5)
        assert first.status == "move" and "winning line found before" in first.message
        assert first.move in state.legal_moves()
    assert len(asked) == searched and hinter.searches == 1


def test_a_hint_says_what_its_move_does_and_counts_the_line_down(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The message never names the move (each front end puts the move's words first): a
    proved hint gives the line's length, and the next one along it the moves left."""
    counting(monkeypatch)
    state, hinter = clock(), Hinter()
    first = hinter.hint(state, max_nodes=200_000, max_seconds=5)
    line = re.fullmatch(r"it starts a winning line of (\d+) moves", first.message)
    assert first.status == "move" and first.move is not None and line
    state.play(first.move)
    left = int(line[1]) - 1
    assert hinter.hint(state, max_nodes=200_000, max_seconds=5).message == \
        f"it goes on with the winning line found before ({left} moves to the win)"


def test_followed_to_the_end_the_line_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    counting(monkeypatch)
    state, hinter = clock(), Hinter()
    while state.status == "playing":
        found = hinter.hint(state, max_nodes=200_000, max_seconds=5)
        assert found.move is not None
        state.play(found.move)
    assert state.status == "won" and hinter.searches == 1


def test_another_move_forgets_the_line(monkeypatch: pytest.MonkeyPatch) -> None:
    asked = counting(monkeypatch)
    state, hinter = clock(), Hinter()
    first = hinter.hint(state, max_nodes=200_000, max_seconds=5)
    other = next(m for m in state.legal_moves() if m != first.move)
    state.play(other)
    searched = len(asked)
    hinter.hint(state, max_nodes=200_000, max_seconds=5)
    assert len(asked) > searched and hinter.searches == 2


def test_an_undo_before_the_line_forgets_it(monkeypatch: pytest.MonkeyPatch) -> None:
    asked = counting(monkeypatch)
    state, hinter = clock(), Hinter()
    state.play(state.legal_moves()[0])
    found = hinter.hint(state, max_nodes=200_000, max_seconds=5)
    assert found.move is not None
    state.play(found.move)
    state.undo()  # back on the line's start: still on it
    assert hinter.hint(state, max_nodes=200_000, max_seconds=5).move == found.move
    assert hinter.searches == 1
    state.undo()  # before its start
    searched = len(asked)
    hinter.hint(state, max_nodes=200_000, max_seconds=5)
    assert len(asked) > searched and hinter.searches == 2


def test_a_position_proved_lost_stays_lost(monkeypatch: pytest.MonkeyPatch) -> None:
    asked = counting(monkeypatch, lambda s, n, t: SolveResult("lost"))
    state, hinter = clock(), Hinter()
    state.play(state.legal_moves()[0])
    assert hinter.hint(state, max_nodes=1000, max_seconds=1).status == "lost"
    assert len(asked) == 1
    state.play(state.legal_moves()[0])
    later = hinter.hint(state, max_nodes=1000, max_seconds=1)
    assert later.status == "lost" and len(asked) == 1  # from memory
    state.undo()
    state.undo()  # before the position proved lost: nothing is known there
    hinter.hint(state, max_nodes=1000, max_seconds=1)
    assert len(asked) == 2


def test_asked_again_on_an_undecided_position_it_searches_longer(
        monkeypatch: pytest.MonkeyPatch) -> None:
    asked = counting(monkeypatch, lambda s, n, t: SolveResult("unknown", nodes=n))
    state, hinter = clock(), Hinter()
    first = hinter.hint(state, max_nodes=1000, max_seconds=2.0)
    assert first.status == "unknown" and first.move is None and "ask again" in first.message
    again = hinter.hint(state, max_nodes=1000, max_seconds=2.0)
    assert again.status == "unknown" and asked == [2.0, 2.0 * hint_module.AGAIN]
    state.play(state.legal_moves()[0])  # another position: the usual budget again
    hinter.hint(state, max_nodes=1000, max_seconds=2.0)
    assert asked[-1] == 2.0
    assert hinter.recall(state) is None  # an undecided position is never answered from memory
