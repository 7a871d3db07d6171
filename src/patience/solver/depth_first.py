"""The depth-first core: push/pop, a table of explored positions, and budgets.

The question is single-agent reachability ("can some sequence of legal moves reach a won
position?"), so a position once reached never needs a second visit: either it is on the
current path (a cycle) or its whole subtree has already been searched without a win.
Chance events are fixed by the deal, so the search sees every card: it
plays the "thoughtful" game.

Moves come from ``State.legal_raw`` and are played with ``State.play_raw``, so the
repetition rule is applied exactly as in play, including the memory the
starting state brings with it. That memory only forbids positions until the first
irreversible move, so while it is non-empty the table key also says whether an
irreversible move has been made since the start.

This is the plain reference search: the native search (``native/``) holds each game's
safe moves, dead ends, move orders, probes and dives beside its rules, and this core
knows none of them; a caller may give it a move order and a safe move.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, Literal

from patience.engine.rules import ACTION, RawMove
from patience.engine.state import State

Outcome = Literal["won", "lost", "unknown"]
Ordering = Callable[[State, list[RawMove]], list[RawMove]]
SafeMove = Callable[[State, list[RawMove]], RawMove | None]
DeadEnd = Callable[[State], bool]
TIME_CHECK_EVERY = 1024  # nodes between clock readings


def order_moves(state: State, legal: list[RawMove]) -> list[RawMove]:
    """Foundation plays first, then other card moves, reversible moves, and actions last."""
    foundations = state.rules.foundations

    def rank(move: RawMove) -> int:
        src, dst, _, reversible = move
        if src == ACTION:
            return 3
        elif reversible:
            return 2
        elif dst in foundations and src not in foundations:
            return 0
        else:
            return 1

    return sorted(legal, key=rank)  # stable: equal ranks keep their order


def depth_first(work: State, max_nodes: int, deadline: float, order: Ordering = order_moves,
                safe_move: SafeMove | None = None, dead_end: DeadEnd | None = None,
                proved: set[bytes] | None = None) -> tuple[Outcome, list[RawMove], int]:
    """Depth-first search from ``work`` trying moves in ``order`` (where ``safe_move``
    names a legal move that loses no win, that move alone; none where ``dead_end`` proves
    the position lost); after an ``unknown`` answer ``work`` is as it was given, after
    ``won`` the line is played on it.

    ``proved`` (a caller may keep it between searches from the same start) holds the table
    keys of positions proved lost: they are not searched, and this search adds the ones it
    proves. A position cut because its key was already explored is either finished or on the
    current path (a cycle), and a finished position whose subtree met the path above it is
    not lost on its own: a win may pass through that ancestor by another branch. So, as in
    Tarjan's strongly connected components, each explored position gets a number in the
    order found and a lowlink, the smallest number of a position still unproved that its
    subtree reached; a position finishing with a lowlink not below its own number closes a
    component none of whose positions reaches a win (else the search would have stopped),
    and every position of it is proved lost. The repetition rule silently
    drops reversible moves back to positions met since the last irreversible move, which are
    on the path: a position reached by a reversible move therefore takes the number of the
    first position after that irreversible move as its lowlink. A safe move or a dead end is
    a proof itself, so a position whose moves it restricts counts as searched. Positions
    left when a budget runs out are never proved.
    """
    rules = work.rules
    if rules.is_won(work):
        return "won", [], 0
    key_of: Callable[[State], bytes] = rules.solver_key
    track_memory = bool(work._seen)  # the start's repetition memory forbids some positions
    irreversible = 0  # irreversible moves on the current path (only counted when tracking)
    if proved is None:
        proved = set()

    def table_key() -> bytes:
        key = key_of(work)
        if track_memory and irreversible:
            key += b"\x01"
        # where the memory decides more than which reversible moves are refused, one
        # board reached along two lines may offer different moves: the key tells them apart
        if work._seen and rules.legal_reads_memory(work):
            key += b"\x02" + b"".join(sorted(work._seen))
        return key

    def children() -> list[RawMove]:
        if dead_end is not None and dead_end(work):
            return []
        legal = work.legal_raw()
        if safe_move is not None and legal:
            forced = safe_move(work, legal)
            if forced is not None:
                return [forced]
        return order(work, legal)

    root = table_key()
    if root in proved:
        return "lost", [], 0
    explored = {root: 0}  # key -> number in the order found
    unproved = [(0, root)]  # explored and not proved, in the order found
    path: list[RawMove] = []
    # per depth: moves, next move, number, lowlink, number of the stretch start (the
    # first position after the last irreversible move)
    frames: list[list[Any]] = [[children(), 0, 0, 0, 0]]
    nodes = 0
    while frames:
        frame = frames[-1]
        moves, i = frame[0], frame[1]
        if i == len(moves):
            frames.pop()
            number, low = frame[2], frame[3]
            if low >= number:  # a closed component: all of it proved lost
                while unproved and unproved[-1][0] >= number:
                    proved.add(unproved.pop()[1])
            elif frames[-1][3] > low:
                frames[-1][3] = low
            if path:
                if track_memory and not path[-1][3]:
                    irreversible -= 1
                path.pop()
                work.pop()
            continue
        frame[1] = i + 1
        move = moves[i]
        work.play_raw(move)
        path.append(move)
        if track_memory and not move[3]:
            irreversible += 1
        nodes += 1
        if rules.is_won(work):
            return "won", path, nodes
        key = table_key()
        found = explored.get(key)
        if found is not None or key in proved:
            if found is not None and key not in proved and frame[3] > found:
                frame[3] = found  # an unproved position: on the path or tainted by it
            if track_memory and not move[3]:
                irreversible -= 1
            path.pop()
            work.pop()
        else:
            number = len(explored)
            explored[key] = number
            unproved.append((number, key))
            stretch = frame[4] if move[3] else number
            frames.append([children(), 0, number, stretch, stretch])
        if nodes >= max_nodes or (nodes % TIME_CHECK_EVERY == 0
                                  and time.perf_counter() > deadline):
            for _ in path:
                work.pop()
            return "unknown", [], nodes
    return "lost", [], nodes
