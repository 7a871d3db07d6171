"""Executors for the statistics: a local process pool, or a Dask cluster."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager
from typing import Literal

Backend = Literal["process", "dask"]


@contextmanager
def open_executor(backend: Backend, jobs: int, scheduler: str | None = None
                  ) -> Iterator[Executor]:
    """``process``: a pool of ``jobs`` processes. ``dask``: the scheduler at ``scheduler``,
    or a local cluster of ``jobs`` single-threaded worker processes."""
    if backend == "process":
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            yield pool
        return
    if backend != "dask":
        raise ValueError(f"backend must be 'process' or 'dask', not {backend!r}")
    try:
        from distributed import Client, LocalCluster
    except ImportError as exc:
        raise ValueError("the dask backend needs the 'dask' extra: "
                         "pip install 'patience[dask]'") from exc
    if scheduler:
        with Client(scheduler) as client:  # type: ignore[no-untyped-call]
            yield client.get_executor()
        return
    cluster = LocalCluster(n_workers=jobs, threads_per_worker=1,  # type: ignore[no-untyped-call]
                           processes=True, dashboard_address=None)
    with cluster, Client(cluster) as client:  # type: ignore[no-untyped-call]
        yield client.get_executor()
