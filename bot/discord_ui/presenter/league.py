"""League sentences: which season a night counts in, a season's end (and the question before
it while nights run), and the appeals list. Names are escaped here; nothing here pings."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.discord_ui.presenter.limits import fit_embed, safe_text, truncate
from bot.league.service import AppealsPage, LeagueSeason, NightSeason, SeasonEnd
from bot.league.words import counted
from bot.store import TournamentRow

COLOUR = discord.Colour.dark_green()


def safe_name(name: str) -> str:
    """A league's, season's or night's name (up to 80 characters), made inert."""
    return safe_text(name, 80)


def night_label(t: TournamentRow) -> str:
    where = f" in <#{t.channel_id}>" if t.channel_id else ""
    return f"**{safe_name(t.name)}** (#{t.id}{where})"


def _nights(nights: Sequence[TournamentRow]) -> str:
    return ", ".join(night_label(t) for t in nights)


def season_started_text(ls: LeagueSeason) -> str:
    assert ls.season is not None
    return (f"**{safe_name(ls.league.name)}**: season **{safe_name(ls.season.name)}** has "
            "started. Every night that starts from now on counts toward it; a night already "
            "running counts in the season it started in.")


def season_end_question(end: SeasonEnd) -> str:
    """Asked privately before ending a season some of whose nights still run."""
    n = len(end.running)
    these = "this night" if n == 1 else f"these {n} nights"
    return (f"**{safe_name(end.season.name)}** ({safe_name(end.league.name)}) still has "
            f"{these} running: {_nights(end.running)}. {'It' if n == 1 else 'They'} started "
            f"in {safe_name(end.season.name)} and count in it when "
            f"{'it finishes' if n == 1 else 'they finish'}; its standings are final then. "
            "From now on no new night would count in it. End the season?")


def season_end_button_label(end: SeasonEnd) -> str:
    return truncate(f"End {end.season.name}", 80)


def season_over_text(end: SeasonEnd) -> str:
    head = (f"**{safe_name(end.league.name)}**: season **{safe_name(end.season.name)}** is "
            "over.")
    if not end.running:
        return head
    n = len(end.running)
    return (f"{head} No new night counts in it. Still running, started in it and counting in "
            f"it: {_nights(end.running)}. Its standings are final when "
            f"{'that night finishes' if n == 1 else 'those nights finish'}.")


def standings_title(final: bool, ended: bool, title: str) -> str:
    word = "Final standings" if final else "Standings so far" if ended else "Standings"
    return truncate(f"{word} - {title}", 256)


def standings_footer(nights: int, page: int, pages: int, rules: str) -> str:
    """Under the standings: how many nights, the page, and the points rules in one line."""
    more = f" · page {page} of {pages}" if pages > 1 else ""
    return truncate(f"{counted(nights, 'night')}{more}\n{rules}", 2048)


def night_counts_text(ns: NightSeason, *, finished: bool = False) -> str:
    """At a night's start and in its results: the season it counts in (the one active when it
    started)."""
    if ns.season is None:
        return "This night counts for no league season."
    league = f" of {safe_name(ns.league.name)}" if ns.league is not None else ""
    text = (f"This night counts in season **{safe_name(ns.season.name)}**{league}, the season "
            "active when it started.")
    if finished and ns.final:
        text += f" {safe_name(ns.season.name)} is over: its standings are now final."
    return text


def appeals_embed(page: AppealsPage, status: str | None) -> discord.Embed:
    """One page of the appeals list: open ones first."""
    title = {"open": "Open appeals", "closed": "Closed appeals"}.get(status or "", "Appeals")
    if not page.items:
        body = f"No {status} appeals." if status else "No appeals."
    else:
        lines = []
        for a, hand in page.items:
            mark = "open" if a.status == "open" else "decided"
            where = f" · hand {hand}" if hand is not None else ""
            line = (f"**#{a.id}** ({mark}){where} · from <@{a.user_id}>: "
                    f"{safe_text(a.statement, 250)}")
            if a.decision:
                line += f"\n→ {safe_text(a.decision, 150)}"
            lines.append(line)
        body = "\n".join(lines)
    embed = discord.Embed(title=title, description=truncate(body, 4000), colour=COLOUR)
    more = f" · page {page.page} of {page.pages}" if page.pages > 1 else ""
    embed.set_footer(text=f"{page.open} open · {page.total} listed{more}")
    return fit_embed(embed)
