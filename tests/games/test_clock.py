"""Clock: each clause CLK-1 … CLK-7 on hand-made decks."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

import patience
from patience import IllegalMove, RecordError
from patience.engine.rules import RawMove
from patience.text.clock import render
from tests.decks import stack

CLOCK = patience.get_game("clock")
# CLK-1, in hour order I … XII
BASES = ("6C", "7H", "8S", "9D", "TC", "JH", "QS", "KD", "2C", "3H", "4S", "5D")
RANKS = "A23456789TJQK"


def deck(packets: dict[int, Sequence[str]] | None = None, stock: Sequence[str] = ()) -> list[str]:
    """A deck whose foundation cards come first, then the packets (each listed bottom to
    top, unnamed ones filled from the fresh order), then ``stock`` (first drawn first)."""
    packets = packets or {}
    named = [*BASES, *(c for cards in packets.values() for c in cards), *stock]
    spare = iter(stack(named, decks=2)[len(named):])
    rounds = []
    for round_ in range(3):
        for packet in range(1, 13):
            given = packets.get(packet)
            rounds.append(given[round_] if given else next(spare))
    return stack([*BASES, *rounds, *stock], decks=2)


def new(packets: dict[int, Sequence[str]] | None = None, stock: Sequence[str] = (),
        **options: object) -> patience.State:
    return CLOCK.new(deck=deck(packets, stock), **options)


def piles(state: patience.State) -> dict[str, list[str]]:
    return state.to_dict()["piles"]  # type: ignore[no-any-return]


def legal(state: patience.State) -> set[str]:
    return {str(m) for m in state.legal_moves()}


def raw(state: patience.State, text: str) -> RawMove:
    return state.resolve(text)


# --- CLK-1 -----------------------------------------------------------------------------


def test_clk1_foundations_are_the_twelve_cards_at_their_hours() -> None:
    state = CLOCK.new(deal=5)
    for hour, card in enumerate(BASES, 1):
        assert piles(state)[f"hour{hour}"] == [card]
    assert piles(state)["hour9"] == ["2C"] and piles(state)["hour8"] == ["KD"]


def test_clk1_first_copy_taken_out_the_rest_keeps_its_order() -> None:
    """The first 2C in deck order becomes hour IX; the second copy is dealt like any card,
    and the cards around the removed one close up (packet1 AS, packet2 2S, packet3 2C)."""
    order = stack(["AS", "2C", "2S", "2C"], decks=2)
    state = CLOCK.new(deck=order)
    assert piles(state)["hour9"] == ["2C"]
    assert [piles(state)[f"packet{p}"][0] for p in (1, 2, 3)] == ["AS", "2S", "2C"]
    # the other bases were taken out further on: no packet or stock card is missing
    assert sum(len(cards) for cards in piles(state).values()) == 104


def test_clk1_a_base_found_late_in_the_deck_is_still_taken_out() -> None:
    """KD's first copy lies deep in the stock; it still starts hour VIII, and the stock
    closes up over it."""
    order = stack([], decks=2, last=["KD", "QH", "KD", "JH"])
    state = CLOCK.new(deck=order)
    assert piles(state)["hour8"] == ["KD"]
    assert piles(state)["stock"][:3] == ["JH", "KD", "QH"]  # bottom = dealt last


# --- CLK-2 -----------------------------------------------------------------------------


def test_clk2_capacities_are_the_hours_and_total_104() -> None:
    layout = {p.id: p.capacity for p in CLOCK.rules().layout}
    hours = [layout[f"hour{h}"] for h in range(1, 13)]
    assert hours == [9, 9, 9, 9, 9, 9, 9, 9, 8, 8, 8, 8]
    assert sum(hours) == 104


def test_clk2_build_up_in_suit_past_the_king_until_the_hour() -> None:
    """Hour I (6C) takes 7C … KC, then AC (wrap), and is complete: 2C is refused."""
    run = ["7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC"]
    state = new(stock=[*run, "2C"])
    for card in run:
        state.play("draw")
        state.play(f"{card}:talon>hour1")
    assert piles(state)["hour1"] == ["6C", *run]
    state.play("draw")
    assert "2C:talon>hour1" not in legal(state)
    with pytest.raises(IllegalMove):
        state.play("talon>hour1")


def test_clk2_hour_nine_is_complete_at_nine_with_eight_cards() -> None:
    """Hour IX (2C) stops at 9C: TC, the next club, is refused there."""
    run = ["3C", "4C", "5C", "6C", "7C", "8C", "9C"]
    state = new(stock=[*run, "TC"])
    for card in run:
        state.play("draw")
        state.play(f"{card}:talon>hour9")
    assert len(piles(state)["hour9"]) == 8
    state.play("draw")
    assert "TC:talon>hour9" not in legal(state)


def test_clk2_a_foundation_wants_its_suit_and_the_next_rank_only() -> None:
    """Hour IX (2C) takes 3C; not 3S (wrong suit), not 4C (skips a rank)."""
    state = new({1: ["AH", "AH", "3S"], 2: ["AD", "AD", "4C"], 3: ["AS", "AS", "3C"]})
    assert "3C:packet3>hour9" in legal(state)
    for text in ("3S:packet1>hour9", "4C:packet2>hour9"):
        assert text not in legal(state)
        with pytest.raises(IllegalMove):
            state.play(text)


def test_clk2_a_card_two_hours_want_is_the_players_choice() -> None:
    """Reading: 7C fits hour IX (on 6C) and hour I (its base 6C); both moves are listed."""
    state = new({1: ["AH", "AH", "3C"], 2: ["AD", "AD", "4C"], 3: ["AS", "AS", "5C"],
                 4: ["2H", "2H", "6C"], 5: ["2D", "2D", "7C"]})
    for text in ("3C:packet1>hour9", "4C:packet2>hour9", "5C:packet3>hour9",
                 "6C:packet4>hour9"):
        state.play(text)
    assert {"7C:packet5>hour9", "7C:packet5>hour1"} <= legal(state)


# --- CLK-3 -----------------------------------------------------------------------------


def test_clk3_packets_dealt_round_by_round_only_the_top_available() -> None:
    """After the bases, card k of the deck goes to packet (k mod 12) + 1; 3C is in packet1's
    middle, so only its top card (the third dealt to it) can move."""
    round1 = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS"]
    round2 = ["3C", "AD", "AD", "AH", "2H", "4H", "5H", "6H", "7H", "8H", "9H", "KS"]
    round3 = ["2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD", "QD", "KD"]
    rest = round1 + round2 + round3
    state = CLOCK.new(deck=stack([*BASES, *rest], decks=2))
    p = piles(state)
    assert p["packet1"] == ["AS", "3C", "2D"]
    assert p["packet12"] == ["QS", "KS", "KD"]
    assert all(len(p[f"packet{n}"]) == 3 for n in range(1, 13))
    assert len(p["stock"]) == 104 - 12 - 36 and p["talon"] == []
    assert "3C:packet1>hour9" not in legal(state)
    assert all(m.card == p[m.from_pile][-1] for m in state.legal_moves() if m.from_pile)


def test_clk3_taking_a_top_card_frees_the_one_beneath() -> None:
    state = new({1: ["AH", "4C", "3C"]})
    state.play("3C:packet1>hour9")
    assert "4C:packet1>hour9" in legal(state)


# --- CLK-4 -----------------------------------------------------------------------------


def test_clk4_marriage_same_suit_one_lower_is_reversible() -> None:
    state = new({1: ["AH", "AH", "5S"], 2: ["AD", "AD", "6S"], 3: ["2H", "2H", "6H"]})
    assert "5S:packet1>packet2" in legal(state)
    assert "5S:packet1>packet3" not in legal(state)  # wrong suit
    assert "6S:packet2>packet1" not in legal(state)  # marriages go down only
    assert raw(state, "5S:packet1>packet2")[3] is True
    state.play("5S:packet1>packet2")
    assert piles(state)["packet2"][-2:] == ["6S", "5S"]


def test_clk4_king_on_ace_refused_by_default_allowed_with_wrap_marriage() -> None:
    packets = {1: ["AH", "AH", "KS"], 2: ["2D", "2D", "AS"]}
    plain = new(packets)
    assert "KS:packet1>packet2" not in legal(plain)
    with pytest.raises(IllegalMove):
        plain.play("KS:packet1>packet2")
    wrapped = new(packets, wrap_marriage=True)
    wrapped.play("KS:packet1>packet2")
    assert piles(wrapped)["packet2"][-2:] == ["AS", "KS"]


def test_clk4_talon_and_stock_cards_never_marry() -> None:
    """5S lies on the talon and would fit packet2's 6S: refused; the stock offers nothing."""
    state = new({2: ["AD", "AD", "6S"]}, stock=["5S"])
    state.play("draw")
    assert piles(state)["talon"] == ["5S"]
    assert not any(m.from_pile in ("talon", "stock") and m.to_pile.startswith("packet")
                   for m in state.legal_moves() if m.to_pile)
    with pytest.raises(IllegalMove):
        state.play("5S:talon>packet2")


