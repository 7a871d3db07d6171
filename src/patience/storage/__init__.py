"""SQLite storage: solver and statistics results (stdlib sqlite3 only)."""

from patience.storage.results import ResultStore

__all__ = ["ResultStore"]
