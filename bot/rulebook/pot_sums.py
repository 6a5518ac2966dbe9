"""Pots worked out from a question's amounts with the engine's own pots (bot/engine/pots.py): a
pot split several ways with the smallest chip, and the part of a bet nobody called that goes
back; and the engine's call for less than a bet (bot/engine/hand.py). A story of several
players' chips, street by street, is bot/rulebook/pot_story.py."""

from __future__ import annotations

import re

from bot.engine.errors import IllegalAction
from bot.engine.hand import Hand, HandConfig
from bot.engine.hand_events import Acted, UncalledReturned
from bot.engine.pots import build_pots, split
from bot.engine.profile import Profile
from bot.rulebook.amount_words import (
    ASK_CALL,
    ASK_MIN_RAISE,
    ASK_REOPEN,
    WORD_WAYS,
    N,
    Text,
    all_read,
    blinds_of,
    ways,
)
from bot.rulebook.worked import TABLE_SIZE, Worked, spot_seats, worked

# Most ways a pot is split.
MAX_WAYS = 9

# Chips coming back ("how much do I get back", "returned"), not a player going back for more
ASK_BACK = re.compile(r"\b(get|gets|got|getting|come|comes|came|coming|go|goes|given|give|gives|"
                      r"take|takes|took|taking|"
                      r"hand|handed|paid|pay|sent|receive\w*|it|chips|money)\s+(\w+\s+)?back\b"
                      r"(?!\s+(over|with|and|in|to raise|for more|on top))|"
                      r"\b(returned?|refund\w*|give[sn]? me|extra(?! chips?\b)|excess|"
                      r"left ?over)\b|"
                      r"\bwhat happens to (the|my|his|her) (other|rest)\b|"
                      r"\bhow much (comes |goes )?back\b|"
                      r"\b(uncalled|unmatched|not called|isnt called|wasnt called)\b")



