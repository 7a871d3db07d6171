"""The solver: exact win/loss/unknown answers, hints, where a game slipped away, and a
practical player."""

from patience.solver.hint import Hint, Hinter, hint
from patience.solver.search import SolverError, SolveResult, solve
from patience.solver.slip import Slip, find_slip

__all__ = ["Hint", "Hinter", "Slip", "SolveResult", "SolverError", "find_slip", "hint", "solve"]
