"""Star in the native engine: differential playouts against the Python
engine for every option set (STR-3's `direction`), and the two searches agreeing."""

from __future__ import annotations

from typing import Any

import pytest

from patience.engine.registry import get_game
from tests.native.helpers import agree_on, native_module, option_sets, walk

STAR_OPTIONS = option_sets(get_game("star"))
PLAYOUTS = 300


@pytest.mark.parametrize("options", STAR_OPTIONS, ids=str)
def test_random_playouts_agree_step_by_step(options: dict[str, Any]) -> None:
    native_module()
    steps = sum(walk("star", options, deal, seed=deal) for deal in range(PLAYOUTS))
    assert steps > PLAYOUTS * 20  # the walks went deep: every round (STR-7) is met


@pytest.mark.parametrize("options", STAR_OPTIONS, ids=str)
def test_native_and_python_searches_agree(options: dict[str, Any],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    decided = 0
    for deal in range(1, 13):
        fast, slow = agree_on("star", options, deal, 200_000, 5_000_000,
                              monkeypatch)
        if "unknown" not in (fast, slow):
            assert fast == slow, deal
            decided += 1
    assert decided >= 8


def test_unsupported_options_fall_back() -> None:
    module = native_module()
    assert module.unsupported("star", {"direction": "sideways"})
    assert module.unsupported("star", {"direction": "free", "extra": 1})
    assert module.unsupported("no-such-game", {})
    assert module.unsupported("star", {"direction": "free"}) is None


def test_the_table_bound_stops_a_search_as_unknown() -> None:
    native_module()
    from patience import native

    state = get_game("star").new(deal=2)  # lost, proved in some 420,000 positions
    twin = native.start(state)
    assert twin is not None
    assert twin.solve(10**9, 60.0, 1)[0] == "unknown"  # a 1 MiB table holds far fewer
    assert twin.solve(10**9, 60.0, 256)[0] == "lost"
    assert twin.to_dict() == state.to_dict()  # the search leaves the position as it was
