"""The registry: stable string ids to Game objects, in the order they were registered.

The engine knows no game: the games package registers each of its games here, in the
order of docs/rules.md, and ``patience`` imports that package, so the registry is full
once ``patience`` is imported.
"""

from __future__ import annotations

from patience.engine.game import Game

_GAMES: dict[str, Game] = {}


class UnknownGame(KeyError):
    """No game is registered under that id."""

    def __str__(self) -> str:
        return str(self.args[0])


def register(game: Game) -> Game:
    """Add ``game`` under its id; an id registered twice is a mistake."""
    if game.id in _GAMES:
        raise ValueError(f"game id {game.id!r} is registered twice")
    _GAMES[game.id] = game
    return game


def list_games() -> list[Game]:
    """Every registered game, in the order of registering (docs/rules.md's)."""
    return list(_GAMES.values())


def get_game(game_id: str) -> Game:
    try:
        return _GAMES[game_id]
    except KeyError:
        known = ", ".join(_GAMES)
        raise UnknownGame(f"no game {game_id!r} (games: {known})") from None
