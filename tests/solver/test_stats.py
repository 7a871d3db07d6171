"""Statistics: Wilson intervals, SQLite resume, and the same results on every executor."""

from __future__ import annotations

import math
import sqlite3
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

import patience
from patience.intervals import sign_test
from patience.solver import practical
from patience.solver.practical import POLICY, policy_for
from patience.stats import analyse_deal, run_deals, summarise, wilson
from patience.storage.results import DealResult, ResultStore, budget_text, options_text

BUDGET = {"max_nodes": 3_000, "max_seconds": 600.0}  # node budget only: deterministic
STAR, SUN = patience.get_game("star"), patience.get_game("sun")
# the option sets the runner stores, every option named, and the rules versions it reads
STAR_DEFAULTS, SUN_DEFAULTS = dict(STAR.resolve_options({})), dict(SUN.resolve_options({}))
STAR_NOW, SUN_NOW = STAR.versions_alike(), SUN.versions_alike()


def test_sign_test_known_values() -> None:
    """Two players compared deal for deal: only the deals one won and the other lost count."""
    assert sign_test(0, 0) == 1.0
    assert sign_test(5, 0) == sign_test(0, 5) == 2 / 32  # five of five: 2 * (1/2)^5
    assert sign_test(3, 3) == 1.0
    assert math.isclose(sign_test(25, 14), 0.1081, abs_tol=1e-4)
    with pytest.raises(ValueError):
        sign_test(-1, 2)


def test_wilson_interval_known_values() -> None:
    low, high = wilson(5, 10)
    assert math.isclose(low, 0.2366, abs_tol=1e-4) and math.isclose(high, 0.7634, abs_tol=1e-4)
    assert wilson(0, 10)[0] == 0.0 and math.isclose(wilson(10, 10)[1], 1.0)
    assert math.isclose(wilson(0, 10)[1], 0.2775, abs_tol=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError, match="successes"):
        wilson(11, 10)


def test_unknowns_are_counted_both_ways() -> None:
    rows = [DealResult(i, o, 1, 0.1, "lost", POLICY) for i, o in
            enumerate(["won"] * 6 + ["lost"] * 2 + ["unknown"] * 2)]
    s = summarise(rows)
    assert (s.won, s.lost, s.unknown) == (6, 2, 2)
    assert s.low == wilson(6, 10)[0] and s.high == wilson(8, 10)[1]
    assert s.practical_won == 0 and s.practical_low == 0.0


class Counting(ThreadPoolExecutor):
    """A one-thread executor that records which deals it was asked to compute."""

    def __init__(self) -> None:
        super().__init__(max_workers=1)
        self.calls: list[int] = []

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.calls.append(args[2])
        return super().submit(fn, *args, **kwargs)


def test_interrupted_run_resumes_without_recomputing(tmp_path: Path) -> None:
    db = tmp_path / "r.sqlite"
    deals = range(1, 7)
    seen: list[int] = []

    def interrupt_after_three(result: DealResult) -> None:
        seen.append(result.deal)
        if len(seen) == 3:
            raise KeyboardInterrupt  # as Ctrl-C in the middle of a run

    with ResultStore(db) as store, Counting() as first, pytest.raises(KeyboardInterrupt):
        run_deals("star", {}, deals, first, store, on_result=interrupt_after_three, **BUDGET)
    with ResultStore(db) as store:
        kept = store.get("star", STAR_DEFAULTS, budget_text(3_000, 600.0), deals, STAR_NOW)
    assert sorted(kept) == sorted(seen)
    with ResultStore(db) as store, Counting() as second:
        resumed = run_deals("star", {}, deals, second, store, **BUDGET)
    assert sorted(second.calls) == sorted(set(deals) - set(kept))  # finished deals not redone
    with ResultStore(tmp_path / "fresh.sqlite") as store, Counting() as pool:
        fresh = run_deals("star", {}, deals, pool, store, **BUDGET)
    assert _comparable(resumed) == _comparable(fresh)
    with ResultStore(db) as store:
        again = store.get("star", STAR_DEFAULTS, budget_text(3_000, 600.0), deals, STAR_NOW)
    assert _comparable(sorted(again.values(), key=lambda r: r.deal)) == _comparable(fresh)


