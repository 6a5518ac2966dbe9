"""What players say that the words alone do not settle: phrases that mean one rule, and topics
none of the league's rulebooks covers.

Each phrase is a regular expression over a query's words, as typed and as normalised by
bot/rulebook/search.py (folded, numbers as `#`, "all in" as `allin`, stems and synonyms); the
rule a phrase means wins over the single words in it ("call your bet and raise you" names call
and raise, but it is a string bet). Order matters: where two phrases overlap in a query, the
one listed first gives its meaning (a deal's "chop the prize money" over the prize of the
payouts); phrases on separate words of one query are two topics, and the lookup is unsure.

A topic none of the rulebooks covers (a game variant, rake, cash-game practice, strategy,
etiquette they do not name) is answered honestly with no rule, and with the rules close to it
(if any).
"""

from __future__ import annotations

# A question of manners ("is it rude to ..."): a rule may touch it, but the rulebooks do not
# judge manners, so the lookup offers the rule without being sure of it.
MANNERS = (r"\b(rude|impolite|bad form|poor form|bad manners|good manners|bad etiquette|"
           r"poor etiquette|good etiquette|disrespect\w*|classless|classy|dick move|jerk move|"
           r"scummy|frowned upon|bad taste|unsportsmanlike|sportsmanlike|bm|bming)\b")

