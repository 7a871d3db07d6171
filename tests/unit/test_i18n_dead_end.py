"""The dead-end rules' sentences (``Rules.why_dead``) in Russian and Hungarian: every pile
named in the language's words, every card in its letters, no English word, no pile id; and
the callers (``patience solve``, the terminal's and the page's hints) say the sentence
itself in every language. English stays as it was (``tests/solver/test_why_dead.py``)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from typer.testing import CliRunner

import patience
from patience import hint_words, i18n, words
from patience.cli import app
from patience.engine.state import State
from patience.games import shah
from patience.games.texts_i18n import names
from tests.decks import stack
from tests.solver.test_star_solver import last_round
from tests.solver.test_why_dead import (
    after_the_wind,
    blockade_with,
    clock_walled_in_the_talon,
    open_shop_waste_pile,
    walled_in_shah,
)
from tests.unit.test_i18n_terminal import english_in

runner = CliRunner()
CYRILLIC = re.compile(r"[а-яё]", re.IGNORECASE)
PILE_ID = re.compile(r"(?<![\w-])(?:ray\d+(?:\.\d)?|cell-?\d+|base-?\d+|col\d+|found\d+|hour\d+|"
                     r"packet\d+|pile\d+|toad\d*|ace-[SHDC]|king-[SHDC]|reserve|stock|talon|"
                     r"waste|hand|wind|rainbow|shop|shah|out)(?![\w-])")
# the sentences' own English words, beside the common ones english_in knows
ENGLISH = {"the", "can", "never", "card", "cards", "foundation", "foundations", "wind", "under",
           "from", "round", "once", "twice", "queen", "king", "column", "hour", "hours",
           "copy", "copies", "slot", "inner", "middle", "built", "wants", "before", "after",
           "redeal", "reserve", "played", "finished", "free", "end", "top", "rank", "base"}


def shah_one_copy_home() -> State:
    """Shah: 2♠ on the second spades foundation and the other 2♠ under 5♠, both 3♠ under
    4♠: the first spades foundation waits at its ace for the walled-in 2♠."""
    state = walled_in_shah([("2S", "5S"), ("3S", "4S"), ("3S", "4S")])
    stock = state.piles[shah.STOCK]
    two = next(card for card in stock if patience.cards.code(card) == "2S")
    stock.remove(two)
    state.piles[shah.FOUND0 + 1].append(two)
    return state


TOAD = ["2H", "3H", "4H", "2D", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS"]
# each dead-end module's lost position, and the cards (as codes) its sentence names
POSITIONS: dict[str, tuple[Callable[[], State], list[str]]] = {
    "sun": (lambda: after_the_wind(["8S", "6S", "7S"]), ["6S", "8S", "7S"]),
    "star": (lambda: last_round(["AH", "2H", "6H", "9H"], ["3H", "4H", "8H", "7H", "TS"],
                                ["TH", "JH", "QH", "KH"]), ["3H", "4H", "8H"]),
    "shah": (lambda: walled_in_shah([("2S", "3S"), ("2S", "3S")]), ["2S", "3S"]),
    "shah-one-home": (shah_one_copy_home, ["2S", "5S"]),
    "clock": (clock_walled_in_the_talon, ["QC", "KC"]),
    "blockade": (lambda: blockade_with([["8D", "TD", "9D"], ["8D", "TD", "9D"],
                                        ["KD", "QD", "JD"], ["KD", "QD", "JD"]]),
                 ["8D", "TD", "9D"]),
    "blockade-king": (lambda: blockade_with([["8D", "9D", "KD"], ["8D", "TD", "9D"],
                                             ["TD", "QD", "JD"], ["KD", "QD", "JD"]]),
                      ["8D", "9D", "KD"]),
    "open-shop-waste": (open_shop_waste_pile, ["4S"]),
    "rainbow": (lambda: patience.get_game("rainbow").new(deal=1), ["7H"]),
    "open-shop": (lambda: patience.get_game("open-shop").new(deal=22), ["6H"]),
    "toad": (lambda: patience.get_game("toad").new(deck=stack(TOAD, 2), ace_extraction=False),
             ["5S"]),
    "double-star": (lambda: patience.get_game("double-star").new(deal=31), ["AH"]),
}



def in_language(lang: str, text: str) -> None:
    """``text`` is in ``lang``: no English word, no pile id, no move notation."""
    assert english_in(text) == set(), text
    said = {w.lower() for w in re.findall(r"[A-Za-z']+", text)}
    assert said & ENGLISH == set(), text
    own = text  # a language's own word may spell like an id: the Hungarian «talon»
    for forms in names(lang).piles.values():
        own = own.replace(forms["nominative"], " ")
    assert not PILE_ID.search(own) and ">" not in text, text
    if lang == "ru":
        assert CYRILLIC.search(text), text


@pytest.mark.parametrize("position", sorted(POSITIONS))
def test_each_dead_end_sentence_speaks_the_language(lang: str, position: str) -> None:
    build, cards = POSITIONS[position]
    state = build()
    why = words.why_lost(state)
    assert why is not None, position
    in_language(lang, why)
    for card in cards:
        assert words.card_words(card) in why, (card, why)
    if any(card[0] in "AJQK" for card in cards):  # ranks in the language's letters
        assert not re.search(r"(?<!\d)[AQJ][\u2660\u2665\u2666\u2663]", why), why


@pytest.mark.parametrize("position", sorted(POSITIONS))
def test_each_sentence_names_its_piles_in_the_language(lang: str, position: str) -> None:
    """The pile a sentence is about is said in the words of ``names.toml``."""
    state = POSITIONS[position][0]()
    why = words.why_lost(state) or ""
    kinds = names(lang)
    game = state.game.id
    expected = {"sun": kinds.ranks["A"]["nominative"][:3],
                "star": kinds.pile("base", game)["nominative"],
                "shah": kinds.pile("foundation", game)["nominative"],
                "shah-one-home": kinds.pile("foundation", game)["nominative"],
                "clock": kinds.pile("hour", game)["nominative"],
                "blockade": kinds.pile("column", game)["nominative"],
                "blockade-king": kinds.pile("column", game)["nominative"],
                "open-shop-waste": kinds.pile("waste", game)["nominative"],
                "rainbow": kinds.pile("rainbow", game)["nominative"],
                "open-shop": kinds.pile("shop", game)["nominative"],
                "toad": kinds.pile("toad", game)["nominative"],
                "double-star": kinds.pile("reserve", game)["nominative"]}[position]
    assert expected.lower() in why.lower(), (expected, why)


def test_english_says_the_other_copy_is_home_in_shah() -> None:
    state = shah_one_copy_home()
    assert words.why_lost(state) == (
        "the spades foundation 1 can never reach its queen: it wants 2♠ next, and one copy of "
        "it is already on the spades foundation 2 and the other lies in an inner slot under a "
        "middle card that can never go up before it (2♠ in the inner slot of ray 1 under 5♠); "
        "inner and middle cards go only to a foundation, an inner card only once the card above "
        "it has gone.")


@pytest.mark.parametrize(("lang", "pile"), [("ru", "Радуга"), ("hu", "A szivárvány")])
def test_solve_says_the_sentence_itself(lang: str, pile: str) -> None:
    result = runner.invoke(app, ["--lang", lang, "solve", "rainbow", "--deal", "1"])
    try:
        assert result.exit_code == 0, result.output
        said = " ".join(result.output.split())
        assert pile in said and words.card_words("7H") in said and "21" in said, said
        in_language(lang, said.split(":", 1)[1])
    finally:
        i18n.use("en")


def test_a_hint_on_a_dead_position_says_why_in_the_language(lang: str) -> None:
    """The exact hint (terminal and page) reads the solver's reason: the sentence itself."""
    state = patience.get_game("rainbow").new(deal=1)
    found = patience.hint(state)
    assert found.status == "lost"
    said = hint_words.solver_reason(str(found.message))
    in_language(lang, said)
    assert names(lang).pile("rainbow", "rainbow")["nominative"] in said
    assert said.startswith(i18n._("no sequence of moves wins from here: {why}").split("{")[0])
