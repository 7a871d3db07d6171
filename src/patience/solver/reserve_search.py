"""The reserve family's restarted probes with a table of positions proved lost that
survives from one probe to the next (RULES.md §6–§9).

``search._restarts`` starts each probe with an empty table, so every probe searches again
the subtrees its predecessors finished; in these games most of a probe's nodes lie in
the end game after the stock is spent, which every probe reaches anew. Here a position
whose subtree a probe has searched to the end without a win is remembered as lost, and
later probes skip it.

Why that is sound: no position of the family comes back. Every move lowers
4·stock + 3·hand + 2·waste + 1·reserve (cards in each; a draw moves a card from the
stock to the hand, a hand card goes to a waste pile, a reserve or a foundation, a waste
top to a reserve or a foundation, a reserve top to a foundation), except Rainbow's
redeal (RBW-7), which spends one of a bounded number of redeals. ``solver_key``
determines all those counts, so a key met again during one probe belongs to a position
whose search has ended, never to one on the current path. A frame is closed only when
each of its moves led to a win (the search stops), a position already searched, or a
closed frame; its own children were all the legal moves, or the safe move alone, or
none at a dead end, or an order that drops only moves whose positions it keeps under
the key. So a closed frame's position is lost, whatever probe closed it.
"""

from __future__ import annotations

import time
from typing import Literal

from patience.engine.rules import RawMove
from patience.engine.state import State
from patience.solver.probes import Ordering
from patience.solver.reserve_family import (
    reserve_dead_end,
    reserve_probe_order,
    reserve_safe_move,
)

Outcome = Literal["won", "lost", "unknown"]
TIME_CHECK_EVERY = 1024  # nodes between clock readings


def reserve_search(state: State, max_nodes: int,
                   deadline: float) -> tuple[Outcome, list[RawMove], int]:
    """``search._restarts`` with ``reserve_probe_order``, the probes sharing one table of
    positions proved lost. ``state`` is left as it was given."""
    from patience.solver.search import PROBE_UNIT, luby  # search imports this module

    lost: set[bytes] = set()
    nodes = 0
    probe = 0
    while nodes < max_nodes and time.perf_counter() < deadline:
        grow = luby(probe // 4 + 1) if probe % 4 == 3 else 1
        budget = min(PROBE_UNIT * grow, max_nodes - nodes)
        outcome, line, used = _probe(state, budget, deadline, reserve_probe_order(probe), lost)
        nodes += used
        if outcome != "unknown":
            return outcome, line, nodes
        probe += 1
    return "unknown", [], nodes


def _probe(work: State, max_nodes: int, deadline: float, order: Ordering,
           lost: set[bytes]) -> tuple[Outcome, list[RawMove], int]:
    """``search._search`` (no repetition memory: every move here is irreversible) that adds
    each closed frame's key to ``lost`` and skips the positions found there."""
    rules = work.rules
    if rules.is_won(work):
        return "won", [], 0
    key_of = rules.solver_key

    def children() -> list[RawMove]:
        if reserve_dead_end(work):
            return []
        legal = work.legal_raw()
        if legal:
            forced = reserve_safe_move(work, legal)
            if forced is not None:
                return [forced]
        return order(work, legal)

    root = key_of(work)
    if root in lost:
        return "lost", [], 0
    explored = {root}
    keys = [root]  # the key of each open frame
    path: list[RawMove] = []
    frames: list[tuple[list[RawMove], int]] = [(children(), 0)]
    nodes = 0
    while frames:
        moves, i = frames[-1]
        if i == len(moves):
            frames.pop()
            lost.add(keys.pop())
            if path:
                path.pop()
                work.pop()
            continue
        frames[-1] = (moves, i + 1)
        move = moves[i]
        work.play_raw(move)
        path.append(move)
        nodes += 1
        if rules.is_won(work):
            return "won", path, nodes
        key = key_of(work)
        if key in explored or key in lost:
            path.pop()
            work.pop()
        else:
            explored.add(key)
            keys.append(key)
            frames.append((children(), 0))
        if nodes >= max_nodes or (nodes % TIME_CHECK_EVERY == 0
                                  and time.perf_counter() > deadline):
            for _ in path:
                work.pop()
            return "unknown", [], nodes
    return "lost", [], nodes
