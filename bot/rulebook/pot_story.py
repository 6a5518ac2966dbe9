"""A story of chips put in, street by street, read into the pots the engine builds of it
(bot/engine/pots.py): "short stack shoves 2k, two bigger stacks call, on the flop one bets 5k
and the other calls" is a main pot among three and a side pot between two; "he bets 3k, I call
all-in for 1,150" leaves 1,850 nobody matched, which goes back. Players come in on the first
round told (by name, letter, number or count: "Joe", "B and C", "p2", "two others"), or listed
with their stacks ("stacks 400 / 1000 / 2500 all in"); later rounds are played by those still
betting. The pot said before the round ("turn, pot is 1000") is in the main pot; the blinds count
where the story tells what both blinds did. What the question asks of the pots is read in
bot/rulebook/pot_asked.py. Any doubt (a player short of the bet and not all-in, a deed without
its size, more or fewer players than the story says, blinds not accounted for, antes) gives no
number."""

from __future__ import annotations

import re

from bot.engine.profile import Profile
from bot.rulebook.amount_words import (
    COUNTS,
    MAX_CHARS,
    WORD_WAYS,
    N,
    Text,
    all_read,
    blinds_of,
    read,
)
from bot.rulebook.pot_asked import BY_STACK, PotSpot, pots_asked
from bot.rulebook.worked import TABLE_SIZE, Worked

# what a player does with chips; "allin calling for 1,150" is one deed, a call all-in
_ACT = (r"allin|shove[sd]?|shoving|jam(?:s|med)?|push(?:es|ed)?|call(?:s|ed|ing)?|puts? in|"
        r"bet(?:s|ting)?|leads?|raise[sd]?|check(?:s|ed)?|fold(?:s|ed)?|limp(?:s|ed)?|"
        r"complete[sd]?|flat(?:s|ted)?")
# deeds the story does not read: told, the chips of the story are not known for sure
UNREAD_DEED = re.compile(r"\b(open\w*|iso\w*|xbet\w*|squeez\w*|straddl\w*|donk\w*|fire[sd]?|"
                         r"min ?rais\w*|min ?click\w*|overlimp\w*|post(?:s|ed|ing)?|reraise\w*)\b")
STORY_DEED = re.compile(
    rf"(?:{N} )?\b({_ACT})\b((?: (?:allin|for|to|with|of|off|it|all|in))*)(?: {N}\b( allin\b)?)?")
# "all in preflop: me 1000, Joe 2500, Sue 2500": players all-in, each for the amount by his name
# (or "all in for 200, 500, 900, 900", "4 way: 100, 400, 900 all in": each all-in for one)
_LISTED = (r"(?!(?:for|to|of|with|and|is|was|pot|bets?|raises?|calls?|shoves?|jams?|push\w*|"
           r"limps?|opens?|makes?|allin)\b)[a-z]+")
ALL_IN_LIST = re.compile(r"\ballin (?:preflop |pre |on the flop |on the turn |on the river )?"
                         r"((?:[a-z]+ (?:and [a-z]+ )?#\d+ (?:each )?(?:and )?){2,9})|"
                         r"\ballin (?:for |with |of |preflop |pre )?(?:stacks )?"
                         r"((?:#\d+ (?:and )?){2,9})|"
                         r"((?:#\d+ (?:and )?){2,9})(?:are |were |go |went |all )?allin\b|"
                         rf"((?:{_LISTED} #\d+ (?:and )?){{2,9}})(?:are |were |go |went |all |both "
                         rf"|everyone |everybody |they |we )*allin\b")
# stacks listed with slashes: "stacks 400 / 1000 / 2500", "400/1000/2500 all in"
_SLASH_AMOUNT = r"\$?\d[\d,.]*k?"
STACKS_SLASHED = re.compile(rf"(?:(?<=\bstacks )|(?<=\ball in )|(?<=\ballin ))(?:of |are |were )?"
                            rf"{_SLASH_AMOUNT}(?:\s*/\s*"
                            rf"{_SLASH_AMOUNT}){{1,8}}|\b{_SLASH_AMOUNT}(?:\s*/\s*{_SLASH_AMOUNT})"
                            rf"{{2,8}}(?=\s*(?:all ?in|are all ?in|all went all ?in)\b)")
