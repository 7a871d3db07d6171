"""Many clients on the same games at once: every answer is whole, every stored record replays.

Writers play and undo on Blockade games while readers fetch them, each client a thread with
its own event loop talking to the ASGI app (the sync routes run on the app's thread pool, so
requests really interleave). Afterwards each stored move list must replay, and equal what
the running server last served and what a restarted server rebuilds from the file.
"""

from __future__ import annotations

import asyncio
import random
import threading
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

import patience
from patience.engine.state import State
from patience.storage.games import GameStore
from tests.web.conftest import make_app

RUN_SECONDS = 3.0
DEALS = (1, 2, 3)  # one game per deal, hammered at the same time
WRITERS = READERS = 5  # per game


def _client(app: FastAPI, cookies: dict[str, str]) -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), cookies=cookies,
                             base_url="http://testserver")


class Hammer:
    """Writers and readers on one game until the deadline, noting what goes wrong."""

    def __init__(self, app: FastAPI, cookies: dict[str, str], first: dict[str, Any],
                 deadline: float) -> None:
        self.app, self.cookies, self.deadline = app, cookies, deadline
        self.gid = first["id"]
        self.latest = first
        self.accepted = 0
        self.problems: list[str] = []

    def check(self, r: httpx.Response, kind: str) -> None:
        if r.status_code == 409:  # a move made stale by another writer is a fair refusal
            return
        if r.status_code != 200:
            self.problems.append(f"{kind}: {r.status_code} {r.text[:200]}")
            return
        body = r.json()
        if body["state"]["status"] != body["status"] or \
                bool(body["moves"]) != (body["status"] == "playing"):
            self.problems.append(f"{kind}: a torn answer ({body['status']}, "
                                 f"{body['state']['status']}, {len(body['moves'])} moves)")
        self.latest = body
        self.accepted += kind == "move"

    async def writer(self, seed: int) -> None:
        rng = random.Random(seed)
        async with _client(self.app, self.cookies) as client:
            while time.monotonic() < self.deadline:
                moves = self.latest["moves"]
                if moves and rng.random() < 0.7:
                    r = await client.post(f"/api/play/{self.gid}/move",
                                          json=rng.choice(moves)["move"])
                    self.check(r, "move")
                else:
                    self.check(await client.post(f"/api/play/{self.gid}/undo"), "undo")

    async def reader(self) -> None:
        async with _client(self.app, self.cookies) as client:
            while time.monotonic() < self.deadline:
                self.check(await client.get(f"/api/play/{self.gid}"), "get")

    def clients(self) -> list[Callable[[], Coroutine[Any, Any, None]]]:
        writers = [lambda n=n: self.writer(n) for n in range(WRITERS)]  # type: ignore[misc]
        return writers + [self.reader] * READERS


def test_concurrent_play_and_reads_leave_records_that_replay(db: Path) -> None:
    app = make_app(db)
    with TestClient(app) as client:
        firsts = [client.post("/api/play", json={"game": "blockade", "deal": d}).json()
                  for d in DEALS]
        cookies = dict(client.cookies)
    deadline = time.monotonic() + RUN_SECONDS
    hammers = [Hammer(app, cookies, first, deadline) for first in firsts]
    threads = [threading.Thread(target=lambda c=c: asyncio.run(c()))  # type: ignore[misc]
               for h in hammers for c in h.clients()]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=RUN_SECONDS + 60)
    assert not any(t.is_alive() for t in threads)
    assert [p for h in hammers for p in h.problems] == []
    assert all(h.accepted > 10 for h in hammers), "the writers hardly played"

    with TestClient(app, cookies=cookies) as client:
        served = [client.get(f"/api/play/{h.gid}").json() for h in hammers]
    store = GameStore(db)
    rows = [store.get(h.gid, cookies["patience_session"]) for h in hammers]
    store.close()
    with TestClient(make_app(db), cookies=cookies) as restarted:
        rebuilt = [restarted.get(f"/api/play/{h.gid}") for h in hammers]
    for deal, row, last, again in zip(DEALS, rows, served, rebuilt, strict=True):
        assert row is not None
        state = patience.get_game("blockade").new(deal=deal)
        for number, move in enumerate(row.moves, 1):
            try:
                state.play(move)
            except patience.IllegalMove as exc:
                raise AssertionError(f"deal {deal}: stored move {number} does not replay: "
                                     f"{exc}") from None
        assert last["state"] == state.to_dict()
        assert [m["move"] for m in last["moves"]] == [m.to_dict() for m in state.legal_moves()]
        assert again.status_code == 200, again.text
        assert again.json()["state"] == last["state"]


# --- two interleavings, forced one step at a time ---------------------------------------

HOLD = 0.5  # longest a held call waits to be let go (then the test goes on regardless)


@dataclass
class Held:
    reached: threading.Event = field(default_factory=threading.Event)
    released: threading.Event = field(default_factory=threading.Event)


