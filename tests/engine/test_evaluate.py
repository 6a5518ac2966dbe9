"""Hand strength and hand names: hand-made cases per category, then differential checks."""

from __future__ import annotations

import random

import eval7
import pytest
from phevaluator import evaluate_cards
from pokerkit import StandardHighHand

from bot.engine.cards import FULL_DECK
from bot.engine.evaluate import HandName, describe, hand_strength, showdown_names


def cards(text: str) -> list[str]:
    return text.split()


NAMED = [
    # (cards, category, name, best five in display order)
    ("As Ks Qs Js Ts 2c 3d", "straight_flush", "royal flush", "As Ks Qs Js Ts"),
    # A sixth suited card below the straight must not drag it down to queen-high.
    ("Kh Qh Jh Th 9h 8h 2c", "straight_flush", "straight flush, king high", "Kh Qh Jh Th 9h"),
    ("Ad 2d 3d 4d 5d Kc Qc", "straight_flush", "straight flush, five high", "5d 4d 3d 2d Ad"),
    # The steel wheel beats the six-high straight the off-suit 6 would make.
    ("Ad 2d 3d 4d 5d 6c Kc", "straight_flush", "straight flush, five high", "5d 4d 3d 2d Ad"),
    ("Qs Qh Qd Qc Ah Ks 2c", "four_of_a_kind", "four of a kind, queens", "Qs Qh Qd Qc Ah"),
    # Two sets of trips: the higher is the three, two of the lower fill; spades/hearts shown.
    ("Ts Th Td 4c 4s 4h 9c", "full_house", "full house, tens over fours", "Ts Th Td 4s 4h"),
    ("Js Jh Jd 9c 9s 5h 5c", "full_house", "full house, jacks over nines", "Js Jh Jd 9s 9c"),
    ("6s 6h 6d 8c 8s 2h 3c", "full_house", "full house, sixes over eights", "6s 6h 6d 8s 8c"),
    # Six hearts: the top five play, the 2 does not.
    ("Qh Th 8h 6h 4h 2h As", "flush", "queen-high flush", "Qh Th 8h 6h 4h"),
    ("Ac Jc 9c 5c 3c Kd Kh", "flush", "ace-high flush", "Ac Jc 9c 5c 3c"),
    ("9c 8d 7h 6s 5c Kd 2h", "straight", "straight, nine high", "9c 8d 7h 6s 5c"),
    ("As 2d 3h 4c 5s Kd 9h", "straight", "straight, five high", "5s 4c 3h 2d As"),
    ("As 2d 3h 4c 5s 6d Kh", "straight", "straight, six high", "6d 5s 4c 3h 2d"),
    ("Ac Kd Qh Js Tc 2d 3h", "straight", "straight, ace high", "Ac Kd Qh Js Tc"),
    # A pair inside a straight: the straight plays.
    ("Tc 9d 8h 7s 6c 6d 2h", "straight", "straight, ten high", "Tc 9d 8h 7s 6d"),
    ("Js Jh Jd Ac 8s 4h 2c", "three_of_a_kind", "three of a kind, jacks", "Js Jh Jd Ac 8s"),
    # Three pairs: the best two play and the queen outkicks the third pair.
    ("Ks Kd 7h 7c 3s 3d Qh", "two_pair", "two pair, kings and sevens", "Ks Kd 7h 7c Qh"),
    # Three pairs, no better kicker: a card of the third pair kicks.
    ("Ks Kd 7h 7c 5s 5d 2h", "two_pair", "two pair, kings and sevens", "Ks Kd 7h 7c 5s"),
    ("Ah Ad Kc 9s 7h 4d 2c", "pair", "pair of aces", "Ah Ad Kc 9s 7h"),
    ("6h 6d Kc 9s 7h 4d 2c", "pair", "pair of sixes", "6h 6d Kc 9s 7h"),
    ("Ah Jd 9c 7s 5h 4d 2c", "high_card", "ace-high", "Ah Jd 9c 7s 5h"),
    ("Kh Jd 9c 7s 5h 4d 2c", "high_card", "king-high", "Kh Jd 9c 7s 5h"),
    # Five and six cards (a flop, a turn) are described too.
    ("8c 8d 8h 3s 3c", "full_house", "full house, eights over threes", "8h 8d 8c 3s 3c"),
    ("6c 5d 4h 3s 2c Ah", "straight", "straight, six high", "6c 5d 4h 3s 2c"),
]


@pytest.mark.parametrize(("hand", "category", "name", "best"), NAMED)
def test_describe_names_every_category(hand: str, category: str, name: str, best: str) -> None:
    assert describe(cards(hand)) == HandName(category, name, tuple(cards(best)))


