"""The table as players see it (issue 11): one quiet message per hand, card emojis (with the text
fallback and the four-colour setting), the chance to win on an all-in with cards to come, the
idle ping (kept, edited once he acts), requests per action, and the command tree's conventions."""

from __future__ import annotations

import re
from collections.abc import Sequence

import discord
import pytest
import pytest_asyncio
from discord import app_commands
from simcord import Env

from bot.discord_ui.announcer import table_edits
from bot.discord_ui.card_faces import Palette
from bot.discord_ui.client import LeagueBot, create_bot
from bot.discord_ui.presenter.hands import shows_chances
from bot.engine import equity
from bot.engine.cards import pretty_cards
from bot.engine.chances import table_counts
from bot.engine.events import Event
from bot.service import Session

from .conftest import GUILD_ID, Harness
from .test_tournament_flow import (
    confirm_all_in,
    create_and_join,
    reply,
    table_message,
    to_act,
)

# Between hands until a test advances the clock (SimCord settles 5 virtual seconds per verb).
BETWEEN_HANDS = 30.0


@pytest.fixture
def simcord_bot(tmp_path) -> LeagueBot:
    return create_bot(tmp_path / "db.sqlite3", dev_guild_id=GUILD_ID, hand_delay=BETWEEN_HANDS)


def member(h: Harness, player: str):
    return next(m for m in [*h.players, h.director] if str(m.id) == player)


async def click(h: Harness, session: Session, prefix: str) -> object:
    """The player to act clicks the table's button (the All-in: and confirms it)."""
    table, hand, seat = to_act(session)
    msg = table_message(h, session, table)
    cid = next(c.custom_id for row in msg.components for c in row.children
               if c.custom_id.startswith(prefix))
    actor = member(h, hand.players[seat].player)
    result = await actor.click(msg, custom_id=cid)
    return await confirm_all_in(actor, result) if prefix == "hp:a:" else result


async def dealt(h: Harness, players: int = 3, **options: object) -> Session:
    session = await create_and_join(h, h.players[:players], **options)
    await h.director.slash(h.channel, "tournament start")
    await h.advance(BETWEEN_HANDS)
    assert to_act(session) is not None
    return session


async def test_a_quiet_hand_is_one_message_with_its_proof(harness: Harness) -> None:
    h = harness
    session = await dealt(h)
    table, hand, _ = to_act(session)
    msg = table_message(h, session, table)
    before = [m.id for m in h.channel.history()]
    assert before[-1] == msg.id  # the table message is the newest post of the deal
    assert not msg.content and not msg.mentions  # nobody pinged by the table itself
    assert msg.embeds[0].footer.text.startswith(f"Deck fingerprint {hand.commitment[:16]}")
    while not hand.is_over:
        r = await click(h, session, "hp:f:")
        assert r.response.id == msg.id  # each click answered by editing the table message
    after = [m.id for m in h.channel.history()]
    extra = [m.content for m in h.channel.history() if m.id not in before]
    assert after == before, extra  # nothing else was posted during the hand: no rulings
    final = table_message(h, session, table)
    text = final.embeds[0].description
    assert text.count("Hand over.") == 1
    assert "rule" not in text  # routine events in words, no rule ids
    assert "uncalled" in text and " wins the pot" in text
    assert [a.filename for a in final.attachments] == [f"deck-proof-{hand.hand_id}.json"]


async def test_a_click_is_answered_without_asking_for_the_message_back(harness: Harness) -> None:
    """The table click's answer edits the table and asks Discord for nothing back (no
    `with_response`: the edited message, every button, would come back and be parsed)."""
    h = harness
    session = await dealt(h)
    table, hand, seat = to_act(session)
    msg = table_message(h, session, table)
    start = len(h.env.http_requests)
    r = await click(h, session, "hp:f:")
    assert r.response.id == msg.id
    callbacks = [q for q in h.env.http_requests[start:] if q.path.endswith("/callback")]
    assert len(callbacks) == 1 and callbacks[0].json["type"] == 7
    assert "with_response" not in callbacks[0].params
    assert f"{session.names[hand.players[seat].player]} folds" in \
        table_message(h, session, table).embeds[0].description


async def test_a_click_whose_answer_discord_refuses_still_shows_on_the_table(
        harness: Harness) -> None:
    """Discord refuses the click's answer once: the action stands (it was committed), the table
    message is edited the usual way, and the player is told privately that it shows."""
    h = harness
    session = await dealt(h)
    table, hand, seat = to_act(session)
    events = len(hand.events)
    h.env.inject_error("POST", "/interactions/*/*/callback", status=400, code=50035,
                       message="Invalid Form Body", times=1)
    r = await click(h, session, "hp:f:")
    await h.advance(1)
    assert len(hand.events) > events and hand.players[seat].folded
    assert "folds" in table_message(h, session, table).embeds[0].description
    assert "the table shows your action" in reply(r)


