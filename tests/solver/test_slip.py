"""Where did it slip away: the last winnable position of a finished game (solver/slip.py).

The fixture ``rainbow-slipped.json`` is a Rainbow game (deal 4) that follows a winning line
for 56 moves, then plays 7♥ from the third waste pile to the first foundation, after which
no line wins, then goes on for 24 random moves: its slip is at position 56 by construction
(each premise is checked below by solving, which any correct solver answers alike).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import patience
from patience.engine.record import RecordError
from patience.solver import find_slip
from patience.solver.slip import Bounds, Outcome, bisect

# real deals the plain Python search leaves open: decided by the native search
pytestmark = pytest.mark.usefixtures("native_search")

FIXTURE = Path(__file__).parent.parent / "fixtures" / "rainbow-slipped.json"
SLIP_AT, LOSING_MOVE = 56, patience.Move("pile3", "found1", "7H")


@pytest.fixture(scope="module")
def slipped() -> dict[str, Any]:
    record: dict[str, Any] = json.loads(FIXTURE.read_text("utf-8"))
    return record


def position(record: dict[str, Any], index: int) -> patience.State:
    return patience.replay({**record, "moves": record["moves"][:index]})


def wins_from(state: patience.State, line: list[patience.Move]) -> bool:
    check = state.copy()
    for move in line:
        check.play(move)
    return check.status == "won"


def test_the_premises_of_the_fixture_hold(slipped: dict[str, Any]) -> None:
    before, after = position(slipped, SLIP_AT), position(slipped, SLIP_AT + 1)
    assert patience.solve(before, max_seconds=5).outcome == "won"
    assert patience.solve(after, max_seconds=5).outcome == "lost"
    assert patience.Move.from_dict(slipped["moves"][SLIP_AT]) == LOSING_MOVE
    assert patience.replay(slipped).status == "playing"


def test_a_slip_names_the_position_the_move_and_a_winning_line(slipped: dict[str, Any]) -> None:
    slip = find_slip(slipped, max_seconds=2)
    assert slip.verdict == "slipped"
    assert slip.moves_total == len(slipped["moves"])
    assert (slip.position, slip.first_lost) == (SLIP_AT, SLIP_AT + 1)
    assert slip.lost_move == LOSING_MOVE
    assert slip.continuation and slip.continuation[0] != LOSING_MOVE
    assert wins_from(position(slipped, SLIP_AT), slip.continuation)
    assert slip.undecided == () and slip.untried == 0
    assert 1 < slip.solves <= 12  # a binary search over 81 positions, not a scan


def test_a_game_stopped_while_winnable_slipped_by_stopping(slipped: dict[str, Any]) -> None:
    stopped = {**slipped, "moves": slipped["moves"][:SLIP_AT]}
    slip = find_slip(stopped, max_seconds=2)
    assert slip.verdict == "stopped"
    assert slip.position == SLIP_AT and slip.lost_move is None
    assert wins_from(position(slipped, SLIP_AT), slip.continuation)
    assert slip.solves == 1  # the end position first: it answers at once


def test_a_won_game_slipped_nowhere() -> None:
    state = patience.get_game("rainbow").new(deal=4)
    for move in patience.solve(state, max_seconds=5).moves:
        state.play(move)
    assert state.status == "won"
    slip = find_slip(state.record(), max_seconds=2)
    assert slip.verdict == "won" and slip.solves == 0
    assert slip.position is None and slip.continuation == []


def test_a_deal_lost_from_the_start_never_had_a_winning_line() -> None:
    state = patience.get_game("rainbow").new(deal=1)
    assert patience.solve(state, max_seconds=5).outcome == "lost"
    for _ in range(6):
        state.play(state.legal_moves()[0])
    slip = find_slip(state.record(), max_seconds=2)
    assert slip.verdict == "never"
    assert slip.first_lost == 0 and slip.position is None and slip.continuation == []


def test_a_game_played_to_its_dead_end_slipped_where_it_did(slipped: dict[str, Any]) -> None:
    """A final position with no legal move ("End" in the shared rules) is lost as it stands."""
    state = patience.replay(slipped)
    while state.status == "playing":
        state.play(state.legal_moves()[0])
    slip = find_slip(state.record(), max_seconds=2)
    assert slip.verdict == "slipped" and slip.position == SLIP_AT
    assert slip.moves_total == state.moves_played > len(slipped["moves"])


def test_a_budget_too_small_to_decide_says_so(slipped: dict[str, Any]) -> None:
    """Every position of this beginning is winnable, and one node finds no line of 200
    moves: nothing can be decided, and nothing is guessed."""
    beginning = {**slipped, "moves": slipped["moves"][:SLIP_AT]}
    slip = find_slip(beginning, max_nodes=1, max_seconds=2, max_solves=5)
    assert slip.verdict == "undecided"
    assert slip.position is None and slip.first_lost is None and slip.continuation == []
    assert len(slip.undecided) == 5 and slip.solves == 5
    assert slip.untried == SLIP_AT + 1 - 5


def test_a_record_that_does_not_replay_is_refused(slipped: dict[str, Any]) -> None:
    bad = {**slipped, "moves": [*slipped["moves"][:3], {"from": "stock", "to": "found1"}]}
    with pytest.raises(RecordError, match="move 4"):
        find_slip(bad, max_seconds=1)


# --- the search itself, over hand-made answers -----------------------------------------


WORD: dict[str, Outcome] = {"W": "won", "L": "lost", "?": "unknown"}


def run(table: str, **kw: Any) -> tuple[Bounds, list[int]]:
    """Bisect a hand-made game: ``"WW?L"`` says position i is won (W), lost (L) or
    undecided (?); the positions asked are returned in order."""
    asked: list[int] = []

    def decide(i: int) -> Outcome:
        asked.append(i)
        return WORD[table[i]]

    return bisect(len(table) - 1, decide, **kw), asked


def test_bisect_finds_the_last_won_position_in_few_probes() -> None:
    table = "W" * 700 + "L" * 324
    bounds, asked = run(table)
    assert (bounds.winnable, bounds.lost) == (699, 700)
    assert len(asked) <= 12 and asked[0] == len(table) - 1


def test_bisect_reports_undecided_positions_between_the_known_ones() -> None:
    bounds, _ = run("WWW??LLL")
    assert (bounds.winnable, bounds.lost) == (2, 5)
    assert bounds.undecided == (3, 4) and bounds.untried == 0


def test_bisect_settles_an_unknown_by_a_known_answer_beside_it() -> None:
    """A win after an undecided position proves it winnable: it is not reported."""
    bounds, _ = run("WW?WWWLL")
    assert (bounds.winnable, bounds.lost) == (5, 6) and bounds.undecided == ()


def test_bisect_stops_at_its_solve_budget_and_counts_what_it_left() -> None:
    bounds, asked = run("?" * 40, max_solves=6)
    assert len(asked) == 6 == len(bounds.undecided)
    assert (bounds.winnable, bounds.lost) == (-1, 40) and bounds.untried == 34


def test_bisect_uses_a_known_final_answer_without_asking() -> None:
    bounds, asked = run("WWLL", first="lost")
    assert 3 not in asked and (bounds.winnable, bounds.lost) == (1, 2)