@pytest.mark.parametrize(("hand", "category", "name", "best"), NAMED)
def test_best_five_is_as_strong_as_the_hand(hand: str, category: str, name: str, best: str) -> None:
    assert hand_strength(cards(best)) == hand_strength(cards(hand))


def test_categories_rank_in_order() -> None:
    ladder = [
        "Kh Jd 9c 7s 5h 4d 2c",  # high card
        "2h 2d 3c 4s 6h 7d 9c",  # pair
        "2h 2d 3c 3s 5h 7d 9c",  # two pair
        "2h 2d 2c 3s 5h 7d 9c",  # three of a kind
        "As 2d 3h 4c 5s 8d 9h",  # straight (the lowest: the wheel)
        "2h 3h 4h 5h 7h 9d Tc",  # flush (the lowest: seven-high)
        "2h 2d 2c 3s 3h 7d 9c",  # full house
        "2h 2d 2c 2s 3h 4d 5c",  # four of a kind
        "As 2s 3s 4s 5s 8d 9h",  # straight flush
        "As Ks Qs Js Ts 8d 9h",  # royal flush
    ]
    strengths = [hand_strength(cards(h)) for h in ladder]
    assert strengths == sorted(strengths)
    assert len(set(strengths)) == len(strengths)


def showdown(board: str, a: str, b: str) -> int:
    """1 if hole cards a win on the board, -1 if b wins, 0 for a split."""
    sa, sb = hand_strength(cards(a + " " + board)), hand_strength(cards(b + " " + board))
    return (sa > sb) - (sa < sb)


def test_flush_beats_straight() -> None:
    assert showdown("9h 8h 7c 2h Kd", "Ah 3h", "6s 5d") == 1


def test_kicker_decides() -> None:
    assert showdown("Ac 9d 7h 4s 2c", "As Kd", "Ah Qd") == 1
    assert showdown("Ac 9d 7h 4s 2c", "As 3d", "Ah 5d") == -1  # fifth-card kicker


def test_split_when_board_plays() -> None:
    assert showdown("Ac Kd Qh Js Tc", "2c 3d", "4h 5s") == 0
    # Both hold a jack, but the board's queen is already the fifth card for both.
    assert showdown("As Ad Kc Kh Qs", "Js 2d", "Jd 3c") == 0


def test_suits_do_not_matter() -> None:
    assert hand_strength(cards("Ah Kd 9c 7s 5h 3d 2c")) == hand_strength(
        cards("As Kc 9d 7h 5s 3c 2d")
    )


@pytest.mark.parametrize("n", [4, 8])
def test_wrong_card_count_is_refused(n: int) -> None:
    with pytest.raises(ValueError):
        hand_strength(FULL_DECK[:n])
    with pytest.raises(ValueError):
        describe(FULL_DECK[:n])


def test_describe_refuses_duplicates() -> None:
    with pytest.raises(ValueError):
        describe(cards("As As Kd Qc Jh"))


def deal(rng: random.Random) -> tuple[list[str], list[str], list[str]]:
    """Two hole-card pairs and a board from one deck, as at a heads-up showdown."""
    dealt = rng.sample(FULL_DECK, 9)
    return dealt[:2], dealt[2:4], dealt[4:]


def sign(x: int) -> int:
    return (x > 0) - (x < 0)


def test_order_agrees_with_phevaluator() -> None:
    rng = random.Random(7)
    splits = 0
    for _ in range(20_000):
        a, b, board = deal(rng)
        ours = sign(hand_strength(a + board) - hand_strength(b + board))
        # phevaluator ranks 1 (royal) upwards: lower is stronger.
        theirs = sign(evaluate_cards(*b, *board) - evaluate_cards(*a, *board))
        assert ours == theirs, (a, b, board)
        splits += ours == 0
    assert splits > 0  # the sample must exercise ties, not only wins


def test_order_and_category_agree_with_pokerkit() -> None:
    # pokerkit is pure Python (~0.3 ms a hand), so a smaller sample than phevaluator's.
    categories = {
        "Straight flush": "straight_flush",
        "Four of a kind": "four_of_a_kind",
        "Full house": "full_house",
        "Flush": "flush",
        "Straight": "straight",
        "Three of a kind": "three_of_a_kind",
        "Two pair": "two_pair",
        "One pair": "pair",
        "High card": "high_card",
    }
    rng = random.Random(11)
    for _ in range(1_000):
        a, b, board = deal(rng)
        # pokerkit parses a string of cards; a list of strings it would pass through unparsed.
        pa = StandardHighHand.from_game("".join(a), "".join(board))
        pb = StandardHighHand.from_game("".join(b), "".join(board))
        ours = sign(hand_strength(a + board) - hand_strength(b + board))
        assert ours == (pa > pb) - (pa < pb), (a, b, board)
        named = describe(a + board)
        assert named.category == categories[pa.entry.label.value], (a, board)
        assert StandardHighHand("".join(named.best_five)) == pa, (a, board, named)


