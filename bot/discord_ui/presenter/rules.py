"""`/rule` in words: one rule as an embed (with the amounts of the question worked out, when the
engine settled them), the answer that is unsure which rule is meant, the paged list, and the
honest answer for a topic no rulebook of the league covers."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import discord

from bot.discord_ui.presenter.limits import (
    EMBED_DESCRIPTION,
    EMBED_FOOTER,
    chips,
    fit_embed,
    safe_text,
    truncate,
)
from bot.engine.profile import Profile
from bot.rulebook import Rule
from bot.rulebook.loader import Mode
from bot.rulebook.worked import Worked

RULE_COLOUR = discord.Colour.blurple()
# Ids and titles of a page of `/rule topic:list`, well inside one embed description.
LIST_PAGE_CHARS = 1800
LIST_COMMAND = "`/rule topic:list`"
# Rules offered when a query finds none: a few close names help more than the whole list.
SUGGESTIONS = 3
# How much of the topic a no-match answer repeats back.
SHOWN_TOPIC_CHARS = 100
# A tournament's name is at most 80 characters (/tournament create).
TOURNAMENT_NAME_CHARS = 80


@dataclass(frozen=True)
class PlayedHere:
    """Whose rules `/rule` answers with: the tournament running in this channel (its profile
    and knobs, online or live), or, with no tournament here, the server's profile."""

    profile: Profile
    mode: Mode = "online"
    tournament: str | None = None  # the tournament's name; None: the server's profile
    tournament_id: int | None = None


def profile_words(profile: Profile) -> str:
    """"tavern" or "treps, clock_seconds=90": the profile and the knobs a league changed."""
    knobs = ", ".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}"
                      for k, v in profile.overrides)
    return f"{profile.name}, {knobs}" if knobs else profile.name


def played_here_words(here: PlayedHere) -> str:
    """The footer's account of whose rules these are."""
    if here.tournament is None:
        return f"this server's profile: {profile_words(here.profile)}"
    kind = "live night" if here.mode == "live" else "dealt online"
    number = f" (#{here.tournament_id})" if here.tournament_id is not None else ""
    # a footer shows no markdown: the name goes in as it is, on one line, bounded
    name = truncate(" ".join(here.tournament.split()), TOURNAMENT_NAME_CHARS)
    return (f"as played by {name}{number} in this channel "
            f"({kind}): profile {profile_words(here.profile)}")


def rule_embed(rule: Rule, here: PlayedHere, worked: Worked | None = None) -> discord.Embed:
    """One rule as this tournament (or this server) plays it: the amounts of the question
    worked out, if any, then the live rule ("At the table"), then what the bot does, online
    or at a live night; the footer says whose rules."""
    text = rule.text_for(here.profile, here.mode)
    if worked is not None:
        text = f"**{WORKED_HEADING}** {worked_text(worked)}\n\n{text}"
    embed = discord.Embed(title=truncate(rule.title, 256), description=text, colour=RULE_COLOUR)
    follows = rule.follows_for(here.profile)
    embed.add_field(name="Follows", value=truncate("; ".join(follows), 1024), inline=False)
    footer = f"rule {rule.id} · {rule.topic} · {played_here_words(here)}"
    embed.set_footer(text=truncate(footer, EMBED_FOOTER))
    return fit_embed(embed)


def list_pages(rules: Sequence[Rule], page_chars: int = LIST_PAGE_CHARS) -> list[str]:
    """`/rule topic:list` as pages of "`id` — title" lines, grouped by topic, each under the
    limit."""
    pages: list[str] = []
    current: list[str] = []
    size = 0
    topic = None
    for rule in rules:
        lines = []
        if rule.topic != topic:
            topic = rule.topic
            lines.append(f"**{topic}**")
        lines.append(f"`{rule.id}` — {rule.title}")
        chunk = "\n".join(lines)
        if current and size + len(chunk) + 1 > page_chars:
            pages.append("\n".join(current))
            current, size = [], 0
            if not chunk.startswith("**"):
                chunk = f"**{topic}** (cont.)\n{chunk}"
        current.append(chunk)
        size += len(chunk) + 1
    if current:
        pages.append("\n".join(current))
    return [truncate(p, EMBED_DESCRIPTION) for p in pages]


def list_embed(pages: Sequence[str], index: int) -> discord.Embed:
    embed = discord.Embed(title=f"Rules — page {index + 1} of {len(pages)}",
                          description=pages[index], colour=RULE_COLOUR)
    embed.set_footer(text=list_footer(index, len(pages)))
    return fit_embed(embed)


