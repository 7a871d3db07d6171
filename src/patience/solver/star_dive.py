"""A dive for Star (RULES.md §2): beam searches through the first two rounds that look for
a winning line and never claim a loss.

Star's decisions are when to play the cards that fit: a cell card played at once brings
the stock's top card into its cell (STR-5), one held for some draws brings a later one,
and a reserve card left under the next draws waits for the next round. The depth-first
search varies the last of those decisions first, so a deal whose win holds a cell card
early for many draws is won late. A beam keeps, per moment of the game (rounds done,
cards left in the stock), the ``width`` best positions by a ``Weights`` score out of every
position the plays alone reach from a position kept, each taken with the next card drawn
(or the reserve turned over, STR-7). Positions alike under ``solver_key`` are met once.
A position that starts the last round is finished by Star's own search
(``star_search``, at most ``ENDGAME_NODES``): the last round costs a few positions per
entry there, and the reserve, never turned again, decides it.

The beams run with each of ``VARIANTS`` in turn, then all again ``WIDTH_GROWTH`` times
as wide, until the budget is spent or no beam drops anything. A line found is replayed
by ``search.solve`` through the engine before it is claimed; nothing is claimed when no
line is found, and the complete search that follows decides.
"""

from __future__ import annotations

import time
from typing import NamedTuple

from patience.engine.rules import ACTION, RawMove
from patience.engine.state import State
from patience.games.star import (
    BASE_OF_SUIT,
    CELL0,
    DOWN,
    DRAW,
    REDEAL,
    REDEALS,
    RESERVE,
    ROUNDS_DONE,
    STOCK,
    UNSET,
    UP,
)
from patience.solver.beam import Chain, line_of, widening_rounds
from patience.solver.star import steps_to
from patience.solver.star_search import star_search

DIVE_SHARE = 0.25  # share of search.solve's node and time budgets given to the dive
FIRST_WIDTH = 4  # positions kept per moment in the first beams
WIDTH_GROWTH = 4  # each round of beams this many times as wide as the last
ENDGAME_NODES = 200  # nodes of the own search that finishes each last-round entry
CLOSURE = 64  # positions the plays alone may reach from one position kept, at most


class Weights(NamedTuple):
    """A score's weights (lower is better). ``home``: per card on the foundations
    (subtracted); ``cell``: per step a cell card still waits for its base (``steps_to``),
    counted up to ``cap`` steps."""

    home: int
    cell: int
    cap: int


VARIANTS = (
    Weights(home=8, cell=1, cap=6),
    Weights(home=8, cell=2, cap=12),
)

# a position: cells (0: empty), reserve, stock (tops last), per base count, top rank and
# direction, rounds done
Position = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...],
                 tuple[int, ...], tuple[int, ...], int]


