"""Star's dive (solver/star_dive.py): beam searches through the first two rounds that
return a winning line or nothing, and ``search.solve`` running them before the search.
The dive models ``direction = "free"`` (STR-3's looser reading) only."""

from __future__ import annotations

import time

import pytest

import patience
from patience.engine.rules import ACTION, RawMove
from patience.engine.state import State
from patience.games import star
from patience.solver import search
from patience.solver import star_dive as sd
from patience.solver.star_search import star_search
from tests.solver.test_star_solver import last_round

FREE = {"direction": "free"}


def replays_to_a_win(state: State, line: list[RawMove]) -> bool:
    """Each move legal in turn (State.play checks it), and the game won at the end."""
    work = state.copy()
    for move in line:
        work.play(work.to_move(move))
    return work.status == "won"


@pytest.mark.parametrize("deal", [1, 3, 164])
def test_the_dive_line_replays_to_a_win(deal: int) -> None:
    """The dive's own model of the moves (plays with their STR-5 refills, draws, STR-7
    redeals with refills in cell order, the last round handed to the own search) agrees
    with the engine: its line is legal move by move and wins."""
    state = star.STAR.new(deal=deal, **FREE)
    line, nodes = sd.star_dive(state, 50_000, time.perf_counter() + 600)
    assert line is not None and 0 < nodes <= 50_000
    assert replays_to_a_win(state, line)


def test_the_dive_finds_a_late_win_early() -> None:
    """Deal 164's win holds cards in the cells through the first round: the depth-first
    search in Star's move order needs some 5.7 million positions for it, the beam a few
    thousand."""
    state = star.STAR.new(deal=164, **FREE)
    assert star_search(state.copy(), 20_000, time.perf_counter() + 600)[0] == "unknown"
    line, nodes = sd.star_dive(state, 20_000, time.perf_counter() + 600)
    assert line is not None and nodes < 20_000 and replays_to_a_win(state, line)


def test_no_line_for_a_lost_position() -> None:
    """A dive never claims a loss, and finds nothing where there is nothing: in this
    middle-round position (hearts' cells hold ten to king, the rest of hearts in the
    reserve and the stock) the complete search proves every line lost, and the dive,
    after searching, returns no line."""
    state = last_round(["KH", "QH", "JH", "TH"], ["2H", "TS"],
                       ["8H", "4H", "6H", "7H", "3H", "AH", "9H"])
    state.vars[star.ROUNDS_DONE] = 1
    assert star_search(state.copy(), 10_000, time.perf_counter() + 600)[0] == "lost"
    line, nodes = sd.star_dive(state, 10_000, time.perf_counter() + 600)
    assert line is None and 0 < nodes <= 10_000


def test_the_last_round_is_finished_by_the_own_search() -> None:
    """A position already in the last round goes straight to the own search, and the dive
    returns that search's line, node for node."""
    state = last_round(["KH", "QH", "JH", "TH"], ["6H", "TS"],
                       ["4H", "3H", "2H", "AH", "8H", "9H", "7H"])
    outcome, own, used = star_search(state.copy(), 10_000, time.perf_counter() + 600)
    assert outcome == "won"
    assert sd.star_dive(state, 10_000, time.perf_counter() + 600) == (own, used)
    assert replays_to_a_win(state, own)


def test_the_dive_lines_cross_both_redeals() -> None:
    """STR-7 in the dive's model: the reserve turned over, its first card on top, and the
    empty cells refilled in cell order; deal 1's line makes both redeals and wins."""
    state = star.STAR.new(deal=1, **FREE)
    line, _ = sd.star_dive(state, 50_000, time.perf_counter() + 600)
    assert line is not None and line.count((ACTION, star.REDEAL, 0, False)) == 2
    assert replays_to_a_win(state, line)


def test_first_fit_is_not_dived() -> None:
    """The dive models the free option only: with first-fit it spends nothing."""
    state = star.STAR.new(deal=164, direction="first-fit")
    assert sd.star_dive(state, 10_000, time.perf_counter() + 600) == (None, 0)


def test_solve_dives_star_first(monkeypatch: pytest.MonkeyPatch) -> None:
    """Star is dived first (``DIVES``): deal 164 is won within 50,000 nodes with a line
    replayed by ``solve``; without the dive the search alone is still open there."""
    assert search.DIVES["star"][0] is sd.star_dive
    state = star.STAR.new(deal=164, **FREE)
    result = patience.solve(state, max_nodes=50_000, max_seconds=600)
    assert result.outcome == "won" and result.nodes < 50_000  # solve replayed the line
    monkeypatch.setattr(search, "DIVES", {})
    assert patience.solve(state, max_nodes=50_000, max_seconds=600).outcome == "unknown"