WORKED_HEADING = "Worked out:"
# The words on a button that opens one of the rules offered (Discord's cap is 80).
BUTTON_LABEL_CHARS = 80


def worked_text(w: Worked) -> str:
    """The amounts of a question as the engine settled them, in a sentence or two."""
    text = _settled_text(w)
    if "to_add" in w.facts:
        # asked from a blind how much to add: the chips on top of those already in
        text = (f"{text[:-1]}; with {chips(w.facts['had'])} in already, that is "
                f"{chips(w.facts['to_add'])} more.")
    return text


def _settled_text(w: Worked) -> str:
    f = w.facts
    to = chips(w.figures[0])
    if w.kind == "min-raise":
        return (f"to {to} at least (the last full raise was {chips(f['last_raise'])}, so a "
                f"raise adds at least that to the {chips(f['current'])} bet).")
    if w.kind == "min-bet":
        return f"the smallest bet is {to}, one big blind."
    if w.kind == "short-all-in":
        return (f"to {to} at least: the all-in to {chips(f['current'])} is not a full raise, so "
                f"the next raise adds the last full bet or raise ({chips(f['last_raise'])}) "
                "to it.")
    if w.kind == "reopened" and f.get("asked_call"):
        return (f"{chips(f['call'])} more to call; the all-ins since he acted add up to a full "
                f"raise, which these rules count, so he may also raise, to "
                f"{chips(w.figures[-1])} at least.")
    if w.kind == "reopened":
        return (f"yes: the all-ins since he acted add up to a full raise, which these rules "
                f"count, so he may raise, to {to} at least, or call {chips(f['call'])} "
                "more, or fold.")
    if w.kind == "not-reopened":
        why = ("short all-ins never add up under these rules, and none was a full raise"
               if f.get("several") and not f.get("add_up") else
               "the bet has not grown by a full raise since he acted")
        if f.get("asked_call"):
            return (f"{to} more to call, or fold: {why}, so the betting is not reopened for "
                    "him.")
        return (f"no: {why}, so the betting is not reopened for him. He may call "
                f"{to} more or fold.")
    if w.kind == "make-it":
        return _make_it_text(w)
    if w.kind == "string":
        first = _make_it_text(w)
        return (f"{first[:-1]}; going back to the stack for {chips(f['more'])} more without "
                "having said raise is a string bet, and only the first chips count.")
    if w.kind == "declared":
        if f["to"] == f["target"]:
            return f"a raise to {to}: it is a full raise, as declared."
        if f["to"] > f["target"]:
            return (f"a raise to {to}: \"raise to {chips(f['target'])}\" is short of a full "
                    "raise, and a declared raise is held to the minimum raise.")
        return (f"a call of {to}: a declared raise short of a full raise is read as \"make it "
                f"{chips(f['target'])}\", so it is a call and {chips(f['returned'])} goes back.")
    if w.kind == "raise-it":
        to = chips(f["to"])
        said = (f"\"raise {chips(f['asked'])}\" adds {chips(f['asked'])} to the "
                f"{chips(f['facing'])} bet faced")
        if f["to"] == f["target"]:
            had = (f"; with {chips(f['had'])} already in, he puts in {chips(f['added'])} more"
                   if f["had"] else f": he puts in {chips(f['added'])}")
            return f"a raise to {to}: {said}{had}."
        if f["to"] > f["target"]:
            return (f"a raise to {to}: {said}, {chips(f['target'])}, short of a full raise, "
                    "and a declared raise is held to the minimum raise.")
        return (f"a call of {to}: {said}, {chips(f['target'])}, short of a full raise, which "
                f"these rules read as \"make it\": a call, {chips(f['returned'])} goes back.")
    if w.kind == "said-raise-call":
        if w.figures[0] == f["min_to"]:
            return (f"he must raise, to {to} at least: a declared raise is held to the minimum "
                    "raise, and having said raise first he may go back to his stack for the "
                    "chips.")
        chips_in = ("the chips to call are a call" if f.get("threw", f["call_to"]) == f["call_to"]
                    else f"the {chips(f['threw'])} put in is a call and "
                         f"{chips(f['returned'])} goes back")
        return (f"a call of {to}: these rules read a raise short of a full one as \"make it\", "
                f"so {chips_in}; having said raise first, he may still go "
                f"back to his stack before his turn ends and make a full raise, to "
                f"{chips(f['min_to'])} at least.")
    if w.kind == "declared-vs-chips":
        back = f"; {chips(f['returned'])} goes back" if f["returned"] else ""
        deed = ("a call of" if f.get("called") else "a raise to" if f["facing"] else "a bet of")
        held = ("" if f["to"] == f["said"] else
                f" ({chips(f['said'])} is short of a full raise, read as these rules read it)")
        return (f"{deed} {to}: the amount said binds, not the chips thrown{held}{back}.")
    if w.kind == "below-call":
        return (f"not a call: {chips(f['asked'])} is less than the {chips(f['current'])} bet. "
                f"He must call {to} ({chips(w.figures[1])} more) or fold; he may take the chips "
                "back and fold only if nobody after him has acted.")
    if w.kind == "over-stack":
        return f"all-in for {to}: naming more than his stack puts a player all-in."
    if w.kind == "split":
        yours = (f"{to} for that player; " if f.get("theirs") else f"{to} for you; "
                 if f.get("mine") else "")
        if f.get("alone"):
            yours = (f"{to} for you ({chips(w.figures[1])} of the split pot and the "
                     f"{chips(f['alone'])} pot won alone); ")
        if not f["odd"]:
            return (f"{yours}{chips(f['high'])} each: the pot of {chips(f['pot'])} splits "
                    "evenly.")
        first = "the first winner" if f["odd"] == 1 else f"the first {f['odd']} winners"
        return (f"{yours}{chips(f['high'])} to {first} from the button's left and "
                f"{chips(f['low'])} to the rest: {chips(f['pot'])} splits in whole "
                f"{chips(f['unit'])} chips, and the odd chip goes left of the button.")
    if w.kind == "side-pots":
        each = [chips(f[f"side_{i}"]) for i in range(1, f["sides"] + 1)]
        sides = " and ".join([", ".join(each[:-1]), each[-1]] if len(each) > 1 else each)
        text = (f"a main pot of {chips(f['main'])} among all {f['players']}" if f["sides"] else
                f"one pot of {chips(f['main'])} among the {f['players']} players, no side pot")
        if sides:
            some = "side pots" if f["sides"] > 1 else "a side pot"
            text += f", and {some} of {sides} among those who put more in"
        if f.get("dead"):
            text += f" (the main pot holds the {chips(f['dead'])} in it before the all-ins)"
        elif f.get("earlier"):
            text += " (the main pot also holds what was in it before this street)"
        if f["returned"]:
            text += f"; the {chips(f['returned'])} nobody matched goes back"
        if "count" in f:
            text = f"{f['count']} {'side pots' if f.get('side_count') else 'pots'}: {text}"
        elif "total" in f:
            text = f"{to} in all: {text}"
        elif "won" in f and f.get("most"):
            text = f"{to} at most for that player, the pots he is in: {text}"
        elif "won" in f:
            text = f"{to} to that player, the pots his hand takes: {text}"
        return text + "."
    if w.kind == "single-chip":
        back = f", and {chips(f['returned'])} comes back as change" if f["returned"] else ""
        return (f"a call of {to}: one chip put in without saying raise first is a call, "
                f"whatever it is worth{back}.")
    if w.kind == "uncalled":
        return (f"{to} goes back: only {chips(f['called'])} of the {chips(f['bet'])} was matched, "
                "and the part nobody called returns to its owner before the pot is awarded.")
    if w.kind == "forced-bets" and f.get("blinds_only"):
        return (f"{to} before the cards: the small blind of {chips(f['small'])} and the big "
                f"blind of {chips(f['blind'])}, no ante.")
    if w.kind == "forced-bets" and f.get("pot"):
        return (f"{to} before the cards: the blinds of {chips(f['small'])} and "
                f"{chips(f['blind'])} and the big blind's ante of {chips(f['ante'])} for the "
                "whole table.")
    if w.kind == "forced-bets" and f.get("ante_only"):
        source = "" if f.get("said", 1) else ", as the league's structures set it at these blinds"
        return (f"{to}: one ante for the whole table, posted by the big blind after his "
                f"{chips(f['blind'])} blind ({chips(w.figures[1])} in all){source}.")
    if w.kind == "forced-bets" and w.rule_id == "big-blind-ante":
        if f["ante"] < f["ante_asked"]:
            return (f"{to} in all: the blind of {chips(f['blind'])} first, then the "
                    f"{chips(f['ante'])} left of his stack to the ante of "
                    f"{chips(f['ante_asked'])}.")
        source = "" if f.get("said", 1) else ", as the league's structures set it at these blinds"
        return (f"{to} in all: the big blind of {chips(f['blind'])} and the ante of "
                f"{chips(f['ante'])} for the whole table{source}.")
    if w.kind == "forced-bets":
        return (f"{to} before the cards: the blinds and {f['players']} antes of "
                f"{chips(f['ante'])} ({chips(f['antes'])}).")
    if w.kind == "heads-up-posts":
        who = "the button posts the small blind" if f["button"] else (
            "the player who is not on the button posts the big blind")
        ante = f" and an ante of {chips(f['ante'])}" if f.get("ante") else ""
        return f"{to}: heads-up {who} ({chips(f['small'])}/{chips(f['big'])}){ante}."
    if w.kind == "blind-pair" and f.get("min_bet"):
        return (f"{to}: the smallest bet is one big blind, so the big blind is "
                f"{chips(f['big'])}, and the league's blind structures pair it with a small "
                f"blind of {to}.")
    if w.kind == "blind-pair":
        return (f"{to}: the league's blind structures pair a big blind of {chips(f['big'])} "
                f"with a small blind of {chips(f['small'])}.")
    if w.kind == "blind-posts" and f.get("to_call"):
        who = "heads-up the button has posted" if f["button"] else "the small blind has posted"
        if f.get("total"):
            return (f"{to} in all: {who} {chips(f['small'])}, and calling the big blind of "
                    f"{chips(f['big'])} takes {chips(w.figures[1])} more.")
        return (f"{to} more: {who} {chips(f['small'])}, and calling the big blind of "
                f"{chips(f['big'])} takes {to} more.")
    if w.kind == "blind-posts":
        which = "small" if f["asked_small"] else "big"
        return (f"{to}: at {chips(f['small'])}/{chips(f['big'])} the {which} blind posts "
                f"{to}.")
    if w.kind == "blinds-after-bust":
        return _bust_text(w)
    if w.kind == "chip-race":
        return _race_text(w)
    if w.kind == "call-for-less":
        return (f"{to}: facing {chips(f['bet'])} with {chips(f['stack'])} in his stack, a call "
                f"puts all of it in, and he wins only what he matched from each player; "
                f"{chips(f['returned'])} of the bet nobody matched goes back.")
    if w.kind == "clock":
        end = ("his hand is folded" if f["folds"] else
               "his hand is checked if it can be, else folded")
        if f.get("asked") == 1:
            return (f"{to} seconds: the countdown starts {f['countdown_from']} seconds after "
                    f"the call, {f['total']} seconds in all; then {end}.")
        if f.get("asked") == 2:
            return (f"{to} seconds after the call, then a {f['countdown']}-second countdown, "
                    f"{f['total']} seconds in all; then {end}.")
        return (f"{to} seconds from the call, the last {f['countdown']} counted down; then "
                f"{end}.")
    return to


