"""/td structure and /td payouts: a server's own blind structures and payout tables,
kept in the database and edited in Discord (no file on the host, no restart).

- `new name: from:` — a copy of a preset or of one of the server's own;
- `upload name: file:` — replace (or create) it from a TOML or CSV attachment (at most 16 KB;
  bot/tournament/structure_files.py says the forms). A refusal names the line and changes
  nothing;
- `show name:` — the preview as a phone-readable table (privately);
- `export name:` — the TOML file back (privately), which uploads again unchanged;
- `/td structure level name: number:` — one level in a form (small blind, big blind, ante,
  minutes), filled with the level as it is; one past the last adds a level at the end.

`/tournament create structure: payouts:` offer the server's own and the presets
(`structure_autocomplete`, `payouts_autocomplete`). Thin: bot/service/server_files.py decides
and keeps; the words are bot/discord_ui/presenter/server_files.py's. Attached to the director's
`/td` group when this cog loads (cogs/director.py owns the group), as cogs/deal.py does.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_ui.client import LeagueBot
from bot.discord_ui.directors import require_director
from bot.discord_ui.files import MemoryFile
from bot.discord_ui.presenter.answers import refused_text
from bot.discord_ui.presenter.notices import restarting_text
from bot.discord_ui.presenter.server_files import (
    LEVEL_LABELS,
    created_text,
    export_text,
    level_modal_title,
    level_number_text,
    level_saved_text,
    no_such_level_detail,
    payouts_preview,
    refusal_text,
    structure_preview,
    too_big_text,
    upload_missing_text,
    uploaded_text,
)
from bot.discord_ui.replies import generic_error_text, send_private
from bot.discord_ui.td_group import attach_to_td, detach_from_td
from bot.service import server_files
from bot.service.server_files import ServerFileError
from bot.service.usecases import Refused
from bot.store.server_files import FileKind
from bot.tournament.structure import Level, Structure
from bot.tournament.structure_files import MAX_FILE_BYTES

log = logging.getLogger(__name__)

MAX_CHOICES = 25


async def _choices(interaction: discord.Interaction, current: str, kind: FileKind, *,
                   own_only: bool = False) -> list[app_commands.Choice[str]]:
    bot = interaction.client
    if interaction.guild_id is None or not isinstance(bot, LeagueBot):
        return []
    found = await server_files.choices(bot.store, interaction.guild_id, kind)
    return [app_commands.Choice(name=(c.name if c.own else f"{c.name} (preset)")[:100],
                                value=c.name)
            for c in found if (c.own or not own_only)
            and current.casefold() in c.name.casefold()][:MAX_CHOICES]


async def structure_autocomplete(interaction: discord.Interaction,
                                 current: str) -> list[app_commands.Choice[str]]:
    return await _choices(interaction, current, "structure")


async def payouts_autocomplete(interaction: discord.Interaction,
                               current: str) -> list[app_commands.Choice[str]]:
    return await _choices(interaction, current, "payouts")


def _bot(interaction: discord.Interaction) -> LeagueBot:
    bot = interaction.client
    assert isinstance(bot, LeagueBot)
    return bot


class FileGroup(app_commands.Group):
    """The same four commands for structures and for payout tables; `level` for structures."""

    def __init__(self, kind: FileKind, name: str, description: str) -> None:
        super().__init__(name=name, description=description)
        self.kind: FileKind = kind
        if kind != "structure":
            self.remove_command("level")  # one level in a form: structures only

    async def _guard(self, interaction: discord.Interaction) -> int:
        await require_director(_bot(interaction), interaction)
        assert interaction.guild_id is not None
        return interaction.guild_id

    async def _all(self, interaction: discord.Interaction,
                   current: str) -> list[app_commands.Choice[str]]:
        return await _choices(interaction, current, self.kind)

    async def _own(self, interaction: discord.Interaction,
                   current: str) -> list[app_commands.Choice[str]]:
        return await _choices(interaction, current, self.kind, own_only=True)

    @app_commands.command(name="new", description="A new one of this server's, copied from a "
                                                  "preset or another of its own")
    @app_commands.rename(source="from")
    @app_commands.describe(name="Its name (letters, digits, spaces, _ . -)",
                           source="The one to copy")
    async def new(self, interaction: discord.Interaction,
                  name: app_commands.Range[str, 1, 40],
                  source: app_commands.Range[str, 1, 100]) -> None:
        guild_id = await self._guard(interaction)
        try:
            item = await server_files.copy(_bot(interaction).store, guild_id, self.kind, name,
                                           source, interaction.user.id)
        except ServerFileError as exc:
            raise Refused.saying(refusal_text(exc)) from None
        await send_private(interaction, created_text(self.kind, item.name, source))

    @app_commands.command(name="upload", description="Replace it with a TOML or CSV file "
                                                     f"(at most {MAX_FILE_BYTES // 1000} KB)")
    @app_commands.describe(name="This server's one to replace (a new name makes a new one)",
                           file="The .toml or .csv file")
    async def upload(self, interaction: discord.Interaction,
                     name: app_commands.Range[str, 1, 40],
                     file: discord.Attachment) -> None:
        guild_id = await self._guard(interaction)
        if file.size > MAX_FILE_BYTES:
            raise Refused.saying(too_big_text())
        try:
            data = await file.read()
        except discord.HTTPException:
            raise Refused.saying(upload_missing_text(self.kind)) from None
        try:
            item = await server_files.upload(_bot(interaction).store, guild_id, self.kind,
                                             name, file.filename, data, interaction.user.id)
        except ServerFileError as exc:
            raise Refused.saying(refusal_text(exc)) from None
        await send_private(interaction, uploaded_text(self.kind, item.name) + "\n"
                           + self._preview(item, own=True))

    @app_commands.command(name="show", description="Preview it as a table")
    @app_commands.describe(name="This server's or a preset")
    async def show(self, interaction: discord.Interaction,
                   name: app_commands.Range[str, 1, 100]) -> None:
        guild_id = await self._guard(interaction)
        store = _bot(interaction).store
        try:
            item = await server_files.resolve(store, guild_id, self.kind, name)
        except ServerFileError as exc:
            raise Refused.saying(refusal_text(exc)) from None
        own = item.name in await store.server_file_names(guild_id, self.kind)
        await send_private(interaction, self._preview(item, own=own))

    @app_commands.command(name="export", description="The file, to change and upload again")
    @app_commands.describe(name="This server's or a preset")
    async def export(self, interaction: discord.Interaction,
                     name: app_commands.Range[str, 1, 100]) -> None:
        guild_id = await self._guard(interaction)
        try:
            filename, data = await server_files.export(_bot(interaction).store, guild_id,
                                                       self.kind, name)
        except ServerFileError as exc:
            raise Refused.saying(refusal_text(exc)) from None
        await send_private(interaction, export_text(self.kind, " ".join(name.split())),
                           file=MemoryFile(data, filename))

    @app_commands.command(name="level", description="Change one level in a form (one past the "
                                                    "last adds a level)")
    @app_commands.describe(name="This server's structure", number="The level's number")
    async def level(self, interaction: discord.Interaction,
                    name: app_commands.Range[str, 1, 40],
                    number: app_commands.Range[int, 1, 200]) -> None:
        guild_id = await self._guard(interaction)
        try:
            structure, was = await server_files.own_structure(_bot(interaction).store,
                                                              guild_id, name)
            if number > len(structure.levels) + 1:
                raise ServerFileError(
                    "bad-level", "structure", structure.name,
                    no_such_level_detail(number, len(structure.levels)))
        except ServerFileError as exc:
            raise Refused.saying(refusal_text(exc)) from None
        await interaction.response.send_modal(LevelModal(structure, number, was))

    def _preview(self, item: Any, *, own: bool) -> str:
        if isinstance(item, Structure):
            return structure_preview(item, own=own)
        return payouts_preview(item, own=own)

    new.autocomplete("source")(_all)
    level.autocomplete("name")(_own)
    upload.autocomplete("name")(_own)
    show.autocomplete("name")(_all)
    export.autocomplete("name")(_all)


class LevelModal(discord.ui.Modal):
    """One level of one of the server's structures, filled with what it is now."""

    def __init__(self, structure: Structure, number: int, was: str) -> None:
        levels = structure.levels
        new = number > len(levels)
        super().__init__(title=level_modal_title(structure.name, number, new), timeout=900)
        self.name = structure.name
        self.number = number
        self.was = was
        now = levels[-1] if new else levels[number - 1]
        defaults = {"small": now.small_blind, "big": now.big_blind, "ante": now.ante,
                    "minutes": max(1, round(now.seconds / 60))}
        self.inputs: dict[str, discord.ui.TextInput[LevelModal]] = {}
        for key, label in LEVEL_LABELS.items():
            field: discord.ui.TextInput[LevelModal] = discord.ui.TextInput(
                label=label, custom_id=key, default=str(defaults[key]), max_length=9)
            self.inputs[key] = field
            self.add_item(field)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        if not _bot(interaction).in_flight.track():  # closing: see bot/discord_ui/in_flight.py
            await send_private(interaction, restarting_text())
            return
        try:
            values: dict[str, int] = {}
            for key, field in self.inputs.items():
                text = field.value.strip().replace(",", "").replace("_", "")
                if not text.isdigit():
                    raise Refused.saying(level_number_text(LEVEL_LABELS[key]))
                values[key] = int(text)
            if values["minutes"] < 1:
                raise Refused.saying(level_number_text(LEVEL_LABELS["minutes"]))
            level = Level(values["small"], values["big"], values["ante"],
                          values["minutes"] * 60)
            assert interaction.guild_id is not None
            saved = await server_files.set_level(
                _bot(interaction).store, interaction.guild_id, self.name, self.number, level,
                interaction.user.id, was=self.was)
        except ServerFileError as exc:
            await send_private(interaction, refusal_text(exc))
        except Refused as exc:
            await send_private(interaction, refused_text(exc))
        except Exception:
            log.exception("structure level modal failed")
            await send_private(interaction, generic_error_text(interaction))
        else:
            await send_private(interaction, level_saved_text(saved, self.number))


class Structures(commands.Cog):
    def __init__(self, bot: LeagueBot) -> None:
        self.bot = bot
        self.attached: list[str] = []

    async def cog_load(self) -> None:
        """Add /td structure and /td payouts to the director's `/td` group."""
        self.attached = attach_to_td(self.bot.tree, (
            FileGroup("structure", "structure", "This server's blind structures: "
                      "new, upload, show, export, level"),
            FileGroup("payouts", "payouts",
                      "This server's payout tables: new, upload, show, export")))

    async def cog_unload(self) -> None:
        detach_from_td(self.bot.tree, self.attached)
        self.attached = []


async def setup(bot: LeagueBot) -> None:
    await bot.add_cog(Structures(bot))
