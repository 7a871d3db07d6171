"""A dive for Shah (RULES.md §3): beam searches through the stock that look for a winning
line and never claim a loss.

The stock is turned one card at a time and never comes back (SHA-7, SHA-10): ``draw``
onto the talon when no gap waits, else the card turned goes up, is married or fills the
first gap (SHA-8), and a lane takes the talon's top, or the stock's, into its ray at once
(SHA-9); during the deal a foundation play refills its slot and ``deal`` lays a circle
(SHA-4). So the real decisions are what is played between two cards turned: foundation
plays, marriages (SHA-6), gaps filled from the talon or by the lane.
A depth-first search varies the last of those decisions first, so a deal whose early
decisions were wrong is won late. A beam keeps, per stock size, the ``width`` best
positions by a ``Weights`` score out of every position a short complete search from a
position kept reaches before it turns the next card (``staged_beam``; at most ``BETWEEN``
positions each), taken with that card turned (``_stage``); at most ``PER_PARENT`` come from one
position while others are left. Positions alike under ``solver_key`` are met once, and
those ``shah_dead_end`` proves lost are dropped. Once no more than a variant's
``endgame`` cards are left, a short complete search (``depth_first`` in
``shah_order``, run as Shah's own search's first probe) finishes each
position kept, best first; or the beam goes on through the talon, a card at a time,
until the stock and the talon are spent.

No one score leads every deal home: the beams run with each of ``VARIANTS`` in turn at
each of ``FIRST_WIDTHS``, then all again ``WIDTH_GROWTH`` times as wide, until the budget
is spent or no beam drops anything (a wider one would then find nothing more). The
narrow rounds find the easy lines at once and late wins come from the wide ones, so
width 32 is skipped, and the weighting that finds most late wins runs first.

A line found is a list of raw moves played through ``legal_raw``; ``search.solve``
replays it through the engine before claiming it. Nothing is claimed when no line is
found: the complete search that follows decides.
"""

from __future__ import annotations

from typing import NamedTuple

from patience.engine.rules import RawMove
from patience.engine.state import State
from patience.games import shah
from patience.solver.beam import buried, widening_rounds
from patience.solver.shah import shah_dead_end, shah_order
from patience.solver.shah_search import first_probe
from patience.solver.staged_beam import Staged, staged_beam

DIVE_SHARE = 0.5  # share of search.solve's node and time budgets given to the dive
# positions kept per stage (``_stage``) in the first rounds of beams: 32 is
# skipped, as it costs more than it wins within 10 s (docs/solver.md)
FIRST_WIDTHS = (2, 8, 128)
WIDTH_GROWTH = 4  # each later round of beams this many times as wide as the last
PER_PARENT = 1  # positions kept from one position before those of others are looked at
BETWEEN = 48  # positions the search between two cards turned meets, at most
ENDGAME_NODES = 5000  # nodes of the complete search that finishes each position kept


class Weights(NamedTuple):
    """A score's weights (lower scores are better), waits in ranks (``waits``), and
    where the beam hands over to a complete search.
    ``home``: per card on the foundations (subtracted); ``blocked``: per card of a ray or
    of the talon with a card needed later above it (a ray is a pile read inner slot,
    middle slot, outer packet: SHA-5); ``gap``: per rank that card waits beyond the
    latest one above it; ``gaps``: per empty slot (SHA-8: each takes a card before the
    next is turned); ``endgame``: cards left in the stock when a complete search of
    ``ENDGAME_NODES`` finishes each position kept (-1: the beam goes on through the
    talon once the stock is spent, and the search takes over when both are)."""

    home: int
    blocked: int
    gap: int
    gaps: int
    endgame: int


# tried in turn, each finding deals the others miss; the first wins the most late deals
# at width 128 (docs/solver.md)
VARIANTS = (
    Weights(home=8, blocked=8, gap=1, gaps=-4, endgame=6),
    Weights(home=16, blocked=4, gap=2, gaps=0, endgame=2),
    Weights(home=16, blocked=8, gap=1, gaps=0, endgame=2),
    Weights(home=24, blocked=8, gap=1, gaps=4, endgame=-1),
)

