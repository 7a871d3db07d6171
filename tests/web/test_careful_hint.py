"""The default hint is the careful player's, from what the player sees: its move is
``patience.advise``'s from the seed the server uses, its words say what its chance means
and name no pile id, no notation and nothing of the search; ``peek=true`` gives the exact
hint, labelled. Two positions a player cannot tell apart get the same hint."""

from __future__ import annotations

import random
import re
import threading
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

import patience
from patience.engine.state import State
from patience.web import service
from tests.games.test_unseen import swapped_twin
from tests.unit.test_terminal_words import NOTATION, pile_ids
from tests.web.test_api import error, start

pytest.importorskip("patience.solver")

SAMPLES = 12  # budgets in nodes: the same hint however busy the machine
STATISTICS = re.compile(r"\b(positions?|nodes?|seconds?|budget|samples?|searched in)\b"
                        r"|\d\s?s\b|\d+(\.\d+)?\s?%")


@pytest.fixture
def counted(client: TestClient) -> TestClient:
    """The client's service weighs a fixed number of samples instead of the clock."""
    client.app.state.service.hint_samples = SAMPLES  # type: ignore[attr-defined]
    return client


def walk(client: TestClient, game: str, deal: int, moves: int) -> tuple[dict[str, Any], State]:
    """A game some random moves in, through the API and in the library alike."""
    body = start(client, game, deal)
    state = patience.get_game(game).new(deal=deal, **body["options"])
    rng = random.Random(deal)
    for _ in range(moves):
        if body["status"] != "playing":
            break
        move = rng.choice(state.legal_moves())
        r = client.post(f"/api/play/{body['id']}/move", json=move.to_dict())
        assert r.status_code == 200, r.text
        body = r.json()
        state.play(move)
    return body, state


def plain_words(text: str, state: State) -> None:
    assert text and pile_ids(state).search(text) is None, text
    assert NOTATION.search(text) is None, text
    assert STATISTICS.search(text) is None, text


@pytest.mark.parametrize(("game", "deal", "moves"),
                         [("blockade", 2, 0), ("toad", 5, 8), ("sun", 1, 3), ("clock", 2, 2)])
def test_the_default_hint_is_the_careful_players_move(counted: TestClient, game: str,
                                                      deal: int, moves: int) -> None:
    body, state = walk(counted, game, deal, moves)
    found = counted.post(f"/api/play/{body['id']}/hint").json()
    advice = patience.advise(state, seed=service.CAREFUL_SEED, samples=SAMPLES)
    assert found["source"] == "careful"
    assert found["move"]["move"] == advice.move.to_dict()  # type: ignore[union-attr]
    assert found["move"] in body["moves"]
    plain_words(found["words"], state)
    if found["status"] == "forced":
        assert found["chance"] is None and found["words"].startswith("There is only one move")
    else:
        weighed = next(m for m in advice.moves if m.move == advice.move)
        assert found["chance"] == pytest.approx(weighed.chance)
        assert found["words"].startswith("From what you can see, ")
    assert found["move"]["words"] in found["words"]


def test_the_careful_hint_says_its_chance_in_deals_in_ten(counted: TestClient) -> None:
    body = start(counted, "blockade", 2)
    found = counted.post(f"/api/play/{body['id']}/hint").json()
    assert found["status"] == "move" and 0.05 < found["chance"] < 0.95
    tenths = round(found["chance"] * 10)
    assert found["words"].startswith(f"From what you can see, about {tenths} deals in 10 "
                                     "still come out after this: ")


def test_a_forced_move_says_there_is_only_one(counted: TestClient) -> None:
    body = start(counted, "star", 3)  # the deal begins with a draw, the only move
    assert len(body["moves"]) == 1
    found = counted.post(f"/api/play/{body['id']}/hint").json()
    assert found["status"] == "forced" and found["chance"] is None
    assert found["words"] == f"There is only one move: {body['moves'][0]['words']}."


def test_peeking_gives_the_exact_hint_labelled(counted: TestClient) -> None:
    body, state = walk(counted, "clock", 2, 0)
    found = counted.post(f"/api/play/{body['id']}/hint?peek=true").json()
    exact = patience.hint(state)
    assert found["source"] == "exact" and found["status"] == "move"
    assert found["move"]["move"] == exact.move.to_dict()  # type: ignore[union-attr]
    assert found["words"].startswith("Looking at the face-down cards: ")
    assert found["words"].endswith(" moves.") and "winning line" in found["words"]
    plain_words(found["words"], state)
    glance = counted.post(f"/api/play/{body['id']}/hint?peek=true&deep=false").json()
    assert glance["words"].startswith("Looking at the face-down cards: ")


def test_an_undecided_exact_hint_names_no_search_budget(client: TestClient,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(service, "HINT_NODES", 1)  # one position searched: undecided
    body, state = walk(client, "shah", 3, 0)
    found = client.post(f"/api/play/{body['id']}/hint?peek=true").json()
    assert found["status"] == "guess"
    assert "may still be winnable" in found["words"]
    plain_words(found["words"], state)


def test_peek_must_be_a_truth_value(client: TestClient) -> None:
    body = start(client, "star", 5)
    assert "peek" in error(client.post(f"/api/play/{body['id']}/hint?peek=perhaps"), 422)


@pytest.mark.parametrize("game", [g.id for g in patience.list_games()])
def test_two_positions_a_player_cannot_tell_apart_get_the_same_hint(game: str) -> None:
    """The server's careful hint on a position and on its twin (two face-down cards
    swapped): the same move, chance and words."""
    found = 0
    for deal, moves in ((1, 0), (2, 10), (3, 25)):
        state = patience.get_game(game).new(deal=deal)
        rng = random.Random(deal)
        for _ in range(moves):
            if state.legal_raw():
                state.play_raw(rng.choice(state.legal_raw()))
        twin = swapped_twin(state)
        if twin is None or state.status != "playing":
            continue
        found += 1
        one, said, text = service.careful_advice(state, 6)
        other, twin_said, twin_text = service.careful_advice(twin, 6)
        assert (one, said, text) == (other, twin_said, twin_text)
    assert found


def test_a_careful_hint_leaves_other_requests_free(counted: TestClient,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The careful hint weighs without the service's lock: a move on another game is
    answered meanwhile."""
    real = service.careful_advice
    started = threading.Event()

    def slow(position: State, samples: int | None = None) -> Any:
        started.set()
        time.sleep(1.5)
        return real(position, samples)

    monkeypatch.setattr(service, "careful_advice", slow)
    hinted = start(counted, "blockade", 2)
    other = start(counted, "clock", 2)
    answers: dict[str, Any] = {}
    asking = threading.Thread(target=lambda: answers.update(
        hint=counted.post(f"/api/play/{hinted['id']}/hint")))
    asking.start()
    assert started.wait(10)
    t0 = time.perf_counter()
    r = counted.post(f"/api/play/{other['id']}/move", json=other["moves"][0]["move"])
    waited = time.perf_counter() - t0
    asking.join()
    assert r.status_code == 200 and waited < 1.0
    assert answers["hint"].status_code == 200
