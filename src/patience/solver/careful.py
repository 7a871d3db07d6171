"""The careful player: what to play from what a player sees (docs/rules.md, "What a player
sees"), by hindsight optimisation (Bjarnason, Fern and Tadepalli, ICAPS 2009).

``advise`` draws samples of the face-down cards (``engine.unseen``: each as likely as any
other arrangement consistent with what has been seen) and weighs every legal move on the
same samples, so a difference between two moves is never sampling noise. On one sample
the position is searched once: lost there, every move is lost there; won, the first move
of the won line is won there. Each move not yet known is searched after it is played. A
search left undecided by its node budget counts neither as won nor as lost: it widens the
interval.

With ``samples=N`` every budget is counted in nodes, so the advice is a pure function of
what the player sees, the options and the seed: two positions a player cannot tell apart
get the same advice. With ``samples=None`` samples are drawn, always in the same order for
the same seed, until ``max_seconds`` is spent.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from patience import native
from patience.deals import SplitMix64
from patience.engine.moves import Move
from patience.engine.rules import RawMove
from patience.engine.state import State
from patience.engine.unseen import sample
from patience.intervals import wilson
from patience.solver.depth_first import Outcome
from patience.solver.search import solve

__all__ = ["Advice", "MoveChance", "advise"]

# Nodes per search of one sample (the root or the position after one move): about 5 ms
# natively, so a sample with a dozen legal moves costs some 60 ms at most and a second
# weighs a few dozen samples even where most searches run out (bench/results/advise.json).
NODES = 5_000
# The same where the native search is not built: the Python search is some fifty times
# slower, so it searches less and decides less.
PYTHON_NODES = 300
# The table of one native search: far more than NODES positions fill.
TABLE_MB = 64
# Drawing by the clock: at least MIN_SAMPLES, whatever the clock says, and at most
# MAX_SAMPLES, where the Wilson interval of a chance near one half is about ±0.05 wide:
# more samples would narrow it little and only spend the time.
MIN_SAMPLES = 8
MAX_SAMPLES = 400
UNTIMED = 1e9  # seconds: a budget in nodes alone, so the answer never reads the clock


@dataclass(frozen=True)
class MoveChance:
    """One legal move weighed on the samples: the share of them from which the game can
    still be won after it (``chance``, with a 95 % interval ``low``..``high``) and how many
    were won, lost and left undecided."""

    move: Move
    chance: float
    low: float
    high: float
    won: int
    lost: int
    unknown: int


@dataclass(frozen=True)
class Advice:
    """The careful player's move and chances.

    ``chance`` is the share of the ways the face-down cards could lie, given what the player
    has seen, from which the game can still be won; ``low`` and ``high`` bound it (Wilson
    95 %: undecided samples counted as lost for ``low``, as won for ``high``, and as half
    won for ``chance``). ``moves`` has one entry per legal move weighed, in the order of the
    legal moves, all on the same ``samples``. A position with one legal move or none is not
    sampled: with none, the chance is 1 or 0 as the game is won or lost; with one, it is
    None (not weighed) and ``moves`` is empty.
    """

    move: Move | None
    chance: float | None
    low: float
    high: float
    moves: tuple[MoveChance, ...]
    samples: int


def advise(state: State, *, seed: int = 0, samples: int | None = None,
           max_seconds: float = 1.0) -> Advice:
    """What a careful player would play in ``state``, from what the player sees.

    ``samples=N`` weighs N samples with budgets in nodes only (the clock is not read), so
    the answer depends on what the player sees, the options and ``seed`` alone. With
    ``samples=None`` samples are drawn until ``max_seconds`` is spent (at least
    ``MIN_SAMPLES``, at most ``MAX_SAMPLES``). The caller's state is never changed.
    """
    began = time.perf_counter()
    if samples is not None and samples < 1:
        raise ValueError(f"samples must be at least 1, got {samples}")
    legal = state.legal_raw()
    if not legal:
        sure = 1.0 if state.status == "won" else 0.0
        return Advice(None, sure, sure, sure, (), 0)
    moves = [state.to_move(m) for m in legal]
    if len(legal) == 1:
        return Advice(moves[0], None, 0.0, 1.0, (), 0)
    weigh = _native_weigher(state, legal) or _python_weigher(state, legal)
    seeds = SplitMix64(seed)
    tally = [[0, 0, 0] for _ in range(len(legal) + 1)]  # won, lost, unknown; the root last
    drawn = 0
    slowest = 0.0  # the longest one sample took: the next may take twice as long on a
    # shared machine, and must still end within max_seconds
    while drawn < (samples or MAX_SAMPLES):
        now = time.perf_counter()
        if samples is None and drawn >= MIN_SAMPLES and now - began + 2 * slowest > max_seconds:
            break
        outcomes = weigh(seeds.next())
        slowest = max(slowest, time.perf_counter() - now)
        for counts, outcome in zip(tally, [*outcomes, _root(outcomes)], strict=True):
            counts[_SLOT[outcome]] += 1
        drawn += 1
    weighed = tuple(MoveChance(move, *_chance(*counts), *counts)
                    for move, counts in zip(moves, tally[:-1], strict=True))
    best = max(weighed, key=lambda m: (m.chance, m.low))  # max keeps the first of equals
    chance, low, high = _chance(*tally[-1])
    return Advice(best.move, chance, low, high, weighed, drawn)


_SLOT = {"won": 0, "lost": 1, "unknown": 2}

# One sample's weighing: the outcome after each legal move, in their order.
Weigher = Callable[[int], list[Outcome]]


def _root(outcomes: list[Outcome]) -> Outcome:
    """The position's outcome on a sample from its moves': won if one is, lost if all are."""
    if "won" in outcomes:
        return "won"
    return "lost" if all(o == "lost" for o in outcomes) else "unknown"


def _chance(won: int, lost: int, unknown: int) -> tuple[float, float, float]:
    """The chance (undecided samples half won) and its interval (Wilson 95 %: undecided
    samples lost for the low end, won for the high end)."""
    n = won + lost + unknown
    return (won + unknown / 2) / n, wilson(won, n)[0], wilson(won + unknown, n)[1]


def _native_weigher(state: State, legal: list[RawMove]) -> Weigher | None:
    """Weighing with the native sampler and search, or None where they do not play
    ``state``."""
    root = native.start(state) if native.supports(state) else None
    if root is None:
        return None

    def weigh(seed: int) -> list[Outcome]:
        drawn = root.sample(seed)
        outcome, line, _ = drawn.solve(NODES, UNTIMED, TABLE_MB)
        if outcome == "lost":
            return ["lost"] * len(legal)
        known: list[Outcome | None] = [None] * len(legal)
        if outcome == "won" and line[0] in legal:
            known[legal.index(line[0])] = "won"
        out: list[Outcome] = []
        for move, found in zip(legal, known, strict=True):
            if found is None:
                drawn.play(move)
                found = drawn.solve(NODES, UNTIMED, TABLE_MB)[0]
                drawn.undo()
            out.append(found)
        return out

    return weigh


def _python_weigher(state: State, legal: list[RawMove]) -> Weigher:
    """Weighing with the Python sampler and ``solve`` (small budgets: slower, still
    correct), where the native search is not built or does not play ``state``."""
    moves = [state.to_move(m) for m in legal]

    def weigh(seed: int) -> list[Outcome]:
        drawn = sample(state, seed)
        first = solve(drawn, max_nodes=PYTHON_NODES, max_seconds=UNTIMED)
        if first.outcome == "lost":
            return ["lost"] * len(legal)
        out: list[Outcome] = []
        for raw, move in zip(legal, moves, strict=True):
            if first.outcome == "won" and first.moves[0] == move:
                out.append("won")
                continue
            drawn.play_raw(raw)
            out.append(solve(drawn, max_nodes=PYTHON_NODES, max_seconds=UNTIMED).outcome)
            drawn.pop()
        return out

    return weigh
