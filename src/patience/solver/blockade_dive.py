"""A dive for Blockade (RULES.md §4): beam searches through the deals that look for a
winning line and never claim a loss.

What decides a deal is when to deal each row and which plays and marriages to make
before it (BLK-5, BLK-7): the row then covers the end of every column (BLK-4). A
depth-first search varies the last of those decisions first, so a deal whose early rows
went on the wrong cards is won late. A beam keeps, per row dealt, the ``width`` best
positions by a ``Weights`` score out of every position a short complete search from a
position kept reaches before it deals (``_between``: plays, marriages and the refills
they bring, BLK-6; at most ``BETWEEN`` positions each), taken with the row dealt; at most
``PER_PARENT`` come from one position while others are left. Positions alike under
``solver_key`` are met once, and those ``blockade_dead_end`` proves lost are dropped.
A position whose stock is spent (by a deal or a refill) is an endgame: the best of them
go to ``blockade_endgame.endgame_outcome`` with a small budget each, and a won one ends
the beam.

What a row buries is decided where it lands (BLK-4: col1 -> col12, shifted by every
refill, BLK-6), which no card now on the columns shows: the score also deals every row
still in the stock onto what the relaxed game leaves, as though no column were emptied
again, and counts the cards left (``cards_left_after_rows``), so that a refill that
moves a king off a needed card scores better than the deal that buries it.

No one score leads every deal home: the beams run with each of ``VARIANTS`` in turn,
then all again ``WIDTH_GROWTH`` times as wide, until the budget is spent or no beam
drops anything (a wider one would then find nothing more).

A line found is a list of raw moves played through ``legal_raw`` (the endgame's line is
matched to legal moves, the repetition rule of §0 included); ``search.solve`` replays
it through the engine before claiming it. Nothing is claimed when no line is found:
``search.solve`` gives the dive a quarter of the budgets (``DIVE_SHARE``), and
Blockade's own search (``blockade_search``), which decides, gets the rest.
"""

from __future__ import annotations

import time
from typing import NamedTuple

from patience.engine.rules import RawMove
from patience.engine.state import State
from patience.games import blockade
from patience.solver.beam import Chain, kept_layer, line_of, widening_rounds
from patience.solver.blockade import (
    blockade_dead_end,
    blockade_order,
    blockade_safe_move,
)
from patience.solver.blockade_endgame import WON, endgame_outcome
from patience.solver.blockade_relaxed import relaxed_position
from patience.solver.blockade_search import replayed_endgame

DIVE_SHARE = 0.25  # share of search.solve's node and time budgets given to the dive
FIRST_WIDTH = 2  # positions kept per row dealt in the first beams
WIDTH_GROWTH = 4  # each round of beams this many times as wide as the last
PER_PARENT = 1  # positions kept from one position before those of others are looked at
BETWEEN = 48  # positions the search between two rows meets, at most
ENDGAME_SPREAD = 4  # endgames tried per layer: this many times the beam's width
ENDGAME_NODES = 500  # positions of the endgame search per endgame tried


class Weights(NamedTuple):
    """A score's weights (lower scores are better), waits in ranks (``waits``).
    ``home``: per card on the foundations (subtracted); ``blocked``: per card of a column
    with a card needed later above it (BLK-3: a column is taken from its end); ``gap``:
    per rank that card waits beyond the latest one above it; ``suited``: per card with a
    higher card of its own suit above it (that card must be married away, BLK-5, or the
    suit's other foundation take it); ``stuck``: per card the relaxed game leaves on the
    columns once every later row is dealt where it lands if no column is emptied again
    (``cards_left_after_rows``)."""

    home: int
    blocked: int
    gap: int
    suited: int
    stuck: int = 0


# tried in turn, each finding deals the others miss (docs/solver.md)
VARIANTS = (
    Weights(home=16, blocked=0, gap=0, suited=8, stuck=16),
    Weights(home=16, blocked=4, gap=0, suited=8, stuck=16),
    Weights(home=16, blocked=8, gap=1, suited=0, stuck=16),
)

