"""/tournament: create, join, leave, start, status, cancel, rebuy, addon.

Thin: the tournament aggregate decides what is allowed (its refusals are shown as they are);
this cog maps options to commands and answers. One unfinished tournament per channel.
"""

from __future__ import annotations

import dataclasses
import secrets

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import LeagueBot
from bot.engine.profile import PROFILE_NAMES, ProfileError, make_profile
from bot.league.service import LeagueError, active_season_for
from bot.presenter import fit_embed, safe_name, truncate
from bot.presenter.rulings import chips
from bot.service import Session
from bot.tournament.errors import StructureError
from bot.tournament.payouts import load_payout_table
from bot.tournament.structure import load_structure, structure_names
from bot.tournament.tournament import TournamentConfig
from bot.views import (
    Refusal,
    channel_key,
    find_session,
    is_director,
    require_director,
    run,
    session_in_channel,
)

NO_PINGS = discord.AllowedMentions.none()
STRUCTURES = structure_names()
PAYOUTS = ("standard", "winner_takes_all")


class TournamentCog(commands.Cog, name="Tournament"):
    tournament = app_commands.Group(name="tournament", description="Run a tournament here",
                                    guild_only=True)

    def __init__(self, bot: LeagueBot) -> None:
        self.bot = bot

    # ------------------------------------------------------------------ create

    @tournament.command(name="create", description="Create a tournament in this channel")
    @app_commands.describe(
        name="The tournament's name",
        structure="Blind structure preset",
        buy_in="Buy-in in money units (0 for a free roll)",
        seats="Seats per table (2 to 10)",
        profile="Rule profile (default: this server's)",
        starting_stack="Starting chips (default: the structure's)",
        payouts="Payout table",
        league="League the night counts for (default: the server's main league)",
    )
    @app_commands.choices(
        structure=[app_commands.Choice(name=s, value=s) for s in STRUCTURES],
        profile=[app_commands.Choice(name=p, value=p) for p in PROFILE_NAMES],
        payouts=[app_commands.Choice(name=p.replace("_", " "), value=p) for p in PAYOUTS],
    )
    async def create(self, interaction: discord.Interaction,
                     name: app_commands.Range[str, 1, 80],
                     structure: str = "regular",
                     buy_in: app_commands.Range[int, 0, 1_000_000] = 0,
                     seats: app_commands.Range[int, 2, 10] = 9,
                     profile: str | None = None,
                     starting_stack: app_commands.Range[int, 1, 100_000_000] | None = None,
                     payouts: str = "standard", league: str | None = None) -> None:
        if isinstance(interaction.channel, discord.Thread):
            raise Refusal("Create a tournament in a text channel, not in a thread.")
        channel_id = channel_key(interaction.channel)
        existing = session_in_channel(self.bot, interaction.guild_id, channel_id)
        if existing is not None:
            row = self.bot.tournaments.rows[existing.store_id]
            raise Refusal(f"This channel already has a tournament that is not finished: "
                          f"**{safe_name(row.name)}** ({existing.tournament.status}). Finish "
                          "or cancel it (`/tournament cancel`) first, or use another channel.")
        try:
            struct = load_structure(structure)
            if starting_stack is not None:
                # The Structure validates itself again (multiple of the smallest chip, > 0).
                struct = dataclasses.replace(struct, starting_stack=starting_stack)
            guild_profile = await self.bot.league_profile(interaction.guild_id)
            if profile is None or profile == guild_profile.name:
                rules = guild_profile
            else:
                rules = make_profile(profile)
            config = TournamentConfig(profile=rules, structure=struct,
                                      payouts=load_payout_table(payouts),
                                      seats_per_table=seats, buy_in=buy_in)
        except (StructureError, ProfileError) as exc:
            raise Refusal(f"I cannot create that tournament: {exc}") from None
        assert interaction.guild_id is not None and channel_id is not None
        try:
            # The night counts for the league's active season (league play, /standings).
            counted = await active_season_for(self.bot.store, interaction.guild_id, league)
        except LeagueError as exc:
            raise Refusal(str(exc)) from None
        session = await self.bot.tournaments.create(
            guild_id=interaction.guild_id, channel_id=channel_id, name=name, config=config,
            league_id=counted.league.id,
            season_id=counted.season.id if counted.season else None)
        await self.bot.store.write(lambda tx: tx.add_director_action(
            session.store_id, interaction.user.id, "create", "created the tournament"))
        extras = []
        if struct.rebuys:
            extras.append(f"re-buys until level {struct.rebuys.until_level}")
        if struct.add_on:
            extras.append(f"add-on until level {struct.add_on.until_level}")
        await interaction.response.send_message(
            f"**{safe_name(name)}** is open for registration: {struct.name} structure, "
            f"{chips(struct.starting_stack)} chips, buy-in {chips(buy_in)}, {seats} seats a "
            f"table, rules `{rules.name}`" + (f", {', '.join(extras)}" if extras else "")
            + ". Join with `/tournament join`; the creator or a director starts it with "
            "`/tournament start`.", allowed_mentions=NO_PINGS)

    # ------------------------------------------------------------------ players

    @tournament.command(name="join", description="Register for this channel's tournament")
    async def join(self, interaction: discord.Interaction) -> None:
        session = self._session(interaction)
        uid = interaction.user.id
        player = str(uid)
        display = interaction.user.display_name
        entries = {e.user_id for e in await self.bot.store.entries(session.store_id)}

        async def entry(tx: object) -> None:
            if uid in entries:
                await tx.update_entry(session.store_id, uid, status="registered")  # type: ignore[attr-defined]
            else:
                await tx.add_entry(session.store_id, uid, display)  # type: ignore[attr-defined]

        view = await self.bot.announcer.view_for(session)
        view.names[player] = display
        await run(session, lambda t, now: t.register(player, now), also=entry)
        count = len(session.tournament.players)
        await interaction.response.send_message(
            f"{safe_name(display)} is in ({count} player{'s' if count != 1 else ''}).",
            allowed_mentions=NO_PINGS)

    @tournament.command(name="leave", description="Unregister before the tournament starts")
    async def leave(self, interaction: discord.Interaction) -> None:
        session = self._session(interaction)
        uid = interaction.user.id
        if session.tournament.status == "running":
            raise Refusal("The tournament has started: you cannot unregister now. Use `/away` "
                          "to step away from the table.")
        await run(session, lambda t, now: t.unregister(str(uid), now),
                  also=lambda tx: tx.update_entry(session.store_id, uid, status="withdrawn"))
        await interaction.response.send_message(
            f"{safe_name(interaction.user.display_name)} has left the tournament.",
            allowed_mentions=NO_PINGS)

    @tournament.command(name="start", description="Start the tournament (creator or director)")
    async def start(self, interaction: discord.Interaction) -> None:
        session = self._session(interaction)
        if not await is_director(self.bot, interaction):
            actions = await self.bot.store.director_actions(session.store_id)
            creators = {a.director_id for a in actions if a.action == "create"}
            if interaction.user.id not in creators:
                raise Refusal("Only the tournament's creator or a director can start it.")
        await interaction.response.defer(thinking=True)
        await run(session, lambda t, now: t.start(secrets.token_hex(16), now))
        await interaction.followup.send("Shuffle up and deal!", allowed_mentions=NO_PINGS)

    @tournament.command(name="status", description="The tournament in this channel")
    async def status(self, interaction: discord.Interaction) -> None:
        session = self._session(interaction)
        await interaction.response.send_message(embed=self.status_embed(session),
                                                ephemeral=True)

    def status_embed(self, session: Session) -> discord.Embed:
        t = session.tournament
        row = self.bot.tournaments.rows[session.store_id]
        names = self.bot.announcer.views.get(session.store_id)
        known = names.names if names else {}

        def nm(p: str) -> str:
            return safe_name(known.get(p, "?"))

        embed = discord.Embed(title=truncate(f"{row.name} — {t.status}", 256),
                              colour=discord.Colour.dark_green())
        lines = [f"Structure {t.structure.name}, rules `{t.profile.name}`, "
                 f"{len(t.players)} players, prize pool {chips(t.pool)}"]
        if t.status == "running":
            now = self.bot.tournaments.clock()
            lines.append(f"Level {t.level_number(now)}" + (" · paused" if t.paused else ""))
        embed.description = "\n".join(lines)
        for table, ts in sorted(t.tables.items())[:20]:
            seats = "\n".join(f"{s}. {nm(p)} — {chips(t.players[p].stack)}"
                              + (" (away)" if t.players[p].away else "")
                              for s, p in sorted(ts.seats.items()))
            embed.add_field(name=f"Table {table}", value=seats or "empty", inline=True)
        if t.status == "registering":
            embed.add_field(name="Registered",
                            value=truncate(", ".join(nm(p) for p in t.players) or "nobody", 1024))
        return fit_embed(embed)

    @tournament.command(name="cancel", description="Cancel this channel's tournament (director)")
    @app_commands.describe(reason="Why it is cancelled")
    async def cancel(self, interaction: discord.Interaction, reason: str = "cancelled") -> None:
        await require_director(self.bot, interaction)
        session = self._session(interaction)
        sid = session.store_id
        uid = interaction.user.id

        async def write(tx: object) -> None:
            await tx.add_director_action(sid, uid, "cancel", reason)  # type: ignore[attr-defined]
            await tx.set_tournament_status(sid, "cancelled")  # type: ignore[attr-defined]

        async with session.lock:  # no command runs while it is taken off the table
            await self.bot.store.write(write)
            self.bot.tournaments.mark_cancelled(sid)
        row = self.bot.tournaments.rows[sid]
        await interaction.response.send_message(
            f"**{safe_name(row.name)}** is cancelled by the director: "
            f"{discord.utils.escape_markdown(reason)[:300]}", allowed_mentions=NO_PINGS)

    @tournament.command(name="rebuy", description="Buy back in after busting (if allowed)")
    async def rebuy(self, interaction: discord.Interaction) -> None:
        session = self._session(interaction)
        uid = interaction.user.id
        rb = session.tournament.structure.rebuys
        if rb is None:
            raise Refusal("This tournament's structure has no re-buys.")
        await run(session, lambda t, now: t.rebuy(str(uid), now),
                  also=lambda tx: tx.add_rebuy(session.store_id, uid, rb.chips, amount=rb.cost))
        await interaction.response.send_message(
            f"{safe_name(interaction.user.display_name)} re-buys for {chips(rb.chips)} chips.",
            allowed_mentions=NO_PINGS)

    @tournament.command(name="addon", description="Take the add-on (if allowed)")
    async def addon(self, interaction: discord.Interaction) -> None:
        session = self._session(interaction)
        uid = interaction.user.id
        ao = session.tournament.structure.add_on
        if ao is None:
            raise Refusal("This tournament's structure has no add-on.")
        await run(session, lambda t, now: t.add_on(str(uid), now),
                  also=lambda tx: tx.add_rebuy(session.store_id, uid, ao.chips, amount=ao.cost,
                                               kind="addon"))
        await interaction.response.send_message(
            f"{safe_name(interaction.user.display_name)} takes the add-on "
            f"({chips(ao.chips)} chips).", allowed_mentions=NO_PINGS)

    def _session(self, interaction: discord.Interaction) -> Session:
        return find_session(self.bot, interaction)


async def setup(bot: LeagueBot) -> None:
    await bot.add_cog(TournamentCog(bot))
