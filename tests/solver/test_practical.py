"""The practical player: plays legal moves to the end and never reads hidden cards."""

from __future__ import annotations

import copy
import random

import pytest

import patience
from patience.cards import CARDS, CODES
from patience.engine.moves import Move
from patience.engine.state import State
from patience.games import blockade, shah, star
from patience.solver import practical, practical_star, solve
from tests.decks import placed, stack


@pytest.mark.parametrize("game_id", [g.id for g in patience.list_games()])
def test_practical_games_end_and_leave_the_state_alone(game_id: str) -> None:
    game = patience.get_game(game_id)
    outcomes = set()
    for deal in range(1, 11):
        state = game.new(deal=deal)
        before = state.to_dict()
        outcomes.add(practical.play_practical(state))
        assert state.to_dict() == before
    assert outcomes <= {"won", "lost"}


def test_practical_wins_trivial_decks() -> None:
    assert practical.play_practical(patience.get_game("sun").new(deck=stack([], decks=2))) \
        == "won"
    assert practical.play_practical(patience.get_game("star").new(deck=stack([]))) == "won"


@pytest.mark.internals
def test_the_policy_sees_no_hidden_card(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two Star deals that differ only inside the stock look alike to the policy, so its
    first choices are the same until a differing card is turned up."""
    deck = stack(["AS", "AH", "AD", "AC", "5S", "5H", "5D", "5C"])
    other = deck[:8] + deck[8:][::-1]  # same visible layout, stock in another order
    views: list[list[dict[str, object]]] = [[], []]
    real_choose = practical.choose
    for i, d in enumerate((deck, other)):

        def spy(view: dict[str, object], moves: list[Move], *rest: object,
                out: list[dict[str, object]] = views[i]) -> Move:
            out.append(view)
            return real_choose(view, moves, *rest)  # type: ignore[arg-type]

        monkeypatch.setattr(practical, "choose", spy)
        practical.play_practical(patience.get_game("star").new(deck=d))
    first, second = views[0][0], views[1][0]
    assert first["piles"] == second["piles"]
    assert first["piles"]["stock"] == []  # type: ignore[index]


def test_toad_hand_card_goes_where_it_buries_nothing() -> None:
    """TOD-5: the hand card may go onto any waste pile. With 2H (wanted next but one, after
    an ace) on pile1 and nines and a ten on the others, the 8C goes onto a higher card; the
    policy before version 2 laid it on pile1, the first listed, burying the 2H."""
    toad = ["KS", "KH", "KD", "KC", "QS", "QH", "QD", "QC", "JS", "JH", "JD", "JC", "KS"]
    deck = stack([*toad, "2H", "TD", "9D", "9C", "9S", "8C"], decks=2)
    state = patience.get_game("toad").new(deck=deck, ace_extraction=False)
    for pile in ("pile1", "pile2", "pile3", "pile4", "pile5"):
        state.play("draw")
        state.play(f"hand>{pile}")
    state.play("draw")
    chosen = practical.next_move(state)
    assert chosen.card == "8C" and chosen.to_pile in {"pile2", "pile3", "pile4", "pile5"}


def test_blockade_marries_to_uncover_a_needed_card_before_dealing() -> None:
    """BLK-5, BLK-7: 9H married onto TH uncovers 3S, wanted right after 2S (AS is up). It
    makes no foundation play at once, so the policy before version 2 dealt a row over the
    3S; now the marriage comes first and the deal after."""
    row1 = ["3S", "KC", "5D", "6D", "7D", "8D", "9D", "TD", "JD", "QD", "4C", "5C"]
    row2 = ["9H", "TH", "3D", "6C", "8S", "QH", "5S", "JC", "7D", "KS", "3C", "9C"]
    state = patience.get_game("blockade").new(deck=stack(["AS", *row1, *row2], decks=2),
                                              deal_when="any")  # BLK-7: deal at any time
    state.play("deal")
    assert str(practical.next_move(state)) == "9H:col1>col2"


def test_clock_marries_before_drawing() -> None:
    """CLK-4, CLK-5: JS married onto QS uncovers 4C, wanted right after the 3C that IX
    (based 2C) takes next. The policy before version 2 only married to make a play at
    once, so it drew instead and left the 4C under the JS."""
    bases = ["6C", "7H", "8S", "9D", "TC", "JH", "QS", "KD", "2C", "3H", "4S", "5D"]
    tops = ["JS", "QS", "2H", "5C", "8D", "TH", "KC", "4D", "7S", "2D", "9C", "6H"]
    positions = {i: code for i, code in enumerate(bases)}
    positions[24] = "4C"  # packet1's middle card (CLK-3: dealt round by round)
    positions.update({36 + i: code for i, code in enumerate(tops)})
    state = patience.get_game("clock").new(deck=placed(positions, decks=2))
    assert state.to_dict()["piles"]["packet1"][1:] == ["4C", "JS"]
    assert str(practical.next_move(state)) == "JS:packet1>packet2"


def _hide_differently(state: State, seed: int) -> State:
    """A copy of ``state`` whose hidden cards (stock, face-down parts) are shuffled among
    the hidden places: a position a player cannot tell from ``state``."""
    other = state.copy()
    down = state.rules.face_down(state)
    hidden = [card for pile, n in down.items() for card in other.piles[pile][:n]]
    random.Random(seed).shuffle(hidden)
    for pile, n in down.items():
        other.piles[pile][:n], hidden = hidden[:n], hidden[n:]
    return other


def _seen_as(move: Move) -> tuple[object, ...]:
    """A move as the player names it; a card turned from the stock is not known before."""
    card = None if move.from_pile == "stock" else move.card
    return (move.from_pile, move.to_pile, move.index, move.action, card)


@pytest.mark.parametrize("game_id", [g.id for g in patience.list_games()])
def test_the_choice_does_not_depend_on_hidden_cards(game_id: str) -> None:
    """The policy reads the visible position only: along its own games, each choice is the
    same on a position whose stock and face-down cards lie in another order. The copy
    keeps the repetition memory of positions with the stock as it was, so
    it may offer a move back that the game refuses; the player sees the legal moves, so
    such a copy is not one it cannot tell apart and is skipped."""
    game = patience.get_game(game_id)
    checked = 0
    for deal in range(1, 4):
        state = game.new(deal=deal)
        for step in range(400):
            if state.status != "playing":
                break
            chosen = practical.next_move(state)
            if step % 7 == 0 and any(state.rules.face_down(state).values()):
                other = _hide_differently(state, deal * 1000 + step)
                if ({_seen_as(m) for m in other.legal_moves()}
                        != {_seen_as(m) for m in state.legal_moves()}):
                    continue
                assert _seen_as(practical.next_move(other)) == _seen_as(chosen)
                checked += 1
            state.play(chosen)
    assert checked > 10


@pytest.mark.parametrize(("game_id", "options", "deal"), [
    ("rainbow", {"redeals": 3}, 983),
    ("open-shop", {"redeals": 1}, 70),
    ("toad", {}, 69),
    ("double-star", {"piles": 4}, 11),
    ("clock", {}, 5338),
])
@pytest.mark.usefixtures("native_search")  # losses the plain Python search leaves open
def test_no_practical_win_where_the_solver_proves_a_loss(
        game_id: str, options: dict[str, object], deal: int) -> None:
    """The practical player sees less than the solver: a deal the solver proves lost is
    lost to it too (a practical win there would be an engine or policy bug)."""
    state = patience.get_game(game_id).new(deal=deal, **options)
    assert solve(state, max_seconds=5).outcome == "lost"
    assert practical.play_practical(state) == "lost"


def test_sun_plays_the_copy_that_uncovers_the_next_card() -> None:
    """SUN-2, SUN-4: both 2S are outer cards and ace-S takes one. The one on ray1 covers
    3S, which goes up next; the policy before version 2 took the copy on the longest ray
    (ray2), leaving the 3S under the other 2S until king-S comes down to it."""
    filler = [r + s for r in "456789TJQ" for s in "HDC"] + [r + "S" for r in "456789TJQ"]
    filler += ["3H", "3D", "3C", "4H", "4D", "4C", "5D", "5C"]  # no ace, king or 2S
    ray1, ray2 = ["AS", "9D", "3S", "2S"], ["5H", "6C", "TD", "2S"]
    arcs = [c for k in range(4) for c in (ray1[k], ray2[k], *filler[11 * k:11 * k + 11])]
    state = patience.get_game("sun").new(deck=stack(arcs, decks=2))
    state.play("AS:ray1>ace-S")
    for _ in range(3):
        state.play("deal")
    assert str(practical.next_move(state)) == "2S:ray1>ace-S"


def test_star_sets_the_direction_of_the_cells_it_can_follow() -> None:
    """STR-3, STR-5: on base 5H, 6H from a cell (7H waits in the next cell, and the cell is
    refilled) or 4H from the reserve would fix the direction. The policy before version 2
    took the reserve's card, the bigger pile, and left 6H and 7H against the direction."""
    deck = stack(["5H", "KH", "4H", "2S", "9D", "JC", "6H", "7H", "QS", "7D"])
    state = patience.get_game("star").new(deck=deck)
    assert state.to_dict()["piles"]["reserve"] == ["KH", "4H"]
    assert str(practical.next_move(state)) == "6H:cell-1>base-12"


def test_shah_marries_where_it_buries_nothing_needed() -> None:
    """SHA-6: the talon's 7H may marry onto either 8H. Under ray1's 8H lies 3D, wanted
    right after 2D; ray2 holds only clubs far off. The policy before version 2 married onto
    the first listed, ray1, burying the 3D deeper; now the 7H goes onto ray2 (and leaves
    the talon, where it covered 3C)."""
    aces = ["AS", "AH", "AD", "AC"] * 2  # SHA-1: the foundations, in deck order
    inner = ["9C", "JC", "4H", "5H", "6H", "4D", "5D", "7D"]
    middle = ["3D", "QC", "8D", "9D", "4C", "5C", "7C", "8C"]
    outer = ["8H", "8H", "5S", "TD", "QS", "6C", "6D", "9S"]
    deck = stack([*aces, *inner, *middle, *outer, "3C", "7H"], decks=2)
    state = patience.get_game("shah").new(deck=deck)
    for action in ("deal", "deal", "draw", "draw"):  # SHA-4, SHA-7
        state.play(action)
    assert state.to_dict()["piles"]["talon"] == ["3C", "7H"]
    assert str(practical.next_move(state)) == "7H:talon>ray2.3"


def test_the_whole_toad_pile_counts_as_seen() -> None:
    """TOD-1 reading: the squared toad pile lies face up and its cards were dealt in view,
    so the player's picture holds all of them, not only the top card."""
    state = patience.get_game("toad").new(deal=1)
    view = practical.visible(state)
    assert "toad" not in view["face_down"]
    assert len(view["piles"]["toad"]) == len(state.to_dict()["piles"]["toad"]) >= 12


def test_open_shop_digs_into_the_shop_before_a_waste_pile() -> None:
    """OPS-1, RBW-4: the shop's cards only go up, from its end; a waste pile's stay in
    reach. On base 5S both 6H (shop end, over 8C and 9C) and 6D (pile1, over 7D) fit. The
    policy before version 3 took the pile's 6D for the 7D under it, and the next card
    drawn, 7S, found found1 at 7 with the 8C still under the 6H; now the 6H goes up, then
    7S, 8C and 9C, and the 6D-7D pair waits on pile1 for the next foundation."""
    shop = ["KS", "QS", "JS", "TS", "9S", "8S", "KH", "QH", "JH", "TH", "9H", "8H", "KD",
            "QD", "JD", "9C", "8C", "6H"]
    deck = stack([*shop, "5S", "7D", "6D", "7S"], decks=2)
    state = patience.get_game("open-shop").new(deck=deck)
    for _ in range(2):
        state.play("draw")
        state.play("hand>pile1")
    assert str(practical.next_move(state)) == "6H:shop>found1"
    look = practical.Lookahead(state)
    for _ in range(5):
        state.play(practical.next_move(state, look))
    assert state.to_dict()["piles"]["found1"] == ["5S", "6H", "7S", "8C", "9C"]


def test_shah_fills_a_gap_over_cards_needed_soon_from_the_stock() -> None:
    """SHA-5, SHA-8: the gap left by 2S (ray3.3) lies over 8D (middle) and 4H (inner),
    needed soon, and may take the talon's JH or the stock's top card. Policy 3 laid the JH
    there (the talon's cards only leave from its top); Shah's policy 4 plans: the JH,
    needed late, would wall the 8D and 4H in for as long as it stays, an unknown card
    only by the odds that it is needed later than they are, while the JH costs the talon
    nothing now. So the gap takes the stock's card (unseen: the player does not know it
    is the TS)."""
    aces = ["AS", "AH", "AD", "AC"] * 2  # SHA-1: the foundations, in deck order
    inner = ["9C", "JC", "4H", "5H", "6H", "4D", "5D", "7D"]
    middle = ["3D", "QC", "8D", "9D", "4C", "5C", "7C", "8C"]
    outer = ["8H", "8H", "2S", "TD", "QS", "6C", "6D", "9S"]
    deck = stack([*aces, *inner, *middle, *outer, "JH", "TS"], decks=2)
    state = patience.get_game("shah").new(deck=deck)
    for move in ("deal", "deal", "draw", "2S:ray3.3>found1"):  # SHA-4, SHA-7
        state.play(move)
    assert str(practical.next_move(state)) == "TS:stock>ray3.3"
    old = practical.Lookahead(state)
    old.planner = None  # the one-move policy alone, as before policy 4
    assert str(practical.next_move(state, old)) == "JH:talon>ray3.3"


BLOCKADE_SUITS_AND_RANKS = "A23456789TJQK"


def blockade_endgame(founds: str, heights: list[int], columns: list[str]) -> State:
    """A Blockade position with the stock spent: ``found<n>`` holds suit ``founds[n-1]``
    from A up to ``heights[n-1]`` cards, ``columns`` gives col1, col2, ... first card
    dealt first."""
    state = patience.get_game("blockade").new(deal=1)
    piles = state.piles
    for f, (suit, height) in enumerate(zip(founds, heights, strict=True)):
        piles[blockade.FOUND0 + f] = [CARDS[r + suit]
                                      for r in BLOCKADE_SUITS_AND_RANKS[:height]]
    for col in range(blockade.COLUMNS):
        piles[col] = [CARDS[c] for c in columns[col].split()] if col < len(columns) else []
    piles[blockade.STOCK] = []
    return state


def test_blockade_searches_the_endgame_once_the_stock_is_spent() -> None:
    """BLK-2, BLK-9: with the stock spent nothing is hidden, and Blockade's policy 4
    decides the endgame exactly. Both diamond foundations (found5 at 9D, found8 at 4D)
    are short. The one-move policy plays the diamonds free now, and col6's TD, col3's JD
    and col2's QD and KD fill found5; found8 then waits for the other TD, under the KH and
    QH in col1, which wait for the hearts of col7 under its JD, QD and KD: lost. The
    endgame search plays the 9S first and wins."""
    state = blockade_endgame("HSCSDHCD", [13, 13, 13, 8, 9, 5, 8, 4], [
        "TD KH QH", "KC KD QD", "JD", "QC", "7D 6D", "TD 9D 8D",
        "JH TH 9H 8H 7H TC 9C KD QD JD", "QS JS TS 9S", "5D", "6H", "JC", "KS"])
    assert solve(state, max_nodes=100_000, max_seconds=1e9).outcome == "won"
    assert str(practical.next_move(state)) == "9S:col8>found4"
    assert practical.play_practical(state) == "won"
    old = state.copy()
    look = practical.Lookahead(old)
    look.planner = None  # the one-move policy alone, as before policy 4
    while old.status == "playing" and not look.stuck:
        old.play(practical.next_move(old, look))
    assert old.status != "won"


def test_blockade_gives_up_an_endgame_proved_lost() -> None:
    """A loss is only ever a proof: found6 at 8H waits for the 9H, under the TH that only
    the 9H or a JH at a column's end could take (BLK-5); the JH lies under the QH, which
    only the JH or a KH at a column's end could take, and the KH lies under the JH. The
    QS and KS could still go up, but the endgame search proves the position lost and the
    player gives it up at once."""
    state = blockade_endgame("SHDCSHDC", [11, 13, 13, 13, 13, 8, 13, 13],
                             ["9H TH", "KH JH QH", "QS", "KS"])
    assert solve(state, max_nodes=100_000, max_seconds=1e9).outcome == "lost"
    look = practical.Lookahead(state)
    practical.next_move(state, look)
    assert look.stuck
    assert practical.play_practical(state) == "lost"


def test_blockade_marries_onto_the_deeper_column() -> None:
    """BLK-5, BLK-6: 9H may marry onto the TH of col1 (KS, TH: two cards) or of col2 (KC,
    QS, TH). The policy before version 3 chose col1, where the 9H buries the KS under one
    card more and keeps the column from emptying; now it goes onto col2, whose cards are
    buried already, and col1 stays two cards from a fresh refill from the stock."""
    row1 = ["KS", "KC", "5D", "6D", "7D", "8D", "9D", "TD", "JD", "QD", "4C", "5C"]
    row2 = ["TH", "QS", "6C", "7C", "8C", "9C", "JC", "QC", "KD", "3C", "6S", "7S"]
    row3 = ["2S", "TH", "9H", "8S", "9S", "TS", "JS", "3D", "4D", "2C", "3H", "4H"]
    deck = stack(["AS", *row1, *row2, *row3], decks=2)  # BLK-4: the AS goes straight up
    state = patience.get_game("blockade").new(deck=deck, deal_when="any")  # BLK-7
    for move in ("deal", "deal", "2S:col1>found1"):
        state.play(move)
    assert str(practical.next_move(state)) == "9H:col3>col2"


def test_a_game_that_only_wanders_is_given_up(monkeypatch: pytest.MonkeyPatch) -> None:
    """BLK-8 with empty_columns=any: once the stock is spent no action is left, and a card
    move is played even when it gains nothing. On Blockade deal 46, with the reward for
    marrying onto deeper columns and without a check, the policy moved diamonds and
    queens between columns until the step cap (100,000 moves); now a move back to a
    picture seen since the last play is declined, and a game offering only such moves, or
    only undoable ones that gain nothing (200 of them since the last play), is given up
    as lost."""
    calls = 0
    real_choose = practical.choose

    def counting(*args: object) -> Move:
        nonlocal calls
        calls += 1
        return real_choose(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(practical, "choose", counting)
    state = patience.get_game("blockade").new(deal=46, empty_columns="any")
    assert practical.play_practical(state) == "lost"
    assert calls < 2000


# Star deal 21 (STR-2): bases 4S, 9H, 6C, AD; cells KS, 4H, JC, QD
STAR_DEAL_21 = [
    "4S", "AS", "9H", "6C", "5C", "QH", "AD", "KS", "4H", "JC", "3S", "QD", "JD",
    "8H", "JH", "JS", "5H", "3D", "TS", "KC", "AC", "7H", "7C", "QC", "5S", "2D",
    "2S", "8D", "9C", "9D", "5D", "7S", "6H", "4C", "KH", "8C", "KD", "8S", "6D",
    "6S", "QS", "AH", "TC", "2H", "7D", "2C", "9S", "3C", "TH", "3H", "4D", "TD",
]


def test_star_memory_knows_the_stock_after_a_redeal() -> None:
    """STR-6, STR-7: the reserve lies face up, so a player who watched it knows the stock
    of the next round, card by card, and nothing of the first round's stock."""
    state = patience.get_game("star").new(deal=3)
    memory = practical_star.StarMemory()
    known = 0
    while state.status == "playing":  # each first legal move: plays, then draw, redeal
        stock = memory.stock(practical.visible(state))
        if state.vars[star.ROUNDS_DONE] == 0 and state.piles[star.STOCK]:  # the first round
            assert stock is None
        else:
            assert stock == [CODES[c] for c in state.piles[star.STOCK]]
            known += bool(stock)
        state.play(state.to_move(state.legal_raw()[0]))
    assert known > 20


def test_star_remembers_the_stock_and_holds_a_cell_card() -> None:
    """STR-5, STR-7: in round 2, the AS just drawn and played, KS in cell-1 fits base-12.
    The stock is face down, but it is the first round's reserve turned over, which the
    player watched: 5C on top, the last card base-3 (6C up to 8C) will take. Playing KS
    at once would pull the 5C into cell-1 for the rest of the game, and the policy before
    Star's version 4, which knew no stock card, did so and lost the deal. Remembering the
    stock, the player plans a winning line: it draws first, laying the 5C low on the
    reserve, and wins."""
    game = patience.get_game("star")
    state = game.new(deck=STAR_DEAL_21)
    look = practical.Lookahead(state)
    while state.vars[star.ROUNDS_DONE] == 0 or len(state.piles[0]) < 4:  # round 2, AS on base-12
        state.play(practical.next_move(state, look))
    assert state.to_dict()["piles"]["cell-1"] == ["KS"]
    assert CODES[state.piles[star.STOCK][-1]] == "5C"  # the stock's top
    assert str(practical.next_move(state.copy(), look)) == "draw"
    assert str(practical.next_move(state)) == "KS:cell-1>base-12"  # no memory
    assert practical.play_practical(game.new(deck=STAR_DEAL_21)) == "won"


def _fork(look: practical.Lookahead) -> practical.Lookahead:
    """A copy of the player's picture and memory; the game and its rules, shared by every
    state and holding cached values that cannot be copied, stay shared."""
    game, rules = look.picture.game, look.picture.rules
    return copy.deepcopy(look, {id(game): game, id(rules): rules})


@pytest.mark.internals
def test_star_choices_in_the_first_round_ignore_the_unseen_stock() -> None:
    """With its memory, the Star player still reads no card before it is turned up: along
    its game, each choice in the first round is the same on a copy whose stock lies in
    another order, given the same memory."""
    state = patience.get_game("star").new(deal=2)
    look = practical.Lookahead(state)
    checked = 0
    for step in range(200):
        if state.status != "playing" or not state.piles[star.STOCK]:
            break
        if step % 3 == 0:
            other = _hide_differently(state, step)
            assert _seen_as(practical.next_move(other, _fork(look))) \
                == _seen_as(practical.next_move(state, _fork(look)))
            checked += 1
        state.play(practical.next_move(state, look))
    assert checked > 5


def shah_position(heights: list[int], slots: dict[str, str], stock: str = "") -> State:
    """A hand-made Shah position after the deal (SHA-4): ``found<n>`` holds its suit from A
    up to ``heights[n - 1]`` cards, ``slots`` names the slots' cards (an outer packet bottom
    first, space separated), ``stock`` lists the cards in the order they will be turned;
    every other slot is empty (a gap, SHA-8)."""
    state = patience.get_game("shah").new(deal=1)
    piles = state.piles
    for f in range(shah.RAYS):
        piles[shah.FOUND0 + f] = [CARDS[r + "SHDCSHDC"[f]] for r in "A23456789TJQ"[:heights[f]]]
    for slot in range(shah.SLOT0, shah.STOCK):
        piles[slot] = []
    for name, cards in slots.items():
        piles[state.rules.index[name]] = [CARDS[c] for c in cards.split()]
    piles[shah.STOCK] = [CARDS[c] for c in stock.split()][::-1]
    piles[shah.TALON] = []
    state.vars[shah.CIRCLES] = 3
    return state


def test_shah_turns_the_card_blind_and_plays_it_up_when_it_fits() -> None:
    """SHA-8: while ray1.1 waits, the 2S turned may go up, be married, or fill the gap. The
    policy does not read the stock's top to choose (the moves that go up or marry name it);
    it decides to turn the card into the gap, and the card, turned, goes up instead."""
    state = shah_position([1] * 8, {}, stock="2S 9D")
    assert {str(m) for m in state.legal_moves()} >= {"2S:stock>found1", "2S:stock>ray1.1"}
    assert [m for m in state.legal_raw() if not practical._reads_the_turned_card(state, m)] \
        == [state.resolve("2S:stock>ray1.1")]
    assert str(practical.next_move(state)) == "2S:stock>found1"


def test_toad_takes_an_ace_out_of_the_toad_pile() -> None:
    """TOD-3: deal 376 holds two aces in its toad pile; the policy's first move takes one
    of them out (a card home, and the pile above it closes up)."""
    state = patience.get_game("toad").new(deal=376)
    first = practical.next_move(state)
    assert first.from_pile == "toad" and first.index is not None and first.card in {"AS", "AH"}
