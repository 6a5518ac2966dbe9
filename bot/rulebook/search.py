"""Finding the rule a player means, as a floor person would hear the question.

A query goes through the same steps as every name of every rule:

1. **Bounded**: only the first `MAX_QUERY_CHARS` characters are read, and only the first
   `MAX_QUERY_WORDS` words, so no input can hold the event loop (issue 18).
2. **Words**: case folded, apostrophes dropped ("what's" -> "whats"), hyphens and slashes split
   ("re-buy" -> "re buy", also tried joined as "rebuy"), and every number or amount ("800",
   "1,200", "$5k", "100/200") becomes the one word `#`: "let's make it 800" is "make it #".
3. **Stems**: plurals and -ing/-ed endings go ("raising", "raises", "raised" -> "rais").
4. **Synonyms**: words players use for the same thing become one word (colour/color,
   bathroom/toilet -> away, chop/tie -> split, busted/knocked out -> eliminated ...).
5. **Typos**: a word the rulebook does not know is replaced by the closest word it does know,
   when one is close enough ("kiker" -> "kicker").

Then the rules are scored. A phrase of the query that means one rule ("call your bet and
raise you" is a string bet, whatever single words it shares with other rules) decides first;
topics that no rulebook here covers (angle shooting, straddles) are
known, so they are answered honestly with no rule rather than with a wrong one; otherwise the
rule whose names and keywords cover most of the query's meaningful words, weighted by how
telling each word is, wins, and only if it covers enough of them.
"""

from __future__ import annotations

import difflib
import functools
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar


