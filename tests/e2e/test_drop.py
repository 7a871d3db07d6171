"""A card let go on a pile that cannot take it goes back: it is never played to another
pile, however near."""

from __future__ import annotations

from typing import Any

import pytest

import patience
from patience import Move, State
from tests.e2e.test_play import card_index, centre, served, wait_moves

pytestmark = pytest.mark.e2e


def near_miss(deal_range: range) -> tuple[int, list[Move], Move, str]:
    """A Blockade deal, the deals before it, a column card's marriage (column to column) and
    a column next to the marriage's own that cannot take the card."""
    game = patience.get_game("blockade")
    for deal in deal_range:
        state = game.new(deal=deal)
        actions: list[Move] = []
        for _ in range(4):
            legal = state.legal_moves()
            for m in legal:
                if m.action or not (m.from_pile or "").startswith("col") \
                        or not (m.to_pile or "").startswith("col"):
                    continue
                k = int((m.to_pile or "")[3:])
                takers = {x.to_pile for x in legal if x.from_pile == m.from_pile and x.index == m.index}
                for other in (f"col{k + 1}", f"col{k - 1}"):
                    piles = state.to_dict()["piles"]
                    if other in piles and piles[other] and other != m.from_pile and other not in takers:
                        return deal, actions, m, other
            deal_move = next((x for x in legal if x.action == "deal"), None)
            if deal_move is None:
                break
            state.play(deal_move)
            actions.append(deal_move)
    pytest.fail("no Blockade deal offers a marriage beside a column that refuses the card")


def test_a_card_dropped_on_a_pile_that_cannot_take_it_goes_back(page: Any, base_url: str) -> None:
    deal, actions, move, wrong = near_miss(range(1, 60))
    state: State = patience.get_game("blockade").new(deal=deal)
    for action in actions:
        state.play(action)
    page.goto(f"{base_url}/play/blockade/{deal}")
    wait_moves(page, 0)
    for action in actions:
        page.click(f"#actions button[data-action='{action.action}']")
    wait_moves(page, len(actions))
    before = served(page, base_url)
    card = page.locator(f".cardwrap[data-pile='{move.from_pile}']"
                        f"[data-index='{card_index(state, move)}']")
    x0, y0 = centre(card)
    x1, y1 = centre(page.locator(f".pile[data-pile='{wrong}'] .cardwrap").last)
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move((x0 + x1) / 2, (y0 + y1) / 2, steps=5)
    page.mouse.move(x1, y1, steps=5)
    assert page.locator(".pile.drop-hover").count() == 0, "a pile that refuses the card is lit"
    page.mouse.up()
    page.wait_for_selector("#tooltip:not([hidden])")
    page.wait_for_function("() => document.getAnimations().length === 0")
    after = served(page, base_url)
    assert after["moves_played"] == len(actions), "the card was played somewhere"
    assert after["state"]["piles"] == before["state"]["piles"]
    assert page.get_attribute("body", "data-moves-played") == str(len(actions))
