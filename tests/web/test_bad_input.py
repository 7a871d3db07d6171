"""Hostile requests: every one a 4xx in the documented shape, none a 500, none a flood."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from patience.web.guards import BODY_LIMIT, DETAIL_LIMIT
from tests.web.conftest import make_app

JSON = {"content-type": "application/json"}


def detail(r: object, status: int) -> str:
    assert r.status_code == status, r.text  # type: ignore[attr-defined]
    body = r.json()  # type: ignore[attr-defined]
    assert set(body) == {"detail"} and isinstance(body["detail"], str) and body["detail"]
    return str(body["detail"])


@pytest.mark.parametrize("deal", [2**63 - 1, 2**63, 2**63 + 12345, 2**64 - 1])
def test_every_deal_the_engine_accepts_is_stored_and_served(db: Path, deal: int) -> None:
    with TestClient(make_app(db)) as client:
        body = client.post("/api/play", json={"game": "sun", "deal": deal})
        assert body.status_code == 201, body.text
        gid = body.json()["id"]
        moved = client.post(f"/api/play/{gid}/move", json=body.json()["moves"][0]["move"])
        assert moved.status_code == 200
        client.post(f"/api/play/{gid}/resign")
        history = client.get("/api/stats").json()["history"]
        assert [h["deal"] for h in history] == [deal]
        cookies = dict(client.cookies)
    with TestClient(make_app(db), cookies=cookies) as again:
        served = again.get(f"/api/play/{gid}").json()
        assert served["deal"] == deal and served["share"] == f"/play/sun/{deal}"
        resumed = again.post("/api/play", json={"game": "star", "deal": deal, "resume": True})
        assert resumed.status_code == 201
        same = again.post("/api/play", json={"game": "star", "deal": deal, "resume": True})
        assert same.json()["id"] == resumed.json()["id"]
        assert [g["deal"] for g in again.get("/api/play").json()] == [deal, deal]


def test_deal_numbers_past_the_engine_are_422(client: TestClient) -> None:
    assert "18446744073709551615" in detail(
        client.post("/api/play", json={"game": "sun", "deal": 2**64}), 422)


@pytest.mark.parametrize("body,words", [
    (b'{"game": "sun\xff", "deal": 1}', "not UTF-8"),
    (b"[" * 4000 + b"]" * 4000, "nested too deeply"),
    (b'{"game": "sun", "options": {"x": ' + b"[" * 3000 + b"]" * 3000 + b"}}",
     "nested too deeply"),
    (b'{"game": "sun", "deal": ' + b"9" * 5000 + b"}", "too many digits"),
    (b'{"game": "sun", "deal": 1', "not valid JSON"),
    (b'{"game": "sun", "deal": NaN}', "deal"),
])
def test_malformed_bodies_are_the_documented_422(client: TestClient, body: bytes,
                                                 words: str) -> None:
    assert words in detail(client.post("/api/play", content=body, headers=JSON), 422)
    assert client.get("/api/games").status_code == 200  # the next request is served


def test_a_move_body_that_cannot_be_read_is_422_too(client: TestClient) -> None:
    gid = client.post("/api/play", json={"game": "sun", "deal": 1}).json()["id"]
    r = client.post(f"/api/play/{gid}/move", content=b"{\"from\": \"\xff\"}", headers=JSON)
    assert "UTF-8" in detail(r, 422)


def test_a_large_body_is_refused_before_it_is_read(client: TestClient) -> None:
    options = {f"k{i}": i for i in range(100_000)}
    r = client.post("/api/play", json={"game": "sun", "deal": 1, "options": options})
    assert str(BODY_LIMIT) in detail(r, 413)
    assert len(r.content) < 200


def test_a_large_body_without_a_length_is_refused_as_it_streams(client: TestClient) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'{"game": "sun", "deal": 1, "options": {"x": "'
        for _ in range(50):
            yield b"y" * 1000
        yield b'"}}'

    assert str(BODY_LIMIT) in detail(client.post("/api/play", content=chunks(), headers=JSON),
                                     413)


def test_a_body_just_under_the_limit_is_read(client: TestClient) -> None:
    body = json.dumps({"game": "sun", "deal": 1, "options": {"x": "y" * (BODY_LIMIT - 100)}})
    assert len(body) <= BODY_LIMIT
    assert "no option x" in detail(client.post("/api/play", content=body, headers=JSON), 422)


@pytest.mark.parametrize("path,body", [
    ("/api/play", {"game": "star", "deal": 1, "options": {"direction": "x" * 5000}}),
    ("/api/play", {"game": "star", "deal": 1, "options": {"y" * 5000: 1}}),
    ("/api/play", {"game": "star", "deal": 1, "z" * 5000: 1}),
    ("/api/play", {"game": "s" * 5000, "deal": 1}),
])
def test_errors_echo_a_bounded_excerpt_of_the_input(client: TestClient, path: str,
                                                    body: dict[str, object]) -> None:
    r = client.post(path, json=body)
    assert r.status_code in (404, 422) and len(r.json()["detail"]) <= DETAIL_LIMIT


def test_a_move_naming_a_long_pile_echoes_a_bounded_excerpt(client: TestClient) -> None:
    gid = client.post("/api/play", json={"game": "sun", "deal": 1}).json()["id"]
    r = client.post(f"/api/play/{gid}/move", json={"from": "p" * 6000, "to": "king-C"})
    assert len(detail(r, 409)) <= DETAIL_LIMIT
