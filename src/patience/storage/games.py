"""Games played through the web app, kept in SQLite (stdlib ``sqlite3``).

A stored game is what replays it: game id, options, deal number and the list of moves
(dicts), plus the redo list, a status and timestamps. Every change is committed before the
caller answers, so a game survives a reload and a server restart. No rule logic lives here.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    deal INTEGER NOT NULL,
    moves TEXT NOT NULL,
    redo TEXT NOT NULL,
    status TEXT NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    finished REAL
);
CREATE INDEX IF NOT EXISTS games_owner ON games (owner, updated);
CREATE TABLE IF NOT EXISTS verdicts (
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    deal INTEGER NOT NULL,
    outcome TEXT NOT NULL,
    PRIMARY KEY (game, options, deal)
);
"""

FINISHED = ("won", "lost", "resigned")


@dataclass
class StoredGame:
    """One row of ``games``; ``moves`` and ``redo`` are lists of move dicts."""

    id: str
    owner: str
    game: str
    options: dict[str, Any]
    deal: int
    moves: list[dict[str, Any]] = field(default_factory=list)
    redo: list[dict[str, Any]] = field(default_factory=list)  # next redo last
    status: str = "playing"
    created: float = 0.0
    updated: float = 0.0
    finished: float | None = None
    elapsed: float | None = None  # seconds of play, as the page's clock counted them


def options_key(options: dict[str, Any]) -> str:
    """A canonical text for an option set (the cache key of solver verdicts)."""
    return json.dumps(options, sort_keys=True, separators=(",", ":"))