# a beam entry: the position as its piles and vars, and the moves that led to it as a
# chain (earlier chain, moves since)
Entry = tuple[list[list[int]], list[int], Chain]
# a candidate for the next layer: score, order met, parent, entry
Child = tuple[int, int, int, Entry]

COLUMNS = range(blockade.COLUMNS)


class _Won(Exception):
    """A won position was met: the moves that reach it from the parent."""

    def __init__(self, moves: list[RawMove]) -> None:
        self.moves = moves


def blockade_dive(state: State, max_nodes: int,
                  deadline: float) -> tuple[list[RawMove] | None, int]:
    """A winning line from ``state`` as raw moves, or None; and the nodes used (moves
    played by the beams and positions of their endgame searches; a beam stops once the
    budget is spent, so it may pass it by one position's search between rows).
    ``state`` is not changed. With ``empty_columns = "any"`` the endgame search does not
    apply (BLK-8) and nothing is dived."""
    rules = state.rules
    assert isinstance(rules, blockade.BlockadeRules)
    if (rules.fill_any or not state.piles[blockade.STOCK] or rules.is_won(state)
            or blockade_dead_end(state)):
        return None, 0
    work = state.copy()
    memo: dict[bytes, int] = {}  # endgame answers, shared by every beam of this dive
    return widening_rounds(
        lambda weights, width, budget: _beam(work, weights, width, budget, deadline, memo),
        VARIANTS, (FIRST_WIDTH,), WIDTH_GROWTH, max_nodes, deadline)


def waits(piles: list[list[int]]) -> list[int]:
    """Card code -> ranks it waits for a foundation: how many cards of its suit the
    higher foundation of the suit still below it needs first (BLK-2; a foundation not
    yet started stands at 0, BLK-1)."""
    heights: list[list[int]] = [[0, 0], [0, 0], [0, 0], [0, 0]]
    for f in blockade.FOUNDATIONS:
        pile = piles[f]
        if pile:
            pair = heights[pile[0] & 3]
            pair[pair.index(min(pair))] = len(pile)
    out = [0] * 64
    for code in range(8, 56):
        rank, suit = code >> 2, code & 3
        low, high = sorted(heights[suit])
        out[code] = rank - 1 - (high if high < rank else low)
    return out


def cards_left_after_rows(piles: list[list[int]], sequences: bool) -> int:
    """How many cards the relaxed game (``blockade_relaxed.taken_off``) leaves on the
    columns when every row still in the stock is dealt onto what it leaves, col1 -> col12
    as BLK-4 lays it, as though no column were emptied again (a refill shifts where every
    later card lands, BLK-6). Not a proof of anything: a guess at what the rows to come
    bury where the position stands now, which the score above cannot see."""
    stock = piles[blockade.STOCK]
    game = relaxed_position(piles, sequences)
    game.settle()
    left = len(stock)
    while left:
        left = game.deal_row(stock, left)
        game.settle()
    return sum(game.tops)


def score(piles: list[list[int]], weights: Weights, sequences: bool = False) -> int:
    """The position's score under ``weights``; lower is better."""
    wait = waits(piles)
    home = sum(len(piles[f]) for f in blockade.FOUNDATIONS)
    blocked = gaps = suited = 0
    for col in COLUMNS:
        cards = piles[col]
        highest = -1
        above = [0, 0, 0, 0]  # per suit: the highest rank above so far
        for card in reversed(cards):
            w = wait[card]
            if w < highest:
                blocked += 1
                gaps += highest - w
            elif w > highest:
                highest = w
            suit, rank = card & 3, card >> 2
            if above[suit] > rank:
                suited += 1
            else:
                above[suit] = rank
    ahead = 0
    if weights.stuck and piles[blockade.STOCK]:
        ahead = weights.stuck * cards_left_after_rows(piles, sequences)
    return (weights.blocked * blocked + weights.gap * gaps + weights.suited * suited
            - weights.home * home + ahead)


