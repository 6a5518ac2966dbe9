"""Antes and blinds worked out with the engine's own posting (bot/engine/hand.py): what the big
blind posts with a big blind ante ("bb ante 2k at 1k/2k, he has 3k": the blind first, the rest
to the ante), what is in the pot before the cards ("100/200 ante 25, nine handed"; "bb ante 600
at 300/600, pot before anyone acts"), and who posts what heads-up. No betting is played.

An ante or a blind the question does not give is the structure's, not a rule's: it is taken
from the league's blind structures (bot/tournament/structure.py) only where all of them agree
("big blind ante at 1k/2k": the ante those structures post with a 2,000 big blind; "bb is 400,
what's the sb")."""

from __future__ import annotations

import re

from bot.engine.errors import IllegalAction
from bot.engine.hand import Hand, HandConfig, Seat
from bot.engine.hand_events import Posted
from bot.engine.profile import Profile
from bot.rulebook.amount_words import WORD_WAYS, N, Text, all_read, blinds_of
from bot.rulebook.worked import DEEP, TABLE_SIZE, Worked, spot_seats, worked
from bot.tournament.structure import Level, league_structures

BIG_BLIND_ANTE = re.compile(r"\b(big blind|bb) antes?\b|\bbba\b")
ANTE = re.compile(rf"\b(?:big blind |bb )?antes? (?:of |is |was )?{N}(?! slash)|"
                  rf"(?<!slash ){N} (?:big blind |bb )?antes?\b|\bbba (?:of |is )?{N}")
STACK = re.compile(rf"\b(?:has|have|had|with|holding|got)\s+(?:only\s+|just\s+)?{N}"
                   rf"(?!\s+(?:a |an )?(?:big blind |bb )?antes?\b)\s*"
                   rf"(?:left|behind|chips|in (?:his|her|my) stack)?|\bstack (?:of|is|was) {N}")
BLINDS = re.compile(rf"{N} slash {N}|\b(?:bb|big blind|sb|small blind)(?: is| of| at)? {N}")
# players dealt in: "nine handed", "eight players", "at a full table of nine"
PLAYERS = re.compile(r"\b(two|three|four|five|six|seven|eight|nine|ten) (handed|players|people|"
                     r"of us|seats|at the table)\b")
# what the big blind posts, or what is in the pot before the cards
ASK_POST = re.compile(r"\b(post|posts|posted|pay|pays|put|puts|owe|owes|in total|total|how much|"
                      r"how big|size|what does|whats)\b")
ASK_POT = re.compile(r"\b(pot|in the middle|dead money)\b|\b(is|are|goes|go) (out|in)\b.{0,20}"
                     r"\b(before|preflop)\b")
# the ante itself asked, not all the big blind posts
ASK_ANTE = re.compile(r"\b(?:whats|what is|how (?:big|much) is) (?:the )?(?:bb |big blind )?"
                      r"antes?\b|\bbba\b.{0,12}\b(?:whats|what is|how (?:big|much))\b")
# the big blind's own posting asked, not the pot
BB_POSTS = re.compile(r"\b(bb|big blind|he|she|i)\s+(post|posts|pay|pays|put|puts|owe|owes)\b")
# a blind posted, asked ("what does the button post", "who pays what")
POSTS = re.compile(r"\b(post|posts|posted|posting|pay|pays|put in|puts in|owe|owes)\b")
# betting words: a question about a deed, not the blinds posted
DEEDS = re.compile(r"\b(rais\w*|reraise\w*|xbet\w*|call\w*|limp\w*|bet|bets|shove\w*|allin|"
                   r"fold\w*|check\w*|min|minimum|open\w*|complete\w*|act\w*)\b")
# "before anyone acts": when, not a deed
BEFORE_ACTION = re.compile(r"\bbefore (?:anyone|anybody|any player|the first player|someone) "
                           r"(?:acts|has acted|moves|bets)\b|\bbefore (?:the |any )?action\b")
# Heads-up: two players dealt in
HEADS_UP = re.compile(r"\bheads ?up\b|\bhu\b|\b(two|2) (handed|players left)\b|\bone on one\b")
# who posts, heads-up: the button (and small blind) or the other player (the big blind)
BUTTON_POSTS = re.compile(r"\b(button|dealer|btn)\b")
OTHER_POSTS = re.compile(r"\b(other (player|guy|one)|non ?button|not on the button|bb|big blind)\b")
# "bb is 400, what's the sb": one blind given, the other asked
ASK_SMALL = re.compile(rf"\b(?:bb|big blind) (?:is |of |at )?{N}\b.{{0,20}}\b(?:whats|what is|"
                       rf"how much is|what s|so) (?:the )?(?:sb|small blind)\b")