class Named(Protocol):
    """What the search reads of a rule (bot.rulebook.loader.Rule)."""

    @property
    def id(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def aliases(self) -> tuple[str, ...]: ...
    @property
    def keywords(self) -> tuple[str, ...]: ...
    @property
    def summary(self) -> str: ...
    def texts(self) -> list[str]: ...


R = TypeVar("R", bound=Named)

# The longest topic `/rule` accepts (the option's max_length) and the most words read of it.
MAX_QUERY_CHARS = 100
MAX_QUERY_WORDS = 24
# The longest name matched as a phrase.
MAX_PHRASE_WORDS = 8
# Words of one query that may be corrected for typos (each costs a fuzzy match).
MAX_CORRECTIONS = 6

NUMBER = "#"

# Words that say nothing about which rule is meant. Words that name a rule's idea ("turn",
# "show", "call", "out") are not here; "it" is, but phrases ("make it", "raise it") are read
# before stop words go.
STOPWORDS = frozenset("""
a an the of to in on for and or is are am be been being was were my i im ive id me mine you
your youre yours we our us he him his she her they them their it its this that these those
what whats when whens how hows who whos whom which why where do does did doing done can cant
could couldnt should shouldnt would wouldnt will wont shall may might must if at with about
rule rules ruling there theres here get gets got getting have has had having happen happens
happened happening so then than just also any anyone anybody someone somebody some one
player players guy guys man dude please tell explain mean means meaning say says said
whether allowed legal ok okay use using used alright right wrong need needs want wants
let lets like
as by from into onto over up down again still yet really actually now ever even
way thing things stuff game poker hand hands during while after before because
play plays playing played league leagues tonight today week night last per many much
snap dude bro lol hey yo ya pls plz u ur wtf omg idk tbh btw imo
""".split())

# Words for the same thing, after stemming (left: as stemmed; right: the word used).
SYNONYMS: dict[str, str] = {
    # "facing" is not "face" (up): it keeps its own word
    "facing": "facing",
    "colour": "color", "colr": "color", "coulour": "color", "bathroom": "away", "toilet": "away",
    "restroom": "away", "loo": "away", "wc": "away", "afk": "away", "absent": "away",
    "brb": "away", "gone": "away", "chop": "split", "tie": "split", "tied": "split",
    "bust": "eliminat", "knock": "eliminat", "knocked": "eliminat", "eliminated": "eliminat",
    "elimination": "eliminat", "busto": "eliminat", "shov": "allin", "jam": "allin",
    "push": "allin", "td": "director", "floor": "director", "floorman": "director",
    "tournamentdirector": "director", "flip": "expos", "flipp": "expos", "flash": "expos",
    "boxed": "expos", "box": "expos", "cellphone": "phone", "mobile": "phone", "cell": "phone",
    "texting": "phone", "text": "phone", "cuss": "swear", "curs": "swear", "profanity": "swear",
    "insult": "swear", "reentry": "rebuy", "buyback": "rebuy", "rebought": "rebuy",
    "payout": "prize", "pay": "prize", "paid": "prize", "money": "prize", "collud": "collusion",
    "colluding": "collusion", "forever": "tank", "stall": "tank", "slow": "tank",
    "hurry": "tank", "ages": "tank", "hu": "headsup", "misdealt": "misdeal",
    "dealt": "deal", "dealing": "deal", "reshuffl": "shuffl", "vap": "smok", "vape": "smok",
    "cigarett": "smok", "cigar": "smok", "stream": "screenshot", "screenshar": "screenshot",
    "seated": "seat", "sitting": "seat", "sit": "seat", "ranking": "rank", "chips": "chip",
    "fairness": "fair", "rigg": "rigged", "rig": "rigged", "expose": "expos", "exposure": "expos",
    "shown": "show", "showed": "show", "reveal": "show", "turnov": "show", "mucked": "muck",
    "bathroombreak": "away", "penaliz": "penalty", "penalis": "penalty", "punish": "penalty",
    "dq": "disqualif", "disqualify": "disqualif", "kick": "disqualif", "ban": "disqualif",
    "banned": "disqualif", "expel": "disqualif", "overturn": "appeal", "complain": "appeal",
    "complaint": "appeal", "registr": "regist", "register": "regist", "join": "regist",
    "signup": "regist", "rerais": "rais", "think": "tank", "thinking": "tank",
    "deciding": "tank",
    # table talk for the same deeds
    "limp": "call", "limped": "call", "limper": "call", "limping": "call", "flat": "call",
    "flatted": "call", "ship": "allin", "shipp": "allin", "jamm": "allin", "shoved": "allin",
    "3bet": "rais", "4bet": "rais", "5bet": "rais", "3bett": "rais", "4bett": "rais",
    "threebet": "rais", "86d": "disqualif", "86ed": "disqualif", "barred": "disqualif",
    "hollywood": "tank", "hollywoodd": "tank", "rathol": "pocket", "ratholing": "pocket",
    "tabled": "show", "tabl": "tabl",
}

# Spelling families the stemmer does not join, and word pairs that are one word.
JOINED = {("re", "buy"): "rebuy", ("re", "entry"): "reentry", ("add", "on"): "addon",
          ("buy", "back"): "buyback", ("mis", "deal"): "misdeal", ("side", "pot"): "sidepot",
          ("all", "in"): "allin", ("all", "ins"): "allin", ("heads", "up"): "headsup",
          ("sit", "out"): "sitout",
          ("cell", "phone"): "cellphone", ("check", "raise"): "checkrais",
          ("card", "cap"): "cardcap", ("re", "raise"): "reraise", ("color", "up"): "colorup",
          ("colour", "up"): "colorup", ("chip", "race"): "chiprace",
          ("screen", "shot"): "screenshot", ("slow", "roll"): "slowroll",
          ("show", "down"): "showdown", ("showing", "down"): "showdown"}


def _stem(word: str) -> str:
    """A light stemmer: the same word in its common endings gives the same stem."""
    if word == NUMBER or len(word) <= 3 or word.isdigit():
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    for suffix in ("ing", "ed"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            stem = word[: -len(suffix)]
            # "betting" -> "bett" -> "bet"; "calling" keeps "call"
            if len(stem) >= 3 and stem[-1] == stem[-2] and stem[-1] not in "lsz":
                stem = stem[:-1]
            return _trim(stem)
    if word.endswith(("sses", "shes", "ches", "xes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return _trim(word[:-1])
    return _trim(word)


def _trim(word: str) -> str:
    # "raise" and "rais(ing)" meet at "rais"; "shuffle" and "shuffl(ing)" at "shuffl"
    if len(word) > 3 and word.endswith("e") and not word.endswith("ee"):
        return word[:-1]
    return word


_AMOUNT = re.compile(r"[$€£]?\d[\d,._]*(?:\s?[kmx]|\s?bbs?)?\b|\b(?:ten|twenty|fifty|hundred|"
                     r"thousand)\b")
_SPLIT = re.compile(r"[a-z0-9#%]+")


@functools.lru_cache(maxsize=4096)
def _word(raw: str) -> str:
    if raw in STOPWORDS:
        return raw  # "have", "same": a filler word stays itself, so it stays filler
    stem = _stem(raw)
    return SYNONYMS.get(stem, SYNONYMS.get(raw, stem))


# Words that say nothing of a topic yet are no filler either ("obviously", "forgot"): a query
# word the rulebook does not know makes a sure answer doubtful, unless it is one of these.
GENERIC = frozenset(_word(w) for w in """
hes shes isnt wasnt arent dont doesnt didnt havent hasnt thats theyre weve youve ill youll
obviously forgot forget tiny bit little lot lots know knew look looks looking few until
against anything something everything nothing people person everyone everybody nobody
mistake mistakes previous vs versus gave give gives guess suppose supposed correct true
false fine sure normal normally usually always never often exactly only else other another
different whole entire since though although instead already gonna wanna gotta yeah yes
no not nope lol hey hello thanks thank question questions ask asked asking answer case
situation spot exact work works working job some mean totally literally basically kind
sort proper properly legit normal official officially standard supposedly fair enough
good bad big small huge tons bunch couple pretty quite very real really happen happened
ok time times thing someone something go goes went going come comes came done try tried
""".split())


def words(text: str) -> list[str]:
    """A text as the words the search compares: bounded, folded, numbers as `#`, stemmed and
    with synonyms made one."""
    return [_word(w) for w in plain_words(text)]


def plain_words(text: str) -> list[str]:
    """A text as words before stems and synonyms: folded, numbers as `#`, split words joined
    ("re buy" -> "rebuy")."""
    low = text[:MAX_QUERY_CHARS * 4].casefold().replace("\u2019", "'").replace("'", "")
    low = low.replace("%", " percent ")
    low = _AMOUNT.sub(f" {NUMBER} ", low)
    raw = _SPLIT.findall(low)[: MAX_QUERY_WORDS * 2]
    out: list[str] = []
    i = 0
    while i < len(raw):
        pair = (raw[i], raw[i + 1]) if i + 1 < len(raw) else None
        if pair is not None and pair in JOINED:
            out.append(JOINED[pair])
            i += 2
            continue
        out.append(raw[i])
        i += 1
    return out


def content_words(ws: Iterable[str]) -> list[str]:
    return [w for w in ws if w not in STOPWORDS and w != NUMBER]


# --- phrases that mean one rule, and topics no rulebook here covers ---------------------------

# (pattern over the query's words joined by spaces, rule id). A pattern is the meaning of a
# phrase; it wins over the single words in it ("call your bet and raise you" names call and
# raise, but it is a string bet).
INTENTS: tuple[tuple[str, str], ...] = (
    # a deal at the final table (issue 21: the league's procedure, no rulebook's); said before
    # the rules whose words it shares (final table, split pot, prize)
    (r"\bdeal making\b|\bmak\w* (a )?deal\b|\bicm\b|\bchip chop\b|\bchop\b.*\bprize|"
     r"\b(chop|deal)\b.*\bprize\b|\bprize\b.*\b(chop|deal)\b|\bsave\b.*\bprize\b|"
     r"\bchop\w*\b.*\b(final|last|two|three|prize|money|it up)\b|\bfinal table deal\b|"
     r"\bdeal at the final table\b|\bchop the (money|prize)|\b(td|director) deal\b|"
     r"\bhow (does|do) (a|the) deal\b", "deal"),
    # one player to a hand: said before "his friend ... cards" (show one, show all)
    (r"\b(advice|advise|advising|coach\w*|help(ing|ed)? (me|him|her) (play|decide)|tell\w* "
     r"(me|him|her) (what|how) to)\b|\brailbird|\bsweat(ing|er)?\b", "one-player-to-a-hand"),
    # a card shown to a friend is shown to the table: said before a flashed card of the deal
    (r"\b(show\w*|flash\w*|reveal\w*|let)\b.*\b(friend|buddy|neighbou?r|mate|pal|"
     r"another player|other player|wife|girlfriend|boyfriend|husband)\b", "show-one-show-all"),
    # betting
    (r"\bcall(ed|ing)?\b.*\b(and|then) (i )?(raise|raising)\b|\bcall\w*\b.*\b(then|and)\b.*"
     r"\b(more|added?|extra|another)\b.*\bchips\b|\b(say|said|state|stated|announce|name|"
     r"declare)\w* (the |an |your )?amount\b|\bone motion\b|\bsingle motion\b", "string-bet"),
    (r"\b(went|go|going|goes|came|come) back\b.*\b(stack|chips)\b|\bmore than one "
     r"(motion|trip)\b|\b(several|multiple|two) (trips|motions)\b|\bstring", "string-bet"),
    (r"\bwhat can i do\b|\bmy options\b|\bcheck or bet\b|\bcan i check\b(?!\s+the\b)",
     "betting-actions"),
    (r"\bfold\w*\b.*\b(could|can|free|instead of)\b.*\bcheck", "folding-out-of-turn"),
    (r"\bfold\w*\b.*\b(before|early|out of turn|ahead)\b", "folding-out-of-turn"),
    (r"\b(counts?|constitutes?|is) (as )?a (full )?raise\b|\braise\b.*\b(how much|at least)\b|"
     r"\bhow much\b.*\braise\b", "minimum-raise"),
    (r"\bmake it #", "make-it"),
    (r"\braise it\b|\braise # or raise to\b|\braise by\b", "raise-it"),
    (r"\b(said|say|declared?|announced?) (a )?raise\b.*\b(too little|too small|short|less|"
     r"not enough|below)\b|\braise to less\b", "declared-raise"),
    (r"\b(said|say|says|declared?|announced?) (a )?raise\b.*\b(min|minimum)\b",
     "declared-raise"),
    (r"\b(said|say|says) raise #(?!.*\bto\b)", "raise-it"),
    (r"\b(said|say|says|announced?) (check|call|fold|allin)\b", "verbal-declaration"),
    (r"\b(one|a|an|single|odd|extra) (odd |extra )?chip (left|over|remains?|remaining)\b|"
     r"\bleft ?over chip\b|\bextra chip\b.*\b(split|chop\w*|tie|tied)\b|"
     r"\b(split|chop\w*|tie|tied)\b.*\bextra chip\b", "odd-chip"),
    (r"\bsingle chip\b|\bone chip\b|\boversized? chip\b", "single-chip"),
    (r"\bnot enough to call\b|\bless than (the |a )?(call|bet)\b|\bbelow (the |a )?call\b|"
     r"\bbet # facing (a |the )?bet\b|\bshort of (the |a )?call\b", "below-call"),
    (r"\bmore (chips )?than (i|you|he) (have|has|had)\b|\b(bigger|more|larger) than (my|his|"
     r"your|the) stack\b|\bover (my|his|your) stack\b", "all-in-over-stack"),
    (r"\b(chips|bet|money) (come|comes|came|get|go|goes|given) back\b|\bextra chips\b|"
     r"\b(nobody|no one|noone) call|\bnot called\b|\buncalled\b", "uncalled-bet"),
    (r"\bcumulative\b|\b(combined|several|multiple)\b.*\ballins?\b|\ballin\b.*\b(another|second|"
     r"then|more)\b.*\ballin", "cumulative-all-ins"),
    (r"\b(several|multiple|two|both|many|#) (small |short )?allin.*\b(together|add|raise)\b|"
     r"\ballin\w* add up\b", "cumulative-all-ins"),
    (r"\b(raise|reraise|rais)\b.*\bafter (a |an |the )?(short|incomplete|partial) allin\b|"
     r"\breopen", "not-reopened"),
    (r"\bcan (i|he|she|they|the \w+) (reraise|raise again)\b", "not-reopened"),
    (r"\ballin\b.*\b(less than|not|isnt|short of|under) (a |the )?(full |min |minimum )?raise\b|"
     r"\bshort allin\b", "incomplete-all-in"),
    (r"\breraise (rules?|amount|size)\b|^reraise$", "minimum-raise"),
    (r"\bbet\b.*\b(min|minimum)\b|\b(min|minimum)\b.*\bbet\b", "minimum-bet"),
    (r"\b(can|may) (i|you|he|she|we) (bet|open)\b", "minimum-bet"),
    (r"\b(take|taking|took) it back\b|^(?!.*\bturn\b).*\bbinding\b", "verbal-declaration"),
    (r"\b(out of|before) (it was |its )?(my|his|her|your|their) turn\b|\bout of turn\b",
     "out-of-turn"),
    (r"\bhalf\b.*\braise\b", "fifty-percent"),
    (r"\bmin ?click|\bclick back\b|\b[345] ?bet (siz\w*|amount|min\w*)|"
     r"\b(siz\w*|min\w*) (of )?(a )?[345] ?bet\b", "minimum-raise"),
    # deal and blinds
    (r"\bheadsup\b.*\b(small blind|sb|acts? first|first to act|button post|blinds?|post\w*)\b|"
     r"\b(small blind|acts? first|blinds?|post\w*)\b.*\bheadsup\b", "heads-up"),
    (r"\b(who|which|does|do|is)\b.*\b(acts?|goes|bets?|speaks?) first\b|\bfirst to (act|speak)\b|"
     r"\border of (action|betting|play)\b", "streets"),
    (r"\bwho (deals|shuffles|deal|shuffle)\b(?! first)", "shuffle-and-deal"),
    (r"\bwho deals first\b|\bfirst (deal|deals|dealer)\b|\bfirst ace\b", "first-dealer"),
    (r"\bdealt face up\b|\bface up (during|in) the deal\b", "exposed-card"),
    (r"\ballin\b.*\b(flip|turn|show)\w*\b.*\b(cards|hands)\b|\b(flip|turn|show)\w*\b.*\b(cards|"
     r"hands)\b.*\ballin\b|\ballin\b.*\b(cards|hands) (face )?up\b", "face-up"),
    (r"\b(flop|turn|river|board|burn|burn card|bottom card|top card) (card )?(got |was |is |gets )?"
     r"(flashed|exposed|flipped|shown|seen)\b", "exposed-card"),
    (r"\bproof\b|\bfingerprint\b|\bseed\b", "deck-commitment"),
    (r"\b(dealer|card|cards)\b.*\b(flips?|flipped|flash|flashed|exposed?|boxed)\b|"
     r"\b(flips?|flipped|flashed?|exposed?)\b.*\b(card|deal)\b(?!.*penalt)", "exposed-card"),
    (r"\b(turned|flipped) (over|up)\b.*\bdeal|\bdeal\w*\b.*\b(turned|flipped) (over|up)\b",
     "exposed-card"),
    (r"\bburn(s|ed|t|ing)?\b", "burn-cards"),
    (r"\bwrong (card|player|seat)\b|\bskipped\b|\bmisdeal|\b(gave|dealt|got) (me |him |her )?"
     r"(three|3|only one|one card|too many|an extra)\b", "misdeal"),
    (r"\b(new|another|change|fresh) deck\b|\bbent\b|\bmarked\b", "deck-changes"),
    (r"\b(shuffle|deck|deal|cards?|rng|random|online)\b.*\bfair\b|\bfair\b.*\b(shuffle|deck|"
     r"deal|cards?)\b|\brigged\b|\bverify\b|\bprovabl|\btrust\b", "deck-commitment"),
    # pots and showdown
    (r"\bodd chip", "odd-chip"),
    (r"^(?!.*\b(bust|busted|knocked|eliminated|out)\b).*\bsame hand\b|\b(we|they) both have\b",
     "split-pot"),
    (r"\bwhat beats\b|\bbeats? (a|an|two|three)\b|\bbest hand\b|\bwhich hand wins\b",
     "hand-rankings"),
    (r"\b(throw|threw|thrown|tossed)\b.*\b(away|face down)\b", "muck"),
    (r"\bkill\w*\b.*\b(face up|turned (up|over)|winning|winner|wins|won|best hand)\b",
     "winning-hand-shown"),
    (r"\bprotector\b|\bforeign (chips|objects)\b", "foreign-objects"),
    (r"\b(hand|cards)\b.*\b(killed|mucked|swept|scooped|taken)\b.*\bdealer\b|\b(went|got|ended "
     r"up|thrown) (in|into) the muck\b", "unprotected-hands"),
    (r"\b(dealer|someone|he|she)\b.*\b(kill\w*|muck\w*|swept|sweeps|grabb\w*|took)\b.*\b(my|his|"
     r"her|a|their) (hand|cards)\b|\b(raise|chips|bet) back\b.*\b(kill\w*|muck\w*)\b|"
     r"\bunprotected\b", "unprotected-hands"),
    (r"\bwinning hand\b.*\b(face up|turned|killed|mucked)\b|\b(killed|mucked)\b.*"
     r"\bwinning hand\b", "winning-hand-shown"),
    (r"\b(called|caller|calling player)\b.*\b(show\w*|see)\b|\b(show\w*|see)\b.*\b(called|caller)\b",
     "showdown-order"),
    (r"\bshow one\b.*\bshow all\b|\bother card\b|\bshowed (his |her )?friend\b|"
     r"\b(friend|neighbou?r|buddy|mate)\b.*\b(cards|hand)\b|\bshow\w* (his |her |my )?(cards|"
     r"hand) to (his|her|a|the|my) (friend|neighbou?r|buddy|mate)\b", "show-one-show-all"),
    (r"\b(ask|asked|asks|see)\b.*\bshow\w* (only )?one card\b", "show-one-show-all"),
    (r"\bshow\w* (only )?one card\b(?!.*\bafter\b)|\bonly show\w* one\b", "show-two-cards"),
    (r"\b(one|1) card\b.*\bmuck|\b(both|two|2) cards\b.*\bwin\b", "show-two-cards"),
    (r"\bshow (both|two|2) cards\b|\bshow\w*\b.*\bcards?\b.*\bto win\b", "show-two-cards"),
    (r"\b(hand|cards?) (is |was |got |been )*(declared |ruled |called )?dead\b|\bdead hand",
     "dead-hand"),
    (r"\bwho\b.*\b(turns?|shows?)\b.*\bfirst\b|\bwho (has to )?shows? first\b|\bshow first\b|"
     r"\bhave to show\b|\bmust i show\b",
     "showdown-order"),
    (r"\bmuck\w*", "muck"),
    (r"\b(at|during) (the )?showdown\b", "showdown-order"),
    (r"\b(show|see|deal|run)\b.*\b(turn|river|rest of the board|board)\b.*\b(after|once)\b.*"
     r"\bfold", "rabbit-hunt"),
    (r"\bwould have (come|been|fallen)\b|\bwhat was coming\b|\brabbit", "rabbit-hunt"),
    (r"\bwould have had\b|\bcould have had\b|\btable talk\b|\bfolded cards\b",
     "discussing-hands"),
    # time and presence
    (r"\bsmok\w*|\bvap(e|es|ing)\b|\bcigar", "smoking"),
    (r"\b(blind|level|tournament|blinds) clock\b", "blind-levels"),
    (r"\bhow long\b.*\bclock\b|\bcall\w* (the )?(time|clock)\b|\b(time|clock) on (him|her|them|"
     r"a|the|that|this|someone)\b|\bclock (the|him|her|them|that|this|someone|a)\b|\btimes? (is )?up\b|\b(ran|run|runs|running) out of time\b|"
     r"\btime (ran|runs|running) out\b|\bclock (ran|runs|run|expired?|expires|is up|ends?|ended)\b",
     "clock"),
    (r"\btable (break|breaks|broken)\b|\bbreak (up )?(a |the )?table\b", "breaking-tables"),
    (r"\b(blinds?|levels?)\b.*\b(go|goes|going) up\b|\b(blinds?|levels?)\b.*\b(increase|rise|"
     r"change)|\b(how long|when)\b.*\b(levels?|breaks?)\b(?!.*\btabl)|\bnext level\b",
     "blind-levels"),
    (r"\bhow long\b.*\b(act|decide|think|decision|turn|have)\b|\btime limit\b|"
     r"\btaking (forever|ages|too long|so long)\b|\btank\w*|\bhollywood\w*|\btime ?bank\b",
     "action-time"),
    (r"\b(was|were|is|am|been|went|go|going|while|when|im|hes|shes|player|he|she|someone) "
     r"away\b|\b(bathroom|toilet|restroom|loo|afk|brb|get a drink|getting a drink|"
     r"went to the bar)\b|\bstep(ped|s)? (away|out)\b|\bsitting out\b|"
     r"\b(left|leave|leaving) (the |my )?(table|seat)\b|\bnot (at|in) (the table|his seat|her seat|"
     r"my seat|their seat)\b", "away"),
    (r"\b(be|being|stay) (at|in) (the table|my seat|your seat)\b", "table-presence"),
    # tournament
    (r"\bfinal table\b", "final-table"),
    (r"\b(how|who) (are|is|gets?) seats?\b|\bseats? (picked|chosen|assigned|drawn)\b|"
     r"\bwho sits where\b", "random-seats"),
    (r"\bsmall blind\b.*\b(busted|bust|knocked|eliminated|out)\b|\b(busted|knocked|"
     r"eliminated)\b.*\bsmall blind\b|\bsb\b.*\b(busted|knocked|eliminated|out)\b",
     "sb-eliminated"),
    (r"\bbig blind\b.*\b(busted|bust|knocked|eliminated|out)\b|\b(busted|knocked|"
     r"eliminated)\b.*\bbig blind\b|\bbb\b.*\b(busted|knocked|eliminated|out)\b",
     "bb-eliminated"),
    (r"\b(two|both|#|several) (players )?.*\b(bust|busted|knocked|eliminated|out)\b.*"
     r"\b(same hand|together|at once)\b", "same-hand-eliminations"),
    (r"\bempty seat\b", "dead-button"),
    (r"\bdown to two\b|\btwo left\b|\bheadsup\b.*\bbutton\b", "heads-up-blinds"),
    (r"\bcolou?r ?up\b|\bchip ?race\b|\brace off\b|\b(remov\w*|race|racing|get rid of|"
     r"take off)\b.*\b(#|small|smallest|low|lowest|odd) chips\b", "chip-race"),
    (r"\bmoved?\b.*\b(another|new|other|different) table\b|\bbalanc|\bshort ?handed\b|"
     r"\b(uneven|unbalanced) tables?\b", "table-balancing"),
    (r"\btable (break|breaks|broken)\b|\bbreak (up )?(a |the )?table\b", "breaking-tables"),
    (r"\b(rebuy|reentry|buyback|buy back)\b", "rebuys"),
    (r"\b(first|second|third) place\b|\bprize\b|\bpayout", "payouts"),
    (r"\b(stack|chip count|count)\b.*\b(wrong|off|miscounted|mistake|incorrect)\b|"
     r"\b(wrong|incorrect)\b.*\bstack\b", "stack-adjustment"),
    # rulings
    (r"\b(penalt\w*|punish\w*|happens?|caught)\b.*\bcheat\w*|\bcheat\w*\b.*\b(penalt\w*|"
     r"punish\w*|caught)\b", "disqualification"),
    (r"\bpenalt|\bpenali[sz]", "penalty"),
    (r"\b(director|td|floor|ruling)\b.*\b(wrong|mistake|error|unfair|disagree)\b|\bappeal|"
     r"\b(disagree|dispute|contest|challenge)\b",
     "appeals"),
    (r"\bfinal (decision|say|word)\b|\bwho decides\b", "director-decision"),
    (r"\b(kicked|thrown) out\b|\bdisqualif", "disqualification"),
    (r"\b(which|what) (rules|rulebook)\b", "rulebooks"),
    # conduct
    (r"\b(help|helping|advice|advise|coach|coaching)\b|\btelling (me|him|her) what to do\b",
     "one-player-to-a-hand"),
    (r"\b(team|teaming|teamed) up\b|\bworking together\b|\bsharing cards\b|\bsoft ?play",
     "cheating"),
    (r"\btrash talk|\b(rude|abusive|insult\w*)\b", "language"),
    (r"\b(phone|texting|text|texts)\b", "phones"),
    (r"\b(talk|talking|discuss|discussing|comment\w*)\b.*\bhands?\b", "discussing-hands"),
    (r"\bunprotected\b|\bmisclick|\b(swept|grabbed|took|killed|mucked)\b.*\bmy (cards|hand)\b",
     "unprotected-hands"),
    (r"\bpocket\b|\bpalm\w*|\bhid(e|ing|den)\b.*\bchips\b|\brat ?hol\w*|\b(went|go|goes|going|gone) "
     r"south\b|\bsouth with\b|\bchips?\b.*\b(off the table|in view|visible|hidden|covered)\b",
     "chip-visibility"),
    (r"\bscreenshot\b|\b(hid(e|ing|den)|cover|covering)\b.*\bcards\b|\bcards?\b.*\b(above|below|"
     r"under|on|off|over) (the )?(table|edge)\b|\bcards?\b.*\b(in (plain |full )?view|visible)\b|"
     r"\bin (my|his|her) lap\b", "card-visibility"),
    (r"\boverrul\w*|\bfairness\b|\bbest interest\b|\bunusual circumstance", "director-decision"),
    (r"\b86\w*|\bbarred\b|\bbanned\b", "disqualification"),
    (r"\b(another|other|different) game\b|\bside bets?\b", "foreign-objects"),
)

# Topics none of the rulebooks here covers: answered with no rule and these suggestions.
NOT_COVERED: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    (r"\bangl(e|es|ing)\b|\bangle ?shoot", "angle shooting",
     ("verbal-declaration", "cheating", "director-decision")),
    (r"\bstraddl|\bmississippi\b|\bsleeper\b", "straddles",
     ("blinds", "minimum-raise", "out-of-turn")),
    (r"\bomaha\b|\bpot limit\b|\b(fixed|spread) limit\b|\blimit (holdem|hold em|poker|game)\b|"
     r"\bstud\b|\bplo\b|\bshort ?deck\b|\bsix plus\b|\bpineapple\b|\bbadugi\b|\brazz\b|"
     r"\bhorse (game|rules|poker|format)\b|\blowball\b|\btriple draw\b|\b(five|5) card draw\b|"
     r"\bdraw poker\b|\bhi ?lo\b|\bhigh ?low\b|\bdealers choice\b|\bmixed games?\b|"
     r"\bopen face\b|\bchinese poker\b|\bcourchevel\b|\bother (poker )?(games|variants)\b|"
     r"\bvariants?\b", "other poker games", ("minimum-bet", "minimum-raise", "rulebooks")),
    (r"\brun(ning|s)? it (twice|two times|three times|thrice|# times|#x|again|more than once)\b|"
     r"\brun it (2|3)x\b|\brun (two|2|three|3) boards\b", "running it twice",
     ("rabbit-hunt", "face-up", "side-pots")),
    (r"\binsurance\b", "all-in insurance", ("face-up", "side-pots", "cheating")),
    (r"\btip(s|ped|ping)?\b|\btok(e|es|ing)\b", "tipping",
     ("payouts", "house-rules", "director-decision")),
    (r"\bsatellit|\bticket to\b|\bseat (to|into) the main\b", "satellites",
     ("payouts", "late-registration", "rebuys")),
    (r"\brak(e|es|ed|ing)\b|\b(entry|house|admin|service|staff) fees?\b|\bjuice\b|\bvig\b",
     "rake and fees", ("payouts", "house-rules")),
    (r"\bcash (game|games|table|tables|poker)\b|\bring games?\b|\bhit and run\b|"
     r"\bbuy(ing)? the button\b|\bmissed blinds?\b|\bpost\w* (to |a big blind to )?(come|get|"
     r"sit) in\b|\bout of position\b.*\bpost|\bpost\w*\b.*\bout of position\b|"
     r"\b(seat|table) change (button|list|request)\b|\b(min|minimum|max|maximum) buy ?in\b|"
     r"\bchop\w* (the )?blinds\b", "cash-game practices", ("blinds", "rebuys", "house-rules")),
    (r"\bbomb ?pots?\b|\bkill (pot|pots|button|blind|blinds)\b|\bbutton ante\b|"
     r"\bdouble board\b", "bomb pots, kill pots and other special pots", ("blinds", "antes")),
    (r"\bbount(y|ies)\b|\bknock ?out (bounty|tournament|tourney)\b|\bpko\b|"
     r"\bprogressive (knock|ko)", "bounties", ("payouts",)),
    (r"\bbad beat\b|\bhigh hand\b|\bjackpot\b|\bseven deuce\b|\b7 ?2 (game|bounty)\b",
     "bad-beat and side games", ("payouts", "hand-rankings")),
    (r"\b(pot|implied|reverse implied) odds\b|\bodds (of|to|for|on)\b|\bwhat are the odds\b|"
     r"\bequity\b|\bexpected value\b|\bev\b|\bgto\b|\bouts\b|\branges?\b|\bbluff\w*|"
     r"\b(poker|physical|timing|betting) tells?\b|\bspot (a )?tells?\b|\bbankroll|\bvariance\b|"
     r"\btilt\w*\b|\bstarting hands?\b|\b(good|strong|weak|playable|premium|best) (starting )?"
     r"(hands|cards) to play\b|\b(good|strong|weak|playable|premium) (starting )?hands?\b|"
     r"\bhow (to|do i|should i|do you|can i) (play|beat|win at|get better|improve)\b|"
     r"\bshould (i|you|he) (call|fold|shove|jam|push|raise|bet|check|bluff|play|limp|reraise|xbet|"
     r"open|defend|slowplay)\b|\bhow many (big blinds|bbs)\b|\bpreflop charts?\b|"
     r"\b(positional|position) (play|strategy)\b|\bstrategy (for|on|in|against|to|when)\b|"
     r"\b(best|good|winning|basic|optimal|right) (strategy|play|move)\b|\bicm (pressure|"
     r"strategy)\b|\b(chip leader|big stack|short stack) (strategy|should)\b|\bm ratio\b|"
     r"\bcalculat\w*\b.*\b(odds|pot|equity|outs)\b|\bslow ?play(ing)? (a|my|the|big|strong|"
     r"monsters?|aces)\b", "poker strategy and odds", ()),
    (r"^(?!.*\b(get|got|getting|grab|grabbed|went for|going for|fetch|fetching) (a |some |me a )?"
     r"drinks?\b).*\b(drink|drinking|drinks|alcohol|beer|beers|drunk|booze|food|eat|eating|snacks?|"
     r"dress|dress code|sunglasses|hoodie|hats?|music)\b", "food, drink and dress",
     ("house-rules",)),
    (r"\benglish\b|\bforeign language\b|\bother language", "the language spoken at the table",
     ("language", "one-player-to-a-hand")),
    (r"\bbuy ?ins?\b(?!.*\b(again|back|late|rebuy|re ?entry|add ?on|twice)\b)", "the buy-in",
     ("payouts", "rebuys", "late-registration")),
    (r"\b(read|reading|spot|spotting|pick up|picking up|have|has|got) (a |his |her |their |any )?"
     r"tells?\b|\btells\b(?! (me|him|her|you|us|them|the|a|what|how))", "reading tells", ()),
    (r"\bslow ?roll\w*|\bslowroll\w*|\bcoffee ?hous\w*|\bspeech play\b|\bneedl(e|ing)\b|"
     r"\bcelebrat\w*|\bgloat\w*|\bberat\w*|\bhollywood\w* (to|with|a) (sell|fake)\b",
     "table manners the rulebooks do not name", ("showdown-order", "language", "house-rules")),
)

_INTENTS = tuple((re.compile(p), rid) for p, rid in INTENTS)
_NOT_COVERED = tuple((re.compile(p), name, ids) for p, name, ids in NOT_COVERED)

INTENT_BONUS = 1.5
# A word found in this many rules' names or fewer tells which rule is meant (its weight, idf);
# a match on commoner words alone scores at most VAGUE_CAP, below what lookup accepts.
TELLING_IDF = 2.6
VAGUE_CAP = 0.55
PHRASE_BONUS = 0.1
# A rule offered when the lookup is unsure scores at least this much.
SUGGEST_CUTOFF = 0.15
# Without a phrase that means one rule, a sure answer scores this much and this far ahead.
SURE_SCORE = 0.75
SURE_MARGIN = 0.2
# A phrase's rule is in doubt when another rule's words score this far above its own.
INTENT_DISPUTE = 0.25


@dataclass(frozen=True)
class NotCovered:
    """A topic none of the league's rulebooks covers, with the rules nearest to it."""

    topic: str
    suggestions: tuple[str, ...]


@dataclass(frozen=True)
class Ranking(Generic[R]):
    """The rules a query may mean, best first, and whether the first is meant for sure."""

    rules: tuple[R, ...]
    sure: bool


@dataclass(frozen=True)
class Query:
    text: str  # as typed, bounded
    plain: str  # the words before stems and synonyms, joined by spaces
    words: tuple[str, ...]  # every word, normalised
    content: tuple[str, ...]  # the meaningful ones, typos corrected
    # every run of 2 to MAX_PHRASE_WORDS words, with and without filler words
    grams: frozenset[tuple[str, ...]] = frozenset()

    @property
    def joined(self) -> str:
        return " ".join(self.words)


@dataclass
class _Entry(Generic[R]):
    rule: R
    phrases: list[tuple[str, ...]]  # names (and keyword phrases) as word sequences
    name_words: set[str]
    key_words: set[str]
    summary_words: set[str]
    title_words: set[str]  # of the id and the title: the rule's own name
    prefixes: set[str]  # every name word, for prefix search as a player types
    # names of two words or more: as said, and without filler words
    multiword: list[tuple[tuple[str, ...], tuple[str, ...]]] = field(default_factory=list)


class Index(Generic[R]):
    """The rules' names, keywords and summaries as words, with how telling each word is."""

    def __init__(self, rules: Sequence[R]) -> None:
        self.entries: list[_Entry[R]] = []
        for rule in rules:
            names = [rule.id.replace("-", " "), rule.title, *rule.aliases]
            phrases = [tuple(words(n)) for n in [*names, *rule.keywords]]
            name_words = {w for n in names for w in content_words(words(n))}
            key_words = {w for k in rule.keywords for w in content_words(words(k))}
            summary_words = set(content_words(words(rule.summary)))
            prefixes = {w for n in names for w in re.findall(r"[a-z0-9]+", n.casefold())}
            title_words = set(content_words(words(f"{rule.id.replace('-', ' ')} {rule.title}")))
            multiword = [(p, tuple(w for w in p if w not in STOPWORDS)) for p in phrases
                          if 2 <= len(p) <= MAX_PHRASE_WORDS]
            self.entries.append(_Entry(rule, [p for p in phrases if p], name_words,
                                       key_words - name_words, summary_words, title_words,
                                       prefixes, [(p, st) for p, st in multiword if st]))
        count = len(self.entries) or 1
        df: dict[str, int] = {}
        for e in self.entries:
            for w in e.name_words | e.key_words:
                df[w] = df.get(w, 0) + 1
        self.idf = {w: math.log(1 + count / n) for w, n in df.items()}
        self.max_idf = math.log(1 + count)
        self.vocabulary = sorted(set(self.idf) | {w for e in self.entries
                                                  for w in e.summary_words})
        self._by_id = {e.rule.id: e for e in self.entries}
        # every word the rulebook uses, texts included: a query word outside it is strange
        self.known = frozenset(self.vocabulary) | {
            w for e in self.entries for t in e.rule.texts() for w in content_words(words(t))}

    # --- the query ---------------------------------------------------------------------------

    def query(self, text: str) -> Query:
        bounded = text[:MAX_QUERY_CHARS]
        ws = words(bounded)[:MAX_QUERY_WORDS]
        corrected = []
        budget = MAX_CORRECTIONS
        for w in content_words(ws):
            if w not in self.idf and budget > 0 and len(w) >= 4 and not w.isdigit():
                budget -= 1
                w = self._correct(w)
            corrected.append(w)
        # correct the same words in the full sequence too, so phrases see them
        fixes = dict(zip(content_words(ws), corrected, strict=True))
        ws = [fixes.get(w, w) for w in ws]
        plain = " ".join(plain_words(bounded)[:MAX_QUERY_WORDS])
        grams = _grams(ws) | _grams([w for w in ws if w not in STOPWORDS])
        return Query(bounded, plain, tuple(ws), tuple(corrected), grams)

    def _correct(self, word: str) -> str:
        return _closest(word, tuple(self.vocabulary))

    # --- scoring -----------------------------------------------------------------------------

    def unknown(self, q: Query) -> bool:
        """Whether the query has a meaningful word that no rule's names or keywords know."""
        return any(w not in self.idf for w in q.content)

    def strange(self, q: Query) -> list[str]:
        """The query's words that no rule's names, keywords or texts use and that are more than
        table filler: words of a topic the rulebook may not cover ("rake", "sunglasses")."""
        return [w for w in q.content
                if w not in self.known and w not in GENERIC and not w.isdigit()]

    def intents(self, q: Query) -> list[str]:
        """The rules phrases of the query mean, in the order the phrases are listed (patterns
        are tried on the words as typed and as normalised)."""
        return [rule_id for rule_id, _ in self._intent_spans(q)]

    def _intent_spans(self, q: Query) -> list[tuple[str, tuple[int, int]]]:
        """Each rule a phrase means, with the words (first, past the last) the phrase spans."""
        found: list[tuple[str, tuple[int, int]]] = []
        compared = _compare_amounts(q.text)
        if compared is not None and compared in self._by_id:
            found.append((compared, (0, len(q.words))))
        seen = {rule_id for rule_id, _ in found}
        for pattern, rule_id in _INTENTS:
            if rule_id not in self._by_id or rule_id in seen:
                continue
            for text in (q.plain, q.joined):
                m = pattern.search(text)
                if m is not None:
                    first = len(text[:m.start()].split())
                    found.append((rule_id, (first, max(first + 1, len(text[:m.end()].split())))))
                    seen.add(rule_id)
                    break
        return found

    def _rival_intents(self, q: Query) -> list[str]:
        """Rules meant by phrases of the query other than the first one's words: a phrase
        inside the first phrase ("prize" in "chop the prize money") is part of its meaning,
        not another topic."""
        spans = self._intent_spans(q)
        if not spans:
            return []
        (top, (a, b)), rivals = spans[0], []
        for rule_id, (c, d) in spans[1:]:
            if rule_id != top and (d <= a or c >= b):
                rivals.append(rule_id)
        return rivals

    def intent(self, q: Query) -> str | None:
        """The rule the query's first meaningful phrase means, if any."""
        found = self.intents(q)
        return found[0] if found else None

    def not_covered(self, q: Query) -> NotCovered | None:
        texts = (q.plain, q.joined)
        for pattern, topic, ids in _NOT_COVERED:
            if any(pattern.search(t) for t in texts):
                return NotCovered(topic, tuple(i for i in ids if i in self._by_id))
        return None

    def scored(self, q: Query) -> list[tuple[float, R]]:
        """Every rule with a score above 0, best first (ties keep the book's order); the rule a
        phrase of the query means comes first."""
        return self._scored(q, self.intent(q))

    def _scored(self, q: Query, intent: str | None) -> list[tuple[float, R]]:
        content = [w for w in q.content if len(w) >= 2 or w in self.idf]
        if not content:
            return [(INTENT_BONUS, self._by_id[intent].rule)] if intent else []
        weights = {w: self.idf.get(w, self.max_idf * 0.35) for w in content}
        total = sum(weights[w] for w in content)
        results = []
        for e in self.entries:
            covered = 0.0
            for w in content:
                if w in e.name_words:
                    covered += weights[w]
                elif w in e.key_words:
                    covered += weights[w] * 0.85
                elif w in e.summary_words:
                    covered += weights[w] * 0.3
            score = covered / total if total else 0.0
            if score > 0:
                # of two rules the query covers alike, the one whose name it says most fully
                score += 0.2 * self._name_cover(content, e)
                # a word of the rule's own title says more than one of its aliases
                score += 0.1 * sum(w in e.title_words for w in content) / len(content)
            phrase = self._phrase(q, e)
            score += phrase
            if intent == e.rule.id:
                score += INTENT_BONUS
            elif not phrase and not self._telling(content, e):
                # only common words in common ("cards and chips"): a hint, never an answer
                score = min(score, VAGUE_CAP)
            if score > 0:
                results.append((score, e.rule))
        return sorted(results, key=lambda sr: -sr[0])

    def ranked(self, q: Query) -> Ranking[R]:
        """The rules the query may mean, best first, and whether the first is meant for sure.

        Sure only when nothing speaks against it: a phrase of the query means one rule and no
        phrase means another, or (no phrase) one rule covers the query's words well and clearly
        better than any other; and never with a word the rulebook does not know, which may be
        the real topic of the question."""
        intents = self.intents(q)
        words_only = self._scored(q, None)
        score_of = {rule.id: s for s, rule in words_only}
        strange = self.strange(q)
        order = [self._by_id[i].rule for i in intents]
        order += [rule for s, rule in words_only
                  if rule.id not in intents and s >= SUGGEST_CUTOFF]
        if not order:
            return Ranking((), False)
        top = order[0]
        # a telling word the first rule does not use at all points at another topic as well
        unexplained = self._unexplained(q, self._by_id[top.id])
        if intents:
            other = next(((s, r) for s, r in words_only if r.id != top.id), None)
            disputed = other is not None and other[0] >= SURE_SCORE and (
                other[0] - score_of.get(top.id, 0.0) >= INTENT_DISPUTE)
            sure = not self._rival_intents(q) and not disputed
        else:
            best = words_only[0][0]
            second = words_only[1][0] if len(words_only) > 1 else 0.0
            # without a phrase, every word of the question must be one the rule uses
            sure = best >= SURE_SCORE and best - second >= SURE_MARGIN and not self._unused(
                q, self._by_id[top.id])
        sure = sure and not strange and not unexplained
        return Ranking(tuple(order), sure)

    def _unexplained(self, q: Query, e: _Entry[R]) -> list[str]:
        """The query's telling words (few rules use them) that rule `e` does not use."""
        mine = e.name_words | e.key_words | e.summary_words
        return [w for w in q.content if w not in mine and w not in GENERIC
                and self.idf.get(w, 0.0) >= TELLING_IDF]

    def _unused(self, q: Query, e: _Entry[R]) -> list[str]:
        """The query's words, filler aside, that rule `e` does not use."""
        mine = e.name_words | e.key_words | e.summary_words
        return [w for w in q.content if w not in mine and w not in GENERIC and len(w) > 1]

    def _phrase(self, q: Query, e: _Entry[R]) -> float:
        """A name of the rule said within the query, as a phrase of two words or more."""
        best = 0.0
        grams = q.grams
        for phrase, stripped in e.multiword:
            if phrase in grams or (len(stripped) >= 2 and stripped in grams):
                # "at the table" says less than "string bet": count the telling words
                best = max(best, PHRASE_BONUS + 0.06 * min(len(stripped), 4))
        return best

    def _telling(self, content: Sequence[str], e: _Entry[R]) -> bool:
        return any(self.idf.get(w, 0.0) >= TELLING_IDF
                   for w in content if w in e.name_words or w in e.key_words)

    @staticmethod
    def _name_cover(content: Sequence[str], e: _Entry[R]) -> float:
        """How much of its best-said name the query says (1.0: every word of a name)."""
        said = set(content)
        best = 0.0
        for phrase in e.phrases:
            words_ = [w for w in phrase if w not in STOPWORDS and w != NUMBER]
            if words_:
                best = max(best, sum(w in said for w in words_) / len(words_))
        return best

    def prefix_hits(self, text: str) -> list[R]:
        """Rules a name of which has a word starting with the last word typed (autocomplete
        while a word is half written: "stri" -> string bets)."""
        parts = re.findall(r"[a-z0-9]+", text[:MAX_QUERY_CHARS].casefold())
        if not parts or len(parts[-1]) < 2:
            return []
        last = parts[-1]
        return [e.rule for e in self.entries if any(p.startswith(last) for p in e.prefixes)]


_PUT_FACING = re.compile(
    r"\b(?:put|puts|putting|bet|bets|betting|make it|made it|call|called|calls|push|pushed|"
    r"threw|throws|raise to|raised to)\b(?: in| out)?\s+\$?(\d[\d,]*(?:\.\d+)?k?)\b.{0,40}?"
    r"\b(?:facing|against|into|vs|versus|when the bet (?:is|was)|to call|on a bet of|"
    r"over)\s+(?:a |an |the |his |her )?(?:bet of |raise to |raise of )?\$?"
    r"(\d[\d,]*(?:\.\d+)?k?)\b")


def _amount(text: str) -> float:
    number = text.replace(",", "")
    return float(number[:-1]) * 1000 if number.endswith("k") else float(number)


def _compare_amounts(text: str) -> str | None:
    """"put in 300 facing 500": the amounts say which rule, whatever the words: less than the
    bet is below a call."""
    m = _PUT_FACING.search(text[:MAX_QUERY_CHARS].casefold())
    if m is None:
        return None
    put, facing = _amount(m.group(1)), _amount(m.group(2))
    return "below-call" if put < facing else None


def _grams(seq: Sequence[str]) -> frozenset[tuple[str, ...]]:
    return frozenset(tuple(seq[i:i + n]) for n in range(2, MAX_PHRASE_WORDS + 1)
                     for i in range(len(seq) - n + 1))


@functools.lru_cache(maxsize=2048)
def _closest(word: str, vocabulary: tuple[str, ...]) -> str:
    # a short word needs to be closer: "beat" is not a typo of "bet"
    cutoff = 0.86 if len(word) <= 5 else 0.8
    # a typo seldom hits the first letter, and "dinner" is no misspelt "winner"
    same_start = [v for v in vocabulary if v[:1] == word[:1]]
    near = difflib.get_close_matches(word, same_start, n=1, cutoff=cutoff)
    return near[0] if near else word
