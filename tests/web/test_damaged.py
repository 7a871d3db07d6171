"""A saved game that no longer replays: a clear 409 naming the move, and a way back.

The damage is made by hand in the SQLite file, as a bug, a crash or an editor might leave it.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import patience
from tests.storage_files import PAGE, sound_database
from tests.web.conftest import make_app


def _played(client: TestClient, game: str, deal: int, count: int) -> dict[str, Any]:
    body = client.post("/api/play", json={"game": game, "deal": deal}).json()
    for _ in range(count):
        body = client.post(f"/api/play/{body['id']}/move", json=body["moves"][0]["move"]).json()
    return dict(body)


def _set(db: Path, gid: str, **columns: str) -> None:
    with sqlite3.connect(db) as raw:
        for name, value in columns.items():
            raw.execute(f"UPDATE games SET {name} = ? WHERE id = ?", (value, gid))


def _column(db: Path, gid: str, name: str) -> Any:
    with sqlite3.connect(db) as raw:
        return json.loads(raw.execute(f"SELECT {name} FROM games WHERE id = ?",
                                      (gid,)).fetchone()[0])


def test_a_record_that_stops_replaying_is_reported_from_its_move_and_recovered(
        client: TestClient, db: Path) -> None:
    body = _played(client, "sun", 2, 4)
    gid = body["id"]
    moves = _column(db, gid, "moves")
    bad = {"from": "ray1", "to": "king-C", "card": "2H"}
    _set(db, gid, moves=json.dumps([*moves[:2], bad, *moves[3:]]),
         redo=json.dumps([{"action": "deal"}]))

    r = client.get(f"/api/play/{gid}")
    assert r.status_code == 409
    damaged = r.json()
    assert "damaged from move 3" in damaged["detail"] and "first 2 moves" in damaged["detail"]
    assert damaged["recover"] == f"/api/play/{gid}/recover"
    for path in ("/undo", "/redo", "/restart", "/hint"):
        assert client.post(f"/api/play/{gid}{path}").status_code == 409
    again = client.post("/api/play", json={"game": "sun", "deal": 2, "resume": True})
    assert again.status_code == 409 and again.json()["recover"] == damaged["recover"]

    recovered = client.post(damaged["recover"])
    assert recovered.status_code == 200, recovered.text
    state = patience.get_game("sun").new(deal=2)
    for move in moves[:2]:
        state.play(move)
    assert recovered.json()["moves_played"] == 2
    assert recovered.json()["state"] == state.to_dict()
    assert not recovered.json()["can_redo"]
    assert client.get(f"/api/play/{gid}").json()["state"] == state.to_dict()
    kept = _column(db, gid, "dropped")
    assert len(kept) == 1 and kept[0]["from_move"] == 3
    assert kept[0]["moves"] == [bad, *moves[3:]] and kept[0]["redo"] == [{"action": "deal"}]
    assert client.post(f"/api/play/{gid}/move", json=recovered.json()["moves"][0]["move"]) \
        .status_code == 200


def test_recovering_a_sound_game_changes_nothing(client: TestClient, db: Path) -> None:
    body = _played(client, "star", 5, 2)
    again = client.post(f"/api/play/{body['id']}/recover")
    assert again.status_code == 200 and again.json() == body
    assert _column(db, body["id"], "dropped") == []


def test_a_row_that_does_not_read_back_is_a_clear_409_not_a_500(client: TestClient,
                                                                 db: Path) -> None:
    gid = _played(client, "star", 5, 1)["id"]
    _set(db, gid, moves="[{not json")
    for method, path in (("GET", ""), ("POST", "/undo"), ("POST", "/recover")):
        r = client.request(method, f"/api/play/{gid}{path}")
        assert r.status_code == 409, r.text
        assert "does not read back" in r.json()["detail"] and "recover" not in r.json()
    assert client.get("/api/play").status_code == 200  # the list leaves it out


def test_a_row_whose_game_cannot_be_dealt_is_a_clear_409(client: TestClient, db: Path) -> None:
    gid = _played(client, "star", 5, 1)["id"]
    _set(db, gid, options=json.dumps({"direction": "sideways"}))
    r = client.get(f"/api/play/{gid}")
    assert r.status_code == 409 and "cannot be rebuilt" in r.json()["detail"]


def test_a_file_damaged_while_serving_is_a_clear_503_naming_it(tmp_path: Path) -> None:
    """The file is sound when the server opens it, then another program checkpoints it and
    something overwrites its pages: each request says so, none is a 500."""
    db = sound_database(tmp_path / "games.sqlite3")
    with TestClient(make_app(db), raise_server_exceptions=False) as client:
        body = client.post("/api/play", json={"game": "sun", "deal": 1}).json()
        other = sqlite3.connect(db)
        other.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        other.close()
        data = bytearray(db.read_bytes())
        data[2 * PAGE:] = bytes([0x5A]) * (len(data) - 2 * PAGE)
        db.write_bytes(bytes(data))
        answers = [client.get(f"/api/play/{body['id']}"),
                   client.post(f"/api/play/{body['id']}/move", json=body["moves"][0]["move"]),
                   client.get("/api/play"), client.get("/api/stats"),
                   client.post("/api/play", json={"game": "sun", "deal": 2})]
    for r in answers:
        assert r.status_code == 503, r.text
        assert str(db) in r.json()["detail"] and "damaged" in r.json()["detail"]


def test_a_file_that_turns_read_only_while_serving_is_a_clear_503(tmp_path: Path) -> None:
    """The file is writable at start, then stops taking writes (here SQLite's own read-only
    switch on the server's connection, which answers as a read-only file does): every write
    says so in a 503 naming the file, reads go on, and nothing already stored is lost."""
    db = sound_database(tmp_path / "games.sqlite3")
    app = make_app(db)
    with TestClient(app, raise_server_exceptions=False) as client:
        body = client.post("/api/play", json={"game": "sun", "deal": 1}).json()
        played = client.post(f"/api/play/{body['id']}/move", json=body["moves"][0]["move"])
        assert played.status_code == 200
        app.state.service.store._db.execute("PRAGMA query_only=ON")
        writes = [client.post(f"/api/play/{body['id']}/move", json=played.json()["moves"][0]["move"]),
                  client.post("/api/play", json={"game": "sun", "deal": 2})]
        for r in writes:
            assert r.status_code == 503, r.text
            assert str(db) in r.json()["detail"] and "read-only" in r.json()["detail"]
        read = client.get(f"/api/play/{body['id']}")
        assert read.status_code == 200 and read.json()["moves_played"] == 1


def _delete(db: Path) -> None:
    db.unlink()


def _garbage(db: Path) -> None:
    with db.open("r+b") as file:  # the same file, its bytes overwritten
        file.write(bytes(range(256)) * (db.stat().st_size // 256))


def _empty_database(path: Path) -> Path:
    with sqlite3.connect(path) as other:
        other.execute("CREATE TABLE notes (text TEXT)")
    other.close()
    return path


def _renamed_over(db: Path) -> None:
    os.replace(_empty_database(db.with_name("other.sqlite3")), db)


def _copied_over(db: Path) -> None:
    shutil.copyfile(_empty_database(db.with_name("other.sqlite3")), db)


@pytest.mark.parametrize(("change", "words"), [
    (_delete, "was deleted"),
    (_garbage, "was overwritten"),
    (_renamed_over, "was replaced by another file"),
    (_copied_over, "was overwritten"),
])
def test_a_file_deleted_or_overwritten_while_serving_is_a_clear_503_never_a_lost_move(
        db: Path, change: Callable[[Path], None], words: str) -> None:
    """SQLite itself goes on writing to a deleted file, or over bytes another program
    wrote, without a word: every move would be answered 200 and lost."""
    with TestClient(make_app(db), raise_server_exceptions=False) as client:
        body = _played(client, "sun", 3, 1)
        assert body["moves_played"] == 1
        change(db)
        answers = [client.post(f"/api/play/{body['id']}/move", json=body["moves"][0]["move"]),
                   client.post(f"/api/play/{body['id']}/undo"),
                   client.post("/api/play", json={"game": "star", "deal": 2}),
                   client.post(f"/api/play/{body['id']}/clock", json={"elapsed": 5}),
                   client.get(f"/api/play/{body['id']}"), client.get("/api/play"),
                   client.get("/api/stats")]
        for r in answers:
            assert r.status_code == 503, r.text
            detail = r.json()["detail"]
            assert str(db) in detail and words in detail and "restart the server" in detail
        page = client.get("/")
        assert page.status_code == 200 and "<html" in page.text.lower()


def test_another_program_writing_the_same_file_is_no_alarm(db: Path) -> None:
    """Another connection that writes and checkpoints the file leaves it the same file."""
    with TestClient(make_app(db), raise_server_exceptions=False) as client:
        body = _played(client, "sun", 3, 1)
        with sqlite3.connect(db) as other:
            other.execute("INSERT INTO verdicts (game, options, deal, outcome) "
                          "VALUES ('sun', '{}', 99, 'lost')")
        other.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        other.close()
        moved = client.post(f"/api/play/{body['id']}/move", json=body["moves"][0]["move"])
        assert moved.status_code == 200 and moved.json()["moves_played"] == 2
