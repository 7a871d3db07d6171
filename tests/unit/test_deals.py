"""Deal numbers map to deck orders through a frozen shuffle (docs/deals.md)."""

from __future__ import annotations

import pytest

from patience.cards import fresh_deck
from patience.deals import SplitMix64, chance_seed, chance_shuffle, deal_order, shuffled

# Exact orders, pinned: these must never change once released.
ONE_DECK = {
    0: (
        "8C JD 9S 2C 2H QH 6C TS 3H AS JS 7S 9D 8S QC KD 5D 2S 3D 5S AD 6S 4C TH 5H 8D "
        "8H AH QD TC QS JH 3C 4H 2D 9H 3S KH AC 7C 9C 7H JC 6D KC 4S 7D 5C 6H 4D KS TD"
    ),
    1: (
        "7H 9S 4H 8D 8H 5C JH 6H 9C JS 5H KH 3S 2H JD 5D 7D 4D 2S AH 6C KS KD TD TC JC "
        "TH 8C QS 4C 6S 7S AC 5S AD KC 6D QC QD QH 9H 3H 3C AS 4S 2D 8S TS 3D 2C 9D 7C"
    ),
    2: (
        "QD 3C 4S 5D 7D 2H KD TH AS 6S 7C 3S QS 7H 6D JD TS 9C JH 8S 4H 5C 2C 4D AH QH "
        "6C 8D 3D 9H 6H JC AC 5S JS AD KS 2D 7S 4C 9S TD 5H TC QC KC 8C KH 3H 2S 8H 9D"
    ),
    42: (
        "7S 3D KS AC 2C AS AD KH TH 5S 8C JD 2D 4C 6D 5H 2H 5C 6H AH 7H 2S 8D 8S 4H 7D "
        "KC TC 4D 3H TD JC 4S 6C 7C 3C 8H QH 9C KD 5D 6S QC 9H JH QS 3S 9D QD 9S JS TS"
    ),
    1000000: (
        "3H 3D 6D KC QS TS JC JH 3S 5D 5H 6H AS 9H 8H QC 7S JS TH 2H 8D KS 4H 2D 2S 6C "
        "QD 9D 9S 4C 9C 4D 4S KH AC TD TC 6S 5S QH 8S 2C AD 5C 3C AH KD JD 7D 8C 7C 7H"
    ),
    18446744073709551615: (
        "JS KC 7C 4S AH JD 5H 2D AD 7H 6H 6C 4H AC 4C 7D 3H 2H 9D QD 8H 3C 5C 9C AS 8C "
        "QH TH 7S QC 9S 4D JH KD KS 6D 9H 8D 8S TD 6S KH 2C 3D QS JC 3S 5D TC 2S TS 5S"
    ),
}

