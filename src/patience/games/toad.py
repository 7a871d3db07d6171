"""Toad (RULES.md §8): a squared toad pile, eight ace foundations and five free piles."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from patience.engine.game import Game, Option
from patience.engine.registry import register
from patience.games.reserve_family import ReserveRules, Shape

# TOD-7 [R]: the text only says the size may change. From one card up to the rainbow's 26,
# the largest reserve of this family; two piles of 26 still leave half the deck as stock.
RESERVE_SIZES = tuple(range(1, 27))


class ToadRules(ReserveRules):
    def make_shape(self, options: Mapping[str, Any]) -> Shape:
        two = options["reserve_piles"] == 2
        return Shape(
            reserves=("toad1", "toad2") if two else ("toad",),  # TOD-1, TOD-7
            reserve_size=options["reserve_size"],
            reserve_wrap=False,  # TOD-4
            foundations=8, foundation_cards=13,  # TOD-2: A to K, so never round the corner
            waste_piles=5,  # TOD-5
            base_from_deal=False,
            ace_extraction=options["ace_extraction"],  # TOD-3
        )


TOAD = register(Game(
    id="toad",
    name="Toad",
    decks=2,
    rules_class=ToadRules,
    option_specs=(
        Option("reserve_piles", 1, (1, 2), "one toad pile, or two (toad1 and toad2)"),
        Option("ace_extraction", True, (True, False),
               "take one ace out of the toad pile at the start to begin found1"),
        Option("reserve_size", 13, RESERVE_SIZES, "cards dealt to each toad pile"),
    ),
    summary="A squared toad pile of 13 cards and eight foundations from the aces up, "
            "regardless of suit; the stock is turned once onto five piles of any size.",
))