# (pattern over the query's words joined by spaces, rule id). A pattern is the meaning of a
# phrase; it wins over the single words in it ("call your bet and raise you" names call and
# raise, but it is a string bet).
INTENTS: tuple[tuple[str, str], ...] = (
    # a deal at the final table (the league's procedure, no rulebook's); said before
    # the rules whose words it shares (final table, split pot, prize)
    (r"\bagree\w* (to |on )?(a )?save\b|\bsave (for|on) (the )?(\w+ )?(place|bubble|fourth|fifth|"
     r"third|sixth|min cash)\b|\bdeal making\b|\bmak\w* (a )?deal\b|\bicm\b|\bchip chop\b|"
     r"\bchop\b.*\bprize|"
     r"\b(chop|deal)\b.*\bprize\b|\bprize\b.*\b(chop|deal)\b|\bsave\b.*\bprize\b|"
     r"\bchop\w*\b.*\b(final|last|two|three|prize|money|it up)\b|\bfinal table deal\b|"
     r"\bdeal at the final table\b|\bchop the (money|prize)|\b(td|director) deal\b|"
     r"\bhow (does|do) (a|the) deal\b|\bagree\w* (to |on )?(a |the )?(deal|chop|split)\b|"
     r"\bdeals (at|on|in|for|work)\b|\bhow do deals\b", "deal"),
    # a turn passed over: acting out of turn, not a misdeal
    (r"\b(my|his|her|their) turn (got |was |is |gets )?skipped\b|\bskipped (over )?(my|his|her|"
     r"their) turn\b", "out-of-turn"),
    # going all in whenever one likes
    (r"\b(allin|jam|shove|push)\b.{0,20}\b(any ?time|whenever|at any point|at any moment)\b",
     "all-in"),
    # playing another account or someone else's hand
    (r"\b(two|2|multiple|several|second|another|alt|extra|fake|both) accounts?\b|\balt accounts?\b",
     "cheating"),
    (r"\b(someone|somebody|anyone|friend|buddy|mate|wife|husband|girlfriend|boyfriend|brother|"
     r"sister)( else)? (to )?(play|plays|playing|finish|take over)\b (\w+ )?(my|his|her|their) "
     r"(hand|cards|chips|stack|seat)\b", "one-player-to-a-hand"),
    # chips dribbled in, a few at a time
    (r"\bdribbl\w*|\b(one|a few|two) (chips? )?at a time\b", "string-bet"),
    # a hand swept because it was not capped or protected
    (r"\b(swept|pushed|scooped|thrown|tossed|raked) (in|into) the muck\b|\b(didnt|did not|forgot "
     r"to|never|not) (cap|capp\w*|protect\w*)\b", "unprotected-hands"),
    # the director ruled against a player
    (r"\bruled against\b|\b(ruling|decision) (went )?against (me|him|her|us)\b", "appeals"),
    # a player, or the dealer, paid too much or too little
    (r"^(?!.*\bcards?\b).*\b(paid|pushed|gave|shipped|awarded|overpaid|underpaid)\b.{0,20}"
     r"\b(too much|too many|too few|too little|extra chips|short)\b", "stack-adjustment"),
    # late back from a break: in one's seat when the cards are dealt
    (r"\blate (getting |coming )?back\b|\bback late\b", "table-presence"),
    # three left and one busts: heads-up
    (r"\b(three|3) (handed|left|players?( left)?)\b.*\b(busts?|busted|bust out|knocked|eliminated|"
     r"goes out|is out)\b", "heads-up-blinds"),
    # taking a break of a few hands
    (r"^(?!.*\b(penalt\w*|punish\w*|made|make|makes|forced|director|td|floor)\b).*(\b(can|may|"
     r"could|want to|wanna|gonna|going to|let me|need to) (i |we )?sitout\b|\bsitout\b.*\b(blinds?|"
     r"posted|keep (my|his|her) seat)\b|\bneed a break\b)", "away"),
    # a card flashed by a player to one other (the dealer's flashed card is the deal's)
    (r"^(?!.*\bdealer\b).*\b(flash\w*|show\w*)\b (one|a|1|his|her) (card |hole card )?to (me|him|"
     r"her|us|them|a|his|her|the)\b", "show-one-show-all"),
    # one card shown and the other asked for (before who shows first)
    (r"^(?!.*\b(muck\w*|threw|throw\w*|toss\w*)\b).*\b(see|ask\w*|wants?|show)\b.*"
     r"\bthe other\b(?! (player|players|guy|table|hand|hands|way|"
     r"day|night|side))", "show-one-show-all"),
    # who shows first at the showdown
    (r"\bwho\b.*\b(tables?|flips?)\b.*\bfirst\b|\b(table|flip) first\b", "showdown-order"),
    # the deal meant, then another amount said
    (r"\b(he|she|i|they|guy|villain) (said |says |claims |claimed )?(he |she |i |they )?meant "
     r"(to (bet|say|raise|call|put)\b|#)", "verbal-declaration"),
    # the smallest chips taken out of play ("removing the 25s"), before the next level's words
    (r"\b(remov\w*|rac\w*|get(ting)? rid of|tak\w* (off|out)|retir\w*|drop\w*|los\w*) (the |our |"
     r"all )?(\d+s|#s)\b|\b(two|three|one|#) \d+s (left|over)\b.*\b(smallest|level|race)\b",
     "chip-race"),
    # a bet or lead below the big blind
    (r"\b(bet|bets|lead|leads|open|opens|donk\w*)\b.{0,20}\b(less than|under|smaller than|below) "
     r"(the |a )?(bb|big blind)\b", "minimum-bet"),
    # a bet or raise put in below the call (before taking it back)
    (r"\b(put|puts|putting|threw|tossed|pushed) (in |out )?less than (the |a )?(call|bet)\b",
     "below-call"),
    # talking ranges, tendencies and solvers at the table: strategy (before talk of hands)
    (r"\b(talk\w*|discuss\w*|chat\w*)\b.{0,20}\b(ranges?|gto|strat\w*|solvers?|tendenc\w*|how "
     r"(he|she|they) plays?)\b|\bstrat\w* talk\b", "strategy-talk"),
    # a folded player saying what he had, or anyone out of the hand calling out the board
    (r"\bfold\w*\b.*\b(say\w*|said|tell\w*|told|announc\w*|yell\w*)\b.*\b(had|held|"
     r"was holding|threw away)\b|"
     r"\bnot in the hand\b.*\b(call\w* out|comment\w*|say\w*|said|talk\w*|yell\w*)\b|"
     r"\b(flush|straight|full house|boat|set|quads) (is |was )?possible\b",
     "discussing-hands"),
    # a dealer who turned a hand up and then killed it
    (r"\bdealer (tabled|turned|flipped|showed)\b.*\b(scoop|swept|sweep|muck|kill)\w*",
     "winning-hand-shown"),
    # chips a player slipped into his pocket (his own: stealing from the pot is cheating)
    (r"^(?!.*\b(pot|stole|steal\w*)\b).*\bpocket(ed|ing|s)?\b.{0,20}\bchips\b",
     "chip-visibility"),
    # the level changing in the middle of a hand
    (r"\b(level|blinds?|timer|clock)\b (\w+ ){0,2}(chang\w*|went (up|off)|go(es)? up|increas\w*|"
     r"ran out|expir\w*|ended|up)\b.*\b(mid|middle of|during)( the| a)? hand\b|\bnew "
     r"(blinds|level)\b.*\b(now|next hand|this hand|same hand)\b", "blind-levels"),
    # a tie for the button on the high card: the suits
    (r"\bhigh card for (the )?button\b|\bbutton\b.*\bsuits?\b|\bsuits?\b.*\bbutton\b",
     "button-draw"),
    # a stacked deck online: the deck proof
    (r"\bstack(ed|ing|s)? the deck\b|\bdeck (was |is )?stacked\b", "deck-commitment"),
    # both holding the same hand
    (r"\b((we|they) both|both of us) (have|had|flopped|hit|made|got|rivered|turned) (the |a |an )?"
     r"(same|nut|nuts|straight|flush|full|set|trips|two pair|pair|quads|wheel|broadway|"
     r"[akqjt2-9]{1,2}s?|\w+ high)\b", "split-pot"),
    # one card shown, then mucked
    (r"\bshow\w* (only )?(one|1|a) card\b.*\bmuck", "show-two-cards"),
    # a blind or bet given back when nobody calls
    (r"\b(get|gets|got|return\w*) (my|his|her|the) blinds? back\b|\b(bet|raise) back\b.*"
     r"\b(everyone|everybody|nobody|no one|noone)\b", "uncalled-bet"),
    # chips out of sight behind things on the table
    (r"\bview of (his|her|their|the) (chips|stack)\b", "chip-visibility"),
    # a lead into the raiser is a bet like any other
    (r"\bdonk ?(bet|bets|betting|betted|lead|leads|leading)\b", "betting-actions"),
    # a count of the pot or a stack asked of the dealer
    (r"\b(ask\w*|request\w*)\b.{0,20}\bcount (the |his |her |their )?(pot|chips|stack)\b",
     "chip-visibility"),
    # dealing the cards, not a deal of the prizes
    (r"\b(can|may|should|do|does|must|will|have to|has to|gets? to) (i|you|he|she|we|they|a player|"
     r"the button|someone|players) (deal|shuffle|shuffle and deal)\b(?! (\w+ )?in\b)"
     r"(?! (it|the \w+) (twic\w*|two times|again)\b)",
     "shuffle-and-deal"),
    # a player who mucked his own winner: a mucked hand (not one the dealer killed)
    (r"^(?!.*\bdealer\b).*\b(i|he|she|they|player|guy|villain) (\w+ )?muck(ed|s)? (my|his|her|"
     r"their|the) (winning hand|winner|nuts|best hand|winning cards)\b", "muck"),
    # an all-in pushed without a word
    (r"\b(push|pushed|pushes|shov\w*|jamm?\w*|moved in)\b without (saying|announcing|declaring|"
     r"a word)\b", "all-in"),
    # all in said, and fewer chips pushed
    (r"\b(said|says|saying|announc\w*|declar\w*) (im |i am |hes |he is |shes |she is )?allin\b.*"
     r"\b(but|then)\b.*\b(only|pushed|put|threw|moved|tossed)\b", "verbal-declaration"),
    # what the venue's people say goes at the venue
    (r"\b(bar|venue|pub|restaurant|casino|club) (manager|owner|staff|management|rules?|policy)\b|"
     r"\b(manager|owner) (of the )?(bar|venue|pub|restaurant)\b", "house-rules"),
    # somewhere else when the cards were dealt: being at the table
    (r"\b(was|were|am|is|im|hes|shes) (in|at|out|outside|on) (the |a |my |his |her )?(\w+ ){0,2}"
     r"(area|bar|bathroom|restroom|toilet|patio|lobby|car|kitchen|outside|phone|break)\b.*"
     r"\b(when|while|as)\b.*\b(dealt|deal|dealing)\b", "table-presence"),
    # two tables of unequal sizes
    (r"\btable (has|had|is at|is down to|with) (\w+ )(players? )?(and|but|while|,)? ?(the )?"
     r"(other|another|next)( one| table)? (has|had|is at|with|only)\b", "table-balancing"),
    # asking leave to chop, with no pot or board said: chopping the prizes, a deal
    (r"^(?!.*\b(pot|pots|board|same|tie|tied|ties|hand|hands|blinds?|chip|chips|odd)\b)(.*\b(can|"
     r"could|may|allowed|want|wanna|agree\w*|offer\w*|propos\w*|ask\w*|lets)\b.*\bchop\w*\b|"
     r".*\bchop\w*\b.*\b(allowed|legal|ok|okay)\b)", "deal"),
    # cards held below the table's edge (before the rail's onlookers)
    (r"\bcards?\b.*\b(under|below|beneath|off) (the )?(rail|felt|edge)\b", "card-visibility"),
    # a player out of the hand telling one in it what to do: talk about a hand in play; anyone
    # else telling a player what to do (the rail, a friend): one player to a hand
    (r"\b(folded|folder|out of the hand|not in the hand|mucked|already out)\b.*\b(told|tell\w*|"
     r"said|saying|yell\w*|urg\w*|shout\w*)\b (\w+ ){0,3}to (call|fold|shove|jam|push|raise|"
     r"check|bet|allin|snap)\b", "discussing-hands"),
    (r"^(?!.*\b(dealer|director|td|floor)\b).*\b(told|tell\w*|yell\w*|urg\w*|shout\w*)\b "
     r"(\w+ ){0,3}to (call|fold|shove|jam|push|raise|check|bet|allin)\b", "one-player-to-a-hand"),
    # folding with the cards face up: how a hand is mucked
    (r"\b(fold|folds|folded|folding|muck\w*) (his |her |my |your |the |their )?(hand |cards )?"
     r"(face ?up|faceup|open)\b", "muck"),
    # one player to a hand: said before "his friend ... cards" (show one, show all)
    (r"\b(ask\w*|poll\w*) (the table|everyone|the others|the rail|his friends?|her friends?)\b.*"
     r"\b(what|how|should)\b|\bwhat (he|she|i) should do\b|"
     r"\b(advice|advise|advising|coach\w*|help(ing|ed)? (me|him|her) (play|decide)|tell\w* "
     r"(me|him|her) (what|how) to)\b|\brailbird|\bsweat(ing|er)?\b", "one-player-to-a-hand"),
    # looking at another player's cards: a penalty in TREPS's list, before the friend's cards
    (r"\b(look\w*|peek\w*|peep\w*|glanc\w*|try\w* to see)\b.{0,12}\b(at |into )?(his |her |their |"
     r"the |an?other |other )?(neighbou?rs?|another players?|other players?|someone\w*|next "
     r"players?)\b.{0,12}\bcards\b", "penalty"),
    # another player looking at mine
    (r"\b(guy|he|she|someone|somebody|player|villain|dude|neighbou?r)\b.{0,20}\b(look\w*|peek\w*|"
     r"peep\w*|glanc\w*|try\w* to see)\b (at |into )?my (hole )?(cards|hand)\b", "penalty"),
    # a hand shown with one card, or turned over by someone else: show two cards to win
    (r"\b(show|flip|turn|tabl)\w* (over |up )?(only )?(one|1|a single) card\b.*\b(win|wins|"
     r"pot|good|count|enough)\b|"
     r"\b(someone|somebody|anyone|another player|other player|he|she)( else)? "
     r"(flip|turn)\w* (over )?(my|his|her|their|another\w*|someone\w*) cards\b",
     "show-two-cards"),
    # cards turned up once the all-in is called, not at the river
    (r"^(?=.*\b(allin|shov\w*|jamm?\w*)\b).*\b(turn|flip)\w* (em|them|the cards|our cards|hands|"
     r"cards) (up|over)\b|^(?=.*\b(allin|shov\w*|jamm?\w*)\b).*\b(flip|turn\w* (up|over)|"
     r"show\w*)\b.{0,12}\b(now|right away|immediately|early)\b", "face-up"),
    # a hand turned up, then taken by the dealer: a shown winner stands (before the hand that
    # was not protected)
    (r"\b(tabled|turned (up|over)|flipped (up|over)|showed|face up)\b.*\bdealer\b.*\b(scoop|swept|"
     r"sweep|muck|kill|grabb?|took|ship|push)\w*|\bdealer\b.*\b(kill\w*|muck\w*|swept|sweep\w*|"
     r"scoop\w*)\b.*\b(face up|turned (up|over)|tabled)\b", "winning-hand-shown"),
    # cards or chips thrown at someone
    (r"\b(threw|throw\w*|toss\w*|fling\w*|flung|chuck\w*)\b (his |her |the |my |their )?"
     r"(cards|chips) at\b", "penalty"),
    # the dealer took a hand that was not protected
    (r"\b(protector|protect\w*)\b.*\b(scoop|swept|sweep|muck|kill|grabb?)\w*|\bdealer (scoop|"
     r"swept|sweep|muck|kill|grabb?|took)\w* (them|it|my|his|her)\b", "unprotected-hands"),
    # commenting on the board or guessing hands while not in them
    (r"\bnarrat\w*|\bcommentar\w*|\bguess\w*\b.*\b(hold\w*|hands?|cards|has)\b",
     "discussing-hands"),
    # cheating by cards
    (r"\b(swap\w*|switch\w*|hold\w* out|palm\w*) (cards|a card)\b|\bmarking (the )?cards\b",
     "cheating"),
    (r"\bdecks?\b.*\brotat\w*|\brotat\w*\b.*\bdecks?\b", "deck-changes"),
    (r"\b(leave|leaving|left|step\w* (out|away)|go|going)\b.*\b(come|coming|be) back\b|"
     r"\bmiss(ing)? (a few|some|a couple of) hands\b", "away"),
    (r"\b(dealer|someone|somebody|they)\b.*\b(kill\w*|muck\w*|swept|scoop\w*)\b.*\b(face up|"
     r"turned (up|over)|tabled|obvious\w*)\b",
     "winning-hand-shown"),
    (r"\ballin\w*\b.*\bdifferent (amounts|stacks|sizes)\b|\bdifferent (amounts|stacks)\b.*"
     r"\ballin", "side-pots"),
    (r"\b(discuss\w*|talk\w*)\b.*\bhow to (beat|play|win|bust)\b", "strategy-talk"),
    # a phone call, not a call of a bet (before stepping away)
    (r"\b(take|taking|took|answer\w*|make|making) (a |the |my )?(phone )?call\b", "phones"),
    # hands turned up once a player is all-in and called
    (r"\ballin\w*\b.*\b(table|tabl|flip|turn|show)\w* (over |up )?(our |the |both |their |all |"
     r"them |em )?(hands|cards|over|up)\b|\b(table|tabl|flip|turn)\w* (my|his|her|our) "
     r"(hand|cards)\b.*\ballin\b", "face-up"),
    # a blind skipped by moving tables
    (r"\b(skip\w*|miss\w*|dodg\w*|avoid\w*)\b.{0,20}\b(bb|big blind|blinds?)\b.*\b(mov\w*|"
     r"new table|balanc\w*)\b|\b(mov\w*|new table|balanc\w*)\b.*\b(skip\w*|miss\w*|dodg\w*|"
     r"avoid\w*)\b.{0,20}\b(bb|big blind|blinds?)\b", "table-balancing"),
    # being in one's seat when the cards are dealt, or a hand folded while one was gone: the
    # table presence rule, whatever took the player away (before stepping out and smoking)
    (r"\b(be|being|im|am|not|wasnt|isnt|arent) seated\b.*\b(dealt|deal|cards)\b|"
     r"\b(wasnt|werent|not|isnt|arent) (there|here|back|present|at the table)\b.*\b(dealt|deal)\b|"
     r"\b(dealt|deal)\b.*\bnot (seated|in (my|his|her) seat)\b|"
     r"\b(came|come|comes|got|get|coming) back\b.{0,30}\b(folded|dead|mucked|killed|fold\w* me)\b|"
     r"\bfolded (me|my hand)\b.{0,30}\b(while|when) (i|he|she) (was|were) (gone|away|out)\b",
     "table-presence"),
    # leaving during a hand
    (r"\b(left|leave|leaves|leaving|walked (away|off|out)|stood up)\b.{0,20}\b(mid|middle of|"
     r"during|in the middle of)( the| a)? hand\b", "away"),
    # stepping out, whatever for: away (before smoking and drinks)
    (r"\bstep(ped|s|ping)? (away|out)\b|\b(left|leave|leaving) (the |my )?(table|seat)\b",
     "away"),
    # telling another player how to play his hand
    (r"\btell\w* (the |a |his |her |my )?(\w+ ){0,4}(what|how) to (do|play|bet|act)\b",
     "one-player-to-a-hand"),
    # insults
    (r"\b(calling|called|calls) (people|players|him|her|me|them|everyone|others)\b.{0,15}\b(idiot|"
     r"stupid|moron|names|donk|fish)\w*|\bname calling\b|\bidiots?\b|\bmorons?\b", "language"),
    # a hand shown face up, then mucked or pushed past by the dealer
    (r"\b(turned|flipped|tabled|showed|show) (up |over )?(his |her |my |the )?(\w+ )?\b.*"
     r"\bdealer\b.*\b(kill|muck|swept|scoop|ship|shipped|push|pushed|gave|award)\w*",
     "winning-hand-shown"),
    # a folded player telling what he had while the others play on
    (r"\bfolded\b.*\b(told|tell\w*|said|say\w*|announc\w*)\b.*\b(still|while|in play)\b",
     "discussing-hands"),
    (r"\b(acted|act|acting|bet|called|raised|checked) before (me|him|her|the (guy|player|person)|"
     r"(his|her|their|my) turn|it was)\b|^(?!.*\b(fold|muck)).*\bbefore (it|the action|action) "
     r"(got|came|gets|comes|reached) (to )?(him|her|me|them)\b", "out-of-turn"),
    (r"\b(bet|raise|call)\w*\b.*\b(smallest|lowest) (chip|denomination)\b|\b(smallest|lowest) "
     r"(chip|denomination)\b.*\b(bet|raise)\w*\b", "chip-unit"),
    (r"\bstaging\b|\b(count|stack)\w* (my |the |out |his |her )?chips (in front|before|first)\b|"
     r"\b(chips )?in twice\b", "string-bet"),
    # a hand read out loud while it is played
    (r"\b(hand|cards|holding)\b.{0,12}\b(out loud|aloud)\b|"
     r"\b(out loud|aloud)\b.{0,20}\b(hand|cards)\b", "discussing-hands"),
    # cards pushed forward: a fold
    (r"\b(slid|slides|slide|push\w*|moved|tossed|threw)\b (his |her |my |their )?cards (forward|in|"
     r"into the middle|to the dealer|toward\w* the (dealer|middle|muck))\b", "muck"),
    # a hand of the wrong size, or shown while others still bet
    (r"\b(hand|he|she|i) (has|had|have|got|with) (#|three|one|four) cards\b", "dead-hand"),
    (r"\bexpos\w* (his|her|their|my) (hand|cards?)\b.*\b(betting|action|pending|still)\b",
     "penalty"),
    # telling what was folded, or what the board might make, while the hand is played
    (r"\b(said|says|saying|told|tell\w*|announc\w*|reveal\w*) (what|that) (he|she|i|they) "
     r"(folded|had|mucked)\b|\bfolded the (nuts|winner|best hand)\b|\bwhat (he|she|i|they) "
     r"folded\b|\bannounc\w* (the )?(possible|hand possibilit)\w*|\bpossible (flush|straight|"
     r"full house|hands)\w*\b", "discussing-hands"),
    (r"\b(back|there|seated|at the table|in (my|his|her) seat) in time\b", "table-presence"),
    (r"\b(hid\w*|cover\w*|conceal\w*)\b.{0,12}\b(stack|chips)\b|\bchips\b.{0,12}\bracks?\b|"
     r"\b(nobody|no one|noone|cant|cannot|hard to|impossible to) (can )?count\b",
     "chip-visibility"),
    (r"\b(ask\w*|request\w*) (for )?(a )?(chip )?count\b|\bhow many chips (he|she|they|you) "
     r"(have|has|got)\b|\bcount (of )?(his|her|their) (chips|stack)\b", "chip-visibility"),
    (r"\bchips\b.{0,12}\b(under|behind|beneath)\b|"
     r"\b(big|bigger|biggest|high|higher|highest|large|larger)\w* "
     r"(chips|denomination)\b.*\b(under|behind|hid\w*|cover\w*)\b", "chip-visibility"),
    # a card shown to a friend is shown to the table: said before a flashed card of the deal
    (r"^(?!.*\bdealer\b).*\b(show\w*|flash\w*|reveal\w*)\b.*\b(guy|player|person|one|lady|girl) "
     r"next to (him|her|me|them)\b", "show-one-show-all"),
    (r"\b(show\w*|flash\w*|reveal\w*|let)\b.*\b(friend|buddy|neighbou?r|mate|pal|"
     r"another player|other player|wife|girlfriend|boyfriend|husband)\b", "show-one-show-all"),
    # a player showing his own cards: show one, show all (the dealer's are the deal's)
    (r"\b(he|she|player|someone|guy)\b.*\b(flash\w*|show(ed|s|ing))\b.*\b(his|her|their) (hole )?"
     r"cards\b", "show-one-show-all"),
    # down to two players: the blinds and button as play goes heads-up (before the button draw)
    (r"\b(down|get|gets|got|getting|going|go|goes|went) to (two|2)\b|\b(going|go|goes|went|get|"
     r"gets|got|getting) (to )?headsup\b|\btwo players left\b", "heads-up-blinds"),
    (r"\b(who gets|gets|get|decide\w*|choose|chosen|draw\w*|pick\w*) (the )?(dealer )?button\b",
     "button-draw"),
    (r"\bdead money\b", "antes"),
    (r"\bbubble|\bhand (for|4|by) hand\b|\b(one|1|a player|two|2) (off|from|away from) the "
     r"(money|cash|payouts?)\b", "hand-for-hand"),
    (r"\bchange (my|his|her|the|your) (bet|action|mind)\b|"
     r"\btake (it|my bet|the bet|my chips) back\b", "verbal-declaration"),
    (r"\bclock\b.*\b(fold|check|kill|dead)\w*\b|\b(fold|check)\w*\b.*\bclock\b", "clock"),
    (r"^(?!.*\b(proof|fingerprint|fair|rigged|seed)\b).*\b(check\w*|inspect\w*|look\w* at|"
     r"examin\w*|count\w*) (the )?(deck|cards in the deck)\b", "deck-changes"),
    (r"\b(small|sb)\b.*\b(and|&)\b.*\b(big|bb)\b.*\b(bust\w*|out|eliminat\w*|knocked)\b",
     "same-hand-eliminations"),
    (r"\bbig blind\b.*\bantes?\b|\bantes?\b.*\bbig blind\b|\bbb antes?\b", "big-blind-ante"),
    (r"\b(money|cash|bills|wallet|keys|drinks?|bottles?|glass)\b.*\bon the table\b",
     "foreign-objects"),
    (r"\b(sign\w* up|signup|regist\w*|enter|entry|join|buy ?in)\b.*\b(until|till|late|level|still|"
     r"closes?|open)\b|\b(still|late)\b.*\b(sign|regist|enter|join|buy ?in)", "late-registration"),
    (r"\b(last|final|remaining) (two|three|four|five|players?)\b.*\b(split|chop|share)\w*\b|"
     r"\b(split|chop|share)\w* the (money|prize money|prizes|winnings)\b", "deal"),
    (r"\b(get|gets|got|down) to (two|2)\b|\btwo players left\b", "heads-up-blinds"),
    (r"\b(talk\w*|discuss\w*)\b.*\bstrateg|\bstrateg\w*\b.*\b(talk\w*|discuss\w*)\b",
     "strategy-talk"),
    (r"\btell\w* (\w+ ){0,2}(what|how) to (do|play)\b", "one-player-to-a-hand"),
    (r"\bsidepot|\bside pots?\b|\bmain pot\b", "side-pots"),
    (r"\bties?\b.*\b(broken|break|decided|settled)\b|\bbreak (a |the )?tie\b|\btie ?break|"
     r"\b(same|identical) (straight|flush|full house|two pair|hand strength)\b(?!.*\bchips?\b)",
     "split-pot"),
    (r"\bplay(ing)? (two|2|both|multiple|several) hands\b|\btwo hands at once\b|"
     r"\bplay\w* (his|her|their|my|a|someone\w*|another\w*) (buddy|friend|mate|pal|wife|husband|"
     r"girlfriend|boyfriend|brother|sister|dad|son)\w* hand\b|\b(hand|cards) for (him|her|them)\b",
     "one-player-to-a-hand"),
    (r"\bmuck\w*\b.*\b(back|retriev\w*|undo|take it back)\b|\bfold\w*\b.*\b(take|get|have|want) "
     r"(them|it|my cards|my hand|the cards) back\b", "muck"),
    (r"\b(a|one|the) card (was |is |came |came out |got |fell )?(turned )?face up\b|"
     r"\bface up in the (deck|stub)\b|"
     r"^(?!.*\ballin\b).*\bcards? (got |was |were )?(turn|turned|flip|flipped|blown|blew) "
     r"(over|up)\b",
     "exposed-card"),
    # betting
    (r"\bcall(ed|ing)?\b.*\b(and|then) (i )?(raise|raising)\b|\bcall\w*\b.*\b(then|and)\b.*"
     r"\b(more|added?|extra|another)\b.*\bchips\b|\b(say|said|state|stated|announce|name|"
     r"declare)\w* (the |an |your )?amount\b|\bone motion\b|\bsingle motion\b", "string-bet"),
    (r"\b(went|go|going|goes|came|come|reach\w*) back (to|into|for|in)\b.{0,12}\b(stack|chips|"
     r"more)\b|\bmore than one "
     r"(motion|trip)\b|\b(several|multiple|two) (trips|motions)\b|\bstring", "string-bet"),
    (r"^(?!.*\b(ruling|director|td|floor|penalty|appeal|tank\w*|forever|stall\w*|clock)\b)"
     r".*\bwhat can i do\b|\bmy options\b|"
     r"\bcheck or bet\b|\bcan i check\b(?!\s+the\b)",
     "betting-actions"),
    # talking about a hand after folding it, while the hand is played (before folding early)
    (r"\b(talk\w*|discuss\w*|comment\w*)\b.{0,20}\b(hand|cards)\b.*\bfold\w*\b.*\b(before|while|"
     r"still)\b", "discussing-hands"),
    # chips taken from a pot or a stack that are not his
    (r"\b(grabb?\w*|took|stole|steal\w*|swip\w*|snatch\w*|pocketed)\b.{0,25}\bchips\b.{0,25}\b(pot|"
     r"stack)\b|\b(stole|steal\w*)\b", "cheating"),
    (r"\bfold\w*\b.*\b(could|can|free|instead of)\b.*\bcheck|\b(can|may|should) (i|you|he|she|we|"
     r"a player|someone|anyone) fold\w*\b.*\b(no bet|nothing to call|not facing)\b",
     "folding-out-of-turn"),
    (r"\bfold\w*\b.*\b(before|early|out of turn|ahead)\b|\bmuck(ed|s|ing)\b.*\b(out of turn|early|"
     r"before (the )?(action|it|his|her|my|their|i|he|she|anyone)\b)", "folding-out-of-turn"),
    (r"\boversized? chip\b|\b(one|single|lone) (big |large )?chip\b.*\braise\b", "single-chip"),
    (r"\b(counts?|constitutes?|is) (as )?a (full )?raise\b|\braise\b.*\b(how much|at least)\b|"
     r"\bhow much\b.*\braise\b", "minimum-raise"),
    (r"\bmake it #", "make-it"),
    (r"\braise it\b|\braise # or raise to\b|\braise by\b", "raise-it"),
    (r"\b(said|say|declared?|announced?) (a )?raise\b.*\b(too little|too small|short|less|"
     r"not enough|below)\b|\braise to less\b", "declared-raise"),
    (r"\b(said|say|says|declared?|announced?) (a )?raise\b.*\b(min|minimum)\b",
     "declared-raise"),
    (r"\b(said|say|says) raise #(?!.*\bto\b)", "raise-it"),
    (r"\b(said|say|says|announced?) (im |i am |i |hes |he is |shes |she is )?(check|call|fold|"
     r"allin)\b", "verbal-declaration"),
    (r"\b(one|a|an|single|odd|extra) (# )?(odd |extra )?chip (left|over|remains?|remaining)\b|"
     r"\bleft ?over chip\b|\bextra chip\b.*\b(split|chop\w*|tie|tied)\b|"
     r"\b(split|chop\w*|tie|tied)\b.*\bextra chip\b", "odd-chip"),
    (r"\bsingle chip\b|\bone chip\b(?! (more|mor|over|above|less|short|under))|\boversized? chip\b",
     "single-chip"),
    (r"\bnot enough to call\b|\bless than (the |a )?(full )?(call|bet)\b|\bbelow (the |a )?call\b|"
     r"\bbet # facing (a |the )?bet\b|\bshort of (the |a )?call\b", "below-call"),
    (r"\bmore (chips )?than (i|you|he) (have|has|had)\b|\b(bigger|more|larger) than (my|his|"
     r"your|the) stack\b|\bover (my|his|your) stack\b", "all-in-over-stack"),
    (r"\b(chips|(my|his|her|the) bet|money) (come|comes|came|get|go|goes|given) back\b|"
     r"\bextra chips\b|"
     r"^(?!.*\bshow).*\b(nobody|no one|noone) call|\bnot called\b|\buncalled\b", "uncalled-bet"),
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
    (r"\bmin ?click|\bclick back\b", "minimum-raise"),
    (r"\bbet\b.*\b(min|minimum)\b|\b(min|minimum)\b.*\bbet\b", "minimum-bet"),
    (r"\b(can|may) (i|you|he|she|we) (bet|open)\b", "minimum-bet"),
    (r"\b(take|taking|took) it back\b|^(?!.*\bturn\b).*\bbinding\b", "verbal-declaration"),
    (r"\b(out of|before) (it was |its )?(my|his|her|your|their) turn\b|\bout of turn\b",
     "out-of-turn"),
    (r"\bhalf\b.*\braise\b", "fifty-percent"),
    (r"\bwhat(s| is)? (a|an) xbet\b|^xbet$|\bxbet (siz\w*|amount|min\w*|rules?)\b|"
     r"\b(min\w*|siz\w*|smallest) (of )?(a )?xbet\b", "minimum-raise"),
    (r"\bmin ?click|\bclick back\b|\b[345] ?bet (siz\w*|amount|min\w*)|"
     r"\b(siz\w*|min\w*) (of )?(a )?[345] ?bet\b", "minimum-raise"),
    # a walk: everyone folds to the big blind
    (r"\b(a|the|get|got|gets|getting) walk(ed)?\b(?! (away|out|off|to|back|around|over))",
     "blinds"),
    # an all-in made without looking at the cards
    (r"\ballin\w* blind\b(?!\s+(level|levels|structure|clock|amounts?|is|are))", "all-in"),
    # deal and blinds
    (r"\bheadsup\b.*\b(small blind|sb|acts? first|first to act|button post|blinds?|post\w*)\b|"
     r"\b(small blind|sb|bb|acts? first|first to act|blinds?|post\w*)\b.*\bheadsup\b", "heads-up"),
    (r"\b(who|which|does|do|is)\b.*\b(acts?|goes|bets?|speaks?) first\b|\bfirst to (act|speak)\b|"
     r"\border of (action|betting|play)\b", "streets"),
    (r"\b(first|opening|very first) hand\b.*\bdeal|\bdeal\w*\b.*\b(first|opening) hand\b",
     "first-dealer"),
    # the button on an empty seat: before who deals
    (r"\bbutton\w*\b.{0,12}\bseat\b.{0,12}\b(is |was )?empty\b|\bempty (button|seat)\b",
     "dead-button"),
    (r"\bwho (deals|shuffles|deal|shuffle)\b(?!.*\bfirst\b)", "shuffle-and-deal"),
    (r"\bwho deals first\b|\bfirst (deal|deals|dealer)\b|\bfirst ace\b", "first-dealer"),
    (r"\bdealt face up\b|\bface up (during|in) the deal\b|\bcards? (flew|fell|flipped|dropped|"
     r"slipped|went flying)\b|\b(flew|fell) (off|out of|on the floor)\b", "exposed-card"),
    (r"^(?=.*\ballin\b)(?=.*\b(cards|hands)\b.*\b(turn\w*|flip\w*) (up|over)\b)|"
     r"\ballin\b.*\b(flip|turn|show)\w*\b.*\b(cards|hands)\b|\b(flip|turn|show)\w*\b.*\b(cards|"
     r"hands)\b.*\ballin\b|\ballin\b.*\b(cards|hands) (face )?up\b", "face-up"),
    (r"^(?=.*\b(allin|shov\w*|jamm?\w*)\b).*\b(flop|turn|river|board)\b.*\bbefore (he|she|they|"
     r"we|i|anyone|everyone) (show|flip|turn|tabl)\w*", "face-up"),
    (r"\b(flop|turn|river|board|burn|burn card|bottom card|top card) (card )?(got |was |is |gets )?"
     r"(flashed|exposed|flipped|shown|seen)\b", "exposed-card"),
    (r"\bproof\b|\bfingerprint\b|\bseed\b", "deck-commitment"),
    (r"\b(dealer|card|cards)\b.*\b(flips?|flipped|flash|flashed|exposed?|boxed)\b|"
     r"\b(flips?|flipped|flashed?|exposed?)\b.*\b(card|deal)\b(?!.*penalt)", "exposed-card"),
    (r"\b(turned|flipped) (over|up)\b.*\bdeal|\bdeal\w*\b.*\b(turned|flipped) (over|up)\b",
     "exposed-card"),
    (r"\b(show\w*|flash\w*|expos\w*|flipp?\w*)\b (the |a )?(burn|bottom|top)( card)?\b",
     "exposed-card"),
    (r"\bburn(s|ed|t|ing)?\b", "burn-cards"),
    (r"\bdeal\w* (me |him |her )?(three|3|#|too many|an extra|only one)\s+cards?\b",
     "misdeal"),
    (r"\b(pot|chips)\b.*\bwrong (player|person|guy|one|winner)\b|\bwrong (player|person|guy)\b.*"
     r"\b(pot|won|win|chips)\b", "director-decision"),
    (r"\b(flop|board)\b.*\b(four|4|two|2|too many|too few) cards\b|\b(four|4|two|2) card flop\b",
     "misdeal"),
    (r"\b(dropped|drops|drop) (the )?(deck|cards)\b|\b(dealt|gave|give|deals?|dealing)\b.{0,25}"
     r"\b(first )?card to (the )?(button|wrong|dealer)\b", "misdeal"),
    (r"\bwrong (card|player|seat)\b|\bskipped\b|\bmisdeal|\b(gave|dealt|got) (me |him |her )?"
     r"(three|3|only one|one card|too many|an extra)\b", "misdeal"),
    (r"\b(new|another|change|fresh) deck\b|\bbent\b|\bmarked\b", "deck-changes"),
    (r"\b(shuffle|deck|deal|cards?|rng|random|online)\b.*\bfair\b|\bfair\b.*\b(shuffle|deck|"
     r"deal|cards?)\b|\brigged\b|\bverify\b|\bprovabl|\btrust\b", "deck-commitment"),
    # pots and showdown
    (r"^(?!.*\brac(e|ing|ed)?\b).*\bodd chip", "odd-chip"),
    (r"^(?!.*\b(bust|busted|knocked|eliminated|out)\b).*\bsame hand\b|\b(we|they) both have\b",
     "split-pot"),
    (r"\bwhat beats\b|\bbeats? (a|an|two|three)\b|\bbest hand\b|\bwhich hand wins\b",
     "hand-rankings"),
    (r"\b(throw|threw|thrown|tossed)\b.*\b(away|face down)\b", "muck"),
    (r"\bkill\w*\b.*\b(face up|turned (up|over)|tabled|winning|winner|wins|won|best hand)\b",
     "winning-hand-shown"),
    (r"\bprotector\b|\bforeign (chips|objects)\b|\bcardcap\b|\bcard cap\b", "foreign-objects"),
    (r"\b(hand|cards)\b.*\b(killed|mucked|swept|scooped|taken)\b.*\bdealer\b|\b(went|got|ended "
     r"up|thrown) (in|into) the muck\b", "unprotected-hands"),
    (r"\b(dealer|someone|they|floor)\b.*\b(kill\w*|muck\w*|swept|sweeps|grabb\w*|took)\b.*\b(my|his|"
     r"her|a|their) (hand|cards|winner|winning hand)\b|"
     r"\b(raise|chips|bet) back\b.*\b(kill\w*|muck\w*)\b|\bunprotected\b", "unprotected-hands"),
    (r"\bwinning hand\b.*\b(face up|turned|killed|mucked)\b|\b(killed|mucked)\b.*"
     r"\bwinning hand\b", "winning-hand-shown"),
    (r"\b(called|caller|calling player)\b.*\b(show\w*|see)\b|"
     r"\b(show\w*|see)\b.*\b(called|caller)\b", "showdown-order"),
    (r"\bshow\w* (only )?(one|a) card\b.*\b(see|ask\w*|show)\b.*\bother\b|"
     r"\b(see|ask\w*)\b.*\bother "
     r"(card|one)\b", "show-one-show-all"),
    (r"\b(have to|must|need to|do i|required to) show\b(?! (both|two|all)\b)(?!.*\b(both|two) "
     r"cards\b)", "showdown-order"),
    (r"\bshow\w* (my|his|her|a|the) bluff\b|\bshow one\b.*\bshow all\b|\bother card\b|"
     r"\bshowed (his |her )?friend\b|"
     r"\b(friend|neighbou?r|buddy|mate)\b.*\b(cards|hand)\b|\bshow\w* (his |her |my )?(cards|"
     r"hand) to (his|her|a|the|my) (friend|neighbou?r|buddy|mate)\b", "show-one-show-all"),
    (r"\b(ask|asked|asks|see)\b.*\bshow\w* (only )?one card\b", "show-one-show-all"),
    (r"\bshow\w* (only )?one card\b(?!.*\bafter\b)|\bonly show\w* one\b", "show-two-cards"),
    (r"\b(one|1) card\b.*\bmuck|\b(both|two|2) cards\b.*\bwin\b", "show-two-cards"),
    (r"\bshow (both|two|2) cards\b|\bshow\w*\b.*\bcards?\b.*\bto win\b", "show-two-cards"),
    # ("card dead" is a run of bad cards, not a dead hand)
    (r"\bhand (is |was |got |been )*(declared |ruled |called )?dead\b|"
     r"\bcards? (is |was |got |been |are |were )+(declared |ruled |called )?dead\b|\bdead hand",
     "dead-hand"),
    (r"\bwho\b.*\b(turns?|shows?)\b.*\bfirst\b|\bwho (has to )?shows? first\b|\bshow first\b|"
     r"\bhave to show\b|\bmust i show\b",
     "showdown-order"),
    (r"\bmuck\w* by (the )?dealer\b|\bdealer (mucked|killed|swept|scooped)\b", "unprotected-hands"),
    (r"\bmuck\w*", "muck"),
    (r"\b(at|during) (the )?showdown\b", "showdown-order"),
    (r"\b(show|see|deal|run)\b.*\b(turn|river|rest of the board|board)\b.*\b(after|once)\b.*"
     r"\bfold", "rabbit-hunt"),
    (r"\bwould have (come|been|fallen)\b|\bwhat was coming\b|\brabbit", "rabbit-hunt"),
    (r"\b(would|could|should|hed|shed|id|youd|theyd) ?(have|of|ve) (had|made|hit|flopped|won|"
     r"rivered)\b|\btable talk\b|"
     r"\bfolded cards\b",
     "discussing-hands"),
    # time and presence
    # (the smoking area as the place of a story is not its topic)
    (r"\bsmok\w*\b(?! (area|section|patio|room|deck)\b)|\bvap(e|es|ing)\b|\bcigar", "smoking"),
    (r"\b(blind|level|tournament|blinds) clock\b", "blind-levels"),
    (r"\b(ask\w*|call\w*|request\w*) for (time|the clock|a clock)\b", "clock"),
    (r"\bhow long\b.*\bclock\b|\bcall\w* (the )?(time|clock)\b|\b(time|clock) on (him|her|them|"
     r"a|the|that|this|someone)\b|\bclock (the|him|her|them|that|this|someone|a)\b|"
     r"\btimes? (is )?up\b|\b(ran|run|runs|running) out of time\b|\btime (ran|runs|running) "
     r"out\b|\bclock (ran|runs|run|expired?|expires|is up|ends?|ended)\b", "clock"),
    (r"\btable (got |was |is |gets )?(break|breaks|broken|broke)\b|\bbreak (up )?(a |the )?table\b",
     "breaking-tables"),
    (r"\b(blinds?|levels?)\b.*\b(go|goes|going) up\b|\b(blinds?|levels?) up\b|"
     r"\b(blinds?|levels?)\b.*\b(increase|rise|change)|"
     r"\b(how long|when)\b.*\b(levels?|breaks?)\b(?!.*\btabl)|\bnext level\b",
     "blind-levels"),
    (r"\bhow long\b.*\b(act|decide|think|decision|turn|have)\b|\btime limit\b|"
     r"\btaking (forever|ages|too long|so long)\b|\btank\w*|\bhollywood\w*|\btime ?bank\b",
     "action-time"),
    (r"\b(was|were|is|am|been|went|go|going|while|when|im|hes|shes|player|he|she|someone) "
     r"away\b|\b(bathroom|toilet|restroom|loo|afk|brb|get a drink|getting a drink|"
     r"went to the bar)\b|\bstep(ped|s)? (away|out)\b|\bsitting out\b|"
     r"\b(left|leave|leaving) (the |my )?(table|seat)\b|\b(not|wasnt|isnt|werent|arent) (at|in) "
     r"(the table|his seat|her seat|my seat|their seat)\b", "away"),
    (r"\b(be|being|stay) (at|in) (the table|my seat|your seat)\b", "table-presence"),
    (r"(?<!straight )(?<!right )(?<!throw )(?<!threw )(?<!give )(?<!gave )(?<!walk )\baway\b",
     "away"),
    # tournament
    # the final table as the place of a story ("sweat me at the final table") is not its topic
    (r"(?<!\bat the )(?<!\bof the )(?<!\bon the )\bfinal table\b", "final-table"),
    (r"\b(how|who) (are|is|gets?) seats?\b|\bseats? (picked|chosen|assigned|drawn)\b|"
     r"\bwho sits where\b", "random-seats"),
    # the big blind busted, said close together, before the small blind's rule
    (r"\b(big blind|bb) (\w+ ){0,2}(busted|bust|knocked|eliminated|out)\b",
     "bb-eliminated"),
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
    (r"\bmiscount\w*|\b(stack|chip count)\b.{0,20}\b(wrong|off|incorrect)\b", "stack-adjustment"),
    (r"\bcolou?r ?up\b|\bchip ?race\b|"
     r"\brace off\b|\b(remov\w*|race|racing|get rid of|"
     r"take off)\b.*\b(#|small|smallest|low|lowest|odd) chips\b", "chip-race"),
    (r"\b(get|gets|got|be|is|are) moved\b|\bwho (gets )?moves?\b|"
     r"\bmoved?\b.*\b(another|new|other|different) table\b|\bbalanc|\bshort ?handed\b|"
     r"\b(uneven|unbalanced) tables?\b", "table-balancing"),
    (r"\btable (got |was |is |gets )?(break|breaks|broken|broke)\b|\bbreak (up )?(a |the )?table\b",
     "breaking-tables"),
    (r"\b(rebuy|reentry|buyback|buy back)\b", "rebuys"),
    (r"\b(first|second|third) place\b|\bprize\b|\bpayout", "payouts"),
    (r"\b(stack|chip count|count)\b.*\b(wrong|off|miscounted|mistake|incorrect)\b|"
     r"\b(wrong|incorrect)\b.*\bstack\b", "stack-adjustment"),
    # rulings
    (r"\b(penalt\w*|punish\w*|happens?|caught)\b.*\bcheat\w*|\bcheat\w*\b.*\b(penalt\w*|"
     r"punish\w*|caught)\b", "disqualification"),
    (r"\bpenalt|\bpenali[sz]", "penalty"),
    (r"\bfinal (decision|say|word|call)\b|\bwho decides\b(?!\s+(?!(disputes?|rulings?|arguments?|"
     r"disagreements?|if|when|whether|what|who|in|on a ruling)\b)\w)", "director-decision"),
    (r"\b(director|td|floor|ruling)\b.*\b(wrong|mistake|error|unfair|disagree)\b|\bappeal|"
     r"\b(disagree|dispute|contest|challenge)\b",
     "appeals"),
    (r"\b(kicked|thrown) out\b|\b(throw|kick)\w* (\w+ )?out of the (tournament|game|league)\b|"
     r"\bdisqualif", "disqualification"),
    (r"\b(which|what) (rules|rulebook)\b", "rulebooks"),
    # conduct
    (r"\b(help|helping|advice|advise|coach|coaching)\b|\btelling (me|him|her) what to do\b",
     "one-player-to-a-hand"),
    (r"\b(team|teaming|teamed) up\b|\bworking together\b|\bsharing cards\b|\bsoft ?play",
     "cheating"),
    # (rude words; "is it rude to fold" asks about manners, not language)
    (r"\btrash talk|(?<!\bit )(?<!\bits )(?<!\bit is )(?<!\bit was )(?<!considered )"
     r"\b(rude|abusive|insult\w*)\b(?! to (\w+ )?(fold|call|check|bet|raise|show|muck|ask|use|"
     r"leave|take|talk|play|tank|stall|wear|eat|not)\b)|\bf ?bombs?\b|\b(yell|yelled|yelling|yells|"
     r"shout\w*|scream\w*) at\b|\b(swear\w*|swore|sworn|cuss\w*|cursing|profanity)\b",
     "language"),
    (r"\b(phone|texting|text|texts|face ?tim\w*|video call\w*|head ?phones|earbuds|ear ?buds|"
     r"airpods|earphones)\b|"
     r"\b(take|taking|took|make|making|answer\w*) (a |the |my )?"
     r"(phone )?call\b", "phones"),
    (r"\b(talk|talking|discuss|discussing|comment\w*)\b.*\bhands?\b", "discussing-hands"),
    (r"\bunprotected\b|\bmisclick|\b(swept|grabbed|took|killed|mucked)\b.*\bmy (cards|hand)\b",
     "unprotected-hands"),
    (r"\bpocket\b|\bpalm\w*|\bchips?\b.*\b(lap|bag|jacket|coat)\b|\bhid(e|ing|den)\b.*\bchips\b|"
     r"\brat ?hol\w*|"
     r"\b(went|go|goes|going|gone) south\b|\bsouth with\b|"
     r"\b(chips?|stack)\b.*\b(off the table|in view|visible|hidden|covered)\b",
     "chip-visibility"),
    (r"\bscreenshot\b|\b(hid(e|es|ing|den)?|cover|covering)\b.*\b(cards|hand)\b|\bcards?\b.*\b(above|below|"
     r"under|on|off|over) (the )?(table|edge)\b|\bcards?\b.*\b(in (plain |full )?view|visible)\b|"
     r"\bcards?\b.*\bin (my|his|her) lap\b", "card-visibility"),
    (r"\boverrul\w*|\bfairness\b|\bbest interest\b|\bunusual circumstance", "director-decision"),
    (r"\b86\w*|\bbarred\b|\bbanned\b", "disqualification"),
    (r"\b(another|other|different) game\b|\bside bets?\b", "foreign-objects"),
)

