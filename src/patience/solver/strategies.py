"""Which game is searched how: restarted probes, own searches, and dives before them.

``search.solve`` reads these tables; the depth-first core (``solver/depth_first.py``)
and the per-game knowledge it reads (``solver/dominance.py``) know nothing of them, so a
dive or own search may call the core. docs/solver.md has the figures behind each entry.
"""

from __future__ import annotations

from collections.abc import Callable

from patience.engine.rules import RawMove
from patience.engine.state import State
from patience.games.reserve_family import ReserveRules
from patience.solver import clock as clock_solver
from patience.solver import shah as shah_solver
from patience.solver import sun as sun_solver
from patience.solver.blockade import blockade_probe_order
from patience.solver.blockade_dive import DIVE_SHARE as BLOCKADE_DIVE_SHARE
from patience.solver.blockade_dive import blockade_dive
from patience.solver.blockade_search import blockade_search
from patience.solver.clock_dive import DIVE_SHARE as CLOCK_DIVE_SHARE
from patience.solver.clock_dive import clock_dive
from patience.solver.depth_first import Outcome
from patience.solver.dominance import RESERVE_FAMILY
from patience.solver.probes import PROBE_UNIT, Ordering
from patience.solver.reserve_dive import DIVE_SHARE, reserve_dive
from patience.solver.reserve_endgame import PoolLimits
from patience.solver.reserve_family import reserve_probe_order
from patience.solver.reserve_search import reserve_search
from patience.solver.shah_dive import DIVE_SHARE as SHAH_DIVE_SHARE
from patience.solver.shah_dive import shah_dive
from patience.solver.shah_search import shah_search
from patience.solver.star_dive import DIVE_SHARE as STAR_DIVE_SHARE
from patience.solver.star_dive import star_dive
from patience.solver.star_search import star_search
from patience.solver.toad import dive_after_extractions, search_after_extractions

# Games searched by restarted probes (depth_first.restarts): probe number -> move order.
PROBE_ORDERS: dict[str, Callable[[int], Ordering]] = {
    "sun": sun_solver.probe_order,
    "clock": clock_solver.probe_order,
    "shah": shah_solver.probe_order,
    "blockade": blockade_probe_order,
    **{game_id: reserve_probe_order for game_id in RESERVE_FAMILY},
}

# Nodes of the shortest probe where a game's probes should back up further than
# probes.PROBE_UNIT (docs/solver.md has the figures). Only how soon an answer comes changes.
PROBE_UNITS: dict[str, int] = {
    # a high card on the toad pile: the placements that decide the deal lie far back
    "toad": 1024,
    # one pass: a won line is some 250 moves, so a 256-node probe never ends its first dive
    "open-shop": 512,
    # one pass too: a won line is some 240-250 moves
    "double-star": 384,
}

# Games searched by their own exact copy of ``depth_first`` (same positions, same order,
# same answer; the game's own bookkeeping), or by their own schedule of complete probes
# (Blockade's dives). Tests compare each with the generic search.
def reserve_family_search(state: State, max_nodes: int,
                          deadline: float) -> tuple[Outcome, list[RawMove], int]:
    """The reserve family's restarted probes on ranks (``solver/reserve_search.py``), with
    the game's probe unit; in Toad after each ace extraction still open
    (``solver/toad.py``)."""
    return search_after_extractions(_probes, state, max_nodes, deadline)


def _probes(state: State, max_nodes: int,
            deadline: float) -> tuple[Outcome, list[RawMove], int]:
    return reserve_search(state, max_nodes, deadline,
                          PROBE_UNITS.get(state.game.id, PROBE_UNIT))


SEARCHES: dict[str, Callable[[State, int, float], tuple[Outcome, list[RawMove], int]]] = {
    "star": star_search,
    "blockade": blockade_search,
    "shah": shah_search,
    **{game_id: reserve_family_search for game_id in RESERVE_FAMILY},
}

