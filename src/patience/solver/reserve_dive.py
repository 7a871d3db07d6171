"""A dive for the reserve family's one-pass games (RULES.md §7–§9): beam searches through
the stock that look for a winning line and never claim a loss.

Every rule of these games reads ranks only, and with no redeal left the real decisions
are where each card turned from the stock goes: a foundation, a reserve, or one of the
waste piles (TOD-5, DST-4, OPS-1). A depth-first search varies the last of those
decisions first, so a deal whose first placements were wrong is won late. A beam keeps,
after each card turned, the ``width`` best positions by a ``Weights`` score out of every
placement of that card from each position kept (at most ``PER_PARENT`` from one position
while others are left), each placement followed by every foundation play and build on a
reserve that comes free (``_settle``; with ``hold``, as Toad's dive asks, also without
the waste tops' foundation plays, which a won line may decline to keep a foundation for
a card still buried). Positions alike under ``solver_key`` are met once, and those the
family's dead end (``reserve_dead_end``) proves lost are dropped. Once no more than
``ENDGAME_STOCK`` cards are left to turn, a short complete search finishes each position
kept, best first: ``depth_first`` in ``reserve_order``, run as the own search's first
probe (``reserve_search.probe``: the same positions, nodes and line, in about half the
time). The beams play on the same lean copy (``reserve_search.Lean``: ranks only, moves
played and taken back by hand, a kept position stored as its piles' ranks and loaded back),
which gives the engine's moves, keys and dead ends at a fraction of the cost.

No one score leads every deal home: the beams run with each of ``VARIANTS`` in turn, then
all again ``growth`` times as wide (``WIDTH_GROWTH`` unless told), until the budget is
spent or no beam drops anything (a wider one would then find nothing more).

A line found is a list of the engine's raw moves (``Lean.generate`` lists them as
``legal_raw`` does); ``search.solve`` replays it through the engine before claiming it.
Nothing is claimed when no line is found: the complete search that follows decides.
"""

from __future__ import annotations

import time
from bisect import bisect_right
from typing import NamedTuple

from patience.engine.rules import ACTION, RawMove
from patience.engine.state import State
from patience.games.reserve_family import REDEALS_DONE, ReserveRules
from patience.solver.beam import Chain, kept_layer, line_of, widening_rounds
from patience.solver.reserve_endgame import PoolLimits, pool_game_of, pool_proves_lost_of
from patience.solver.reserve_family import reserve_dead_end
from patience.solver.reserve_search import DRAW_MOVE, Lean, probe

DIVE_SHARE = 0.5  # share of search.solve's node and time budgets given to the dive
FIRST_WIDTH = 2  # positions kept per card turned in the first beams
WIDTH_GROWTH = 16  # each round of beams this many times as wide as the last
PER_PARENT = 2  # positions kept from one position before those of others are looked at
ENDGAME_NODES = 1000  # nodes of the complete search that finishes each position kept
ENDGAME_STOCK = 12  # cards left in the stock when that search takes over


class Weights(NamedTuple):
    """A score's weights (lower scores are better), waits in eighths of a card (``waits``).
    ``blocked``: per card in a reserve or waste pile with a card needed later above it;
    ``gap``: per eighth that card waits beyond the latest one above it; ``home``: per card
    on the foundations (subtracted); ``top``: per eighth the waste tops wait, an empty pile
    counted as ``empty`` (subtracted: high tops take more cards in order); ``chains``: per
    square of the foundations a waste pile needs beyond one to unwind (its longest run of
    cards, bottom up, each needed no sooner than the one below)."""

    blocked: int
    gap: int
    home: int
    top: int
    empty: int
    chains: int


# measured on Toad's ten late wins (docs/solver.md), best first
VARIANTS = (
    Weights(blocked=16, gap=1, home=16, top=1, empty=104, chains=8),
    Weights(blocked=16, gap=1, home=8, top=1, empty=104, chains=8),
    Weights(blocked=16, gap=1, home=8, top=1, empty=104, chains=4),
    Weights(blocked=8, gap=1, home=8, top=1, empty=104, chains=8),
    Weights(blocked=24, gap=1, home=8, top=1, empty=104, chains=0),
)

