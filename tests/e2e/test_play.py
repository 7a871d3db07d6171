"""The page in Chromium: mouse, click and keyboard play, undo, reload, a win, screenshots."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import patience
from patience import Move, State

pytestmark = pytest.mark.e2e
GAMES = [g.id for g in patience.list_games()]
BEFORE_SCREENSHOT = {"sun": 7, "blockade": 4, "shah": 2}  # actions that show the picture whole


def wait_moves(page: Any, n: int) -> None:
    page.wait_for_selector(f"body[data-ready='1'][data-moves-played='{n}']", timeout=15_000)


def served(page: Any, base_url: str) -> dict[str, Any]:
    gid = page.get_attribute("body", "data-game-id")
    r = page.request.get(f"{base_url}/api/play/{gid}")
    assert r.ok
    return dict(r.json())


def from_the_top(state: State, move: Move) -> bool:
    """A card move of a pile's top card: one the page's picture can drag (it draws a
    squared pile, such as Toad's, as its top card only, TOD-1)."""
    return move.action is None and card_index(state, move) == len(
        state.to_dict()["piles"][move.from_pile or ""]) - 1


def opening(game_id: str) -> tuple[int, list[Move], Move]:
    """A deal, the actions before its first card move of a top card, and that move (found
    by the library)."""
    game = patience.get_game(game_id)
    for max_actions in (0, 12):
        for deal in range(1, 120):
            state = game.new(deal=deal)
            actions: list[Move] = []
            for _ in range(max_actions + 1):
                legal = state.legal_moves()
                cards = [m for m in legal if from_the_top(state, m)]
                if cards:
                    return deal, actions, cards[0]
                acts = [m for m in legal if m.action is not None]
                if not acts or len(actions) == max_actions:
                    break
                state.play(acts[0])
                actions.append(acts[0])
    pytest.fail(f"no {game_id} deal below 120 offers a card move")


def centre(locator: Any) -> tuple[float, float]:
    box = locator.bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def card_index(state: State, move: Move) -> int:
    assert move.from_pile is not None
    if move.index is not None:
        return move.index
    return len(state.to_dict()["piles"][move.from_pile]) - 1


def drag(page: Any, state: State, move: Move) -> None:
    source = page.locator(f".cardwrap[data-pile='{move.from_pile}']"
                          f"[data-index='{card_index(state, move)}']")
    dest = page.locator(f".pile[data-pile='{move.to_pile}'] .cardwrap")
    target = dest.last if dest.count() else page.locator(
        f".pile[data-pile='{move.to_pile}'] .slot")
    x0, y0 = centre(source)
    x1, y1 = centre(target)
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move((x0 + x1) / 2, (y0 + y1) / 2, steps=6)
    page.mouse.move(x1, y1, steps=6)
    page.mouse.up()


@pytest.mark.parametrize("game_id", GAMES)
def test_mouse_move_then_undo(page: Any, base_url: str, game_id: str) -> None:
    deal, actions, move = opening(game_id)
    state = patience.get_game(game_id).new(deal=deal)
    page.goto(f"{base_url}/play/{game_id}/{deal}")
    wait_moves(page, 0)
    assert served(page, base_url)["state"] == state.to_dict()
    assert page.locator("#board .pile").count() == len(state.to_dict()["piles"])
    for n, action in enumerate(actions, 1):
        page.click(f"#actions button[data-action='{action.action}']")
        wait_moves(page, n)
        state.play(action)
    before = state.to_dict()
    drag(page, state, move)
    wait_moves(page, len(actions) + 1)
    state.play(move)
    assert served(page, base_url)["state"] == state.to_dict()
    assert page.locator(f".pile[data-pile='{move.to_pile}'] [data-card='{move.card}']").count()
    page.click("#undo")
    wait_moves(page, len(actions))
    state.undo()
    assert served(page, base_url)["state"] == before == state.to_dict()
    moved_back = page.locator(f".cardwrap[data-pile='{move.from_pile}']"
                              f"[data-index='{card_index(state, move)}'] [data-card='{move.card}']")
    assert moved_back.count() == 1


def test_click_sends_a_card_to_its_one_destination(page: Any, base_url: str) -> None:
    game = patience.get_game("star")
    for deal in range(1, 200):
        state = game.new(deal=deal)
        legal = [m for m in state.legal_moves() if m.action is None]
        single = [m for m in legal if sum(o.from_pile == m.from_pile for o in legal) == 1]
        if single:
            break
    move = single[0]
    page.goto(f"{base_url}/play/star/{deal}")
    wait_moves(page, 0)
    page.locator(f".cardwrap[data-pile='{move.from_pile}']").last.click()
    wait_moves(page, 1)
    state.play(move)
    assert served(page, base_url)["state"] == state.to_dict()


def test_keyboard_only_play(page: Any, base_url: str) -> None:
    deal = next(d for d in range(1, 200)
                if len(patience.get_game("star").new(deal=d).legal_moves()) < 10)
    state = patience.get_game("star").new(deal=deal)
    page.goto(f"{base_url}/play/star/{deal}")
    wait_moves(page, 0)
    page.keyboard.press("1")
    wait_moves(page, 1)
    state.play(state.legal_moves()[0])
    page.keyboard.press("u")
    wait_moves(page, 0)
    page.keyboard.press("r")
    wait_moves(page, 1)
    page.keyboard.press("w")  # draw
    wait_moves(page, 2)
    state.play("draw")
    page.keyboard.press("2")
    wait_moves(page, 3)
    state.play(state.legal_moves()[1])
    assert served(page, base_url)["state"] == state.to_dict()
    assert "undo" in (page.text_content("#keys") or "")


def test_reload_resumes_the_game_and_share_link(page: Any, base_url: str) -> None:
    page.goto(f"{base_url}/play/sun/21?deal_when=any")  # SUN-4: deal with plays pending
    wait_moves(page, 0)
    gid = page.get_attribute("body", "data-game-id")
    assert page.input_value("#share").endswith("/play/sun/21?deal_when=any")
    page.keyboard.press("d")
    wait_moves(page, 1)
    page.reload()
    wait_moves(page, 1)
    assert page.get_attribute("body", "data-game-id") == gid


def test_resign_shows_the_end_and_counts_in_statistics(page: Any, base_url: str) -> None:
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(f"{base_url}/play/star/8")
    wait_moves(page, 0)
    page.click("#menu")
    page.click("#resign")
    page.wait_for_selector("body[data-status='resigned'] #banner:not([hidden])")
    page.goto(f"{base_url}/stats")
    row = page.locator("#stats-table tr[data-game='star'] td")
    row.first.wait_for()
    assert row.nth(1).inner_text() == "1" and row.nth(2).inner_text() == "0"
    assert page.locator("#chart circle").count() == 1


def test_rules_panel_shows_the_rules(page: Any, base_url: str) -> None:
    page.goto(f"{base_url}/play/star/1")
    wait_moves(page, 0)
    page.click("#menu")
    page.click("#rules summary")
    page.wait_for_selector("#rules-text > *")
    text = patience.get_game("star").rules_text()
    words = "".join(" " if c in "#*`" else c for c in text).split()
    shown = page.inner_text("#rules-text").split()
    assert shown[:8] == words[:8]


def test_win_a_deal_through_the_page(page: Any, base_url: str) -> None:
    solver = pytest.importorskip("patience.solver")
    game = patience.get_game("star")
    for deal in range(1, 60):
        result = solver.solve(game.new(deal=deal), max_nodes=200_000, max_seconds=2.0)
        if result.outcome == "won":
            break
    else:
        pytest.skip("the solver won no Star deal below 60 quickly")
    page.goto(f"{base_url}/play/star/{deal}")
    wait_moves(page, 0)
    page.click("#menu")
    for n, move in enumerate(result.moves, 1):
        listed = served(page, base_url)["moves"]
        number = next(m["number"] for m in listed if m["move"] == move.to_dict())
        page.click(f"#moves button[data-number='{number}']")
        wait_moves(page, n)
    page.wait_for_selector("body[data-status='won'] #banner:not([hidden])")
    assert "You won" in page.inner_text("#banner")


def test_hint_highlights_a_listed_move(page: Any, base_url: str) -> None:
    pytest.importorskip("patience.solver")
    page.goto(f"{base_url}/play/star/3")
    wait_moves(page, 0)
    page.keyboard.press("h")
    page.wait_for_selector("body[data-hint]", timeout=20_000)
    text = page.inner_text("#message")
    assert text.startswith(("From what you can see", "This game can no longer",
                            "There is only one move"))
    if page.get_attribute("body", "data-hint") in ("move", "forced", "unsure"):
        assert page.locator(".cardwrap.hint, #moves button.hint").count() >= 1


@pytest.mark.parametrize("game_id", GAMES)
def test_layout_screenshot(screen: tuple[str, Any], base_url: str, game_id: str,
                           screenshot_dir: Path) -> None:
    kind, page = screen
    page.goto(f"{base_url}/play/{game_id}/4")
    wait_moves(page, 0)
    for done in range(1, BEFORE_SCREENSHOT.get(game_id, 0) + 1):
        enabled = page.locator("#actions button[data-action]:not([disabled])")
        if not enabled.count():
            break
        enabled.first.click()
        wait_moves(page, done)
    shown = served(page, base_url)["state"]["piles"]
    for pile, cards in shown.items():
        drawn = page.locator(f".pile[data-pile='{pile}'] .cardwrap").count()
        assert drawn == min(len(cards), 2) or drawn == len(cards), pile
    page.wait_for_timeout(1200)  # the deal's cards come to rest
    page.evaluate("document.querySelector('#message').hidden = true")  # the picture alone
    name = f"{game_id}.png" if kind == "desktop" else f"{game_id}-phone.png"
    page.screenshot(path=str(screenshot_dir / name))


FOUNDATION_KIND = "foundation"


def safe_moves(state: State) -> list[Move]:
    """The page's auto-play rule: to a foundation holding two cards or more, from a pile that
    is not one, and the card's single listed move."""
    kinds = {p.id: str(p.kind) for p in state.rules.layout}
    piles = state.to_dict()["piles"]
    legal = [m for m in state.legal_moves() if m.action is None]
    out = []
    for m in legal:
        assert m.from_pile is not None and m.to_pile is not None
        if kinds[m.to_pile] != FOUNDATION_KIND or kinds[m.from_pile] == FOUNDATION_KIND:
            continue
        if len(piles[m.to_pile]) < 2:
            continue
        same_card = [o for o in legal if o.from_pile == m.from_pile and o.index == m.index
                     and o.card == m.card]
        if len(same_card) == 1:
            out.append(m)
    return out


def test_auto_play_plays_only_safe_foundation_moves(page: Any, base_url: str) -> None:
    import random

    game = patience.get_game("sun")
    rng = random.Random(5)
    for deal in range(1, 40):
        state = game.new(deal=deal)
        line: list[Move] = []
        while state.status == "playing" and not safe_moves(state) and len(line) < 60:
            legal = state.legal_moves()
            to_found = [m for m in legal if m.action is None]
            move = rng.choice(to_found) if to_found else legal[0]
            state.play(move)
            line.append(move)
        if safe_moves(state):
            break
    else:
        pytest.skip("no Sun deal below 40 reached a safe foundation move")
    page.goto(f"{base_url}/play/sun/{deal}")
    wait_moves(page, 0)
    gid = page.get_attribute("body", "data-game-id")
    for move in line:
        assert page.request.post(f"{base_url}/api/play/{gid}/move", data=move.to_dict()).ok
    page.reload()
    wait_moves(page, len(line))
    page.keyboard.press("a")
    page.wait_for_selector(f"body:not([data-moves-played='{len(line)}'])")
    page.wait_for_selector("body[data-ready='1']:not([data-auto])", timeout=30_000)
    played = served(page, base_url)
    kinds = {p.id: str(p.kind) for p in game.rules().layout}
    record = patience.get_game("sun").new(deal=deal)
    for move in line:
        record.play(move)
    for _ in range(played["moves_played"] - len(line)):
        safe = safe_moves(record)
        assert safe, "auto-play went past the last safe move"
        record.play(safe[0])
        assert kinds[safe[0].to_pile or ""] == FOUNDATION_KIND
    assert played["state"] == record.to_dict()
    assert not safe_moves(record) or played["status"] != "playing"
