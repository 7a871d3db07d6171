"""The winnability page: one row per option value, and the command that made it."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import Executor, ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import pytest

import patience
from patience.stats import report, runner
from patience.storage.careful_results import CarefulResult


def test_option_rows_cover_every_value() -> None:
    star = patience.get_game("star")
    assert report.option_rows(star) == [{}, {"direction": "free"}]


def test_report_writes_page_and_chart(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    report.main(["--deals", "2", "--games", "star", "--jobs", "1", "--max-seconds", "2",
                 "--db", str(tmp_path / "r.sqlite"), "--docs", str(docs)])
    text = (docs / "winnability.md").read_text("utf-8")
    assert "python -m patience.stats.report --deals 2" in text
    assert "| Star (defaults) | 2 |" in text and "| Star (direction=free) | 2 |" in text
    assert "Star (version 2)" in text and "(Star: only defaults changed)" in text
    assert (docs / "winnability.png").read_bytes()[:4] == b"\x89PNG"


def test_the_careful_column_for_default_rows(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Default rows get the careful player's win rate, deals and seconds; the others a
    dash. Its games are played once and kept (a fake player here: it wins odd deals)."""
    played: list[int] = []

    def fake(game_id: str, options: object, deal: int) -> CarefulResult:
        played.append(deal)
        return CarefulResult(deal, "won" if deal % 2 else "lost", 2.0)

    @contextmanager
    def threads(*_: object) -> Iterator[Executor]:
        with ThreadPoolExecutor(1) as pool:
            yield pool

    monkeypatch.setattr(runner, "play_careful_deal", fake)
    monkeypatch.setattr(report, "open_executor", threads)
    docs = tmp_path / "docs"
    args = ["--deals", "2", "--games", "star", "--jobs", "1", "--max-seconds", "2",
            "--careful-deals-for", "star=4", "--db", str(tmp_path / "r.sqlite"),
            "--docs", str(docs)]
    report.main(args)
    report.main(args)
    assert sorted(played) == [1, 2, 3, 4]  # stored games are not played again
    text = (docs / "winnability.md").read_text("utf-8")
    default = next(line for line in text.splitlines() if line.startswith("| Star (defaults)"))
    assert "| 50.0 (15.0–85.0) | 4 | 2.0 |" in default
    other = next(line for line in text.splitlines() if line.startswith("| Star (direction"))
    assert "| — | — | — |" in other
    assert "careful win % (95%)" in text


# The native search decides these deals in milliseconds: the plain Python one needs 0.5 s
# to over 30 s for them, so the two backends' rows could differ by the machine's load.
@pytest.mark.usefixtures("native_search")
def test_the_page_can_be_computed_on_a_dask_cluster(tmp_path: Path) -> None:
    """--backend dask starts a local cluster when no scheduler is named; its rows are the
    process pool's, deal for deal."""
    pytest.importorskip("distributed")
    pages = {}
    for backend in ("process", "dask"):
        docs = tmp_path / backend
        report.main(["--deals", "3", "--games", "sun", "--jobs", "2", "--max-seconds", "10",
                     "--backend", backend, "--db", str(tmp_path / f"{backend}.sqlite"),
                     "--docs", str(docs)])
        text = (docs / "winnability.md").read_text("utf-8")
        pages[backend] = [line.split("|")[2:7] for line in text.splitlines()
                          if line.startswith("| Sun (")]
    rows = len(report.option_rows(patience.get_game("sun")))  # defaults, one per option
    assert pages["dask"] == pages["process"] and len(pages["dask"]) == rows == 3


def test_a_scheduler_needs_the_dask_backend() -> None:
    with pytest.raises(SystemExit):
        report.main(["--scheduler", "tcp://127.0.0.1:8786", "--games", "star"])


def test_deal_counts_per_game_and_per_row() -> None:
    toad = patience.get_game("toad")
    counts = report.parse_per_row(["toad=500", "toad:reserve_piles=2=70", "sun=9"],
                                  "--deals-for", int)
    assert counts == {"toad": 500, "toad:reserve_piles=2": 70, "sun": 9}
    assert report.for_row(counts, toad, {}, 100) == 500
    assert report.for_row(counts, toad, {"reserve_piles": 2}, 100) == 70
    assert report.for_row(counts, toad, {"ace_extraction": False}, 100) == 500
    assert report.for_row({"toad:defaults": 9}, toad, {}, 100) == 9
    assert report.for_row({"toad:defaults": 9}, toad, {"reserve_piles": 2}, 100) == 100
    star = patience.get_game("star")
    assert report.for_row(counts, star, {"direction": "free"}, 100) == 100


def test_a_malformed_deal_count_or_budget_is_refused() -> None:
    for bad in ("toad", "toad=many", "=5", "toad=0", "toad=-3"):
        with pytest.raises(SystemExit, match="--deals-for"):
            report.main(["--deals-for", bad, "--games", "star"])
    for bad in ("toad", "toad=soon", "=5", "toad=0", "toad=-1", "toad=inf", "toad=nan"):
        with pytest.raises(SystemExit, match="--max-seconds-for"):
            report.main(["--max-seconds-for", bad, "--games", "star"])


def test_a_row_or_game_that_does_not_exist_is_refused() -> None:
    """A misspelt row would otherwise get the page's deal count or budget unnoticed."""
    for flag, value in (("--deals-for", "70"), ("--max-seconds-for", "20")):
        for bad in ("toad:reserve_pile=2", "toad:reserve_piles=3", "toads", "toad:default"):
            with pytest.raises(SystemExit, match=f"{flag}: '{bad}' names no game"):
                report.main([flag, f"{bad}={value}", "--games", "star"])


def test_one_row_gets_its_own_time_budget(tmp_path: Path) -> None:
    """``--max-seconds-for`` gives one row a budget of its own; the page shows each row's,
    and the larger budget keeps the deals the page's budget already decided."""
    db, docs = tmp_path / "r.sqlite", tmp_path / "docs"
    common = ["--deals", "2", "--games", "star", "--jobs", "1", "--db", str(db),
              "--docs", str(docs)]
    report.main([*common, "--max-seconds", "5"])
    report.main([*common, "--max-seconds", "5", "--max-seconds-for",
                 "star:direction=free=7.5"])
    text = (docs / "winnability.md").read_text("utf-8")
    assert "| Star (defaults) | 2 | 5 |" in text
    assert "| Star (direction=free) | 2 | 7.5 |" in text
    assert "--max-seconds-for star:direction=free=7.5" in text