def star_dive(state: State, max_nodes: int,
              deadline: float) -> tuple[list[RawMove] | None, int]:
    """Beams of growing width from ``state``: a winning line of raw moves, or None; and
    the nodes spent. The free option only (with ``first-fit`` nothing is tried)."""
    if state.rules.options["direction"] != "free" or max_nodes <= 0:
        return None, 0
    piles, v = state.piles, state.vars
    base_of = tuple(v[BASE_OF_SUIT:BASE_OF_SUIT + 4])
    start = tuple(piles[b][0] >> 2 for b in range(4))
    root: Position = (tuple(p[-1] if p else 0 for p in piles[CELL0:CELL0 + 4]),
                      tuple(piles[RESERVE]), tuple(piles[STOCK]),
                      tuple(len(piles[b]) for b in range(4)),
                      tuple(piles[b][-1] >> 2 for b in range(4)), tuple(v[:4]),
                      v[ROUNDS_DONE])
    work = state.copy()

    # per foundation state (counts, directions): each card's steps to its base (0 for an
    # empty cell and for a finished base's suit), shared by the beams of one dive
    steps_table: dict[tuple[tuple[int, ...], tuple[int, ...]], list[int]] = {}

    def steps_of(pos: Position) -> list[int]:
        """Per card code, how many cards its base takes until it (``steps_to``)."""
        count, top, dirs = pos[3], pos[4], pos[5]
        found = steps_table.get((count, dirs))
        if found is None:
            found = [0] * 56
            for card in range(4, 56):
                base = base_of[card & 3]
                if count[base] < 13:
                    found[card] = steps_to(start[base], top[base], dirs[base], card >> 2)
            steps_table[count, dirs] = found
        return found

    def play(pos: Position, src: int) -> tuple[Position, RawMove]:
        """The card of cell ``src`` (0-3) or of the reserve top (4) to its base, with the
        STR-5 refill."""
        cells, reserve, stock, count, top, dirs, rounds = pos
        if src == 4:
            card, reserve = reserve[-1], reserve[:-1]
            raw: RawMove = (RESERVE, base_of[card & 3], len(reserve), False)
        else:
            card = cells[src]
            raw = (CELL0 + src, base_of[card & 3], 0, False)
            new = list(cells)
            if stock:
                new[src], stock = stock[-1], stock[:-1]
            else:
                new[src] = 0
            cells = tuple(new)
        base = base_of[card & 3]
        if dirs[base] == UNSET:
            d = list(dirs)
            d[base] = UP if card >> 2 == start[base] % 13 + 1 else DOWN
            dirs = tuple(d)
        c, t = list(count), list(top)
        c[base] += 1
        t[base] = card >> 2
        return (cells, reserve, stock, tuple(c), tuple(t), dirs, rounds), raw

    def key(pos: Position) -> tuple[object, ...]:
        """``StarRules.solver_key``'s information: cells as a set, reserve length, bases."""
        cells, reserve, _, count, _, dirs, rounds = pos
        return (tuple(sorted(cells)), len(reserve), count, dirs, rounds)

    def score(pos: Position, weights: Weights) -> int:
        steps = steps_of(pos)
        cap = weights.cap
        total = -weights.home * sum(pos[3])
        for card in pos[0]:
            total += weights.cell * min(steps[card], cap)
        return total

    def as_state(pos: Position) -> State:
        cells, reserve, stock, count, _, dirs, rounds = pos
        found: list[list[int]] = []
        for b in range(4):
            suit = piles[b][0] & 3
            step = -1 if dirs[b] == DOWN else 1
            found.append([((start[b] - 1 + i * step) % 13 + 1) << 2 | suit
                          for i in range(count[b])])
        values = list(v)
        values[:4] = dirs
        values[ROUNDS_DONE] = rounds
        work.load_position(found + [[c] if c else [] for c in cells]
                           + [list(reserve), list(stock)], values)
        return work

    def beam(weights: Weights, width: int,
             budget: int) -> tuple[list[RawMove] | None, int, bool]:
        """One beam: a line or None, the nodes spent, and whether a layer dropped a
        position (only then can a wider beam meet more)."""
        nodes = 0
        dropped = False
        seen: set[tuple[object, ...]] = set()
        # per moment (rounds done, cards drawn in the round): key -> score, order, entry
        layers: dict[int, dict[tuple[object, ...], tuple[int, int, Position, Chain]]] = {}
        order = 0

        def moment(pos: Position) -> int:
            return pos[6] * 64 + 63 - len(pos[2])

        layers[moment(root)] = {key(root): (score(root, weights), 0, root, None)}
        while layers:
            now = min(layers)
            ranked = sorted(layers.pop(now).values(), key=lambda e: (e[0], e[1]))
            if len(ranked) > width:
                dropped = True
                ranked = ranked[:width]
            for rank, _, pos, chain in ranked:
                if time.perf_counter() > deadline:
                    return None, nodes, dropped
                if pos[6] == REDEALS:  # the last round: the own search finishes it
                    left = min(ENDGAME_NODES, budget - nodes)
                    if left <= 0:
                        return None, nodes, dropped
                    outcome, line, used = star_search(as_state(pos), left, deadline)
                    nodes += used
                    if outcome == "won":
                        return line_of(chain) + line, nodes, dropped
                    continue
                # every position the plays alone reach, each with its moves since ``pos``
                # and its score (a draw changes neither cells nor bases, so not the score)
                reach: list[tuple[Position, tuple[RawMove, ...], int]] = [(pos, (), rank)]
                i = 0
                while i < len(reach) and len(reach) < CLOSURE:
                    here, moves, _ = reach[i]
                    i += 1
                    cells, reserve = here[0], here[1]
                    steps = steps_of(here)
                    for src in range(5):
                        card = cells[src] if src < 4 else (reserve[-1] if reserve else 0)
                        if steps[card] == 1:
                            there, raw = play(here, src)
                            nodes += 1
                            k = key(there)
                            if k in seen:
                                continue
                            seen.add(k)
                            if sum(there[3]) == 52:
                                return [*line_of(chain), *moves, raw], nodes, dropped
                            reach.append((there, (*moves, raw), score(there, weights)))
                for here, moves, rank in reach:
                    cells, reserve, stock, count, top, dirs, rounds = here
                    if stock:
                        nxt: Position = (cells, reserve + stock[-1:], stock[:-1], count,
                                         top, dirs, rounds)
                        raw = (ACTION, DRAW, 0, False)
                    elif reserve and rounds < REDEALS:
                        new = list(cells)
                        refill = list(reserve)  # the new stock, top last (STR-7)
                        for c in range(4):
                            if not new[c] and refill:
                                new[c] = refill.pop(0)
                        nxt = (tuple(new), (), tuple(refill[::-1]), count, top, dirs,
                               rounds + 1)
                        raw = (ACTION, REDEAL, 0, False)
                        rank = score(nxt, weights)
                    else:
                        continue
                    nodes += 1
                    k = key(nxt)
                    if k in seen:
                        continue
                    seen.add(k)
                    order += 1
                    layer = layers.setdefault(moment(nxt), {})
                    layer[k] = (rank, order, nxt, (chain, (*moves, raw)))
                if nodes >= budget:
                    return None, nodes, True
        return None, nodes, dropped

    return widening_rounds(beam, VARIANTS, (FIRST_WIDTH,), WIDTH_GROWTH, max_nodes, deadline)
