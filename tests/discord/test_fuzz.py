"""Every slash command and the raise modal driven with hostile values: huge,
negative, float, exponent, unicode digits, blank, the longest text Discord lets through,
markdown and mentions. Each answer is a private, specific refusal or a correct result; never the
generic "something went wrong"; nothing pings; and a refusal changes nothing."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import discord
import pytest
from discord import app_commands
from simcord import OptionError, SetupError
from simcord.results import to_discord_message

from bot.discord_ui.client import LeagueBot, create_bot

from .conftest import GUILD_ID, Harness
from .test_tournament_flow import create_and_join, table_message, to_act

GENERIC = "something went wrong"
HOSTILE_TEXT = ["1.e400", "99999999999999999999", "²", "-5", "12.5", "1e3", "   ",
                "@everyone <@123456789012345678> <@&1> **bold** `code` ||x||", "nan", "0x10",
                "0"]
# Commands that end or reshape the game when a hostile value happens to be valid; they are
# driven last, and the set-up is made again after each if it ended the tournament.
LAST = ("tournament cancel", "td disqualify", "td void", "td pause", "td profile",
        "td settings", "td role")
# Success receipts: a write that worked, so the state may change.
DONE = ("You ", "Done", "Shown", "Asked", "Your hand", "Welcome", "Clock called", "Paused",
        "Resumed", "Ruling posted", "Penalty given", "Stack adjusted", "Disqualified",
        "Hand at table", "Directors are now", "Saved", "This server", "Agreed", "Everyone",
        "Appeal ")


@pytest.fixture
def simcord_bot(tmp_path) -> LeagueBot:
    # Hundreds of commands pass minutes of virtual time: players time out and go away, and
    # hands a minute apart keep the table from playing itself out meanwhile. No idle pings: a
    # ping due a few seconds after a command falls inside SimCord's settle window, which then
    # waits for it on the wall clock (a flaky margin on a loaded machine; conftest reports any
    # settle that comes near its limit).
    return create_bot(tmp_path / "db.sqlite3", dev_guild_id=GUILD_ID, hand_delay=60.0,
                      idle_ping_seconds=0)


def leaves(tree: app_commands.CommandTree) -> list[app_commands.Command[Any, Any, Any]]:
    return sorted((c for c in tree.walk_commands() if isinstance(c, app_commands.Command)),
                  key=lambda c: (c.qualified_name in LAST, c.qualified_name))


def text_values(param: app_commands.Parameter) -> list[str]:
    longest = param.max_value if isinstance(param.max_value, int) else 6000
    values = [v for v in HOSTILE_TEXT if len(v) >= (param.min_value or 1)]
    values.append("W" * int(longest))
    values.append("x" * (int(longest) + 1))  # one more than allowed: Discord refuses it
    return values


def option_sets(h: Harness, command: app_commands.Command[Any, Any, Any]) -> list[dict]:
    """Option sets: every text option hostile at once (one value at a time), the rest valid."""
    base: dict[str, Any] = {}
    texts: list[str] = []
    for p in command.parameters:
        t = p.type
        if p.choices:
            base[p.name] = p.choices[0].value
        elif t is discord.AppCommandOptionType.string:
            texts.append(p.name)
        elif t in (discord.AppCommandOptionType.integer, discord.AppCommandOptionType.number):
            base[p.name] = p.max_value if p.max_value is not None else 10**15
        elif t is discord.AppCommandOptionType.boolean:
            base[p.name] = True
        elif t in (discord.AppCommandOptionType.user, discord.AppCommandOptionType.mentionable):
            base[p.name] = h.dana
        elif t is discord.AppCommandOptionType.role:
            base[p.name] = h.director_role
        elif p.required:
            return []  # a kind of option not driven here
    sets = []
    params = {p.name: p for p in command.parameters}
    if not texts:
        sets.append(base)
        for p in command.parameters:
            if p.type in (discord.AppCommandOptionType.integer,
                          discord.AppCommandOptionType.number) and p.min_value is not None:
                sets.append({**base, p.name: p.min_value})
    for i in range(len(HOSTILE_TEXT) + 2):
        options = dict(base)
        for name in texts:
            values = text_values(params[name])
            options[name] = values[min(i, len(values) - 1)]
        sets.append(options)
    return sets


async def snapshot(h: Harness) -> tuple[Any, ...]:
    store = h.bot.store
    sessions = {tid: (len(s.tournament.events), s.tournament.status, s.tournament.paused)
                for tid, s in h.bot.tournaments.sessions.items()}
    settings = dataclasses.replace(await store.guild_settings(h.guild.id), updated_at=None)
    leagues = await store.leagues(h.guild.id)
    appeals = len(await store.appeals(h.guild.id, "open"))
    return sessions, settings, [lg.name for lg in leagues], appeals


async def set_up(h: Harness) -> None:
    if not h.bot.tournaments.unfinished_in(h.guild.id):
        session = await create_and_join(h, [h.alice, h.bob, h.carol])
        await h.director.slash(h.channel, "tournament start")
        await h.advance(60)
        assert session.tournament.status == "running"


def newest_post(h: Harness) -> int:
    return max(h.env.backend.messages.get(h.channel.id, {}), default=0)


def posted_after(h: Harness, newest: int) -> list[discord.Message]:
    """The channel's messages after `newest`, as everyone sees them: what `history()` gives
    without rebuilding the hundreds of messages before them at every one of 1,000 commands."""
    stored = h.env.backend.messages.get(h.channel.id, {})
    return [to_discord_message(h.env, m) for i, m in sorted(stored.items())
            if i > newest and m.visible_to(None)]


def answer_text(result: Any) -> str:
    """What the member reads: each message's text, and its embeds' (a paged list is one)."""
    messages = ([result.response] if result.response is not None else []) + result.followups
    parts = []
    for m in messages:
        parts.append(m.content)
        parts += [f"{e.title or ''}\n{e.description or ''}" for e in m.embeds]
    return "\n".join(p.strip() for p in parts if p.strip())


async def test_every_command_refuses_hostile_values_privately_and_changes_nothing(
        harness: Harness) -> None:
    h = harness
    # Fixed decks: a hostile value that happens to be valid acts on the same table every run.
    rng = random.Random(2026)
    h.bot.tournaments.seeds = lambda: f"{rng.getrandbits(128):032x}"
    await h.director.slash(h.channel, "season start", name="Fuzz")
    await set_up(h)
    driven = 0
    for command in leaves(h.bot.tree):
        for options in option_sets(h, command):
            for who in (h.alice, h.director):
                await set_up(h)
                before = await snapshot(h)
                newest = newest_post(h)
                try:
                    result = await who.slash(h.channel, command.qualified_name, **options)
                except OptionError:
                    continue  # Discord itself refuses it before the bot sees it
                except SetupError:
                    assert who is h.alice  # an admin command hidden from members
                    continue
                driven += 1
                h.env.errors  # noqa: B018  (refusals raise inside the bot by design)
                text = answer_text(result)
                where = (command.qualified_name, options, who.name, text[:300])
                assert GENERIC not in text.lower(), where
                posted = posted_after(h, newest)
                assert not any(m.mention_everyone or m.role_mentions for m in posted), where
                refused = result.ephemeral and not text.startswith(DONE) and posted == []
                if refused:
                    assert text and not text[0].islower(), where  # a sentence, not a trace
                    assert await snapshot(h) == before, where
    assert driven > 200


async def test_the_raise_modal_refuses_hostile_amounts(harness: Harness) -> None:
    h = harness
    session = await create_and_join(h, [h.alice, h.bob])
    await h.director.slash(h.channel, "tournament start")
    await h.advance(60)
    table, hand, seat = to_act(session)
    actor = next(m for m in (h.alice, h.bob) if str(m.id) == hand.players[seat].player)
    for value in [*HOSTILE_TEXT, "x" * 20, "-0", "1,2,3", "½ pot", "1.5", "1.2345k"]:
        before = len(hand.events)
        msg = table_message(h, session, table)
        cid = next(c.custom_id for row in msg.components for c in row.children
                   if c.custom_id.startswith("hp:r:"))
        shown = await actor.click(msg, custom_id=cid)
        try:
            result = await actor.submit_modal(shown, {"amount": value})
        except SetupError:
            continue  # longer than the input allows: Discord refuses it before the bot
        text = answer_text(result)
        assert GENERIC not in text.lower(), (value, text)
        if len(hand.events) == before:
            assert result.ephemeral and not text[:1].islower(), (value, text)
        else:  # a value that reads as an amount: acted, answered by the table itself
            assert not result.ephemeral, (value, text)
            break
    # A number beyond every stack asks to confirm the all-in instead of acting.
    _, hand, seat = to_act(session)
    actor = next(m for m in (h.alice, h.bob) if str(m.id) == hand.players[seat].player)
    msg = table_message(h, session, table)
    cid = next(c.custom_id for row in msg.components for c in row.children
               if c.custom_id.startswith("hp:r:"))
    before = len(hand.events)
    shown = await actor.click(msg, custom_id=cid)
    result = await actor.submit_modal(shown, {"amount": "99999999999999"})
    total = hand.legal().max_raise_to
    assert result.ephemeral and answer_text(result) == f"That is all-in for {total:,}. Confirm?"
    assert len(hand.events) == before
    confirm = result.followups[-1] if result.followups else result.response
    button = confirm.components[0]["components"][0]
    assert button["label"] == f"All-in {total:,}"
    done = await actor.click(confirm.message, custom_id=button["custom_id"])
    assert answer_text(done).startswith("You ") and "all-in" in answer_text(done)
