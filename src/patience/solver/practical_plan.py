"""Shah's and Blockade's planner for the practical player: a short search on the visible
position between two stock cards, and an exact search once the stock is spent.

In both games every card but the stock's lies face up, and a stock card comes out in few
ways: Shah's `draw`, a gap filled from the stock (the card so turned may also go up or be
married, SHA-8, which the picture cannot tell: there the card is unknown and fits
nothing), a lane's fill (SHA-9), a refill during the deal (SHA-4, SHA-7); Blockade's
`deal` or the refill of an emptied column (BLK-4, BLK-6). What the
player decides is what to play between two such cards. So, like the solver's dives
(docs/solver.md) but on the player's picture, where every stock card is
unknown, the planner searches the positions the visible moves reach (plays, marriages,
Shah's gaps filled from the talon and its lane) until a stock card would come out, at
most ``Plan.between`` positions, scores the position each such move leads to, and plays
the line to the best of them, that move included (of equal scores, the longer line); the
next plan starts from what the card turned out to be.

The score is the dive's (cards home; cards under a card needed later, and by how many
ranks; Blockade's cards under a higher card of their suit), plus a weight for a card
under two cards needed later (``Weights.deeper``). A card that came out of the stock is
unknown in the picture: it counts by its odds (``Odds``), as any card not yet home,
for each card under it that no known card blocks already. So a row dealt over cards
needed soon costs more than one dealt over kings, and a gap filled from the stock costs
what an average card would there.

Once the stock is spent nothing is hidden any more: the solver's depth-first core
(``depth_first``, in the plan's move order, Blockade with its safe foundation play) with
``Plan.endgame`` positions decides the position seen; a win found is followed, a loss
proved gives the game up, and when neither is found the one-move policy plays on.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from patience.cards import KING
from patience.engine.rules import RawMove
from patience.engine.state import State
from patience.games import blockade, shah
from patience.solver.depth_first import SafeMove, depth_first
from patience.solver.practical_games import (
    RAY_SLOTS,
    SHAH_FOUNDATIONS,
    blockade_order,
    blockade_safe_move,
    blockade_waits,
    shah_order,
    shah_waits,
)


@dataclass(frozen=True)
class Odds:
    """Per foundation state: each card's wait for a foundation (the dive's ``waits``;
    ``_buried`` reads an unknown card, code 0, by its odds), and the chance that one waits
    longer than a given wait (``later``) or is of a card's suit and higher (``higher``,
    Blockade's ``suited``). An unknown card is taken to be any card not yet home, alike:
    the player reckons with the pack, not with the cards it has not seen. ``costs`` keeps
    what each pile met costs (``_buried``), by its cards."""

    wait: list[int]
    later: list[float]
    higher: list[float]
    costs: dict[bytes, float] = field(default_factory=dict)


def _odds(piles: list[list[int]], foundations: range, top_rank: int,
          wait: list[int]) -> Odds:
    home = [0] * 64
    for f in foundations:
        for card in piles[f]:
            home[card] += 1
    codes = range(4, (top_rank + 1) << 2)
    away = [0] * 64  # copies not home, of two decks
    for code in codes:
        away[code] = 2 - home[code]
    total = sum(away) or 1
    by_wait = [0] * (max(wait) + 2)
    for code in codes:
        if away[code]:  # a card with both copies home may have a wait below 0
            by_wait[wait[code]] += away[code]
    later = [0.0] * len(by_wait)
    for w in range(len(by_wait) - 2, -1, -1):
        later[w] = later[w + 1] + by_wait[w + 1] / total
    higher = [0.0] * 64
    for code in codes:
        higher[code] = sum(away[c] for c in range(code + 4, codes.stop, 4)) / total
    return Odds(wait, later, higher)


ODDS_KEPT = 2_000  # foundation states whose odds are kept, at most
COSTS_KEPT = 20_000  # pile costs kept per foundation state, at most
_ODDS: dict[tuple[str, bytes], Odds] = {}


def _odds_for(game_id: str, piles: list[list[int]]) -> Odds:
    if game_id == "shah":
        foundations, top_rank = SHAH_FOUNDATIONS, shah.QUEEN
    else:
        foundations, top_rank = blockade.FOUNDATIONS, KING
    key = (game_id, bytes([piles[f][-1] if piles[f] else 0 for f in foundations]))
    odds = _ODDS.get(key)
    if odds is None:
        if len(_ODDS) > ODDS_KEPT:
            _ODDS.clear()
        wait = shah_waits(piles) if game_id == "shah" else blockade_waits(piles)
        odds = _ODDS[key] = _odds(piles, foundations, top_rank, wait)
    return odds


def _cost(cards: list[int], odds: Odds, weights: Weights) -> float:
    """``_buried``, kept by the cards."""
    key = bytes(cards)
    cost = odds.costs.get(key)
    if cost is None:
        cost = _new_cost(key, cards, odds, weights)
    return cost


def _new_cost(key: bytes, cards: list[int], odds: Odds, weights: Weights) -> float:
    if len(odds.costs) > COSTS_KEPT:
        odds.costs.clear()
    cost = odds.costs[key] = _buried(cards, odds, weights)
    return cost


def _buried(cards: list[int], odds: Odds, weights: Weights) -> float:
    """What ``cards`` (bottom to top) cost: each card under a card needed later, one more
    for the second such card, and by how many ranks in all; with ``suited``, each under a
    higher card of its own suit; each card under an unknown card and under no known
    blocker, by the chance that the unknown card blocks it."""
    wait, later, higher = odds.wait, odds.later, odds.higher
    blocked = deeper = gaps = suited = 0
    expected = 0.0
    highest = second = -1
    unknown = False
    above = [0, 0, 0, 0]  # per suit: the highest rank above so far
    for card in reversed(cards):
        if card == 0:
            unknown = True
            continue
        w = wait[card]
        if w < highest:
            blocked += 1
            gaps += highest - w
            if w < second:
                deeper += 1
            elif w > second:
                second = w
        else:
            if unknown:
                expected += weights.blocked * later[w]
            if w > highest:
                second, highest = highest, w
        if weights.suited:
            suit, rank = card & 3, card >> 2
            if above[suit] > rank:
                suited += 1
            else:
                if unknown:
                    expected += weights.suited * higher[card]
                above[suit] = rank
    return (weights.blocked * blocked + weights.deeper * deeper + weights.gap * gaps
            + weights.suited * suited + expected)


class Weights(NamedTuple):
    """The score's weights (those of the solver's dives, docs/notes/solver-log.md), lower scores
    better; ``deeper``: per card under two cards needed later; ``pile_up``: a reward per
    squared column length (Blockade, BLK-5: of two marriages otherwise alike, the one onto
    the deeper column, whose cards lie buried already, keeps the short column short)."""

    home: int
    blocked: int
    gap: int
    suited: int
    deeper: int
    pile_up: float = 0.0


# the dives' first (Shah) and second (Blockade) weightings, as measured (docs/notes/solver-log.md)
SHAH_WEIGHTS = Weights(home=16, blocked=8, gap=1, suited=0, deeper=4)
BLOCKADE_WEIGHTS = Weights(home=16, blocked=4, gap=0, suited=8, deeper=0, pile_up=0.01)


def shah_score(piles: list[list[int]]) -> float:
    """Shah's dive score (lower is better), reading each ray as one pile (SHA-5), with
    unknown cards by their odds."""
    odds = _odds_for("shah", piles)
    weights = SHAH_WEIGHTS
    cost = _cost(piles[shah.TALON], odds, weights)
    for inner, middle, outer in RAY_SLOTS:
        cost += _cost([*piles[inner], *piles[middle], *piles[outer]], odds, weights)
    return cost - weights.home * sum(len(piles[f]) for f in SHAH_FOUNDATIONS)


def blockade_score(piles: list[list[int]]) -> float:
    """Blockade's dive score (lower is better), with unknown cards by their odds."""
    odds = _odds_for("blockade", piles)
    weights = BLOCKADE_WEIGHTS
    costs = odds.costs
    total = 0.0
    for cards in piles[:blockade.COLUMNS]:
        key = bytes(cards)
        cost = costs.get(key)
        total += _new_cost(key, cards, odds, weights) if cost is None else cost
        total -= weights.pile_up * len(cards) ** 2
    return total - weights.home * sum(map(len, piles[blockade.FOUND0:blockade.STOCK]))


