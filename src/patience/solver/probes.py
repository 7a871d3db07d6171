"""What the move orders of restarted probes share (``depth_first.restarts``).

An order only decides which line a probe tries first; it never changes what a complete
search answers, so anything random here is safe.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from patience.engine.rules import ACTION, RawMove
from patience.engine.state import State

Ordering = Callable[[State, list[RawMove]], list[RawMove]]


def noisy_order(legal: list[RawMove], rank: Callable[[RawMove], float], noise: float,
                rng: random.Random) -> list[RawMove]:
    """The moves by ``rank`` plus a random draw of up to ``noise``: near ranks may swap,
    far ones keep their order."""
    keyed = sorted((rank(m) + noise * rng.random(), i) for i, m in enumerate(legal))
    return [legal[i] for _, i in keyed]


def actions_first_sometimes(moves: list[RawMove], chance: float,
                            rng: random.Random) -> list[RawMove]:
    """With probability ``chance`` the actions before every card move: acting early sends
    different stock cards where the action lays them."""
    if rng.random() < chance:
        actions = [m for m in moves if m[0] == ACTION]
        if actions:
            return actions + [m for m in moves if m[0] != ACTION]
    return moves


PROBE_UNIT = 256  # nodes of the shortest probe of a restarted search


def luby(i: int) -> int:
    """The i-th term (from 1) of Luby's sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, …"""
    while True:
        k = i.bit_length()
        if i == (1 << k) - 1:
            return 1 << (k - 1)
        i -= (1 << (k - 1)) - 1


def probe_cutoff(probe: int, unit: int = PROBE_UNIT) -> int:
    """Probe ``probe``'s node cut-off: ``unit``, except every fourth probe, whose cut-off
    is ``unit`` times the next term of Luby's sequence, so the cut-offs grow without bound
    and a small enough tree is still searched to its end."""
    return unit * luby(probe // 4 + 1) if probe % 4 == 3 else unit
