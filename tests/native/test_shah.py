"""Shah in the native engine: differential playouts against the Python
engine (today's rules; records of rules version 1 stay with the Python search), the
solver's knowledge compared at every step, and the two searches agreeing."""

from __future__ import annotations

import pytest

from patience import native
from patience.engine.registry import get_game
from tests.native.helpers import agree_on, native_module, walk

PLAYOUTS = 300


def test_random_playouts_agree_step_by_step() -> None:
    native_module()
    steps = sum(walk("shah", {}, deal, seed=deal) for deal in range(PLAYOUTS))
    assert steps > PLAYOUTS * 60  # the walks went deep: past the deal (SHA-4) into play


def test_native_and_python_searches_agree(monkeypatch: pytest.MonkeyPatch) -> None:
    decided = 0
    for deal in (2, 3, 8, 9, 12, 20):
        fast, slow = agree_on("shah", {}, deal, 200_000, 10_000_000, monkeypatch)
        if "unknown" not in (fast, slow):
            assert fast == slow, deal
            decided += 1
    assert decided >= 4


def test_rules_version_1_stays_with_the_python_search() -> None:
    native_module()
    game = get_game("shah")
    assert native.supports(game.new(deal=3))
    assert not native.supports(game.new(deal=3, rules_version="1"))


def test_unsupported_options_fall_back() -> None:
    module = native_module()
    assert module.unsupported("shah", {"lanes": True})
    assert module.unsupported("shah", {}) is None
