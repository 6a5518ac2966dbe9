"""A betting spot read from a question's phrases (bot/rulebook/amounts.py), played on the
engine's own `Hand` under the league's profile: what the engine does for the player in question
there (the least raise, chips put in without a word, a declared raise, a call). The arithmetic
is the engine's; nothing here computes a raise.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from bot.engine.errors import IllegalAction
from bot.engine.hand import Hand, HandConfig, Legal
from bot.engine.hand_events import Acted
from bot.engine.profile import Profile
from bot.rulebook.hand_answers import act_at, acted_by, min_raise_at, reopen_at
from bot.rulebook.worked import TABLE_SIZE, Worked, spot_seats, worked

# Blinds of a spot whose blinds the question does not give, played after the flop: small
# enough that any bet named is at least a big blind.
TINY_BLINDS = (1, 2)


@dataclass
class Spot:
    """A betting round as the question tells it: the blinds (None: not said), whether it is
    before the flop, what the players before the one in question did, in order."""

    blinds: tuple[int, int] | None = None
    preflop: bool = False
    # (bet|raise|allin|call, to), (raiseby, by) or (minraise, 0)
    prior: list[tuple[str, int]] = field(default_factory=list)
    hero: Literal["next", "first", "sb", "bb"] = "next"
    hero_stack: int | None = None
    back_to: int = 0  # with hero "first": which of the players told the action comes back to


# --- playing the spot on the engine ---------------------------------------------------------


def play_spot(spot: Spot, profile: Profile) -> tuple[Hand, int] | None:
    """The hand at the moment the player in question is to act, and his seat; None when the
    spot cannot be played as told (a bet below the minimum, an all-in for less than a call).

    Seats: the small blind is seat 1, the big blind seat 2, the button the last seat. Before
    the flop the players of the question act from seat 3 on; after it (everyone having called
    the big blind before the flop) from seat 1 on. The player in question is the next one, or
    the first of them ("can A raise again?"), or a blind; anyone else folds to him."""
    small, big = spot.blinds or TINY_BLINDS
    preflop = spot.preflop
    if spot.hero in ("sb", "bb") and not preflop:
        return None
    first_seat = 3 if preflop else 1
    last_actor = first_seat + len(spot.prior) - 1
    hero_seat = {"first": first_seat + spot.back_to, "sb": 1, "bb": 2}.get(spot.hero,
                                                                          last_actor + 1)
    count = max(3, last_actor, hero_seat)
    if count > TABLE_SIZE:
        return None
    stacks: dict[int, int] = {}
    for i, (deed, to) in enumerate(spot.prior):
        if deed == "allin":
            stacks[first_seat + i] = to + (0 if preflop else big)
    if spot.hero_stack is not None:
        posted = big if not preflop else small if hero_seat == 1 else big if hero_seat == 2 else 0
        stacks[hero_seat] = spot.hero_stack + posted
    try:
        hand = Hand.start(HandConfig("rule", spot_seats(count, stacks), count, small, big,
                                     profile=profile, deck_seed="rule", table_size=TABLE_SIZE))
        if not preflop:
            while hand.street == "preflop" and hand.to_act is not None:
                hand.check_or_call(hand.to_act)
            if hand.street != "flop" or hand.to_act != 1:
                return None
        for i, (deed, to) in enumerate(spot.prior):
            actor = hand.to_act
            if actor != first_seat + i:
                return None
            if deed == "call":
                hand.call(actor)
            elif deed == "allin":
                hand.all_in(actor)
            elif deed in ("raiseby", "minraise"):
                # "raises by 600", "min raises": the chips on top of the bet faced, or the least
                legal = hand.legal()
                if legal is None:
                    return None
                hand.wager_to(actor, hand.current_bet + to if deed == "raiseby"
                              else legal.min_raise_to)
            else:
                hand.wager_to(actor, to)
        while hand.to_act is not None and hand.to_act != hero_seat:
            if hand.to_act == 1 and hero_seat == 2 and hand.current_bet == big:
                hand.call(1)  # an unraised pot to the big blind: the small blind completes
            else:
                hand.fold(hand.to_act)
    except IllegalAction:
        return None
    if hand.to_act != hero_seat or hand.is_over:
        return None
    return hand, hero_seat


def min_raise(spot: Spot, profile: Profile) -> Worked | None:
    played = play_spot(spot, profile)
    if played is None:
        return None
    return min_raise_at(played[0], several_all_ins(spot), profile)


def several_all_ins(spot: Spot) -> bool:
    return sum(d == "allin" for d, _ in spot.prior) >= 2


def reopen_answer(hand: Hand, spot: Spot, profile: Profile, asked_call: bool = False,
                   asked_min: bool = False) -> Worked | None:
    return reopen_at(hand, several_all_ins(spot), profile, asked_call, asked_min)


def act_in_spot(spot: Spot, profile: Profile, how: str, amount: int) -> Worked | None:
    """The player in question says "make it" (`make_it`) or puts in chips (`put_in`),
    declares a raise to (`raise_to`) or by (`raise_by`) an amount, or bets: what the engine
    makes of it."""
    played = play_spot(spot, profile)
    if played is None:
        return None
    return act_at(*played, profile, how, amount)


def facing_a_bet(spot: Spot, profile: Profile) -> tuple[Hand, int, Legal] | None:
    """The spot played to the player's turn, when he faces a bet he could raise."""
    played = play_spot(spot, profile)
    if played is None:
        return None
    hand, seat = played
    legal = hand.legal()
    if legal is None or not legal.can_raise or legal.call_amount == 0:
        return None
    return hand, seat, legal


