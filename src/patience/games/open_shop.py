"""Open Shop: the Rainbow's easier cousin, an open column of 18 and five piles."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from patience.engine.game import Game, Option
from patience.games.reserve_family import ReserveRules, Shape


class OpenShopRules(ReserveRules):
    def make_shape(self, options: Mapping[str, Any]) -> Shape:
        # OPS-1: as Rainbow, but the shop lies face up, five free piles, one pass.
        # [R] With redeals=1 the redeal is RBW-7's: pile1…pile5 gathered and shuffled.
        return Shape(
            reserves=("shop",), reserve_size=18, reserve_wrap=True,
            foundations=4, foundation_cards=26,
            waste_piles=5, redeals=options["redeals"],
        )


OPEN_SHOP = Game(
    id="open-shop",
    name="Open Shop",
    decks=2,
    rules_class=OpenShopRules,
    option_specs=(
        Option("redeals", 0, (0, 1),
               "0: one pass through the stock; 1: the waste piles may be shuffled and dealt "
               "once more"),
    ),
    summary="An open column of 18 cards over four foundations built up twice round "
            "regardless of suit; the stock is turned once onto five piles of any size.",
)
