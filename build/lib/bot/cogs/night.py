"""/night: a league's coming nights, scheduled in Discord before they are played.

- `/night schedule` (directors): the date and time as people type them (`tue 19:30`, read in
  the server's time zone, `/td settings timezone:`), where, the game, the seats (the host's
  tables), and whether it repeats. The bot makes the Discord event and posts the announcement
  with **I'm in** / **I'm out**.
- `/night list`: the coming nights. `/night edit` · `cancel` (directors): followed through to
  the event, the announcement and everyone signed up.
- `/night add` · `seat` · `drop` · `noshow` (directors): a guest or a member put on the list,
  one moved off the waiting list out of turn, one taken off, a no-show at the start.
- `/night reminders` (directors): when a league's reminders go out.

Thin: it reads the options, checks who may, calls the use cases (bot/service/usecases/
nights.py), and the desk (bot/discord_ui/night_desk.py) and presenter say what happened.
"""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_ui.autocomplete import MAX_CHOICE, MAX_CHOICES, league_autocomplete
from bot.discord_ui.client import LeagueBot
from bot.discord_ui.directors import require_director
from bot.discord_ui.lookup import channel_key
from bot.discord_ui.night_desk import NightDesk, night_id_of
from bot.discord_ui.parsing import parse_reason
from bot.discord_ui.presenter import nights as words
from bot.discord_ui.presenter.server_files import refusal_text
from bot.discord_ui.replies import send_private
from bot.discord_ui.zones import zone_names
from bot.league.service import LeagueError
from bot.schedule import NightError, Repeat, guest_key, member_key, read_reminders, read_when
from bot.service.night_clock import no_show
from bot.service.server_files import ServerFileError
from bot.service.usecases import Refused, nights
from bot.store import NightRow

from .structures import payouts_autocomplete, structure_autocomplete

REPEATS = {"weekly": Repeat.WEEKLY, "every 2 weeks": Repeat.FORTNIGHTLY, "none": Repeat.NONE}
NIGHT_HINT = "Which night (default: the next one of this server)"


async def night_autocomplete(interaction: discord.Interaction,
                             current: str) -> list[app_commands.Choice[str]]:
    """The server's coming nights, soonest first, by name and date."""
    bot = interaction.client
    if interaction.guild_id is None or not isinstance(bot, LeagueBot):
        return []
    zone = await bot.night_desk.zone(interaction.guild_id)
    out = []
    for n in await bot.store.coming_nights(interaction.guild_id):
        label = f"{n.name} · {words.local_time(n.starts_at, zone)} (#{n.id})"
        if current.casefold() in label.casefold():
            out.append(app_commands.Choice(name=label[:MAX_CHOICE], value=str(n.id)))
    return out[:MAX_CHOICES]


