"""The solver's three answers on positions whose answer is known independently."""

from __future__ import annotations

import re

import pytest

import patience
from patience import native
from patience.engine.state import State
from patience.solver.hint import Hinter
from tests.decks import stack
from tests.solver.helpers import brute_force_wins, star_last_round


def test_fresh_order_decks_are_won_and_the_line_replays() -> None:
    """Fresh order: Sun's arcs come out ace to king suit by suit (SUN-4), Star's reserve
    holds each suit in order above its base (STR-2), so both are trivially won."""
    for game_id, decks in (("sun", 2), ("star", 1)):
        state = patience.get_game(game_id).new(deck=stack([], decks=decks))
        result = patience.solve(state, max_nodes=20_000)
        assert result.outcome == "won"
        replay = state.copy()
        for move in result.moves:
            replay.play(move)
        assert replay.status == "won"
        assert state.moves_played == 0  # the caller's state is untouched


@pytest.mark.parametrize(("deal", "draws"), [(3, 10), (6, 0), (12, 10), (23, 0), (24, 0)])
def test_lost_only_when_brute_force_agrees(deal: int, draws: int) -> None:
    """STR-7: a Star deal drawn through two rounds unplayed; the last round is searched
    exhaustively by the solver and by a plain search with no pruning at all."""
    state = star_last_round(deal, draws)
    expected = brute_force_wins(state, limit=30_000)
    result = patience.solve(state, max_nodes=100_000)
    assert result.outcome == ("won" if expected else "lost")
    assert result.outcome == "lost"  # these positions are known losses; keeps the test honest


def test_won_results_replay_on_real_deals() -> None:
    for game_id in ("sun", "star"):
        game = patience.get_game(game_id)
        wins = 0
        for deal in range(1, 13):
            state = game.new(deal=deal)
            before = state.to_dict()
            result = patience.solve(state, max_nodes=20_000, max_seconds=60)
            assert state.to_dict() == before
            if result.outcome == "won":
                wins += 1
                replay = game.new(deal=deal)
                for move in result.moves:
                    replay.play(move)
                assert replay.status == "won"
            else:
                assert result.moves == []
        assert wins > 0


def test_budget_gives_unknown_not_lost() -> None:
    state = patience.get_game("sun").new(deal=1)
    result = patience.solve(state, max_nodes=50)
    assert result.outcome == "unknown" and result.nodes == 50 and result.moves == []


BAD_BUDGETS = [
    ({"max_nodes": -1}, "node budget is from 0 to 9223372036854775807, not -1"),
    ({"max_nodes": 2**63}, "not 9223372036854775808"),
    ({"max_nodes": 2**64}, "not 18446744073709551616"),
    ({"max_nodes": 10.5}, "node budget must be a whole number, not 10.5"),
    ({"max_nodes": True}, "node budget must be a whole number"),
    ({"max_seconds": float("nan")}, "at least 0, not nan"),
    ({"max_seconds": float("inf")}, "at least 0, not inf"),
    ({"max_seconds": -0.5}, "at least 0, not -0.5"),
    ({"max_seconds": "1"}, "must be a number of seconds"),
]


@pytest.mark.parametrize("budget,words", BAD_BUDGETS)
def test_a_budget_the_search_cannot_take_is_refused_in_words(budget: dict[str, object],
                                                              words: str) -> None:
    state = patience.get_game("sun").new(deal=1)
    asks = [lambda: patience.solve(state, **budget),  # type: ignore[arg-type]
            lambda: patience.hint(state, **budget),  # type: ignore[arg-type]
            lambda: Hinter().hint(state, **budget),  # type: ignore[arg-type]
            lambda: Hinter().quick(state, **budget),  # type: ignore[arg-type]
            lambda: native.solve(state, **{"max_nodes": 10, "max_seconds": 1.0, **budget})]
    for ask in asks:
        with pytest.raises(ValueError, match=re.escape(words)):
            ask()


def test_the_budgets_bounds_are_taken() -> None:
    state = patience.get_game("sun").new(deal=1)
    assert patience.solve(state, max_nodes=0).outcome == "unknown"
    assert patience.solve(state, max_nodes=50, max_seconds=0).outcome == "unknown"
    huge = patience.solve(state, max_nodes=2**63 - 1, max_seconds=0.01)
    assert huge.outcome in ("won", "lost", "unknown")
    asked = Hinter()
    for _ in range(2):  # asked again, the budgets grow but stay within the bounds
        assert asked.hint(state, max_nodes=2**63 - 1, max_seconds=0.01).status in (
            "move", "lost", "unknown")


def test_already_won_and_midgame_states() -> None:
    state = patience.get_game("star").new(deck=stack([]))
    line = patience.solve(state).moves
    for move in line[:40]:
        state.play(move)
    rest = patience.solve(state)
    assert rest.outcome == "won" and len(rest.moves) == len(line) - 40
    for move in rest.moves:
        state.play(move)
    done = patience.solve(state)
    assert done.outcome == "won" and done.moves == [] and done.nodes == 0


def _sun_with_transfer_memory() -> State:
    """A Sun position whose repetition memory is not empty: a transfer was just made."""
    state = patience.get_game("sun").new(deck=stack([], decks=2))
    for move in patience.solve(state).moves:
        transfers = [m for m in state.legal_raw() if m[3]]
        if transfers:
            state.play_raw(transfers[0])
            return state
        state.play(move)
    raise AssertionError("no transfer became legal on the way")


def test_start_memory_stays_forbidden() -> None:
    """Shared rules: the transfer back would recreate the position before it; the solver's
    line is replayed through play(), which refuses any move the memory forbids."""
    state = _sun_with_transfer_memory()
    result = patience.solve(state, max_nodes=50_000)
    assert result.outcome == "won"
    replay = state.copy()
    for move in result.moves:
        replay.play(move)
    assert replay.status == "won"


def test_hint_never_says_lost_when_the_solver_wins() -> None:
    for game_id in ("sun", "star"):
        game = patience.get_game(game_id)
        for deal in range(1, 9):
            state = game.new(deal=deal)
            solved = patience.solve(state, max_nodes=10_000)
            advice = patience.hint(state, max_nodes=10_000)
            if solved.outcome == "won":
                assert advice.status == "move" and advice.move == solved.moves[0]
                state.play(advice.move)  # the hinted move is legal
            assert advice.status != "lost" or solved.outcome == "lost"


def test_hint_on_a_lost_position_says_lost() -> None:
    advice = patience.hint(star_last_round(6))
    assert advice.status == "lost" and advice.move is None and "searched" in advice.message


def test_hint_unknown_when_budget_spent() -> None:
    advice = patience.hint(patience.get_game("sun").new(deal=1), max_nodes=10)
    assert advice.status == "unknown" and advice.move is None


def test_star_cells_are_interchangeable_for_the_solver() -> None:
    """STR-4/STR-5: two deals that differ only in which cell holds which card are the
    same position up to symmetry, and have the same answer."""
    first = ["AS", "AH", "AD", "AC", "5S", "9H", "2D", "JC"]
    swapped = ["AS", "AH", "AD", "AC", "JC", "2D", "9H", "5S"]
    star = patience.get_game("star")
    a, b = star.new(deck=stack(first)), star.new(deck=stack(swapped))
    assert a.key() != b.key()
    assert a.rules.solver_key(a) == b.rules.solver_key(b)
    assert patience.solve(a).outcome == patience.solve(b).outcome
    sun = patience.get_game("sun").new(deal=1)
    assert sun.rules.solver_key(sun) == sun.key()  # the default: no symmetry claimed
