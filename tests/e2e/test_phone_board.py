"""The board on a phone: every card at least 44 px wide in every game, at the start and
after some play; no place's outline over a card; the look-through button on the felt; Open
Shop's stock out of the waste piles' lanes; a ten in a tight fan reads "10"; and on a
desktop, Clock's numerals clear of the cards."""

from __future__ import annotations

from typing import Any

import pytest

import patience
from tests.e2e.test_play import served, wait_moves

pytestmark = pytest.mark.e2e
GAMES = [g.id for g in patience.list_games()]
PHONES = {
    "360": {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True,
            "device_scale_factor": 2},
    "390": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
            "device_scale_factor": 2},
}
CARD_WIDTH = "() => 56 * document.querySelector('#board').getScreenCTM().a"
# Actions first (a deal, a fill, a draw), so the board reaches its later phases.
PLAY_ONE = """() => {
  const buttons = [...document.querySelectorAll('#moves button')];
  const pick = buttons.find((b) => /Deal|Fill|Draw|Next|Wind|Scatter|Redeal/.test(b.textContent)) || buttons[0];
  if (pick) pick.click();
  return Boolean(pick);
}"""


@pytest.fixture(params=list(PHONES))
def phone(request: pytest.FixtureRequest, browser: Any) -> Any:
    from tests.e2e.conftest import watched

    context = browser.new_context(**PHONES[request.param])
    page, errors = watched(context)
    yield page
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


@pytest.mark.parametrize("game_id", GAMES)
def test_cards_are_44_px_wide_on_a_phone_in_every_phase(phone: Any, base_url: str,
                                                         game_id: str) -> None:
    page = phone
    page.goto(f"{base_url}/play/{game_id}/3")
    wait_moves(page, 0)
    assert page.evaluate(CARD_WIDTH) >= 44, "at the deal"
    for n in range(1, 9):
        if not page.evaluate(PLAY_ONE):
            break
        wait_moves(page, n)
        width = page.evaluate(CARD_WIDTH)
        assert width >= 44, f"cards {width:.1f} px wide after {n} moves"
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), "the page scrolls"


def test_an_empty_place_never_covers_a_card(phone: Any, base_url: str) -> None:
    page = phone
    page.goto(f"{base_url}/play/shah/3")
    wait_moves(page, 0)
    covered = page.evaluate("""() => {
      const cards = [...document.querySelectorAll('#board .cardwrap')];
      const slots = [...document.querySelectorAll('#board .pile')]
        .filter((g) => !g.querySelector('.cardwrap')).map((g) => g.querySelector('.slot'));
      const meet = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
      const out = [];
      for (const s of slots) for (const c of cards) {
        const after = c.compareDocumentPosition(s) & Node.DOCUMENT_POSITION_FOLLOWING;
        if (after && meet(s.getBoundingClientRect(), c.getBoundingClientRect())) out.push(c.getAttribute('aria-label'));
      }
      return out;
    }""")
    assert not covered, f"an empty place is drawn over {covered}"


def test_the_look_through_button_lies_on_the_felt(phone: Any, base_url: str) -> None:
    page = phone
    deal = next(d for d in range(1, 200) if any(  # an ace under the toad's top, TOD-3
        m.from_pile == "toad" and m.index is not None and m.index < 12
        for m in patience.get_game("toad").new(deal=d).legal_moves()))
    page.goto(f"{base_url}/play/toad/{deal}")
    wait_moves(page, 0)
    page.wait_for_selector("#board [data-look]", state="attached")
    inside = page.evaluate("""() => {
      const f = document.querySelector('#board .felt').getBoundingClientRect();
      const b = document.querySelector('#board [data-look]').getBoundingClientRect();
      return b.left >= f.left && b.right <= f.right && b.top >= f.top && b.bottom <= f.bottom;
    }""")
    assert inside, "the look-through button hangs off the felt"


def test_open_shops_stock_is_out_of_the_waste_lanes(phone: Any, base_url: str) -> None:
    page = phone
    page.goto(f"{base_url}/play/open-shop/3")
    wait_moves(page, 0)
    crossed = page.evaluate("""() => {
      const meet = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      const lanes = [...document.querySelectorAll('#board .room:not([hidden])')]
        .map((n) => [n.closest('.pile').dataset.pile, n.getBoundingClientRect()]);
      const out = [];
      for (const id of ['stock', 'hand']) {
        const s = document.querySelector(`#board .pile[data-pile='${id}'] .slot`).getBoundingClientRect();
        for (const [pile, r] of lanes) if (meet(s, r)) out.push(`${id} in ${pile}`);
      }
      return out;
    }""")
    assert not crossed, crossed


