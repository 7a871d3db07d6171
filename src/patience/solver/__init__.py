"""The solver: exact win/loss/unknown answers, hints, and a practical player."""

from patience.solver.hint import Hint, hint
from patience.solver.search import SolverError, SolveResult, solve

__all__ = ["Hint", "SolveResult", "SolverError", "hint", "solve"]
