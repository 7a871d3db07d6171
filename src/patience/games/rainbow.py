"""Rainbow: 26 cards in an arc, four foundations twice round, three even piles."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from patience.engine.game import Game, Option
from patience.engine.rules import RawMove
from patience.engine.state import State
from patience.games.reserve_family import FAMILY_VARS, ReserveRules, Shape

PILES = 3
PLACED = len(FAMILY_VARS)  # State.vars[PLACED + k]: cards pile k+1 received this pass


class RainbowRules(ReserveRules):
    var_names = FAMILY_VARS + tuple(f"placed{k}" for k in range(1, PILES + 1))
    even_piles = True
    reserve_top = "end"  # RBW-4: the end card of the arc is the available one

    def make_shape(self, options: Mapping[str, Any]) -> Shape:
        return Shape(
            reserves=("rainbow",), reserve_size=26, reserve_wrap=True,  # RBW-1, RBW-4
            foundations=4, foundation_cards=26,  # RBW-3
            waste_piles=PILES, face_down_reserve=True,
            redeals=options["redeals"],  # RBW-7
        )

    def to_waste(self, state: State) -> list[RawMove]:
        """RBW-6: only a pile that has received no more cards this pass than any other."""
        placed = state.vars[PLACED:PLACED + PILES]
        fewest = min(placed)
        return [(self.hand, w, 0, False)
                for k, w in enumerate(self.waste) if placed[k] == fewest]

    def apply(self, state: State, move: RawMove) -> None:
        super().apply(state, move)
        dst = move[1]
        if move[0] == self.hand and self.first_waste <= dst < self.stock:
            var = PLACED + dst - self.first_waste
            state.set_var(var, state.vars[var] + 1)

    def redeal(self, state: State) -> None:
        super().redeal(state)
        for k in range(PILES):  # RBW-6: a new pass starts with the redeal
            state.set_var(PLACED + k, 0)

    def pile_marks(self, state: State) -> list[int]:
        """RBW-6 compares a pile's count only with the smallest: the excess is what matters."""
        placed = state.vars[PLACED:PLACED + PILES]
        fewest = min(placed)
        return [n - fewest for n in placed]

    def counters(self, state: State) -> dict[str, Any]:
        out = super().counters(state)
        out["placed_this_pass"] = {f"pile{k + 1}": state.vars[PLACED + k] for k in range(PILES)}
        return out


RAINBOW = Game(
    id="rainbow",
    name="Rainbow",
    decks=2,
    rules_class=RainbowRules,
    option_specs=(
        Option("redeals", 3, (3, 5),
               "how many times the three waste piles may be gathered, shuffled and dealt "
               "again (5 is the text's easier variant)"),
    ),
    summary="A rainbow of 26 cards, face down but for its end, over four foundations built "
            "up twice round regardless of suit; the stock is turned onto three even piles.",
)