# stacks told, then all of them all in: "A has 800, B has 2000, C has 5000, all in"
HAS_LIST = re.compile(r"(?:\b[a-z]+ (?:has|had|have|with) #\d+ (?:and )?){2,9}(?=(?:and )?(?:all |"
                      r"everyone |everybody |they |we )?(?:are |go |went )?allin\b)")
# a stack told and then all of it put in: "B and C both have 5000 and get it all in"
GOT_IT_IN = re.compile(r" (?:both |each |all )?(?:have|has|had|with) (#\d+) (?:and |n )?"
                       r"(?:(?:get|got|gets|go|goes|went|put|puts|shove|shoves|push|pushes|jam|"
                       r"jams) (?:it )?"
                       r"(?:allin|all in|in)|(?:shoves|jams|pushes|shoved|jammed|pushed)(?! #))\b")
# "i had 300, two 1000 stacks both got it in with me": the stacks told are all put in
WITH_ME = re.compile(r" (?:i|me) (?:had|have|got|with) (#\d+) (two|three|four) (#\d+) stacks "
                     r"(?:both |all )?(?:got|get|went|go|put|shoved|jammed) (?:it )?(?:allin|in) "
                     r"with me\b")
# "and the 2500 guy covers": the biggest stack, told again
COVERS = re.compile(r"(?: and)? the #(\d+) (?:guy |stack |player |one )?covers(?: (?:them|everyone|"
                    r"all|both|the others))?\b")
# the players the story does not tell of: "everyone else (folds)"
ALL_THE_REST = re.compile(r"\s*(?:and |then )?(?:everyone else|everybody else|the rest|rest|all "
                          r"(?:the )?others|the others|others|all else)\s*")
# "(B has 10k)": a player's stack told after his deeds
STACK_BESIDE = re.compile(r"\b([a-z]+) (?:has|had) #(\d+)(?! (?:and|n)\b)")
# "C has 10k and": a stack told before the call
HAS_AND = re.compile(r"\s*(.*?)\s+(?:has|had|have|with)\s+#(\d+)\s+(?:and|n)\s*")
# "called by two players": that many players call
CALLED_BY = re.compile(rf"\bcalled by (?:a |an |the |his |her )?(?:allin (?:for |of )?{N}|"
                       rf"{N} allin)\b|"
                       rf"\b(?:called by |and )?(two|three|four|five|six|seven|eight|nine|one|a|"
                       rf"an) (?:(?:other |bigger |big |deep )?(?:players?|others?|guys?|people|"
                       rf"stacks?)(?= with)|callers?\b)(?: with (?:more|{N}))?|"
                       rf"\bcalled by (two|three|four|five|six|seven|eight|nine|one|a|an) "
                       rf"(?:other |bigger |big |deep )?(?:players?|others?|guys?|people|callers?|"
                       rf"stacks?)(?: with (?:more|{N}))?")
# "check it down", "checked down": no more chips on any street
CHECKED_DOWN = re.compile(r"\b(?:check|checks|checked) (?:it )?down\b")
# a new betting round
STREET_WORD = re.compile(r"\b(flop|turn|river)\b")
# how many players the story says there are ("three players", "three of us", "3 way")
TOLD_COUNT = re.compile(r"\b(two|three|four|five|six|seven|eight|nine) (players|of us|way|ways|"
                        r"handed|people|guys)\b")
# the subject of a deed: that many players, all of those with chips, two named
COUNT_WORD = re.compile(r"\b(two|three|four|five|six|seven|eight|nine|both)\b")
EVERYONE = re.compile(r"\b(they|everyone|everybody|all|we)\b")
TWO_NAMED = re.compile(r"\b([a-z0-9]+) (?:and|n) ([a-z0-9]+)$")
# players told apart by no name: each one another player (before the first street is over)
ANONYMOUS = frozenset({"one", "other", "another", "guy", "dude", "someone", "player", "stack",
                       "stacks", "caller", "callers", "person", "people", "players", "others",
                       "villain", "opponent", "them", "he", "she", "", "short", "bigger"})
