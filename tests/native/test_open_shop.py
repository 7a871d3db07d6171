"""Open Shop in the native engine: differential playouts against the Python
engine for both option sets (OPS-1's `redeals`, the redeal being RBW-7's chance shuffle),
from a deal number and from an explicit deck, and the two searches agreeing."""

from __future__ import annotations

import random
from typing import Any

import pytest

from patience.deals import deal_order
from patience.engine.registry import get_game
from patience.games.reserve_family import REDEALS_DONE
from tests.native.helpers import (
    agree_on,
    native_module,
    option_sets,
    walk,
)

OPEN_SHOP = get_game("open-shop")
OPTIONS = option_sets(OPEN_SHOP)
PLAYOUTS = 200


@pytest.mark.parametrize("options", OPTIONS, ids=str)
def test_random_playouts_agree_step_by_step(options: dict[str, Any]) -> None:
    native_module()
    steps = sum(walk("open-shop", options, deal, seed=deal) for deal in range(PLAYOUTS))
    assert steps > PLAYOUTS * 80  # the walks went deep: the stock is turned through


def test_a_redeal_from_an_explicit_deck_agrees() -> None:
    """RBW-7: the shuffle's chance source is the deck itself (`deck=AS,…`) when the game
    has no deal number; random playouts that reach the redeal agree after it."""
    module = native_module()
    redealt = 0
    for n in range(20):
        deck = deal_order(n, 2)[::-1]
        state = OPEN_SHOP.new(deck=deck, redeals=1)
        twin = module.NativeState("open-shop", dict(state.rules.options), deck=deck)
        rng = random.Random(n)
        while legal := state.legal_raw():
            assert twin.legal_moves() == legal, n
            move = rng.choice(legal)
            state.play_raw(move)
            twin.play(move)
            assert twin.to_dict() == state.to_dict(), n
        assert twin.status == state.status
        redealt += state.vars[REDEALS_DONE]
    assert redealt >= 10


@pytest.mark.parametrize("options", OPTIONS, ids=str)
def test_native_and_python_searches_agree(options: dict[str, Any],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    decided = 0
    for deal in range(11, 25):  # a stretch where the native search decides some
        fast, slow = agree_on("open-shop", options, deal, 4_000, 200_000, monkeypatch)
        if "unknown" not in (fast, slow):
            assert fast == slow, deal
            decided += 1
    assert decided >= 3


def test_unsupported_options_fall_back() -> None:
    module = native_module()
    assert module.unsupported("open-shop", {"redeals": 1}) is None
    assert module.unsupported("open-shop", {"redeals": 2})
    assert module.unsupported("open-shop", {"redeals": 0, "piles": 5})


