"""What a careful local web app refuses: other host names (DNS rebinding), changes sent from
another site's pages, session tokens the server never issued; and the headers it sets."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from patience.web import create_app
from patience.web.guards import CONTENT_SECURITY_POLICY, allowed_hosts
from tests.web.conftest import make_app

RELEASE = Path(__file__).parent.parent / "fixtures" / "release-0.1.0"


def test_the_test_client_host_is_allowed_only_when_asked(db: Path) -> None:
    with TestClient(create_app(db)) as plain:
        r = plain.get("/api/games")
    assert r.status_code == 400
    with TestClient(make_app(db)) as allowed:
        assert allowed.get("/api/games").status_code == 200


@pytest.mark.parametrize("host,ok", [
    ("127.0.0.1:8765", True), ("localhost:8765", True), ("[::1]:8765", True),
    ("LOCALHOST", True), ("attacker.example:8765", False), ("127.0.0.1.attacker.example", False),
    ("", False),
])
def test_a_loopback_server_answers_to_loopback_names_only(db: Path, host: str,
                                                          ok: bool) -> None:
    with TestClient(create_app(db)) as client:
        r = client.get("/api/games", headers={"host": host})
    assert (r.status_code == 200) == ok, r.text
    assert r.headers["x-frame-options"] == "DENY"


def test_the_allowed_hosts_follow_the_address_served() -> None:
    assert allowed_hosts("127.0.0.1") == ["127.0.0.1", "localhost", "[::1]"]
    assert allowed_hosts("::1") == ["127.0.0.1", "localhost", "[::1]"]
    assert "192.168.1.5" in allowed_hosts("192.168.1.5")
    assert "[fe80::1]" in allowed_hosts("fe80::1")
    assert allowed_hosts("0.0.0.0") == ["*"] and allowed_hosts("::") == ["*"]


@pytest.mark.parametrize("headers", [
    {"origin": "http://attacker.example"},
    {"origin": "null"},
    {"origin": "http://testserver:8080"},
    {"origin": "https://testserver"},
    {"referer": "http://attacker.example/page.html"},
])
def test_a_change_sent_from_another_site_is_403(client: TestClient,
                                                headers: dict[str, str]) -> None:
    r = client.post("/api/play", json={"game": "sun", "deal": 1}, headers=headers)
    assert r.status_code == 403 and "another site" in r.json()["detail"]
    assert set(r.json()) == {"detail"}
    assert client.get("/api/play").json() == []  # nothing was started


@pytest.mark.parametrize("headers", [
    {}, {"origin": "http://testserver"}, {"origin": "http://testserver:80"},
    {"referer": "http://testserver/play/sun/1"},
])
def test_a_change_from_the_servers_own_pages_or_a_script_is_served(
        client: TestClient, headers: dict[str, str]) -> None:
    r = client.post("/api/play", json={"game": "sun", "deal": 1}, headers=headers)
    assert r.status_code == 201, r.text


def test_reads_are_not_refused_for_their_origin(client: TestClient) -> None:
    assert client.get("/api/games", headers={"origin": "http://attacker.example"}) \
        .status_code == 200


def test_a_token_the_server_never_issued_is_replaced(client: TestClient) -> None:
    made_up = "m" * 32  # well formed, but no server issued it
    client.cookies.set("patience_session", made_up)
    r = client.post("/api/play", json={"game": "sun", "deal": 1})
    issued = r.cookies.get("patience_session")
    assert r.status_code == 201 and issued not in (None, made_up)
    client.cookies.clear()
    client.cookies.set("patience_session", made_up)
    assert client.get("/api/play").json() == []  # the made-up token owns nothing
    client.cookies.clear()
    client.cookies.set("patience_session", issued)
    assert [g["id"] for g in client.get("/api/play").json()] == [r.json()["id"]]


def test_an_issued_token_is_kept(client: TestClient) -> None:
    first = client.post("/api/play", json={"game": "sun", "deal": 1})
    token = first.cookies.get("patience_session")
    assert token
    r = client.get("/api/play")
    assert "patience_session" not in r.cookies and len(r.json()) == 1
    again = client.post("/api/play", json={"game": "star", "deal": 2})
    assert again.status_code == 201 and "patience_session" not in again.cookies
    assert len(client.get("/api/play").json()) == 2


def test_players_of_an_earlier_release_keep_their_games(tmp_path: Path) -> None:
    db = tmp_path / "web.sqlite3"
    shutil.copy(RELEASE / "web.sqlite3", db)
    cases = json.loads((RELEASE / "web.json").read_text("utf-8"))
    with TestClient(make_app(db),
                    cookies={"patience_session": "fixture-owner-token-0001"}) as client:
        listed = client.get("/api/play")
        assert "patience_session" not in listed.cookies
        assert {g["id"] for g in listed.json()} >= {c["id"] for c in cases}
        for case in cases:
            assert client.get(f"/api/play/{case['id']}").status_code == 200


@pytest.mark.parametrize("path", ["/", "/stats", "/play/sun/7", "/api/games", "/static/play.js",
                                  "/static/no-such-file.js", "/api/play/nope",
                                  "/openapi.json"])
def test_every_answer_carries_the_security_headers(client: TestClient, path: str) -> None:
    headers = client.get(path).headers
    assert headers["content-security-policy"] == CONTENT_SECURITY_POLICY
    assert headers["x-frame-options"] == "DENY"
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "same-origin"


def test_refusals_carry_them_too(client: TestClient) -> None:
    for r in (client.post("/api/play", json={}, headers={"origin": "http://x.example"}),
              client.post("/api/play", content=b"x" * 100_000),
              client.get("/", headers={"host": "attacker.example"})):
        assert r.status_code in (400, 403, 413)
        assert r.headers["x-frame-options"] == "DENY"


def test_the_api_docs_page_loads_its_own_scripts_but_is_never_framed(client: TestClient) -> None:
    r = client.get("/docs")
    assert r.status_code == 200 and "swagger" in r.text.lower()
    policy = r.headers["content-security-policy"]
    assert "frame-ancestors 'none'" in policy and "cdn.jsdelivr.net" in policy