def split_pot(t: Text, profile: Profile) -> Worked | None:
    shape = t.shape
    us = re.search(r"\b(two|three|four|five|six|seven|eight|nine) of us\b", shape)
    count = ways(shape) or (WORD_WAYS[us.group(1)] if us else None)
    between = BETWEEN_NAMED.search(shape)
    if count is None and between is not None:
        count = len(between.group(0).split()) - 2  # "between b, c and d": the names, counted
    if count is None and re.search(r"\b(?:between|with) me and (?:one other|another|him|her|"
                                   r"one (?:guy|player|other player))\b", shape):
        count = 2
    if count is None and CHOPPED.search(shape) and not COUNTED.search(shape):
        count = 2  # "chopped a 550 pot": a chop with no count is between two
    if count is None or not 2 <= count <= MAX_WAYS:
        return None
    alone = WON_ALONE.search(shape)
    if alone is not None:
        # "main pot 900 chopped 2 ways + 700 side pot i won alone": my share and the other pot
        shape = shape[:alone.start()] + " " * (alone.end() - alone.start()) + shape[alone.end():]
    named = re.search(rf"\b(?:side|main) pot (?:of |is |was )?{N}", shape)
    if named is not None:
        # "side pot of 175 split 2 ways": the pot split is the one named
        shape = shape[:named.start()] + f"pot of #{named.group(1)}" + " " * (
            named.end() - named.start() - len(f"pot of #{named.group(1)}")) + shape[named.end():]
    if re.search(r"\b(half|except)\b|\b(side|main) pots?\b", shape):
        return None  # "one only wins half", "after the side pot": shares the split does not say
    pot = re.search(rf"\b(?:pot|pots)\s+(?:of\s+|is\s+|was\s+)?{N}|{N}\s+(?:pot|chip pot)\b|"
                    rf"{N}\s+(?:is\s+|gets\s+|was\s+)?(?:split|chopped|divided)\b|"
                    rf"\b(?:split|chop\w*|divid\w*)\s+(?:of\s+)?(?:a\s+|the\s+)?(?:pot\s+of\s+)?{N}|"
                    rf"\bways?\s+(?:of\s+)?(?:a\s+|the\s+)?{N}|"
                    # "pot is chopped and it's 5,000 even"
                    rf"\bpot\b.*\b(?:and )?(?:its|it is|its at) {N}(?: even| total| in total)?\b",
                    shape)
    if pot is None:
        return None
    guess = GUESSED_SHARE.search(shape)
    if guess is not None:
        # "each get 2500 right": the asker's guess, checked by the answer
        shape = shape[:guess.start()] + " " * (guess.end() - guess.start()) + shape[guess.end():]
    amount = t.value(next(g for g in pot.groups() if g is not None))
    unit_m = re.search(rf"{N}\s+(?:chips?|chip is|are the smallest|s\b)|"
                       rf"{N}\s+(?:is|being|as)\s+(?:the\s+)?(?:smallest|lowest)\b|"
                       rf"{N}\s+(?:smallest|lowest)\b(?!\s+(?:chip|denomination|unit))|"
                       rf"{N}\s+(?:smallest|lowest)\s+(?:chip|denomination)\s*$|"
                       rf"\b(?:smallest|lowest) {N}(?! (?:pot|chips? (?:pot|left)))\b|"
                       rf"\b(?:smallest|lowest|small) (?:chip|denomination)\s+(?:in play |left |"
                       rf"on the table |at the table )?(?:is\s+|of\s+)?(?:now\s+)?(?:a\s+|the\s+)?"
                       rf"{N}",
                       shape)
    unit_token = next((g for g in unit_m.groups() if g is not None), None) if unit_m else None
    pot_token = next(g for g in pot.groups() if g is not None)
    if unit_token == pot_token:
        # "pot 2000 smallest 100": the chip is the amount after "smallest"
        unit_m = re.search(rf"\b(?:smallest|lowest) (?:chip )?(?:is )?{N}", shape)
        unit_token = unit_m.group(1) if unit_m else None
    won_alone = next((g for g in alone.groups() if g is not None), None) if alone else None
    others = [m for m in re.finditer(rf"{N}", shape) if m.group(1) not in (
        next(g for g in pot.groups() if g is not None), unit_token, won_alone)]
    if any(unit_token is None or t.value(m.group(1)) != t.value(unit_token) or not re.match(
            r" s\b| chips?\b", shape[m.end():]) for m in others):
        # an amount neither the pot nor the chip ("the odd 100s" is the chip again): the spot
        # is not read for sure
        return None
    if unit_m is None and amount % count:
        # odd chips go by the smallest chip in play, which the question does not name
        return None
    unit = t.value(next(g for g in unit_m.groups() if g is not None)) if unit_m else 1
    if unit <= 0 or unit > amount:
        return None
    # winners in seats 1..ways, button on the last: the first share goes left of the button
    shares = split(amount, list(range(1, count + 1)), count, TABLE_SIZE, unit)
    ordered = [shares[s] for s in range(1, count + 1)]
    figures = sorted(set(ordered), reverse=True)
    mine = _my_place(shape, count)
    if alone is not None:
        if mine is None and len(set(ordered)) == 1:
            mine = 0  # an even split: every share is the same
        if mine is None or not re.search(r"\b(i|me|my)\b", alone.group(0)):
            return None  # whose share and the pot won alone make up the total is not said
        other = t.value(next(g for g in alone.groups() if g is not None))
        # "my total": the share of the split pot and the pot won alone
        return worked("split", "odd-chip" if len(set(ordered)) > 1 else "split-pot",
                      [ordered[mine] + other, ordered[mine]], profile, pot=amount, ways=count,
                      unit=unit, odd=sum(1 for s in ordered if s > min(ordered)),
                      high=max(ordered), low=min(ordered), mine=1, alone=other)
    if mine is not None:
        # "how much do I get if I'm second left of the button": his share first
        figures = [ordered[mine], *(f for f in figures if f != ordered[mine])]
    odd = sum(1 for s in ordered if s > min(ordered))
    place = MY_PLACE.search(shape)
    # "the player closest left of the button": a winner's share, not the asker's
    theirs = place is not None and not re.search(r"\b(i|im|me)\b", place.group(0))
    return worked("split", "odd-chip" if odd else "split-pot", figures, profile,
                   pot=amount, ways=count, unit=unit, odd=odd, high=max(ordered),
                   low=min(ordered), mine=int(mine is not None), theirs=int(theirs))


