"""Database files that are not what they should be, as tests need them.

``damaged_copies`` makes a sound games database of several pages and the ways a file goes
wrong (not a database, cut short, overwritten half-way); ``read_only`` makes a file
unwritable, even for root (``chattr +i``), and undoes it afterwards.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from patience.storage.games import GameStore

PAGE = 4096


def sound_database(path: Path, games: int = 300) -> Path:
    """A games database of many pages (every game with a move list)."""
    store = GameStore(path)
    for n in range(games):
        row = store.create(f"game-{n:04d}", "owner-token-" + "x" * 20, "sun", {}, n)
        row.moves = [{"action": "deal"}] * 20
        store.save(row)
    store.close()
    for extra in ("-wal", "-shm"):  # everything in the one file
        Path(f"{path}{extra}").unlink(missing_ok=True)
    return path


def damaged_copies(folder: Path) -> dict[str, Path]:
    sound = sound_database(folder / "sound.sqlite3")
    data = sound.read_bytes()
    assert len(data) > 8 * PAGE
    out = {"not a database": folder / "notes.txt",
           "cut short": folder / "cut.sqlite3",
           "overwritten half-way": folder / "overwritten.sqlite3"}
    out["not a database"].write_text("these are my notes, not a database\n" * 200)
    out["cut short"].write_bytes(data[: len(data) // 2])
    middle = len(data) // 2 // PAGE * PAGE
    garbage = bytes((i * 131 + 7) % 256 for i in range(4 * PAGE))
    out["overwritten half-way"].write_bytes(data[:middle] + garbage + data[middle + len(garbage):])
    return out


@contextmanager
def read_only(path: Path) -> Iterator[None]:
    """``path`` cannot be written while inside: chmod for a user, chattr +i for root."""
    if os.geteuid() != 0:
        os.chmod(path, 0o444)
        try:
            yield
        finally:
            os.chmod(path, 0o644)
        return
    chattr = shutil.which("chattr")
    if chattr is None or subprocess.run([chattr, "+i", str(path)],
                                        capture_output=True).returncode != 0:
        pytest.skip("as root, a read-only file needs chattr +i, which this file system refuses")
    try:
        yield
    finally:
        subprocess.run([chattr, "-i", str(path)], check=True)