FILLER = frozenset({"is", "then", "each", "also", "just", "and", "n", "if", "the", "a", "an", "so",
                    "but", "wats", "whats", "what", "s", "was", "goes", "went", "moves", "only",
                    "preflop", "pre", "on", "first", "second", "third", "ok", "who", "go",
                    "going", "move", "moved", "main", "side", "pot", "pots", "when", "where"})
# words of a subject that say no one in particular ("two bigger stacks", "one guy")
NOUNS = frozenset({"others", "other", "players", "player", "guys", "guy", "stacks", "stack",
                   "bigger", "smaller", "short", "big", "deep", "callers", "caller", "people",
                   "person", "of", "them", "dude", "dudes", "more", "remaining"})
# names a player goes by at the table
TABLE_NAME = re.compile(r"[a-h]|p[1-9]|i|you|hero|sb|bb|utg\d?|mp\d?|hj|lj|co|cutoff|button|btn|"
                        r"dealer|hijack|lojack|shorty|shortie")
# words of a sentence that stand before a deed and name no one
NOT_NAMES = frozenset({"his", "her", "their", "got", "get", "was", "were", "been", "that", "this",
                       "then", "who", "which", "and", "but", "still", "has", "have", "had", "will",
                       "would", "could", "should", "did", "does", "can", "may", "might", "must",
                       "all", "also", "now", "later", "again", "too", "yet", "not", "never",
                       "pot", "main", "side", "when", "where", "after", "before", "because",
                       "him", "them", "they", "you", "our", "your", "its", "the", "one", "two",
                       "guy", "someone", "other", "another", "hand", "preflop", "flop", "turn",
                       "river", "first", "next", "last", "same", "each", "both", "only", "just",
                       "every", "any", "some", "there", "here", "what", "how", "why"})
SAME = {"me": "i", "im": "i", "my": "i", "ive": "i"}
# the question after the story: no deed is told from here on
ASKED_FROM = re.compile(r"\b(how|what|whats|wats|can|could|who|which|main|side|pot|pots)\b")
# the blinds said to be left out of the pots ("ignore blinds", "forget the blinds")
BLINDS_LEFT_OUT = re.compile(r"\b(?:no|ignor\w*|forget|without|excluding|not counting|leave out|"
                             r"minus) (?:the )?blinds\b|\bblinds aside\b")
# "two guys call and keep betting": chips put in later, of sizes not told
KEEP_BETTING = re.compile(r" (?:and )?(?:keep|keeps|kept) (?:on )?betting(?: it)?\b")
# the pot before the round told, said first: "flop pot 600", "turn, pot is 1000", "pot had 600"
POT_BEFORE = re.compile(r" (?:(?:on )?(?:the )?(?:flop|turn|river) )?(?:(?:the )?pot (?:is |was |"
                        r"had |of |at )?(?:already )?#(\d+)|(?:theres|there is|there was|with) "
                        r"#(\d+) (?:already )?in (?:the )?(?:pot|middle))(?: (?:on|at) the "
                        r"(?:flop|turn|river))?\b(?! (?:after|now|total|in total|once|when)\b)")


class _Player:
    __slots__ = ("name", "total", "street", "all_in", "live", "acted")

    def __init__(self, name: str) -> None:
        self.name = name
        self.total = 0
        self.street = 0
        self.all_in = False
        self.live = True
        self.acted = False


