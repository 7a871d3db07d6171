"""The careful player's games, one row per deal, in the results database beside the
solver's (``results``), written as each deal finishes so a run resumes.

A row is keyed by game, rules version, options (canonical JSON), the player (its version
and samples per decision: a stronger player is a new question) and the deal.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from patience.storage.database import ResultsFile, deal_from_sql, deal_to_sql, reporting
from patience.storage.results import options_text

SCHEMA = """
CREATE TABLE IF NOT EXISTS careful_results (
    game TEXT NOT NULL,
    rules_version TEXT NOT NULL,
    options TEXT NOT NULL,
    player TEXT NOT NULL,
    deal INTEGER NOT NULL,
    outcome TEXT NOT NULL CHECK (outcome IN ('won', 'lost')),
    seconds REAL NOT NULL,
    PRIMARY KEY (game, rules_version, options, player, deal)
)
"""


@dataclass(frozen=True)
class CarefulResult:
    """One deal played by the careful player: won or lost, and the seconds it took."""

    deal: int
    outcome: str
    seconds: float


class CarefulStore(ResultsFile):
    """The careful player's results in the database at ``path`` (created on first use)."""

    def set_up(self, db: sqlite3.Connection) -> None:
        db.execute(SCHEMA)

    def add(self, game: str, rules_version: str, options: Mapping[str, Any], player: str,
            result: CarefulResult) -> None:
        """Store one finished deal at once (committed, so an interruption keeps it)."""
        with reporting(self.path):
            self._db.execute(
                "INSERT OR REPLACE INTO careful_results (game, rules_version, options, "
                "player, deal, outcome, seconds) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (game, rules_version, options_text(options), player,
                 deal_to_sql(result.deal), result.outcome, result.seconds))
            self._db.commit()

    def get(self, game: str, rules_version: str, options: Mapping[str, Any], player: str,
            deals: Iterable[int]) -> dict[int, CarefulResult]:
        """The stored results among ``deals`` for exactly this question."""
        wanted = set(deals)
        with reporting(self.path):
            rows = self._db.execute(
                "SELECT deal, outcome, seconds FROM careful_results WHERE game = ? AND "
                "rules_version = ? AND options = ? AND player = ?",
                (game, rules_version, options_text(options), player)).fetchall()
        found = (CarefulResult(deal_from_sql(deal), outcome, seconds)
                 for deal, outcome, seconds in rows)
        return {r.deal: r for r in found if r.deal in wanted}
