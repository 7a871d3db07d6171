"""On a phone: the time and the moves said as "0:02 · 0 moves", the options in force in
sight under the title, and the end-of-game banner and dialogs folding away so that the
last position can be seen."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.test_play import wait_moves

pytestmark = pytest.mark.e2e
PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}
BOARD_CENTRE_SEEN = """() => {
  const r = document.querySelector('#board-wrap').getBoundingClientRect();
  const hits = [[0.5, 0.5], [0.5, 0.3], [0.5, 0.7]].map(([fx, fy]) =>
    document.elementFromPoint(r.left + r.width * fx, r.top + r.height * fy));
  return hits.every((n) => n && n.closest('#board'));
}"""


@pytest.fixture
def phone(browser: Any) -> Any:
    from tests.e2e.conftest import watched

    context = browser.new_context(**PHONE)
    page, errors = watched(context)
    yield page
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def counters(page: Any) -> str:
    return " ".join(page.inner_text(".counters").replace("Time", "").split())


def test_the_header_counts_time_and_moves_in_words(phone: Any, base_url: str) -> None:
    page = phone
    page.goto(f"{base_url}/play/star/8")
    wait_moves(page, 0)
    assert page.locator(".counters").is_visible()
    assert counters(page).endswith("· 0 moves"), counters(page)
    page.evaluate("document.querySelector('#moves button').click()")
    wait_moves(page, 1)
    assert counters(page).endswith("· 1 move"), counters(page)


def test_the_options_in_force_show_under_the_title(phone: Any, base_url: str) -> None:
    page = phone
    page.goto(f"{base_url}/play/blockade/5")
    wait_moves(page, 0)
    line = page.locator("#options-line")
    assert line.is_visible() and line.inner_text() == "Standard rules"
    page.goto(f"{base_url}/play/blockade/6?deal_when=any")
    wait_moves(page, 0)
    assert line.is_visible()
    text = line.inner_text()
    assert "When the next row may be dealt: whenever you like" in text, text
    assert "_" not in text and "Moving runs" not in text, "only the options that differ show"


def test_the_end_of_game_banner_and_a_dialog_fold_away(phone: Any, base_url: str) -> None:
    page = phone
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(f"{base_url}/play/shah/9")
    wait_moves(page, 0)
    page.click("#menu")
    page.click("#resign")
    page.click("#drawer-close")
    banner = page.locator("#banner")
    banner.wait_for()
    page.click("#banner-fold")
    box = banner.bounding_box()
    assert box is not None and box["height"] <= 60, f"the folded banner is {box} tall"
    assert page.evaluate(BOARD_CENTRE_SEEN), "the folded banner hides the board"
    page.click("#banner-fold")
    assert page.locator("#banner-new").is_visible(), "the banner unfolds again"
    page.click("#banner-new")
    dialog = page.locator("#new-game-dialog")
    dialog.wait_for()
    assert not page.evaluate(BOARD_CENTRE_SEEN)
    dialog.locator("button.fold").click()
    box = dialog.bounding_box()
    assert box is not None and box["height"] <= 70, f"the folded dialog is {box} tall"
    assert page.evaluate(BOARD_CENTRE_SEEN), "the folded dialog hides the board"
    dialog.locator("button.fold").click()
    assert dialog.locator("text=Random deal").is_visible(), "the dialog unfolds again"