def _story_text(query: str) -> Text | None:
    """The question read for a story of chips: "1 guy" is one player, "player 2" a name."""
    low = query[:MAX_CHARS].casefold()
    low = re.sub(r"\b1 (guy|player|person|dude|villain|caller|of them)\b", r"one \1", low)
    # "player 2 and 3", "seat 4", "p1": players named by a number, not amounts
    low = re.sub(r"\b(?:player|seat|p) ?([1-9])(?: (and|&) ([1-9]))?\b(?![\d,.k])",
                 lambda m: f"p{m.group(1)}" + (f" and p{m.group(3)}" if m.group(3) else ""), low)
    low = re.sub(r"\b(side|main)pots?\b", r"\1 pot", low)
    # "side pot 1": the first side pot, no amount
    low = re.sub(r"\bside ?pot (?:#?([1-3])\b(?![\d,.k])|(one|two|three)\b)", _side_pot_named, low)
    # "3 all ins": a count, no amount
    low = re.sub(r"\b([2-9]) (?=all[ -]?ins\b)", lambda m: f"{COUNTS[m.group(1)]} ", low)
    # "stacks 400 / 1000 / 2500", "400/1000/2500 all in": stacks listed, no blinds
    low = STACKS_SLASHED.sub(lambda m: m.group(0).replace("/", ", "), low)
    # "C covers & calls": he calls, having more
    low = re.sub(r"\bcovers?(?: (?:both|them|everyone|all|us))? (?:&|and|n) (call|calls|called)\b",
                 r"\1", low)
    t = read(low)
    if t is None:
        return None
    shape = HAS_LIST.sub(lambda m: re.sub(r" (?:has|had|have|with) #", " #", m.group(0)), t.shape)
    shape = GOT_IT_IN.sub(r" allin for \1 ", shape)
    # "i had 300, two 1000 stacks both got it in with me": each all-in for his stack
    shape = WITH_ME.sub(r" i allin for \1 \2 allin for \3 ", shape)
    return Text(shape, t.values)


def _side_pot_named(m: re.Match[str]) -> str:
    """"side pot 2", "side pot one": which side pot, counted."""
    index = int(m.group(1)) if m.group(1) else {"one": 1, "two": 2, "three": 3}[m.group(2)]
    return f"{('first', 'second', 'third')[index - 1]} side pot"


def pot_story(query: str, profile: Profile) -> Worked | None:
    """"Short stack shoves 2k, two bigger stacks call, on the flop one bets 5k and the other
    calls": who put in what, street by street, then the pots the engine builds of it (main and
    side pots, and the part of a bet nobody matched, which goes back). A story read with any
    doubt (a player who did not match the bet and is not all-in, a deed without its size, more
    or fewer players than the story says) gives no number."""
    if len(query) > MAX_CHARS and query[MAX_CHARS - 1: MAX_CHARS + 1].isalnum():
        return None  # the question cut in the middle of a word: what it asks is not read
    t = _story_text(query)
    if t is None or re.search(r"\bantes?\b|\bbba\b", t.shape):
        return None  # antes are chips in the pot the story does not count
    shape = t.shape
    blinds = None if BLINDS_LEFT_OUT.search(shape) else blinds_of(t)
    if blinds is None and not BLINDS_LEFT_OUT.search(shape) and re.search(
            r"\b(sb|bb|small blind|big blind|blinds)\b|slash", shape):
        return None  # blinds whose size is not read
    question = re.search(r"\b(how|what|whats|wats|which)\b", shape)
    amounts = [m for m in re.finditer(r"#\d+", shape)
               if question is None or m.start() < question.start() or not any(
                   b.start() <= m.start() < b.end() for b in BY_STACK.finditer(shape))]
    last_amount = max((m.end() for m in amounts), default=0)
    asked = [m.start() for m in ASKED_FROM.finditer(shape) if m.start() >= last_amount]
    story = shape[:asked[0]] if asked else shape
    if STORY_DEED.search(shape[len(story):]) or CALLED_BY.search(shape[len(story):]):
        return None  # a deed in the question ("... main pot if C calls"): not read for sure
    going_on = KEEP_BETTING.search(story)
    if going_on is not None:
        story = story[:going_on.start()] + " " * (going_on.end() - going_on.start()) + story[
            going_on.end():]
    if UNREAD_DEED.search(story):
        return None  # "utg opens", "bb posts": chips the story's words do not read
    before = POT_BEFORE.match(story)
    dead = t.value(before.group(1) or before.group(2)) if before else 0
    if before:
        story = " " * before.end() + story[before.end():]
    # a word taken for a player's name: one written with a capital ("Joe"), or one of the
    # table's ("utg", "p2", "b"); any other ("his 2k shove got called") is not read as a player
    capitals = {w.casefold() for w in re.findall(r"\b[A-Z][a-z]+\b", query[:MAX_CHARS])}
    attached = frozenset(re.findall(r"\d(?:\s?k)? on the (flop|turn|river)\b",
                                    query[:MAX_CHARS].casefold()))
    played = _played(story, t, capitals, blinds, attached)
    if played is None:
        return None
    players, later = played
    if not 2 <= len(players) <= TABLE_SIZE:
        return None
    for told in TOLD_COUNT.finditer(shape):
        if told.group(2) not in ("way", "ways", "handed") and re.match(
                r" (?:each |both |all )?(?:call|fold|check|bet|put|shov|jam|push|allin)",
                shape[told.end():]) or (
                shape[:told.start()].endswith("by ")):
            continue  # "two players call", "called by two players": some of the players
        if WORD_WAYS[told.group(1)] != len(players):
            return None
    named = players_told(query)
    if named is not None and named > len(players):
        return None
    if not any(p.all_in for p in players):
        return None
    spot = PotSpot({i + 1: p.total for i, p in enumerate(players)},
                   [i + 1 for i, p in enumerate(players) if p.live],
                   {i + 1: p.name for i, p in enumerate(players)}, dead,
                   earlier=later and before is None, more_after=going_on is not None,
                   all_in=[i + 1 for i, p in enumerate(players) if p.all_in])
    return pots_asked(shape, spot, t, profile)


