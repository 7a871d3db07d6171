"""Clock (RULES.md §5) in the native engine: differential playouts against the Python
engine for every option set (CLK-4's `wrap_marriage`), marriages and the repetition rule
(§0) included, the dead end's first test, and the two searches agreeing."""

from __future__ import annotations

from typing import Any

import pytest

from patience.engine.registry import get_game
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
