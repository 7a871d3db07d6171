"""Clock in the native engine: differential playouts against the Python
engine for every option set (CLK-4's `wrap_marriage`), marriages and the repetition rule
included, the dead end's copies' places on a hand-made deck, and the two searches
agreeing."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

import patience
from patience.engine.registry import get_game
from tests.games.test_clock import _build_order, _deck_for
from tests.native.helpers import agree_on, native_module, option_sets, walk

CLOCK_OPTIONS = option_sets(get_game("clock"))
PLAYOUTS = 200


@pytest.mark.parametrize("options", CLOCK_OPTIONS, ids=str)
def test_random_playouts_agree_step_by_step(options: dict[str, Any]) -> None:
    native_module()
    steps = sum(walk("clock", options, deal, seed=deal)
                for deal in range(PLAYOUTS))
    assert steps > PLAYOUTS * 20


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


def _talon_of_clubs(drawn: Sequence[str]) -> patience.State:
    """``drawn`` on the talon (first drawn at the bottom) at the start of a deck on which
    every hour but V (base TC) and IX (base 2C) can be built from the packets. The 2C and
    6C still to come are second copies, so 2C belongs to hour V alone and 6C to hour IX
    alone, while both 4Cs are off the hours: one on the talon, one for hour IX's third
    place or hour V's eighth."""
    order = _build_order()
    for card in (("2C", 5), ("4C", 5), ("6C", 9)):
        order.remove(card)
    early = [card for card in order if card[1] not in (5, 9)]
    late = [card for card in order if card[1] in (5, 9)]
    state = patience.get_game("clock").new(deck=_deck_for(early + late, drawn=drawn))
    for _ in drawn:
        state.play("draw")
    return state


def test_clk2_walled_in_copies_without_places_in_order_are_lost_at_once() -> None:
    """Talon 2C, 4C, 6C (6C on top): 6C needs hour IX's 4C before it, so the other 4C goes
    there and the talon's 4C to hour V, after the 2C under it. The relaxation lets the
    other 4C serve both hours; the copies' places, asked right after the draw, prove the
    loss without a move searched."""
    native_module()
    result = patience.solve(_talon_of_clubs(["2C", "4C", "6C"]), max_nodes=1_000)
    assert (result.outcome, result.nodes) == ("lost", 0)


@pytest.mark.parametrize("drawn", [["6C", "4C", "2C"], ["4C", "2C", "6C"], ["2C", "6C", "4C"]])
def test_clk2_talon_orders_the_copies_allow_are_won(drawn: list[str]) -> None:
    native_module()
    assert patience.solve(_talon_of_clubs(drawn), max_nodes=100_000).outcome == "won"