async def test_cards_are_emojis_and_four_colours_is_a_server_setting(harness: Harness) -> None:
    h = harness
    session = await dealt(h)
    _, hand, seat = to_act(session)
    dm = h.dms(member(h, hand.players[seat].player))[-1].content
    first, second = hand.hole_cards(seat)
    assert re.search(rf"<:c4_{first}:\d+><:c4_{second}:\d+>", dm), dm  # four colours
    assert f"`{first} {second}`" in dm  # and the codes, readable anywhere
    r = await h.director.slash(h.channel, "td settings", four_colour=False)
    assert "two colours" in reply(r)
    while to_act(session) is not None and to_act(session)[1] is hand:
        await click(h, session, "hp:f:")
    await h.advance(BETWEEN_HANDS)
    _, hand2, seat2 = to_act(session)
    assert hand2 is not hand
    dm = h.dms(member(h, hand2.players[seat2].player))[-1].content
    assert f"<:c2_{hand2.hole_cards(seat2)[0]}:" in dm


class TestEmojisRefused:
    """Discord refuses the emoji upload: the bot shows cards as text and plays on."""

    @pytest_asyncio.fixture
    async def simcord_env(self, simcord_bot: LeagueBot):
        env = Env(simcord_bot)
        env.create_guild("Home League", id=GUILD_ID)
        env.inject_error("POST", "/applications/*/emojis", status=500)
        await env.start()
        try:
            yield env
        finally:
            await env.shutdown()
            simcord_bot.tournaments.close()
            await simcord_bot.store.close()
            env.errors  # noqa: B018  (the refused upload was expected)

    async def test_cards_fall_back_to_text(self, harness: Harness) -> None:
        h = harness
        assert not h.bot.card_art.faces(Palette.FOUR).has_emojis
        session = await dealt(h)
        _, hand, seat = to_act(session)
        dm = h.dms(member(h, hand.players[seat].player))[-1].content
        assert pretty_cards(hand.hole_cards(seat)) in dm and "<:" not in dm


async def test_all_in_with_cards_to_come_shows_each_players_chance(harness: Harness) -> None:
    h = harness
    session = await dealt(h, players=2)
    table, hand, _ = to_act(session)
    await click(h, session, "hp:a:")  # all-in
    await click(h, session, "hp:c:")  # called: face up, the board is run out
    assert hand.is_over
    text = table_message(h, session, table).embeds[0].description
    street = re.search(r"^Preflop: (\w+) [≈ ]*(\d+|<1|>99)% · (\w+) [≈ ]*(\d+|<1|>99)%$",
                       text, re.MULTILINE)
    assert street is not None, text
    assert {street[1], street[3]} == {"alice", "bob"}
    assert re.search(r"^(Flop|Turn) .*%", text, re.MULTILINE)  # updated at each street
    for p in hand.players.values():
        if p.shown:
            assert h.bot.card_art.for_server(True).cards(p.shown) in text