# Games whose deals are first dived for a win (a heuristic search that returns a line or
# nothing, never "lost"), with the share of the node and time budgets the dive may use;
# the search proper then gets the rest. ``search.solve`` replays a dive's line as any won
# line. docs/solver.md has the figures.
Dive = Callable[[State, int, float], tuple[list[RawMove] | None, int]]

# two-deck Star's dive also drops the positions with at most 12 cards to come (where its
# complete searches take over) that the pool game proves lost within 1,000 positions
DOUBLE_STAR_POOL = PoolLimits(cards=12, budget=1_000)


# two-deck Star's beams widen four times a round (2, 8, 32, 128, ...), as Toad's: its
# late wins need a round of width 128 or 512 that growth 16 reaches only past its share
DOUBLE_STAR_GROWTH = 4


def double_star_dive(state: State, max_nodes: int,
                     deadline: float) -> tuple[list[RawMove] | None, int]:
    """The reserve family's dive with the pool game (``solver/reserve_endgame.py``), its
    beams widening by ``DOUBLE_STAR_GROWTH``."""
    return reserve_dive(state, max_nodes, deadline, DOUBLE_STAR_POOL,
                        growth=DOUBLE_STAR_GROWTH)


# Toad's beams widen four times a round (2, 8, 32, 128, ...): with waste tops held a
# round of width 32 no longer fits the dive's share of 10 s, and the rounds between
# reach lines the widths 2 and 32 miss
TOAD_GROWTH = 4


def toad_dive(state: State, max_nodes: int,
              deadline: float) -> tuple[list[RawMove] | None, int]:
    """The reserve family's dive, each placement also kept with the waste tops held off
    the foundations (``reserve_dive``'s ``hold``), its beams widening by ``TOAD_GROWTH``;
    after each ace extraction still open (``solver/toad.py``)."""
    return dive_after_extractions(_toad_beams, state, max_nodes, deadline)


def _toad_beams(state: State, max_nodes: int,
                deadline: float) -> tuple[list[RawMove] | None, int]:
    return reserve_dive(state, max_nodes, deadline, hold=True, growth=TOAD_GROWTH)


# Open Shop's beams widen four times a round (2, 8, 32, 128, 512) too: its late wins are
# width-128 beams', which growth 16 reaches only by a round of width 512, past the dive's
# half of 10 s
OPEN_SHOP_GROWTH = 4


def open_shop_dive(state: State, max_nodes: int,
                   deadline: float) -> tuple[list[RawMove] | None, int]:
    """The reserve family's dive, its beams widening by ``OPEN_SHOP_GROWTH``."""
    return reserve_dive(state, max_nodes, deadline, growth=OPEN_SHOP_GROWTH)


# two-deck Star's share of the budgets for its dive, by waste piles (DST-4 [R] option
# ``piles``). Five or four: a quarter, the probes win most deals within a few thousand
# nodes and those only the dive wins need far less. Three: a wrong early placement buries
# cards for good, and the probes, which vary the last placements first, seldom recover
# from one, while the dive weighs the placements card by card (docs/solver.md)
DOUBLE_STAR_DIVE_SHARES = {5: 0.25, 4: 0.25, 3: 0.75}


def double_star_dive_share(state: State) -> float:
    """Two-deck Star's dive share for the deal's number of waste piles."""
    rules = state.rules
    assert isinstance(rules, ReserveRules)
    return DOUBLE_STAR_DIVE_SHARES[rules.shape.waste_piles]


# a share, or a function of the position giving it (a share that depends on the options)
DiveShare = float | Callable[[State], float]

DIVES: dict[str, tuple[Dive, DiveShare]] = {
    "toad": (toad_dive, DIVE_SHARE),
    "open-shop": (open_shop_dive, DIVE_SHARE),
    "double-star": (double_star_dive, double_star_dive_share),
    "shah": (shah_dive, SHAH_DIVE_SHARE),
    "blockade": (blockade_dive, BLOCKADE_DIVE_SHARE),
    "star": (star_dive, STAR_DIVE_SHARE),
    "clock": (clock_dive, CLOCK_DIVE_SHARE),
}
