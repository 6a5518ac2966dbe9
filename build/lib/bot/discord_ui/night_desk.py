"""The Discord side of a league's coming nights: the announcement and its buttons, the Discord
scheduled event (discord.py's `Guild.create_scheduled_event`, `ScheduledEvent.edit`, `start`,
`end`, `cancel`), reminders, the seat that frees told by DM, and what the nights' timer
(bot/service/night_clock.py) has committed, said in the channel.

Contract: everything here follows a commit (the use case's or the timer's) and only says it:
nothing said is lost to a crash, and a post that fails changes nothing stored. The announcement
and the event are kept in step with the list by one coalesced refresh per night (two clicks at
once: one edit after the last). An event deleted by hand is noticed (the gateway's delete, or
at start-up) and said to the director; the night goes on.
"""

from __future__ import annotations

import contextlib
import logging
import re
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import discord

from bot.discord_ui.context import game_of
from bot.discord_ui.directors import is_director
from bot.discord_ui.global_limit import Priority, priority
from bot.discord_ui.nonces import nonce
from bot.discord_ui.presenter import nights as words
from bot.discord_ui.presenter.answers import refused_text
from bot.discord_ui.presenter.league import night_counts_text
from bot.discord_ui.presenter.limits import truncate
from bot.discord_ui.presenter.notices import restarting_text
from bot.discord_ui.presenter.registration import started_text
from bot.discord_ui.replies import NO_PINGS, ping_only, send_private
from bot.discord_ui.tasks import Tasks
from bot.discord_ui.template_button import TemplateButton
from bot.engine.profile import Profile
from bot.schedule import Entrant, NightError
from bot.service import TournamentService
from bot.service.night_clock import (
    AutoStarted,
    AutoStartRefused,
    Missed,
    NightClock,
    NightNews,
    OpenDelayed,
    Opened,
    Over,
    Reminded,
)
from bot.service.usecases import Refused, nights
from bot.service.usecases.nights import NIGHT_HOURS, NightView
from bot.store import NightRow, Store
from bot.store.ownership import Shards

log = logging.getLogger(__name__)

# in: I'm in · out: I'm out · ok: Still in (the reminder's) · go: Start now (the director's)
TEMPLATE = r"nt:(?P<act>in|out|ok|go):(?P<night>[0-9]{1,12})"


class NightButton(TemplateButton, template=TEMPLATE):
    """The buttons of a night's posts: persistent (they work after a restart and days later);
    the custom id names the night and what the click means."""

    @property
    def act(self) -> str:
        return self.fields["act"]

    @property
    def night_id(self) -> int:
        return int(self.fields["night"])

    async def callback(self, interaction: discord.Interaction) -> None:
        desk = getattr(interaction.client, "night_desk", None)
        if not isinstance(desk, NightDesk):
            return
        await desk.click(interaction, self.act, self.night_id)


def signup_buttons(night_id: int, event_url: str | None) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(NightButton(f"nt:in:{night_id}", words.BUTTON_IN,
                              style=discord.ButtonStyle.success))
    view.add_item(NightButton(f"nt:out:{night_id}", words.BUTTON_OUT,
                              style=discord.ButtonStyle.secondary))
    if event_url is not None:
        view.add_item(discord.ui.Button(label=words.BUTTON_EVENT, url=event_url))
    return view