def _played(story: str, t: Text, capitals: set[str], blinds: tuple[int, int] | None,
            attached: frozenset[str] = frozenset()) -> tuple[list[_Player], bool] | None:
    """The players of a story with what each put in, and whether the story begins on a street
    after the first (the pot before it not told in the story), or None when it is not read
    for sure. With the blinds said, both blinds are players whose deeds the story tells;
    `attached` the streets told right after an amount, with no stop between ("all in for 300
    on the turn"): the street of that deed, not a new round."""
    players: list[_Player] = []
    street = 0  # 0: the first betting round told, where the players come in
    level = 0
    later = False
    read_spans: list[tuple[int, int]] = []
    cursor = 0
    if blinds is not None:
        said = re.search(r"#\d+ slash #\d+|\bblinds (?:of |are |at )?#\d+ (?:and )?#\d+", story)
        if said is None or STREET_WORD.search(story):
            return None  # the blinds said some other way, or a street after them
        read_spans.append(said.span())
        cursor = said.end()
        for name, posted in zip(("sb", "bb"), blinds, strict=True):
            p = _Player(name)
            p.street = posted
            players.append(p)
        level = blinds[1]
    covers = COVERS.search(story)
    if covers is not None:
        story = story[:covers.start()] + " " * (covers.end() - covers.start()) + story[
            covers.end():]
    listed = ALL_IN_LIST.search(story)
    events: list[tuple[int, str, re.Match[str]]] = []  # by where the story tells them
    down = CHECKED_DOWN.search(story)
    if down is not None:
        if re.search(r"#\d+", story[down.end():]):
            return None  # chips told after the hand was checked down
        story = story[:down.start()]
    for m in STORY_DEED.finditer(story):
        if listed and listed.start() <= m.end() and m.start() < listed.end():
            continue
        events.append((m.start(), "deed", m))
    for m in CALLED_BY.finditer(story):
        events = [e for e in events if not m.start() <= e[0] < m.end()]
        events.append((m.start(), "called-by", m))
    for m in STREET_WORD.finditer(story):
        events.append((m.start(), "street", m))
    if listed:
        events.append((listed.start(), "list", listed))
    events.sort(key=lambda e: e[0])
    pending: tuple[str, re.Match[str]] | None = None
    grouped = False  # players came in several at once: "one" after them may be one of them
    for _, what, m in events:
        if what == "street" and (not players or len(players) == 1 and m.group(1) in attached and (
                re.fullmatch(r" (?:on )?(?:the )?", story[cursor:m.start()])) and not re.search(
                r"\b(?:pre|preflop)\b", story[:m.start()])):
            # "on the turn shorty is all in", "shorty all in on the turn": the round told is
            # on a later street
            later = True
            cursor = m.end()
            continue
        if what == "street":
            if not _round_over(players, level):
                return None
            for p in players:
                p.total += p.street
                p.street = 0
                p.acted = False
            street, level = street + 1, 0
            cursor = m.end()
            continue
        if what == "list":
            if street or players:
                return None
            told = m.group(1) or m.group(2) or m.group(3) or m.group(4)
            for name, other, token in re.findall(r"(?:([a-z]+) (?:and ([a-z]+) )?)?#(\d+)", told):
                for one in (name, other) if other else (name,):
                    p = _Player("" if one in ("and", "") else SAME.get(one, one))
                    p.street, p.all_in = t.value(token), True
                    level = max(level, p.street)
                    players.append(p)
            read_spans.append(m.span())
            cursor = m.end()
            continue
        if what == "called-by":
            # "all in for 3k called by two players": each of them calls the bet
            word = m.group(3) or m.group(5) or "one"  # "called by a 1500 all-in": one player
            count = 1 if word in ("one", "a", "an") else WORD_WAYS[word]
            if street or level == 0:
                return None
            token = m.group(1) or m.group(2) or m.group(4) or m.group(6)
            stack = t.value(token) if token is not None else level  # "with 3k": all he has
            for _ in range(count):
                p = _Player("")
                p.street, p.acted = min(level, stack), True
                p.all_in = token is not None and stack <= level
                players.append(p)
            read_spans.append(m.span())
            cursor = m.end()
            continue
        act, extra, before, after = m.group(2), m.group(3) or "", m.group(1), m.group(4)
        subject = story[cursor:m.start()]
        cursor = m.end()
        if act == "allin" and after is None and before is None:
            pending = (subject, m)  # "allin calling for 1,150": the call says the amount
            continue
        all_in = act == "allin" or act.startswith(("shov", "jam", "push")) or "allin" in extra or (
            m.group(5) is not None)  # "calls 300 all in"
        if pending is not None:
            if subject.strip() not in ("", "and"):
                return None  # an all-in without its size, then another player's deed
            subject, all_in = pending[0], True
            pending = None
        token = after if after is not None else before
        amount = t.value(token) if token is not None else None
        if act.startswith("fold") and token is None and blinds is None and ALL_THE_REST.fullmatch(
                subject):
            continue  # "everyone else folds": players who put nothing in
        if act.startswith("raise") and level == 0:
            return None  # "i raise to 600" with no bet told: chips before it are not told
        if after is not None and re.match(r" (?:more|extra|on top)\b", story[m.end():]):
            return None  # "calls 1000 more": chips added, not his total
        if act.startswith("call") and after is not None and "with" in extra.split():
            # "B calls with 3000": all he has, not what he puts in; "with 3000 behind": what he
            # has left after the call or all he had, not said
            if level == 0 or re.match(r" (?:behind|left|back)\b", story[m.end():]):
                return None
            all_in = all_in or amount is not None and amount <= level
            amount = min(level, amount) if amount is not None else None
        read_spans.append(m.span())
        has = HAS_AND.fullmatch(subject)
        if has is not None:
            # "C has 10k and calls": all he has, or the bet he calls where he has more; "has
            # 4000 and calls 4000": what he calls, within his stack
            stack = t.value(has.group(2))
            if not act.startswith("call") or amount is not None and amount > stack:
                return None
            called = min(level, stack) if amount is None else amount
            subject, all_in = has.group(1), called >= stack
            amount = called
            start = m.start() - len(has.group(0))
            read_spans.append((start + has.start(2) - 1, start + has.end(2)))
        if street == 0 and players and subject.strip() in ("", "and") and blinds is None:
            return None  # "B all in and C all in call": whose deed it is is not said
        if street == 0 and grouped and re.search(r"\b(one|other|another)\b", subject):
            return None  # "two players call, one is all in for 1k": one of those two
        who = _who(subject, players, street, capitals)
        if who is None:
            return None
        grouped = grouped or len(who) > 1
        for p in who:
            level = _deed(p, act, all_in, amount, level)
            if level < 0:
                return None
        if street == 0:
            players += [p for p in who if p not in players]
    if pending is not None or not _round_over(players, level):
        return None
    if blinds is not None and not all(p.acted for p in players[:2]):
        return None  # what a blind did is not told
    for p in players:
        p.total += p.street
    for told in STACK_BESIDE.finditer(story):
        # "(B has 10k)": a stack told beside the story, more than he put in, or all of it
        who = [p for p in players if p.name == SAME.get(told.group(1), told.group(1))]
        if len(who) != 1 or t.value(told.group(2)) < who[0].total or (
                t.value(told.group(2)) > who[0].total and who[0].all_in):
            return None
        read_spans.append(told.span())
    if not all_read(story, read_spans):
        return None
    if covers is not None:
        stack = t.value(covers.group(1))
        if [p.total for p in players].count(stack) != 1 or stack != max(
                p.total for p in players):
            return None  # "the 2500 guy covers": he must be the one with the most in
    return players, later