def said_raise_with_a_call(spot: Spot, profile: Profile) -> Worked | None:
    """"Raise" said, then only the chips to call put in: a declared raise binds to the minimum
    raise where a short declaration is made the minimum; where it is read as "make it", the
    chips in are a call (the engine's reading of each)."""
    facing = facing_a_bet(spot, profile)
    if facing is None:
        return None
    hand, seat, legal = facing
    call_to = hand.current_bet
    if profile.short_declared_raise == "minimum":
        return worked("said-raise-call", "declared-raise", [legal.min_raise_to], profile,
                       call_to=call_to, min_to=legal.min_raise_to)
    before = len(hand.events)
    hand.make_it(seat, call_to)
    acted = acted_by(hand, before, seat)
    if acted is None:
        return None
    return worked("said-raise-call", "declared-raise", [acted.to], profile,
                   call_to=call_to, min_to=legal.min_raise_to)


def said_raise_with_chips(spot: Spot, profile: Profile, threw: int) -> Worked | None:
    """"Raise" said, then chips put in: a full raise stands as put in; short of one, a
    declared raise binds to the minimum raise where short declarations are made the minimum,
    and where they are read as "make it", the chips are read so (the engine's reading)."""
    facing = facing_a_bet(spot, profile)
    if facing is None:
        return None
    hand, seat, legal = facing
    call_to = hand.current_bet
    if threw < call_to:
        return None
    if threw >= legal.min_raise_to:
        return act_in_spot(spot, profile, "raise_to", threw)
    if threw == call_to:
        return said_raise_with_a_call(spot, profile)
    if profile.short_declared_raise == "minimum":
        return worked("said-raise-call", "declared-raise", [legal.min_raise_to], profile,
                       call_to=call_to, min_to=legal.min_raise_to, threw=threw)
    before = len(hand.events)
    hand.make_it(seat, threw)
    acted = acted_by(hand, before, seat)
    if acted is None:
        return None
    return worked("said-raise-call", "declared-raise", [acted.to], profile,
                   call_to=call_to, min_to=legal.min_raise_to, threw=threw,
                   returned=max(0, threw - acted.to))


def call_in_spot(spot: Spot, profile: Profile) -> tuple[Acted, int] | None:
    """The engine's call in the spot, when a call is owed: the call, and what the player had
    in before it (the chips beyond the call go back)."""
    played = play_spot(spot, profile)
    if played is None:
        return None
    hand, seat = played
    legal = hand.legal()
    if legal is None or legal.call_amount == 0:
        return None
    before = len(hand.events)
    had = hand.player(seat).bet
    hand.call(seat)
    acted = acted_by(hand, before, seat)
    return None if acted is None else (acted, had)


def single_chip(spot: Spot, profile: Profile, chip: int) -> Worked | None:
    """One chip put in facing a bet, "raise" not said first: a call, whatever the chip is
    worth (the engine's call; the change goes back, when the blind he had in is known)."""
    called = call_in_spot(spot, profile)
    if called is None:
        return None
    acted, had = called
    blind_untold = spot.blinds is None and spot.hero in ("sb", "bb")
    if chip < acted.to - (0 if blind_untold else had):
        return None  # a chip short of the call is no call: chips below it, not read here
    return worked("single-chip", "single-chip", [acted.to], profile, chip=chip,
                   returned=0 if blind_untold else max(0, chip - (acted.to - had)))


def from_a_blind(spot: Spot, shape: str) -> None:
    """"button opens 900, I drop a chip from the bb": a blind facing a raise before the flop,
    the blinds not said. What a call comes to is the raise faced, whatever the blinds; the
    spot is played before the flop on the smallest blinds."""
    if spot.blinds is not None or spot.preflop or spot.hero not in ("sb", "bb"):
        return
    if re.search(r"\b(flop|turn|river|postflop|post flop)\b", shape) or not spot.prior:
        return
    if any(deed not in ("raise", "bet", "allin", "call") for deed, _ in spot.prior):
        return
    spot.preflop = True
    spot.prior = [("raise", to) if deed == "bet" else (deed, to) for deed, to in spot.prior]


def declared_vs_chips(spot: Spot, profile: Profile, said: int, threw: int) -> Worked | None:
    """A spoken amount and different chips: the spoken amount binds (TREPS and Tavern
    "Verbal Declarations"); the engine plays it as declared."""
    played = play_spot(spot, profile)
    if played is None:
        return None
    hand, seat = played
    before = len(hand.events)
    had = hand.player(seat).bet
    faced = hand.current_bet
    try:
        hand.raise_to(seat, said)
    except IllegalAction:
        return None
    acted = acted_by(hand, before, seat)
    if acted is None:
        return None
    return worked("declared-vs-chips", "verbal-declaration", [acted.to], profile,
                   said=said, threw=threw, to=acted.to, facing=faced,
                   returned=max(0, threw - (acted.to - had)),
                   called=int(acted.action == "call"))


def said_call(spot: Spot, profile: Profile, threw: int) -> Worked | None:
    """"Call" said, and more chips thrown: the word binds, so it is a call (TREPS and Tavern
    "Verbal Declarations"); the chips beyond it go back."""
    called = call_in_spot(spot, profile)
    if called is None:
        return None
    acted, had = called
    return worked("declared-vs-chips", "verbal-declaration", [acted.to], profile,
                   said=acted.to, threw=threw, to=acted.to, facing=acted.to,
                   returned=max(0, threw - (acted.to - had)), called=1)