ASK_BIG = re.compile(rf"\b(?:sb|small blind) (?:is |of |at )?{N}\b.{{0,20}}\b(?:whats|what is|"
                     rf"how much is|what s|so) (?:the )?(?:bb|big blind)\b")


def forced_bets(t: Text, profile: Profile) -> Worked | None:
    shape = t.shape
    blinds = _blinds(t)
    ante_m = ANTE.search(shape)
    bba = BIG_BLIND_ANTE.search(shape) is not None
    asks_pot = ASK_POT.search(shape) is not None and BB_POSTS.search(shape) is None
    if blinds is None or not (ASK_POST.search(shape) or asks_pot):
        return None
    small, big = blinds
    if ante_m is not None:
        ante = t.value(next(g for g in ante_m.groups() if g is not None))
    elif bba:
        # "big blind ante at 1k/2k": the ante of the league's structures at that big blind
        found = structure_ante(small, big)
        if found is None:
            return None
        ante = found
    else:
        return None
    stack_m = STACK.search(shape)
    stack = t.value(next(g for g in stack_m.groups() if g is not None)) if stack_m else DEEP
    players_m = PLAYERS.search(shape)
    count = WORD_WAYS.get(players_m.group(1), 0) if players_m else 0
    if not count and HEADS_UP.search(shape):
        count = 2  # heads-up: two players dealt in
    spans = [m.span() for m in BLINDS.finditer(shape)]
    if ante_m is not None:
        spans.append(ante_m.span())
    if stack_m:
        spans.append(stack_m.span())
    if not all_read(shape, spans) or ante <= 0:
        return None
    if bba and not asks_pot:
        if re.search(r"\b(sb|small blind|button|utg|dealer)\b", shape):
            return None  # another player's posting asked, not the big blind's
        # the big blind's own posting: seat 2 of three, holding the stack said
        hand = _dealt(spot_seats(3, {2: stack}), small, big, ante, True, profile)
        if hand is None:
            return None
        posted = {e.kind: e.amount for e in hand.events if isinstance(e, Posted) and e.seat == 2}
        blind, paid = posted.get("big_blind", 0), posted.get("ante", 0)
        if ASK_ANTE.search(shape) and not stack_m:
            # "what's the big blind ante at 200/400": the ante itself
            return worked("forced-bets", "big-blind-ante", [paid, blind + paid], profile,
                          blind=blind, ante=paid, ante_asked=ante, ante_only=1,
                          said=int(ante_m is not None))
        return worked("forced-bets", "big-blind-ante", [blind + paid, blind, paid], profile,
                      blind=blind, ante=paid, ante_asked=ante, stack=stack if stack_m else 0,
                      said=int(ante_m is not None))
    if stack_m or not asks_pot or count > TABLE_SIZE or not (count or bba):
        return None
    # the pot before the cards: the blinds and every ante (one from each player, or the big
    # blind's alone), as the engine posts them
    hand = _dealt(spot_seats(count or 3, {}), small, big, ante, bba, profile)
    if hand is None:
        return None
    pot = sum(e.amount for e in hand.events if isinstance(e, Posted))
    antes = sum(e.amount for e in hand.events if isinstance(e, Posted) and e.kind == "ante")
    if bba:
        return worked("forced-bets", "big-blind-ante", [pot], profile, blind=big, small=small,
                      ante=ante, pot=1, said=int(ante_m is not None))
    return worked("forced-bets", "antes", [pot], profile, blind=big, ante=ante, players=count,
                  antes=antes)


def _blinds(t: Text) -> tuple[int, int] | None:
    """The blinds, each named ("ante 50, bb 200, sb 100": not a 50 big blind) or as a level."""
    big = re.search(rf"\b(?:bb|big blind)(?: is| of| at)? {N}", t.shape)
    small = re.search(rf"\b(?:sb|small blind)(?: is| of| at)? {N}", t.shape)
    if big and small and not re.search(r"slash", t.shape):
        pair = t.value(small.group(1)), t.value(big.group(1))
        return pair if 0 < pair[0] <= pair[1] else None
    return blinds_of(t)