def test_clk4_no_marriage_onto_an_empty_packet() -> None:
    """Reading: a marriage is onto a card; an empty packet is refilled only by fill. (Free
    phases, CLK-5, let the plays that empty packet1 follow the marriage.)"""
    state = new({1: ["4C", "3C", "AS"], 2: ["AD", "AD", "2S"]}, phases="free")
    state.play("AS:packet1>packet2")
    state.play("3C:packet1>hour9")
    state.play("4C:packet1>hour9")
    assert piles(state)["packet1"] == []
    assert not any(m.to_pile == "packet1" for m in state.legal_moves())


def test_clk4_marriage_back_refused_by_repetition() -> None:
    """Shared rules: 5S may go onto packet2's 6S, but not back onto packet1's 6S afterwards (free
    phases, CLK-5: no phase tells the two layouts apart)."""
    state = new({1: ["AH", "6S", "5S"], 2: ["AD", "AD", "6S"]}, phases="free")
    state.play("5S:packet1>packet2")
    assert "5S:packet2>packet1" not in legal(state)
    with pytest.raises(IllegalMove, match="repetition"):
        state.play("5S:packet2>packet1")


def test_clk4_clk5_the_phase_is_part_of_the_position_the_repetition_rule_compares() -> None:
    """The repetition rule with strict phases (CLK-5): marrying 5S back recreates the layout of the start,
    but not its phase (a marriage has been made since), so it is allowed; going on to
    packet2 again recreates a position seen since the marriage and is refused."""
    state = new({1: ["AH", "6S", "5S"], 2: ["AD", "AD", "6S"]})
    state.play("5S:packet1>packet2")
    state.play("5S:packet2>packet1")
    assert state.to_dict()["married"] is True
    with pytest.raises(IllegalMove, match="repetition"):
        state.play("5S:packet1>packet2")


