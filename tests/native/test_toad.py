"""Toad in the native engine: differential playouts against the Python
engine for its option sets (TOD-7's `reserve_piles` and `reserve_size`, TOD-3's
`ace_extraction`, TOD-8's `foundations`), the extraction itself, and the two searches
agreeing."""

from __future__ import annotations

from typing import Any

import pytest

from patience import native
from patience.engine.registry import get_game
from patience.games.reserve_family import ReserveRules
from tests.native.helpers import agree_on, native_module, walk

TOAD = get_game("toad")
# every (reserve_piles, ace_extraction, foundations) at the default size, many playouts each
MAIN_OPTIONS = [{"reserve_piles": piles, "ace_extraction": extraction, "reserve_size": 13,
                 "foundations": foundations}
                for foundations in (8, 4) for piles in (1, 2) for extraction in (True, False)]
PLAYOUTS = 150
# every reserve size (TOD-7) with a few playouts, the other options taking turns
SIZES = [{"reserve_piles": 1 + size % 2, "ace_extraction": size % 3 != 0, "reserve_size": size,
          "foundations": 4 if size % 4 == 0 else 8}
         for size in range(1, 27)]
SIZE_PLAYOUTS = 3


@pytest.mark.parametrize("options", MAIN_OPTIONS, ids=str)
def test_random_playouts_agree_step_by_step(options: dict[str, Any]) -> None:
    native_module()
    steps = sum(walk("toad", options, deal, seed=deal)
                for deal in range(PLAYOUTS))
    assert steps > PLAYOUTS * 100  # the walks went deep: the stock is turned through


def test_every_reserve_size_agrees() -> None:
    native_module()
    for options in SIZES:
        for deal in range(SIZE_PLAYOUTS):
            walk("toad", options, deal, seed=1000 + deal)


def test_every_extraction_agrees() -> None:
    """TOD-3, TOD-7: each ace under a toad top taken out at the start, in both engines."""
    module = native_module()
    met = 0
    for deal in range(40):
        options = {"reserve_piles": 1 + deal % 2, "ace_extraction": True, "reserve_size": 13,
                   "foundations": 4 if deal % 4 >= 2 else 8}
        state = TOAD.new(deal=deal, **options)
        rules = state.rules
        assert isinstance(rules, ReserveRules)
        for move in rules.extractions(state):
            twin = module.NativeState("toad", dict(state.rules.options), deal=deal)
            state.play_raw(move)
            twin.play(move)
            assert twin.to_dict() == state.to_dict(), (deal, move)
            assert twin.legal_moves() == state.legal_raw(), (deal, move)
            assert twin.key() == state.key(), (deal, move)
            state.undo()
            met += 1
    assert met > 40


def test_rules_version_1_is_left_to_python() -> None:
    """Version 1 made the extraction at setup (TOD-3 then): the native engine plays only
    today's rules, so such a game is searched in Python."""
    native_module()
    assert native.plays(TOAD.new(deal=3))
    old = TOAD.new(deal=3, rules_version="1")
    assert not native.plays(old)
    assert native.start(old) is None


@pytest.mark.parametrize("options", [*MAIN_OPTIONS[:4:3], MAIN_OPTIONS[4]], ids=str)
def test_native_and_python_searches_agree(options: dict[str, Any],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    decided = 0
    for deal in range(1, 13):
        fast, slow = agree_on("toad", options, deal, 4_000, 200_000, monkeypatch)
        if "unknown" not in (fast, slow):
            assert fast == slow, deal
            decided += 1
    assert decided >= 3


def test_unsupported_options_fall_back() -> None:
    module = native_module()
    good = {"reserve_piles": 2, "ace_extraction": True, "reserve_size": 13, "foundations": 4}
    assert module.unsupported("toad", good) is None
    assert module.unsupported("toad", {**good, "reserve_piles": 3})
    assert module.unsupported("toad", {**good, "reserve_size": 27})
    assert module.unsupported("toad", {**good, "ace_extraction": 1})
    assert module.unsupported("toad", {**good, "foundations": 6})