class GameStore:
    """The games table behind one lock; one connection shared by the server's threads."""

    def __init__(self, path: str | Path) -> None:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self._db.row_factory = sqlite3.Row
        self._lock = threading.RLock()
        with self._lock:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.executescript(SCHEMA)
            self._migrate()

    def _migrate(self) -> None:
        """Columns added since release 0.1.0, nullable so that old rows keep their meaning."""
        have = {r["name"] for r in self._db.execute("PRAGMA table_info(games)")}
        if "elapsed" not in have:
            self._db.execute("ALTER TABLE games ADD COLUMN elapsed REAL")

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            self._db.execute("BEGIN")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def close(self) -> None:
        with self._lock:
            self._db.close()

    # --- games ---------------------------------------------------------------------

    def create(self, game_id: str, owner: str, game: str, options: dict[str, Any],
               deal: int) -> StoredGame:
        now = time.time()
        row = StoredGame(game_id, owner, game, dict(options), deal, created=now, updated=now)
        with self._transaction() as db:
            db.execute(
                "INSERT INTO games (id, owner, game, options, deal, moves, redo, status,"
                " created, updated, finished) VALUES (?, ?, ?, ?, ?, '[]', '[]', ?, ?, ?, NULL)",
                (game_id, owner, game, options_key(options), deal, row.status, now, now),
            )
        return row

    def get(self, game_id: str, owner: str) -> StoredGame | None:
        """The game, or None when it does not exist or belongs to another owner."""
        with self._lock:
            row = self._db.execute("SELECT * FROM games WHERE id = ? AND owner = ?",
                                   (game_id, owner)).fetchone()
        return _row(row) if row is not None else None

    def latest_playing(self, owner: str, game: str, options: dict[str, Any],
                       deal: int) -> StoredGame | None:
        """The owner's most recent unfinished game of this deal, to resume after a reload."""
        with self._lock:
            row = self._db.execute(
                "SELECT * FROM games WHERE owner = ? AND game = ? AND options = ? AND deal = ?"
                " AND status = 'playing' ORDER BY updated DESC LIMIT 1",
                (owner, game, options_key(options), deal),
            ).fetchone()
        return _row(row) if row is not None else None

    def save(self, row: StoredGame) -> None:
        """Write moves, redo list and status; commit before returning."""
        row.updated = time.time()
        if row.status in FINISHED:
            row.finished = row.finished or row.updated
        else:
            row.finished = None
        with self._transaction() as db:
            db.execute(
                "UPDATE games SET moves = ?, redo = ?, status = ?, updated = ?, finished = ?"
                " WHERE id = ?",
                (json.dumps(row.moves), json.dumps(row.redo), row.status, row.updated,
                 row.finished, row.id),
            )

    def list_owner(self, owner: str, limit: int = 50) -> list[StoredGame]:
        with self._lock:
            rows = self._db.execute(
                "SELECT * FROM games WHERE owner = ? ORDER BY updated DESC LIMIT ?",
                (owner, limit),
            ).fetchall()
        return [_row(r) for r in rows]

    def finished_games(self, owner: str) -> list[StoredGame]:
        """The owner's finished games, oldest first (the order streaks are counted in)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT * FROM games WHERE owner = ? AND status IN ('won', 'lost', 'resigned')"
                " ORDER BY finished, created",
                (owner,),
            ).fetchall()
        return [_row(r) for r in rows]

    # --- solver verdicts -----------------------------------------------------------

    def record_verdict(self, game: str, options: dict[str, Any], deal: int,
                       outcome: str) -> None:
        with self._transaction() as db:
            db.execute("INSERT OR REPLACE INTO verdicts VALUES (?, ?, ?, ?)",
                       (game, options_key(options), deal, outcome))

    def verdict(self, game: str, options: dict[str, Any], deal: int) -> str | None:
        with self._lock:
            row = self._db.execute(
                "SELECT outcome FROM verdicts WHERE game = ? AND options = ? AND deal = ?",
                (game, options_key(options), deal),
            ).fetchone()
        return str(row["outcome"]) if row is not None else None

    def winnable_deals(self, game: str, options: dict[str, Any]) -> list[int]:
        """Deal numbers the solver has proved winnable for this game and option set."""
        with self._lock:
            rows = self._db.execute(
                "SELECT deal FROM verdicts WHERE game = ? AND options = ? AND outcome = 'won'"
                " ORDER BY deal",
                (game, options_key(options)),
            ).fetchall()
        return [int(r["deal"]) for r in rows]


    # --- housekeeping -----------------------------------------------------------------

    def set_elapsed(self, game_id: str, owner: str, seconds: float) -> bool:
        """Record the play time the page counted; False when the game is not the owner's."""
        with self._transaction() as db:
            done = db.execute("UPDATE games SET elapsed = ? WHERE id = ? AND owner = ?",
                              (seconds, game_id, owner))
        return done.rowcount == 1

    def delete_unfinished(self, game_id: str, owner: str) -> bool:
        """Delete the owner's game if it is still being played; False when there is none."""
        with self._transaction() as db:
            done = db.execute(
                "DELETE FROM games WHERE id = ? AND owner = ? AND status NOT IN"
                " ('won', 'lost', 'resigned')", (game_id, owner))
        return done.rowcount == 1

    def insert_finished(self, rows: list[StoredGame]) -> int:
        """Add finished games (an import) in one transaction: all of them or none.
        A game already held (same game, options, deal, moves and finish time) is skipped."""
        added = 0
        with self._transaction() as db:
            for r in rows:
                same = db.execute(
                    "SELECT 1 FROM games WHERE owner = ? AND game = ? AND options = ? AND deal = ?"
                    " AND moves = ? AND finished = ?",
                    (r.owner, r.game, options_key(r.options), r.deal, json.dumps(r.moves),
                     r.finished)).fetchone()
                if same is not None:
                    continue
                db.execute(
                    "INSERT INTO games (id, owner, game, options, deal, moves, redo, status,"
                    " created, updated, finished, elapsed)"
                    " VALUES (?, ?, ?, ?, ?, ?, '[]', ?, ?, ?, ?, ?)",
                    (r.id, r.owner, r.game, options_key(r.options), r.deal, json.dumps(r.moves),
                     r.status, r.created, r.finished, r.finished, r.elapsed))
                added += 1
        return added


def _row(row: sqlite3.Row) -> StoredGame:
    return StoredGame(
        id=row["id"], owner=row["owner"], game=row["game"],
        options=json.loads(row["options"]), deal=int(row["deal"]),
        moves=json.loads(row["moves"]), redo=json.loads(row["redo"]), status=row["status"],
        created=row["created"], updated=row["updated"], finished=row["finished"],
        elapsed=row["elapsed"],
    )
