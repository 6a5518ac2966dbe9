"""Discord's size limits (as Discord's developer documentation gives them), safe truncation and
escaping, and how amounts are written."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache

import discord

# One way to write an amount (1,250): the engine's refusals and every message alike.
from bot.engine.errors import chips as chips
from bot.tournament.players import is_guest

MESSAGE_CHARS = 2000
EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
EMBED_FIELDS = 25
EMBED_FIELD_NAME = 256
EMBED_FIELD_VALUE = 1024
EMBED_FOOTER = 2048
EMBED_TOTAL = 6000
BUTTON_LABEL = 80
MODAL_TITLE = 45
INPUT_LABEL = 45
INPUT_PLACEHOLDER = 100
# Discord display names are at most 32 characters; a longer one is not a real name.
NAME_CHARS = 32

ELLIPSIS = "…"
_CONTROL_RE = re.compile(r"[\x00-\x1f\x7f\u2028\u2029]+")
_AT_RE = re.compile("@(?!\u200b)")


def truncate(text: str, limit: int) -> str:
    """Cut to `limit` characters with an ellipsis; never leaves a dangling backslash escape."""
    if len(text) <= limit:
        return text
    cut = text[: max(0, limit - 1)]
    # An odd run of trailing backslashes would escape the ellipsis or a later character.
    trailing = len(cut) - len(cut.rstrip("\\"))
    if trailing % 2:
        cut = cut[:-1]
    return cut + ELLIPSIS


def safe_text(text: str, limit: int) -> str:
    """User-chosen text made inert: no markdown, no mentions, one line, at most `limit`."""
    flat = _CONTROL_RE.sub(" ", text).strip() or "?"
    return inert(truncate(flat, limit))


def inert(text: str) -> str:
    """Text with its Markdown and mentions escaped, as it is otherwise (spaces kept)."""
    # Mentions are escaped after markdown so that the zero-width breaks are not re-escaped.
    escaped = discord.utils.escape_mentions(discord.utils.escape_markdown(text))
    # escape_mentions only knows well-formed ids; break every other "@" too ("<@123>").
    return _AT_RE.sub("@\u200b", escaped)


def code_text(text: str, limit: int = 60) -> str:
    """User-typed text shown as inline code, as typed: one line, at most `limit`, no backtick
    (which would end the code); inside code Markdown is not read, so nothing is escaped, and a
    mention is not one."""
    flat = _CONTROL_RE.sub(" ", text).replace("`", "'").strip() or "?"
    return f"`{truncate(flat, limit)}`"


def safe_name(name: str) -> str:
    """A user-chosen name made inert and bounded (Discord names are at most 32 characters)."""
    return safe_text(name, NAME_CHARS)


# A name escaped once, not at every edit of every table (bench/night.py): a pure function of
# the raw name.
_escaped_name = lru_cache(maxsize=8192)(safe_name)


def player_name(names: Mapping[str, str], player: str | None, unknown: str | None = None) -> str:
    """The one way a player is named to users: his display name (a member's, or the name the
    director entered for a guest), escaped, never a ping. When the name is not known:
    `unknown`, else "a guest" or "that player". `names`: player id -> display name (the
    session's)."""
    raw = names.get(player) if player is not None else None
    if raw:
        return _escaped_name(raw)
    if unknown is not None:
        return unknown
    return "a guest" if is_guest(player) else "that player"


def display_name(names: Mapping[str, str], player: str, seat: int) -> str:
    """The escaped display name of a hand's player id, or the seat when the name is unknown."""
    return player_name(names, player, f"Seat {seat}")


def embed_length(embed: discord.Embed) -> int:
    return len(embed)


def fit_embed(embed: discord.Embed) -> discord.Embed:
    """Enforce every per-part limit, then drop fields from the end until the total fits."""
    if embed.title:
        embed.title = truncate(embed.title, EMBED_TITLE)
    if embed.description:
        embed.description = truncate(embed.description, EMBED_DESCRIPTION)
    if embed.footer and embed.footer.text:
        embed.set_footer(text=truncate(embed.footer.text, EMBED_FOOTER))
    fields = embed.fields[:EMBED_FIELDS]
    embed.clear_fields()
    for f in fields:
        embed.add_field(
            name=truncate(f.name or "\u200b", EMBED_FIELD_NAME),
            value=truncate(f.value or "\u200b", EMBED_FIELD_VALUE),
            inline=bool(f.inline),
        )
    while len(embed) > EMBED_TOTAL and embed.fields:
        embed.remove_field(len(embed.fields) - 1)
    if len(embed) > EMBED_TOTAL and embed.description:
        room = EMBED_TOTAL - (len(embed) - len(embed.description))
        embed.description = truncate(embed.description, max(1, room))
    return embed


def embed_text(embed: discord.Embed) -> str:
    """An embed as plain text, as the demo prints what a channel shows."""
    parts = [f"**{embed.title}**" if embed.title else "", embed.description or ""]
    parts += [f"{f.name}: {f.value}" for f in embed.fields]
    if embed.footer and embed.footer.text:
        parts.append(embed.footer.text)
    return "\n".join(p for p in parts if p)
