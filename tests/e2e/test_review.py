"""The game review on the page: the graph, a position opened from it with the better move
lit, playing on from there, and the panel folding on a phone.

The game is Clock deal 3 as the practical player plays it (lost after 77 moves); the server
weighs two samples a position here, so each review takes seconds.
"""

from __future__ import annotations

from typing import Any

import pytest

import patience
from tests.e2e.conftest import VIEWPORTS, watched
from tests.played import practical_moves as played_out

pytest.importorskip("patience.solver")
DEAL = 3


@pytest.fixture(autouse=True)
def quick_review(monkeypatch: pytest.MonkeyPatch) -> None:
    from patience.web import review

    monkeypatch.setattr(review, "SAMPLES", 2)
    monkeypatch.setattr(review, "EXACT_SECONDS", 0.2)
    monkeypatch.setattr(review, "EXACT_SOLVES", 4)


def practical_moves(limit: int | None = None) -> list[dict[str, Any]]:
    return played_out("clock", DEAL, limit)


def played(page: Any, base_url: str, moves: list[dict[str, Any]]) -> str:
    """The page's game of Clock deal 3 with ``moves`` played, shown afresh."""
    page.goto(f"{base_url}/play/clock/{DEAL}")
    page.wait_for_selector("body[data-ready='1'][data-moves-played='0']")
    gid = str(page.get_attribute("body", "data-game-id"))
    for move in moves:
        assert page.request.post(f"{base_url}/api/play/{gid}/move", data=move).ok
    page.reload()
    page.wait_for_selector(f"body[data-ready='1'][data-moves-played='{len(moves)}']")
    return gid


def test_a_point_of_the_graph_opens_its_position_and_play_goes_on_from_there(
        page: Any, base_url: str) -> None:
    moves = practical_moves(12)
    gid = played(page, base_url, moves)
    page.click("#menu")
    page.click("#review-open")
    page.wait_for_selector(".review-graph .hit", timeout=60_000)
    assert page.locator(".review-graph .dot").count() == len(moves)
    result = page.request.post(f"{base_url}/api/play/{gid}/review?wait=5").json()["result"]
    # a move whose better move takes a card somewhere: its card and its pile are lit
    entry = next(e for e in reversed(result["moves"]) if "action" not in e["best"]["move"])
    number = entry["number"]
    page.click(f".review-graph .hit[data-move='{number}']")
    page.wait_for_selector(f"body[data-review-view='{number}']")
    view = page.inner_text("#review-view")
    assert f"Before move {number} of {len(moves)}" in view
    assert entry["best"]["words"] in view and entry["move"]["words"] in view
    best = entry["best"]["move"]
    assert page.locator(f".pile[data-pile='{best['to']}'].hint-target").count() == 1
    lit = page.locator(".cardwrap.hint")
    assert lit.count() == 1 and lit.locator(f"[data-card='{best['card']}']").count() == 1
    at = patience.get_game("clock").new(deal=DEAL)
    for move in moves[:number - 1]:
        at.play(move)
    assert page.get_attribute("body", "data-moves-played") == str(len(moves))  # the game's own

    page.click("#review-play-on")
    page.wait_for_selector(f"body[data-ready='1'][data-moves-played='{number - 1}']")
    assert page.get_attribute("body", "data-game-id") != gid
    again = page.request.get(f"{base_url}/api/play/{page.get_attribute('body', 'data-game-id')}")
    assert again.json()["state"] == at.to_dict() and again.json()["status"] == "playing"


def test_a_listed_move_opens_its_position_and_back_returns_to_the_game(
        page: Any, base_url: str) -> None:
    played(page, base_url, practical_moves(12))
    page.click("#menu")
    page.click("#review-open")
    page.wait_for_selector(".review-graph", timeout=60_000)
    listed = page.locator(".review-move")
    if listed.count() == 0:
        pytest.skip("no move of these twelve gave chances away at two samples")
    listed.first.click()
    page.wait_for_selector("body[data-review-view]")
    assert "Better" in page.inner_text("#review-view")
    page.click("text=Back to the game")
    page.wait_for_selector("body:not([data-review-view])")
    assert page.locator(".cardwrap.hint").count() == 0


def test_the_lost_game_is_reviewed_from_the_banner_and_the_panel_folds_on_a_phone(
        browser: Any, base_url: str) -> None:
    context = browser.new_context(**VIEWPORTS["phone"])
    page, errors = watched(context)
    try:
        moves = practical_moves()
        played(page, base_url, moves)
        page.wait_for_selector("body[data-status='lost'] #banner:not([hidden])")
        page.click("#banner-review")
        page.wait_for_selector("#review-progress", timeout=10_000)  # while the server works
        assert page.get_attribute("#review-progress", "max") == str(len(moves))
        page.wait_for_selector(".review-graph", timeout=90_000)
        assert page.locator(".review-graph .dot").count() == len(moves)
        summary = page.inner_text(".review-summary")
        assert summary.startswith(f"Game review, {len(moves)} moves")
        board = page.locator("#board-wrap").bounding_box()
        panel = page.locator("#review").bounding_box()
        assert board["y"] + board["height"] <= panel["y"] + 1  # the board above the panel
        page.click("#review-fold")
        page.wait_for_selector("body[data-review='folded']")
        assert not page.locator("#review-body").is_visible()
        folded = page.locator("#board-wrap").bounding_box()
        assert folded["height"] > board["height"] + 150
        assert page.locator("#review").bounding_box()["height"] < 80
        page.click("#review-fold")
        page.wait_for_selector("body[data-review='open'] .review-graph")
    finally:
        context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"
