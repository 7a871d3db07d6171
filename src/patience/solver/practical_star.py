"""Star's memory for the practical player: what a watching player has seen, and a
bounded look-ahead over it.

The reserve lies face up (STR-1, STR-2, STR-6): every card laid on it was seen, in order,
and at a redeal (STR-7) it becomes the stock with its first-placed card on top. So once the
stock of the first round is spent, a player who remembers what he saw knows where every card
lies, and the stock of the second and third rounds in order: that is memory, not a look at a
hidden card. From then on the player plans: a depth-first look-ahead over the remembered
position (the solver's core, ``depth_first``, with Star's move order, safe move and dead
end, ``practical_games``, at most ``BUDGET`` positions), at the end of the first round and,
if no plan was found, again at the start of the third (a look-ahead at the end of a round
covers the next one). A plan found is a winning line and is followed; a look-ahead that
searches every position there is without a win proves the game lost, and the player gives it
up. The first round stays with the one-move policy: docs/notes/solver-log.md has what was tried
to choose the directions there.
"""

from __future__ import annotations

import math
from typing import Any

from patience.cards import CARDS
from patience.engine.rules import RawMove
from patience.engine.state import State
from patience.games.star import STOCK
from patience.solver.depth_first import depth_first
from patience.solver.practical_games import star_dead_end, star_order, star_safe_move

BUDGET = 40_000  # positions per look-ahead


class StarMemory:
    """The cards seen on the reserve, remembered across a redeal (STR-7)."""

    def __init__(self) -> None:
        self.round = 1
        self.reserve: list[str] = []  # the reserve of the last view
        self.spent = False  # the last view's stock was empty
        self.order: list[str] | None = None  # the reserve turned over, bottom card first

    def stock(self, view: dict[str, Any]) -> list[str] | None:
        """The stock of ``view`` as a pile (top card last), or None while unknown: in the
        first round before it is spent, or when the redeal was not watched."""
        down = view["face_down"].get("stock", 0)
        if view["round"] != self.round:
            watched = view["round"] == self.round + 1 and self.spent
            self.order = self.reserve if watched else None
            self.round = view["round"]
        self.reserve = list(view["piles"]["reserve"])
        self.spent = not down
        if not down:
            return []
        if self.order is None or down > len(self.order):
            return None
        # STR-7: the stock is the old reserve reversed; cards leave it from the top only
        return self.order[len(self.order) - down:][::-1]


class StarPlanner:
    """The moves a remembered position dictates: a winning line once one is found."""

    def __init__(self, budget: int = BUDGET) -> None:
        self.budget = budget
        self.memory = StarMemory()
        self.plan: list[RawMove] = []
        self.searched = 0  # the last round in which the look-ahead ran
        self.lost = False  # the look-ahead proved the remembered position lost

    def move(self, view: dict[str, Any], picture: State, legal: list[RawMove]
             ) -> RawMove | None:
        """The plan's next move in ``picture`` (the visible position, hidden cards
        unknown), searching for a plan when the whole position is known."""
        stock = self.memory.stock(view)
        if self.plan:
            if self.plan[0] in legal:
                return self.plan.pop(0)
            self.plan = []  # not the position planned for (a caller moved otherwise)
        # a look-ahead at the end of a round covers the next one: at most one in two rounds
        searched_lately = self.searched > 0 and self.searched >= view["round"] - 1
        if stock is None or self.lost or searched_lately:
            return None
        self.searched = view["round"]
        known = picture.copy()
        known.piles[STOCK] = [CARDS[code] for code in stock]
        outcome, line, _ = depth_first(known, self.budget, math.inf, star_order,
                                       star_safe_move, star_dead_end)
        if outcome == "lost":
            self.lost = True
        if outcome != "won" or not line or line[0] not in legal:
            return None
        self.plan = line[1:]
        return line[0]
