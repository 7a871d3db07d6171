"""``POST /api/play/{id}/review`` and the routes the review opens: a position of the game
(``GET …/position``) and a new game going on from it (``POST …/play-on``).

The game is Clock deal 3 as the practical player plays it: lost after 77 moves, nearly all
of them with a choice. Few samples keep each review to a few seconds.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

import patience
from patience.solver.review import VERDICTS
from patience.web import review as web_review
from tests.played import practical_moves as played_out
from tests.web.test_api import error, start

pytest.importorskip("patience.solver")
DEAL, SAMPLES = 3, 2
PILE_ID = re.compile(r"\b(hour\d+|pile\d+|found\d+|stock|waste)\b")


@pytest.fixture(autouse=True)
def short_exact_search(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(web_review, "EXACT_SECONDS", 0.2)
    monkeypatch.setattr(web_review, "EXACT_SOLVES", 4)


def practical_moves(limit: int | None = None) -> list[dict[str, Any]]:
    return played_out("clock", DEAL, limit)


def played(client: TestClient, moves: list[dict[str, Any]]) -> str:
    gid = str(start(client, "clock", deal=DEAL)["id"])
    for move in moves:
        r = client.post(f"/api/play/{gid}/move", json=move)
        assert r.status_code == 200, r.text
    return gid


def reviewed(client: TestClient, gid: str) -> dict[str, Any]:
    """Ask until the result is there, checking the progress said meanwhile."""
    deadline = time.monotonic() + 120
    while True:
        r = client.post(f"/api/play/{gid}/review?samples={SAMPLES}&wait=2")
        assert r.status_code == 200, r.text
        body: dict[str, Any] = r.json()
        assert 0 <= body["done"] <= body["total"]
        if body["result"] is not None:
            assert body["stage"] == "done" and body["done"] == body["total"]
            return body
        assert time.monotonic() < deadline, "the review did not finish"


def check_entries(result: dict[str, Any], moves: list[dict[str, Any]]) -> None:
    entries = result["moves"]
    assert [e["number"] for e in entries] == list(range(1, len(moves) + 1))
    state = patience.get_game("clock").new(deal=DEAL)
    for entry, move in zip(entries, moves, strict=True):
        assert entry["move"]["move"] == move
        legal = state.legal_moves()
        assert legal[entry["move"]["number"] - 1].to_dict() == move
        assert legal[entry["best"]["number"] - 1].to_dict() == entry["best"]["move"]
        for field in ("chance_before", "chance_after", "best_chance"):
            assert 0 <= entry[field] <= 1
        assert entry["best_chance"] >= entry["chance_after"]
        given_away = entry["best_chance"] - entry["chance_after"]
        expected = next((name for threshold, name in VERDICTS
                         if given_away >= threshold - 1e-3), "good")
        assert entry["verdict"] == expected
        assert entry["forced"] == (len(legal) == 1)
        for said in (entry["move"]["words"], entry["best"]["words"]):
            assert said and not PILE_ID.search(said), said
        state.play(move)
    for line in result["summary"]:
        assert line and not PILE_ID.search(line)
    assert result["counts"] == {v: sum(e["verdict"] == v for e in entries)
                                for v in ("inaccuracy", "mistake", "blunder")}
    assert result["samples"] == SAMPLES and 0 <= result["start_chance"] <= 1


def test_a_lost_game_is_reviewed_move_by_move(client: TestClient) -> None:
    moves = practical_moves()
    gid = played(client, moves)
    assert client.get(f"/api/play/{gid}").json()["status"] == "lost"
    body = reviewed(client, gid)
    result = body["result"]
    check_entries(result, moves)
    assert any(e["verdict"] != "good" for e in result["moves"])
    assert result["summary"][0].startswith(f"Game review, {len(moves)} moves")
    assert result["every_card"] is None or result["every_card"].startswith(
        "With every card known")


def test_an_unfinished_game_is_reviewed_and_kept_while_it_stays_as_it_was(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    moves = practical_moves(12)
    gid = played(client, moves)
    first = reviewed(client, gid)
    check_entries(first["result"], moves)
    monkeypatch.setattr(web_review, "answer", lambda *_: pytest.fail("reviewed again"))
    assert client.post(f"/api/play/{gid}/review?samples={SAMPLES}").json() == first
    monkeypatch.undo()
    assert client.post(f"/api/play/{gid}/undo").status_code == 200
    again = reviewed(client, gid)
    assert len(again["result"]["moves"]) == len(moves) - 1


def test_a_position_of_the_game_and_playing_on_from_it(client: TestClient) -> None:
    moves = practical_moves(12)
    gid = played(client, moves)
    r = client.get(f"/api/play/{gid}/position?moves=5")
    assert r.status_code == 200, r.text
    at = patience.get_game("clock").new(deal=DEAL)
    for move in moves[:5]:
        at.play(move)
    assert r.json() == {"moves_played": 5, "state": at.to_dict(),
                        "pile_names": r.json()["pile_names"]}
    assert r.json()["pile_names"]["hour1"] and "hour1" not in r.json()["pile_names"].values()
    r = client.post(f"/api/play/{gid}/play-on?moves=5")
    assert r.status_code == 201, r.text
    new = r.json()
    assert new["id"] != gid and new["moves_played"] == 5 and new["state"] == at.to_dict()
    assert new["status"] == "playing" and new["deal"] == DEAL
    assert client.get(f"/api/play/{gid}").json()["moves_played"] == 12  # left as it was
    assert "12 moves" in error(client.get(f"/api/play/{gid}/position?moves=13"), 409)
    error(client.post(f"/api/play/{gid}/play-on?moves=13"), 409)


def test_refusals(client: TestClient) -> None:
    gid = start(client, "clock", deal=DEAL)["id"]
    assert "nothing to review" in error(client.post(f"/api/play/{gid}/review"), 409)
    error(client.post("/api/play/no-such-game/review"), 404)
    error(client.post(f"/api/play/{gid}/review?samples=0"), 422)
    error(client.post(f"/api/play/{gid}/review?samples=1000"), 422)
    r = client.post(f"/api/play/{gid}/review", headers={"origin": "http://x.example"})
    assert r.status_code == 403


def test_the_schema_lists_the_routes(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    route = paths["/api/play/{game_id}/review"]["post"]
    assert set(route["responses"]) == {"200", "400", "403", "404", "409", "413", "422",
                                       "503"}
    assert "/api/play/{game_id}/slip" not in paths
    assert "get" in paths["/api/play/{game_id}/position"]
    assert "post" in paths["/api/play/{game_id}/play-on"]


def test_a_review_the_game_moved_on_from_is_cancelled() -> None:
    moves = practical_moves()
    record = {"game": "clock", "rules_version": "1", "options": {}, "deal": DEAL}
    desk = web_review.ReviewDesk()
    try:
        old = desk.ask("g", {**record, "moves": moves}, 64)
        new = desk.ask("g", {**record, "moves": moves[:3]}, SAMPLES, wait=60)
        assert new.answer is not None and len(new.answer["moves"]) == 3
        assert old.cancelled and old.finished.wait(60)
        assert old.answer is None and old.error is None and old.done < old.total
    finally:
        desk.close()
