"""Finding what a command or button is about: the tournament of a channel (or one named from any
channel, or the one a button names), and the players a director types (by name or picked from
a list, alone or with a count each). Refusals say what to do. Where a player sits and whether
his click is still current is the use cases' one check (bot/service/usecases/current.py)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import discord

from bot.discord_ui.context import GameBot
from bot.discord_ui.presenter import input as words
from bot.discord_ui.presenter.limits import code_text, player_name, safe_name, safe_text
from bot.discord_ui.presenter.notices import unrecoverable_text
from bot.service import Session
from bot.service.usecases import Refused
from bot.tournament.hand_id import HandId
from bot.tournament.players import member_player, parse_player
from bot.tournament.tournament import Tournament

# What autocomplete sends for a player: a member's id or a guest's.


def tournament_of_hand(hand_id: str) -> int:
    return HandId.parse(hand_id).tournament


def session_by_id(bot: GameBot, store_id: int) -> Session:
    """The unfinished tournament a button names (by its id)."""
    session = bot.tournaments.get(store_id)
    if session is None:
        raise Refused.saying(words.TOURNAMENT_GONE)
    return session


def channel_key(channel: Any) -> int | None:
    """The channel a tournament is bound to: a thread's parent, else the channel itself."""
    if channel is None:
        return None
    if isinstance(channel, discord.Thread):
        return channel.parent_id
    return getattr(channel, "id", None)


def session_in_channel(bot: GameBot, guild_id: int | None,
                       channel_id: int | None) -> Session | None:
    if guild_id is None:
        return None
    for s in bot.tournaments.unfinished_in(guild_id):
        if bot.tournaments.rows[s.store_id].channel_id == channel_id:
            return s
    return None


def find_session(bot: GameBot, interaction: discord.Interaction) -> Session:
    """The unfinished tournament of this channel (or of the thread's channel); else the one
    tournament of this server the user is playing in."""
    session = session_in_channel(bot, interaction.guild_id, channel_key(interaction.channel))
    if session is not None:
        return session
    if interaction.guild_id is not None:
        player = member_player(interaction.user.id)
        mine = [s for s in bot.tournaments.unfinished_in(interaction.guild_id)
                if player in s.tournament.players]
        if len(mine) == 1:
            return mine[0]
        here = channel_key(interaction.channel)
        for lost in bot.tournaments.unrecoverable_in(interaction.guild_id):
            if lost.row.channel_id == here:
                raise Refused.saying(unrecoverable_text(safe_name(lost.row.name),
                                                 safe_text(lost.reason, 300)))
    raise Refused.saying(words.NO_TOURNAMENT)


def named_session(bot: GameBot, guild_id: int | None, text: str) -> Session:
    """An unfinished tournament of this server by its id (`7`, `#7`) or its name (any case)."""
    if guild_id is None:
        raise Refused.saying(words.TOURNAMENTS_IN_SERVER)
    wanted = text.strip().lstrip("#")
    sessions = bot.tournaments.unfinished_in(guild_id)
    for s in sessions:
        row = bot.tournaments.rows[s.store_id]
        if (wanted.isascii() and wanted.isdigit() and len(wanted) <= 9
                and int(wanted) == s.store_id) or row.name.casefold() == wanted.casefold():
            return s
    raise Refused.saying(words.no_tournament_called_text(
        text, [(bot.tournaments.rows[s.store_id].name, s.store_id) for s in sessions[:10]]))


def resolve_player(t: Tournament, names: Mapping[str, str], text: str, *,
                   what: str = "player") -> str:
    """A player of this tournament from an autocomplete value (his id) or a typed name (any
    case; a unique start of a name is enough)."""
    wanted = " ".join(text.split())
    found = _find_player(t, names, wanted, what)
    if found is not None:
        return found
    if parse_player(wanted) is not None:
        # A list's value for someone who is not (or no longer) in this tournament.
        raise Refused.saying(words.player_not_in_text(what))
    raise Refused.saying(words.nobody_called_text(wanted, what))


def _find_player(t: Tournament, names: Mapping[str, str], wanted: str, what: str) -> str | None:
    """The one player `wanted` names (None: nobody); refused when several match."""
    if wanted in t.players:
        return wanted
    folded = wanted.casefold()
    exact = [p for p in t.players if names.get(p, "").casefold() == folded]
    if len(exact) == 1:
        return exact[0]
    starts = [p for p in t.players if names.get(p, "").casefold().startswith(folded)]
    if len(exact) > 1 or (not exact and len(starts) > 1):
        both = ", ".join(player_name(names, p) for p in (exact or starts)[:5])
        raise Refused.saying(words.several_match_text(wanted, both, what))
    return starts[0] if starts else None


# A count as a table gives a stack: `70000`, `70,000`, `70k`, `1.2m` (whole chips only).
_AMOUNT = r"[0-9]{1,3}(?:,[0-9]{3})+|[0-9]{1,12}(?:\.[0-9]{1,6})?\s*[kKmM]|[0-9]{1,12}"
# A comma between parts, not one between a number's thousands (`70,000, Bob 1`).
_PARTS = re.compile(r";|,(?![0-9]{3}(?![0-9]))")


def _amount(text: str) -> int:
    """`70k` → 70000, `1.2m` → 1200000, `70,000` → 70000; ValueError if not whole chips."""
    raw = text.replace(",", "").replace(" ", "").casefold()
    scale = {"k": 1000, "m": 1_000_000}.get(raw[-1:], 1)
    number = raw[:-1] if scale > 1 else raw
    whole, _, frac = number.partition(".")
    value = int(whole) * scale + (int(frac) * scale // 10 ** len(frac) if frac else 0)
    if frac and int(frac) * scale % 10 ** len(frac):
        raise ValueError(text)
    return value


def _split_number(m: re.Match[str]) -> bool:
    """Whether the count was cut out of a longer number (`ann 1.2`: name `ann 1.`, count 2),
    not typed apart from the name (`Player 2 5000`: Player 2 has 5000)."""
    name, gap = m.group(1), m.string[m.end(1):m.start(2)]
    return name[-1] in ".," or (name[-1].isdigit() and not gap)


def player_counts(text: str, t: Tournament, names: Mapping[str, str], *, what: str,
                  signed: bool = False, amounts: bool = False) -> dict[str, int]:
    """`Ann 120000, Bob 80000` (or `Ann: 3; Bob=1`) → player id → count, each player named as
    typed or picked, once (`what`: the counts' name in the refusal, e.g. "stacks"). A part that
    is not a name and a count raises ValueError(part); `signed`: a count may be negative (the
    game checks it and says what is allowed); `amounts`: counts are stacks, read as a table
    says them (`70k`, `1.2m`, `70,000`)."""
    count = r"-?[0-9]{1,12}" if signed else _AMOUNT if amounts else r"[0-9]{1,12}"
    counted: dict[str, int] = {}
    for part in _PARTS.split(" ".join(text.split())):
        part = part.strip()
        if not part:
            continue
        m = re.fullmatch(rf"(.+?)\s*[:=×]?\s*({count})", part)
        if m is None or _split_number(m):
            raise ValueError(part)
        wanted = " ".join(m.group(1).split())
        player = _find_player(t, names, wanted, what)
        if player is None:
            raise Refused.saying(words.count_for_nobody_text(code_text(part), wanted))
        if player in counted:
            raise Refused.saying(words.named_twice_text(what, player_name(names, player)))
        counted[player] = _amount(m.group(2)) if amounts else int(m.group(2))
    return counted
