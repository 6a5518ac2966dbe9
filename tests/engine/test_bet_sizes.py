"""One-tap bet sizes: a pot-size raise is the call plus the pot after the call, as a
"raise to" total; only sizes from the minimum raise up to (not including) the all-in."""

from __future__ import annotations

from bot.engine.bet_sizes import SIZES, bet_sizes, size_slots, size_to
from bot.engine.hand import Hand, HandConfig, Seat
from bot.engine.profile import make_profile


def start(stacks: list[int], chip_unit: int = 1) -> Hand:
    """Seat 1 small blind (50), seat 2 big blind (100), the last seat the button."""
    n = len(stacks)
    return Hand.start(HandConfig(
        hand_id="ex", seats=tuple(Seat(i + 1, "ABCDEF"[i], st) for i, st in enumerate(stacks)),
        button=n, small_blind=50, big_blind=100, profile=make_profile("tda"),
        deck_seed="sizes", table_size=max(n, 2), chip_unit=chip_unit))


def test_utg_pot_raise_is_the_call_plus_the_pot_after_it() -> None:
    hand = start([5000] * 4)
    assert hand.to_act == 3
    # pot 150, call 100, pot after the call 250: pot = 100 + 250 = 350; ½ = 100 + 125 = 225;
    # ¾ = 100 + 187.5 = 288 (half a chip rounds up); ⅓ = 100 + 83 = 183 is below the minimum
    # raise (200): not offered.
    assert bet_sizes(hand) == [("min", 200), ("half", 225), ("three_quarters", 288),
                               ("pot", 350)]
    assert size_to(hand, "third") is None
    # Every size keeps its place, the ones not legal now without an amount.
    assert size_slots(hand) == [("min", 200), ("third", None), ("half", 225),
                                ("three_quarters", 288), ("pot", 350)]


def test_small_blind_counts_his_own_chips_in() -> None:
    hand = start([5000] * 4)
    hand.fold(3)
    hand.fold(4)
    # SB has 50 in: call 50, pot after the call 200, pot-size raise to 100 + 200 = 300.
    assert size_to(hand, "pot") == 300


def test_flop_bets_are_fractions_of_the_pot_in_whole_chip_units() -> None:
    hand = start([5000] * 4, chip_unit=25)
    while hand.street == "preflop":
        legal = hand.legal()
        assert legal is not None
        hand.check(legal.seat) if legal.can_check else hand.call(legal.seat)
    assert hand.pot_total == 400
    # ⅓ of 400 is 133: 125 in 25-chips (the nearest); ½ 200, ¾ 300, pot 400.
    assert bet_sizes(hand) == [("min", 100), ("third", 125), ("half", 200),
                               ("three_quarters", 300), ("pot", 400)]


def test_sizes_at_or_above_the_all_in_are_left_to_the_all_in_button() -> None:
    hand = start([5000, 5000, 300, 5000])
    # UTG holds 300: pot (350) and ¾ (288 < 300) -> ¾ stays, pot is all-in or more.
    assert bet_sizes(hand) == [("min", 200), ("half", 225), ("three_quarters", 288)]
    short = start([5000, 5000, 200, 5000])
    # The minimum raise is his whole stack: no size at all, each in its place.
    assert bet_sizes(short) == []
    assert size_slots(short) == [(key, None) for key in SIZES]


def test_a_size_is_rounded_as_an_amount_typed_for_it_is() -> None:
    """¾ pot is 287.5 chips: in 25-chips the button says 300, and 290 typed is played as
    300 too (the nearest whole amount, half up: rule chip-unit), never 275 one way and 300
    the other."""
    hand = start([5000] * 4, chip_unit=25)
    assert size_to(hand, "three_quarters") == 300
    hand.raise_to(3, 290)
    assert hand.current_bet == 300