def blinds_pot(t: Text, profile: Profile) -> Worked | None:
    """"At 100/200, what's in the pot before anyone acts": the two blinds as the engine posts
    them, no ante said and no deed told."""
    shape = t.shape
    blinds = _blinds(t)
    if blinds is None or not ASK_POT.search(shape) or _told_deed(shape) or re.search(
            r"\bantes?\b|\bbba\b", shape) or not re.search(
            r"\b(before|preflop|to start|starting|dead money|in the middle)\b", shape):
        return None
    players_m = PLAYERS.search(shape)
    spans = [m.span() for m in BLINDS.finditer(shape)]
    if not all_read(shape, spans):
        return None
    count = WORD_WAYS.get(players_m.group(1), 3) if players_m else 3
    hand = _dealt(spot_seats(min(count, TABLE_SIZE), {}), *blinds, 0, False, profile)
    if hand is None:
        return None
    pot = sum(e.amount for e in hand.events if isinstance(e, Posted))
    return worked("forced-bets", "blinds", [pot], profile, small=blinds[0], blind=blinds[1],
                  blinds_only=1)


def heads_up_posts(t: Text, profile: Profile) -> Worked | None:
    """"Heads up at 500/1000, what does the button post": the blind the engine posts for the
    button (the small blind) or the other player (the big blind) in a hand of two."""
    shape = t.shape
    blinds = blinds_of(t)
    if blinds is None or not HEADS_UP.search(shape) or not POSTS.search(shape) or (
            _told_deed(shape)):
        return None  # a deed told or asked: the betting, not the blinds posted
    ante_m = ANTE.search(shape)
    ante = t.value(next(g for g in ante_m.groups() if g is not None)) if ante_m else 0
    spans = [m.span() for m in BLINDS.finditer(shape)] + ([ante_m.span()] if ante_m else [])
    if not all_read(shape, spans) or BIG_BLIND_ANTE.search(shape):
        return None
    button, other = BUTTON_POSTS.search(shape), OTHER_POSTS.search(shape)
    if (button is None) == (other is None):
        return None  # whose posting is asked is not said, or both are named
    hand = _dealt(spot_seats(2, {}), *blinds, ante, False, profile, button=2)
    if hand is None:
        return None
    seat = 2 if button is not None else 1
    mine = sum(e.amount for e in hand.events if isinstance(e, Posted) and e.seat == seat)
    if not mine:
        return None
    return worked("heads-up-posts", "heads-up", [mine], profile, button=int(seat == 2),
                  small=blinds[0], big=blinds[1], ante=ante)


def blind_pair(t: Text, profile: Profile) -> Worked | None:
    """"bb is 400, what's the sb": the other blind of the level, from the league's structures
    where every one of them that has that blind pairs it with the same other blind."""
    shape = t.shape
    small_m, big_m = ASK_SMALL.search(shape), ASK_BIG.search(shape)
    m = small_m or big_m
    if m is None or len(t.values) != 1 or (small_m and big_m) or _told_deed(shape):
        return None
    given = t.value(m.group(1))
    pairs = {(lv.small_blind, lv.big_blind) for lv, _ in _levels()}
    other = {s if small_m else b for s, b in pairs if (b if small_m else s) == given}
    if len(other) != 1:
        return None
    (found,) = other
    small, big = (found, given) if small_m else (given, found)
    return worked("blind-pair", "blinds", [found], profile, small=small, big=big,
                  asked_small=int(small_m is not None))


def _told_deed(shape: str) -> bool:
    """Whether the question tells or asks a deed ("before anyone acts" is none)."""
    return DEEDS.search(BEFORE_ACTION.sub(" ", shape)) is not None


def structure_ante(small: int, big: int) -> int | None:
    """The big blind ante of the league's structures that use one at these blinds, when they
    all agree."""
    antes = {lv.ante for lv, bba in _levels() if bba and lv.ante and
             (lv.small_blind, lv.big_blind) == (small, big)}
    return antes.pop() if len(antes) == 1 else None


def _levels() -> list[tuple[Level, bool]]:
    """Every level of the league's structures, with whether its structure has a big blind ante."""
    return [(lv, s.big_blind_ante) for s in league_structures() for lv in s.levels]


def _dealt(seats: tuple[Seat, ...], small: int, big: int, ante: int, bba: bool,
           profile: Profile, button: int | None = None) -> Hand | None:
    try:
        return Hand.start(HandConfig("rule", seats, button or len(seats), small, big, ante=ante,
                                     big_blind_ante=bba, profile=profile, deck_seed="rule",
                                     table_size=TABLE_SIZE))
    except IllegalAction:
        return None
