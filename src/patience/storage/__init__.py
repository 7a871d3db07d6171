"""SQLite storage (stdlib sqlite3): games in progress and finished, cached solver verdicts,
and solver and statistics results."""

from patience.storage.results import ResultStore

__all__ = ["ResultStore"]
