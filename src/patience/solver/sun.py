"""Sun's move orders for the solver's probes (RULES.md §1).

Which copy of a card goes up first, onto which of a suit's two foundations, and whether a
ray's card is played before its scatter or scattered with the ray (SUN-6) decide where
the remaining cards lie at every later scatter and what the wind makes of the clouds
(SUN-9). Wins lie on many unrelated lines, so one depth-first search, which spends its
budget varying the last moves before the wind, finds few of them. The solver therefore
runs many short probes (``search._restarts``): probe 0 tries the greedy line first (every
play before any stage action); probe n > 0 tries plays in an order drawn by a generator
seeded with n, and in stage 3 sometimes scatters before the plays. Each probe is a
complete search, so ordering never changes an answer, only how soon it is found.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from patience.engine.rules import ACTION, RawMove
from patience.engine.state import State
from patience.games.sun import RAYS, SCATTERED, STAGE

Ordering = Callable[[State, list[RawMove]], list[RawMove]]
EARLY_SCATTER = 0.05  # chance, at a stage-3 position, that the scatter is tried first


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

    def order(state: State, legal: list[RawMove]) -> list[RawMove]:
        plays = [m for m in legal if m[0] != ACTION and not m[3]]
        actions = [m for m in legal if m[0] == ACTION]
        transfers = [m for m in legal if m[3]]
        if mixed:
            plays += transfers
            transfers = []
        rng.shuffle(plays)
        vars_ = state.vars
        if (plays and vars_[STAGE] == 3 and vars_[SCATTERED] < RAYS
                and rng.random() < EARLY_SCATTER):
            return actions + plays + transfers  # SUN-6: scatter with these cards aboard
        return plays + actions + transfers

    return order
