"""Sun: one test or more per clause, each on a hand-made deck."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest

import patience
from patience import IllegalMove
from patience.deals import chance_shuffle
from tests.decks import placed, relabel, stack

SUN = patience.get_game("sun")


def at(ray: int, arc: int) -> int:
    """Deck index of the card dealt to ``ray`` (1-13) in arc ``arc`` (1-8), SUN-4."""
    return 13 * (arc - 1) + ray - 1


def moves(state: patience.State) -> set[str]:
    return {str(m) for m in state.legal_moves()}


def act(state: patience.State, action: str, times: int = 1) -> None:
    for _ in range(times):
        state.play(action)


ANY = {"deal_when": "any"}  # SUN-4's option: deal at any time


def to_stage_3(state: patience.State) -> None:
    act(state, "deal", 7)
    act(state, "next-stage")
    act(state, "next-ray", 13)


def test_sun_1_piles_and_no_clouds_before_stage_3() -> None:
    """SUN-1: piles and no clouds before stage 3."""
    data = SUN.new(deal=1).to_dict()
    rays = [f"ray{i}" for i in range(1, 14)]
    found = [f"{k}-{s}" for k in ("ace", "king") for s in "SHDC"]
    assert list(data["piles"]) == [*rays, *found, "stock"]
    assert data["face_down"] == {"stock": 91}


def test_sun_2_ace_piles_build_up_king_piles_down_in_suit() -> None:
    """SUN-2: ace piles build up king piles down in suit."""
    state = SUN.new(deck=stack(["AS", "2S", "3H", "KH", "QH", "AH", "2H", "KS"], decks=2))
    assert moves(state) >= {"AS:ray1>ace-S", "KH:ray4>king-H", "AH:ray6>ace-H",
                            "KS:ray8>king-S"}
    assert not {m for m in moves(state) if m.startswith(("2S", "QH", "3H", "2H"))}
    state.play("AS:ray1>ace-S")
    assert "2S:ray2>ace-S" in moves(state)
    state.play("KH:ray4>king-H")
    assert "QH:ray5>king-H" in moves(state)
    with pytest.raises(IllegalMove):
        state.play("AH:ray6>ace-S")  # wrong suit
    with pytest.raises(IllegalMove):
        state.play("KS:ray8>king-H")


def test_sun_2_second_ace_can_only_end_the_king_pile() -> None:
    """SUN-2: spades fill ace-S to 4 and king-S down to 5; the second AS then ends
    king-S, nowhere else."""
    arc = ["AS", "2S", "3S", "4S", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S"]
    deck = stack(arc + ["2S", "AS"], decks=2)
    state = SUN.new(deck=deck)
    for code, pile in zip(arc[:4], ["ace-S"] * 4, strict=True):
        state.play({"from": f"ray{arc.index(code) + 1}", "to": pile, "card": code})
    for i, code in enumerate(arc[4:], start=5):
        state.play({"from": f"ray{i}", "to": "king-S", "card": code})
    # ace-S = A..4, king-S = K..5: the two meet (SUN-3) and the suit's first copy is done
    state.play("deal")
    assert "2S:ray1>king-S" not in moves(state)  # needs king-S down to 3 first
    state.play("4S:ace-S>king-S")
    state.play("3S:ace-S>king-S")
    state.play("2S:ray1>king-S")
    assert moves(state) & {"AS:ray2>king-S"} and "AS:ray2>ace-S" not in moves(state)


FREE = {"transfers": "free"}  # SUN-3's option: transfers without a purpose


def test_sun_3_transfers_both_ways_between_meeting_piles() -> None:
    """SUN-3, ``transfers = "free"``: transfers both ways between meeting piles."""
    arc = ["AS", "2S", "3S", "4S", "5S", "6S", "KS", "QS", "JS", "TS", "9S", "8S", "7S"]
    state = SUN.new(deck=stack(arc, decks=2), **FREE)
    for i, code in enumerate(arc, start=1):
        state.play({"from": f"ray{i}", "to": "ace-S" if i <= 6 else "king-S", "card": code})
    assert {"6S:ace-S>king-S", "7S:king-S>ace-S"} <= moves(state)
    state.play("6S:ace-S>king-S")
    assert state.to_dict()["piles"]["king-S"][-2:] == ["7S", "6S"]
    state.play("5S:ace-S>king-S")
    assert state.to_dict()["piles"]["ace-S"] == ["AS", "2S", "3S", "4S"]


MEETING = ["AS", "2S", "3S", "4S", "5S", "6S", "KS", "QS", "JS", "TS", "9S", "8S", "7S"]


def meeting_spades(second_arc: list[str], third_arc: Sequence[str] = (), **options: str
                   ) -> patience.State:
    """ace-S holds A…6 and king-S K…7 (the two piles meet, SUN-3); then the second arc is
    dealt, ``second_arc`` from ray1 on (``third_arc`` is the next one in the stock)."""
    state = SUN.new(deck=stack([*MEETING, *second_arc, *third_arc], decks=2), **options)
    for i, code in enumerate(MEETING, start=1):
        state.play({"from": f"ray{i}", "to": "ace-S" if i <= 6 else "king-S", "card": code})
    state.play("deal")
    return state


def transfers(state: patience.State) -> set[str]:
    return {str(m) for m in state.legal_moves()
            if m.from_pile and m.from_pile.startswith(("ace-", "king-"))}


def test_sun_3_purposeful_a_transfer_is_offered_only_to_put_an_available_card_up() -> None:
    """SUN-3 (default ``transfers = "purposeful"``): "in order to put a suitable free card
    of a ray on the foundation". With the second 5S on ray1 the 6S may cross onto king-S,
    after which king-S takes the 5S; the 7S may not cross onto ace-S, since no 8S is
    available to follow it."""
    state = meeting_spades(["5S", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH",
                            "JH", "QH", "2D"])
    assert transfers(state) == {"6S:ace-S>king-S"}
    assert "5S:ray1>king-S" not in {str(m) for m in state.legal_moves()}
    with pytest.raises(IllegalMove):
        state.play("7S:king-S>ace-S")
    state.play("6S:ace-S>king-S")
    state.play("5S:ray1>king-S")
    assert state.to_dict()["piles"]["king-S"][-3:] == ["7S", "6S", "5S"]


def test_sun_3_purposeful_the_card_must_be_available_now() -> None:
    """SUN-3: a 5S covered by the next arc serves no purpose: no transfer is offered; the
    same position under ``transfers = "free"`` offers both."""
    second = ["5S", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH", "2D"]
    third = ["3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD", "QD", "2C", "3C", "4C"]
    state = meeting_spades(second, third, **ANY)
    assert transfers(state) == {"6S:ace-S>king-S"}
    state.play("deal")  # the 3D now lies on the 5S
    assert transfers(state) == set()
    free = meeting_spades(second, third, **FREE, **ANY)
    free.play("deal")
    assert transfers(free) == {"6S:ace-S>king-S", "7S:king-S>ace-S"}


def test_sun_3_rules_version_2_takes_one_transfer_per_purpose() -> None:
    """SUN-3 as rules version 2 read it: the purpose is judged move by move. A 4S on ray1
    would go up only after two transfers (6S, then 5S onto king-S); the first one alone
    puts no card up, so neither is offered, and the 8S on ray2 makes the 7S's crossing the
    only transfer."""
    state = meeting_spades(["4S", "8S", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH",
                            "JH", "QH", "2D"], rules_version="2")
    assert transfers(state) == {"7S:king-S>ace-S"}
    state.play("7S:king-S>ace-S")
    state.play("8S:ray2>ace-S")
    assert state.to_dict()["piles"]["ace-S"][-3:] == ["6S", "7S", "8S"]


HEARTS = ["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH", "2D"]


def test_sun_3_crossings_step_towards_a_lower_card_of_a_ray() -> None:
    """SUN-3: "A–6 / K–7 with a 4 free: 6 down, 5 down, then the 4 onto king-X". Each
    crossing down is a step towards the 4S on ray1; nothing asks for a crossing up."""
    state = meeting_spades(["4S", *HEARTS])
    assert transfers(state) == {"6S:ace-S>king-S"}
    with pytest.raises(IllegalMove):
        state.play("7S:king-S>ace-S")
    state.play("6S:ace-S>king-S")
    assert transfers(state) == {"5S:ace-S>king-S"}  # 6S back up would repeat a position
    state.play("5S:ace-S>king-S")
    state.play("4S:ray1>king-S")
    assert state.to_dict()["piles"]["king-S"][-4:] == ["7S", "6S", "5S", "4S"]
    assert transfers(state) == set()  # no spade of a ray left to step towards


def test_sun_3_crossings_step_towards_a_higher_card_of_a_ray() -> None:
    """SUN-3: a crossing up (u+1 onto ace-X) is legal when a card of a ray ranks above
    u+1: with a 9S on ray1, the 7S then the 8S cross up and the 9S follows them."""
    state = meeting_spades(["9S", *HEARTS])
    assert transfers(state) == {"7S:king-S>ace-S"}
    state.play("7S:king-S>ace-S")
    assert transfers(state) == {"8S:king-S>ace-S"}
    state.play("8S:king-S>ace-S")
    state.play("9S:ray1>ace-S")
    assert state.to_dict()["piles"]["ace-S"][-3:] == ["7S", "8S", "9S"]


def test_sun_3_a_card_wanted_already_gives_no_purpose() -> None:
    """SUN-3: the second 6S and 7S go up as they are (king-S wants a 6, ace-S a 7):
    neither asks for a crossing; a 4S beside them asks for the one down."""
    state = meeting_spades(["6S", "7S", *HEARTS[1:]])
    assert transfers(state) == set()
    assert {"6S:ray1>king-S", "7S:ray2>ace-S"} <= moves(state)
    both = meeting_spades(["6S", "4S", *HEARTS[1:]])
    assert transfers(both) == {"6S:ace-S>king-S"}


def ray13_holds(code: str, **options: str) -> patience.State:
    """Spades meeting at A…6 / K…7 with ``code`` the innermost card of ray13 (its second
    arc), every arc dealt and stage 2 begun, ray1 in focus; the other spades lie deep in
    rays 2 to 12 (their third arc, and ray2's fourth)."""
    others = [f"{r}S" for r in "A23456789TJQK" if f"{r}S" != code]
    deep = [at(ray, 3) for ray in range(2, 13)] + [at(2, 4)]
    deck = placed({**{at(i, 1): c for i, c in enumerate(MEETING, start=1)},
                   at(13, 2): code, **dict(zip(deep, others, strict=True))}, decks=2)
    state = SUN.new(deck=deck, **ANY, **options)
    for i, c in enumerate(MEETING, start=1):
        state.play({"from": f"ray{i}", "to": "ace-S" if i <= 6 else "king-S", "card": c})
    act(state, "deal", 7)
    act(state, "next-stage")
    return state


def test_sun_3_a_card_of_the_ray_in_focus_gives_a_purpose_a_cloud_card_none() -> None:
    """SUN-3, SUN-5, SUN-6: the 4S under ray13's other cards serves no purpose until
    ray13 is in focus (every card of it available); once scattered it lies at the first
    end of a cloud, available there but not "a card of a ray": no crossing; nor after the
    wind. Under ``transfers = "free"`` the crossings stay."""
    state = ray13_holds("4S")
    assert transfers(state) == set()
    act(state, "next-ray", 12)
    assert state.to_dict()["focus"] == "ray13"
    assert transfers(state) == {"6S:ace-S>king-S"}
    act(state, "next-ray")
    assert transfers(state) == set()  # stage 3: ray13 shows its outer card only
    act(state, "scatter", 13)
    piles = state.to_dict()["piles"]
    clouds = [p for p in piles if p.startswith("cloud") and piles[p]]
    assert piles[clouds[-1]][0] == "4S" and all(not piles[f"ray{r}"] for r in range(1, 14))
    assert transfers(state) == set()
    state.play("wind")
    assert "4S" in state.to_dict()["piles"]["wind"] and transfers(state) == set()
    free = ray13_holds("4S", **FREE)
    act(free, "next-ray", 13)
    act(free, "scatter", 13)
    assert transfers(free) == {"6S:ace-S>king-S", "7S:king-S>ace-S"}


def test_sun_3_rules_version_2_counts_a_cloud_card() -> None:
    """SUN-3 as rules version 2 read it: a crossing after which an available card, of a
    ray or of a cloud, goes up at once. A 5S at a cloud's end lets the 6S cross there;
    today's rules want a card of a ray."""
    old = ray13_holds("5S", rules_version="2")
    now = ray13_holds("5S")
    for state in (old, now):
        act(state, "next-ray", 13)
        act(state, "scatter", 13)
    assert transfers(old) == {"6S:ace-S>king-S"}
    assert transfers(now) == set()


def test_sun_3_rules_version_1_crosses_freely_and_deals_any_time() -> None:
    """SUN-3, SUN-4 as rules version 1 played them: transfers free, deal at any time."""
    state = meeting_spades(HEARTS[:1] + HEARTS, rules_version="1")
    assert state.rules.options == {"transfers": "free", "deal_when": "any"}
    assert transfers(state) == {"6S:ace-S>king-S", "7S:king-S>ace-S"}
    assert "deal" in moves(state)


def test_sun_3_a_base_card_never_moves() -> None:
    """SUN-3: a base card never moves."""
    arc = ["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S"]
    state = SUN.new(deck=stack(arc, decks=2), **FREE)
    state.play("AS:ray1>ace-S")
    for i, code in enumerate(arc[1:], start=2):
        state.play({"from": f"ray{i}", "to": "king-S", "card": code})
    # ace-S = [AS] (its base), king-S = K..2: only 2S may cross, never the base AS
    transfers = {m for m in moves(state) if ">" in m and m.split(":")[1].startswith(("ace", "king"))}
    assert transfers == {"2S:king-S>ace-S"}
    with pytest.raises(IllegalMove):
        state.play("AS:ace-S>king-S")


def test_repetition_rule_refuses_a_transfer_that_recreates_a_position() -> None:
    """Shared rules: a reversible move may not recreate a position since the last
    irreversible step; undo brings the memory back."""
    arc = ["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S"]
    state = SUN.new(deck=stack(arc, decks=2), **FREE, **ANY)
    state.play("AS:ray1>ace-S")
    for i, code in enumerate(arc[1:], start=2):
        state.play({"from": f"ray{i}", "to": "king-S", "card": code})
    state.play("2S:king-S>ace-S")
    assert "2S:ace-S>king-S" not in moves(state)
    with pytest.raises(IllegalMove, match="repetition"):
        state.play("2S:ace-S>king-S")
    state.undo()
    state.play("2S:king-S>ace-S")  # the same move again after undo is fine
    state.play("deal")  # an irreversible step clears the memory
    state.play("2S:ace-S>king-S")


def test_sun_4_only_outer_cards_and_deal_covers_every_ray() -> None:
    """SUN-4: only outer cards and deal covers every ray."""
    deck = placed({at(1, 1): "AS", at(1, 2): "2H", at(2, 1): "AH", at(2, 2): "2S"}, decks=2)
    state = SUN.new(deck=deck, **ANY)
    assert len(state.to_dict()["piles"]["ray1"]) == 1
    state.play("AS:ray1>ace-S")  # ray1 is now empty
    state.play("deal")
    piles = state.to_dict()["piles"]
    assert all(len(piles[f"ray{r}"]) == (1 if r == 1 else 2) for r in range(1, 14))
    assert "AH:ray2>ace-H" not in moves(state)  # covered by 2S
    state.play("2S:ray2>ace-S")
    assert "AH:ray2>ace-H" in moves(state)  # released
    act(state, "deal", 6)
    assert state.to_dict()["face_down"] == {}
    assert "deal" not in moves(state) and "next-stage" in moves(state)


def test_sun_4_deal_refused_while_a_card_can_go_up() -> None:
    """SUN-4, ``deal_when = "stuck"`` (the default): the next arc waits while a card can
    go to a foundation; once nothing can move, it is dealt."""
    deck = stack(["AS", "2S", *HEARTS[:11]], decks=2)  # 2H…QH: no heart can go up
    state = SUN.new(deck=deck)
    assert "deal" not in moves(state)
    with pytest.raises(IllegalMove, match="SUN-4"):
        state.play("deal")
    state.play("AS:ray1>ace-S")
    assert "deal" not in moves(state)  # the 2S follows it
    state.play("2S:ray2>ace-S")
    assert moves(state) == {"deal"}
    state.play("deal")
    assert state.to_dict()["face_down"] == {"stock": 104 - 26}


def test_sun_4_deal_refused_while_a_purposeful_crossing_is_legal() -> None:
    """SUN-4 with SUN-3: no card can go up, but the 6S may cross towards the 4S of ray1:
    no deal; after 6S, 5S and the 4S, nothing moves and the arc is dealt."""
    state = meeting_spades(["4S", *HEARTS], third_arc=["3D"])
    assert moves(state) == {"6S:ace-S>king-S"}
    with pytest.raises(IllegalMove, match="SUN-4"):
        state.play("deal")
    for move in ("6S:ace-S>king-S", "5S:ace-S>king-S", "4S:ray1>king-S"):
        state.play(move)
    assert moves(state) == {"deal"}


def test_sun_4_free_crossings_keep_the_arc_back_until_the_repetition_rule_ends_them() -> None:
    """SUN-4 under ``transfers = "free"``: every crossing counts, but only those the
    repetition rule leaves legal; the arc comes once each crossing left would
    recreate a position, so the game never stops with cards in the stock."""
    state = SUN.new(deck=stack(MEETING, decks=2), **FREE)
    for i, code in enumerate(MEETING, start=1):
        state.play({"from": f"ray{i}", "to": "ace-S" if i <= 6 else "king-S", "card": code})
    for code in "65432":
        assert "deal" not in moves(state)
        state.play(f"{code}S:ace-S>king-S")
    assert moves(state) == {"deal"}  # the 2S back up would repeat a position


TRAP_ARCS = [
    ["AS", "2S", "3S", "4S", "5S", "6S", "KS", "QS", "JS", "TS", "9S", "8S", "7S"],
    ["AH", "2H", "3H", "4H", "5H", "6H", "KH", "QH", "JH", "TH", "9H", "8H", "7H"],
    ["4S", "7S", "5H", "8H", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD"],
]
# spades and hearts both meet at 6 | 7; the 4S and 7S, 5H and 8H lie free in rays
TRAP_WALK = ["7H:king-H>ace-H", "6S:ace-S>king-S", "5S:ace-S>king-S", "7H:ace-H>king-H",
             "6H:ace-H>king-H", "5S:king-S>ace-S", "6H:king-H>ace-H"]


def two_suits_meeting() -> patience.State:
    """Spades and hearts each at A…6 / K…7, the third arc dealt (TRAP_ARCS)."""
    state = SUN.new(deck=stack([c for arc in TRAP_ARCS for c in arc], decks=2))
    for arc in TRAP_ARCS[:2]:
        for i, code in enumerate(arc, start=1):
            found = "ace" if i <= 6 else "king"
            state.play({"from": f"ray{i}", "to": f"{found}-{code[1]}", "card": code})
        state.play("deal")
    return state


def test_sun_4_the_deal_depends_on_the_line_of_crossings() -> None:
    """SUN-4 read after the repetition rule: seven crossings of two suits walk round
    the position with spades at 5 | 6 and hearts at 6 | 7, so that every crossing from
    there would repeat a position and the deal is offered; the same board reached by one
    crossing offers crossings and no deal (the searches key it with its memory)."""
    walked = two_suits_meeting()
    for move in TRAP_WALK:
        walked.play(move)
    direct = two_suits_meeting()
    direct.play("6S:ace-S>king-S")
    assert walked.to_dict() == direct.to_dict()
    assert moves(walked) == {"deal"}
    assert "deal" not in moves(direct) and transfers(direct)
    assert walked.rules.legal_reads_memory(walked)


def test_sun_4_deal_when_any_deals_at_any_time() -> None:
    """SUN-4, ``deal_when = "any"``: the player deals whenever the stock holds cards."""
    deck = stack(["AS", "2S", *HEARTS[:11]], decks=2)
    state = SUN.new(deck=deck, **ANY)
    assert {"AS:ray1>ace-S", "deal"} <= moves(state)
    state.play("deal")
    assert "deal" in moves(state)
    old = SUN.new(deck=deck, rules_version="2")
    assert old.rules.options["deal_when"] == "any" and "deal" in moves(old)


def test_sun_5_stage_two_opens_the_focused_ray_and_only_moves_forward() -> None:
    """SUN-5: stage two opens the focused ray and only moves forward."""
    deck = placed({at(1, 1): "AS", at(2, 1): "AH"}, decks=2)
    state = SUN.new(deck=deck, **ANY)
    with pytest.raises(IllegalMove):
        state.play("next-stage")  # the stock is not empty
    act(state, "deal", 7)
    assert "AS:ray1>ace-S" not in {str(m).replace("[0]", "") for m in state.legal_moves()}
    state.play("next-stage")
    assert state.to_dict()["focus"] == "ray1"
    assert "AS:ray1[0]>ace-S" in moves(state)  # the innermost card of the ray in focus
    assert not any(m.startswith("AH:ray2") for m in moves(state))
    state.play("next-ray")
    assert state.to_dict()["focus"] == "ray2"
    assert "AH:ray2[0]>ace-H" in moves(state)
    assert not any(m.startswith("AS:ray1") for m in moves(state))  # ray1 outer-only again
    assert {m.action for m in state.legal_moves() if m.action} == {"next-ray"}
    act(state, "next-ray", 12)
    assert state.to_dict()["stage"] == 3


def test_sun_10_focused_ray_in_any_order() -> None:
    """SUN-10: focused ray in any order."""
    deck = placed({at(1, 1): "AS", at(1, 2): "3S", at(1, 3): "2S"}, decks=2)
    state = SUN.new(deck=deck, **ANY)
    act(state, "deal", 7)
    state.play("next-stage")
    state.play("AS:ray1[0]>ace-S")
    state.play("2S:ray1[1]>ace-S")  # above 3S, taken first: no scan order inside the ray
    state.play("3S:ray1[0]>ace-S")


def test_sun_6_scatter_turns_the_ray_over_onto_the_next_rays() -> None:
    """SUN-6: scatter turns the ray over onto the next rays."""
    state = SUN.new(deal=11, **ANY)
    to_stage_3(state)
    for k in range(1, 14):
        before = state.to_dict()["piles"]
        cards = before[f"ray{k}"]
        state.play("scatter")
        after = state.to_dict()["piles"]
        assert after[f"ray{k}"] == []
        targets = list(range(k + 1, 14))
        for i, code in enumerate(cards[: len(targets)]):  # innermost card dealt first
            ray = f"ray{targets[i]}"
            assert after[ray] == [*before[ray], code]
        leftover = cards[len(targets):]
        new_clouds = [p for p in after if p.startswith("cloud") and p not in before]
        if leftover:
            assert len(new_clouds) == 1 and after[new_clouds[0]] == leftover
        else:
            assert new_clouds == []
    assert state.to_dict()["rays_scattered"] == 13


def test_sun_6_an_empty_ray_scatters_nothing_and_the_next_scatter_takes_the_next_ray() -> None:
    """SUN-6: an empty ray scatters nothing and the next scatter takes the next ray."""
    deck = placed({at(1, arc): f"{'A2345678'[arc - 1]}S" for arc in range(1, 9)}, decks=2)
    state = SUN.new(deck=deck, **ANY)
    for arc in range(1, 9):
        state.play({"from": "ray1", "to": "ace-S", "card": f"{'A2345678'[arc - 1]}S"})
        if arc < 8:
            state.play("deal")
    state.play("next-stage")
    act(state, "next-ray", 13)
    before = state.to_dict()["piles"]
    state.play("scatter")  # ray1 is empty
    assert state.to_dict()["piles"] == before
    assert state.to_dict()["rays_scattered"] == 1
    ray2 = before["ray2"]
    state.play("scatter")
    assert state.to_dict()["piles"]["ray3"][-1] == ray2[0]


def test_sun_7_both_ends_of_a_cloud_are_available_and_nothing_between() -> None:
    """SUN-7: both ends of a cloud are available and nothing between."""
    probe = SUN.new(deal=5, **ANY)
    to_stage_3(probe)
    act(probe, "scatter", 13)
    cloud = next(p for p, cards in probe.to_dict()["piles"].items()
                 if p.startswith("cloud") and len(cards) >= 3 and cards[0] != cards[-1])
    first, middle, last = (probe.to_dict()["piles"][cloud][i] for i in (0, 1, -1))
    # Relabel so those cards are aces of three suits: positions stay, identities change.
    swaps = {first: "AS", last: "AH"} if middle in ("AS", "AH") else {
        first: "AS", last: "AH", middle: "AD"}
    state = SUN.new(deck=relabel(list(probe.deck), swaps), **ANY)
    to_stage_3(state)
    act(state, "scatter", 13)
    cards = state.to_dict()["piles"][cloud]
    from_cloud = [m for m in state.legal_moves() if m.from_pile == cloud]
    assert {m.index for m in from_cloud} <= {0, len(cards) - 1}
    assert f"AS:{cloud}[0]>ace-S" in moves(state)
    assert f"AH:{cloud}[{len(cards) - 1}]>ace-H" in moves(state)


def test_sun_7_a_one_card_cloud_has_one_available_card_and_no_index() -> None:
    """SUN-7: a one card cloud has one available card and no index."""
    state = SUN.new(deal=5, **ANY)
    to_stage_3(state)
    act(state, "scatter", 13)
    piles = state.to_dict()["piles"]
    for cloud, cards in piles.items():
        if cloud.startswith("cloud") and len(cards) == 1:
            listed = [m for m in state.legal_moves() if m.from_pile == cloud]
            assert all(m.index is None for m in listed)


def test_sun_8_after_ray13_all_rays_are_empty_and_play_goes_on_in_clouds() -> None:
    """SUN-8: after ray13 all rays are empty and play goes on in clouds."""
    state = SUN.new(deal=2, **ANY)
    to_stage_3(state)
    act(state, "scatter", 12)
    assert "scatter" in moves(state)
    ray13 = state.to_dict()["piles"]["ray13"]
    assert len(ray13) > 1  # stage 3: only its outer card is offered
    assert all(m.index is None for m in state.legal_moves() if m.from_pile == "ray13")
    state.play("scatter")
    piles = state.to_dict()["piles"]
    assert all(piles[f"ray{r}"] == [] for r in range(1, 14))
    assert "scatter" not in moves(state)
    assert all(m.from_pile is None or m.from_pile.startswith(("cloud", "ace", "king"))
               for m in state.legal_moves())


def test_sun_9_wind_once_gathers_and_shuffles_deterministically() -> None:
    """SUN-9: wind once gathers and shuffles deterministically."""
    state = SUN.new(deal=9, **ANY)
    to_stage_3(state)
    act(state, "scatter", 13)
    piles = state.to_dict()["piles"]
    clouds = [p for p in piles if p.startswith("cloud")]
    gathered = [c for p in clouds for c in piles[p]]
    assert gathered and "wind" in moves(state)
    state.play("wind")
    after = state.to_dict()["piles"]
    assert after["wind"] == chance_shuffle(gathered, "deal=9", 0)
    assert Counter(after["wind"]) == Counter(gathered)
    assert all(after[p] == [] for p in clouds)
    assert "wind" not in moves(state)  # once only
    state.undo()
    state.play("wind")
    assert state.to_dict()["piles"]["wind"] == after["wind"]  # replays the same shuffle
    again = SUN.new(deal=9, **ANY)
    to_stage_3(again)
    act(again, "scatter", 13)
    again.play("wind")
    assert again.to_dict()["piles"]["wind"] == after["wind"]


def test_sun_9_a_stuck_wind_loses() -> None:
    """SUN-9: a stuck wind loses."""
    state = SUN.new(deal=9, **ANY)
    to_stage_3(state)
    act(state, "scatter", 13)
    state.play("wind")
    while state.status == "playing":
        state.play(state.legal_moves()[0])
    assert state.status in ("won", "lost")
    assert state.legal_moves() == []
