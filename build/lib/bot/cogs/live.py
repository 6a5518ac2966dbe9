"""Live nights: the commands of a tournament played with real cards and chips, where
the bot is the clock, the seat draw and the bust-out desk.

- `/bust player: by:` — the director, or the player himself, records an elimination; the
  channel gets the place, the prize and the next step (bot/discord_ui/live_clock.py).
- `/td add name:|member:`, `/td link name: member:`, `/td undo`, `/td chiprace counts: only_odd:`,
  `/td rebuy player:`, `/td addon player:` — attached to the director's `/td` group when this
  cog loads (cogs/director.py owns the group; these need nothing of it but the group itself).
- `clock_on_player`: `/clock player:` and `/clock player: cancel:True` in a live tournament
  (cogs/play.py's `/clock` hands a live tournament's clock here).

Thin: names are resolved to players here (autocomplete gives ids; a typed name works too), the
director (bot/tournament) decides what is allowed inside the session's lock, so of two
directors busting one player at the same moment exactly one wins; a refusal is private and
changes nothing. Every sentence of the channel comes from the live presenter.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_ui.client import LeagueBot
from bot.discord_ui.directors import is_director, require_director
from bot.discord_ui.lookup import find_session, player_counts, resolve_player
from bot.discord_ui.presenter import desk as words
from bot.discord_ui.presenter.limits import code_text, player_name
from bot.discord_ui.presenter.live import (
    bust_receipt,
    link_receipt,
    odd_chips_help,
)
from bot.discord_ui.replies import send_private, send_public
from bot.discord_ui.td_group import attach_to_td, detach_from_td
from bot.league.guests import guest_key
from bot.league.service import GuestLinkPlan, LeagueError, guest_names, plan_guest_link
from bot.service import Session
from bot.service.usecases import Refused, desk
from bot.store import Transaction
from bot.tournament.players import member_player
from bot.tournament.tournament import Tournament

log = logging.getLogger(__name__)

PLAYER_HINT = "A player still in (pick from the list, or type the name)"
# A player typed by name: at most this long (Discord names are 32; guests 64).
NAME_CHARS = 100
COUNTS_CHARS = 1000


# ---------------------------------------------------------------------- finding things


def live_session(bot: LeagueBot, interaction: discord.Interaction) -> Session:
    session = find_session(bot, interaction)
    if not session.tournament.live:
        raise Refused.saying(words.NOT_LIVE)
    return session


async def names_of(bot: LeagueBot, session: Session) -> Mapping[str, str]:
    """Members and guests by name (the live clock keeps them)."""
    return await bot.live_clock.names_of(session)


def player_choices(t: Tournament, names: Mapping[str, str], current: str,
                   keep: Callable[[str], bool]) -> list[app_commands.Choice[str]]:
    """Up to 25 players, by name, with where they sit (a director reads the room by tables)."""
    folded = current.strip().casefold()
    out = []
    for player, p in sorted(t.players.items(), key=lambda kv: names.get(kv[0], "").casefold()):
        name = names.get(player, player)
        if not keep(player) or folded not in name.casefold():
            continue
        playing = p.status == "playing"
        out.append(app_commands.Choice(name=words.seat_choice(
            name, p.table if playing else None, p.seat if playing else None)[:100], value=player))
    return out[:25]


async def _choices(interaction: discord.Interaction, current: str,
                   keep: Callable[[Tournament, str], bool]) -> list[app_commands.Choice[str]]:
    bot = interaction.client
    if not isinstance(bot, LeagueBot):
        return []
    try:
        session = live_session(bot, interaction)
        names = await names_of(bot, session)
    except Refused:
        return []
    t = session.tournament
    return player_choices(t, names, current, lambda p: keep(t, p))


async def live_player_autocomplete(interaction: discord.Interaction,
                                   current: str) -> list[app_commands.Choice[str]]:
    """Players still in."""
    return await _choices(interaction, current,
                          lambda t, p: t.players[p].status == "playing")


async def busted_autocomplete(interaction: discord.Interaction,
                              current: str) -> list[app_commands.Choice[str]]:
    return await _choices(interaction, current, lambda t, p: t.players[p].status == "out")


async def link_autocomplete(interaction: discord.Interaction,
                            current: str) -> list[app_commands.Choice[str]]:
    """Tonight's guests not linked yet, then those of the server's finished nights."""
    bot = interaction.client
    if not isinstance(bot, LeagueBot) or interaction.guild_id is None:
        return []
    out = await _choices(interaction, current,
                         lambda t, p: p in t.guests and t.guests[p].member is None)
    shown = {guest_key(c.name) for c in out}
    folded = current.strip().casefold()
    for name in await guest_names(bot.store, interaction.guild_id):
        if folded in name.casefold() and guest_key(name) not in shown:
            out.append(app_commands.Choice(name=words.past_guest_choice(name)[:100],
                                           value=name[:100]))
    return out[:25]


# ---------------------------------------------------------------------- /clock (live)


async def clock_on_player(bot: LeagueBot, interaction: discord.Interaction, session: Session,
                          player: str | None, cancel: bool = False) -> None:
    """`/clock player:` in a live tournament: any registered player or the director calls the
    clock on a player still in; `cancel:True` stops it when he acts."""
    t = session.tournament
    me = member_player(interaction.user.id)
    if me not in t.players and not await is_director(bot, interaction):
        raise Refused.saying(words.CLOCK_WHO_MAY)
    if player is None:
        raise Refused.saying(words.CLOCK_ON_WHOM)
    names = await names_of(bot, session)
    target = resolve_player(t, names, player)
    await interaction.response.defer(ephemeral=True, thinking=True)
    await desk.clock_player(session, target, me, cancel=cancel)
    await send_private(interaction, words.CLOCK_STOPPED if cancel else words.CLOCK_CALLED)


# ---------------------------------------------------------------------- /td (live)


def parse_odd_chips(text: str, t: Tournament, names: Mapping[str, str]) -> dict[str, int]:
    """`Ann 3, Bob 1, Dana Smith 2` → player id → odd chips; `none` for nobody. The director
    checks the counts themselves (0 to ratio - 1, players still in)."""
    if " ".join(text.split()).casefold() in ("none", "nobody", "0", ""):
        return {}
    return player_counts(text, t, names, what="counts", signed=True)


class Live(commands.Cog):
    def __init__(self, bot: LeagueBot) -> None:
        self.bot = bot
        self.attached: list[str] = []

    async def cog_load(self) -> None:
        """Add the live commands to the director's `/td` group (loaded before this cog)."""
        self.attached = attach_to_td(self.bot.tree, (
            app_commands.Command(name=name, description=description, callback=callback)
            for name, description, callback in TD_COMMANDS))

    async def cog_unload(self) -> None:
        detach_from_td(self.bot.tree, self.attached)
        self.attached = []

    @app_commands.command(name="bust", description="Live: record that a player is out "
                                                   "(the director, or the player himself)")
    @app_commands.guild_only()
    @app_commands.describe(player=PLAYER_HINT,
                           by="Who busted him, for knockout points (optional)")
    @app_commands.autocomplete(player=live_player_autocomplete, by=live_player_autocomplete)
    async def bust(self, interaction: discord.Interaction,
                   player: app_commands.Range[str, 1, NAME_CHARS],
                   by: app_commands.Range[str, 1, NAME_CHARS] | None = None) -> None:
        session = live_session(self.bot, interaction)
        t = session.tournament
        names = await names_of(self.bot, session)
        target = resolve_player(t, names, player)
        knocker = resolve_player(t, names, by, what=words.KNOCKER) \
            if by is not None else None
        me = member_player(interaction.user.id)
        if target != me and not await is_director(self.bot, interaction):
            raise Refused.saying(words.BUST_WHO_MAY)
        await interaction.response.defer(ephemeral=True, thinking=True)
        outcome = await desk.bust(session, target, me, knocked_out_by=knocker)
        await send_private(interaction, bust_receipt(outcome.result, names))


