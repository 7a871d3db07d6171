"""Wilson 95 % score intervals for a share counted in trials: the statistics' win rates
and the careful player's chances both read them. And the sign test that compares two
players deal for deal (``bench/careful.py``, ``bench/level_foundations.py``)."""

from __future__ import annotations

import math

Z95 = 1.959963984540054


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion; (0, 1) when there are no trials."""
    if trials <= 0:
        return 0.0, 1.0
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must lie in 0…{trials}, got {successes}")
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def sign_test(wins: int, losses: int) -> float:
    """Exact two-sided sign test: the chance of a split of ``wins + losses`` discordant
    deals at least this uneven if either player were as likely to be the one who won."""
    if wins < 0 or losses < 0:
        raise ValueError(f"counts must be at least 0, got {wins} and {losses}")
    n = wins + losses
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, k) for k in range(min(wins, losses) + 1)) / (1 << n)
    return min(1.0, 2 * tail)