FOUNDATIONS = range(shah.FOUND0, shah.FOUND0 + shah.RAYS)
RAY_SLOTS = tuple((s, s + 1, s + 2) for s in shah.INNER)


def shah_dive(state: State, max_nodes: int,
              deadline: float) -> tuple[list[RawMove] | None, int]:
    """A winning line from ``state`` as raw moves, or None; and the nodes used (moves
    played by the beams and their endgame searches; a beam stops once the budget is
    spent, so it may pass it by one position's search between cards).
    ``state`` is not changed."""
    if state.rules.is_won(state) or shah_dead_end(state):
        return None, 0
    work = state.copy()
    return widening_rounds(
        lambda weights, width, budget: staged_beam(SHAH, work, weights, width, budget,
                                                   deadline),
        VARIANTS, FIRST_WIDTHS, WIDTH_GROWTH, max_nodes, deadline)


def waits(piles: list[list[int]]) -> list[int]:
    """Card code -> ranks it waits for a foundation: how many cards of its suit the
    highest foundation still below it needs first (SHA-2). A card no foundation can take
    again waits 12. The table depends on the foundations alone, whose top cards name
    their suits and heights, so it is kept by them (callers only read it)."""
    key = bytes([pile[-1] for pile in piles[shah.FOUND0:shah.FOUND0 + shah.RAYS]])
    known = _WAITS.get(key)
    if known is None:
        if len(_WAITS) > WAITS_KEPT:
            _WAITS.clear()
        known = _WAITS[key] = _fresh_waits(piles)
    return known


WAITS_KEPT = 100_000  # foundation states whose waits are kept, at most
_WAITS: dict[bytes, list[int]] = {}


def _fresh_waits(piles: list[list[int]]) -> list[int]:
    """``waits`` worked out afresh."""
    heights: list[list[int]] = [[], [], [], []]
    for f in FOUNDATIONS:
        pile = piles[f]
        heights[pile[0] & 3].append(len(pile))
    out = [0] * 64
    for code in range(4, 52):
        rank, suit = code >> 2, code & 3
        below = [h for h in heights[suit] if h < rank]
        out[code] = rank - 1 - max(below) if below else shah.QUEEN
    return out


def score(piles: list[list[int]], weights: Weights) -> int:
    """The position's score under ``weights``; lower is better."""
    wait = waits(piles)
    home = sum(len(piles[f]) for f in FOUNDATIONS)
    blocked = gaps = empty = 0
    for inner, middle, outer in RAY_SLOTS:
        ray_blocked, ray_gaps = buried([*piles[inner], *piles[middle], *piles[outer]], wait)
        blocked += ray_blocked
        gaps += ray_gaps
        empty += (not piles[inner]) + (not piles[middle]) + (not piles[outer])
    talon_blocked, talon_gaps = buried(piles[shah.TALON], wait)
    blocked += talon_blocked
    gaps += talon_gaps
    return (weights.blocked * blocked + weights.gap * gaps + weights.gaps * empty
            - weights.home * home)


def _stage(piles: list[list[int]]) -> int:
    """How far the game is from its end, by the cards the stock and then the talon have
    left: each card turned lowers it (SHA-7, SHA-8, SHA-4's refills and circles), and so
    does each card taken from the talon once the stock is spent (no redeal, SHA-10)."""
    stock = len(piles[shah.STOCK])
    return stock * STAGE_SPAN if stock else len(piles[shah.TALON])


STAGE_SPAN = 100  # more than the talon ever holds (88 cards, SHA-1)


def _finish_now(piles: list[list[int]], weights: Weights) -> bool:
    """A kept position is finished by a complete search near the end of the stock, or
    once the talon too is spent."""
    return len(piles[shah.STOCK]) <= weights.endgame or not _stage(piles)


SHAH = Staged(order=shah_order, stage=_stage, score=score, finish_now=_finish_now,
              finish=first_probe, dead_end=shah_dead_end, between=BETWEEN,
              per_parent=PER_PARENT, endgame_nodes=ENDGAME_NODES)
