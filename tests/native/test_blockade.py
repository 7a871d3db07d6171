"""Blockade in the native engine: differential playouts against the Python
engine for every option set (BLK-5's `move_sequences`, BLK-8's `empty_columns`, BLK-7's
`deal_when`), the solver's knowledge compared at every step, and the two searches
agreeing."""

from __future__ import annotations

import random
from typing import Any

import pytest

from patience.engine.registry import get_game
from patience.engine.rules import ACTION, RawMove
from tests.native.helpers import agree_on, native_module, option_sets, walk

BLOCKADE_OPTIONS = option_sets(get_game("blockade"))
PLAYOUTS = 100
LONG_PLAYOUTS = 30


def cards_first(rng: random.Random, legal: list[RawMove]) -> RawMove:
    """Mostly a card move: a uniform choice deals (BLK-4) so often that few playouts reach
    a spent stock, where refills stop (BLK-6) and `empty_columns` applies (BLK-8)."""
    cards = [m for m in legal if m[0] != ACTION]
    if cards and rng.random() < 0.9:
        return rng.choice(cards)
    return rng.choice(legal)


@pytest.mark.parametrize("options", BLOCKADE_OPTIONS, ids=str)
def test_random_playouts_agree_step_by_step(options: dict[str, Any]) -> None:
    native_module()
    playouts = PLAYOUTS
    if options["move_sequences"] and options["empty_columns"] == "any":
        playouts = LONG_PLAYOUTS  # runs wander between empty columns for hundreds of steps
    steps = sum(walk("blockade", options, deal, seed=deal, choose=cards_first)
                for deal in range(playouts))
    assert steps > playouts * 40  # the walks went deep: most deal the whole stock (BLK-4)


@pytest.mark.parametrize("options", BLOCKADE_OPTIONS[:2], ids=str)
def test_uniform_playouts_agree_step_by_step(options: dict[str, Any]) -> None:
    native_module()
    steps = sum(walk("blockade", options, deal, seed=deal) for deal in range(PLAYOUTS // 2))
    assert steps > PLAYOUTS // 2 * 20


@pytest.mark.parametrize("options", [{}, {"deal_when": "any"}], ids=str)
def test_native_and_python_searches_agree(options: dict[str, Any],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Under the default (BLK-7: deal only when stuck) and with a deal at any time."""
    decided = 0
    for deal in (1, 9, 10, 20):  # both decide these within seconds
        fast, slow = agree_on("blockade", options, deal, 100_000, 5_000_000, monkeypatch)
        if "unknown" not in (fast, slow):
            assert fast == slow, deal
            decided += 1
    assert decided >= 3


def test_unsupported_options_fall_back() -> None:
    module = native_module()
    defaults = {"move_sequences": False, "empty_columns": "stay", "deal_when": "stuck"}
    assert module.unsupported("blockade", {**defaults, "deal_when": "never"})
    assert module.unsupported("blockade", {**defaults, "move_sequences": 1})
    assert module.unsupported("blockade", {"move_sequences": False})
    assert module.unsupported("blockade", defaults) is None
    assert module.unsupported("blockade", {**defaults, "deal_when": "any"}) is None
