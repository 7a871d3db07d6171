"""Opening the SQLite files: a file that cannot serve is refused at once, in one sentence.

Both stores open their file here. A file that is not a database, a damaged one, a read-only
one or one that another program holds locked raises ``StorageError`` naming the file and
the trouble, before anything is played or computed; the same words describe an error met
later (a file damaged while the server runs), so no SQLite traceback reaches a player.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Self

from patience.i18n import N_, _

# Deal numbers run to 2**64 - 1, SQLite integers to 2**63 - 1: the upper half is stored as
# the negative number with the same 64 bits, which no deal number uses.
_TOP = 1 << 63
_WRAP = 1 << 64


class StorageError(Exception):
    """A database file cannot be used; the message names the file and says why."""


def deal_to_sql(deal: int) -> int:
    """A deal number (0 … 2**64 - 1) as a signed 64-bit SQLite integer, losslessly."""
    return deal - _WRAP if deal >= _TOP else deal


def deal_from_sql(value: int) -> int:
    """The deal number ``deal_to_sql`` stored."""
    return value + _WRAP if value < 0 else value


# SQLite's message -> what it means for the file, in words.
_MEANINGS = (
    ("file is not a database", N_("the database {path} is not a SQLite database")),
    ("malformed", N_("the database {path} is damaged (its contents are not a sound SQLite "
                     "database)")),
    ("readonly", N_("the database {path} is read-only")),
    ("read-only", N_("the database {path} is read-only")),
    ("locked", N_("the database {path} is locked by another program")),
    ("busy", N_("the database {path} is locked by another program")),
    ("unable to open", N_("the database {path} cannot be opened")),
    ("disk i/o error", N_("the database {path} cannot be read or written (disk I/O error)")),
    ("database or disk is full", N_("the database {path} cannot grow: the disk is full")),
)


def trouble(path: str, exc: BaseException) -> StorageError:
    """``exc`` (an sqlite3 or OS error about ``path``) as a StorageError in words."""
    text = str(exc).lower()
    for key, meaning in _MEANINGS:
        if key in text:
            return StorageError(_(meaning).format(path=path))
    reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
    return StorageError(_("the database {path} cannot be used: {reason}").format(
        path=path, reason=reason))


def connect(path: str | Path, **options: Any) -> sqlite3.Connection:
    """Open ``path`` (created when missing) and check it is a sound database we may write."""
    name = str(path)
    if name == ":memory:":
        memory: sqlite3.Connection = sqlite3.connect(name, **options)
        return memory
    file = Path(name)
    if file.is_dir():
        raise StorageError(_("the database {path} is a folder, not a file").format(path=name))
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        db: sqlite3.Connection = sqlite3.connect(name, **options)
    except (OSError, sqlite3.Error) as exc:
        raise trouble(name, exc) from None
    try:
        found = [line for row in db.execute("PRAGMA quick_check(3)")
                 for line in str(row[0]).splitlines() if not line.startswith("***")]
        if found != ["ok"]:
            raise StorageError(_("the database {path} is damaged (SQLite's check: {found})")
                               .format(path=name, found=found[0]))
        version = int(db.execute("PRAGMA user_version").fetchone()[0])
        db.execute("BEGIN IMMEDIATE")  # a write, taken back: refused at once when read-only
        db.execute(f"PRAGMA user_version = {version}")
        db.execute("ROLLBACK")
    except sqlite3.Error as exc:
        db.close()
        raise trouble(name, exc) from None
    except StorageError:
        db.close()
        raise
    return db


HEADER = b"SQLite format 3\x00"


@dataclass(frozen=True)
class FileMark:
    """What tells the database file opened at a path from any other: its device and inode,
    and its header (the magic words and the read/write versions, 2 and 2 in WAL mode)."""

    device: int
    inode: int
    header: bytes


def file_mark(path: str) -> FileMark:
    """The mark of the database file at ``path``, taken once it is open and set up."""
    found = os.stat(path)
    with open(path, "rb") as file:
        head = file.read(20)
    return FileMark(found.st_dev, found.st_ino, head[:16] + head[18:20])


def gone_astray(path: str, opened: FileMark) -> str | None:
    """What befell the database file opened at ``path`` (marked ``opened``), in words, or
    None while it is still there. SQLite goes on writing to a file deleted or overwritten
    beneath it (in WAL mode) without a word, so every later change would be lost."""
    try:
        now = file_mark(path)
    except FileNotFoundError:
        return _("was deleted")
    except OSError as exc:
        return _("cannot be read ({reason})").format(reason=exc.strerror or exc)
    if (now.device, now.inode) != (opened.device, opened.inode):
        return _("was replaced by another file")
    if now.header != opened.header or not now.header.startswith(HEADER):
        return _("was overwritten")
    return None


@contextmanager
def reporting(path: str) -> Iterator[None]:
    """Turn an sqlite3 error inside the block into a StorageError about ``path``."""
    try:
        yield
    except sqlite3.Error as exc:
        raise trouble(path, exc) from None


class ResultsFile:
    """A results file opened at ``path`` and set up by ``set_up`` (its table, any migration),
    closed again when that fails; a context manager. The solver's results and the careful
    player's share this opening."""

    def __init__(self, path: str | Path) -> None:
        """StorageError, naming the file, when it is not a sound database we may write."""
        self.path = str(path)
        self._db = connect(self.path)
        try:
            with reporting(self.path):
                self.set_up(self._db)
                self._db.commit()
        except BaseException:
            self._db.close()
            raise

    def set_up(self, db: sqlite3.Connection) -> None:
        """Create (or bring up to date) the tables the store uses."""

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def migrate(db: sqlite3.Connection, steps: list[Callable[[sqlite3.Connection], None]]) -> None:
    """Bring the file up to date: ``steps[n]`` takes a file at ``user_version`` n to n + 1,
    each in its own transaction, so an old file keeps every row it had."""
    version = int(db.execute("PRAGMA user_version").fetchone()[0])
    for number, step in enumerate(steps[version:], version + 1):
        db.execute("BEGIN IMMEDIATE")
        try:
            step(db)
            db.execute(f"PRAGMA user_version = {number}")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")
