"""Sizes said in words, written as the chips they come to before a question's amounts are read
(bot/rulebook/amount_words.py): blinds written with a dash, sizes in big blinds or as a multiple
of a bet, shares of the pot, chips counted by their worth. A size whose base is not said is
written as `UNREAD`, so the question is not read: no number is better than a guessed one.
"""

from __future__ import annotations

import re

# An amount as players write it: "1,200", "1.2k", "$300" (not a share: "50%")
NUMBER = re.compile(r"(?<![\w.#])\$?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(\s?k\b)?(?![\w/.]*%)")
WORD_WAYS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
             "nine": 9, "ten": 10}


def number_of(token: str) -> float | None:
    """"1,200", "1.2k", "$300" as a number (None when it is not one)."""
    m = re.fullmatch(r"\$?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(\s?k)?", token.strip())
    if m is None:
        return None
    number = float(m.group(1).replace(",", ""))
    return number * 1000 if m.group(2) else number


# "blinds 1k-2k", "at 100-200": blinds written with a dash (a 3-bet was read before this); the
# big one is at most twice the small one, so "raised 300-900" is not read as blinds
BLINDS_DASHED = re.compile(r"(?<![\w.,])(\$?\d+(?:[,.]\d+)*(?:\s?k)?)\s?-\s?"
                           r"(\$?\d+(?:[,.]\d+)*(?:\s?k)?)\b")


def _dashed_blinds(m: re.Match[str]) -> str:
    small, big = number_of(m.group(1)), number_of(m.group(2))
    if small is None or big is None or not 0 < small <= big <= 2 * small:
        return m.group(0)
    return f"{m.group(1)} slash {m.group(2)}"


# "opens 3x", "raises to 2.5x", "makes it 3bb": a size in big blinds, before the flop; "3x his
# bet", "bet 400, raise to 3x": a multiple of the amount said just before. Only after a word
# that bets ("run it 2x" is no amount).
MULTIPLE = re.compile(
    r"\b(opens?|opened|opening|raises?|raised|raising|makes? it|made it|to|for|bets?|reraise\w*|"
    r"xbet\w*|utg|mp|hj|lj|co|btn|button|villain|he|she|i)\s+(\d+(?:\.\d+)?)\s?(x|bbs?|big blinds)"
    r"(?:s|es|d|ed)?(?=\s|$|[,.?!])"
    r"(\s+(?:his|her|their|the|my|a)\s+(?:bet|open|raise|opener|lead))?(\s+it\b)?")
# "the pot is 900", "a 900 pot": the pot's size, said beside a bet of the pot
POT_SIZE = re.compile(r"\bpot (?:(?:is|was|of|at|size is|s)\s+)?(?:now\s+)?(?:at\s+)?"
                      r"(\$?\d+(?:[,.]\d+)*(?:\s?k\b)?)|(?<![\w.,/])(\$?\d+(?:[,.]\d+)*(?:\s?k\b)?)\s+"
                      r"(?:chip\s+)?pot\b")
# "bet into 3000" beside a pot-sized bet: 3000 is the pot, not a bet faced
POT_INTO = re.compile(r"\binto (?:a |the )?(\$?\d+(?:[,.]\d+)*(?:\s?k\b)?)(?:\s+pot\b)?")
# The share of the pot a bet names ("half pot", "2/3 pot", "pot")
FRACTIONS = {"half": 0.5, "1/2": 0.5, "a half": 0.5, "1/3": 1 / 3, "2/3": 2 / 3, "3/4": 0.75,
             "quarter": 0.25, "1/4": 0.25, "full": 1.0}
_FRACTION = r"(half|a half|1/2|1/3|2/3|3/4|1/4|quarter|full)"
POT_BET = re.compile(
    rf"\b(bets?|betting|leads?|led|fires?|fired)\s+(?:out\s+)?(?:for\s+)?(?:the\s+)?"
    rf"(?:{_FRACTION}\s+(?:the\s+)?)?pot\b(?!\s+(?:is|was|size|odds|limit))|"
    rf"\b(?:a\s+)?(?:{_FRACTION}\s+)?pot(?:\s+sized?)?\s+(bet)\b")


# "bets 1000 into 3000": the second amount is the pot the bet goes into, not a bet faced
BET_INTO_POT = re.compile(r"\b((?:bets?|betting|leads?|led|fires?|fired|donks?|c ?bets?)\s+"
                          r"(?:out\s+)?(?:for\s+)?(\$?\d+(?:[,.]\d+)*(?:\s?k\b)?))\s+into\s+"
                          r"(?:a\s+|the\s+)?(\$?\d+(?:[,.]\d+)*(?:\s?k\b)?)(?:\s+pot\b)?"
                          r"(?!\s*(?:bet|raise|shove|allin|all in|open)\b)")


def _bets_into_pots(low: str) -> str:
    def pot(m: re.Match[str]) -> str:
        bet, into = number_of(m.group(2)), number_of(m.group(3))
        if bet is None or into is None or bet >= into:
            return m.group(0)  # a bet into a smaller amount is a bet faced, not a pot
        return f"{m.group(1)} into the pot"

    return BET_INTO_POT.sub(pot, low)


