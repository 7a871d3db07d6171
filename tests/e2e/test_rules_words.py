"""The rules as the page shows them: no part about the terminal, no option or action name
in code type but the labels a player sees; and counted words in the right form."""

from __future__ import annotations

import re
from typing import Any

import pytest

import patience
from tests.e2e.test_play import wait_moves

pytestmark = pytest.mark.e2e
GAMES = [g.id for g in patience.list_games()]
ACTIONS = {"deal", "draw", "redeal", "next-stage", "next-ray", "scatter", "wind", "fill"}


@pytest.mark.parametrize("game_id", GAMES)
def test_the_rules_on_the_page_speak_the_pages_words(page: Any, base_url: str,
                                                      game_id: str) -> None:
    game = patience.get_game(game_id)
    page.goto(f"{base_url}/play/{game_id}/1")
    wait_moves(page, 0)
    page.click("#menu")
    page.click("#rules summary")
    page.wait_for_function("() => document.querySelector('#rules-text').textContent.length > 200")
    text = page.inner_text("#rules-text")
    codes = page.eval_on_selector_all("#rules-text code", "nodes => nodes.map((n) => n.textContent)")
    assert not re.search(r"terminal|patience play", text, re.I), "the terminal's part shows"
    names = {o.name for o in game.option_specs}
    for name in names:
        assert not re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text) or "_" not in name, name
    assert "_" not in text, "an option's name shows"
    shown = [c for c in codes if c in names or c in ACTIONS or c in ("true", "false")]
    assert not shown, f"names in code type: {shown}"
    options = page.evaluate(f"fetch('/api/games').then((r) => r.json())"
                            f".then((g) => g.find((x) => x.id === '{game_id}').options)")
    raw = game.rules_text()
    for o in options:
        if f"`{o['name']}`" in raw:
            label = o["label"].split(" (")[0]
            assert label in text, f"the option {label!r} is not named in the rules"


def test_clock_rules_name_the_fill_button_and_the_options_by_their_labels(page: Any,
                                                                          base_url: str) -> None:
    page.goto(f"{base_url}/play/clock/1")
    wait_moves(page, 0)
    page.click("#menu")
    page.click("#rules summary")
    page.wait_for_function("() => document.querySelector('#rules-text').textContent.length > 200")
    text = page.inner_text("#rules-text")
    assert "the Fill button" in text
    assert "King onto ace in the packets: no (default)" in text
    assert "wrap_marriage" not in text
    assert page.locator("#rules-text table tr").count() == 13, "the hours' table is drawn as a table"
    assert "|" not in text


def test_counted_words_take_the_right_form(page: Any, base_url: str) -> None:
    page.goto(f"{base_url}/")
    said = page.evaluate("""async () => {
      const { count } = await import('/static/plural.js');
      return [count(0, 'move'), count(1, 'move'), count(2, 'move'), count(1, 'game'), count(21, 'deal')];
    }""")
    assert said == ["0 moves", "1 move", "2 moves", "1 game", "21 deals"]
