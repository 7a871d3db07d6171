"""Star, two decks: a fanned reserve of 20, foundations of one base rank."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from patience.engine.game import Game, Option
from patience.games.reserve_family import ReserveRules, Shape
from patience.i18n import N_

# DST-4 [R]: the text names no number of piles. Three is the Rainbow's, five the Open
# Shop's and the Toad's, the game the text calls closest; those bound the option.
PILE_COUNTS = (3, 4, 5)


class DoubleStarRules(ReserveRules):
    def make_shape(self, options: Mapping[str, Any]) -> Shape:
        count = options["foundations"]
        return Shape(
            reserves=("reserve",), reserve_size=20, reserve_wrap=True,  # DST-1, DST-3
            foundations=count, foundation_cards=104 // count,  # DST-2: 13 each, or 26
            waste_piles=options["piles"],
        )


DOUBLE_STAR = Game(
    id="double-star",
    name="Star (two decks)",
    decks=2,
    rules_class=DoubleStarRules,
    option_specs=(
        Option("foundations", 8, (8, 4),
               "eight foundations of 13 cards, or four of 26 that go round twice"),
        Option("piles", 5, PILE_COUNTS, N_("how many waste piles the stock is turned onto")),
    ),
    summary="A fanned reserve of 20 cards over foundations of one base rank built up "
            "regardless of suit; the stock is turned once onto five piles of any size.",
)
