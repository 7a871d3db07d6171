"""``POST /api/play/{id}/slip``: where a finished game slipped away, over the API.

The Rainbow game of ``tests/fixtures/rainbow-slipped.json`` slips at position 56 by
construction (tests/solver/test_slip.py checks its premises).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import patience
from patience.web import service
from tests.web.test_api import error, start

FIXTURE = Path(__file__).parent.parent / "fixtures" / "rainbow-slipped.json"
SLIP_AT = 56


@pytest.fixture
def record() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(FIXTURE.read_text("utf-8"))
    return data


def played(client: TestClient, record: dict[str, Any], moves: int | None = None) -> str:
    """A game started on the record's deal with its moves played, then given up."""
    gid = start(client, record["game"], deal=record["deal"])["id"]
    for move in record["moves"][:moves]:
        r = client.post(f"/api/play/{gid}/move", json=move)
        assert r.status_code == 200, r.text
    if client.get(f"/api/play/{gid}").json()["status"] == "playing":
        assert client.post(f"/api/play/{gid}/resign").status_code == 200
    return str(gid)


def test_a_resigned_game_that_slipped_shows_the_position_the_move_and_a_line(
        client: TestClient, record: dict[str, Any]) -> None:
    gid = played(client, record)
    r = client.post(f"/api/play/{gid}/slip")
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["verdict"] == "slipped" and body["moves_total"] == len(record["moves"])
    assert (body["position"], body["first_lost"]) == (SLIP_AT, SLIP_AT + 1)
    assert body["lost_move"]["text"] == "7H:pile3>found1"
    assert body["lost_move"]["words"] == "7♥ from waste pile 3 to foundation 1"
    assert body["lost_move"]["words"] in body["story"]
    at = patience.replay({**record, "moves": record["moves"][:SLIP_AT]})
    assert body["state"] == at.to_dict()
    assert body["pile_names"]["pile3"] == "waste pile 3"
    line = body["continuation"]
    assert line and all(m["words"] and ":" not in m["words"] for m in line)
    assert [m["number"] for m in line] == list(range(1, len(line) + 1))
    for m in line:
        at.play(m["move"])
    assert at.status == "won"


def test_the_answer_is_kept_while_the_game_stays_as_it_was(
        client: TestClient, record: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    gid = played(client, record, moves=SLIP_AT)
    first = client.post(f"/api/play/{gid}/slip").json()
    assert first["verdict"] == "stopped" and first["position"] == SLIP_AT
    monkeypatch.setattr(service, "_solver", lambda: pytest.fail("solved again"))
    assert client.post(f"/api/play/{gid}/slip").json() == first


def test_a_won_game_slipped_nowhere(client: TestClient) -> None:
    state = patience.get_game("rainbow").new(deal=4)
    line = patience.solve(state, max_seconds=5).moves
    gid = start(client, "rainbow", deal=4)["id"]
    for move in line:
        assert client.post(f"/api/play/{gid}/move", json=move.to_dict()).status_code == 200
    body = client.post(f"/api/play/{gid}/slip").json()
    assert body["verdict"] == "won" and body["state"] is None and body["continuation"] == []
    assert body["solves"] == 0 and "nothing slipped" in body["story"]


def test_a_deal_lost_from_the_start_says_no_line_ever_existed(client: TestClient) -> None:
    gid = start(client, "rainbow", deal=1)["id"]
    client.post(f"/api/play/{gid}/resign")
    body = client.post(f"/api/play/{gid}/slip").json()
    assert body["verdict"] == "never" and body["position"] is None and body["first_lost"] == 0
    assert body["story"].startswith("No winning line ever existed")


def test_undecided_positions_are_named(client: TestClient, record: dict[str, Any],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(service, "SLIP_NODES", 1)
    monkeypatch.setattr(service, "SLIP_SOLVES", 3)
    gid = played(client, record, moves=SLIP_AT)
    body = client.post(f"/api/play/{gid}/slip").json()
    assert body["verdict"] == "undecided" and len(body["undecided"]) == 3
    assert body["state"] is None and "could not decide" in body["story"]


def test_a_game_still_being_played_or_unknown_is_refused(client: TestClient) -> None:
    gid = start(client, "rainbow", deal=4)["id"]
    assert "not finished" in error(client.post(f"/api/play/{gid}/slip"), 409)
    error(client.post("/api/play/no-such-game/slip"), 404)
    r = client.post(f"/api/play/{gid}/slip", content=b"x" * 9000)
    assert r.status_code == 413
    r = client.post(f"/api/play/{gid}/slip", headers={"origin": "http://x.example"})
    assert r.status_code == 403


def test_the_schema_lists_the_route_and_its_statuses(client: TestClient) -> None:
    route = client.get("/openapi.json").json()["paths"]["/api/play/{game_id}/slip"]["post"]
    assert set(route["responses"]) == {"200", "400", "403", "404", "409", "413", "503"}
    assert route["responses"]["200"]["content"]["application/json"]["schema"]["$ref"] \
        .endswith("SlipOut")