def _who(subject: str, players: list[_Player], street: int,
         capitals: set[str]) -> list[_Player] | None:
    """The players a deed's subject names: new ones in the first round told, those still
    betting after it."""
    if re.search(r"\bof (them|those|the callers|the others)\b|\b(same|that) (guy|player|one)\b",
                 subject):
        return None  # "one of them is all in": a player told before, which one is not said
    raw = [w for w in subject.split() if w not in ("is", "then", "also", "just", "both", "each",
                                                   "goes", "went", "player", "players")]
    if len(raw) >= 3 and raw[-1] in ("and", "n") and "#" not in subject:
        # "C covers and calls", "Max has more and calls": the player named first, then what he
        # has, then the deed
        raw = raw[:1]
        subject = raw[0]
    if raw and re.fullmatch(r"[a-h]", raw[-1]):
        # "a is all in", "b and c call": players named by a letter
        words = [w for w in raw[-3:] if re.fullmatch(r"[a-h]|and|n", w)]
        if words[0] in ("and", "n"):
            words = words[1:]
    else:
        words = [w for w in subject.split() if w not in FILLER or w in ("and", "n")]
        if len(words) >= 4 and words[-1] in ("both", "all") and words[-3] in ("and", "n"):
            words = words[:-1]  # "cy and di both call": the two named
    text = " ".join(words)
    betting = [p for p in players if p.live and not p.all_in]
    if EVERYONE.search(text) and not COUNT_WORD.search(text):
        return betting if street and betting else None
    two = TWO_NAMED.search(text)
    # the word nearest the deed that says who: "two bigger stacks", "one guy", "joe"
    head = next((w for w in reversed(words) if w not in NOUNS and w not in ("and", "n")), "")
    if two and head == two.group(2) and not COUNT_WORD.fullmatch(head):
        names: list[str] = [SAME.get(two.group(1), two.group(1)), SAME.get(head, head)]
    elif COUNT_WORD.fullmatch(head):
        names = [""] * (2 if head == "both" else WORD_WAYS[head])
    else:
        names = [SAME.get(head, head)]
    if any(name and name not in ANONYMOUS and not _a_name(name, capitals) for name in names):
        return None  # a word that names no one for sure
    out: list[_Player] = []
    for name in names:
        anonymous = name in ANONYMOUS or len(words) > 3
        known = None if anonymous else next((p for p in players if p.name == name), None)
        if known is not None:
            out.append(known)
        elif street == 0 and (anonymous or known is None):
            out.append(_Player("" if anonymous else name))
        else:
            # after the first round: one of those still betting who has not acted yet
            free = [p for p in betting if not p.acted and p not in out]
            if not free or not anonymous:
                return None
            out.append(free[0])
    return out


