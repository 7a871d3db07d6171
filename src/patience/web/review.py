"""The game review for the page: each game's review runs once, in a thread of its own that
weighs the positions on a pool of two worker processes, while the page asks how far it has
got; the answer is kept while the game stays as it was.

A review is keyed by the game and the exact record it reads, so a move played, undone or
redone asks for a new one; the game's earlier review, now out of date, is cancelled (the
positions not yet weighed are dropped from the pool). The service's lock is never held
while a review works: it only reads the record under it.
"""

from __future__ import annotations

import importlib
import json
import multiprocessing
import os
import threading
from collections import OrderedDict
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import patience
from patience import words
from patience.i18n import language
from patience.stats.executors import die_with_parent

if TYPE_CHECKING:
    from patience.solver.review import Review
    from patience.solver.slip import Slip

WORKERS = 2
# Samples a position by default: 24 put a 150-move game under a minute on two cores (as
# ``patience analyse``); a page may ask for fewer, never for many more.
SAMPLES, MAX_SAMPLES = 24, 64
REVIEWS_KEPT = 32
# The exact search's second opinion (what a player who saw every card would have known),
# as ``patience analyse`` asks it: short solves, seconds beside the review's minute.
EXACT_NODES, EXACT_SECONDS, EXACT_SOLVES = 2_000_000, 1.0, 12


class ReviewFailed(RuntimeError):
    """The review stopped without an answer (the worker processes failed)."""


@dataclass
class ReviewJob:
    """One game's review, as far as it has got: positions weighed of ``total``, then the
    exact search (``stage`` "every card"), then ``answer``, or ``error`` (the reason only).

    The review is worked out in worker processes and a thread, where no request's language
    is spoken: they keep numbers and moves (``found``, ``slip``), and ``answer`` puts them
    in words when a request reads it, in that request's language."""

    record: dict[str, Any]
    samples: int
    total: int
    done: int = 0
    stage: str = "chances"
    found: Review | None = None
    slip: Slip | None = None
    error: str | None = None
    cancelled: bool = False
    finished: threading.Event = field(default_factory=threading.Event)
    futures: list[Future[Any]] = field(default_factory=list)

    said: dict[str, dict[str, Any]] = field(default_factory=dict)  # language -> answer

    @property
    def answer(self) -> dict[str, Any] | None:
        """The review in words, in the language spoken now (put in words once for each
        language); None until it is done."""
        if self.found is None or self.stage != "done":
            return None
        lang = language()
        if lang not in self.said:
            exact = words.every_card(self.slip) if self.slip is not None else None
            self.said[lang] = answer(self.record, self.found, exact)
        return self.said[lang]

    def progress(self, done: int, _total: int) -> None:
        self.done = done

    def cancel(self) -> None:
        """Drop the positions not yet weighed; the thread then ends without an answer."""
        self.cancelled = True
        for future in list(self.futures):
            future.cancel()


class _Tracked(Executor):
    """The shared pool, remembering the job's futures so that the job can cancel them."""

    def __init__(self, pool: Executor, job: ReviewJob) -> None:
        self.pool, self.job = pool, job

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        future = self.pool.submit(fn, *args, **kwargs)
        self.job.futures.append(future)
        if self.job.cancelled:  # cancelled while its positions were being handed out
            future.cancel()
        return future


