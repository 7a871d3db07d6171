"""Statistics from SQLite: played, won, win %, current and best streak, history order."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from patience.storage.games import GameStore
from tests.web.conftest import make_app

OWNER = "a" * 32


def test_stats_count_finished_games_and_streaks(db: Path) -> None:
    store = GameStore(db)
    results = ["won", "won", "lost", "won", "won", "won", "resigned", "won"]
    for n, status in enumerate(results):
        row = store.create(f"g{n}", OWNER, "sun", {}, n)
        row.status = status
        store.save(row)
    store.create("open", OWNER, "sun", {}, 99)  # in progress: not counted
    other = store.create("x", "b" * 32, "sun", {}, 1)
    other.status = "won"
    store.save(other)
    store.close()
    with TestClient(make_app(db), cookies={"patience_session": OWNER}) as client:
        stats = client.get("/api/stats").json()
    sun = next(g for g in stats["games"] if g["game"] == "sun")
    assert sun["played"] == 8 and sun["won"] == 6 and sun["win_percent"] == 75.0
    assert sun["best_streak"] == 3 and sun["current_streak"] == 1
    assert [h["status"] for h in stats["history"]] == results
    star = next(g for g in stats["games"] if g["game"] == "star")
    assert star["played"] == 0 and star["win_percent"] is None
