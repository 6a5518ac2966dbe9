"""`/help` and the first message in a server the bot joins: short, in the order things are
done, with the league's guides where it has published them (DOCS_URL)."""

from __future__ import annotations

import discord

from bot.discord_ui.presenter.limits import fit_embed, safe_name

HELP_COLOUR = discord.Colour.dark_green()

PLAYER_GUIDE = (
    "**Play**\n"
    "1. `/tournament join` in the tournament's channel before it starts "
    "(`/tournament leave` to drop out).\n"
    "2. Your two cards come by DM at each deal; **My cards** under the table shows them to "
    "you alone (`/cards dm:False` stops the DMs).\n"
    "3. On your turn, the buttons under the table: Fold, Check or Call, Bet or Raise (any "
    "amount, or ½ pot, Pot…), All-in; **Time** spends your time bank. Or type `/fold`, "
    "`/check`, `/call`, `/bet`, `/raise`, `/allin`.\n"
    "4. Someone taking too long: `/clock`. Stepping away: `/away`, then `/back`.\n"
    "5. A rule in doubt: `/rule` (e.g. `/rule topic:string-bet`, or a question) posts it for "
    "the table.\n"
    "After the night: `/history` (a hand you played), `/standings`, `/stats`."
)

DIRECTOR_GUIDE = (
    "**Run a night** (directors)\n"
    "1. Once: `/td role` (your director role), `/league create`, `/season start`, "
    "`/td profile` (your rulebook).\n"
    "2. `/tournament create`: `mode:online` (the bot deals) or `mode:live` (real cards; the "
    "bot is the clock, the seat draw and the bust desk); `structure:` and `payouts:` from a "
    "preset or your own (`/td structure`, `/td payouts`).\n"
    "3. Players `/tournament join`; live guests `/td add`. Then `/tournament start`: the seat "
    "draw.\n"
    "4. `/td screen`: the clock for the room's TV.\n"
    "5. As it runs: `/bust` (live), `/td rebuy`, `/td addon`, `/td time`, `/td level`, "
    "`/td break`, `/td pause`; a wrong bust: `/td undo`.\n"
    "6. The final table: `/td deal` for a deal; results and points follow by themselves.\n"
    "7. After: `/standings`, `/settle`, `/appeals list`."
)


# The bot's name in the welcome when Discord has not told it yet (a first start).
UNNAMED_BOT = "The bot"


def docs_links(docs_url: str | None, *, director: bool) -> str | None:
    """The league's guides, where DOCS_URL says its docs/ folder is published."""
    if not docs_url:
        return None
    base = docs_url.rstrip("/")
    pages = [("players' guide", "players.md"), ("rules", "rules.md")]
    if director:
        pages[:0] = [("director's guide", "league-night.md")]
        pages.append(("every command", "commands.md"))
    return "Read on: " + " · ".join(f"[{name}]({base}/{page})" for name, page in pages)


def help_embed(docs_url: str | None, *, director: bool) -> discord.Embed:
    """`/help`, only to the member who asked: the player's guide, and for a director the
    night's commands in order."""
    parts = [PLAYER_GUIDE] + ([DIRECTOR_GUIDE] if director else [])
    links = docs_links(docs_url, director=director)
    if links:
        parts.append(links)
    embed = discord.Embed(title="Hold'em league: how it works", description="\n\n".join(parts),
                          colour=HELP_COLOUR)
    return fit_embed(embed)


def welcome_text(bot_name: str, docs_url: str | None) -> str:
    """The one message a server gets when the bot joins it: the first steps, in order."""
    name = safe_name(bot_name)
    text = (
        f"👋 **{name}** runs your league's Hold'em tournaments, online in a channel or as the "
        "director's desk and clock at a real table. First steps:\n"
        "1. **The director role**: someone with Manage Server runs `/td role` with the role "
        "your directors have, then shows `/td`, `/league`, `/season` and `/appeals` to that "
        f"role (Server Settings → Integrations → {name}).\n"
        "2. **A first tournament**: in the channel you play in, `/tournament create` (add "
        "`mode:live` for a night at a real table); players `/tournament join`, then "
        "`/tournament start`.\n"
        "3. **The screen**: `/td screen` gives a director a link to the tournament's clock for "
        "the room's TV.\n"
        "`/help` shows everyone what to do next."
    )
    links = docs_links(docs_url, director=True)
    return text + (f"\n{links}" if links else "")
