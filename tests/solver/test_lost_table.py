"""The table of positions proved lost that restarted probes share (``depth_first``).

A position finished by one depth-first search is lost on its own only when its subtree
met no position still on the path; the hand-made graphs below are the cases where a
table filled with every finished position would claim a winnable position lost. The
real games are cross-checked against the plain search.
"""

from __future__ import annotations

import functools
import random
import time
from collections.abc import Callable
from typing import cast

import pytest

import patience
from patience.engine.rules import ACTION, RawMove
from patience.engine.state import State
from patience.solver import search
from patience.solver.depth_first import depth_first
from patience.solver.strategies import PROBE_ORDERS
from tests.solver.helpers import play_randomly, sun_after_wind

WIN = 99


class GraphRules:
    """A directed graph as a game: a node per position, a move per edge."""

    foundations = ()

    def __init__(self, edges: dict[int, list[int]], reversible: frozenset[tuple[int, int]]):
        self.edges = edges
        self.reversible = reversible

    def is_won(self, walk: Walk) -> bool:
        return walk.node == WIN

    def solver_key(self, walk: Walk) -> bytes:
        return bytes((walk.node,))


class Walk:
    """A position of ``GraphRules`` with the engine's repetition rule (RULES.md §0): a
    reversible move may not return to a node met since the last irreversible move."""

    class game:  # noqa: N801 - stands for the engine's Game
        id = "graph"

    def __init__(self, rules: GraphRules, node: int):
        self.rules, self.node = rules, node
        self._seen: set[int] = set()
        self.trail: list[tuple[int, set[int]]] = []

    def legal_raw(self) -> list[RawMove]:
        moves = [(0, to, 0, (self.node, to) in self.rules.reversible)
                 for to in self.rules.edges.get(self.node, [])]
        return [m for m in moves if not (m[3] and m[1] in self._seen)]

    def play_raw(self, move: RawMove) -> None:
        self.trail.append((self.node, set(self._seen)))
        self._seen = self._seen | {self.node} if move[3] else set()
        self.node = move[1]

    def pop(self) -> None:
        self.node, self._seen = self.trail.pop()


def graph_search(edges: dict[int, list[int]], start: int, max_nodes: int,
                 proved: set[bytes], reversible: frozenset[tuple[int, int]] = frozenset()
                 ) -> str:
    return graph_nodes(edges, start, max_nodes, proved, reversible)[0]


def graph_nodes(edges: dict[int, list[int]], start: int, max_nodes: int, proved: set[bytes],
                reversible: frozenset[tuple[int, int]] = frozenset()) -> tuple[str, int]:
    """``depth_first`` on a graph, each node's moves in the order listed."""
    walk = Walk(GraphRules(edges, reversible), start)
    outcome, _, nodes = depth_first(cast(State, walk), max_nodes, time.perf_counter() + 60,
                                    lambda state, legal: legal, proved)
    return outcome, nodes


def chain(first: int, length: int) -> dict[int, list[int]]:
    """A dead subtree: first -> first+1 -> ... with no way on."""
    return {n: [n + 1] for n in range(first, first + length - 1)}


@pytest.mark.internals
def test_a_position_that_met_the_path_is_not_proved_lost() -> None:
    """0 -> 1; 1 tries 2, then a short dead chain, a long one, and 4, which wins. 2's only
    move leads back to 1, on the path: 2 finishes first, yet 2 is won (2, 1, 4). The
    budget runs out in the long chain: the short chain is proved lost, 2 and 1 are not."""
    edges = {0: [1], 1: [2, 10, 40, 4], 2: [1], 4: [WIN], **chain(10, 10), **chain(40, 50)}
    proved: set[bytes] = set()
    assert graph_search(edges, 0, 30, proved) == "unknown"
    assert bytes((2,)) not in proved and bytes((1,)) not in proved
    assert {bytes((n,)) for n in range(10, 20)} <= proved  # finished chain positions
    assert graph_search(edges, 2, 100, set()) == "won"  # a table of finished would say lost
    assert graph_search(edges, 0, 100, proved) == "won"


@pytest.mark.internals
def test_a_finished_position_that_met_a_tainted_one_is_not_proved_lost() -> None:
    """3's only move leads to 2, finished but not proved (it reaches 1 on the path): 3 is
    tainted by 2's lowlink and is won too (3, 2, 1, 4)."""
    edges = {0: [1], 1: [2, 3, 10, 40, 4], 2: [1], 3: [2], 4: [WIN], **chain(10, 10),
             **chain(40, 50)}
    proved: set[bytes] = set()
    assert graph_search(edges, 0, 30, proved) == "unknown"
    assert not {bytes((n,)) for n in (0, 1, 2, 3)} & proved
    assert graph_search(edges, 3, 100, set()) == "won"


@pytest.mark.internals
def test_a_closed_component_is_proved_with_its_root() -> None:
    """1 and 2 lead to each other and nowhere else but a dead end: once 1, the first of
    them found, is finished, both are proved lost, and a later search meeting them takes
    them from the table (7 is new)."""
    edges = {0: [1, 5], 1: [2, 6], 2: [1], 5: [1]}
    proved: set[bytes] = set()
    assert graph_search(edges, 0, 100, proved) == "lost"
    assert proved == {bytes((n,)) for n in (0, 1, 2, 5, 6)}
    assert graph_nodes(edges, 0, 100, proved) == ("lost", 0)
    assert graph_nodes({**edges, 7: [5, 1]}, 7, 100, proved) == ("lost", 2)
    assert graph_nodes({**edges, 7: [5, 1]}, 7, 100, set()) == ("lost", 6)


