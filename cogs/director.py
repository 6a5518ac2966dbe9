"""/td: the tournament director's commands, refused to everyone else. Every decision is an
event of the tournament (announced in the channel) and its reason a director action in the
store, written in the same transaction (`also=`)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import LeagueBot
from bot.engine.profile import PROFILE_NAMES, ProfileError, make_profile
from bot.presenter import safe_name
from bot.service import Session
from bot.store import GuildSettings
from bot.views import Refusal, find_session, require_director, run

NO_PINGS = discord.AllowedMentions.none()


def parse_knobs(text: str | None) -> dict[str, object]:
    """"clock_seconds=90, rabbit_hunt=false" -> {"clock_seconds": 90, "rabbit_hunt": False}."""
    out: dict[str, object] = {}
    if not text:
        return out
    for part in text.replace(";", ",").split(","):
        if not part.strip():
            continue
        if "=" not in part:
            raise Refusal(f"Knobs are written knob=value, comma-separated; {part.strip()!r} "
                          "is not.")
        key, value = (x.strip() for x in part.split("=", 1))
        low = value.lower()
        parsed: object = value
        if low in ("true", "yes", "on"):
            parsed = True
        elif low in ("false", "no", "off"):
            parsed = False
        elif value.isdigit():
            parsed = int(value)
        out[key] = parsed
    return out


class Director(commands.Cog):
    td = app_commands.Group(name="td", description="Tournament director commands",
                            guild_only=True)

    def __init__(self, bot: LeagueBot) -> None:
        self.bot = bot

    async def _session(self, interaction: discord.Interaction) -> Session:
        await require_director(self.bot, interaction)
        return find_session(self.bot, interaction)

    async def _done(self, interaction: discord.Interaction, text: str) -> None:
        await interaction.followup.send(text, ephemeral=True)

    @td.command(name="role", description="Set the director role (needs Manage Server)")
    @app_commands.default_permissions(manage_guild=True)
    async def role(self, interaction: discord.Interaction, role: discord.Role) -> None:
        member = interaction.user
        if not isinstance(member, discord.Member) or not (
                member.guild_permissions.manage_guild or member.guild_permissions.administrator):
            raise Refusal("Setting the director role needs the Manage Server permission.")
        assert interaction.guild_id is not None
        current = await self.bot.store.guild_settings(interaction.guild_id)
        settings = GuildSettings(**{**current.__dict__, "director_role_id": role.id})
        await self.bot.store.write(lambda tx: tx.put_guild_settings(settings))
        await interaction.response.send_message(
            f"Directors are now members with the role **{safe_name(role.name)}**.",
            ephemeral=True)

    @td.command(name="profile", description="Set this server's rule profile (new tournaments)")
    @app_commands.describe(profile="treps, tavern or tda",
                           knobs="Overrides, e.g. clock_seconds=90, rabbit_hunt=false")
    @app_commands.choices(profile=[app_commands.Choice(name=p, value=p) for p in PROFILE_NAMES])
    async def profile(self, interaction: discord.Interaction, profile: str,
                      knobs: str | None = None) -> None:
        await require_director(self.bot, interaction)
        overrides = parse_knobs(knobs)
        try:
            made = make_profile(profile, **overrides)
        except (ProfileError, TypeError) as exc:
            raise Refusal(f"Not changed: {exc}") from None
        assert interaction.guild_id is not None
        current = await self.bot.store.guild_settings(interaction.guild_id)
        settings = GuildSettings(**{**current.__dict__, "profile": made.name,
                                    "knob_overrides": dict(made.overrides)})
        await self.bot.store.write(lambda tx: tx.put_guild_settings(settings))
        shown = ", ".join(f"{k}={v}" for k, v in made.overrides) or "no overrides"
        await interaction.response.send_message(
            f"This server now plays `{made.name}` ({shown}) in tournaments created from now "
            "on; `/rule` answers with these rules.", allowed_mentions=NO_PINGS)

    @td.command(name="void", description="Void the hand in progress (misdeal)")
    @app_commands.describe(table="Table number (default: the only one)", reason="Why")
    async def void(self, interaction: discord.Interaction, reason: str,
                   table: int | None = None) -> None:
        session = await self._session(interaction)
        tables = sorted(session.tournament.tables)
        if table is None:
            if len(tables) != 1:
                raise Refusal(f"Say which table: {', '.join(map(str, tables)) or 'none'}.")
            table = tables[0]
        by, uid = str(interaction.user.id), interaction.user.id
        chosen = table
        await interaction.response.defer(ephemeral=True, thinking=True)
        await run(session, lambda t, now: t.void_hand(chosen, by, reason, now),
                  also=lambda tx: tx.add_director_action(session.store_id, uid, "void", reason,
                                                         data={"table": chosen}))
        await self._done(interaction, f"Hand at table {chosen} voided.")

    @td.command(name="penalty", description="A player sits out hands")
    async def penalty(self, interaction: discord.Interaction, player: discord.Member,
                      hands: app_commands.Range[int, 1, 20], reason: str) -> None:
        session = await self._session(interaction)
        uid, target = interaction.user.id, str(player.id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await run(session, lambda t, now: t.penalize(target, hands, str(uid), reason, now),
                  also=lambda tx: tx.add_director_action(
                      session.store_id, uid, "penalty", reason, target_user_id=player.id,
                      data={"hands": hands}))
        await self._done(interaction, "Penalty given.")

    @td.command(name="disqualify", description="Disqualify a player")
    async def disqualify(self, interaction: discord.Interaction, player: discord.Member,
                         reason: str) -> None:
        session = await self._session(interaction)
        uid, target = interaction.user.id, str(player.id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await run(session, lambda t, now: t.disqualify(target, str(uid), reason, now),
                  also=lambda tx: tx.add_director_action(
                      session.store_id, uid, "disqualify", reason, target_user_id=player.id))
        await self._done(interaction, "Disqualified.")

    @td.command(name="adjust", description="Set a player's stack (between hands), with a reason")
    async def adjust(self, interaction: discord.Interaction, player: discord.Member,
                     stack: app_commands.Range[int, 1, 1_000_000_000], reason: str) -> None:
        session = await self._session(interaction)
        uid, target = interaction.user.id, str(player.id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await run(session,
                  lambda t, now: t.adjust_stack(target, stack, str(uid), reason, now),
                  also=lambda tx: tx.add_director_action(
                      session.store_id, uid, "adjust", reason, target_user_id=player.id,
                      data={"stack": stack}))
        await self._done(interaction, "Stack adjusted.")

    @td.command(name="pause", description="Pause the tournament (all clocks stop)")
    async def pause(self, interaction: discord.Interaction, reason: str = "director's pause"
                    ) -> None:
        session = await self._session(interaction)
        uid = interaction.user.id
        await interaction.response.defer(ephemeral=True, thinking=True)
        await run(session, lambda t, now: t.pause(str(uid), reason, now),
                  also=lambda tx: tx.add_director_action(session.store_id, uid, "pause",
                                                         reason))
        await self._done(interaction, "Paused.")

    @td.command(name="resume", description="Resume the tournament")
    async def resume(self, interaction: discord.Interaction) -> None:
        session = await self._session(interaction)
        uid = interaction.user.id
        await interaction.response.defer(ephemeral=True, thinking=True)
        await run(session, lambda t, now: t.resume(str(uid), now),
                  also=lambda tx: tx.add_director_action(session.store_id, uid, "resume",
                                                         "resumed"))
        await self._done(interaction, "Resumed.")

    @td.command(name="ruling", description="Post a director's ruling (kept for appeals)")
    @app_commands.describe(text="The ruling", player="The player it concerns, if any")
    async def ruling(self, interaction: discord.Interaction,
                     text: app_commands.Range[str, 1, 1000],
                     player: discord.Member | None = None) -> None:
        session = await self._session(interaction)
        uid = interaction.user.id
        players = [str(player.id)] if player is not None else []
        if players and players[0] not in session.tournament.players:
            raise Refusal("That member is not in this tournament.")
        await interaction.response.defer(ephemeral=True, thinking=True)
        await run(session, lambda t, now: t.ruling(str(uid), text, players, now),
                  also=lambda tx: tx.add_ruling(session.store_id, uid, "director ruling",
                                                text, text))
        await self._done(interaction, "Ruling posted.")


async def setup(bot: LeagueBot) -> None:
    await bot.add_cog(Director(bot))
