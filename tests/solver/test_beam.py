"""The dives' widening rounds (solver/beam.py): which beams run, at which widths, and when
the rounds stop."""

from __future__ import annotations

from collections.abc import Callable

from patience.engine.rules import RawMove
from patience.solver.beam import widening_rounds

Beam = Callable[[str, int, int], tuple[list[RawMove] | None, int, bool]]

LINE: list[RawMove] = [(0, 1, 0, False)]


def recording_beam(calls: list[tuple[str, int]], wins: tuple[str, int] | None = None,
                   drops: bool = True) -> Beam:
    """A beam that records (weights, width), uses one node, finds ``LINE`` only at
    ``wins`` and leaves positions out when ``drops``."""
    def beam(weights: str, width: int, budget: int) -> tuple[list[RawMove] | None, int, bool]:
        calls.append((weights, width))
        return (LINE if (weights, width) == wins else None), 1, drops
    return beam


def test_rounds_take_the_first_widths_then_grow() -> None:
    """Every variant runs once per round, at each given width in turn, then at widths
    growing by the factor given (Shah's dive skips width 32, solver/shah_dive.py)."""
    calls: list[tuple[str, int]] = []
    line, nodes = widening_rounds(recording_beam(calls), ["a", "b"], (2, 128), 4, 8, 1e18)
    assert line is None and nodes == 8
    assert calls == [("a", 2), ("b", 2), ("a", 128), ("b", 128),
                     ("a", 512), ("b", 512), ("a", 2048), ("b", 2048)]


def test_one_first_width_grows_at_once() -> None:
    calls: list[tuple[str, int]] = []
    widening_rounds(recording_beam(calls), ["a"], (2,), 16, 3, 1e18)
    assert calls == [("a", 2), ("a", 32), ("a", 512)]


def test_a_line_found_ends_the_rounds() -> None:
    calls: list[tuple[str, int]] = []
    line, nodes = widening_rounds(recording_beam(calls, wins=("b", 128)), ["a", "b"],
                                  (2, 128), 4, 100, 1e18)
    assert line == LINE and nodes == 4
    assert calls[-1] == ("b", 128)


def test_a_round_that_left_nothing_out_is_the_last() -> None:
    """A wider beam would meet the same positions, so nothing more is tried."""
    calls: list[tuple[str, int]] = []
    line, nodes = widening_rounds(recording_beam(calls, drops=False), ["a", "b"], (2, 128),
                                  4, 100, 1e18)
    assert line is None and calls == [("a", 2), ("b", 2)] and nodes == 2