def _bust_text(w: Worked) -> str:
    """The blinds of the hand after a blind is knocked out: one player's posting, or the
    blinds in all."""
    f = w.facts
    to = chips(w.figures[0])
    out = {1: "the small blind", 2: "the big blind", 3: "both blinds"}[f["busted"]]
    posted = (f"only the big blind of {chips(f['big'])}, with no small blind" if f["no_small"]
              else f"the small blind of {chips(f['small'])} and the big blind of "
                   f"{chips(f['big'])}")
    if f["asked"] == 3:
        return f"{to} from the blinds: with {out} knocked out, the next hand has {posted}."
    who = "big blind" if f["asked"] == 1 else "small blind"
    what = ("nothing" if not w.figures[0] else
            "the small blind" if w.figures[0] == f["small"] and f["small"] != f["big"] else
            "the big blind")
    return (f"{to}: with {out} knocked out, last hand's {who} posts {what} this hand; the hand "
            f"has {posted}.")


def _race_text(w: Worked) -> str:
    """The chip race, by what was asked: cards, chips changed up, a player with only odd chips,
    the odd chips left, the most one player wins."""
    f = w.facts
    to = chips(w.figures[0])
    old, new = chips(f["old"]), chips(f["new"])
    changed = f"every {new} in {old} chips is changed for one {new} chip"
    if f["asked"] == 1:
        plural = "" if w.figures[0] == 1 else "s"
        return (f"{to} card{plural}: {changed} first, and each {old} chip left over gets one "
                "card.")
    if f["asked"] == 2:
        counted = (f"{to} {new} chip{'' if w.figures[0] == 1 else 's'} ({chips(w.figures[1])})"
                   if f.get("counted") else f"{to} in {new} chips")
        return (f"{counted}: {changed} before the cards; the {f['odd']} odd {old} "
                "chips left get one card each.")
    if f["asked"] == 6:
        return (f"{to} {new} chip{'' if w.figures[0] == 1 else 's'}: the {f['odd']} odd {old} "
                f"chips ({chips(f['pool'])}) make whole {new} chips for the highest cards, one "
                "a player, and a leftover of half a chip or more gets the next highest card one "
                "more.")
    if f["asked"] == 3:
        return (f"{to}: nobody is raced out, so a player left with only odd chips gets a {new} "
                "chip before anyone else.")
    if f["asked"] == 5:
        if not w.figures[0]:
            return (f"nothing: the {chips(f['left'])} left over is less than half a {new} chip, "
                    "so it is removed.")
        return (f"{to}: the {chips(f['left'])} left over is half a {new} chip or more, so the "
                "highest card still without a chip gets one.")
    return (f"{to}: in the race a player wins at most one {new if f['new'] else 'new'} "
            "chip.")


