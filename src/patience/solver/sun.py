"""Sun's move orders for the solver's probes (RULES.md §1).

Which copy of a card goes up first, onto which of a suit's two foundations, and whether a
ray's card is played before its scatter or scattered with the ray (SUN-6) decide where
the remaining cards lie at every later scatter and what the wind makes of the clouds
(SUN-9). Wins lie on many unrelated lines, so one depth-first search, which spends its
budget varying the last moves before the wind, finds few of them. The solver therefore
runs many short probes (``depth_first.restarts``): probe 0 tries the greedy line first (every
play before any stage action); probe n > 0 tries plays in an order drawn by a generator
seeded with n, and sometimes takes the stage action (deal, next-ray, scatter) before the
plays, which leaves those cards where the action finds them. Each probe is a
complete search, so ordering never changes an answer, only how soon it is found.
"""

from __future__ import annotations

import random

from patience.engine.rules import ACTION, RawMove
from patience.engine.state import State
from patience.games.sun import RAYS, SCATTERED, STAGE
from patience.solver.probes import Ordering

# chance, at a position with plays, that the stage action is tried before them:
# in stages 1 and 2 (deal, next-ray; SUN-4, SUN-5) for half the probes, in stage 3
# (scatter, SUN-6) for all; never before the wind
EARLY_ACTION = 0.05


def greedy_order(state: State, legal: list[RawMove]) -> list[RawMove]:
    """Plays to a foundation first, then the stage action, transfers (SUN-3) last: a
    transfer only changes which rank of its suit fits next, and trying them before the
    action sends the first line through every split of the suit."""
    plays = [m for m in legal if m[0] != ACTION and not m[3]]
    transfers = [m for m in legal if m[3]]
    return plays + [m for m in legal if m[0] == ACTION] + transfers


def probe_order(probe: int) -> Ordering:
    """The move order of probe ``probe``: greedy for probe 0, drawn at random after."""
    if probe == 0:
        return greedy_order
    rng = random.Random(probe)
    mixed = probe % 2 == 1  # odd probes draw transfers among the plays
    early_before_stage_3 = EARLY_ACTION if probe % 4 >= 2 else 0.0

    def order(state: State, legal: list[RawMove]) -> list[RawMove]:
        plays = [m for m in legal if m[0] != ACTION and not m[3]]
        actions = [m for m in legal if m[0] == ACTION]
        transfers = [m for m in legal if m[3]]
        if mixed:
            plays += transfers
            transfers = []
        rng.shuffle(plays)
        if plays and actions:
            vars_ = state.vars
            if vars_[STAGE] < 3:
                early = early_before_stage_3
            else:
                early = EARLY_ACTION if vars_[SCATTERED] < RAYS else 0.0
            if early and rng.random() < early:
                return actions + plays + transfers
        return plays + actions + transfers

    return order
