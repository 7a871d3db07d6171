"""Both stores refuse a file that cannot serve, in one sentence naming it; deal numbers up to
2**64 - 1 are stored; a database of release 0.1.0 is brought up to date with every row."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from patience.storage.database import StorageError, deal_from_sql, deal_to_sql
from patience.storage.games import GameStore
from patience.storage.results import DealResult, ResultStore, budget_text
from tests.storage_files import damaged_copies, read_only, sound_database

RELEASE = Path(__file__).parent.parent / "fixtures" / "release-0.1.0"
STORES = [GameStore, ResultStore]


@pytest.mark.parametrize("store", STORES, ids=lambda s: s.__name__)
def test_a_file_that_is_not_a_sound_database_is_refused_naming_it(tmp_path: Path,
                                                                  store: type) -> None:
    words = {"not a database": "is not a SQLite database", "cut short": "is damaged",
             "overwritten half-way": "is damaged"}
    for name, path in damaged_copies(tmp_path).items():
        before = path.read_bytes()
        with pytest.raises(StorageError) as caught:
            store(path)
        message = str(caught.value)
        assert str(path) in message and words[name] in message and "\n" not in message
        assert path.read_bytes() == before  # looked at, never changed


@pytest.mark.parametrize("store", STORES, ids=lambda s: s.__name__)
def test_a_folder_is_refused(tmp_path: Path, store: type) -> None:
    with pytest.raises(StorageError, match="is a folder"):
        store(tmp_path)


@pytest.mark.parametrize("store", STORES, ids=lambda s: s.__name__)
def test_a_read_only_database_is_refused_at_opening(tmp_path: Path, store: type) -> None:
    path = tmp_path / "data.sqlite3"
    store(path).close()
    with read_only(path), pytest.raises(StorageError, match="is read-only"):
        store(path)


def test_opening_a_sound_file_leaves_its_bytes_alone(tmp_path: Path) -> None:
    path = tmp_path / "results.sqlite3"
    ResultStore(path).close()
    before = path.read_bytes()
    ResultStore(path).close()
    assert path.read_bytes() == before


@pytest.mark.parametrize("deal", [0, 1, 2**63 - 1, 2**63, 2**64 - 1])
def test_every_deal_number_maps_to_a_signed_integer_and_back(deal: int) -> None:
    stored = deal_to_sql(deal)
    assert -(2**63) <= stored < 2**63 and deal_from_sql(stored) == deal


def test_results_of_deals_past_2_63_are_stored_and_found(tmp_path: Path) -> None:
    budget = budget_text(100, 1.0)
    deals = [5, 2**63, 2**64 - 1]
    with ResultStore(tmp_path / "r.sqlite3") as store:
        for deal in deals:
            store.add("sun", {}, budget, DealResult(deal, "lost", 3, 0.1, "lost", "1"))
        found = store.get("sun", {}, budget, deals)
    assert sorted(found) == deals and all(found[d].deal == d for d in deals)


def test_verdicts_of_deals_past_2_63_are_stored_and_found(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "g.sqlite3")
    store.record_verdict("sun", {}, 2**64 - 1, "won")
    store.record_verdict("sun", {}, 3, "won")
    assert store.verdict("sun", {}, 2**64 - 1) == "won"
    assert store.winnable_deals("sun", {}) == [3, 2**64 - 1]


def test_a_release_0_1_0_database_gains_its_columns_and_keeps_every_row(tmp_path: Path) -> None:
    db = tmp_path / "web.sqlite3"
    shutil.copy(RELEASE / "web.sqlite3", db)
    with sqlite3.connect(db) as raw:
        rows = raw.execute("SELECT id, owner, moves, redo, status FROM games ORDER BY id"
                           ).fetchall()
        owners = {owner for _, owner, *_ in rows}
    store = GameStore(db)
    assert all(store.issued(owner) for owner in owners)  # no player loses a game
    assert not store.issued("a" * 32)
    store.close()
    with sqlite3.connect(db) as raw:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == 4
        assert raw.execute("SELECT id, owner, moves, redo, status FROM games ORDER BY id"
                           ).fetchall() == rows
        assert {d for (d,) in raw.execute("SELECT DISTINCT dropped FROM games")} == {"[]"}
        assert {e for (e,) in raw.execute("SELECT DISTINCT elapsed FROM games")} == {None}
        # rules versions: every game stored before versions were named followed version 1
        assert {v for (v,) in raw.execute("SELECT DISTINCT rules_version FROM games")} == {"1"}
    GameStore(db).close()  # opening again changes nothing more


def test_a_sound_database_of_many_pages_opens(tmp_path: Path) -> None:
    GameStore(sound_database(tmp_path / "g.sqlite3")).close()
