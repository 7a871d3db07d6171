"""Toad's search: the reserve family's restarted probes, each probe longer.

A Toad deal left undecided by short probes usually has its toad pile topped by a high
card, so no foundation play from the pile comes until one foundation has been built far
up from the stock alone; a winning line then turns on placements made long before the
pile moves, and a probe of ``PROBE_UNIT`` nodes mostly re-decides the last few
placements of one dive. Longer probes back up further. Each probe is still a complete
search that shares the table of positions proved lost, so the answer is that of
``search._restarts``; only how soon it comes changes.
"""

from __future__ import annotations

import time
from typing import Literal

from patience.engine.rules import RawMove
from patience.engine.state import State
from patience.solver.probes import probe_cutoff
from patience.solver.reserve_family import reserve_probe_order

Outcome = Literal["won", "lost", "unknown"]
# nodes of the shortest Toad probe: four times the generic 256 (deals 101-200 at 50,000
# nodes: 92 won against 87; 2,048 also won 87, trading easy wins for hard ones)
TOAD_PROBE_UNIT = 1024


def toad_search(work: State, max_nodes: int,
                deadline: float) -> tuple[Outcome, list[RawMove], int]:
    """``search._restarts`` with probe cut-offs of ``TOAD_PROBE_UNIT``; ``work`` is as it
    was given unless the answer is ``won``."""
    from patience.solver.search import _search  # search imports this module's table

    nodes = 0
    probe = 0
    proved: set[bytes] = set()
    while nodes < max_nodes and time.perf_counter() < deadline:
        budget = min(probe_cutoff(probe, TOAD_PROBE_UNIT), max_nodes - nodes)
        outcome, line, used = _search(work, budget, deadline, reserve_probe_order(probe),
                                      proved)
        nodes += used
        if outcome != "unknown":
            return outcome, line, nodes
        probe += 1
    return "unknown", [], nodes
