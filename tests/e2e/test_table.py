"""The table a player sits at, in Chromium on a phone (390 × 844, touch) and a desktop
(1440 × 900), for each of the nine games: the board fills the screen without sideways
scrolling, cards are readable, no pile id or notation shows, a move glides, legal targets
light up during a drag, cards are buttons with spoken names, and axe-core finds no serious
or critical violation."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

import patience
from tests.e2e.test_play import card_index, centre, opening, served, wait_moves

pytestmark = pytest.mark.e2e
GAMES = [g.id for g in patience.list_games()]
WON = Path(__file__).resolve().parents[1] / "fixtures" / "release-0.1.0" / "records"
SPOKEN = re.compile(r"^(ace|two|three|four|five|six|seven|eight|nine|ten|jack|queen|king) of "
                    r"(spades|hearts|diamonds|clubs), \S")
NOTATION = re.compile(r"\b[A2-9TJQK][SHDC]:|\w>\w|\[\d+\]")
ENGLISH_IDS = {"stock", "talon", "hand", "reserve", "shop", "toad", "wind", "rainbow", "shah",
               "out"}

# The felt left empty, measured from the edges of the table (the board's whole room, not
# only the felt drawn round the cards): the largest band with no card, outline or a
# column's room in it, top to bottom; and the share of the width the picture spans.
MEASURE = """() => {
  const svg = document.querySelector('#board');
  const table = document.querySelector('#board-wrap').getBoundingClientRect();
  const felt = document.querySelector('#board .felt').getBoundingClientRect();
  const unit = svg.getScreenCTM().a;
  const rects = [...document.querySelectorAll('#board .pile .cardwrap, #board .pile .slot, #board .pile .room')]
    .map((n) => n.getBoundingClientRect()).filter((r) => r.width > 0);
  const boxes = rects.map((r) => [r.top, r.bottom]).sort((a, b) => a[0] - b[0]);
  let gap = 0, reach = table.top;
  for (const [top, bottom] of boxes) { gap = Math.max(gap, top - reach); reach = Math.max(reach, bottom); }
  gap = Math.max(gap, table.bottom - reach);
  const left = Math.min(...rects.map((r) => r.left)), right = Math.max(...rects.map((r) => r.right));
  const buttons = [...document.querySelectorAll('#controls button')].filter((b) => !b.hidden)
    .map((b) => b.getBoundingClientRect()).map((r) => [r.width, r.height]);
  return { scroll: document.documentElement.scrollWidth, width: innerWidth, felt: felt.width,
           picture: right - left, card: [56 * unit, 80 * unit], gap, buttons };
}"""


def assert_fits(kind: str, m: dict[str, Any]) -> None:
    """No sideways scroll; on a phone the board spans 90 % of the width with cards 34 px wide
    or more and no empty band over one and a half cards tall; on a larger screen cards
    44 px wide or more and no empty band taller than a card."""
    assert m["scroll"] <= m["width"], "the page scrolls sideways"
    if "phone" in kind:
        assert m["felt"] >= 0.9 * m["width"], m
        assert m["picture"] >= 0.85 * m["width"], f"the cards span {m['picture']:.0f} px"
        assert m["card"][0] >= 34, f"cards {m['card'][0]:.0f} px wide on a phone"
        assert m["gap"] <= 1.5 * m["card"][1], f"a band of empty felt {m['gap']:.0f} px tall"
    else:
        assert m["card"][0] >= 44, f"cards {m['card'][0]:.0f} px wide on a {kind}"
        assert m["gap"] <= m["card"][1], f"a band of empty felt {m['gap']:.0f} px tall"


WATCH_MOTION = """() => {
  window.__glides = 0;
  const look = () => {
    const n = document.getAnimations().filter((a) => a.effect && a.effect.target
      && a.effect.target.classList && a.effect.target.classList.contains('ghost')).length;
    window.__glides = Math.max(window.__glides, n);
    requestAnimationFrame(look);
  };
  look();
}"""

# The solver may answer at once: the page is given a hint that takes its time.
SLOW_HINT = """() => {
  const real = window.fetch;
  window.fetch = (url, init = {}) => !String(url).includes('/hint') ? real(url, init)
    : new Promise((resolve, reject) => {
      const wait = setTimeout(() => real(url, init).then(resolve, reject), 4000);
      if (init.signal) init.signal.addEventListener('abort', () => {
        clearTimeout(wait); reject(new DOMException('stopped', 'AbortError'));
      });
    });
}"""

SEEN_TEXT = """() => document.body.innerText + ' ' + [...document.querySelectorAll('[aria-label], [title]')]
  .map((n) => `${n.getAttribute('aria-label') || ''} ${n.getAttribute('title') || ''}`).join(' ')"""


def assert_plain_words(page: Any, state: dict[str, Any]) -> None:
    """No pile id (but plain English ones such as "stock") and no move notation on show."""
    page.click("#menu")
    page.wait_for_selector("#drawer:not([hidden])")
    seen = page.evaluate(SEEN_TEXT)
    page.click("#drawer-close")
    assert not NOTATION.search(seen), NOTATION.search(seen)
    for pile in state["piles"]:
        if pile in ENGLISH_IDS:
            continue
        found = re.search(rf"(?<![\w-]){re.escape(pile)}(?![\w-])", seen)
        assert not found, f"pile id {pile!r} shows: …{seen[max(0, found.start() - 40):found.end() + 40]}…"
    assert "_" not in seen, "an option name shows"


def axe_serious(page: Any) -> list[str]:
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    return [f"{v['id']}: {v['help']} ({len(v['nodes'])} nodes: {v['nodes'][0]['target']})"
            for v in results.response["violations"] if v["impact"] in ("serious", "critical")]


def drag_checking_targets(page: Any, state: Any, move: Any) -> None:
    """Drag the card halfway: the legal destinations light up; then drop it on its pile."""
    source = page.locator(f".cardwrap[data-pile='{move.from_pile}']"
                          f"[data-index='{card_index(state, move)}']")
    dest = page.locator(f".pile[data-pile='{move.to_pile}'] .cardwrap")
    target = dest.last if dest.count() else page.locator(f".pile[data-pile='{move.to_pile}'] .slot")
    x0, y0 = centre(source)
    x1, y1 = centre(target)
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move((x0 + x1) / 2, (y0 + y1) / 2, steps=5)
    lit = page.eval_on_selector_all(".pile.target", "nodes => nodes.map((n) => n.dataset.pile)")
    assert move.to_pile in lit, lit
    page.mouse.move(x1 + 9, y1 + 11, steps=5)  # let go near the pile, as a hand does
    assert page.locator(f".pile.drop-hover[data-pile='{move.to_pile}']").count() == 1
    page.mouse.up()


@pytest.mark.parametrize("game_id", GAMES)
def test_the_table_on_every_screen(screen: tuple[str, Any], base_url: str, game_id: str) -> None:
    kind, page = screen
    deal, actions, move = opening(game_id)
    state = patience.get_game(game_id).new(deal=deal)
    page.goto(f"{base_url}/play/{game_id}/{deal}")
    wait_moves(page, 0)
    for n, action in enumerate(actions, 1):
        page.click(f"#actions button[data-action='{action.action}']")
        wait_moves(page, n)
        state.play(action)
    m = page.evaluate(MEASURE)
    assert_fits(kind, m)
    if kind == "phone":
        assert all(w >= 44 and h >= 44 for w, h in m["buttons"]), m["buttons"]
    names = page.eval_on_selector_all("#board [role=button][aria-label]",
                                      "nodes => nodes.map((n) => n.getAttribute('aria-label'))")
    assert any(SPOKEN.match(n) for n in names), names[:5]
    assert page.locator("#board [tabindex='0']").count() == 1
    assert_plain_words(page, served(page, base_url)["state"])
    page.evaluate(WATCH_MOTION)
    drag_checking_targets(page, state, move)
    wait_moves(page, len(actions) + 1)
    state.play(move)
    assert page.evaluate("window.__glides") > 0, "no card glided after the move"
    assert served(page, base_url)["state"] == state.to_dict()
    assert not axe_serious(page)


@pytest.fixture(scope="module")
def more_screens(browser: Any) -> Any:
    """One page for each of the two further screens, shared by the games."""
    from tests.e2e.conftest import MORE_VIEWPORTS, watched

    contexts = {kind: browser.new_context(**options) for kind, options in MORE_VIEWPORTS.items()}
    pages = {kind: watched(context) for kind, context in contexts.items()}
    yield pages
    for context in contexts.values():
        context.close()
    for kind, (_, errors) in pages.items():
        assert not errors, f"JavaScript errors on the {kind}: {errors}"


@pytest.mark.parametrize("kind", ["small phone", "large monitor"])
@pytest.mark.parametrize("game_id", GAMES)
def test_the_board_fits_a_small_phone_and_a_large_monitor(more_screens: Any, base_url: str,
                                                          game_id: str, kind: str) -> None:
    page, _ = more_screens[kind]
    deal, actions, _ = opening(game_id)
    page.goto(f"{base_url}/play/{game_id}/{deal}")
    page.wait_for_selector("body[data-ready='1'] #board .cardwrap")
    for action in actions:
        page.click(f"#actions button[data-action='{action.action}']")
    wait_moves(page, len(actions))
    assert_fits(kind, page.evaluate(MEASURE))


def test_home_and_statistics_pages_pass_axe(screen: tuple[str, Any], base_url: str) -> None:
    _, page = screen
    for path in ("/", "/stats"):
        page.goto(base_url + path)
        page.wait_for_load_state("networkidle")
        assert not axe_serious(page), path
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), path


def test_touch_tap_plays_a_card(browser: Any, base_url: str) -> None:
    from tests.e2e.conftest import VIEWPORTS, watched

    context = browser.new_context(**VIEWPORTS["phone"])
    page, errors = watched(context)
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
    x, y = centre(page.locator(f".cardwrap[data-pile='{move.from_pile}']").last)
    page.touchscreen.tap(x, y)
    wait_moves(page, 1)
    state.play(move)
    assert served(page, base_url)["state"] == state.to_dict()
    context.close()
    assert not errors


def test_a_card_that_cannot_move_says_why_in_place(page: Any, base_url: str) -> None:
    page.goto(f"{base_url}/play/clock/4")
    wait_moves(page, 0)
    body = served(page, base_url)
    stuck = next(p for p, cards in body["state"]["piles"].items() if p.startswith("packet")
                 and cards and not any(m["move"].get("from") == p for m in body["moves"]))
    page.locator(f".cardwrap[data-pile='{stuck}']").last.click()
    tip = page.locator("#tooltip")
    tip.wait_for(state="visible")
    assert "cannot move now" in tip.inner_text()
    assert not re.search(r"packet\d|hour\d", tip.inner_text())


def test_keyboard_arrows_and_enter_pick_up_and_put_down(page: Any, base_url: str) -> None:
    deal, _, move = opening("star")
    state = patience.get_game("star").new(deal=deal)
    page.goto(f"{base_url}/play/star/{deal}")
    wait_moves(page, 0)
    page.keyboard.press("Tab")  # from the page into the bar …
    page.locator("#board [tabindex='0']").focus()
    first = page.evaluate("document.activeElement.dataset.focus")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.focus") != first
    page.locator(f"#board [data-focus='{move.from_pile}']").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(f".pile.target[data-pile='{move.to_pile}']")
    page.locator(f"#board [data-focus='{move.to_pile}']").focus()
    page.keyboard.press("Enter")
    wait_moves(page, 1)
    state.play(move)
    assert served(page, base_url)["state"] == state.to_dict()


def test_motion_is_off_when_the_system_asks(browser: Any, base_url: str) -> None:
    from tests.e2e.conftest import VIEWPORTS

    context = browser.new_context(reduced_motion="reduce", **VIEWPORTS["desktop"])
    page = context.new_page()
    page.goto(f"{base_url}/play/sun/5?deal_when=any")  # SUN-4: deal with plays pending
    wait_moves(page, 0)
    page.evaluate(WATCH_MOTION)
    page.keyboard.press("d")
    wait_moves(page, 1)
    page.wait_for_timeout(100)
    assert page.evaluate("window.__glides") == 0
    context.close()


def test_hint_leaves_the_page_responsive(page: Any, base_url: str) -> None:
    pytest.importorskip("patience.solver")
    page.goto(f"{base_url}/play/sun/6?deal_when=any")  # SUN-4: deal with plays pending
    wait_moves(page, 0)
    page.evaluate(SLOW_HINT)
    page.keyboard.press("h")
    page.wait_for_selector("body[data-thinking='1']")
    page.keyboard.press("d")  # playing on puts the hint away, with a word
    wait_moves(page, 1)
    page.wait_for_selector("body:not([data-thinking])")
    assert "Thinking" not in page.inner_text("#message")
    assert "was for the position before" in page.inner_text("#message")


GUESSED_HINT = """(answer) => {
  const real = window.fetch;
  window.fetch = (url, init = {}) => !String(url).includes('/hint') ? real(url, init)
    : Promise.resolve(new Response(JSON.stringify(answer),
                                   { status: 200, headers: { 'content-type': 'application/json' } }));
}"""

# The glance answers the guess at once; the full search answers after ``delay`` ms.
GLANCE_THEN_FULL = """({glance, full, delay}) => {
  const real = window.fetch;
  const reply = (answer) => new Response(JSON.stringify(answer),
                                         { status: 200, headers: { 'content-type': 'application/json' } });
  window.fetch = (url, init = {}) => {
    const path = String(url);
    if (!path.includes('/hint')) return real(url, init);
    if (path.includes('deep=false')) return Promise.resolve(reply(glance));
    return new Promise((done) => setTimeout(() => done(reply(full)), delay));
  };
}"""


def test_a_guessed_hint_is_offered_as_a_guess_and_lit(page: Any, base_url: str) -> None:
    page.goto(f"{base_url}/play/clock/2")
    wait_moves(page, 0)
    move = next(m for m in served(page, base_url)["moves"] if m["move"].get("from"))
    # what the server answers when the search ran out of time (its own tests pin that)
    said = (f"Looking at the face-down cards: no winning line found yet. A guess: "
            f"{move['words']}. It is a careful player's move, not a proved line.")
    page.evaluate(GUESSED_HINT, {"source": "exact", "status": "guess", "move": move,
                                 "message": "no winning line found in the time given",
                                 "words": said})
    page.keyboard.press("h")
    page.wait_for_selector("body[data-hint='guess']")
    assert page.inner_text("#message").strip() == said
    assert page.locator(".cardwrap.hint").count() == 1


def test_a_hint_shows_a_guess_at_once_then_the_proved_move_found_further(
        page: Any, base_url: str) -> None:
    page.goto(f"{base_url}/play/clock/2")
    wait_moves(page, 0)
    guess, proved = [m for m in served(page, base_url)["moves"] if m["move"].get("from")][:2]
    page.evaluate(GLANCE_THEN_FULL, {
        "glance": {"source": "exact", "status": "guess", "move": guess, "deeper": True,
                   "message": "no winning line found at a glance; looking further",
                   "words": f"Looking at the face-down cards: no winning line found yet. "
                            f"A guess: {guess['words']}. It is a careful player's move, "
                            "not a proved line."},
        "full": {"source": "exact", "status": "move", "move": proved, "deeper": False,
                 "message": "it starts a winning line of 40 moves",
                 "words": f"Looking at the face-down cards: {proved['words']}. It starts a "
                          "winning line of 40 moves."},
        "delay": 1500})
    page.keyboard.press("h")
    page.wait_for_selector("body[data-hint='guess']")
    text = page.inner_text("#message")
    assert text.startswith(f"Looking at the face-down cards: no winning line found yet. "
                           f"A guess: {guess['words']}. It is a careful player's move")
    assert "Looking further for a proved line" in text
    assert page.locator(".cardwrap.hint").count() == 1
    assert page.locator("#message button", has_text="Cancel").count() == 1
    page.wait_for_selector("body[data-hint='move']")
    assert page.inner_text("#message").strip() == \
        f"Looking at the face-down cards: {proved['words']}. It starts a winning line of 40 moves."
    assert page.locator(".cardwrap.hint").count() == 1


def test_new_game_dialog_with_the_options_in_words(page: Any, base_url: str) -> None:
    page.goto(f"{base_url}/play/blockade/3")
    wait_moves(page, 0)
    page.keyboard.press("n")
    dialog = page.locator("#new-game-dialog")
    dialog.wait_for()
    legends = dialog.locator("legend").all_inner_texts()
    assert "Moving runs of cards" in legends and "Empty columns after the deal" in legends
    assert "a run of one suit going down moves as a unit" in dialog.inner_text()
    dialog.locator("input[name=deal]").fill("9")
    dialog.locator("input[name=move_sequences][value=true]").check()
    dialog.locator("button[value=deal]").click()
    page.wait_for_url("**/play/blockade/9?move_sequences=true")
    wait_moves(page, 0)
    assert served(page, base_url)["options"]["move_sequences"] is True
    assert "a run of one suit going down moves as a unit" in page.inner_text("#options-line")


def test_after_a_win_undo_works_and_a_reload_shows_the_game_finished(page: Any,
                                                                     base_url: str) -> None:
    record = json.loads((WON / "star-2-won.json").read_text("utf-8"))
    page.goto(f"{base_url}/play/star/2?direction=free")
    wait_moves(page, 0)
    gid = page.get_attribute("body", "data-game-id")
    for move in record["moves"][:-1]:
        assert page.request.post(f"{base_url}/api/play/{gid}/move", data=move).ok
    page.reload()
    last = len(record["moves"])
    wait_moves(page, last - 1)
    page.wait_for_selector("#finish:not([hidden])")  # only plays to the foundations remain
    page.click("#finish")
    page.wait_for_selector("body[data-status='won'] #banner:not([hidden])", timeout=15_000)
    assert "You won" in page.inner_text("#banner")
    page.click("#banner-undo")
    wait_moves(page, last - 1)
    assert page.get_attribute("body", "data-status") == "playing"
    page.keyboard.press("r")
    wait_moves(page, last)
    page.reload()
    page.wait_for_selector("body[data-ready='1'][data-status='won'] #banner:not([hidden])")
    assert page.locator("#banner-new").is_visible()


def test_look_through_the_toad_pile_and_take_an_ace(page: Any, base_url: str) -> None:
    # TOD-3: an ace below the top of the squared toad pile may be taken; the player looks
    # through the pile and picks the one they choose, and that very move is played.
    deal = next(d for d in range(1, 200) if any(
        m.from_pile == "toad" and m.index is not None and m.index < 12
        for m in patience.get_game("toad").new(deal=d).legal_moves()))
    page.goto(f"{base_url}/play/toad/{deal}")
    wait_moves(page, 0)
    body = served(page, base_url)
    toad = body["state"]["piles"]["toad"]
    taken = [m for m in body["moves"] if m["move"].get("from") == "toad"]
    chosen = [m for m in taken if m["move"]["index"] < len(toad) - 1][-1]
    page.click("[data-look='toad']")
    dialog = page.locator("#look-dialog")
    dialog.wait_for()
    assert dialog.locator("li").count() == len(toad)
    assert dialog.locator("button.primary").count() == len(taken)
    dialog.get_by_role("button", name=chosen["words"]).click()
    wait_moves(page, 1)
    ace = chosen["move"]["card"]
    assert served(page, base_url)["state"]["piles"][chosen["move"]["to"]][-1] == ace
    assert page.locator(f".pile[data-pile='{chosen['move']['to']}'] [data-card='{ace}']").count() == 1


def test_a_lost_connection_is_said_and_retried(page: Any, base_url: str) -> None:
    page.goto(f"{base_url}/play/sun/8")
    wait_moves(page, 0)
    # The browser itself goes offline: every request fails at once, as when the network
    # drops (no handler in the test has to answer for it).
    page.context.set_offline(True)
    page.keyboard.press("d")
    page.wait_for_selector("#connection:not([hidden])")
    assert "connection" in page.inner_text("#message").lower()
    assert page.get_attribute("body", "data-moves-played") == "0"
    page.context.set_offline(False)
    page.wait_for_selector("#connection[hidden]", state="attached", timeout=15_000)
    page.keyboard.press("d")
    wait_moves(page, 1)


def test_unfinished_games_are_listed_after_a_move_and_can_be_deleted(page: Any,
                                                                     base_url: str) -> None:
    page.on("dialog", lambda d: d.accept())
    page.goto(f"{base_url}/play/star/11")
    wait_moves(page, 0)
    page.goto(f"{base_url}/play/sun/12?deal_when=any")  # SUN-4: deal with plays pending
    wait_moves(page, 0)
    page.keyboard.press("d")
    wait_moves(page, 1)
    page.goto(base_url + "/")
    items = page.locator("#unfinished li[data-id]")
    items.first.wait_for()
    assert items.count() == 1 and "Sun, deal 12" in items.first.inner_text()
    items.first.locator("button").click()
    page.wait_for_selector("#unfinished li:not([data-id])")


def test_statistics_import_refuses_a_bad_file(page: Any, base_url: str, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "patience-statistics", "version": 1, "games": [
        {"game": "star", "options": {}, "deal": 1, "moves": [], "status": "won",
         "created": 1, "finished": 2}]}))
    page.goto(base_url + "/stats")
    page.set_input_files("#import", str(bad))
    page.wait_for_selector("#import-result:not(:empty)")
    assert "Nothing was changed" in page.inner_text("#import-result")