# --- CLK-5 -----------------------------------------------------------------------------


def test_clk5_draw_refused_while_a_packet_is_short() -> None:
    state = new({1: ["AH", "AH", "3C"]})
    assert "draw" in legal(state) and "fill" not in legal(state)
    state.play("3C:packet1>hour9")
    assert "fill" in legal(state) and "draw" not in legal(state)
    with pytest.raises(IllegalMove):
        state.play("draw")
    state.play("fill")
    assert "draw" in legal(state)


def test_clk5_fill_from_packet1_clockwise_each_made_whole() -> None:
    """Reading: packet1 is topped up to three before packet3, packet3 before packet12."""
    state = new({1: ["AH", "4C", "3C"], 3: ["AD", "AD", "5C"], 12: ["2H", "2H", "6C"]},
                stock=["JS", "QS", "KS", "JD"])
    for text in ("3C:packet1>hour9", "4C:packet1>hour9", "5C:packet3>hour9",
                 "6C:packet12>hour9"):
        state.play(text)
    assert [len(piles(state)[p]) for p in ("packet1", "packet3", "packet12")] == [1, 2, 2]
    state.play("fill")
    p = piles(state)
    assert p["packet1"] == ["AH", "JS", "QS"]
    assert p["packet3"] == ["AD", "AD", "KS"]
    assert p["packet12"] == ["2H", "2H", "JD"]
    assert all(len(p[f"packet{n}"]) == 3 for n in range(1, 13))


