"""League play commands. For directors (hidden from members by default): /league create,
points, money; /season start, end; /appeals list, close. For everyone: /leagues, /standings
(with the points-race chart or the CSV export), /stats, /settle, /appeal.

Thin: every rule and number comes from bot.league; this file checks who may do what, turns
options into calls and the answers into messages. Names are players' own text: escaped outside
code blocks, and nothing the bot sends here can ping (AllowedMentions.none()). Commands that
write or draw a chart defer first; long standings page with buttons.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Sequence
from typing import Any, Literal, TypeVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_ui.autocomplete import league_autocomplete
from bot.discord_ui.client import LeagueBot
from bot.discord_ui.directors import is_director, require_director
from bot.discord_ui.files import MemoryFile
from bot.discord_ui.paging import page_buttons, register_pager
from bot.discord_ui.parsing import parse_hand_ref
from bot.discord_ui.presenter import league as words
from bot.discord_ui.presenter.answers import refused_text
from bot.discord_ui.presenter.league import (
    appeals_embed,
    season_end_button_label,
    season_end_question,
    season_over_text,
    season_started_text,
)
from bot.discord_ui.replies import defer_public, send_private, send_public
from bot.league import service
from bot.league.chart import render_race
from bot.league.points import SeasonOptions, describe_options, get_system, systems
from bot.league.render import (
    ledger,
    ledger_csv,
    page_count,
    standings_csv,
)
from bot.league.standings import points_race
from bot.service.usecases import Refused
from bot.tournament.hand_id import HandId

T = TypeVar("T")
NO_PINGS = discord.AllowedMentions.none()
MANAGE_SERVER = discord.Permissions(manage_guild=True)


async def league_call(coro: Awaitable[T]) -> T:
    """Run a bot.league call; its refusals become private messages to the user."""
    try:
        return await coro
    except service.LeagueError as exc:
        raise Refused.saying(str(exc)) from exc


def guild_id_of(interaction: discord.Interaction) -> int:
    if interaction.guild_id is None:
        raise Refused.saying(words.NOT_IN_DMS)
    return interaction.guild_id


async def send(interaction: discord.Interaction, content: str = "", *,
               ephemeral: bool = False, embed: discord.Embed | None = None,
               files: Sequence[discord.File] = (), view: discord.ui.View | None = None) -> None:
    """Answer in the channel (or only to the user), never pinging anyone."""
    if ephemeral:
        await send_private(interaction, content, embed=embed,
                           file=files[0] if files else None, view=view)
    else:
        await send_public(interaction, content, embed=embed, files=files, view=view)


async def season_autocomplete(interaction: discord.Interaction,
                              current: str) -> list[app_commands.Choice[str]]:
    """The seasons of the league chosen in the same command (else the default league)."""
    bot = interaction.client
    if interaction.guild_id is None or not isinstance(bot, LeagueBot):
        return []
    chosen = getattr(interaction.namespace, "league", None)
    try:
        found = await service.find_league(bot.store, interaction.guild_id, chosen)
    except service.LeagueError:
        return []
    names = [s.name for s in await bot.store.seasons(found.id)]
    return [app_commands.Choice(name=n[:100], value=n[:100]) for n in reversed(names)
            if current.casefold() in n.casefold()][:25]


async def hand_autocomplete(interaction: discord.Interaction,
                            current: str) -> list[app_commands.Choice[str]]:
    """Recent hands of this server's latest tournaments, named as the table names them."""
    bot = interaction.client
    if interaction.guild_id is None or not isinstance(bot, LeagueBot):
        return []
    rows = sorted(await bot.store.tournaments(interaction.guild_id),
                  key=lambda r: r.id, reverse=True)[:3]
    out: list[app_commands.Choice[str]] = []
    for row in rows:
        hands = await bot.store.tournament_hands(row.id)
        for h in reversed(hands):
            name = str(HandId(row.id, h.table_no, h.hand_no))
            if current.strip() in name:
                out.append(app_commands.Choice(name=name, value=name))
            if len(out) == 25:
                return out
    return out


async def finished_tournament_autocomplete(interaction: discord.Interaction,
                                           current: str) -> list[app_commands.Choice[int]]:
    bot = interaction.client
    if interaction.guild_id is None or not isinstance(bot, LeagueBot):
        return []
    rows = await bot.store.tournaments(interaction.guild_id, "finished")
    out = []
    for row in reversed(rows):
        label = words.finished_night_choice(row.id, row.name)
        if current.casefold() in label.casefold():
            out.append(app_commands.Choice(name=label[:100], value=row.id))
    return out[:25]


