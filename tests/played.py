"""Games played out for the tests that review them: the practical player's moves."""

from __future__ import annotations

from typing import Any

import patience
from patience.solver.practical import next_move


def practical_moves(game: str, deal: int, limit: int | None = None) -> list[dict[str, Any]]:
    """The practical player's moves in ``deal`` of ``game`` (at most ``limit``), as the API
    takes them."""
    state = patience.get_game(game).new(deal=deal)
    moves = []
    while state.status == "playing" and (limit is None or len(moves) < limit):
        moves.append(state.play(next_move(state)).to_dict())
    return moves