# a share guessed in the question: "each get 2500 right", "is it 2500 each"
GUESSED_SHARE = re.compile(rf"\b(?:so |we |they )?(?:each|both) gets? {N}(?= (?:right|correct|yes|"
                           rf"no|or)\b| ?\?| ?$)|\bis it {N} each\b")
# winners named: "split between b and c", "between a, b and d"
BETWEEN_NAMED = re.compile(r"\b(?:between|among) (?:[a-h] ){1,7}and [a-h]\b")
# a pot chopped, its ways not counted ("chopped a 550 pot"); words that count players
CHOPPED = re.compile(r"\b(chop|chops|chopped|chopping)\b")
COUNTED = re.compile(r"\b(two|three|four|five|six|seven|eight|nine|both|all|everyone|they|"
                     r"players|winners|way|ways|between|among)\b")
# the other pot, won alone by the asker: "+ 700 side pot i won alone"
WON_ALONE = re.compile(rf"(?:\band |\bplus |\bwith )?(?:a |the )?{N} (?:side |main )?pot (?:that )?"
                       rf"(?:i|me) (?:won|win|took|take|scooped) (?:alone|by myself|outright)\b|"
                       rf"(?:\band |\bplus )?(?:i |me )?(?:won|win|took|scooped) (?:a |the )?{N} "
                       rf"(?:side |main )?pot (?:alone|by myself|outright)\b|"
                       # "main pot 900 i won": the other pot named, then won by me
                       rf"(?:\band |\bplus )?(?:the )?(?:side|main) pot (?:of |is |was )?{N} "
                       rf"(?:that )?(?:i|me) (?:won|win|took|scooped)(?: alone| by myself| "
                       rf"outright)?\b")


# where the asker sits among the winners: "I'm first left of the button", "I'm on the button"
MY_PLACE = re.compile(r"\b(?:im|i am|i m|i sit|i was|me)\b(?: \w+){0,2}? (?:the )?(first|second|"
                      r"third|fourth|fifth|sixth|seventh|eighth|ninth) (?:seat |player |one )?"
                      r"(?:to the |on the |from the )?(?:left of|after) (?:the )?(?:button|dealer|"
                      r"btn)\b|"
                      r"\b(?:im|i am|i m|i was)(?: \w+)? on the (button|dealer|btn)\b|"
                      # "the player closest left of the button": the first winner
                      r"\b(?:the )?(?:player|winner|one|guy|seat|person) (?:closest |nearest |"
                      r"directly |immediately |first )?(?:to the )?(?:left of|after) (?:the )?"
                      r"(?:button|dealer|btn)\b|"
                      # "the second player left of the button"
                      r"\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth) (?:player|"
                      r"winner|guy|seat|person) (?:to the |on the |from the )?(?:left of|after) "
                      r"(?:the )?(?:button|dealer|btn)\b")
PLACES = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth")


def _my_place(shape: str, count: int) -> int | None:
    """The asker's place among `count` winners counted from the button's left (0 first), when
    the question says it; the winner on the button is the last."""
    m = MY_PLACE.search(shape)
    if m is None:
        return None
    if m.group(2):
        place = count - 1
    else:
        ordinal = m.group(1) or m.group(3)
        place = PLACES.index(ordinal) if ordinal else 0
    return place if place < count else None