# ---------------------------------------------------------------------- /td subcommands


def _cog(interaction: discord.Interaction) -> Live:
    cog = interaction.client.get_cog("Live") if isinstance(interaction.client,
                                                           commands.Bot) else None
    if not isinstance(cog, Live):
        raise Refused.saying(words.DESK_NOT_LOADED)
    return cog


async def _director_session(interaction: discord.Interaction) -> tuple[LeagueBot, Session]:
    bot = _cog(interaction).bot
    await require_director(bot, interaction)
    return bot, live_session(bot, interaction)


@app_commands.describe(name="A guest who is not on Discord, e.g. \"Dana Smith\"",
                       member="Or a server member (registered as if he had joined)")
async def td_add(interaction: discord.Interaction,
                 name: app_commands.Range[str, 1, NAME_CHARS] | None = None,
                 member: discord.Member | None = None) -> None:
    bot, session = await _director_session(interaction)
    if (name is None) == (member is None):
        raise Refused.saying(words.ADD_ONE_OF)
    await interaction.response.defer(ephemeral=True, thinking=True)
    if name is not None:
        await desk.add_guest(session, name, member_player(interaction.user.id))
        await send_private(interaction, words.guest_added_text(name))
        return
    assert member is not None
    display = member.display_name
    running = session.tournament.status == "running"
    await desk.add_member(session, member.id, display)
    count = len(session.tournament.players)
    if running:
        await send_private(interaction, words.member_seated_text(display))
    else:
        await send_public(interaction, words.member_entered_text(display, count))


