"""The words players use, as the search reads them (bot/rulebook/search.py): filler, words
for the same thing, words run together or split, chat spellings. Tables only; the search
stems and matches with them."""

from __future__ import annotations

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
lmao lmfao rofl smh ngl bruh ffs jk rn imho fyi tbf istg bot bots
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
    "payout": "prize", "paid": "prize", "money": "prize", "collud": "collusion",
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
    "signup": "regist", "rerais": "rais", "thinking": "tank",
    "deciding": "tank",
    # table talk for the same deeds
    "limp": "call", "limped": "call", "limper": "call", "limping": "call", "flat": "call",
    "flatted": "call", "ship": "allin", "shipp": "allin", "jamm": "allin", "shoved": "allin",
    "xbet": "rais", "threebet": "rais", "repop": "rais", "rail": "railbird",
    "86d": "disqualif", "86ed": "disqualif",
    "barred": "disqualif", "pic": "screenshot", "photo": "screenshot", "picture": "screenshot",
    "film": "screenshot", "video": "screenshot", "pics": "screenshot", "photos": "screenshot",
    "piss": "away", "pee": "away", "peeing": "away", "pissing": "away",
    "hollywood": "tank", "hollywoodd": "tank", "rathol": "pocket", "ratholing": "pocket",
    "felt": "eliminat",
    "tabl": "tabl",
    # a lead into the raiser: a bet
    "donk": "bet", "donked": "bet", "strat": "strategy", "strats": "strategy",
    "dqd": "disqualif",
    # a cap on the cards protects them
    "cap": "protect", "capp": "protect",
}

# Words whose meaning as typed differs from their stem's ("tabled" is shown, "table" is the
# table; "greens" are chips, "green" a colour).
AS_TYPED = {"tabled": "show", "greens": "chip", "blacks": "chip", "reds": "chip",
            "purples": "chip", "yellows": "chip", "pinks": "chip", "oranges": "chip",
            "whites": "chip", "blues": "chip"}

# Spelling families the stemmer does not join, and word pairs that are one word.
JOINED = {("re", "buy"): "rebuy", ("re", "entry"): "reentry", ("add", "on"): "addon",
          ("buy", "back"): "buyback", ("mis", "deal"): "misdeal", ("side", "pot"): "sidepot",
          ("all", "in"): "allin", ("all", "ins"): "allin", ("heads", "up"): "headsup",
          ("sit", "out"): "sitout", ("sign", "up"): "signup",
          ("cell", "phone"): "cellphone", ("check", "raise"): "checkrais",
          ("card", "cap"): "cardcap", ("card", "caps"): "cardcap", ("re", "raise"): "reraise",
          ("color", "up"): "colorup", ("re", "pop"): "repop",
          ("colour", "up"): "colorup", ("chip", "race"): "chiprace",
          ("screen", "shot"): "screenshot", ("slow", "roll"): "slowroll",
          ("slow", "rolling"): "slowroll", ("slow", "rolled"): "slowroll",
          ("slow", "rolls"): "slowroll", ("slow", "roller"): "slowroll",
          ("show", "down"): "showdown", ("showing", "down"): "showdown",
          # "kick in" is to start, not to be kicked out
          ("kick", "in"): "start", ("kicks", "in"): "start",
          # idioms whose words name rules in another sense: no rule's words
          ("break", "even"): "breakeven", ("breaking", "even"): "breakeven",
          ("doubled", "up"): "doubleup", ("double", "up"): "doubleup",
          ("doubling", "up"): "doubleup",
          ("big", "deal"): "bigdeal",
          # going broke is being knocked out; a table "broke" is a table broken
          ("went", "broke"): "busted", ("go", "broke"): "busted", ("goes", "broke"): "busted",
          ("gone", "broke"): "busted", ("going", "broke"): "busted"}

# Chat spellings of common words, read as the word ("how lng do i hav to act").
CHAT = {"wat": "what", "wot": "what", "wut": "what", "wen": "when", "hav": "have", "r": "are",
        "u": "you", "ur": "your", "cn": "can", "ppl": "people", "meen": "mean", "evry": "every",
        "evryone": "everyone", "evrybody": "everybody", "b4": "before", "coz": "because",
        "cuz": "because", "bc": "because", "abt": "about", "tho": "though", "lng": "long",
        "shud": "should", "wud": "would", "cud": "could", "dat": "that", "da": "the",
        "teh": "the", "th": "the", "wil": "will", "dont": "dont", "pls": "please",
        "outta": "out of", "lvl": "level", "lvls": "levels", "4ever": "forever",
        "sum1": "someone", "some1": "someone", "any1": "anyone", "wuz": "was", "hw": "how",
        "rong": "wrong", "aftr": "after"}
