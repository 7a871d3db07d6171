"""Rainbow, clause by clause on hand-made decks."""

from __future__ import annotations

import pytest

import patience
from patience import IllegalMove
from patience.deals import chance_shuffle, chance_source
from tests.decks import stack
from tests.games.reserve_tools import actions, pairs, reserve_deck, spend_stock, waste_cards

RAINBOW = patience.get_game("rainbow")

# RBW-2/3/4: the rainbow reads, from its end back, AH 2H … KH AS … QS KD, over base KC, so
# it can be played out entirely: found1 goes KC A…K A…Q (26), and KD starts found2.
CLIMB = ["KD", *(r + "S" for r in "QJT98765432A"), *(r + "H" for r in "KQJT98765432A")]


def new(first: list[str], **options: object) -> patience.State:
    return RAINBOW.new(deck=stack(first, decks=2), **options)


def test_rbw1_layout_piles_and_face_down_rainbow() -> None:
    """RBW-1: 26 rainbow cards, all face down but the end; the 27th starts found1."""
    deck = reserve_deck(26, end=["5D"], base=["9C"], stock=["2H"])
    state = RAINBOW.new(deck=deck)
    data = state.to_dict()
    assert list(data["piles"]) == ["rainbow", "found1", "found2", "found3", "found4",
                                   "pile1", "pile2", "pile3", "stock", "hand"]
    assert data["piles"]["rainbow"] == deck[:26]
    assert data["piles"]["found1"] == ["9C"]
    assert data["face_down"] == {"rainbow": 25, "stock": 77}
    assert data["piles"]["stock"][-1] == "2H" and data["piles"]["hand"] == []
    assert data["base_rank"] == "9"


def test_rbw2_base_rank_starts_the_lowest_empty_foundation_only() -> None:
    """RBW-2: a base-rank card (rainbow end or hand) starts found2, never found3 or a
    card of another rank."""
    state = RAINBOW.new(deck=reserve_deck(26, end=["9S"], base=["9C"], stock=["9H", "4D"]))
    assert ("rainbow", "found2") in pairs(state)
    assert ("rainbow", "found3") not in pairs(state)
    state.play("draw")
    assert ("hand", "found2") in pairs(state)
    state.play("rainbow>found2")
    assert ("hand", "found3") in pairs(state) and ("hand", "found4") not in pairs(state)
    state.play("hand>found3")
    state.play("draw")  # 4D: not the base rank
    assert not any(dst.startswith("found") for src, dst in pairs(state) if src == "hand")
    with pytest.raises(IllegalMove):
        state.play("hand>found4")


def test_rbw2_player_chooses_between_starting_and_continuing() -> None:
    """RBW-2: a base-rank card may start a new foundation or go on one come round."""
    state = new([*CLIMB, "KC"])
    for _ in range(12):  # AH … QH onto KC
        state.play("rainbow>found1")
    assert state.to_dict()["piles"]["rainbow"][-1] == "KH"
    assert {("rainbow", "found1"), ("rainbow", "found2")} <= pairs(state)


def test_rbw3_foundations_wrap_and_hold_26() -> None:
    """RBW-3: K is followed by A; twice round is 26 cards, then the foundation is closed."""
    state = new([*CLIMB, "KC"])
    assert ("rainbow", "found1") in pairs(state)  # AH on KC: wrap
    for _ in range(25):
        state.play("rainbow>found1")
    assert len(state.to_dict()["piles"]["found1"]) == 26
    assert state.to_dict()["piles"]["rainbow"] == ["KD"]
    assert ("rainbow", "found1") not in pairs(state)  # full, though K follows Q
    assert ("rainbow", "found2") in pairs(state)


def test_rbw4_turn_up_and_an_emptied_rainbow_is_gone() -> None:
    """RBW-4: each time the face-up part is gone the next card turns up; at last the
    rainbow is gone and takes no card."""
    state = new([*CLIMB, "KC"])
    state.play("rainbow>found1")
    assert state.to_dict()["face_down"]["rainbow"] == 24
    state.undo()
    assert state.to_dict()["face_down"]["rainbow"] == 25
    for _ in range(25):
        state.play("rainbow>found1")
    state.play("rainbow>found2")
    data = state.to_dict()
    assert data["piles"]["rainbow"] == [] and "rainbow" not in data["face_down"]
    state.play("draw")
    assert not any(dst == "rainbow" for _, dst in pairs(state))
    with pytest.raises(IllegalMove):
        state.play("hand>rainbow")