@app_commands.describe(name="The guest (pick from the list): tonight's or one of a past night",
                       member="The server member he is: his results count for the member")
@app_commands.autocomplete(name=link_autocomplete)
async def td_link(interaction: discord.Interaction,
                  name: app_commands.Range[str, 1, NAME_CHARS],
                  member: discord.Member) -> None:
    """Tonight's guest (the open live tournament of this channel) and the same guest in every
    finished night of the server: his results, points and standings become the member's."""
    bot = _cog(interaction).bot
    await require_director(bot, interaction)
    if interaction.guild_id is None:
        raise Refused.saying(words.LINK_IN_SERVER)
    try:
        session: Session | None = live_session(bot, interaction)
    except Refused:
        session = None  # no live night open here: the finished nights only
    names: Mapping[str, str] = {}
    tonight = None
    if session is not None:
        t = session.tournament
        names = await names_of(bot, session)
        key = guest_key(name)
        tonight = name if name in t.guests else next(
            (g for g, x in t.guests.items() if guest_key(x.name) == key), None)
    guest_name = session.tournament.guests[tonight].name \
        if session is not None and tonight is not None else " ".join(name.split())
    try:
        plan = await plan_guest_link(bot.store, interaction.guild_id, guest_name, member.id,
                                     refuse_linked=tonight is None)
    except LeagueError as exc:
        raise Refused.saying(words.league_refused_text(str(exc))) from None
    if tonight is None and plan is None:
        if session is not None:
            try:
                player = resolve_player(session.tournament, names, name)
            except Refused:
                player = None
            if player is not None:
                raise Refused.saying(words.joined_on_discord_text(player_name(names, player)))
        raise Refused.saying(words.no_such_guest_text(guest_name))
    by = interaction.user.id
    await interaction.response.defer(ephemeral=True, thinking=True)
    # Another director may link him while this waited on Discord: the write checks again, in
    # its transaction (the plan made then is what is written and told), and the loser of the
    # race is refused with nothing written.

    async def past(tx: Transaction) -> GuestLinkPlan | None:
        return await plan.write(tx, by, member.display_name) if plan is not None else None

    try:
        if session is not None and tonight is not None:
            outcome = await desk.link_guest(session, tonight, member.id, member.display_name,
                                            by, past=past)
            written: GuestLinkPlan | None = outcome.extra
        else:
            written = await bot.store.write(past)
    except LeagueError as exc:
        raise Refused.saying(words.league_refused_text(str(exc))) from None
    nights = [(n.tournament.name, n.tournament.id, n.place, n.prize, n.points)
              for n in (written.nights if written is not None else ())]
    await send_private(interaction, link_receipt(guest_name, member.display_name,
                                                 tonight is not None, nights))


