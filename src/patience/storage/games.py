"""Games played through the web app, kept in SQLite (stdlib ``sqlite3``).

A stored game is what replays it: game id, rules version, options, deal number and the list of moves
(dicts), plus the redo list, a status, timestamps and the play time the page's clock
counted (``elapsed``). A row written before rules versions were stored has none and is read as
version "1". Every change is committed before the caller answers, so a game
survives a reload and a server restart. Moves cut off when a damaged game was recovered
are kept beside it (``dropped``), never thrown away. No rule logic lives here.

Files of earlier releases are brought up to date on opening (``MIGRATIONS``, counted in
SQLite's ``user_version``); every row they hold is kept.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from patience.i18n import _
from patience.storage.database import (
    StorageError,
    connect,
    deal_from_sql,
    deal_to_sql,
    file_mark,
    gone_astray,
    migrate,
    reporting,
)

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



def _keep_dropped_moves(db: sqlite3.Connection) -> None:
    """Version 1: a column for the moves a recovery cut off (a JSON list of cuts)."""
    db.execute("ALTER TABLE games ADD COLUMN dropped TEXT NOT NULL DEFAULT '[]'")


def _issued_sessions(db: sqlite3.Connection) -> None:
    """Version 2: the session tokens the server issued. The owners of games already stored
    were issued by an earlier release: they count, so no player loses a game."""
    db.execute("CREATE TABLE sessions (token TEXT PRIMARY KEY, created REAL NOT NULL)")
    db.execute("INSERT INTO sessions SELECT owner, MIN(created) FROM games GROUP BY owner")


def _play_clock(db: sqlite3.Connection) -> None:
    """Version 3: the seconds of play the page's clock counted; nullable, so that a game
    stored before (or played without the page) reads as "time unknown". A file that has
    the column already (written by a development build before it was numbered) keeps it."""
    if "elapsed" not in {row[1] for row in db.execute("PRAGMA table_info(games)")}:
        db.execute("ALTER TABLE games ADD COLUMN elapsed REAL")


def _rules_versions(db: sqlite3.Connection) -> None:
    """Version 4: the rules version each game is played under and each verdict answers for;
    every row stored before versions were named followed version "1". A
    verdict is only a cache: one for a newer version replaces it."""
    for table in ("games", "verdicts"):
        if "rules_version" not in {row[1] for row in db.execute(f"PRAGMA table_info({table})")}:
            db.execute(f"ALTER TABLE {table} ADD COLUMN rules_version TEXT NOT NULL DEFAULT '1'")


MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_keep_dropped_moves,
                                                          _issued_sessions,
                                                          _play_clock,
                                                          _rules_versions]

FINISHED = ("won", "lost", "resigned")


class DamagedRow(ValueError):
    """A stored game whose columns do not read back (not JSON, wrong shape)."""


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
    dropped: list[dict[str, Any]] = field(default_factory=list)  # cut off by recoveries
    elapsed: float | None = None  # seconds of play, as the page's clock counted them
    rules_version: str = "1"  # the rules the game is played under (Game.rules_version)


def options_key(options: dict[str, Any]) -> str:
    """A canonical text for an option set (the cache key of solver verdicts)."""
    return json.dumps(options, sort_keys=True, separators=(",", ":"))


class GameStore:
    """The games table behind one lock; one connection shared by the server's threads.

    Opening refuses a file that cannot serve (``StorageError``: not a database, damaged,
    read-only, locked); an SQLite error met later is a ``StorageError`` in the same words,
    and so is a file deleted, replaced or overwritten since it was opened, checked before
    every read and write so that no change is answered as kept when it is lost.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._db = connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.row_factory = sqlite3.Row
        self._lock = threading.RLock()
        with self._lock, reporting(self.path):
            try:
                self._db.execute("PRAGMA journal_mode=WAL")
                self._db.execute("PRAGMA synchronous=NORMAL")
                self._db.executescript(SCHEMA)
                migrate(self._db, MIGRATIONS)
                self._opened = None if self.path == ":memory:" else file_mark(self.path)
            except BaseException:
                self._db.close()
                raise

    def _check_file(self) -> None:
        """StorageError when the file is no longer the database opened (lock held)."""
        if self._opened is None:
            return
        astray = gone_astray(self.path, self._opened)
        if astray is not None:
            raise StorageError(_("the database {path} {what} while the server was using it, "
                                 "so nothing more can be kept: restart the server").format(
                path=self.path, what=astray))

    @contextmanager
    def _reading(self) -> Iterator[sqlite3.Connection]:
        with self._lock, reporting(self.path):
            self._check_file()
            yield self._db

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        with self._lock, reporting(self.path):
            self._check_file()
            self._db.execute("BEGIN")
            try:
                yield self._db
            except BaseException:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def close(self) -> None:
        with self._lock:
            self._db.close()

    # --- sessions ------------------------------------------------------------------

    def issued(self, token: str) -> bool:
        """Whether the server issued ``token`` (a browser cannot make up its own)."""
        with self._reading() as db:
            row = db.execute("SELECT 1 FROM sessions WHERE token = ?", (token,)).fetchone()
        return row is not None

    # --- games ---------------------------------------------------------------------

    def create(self, game_id: str, owner: str, game: str, options: dict[str, Any],
               deal: int, rules_version: str = "1") -> StoredGame:
        """A new game; its owner counts as an issued session from now on."""
        now = time.time()
        row = StoredGame(game_id, owner, game, dict(options), deal, created=now, updated=now,
                         rules_version=rules_version)
        with self._transaction() as db:
            db.execute("INSERT OR IGNORE INTO sessions VALUES (?, ?)", (owner, now))
            db.execute(
                "INSERT INTO games (id, owner, game, options, deal, moves, redo, status,"
                " created, updated, finished, rules_version)"
                " VALUES (?, ?, ?, ?, ?, '[]', '[]', ?, ?, ?, NULL, ?)",
                (game_id, owner, game, options_key(options), deal_to_sql(deal), row.status, now,
                 now, rules_version),
            )
        return row

    def get(self, game_id: str, owner: str) -> StoredGame | None:
        """The game, or None when it does not exist or belongs to another owner."""
        with self._reading() as db:
            row = db.execute("SELECT * FROM games WHERE id = ? AND owner = ?",
                             (game_id, owner)).fetchone()
        return _row(row) if row is not None else None

    def latest_playing(self, owner: str, game: str, options: dict[str, Any],
                       deal: int) -> StoredGame | None:
        """The owner's most recent unfinished game of this deal, to resume after a reload."""
        with self._reading() as db:
            row = db.execute(
                "SELECT * FROM games WHERE owner = ? AND game = ? AND options = ? AND deal = ?"
                " AND status = 'playing' ORDER BY updated DESC LIMIT 1",
                (owner, game, options_key(options), deal_to_sql(deal)),
            ).fetchone()
        return _row(row) if row is not None else None

    def save(self, row: StoredGame) -> None:
        """Write moves, redo list, cut-off moves and status; commit before returning."""
        updated = time.time()
        finished = (row.finished or updated) if row.status in FINISHED else None
        with self._transaction() as db:
            db.execute(
                "UPDATE games SET moves = ?, redo = ?, dropped = ?, status = ?, updated = ?,"
                " finished = ? WHERE id = ?",
                (json.dumps(row.moves), json.dumps(row.redo), json.dumps(row.dropped),
                 row.status, updated, finished, row.id),
            )
        row.updated, row.finished = updated, finished

    def list_owner(self, owner: str, limit: int = 50) -> list[StoredGame]:
        """The owner's games, most recently changed first (rows that do not read are left
        out: their game answers for itself when opened)."""
        with self._reading() as db:
            rows = db.execute(
                "SELECT * FROM games WHERE owner = ? ORDER BY updated DESC LIMIT ?",
                (owner, limit),
            ).fetchall()
        return _readable(rows)

    def finished_games(self, owner: str) -> list[StoredGame]:
        """The owner's finished games, oldest first (the order streaks are counted in)."""
        with self._reading() as db:
            rows = db.execute(
                "SELECT * FROM games WHERE owner = ? AND status IN ('won', 'lost', 'resigned')"
                " ORDER BY finished, created",
                (owner,),
            ).fetchall()
        return _readable(rows)

    # --- solver verdicts -----------------------------------------------------------

    def record_verdict(self, game: str, options: dict[str, Any], deal: int,
                       outcome: str, rules_version: str = "1") -> None:
        with self._transaction() as db:
            db.execute("INSERT OR REPLACE INTO verdicts (game, options, deal, outcome,"
                       " rules_version) VALUES (?, ?, ?, ?, ?)",
                       (game, options_key(options), deal_to_sql(deal), outcome, rules_version))

    def verdict(self, game: str, options: dict[str, Any], deal: int,
                rules_version: str = "1") -> str | None:
        with self._reading() as db:
            row = db.execute(
                "SELECT outcome FROM verdicts WHERE game = ? AND options = ? AND deal = ?"
                " AND rules_version = ?",
                (game, options_key(options), deal_to_sql(deal), rules_version),
            ).fetchone()
        return str(row["outcome"]) if row is not None else None

    def winnable_deals(self, game: str, options: dict[str, Any],
                       rules_version: str = "1") -> list[int]:
        """Deal numbers the solver has proved winnable for this game, option set and rules
        version."""
        with self._reading() as db:
            rows = db.execute(
                "SELECT deal FROM verdicts WHERE game = ? AND options = ? AND outcome = 'won'"
                " AND rules_version = ? ORDER BY deal",
                (game, options_key(options), rules_version),
            ).fetchall()
        return sorted(deal_from_sql(int(r["deal"])) for r in rows)


    # --- housekeeping ----------------------------------------------------------------

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
        """Add finished games (an import) in one transaction: all of them or none; their
        owners count as issued sessions, as in ``create``. A game already held (same game,
        options, deal, moves and finish time) is skipped; the count added is returned."""
        added = 0
        now = time.time()
        with self._transaction() as db:
            for r in rows:
                db.execute("INSERT OR IGNORE INTO sessions VALUES (?, ?)", (r.owner, now))
                same = db.execute(
                    "SELECT 1 FROM games WHERE owner = ? AND game = ? AND options = ?"
                    " AND deal = ? AND moves = ? AND finished = ?",
                    (r.owner, r.game, options_key(r.options), deal_to_sql(r.deal),
                     json.dumps(r.moves), r.finished)).fetchone()
                if same is not None:
                    continue
                db.execute(
                    "INSERT INTO games (id, owner, game, options, deal, moves, redo, status,"
                    " created, updated, finished, elapsed, rules_version)"
                    " VALUES (?, ?, ?, ?, ?, ?, '[]', ?, ?, ?, ?, ?, ?)",
                    (r.id, r.owner, r.game, options_key(r.options), deal_to_sql(r.deal),
                     json.dumps(r.moves), r.status, r.created, r.finished, r.finished,
                     r.elapsed, r.rules_version))
                added += 1
        return added


