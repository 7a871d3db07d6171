"""Hints and winnable deals: the API's use of ``patience.solver``.

A stand-in module checks the wiring whatever the solver does; the tests at the end use the
real solver when it is installed.
"""

from __future__ import annotations

import sys
import types
from dataclasses import dataclass, field, replace
from typing import Any

import pytest
from fastapi.testclient import TestClient

import patience
from patience import Move, State


@dataclass
class FakeHint:
    status: str
    move: Move | None
    message: str
    guess: Move | None = None
    deeper: bool = False


@dataclass
class FakeResult:
    outcome: str
    moves: list[Move] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0


def stand_in(monkeypatch: pytest.MonkeyPatch, hint: Any = None,
             winnable: set[int] | None = None) -> list[int]:
    """Install a fake ``patience.solver``; returns the deals ``solve`` was asked about."""
    asked: list[int] = []
    module = types.ModuleType("patience.solver")

    def fake_hint(state: State, max_nodes: int, max_seconds: float) -> FakeHint:
        return hint(state) if hint else FakeHint("unknown", None, "budget spent")

    def fake_solve(state: State, max_nodes: int, max_seconds: float) -> FakeResult:
        assert state.deal is not None
        asked.append(state.deal)
        return FakeResult("won" if state.deal in (winnable or set()) else "lost")

    class FakeHinter:
        def hint(self, state: State, max_nodes: int, max_seconds: float) -> FakeHint:
            return fake_hint(state, max_nodes, max_seconds)

        def quick(self, state: State, max_nodes: int, max_seconds: float) -> FakeHint:
            found = fake_hint(state, max_nodes, max_seconds)
            return replace(found, deeper=found.status == "unknown")

    module.hint = fake_hint  # type: ignore[attr-defined]
    module.Hinter = FakeHinter  # type: ignore[attr-defined]
    module.solve = fake_solve  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "patience.solver", module)
    return asked


def start_star(client: TestClient) -> dict[str, Any]:
    r = client.post("/api/play", json={"game": "star", "deal": 5})
    assert r.status_code == 201
    return dict(r.json())