async def td_undo(interaction: discord.Interaction) -> None:
    _, session = await _director_session(interaction)
    seen = desk.last_bust(session.tournament)
    await interaction.response.defer(ephemeral=True, thinking=True)
    await desk.undo_bust(session, member_player(interaction.user.id), seen=seen)
    await send_private(interaction, words.BUST_UNDONE)


@app_commands.describe(
    counts="Each player's odd small chips left after changing up: `Ann 3, Bob 1` (or none)",
    only_odd="Players who have nothing but small chips, comma-separated (they get one first)")
async def td_chiprace(interaction: discord.Interaction,
                      counts: app_commands.Range[str, 1, COUNTS_CHARS],
                      only_odd: app_commands.Range[str, 1, COUNTS_CHARS] | None = None) -> None:
    bot, session = await _director_session(interaction)
    t = session.tournament
    names = await names_of(bot, session)
    now = bot.tournaments.clock()
    new = t.chip_race_due(now) if t.status == "running" else None
    if new is None:
        raise Refused.saying(words.chip_race_not_due_text(t.smallest_chip) if t.smallest_chip
                             else words.NO_CHIP_RACE)
    try:
        odd = parse_odd_chips(counts, t, names)
    except ValueError as bad:
        raise Refused.saying(words.counts_unreadable_text(
            code_text(str(bad)), odd_chips_help(t.smallest_chip, new))) from None
    only = [resolve_player(t, names, part) for part in (only_odd or "").split(",")
            if part.strip()]
    await interaction.response.defer(ephemeral=True, thinking=True)
    await desk.chip_race(session, odd, only)
    await send_private(interaction, words.CHIP_RACE_RUN)


async def _buy_chips(interaction: discord.Interaction, player: str,
                    kind: Literal["rebuy", "addon"]) -> None:
    """A re-buy or the add-on bought at the table, for any player (a guest has no command
    of his own); the money goes in the store for members, the chips in the tournament."""
    bot, session = await _director_session(interaction)
    t = session.tournament
    names = await names_of(bot, session)
    target = resolve_player(t, names, player)
    terms = t.structure.rebuys if kind == "rebuy" else t.structure.add_on
    if terms is None:
        raise Refused.saying(words.no_buy_text(kind))
    seen = desk.bought(t, target, kind)
    await interaction.response.defer(ephemeral=True, thinking=True)
    await desk.buy(session, target, kind, seen=seen, own=False)
    await send_private(interaction, words.bought_text(kind, terms.chips))


@app_commands.describe(player="A busted player who buys back in (guests too)")
@app_commands.autocomplete(player=busted_autocomplete)
async def td_rebuy(interaction: discord.Interaction,
                   player: app_commands.Range[str, 1, NAME_CHARS]) -> None:
    await _buy_chips(interaction, player, "rebuy")


@app_commands.describe(player="A player still in who takes the add-on (guests too)")
@app_commands.autocomplete(player=live_player_autocomplete)
async def td_addon(interaction: discord.Interaction,
                   player: app_commands.Range[str, 1, NAME_CHARS]) -> None:
    await _buy_chips(interaction, player, "addon")


# Callbacks of different signatures: discord.py reads each one's parameters.
TD_COMMANDS: tuple[tuple[str, str, Any], ...] = (
    ("add", "Live: enter a guest by name, or a server member", td_add),
    ("link", "Live: a guest is a server member; his results count for the member", td_link),
    ("undo", "Live: take back the last bust", td_undo),
    ("chiprace", "Live: run the chip race from each player's odd chips", td_chiprace),
    ("rebuy", "Live: a busted player (a guest too) buys back in", td_rebuy),
    ("addon", "Live: a player (a guest too) takes the add-on", td_addon),
)


async def setup(bot: LeagueBot) -> None:
    await bot.add_cog(Live(bot))
