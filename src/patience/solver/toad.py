"""Toad's ace extraction in the solver (RULES.md §8, TOD-3): taking the ace first.

The extraction may be made once, at any time, of any ace under the top of a toad pile
(TOD-3, TOD-7). Taking it first loses nothing: let L be a winning line from a position
where an extraction is open.

- If L takes an ace a out at some move, let L' take a out first, then play L without
  that move. a was never on top before L took it (an ace on top can only go up by an
  ordinary play, and nothing is ever laid on an ace, TOD-4), so every card above a is
  L's, in L's order, and each toad top of L' is L's; the cards under a do not move in L
  while a lies on them. L' has one more foundation started than L until L takes a; the
  foundations build regardless of suit and a starting ace goes to the lowest empty one
  (TOD-2, §0), so each of L's plays finds in L' a foundation of the same count (pair
  them off, a's foundation with the one L gives a). After L's extraction the positions
  are equal up to which foundation is which.
- If L takes no ace out, every ace lying under the top when L starts still reaches a
  foundation in L, by an ordinary play from the top; let L' take one of them, a, out
  first and skip that play. Once a is on top in L, L plays nothing from that pile until
  a goes (nothing goes on an ace), while L' shows the card under a, one more card on
  offer and no move of L refused. The rest is as above.

Toad has no reversible move (the family's moves are all irreversible, §0), so no
repetition memory tells the lines apart. Hence from a position with an extraction open
the extractions alone need searching, each followed by the family's search, whose
safe moves, dead ends and lean copy assume that no card leaves a reserve but from its
top: true once the extraction is used, and while it is open none of them is asked
(``reserve_family.reserve_safe_move`` and ``reserve_dead_end`` claim nothing then).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from patience.engine.rules import RawMove
from patience.engine.state import State
from patience.games.reserve_family import ReserveRules
from patience.solver.depth_first import Outcome

Search = Callable[[State, int, float], tuple[Outcome, list[RawMove], int]]
Dive = Callable[[State, int, float], tuple[list[RawMove] | None, int]]

FIRST_SHARE = 4096  # nodes each extraction's search gets in the first round
GROWTH = 4  # each later round gives every extraction still open this many times more


def extractions_first(state: State) -> list[RawMove]:
    """The extraction moves open in ``state`` (TOD-3), deepest first in toad1, then toad2;
    none in a game without one."""
    rules = state.rules
    if not isinstance(rules, ReserveRules) or not rules.extraction_move:
        return []
    return rules.extractions(state)


def _after(state: State, move: RawMove) -> State:
    child = state.copy()
    child.play_raw(move)
    return child


def search_after_extractions(search: Search, state: State, max_nodes: int,
                             deadline: float) -> tuple[Outcome, list[RawMove], int]:
    """``search`` from each position an extraction leads to (module note), each line
    beginning with its extraction; with none open, ``search`` itself. With several, they
    are searched in rounds, each round giving every one still open ``GROWTH`` times the
    nodes of the last (a search is started afresh each round), until one is won, all are
    proved lost, or the budget is spent. The extraction counts as a node."""
    moves = extractions_first(state)
    if not moves:
        return search(state, max_nodes, deadline)
    if len(moves) == 1:
        outcome, line, nodes = search(_after(state, moves[0]), max_nodes - 1, deadline)
        return outcome, ([moves[0], *line] if outcome == "won" else []), nodes + 1
    open_moves = list(moves)
    nodes = 0
    share = FIRST_SHARE
    while open_moves and nodes < max_nodes and time.perf_counter() < deadline:
        for move in list(open_moves):
            budget = min(share, max_nodes - nodes) - 1
            if budget <= 0:
                break
            outcome, line, used = search(_after(state, move), budget, deadline)
            nodes += used + 1
            if outcome == "won":
                return "won", [move, *line], nodes
            if outcome == "lost":
                open_moves.remove(move)
        share *= GROWTH
    return ("lost" if not open_moves else "unknown"), [], nodes


def dive_after_extractions(dive: Dive, state: State, max_nodes: int,
                           deadline: float) -> tuple[list[RawMove] | None, int]:
    """``dive`` from each position an extraction leads to, in turn, each with an equal
    part of what is left of both budgets; the first line found, its extraction first.
    With none open, ``dive`` itself."""
    moves = extractions_first(state)
    if not moves:
        return dive(state, max_nodes, deadline)
    nodes = 0
    for k, move in enumerate(moves):
        left = len(moves) - k
        now = time.perf_counter()
        line, used = dive(_after(state, move), (max_nodes - nodes) // left,
                          now + (deadline - now) / left)
        nodes += used
        if line is not None:
            return [move, *line], nodes
    return None, nodes
