"""A page's first hint is a glance (``Hinter.quick``): it answers at once from the memory or
a brief search, and where it decides nothing it offers the guess marked ``deeper``, so the
page can go on to the full search (``Hinter.hint``) while the player sees a move to try."""

from __future__ import annotations

import importlib
from typing import Any

import pytest

import patience
from patience.engine.state import State
from patience.solver import Hinter, SolveResult
from patience.solver.practical import next_move

hint_module = importlib.import_module("patience.solver.hint")  # the module, not the function


@pytest.fixture
def searches(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The node budget of each search a hint runs (the real search answers)."""
    asked: list[int] = []
    real = hint_module.solve

    def solve(state: State, **budgets: Any) -> Any:
        asked.append(budgets["max_nodes"])
        return real(state, **budgets)

    monkeypatch.setattr(hint_module, "solve", solve)
    return asked


@pytest.mark.usefixtures("native_search")  # Clock deal 2 is won in milliseconds natively
def test_a_glance_that_decides_is_a_proved_move_and_is_remembered(
        searches: list[int]) -> None:
    hinter = Hinter()
    state = patience.get_game("clock").new(deal=2)
    found = hinter.quick(state, max_nodes=300_000, max_seconds=2)
    assert found.status == "move" and found.move in state.legal_moves()
    assert not found.deeper and found.guess is None
    assert searches == [300_000]
    state.play(found.move)
    assert hinter.quick(state).status == "move"  # the line found at a glance is followed
    assert searches == [300_000]


def test_a_glance_that_decides_nothing_offers_the_guess_and_asks_for_more(
        searches: list[int]) -> None:
    hinter = Hinter()
    state = patience.get_game("shah").new(deal=3)
    found = hinter.quick(state, max_nodes=1, max_seconds=0.5)
    assert found.status == "unknown" and found.move is None and found.deeper
    assert found.guess == next_move(state)
    # the glance is not the full search: that one is tried at its own budget first
    full = hinter.hint(state, max_nodes=2, max_seconds=0.5)
    assert searches == [1, 2] and "ask again" in full.message and not full.deeper


def test_after_a_full_search_in_vain_the_glance_guesses_without_searching(
        searches: list[int]) -> None:
    hinter = Hinter()
    state = patience.get_game("shah").new(deal=3)
    hinter.hint(state, max_nodes=1, max_seconds=0.5)
    again = hinter.quick(state, max_nodes=1, max_seconds=0.5)
    assert searches == [1]
    assert again.status == "unknown" and again.deeper and again.guess == next_move(state)
    hinter.hint(state, max_nodes=1, max_seconds=0.5)
    assert searches == [1, hint_module.AGAIN]  # asked deep again: searched longer


def test_a_glance_that_proves_a_loss_says_lost_and_keeps_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    state = patience.get_game("clock").new(deal=2)
    monkeypatch.setattr(hint_module, "solve", lambda s, **_: SolveResult("lost", []))
    hinter = Hinter()
    found = hinter.quick(state, max_nodes=10, max_seconds=0.5)
    assert found.status == "lost" and not found.deeper and found.guess is None
    state.play(state.legal_moves()[0])
    monkeypatch.setattr(hint_module, "solve", lambda s, **_: pytest.fail("searched again"))
    assert hinter.quick(state).status == "lost"  # every later position stays lost
