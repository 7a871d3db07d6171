"""SQLite storage: games in progress and finished, and cached solver verdicts."""