def system_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=f"{s.title} ({name})", value=name)
            for name, s in sorted(systems().items())]


def race_png(view: service.SeasonView) -> discord.File:
    race = points_race(view.nights, view.system, view.options)
    order = [r.user_id for r in view.standings]
    names = {r.user_id: r.name for r in view.standings}
    series = {names[uid]: race[uid] for uid in order if uid in race}
    png = render_race(words.race_title(view.title), series,
                      [str(i) for i in range(1, len(view.nights) + 1)])
    return MemoryFile(png, "points-race.png")


def export_files(view: service.SeasonView) -> list[discord.File]:
    stem = "".join(c if c.isalnum() else "-" for c in view.title.casefold()).strip("-")
    return [
        MemoryFile(standings_csv(view.standings, view.options), f"{stem}-standings.csv"),
        MemoryFile(ledger_csv(ledger(view.nights), view.options), f"{stem}-ledger.csv"),
    ]


STANDINGS_PAGES = "standings"


def standings_buttons(view: service.SeasonView, page: int) -> discord.ui.View | None:
    """◀ ▶ under a season's standings (None for one page, or for no season)."""
    if view.season is None:
        return None
    return page_buttons(STANDINGS_PAGES, f"{view.league.id}:{view.season.id}", page,
                        page_count(len(view.standings)))


APPEALS_PAGES = "appeals"
# The appeals list a pager key names: "<guild>:<n>", n an index in here.
APPEAL_STATUSES: tuple[Literal["open", "closed"] | None, ...] = (None, "open", "closed")


def appeals_buttons(guild_id: int, status: str | None, page: service.AppealsPage
                    ) -> discord.ui.View | None:
    code = next(i for i, s in enumerate(APPEAL_STATUSES) if s == status)
    return page_buttons(APPEALS_PAGES, f"{guild_id}:{code}", page.page, page.pages)


SEASON_END = (r"se:(?P<league>[0-9]{1,20}):(?P<season>[0-9]{1,20}):"
              r"(?P<token>[0-9a-f]{12})")


class SeasonEndButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=SEASON_END):
    """The confirmation under /season end's question (nights still running): names the season
    and the running nights the director was shown; both are checked again as it ends."""

    def __init__(self, league_id: int, season_id: int, token: str,
                 label: str = words.SEASON_END_LABEL) -> None:
        super().__init__(discord.ui.Button(
            label=label, style=discord.ButtonStyle.danger,
            custom_id=f"se:{league_id}:{season_id}:{token}"))
        self.league_id, self.season_id, self.token = league_id, season_id, token

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> SeasonEndButton:
        assert isinstance(item, discord.ui.Button)
        return cls(int(match["league"]), int(match["season"]), match["token"],
                   item.label or words.SEASON_END_LABEL)

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = interaction.client.get_cog("League") if isinstance(
            interaction.client, commands.Bot) else None
        if not isinstance(cog, League):
            await send_private(interaction, words.NOT_LOADED)
            return
        try:
            await require_director(cog.bot, interaction)
            await defer_public(interaction)
            ended = await league_call(service.end_shown_season(
                cog.store, guild_id_of(interaction), self.league_id, self.season_id,
                self.token))
            await cog.season_over(interaction, ended)
        except Refused as exc:
            await send_private(interaction, refused_text(exc))


def season_end_view(end: service.SeasonEnd) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(SeasonEndButton(end.league.id, end.season.id, end.token,
                                  season_end_button_label(end)))
    return view


