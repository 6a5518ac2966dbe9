"""/td: the tournament director's commands, refused to everyone else. Thin: each power is a use
case (bot/service/usecases/director.py) whose event is announced in the channel and is the
record of the director action (read back by `director_actions`, never written twice)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_ui.client import LeagueBot
from bot.discord_ui.command_access import director_commands_access
from bot.discord_ui.directors import require_director
from bot.discord_ui.lookup import find_session
from bot.discord_ui.parsing import parse_knobs, parse_reason
from bot.discord_ui.presenter import director as words
from bot.discord_ui.presenter.access import director_role_text
from bot.discord_ui.presenter.hand_for_hand import hand_for_hand_answer
from bot.discord_ui.presenter.level_clock import PLAYER_TIME_HELP, level_clock_answer
from bot.discord_ui.presenter.nights import night_refusal, zone_set_text
from bot.discord_ui.presenter.notices import settings_text
from bot.discord_ui.replies import defer_public, send_private, send_public
from bot.discord_ui.time_input import parse_level_target, parse_time_change
from bot.discord_ui.zones import zone_autocomplete
from bot.engine.profile import PROFILE_NAMES, ProfileError, make_profile
from bot.schedule import NightError
from bot.service import Session
from bot.service.usecases import Refused, director
from bot.service.usecases import settings as server_settings
from bot.service.usecases.nights import zone_named
from bot.tournament.players import member_player

# Members do not see /td at all; the director role is still checked on every command, so a
# server can grant the commands to its director role in Server Settings → Integrations.
MANAGE_SERVER = discord.Permissions(manage_guild=True)
REASON_HINT = "Why (1 to 300 characters; kept for appeals)"


class Director(commands.Cog):
    td = app_commands.Group(name="td", description="Tournament director commands",
                            guild_only=True, default_permissions=MANAGE_SERVER)

    def __init__(self, bot: LeagueBot) -> None:
        self.bot = bot

    async def _session(self, interaction: discord.Interaction) -> Session:
        await require_director(self.bot, interaction)
        return find_session(self.bot, interaction)

    async def _done(self, interaction: discord.Interaction, text: str) -> None:
        await send_private(interaction, text)

    @td.command(name="role", description="Set the director role (needs Manage Server)")
    @app_commands.describe(role="Members with this role may direct tournaments")
    async def role(self, interaction: discord.Interaction, role: discord.Role) -> None:
        member = interaction.user
        if not isinstance(member, discord.Member) or not (
                member.guild_permissions.manage_guild or member.guild_permissions.administrator):
            raise Refused.saying(words.MANAGE_SERVER_NEEDED)
        assert interaction.guild_id is not None
        await interaction.response.defer(ephemeral=True, thinking=True)
        await server_settings.set_director_role(self.bot.store, interaction.guild_id, role.id)
        # Whether the role sees /td and the other director commands yet.
        access = await director_commands_access(
            self.bot, self.bot.tree, interaction.guild_id, role,
            synced_to_guild=self.bot.dev_guild_id is not None)
        bot_name = self.bot.user.name if self.bot.user is not None else words.UNNAMED_BOT
        await self._done(interaction, director_role_text(role.name, access, bot_name))

    @td.command(name="profile", description="Set this server's rule profile (new tournaments)")
    @app_commands.describe(profile="treps, tavern or tda",
                           knobs="Overrides, e.g. clock_seconds=90, rabbit_hunt=false")
    @app_commands.choices(profile=[app_commands.Choice(name=p, value=p) for p in PROFILE_NAMES])
    async def profile(self, interaction: discord.Interaction, profile: str,
                      knobs: app_commands.Range[str, 1, 500] | None = None) -> None:
        await require_director(self.bot, interaction)
        overrides = parse_knobs(knobs)
        try:
            made = make_profile(profile, **overrides)
        except (ProfileError, TypeError) as exc:
            raise Refused.saying(words.profile_refused_text(str(exc))) from None
        assert interaction.guild_id is not None
        await defer_public(interaction)
        await server_settings.set_profile(self.bot.store, interaction.guild_id, made)
        await send_public(interaction, words.profile_set_text(made.name, made.overrides))

    @td.command(name="settings", description="This server's table display: card colours, "
                                              "the idle ping, hole cards by DM; its time zone")
    @app_commands.describe(
        four_colour="Cards in four colours (spades black, hearts red, diamonds blue, clubs "
                    "green); off: two colours",
        idle_ping="Seconds before the player to act is pinged (0: never; at most 300)",
        card_dms="Hole cards by DM at each deal, for players who did not choose (/cards dm:)",
        timezone="The server's time zone for league nights, e.g. Europe/Amsterdam")
    @app_commands.autocomplete(timezone=zone_autocomplete)
    async def settings(self, interaction: discord.Interaction,
                       four_colour: bool | None = None,
                       idle_ping: app_commands.Range[int, 0, 300] | None = None,
                       card_dms: bool | None = None,
                       timezone: app_commands.Range[str, 1, 64] | None = None) -> None:
        await require_director(self.bot, interaction)
        assert interaction.guild_id is not None
        zone = None
        if timezone is not None:
            try:
                zone = zone_named(timezone.strip())
            except NightError as err:
                raise Refused.saying(night_refusal(err, None, zone_named(None))) from None
        await interaction.response.defer(ephemeral=True, thinking=True)
        done = await server_settings.change_display(
            self.bot.store, interaction.guild_id, time_zone=zone, four_colour=four_colour,
            idle_ping=idle_ping, card_dms=card_dms)
        settings = done.settings
        text = settings_text(settings.four_colour_deck, settings.idle_ping_seconds,
                             changed=bool(done.changed), hole_card_dms=settings.hole_card_dms)
        if zone is not None:
            said = zone_set_text(zone, self.bot.tournaments.clock())
            # The time zone alone: only it is said.
            text = said if done.changed == ("time_zone",) else f"{text} {said}"
        await self._done(interaction, text)

    @td.command(name="void", description="Void the hand in progress (misdeal)")
    @app_commands.describe(reason=REASON_HINT, table="Table number (default: the only one)")
    async def void(self, interaction: discord.Interaction,
                   reason: app_commands.Range[str, 1, 300],
                   table: app_commands.Range[int, 1, 1000] | None = None) -> None:
        session = await self._session(interaction)
        why = parse_reason(reason)
        tables = sorted(session.tournament.tables)
        if table is None:
            if len(tables) != 1:
                raise Refused.saying(words.which_table_text(tables))
            table = tables[0]
        elif table not in tables:
            raise Refused.saying(words.no_such_table_text(table, tables))
        await interaction.response.defer(ephemeral=True, thinking=True)
        await director.void_hand(session, table, member_player(interaction.user.id), why)
        await self._done(interaction, words.hand_voided_text(table))

    @td.command(name="penalty", description="A player sits out hands")
    @app_commands.describe(player="The player", hands="How many hands he sits out (1 to 20)",
                           reason=REASON_HINT)
    async def penalty(self, interaction: discord.Interaction, player: discord.Member,
                      hands: app_commands.Range[int, 1, 20],
                      reason: app_commands.Range[str, 1, 300]) -> None:
        session = await self._session(interaction)
        why = parse_reason(reason)
        seen = session.tournament.event_count
        await interaction.response.defer(ephemeral=True, thinking=True)
        await director.penalize(session, member_player(player.id), hands,
                                member_player(interaction.user.id), why, seen=seen)
        await self._done(interaction, words.PENALTY_GIVEN)

    @td.command(name="disqualify", description="Disqualify a player")
    @app_commands.describe(player="The player", reason=REASON_HINT)
    async def disqualify(self, interaction: discord.Interaction, player: discord.Member,
                         reason: app_commands.Range[str, 1, 300]) -> None:
        session = await self._session(interaction)
        why = parse_reason(reason)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await director.disqualify(session, member_player(player.id),
                                  member_player(interaction.user.id), why)
        await self._done(interaction, words.DISQUALIFIED)

    @td.command(name="adjust", description="Set a player's stack (between hands), with a reason")
    @app_commands.describe(player="The player", stack="His new stack in chips",
                           reason=REASON_HINT)
    async def adjust(self, interaction: discord.Interaction, player: discord.Member,
                     stack: app_commands.Range[int, 1, 1_000_000_000],
                     reason: app_commands.Range[str, 1, 300]) -> None:
        session = await self._session(interaction)
        why = parse_reason(reason)
        p = session.tournament.players.get(member_player(player.id))
        seen = p.stack if p is not None else None  # the stack he means to replace, as it is now
        await interaction.response.defer(ephemeral=True, thinking=True)
        await director.adjust_stack(session, member_player(player.id), stack,
                                    member_player(interaction.user.id), why, seen=seen)
        await self._done(interaction, words.STACK_ADJUSTED)

    @td.command(name="pause", description="Pause the tournament (all clocks stop)")
    @app_commands.describe(reason=REASON_HINT)
    async def pause(self, interaction: discord.Interaction,
                    reason: app_commands.Range[str, 1, 300] = words.DEFAULT_PAUSE_REASON) -> None:
        session = await self._session(interaction)
        why = parse_reason(reason)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await director.pause(session, member_player(interaction.user.id), why)
        await self._done(interaction, words.PAUSED)

    @td.command(name="resume", description="Resume the tournament")
    async def resume(self, interaction: discord.Interaction) -> None:
        session = await self._session(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await director.resume(session, member_player(interaction.user.id))
        await self._done(interaction, words.RESUMED)

    @td.command(name="time", description="Add or take time in the level (+2m, -30s), set "
                                          "it (12:00), or give the player to act more time")
    @app_commands.describe(
        change="+2m or -30s adds or takes time, 12:00 sets the time left; with player: +30s",
        player="The player to act: more time for his decision instead (online, 1 to 600 s)")
    async def time(self, interaction: discord.Interaction,
                   change: app_commands.Range[str, 1, 24],
                   player: discord.Member | None = None) -> None:
        session = await self._session(interaction)
        parsed = parse_time_change(change)
        by = member_player(interaction.user.id)
        if player is not None:
            seconds = parsed.change
            if seconds is None or not 1 <= seconds <= 600:
                raise Refused.saying(PLAYER_TIME_HELP)
            await interaction.response.defer(ephemeral=True, thinking=True)
            await director.give_time(session, member_player(player.id), seconds, by)
            await self._done(interaction, words.time_given_text(seconds))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        outcome = await director.set_level_time(session, by, change=parsed.change,
                                                seconds_left=parsed.seconds_left)
        await self._done(interaction, level_clock_answer(outcome.tournament_events))

    @td.command(name="level", description="Move the clock to the next or previous level, or "
                                           "to a level by number")
    @app_commands.describe(to="next, previous, or a level's number (it starts with its full "
                              "time)")
    async def level(self, interaction: discord.Interaction,
                    to: app_commands.Range[str, 1, 12]) -> None:
        session = await self._session(interaction)
        target = parse_level_target(to)
        await interaction.response.defer(ephemeral=True, thinking=True)
        outcome = await director.set_level(session, member_player(interaction.user.id),
                                           step=target.step, level=target.level)
        await self._done(interaction, level_clock_answer(outcome.tournament_events))

    @td.command(name="break", description="Start a break now (the level resumes after it), "
                                           "or end the break running")
    @app_commands.describe(minutes="How long (default: the structure's break, else 10)")
    async def break_(self, interaction: discord.Interaction,
                     minutes: app_commands.Range[int, 1, 120] | None = None) -> None:
        session = await self._session(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        outcome = await director.toggle_break(
            session, member_player(interaction.user.id),
            seconds=minutes * 60 if minutes is not None else None)
        await self._done(interaction, level_clock_answer(outcome.tournament_events))

    @td.command(name="handforhand", description="Live: turn hand for hand on or off (the "
                                                 "bubble; online the bot plays it by itself)")
    @app_commands.describe(on="True: every table plays one hand and waits for the others; "
                              "False: the tables play on their own again")
    async def handforhand(self, interaction: discord.Interaction, on: bool) -> None:
        session = await self._session(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        outcome = await director.set_hand_for_hand(session, on, member_player(interaction.user.id))
        await self._done(interaction, hand_for_hand_answer(outcome.tournament_events))

    @td.command(name="ruling", description="Post a director's ruling (kept for appeals)")
    @app_commands.describe(text="The ruling (1 to 300 characters)",
                           player="The player it concerns, if any")
    async def ruling(self, interaction: discord.Interaction,
                     text: app_commands.Range[str, 1, 300],
                     player: discord.Member | None = None) -> None:
        session = await self._session(interaction)
        decision = parse_reason(text, what="ruling")
        players = [member_player(player.id)] if player is not None else []
        if players and players[0] not in session.tournament.players:
            raise Refused.saying(words.NOT_IN_TOURNAMENT)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await director.ruling(session, interaction.user.id, decision, players)
        await self._done(interaction, words.RULING_POSTED)


async def setup(bot: LeagueBot) -> None:
    await bot.add_cog(Director(bot))