@pytest.mark.internals
def test_repetition_rule_counts_as_a_move_back_to_the_path() -> None:
    """RULES.md §0: 1 -> 2 is reversible and 2's only move, back to 1, is dropped by the
    repetition rule, so 2 shows no move at all; still 2 is won from a fresh start
    (2, 1, 4), so finishing 2 must not prove it lost."""
    edges = {0: [1], 1: [2, 10, 40, 4], 2: [1], 4: [WIN], **chain(10, 10), **chain(40, 50)}
    reversible = frozenset({(1, 2), (2, 1)})
    proved: set[bytes] = set()
    assert graph_search(edges, 0, 30, proved, reversible) == "unknown"
    assert bytes((2,)) not in proved
    assert {bytes((n,)) for n in range(10, 20)} <= proved
    assert graph_search(edges, 2, 100, set(), reversible) == "won"


def _single_search(state: State, max_nodes: int) -> str:
    """The game's search with its rules but one depth-first search, no shared table."""
    order = search.MOVE_ORDERS.get(state.game.id, search.order_moves)
    return depth_first(state.copy(), max_nodes, time.perf_counter() + 600, order)[0]


# Deals whose win `solve` finds within 30,000 nodes (a dive included).
QUICK_WINS = {"clock": (12, 1, 5), "shah": (23, 12, 15), "blockade": (20,),
              "rainbow": (4, 7, 9), "open-shop": (6,), "toad": (1, 3, 5), "double-star": (4,)}


@functools.cache
def _winning_line(game_id: str, deal: int) -> tuple[RawMove, ...]:
    state = patience.get_game(game_id).new(deal=deal)
    result = patience.solve(state, max_nodes=30_000, max_seconds=600)
    assert result.outcome == "won"
    line = []
    for move in result.moves:
        line.append(state.resolve(move))
        state.play(move)
    return tuple(line)


def _positions(game_id: str) -> list[State]:
    """Positions near a win: a quick deal's winning line played part of the way, then a
    few random moves off it; started afresh, so the table key carries no memory. Sun:
    just after the wind."""
    if game_id == "sun":
        return [sun_after_wind(deal) for deal in range(1, 5)]
    out = []
    for deal in QUICK_WINS[game_id]:
        line = _winning_line(game_id, deal)
        for seed in range(3 if len(QUICK_WINS[game_id]) > 1 else 8):
            rng = random.Random(seed)
            state = patience.get_game(game_id).new(deal=deal)
            for move in line[:int(len(line) * rng.uniform(0.3, 0.9))]:
                state.play_raw(move)
            steps = rng.randrange(5)

            def go_on() -> bool:
                nonlocal steps
                steps -= 1
                return steps >= 0

            play_randomly(state, rng, lambda m: m[0] != ACTION, go_on)
            state._seen = set()
            out.append(state)
    return out


PROBE_GAMES = sorted(PROBE_ORDERS)


def _short_probes(state: State, game_id: str, monkeypatch: pytest.MonkeyPatch
                  ) -> tuple[set[bytes], dict[bytes, State]]:
    """Six probes of 400 nodes sharing a table: the keys proved lost, and for each key
    met the first position that had it, as a fresh start."""
    seen: dict[bytes, State] = {}
    key_of: Callable[[State], bytes] = state.rules.solver_key

    def recording(position: State) -> bytes:
        key = key_of(position)
        if key not in seen:
            copy = position.copy()
            copy._seen = set()
            seen[key] = copy
        return key

    proved: set[bytes] = set()
    with monkeypatch.context() as m:
        m.setattr(state.rules, "solver_key", recording)
        for probe in range(6):
            outcome, _, _ = depth_first(state.copy(), 400, time.perf_counter() + 60,
                                        PROBE_ORDERS[game_id](probe), proved)
            if outcome != "unknown":
                break
    return proved, seen


@pytest.mark.internals
@pytest.mark.parametrize("game_id", PROBE_GAMES)
def test_every_proved_position_is_lost_for_the_plain_search(
        game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Short probes on random positions; each position the table holds, searched again
    from scratch by one depth-first search with no table, is lost."""
    checked = 0
    for state in _positions(game_id):
        proved, seen = _short_probes(state, game_id, monkeypatch)
        for key in sorted(proved)[:15]:
            answer = _single_search(seen[key], 20_000)
            assert answer != "won", f"{game_id}: a proved position is won"
            checked += answer == "lost"
    assert checked > 0


@pytest.mark.parametrize("game_id", PROBE_GAMES)
def test_probes_with_the_table_agree_with_one_search(game_id: str) -> None:
    """Random positions: the restarted probes answer as one depth-first search whenever
    that search finishes, and find the same wins."""
    decided = 0
    for state in _positions(game_id):
        single = _single_search(state, 20_000)
        if single == "unknown":
            continue
        result = patience.solve(state, max_nodes=300_000, max_seconds=600)
        assert result.outcome == single, game_id
        decided += 1
    assert decided > 0