def test_rbw4_build_down_with_wrap_and_turn_up_only_when_face_up_part_gone() -> None:
    """RBW-4: K goes on the A end (wrap); taking it off turns nothing up, taking the A does."""
    state = RAINBOW.new(deck=reserve_deck(26, end=["AD"], base=["QC"], stock=["KS", "QH"]))
    state.play("draw")
    assert ("hand", "rainbow") in pairs(state)
    state.play("KS:hand>rainbow")
    data = state.to_dict()
    assert data["piles"]["rainbow"][-2:] == ["AD", "KS"] and data["face_down"]["rainbow"] == 25
    state.play("draw")  # QH goes down on the new end KS
    assert ("hand", "rainbow") in pairs(state)
    state.play("hand>pile1")
    state.play("KS:rainbow>found1")
    assert state.to_dict()["face_down"]["rainbow"] == 25  # AD is still face up
    state.play("AD:rainbow>found1")
    assert state.to_dict()["face_down"]["rainbow"] == 24


def test_rbw4_wrong_rank_refused_and_rainbow_end_only_to_foundations() -> None:
    """RBW-4: only one rank lower goes on the end; the end never goes to a waste pile."""
    state = RAINBOW.new(deck=reserve_deck(26, end=["AD"], base=["QC"], stock=["QS"]))
    state.play("draw")
    assert ("hand", "rainbow") not in pairs(state)
    with pytest.raises(IllegalMove):
        state.play("hand>rainbow")
    with pytest.raises(IllegalMove):
        state.play("rainbow>pile1")


def test_rbw4_face_down_count_is_part_of_the_key() -> None:
    """RBW-4: two positions with the same cards but a different face-down count differ."""
    state = RAINBOW.new(deck=reserve_deck(26, end=["AD"], base=["QC"]))
    other = state.copy()
    other.vars[state.rules.var_names.index("face_down")] -= 1
    assert other.key() != state.key()


def test_rbw5_draw_only_with_an_empty_hand_and_where_the_hand_card_goes() -> None:
    """RBW-5: no second draw; the hand card to a foundation, the rainbow end or a pile;
    other moves stay legal while the hand is full."""
    state = RAINBOW.new(deck=reserve_deck(26, end=["8D"], base=["7C"], stock=["7S", "2S"]))
    assert actions(state) == {"draw"}
    state.play("draw")
    assert "draw" not in actions(state)
    with pytest.raises(IllegalMove):
        state.play("draw")
    # 7S starts found2, goes down on the 8D end, or onto a pile
    assert {("hand", "found2"), ("hand", "rainbow"), ("hand", "pile1")} <= pairs(state)
    assert ("rainbow", "found1") in pairs(state)  # 8D on 7C while the hand holds 7S


def test_rbw5_pile_tops_never_go_to_another_pile() -> None:
    """RBW-5: a waste pile's top goes to a foundation or the rainbow end, not to a pile."""
    state = RAINBOW.new(deck=reserve_deck(26, end=["8D"], base=["6C"], stock=["7S", "2S"]))
    state.play("draw")
    state.play("hand>pile1")
    assert {("pile1", "found1"), ("pile1", "rainbow")} <= pairs(state)
    state.play("draw")
    state.play("hand>pile2")
    assert not any(s.startswith("pile") and d.startswith("pile") for s, d in pairs(state))
    with pytest.raises(IllegalMove):
        state.play("pile1>pile3")


def test_rbw5_no_redeal_while_the_hand_holds_a_card() -> None:
    """RBW-5/RBW-7: with the stock spent but a card in hand, redeal is not legal."""
    state = RAINBOW.new(deal=5)
    while len(state.to_dict()["piles"]["stock"]) > 1:
        spend_one(state)
    state.play("draw")
    assert "redeal" not in actions(state)
    spend_last = [m for m in state.legal_moves() if (m.to_pile or "").startswith("pile")]
    state.play(spend_last[0])
    assert "redeal" in actions(state)


def spend_one(state: patience.State) -> None:
    state.play("draw")
    state.play(next(m for m in state.legal_moves() if (m.to_pile or "").startswith("pile")))


def test_rbw6_piles_fill_evenly_and_counts_never_drop() -> None:
    """RBW-6: a pile may take a card only if no other took fewer this pass; a card leaving
    a pile does not lower its count."""
    state = RAINBOW.new(deck=reserve_deck(26, end=["2D"], base=["7C"],
                                          stock=["8S", "3S", "4S", "5S"]))
    state.play("draw")
    assert {("hand", "pile1"), ("hand", "pile2"), ("hand", "pile3")} <= pairs(state)
    state.play("8S:hand>pile1")
    state.play("pile1>found1")  # pile1 is empty again, but it has had its card
    state.play("draw")
    assert ("hand", "pile1") not in pairs(state)
    with pytest.raises(IllegalMove):
        state.play("hand>pile1")
    state.play("hand>pile2")
    state.play("draw")
    assert {d for s, d in pairs(state) if s == "hand"} & {"pile1", "pile2", "pile3"} == {"pile3"}
    state.play("hand>pile3")
    state.play("draw")
    assert {("hand", "pile1"), ("hand", "pile2"), ("hand", "pile3")} <= pairs(state)
    assert state.to_dict()["placed_this_pass"] == {"pile1": 1, "pile2": 1, "pile3": 1}