def _between(work: State, rules: blockade.BlockadeRules, weights: Weights, parent: int,
             chain: Chain, rows: dict[bytes, Child], endgames: dict[bytes, Child]) -> int:
    """From the position ``work`` holds, a complete search in ``blockade_order`` through
    plays and marriages (a safe foundation play, ``blockade_safe_move``, the only move
    tried where there is one), meeting at most ``BETWEEN`` positions; each position met
    with the stock left gives the position after its `deal` to ``rows``, and each
    position whose stock is spent (by that deal or by a refill, BLK-6) goes to
    ``endgames``. Returns the nodes played; raises ``_Won`` at a won position. ``work``
    is left as given."""
    seen = {rules.solver_key(work)}
    path: list[RawMove] = []
    nodes = 0

    def keep(into: dict[bytes, Child]) -> None:
        key = rules.solver_key(work)
        if key not in into:
            entry = ([p[:] for p in work.piles], work.vars[:], (chain, tuple(path)))
            into[key] = (score(work.piles, weights, rules.sequences), len(into), parent,
                         entry)

    def visit() -> None:
        nonlocal nodes
        legal = work.legal_raw()
        safe = blockade_safe_move(work, legal)
        moves = [safe] if safe is not None else blockade_order(work, legal)
        for move in moves:
            work.play_raw(move)
            nodes += 1
            path.append(move)
            try:
                if rules.is_won(work):
                    raise _Won(path[:])
                if not work.piles[blockade.STOCK]:
                    keep(endgames)
                elif move[0] < 0:
                    keep(rows)
                else:
                    key = rules.solver_key(work)
                    if key not in seen and len(seen) < BETWEEN:
                        seen.add(key)
                        visit()
            finally:
                path.pop()
                work.pop()

    visit()
    return nodes


def _beam(work: State, weights: Weights, width: int, max_nodes: int, deadline: float,
          memo: dict[bytes, int]) -> tuple[list[RawMove] | None, int, bool]:
    """One beam: a winning line or None, the nodes used, and whether the beam dropped
    any position (else it tried every line the searches between rows met). ``work`` is
    left as given."""
    rules = work.rules
    assert isinstance(rules, blockade.BlockadeRules)
    start_piles, start_vars = [p[:] for p in work.piles], work.vars[:]
    nodes = 0
    dropped = False
    # ``solve`` dives only a start with no repetition memory, and every later entry was
    # reached by a deal or a refill, irreversible steps (RULES.md §0): loading positions
    # loses no memory
    layer: list[Entry] = [(start_piles, start_vars, None)]
    try:
        while layer:
            rows: dict[bytes, Child] = {}
            endgames: dict[bytes, Child] = {}
            for parent, (piles, values, chain) in enumerate(layer):
                if nodes >= max_nodes or time.perf_counter() > deadline:
                    return None, nodes, True
                work.load_position(piles, values)
                try:
                    nodes += _between(work, rules, weights, parent, chain, rows, endgames)
                except _Won as won:
                    return line_of(chain) + won.moves, nodes, dropped
            finals, cut = kept_layer(work, endgames, width * ENDGAME_SPREAD, PER_PARENT,
                                     blockade_dead_end)
            dropped = dropped or cut
            for piles, values, chain in finals:
                if nodes >= max_nodes or time.perf_counter() > deadline:
                    return None, nodes, True
                outcome, endgame, used = endgame_outcome(
                    piles, rules.sequences, min(ENDGAME_NODES, max_nodes - nodes), memo)
                nodes += used
                if outcome == WON and endgame is not None:
                    work.load_position(piles, values)
                    tail = replayed_endgame(work, endgame)
                    if tail is not None:
                        return line_of(chain) + tail, nodes, dropped
            layer, cut = kept_layer(work, rows, width, PER_PARENT, blockade_dead_end)
            dropped = dropped or cut
        return None, nodes, dropped
    finally:
        work.load_position(start_piles, start_vars)

