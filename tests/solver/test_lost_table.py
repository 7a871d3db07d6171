"""The table of positions proved lost (``depth_first``), which searches from one start
may share.

A position finished by one depth-first search is lost on its own only when its subtree
met no position still on the path; the hand-made graphs below are the cases where a
table filled with every finished position would claim a winnable position lost. The
real games are cross-checked against the plain search.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import cast

import pytest

from patience.engine.rules import RawMove
from patience.engine.state import State
from patience.solver.depth_first import depth_first
from tests.solver.helpers import star_last_round, sun_after_wind

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

    def legal_reads_memory(self, walk: Walk) -> bool:
        return False  # the memory only refuses moves back to the path


class Walk:
    """A position of ``GraphRules`` with the engine's repetition rule: a
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
                                    lambda state, legal: legal, proved=proved)
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
    """Shared rules: 1 -> 2 is reversible and 2's only move, back to 1, is dropped by the
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
    """One depth-first search in the generic order, no shared table."""
    return depth_first(state.copy(), max_nodes, time.perf_counter() + 600)[0]


def _positions(game_id: str) -> list[State]:
    """Small positions whose searches finish: Sun just after the wind, Star in its last
    round."""
    if game_id == "sun":
        return [sun_after_wind(deal) for deal in range(1, 5)]
    return [star_last_round(deal, draws) for deal in range(1, 5) for draws in (12, 16, 20)]


def _shuffled(probe: int) -> Callable[[State, list[RawMove]], list[RawMove]]:
    """A probe's move order: the legal moves shuffled, reproducibly per probe."""
    rng = random.Random(probe)
    return lambda state, legal: rng.sample(legal, len(legal))


def _short_probes(state: State, monkeypatch: pytest.MonkeyPatch, probes: int = 6
                  ) -> tuple[str, set[bytes], dict[bytes, State]]:
    """Short searches of 400 nodes in different orders sharing a table (as a caller of
    ``depth_first`` may): the answer, the keys proved lost, and for each key met the first
    position that had it, as a fresh start."""
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
    outcome = "unknown"
    with monkeypatch.context() as m:
        m.setattr(state.rules, "solver_key", recording)
        for probe in range(probes):
            outcome, _, _ = depth_first(state.copy(), 400, time.perf_counter() + 60,
                                        _shuffled(probe), proved=proved)
            if outcome != "unknown":
                break
    return outcome, proved, seen


GAMES = ["star", "sun"]


@pytest.mark.internals
@pytest.mark.parametrize("game_id", GAMES)
def test_every_proved_position_is_lost_for_the_plain_search(
        game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Short searches on small positions; each position the shared table holds, searched
    again from scratch by one depth-first search with no table, is lost."""
    checked = 0
    for state in _positions(game_id):
        _, proved, seen = _short_probes(state, monkeypatch)
        for key in sorted(proved)[:15]:
            answer = _single_search(seen[key], 20_000)
            assert answer != "won", f"{game_id}: a proved position is won"
            checked += answer == "lost"
    assert checked > 0


@pytest.mark.internals
@pytest.mark.parametrize("game_id", GAMES)
def test_searches_sharing_the_table_agree_with_one_search(
        game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Small positions: short searches sharing the table answer as one depth-first search
    whenever both finish."""
    decided = 0
    for state in _positions(game_id):
        single = _single_search(state, 20_000)
        shared, _, _ = _short_probes(state, monkeypatch, probes=200)
        if "unknown" in (single, shared):
            continue
        assert shared == single, game_id
        decided += 1
    assert decided > 0
