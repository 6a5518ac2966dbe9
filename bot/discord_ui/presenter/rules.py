"""`/rule` in words: one rule as an embed, the paged list, and the honest no-match answer."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import discord

from bot.discord_ui.presenter.limits import (
    EMBED_DESCRIPTION,
    EMBED_FOOTER,
    fit_embed,
    safe_text,
    truncate,
)
from bot.engine.profile import Profile
from bot.rulebook import Rule
from bot.rulebook.loader import Mode

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


def rule_embed(rule: Rule, here: PlayedHere) -> discord.Embed:
    """One rule as this tournament (or this server) plays it: the live rule ("At the table")
    first, then what the bot does, online or at a live night; the footer says whose rules."""
    text = rule.text_for(here.profile, here.mode)
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