def _pot_bets(low: str) -> str:
    """"Bets pot", "leads half the pot", "a 2/3 pot bet into 3000" as the chips they come to,
    where the pot's size is said (a pot bet with no pot said is left: the question is not
    read)."""
    if not POT_BET.search(low):
        return low
    size = POT_SIZE.search(low)
    into = POT_INTO.search(low) if size is None else None
    said = size.group(1) or size.group(2) if size else into.group(1) if into else None
    pot = number_of(said) if said else None
    if into is not None:
        low = low[:into.start()] + "into the pot" + low[into.end():]

    def chips(m: re.Match[str]) -> str:
        verb = m.group(1) or m.group(4)
        share = FRACTIONS[m.group(2) or m.group(3) or "full"]
        bet = pot * share if pot is not None else None
        if bet is None or abs(bet - round(bet)) > 1e-9:
            return f"{verb} {UNREAD}"
        return f"{verb} {round(bet)}"

    return POT_BET.sub(chips, low)


# The word a size that cannot be worked out is read as: the question's spot is not read.
UNREAD = "unreadsize"
AMOUNT = r"\d+(?:[,.]\d+)*(?:\s?k\b)?"
# (the blinds said as a pair first: "the big blind at 1k/2k" is 2k, not 1k)
BIG_BLIND_SAID = re.compile(rf"({AMOUNT}) slash ({AMOUNT})|"
                            rf"\b(?:bb|big blind)(?: is| of| at)? "
                            rf"({AMOUNT})(?![\d,.]|\s?k\b| slash)")


# Who may be named before a size with no deed said ("UTG 3x")
PLAYERS = frozenset({"utg", "mp", "hj", "lj", "co", "btn", "button", "villain", "he", "she", "i"})


def chips_counted(m: re.Match[str]) -> str:
    count, worth = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
    times = int(count) if count.isdigit() else WORD_WAYS[count]
    return f"{times * int(worth)}"


def _times_the_bet(m: re.Match[str]) -> str:
    """"3x's my 500 bet" as "raises to 1500 over my 500 bet"."""
    times, bet = float(m.group(1)), int(m.group(3))
    if not 1 < times <= 100 or times * bet != int(times * bet):
        return m.group(0)
    return f"raises to {int(times * bet)} over {m.group(2)} {bet} {m.group(4)}"


def _sized_open(m: re.Match[str], big: float) -> str:
    """"a 3x open" as "a 3000 open"; "2.5x open" opening the question as "opens to 5000"."""
    times = float(m.group(2))
    if not 1 < times <= 100 or times * big != int(times * big):
        return m.group(0)
    size = int(times * big)
    return f"{m.group(1)} {size} {m.group(3)}" if m.group(1) else f" opens to {size} "


def _multiples(low: str) -> str:
    """Sizes said as multiples written as the chips they come to, where the base is said: the
    big blind for "3x" and "3bb", the amount just before for "3x his bet". A multiple whose base
    is not said is left as it is, and the question is not read (no number is better than a
    guessed one)."""
    blinds = BIG_BLIND_SAID.search(low)
    big = number_of(blinds.group(2) or blinds.group(3)) if blinds else None

    def size(m: re.Match[str]) -> str:
        times = float(m.group(2))
        base: float | None
        before = [n for n in NUMBER.finditer(low[:m.start()])
                  if not (blinds and blinds.start() <= n.start() < blinds.end())]
        if m.group(5) and not before:
            return f" {UNREAD} "  # "3x it" after a raise whose size is not said
        if m.group(4) or (m.group(3) == "x" and before):
            # "3x his bet"; "bet 400, he raises to 3x": three times the amount said before
            base = number_of(before[-1].group(0)) if before else None
        else:
            base = big
        if base is None or not 1 < times <= 100 or times * base != int(times * base):
            return m.group(0)
        if m.group(1) in PLAYERS:
            # "UTG 2.5x": the player named, the deed understood
            return f"{m.group(1)} raises to {int(times * base)}"
        return f"{m.group(1)} {int(times * base)}"

    # "villain 3x's my 500 bet": a raise to three times the bet it names
    low = re.sub(r"\b(\d+(?:\.\d+)?)\s?x(?:s|'s|es|ed)?\s+(my|his|her|their|the|a)\s+(\d+)\s+"
                 r"(bet|open|raise)\b", _times_the_bet, low)
    if big is not None:
        # "facing a 3x open": an open of that many big blinds
        low = re.sub(r"(?:\b(a|an|the|his|her|their)\s+|^\s*)(\d+(?:\.\d+)?)\s?(?:x|bbs?)\s+"
                     r"(open|raise)\b", lambda m: _sized_open(m, big), low)
    low = MULTIPLE.sub(size, low)
    # a multiple left (its base not said, or after no betting word) is no amount read
    return re.sub(r"(?<![\w.])\d+(?:\.\d+)?\s?x(?=\s|$|[,.?!])", f" {UNREAD} ", low)




def pot_bets_as_chips(low: str) -> str:
    """"Bets 1000 into 3000" (3000 is the pot) and "bets half the pot" as chips."""
    return _pot_bets(_bets_into_pots(low))


def dashed_blinds(low: str) -> str:
    """"1k-2k" as the blinds' pair "1k slash 2k"."""
    return BLINDS_DASHED.sub(_dashed_blinds, low)


def multiples_as_chips(low: str) -> str:
    """"3x", "2.5bb", "3x his bet" as the chips they come to (see `_multiples`)."""
    return _multiples(low)
