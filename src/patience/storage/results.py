"""Per-deal results in SQLite, written as each deal finishes, so runs resume.

A row is keyed by game, options (canonical JSON), the solver budget and the deal number:
a finished deal is never recomputed for the same question. A larger budget is a new
question, but a deal decided within a smaller one (no more nodes and no more seconds) is
decided within it too: won and lost are proofs whatever budget found them, and a search
given more of both would find them as well, so only the smaller run's unknown deals are
solved again. Each row also names the practical player's policy that played it, so a
changed policy replays only the practical games.

Deal numbers of 2**63 and more are stored as the signed 64-bit integer with the same bits
(``deal_to_sql``), as in the games table.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from patience.storage.database import connect, deal_from_sql, deal_to_sql, reporting

SCHEMA = """
CREATE TABLE IF NOT EXISTS deal_results (
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    budget TEXT NOT NULL,
    deal INTEGER NOT NULL,
    outcome TEXT NOT NULL CHECK (outcome IN ('won', 'lost', 'unknown')),
    nodes INTEGER NOT NULL,
    seconds REAL NOT NULL,
    practical TEXT NOT NULL CHECK (practical IN ('won', 'lost')),
    policy TEXT NOT NULL,
    PRIMARY KEY (game, options, budget, deal)
)
"""
# Databases written before policies were named hold results of the first policy, "1".
ADD_POLICY = "ALTER TABLE deal_results ADD COLUMN policy TEXT NOT NULL DEFAULT '1'"


@dataclass(frozen=True)
class DealResult:
    """One deal's answers: the solver's (thoughtful) and the practical player's, with the
    name of the policy that played the practical game."""

    deal: int
    outcome: str
    nodes: int
    seconds: float
    practical: str
    policy: str


def options_text(options: Mapping[str, Any]) -> str:
    return json.dumps(dict(sorted(options.items())), separators=(",", ":"))


def budget_text(max_nodes: int, max_seconds: float) -> str:
    return f"nodes={max_nodes};seconds={max_seconds:g}"


def budget_of(text: str) -> tuple[int, float]:
    """``budget_text`` read back: (max_nodes, max_seconds)."""
    nodes, seconds = (part.partition("=")[2] for part in text.split(";"))
    return int(nodes), float(seconds)


def within(smaller: str, larger: str) -> bool:
    """Whether budget ``smaller`` gives no more nodes and no more seconds than ``larger``."""
    (nodes, seconds), (most_nodes, most_seconds) = budget_of(smaller), budget_of(larger)
    return nodes <= most_nodes and seconds <= most_seconds


class ResultStore:
    """A results database at ``path`` (created on first use)."""

    def __init__(self, path: str | Path) -> None:
        """StorageError, naming the file, when it is not a sound database we may write."""
        self.path = str(path)
        self._db = connect(self.path)
        try:
            with reporting(self.path):
                self._db.execute(SCHEMA)
                columns = {row[1] for row in self._db.execute("PRAGMA table_info(deal_results)")}
                if "policy" not in columns:
                    self._db.execute(ADD_POLICY)
                self._db.commit()
        except BaseException:
            self._db.close()
            raise

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> ResultStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def add(self, game: str, options: Mapping[str, Any], budget: str,
            result: DealResult) -> None:
        """Store one finished deal at once (committed, so an interruption keeps it)."""
        with reporting(self.path):
            self._db.execute(
                "INSERT OR REPLACE INTO deal_results (game, options, budget, deal, outcome, "
                "nodes, seconds, practical, policy) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (game, options_text(options), budget, deal_to_sql(result.deal),
                 result.outcome, result.nodes, result.seconds, result.practical,
                 result.policy),
            )
            self._db.commit()

    def get(self, game: str, options: Mapping[str, Any], budget: str,
            deals: Iterable[int]) -> dict[int, DealResult]:
        """The stored results among ``deals`` at ``budget``, a deal stored there as unknown
        or not at all taken decided from a smaller budget where one decided it."""
        wanted = set(deals)
        with reporting(self.path):
            rows = self._db.execute(
                "SELECT budget, deal, outcome, nodes, seconds, practical, policy "
                "FROM deal_results WHERE game = ? AND options = ?",
                (game, options_text(options)),
            ).fetchall()
        exact: dict[int, DealResult] = {}
        decided: dict[int, DealResult] = {}
        for stored, deal, *fields in rows:
            result = DealResult(deal_from_sql(deal), *fields)
            if result.deal not in wanted:
                continue
            if stored == budget:
                exact[result.deal] = result
            elif result.outcome != "unknown" and within(stored, budget):
                decided[result.deal] = result
        for deal, result in decided.items():
            if deal not in exact or exact[deal].outcome == "unknown":
                exact[deal] = result
        return exact
