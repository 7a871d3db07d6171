"""Looking stores nothing: a browser's session is stored with the first thing it stores.

Any web page can make a browser open the server's pages and read its API; if each such
request stored a session, the player's database would grow without end.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from fastapi.testclient import TestClient

from tests.web.conftest import make_app

COOKIE = "patience_session"
PAGES = ["/", "/stats", "/play/sun", "/play/sun/7", "/play/star/random", "/play/clock/winnable",
         "/play/moon/3", "/play/sun/abc", "/nothing-here", "/static/style.css"]
READS = ["/api/games", "/api/games/sun/rules", "/api/play", "/api/play/no-such-game",
         "/api/stats", "/api/stats/export", "/openapi.json", "/docs"]


def sessions(db: Path) -> list[str]:
    with sqlite3.connect(db) as raw:
        return [row[0] for row in raw.execute("SELECT token FROM sessions")]


def test_reading_every_page_and_the_api_without_a_cookie_stores_no_session(db: Path) -> None:
    with TestClient(make_app(db)) as client:
        before = sessions(db)
        for _ in range(30):
            for path in PAGES + READS:
                r = client.get(path)
                assert r.status_code < 500, path
                assert "set-cookie" not in r.headers, path
                assert not client.cookies, path
        assert sessions(db) == before == []


def test_the_first_write_stores_one_session_and_sets_its_cookie(db: Path) -> None:
    with TestClient(make_app(db)) as client:
        for path in PAGES + READS:
            client.get(path)
        r = client.post("/api/play", json={"game": "sun", "deal": 4})
        assert r.status_code == 201
        token = r.cookies.get(COOKIE)
        assert token and sessions(db) == [token]
        client.post(f"/api/play/{r.json()['id']}/move", json=r.json()["moves"][0]["move"])
        client.post("/api/play", json={"game": "star", "deal": 5})
        for path in PAGES + READS:
            client.get(path)
        assert sessions(db) == [token]
        cookies = dict(client.cookies)
    with TestClient(make_app(db), cookies=cookies) as again:
        games = again.get("/api/play").json()
        assert {(g["game"], g["deal"], g["moves_played"]) for g in games} == \
            {("sun", 4, 1), ("star", 5, 0)}


def test_a_write_that_is_refused_stores_no_session(db: Path) -> None:
    with TestClient(make_app(db)) as client:
        for body in ({"game": "moon"}, {"game": "sun", "deal": -1}, {"game": "sun", "x": 1}):
            r = client.post("/api/play", json=body)
            assert r.status_code in (404, 422) and COOKIE not in r.cookies
        for path in ("/move", "/undo", "/resign", "/hint", "/clock", "/why"):
            client.post(f"/api/play/{'g' * 32}{path}", json={})
        assert client.delete(f"/api/play/{'g' * 32}").status_code == 404
        assert sessions(db) == [] and not client.cookies


def test_an_import_is_a_first_write(db: Path) -> None:
    with TestClient(make_app(db)) as player:
        gid = player.post("/api/play", json={"game": "sun", "deal": 2}).json()["id"]
        player.post(f"/api/play/{gid}/resign")
        exported = player.get("/api/stats/export").json()
    with TestClient(make_app(db)) as other:
        r = other.post("/api/stats/import", json=exported)
        assert r.status_code == 200 and r.json()["added"] == 1
        assert r.cookies.get(COOKIE) in sessions(db) and len(sessions(db)) == 2
        assert [h["deal"] for h in other.get("/api/stats").json()["history"]] == [2]
