"""The JSON API: every answer matches the library, bad input is a 4xx with words."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import patience
from tests.web.conftest import make_app

GAMES = [g.id for g in patience.list_games()]


def start(client: TestClient, game: str, deal: int = 7, **extra: Any) -> dict[str, Any]:
    r = client.post("/api/play", json={"game": game, "deal": deal, **extra})
    assert r.status_code == 201, r.text
    return dict(r.json())


def error(r: Any, status: int) -> str:
    assert r.status_code == status, r.text
    detail = r.json()["detail"]
    assert isinstance(detail, str) and detail
    return detail


def test_games_lists_every_registered_game(client: TestClient) -> None:
    games = client.get("/api/games").json()
    assert [g["id"] for g in games] == GAMES
    for g in games:
        rules = patience.get_game(g["id"]).rules()
        assert g["actions"] == list(rules.actions)
        assert [p["id"] for p in g["piles"]] == [p.id for p in rules.layout]


def test_openapi_schema_describes_the_api(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    for path in ("/api/games", "/api/play", "/api/play/{game_id}", "/api/play/{game_id}/move",
                 "/api/play/{game_id}/undo", "/api/play/{game_id}/redo",
                 "/api/play/{game_id}/hint", "/api/play/{game_id}/restart",
                 "/api/play/{game_id}/resign", "/api/play/{game_id}/recover", "/api/stats"):
        assert path in paths


@pytest.mark.parametrize("path,method,statuses", [
    ("/api/games", "get", {"200", "400", "413"}),
    ("/api/play", "post", {"201", "400", "403", "404", "409", "413", "422", "503"}),
    ("/api/play", "get", {"200", "400", "413", "503"}),
    ("/api/play/{game_id}", "get", {"200", "400", "404", "409", "413", "503"}),
    ("/api/play/{game_id}/move", "post",
     {"200", "400", "403", "404", "409", "413", "422", "503"}),
    ("/api/play/{game_id}/undo", "post", {"200", "400", "403", "404", "409", "413", "503"}),
    ("/api/play/{game_id}/hint", "post", {"200", "400", "403", "404", "409", "413", "422", "503"}),
    ("/api/play/{game_id}", "delete", {"204", "400", "403", "404", "409", "413", "503"}),
    ("/api/play/{game_id}/clock", "post", {"204", "400", "403", "404", "413", "422", "503"}),
    ("/api/play/{game_id}/why", "post",
     {"200", "400", "403", "404", "409", "413", "422", "503"}),
    ("/api/stats/export", "get", {"200", "400", "413", "503"}),
    ("/api/stats/import", "post", {"200", "400", "403", "409", "413", "422", "503"}),
])
def test_openapi_schema_lists_every_status_a_route_answers(
        client: TestClient, path: str, method: str, statuses: set[str]) -> None:
    responses = client.get("/openapi.json").json()["paths"][path][method]["responses"]
    assert set(responses) == statuses
    for status, answer in responses.items():
        if status not in ("200", "201", "204", "400"):
            assert answer["content"]["application/json"]["schema"]["$ref"].endswith("ErrorOut")


def test_openapi_schema_gives_the_start_bodys_rules(client: TestClient) -> None:
    schemas = client.get("/openapi.json").json()["components"]["schemas"]
    start = schemas["StartIn"]
    deal = start["properties"]["deal"]["anyOf"][0]
    assert (deal["minimum"], deal["maximum"]) == (0, 2**64 - 1)
    assert start["properties"]["game"]["enum"] == GAMES
    assert len(start["not"]["anyOf"]) == 3  # deal, random and winnable exclude each other
    star = next(b for b in start["oneOf"] if b["properties"]["game"]["const"] == "star")
    assert star["properties"]["options"]["properties"]["direction"]["enum"] == \
        ["first-fit", "free"]  # STR-3: first-fit is the default since rules version 2
    assert schemas["MoveIn"]["properties"]["index"]["anyOf"][0]["minimum"] == 0
    links = client.get("/openapi.json").json()["paths"]["/api/play"]["post"]["responses"][
        "201"]["links"]
    assert links["get_game"]["parameters"] == {"game_id": "$response.body#/id"}
    assert {"why_card", "record_clock", "delete_game"} <= set(links)
    saved = schemas["SavedGame"]
    assert saved["properties"]["deal"]["maximum"] == 2**64 - 1
    assert saved["properties"]["game"]["enum"] == GAMES


@pytest.mark.parametrize("game", GAMES)
def test_rules_are_the_library_text(client: TestClient, game: str) -> None:
    body = client.get(f"/api/games/{game}/rules").json()
    assert body["markdown"] == patience.get_game(game).rules_text()


@pytest.mark.parametrize("game", GAMES)
def test_start_gives_the_library_state_and_moves(client: TestClient, game: str) -> None:
    body = start(client, game, deal=11)
    state = patience.get_game(game).new(deal=11)
    assert body["state"] == state.to_dict()
    assert [m["move"] for m in body["moves"]] == [m.to_dict() for m in state.legal_moves()]
    assert [m["text"] for m in body["moves"]] == [str(m) for m in state.legal_moves()]
    assert body["share"] == f"/play/{game}/11"
    assert body["can_undo"] is False and body["can_redo"] is False


@pytest.mark.parametrize("game", GAMES)
def test_random_playout_matches_the_library(client: TestClient, game: str) -> None:
    """Moves, undo and redo through the API keep the stored game equal to a replay."""
    rng = random.Random(game)
    body = start(client, game, deal=3)
    gid = body["id"]
    state = patience.get_game(game).new(deal=3)
    for _ in range(25):
        if not body["moves"]:
            break
        choice = rng.choice(body["moves"])
        r = client.post(f"/api/play/{gid}/move", json=choice["move"])
        assert r.status_code == 200, r.text
        state.play(choice["move"])
        body = r.json()
        assert body["state"] == state.to_dict()
        if rng.random() < 0.3:
            before = body["state"]
            body = client.post(f"/api/play/{gid}/undo").json()
            state.undo()
            assert body["state"] == state.to_dict() and body["can_redo"]
            body = client.post(f"/api/play/{gid}/redo").json()
            assert body["state"] == before
            state.play(choice["move"])
    assert client.get(f"/api/play/{gid}").json()["state"] == state.to_dict()


def test_undo_redo_and_a_new_move_clears_redo(client: TestClient) -> None:
    body = start(client, "star", deal=5)
    gid = body["id"]
    first = body["moves"][0]["move"]
    after = client.post(f"/api/play/{gid}/move", json=first).json()
    assert after["can_undo"] and after["last_move"] == body["moves"][0]["text"]
    undone = client.post(f"/api/play/{gid}/undo").json()
    assert undone["state"] == body["state"] and undone["can_redo"]
    redone = client.post(f"/api/play/{gid}/redo").json()
    assert redone["state"] == after["state"] and not redone["can_redo"]
    client.post(f"/api/play/{gid}/undo")
    other = [m for m in body["moves"] if m["move"] != first]
    if other:
        moved = client.post(f"/api/play/{gid}/move", json=other[0]["move"]).json()
        assert not moved["can_redo"]


def test_restart_keeps_the_moves_for_redo(client: TestClient) -> None:
    body = start(client, "sun", deal=2)
    gid = body["id"]
    played = []
    for _ in range(3):
        move = body["moves"][0]["move"]
        played.append(body)
        body = client.post(f"/api/play/{gid}/move", json=move).json()
    restarted = client.post(f"/api/play/{gid}/restart").json()
    assert restarted["state"] == played[0]["state"] and restarted["moves_played"] == 0
    for _ in range(3):
        restarted = client.post(f"/api/play/{gid}/redo").json()
    assert restarted["state"] == body["state"]


def test_game_survives_a_server_restart(db: Path) -> None:
    with TestClient(make_app(db)) as first:
        body = start(first, "sun", deal=9)
        body = first.post(f"/api/play/{body['id']}/move", json=body["moves"][0]["move"]).json()
        cookies = dict(first.cookies)
    with TestClient(make_app(db), cookies=cookies) as second:
        again = second.get(f"/api/play/{body['id']}").json()
    assert again["state"] == body["state"] and again["moves_played"] == 1


def test_resume_returns_the_unfinished_game_of_the_deal(client: TestClient) -> None:
    body = start(client, "star", deal=12)
    client.post(f"/api/play/{body['id']}/move", json=body["moves"][0]["move"])
    resumed = start(client, "star", deal=12, resume=True)
    assert resumed["id"] == body["id"] and resumed["moves_played"] == 1
    fresh = start(client, "star", deal=12)
    assert fresh["id"] != body["id"] and fresh["moves_played"] == 0


def test_options_are_checked_and_kept(client: TestClient) -> None:
    body = start(client, "star", deal=4, options={"direction": "free"})
    assert body["options"] == {"direction": "free"}
    assert body["share"] == "/play/star/4?direction=free"
    detail = error(client.post("/api/play", json={"game": "star", "deal": 4,
                                                  "options": {"direction": "sideways"}}), 422)
    assert "direction" in detail
    error(client.post("/api/play", json={"game": "star", "deal": 4,
                                         "options": {"colour": "red"}}), 422)


def test_random_deal_is_a_number(client: TestClient) -> None:
    r = client.post("/api/play", json={"game": "sun", "random": True})
    assert r.status_code == 201 and r.json()["deal"] >= 1


# --- errors ---------------------------------------------------------------------------


def test_illegal_move_is_409_with_the_reason(client: TestClient) -> None:
    gid = start(client, "star", deal=1)["id"]
    detail = error(client.post(f"/api/play/{gid}/move",
                               json={"from": "reserve", "to": "cell-1"}), 409)
    assert "1:30 cell" in detail and "cell-1" not in detail  # the place in words, not its id
    error(client.post(f"/api/play/{gid}/move", json={"from": "moon", "to": "base-12"}), 409)
    error(client.post(f"/api/play/{gid}/move", json={"action": "fly"}), 409)


@pytest.mark.parametrize("body", [
    {"from": 3, "to": "base-12"},
    {"from": "cell-1", "to": "base-12", "colour": "red"},
    {"from": "cell-1", "to": "base-12", "index": -1},
    {"from": "cell-1", "to": "base-12", "index": True},
    [1, 2],
    "deal",
])
def test_malformed_move_body_is_422(client: TestClient, body: Any) -> None:
    gid = start(client, "star", deal=1)["id"]
    error(client.post(f"/api/play/{gid}/move", json=body), 422)


def test_move_body_that_is_not_json_is_422(client: TestClient) -> None:
    gid = start(client, "star", deal=1)["id"]
    r = client.post(f"/api/play/{gid}/move", content=b"{not json",
                    headers={"content-type": "application/json"})
    error(r, 422)


def test_move_with_card_but_no_piles_is_409(client: TestClient) -> None:
    gid = start(client, "star", deal=1)["id"]
    error(client.post(f"/api/play/{gid}/move", json={"card": "AS"}), 409)


@pytest.mark.parametrize("body,status", [
    ({"game": "chess", "deal": 1}, 404),
    ({"game": "sun", "deal": -1}, 422),
    ({"game": "sun", "deal": 2 ** 64}, 422),
    ({"game": "sun", "deal": "7"}, 422),
    ({"game": "sun", "deal": 1, "random": True}, 422),
    ({"deal": 1}, 422),
    ({"game": "sun", "deal": 1, "speed": "fast"}, 422),
])
def test_bad_start_is_4xx(client: TestClient, body: dict[str, Any], status: int) -> None:
    error(client.post("/api/play", json=body), status)


def test_unknown_game_id_is_404_everywhere(client: TestClient) -> None:
    client.get("/")
    for path in ("", "/undo", "/redo", "/restart", "/resign", "/hint"):
        method = client.get if path == "" else client.post
        error(method(f"/api/play/no-such-game{path}"), 404)
    error(client.post("/api/play/no-such-game/move", json={"action": "deal"}), 404)
    error(client.get("/api/games/chess/rules"), 404)
    page = client.get("/play/chess/1")
    assert page.status_code == 404 and "<html" in page.text and "/play/sun/random" in page.text


def test_nothing_to_undo_or_redo_is_409(client: TestClient) -> None:
    gid = start(client, "sun", deal=1)["id"]
    assert "undo" in error(client.post(f"/api/play/{gid}/undo"), 409)
    assert "redo" in error(client.post(f"/api/play/{gid}/redo"), 409)


def test_resigned_game_takes_no_more_moves_until_undone(client: TestClient) -> None:
    body = start(client, "sun", deal=1)
    gid = body["id"]
    resigned = client.post(f"/api/play/{gid}/resign").json()
    assert resigned["status"] == "resigned" and resigned["moves"] == []
    assert resigned["can_undo"], "undo takes back a resignation"
    error(client.post(f"/api/play/{gid}/move", json=body["moves"][0]["move"]), 409)
    error(client.post(f"/api/play/{gid}/resign"), 409)
    reopened = client.post(f"/api/play/{gid}/undo").json()
    assert reopened["status"] == "playing" and reopened["moves"] == body["moves"]
    assert reopened["moves_played"] == 0


def test_hint_and_winnable_need_the_solver(client: TestClient) -> None:
    try:
        import patience.solver  # noqa: F401
    except ImportError:
        gid = start(client, "star", deal=1)["id"]
        assert "solver" in error(client.post(f"/api/play/{gid}/hint"), 503)
        error(client.post("/api/play", json={"game": "star", "winnable": True}), 503)
    else:
        pytest.skip("the solver is installed: test_hint_* cover it")


# --- sessions -------------------------------------------------------------------------


def test_another_browser_cannot_read_or_change_a_game(db: Path) -> None:
    app = make_app(db)
    with TestClient(app) as alice, TestClient(app) as bob:
        body = start(alice, "star", deal=3)
        gid = body["id"]
        assert len(gid) >= 20
        own = start(bob, "star", deal=3)["id"]
        assert alice.cookies.get("patience_session") != bob.cookies.get("patience_session")
        error(bob.get(f"/api/play/{gid}"), 404)
        error(bob.post(f"/api/play/{gid}/move", json=body["moves"][0]["move"]), 404)
        for path in ("/undo", "/redo", "/restart", "/resign", "/hint"):
            error(bob.post(f"/api/play/{gid}{path}"), 404)
        assert [g["id"] for g in bob.get("/api/play").json()] == [own]
        assert alice.get(f"/api/play/{gid}").json()["moves_played"] == 0


def test_a_forged_cookie_owns_nothing_and_its_first_write_gets_a_new_session(
        client: TestClient) -> None:
    client.cookies.set("patience_session", "x")
    r = client.get("/api/stats")
    assert r.status_code == 200 and r.json()["history"] == []
    assert "patience_session" not in r.cookies
    r = client.post("/api/play", json={"game": "sun", "deal": 1})
    assert r.status_code == 201
    assert r.cookies.get("patience_session") not in (None, "x")


def test_pages_are_served(client: TestClient) -> None:
    for path in ("/", "/stats", "/play/sun/7", "/play/star/random"):
        r = client.get(path)
        assert r.status_code == 200 and "<html" in r.text.lower(), path
    assert client.get("/static/play.js").status_code == 200
