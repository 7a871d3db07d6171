"""Rainbow in the native engine: differential playouts against the Python
engine for every option set (RBW-7's `redeals`), the chance redeals and the even piles
(RBW-6) included, with the solver's table key step by step, and the two searches agreeing.
The family's search knowledge (safe moves, dead ends, move orders, probes on ranks, dive,
pool game) lives in the native search alone."""

from __future__ import annotations

from typing import Any

import pytest

from patience.engine.registry import get_game
from patience.solver.search import solve
from tests.native.helpers import native_module, option_sets, walk

RAINBOW_OPTIONS = option_sets(get_game("rainbow"))
PLAYOUTS = 200


@pytest.mark.parametrize("options", RAINBOW_OPTIONS, ids=str)
def test_random_playouts_agree_step_by_step(options: dict[str, Any]) -> None:
    native_module()
    steps = sum(walk("rainbow", options, deal, seed=deal) for deal in range(PLAYOUTS))
    assert steps > PLAYOUTS * 100  # past the first pass: redeals (RBW-7) are met


def test_an_explicit_deck_seeds_the_redeals_as_python_does() -> None:
    native_module()
    deck = get_game("rainbow").new(deal=3).deck[::-1]
    module = native_module()
    state = get_game("rainbow").new(deck=deck)
    twin = module.NativeState("rainbow", dict(state.rules.options), deck=deck)
    while state.legal_raw():
        move = state.legal_raw()[-1]  # actions last: every redeal is taken
        state.play_raw(move)
        twin.play(move)
        assert twin.to_dict() == state.to_dict()
    assert state.vars[2] == state.rules.options["redeals"]  # every redeal was made


@pytest.mark.parametrize("options", RAINBOW_OPTIONS, ids=str)
def test_python_search_wins_late_on_the_native_searchs_winning_lines(
        options: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    """From 30 moves before the end of each line the native search wins with, the plain
    Python search (which decides few whole deals) must not claim a loss, and wins where
    it decides, with a line that replays."""
    native_module()
    game = get_game("rainbow")
    decided = 0
    for deal in range(1, 9):
        result = solve(game.new(deal=deal, **options), max_nodes=200_000, max_seconds=60.0)
        if result.outcome != "won":
            continue
        late = game.new(deal=deal, **options)
        for move in result.moves[:-30]:
            late.play(move)
        monkeypatch.setenv("PATIENCE_NATIVE", "0")
        outcome = solve(late, max_nodes=100_000, max_seconds=60.0).outcome
        monkeypatch.delenv("PATIENCE_NATIVE")
        assert outcome != "lost", deal
        decided += outcome == "won"
    assert decided >= 3