async def test_chances_counted_before_the_click_is_done_are_still_shown(
        harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    """The chances of a called all-in may come back from the worker while the click's outcome
    is still being presented (the bust and the night's end are posted after the answer). The
    presenting leaves out only its own edit of the table, which the answer made; an edit
    another task asks for meanwhile, as the chances' here, still follows. (Before, the
    presenting ended by dropping every edit asked for the answered table, and once two hands'
    counts took ~1 ms the table was left without its chances.)"""
    h = harness
    monkeypatch.setattr(equity, "_counts", type(equity._counts)())  # nothing kept before

    async def at_once(events: Sequence[Event]) -> None:
        equity.remember(table_counts(events))  # counted before the posts, no await between

    monkeypatch.setattr(table_edits, "count_ahead", at_once)
    session = await dealt(h, players=2)
    table, hand, _ = to_act(session)
    await click(h, session, "hp:a:")
    await click(h, session, "hp:c:")  # called: face up; one player is out, the night is over
    assert hand.is_over and shows_chances(hand)
    text = table_message(h, session, table).embeds[0].description
    assert re.search(r"^Preflop: \w+ [≈ ]*(\d+|<1|>99)% · \w+ [≈ ]*(\d+|<1|>99)%$", text,
                     re.MULTILINE), text


async def test_the_idle_player_is_pinged_once_and_the_ping_stays_when_he_acts(
        harness: Harness) -> None:
    h = harness
    session = await dealt(h)
    table, hand, seat = to_act(session)
    slow = member(h, hand.players[seat].player)
    pings = [m for m in h.channel.history() if m.mentions]
    assert pings == []  # nobody pinged yet
    await h.advance(11)
    pings = [m for m in h.channel.history() if m.mentions]
    assert len(pings) == 1
    assert [u.id for u in pings[0].mentions] == [slow.id]  # only him
    assert pings[0].content == f"<@{slow.id}>, your turn at table {table}."
    await click(h, session, "hp:c:")
    # Never deleted (a ghost notification): it says he acted (test_pings_stay.py).
    kept = [m for m in h.channel.history() if m.id == pings[0].id]
    assert len(kept) == 1 and kept[0].content.startswith(f"{slow.name} acted at table {table}")
    # The next player acts at once: no ping, no request beyond his click.
    start = len(h.env.http_requests)
    await click(h, session, "hp:c:")
    assert len(h.env.http_requests) - start == 1
    assert not any(m.mentions for m in h.channel.history() if m.id != pings[0].id)


async def test_six_handed_hand_by_buttons_costs_at_most_1_6_requests_per_action(
        harness: Harness) -> None:
    h = harness
    extra = [h.add_member(f"p{i}") for i in range(2)]
    session = await create_and_join(h, [*h.players, *extra], seats=6, structure="deep")
    by_id = {str(m.id): m for m in [*h.players, *extra]}
    await h.director.slash(h.channel, "tournament start")
    start = len(h.env.http_requests)
    await h.advance(BETWEEN_HANDS)
    table, hand, _ = to_act(session)
    actions = 0
    while not hand.is_over:
        _, _, seat = to_act(session)
        msg = table_message(h, session, table)
        cid = next(c.custom_id for row in msg.components for c in row.children
                   if c.custom_id.startswith("hp:c:"))
        await by_id[hand.players[seat].player].click(msg, custom_id=cid)
        actions += 1
    requests = len(h.env.http_requests) - start
    assert actions >= 12
    assert requests / actions <= 1.6, (requests, actions)


async def test_command_tree_conventions(harness: Harness) -> None:
    h = harness
    synced = {c.name: c for c in await h.bot.tree.fetch_commands(
        guild=discord.Object(GUILD_ID))}
    manage = discord.Permissions(manage_guild=True)
    for name in ("td", "league", "season"):
        assert synced[name].default_member_permissions == manage, name
    for name in ("fold", "check", "call", "bet", "raise", "allin", "cards", "history", "away",
                 "show", "clock", "tournament"):
        command = h.bot.tree.get_command(name)
        assert command is not None and command.guild_only, name
    for command in h.bot.tree.walk_commands():
        assert command.description and command.description[0].isupper(), command.qualified_name
        if isinstance(command, app_commands.Command):
            for param in command.parameters:
                assert param.description and param.description != "…", (
                    command.qualified_name, param.name)


async def test_history_is_readable_text_by_default_with_names(harness: Harness) -> None:
    h = harness
    session = await dealt(h)
    _, hand, _ = to_act(session)
    while not hand.is_over:
        await click(h, session, "hp:f:")
    number = hand.hand_id.rsplit("-h", 1)[1]
    r = await h.alice.slash(h.channel, "history", hand=number)
    text = reply(r)
    assert r.ephemeral and "PokerStars Hand #" in text and ": alice (" in text
    assert str(h.alice.id) not in text
    r = await h.alice.slash(h.channel, "history", hand=hand.hand_id, format="phh")
    phh = reply(r)
    assert "players = [" in phh and '"alice"' in phh and str(h.alice.id) not in phh
    choices = await h.alice.autocomplete(h.channel, "history", "hand", "")
    assert hand.hand_id in [c["value"] for c in choices]


async def test_status_shows_the_clock_and_works_from_another_channel(harness: Harness) -> None:
    h = harness
    session = await dealt(h)
    r = await h.alice.slash(h.channel, "tournament status")
    embed = r.response.embeds[0]
    assert r.ephemeral and "Level 1 · 25/50 · ends <t:" in embed.description
    assert "3 left · avg 5,000" in embed.description
    elsewhere = h.guild.create_text_channel("lobby")
    r = await h.director.slash(elsewhere, "tournament status", tournament="Tuesday")
    assert r.response.embeds[0].title.startswith("Tuesday (#")
    r = await h.alice.slash(elsewhere, "tournament status", tournament="Tuesday")
    assert "director" in reply(r)
    h.env.errors  # noqa: B018  (the refusal above)
    await h.director.slash(elsewhere, "tournament cancel", tournament=str(session.store_id),
                           reason="moved to Thursday")
    assert elsewhere.last_message.content == ("**Tuesday** is cancelled by the director: moved "
                                              "to Thursday")
    assert session.store_id not in h.bot.tournaments.sessions