def _row(row: sqlite3.Row) -> StoredGame:
    """A row read back; DamagedRow when a column is not what ``save`` writes."""
    try:
        game = StoredGame(
            id=row["id"], owner=row["owner"], game=row["game"],
            options=json.loads(row["options"]), deal=deal_from_sql(int(row["deal"])),
            moves=json.loads(row["moves"]), redo=json.loads(row["redo"]),
            status=row["status"], created=row["created"], updated=row["updated"],
            finished=row["finished"], dropped=json.loads(row["dropped"]),
            elapsed=row["elapsed"], rules_version=row["rules_version"],
        )
    except (ValueError, TypeError, RecursionError) as exc:
        raise DamagedRow(_("the saved game {id} does not read back ({reason})").format(
            id=row["id"], reason=exc)) from None
    shapes = (isinstance(game.options, dict), isinstance(game.moves, list),
              isinstance(game.redo, list), isinstance(game.dropped, list),
              isinstance(game.game, str), game.status in (*FINISHED, "playing"),
              game.elapsed is None or isinstance(game.elapsed, (int, float)),
              isinstance(game.rules_version, str))
    if not all(shapes):
        raise DamagedRow(_("the saved game {id} does not read back (a column has the wrong "
                           "shape)").format(id=game.id))
    return game


def _readable(rows: list[sqlite3.Row]) -> list[StoredGame]:
    out = []
    for row in rows:
        try:
            out.append(_row(row))
        except DamagedRow:
            continue
    return out


__all__ = ["DamagedRow", "GameStore", "StorageError", "StoredGame", "options_key"]
