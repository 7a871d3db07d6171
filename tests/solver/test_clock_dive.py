"""Clock's dive (solver/clock_dive.py): a beam search through the stock that returns a
winning line or nothing, and ``search.solve`` running it before the probes."""

from __future__ import annotations

import time

import pytest

import patience
from patience.cards import CARDS
from patience.engine.state import State
from patience.games import clock as game
from patience.solver import clock_dive as cd
from patience.solver import search
from tests.games.test_clock import new
from tests.solver.helpers import assert_solve_wins_unchanged


def _dive(state: State, max_nodes: int) -> tuple[list[tuple[int, int, int, bool]] | None, int]:
    return cd.clock_dive(state, max_nodes, time.perf_counter() + 60)


def test_clk2_waits_count_the_cards_an_hour_takes_first() -> None:
    """At the start hour IX (base 2C) takes 3C now and 4C after one card; hour V (base
    TC) takes 4C only after JC, QC, KC, AC, 2C, 3C: the nearer hour counts."""
    wait = cd.waits(new().piles)
    assert wait[CARDS["3C"]] == 0
    assert wait[CARDS["4C"]] == 1
    assert wait[CARDS["JC"]] == 0  # hour V takes it now


def test_clk6_talon_card_over_a_card_needed_sooner_scores_worse() -> None:
    """3C must reach hour IX before 4C; a talon with 4C on 3C walls 3C in (CLK-6)."""
    weights = cd.VARIANTS[0]
    good, bad = new(stock=["4C", "3C"]), new(stock=["3C", "4C"])
    for state in (good, bad):
        state.play("draw")
        state.play("draw")
    assert [state.piles[game.TALON][-1] for state in (good, bad)] == [CARDS["3C"],
                                                                      CARDS["4C"]]
    assert cd.score(good.piles, weights) < cd.score(bad.piles, weights)


def test_dive_wins_a_deal_the_probes_leave_open(monkeypatch: pytest.MonkeyPatch) -> None:
    """Deal 162: the probes alone are still open at 1,000,000 nodes (docs/solver.md); the
    dive's line, chosen stock card by stock card, replays to a win within 4,000 nodes of
    beams after its first probes."""
    state = game.CLOCK.new(deal=162)
    line, nodes = _dive(state, cd.PROBES_FIRST + 4_000)
    assert line is not None and cd.PROBES_FIRST < nodes <= cd.PROBES_FIRST + 4_000
    check = state.copy()
    for move in line:
        check.play(check.to_move(move))
    assert check.status == "won"
    assert_solve_wins_unchanged(state, max_nodes=20_000)
    with monkeypatch.context() as m:
        m.setattr(search, "DIVES", {})
        assert patience.solve(state, max_nodes=5_000, max_seconds=1e9).outcome == "unknown"


def test_dive_first_returns_the_probes_quick_win(monkeypatch: pytest.MonkeyPatch) -> None:
    """Deal 5, which the probes win in a few hundred nodes: the dive gives their line at
    their node count, before any beam, and ``solve`` returns it."""
    state = game.CLOCK.new(deal=5)
    with monkeypatch.context() as m:
        m.setattr(search, "DIVES", {})
        plain = patience.solve(state, max_nodes=cd.PROBES_FIRST, max_seconds=1e9)
    assert plain.outcome == "won"
    line, nodes = _dive(state, 80_000)
    assert line is not None and nodes == plain.nodes
    assert [state.to_move(m) for m in line[:1]] == plain.moves[:1]
    assert_solve_wins_unchanged(state, max_nodes=80_000)


def test_dive_never_claims_a_loss(monkeypatch: pytest.MonkeyPatch) -> None:
    """Deal 160 is lost (a proof of the copy count, docs/solver.md): the beams alone (no
    first probes) find no line and spend no more than their budget, and ``solve`` still
    proves the loss."""
    state = game.CLOCK.new(deal=160)
    monkeypatch.setattr(cd, "PROBES_FIRST", 0)
    line, nodes = _dive(state, 3_000)
    assert line is None and 0 < nodes <= 3_000 + cd.ENDGAME_NODES
    assert patience.solve(state, max_nodes=20_000, max_seconds=1e9).outcome == "lost"
