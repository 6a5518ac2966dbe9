"""Every value a user types, parsed into a bounded type or refused with what is allowed.

Typed text reaches the game only through here: amounts (`1,200`, `1.5k`, `min`, `pot`), hand
references (`7-t1-h12` or `12`), reasons, and rule knobs. Only ASCII digits count as digits
(`²` is a digit to `str.isdigit`), lengths are checked before any number is built (a 5,000-digit
number must not be converted), and every refusal says what would be accepted. Nothing here
changes any state.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.discord_ui.presenter import input as words
from bot.engine.bet_sizes import pot_fraction_to
from bot.engine.hand import Hand
from bot.service.usecases import Refused
from bot.tournament.hand_id import HandId

# No stack in any structure comes near this; an amount above it is refused as unreadable
# rather than converted (and one above the largest stack at the table asks to confirm).
MAX_AMOUNT = 10**15
AMOUNT_CHARS = 20
REASON_CHARS = 300
# A hand's number within a tournament (and a tournament's id) fits 9 ASCII digits.
NUMBER_DIGITS = 9
# `7-t1-h12` at its longest (the /history option's max_length).
HAND_REF_CHARS = 40

_AMOUNT = re.compile(r"(?P<whole>[0-9]{1,15})(?:\.(?P<frac>[0-9]{1,3}))?(?P<k>k?)")


def parse_amount(text: str) -> int | str:
    """A whole number of chips ("1,200", "1200", "1.5k") or a word (min, half, pot, all-in)."""
    raw = text.strip().lower()
    if raw in words.AMOUNT_WORDS:
        return words.AMOUNT_WORDS[raw]
    if len(raw) > AMOUNT_CHARS:
        raise Refused.saying(words.amount_too_long_text())
    cleaned = raw.replace(",", "").replace("_", "").replace(" ", "")
    if cleaned.startswith("-"):
        raise Refused.saying(words.AMOUNT_ABOVE_ZERO)
    m = _AMOUNT.fullmatch(cleaned)
    if m is None:
        raise Refused.saying(words.amount_unreadable_text(text))
    whole, frac, k = int(m["whole"]), m["frac"] or "", m["k"]
    scale = 1000 if k else 1
    # 1.5k is 1500; 12.5 (no k) is not a whole number of chips.
    frac_value = int(frac.ljust(3, "0")) if frac else 0
    if frac and (not k or frac_value * scale % 1000):
        raise Refused.saying(words.amount_unreadable_text(text))
    number = whole * scale + frac_value * scale // 1000
    if number <= 0:
        raise Refused.saying(words.AMOUNT_ABOVE_ZERO)
    if number > MAX_AMOUNT:
        raise Refused.saying(words.amount_too_big_text(text))
    return number


def quick_amounts(hand: Hand) -> dict[str, int]:
    """min / half / pot / all-in as "raise to" totals for the player to act, rounded as the
    one-tap buttons are (bot/engine/bet_sizes.py), kept between the minimum raise and the
    all-in (which are always legal as they are)."""
    legal = hand.legal()
    assert legal is not None

    def clamp(x: int) -> int:
        return max(legal.min_raise_to, min(legal.max_raise_to, x))

    return {
        "min": legal.min_raise_to,
        "half": clamp(pot_fraction_to(hand, 1, 2)),
        "pot": clamp(pot_fraction_to(hand, 1, 1)),
        "all-in": legal.max_raise_to,
    }


@dataclass(frozen=True)
class RaiseChoice:
    action: str  # "all_in" | "raise_to" | "bet" | "raise_by" | "make_it"
    amount: int | None
    # The amount is above every stack at the table: the player must confirm the all-in.
    needs_confirmation: bool = False


def largest_stack(hand: Hand) -> int:
    """The most chips any player at the table holds (behind plus in front this street)."""
    return max((p.stack + p.bet for p in hand.players.values()), default=0)


def resolve_raise(hand: Hand, text: str, action: str = "raise_to") -> RaiseChoice:
    """Typed text as the action to take. A word picks its amount; a number is a total (or a
    raise "by", for `/raise by:`); a number above every stack at the table asks to confirm the
    all-in instead of acting (someone typing 99999999999999 may not mean it)."""
    value = parse_amount(text)
    legal = hand.legal()
    if isinstance(value, str):
        total = quick_amounts(hand)[value]
        if value == "all-in" or (legal is not None and total >= legal.max_raise_to):
            return RaiseChoice("all_in", None)
        return RaiseChoice("raise_to", total)
    if legal is not None:
        target = value + hand.current_bet if action == "raise_by" else value
        if target > largest_stack(hand):
            return RaiseChoice("all_in", None, needs_confirmation=True)
    if action == "bet" and hand.current_bet > 0:
        # An amount sent without Raise while a bet faces the player is chips put out without
        # the word "raise" (rules.md, "Live tables and online play"): the make-it knob reads it.
        return RaiseChoice("make_it", value)
    return RaiseChoice(action, value)


def parse_hand_ref(text: str) -> HandId | int:
    """`7-t1-h12` (a hand of any tournament) or `12` (hand 12 of this channel's tournament)."""
    raw = text.strip().lstrip("#")
    if len(raw) > HAND_REF_CHARS:  # the option's bound, kept here too
        raise Refused.saying(words.hand_too_long_text(HAND_REF_CHARS))
    if raw.isascii() and raw.isdigit() and len(raw) <= NUMBER_DIGITS:
        return int(raw)
    try:
        return HandId.parse(raw)
    except ValueError:
        raise Refused.saying(words.HAND_NAMED) from None


def parse_reason(text: str | None, *, what: str = "reason") -> str:
    """A director's reason or ruling: not blank, at most REASON_CHARS characters."""
    flat = " ".join((text or "").split())
    if not flat:
        raise Refused.saying(words.reason_blank_text(what, REASON_CHARS))
    if len(flat) > REASON_CHARS:
        raise Refused.saying(words.reason_too_long_text(what, len(flat), REASON_CHARS))
    return flat


# The message line on the room's screen, at most this long.
SCREEN_MESSAGE_CHARS = 120
CLEARED = ("none", "off", "clear", "-")


def parse_screen_message(text: str) -> str | None:
    """The screen's message line on one line (None: "none" clears it); refused when longer
    than SCREEN_MESSAGE_CHARS."""
    flat = " ".join(text.split())
    if not flat or flat.casefold() in CLEARED:
        return None
    if len(flat) > SCREEN_MESSAGE_CHARS:
        raise Refused.saying(words.screen_message_too_long_text(len(flat),
                                                                SCREEN_MESSAGE_CHARS))
    return flat


# Numeric rule knobs and the values a league may choose (the engine checks the rest).
KNOB_RANGES: dict[str, tuple[int, int]] = {
    "clock_seconds": (10, 600),
    "clock_countdown_seconds": (1, 60),
}
KNOB_CHARS = 500


def parse_knobs(text: str | None) -> dict[str, object]:
    """"clock_seconds=90, rabbit_hunt=false" -> {"clock_seconds": 90, "rabbit_hunt": False}."""
    out: dict[str, object] = {}
    if not text:
        return out
    if len(text) > KNOB_CHARS:
        raise Refused.saying(words.knobs_too_long_text(KNOB_CHARS))
    for part in text.replace(";", ",").split(","):
        if not part.strip():
            continue
        if "=" not in part:
            raise Refused.saying(words.knob_unreadable_text(part.strip()))
        key, value = (x.strip() for x in part.split("=", 1))
        low = value.lower()
        if key in KNOB_RANGES:
            lo, hi = KNOB_RANGES[key]
            if not (value.isascii() and value.isdigit() and len(value) <= 4
                    and lo <= int(value) <= hi):
                raise Refused.saying(words.knob_out_of_range_text(key, value, lo, hi))
            out[key] = int(value)
        elif low in ("true", "yes", "on"):
            out[key] = True
        elif low in ("false", "no", "off"):
            out[key] = False
        else:
            out[key] = value
    return out