def test_clk5_fill_never_takes_the_talon() -> None:
    state = new({1: ["AH", "AH", "3C"]}, stock=["KS", "QS"])
    state.play("draw")
    state.play("3C:packet1>hour9")
    state.play("fill")
    assert piles(state)["talon"] == ["KS"]
    assert piles(state)["packet1"] == ["AH", "AH", "QS"]


def test_clk5_play_and_marry_into_a_short_packet_before_filling() -> None:
    state = new({1: ["AH", "6S", "3C"], 2: ["AD", "AD", "5S"]})
    state.play("3C:packet1>hour9")
    assert "fill" in legal(state)
    state.play("5S:packet2>packet1")
    assert piles(state)["packet1"] == ["AH", "6S", "5S"]
    assert "fill" in legal(state)  # packet2 is short now
    state.play("fill")
    assert len(piles(state)["packet2"]) == 3


def test_clk5_a_long_packet_is_left_alone_and_a_spent_stock_leaves_packets_short() -> None:
    """Packet2 holds four after a marriage; fill does not touch it. Reading: when the stock
    runs out during fill, the later packets stay short, and then no action is legal."""
    state = new({1: ["AH", "AH", "5S"], 2: ["AD", "AD", "6S"], 3: ["2H", "2H", "3C"]})
    for _ in range(104 - 12 - 36 - 1):
        state.play("draw")
    state.play("3C:packet3>hour9")  # CLK-5: the play before the marriage
    state.play("5S:packet1>packet2")
    assert len(piles(state)["stock"]) == 1
    state.play("fill")
    p = piles(state)
    assert len(p["packet1"]) == 3 and len(p["packet2"]) == 4 and len(p["packet3"]) == 2
    assert p["stock"] == []
    assert not {"fill", "draw"} & legal(state)


# CLK-5's phases. Packet1's 3C may go to hour IX; packet2's 5S may marry onto packet3's
# 6S, which leaves packet2 short, so that `fill` is legal while the stock lasts.
PHASES = {1: ["AH", "AH", "3C"], 2: ["AD", "AD", "5S"], 3: ["2H", "2H", "6S"]}
STOCK_CARDS = 104 - 12 - 36


def test_clk5_strict_a_marriage_holds_packet_plays_until_the_fill() -> None:
    state = new(PHASES)
    assert state.game.options["phases"] == "strict"
    state.play("5S:packet2>packet3")
    assert "fill" in legal(state)
    assert "3C:packet1>hour9" not in legal(state)
    with pytest.raises(IllegalMove, match=r"refilled .*CLK-5"):
        state.play("3C:packet1>hour9")
    state.play("fill")  # the next round
    assert state.to_dict()["married"] is False
    state.play("3C:packet1>hour9")


def test_clk5_strict_a_marriage_holds_talon_plays_until_the_fill() -> None:
    state = new(PHASES, stock=["3C"])
    state.play("draw")
    assert "3C:talon>hour9" in legal(state)
    state.play("5S:packet2>packet3")
    assert not any(m.to_pile and m.to_pile.startswith("hour") for m in state.legal_moves())
    with pytest.raises(IllegalMove, match=r"refilled .*CLK-5"):
        state.play("3C:talon>hour9")
    state.play("fill")
    state.play("3C:talon>hour9")


def test_clk5_strict_a_marriage_needs_no_play_before_it() -> None:
    """CLK-5: plays are never forced, so 5S marries while 3C could still go up; the play
    then waits for the fill."""
    state = new(PHASES)
    assert {"3C:packet1>hour9", "5S:packet2>packet3"} <= legal(state)
    state.play("5S:packet2>packet3")
    assert piles(state)["packet3"][-2:] == ["6S", "5S"]