def test_hint_names_a_listed_move(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    stand_in(monkeypatch, hint=lambda s: FakeHint("move", s.legal_moves()[-1], "found a win"))
    body = start_star(client)
    hint = client.post(f"/api/play/{body['id']}/hint?peek=true").json()
    last = body["moves"][-1]
    assert hint["status"] == "move" and hint["message"] == "found a win"
    assert hint["move"] == last


def test_hint_says_when_the_game_is_lost(client: TestClient,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    stand_in(monkeypatch, hint=lambda s: FakeHint("lost", None, "no win from here"))
    body = start_star(client)
    hint = client.post(f"/api/play/{body['id']}/hint?peek=true").json()
    assert hint == {"source": "exact", "status": "lost", "move": None,
                    "message": "no win from here", "deeper": False, "chance": None,
                    "low": None, "high": None,
                    "words": "Looking at the face-down cards: this game can no longer be "
                             "won from here: no win from here."}


def test_hint_leaves_the_game_unchanged(client: TestClient,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    def meddle(state: State) -> FakeHint:
        state.play(state.legal_moves()[0])  # the solver works on a copy
        return FakeHint("unknown", None, "")

    stand_in(monkeypatch, hint=meddle)
    body = start_star(client)
    client.post(f"/api/play/{body['id']}/hint?peek=true")
    assert client.get(f"/api/play/{body['id']}").json()["state"] == body["state"]


def test_winnable_deal_is_one_the_solver_won_and_is_cached(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    import patience.web.service as service

    deals = iter([11, 12, 13, 14, 15, 16])
    monkeypatch.setattr(service.random, "randrange", lambda a, b: next(deals))
    asked = stand_in(monkeypatch, winnable={13})
    body = client.post("/api/play", json={"game": "star", "winnable": True}).json()
    assert body["deal"] == 13 and asked == [11, 12, 13]
    store = client.app.state.service.store  # type: ignore[attr-defined]
    assert store.winnable_deals("star", {"direction": "first-fit"}, "2") == [13]
    assert store.verdict("star", {"direction": "first-fit"}, 11, "2") == "lost"
    assert store.verdict("star", {"direction": "first-fit"}, 11, "1") is None


def test_winnable_falls_back_to_a_cached_deal(client: TestClient,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    import patience.web.service as service

    stand_in(monkeypatch, winnable=set())
    store = client.app.state.service.store  # type: ignore[attr-defined]
    store.record_verdict("star", {"direction": "first-fit"}, 76, "won", "1")  # older rules
    store.record_verdict("star", {"direction": "first-fit"}, 77, "won", "2")
    monkeypatch.setattr(service, "WINNABLE_SECONDS", 0.05)
    body = client.post("/api/play", json={"game": "star", "winnable": True}).json()
    assert body["deal"] == 77


def test_real_solver_hint_is_legal(client: TestClient) -> None:
    pytest.importorskip("patience.solver")
    body = start_star(client)
    hint = client.post(f"/api/play/{body['id']}/hint?peek=true").json()
    assert hint["status"] in ("move", "lost", "unknown")
    if hint["status"] == "move":
        assert hint["move"]["move"] in [m["move"] for m in body["moves"]]


def test_an_undecided_hint_offers_the_guess_as_a_listed_move(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    stand_in(monkeypatch, hint=lambda s: FakeHint("unknown", None, "no win found in time",
                                                  guess=s.legal_moves()[0]))
    body = start_star(client)
    hint = client.post(f"/api/play/{body['id']}/hint?peek=true").json()
    assert hint["status"] == "guess" and hint["message"] == "no win found in time"
    assert hint["move"] == body["moves"][0] and hint["move"]["words"]


def test_an_undecided_hint_without_a_guess_stays_unknown(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    stand_in(monkeypatch, hint=lambda s: FakeHint("unknown", None, "no win found in time"))
    body = start_star(client)
    hint = client.post(f"/api/play/{body['id']}/hint?peek=true").json()
    assert hint == {"source": "exact", "status": "unknown", "move": None,
                    "message": "no win found in time", "deeper": False, "chance": None,
                    "low": None, "high": None,
                    "words": "Looking at the face-down cards: no hint found in time: no win "
                             "found in time."}


def test_real_solver_out_of_time_guesses_the_practical_move(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("patience.solver")
    import patience.web.service as service
    from patience.solver.practical import next_move

    monkeypatch.setattr(service, "HINT_NODES", 1)  # one position searched: undecided
    r = client.post("/api/play", json={"game": "shah", "deal": 3})
    body = r.json()
    hint = client.post(f"/api/play/{body['id']}/hint?peek=true").json()
    assert hint["status"] == "guess" and "may still be winnable" in hint["message"]
    assert hint["move"] in body["moves"]
    assert hint["move"]["move"] == next_move(patience.get_game("shah").new(deal=3)).to_dict()


def test_a_glance_offers_the_guess_marked_deeper_and_deep_is_the_full_search(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    stand_in(monkeypatch, hint=lambda s: FakeHint("unknown", None, "no win found in time",
                                                  guess=s.legal_moves()[0]))
    body = start_star(client)
    glance = client.post(f"/api/play/{body['id']}/hint?peek=true&deep=false").json()
    assert glance["status"] == "guess" and glance["deeper"] is True
    assert glance["move"] == body["moves"][0]
    full = client.post(f"/api/play/{body['id']}/hint?peek=true&deep=true").json()
    assert full["status"] == "guess" and full["deeper"] is False
    assert client.post(f"/api/play/{body['id']}/hint?peek=true").json() == full  # deep by default


def test_a_glance_that_finds_the_line_needs_nothing_deeper(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    stand_in(monkeypatch, hint=lambda s: FakeHint("move", s.legal_moves()[-1], "found a win"))
    body = start_star(client)
    glance = client.post(f"/api/play/{body['id']}/hint?peek=true&deep=false").json()
    assert glance["status"] == "move" and glance["deeper"] is False
    assert glance["move"] == body["moves"][-1]


def test_hint_depth_must_be_a_truth_value(client: TestClient) -> None:
    body = start_star(client)
    r = client.post(f"/api/play/{body['id']}/hint?peek=true&deep=maybe")
    assert r.status_code == 422 and "deep" in r.text


def test_real_solver_glance_answers_with_the_guess_when_it_decides_nothing(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("patience.solver")
    import patience.web.service as service
    from patience.solver.practical import next_move

    monkeypatch.setattr(service, "GLANCE_NODES", 1)  # one position searched: undecided
    body = client.post("/api/play", json={"game": "shah", "deal": 3}).json()
    glance = client.post(f"/api/play/{body['id']}/hint?peek=true&deep=false").json()
    assert glance["status"] == "guess" and glance["deeper"] is True
    assert glance["move"]["move"] == next_move(patience.get_game("shah").new(deal=3)).to_dict()
