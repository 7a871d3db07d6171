"""Clock's solver rules (RULES.md §5): each fires where its argument holds and nowhere
else, and none changes the answer of a search."""

from __future__ import annotations

import itertools
import random

import pytest

import patience
from patience.engine.rules import ACTION
from patience.engine.state import State
from patience.games import clock as game
from patience.solver.clock import _relaxation_stalls, _walls, clock_dead_end, clock_safe_move
from patience.solver.clock_copies import _forced_choices, bound_places
from tests.games.test_clock import _build_order, _deck_for, _play_in_order, new
from tests.solver.helpers import assert_agrees_with_plain, play_randomly, solve_plain


def _spend_stock(state: State) -> State:
    """Only `fill` and `draw` (CLK-5, CLK-6) until the stock is spent."""
    while state.piles[game.STOCK]:
        state.play_raw(next(m for m in state.legal_raw() if m[0] == ACTION))
    return state


def test_clk6_talon_card_one_hour_needs_is_safe() -> None:
    """JH's first copy is hour VI's base, so its other copy belongs to hour II alone."""
    state = new({1: ["2S", "3S", "8H"], 2: ["5S", "6S", "9H"], 3: ["7S", "9S", "TH"]},
                stock=["2D", "3D", "4D", "JH"])
    for text in ("8H:packet1>hour2", "9H:packet2>hour2", "TH:packet3>hour2", "fill", "draw"):
        state.play(text)
    move = clock_safe_move(state, state.legal_raw())
    assert move is not None and str(state.to_move(move)) == "JH:talon>hour2"


def test_clk2_talon_card_two_hours_need_is_not_claimed() -> None:
    """7C fits hour I (base 6C) now but hour IX (base 2C) needs a 7C too: no claim."""
    state = new(stock=["7C"])
    state.play("draw")
    assert "7C:talon>hour1" in {str(m) for m in state.legal_moves()}
    assert clock_safe_move(state, state.legal_raw()) is None


def _talon_jh_qh(upper: str) -> State:
    """QH goes to hour VI, so the other QH belongs to hour II alone, after JH (CLK-2)."""
    lower = "JH" if upper == "QH" else "QH"
    state = new({1: ["5S", "6S", "QH"]}, stock=["2S", lower, upper])
    for text in ("QH:packet1>hour6", "fill", "draw", "draw"):
        state.play(text)
    return state


def test_clk6_talon_dead_end_when_the_later_card_lies_on_top() -> None:
    assert clock_dead_end(_talon_jh_qh("QH"))
    assert not clock_dead_end(_talon_jh_qh("JH"))  # right order: JH leaves first


def test_clk2_talon_dead_end_needs_a_single_hour() -> None:
    """Before hour VI takes a QH, either hour may have it: no claim."""
    state = new(stock=["JH", "QH"])
    state.play("draw")
    state.play("draw")
    assert not clock_dead_end(state)


def _packet_qs_under_ks(**options: object) -> State:
    """Hour VII (base QS) takes a KS; the other KS belongs to hour III alone, after QS,
    whose other copy is hour VII's base."""
    state = new({1: ["5S", "QS", "KS"], 2: ["5S", "6S", "KS"]}, **options)
    state.play("KS:packet2>hour7")
    return state


def test_clk4_packet_dead_end_when_the_upper_card_cannot_be_married() -> None:
    """CLK-4: no K-on-A marriage by default, so KS can leave packet1 only to hour III."""
    assert clock_dead_end(_packet_qs_under_ks())


def test_clk4_packet_card_that_may_still_be_married_is_not_stuck() -> None:
    """With wrap_marriage KS may still go onto an AS, so QS is not walled in."""
    assert not clock_dead_end(_packet_qs_under_ks(wrap_marriage=True))


def test_clk5_packets_interchangeable_only_once_the_stock_is_spent() -> None:
    state = new()
    swapped = state.copy()
    swapped.piles[game.PACKET0], swapped.piles[game.PACKET0 + 1] = (
        swapped.piles[game.PACKET0 + 1], swapped.piles[game.PACKET0])
    assert state.rules.solver_key(state) != swapped.rules.solver_key(swapped)  # fill order
    _spend_stock(state)
    swapped = state.copy()
    swapped.piles[game.PACKET0], swapped.piles[game.PACKET0 + 5] = (
        swapped.piles[game.PACKET0 + 5], swapped.piles[game.PACKET0])
    assert state.key() != swapped.key()
    assert state.rules.solver_key(state) == swapped.rules.solver_key(swapped)




