"""Questions with amounts, worked out by the engine under the league's profile.

"He raised 50 to 100, least I can reraise to?" is a spot in a hand: a bet of 50, a raise to
100, and a player to act. This module reads such a spot from the question, plays it on the
engine's own `Hand` (bot/engine/hand.py, through bot/rulebook/spot_play.py) with the league's
profile, and reports what the engine does there: the minimum raise it offers, what it makes of
chips put in without a word, of a declared raise, of "raise it X"; whether the betting is
reopened; how a split pot is shared (bot/engine/pots.py). The arithmetic is the engine's;
nothing here computes a raise.

Only spots read with certainty are answered (the reading is bot/rulebook/amount_words.py); any
other question with numbers falls back to the rule ("None": the lookup answers with words, and
is unsure of them when amounts were asked about). The words of an answer are the presenter's
(bot/discord_ui/presenter/rules.py); a `Worked` holds the numbers they need.

Spots read (the numbers may be written 1,200, 1.2k, $1200; sizes as multiples where their base is
said: "opens 3x" at given blinds, "3bb", "3x his bet", "half pot" where the pot is said; blinds
as 100/200 or 1k-2k):
- the minimum raise after bets and raises ("bet 300, min raise?", "blinds 100/200, raised to
  600, smallest 3-bet?", "it went 200, 600, 1800", "he raised 50 to 100", "raises by 3k",
  "min raises"), the minimum bet;
- an all-in short of a raise after a bet ("1000 bet then a 1200 all-in, min raise?"), and
  whether a player who already acted may raise again ("... C calls, can A raise?", "I raise
  to 2400, he shoves 3000, can I re-raise?": asked for the player named);
- chips put in without a word, or "make it X", facing a bet (the 50% rule or a call);
- a declared raise ("said raise to 800 facing 600"), "raise it X" ("raise it 1000 facing 400"),
  "raise" said with only the chips to call, a spoken amount against the chips thrown ("said 300
  and threw 500"), an amount below the call or above the stack;
- a pot split several ways with the smallest chip ("1,025 split two ways, 25 chips"), side
  pots and the part of a bet nobody called (bot/rulebook/pot_sums.py);
- the big blind ante and the antes before the cards, where the ante is said
  (bot/rulebook/forced_bets.py);
- one chip with raise said first, a call or "raise" said and then a trip back for more, a
  player who says which blind he is in ("im sb", "bb with 200 in");
- chips short of a call put in by mistake, the bet believed said beside them ("put out 500
  thinking it was 500"; his last chips short of a call are an all-in, not read here), one chip
  from a blind facing a raise where the blinds are not said (the call is the raise), "call
  500 and raise 1000" said and called out as a string bet (held to the call).
A deed told without its size ("utg raises, mp 3bets to 3000") leaves the spot unread. Claims
about the answer told beside the story ("he says 1600, i say 1300, who's right", "dealer says im
in for 2000") are set aside before it is read (amount_words.without_claims).

A betting round is also read by its structure (bot/rulebook/betting_story.py: who did what, to
how much, what is asked), for the stories the phrases above do not read ("utg min raises, hj
3x's it, least co can 4bet"); where both readings give numbers and they differ, no number is
given, but for what the structure knows better (a min raise told as a deed, whether the player
asked about already acted).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from types import MappingProxyType

from bot.engine.profile import Profile
from bot.rulebook.amount_words import (
    ASK_CALL,
    ASK_MIN_BET,
    ASK_MIN_RAISE,
    ASK_PUT_IN,
    ASK_REOPEN,
    BOTH_BLINDS,
    OWN_BIG_BLIND,
    OWN_SMALL_BLIND,
    PLAYER_ACTS,
    PROPOSED,
    STREET,
    UNREAD,
    Deed,
    N,
    Text,
    all_read,
    blinds_of,
    deed_in_question,
    deeds_of,
    facing_of,
    new_street,
    raise_sized,
    read,
    without_claims,
)
from bot.rulebook.betting_story import read_story
from bot.rulebook.chip_words import LAST_CHIPS, MISTAKEN, MORE_BEHIND, STRING_CALLED
from bot.rulebook.clock_times import clock_question
from bot.rulebook.colour_up import race_question
from bot.rulebook.doubts import doubtful, untold_deed
from bot.rulebook.pot_questions import pot_question
from bot.rulebook.spot_play import (
    Spot,
    act_in_spot,
    declared_vs_chips,
    facing_a_bet,
    from_a_blind,
    min_raise,
    play_spot,
    reopen_answer,
    said_call,
    said_raise_with_a_call,
    said_raise_with_chips,
    single_chip,
)
from bot.rulebook.story_play import played_story, read_told_round
from bot.rulebook.worked import Worked

# --- the question ---------------------------------------------------------------------------

# A ruling asked on the last deed told ("floor says?", "is that legal", "what does he owe").
ASK_RULING = re.compile(r"\b(floor|ruling|legal|allowed|valid|binding|owe|what happens|comes? to|"
                        r"what (is|does) (it|he|she|that)|whats (it|that))\b")

# "what's that to", "total?": the sum a raise told comes to
ASK_TOTAL = re.compile(r"\bwhat(s| is| does)? (that|it|this|his|her|the raise)( \w+)? (to|come to|"
                       r"make it|in total)\b|\btotal\b|\bhow much is (that|it)\b")
# "I'm the sb", "im in the big blind": the player asking sits in a blind
# "can the bb reraise", "what can the sb do": the question is asked for that blind
ASKS_FOR = r"\b(?:can|could|may|does|should) (?:the )?"
I_AM_IN = r"\b(?:im|i am|i m)\s+(?:in\s+|on\s+)?(?:the\s+)?"
# The question is asked for the player who acted first: "back to the opener".
BACK_TO_OPENER = re.compile(r"\b(back to|for) (the )?(opener|original (bettor|raiser)|first "
                            r"(player|bettor)|bettor)\b|\bback to (a|him|her|me)\b")



def work_out(query: str, profile: Profile) -> Worked | None:
    """The amounts of a question as the engine plays them under `profile`, or None when the
    question names no spot this module reads with certainty."""
    query, claims = without_claims(query)
    t = read(query)
    found = _read_spot(query, t, profile)
    if found is None or doubtful(found, query):
        return None
    if found.kind == "declared" and found.facts["to"] == found.facts["target"] and re.search(
            r"\btotal\b", claims):
        # "i said raise to 900, he says thats 1200 total": what "raise to" names is in dispute
        found = replace(found, rule_id="raise-it")
    return _with_chips_added(found, t)


def _with_chips_added(found: Worked, t: Text | None) -> Worked:
    """"How much more do I add to min-raise" from a blind: the least raise, and the chips it
    takes on top of those the player already has in."""
    had = found.facts.get("had", 0)
    if found.kind not in ("min-raise", "short-all-in") or not had:
        return found
    if t is None or not ASK_PUT_IN.search(t.shape):
        return found
    more = found.amount - had
    return replace(found, figures=(*found.figures, more),
                   facts=MappingProxyType({**found.facts, "to_add": more}))


def _read_spot(query: str, t: Text | None, profile: Profile) -> Worked | None:
    books = {m.casefold() for m in re.findall(r"\b(treps|tavern|tda)\b", query, re.IGNORECASE)}
    if books - {profile.name}:
        return None  # "in tavern" asked where another rulebook is played: the book's numbers differ
    clock = clock_question(query, profile)
    if clock is not None:
        return clock
    if t is not None and re.search(r"\bcall(?:s|ed)?\b(?: #\d+)? (?:and )?then (?:says?|said) "
                                   r"(?:raise|reraise)\b", t.shape):
        return None  # a call, then raise said: two deeds of one player, the call binds first
    if t is None:
        return race_question(query, profile)  # "the most chips one player wins": none told
    if f" {UNREAD} " in t.shape:
        return read_told_round(query, profile)  # a size the phrases do not read
    settled, found = pot_question(query, t, profile)
    if settled:
        return found  # pots, forced bets and chips (bot/rulebook/pot_questions.py)
    # the betting round told, read by its phrases and by its structure (who did what): where
    # both read it and differ, one of them misread the story, and no number is given; but
    # whether the player asked about already acted (the betting not reopened to him) is the
    # structure's to know
    found = _read_round(query, t, profile)
    story = read_story(query)
    told = played_story(story, profile) if story is not None else None
    if found is None or told is None or story is None:
        return found or told
    if found.figures == told.figures:
        return found  # the same numbers: the phrases name the rule more closely
    # a min raise told as a deed ("i min raise, he 3bets to 4000") the phrases take for the
    # question; whether the player already acted
    structural = any(d.verb == "minraise" for d in story.deeds) or told.kind in (
        "not-reopened", "reopened")
    return told if structural and found.kind in ("min-raise", "short-all-in") else None


def _read_round(query: str, t: Text, profile: Profile) -> Worked | None:
    """A betting round read by the phrases of amount_words.py."""
    shape = t.shape
    blinds = blinds_of(t)
    skip: list[tuple[int, int]] = []
    # the blinds (each way they are said) and the antes are the level, not deeds
    skip += [m.span() for m in re.finditer(
        rf"{N} slash {N}|\bblinds (?:of |are |at )?{N} and {N}|{BOTH_BLINDS}|"
        rf"{OWN_SMALL_BLIND}|{OWN_BIG_BLIND}|"
        rf"\b(bb|big blind)( is| of| at| are)? {N}(?: slash {N})?|"
        rf"{N} (bb|big blind){PLAYER_ACTS}|\b(?:a |an |the )?(?:bb |big blind )?antes? "
        rf"(?:of |is |at )?{N}|{N} (?:bb |big blind )?antes?\b", shape)]
    # the pot's size says nothing of the bets faced
    pots = [m.span() for m in re.finditer(r"\bpot (?:(?:is|was|of|at|size is|s) )?(?:now )?(?:at )?"
                                          r"#\d+(?! slash)|#\d+ (?:chip )?pot\b", shape)]
    skip += pots
    # "can I reraise to 700": the least raise, the player's own amount checked against it
    asks_min = ASK_MIN_RAISE.search(shape) or PROPOSED_RAISE.search(shape)
    if asks_min or ASK_MIN_BET.search(shape):
        # the player's own guess at the answer is checked, not played
        skip += [m.span() for m in PROPOSED.finditer(shape)]
    # "how much does A call": the question, no call told
    skip += [m.span() for m in ASK_CALL.finditer(shape)]
    hero = deed_in_question(shape, t)
    told: list[tuple[int, str, int]] = []
    if hero is not None and (hero[1] == "raise_to" or hero[1] == "raise_by" and not (
            ASK_PUT_IN.search(shape) or ASK_TOTAL.search(shape))) and ASK_MIN_RAISE.search(
            shape[hero[0][1]:]) and not re.search(r"\b(say|said|says|declar\w*|announc\w*)\b",
                                                  shape[hero[0][0]:hero[0][1]]) and not (
            IS_IT_LEGAL.search(shape[hero[0][1]:])):
        # "I raise to 1,200, what's his min re-raise": a raise told, then the question
        told.append((hero[0][0], "raise" if hero[1] == "raise_to" else "raiseby", hero[2]))
        skip.append(hero[0])
        hero = None
    if hero is not None:
        skip.append(hero[0])
    if hero is not None and hero[1] == "string-said" and STRING_CALLED.search(shape) is None:
        # "call 500 and raise 1000" said: held to the call once a player calls the string bet
        # out (Tavern); unless he does, the rulebooks leave it to the floor
        return None
    # "called string bet on him": a string bet called out, no call of a bet
    skip += [m.span() for m in STRING_CALLED.finditer(shape)]
    mistaken = _mistake(shape, t, hero)
    if mistaken is not None:
        skip.append(mistaken)
    sized = raise_sized(shape, t)
    if sized is not None:
        skip.append(sized[0])
    facing = facing_of(shape, t)
    if facing is not None and sized is not None and facing[0][0] < sized[0][1]:
        facing = None  # "the last raise was 200" is the size of a raise, not a bet faced
    if facing is not None and any(a < facing[0][1] and facing[0][0] < b for a, b in pots):
        facing = None  # "into a 2000 pot": the pot, not a bet faced
    if facing is not None and mistaken is not None and mistaken[0] <= facing[0][0] < mistaken[1]:
        facing = None  # "thinking the bet was 500": the bet believed, not the one faced
    if facing is not None:
        skip.append(facing[0])
    deeds, spans = deeds_of(shape, t, skip)
    if untold_deed(shape, [*skip, *spans]):
        return None
    if any(AFTER_IT.search(shape[:pos]) for pos, deed, _ in deeds[1:] if deed != "call"):
        return None  # "jams 700 after an open to 1500": told out of the order it was played
    if hero is not None and hero[1] == "raise_to" and any(
            pos >= hero[0][1] and deed != "call" for pos, deed, _ in deeds) and not re.search(
            r"\b(say|said|says|declar\w*|announc\w*)\b", shape[hero[0][0]:hero[0][1]]):
        # "I raise to 2400, he shoves 3000": a raise told in order, not the one asked about
        told.append((hero[0][0], "raise", hero[2]))
        hero = None
    if hero is not None and hero[1] == "put_in" and re.match(r"bets?\b", shape[hero[0][0]:]) and (
            any(pos >= hero[0][1] and deed != "call" for pos, deed, _ in deeds)):
        # "bet 400, raise to 1200, all-in 1500": the bet opens the round told, it is no chips
        # put in against another's bet
        told.append((hero[0][0], "bet", hero[2]))
        hero = None
    deeds = sorted([*deeds, *told])
    if sized is not None:
        deeds = sorted([*deeds, *((sized[0][0], d, a) for d, a in sized[1])])
    if not all_read(shape, [*skip, *spans]):
        # an amount the question gives that no deed, blind or bet faced accounts for: the spot
        # is not read with certainty, so no number is worked out
        return None
    if facing is not None:
        # the bet faced takes its place among the deeds told: "facing 600", "into a 700 bet",
        # "over a 1,000 bet" say what came before the deed they follow; "the bet was 250, then
        # a raise" tells it in order
        first = re.match(r"(facing|into|vs|versus|against|over|to call|call|on|after|my|his|her|"
                         r"their|your)\b",
                         shape[facing[0][0]:]) or re.search(r"\b(if|when|where)\s+$",
                                                            shape[:facing[0][0]])
        deeds = sorted([*deeds, (-1 if first else facing[0][0], facing[1], facing[2])])
    street = new_street(query, shape)
    if street is not None and any(p < street for p, _, _ in deeds) and any(
            p > street for p, _, _ in deeds):
        # "flop bet 300 and a call, turn bet 800": the last street told is the round asked about
        if hero is not None and hero[0][0] < street:
            return None
        deeds = [d for d in deeds if d[0] > street]
    later = [i for i, d in enumerate(deeds) if d[1] == "bet" and i and deeds[i - 1][1] == "call"]
    if later:
        # "he bets 500, I call, he bets 1000 on the turn": a bet after a call opens a new round,
        # the one asked about when a street is named; else the story is not read for sure
        if hero is not None and hero[0][0] < deeds[later[-1]][0] or not STREET.search(shape):
            return None
        deeds = deeds[later[-1]:]
    spot = Spot(blinds=blinds)
    said_make_it = None
    if deeds and deeds[-1][1] == "makeit" and hero is None and not (
            ASK_MIN_RAISE.search(shape) or ASK_REOPEN.search(shape) or ASK_CALL.search(shape)):
        # "bet 500, he makes it 900": the last chips told are the deed asked about
        said_make_it = deeds.pop()[2]
    deeds = [(p, "raise" if d == "makeit" else d, a) for p, d, a in deeds]
    prior = _dedupe([(d, a) for _, d, a in deeds])
    if re.search(rf"^\s*(?:im |i am )?in (?:the )?(?:small blind|sb)\b|^\s*(?:small blind|sb) "
                 rf"here\b|\b(from|in) the (small blind|sb)\b|{OWN_SMALL_BLIND}|"
                 rf"\b(small blind|sb) (who (says|said)|says|said|raises|"
                 rf"makes|goes|wants)\b|{I_AM_IN}(small blind|sb)\b|{ASKS_FOR}(small blind|sb)\b",
                 shape):
        spot.hero = "sb"
    elif re.search(rf"^\s*(?:im |i am )?in (?:the )?(?:big blind|bb)\b|^\s*(?:big blind|bb) here\b|"
                   rf"\b(from|in) the (big blind|bb)\b|\b(big blind|bb) (who (says|said)|says|"
                   rf"said|raises|makes|goes|wants)\b|{I_AM_IN}(big blind|bb)\b|{OWN_BIG_BLIND}|"
                   rf"{ASKS_FOR}(big blind|bb)\b",
                   shape):
        spot.hero = "bb"
    spot.preflop = _preflop(prior, blinds, shape)
    if spot.preflop:
        before_flop = _preflop_deeds(prior, blinds)
        if before_flop is None:
            return None
        prior = before_flop
    if not spot.preflop and prior and prior[0][0] in ("minraise", "raiseby"):
        return None  # a raise told before the bet it raises: the order of the story is not read
    spot.prior = prior
    if hero is not None:
        if any(pos >= hero[0][1] and deed in ("raise", "allin", "raiseby", "minraise") and
               re.search(r"\b(then|after that|afterwards)\b", shape[hero[0][1]:pos])
               for pos, deed, _ in deeds):
            return None  # "Al puts one 1000 chip in, Cy then raises to 2000": a deed after his
        found = _question_deed(hero, spot, t, profile)
        if mistaken is not None and (found is None or found.kind != "below-call"):
            return None  # a mistake told beside chips that are no short call: not read here
        if found is not None and found.kind == "below-call" and LAST_CHIPS.search(shape) and (
                not MORE_BEHIND.search(shape)):
            return None  # his last chips short of a call are an all-in, not a short call
        return found
    if said_make_it is not None:
        told_round = bool(prior) or spot.preflop
        return act_in_spot(spot, profile, "make_it", said_make_it) if told_round else None
    if prior and prior[-1][0] == "raiseby" and ASK_TOTAL.search(shape):
        # "utg raises by 600, what's that to": the raise told last is the one asked about
        spot.prior = prior[:-1]
        return act_in_spot(spot, profile, "raise_by", prior[-1][1])
    # "how much to call and can A raise": both asked, the call first
    asks_call = ASK_CALL.search(shape) is not None
    asks_back = ASK_REOPEN.search(shape) or asks_call
    opened = prior and (prior[0][0] == "bet" or spot.preflop and prior[0][0] == "raise")
    if asks_back and opened and any(d == "allin" for d, _ in prior):
        asker = re.search(r"\bcan (?:player )?([a-f]|i)\b(?! player)|"
                          r"\b(?:back|folds?) to (?:player )?([a-f]|me)\b", shape)
        who = (asker.group(1) or asker.group(2).replace("me", "i")) if asker else "i"
        own = (_own_deed(shape, deeds, who) if asker else None) or 0
        if asker and spot.prior[own][0] == "allin":
            return None  # asked for a player who is all-in: he has nothing to decide
        if own and len(prior) != len(deeds):
            return None  # my deed is not where it was told among the others
        _back_to_the_first(spot, own)
        played = play_spot(spot, profile)
        asks_least = re.search(r"\b(min|minimum|least|smallest|lowest)\b", shape) is not None
        return reopen_answer(played[0], spot, profile, asks_call, asks_least) if played else None
    asked = shape
    for a, b in spans:
        asked = asked[:a] + " " * (b - a) + asked[b:]
    if prior and prior[-1][0] == "minraise" and not ASK_MIN_RAISE.search(asked) and not (
            re.search(r"\bnext (min|minimum|raise|reraise|one|least|smallest)\b|\bagain\b|"
                      r"\b(after|over) (it|that|him|her)\b", asked)):
        # "he bets 400, the next player min-raises, what is that": the minimum he raised to
        spot.prior = prior[:-1]
        return min_raise(spot, profile)
    if asks_min and (prior or blinds):
        if not prior and not spot.preflop:
            spot.preflop = True
        if prior and prior[-1][0] == "raise" and (len(prior) > 1 or spot.preflop) and (
                ASKS_ABOUT_TOLD.search(shape)):
            # "opens 2500, I 3-bet to 4000, is that legal, whats the min": the raise told last is
            # the one asked about, checked against the least raise before it
            spot.prior = prior[:-1]
        elif prior and prior[0][0] == "bet" and BACK_TO_OPENER.search(shape):
            # the opener's raise: first whether the betting is open to him again
            _back_to_the_first(spot)
            played = play_spot(spot, profile)
            least = re.search(r"\b(min|minimum|least|smallest|lowest)\b", shape) is not None
            return reopen_answer(played[0], spot, profile, asked_min=least) if played else None
        return min_raise(spot, profile)
    if ASK_MIN_BET.search(shape) and blinds and not prior:
        # opening before the flop is a raise of the big blind; after it, a bet
        # ("open", not "opening bet", with no street named is the first raise before the flop)
        named = re.search(r"\b(preflop|pre flop|before the flop|utg|under the gun)\b", shape)
        opens = re.search(r"\bopen\w*\b(?!\s+bet)", shape) and not re.search(
            r"\b(flop|turn|river|postflop|post flop)\b", shape)
        spot.preflop = bool(named or opens)
        return min_raise(spot, profile)
    if len(prior) >= 2 and prior[-1][0] == "raise" and prior[-2][0] != "allin" and (
            ASK_RULING.search(shape)):
        # "raise to 1500 vs a 1000 bet, floor says?": the raise told last is the one asked about
        spot.prior = prior[:-1]
        worked = act_in_spot(spot, profile, "raise_to", prior[-1][1])
        if worked is not None and worked.kind == "declared" and (
                worked.facts["target"] >= worked.facts["min_to"]):
            # a full raise: the question is whether it is one, which the minimum answers
            return min_raise(spot, profile)
        return worked
    return None


def _mistake(shape: str, t: Text, hero: Deed | None) -> tuple[int, int] | None:
    """Where the question tells the bet the player believed he faced ("put out 500 thinking
    it was 500"): the chips he put in, said again; any other amount there is not read."""
    if hero is None or hero[1] != "put_in":
        return None
    for m in MISTAKEN.finditer(shape):
        if (m.end() <= hero[0][0] or m.start() >= hero[0][1]) and (
                t.value(m.group(1) or m.group(2)) == hero[2]):
            return m.span()  # before the chips or after them
    return None


# a deed told after the one it came before ("... after an open to 1500")
AFTER_IT = re.compile(r"\b(after|following)\s+(?:(?:a|an|the|his|her|my|their|that)\s+)?"
                      r"(?:\w+\s+)?$")
# "I raise to 2000, is that a full raise": the question is about the raise told, not the next one
IS_IT_LEGAL = re.compile(r"\b(is|was|does|did) (that|it|this|mine|my raise)\b|"
                         r"\b(legal|allowed|ok|okay|valid)\b")
# "is that a legal 3bet", "is it enough": the deed told last is the one asked about
ASKS_ABOUT_TOLD = re.compile(r"\b(is|was) (that|it|this|mine)\b")
PROPOSED_RAISE = re.compile(rf"\bcan (?:i|he|she|we) (?:just )?(?:raise|reraise|xbet|make it) "
                            rf"(?:to |for )?{N}\s*\??\s*$")
def _back_to_the_first(spot: Spot, own: int = 0) -> None:
    """The question is asked for a player who already acted: the first to act, or the one whose
    deed is `own` (the index of his among the deeds told). When everyone after him is all-in, a
    player who called is added: a raise needs someone with chips to call it, and a question
    about raising again takes that player for granted."""
    spot.hero = "first"
    spot.back_to = own
    if all(d == "allin" for d, _ in spot.prior[own + 1:]):
        spot.prior = [*spot.prior, ("call", 0)]


def _own_deed(shape: str, deeds: Sequence[tuple[int, str, int]], who: str = "i") -> int | None:
    """Which of the deeds told the player asked about made ("he bets, I raise to 2400, he
    shoves, can I raise"; "A bets, B raises, C shoves, can B raise"): the last one said after
    his name ("I" or "my", or his letter), or the first when the bet faced was his ("over my
    1000 bet"); None when he made none of them."""
    name = r"(i|my)" if who == "i" else rf"((player )?{who})"
    own = None
    for index, (pos, _, _) in enumerate(deeds):
        if pos < 0:
            if who == "i" and re.search(r"\b(over|into|facing|vs|against) my\b", shape):
                own = index
            continue
        if re.search(rf"\b{name}\s+(just\s+)?$", shape[:pos]) or re.match(rf"{name}\b",
                                                                           shape[pos:]):
            own = index
    return own


def _dedupe(prior: list[tuple[str, int]]) -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    for deed in prior:
        if not out or out[-1][1] != deed[1] or deed[0] in ("call", "raiseby", "minraise"):
            out.append(deed)
    return out


def _preflop(prior: Sequence[tuple[str, int]], blinds: tuple[int, int] | None,
             shape: str) -> bool:
    """Before the flop when the question says so, or gives the blinds and tells raises (not a
    bet, which opens a round after the flop)."""
    if re.search(r"\b(flop|turn|river|postflop|post flop)\b", shape):
        return False
    if re.search(r"\b(preflop|pre flop|before the flop|utg|under the gun)\b", shape):
        return blinds is not None
    if blinds is None:
        return False
    return not prior or prior[0][0] != "bet" or prior[0][1] == blinds[1]


def _preflop_deeds(prior: list[tuple[str, int]],
                   blinds: tuple[int, int] | None) -> list[tuple[str, int]] | None:
    """Before the flop the big blind is the bet: "from 200 to 700" at 100/200 is a raise to
    700, and a bet named there is a raise to it."""
    if blinds is None:
        return None
    out = []
    for deed, to in prior:
        if deed in ("bet", "raise") and to == blinds[1]:
            continue  # "facing 100" at 50/100: the big blind itself
        out.append(("raise", to) if deed == "bet" else (deed, to))
    return out


# a trip back to the stack after chips put in, its size untold ("then went back for more")
TRIP_BACK = re.compile(r"\b(?:went|goes|go|going|came|comes|dips|dipped)\s+back\s+(?:to (?:his|"
                       r"her|my|their|the) (?:stack|chips)\b|for\b|in\b|and add)|"
                       r"\breach\w* back\b")


def _raise_held(worked: Worked, profile: Profile) -> bool:
    """The first chips of a string bet make a raise where chips past a call short of a raise are
    a call (Tavern): there a string bet called out is held to a call, else it stands; which of
    them, the question does not always say, so no number is given."""
    return profile.make_it == "call" and worked.facts["to"] > worked.facts["facing"]


def _question_deed(deed: Deed, spot: Spot, t: Text, profile: Profile) -> Worked | None:
    _, how, amount, other = deed
    # a bet to answer: one told, or before the flop the big blind
    faced = bool(spot.prior) or bool(spot.preflop and spot.blinds)
    if how == "unsettled":
        return None
    if how == "said-vs-chips":
        return declared_vs_chips(spot, profile, amount, other)
    if how == "said-call":
        return said_call(spot, profile, other) if faced else None
    if how == "said-raise-call":
        if amount and not spot.prior and not spot.preflop:
            spot.prior, faced = [("bet", amount)], True  # "the call of 500": the bet it calls
        return said_raise_with_a_call(spot, profile) if faced else None
    if how == "string-call" and not spot.prior and not spot.preflop:
        # "called 300 then went back for more": the call says the bet it called
        spot.prior, faced = [("bet", amount)], True
    if how == "string-said":
        if not spot.prior and not spot.preflop:
            spot.prior, faced = [("bet", amount)], True
        worked = act_in_spot(spot, profile, "put_in", amount) if faced else None
        if worked is None or worked.kind != "make-it" or worked.facts["facing"] != amount:
            return None  # the call said is not the bet told: not read
        return Worked("string", "string-bet", worked.amount, worked.figures,
                      MappingProxyType({**worked.facts, "more": other}), worked.profile)
    if how in ("string", "string-call"):
        worked = act_in_spot(spot, profile, "put_in", amount) if faced else None
        if worked is None or worked.kind != "make-it" or _raise_held(worked, profile):
            return None
        # the first chips are the whole action; the trip back for more is a string bet
        return Worked("string", "string-bet", worked.amount, worked.figures,
                      MappingProxyType({**worked.facts, "more": other}), worked.profile)
    if how == "single-chip":
        from_a_blind(spot, t.shape)
        return single_chip(spot, profile, amount) if faced else None
    if how == "single-chip-raise":
        # raise said first, then one chip: a raise to what the chip allows, under the single
        # chip's rule
        worked = said_raise_with_chips(spot, profile, amount) if faced else None
        return replace(worked, rule_id="single-chip") if worked is not None else None
    if how == "said-raise-trips":
        # raise said, then the call and a trip back for more: a raise of all of it, which the
        # string bet rule allows once raise is said (the call says the bet, when none is told)
        if not spot.prior and not spot.preflop:
            spot.prior, faced = [("bet", amount)], True
        facing = facing_a_bet(spot, profile) if faced else None
        if facing is None or facing[2].call_amount != amount:
            return None  # the call put in is not the call the story tells
        worked = said_raise_with_chips(spot, profile, other)
        return replace(worked, rule_id="string-bet") if worked is not None else None
    if how == "said-raise-chips":
        return said_raise_with_chips(spot, profile, other) if faced else None
    if how == "over-stack":
        spot.hero_stack = other
        if amount <= other:
            return None
        if spot.prior:
            return act_in_spot(spot, profile, "raise_to", amount)
        return act_in_spot(spot, profile, "raise_to", amount)
    if not faced:
        # after the flop a deed needs the bet it answers; before it, the big blind is that bet
        return None
    worked = act_in_spot(spot, profile, how, amount)
    if worked is not None and how == "put_in" and TRIP_BACK.search(t.shape, deed[0][1]):
        # "puts 400 in, then goes back for more": the first chips are the deed, the trip back a
        # string bet
        if worked.kind != "make-it" or _raise_held(worked, profile):
            return None
        return replace(worked, rule_id="string-bet")
    if worked is not None and how == "raise_by" and ASK_PUT_IN.search(t.shape):
        # "how much do I put in": the chips added come first
        worked = Worked(worked.kind, worked.rule_id, worked.facts["added"],
                        (worked.facts["added"], worked.facts["to"]), worked.facts,
                        worked.profile)
    return worked
