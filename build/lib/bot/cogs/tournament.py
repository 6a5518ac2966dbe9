"""/tournament: create, join, leave, start, status, cancel, rebuy, addon.

Thin: the tournament aggregate decides what is allowed (its refusals are shown as they are);
this cog maps options to commands and hands results to the presenter. One unfinished tournament
per channel. `/tournament status` and `/tournament cancel` also take a tournament by name or
number from any channel of the server (directors), for a tournament whose channel is gone.
"""

from __future__ import annotations

import dataclasses
import secrets
from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_ui.autocomplete import league_autocomplete
from bot.discord_ui.client import LeagueBot
from bot.discord_ui.directors import is_director, require_director
from bot.discord_ui.lookup import channel_key, find_session, named_session, session_in_channel
from bot.discord_ui.parsing import parse_reason
from bot.discord_ui.presenter import registration as words
from bot.discord_ui.presenter.league import night_counts_text
from bot.discord_ui.presenter.server_files import refusal_text
from bot.discord_ui.presenter.status import StatusFacts, status_embed
from bot.discord_ui.replies import defer_public, send_private, send_public
from bot.engine.profile import PROFILE_NAMES, ProfileError, make_profile
from bot.league.service import LeagueError, active_season_for
from bot.service import Session, Unrecoverable
from bot.service.server_files import ServerFileError, resolve_payouts, resolve_structure
from bot.service.usecases import Refused, desk, entries
from bot.store import ChannelBusy
from bot.tournament.errors import StructureError
from bot.tournament.players import member_player
from bot.tournament.tournament import TournamentConfig

from .structures import payouts_autocomplete, structure_autocomplete


async def tournament_autocomplete(interaction: discord.Interaction,
                                  current: str) -> list[app_commands.Choice[str]]:
    bot = interaction.client
    if interaction.guild_id is None or not isinstance(bot, LeagueBot):
        return []
    out = []
    for s in bot.tournaments.unfinished_in(interaction.guild_id):
        name = bot.tournaments.rows[s.store_id].name
        label = f"{name} (#{s.store_id}, {s.tournament.status})"
        if current.casefold() in label.casefold():
            out.append(app_commands.Choice(name=label[:100], value=str(s.store_id)))
    return out[:25]