class ReviewDesk:
    """The reviews of every game the server was asked to review, and the pool they share."""

    def __init__(self, workers: int = WORKERS) -> None:
        self.workers = workers
        self._jobs: OrderedDict[str, ReviewJob] = OrderedDict()
        self._latest: dict[str, str] = {}  # game id -> the key of its latest review
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()

    def ask(self, game_id: str, record: dict[str, Any], samples: int,
            wait: float = 0.0) -> ReviewJob:
        """The review of ``record`` (a game's record as stored now): started when new, and
        waited for up to ``wait`` seconds."""
        key = json.dumps([game_id, samples, record], sort_keys=True)
        with self._lock:
            job = self._jobs.get(key)
            if job is not None and job.error is not None:
                del self._jobs[key]  # failed: ask again, ask afresh
                job = None
            if job is None:
                job = ReviewJob(record, samples, len(record["moves"]))
                self._jobs[key] = job
                threading.Thread(target=self._run, args=(job,), daemon=True,
                                 name=f"review {game_id[:6]}").start()
            self._jobs.move_to_end(key)
            earlier = self._latest.get(game_id)
            if earlier is not None and earlier != key and earlier in self._jobs:
                old = self._jobs.pop(earlier)
                if not old.finished.is_set():
                    old.cancel()
            self._latest[game_id] = key
            while len(self._jobs) > REVIEWS_KEPT:
                _, dropped = self._jobs.popitem(last=False)
                if not dropped.finished.is_set():
                    dropped.cancel()
                self._latest = {g: k for g, k in self._latest.items() if k in self._jobs}
        job.finished.wait(wait)
        return job

    def close(self) -> None:
        """Cancel the reviews under way and end the workers."""
        with self._lock:
            for job in self._jobs.values():
                job.cancel()
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    def _executor(self) -> ProcessPoolExecutor:
        """The pool, made at the first review. Its workers start from a fresh server
        process (forkserver), never forked from this threaded one, and end with it."""
        with self._lock:
            if self._pool is None:
                self._pool = ProcessPoolExecutor(
                    max_workers=self.workers,
                    mp_context=multiprocessing.get_context("forkserver"),
                    initializer=die_with_parent, initargs=(os.getpid(),))
            return self._pool

    def _broken(self, pool: ProcessPoolExecutor) -> None:
        """Forget a pool whose workers died, so the next review makes a new one."""
        with self._lock:
            if self._pool is pool:
                self._pool = None
        pool.shutdown(wait=False, cancel_futures=True)

    def _run(self, job: ReviewJob) -> None:
        pool = self._executor()
        try:
            solver_review = importlib.import_module("patience.solver.review")
            found = solver_review.review(job.record, samples=job.samples,
                                         executor=_Tracked(pool, job), progress=job.progress)
            if job.cancelled:
                return
            job.stage = "every card"
            job.slip = exact_slip(job.record)
            job.found = found
        except Exception as exc:  # any failure is said to the page
            if not job.cancelled:
                if isinstance(exc, BrokenProcessPool):
                    self._broken(pool)
                job.error = str(exc) or type(exc).__name__
        finally:
            job.stage = "done"
            job.finished.set()


def exact_slip(record: dict[str, Any]) -> Slip:
    """The exact search's second opinion, seeing every card, within its short budget
    (``words.every_card`` says it)."""
    solver = importlib.import_module("patience.solver")
    slip: Slip = solver.find_slip(record, max_nodes=EXACT_NODES, max_seconds=EXACT_SECONDS,
                                  max_solves=EXACT_SOLVES)
    return slip


def answer(record: dict[str, Any], found: Review, exact: str | None) -> dict[str, Any]:
    """The review as the page reads it: one entry per move, each move and the better one
    with its notation and its words, read on a replay of the record."""
    state = patience.replay({**record, "moves": []})
    summary = words.review_lines(state, found)[:2]
    moves = []
    for entry in found.moves:
        legal = state.legal_moves()
        moves.append({
            "number": entry.number,
            "move": _move(legal, entry.move, words.describe(state, entry.move)),
            "chance_before": round(entry.chance_before, 4),
            "chance_after": round(entry.chance_after, 4),
            "best": _move(legal, entry.best, words.describe(state, entry.best)),
            "best_chance": round(entry.best_chance, 4),
            "verdict": entry.verdict, "verdict_words": words.verdict_word(entry.verdict),
            "forced": entry.choices == 1,
        })
        state.play(entry.move)
    counts = {v: sum(m.verdict == v for m in found.moves)
              for v in ("inaccuracy", "mistake", "blunder")}
    return {"moves": moves, "start_chance": round(found.start_chance, 4),
            "summary": summary, "counts": counts, "every_card": exact,
            "samples": found.samples, "seconds": round(found.seconds, 2)}


def _move(legal: list[Any], move: Any, said: str) -> dict[str, Any]:
    return {"number": legal.index(move) + 1, "move": move.to_dict(), "text": str(move),
            "words": said}
