"""Per-deal results in SQLite, written as each deal finishes, so runs resume.

A row is keyed by game, rules version, options (canonical JSON), the solver budget and
the deal number: a finished deal is never recomputed for the same question, and results
of different rules versions never mix (a version changes what a game and its options
mean). A row leaves out the options added after it was written; as in a
game record, they read as that version's defaults (``get``'s ``defaults``). A larger budget is a new
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
import sqlite3
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from patience.storage.database import ResultsFile, deal_from_sql, deal_to_sql, reporting

TABLE = """
CREATE TABLE IF NOT EXISTS {name} (
    game TEXT NOT NULL,
    rules_version TEXT NOT NULL,
    options TEXT NOT NULL,
    budget TEXT NOT NULL,
    deal INTEGER NOT NULL,
    outcome TEXT NOT NULL CHECK (outcome IN ('won', 'lost', 'unknown')),
    nodes INTEGER NOT NULL,
    seconds REAL NOT NULL,
    practical TEXT NOT NULL CHECK (practical IN ('won', 'lost')),
    policy TEXT NOT NULL,
    PRIMARY KEY (game, rules_version, options, budget, deal)
)
"""
SCHEMA = TABLE.format(name="deal_results")
# Databases written before policies were named hold results of the first policy, "1".
ADD_POLICY = "ALTER TABLE deal_results ADD COLUMN policy TEXT NOT NULL DEFAULT '1'"
# Databases written before rules versions were named hold results of version "1"; the
# version joins the key, so the table is rebuilt.
ADD_RULES_VERSION = (
    TABLE.format(name="deal_results_versioned"),
    "INSERT INTO deal_results_versioned SELECT game, '1', options, budget, deal, outcome,"
    " nodes, seconds, practical, policy FROM deal_results",
    "DROP TABLE deal_results",
    "ALTER TABLE deal_results_versioned RENAME TO deal_results",
)


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


class ResultStore(ResultsFile):
    """A results database at ``path`` (created on first use)."""

    def set_up(self, db: sqlite3.Connection) -> None:
        columns = {row[1] for row in db.execute("PRAGMA table_info(deal_results)")}
        if columns and "policy" not in columns:
            db.execute(ADD_POLICY)
        if columns and "rules_version" not in columns:
            for statement in ADD_RULES_VERSION:
                db.execute(statement)
        db.execute(SCHEMA)

    def add(self, game: str, options: Mapping[str, Any], budget: str,
            result: DealResult, rules_version: str = "1") -> None:
        """Store one finished deal at once (committed, so an interruption keeps it)."""
        with reporting(self.path):
            self._db.execute(
                "INSERT OR REPLACE INTO deal_results (game, rules_version, options, budget, "
                "deal, outcome, nodes, seconds, practical, policy) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (game, rules_version, options_text(options), budget, deal_to_sql(result.deal),
                 result.outcome, result.nodes, result.seconds, result.practical,
                 result.policy),
            )
            self._db.commit()

    def get(self, game: str, options: Mapping[str, Any], budget: str,
            deals: Iterable[int],
            versions: Mapping[str, Mapping[str, Any]] | None = None) -> dict[int, DealResult]:
        """The stored results among ``deals`` at ``budget``, a deal stored there as unknown
        or not at all taken decided from a smaller budget where one decided it.

        ``options`` names every option. ``versions`` maps each rules version whose results
        answer the question to that version's option defaults (``Game.defaults``; left
        out: version "1", rows naming exactly ``options``): a row that names fewer options
        reads the others as its version's defaults, so a row written before an option was
        added still answers for that option's default. Only the caller knows which
        versions play alike (``Game.same_rules_since``)."""
        wanted = set(deals)
        asked = options_text(options)
        readings = versions if versions is not None else {"1": {}}
        marks = ", ".join("?" * len(readings))
        with reporting(self.path):
            rows = self._db.execute(
                "SELECT rules_version, options, budget, deal, outcome, nodes, seconds, "
                f"practical, policy FROM deal_results WHERE game = ? AND rules_version IN "
                f"({marks})",
                (game, *readings),
            ).fetchall()
        named: dict[tuple[str, str], bool] = {}  # (version, options text) -> the one asked
        exact: dict[int, DealResult] = {}
        decided: dict[int, DealResult] = {}
        for version, text, stored, *fields in rows:
            same = named.get((version, text))
            if same is None:
                same = named[version, text] = options_text(
                    {**readings[version], **json.loads(text)}) == asked
            if not same:
                continue
            deal, *rest = fields
            result = DealResult(deal_from_sql(deal), *rest)
            if result.deal not in wanted:
                continue
            if stored == budget:
                if result.deal not in exact or exact[result.deal].outcome == "unknown":
                    exact[result.deal] = result
            elif result.outcome != "unknown" and within(stored, budget):
                decided[result.deal] = result
        for deal, result in decided.items():
            if deal not in exact or exact[deal].outcome == "unknown":
                exact[deal] = result
        return exact
