"""Star, two decks in the native engine: differential playouts against the
Python engine for every option set (DST-2's `foundations`, DST-4's `piles`), the solver's
knowledge step by step, and the two searches agreeing."""

from __future__ import annotations

from typing import Any

import pytest

from patience.engine.registry import get_game
from tests.native.helpers import (
    agree_on,
    native_module,
    option_sets,
    walk,
)

OPTIONS = option_sets(get_game("double-star"))
PLAYOUTS = 100


@pytest.mark.parametrize("options", OPTIONS, ids=str)
def test_random_playouts_agree_step_by_step(options: dict[str, Any]) -> None:
    native_module()
    steps = sum(walk("double-star", options, deal, seed=deal) for deal in range(PLAYOUTS))
    assert steps > PLAYOUTS * 80  # the walks went deep: the stock is turned through


@pytest.mark.parametrize("options", OPTIONS[::2], ids=str)
def test_native_and_python_searches_agree(options: dict[str, Any],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    decided = 0
    for deal in range(10, 23):  # a stretch where the native search decides some
        fast, slow = agree_on("double-star", options, deal, 4_000, 200_000, monkeypatch)
        if "unknown" not in (fast, slow):
            assert fast == slow, deal
            decided += 1
    assert decided >= 3


def test_unsupported_options_fall_back() -> None:
    module = native_module()
    assert module.unsupported("double-star", {"foundations": 4, "piles": 3}) is None
    assert module.unsupported("double-star", {"foundations": 6, "piles": 5})
    assert module.unsupported("double-star", {"foundations": 8, "piles": 6})


