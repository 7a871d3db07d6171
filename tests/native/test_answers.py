"""Answers ``patience.solve`` gives through the native search, deal by deal: wins the
Python strategies it superseded found (dives, extractions, the pool game) and losses they
proved, now pinned on the search every user gets where the extension is built."""

from __future__ import annotations

from typing import Any

import pytest

import patience
from patience import native
from patience.solver import Hinter
from tests.native.helpers import native_module


def solved(game_id: str, deal: int, max_nodes: int, **options: Any) -> patience.SolveResult:
    """``solve`` on a fresh deal, checked to be the native search's answer alone."""
    native_module()
    state = patience.get_game(game_id).new(deal=deal, **options)
    assert native.supports(state) and not native.hands_over(state)
    before = state.key()
    result = patience.solve(state, max_nodes=max_nodes, max_seconds=600)
    assert state.key() == before
    return result


def test_tod3_deal_376_the_ace_nearest_the_top_loses_the_deeper_one_wins() -> None:
    """TOD-3: deal 376's toad pile holds the AS at the bottom and the AH near the top.
    Taking the AH (what rules version 1 did by itself) loses, proved; the deal is won, by
    a line that takes the AS (``solve`` replays it through the engine)."""
    native_module()
    state = patience.get_game("toad").new(deal=376)
    old_choice = state.copy()
    old_choice.play("AH:toad[11]>found1")
    assert patience.solve(old_choice, max_nodes=200_000, max_seconds=600).outcome == "lost"
    result = patience.solve(state, max_nodes=200_000, max_seconds=600)
    assert result.outcome == "won"
    assert "AS:toad[0]>found1" in [str(m) for m in result.moves]
    assert "AH:toad[11]>found1" not in [str(m) for m in result.moves]


@pytest.mark.parametrize("deal", [1296, 1316, 4778, 6826])
def test_tod3_deals_lost_under_version_1_are_won(deal: int) -> None:
    """TOD-3: deals of 1-10000 that rules version 1 (its extraction at setup) lost and
    that hold two aces in the toad pile, won now that the player chooses."""
    assert solved("toad", deal, 300_000).outcome == "won"


@pytest.mark.parametrize(("deal", "options", "max_nodes"), [
    (178, {}, 40_000),  # won by the dive, open to the probes alone at this budget
    (67, {}, 40_000),  # won once the dive drops what the pool game proves lost
    (25, {"piles": 3}, 42_000),  # DST-4 [R] piles=3: the dive's larger share
])
def test_dst4_deals_the_dive_wins(deal: int, options: dict[str, Any], max_nodes: int) -> None:
    """DST-4: two-deck Star deals only its dive wins within the budget."""
    assert solved("double-star", deal, max_nodes, **options).outcome == "won"


@pytest.mark.parametrize(("game_id", "deal", "max_nodes"), [
    ("shah", 117, 60_000),  # inner cards walled in (SHA-5)
    ("toad", 69, 200_000),
    ("clock", 160, 1_000),  # walled-in copies with no places in order (CLK-2, CLK-6)
    ("clock", 256, 1_000),
])
def test_deals_proved_lost(game_id: str, deal: int, max_nodes: int) -> None:
    assert solved(game_id, deal, max_nodes).outcome == "lost"


@pytest.mark.parametrize(("game_id", "deal"), [("shah", 117), ("blockade", 204)])
def test_a_glance_proves_a_quick_loss_that_the_dives_would_reach_late(game_id: str,
                                                                       deal: int) -> None:
    """Shah 117 and Blockade 204 are lost, which the exact search proves in a few hundred
    positions; it searches them first, so the hint's glance (0.2 s) says so and the solver
    answers at once, not after the dives have spent nine tenths of its budget."""
    native_module()
    state = patience.get_game(game_id).new(deal=deal)
    glance = Hinter().quick(state)
    assert (glance.status, glance.move, glance.deeper) == ("lost", None, False)
    result = patience.solve(state, max_seconds=10, max_nodes=10**9)
    assert result.outcome == "lost"
    assert result.nodes <= 100_000
