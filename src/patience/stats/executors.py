"""Executors for the statistics: a local process pool, or a Dask cluster.

A pool's workers end with the process that started them: a run killed with ``kill -9``
leaves no solver running on (each worker holds tens of megabytes and a core).
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager
from typing import Literal

Backend = Literal["process", "dask"]
PR_SET_PDEATHSIG = 1  # linux/prctl.h
WATCH_SECONDS = 1.0


def die_with_parent(owner: int) -> None:
    """Pool initializer: end this worker when its parent (or ``owner``, the process that
    made the pool) dies. Linux signals it at once (``prctl``); elsewhere, and as a second
    line, a thread looks every second."""
    parent = os.getppid()
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
        except (OSError, AttributeError):
            pass
    threading.Thread(target=_watch, args=(parent, owner), daemon=True,
                     name="die-with-parent").start()


def _watch(parent: int, owner: int) -> None:
    while True:
        if os.getppid() != parent or not _alive(owner):
            os._exit(1)
        time.sleep(WATCH_SECONDS)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def process_pool(jobs: int) -> ProcessPoolExecutor:
    """A pool of ``jobs`` worker processes that end with this one."""
    return ProcessPoolExecutor(max_workers=jobs, initializer=die_with_parent,
                               initargs=(os.getpid(),))


@contextmanager
def open_executor(backend: Backend, jobs: int, scheduler: str | None = None
                  ) -> Iterator[Executor]:
    """``process``: a pool of ``jobs`` processes. ``dask``: the scheduler at ``scheduler``,
    or a local cluster of ``jobs`` single-threaded worker processes."""
    if backend == "process":
        with process_pool(jobs) as pool:
            yield pool
        return
    if backend != "dask":
        raise ValueError(f"backend must be 'process' or 'dask', not {backend!r}")
    try:
        from distributed import Client, LocalCluster
    except ImportError as exc:
        raise ValueError("the dask backend needs the project's 'dask' extra: in the "
                         "project's folder, pip install -e '.[dask]'") from exc
    if scheduler:
        with Client(scheduler) as client:  # type: ignore[no-untyped-call]
            yield client.get_executor()
        return
    cluster = LocalCluster(n_workers=jobs, threads_per_worker=1,  # type: ignore[no-untyped-call]
                           processes=True, dashboard_address=None)
    with cluster, Client(cluster) as client:  # type: ignore[no-untyped-call]
        yield client.get_executor()
