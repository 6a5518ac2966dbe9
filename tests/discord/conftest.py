"""A simulated Discord (SimCord) around the real bot, for behaviour tests of the cogs.

The `harness` fixture builds the bot with `create_bot(tmp_path / "db.sqlite3",
dev_guild_id=GUILD_ID)`, creates the guild with that id *before* the bot connects (so the real
dev-guild command sync runs and SimCord's strict sync stays on), a #poker channel, a
"Tournament Director" role and five members: `director` (has the role), `alice`, `bob`,
`carol`, `dana`. Everything below is awaited; each verb returns after the bot has finished
reacting (SimCord settles the loop), so there are no sleeps.

Slash command (options by name; the result tells how the bot answered)::

    result = await h.alice.slash(h.channel, "rule", topic="clock")
    result.ephemeral, result.response.content, result.response.embeds, result.followups
    h.channel.last_message            # what everyone sees in the channel (discord.Message)
    h.channel.history(viewer=h.bob)   # the channel as bob's client shows it

Subcommands are named with spaces: `await h.director.slash(h.channel, "td start", ...)`.

Autocomplete (returns the choices, dicts with "name" and "value")::

    choices = await h.alice.autocomplete(h.channel, "rule", "topic", "str")

Buttons and modals (on a message the bot sent; by label or custom_id)::

    msg = h.channel.last_message
    shown = await h.alice.click(msg, label="Raise (400..1,000)")   # or custom_id="play:raise:…"
    assert shown.modal is not None                                 # the raw modal payload
    result = await h.alice.submit_modal(shown, {"amount": "600"})  # keys: the inputs' custom_id

DMs the bot sent to a member (oldest first)::

    h.dms(h.alice)                    # list[discord.Message]; h.dms(h.alice)[-1].content

A refused DM (Forbidden 50007, "Cannot send messages to this user") for one member::

    h.refuse_dms(h.alice)             # every DM to alice fails until the test ends
    h.refuse_dms(h.alice, times=1)    # only the next one

Admin command groups (/td, /league, /season) are hidden from members by default permissions;
the harness grants them to the director role as a server admin would; another role::

    await grant_admin_commands(h.bot, h.guild, h.director_role, role)

Any other HTTP fault: `h.env.inject_error("POST", "/channels/*/messages", status=500)`.

Virtual time (view timeouts, clocks, `asyncio.sleep` in the bot; instant)::

    await h.advance(60)               # h.now() is the virtual UNIX time

League settings in the store: `await h.set_profile("tavern", clock_seconds=90)`.

A stacked deck, for a test that needs a given showdown (tests/discord/stacked_deck.py)::

    @pytest.mark.bot_options(stacked_deck=True)
    ...
    h.bot.stacked_deck.plan(table=1, loser=bob_id, winner=ann_id)  # the next hand there

Errors: SimCord re-raises any error the bot swallowed at teardown; a test that expects one
reads `h.env.errors` (which acknowledges them). `h.env.transcript()` shows every gateway
event and REST call; it is printed on failure.

Settling has a real-time limit (5 s by default; in an `advance`, each virtual instant at
which something is due has its own): a timer due within it, or slow work, is waited for on the
wall clock; a bot timer due later than that is fired only by `advance`, never by the wall clock
(tests/discord/virtual_time.py). Every settle here is timed, and one that ends within
`NEAR_MISS_SECONDS` of its limit is reported as a `SettleNearMiss` warning (in pytest's
warnings summary): a test that passes with less margin than that fails now and then on a
loaded machine.
"""

from __future__ import annotations

import warnings
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from typing import Any

import discord
import pytest
import pytest_asyncio
import simcord
from simcord import ChannelHandle, Env, GuildHandle, MemberActor, RoleHandle

from bot.discord_ui.client import LeagueBot, create_bot
from bot.store import GuildSettings

from .stacked_deck import StackedDeck
from .virtual_time import each_instant_has_its_own_limit, timers_past_the_window_are_virtual

