"""An undecided hint still offers a move: the practical player's choice, named a guess.

A hint is "move" only with a winning line behind it and "lost" only with a proof; when the
search runs out of budget the player is offered what the practical player
(``solver/practical.py``, which sees only face-up cards) would play, never as a proved move.
"""

from __future__ import annotations

import importlib

import pytest

import patience
from patience.solver import Hinter, SolveResult, hint
from patience.solver.practical import next_move

hint_module = importlib.import_module("patience.solver.hint")  # the module, not the function


@pytest.mark.parametrize("game_id", [g.id for g in patience.list_games()])
def test_an_undecided_position_offers_the_practical_move(game_id: str) -> None:
    # one position searched: undecided, unless the deal is lost at sight (some Rainbow deals)
    state, found = next((s, f) for s in (patience.get_game(game_id).new(deal=d)
                                         for d in range(1, 20))
                        if (f := hint(s, max_nodes=1, max_seconds=0.5)).status != "lost")
    assert found.status == "unknown" and found.move is None
    assert found.guess is not None and found.guess in state.legal_moves()
    assert found.guess == next_move(state)
    assert "may still be winnable" in found.message


def test_the_hinter_keeps_the_guess_when_it_asks_to_search_longer() -> None:
    state = patience.get_game("shah").new(deal=3)
    found = Hinter().hint(state, max_nodes=1, max_seconds=0.5)
    assert found.status == "unknown" and "ask again" in found.message
    assert found.guess == next_move(state)


@pytest.mark.parametrize("outcome", ["won", "lost"])
def test_a_decided_position_offers_no_guess(outcome: str,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    state = patience.get_game("clock").new(deal=2)
    line = [state.legal_moves()[0]] if outcome == "won" else []
    monkeypatch.setattr(hint_module, "solve",
                        lambda s, **_: SolveResult(outcome, line))  # type: ignore[arg-type]
    found = hint(state, max_nodes=1000, max_seconds=1)
    assert found.guess is None
    assert found.status == ("move" if outcome == "won" else "lost")


@pytest.mark.usefixtures("native_search")  # a won line to follow to the end, found fast
def test_a_finished_game_offers_no_guess() -> None:
    state = patience.get_game("clock").new(deal=2)
    assert hint_module.practical_guess(state) is not None
    won = hint(state, max_nodes=200_000, max_seconds=5)
    assert won.status == "move"
    while state.status == "playing":  # follow the winning line to its end
        step = hint(state, max_nodes=200_000, max_seconds=5)
        assert step.move is not None
        state.play(step.move)
    assert state.status == "won" and hint_module.practical_guess(state) is None