def _make_it_text(w: Worked) -> str:
    f = w.facts
    to = chips(w.figures[0])
    put = f"{chips(f['asked'])} facing {chips(f['facing'])}"
    if f["to"] >= f["min_to"] and f["to"] == f["target"]:
        return f"a raise to {to}: {put} is a full raise."
    if f["asked"] == f["facing"]:
        return f"a call of {to}: {put} is exactly the call."
    if f["fifty"] and f["to"] > f["facing"]:
        return (f"a raise to {to}: {put} adds {chips(f['increase'])}, at least half the last "
                f"full raise of {chips(f['last_raise'])}, so it is made the minimum raise.")
    if f["fifty"]:
        return (f"a call of {to}: {put} adds {chips(f['increase'])}, less than half the last "
                f"full raise of {chips(f['last_raise'])}, so it is a call and "
                f"{chips(f['returned'])} goes back.")
    return (f"a call of {to}: {put} is short of a full raise (to {chips(f['min_to'])}), and "
            f"these rules make that a call; {chips(f['returned'])} goes back.")


def unsure_text(topic: str, suggestions: Sequence[Rule], amounts_unread: bool = False) -> str:
    """The private answer when the lookup is not sure which rule is meant (or could not work
    out the amounts a question gives): the closest rules, each a button that posts it."""
    shown = safe_text(topic.strip(), SHOWN_TOPIC_CHARS)
    head = (f"I could not work out the amounts in '{shown}' for sure." if amounts_unread else
            f"Not sure which rule you mean by '{shown}'.")
    return (f"{head} The closest rules: tap one to post it in the channel, or see "
            f"{LIST_COMMAND} for every rule.")


