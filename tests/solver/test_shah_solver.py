"""Shah's solver key: what the search may treat as one position (the native
search's dead end and move orders are tested beside its rules, ``native/``)."""

from __future__ import annotations

import patience
from tests.decks import stack
from tests.games.test_shah import ACES


def test_sha1_foundations_are_interchangeable_for_the_solver() -> None:
    """Aces in another order start other foundations (SHA-1): the same position."""
    a = patience.get_game("shah").new(deck=stack(ACES, decks=2))
    b = patience.get_game("shah").new(deck=stack(["AH", "AS", *ACES[2:]], decks=2))
    assert a.key() != b.key()
    assert a.rules.solver_key(a) == b.rules.solver_key(b)
