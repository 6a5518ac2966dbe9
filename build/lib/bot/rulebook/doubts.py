"""Signs that a spot read from a question is not read for sure, so that no number is worked
out and the lookup answers unsure (bot/rulebook/amounts.py): a deed told without its size, a
reading that contradicts the words ("said raise" read as silent chips), a question about the pot
answered with one player's posting."""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.rulebook.amount_words import MAX_CHARS
from bot.rulebook.worked import Worked

# A deed told in the third person ("mp 3bets", "he shoves") whose size was not read: the spot
# is not known for sure (the question itself says "min 3bet", "can I raise")
TOLD_DEED = re.compile(r"\b(raises|reraises|reraised|xbets|xbetted|shoves|shoved|jams|jammed|"
                       r"opens|opened|isos|isolates|isolated|bets|leads|led|donks|donked|fires|"
                       r"fired|c ?bets|squeez\w*)\b|"
                       # a list of deeds without amounts: "bet 300, raise, reraise to 2000"
                       r"\b(raise|reraise|bet|xbet|open)\s+(?=(raise|reraise|xbet\w*|allin|shove\w*|"
                       r"jam\w*|calls?)\b)")


# A deed of a player named ("I raise, he reraises to 3000", "i open", "bet 500, got raised")
# without its size; not the deed asked about ("can I raise", "if I raise")
OWN_DEED = re.compile(r"\b(?:i|we|he|she|they|someone|somebody|villain|guy|player|dude|opponent|"
                      r"me)\s+(?:just\s+)?(?:raise|raised|bet|xbet|xbetted|open|opened|reraise|"
                      r"reraised|shove|jam)\b"
                      r"(?!\s+(?:it\s+|up\s+)?(?:to\s+|for\s+|by\s+|of\s+|from\s+)?#)|"
                      r"\b(?:got|get|gets|getting|been|was|were)\s+(?:min\s+)?(?:raised|reraised|"
                      r"xbet|xbetted)\b(?!\s+(?:to\s+|by\s+)?#)|"
                      # "after a raise and a reraise to 2000", "there was a bet and a raise to 900"
                      r"\b(?:a|an|then|another)\s+(?:bet|raise|reraise|xbet|open|shove|jam|iso|"
                      r"squeeze)\b(?!\s+(?:was\s+|is\s+|of\s+|to\s+|for\s+|by\s+)?#)")
ASKED_DEED = re.compile(r"\b(can|could|should|may|might|will|would|to|do|does|did|if|when|cant|"
                        r"wont|whether|how much|what|is|count|counts|as|make|makes|min|minimum|"
                        r"least|smallest|lowest|legal|next|for)\s+"
                        r"(?:\w+\s+){0,3}$")


# "he min raised my 3bet, I 3bet to 1500": a min raise of a deed the story tells after it
MIN_RAISE_OF_LATER = re.compile(r"\bmin ?(?:rais\w*|click\w*|reraise\w*|xbet\w*)\s+(?:my|his|her|"
                                r"their)\s+(?:xbet|raise|reraise|bet|open)\b(?=.*#)")


def untold_deed(shape: str, spans: Sequence[tuple[int, int]]) -> bool:
    """Whether the question's shape tells a deed, outside the `spans` read, without its size,
    or a min raise of a deed told only after it."""
    untold = [m for m in TOLD_DEED.finditer(shape)] + [
        m for m in OWN_DEED.finditer(shape) if not ASKED_DEED.search(shape[:m.start()])]
    return any(not any(a <= m.start() < b for a, b in spans) for m in untold) or (
        MIN_RAISE_OF_LATER.search(shape) is not None)


# "said raise", "announces a raise": a raise declared, whatever the chips
RAISE_SAID = re.compile(r"\b(say|says|said|saying|announc\w*|declar\w*)\s+(a\s+)?raise\b")
# the question asks what the big blind himself posts, not the pot
BB_POSTS = re.compile(r"\b(bb|big blind|he|she|i)\s+(post|posts|pay|pays|put|puts|owe|owes)\b")


# What one player's deed comes to ("he tosses in 1500 silently"), not the raise after it
PLAYER_DEEDS = frozenset({"make-it", "single-chip", "string", "declared-vs-chips",
                          "said-raise-call", "below-call", "declared", "raise-it"})
# the least raise asked for another player after the deed told
NEXT_RAISE_ASKED = re.compile(r"\b(min|minimum|least|smallest)\b.{0,20}\b(raise|reraise|rr|"
                              r"3bet|4bet)\b.{0,12}\bfor\b|"
                              r"\b\w+ (wants?|is going|tries) to (re)?raise\b")


# chips coming back asked ("how much does he get back", "what is returned")
CHIPS_BACK = re.compile(r"\b(get|gets|take|takes|come|comes|go|goes|given|paid)\s+(\w+\s+)?back\b"
                        r"(?!\s+(with|over|in|to|for|and|on)\b)|\b(returned|refunded|uncalled)\b")
# the question itself, from its asking words on ("..., how much more does the bb need to call")
ASKED_PART = re.compile(r"\b(how (much|many)|what)\b.*$")


def doubtful(found: Worked, query: str) -> bool:
    """Whether a spot read contradicts the question: a least raise where a call or the chips put
    in are asked; one player's deed where the raise after it is asked; chips read as put in
    without a word where the question says raise was declared; a big blind's own posting where
    the pot is asked."""
    low = query[:MAX_CHARS].casefold()
    asked = ASKED_PART.search(low)
    if found.kind in ("min-raise", "min-bet", "short-all-in") and asked and re.search(
            r"\b(call|calls|put|puts|add|adds|pot|pots)\b", asked.group(0)) and not re.search(
            r"\b(rais\w*|reraise\w*|min\w*|least|smallest|[34] ?bet\w*)\b", asked.group(0)):
        return True  # "..., how much more does the bb need to call", "how big is the pot"
    back = CHIPS_BACK.search(low)
    least = r"\b(rais\w*|reraise\w*|min\w*|least|smallest|[34] ?bet\w*)\b"
    if found.kind in ("min-raise", "min-bet", "short-all-in") and back and not re.search(
            least, low[back.start():]) and not (asked and re.search(least, asked.group(0))):
        return True  # "..., how much does he get back": chips returned, not the least raise
    if found.kind in PLAYER_DEEDS and NEXT_RAISE_ASKED.search(low):
        return True  # "Al tosses in 1500, Cy wants to raise, min": the raise after his deed
    if found.kind == "make-it" and any(
            not re.search(r"\b(without|not|never|didnt|no)\s+$", low[:m.start()])
            for m in RAISE_SAID.finditer(low)):
        return True
    return found.rule_id == "big-blind-ante" and not found.facts.get("pot") and re.search(
        r"\b(pot|in the middle|dead money)\b", low) is not None and not BB_POSTS.search(low)