class TournamentCog(commands.Cog, name="Tournament"):
    tournament = app_commands.Group(name="tournament", description="Run a tournament here",
                                    guild_only=True)

    def __init__(self, bot: LeagueBot) -> None:
        self.bot = bot

    # ------------------------------------------------------------------ create

    @tournament.command(name="create", description="Create a tournament in this channel")
    @app_commands.describe(
        name="The tournament's name",
        structure="Blind structure: this server's own (/td structure) or a preset",
        buy_in="Buy-in in money units (0 for a free roll)",
        seats="Seats per table (2 to 10)",
        profile="Rule profile (default: this server's)",
        starting_stack="Starting chips (default: the structure's)",
        payouts="Payout table: this server's own (/td payouts) or a preset",
        league="League the night counts for (default: the server's main league)",
        mode="online: the bot deals; live: real cards, the bot is clock, seat draw and bust desk",
        action_time="Seconds to act before a player is marked away (15 to 600; default 120)",
        time_bank="Each player's time bank in seconds, spent with Time (0 to 900; default 0)",
        bank_refill="Seconds each new level adds back to the bank (0 to 300; default 10)",
    )
    @app_commands.choices(
        profile=[app_commands.Choice(name=p, value=p) for p in PROFILE_NAMES],
        mode=[app_commands.Choice(name="online (the bot deals)", value="online"),
              app_commands.Choice(name="live (real cards and chips)", value="live")],
    )
    @app_commands.autocomplete(league=league_autocomplete, structure=structure_autocomplete,
                               payouts=payouts_autocomplete)
    async def create(self, interaction: discord.Interaction,
                     name: app_commands.Range[str, 1, 80],
                     structure: app_commands.Range[str, 1, 100] = "regular",
                     buy_in: app_commands.Range[int, 0, 1_000_000] = 0,
                     seats: app_commands.Range[int, 2, 10] = 9,
                     profile: str | None = None,
                     starting_stack: app_commands.Range[int, 1, 100_000_000] | None = None,
                     payouts: app_commands.Range[str, 1, 100] = "standard",
                     league: app_commands.Range[str, 1, 100] | None = None,
                     mode: Literal["online", "live"] = "online",
                     action_time: int | None = None, time_bank: int | None = None,
                     bank_refill: int | None = None) -> None:
        if isinstance(interaction.channel, discord.Thread):
            raise Refused.saying(words.IN_A_THREAD)
        title = " ".join(name.split())
        if not title:
            raise Refused.saying(words.NAME_NEEDED)
        channel_id = channel_key(interaction.channel)
        existing = session_in_channel(self.bot, interaction.guild_id, channel_id)
        if existing is not None:
            row = self.bot.tournaments.rows[existing.store_id]
            raise Refused.saying(words.channel_busy_text(row.name, existing.tournament.status))
        assert interaction.guild_id is not None
        try:
            # The server's own (kept in the database) or a preset; the tournament keeps a copy
            # of the levels and payouts in its config, whatever happens to them later.
            struct = await resolve_structure(self.bot.store, interaction.guild_id, structure)
            table = await resolve_payouts(self.bot.store, interaction.guild_id, payouts)
            if starting_stack is not None:
                # The Structure validates itself again (multiple of the smallest chip, > 0).
                struct = dataclasses.replace(struct, starting_stack=starting_stack)
            guild_profile = await self.bot.league_profile(interaction.guild_id)
            if profile is None or profile == guild_profile.name:
                rules = guild_profile
            else:
                rules = make_profile(profile)
            # Times not given are TournamentConfig's defaults (its bounds refuse the rest).
            base = TournamentConfig(profile=rules, structure=struct, payouts=table,
                                    seats_per_table=seats, buy_in=buy_in, mode=mode)
            config = dataclasses.replace(
                base,
                action_seconds=base.action_seconds if action_time is None
                else float(action_time),
                time_bank_seconds=base.time_bank_seconds if time_bank is None
                else float(time_bank),
                time_bank_refill_seconds=base.time_bank_refill_seconds if bank_refill is None
                else float(bank_refill))
        except ServerFileError as exc:
            raise Refused.saying(refusal_text(exc)) from None
        except (StructureError, ProfileError) as exc:
            raise Refused.saying(words.not_created_text(str(exc))) from None
        assert interaction.guild_id is not None and channel_id is not None
        await defer_public(interaction)
        try:
            # The night counts for the league's active season (league play, /standings).
            counted = await active_season_for(self.bot.store, interaction.guild_id, league)
        except LeagueError as exc:
            raise Refused.saying(str(exc)) from None
        try:
            await self.bot.tournaments.create(
                guild_id=interaction.guild_id, channel_id=channel_id, name=title,
                config=config, league_id=counted.league.id,
                season_id=counted.season.id if counted.season else None,
                created_by=interaction.user.id)
        except ChannelBusy as exc:
            # Two creates at once: the database let exactly one through.
            other = exc.open_tournament
            raise Refused.saying(words.channel_busy_text(
                other.name if other is not None else None)) from None
        await send_public(interaction, words.opened_text(
            title, struct, buy_in=buy_in, seats=seats, rules=rules.name, live=mode == "live",
            action_seconds=config.action_seconds, bank_seconds=config.time_bank_seconds,
            refill_seconds=config.time_bank_refill_seconds))

    # ------------------------------------------------------------------ players

    @tournament.command(name="join", description="Register for this channel's tournament")
    async def join(self, interaction: discord.Interaction) -> None:
        session = find_session(self.bot, interaction)
        uid = interaction.user.id
        display = interaction.user.display_name
        await defer_public(interaction)
        await entries.join(session, uid, display)
        count = len(session.tournament.players)
        await send_public(interaction, words.joined_text(display, count))

    @tournament.command(name="leave", description="Unregister before the tournament starts")
    async def leave(self, interaction: discord.Interaction) -> None:
        session = find_session(self.bot, interaction)
        uid = interaction.user.id
        if session.tournament.status == "running":
            raise Refused.saying(words.STARTED_NO_LEAVING)
        await defer_public(interaction)
        await entries.leave(session, uid)
        await send_public(interaction, words.left_text(interaction.user.display_name))

    @tournament.command(name="start", description="Start the tournament (creator or director)")
    async def start(self, interaction: discord.Interaction) -> None:
        session = find_session(self.bot, interaction)
        if not await is_director(self.bot, interaction):
            actions = await self.bot.store.director_actions(session.store_id)
            creators = {a.director_id for a in actions if a.action == "create"}
            if interaction.user.id not in creators:
                raise Refused.saying(words.ONLY_CREATOR_STARTS)
        await defer_public(interaction)
        # The night counts in the season active as it starts: recorded in the same transaction.
        started = await entries.start(session, secrets.token_hex(16))
        await send_public(interaction, words.started_text(night_counts_text(started.extra)))

    async def _chosen(self, interaction: discord.Interaction, tournament: str | None) -> Session:
        """This channel's tournament, or the one named (directors, from any channel)."""
        if tournament is None:
            return find_session(self.bot, interaction)
        await require_director(self.bot, interaction)
        return named_session(self.bot, interaction.guild_id, tournament)

    @tournament.command(name="status", description="The clock, the tables and the field")
    @app_commands.describe(tournament="A tournament of this server by name or number "
                                      "(directors; default: this channel's)")
    @app_commands.autocomplete(tournament=tournament_autocomplete)
    async def status(self, interaction: discord.Interaction,
                     tournament: app_commands.Range[str, 1, 100] | None = None) -> None:
        session = await self._chosen(interaction, tournament)
        row = self.bot.tournaments.rows[session.store_id]
        facts = StatusFacts(name=row.name, number=session.store_id,
                            names=session.names)
        await send_private(interaction, "", embed=status_embed(
            session.tournament, facts, self.bot.tournaments.clock()))

    @tournament.command(name="cancel", description="Cancel a tournament (directors)")
    @app_commands.describe(reason="Why it is cancelled (kept for the league)",
                           tournament="A tournament of this server by name or number "
                                      "(default: this channel's)")
    @app_commands.autocomplete(tournament=tournament_autocomplete)
    async def cancel(self, interaction: discord.Interaction,
                     reason: app_commands.Range[str, 1, 300] = words.DEFAULT_CANCEL_REASON,
                     tournament: app_commands.Range[str, 1, 100] | None = None) -> None:
        await require_director(self.bot, interaction)
        why = parse_reason(reason)
        lost = self._unrecoverable(interaction, tournament)
        if lost is not None:
            # Its record does not rebuild: nothing to stop, only to mark cancelled.
            await defer_public(interaction)
            await self.bot.tournaments.cancel_unrecoverable(lost.row.id, interaction.user.id,
                                                            why)
            await send_public(interaction, words.cancelled_text(lost.row.name, why))
            return
        session = await self._chosen(interaction, tournament)
        sid = session.store_id
        await defer_public(interaction)
        await self.bot.tournaments.cancel(session, interaction.user.id, why)
        if session.tournament.live:
            await self.bot.live_clock.cancelled(session)  # its clock stops counting down
        row = self.bot.tournaments.rows[sid]
        await send_public(interaction, words.cancelled_text(row.name, why))

    def _unrecoverable(self, interaction: discord.Interaction,
                       tournament: str | None) -> Unrecoverable | None:
        """A tournament that could not be rebuilt at start-up, named or of this channel."""
        if interaction.guild_id is None:
            return None
        here = channel_key(interaction.channel)
        wanted = (tournament or "").strip().lstrip("#").casefold()
        for lost in self.bot.tournaments.unrecoverable_in(interaction.guild_id):
            if tournament is None:
                if lost.row.channel_id == here:
                    return lost
            elif wanted in (str(lost.row.id), lost.row.name.casefold()):
                return lost
        return None

    @tournament.command(name="rebuy", description="Buy back in after busting (if allowed)")
    async def rebuy(self, interaction: discord.Interaction) -> None:
        session = find_session(self.bot, interaction)
        uid = interaction.user.id
        rb = session.tournament.structure.rebuys
        if rb is None:
            raise Refused.saying(words.NO_REBUYS)
        seen = desk.bought(session.tournament, member_player(uid), "rebuy")
        await interaction.response.defer(ephemeral=True, thinking=True)
        # Sent twice (or a director's /td rebuy for him meanwhile): one re-buy.
        await desk.buy(session, member_player(uid), "rebuy", seen=seen, own=True)
        # The table hears it from the announcer (with the seat); the player gets a receipt.
        await send_private(interaction, words.rebought_text(rb.chips))

    @tournament.command(name="addon", description="Take the add-on (if allowed)")
    async def addon(self, interaction: discord.Interaction) -> None:
        session = find_session(self.bot, interaction)
        uid = interaction.user.id
        ao = session.tournament.structure.add_on
        if ao is None:
            raise Refused.saying(words.NO_ADD_ON)
        seen = desk.bought(session.tournament, member_player(uid), "addon")
        await interaction.response.defer(ephemeral=True, thinking=True)
        await desk.buy(session, member_player(uid), "addon", seen=seen, own=True)
        await send_private(interaction, words.added_on_text(ao.chips))


async def setup(bot: LeagueBot) -> None:
    await bot.add_cog(TournamentCog(bot))
