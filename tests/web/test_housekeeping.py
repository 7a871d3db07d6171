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
from patience.storage.games import GameStore, StoredGame
from patience.web.guards import BODY_LIMIT, IMPORT_LIMIT
from patience.web.models import SavedGame
from tests.web.conftest import make_app
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
    app = make_app(db)
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
    # a file the server cannot read is malformed (422); games that do not replay as the file
    # says are refused as an illegal move is (409)
    status = 409 if spoil in ("status", "move") else 422
    detail = error(client.post("/api/stats/import", json=body), status)
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
    assert "no such place" in error(client.post(f"/api/play/{gid}/why",
                                                json={"from": "nowhere"}), 409)
    error(client.post(f"/api/play/{gid}/why", json={"from": "packet2", "index": 99}), 409)
    error(client.post(f"/api/play/{gid}/why", json={"from": "packet2", "index": "1"}), 422)


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
    ("/play/star/%C2%B2", "There is no deal \u00b2 of Star"),
    ("/play/star/%D9%A3", "written with the digits 0 to 9"),
    ("/play/star/" + "9" * 5000, "from 0 to 18,446,744,073,709,551,615"),
    ("/play/" + "x" * 5000 + "/1", "There is no game called"),
])
def test_bad_addresses_answer_a_page_with_a_way_on(client: TestClient, path: str,
                                                   words: str) -> None:
    r = client.get(path)
    assert r.status_code == 404 and r.headers["content-type"].startswith("text/html")
    assert words in r.text and 'href="/play/sun/random"' in r.text
    assert "<script>" not in r.text and "style=" not in r.text
    assert len(r.text) < 10_000  # a long address is not echoed whole


def test_a_deal_number_with_leading_zeros_opens_its_deal(client: TestClient) -> None:
    r = client.get("/play/sun/0007")
    assert r.status_code == 200 and "<html" in r.text.lower()


@pytest.mark.parametrize("path", ["/nothing-here", "/play", "/static/no-such-file.js",
                                  "/games/sun", "/%C2%B2"])
def test_an_address_nothing_serves_answers_a_page_with_a_way_home(client: TestClient,
                                                                  path: str) -> None:
    r = client.get(path)
    assert r.status_code == 404 and r.headers["content-type"].startswith("text/html")
    assert "No such page" in r.text and 'href="/"' in r.text
    assert r.headers["content-security-policy"]


@pytest.mark.parametrize("path", ["/api/nothing-here", "/api/play/no-such-game",
                                  "/api/games/moon/rules", "/api"])
def test_the_api_keeps_answering_errors_in_json(client: TestClient, path: str) -> None:
    r = client.get(path)
    assert r.status_code == 404 and r.headers["content-type"] == "application/json"
    assert r.json()["detail"]


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


# --- the housekeeping routes behind the app's guards ----------------------------------------

def resigned(game: str, deal: int, finished: float) -> dict[str, Any]:
    """A resigned game without moves: the smallest game a statistics file holds."""
    return {"game": game, "options": {}, "deal": deal, "moves": [], "status": "resigned",
            "created": finished - 1, "finished": finished}


def stats_file(games: list[dict[str, Any]]) -> dict[str, Any]:
    return {"format": "patience-statistics", "version": 1, "games": games}


@pytest.mark.parametrize(("method", "path", "body"), [
    ("DELETE", "/api/play/{gid}", None),
    ("POST", "/api/play/{gid}/clock", {"elapsed": 3}),
    ("POST", "/api/play/{gid}/why", {"from": "stock"}),
    ("POST", "/api/stats/import", stats_file([resigned("sun", 4, 10.0)])),
])
def test_housekeeping_changes_from_another_site_are_403(client: TestClient, method: str,
                                                       path: str, body: Any) -> None:
    gid = start(client, "sun", deal=1)["id"]
    r = client.request(method, path.format(gid=gid), json=body,
                       headers={"origin": "http://attacker.example"})
    assert r.status_code == 403 and "another site" in r.json()["detail"]
    assert client.get(f"/api/play/{gid}").json()["elapsed"] is None
    assert client.get("/api/stats").json()["history"] == []


