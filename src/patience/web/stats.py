"""Statistics of finished games, per game: played, won, win %, streaks, and the history."""

from __future__ import annotations

from typing import Any

import patience
from patience.storage.games import StoredGame
from patience.text.common import game_name


def statistics(finished: list[StoredGame]) -> dict[str, Any]:
    """``finished`` oldest first. A game counts once it is won, lost or resigned."""
    names = {g.id: game_name(g) for g in patience.list_games()}
    order = list(names) + sorted({r.game for r in finished} - set(names))
    per_game: list[dict[str, Any]] = []
    for game_id in order:
        rows = [r for r in finished if r.game == game_id]
        won = sum(r.status == "won" for r in rows)
        current = best = 0
        for r in rows:
            current = current + 1 if r.status == "won" else 0
            best = max(best, current)
        times = [r.elapsed for r in rows if r.elapsed is not None and r.status == "won"]
        per_game.append({
            "game": game_id,
            "name": names.get(game_id, game_id),
            "played": len(rows),
            "won": won,
            "win_percent": round(100 * won / len(rows), 1) if rows else None,
            "current_streak": current,
            "best_streak": best,
            "best_seconds": round(min(times), 1) if times else None,
            "average_seconds": round(sum(times) / len(times), 1) if times else None,
        })
    history = [{"game": r.game, "deal": r.deal, "status": r.status,
                "finished": r.finished or r.updated, "moves": len(r.moves),
                "elapsed": r.elapsed} for r in finished]
    return {"games": per_game, "history": history}
