"""Hints through the API keep each game's memory (``solver.Hinter``): a player who follows
the hinted line gets its next move without a new search; another move or an undo before
the line's start sends the next hint back to the search; a deal's stored verdict answers
at once, and a hint that decides a deal stores its verdict."""

from __future__ import annotations

import importlib
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

import patience
from patience.engine.state import State

pytest.importorskip("patience.solver")
CLOCK = patience.get_game("clock")
hint_module = importlib.import_module("patience.solver.hint")  # the module, not the function


@pytest.fixture
def searches(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """One entry per search a hint runs (the real search answers)."""
    asked: list[int] = []
    real = hint_module.solve

    def solve(state: State, **budgets: Any) -> Any:
        asked.append(state.moves_played)
        return real(state, **budgets)

    monkeypatch.setattr(hint_module, "solve", solve)
    return asked


def start(client: TestClient) -> str:
    r = client.post("/api/play", json={"game": "clock", "deal": 2})  # won in milliseconds
    assert r.status_code == 201
    return str(r.json()["id"])


def hint(client: TestClient, gid: str) -> dict[str, Any]:
    r = client.post(f"/api/play/{gid}/hint?peek=true")
    assert r.status_code == 200
    return dict(r.json())


def play(client: TestClient, gid: str, move: dict[str, Any]) -> dict[str, Any]:
    r = client.post(f"/api/play/{gid}/move", json=move)
    assert r.status_code == 200
    return dict(r.json())


def test_following_the_hinted_line_needs_no_new_search(client: TestClient,
                                                       searches: list[int]) -> None:
    gid = start(client)
    found = hint(client, gid)
    assert found["status"] == "move"
    searched = len(searches)
    for _ in range(10):
        body = play(client, gid, found["move"]["move"])
        found = hint(client, gid)
        assert found["status"] == "move"
        assert found["move"]["move"] in [m["move"] for m in body["moves"]]
    assert len(searches) == searched


def test_a_proved_hint_names_its_move_once(client: TestClient, searches: list[int]) -> None:
    """The page writes "Hint: <move.words>. <message>.": the message says what the move
    does, not the move again."""
    found = hint(client, start(client))
    assert found["status"] == "move" and found["move"]["words"]
    assert re.fullmatch(r"it starts a winning line of \d+ moves", found["message"])


def test_another_move_leaves_the_line(client: TestClient, searches: list[int]) -> None:
    gid = start(client)
    found = hint(client, gid)
    listed = client.get(f"/api/play/{gid}").json()["moves"]
    other = next(m["move"] for m in listed if m["move"] != found["move"]["move"])
    play(client, gid, other)
    searched = len(searches)
    hint(client, gid)
    assert len(searches) > searched and searches[-1] == 1


def test_an_undo_before_the_line_leaves_it(client: TestClient, searches: list[int]) -> None:
    gid = start(client)
    listed = client.get(f"/api/play/{gid}").json()["moves"]
    play(client, gid, listed[0]["move"])
    found = hint(client, gid)
    play(client, gid, found["move"]["move"])
    assert client.post(f"/api/play/{gid}/undo").status_code == 200
    searched = len(searches)
    assert hint(client, gid)["move"] == found["move"]  # back at the line's start
    assert len(searches) == searched
    assert client.post(f"/api/play/{gid}/undo").status_code == 200  # before its start
    hint(client, gid)
    assert len(searches) > searched and searches[-1] == 0


def test_a_deal_stored_lost_answers_without_a_search(client: TestClient,
                                                     searches: list[int]) -> None:
    gid = start(client)
    store = client.app.state.service.store  # type: ignore[attr-defined]
    options = client.get(f"/api/play/{gid}").json()["options"]
    store.record_verdict("clock", options, 2, "lost", CLOCK.rules_version)
    assert hint(client, gid)["status"] == "lost" and searches == []


def test_a_hint_that_decides_the_deal_stores_its_verdict(client: TestClient,
                                                         searches: list[int]) -> None:
    gid = start(client)
    store = client.app.state.service.store  # type: ignore[attr-defined]
    options = client.get(f"/api/play/{gid}").json()["options"]
    store.record_verdict("clock", options, 2, "unknown", CLOCK.rules_version)
    assert hint(client, gid)["status"] == "move"
    assert store.verdict("clock", options, 2, CLOCK.rules_version) == "won"


def test_a_deal_lost_from_the_start_says_why_without_a_search(client: TestClient,
                                                              searches: list[int]) -> None:
    """Rainbow deal 1: the rainbow can never be played out (its dead-end rule), said by the
    first hint and again by the stored verdict."""
    r = client.post("/api/play", json={"game": "rainbow", "deal": 1})
    gid = str(r.json()["id"])
    for _ in range(2):
        answer = hint(client, gid)
        assert answer["status"] == "lost" and searches == []
        assert "the rainbow can never be played out" in answer["message"]