class League(commands.Cog):
    # Hidden from members by default (Manage Server); the director role, granted the commands
    # in Server Settings → Integrations, is still checked on every command that changes things.
    league = app_commands.Group(name="league", description="Leagues of this server",
                                guild_only=True, default_permissions=MANAGE_SERVER)
    season = app_commands.Group(name="season", description="Seasons of a league",
                                guild_only=True, default_permissions=MANAGE_SERVER)
    appeals = app_commands.Group(name="appeals", description="Appeals sent to the league",
                                 guild_only=True, default_permissions=MANAGE_SERVER)

    def __init__(self, bot: LeagueBot) -> None:
        self.bot = bot
        register_pager(STANDINGS_PAGES, self.standings_page)
        register_pager(APPEALS_PAGES, self.appeals_page)

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(SeasonEndButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(SeasonEndButton)

    async def appeals_page(self, interaction: discord.Interaction, key: str,
                           page: int) -> tuple[discord.Embed, int]:
        """A page of the appeals list a ◀ ▶ button names (guild:status), as it is now."""
        guild, _, code = key.partition(":")
        if not (guild.isdigit() and code.isdigit() and int(code) < len(APPEAL_STATUSES)) \
                or int(guild) != guild_id_of(interaction):
            raise Refused.saying(words.NO_APPEALS_LIST)
        await require_director(self.bot, interaction)
        status = APPEAL_STATUSES[int(code)]
        shown = await service.appeals_page(self.store, int(guild), status, page)
        return appeals_embed(shown, status), shown.pages

    async def standings_page(self, interaction: discord.Interaction, key: str,
                             page: int) -> tuple[discord.Embed, int]:
        """A page of the standings a ◀ ▶ button names (league:season ids), as they are now."""
        league_id, _, season_id = key.partition(":")
        if not (league_id.isdigit() and season_id.isdigit()):
            raise Refused.saying(words.NO_SEASON_NAMED)
        view = await league_call(service.season_view_by_ids(
            self.store, guild_id_of(interaction), int(league_id), int(season_id)))
        footer = await self.bot.night_desk.next_night_footer(view.league.id)
        return words.standings_embed(view, page, footer), page_count(len(view.standings))

    @property
    def store(self) -> Any:
        return self.bot.store

    # --- /league -------------------------------------------------------------------------------

    @league.command(name="create", description="Create a league (directors)")
    @app_commands.describe(name="The league's name, e.g. Tuesday")
    async def league_create(self, interaction: discord.Interaction,
                            name: app_commands.Range[str, 1, 80]) -> None:
        await require_director(self.bot, interaction)
        await defer_public(interaction)
        made = await league_call(service.create_league(self.store, guild_id_of(interaction),
                                                       name))
        await send(interaction, words.league_created_text(made.name))

    @app_commands.command(name="leagues", description="The leagues of this server")
    @app_commands.guild_only()
    async def league_list(self, interaction: discord.Interaction) -> None:
        infos = await league_call(service.list_leagues(self.store, guild_id_of(interaction)))
        await send(interaction, embed=words.leagues_embed(infos))

    @league.command(name="points", description="Choose a league's points system and options "
                                               "(directors)")
    @app_commands.describe(
        system="Points formula",
        league="League (default: the server's first)",
        best="Count only the best N nights (0: every night)",
        min_nights="Nights needed to qualify for the final",
        final_seats="Top N qualified players reach the final (0: no final)",
        bounty_points="Points per knockout",
        tie_breaks="Order of tie-breaks, e.g. wins,best_finish,head_to_head",
    )
    @app_commands.choices(system=system_choices())
    @app_commands.autocomplete(league=league_autocomplete)
    async def league_points(
        self, interaction: discord.Interaction, system: str | None = None,
        league: app_commands.Range[str, 1, 100] | None = None,
        best: app_commands.Range[int, 0, 100] | None = None,
        min_nights: app_commands.Range[int, 0, 100] | None = None,
        final_seats: app_commands.Range[int, 0, 100] | None = None,
        bounty_points: app_commands.Range[float, 0, 1000] | None = None,
        tie_breaks: app_commands.Range[str, 1, 200] | None = None,
    ) -> None:
        await require_director(self.bot, interaction)
        await defer_public(interaction)
        breaks = None
        if tie_breaks is not None:
            breaks = [t.strip().replace("-", "_").replace(" ", "_")
                      for t in tie_breaks.split(",") if t.strip()]
        settings = await league_call(service.configure_league(
            self.store, guild_id_of(interaction), league, system=system, best_n=best,
            min_nights=min_nights, final_seats=final_seats, bounty_points=bounty_points,
            tie_breaks=breaks))
        chosen = get_system(settings.points_system)
        text = describe_options(chosen, SeasonOptions.from_dict(settings.options))
        await send(interaction, words.points_set_text(text))

    @league.command(name="money", description="A league's currency and bounty (directors)")
    @app_commands.describe(
        currency="Currency symbol or code, e.g. $ or EUR ('none': play for no money)",
        decimals="Decimals of the currency (amounts are stored in its smallest unit)",
        bounty="Money per knockout, in the smallest unit, paid by the busted player",
        league="League (default: the server's first)",
        mode="pairwise: players settle among themselves; bank: the money is paid at the door "
             "and the banker pays each winner",
        banker="Who holds the bank (mode bank; default: the director)",
    )
    @app_commands.autocomplete(league=league_autocomplete)
    async def league_money(
        self, interaction: discord.Interaction,
        currency: app_commands.Range[str, 1, 10] | None = None,
        decimals: app_commands.Range[int, 0, 3] | None = None,
        bounty: app_commands.Range[int, 0, 10**9] | None = None,
        league: app_commands.Range[str, 1, 100] | None = None,
        mode: Literal["pairwise", "bank"] | None = None,
        banker: discord.Member | None = None,
    ) -> None:
        await require_director(self.bot, interaction)
        if banker is not None and mode == "pairwise":
            raise Refused.saying(words.BANKER_ONLY_IN_BANK)
        await defer_public(interaction)
        clear = currency is not None and currency.strip().casefold() in ("none", "off", "")
        settings = await league_call(service.configure_league(
            self.store, guild_id_of(interaction), league,
            currency=None if clear else currency, clear_currency=clear,
            decimals=decimals, bounty=bounty,
            money_mode="bank" if banker is not None else mode,
            banker=banker.id if banker is not None else None,
            banker_name=banker.display_name if banker is not None else None))
        opts = SeasonOptions.from_dict(settings.options)
        await send(interaction, words.money_set_text(settings.currency, opts))

    # --- /season -------------------------------------------------------------------------------

    @season.command(name="start", description="Start a league's season (directors)")
    @app_commands.describe(name="Season name, e.g. Spring 2025", league="League")
    @app_commands.autocomplete(league=league_autocomplete)
    async def season_start(self, interaction: discord.Interaction,
                           name: app_commands.Range[str, 1, 80],
                           league: app_commands.Range[str, 1, 100] | None = None) -> None:
        await require_director(self.bot, interaction)
        await defer_public(interaction)
        ls = await league_call(service.start_season(self.store, guild_id_of(interaction), name,
                                                    league))
        await send(interaction, season_started_text(ls))

    @season.command(name="end", description="End a league's active season (directors)")
    @app_commands.describe(league="League")
    @app_commands.autocomplete(league=league_autocomplete)
    async def season_end(self, interaction: discord.Interaction,
                         league: app_commands.Range[str, 1, 100] | None = None) -> None:
        await require_director(self.bot, interaction)
        plan = await league_call(service.season_to_end(self.store, guild_id_of(interaction),
                                                       league))
        if plan.running:
            # Nights that started in it still run: name them and ask (privately) to confirm.
            await send(interaction, season_end_question(plan), ephemeral=True,
                       view=season_end_view(plan))
            return
        await defer_public(interaction)
        # The season and its (no) running nights are checked again as it ends.
        ended = await league_call(service.end_shown_season(
            self.store, guild_id_of(interaction), plan.league.id, plan.season.id, plan.token))
        await self.season_over(interaction, ended)

    async def season_over(self, interaction: discord.Interaction,
                          ended: service.SeasonEnd) -> None:
        """The channel hears the season is over, with its standings (final, or so far while
        nights that started in it still run)."""
        view = await league_call(service.season_view_by_ids(
            self.store, guild_id_of(interaction), ended.league.id, ended.season.id))
        embed = words.standings_embed(view, 1)  # "Final standings", or "so far" while nights run
        await send(interaction, season_over_text(ended), embed=embed,
                   view=standings_buttons(view, 1))

    # --- /standings, /stats ---------------------------------------------------------------------

    @app_commands.command(name="standings", description="A season's standings")
    @app_commands.guild_only()
    @app_commands.describe(league="League (default: the server's first)",
                           season="Season (default: the active one)",
                           chart="Add the points-race chart",
                           export="Add the standings and money ledger as CSV files")
    @app_commands.autocomplete(league=league_autocomplete, season=season_autocomplete)
    async def standings(self, interaction: discord.Interaction,
                        league: app_commands.Range[str, 1, 100] | None = None,
                        season: app_commands.Range[str, 1, 100] | None = None,
                        chart: bool = False, export: bool = False) -> None:
        if chart or export:
            await defer_public(interaction)  # drawing a chart can take a moment
        view = await league_call(service.season_view(self.store, guild_id_of(interaction),
                                                     league, season))
        files = ([race_png(view)] if chart else []) + (export_files(view) if export else [])
        footer = await self.bot.night_desk.next_night_footer(view.league.id)
        await send(interaction, embed=words.standings_embed(view, 1, footer), files=files,
                   view=standings_buttons(view, 1))

    @app_commands.command(name="stats", description="A player's league record")
    @app_commands.guild_only()
    @app_commands.describe(player="Whose record (default: yours)", league="League")
    @app_commands.autocomplete(league=league_autocomplete)
    async def stats(self, interaction: discord.Interaction, player: discord.User | None = None,
                    league: app_commands.Range[str, 1, 100] | None = None) -> None:
        who = player or interaction.user
        league_row, rec = await league_call(service.player_stats(
            self.store, guild_id_of(interaction), who.id, who.display_name, league))
        if not rec.nights:
            await send(interaction, words.no_nights_text(rec.name, league_row.name))
            return
        await send(interaction, embed=words.stats_embed(rec, league_row))

    # --- /settle --------------------------------------------------------------------------------

    @app_commands.command(name="settle", description="Who pays whom after a night")
    @app_commands.guild_only()
    @app_commands.describe(tournament="A finished tournament (default: the latest)")
    @app_commands.autocomplete(tournament=finished_tournament_autocomplete)
    async def settle(self, interaction: discord.Interaction,
                     tournament: app_commands.Range[int, 1, 999_999_999] | None = None) -> None:
        s = await league_call(service.settle_tournament(self.store, guild_id_of(interaction),
                                                        tournament))
        await send(interaction, embed=words.settle_embed(s))

    # --- appeals --------------------------------------------------------------------------------

    @app_commands.command(name="appeal", description="Send a disputed ruling to the league")
    @app_commands.guild_only()
    @app_commands.describe(text="What happened and what you ask the league to decide",
                           hand="The hand, as the table names it (e.g. 7-t1-h12)")
    @app_commands.autocomplete(hand=hand_autocomplete)
    async def appeal(self, interaction: discord.Interaction,
                     text: app_commands.Range[str, 1, 1000],
                     hand: app_commands.Range[str, 1, 40] | None = None) -> None:
        if not text.strip():
            raise Refused.saying(words.APPEAL_WORDS_NEEDED)
        named = None
        if hand is not None:
            ref = parse_hand_ref(hand)
            if not isinstance(ref, HandId):
                raise Refused.saying(words.APPEAL_HAND_NAMED)
            named = str(ref)
        director = named is not None and await is_director(self.bot, interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        made = await league_call(service.file_appeal(self.store, guild_id_of(interaction),
                                                     interaction.user.id, text, named,
                                                     director=director))
        await send(interaction, words.appeal_filed_text(made.id), ephemeral=True)

    @appeals.command(name="list", description="Appeals sent to the league (directors)")
    @app_commands.describe(status="Only open or only closed appeals (default: all, open first)")
    async def appeals_list(self, interaction: discord.Interaction,
                           status: Literal["open", "closed"] | None = None) -> None:
        await require_director(self.bot, interaction)
        guild = guild_id_of(interaction)
        shown = await service.appeals_page(self.store, guild, status, 1)
        await send(interaction, embed=appeals_embed(shown, status), ephemeral=True,
                   view=appeals_buttons(guild, status, shown))

    @appeals.command(name="close", description="Decide an appeal (directors)")
    @app_commands.describe(id="Appeal number", decision="The league's decision, kept for later")
    async def appeals_close(self, interaction: discord.Interaction,
                            id: app_commands.Range[int, 1, 999_999_999],
                            decision: app_commands.Range[str, 1, 1000]) -> None:
        await require_director(self.bot, interaction)
        if not decision.strip():
            raise Refused.saying(words.DECISION_WORDS_NEEDED)
        await defer_public(interaction)
        closed = await league_call(service.close_appeal(
            self.store, guild_id_of(interaction), id, interaction.user.id, decision))
        await send(interaction, words.appeal_decided_text(closed.id, closed.decision or ""))


async def setup(bot: LeagueBot) -> None:
    await bot.add_cog(League(bot))
