"""Housekeeping: deleting unfinished games, the play clock, statistics export/import (all or
nothing), why a card cannot move, error pages, words on every move, finishing moves."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import patience
from patience.storage.games import GameStore
from patience.web import create_app
from tests.web.test_api import error, start

WON = Path(__file__).resolve().parents[1] / "fixtures" / "release-0.1.0" / "records"


def won_record() -> dict[str, Any]:
    return dict(json.loads((WON / "star-2-won.json").read_text("utf-8")))


def test_delete_an_unfinished_game_but_never_a_finished_one(client: TestClient) -> None:
    gid = start(client, "sun", deal=1)["id"]
    assert client.delete(f"/api/play/{gid}").status_code == 204
    error(client.get(f"/api/play/{gid}"), 404)
    error(client.delete(f"/api/play/{gid}"), 404)
    done = start(client, "sun", deal=2)["id"]
    client.post(f"/api/play/{done}/resign")
    assert "statistics" in error(client.delete(f"/api/play/{done}"), 409)


def test_the_play_clock_is_kept_and_counted(client: TestClient) -> None:
    record = won_record()
    body = start(client, "star", deal=record["deal"], options=record["options"])
    gid = body["id"]
    assert body["elapsed"] is None
    assert client.post(f"/api/play/{gid}/clock", json={"elapsed": 12.5}).status_code == 204
    for move in record["moves"]:
        assert client.post(f"/api/play/{gid}/move", json=move).status_code == 200
    assert client.post(f"/api/play/{gid}/clock", json={"elapsed": 95}).status_code == 204
    assert client.get(f"/api/play/{gid}").json()["elapsed"] == 95
    star = next(g for g in client.get("/api/stats").json()["games"] if g["game"] == "star")
    assert star["won"] == 1 and star["best_seconds"] == 95
    error(client.post(f"/api/play/{gid}/clock", json={"elapsed": -1}), 422)
    error(client.post("/api/play/nope/clock", json={"elapsed": 1}), 404)


def test_undo_after_a_win_reopens_the_game(client: TestClient) -> None:
    record = won_record()
    gid = start(client, "star", deal=record["deal"], options=record["options"])["id"]
    for move in record["moves"]:
        last = client.post(f"/api/play/{gid}/move", json=move).json()
    assert last["status"] == "won" and last["can_undo"]
    back = client.post(f"/api/play/{gid}/undo").json()
    assert back["status"] == "playing" and back["moves_played"] == len(record["moves"]) - 1
    # only foundation plays remain: the page is offered the moves that finish the game
    assert back["finish"] and all(m["words"] for m in back["finish"])


def export_import(db: Path) -> tuple[TestClient, TestClient]:
    app = create_app(db)
    return TestClient(app), TestClient(app)


def test_statistics_export_and_import_into_another_browser(db: Path) -> None:
    record = won_record()
    alice, bob = export_import(db)
    with alice, bob:
        gid = start(alice, "star", deal=record["deal"], options=record["options"])["id"]
        for move in record["moves"]:
            alice.post(f"/api/play/{gid}/move", json=move)
        lost = start(alice, "sun", deal=3)["id"]
        alice.post(f"/api/play/{lost}/resign")
        exported = alice.get("/api/stats/export")
        assert "attachment" in exported.headers["content-disposition"]
        data = exported.json()
        assert data["format"] == "patience-statistics" and len(data["games"]) == 2
        bob.get("/")
        assert bob.post("/api/stats/import", json=data).json() == {"added": 2, "skipped": 0}
        again = bob.post("/api/stats/import", json=data).json()
        assert again == {"added": 0, "skipped": 2}, "an import merges: nothing twice"
        games = {g["game"]: g for g in bob.get("/api/stats").json()["games"]}
        assert games["star"]["won"] == 1 and games["sun"]["played"] == 1


@pytest.mark.parametrize("spoil", ["status", "move", "field", "format", "game"])
def test_a_bad_statistics_file_is_refused_and_changes_nothing(client: TestClient,
                                                             spoil: str) -> None:
    record = won_record()
    good = {"game": "star", "options": record["options"], "deal": record["deal"],
            "moves": record["moves"], "status": "won", "created": 1.0, "finished": 2.0}
    bad = dict(good)
    if spoil == "status":
        bad["status"] = "lost"
    elif spoil == "move":
        bad["moves"] = [*record["moves"][:3], {"from": "cell-1", "to": "base-3"}]
    elif spoil == "field":
        bad["cheat"] = True
    elif spoil == "game":
        bad["game"] = "chess"
    body: dict[str, Any] = {"format": "patience-statistics", "version": 1, "games": [good, bad]}
    if spoil == "format":
        body["format"] = "something else"
    before = client.get("/api/stats").json()
    detail = error(client.post("/api/stats/import", json=body), 422)
    assert detail and client.get("/api/stats").json() == before
    if spoil in ("status", "move", "game"):
        assert "game 2" in detail


def test_why_a_card_cannot_move_is_said_in_words(client: TestClient) -> None:
    body = start(client, "clock", deal=4)
    gid = body["id"]
    why = client.post(f"/api/play/{gid}/why",
                      json={"from": "packet2", "to": "hour9"}).json()
    assert not why["legal"] and "IX o'clock foundation" in why["reason"]
    stuck = next(p for p, cards in body["state"]["piles"].items()
                 if p.startswith("packet") and cards
                 and not any(m["move"].get("from") == p for m in body["moves"]))
    said = client.post(f"/api/play/{gid}/why", json={"from": stuck}).json()
    assert not said["legal"] and "cannot move now" in said["reason"]
    assert not re.search(r"packet\d|hour\d", said["reason"])
    error(client.post(f"/api/play/{gid}/why", json={"from": "nowhere"}), 422)


@pytest.mark.parametrize("game", [g.id for g in patience.list_games()])
def test_moves_come_with_words_and_no_notation(client: TestClient, game: str) -> None:
    body = start(client, game, deal=5)
    for m in body["moves"]:
        assert m["words"] and m["text"] not in m["words"]
        assert ">" not in m["words"] and not re.search(r"[A-Z0-9][SHDC]:", m["words"])
    assert set(body["state"]["piles"]) <= set(body["pile_names"])
    spec = next(g for g in client.get("/api/games").json() if g["id"] == game)
    for o in spec["options"]:
        assert o["label"] and len(o["choices_words"]) == len(o["choices"])
    assert [o["name"] for o in body["options_shown"]] == [o["name"] for o in spec["options"]]


@pytest.mark.parametrize(("path", "words"), [
    ("/play/nosuch/4", "There is no game called"),
    ("/play/star/-3", "There is no deal \u22123 of Star"),
    ("/play/sun/abc", "There is no deal abc of Sun"),
    ("/play/sun/99999999999999999999999", "deal numbers are whole numbers from 0"),
])
def test_bad_addresses_answer_a_page_with_a_way_on(client: TestClient, path: str,
                                                   words: str) -> None:
    r = client.get(path)
    assert r.status_code == 404 and r.headers["content-type"].startswith("text/html")
    assert words in r.text and 'href="/play/sun/random"' in r.text
    assert "<script>" not in r.text and "style=" not in r.text


def test_an_old_database_gains_the_clock_column_and_keeps_its_rows(tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite3"
    con = sqlite3.connect(db)
    con.executescript("""CREATE TABLE games (id TEXT PRIMARY KEY, owner TEXT NOT NULL,
        game TEXT NOT NULL, options TEXT NOT NULL, deal INTEGER NOT NULL, moves TEXT NOT NULL,
        redo TEXT NOT NULL, status TEXT NOT NULL, created REAL NOT NULL, updated REAL NOT NULL,
        finished REAL);
        INSERT INTO games VALUES ('g1', 'o', 'sun', '{}', 7, '[{"action": "deal"}]', '[]',
        'playing', 1.0, 2.0, NULL);""")
    con.commit()
    con.close()
    store = GameStore(db)
    row = store.get("g1", "o")
    assert row is not None and row.elapsed is None and row.moves == [{"action": "deal"}]
    assert store.set_elapsed("g1", "o", 30.0)
    assert store.get("g1", "o").elapsed == 30.0  # type: ignore[union-attr]
