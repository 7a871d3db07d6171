"""Sun's restarted search (RULES.md §1): probes only reorder moves, so every answer stays
exact; "lost" comes only from a probe that searched everything."""

from __future__ import annotations

import random

import pytest

import patience
from patience.engine.rules import ACTION
from patience.engine.state import State
from patience.games import sun
from patience.solver import probes
from patience.solver import sun as sun_solver
from tests.decks import stack
from tests.solver.helpers import brute_force_wins, sun_after_wind


def _playout(state: State, seed: int, stop: int) -> list[State]:
    """Positions met on a random playout (plays preferred), at most ``stop`` moves."""
    rng = random.Random(seed)
    seen = []
    for _ in range(stop):
        legal = state.legal_raw()
        if not legal:
            break
        seen.append(state.copy())
        plays = [m for m in legal if m[0] != ACTION]
        state.play_raw(rng.choice(plays) if plays and rng.random() < 0.9 else legal[-1])
    return seen




def test_luby_sequence() -> None:
    assert [probes.luby(i) for i in range(1, 16)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2,
                                                      4, 8]


@pytest.mark.parametrize("deal", [1, 2])
def test_probe_orders_keep_every_legal_move(deal: int) -> None:
    """A probe is a complete search only if its order drops no move: SUN-3 transfers,
    SUN-4…SUN-9 actions and plays from rays and clouds all stay, each exactly once."""
    for position in _playout(sun.SUN.new(deal=deal), deal, 160):
        legal = position.legal_raw()
        for probe in range(6):
            assert sorted(sun_solver.probe_order(probe)(position, legal)) == sorted(legal)


def test_greedy_order_plays_then_acts_then_transfers() -> None:
    """SUN-3: in the fresh-order deck the suits' foundations meet, so transfers appear;
    the first line plays every card it can, then takes the stage action, and tries a
    transfer only after both."""
    state = sun.SUN.new(deck=stack([], decks=2))
    checked = 0
    for position in _playout(state, 0, 400):
        ordered = sun_solver.greedy_order(position, position.legal_raw())
        kinds = [0 if m[0] != ACTION and not m[3] else 1 if m[0] == ACTION else 2
                 for m in ordered]
        assert kinds == sorted(kinds)
        checked += 2 in kinds
    assert checked > 0


def test_probe_orders_are_reproducible() -> None:
    """The same probe number gives the same order, so an answer can be reproduced."""
    position = _playout(sun.SUN.new(deal=3), 3, 40)[-1]
    legal = position.legal_raw()
    assert sun_solver.probe_order(7)(position, legal) == sun_solver.probe_order(7)(position, legal)


@pytest.mark.parametrize("deal", range(1, 9))
def test_restarts_agree_with_brute_force_after_the_wind(deal: int) -> None:
    """SUN-9: after the wind the search space is small, so the restarted search must
    end, and its answer must be the one an independent brute force finds."""
    state = sun_after_wind(deal)
    if not state.vars[sun.WIND_DONE]:
        pytest.skip("this playout was lost before the wind")
    result = patience.solve(state, max_nodes=200_000, max_seconds=120)
    assert result.outcome == ("won" if brute_force_wins(state) else "lost")


def test_some_position_after_the_wind_is_proved_lost() -> None:
    """Keeps the test above honest: at least one of those positions is a proved loss."""
    outcomes = set()
    for deal in range(1, 9):
        state = sun_after_wind(deal)
        if state.vars[sun.WIND_DONE]:
            outcomes.add(patience.solve(state, max_nodes=200_000, max_seconds=120).outcome)
    assert "lost" in outcomes


def test_budget_spans_probes_and_leaves_the_state_alone() -> None:
    """Probes share one node budget; an unknown answer leaves the caller's state as it was."""
    state = sun.SUN.new(deal=1)
    before = state.to_dict()
    result = patience.solve(state, max_nodes=probes.PROBE_UNIT + 44)
    assert result.outcome == "unknown" and result.nodes == probes.PROBE_UNIT + 44
    assert state.to_dict() == before and state.moves_played == 0


def test_deal_1_is_decided_and_its_line_replays() -> None:
    """``patience solve sun --deal 1`` must answer; a win is replayed through play()."""
    state = patience.get_game("sun").new(deal=1)
    result = patience.solve(state, max_nodes=2_000_000, max_seconds=300)
    assert result.outcome in ("won", "lost")
    if result.outcome == "won":
        replay = patience.get_game("sun").new(deal=1)
        for move in result.moves:
            replay.play(move)
        assert replay.status == "won"
