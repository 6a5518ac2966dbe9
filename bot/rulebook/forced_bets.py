"""Antes and blinds worked out with the engine's own posting (bot/engine/hand.py): what the big
blind posts with a big blind ante ("bb ante 2k at 1k/2k, he has 3k": the blind first, the rest
to the ante), and what is in the pot before the cards with an ante from every player ("100/200
ante 25, nine handed"). The question must give the ante's size: it is the structure's, not a
rule's. No betting is played."""

from __future__ import annotations

import re

from bot.engine.errors import IllegalAction
from bot.engine.hand import Hand, HandConfig, Seat
from bot.engine.hand_events import Posted
from bot.engine.profile import Profile
from bot.rulebook.amount_words import WORD_WAYS, N, Text, all_read, blinds_of
from bot.rulebook.worked import DEEP, TABLE_SIZE, Worked, spot_seats, worked

BIG_BLIND_ANTE = re.compile(r"\b(big blind|bb) antes?\b|\bbba\b")
ANTE = re.compile(rf"\b(?:big blind |bb )?antes? (?:of |is |was )?{N}(?! slash)|"
                  rf"(?<!slash ){N} (?:big blind |bb )?antes?\b|\bbba (?:of |is )?{N}")
STACK = re.compile(rf"\b(?:has|have|had|with|holding|got)\s+(?:only\s+|just\s+)?{N}\s*"
                   rf"(?:left|behind|chips|in (?:his|her|my) stack)?|\bstack (?:of|is|was) {N}")
BLINDS = re.compile(rf"{N} slash {N}|\b(?:bb|big blind|sb|small blind)(?: is| of| at)? {N}")
# players dealt in: "nine handed", "eight players", "at a full table of nine"
PLAYERS = re.compile(r"\b(two|three|four|five|six|seven|eight|nine|ten) (handed|players|people|"
                     r"of us|seats|at the table)\b")
# what the big blind posts, or what is in the pot before the cards
ASK_POST = re.compile(r"\b(post|posts|posted|pay|pays|put|puts|owe|owes|in total|total|how much|"
                      r"how big|size|what does|whats)\b")
ASK_POT = re.compile(r"\b(pot|in the middle|dead money)\b")


def forced_bets(t: Text, profile: Profile) -> Worked | None:
    shape = t.shape
    blinds = blinds_of(t)
    ante_m = ANTE.search(shape)
    if blinds is None or ante_m is None or not (ASK_POST.search(shape) or ASK_POT.search(shape)):
        return None
    ante = t.value(next(g for g in ante_m.groups() if g is not None))
    small, big = blinds
    stack_m = STACK.search(shape)
    stack = t.value(next(g for g in stack_m.groups() if g is not None)) if stack_m else DEEP
    players_m = PLAYERS.search(shape)
    count = WORD_WAYS.get(players_m.group(1), 0) if players_m else 0
    bba = BIG_BLIND_ANTE.search(shape) is not None
    spans = [ante_m.span(), *(m.span() for m in BLINDS.finditer(shape))]
    if stack_m:
        spans.append(stack_m.span())
    if not all_read(shape, spans) or ante <= 0:
        return None
    if bba and ASK_POST.search(shape):
        # the big blind's own posting: seat 2 of three, holding the stack said
        hand = _dealt(spot_seats(3, {2: stack}), small, big, ante, True, profile)
        if hand is None:
            return None
        posted = {e.kind: e.amount for e in hand.events if isinstance(e, Posted) and e.seat == 2}
        blind, paid = posted.get("big_blind", 0), posted.get("ante", 0)
        return worked("forced-bets", "big-blind-ante", [blind + paid, blind, paid], profile,
                      blind=blind, ante=paid, ante_asked=ante, stack=stack if stack_m else 0)
    if bba or stack_m or not count or not ASK_POT.search(shape) or count > TABLE_SIZE:
        return None
    # an ante from every player: the pot before the cards, blinds and antes together
    hand = _dealt(spot_seats(count, {}), small, big, ante, False, profile)
    if hand is None:
        return None
    pot = sum(e.amount for e in hand.events if isinstance(e, Posted))
    return worked("forced-bets", "antes", [pot], profile, blind=big, ante=ante, players=count,
                  antes=ante * count)


def _dealt(seats: tuple[Seat, ...], small: int, big: int, ante: int, bba: bool,
           profile: Profile) -> Hand | None:
    try:
        return Hand.start(HandConfig("rule", seats, len(seats), small, big, ante=ante,
                                     big_blind_ante=bba, profile=profile, deck_seed="rule",
                                     table_size=TABLE_SIZE))
    except IllegalAction:
        return None