def rule_button_label(rule: Rule) -> str:
    return truncate(rule.title, BUTTON_LABEL_CHARS)


def _closest(suggestions: Sequence[Rule]) -> str:
    return ", ".join(f"`{r.id}` ({r.title})" for r in suggestions[:SUGGESTIONS])


def no_match_text(topic: str, suggestions: Sequence[Rule], not_covered: str | None = None) -> str:
    """The private answer to a topic that names no rule: honest about it, with the closest
    rules. A topic no rulebook here covers is named as such, so nobody reads the nearest rule
    as the answer."""
    if not_covered is not None:
        text = (f"None of this league's rulebooks covers {not_covered}: the director decides "
                "(`/rule topic:director-decision`).")
        if suggestions:
            text += f" Closest: {_closest(suggestions)}."
        return text + f" {LIST_COMMAND} lists every rule."
    shown = safe_text(topic.strip(), SHOWN_TOPIC_CHARS)
    if suggestions:
        return (f"No rule for '{shown}'; closest: {_closest(suggestions)}. "
                f"{LIST_COMMAND} lists every rule.")
    return f"No rule matches '{shown}'. {LIST_COMMAND} lists every rule."


def list_footer(index: int, pages: int) -> str:
    more = f" Page {index + 2}: `/rule topic:list page:{index + 2}`." if index + 1 < pages else ""
    return f"Post one rule in the channel with /rule topic:<name or id>.{more}"