TWO_DECKS = {
    0: (
        "3H 8C JS 6S 4H 2D TS 7H AD 8H TH 6S AD KC JD KH 5H 9H 5C 9S 3D QD 5D JC QS TH "
        "8S 3D JD 2S AS 9S KC KD 4C 7D 5S 9D 6H 2H 2S 6C 3S KS AS QC JH 8D 4S 9D 5D 3H "
        "6D QD 5S 6H 8S AH 7S 7H 8H 6D TC 4C 8C QS 2H 7D 2C 2D 9H QC 5H KH 3C 4D 7S 4H "
        "JC 3C 7C 3S TS JH AC 2C JS KD QH 9C 4D 6C 4S AH 7C TD AC 8D TC 9C KS 5C QH TD"
    ),
    1: (
        "6D 7D JS 8S KC 7H 6C 8S 6S 9S 5S TD KH JD AD QC TC 4H 3S 4S JS 9C JC KS 5C 3C "
        "7C AS 8C 9S 8H 9H QH 3H 6S 7H AC AH AC 6H 6D KD 3D KS JC TH 5C 5H 2H 3C 2S 8D "
        "7S 4C 8D 2D JD 2C 9D 2S 5S 9C 5D 7S 3S 6C 2C AD TD 4C 9D QD 4S 4H QC QD 2D 9H "
        "4D QS KC TS 7D 6H 5H 5D AH TC 2H KD QH 3D 8C QS 3H 8H TH KH JH TS JH AS 4D 7C"
    ),
    2: (
        "TH AD 6D JC 2H QC 5D 3H 7S AS AC 4C KD 2S KS 6H 4S 9S 6H 8H 8S KC 7S 4H 8C 9D "
        "7C KS KC 9C AC 4S JD TC 7D QH 6C 9H QD 2C AS TD 4H TC 3S 2S 6S 8C 8S 4D AD QS "
        "5H 3C 2D QC 9H 5H TD 2C AH 5C 3S 3D QD 2D 6C 3D 4D 8H JD 7H 6D 6S 7D TS 8D QH "
        "7C 5S JS JH 5D AH 5C 9S 2H JS JH 3C 7H 4C 8D KH KH QS 9C 5S 3H JC TH TS KD 9D"
    ),
    42: (
        "QH 6S 9S 5D AH TH 8C 4D 5S 8D 3D JS 8S QS AD QS 5H 7D JH KD 9H 3H TS AH 9D 5H "
        "4C 4D JC 8H 6C JD 9C QD 3S 7H TD 2H JC 3C 8C TH 3H KC 7S KS 2H 2S KH 2C 7C 4H "
        "6H 2D 9C KD AS QH 5S JH 4S 6H 8S 3D 9D 2C 3S TD 5C KH 8H 5C 2D 2S JD AC 5D 4S "
        "6D 7D KS 9H JS TC 6D TC AS 7C 4H 6C 9S AD 3C QC QD 8D AC KC 4C QC 6S 7S 7H TS"
    ),
    1000000: (
        "8S 3H 9S 8C QC AD 9H QC 6C 8H 2S 2H 4D 4S 9S KD KH KS 5C JH 2S 5S 3D TH JS 3D "
        "6D JD AC 3S 3S KC 5C 4D 6D JC 5S 3C 9C TS TD 2C 6H 6S 7S AC 7H 3C 7D JC 4H 7C "
        "JD TC 9D 6S 6C QD QD AD 5H QS 2H JS 3H KS 7S 4C 8D 2D JH TH 8D 8H 6H 9H AS 8S "
        "KD QH KC 7D 8C TS 9C 2D AS TD QH 7C 5H TC 5D 2C AH 4S 4C KH QS 4H AH 9D 5D 7H"
    ),
    18446744073709551615: (
        "9D 3S 9S AS 6H TC 2C QS KD 6H 5C 5D 2D 9D 5H QD JH 4H 3D AD QH 6S 7D 5H KH 3H "
        "7D QS 8H 6D 8H TD 8C 2C 5D TC 3C 4D 2H 9C JS KS KC 9S 2S QC 3H 2S 2H TH 4H AD "
        "QD 4S TS 5C KD AS 8S JS KS AC TH JD 9H 6D 3D 5S JH KH JC 7H JC 7S 4C 6C QH 4D "
        "AH 3S 8S AC 9C QC 8C AH 6C 2D 7H 8D 8D TD 9H 3C 4C JD 7C 7C 4S 7S KC TS 6S 5S"
    ),
}


def test_splitmix64_matches_the_published_reference_sequence() -> None:
    rng = SplitMix64(0)
    assert [rng.next() for _ in range(3)] == [
        0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F,
    ]


@pytest.mark.parametrize(("deal", "order"), ONE_DECK.items())
def test_one_deck_deal_numbers_are_pinned(deal: int, order: str) -> None:
    assert deal_order(deal, 1) == order.split()


@pytest.mark.parametrize(("deal", "order"), TWO_DECKS.items())
def test_two_deck_deal_numbers_are_pinned(deal: int, order: str) -> None:
    assert deal_order(deal, 2) == order.split()


def test_a_deal_is_a_permutation_of_the_fresh_deck() -> None:
    for decks in (1, 2):
        assert sorted(deal_order(99, decks)) == sorted(fresh_deck(decks))


def test_fisher_yates_follows_the_documented_steps() -> None:
    """docs/deals.md: for i = n-1 down to 1, swap i with below(i + 1)."""
    items = list(range(10))
    rng = SplitMix64(5)
    expected = items[:]
    for i in range(9, 0, -1):
        j = rng.below(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert shuffled(items, 5) == expected


@pytest.mark.parametrize("bad", [-1, 2**64, 1.5, "7", True])
def test_bad_deal_numbers_are_refused(bad: object) -> None:
    with pytest.raises(ValueError, match="deal"):
        deal_order(bad, 1)  # type: ignore[arg-type]


def test_chance_events_depend_on_source_and_event_index() -> None:
    cards = list(range(30))
    first = chance_shuffle(cards, "deal=1", 0)
    assert first == chance_shuffle(cards, "deal=1", 0)
    assert first != chance_shuffle(cards, "deal=1", 1)
    assert first != chance_shuffle(cards, "deal=2", 0)
    assert chance_seed("deal=1", 0) == int.from_bytes(
        __import__("hashlib").sha256(b"deal=1/0").digest()[:8], "big"
    )
