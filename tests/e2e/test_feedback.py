"""What the table shows a player after they act: undo after a loss, a refused drop sliding
back, a deal laid card after card, a new move ending the last glide, a touch drag, the dark
theme passing axe-core, and a celebration on a win."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import patience
from patience import Move
from tests.e2e.test_play import card_index, centre, opening, served, wait_moves
from tests.e2e.test_table import axe_serious

pytestmark = pytest.mark.e2e
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
RECORDS = FIXTURES / "release-0.1.0" / "records"
# Won games the solver found, one for each game whose finale is its own (finale.js).
WINS = FIXTURES / "wins"

# Every card animation seen, frame by frame: each ghost's delay, and each animated card.
WATCH = """() => {
  window.__seen = { delays: [], cards: new Set(), finale: 0 };
  const look = () => {
    for (const a of document.getAnimations()) {
      const t = a.effect && a.effect.target;
      if (!t || !t.classList) continue;
      if (t.classList.contains('ghost')) window.__seen.delays.push(a.effect.getTiming().delay);
      if (t.classList.contains('cardwrap')) window.__seen.cards.add(t.dataset.key);
      if (t.closest('.finale') || t.closest('.kind-foundation')) window.__seen.finale++;
    }
    requestAnimationFrame(look);
  };
  look();
}"""


def lost_line(game_id: str) -> tuple[int, list[Move]]:
    """A deal and random moves that end in a lost game (no move left)."""
    game = patience.get_game(game_id)
    for deal in range(1, 60):
        state, rng, line = game.new(deal=deal), random.Random(deal), []
        while state.status == "playing" and len(line) < 400:
            move = rng.choice(state.legal_moves())
            state.play(move)
            line.append(move)
        if state.status == "lost":
            return deal, line
    pytest.fail(f"no {game_id} deal below 60 was lost by random play")


def test_after_a_loss_the_banner_undo_takes_the_last_move_back(page: Any,
                                                                base_url: str) -> None:
    deal, line = lost_line("clock")
    page.goto(f"{base_url}/play/clock/{deal}")
    wait_moves(page, 0)
    gid = page.get_attribute("body", "data-game-id")
    for move in line:
        assert page.request.post(f"{base_url}/api/play/{gid}/move", data=move.to_dict()).ok
    page.reload()
    page.wait_for_selector("body[data-ready='1'][data-status='lost'] #banner:not([hidden])")
    assert "lost" in page.inner_text("#banner-text")
    page.click("#banner-undo")
    wait_moves(page, len(line) - 1)
    assert page.get_attribute("body", "data-status") == "playing"
    assert page.locator("#banner").is_hidden()
    state = patience.get_game("clock").new(deal=deal)
    for move in line[:-1]:
        state.play(move)
    assert served(page, base_url)["state"] == state.to_dict()


def far_from(page: Any, piles: list[str]) -> tuple[float, float]:
    """A point of the table as far as can be from every one of these piles."""
    table = page.locator("#board-wrap").bounding_box()
    spots = [centre(page.locator(f".pile[data-pile='{p}'] .slot")) for p in piles]
    corners = [(table["x"] + fx * table["width"], table["y"] + fy * table["height"])
               for fx in (0.04, 0.5, 0.96) for fy in (0.04, 0.5, 0.96)]
    return max(corners, key=lambda c: min((c[0] - x) ** 2 + (c[1] - y) ** 2 for x, y in spots))


def test_a_refused_drop_slides_back_to_where_it_started(page: Any, base_url: str) -> None:
    deal, _, move = opening("star")
    state = patience.get_game("star").new(deal=deal)
    page.goto(f"{base_url}/play/star/{deal}")
    wait_moves(page, 0)
    card = page.locator(f".cardwrap[data-pile='{move.from_pile}']"
                        f"[data-index='{card_index(state, move)}']")
    key = card.get_attribute("data-key")
    before = card.bounding_box()
    targets = [m.to_pile or "" for m in state.legal_moves() if m.from_pile == move.from_pile]
    x0, y0 = centre(card)
    x1, y1 = far_from(page, targets + [move.from_pile or ""])
    page.evaluate(WATCH)
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move((x0 + x1) / 2, (y0 + y1) / 2, steps=4)
    page.mouse.move(x1, y1, steps=4)
    page.mouse.up()
    page.wait_for_function("() => document.querySelector('#message').textContent.includes('went back')")
    assert key in page.evaluate("[...window.__seen.cards]"), "the card did not slide back"
    page.wait_for_function("() => document.getAnimations().length === 0")
    after = page.locator(f".cardwrap[data-key='{key}']").bounding_box()
    assert after is not None and before is not None
    assert abs(after["x"] - before["x"]) < 1 and abs(after["y"] - before["y"]) < 1
    assert served(page, base_url)["moves_played"] == 0


def test_a_deal_lays_its_cards_one_after_another(page: Any, base_url: str) -> None:
    page.goto(f"{base_url}/play/sun/5?deal_when=any")  # SUN-4: deal with plays pending
    wait_moves(page, 0)
    page.wait_for_function("() => document.getAnimations().length === 0")
    page.evaluate(WATCH)
    page.keyboard.press("d")
    wait_moves(page, 1)
    page.wait_for_function("() => document.getAnimations().length === 0")
    delays = sorted(set(page.evaluate("window.__seen.delays")))
    assert len(delays) >= 4, f"the deal's cards did not glide one after another: {delays}"
    assert delays[0] == 0, "the first card of the deal waited"  # then each a little later


def test_a_new_move_finishes_the_last_glide_at_once(page: Any, base_url: str) -> None:
    page.goto(f"{base_url}/play/sun/5?deal_when=any")  # SUN-4: deal with plays pending
    wait_moves(page, 0)
    page.wait_for_function("() => document.getAnimations().length === 0")
    page.keyboard.press("d")
    wait_moves(page, 1)
    running = page.evaluate("""() => {
      window.__first = document.getAnimations().filter((a) => a.effect.target.classList.contains('ghost'));
      return window.__first.filter((a) => a.playState === 'running').length;
    }""")
    assert running > 0, "the first deal's cards were not gliding"
    page.keyboard.press("d")
    wait_moves(page, 2)
    left = page.evaluate("window.__first.filter((a) => a.playState === 'running').length")
    assert left == 0, f"{left} glides of the first move still run"


def touch(cdp: Any, kind: str, x: float, y: float) -> None:
    points = [] if kind == "touchEnd" else [{"x": x, "y": y, "id": 1}]
    cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


def test_a_touch_drag_plays_a_move_on_a_phone(browser: Any, base_url: str) -> None:
    from tests.e2e.conftest import VIEWPORTS, watched

    context = browser.new_context(**VIEWPORTS["phone"])
    page, errors = watched(context)
    deal, _, move = opening("star")
    state = patience.get_game("star").new(deal=deal)
    page.goto(f"{base_url}/play/star/{deal}")
    wait_moves(page, 0)
    source = page.locator(f".cardwrap[data-pile='{move.from_pile}']"
                          f"[data-index='{card_index(state, move)}']")
    dest = page.locator(f".pile[data-pile='{move.to_pile}'] .cardwrap")
    target = dest.last if dest.count() else page.locator(f".pile[data-pile='{move.to_pile}'] .slot")
    (x0, y0), (x1, y1) = centre(source), centre(target)
    cdp = context.new_cdp_session(page)
    touch(cdp, "touchStart", x0, y0)
    for k in range(1, 9):
        touch(cdp, "touchMove", x0 + (x1 - x0) * k / 8, y0 + (y1 - y0) * k / 8)
    assert page.locator(f".pile.drop-hover[data-pile='{move.to_pile}']").count() == 1
    touch(cdp, "touchEnd", x1, y1)
    wait_moves(page, 1)
    state.play(move)
    assert served(page, base_url)["state"] == state.to_dict()
    context.close()
    assert not errors


@pytest.mark.parametrize("path", ["/", "/play/sun/3", "/play/blockade/3", "/stats"])
def test_the_dark_theme_passes_axe(browser: Any, base_url: str, path: str) -> None:
    from tests.e2e.conftest import VIEWPORTS

    context = browser.new_context(color_scheme="dark", **VIEWPORTS["desktop"])
    page = context.new_page()
    page.goto(base_url + path)
    page.wait_for_load_state("networkidle")
    page.wait_for_function("() => document.body.dataset.ready !== '0'")
    page.wait_for_timeout(800)  # the deal's cards come to rest
    dark = page.evaluate("getComputedStyle(document.documentElement).colorScheme")
    assert dark == "dark", "the page is not in its dark theme"
    assert not axe_serious(page), path
    context.close()


@pytest.mark.parametrize("path", [
    RECORDS / "clock-3-won.json", RECORDS / "star-2-won.json", WINS / "blockade-1-won.json",
    WINS / "open-shop-1-won.json", WINS / "toad-1-won.json"], ids=lambda p: p.stem)
def test_a_win_is_celebrated(page: Any, base_url: str, path: Path) -> None:
    record = json.loads(path.read_text("utf-8"))
    # the page starts today's rules: name every option as the record's version had it
    game = patience.get_game(record["game"])
    named = {**game.defaults(record.get("rules_version", "1")), **record["options"]}
    options = "&".join(f"{k}={v if isinstance(v, str) else json.dumps(v)}"
                       for k, v in named.items())
    page.goto(f"{base_url}/play/{record['game']}/{record['deal']}?{options}")
    wait_moves(page, 0)
    gid = page.get_attribute("body", "data-game-id")
    for move in record["moves"][:-1]:
        assert page.request.post(f"{base_url}/api/play/{gid}/move", data=move).ok
    page.reload()
    last = len(record["moves"])
    wait_moves(page, last - 1)
    page.wait_for_function("() => document.getAnimations().length === 0")
    page.evaluate(WATCH)
    number = next(m["number"] for m in served(page, base_url)["moves"]
                  if m["move"] == record["moves"][-1])
    page.click("#menu")
    page.click(f"#moves button[data-number='{number}']")
    page.wait_for_selector("body[data-status='won'] #banner:not([hidden])")
    page.wait_for_timeout(400)
    assert page.evaluate("window.__seen.finale") > 0, "nothing moved to celebrate the win"
