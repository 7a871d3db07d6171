"""The careful player: what to play from what a player sees (docs/rules.md, "What a player
sees"), by hindsight optimisation (Bjarnason, Fern and Tadepalli, ICAPS 2009) over the
practical player's move.

Samples of the face-down cards (``engine.unseen``: each as likely as any other arrangement
consistent with what has been seen) are searched, every legal move on the same samples, so
a difference between two moves is never sampling noise. On one sample the position is
searched once: lost there, every move is lost there; won, the first move of the won line
is won there; undecided, every move is taken as undecided there (a search of the same
budget after the move would rarely decide what the search from the position could not).
A sample left undecided counts neither as won nor as lost: it widens the interval.

Hindsight alone plays badly where it matters most: on each sample the search knows where
every card lies, so moves a player must choose blind (which waste pile, which packet
first) all look alike to it. The careful player therefore plays the practical player's
move (``practical``: one move ahead on what is face up) unless the samples show another
move clearly better: won on ``MARGIN`` more samples than the practical move. Where the
practical player gives the game up, the move won on the most samples is played while one
is won anywhere.

With ``samples=N`` every budget is counted in nodes, so the advice is a pure function of
what the player sees, the options and the seed: two positions a player cannot tell apart
get the same advice. With ``samples=None`` samples are drawn, always in the same order for
the same seed, until ``max_seconds`` is spent.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from patience import native
from patience.deals import SplitMix64
from patience.engine.moves import Move
from patience.engine.rules import RawMove
from patience.engine.state import State
from patience.engine.unseen import sample
from patience.intervals import wilson
from patience.solver.depth_first import Outcome
from patience.solver.practical import Lookahead, next_move
from patience.solver.search import solve

if TYPE_CHECKING:
    from patience._native import NativeState

__all__ = ["LEVEL_FOUNDATIONS", "Advice", "MoveChance", "advise", "chance", "choose", "counts",
           "default_move", "level_foundation", "practical_move", "root_outcome", "sampler",
           "weigh"]

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
# Samples a move must win beyond the practical move's, on the same samples, to be played
# instead (bench/results/careful.json: two in sixteen).
MARGIN = 2
UNTIMED = 1e9  # seconds: a budget in nodes alone, so the answer never reads the clock
# Games whose careful player keeps the foundations level (the module's docstring says why).
LEVEL_FOUNDATIONS = frozenset({"rainbow"})


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
    legal moves, all on the same ``samples``. ``best`` is the move with the highest chance
    (the first of equals); ``move`` is the one the careful player plays, which may be
    another within sampling noise of it (the module's docstring says why). A position with
    one legal move or none is not sampled: with none, the chance is 1 or 0 as the game is
    won or lost; with one, it is None (not weighed) and ``moves`` is empty.
    """

    move: Move | None
    chance: float | None
    low: float
    high: float
    moves: tuple[MoveChance, ...]
    samples: int
    best: Move | None = None


# What each legal move came to on one sample: won, lost, unknown, or None where it was
# not searched (only when playing: the practical move won there, so no move can beat it).
Row = list[Outcome | None]


class Sample(Protocol):
    """One arrangement of the unseen cards, searched on demand."""

    def root(self) -> tuple[Outcome, int | None]:
        """The position's outcome, and the index of a legal move known won (or None)."""

    def after(self, index: int) -> Outcome:
        """The outcome after the legal move ``index``."""


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
        return Advice(moves[0], None, 0.0, 1.0, (), 0, moves[0])
    default = default_move(state, Lookahead(state))  # before the clock's samples
    draw = sampler(state, legal)
    seeds = SplitMix64(seed)
    rows: list[Row] = []
    drawn: list[Sample] = []
    slowest = 0.0  # the longest one sample took: the next may take twice as long on a
    # shared machine, and must still end within max_seconds
    while len(rows) < (samples or MAX_SAMPLES):
        now = time.perf_counter()
        if samples is None and len(rows) >= MIN_SAMPLES \
                and now - began + 2 * slowest > max_seconds:
            break
        drawn.append(draw(seeds.next()))
        rows.append(weigh(drawn[-1], len(legal)))
        slowest = max(slowest, time.perf_counter() - now)
    weighed = tuple(MoveChance(move, *chance(counts(rows, i)), *counts(rows, i))
                    for i, move in enumerate(moves))
    best = max(weighed, key=lambda m: (m.chance, m.low))  # max keeps the first of equals
    played = choose(rows, drawn, None if default is None else legal.index(default))
    at_root = chance(counts([[root_outcome(row)] for row in rows], 0))
    # where the practical player gives up and no sample is won, advice still names a move
    return Advice(best.move if played is None else moves[played], *at_root,
                  weighed, len(rows), best.move)


def weigh(drawn: Sample, count: int, default: int | None = None) -> Row:
    """Every legal move's outcome on one sample; with a ``default`` move, the others only
    where it is not won (elsewhere no move can do better than it, and they stay None)."""
    outcome, first = drawn.root()
    if outcome != "won":  # lost: after every move too; undecided: so is every move, as
        return [outcome] * count  # far as searches of the same budget can tell
    row: Row = [None] * count
    if first is not None:
        row[first] = "won"
    if default is not None:
        if row[default] is None:
            row[default] = drawn.after(default)
        if row[default] == "won":
            return row
    return [drawn.after(i) if found is None else found for i, found in enumerate(row)]


