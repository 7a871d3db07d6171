"""The solver: exact win/loss/unknown answers, hints, where a game slipped away, the
careful player's advice from what a player sees, and a practical player."""

from patience.solver.careful import Advice, MoveChance, advise
from patience.solver.hint import Hint, Hinter, hint
from patience.solver.search import SolverError, SolveResult, solve
from patience.solver.slip import Slip, find_slip

__all__ = ["Advice", "Hint", "Hinter", "MoveChance", "Slip", "SolveResult", "SolverError",
           "advise", "find_slip", "hint", "solve"]