def test_rbw6_a_redeal_starts_a_new_pass() -> None:
    """RBW-6: the counts start again at each redeal."""
    state = RAINBOW.new(deal=2)
    spend_stock(state)
    assert sum(state.to_dict()["placed_this_pass"].values()) == 77
    state.play("redeal")
    assert state.to_dict()["placed_this_pass"] == {"pile1": 0, "pile2": 0, "pile3": 0}


def test_rbw7_redeal_gathers_piles_in_order_and_shuffles_by_chance() -> None:
    """RBW-7: pile1, pile2, pile3 bottom to top, shuffled as chance event 0 (the first
    redeal), the first card of the shuffled list on top of the new stock."""
    deck = reserve_deck(26, end=["2D"], base=["7C"])
    state = RAINBOW.new(deck=deck)
    spend_stock(state)
    gathered = waste_cards(state)
    assert len(gathered) == 77
    state.play("redeal")
    expected = chance_shuffle(gathered, chance_source(None, deck), 0)
    data = state.to_dict()
    assert data["piles"]["stock"] == expected[::-1]
    assert all(not data["piles"][p] for p in ("pile1", "pile2", "pile3"))
    assert data["redeals"] == 1
    state.play("draw")
    assert state.to_dict()["piles"]["hand"] == [expected[0]]


def test_rbw7_second_redeal_is_chance_event_1() -> None:
    """RBW-7: each redeal draws from its own event index."""
    state = RAINBOW.new(deal=9)
    spend_stock(state)
    state.play("redeal")
    spend_stock(state)
    gathered = waste_cards(state)
    state.play("redeal")
    expected = chance_shuffle(gathered, chance_source(9, None), 1)
    assert state.to_dict()["piles"]["stock"] == expected[::-1]


def test_rbw7_redeal_replays_exactly_after_undo() -> None:
    """RBW-7: undo restores the piles; redealing again gives the same stock."""
    state = RAINBOW.new(deal=4)
    spend_stock(state)
    before = state.to_dict()
    state.play("redeal")
    after = state.to_dict()
    state.undo()
    assert state.to_dict() == before
    state.play("redeal")
    assert state.to_dict() == after
    assert patience.replay(state.record()).to_dict() == after


@pytest.mark.parametrize(("allowed", "options"), [(3, {}), (5, {"redeals": 5})])
def test_rbw7_redeal_limit(allowed: int, options: dict[str, int]) -> None:
    """RBW-7: three redeals by default (a fourth is refused), five with redeals=5."""
    state = RAINBOW.new(deal=11, **options)
    for _ in range(allowed):
        spend_stock(state)
        state.play("redeal")
    spend_stock(state)
    assert "redeal" not in actions(state)
    with pytest.raises(IllegalMove):
        state.play("redeal")
    assert state.to_dict()["redeals"] == allowed


def test_rbw7_no_redeal_when_every_waste_pile_is_empty() -> None:
    """RBW-7 [R]: "a waste pile holds cards" is required; a redeal of nothing is refused.
    Here the whole stock climbs straight onto found1…found3 and the piles stay empty."""
    ranks = "A23456789TJQK"
    climb, used = [], dict.fromkeys(ranks, 0)
    for i in range(78):  # 7, 8, …, 6 six times: three foundations of 26
        rank = ranks[(6 + i) % 13]
        climb.append(rank + "SSHHDD"[used[rank]])
        used[rank] += 1
    clubs = [r + "C" for r in ranks for _ in range(2)]  # the rainbow: every club twice
    state = RAINBOW.new(deck=[*clubs, *climb])
    while state.to_dict()["piles"]["stock"]:
        state.play("draw")
        targets = [m for m in state.legal_moves()
                   if m.from_pile == "hand" and (m.to_pile or "").startswith("found")]
        started = [m for m in targets if state.to_dict()["piles"][m.to_pile or ""]]
        state.play((started or targets)[0])
    data = state.to_dict()
    assert [len(data["piles"][f"found{k}"]) for k in (1, 2, 3)] == [26, 26, 26]
    assert not waste_cards(state) and not data["piles"]["hand"]
    assert "redeal" not in actions(state)
    with pytest.raises(IllegalMove):
        state.play("redeal")