def test_clk5_strict_plays_follow_a_marriage_once_the_stock_is_spent() -> None:
    """CLK-5: with the stock spent `fill` is never legal again, so nothing is held."""
    state = new(PHASES)
    for _ in range(STOCK_CARDS):
        state.play("draw")
    state.play("5S:packet2>packet3")
    assert state.to_dict()["married"] is True
    assert "fill" not in legal(state)
    state.play("3C:packet1>hour9")


def test_clk5_strict_plays_follow_a_marriage_while_no_packet_is_short() -> None:
    """CLK-5: the plays wait only while `fill` is legal. 5S from a packet of four (a
    marriage of the round before) leaves it three long, so 3C may still go up; its play
    shortens packet1, and then the next play waits for the fill."""
    packets = {**PHASES, 4: ["2D", "2D", "4C"], 5: ["3D", "7S", "6S"]}
    state = new(packets)
    state.play("5S:packet2>packet3")
    state.play("fill")
    assert len(piles(state)["packet3"]) == 4 and "draw" in legal(state)
    state.play("5S:packet3>packet5")
    assert "fill" not in legal(state)
    state.play("3C:packet1>hour9")
    assert "fill" in legal(state)
    assert "4C:packet4>hour9" not in legal(state)
    state.play("fill")
    state.play("4C:packet4>hour9")


def test_clk5_undo_restores_the_phase() -> None:
    state = new(PHASES)
    before = state.to_dict()
    state.play("5S:packet2>packet3")
    state.undo()
    assert state.to_dict() == before and before["married"] is False
    assert "3C:packet1>hour9" in legal(state)
    state.play("5S:packet2>packet3")
    state.play("fill")
    state.undo()
    assert state.to_dict()["married"] is True
    assert "3C:packet1>hour9" not in legal(state)


def test_clk5_free_phases_mix_plays_and_marriages_before_the_fill() -> None:
    state = new(PHASES, phases="free")
    state.play("5S:packet2>packet3")
    assert "married" not in state.to_dict()
    state.play("3C:packet1>hour9")
    assert "fill" in legal(state)


def test_clk5_rules_version_1_plays_free_phases_and_replays_as_played() -> None:
    """A game of rules version 1 takes its day's default, free phases: a
    record of it with a play after a marriage, before the fill, replays exactly."""
    state = CLOCK.new(deck=deck(PHASES), rules_version="1")
    assert state.rules.options["phases"] == "free"
    state.play("5S:packet2>packet3")
    state.play("3C:packet1>hour9")
    state.play("fill")
    record = state.record()
    del record["options"]["phases"]  # an old record names no phases
    again = patience.replay(record)
    assert again.to_dict() == state.to_dict()
    assert [str(m) for m in again.history()] == [str(m) for m in state.history()]
    with pytest.raises(RecordError, match="CLK-5"):  # today's default holds the play
        patience.replay({**record, "rules_version": "2"})


def test_clk5_the_terminal_says_when_plays_wait_for_the_fill() -> None:
    state = new(PHASES)
    assert "fill the packets before" not in render(state)
    state.play("5S:packet2>packet3")
    assert "fill the packets before any card goes to a foundation" in " ".join(
        render(state).split())
    state.play("fill")
    assert "fill the packets before" not in render(state)


# --- CLK-6 -----------------------------------------------------------------------------


def test_clk6_draw_turns_the_stock_top_onto_the_talon() -> None:
    state = new(stock=["3C", "QH"])
    before = len(piles(state)["stock"])
    state.play("draw")
    state.play("draw")
    p = piles(state)
    assert p["talon"] == ["3C", "QH"] and len(p["stock"]) == before - 2
    assert "3C:talon>hour9" not in legal(state)  # only the talon top is available
    state.undo()
    state.play("3C:talon>hour9")  # the talon top, once on top, goes to its foundation


