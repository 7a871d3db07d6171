"""Run many deals on any ``concurrent.futures.Executor``: a process pool, or Dask's
``distributed.Client(addr).get_executor()``. Results are stored as they finish."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import Executor, Future, as_completed
from dataclasses import replace
from typing import Any, Protocol, TypeVar

from patience.engine.registry import get_game
from patience.solver.careful_player import play_careful, player_name
from patience.solver.practical import play_practical, policy_for
from patience.solver.search import solve
from patience.storage.careful_results import CarefulResult, CarefulStore
from patience.storage.results import DealResult, ResultStore, budget_text


class _Dealt(Protocol):
    @property
    def deal(self) -> int: ...


R = TypeVar("R", bound=_Dealt)


def analyse_deal(game_id: str, options: Mapping[str, Any], deal: int, max_nodes: int,
                 max_seconds: float) -> DealResult:
    """Solve one deal and play it practically; a top-level function so workers can run it."""
    state = get_game(game_id).new(deal=deal, **dict(options))
    result = solve(state, max_nodes=max_nodes, max_seconds=max_seconds)
    return DealResult(deal, result.outcome, result.nodes, result.seconds,
                      play_practical(state), policy_for(game_id))


def replay_practical(game_id: str, options: Mapping[str, Any], deal: int,
                     stored: DealResult) -> DealResult:
    """``stored`` with its practical game played again by today's policy (the solve kept)."""
    state = get_game(game_id).new(deal=deal, **dict(options))
    return replace(stored, practical=play_practical(state), policy=policy_for(game_id))


def run_deals(game_id: str, options: Mapping[str, Any], deals: Iterable[int],
              executor: Executor, store: ResultStore, *, max_nodes: int = 2_000_000,
              max_seconds: float = 10.0, retry_unknown: bool = False,
              on_result: Callable[[DealResult], None] | None = None) -> list[DealResult]:
    """Every deal's result in deal order; deals already in ``store`` are not recomputed.

    Each finished deal is written to ``store`` before the next is awaited, so a run that
    is interrupted resumes where it stopped. ``retry_unknown`` solves again the deals
    stored as unknown: a stronger solver may now decide them (a proof, once stored, stays).
    """
    game = get_game(game_id)
    options = dict(game.resolve_options(options))
    version = game.rules_version  # the deals are solved under today's rules
    wanted = list(deals)
    budget = budget_text(max_nodes, max_seconds)
    # results of earlier versions that play alike, options named, still answer
    done = store.get(game_id, options, budget, wanted, game.versions_alike())
    if retry_unknown:
        done = {deal: r for deal, r in done.items() if r.outcome != "unknown"}
    stale = {deal: r for deal, r in done.items() if r.policy != policy_for(game_id)}
    done = {deal: r for deal, r in done.items() if deal not in stale}
    for result in done.values():
        if on_result is not None:
            on_result(result)
    futures: list[Future[DealResult]] = [
        executor.submit(analyse_deal, game_id, options, deal, max_nodes, max_seconds)
        for deal in wanted if deal not in done and deal not in stale
    ] + [executor.submit(replay_practical, game_id, options, deal, result)
         for deal, result in stale.items()]
    collect(futures, done, lambda r: store.add(game_id, options, budget, r, version),
            on_result)
    return [done[d] for d in wanted]


def collect(futures: list[Future[R]], done: dict[int, R], store: Callable[[R], None],
            on_result: Callable[[R], None] | None) -> None:
    """Store each result as its deal finishes, before the next is awaited, so an
    interrupted run keeps what it has; the deals not yet begun are cancelled on the way
    out."""
    try:
        for future in as_completed(futures):
            result = future.result()
            store(result)
            done[result.deal] = result
            if on_result is not None:
                on_result(result)
    finally:
        for future in futures:
            future.cancel()


def play_careful_deal(game_id: str, options: Mapping[str, Any], deal: int) -> CarefulResult:
    """Play one deal as the careful player; a top-level function so workers can run it."""
    state = get_game(game_id).new(deal=deal, **dict(options))
    began = time.perf_counter()
    outcome = play_careful(state, seed=deal)
    return CarefulResult(deal, outcome, time.perf_counter() - began)


def run_careful(game_id: str, options: Mapping[str, Any], deals: Iterable[int],
                executor: Executor, store: CarefulStore, *,
                on_result: Callable[[CarefulResult], None] | None = None
                ) -> list[CarefulResult]:
    """Every deal's careful game in deal order, as ``run_deals``: stored as each finishes,
    deals already stored not played again."""
    game = get_game(game_id)
    options = dict(game.resolve_options(options))
    version = game.rules_version
    wanted = list(deals)
    player = player_name(game_id)
    done = store.get(game_id, version, options, player, wanted)
    for result in done.values():
        if on_result is not None:
            on_result(result)
    futures = [executor.submit(play_careful_deal, game_id, options, deal)
               for deal in wanted if deal not in done]
    collect(futures, done, lambda r: store.add(game_id, version, options, player, r),
            on_result)
    return [done[d] for d in wanted]
