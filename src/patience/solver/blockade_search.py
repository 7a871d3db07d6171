"""Blockade's own search (RULES.md §4): dives through the deals, each endgame decided
exactly, then the restarted probes.

What decides a Blockade deal is when to deal and which marriages to make before each
row (BLK-5, BLK-7); once the stock is spent the endgame is small and
``blockade_endgame`` decides it in a few thousand positions. A dive plays one line
through the deals by a probe's move order (no backtracking) and asks the endgame search
about where it lands; most lines land on lost endgames, so many cheap dives find a
winning one sooner than depth-first probes, which spend their nodes inside the first
endgames they meet. A dive's win is replayed through ``legal_raw`` (the repetition rule
of §0 included) before it is claimed. Dives never claim a loss; the probes of
``depth_first.restarts`` then get the rest of the budget, and only they prove ``lost``.
"""

from __future__ import annotations

import time

from patience.engine.rules import RawMove
from patience.engine.state import State
from patience.games import blockade
from patience.solver.blockade import blockade_dead_end, blockade_probe_order
from patience.solver.blockade_endgame import WON, EndgameMove, endgame_outcome
from patience.solver.depth_first import Outcome, restarts
from patience.solver.probes import Ordering

DIVE_SHARE = 0.5  # share of the node and time budgets the dives may use
ENDGAME_BUDGET = 500  # positions the endgame search may visit per dive


def blockade_search(work: State, max_nodes: int,
                    deadline: float) -> tuple[Outcome, list[RawMove], int]:
    """Dives first (default options only), then ``restarts`` with what is left; ``work``
    is as it was given unless the answer is ``won``."""
    rules = work.rules
    assert isinstance(rules, blockade.BlockadeRules)
    nodes = 0
    memo: dict[bytes, int] = {}  # endgame answers, shared by this solve's dives
    if not rules.fill_any and not rules.sequences and work.piles[blockade.STOCK]:
        now = time.perf_counter()
        dive_deadline = now + (deadline - now) * DIVE_SHARE
        dive_nodes = int(max_nodes * DIVE_SHARE)
        dive = 0
        while nodes < dive_nodes and time.perf_counter() < dive_deadline:
            line, used = _dive(work, blockade_probe_order(dive), memo)
            nodes += used
            if line is not None:
                return "won", line, nodes
            dive += 1
    outcome, line, used = restarts(work, max_nodes - nodes, deadline, blockade_probe_order)
    return outcome, line, nodes + used


def _dive(work: State, order: Ordering,
          memo: dict[bytes, int]) -> tuple[list[RawMove] | None, int]:
    """One line through the deals by ``order``, each time the first move to a position
    not yet met on the line; a winning line when the endgame it reaches is won, else
    None. Moves played and endgame positions visited count as nodes."""
    line: list[RawMove] = []
    seen = {work.key()}
    nodes = 0
    won: list[RawMove] | None = None
    while work.piles[blockade.STOCK]:
        legal = work.legal_raw()
        for move in order(work, legal):
            work.play_raw(move)
            key = work.key()
            if key not in seen:
                seen.add(key)
                line.append(move)
                nodes += 1
                break
            work.pop()
        else:
            break  # no move to a new position: the line is stuck
        if move[0] < 0 and blockade_dead_end(work):  # after a deal (BLK-4)
            break
    else:
        if not blockade_dead_end(work):
            outcome, endgame, used = endgame_outcome(work.piles, False, ENDGAME_BUDGET, memo)
            nodes += used
            if outcome == WON and endgame is not None:
                won = replayed_endgame(work, endgame)
                if won is not None:
                    won = line + won
    for _ in line:
        work.pop()
    return won, nodes


def replayed_endgame(work: State, endgame: list[EndgameMove]) -> list[RawMove] | None:
    """The endgame line as legal raw moves from ``work`` (a card to a foundation goes to
    the first foundation that takes it), or None if the repetition rule refuses a move;
    ``work`` is left as given."""
    played: list[RawMove] = []
    for src, dst, index in endgame:
        legal = work.legal_raw()
        match = [m for m in legal if m[0] == src and m[2] == index
                 and (m[1] == dst if dst >= 0 else m[1] >= blockade.FOUND0)]
        if not match:
            break
        work.play_raw(match[0])
        played.append(match[0])
    won = work.rules.is_won(work)
    for _ in played:
        work.pop()
    return played if won and len(played) == len(endgame) else None