def test_clk6_the_talon_top_goes_to_foundations_only() -> None:
    state = new({4: ["AD", "AD", "4C"]}, stock=["3C"])
    state.play("draw")
    from_talon = [m for m in state.legal_moves() if m.from_pile == "talon"]
    assert [str(m) for m in from_talon] == ["3C:talon>hour9"]
    state.play("3C:talon>hour9")
    assert piles(state)["talon"] == []
    assert "4C:packet4>hour9" in legal(state)


# --- CLK-7 -----------------------------------------------------------------------------


def _build_order() -> list[tuple[str, int]]:
    """Every non-base card with the hour it ends on, round the hours one card at a time."""
    runs = []
    for hour, base in enumerate(BASES, 1):
        rank, suit = RANKS.index(base[0]) + 1, base[1]
        run = []
        while rank != hour:
            rank = rank % 13 + 1
            run.append((RANKS[rank - 1] + suit, hour))
        runs.append(run)
    order = []
    while any(runs):
        for run in runs:
            if run:
                order.append(run.pop(0))
    return order


def _filled(batch: Sequence[str]) -> list[str]:
    """Stock cards that ``fill`` lays so the batch can be played in its order from the
    packet tops (all tops in packet order first, then the cards beneath)."""
    sizes = [min(3, max(0, len(batch) - 3 * p)) for p in range(12)]
    slots = [(layer, p) for layer in range(3) for p in range(12) if sizes[p] > layer]
    at = dict(zip(slots, batch, strict=True))
    return [at[layer, p] for p in range(12) for layer in reversed(range(sizes[p]))]


def _deck_for(order: list[tuple[str, int]], drawn: Sequence[str] = ()) -> list[str]:
    """A deck on which ``order`` can be played as it stands, after drawing ``drawn``."""
    cards = [code for code, _ in order]
    first = cards[:36]
    dealt = first[24:36] + first[12:24] + first[0:12]  # rounds 1, 2, 3: tops play first
    return [*BASES, *dealt, *drawn, *_filled(cards[36:72]), *_filled(cards[72:])]


def _play_in_order(state: patience.State, order: list[tuple[str, int]]) -> None:
    """Each card of ``order`` from a packet to its hour, filling when it is not on top."""
    for code, hour in order:
        while True:
            moves = [m for m in state.legal_moves() if m.card == code
                     and m.to_pile == f"hour{hour}" and m.from_pile != "talon"]
            if moves:
                state.play(moves[0])
                break
            state.play("fill")


def test_clk7_won_when_all_twelve_hours_complete() -> None:
    order = _build_order()
    assert len(order) == 92
    state = CLOCK.new(deck=_deck_for(order))
    _play_in_order(state, order)
    assert state.status == "won"
    assert state.legal_moves() == []
    for hour in range(1, 13):
        top = piles(state)[f"hour{hour}"][-1]
        assert RANKS.index(top[0]) + 1 == hour


def test_clk7_cards_left_on_the_talon_lose() -> None:
    """Hour VIII's last two cards, 7D under 8D, lie on the talon once all else is played:
    stock and packets are empty but the game is lost, not won."""
    order = _build_order()
    order.reverse()
    order.remove(("8D", 8))
    order.remove(("7D", 8))
    order.reverse()
    state = CLOCK.new(deck=_deck_for(order, drawn=["7D", "8D"]))
    state.play("draw")
    state.play("draw")
    _play_in_order(state, order)
    p = piles(state)
    assert p["stock"] == [] and p["talon"] == ["7D", "8D"]
    assert all(p[f"packet{n}"] == [] for n in range(1, 13))
    assert p["hour8"][-1] == "6D"
    assert state.status == "lost"


def test_clk7_no_redeal_lost_when_the_stock_is_spent() -> None:
    state = new()
    while "draw" in legal(state):
        state.play("draw")
    assert piles(state)["stock"] == [] and piles(state)["talon"]
    actions = {m.action for m in state.legal_moves() if m.action}
    assert actions == set()
    with pytest.raises(IllegalMove):
        state.play("redeal")
    while state.status == "playing":  # only packet and talon plays remain; they run out
        state.play(state.legal_moves()[0])
    assert state.status == "lost"
    assert piles(state)["stock"] == []