# Topics none of the rulebooks here covers: answered with no rule and these suggestions.
NOT_COVERED: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    # the bot and the server themselves, not a rule of play (a rule the bot applies is asked
    # with the rule's words: "did the bot fold me when I was away", "which command folds")
    (r"\bbot\b.*\b(mute|muted|muting|dms?|dmd|direct messages?|commands|"
     r"open source|source code|github|install\w*|invite\w*|avatars?|nicknames?|profile pic\w*|"
     r"voice (chat|channel)|permissions?|roles?|emojis?|notifications?|pings?|pinging|prefix|"
     r"stats|statistics|bugs?|buggy)\b|\b(mute|add|install|invite|restart|host|update|"
     r"code|program) (the |this |a |our |my )?bot\b|\bdiscord (server|nitro|role|account)s?\b|"
     r"\bslash commands\b|\bhand histor(y|ies)\b|\b(discord|invite) (invite|link)s?\b|"
     r"^(the |this |our |a )?bots?$|\bgroup chat\b|\b(un)?mute\b|\bnotifications?\b|"
     r"\b(display|user|discord) ?names?\b|\bnick ?names?\b|\bmoderators?\b|\bserver (admin|owner|"
     r"roles?)\b|\b(report|found|reporting) a bug\b|"
     r"\b(commands|who (made|built|created|wrote|codes?|runs)|source code|"
     r"open source)\b.*\bbot\b", "the bot and the server themselves", ("house-rules",)),
    (r"\bangl(e|es|ing)\b|\bangle ?shoot|\bangel ?shoot", "angle shooting",
     ("verbal-declaration", "cheating", "director-decision")),
    # a cap on the number of raises is limit poker's
    (r"\b(bets?|betting|raises?|raising|action) (is |was |gets |got )?capped\b|"
     r"\bcapped (at|after)\b|"
     r"\b(raise|raises|betting|bet) caps?\b|\bcap (on|of) (the )?(raises|bets|betting)\b|"
     r"\bcap in limit\b", "caps on raises (limit poker)", ("minimum-raise", "betting-actions")),
    (r"\bstraddl|\bstrad+(el|le|dle|ddel)|\bmississippi\b|\bsleeper\b", "straddles",
     ("blinds", "minimum-raise", "out-of-turn")),
    (r"\bomaha\b|\bpot limit\b|\b(fixed|spread) limit\b|\blimit (holdem|hold em|poker|game)\b|"
     r"\bstud\b|\bplo\b|\bshort ?deck\b|\bsix plus\b|\bpineapple\b|\bbadugi\b|\brazz\b|"
     r"\bhorse (game|rules|poker|format)\b|\blowball\b|\btriple draw\b|\b(five|5) card draw\b|"
     r"\bdraw poker\b|\bhi ?lo\b|\bhigh ?low\b|\bdealers choice\b|\bmixed games?\b|"
     r"\bopen face\b|\bchinese poker\b|\bcourchevel\b|\bother (poker )?(games|variants)\b|"
     r"\bvariants?\b", "other poker games", ("minimum-bet", "minimum-raise", "rulebooks")),
    (r"\brun(ning|s)? it (twice|twise|twcie|twic|two times|three times|thrice|# times|#x|again|"
     r"more than once)\b|"
     r"\brun(ning|s)? it #(?!\w)|"
     r"\brun it (2|3)x\b|\brun (two|2|three|3) boards\b|\b(deal|run|ran|dealt) (it|the board|the "
     r"rest|the river|the turn) (twice|two times)\b|\b(two|2|multiple|double) run ?outs?\b",
     "running it twice",
     ("rabbit-hunt", "face-up", "side-pots")),
    (r"\binsurance\b", "all-in insurance", ("face-up", "side-pots", "cheating")),
    (r"\btip(s|ped|ping)?\b|\btok(e|es|ing)\b|\bgratuit\w*|\bchip in for the dealer\b|"
     r"\bdealer appreciation\b", "tipping",
     ("payouts", "house-rules", "director-decision")),
    (r"\bsatellit|\bticket to\b|\bseat (to|into) the main\b", "satellites",
     ("payouts", "late-registration", "rebuys")),
    (r"\brak(e|es|ed|ing)\b|\b(entry|house|admin|service|staff) fees?\b|\bjuice\b|\bvig\b|"
     r"\b(house|bar|venue|club|casino) (take|takes|took|keep|keeps|get|gets) (a |its |their )?(cut|"
     r"percentage|share|slice)\b|\bgoes to the house\b|\bfee to (play|enter)\b",
     "rake and fees", ("payouts", "house-rules")),
    (r"\bcash (game|games|table|tables|poker)\b|\bring games?\b|\bhit and run\b|"
     r"\bbuy(ing)? the button\b|\bmissed blinds?\b|\bpost\w* (to |a big blind to )?(come|get|"
     r"sit) in\b|\bout of position\b.*\bpost|\bpost\w*\b.*\bout of position\b|"
     r"\b(seat|table) change (button|list|request)\b|\b(min|minimum|max|maximum) buy ?in\b|"
     r"\bchop\w* (the )?blinds\b|\bmust ?move\b|\bwait\w* for the (big blind|bb)\b|"
     r"\btable stakes\b|\bplay(ing)? behind\b|\btime (charge|collection|rake)\b|"
     r"\bseat (rental|fee)\b|\bstakes (are|is) (we|it|the game)\b|\bwhat stakes\b|\breload\w*\b|"
     r"\bcashier\b|\bbank the game\b|\bcash(ing)? out (half|part|some)\b",
     "cash-game practices", ("blinds", "rebuys", "house-rules")),
    (r"\bbomb ?pots?\b|\bkill (pot|pots|button|blind|blinds)\b|\bbutton ante\b|"
     r"\bdouble board\b", "bomb pots, kill pots and other special pots", ("blinds", "antes")),
    (r"\bbount(y|ies)\b|\bknock ?out (bounty|tournament|tourney)\b|\bpko\b|"
     r"\bprogressive (knock|ko)", "bounties", ("payouts",)),
    (r"\bbad beat\b|\bhigh hand\b|\bjackpot\b|\bseven deuce\b|\b7 ?2 (game|bounty)\b",
     "bad-beat and side games", ("payouts", "hand-rankings")),
    # (talking strategy at the table is a rule: not this topic)
    (r"^(?!.*\b(discuss\w*|talk\w*|chat\w*)\b.*\btabl\w*)(?!.*\bshow\w* (my|his|her|a|the) "
     r"bluff).*(?:"
     r"\b(pot|implied|reverse implied) odds\b|\bcard ?dead\b|"
     r"\brun(ning)? (bad|good|hot|cold)\b|\b(cooler|coolered|suck ?out|sucked out|backdoor\w*|"
     r"gutshot|rainbow|effective stacks?)\b|\bodds (of|to|for|on)\b|\bwhat are the odds\b|"
     r"\bequity\b|\bexpected value\b|\bev\b|\bgto\b|\bouts\b|\branges?\b|\bbluff\w*|"
     r"\b(poker|physical|timing|betting) tells?\b|\bspot (a )?tells?\b|\bbankroll|\bvariance\b|"
     r"\btilt\w*\b|\bstarting hands?\b|\b(best|good|right|strong|which|what) (hands?|cards) to "
     r"(play|shove|jam|push|call|raise|open|xbet|limp|bluff)\b|"
     r"\b(good|strong|weak|playable|premium|best) (starting )?(hands|cards) to play\b|"
     r"\b(good|strong|weak|playable|premium) (starting )?hands?\b|"
     r"\bhow (to|do i|should i|do you|can i) (play|beat|win at|get better|improve)\b|"
     r"\bshould (i|you|he) (call|fold|shove|jam|push|raise|bet|check|bluff|play|limp|reraise|xbet|"
     r"open|defend|slowplay)\b|\bhow many (big blinds|bbs)\b|\bpreflop charts?\b|"
     r"\b(positional|position) (play|strategy)\b|\bstrategy (for|on|in|against|to|when)\b|"
     r"\b(best|good|winning|basic|optimal|right) (strategy|play|move)\b|\bicm (pressure|"
     r"strategy)\b|\b(chip leader|big stack|short stack) (strategy|should)\b|\bm ratio\b|"
     r"\bcalculat\w*\b.*\b(odds|pot|equity|outs)\b|\bslow ?play(ing)? (a|my|the|big|strong|"
     r"monsters?|aces)\b|"
     # what a strategy word means (a donk bet is still a bet when it is made: "is a donk bet ok")
     r"\b(what|whats|what is|wat|wats|define|meaning of|definition of)\b (is )?(a |an |the )?"
     r"(donk|float|probe|blocker|continuation|c ?bet|over ?bet)\w*( bets?)?\s*\??$)",
     "poker strategy and odds", ()),
    (r"^(?!.*\b(get|got|getting|grab|grabbed|went for|going for|fetch|fetching) (a |some |me a )?"
     r"drinks?\b).*\b(drink|drinking|drinks|alcohol|beer|beers|drunk|booze|food|eat|eating|snacks?|"
     r"dress|dress code|sunglasses|hoodie|hats?|music)\b", "food, drink and dress",
     ("house-rules",)),
    (r"\bneed (an? |my |photo |valid )?(id|identification)\b|\b(photo|valid) id\b|"
     r"\bidentification\b|\bage (limit|requirement)\b|\bhow old\b|\bunder ?age\b",
     "identification and age", ("late-registration", "house-rules")),
    (r"\benglish\b|\bforeign language\b|\bother language", "the language spoken at the table",
     ("language", "one-player-to-a-hand")),
    (r"^(?!.*\b(still|level|late)\b).*\bbuy ?ins?\b(?!.*\b(again|back|late|rebuy|re ?entry|add ?on|"
     r"twice)\b)", "the buy-in",
     ("payouts", "rebuys", "late-registration")),
    (r"\b(read|reading|spot|spotting|pick up|picking up|have|has|got) (a |his |her |their |any )?"
     r"tells?\b|\btells\b(?! (me|him|her|you|us|them|the|a|what|how))", "reading tells", ()),
    # listening at the table: the device rules name phones, not headphones (a phrase beside it,
    # "headphones", offers the phone rule first)
    (r"\b(head ?phones|earbuds|ear ?buds|airpods|earphones|music|podcasts?)\b",
     "headphones and music", ("phones", "house-rules")),
    # the league's own business: membership, dues, meetings (not entering an event late)
    (r"^(?!.*\b(late|still|tonight|today|level|closes?|open|event|tournament|tourney|game)\b).*"
     r"(\b(sign\w* up|signup|regist\w*|join\w*|enrol\w*|become|apply|applying) "
     r"(for |to |in |into )?(a |the |our |this |your |next )?"
     r"(spring |summer |fall |autumn |winter |new |next )?(league|club|season)\b|"
     r"\bmembership\b|\bbecom\w* a member\b|\bmembers only\b|\bnew members?\b|"
     r"\bdues\b|"
     r"\b(league|club)\b.*\bnew (players|people|members)\b|"
     r"\b(league|club) (meeting|officers?|committee|president|board|fees?)\b|\b(quit|leave|"
     r"leaving) the (league|club)\b|"
     r"^(?!.*\b(break|breaks|level|levels|blinds?|clock)\b).*\b(schedule|calendar|reschedul\w*)\b)",
     "league membership and business",
     ("late-registration", "house-rules")),
    # acting, not time: theatrics at the table
    (r"^(?!.*\b(minutes?|seconds?|forever|ages|long|time|clock|tank\w*|stall\w*)\b).*"
     r"\bhollywood\w*", "slow-rolling and other table manners",
     ("action-time", "showdown-order", "house-rules")),
    (r"\bslow ?roll\w*|\bslowroll\w*|\bslow ?rol(ed|ing|s)?\b|\bcoffee ?hous\w*|\bspeech play\b|"
     r"\bneedl(e|ing)\b|"
     r"\bcelebrat\w*|\bgloat\w*|\bberat\w*|\bhollywood\w* (to|with|a) (sell|fake)\b",
     "slow-rolling and other table manners", ("showdown-order", "language", "house-rules")),
)

