"""Toad: a squared toad pile, eight ace foundations (or four that go round
twice) and five free piles."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from patience.engine.game import Game, Option
from patience.engine.state import State
from patience.games.reserve_family import EXTRACTED, FAMILY_VARS, ReserveRules, Shape
from patience.i18n import N_

# TOD-7 [R]: the text only says the size may change. From one card up to the rainbow's 26,
# the largest reserve of this family; two piles of 26 still leave half the deck as stock.
RESERVE_SIZES = tuple(range(1, 27))


class ToadRules(ReserveRules):
    var_names = (*FAMILY_VARS, "ace_extracted")  # TOD-3: the one extraction is used

    def make_shape(self, options: Mapping[str, Any]) -> Shape:
        two = options["reserve_piles"] == 2
        return Shape(
            reserves=("toad1", "toad2") if two else ("toad",),  # TOD-1, TOD-7
            reserve_size=options["reserve_size"],
            reserve_wrap=False,  # TOD-4
            # TOD-2: eight of A to K, so never round the corner; TOD-8: or four of A to K
            # and, on the king, A to K again (the wrap of 26-card foundations, base A)
            foundations=options["foundations"],
            foundation_cards=104 // options["foundations"],
            waste_piles=5,  # TOD-5
            base_from_deal=False,
            ace_extraction=options["ace_extraction"],  # TOD-3
        )

    def counters(self, state: State) -> dict[str, Any]:
        out = super().counters(state)
        if self.version != "1":  # rules version 1 made the extraction at setup
            out["ace_extracted"] = bool(state.vars[EXTRACTED])
        return out


TOAD = Game(
    id="toad",
    name="Toad",
    decks=2,
    rules_class=ToadRules,
    option_specs=(
        Option("reserve_piles", 1, (1, 2), "one toad pile, or two (toad1 and toad2)"),
        Option("ace_extraction", True, (True, False),
               "once a game the player may take one ace, from any depth of a toad pile, to "
               "an empty foundation"),
        Option("reserve_size", 13, RESERVE_SIZES,
               N_("cards dealt to each toad pile (the project's own variant: the text keeps "
                  "13)")),
        Option("foundations", 8, (8, 4),
               "eight foundations of ace to king, or four that go from ace to king twice "
               "(26 cards each)"),
    ),
    # rules version 2: TOD-3's extraction is the player's move, any ace at any time
    # (version 1 took the ace nearest the top at setup)
    rules_version="2",
    same_rules_since="2",
    summary="A squared toad pile of 13 cards and eight foundations from the aces up, "
            "regardless of suit; the stock is turned once onto five piles of any size.",
)