def test_describe_agrees_with_eval7_handtype() -> None:
    handtypes = {
        "Straight Flush": "straight_flush",
        "Quads": "four_of_a_kind",
        "Full House": "full_house",
        "Flush": "flush",
        "Straight": "straight",
        "Trips": "three_of_a_kind",
        "Two Pair": "two_pair",
        "Pair": "pair",
        "High Card": "high_card",
    }
    rng = random.Random(13)
    for _ in range(5_000):
        hand = rng.sample(FULL_DECK, 7)
        strength = hand_strength(hand)
        named = describe(hand)
        assert named.category == handtypes[eval7.handtype(strength)], hand
        assert hand_strength(named.best_five) == strength, hand
        assert set(named.best_five) <= set(hand)


# ---------------------------------------------------------------------- showdown names


def names(board: str, **holes: str) -> dict[str, str]:
    result = showdown_names({k: cards(h) + cards(board) for k, h in holes.items()})
    return {k: v.name for k, v in result.items()}


@pytest.mark.parametrize(("board", "holes", "expected"), [
    # The kicker decides: named, and only as far as it decides.
    ("5s 5d 9c 7h 2s", {"a": "Ah 3c", "b": "Jh 3d"},
     {"a": "pair of fives, ace kicker", "b": "pair of fives, jack kicker"}),
    ("5s 5d 9c 7h 2s", {"a": "Ah Kc", "b": "Ad Qd"},
     {"a": "pair of fives, ace-king kickers", "b": "pair of fives, ace-queen kickers"}),
    # Different hands need no kicker.
    ("5s 5d 9c 7h 2s", {"a": "Ah Kc", "b": "9d 3h"},
     {"a": "pair of fives", "b": "two pair, nines and fives"}),
    # Two pair on the board, the fifth card decides.
    ("Ks Kd 8c 8h 2s", {"a": "Ah 3c", "b": "Qh 3d"},
     {"a": "two pair, kings and eights, ace kicker",
      "b": "two pair, kings and eights, queen kicker"}),
    ("7s 7d 7c 3h 2s", {"a": "Ah Kc", "b": "Ad Qd"},
     {"a": "three of a kind, sevens, ace-king kickers",
      "b": "three of a kind, sevens, ace-queen kickers"}),
    ("Qs Qh Qd Qc 2s", {"a": "Kh 3c", "b": "Jd 4d"},
     {"a": "four of a kind, queens, king kicker", "b": "four of a kind, queens, jack kicker"}),
    ("Ah Kh 9h 2c 2d", {"a": "Qh 3h", "b": "Jh Th"},
     {"a": "ace-king-queen-high flush", "b": "ace-king-jack-high flush"}),
    ("Ah Kd 9h 7c 3d", {"a": "Qh 2s", "b": "Jh Ts"},
     {"a": "ace-king-queen high", "b": "ace-king-jack high"}),
    # Straights and full houses are told apart by their names alone.
    ("9s 8d 7c 2h 2s", {"a": "Th 6c", "b": "6d 5d"},
     {"a": "straight, ten high", "b": "straight, nine high"}),
])
def test_showdown_names_give_the_deciding_kicker(
    board: str, holes: dict[str, str], expected: dict[str, str]
) -> None:
    assert names(board, **holes) == expected


def test_a_split_keeps_the_plain_name_and_says_the_hands_tie() -> None:
    board = cards("5s 5d Ac Kh Qs")  # the board's kickers play for both
    result = showdown_names({1: cards("2h 3c") + board, 2: cards("2d 4d") + board,
                             3: cards("Ad 2c") + board})
    assert result[1].name == result[2].name == "pair of fives"
    assert result[1].ties_with == (2,) and result[2].ties_with == (1,)
    assert result[3].name == "two pair, aces and fives" and result[3].ties_with == ()


def test_showdown_names_differ_exactly_when_the_hands_differ() -> None:
    # Random showdowns of 2 to 4 hands: two hands have the same name if and only if they are
    # of equal strength, so the name always shows why one wins (or that they tie).
    rng = random.Random(11)
    for _ in range(3000):
        deck = list(FULL_DECK)
        rng.shuffle(deck)
        board = deck[:5]
        n = rng.randint(2, 4)
        hands = {i: deck[5 + 2 * i: 7 + 2 * i] + board for i in range(n)}
        result = showdown_names(hands)
        for i in range(n):
            for j in range(i + 1, n):
                same_name = result[i].name == result[j].name
                same_strength = hand_strength(hands[i]) == hand_strength(hands[j])
                assert same_name == same_strength, (hands[i], hands[j], result)
                assert (j in result[i].ties_with) == same_strength