def _a_name(word: str, capitals: set[str]) -> bool:
    """Whether a word before a deed names a player: a table's name ("utg", "p2", "b"), a word
    written with a capital, or a lower-case word that is no common word of a sentence ("joe
    calls", not "got called")."""
    if TABLE_NAME.fullmatch(word) or word in capitals:
        return True
    return len(word) > 2 and word not in NOT_NAMES and not re.search(r"(ed|ing|ly|s)$", word)


def _deed(p: _Player, act: str, all_in: bool, amount: int | None, level: int) -> int:
    """A player's deed played into the round: the bet to match after it, or -1 when the deed
    cannot be so (a check facing a bet, a bet below the one faced, a call of nothing)."""
    p.acted = True
    if not p.live or p.all_in:
        return -1
    if act.startswith("fold"):
        p.live = False
        return level
    if act.startswith("check"):
        return level if level == p.street else -1
    if act.startswith(("call", "put", "limp", "complet", "flat")):
        if amount is None:
            if level == 0 or all_in:
                return -1
            p.street = level
            return level
        if p.street and amount < level:
            return -1  # "A calls 1000" with chips in already: what he adds or all he puts in
        p.street = amount
        p.all_in = all_in or amount < level
        return max(level, amount)
    if amount is None or amount < level and not all_in:
        return -1
    p.street, p.all_in = amount, all_in
    return max(level, amount)