class Holding:
    """Wraps a function: the next call after each ``hold()`` stops (after the call, or
    ``before`` it) until released or HOLD seconds, so the test decides what other requests
    do meanwhile."""

    def __init__(self, wrapped: Callable[..., Any], before: bool = False) -> None:
        self.wrapped = wrapped
        self.before = before
        self.pending: list[Held] = []

    def hold(self) -> Held:
        held = Held()
        self.pending.append(held)
        return held

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if self.before:
            self._wait()
            return self.wrapped(*args, **kwargs)
        out = self.wrapped(*args, **kwargs)
        self._wait()
        return out

    def _wait(self) -> None:
        if self.pending:
            held = self.pending.pop(0)
            held.reached.set()
            held.released.wait(HOLD)


class Call(threading.Thread):
    """One request in its own thread, so the test can hold it half-way."""

    def __init__(self, send: Callable[[], httpx.Response]) -> None:
        super().__init__()
        self.send = send
        self.response: httpx.Response | None = None
        self.start()

    def run(self) -> None:
        self.response = self.send()

    def answer(self) -> httpx.Response:
        self.join(timeout=30)
        assert self.response is not None
        return self.response


def _branching_moves(game: str, deal: int) -> tuple[dict[str, Any], ...]:
    """Moves m1, m2 legal at the deal and m3 legal after m1 but not after m2."""
    start = patience.get_game(game).new(deal=deal)
    for m1 in start.legal_moves():
        for m2 in start.legal_moves():
            after1, after2 = start.copy(), start.copy()
            after1.play(m1)
            after2.play(m2)
            refused = [m for m in after1.legal_moves() if m not in after2.legal_moves()]
            if m1 != m2 and refused:
                return m1.to_dict(), m2.to_dict(), refused[0].to_dict()
    raise AssertionError("no branching moves in this deal")


def _replays_as_served(client: TestClient, game: str, deal: int, gid: str, db: Path) -> None:
    store = GameStore(db)
    row = store.get(gid, client.cookies["patience_session"])
    store.close()
    assert row is not None
    state = patience.get_game(game).new(deal=deal)
    for move in row.moves:
        state.play(move)  # IllegalMove: the stored record no longer replays
    served = client.get(f"/api/play/{gid}")
    assert served.status_code == 200, served.text
    assert served.json()["state"] == state.to_dict()


def test_reads_held_between_the_store_and_the_answer_cannot_swap_the_live_game(
        db: Path) -> None:
    """Two reads that fetched the stored game before writers changed it must not put an
    old game in place of the live one: the next move would be checked on it and stored."""
    m1, m2, m3 = _branching_moves("blockade", 1)
    app = make_app(db)
    store = app.state.service.store
    store.get = holding = Holding(store.get)
    with TestClient(app) as client:
        gid = client.post("/api/play", json={"game": "blockade", "deal": 1}).json()["id"]
        before_m1 = holding.hold()
        read_before_m1 = Call(lambda: client.get(f"/api/play/{gid}"))
        assert before_m1.reached.wait(5)
        assert Call(lambda: client.post(f"/api/play/{gid}/move", json=m1)).answer().is_success
        after_m1 = holding.hold()
        read_after_m1 = Call(lambda: client.get(f"/api/play/{gid}"))
        assert after_m1.reached.wait(5)
        assert Call(lambda: client.post(f"/api/play/{gid}/undo")).answer().is_success
        assert Call(lambda: client.post(f"/api/play/{gid}/move", json=m2)).answer().is_success
        before_m1.released.set()
        assert read_before_m1.answer().is_success
        after_m1.released.set()
        assert read_after_m1.answer().is_success
        client.post(f"/api/play/{gid}/move", json=m3)  # legal after m1 only
        _replays_as_served(client, "blockade", 1, gid, db)


@pytest.mark.internals
def test_an_answer_is_never_torn_between_two_positions(db: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """A read held while it draws the position must answer one position whole: the moves it
    lists are the legal moves of the state it shows, though a move is played meanwhile."""
    m1 = patience.get_game("blockade").new(deal=2).legal_moves()[0].to_dict()
    holding = Holding(State.to_dict, before=True)
    monkeypatch.setattr(State, "to_dict", lambda self: holding(self))
    with TestClient(make_app(db)) as client:
        start = client.post("/api/play", json={"game": "blockade", "deal": 2}).json()
        drawing = holding.hold()
        read = Call(lambda: client.get(f"/api/play/{start['id']}"))
        assert drawing.reached.wait(5)
        move = Call(lambda: client.post(f"/api/play/{start['id']}/move", json=m1))
        move.join(HOLD / 2)  # a lock-free read lets the move through now
        drawing.released.set()
        seen, moved = read.answer().json(), move.answer().json()
    assert seen in (start, moved)
