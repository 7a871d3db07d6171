"""patience: nine old decorative patience games, their rules engine, solver and statistics.

    import patience
    state = patience.get_game("sun").new(deal=42)
    state.play(state.legal_moves()[0])
"""

from patience import games as _games  # noqa: F401  (fills the registry with the nine games)
from patience.cards import DeckError
from patience.engine.game import Game, Option, OptionError, RulesVersionError
from patience.engine.moves import IllegalMove, Move
from patience.engine.record import RecordError, load_record, replay
from patience.engine.registry import UnknownGame, get_game, list_games
from patience.engine.state import State
from patience.solver import Advice, Hint, MoveChance, SolveResult, advise, hint, solve

__all__ = [
    "Advice",
    "DeckError",
    "Game",
    "Hint",
    "IllegalMove",
    "Move",
    "MoveChance",
    "Option",
    "OptionError",
    "RecordError",
    "RulesVersionError",
    "SolveResult",
    "State",
    "UnknownGame",
    "advise",
    "get_game",
    "hint",
    "list_games",
    "load_record",
    "replay",
    "solve",
]
__version__ = "0.1.0"