def choose(rows: list[Row], drawn: Sequence[Sample], default: int | None) -> int | None:
    """The move to play, by its index: ``default`` unless another is clearly better.

    A move's gain over ``default`` is the samples won after it and not after ``default``
    less the samples won after ``default`` and not after it. The move with the highest
    gain, the first of equals, is played when that gain is ``MARGIN`` or more. Without a
    default (the practical player gave up) the move won on the most samples is played, or
    None where none is won anywhere.
    """
    count = len(rows[0]) if rows else 0
    if default is None:
        wins = [sum(row[i] == "won" for row in rows) for i in range(count)]
        most = max(range(count), key=lambda i: wins[i], default=None)
        return most if most is not None and wins[most] > 0 else None
    beats = [sum(row[i] == "won" and row[default] != "won" for row in rows)
             for i in range(count)]
    best, best_gain = default, 0
    for i in range(count):
        if beats[i] < MARGIN:
            continue  # cannot gain MARGIN: no need to know where it loses
        for row, one in zip(rows, drawn, strict=True):
            if row[i] is None:
                row[i] = one.after(i)
        gain = beats[i] - sum(row[default] == "won" and row[i] != "won" for row in rows)
        if gain > best_gain:
            best, best_gain = i, gain
    return best if best_gain >= MARGIN else default


def practical_move(state: State, look: Lookahead) -> RawMove | None:
    """The practical player's move in ``state`` as a legal raw move, or None where it gives
    the game up."""
    move = next_move(state, look)
    if look.stuck:
        return None
    return state.legal_raw()[state.legal_moves().index(move)]


def default_move(state: State, look: Lookahead) -> RawMove | None:
    """The careful player's move before it weighs samples: the practical player's, on
    the level foundation where the game keeps its foundations level."""
    move = practical_move(state, look)
    if move is None or state.game.id not in LEVEL_FOUNDATIONS:
        return move
    return level_foundation(state, move)


def level_foundation(state: State, move: RawMove) -> RawMove:
    """``move``, or where it plays a card to a foundation, the legal move playing the same
    card to the foundation holding the fewest cards (the first of equals)."""
    foundations = state.rules.foundations
    src, dst, index, _ = move
    if dst not in foundations:
        return move
    same = [m for m in state.legal_raw() if m[0] == src and m[2] == index and m[1] in foundations]
    return min(same, key=lambda m: len(state.piles[m[1]]))


def root_outcome(row: Row) -> Outcome:
    """The position's outcome on a sample from its moves': won if one is, lost if all are."""
    if "won" in row:
        return "won"
    return "lost" if all(o == "lost" for o in row) else "unknown"


def counts(rows: list[Row], index: int) -> tuple[int, int, int]:
    """How many samples were won, lost and undecided after move ``index``."""
    column = [row[index] for row in rows]
    return column.count("won"), column.count("lost"), column.count("unknown")


def chance(counted: tuple[int, int, int]) -> tuple[float, float, float]:
    """The chance (undecided samples half won) and its interval (Wilson 95 %: undecided
    samples lost for the low end, won for the high end)."""
    won, lost, unknown = counted
    n = won + lost + unknown
    return (won + unknown / 2) / n, wilson(won, n)[0], wilson(won + unknown, n)[1]


def sampler(state: State, legal: list[RawMove]) -> Callable[[int], Sample]:
    """Samples of ``state`` by seed: native where the native search plays it."""
    root = native.start(state) if native.supports(state) else None
    if root is not None:
        return lambda seed: _NativeSample(root.sample(seed), legal)
    moves = [state.to_move(m) for m in legal]
    return lambda seed: _PythonSample(sample(state, seed), legal, moves)


class _NativeSample:
    """A sample searched by the native search."""

    def __init__(self, drawn: NativeState, legal: list[RawMove]) -> None:
        self.drawn = drawn
        self.legal = legal

    def root(self) -> tuple[Outcome, int | None]:
        outcome, line, _ = self.drawn.solve(NODES, UNTIMED, TABLE_MB)
        won = outcome == "won" and bool(line) and line[0] in self.legal
        return outcome, self.legal.index(line[0]) if won else None

    def after(self, index: int) -> Outcome:
        self.drawn.play(self.legal[index])
        outcome = self.drawn.solve(NODES, UNTIMED, TABLE_MB)[0]
        self.drawn.undo()
        return outcome


class _PythonSample:
    """A sample searched by the Python search (small budgets: slower, still correct)."""

    def __init__(self, drawn: State, legal: list[RawMove], moves: list[Move]) -> None:
        self.drawn = drawn
        self.legal = legal
        self.moves = moves

    def root(self) -> tuple[Outcome, int | None]:
        first = solve(self.drawn, max_nodes=PYTHON_NODES, max_seconds=UNTIMED)
        won = first.outcome == "won" and bool(first.moves) and first.moves[0] in self.moves
        return first.outcome, self.moves.index(first.moves[0]) if won else None

    def after(self, index: int) -> Outcome:
        self.drawn.play_raw(self.legal[index])
        outcome = solve(self.drawn, max_nodes=PYTHON_NODES, max_seconds=UNTIMED).outcome
        self.drawn.pop()
        return outcome