def test_a_ten_in_the_reserve_fan_shows_both_figures(phone: Any, base_url: str) -> None:
    page = phone
    page.goto(f"{base_url}/play/double-star/3")
    wait_moves(page, 0)
    reserve = served(page, base_url)["state"]["piles"]["reserve"]
    assert any(code[0] == "T" for code in reserve[:-1]), "deal 3 has a ten under the reserve's top"
    page.wait_for_function("() => document.getAnimations().length === 0")
    # in board units: where a card's corner index ends and where the next card begins
    hidden = page.evaluate("""() => {
      const cards = [...document.querySelectorAll("#board .cardwrap[data-pile='reserve']")];
      const left = (c) => Number(/translate\\(([-\\d.e]+)/.exec(c.getAttribute('transform'))[1]);
      const out = [];
      cards.slice(0, -1).forEach((c, i) => {
        const index = c.querySelector('text');
        const end = Number(index.getAttribute('x')) + index.getComputedTextLength();
        if (end > left(cards[i + 1]) - left(c)) out.push(c.getAttribute('aria-label'));
      });
      return out;
    }""")
    assert not hidden, f"the next card covers part of the index of {hidden}"


def test_clock_numerals_are_clear_of_the_cards_on_a_desktop(browser: Any, base_url: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(f"{base_url}/play/clock/3")
    wait_moves(page, 0)
    page.wait_for_function("() => document.getAnimations().length === 0")
    under = page.evaluate("""() => {
      const meet = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      const cards = [...document.querySelectorAll('#board .cardwrap')].map((n) => n.getBoundingClientRect());
      return [...document.querySelectorAll('#board .pile-label.hour')]
        .filter((t) => cards.some((c) => meet(t.getBoundingClientRect(), c))).map((t) => t.textContent);
    }""")
    context.close()
    assert not under, f"numerals {under} lie under cards"


def test_on_a_board_wider_than_the_screen_a_finger_pans_the_felt_and_drags_a_card(
        browser: Any, base_url: str) -> None:
    from tests.e2e.conftest import watched
    from tests.e2e.test_feedback import touch
    from tests.e2e.test_play import card_index, centre, opening

    context = browser.new_context(**PHONES["360"])
    page, errors = watched(context)
    deal, actions, move = opening("shah")
    state = patience.get_game("shah").new(deal=deal)
    page.goto(f"{base_url}/play/shah/{deal}")
    wait_moves(page, 0)
    for action in actions:
        page.click(f"#actions button[data-action='{action.action}']")
        state.play(action)
    wait_moves(page, len(actions))
    page.wait_for_function("() => document.getAnimations().length === 0")
    assert page.evaluate("document.querySelector('#board-scroll').classList.contains('scrolls')")
    cdp = context.new_cdp_session(page)
    # a swipe on the felt, where no card lies, pans the board sideways
    x, y = page.evaluate("""() => {
      const r = document.querySelector('#board-wrap').getBoundingClientRect();
      for (let fy = 0.5; fy < 0.98; fy += 0.02) for (let fx = 0.3; fx < 0.7; fx += 0.05) {
        const x = r.left + r.width * fx, y = r.top + r.height * fy;
        if (document.elementFromPoint(x, y).classList.contains('felt')) return [x, y];
      }
      return null;
    }""")
    before = page.evaluate("document.querySelector('#board-scroll').scrollLeft")
    touch(cdp, "touchStart", x, y)
    for k in range(1, 9):
        touch(cdp, "touchMove", x - 12 * k, y)
    touch(cdp, "touchEnd", x - 96, y)
    page.wait_for_timeout(300)
    after = page.evaluate("document.querySelector('#board-scroll').scrollLeft")
    assert after != before, "the felt does not pan"
    # a card still goes where a finger drags it
    source = page.locator(f".cardwrap[data-pile='{move.from_pile}']"
                          f"[data-index='{card_index(state, move)}']")
    source.scroll_into_view_if_needed()
    dest = page.locator(f".pile[data-pile='{move.to_pile}'] .cardwrap")
    target = dest.last if dest.count() else page.locator(f".pile[data-pile='{move.to_pile}'] .slot")
    (x0, y0), (x1, y1) = centre(source), centre(target)
    touch(cdp, "touchStart", x0, y0)
    for k in range(1, 9):
        touch(cdp, "touchMove", x0 + (x1 - x0) * k / 8, y0 + (y1 - y0) * k / 8)
    touch(cdp, "touchEnd", x1, y1)
    wait_moves(page, len(actions) + 1)
    state.play(move)
    assert served(page, base_url)["state"] == state.to_dict()
    context.close()
    assert not errors