class NightCog(commands.Cog, name="Night"):
    night = app_commands.Group(name="night", description="League nights before they are "
                                                         "played: schedule, sign up, remind",
                               guild_only=True)

    def __init__(self, bot: LeagueBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        zone_names()  # read once now: the first `timezone:` typed is answered at once

    @property
    def desk(self) -> NightDesk:
        return self.bot.night_desk

    # ------------------------------------------------------------------ helpers

    async def _refuse(self, err: NightError, night: NightRow | None, guild_id: int,
                      player: str | None = None) -> Refused:
        zone = await self.desk.zone(guild_id)
        return Refused.saying(words.night_refusal(err, night, zone, player))

    async def _night(self, interaction: discord.Interaction, named: str | None,
                     *, opened: bool = False) -> NightRow:
        """The night named (by its number, as the autocomplete gives it), else the next one of
        the server (`opened`: the one open in this channel first)."""
        assert interaction.guild_id is not None
        coming = await self.bot.store.coming_nights(interaction.guild_id)
        if named is not None:
            wanted = night_id_of(named)
            found = next((n for n in coming if n.id == wanted), None)
            if found is None:
                raise Refused.saying(words.no_coming_night_text(named))
            return found
        if opened:
            here = channel_key(interaction.channel)
            found = next((n for n in coming if n.status == "open" and n.channel_id == here),
                         None)
            if found is not None:
                return found
        scheduled = [n for n in coming if n.status == "scheduled"]
        if not scheduled:
            raise Refused.saying(words.NO_NIGHT_SCHEDULED)
        return scheduled[0]

    async def _player(self, interaction: discord.Interaction, player: discord.Member | None,
                      name: str | None) -> tuple[int | None, str]:
        if (player is None) == (name is None):
            raise Refused.saying(words.SAY_WHO)
        if player is not None:
            return player.id, player.display_name
        assert name is not None
        return None, name

    # ------------------------------------------------------------------ schedule

    @night.command(name="schedule", description="Schedule a league night (directors)")
    @app_commands.describe(
        when="Day and time in the server's time zone: tue 19:30, 2026-12-15 19:30, "
             "tomorrow 8pm",
        place="Where a live night is played (a place's name); online: leave out",
        seats="Seats: the host's tables (2 to 200)",
        mode="live: real cards and chips; online: the bot deals in this channel",
        repeat="weekly, every 2 weeks, or none",
        league="League the night counts for (default: the server's main league)",
        structure="Blind structure: this server's own (/td structure) or a preset",
        payouts="Payout table: this server's own (/td payouts) or a preset",
        buy_in="Buy-in in money units (0 for a free roll)",
        name="The night's name (default: the day, e.g. Tuesday night)",
        autostart="Start its tournament by itself 15 minutes after it opens")
    @app_commands.choices(repeat=[app_commands.Choice(name=k, value=k) for k in REPEATS])
    @app_commands.autocomplete(league=league_autocomplete, structure=structure_autocomplete,
                               payouts=payouts_autocomplete)
    async def schedule(self, interaction: discord.Interaction,
                       when: app_commands.Range[str, 1, 60],
                       seats: app_commands.Range[int, 2, 200],
                       mode: Literal["live", "online"] = "live",
                       place: app_commands.Range[str, 1, 100] | None = None,
                       repeat: str = "weekly",
                       league: app_commands.Range[str, 1, 100] | None = None,
                       structure: app_commands.Range[str, 1, 100] = "regular",
                       payouts: app_commands.Range[str, 1, 100] = "standard",
                       buy_in: app_commands.Range[int, 0, 1_000_000] = 0,
                       name: app_commands.Range[str, 1, 60] | None = None,
                       autostart: bool = False) -> None:
        await require_director(self.bot, interaction)
        guild_id = interaction.guild_id
        assert guild_id is not None
        if isinstance(interaction.channel, discord.Thread):
            raise Refused.saying(words.NIGHT_IN_A_THREAD)
        if mode == "live" and not place:
            raise Refused.saying(words.LIVE_NEEDS_PLACE)
        settings = await self.bot.store.guild_settings(guild_id)
        zone = await self.desk.zone(guild_id)
        now = self.bot.tournaments.clock()
        try:
            starts = read_when(when, nights.moment(now), zone).timestamp()
        except NightError as err:
            raise await self._refuse(err, None, guild_id) from None
        title = " ".join((name or "").split()) or words.default_name(starts, zone)
        channel_id = channel_key(interaction.channel)
        assert channel_id is not None
        plan = nights.NightPlan(
            guild_id=guild_id, league=league, channel_id=channel_id, name=title,
            starts_at=starts, time_zone=words.zone_name(zone),
            place=" ".join(place.split()) if place and mode == "live" else None, mode=mode,
            structure=structure, payouts=payouts, buy_in=buy_in, seats=seats,
            repeats=REPEATS.get(repeat, Repeat.WEEKLY), autostart=autostart,
            created_by=interaction.user.id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            view = await nights.schedule(self.bot.store, plan, now)
        except LeagueError as exc:
            raise Refused.saying(str(exc)) from None
        except ServerFileError as exc:
            raise Refused.saying(refusal_text(exc)) from None
        event = await self.desk.announce(view)
        await send_private(interaction, words.scheduled_text(
            view, zone, zone_set=settings.time_zone is not None, event=event))

    # ------------------------------------------------------------------ list, edit, cancel

    @night.command(name="list", description="The coming league nights")
    async def list_nights(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None
        views = [await nights.night_view(self.bot.store, n.id)
                 for n in await self.bot.store.coming_nights(interaction.guild_id)]
        await send_private(interaction, words.night_list_text(
            views, await self.desk.zone(interaction.guild_id), interaction.guild_id))

    @night.command(name="edit", description="Change a coming night (directors)")
    @app_commands.describe(night=NIGHT_HINT, when="New day and time", place="New place",
                           seats="Seats (more seats go to the waiting list's first)",
                           structure="Blind structure", payouts="Payout table",
                           buy_in="Buy-in", repeat="weekly, every 2 weeks, or none",
                           name="New name", autostart="Start its tournament by itself")
    @app_commands.choices(repeat=[app_commands.Choice(name=k, value=k) for k in REPEATS])
    @app_commands.autocomplete(night=night_autocomplete, structure=structure_autocomplete,
                               payouts=payouts_autocomplete)
    async def edit(self, interaction: discord.Interaction,
                   night: app_commands.Range[str, 1, 100] | None = None,
                   when: app_commands.Range[str, 1, 60] | None = None,
                   place: app_commands.Range[str, 1, 100] | None = None,
                   seats: app_commands.Range[int, 2, 200] | None = None,
                   structure: app_commands.Range[str, 1, 100] | None = None,
                   payouts: app_commands.Range[str, 1, 100] | None = None,
                   buy_in: app_commands.Range[int, 0, 1_000_000] | None = None,
                   repeat: str | None = None,
                   name: app_commands.Range[str, 1, 60] | None = None,
                   autostart: bool | None = None) -> None:
        await require_director(self.bot, interaction)
        found = await self._night(interaction, night)
        zone = await self.desk.zone(found.guild_id)
        now = self.bot.tournaments.clock()
        try:
            starts = None if when is None else read_when(
                when, nights.moment(now), zone).timestamp()
        except NightError as err:
            raise await self._refuse(err, found, found.guild_id) from None
        change = nights.Edit(
            name=" ".join(name.split()) if name else None, starts_at=starts,
            time_zone=words.zone_name(zone) if starts is not None else None,
            place=" ".join(place.split()) if place else None, structure=structure,
            payouts=payouts, buy_in=buy_in, seats=seats,
            repeats=REPEATS.get(repeat) if repeat else None, autostart=autostart)
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            done = await nights.edit(self.bot.store, found.id, change, now)
        except NightError as err:
            raise await self._refuse(err, found, found.guild_id) from None
        except ServerFileError as exc:
            raise Refused.saying(refusal_text(exc)) from None
        event = await self.desk.edited(done)
        text = words.edited_text(done.view, zone, done.promoted)
        if event == "refused":
            text += "\n" + words.no_event_permission_text()
        await send_private(interaction, text)

    @night.command(name="cancel", description="Cancel a coming night (directors)")
    @app_commands.describe(night=NIGHT_HINT, reason="Why (told to everyone signed up)",
                           series="Stop a repeating night for good (default: only this one)")
    @app_commands.autocomplete(night=night_autocomplete)
    async def cancel(self, interaction: discord.Interaction,
                     night: app_commands.Range[str, 1, 100] | None = None,
                     reason: app_commands.Range[str, 1, 300] = "cancelled",
                     series: bool = False) -> None:
        await require_director(self.bot, interaction)
        found = await self._night(interaction, night)
        why = parse_reason(reason)
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            done = await nights.cancel(self.bot.store, found.id, self.bot.tournaments.clock(),
                                       repeat=not series)
        except NightError as err:
            raise await self._refuse(err, found, found.guild_id) from None
        await self.desk.cancelled(done, why)
        await send_private(interaction, words.cancelled_answer(
            done.next, await self.desk.zone(found.guild_id)))

    # ------------------------------------------------------------------ the list of players

    @night.command(name="add", description="Put a member or a guest on a night's list "
                                           "(directors)")
    @app_commands.describe(player="A server member", name="A guest without Discord (live)",
                           night=NIGHT_HINT)
    @app_commands.autocomplete(night=night_autocomplete)
    async def add(self, interaction: discord.Interaction, player: discord.Member | None = None,
                  name: app_commands.Range[str, 1, 40] | None = None,
                  night: app_commands.Range[str, 1, 100] | None = None) -> None:
        await require_director(self.bot, interaction)
        found = await self._night(interaction, night)
        user_id, display = await self._player(interaction, player, name)
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            done = await nights.add_player(self.bot.store, found.id, interaction.user.id,
                                           user_id=user_id, display=display)
        except NightError as err:
            raise await self._refuse(err, found, found.guild_id, display) from None
        self.desk.refresh(found.id)
        await send_private(interaction, words.added_text(done.taken, done.view))

    @night.command(name="seat", description="Move a player off the waiting list into a seat "
                                            "(directors)")
    @app_commands.describe(player="A server member", name="A guest", night=NIGHT_HINT)
    @app_commands.autocomplete(night=night_autocomplete)
    async def seat(self, interaction: discord.Interaction, player: discord.Member | None = None,
                   name: app_commands.Range[str, 1, 40] | None = None,
                   night: app_commands.Range[str, 1, 100] | None = None) -> None:
        await require_director(self.bot, interaction)
        found = await self._night(interaction, night)
        user_id, display = await self._player(interaction, player, name)
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            done = await nights.seat_player(self.bot.store, found.id,
                                            nights.entrant_key(user_id, display))
        except NightError as err:
            raise await self._refuse(err, found, found.guild_id, display) from None
        self.desk.refresh(found.id)
        await self.desk.tell_promoted(done.view, [done.taken.entrant],
                                      await self.desk.zone(found.guild_id))
        await send_private(interaction, words.seated_text(done.taken, found.seats))

    @night.command(name="drop", description="Take a player off a night's list (directors)")
    @app_commands.describe(player="A server member", name="A guest", night=NIGHT_HINT)
    @app_commands.autocomplete(night=night_autocomplete)
    async def drop(self, interaction: discord.Interaction, player: discord.Member | None = None,
                   name: app_commands.Range[str, 1, 40] | None = None,
                   night: app_commands.Range[str, 1, 100] | None = None) -> None:
        await require_director(self.bot, interaction)
        found = await self._night(interaction, night)
        user_id, display = await self._player(interaction, player, name)
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            done = await nights.drop_player(self.bot.store, found.id,
                                            nights.entrant_key(user_id, display))
        except NightError as err:
            raise await self._refuse(err, found, found.guild_id, display) from None
        self.desk.refresh(found.id)
        await self.desk.tell_promoted(done.view, done.taken.promoted,
                                      await self.desk.zone(found.guild_id))
        await send_private(interaction, words.dropped_text(done.taken))

    @night.command(name="noshow", description="At the start: a player who did not come "
                                              "(directors)")
    @app_commands.describe(player="A server member", name="A guest",
                           night="Which night (default: the one open in this channel)")
    @app_commands.autocomplete(night=night_autocomplete)
    async def noshow(self, interaction: discord.Interaction,
                     player: discord.Member | None = None,
                     name: app_commands.Range[str, 1, 40] | None = None,
                     night: app_commands.Range[str, 1, 100] | None = None) -> None:
        await require_director(self.bot, interaction)
        found = await self._night(interaction, night, opened=True)
        user_id, display = await self._player(interaction, player, name)
        key = member_key(user_id) if user_id is not None else guest_key(display)
        session = self.bot.tournaments.get(found.tournament_id or 0)
        if found.status != "open" or session is None:
            raise await self._refuse(NightError("not-opened", status=found.status), found,
                                     found.guild_id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            done = await no_show(self.bot.store, session, found.id, key, interaction.user.id)
        except NightError as err:
            raise await self._refuse(err, found, found.guild_id, display) from None
        self.desk.refresh(found.id)
        await self.desk.tell_promoted(done.view, done.taken.promoted,
                                      await self.desk.zone(found.guild_id))
        await send_private(interaction, words.noshow_text(done.taken.entrant.name,
                                                          done.taken.promoted))

    # ------------------------------------------------------------------ a league's reminders

    @night.command(name="reminders", description="When a league's nights are reminded "
                                                 "(directors)")
    @app_commands.describe(before="Before the start: 1d, 1h (the default), 24h 2h, 90m, none",
                           league="League (default: the server's main league)")
    @app_commands.autocomplete(league=league_autocomplete)
    async def reminders(self, interaction: discord.Interaction,
                        before: app_commands.Range[str, 1, 60],
                        league: app_commands.Range[str, 1, 100] | None = None) -> None:
        await require_director(self.bot, interaction)
        assert interaction.guild_id is not None
        try:
            offsets = read_reminders(before)
        except NightError as err:
            raise await self._refuse(err, None, interaction.guild_id) from None
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            name, changed = await nights.set_reminders(
                self.bot.store, interaction.guild_id, league, offsets,
                self.bot.tournaments.clock())
        except LeagueError as exc:
            raise Refused.saying(str(exc)) from None
        self.desk.steps.wake()
        await send_private(interaction, words.reminders_set_text(name, offsets, changed))

    # ------------------------------------------------------------------ Discord's events

    @commands.Cog.listener()
    async def on_scheduled_event_delete(self, event: discord.ScheduledEvent) -> None:
        await self.desk.event_deleted(event.id)

    @commands.Cog.listener()
    async def on_scheduled_event_update(self, before: discord.ScheduledEvent,
                                        after: discord.ScheduledEvent) -> None:
        if after.status is discord.EventStatus.cancelled:
            await self.desk.event_deleted(after.id)


async def setup(bot: LeagueBot) -> None:
    await bot.add_cog(NightCog(bot))
