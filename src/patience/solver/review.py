"""The game review: every move of a recorded game weighed by the careful player's measure,
the share of the ways the face-down cards could lie from which the game can still be won
(``careful``), as a chess site reviews a game.

Each position of the record is sampled apart, every legal move there on the same samples,
so the chance after the move played and after the best move are compared on equal terms;
the verdict comes from the chance the move gave away (``VERDICTS``). Positions are
independent, so they are weighed on any ``concurrent.futures.Executor`` (both cores), and
the review always answers: a sample the search leaves undecided counts half.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import Executor, as_completed
from dataclasses import dataclass
from typing import Any, Literal

from patience.deals import SplitMix64
from patience.engine.moves import Move
from patience.engine.record import replay
from patience.solver.careful import Row, chance, counts, root_outcome, sampler, weigh

__all__ = ["VERDICTS", "MoveReview", "Review", "Verdict", "review"]

Verdict = Literal["good", "inaccuracy", "mistake", "blunder"]
# The chance a move gives away against the best move there (on the same samples), from
# which it is called an inaccuracy, a mistake or a blunder: one deal in twenty, in ten,
# in five. Lichess's winning-chance thresholds, on a scale of 0 to 1.
VERDICTS: tuple[tuple[float, Verdict], ...] = (
    (0.20, "blunder"), (0.10, "mistake"), (0.05, "inaccuracy"))
# Samples per position: 24 put a 150-move game under a minute on two cores
# (bench/results/review.json), with each move's chance to about ±0.1 and the differences
# between moves, weighed on the same samples, finer.
SAMPLES = 24


@dataclass(frozen=True)
class MoveReview:
    """One move of the game: the chances before and after it, the best move there (the
    highest chance on the same samples) and the verdict. ``choices`` is how many moves
    were legal (1: the move was forced)."""

    number: int
    move: Move
    chance_before: float
    chance_after: float
    best: Move
    best_chance: float
    verdict: Verdict
    choices: int


@dataclass(frozen=True)
class Review:
    """A game's review: one entry per move of the record, in order."""

    moves: tuple[MoveReview, ...]
    start_chance: float  # the deal's chance, before the first move
    samples: int
    seconds: float


def verdict(given_away: float) -> Verdict:
    """The verdict on a move that gave ``given_away`` of the chance away."""
    for threshold, name in VERDICTS:
        if given_away >= threshold - 1e-9:
            return name
    return "good"


def review(record: Mapping[str, Any], *, samples: int = SAMPLES, seed: int = 0,
           executor: Executor | None = None,
           progress: Callable[[int, int], None] | None = None) -> Review:
    """Review every move of ``record`` (a game record, as ``engine.record``). Positions are
    weighed on ``executor`` when one is given; ``progress(done, total)`` is called as each
    position is weighed. The answer depends on the record, ``samples`` and ``seed`` only."""
    began = time.perf_counter()
    total = len(record["moves"])
    data = dict(record)
    jobs = range(total)
    weighed: dict[int, tuple[list[Row], int]] = {}
    if executor is None:
        results: Iterable[tuple[int, list[Row], int]] = (
            weigh_position(data, k, samples, seed) for k in jobs)
    else:
        futures = [executor.submit(weigh_position, data, k, samples, seed) for k in jobs]
        results = (future.result() for future in as_completed(futures))
    for k, rows, played in results:
        weighed[k] = (rows, played)
        if progress is not None:
            progress(len(weighed), total)
    state = replay({**data, "moves": []})
    entries: list[MoveReview] = []
    start = 1.0 if state.status == "won" else 0.0
    for k in range(total):
        rows, played = weighed[k]
        moves = state.legal_moves()
        chances = [chance(counts(rows, i))[0] for i in range(len(moves))]
        before = chance(counts([[root_outcome(row)] for row in rows], 0))[0]
        if k == 0:
            start = before
        best = max(range(len(moves)), key=lambda i: chances[i])  # the first of equals
        entries.append(MoveReview(k + 1, moves[played], before, chances[played], moves[best],
                                  chances[best], verdict(chances[best] - chances[played]),
                                  len(moves)))
        state.play_raw(state.legal_raw()[played])
    return Review(tuple(entries), start, samples, time.perf_counter() - began)


def weigh_position(record: Mapping[str, Any], k: int, samples: int, seed: int
                   ) -> tuple[int, list[Row], int]:
    """The samples' rows at the position before move ``k + 1`` of ``record`` and the index
    of the move played there among the legal moves; a top-level function so workers can
    run it."""
    moves = record["moves"]
    state = replay({**record, "moves": moves[:k]})
    legal = state.legal_raw()
    played = legal.index(state.resolve(moves[k]))
    draw = sampler(state, legal)
    seeds = SplitMix64(seed ^ (k * 0x9E3779B97F4A7C15))
    return k, [weigh(draw(seeds.next()), len(legal)) for _ in range(samples)], played
