"""Hints on the page: the careful player's by default, in words that say what its chance
means; the exact one, labelled, once the setting lets hints look at the face-down cards; and
a hint never left stale when the player moves on while it is sought or shown."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.e2e.test_play import served, wait_moves

pytestmark = pytest.mark.e2e

CAREFUL = ("From what you can see, ", "There is only one move: ",
           "This game can no longer be won")
# A hint that takes its time: the server's answer, held back until the page aborts it.
HELD_HINT = """() => {
  const real = window.fetch;
  window.fetch = (url, init = {}) => !String(url).includes('/hint') ? real(url, init)
    : new Promise((resolve, reject) => {
      const wait = setTimeout(() => real(url, init).then(resolve, reject), 60000);
      if (init.signal) init.signal.addEventListener('abort', () => {
        clearTimeout(wait); reject(new DOMException('stopped', 'AbortError'));
      });
    });
}"""


def ask(page: Any) -> str:
    """Ask for a hint and wait for it; its words."""
    page.keyboard.press("h")
    page.wait_for_selector("body[data-hint]:not([data-thinking])", timeout=20_000)
    return str(page.inner_text("#message")).strip()


def no_ids_or_statistics(text: str, pile_ids: list[str]) -> None:
    for pile in pile_ids:
        assert not re.search(rf"(?<![\w-]){re.escape(pile)}(?![\w-])", text), pile
    assert not re.search(r"\b(positions?|nodes?|seconds?|budget|samples?)\b|\d s\b|>", text)


def test_the_default_hint_is_the_careful_players_and_the_setting_lets_it_peek(
        page: Any, base_url: str) -> None:
    pytest.importorskip("patience.solver")
    page.goto(f"{base_url}/play/blockade/2")
    wait_moves(page, 0)
    piles = [p for p in served(page, base_url)["state"]["piles"] if re.search(r"\d", p)]
    text = ask(page)
    assert text.startswith(CAREFUL)
    if page.get_attribute("body", "data-hint") == "move":  # blockade 2: some 6 deals in 10
        assert re.search(r"about \d deals in 10 still come out after this: ", text)
    assert page.get_attribute("body", "data-hint-source") == "careful"
    no_ids_or_statistics(text, piles)
    if page.get_attribute("body", "data-hint") in ("move", "forced"):
        assert page.locator(".cardwrap.hint, #moves button.hint").count() >= 1

    page.click("#menu")
    page.click("#settings")
    box = page.locator("#settings-dialog input[name=peekingHints]")
    assert not box.is_checked()  # off by default
    box.check()
    page.locator("#settings-dialog button.close").click()
    assert "peekingHints\":true" in page.evaluate("localStorage.getItem('patience.settings')")
    page.keyboard.press("Escape")
    text = ask(page)
    assert text.startswith("Looking at the face-down cards: ")
    assert page.get_attribute("body", "data-hint-source") == "exact"
    no_ids_or_statistics(text, piles)

    page.reload()  # the setting is kept
    wait_moves(page, 0)
    assert ask(page).startswith("Looking at the face-down cards: ")


def test_moving_on_while_a_hint_is_sought_says_it_was_for_the_position_before(
        page: Any, base_url: str) -> None:
    pytest.importorskip("patience.solver")
    page.goto(f"{base_url}/play/sun/6?deal_when=any")  # SUN-4: deal with plays pending
    wait_moves(page, 0)
    page.evaluate(HELD_HINT)
    page.keyboard.press("h")
    page.wait_for_selector("body[data-thinking='1']")
    page.keyboard.press("d")
    wait_moves(page, 1)
    page.wait_for_selector("body:not([data-thinking])")
    text = page.inner_text("#message")
    assert "Thinking" not in text
    assert "The hint you asked for was for the position before" in text
    assert page.locator(".cardwrap.hint").count() == 0


def test_moving_on_from_a_hint_shown_says_so_unless_its_move_was_played(
        page: Any, base_url: str) -> None:
    pytest.importorskip("patience.solver")
    page.goto(f"{base_url}/play/blockade/2")
    wait_moves(page, 0)
    ask(page)
    hinted = page.locator("#moves button.hint")
    assert hinted.count() == 1
    others = page.locator("#moves button:not(.hint)")
    page.click("#menu")
    others.first.click()
    wait_moves(page, 1)
    assert "The hint shown was for the position before." in page.inner_text("#message")
    assert page.locator(".cardwrap.hint, #moves button.hint").count() == 0

    page.keyboard.press("u")
    wait_moves(page, 0)
    ask(page)
    page.locator("#moves button.hint").click()  # the hinted move itself: nothing to say
    wait_moves(page, 1)
    assert "for the position before" not in page.inner_text("#message")
