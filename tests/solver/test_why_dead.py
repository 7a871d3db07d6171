"""Why a deal is lost from the start, in words: the dead-end rules' sentences, and
`patience solve` saying them instead of a bare "lost (0 nodes)"."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import patience
from patience import words
from patience.cards import parse
from patience.cli import app
from patience.engine.state import State
from patience.games import blockade, clock, clock_dead_end, shah, sun
from tests.decks import stack

runner = CliRunner()

# deals the native search proves lost without a move, each for a pile that cannot unwind:
# (game, deal, the pile's words, the blocking card's place and words)
DEAD_DEALS = [
    ("rainbow", 1, "The rainbow can never be played out", "the 21st card from the end, 7♥"),
    ("open-shop", 22, "The shop can never be played out", "the 17th card from the top, 6♥"),
    ("double-star", 31, "The reserve can never be played out",
     "the 20th card from the top, A♥"),
]


@pytest.mark.parametrize(("game", "deal", "pile", "card"), DEAD_DEALS)
def test_solve_says_why_a_deal_is_lost_from_the_start(game: str, deal: int, pile: str,
                                                       card: str) -> None:
    result = runner.invoke(app, ["solve", game, "--deal", str(deal)])
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert said.startswith(f"{patience.get_game(game).name} deal {deal}: lost from the start")
    assert pile in said and card in said and "whatever is played before it" in said
    assert "0 nodes" not in said
    data = json.loads(runner.invoke(app, ["solve", game, "--deal", str(deal), "--json"]).output)
    assert data["outcome"] == "lost" and card in data["why_lost"]


@pytest.mark.usefixtures("native_search")
@pytest.mark.parametrize(("game", "deal"), [(g, d) for g, d, _, _ in DEAD_DEALS])
def test_the_native_search_proves_those_deals_lost_at_once(game: str, deal: int) -> None:
    result = patience.solve(patience.get_game(game).new(deal=deal), max_nodes=1000)
    assert result.outcome == "lost" and result.nodes == 0


def test_a_winnable_deal_has_no_such_sentence() -> None:
    state = patience.get_game("rainbow").new(deal=2)  # won in a few thousand nodes
    assert state.rules.why_dead(state) is None
    result = runner.invoke(app, ["solve", "rainbow", "--deal", "2", "--max-nodes", "50"])
    assert "lost from the start" not in result.output


def test_a_toad_pile_falling_nine_ranks_from_its_top_outruns_eight_foundations() -> None:
    """TOD-1, TOD-2: K down to 5 on top, each card bound for a foundation of its own, and
    eight foundations: the ninth, 5♠, has none. With an ace still to take out (TOD-3) the
    pile's order may change, so nothing is said."""
    toad = ["2H", "3H", "4H", "2D", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS"]
    state = patience.get_game("toad").new(deck=stack(toad, 2), ace_extraction=False)
    why = state.rules.why_dead(state)
    assert why is not None
    assert "the 9th card from the top, 5♠, finds no foundation" in words.plain(state, why)
    assert "eight foundations (from base rank A, once round)" in why
    extracting = patience.get_game("toad").new(deck=stack(["AH", *toad[1:]], 2))
    assert extracting.rules.why_dead(extracting) is None


def open_shop_waste_pile() -> State:
    """Open Shop without a redeal, the shop played out, three foundations full: waste pile
    1 holds, top card last, the ranks two, four and six steps above the base."""
    state = patience.get_game("open-shop").new(deal=1)
    rules, piles = state.rules, state.piles
    shop, found, waste = rules.reserve_piles[0], rules.found_piles, rules.waste[0]
    cards = piles[shop] + piles[rules.stock]
    piles[shop], piles[rules.stock] = [], []
    base = state.vars[0]
    ranks = [(base + k - 1) % 13 + 1 for k in range(13)]
    by_rank = {r: [c for c in cards if c >> 2 == r] for r in ranks}
    for f in found[1:]:  # three foundations full
        piles[f] = [by_rank[r].pop() for r in ranks] * 2
    piles[found[0]] = [by_rank[ranks[0]].pop()]
    piles[waste] = [by_rank[ranks[k]].pop() for k in (1, 3, 5)]  # the top card last
    return state


def test_a_waste_pile_that_cannot_unwind_once_no_redeal_is_left() -> None:
    """Open Shop without a redeal, the shop played out, three foundations full: a waste
    pile whose cards, top card first, fall three times by two ranks outruns the last
    foundation's two rounds (OPS-1: up regardless of suit, twice round); its cards go
    only to a foundation, top card first."""
    state = open_shop_waste_pile()
    rules, piles, waste = state.rules, state.piles, state.rules.waste[0]
    why = rules.why_dead(state)
    assert why is not None and why.startswith("pile1 can never be played out")
    assert "no redeal is left" in why and "the 3rd card from the top" in why
    piles[waste].reverse()
    assert rules.why_dead(state) is None


def after_the_wind(wind: list[str]) -> State:
    """Sun after the wind (SUN-9): spades up from the ace to the five and down from the
    king to the five, so they have passed each other (SUN-3); ``wind`` left to right, every
    other card out of the way in the stock."""
    state = patience.get_game("sun").new(deal=1)
    piles = state.piles
    cards = [card for pile in piles for card in pile]
    for pile in piles:
        pile.clear()

    def take(text: str) -> int:
        card = parse(text)
        cards.remove(card)
        return card

    piles[sun.ACE0] = [take(f"{r}S") for r in "A2345"]
    piles[sun.KING0] = [take(f"{r}S") for r in "KQJT98765"]
    piles[sun.WIND] = [take(c) for c in wind]
    piles[sun.STOCK] = cards
    state.vars[sun.WIND_DONE] = 1
    return state


def test_a_card_walled_in_the_wind_by_later_cards_of_its_foundation() -> None:
    """SUN-3, SUN-9: the spades' ace pile wants 6♠ before 7♠ and 8♠, which lie on both
    sides of it; the wind gives up only its two end cards."""
    state = after_the_wind(["8S", "6S", "7S"])
    assert words.plain(state, state.rules.why_dead(state) or "") == (
        "6♠ in the wind can never be played: the wind gives up its cards only from its two "
        "ends, and on each side of it lies a card that the spades' ace pile wants after it "
        "(8♠ on its left, 7♠ on its right).")
    for free in (["6S", "8S", "7S"], ["8S", "6S", "4S"], ["8S", "6H", "7S"]):
        state = after_the_wind(free)  # at an end; the 4 goes down; another suit
        assert state.rules.why_dead(state) is None, free


def walled_in_shah(inner: list[tuple[str, str]]) -> State:
    """Shah after the second circle (SHA-4): the eight aces up, ``inner`` the (inner,
    middle) cards of rays 1, 2 … ; every other card out of the way in the stock."""
    state = patience.get_game("shah").new(deal=1)
    piles = state.piles
    cards = [card for pile in piles for card in pile]
    for pile in piles:
        pile.clear()

    def take(text: str) -> int:
        card = parse(text)
        cards.remove(card)
        return card

    for n, ace in enumerate(["AS", "AS", "AH", "AH", "AD", "AD", "AC", "AC"]):
        piles[shah.FOUND0 + n] = [take(ace)]
    for ray, (low, high) in enumerate(inner):
        piles[shah.INNER[ray]] = [take(low)]
        piles[shah.MIDDLE[ray]] = [take(high)]
    piles[shah.STOCK] = cards
    state.vars[shah.CIRCLES] = 2
    return state


def test_both_copies_of_a_card_walled_in_under_middle_cards_in_shah() -> None:
    """SHA-4, SHA-5: both 2♠ lie in inner slots under a 3♠, which can go up only after a
    2♠: the spades stop at their aces."""
    state = walled_in_shah([("2S", "3S"), ("2S", "3S")])
    said = words.plain(state, state.rules.why_dead(state) or "")
    assert said.startswith("the spades foundation 1 can never reach its queen: it wants 2♠ "
                           "next, and both its copies lie in an inner slot under a middle card")
    assert ("2♠ in the inner slot of ray 1 under 3♠, 2♠ in the inner slot of ray 2 under 3♠"
            in said)
    for free in ([("2S", "3S"), ("2S", "4H")], [("2S", "3S"), ("3S", "2S")]):
        state = walled_in_shah(free)  # a copy free; a 3♠ above free, then the other
        assert state.rules.why_dead(state) is None, free


def test_a_hint_on_a_dead_position_says_why() -> None:
    """The terminal's h and the page's hint read the same words."""
    state = patience.get_game("rainbow").new(deal=1)
    found = patience.hint(state)
    assert found.status == "lost"
    assert ("no sequence of moves wins from here: the rainbow can never be played out"
            in words.plain(state, str(found.message)))


def clock_walled_in_the_talon() -> State:
    """Clock: every hour complete but V, which waits for Q♣ in the talon under K♣."""
    state = patience.get_game("clock").new(deal=1)
    piles = state.piles
    for pile in piles:
        pile.clear()
    for hour, run in enumerate(clock_dead_end.RUNS):
        piles[clock.HOUR0 + hour] = run[:2] if hour == 4 else run[:]
    wanted, wall, *rest = clock_dead_end.RUNS[4][2:]
    piles[clock.TALON] = [wanted, wall]
    piles[clock.STOCK] = rest[::-1]
    return state


def test_an_hour_waiting_for_a_card_walled_in_the_talon() -> None:
    """CLK-2, CLK-6: every hour complete but V, which holds 10♣ J♣ and waits for Q♣; the
    only Q♣ off the hours lies in the talon under K♣, which only V takes (the other K♣ is
    home): neither can ever go up."""
    state = clock_walled_in_the_talon()
    assert sum(map(len, state.piles)) == 104
    assert words.plain(state, state.rules.why_dead(state) or "") == (
        "the V o'clock foundation can never be finished: it waits for Q♣, and every copy of "
        "it still off the hours lies walled in under a card that only an hour can take, and "
        "no hour can get to that card first (in the talon under K♣).")
    state.piles[clock.TALON].reverse()  # Q♣ on top: it goes up, then K♣
    assert state.rules.why_dead(state) is None


def blockade_with(columns: list[list[str]]) -> State:
    """Blockade with spades, hearts and clubs home, both diamond foundations at 7♦, the
    other diamonds in ``columns`` (col1, col2, …), the stock spent."""
    state = patience.get_game("blockade").new(deal=1)
    piles = state.piles
    for pile in piles:
        pile.clear()
    ranks = "A23456789TJQK"
    for n, suit in enumerate("SSHHCCDD"):
        piles[blockade.FOUNDATIONS[n]] = [parse(r + suit) for r in
                                          (ranks if suit != "D" else ranks[:7])]
    for col, cards in enumerate(columns):
        piles[col] = [parse(c) for c in cards]
    assert sum(map(len, piles)) == 104
    return state


def test_a_card_that_can_never_leave_its_blockade_column() -> None:
    """BLK-2, BLK-3, BLK-5: both 8♦ lie under a 9♦, each 9♦ on its 10♦: no 9♦ can go up
    or onto a 10♦, and the jacks over their queens wait for the tens."""
    walled = [["8D", "TD", "9D"], ["8D", "TD", "9D"], ["KD", "QD", "JD"], ["KD", "QD", "JD"]]
    state = blockade_with(walled)
    assert words.plain(state, state.rules.why_dead(state) or "") == (
        "even if every card that could ever leave its column left it, rows dealt as they "
        "come, column 1 would keep 8♦ 10♦ 9♦: 9♦ at its end could never leave, for its "
        "foundation needs 8♦ first, and no copy of it can ever get free; and no copy of 10♦ "
        "can ever lie at the end of a column for it to go onto.")
    walled[1] = ["TD", "9D", "8D"]  # an 8♦ at an end: it goes up, and then every card
    state = blockade_with(walled)
    assert state.rules.why_dead(state) is None
