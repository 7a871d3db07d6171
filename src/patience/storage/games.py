"""Games played through the web app, kept in SQLite (stdlib ``sqlite3``).

A stored game is what replays it: game id, rules version, options, deal number and the
list of moves (dicts), plus the redo list, a status and timestamps. A row written before
rules versions were stored has none and is read as version "1" (RULES.md §10). Every
change is committed before the caller answers, so a game survives a reload and a server
restart. No rule logic lives here.
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
# Columns added since the first schema, with what the rows written before them hold:
# every game and verdict stored before rules versions were named followed version "1". A
# verdict answers for one rules version; a newer one replaces it (it is only a cache).
MIGRATIONS = (
    ("games", "rules_version", "ALTER TABLE games ADD COLUMN rules_version TEXT NOT NULL"
                               " DEFAULT '1'"),
    ("verdicts", "rules_version", "ALTER TABLE verdicts ADD COLUMN rules_version TEXT NOT NULL"
                                  " DEFAULT '1'"),
)


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
    rules_version: str = "1"  # the rules the game is played under (Game.rules_version)


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
        """Add the columns a database written by an earlier release lacks (MIGRATIONS)."""
        for table, column, statement in MIGRATIONS:
            columns = {row[1] for row in self._db.execute(f"PRAGMA table_info({table})")}
            if column not in columns:
                self._db.execute(statement)

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
               deal: int, rules_version: str = "1") -> StoredGame:
        now = time.time()
        row = StoredGame(game_id, owner, game, dict(options), deal, created=now, updated=now,
                         rules_version=rules_version)
        with self._transaction() as db:
            db.execute(
                "INSERT INTO games (id, owner, game, options, deal, moves, redo, status,"
                " created, updated, finished, rules_version)"
                " VALUES (?, ?, ?, ?, ?, '[]', '[]', ?, ?, ?, NULL, ?)",
                (game_id, owner, game, options_key(options), deal, row.status, now, now,
                 rules_version),
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
                       outcome: str, rules_version: str = "1") -> None:
        with self._transaction() as db:
            db.execute("INSERT OR REPLACE INTO verdicts (game, options, deal, outcome,"
                       " rules_version) VALUES (?, ?, ?, ?, ?)",
                       (game, options_key(options), deal, outcome, rules_version))

    def verdict(self, game: str, options: dict[str, Any], deal: int,
                rules_version: str = "1") -> str | None:
        with self._lock:
            row = self._db.execute(
                "SELECT outcome FROM verdicts WHERE game = ? AND options = ? AND deal = ?"
                " AND rules_version = ?",
                (game, options_key(options), deal, rules_version),
            ).fetchone()
        return str(row["outcome"]) if row is not None else None

    def winnable_deals(self, game: str, options: dict[str, Any],
                       rules_version: str = "1") -> list[int]:
        """Deal numbers the solver has proved winnable for this game, option set and rules
        version."""
        with self._lock:
            rows = self._db.execute(
                "SELECT deal FROM verdicts WHERE game = ? AND options = ? AND outcome = 'won'"
                " AND rules_version = ? ORDER BY deal",
                (game, options_key(options), rules_version),
            ).fetchall()
        return [int(r["deal"]) for r in rows]


def _row(row: sqlite3.Row) -> StoredGame:
    return StoredGame(
        id=row["id"], owner=row["owner"], game=row["game"],
        options=json.loads(row["options"]), deal=int(row["deal"]),
        moves=json.loads(row["moves"]), redo=json.loads(row["redo"]), status=row["status"],
        created=row["created"], updated=row["updated"], finished=row["finished"],
        rules_version=row["rules_version"],
    )
