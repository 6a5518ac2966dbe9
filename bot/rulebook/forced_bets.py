"""Antes and blinds worked out with the engine's own posting (bot/engine/hand.py): what the big
blind posts with a big blind ante ("bb ante 2k at 1k/2k, he has 3k": the blind first, the rest
to the ante), what is in the pot before the cards ("100/200 ante 25, nine handed"; "bb ante 600
at 300/600, pot before anyone acts"), who posts what heads-up, what a blind posts ("400/800, how
much does the sb post"), what the small blind adds to call the big blind when nobody raised
("folds to me in the sb, how much to complete"; heads-up, the button's limp), and the blinds of
the hand after a blind is knocked out, placed by the director (bot/tournament/blinds.py). No
betting is played but those calls.

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
from bot.rulebook.amount_words import BOTH_BLINDS, WORD_WAYS, N, Text, all_read, blinds_of
from bot.rulebook.worked import DEEP, TABLE_SIZE, Worked, spot_seats, worked
from bot.tournament.blinds import first_positions, next_positions
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
                     r"\b(before|preflop)\b|\b(total|all) before (the )?(deal|cards|action)\b")
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
HEADS_UP = re.compile(r"\bheads ?up\b|\bhu\b|\b(two|2) (handed|players left)\b|\bone on one\b|"
                      r"\b(?:down to|only) (?:two|2) (?:players|of us|left)\b")
# who posts, heads-up: the button (and small blind) or the other player (the big blind)
BUTTON_POSTS = re.compile(r"(?<!non )(?<!not on the )\b(button|dealer|btn|sb|small blind)\b")
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
    if SB_OUT.search(shape) or BB_OUT.search(shape) or BOTH_OUT.search(shape):
        return None  # a blind knocked out: the next hand's blinds (blinds_after_bust)
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


# --- the blinds after a blind is knocked out -----------------------------------------------

ANTES_SAID = re.compile(r"\bantes?\b|\bbba\b")
# both blinds said, as a level ("300/600", "blinds 100 and 200", "sb 100 bb 200")
LEVEL_SAID = re.compile(rf"{N} slash {N}|\bblinds (?:of |are |at )?{N} and {N}|{BOTH_BLINDS}")
LEVEL = re.compile(rf"{N} slash {N}")

_OUT = (r"(?:got |was |has |have |just |is |went |gets? )*(?:busted|busts?|bust out|busted out|"
        r"knocked out|eliminated|out|broke|felted)")
# a blind knocked out: "the small blind busted", "bb got knocked out", "busted the sb"
SB_OUT = re.compile(rf"\b(?:sb|small blind)s? {_OUT}\b|\b(?:busted|knocked out|eliminated) "
                    r"(?:the )?(?:sb|small blind)\b")
BB_OUT = re.compile(rf"\b(?:bb|big blind)s? {_OUT}\b|\b(?:busted|knocked out|eliminated) "
                    r"(?:the )?(?:bb|big blind)\b")
BOTH_OUT = re.compile(rf"\b(?:both blinds|sb and bb|small and big blinds?|small blind and (?:the )?"
                      rf"big blind|blinds both) (?:both )?{_OUT}\b")
# whose posting is asked: last hand's big blind or small blind, or what the blinds come to
WAS_BB = re.compile(r"\b(?:(?:guy|player|one|person|man|he|she) (?:who|that) was (?:the |in the )?"
                    r"|(?:old|former|previous|last hands|prior) )(?:bb|big blind)\b|"
                    r"\bi was (?:the |in the )?(?:bb|big blind)\b")
WAS_SB = re.compile(r"\b(?:(?:guy|player|one|person|man|he|she) (?:who|that) was (?:the |in the )?"
                    r"|(?:old|former|previous|last hands|prior) )(?:sb|small blind)\b|"
                    r"\bi was (?:the |in the )?(?:sb|small blind)\b")
BLINDS_TOTAL = re.compile(r"\b(?:from|in|by) (?:the )?blinds\b|\bblind (?:money|chips)\b|"
                          r"\bblinds? (?:total|in total|come to|add up)\b|\btotal (?:in )?blinds\b|"
                          r"\bblinds\b.{0,40}\b(?:in total|total|altogether|all told)\b")
# the total asked in so many words ("what do the blinds add up to")
TOTAL_ASKED = re.compile(r"\b(add up|come to|comes to|in total|total|altogether|all told)\b")
# the next hand asked, not the hand the blind busted in
NEXT_HAND = re.compile(r"\b(next|this|the following|now|new)\b")
# the bust told hands before the one asked about: the blinds have moved on since
EARLIER = re.compile(r"\b(ago|before last|hand before|hands before|two hands|couple)\b")
# the table a blind busts at, when the question does not say how many play: one that stays
# three-handed or more (heads-up has its own blinds)
BUST_TABLE = 6


def blinds_after_bust(t: Text, profile: Profile) -> Worked | None:
    """"Blinds 200/400, the small blind busted last hand: what does the old big blind post
    now", "the big blind got knocked out, how much goes in from the blinds next hand": the
    director's next positions (bot/tournament/blinds.py, by the profile's rule after an
    elimination) dealt on the engine."""
    shape = t.shape
    blinds = _level_said(t)
    sb_out, bb_out = SB_OUT.search(shape), BB_OUT.search(shape)
    both = BOTH_OUT.search(shape) is not None or (sb_out is not None and bb_out is not None)
    if blinds is None or not (sb_out or bb_out or both) or not NEXT_HAND.search(shape) or (
            EARLIER.search(shape)):
        return None
    if ANTES_SAID.search(shape) or _told_deed(shape) or HEADS_UP.search(shape):
        return None
    players_m = PLAYERS.search(shape)
    if players_m is not None and WORD_WAYS.get(players_m.group(1), 0) <= 3 + both:
        return None  # down to heads-up after the bust: the heads-up blinds, not read here
    asks_bb, asks_sb = WAS_BB.search(shape), WAS_SB.search(shape)
    asks_total = BLINDS_TOTAL.search(shape) is not None and (
        ASK_POST.search(shape) is not None or TOTAL_ASKED.search(shape) is not None)
    if sum(map(bool, (asks_bb, asks_sb, asks_total))) != 1 or (
            not asks_total and not POSTS.search(shape)):
        return None
    if not all_read(shape, _blind_spans(shape)):
        return None
    table = tuple(range(1, BUST_TABLE + 1))
    before = first_positions(BUST_TABLE, table, BUST_TABLE)
    out = {before.small_blind_seat} if not bb_out or both else set()
    out |= {before.big_blind_seat} if bb_out or both else set()
    live = [s for s in table if s not in out]
    after, _ = next_positions(before, live, BUST_TABLE, profile.blinds_after_elimination)
    try:
        hand = Hand.start(HandConfig(
            "rule", tuple(Seat(s, f"p{s}", DEEP) for s in live), after.button, *blinds,
            small_blind_seat=after.posted_small_blind_seat, big_blind_seat=after.big_blind_seat,
            profile=profile, deck_seed="rule", table_size=BUST_TABLE))
    except IllegalAction:
        return None
    posted = {e.seat: e.amount for e in hand.events if isinstance(e, Posted)}
    rule = "same-hand-eliminations" if both else "bb-eliminated" if bb_out else "sb-eliminated"
    facts = dict(small=blinds[0], big=blinds[1], busted=3 if both else 2 if bb_out else 1,
                 no_small=int(after.posted_small_blind_seat is None))
    if asks_total:
        return worked("blinds-after-bust", rule, [sum(posted.values())], profile, asked=3,
                      **facts)
    seat = before.big_blind_seat if asks_bb else before.small_blind_seat
    if seat in out:
        return None  # the player asked about is the one knocked out
    return worked("blinds-after-bust", rule, [posted.get(seat, 0)], profile,
                  asked=1 if asks_bb else 2, **facts)


# --- what a blind posts, and what it adds to call the big blind ------------------------------

_SB = r"(?:sb|small blind)"
_BB = r"(?:bb|big blind)"
# "how much does the small blind post", "what does the bb pay", "sb posts how much"
ASK_BLIND_POSTS = re.compile(
    rf"\b(?:how much|what)(?: does| do| will| should)? (?:the |a )?({_SB}|{_BB}) (?:have to |"
    rf"need to |has to )?(?:post|pay|put in|put up)\b|\b({_SB}|{_BB}) (?:posts?|pays?) "
    rf"(?:how much|what)\b|\bwhat(?:s| is) (?:the )?({_SB}|{_BB})(?= *$| (?:post|posts|at|now|"
    rf"this|then|pay|pays|be|supposed)\b)")
SB_NAMED = re.compile(_SB)
BLIND_NAMED = re.compile(rf"\b(?:{_SB}|{_BB})\b")
# the player asked about is in the small blind ("folds to me in the sb", "im sb")
IN_SMALL_BLIND = re.compile(rf"\b(?:im|i am|i m) (?:in |on )?(?:the )?{_SB}\b|\b(?:me|i|im) "
                            rf"(?:in|on) (?:the )?{_SB}\b|\bfrom (?:the )?{_SB}\b")
# the player's own posting asked ("how much did i have to post")
ASK_OWN_POST = re.compile(r"\b(?:how much|what)(?: do| did| will| must| should) i (?:have to |need "
                          r"to |has to )?(?:post|pay|put in|put up)\b")
# folded to him: no deed of his, nor one that changes his blind
FOLDS_TO = re.compile(r"\b(?:everyone |all |it )?(?:folds?|folded) (?:around )?to (?:me|him|her)\b")
# the small blind's own call asked ("how much does the sb add to call", "sb limps, how much")
SB_CALLS = re.compile(rf"\b(?:does|do|would|should|will|must) (?:the )?{_SB} (?:need to |have "
                      rf"to )?(?:add|put in|pay|call|complete|limp)\b|\b{_SB} (?:wants to |just "
                      r"|has to )?(?:completes?|limps?|calls?)\b")
# the player asking is in the big blind: his own chips, not the small blind's
IN_BIG_BLIND = re.compile(rf"\b(?:im|i am|i m) (?:in |on )?(?:the )?{_BB}\b|\b(?:me|i|im) "
                          rf"(?:in|on) (?:the )?{_BB}\b|\bfrom (?:the )?{_BB}\b")
# heads-up, the button: he posted the small blind and acts first
BUTTON_ACTS = re.compile(r"\b(?:button|dealer|btn)\b")
# how much more he puts in to call the big blind ("to complete", "to limp", "add"), or all he
# has put in then ("how much did i put in total")
ASK_MORE = re.compile(r"\bhow much (?:more|extra)\b|\b(?:add|adds|adding|to complete|to limp|"
                      r"to (?:just )?call)\b")
ASK_ALL_IN = re.compile(r"\b(?:in )?total\b|\bin all\b|\baltogether\b")
POT_NAMED = re.compile(r"\b(pot|middle)\b")
# what the others did before him: folded or called the big blind, nothing more
NO_RAISE = re.compile(r"\b(?:rais\w*|reraise\w*|xbet\w*|bet|bets|betting|shove\w*|allin|jam\w*|"
                      r"open\w*|min|check\w*|iso\w*|straddl\w*|dead|missed|posts?|posted)\b")


def _level_said(t: Text) -> tuple[int, int] | None:
    """Both blinds, as the question says them ("300/600", "sb 100 bb 200"): none guessed from
    one of them, and none where two levels are told ("from 100/200 to 200/400")."""
    m = LEVEL_SAID.search(t.shape)
    if m is None or len(LEVEL_SAID.findall(t.shape)) > 1:
        return None
    small, big = (t.value(g) for g in m.groups() if g is not None)
    return (small, big) if 0 < small <= big else None


def _blind_spans(shape: str) -> list[tuple[int, int]]:
    """Where the blinds are said, each way ("at 300/600", "sb 100 bb 200")."""
    return [m.span() for pattern in (LEVEL, BLINDS) for m in pattern.finditer(shape)]


def blind_posted(t: Text, profile: Profile) -> Worked | None:
    """"New level is 400/800, how much does the small blind post", "folds to me in the bb, how
    much did i post": the blind the engine posts for that seat, no ante and no deed told (but
    folds to him)."""
    shape = t.shape
    blinds = _level_said(t)
    asked = ASK_BLIND_POSTS.search(shape)
    own = ASK_OWN_POST.search(shape)
    mine = IN_SMALL_BLIND.search(shape), IN_BIG_BLIND.search(shape)
    if asked is None and own is not None and (mine[0] is None) != (mine[1] is None):
        asked = mine[0] or mine[1]  # "im in the bb, how much did i post": his own blind
        shape = FOLDS_TO.sub(" ", shape)
    if blinds is None or asked is None or _told_deed(shape) or HEADS_UP.search(shape) or (
            ANTES_SAID.search(shape) or SB_OUT.search(shape) or
            BB_OUT.search(shape) or BOTH_OUT.search(shape)):
        return None
    if not all_read(shape, _blind_spans(shape)):
        return None
    small = asked is mine[0] or asked.re is ASK_BLIND_POSTS and SB_NAMED.fullmatch(
        asked.group(1) or asked.group(2) or asked.group(3)) is not None
    hand = _dealt(spot_seats(3, {}), *blinds, 0, False, profile)
    if hand is None:
        return None
    seat = 1 if small else 2  # the button is seat 3: the small blind sits left of it
    posted = sum(e.amount for e in hand.events if isinstance(e, Posted) and e.seat == seat)
    return worked("blind-posts", "blinds", [posted], profile, small=blinds[0], big=blinds[1],
                  asked_small=int(small))


def blind_completes(t: Text, profile: Profile) -> Worked | None:
    """"Blinds 300/600, folds to me in the sb, how much to complete"; heads-up, "the button
    wants to limp, how much more": the engine's call for the small blind when nobody raised,
    folded to him (or limped to him: the call is the same)."""
    shape = t.shape
    blinds = _level_said(t)
    heads_up = HEADS_UP.search(shape) is not None
    mine = BUTTON_ACTS.search(shape) if heads_up else (
        IN_SMALL_BLIND.search(shape) or SB_CALLS.search(shape))
    if IN_BIG_BLIND.search(shape):
        return None
    asks_all = ASK_ALL_IN.search(shape) is not None
    if asks_all and POT_NAMED.search(shape):
        return None  # the pot in all, not what the small blind put in
    if blinds is None or mine is None or not (asks_all or ASK_MORE.search(shape)) or (
            NO_RAISE.search(shape)):
        return None
    if heads_up and BLIND_NAMED.search(shape) or ANTES_SAID.search(shape):
        return None  # heads-up the button is the small blind: naming a blind beside it is unread
    if not all_read(shape, _blind_spans(shape)):
        return None
    count = 2 if heads_up else 3
    hand = _dealt(spot_seats(count, {}), *blinds, 0, False, profile, button=2 if heads_up
                  else None)
    if hand is None:
        return None
    seat = 2 if heads_up else 1  # heads-up the button (seat 2) posts the small blind
    try:
        while hand.to_act is not None and hand.to_act != seat:
            hand.fold(hand.to_act)
        legal = hand.legal()
    except IllegalAction:
        return None
    if legal is None or hand.to_act != seat or not legal.call_amount:
        return None
    more = legal.call_amount
    hand.call(seat)
    total = hand.player(seat).bet
    figures = [total, more] if asks_all else [more]
    return worked("blind-posts", "heads-up" if heads_up else "blinds", figures, profile,
                  small=blinds[0], big=blinds[1], to_call=1, button=int(heads_up),
                  total=int(asks_all))


# "our minimum bet is 200 this level, what should the small blind be"
MIN_BET_GIVEN = re.compile(rf"\b(?:min|minimum|smallest|least|lowest) (?:opening )?bet (?:is |of |"
                           rf"was |at )?{N}")
ASK_SMALL_OF_LEVEL = re.compile(rf"\b(?:whats|what is|what should|how much (?:is|should)|what s)\b"
                                rf".{{0,20}}\b{_SB}\b")


def blind_for_min_bet(t: Text, profile: Profile) -> Worked | None:
    """The small blind of a level told by its smallest bet: the levels of the league's
    structures at which the engine's smallest bet after the flop is the one given, where they
    all have the same small blind."""
    shape = t.shape
    given = MIN_BET_GIVEN.search(shape)
    if given is None or len(t.values) != 1 or not ASK_SMALL_OF_LEVEL.search(shape) or (
            _told_deed(shape[:given.start()] + " " + shape[given.end():])):
        return None
    least = t.value(given.group(1))
    smalls = set()
    for small, big in {(lv.small_blind, lv.big_blind) for lv, _ in _levels()}:
        hand = _dealt(spot_seats(3, {}), small, big, 0, False, profile)
        if hand is None:
            continue
        while hand.street == "preflop" and hand.to_act is not None:
            hand.check_or_call(hand.to_act)
        legal = hand.legal()
        if legal is not None and legal.min_raise_to == least:
            smalls.add((small, big))
    if len({s for s, _ in smalls}) != 1:
        return None
    small, big = smalls.pop()
    return worked("blind-pair", "blinds", [small], profile, small=small, big=big, asked_small=1,
                  min_bet=least)