def reminder_buttons(night_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(NightButton(f"nt:ok:{night_id}", words.BUTTON_STILL_IN,
                              style=discord.ButtonStyle.success))
    view.add_item(NightButton(f"nt:out:{night_id}", words.BUTTON_OUT,
                              style=discord.ButtonStyle.secondary))
    return view


def out_button(night_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(NightButton(f"nt:out:{night_id}", words.BUTTON_OUT,
                              style=discord.ButtonStyle.secondary))
    return view


def start_button(night_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(NightButton(f"nt:go:{night_id}", words.BUTTON_START,
                              style=discord.ButtonStyle.primary))
    return view


def users_of(lines: Sequence[Entrant]) -> discord.AllowedMentions:
    """Mentions that notify exactly these members (no roles, no @everyone)."""
    return discord.AllowedMentions(
        users=[discord.Object(e.user_id) for e in lines if e.user_id is not None],
        everyone=False, roles=False, replied_user=False)


def at(seconds: float) -> datetime:
    return datetime.fromtimestamp(seconds, UTC)


class NightDesk:
    def __init__(self, client: discord.Client, store: Store, tournaments: TournamentService, *,
                 clock: Callable[[], float],
                 profile_of: Callable[[int], Any], shards: Shards | None = None) -> None:
        self.client = client
        self.store = store
        self.clock = clock
        self.steps = NightClock(
            store, tournaments, clock=clock, listener=self.present,
            profile_of=self._profile(profile_of),
            serves=(lambda g: True) if shards is None else shards.owns_guild)
        self.tasks = Tasks()
        self._refreshing: set[int] = set()
        self._dirty: set[int] = set()

    @staticmethod
    def _profile(profile_of: Callable[[int], Any]) -> Callable[[int], Any]:
        async def of(guild_id: int) -> Profile:
            profile: Profile = await profile_of(guild_id)
            return profile
        return of

    # ------------------------------------------------------------------ life

    def start(self) -> None:
        """Once Discord is connected: nights left unannounced or whose event went while the
        bot was down are seen to, then the timer runs."""
        self.tasks.spawn(self._start_when_ready())

    async def _start_when_ready(self) -> None:
        await self.client.wait_until_ready()
        for night in await self.store.nights_to_run():
            if not self.steps.serves(night.guild_id):
                continue
            try:
                if night.status == "scheduled" and night.message_id is None:
                    await self.announce(await nights.night_view(self.store, night.id))
                elif night.event_state == "made" and night.event_id is not None:
                    if await self._event(night) is None:
                        await self.event_deleted(night.event_id)
            except Exception:
                log.exception("night %s could not be seen to at start-up", night.id)
        self.steps.start()

    async def close(self) -> None:
        await self.steps.close()
        await self.tasks.cancel_all()

    async def zone(self, guild_id: int) -> ZoneInfo:
        try:
            return await nights.server_zone(self.store, guild_id)
        except NightError:
            return ZoneInfo("UTC")

    async def next_night_footer(self, league_id: int) -> str | None:
        """The league's next night, for the standings' footer (None: none scheduled)."""
        night = await self.store.next_league_night(league_id)
        if night is None:
            return None
        view = await nights.night_view(self.store, night.id)
        return words.next_night_footer(view, await self.zone(night.guild_id))

    async def league_name(self, league_id: int) -> str:
        league = await self.store.league(league_id)
        return league.name if league is not None else "?"

    # ------------------------------------------------------------------ clicks

    async def click(self, interaction: discord.Interaction, act: str, night_id: int) -> None:
        in_flight = getattr(interaction.client, "in_flight", None)
        if in_flight is not None and not in_flight.track():
            await send_private(interaction, restarting_text())
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        night = await self.store.night(night_id)
        zone = await self.zone(night.guild_id) if night is not None else ZoneInfo("UTC")
        try:
            text = await self._clicked(interaction, act, night_id, zone)
        except NightError as err:
            text = words.night_refusal(err, night, zone)
        except Refused as refusal:
            text = refused_text(refusal)
        await send_private(interaction, text)

    async def _clicked(self, interaction: discord.Interaction, act: str, night_id: int,
                       zone: ZoneInfo) -> str:
        uid = interaction.user.id
        if act == "go":
            if not await is_director(game_of(interaction), interaction):
                raise Refused.saying(words.ONLY_DIRECTOR_STARTS)
            news = await self.steps.start_now(night_id)
            if news is not None:
                await self.present(news)
            return words.STARTED if isinstance(news, AutoStarted) else words.ALREADY_STARTED
        if act == "in":
            signed = await nights.sign_up(self.store, night_id, uid, interaction.user.display_name)
        elif act == "out":
            signed = await nights.drop_out(self.store, night_id, uid)
        else:
            signed = await nights.still_in(self.store, night_id, uid)
        if act != "ok":
            self.refresh(night_id)
        await self.tell_promoted(signed.view, signed.taken.promoted, zone)
        return words.signed_text(signed.taken, signed.view, zone)

    # ------------------------------------------------------------------ the announcement

    async def announce(self, view: NightView) -> str:
        """The night's Discord event (made, refused, failed) and its announcement with the
        buttons; their ids kept."""
        state = await self.make_event(view)
        n = (await nights.night_view(self.store, view.night.id)).night
        channel = self.client.get_partial_messageable(n.channel_id)
        text = words.announcement_text(view, await self.zone(n.guild_id),
                                       await self.league_name(n.league_id))
        try:
            message = await channel.send(text, view=signup_buttons(n.id, self._url(n)),
                                         allowed_mentions=NO_PINGS, nonce=nonce())
        except discord.HTTPException:
            log.exception("night %s: its announcement could not be posted", n.id)
            self.steps.wake()
            return state
        await nights.set_announcement(self.store, n.id, message.id)
        self.steps.wake()  # its steps are timed from now on
        return state

    def _url(self, n: NightRow) -> str | None:
        if n.event_state != "made" or n.event_id is None:
            return None
        return words.event_link(n.guild_id, n.event_id)

    def refresh(self, night_id: int) -> None:
        """The announcement and the event's text again from the list as stored; one at a time
        per night, the last change always shown."""
        if night_id in self._refreshing:
            self._dirty.add(night_id)
            return
        self._refreshing.add(night_id)
        self.tasks.spawn(self._refresh(night_id))

    async def _refresh(self, night_id: int) -> None:
        try:
            while True:
                self._dirty.discard(night_id)
                try:
                    await self._sync(await nights.night_view(self.store, night_id))
                except Exception:
                    log.exception("night %s: its announcement could not be refreshed",
                                  night_id)
                if night_id not in self._dirty:
                    break
        finally:
            self._refreshing.discard(night_id)

    async def _sync(self, view: NightView, *, whole_event: bool = False) -> None:
        n = view.night
        if n.message_id is not None:
            text = words.announcement_text(view, await self.zone(n.guild_id),
                                           await self.league_name(n.league_id))
            buttons = signup_buttons(n.id, self._url(n)) if n.status == "scheduled" else None
            message = self.client.get_partial_messageable(n.channel_id).get_partial_message(
                n.message_id)
            with priority(Priority.BACKGROUND):
                try:
                    await message.edit(content=text, view=buttons, allowed_mentions=NO_PINGS)
                except discord.NotFound:
                    log.warning("night %s: its announcement is gone", n.id)
        if n.status == "scheduled" and n.event_state == "made":
            await self._edit_event(view, whole=whole_event)

    # ------------------------------------------------------------------ the Discord event

    async def _event(self, n: NightRow) -> discord.ScheduledEvent | None:
        """The night's event as Discord has it now; None if it is gone."""
        guild = self.client.get_guild(n.guild_id)
        if guild is None or n.event_id is None:
            return None
        event = guild.get_scheduled_event(n.event_id)
        if event is not None:
            return event
        try:
            return await guild.fetch_scheduled_event(n.event_id)
        except discord.NotFound:
            return None

    def _event_fields(self, view: NightView, league: str, channel_name: str) -> dict[str, Any]:
        n = view.night
        return {"name": truncate(n.name, words.EVENT_NAME),
                "start_time": at(n.starts_at),
                "end_time": at(n.starts_at) + timedelta(hours=NIGHT_HOURS),
                "location": words.event_place(n, channel_name),
                "description": words.event_description(view, league)}

    def _channel_name(self, n: NightRow) -> str:
        channel = self.client.get_channel(n.channel_id)
        return getattr(channel, "name", None) or "poker"

    async def make_event(self, view: NightView) -> str:
        """The night's scheduled event (external: a place, or the channel for an online night):
        `made`, `refused` (no Manage Events: the night goes on without it) or `failed`."""
        n = view.night
        guild = self.client.get_guild(n.guild_id)
        if guild is None:
            return "failed"
        me = guild.me
        allowed = me.guild_permissions if me is not None else None
        if allowed is not None and not (allowed.manage_events or allowed.create_events):
            await nights.set_event(self.store, n.id, event_id=None, state="refused")
            return "refused"
        fields = self._event_fields(view, await self.league_name(n.league_id),
                                    self._channel_name(n))
        try:
            event = await guild.create_scheduled_event(
                entity_type=discord.EntityType.external,
                privacy_level=discord.PrivacyLevel.guild_only, **fields)
        except discord.Forbidden:
            await nights.set_event(self.store, n.id, event_id=None, state="refused")
            return "refused"
        except discord.HTTPException:
            log.exception("night %s: its Discord event could not be created", n.id)
            return "failed"
        await nights.set_event(self.store, n.id, event_id=event.id, state="made")
        return "made"

    async def _edit_event(self, view: NightView, *, whole: bool) -> None:
        n = view.night
        event = await self._event(n)
        if event is None:
            await self.event_deleted(n.event_id or 0)
            return
        league = await self.league_name(n.league_id)
        fields = self._event_fields(view, league, self._channel_name(n))
        if not whole:
            fields = {"description": fields["description"]}
            if event.description == fields["description"]:
                return
        with contextlib.suppress(discord.HTTPException), priority(Priority.BACKGROUND):
            await event.edit(**fields)

    async def _set_status(self, n: NightRow, change: str) -> None:
        """The event started, ended or cancelled, as far as Discord lets it be now (Discord
        itself starts an external event at its time, and ends it at its end)."""
        if n.event_state != "made":
            return
        event = await self._event(n)
        if event is None:
            return
        status = event.status
        try:
            if change == "start" and status is discord.EventStatus.scheduled:
                await event.start()
            elif change == "end":
                if status is discord.EventStatus.scheduled:
                    await event.start()
                    event = await self._event(n) or event
                if event.status is discord.EventStatus.active:
                    await event.end()
            elif change == "cancel" and status is discord.EventStatus.scheduled:
                await event.cancel()
        except (discord.HTTPException, ValueError):
            log.warning("night %s: its event could not be marked %s", n.id, change)

    async def event_deleted(self, event_id: int) -> None:
        """An event deleted (or cancelled) by hand in Discord: the night keeps going without
        it, and its director is told once."""
        night = await self.store.night_by_event(event_id)
        if night is None or night.status not in ("scheduled", "open") \
                or night.event_state != "made":
            return
        await nights.set_event(self.store, night.id, event_id=None, state="gone")
        view = await nights.night_view(self.store, night.id)
        self.refresh(night.id)  # the announcement's Event button goes
        await self._post(view.night, words.event_gone_text(view),
                         ping_only(view.night.created_by))

    # ------------------------------------------------------------------ posts

    async def _post(self, n: NightRow, text: str, mentions: discord.AllowedMentions,
                    view: discord.ui.View | None = None) -> discord.Message | None:
        channel = self.client.get_partial_messageable(n.channel_id)
        try:
            return await channel.send(text, allowed_mentions=mentions, nonce=nonce(),
                                      view=view or discord.utils.MISSING)
        except discord.HTTPException:
            log.warning("night %s: a post could not be sent", n.id)
            return None

    async def tell_promoted(self, view: NightView, lines: Sequence[Entrant],
                            zone: ZoneInfo) -> None:
        """A seat that freed: by DM (with I'm out, he may still decline), or in the channel,
        mentioning him alone, when his DMs are closed."""
        for line in lines:
            if line.user_id is None:
                continue
            try:
                user = self.client.get_user(line.user_id) or \
                    await self.client.fetch_user(line.user_id)
                await user.send(words.promoted_dm_text(view, zone),
                                view=out_button(view.night.id), allowed_mentions=NO_PINGS)
            except discord.HTTPException:
                await self._post(view.night, words.promoted_here_text(line.user_id, view),
                                 ping_only(line.user_id))

    async def present(self, news: NightNews) -> None:
        """What the timer committed, said."""
        await self.client.wait_until_ready()
        view = news.view
        n = view.night
        zone = await self.zone(n.guild_id)
        if isinstance(news, Reminded):
            told = [*view.seated, *view.waiting]
            if told:  # nobody to remind: the announcement says it all
                await self._post(n, words.reminder_text(view, zone), users_of(told),
                                 reminder_buttons(n.id))
        elif isinstance(news, Opened):
            await self._set_status(n, "start")
            self.refresh(n.id)
            await self._post(n, words.opened_text(view, zone, autostart_at=n.autostart_at),
                             ping_only(n.created_by),
                             start_button(n.id) if n.autostart_at is not None else None)
        elif isinstance(news, OpenDelayed):
            busy = news.busy.name if news.busy is not None else None
            await self._post(n, words.open_delayed_text(view, news.reason, busy),
                             ping_only(n.created_by))
        elif isinstance(news, AutoStarted):
            await self._post(n, started_text(night_counts_text(news.outcome.extra)), NO_PINGS)
        elif isinstance(news, AutoStartRefused):
            await self._post(n, words.autostart_refused_text(view, refused_text(news.refused)),
                             ping_only(n.created_by))
        elif isinstance(news, Missed):
            self.refresh(n.id)
            await self._set_status(n, "cancel")
            await self._post(n, words.missed_text(view, zone, news.next), ping_only(n.created_by))
            if news.next is not None:
                await self.announce(news.next)
        elif isinstance(news, Over):
            await self._set_status(n, "end")
            self.refresh(n.id)
            await self._post(n, words.over_text(view, zone, news.next, finished=news.finished,
                                                event_url=self._url(n)), NO_PINGS)
            if news.next is not None:
                await self.announce(news.next)

    # ------------------------------------------------------------------ the director's changes

    async def cancelled(self, done: nights.Cancelled, reason: str) -> None:
        n = done.view.night
        await self._set_status(n, "cancel")
        self.refresh(n.id)
        told = [*done.view.seated, *done.view.waiting]
        await self._post(n, words.cancelled_text(done.view, await self.zone(n.guild_id), reason,
                                                 done.next), users_of(told))
        if done.next is not None:
            await self.announce(done.next)
        self.steps.wake()

    async def edited(self, done: nights.Edited) -> str:
        """An edit followed through: the event (made again if it is missing), the
        announcement, one post to everyone signed up if the night moved, the seats given from
        the waiting list told. Returns the event's state."""
        view = done.view
        n = view.night
        zone = await self.zone(n.guild_id)
        state: str = n.event_state
        if state != "made" or await self._event(n) is None:
            state = await self.make_event(view)
            view = await nights.night_view(self.store, n.id)
        await self._sync(view, whole_event=True)
        if done.moved:
            told = [*view.seated, *view.waiting]
            if told:
                await self._post(n, words.moved_text(view, zone, done.before.starts_at),
                                 users_of(told))
        await self.tell_promoted(view, done.promoted, zone)
        self.steps.wake()
        return state


def night_id_of(value: str) -> int | None:
    """A night named by its number (what the autocomplete gives), `#12` typed too."""
    m = re.fullmatch(r"#?(\d{1,12})", value.strip())
    return int(m[1]) if m else None
