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
(``_between``; at most ``BETWEEN`` positions each), taken just after that action; at
most ``PER_PARENT`` come from one position while others are left. Positions alike under
``solver_key`` are met once, and those ``clock_dead_end`` proves lost are dropped. Once
no more than a variant's ``endgame`` cards are left in the stock, a short complete
search (``search._search`` in ``clock_order``) finishes each position kept, best first.

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

import time
from typing import NamedTuple

from patience.engine.rules import ACTION, RawMove, Rules
from patience.engine.state import State
from patience.games import clock
from patience.solver.beam import Chain, kept_layer, line_of, widening_rounds
from patience.solver.clock import clock_dead_end, clock_order, probe_order
from patience.solver.clock_copies import PLACES

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

# a beam entry: the position as its piles and vars, and the moves that led to it
Entry = tuple[list[list[int]], list[int], Chain]
# a candidate for the next layer: score, order met, parent, entry
Child = tuple[int, int, int, Entry]

HOURS = range(clock.HOUR0, clock.HOUR0 + clock.HOURS)


class _Won(Exception):
    """A won position was met: the moves that reach it from the parent."""

    def __init__(self, moves: list[RawMove]) -> None:
        self.moves = moves


def clock_dive(state: State, max_nodes: int,
               deadline: float) -> tuple[list[RawMove] | None, int]:
    """A winning line from ``state`` as raw moves, or None; and the nodes used (moves
    played by the first probes, the beams and their endgame searches). ``state`` is not
    changed."""
    if state.rules.is_won(state) or clock_dead_end(state):
        return None, 0
    from patience.solver.search import _restarts  # search imports the dives' table

    work = state.copy()
    outcome, probed, nodes = _restarts(work, min(PROBES_FIRST, max_nodes), deadline,
                                       probe_order)
    if outcome != "unknown":  # lost: no beam can win; the search proves it again
        return (probed if outcome == "won" else None), nodes
    line, more = widening_rounds(
        lambda weights, width, budget: _beam(work, weights, width, budget, deadline),
        VARIANTS, FIRST_WIDTH, WIDTH_GROWTH, max_nodes - nodes, deadline)
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
        highest = -1
        for card in reversed(pile):
            w = wait[card]
            if w < highest:
                blocked += 1
                gaps += highest - w
            elif w > highest:
                highest = w
    return (weights.blocked * blocked + weights.gap * gaps
            + weights.talon * len(piles[clock.TALON]) - weights.home * home)


def _between(work: State, rules: Rules, weights: Weights, parent: int, chain: Chain,
             layers: dict[int, dict[bytes, Child]]) -> int:
    """From the position ``work`` holds, a complete search in ``clock_order`` through the
    card moves, meeting at most ``BETWEEN`` positions; every ``fill`` or ``draw``, from any
    position met, gives a candidate for the layer of the stock size it leaves. Returns
    the nodes played; raises ``_Won`` at a won position. ``work`` is left as given."""
    seen = {rules.solver_key(work)}
    path: list[RawMove] = []
    nodes = 0

    def visit() -> None:
        nonlocal nodes
        for move in clock_order(work, work.legal_raw()):
            work.play_raw(move)
            nodes += 1
            path.append(move)
            try:
                if rules.is_won(work):
                    raise _Won(path[:])
                key = rules.solver_key(work)
                if move[0] == ACTION:
                    stage = len(work.piles[clock.STOCK])
                    layer = layers.setdefault(stage, {})
                    if key not in layer:
                        entry = ([p[:] for p in work.piles], work.vars[:],
                                 (chain, tuple(path)))
                        layer[key] = (score(work.piles, weights), len(layer), parent, entry)
                elif key not in seen and len(seen) < BETWEEN:
                    seen.add(key)
                    visit()
            finally:
                path.pop()
                work.pop()

    visit()
    return nodes


def _beam(work: State, weights: Weights, width: int, max_nodes: int,
          deadline: float) -> tuple[list[RawMove] | None, int, bool]:
    """One beam: a winning line or None, the nodes used, and whether the beam dropped
    any position. ``work`` is left as given."""
    from patience.solver.search import _search  # search imports the dives' table

    rules = work.rules
    start_piles, start_vars = [p[:] for p in work.piles], work.vars[:]
    nodes = 0
    dropped = False
    parents = 0
    pending: dict[int, dict[bytes, Child]] = {}  # stock size -> candidates
    # ``solve`` dives only a start with no repetition memory, and every later entry was
    # reached by `fill` or `draw`, irreversible moves (RULES.md §0): loading positions
    # loses no memory
    layer: list[Entry] = [(start_piles, start_vars, None)]
    try:
        while True:
            for piles, values, chain in layer:
                if nodes >= max_nodes or time.perf_counter() > deadline:
                    return None, nodes, True
                work.load_position(piles, values)
                if len(piles[clock.STOCK]) <= weights.endgame:  # finish
                    budget = min(ENDGAME_NODES, max_nodes - nodes)
                    outcome, tail, used = _search(work, budget, deadline, clock_order)
                    nodes += used
                    if outcome == "won":
                        return line_of(chain) + tail, nodes, dropped
                    continue
                try:
                    nodes += _between(work, rules, weights, parents, chain, pending)
                except _Won as won:
                    return line_of(chain) + won.moves, nodes, dropped
                parents += 1
            if not pending:
                return None, nodes, dropped
            layer, cut = kept_layer(work, pending.pop(max(pending)), width, PER_PARENT,
                                    clock_dead_end)
            dropped = dropped or cut
    finally:
        work.load_position(start_piles, start_vars)
