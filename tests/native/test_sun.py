"""Sun in the native engine: differential playouts against the Python engine
for every option set (SUN-3's `transfers`), the wind (SUN-9, chance) and the repetition
rule for transfers included, the safe move and dead end after the wind, and the two
searches agreeing."""

from __future__ import annotations

from typing import Any

import pytest

from patience.engine.registry import get_game
from tests.native.helpers import agree_on, native_module, option_sets, walk

SUN_OPTIONS = option_sets(get_game("sun"))
PLAYOUTS = 300


@pytest.mark.parametrize("options", SUN_OPTIONS, ids=str)
def test_random_playouts_agree_step_by_step(options: dict[str, Any]) -> None:
    native_module()
    steps = sum(walk("sun", options, deal, seed=deal) for deal in range(PLAYOUTS))
    assert steps > PLAYOUTS * 40  # through the stages to the scatters (SUN-6)


@pytest.mark.parametrize("options", SUN_OPTIONS, ids=str)
def test_native_and_python_searches_agree(options: dict[str, Any],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    decided = 0
    for deal in range(1, 7):
        fast, slow = agree_on("sun", options, deal, 50_000, 1_000_000, monkeypatch)
        if "unknown" not in (fast, slow):
            assert fast == slow, deal
            decided += 1
    assert decided >= 2