GUILD_ID = 1_111_111_111_111_111_111
DIRECTOR_ROLE = "Tournament Director"
PLAYER_NAMES = ("alice", "bob", "carol", "dana")
# The delay between two hands (production's is 5 s). Longer than SimCord's settle window (5 s
# of real time): a deal due inside that window is waited for on the wall clock at every hand's
# end (a second a hand at 1 s: about a minute of the suite); past it, the deal waits for the
# test's `await h.advance(HAND_DELAY)`, in virtual time.
HAND_DELAY = 6.0
NEAR_MISS_SECONDS = 1.0


class SettleNearMiss(UserWarning):
    """A settle ended less than NEAR_MISS_SECONDS (real time) before SimCord's limit."""


# How often a settle looks again while the bot still has work (SimCord's default is 50 ms). A
# settle that finds only a callback already queued to run (a finished task's done-callback)
# waits on the bot's tasks for a whole poll although that callback runs at once: at 50 ms
# that was 4,800 needless waits, about four of the suite's ten minutes.
SETTLE_POLL = 0.002


@pytest.fixture(autouse=True)
def report_settle_near_misses(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Time every settle (all of SimCord's verbs and `advance` go through
    `Env._settle_internal`; its deadline is the loop's real clock) and warn when one comes
    within NEAR_MISS_SECONDS of its limit; every settle polls every SETTLE_POLL seconds."""
    settle = Env._settle_internal

    async def timed(env: Env, *, timeout: float | None = None, _deadline: float | None = None,
                    **kwargs: Any) -> None:
        loop = env._loop
        assert loop is not None
        began = loop.time()
        limit = _deadline if _deadline is not None else began + (
            env.settle_timeout if timeout is None else timeout)
        kwargs.setdefault("idle", SETTLE_POLL)
        try:
            await settle(env, timeout=timeout, _deadline=_deadline, **kwargs)
        finally:
            margin = limit - loop.time()
            if margin < NEAR_MISS_SECONDS:
                what = kwargs.get("dispatch") or ("advance_time" if _deadline is not None
                                                  else "start, restart or settle")
                warnings.warn(SettleNearMiss(
                    f"SimCord settle ({what}) took {loop.time() - began:.2f} s of real "
                    f"time and ended {margin:.2f} s before its limit: a timer due inside the "
                    "settle window is waited for on the wall clock (advance time past it, or "
                    "turn it off)"), stacklevel=2)

    monkeypatch.setattr(Env, "_settle_internal", timed)
    yield


@pytest.fixture(autouse=True)
def simcord_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """SimCord's timers and limits free of the wall clock (tests/discord/virtual_time.py)."""
    timers_past_the_window_are_virtual(monkeypatch)
    each_instant_has_its_own_limit(monkeypatch)


@dataclass
class Harness:
    env: Env
    bot: LeagueBot
    guild: GuildHandle
    channel: ChannelHandle
    director_role: RoleHandle
    director: MemberActor
    alice: MemberActor
    bob: MemberActor
    carol: MemberActor
    dana: MemberActor

    @property
    def players(self) -> list[MemberActor]:
        return [self.alice, self.bob, self.carol, self.dana]

    def add_member(self, name: str, *, director: bool = False, **kwargs: Any) -> MemberActor:
        roles = [self.director_role] if director else []
        return self.guild.add_member(self.env.create_user(name, **kwargs), roles=roles)

    def dms(self, member: MemberActor) -> list[discord.Message]:
        return member.user.dm_channel.history()

    def refuse_dms(self, member: MemberActor, *, times: int | None = None) -> None:
        channel_id = member.user.dm_channel.id
        self.env.inject_error(
            "POST",
            f"/channels/{channel_id}/messages",
            status=403,
            code=50007,
            message="Cannot send messages to this user",
            times=times,
        )

    async def advance(self, seconds: float) -> None:
        await self.env.advance_time(seconds)

    def now(self) -> float:
        return self.env.now().timestamp()

    async def set_profile(self, name: str, **overrides: Any) -> None:
        current = await self.bot.store.guild_settings(self.guild.id)

        async def put(tx: Any) -> None:
            await tx.put_guild_settings(
                GuildSettings(
                    guild_id=self.guild.id,
                    profile=name,
                    knob_overrides=dict(overrides),
                    director_role_id=current.director_role_id,
                    tournament_channel_id=current.tournament_channel_id,
                )
            )

        await self.bot.store.write(put)


@pytest.fixture
def simcord_bot(tmp_path, request) -> LeagueBot:
    # hand_delay=HAND_DELAY: the next hand is dealt that many (virtual) seconds after the last
    # one ends; tests call `await h.advance(HAND_DELAY)` when nobody is to act.
    # `@pytest.mark.bot_options(idle_ping_seconds=0)`: create_bot's options for one test. A
    # test that plays a whole tournament turns the idle ping off: at several tables, one
    # table's ping falls due while another's click settles, and is waited for on the wall
    # clock (seen as 4.2 s settles against SimCord's 5 s limit).
    return create_bot(tmp_path / "db.sqlite3", dev_guild_id=GUILD_ID, **bot_options(request))


def bot_options(request: pytest.FixtureRequest) -> dict[str, Any]:
    """create_bot's options for one test: HAND_DELAY, and its `bot_options` marker's
    (`stacked_deck=True`: a StackedDeck of its own, `h.bot.stacked_deck`)."""
    marker = request.node.get_closest_marker("bot_options")
    options = {"hand_delay": HAND_DELAY, **(marker.kwargs if marker else {})}
    if options.get("stacked_deck") is True:
        options["stacked_deck"] = StackedDeck()
    return options


@pytest_asyncio.fixture
async def simcord_env(simcord_bot, request):
    """SimCord's own fixture, except that the guild exists before the bot syncs to it."""
    marker = request.node.get_closest_marker("simcord")
    env = Env(simcord_bot, **(marker.kwargs if marker else {}))
    env.create_guild("Home League", id=GUILD_ID)
    await env.start()
    try:
        yield env
    finally:
        await env.shutdown()
        # SimCord detaches the bot without closing it: close what the bot opened (timers, the
        # store's connection thread), or the test process cannot exit.
        await _close_bot_resources(simcord_bot)
        if env.check_errors:
            env._raise_errors_since(env._errors_acknowledged)


ADMIN_GROUPS = ("td", "league", "season", "appeals")


async def grant_admin_commands(bot: LeagueBot, guild: GuildHandle, *roles: RoleHandle) -> None:
    """Let these roles (only these) see /td, /league and /season, as a server admin does in
    Server Settings → Integrations."""
    for command in await bot.tree.fetch_commands(guild=discord.Object(guild.id)):
        if command.name in ADMIN_GROUPS:
            guild.set_command_permissions(command, dict.fromkeys(roles, True))


async def _close_bot_resources(bot: LeagueBot) -> None:
    service = getattr(bot, "tournaments", None)
    if service is not None:
        service.close()
    store = getattr(bot, "store", None)
    if store is not None:
        await store.close()


@pytest_asyncio.fixture
async def harness(simcord_env: Env, simcord_bot: LeagueBot) -> AsyncIterator[Harness]:
    guild = simcord_env.guild
    channel = guild.create_text_channel("poker")
    role = guild.create_role(DIRECTOR_ROLE)
    director = guild.add_member(simcord_env.create_user("director"), roles=[role])
    members = {n: guild.add_member(simcord_env.create_user(n)) for n in PLAYER_NAMES}
    # The admin groups are hidden from members (Manage Server by default); a server lets its
    # directors see them in Server Settings → Integrations, as this does for the role.
    await grant_admin_commands(simcord_bot, guild, role)
    h = Harness(
        env=simcord_env,
        bot=simcord_bot,
        guild=guild,
        channel=channel,
        director_role=role,
        director=director,
        **members,
    )
    yield h
    if h.bot is not simcord_bot:
        # A test restarted the bot: the fixture closes the first one, this closes the last.
        await _close_bot_resources(h.bot)


__all__ = ["GUILD_ID", "HAND_DELAY", "Harness", "simcord"]
