"""A dive for Clock (RULES.md §5): beam searches through the stock that look for a winning
line and never claim a loss.

The stock never comes back (CLK-7) and each card leaves it in one way only: ``fill`` into
the short packets, else ``draw`` onto the talon (CLK-5, CLK-6). So the real decisions are
what is played between two of those actions: hour plays and marriages (CLK-4), which
decide which packets are short and so where the next stock cards lie. Clock's open deals
are wins found late (some 200,000-350,000 nodes): a depth-first search varies the last
of those decisions first, so a deal whose early decisions were wrong is won late. A beam
keeps, per stock size, the ``width`` best positions by a ``Weights`` score out of every
position a short complete search from a position kept reaches before the next action
(``staged_beam``; at most ``BETWEEN`` positions each), taken just after that action; at
most ``PER_PARENT`` come from one position while others are left. Positions alike under
``solver_key`` are met once, and those ``clock_dead_end`` proves lost are dropped. Once
no more than a variant's ``endgame`` cards are left in the stock, a short complete
search (``depth_first`` in ``clock_order``) finishes each position kept, best first.

Most deals the restarted probes win within a few thousand nodes, where a beam takes ten
times as many, so the dive first runs them for ``PROBES_FIRST`` nodes and gives their
line if they win; if they prove a loss the dive stops and leaves the proof to the search,
which finds it again.

No one score leads every deal home: the beams run with each of ``VARIANTS`` in turn,
then all again ``WIDTH_GROWTH`` times as wide, until the budget is spent or no beam drops
anything. A line found is played through ``legal_raw``; ``search.solve`` replays it
through the engine before claiming it. Nothing is claimed when no line is found.
"""

from __future__ import annotations

from typing import NamedTuple

from patience.engine.rules import RawMove
from patience.engine.state import State
from patience.games import clock
from patience.solver.beam import buried, widening_rounds
from patience.solver.clock import clock_dead_end, clock_order, probe_order
from patience.solver.clock_copies import PLACES
from patience.solver.depth_first import depth_first, restarts
from patience.solver.staged_beam import Staged, staged_beam

DIVE_SHARE = 0.6  # share of search.solve's node and time budgets given to the dive
# nodes of the restarted probes the dive runs before its beams: most deals are won by
# them within a few thousand nodes, far sooner than by a beam (docs/solver.md)
PROBES_FIRST = 6000
FIRST_WIDTH = 2  # positions kept per stock size in the first beams
WIDTH_GROWTH = 4  # each round of beams this many times as wide as the last
PER_PARENT = 2  # positions kept from one position before those of others are looked at
BETWEEN = 24  # positions the search between two actions meets, at most
ENDGAME_NODES = 2000  # nodes of the complete search that finishes each position kept


class Weights(NamedTuple):
    """A score's weights (lower scores are better) and where the beam hands over.
    ``home``: per card on the hours (subtracted); ``blocked``: per talon or packet card
    with a card above it that its hours need later (``waits``); ``gap``: per place that
    card waits beyond the latest one above it; ``talon``: per talon card (it can only go
    to an hour, CLK-6); ``endgame``: stock cards left when a complete search of
    ``ENDGAME_NODES`` finishes each position kept."""

    home: int
    blocked: int
    gap: int
    talon: int
    endgame: int


# tried in turn (docs/solver.md)
VARIANTS = (
    Weights(home=8, blocked=8, gap=2, talon=4, endgame=10),
    Weights(home=8, blocked=8, gap=2, talon=8, endgame=3),
)

HOURS = range(clock.HOUR0, clock.HOUR0 + clock.HOURS)


def clock_dive(state: State, max_nodes: int,
               deadline: float) -> tuple[list[RawMove] | None, int]:
    """A winning line from ``state`` as raw moves, or None; and the nodes used (moves
    played by the first probes, the beams and their endgame searches). ``state`` is not
    changed."""
    if state.rules.is_won(state) or clock_dead_end(state):
        return None, 0
    work = state.copy()
    outcome, probed, nodes = restarts(work, min(PROBES_FIRST, max_nodes), deadline,
                                      probe_order)
    if outcome != "unknown":  # lost: no beam can win; the search proves it again
        return (probed if outcome == "won" else None), nodes
    line, more = widening_rounds(
        lambda weights, width, budget: staged_beam(CLOCK, work, weights, width, budget,
                                                   deadline),
        VARIANTS, (FIRST_WIDTH,), WIDTH_GROWTH, max_nodes - nodes, deadline)
    return line, nodes + more


def waits(piles: list[list[int]]) -> list[int]:
    """Card code -> how many cards the nearest hour that still needs it takes first
    (CLK-2: each hour fills its places in order); 0 for a card an hour takes now."""
    heights = [len(piles[h]) for h in HOURS]
    out = [0] * len(PLACES)
    for card, places in enumerate(PLACES):
        best = 99
        for hour, index in places:
            ahead = index - heights[hour]
            if 0 <= ahead < best:
                best = ahead
        out[card] = best
    return out


def score(piles: list[list[int]], weights: Weights) -> int:
    """The position's score under ``weights``; lower is better."""
    wait = waits(piles)
    home = sum(len(piles[h]) for h in HOURS)
    blocked = gaps = 0
    for pile in (piles[clock.TALON], *(piles[p] for p in clock.PACKETS)):
        pile_blocked, pile_gaps = buried(pile, wait)
        blocked += pile_blocked
        gaps += pile_gaps
    return (weights.blocked * blocked + weights.gap * gaps
            + weights.talon * len(piles[clock.TALON]) - weights.home * home)


def _stage(piles: list[list[int]]) -> int:
    """The cards left in the stock: only ``fill`` and ``draw`` take any (CLK-5, CLK-6)."""
    return len(piles[clock.STOCK])


def _finish_now(piles: list[list[int]], weights: Weights) -> bool:
    return len(piles[clock.STOCK]) <= weights.endgame


def _finish(work: State, max_nodes: int, deadline: float
            ) -> tuple[str, list[RawMove], int]:
    """The generic complete search in ``clock_order``."""
    return depth_first(work, max_nodes, deadline, clock_order)


CLOCK = Staged(order=clock_order, stage=_stage, score=score, finish_now=_finish_now,
               finish=_finish, dead_end=clock_dead_end, between=BETWEEN,
               per_parent=PER_PARENT, endgame_nodes=ENDGAME_NODES)