def _comparable(rows: list[DealResult]) -> list[tuple[int, str, int, str]]:
    return [(r.deal, r.outcome, r.nodes, r.practical) for r in rows]


def test_dask_and_process_pool_agree(tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    deals = range(1, 7)
    with ResultStore(tmp_path / "p.sqlite") as store, ProcessPoolExecutor(2) as pool:
        by_pool = run_deals("sun", {}, deals, pool, store, **BUDGET)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client, ResultStore(tmp_path / "d.sqlite") as store:
        by_dask = run_deals("sun", {}, deals, client.get_executor(), store, **BUDGET)
    assert _comparable(by_pool) == _comparable(by_dask)
    assert _comparable(by_pool) == _comparable(
        [analyse_deal("sun", {}, d, BUDGET["max_nodes"], BUDGET["max_seconds"]) for d in deals])


def test_retry_unknown_solves_only_the_undecided_again(tmp_path: Path) -> None:
    deals = range(1, 5)
    budget = budget_text(BUDGET["max_nodes"], BUDGET["max_seconds"])
    with ResultStore(tmp_path / "r.sqlite") as store:
        with Counting() as pool:
            first = run_deals("star", {}, deals, pool, store, **BUDGET)
        # as if deal 2 had run out of budget under an older, weaker solver
        store.add("star", STAR_DEFAULTS, budget, DealResult(2, "unknown", 9, 9.0, "lost",
                                                            policy_for("star")), "2")
        with Counting() as pool:
            kept = run_deals("star", {}, deals, pool, store, **BUDGET)
        assert pool.calls == [] and kept[1].outcome == "unknown"
        with Counting() as pool:
            retried = run_deals("star", {}, deals, pool, store, retry_unknown=True, **BUDGET)
        undecided = {r.deal for r in first if r.outcome == "unknown"}
        assert sorted(pool.calls) == sorted(undecided | {2})
        assert _comparable(retried) == _comparable(first)
        stored = store.get("star", STAR_DEFAULTS, budget, [2], STAR_NOW)[2]
        assert stored.outcome == first[1].outcome


def test_a_larger_budget_keeps_what_a_smaller_one_decided(tmp_path: Path) -> None:
    deals = range(1, 5)
    options = STAR_DEFAULTS
    small, large = budget_text(3_000, 600.0), budget_text(9_000, 600.0)
    with ResultStore(tmp_path / "r.sqlite") as store:
        with Counting() as pool:
            first = run_deals("star", {}, deals, pool, store, **BUDGET)
        # deal 2 left unknown and deal 3 lost by the small budget, deal 7 won by a larger one
        left_open = {r.deal for r in first if r.outcome == "unknown"} - {3} | {2}
        policy = policy_for("star")
        store.add("star", options, small, DealResult(2, "unknown", 3_000, 9.0, "lost", policy),
                  "2")
        store.add("star", options, small, DealResult(3, "lost", 77, 0.5, "lost", policy), "2")
        store.add("star", options, budget_text(20_000, 600.0),
                  DealResult(7, "won", 15_000, 2.0, "lost", policy), "2")
        with Counting() as pool:
            larger = run_deals("star", {}, deals, pool, store, max_nodes=9_000,
                               max_seconds=600.0)
        assert pool.calls == sorted(left_open)  # only what the smaller budget left unknown
        assert (larger[2].outcome, larger[2].nodes) == ("lost", 77)  # taken as stored
        assert store.get("star", options, large, [2], STAR_NOW)[2] == larger[1]  # kept
        assert larger[1].seconds != 9.0
        # a budget with more nodes but fewer seconds is not larger: nothing carries over
        assert store.get("star", options, budget_text(9_000, 60.0), deals, STAR_NOW) == {}
        # nor does a larger budget's answer carry down to a smaller one
        assert store.get("star", options, small, [7], STAR_NOW) == {}
        assert store.get("star", options, budget_text(20_000, 600.0), [7],
                         STAR_NOW)[7].outcome == "won"


def test_a_changed_policy_replays_only_the_practical_games(tmp_path: Path) -> None:
    deals = range(1, 5)
    budget = budget_text(BUDGET["max_nodes"], BUDGET["max_seconds"])
    with ResultStore(tmp_path / "r.sqlite") as store:
        with Counting() as pool:
            first = run_deals("sun", {}, deals, pool, store, **BUDGET)
        # deal 3 as an older policy left it: the practical game lost, the solve recorded
        old = DealResult(3, "won", 77, 7.0, "lost", "an older policy")
        store.add("sun", SUN_DEFAULTS, budget, old, SUN.rules_version)
        with Counting() as pool:
            again = run_deals("sun", {}, deals, pool, store, **BUDGET)
        assert pool.calls == [3]
        replayed = store.get("sun", SUN_DEFAULTS, budget, [3], SUN_NOW)[3]
    assert (replayed.outcome, replayed.nodes, replayed.seconds) == ("won", 77, 7.0)
    assert (replayed.practical, replayed.policy) == (first[2].practical, POLICY)
    assert again[2] == replayed and again[:2] == first[:2] and again[3] == first[3]


def test_a_game_with_its_own_policy_version_replays_alone(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    deals = range(1, 4)
    with ResultStore(tmp_path / "r.sqlite") as store:
        for game_id in ("sun", "star"):
            with Counting() as pool:
                run_deals(game_id, {}, deals, pool, store, **BUDGET)
        monkeypatch.setitem(practical.GAME_POLICY, "star", "star's own")
        with Counting() as pool:
            run_deals("sun", {}, deals, pool, store, **BUDGET)
        assert pool.calls == []
        with Counting() as pool:
            replayed = run_deals("star", {}, deals, pool, store, **BUDGET)
        assert sorted(pool.calls) == list(deals)
    assert {r.policy for r in replayed} == {"star's own"}


def test_a_database_from_before_policies_were_named_reads_as_policy_one(
        tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite"
    with sqlite3.connect(db) as old:
        old.execute("CREATE TABLE deal_results (game TEXT NOT NULL, options TEXT NOT NULL, "
                    "budget TEXT NOT NULL, deal INTEGER NOT NULL, outcome TEXT NOT NULL, "
                    "nodes INTEGER NOT NULL, seconds REAL NOT NULL, practical TEXT NOT NULL, "
                    "PRIMARY KEY (game, options, budget, deal))")
        old.execute("INSERT INTO deal_results VALUES ('sun', '{}', 'b', 1, 'won', 5, 0.5, "
                    "'lost')")
    with ResultStore(db) as store:
        assert store.get("sun", {}, "b", [1]) == {1: DealResult(1, "won", 5, 0.5, "lost", "1")}
        store.add("sun", {}, "b", DealResult(2, "lost", 6, 0.6, "lost", POLICY))
        assert store.get("sun", {}, "b", [2])[2].policy == POLICY


def test_a_database_from_before_rules_versions_were_named_reads_as_version_one(
        tmp_path: Path) -> None:
    """Rules versions: the version joins the key; rows written before read as version 1."""
    db = tmp_path / "old.sqlite"
    with sqlite3.connect(db) as old:
        old.execute("CREATE TABLE deal_results (game TEXT NOT NULL, options TEXT NOT NULL, "
                    "budget TEXT NOT NULL, deal INTEGER NOT NULL, outcome TEXT NOT NULL, "
                    "nodes INTEGER NOT NULL, seconds REAL NOT NULL, practical TEXT NOT NULL, "
                    "policy TEXT NOT NULL, PRIMARY KEY (game, options, budget, deal))")
        old.execute("INSERT INTO deal_results VALUES ('toad', ?, 'b', 1, 'lost', 5, 0.5, "
                    "'lost', '3')", (options_text(TOAD_DEFAULTS),))
    with ResultStore(db) as store:
        assert store.get("toad", TOAD_DEFAULTS, "b", [1]) == {
            1: DealResult(1, "lost", 5, 0.5, "lost", "3")}
        # the same options under today's rules are another question, kept beside it
        store.add("toad", TOAD_DEFAULTS, "b", DealResult(1, "won", 6, 0.6, "lost", "3"), "2")
        assert store.get("toad", TOAD_DEFAULTS, "b", [1])[1].outcome == "lost"
        assert store.get("toad", TOAD_DEFAULTS, "b", [1], TOAD.versions_alike())[1].outcome \
            == "won"


TOAD = patience.get_game("toad")
TOAD_DEFAULTS = dict(TOAD.resolve_options({}))


def test_results_of_another_rules_version_are_not_taken(tmp_path: Path) -> None:
    """Toad's options keep their names but not their meaning (TOD-3, rules version 2): a
    result stored under version 1 is solved again, the version 1 row kept."""
    budget = budget_text(BUDGET["max_nodes"], BUDGET["max_seconds"])
    with ResultStore(tmp_path / "r.sqlite") as store:
        store.add("toad", TOAD_DEFAULTS, budget, DealResult(1, "lost", 5, 0.5, "lost",
                                                            policy_for("toad")), "1")
        with Counting() as pool:
            now = run_deals("toad", {}, [1], pool, store, **BUDGET)
        assert pool.calls == [1] and now[0].nodes != 5
        assert store.get("toad", TOAD_DEFAULTS, budget, [1])[1].nodes == 5


def test_results_of_a_version_that_plays_alike_are_taken_with_its_defaults(
        tmp_path: Path) -> None:
    """Star's version 2 changed only a default (STR-3): rows stored then answer the same
    named options, read with their own version's defaults. Blockade's rows from before
    ``deal_when`` answer for version 1's default, ``any`` (BLK-7), as a record naming no
    value would; its version 2 changed only that default, so they answer ``deal_when =
    "any"`` named. Sun's version 3 reads SUN-3's purposeful crossing anew, which no
    option names, so its rows from versions 1 and 2 answer nothing, though version 1
    played as ``transfers = "free", deal_when = "any"`` does now."""
    budget = budget_text(BUDGET["max_nodes"], BUDGET["max_seconds"])
    policy = policy_for("star")
    with ResultStore(tmp_path / "r.sqlite") as store:
        store.add("star", {"direction": "free"}, budget,
                  DealResult(1, "won", 5, 0.5, "lost", policy), "1")
        store.add("sun", {}, budget, DealResult(1, "lost", 6, 0.5, "lost", policy_for("sun")))
        store.add("blockade", {"empty_columns": "stay", "move_sequences": False}, budget,
                  DealResult(1, "lost", 7, 0.5, "lost", policy_for("blockade")))
        for game_id, options, nodes in (("star", {"direction": "free"}, 5),
                                        ("blockade", {"deal_when": "any"}, 7)):
            with Counting() as pool:
                got = run_deals(game_id, options, [1], pool, store, **BUDGET)
            assert pool.calls == [] and got[0].nodes == nodes, game_id
        with Counting() as pool:
            run_deals("sun", {"transfers": "free", "deal_when": "any"}, [1], pool, store,
                      **BUDGET)
        assert pool.calls == [1]
        with Counting() as pool:  # the new default of each is another question
            run_deals("star", {}, [1], pool, store, **BUDGET)
            run_deals("sun", {}, [1], pool, store, **BUDGET)
            run_deals("blockade", {}, [1], pool, store, **BUDGET)
        assert pool.calls == [1, 1, 1]