def uncalled(t: Text, profile: Profile) -> Worked | None:
    """"I bet 2,000 and he calls all-in for 700, how much comes back": of two amounts, the
    part of the larger that the caller could not match goes back (the engine's pots)."""
    shape = t.shape
    values = t.values
    if len(values) == 3 and values[2] == abs(values[0] - values[1]):
        values = values[:2]  # "... what happens to my extra 200": the difference, named
    if len(values) != 2 or not re.search(r"\bcall", shape) or not ASK_BACK.search(shape):
        return None
    if ASK_CALL.search(shape) or ASK_REOPEN.search(shape) or ASK_MIN_RAISE.search(shape):
        # "back to me, how much to call, can I raise": the action comes back, no chips do
        return None
    seats = {1: values[0], 2: values[1]}
    pots = build_pots(seats, list(seats))
    returned = sum(p.amount for p in pots if len(p.eligible) == 1)
    if returned <= 0:
        return None
    return worked("uncalled", "uncalled-bet", [returned], profile, bet=max(seats.values()),
                   called=min(seats.values()))


# --- a call for less than the bet ----------------------------------------------------------

# the asker's stack, the bet he faces, and the question whether (and for how much) he calls
MY_STACK = re.compile(rf"\b(?:i|ive|im)\s+(?:only\s+)?(?:have|got|have got|had)\s+(?:only\s+|"
                      rf"just\s+)?{N}(?:\s+(?:left|behind|in my stack|chips|total))?\b|"
                      rf"\bmy stack is (?:only )?{N}|\bwith (?:only |just )?{N} (?:left|behind)\b")
BET_FACED = re.compile(rf"\b(?:he|she|villain|guy|someone|opponent|they)\s+(?:bets|shoves|jams|"
                       rf"pushes|raises to|goes allin for|leads|fires)\s+(?:for\s+)?{N}|"
                       rf"\bfacing (?:a |an |his |her )?{N}(?: bet| shove)?\b")
ASK_CALL_FOR_LESS = re.compile(r"\bhow much is my (?:allin )?call\b|\b(?:effective )?allin call\b|"
                               r"\bcan i (?:still |even )?"
                               r"call\b|\bhow much (?:do|can|would|should) i call\b|"
                               r"\bwhats? (?:is )?my (?:allin )?call\b|\bmy allin call\b|"
                               r"\bcall for less\b")


def call_for_less(t: Text, profile: Profile) -> Worked | None:
    """"He bets 3k, I have 2k left, how much is my call": the engine's call with a stack short
    of the bet, all of it, and the part of the bet nobody matched, which goes back."""
    shape = t.shape
    stack_m, bet_m = MY_STACK.search(shape), BET_FACED.search(shape)
    if stack_m is None or bet_m is None or not ASK_CALL_FOR_LESS.search(shape):
        return None
    if blinds_of(t) is not None or not all_read(shape, [stack_m.span(), bet_m.span()]):
        return None
    stack = t.value(next(g for g in stack_m.groups() if g is not None))
    bet = t.value(next(g for g in bet_m.groups() if g is not None))
    if not 0 < stack < bet:
        return None  # a stack that covers the bet: a plain call, not this question
    # heads-up with blinds of 1/2, both call before the flop; the bettor leads the flop
    try:
        hand = Hand.start(HandConfig("rule", spot_seats(2, {2: stack + 2}), 2, 1, 2,
                                     profile=profile, deck_seed="rule", table_size=TABLE_SIZE))
        hand.call(2)
        hand.check_or_call(1)
        if hand.to_act != 1:
            return None
        hand.bet(1, bet)
        before = len(hand.events)
        hand.call(2)
    except IllegalAction:
        return None
    acted = next((e for e in hand.events[before:] if isinstance(e, Acted) and e.seat == 2), None)
    back = sum(e.amount for e in hand.events[before:] if isinstance(e, UncalledReturned))
    if acted is None or not acted.all_in:
        return None
    return worked("call-for-less", "all-in", [acted.to], profile, bet=bet, stack=acted.to,
                  returned=back)
