"""The words of chips put in, as the amount reader meets them (bot/rulebook/amount_words.py,
bot/rulebook/amounts.py): the verbs of chips moved and their misspellings, a chip's colour, a
chip the teller corrects, a bet believed by mistake, a player's last chips, a string bet called
out. Patterns over the question's shape, where each amount is `#i`.
"""

from __future__ import annotations

import re

N = r"#(\d+)"  # an amount in the shape of a question (`amount_words.Text`)

# Verbs of chips moved as they are misspelt or said in chat, and what they mean
MOVES_SPELT = {"tosed": "tossed", "tossd": "tossed", "tost": "tossed", "throwed": "threw",
               "thrw": "threw", "slided": "slid", "putted": "put", "puted": "put",
               "droped": "dropped", "dropt": "dropped", "pushd": "pushed", "flinged": "flung",
               "thinkin": "thinking", "sayin": "saying", "thot": "thought", "thougt": "thought",
               "thougth": "thought", "silentley": "silently", "silenty": "silently",
               "siliently": "silently"}
CHIP_CORRECTED = re.compile(r"\$?\d[\d,.]*k?\s+chip\b[\s.,!-]*(?:no\s+wait|wait\s+no|no|wait|"
                            r"i\s+mean|sorry|correction|or\s+rather|actually)\b[\s.,!-]*"
                            r"(?:(?:it\s+was|make\s+that|its)\s+)?(?:an?\s+|one\s+)?"
                            r"(?=\$?\d[\d,.]*k?\s+chip\b)")
MISSPELT_MOVES = re.compile(rf"\b({'|'.join(MOVES_SPELT)})\b")


# Verbs of chips moved to the pot ("threw in 500", "flings out 800"): a deed of chips, its word
# not said; shove and jam are all-ins, read among the deeds
CHIPS_VERBS = (r"(?:puts?|putting|throws?|threw|thrown|throwing|tosse[sd]?|toss|tossing|"
               r"push(?:e[sd])?|slides?|slid|sliding|sticks?|stuck|drops?|dropped|dropping|"
               r"flings?|flung|flinging|chuck(?:s|ed)?|slings?|slung|plops?|plopped)")


# "my last 500", "all i had": the chips put in are the player's last, an all-in (not chips
# short of a call by mistake)
LAST_CHIPS = re.compile(r"\ballin\b|\b(?:my|his|her|their) (?:last|whole|entire|remaining)\b|"
                        r"\ball (?:i|he|she|they) (?:have|has|had|got)\b|\beverything\b|"
                        r"\b(?:have|has|had|got) (?:nothing|no chips|none) (?:left|behind)\b|"
                        r"\b(?:only|just) (?:have|has|had|got)\b|\bstack\b|\bbusted\b|"
                        r"\bshort ?stack\w*\b")
# "but he has more behind": the chips were not his last after all
MORE_BEHIND = re.compile(r"\b(?:has|have|had|got|still) (?:\w+ )?more\b|"
                         r"\bmore (?:chips )?(?:behind|left)\b|"
                         r"\b(?:not|isnt|wasnt|arent|werent|never) (?:\w+ )?allin\b")
# "one black 1000 chip": the chip's colour, said beside its worth
CHIP_COLOUR = (r"(?:(?:black|green|red|white|blue|yellow|purple|orange|pink|grey|gray|brown|"
               r"gold|lilac)\s+)?")
# "put out 500 thinking it was 500", "misread it as 400": the bet the player believed he faced,
# a mistake told beside the chips put in (no deed)
MISTAKEN = re.compile(
    rf"\b(?:thinking|thought|believing|assuming|figuring|sure)\s+(?:that\s+)?(?:(?:it|the bet|"
    rf"the raise|his bet|her bet|the call|he|she)\s+)?(?:(?:was|is|were|had|bet|bets|raised to|"
    rf"to be)\s+)?(?:only\s+|just\s+)?(?:to\s+)?{N}\b|"
    rf"\bmis(?:read|heard|took|counted)\s+(?:it|the bet|his bet|her bet|the raise)\s+(?:as|for)\s+"
    rf"(?:only\s+)?{N}\b")


# "string bet called", "someone objected": a string bet called out by a player in the hand
STRING_CALLED = re.compile(r"\bstring\w*(?: bet| raise)?(?: was| is| got| gets| were)? (?:called|"
                           r"objected)\b|\bcall(?:s|ed|ing)? (?:out )?(?:a |the |it a |it as a |"
                           r"it )?string\b|\b(?:said|says|say|yell\w*|shout\w*|claims?|"
                           r"claimed) (?:its a |it was a |thats a )?string\b|\bobject\w*\b")