def _round_over(players: list[_Player], level: int) -> bool:
    """Every player still betting has matched the bet (one bet nobody matched in full goes
    back: the engine's pots say so)."""
    return not any(p.live and not p.all_in and p.street < level for p in players)


# A player named in a story of chips: "A", "Bob" before what he did ("Bob all in 700", "B and
# C each call"); pronouns and table words are no names.
_DEED = (r"(?:each\s+|both\s+|also\s+|is\s+|goes\s+|went\s+|moves\s+|then\s+)?"
         r"(?:all|shove|jam|push|call|bet|rais|limp|cover|fold|check|open)")
_NAME = r"(?:\b[A-H]\b(?!')|\b[A-Z][a-z]+\b)"
# a letter names a player whatever follows ("C has more and calls", "A 500 all in"), but "A
# guy" is no one
_NAMED = re.compile(rf"(\b[B-H]\b(?!')|\bA\b(?!'|\s+(?!{_DEED})[a-z])|"
                    rf"({_NAME})(?=\s+(?:and|&)\s+{_NAME}\s+{_DEED}|"
                    rf"\s+(?:\$?\d[\d,.]*k?\s+)?{_DEED}))")
_NOT_NAMES = {"He", "She", "They", "Then", "Someone", "Everyone", "Villain", "Hero", "Guy", "Dude",
              "Player", "Button", "Utg", "The", "And", "One", "Other", "Next", "First", "Last",
              "Both", "Flop", "Turn", "River", "Preflop", "Who", "What", "Can", "Does", "Short",
              "Big", "Small", "Three", "Two", "Four", "Everybody", "Nobody", "Only", "If", "So",
              "Ok", "At", "In", "On", "My", "Is", "It", "Do", "To", "Me", "We", "Us", "No", "Sb",
              "Bb",
              "Mp", "Co", "Hj", "Btn", "When", "Where", "After", "Now", "Just", "Also"}


def players_told(query: str) -> int | None:
    """How many players a story names who put chips in (a name that only folds or checks puts
    none), or None when it names fewer than two: a side pot read for more or fewer players
    than the story names is not read for sure."""
    names: dict[str, bool] = {}
    for m in _NAMED.finditer(query):
        name = m.group(1)
        if name in _NOT_NAMES:
            continue
        after = query[m.end():m.end() + 12].lstrip().casefold()
        chips = not after.startswith(("fold", "check"))
        names[name] = names.get(name, False) or chips
    if len(names) < 2:
        return None
    return sum(names.values())
