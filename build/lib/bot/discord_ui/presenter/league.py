"""League sentences: which season a night counts in, a season's end (and the question before
it while nights run), and the appeals list. Names are escaped here; nothing here pings."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.discord_ui.presenter.bank import dealt_prizes_line, money_mode_text, settle_heading
from bot.discord_ui.presenter.limits import fit_embed, safe_text, truncate
from bot.discord_ui.presenter.refusals import ended
from bot.league.points import SeasonOptions, describe_options, fmt_points
from bot.league.render import (
    money,
    page_count,
    standings_legend,
    standings_page,
    transfer_lines,
)
from bot.league.service import (
    AppealsPage,
    LeagueInfo,
    LeagueSeason,
    NightSeason,
    SeasonEnd,
    SeasonView,
    Settlement,
)
from bot.league.stats import PlayerRecord
from bot.league.words import counted
from bot.store import LeagueRow, TournamentRow

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


# ---- the league commands' own answers (the league's refusals are its LeagueError sentences)

NOT_IN_DMS = "League commands work in a server channel, not in DMs."
NOT_LOADED = "League commands are not loaded right now."
NO_APPEALS_LIST = "Those buttons name no appeals list: ask again with /appeals list."
NO_SEASON_NAMED = "Those buttons name no season: ask again with /standings."
BANKER_ONLY_IN_BANK = ended("A banker holds the money in mode `bank`; in mode `pairwise` the "
                            "players settle among themselves.")
APPEAL_WORDS_NEEDED = ended("Say in words what happened (1 to 1,000 characters).")
APPEAL_HAND_NAMED = ended("Name the hand as the table message does, such as 7-t1-h12.")
DECISION_WORDS_NEEDED = ended("Give the decision in words (1 to 1,000 characters).")
SEASON_END_LABEL = "End the season"


def _escaped(text: str) -> str:
    """Player text for outside a code block: no Markdown, no mentions."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(text))


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}%"


def finished_night_choice(number: int, name: str) -> str:
    """A finished tournament in the list `/settle` picks from."""
    return f"#{number} {name}"


def race_title(season: str) -> str:
    """The points-race chart's title."""
    return f"{season}: points race"


def standings_embed(view: SeasonView, page: int, next_night: str | None = None
                    ) -> discord.Embed:
    pages = page_count(len(view.standings))
    page = min(max(page, 1), pages)
    if not view.standings:
        body = ("No finished nights in this season yet." if view.season else
                "This league has no season yet: a director starts one with /season start.")
    else:
        body = standings_page(view.standings, page, show_money=view.show_money,
                              options=view.options, currency=view.settings.currency)
        body += "\n" + standings_legend(view.standings, view.options, view.show_money)
    ended = view.season is not None and view.season.ends_at is not None
    embed = discord.Embed(title=standings_title(view.final, ended, view.title),
                          description=body, colour=COLOUR)
    footer = standings_footer(len(view.nights), page, pages,
                              describe_options(view.system, view.options))
    embed.set_footer(text=truncate(f"{footer}\n{next_night}", 2048) if next_night else footer)
    return fit_embed(embed)


def league_created_text(league: str) -> str:
    return f"League **{_escaped(league)}** created. Start its first season with `/season start`."


def leagues_embed(infos: Sequence[LeagueInfo]) -> discord.Embed:
    """The server's leagues, the default first."""
    lines = []
    for i, info in enumerate(infos):
        active = _escaped(info.active.name) if info.active else "no active season"
        default = " (default)" if i == 0 else ""
        currency = f" · plays in {_escaped(info.settings.currency)}" \
            if info.settings.currency else ""
        lines.append(f"**{_escaped(info.league.name)}**{default} · {active} · "
                     f"{info.system.title} points{currency}")
    return fit_embed(discord.Embed(title="Leagues", description="\n".join(lines), colour=COLOUR))


def points_set_text(described: str) -> str:
    """`described`: the points system and its options, in the league's words."""
    return f"Points from the next night on: {_escaped(described)}"


def money_set_text(currency: str | None, options: SeasonOptions) -> str:
    cur = _escaped(currency) if currency else "no currency"
    return (f"Money: {cur}; bounty {money(options.bounty, options, currency)} per knockout; "
            f"{money_mode_text(options.money_mode, options.banker_name)}.")


def no_nights_text(player: str, league: str) -> str:
    return f"{_escaped(player)} has no finished nights in {_escaped(league)} yet."


def stats_embed(rec: PlayerRecord, league: LeagueRow) -> discord.Embed:
    """A player's record in a league: nights, results, points, and his play at the tables."""
    h = rec.hands
    embed = discord.Embed(title=truncate(_escaped(f"{rec.name} - {league.name}"), 256),
                          colour=COLOUR)
    embed.add_field(name="Nights", value=str(rec.nights))
    embed.add_field(name="Wins", value=str(rec.wins))
    embed.add_field(name="Final tables", value=str(rec.final_tables))
    embed.add_field(name="Cashes", value=str(rec.cashes))
    avg = "-" if rec.average_finish is None else f"{rec.average_finish:.2f}"
    embed.add_field(name="Average finish", value=avg)
    embed.add_field(name="Points (all seasons)", value=fmt_points(rec.points))
    embed.add_field(name="Hands played", value=str(h.hands))
    embed.add_field(name="VPIP", value=_pct(h.vpip_pct))
    embed.add_field(name="Pre-flop raise", value=_pct(h.pfr_pct))
    pot = "-" if not h.biggest_pot else f"{h.biggest_pot:,} chips (hand {h.biggest_pot_hand})"
    embed.add_field(name="Biggest pot won", value=pot)
    return fit_embed(embed)


def settle_embed(s: Settlement) -> discord.Embed:
    """Who paid and won what in one night, and who pays whom."""
    cur = s.settings.currency
    lines = [f"**{_escaped(s.night.name)}** (tournament {s.night.tournament_id}, "
             f"{counted(s.night.entrants, 'player')})"]
    if s.night.deal is not None:
        lines.append(dealt_prizes_line(s.night.deal))
    for p in sorted(s.night.players, key=lambda p: p.place):
        lines.append(f"{p.place}. {_escaped(p.name)}: paid {money(p.spend, s.options, cur)}, "
                     f"won {money(p.prize + p.bounty_won, s.options, cur)}, net "
                     f"{money(p.net, s.options, cur)}")
    if s.transfers:
        lines.append("")
        lines.append(settle_heading(len(s.transfers), s.bank is not None))
        lines.extend(_escaped(t) for t in transfer_lines(s.transfers, s.names, s.options, cur))
    else:
        lines.append("\nNothing to settle: nobody owes anybody.")
    embed = discord.Embed(title="Settle-up", description=truncate("\n".join(lines), 4000),
                          colour=COLOUR)
    return fit_embed(embed)


def appeal_filed_text(number: int) -> str:
    return (f"Appeal {number} is with the league. The ruling stands for tonight; the league's "
            "decision is kept for the future.")


def appeal_decided_text(number: int, decision: str) -> str:
    return f"Appeal {number} decided: {_escaped(decision)}"
