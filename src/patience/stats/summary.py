"""Win rates with Wilson 95% score intervals; unknown deals counted both ways."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from patience.intervals import Z95, wilson
from patience.storage.results import DealResult

__all__ = ["Z95", "Summary", "summarise", "wilson"]


def _quantile(values: Sequence[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(q * len(ordered)) - 1)] if q > 0 \
        else ordered[0]


@dataclass(frozen=True)
class Summary:
    deals: int
    won: int
    lost: int
    unknown: int
    practical_won: int
    low: float  # lower end of the thoughtful win rate's interval (unknowns as losses)
    high: float  # upper end (unknowns as wins)
    practical_low: float
    practical_high: float
    median_seconds: float
    p95_seconds: float
    p99_seconds: float

    @property
    def win_rate(self) -> float:
        """The point estimate over decided deals (unknowns left out)."""
        decided = self.won + self.lost
        return self.won / decided if decided else 0.0

    @property
    def practical_rate(self) -> float:
        return self.practical_won / self.deals if self.deals else 0.0


def summarise(results: Sequence[DealResult]) -> Summary:
    n = len(results)
    won = sum(r.outcome == "won" for r in results)
    lost = sum(r.outcome == "lost" for r in results)
    unknown = n - won - lost
    practical = sum(r.practical == "won" for r in results)
    low = wilson(won, n)[0]
    high = wilson(won + unknown, n)[1]
    p_low, p_high = wilson(practical, n)
    times = [r.seconds for r in results]
    return Summary(n, won, lost, unknown, practical, low, high, p_low, p_high,
                   _quantile(times, 0.5), _quantile(times, 0.95), _quantile(times, 0.99))