def test_the_import_has_its_own_body_limit_and_the_rest_keep_8_kib(client: TestClient) -> None:
    games = [resigned("sun", n, 100.0 + n) for n in range(1, 601)]
    body = json.dumps(stats_file(games)).encode()
    assert BODY_LIMIT < len(body) < IMPORT_LIMIT
    headers = {"content-type": "application/json"}
    r = client.post("/api/stats/import", content=body, headers=headers)
    assert r.json() == {"added": 600, "skipped": 0}
    huge = json.dumps(stats_file([{**games[0], "moves": [{"action": "deal"}] * 300_000}]))
    assert len(huge) > IMPORT_LIMIT
    r = client.post("/api/stats/import", content=huge.encode(), headers=headers)
    assert r.status_code == 413 and str(IMPORT_LIMIT) in r.json()["detail"]
    gid = start(client, "sun", deal=1)["id"]
    r = client.post(f"/api/play/{gid}/clock", content=body, headers=headers)
    assert r.status_code == 413 and str(BODY_LIMIT) in r.json()["detail"]


def test_imported_deals_past_2_63_keep_their_numbers(db: Path) -> None:
    deals = [2**63, 2**64 - 1, 7]
    with TestClient(make_app(db)) as alice, TestClient(make_app(db)) as bob:
        for deal in deals:
            alice.post(f"/api/play/{start(alice, 'sun', deal=deal)['id']}/resign")
        exported = alice.get("/api/stats/export").json()
        assert sorted(g["deal"] for g in exported["games"]) == sorted(deals)
        assert bob.post("/api/stats/import", json=exported).json()["added"] == 3
        assert bob.post("/api/stats/import", json=exported).json()["skipped"] == 3
        assert sorted(h["deal"] for h in bob.get("/api/stats").json()["history"]) == \
            sorted(deals)


def test_an_import_goes_to_an_issued_session_only(client: TestClient, db: Path) -> None:
    made_up = "m" * 32  # well formed, but no server issued it
    client.cookies.set("patience_session", made_up)
    r = client.post("/api/stats/import", json=stats_file([resigned("sun", 4, 10.0)]))
    issued = r.cookies.get("patience_session")
    assert r.status_code == 200 and issued not in (None, made_up)
    client.cookies.clear()
    client.cookies.set("patience_session", made_up)
    assert client.get("/api/stats").json()["history"] == []  # the made-up token owns nothing
    client.cookies.clear()
    client.cookies.set("patience_session", issued)
    assert [h["deal"] for h in client.get("/api/stats").json()["history"]] == [4]


def test_inserted_games_make_their_owner_an_issued_session(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "g.sqlite3")
    owner = "o" * 32
    assert not store.issued(owner)
    row = StoredGame("imported-1", owner, "sun", {}, 2**64 - 1, status="resigned",
                     created=1.0, updated=2.0, finished=2.0)
    assert store.insert_finished([row]) == 1 and store.issued(owner)
    assert [g.deal for g in store.finished_games(owner)] == [2**64 - 1]


def test_a_file_with_the_clock_column_already_opens(tmp_path: Path) -> None:
    """A file written while the clock column was not yet a numbered step keeps its times."""
    db = tmp_path / "g.sqlite3"
    GameStore(db).close()
    with sqlite3.connect(db) as raw:
        raw.execute("INSERT INTO games (id, owner, game, options, deal, moves, redo, status,"
                    " created, updated, elapsed) VALUES ('g1', 'o', 'sun', '{}', 7, '[]', '[]',"
                    " 'playing', 1, 2, 42.5)")
        raw.execute("PRAGMA user_version = 2")
    store = GameStore(db)
    assert store.get("g1", "o").elapsed == 42.5  # type: ignore[union-attr]
    store.close()


def test_why_after_a_resignation_says_the_game_was_given_up(client: TestClient) -> None:
    body = start(client, "sun", deal=1)
    pile = body["moves"][0]["move"].get("from", "stock")
    client.post(f"/api/play/{body['id']}/resign")
    said = client.post(f"/api/play/{body['id']}/why", json={"from": pile}).json()
    assert said == {"legal": False, "reason": "You gave up this game; undo takes that back."}


def test_statistics_files_name_each_game_s_rules_version(client: TestClient) -> None:
    """Rules versions: an export names the rules version each game was played under; a file
    written before versions were named reads as version 1; a version this program does not
    know is refused in words and changes nothing."""
    record = won_record()
    gid = start(client, "star", deal=record["deal"], options=record["options"])["id"]
    client.post(f"/api/play/{gid}/resign")
    exported = client.get("/api/stats/export").json()
    assert [g["rules_version"] for g in exported["games"]] == [
        patience.get_game("star").rules_version]
    old = {k: v for k, v in exported["games"][0].items() if k != "rules_version"}
    assert SavedGame.model_validate(old).rules_version == "1"
    before = client.get("/api/stats").json()
    future = {**exported, "games": [{**exported["games"][0], "rules_version": "99"}]}
    detail = error(client.post("/api/stats/import", json=future), 422)
    assert "99" in detail and client.get("/api/stats").json() == before