@dataclass(frozen=True)
class Plan:
    """One game's planning: how its moves are ordered and scored, and the budgets."""

    stock: int  # the stock pile
    order: Callable[[State, list[RawMove]], list[RawMove]]
    score: Callable[[list[list[int]]], float]  # lower is better
    between: int  # positions the search between two stock cards meets, at most
    endgame: int  # positions (nodes) of the exact search once the stock is spent
    safe_move: SafeMove | None = None  # a move the exact search may play alone


PLANS: dict[str, Plan] = {
    "shah": Plan(shah.STOCK, shah_order, shah_score, between=48, endgame=2000),
    "blockade": Plan(blockade.STOCK, blockade_order, blockade_score, between=32,
                     endgame=2000, safe_move=blockade_safe_move),
}


class _Won(Exception):
    """The search met a won position: the line to it."""

    def __init__(self, line: list[RawMove]) -> None:
        self.line = line


class StagePlanner:
    """The moves a plan on the visible position dictates (``move``), for Shah and
    Blockade; ``lost`` once an exact search proved the position seen lost."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self.plan_of = PLANS[game_id]
        self.plan: list[RawMove] = []
        self.lost = False
        self.endgame_tried = False

    def move(self, view: dict[str, Any], picture: State, legal: list[RawMove]
             ) -> RawMove | None:
        """The plan's next move in ``picture`` (the visible position, stock cards
        unknown), planning afresh when the last plan is done or no longer fits; None
        leaves the move to the one-move policy."""
        if self.plan:
            if self.plan[0] in legal:
                return self.plan.pop(0)
            self.plan = []  # the repetition rule refuses it (the picture has no memory)
        if not picture.piles[self.plan_of.stock]:
            if self.endgame_tried:
                return None
            self.endgame_tried = True
            line = self._endgame(picture.copy())
        else:
            line = self._between(picture.copy(), legal)
        if not line or line[0] not in legal:
            return None
        self.plan = line[1:]
        return line[0]

    def _endgame(self, work: State) -> list[RawMove]:
        """A winning line from the fully seen position ``work``, or [] (``lost`` set when
        the search proved it lost)."""
        plan = self.plan_of
        outcome, line, _ = depth_first(work, plan.endgame, math.inf, plan.order,
                                       plan.safe_move)
        self.lost = outcome == "lost"
        return line if outcome == "won" else []

    def _between(self, work: State, offered: list[RawMove]) -> list[RawMove]:
        """The line to the best position, by the score, that a move bringing out a stock
        card leads to, that move included, or to a won position, from ``work``, whose
        legal moves are ``offered``. Each position keeps the shortest line met to it (by
        the position it came from), so no line makes a detour; of two positions with
        equal scores, the one further away (more done of what the visible cards offer:
        measured, docs/notes/solver-log.md)."""
        plan = self.plan_of
        rules = work.rules
        piles = work.piles
        root = rules.solver_key(work)
        # positions met: the shortest line's length, and the position and move it came by
        depth = {root: 0}
        came: dict[bytes, tuple[bytes, RawMove]] = {}
        ends: dict[bytes, tuple[float, bytes, RawMove]] = {}  # after a stock card came out
        safe_plays = self.game_id == "blockade"

        def line_to(key: bytes) -> list[RawMove]:
            line: list[RawMove] = []
            while key != root:
                key, move = came[key]
                line.append(move)
            return line[::-1]

        def visit(here: bytes) -> None:
            # the first move from the position itself: only those the game offers (the
            # repetition rule reads positions the picture does not keep)
            legal = work.legal_raw() if here != root else [
                m for m in work.legal_raw() if m in offered]
            safe = blockade_safe_move(work, legal) if safe_plays else None
            for move in [safe] if safe is not None else plan.order(work, legal):
                before = len(piles[plan.stock])
                work.push(move)
                try:
                    if rules.is_won(work):
                        raise _Won([*line_to(here), move])
                    key = rules.solver_key(work)
                    step = depth[here] + 1
                    if len(piles[plan.stock]) < before:  # a stock card came out
                        end = ends.get(key)
                        if end is None:
                            ends[key] = (plan.score(piles), here, move)
                        elif step <= depth[end[1]]:
                            ends[key] = (end[0], here, move)
                    else:
                        met = depth.get(key)
                        if met is None and len(depth) < plan.between:
                            depth[key], came[key] = step, (here, move)
                            visit(key)
                        elif met is not None and step < met:
                            depth[key], came[key] = step, (here, move)
                finally:
                    work.pop()

        try:
            visit(root)
        except _Won as won:
            return won.line
        if not ends:
            return []
        _, here, move = min(ends.values(), key=lambda end: (end[0], -depth[end[1]]))
        return [*line_to(here), move]
