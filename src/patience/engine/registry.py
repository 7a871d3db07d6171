"""The registry: stable string ids to Game objects, in the order of docs/rules.md."""

from __future__ import annotations

from patience.engine.game import Game

_GAMES: dict[str, Game] = {}


class UnknownGame(KeyError):
    """No game is registered under that id."""

    def __str__(self) -> str:
        return str(self.args[0])


def register(game: Game) -> Game:
    if game.id in _GAMES:
        raise ValueError(f"game id {game.id!r} is registered twice")
    _GAMES[game.id] = game
    return game


def list_games() -> list[Game]:
    """Every registered game, in the order of docs/rules.md."""
    from patience.games import ORDER

    _load()
    return sorted(_GAMES.values(), key=lambda g: ORDER.index(g.id) if g.id in ORDER else 99)


def get_game(game_id: str) -> Game:
    _load()
    try:
        return _GAMES[game_id]
    except KeyError:
        known = ", ".join(_GAMES)
        raise UnknownGame(f"no game {game_id!r} (games: {known})") from None


def _load() -> None:
    """Import the game modules once; each registers itself."""
    if not _GAMES:
        import patience.games  # noqa: F401