# a beam entry: the position as its piles and vars, and the moves that led to it as a
# chain (earlier chain, moves since)
Entry = tuple[list[list[int]], list[int], Chain]


def reserve_dive(state: State, max_nodes: int, deadline: float,
                 pool: PoolLimits | None = None, hold: bool = False,
                 growth: int = WIDTH_GROWTH) -> tuple[list[RawMove] | None, int]:
    """A winning line from ``state`` as raw moves, or None; and the nodes used (moves
    played by the beams and their endgame searches; a beam stops once the budget is
    spent, so it may pass it by the placements of one position).
    ``state`` is not changed. Only a game with no redeal left is dived. Given ``pool``,
    a position the pool game (``reserve_endgame``) proves lost within those limits is
    dropped too, and the pool game's positions count as nodes. Given ``hold``, each
    placement is also kept settled with the waste tops held off the foundations
    (``_settle``): a won line may keep a card on a waste pile while a foundation could
    take it, so that foundation stays free for a card still buried in a reserve.
    ``growth``: each round of beams this many times as wide as the last."""
    rules = state.rules
    if not isinstance(rules, ReserveRules) or state.vars[REDEALS_DONE] < rules.shape.redeals:
        return None, 0
    if reserve_dead_end(state):
        return None, 0
    # the family's moves are all irreversible (RULES.md §0), so the positions the beams
    # jump between lose no repetition memory
    lean = Lean(state)
    dead_end = _DeadEnd(state, pool, deadline)
    return widening_rounds(
        lambda weights, width, budget: _beam(lean, rules, weights, width, budget, deadline,
                                             dead_end, hold),
        VARIANTS, (FIRST_WIDTH,), growth, max_nodes, deadline)


class _DeadEnd:
    """The family's dead end, then (given ``limits``) the pool game within them; its
    positions are counted in ``nodes`` until read. The pool game is not asked past the
    beam's nodes left (``room``) or past ``deadline``: a layer may ask it about
    thousands of positions, each up to ``limits.budget`` of its own."""

    def __init__(self, state: State, limits: PoolLimits | None, deadline: float) -> None:
        self.game = pool_game_of(state) if limits is not None else None
        self.limits = limits
        self.deadline = deadline
        self.nodes = 0
        self.room = 0  # nodes left to the beam

    def __call__(self, lean: Lean) -> bool:
        if lean.dead_end():
            return True
        if self.game is None or self.limits is None or self.nodes >= self.room \
                or time.perf_counter() > self.deadline:
            return False
        ranks = lean.ranks
        lost = pool_proves_lost_of(
            self.game, [lean.count[f] for f in lean.found_piles],
            [ranks[r] for r in lean.reserve_piles], [ranks[w] for w in lean.waste],
            ranks[lean.stock] + ranks[lean.hand], self.limits)
        self.nodes += self.game.nodes
        return lost


def _sends_waste_home(move: RawMove, rules: ReserveRules) -> bool:
    """Whether ``move`` plays a waste top to a foundation (what ``hold`` declines)."""
    return move[0] in rules.waste and move[1] in rules.found_piles


def _settle(lean: Lean, rules: ReserveRules, hold: bool = False) -> list[RawMove]:
    """Play foundation plays, then builds on a reserve (hand card aside), while there are
    any, in the order of ``reserve_order``; the moves played. With ``hold``, waste tops
    stay off the foundations (``_beam`` keeps both ways)."""
    hand = rules.hand
    played: list[RawMove] = []
    while True:
        plays = [m for m in lean.generate() if m[0] != ACTION and m[0] != hand
                 and not (hold and _sends_waste_home(m, rules))]
        if not plays:
            return played
        move = lean.order(plays, None, 0.0)[0]
        lean.play(move)
        played.append(move)