@pytest.mark.parametrize("deal", range(1, 9))
def test_rules_keep_the_answer_in_endgames(deal: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Random play, hour plays first, to a position with the stock spent and few cards
    left; the answer with the rules equals the answer of the plain search."""
    rng = random.Random(deal)
    state = game.CLOCK.new(deal=deal)
    play_randomly(state, rng, lambda m: m[0] != ACTION and m[1] < game.PACKET0,
                  lambda: bool(state.piles[game.STOCK]) or rng.random() < 0.7)
    assert_agrees_with_plain(state, monkeypatch)



def _ks_over_qs_over_as(as_to_talon: bool) -> State:
    """As ``_packet_qs_under_ks`` with wrap_marriage, but an AS lies under packet1's QS
    and the other AS is drawn to the talon (or filled into packet2, where KS may marry
    onto it)."""
    state = new({1: ["AS", "QS", "KS"], 2: ["5S", "6S", "KS"]}, wrap_marriage=True,
                stock=["2D", "AS"] if as_to_talon else ["AS", "2D"])
    state.play("KS:packet2>hour7")
    state.play("fill")
    if as_to_talon:
        state.play("draw")
    return state


def test_clk6_successor_only_in_the_talon_or_under_the_card_walls_it_in() -> None:
    """CLK-4, CLK-6: a talon card never returns to a packet, and the AS under KS is no
    packet top while KS lies on it, so KS can only go to hour III, after the QS under it."""
    assert clock_dead_end(_ks_over_qs_over_as(as_to_talon=True))
    assert not clock_dead_end(_ks_over_qs_over_as(as_to_talon=False))


@pytest.mark.parametrize(("deal", "wrap"), [(5, False), (5, True), (11, False), (18, True),
                                            (66, False)])
def test_clk4_successor_out_of_reach_walls_in_and_the_plain_search_agrees(
        deal: int, wrap: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """Random lines (hour plays four times in five) to the first position the dead end
    calls lost; on these deals it fires because a packet card's successor has no copy in
    the stock or another packet (in the talon, on the hours or under the card), before
    the older test (both copies on the hours) would. The plain search, without any rule,
    proves each of them lost."""
    rng = random.Random(deal * 7 + wrap)
    state = game.CLOCK.new(deal=deal, wrap_marriage=wrap)
    while state.legal_raw() and not clock_dead_end(state):
        legal = state.legal_raw()
        plays = [m for m in legal if m[0] != ACTION and m[1] < game.PACKET0]
        state.play_raw(rng.choice(plays) if plays and rng.random() < 0.8 else rng.choice(legal))
    assert clock_dead_end(state)
    assert solve_plain(state, monkeypatch, max_nodes=20_000) == "lost"


def _talon_of_clubs(drawn: list[str], others_played: bool = True) -> State:
    """``drawn`` (first drawn at the bottom) on the talon at the start; then, if asked,
    every hour but V (base TC) and IX (base 2C) completed. 2C and 6C there are the second
    copies, so 2C belongs to hour V alone and 6C to hour IX alone, while both 4Cs are off
    the hours, one on the talon and one in the stock or a packet, for hour IX's third
    place or hour V's eighth."""
    order = _build_order()
    for card in (("2C", 5), ("4C", 5), ("6C", 9)):
        order.remove(card)
    early = [card for card in order if card[1] not in (5, 9)]
    late = [card for card in order if card[1] in (5, 9)]
    state = game.CLOCK.new(deck=_deck_for(early + late, drawn=drawn))
    for _ in drawn:
        state.play("draw")
    if others_played:
        _play_in_order(state, early)
    return state


def test_clk2_two_copies_cannot_both_serve_one_hour_under_the_talon_order(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Talon 2C, 4C, 6C (6C on top): 6C needs hour IX's 4C first, so the other 4C goes
    there and the talon's 4C to hour V, after the 2C under it. The relaxation, letting the
    other 4C serve both hours, misses it; counting copies does not, right after the draw
    that lays 6C, and the plain search agrees once the other hours are complete."""
    state = _talon_of_clubs(["2C", "4C", "6C"], others_played=False)
    walls, tops = _walls(state)
    assert not _relaxation_stalls(state.piles, walls, tops)
    assert clock_dead_end(state)
    state = _talon_of_clubs(["2C", "4C", "6C"])
    walls, tops = _walls(state)
    assert not _relaxation_stalls(state.piles, walls, tops)
    assert bound_places(state.piles, walls) is None
    assert not clock_dead_end(state)  # asked only right after a draw
    assert patience.solve(state).outcome == "lost"
    assert solve_plain(state, monkeypatch) == "lost"


@pytest.mark.parametrize("drawn", [["6C", "4C", "2C"], ["4C", "2C", "6C"], ["2C", "6C", "4C"]])
def test_clk2_talon_orders_some_choice_of_places_allows_are_not_claimed(
        drawn: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    assert not clock_dead_end(_talon_of_clubs(drawn, others_played=False))
    state = _talon_of_clubs(drawn)
    walls, _ = _walls(state)
    assert bound_places(state.piles, walls) is not None
    assert solve_plain(state, monkeypatch) == "won"


def _five_over_six(drawn: list[str]) -> State:
    """``drawn`` on the talon at the start, then every hour completed but V (at 3C) and
    IX (at its base 2C), and a 5C married onto the last 6C (hour I's base is the first).
    Off the hours: both 4Cs and both 5Cs (hour IX's third or fourth place, or hour V's
    last two), 3C, 6C, 7C, 8C, 9C, each for hour IX alone."""
    order = _build_order()
    for card in (("4C", 5), ("7C", 9), ("5C", 9)):
        order.remove(card)
    late = {("5C", 5), ("3C", 9), ("4C", 9), ("6C", 9), ("8C", 9), ("9C", 9)}
    early = [card for card in order if card not in late]
    state = game.CLOCK.new(deck=_deck_for(early + [c for c in order if c in late],
                                          drawn=drawn))
    for _ in drawn:
        state.play("draw")
    _play_in_order(state, early)
    state.play(next(m for m in state.legal_moves()
                    if m.card == "5C" and m.to_pile.startswith("packet")))
    return state


def test_clk4_a_copy_bound_to_its_place_walls_in_what_the_relaxation_frees(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Talon 4C, 7C, 5C (5C on top), a packet 6C under the married 5C, which is stuck
    (CLK-4: both 6Cs are out of reach). 7C over the talon's 4C sends that 4C to hour V
    (the other 4C to hour IX), so the talon's 5C goes to hour IX and the packet's 5C to
    hour V, after the talon's 4C, under 7C, which waits for the 6C under that 5C. Every
    copy has a place in an order its own wall allows, and the relaxation lets the other
    4C serve hour V too; with the three places bound to their copies it stalls, and the
    plain search agrees."""
    state = _five_over_six(["4C", "7C", "5C"])
    walls, tops = _walls(state)
    assert not _relaxation_stalls(state.piles, walls, tops)
    bound = bound_places(state.piles, walls)
    assert bound is not None and len(bound) == 3
    assert _relaxation_stalls(state.piles, walls, tops, bound)
    assert solve_plain(state, monkeypatch) == "lost"


def test_clk4_bound_copies_in_a_winnable_order_are_not_claimed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    state = _five_over_six(["7C", "4C", "5C"])
    walls, tops = _walls(state)
    bound = bound_places(state.piles, walls)
    assert bound is not None and not _relaxation_stalls(state.piles, walls, tops, bound)
    assert solve_plain(state, monkeypatch) == "won"


def _every_solution(choices: list[int], clashes: list[list[int]]) -> list[tuple[int, ...]]:
    out = []
    for picks in itertools.product(*(range(n) for n in choices)):
        chosen = {2 * copy + pick for copy, pick in enumerate(picks)}
        if not any(other in chosen for literal in chosen for other in clashes[literal]):
            out.append(picks)
    return out


def test_two_valued_choices_decided_and_forced_as_by_trying_every_choice() -> None:
    """``_forced_choices`` (unit propagation, one choice at a time) against every choice:
    it answers None exactly when nothing meets the clauses, and a choice it calls forced
    is made by every solution."""
    rng = random.Random(4)
    answers = set()
    forced_seen = 0
    for _ in range(400):
        n = rng.randint(2, 7)
        choices = [rng.choice((1, 2, 2)) for _ in range(n)]
        literals = [2 * c + k for c in range(n) for k in range(choices[c])]
        clashes: list[list[int]] = [[] for _ in range(2 * n)]
        for _ in range(rng.randint(0, 2 * n)):
            a, b = rng.sample(literals, 2)
            if a >> 1 != b >> 1:
                clashes[a].append(b)
                clashes[b].append(a)
        solutions = _every_solution(choices, clashes)
        forced = _forced_choices(choices, clashes)
        assert (forced is not None) == bool(solutions)
        answers.add(bool(solutions))
        for copy, choice in enumerate(forced or []):
            if choice >= 0:
                assert all(picks[copy] == choice for picks in solutions)
                forced_seen += choices[copy] == 2
    assert answers == {True, False} and forced_seen > 50
