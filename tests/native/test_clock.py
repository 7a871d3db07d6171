"""Clock (RULES.md §5) in the native engine: differential playouts against the Python
engine for every option set (CLK-4's `wrap_marriage`), marriages and the repetition rule
(§0) included, the dead end's first test, and the two searches agreeing."""

from __future__ import annotations

import random
from typing import Any

import pytest

from patience.engine.registry import get_game
from patience.engine.rules import ACTION
from patience.games.clock import DRAW
from patience.solver.clock import clock_dead_end
from tests.native.helpers import agree_on, native_module, option_sets, walk

CLOCK_OPTIONS = option_sets(get_game("clock"))
PLAYOUTS = 200


@pytest.mark.parametrize("options", CLOCK_OPTIONS, ids=str)
def test_random_playouts_agree_step_by_step(options: dict[str, Any]) -> None:
    native_module()
    steps = sum(walk("clock", options, deal, seed=deal, dead_ends=False)
                for deal in range(PLAYOUTS))
    assert steps > PLAYOUTS * 20


@pytest.mark.parametrize("options", CLOCK_OPTIONS, ids=str)
def test_the_native_dead_end_is_the_python_ones_first_test(options: dict[str, Any]) -> None:
    """The native core ports ``clock_dead_end``'s relaxation, not the copies' places it
    goes on with after a draw (and at the start): so the native dead end claims only what
    the Python one claims, and the same where the last move was not a draw."""
    module = native_module()
    claimed = 0
    for deal in range(60):
        rng = random.Random(deal)
        state = get_game("clock").new(deal=deal, **options)
        twin = module.NativeState("clock", dict(state.rules.options), deal=deal)
        while legal := state.legal_raw():
            native_dead = not twin.search_moves()
            python_dead = clock_dead_end(state)
            last = state.last_raw()
            if native_dead or (last is not None and last[:2] != (ACTION, DRAW)):
                assert native_dead == python_dead, (deal, state.raw_history())
            claimed += native_dead
            move = rng.choice(legal)
            state.play_raw(move)
            twin.play(move)
    assert claimed > 100


@pytest.mark.parametrize("options", CLOCK_OPTIONS, ids=str)
def test_native_and_python_searches_agree(options: dict[str, Any],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    decided = 0
    for deal in range(1, 9):
        fast, slow = agree_on("clock", options, deal, 100_000, 2_000_000,
                              monkeypatch)
        if "unknown" not in (fast, slow):
            assert fast == slow, deal
            decided += 1
    assert decided >= 3