def score(lean: Lean, weights: Weights) -> int:
    """The position's score under ``weights``; lower is better."""
    ranks, place = lean.ranks, lean.place
    wait = lean.counts.wait
    blocked = gaps = tops = chains = 0
    for p in (*lean.reserve_piles, *lean.waste):
        cards = ranks[p]
        if p >= lean.first_waste:
            tops += wait[place[cards[-1]]] if cards else weights.empty
            if weights.chains and len(cards) > 1:
                ends: list[int] = []  # patience sorting: the longest run's length
                for rank in cards:
                    w = wait[place[rank]]
                    i = bisect_right(ends, w)
                    if i == len(ends):
                        ends.append(w)
                    else:
                        ends[i] = w
                chains += (len(ends) - 1) ** 2
        highest = -1
        for rank in reversed(cards):
            w = wait[place[rank]]
            if w < highest:
                blocked += 1
                gaps += highest - w
            elif w > highest:
                highest = w
    return (weights.blocked * blocked + weights.gap * gaps + weights.chains * chains
            - weights.home * lean.counts.home - weights.top * tops)


def _beam(lean: Lean, rules: ReserveRules, weights: Weights, width: int, max_nodes: int,
          deadline: float, dead_end: _DeadEnd,
          hold: bool = False) -> tuple[list[RawMove] | None, int, bool]:
    """One beam: a winning line or None, the nodes used, and whether the beam dropped
    any position (else it tried every placement). ``lean`` is left as given."""
    start = lean.position()
    hand, stock = rules.hand, rules.stock
    ranks = lean.ranks
    settled = _settle(lean, rules)
    nodes = len(settled)
    dropped = False
    layer: list[Entry] = [(*lean.position(), (None, tuple(settled)))]
    if hold and any(_sends_waste_home(m, rules) for m in settled):
        lean.load_position(*start)
        held = _settle(lean, rules, True)
        nodes += len(held)
        layer.append((*lean.position(), (None, tuple(held))))
    try:
        while layer:
            children: dict[bytes, tuple[int, int, int, Entry]] = {}
            for parent, (piles, values, chain) in enumerate(layer):
                if nodes >= max_nodes or time.perf_counter() > deadline:
                    return None, nodes, True
                lean.load_position(piles, values)
                if lean.is_won():
                    return line_of(chain), nodes, dropped
                if len(ranks[stock]) <= ENDGAME_STOCK and not ranks[hand]:  # finish
                    budget = min(ENDGAME_NODES, max_nodes - nodes)
                    outcome, tail, used = probe(lean, budget, deadline, None, 0.0, set())
                    nodes += used
                    if outcome == "won":
                        return line_of(chain) + tail, nodes, dropped
                    continue
                prefix: tuple[RawMove, ...] = ()
                if not ranks[hand]:  # RBW-5: the draw is then the only action
                    lean.play(DRAW_MOVE)
                    prefix = (DRAW_MOVE,)
                    nodes += 1
                for move in [m for m in lean.generate() if m[0] == hand]:
                    lean.play(move)
                    for holding in (False, True):
                        after = _settle(lean, rules, holding)
                        nodes += len(after)
                        key = lean.key()
                        if key not in children:
                            entry = (*lean.position(), (chain, (*prefix, move, *after)))
                            children[key] = (score(lean, weights), len(children), parent,
                                             entry)
                        for played in reversed(after):
                            lean.undo(played)
                        if not hold or not any(_sends_waste_home(m, rules) for m in after):
                            break  # holding would settle the same way
                    nodes += 1
                    lean.undo(move)
            dead_end.room = max_nodes - nodes
            layer, cut = kept_layer(lean, children, width, PER_PARENT, dead_end)
            dropped = dropped or cut
            nodes += dead_end.nodes
            dead_end.nodes = 0
        return None, nodes, dropped
    finally:
        lean.load_position(*start)
